//! Gearment's API v3 (`https://apiv2.gearment.com/integration-handler/api/v3/…`), served under
//! `/gearment/api/v3/…`.
//!
//! Follows `reference/pod-providers.md` (Gearment v3). Where it is unsure (⚠️) or silent (❓),
//! the stand-in does the following — the one place these choices are written down:
//!
//! - **Auth**: `X-Gearment-Client-Key` + `X-Gearment-Client-Secret`; ⚠️ `X-API-Key` +
//!   `X-API-Secret` (the names other sections of the doc use) are accepted too. Missing or
//!   wrong: 401 `{status:"error", message}`.
//! - **Envelope**: `{status:"success", message, data, paging?}` with `paging {total,
//!   total_page, page, limit}` on lists; errors `{status:"error", message}`. ❓ The v3 enums
//!   look like gRPC-gateway's, so errors follow its HTTP mapping: validation and a refused state
//!   change 400, unknown 404, a duplicate 409. A validation message starts with the field path
//!   inside `data` (`address.zip_code: is required`, `line_items[0].variant_id: …`).
//! - **Rate limit**: 100 calls per 10 s per client key; going over blocks the key for a minute:
//!   429 `{"error":{"code":429,"message"}}` with `Retry-After` (seconds left in the block). An
//!   injected throttle says `Retry-After: 1`.
//! - **Create** `POST /api/v3/orders/draft` with `{"data": {reference_id, platform?, store_id?,
//!   agree_at_risk?, shipping_method?, gift_message_body?, billing_option?, address
//!   {first_name, last_name, company?, street_1, street_2?, city, state_code, state_name?,
//!   zip_code, country_code, country_name?, phone_no?, email?}, line_items[] {variant_id (or
//!   ❓ `legacy_id`, the variant's number without `GM`), quantity, printing_options[]
//!   {location_code, url}, barcode_url?}}}`. `POST /api/v3/orders/draft/labeled` is the same
//!   plus ❓ a required `label_url`. Answers 200 with `data {order_id, order_name, status,
//!   line_items, order_total, order_subtotal, order_shipping_fee, order_tax, …}`.
//! - **Checkout** ❓ (how it is triggered is not documented): sandbox accounts pay drafts from
//!   their wallet at once, so a created draft is `VENDOR_ORDER_DRAFT_STATUS_CHECKED_OUT` and
//!   the order is `VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT` with `payment_status`
//!   `VENDOR_ORDER_PAYMENT_STATUS_SUCCESS`. `PATCH /api/v3/orders/draft/line-items` therefore
//!   answers 400 (`order_id: the draft is already checked out`).
//! - **Idempotency** ❓: `reference_id` is unique per account; a second create with it answers
//!   409 with `data {order_id}` of the order made before, and makes nothing.
//! - **Order statuses** (`order_status`): `…_AWAITING_FULFILLMENT` → `…_IN_PRODUCTION` →
//!   `…_PACKED` → ❓ `…_SHIPPED` (with `tracking_no` and `order_trackings[] {tracking_no,
//!   carrier, tracking_url, shipped_at, delivered_at?}`) → ❓ `…_DELIVERED`; side states
//!   `…_AWAITING_PAYMENT`, `…_PAYMENT_FAILED`, ❓ `…_ON_HOLD`, ❓ `…_CANCELLED` (all prefixed
//!   `VENDOR_ORDER_STATUS_`).
//! - **Cancel** ❓ (the reference shows no cancel path; the assumed shape fills it): `POST
//!   /api/v3/orders/{order_id}/cancel`, allowed while awaiting payment or fulfilment, payment
//!   failed or on hold; the order becomes `…_CANCELLED` with `cancel_status`
//!   `VENDOR_ORDER_CANCEL_STATUS_CANCELLED` and the draft `…_DELETED`. Otherwise 400
//!   `order_status: … cannot be cancelled`.
//! - **List** `GET /api/v3/orders` with `filter.created_at_min` (ISO-8601),
//!   `filter.statuses`, `filter.order_ids`, `filter.payment_status` (repeated keys or commas),
//!   `paging.page`, `paging.limit` (❓ default 20, at most 100), newest first.
//!   `filter.created_methods` is accepted and ignored (every order here is made by API).
//! - **Money** ❓: decimal US dollars (`order_total: 21.4`).
//! - **Catalogue**: `GET /api/v3/catalog` (products `{product_code, name, brand, description,
//!   print_locations[], image, variants[]}`), `GET /api/v3/catalog/variants` (❓
//!   `filter.product_codes`), `GET /api/v3/catalog/variants/stock` (`filter.sizes`,
//!   `filter.color_codes`, `filter.stock_labels` ❓ `in_stock|low_stock|out_of_stock`). A
//!   variant is `{variant_id, product_code, color_name, color_code, size, price, stock,
//!   stock_label}`. Location codes `PRINT_LOCATION_CODE_FRONT`, `_BACK`, `_LEFT_SLEEVE`,
//!   `_RIGHT_SLEEVE`, `_HOOD`, and `_WHOLE` for mugs.
//! - **Quote** `POST /api/v3/orders/price` with the create's `data` → `data {order_subtotal,
//!   order_shipping_fee, order_tax, order_total}`.
//! - **Webhooks** `POST /api/v3/webhooks` ❓ `{url, events?, secret?}` (bare or wrapped in
//!   `data`) → `data {webhook_id, url, events, secret, created_at}` (a secret is generated
//!   when none is given, shown only then); `GET` lists, `DELETE /api/v3/webhooks/{id}`
//!   removes. Payload `{type, order {gearment_id, gearment_name, vendor_id (our
//!   reference_id), ord_status, verify_address, tracking_no?, carrier?, tracking_url?}}` with
//!   types ❓ `shipping_address_verified` (at creation), `order_tracking_updated` (shipped),
//!   `order_completed` (delivered), `order_cancelled`. ⚠️ The signing is undocumented: ❓
//!   `X-Signature: hex HMAC-SHA256(secret, raw body)`, the assumed shape's.
use axum::http::{HeaderName, Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::api::{self, Call, Ctx, Handled, Reply, Spec, field, iso, whole};
use super::catalog::{self, PRODUCTS, VariantRef};
use super::limits::{self, Limit};
use super::state::{Inner, Order, Recipient, Stage};
use super::webhooks::{Event, Hook};
use super::{LineSpec, Provider, build_order, cancel_order, store_order};

pub static SPEC: Spec = Spec {
    provider: Provider::Gearment,
    statuses: &[
        ("VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT", Stage::Pending),
        ("VENDOR_ORDER_STATUS_AWAITING_PAYMENT", Stage::Pending),
        ("VENDOR_ORDER_STATUS_PAYMENT_FAILED", Stage::OnHold),
        ("VENDOR_ORDER_STATUS_ON_HOLD", Stage::OnHold),
        ("VENDOR_ORDER_STATUS_IN_PRODUCTION", Stage::InProduction),
        ("VENDOR_ORDER_STATUS_PACKED", Stage::InProduction),
        ("VENDOR_ORDER_STATUS_SHIPPED", Stage::Shipped),
        ("VENDOR_ORDER_STATUS_DELIVERED", Stage::Delivered),
        ("VENDOR_ORDER_STATUS_CANCELLED", Stage::Cancelled),
    ],
    lifecycle: &[
        ("VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT", Stage::Pending),
        ("VENDOR_ORDER_STATUS_IN_PRODUCTION", Stage::InProduction),
        ("VENDOR_ORDER_STATUS_PACKED", Stage::InProduction),
        ("VENDOR_ORDER_STATUS_SHIPPED", Stage::Shipped),
        ("VENDOR_ORDER_STATUS_DELIVERED", Stage::Delivered),
    ],
    cancelled: "VENDOR_ORDER_STATUS_CANCELLED",
    cancellable: &[
        "VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT",
        "VENDOR_ORDER_STATUS_AWAITING_PAYMENT",
        "VENDOR_ORDER_STATUS_PAYMENT_FAILED",
        "VENDOR_ORDER_STATUS_ON_HOLD",
    ],
    handle,
    peek,
    reference_path: &["data", "reference_id"],
    throttled,
    internal,
    events,
    sign,
    sku_of,
    area_name,
    percent: 95,
    new_id,
    default_method: "METHOD_STANDARD",
};

const METHODS: &[&str] = &["METHOD_STANDARD", "METHOD_PRIORITY", "METHOD_EXPRESS"];
const EVENT_TYPES: &[&str] = &[
    "shipping_address_verified",
    "order_tracking_updated",
    "order_completed",
    "order_cancelled",
];

fn error(status: StatusCode, message: impl Into<String>) -> Reply {
    Reply::json(
        status,
        json!({ "status": "error", "message": message.into() }),
    )
}

fn invalid(message: impl Into<String>) -> Reply {
    error(StatusCode::BAD_REQUEST, message)
}

fn not_found(what: &str) -> Reply {
    error(StatusCode::NOT_FOUND, format!("{what} not found"))
}

fn success(data: Value) -> Reply {
    Reply::ok(json!({ "status": "success", "message": "success", "data": data }))
}

fn paged(data: Value, total: usize, page: usize, limit: usize) -> Reply {
    Reply::ok(json!({
        "status": "success",
        "message": "success",
        "data": data,
        "paging": { "total": total, "total_page": total.div_ceil(limit.max(1)), "page": page, "limit": limit },
    }))
}

fn throttled(retry_after: u64) -> Reply {
    Reply::json(
        StatusCode::TOO_MANY_REQUESTS,
        json!({ "error": { "code": 429, "message": "Too many requests. You are blocked for a while; retry after the Retry-After delay." } }),
    )
    .header(HeaderName::from_static("retry-after"), retry_after)
}

fn internal() -> Reply {
    error(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
}

fn sign(secret: &str, body: &[u8]) -> (&'static str, String) {
    ("x-signature", api::hmac_hex(secret, body))
}

fn new_id(inner: &mut Inner, _now: DateTime<Utc>) -> (String, String) {
    let n = inner.next();
    (inner.uuid(), format!("GM-{}", 1_000_000 + n))
}

/// `GM` and ten digits.
fn variant_id(v: VariantRef) -> String {
    format!("GM{:010}", legacy_id(v))
}

fn legacy_id(v: VariantRef) -> u64 {
    2_000_000 + (v.product as u64) * 1000 + (v.color as u64) * 20 + v.size as u64
}

fn sku_of(v: VariantRef) -> (String, Map<String, Value>) {
    (variant_id(v), Map::new())
}

fn location(canonical: &str) -> &'static str {
    match canonical {
        "front" => "PRINT_LOCATION_CODE_FRONT",
        "back" => "PRINT_LOCATION_CODE_BACK",
        "left_sleeve" => "PRINT_LOCATION_CODE_LEFT_SLEEVE",
        "right_sleeve" => "PRINT_LOCATION_CODE_RIGHT_SLEEVE",
        "hood" => "PRINT_LOCATION_CODE_HOOD",
        _ => "PRINT_LOCATION_CODE_WHOLE",
    }
}

fn area_name(canonical: &str) -> Option<String> {
    Some(location(canonical).to_owned())
}

fn locations(v: VariantRef) -> Vec<&'static str> {
    v.product().areas.iter().map(|a| location(a.name)).collect()
}

