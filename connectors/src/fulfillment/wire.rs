//! What the provider modules share when they read a provider's answer: ids sent as strings or
//! numbers, money as exact decimals, the providers' time formats, error envelopes, and the
//! HMAC-SHA256 webhook signatures.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use hmac::{Hmac, Mac};
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use sha2::Sha256;

use super::transport::Answer;
use super::{Provider, ProviderError, WebhookError};

/// The longest provider message an error keeps: enough to act on, too short to carry a page.
const MESSAGE_MAX: usize = 300;

// ---------------------------------------------------------------- ids

/// An id some providers send as a number and others as a string.
pub(crate) fn id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Value::deserialize(d)? {
        Value::String(s) => Ok(s),
        Value::Number(n) => Ok(n.to_string()),
        other => Err(D::Error::custom(format!(
            "expected an id, found {}",
            kind(&other)
        ))),
    }
}

/// [`id`] that may be absent or `null` (use with `#[serde(default)]`).
pub(crate) fn opt_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::String(s) if s.is_empty() => Ok(None),
        Value::String(s) => Ok(Some(s)),
        Value::Number(n) => Ok(Some(n.to_string())),
        other => Err(D::Error::custom(format!(
            "expected an id, found {}",
            kind(&other)
        ))),
    }
}

/// A string or a number as text, `None` for anything else.
pub(crate) fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

// ---------------------------------------------------------------- money

/// A decimal amount (`"12.50"`, `12.5`, `"7"`) in cents, exactly: parsed as a decimal, never
/// computed in floating point. A fraction of a cent is rounded half away from zero.
pub(crate) fn decimal_cents(v: &Value) -> Result<Option<i64>, String> {
    let raw = match v {
        Value::Null => return Ok(None),
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => s.trim().to_owned(),
        // serde_json keeps a number as f64; its shortest round-trip text is the decimal the
        // provider wrote (for the 15 significant digits any price has).
        Value::Number(n) => n.to_string(),
        other => return Err(format!("expected an amount, found {}", kind(other))),
    };
    let value = Decimal::from_str_exact(&raw)
        .or_else(|_| raw.parse::<Decimal>())
        .map_err(|_| format!("{raw:?} is not an amount"))?;
    (value * Decimal::ONE_HUNDRED)
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero)
        .to_i64()
        .map(Some)
        .ok_or_else(|| format!("{raw:?} is out of range"))
}

/// [`decimal_cents`] as a field deserializer (use with `#[serde(default)]`).
pub(crate) fn opt_decimal_cents<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    decimal_cents(&Value::deserialize(d)?).map_err(D::Error::custom)
}

// ---------------------------------------------------------------- time

/// The time formats the providers send: RFC 3339 (`2024-05-01T10:00:00Z`), Printify's
/// `2019-08-28 00:11:24+00:00`, a naive `2024-05-01 10:00:00` (read as UTC), a bare date.
pub(crate) fn parse_time(raw: &str) -> Option<DateTime<Utc>> {
    let raw = raw.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(raw) {
        return Some(t.with_timezone(&Utc));
    }
    for format in [
        "%Y-%m-%d %H:%M:%S%:z",
        "%Y-%m-%d %H:%M:%S%.f%:z",
        "%Y-%m-%d %H:%M:%S%z",
    ] {
        if let Ok(t) = DateTime::parse_from_str(raw, format) {
            return Some(t.with_timezone(&Utc));
        }
    }
    for format in [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M:%S%.f",
    ] {
        if let Ok(t) = NaiveDateTime::parse_from_str(raw, format) {
            return Some(t.and_utc());
        }
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
}

/// A time field: absent, `null` or `""` is `None`; anything else must be a time.
pub(crate) fn opt_time<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => parse_time(&s)
            .map(Some)
            .ok_or_else(|| D::Error::custom(format!("{s:?} is not a time"))),
        // Seconds since the epoch.
        Value::Number(n) => Ok(n.as_i64().and_then(|s| DateTime::from_timestamp(s, 0))),
        other => Err(D::Error::custom(format!(
            "expected a time, found {}",
            kind(&other)
        ))),
    }
}

// ---------------------------------------------------------------- answers

impl Answer {
    /// The answer when it is a 2xx; the provider's refusal as a [`ProviderError`] otherwise.
    pub fn success(self, provider: Provider) -> Result<Answer, ProviderError> {
        if self.status.is_success() {
            Ok(self)
        } else {
            Err(failure(provider, &self))
        }
    }
}

