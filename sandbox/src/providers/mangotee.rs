//! MangoTee's "MangoV3 Public API" (`https://v3.mangoteeprints.com/api/public/v1/…`), served
//! under `/mangotee/…`.
//!
//! Follows `reference/pod-providers.md` (MangoTee). Where it is unsure (⚠️) or silent (❓), the
//! stand-in does the following — the one place these choices are written down:
//!
//! - **Auth**: header `X-API-Key` (not Bearer). Missing or unknown: 401 `UNAUTHORIZED`.
//! - **Envelope** ⚠️: `{code:"SUCCESS", message, data}`; errors `{code, message}` without
//!   `data`, with codes `UNAUTHORIZED` (401), `VALIDATION_ERROR` (400), `NOT_FOUND` (404),
//!   `RATE_LIMIT_EXCEEDED` (429), `INTERNAL_ERROR` (500). A validation message starts with the
//!   field: `zip: is required`, `items[0].sku: is not a known SKU`.
//! - **Rate limit**: 10 calls a second per key (fixed one-second windows). Every answer after
//!   authentication carries `x-ratelimit-limit`, `x-ratelimit-remaining` and
//!   `x-ratelimit-reset` (❓ seconds until the window starts again). Over it: 429
//!   `RATE_LIMIT_EXCEEDED` with those headers; ❓ no `Retry-After` (the reference names none).
//! - **Idempotency**: the create body's `order_id` (ours, at most 40 characters) is unique per
//!   account; a second create with it answers 400 `VALIDATION_ERROR` `order_id: already
//!   exists` and makes nothing. ❓ `GET /orders/{order_id}`, `PUT` and `…/cancel` accept either
//!   MangoTee's `id` or the seller's `order_id` (the path parameter bears that name), so a
//!   client finds the order it made by its own reference.
//! - **Create** answers 201 with the order. Required: `order_id`, `first_name`, `last_name`,
//!   `phone`, `address_line_1`, `city`, `state`, `country` (ISO-2), `zip`, `shipping_method`
//!   (`standard`, `priority`, `express`, `global`, `by_tiktok`, `by_seller`,
//!   `dhl_parcel_ground`, `dhl_parcel_expedited`), `items[]` with `sku`, `quantity` and at
//!   least one `print_files[] {key, url}`. ❓ `by_tiktok` and `by_seller` need `label_url`;
//!   `speed_type` (`rush`, `expedite`) is only for FASTUS SKUs; every item of an order must
//!   come from one production line (the line is inferred from the SKU); a print file `key`
//!   must be one the SKU's line prints (`front`, `back`, `left_sleeve`, `right_sleeve`,
//!   `neck_label`; USEMB adds `left_wrist`, `right_wrist`; mugs `front` only).
//! - **Money** ❓: decimal US dollars (`base_cost: 8.23`), `currency: "USD"`. An order carries
//!   `subtotal`, `shipping_fee` and `total`. Shipping by `by_tiktok`/`by_seller` costs nothing.
//! - **Statuses**: `new_order` → `in_production` → `shipped` (with `carrier`,
//!   `tracking_number`, `tracking_url`, `shipped_at`, and ❓ `tracking_status: "in_transit"`)
//!   → delivered, which MangoTee shows as `tracking_status: "delivered"` while `status` stays
//!   `shipped`. Side states `on_hold`, `rejected`, `cancelled`, `in_production_cancelled`,
//!   `full_refunded`, `partial_refunded` (set by hand in tests).
//! - **Cancel** `POST /orders/{order_id}/cancel` only while `new_order` or `on_hold`; it
//!   answers the order with `status: "cancelled"`. Otherwise 400 `VALIDATION_ERROR` with a
//!   message starting `status:` that names the status. `PUT /orders/{order_id}` changes only
//!   `label_url`, `shipping_method` and `note`, under the same rule.
//! - **List** ❓ `GET /orders?page=&limit=&status=&order_id=&from_date=&to_date=` (dates
//!   ISO-8601, on the creation time; `limit` at most 100, default 20), newest first; `data` is
//!   `{items, page, limit, total, total_pages}`, as are the product and variation lists.
//! - **Catalogue**: `GET /production-lines` (`{code, name, description}`), `GET
//!   /products?page=&limit=≤100` (`{id, name, sku, production_line, brand, print_files[] {key,
//!   width, height}, image, stock}`; ⚠️ the tote comes back with a `PROD-<uuid>` placeholder
//!   `sku`), `GET /products/{id}/variations?page=&limit=≤200` (`{id, sku, color, color_code,
//!   size, base_cost, stock}`). Variation SKUs read `{LINE}-{STYLE}-{COLOR}-{SIZE}`
//!   (`US1-G5000-BLK-M`).
//! - **Webhooks** ❓ `POST /webhooks {url, events?, secret?}` registers (the same `url` again
//!   updates it) and answers `{id, url, events, secret, created_at}` — a secret is generated
//!   when none is given, and shown only then; `GET /webhooks` lists them without secrets.
//!   Events `order.status` (creation and every status change) and `order.shipment` (shipped,
//!   delivered). Body `{event, data {id, order_id, status, tracking_status?, tracking?
//!   {carrier, tracking_number, tracking_url}}, created_at}`, header `X-Signature: hex
//!   HMAC-SHA256(secret, raw body)` (the assumed shape's signing).
use axum::http::{HeaderName, Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::api::{self, Call, Ctx, Handled, Reply, Spec, field, iso_millis, whole};
use super::catalog::{self, PRODUCTS, VariantRef};
use super::limits::{self, Limit, Standing};
use super::state::{Inner, Order, Recipient, Stage};
use super::webhooks::{Event, Hook, event_id};
use super::{LineSpec, Provider, build_order, cancel_order, store_order};

pub static SPEC: Spec = Spec {
    provider: Provider::MangoTee,
    statuses: &[
        ("new_order", Stage::Pending),
        ("on_hold", Stage::OnHold),
        ("in_production", Stage::InProduction),
        ("shipped", Stage::Shipped),
        ("rejected", Stage::Rejected),
        ("cancelled", Stage::Cancelled),
        ("in_production_cancelled", Stage::Cancelled),
        ("full_refunded", Stage::Cancelled),
        ("partial_refunded", Stage::Shipped),
    ],
    lifecycle: &[
        ("new_order", Stage::Pending),
        ("in_production", Stage::InProduction),
        ("shipped", Stage::Shipped),
        ("shipped", Stage::Delivered),
    ],
    cancelled: "cancelled",
    cancellable: &["new_order", "on_hold"],
    handle,
    peek,
    reference_path: &["order_id"],
    throttled,
    internal,
    events,
    sign,
    sku_of,
    area_name,
    percent: 92,
    new_id,
    default_method: "standard",
};

/// Production lines: code, name, description, price in percent of the base cost, and the
/// products (catalogue indexes) each makes.
const LINES: &[(&str, &str, &str, i64, &[usize])] = &[
    (
        "US1",
        "US Print 1",
        "Direct-to-garment printing in the United States; mugs and totes too.",
        92,
        &[0, 1, 2, 3, 4, 5],
    ),
    (
        "FASTUS",
        "Fast US",
        "Faster US production with rush and expedite speeds.",
        106,
        &[0],
    ),
    (
        "TIKTOK",
        "TikTok Shop",
        "Made for TikTok Shop orders shipped on TikTok's labels.",
        97,
        &[0],
    ),
    (
        "USEMB",
        "US Embroidery",
        "Embroidery in the United States.",
        129,
        &[1],
    ),
    (
        "VNEMB",
        "Vietnam Embroidery",
        "Embroidery in Vietnam (hats, socks, apparel).",
        85,
        &[],
    ),
];

const METHODS: &[&str] = &[
    "standard",
    "priority",
    "express",
    "global",
    "by_tiktok",
    "by_seller",
    "dhl_parcel_ground",
    "dhl_parcel_expedited",
];

fn envelope_error(status: StatusCode, code: &str, message: impl Into<String>) -> Reply {
    Reply::json(status, json!({ "code": code, "message": message.into() }))
}

fn invalid(message: impl Into<String>) -> Reply {
    envelope_error(StatusCode::BAD_REQUEST, "VALIDATION_ERROR", message)
}

fn not_found(what: &str) -> Reply {
    envelope_error(
        StatusCode::NOT_FOUND,
        "NOT_FOUND",
        format!("{what} not found"),
    )
}

fn success(status: StatusCode, data: Value) -> Reply {
    Reply::json(
        status,
        json!({ "code": "SUCCESS", "message": "Success", "data": data }),
    )
}

fn throttled(reset: u64) -> Reply {
    envelope_error(
        StatusCode::TOO_MANY_REQUESTS,
        "RATE_LIMIT_EXCEEDED",
        "Too many requests, please slow down",
    )
    .header(HeaderName::from_static("x-ratelimit-limit"), 10)
    .header(HeaderName::from_static("x-ratelimit-remaining"), 0)
    .header(HeaderName::from_static("x-ratelimit-reset"), reset)
}

fn internal() -> Reply {
    envelope_error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "INTERNAL_ERROR",
        "Internal server error",
    )
}

