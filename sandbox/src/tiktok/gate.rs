//! What the marketplace's gateway checks before any handler runs: app key, timestamp window,
//! signature, access token, `shop_cipher` rules, and the per-path rate limit.
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, header};
use serde::de::DeserializeOwned;

use super::envelope::{ApiError, codes};
use super::signing;
use super::state::Inner;

/// A request as the handlers see it: the query decoded, the body kept as the exact bytes sent.
pub struct Call {
    pub path: String,
    pub query: Vec<(String, String)>,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Call {
    pub fn new(path: String, raw_query: Option<&str>, headers: HeaderMap, body: Bytes) -> Call {
        let query = form_urlencoded::parse(raw_query.unwrap_or_default().as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        Call {
            path,
            query,
            headers,
            body,
        }
    }

    pub fn query(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn is_multipart(&self) -> bool {
        self.headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"))
    }

    /// The JSON body; an absent body reads as `{}` so that optional bodies need no special case.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, ApiError> {
        let bytes: &[u8] = if self.body.is_empty() {
            b"{}"
        } else {
            &self.body
        };
        serde_json::from_slice(bytes).map_err(|e| ApiError::invalid(format!("invalid param: {e}")))
    }

    /// `page_size` from the query, 1..=100.
    pub fn page_size(&self, required: bool) -> Result<usize, ApiError> {
        match self.query("page_size") {
            None if required => Err(ApiError::invalid("page_size is required")),
            None => Ok(20),
            Some(raw) => match raw.parse::<usize>() {
                Ok(n) if (1..=100).contains(&n) => Ok(n),
                _ => Err(ApiError::invalid("page_size must be between 1 and 100")),
            },
        }
    }
}

/// Who is calling, established by the gate.
pub struct Ctx {
    pub open_id: Option<String>,
    pub shop_id: Option<String>,
    /// Unix seconds and milliseconds of the request.
    pub now: i64,
    pub now_ms: i64,
    /// `scheme://host` the caller used, for URLs the sandbox hands out.
    pub origin: String,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Token required; `shop_cipher` must not be sent.
    Seller,
    /// Token and `shop_cipher` required.
    Shop,
}

const PAST_WINDOW_SECS: i64 = 5 * 60;
const FUTURE_WINDOW_SECS: i64 = 30;

pub fn verify(
    inner: &mut Inner,
    call: &Call,
    scope: Scope,
    now_ms: i64,
    origin: String,
) -> Result<Ctx, ApiError> {
    let now = now_ms.div_euclid(1000);
    let app_key = call.query("app_key").unwrap_or_default();
    if app_key.is_empty() {
        return Err(ApiError::invalid("app_key is required"));
    }
    if app_key != inner.config.app_key {
        return Err(ApiError::invalid("invalid app_key"));
    }
    let timestamp = call
        .query("timestamp")
        .ok_or_else(|| ApiError::invalid("timestamp is required"))?
        .parse::<i64>()
        .map_err(|_| ApiError::invalid("timestamp must be a Unix time in seconds"))?;
    if timestamp < 0 || now - timestamp > PAST_WINDOW_SECS {
        return Err(ApiError::invalid(
            "Timestamp expired, it must be within 5 minutes of the current time",
        ));
    }
    if timestamp - now > FUTURE_WINDOW_SECS {
        return Err(ApiError::invalid("Timestamp is too far in the future"));
    }
    let sent = call.query("sign").unwrap_or_default();
    if sent.is_empty() {
        return Err(ApiError::invalid("sign is required"));
    }
    let body: &[u8] = if call.is_multipart() { b"" } else { &call.body };
    let expected = signing::sign(&inner.config.app_secret, &call.path, &call.query, body);
    if !signing::same(sent, &expected) {
        return Err(ApiError::with_status(
            StatusCode::UNAUTHORIZED,
            codes::SIGN_INVALID,
            "Invalid signature",
        ));
    }

    rate_limit(inner, app_key, &call.path, now_ms)?;

    let token = call
        .headers
        .get("x-tts-access-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if token.is_empty() {
        return Err(ApiError::with_status(
            StatusCode::UNAUTHORIZED,
            codes::INVALID_PARAM,
            "x-tts-access-token is required",
        ));
    }
    let Some(grant) = inner.access_tokens.get(token).cloned() else {
        return Err(ApiError::with_status(
            StatusCode::UNAUTHORIZED,
            codes::TOKEN_INVALID,
            "Invalid access token",
        ));
    };
    if grant.expires_at <= now {
        return Err(ApiError::with_status(
            StatusCode::UNAUTHORIZED,
            codes::TOKEN_EXPIRED,
            "Access token is expired",
        ));
    }

    let cipher = call.query("shop_cipher").filter(|c| !c.is_empty());
    let shop_id = match (scope, cipher) {
        (Scope::Seller, None) => None,
        (Scope::Seller, Some(_)) => return Err(ApiError::invalid("shop_cipher not required")),
        (Scope::Shop, None) => {
            return Err(ApiError::business(
                codes::CIPHER_MISSING,
                "shop_cipher is required for this request",
            ));
        }
        (Scope::Shop, Some(cipher)) => {
            let shop = inner
                .shops
                .iter()
                .find(|s| s.cipher == cipher && s.open_id == grant.open_id)
                .ok_or_else(|| ApiError::invalid("invalid shop_cipher"))?;
            Some(shop.id.clone())
        }
    };
    Ok(Ctx {
        open_id: Some(grant.open_id),
        shop_id,
        now,
        now_ms,
        origin,
    })
}

/// A token bucket per (app key, path), refilled continuously.
fn rate_limit(inner: &mut Inner, app_key: &str, path: &str, now_ms: i64) -> Result<(), ApiError> {
    let Some(qps) = inner.config.qps_per_path else {
        return Ok(());
    };
    let capacity = f64::from(qps.max(1));
    let bucket = inner
        .buckets
        .entry(format!("{app_key} {path}"))
        .or_insert(super::state::Bucket {
            tokens: capacity,
            at_ms: now_ms,
        });
    let elapsed = (now_ms - bucket.at_ms).max(0) as f64 / 1000.0;
    bucket.tokens = (bucket.tokens + elapsed * capacity).min(capacity);
    bucket.at_ms = now_ms;
    if bucket.tokens < 1.0 {
        return Err(ApiError::throttled(1));
    }
    bucket.tokens -= 1.0;
    Ok(())
}
