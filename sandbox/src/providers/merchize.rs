//! Merchize's seller back-office API, served per tenant under `/merchize/{tenant}/bo-api/…`
//! (standing for `https://bo-group-2-2.merchize.com/{tenant}/bo-api/…`, also seen as
//! `https://bo-{tenant}.merchize.com/bo-api`). A seller's base URL is
//! `{sandbox}/merchize/{tenant}/bo-api` (`SandboxAccount::base_path`).
//!
//! Merchize has no public reference; `reference/pod-providers.md` (Merchize ⚠️) gathers three
//! community clients. Where they are silent (❓), the stand-in does the following — the one
//! place these choices are written down:
//!
//! - **Auth**: `Authorization: Bearer {token}` or `x-api-key: {token}` (both seen). The token
//!   belongs to one tenant: another tenant's token, or none, answers 401. An unknown tenant
//!   answers 404.
//! - **Envelope** ❓: `{success: true, data}`; errors `{success: false, message}` where a
//!   validation message starts with the field (`shipping_info.postcode: is required`). Status
//!   codes ❓: 400 validation, 401, 404, 409 a refused cancel, 429, 500.
//! - **Rate limit** ❓ (the assumed shape's): 10 calls a second per token; 429 with
//!   `Retry-After`.
//! - **Create** `POST /order/external/orders` with `{order_id, identifier?, shipping_info
//!   {full_name, address_1, address_2?, city, state?, postcode, country, email?, phone?},
//!   items[] {name, quantity, price?, image?, design_front, design_back?, design_sleeve?,
//!   design_hood?, attributes[] {name, option}}, branding? {thank_you_card_design}}`. The
//!   attributes must name the `product` (a Merchize product code such as `TEE-G5000`),
//!   `Color` and `Size` (`Size` may be left out of one-size products). A design the product
//!   cannot print (a hood on a tee) is refused naming it. Answers 200 `{success, data {_id,
//!   code, status, order_id, identifier, …}}`.
//! - **Idempotency** ❓: nothing in the material says Merchize refuses a repeated `order_id`,
//!   so it does not: a second create makes a second order. A client looks its reference up
//!   first: `GET /order/external/orders?order_id=…`.
//! - **Read and list** ❓: `GET /order/external/orders/{_id or code}` and `GET
//!   /order/external/orders?order_id=&status=&created_from=&page=&limit=` (ISO-8601 date or
//!   time; `limit` ≤ 100, default 20), newest first, answering `data {orders[], page, pages,
//!   limit, total}` like the product list's `data.products[]` and `data.pages`.
//! - **Order** ❓: `{_id, code, order_id, identifier, status, order_progress[] {event, status:
//!   "done"|"pending", time?}, shipping_info, items[] {_id, name, quantity, price?, base_cost,
//!   image?, design_*, attributes, product}, fulfillment_cost, shipping_cost, total_cost
//!   (decimal US dollars), currency, tracking_number?, tracking_company?, tracking_url?,
//!   created_at, updated_at}`.
//! - **Statuses** ❓: `pending` → `processing` → `shipped` (tracking) → `delivered`; side states
//!   `on_hold`, `cancelled`, `refunded`. `order_progress` lists the steps `created`,
//!   `processing`, `shipped`, `delivered` (plus `cancelled` when cancelled), the reached ones
//!   `done` — the status is the last step done, as the community handler reads it.
//! - **Cancel** ❓ `POST /order/external/orders/{id}/cancel` only while `pending` or `on_hold`;
//!   otherwise 409 `status: …`.
//! - **Catalogue**: `GET /product/products?limit=≤100&page=` → `data {products[], pages, page,
//!   limit, total}`; a product is `{_id, title, sku (the product code), type, description,
//!   image, sides[] (front, back, sleeve, hood as it prints), variants[] {_id, sku, color,
//!   size, base_cost}}`. `GET /artwork/artworks?product={_id or code}` → `data[] {side, width,
//!   height}`, the artwork each side takes.
//! - **Webhooks**: no registration API is known; the seller enters an address in the
//!   dashboard (`ProvidersSandbox::set_webhook`). ❓ Bodies `{event, resource}` with events
//!   `order_created` (resource `{_id, code, identifier, order_id, status}`), `order_progress`
//!   (every status change; resource adds `order_progress[]`) and `order_tracking` (shipped;
//!   resource adds `tracking_number`, `tracking_company`, `tracking_url` and `name`, the
//!   order code). ❓ Signed as the assumed shape: `X-Signature: hex HMAC-SHA256(secret, raw
//!   body)`.
use axum::http::{HeaderName, Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::api::{self, Call, Ctx, Handled, Reply, Spec, field, iso_millis, whole};
use super::catalog::{self, PRODUCTS, VariantRef};
use super::limits::{self, Limit};
use super::state::{Inner, Order, Recipient, Stage};
use super::webhooks::Event;
use super::{LineSpec, Provider, build_order, cancel_order, store_order};

pub static SPEC: Spec = Spec {
    provider: Provider::Merchize,
    statuses: &[
        ("pending", Stage::Pending),
        ("on_hold", Stage::OnHold),
        ("processing", Stage::InProduction),
        ("shipped", Stage::Shipped),
        ("delivered", Stage::Delivered),
        ("cancelled", Stage::Cancelled),
        ("refunded", Stage::Cancelled),
    ],
    lifecycle: &[
        ("pending", Stage::Pending),
        ("processing", Stage::InProduction),
        ("shipped", Stage::Shipped),
        ("delivered", Stage::Delivered),
    ],
    cancelled: "cancelled",
    cancellable: &["pending", "on_hold"],
    handle,
    peek,
    reference_path: &["order_id"],
    throttled,
    internal,
    events,
    sign,
    sku_of,
    area_name,
    percent: 105,
    new_id,
    default_method: "standard",
};

/// Merchize's product codes, by catalogue index.
const CODES: &[&str] = &[
    "TEE-G5000",
    "HOODIE-G18500",
    "SWEAT-G18000",
    "MUG-11OZ",
    "MUG-15OZ",
    "TOTE-CANVAS",
];

const STEPS: &[(&str, &str)] = &[
    ("created", "pending"),
    ("processing", "processing"),
    ("shipped", "shipped"),
    ("delivered", "delivered"),
];

fn error(status: StatusCode, message: impl Into<String>) -> Reply {
    Reply::json(
        status,
        json!({ "success": false, "message": message.into() }),
    )
}

fn invalid(message: impl Into<String>) -> Reply {
    error(StatusCode::BAD_REQUEST, message)
}

fn not_found(what: &str) -> Reply {
    error(StatusCode::NOT_FOUND, format!("{what} not found"))
}

fn success(data: Value) -> Reply {
    Reply::ok(json!({ "success": true, "data": data }))
}

fn throttled(retry_after: u64) -> Reply {
    error(StatusCode::TOO_MANY_REQUESTS, "Too many requests")
        .header(HeaderName::from_static("retry-after"), retry_after)
}

fn internal() -> Reply {
    error(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error")
}

fn sign(secret: &str, body: &[u8]) -> (&'static str, String) {
    ("x-signature", api::hmac_hex(secret, body))
}

fn new_id(inner: &mut Inner, now: DateTime<Utc>) -> (String, String) {
    let n = inner.next();
    (inner.object_id(now), format!("MZ-{}", 1_000_000 + n))
}

fn code(v: VariantRef) -> &'static str {
    CODES.get(v.product).copied().unwrap_or("TEE-G5000")
}

fn sku_text(v: VariantRef) -> String {
    format!("{}/{}/{}", code(v), v.color().name, v.size().name)
}

fn sku_of(v: VariantRef) -> (String, Map<String, Value>) {
    let mut extra = Map::new();
    extra.insert(
        "attributes".into(),
        json!([
            { "name": "product", "option": code(v) },
            { "name": "Color", "option": v.color().name },
            { "name": "Size", "option": v.size().name },
        ]),
    );
    (sku_text(v), extra)
}

/// The side a canonical print area is on: `front`, `back`, `sleeve`, `hood`.
fn area_name(canonical: &str) -> Option<String> {
    match canonical {
        "front" | "wrap" => Some("front".into()),
        "back" => Some("back".into()),
        "left_sleeve" => Some("sleeve".into()),
        "hood" => Some("hood".into()),
        _ => None,
    }
}

fn sides(product: usize) -> Vec<String> {
    PRODUCTS[product]
        .areas
        .iter()
        .filter_map(|a| area_name(a.name))
        .collect()
}

fn money(cents: i64) -> Value {
    json!((cents as f64) / 100.0)
}

fn peek(inner: &Inner, call: &Call) -> Option<String> {
    let token = call.bearer().or_else(|| call.header("x-api-key"))?;
    let tenant = call.tenant.as_deref()?;
    inner
        .account_by_key(Provider::Merchize, token)
        .filter(|a| a.tenant.as_deref() == Some(tenant))
        .map(|a| a.id.clone())
}

fn handle(inner: &mut Inner, call: &Call, ctx: &mut Ctx) -> Handled {
    let tenant_known = call.tenant.as_deref().is_some_and(|t| {
        inner
            .accounts
            .iter()
            .any(|a| a.provider == Provider::Merchize && a.tenant.as_deref() == Some(t))
    });
    if !tenant_known {
        return Err(not_found("Store"));
    }
    let account = peek(inner, call)
        .ok_or_else(|| error(StatusCode::UNAUTHORIZED, "Unauthorized: invalid API token"))?;
    ctx.account = Some(account.clone());
    let limit = Limit {
        max: 10,
        window_ms: 1000,
        block_ms: 0,
    };
    limits::take(
        inner,
        format!("merchize:{account}"),
        limit,
        ctx.now.timestamp_millis(),
    )
    .map_err(throttled)?;
    let m = &call.method;
    match call.segments().as_slice() {
        ["order", "external", "orders"] if *m == Method::POST => create(inner, call, ctx, &account),
        ["order", "external", "orders"] if *m == Method::GET => list(inner, call, ctx, &account),
        ["order", "external", "orders", id] if *m == Method::GET => {
            Ok(success(render(find(inner, &account, id)?)))
        }
        ["order", "external", "orders", id, "cancel"] if *m == Method::POST => {
            let (real, reference) = {
                let o = find(inner, &account, id)?;
                (o.id.clone(), o.reference.clone())
            };
            ctx.reference = reference;
            cancel_order(inner, &SPEC, &real, ctx.now).map_err(|status| {
                error(
                    StatusCode::CONFLICT,
                    format!("status: an order that is {status} cannot be cancelled"),
                )
            })?;
            ctx.wrote = true;
            Ok(success(render(find(inner, &account, &real)?)))
        }
        ["product", "products"] if *m == Method::GET => products(call, ctx),
        ["artwork", "artworks"] if *m == Method::GET => artworks(call),
        _ => Err(not_found("Route")),
    }
}

/// An account's order by `_id` or `code`.
fn find<'a>(inner: &'a Inner, account: &str, id: &str) -> Result<&'a Order, Reply> {
    inner
        .order(Provider::Merchize, id)
        .filter(|o| o.account == account)
        .or_else(|| {
            inner
                .orders
                .values()
                .find(|o| o.account == account && o.short_id == id)
        })
        .ok_or_else(|| not_found("Order"))
}

