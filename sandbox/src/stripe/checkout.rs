//! Checkout Sessions as the API takes and answers them: the form-encoded body with Stripe's
//! bracket notation (`line_items[0][price_data][unit_amount]`, `metadata[key]`), its
//! validation errors (400 `invalid_request_error` naming the `param`), the session object, and
//! idempotency: a key seen before with the same parameters answers the first answer again
//! (with `Idempotent-Replayed: true`); with other parameters, 400 `idempotency_error`.
//!
//! Where the reference is silent or the stand-in is smaller: only `mode=payment` with
//! `price_data` line items (no saved prices, no customers, no tax); every currency Stripe
//! knows is not listed, only the common ones; a session's URL is the stand-in's own hosted page.
use std::collections::BTreeMap;

use rand::Rng;
use rand::distr::Alphanumeric;
use serde_json::{Map, Value, json};

use super::StripeError;

/// How long a session stays open, as Stripe's default.
const SESSION_TTL_SECS: i64 = 24 * 3600;
/// Stripe's smallest charge in US dollars (50 cents); smaller answers `amount_too_small`.
const MIN_UNIT_AMOUNT: i64 = 50;
/// Stripe's largest charge: eight digits.
const MAX_AMOUNT: i64 = 99_999_999;
const CURRENCIES: &[&str] = &["usd", "eur", "gbp", "cad", "aud", "jpy", "sgd", "vnd"];
/// Top-level parameters this stand-in reads; any other answers `parameter_unknown`.
const KNOWN: &[&str] = &[
    "mode",
    "line_items",
    "success_url",
    "cancel_url",
    "client_reference_id",
    "metadata",
    "customer_email",
    "payment_method_types",
    "expires_at",
    "expand",
];

/// A random id with Stripe's prefix (`cs_test_…`, `evt_…`, `pi_…`).
pub fn new_id(prefix: &str, len: usize) -> String {
    let tail: String = rand::rng()
        .sample_iter(&Alphanumeric)
        .take(len)
        .map(char::from)
        .collect();
    format!("{prefix}{tail}")
}

/// The body's pairs, in order, as Stripe decodes `application/x-www-form-urlencoded`.
pub fn parse_form(body: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(body).into_owned().collect()
}

/// The parameters with their order forgotten: what an idempotency key is held against.
pub fn fingerprint(pairs: &[(String, String)]) -> BTreeMap<String, String> {
    pairs.iter().cloned().collect()
}

struct Params<'a> {
    pairs: &'a [(String, String)],
}

impl Params<'_> {
    fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn required(&self, name: &str) -> Result<&str, StripeError> {
        match self.get(name) {
            Some(v) if !v.is_empty() => Ok(v),
            _ => Err(StripeError::invalid(
                "parameter_missing",
                format!("Missing required param: {name}."),
                name,
            )),
        }
    }

    fn integer(&self, name: &str) -> Result<Option<i64>, StripeError> {
        match self.get(name) {
            None => Ok(None),
            Some(raw) => raw.parse::<i64>().map(Some).map_err(|_| {
                StripeError::invalid(
                    "parameter_invalid_integer",
                    format!("Invalid integer: {raw}"),
                    name,
                )
            }),
        }
    }

    fn url(&self, name: &str) -> Result<Option<&str>, StripeError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => Ok(Some(v)),
            Some(_) => Err(StripeError::invalid("url_invalid", "Not a valid URL", name)),
        }
    }
}