fn sign(secret: &str, body: &[u8]) -> (&'static str, String) {
    ("x-signature", api::hmac_hex(secret, body))
}

fn new_id(inner: &mut Inner, _now: DateTime<Utc>) -> (String, String) {
    let id = inner.uuid();
    (id.clone(), id)
}

fn size_token(name: &str) -> String {
    name.replace(' ', "").to_ascii_uppercase()
}

fn variation_sku(line: &str, v: VariantRef) -> String {
    format!(
        "{line}-{}-{}-{}",
        v.product().key,
        v.color().code,
        size_token(v.size().name)
    )
}

fn sku_of(v: VariantRef) -> (String, Map<String, Value>) {
    (variation_sku("US1", v), Map::new())
}

fn area_name(canonical: &str) -> Option<String> {
    match canonical {
        "wrap" => Some("front".into()),
        "hood" => None,
        other => Some(other.to_owned()),
    }
}

/// The keys a line prints on a product.
fn print_keys(line: &str, v: VariantRef) -> Vec<String> {
    let mut keys: Vec<String> = v
        .product()
        .areas
        .iter()
        .filter_map(|a| area_name(a.name))
        .collect();
    if v.product().areas.len() > 1 {
        keys.push("neck_label".into());
    }
    if line == "USEMB" {
        keys.retain(|k| k == "front" || k == "back");
        keys.extend(["left_wrist".to_owned(), "right_wrist".to_owned()]);
    }
    keys
}