fn product_id(p: usize) -> String {
    format!("5f3c1a2b9d{p:014x}")
}

fn variant_id(v: VariantRef) -> String {
    format!("6a1e0c{:04x}{:014x}", v.product, v.ordinal())
}

fn product_index(raw: &str) -> Option<usize> {
    (0..PRODUCTS.len()).find(|p| product_id(*p) == raw || CODES.get(*p) == Some(&raw))
}

fn products(call: &Call, ctx: &Ctx) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 20, 100).map_err(invalid)?;
    let all: Vec<usize> = (0..PRODUCTS.len()).collect();
    let (slice, pages) = api::page_of(&all, page, limit);
    let list: Vec<Value> = slice
        .into_iter()
        .map(|p| {
            let product = &PRODUCTS[p];
            let variants: Vec<Value> = catalog::variants_of(p)
                .map(|v| {
                    json!({
                        "_id": variant_id(v),
                        "sku": format!("{}-{}-{}", code(v), v.color().code, v.size().name.replace(' ', "").to_ascii_uppercase()),
                        "color": v.color().name,
                        "size": v.size().name,
                        "base_cost": money(v.cost_cents(SPEC.percent)),
                    })
                })
                .collect();
            json!({
                "_id": product_id(p),
                "title": product.name,
                "sku": CODES[p],
                "type": product.model,
                "description": product.description,
                "image": format!("{}/__sandbox/providers/images/{}-{}.png", ctx.origin, product.key, product.colors[0].code),
                "sides": sides(p),
                "variants": variants,
            })
        })
        .collect();
    Ok(success(json!({
        "products": list,
        "pages": pages,
        "page": page,
        "limit": limit,
        "total": PRODUCTS.len(),
    })))
}

