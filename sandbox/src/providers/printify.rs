//! Printify's public API v1 (`https://api.printify.com/v1/…`), served under `/printify/v1/…`.
//!
//! Follows `reference/printify.md`. Where the reference is unsure (⚠️) or silent (❓), the
//! stand-in does the following — the one place these choices are written down:
//!
//! - **Paths** end in `.json`; without it the answer is 404. Unknown paths and ids answer 404,
//!   a known path with another method 405.
//! - **Auth**: `Authorization: Bearer {personal access token}`; the token is compared whole
//!   (its JWT scopes are not checked). Missing or unknown: 401. A shop id that is not the
//!   token's shop: 404.
//! - **Errors** ❓: every 4xx and 5xx carries `{status:"error", code, message, errors:{reason,
//!   code}}`. Validation, a duplicate `external_id` and a refused state change are HTTP 400
//!   with `code` 8150 and a `reason` that starts with the field (`address_to.zip: …`,
//!   `line_items.0.variant_id: …`, `external_id: …`, `status: …`); other errors use the HTTP
//!   status as `code`.
//! - **Rate limits** ❓: fixed one-minute windows per token: 600 calls for everything, and 100
//!   more specifically for `/v1/catalog/…`. Over either: 429 with `Retry-After` (seconds to the
//!   window's end), `X-RateLimit-Limit` and `X-RateLimit-Remaining: 0`, and the error envelope.
//!   An injected throttle says `Retry-After: 1`.
//! - **Idempotency** ❓: `external_id` is unique per shop. A second create with the same one
//!   answers 400 (`errors.reason` `external_id: an order with this external id already
//!   exists`) and makes nothing. Printify's order list has no `external_id` filter: a client
//!   finds the earlier order by listing (newest first) and reading `external_id` (echoed on the
//!   order object when the create carried one, ⚠️ as one community client reads it) or
//!   `metadata.shop_order_id`.
//! - **Create** answers 200 `{id}`. Line items must use the "design on the fly" form
//!   (`print_provider_id`, `blueprint_id`, `variant_id`, `quantity`, `print_areas`); the
//!   stand-in has no shop products, so the `product_id` and `sku` forms answer 400 naming the
//!   field. `print_areas` maps a variant placeholder position to an image URL or to layers
//!   `[{src, x, y, scale, angle}]`.
//! - **Lifecycle** ❓: a new order waits `on-hold` (the sandbox shop approves orders by hand).
//!   `send_to_production` moves it to `sending-to-production`; the clock then moves
//!   `on-hold` → `sending-to-production` → `in-production` → `fulfilled` (a `shipments[]`
//!   entry `{carrier, number, url}` and `fulfilled_at`) → delivered (still `fulfilled`, the
//!   shipment gains `delivered_at`). `set_status` also knows `pending`,
//!   `payment-not-received`, `partially-fulfilled`, `had-issues` and `canceled`.
//! - **Cancel** only while `on-hold` or `payment-not-received`; it answers the order with
//!   `status:"canceled"`. Otherwise 400 with `errors.reason` `status: …` naming the status.
//! - **Order object**: `line_items[].cost` is the line's cost (unit cost × quantity) and
//!   `shipping_cost` its share of shipping; `total_price` is the items, `total_shipping` the
//!   shipping, `total_tax` 0, all in cents. Times are `"2024-05-01 10:00:00+00:00"`.
//!   `metadata` is `{order_type:"api", shop_order_id (the external id), shop_order_label (the
//!   label)}`. Fields without a value (no `sent_to_production_at` yet, no `delivered_at`) are
//!   left out.
//! - **List**: `GET …/orders.json?page=&limit=&status=&sku=`, newest first; `limit` defaults
//!   to 10, at most 100 ❓. The reply is a Laravel page (`current_page`, `data`, `last_page`,
//!   `next_page_url`, `total`, …) and keeps Laravel's `null`s (`next_page_url` on the last page).
//! - **Catalogue**: blueprints, print providers (with `location`), variants with `options
//!   {color, size}` and `placeholders`, shipping profiles (US, CA, `REST_OF_THE_WORLD`).
//!   Images point at the sandbox's own placeholder PNGs.
//! - **Webhooks**: registered per shop by `POST /v1/shops/{id}/webhooks.json` `{topic, url,
//!   secret?}` → `{id, topic, url, shop_id}`; listed, updated (`PUT`, `url`) and deleted
//!   (`DELETE` → `{id}`). Sent: `order:created`, `order:updated` (every status change),
//!   `order:sent-to-production`, `order:shipment:created` (data `{shop_id, shipped_at, carrier
//!   {code, tracking_number, tracking_url}, skus}`) and `order:shipment:delivered`. The body is
//!   `{id, type, created_at, resource {id, type:"order", data}}`; with a secret, the header
//!   `X-Pfy-Signature: sha256=<hex HMAC-SHA256(secret, raw body)>` (the prefixed form the
//!   reference says is common; clients accept both). Without a secret, no signature.
use axum::http::{HeaderName, Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::api::{self, Call, Ctx, Handled, Reply, Spec, field, text, whole};
use super::catalog::{self, PRINT_PROVIDERS, PRODUCTS, Product, VariantRef};
use super::limits::{self, Limit};
use super::state::{Inner, Order, Recipient, Stage};
use super::webhooks::{Event, Hook, event_id};
use super::{LineSpec, Provider, build_order, cancel_order, clock, store_order};

pub static SPEC: Spec = Spec {
    provider: Provider::Printify,
    statuses: &[
        ("pending", Stage::Pending),
        ("on-hold", Stage::OnHold),
        ("payment-not-received", Stage::OnHold),
        ("sending-to-production", Stage::InProduction),
        ("in-production", Stage::InProduction),
        ("fulfilled", Stage::Shipped),
        ("partially-fulfilled", Stage::Shipped),
        ("canceled", Stage::Cancelled),
        ("had-issues", Stage::Rejected),
    ],
    lifecycle: &[
        ("on-hold", Stage::OnHold),
        ("sending-to-production", Stage::InProduction),
        ("in-production", Stage::InProduction),
        ("fulfilled", Stage::Shipped),
        ("fulfilled", Stage::Delivered),
    ],
    cancelled: "canceled",
    cancellable: &["on-hold", "payment-not-received"],
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
    default_method: "1",
};

const VALIDATION: i64 = 8150;
const TOPICS: &[&str] = &[
    "order:created",
    "order:updated",
    "order:sent-to-production",
    "order:shipment:created",
    "order:shipment:delivered",
    "product:publish:started",
    "product:deleted",
    "shop:disconnected",
];

fn error(status: StatusCode, code: i64, message: &str, reason: impl Into<String>) -> Reply {
    Reply::json(
        status,
        json!({
            "status": "error",
            "code": code,
            "message": message,
            "errors": { "reason": reason.into(), "code": code },
        }),
    )
}

fn invalid(reason: impl Into<String>) -> Reply {
    error(
        StatusCode::BAD_REQUEST,
        VALIDATION,
        "Validation failed.",
        reason,
    )
}

fn unauthenticated() -> Reply {
    error(
        StatusCode::UNAUTHORIZED,
        401,
        "Unauthenticated.",
        "A valid personal access token is required.",
    )
}

fn not_found(what: &str) -> Reply {
    error(
        StatusCode::NOT_FOUND,
        404,
        "Not found.",
        format!("{what} not found."),
    )
}

fn wrong_method() -> Reply {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        405,
        "Method not allowed.",
        "The method is not supported for this route.",
    )
}

