//! Lenful's seller API (`https://s-lencam.lenful.com/api/…`), served under `/lenful/…`; the
//! list the newer host serves (`https://s-lencam-v3.lenful.com/api/order/list`) is served under
//! the same prefix.
//!
//! Lenful has no public reference; `reference/pod-providers.md` (Lenful ⚠️) reads one
//! community author's clients. Where they are silent (❓), the stand-in does the following —
//! the one place these choices are written down:
//!
//! - **Auth**: `POST /seller/login` as a form (`user_name`, `password`) → `{access_token}`;
//!   then `Authorization: Bearer {access_token}`. ❓ A token lives 24 hours; an unknown or
//!   expired token answers 401 and the client logs in again. Wrong credentials: 401.
//! - **Errors** ❓: `{message}`; validation is 422 `{message: "field: reason", errors {field:
//!   [reason]}}`; 401, 404 (also a shop that is not the seller's), 409 (a refused cancel), 429,
//!   500.
//! - **Rate limit** ❓ (the assumed shape's): 10 calls a second per seller; 429 with
//!   `Retry-After`.
//! - **Create** `POST /order/{shop_id}/create` (JSON) `{order_number, first_name, last_name,
//!   country_code, province, city, zip, address_1, address_2?, phone?, email?, items[]
//!   {product_sku, design_sku, quantity, mockups[]?, designs[] {position, link}, shippings[]}}`
//!   → 200 `{data {id, status, total_price}}`. Product SKUs read `LF-{STYLE}-{COLOR}-{SIZE}`
//!   (`LF-G5000-BLK-M`); `design_sku` is the seller's own name for the design (required).
//!   ❓ Design positions: `1` front, `2` back, `3` left sleeve, `4` right sleeve, `0` hood,
//!   `-1` neck label, as the product prints them (mugs `1` only). ❓ Shipping codes: `1`
//!   standard, `2` express, `3` priority, `4` economy, `5` ground, `6` expedited, `7` TikTok
//!   label, `8` seller label; the order ships by the first item's first code.
//! - **Idempotency** ❓: nothing says Lenful refuses a repeated `order_number`, so it does not
//!   (a second create makes a second order). A client looks its reference up first, in the
//!   list, by `order_number`.
//! - **Read** ❓ `GET /order/{shop_id}/{id}` (the id or the short id) → `{data: order}`.
//! - **List** `POST /order/list?page=&limit=&fields=…&sort_by=create_date_desc|create_date_asc`
//!   with body `{from_date, to_date}` (`YYYY-MM-DD`, whole UTC days, both optional) → `{data:
//!   [...]}`, every order of the seller whatever the shop. ❓ `limit` default 20, at most 100;
//!   no total is sent — a page shorter than `limit` is the last. `fields` keeps only the named
//!   members of each order.
//! - **Order** ❓: `{id, short_id, order_number, shop_id, status, payment_status ("paid": the
//!   seller's balance pays at once), first_name, last_name, country_code, province, city, zip,
//!   address_1, address_2?, items[] {id, product_sku, design_sku, quantity, base_cost,
//!   mockups, designs, shippings}, shipping_method, shipping_fee, total_price (decimal US
//!   dollars), tracking_numbers[], carrier?, tracking_url?, create_date, update_date}` with
//!   times as `YYYY-MM-DD HH:MM:SS` UTC.
//! - **Statuses** ❓: `pending` → `in_production` → `shipped` → `delivered`; side states
//!   `on_hold`, `rejected`, `cancelled`.
//! - **Cancel** ❓ `POST /order/{shop_id}/{id}/cancel` only while `pending` or `on_hold`;
//!   otherwise 409 `status: …`.
//! - **Catalogue** ❓ `GET /product/list?page=&limit=` → `{data: [{id, name, brand,
//!   description, image, print_positions[] {position, name, width, height}, variants[]
//!   {product_sku, color, size, base_cost, stock}}]}`.
//! - **Webhooks**: no registration API is known; the seller enters an address in the
//!   dashboard (`ProvidersSandbox::set_webhook`). Only tracking is sent, when an order ships:
//!   `{lenful_order_short_id, tracking_numbers[]}`, ❓ signed as the assumed shape:
//!   `X-Signature: hex HMAC-SHA256(secret, raw body)`.
use axum::http::{HeaderName, Method, StatusCode};
use chrono::{DateTime, Duration, Utc};
use serde_json::{Map, Value, json};

