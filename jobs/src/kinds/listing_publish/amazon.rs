//! Listing on an Amazon shop: one Listings Items PUT per variant SKU, then `listing.follow`
//! asks each SKU's state until Amazon has processed it.
//!
//! Each variant is its own listing (no parent/child family): a family needs a parent SKU
//! without an offer, a variation theme per product type and both kept in step on every
//! change, and Sellerdesk's variants already carry their own SKU, price and stock. The
//! variant's colour and size fill `color` and `size`.
//!
//! The listing is built from the product (`item_name`, `product_description`, the offer,
//! the stock, the images) over the seller's `amazon_attributes` (`brand`, `department`, …,
//! each a value, a list of values, or Amazon's own array of value objects). PUT replaces the
//! listing of its SKU, so sending it again (a retry, a job run twice) leaves one listing:
//! that is the exactly-once rule here, with the SKUs claimed on the shop first so two
//! products never share one.
//!
//! Known limit: a listing already live keeps its BUYABLE summary while an update of it is
//! processed, so an update reads LIVE at once and a later refusal of it is not seen here.
use connectors::amazon::{
    AmazonError, IssueSeverity, ListingIssue, ListingPut, ListingRequirements,
    ListingState as AmazonListingState, SubmissionStatus, text_attribute, value_attribute,
};
use domain::Scope;
use domain::shop_products::{self, ListingState, Published, PublishedSku};
use serde_json::{Map, Value, json};

use super::ListingPublish;
use super::shared::{self, Prepared, on_fields, variant_value};
use crate::JobError;
use crate::channels::{AmazonShop, open_amazon};
use crate::context::JobContext;
use crate::kinds::listing_follow::Progress;

/// Amazon's longest seller SKU.
const MAX_SKU: usize = 40;

/// Attributes whose values carry no language tag.
const UNTAGGED: &[&str] = &[
    "condition_type",
    "item_type_keyword",
    "batteries_required",
    "supplier_declared_dg_hz_regulation",
    "country_of_origin",
    "number_of_items",
    "item_package_quantity",
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
    let prepared = match shared::prepare(ctx, &scope, &p.product_id, MAX_SKU, "Amazon").await? {
        Ok(prepared) => prepared,
        Err(message) => return shared::reject(ctx, &state, p.version, vec![message]).await,
    };
    let Some(product_type) = prepared.channels.amazon_product_type.clone() else {
        let message = "amazonProductType: the product has no Amazon product type (SHIRT, HAT…): apply a template that has one";
        return shared::reject(ctx, &state, p.version, vec![message.into()]).await;
    };
    let Some(Value::Object(seller)) = prepared.channels.amazon_attributes.clone() else {
        let message = "amazonAttributes: the product has no Amazon attributes (brand, department…): apply a template that has them";
        return shared::reject(ctx, &state, p.version, vec![message.into()]).await;
    };
    if let Err(message) = shared::claim(ctx, client_id, &p.shop_id, &state, &prepared).await? {
        return shared::reject(ctx, &state, p.version, vec![message]).await;
    }

    let shop = open_amazon(
        &ctx.db,
        ctx.amazon.as_ref(),
        &ctx.secrets,
        client_id,
        &p.shop_id,
    )
    .await?;
    let sent = put_all(&shop, &product_type, &seller, &prepared).await;
    keep_tokens(ctx, &shop).await;
    let sent = match sent {
        Ok(sent) => sent,
        Err(e) => {
            note_failure(ctx, &shop, &e).await;
            if let AmazonError::Rejected { ref message, .. } = e {
                return shared::reject(ctx, &state, p.version, vec![message.clone()]).await;
            }
            return Err(e.into());
        }
    };
    let skus: Vec<PublishedSku> = sent
        .accepted
        .iter()
        .map(|(variant_id, sku, _)| PublishedSku {
            variant_id: Some(variant_id.clone()),
            external_sku_id: sku.clone(),
            seller_sku: Some(sku.clone()),
        })
        .collect();
    if !sent.refused.is_empty() {
        // What Amazon took before the refusal is on Amazon: remembered, so it can be removed.
        let mut conn = ctx.db.conn().await?;
        shop_products::record_skus(&mut conn, &state.id, &skus).await?;
        drop(conn);
        return shared::reject(ctx, &state, p.version, sent.refused).await;
    }
    let submissions: Vec<&str> = sent.accepted.iter().map(|(_, _, s)| s.as_str()).collect();
    let submission_id = submissions.join(",");
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
            category_name: Some(&product_type),
            submission_id: Some(&submission_id),
        },
    )
    .await
}

