//! Events and their delivery to the webhook endpoint, signed as Stripe signs them:
//! `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the
//! endpoint's whsec_ secret>`. Every attempt (a first delivery or a re-delivery) is signed anew
//! with the time it is sent, as Stripe's retries are; the body, and so the event id, stays the
//! same.
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::Sha256;

/// The header Stripe signs deliveries with.
pub const SIGNATURE_HEADER: &str = "Stripe-Signature";

/// `t=<t>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
pub fn signature_header(secret: &str, t: i64, body: &[u8]) -> String {
    format!("t={t},v1={}", signature(secret, t, body))
}

/// The `v1` scheme's signature alone.
pub fn signature(secret: &str, t: i64, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// One event as Stripe keeps it: its id, type and the exact body every delivery sends.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub id: String,
    pub kind: String,
    pub body: Vec<u8>,
}

/// An event object around a copy of the session at the time of the event.
pub fn build(id: &str, kind: &str, created: i64, object: &Value) -> Value {
    json!({
        "id": id,
        "object": "event",
        "api_version": super::API_VERSION,
        "created": created,
        "data": { "object": object },
        "livemode": false,
        "pending_webhooks": 1,
        "request": { "id": null, "idempotency_key": null },
        "type": kind,
    })
}

/// How a delivery was made wrong on purpose, for tests of the receiver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forgery {
    /// Signed with a secret other than the endpoint's (an impostor).
    WrongSecret,
    /// Signed correctly, then one byte of the body changed (the amount doubled).
    TamperedBody,
    /// Signed correctly, ten minutes ago (a captured delivery replayed late).
    Stale,
}

/// One delivery attempt and the receiver's answer (`None`: unreachable).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Delivery {
    pub event_id: String,
    pub kind: String,
    pub url: String,
    /// What was made wrong on purpose, if anything.
    pub forgery: Option<Forgery>,
    pub http_status: Option<u16>,
    pub at: DateTime<Utc>,
}

/// What one attempt sends: the body and its signature header.
pub fn prepare(secret: &str, event: &StoredEvent, forgery: Option<Forgery>) -> (Vec<u8>, String) {
    let now = Utc::now().timestamp();
    match forgery {
        None => (
            event.body.clone(),
            signature_header(secret, now, &event.body),
        ),
        Some(Forgery::WrongSecret) => (
            event.body.clone(),
            signature_header(&format!("{secret}_forged"), now, &event.body),
        ),
        Some(Forgery::Stale) => (
            event.body.clone(),
            signature_header(secret, now - 600, &event.body),
        ),
        Some(Forgery::TamperedBody) => {
            let header = signature_header(secret, now, &event.body);
            (tamper(&event.body), header)
        }
    }
}

/// The body with the session's amount doubled, as a tamperer who wants more credit would.
fn tamper(body: &[u8]) -> Vec<u8> {
    let Ok(mut value) = serde_json::from_slice::<Value>(body) else {
        let mut changed = body.to_vec();
        if let Some(first) = changed.first_mut() {
            *first ^= 1;
        }
        return changed;
    };
    if let Some(total) = value
        .pointer_mut("/data/object/amount_total")
        .and_then(|v| v.as_i64().map(|n| (v, n)))
    {
        let (slot, n) = total;
        *slot = json!(n * 2);
    }
    serde_json::to_vec(&value).unwrap_or_else(|_| body.to_vec())
}

/// Posts one attempt; answers the receiver's status.
pub async fn send(http: &reqwest::Client, url: &str, body: Vec<u8>, header: String) -> Option<u16> {
    http.post(url)
        .header("content-type", "application/json; charset=utf-8")
        .header(
            "user-agent",
            "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        )
        .header(SIGNATURE_HEADER, header)
        .body(body)
        .send()
        .await
        .ok()
        .map(|r| r.status().as_u16())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computed independently (Python's `hmac.new(secret, b"1700000000." + body, sha256)`).
    #[test]
    fn signs_time_dot_body_with_the_endpoint_secret() {
        assert_eq!(
            signature_header("whsec_test_secret", 1_700_000_000, br#"{"id":"evt_1"}"#),
            "t=1700000000,v1=248a374f50f943a28b0f6ab50faf9a7e7e29b710fa26df9fb1618b9bf8ea9c9a"
        );
    }
}
