//! Not served yet: every call answers 404.
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::Provider;
use super::api::{Call, Ctx, Handled, Reply, Spec};
use super::catalog::VariantRef;
use super::state::{Inner, Order, Stage};
use super::webhooks::Event;

pub static SPEC: Spec = Spec {
    provider: Provider::Gearment,
    statuses: &[("pending", Stage::Pending)],
    lifecycle: &[("pending", Stage::Pending)],
    cancelled: "cancelled",
    cancellable: &[],
    handle,
    peek,
    reference_path: &[],
    throttled,
    internal,
    events,
    sign,
    sku_of,
    area_name,
    percent: 100,
    new_id,
    default_method: "standard",
};

fn handle(_: &mut Inner, _: &Call, _: &mut Ctx) -> Handled {
    Err(Reply::json(
        StatusCode::NOT_FOUND,
        json!({ "message": "not served yet" }),
    ))
}
fn peek(_: &Inner, _: &Call) -> Option<String> {
    None
}
fn throttled(_: u64) -> Reply {
    Reply::json(StatusCode::TOO_MANY_REQUESTS, json!({}))
}
fn internal() -> Reply {
    Reply::json(StatusCode::INTERNAL_SERVER_ERROR, json!({}))
}
fn events(_: &Order, _: Option<&'static str>, _: DateTime<Utc>) -> Vec<Event> {
    Vec::new()
}
fn sign(_: &str, _: &[u8]) -> (&'static str, String) {
    ("x-signature", String::new())
}
fn sku_of(_: VariantRef) -> (String, Map<String, Value>) {
    (String::new(), Map::new())
}
fn area_name(c: &str) -> Option<String> {
    Some(c.to_owned())
}
fn new_id(inner: &mut Inner, now: DateTime<Utc>) -> (String, String) {
    let id = inner.object_id(now);
    (id.clone(), id)
}