fn throttled(retry_after: u64) -> Reply {
    error(
        StatusCode::TOO_MANY_REQUESTS,
        429,
        "Too Many Attempts.",
        "Rate limit exceeded; retry later.",
    )
    .header(HeaderName::from_static("retry-after"), retry_after)
    .header(HeaderName::from_static("x-ratelimit-remaining"), 0)
}

fn internal() -> Reply {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        500,
        "Server error.",
        "Something went wrong; try again later.",
    )
}

fn sign(secret: &str, body: &[u8]) -> (&'static str, String) {
    (
        "x-pfy-signature",
        format!("sha256={}", api::hmac_hex(secret, body)),
    )
}

fn new_id(inner: &mut Inner, now: DateTime<Utc>) -> (String, String) {
    let id = inner.object_id(now);
    (id.clone(), id)
}

fn sku_of(v: VariantRef) -> (String, Map<String, Value>) {
    let pp = v.product().print_providers[0];
    let mut extra = Map::new();
    extra.insert("print_provider_id".into(), json!(pp));
    extra.insert("blueprint_id".into(), json!(v.product().blueprint_id));
    (sku_text(v, pp), extra)
}

/// The SKU Printify gives the variant of a design made on the fly.
fn sku_text(v: VariantRef, print_provider: u32) -> String {
    format!(
        "{}-{}-{}",
        v.product().blueprint_id,
        print_provider,
        v.printify_id()
    )
}

fn area_name(canonical: &str) -> Option<String> {
    Some(match canonical {
        "wrap" => "front".to_owned(),
        other => other.to_owned(),
    })
}

/// `2024-05-01 10:00:00+00:00`.
fn ts(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M:%S+00:00").to_string()
}

fn peek(inner: &Inner, call: &Call) -> Option<String> {
    let token = call.bearer()?;
    inner
        .account_by_key(Provider::Printify, token)
        .map(|a| a.id.clone())
}

const MINUTE_MS: i64 = 60_000;

