//! Fulfilment end to end over HTTP, against the providers' and TikTok's stand-ins: accounts
//! checked and sealed, an order sent once with its SKU mapped and remembered, its tracking read
//! (webhook or cron) and written back to the marketplace once, cancel allowed and refused, a
//! forged webhook refused, a planted drift found, tenancy and STAFF scoping.

use std::time::Duration;

use crate::common::*;
use sandbox::providers::Provider;
use serde_json::{Value, json};
use sqlx::Row;

const PROVIDER: &str = "mutation($i: CreateFulfillmentProviderInput!) { createFulfillmentProvider(input: $i) { id provider name shopId createdAt } }";
const PROVIDERS: &str = "{ getFulfillmentProviders { id provider name shopId } }";
const PRODUCTS: &str = "query($p: ID!) { getFulfillmentProducts(providerId: $p, filter: { limit: 5 }) { items { id name variants { sku cost } } pageInfo { totalCount } } }";
const CREATE: &str = "mutation($i: CreateFulfillmentOrderInput!) { createFulfillmentOrder(input: $i) { id status submission items { fulfillmentSku productName } } }";
const ONE: &str = "query($id: ID!) { getFulfillmentOrderById(orderId: $id) { id status submission error externalId providerStatus trackingNumber trackingCompany trackingUrl totalAmount shippedBackAt shipBackError provider { id provider } order { id externalOrderId } events { source toStatus note } } }";
const REMOVE: &str = "mutation($id: ID!) { removeFulfillmentOrder(orderId: $id) }";

/// Fast tracking rounds, so a test does not wait for the five-minute cron.
/// The tracking schedule every two seconds, asking about an order at most every second.
const FAST_TRACKING: [(&str, &str); 2] = [
    ("CRON_FULFILLMENT_TRACK", "*/2 * * * * *"),
    ("FULFILLMENT_POLL_SECS", "1"),
];

struct Shop {
    id: String,
    external: String,
}

async fn connected_shop(s: &Server, admin: &str, name: &str) -> Shop {
    let id = connect_tiktok_shop(s, admin, name).await;
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let external: String = sqlx::query_scalar("SELECT external_shop_id FROM shops WHERE id = $1")
        .bind(&id)
        .fetch_one(&mut *conn)
        .await
        .expect("shop row");
    Shop { id, external }
}

/// Places one seller-shipped order awaiting shipment in the sandbox and syncs it; answers
/// (our order id, its item id).
async fn order_of(s: &Server, admin: &str, shop: &Shop, product: &str) -> (String, String) {
    let external = s.sandbox().place_order(
        &shop.external,
        &sandbox::tiktok::NewOrder {
            status: "AWAITING_SHIPMENT".into(),
            units: vec![(
                "7300000000000001".into(),
                "7200000000000001".into(),
                product.into(),
                "24.00".into(),
            )],
            shipping_fee: "4.99".into(),
            shipping_type: "SELLER".into(),
        },
    );
    let found = wait_for(Duration::from_secs(60), || async {
        let data = s
            .ok(
                "query($f: OrderFilter) { getOrders(filter: $f) { items { id externalOrderId items { id } } } }",
                json!({ "f": { "search": external } }),
                Some(admin),
            )
            .await;
        let o = data["getOrders"]["items"].get(0)?.clone();
        Some((
            o["id"].as_str()?.to_owned(),
            o["items"][0]["id"].as_str()?.to_owned(),
        ))
    })
    .await;
    match found {
        Some(f) => f,
        None => {
            // The webhook pull may lag; a sync brings it for sure.
            s.ok(
                "mutation($id: ID!) { syncShop(id: $id) { batchId } }",
                json!({ "id": shop.id }),
                Some(admin),
            )
            .await;
            wait_for(Duration::from_secs(60), || async {
                let data = s
                    .ok(
                        "query($f: OrderFilter) { getOrders(filter: $f) { items { id items { id } } } }",
                        json!({ "f": { "search": external } }),
                        Some(admin),
                    )
                    .await;
                let o = data["getOrders"]["items"].get(0)?.clone();
                Some((
                    o["id"].as_str()?.to_owned(),
                    o["items"][0]["id"].as_str()?.to_owned(),
                ))
            })
            .await
            .unwrap_or_else(|| panic!("order {external} never synced; log:\n{}", tail(&s.log(), 40)))
        }
    }
}

