//! Items: the `MP_ITEM` feed (submitted whole, ingested asynchronously, per-item ingestion
//! errors naming the field), item read and retire.
use rand::Rng;
use serde::Serialize;
use serde_json::{Value, json};

use super::{Answer, ApiError, Call, Effect, Inner};
use crate::gateway;

/// Items in one feed at most.
const MAX_FEED_ITEMS: usize = 10_000;

/// Fields every `Orderable` needs, and every `Visible` category object.
const ORDERABLE_REQUIRED: &[&str] = &[
    "sku",
    "productIdentifiers",
    "productName",
    "brand",
    "price",
    "ShippingWeight",
];
const VISIBLE_REQUIRED: &[&str] = &["shortDescription", "mainImageUrl"];
/// Extra fields some categories need.
const CATEGORY_REQUIRED: &[(&str, &[&str])] = &[("Clothing", &["color", "clothingSize", "gender"])];

pub struct Feed {
    pub id: String,
    pub client_id: String,
    pub feed_type: String,
    pub received_ms: i64,
    pub polls: u32,
    pub processed: bool,
    /// Set when the feed as a whole could not be read.
    pub feed_error: Option<String>,
    pub items: Vec<FeedItem>,
}

pub struct FeedItem {
    pub index: usize,
    pub sku: String,
    pub payload: Value,
    /// Filled when processed: empty means `SUCCESS`.
    pub errors: Vec<Value>,
    pub wpid: Option<String>,
}

pub struct Item {
    pub sku: String,
    pub wpid: String,
    pub gtin: String,
    pub product_name: String,
    pub category: String,
    pub price: Value,
    pub retired: bool,
}

impl Item {
    pub fn to_json(&self) -> Value {
        json!({
            "mart": "WALMART_US",
            "sku": self.sku,
            "wpid": self.wpid,
            "gtin": self.gtin,
            "productName": self.product_name,
            "shelf": format!("[\"{}\"]", self.category),
            "productType": self.category,
            "price": { "currency": "USD", "amount": self.price },
            "publishedStatus": if self.retired { "UNPUBLISHED" } else { "PUBLISHED" },
            "lifecycleStatus": if self.retired { "RETIRED" } else { "ACTIVE" },
        })
    }
}

/// What a feed or a retire did to an item.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ItemEvent {
    pub client_id: String,
    pub sku: String,
    /// `item.create`, `item.update`, `item.retire`.
    pub kind: String,
    pub feed_id: Option<String>,
}

/// The feed's JSON: inline, or the one part of a multipart upload.
fn feed_json(call: &Call) -> Result<Value, ApiError> {
    let content_type = call
        .headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let bytes: &[u8] = if content_type.starts_with("multipart/form-data") {
        // The file part's content sits between its headers' blank line and the boundary.
        let text = &call.body[..];
        let start = text
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map(|p| p + 4);
        let end = text.windows(4).rposition(|w| w == b"\r\n--");
        match (start, end) {
            (Some(s), Some(e)) if s < e => &text[s..e],
            _ => return Err(ApiError::content("The multipart body has no file part")),
        }
    } else {
        &call.body
    };
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::content(format!("The feed file is not valid JSON: {e}")))
}

pub fn submit_feed(inner: &mut Inner, call: &Call, effect: &mut Effect) -> Answer {
    let feed_type = call
        .query("feedType")
        .ok_or_else(|| ApiError::invalid("feedType", "feedType is required"))?;
    if feed_type != "MP_ITEM" {
        return Err(ApiError::invalid(
            "feedType",
            format!("feedType {feed_type} is not supported by this sandbox (MP_ITEM only)"),
        ));
    }
    let doc = feed_json(call)?;
    let mut feed_error = None;
    let mut feed_items = Vec::new();
    match (
        doc.get("MPItemFeedHeader"),
        doc.get("MPItem").and_then(Value::as_array),
    ) {
        (Some(header), Some(items)) if header.get("version").is_some() => {
            if items.len() > MAX_FEED_ITEMS {
                return Err(ApiError::content(format!(
                    "A feed holds at most {MAX_FEED_ITEMS} items"
                )));
            }
            for (index, item) in items.iter().enumerate() {
                let sku = item
                    .pointer("/Orderable/sku")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned();
                feed_items.push(FeedItem {
                    index,
                    sku,
                    payload: item.clone(),
                    errors: Vec::new(),
                    wpid: None,
                });
            }
        }
        _ => {
            feed_error = Some(
                "The feed must hold MPItemFeedHeader (with its version) and an MPItem array"
                    .to_owned(),
            );
        }
    }
    let id = format!(
        "{}@{}",
        gateway::random_chars(&mut inner.rng, b"0123456789ABCDEF", 32),
        gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 7)
    );
    inner.feeds.insert(
        id.clone(),
        Feed {
            id: id.clone(),
            client_id: call.client_id.clone(),
            feed_type: feed_type.to_owned(),
            received_ms: call.now_ms,
            polls: 0,
            processed: false,
            feed_error,
            items: feed_items,
        },
    );
    effect.set("feed.submit", id.clone());
    Ok(json!({ "feedId": id }))
}

