//! The seller's consent page, the token endpoints on the auth host, and authorised shops.
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::envelope::{ApiError, codes};
use super::gate::{Call, Ctx};
use super::state::{AuthCode, Inner, Seller, Shop, Token, Warehouse, Write};
use super::{TiktokSandbox, now_ms, orders};

const AUTH_CODE_TTL_SECS: i64 = 30 * 60;
const SCOPES: &[&str] = &[
    "seller.authorization.info",
    "seller.shop.info",
    "seller.product.basic",
    "seller.product.write",
    "seller.order.info",
    "seller.logistics",
    "seller.promotion.info",
    "seller.promotion.write",
];

/// A new seller with one shop, its warehouses and some orders, and a fresh auth code for it.
pub fn grant(inner: &mut Inner, shop_name: &str, region: &str, now: i64) -> String {
    let open_id = inner.random_token("", 43);
    let shop_number = inner.shops.len() + 1;
    let name = if shop_name.trim().is_empty() {
        format!("Sandbox Shop {shop_number}")
    } else {
        shop_name.trim().to_string()
    };
    let region = if region.trim().is_empty() {
        "US".to_string()
    } else {
        region.trim().to_uppercase()
    };
    let shop_id = (7_494_000_000_000_000_000u64 + shop_number as u64 * 1_000_003).to_string();
    let cipher = inner.random_token("GCP_", 32);
    let currency = match region.as_str() {
        "GB" => "GBP",
        "US" => "USD",
        _ => "USD",
    };
    let warehouses = vec![
        Warehouse {
            id: inner.next_id(),
            name: format!("{name} Main Warehouse"),
            kind: "SALES_WAREHOUSE",
            is_default: true,
        },
        Warehouse {
            id: inner.next_id(),
            name: format!("{name} Returns"),
            kind: "RETURN_WAREHOUSE",
            is_default: true,
        },
    ];
    let shop = Shop {
        id: shop_id.clone(),
        name: name.clone(),
        region: region.clone(),
        seller_type: "LOCAL".into(),
        cipher,
        code: format!("{region}LC{:06}", shop_number * 7919 % 1_000_000),
        open_id: open_id.clone(),
        currency: currency.into(),
        warehouses,
    };
    inner.sellers.insert(
        open_id.clone(),
        Seller {
            name: name.clone(),
            region,
        },
    );
    inner.shops.push(shop);
    let count = inner.config.orders_per_shop;
    orders::generate(inner, &shop_id, count, now, 30 * 86_400);
    let code = inner.random_token("TTP_", 40);
    inner.auth_codes.insert(
        code.clone(),
        AuthCode {
            open_id,
            expires_at: now + AUTH_CODE_TTL_SECS,
            used: false,
        },
    );
    code
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ConsentQuery {
    service_id: Option<String>,
    app_key: Option<String>,
    state: Option<String>,
    redirect_uri: Option<String>,
    shop_name: Option<String>,
    region: Option<String>,
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#161823}}\
         h1{{font-size:1.4rem}}label{{display:block;margin:.8rem 0 .2rem}}input,select{{width:100%;padding:.4rem}}\
         button{{margin-top:1.2rem;background:#fe2c55;color:#fff;border:0;padding:.6rem 1.4rem;border-radius:4px;font-size:1rem}}\
         .note{{color:#6b6e76;font-size:.9rem}}</style></head><body>{body}</body></html>"
    );
    (status, Html(html)).into_response()
}

/// Why consent cannot send the seller back anywhere.
enum RedirectRefused {
    NoneRegistered,
    Mismatch,
}

impl RedirectRefused {
    fn page(self) -> Response {
        match self {
            RedirectRefused::NoneRegistered => page(
                StatusCode::BAD_REQUEST,
                "No redirect URL",
                "<h1>The app has no redirect URL</h1><p>Register one for the app (SANDBOX_REDIRECT_URL).</p>",
            ),
            RedirectRefused::Mismatch => page(
                StatusCode::BAD_REQUEST,
                "Redirect URL mismatch",
                "<h1>The redirect URL does not match</h1>\
                 <p>This link asks to send the authorization to an address that is not registered for the app. \
                 Nothing was authorized.</p>",
            ),
        }
    }
}

/// Where the seller goes back to: the redirect registered for the app, and only that one. The
/// real service takes it from Partner Center and sends codes nowhere else; a link naming
/// another `redirect_uri` (one an attacker made, to collect a seller's code) gets an error page.
/// The comparison is exact, as OAuth 2.0 asks of registered redirects.
fn registered_redirect(sb: &TiktokSandbox, q: &ConsentQuery) -> Result<String, RedirectRefused> {
    let registered = sb.lock().config.redirect_url.clone();
    let Some(registered) = registered else {
        return Err(RedirectRefused::NoneRegistered);
    };
    match q.redirect_uri.as_deref() {
        Some(asked) if asked != registered => Err(RedirectRefused::Mismatch),
        _ => Ok(registered),
    }
}

fn app_matches(sb: &TiktokSandbox, q: &ConsentQuery) -> bool {
    let inner = sb.lock();
    q.service_id.as_deref() == Some(inner.config.service_id.as_str())
        || q.app_key.as_deref() == Some(inner.config.app_key.as_str())
}

/// `GET /open/authorize?service_id=…&state=…` (and the legacy `/oauth/authorize?app_key=…`).
pub async fn consent_page(
    State(sb): State<TiktokSandbox>,
    Query(q): Query<ConsentQuery>,
) -> Response {
    if !app_matches(&sb, &q) {
        return page(
            StatusCode::BAD_REQUEST,
            "Unknown app",
            "<h1>This app is not registered</h1><p>Check the service_id of the link.</p>",
        );
    }
    if let Err(refused) = registered_redirect(&sb, &q) {
        return refused.page();
    }
    let hidden = |name: &str, value: &Option<String>| match value {
        Some(v) => format!(
            "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
            escape(v)
        ),
        None => String::new(),
    };
    let body = format!(
        "<h1>Authorize Sellerdesk</h1>\
         <p>Sellerdesk asks to manage your shop's products, orders, logistics and promotions.</p>\
         <form method=\"get\" action=\"/open/authorize/confirm\">{}{}{}{}\
         <label for=\"shop_name\">Shop name</label><input id=\"shop_name\" name=\"shop_name\" value=\"Sandbox Shop\">\
         <label for=\"region\">Region</label><select id=\"region\" name=\"region\"><option>US</option><option>GB</option></select>\
         <button type=\"submit\" id=\"authorize\">Authorize</button></form>\
         <p class=\"note\">TikTok Shop sandbox: no real shop is connected.</p>",
        hidden("service_id", &q.service_id),
        hidden("app_key", &q.app_key),
        hidden("state", &q.state),
        hidden("redirect_uri", &q.redirect_uri),
    );
    page(StatusCode::OK, "Authorize app - TikTok Shop", &body)
}

/// The seller pressed "Authorize": a new shop is granted and the browser goes back with
/// `code` and `state`.
pub async fn consent_confirm(
    State(sb): State<TiktokSandbox>,
    Query(q): Query<ConsentQuery>,
) -> Response {
    if !app_matches(&sb, &q) {
        return page(
            StatusCode::BAD_REQUEST,
            "Unknown app",
            "<h1>This app is not registered</h1>",
        );
    }
    // Checked before a shop is granted: a refused link issues no code.
    let redirect = match registered_redirect(&sb, &q) {
        Ok(redirect) => redirect,
        Err(refused) => return refused.page(),
    };
    let mut inner = sb.lock();
    let now = now_ms().div_euclid(1000);
    let code = grant(
        &mut inner,
        q.shop_name.as_deref().unwrap_or_default(),
        q.region.as_deref().unwrap_or_default(),
        now,
    );
    drop(inner);
    let query = form_urlencoded::Serializer::new(String::new())
        .append_pair("code", &code)
        .append_pair("state", q.state.as_deref().unwrap_or_default())
        .finish();
    let separator = if redirect.contains('?') { '&' } else { '?' };
    Redirect::to(&format!("{redirect}{separator}{query}")).into_response()
}

fn check_app(inner: &Inner, call: &Call) -> Result<(), ApiError> {
    if call.query("app_key") != Some(inner.config.app_key.as_str())
        || call.query("app_secret") != Some(inner.config.app_secret.as_str())
    {
        return Err(ApiError::invalid("invalid app_key or app_secret"));
    }
    Ok(())
}

fn issue(inner: &mut Inner, open_id: &str, refresh_token: Option<String>, now: i64) -> Value {
    let access_token = inner.random_token("TTP_", 40);
    let access_expires = now + inner.config.access_token_ttl.as_secs() as i64;
    inner.access_tokens.insert(
        access_token.clone(),
        Token {
            open_id: open_id.to_string(),
            expires_at: access_expires,
        },
    );
    let (refresh_token, refresh_expires) = match refresh_token {
        Some(t) => {
            let expires = inner
                .refresh_tokens
                .get(&t)
                .map(|r| r.expires_at)
                .unwrap_or(now);
            (t, expires)
        }
        None => {
            let t = inner.random_token("TTP_", 40);
            let expires = now + inner.config.refresh_token_ttl.as_secs() as i64;
            inner.refresh_tokens.insert(
                t.clone(),
                Token {
                    open_id: open_id.to_string(),
                    expires_at: expires,
                },
            );
            (t, expires)
        }
    };
    let (seller_name, region) = inner
        .sellers
        .get(open_id)
        .map(|s| (s.name.clone(), s.region.clone()))
        .unwrap_or_default();
    json!({
        "access_token": access_token,
        "access_token_expire_in": access_expires,
        "refresh_token": refresh_token,
        "refresh_token_expire_in": refresh_expires,
        "open_id": open_id,
        "seller_name": seller_name,
        "seller_base_region": region,
        "user_type": 0,
        "granted_scopes": SCOPES,
    })
}

/// `GET /api/v2/token/get`: unsigned; the secret travels in the query.
pub fn token_get(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    check_app(inner, call)?;
    if call.query("grant_type") != Some("authorized_code") {
        return Err(ApiError::invalid("grant_type must be authorized_code"));
    }
    // Older notes call the parameter `code`; accept both.
    let code = call
        .query("auth_code")
        .or_else(|| call.query("code"))
        .unwrap_or_default();
    let open_id = match inner.auth_codes.get_mut(code) {
        Some(c) if !c.used && c.expires_at > ctx.now => {
            c.used = true;
            c.open_id.clone()
        }
        _ => {
            return Err(ApiError::business(
                codes::AUTH_CODE_INVALID,
                "Invalid auth code",
            ));
        }
    };
    let data = issue(inner, &open_id, None, ctx.now);
    inner.record(
        ctx,
        "token.get",
        Write {
            resource_id: Some(open_id),
            ..Write::default()
        },
    );
    Ok(data)
}

/// `GET /api/v2/token/refresh`: a new access token; the refresh token stays.
pub fn token_refresh(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    check_app(inner, call)?;
    if call.query("grant_type") != Some("refresh_token") {
        return Err(ApiError::invalid("grant_type must be refresh_token"));
    }
    let refresh = call.query("refresh_token").unwrap_or_default().to_string();
    let grant = inner.refresh_tokens.get(&refresh).cloned().ok_or_else(|| {
        ApiError::business(
            codes::NO_AUTH_RECORD,
            "No authorization record for this refresh token",
        )
    })?;
    if grant.expires_at <= ctx.now {
        return Err(ApiError::business(
            codes::REFRESH_TOKEN_EXPIRED,
            "Refresh token expired, the seller must authorize again",
        ));
    }
    let data = issue(inner, &grant.open_id, Some(refresh), ctx.now);
    inner.record(
        ctx,
        "token.refresh",
        Write {
            resource_id: Some(grant.open_id),
            ..Write::default()
        },
    );
    Ok(data)
}

fn shops_of(inner: &Inner, ctx: &Ctx) -> Vec<Value> {
    inner
        .shops
        .iter()
        .filter(|s| Some(&s.open_id) == ctx.open_id.as_ref())
        .map(|s| {
            json!({
                "id": s.id,
                "name": s.name,
                "region": s.region,
                "seller_type": s.seller_type,
                "cipher": s.cipher,
                "code": s.code,
            })
        })
        .collect()
}

/// `GET /authorization/{v}/shops`.
pub fn authorized_shops(inner: &mut Inner, ctx: &Ctx, _call: &Call) -> Result<Value, ApiError> {
    Ok(json!({ "shops": shops_of(inner, ctx) }))
}

/// `GET /seller/{v}/shops`: the seller's active shops.
pub fn active_shops(inner: &mut Inner, ctx: &Ctx, _call: &Call) -> Result<Value, ApiError> {
    let shops: Vec<Value> = shops_of(inner, ctx)
        .into_iter()
        .map(|s| json!({ "id": s["id"], "region": s["region"] }))
        .collect();
    Ok(json!({ "shops": shops }))
}

/// `GET /logistics/{v}/warehouses`.
pub fn warehouses(inner: &mut Inner, ctx: &Ctx, _call: &Call) -> Result<Value, ApiError> {
    let shop = ctx
        .shop_id
        .as_deref()
        .and_then(|id| inner.shop(id))
        .cloned()
        .ok_or_else(|| ApiError::invalid("invalid shop_cipher"))?;
    let list: Vec<Value> = shop
        .warehouses
        .iter()
        .map(|w| {
            json!({
                "id": w.id,
                "name": w.name,
                "effect_status": "ENABLED",
                "type": w.kind,
                "sub_type": "DOMESTIC_WAREHOUSE",
                "is_default": w.is_default,
                "address": {
                    "region": shop.region,
                    "state": "California",
                    "city": "Los Angeles",
                    "distict": "Los Angeles County",
                    "town": "",
                    "contact_person": "Warehouse Desk",
                    "postal_code": "90021",
                    "full_address": "1200 S Alameda St, Los Angeles, CA 90021",
                    "region_code": shop.region,
                    "phone_number": "(+1)2135550100",
                    "address_line1": "1200 S Alameda St",
                    "address_line2": "",
                    "address_line3": "",
                    "address_line4": "",
                },
            })
        })
        .collect();
    Ok(json!({ "warehouses": list }))
}
