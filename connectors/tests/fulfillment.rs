//! The fulfilment clients against the providers' stand-ins, over real HTTP on loopback: each
//! provider's credentials, catalogue, exactly-once creates under injected faults, look-ups,
//! cancels, the lifecycle to a shipment, the reconciliation list and signed webhooks.
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use chrono::Utc;
use connectors::fulfillment::{
    Account, Address, FulfillmentClient, FulfillmentConfig, NewItem, NewOrder, PrintFile,
    PrintPosition, ProductQuery, Provider, ProviderError, ProviderOrder, Stage, WebhookError,
    parse_webhook,
};
use sandbox::providers::{self as sb, Faults, ProvidersConfig, ProvidersHandle};

struct World {
    sb: ProvidersHandle,
    client: FulfillmentClient,
}

async fn world() -> World {
    let sb = sb::start(ProvidersConfig::default())
        .await
        .expect("stand-ins");
    let mut config = FulfillmentConfig::sandbox(sb.base_url());
    config.backoff = Duration::from_millis(5);
    config.max_retries = 6;
    config.timeout = Duration::from_secs(10);
    let client = FulfillmentClient::new(config).expect("client");
    World { sb, client }
}

fn theirs(p: Provider) -> sb::Provider {
    sb::Provider::from_slug(p.slug()).expect("the stand-ins serve every provider")
}

impl World {
    fn account_of(&self, p: Provider, a: sb::SandboxAccount) -> Account {
        Account {
            provider: p,
            api_key: a.api_key,
            api_secret: a.api_secret,
            shop_id: a.shop_id,
            base_url: a
                .base_path
                .map(|path| format!("{}{path}", self.sb.base_url())),
        }
    }

    fn account(&self, p: Provider) -> Account {
        self.account_of(p, self.sb.sandbox().account(theirs(p)))
    }

    /// The stand-in's orders carrying `reference`.
    fn held(&self, p: Provider, reference: &str) -> Vec<sb::SandboxOrder> {
        self.sb
            .sandbox()
            .orders(theirs(p))
            .into_iter()
            .filter(|o| o.reference.as_deref() == Some(reference))
            .collect()
    }

    /// The stand-in's record of an order the client read: by the provider's id, or by our
    /// reference where the client addresses orders by it (MangoTee).
    fn held_for(&self, p: Provider, o: &ProviderOrder) -> sb::SandboxOrder {
        self.sb
            .sandbox()
            .orders(theirs(p))
            .into_iter()
            .find(|h| h.id == o.id || (o.reference.is_some() && h.reference == o.reference))
            .unwrap_or_else(|| panic!("{p:?}: the stand-in holds {o:?}"))
    }

    fn no_faults(&self, p: Provider) {
        self.sb
            .sandbox()
            .set_faults(Some(theirs(p)), Faults::default());
    }
}

/// A reference no other test run uses.
fn reference(p: Provider, n: &str) -> String {
    let nanos = Utc::now().timestamp_nanos_opt().unwrap_or_default();
    format!("sd-{}-{n}-{}", p.slug(), nanos % 1_000_000_000_000)
}

fn new_order(reference: &str, sku: &str) -> NewOrder {
    NewOrder {
        reference: reference.to_owned(),
        label: format!("TT-{reference}"),
        address: Address {
            name: "Jane Q Doe".into(),
            phone: Some("+15125550100".into()),
            email: Some("jane@example.com".into()),
            address1: "1 Main St".into(),
            address2: Some("Apt 2".into()),
            city: "Austin".into(),
            state: "TX".into(),
            postal_code: "78701".into(),
            country: "US".into(),
        },
        shipping_method: None,
        label_url: None,
        items: vec![NewItem {
            sku: sku.to_owned(),
            quantity: 1,
            print_files: vec![PrintFile {
                position: PrintPosition::Front,
                url: "https://images.example.com/designs/front.png".into(),
            }],
            mockup_url: Some("https://images.example.com/mockups/front.png".into()),
            name: Some("Unisex Heavy Cotton Tee".into()),
        }],
    }
}

