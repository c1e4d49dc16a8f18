//! Card top-ups end to end over HTTP, against the Stripe stand-in: a checkout started, paid on
//! the hosted page and credited once with its TOP_UP transaction; the same event delivered
//! again, one after the other and all at once, credits nothing more; forged, tampered and stale
//! deliveries are refused and change nothing; a late webhook is caught up by reading the
//! payment; amounts, roles and tenancy are checked; no secret reaches an answer or the log.

use std::time::Duration;

use crate::common::*;
use sandbox::stripe::{Forgery, StripeConfig, StripeHandle};
use serde_json::{Value, json};

const CHECKOUT: &str = "mutation($a: Float!) { createTopUpCheckout(amount: $a) { url payment { id amount currency status createdAt paidAt transactionId } } }";
const PAYMENT: &str = "query($id: ID!) { getTopUpPayment(id: $id) { id amount currency status paidAt transactionId } }";

struct Setup {
    s: Server,
    stripe: StripeHandle,
}

impl Setup {
    /// A server whose Stripe is a stand-in in this process, with fresh test secrets, delivering
    /// its events to the server's webhook.
    async fn start() -> Setup {
        let stripe = sandbox::stripe::start(StripeConfig::generated())
            .await
            .expect("start the Stripe sandbox");
        let secret = stripe.sandbox().secret_key();
        let whsec = stripe.sandbox().webhook_secret();
        let s = Server::start_with(&[
            ("STRIPE_SECRET_KEY", secret.as_str()),
            ("STRIPE_WEBHOOK_SECRET", whsec.as_str()),
            ("STRIPE_API_BASE", stripe.base_url()),
        ])
        .await;
        stripe
            .sandbox()
            .set_webhook_url(Some(format!("{}/webhooks/stripe", s.url)));
        Setup { s, stripe }
    }

    /// Starts a top-up of `amount`; answers (payment id, session id, page URL).
    async fn checkout(&self, token: &str, amount: f64) -> (String, String, String) {
        let data = self
            .s
            .ok(CHECKOUT, json!({ "a": amount }), Some(token))
            .await;
        let c = &data["createTopUpCheckout"];
        let url = c["url"].as_str().expect("url").to_owned();
        let payment = c["payment"]["id"].as_str().expect("id").to_owned();
        let session = url.rsplit('/').next().expect("session in url").to_owned();
        (payment, session, url)
    }

    /// The secrets that must never be shown.
    fn secrets(&self) -> [String; 2] {
        [
            self.stripe.sandbox().secret_key(),
            self.stripe.sandbox().webhook_secret(),
        ]
    }
}

async fn client_of(s: &Server, token: &str) -> String {
    s.ok("{ getMe { client { id } } }", json!({}), Some(token))
        .await["getMe"]["client"]["id"]
        .as_str()
        .expect("client")
        .to_owned()
}

async fn balance(s: &Server, client: &str) -> i64 {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query_scalar("SELECT balance_cents FROM client_subscriptions WHERE client_id = $1")
        .bind(client)
        .fetch_one(&mut *conn)
        .await
        .expect("balance")
}

/// (id, amount, content) of the client's TOP_UP transactions.
async fn top_ups(s: &Server, client: &str) -> Vec<(String, i64, String)> {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query_as(
        "SELECT id, amount_cents, content FROM transactions WHERE client_id = $1 AND type = 'TOP_UP' ORDER BY created_at",
    )
    .bind(client)
    .fetch_all(&mut *conn)
    .await
    .expect("transactions")
}

/// The stored status, read without asking Stripe (as getTopUpPayment would).
async fn stored_status(s: &Server, payment: &str) -> String {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query_scalar("SELECT status FROM payments WHERE id = $1")
        .bind(payment)
        .fetch_one(&mut *conn)
        .await
        .expect("payment")
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
}

