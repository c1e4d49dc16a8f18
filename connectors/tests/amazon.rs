//! The Amazon SP-API client against the Amazon stand-in over real HTTP on a loopback port.
use std::time::{Duration, Instant};

use chrono::Utc;
use connectors::amazon::{
    AmazonClient, AmazonConfig, AmazonError, ListingPut, ListingRequirements, ListingState,
    OrderQuery, SellerSession, ShipmentConfirmation, ShipmentOutcome, SubmissionStatus,
    text_attribute, value_attribute,
};
use connectors::channel::Disposition;
use sandbox::amazon::{self, AmazonHandle, MARKETPLACE_ID, NewOrder};
use sandbox::gateway::Faults;
use serde_json::{Map, Value, json};

const REDIRECT: &str = "http://127.0.0.1:9/shops/amazon/callback";

async fn stand_in(orders_per_seller: usize) -> AmazonHandle {
    amazon::start(amazon::AmazonConfig {
        redirect_url: Some(REDIRECT.into()),
        processing_delay: Duration::from_millis(150),
        orders_per_seller,
        ..amazon::AmazonConfig::default()
    })
    .await
    .expect("stand-in")
}

fn client(sb: &AmazonHandle) -> AmazonClient {
    let mut c = AmazonConfig::new(sb.sandbox().client_id(), sb.sandbox().client_secret())
        .with_base_url(sb.base_url());
    c.application_id = sb.sandbox().application_id();
    c.backoff = Duration::from_millis(10);
    c.timeout = Duration::from_secs(5);
    AmazonClient::new(c).expect("client")
}

/// A seller granted in the stand-in and its code exchanged, as the API's callback does.
async fn connect(sb: &AmazonHandle, client: &AmazonClient) -> SellerSession {
    let granted = sb.sandbox().grant_seller("Tee Store");
    let tokens = client
        .exchange_code(&granted.spapi_oauth_code, REDIRECT)
        .await
        .expect("tokens");
    SellerSession::new(granted.selling_partner_id, tokens)
}

async fn poll<T>(mut probe: impl AsyncFnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(v) = probe().await {
            return v;
        }
        assert!(Instant::now() < deadline, "condition never met");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn shirt(title: &str) -> ListingPut {
    let m = MARKETPLACE_ID;
    let mut a = Map::new();
    a.insert("item_name".into(), text_attribute(m, title));
    a.insert("brand".into(), text_attribute(m, "Sellerdesk Tees"));
    a.insert(
        "product_description".into(),
        text_attribute(m, "Soft cotton tee."),
    );
    a.insert("bullet_point".into(), text_attribute(m, "100% cotton"));
    a.insert("color".into(), text_attribute(m, "Black"));
    a.insert("size".into(), text_attribute(m, "M"));
    a.insert("department".into(), text_attribute(m, "Unisex"));
    a.insert("fabric_type".into(), text_attribute(m, "Cotton"));
    a.insert(
        "condition_type".into(),
        value_attribute(m, json!("new_new")),
    );
    a.insert(
        "purchasable_offer".into(),
        json!([{ "marketplace_id": m, "currency": "USD", "our_price": [{ "schedule": [{ "value_with_tax": 24.99 }] }] }]),
    );
    a.insert(
        "fulfillment_availability".into(),
        json!([{ "fulfillment_channel_code": "DEFAULT", "quantity": 50 }]),
    );
    a.insert(
        "main_product_image_locator".into(),
        json!([{ "marketplace_id": m, "media_location": "https://example.test/tee.png" }]),
    );
    ListingPut {
        product_type: "SHIRT".into(),
        requirements: ListingRequirements::Listing,
        attributes: a,
    }
}

#[tokio::test]
async fn consent_exchange_and_refresh_under_an_expired_access_token() {
    let sb = stand_in(3).await;
    let client = client(&sb);

    // The consent page sends the seller back to the registered URI with the three parameters.
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("browser");
    let link = client.authorize_url("csrf-1");
    assert!(link.starts_with(sb.base_url()));
    let page = browser
        .get(&link)
        .send()
        .await
        .expect("consent")
        .text()
        .await
        .expect("page");
    let confirm = page
        .split("href=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a confirm link")
        .replace("&amp;", "&");
    let back = browser
        .get(format!("{}{confirm}", sb.base_url()))
        .send()
        .await
        .expect("confirm");
    assert_eq!(back.status(), 303);
    let location = back.headers()["location"]
        .to_str()
        .expect("location")
        .to_owned();
    assert!(location.starts_with(REDIRECT), "{location}");
    let url = reqwest::Url::parse(&location).expect("url");
    let param = |n: &str| {
        url.query_pairs()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.into_owned())
            .expect(n)
    };
    assert_eq!(param("state"), "csrf-1");
    let code = param("spapi_oauth_code");
    let seller = param("selling_partner_id");

    let tokens = client
        .exchange_code(&code, REDIRECT)
        .await
        .expect("exchange");
    assert!(
        tokens.expires_at - Utc::now().timestamp() > 3500,
        "an hour-long token"
    );
    // A code is single-use.
    let again = client
        .exchange_code(&code, REDIRECT)
        .await
        .expect_err("reused code");
    assert!(
        matches!(again, AmazonError::AuthorizationLost { .. }),
        "{again:?}"
    );

    let session = SellerSession::new(seller, tokens.clone());
    let stores = client
        .marketplace_participations(&session)
        .await
        .expect("participations");
    assert_eq!(stores[0].marketplace.id, MARKETPLACE_ID);
    assert_eq!(
        stores[0].store_name.as_deref(),
        Some("Sandbox Apparel Store")
    );
    assert!(session.take_refreshed().is_none());

    // Amazon refuses the expired token with 403; the client refreshes once and goes on.
    sb.sandbox().expire_access_token(&tokens.access_token);
    client
        .marketplace_participations(&session)
        .await
        .expect("after refresh");
    let fresh = session.take_refreshed().expect("new tokens to store");
    assert_ne!(fresh.access_token, tokens.access_token);
    assert_eq!(fresh.refresh_token, tokens.refresh_token);
    let statuses: Vec<u16> = sb
        .sandbox()
        .ledger()
        .iter()
        .filter(|c| c.operation == "getMarketplaceParticipations")
        .map(|c| c.status)
        .collect();
    assert_eq!(statuses, vec![200, 403, 200]);
    assert_eq!(sb.sandbox().effects("token.refresh").len(), 1);

    // A refresh token Amazon does not know means the seller must authorise again.
    let lost = client.refresh("Atzr|unknown").await.expect_err("unknown");
    assert!(matches!(lost, AmazonError::AuthorizationLost { .. }));
    assert_eq!(lost.disposition(), Disposition::Permanent);
}

