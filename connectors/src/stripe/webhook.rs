//! Verifying a webhook delivery as Stripe's libraries do: the `Stripe-Signature` header is
//! `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=…]`; a `v1` is the HMAC-SHA256 of
//! `"<t>.<raw body>"` keyed with the endpoint's `whsec_` secret (the whole string, prefix
//! included, as Stripe uses it). Any one matching `v1` is enough (Stripe sends one per active
//! secret while a secret is being rolled); `t` must be within the tolerance of now, so a
//! captured delivery cannot be replayed later. Comparison is constant-time (`hmac`'s
//! `verify_slice`).
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::Value;
use sha2::Sha256;

/// The header a delivery is signed in.
pub const SIGNATURE_HEADER: &str = "Stripe-Signature";

/// How far `t` may be from now, as Stripe's libraries default to.
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;

/// Why a delivery's signature was refused. The texts name no secret and quote no signature.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the delivery has no Stripe-Signature header")]
    Missing,
    #[error("the Stripe-Signature header has no timestamp")]
    NoTimestamp,
    #[error("the Stripe-Signature header has no v1 signature")]
    NoSignature,
    #[error("the delivery's timestamp is outside the tolerance")]
    Stale,
    #[error("no v1 signature matches the body")]
    Mismatch,
}

/// Checks `header` against the raw `body` at `now` (unix seconds).
pub fn verify(
    secret: &str,
    header: Option<&str>,
    body: &[u8],
    now: i64,
    tolerance_secs: i64,
) -> Result<(), SignatureError> {
    let header = header
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .ok_or(SignatureError::Missing)?;
    let mut timestamp: Option<i64> = None;
    let mut signatures: Vec<Vec<u8>> = Vec::new();
    for part in header.split(',') {
        let Some((key, value)) = part.trim().split_once('=') else {
            continue;
        };
        match key {
            "t" => timestamp = value.parse().ok(),
            // A v1 that is not hex can match nothing; it is skipped like another scheme.
            "v1" => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let t = timestamp.ok_or(SignatureError::NoTimestamp)?;
    if signatures.is_empty() {
        return Err(SignatureError::NoSignature);
    }
    let mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    let mut mac = mac;
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let matched = signatures
        .iter()
        .any(|candidate| mac.clone().verify_slice(candidate).is_ok());
    if !matched {
        return Err(SignatureError::Mismatch);
    }
    // Checked after the signature, as Stripe's libraries do: a stale delivery with a valid
    // signature is a replay, a forged one is a forgery, and the log tells them apart.
    if (now - t).abs() > tolerance_secs {
        return Err(SignatureError::Stale);
    }
    Ok(())
}

/// An event as delivered: `data.object` is left as JSON for the type to decide its shape.
#[derive(Debug, Clone, Deserialize)]
pub struct Event {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub created: i64,
    pub data: EventData,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EventData {
    pub object: Value,
}

/// The event types a top-up listens to.
pub const CHECKOUT_COMPLETED: &str = "checkout.session.completed";
pub const CHECKOUT_EXPIRED: &str = "checkout.session.expired";
pub const CHECKOUT_ASYNC_SUCCEEDED: &str = "checkout.session.async_payment_succeeded";

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1"}"#;
    /// Computed independently: Python's `hmac.new(b"whsec_test_secret",
    /// b'1700000000.{"id":"evt_1"}', hashlib.sha256).hexdigest()`.
    const V1: &str = "248a374f50f943a28b0f6ab50faf9a7e7e29b710fa26df9fb1618b9bf8ea9c9a";
    const T: i64 = 1_700_000_000;

    fn header(v1s: &[&str]) -> String {
        let mut h = format!("t={T}");
        for v in v1s {
            h.push_str(&format!(",v1={v}"));
        }
        h
    }

    #[test]
    fn the_known_vector_verifies() {
        assert_eq!(verify(SECRET, Some(&header(&[V1])), BODY, T, 300), Ok(()));
        assert_eq!(
            verify(SECRET, Some(&header(&[V1])), BODY, T + 300, 300),
            Ok(())
        );
    }

    #[test]
    fn any_one_of_several_v1_is_enough_and_other_schemes_are_ignored() {
        let wrong = "00".repeat(32);
        let h = format!("t={T},v0={wrong},v1={wrong},v1={V1}");
        assert_eq!(verify(SECRET, Some(&h), BODY, T, 300), Ok(()));
        assert_eq!(
            verify(SECRET, Some(&header(&[&wrong, "zz"])), BODY, T, 300),
            Err(SignatureError::Mismatch)
        );
    }

    #[test]
    fn another_secret_or_another_body_does_not_match() {
        assert_eq!(
            verify("whsec_other", Some(&header(&[V1])), BODY, T, 300),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(SECRET, Some(&header(&[V1])), br#"{"id":"evt_2"}"#, T, 300),
            Err(SignatureError::Mismatch)
        );
        // The timestamp is signed too: moving it breaks the signature.
        let moved = format!("t={},v1={V1}", T + 1);
        assert_eq!(
            verify(SECRET, Some(&moved), BODY, T, 300),
            Err(SignatureError::Mismatch)
        );
    }

    #[test]
    fn a_timestamp_out_of_tolerance_is_stale_either_way() {
        assert_eq!(
            verify(SECRET, Some(&header(&[V1])), BODY, T + 301, 300),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify(SECRET, Some(&header(&[V1])), BODY, T - 301, 300),
            Err(SignatureError::Stale)
        );
    }

    #[test]
    fn malformed_headers_are_refused() {
        assert_eq!(
            verify(SECRET, None, BODY, T, 300),
            Err(SignatureError::Missing)
        );
        assert_eq!(
            verify(SECRET, Some("  "), BODY, T, 300),
            Err(SignatureError::Missing)
        );
        assert_eq!(
            verify(SECRET, Some(&format!("v1={V1}")), BODY, T, 300),
            Err(SignatureError::NoTimestamp)
        );
        assert_eq!(
            verify(SECRET, Some(&format!("t={T}")), BODY, T, 300),
            Err(SignatureError::NoSignature)
        );
    }

    #[test]
    fn the_sandbox_signs_what_this_verifies() {
        let now = chrono::Utc::now().timestamp();
        let h = sandbox_sign(SECRET, now, BODY);
        assert_eq!(verify(SECRET, Some(&h), BODY, now, 300), Ok(()));
    }

    fn sandbox_sign(secret: &str, t: i64, body: &[u8]) -> String {
        sandbox::stripe::signature_header(secret, t, body)
    }
}