use super::api::{self, Call, Ctx, Handled, Reply, Spec, field, whole};
use super::catalog::{self, PRODUCTS, VariantRef};
use super::limits::{self, Limit};
use super::state::{Inner, Order, Recipient, Stage};
use super::webhooks::Event;
use super::{LineSpec, Provider, build_order, cancel_order, store_order};

pub static SPEC: Spec = Spec {
    provider: Provider::Lenful,
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
    reference_path: &["order_number"],
    throttled,
    internal,
    events,
    sign,
    sku_of,
    area_name,
    percent: 90,
    new_id,
    default_method: "1",
};

fn error(status: StatusCode, message: impl Into<String>) -> Reply {
    Reply::json(status, json!({ "message": message.into() }))
}

fn invalid(field_path: &str, reason: &str) -> Reply {
    Reply::json(
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "message": format!("{field_path}: {reason}"),
            "errors": { field_path: [reason] },
        }),
    )
}

fn not_found(what: &str) -> Reply {
    error(StatusCode::NOT_FOUND, format!("{what} not found"))
}

fn throttled(retry_after: u64) -> Reply {
    error(StatusCode::TOO_MANY_REQUESTS, "Too Many Attempts.")
        .header(HeaderName::from_static("retry-after"), retry_after)
}

fn internal() -> Reply {
    error(StatusCode::INTERNAL_SERVER_ERROR, "Server Error")
}

fn sign(secret: &str, body: &[u8]) -> (&'static str, String) {
    ("x-signature", api::hmac_hex(secret, body))
}

fn new_id(inner: &mut Inner, now: DateTime<Utc>) -> (String, String) {
    let id = inner.object_id(now);
    let short = format!("LF{}", inner.token(7).to_ascii_uppercase());
    (id, short)
}

fn product_sku(v: VariantRef) -> String {
    format!(
        "LF-{}-{}-{}",
        v.product().key,
        v.color().code,
        v.size().name.replace(' ', "").to_ascii_uppercase()
    )
}

fn sku_of(v: VariantRef) -> (String, Map<String, Value>) {
    let mut extra = Map::new();
    extra.insert("design_sku".into(), json!("walk-in"));
    (product_sku(v), extra)
}

/// Lenful's design positions by canonical area.
fn position(canonical: &str) -> Option<i64> {
    match canonical {
        "front" | "wrap" => Some(1),
        "back" => Some(2),
        "left_sleeve" => Some(3),
        "right_sleeve" => Some(4),
        "hood" => Some(0),
        _ => None,
    }
}

fn area_name(canonical: &str) -> Option<String> {
    position(canonical).map(|p| p.to_string())
}

fn positions(product: usize) -> Vec<i64> {
    let p = &PRODUCTS[product];
    let mut out: Vec<i64> = p.areas.iter().filter_map(|a| position(a.name)).collect();
    if p.areas.len() > 2 {
        out.push(-1);
    }
    out
}

fn position_name(p: i64) -> &'static str {
    match p {
        1 => "front",
        2 => "back",
        3 => "left sleeve",
        4 => "right sleeve",
        0 => "hood",
        _ => "neck label",
    }
}

fn money(cents: i64) -> Value {
    json!((cents as f64) / 100.0)
}

fn stamp(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M:%S").to_string()
}

fn peek(inner: &Inner, call: &Call) -> Option<String> {
    if let Some(token) = call.bearer() {
        return inner
            .sessions
            .get(token)
            .filter(|(_, expires)| *expires > Utc::now())
            .map(|(account, _)| account.clone());
    }
    let form = call.form();
    let user = form.iter().find(|(k, _)| k == "user_name")?;
    inner
        .account_by_key(Provider::Lenful, &user.1)
        .map(|a| a.id.clone())
}

