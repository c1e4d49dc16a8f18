//! `listing.publish` (bulkListingProduct, bulkPublishProducts, createProductWithTemplate):
//! creates or updates one product on one shop, as draft or live, and records the shop product,
//! its live status and the marketplace's messages.
//!
//! This file is the TikTok Shop path and the dispatch by the shop's channel: Amazon shops in
//! [`amazon`], Walmart shops in [`walmart`] (both submit asynchronously and leave the outcome
//! to `listing.follow`).
//!
//! Errors: a product or shop removed fails; what the marketplace refuses (the product, an
//! image) is kept on the shop product and fails with the marketplace's words; TikTok's daily
//! creation cap reschedules the job (and the shop's other creations) to the next UTC day
//! without spending an attempt; other marketplace errors split as `From<TiktokError>` says.
use std::time::Duration;

use chrono::{DateTime, Days, Utc};
use connectors::tiktok::{
    AttributeValueInput, ImageUri, Inventory, Money, PackageDimensions, PackageWeight,
    ProductAttributeInput, ProductInput, SalesAttributeInput, SkuInput, TiktokError,
};
use domain::event_histories::{self, EventHistory};
use domain::shop_products::{self, ListingState, PublishedSku};
use domain::{Scope, products, shops};
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of, permanent_if_gone};
use crate::JobError;
use crate::context::JobContext;
use crate::tiktok::{ShopSession, open_shop};

pub(super) mod amazon;
mod shared;
pub(super) mod walmart;

/// Publish `version` of a product on a shop.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ListingPublish {
    pub shop_id: String,
    pub product_id: String,
    pub version: i64,
    pub mode: shop_products::ListingMode,
    /// What the batch summary shows for it.
    #[serde(default)]
    pub label: String,
}

/// The key that makes a publish safe to repeat, here and on the marketplace.
pub fn listing_key(shop_id: &str, product_id: &str, version: i64) -> String {
    format!("listing:{shop_id}:{product_id}:{version}")
}

impl JobKind for ListingPublish {
    const NAME: &'static str = "listing.publish";

    /// One job per product version and shop.
    fn dedupe_key(&self) -> Option<String> {
        Some(listing_key(&self.shop_id, &self.product_id, self.version))
    }

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        publish(self, ctx, job).await
    }
}

/// The next UTC midnight: when TikTok's daily creation counter starts again.
fn next_utc_day(now: DateTime<Utc>) -> Duration {
    let tomorrow = now
        .date_naive()
        .checked_add_days(Days::new(1))
        .and_then(|d| d.and_hms_opt(0, 0, 5))
        .map(|d| d.and_utc());
    tomorrow
        .and_then(|t| (t - now).to_std().ok())
        .unwrap_or(Duration::from_secs(3600))
}

fn cap_key(shop_id: &str, now: DateTime<Utc>) -> String {
    format!("daily-cap:{shop_id}:{}", now.format("%Y-%m-%d"))
}