fn ingestion_error(field: &str, code: &str, description: String) -> Value {
    json!({ "type": "DATA_ERROR", "code": code, "field": field, "description": description })
}

/// The errors of one feed item.
fn check(inner: &mut Inner, payload: &Value) -> Vec<Value> {
    let mut errors = Vec::new();
    let Some(orderable) = payload.get("Orderable").and_then(Value::as_object) else {
        return vec![ingestion_error(
            "Orderable",
            "ERR_PDI_0001",
            "Orderable is required".into(),
        )];
    };
    for f in ORDERABLE_REQUIRED {
        let present = orderable.get(*f).is_some_and(|v| !v.is_null() && v != "");
        if !present {
            errors.push(ingestion_error(
                f,
                "ERR_PDI_0034",
                format!("{f} is required"),
            ));
        }
    }
    if let Some(ids) = orderable.get("productIdentifiers") {
        let kind = ids
            .get("productIdType")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let value = ids
            .get("productId")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if !matches!(kind, "GTIN" | "UPC" | "EAN" | "ISBN")
            || value.is_empty()
            || !value.bytes().all(|b| b.is_ascii_digit())
        {
            errors.push(ingestion_error(
                "productIdentifiers",
                "ERR_PDI_0008",
                "productIdentifiers needs a productIdType (GTIN, UPC, EAN, ISBN) and a numeric productId".into(),
            ));
        }
    }
    if let Some(price) = orderable.get("price")
        && !price.as_f64().is_some_and(|p| p > 0.0)
    {
        errors.push(ingestion_error(
            "price",
            "ERR_PDI_0012",
            "price must be a number above 0".into(),
        ));
    }
    let visible = payload.get("Visible").and_then(Value::as_object);
    match visible.and_then(|v| v.iter().next()) {
        None => errors.push(ingestion_error(
            "Visible",
            "ERR_PDI_0001",
            "Visible needs one category".into(),
        )),
        Some((category, spec)) => {
            let extra = CATEGORY_REQUIRED
                .iter()
                .find(|(c, _)| c == category)
                .map(|(_, f)| *f)
                .unwrap_or(&[]);
            for f in VISIBLE_REQUIRED.iter().chain(extra) {
                if spec.get(*f).is_none_or(|v| v.is_null() || v == "") {
                    errors.push(ingestion_error(
                        f,
                        "ERR_PDI_0034",
                        format!("{f} is required for category {category}"),
                    ));
                }
            }
        }
    }
    if errors.is_empty() {
        let text = |v: Option<&Value>| {
            v.and_then(Value::as_str)
                .unwrap_or_default()
                .to_ascii_lowercase()
        };
        let name = text(orderable.get("productName"));
        let description = text(
            visible
                .and_then(|v| v.values().next())
                .and_then(|s| s.get("shortDescription")),
        );
        for (field, value) in [("productName", &name), ("shortDescription", &description)] {
            if let Some(word) = inner
                .config
                .rejected_words
                .iter()
                .find(|w| value.contains(&w.to_ascii_lowercase()))
            {
                errors.push(ingestion_error(
                    field,
                    "ERR_PDI_0045",
                    format!("{field} contains a prohibited word: '{word}'"),
                ));
            }
        }
        let rate = inner.config.item_reject_rate;
        if errors.is_empty() && rate > 0.0 && inner.rng.random_bool(rate.min(1.0)) {
            errors.push(ingestion_error(
                "mainImageUrl",
                "ERR_PDI_0062",
                "mainImageUrl could not be downloaded or is smaller than 1000 x 1000 pixels".into(),
            ));
        }
    }
    errors
}

/// Ingests a feed's items: each valid one created or updated by SKU.
fn process(inner: &mut Inner, feed_id: &str) {
    let Some(feed) = inner.feeds.get(feed_id) else {
        return;
    };
    if feed.processed || feed.feed_error.is_some() {
        return;
    }
    let client_id = feed.client_id.clone();
    let payloads: Vec<Value> = feed.items.iter().map(|i| i.payload.clone()).collect();
    let mut results = Vec::new();
    for payload in payloads {
        let errors = check(inner, &payload);
        let mut wpid = None;
        if errors.is_empty() {
            let sku = payload
                .pointer("/Orderable/sku")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let key = (client_id.clone(), sku.clone());
            let name = payload
                .pointer("/Orderable/productName")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let gtin = payload
                .pointer("/Orderable/productIdentifiers/productId")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let price = payload
                .pointer("/Orderable/price")
                .cloned()
                .unwrap_or(Value::Null);
            let category = payload
                .get("Visible")
                .and_then(Value::as_object)
                .and_then(|v| v.keys().next().cloned())
                .unwrap_or_default();
            let kind = match inner.items.get_mut(&key) {
                Some(item) => {
                    item.product_name = name;
                    item.gtin = gtin;
                    item.price = price;
                    item.category = category;
                    item.retired = false;
                    wpid = Some(item.wpid.clone());
                    "item.update"
                }
                None => {
                    let id = gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 12);
                    wpid = Some(id.clone());
                    inner.items.insert(
                        key,
                        Item {
                            sku: sku.clone(),
                            wpid: id,
                            gtin,
                            product_name: name,
                            category,
                            price,
                            retired: false,
                        },
                    );
                    "item.create"
                }
            };
            inner.item_events.push(ItemEvent {
                client_id: client_id.clone(),
                sku,
                kind: kind.into(),
                feed_id: Some(feed_id.to_owned()),
            });
        }
        results.push((errors, wpid));
    }
    if let Some(feed) = inner.feeds.get_mut(feed_id) {
        for (item, (errors, wpid)) in feed.items.iter_mut().zip(results) {
            item.errors = errors;
            item.wpid = wpid;
        }
        feed.processed = true;
    }
}