/// What the PUTs got: the accepted SKUs (variant id, SKU, submission id), and Amazon's
/// refusal of the first one it found INVALID (nothing after it is sent).
struct Sent {
    accepted: Vec<(String, String, String)>,
    refused: Vec<String>,
}

async fn put_all(
    shop: &AmazonShop,
    product_type: &str,
    seller: &Map<String, Value>,
    prepared: &Prepared,
) -> Result<Sent, AmazonError> {
    let marketplace = shop.client.marketplace_id().to_owned();
    let mut sent = Sent {
        accepted: Vec::new(),
        refused: Vec::new(),
    };
    for (variant, sku) in &prepared.variants {
        let listing = ListingPut {
            product_type: product_type.to_owned(),
            requirements: ListingRequirements::Listing,
            attributes: attributes(&marketplace, seller, prepared, variant),
        };
        let answer = shop
            .client
            .put_listing(&shop.session, sku, &listing)
            .await?;
        if answer.status == SubmissionStatus::Invalid {
            sent.refused = messages(&answer.issues);
            if sent.refused.is_empty() {
                sent.refused
                    .push(format!("sku: Amazon refused the listing of '{sku}'"));
            }
            return Ok(sent);
        }
        sent.accepted
            .push((variant.id.clone(), sku.clone(), answer.submission_id));
    }
    Ok(sent)
}

/// Amazon's ERROR issues, each on the attributes it names.
pub(in crate::kinds) fn messages(issues: &[ListingIssue]) -> Vec<String> {
    shared::distinct(
        issues
            .iter()
            .filter(|i| i.severity == IssueSeverity::Error)
            .map(|i| on_fields(&i.attribute_names, &i.message))
            .collect(),
    )
}

/// One seller attribute in Amazon's form: an array of value objects.
fn amazon_value(marketplace: &str, name: &str, value: &Value) -> Option<Value> {
    let one = |v: &Value| -> Option<Value> {
        match v {
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) if !UNTAGGED.contains(&name) => {
                Some(text_attribute(marketplace, s.trim())[0].clone())
            }
            Value::Null => None,
            Value::Object(_) => Some(v.clone()),
            other => Some(value_attribute(marketplace, other.clone())[0].clone()),
        }
    };
    let values: Vec<Value> = match value {
        Value::Array(items) => items.iter().filter_map(one).collect(),
        other => one(other).into_iter().collect(),
    };
    (!values.is_empty()).then_some(Value::Array(values))
}

fn money(cents: i64) -> f64 {
    (cents as f64) / 100.0
}

/// The listing of one variant: the seller's attributes, then what the product says.
fn attributes(
    marketplace: &str,
    seller: &Map<String, Value>,
    prepared: &Prepared,
    variant: &domain::products::Variant,
) -> Map<String, Value> {
    let mut a = Map::new();
    for (name, value) in seller {
        if let Some(v) = amazon_value(marketplace, name, value) {
            a.insert(name.clone(), v);
        }
    }
    let product = &prepared.product;
    a.insert(
        "item_name".into(),
        text_attribute(marketplace, product.name.trim()),
    );
    if let Some(d) = product
        .description
        .as_deref()
        .map(shared::plain_text)
        .filter(|d| !d.is_empty())
    {
        a.insert(
            "product_description".into(),
            text_attribute(marketplace, &d),
        );
    }
    if !a.contains_key("brand")
        && let Some(brand) = product.brand_name.as_deref().filter(|b| !b.is_empty())
    {
        a.insert("brand".into(), text_attribute(marketplace, brand));
    }
    if let Some(color) = variant_value(variant, &["color", "colour"]) {
        a.insert("color".into(), text_attribute(marketplace, color));
    }
    if let Some(size) = variant_value(variant, &["size"]) {
        a.insert("size".into(), text_attribute(marketplace, size));
    }
    a.entry("condition_type")
        .or_insert_with(|| value_attribute(marketplace, json!("new_new")));
    a.insert(
        "purchasable_offer".into(),
        json!([{
            "marketplace_id": marketplace,
            "currency": "USD",
            "our_price": [{ "schedule": [{ "value_with_tax": money(variant.sale_price_cents) }] }],
        }]),
    );
    if variant.list_price_cents > variant.sale_price_cents {
        a.insert(
            "list_price".into(),
            json!([{ "marketplace_id": marketplace, "currency": "USD", "value_with_tax": money(variant.list_price_cents) }]),
        );
    }
    a.insert(
        "fulfillment_availability".into(),
        json!([{ "fulfillment_channel_code": "DEFAULT", "quantity": variant.quantity.max(0) }]),
    );
    let mut images = prepared.images.iter();
    if let Some(main) = images.next() {
        a.insert(
            "main_product_image_locator".into(),
            json!([{ "marketplace_id": marketplace, "media_location": main }]),
        );
    }
    for (n, url) in images.take(8).enumerate() {
        a.insert(
            format!("other_product_image_locator_{}", n + 1),
            json!([{ "marketplace_id": marketplace, "media_location": url }]),
        );
    }
    a
}