/// A variation from its SKU: its line and variant.
fn resolve_sku(sku: &str) -> Option<(&'static str, i64, VariantRef)> {
    let mut parts = sku.trim().splitn(4, '-');
    let (line, key, color, size) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let (code, _, _, percent, products) = LINES.iter().find(|l| l.0 == line)?;
    let p = PRODUCTS.iter().position(|p| p.key == key)?;
    if !products.contains(&p) {
        return None;
    }
    let v = catalog::variants_of(p)
        .find(|v| v.color().code == color && size_token(v.size().name) == size)?;
    Some((code, *percent, v))
}

/// A stable UUID-shaped id for catalogue rows.
fn catalog_id(kind: u32, a: usize, b: usize) -> String {
    format!("{kind:08x}-{a:04x}-4{b:03x}-8000-{:012x}", (a << 16) | b)
}

fn peek(inner: &Inner, call: &Call) -> Option<String> {
    let key = call.header("x-api-key")?;
    inner
        .account_by_key(Provider::MangoTee, key)
        .map(|a| a.id.clone())
}

fn handle(inner: &mut Inner, call: &Call, ctx: &mut Ctx) -> Handled {
    let account = peek(inner, call).ok_or_else(|| {
        envelope_error(
            StatusCode::UNAUTHORIZED,
            "UNAUTHORIZED",
            "Invalid or missing API key",
        )
    })?;
    ctx.account = Some(account.clone());
    let limit = Limit {
        max: 10,
        window_ms: 1000,
        block_ms: 0,
    };
    let standing = limits::take(
        inner,
        format!("mangotee:{account}"),
        limit,
        ctx.now.timestamp_millis(),
    )
    .map_err(throttled)?;
    let stamp = |r: Reply| with_limits(r, standing);
    route(inner, call, ctx, &account).map(stamp).map_err(stamp)
}

