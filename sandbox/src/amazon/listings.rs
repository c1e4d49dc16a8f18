//! Product Type Definitions 2020-09-01 and Listings Items 2021-08-01: a few apparel product
//! types with their required attributes, and listings that are ACCEPTED at once and become
//! BUYABLE, or collect ERROR issues, once processing ends.
use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use rand::Rng;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::{Answer, ApiError, Call, Effect, Inner, MARKETPLACE_ID, iso};
use crate::gateway;

/// The product types the stand-in knows: name, display name, required attributes (with
/// `requirements=LISTING`), and the attributes a product of the type may have besides.
const PRODUCT_TYPES: &[(&str, &str, &[&str])] = &[
    (
        "SHIRT",
        "Shirt",
        &[
            "item_name",
            "brand",
            "product_description",
            "bullet_point",
            "color",
            "size",
            "department",
            "fabric_type",
            "condition_type",
            "purchasable_offer",
            "fulfillment_availability",
            "main_product_image_locator",
        ],
    ),
    (
        "SWEATSHIRT",
        "Sweatshirt",
        &[
            "item_name",
            "brand",
            "product_description",
            "bullet_point",
            "color",
            "size",
            "department",
            "fabric_type",
            "sleeve",
            "condition_type",
            "purchasable_offer",
            "fulfillment_availability",
            "main_product_image_locator",
        ],
    ),
    (
        "HAT",
        "Hat",
        &[
            "item_name",
            "brand",
            "product_description",
            "color",
            "department",
            "condition_type",
            "purchasable_offer",
            "fulfillment_availability",
            "main_product_image_locator",
        ],
    ),
];

fn required(product_type: &str) -> Option<&'static [&'static str]> {
    PRODUCT_TYPES
        .iter()
        .find(|(name, _, _)| *name == product_type)
        .map(|(_, _, req)| *req)
}

/// A listing and where its last submission stands.
pub struct Listing {
    pub sku: String,
    pub product_type: String,
    pub attributes: Map<String, Value>,
    pub asin: Option<String>,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub deleted: bool,
    /// The last submission: done (issues known) or still processing until `ready_ms`.
    pub submission: Submission,
    /// Whether a submission ever went through, so the item has a summary.
    pub live: bool,
}

pub struct Submission {
    pub id: String,
    pub ready_ms: i64,
    pub done: bool,
    /// The ERROR issues it will have (or has) once processed; empty means it goes live.
    pub issues: Vec<Value>,
}

impl Listing {
    fn status(&self) -> &'static str {
        if self.deleted {
            "DELETED"
        } else if !self.submission.done {
            "PROCESSING"
        } else if self.submission.issues.is_empty() {
            "BUYABLE"
        } else {
            "REJECTED"
        }
    }

    pub fn describe(&self) -> Value {
        json!({
            "sku": self.sku,
            "productType": self.product_type,
            "status": self.status(),
            "submissionId": self.submission.id,
            "issues": if self.submission.done { self.submission.issues.clone() } else { vec![] },
            "attributes": self.attributes,
            "asin": self.asin,
        })
    }

    fn item_name(&self) -> Option<String> {
        self.attributes
            .get("item_name")
            .and_then(|v| v.get(0))
            .and_then(|v| v.get("value"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    }
}

/// Ends every submission whose processing time has passed.
pub fn settle(inner: &mut Inner, now_ms: i64) {
    let mut asins = Vec::new();
    for (key, l) in inner.listings.iter_mut() {
        if !l.submission.done && l.submission.ready_ms <= now_ms {
            l.submission.done = true;
            if l.submission.issues.is_empty() {
                l.live = true;
                if l.asin.is_none() {
                    asins.push(key.clone());
                }
            }
        }
    }
    for key in asins {
        let asin = format!(
            "B0{}",
            gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 8)
        );
        if let Some(l) = inner.listings.get_mut(&key) {
            l.asin = Some(asin);
        }
    }
}

