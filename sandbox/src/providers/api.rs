//! What every stand-in's handlers share: the request as they see it, the reply they build,
//! the per-call context the ledger is written from, and the table ([`Spec`]) through which
//! the shared code reaches a provider's own statuses, errors, webhooks and signing.
use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

use super::Provider;
use super::catalog::VariantRef;
use super::state::{Inner, Order, Stage};
use super::webhooks::Event;

/// A request as the handlers see it: the path split after the provider's prefix, the query
/// decoded, the body kept as the exact bytes sent.
pub struct Call {
    pub method: Method,
    /// The full path as received, for the ledger.
    pub path: String,
    /// Path segments after the provider's prefix (after `/{tenant}/bo-api` for Merchize).
    pub rest: Vec<String>,
    /// Merchize's tenant, from the path.
    pub tenant: Option<String>,
    pub query: Vec<(String, String)>,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Call {
    pub fn new(
        method: Method,
        path: &str,
        raw_query: Option<&str>,
        headers: HeaderMap,
        body: Bytes,
        provider: Provider,
    ) -> Call {
        let query = form_urlencoded::parse(raw_query.unwrap_or_default().as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let after_slug = path
            .trim_start_matches('/')
            .strip_prefix(provider.slug())
            .unwrap_or_default()
            .trim_start_matches('/');
        let mut segments: Vec<String> = after_slug
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        let mut tenant = None;
        if provider == Provider::Merchize {
            // `/merchize/{tenant}/bo-api/...`
            if segments.len() >= 2 && segments[1] == "bo-api" {
                tenant = Some(segments[0].clone());
                segments.drain(..2);
            } else {
                segments.clear();
                segments.push(String::new());
            }
        }
        Call {
            method,
            path: path.to_owned(),
            rest: segments,
            tenant,
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
            .filter(|v| !v.trim().is_empty())
    }

    /// Every value of a repeated query key, commas split too (`a=1&a=2`, `a=1,2`).
    pub fn query_all(&self, name: &str) -> Vec<String> {
        self.query
            .iter()
            .filter(|(k, _)| k == name)
            .flat_map(|(_, v)| v.split(',').map(|s| s.trim().to_owned()))
            .filter(|s| !s.is_empty())
            .collect()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| !v.is_empty())
    }

    /// The token of `Authorization: Bearer …`.
    pub fn bearer(&self) -> Option<&str> {
        let value = self.header(header::AUTHORIZATION.as_str())?;
        let (scheme, token) = value.split_once(' ')?;
        scheme
            .eq_ignore_ascii_case("bearer")
            .then(|| token.trim())
            .filter(|t| !t.is_empty())
    }

    /// The body as JSON; an absent body reads as `{}`. `Err` carries serde's words.
    pub fn json(&self) -> Result<Value, String> {
        if self.body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Value::Object(Map::new()));
        }
        serde_json::from_slice(&self.body).map_err(|e| e.to_string())
    }

    /// The body as an HTML form.
    pub fn form(&self) -> Vec<(String, String)> {
        form_urlencoded::parse(&self.body)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    }

    /// `rest` as string slices, for matching.
    pub fn segments(&self) -> Vec<&str> {
        self.rest.iter().map(String::as_str).collect()
    }
}

/// A reply a handler built: status, JSON body (or none) and extra headers.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Option<Value>,
    pub headers: Vec<(HeaderName, String)>,
    /// Most providers leave out what they have nothing for; a reply that must carry `null`
    /// (a Laravel paginator's `next_page_url`) keeps them.
    pub keep_nulls: bool,
}

impl Reply {
    pub fn json(status: StatusCode, body: Value) -> Reply {
        Reply {
            status,
            body: Some(body),
            headers: Vec::new(),
            keep_nulls: false,
        }
    }

    pub fn ok(body: Value) -> Reply {
        Reply::json(StatusCode::OK, body)
    }