fn with_limits(r: Reply, s: Standing) -> Reply {
    r.header(HeaderName::from_static("x-ratelimit-limit"), s.limit)
        .header(
            HeaderName::from_static("x-ratelimit-remaining"),
            s.remaining,
        )
        .header(HeaderName::from_static("x-ratelimit-reset"), s.reset_secs)
}

fn route(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let m = &call.method;
    match call.segments().as_slice() {
        ["orders"] if *m == Method::POST => create(inner, call, ctx, account),
        ["orders"] if *m == Method::GET => list(inner, call, ctx, account),
        ["orders", id] if *m == Method::GET => {
            let o = find(inner, account, id)?;
            Ok(success(StatusCode::OK, render(o)))
        }
        ["orders", id] if *m == Method::PUT => update(inner, call, ctx, account, id),
        ["orders", id, "cancel"] if *m == Method::POST => {
            let real = find(inner, account, id)?.id.clone();
            ctx.reference = find(inner, account, id)?.reference.clone();
            cancel_order(inner, &SPEC, &real, ctx.now).map_err(|status| {
                invalid(format!(
                    "status: an order in {status} cannot be cancelled (only new_order or on_hold)"
                ))
            })?;
            ctx.wrote = true;
            Ok(success(StatusCode::OK, render(find(inner, account, &real)?)))
        }
        ["production-lines"] if *m == Method::GET => Ok(success(
            StatusCode::OK,
            Value::Array(
                LINES
                    .iter()
                    .map(|(code, name, description, _, _)| {
                        json!({ "code": code, "name": name, "description": description })
                    })
                    .collect(),
            ),
        )),
        ["products"] if *m == Method::GET => products(call, ctx),
        ["products", id, "variations"] if *m == Method::GET => variations(call, id),
        ["webhooks"] if *m == Method::GET => Ok(success(
            StatusCode::OK,
            Value::Array(
                inner
                    .hooks
                    .iter()
                    .filter(|h| h.provider == Provider::MangoTee && h.account == account)
                    .map(|h| hook_json(h, false))
                    .collect(),
            ),
        )),
        ["webhooks"] if *m == Method::POST => register(inner, call, ctx, account),
        _ => Err(not_found("Route")),
    }
}

/// An account's order by MangoTee's id or by the seller's `order_id`.
fn find<'a>(inner: &'a Inner, account: &str, id: &str) -> Result<&'a Order, Reply> {
    inner
        .order(Provider::MangoTee, id)
        .filter(|o| o.account == account)
        .or_else(|| inner.order_by_reference(account, id))
        .ok_or_else(|| not_found("Order"))
}

fn money(cents: i64) -> Value {
    json!((cents as f64) / 100.0)
}

fn product_rows() -> Vec<(usize, &'static str, usize)> {
    LINES
        .iter()
        .enumerate()
        .flat_map(|(li, (code, _, _, _, products))| products.iter().map(move |p| (li, *code, *p)))
        .collect()
}

