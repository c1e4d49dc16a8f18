//! The Walmart Marketplace client against the Walmart stand-in over real HTTP.
use std::time::Duration;

use connectors::channel::Disposition;
use connectors::walmart::{
    FeedState, IngestionStatus, LineShipment, LineStatusKind, MpItem, OrderQuery, ShipOutcome,
    WalmartClient, WalmartConfig, WalmartCredentials, WalmartError,
};
use sandbox::gateway::Faults;
use sandbox::walmart::{self, NewPurchaseOrder, WalmartHandle};
use serde_json::{Map, Value, json};

async fn stand_in() -> WalmartHandle {
    walmart::start(walmart::WalmartConfig {
        orders_per_seller: 0,
        ..walmart::WalmartConfig::default()
    })
    .await
    .expect("stand-in")
}

fn client(sb: &WalmartHandle) -> WalmartClient {
    let mut c = WalmartConfig::new().with_base_url(sb.base_url());
    c.backoff = Duration::from_millis(10);
    c.timeout = Duration::from_secs(5);
    WalmartClient::new(c).expect("client")
}

fn seller(sb: &WalmartHandle) -> WalmartCredentials {
    let s = sb.sandbox().default_seller();
    WalmartCredentials::new(s.client_id, s.client_secret)
}

fn tee(sku: &str, name: &str) -> MpItem {
    let mut spec = Map::new();
    spec.insert("shortDescription".into(), json!("Soft cotton tee."));
    spec.insert("mainImageUrl".into(), json!("https://example.test/tee.png"));
    spec.insert("color".into(), json!("Black"));
    spec.insert("clothingSize".into(), json!("M"));
    spec.insert("gender".into(), json!("Unisex"));
    MpItem {
        sku: sku.into(),
        product_id_type: "GTIN".into(),
        product_id: "00012345678905".into(),
        product_name: name.into(),
        brand: "Sellerdesk Tees".into(),
        price_cents: 2499,
        shipping_weight_lb: 0.4,
        category: "Clothing".into(),
        spec,
    }
}

