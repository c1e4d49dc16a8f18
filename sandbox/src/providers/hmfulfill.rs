//! HMFulfill, served under `/hmfulfill/v1/…`. No public API material exists (the reference
//! warns not to confuse it with HubFulfill), so this stand-in speaks the reference's **assumed
//! minimal shape** (`reference/pod-providers.md`, "ASSUMED minimal shape"), and where even that
//! is silent (❓) it does the following — the one place these choices are written down:
//!
//! - **Auth**: header `X-API-Key`. Missing or unknown: 401
//!   `{"error":{"code":"UNAUTHORIZED","message"}}`.
//! - **Errors**: `{"error":{"code","message","fields?"}}`. Validation is 422
//!   `VALIDATION_ERROR` with `fields` mapping each field path to its complaint (`{"address.zip":
//!   "is required"}`) and a message starting with the first field. ❓ Other codes: `NOT_FOUND`
//!   (404), `DUPLICATE_EXTERNAL_ID` (409, with the existing order's `id` in the error object),
//!   `ORDER_NOT_CANCELLABLE` (409, with the order's `status`), `RATE_LIMITED` (429),
//!   `INTERNAL` (500).
//! - **Rate limit**: 10 calls a second per key (fixed one-second windows); over it 429 with
//!   `Retry-After` in seconds.
//! - **Create** `POST /v1/orders` `{external_id, shipping_method: standard|express, address
//!   {name, address1, address2, city, state, zip, country, phone, email}, items[] {sku,
//!   quantity, print_files[] {position, url}, mockup_url?}}` → 201 `{id, external_id,
//!   status:"pending", total_cost, currency:"USD", created_at}`. `external_id` is required and
//!   unique per account: a duplicate answers 409 with the existing `id` and makes nothing.
//!   ❓ Positions are `front`, `back`, `sleeve`, `hood` as the product allows (mugs `front`).
//! - **Money** ❓: decimal US dollars (`total_cost: 21.45`), items plus shipping.
//! - **Read** `GET /v1/orders/{id}` ❓ `{id, external_id, status, shipping_method, address,
//!   items[] {sku, quantity, base_cost, print_files, mockup_url?}, items_cost, shipping_cost,
//!   total_cost, currency, tracking? {carrier, number, url}, created_at, updated_at,
//!   shipped_at?, delivered_at?}`.
//! - **List** `GET /v1/orders?status=&page=&limit=` → `{data[], page, total}`, newest first;
//!   ❓ `limit` default 20, at most 100; ❓ also `external_id` (exact) and `created_from` /
//!   `created_to` (ISO-8601, on the creation time) for look-ups and reconciliation.
//! - **Cancel** `POST /v1/orders/{id}/cancel` only while `pending` or `on_hold` → 200 with the
//!   order (`cancelled`); otherwise 409 `ORDER_NOT_CANCELLABLE`.
//! - **Statuses** `pending` → `in_production` → `shipped` (tracking) → `delivered`; side
//!   states `on_hold`, `rejected`, `cancelled`.
//! - **Catalogue** `GET /v1/products` → a bare array `[{sku, product_line, name, color, size,
//!   base_cost, print_positions[]}]`; SKUs read `HM-{STYLE}-{COLOR}-{SIZE}` (`HM-G5000-BLK-M`).
//! - **Webhooks**: ❓ no registration API; the seller enters an address and secret in the
//!   dashboard (`ProvidersSandbox::set_webhook`). Body `{event: order.status|order.shipment,
//!   order_id, external_id, status, tracking?, occurred_at}` — `order.status` at creation and
//!   on every status change, `order.shipment` when shipped and when delivered — with
//!   `X-Signature: hex HMAC-SHA256(secret, raw body)`.
use axum::http::{HeaderName, Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::api::{self, Call, Ctx, Handled, Reply, Spec, field, iso, whole};
use super::catalog::{self, VariantRef};
use super::limits::{self, Limit};
use super::state::{Inner, Order, Recipient, Stage};
use super::webhooks::Event;
use super::{LineSpec, Provider, build_order, cancel_order, store_order};

pub static SPEC: Spec = Spec {
    provider: Provider::HmFulfill,
    statuses: &[
        ("pending", Stage::Pending),
        ("on_hold", Stage::OnHold),
        ("in_production", Stage::InProduction),
        ("shipped", Stage::Shipped),
        ("delivered", Stage::Delivered),
        ("rejected", Stage::Rejected),
        ("cancelled", Stage::Cancelled),
    ],
    lifecycle: &[
        ("pending", Stage::Pending),
        ("in_production", Stage::InProduction),
        ("shipped", Stage::Shipped),
        ("delivered", Stage::Delivered),
    ],
    cancelled: "cancelled",
    cancellable: &["pending", "on_hold"],
    handle,
    peek,
    reference_path: &["external_id"],
    throttled,
    internal,
    events,
    sign,
    sku_of,
    area_name,
    percent: 100,
    new_id,
    default_method: "standard",
};

fn error(status: StatusCode, code: &str, message: impl Into<String>) -> Reply {
    Reply::json(
        status,
        json!({ "error": { "code": code, "message": message.into() } }),
    )
}

fn invalid(field_path: &str, complaint: &str) -> Reply {
    Reply::json(
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({ "error": {
            "code": "VALIDATION_ERROR",
            "message": format!("{field_path}: {complaint}"),
            "fields": { field_path: complaint },
        } }),
    )
}

fn not_found(what: &str) -> Reply {
    error(
        StatusCode::NOT_FOUND,
        "NOT_FOUND",
        format!("{what} not found"),
    )
}

fn throttled(retry_after: u64) -> Reply {
    error(
        StatusCode::TOO_MANY_REQUESTS,
        "RATE_LIMITED",
        "Too many requests",
    )
    .header(HeaderName::from_static("retry-after"), retry_after)
}

fn internal() -> Reply {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "INTERNAL",
        "Internal error; try again",
    )
}