fn products(call: &Call, ctx: &Ctx) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 20, 100).map_err(invalid)?;
    let rows = product_rows();
    let total = rows.len();
    let (slice, pages) = api::page_of(&rows, page, limit);
    let items: Vec<Value> = slice
        .into_iter()
        .map(|(li, code, p)| {
            let product = &PRODUCTS[p];
            let first = VariantRef {
                product: p,
                color: 0,
                size: 0,
            };
            let id = catalog_id(0x0b5e_0000, li, p);
            let sku = if product.key == "TOTE" {
                format!("PROD-{id}")
            } else {
                product.key.to_owned()
            };
            let keys: Vec<Value> = print_keys(code, first)
                .into_iter()
                .map(|k| {
                    let area = product
                        .areas
                        .iter()
                        .find(|a| area_name(a.name).as_deref() == Some(k.as_str()));
                    json!({
                        "key": k,
                        "width": area.map(|a| a.width).unwrap_or(1200),
                        "height": area.map(|a| a.height).unwrap_or(1200),
                    })
                })
                .collect();
            let stock: i64 = catalog::variants_of(p).map(VariantRef::stock).sum();
            json!({
                "id": id,
                "name": format!("{} ({})", product.name, code),
                "sku": sku,
                "production_line": code,
                "brand": product.brand,
                "print_files": keys,
                "image": format!("{}/__sandbox/providers/images/{}-{}.png", ctx.origin, product.key, first.color().code),
                "stock": stock,
            })
        })
        .collect();
    Ok(success(
        StatusCode::OK,
        json!({ "items": items, "page": page, "limit": limit, "total": total, "total_pages": pages }),
    ))
}

fn variations(call: &Call, id: &str) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 100, 200).map_err(invalid)?;
    let (li, code, p) = product_rows()
        .into_iter()
        .find(|(li, _, p)| catalog_id(0x0b5e_0000, *li, *p) == id)
        .ok_or_else(|| not_found("Product"))?;
    let percent = LINES[li].3;
    let all: Vec<VariantRef> = catalog::variants_of(p).collect();
    let total = all.len();
    let (slice, pages) = api::page_of(&all, page, limit);
    let items: Vec<Value> = slice
        .into_iter()
        .map(|v| {
            json!({
                "id": catalog_id(0x0a7e_0000 + li as u32, p, v.ordinal()),
                "sku": variation_sku(code, v),
                "color": v.color().name,
                "color_code": v.color().hex,
                "size": v.size().name,
                "base_cost": money(v.cost_cents(percent)),
                "stock": v.stock(),
            })
        })
        .collect();
    Ok(success(
        StatusCode::OK,
        json!({ "items": items, "page": page, "limit": limit, "total": total, "total_pages": pages }),
    ))
}