fn money(cents: i64) -> Value {
    json!((cents as f64) / 100.0)
}

fn stock_label(stock: i64) -> &'static str {
    match stock {
        0 => "out_of_stock",
        1..=250 => "low_stock",
        _ => "in_stock",
    }
}

fn peek(inner: &Inner, call: &Call) -> Option<String> {
    let key = call
        .header("x-gearment-client-key")
        .or_else(|| call.header("x-api-key"))?;
    let secret = call
        .header("x-gearment-client-secret")
        .or_else(|| call.header("x-api-secret"))?;
    inner
        .account_by_key(Provider::Gearment, key)
        .filter(|a| {
            a.api_secret
                .as_deref()
                .is_some_and(|s| api::same(s, secret))
        })
        .map(|a| a.id.clone())
}

fn handle(inner: &mut Inner, call: &Call, ctx: &mut Ctx) -> Handled {
    let seg = call.segments();
    let Some(path) = seg.strip_prefix(&["api", "v3"]) else {
        return Err(not_found("Route"));
    };
    let account = peek(inner, call).ok_or_else(|| {
        error(
            StatusCode::UNAUTHORIZED,
            "unauthorized: invalid client key or secret",
        )
    })?;
    ctx.account = Some(account.clone());
    let limit = Limit {
        max: 100,
        window_ms: 10_000,
        block_ms: 60_000,
    };
    limits::take(
        inner,
        format!("gearment:{account}"),
        limit,
        ctx.now.timestamp_millis(),
    )
    .map_err(throttled)?;
    let m = &call.method;
    let get = *m == Method::GET;
    let post = *m == Method::POST;
    match path {
        ["orders"] if get => list(inner, call, &account),
        ["orders", "draft"] if get => list_drafts(inner, call, &account),
        ["orders", "draft"] if post => create(inner, call, ctx, &account, false),
        ["orders", "draft", "labeled"] if post => create(inner, call, ctx, &account, true),
        ["orders", "draft", "line-items"] if *m == Method::PATCH => {
            let body = call.json().map_err(|e| invalid(format!("data: {e}")))?;
            let id = body
                .get("data")
                .and_then(|d| field(d, "order_id"))
                .ok_or_else(|| invalid("order_id: is required"))?;
            owned(inner, &account, &id)?;
            Err(invalid("order_id: the draft is already checked out"))
        }
        ["orders", "draft", id] if get => Ok(success(draft(owned(inner, &account, id)?))),
        ["orders", "price"] if post => quote(call),
        ["orders", id] if get => Ok(success(render(owned(inner, &account, id)?))),
        ["orders", id, "cancel"] if post => {
            ctx.reference = owned(inner, &account, id)?.reference.clone();
            cancel_order(inner, &SPEC, id, ctx.now).map_err(|status| {
                invalid(format!(
                    "order_status: an order in {status} cannot be cancelled"
                ))
            })?;
            ctx.wrote = true;
            Ok(success(render(owned(inner, &account, id)?)))
        }
        ["catalog"] if get => catalog_products(call, ctx),
        ["catalog", "variants"] if get => catalog_variants(call, false),
        ["catalog", "variants", "stock"] if get => catalog_variants(call, true),
        ["webhooks"] if get => Ok(success(Value::Array(
            inner
                .hooks
                .iter()
                .filter(|h| h.provider == Provider::Gearment && h.account == account)
                .map(|h| hook_json(h, false))
                .collect(),
        ))),
        ["webhooks"] if post => register(inner, call, ctx, &account),
        ["webhooks", id] if *m == Method::DELETE => {
            let before = inner.hooks.len();
            inner.hooks.retain(|h| {
                !(h.provider == Provider::Gearment && h.account == account && h.id == *id)
            });
            if before == inner.hooks.len() {
                return Err(not_found("Webhook"));
            }
            ctx.wrote = true;
            Ok(success(json!({ "webhook_id": id })))
        }
        _ => Err(not_found("Route")),
    }
}