/// Polls a feed until ingestion ends (each status call moves it on in the stand-in).
async fn processed(
    client: &WalmartClient,
    creds: &WalmartCredentials,
    feed: &str,
) -> connectors::walmart::FeedStatus {
    for _ in 0..20 {
        let status = client.feed_status(creds, feed).await.expect("status");
        if status.is_done() {
            return status;
        }
        assert_eq!(status.items_succeeded + status.items_failed, 0);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("feed {feed} never processed");
}

#[tokio::test]
async fn a_wrong_secret_is_refused_and_an_expired_token_is_renewed() {
    let sb = stand_in().await;
    let client = client(&sb);
    let creds = seller(&sb);
    client.check_credentials(&creds).await.expect("right pair");
    let wrong = WalmartCredentials::new(creds.client_id.clone(), "not-the-secret");
    let refused = client
        .check_credentials(&wrong)
        .await
        .expect_err("wrong pair");
    assert!(
        matches!(refused, WalmartError::CredentialsRefused { .. }),
        "{refused:?}"
    );
    assert_eq!(refused.disposition(), Disposition::Permanent);
    assert!(!refused.message().contains("not-the-secret"));

    client
        .orders(&creds, &OrderQuery::default())
        .await
        .expect("orders");
    // The 15-minute token runs out: Walmart answers 401, the client asks for a new one.
    sb.sandbox().expire_tokens(&creds.client_id);
    client
        .orders(&creds, &OrderQuery::default())
        .await
        .expect("orders after renewal");
    let calls: Vec<(String, u16)> = sb
        .sandbox()
        .ledger()
        .into_iter()
        .map(|c| (c.operation, c.status))
        .collect();
    let tail: Vec<(&str, u16)> = calls[calls.len() - 4..]
        .iter()
        .map(|(o, s)| (o.as_str(), *s))
        .collect();
    assert_eq!(
        tail,
        vec![
            ("getAllOrders", 200),
            ("getAllOrders", 401),
            ("token", 200),
            ("getAllOrders", 200)
        ]
    );

    // Every call needs a correlation id.
    let bare = reqwest::Client::new()
        .get(format!("{}/v3/orders", sb.base_url()))
        .header("WM_SVC.NAME", "Walmart Marketplace")
        .header("WM_SEC.ACCESS_TOKEN", "whatever")
        .send()
        .await
        .expect("bare");
    assert_eq!(bare.status(), 400);
    let body: Value = bare.json().await.expect("json");
    assert_eq!(body["errors"][0]["code"], "MISSING_REQUEST_HEADER");
    assert_eq!(body["errors"][0]["field"], "WM_QOS.CORRELATION_ID");
}

#[tokio::test]
async fn feed_items_are_rejected_asynchronously_on_the_field_they_name() {
    let sb = stand_in().await;
    let client = client(&sb);
    let creds = seller(&sb);
    let mut no_color = tee("TEE-NOCOLOR", "Plain tee");
    no_color.spec.remove("color");
    let items = vec![
        tee("TEE-GOOD", "Band tee"),
        tee("TEE-REPLICA", "Replica band tee"),
        no_color,
    ];
    let feed = client.submit_items(&creds, &items).await.expect("feed");
    let first = client.feed_status(&creds, &feed).await.expect("status");
    assert_eq!(first.status, FeedState::Received);
    assert_eq!(first.items_processing, 3);
    let done = processed(&client, &creds, &feed).await;
    assert_eq!(done.status, FeedState::Processed);
    assert_eq!((done.items_succeeded, done.items_failed), (1, 2));
    let by_sku = |sku: &str| done.items.iter().find(|i| i.sku == sku).expect(sku).clone();
    assert_eq!(by_sku("TEE-GOOD").status, IngestionStatus::Success);
    let replica = by_sku("TEE-REPLICA");
    assert_eq!(replica.status, IngestionStatus::DataError);
    assert_eq!(replica.errors[0].field.as_deref(), Some("productName"));
    assert!(replica.errors[0].description.contains("replica"));
    let no_color = by_sku("TEE-NOCOLOR");
    assert_eq!(no_color.errors[0].field.as_deref(), Some("color"));

    let samples = sb.sandbox().seed_sample_items(&creds.client_id, 2);
    let sample = client
        .item(&creds, &samples[1])
        .await
        .expect("sample")
        .expect("exists");
    assert_eq!(sample.published_status.as_deref(), Some("PUBLISHED"));
    let item = client
        .item(&creds, "TEE-GOOD")
        .await
        .expect("item")
        .expect("exists");
    assert_eq!(item.lifecycle_status.as_deref(), Some("ACTIVE"));
    assert!(
        client
            .item(&creds, "TEE-REPLICA")
            .await
            .expect("item")
            .is_none()
    );
    client
        .retire_item(&creds, "TEE-GOOD")
        .await
        .expect("retire");
    client
        .retire_item(&creds, "TEE-GOOD")
        .await
        .expect("retire twice");
    let retired = client
        .item(&creds, "TEE-GOOD")
        .await
        .expect("item")
        .expect("exists");
    assert_eq!(retired.lifecycle_status.as_deref(), Some("RETIRED"));
}

#[tokio::test]
async fn an_item_is_created_once_under_500s_and_429s() {
    let sb = stand_in().await;
    let client = client(&sb);
    let creds = seller(&sb);
    // A token first, so that the faults below meet the feed calls.
    client.check_credentials(&creds).await.expect("token");
    // The feed is taken and its answer lost, then throttled, then a plain 500.
    sb.sandbox().fail_next_after_write(1);
    sb.sandbox().throttle_next(1);
    sb.sandbox().fail_next(1);
    let feed = client
        .submit_items(&creds, &[tee("TEE-ONCE", "Once tee")])
        .await
        .expect("feed despite faults");
    assert_eq!(
        sb.sandbox().effects("feed.submit").len(),
        2,
        "the lost one and ours"
    );
    processed(&client, &creds, &feed).await;
    // The lost feed is ingested too (Walmart processes what it took): still one item.
    for lost in sb.sandbox().effects("feed.submit") {
        let id = lost.resource.expect("feed id");
        processed(&client, &creds, &id).await;
    }
    let events: Vec<String> = sb
        .sandbox()
        .item_events()
        .into_iter()
        .filter(|e| e.sku == "TEE-ONCE")
        .map(|e| e.kind)
        .collect();
    assert_eq!(
        events,
        vec!["item.create".to_string(), "item.update".to_string()]
    );
    assert_eq!(sb.sandbox().item_count(&creds.client_id), 1);

    // Random faults over a larger feed: every SKU exists once.
    sb.sandbox().set_faults(Faults {
        error_rate: 0.3,
        throttle_rate: 0.2,
        error_after_write: true,
        ..Faults::default()
    });
    let many: Vec<MpItem> = (0..40).map(|n| tee(&format!("TEE-{n}"), "Tee")).collect();
    let feed = loop {
        match client.submit_items(&creds, &many).await {
            Ok(f) => break f,
            Err(e) => assert!(!e.is_permanent(), "{e:?}"),
        }
    };
    let done = loop {
        match client.feed_status(&creds, &feed).await {
            Ok(s) if s.is_done() => break s,
            Ok(_) => {}
            Err(e) => assert!(!e.is_permanent(), "{e:?}"),
        }
    };
    sb.sandbox().set_faults(Faults::default());
    assert_eq!(done.items_succeeded, 40);
    assert_eq!(sb.sandbox().item_count(&creds.client_id), 41);
    let creates = sb
        .sandbox()
        .item_events()
        .into_iter()
        .filter(|e| e.kind == "item.create")
        .count();
    assert_eq!(creates, 41, "one create per SKU");
}

#[tokio::test]
async fn orders_page_through_next_cursor() {
    let sb = stand_in().await;
    let client = client(&sb);
    let creds = seller(&sb);
    let mut placed = sb.sandbox().add_orders(&creds.client_id, 25);
    placed.sort();
    let mut query = OrderQuery {
        created_start: Some("2020-01-01T00:00:00Z".into()),
        limit: Some(10),
        ..OrderQuery::default()
    };
    let mut seen = Vec::new();
    let mut pages = 0;
    loop {
        let page = client.orders(&creds, &query).await.expect("page");
        pages += 1;
        assert_eq!(page.total_count, Some(25));
        seen.extend(page.orders.into_iter().map(|o| o.purchase_order_id));
        match page.next_cursor {
            Some(c) => query.cursor = Some(c),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    seen.sort();
    assert_eq!(seen, placed);

    // Another seller's key pair sees none of them.
    let other = sb.sandbox().add_seller("Other store");
    let other = WalmartCredentials::new(other.client_id, other.client_secret);
    let hidden = client
        .order(&other, &placed[0])
        .await
        .expect_err("not theirs");
    assert!(
        matches!(hidden, WalmartError::NotFound { .. }),
        "{hidden:?}"
    );
}

#[tokio::test]
async fn ship_with_tracking_is_applied_once_when_repeated() {
    let sb = stand_in().await;
    let client = client(&sb);
    let creds = seller(&sb);
    let po = sb
        .sandbox()
        .place_order(&creds.client_id, &NewPurchaseOrder::default());
    let released = client.released_orders(&creds).await.expect("released");
    assert!(released.iter().any(|o| o.purchase_order_id == po));
    let order = client.order(&creds, &po).await.expect("order");
    assert_eq!(order.shipping_info.postal_address.name, "Jane Doe");
    assert_eq!(order.lines()[0].product_cents(), 2499);

    let line = LineShipment {
        line_number: "1".into(),
        quantity: 1,
        ship_date_ms: chrono::Utc::now().timestamp_millis(),
        carrier: Some("UPS".into()),
        other_carrier: None,
        method_code: "Standard".into(),
        tracking_number: "1Z999AA10123456784".into(),
        tracking_url: None,
    };
    // Shipping before acknowledging is refused with Walmart's words.
    let early = client
        .ship(&creds, &po, std::slice::from_ref(&line))
        .await
        .expect_err("unacknowledged");
    assert!(early.message().contains("acknowledged"), "{early:?}");
    client.acknowledge(&creds, &po).await.expect("ack");
    client.acknowledge(&creds, &po).await.expect("ack twice");

    // Applied, answer lost: the retry is refused, read back, and reported as already shipped.
    sb.sandbox().fail_next_after_write(1);
    let first = client
        .ship(&creds, &po, std::slice::from_ref(&line))
        .await
        .expect("ship");
    assert!(matches!(first, ShipOutcome::AlreadyShipped(_)), "{first:?}");
    let again = client
        .ship(&creds, &po, std::slice::from_ref(&line))
        .await
        .expect("again");
    let ShipOutcome::AlreadyShipped(order) = again else {
        panic!("expected already shipped");
    };
    assert_eq!(
        order.lines()[0].status().map(|s| s.status),
        Some(LineStatusKind::Shipped)
    );
    let shipped = sb.sandbox().shipped_lines();
    assert_eq!(shipped.len(), 1);
    assert_eq!(shipped[0].tracking_number, "1Z999AA10123456784");

    // A different tracking number on a shipped line is a real refusal.
    let other = LineShipment {
        tracking_number: "9400100000000000000000".into(),
        ..line
    };
    let refused = client
        .ship(&creds, &po, &[other])
        .await
        .expect_err("other tracking");
    assert!(refused.is_permanent());

    let to_cancel = sb
        .sandbox()
        .place_order(&creds.client_id, &NewPurchaseOrder::default());
    let lines = vec![("1".to_string(), 1)];
    let cancelled = client
        .cancel(
            &creds,
            &to_cancel,
            &lines,
            "CUSTOMER_REQUESTED_SELLER_TO_CANCEL",
        )
        .await
        .expect("cancel");
    assert_eq!(
        cancelled.lines()[0].status().map(|s| s.status),
        Some(LineStatusKind::Cancelled)
    );
    client
        .cancel(
            &creds,
            &to_cancel,
            &lines,
            "CUSTOMER_REQUESTED_SELLER_TO_CANCEL",
        )
        .await
        .expect("cancel twice");
}

#[tokio::test]
async fn throttling_headers_are_honoured_without_a_429_storm() {
    let sb = stand_in().await;
    let client = client(&sb);
    let creds = seller(&sb);
    let po = sb
        .sandbox()
        .place_order(&creds.client_id, &NewPurchaseOrder::default());
    // Three tokens, refilled at 20 a second: the headers say when the bucket is empty.
    assert!(sb.sandbox().set_rate("getAnOrder", 20.0, 3.0));
    for _ in 0..15 {
        client.order(&creds, &po).await.expect("order");
    }
    let throttled = sb
        .sandbox()
        .ledger()
        .iter()
        .filter(|c| c.status == 429)
        .count();
    assert_eq!(
        throttled, 0,
        "the client waits for the refill the headers announce"
    );

    // An hourly bucket: the 429's wait is handed back as a reschedule, not slept through.
    assert!(sb.sandbox().set_rate("submitFeed", 1.0 / 3600.0, 1.0));
    client
        .submit_items(&creds, &[tee("TEE-H1", "Tee")])
        .await
        .expect("first feed");
    let fresh = self::client(&sb);
    let err = fresh
        .submit_items(&creds, &[tee("TEE-H2", "Tee")])
        .await
        .expect_err("throttled");
    match err.disposition() {
        Disposition::Reschedule(wait) => assert!(wait > Duration::from_secs(3000), "{wait:?}"),
        other => panic!("expected a reschedule, got {other:?}"),
    }
}