fn handle(inner: &mut Inner, call: &Call, ctx: &mut Ctx) -> Handled {
    let seg = call.segments();
    let Some((last, head)) = seg.split_last() else {
        return Err(not_found("Route"));
    };
    let Some(last) = last.strip_suffix(".json") else {
        return Err(not_found("Route"));
    };
    let mut path: Vec<&str> = head.to_vec();
    path.push(last);
    let Some(("v1", path)) = path.split_first().map(|(v, rest)| (*v, rest)) else {
        return Err(not_found("Route"));
    };

    let account = peek(inner, call).ok_or_else(unauthenticated)?;
    ctx.account = Some(account.clone());
    let now_ms = ctx.now.timestamp_millis();
    let global = Limit {
        max: 600,
        window_ms: MINUTE_MS,
        block_ms: 0,
    };
    limits::take(inner, format!("printify:{account}"), global, now_ms).map_err(|secs| {
        throttled(secs).header(HeaderName::from_static("x-ratelimit-limit"), 600)
    })?;
    if path.first() == Some(&"catalog") {
        let catalog_limit = Limit {
            max: 100,
            window_ms: MINUTE_MS,
            block_ms: 0,
        };
        limits::take(
            inner,
            format!("printify-catalog:{account}"),
            catalog_limit,
            now_ms,
        )
        .map_err(|secs| {
            throttled(secs).header(HeaderName::from_static("x-ratelimit-limit"), 100)
        })?;
    }

    let m = &call.method;
    let get = *m == Method::GET;
    let post = *m == Method::POST;
    match path {
        ["shops"] if get => Ok(shops(inner, &account)),
        ["shops"] => Err(wrong_method()),
        ["shops", shop, "connection"] if *m == Method::DELETE => {
            own_shop(inner, &account, shop)?;
            if let Some(a) = inner.account_mut(&account) {
                a.sales_channel = "disconnected";
            }
            ctx.wrote = true;
            Ok(Reply::ok(json!({})))
        }
        ["catalog", "blueprints"] if get => Ok(blueprints(ctx)),
        ["catalog", "blueprints", bp] if get => blueprint(ctx, bp),
        ["catalog", "blueprints", bp, "print_providers"] if get => blueprint_providers(bp),
        [
            "catalog",
            "blueprints",
            bp,
            "print_providers",
            pp,
            "variants",
        ] if get => variants(bp, pp),
        [
            "catalog",
            "blueprints",
            bp,
            "print_providers",
            pp,
            "shipping",
        ] if get => shipping(bp, pp),
        ["catalog", "print_providers"] if get => Ok(print_providers()),
        ["catalog", "print_providers", pp] if get => print_provider(ctx, pp),
        ["catalog", ..] => Err(wrong_or_missing(m)),
        ["shops", shop, "orders"] if get => {
            own_shop(inner, &account, shop)?;
            list_orders(inner, call, ctx, &account, shop)
        }
        ["shops", shop, "orders"] if post => {
            own_shop(inner, &account, shop)?;
            create_order(inner, call, ctx, &account)
        }
        ["shops", shop, "orders", "shipping"] if post => {
            own_shop(inner, &account, shop)?;
            quote(call)
        }
        ["shops", shop, "orders", id] if get => {
            own_shop(inner, &account, shop)?;
            let o = owned_order(inner, &account, id)?;
            Ok(Reply::ok(render(o)))
        }
        ["shops", shop, "orders", id, "send_to_production"] if post => {
            own_shop(inner, &account, shop)?;
            let status = owned_order(inner, &account, id)?.status;
            if !matches!(status, "on-hold" | "pending") {
                return Err(state_refused(format!(
                    "status: the order is {status}; only on-hold or pending orders can be sent to production"
                )));
            }
            clock::move_to(
                inner,
                &SPEC,
                id,
                "sending-to-production",
                Stage::InProduction,
                ctx.now,
                true,
            );
            ctx.wrote = true;
            let o = owned_order(inner, &account, id)?;
            Ok(Reply::ok(render(o)))
        }
        ["shops", shop, "orders", id, "cancel"] if post => {
            own_shop(inner, &account, shop)?;
            owned_order(inner, &account, id)?;
            cancel_order(inner, &SPEC, id, ctx.now).map_err(|status| {
                state_refused(format!(
                    "status: the order is {status}; only on-hold or payment-not-received orders can be canceled"
                ))
            })?;
            ctx.wrote = true;
            let o = owned_order(inner, &account, id)?;
            Ok(Reply::ok(render(o)))
        }
        ["shops", _, "orders", ..] => Err(wrong_or_missing(m)),
        ["shops", shop, "webhooks"] if get => {
            own_shop(inner, &account, shop)?;
            Ok(Reply::ok(Value::Array(
                inner
                    .hooks
                    .iter()
                    .filter(|h| h.provider == Provider::Printify && h.account == account)
                    .map(|h| hook_json(h, shop))
                    .collect(),
            )))
        }
        ["shops", shop, "webhooks"] if post => {
            own_shop(inner, &account, shop)?;
            create_hook(inner, call, ctx, &account, shop)
        }
        ["shops", shop, "webhooks", id] if *m == Method::PUT => {
            own_shop(inner, &account, shop)?;
            let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
            let url = field(&body, "url");
            if let Some(u) = &url
                && !is_url(u)
            {
                return Err(invalid("url: The url format is invalid."));
            }
            let hook = inner
                .hooks
                .iter_mut()
                .find(|h| h.provider == Provider::Printify && h.account == account && h.id == *id)
                .ok_or_else(|| not_found("Webhook"))?;
            if let Some(u) = url {
                hook.url = u;
            }
            ctx.wrote = true;
            let hook = hook.clone();
            Ok(Reply::ok(hook_json(&hook, shop)))
        }
        ["shops", shop, "webhooks", id] if *m == Method::DELETE => {
            own_shop(inner, &account, shop)?;
            let before = inner.hooks.len();
            inner.hooks.retain(|h| {
                !(h.provider == Provider::Printify && h.account == account && h.id == *id)
            });
            if inner.hooks.len() == before {
                return Err(not_found("Webhook"));
            }
            ctx.wrote = true;
            Ok(Reply::ok(json!({ "id": id })))
        }
        ["shops", _, "webhooks", ..] => Err(wrong_or_missing(m)),
        _ => Err(not_found("Route")),
    }
}

