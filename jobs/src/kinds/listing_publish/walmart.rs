//! Listing on a Walmart shop: one `MP_ITEM` feed per product, its variants as the feed's items
//! (one variant group when there are several), then `listing.follow` reads the feed's status
//! until Walmart has ingested it, with each item's errors on the field they name.
//!
//! The item is built from the product (`productName`, price, `shortDescription`, the images,
//! the variant's colour and size) over the seller's `walmart_item_spec` (the category's
//! Visible fields; `productIdType`/`productId`, `brand` and `shippingWeight` go to the
//! Orderable part). `MP_ITEM` upserts by SKU and Walmart has no idempotency key for feeds: a
//! feed sent again (its answer lost, the job run twice) still leaves one item per SKU. The
//! feed id is recorded with the submission, so a job delivered again after that follows the
//! feed instead of sending another.
use connectors::walmart::{FeedState, IngestionError, IngestionStatus, MpItem, WalmartError};
use domain::Scope;
use domain::catalogue::WeightUnit;
use domain::shop_products::{self, ListingState, Published, PublishedSku};
use serde_json::{Map, Value, json};

use super::ListingPublish;
use super::shared::{self, Prepared, on_fields, variant_value};
use crate::JobError;
use crate::channels::open_walmart;
use crate::context::JobContext;
use crate::kinds::listing_follow::Progress;

/// Walmart's longest seller SKU.
const MAX_SKU: usize = 50;

/// Item spec fields that belong to the Orderable part, not the category's Visible one.
const ORDERABLE: &[&str] = &[
    "productIdentifiers",
    "productIdType",
    "productId",
    "brand",
    "shippingWeight",
    "ShippingWeight",
];

pub(super) async fn publish(
    p: &ListingPublish,
    ctx: &JobContext,
    client_id: &str,
    state: ListingState,
) -> Result<(), JobError> {
    if state.published_version.is_some_and(|v| v >= p.version) {
        return shared::follow_again(ctx, client_id, p).await;
    }
    let scope = Scope::for_client(client_id);
    let prepared = match shared::prepare(ctx, &scope, &p.product_id, MAX_SKU, "Walmart").await? {
        Ok(prepared) => prepared,
        Err(message) => return shared::reject(ctx, &state, p.version, vec![message]).await,
    };
    let Some(category) = prepared.channels.walmart_category.clone() else {
        let message = "walmartCategory: the product has no Walmart category (Clothing…): apply a template that has one";
        return shared::reject(ctx, &state, p.version, vec![message.into()]).await;
    };
    let Some(Value::Object(spec)) = prepared.channels.walmart_item_spec.clone() else {
        let message = "walmartItemSpec: the product has no Walmart item spec (gender, productId…): apply a template that has one";
        return shared::reject(ctx, &state, p.version, vec![message.into()]).await;
    };
    if let Err(message) = shared::claim(ctx, client_id, &p.shop_id, &state, &prepared).await? {
        return shared::reject(ctx, &state, p.version, vec![message]).await;
    }

    let items = items(&category, &spec, &prepared);
    let shop = open_walmart(
        &ctx.db,
        ctx.walmart.as_ref(),
        &ctx.secrets,
        client_id,
        &p.shop_id,
    )
    .await?;
    let feed_id = match shop.client.submit_items(&shop.credentials, &items).await {
        Ok(id) => id,
        Err(WalmartError::Rejected { message, field, .. }) => {
            let fields: Vec<String> = field.into_iter().collect();
            let message = on_fields(&fields, &message);
            return shared::reject(ctx, &state, p.version, vec![message]).await;
        }
        Err(e) => return Err(e.into()),
    };
    let skus: Vec<PublishedSku> = prepared
        .variants
        .iter()
        .map(|(v, sku)| PublishedSku {
            variant_id: Some(v.id.clone()),
            external_sku_id: sku.clone(),
            seller_sku: Some(sku.clone()),
        })
        .collect();
    let first_sku = prepared.variants[0].1.clone();
    shared::submitted(
        ctx,
        client_id,
        p,
        &state,
        &Published {
            version: p.version,
            external_product_id: &first_sku,
            marketplace_status: shop_products::TiktokProductStatus::Pending.as_str(),
            messages: &[],
            skus: &skus,
            category_name: Some(&category),
            submission_id: Some(&feed_id),
        },
    )
    .await
}

fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The product identifier of the Orderable part: `productIdentifiers: {productIdType,
/// productId}` or the two fields flat in the spec (GTIN when no type is named). Missing, it
/// is sent empty and Walmart names what it lacks.
fn identifier(spec: &Map<String, Value>) -> (String, String) {
    let nested = spec.get("productIdentifiers").and_then(Value::as_object);
    let field =
        |name: &str| text(nested.and_then(|n| n.get(name))).or_else(|| text(spec.get(name)));
    (
        field("productIdType").unwrap_or_else(|| "GTIN".into()),
        field("productId").unwrap_or_default(),
    )
}

fn pounds(prepared: &Prepared, spec: &Map<String, Value>) -> f64 {
    match prepared.product.package_weight {
        Some(w) => match w.unit {
            WeightUnit::Pound => w.value,
            WeightUnit::Kilogram => w.value * 2.204_622_6,
        },
        None => ["shippingWeight", "ShippingWeight"]
            .iter()
            .find_map(|k| spec.get(*k).and_then(Value::as_f64))
            .unwrap_or(0.0),
    }
}