fn owned<'a>(inner: &'a Inner, account: &str, id: &str) -> Result<&'a Order, Reply> {
    inner
        .order(Provider::Gearment, id)
        .filter(|o| o.account == account)
        .ok_or_else(|| not_found("Order"))
}

fn catalog_products(call: &Call, ctx: &Ctx) -> Handled {
    let (page, limit) =
        api::paging(call, "paging.page", "paging.limit", 20, 100).map_err(invalid)?;
    let all: Vec<usize> = (0..PRODUCTS.len()).collect();
    let (slice, _) = api::page_of(&all, page, limit);
    let data: Vec<Value> = slice
        .into_iter()
        .map(|p| {
            let product = &PRODUCTS[p];
            let first = VariantRef {
                product: p,
                color: 0,
                size: 0,
            };
            json!({
                "product_code": product.key,
                "name": product.name,
                "brand": product.brand,
                "description": product.description,
                "print_locations": locations(first),
                "image": format!("{}/__sandbox/providers/images/{}-{}.png", ctx.origin, product.key, first.color().code),
                "variants": catalog::variants_of(p).map(variant_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(paged(Value::Array(data), all.len(), page, limit))
}

fn variant_json(v: VariantRef) -> Value {
    json!({
        "variant_id": variant_id(v),
        "product_code": v.product().key,
        "color_name": v.color().name,
        "color_code": v.color().hex,
        "size": v.size().name,
        "price": money(v.cost_cents(SPEC.percent)),
        "stock": v.stock(),
        "stock_label": stock_label(v.stock()),
    })
}

fn catalog_variants(call: &Call, stock_filters: bool) -> Handled {
    let (page, limit) =
        api::paging(call, "paging.page", "paging.limit", 50, 200).map_err(invalid)?;
    let codes = call.query_all("filter.product_codes");
    let sizes = call.query_all("filter.sizes");
    let colors = call.query_all("filter.color_codes");
    let labels = call.query_all("filter.stock_labels");
    let rows: Vec<VariantRef> = catalog::variants()
        .filter(|v| codes.is_empty() || codes.iter().any(|c| c == v.product().key))
        .filter(|v| {
            !stock_filters
                || sizes.is_empty()
                || sizes.iter().any(|s| s.eq_ignore_ascii_case(v.size().name))
        })
        .filter(|v| {
            !stock_filters
                || colors.is_empty()
                || colors.iter().any(|c| {
                    c.eq_ignore_ascii_case(v.color().hex) || c.eq_ignore_ascii_case(v.color().name)
                })
        })
        .filter(|v| {
            !stock_filters
                || labels.is_empty()
                || labels.iter().any(|l| l == stock_label(v.stock()))
        })
        .collect();
    let total = rows.len();
    let (slice, _) = api::page_of(&rows, page, limit);
    Ok(paged(
        Value::Array(slice.into_iter().map(variant_json).collect()),
        total,
        page,
        limit,
    ))
}

fn resolve(item: &Value, at: &dyn Fn(&str) -> String) -> Result<VariantRef, Reply> {
    if let Some(id) = field(item, "variant_id") {
        return catalog::variants()
            .find(|v| variant_id(*v) == id)
            .ok_or_else(|| {
                invalid(format!(
                    "{}: {id} is not a catalogue variant",
                    at("variant_id")
                ))
            });
    }
    if let Some(legacy) = item.get("legacy_id").and_then(whole) {
        return catalog::variants()
            .find(|v| i64::try_from(legacy_id(*v)).ok() == Some(legacy))
            .ok_or_else(|| {
                invalid(format!(
                    "{}: {legacy} is not a catalogue variant",
                    at("legacy_id")
                ))
            });
    }
    Err(invalid(format!("{}: is required", at("variant_id"))))
}

struct Parsed {
    recipient: Recipient,
    lines: Vec<LineSpec>,
    method: String,
}

fn parse(data: &Value) -> Result<Parsed, Reply> {
    let method = field(data, "shipping_method").unwrap_or_else(|| "METHOD_STANDARD".into());
    if !METHODS.contains(&method.as_str()) {
        return Err(invalid(format!(
            "shipping_method: must be one of {}",
            METHODS.join(", ")
        )));
    }
    let a = data
        .get("address")
        .filter(|a| a.is_object())
        .ok_or_else(|| invalid("address: is required"))?;
    let required =
        |name: &str| field(a, name).ok_or_else(|| invalid(format!("address.{name}: is required")));
    let country = required("country_code")?.to_ascii_uppercase();
    if country.len() != 2 {
        return Err(invalid(
            "address.country_code: must be an ISO 3166-1 alpha-2 code",
        ));
    }
    let recipient = Recipient {
        first_name: required("first_name")?,
        last_name: field(a, "last_name").unwrap_or_default(),
        email: field(a, "email"),
        phone: field(a, "phone_no"),
        company: field(a, "company"),
        address1: required("street_1")?,
        address2: field(a, "street_2"),
        city: required("city")?,
        region: field(a, "state_code").unwrap_or_default(),
        zip: required("zip_code")?,
        country,
    };
    let items = data
        .get("line_items")
        .and_then(Value::as_array)
        .filter(|l| !l.is_empty())
        .ok_or_else(|| invalid("line_items: must contain at least one item"))?;
    let mut lines = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let at = |name: &str| format!("line_items[{i}].{name}");
        let variant = resolve(item, &at)?;
        let quantity = item
            .get("quantity")
            .and_then(whole)
            .filter(|q| (1..=100).contains(q))
            .ok_or_else(|| invalid(format!("{}: must be between 1 and 100", at("quantity"))))?;
        let options = item
            .get("printing_options")
            .and_then(Value::as_array)
            .filter(|o| !o.is_empty())
            .ok_or_else(|| {
                invalid(format!(
                    "{}: at least one printing option is required",
                    at("printing_options")
                ))
            })?;
        let allowed = locations(variant);
        let mut files = Vec::new();
        for (j, o) in options.iter().enumerate() {
            let here = format!("{}[{j}]", at("printing_options"));
            let code = field(o, "location_code")
                .ok_or_else(|| invalid(format!("{here}.location_code: is required")))?;
            if !allowed.contains(&code.as_str()) {
                return Err(invalid(format!(
                    "{here}.location_code: {code} is not printed on {} (allowed: {})",
                    variant.product().key,
                    allowed.join(", ")
                )));
            }
            let url = field(o, "url")
                .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
                .ok_or_else(|| invalid(format!("{here}.url: must be an http(s) URL")))?;
            files.push((code, url));
        }
        let mut extra = Map::new();
        if let Some(b) = field(item, "barcode_url") {
            extra.insert("barcode_url".into(), json!(b));
        }
        lines.push(LineSpec {
            variant,
            quantity: u32::try_from(quantity).unwrap_or(1),
            unit_cost: variant.cost_cents(SPEC.percent),
            sku: variant_id(variant),
            files,
            name: None,
            mockup: None,
            extra,
        });
    }
    Ok(Parsed {
        recipient,
        lines,
        method,
    })
}

fn shipping_factor(method: &str) -> i64 {
    match method {
        "METHOD_PRIORITY" => 160,
        "METHOD_EXPRESS" => 250,
        _ => 100,
    }
}

fn body_data(call: &Call) -> Result<Value, Reply> {
    let body = call.json().map_err(|e| invalid(format!("data: {e}")))?;
    body.get("data")
        .filter(|d| d.is_object())
        .cloned()
        .ok_or_else(|| invalid("data: is required (the order goes inside {\"data\": {…}})"))
}

fn create(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str, labeled: bool) -> Handled {
    let data = body_data(call)?;
    let reference =
        field(&data, "reference_id").ok_or_else(|| invalid("reference_id: is required"))?;
    ctx.reference = Some(reference.clone());
    let label_url = field(&data, "label_url");
    if labeled && label_url.is_none() {
        return Err(invalid("label_url: is required for a labeled draft"));
    }
    let parsed = parse(&data)?;
    if let Some(existing) = inner.order_by_reference(account, &reference) {
        return Err(Reply::json(
            StatusCode::CONFLICT,
            json!({
                "status": "error",
                "message": "reference_id: an order with this reference_id already exists",
                "data": { "order_id": existing.id },
            }),
        ));
    }
    let mut order = build_order(
        inner,
        &SPEC,
        account,
        Some(reference),
        None,
        parsed.recipient,
        parsed.lines,
        parsed.method.clone(),
        ctx.now,
    );
    let factor = if labeled {
        0
    } else {
        shipping_factor(&parsed.method)
    };
    for l in &mut order.lines {
        l.shipping = l.shipping * factor / 100;
    }
    for key in ["platform", "store_id", "gift_message_body"] {
        if let Some(v) = field(&data, key) {
            order.extra.insert(key.into(), json!(v));
        }
    }
    if let Some(v) = data.get("agree_at_risk").and_then(Value::as_bool) {
        order.extra.insert("agree_at_risk".into(), json!(v));
    }
    if let Some(v) = data.get("billing_option").filter(|b| b.is_object()) {
        order.extra.insert("billing_option".into(), v.clone());
    }
    if let Some(v) = label_url {
        order.extra.insert("label_url".into(), json!(v));
    }
    let id = order.id.clone();
    store_order(inner, &SPEC, order, ctx.now);
    ctx.created = Some(id.clone());
    ctx.wrote = true;
    Ok(success(draft(owned(inner, account, &id)?)))
}

fn quote(call: &Call) -> Handled {
    let data = body_data(call)?;
    let parsed = parse(&data)?;
    let items: i64 = parsed
        .lines
        .iter()
        .map(|l| l.unit_cost * i64::from(l.quantity))
        .sum();
    let lines: Vec<(VariantRef, u32)> = parsed
        .lines
        .iter()
        .map(|l| (l.variant, l.quantity))
        .collect();
    let shipping: i64 = catalog::shipping_per_line(&lines, SPEC.percent)
        .iter()
        .sum::<i64>()
        * shipping_factor(&parsed.method)
        / 100;
    Ok(success(json!({
        "order_subtotal": money(items),
        "order_shipping_fee": money(shipping),
        "order_tax": money(0),
        "order_total": money(items + shipping),
    })))
}

fn draft_status(o: &Order) -> &'static str {
    if o.stage == Stage::Cancelled {
        "VENDOR_ORDER_DRAFT_STATUS_DELETED"
    } else {
        "VENDOR_ORDER_DRAFT_STATUS_CHECKED_OUT"
    }
}

fn line_items(o: &Order) -> Vec<Value> {
    o.lines
        .iter()
        .map(|l| {
            json!({
                "line_item_id": l.item_id,
                "variant_id": l.sku,
                "legacy_id": legacy_id(l.variant),
                "product_code": l.variant.product().key,
                "color_name": l.variant.color().name,
                "size": l.variant.size().name,
                "quantity": l.quantity,
                "price": money(l.unit_cost),
                "printing_options": l.files.iter().map(|(c, u)| json!({ "location_code": c, "url": u })).collect::<Vec<_>>(),
                "barcode_url": l.extra.get("barcode_url"),
            })
        })
        .collect()
}

fn totals(o: &Order, out: &mut Value) {
    out["order_subtotal"] = money(o.items_cents());
    out["order_shipping_fee"] = money(o.shipping_cents());
    out["order_tax"] = money(0);
    out["order_total"] = money(o.total_cents());
}

fn draft(o: &Order) -> Value {
    let mut out = json!({
        "order_id": o.id,
        "order_name": o.short_id,
        "reference_id": o.reference,
        "status": draft_status(o),
        "line_items": line_items(o),
        "created_at": iso(o.created_at),
    });
    totals(o, &mut out);
    out
}

fn payment_status(o: &Order) -> &'static str {
    match o.status {
        "VENDOR_ORDER_STATUS_AWAITING_PAYMENT" => "VENDOR_ORDER_PAYMENT_STATUS_PENDING",
        "VENDOR_ORDER_STATUS_PAYMENT_FAILED" => "VENDOR_ORDER_PAYMENT_STATUS_FAILED",
        _ => "VENDOR_ORDER_PAYMENT_STATUS_SUCCESS",
    }
}

fn render(o: &Order) -> Value {
    let r = &o.recipient;
    let trackings: Vec<Value> = o
        .shipment
        .iter()
        .map(|s| {
            json!({
                "tracking_no": s.number,
                "carrier": s.carrier,
                "tracking_url": s.url,
                "shipped_at": iso(s.shipped_at),
                "delivered_at": s.delivered_at.map(iso),
            })
        })
        .collect();
    let mut out = json!({
        "order_id": o.id,
        "order_name": o.short_id,
        "reference_id": o.reference,
        "order_status": o.status,
        "payment_status": payment_status(o),
        "cancel_status": (o.stage == Stage::Cancelled).then_some("VENDOR_ORDER_CANCEL_STATUS_CANCELLED"),
        "shipping_method": o.shipping_method,
        "address": {
            "first_name": r.first_name,
            "last_name": r.last_name,
            "company": r.company,
            "street_1": r.address1,
            "street_2": r.address2,
            "city": r.city,
            "state_code": r.region,
            "zip_code": r.zip,
            "country_code": r.country,
            "phone_no": r.phone,
            "email": r.email,
        },
        "line_items": line_items(o),
        "tracking_no": o.shipment.as_ref().map(|s| s.number.clone()),
        "order_trackings": trackings,
        "created_at": iso(o.created_at),
        "updated_at": iso(o.updated_at),
    });
    for key in [
        "platform",
        "store_id",
        "gift_message_body",
        "agree_at_risk",
        "billing_option",
        "label_url",
    ] {
        if let Some(v) = o.extra.get(key) {
            out[key] = v.clone();
        }
    }
    totals(o, &mut out);
    out
}

fn list(inner: &Inner, call: &Call, account: &str) -> Handled {
    let (page, limit) =
        api::paging(call, "paging.page", "paging.limit", 20, 100).map_err(invalid)?;
    let since =
        match call.query("filter.created_at_min") {
            None => None,
            Some(raw) => Some(api::parse_time(raw).ok_or_else(|| {
                invalid("filter.created_at_min: must be an ISO-8601 date or time")
            })?),
        };
    let statuses = call.query_all("filter.statuses");
    if let Some(s) = statuses.iter().find(|s| SPEC.stage_of(s).is_none()) {
        return Err(invalid(format!(
            "filter.statuses: {s} is not an order status"
        )));
    }
    let ids = call.query_all("filter.order_ids");
    let payment = call.query_all("filter.payment_status");
    let mut rows: Vec<&Order> = inner
        .orders_of(account)
        .filter(|o| since.is_none_or(|t| o.created_at >= t))
        .filter(|o| statuses.is_empty() || statuses.iter().any(|s| s == o.status))
        .filter(|o| ids.is_empty() || ids.contains(&o.id))
        .filter(|o| payment.is_empty() || payment.iter().any(|p| p == payment_status(o)))
        .collect();
    rows.reverse();
    let total = rows.len();
    let (slice, _) = api::page_of(&rows, page, limit);
    Ok(paged(
        Value::Array(slice.into_iter().map(render).collect()),
        total,
        page,
        limit,
    ))
}

fn list_drafts(inner: &Inner, call: &Call, account: &str) -> Handled {
    let (page, limit) =
        api::paging(call, "paging.page", "paging.limit", 20, 100).map_err(invalid)?;
    let mut rows: Vec<&Order> = inner.orders_of(account).collect();
    rows.reverse();
    let total = rows.len();
    let (slice, _) = api::page_of(&rows, page, limit);
    Ok(paged(
        Value::Array(slice.into_iter().map(draft).collect()),
        total,
        page,
        limit,
    ))
}

fn hook_json(h: &Hook, with_secret: bool) -> Value {
    json!({
        "webhook_id": h.id,
        "url": h.url,
        "events": h.topics,
        "secret": if with_secret { h.secret.clone() } else { None },
        "created_at": iso(h.created_at),
    })
}

fn register(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let body = call.json().map_err(|e| invalid(format!("data: {e}")))?;
    let body = body
        .get("data")
        .filter(|d| d.is_object())
        .cloned()
        .unwrap_or(body);
    let url = field(&body, "url")
        .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
        .ok_or_else(|| invalid("url: must be an http(s) URL"))?;
    let events: Vec<String> = match body.get("events") {
        None | Some(Value::Null) => EVENT_TYPES.iter().map(|e| (*e).to_owned()).collect(),
        Some(Value::Array(list)) => {
            let mut out = Vec::new();
            for e in list {
                let name = api::text(e).unwrap_or_default();
                if !EVENT_TYPES.contains(&name.as_str()) {
                    return Err(invalid(format!(
                        "events: {name} is not an event ({})",
                        EVENT_TYPES.join(", ")
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
        None => inner.token(40),
    };
    let hook = Hook {
        id: inner.uuid(),
        provider: Provider::Gearment,
        account: account.to_owned(),
        url,
        secret: Some(secret),
        topics: events,
        created_at: ctx.now,
    };
    inner.hooks.push(hook.clone());
    ctx.wrote = true;
    Ok(success(hook_json(&hook, true)))
}

fn events(o: &Order, from: Option<&'static str>, _now: DateTime<Utc>) -> Vec<Event> {
    let kind = match (from, o.stage) {
        (None, _) => "shipping_address_verified",
        (Some(_), Stage::Shipped) => "order_tracking_updated",
        (Some(_), Stage::Delivered) => "order_completed",
        (Some(_), Stage::Cancelled) => "order_cancelled",
        _ => return Vec::new(),
    };
    let s = o.shipment.as_ref();
    vec![Event {
        topic: kind.to_owned(),
        order_id: o.id.clone(),
        body: json!({
            "type": kind,
            "order": {
                "gearment_id": o.id,
                "gearment_name": o.short_id,
                "vendor_id": o.reference,
                "ord_status": o.status,
                "verify_address": true,
                "tracking_no": s.map(|s| s.number.clone()),
                "carrier": s.map(|s| s.carrier),
                "tracking_url": s.map(|s| s.url.clone()),
            },
        }),
    }]
}