fn wrong_or_missing(m: &Method) -> Reply {
    if *m == Method::GET || *m == Method::POST {
        not_found("Route")
    } else {
        wrong_method()
    }
}

fn state_refused(reason: String) -> Reply {
    error(
        StatusCode::BAD_REQUEST,
        VALIDATION,
        "Operation not permitted for the order's status.",
        reason,
    )
}

fn own_shop(inner: &Inner, account: &str, shop: &str) -> Result<(), Reply> {
    match inner.account(account) {
        Some(a) if a.shop_id.as_deref() == Some(shop) => Ok(()),
        _ => Err(not_found("Shop")),
    }
}

fn owned_order<'a>(inner: &'a Inner, account: &str, id: &str) -> Result<&'a Order, Reply> {
    inner
        .order(Provider::Printify, id)
        .filter(|o| o.account == account)
        .ok_or_else(|| not_found("Order"))
}

fn shops(inner: &Inner, account: &str) -> Reply {
    let list: Vec<Value> = inner
        .account(account)
        .into_iter()
        .map(|a| {
            json!({
                "id": a.shop_id.as_deref().and_then(|s| s.parse::<u64>().ok()),
                "title": a.shop_title,
                "sales_channel": a.sales_channel,
            })
        })
        .collect();
    Reply::ok(Value::Array(list))
}

fn image(ctx: &Ctx, v: VariantRef) -> String {
    format!(
        "{}/__sandbox/providers/images/{}-{}.png",
        ctx.origin,
        v.product().key,
        v.color().code
    )
}

fn blueprint_json(ctx: &Ctx, index: usize, p: &Product) -> Value {
    let images: Vec<String> = (0..p.colors.len())
        .map(|c| {
            image(
                ctx,
                VariantRef {
                    product: index,
                    color: c,
                    size: 0,
                },
            )
        })
        .collect();
    json!({
        "id": p.blueprint_id,
        "title": p.name,
        "description": p.description,
        "brand": p.brand,
        "model": p.model,
        "images": images,
    })
}

fn blueprints(ctx: &Ctx) -> Reply {
    Reply::ok(Value::Array(
        PRODUCTS
            .iter()
            .enumerate()
            .map(|(i, p)| blueprint_json(ctx, i, p))
            .collect(),
    ))
}

fn find_blueprint(raw: &str) -> Result<usize, Reply> {
    let id: u32 = raw.parse().map_err(|_| not_found("Blueprint"))?;
    PRODUCTS
        .iter()
        .position(|p| p.blueprint_id == id)
        .ok_or_else(|| not_found("Blueprint"))
}

fn find_provider(product: usize, raw: &str) -> Result<u32, Reply> {
    let id: u32 = raw.parse().map_err(|_| not_found("Print provider"))?;
    PRODUCTS[product]
        .print_providers
        .contains(&id)
        .then_some(id)
        .ok_or_else(|| not_found("Print provider"))
}

fn blueprint(ctx: &Ctx, raw: &str) -> Handled {
    let i = find_blueprint(raw)?;
    Ok(Reply::ok(blueprint_json(ctx, i, &PRODUCTS[i])))
}

fn provider_title(id: u32) -> &'static str {
    PRINT_PROVIDERS
        .iter()
        .find(|p| p.0 == id)
        .map(|p| p.1)
        .unwrap_or("Print provider")
}

fn blueprint_providers(raw: &str) -> Handled {
    let i = find_blueprint(raw)?;
    Ok(Reply::ok(Value::Array(
        PRODUCTS[i]
            .print_providers
            .iter()
            .map(|id| json!({ "id": id, "title": provider_title(*id) }))
            .collect(),
    )))
}