fn handle(inner: &mut Inner, call: &Call, ctx: &mut Ctx) -> Handled {
    let seg = call.segments();
    if seg.as_slice() == ["seller", "login"] {
        return if call.method == Method::POST {
            login(inner, call, ctx)
        } else {
            Err(not_found("Route"))
        };
    }
    let account = call
        .bearer()
        .and_then(|t| inner.sessions.get(t))
        .filter(|(_, expires)| *expires > ctx.now)
        .map(|(a, _)| a.clone())
        .ok_or_else(|| error(StatusCode::UNAUTHORIZED, "Unauthenticated."))?;
    ctx.account = Some(account.clone());
    let limit = Limit {
        max: 10,
        window_ms: 1000,
        block_ms: 0,
    };
    limits::take(
        inner,
        format!("lenful:{account}"),
        limit,
        ctx.now.timestamp_millis(),
    )
    .map_err(throttled)?;
    let m = &call.method;
    match seg.as_slice() {
        ["order", "list"] if *m == Method::POST => list(inner, call, &account),
        ["order", shop, "create"] if *m == Method::POST => {
            own_shop(inner, &account, shop)?;
            create(inner, call, ctx, &account)
        }
        ["order", shop, id] if *m == Method::GET => {
            own_shop(inner, &account, shop)?;
            Ok(Reply::ok(
                json!({ "data": render(find(inner, &account, id)?) }),
            ))
        }
        ["order", shop, id, "cancel"] if *m == Method::POST => {
            own_shop(inner, &account, shop)?;
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
            Ok(Reply::ok(
                json!({ "data": render(find(inner, &account, &real)?) }),
            ))
        }
        ["product", "list"] if *m == Method::GET => products(call, ctx),
        _ => Err(not_found("Route")),
    }
}

fn login(inner: &mut Inner, call: &Call, ctx: &mut Ctx) -> Handled {
    let form = call.form();
    let get = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let user = get("user_name").ok_or_else(|| invalid("user_name", "is required"))?;
    let password = get("password").ok_or_else(|| invalid("password", "is required"))?;
    let account = inner
        .account_by_key(Provider::Lenful, &user)
        .filter(|a| {
            a.api_secret
                .as_deref()
                .is_some_and(|s| api::same(s, &password))
        })
        .map(|a| a.id.clone())
        .ok_or_else(|| error(StatusCode::UNAUTHORIZED, "Invalid user name or password"))?;
    ctx.account = Some(account.clone());
    let token = inner.token(64);
    inner
        .sessions
        .insert(token.clone(), (account, ctx.now + Duration::hours(24)));
    Ok(Reply::ok(json!({ "access_token": token })))
}

fn own_shop(inner: &Inner, account: &str, shop: &str) -> Result<(), Reply> {
    match inner.account(account) {
        Some(a) if a.shop_id.as_deref() == Some(shop) => Ok(()),
        _ => Err(not_found("Shop")),
    }
}

fn find<'a>(inner: &'a Inner, account: &str, id: &str) -> Result<&'a Order, Reply> {
    inner
        .order(Provider::Lenful, id)
        .filter(|o| o.account == account)
        .or_else(|| {
            inner
                .orders
                .values()
                .find(|o| o.account == account && o.short_id == id)
        })
        .ok_or_else(|| not_found("Order"))
}