async fn publish(p: ListingPublish, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
    let client_id = client_of(job)?;
    let scope = Scope::for_client(&client_id);
    let mut conn = ctx.db.conn().await?;
    let Some(state) =
        shop_products::listing_state(&mut conn, &client_id, &p.shop_id, &p.product_id).await?
    else {
        return Err(JobError::Permanent(
            "the product or the shop no longer exists".into(),
        ));
    };
    // A newer request publishes the product as it is now; this one has nothing left to do.
    if state.listing_version > p.version {
        return Ok(());
    }
    match state.sale_channel {
        shops::SaleChannel::Tiktok => {}
        shops::SaleChannel::Amazon => {
            drop(conn);
            return amazon::publish(&p, ctx, &client_id, state).await;
        }
        shops::SaleChannel::Walmart => {
            drop(conn);
            return walmart::publish(&p, ctx, &client_id, state).await;
        }
    }
    // A product the review rejected is submitted again when its job is retried (the seller may
    // have fixed the cause on the marketplace, or the review may decide otherwise); anything
    // else the marketplace already took is not.
    let rejected = state.marketplace_status.as_deref()
        == Some(shop_products::TiktokProductStatus::Failed.as_str());
    if state.published_version.is_some_and(|v| v >= p.version) && !rejected {
        // Delivered again after the marketplace took it: only the audit may be left to watch.
        if let (Some(external), "PENDING") =
            (&state.external_product_id, state.live_status.as_str())
        {
            drop(conn);
            let session = open_shop(
                &ctx.db,
                ctx.tiktok.as_ref(),
                &ctx.secrets,
                &client_id,
                &p.shop_id,
            )
            .await?;
            return follow_audit(ctx, &session, &p.shop_id, external).await;
        }
        return Ok(());
    }
    let creating = state.external_product_id.is_none();
    if creating
        && event_histories::effect_exists(&mut conn, &cap_key(&p.shop_id, ctx.clock.now())).await?
    {
        return Err(JobError::RateLimited {
            after: next_utc_day(ctx.clock.now()),
            message: "the shop reached TikTok's daily product-creation cap; the rest runs tomorrow"
                .into(),
        });
    }
    let product = products::get(&mut conn, &scope, &p.product_id)
        .await
        .map_err(permanent_if_gone)?;
    let images = products::images(&mut conn, &scope, &p.product_id).await?;
    let variants = products::variants(&mut conn, &scope, &p.product_id).await?;
    let attributes = products::listing_attributes(&mut conn, &scope, &p.product_id).await?;
    let known_skus = shop_products::skus(&mut conn, &state.id).await?;
    let warehouse = shops::default_sales_warehouse(&mut conn, &client_id, &p.shop_id).await?;
    drop(conn);

    let session = open_shop(
        &ctx.db,
        ctx.tiktok.as_ref(),
        &ctx.secrets,
        &client_id,
        &p.shop_id,
    )
    .await?;
    let warehouse = match warehouse {
        Some(w) => w,
        None => session
            .client
            .warehouses(&session.auth)
            .await?
            .into_iter()
            .filter(|w| w.kind == "SALES_WAREHOUSE" && w.effect_status != "DISABLED")
            .max_by_key(|w| w.is_default)
            .map(|w| w.id)
            .ok_or_else(|| {
                JobError::Permanent(
                    "the shop has no sales warehouse on TikTok Shop to stock the product".into(),
                )
            })?,
    };

    // The product's mockups lead (rendered now when missing or outdated), its other images
    // follow; its print files stay for fulfilment. Without blanks, its images as they are.
    let image_urls = match crate::mockups::ensure_current(ctx, &client_id, &p.product_id).await {
        Ok(current) => current.listing_images(images.into_iter().map(|i| i.url).collect()),
        Err(JobError::Permanent(message)) => {
            return reject(ctx, &state, p.version, message).await;
        }
        Err(e) => return Err(e),
    };
    let mut main_images = Vec::new();
    for url in image_urls.iter().take(9) {
        match upload_image(ctx, &session, &client_id, url, "MAIN_IMAGE").await {
            Ok(uri) => main_images.push(ImageUri { uri }),
            Err(JobError::Permanent(message)) => {
                return reject(ctx, &state, p.version, message).await;
            }
            Err(e) => return Err(e),
        }
    }
    if variants.is_empty() {
        return reject(
            ctx,
            &state,
            p.version,
            "the product has no variants to sell".into(),
        )
        .await;
    }
    let category_id = product.category_id.clone().filter(|c| !c.is_empty());
    let Some(category_id) = category_id else {
        return reject(
            ctx,
            &state,
            p.version,
            "the product has no TikTok category: apply a template with one".into(),
        )
        .await;
    };
    let skus: Vec<SkuInput> = variants
        .iter()
        .map(|v| SkuInput {
            id: known_skus
                .iter()
                .find(|k| k.variant_id.as_deref() == Some(v.id.as_str()))
                .map(|k| k.external_sku_id.clone()),
            seller_sku: v.sku.clone(),
            price: Some(Money {
                amount: format!("{:.2}", v.sale_price_cents as f64 / 100.0),
                currency: "USD".into(),
            }),
            list_price: (v.list_price_cents > v.sale_price_cents).then(|| Money {
                amount: format!("{:.2}", v.list_price_cents as f64 / 100.0),
                currency: "USD".into(),
            }),
            inventory: Some(vec![Inventory {
                warehouse_id: warehouse.clone(),
                quantity: v.quantity,
            }]),
            sales_attributes: Some(
                v.attributes
                    .iter()
                    .map(|a| SalesAttributeInput {
                        name: Some(a.attribute_name.clone()),
                        value_name: Some(a.value.clone()),
                        ..Default::default()
                    })
                    .collect(),
            ),
            ..Default::default()
        })
        .collect();
    let product_attributes: Vec<ProductAttributeInput> = attributes
        .iter()
        .map(|a| ProductAttributeInput {
            id: a.attribute_id.clone(),
            values: if a.value_ids.is_empty() {
                a.values
                    .iter()
                    .map(|v| AttributeValueInput {
                        id: None,
                        name: Some(v.clone()),
                    })
                    .collect()
            } else {
                a.value_ids
                    .iter()
                    .map(|v| AttributeValueInput {
                        id: Some(v.clone()),
                        name: None,
                    })
                    .collect()
            },
        })
        .collect();
    let description = product
        .description
        .clone()
        .filter(|d| !d.trim().is_empty())
        .unwrap_or_else(|| format!("<p>{}</p>", product.name));
    let input = ProductInput {
        title: Some(product.name.clone()),
        description: Some(description),
        category_id: Some(category_id),
        // The tree the category ids come from (US shops list against v2).
        category_version: Some(domain::marketplace::TIKTOK_CATEGORY_VERSION.into()),
        brand_id: product_brand(ctx, &scope, &p.product_id).await?,
        save_mode: Some(p.mode.as_str().to_owned()),
        idempotency_key: creating.then(|| listing_key(&p.shop_id, &p.product_id, p.version)),
        main_images: Some(main_images),
        skus: Some(skus),
        product_attributes: Some(product_attributes),
        package_weight: product.package_weight.map(|w| PackageWeight {
            value: format!("{}", w.value),
            unit: w.unit.as_str().into(),
        }),
        package_dimensions: product.package_dimensions.map(|d| PackageDimensions {
            length: format!("{}", d.length),
            width: format!("{}", d.width),
            height: format!("{}", d.height),
            unit: d.unit.as_str().into(),
        }),
        ..Default::default()
    };
    let written = match &state.external_product_id {
        None => session.client.create_product(&session.auth, &input).await,
        Some(id) => session.client.edit_product(&session.auth, id, &input).await,
    };
    let written = match written {
        Ok(w) => w,
        Err(TiktokError::Rejected { message, .. }) => {
            return reject(ctx, &state, p.version, message).await;
        }
        Err(e @ TiktokError::DailyCapReached { .. }) => {
            let mut conn = ctx.db.conn().await?;
            event_histories::record_effect(
                &mut conn,
                &cap_key(&p.shop_id, ctx.clock.now()),
                &job.id,
                None,
            )
            .await?;
            return Err(JobError::RateLimited {
                after: next_utc_day(ctx.clock.now()),
                message: e.to_string(),
            });
        }
        Err(e) => return Err(e.into()),
    };
    let published: Vec<PublishedSku> = written
        .skus
        .iter()
        .enumerate()
        .map(|(i, s)| PublishedSku {
            variant_id: variants
                .iter()
                .find(|v| {
                    v.sku.as_deref() == Some(s.seller_sku.as_str()) && !s.seller_sku.is_empty()
                })
                .or(variants.get(i))
                .map(|v| v.id.clone()),
            external_sku_id: s.id.clone(),
            seller_sku: Some(s.seller_sku.clone()).filter(|s| !s.is_empty()),
        })
        .collect();
    let status = match p.mode {
        shop_products::ListingMode::AsDraft => shop_products::TiktokProductStatus::Draft,
        shop_products::ListingMode::Listing => shop_products::TiktokProductStatus::Pending,
    }
    .as_str();
    let warnings: Vec<String> = written.warnings.iter().map(|w| w.message.clone()).collect();
    let mut conn = ctx.db.conn().await?;
    shop_products::record_published(
        &mut conn,
        &state,
        &shop_products::Published {
            version: p.version,
            external_product_id: &written.product_id,
            marketplace_status: status,
            messages: &warnings,
            skus: &published,
            category_name: product.category_name.as_deref(),
            submission_id: None,
        },
    )
    .await?;
    products::mark_published(&mut conn, &scope, &p.product_id).await?;
    drop(conn);
    if status == "PENDING" {
        return follow_audit(ctx, &session, &p.shop_id, &written.product_id).await;
    }
    Ok(())
}