/// A non-2xx answer (other than the 401, 429 and 5xx `send` handles) as an error: 404 is
/// [`ProviderError::NotFound`], any other 4xx [`ProviderError::Rejected`] with the provider's
/// own message and the field it named.
pub(crate) fn failure(provider: Provider, answer: &Answer) -> ProviderError {
    let name = provider.display_name();
    let body: Option<Value> = serde_json::from_slice(&answer.body).ok();
    if answer.status == StatusCode::NOT_FOUND {
        return ProviderError::NotFound(name);
    }
    if answer.status.is_client_error() {
        let (message, field) = body.as_ref().map(refusal).unwrap_or_default();
        return ProviderError::Rejected {
            provider: name,
            message: message.unwrap_or_else(|| {
                format!(
                    "HTTP {} {}",
                    answer.status.as_u16(),
                    answer.status.canonical_reason().unwrap_or("")
                )
                .trim_end()
                .to_owned()
            }),
            field,
        };
    }
    ProviderError::Protocol {
        provider: name,
        detail: format!("unexpected HTTP {}", answer.status.as_u16()),
    }
}

/// The message and the field of a provider's error body, whichever envelope it uses:
/// Printify `{message, errors {reason} | {field: [..]}}`, the assumed shape and Gearment
/// `{error {message, fields}}`, MangoTee and the others `{code, message}`, OAuth-style
/// `{error, error_description}`.
pub(crate) fn refusal(body: &Value) -> (Option<String>, Option<String>) {
    let str_at = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_owned);
    let error = body.get("error");
    let errors = body.get("errors");
    let reason = errors.and_then(|e| str_at(e, "reason"));
    let message = reason
        .or_else(|| error.and_then(|e| str_at(e, "message")))
        .or_else(|| str_at(body, "message"))
        .or_else(|| str_at(body, "error_description"))
        .or_else(|| str_at(body, "error"))
        .or_else(|| str_at(body, "msg"));
    let field_of = |v: Option<&Value>| -> Option<String> {
        match v? {
            Value::Object(map) => map
                .keys()
                .find(|k| !matches!(k.as_str(), "reason" | "code" | "message"))
                .cloned(),
            Value::Array(items) => items.iter().find_map(|i| {
                str_at(i, "field")
                    .or_else(|| str_at(i, "path"))
                    .or_else(|| str_at(i, "property"))
            }),
            _ => None,
        }
    };
    let field = field_of(errors)
        .or_else(|| field_of(error.and_then(|e| e.get("fields"))))
        .or_else(|| error.and_then(|e| str_at(e, "field")))
        .or_else(|| str_at(body, "field"))
        .or_else(|| field_of(body.get("fields")));
    (message.map(|m| clean(&m)), field.map(|f| clean(&f)))
}

/// A provider's words made safe to show: no URL (a provider may quote the request), one
/// line, bounded.
pub(crate) fn clean(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let safe = crate::redact_urls(one_line.trim());
    match safe.char_indices().nth(MESSAGE_MAX) {
        Some((cut, _)) => format!("{}…", &safe[..cut]),
        None => safe,
    }
}

/// A JSON value as `T`, the shape error kept for the log.
pub(crate) fn parse<T: DeserializeOwned>(
    provider: Provider,
    value: Value,
) -> Result<T, ProviderError> {
    serde_json::from_value(value).map_err(|e| ProviderError::Protocol {
        provider: provider.display_name(),
        detail: e.to_string(),
    })
}

/// Whether a refusal says the request repeats one made before: the provider's words speak of
/// a duplicate, or it names the field holding our reference.
pub(crate) fn is_repeat(e: &ProviderError) -> bool {
    let ProviderError::Rejected { message, field, .. } = e else {
        return false;
    };
    let message = message.to_lowercase();
    let said = ["duplicate", "already", "exists", "taken", "unique"]
        .iter()
        .any(|w| message.contains(w));
    let named = field.as_deref().is_some_and(|f| {
        ["external_id", "reference_id", "order_id", "order_number"]
            .iter()
            .any(|k| f.contains(k))
    });
    said || named
}