fn sign(secret: &str, body: &[u8]) -> (&'static str, String) {
    ("x-signature", api::hmac_hex(secret, body))
}

fn new_id(inner: &mut Inner, now: DateTime<Utc>) -> (String, String) {
    let id = format!("ord_{}", inner.object_id(now));
    (id.clone(), id)
}

fn size_token(name: &str) -> String {
    name.replace(' ', "").to_ascii_uppercase()
}

fn sku_text(v: VariantRef) -> String {
    format!(
        "HM-{}-{}-{}",
        v.product().key,
        v.color().code,
        size_token(v.size().name)
    )
}

fn sku_of(v: VariantRef) -> (String, Map<String, Value>) {
    (sku_text(v), Map::new())
}

fn area_name(canonical: &str) -> Option<String> {
    match canonical {
        "front" | "wrap" => Some("front".into()),
        "back" => Some("back".into()),
        "left_sleeve" => Some("sleeve".into()),
        "hood" => Some("hood".into()),
        _ => None,
    }
}

fn positions(v: VariantRef) -> Vec<String> {
    v.product()
        .areas
        .iter()
        .filter_map(|a| area_name(a.name))
        .collect()
}

fn product_line(v: VariantRef) -> &'static str {
    match v.product().key {
        "MUG11" | "MUG15" => "drinkware",
        "TOTE" => "bags",
        _ => "apparel",
    }
}

fn resolve(sku: &str) -> Option<VariantRef> {
    catalog::variants().find(|v| sku_text(*v) == sku.trim())
}

fn money(cents: i64) -> Value {
    json!((cents as f64) / 100.0)
}

fn peek(inner: &Inner, call: &Call) -> Option<String> {
    let key = call.header("x-api-key")?;
    inner
        .account_by_key(Provider::HmFulfill, key)
        .map(|a| a.id.clone())
}

fn handle(inner: &mut Inner, call: &Call, ctx: &mut Ctx) -> Handled {
    let account = peek(inner, call)
        .ok_or_else(|| error(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", "Invalid API key"))?;
    ctx.account = Some(account.clone());
    let limit = Limit {
        max: 10,
        window_ms: 1000,
        block_ms: 0,
    };
    limits::take(
        inner,
        format!("hmfulfill:{account}"),
        limit,
        ctx.now.timestamp_millis(),
    )
    .map_err(throttled)?;
    let m = &call.method;
    match call.segments().as_slice() {
        ["v1", "products"] if *m == Method::GET => Ok(Reply::ok(Value::Array(
            catalog::variants()
                .map(|v| {
                    json!({
                        "sku": sku_text(v),
                        "product_line": product_line(v),
                        "name": v.product().name,
                        "color": v.color().name,
                        "size": v.size().name,
                        "base_cost": money(v.cost_cents(SPEC.percent)),
                        "print_positions": positions(v),
                    })
                })
                .collect(),
        ))),
        ["v1", "orders"] if *m == Method::POST => create(inner, call, ctx, &account),
        ["v1", "orders"] if *m == Method::GET => list(inner, call, ctx, &account),
        ["v1", "orders", id] if *m == Method::GET => {
            Ok(Reply::ok(render(owned(inner, &account, id)?)))
        }
        ["v1", "orders", id, "cancel"] if *m == Method::POST => {
            ctx.reference = owned(inner, &account, id)?.reference.clone();
            cancel_order(inner, &SPEC, id, ctx.now).map_err(|status| {
                Reply::json(
                    StatusCode::CONFLICT,
                    json!({ "error": {
                        "code": "ORDER_NOT_CANCELLABLE",
                        "message": format!("status: an order in {status} cannot be cancelled (only pending or on_hold)"),
                        "status": status,
                    } }),
                )
            })?;
            ctx.wrote = true;
            Ok(Reply::ok(render(owned(inner, &account, id)?)))
        }
        _ => Err(not_found("Route")),
    }
}

fn owned<'a>(inner: &'a Inner, account: &str, id: &str) -> Result<&'a Order, Reply> {
    inner
        .order(Provider::HmFulfill, id)
        .filter(|o| o.account == account)
        .ok_or_else(|| not_found("Order"))
}