    pub fn header(mut self, name: HeaderName, value: impl ToString) -> Reply {
        self.headers.push((name, value.to_string()));
        self
    }

    pub fn keeping_nulls(mut self) -> Reply {
        self.keep_nulls = true;
        self
    }

    pub fn is_success(&self) -> bool {
        self.status.is_success()
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let mut response = match self.body {
            Some(body) => {
                let body = if self.keep_nulls {
                    body
                } else {
                    without_nulls(body)
                };
                (self.status, axum::Json(body)).into_response()
            }
            None => self.status.into_response(),
        };
        for (name, value) in self.headers {
            if let Ok(value) = HeaderValue::from_str(&value) {
                response.headers_mut().insert(name, value);
            }
        }
        response
    }
}

/// `value` with every object member whose value is `null` removed, recursively.
pub fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// What one call did, for the ledger: filled in by the handler as it learns it.
pub struct Ctx {
    pub now: DateTime<Utc>,
    /// `scheme://host` the caller used, for URLs the stand-in hands out.
    pub origin: String,
    pub account: Option<String>,
    pub reference: Option<String>,
    /// The order this call created.
    pub created: Option<String>,
    /// Whether the call changed state (what a failure after the write loses).
    pub wrote: bool,
}

impl Ctx {
    pub fn new(now: DateTime<Utc>, origin: String) -> Ctx {
        Ctx {
            now,
            origin,
            account: None,
            reference: None,
            created: None,
            wrote: false,
        }
    }
}

/// A handler's answer: a reply either way, the error side for refusals.
pub type Handled = Result<Reply, Reply>;