/// An id as one path segment: percent-encoded, so an id from a provider or a caller can never
/// change the path or add a query.
pub(crate) fn seg(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A field a provider must send, missing.
pub(crate) fn missing(provider: Provider, what: &str) -> ProviderError {
    ProviderError::Protocol {
        provider: provider.display_name(),
        detail: format!("the answer has no {what}"),
    }
}

// ---------------------------------------------------------------- webhooks

/// Whether `signature` (hex, with or without a `sha256=` prefix) is the HMAC-SHA256 of `body`
/// under `secret`. The comparison is constant-time (`Mac::verify_slice`); an empty secret
/// verifies nothing, since anyone could sign with it.
pub(crate) fn signature_ok(secret: &str, body: &[u8], signature: Option<&str>) -> bool {
    let Some(signature) = signature else {
        return false;
    };
    if secret.is_empty() {
        return false;
    }
    let hex_part = signature.trim();
    let hex_part = match hex_part.get(..7) {
        Some(prefix) if prefix.eq_ignore_ascii_case("sha256=") => &hex_part[7..],
        _ => hex_part,
    };
    let Ok(expected) = hex::decode(hex_part) else {
        return false;
    };
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        return false;
    };
    mac.update(body);
    mac.verify_slice(&expected).is_ok()
}

/// A header as text, when present and readable.
pub(crate) fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// The verified body as `T`.
pub(crate) fn webhook_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, WebhookError> {
    serde_json::from_slice(body).map_err(|e| WebhookError::Malformed(e.to_string()))
}

/// Hex HMAC-SHA256 of `body` under `secret`, as the providers sign (tests sign with it).
#[cfg(test)]
pub(crate) fn sign(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_stay_in_their_segment() {
        assert_eq!(seg("5a96f649b2439217d070f507"), "5a96f649b2439217d070f507");
        assert_eq!(seg("../x?y=1"), "..%2Fx%3Fy%3D1");
    }

    #[test]
    fn money_is_exact() {
        assert_eq!(decimal_cents(&json!("12.34")), Ok(Some(1234)));
        assert_eq!(decimal_cents(&json!(12.34)), Ok(Some(1234)));
        assert_eq!(decimal_cents(&json!(0.1)), Ok(Some(10)));
        assert_eq!(decimal_cents(&json!("7")), Ok(Some(700)));
        assert_eq!(decimal_cents(&json!(19.995)), Ok(Some(2000)));
        assert_eq!(decimal_cents(&json!(null)), Ok(None));
        assert_eq!(decimal_cents(&json!("")), Ok(None));
        assert!(decimal_cents(&json!("12,34")).is_err());
        assert!(decimal_cents(&json!([1])).is_err());
    }

    #[test]
    fn provider_times() {
        let t = parse_time("2019-08-28 00:11:24+00:00").expect("printify");
        assert_eq!(t.to_rfc3339(), "2019-08-28T00:11:24+00:00");
        assert_eq!(parse_time("2019-08-28T02:11:24+02:00"), Some(t));
        assert_eq!(parse_time("2019-08-28T00:11:24Z"), Some(t));
        assert_eq!(parse_time("2019-08-28 00:11:24"), Some(t));
        assert!(parse_time("2019-08-28").is_some());
        assert_eq!(parse_time("yesterday"), None);
    }

    #[test]
    fn signatures_with_and_without_prefix() {
        let body = br#"{"id":"1"}"#;
        let sig = sign("s3cret", body);
        assert!(signature_ok("s3cret", body, Some(&sig)));
        assert!(signature_ok("s3cret", body, Some(&format!("sha256={sig}"))));
        assert!(signature_ok("s3cret", body, Some(&format!("SHA256={sig}"))));
        assert!(!signature_ok("other", body, Some(&sig)));
        assert!(!signature_ok("s3cret", br#"{"id":"2"}"#, Some(&sig)));
        assert!(!signature_ok("s3cret", body, Some("zz")));
        assert!(!signature_ok("s3cret", body, None));
        assert!(!signature_ok("", body, Some(&sign("", body))));
    }

    #[test]
    fn refusals_of_every_envelope() {
        let printify = json!({"status":"error","code":8150,"message":"Validation failed.",
            "errors":{"reason":"line_items.0.variant_id: must be an integer.","code":8150}});
        assert_eq!(
            refusal(&printify).0.as_deref(),
            Some("line_items.0.variant_id: must be an integer.")
        );
        let fields =
            json!({"message":"Validation failed.","errors":{"zip":["required"],"code":8150}});
        assert_eq!(
            refusal(&fields),
            (Some("Validation failed.".into()), Some("zip".into()))
        );
        let assumed = json!({"error":{"code":"VALIDATION_ERROR","message":"bad sku","fields":{"items.0.sku":"unknown"}}});
        assert_eq!(
            refusal(&assumed),
            (Some("bad sku".into()), Some("items.0.sku".into()))
        );
        let quoting = json!({"message":"cannot fetch https://files.test/x.png?token=abc"});
        assert_eq!(refusal(&quoting).0.as_deref(), Some("cannot fetch <url>"));
    }
}