fn placeholders(v: VariantRef) -> Vec<Value> {
    v.product()
        .areas
        .iter()
        .filter_map(|a| {
            area_name(a.name)
                .map(|name| json!({ "position": name, "width": a.width, "height": a.height }))
        })
        .collect()
}

fn variants(bp: &str, pp: &str) -> Handled {
    let i = find_blueprint(bp)?;
    let pp = find_provider(i, pp)?;
    let list: Vec<Value> = catalog::variants_of(i)
        .map(|v| {
            json!({
                "id": v.printify_id(),
                "title": v.title(),
                "options": { "color": v.color().name, "size": v.size().name },
                "placeholders": placeholders(v),
            })
        })
        .collect();
    Ok(Reply::ok(json!({
        "id": pp,
        "title": provider_title(pp),
        "variants": list,
    })))
}

fn shipping(bp: &str, pp: &str) -> Handled {
    let i = find_blueprint(bp)?;
    let pp = find_provider(i, pp)?;
    let p = &PRODUCTS[i];
    let ids: Vec<u32> = catalog::variants_of(i).map(|v| v.printify_id()).collect();
    let markup = catalog::print_provider_markup(pp);
    let cost = |cents: i64, factor: i64| (cents * markup * factor + 5_000) / 10_000;
    let profile = |factor: i64, countries: &[&str]| {
        json!({
            "variant_ids": ids,
            "first_item": { "cost": cost(p.ship_first_cents, factor), "currency": "USD" },
            "additional_items": { "cost": cost(p.ship_additional_cents, factor), "currency": "USD" },
            "countries": countries,
        })
    };
    Ok(Reply::ok(json!({
        "handling_time": { "value": 2, "unit": "day" },
        "profiles": [
            profile(100, &["US"]),
            profile(160, &["CA"]),
            profile(220, &["REST_OF_THE_WORLD"]),
        ],
    })))
}

fn provider_json(p: &(u32, &str, &str, &str, &str, &str)) -> Value {
    json!({
        "id": p.0,
        "title": p.1,
        "location": {
            "address1": "Fulfilment Center",
            "address2": "",
            "city": p.2,
            "country": p.4,
            "region": p.3,
            "zip": p.5,
        },
    })
}

fn print_providers() -> Reply {
    Reply::ok(Value::Array(
        PRINT_PROVIDERS.iter().map(provider_json).collect(),
    ))
}

fn print_provider(ctx: &Ctx, raw: &str) -> Handled {
    let id: u32 = raw.parse().map_err(|_| not_found("Print provider"))?;
    let p = PRINT_PROVIDERS
        .iter()
        .find(|p| p.0 == id)
        .ok_or_else(|| not_found("Print provider"))?;
    let mut out = provider_json(p);
    let blueprints: Vec<Value> = PRODUCTS
        .iter()
        .enumerate()
        .filter(|(_, b)| b.print_providers.contains(&id))
        .map(|(i, b)| blueprint_json(ctx, i, b))
        .collect();
    out["blueprints"] = Value::Array(blueprints);
    Ok(Reply::ok(out))
}

/// What a create or a quote body says, validated.
struct Parsed {
    recipient: Recipient,
    lines: Vec<LineSpec>,
}

fn parse_recipient(body: &Value) -> Result<Recipient, Reply> {
    let a = body
        .get("address_to")
        .filter(|v| v.is_object())
        .ok_or_else(|| invalid("address_to: The address to field is required."))?;
    let required = |name: &str| {
        field(a, name).ok_or_else(|| {
            invalid(format!(
                "address_to.{name}: The {} field is required.",
                name.replace('_', " ")
            ))
        })
    };
    let country = required("country")?.to_ascii_uppercase();
    if country.len() != 2 || !country.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(invalid(
            "address_to.country: The country must be an ISO 3166-1 alpha-2 code.",
        ));
    }
    Ok(Recipient {
        first_name: required("first_name")?,
        last_name: required("last_name")?,
        email: field(a, "email"),
        phone: field(a, "phone"),
        company: field(a, "company"),
        address1: required("address1")?,
        address2: field(a, "address2"),
        city: required("city")?,
        region: field(a, "region").unwrap_or_default(),
        zip: required("zip")?,
        country,
    })
}