fn create(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
    if !body.is_object() {
        return Err(invalid("body: must be a JSON object"));
    }
    let order_id = field(&body, "order_id").ok_or_else(|| invalid("order_id: is required"))?;
    ctx.reference = Some(order_id.clone());
    if order_id.chars().count() > 40 {
        return Err(invalid("order_id: must be at most 40 characters"));
    }
    let required =
        |name: &str| field(&body, name).ok_or_else(|| invalid(format!("{name}: is required")));
    let country = required("country")?.to_ascii_uppercase();
    if country.len() != 2 {
        return Err(invalid("country: must be an ISO 3166-1 alpha-2 code"));
    }
    let recipient = Recipient {
        first_name: required("first_name")?,
        last_name: required("last_name")?,
        email: field(&body, "email"),
        phone: Some(required("phone")?),
        company: None,
        address1: required("address_line_1")?,
        address2: field(&body, "address_line_2"),
        city: required("city")?,
        region: required("state")?,
        zip: required("zip")?,
        country,
    };
    let method = required("shipping_method")?;
    if !METHODS.contains(&method.as_str()) {
        return Err(invalid(format!(
            "shipping_method: must be one of {}",
            METHODS.join(", ")
        )));
    }
    let label_url = field(&body, "label_url");
    if matches!(method.as_str(), "by_tiktok" | "by_seller") && label_url.is_none() {
        return Err(invalid(format!(
            "label_url: is required when shipping_method is {method}"
        )));
    }
    let speed = field(&body, "speed_type");
    if let Some(s) = &speed
        && !matches!(s.as_str(), "rush" | "expedite")
    {
        return Err(invalid("speed_type: must be rush or expedite"));
    }
    if let Some(c) = field(&body, "preferred_carrier")
        && !matches!(c.as_str(), "auto" | "usps")
    {
        return Err(invalid("preferred_carrier: must be auto or usps"));
    }
    let items = body
        .get("items")
        .and_then(Value::as_array)
        .filter(|a| !a.is_empty())
        .ok_or_else(|| invalid("items: must contain at least one item"))?;
    let mut lines = Vec::new();
    let mut order_line: Option<&'static str> = None;
    for (i, item) in items.iter().enumerate() {
        let at = |name: &str| format!("items[{i}].{name}");
        let sku =
            field(item, "sku").ok_or_else(|| invalid(format!("{}: is required", at("sku"))))?;
        let (line, percent, variant) = resolve_sku(&sku)
            .ok_or_else(|| invalid(format!("{}: {sku} is not a known SKU", at("sku"))))?;
        if order_line.is_some_and(|l| l != line) {
            return Err(invalid(format!(
                "{}: every item of an order must come from one production line",
                at("sku")
            )));
        }
        order_line = Some(line);
        let quantity = item
            .get("quantity")
            .and_then(whole)
            .filter(|q| (1..=100).contains(q))
            .ok_or_else(|| invalid(format!("{}: must be between 1 and 100", at("quantity"))))?;
        let files = item
            .get("print_files")
            .and_then(Value::as_array)
            .filter(|f| !f.is_empty())
            .ok_or_else(|| {
                invalid(format!(
                    "{}: at least one print file is required",
                    at("print_files")
                ))
            })?;
        let keys = print_keys(line, variant);
        let mut pf = Vec::new();
        for (j, f) in files.iter().enumerate() {
            let here = format!("{}[{j}]", at("print_files"));
            let key = field(f, "key").ok_or_else(|| invalid(format!("{here}.key: is required")))?;
            if !keys.contains(&key) {
                return Err(invalid(format!(
                    "{here}.key: {key} is not printed on {sku} (allowed: {})",
                    keys.join(", ")
                )));
            }
            let url = field(f, "url")
                .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
                .ok_or_else(|| invalid(format!("{here}.url: must be an http(s) URL")))?;
            pf.push((key, url));
        }
        let mut extra = Map::new();
        if let Some(own) = field(item, "item_id") {
            extra.insert("seller_item_id".into(), json!(own));
        }
        if let Some(config) = item.get("production_config").filter(|c| !c.is_null()) {
            extra.insert("production_config".into(), config.clone());
        }
        lines.push(LineSpec {
            variant,
            quantity: u32::try_from(quantity).unwrap_or(1),
            unit_cost: variant.cost_cents(percent),
            sku,
            files: pf,
            name: None,
            mockup: None,
            extra,
        });
    }
    if speed.is_some() && order_line != Some("FASTUS") {
        return Err(invalid("speed_type: only FASTUS items take a speed type"));
    }
    if inner.order_by_reference(account, &order_id).is_some() {
        return Err(invalid("order_id: already exists"));
    }
    let mut order = build_order(
        inner,
        &SPEC,
        account,
        Some(order_id),
        None,
        recipient,
        lines,
        method.clone(),
        ctx.now,
    );
    let factor = match method.as_str() {
        "priority" => 160,
        "express" => 250,
        "global" => 220,
        "dhl_parcel_ground" => 110,
        "dhl_parcel_expedited" => 180,
        "by_tiktok" | "by_seller" => 0,
        _ => 100,
    };
    for l in &mut order.lines {
        l.shipping = l.shipping * factor / 100;
    }
    let line = order_line.unwrap_or("US1");
    order.extra.insert("production_line".into(), json!(line));
    for (key, name) in [
        ("label_url", "label_url"),
        ("note", "note"),
        ("facility", "facility"),
        ("seller", "seller"),
        ("preferred_carrier", "preferred_carrier"),
        ("speed_type", "speed_type"),
    ] {
        if let Some(v) = field(&body, name) {
            order.extra.insert(key.into(), json!(v));
        }
    }
    if let Some(scan) = body.get("is_scan_label").and_then(Value::as_bool) {
        order.extra.insert("is_scan_label".into(), json!(scan));
    }
    let id = order.id.clone();
    store_order(inner, &SPEC, order, ctx.now);
    ctx.created = Some(id.clone());
    ctx.wrote = true;
    Ok(success(
        StatusCode::CREATED,
        render(find(inner, account, &id)?),
    ))
}