fn artworks(call: &Call) -> Handled {
    let raw = call
        .query("product")
        .ok_or_else(|| invalid("product: is required"))?;
    let p = product_index(raw).ok_or_else(|| not_found("Product"))?;
    let list: Vec<Value> = PRODUCTS[p]
        .areas
        .iter()
        .filter_map(|a| {
            area_name(a.name).map(|side| {
                json!({ "product": product_id(p), "side": side, "width": a.width, "height": a.height })
            })
        })
        .collect();
    Ok(success(Value::Array(list)))
}

fn attribute(item: &Value, name: &str) -> Option<String> {
    item.get("attributes")?
        .as_array()?
        .iter()
        .find(|a| {
            a.get("name")
                .and_then(Value::as_str)
                .is_some_and(|n| n.eq_ignore_ascii_case(name))
        })
        .and_then(|a| field(a, "option"))
}

fn create(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
    if !body.is_object() {
        return Err(invalid("body: must be a JSON object"));
    }
    let order_id = field(&body, "order_id").ok_or_else(|| invalid("order_id: is required"))?;
    ctx.reference = Some(order_id.clone());
    let identifier = field(&body, "identifier").unwrap_or_else(|| order_id.clone());
    let s = body
        .get("shipping_info")
        .filter(|s| s.is_object())
        .ok_or_else(|| invalid("shipping_info: is required"))?;
    let required = |name: &str| {
        field(s, name).ok_or_else(|| invalid(format!("shipping_info.{name}: is required")))
    };
    let full_name = required("full_name")?;
    let (first, last) = match full_name.rsplit_once(' ') {
        Some((f, l)) => (f.trim().to_owned(), l.to_owned()),
        None => (full_name.clone(), String::new()),
    };
    let country = required("country")?.to_ascii_uppercase();
    if country.len() != 2 {
        return Err(invalid(
            "shipping_info.country: must be an ISO 3166-1 alpha-2 code",
        ));
    }
    let recipient = Recipient {
        first_name: first,
        last_name: last,
        email: field(s, "email"),
        phone: field(s, "phone"),
        company: None,
        address1: required("address_1")?,
        address2: field(s, "address_2"),
        city: required("city")?,
        region: field(s, "state").unwrap_or_default(),
        zip: required("postcode")?,
        country,
    };
    let items = body
        .get("items")
        .and_then(Value::as_array)
        .filter(|i| !i.is_empty())
        .ok_or_else(|| invalid("items: must contain at least one item"))?;
    let mut lines = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let at = |name: &str| format!("items[{i}].{name}");
        let name =
            field(item, "name").ok_or_else(|| invalid(format!("{}: is required", at("name"))))?;
        let quantity = item
            .get("quantity")
            .and_then(whole)
            .filter(|q| (1..=100).contains(q))
            .ok_or_else(|| invalid(format!("{}: must be between 1 and 100", at("quantity"))))?;
        let product_code = attribute(item, "product").ok_or_else(|| {
            invalid(format!(
                "{}: the product attribute is required",
                at("attributes")
            ))
        })?;
        let p = CODES
            .iter()
            .position(|c| c.eq_ignore_ascii_case(&product_code))
            .ok_or_else(|| {
                invalid(format!(
                    "{}: {product_code} is not a Merchize product",
                    at("attributes.product")
                ))
            })?;
        let product = &PRODUCTS[p];
        let color = match attribute(item, "Color") {
            Some(c) => c,
            None if product.colors.len() == 1 => product.colors[0].name.to_owned(),
            None => return Err(invalid(format!("{}: is required", at("attributes.Color")))),
        };
        let size = match attribute(item, "Size") {
            Some(s) => s,
            None if product.sizes.len() == 1 => product.sizes[0].name.to_owned(),
            None => return Err(invalid(format!("{}: is required", at("attributes.Size")))),
        };
        let variant = catalog::find(p, &color, &size).ok_or_else(|| {
            invalid(format!(
                "{}: {product_code} has no {color} / {size}",
                at("attributes")
            ))
        })?;
        let allowed = sides(p);
        let mut files = Vec::new();
        for side in ["front", "back", "sleeve", "hood"] {
            let key = format!("design_{side}");
            let Some(url) = field(item, &key) else {
                continue;
            };
            if !allowed.iter().any(|a| a == side) {
                return Err(invalid(format!(
                    "{}: {product_code} has no {side} to print",
                    at(&key)
                )));
            }
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(invalid(format!("{}: must be an http(s) URL", at(&key))));
            }
            files.push((side.to_owned(), url));
        }
        if !files.iter().any(|(side, _)| side == "front") {
            return Err(invalid(format!("{}: is required", at("design_front"))));
        }
        let mut extra = Map::new();
        if let Some(price) = item.get("price").filter(|p| p.is_number()) {
            extra.insert("price".into(), price.clone());
        }
        extra.insert(
            "attributes".into(),
            item.get("attributes").cloned().unwrap_or(json!([])),
        );
        lines.push(LineSpec {
            variant,
            quantity: u32::try_from(quantity).unwrap_or(1),
            unit_cost: variant.cost_cents(SPEC.percent),
            sku: sku_text(variant),
            files,
            name: Some(name),
            mockup: field(item, "image"),
            extra,
        });
    }
    let mut order = build_order(
        inner,
        &SPEC,
        account,
        Some(order_id),
        Some(identifier),
        recipient,
        lines,
        SPEC.default_method.to_owned(),
        ctx.now,
    );
    if let Some(b) = body.get("branding").filter(|b| b.is_object()) {
        order.extra.insert("branding".into(), b.clone());
    }
    let id = order.id.clone();
    store_order(inner, &SPEC, order, ctx.now);
    ctx.created = Some(id.clone());
    ctx.wrote = true;
    Ok(success(render(find(inner, account, &id)?)))
}