/// Live sample listings (demo data).
pub fn seed(inner: &mut Inner, seller_id: &str, count: usize, now_ms: i64) -> Vec<String> {
    let colors = ["Black", "White", "Navy", "Heather Grey"];
    let mut skus = Vec::new();
    for n in 0..count {
        let sku = format!("DEMO-TEE-{n}");
        let color = colors[n % colors.len()];
        let text = |v: &str| json!([{ "value": v, "language_tag": "en_US", "marketplace_id": MARKETPLACE_ID }]);
        let mut attributes = Map::new();
        attributes.insert(
            "item_name".into(),
            text(&format!("Sample Graphic Tee, {color}")),
        );
        attributes.insert("brand".into(), text("Sandbox Apparel"));
        attributes.insert("color".into(), text(color));
        attributes.insert("size".into(), text("M"));
        attributes.insert(
            "purchasable_offer".into(),
            json!([{ "marketplace_id": MARKETPLACE_ID, "currency": "USD", "our_price": [{ "schedule": [{ "value_with_tax": 24.99 }] }] }]),
        );
        attributes.insert(
            "fulfillment_availability".into(),
            json!([{ "fulfillment_channel_code": "DEFAULT", "quantity": 40 }]),
        );
        let asin = format!(
            "B0{}",
            gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 8)
        );
        let id = submission_id(inner);
        inner.listings.insert(
            (seller_id.to_owned(), sku.clone()),
            Listing {
                sku: sku.clone(),
                product_type: "SHIRT".into(),
                attributes,
                asin: Some(asin),
                created_ms: now_ms,
                updated_ms: now_ms,
                deleted: false,
                submission: Submission {
                    id,
                    ready_ms: now_ms,
                    done: true,
                    issues: vec![],
                },
                live: true,
            },
        );
        skus.push(sku);
    }
    skus
}

pub fn search_product_types(call: &Call) -> Answer {
    call.require_marketplace("marketplaceIds")?;
    let keywords = call
        .query("keywords")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let types: Vec<Value> = PRODUCT_TYPES
        .iter()
        .filter(|(name, display, _)| {
            keywords.is_empty()
                || keywords
                    .split(',')
                    .any(|k| name.to_ascii_lowercase().contains(k.trim()) || display.to_ascii_lowercase().contains(k.trim()))
        })
        .map(|(name, display, _)| {
            json!({ "name": name, "displayName": display, "marketplaceIds": [MARKETPLACE_ID] })
        })
        .collect();
    Ok((
        StatusCode::OK,
        Some(json!({ "productTypes": types, "productTypeVersion": "LATEST" })),
    ))
}

/// `GET /definitions/2020-09-01/productTypes/{productType}`: the meta-schema and schema links
/// (the schema served by the stand-in, as Amazon serves it from a signed bucket URL).
pub fn product_type_definition(call: &Call, product_type: &str) -> Answer {
    call.require_marketplace("marketplaceIds")?;
    let requirements = call.query("requirements").unwrap_or("LISTING");
    if !matches!(
        requirements,
        "LISTING" | "LISTING_PRODUCT_ONLY" | "LISTING_OFFER_ONLY"
    ) {
        return Err(ApiError::invalid(format!(
            "Invalid requirements {requirements}"
        )));
    }
    let Some((name, display, _)) = PRODUCT_TYPES.iter().find(|(n, _, _)| *n == product_type) else {
        return Err(ApiError::not_found(format!(
            "Product type {product_type} not found for marketplace {MARKETPLACE_ID}"
        )));
    };
    let link = format!("{}/__sandbox/amazon/schemas/{name}", call.origin);
    Ok((
        StatusCode::OK,
        Some(json!({
            "metaSchema": {
                "link": { "resource": "https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1", "verb": "GET" },
                "checksum": "sandbox-meta",
            },
            "schema": { "link": { "resource": link, "verb": "GET" }, "checksum": format!("sandbox-{name}") },
            "requirements": requirements,
            "requirementsEnforced": "ENFORCED",
            "propertyGroups": {
                "offer": { "title": "Offer", "propertyNames": ["condition_type", "purchasable_offer", "fulfillment_availability"] },
            },
            "locale": "en_US",
            "marketplaceIds": [MARKETPLACE_ID],
            "productType": name,
            "displayName": display,
            "productTypeVersion": { "version": "SANDBOX-1", "latest": true, "releaseCandidate": false },
        })),
    ))
}