/// `GET /v3/feeds/{feedId}`: each poll moves the feed on (see the module doc).
pub fn feed_status(inner: &mut Inner, call: &Call, feed_id: &str) -> Answer {
    let polls_needed = inner.config.feed_polls;
    let polls = match inner
        .feeds
        .get_mut(feed_id)
        .filter(|f| f.client_id == call.client_id)
    {
        Some(f) => {
            f.polls += 1;
            f.polls
        }
        None => return Err(ApiError::not_found(format!("Feed {feed_id} not found"))),
    };
    if polls >= polls_needed {
        process(inner, feed_id);
    }
    let include = call.query("includeDetails") == Some("true");
    let offset: usize = call
        .query("offset")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let limit: usize = call
        .query("limit")
        .and_then(|v| v.parse().ok())
        .unwrap_or(50)
        .clamp(1, 1000);
    let Some(feed) = inner.feeds.get(feed_id) else {
        return Err(ApiError::not_found(format!("Feed {feed_id} not found")));
    };
    let status = if feed.feed_error.is_some() {
        "ERROR"
    } else if feed.processed {
        "PROCESSED"
    } else if feed.polls <= 1 {
        "RECEIVED"
    } else {
        "INPROGRESS"
    };
    let received = feed.items.len();
    let (succeeded, failed) = if feed.processed {
        let failed = feed.items.iter().filter(|i| !i.errors.is_empty()).count();
        (received - failed, failed)
    } else {
        (0, 0)
    };
    let processing = if feed.processed || feed.feed_error.is_some() {
        0
    } else {
        received
    };
    let mut out = json!({
        "feedId": feed.id,
        "feedStatus": status,
        "feedType": feed.feed_type,
        "feedDate": feed.received_ms,
        "itemsReceived": received,
        "itemsSucceeded": succeeded,
        "itemsFailed": failed,
        "itemsProcessing": processing,
        "offset": offset,
        "limit": limit,
    });
    if let Some(e) = &feed.feed_error {
        out["ingestionErrors"] = json!({ "ingestionError": [{ "type": "DATA_ERROR", "code": "ERR_EXT_DATA_0801001", "field": "MPItemFeedHeader", "description": e }] });
    }
    if include {
        let details: Vec<Value> = feed
            .items
            .iter()
            .skip(offset)
            .take(limit)
            .map(|i| {
                let status = if !feed.processed {
                    "INPROGRESS"
                } else if i.errors.is_empty() {
                    "SUCCESS"
                } else {
                    "DATA_ERROR"
                };
                json!({
                    "martId": 0,
                    "sku": i.sku,
                    "wpid": i.wpid,
                    "index": i.index,
                    "ingestionStatus": status,
                    "ingestionErrors": { "ingestionError": if i.errors.is_empty() { Value::Null } else { Value::Array(i.errors.clone()) } },
                })
            })
            .collect();
        out["itemDetails"] = json!({ "itemIngestionStatus": details });
    }
    Ok(out)
}

pub fn get_item(inner: &mut Inner, call: &Call, sku: &str) -> Answer {
    match inner.items.get(&(call.client_id.clone(), sku.to_owned())) {
        Some(item) => Ok(json!({ "ItemResponse": [item.to_json()], "totalItems": 1 })),
        None => Err(ApiError::not_found(format!(
            "Item with SKU {sku} not found"
        ))),
    }
}

pub fn retire(inner: &mut Inner, call: &Call, sku: &str, effect: &mut Effect) -> Answer {
    let Some(item) = inner
        .items
        .get_mut(&(call.client_id.clone(), sku.to_owned()))
    else {
        return Err(ApiError::not_found(format!(
            "Item with SKU {sku} not found"
        )));
    };
    if !item.retired {
        item.retired = true;
        inner.item_events.push(ItemEvent {
            client_id: call.client_id.clone(),
            sku: sku.to_owned(),
            kind: "item.retire".into(),
            feed_id: None,
        });
        effect.set("item.retire", sku);
    }
    Ok(json!({
        "sku": sku,
        "message": "Thank you.  Your item has been submitted for retirement from Walmart Catalog.  Please note that it can take up to 48 hours for items to be retired from our catalog.",
    }))
}