/// Stores the access token the calls refreshed, if they did. A failure here costs only a
/// refresh on the next call, so it does not undo what was sent.
async fn keep_tokens(ctx: &JobContext, shop: &AmazonShop) {
    if let Err(e) = shop.keep_tokens(&ctx.db, &ctx.secrets).await {
        tracing::warn!(error = %e, "a refreshed Amazon token was not stored");
    }
}

/// Marks the shop for a new consent when Amazon says the grant is gone. Not recorded, the next
/// call finds the same, so the job's own error is what matters here.
async fn note_failure(ctx: &JobContext, shop: &AmazonShop, e: &AmazonError) {
    if let Err(err) = shop.note_failure(&ctx.db, e).await {
        tracing::warn!(error = %err, "a lost Amazon grant was not recorded on the shop");
    }
}

/// Where an accepted publish stands: every SKU of the shop product asked (stopping at the
/// first still processing: it will be asked again anyway).
pub(in crate::kinds) async fn follow(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
    state: &ListingState,
) -> Result<Progress, JobError> {
    let mut conn = ctx.db.conn().await?;
    let skus = shop_products::skus(&mut conn, &state.id).await?;
    drop(conn);
    let shop = open_amazon(
        &ctx.db,
        ctx.amazon.as_ref(),
        &ctx.secrets,
        client_id,
        shop_id,
    )
    .await?;
    let mut refused = Vec::new();
    let mut result = Ok(());
    // SKUs a variant no longer has are listings of an older version, not this submission.
    for sku in skus.iter().filter(|s| s.variant_id.is_some()) {
        match shop
            .client
            .listing_state(&shop.session, &sku.external_sku_id)
            .await
        {
            // A new listing may not be readable until Amazon has processed it.
            Ok(AmazonListingState::Processing | AmazonListingState::Missing) => {
                keep_tokens(ctx, &shop).await;
                return Ok(Progress::Processing);
            }
            Ok(AmazonListingState::Buyable { .. }) => {}
            Ok(AmazonListingState::Rejected { issues }) => refused.extend(messages(&issues)),
            Err(e) => {
                note_failure(ctx, &shop, &e).await;
                result = Err(e);
                break;
            }
        }
    }
    keep_tokens(ctx, &shop).await;
    result?;
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
    fn seller_attributes_take_amazons_form() {
        let m = "ATVPDKIKX0DER";
        assert_eq!(
            amazon_value(m, "brand", &json!("Acme")),
            Some(json!([{ "value": "Acme", "language_tag": "en_US", "marketplace_id": m }]))
        );
        assert_eq!(
            amazon_value(m, "condition_type", &json!("new_new")),
            Some(json!([{ "value": "new_new", "marketplace_id": m }]))
        );
        assert_eq!(
            amazon_value(m, "bullet_point", &json!(["Soft", "Light"])),
            Some(json!([
                { "value": "Soft", "language_tag": "en_US", "marketplace_id": m },
                { "value": "Light", "language_tag": "en_US", "marketplace_id": m }
            ]))
        );
        let own = json!([{ "value": "x", "marketplace_id": m }]);
        assert_eq!(amazon_value(m, "style", &own), Some(own.clone()));
        assert_eq!(amazon_value(m, "brand", &json!("  ")), None);
    }

    #[test]
    fn issues_name_their_attributes() {
        let issues = vec![
            ListingIssue {
                code: "18027".into(),
                message: "restricted word".into(),
                severity: IssueSeverity::Error,
                attribute_names: vec!["item_name".into()],
                categories: vec![],
            },
            ListingIssue {
                code: "1".into(),
                message: "just a warning".into(),
                severity: IssueSeverity::Warning,
                attribute_names: vec!["color".into()],
                categories: vec![],
            },
        ];
        assert_eq!(messages(&issues), vec!["item_name: restricted word"]);
    }
}