/// The JSON Schema a definition links to: the required attributes and their shapes.
pub async fn schema_route(Path(product_type): Path<String>) -> Response {
    let Some(req) = required(&product_type) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut properties = Map::new();
    for name in req {
        properties.insert(
            (*name).to_owned(),
            json!({ "title": name, "type": "array", "minItems": 1, "items": { "type": "object" } }),
        );
    }
    axum::Json(json!({
        "$schema": "https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1",
        "$id": format!("https://schemas.amazon.com/selling-partners/definitions/product-types/schema/v1/{product_type}"),
        "type": "object",
        "required": req,
        "properties": properties,
    }))
    .into_response()
}

fn own_seller(call: &Call, seller_id: &str) -> Result<(), ApiError> {
    if seller_id == call.seller_id {
        Ok(())
    } else {
        Err(ApiError::unauthorized(
            "The seller id in the path is not the one the access token was granted for.",
        ))
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PutBody {
    product_type: String,
    #[serde(default)]
    requirements: Option<String>,
    attributes: Map<String, Value>,
}

/// Issues found in the submission itself (answered at once, nothing saved).
fn validate(product_type: &str, attributes: &Map<String, Value>) -> Vec<Value> {
    let Some(req) = required(product_type) else {
        return vec![json!({
            "code": "4000001",
            "message": format!("The provided product type '{product_type}' is not valid for marketplace {MARKETPLACE_ID}."),
            "severity": "ERROR",
            "attributeNames": [],
            "categories": ["INVALID_ATTRIBUTE"],
        })];
    };
    let mut issues = Vec::new();
    for name in req {
        let present = attributes
            .get(*name)
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty());
        if !present {
            issues.push(json!({
                "code": "90220",
                "message": format!("'{name}' is required but not supplied."),
                "severity": "ERROR",
                "attributeNames": [name],
                "categories": ["MISSING_ATTRIBUTE"],
            }));
        }
    }
    for (name, value) in attributes {
        if !value.is_array() {
            issues.push(json!({
                "code": "4000003",
                "message": format!("The value of '{name}' must be an array of objects."),
                "severity": "ERROR",
                "attributeNames": [name],
                "categories": ["INVALID_ATTRIBUTE"],
            }));
        }
    }
    issues
}

/// Issues found while processing (shown later, on GET).
fn review(inner: &mut Inner, attributes: &Map<String, Value>) -> Vec<Value> {
    let text_of = |name: &str| -> String {
        attributes
            .get(name)
            .and_then(Value::as_array)
            .map(|vals| {
                vals.iter()
                    .filter_map(|v| v.get("value").and_then(Value::as_str))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default()
            .to_ascii_lowercase()
    };
    let mut issues = Vec::new();
    for attr in ["item_name", "product_description"] {
        let text = text_of(attr);
        if let Some(word) = inner
            .config
            .rejected_words
            .iter()
            .find(|w| text.contains(&w.to_ascii_lowercase()))
        {
            issues.push(json!({
                "code": "18027",
                "message": format!("The value of '{attr}' contains a restricted word: '{word}'. Remove it and submit again."),
                "severity": "ERROR",
                "attributeNames": [attr],
                "categories": ["INVALID_ATTRIBUTE"],
            }));
        }
    }
    let rate = inner.config.listing_reject_rate;
    if issues.is_empty() && rate > 0.0 && inner.rng.random_bool(rate.min(1.0)) {
        issues.push(json!({
            "code": "18002",
            "message": "The main image does not meet the image requirements: the product must fill at least 85% of a white background.",
            "severity": "ERROR",
            "attributeNames": ["main_product_image_locator"],
            "categories": ["INVALID_ATTRIBUTE"],
        }));
    }
    issues
}

fn submission_id(inner: &mut Inner) -> String {
    gateway::random_chars(&mut inner.rng, gateway::HEX, 32)
}

fn accepted(sku: &str, submission: &str) -> Value {
    json!({ "sku": sku, "status": "ACCEPTED", "submissionId": submission, "issues": [] })
}

/// Submits a listing: saved only when it passes validation. `mode=VALIDATION_PREVIEW` checks
/// and saves nothing.
fn submit(
    inner: &mut Inner,
    call: &Call,
    sku: &str,
    product_type: String,
    attributes: Map<String, Value>,
    effect: &mut Effect,
    patch: bool,
) -> Answer {
    let submission = submission_id(inner);
    let issues = validate(&product_type, &attributes);
    if !issues.is_empty() {
        return Ok((
            StatusCode::OK,
            Some(
                json!({ "sku": sku, "status": "INVALID", "submissionId": submission, "issues": issues }),
            ),
        ));
    }
    if call.query("mode") == Some("VALIDATION_PREVIEW") {
        return Ok((
            StatusCode::OK,
            Some(
                json!({ "sku": sku, "status": "VALID", "submissionId": submission, "issues": [] }),
            ),
        ));
    }
    let later = review(inner, &attributes);
    let ready_ms = call.now_ms + inner.config.processing_delay.as_millis() as i64;
    let key = (call.seller_id.clone(), sku.to_owned());
    let next = Submission {
        id: submission.clone(),
        ready_ms,
        done: false,
        issues: later,
    };
    match inner.listings.get_mut(&key) {
        Some(l) if !l.deleted => {
            l.product_type = product_type;
            l.attributes = attributes;
            l.updated_ms = call.now_ms;
            l.submission = next;
            effect.set(
                if patch {
                    "listing.patch"
                } else {
                    "listing.replace"
                },
                sku,
            );
        }
        _ => {
            inner.listings.insert(
                key,
                Listing {
                    sku: sku.to_owned(),
                    product_type,
                    attributes,
                    asin: None,
                    created_ms: call.now_ms,
                    updated_ms: call.now_ms,
                    deleted: false,
                    submission: next,
                    live: false,
                },
            );
            effect.set("listing.create", sku);
        }
    }
    Ok((StatusCode::OK, Some(accepted(sku, &submission))))
}

pub fn put(
    inner: &mut Inner,
    call: &Call,
    seller_id: &str,
    raw_sku: &str,
    effect: &mut Effect,
) -> Answer {
    own_seller(call, seller_id)?;
    call.require_marketplace("marketplaceIds")?;
    let sku = gateway::percent_decode(raw_sku);
    let body: PutBody = call.json()?;
    if let Some(r) = &body.requirements
        && !matches!(
            r.as_str(),
            "LISTING" | "LISTING_PRODUCT_ONLY" | "LISTING_OFFER_ONLY"
        )
    {
        return Err(ApiError::invalid(format!("Invalid requirements {r}")));
    }
    submit(
        inner,
        call,
        &sku,
        body.product_type,
        body.attributes,
        effect,
        false,
    )
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PatchBody {
    product_type: String,
    patches: Vec<Patch>,
}

#[derive(Deserialize)]
struct Patch {
    op: String,
    path: String,
    #[serde(default)]
    value: Option<Value>,
}

pub fn patch(
    inner: &mut Inner,
    call: &Call,
    seller_id: &str,
    raw_sku: &str,
    effect: &mut Effect,
) -> Answer {
    own_seller(call, seller_id)?;
    call.require_marketplace("marketplaceIds")?;
    let sku = gateway::percent_decode(raw_sku);
    let body: PatchBody = call.json()?;
    let key = (call.seller_id.clone(), sku.clone());
    let Some(listing) = inner.listings.get(&key).filter(|l| !l.deleted) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "NOT_FOUND",
            format!("SKU '{sku}' not found in marketplace {MARKETPLACE_ID}"),
        ));
    };
    let mut attributes = listing.attributes.clone();
    for p in body.patches {
        let Some(name) = p.path.strip_prefix("/attributes/") else {
            return Err(ApiError::invalid(format!("Invalid patch path {}", p.path)));
        };
        match p.op.as_str() {
            "add" | "replace" | "merge" => {
                let Some(value) = p.value.filter(Value::is_array) else {
                    return Err(ApiError::invalid(format!(
                        "Patch '{}' on {} needs an array value",
                        p.op, p.path
                    )));
                };
                attributes.insert(name.to_owned(), value);
            }
            "delete" => {
                attributes.remove(name);
            }
            other => return Err(ApiError::invalid(format!("Invalid patch op {other}"))),
        }
    }
    submit(
        inner,
        call,
        &sku,
        body.product_type,
        attributes,
        effect,
        true,
    )
}

pub fn get(inner: &mut Inner, call: &Call, seller_id: &str, raw_sku: &str) -> Answer {
    own_seller(call, seller_id)?;
    call.require_marketplace("marketplaceIds")?;
    let sku = gateway::percent_decode(raw_sku);
    let key = (call.seller_id.clone(), sku.clone());
    let Some(l) = inner.listings.get(&key).filter(|l| !l.deleted) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "NOT_FOUND",
            format!("SKU '{sku}' not found in marketplace {MARKETPLACE_ID}"),
        ));
    };
    let included = call.query("includedData").unwrap_or("summaries");
    let mut out = Map::new();
    out.insert("sku".into(), json!(sku));
    for part in included.split(',').map(str::trim) {
        match part {
            "summaries" => {
                let summaries = if l.live {
                    vec![json!({
                        "marketplaceId": MARKETPLACE_ID,
                        "asin": l.asin,
                        "productType": l.product_type,
                        "conditionType": "new_new",
                        "status": ["BUYABLE", "DISCOVERABLE"],
                        "itemName": l.item_name(),
                        "createdDate": iso(l.created_ms),
                        "lastUpdatedDate": iso(l.updated_ms),
                    })]
                } else {
                    vec![]
                };
                out.insert("summaries".into(), Value::Array(summaries));
            }
            "attributes" => {
                out.insert("attributes".into(), Value::Object(l.attributes.clone()));
            }
            "issues" => {
                let issues = if l.submission.done {
                    l.submission.issues.clone()
                } else {
                    vec![]
                };
                out.insert("issues".into(), Value::Array(issues));
            }
            "offers" => {
                let price = l
                    .attributes
                    .get("purchasable_offer")
                    .and_then(|o| o.pointer("/0/our_price/0/schedule/0/value_with_tax"))
                    .cloned();
                let offers = if l.live {
                    vec![json!({
                        "marketplaceId": MARKETPLACE_ID,
                        "offerType": "B2C",
                        "price": { "currencyCode": "USD", "amount": price.map(|p| p.to_string()) },
                    })]
                } else {
                    vec![]
                };
                out.insert("offers".into(), Value::Array(offers));
            }
            "fulfillmentAvailability" => {
                let quantity = l
                    .attributes
                    .get("fulfillment_availability")
                    .and_then(|f| f.pointer("/0/quantity"))
                    .cloned();
                out.insert(
                    "fulfillmentAvailability".into(),
                    json!([{ "fulfillmentChannelCode": "DEFAULT", "quantity": quantity }]),
                );
            }
            "" => {}
            other => {
                return Err(ApiError::invalid(format!(
                    "Invalid includedData value {other}"
                )));
            }
        }
    }
    Ok((StatusCode::OK, Some(Value::Object(out))))
}

pub fn delete(
    inner: &mut Inner,
    call: &Call,
    seller_id: &str,
    raw_sku: &str,
    effect: &mut Effect,
) -> Answer {
    own_seller(call, seller_id)?;
    call.require_marketplace("marketplaceIds")?;
    let sku = gateway::percent_decode(raw_sku);
    let submission = submission_id(inner);
    let key = (call.seller_id.clone(), sku.clone());
    match inner.listings.get_mut(&key).filter(|l| !l.deleted) {
        Some(l) => {
            l.deleted = true;
            l.live = false;
            l.updated_ms = call.now_ms;
            effect.set("listing.delete", sku.clone());
            Ok((StatusCode::OK, Some(accepted(&sku, &submission))))
        }
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "NOT_FOUND",
            format!("SKU '{sku}' not found in marketplace {MARKETPLACE_ID}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_segments_decode() {
        assert_eq!(gateway::percent_decode("TEE%2FRED%20L"), "TEE/RED L");
        assert_eq!(gateway::percent_decode("plain-1"), "plain-1");
    }
}