/// The feed's items: one per variant, in one variant group when there are several.
fn items(category: &str, spec: &Map<String, Value>, prepared: &Prepared) -> Vec<MpItem> {
    let product = &prepared.product;
    let (id_type, id) = identifier(spec);
    let brand = text(spec.get("brand"))
        .or_else(|| product.brand_name.clone())
        .unwrap_or_default();
    let weight = (pounds(prepared, spec) * 100.0).round() / 100.0;
    let size_field = if category.eq_ignore_ascii_case("Clothing") {
        "clothingSize"
    } else {
        "size"
    };
    let grouped = prepared.variants.len() > 1;
    let group: String = product.id.chars().filter(|c| *c != '-').take(20).collect();
    let mut visible = spec.clone();
    visible.retain(|k, _| !ORDERABLE.contains(&k.as_str()));
    if let Some(d) = product
        .description
        .as_deref()
        .map(shared::plain_text)
        .filter(|d| !d.is_empty())
    {
        visible.insert("shortDescription".into(), json!(d));
    }
    let mut images = prepared.images.iter();
    if let Some(main) = images.next() {
        visible.insert("mainImageUrl".into(), json!(main));
    }
    let more: Vec<&String> = images.take(8).collect();
    if !more.is_empty() {
        visible.insert("productSecondaryImageURL".into(), json!(more));
    }
    prepared
        .variants
        .iter()
        .enumerate()
        .map(|(n, (variant, sku))| {
            let mut fields = visible.clone();
            let mut varying = Vec::new();
            if let Some(color) = variant_value(variant, &["color", "colour"]) {
                fields.insert("color".into(), json!(color));
                varying.push("color");
            }
            if let Some(size) = variant_value(variant, &["size"]) {
                fields.insert(size_field.into(), json!(size));
                varying.push(size_field);
            }
            if grouped {
                fields.insert("variantGroupId".into(), json!(group));
                fields.insert("variantAttributeNames".into(), json!(varying));
                fields.insert(
                    "isPrimaryVariant".into(),
                    json!(if n == 0 { "Yes" } else { "No" }),
                );
            }
            MpItem {
                sku: sku.clone(),
                product_id_type: id_type.clone(),
                product_id: id.clone(),
                product_name: product.name.trim().to_owned(),
                brand: brand.clone(),
                price_cents: variant.sale_price_cents,
                shipping_weight_lb: weight,
                category: category.to_owned(),
                spec: fields,
            }
        })
        .collect()
}

/// One ingestion error on the field it names.
fn message(e: &IngestionError) -> String {
    let words = if e.description.trim().is_empty() {
        e.code.clone()
    } else {
        e.description.clone()
    };
    let fields: Vec<String> = e.field.clone().into_iter().collect();
    on_fields(&fields, &words)
}

/// Where the product's feed stands: processing, ingested, or refused item by item.
pub(in crate::kinds) async fn follow(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
    state: &ListingState,
) -> Result<Progress, JobError> {
    let Some(feed_id) = state.submission_id.as_deref().filter(|f| !f.is_empty()) else {
        return Err(JobError::Permanent(
            "the listing has no Walmart feed to follow: list the product again".into(),
        ));
    };
    let shop = open_walmart(
        &ctx.db,
        ctx.walmart.as_ref(),
        &ctx.secrets,
        client_id,
        shop_id,
    )
    .await?;
    let status = shop.client.feed_status(&shop.credentials, feed_id).await?;
    if !status.is_done() {
        return Ok(Progress::Processing);
    }
    let mut refused: Vec<String> = status.errors.iter().map(message).collect();
    for item in &status.items {
        match item.status {
            IngestionStatus::Success => {}
            IngestionStatus::DataError => refused.extend(item.errors.iter().map(message)),
            IngestionStatus::Inprogress => return Ok(Progress::Processing),
            _ if !item.errors.is_empty() => refused.extend(item.errors.iter().map(message)),
            _ => refused.push(format!(
                "sku: Walmart could not ingest '{}' this time: list the product again",
                item.sku
            )),
        }
    }
    if status.status == FeedState::Error && refused.is_empty() {
        refused.push("Walmart could not read the feed: list the product again".into());
    }
    Ok(if refused.is_empty() {
        Progress::Live
    } else {
        Progress::Rejected(shared::distinct(refused))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ingestion_errors_name_their_field() {
        let e = IngestionError {
            kind: "DATA_ERROR".into(),
            code: "ERR_PDI_0045".into(),
            field: Some("productName".into()),
            description: "productName contains a prohibited word: 'replica'".into(),
        };
        assert_eq!(
            message(&e),
            "productName: productName contains a prohibited word: 'replica'"
        );
    }

    #[test]
    fn the_identifier_comes_nested_or_flat() {
        let nested =
            json!({ "productIdentifiers": { "productIdType": "UPC", "productId": "123" } });
        assert_eq!(
            identifier(nested.as_object().expect("object")),
            ("UPC".into(), "123".into())
        );
        let flat = json!({ "productId": "00012345678905" });
        assert_eq!(
            identifier(flat.as_object().expect("object")),
            ("GTIN".into(), "00012345678905".into())
        );
    }
}