/// A variant of a front-printed product from the first catalogue page, in `create_order`'s
/// SKU form.
async fn a_sku(w: &World, a: &Account) -> String {
    let page = w
        .client
        .products(
            a,
            &ProductQuery {
                page: 1,
                limit: 3,
                search: None,
            },
        )
        .await
        .expect("a catalogue page");
    assert!(!page.products.is_empty(), "{:?} has products", a.provider);
    page.products
        .iter()
        .filter(|p| p.print_areas.is_empty() || p.print_areas.iter().any(|a| a == "front"))
        .flat_map(|p| p.variants.iter())
        .map(|v| v.sku.clone())
        .next()
        .expect("a variant")
}

/// Creates as a job would: again after anything transient, until the provider answers.
async fn create(w: &World, a: &Account, o: &NewOrder) -> ProviderOrder {
    for _ in 0..40 {
        match w.client.create_order(a, o).await {
            Ok(order) => return order,
            Err(e) if e.is_transient() => continue,
            Err(e) => panic!("{:?} refused {}: {e:?}", a.provider, o.reference),
        }
    }
    panic!("{:?} never took {}", a.provider, o.reference)
}

/// Moves the order at the stand-in until the client reads `stage` (or a later one).
async fn walk_to(w: &World, a: &Account, id: &str, stage: Stage) -> ProviderOrder {
    let theirs_id = w
        .held_for(a.provider, &w.client.order(a, id).await.expect("order"))
        .id;
    let rank = |s: Stage| match s {
        Stage::Pending | Stage::OnHold => 0,
        Stage::InProduction => 1,
        Stage::Shipped => 2,
        Stage::Delivered => 3,
        Stage::Cancelled | Stage::Rejected => 9,
    };
    for _ in 0..12 {
        let now = w.client.order(a, id).await.expect("order");
        if rank(now.stage) >= rank(stage) {
            return now;
        }
        assert!(
            w.sb.sandbox().advance(theirs(a.provider), &theirs_id),
            "{:?} order {id} stopped at {}",
            a.provider,
            now.status
        );
    }
    panic!("{:?} order {id} never reached {stage:?}", a.provider)
}

