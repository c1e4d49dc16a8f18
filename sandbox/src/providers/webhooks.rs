//! Webhook registrations and deliveries. A change to an order builds the provider's events
//! under the lock ([`emit`] puts them, signed, in the outbox); they are posted once the lock is
//! released, one after the other, and each delivery is recorded with the receiver's answer.
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;

use super::Provider;
use super::api::Spec;
use super::state::Inner;

/// Where an account has a provider send its webhooks.
#[derive(Debug, Clone)]
pub struct Hook {
    pub id: String,
    pub provider: Provider,
    pub account: String,
    pub url: String,
    /// Signs deliveries; none means they go unsigned (Printify without a secret).
    pub secret: Option<String>,
    /// Topics or event names delivered; empty means every one.
    pub topics: Vec<String>,
    pub created_at: DateTime<Utc>,
}

impl Hook {
    fn wants(&self, topic: &str) -> bool {
        self.topics.is_empty() || self.topics.iter().any(|t| t == topic)
    }
}

/// One webhook a change produces, before it is addressed and signed.
#[derive(Debug, Clone)]
pub struct Event {
    pub topic: String,
    pub order_id: String,
    pub body: Value,
}

/// A delivery ready to go.
pub struct Outgoing {
    pub url: String,
    pub body: Vec<u8>,
    pub headers: Vec<(&'static str, String)>,
    pub delivery: Delivery,
}

/// One webhook a stand-in sent, and how the receiver answered (`None`: unreachable).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Delivery {
    pub provider: Provider,
    pub account: String,
    pub topic: String,
    pub order_id: String,
    pub url: String,
    /// Whether it carried a valid signature (false: no secret registered, or forged on purpose).
    pub signed: bool,
    pub http_status: Option<u16>,
    pub at: DateTime<Utc>,
}

/// Addresses, signs and queues `events` for every matching registration of `account`.
/// `forged` signs with a wrong secret, as an impostor would.
pub fn emit(inner: &mut Inner, spec: &Spec, account: &str, events: Vec<Event>, forged: bool) {
    let now = Utc::now();
    for event in events {
        let hooks: Vec<Hook> = inner
            .hooks
            .iter()
            .filter(|h| {
                h.provider == spec.provider && h.account == account && h.wants(&event.topic)
            })
            .cloned()
            .collect();
        if hooks.is_empty() {
            continue;
        }
        let Ok(body) = serde_json::to_vec(&super::api::without_nulls(event.body.clone())) else {
            continue;
        };
        for hook in hooks {
            let mut headers = vec![("content-type", "application/json".to_owned())];
            let signed = match &hook.secret {
                Some(secret) => {
                    let key = if forged {
                        format!("forged-{secret}")
                    } else {
                        secret.clone()
                    };
                    headers.push((spec.sign)(&key, &body));
                    !forged
                }
                None => false,
            };
            inner.outbox.push(Outgoing {
                url: hook.url.clone(),
                body: body.clone(),
                headers,
                delivery: Delivery {
                    provider: spec.provider,
                    account: account.to_owned(),
                    topic: event.topic.clone(),
                    order_id: event.order_id.clone(),
                    url: hook.url.clone(),
                    signed,
                    http_status: None,
                    at: now,
                },
            });
        }
    }
}

/// Posts one delivery and answers it with the receiver's status.
pub async fn send(http: &reqwest::Client, out: Outgoing) -> Delivery {
    let mut request = http.post(&out.url).body(out.body);
    for (name, value) in &out.headers {
        request = request.header(*name, value);
    }
    let status = request.send().await.ok().map(|r| r.status().as_u16());
    let mut delivery = out.delivery;
    delivery.http_status = status;
    delivery.at = Utc::now();
    delivery
}

/// A stable UUID-shaped id for one event, so a redelivery carries the same id.
pub fn event_id(order_id: &str, topic: &str, at: DateTime<Utc>) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        (salt, order_id, topic, at.timestamp_micros()).hash(&mut h);
        h.finish()
    };
    let h = format!("{:016x}{:016x}", half(1), half(2));
    format!(
        "{}-{}-4{}-a{}-{}",
        &h[0..8],
        &h[8..12],
        &h[13..16],
        &h[17..20],
        &h[20..32]
    )
}