fn parse_lines(
    inner: &mut Inner,
    body: &Value,
    now: DateTime<Utc>,
) -> Result<Vec<LineSpec>, Reply> {
    let items = body
        .get("line_items")
        .and_then(Value::as_array)
        .filter(|a| !a.is_empty())
        .ok_or_else(|| invalid("line_items: The line items field is required."))?;
    let mut lines = Vec::new();
    for (i, li) in items.iter().enumerate() {
        let at = |name: &str| format!("line_items.{i}.{name}");
        let quantity = li
            .get("quantity")
            .and_then(whole)
            .filter(|q| (1..=1000).contains(q))
            .ok_or_else(|| {
                invalid(format!(
                    "{}: The quantity must be at least 1.",
                    at("quantity")
                ))
            })?;
        if li.get("product_id").is_some() {
            return Err(invalid(format!(
                "{}: The product was not found in the shop.",
                at("product_id")
            )));
        }
        if li.get("sku").is_some() {
            return Err(invalid(format!(
                "{}: No product variant with this SKU in the shop.",
                at("sku")
            )));
        }
        let int = |name: &str| {
            li.get(name)
                .and_then(Value::as_i64)
                .ok_or_else(|| invalid(format!("{}: must be an integer.", at(name))))
        };
        let pp = int("print_provider_id")?;
        let bp = int("blueprint_id")?;
        let variant_id = int("variant_id")?;
        let product = PRODUCTS
            .iter()
            .position(|p| i64::from(p.blueprint_id) == bp)
            .ok_or_else(|| {
                invalid(format!(
                    "{}: The selected blueprint id is invalid.",
                    at("blueprint_id")
                ))
            })?;
        let pp = u32::try_from(pp)
            .ok()
            .filter(|pp| PRODUCTS[product].print_providers.contains(pp))
            .ok_or_else(|| {
                invalid(format!(
                    "{}: The print provider does not offer this blueprint.",
                    at("print_provider_id")
                ))
            })?;
        let variant = catalog::variants_of(product)
            .find(|v| i64::from(v.printify_id()) == variant_id)
            .ok_or_else(|| {
                invalid(format!(
                    "{}: The selected variant id is invalid.",
                    at("variant_id")
                ))
            })?;
        let areas = li
            .get("print_areas")
            .and_then(Value::as_object)
            .filter(|m| !m.is_empty())
            .ok_or_else(|| {
                invalid(format!(
                    "{}: The print areas field is required.",
                    at("print_areas")
                ))
            })?;
        let positions: Vec<String> = variant
            .product()
            .areas
            .iter()
            .filter_map(|a| area_name(a.name))
            .collect();
        let mut files = Vec::new();
        for (position, value) in areas {
            let here = format!("{}.{position}", at("print_areas"));
            if !positions.iter().any(|p| p == position) {
                return Err(invalid(format!(
                    "{here}: The variant has no such print area (it has {}).",
                    positions.join(", ")
                )));
            }
            let src = match value {
                Value::String(url) if is_url(url) => url.clone(),
                Value::Array(layers) if !layers.is_empty() => layers
                    .iter()
                    .map(|l| field(l, "src").filter(|s| is_url(s)))
                    .collect::<Option<Vec<String>>>()
                    .and_then(|srcs| srcs.into_iter().next())
                    .ok_or_else(|| {
                        invalid(format!("{here}: every layer needs an image URL in src."))
                    })?,
                _ => {
                    return Err(invalid(format!(
                        "{here}: must be an image URL or a list of layers."
                    )));
                }
            };
            files.push((position.clone(), src));
        }
        let mut extra = Map::new();
        extra.insert("print_provider_id".into(), json!(pp));
        extra.insert("blueprint_id".into(), json!(variant.product().blueprint_id));
        extra.insert("product_id".into(), json!(inner.object_id(now)));
        lines.push(LineSpec {
            variant,
            quantity: u32::try_from(quantity).unwrap_or(1),
            unit_cost: variant.cost_cents(catalog::print_provider_markup(pp)),
            sku: sku_text(variant, pp),
            files,
            name: Some(variant.product().name.to_owned()),
            mockup: None,
            extra,
        });
    }
    Ok(lines)
}

fn parse(inner: &mut Inner, call: &Call, now: DateTime<Utc>) -> Result<Parsed, Reply> {
    let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
    if !body.is_object() {
        return Err(invalid("body: must be a JSON object."));
    }
    let recipient = parse_recipient(&body)?;
    let lines = parse_lines(inner, &body, now)?;
    Ok(Parsed { recipient, lines })
}

fn is_url(s: &str) -> bool {
    let s = s.trim();
    (s.starts_with("https://") || s.starts_with("http://")) && s.len() > 10
}