#[tokio::test]
async fn a_listing_is_accepted_then_rejected_with_issues_naming_attributes() {
    let sb = stand_in(0).await;
    let client = client(&sb);
    let session = connect(&sb, &client).await;

    let required = client
        .required_attributes(&session, "SHIRT")
        .await
        .expect("schema");
    assert!(required.contains(&"item_name".to_string()) && required.contains(&"size".to_string()));

    let rejected = client
        .put_listing(&session, "TEE-REPLICA-M", &shirt("Replica band tee"))
        .await
        .expect("put");
    assert_eq!(rejected.status, SubmissionStatus::Accepted);
    assert!(rejected.issues.is_empty());
    let good = client
        .put_listing(&session, "TEE/BLACK M", &shirt("Black band tee"))
        .await
        .expect("put");
    assert_eq!(good.status, SubmissionStatus::Accepted);

    let issues = poll(
        async || match client.listing_state(&session, "TEE-REPLICA-M").await {
            Ok(ListingState::Rejected { issues }) => Some(issues),
            Ok(ListingState::Processing) => None,
            other => panic!("unexpected {other:?}"),
        },
    )
    .await;
    assert_eq!(issues[0].attribute_names, vec!["item_name".to_string()]);
    assert!(
        issues[0].message.contains("replica"),
        "{}",
        issues[0].message
    );

    let asin = poll(
        async || match client.listing_state(&session, "TEE/BLACK M").await {
            Ok(ListingState::Buyable { asin }) => Some(asin),
            Ok(ListingState::Processing) => None,
            other => panic!("unexpected {other:?}"),
        },
    )
    .await;
    assert!(asin.is_some_and(|a| a.starts_with("B0")));

    // The demo's sample listings are live from the start.
    let samples = sb
        .sandbox()
        .seed_sample_listings(&session.selling_partner_id, 2);
    assert!(matches!(
        client
            .listing_state(&session, &samples[0])
            .await
            .expect("sample"),
        ListingState::Buyable { asin: Some(_) }
    ));

    // A missing required attribute is refused at once, naming it; nothing is saved.
    let mut incomplete = shirt("No size tee");
    incomplete.attributes.remove("size");
    let invalid = client
        .put_listing(&session, "TEE-NOSIZE", &incomplete)
        .await
        .expect("put");
    assert_eq!(invalid.status, SubmissionStatus::Invalid);
    assert_eq!(invalid.issues[0].attribute_names, vec!["size".to_string()]);
    assert_eq!(
        client
            .listing_state(&session, "TEE-NOSIZE")
            .await
            .expect("state"),
        ListingState::Missing
    );
}