fn create(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let body = call
        .json()
        .map_err(|e| invalid("body", &format!("is not JSON: {e}")))?;
    if !body.is_object() {
        return Err(invalid("body", "must be a JSON object"));
    }
    let external_id =
        field(&body, "external_id").ok_or_else(|| invalid("external_id", "is required"))?;
    ctx.reference = Some(external_id.clone());
    let method = field(&body, "shipping_method").unwrap_or_else(|| "standard".into());
    if !matches!(method.as_str(), "standard" | "express") {
        return Err(invalid("shipping_method", "must be standard or express"));
    }
    let a = body
        .get("address")
        .filter(|a| a.is_object())
        .ok_or_else(|| invalid("address", "is required"))?;
    let required = |name: &str| {
        field(a, name).ok_or_else(|| invalid(&format!("address.{name}"), "is required"))
    };
    let name = required("name")?;
    let (first, last) = match name.rsplit_once(' ') {
        Some((f, l)) => (f.trim().to_owned(), l.to_owned()),
        None => (name.clone(), String::new()),
    };
    let country = required("country")?.to_ascii_uppercase();
    if country.len() != 2 {
        return Err(invalid(
            "address.country",
            "must be an ISO 3166-1 alpha-2 code",
        ));
    }
    let recipient = Recipient {
        first_name: first,
        last_name: last,
        email: field(a, "email"),
        phone: field(a, "phone"),
        company: None,
        address1: required("address1")?,
        address2: field(a, "address2"),
        city: required("city")?,
        region: field(a, "state").unwrap_or_default(),
        zip: required("zip")?,
        country,
    };
    let items = body
        .get("items")
        .and_then(Value::as_array)
        .filter(|i| !i.is_empty())
        .ok_or_else(|| invalid("items", "must contain at least one item"))?;
    let mut lines = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let at = |name: &str| format!("items[{i}].{name}");
        let sku = field(item, "sku").ok_or_else(|| invalid(&at("sku"), "is required"))?;
        let variant = resolve(&sku).ok_or_else(|| invalid(&at("sku"), "is not a known SKU"))?;
        let quantity = item
            .get("quantity")
            .and_then(whole)
            .filter(|q| (1..=100).contains(q))
            .ok_or_else(|| invalid(&at("quantity"), "must be between 1 and 100"))?;
        let files = item
            .get("print_files")
            .and_then(Value::as_array)
            .filter(|f| !f.is_empty())
            .ok_or_else(|| invalid(&at("print_files"), "needs at least one print file"))?;
        let allowed = positions(variant);
        let mut pf = Vec::new();
        for (j, f) in files.iter().enumerate() {
            let here = format!("items[{i}].print_files[{j}]");
            let position = field(f, "position")
                .ok_or_else(|| invalid(&format!("{here}.position"), "is required"))?;
            if !allowed.contains(&position) {
                return Err(invalid(
                    &format!("{here}.position"),
                    &format!("must be one of {}", allowed.join(", ")),
                ));
            }
            let url = field(f, "url")
                .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
                .ok_or_else(|| invalid(&format!("{here}.url"), "must be an http(s) URL"))?;
            pf.push((position, url));
        }
        lines.push(LineSpec {
            variant,
            quantity: u32::try_from(quantity).unwrap_or(1),
            unit_cost: variant.cost_cents(SPEC.percent),
            sku,
            files: pf,
            name: None,
            mockup: field(item, "mockup_url"),
            extra: Map::new(),
        });
    }
    if let Some(existing) = inner.order_by_reference(account, &external_id) {
        return Err(Reply::json(
            StatusCode::CONFLICT,
            json!({ "error": {
                "code": "DUPLICATE_EXTERNAL_ID",
                "message": "external_id: an order with this external_id already exists",
                "id": existing.id,
            } }),
        ));
    }
    let mut order = build_order(
        inner,
        &SPEC,
        account,
        Some(external_id.clone()),
        None,
        recipient,
        lines,
        method.clone(),
        ctx.now,
    );
    if method == "express" {
        for l in &mut order.lines {
            l.shipping *= 2;
        }
    }
    let reply = json!({
        "id": order.id,
        "external_id": external_id,
        "status": order.status,
        "total_cost": money(order.total_cents()),
        "currency": "USD",
        "created_at": iso(order.created_at),
    });
    let id = order.id.clone();
    store_order(inner, &SPEC, order, ctx.now);
    ctx.created = Some(id);
    ctx.wrote = true;
    Ok(Reply::json(StatusCode::CREATED, reply))
}