/// How the shared code reaches one provider.
pub struct Spec {
    pub provider: Provider,
    /// Every status text the provider uses and the stage it stands for; the first text of a
    /// stage is the one the stand-in moves orders to.
    pub statuses: &'static [(&'static str, Stage)],
    /// The path an order walks, from creation to delivery.
    pub lifecycle: &'static [(&'static str, Stage)],
    /// The status a cancelled order shows.
    pub cancelled: &'static str,
    /// Statuses in which the provider still lets an order be cancelled.
    pub cancellable: &'static [&'static str],
    pub handle: fn(&mut Inner, &Call, &mut Ctx) -> Handled,
    /// The account the call's credentials name, without side effects (for faulted calls).
    pub peek: fn(&Inner, &Call) -> Option<String>,
    /// Where in a create body our reference sits (`["data", "reference_id"]`).
    pub reference_path: &'static [&'static str],
    /// The provider's 429 (an injected throttle: `Retry-After` seconds where it sends one).
    pub throttled: fn(u64) -> Reply,
    /// The provider's 500.
    pub internal: fn() -> Reply,
    /// The webhooks an order's change sends; `from` is the status before, `None` at creation.
    pub events: fn(&Order, Option<&'static str>, DateTime<Utc>) -> Vec<Event>,
    /// The signature header and its value for a body.
    pub sign: fn(&str, &[u8]) -> (&'static str, String),
    /// How the provider names a variant in an order, and members it echoes with it.
    pub sku_of: fn(VariantRef) -> (String, Map<String, Value>),
    /// The provider's name for a canonical print area (`front`, `left_sleeve`, `wrap`…).
    pub area_name: fn(&str) -> Option<String>,
    /// The provider's price as a percentage of the catalogue's base cost.
    pub percent: i64,
    /// A new order's id and short name, in the provider's style.
    pub new_id: fn(&mut Inner, DateTime<Utc>) -> (String, String),
    /// The shipping method an order gets when none is asked for.
    pub default_method: &'static str,
}

impl Spec {
    pub fn stage_of(&self, status: &str) -> Option<(&'static str, Stage)> {
        self.statuses
            .iter()
            .find(|(text, _)| text.eq_ignore_ascii_case(status))
            .copied()
    }

    pub fn can_cancel(&self, status: &str) -> bool {
        self.cancellable.contains(&status)
    }
}

/// Our reference in a create body, read without validating anything else.
pub fn peek_reference(call: &Call, path: &[&str]) -> Option<String> {
    if path.is_empty() || call.method != Method::POST {
        return None;
    }
    let body: Value = serde_json::from_slice(&call.body).ok()?;
    let mut at = &body;
    for key in path {
        at = at.get(key)?;
    }
    text(at)
}

/// A JSON string, or a number written as one, trimmed and non-empty.
pub fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The member `key` of `v` as text (see [`text`]).
pub fn field(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(text)
}

/// A whole number, sent as a number or as digits in a string.
pub fn whole(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// `scheme://host` the caller used.
pub fn origin(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1");
    format!("http://{host}")
}

/// Page and page size from the query: `page` from 1, `limit` within `1..=max`.
pub fn paging(
    call: &Call,
    page_key: &str,
    limit_key: &str,
    default_limit: usize,
    max: usize,
) -> Result<(usize, usize), String> {
    let page = match call.query(page_key) {
        None => 1,
        Some(raw) => match raw.parse::<usize>() {
            Ok(n) if n >= 1 => n,
            _ => return Err(format!("{page_key}: must be a whole number from 1")),
        },
    };
    let limit = match call.query(limit_key) {
        None => default_limit,
        Some(raw) => match raw.parse::<usize>() {
            Ok(n) if (1..=max).contains(&n) => n,
            _ => return Err(format!("{limit_key}: must be between 1 and {max}")),
        },
    };
    Ok((page, limit))
}

/// One page of `items` and how many pages there are.
pub fn page_of<T: Clone>(items: &[T], page: usize, limit: usize) -> (Vec<T>, usize) {
    let pages = items.len().div_ceil(limit.max(1));
    let start = (page - 1).saturating_mul(limit);
    let slice = items.iter().skip(start).take(limit).cloned().collect();
    (slice, pages)
}

/// A date (`2024-05-01`) or a date and time (RFC 3339, or with a space) as UTC.
pub fn parse_time(raw: &str) -> Option<DateTime<Utc>> {
    let raw = raw.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(raw) {
        return Some(t.with_timezone(&Utc));
    }
    if let Ok(t) = DateTime::parse_from_str(raw, "%Y-%m-%d %H:%M:%S%:z") {
        return Some(t.with_timezone(&Utc));
    }
    if let Ok(t) = chrono::NaiveDateTime::parse_from_str(raw, "%Y-%m-%d %H:%M:%S") {
        return Some(t.and_utc());
    }
    if let Ok(t) = chrono::NaiveDateTime::parse_from_str(raw, "%Y-%m-%dT%H:%M:%S") {
        return Some(t.and_utc());
    }
    chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
}

/// RFC 3339 with milliseconds and `Z`, as Node services write times.
pub fn iso_millis(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// RFC 3339 with seconds and `Z`.
pub fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `hex(HMAC_SHA256(secret, body))`.
pub fn hmac_hex(secret: &str, body: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// Compares two secrets without leaking where they first differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_the_merchize_tenant_off() {
        let call = Call::new(
            Method::GET,
            "/merchize/acme/bo-api/order/external/orders",
            Some("limit=5"),
            HeaderMap::new(),
            Bytes::new(),
            Provider::Merchize,
        );
        assert_eq!(call.tenant.as_deref(), Some("acme"));
        assert_eq!(call.segments(), vec!["order", "external", "orders"]);
        assert_eq!(call.query("limit"), Some("5"));
    }

    #[test]
    fn reads_dates_and_times() {
        let t = parse_time("2024-05-01").expect("date");
        assert_eq!(iso(t), "2024-05-01T00:00:00Z");
        let t = parse_time("2019-08-28 00:11:24+00:00").expect("printify time");
        assert_eq!(iso(t), "2019-08-28T00:11:24Z");
    }
}