#[tokio::test]
async fn a_listing_is_created_once_under_500s_and_429s() {
    let sb = stand_in(0).await;
    let client = client(&sb);
    let session = connect(&sb, &client).await;
    let seller = session.selling_partner_id.clone();

    // The write is applied and its answer lost, then throttled, then a plain 500.
    sb.sandbox().fail_next_after_write(1);
    sb.sandbox().throttle_next(1);
    sb.sandbox().fail_next(1);
    let put = client
        .put_listing(&session, "TEE-ONCE", &shirt("Once tee"))
        .await
        .expect("put despite faults");
    assert_eq!(put.status, SubmissionStatus::Accepted);
    let puts = sb
        .sandbox()
        .ledger()
        .into_iter()
        .filter(|c| c.operation == "putListingsItem")
        .count();
    assert_eq!(puts, 4, "three faults, then the answer");
    assert_eq!(sb.sandbox().effects("listing.create").len(), 1);
    assert_eq!(sb.sandbox().listing_count(&seller), 1);

    // Random faults over many SKUs: each listing exists once.
    sb.sandbox().set_faults(Faults {
        error_rate: 0.25,
        throttle_rate: 0.15,
        error_after_write: true,
        ..Faults::default()
    });
    for n in 0..15 {
        let sku = format!("TEE-{n}");
        let mut tries = 0;
        // A job would retry the ones that ran out of retries; the test does the same.
        while let Err(e) = client.put_listing(&session, &sku, &shirt("Tee")).await {
            assert!(!e.is_permanent(), "{e:?}");
            tries += 1;
            assert!(tries < 10, "{e:?}");
        }
    }
    sb.sandbox().set_faults(Faults::default());
    assert_eq!(sb.sandbox().listing_count(&seller), 16);
    let creates = sb.sandbox().effects("listing.create");
    assert_eq!(creates.len(), 16, "one create per SKU");
}