fn products(call: &Call, ctx: &Ctx) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 20, 100).map_err(|e| {
        let (f, reason) = e.split_once(": ").unwrap_or(("limit", "is not valid"));
        invalid(f, reason)
    })?;
    let all: Vec<usize> = (0..PRODUCTS.len()).collect();
    let (slice, _) = api::page_of(&all, page, limit);
    let data: Vec<Value> = slice
        .into_iter()
        .map(|p| {
            let product = &PRODUCTS[p];
            let print_positions: Vec<Value> = positions(p)
                .into_iter()
                .map(|pos| {
                    let area = product.areas.iter().find(|a| position(a.name) == Some(pos));
                    json!({
                        "position": pos,
                        "name": position_name(pos),
                        "width": area.map(|a| a.width).unwrap_or(600),
                        "height": area.map(|a| a.height).unwrap_or(600),
                    })
                })
                .collect();
            json!({
                "id": format!("64b7f0a1c2{p:014x}"),
                "name": product.name,
                "brand": product.brand,
                "description": product.description,
                "image": format!("{}/__sandbox/providers/images/{}-{}.png", ctx.origin, product.key, product.colors[0].code),
                "print_positions": print_positions,
                "variants": catalog::variants_of(p).map(|v| json!({
                    "product_sku": product_sku(v),
                    "color": v.color().name,
                    "size": v.size().name,
                    "base_cost": money(v.cost_cents(SPEC.percent)),
                    "stock": v.stock(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(Reply::ok(json!({ "data": data })))
}

fn shipping_factor(code: i64) -> i64 {
    match code {
        2 => 250,
        3 => 160,
        4 => 80,
        5 => 110,
        6 => 180,
        7 | 8 => 0,
        _ => 100,
    }
}

/// The carrier's word for a shipping code, as the lifecycle picks carriers by it.
fn method_word(code: i64) -> &'static str {
    match code {
        2 => "express",
        3 => "priority",
        6 => "expedite",
        _ => "standard",
    }
}

fn create(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let body = call
        .json()
        .map_err(|e| invalid("body", &format!("is not JSON: {e}")))?;
    if !body.is_object() {
        return Err(invalid("body", "must be a JSON object"));
    }
    let order_number =
        field(&body, "order_number").ok_or_else(|| invalid("order_number", "is required"))?;
    ctx.reference = Some(order_number.clone());
    let required = |name: &str| field(&body, name).ok_or_else(|| invalid(name, "is required"));
    let country = required("country_code")?.to_ascii_uppercase();
    if country.len() != 2 {
        return Err(invalid(
            "country_code",
            "must be an ISO 3166-1 alpha-2 code",
        ));
    }
    let recipient = Recipient {
        first_name: required("first_name")?,
        last_name: required("last_name")?,
        email: field(&body, "email"),
        phone: field(&body, "phone"),
        company: None,
        address1: required("address_1")?,
        address2: field(&body, "address_2"),
        city: required("city")?,
        region: field(&body, "province").unwrap_or_default(),
        zip: required("zip")?,
        country,
    };
    let items = body
        .get("items")
        .and_then(Value::as_array)
        .filter(|i| !i.is_empty())
        .ok_or_else(|| invalid("items", "must contain at least one item"))?;
    let mut lines = Vec::new();
    let mut method: Option<i64> = None;
    for (i, item) in items.iter().enumerate() {
        let at = |name: &str| format!("items.{i}.{name}");
        let sku =
            field(item, "product_sku").ok_or_else(|| invalid(&at("product_sku"), "is required"))?;
        let variant = catalog::variants()
            .find(|v| product_sku(*v) == sku)
            .ok_or_else(|| invalid(&at("product_sku"), "is not a Lenful product SKU"))?;
        let design_sku =
            field(item, "design_sku").ok_or_else(|| invalid(&at("design_sku"), "is required"))?;
        let quantity = item
            .get("quantity")
            .and_then(whole)
            .filter(|q| (1..=100).contains(q))
            .ok_or_else(|| invalid(&at("quantity"), "must be between 1 and 100"))?;
        let designs = item
            .get("designs")
            .and_then(Value::as_array)
            .filter(|d| !d.is_empty())
            .ok_or_else(|| invalid(&at("designs"), "needs at least one design"))?;
        let allowed = positions(variant.product);
        let mut files = Vec::new();
        for (j, d) in designs.iter().enumerate() {
            let here = format!("items.{i}.designs.{j}");
            let pos = d
                .get("position")
                .and_then(whole)
                .ok_or_else(|| invalid(&format!("{here}.position"), "is required"))?;
            if !allowed.contains(&pos) {
                return Err(invalid(
                    &format!("{here}.position"),
                    &format!("{sku} prints no design at position {pos}"),
                ));
            }
            let link = field(d, "link")
                .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
                .ok_or_else(|| invalid(&format!("{here}.link"), "must be an http(s) URL"))?;
            files.push((pos.to_string(), link));
        }
        let shippings: Vec<i64> = match item.get("shippings") {
            Some(Value::Array(list)) if !list.is_empty() => {
                let codes: Option<Vec<i64>> = list.iter().map(whole).collect();
                codes
                    .filter(|c| c.iter().all(|c| (1..=8).contains(c)))
                    .ok_or_else(|| {
                        invalid(&at("shippings"), "must be shipping codes from 1 to 8")
                    })?
            }
            _ => return Err(invalid(&at("shippings"), "is required")),
        };
        method.get_or_insert(shippings[0]);
        let mockups: Vec<String> = item
            .get("mockups")
            .and_then(Value::as_array)
            .map(|m| m.iter().filter_map(api::text).collect())
            .unwrap_or_default();
        let mut extra = Map::new();
        extra.insert("design_sku".into(), json!(design_sku));
        extra.insert("mockups".into(), json!(mockups));
        extra.insert("shippings".into(), json!(shippings));
        lines.push(LineSpec {
            variant,
            quantity: u32::try_from(quantity).unwrap_or(1),
            unit_cost: variant.cost_cents(SPEC.percent),
            sku,
            files,
            name: None,
            mockup: mockups.first().cloned(),
            extra,
        });
    }
    let code = method.unwrap_or(1);
    let mut order = build_order(
        inner,
        &SPEC,
        account,
        Some(order_number),
        None,
        recipient,
        lines,
        method_word(code).to_owned(),
        ctx.now,
    );
    for l in &mut order.lines {
        l.shipping = l.shipping * shipping_factor(code) / 100;
    }
    order.extra.insert("shipping_code".into(), json!(code));
    let reply = json!({ "data": {
        "id": order.id,
        "status": order.status,
        "total_price": money(order.total_cents()),
    }});
    let id = order.id.clone();
    store_order(inner, &SPEC, order, ctx.now);
    ctx.created = Some(id);
    ctx.wrote = true;
    Ok(Reply::ok(reply))
}

fn render(o: &Order) -> Value {
    let r = &o.recipient;
    let items: Vec<Value> = o
        .lines
        .iter()
        .map(|l| {
            json!({
                "id": l.item_id,
                "product_sku": l.sku,
                "design_sku": l.extra.get("design_sku"),
                "quantity": l.quantity,
                "base_cost": money(l.unit_cost),
                "mockups": l.extra.get("mockups"),
                "designs": l.files.iter().map(|(p, link)| json!({ "position": p.parse::<i64>().unwrap_or(1), "link": link })).collect::<Vec<_>>(),
                "shippings": l.extra.get("shippings"),
            })
        })
        .collect();
    let s = o.shipment.as_ref();
    json!({
        "id": o.id,
        "short_id": o.short_id,
        "order_number": o.reference,
        "shop_id": o.shop,
        "status": o.status,
        "payment_status": "paid",
        "first_name": r.first_name,
        "last_name": r.last_name,
        "country_code": r.country,
        "province": r.region,
        "city": r.city,
        "zip": r.zip,
        "address_1": r.address1,
        "address_2": r.address2,
        "phone": r.phone,
        "email": r.email,
        "items": items,
        "shipping_method": o.extra.get("shipping_code").cloned().unwrap_or(json!(1)),
        "shipping_fee": money(o.shipping_cents()),
        "total_price": money(o.total_cents()),
        "tracking_numbers": s.map(|s| vec![s.number.clone()]).unwrap_or_default(),
        "carrier": s.map(|s| s.carrier),
        "tracking_url": s.map(|s| s.url.clone()),
        "create_date": stamp(o.created_at),
        "update_date": stamp(o.updated_at),
    })
}

fn list(inner: &Inner, call: &Call, account: &str) -> Handled {
    let (page, limit) = api::paging(call, "page", "limit", 20, 100).map_err(|e| {
        let (f, reason) = e.split_once(": ").unwrap_or(("limit", "is not valid"));
        invalid(f, reason)
    })?;
    let body = call
        .json()
        .map_err(|e| invalid("body", &format!("is not JSON: {e}")))?;
    let day = |name: &str| -> Result<Option<chrono::NaiveDate>, Reply> {
        match field(&body, name) {
            None => Ok(None),
            Some(raw) => chrono::NaiveDate::parse_from_str(&raw, "%Y-%m-%d")
                .map(Some)
                .map_err(|_| invalid(name, "must be a date as YYYY-MM-DD")),
        }
    };
    let from = day("from_date")?;
    let to = day("to_date")?;
    let ascending = match call.query("sort_by") {
        None | Some("create_date_desc") => false,
        Some("create_date_asc") => true,
        Some(_) => {
            return Err(invalid(
                "sort_by",
                "must be create_date_desc or create_date_asc",
            ));
        }
    };
    let fields: Vec<String> = call
        .query("fields")
        .map(|f| {
            f.split(',')
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let mut rows: Vec<&Order> = inner
        .orders_of(account)
        .filter(|o| from.is_none_or(|d| o.created_at.date_naive() >= d))
        .filter(|o| to.is_none_or(|d| o.created_at.date_naive() <= d))
        .collect();
    if !ascending {
        rows.reverse();
    }
    let (slice, _) = api::page_of(&rows, page, limit);
    let data: Vec<Value> = slice
        .into_iter()
        .map(|o| {
            let full = render(o);
            if fields.is_empty() {
                return full;
            }
            let kept: Map<String, Value> = fields
                .iter()
                .filter_map(|f| full.get(f).map(|v| (f.clone(), v.clone())))
                .collect();
            Value::Object(kept)
        })
        .collect();
    Ok(Reply::ok(json!({ "data": data })))
}

fn events(o: &Order, from: Option<&'static str>, _now: DateTime<Utc>) -> Vec<Event> {
    match (&o.shipment, from) {
        (Some(s), Some(_)) if o.stage == Stage::Shipped => vec![Event {
            topic: "tracking".into(),
            order_id: o.id.clone(),
            body: json!({
                "lenful_order_short_id": o.short_id,
                "tracking_numbers": [s.number],
            }),
        }],
        _ => Vec::new(),
    }
}