/// Opens the hosted page and presses "Pay" (posts its form); answers where the payer is sent.
async fn pay_on_page(stripe: &StripeHandle, url: &str) -> String {
    let http = no_redirects();
    let page = http
        .get(url)
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    assert!(page.contains("id=\"pay\""), "no Pay button:\n{page}");
    let action = regex::Regex::new(r#"<form method="post" action="([^"]+)""#)
        .expect("regex")
        .captures(&page)
        .map(|c| c[1].to_owned())
        .unwrap_or_else(|| panic!("no form:\n{page}"));
    let done = http
        .post(format!("{}{}", stripe.base_url(), action))
        .send()
        .await
        .expect("pay");
    assert_eq!(done.status(), 303, "the page sends the payer back");
    done.headers()["location"]
        .to_str()
        .expect("location")
        .to_owned()
}

fn event_of(stripe: &StripeHandle, session: &str, kind: &str) -> String {
    stripe
        .sandbox()
        .events()
        .into_iter()
        .find(|(_, k, body)| k == kind && body["data"]["object"]["id"] == session)
        .map(|(id, _, _)| id)
        .unwrap_or_else(|| panic!("no {kind} event for {session}"))
}

#[tokio::test]
async fn a_top_up_paid_on_the_hosted_page_is_credited_once_however_often_it_is_delivered() {
    let t = Setup::start().await;
    let admin = t.s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let client = client_of(&t.s, &admin).await;
    let before = balance(&t.s, &client).await;
    let before_top_ups = top_ups(&t.s, &client).await.len();

    let res = t.s.gql(CHECKOUT, json!({ "a": 25.5 }), Some(&admin)).await;
    let mut answers = vec![res.to_string()];
    let c = &res["data"]["createTopUpCheckout"];
    assert_eq!(c["payment"]["status"], "PENDING", "{res}");
    assert_eq!(c["payment"]["amount"], 25.5);
    assert_eq!(c["payment"]["currency"], "usd");
    let payment = c["payment"]["id"].as_str().expect("id").to_owned();
    let url = c["url"].as_str().expect("url").to_owned();
    assert!(url.starts_with(t.stripe.base_url()), "{url}");
    let session = url.rsplit('/').next().expect("session").to_owned();

    // Stripe was asked once, with the payment's id as the idempotency key.
    let session_obj = t.stripe.sandbox().session(&session).expect("session");
    assert_eq!(session_obj["amount_total"], 2550);
    assert_eq!(session_obj["client_reference_id"], client.as_str());
    assert_eq!(session_obj["metadata"]["payment_id"], payment.as_str());
    let creates: Vec<_> = t
        .stripe
        .sandbox()
        .ledger()
        .into_iter()
        .filter(|c| c.method == "POST")
        .collect();
    assert_eq!(creates.len(), 1);
    assert_eq!(
        creates[0].idempotency_key.as_deref(),
        Some(payment.as_str())
    );

    // Nothing is credited before the payment.
    assert_eq!(balance(&t.s, &client).await, before);
    let pending =
        t.s.ok(PAYMENT, json!({ "id": payment }), Some(&admin))
            .await;
    assert_eq!(pending["getTopUpPayment"]["status"], "PENDING");

    let back = pay_on_page(&t.stripe, &url).await;
    assert_eq!(
        back,
        format!(
            "{}/subscriptions/add-balance?payment={payment}&session_id={session}",
            t.s.url
        )
    );
    assert_eq!(balance(&t.s, &client).await, before + 2550);
    let credited = top_ups(&t.s, &client).await;
    assert_eq!(credited.len(), before_top_ups + 1);
    let (tx_id, amount, content) = credited.last().expect("top-up").clone();
    assert_eq!(amount, 2550);
    assert!(
        content.contains("Card top-up") && content.contains(&session),
        "{content}"
    );
    let paid =
        t.s.gql(PAYMENT, json!({ "id": payment }), Some(&admin))
            .await;
    answers.push(paid.to_string());
    assert_eq!(paid["data"]["getTopUpPayment"]["status"], "PAID", "{paid}");
    assert_eq!(
        paid["data"]["getTopUpPayment"]["transactionId"],
        tx_id.as_str()
    );
    assert!(paid["data"]["getTopUpPayment"]["paidAt"].is_string());

    // The delivery was taken; then the same event five times more, then ten at once.
    let event = event_of(&t.stripe, &session, "checkout.session.completed");
    let deliveries = t.stripe.sandbox().deliveries();
    assert_eq!(deliveries.len(), 1);
    assert_eq!(deliveries[0].http_status, Some(200));
    for _ in 0..5 {
        assert_eq!(t.stripe.sandbox().redeliver(&event, None).await, Some(200));
    }
    let at_once = futures_join(&t.stripe, &event, 10).await;
    assert!(at_once.iter().all(|s| *s == Some(200)), "{at_once:?}");
    // Pressing Pay again sends the payer back and makes no second event.
    pay_on_page_again(&t.stripe, &session).await;
    assert_eq!(
        t.stripe
            .sandbox()
            .events()
            .iter()
            .filter(|(_, k, _)| k == "checkout.session.completed")
            .count(),
        1
    );
    assert_eq!(balance(&t.s, &client).await, before + 2550, "credited once");
    assert_eq!(top_ups(&t.s, &client).await.len(), before_top_ups + 1);
    assert_eq!(stored_status(&t.s, &payment).await, "PAID");

    // A second top-up is a second payment, credited on its own.
    let (second, _, url2) = t.checkout(&admin, 10.0).await;
    pay_on_page(&t.stripe, &url2).await;
    assert_eq!(balance(&t.s, &client).await, before + 3550);
    assert_eq!(stored_status(&t.s, &second).await, "PAID");

    for secret in t.secrets() {
        for answer in &answers {
            assert!(!answer.contains(&secret), "a secret in an answer: {answer}");
        }
        assert!(!t.s.log().contains(&secret), "a secret in the log");
    }
}

/// Delivers `event` `n` times at once.
async fn futures_join(stripe: &StripeHandle, event: &str, n: usize) -> Vec<Option<u16>> {
    let mut tasks = Vec::new();
    for _ in 0..n {
        let sb = stripe.sandbox().clone();
        let event = event.to_owned();
        tasks.push(tokio::spawn(
            async move { sb.redeliver(&event, None).await },
        ));
    }
    let mut out = Vec::new();
    for task in tasks {
        out.push(task.await.expect("delivery task"));
    }
    out
}

async fn pay_on_page_again(stripe: &StripeHandle, session: &str) {
    let done = no_redirects()
        .post(format!("{}/c/pay/{session}", stripe.base_url()))
        .send()
        .await
        .expect("pay again");
    assert_eq!(done.status(), 303);
}

#[tokio::test]
async fn forged_tampered_and_stale_deliveries_are_refused_and_change_nothing() {
    let t = Setup::start().await;
    let admin = t.s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let client = client_of(&t.s, &admin).await;
    let before = balance(&t.s, &client).await;
    let before_top_ups = top_ups(&t.s, &client).await.len();
    let (payment, session, _) = t.checkout(&admin, 40.0).await;
    // Paid while the endpoint is away: the event waits in the stand-in.
    t.stripe.sandbox().set_webhook_url(None);
    let event = t.stripe.sandbox().pay(&session).await.expect("paid");
    t.stripe
        .sandbox()
        .set_webhook_url(Some(format!("{}/webhooks/stripe", t.s.url)));

    for forgery in [Forgery::WrongSecret, Forgery::TamperedBody, Forgery::Stale] {
        assert_eq!(
            t.stripe.sandbox().redeliver(&event, Some(forgery)).await,
            Some(400),
            "{forgery:?}"
        );
    }
    // No signature at all, and a signature over another body.
    let (_, _, body) = t
        .stripe
        .sandbox()
        .events()
        .into_iter()
        .find(|(id, _, _)| *id == event)
        .expect("event");
    let raw = serde_json::to_vec(&body).expect("body");
    let http = reqwest::Client::new();
    let unsigned = http
        .post(format!("{}/webhooks/stripe", t.s.url))
        .header("content-type", "application/json")
        .body(raw.clone())
        .send()
        .await
        .expect("unsigned");
    assert_eq!(unsigned.status(), 400);
    let now = chrono::Utc::now().timestamp();
    let other = sandbox::stripe::signature_header(
        &t.stripe.sandbox().webhook_secret(),
        now,
        br#"{"id":"evt_other"}"#,
    );
    let mismatched = http
        .post(format!("{}/webhooks/stripe", t.s.url))
        .header("Stripe-Signature", other)
        .body(raw.clone())
        .send()
        .await
        .expect("mismatched");
    assert_eq!(mismatched.status(), 400);

    assert_eq!(balance(&t.s, &client).await, before, "nothing credited");
    assert_eq!(top_ups(&t.s, &client).await.len(), before_top_ups);
    assert_eq!(stored_status(&t.s, &payment).await, "PENDING");
    let log = t.s.log();
    assert!(
        log.contains("Stripe webhook refused"),
        "refusals are logged"
    );
    for secret in t.secrets() {
        assert!(!log.contains(&secret), "a secret in the log");
    }

    // The genuine delivery is taken, once.
    assert_eq!(t.stripe.sandbox().redeliver(&event, None).await, Some(200));
    assert_eq!(t.stripe.sandbox().redeliver(&event, None).await, Some(200));
    assert_eq!(balance(&t.s, &client).await, before + 4000);
    assert_eq!(top_ups(&t.s, &client).await.len(), before_top_ups + 1);
    assert_eq!(stored_status(&t.s, &payment).await, "PAID");
}

#[tokio::test]
async fn a_late_webhook_is_caught_up_by_reading_the_payment_and_an_expired_checkout_shows() {
    let t = Setup::start().await;
    let admin = t.s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let client = client_of(&t.s, &admin).await;
    let before = balance(&t.s, &client).await;
    let (payment, session, _) = t.checkout(&admin, 12.34).await;
    t.stripe.sandbox().set_webhook_url(None);
    let event = t.stripe.sandbox().pay(&session).await.expect("paid");
    assert_eq!(stored_status(&t.s, &payment).await, "PENDING");
    let read =
        t.s.ok(PAYMENT, json!({ "id": payment }), Some(&admin))
            .await;
    assert_eq!(read["getTopUpPayment"]["status"], "PAID");
    assert_eq!(balance(&t.s, &client).await, before + 1234);
    // The webhook, arriving at last, finds it done.
    t.stripe
        .sandbox()
        .set_webhook_url(Some(format!("{}/webhooks/stripe", t.s.url)));
    assert_eq!(t.stripe.sandbox().redeliver(&event, None).await, Some(200));
    assert_eq!(balance(&t.s, &client).await, before + 1234);

    let (lapsed, lapsed_session, url) = t.checkout(&admin, 20.0).await;
    t.stripe
        .sandbox()
        .expire(&lapsed_session)
        .await
        .expect("expired");
    assert_eq!(stored_status(&t.s, &lapsed).await, "EXPIRED");
    let read = t.s.ok(PAYMENT, json!({ "id": lapsed }), Some(&admin)).await;
    assert_eq!(read["getTopUpPayment"]["status"], "EXPIRED");
    let page = reqwest::get(&url)
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    assert!(
        !page.contains("id=\"pay\""),
        "an expired session cannot be paid"
    );
    assert_eq!(balance(&t.s, &client).await, before + 1234);
}

#[tokio::test]
async fn amounts_roles_and_tenancy_are_checked_before_stripe_is_asked() {
    let t = Setup::start().await;
    let admin = t.s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    for bad in [4.99, 0.0, -5.0, 10_000.01, 12.345] {
        let res = t.s.gql(CHECKOUT, json!({ "a": bad }), Some(&admin)).await;
        assert_eq!(code(&res), "BAD_USER_INPUT", "{bad}: {res}");
        assert_eq!(field(&res), "amount", "{bad}: {res}");
    }
    let staff = t.s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let res = t.s.gql(CHECKOUT, json!({ "a": 20.0 }), Some(&staff)).await;
    assert_eq!(code(&res), "FORBIDDEN", "{res}");
    let root = t.s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let res = t.s.gql(CHECKOUT, json!({ "a": 20.0 }), Some(&root)).await;
    assert_eq!(code(&res), "FORBIDDEN", "{res}");
    let res = t.s.gql(CHECKOUT, json!({ "a": 20.0 }), None).await;
    assert_eq!(code(&res), "UNAUTHENTICATED", "{res}");
    assert!(
        t.stripe.sandbox().ledger().is_empty(),
        "nothing refused reached Stripe"
    );

    let (payment, _, _) = t.checkout(&admin, 20.0).await;
    let res =
        t.s.gql(PAYMENT, json!({ "id": payment }), Some(&staff))
            .await;
    assert_eq!(code(&res), "FORBIDDEN", "{res}");
    let other = new_client(&t.s, "other-pay", "owner@other-pay.test").await;
    let res =
        t.s.gql(PAYMENT, json!({ "id": payment }), Some(&other))
            .await;
    assert_eq!(code(&res), "NOT_FOUND", "another client's payment: {res}");
    let res =
        t.s.gql(PAYMENT, json!({ "id": "cs_test_x" }), Some(&admin))
            .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");

    // Stripe failing answers UPSTREAM_ERROR without its address or the key.
    t.stripe.sandbox().set_faults(sandbox::stripe::Faults {
        error_rate: 1.0,
        ..Default::default()
    });
    let res: Value = t.s.gql(CHECKOUT, json!({ "a": 20.0 }), Some(&admin)).await;
    assert_eq!(code(&res), "UPSTREAM_ERROR", "{res}");
    let text = res.to_string();
    assert!(!text.contains(t.stripe.base_url()), "{text}");
    for secret in t.secrets() {
        assert!(!text.contains(&secret), "{text}");
    }
}

#[tokio::test]
async fn the_demo_pays_on_its_own_stripe_sandbox_with_generated_secrets() {
    // No STRIPE_* variables: demo mode runs the stand-in in the server's process.
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let client = client_of(&s, &admin).await;
    let before = balance(&s, &client).await;
    let data = s.ok(CHECKOUT, json!({ "a": 15.0 }), Some(&admin)).await;
    let url = data["createTopUpCheckout"]["url"]
        .as_str()
        .expect("url")
        .to_owned();
    let payment = data["createTopUpCheckout"]["payment"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let base = url.split("/c/pay/").next().expect("base").to_owned();
    let http = no_redirects();
    let page = http
        .get(&url)
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    assert!(page.contains("id=\"pay\""), "{page}");
    let session = url.rsplit('/').next().expect("session");
    let done = http
        .post(format!("{base}/c/pay/{session}"))
        .send()
        .await
        .expect("pay");
    assert_eq!(done.status(), 303);
    assert_eq!(balance(&s, &client).await, before + 1500);
    assert_eq!(stored_status(&s, &payment).await, "PAID");
    // The sandbox's control route re-delivers the event: still credited once.
    let events: Value = http
        .get(format!("{base}/__sandbox/stripe/events"))
        .send()
        .await
        .expect("events")
        .json()
        .await
        .expect("json");
    let event = events["data"][0]["id"].as_str().expect("event id");
    let again: Value = http
        .post(format!("{base}/__sandbox/stripe/events/{event}/redeliver"))
        .send()
        .await
        .expect("redeliver")
        .json()
        .await
        .expect("json");
    assert_eq!(again["http_status"], 200, "{again}");
    let forged: Value = http
        .post(format!(
            "{base}/__sandbox/stripe/events/{event}/redeliver?forgery=wrong_secret"
        ))
        .send()
        .await
        .expect("forged")
        .json()
        .await
        .expect("json");
    assert_eq!(forged["http_status"], 400, "{forged}");
    assert_eq!(balance(&s, &client).await, before + 1500);
    // The generated secrets are not printed (only that a sandbox runs).
    let log = s.log();
    assert!(log.contains("Stripe          sandbox at"), "{log}");
    assert!(
        !log.contains("sk_test_") && !log.contains("whsec_"),
        "{log}"
    );
}