/// The marketplace brand of a product, when it has one.
async fn product_brand(
    ctx: &JobContext,
    scope: &Scope,
    product_id: &str,
) -> Result<Option<String>, JobError> {
    let mut conn = ctx.db.conn().await?;
    Ok(products::tiktok_brand(&mut conn, scope, product_id).await?)
}

/// Keeps the marketplace's refusal on the shop product and fails the job with its words.
async fn reject(
    ctx: &JobContext,
    state: &ListingState,
    version: i64,
    message: String,
) -> Result<(), JobError> {
    let mut conn = ctx.db.conn().await?;
    shop_products::record_rejected(&mut conn, state, version, std::slice::from_ref(&message))
        .await?;
    Err(JobError::Permanent(message))
}

/// Watches a listed product's audit for a short while, so a quick decision shows at once;
/// a slower one is picked up by the next `shop.sync`.
///
/// A rejection seen within the watch fails the job with the marketplace's reasons: the seller
/// asked for a live product and did not get one, and a batch that counted it as a success would
/// hide it (issue 21). It is permanent: the same product would be rejected again, and a retry
/// after the seller's fix is a new version.
async fn follow_audit(
    ctx: &JobContext,
    session: &ShopSession,
    shop_id: &str,
    external_id: &str,
) -> Result<(), JobError> {
    let deadline = tokio::time::Instant::now() + ctx.config.audit_follow;
    let mut wait = Duration::from_millis(250);
    while tokio::time::Instant::now() < deadline {
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(2));
        let Ok(detail) = session
            .client
            .product_detail(&session.auth, external_id)
            .await
        else {
            continue;
        };
        if detail.status == "PENDING" {
            continue;
        }
        let messages: Vec<String> = detail.audit_failure_message().into_iter().collect();
        if let Ok(mut conn) = ctx.db.conn().await
            && let Err(e) = shop_products::record_status(
                &mut conn,
                shop_id,
                external_id,
                &detail.status,
                &messages,
                None,
            )
            .await
        {
            tracing::warn!(error = %e, "audit result not recorded; shop.sync records it later");
        }
        if detail.status == shop_products::TiktokProductStatus::Failed.as_str() {
            let reasons = messages.join("\n");
            return Err(JobError::Permanent(if reasons.is_empty() {
                "TikTok Shop's review rejected the product".into()
            } else {
                format!("TikTok Shop's review rejected the product: {reasons}")
            }));
        }
        return Ok(());
    }
    Ok(())
}