fn tracking(o: &Order) -> Option<Value> {
    o.shipment
        .as_ref()
        .map(|s| json!({ "carrier": s.carrier, "number": s.number, "url": s.url }))
}

fn render(o: &Order) -> Value {
    let r = &o.recipient;
    let items: Vec<Value> = o
        .lines
        .iter()
        .map(|l| {
            json!({
                "sku": l.sku,
                "quantity": l.quantity,
                "base_cost": money(l.unit_cost),
                "print_files": l.files.iter().map(|(p, u)| json!({ "position": p, "url": u })).collect::<Vec<_>>(),
                "mockup_url": l.mockup,
            })
        })
        .collect();
    json!({
        "id": o.id,
        "external_id": o.reference,
        "status": o.status,
        "shipping_method": o.shipping_method,
        "address": {
            "name": r.full_name(),
            "address1": r.address1,
            "address2": r.address2,
            "city": r.city,
            "state": r.region,
            "zip": r.zip,
            "country": r.country,
            "phone": r.phone,
            "email": r.email,
        },
        "items": items,
        "items_cost": money(o.items_cents()),
        "shipping_cost": money(o.shipping_cents()),
        "total_cost": money(o.total_cents()),
        "currency": "USD",
        "tracking": tracking(o),
        "created_at": iso(o.created_at),
        "updated_at": iso(o.updated_at),
        "shipped_at": o.shipment.as_ref().map(|s| iso(s.shipped_at)),
        "delivered_at": o.shipment.as_ref().and_then(|s| s.delivered_at).map(iso),
    })
}

fn list(inner: &Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 20, 100).map_err(|e| {
        let (f, complaint) = e.split_once(": ").unwrap_or(("limit", "is not valid"));
        invalid(f, complaint)
    })?;
    let status = call.query("status");
    if let Some(s) = status
        && SPEC.stage_of(s).is_none()
    {
        return Err(invalid("status", "is not an order status"));
    }
    let reference = call.query("external_id");
    ctx.reference = reference.map(str::to_owned);
    let date = |name: &str| -> Result<Option<DateTime<Utc>>, Reply> {
        match call.query(name) {
            None => Ok(None),
            Some(raw) => api::parse_time(raw)
                .map(Some)
                .ok_or_else(|| invalid(name, "must be an ISO-8601 date or time")),
        }
    };
    let from = date("created_from")?;
    let to = date("created_to")?;
    let mut rows: Vec<&Order> = inner
        .orders_of(account)
        .filter(|o| status.is_none_or(|s| o.status == s))
        .filter(|o| reference.is_none_or(|r| o.reference.as_deref() == Some(r)))
        .filter(|o| from.is_none_or(|f| o.created_at >= f))
        .filter(|o| to.is_none_or(|t| o.created_at <= t))
        .collect();
    rows.reverse();
    let total = rows.len();
    let (slice, _) = api::page_of(&rows, page, limit);
    Ok(Reply::ok(json!({
        "data": slice.into_iter().map(render).collect::<Vec<_>>(),
        "page": page,
        "total": total,
    })))
}

fn events(o: &Order, from: Option<&'static str>, now: DateTime<Utc>) -> Vec<Event> {
    let event = |name: &str| Event {
        topic: name.to_owned(),
        order_id: o.id.clone(),
        body: json!({
            "event": name,
            "order_id": o.id,
            "external_id": o.reference,
            "status": o.status,
            "tracking": tracking(o),
            "occurred_at": iso(now),
        }),
    };
    let mut out = Vec::new();
    if from != Some(o.status) {
        out.push(event("order.status"));
    }
    if from.is_some() && matches!(o.stage, Stage::Shipped | Stage::Delivered) {
        out.push(event("order.shipment"));
    }
    out
}