fn update(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str, id: &str) -> Handled {
    let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
    let Some(fields) = body.as_object() else {
        return Err(invalid("body: must be a JSON object"));
    };
    if let Some(other) = fields
        .keys()
        .find(|k| !matches!(k.as_str(), "label_url" | "shipping_method" | "note"))
    {
        return Err(invalid(format!(
            "{other}: cannot be changed (only label_url, shipping_method and note)"
        )));
    }
    let (real, status) = {
        let o = find(inner, account, id)?;
        (o.id.clone(), o.status)
    };
    if !SPEC.can_cancel(status) {
        return Err(invalid(format!(
            "status: an order in {status} can no longer be changed"
        )));
    }
    let method = field(&body, "shipping_method");
    if let Some(m) = &method
        && !METHODS.contains(&m.as_str())
    {
        return Err(invalid(format!(
            "shipping_method: must be one of {}",
            METHODS.join(", ")
        )));
    }
    let Some(order) = inner.order_mut(Provider::MangoTee, &real) else {
        return Err(not_found("Order"));
    };
    if let Some(m) = method {
        order.shipping_method = m;
    }
    for key in ["label_url", "note"] {
        if let Some(v) = field(&body, key) {
            order.extra.insert(key.into(), json!(v));
        }
    }
    order.updated_at = ctx.now;
    ctx.reference = order.reference.clone();
    ctx.wrote = true;
    Ok(success(
        StatusCode::OK,
        render(find(inner, account, &real)?),
    ))
}

fn tracking_status(o: &Order) -> Option<&'static str> {
    match o.stage {
        Stage::Delivered => Some("delivered"),
        _ if o.shipment.is_some() => Some("in_transit"),
        _ => None,
    }
}

fn render(o: &Order) -> Value {
    let r = &o.recipient;
    let items: Vec<Value> = o
        .lines
        .iter()
        .map(|l| {
            json!({
                "item_id": l.item_id,
                "seller_item_id": l.extra.get("seller_item_id"),
                "sku": l.sku,
                "quantity": l.quantity,
                "base_cost": money(l.unit_cost),
                "color": l.variant.color().name,
                "size": l.variant.size().name,
                "print_files": l.files.iter().map(|(k, u)| json!({ "key": k, "url": u })).collect::<Vec<_>>(),
                "production_config": l.extra.get("production_config"),
            })
        })
        .collect();
    let s = o.shipment.as_ref();
    let mut out = json!({
        "id": o.id,
        "order_id": o.reference,
        "status": o.status,
        "tracking_status": tracking_status(o),
        "production_line": o.extra.get("production_line"),
        "shipping_method": o.shipping_method,
        "first_name": r.first_name,
        "last_name": r.last_name,
        "email": r.email,
        "phone": r.phone,
        "address_line_1": r.address1,
        "address_line_2": r.address2,
        "city": r.city,
        "state": r.region,
        "country": r.country,
        "zip": r.zip,
        "items": items,
        "subtotal": money(o.items_cents()),
        "shipping_fee": money(o.shipping_cents()),
        "total": money(o.total_cents()),
        "currency": "USD",
        "carrier": s.map(|s| s.carrier),
        "tracking_number": s.map(|s| s.number.clone()),
        "tracking_url": s.map(|s| s.url.clone()),
        "shipped_at": s.map(|s| iso_millis(s.shipped_at)),
        "delivered_at": s.and_then(|s| s.delivered_at).map(iso_millis),
        "created_at": iso_millis(o.created_at),
        "updated_at": iso_millis(o.updated_at),
    });
    for key in [
        "label_url",
        "note",
        "facility",
        "seller",
        "preferred_carrier",
        "speed_type",
        "is_scan_label",
    ] {
        if let Some(v) = o.extra.get(key) {
            out[key] = v.clone();
        }
    }
    out
}