/// The marketplace uri of an image, uploading it the first time a shop needs it.
async fn upload_image(
    ctx: &JobContext,
    session: &ShopSession,
    client_id: &str,
    url: &str,
    use_case: &str,
) -> Result<String, JobError> {
    let mut conn = ctx.db.conn().await?;
    if let Some(uri) =
        shop_products::uploaded_image(&mut conn, &session.shop_id, url, use_case).await?
    {
        return Ok(uri);
    }
    drop(conn);
    let image = crate::images::load(ctx, client_id, url).await?;
    let file_name = url
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .rsplit('/')
        .next()
        .filter(|n| !n.is_empty())
        .unwrap_or("image.png")
        .to_owned();
    let uploaded = match session
        .client
        .upload_image(
            &session.auth.access_token,
            image.bytes,
            &file_name,
            use_case,
        )
        .await
    {
        Ok(u) => u,
        Err(TiktokError::Rejected { message, .. }) => {
            return Err(JobError::Permanent(format!(
                "TikTok Shop refused an image of the product: {message}"
            )));
        }
        Err(e) => return Err(e.into()),
    };
    let mut conn = ctx.db.conn().await?;
    shop_products::remember_image(
        &mut conn,
        client_id,
        &session.shop_id,
        url,
        use_case,
        &uploaded.uri,
        Some(&uploaded.url),
    )
    .await?;
    Ok(uploaded.uri)
}