/// A new open session from the request's parameters, or the error Stripe answers them with.
pub fn create(pairs: &[(String, String)], base_url: &str, now: i64) -> Result<Value, StripeError> {
    let p = Params { pairs };
    for (key, _) in pairs {
        let top = key.split('[').next().unwrap_or(key);
        if !KNOWN.contains(&top) {
            return Err(StripeError::invalid(
                "parameter_unknown",
                format!("Received unknown parameter: {key}"),
                key,
            ));
        }
    }
    let mode = p.required("mode")?;
    if mode != "payment" {
        return Err(StripeError::invalid(
            "parameter_invalid_string",
            format!("Invalid mode: this sandbox takes `payment`, not `{mode}`"),
            "mode",
        ));
    }
    let success_url = p.url("success_url")?.ok_or_else(|| {
        StripeError::invalid(
            "parameter_missing",
            "Missing required param: success_url.",
            "success_url",
        )
    })?;
    let cancel_url = p.url("cancel_url")?;
    let mut items = Vec::new();
    let mut currency: Option<String> = None;
    let mut total: i64 = 0;
    let mut i = 0;
    while pairs
        .iter()
        .any(|(k, _)| k.starts_with(&format!("line_items[{i}]")))
    {
        let at = |rest: &str| format!("line_items[{i}]{rest}");
        let cur = p
            .required(&at("[price_data][currency]"))?
            .to_ascii_lowercase();
        if !CURRENCIES.contains(&cur.as_str()) {
            return Err(StripeError::invalid(
                "parameter_invalid_string",
                format!("Invalid currency: {cur}."),
                &at("[price_data][currency]"),
            ));
        }
        if currency.as_deref().is_some_and(|c| c != cur) {
            return Err(StripeError::invalid(
                "parameter_invalid_string",
                "All line items must share one currency.",
                &at("[price_data][currency]"),
            ));
        }
        let name = p.required(&at("[price_data][product_data][name]"))?;
        let unit_param = at("[price_data][unit_amount]");
        let unit = p.integer(&unit_param)?.ok_or_else(|| {
            StripeError::invalid(
                "parameter_missing",
                format!("Missing required param: {unit_param}."),
                &unit_param,
            )
        })?;
        if unit < MIN_UNIT_AMOUNT {
            return Err(StripeError::invalid(
                "amount_too_small",
                "The Checkout Session's total amount due must add up to at least $0.50 usd",
                &unit_param,
            ));
        }
        let quantity_param = at("[quantity]");
        let quantity = p.integer(&quantity_param)?.ok_or_else(|| {
            StripeError::invalid(
                "parameter_missing",
                format!("Missing required param: {quantity_param}."),
                &quantity_param,
            )
        })?;
        if !(1..=999_999).contains(&quantity) {
            return Err(StripeError::invalid(
                "parameter_invalid_integer",
                "This value must be greater than or equal to 1.",
                &quantity_param,
            ));
        }
        total = unit
            .checked_mul(quantity)
            .and_then(|n| total.checked_add(n))
            .unwrap_or(i64::MAX);
        if total > MAX_AMOUNT {
            return Err(StripeError::invalid(
                "amount_too_large",
                "The Checkout Session's total amount due must be no more than $999,999.99",
                &unit_param,
            ));
        }
        items.push(json!({ "name": name, "unit_amount": unit, "quantity": quantity }));
        currency = Some(cur);
        i += 1;
    }
    let Some(currency) = currency else {
        return Err(StripeError::invalid(
            "parameter_missing",
            "Missing required param: line_items.",
            "line_items",
        ));
    };
    let mut metadata = Map::new();
    for (key, value) in pairs {
        if let Some(name) = key
            .strip_prefix("metadata[")
            .and_then(|k| k.strip_suffix(']'))
        {
            if name.len() > 40 || value.len() > 500 || metadata.len() >= 50 {
                return Err(StripeError::invalid(
                    "parameter_invalid_string",
                    "Metadata keys are at most 40 characters, values 500, and at most 50 keys.",
                    key,
                ));
            }
            metadata.insert(name.to_owned(), Value::String(value.clone()));
        }
    }
    if p.get("client_reference_id").is_some_and(|r| r.len() > 200) {
        return Err(StripeError::invalid(
            "parameter_invalid_string",
            "client_reference_id is at most 200 characters.",
            "client_reference_id",
        ));
    }
    let id = new_id("cs_test_", 58);
    Ok(json!({
        "id": id,
        "object": "checkout.session",
        "amount_subtotal": total,
        "amount_total": total,
        "cancel_url": cancel_url,
        "client_reference_id": p.get("client_reference_id"),
        "created": now,
        "currency": currency,
        "customer": null,
        "customer_email": p.get("customer_email"),
        "expires_at": now + SESSION_TTL_SECS,
        "line_items_preview": items,
        "livemode": false,
        "metadata": metadata,
        "mode": "payment",
        "payment_intent": null,
        "payment_method_types": ["card"],
        "payment_status": "unpaid",
        "status": "open",
        "success_url": success_url,
        "url": format!("{base_url}/c/pay/{id}"),
    }))
}

/// The session as the API answers it: without the stand-in's own bookkeeping.
pub fn public(session: &Value) -> Value {
    let mut out = session.clone();
    if let Some(map) = out.as_object_mut() {
        map.remove("line_items_preview");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn valid() -> Vec<(String, String)> {
        pairs(&[
            ("mode", "payment"),
            ("line_items[0][price_data][currency]", "usd"),
            ("line_items[0][price_data][unit_amount]", "1250"),
            ("line_items[0][price_data][product_data][name]", "Top-up"),
            ("line_items[0][quantity]", "2"),
            ("success_url", "http://x.test/ok?s={CHECKOUT_SESSION_ID}"),
            ("client_reference_id", "client-1"),
            ("metadata[payment_id]", "p1"),
        ])
    }

    #[test]
    fn a_valid_body_makes_an_open_unpaid_session() {
        let s = create(&valid(), "http://sb", 1000).expect("session");
        assert_eq!(s["amount_total"], 2500);
        assert_eq!(s["currency"], "usd");
        assert_eq!(s["status"], "open");
        assert_eq!(s["payment_status"], "unpaid");
        assert_eq!(s["metadata"]["payment_id"], "p1");
        assert_eq!(s["expires_at"], 1000 + SESSION_TTL_SECS);
        let id = s["id"].as_str().expect("id");
        assert!(id.starts_with("cs_test_"));
        assert_eq!(s["url"], format!("http://sb/c/pay/{id}"));
    }

    #[test]
    fn errors_name_the_param() {
        let mut body = valid();
        body.retain(|(k, _)| k != "line_items[0][price_data][currency]");
        let e = create(&body, "http://sb", 0).expect_err("missing");
        assert_eq!(
            e.param.as_deref(),
            Some("line_items[0][price_data][currency]")
        );
        assert_eq!(e.code, Some("parameter_missing"));
        let mut body = valid();
        body.push(("amount".into(), "5".into()));
        assert_eq!(
            create(&body, "http://sb", 0).expect_err("unknown").code,
            Some("parameter_unknown")
        );
        let mut body = valid();
        body[2].1 = "ten".into();
        assert_eq!(
            create(&body, "http://sb", 0).expect_err("integer").code,
            Some("parameter_invalid_integer")
        );
    }
}