fn list(inner: &Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 20, 100).map_err(invalid)?;
    let status = call.query("status");
    let reference = call.query("order_id");
    ctx.reference = reference.map(str::to_owned);
    let date = |name: &str| -> Result<Option<DateTime<Utc>>, Reply> {
        match call.query(name) {
            None => Ok(None),
            Some(raw) => api::parse_time(raw)
                .map(Some)
                .ok_or_else(|| invalid(format!("{name}: must be an ISO-8601 date"))),
        }
    };
    let from = date("from_date")?;
    let to = date("to_date")?;
    if let Some(s) = status
        && SPEC.stage_of(s).is_none()
    {
        return Err(invalid(format!("status: {s} is not an order status")));
    }
    let mut rows: Vec<&Order> = inner
        .orders_of(account)
        .filter(|o| status.is_none_or(|s| o.status == s))
        .filter(|o| reference.is_none_or(|r| o.reference.as_deref() == Some(r)))
        .filter(|o| from.is_none_or(|f| o.created_at >= f))
        .filter(|o| to.is_none_or(|t| o.created_at <= t))
        .collect();
    rows.reverse();
    let total = rows.len();
    let (slice, pages) = api::page_of(&rows, page, limit);
    let items: Vec<Value> = slice.into_iter().map(render).collect();
    Ok(success(
        StatusCode::OK,
        json!({ "items": items, "page": page, "limit": limit, "total": total, "total_pages": pages }),
    ))
}

const EVENTS: &[&str] = &["order.status", "order.shipment"];

fn hook_json(h: &Hook, with_secret: bool) -> Value {
    json!({
        "id": h.id,
        "url": h.url,
        "events": h.topics,
        "secret": if with_secret { h.secret.clone() } else { None },
        "created_at": iso_millis(h.created_at),
    })
}

fn register(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
    let url = field(&body, "url")
        .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
        .ok_or_else(|| invalid("url: must be an http(s) URL"))?;
    let events: Vec<String> = match body.get("events") {
        None | Some(Value::Null) => EVENTS.iter().map(|e| (*e).to_owned()).collect(),
        Some(Value::Array(list)) => {
            let mut out = Vec::new();
            for e in list {
                let name = api::text(e).unwrap_or_default();
                if !EVENTS.contains(&name.as_str()) {
                    return Err(invalid(format!(
                        "events: {name} is not an event (order.status, order.shipment)"
                    )));
                }
                out.push(name);
            }
            out
        }
        Some(_) => return Err(invalid("events: must be a list")),
    };
    let secret = match field(&body, "secret") {
        Some(s) => s,
        None => format!("whsec_{}", inner.token(32)),
    };
    inner
        .hooks
        .retain(|h| !(h.provider == Provider::MangoTee && h.account == account && h.url == url));
    let hook = Hook {
        id: inner.uuid(),
        provider: Provider::MangoTee,
        account: account.to_owned(),
        url,
        secret: Some(secret),
        topics: events,
        created_at: ctx.now,
    };
    inner.hooks.push(hook.clone());
    ctx.wrote = true;
    Ok(success(StatusCode::CREATED, hook_json(&hook, true)))
}

fn events(o: &Order, from: Option<&'static str>, now: DateTime<Utc>) -> Vec<Event> {
    let tracking = o.shipment.as_ref().map(
        |s| json!({ "carrier": s.carrier, "tracking_number": s.number, "tracking_url": s.url }),
    );
    let event = |name: &str| Event {
        topic: name.to_owned(),
        order_id: o.id.clone(),
        body: json!({
            "event": name,
            "id": event_id(&o.id, name, o.updated_at),
            "data": {
                "id": o.id,
                "order_id": o.reference,
                "status": o.status,
                "tracking_status": tracking_status(o),
                "tracking": tracking,
            },
            "created_at": iso_millis(now),
        }),
    };
    let mut out = Vec::new();
    if from != Some(o.status) {
        out.push(event("order.status"));
    }
    if from.is_some()
        && matches!(o.stage, Stage::Shipped | Stage::Delivered)
        && o.shipment.is_some()
    {
        out.push(event("order.shipment"));
    }
    out
}