/// Connects the sandbox's seeded account of `provider`; answers our account id.
async fn connect_provider(s: &Server, admin: &str, provider: Provider) -> String {
    let a = s.providers().account(provider);
    let kind = match provider {
        Provider::Printify => "PRINTIFY",
        Provider::Gearment => "GEARMENT",
        Provider::Merchize => "MERCHIZE",
        Provider::Lenful => "LENFUL",
        Provider::HmFulfill => "HMFULFILL",
        Provider::MangoTee => "MANGO_TEE",
    };
    let base = a
        .base_path
        .as_ref()
        .map(|p| format!("{}{p}", s.providers.base_url()));
    let data = s
        .ok(
            PROVIDER,
            json!({ "i": { "provider": kind, "name": format!("{kind} test"), "apiKey": a.api_key,
                "apiSecret": a.api_secret, "shopId": a.shop_id, "baseUrl": base } }),
            Some(admin),
        )
        .await;
    data["createFulfillmentProvider"]["id"]
        .as_str()
        .expect("provider id")
        .to_owned()
}

/// A variant SKU the provider's catalogue offers.
async fn a_sku(s: &Server, admin: &str, provider_id: &str) -> String {
    let data = s
        .ok(PRODUCTS, json!({ "p": provider_id }), Some(admin))
        .await;
    data["getFulfillmentProducts"]["items"][0]["variants"][0]["sku"]
        .as_str()
        .unwrap_or_else(|| panic!("no variant in {data}"))
        .to_owned()
}

async fn one(s: &Server, token: &str, id: &str) -> Value {
    s.ok(ONE, json!({ "id": id }), Some(token)).await["getFulfillmentOrderById"].clone()
}

async fn wait_order<F: Fn(&Value) -> bool>(
    s: &Server,
    token: &str,
    id: &str,
    what: &str,
    f: F,
) -> Value {
    wait_for(Duration::from_secs(90), || async {
        let o = one(s, token, id).await;
        f(&o).then_some(o)
    })
    .await
    .unwrap_or_else(|| {
        panic!(
            "fulfilment order {id} never {what}; log:\n{}",
            tail(&s.log(), 60)
        )
    })
}

fn send(order_id: &str, provider_id: &str, item_id: &str, sku: &str) -> Value {
    json!({ "i": { "orderId": order_id, "providerId": provider_id, "items": [{
        "orderItemId": item_id, "fulfillmentSku": sku, "quantity": 1,
        "designFrontUrl": "https://designs.example.com/cat-front.png" }] } })
}

/// The provider's copy of one of our fulfilment orders (found by our reference).
fn theirs(s: &Server, provider: Provider, reference: &str) -> sandbox::providers::SandboxOrder {
    let mut found: Vec<_> = s
        .providers()
        .orders(provider)
        .into_iter()
        .filter(|o| o.reference.as_deref() == Some(reference))
        .collect();
    assert_eq!(found.len(), 1, "exactly one provider order for {reference}");
    found.remove(0)
}

/// Moves the provider's order on until it ships.
async fn ship_at_provider(s: &Server, provider: Provider, reference: &str) {
    for _ in 0..10 {
        let o = theirs(s, provider, reference);
        if o.tracking_number.is_some() {
            return;
        }
        s.providers().advance(provider, &o.id);
    }
    panic!("the provider's order for {reference} never shipped");
}