/// Polls `f` until it answers, within a generous bound.
async fn eventually<T>(what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

type Received = Arc<Mutex<Vec<(HeaderMap, Bytes)>>>;

/// A webhook receiver on loopback: answers 200 and keeps each request's headers and exact
/// body.
async fn receiver() -> (String, Received) {
    let got: Received = Arc::default();
    let app = Router::new()
        .route(
            "/hooks",
            post(
                |State(got): State<Received>, headers: HeaderMap, body: Bytes| async move {
                    got.lock().expect("lock").push((headers, body));
                    "ok"
                },
            ),
        )
        .with_state(got.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (format!("http://{addr}/hooks"), got)
}

// ---------------------------------------------------------------- the walk, per provider

async fn credentials(w: &World, p: Provider) {
    let good = w.account(p);
    w.client.verify(&good).await.expect("good credentials");
    assert!(!format!("{good:?}").contains(&good.api_key));

    let mut bad = good.clone();
    bad.api_key = format!("{}-not-it", good.api_key);
    let err = w.client.verify(&bad).await.expect_err("bad credentials");
    assert!(
        matches!(err, ProviderError::Unauthorized(_)),
        "{p:?}: {err:?}"
    );
    for text in [err.to_string(), format!("{err:?}")] {
        assert!(!text.contains(&bad.api_key), "{p:?} error shows the key");
        assert!(!text.contains(w.sb.base_url()), "{p:?} error shows the URL");
    }
}

async fn exactly_once(w: &World, p: Provider, sku: &str) {
    let a = w.account(p);
    // The same reference twice, no faults: one order.
    let r = reference(p, "twice");
    let first = create(w, &a, &new_order(&r, sku)).await;
    let second = create(w, &a, &new_order(&r, sku)).await;
    assert_eq!(
        first.id, second.id,
        "{p:?}: a repeat answers the first order"
    );
    assert_eq!(w.held(p, &r).len(), 1, "{p:?}: one order for {r}");

    // Faults after and before the write, throttling: still one order per reference.
    w.sb.sandbox().set_faults(
        Some(theirs(p)),
        Faults {
            error_rate: 0.2,
            throttle_rate: 0.1,
            fail_after_write_rate: 0.2,
            latency_ms: 0,
        },
    );
    let mut made = Vec::new();
    for n in 0..12 {
        let r = reference(p, &format!("faulty{n}"));
        let o = new_order(&r, sku);
        let order = create(w, &a, &o).await;
        // A delivery of the same job again, after the first one succeeded.
        let again = create(w, &a, &o).await;
        assert_eq!(order.id, again.id);
        made.push((r, order.id));
    }
    w.no_faults(p);
    for (r, id) in &made {
        let held = w.held(p, r);
        assert_eq!(held.len(), 1, "{p:?}: exactly one order for {r}: {held:?}");
        let read = w.client.order(&a, id).await.expect("order");
        assert_eq!(w.held_for(p, &read).id, held[0].id);
    }
    let faults: Vec<_> =
        w.sb.sandbox()
            .ledger()
            .into_iter()
            .filter(|e| e.provider == theirs(p) && e.fault.is_some())
            .collect();
    assert!(!faults.is_empty(), "{p:?}: faults were injected");

    // find_order, both ways.
    let found = w.client.find_order(&a, &r).await.expect("find");
    assert_eq!(found.map(|o| o.id), Some(first.id));
    let missing = w
        .client
        .find_order(&a, &reference(p, "never-made"))
        .await
        .expect("find");
    assert_eq!(missing, None);
}

async fn cancels(w: &World, p: Provider, sku: &str) {
    let a = w.account(p);
    let fresh = create(w, &a, &new_order(&reference(p, "cancel-ok"), sku)).await;
    let cancelled = w.client.cancel_order(&a, &fresh.id).await.expect("cancel");
    assert_eq!(cancelled.stage, Stage::Cancelled, "{p:?}: {cancelled:?}");
    assert_eq!(
        w.client.order(&a, &fresh.id).await.expect("order").stage,
        Stage::Cancelled
    );

    let busy = create(w, &a, &new_order(&reference(p, "cancel-late"), sku)).await;
    let producing = walk_to(w, &a, &busy.id, Stage::InProduction).await;
    match w.client.cancel_order(&a, &busy.id).await {
        Err(ProviderError::NotCancellable { status, .. }) => {
            assert_eq!(status, producing.status, "{p:?}: the provider's status")
        }
        other => panic!("{p:?}: cancel in production answered {other:?}"),
    }
}

async fn ships(w: &World, p: Provider, sku: &str) {
    let a = w.account(p);
    let since = Utc::now() - chrono::Duration::minutes(1);
    let o = create(w, &a, &new_order(&reference(p, "ships"), sku)).await;
    let shipped = walk_to(w, &a, &o.id, Stage::Shipped).await;
    let held = w.held_for(p, &o);
    let shipment = shipped
        .shipments
        .first()
        .unwrap_or_else(|| panic!("{p:?}: a shipped order has its shipment: {shipped:?}"));
    assert_eq!(
        Some(shipment.tracking_number.as_str()),
        held.tracking_number.as_deref()
    );
    assert!(!shipment.carrier.is_empty());
    assert!(shipped.total_cents.is_some_and(|c| c > 0), "{shipped:?}");

    // The reconciliation list holds it.
    let mut seen = Vec::new();
    for page in 1..=50 {
        let got = w
            .client
            .orders_since(&a, since, page)
            .await
            .expect("orders since");
        seen.extend(got.orders.into_iter().map(|o| o.id));
        if !got.has_more {
            break;
        }
    }
    assert!(seen.contains(&o.id), "{p:?}: orders_since lists {}", o.id);
}

async fn webhooks(w: &World, p: Provider, sku: &str) {
    let a = w.account(p);
    let (url, got) = receiver().await;
    let secret = "whsec-test-0123456789";
    let registered = w
        .client
        .register_webhook(&a, &url, secret)
        .await
        .expect("register");
    if !registered {
        // Registered in the provider's dashboard, as the seller would.
        let theirs_account = w.sb.sandbox().account(theirs(p));
        w.sb.sandbox()
            .set_webhook(theirs(p), &theirs_account, &url, secret);
    }
    let o = create(w, &a, &new_order(&reference(p, "hooks"), sku)).await;
    walk_to(w, &a, &o.id, Stage::Shipped).await;

    let about_it = |(headers, body): &(HeaderMap, Bytes)| {
        let event = parse_webhook(p, secret, headers, body).ok()?;
        let ours = event.provider_order_id.as_deref() == Some(o.id.as_str())
            || event.reference.as_deref() == o.reference.as_deref();
        (ours && event.shipment.is_some()).then_some(event)
    };
    let event = eventually("a signed shipment webhook", || {
        got.lock().expect("lock").iter().find_map(about_it)
    })
    .await;
    assert!(
        matches!(event.stage, Some(Stage::Shipped | Stage::Delivered)),
        "{p:?}: {event:?}"
    );

    // The same delivery tampered with, or checked with another secret, is refused.
    let (headers, body) = got.lock().expect("lock")[0].clone();
    let mut tampered = body.to_vec();
    if let Some(at) = tampered.iter().position(|b| b.is_ascii_digit()) {
        tampered[at] = if tampered[at] == b'9' {
            b'8'
        } else {
            tampered[at] + 1
        };
    } else {
        tampered.push(b' ');
    }
    assert_eq!(
        parse_webhook(p, secret, &headers, &tampered),
        Err(WebhookError::BadSignature)
    );
    assert_eq!(
        parse_webhook(p, "another-secret", &headers, &body),
        Err(WebhookError::BadSignature)
    );

    // An impostor's deliveries: each refused, every genuine one taken.
    let forged =
        w.sb.sandbox()
            .resend_webhooks(theirs(p), &w.held_for(p, &o).id, true)
            .await;
    assert!(
        !forged.is_empty(),
        "{p:?}: the stand-in resent the order's webhooks"
    );
    let refused = |got: &[(HeaderMap, Bytes)]| {
        got.iter()
            .filter(|(h, b)| parse_webhook(p, secret, h, b) == Err(WebhookError::BadSignature))
            .count()
    };
    eventually("the forged deliveries", || {
        (refused(&got.lock().expect("lock")) >= forged.len()).then_some(())
    })
    .await;
    assert_eq!(refused(&got.lock().expect("lock")), forged.len());
}

async fn walk(p: Provider) {
    let w = world().await;
    credentials(&w, p).await;
    let a = w.account(p);
    let sku = a_sku(&w, &a).await;
    exactly_once(&w, p, &sku).await;
    cancels(&w, p, &sku).await;
    ships(&w, p, &sku).await;
    webhooks(&w, p, &sku).await;
}

#[tokio::test]
async fn printify() {
    walk(Provider::Printify).await;
}

#[tokio::test]
async fn printify_catalogue() {
    let w = world().await;
    let a = w.account(Provider::Printify);
    let shops = w.client.printify_shops(&a).await.expect("shops");
    assert!(shops.iter().any(|s| Some(&s.id) == a.shop_id.as_ref()));

    let blueprints = w.client.printify_blueprints(&a).await.expect("blueprints");
    let blueprint = blueprints.first().expect("a blueprint");
    let providers = w
        .client
        .printify_print_providers(&a, &blueprint.id)
        .await
        .expect("print providers");
    let provider = providers.first().expect("a print provider");
    let variants = w
        .client
        .printify_variants(&a, &blueprint.id, &provider.id)
        .await
        .expect("variants");
    let variant = variants.first().expect("a variant");
    assert!(variant.placeholders.is_array());

    // products() names the same variant in create_order's form.
    let page = w
        .client
        .products(
            &a,
            &ProductQuery {
                page: 1,
                limit: 1,
                search: Some(blueprint.title.clone()),
            },
        )
        .await
        .expect("products");
    let sku = format!("{}:{}:{}", blueprint.id, provider.id, variant.id);
    assert!(
        page.products[0].variants.iter().any(|v| v.sku == sku),
        "{sku} in {:?}",
        page.products[0]
    );

    // A shop that is not the token's is refused by name.
    let mut other_shop = a.clone();
    other_shop.shop_id = Some("999999999".into());
    match w.client.verify(&other_shop).await {
        Err(ProviderError::Rejected { field, .. }) => assert_eq!(field.as_deref(), Some("shop_id")),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn hmfulfill() {
    walk(Provider::HmFulfill).await;
}

#[tokio::test]
async fn mangotee() {
    walk(Provider::MangoTee).await;
}

#[tokio::test]
async fn mangotee_catalogue() {
    let w = world().await;
    let a = w.account(Provider::MangoTee);
    let lines = w.client.mangotee_product_lines(&a).await.expect("lines");
    let line = lines.first().expect("a production line");
    let products = w
        .client
        .mangotee_products(&a, Some(&line.id), None, 1, 20)
        .await
        .expect("products");
    let product = products.first().expect("a product on the line");
    let variants = w
        .client
        .mangotee_variants(&a, &product.id, &line.id)
        .await
        .expect("variants");
    let variant = variants.first().expect("a variant");
    assert!(!variant.sku.is_empty() && !variant.name.is_empty());

    // A variant's SKU is what an order takes.
    let r = reference(Provider::MangoTee, "catalogue");
    let order = create(&w, &a, &new_order(&r, &variant.sku)).await;
    assert_eq!(order.reference.as_deref(), Some(r.as_str()));
}

#[tokio::test]
async fn gearment() {
    walk(Provider::Gearment).await;
}

#[tokio::test]
async fn merchize() {
    walk(Provider::Merchize).await;
}

#[tokio::test]
async fn lenful() {
    walk(Provider::Lenful).await;
}

/// Two processes calling one account each pace at the account's rate; only through the shared
/// pace do they stay under it together. MangoTee counts 10 a second per account.
#[tokio::test]
async fn processes_sharing_a_pace_stay_under_an_accounts_rate_together() {
    let w = world().await;
    let a = w.account(Provider::MangoTee);
    let redis_url = std::env::var("TEST_REDIS_URL")
        .expect("TEST_REDIS_URL: `. scripts/services.sh start` starts Redis for the tests");
    let prefix = reference(Provider::MangoTee, "pace");
    let mut processes = Vec::new();
    for _ in 0..2 {
        let conn = redis::Client::open(redis_url.as_str())
            .expect("redis url")
            .get_connection_manager()
            .await
            .expect("redis");
        let mut config = FulfillmentConfig::sandbox(w.sb.base_url());
        // A throttled call must show in the ledger, not be hidden by a quick retry.
        config.max_retries = 0;
        processes.push(
            FulfillmentClient::new(config)
                .expect("client")
                .shared_pace(conn, &prefix),
        );
    }
    let calls = processes.iter().flat_map(|client| {
        (0..12).map(|_| {
            let (client, a) = (client.clone(), a.clone());
            tokio::spawn(async move { client.verify(&a).await })
        })
    });
    let calls: Vec<_> = calls.collect();
    for call in calls {
        call.await
            .expect("call")
            .expect("verified, never throttled");
    }
    let throttled =
        w.sb.sandbox()
            .ledger()
            .into_iter()
            .filter(|e| e.provider == theirs(Provider::MangoTee) && e.status == 429)
            .count();
    assert_eq!(
        throttled, 0,
        "the two processes went over the account's rate"
    );
}