fn progress(o: &Order) -> Vec<Value> {
    let mut out: Vec<Value> = STEPS
        .iter()
        .map(|(event, status)| {
            let reached = o.when(status);
            json!({
                "event": event,
                "status": if reached.is_some() { "done" } else { "pending" },
                "time": reached.map(iso_millis),
            })
        })
        .collect();
    if o.stage == Stage::Cancelled {
        out.push(json!({ "event": "cancelled", "status": "done", "time": o.cancelled_at.map(iso_millis) }));
    }
    out
}

fn render(o: &Order) -> Value {
    let r = &o.recipient;
    let items: Vec<Value> = o
        .lines
        .iter()
        .map(|l| {
            let mut item = json!({
                "_id": l.item_id,
                "name": l.name,
                "quantity": l.quantity,
                "price": l.extra.get("price"),
                "base_cost": money(l.unit_cost),
                "image": l.mockup,
                "product": code(l.variant),
                "attributes": l.extra.get("attributes"),
            });
            for (side, url) in &l.files {
                item[format!("design_{side}")] = json!(url);
            }
            item
        })
        .collect();
    let s = o.shipment.as_ref();
    json!({
        "_id": o.id,
        "code": o.short_id,
        "order_id": o.reference,
        "identifier": o.label,
        "status": o.status,
        "order_progress": progress(o),
        "shipping_info": {
            "full_name": r.full_name(),
            "address_1": r.address1,
            "address_2": r.address2,
            "city": r.city,
            "state": r.region,
            "postcode": r.zip,
            "country": r.country,
            "email": r.email,
            "phone": r.phone,
        },
        "items": items,
        "branding": o.extra.get("branding"),
        "fulfillment_cost": money(o.items_cents()),
        "shipping_cost": money(o.shipping_cents()),
        "total_cost": money(o.total_cents()),
        "currency": "USD",
        "tracking_number": s.map(|s| s.number.clone()),
        "tracking_company": s.map(|s| s.carrier),
        "tracking_url": s.map(|s| s.url.clone()),
        "created_at": iso_millis(o.created_at),
        "updated_at": iso_millis(o.updated_at),
    })
}