fn create_order(inner: &mut Inner, call: &Call, ctx: &mut Ctx, account: &str) -> Handled {
    let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
    let external_id = match body.get("external_id") {
        None | Some(Value::Null) => None,
        Some(v) => {
            Some(text(v).ok_or_else(|| invalid("external_id: The external id must be a string."))?)
        }
    };
    ctx.reference = external_id.clone();
    let method = match body.get("shipping_method") {
        None | Some(Value::Null) => 1,
        Some(v) => whole(v)
            .filter(|m| (1..=4).contains(m))
            .ok_or_else(|| invalid("shipping_method: The selected shipping method is invalid."))?,
    };
    let express = body.get("is_printify_express").and_then(Value::as_bool) == Some(true);
    let economy = body.get("is_economy_shipping").and_then(Value::as_bool) == Some(true);
    let method = if express {
        3
    } else if economy {
        4
    } else {
        method
    };
    let parsed = parse(inner, call, ctx.now)?;
    if let Some(ext) = &external_id
        && inner.order_by_reference(account, ext).is_some()
    {
        return Err(invalid(
            "external_id: an order with this external id already exists in the shop.",
        ));
    }
    let label = field(&body, "label");
    let mut order = build_order(
        inner,
        &SPEC,
        account,
        external_id.clone(),
        label.clone(),
        parsed.recipient,
        parsed.lines,
        method.to_string(),
        ctx.now,
    );
    order
        .extra
        .insert("is_printify_express".into(), json!(express));
    order
        .extra
        .insert("is_economy_shipping".into(), json!(economy));
    let id = order.id.clone();
    store_order(inner, &SPEC, order, ctx.now);
    ctx.created = Some(id.clone());
    ctx.wrote = true;
    Ok(Reply::ok(json!({ "id": id })))
}

fn quote(call: &Call) -> Handled {
    // A quote writes nothing; a scratch world keeps product ids out of the real one.
    let mut scratch = Inner::new(&super::ProvidersConfig::default());
    let parsed = parse(&mut scratch, call, Utc::now())?;
    let lines: Vec<(VariantRef, u32)> = parsed
        .lines
        .iter()
        .map(|l| (l.variant, l.quantity))
        .collect();
    let standard: i64 = catalog::shipping_per_line(&lines, 100).iter().sum();
    let factor = if parsed.recipient.country == "US" {
        100
    } else {
        220
    };
    let at = |pct: i64| standard * factor / 100 * pct / 100;
    Ok(Reply::ok(json!({
        "standard": at(100),
        "express": at(200),
        "priority": at(200),
        "printify_express": at(150),
        "economy": at(80),
    })))
}

fn line_status(order_status: &str) -> &'static str {
    match order_status {
        "pending" => "pending",
        "sending-to-production" => "sending-to-production",
        "in-production" => "in-production",
        "fulfilled" | "partially-fulfilled" => "fulfilled",
        "canceled" => "canceled",
        "had-issues" => "has-issues",
        _ => "on-hold",
    }
}

fn render(o: &Order) -> Value {
    let r = &o.recipient;
    let fulfilled_at = o.shipment.as_ref().map(|s| ts(s.shipped_at));
    let sent = o.sent_to_production_at.map(ts);
    let lines: Vec<Value> = o
        .lines
        .iter()
        .map(|l| {
            json!({
                "product_id": l.extra.get("product_id"),
                "variant_id": l.variant.printify_id(),
                "quantity": l.quantity,
                "print_provider_id": l.extra.get("print_provider_id"),
                "blueprint_id": l.extra.get("blueprint_id"),
                "cost": l.unit_cost * i64::from(l.quantity),
                "shipping_cost": l.shipping,
                "status": line_status(o.status),
                "metadata": {
                    "title": l.variant.product().name,
                    "variant_label": l.variant.title(),
                    "sku": l.sku,
                    "country": "United States",
                },
                "sent_to_production_at": sent,
                "fulfilled_at": fulfilled_at,
            })
        })
        .collect();
    let shipments: Vec<Value> = o
        .shipment
        .iter()
        .map(|s| {
            json!({
                "carrier": s.carrier.to_ascii_lowercase(),
                "number": s.number,
                "url": s.url,
                "delivered_at": s.delivered_at.map(ts),
            })
        })
        .collect();
    json!({
        "id": o.id,
        "external_id": o.reference,
        "label": o.label,
        "address_to": {
            "first_name": r.first_name,
            "last_name": r.last_name,
            "email": r.email,
            "phone": r.phone,
            "country": r.country,
            "region": r.region,
            "address1": r.address1,
            "address2": r.address2,
            "city": r.city,
            "zip": r.zip,
            "company": r.company,
        },
        "line_items": lines,
        "metadata": {
            "order_type": "api",
            "shop_order_id": o.reference,
            "shop_order_label": o.label,
            "shop_fulfilled_at": fulfilled_at,
        },
        "total_price": o.items_cents(),
        "total_shipping": o.shipping_cents(),
        "total_tax": 0,
        "status": o.status,
        "shipping_method": o.shipping_method.parse::<i64>().unwrap_or(1),
        "is_printify_express": o.extra.get("is_printify_express").cloned().unwrap_or(json!(false)),
        "is_economy_shipping": o.extra.get("is_economy_shipping").cloned().unwrap_or(json!(false)),
        "shipments": shipments,
        "created_at": ts(o.created_at),
        "sent_to_production_at": sent,
        "fulfilled_at": fulfilled_at,
    })
}