#[tokio::test]
async fn orders_page_through_next_token_and_the_address_needs_an_rdt() {
    let sb = stand_in(0).await;
    let client = client(&sb);
    let session = connect(&sb, &client).await;
    let seller = session.selling_partner_id.clone();
    let mut placed = sb.sandbox().add_orders(&seller, 24);
    let order_id = sb.sandbox().place_order(&seller, &NewOrder::default());
    placed.push(order_id.clone());
    placed.sort();

    let mut query = OrderQuery::created_since(Utc::now() - chrono::Duration::days(40));
    query.max_results = 10;
    let mut seen = Vec::new();
    let mut pages = 0;
    loop {
        let page = client.orders(&session, &query).await.expect("page");
        pages += 1;
        assert!(page.searched_until.is_some());
        for o in &page.orders {
            let address = o.shipping_address.clone().unwrap_or_default();
            assert!(
                address.name.is_none() && address.address_line1.is_none(),
                "no PII without an RDT"
            );
        }
        seen.extend(page.orders.into_iter().map(|o| o.amazon_order_id));
        match page.next_token {
            Some(t) => query.next_token = Some(t),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    seen.sort();
    assert_eq!(seen, placed);

    let address = client
        .order_address(&session, &order_id)
        .await
        .expect("address");
    assert_eq!(address.name.as_deref(), Some("Jane Doe"));
    assert_eq!(address.address_line1.as_deref(), Some("410 Terry Ave N"));

    let mut with = OrderQuery::created_since(Utc::now() - chrono::Duration::minutes(5));
    with.with_addresses = true;
    let page = client
        .orders(&session, &with)
        .await
        .expect("with addresses");
    let ours = page
        .orders
        .iter()
        .find(|o| o.amazon_order_id == order_id)
        .expect("ours");
    assert_eq!(
        ours.shipping_address
            .as_ref()
            .and_then(|a| a.name.as_deref()),
        Some("Jane Doe")
    );

    // Another seller sees neither the order nor the first seller's listings path.
    let other = connect(&sb, &client).await;
    let hidden = client
        .order(&other, &order_id)
        .await
        .expect_err("another seller's order");
    assert!(matches!(hidden, AmazonError::NotFound { .. }), "{hidden:?}");

    // The plain access token does not open the address.
    let direct = reqwest::Client::new()
        .get(format!(
            "{}/orders/v0/orders/{order_id}/address",
            sb.base_url()
        ))
        .header("x-amz-access-token", session.tokens().access_token)
        .send()
        .await
        .expect("direct");
    assert_eq!(direct.status(), 403);
    let body: Value = direct.json().await.expect("json");
    assert_eq!(body["errors"][0]["code"], "Unauthorized");
}

#[tokio::test]
async fn a_shipment_is_confirmed_once_when_repeated() {
    let sb = stand_in(0).await;
    let client = client(&sb);
    let session = connect(&sb, &client).await;
    let order_id = sb
        .sandbox()
        .place_order(&session.selling_partner_id, &NewOrder::default());
    let items = client
        .order_items(&session, &order_id)
        .await
        .expect("items");
    let shipment = ShipmentConfirmation {
        package_reference_id: "1".into(),
        carrier_code: "UPS".into(),
        carrier_name: None,
        shipping_method: Some("Ground".into()),
        tracking_number: "1Z999AA10123456784".into(),
        ship_date: Utc::now(),
        items: items
            .iter()
            .map(|i| (i.order_item_id.clone(), i.quantity_ordered))
            .collect(),
    };
    // Applied, answer lost: the retry is refused as already shipped and read back.
    sb.sandbox().fail_next_after_write(1);
    let first = client
        .confirm_shipment(&session, &order_id, &shipment)
        .await
        .expect("first");
    assert_eq!(first, ShipmentOutcome::AlreadyShipped);
    let again = client
        .confirm_shipment(&session, &order_id, &shipment)
        .await
        .expect("again");
    assert_eq!(again, ShipmentOutcome::AlreadyShipped);
    let shipments = sb.sandbox().shipments();
    assert_eq!(shipments.len(), 1);
    assert_eq!(shipments[0].tracking_number, "1Z999AA10123456784");
    let order = client.order(&session, &order_id).await.expect("order");
    assert_eq!(order.order_status, connectors::amazon::OrderStatus::Shipped);

    // A different, fresh order confirms plainly.
    let other = sb
        .sandbox()
        .place_order(&session.selling_partner_id, &NewOrder::default());
    let items = client.order_items(&session, &other).await.expect("items");
    let plain = ShipmentConfirmation {
        items: items.iter().map(|i| (i.order_item_id.clone(), 1)).collect(),
        ..shipment
    };
    assert_eq!(
        client
            .confirm_shipment(&session, &other, &plain)
            .await
            .expect("plain"),
        ShipmentOutcome::Confirmed
    );
}

#[tokio::test]
async fn rate_limit_headers_are_honoured_without_a_429_storm() {
    let sb = stand_in(0).await;
    let client = client(&sb);
    let session = connect(&sb, &client).await;
    let order_id = sb
        .sandbox()
        .place_order(&session.selling_partner_id, &NewOrder::default());
    // A bucket much smaller than the client's starting plan (0.5/s, burst 30).
    assert!(sb.sandbox().set_rate("getOrder", 20.0, 2.0));
    for _ in 0..20 {
        client.order(&session, &order_id).await.expect("order");
    }
    let throttled = sb
        .sandbox()
        .ledger()
        .iter()
        .filter(|c| c.operation == "getOrder" && c.status == 429)
        .count();
    assert!(
        throttled <= 1,
        "{throttled} 429s: the client must pace at the rate it was told"
    );

    // getOrders refills once a minute: a 429 there is not slept through but handed back as a
    // reschedule with that wait.
    assert!(sb.sandbox().set_rate("getOrders", 0.0167, 1.0));
    let query = OrderQuery::created_since(Utc::now() - chrono::Duration::days(1));
    client.orders(&session, &query).await.expect("first page");
    let fresh = client_for_new_process(&sb);
    let err = fresh.orders(&session, &query).await.expect_err("throttled");
    match err.disposition() {
        Disposition::Reschedule(wait) => assert!(wait > Duration::from_secs(50), "{wait:?}"),
        other => panic!("expected a reschedule, got {other:?}"),
    }
}

/// Another process's client: it has learned nothing yet.
fn client_for_new_process(sb: &AmazonHandle) -> AmazonClient {
    client(sb)
}