fn list(inner: &Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 20, 100).map_err(invalid)?;
    let reference = call.query("order_id");
    ctx.reference = reference.map(str::to_owned);
    let status = call.query("status");
    if let Some(s) = status
        && SPEC.stage_of(s).is_none()
    {
        return Err(invalid(format!("status: {s} is not an order status")));
    }
    let from = match call.query("created_from") {
        None => None,
        Some(raw) => Some(
            api::parse_time(raw)
                .ok_or_else(|| invalid("created_from: must be an ISO-8601 date or time"))?,
        ),
    };
    let mut rows: Vec<&Order> = inner
        .orders_of(account)
        .filter(|o| reference.is_none_or(|r| o.reference.as_deref() == Some(r)))
        .filter(|o| status.is_none_or(|s| o.status == s))
        .filter(|o| from.is_none_or(|f| o.created_at >= f))
        .collect();
    rows.reverse();
    let total = rows.len();
    let (slice, pages) = api::page_of(&rows, page, limit);
    Ok(success(json!({
        "orders": slice.into_iter().map(render).collect::<Vec<_>>(),
        "page": page,
        "pages": pages,
        "limit": limit,
        "total": total,
    })))
}

fn events(o: &Order, from: Option<&'static str>, _now: DateTime<Utc>) -> Vec<Event> {
    let base = json!({
        "_id": o.id,
        "code": o.short_id,
        "identifier": o.label,
        "order_id": o.reference,
        "status": o.status,
    });
    let event = |name: &str, resource: Value| Event {
        topic: name.to_owned(),
        order_id: o.id.clone(),
        body: json!({ "event": name, "resource": resource }),
    };
    let Some(from) = from else {
        return vec![event("order_created", base)];
    };
    let mut out = Vec::new();
    if from != o.status {
        let mut resource = base.clone();
        resource["order_progress"] = Value::Array(progress(o));
        out.push(event("order_progress", resource));
    }
    if o.stage == Stage::Shipped
        && let Some(s) = &o.shipment
    {
        let mut resource = base;
        resource["tracking_number"] = json!(s.number);
        resource["tracking_company"] = json!(s.carrier);
        resource["tracking_url"] = json!(s.url);
        resource["name"] = json!(o.short_id);
        out.push(event("order_tracking", resource));
    }
    out
}