fn list_orders(inner: &Inner, call: &Call, ctx: &Ctx, account: &str, shop: &str) -> Handled {
    let (page, limit) =
        api::paging(call, "page", "limit", 10, 100).map_err(|e| invalid(format!("{e}.")))?;
    let status = call.query("status");
    let sku = call.query("sku");
    let mut matching: Vec<&Order> = inner
        .orders_of(account)
        .filter(|o| status.is_none_or(|s| o.status == s))
        .filter(|o| sku.is_none_or(|s| o.lines.iter().any(|l| l.sku == s)))
        .collect();
    matching.reverse();
    let total = matching.len();
    let (rows, pages) = api::page_of(&matching, page, limit);
    let last_page = pages.max(1);
    let path = format!("{}/printify/v1/shops/{shop}/orders.json", ctx.origin);
    let url = |p: usize| format!("{path}?page={p}");
    let from = (!rows.is_empty()).then(|| (page - 1) * limit + 1);
    let to = from.map(|f| f + rows.len() - 1);
    let data: Vec<Value> = rows
        .into_iter()
        .map(|o| api::without_nulls(render(o)))
        .collect();
    Ok(Reply::ok(json!({
        "current_page": page,
        "data": data,
        "first_page_url": url(1),
        "from": from,
        "last_page": last_page,
        "last_page_url": url(last_page),
        "next_page_url": (page < last_page).then(|| url(page + 1)),
        "path": path,
        "per_page": limit,
        "prev_page_url": (page > 1).then(|| url(page - 1)),
        "to": to,
        "total": total,
    }))
    .keeping_nulls())
}

fn is_topic(t: &str) -> bool {
    TOPICS.contains(&t)
}

fn hook_json(h: &Hook, shop: &str) -> Value {
    json!({
        "id": h.id,
        "topic": h.topics.first(),
        "url": h.url,
        "shop_id": shop.parse::<u64>().ok(),
    })
}

fn create_hook(
    inner: &mut Inner,
    call: &Call,
    ctx: &mut Ctx,
    account: &str,
    shop: &str,
) -> Handled {
    let body = call.json().map_err(|e| invalid(format!("body: {e}")))?;
    let topic =
        field(&body, "topic").ok_or_else(|| invalid("topic: The topic field is required."))?;
    if !is_topic(&topic) {
        return Err(invalid("topic: The selected topic is invalid."));
    }
    let url = field(&body, "url").ok_or_else(|| invalid("url: The url field is required."))?;
    if !is_url(&url) {
        return Err(invalid("url: The url format is invalid."));
    }
    let secret = field(&body, "secret");
    let hook = Hook {
        id: inner.object_id(ctx.now),
        provider: Provider::Printify,
        account: account.to_owned(),
        url,
        secret,
        topics: vec![topic],
        created_at: ctx.now,
    };
    inner.hooks.push(hook.clone());
    ctx.wrote = true;
    Ok(Reply::ok(hook_json(&hook, shop)))
}

fn events(o: &Order, from: Option<&'static str>, now: DateTime<Utc>) -> Vec<Event> {
    let shop_id = o.shop.as_deref().and_then(|s| s.parse::<u64>().ok());
    let event = |topic: &str, data: Value| Event {
        topic: topic.to_owned(),
        order_id: o.id.clone(),
        body: json!({
            "id": event_id(&o.id, topic, o.updated_at),
            "type": topic,
            "created_at": ts(now),
            "resource": { "id": o.id, "type": "order", "data": data },
        }),
    };
    let Some(from) = from else {
        return vec![event(
            "order:created",
            json!({ "shop_id": shop_id, "status": o.status, "created_at": ts(o.created_at) }),
        )];
    };
    let mut out = Vec::new();
    if from != o.status {
        out.push(event(
            "order:updated",
            json!({ "shop_id": shop_id, "status": o.status }),
        ));
    }
    if o.status == "sending-to-production" && from != o.status {
        out.push(event(
            "order:sent-to-production",
            json!({ "shop_id": shop_id, "status": o.status }),
        ));
    }
    if let Some(s) = &o.shipment {
        let carrier = json!({
            "code": s.carrier.to_ascii_lowercase(),
            "tracking_number": s.number,
            "tracking_url": s.url,
        });
        let skus: Vec<&str> = o.lines.iter().map(|l| l.sku.as_str()).collect();
        match o.stage {
            Stage::Shipped => out.push(event(
                "order:shipment:created",
                json!({ "shop_id": shop_id, "shipped_at": ts(s.shipped_at), "carrier": carrier, "skus": skus }),
            )),
            Stage::Delivered => out.push(event(
                "order:shipment:delivered",
                json!({ "shop_id": shop_id, "delivered_at": s.delivered_at.map(ts), "carrier": carrier, "skus": skus }),
            )),
            _ => {}
        }
    }
    out
}