#[tokio::test]
async fn providers_are_checked_sealed_admin_only_and_removed_only_when_idle() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let a = s.providers().account(Provider::Printify);

    // Wrong credentials are refused by the provider, and nothing is stored.
    let res = s
        .gql(
            PROVIDER,
            json!({ "i": { "provider": "PRINTIFY", "apiKey": "not-a-token", "shopId": a.shop_id } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    assert_eq!(field(&res), "apiKey", "{res}");
    assert!(!res.to_string().contains("not-a-token"), "{res}");
    // Printify needs its shop id.
    let res = s
        .gql(
            PROVIDER,
            json!({ "i": { "provider": "PRINTIFY", "apiKey": a.api_key } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        (code(&res).as_str(), field(&res).as_str()),
        ("BAD_USER_INPUT", "shopId")
    );
    // Gearment needs its secret.
    let res = s
        .gql(
            PROVIDER,
            json!({ "i": { "provider": "GEARMENT", "apiKey": "k" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        (code(&res).as_str(), field(&res).as_str()),
        ("BAD_USER_INPUT", "apiSecret")
    );
    let listed = s.ok(PROVIDERS, json!({}), Some(&admin)).await;
    assert_eq!(listed["getFulfillmentProviders"], json!([]), "{listed}");

    // STAFF may not connect one.
    let res = s
        .gql(
            PROVIDER,
            json!({ "i": { "provider": "PRINTIFY", "apiKey": a.api_key, "shopId": a.shop_id } }),
            Some(&staff),
        )
        .await;
    assert_eq!(code(&res), "FORBIDDEN", "{res}");

    // Right ones are kept sealed: no answer carries them, the row holds no plain text.
    let id = connect_provider(&s, &admin, Provider::Printify).await;
    let listed = s.ok(PROVIDERS, json!({}), Some(&admin)).await;
    assert_eq!(listed["getFulfillmentProviders"][0]["provider"], "PRINTIFY");
    assert!(!listed.to_string().contains(&a.api_key));
    let db = database(&s).await;
    let mut conn = db.conn().await.expect("conn");
    let sealed: String =
        sqlx::query_scalar("SELECT api_key_encrypted FROM fulfillment_providers WHERE id = $1")
            .bind(&id)
            .fetch_one(&mut *conn)
            .await
            .expect("row");
    assert!(!sealed.contains(&a.api_key));
    drop(conn);
    assert!(
        !s.log().contains(&a.api_key),
        "a credential reached the log"
    );

    // Its catalogue is read through it.
    let sku = a_sku(&s, &admin, &id).await;
    assert!(!sku.is_empty());
    let blueprints = s
        .ok(
            "{ getPrintifyBlueprints { id title } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert!(
        !blueprints["getPrintifyBlueprints"]
            .as_array()
            .expect("blueprints")
            .is_empty()
    );

    // Removed when idle; a second removal is NOT_FOUND.
    let removed = s
        .ok(
            "mutation($id: ID!) { removeFulfillmentProvider(providerId: $id) }",
            json!({ "id": id }),
            Some(&admin),
        )
        .await;
    assert_eq!(removed["removeFulfillmentProvider"], true);
    let res = s
        .gql(
            "mutation($id: ID!) { removeFulfillmentProvider(providerId: $id) }",
            json!({ "id": id }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
}

#[tokio::test]
async fn an_order_goes_once_ships_and_its_tracking_reaches_the_marketplace_once() {
    let s = Server::start_with(&FAST_TRACKING).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected_shop(&s, &admin, "Fulfilment Shop").await;
    let (order_id, item_id) = order_of(&s, &admin, &shop, "Cat Mom Ceramic Mug").await;
    let provider_id = connect_provider(&s, &admin, Provider::MangoTee).await;
    let sku = a_sku(&s, &admin, &provider_id).await;

    // A missing mapping names the item.
    let res = s
        .gql(
            CREATE,
            send(&order_id, &provider_id, &item_id, " "),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    assert_eq!(field(&res), "items.0.fulfillmentSku", "{res}");
    assert!(message(&res).contains("Cat Mom Ceramic Mug"), "{res}");
    // An item of another order is refused.
    let res = s
        .gql(
            CREATE,
            send(&order_id, &provider_id, "not-an-item", &sku),
            Some(&admin),
        )
        .await;
    assert_eq!(field(&res), "items.0.orderItemId", "{res}");

    let created = s
        .ok(
            CREATE,
            send(&order_id, &provider_id, &item_id, &sku),
            Some(&admin),
        )
        .await["createFulfillmentOrder"]
        .clone();
    assert_eq!(created["status"], "CREATED");
    assert_eq!(created["items"][0]["productName"], "Cat Mom Ceramic Mug");
    let id = created["id"].as_str().expect("id").to_owned();
    let sent = wait_order(&s, &admin, &id, "submitted", |o| {
        o["submission"] == "SUBMITTED"
    })
    .await;
    let external = sent["externalId"].as_str().expect("provider id").to_owned();
    assert!(
        sent["totalAmount"].as_f64().is_some_and(|t| t > 0.0),
        "{sent}"
    );
    let theirs: Vec<_> = s
        .providers()
        .orders(Provider::MangoTee)
        .into_iter()
        .filter(|o| o.reference.as_deref() == Some(id.as_str()))
        .collect();
    assert_eq!(theirs.len(), 1, "one order at the provider");
    // The marketplace order is with the provider now, and costs what the provider charges.
    let order = s
        .ok(
            "query($id: ID!) { getOrderById(orderId: $id) { status } }",
            json!({ "id": order_id }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        order["getOrderById"]["status"], "AWAITING_SHIPMENT",
        "{order}"
    );

    // The mapping is remembered for the next order of this SKU.
    let mappings = s
        .ok(
            "query($p: ID!, $ids: [ID!]!) { getFulfillmentSkuMappings(providerId: $p, orderItemIds: $ids) { orderItemId fulfillmentSku designFrontUrl fromTemplate } }",
            json!({ "p": provider_id, "ids": [item_id] }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        mappings["getFulfillmentSkuMappings"][0]["fulfillmentSku"], sku,
        "{mappings}"
    );
    // The same item to the same provider again is a conflict.
    let res = s
        .gql(
            CREATE,
            send(&order_id, &provider_id, &item_id, &sku),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "CONFLICT", "{res}");

    // A forged webhook is refused.
    let forged = reqwest::Client::new()
        .post(format!("{}/webhooks/fulfillment/{provider_id}", s.url))
        .header("content-type", "application/json")
        .header("x-signature", "00".repeat(32))
        .body(json!({ "event": "order.shipment", "order_id": external }).to_string())
        .send()
        .await
        .expect("webhook");
    assert_eq!(forged.status(), 401);

    // The provider ships: tracking is read and written back to TikTok once.
    ship_at_provider(&s, Provider::MangoTee, &id).await;
    let shipped = wait_order(&s, &admin, &id, "written back", |o| {
        o["status"] == "IN_TRANSIT" && o["shippedBackAt"].is_string()
    })
    .await;
    assert!(shipped["trackingNumber"].is_string(), "{shipped}");
    let shipments: Vec<_> = s
        .sandbox()
        .shipments()
        .into_iter()
        .filter(|p| p.tracking_number == shipped["trackingNumber"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(shipments.len(), 1, "one package at TikTok");
    let order = s
        .ok(
            "query($id: ID!) { getOrderById(orderId: $id) { status } }",
            json!({ "id": order_id }),
            Some(&admin),
        )
        .await;
    assert!(
        matches!(
            order["getOrderById"]["status"].as_str(),
            Some("FULFILLED" | "IN_TRANSIT")
        ),
        "{order}"
    );
    // Another tracking round changes nothing: still one package.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        s.sandbox()
            .shipments()
            .iter()
            .filter(|p| Some(p.tracking_number.as_str()) == shipped["trackingNumber"].as_str())
            .count(),
        1
    );
    // An account with an open order is not removed.
    let res = s
        .gql(
            "mutation($id: ID!) { removeFulfillmentProvider(providerId: $id) }",
            json!({ "id": provider_id }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "CONFLICT", "{res}");
    // The timeline has each step.
    let events: Vec<String> = shipped["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["toStatus"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(events.first().map(String::as_str), Some("CREATED"));
    assert!(events.contains(&"IN_TRANSIT".to_owned()), "{events:?}");
}

/// With the product's own schedule (a read 15 minutes after the create at the earliest), the
/// provider's signed webhooks alone take the order to the marketplace: applied as they stand,
/// the provider is never asked about the order after its create.
#[tokio::test]
async fn signed_webhooks_are_applied_as_they_stand_without_asking_the_provider() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected_shop(&s, &admin, "Webhook Shop").await;
    let (order_id, item_id) = order_of(&s, &admin, &shop, "Cat Mom Ceramic Mug").await;
    let provider_id = connect_provider(&s, &admin, Provider::MangoTee).await;
    let sku = a_sku(&s, &admin, &provider_id).await;
    let created = s
        .ok(
            CREATE,
            send(&order_id, &provider_id, &item_id, &sku),
            Some(&admin),
        )
        .await;
    let id = created["createFulfillmentOrder"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    wait_order(&s, &admin, &id, "submitted", |o| {
        o["submission"] == "SUBMITTED"
    })
    .await;
    let external = theirs(&s, Provider::MangoTee, &id).id;
    let reads_before = reads_of(&s, &external);

    ship_at_provider(&s, Provider::MangoTee, &id).await;
    let shipped = wait_order(&s, &admin, &id, "written back", |o| {
        o["status"] == "IN_TRANSIT" && o["shippedBackAt"].is_string()
    })
    .await;
    assert_eq!(
        shipped["trackingNumber"].as_str(),
        theirs(&s, Provider::MangoTee, &id)
            .tracking_number
            .as_deref(),
        "{shipped}"
    );
    let moved_by = shipped["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["toStatus"] == "IN_TRANSIT")
        .map(|e| e["source"].clone());
    assert_eq!(moved_by, Some(json!("WEBHOOK")), "{shipped}");
    // Delivered is news too, and comes the same way.
    s.providers().advance(Provider::MangoTee, &external);
    wait_order(&s, &admin, &id, "delivered", |o| o["status"] == "COMPLETED").await;
    assert_eq!(
        reads_of(&s, &external),
        reads_before,
        "the provider was asked about an order its webhooks reported"
    );
}

/// Printify answers a create with an id alone: the orders are recorded at once, and their
/// totals (what the marketplace order costs) arrive with the schedule's next round, which reads
/// an account with several orders due through its order list, not order by order.
#[tokio::test]
async fn several_orders_of_an_account_are_read_through_its_list_and_take_their_totals() {
    let s = Server::start_with(&FAST_TRACKING).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected_shop(&s, &admin, "Listing Shop").await;
    let provider_id = connect_provider(&s, &admin, Provider::Printify).await;
    let sku = a_sku(&s, &admin, &provider_id).await;
    let mut ours = Vec::new();
    for product in [
        "Retro Sunset Graphic Tee",
        "Mountain Line Art Hoodie",
        "Botanical Throw Pillow",
    ] {
        let (order_id, item_id) = order_of(&s, &admin, &shop, product).await;
        let created = s
            .ok(
                CREATE,
                send(&order_id, &provider_id, &item_id, &sku),
                Some(&admin),
            )
            .await;
        let id = created["createFulfillmentOrder"]["id"]
            .as_str()
            .expect("id")
            .to_owned();
        ours.push((id, order_id));
    }
    for (id, order_id) in &ours {
        let costed = wait_order(&s, &admin, id, "its total", |o| {
            o["totalAmount"].as_f64().is_some_and(|t| t > 0.0)
        })
        .await;
        let theirs = theirs(&s, Provider::Printify, id);
        assert_eq!(
            costed["totalAmount"].as_f64(),
            Some(theirs.total_cents as f64 / 100.0),
            "{costed}"
        );
        assert_eq!(reads_of(&s, &theirs.id), 0, "read one by one: {costed}");
        // The marketplace order costs what the provider charges.
        let order = s
            .ok(
                "query($id: ID!) { getOrderById(orderId: $id) { profit { fulfillmentCost } } }",
                json!({ "id": order_id }),
                Some(&admin),
            )
            .await;
        assert_eq!(
            order["getOrderById"]["profit"]["fulfillmentCost"].as_f64(),
            costed["totalAmount"].as_f64(),
            "{order}"
        );
    }
}

/// Reads of one order at the provider (`GET …/orders/{id}`), as its ledger counts them.
fn reads_of(s: &Server, external: &str) -> usize {
    s.providers()
        .ledger()
        .iter()
        .filter(|e| e.method == "GET" && e.path.ends_with(&format!("/{external}")))
        .count()
}

#[tokio::test]
async fn cancel_goes_to_the_provider_while_it_allows() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected_shop(&s, &admin, "Cancel Shop").await;
    let provider_id = connect_provider(&s, &admin, Provider::HmFulfill).await;
    let sku = a_sku(&s, &admin, &provider_id).await;

    let (first, first_item) = order_of(&s, &admin, &shop, "Retro Sunset Tee").await;
    let id = s
        .ok(
            CREATE,
            send(&first, &provider_id, &first_item, &sku),
            Some(&admin),
        )
        .await["createFulfillmentOrder"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let sent = wait_order(&s, &admin, &id, "submitted", |o| {
        o["submission"] == "SUBMITTED"
    })
    .await;
    let removed = s.ok(REMOVE, json!({ "id": id }), Some(&admin)).await;
    assert_eq!(removed["removeFulfillmentOrder"], true);
    assert_eq!(one(&s, &admin, &id).await["status"], "CANCELLED");
    let theirs = s
        .providers()
        .order(
            Provider::HmFulfill,
            sent["externalId"].as_str().expect("ext"),
        )
        .expect("at the provider");
    assert_eq!(theirs.status, "cancelled");
    // Cancelled once is final.
    let res = s.gql(REMOVE, json!({ "id": id }), Some(&admin)).await;
    assert_eq!(code(&res), "CONFLICT", "{res}");
    // Its item may go again.
    let again = s
        .gql(
            CREATE,
            send(&first, &provider_id, &first_item, &sku),
            Some(&admin),
        )
        .await;
    assert!(again["errors"].is_null(), "{again}");

    // In production, the provider refuses: CONFLICT with its status, nothing changes here.
    let (second, second_item) = order_of(&s, &admin, &shop, "Mountain Hoodie").await;
    let id = s
        .ok(
            CREATE,
            send(&second, &provider_id, &second_item, &sku),
            Some(&admin),
        )
        .await["createFulfillmentOrder"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let sent = wait_order(&s, &admin, &id, "submitted", |o| {
        o["submission"] == "SUBMITTED"
    })
    .await;
    let external = sent["externalId"].as_str().expect("ext").to_owned();
    assert!(s.providers().advance(Provider::HmFulfill, &external));
    let res = s.gql(REMOVE, json!({ "id": id }), Some(&admin)).await;
    assert_eq!(code(&res), "CONFLICT", "{res}");
    assert!(message(&res).contains("in_production"), "{res}");
    assert_eq!(one(&s, &admin, &id).await["status"], "CREATED");
}

#[tokio::test]
async fn reconciliation_finds_a_planted_drift_and_tells_the_admins() {
    let s = Server::start_with(&[("CRON_FULFILLMENT_RECONCILE", "*/2 * * * * *")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    connect_provider(&s, &admin, Provider::Printify).await;
    let account = s.providers().account(Provider::Printify);
    let planted = s.providers().plant_order(Provider::Printify, &account);
    let found = wait_for(Duration::from_secs(60), || async {
        let data = s
            .ok(
                "{ getFulfillmentDrifts { kind providerOrderId detail } }",
                json!({}),
                Some(&admin),
            )
            .await;
        data["getFulfillmentDrifts"]
            .as_array()?
            .iter()
            .find(|d| d["providerOrderId"] == planted.as_str())
            .cloned()
    })
    .await
    .unwrap_or_else(|| {
        panic!(
            "the planted order was not found; log:\n{}",
            tail(&s.log(), 40)
        )
    });
    assert_eq!(found["kind"], "UNKNOWN_AT_SELLERDESK");
    let mailed = wait_for(Duration::from_secs(30), || async {
        s.mails()
            .into_iter()
            .find(|m| m.contains("orders to check"))
    })
    .await;
    assert!(mailed.is_some(), "the admins were not told");
    // STAFF do not see the monitors' findings.
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let res = s
        .gql("{ getFulfillmentDrifts { kind } }", json!({}), Some(&staff))
        .await;
    assert_eq!(code(&res), "FORBIDDEN", "{res}");
}

#[tokio::test]
async fn another_clients_and_unassigned_shops_fulfilment_is_not_found() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected_shop(&s, &admin, "Tenancy Shop").await;
    let provider_id = connect_provider(&s, &admin, Provider::MangoTee).await;
    let sku = a_sku(&s, &admin, &provider_id).await;
    let (order_id, item_id) = order_of(&s, &admin, &shop, "Botanical Pillow").await;
    let id = s
        .ok(
            CREATE,
            send(&order_id, &provider_id, &item_id, &sku),
            Some(&admin),
        )
        .await["createFulfillmentOrder"]["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let other = new_client(&s, "other-prints", "ola@other.example").await;
    for (query, vars) in [
        (ONE, json!({ "id": id })),
        (REMOVE, json!({ "id": id })),
        (PRODUCTS, json!({ "p": provider_id })),
        (
            "mutation($id: ID!) { removeFulfillmentProvider(providerId: $id) }",
            json!({ "id": provider_id }),
        ),
        (CREATE, send(&order_id, &provider_id, &item_id, &sku)),
    ] {
        let res = s.gql(query, vars, Some(&other)).await;
        assert_eq!(code(&res), "NOT_FOUND", "{query}: {res}");
    }
    let theirs = s
        .ok(
            "{ getFulfillmentOrders { items { id } pageInfo { totalCount } } }",
            json!({}),
            Some(&other),
        )
        .await;
    assert_eq!(theirs["getFulfillmentOrders"]["pageInfo"]["totalCount"], 0);
    assert_eq!(
        s.ok(PROVIDERS, json!({}), Some(&other)).await["getFulfillmentProviders"],
        json!([])
    );

    // STAFF see the fulfilment orders of their shops' orders only.
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let res = s.gql(ONE, json!({ "id": id }), Some(&staff)).await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    let staff_id = me_id(&s, &staff).await;
    s.ok(
        "mutation($i: ReassignShopInput!) { reassignShop(input: $i) { id } }",
        json!({ "i": { "shopId": shop.id, "userIds": [staff_id] } }),
        Some(&admin),
    )
    .await;
    let seen = s.ok(ONE, json!({ "id": id }), Some(&staff)).await;
    assert_eq!(seen["getFulfillmentOrderById"]["id"], id.as_str());
    let db = database(&s).await;
    let mut conn = db.conn().await.expect("conn");
    let row = sqlx::query("SELECT COUNT(*) AS n FROM fulfillment_orders")
        .fetch_one(&mut *conn)
        .await
        .expect("count");
    assert_eq!(
        row.try_get::<i64, _>("n").expect("n"),
        1,
        "nothing was made by the refused calls"
    );
}

/// Calls our client made to a provider's orders since ledger entry `from`, by method.
fn order_calls(s: &Server, provider: Provider, method: &str, from: usize) -> usize {
    s.providers()
        .ledger()
        .iter()
        .skip(from)
        .filter(|e| e.provider == provider && e.method == method && e.path.contains("/orders"))
        .count()
}

/// Waits until our client calls `provider`'s orders with `method` after ledger entry `from`.
async fn called(s: &Server, provider: Provider, method: &str, from: usize, what: &str) {
    wait_for(Duration::from_secs(30), || async {
        (order_calls(s, provider, method, from) > 0).then_some(())
    })
    .await
    .unwrap_or_else(|| panic!("{what}; log:\n{}", tail(&s.log(), 40)));
}

/// An account that reports by webhook is read only for its orders' costs, which can wait: while
/// one of its orders waits to be made, the schedule puts those reads off, so the account's
/// requests go to the create; once it is made, the costs are read. An account read for its
/// tracking (HMFulfill sends no webhooks) is read all along.
#[tokio::test]
async fn cost_reads_wait_for_an_accounts_creates_and_tracking_reads_do_not() {
    let s = Server::start_with(&FAST_TRACKING).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected_shop(&s, &admin, "Waiting Shop").await;
    let db = database(&s).await;
    let send_one = |provider_id: String, sku: String, product: &'static str| {
        let (s, admin, shop) = (&s, &admin, &shop);
        async move {
            let (order_id, item_id) = order_of(s, admin, shop, product).await;
            let created = s
                .ok(
                    CREATE,
                    send(&order_id, &provider_id, &item_id, &sku),
                    Some(admin),
                )
                .await;
            created["createFulfillmentOrder"]["id"]
                .as_str()
                .expect("id")
                .to_owned()
        }
    };
    // Printify (reports by webhook): a first order is made and its cost read.
    let printify = connect_provider(&s, &admin, Provider::Printify).await;
    let sku = a_sku(&s, &admin, &printify).await;
    let first = send_one(printify.clone(), sku.clone(), "Retro Sunset Graphic Tee").await;
    wait_order(&s, &admin, &first, "its cost", |o| {
        o["totalAmount"].as_f64().is_some_and(|t| t > 0.0)
    })
    .await;
    // The second order's create waits on a throttled account; the first's cost is due again.
    s.providers().set_faults(
        Some(Provider::Printify),
        sandbox::providers::Faults {
            throttle_rate: 1.0,
            ..Default::default()
        },
    );
    let start = s.providers().ledger().len();
    let second = send_one(printify.clone(), sku.clone(), "Mountain Line Art Hoodie").await;
    called(
        &s,
        Provider::Printify,
        "POST",
        start,
        "the second create is tried",
    )
    .await;
    // The first order's cost is forgotten, so a read for it is due.
    sqlx::query(
        "UPDATE fulfillment_orders SET total_amount_cents = NULL, next_track_at = $1 WHERE id = $2",
    )
    .bind(domain::time::now_db())
    .bind(&first)
    .execute(&db.pool)
    .await
    .expect("the cost forgotten");
    // A round under way may still read; the rounds after it leave the account alone.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let start = s.providers().ledger().len();
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(
        order_calls(&s, Provider::Printify, "GET", start),
        0,
        "cost reads while a create waits"
    );
    assert_eq!(one(&s, &admin, &second).await["submission"], "PENDING");
    // Once it is made, the costs are read.
    s.providers().set_faults(
        Some(Provider::Printify),
        sandbox::providers::Faults::default(),
    );
    for id in [&second, &first] {
        wait_order(&s, &admin, id, "its cost after the create", |o| {
            o["totalAmount"].as_f64().is_some_and(|t| t > 0.0)
        })
        .await;
    }

    // HMFulfill (read for its tracking): its open order is read while the next create waits.
    let hmfulfill = connect_provider(&s, &admin, Provider::HmFulfill).await;
    let sku = a_sku(&s, &admin, &hmfulfill).await;
    let third = send_one(hmfulfill.clone(), sku.clone(), "Botanical Throw Pillow").await;
    wait_order(&s, &admin, &third, "its provider order", |o| {
        o["submission"] == "SUBMITTED"
    })
    .await;
    s.providers().set_faults(
        Some(Provider::HmFulfill),
        sandbox::providers::Faults {
            throttle_rate: 1.0,
            ..Default::default()
        },
    );
    let start = s.providers().ledger().len();
    let fourth = send_one(hmfulfill.clone(), sku, "Cat Mom Ceramic Mug").await;
    called(
        &s,
        Provider::HmFulfill,
        "POST",
        start,
        "the fourth create is tried",
    )
    .await;
    let start = s.providers().ledger().len();
    called(
        &s,
        Provider::HmFulfill,
        "GET",
        start,
        "the open order is read while a create waits",
    )
    .await;
    assert_eq!(one(&s, &admin, &fourth).await["submission"], "PENDING");
}

/// The provider moves an order on before our create's answer is written (the answer was lost
/// and the create is retried): its webhooks then name an order still being recorded. They are
/// not lost: the order is read once its create is recorded, long before the product's own
/// schedule (every five minutes, fifteen after the create) would get to it.
#[tokio::test]
async fn a_webhook_that_comes_before_the_create_is_recorded_is_not_lost() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected_shop(&s, &admin, "Early Shop").await;
    let (order_id, item_id) = order_of(&s, &admin, &shop, "Botanical Throw Pillow").await;
    let provider_id = connect_provider(&s, &admin, Provider::Printify).await;
    let sku = a_sku(&s, &admin, &provider_id).await;
    // The create is made at the provider and its answer lost; then every call is throttled, so
    // the retried create cannot record it.
    s.providers().set_faults(
        Some(Provider::Printify),
        sandbox::providers::Faults {
            fail_after_write_rate: 1.0,
            ..Default::default()
        },
    );
    let created = s
        .ok(
            CREATE,
            send(&order_id, &provider_id, &item_id, &sku),
            Some(&admin),
        )
        .await;
    let id = created["createFulfillmentOrder"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let external = wait_for(Duration::from_secs(30), || async {
        s.providers()
            .orders(Provider::Printify)
            .into_iter()
            .find(|o| o.reference.as_deref() == Some(id.as_str()))
            .map(|o| o.id)
    })
    .await
    .expect("the provider made the order");
    s.providers().set_faults(
        Some(Provider::Printify),
        sandbox::providers::Faults {
            throttle_rate: 1.0,
            ..Default::default()
        },
    );
    let delivered = s.providers().deliveries().len();
    ship_at_provider(&s, Provider::Printify, &id).await;
    wait_for(Duration::from_secs(10), || async {
        s.providers()
            .deliveries()
            .iter()
            .skip(delivered)
            .any(|d| d.order_id == external && d.http_status == Some(200))
            .then_some(())
    })
    .await
    .expect("the shipment's webhook was answered");
    assert_eq!(one(&s, &admin, &id).await["submission"], "PENDING");

    // The provider answers again: the create is recorded, and the shipment follows.
    s.providers().set_faults(
        Some(Provider::Printify),
        sandbox::providers::Faults::default(),
    );
    let shipped = wait_for(Duration::from_secs(30), || async {
        let o = one(&s, &admin, &id).await;
        (o["status"] == "IN_TRANSIT" && o["trackingNumber"].is_string()).then_some(o)
    })
    .await
    .unwrap_or_else(|| panic!("the early shipment was lost; log:\n{}", tail(&s.log(), 40)));
    assert_eq!(
        shipped["trackingNumber"].as_str(),
        theirs(&s, Provider::Printify, &id)
            .tracking_number
            .as_deref(),
        "{shipped}"
    );
}
