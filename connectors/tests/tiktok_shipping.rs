//! Writing tracking back to TikTok Shop: the client's shipping calls against the sandbox over
//! real HTTP, with its faults, its ledger of shipments and its webhooks.
use std::time::{Duration, Instant};

use connectors::tiktok::{
    MarkShipped, ORDER_STATUS_CHANGE, Order, ShipOutcome, ShippingProvider, ShopAuth, TiktokClient,
    TiktokConfig, TiktokError, codes, match_shipping_provider, verify_webhook,
};
use sandbox::tiktok::{self, NewOrder, SandboxConfig, SandboxHandle};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

const TRACKING: &str = "9400111899223197428490";

fn config() -> SandboxConfig {
    SandboxConfig {
        orders_per_shop: 0,
        ..SandboxConfig::default()
    }
}

fn client(sb: &SandboxHandle) -> TiktokClient {
    let mut c = TiktokConfig::new(sb.sandbox().app_key(), sb.sandbox().app_secret())
        .with_base_url(sb.base_url());
    c.backoff = Duration::from_millis(10);
    c.timeout = Duration::from_secs(5);
    c.requests_per_second = 1000;
    TiktokClient::new(c).expect("client")
}

struct Shop {
    auth: ShopAuth,
    id: String,
}

async fn connect(sb: &SandboxHandle, client: &TiktokClient, name: &str) -> Shop {
    let granted = sb.sandbox().grant_shop(name, "US");
    let tokens = client.get_token(&granted.auth_code).await.expect("token");
    let shops = client
        .authorized_shops(&tokens.access_token)
        .await
        .expect("shops");
    Shop {
        auth: ShopAuth::new(tokens.access_token, shops[0].cipher.clone()),
        id: shops[0].id.clone(),
    }
}

/// An order of two units of two SKUs, resting in `status`.
fn two_units(status: &str, shipping_type: &str) -> NewOrder {
    let unit = |sku: &str| {
        (
            sku.to_owned(),
            "1729382256901899".to_owned(),
            "Retro Sunset Graphic Tee".to_owned(),
            "18.99".to_owned(),
        )
    };
    NewOrder {
        status: status.into(),
        units: vec![unit("1729382257001811"), unit("1729382257001822")],
        shipping_type: shipping_type.into(),
        ..NewOrder::default()
    }
}

async fn order(client: &TiktokClient, shop: &Shop, id: &str) -> Order {
    let mut orders = client
        .order_detail(&shop.auth, &[id.to_owned()])
        .await
        .expect("order detail");
    orders.pop().expect("the order")
}

/// The provider the order's delivery option offers for `carrier`.
async fn provider_for(
    client: &TiktokClient,
    shop: &Shop,
    order: &Order,
    carrier: &str,
) -> ShippingProvider {
    let providers = client
        .shipping_providers(&shop.auth, &order.delivery_option_id)
        .await
        .expect("providers");
    match_shipping_provider(carrier, &providers)
        .cloned()
        .expect("a provider for the carrier")
}

fn usps_tracking(provider: &ShippingProvider) -> MarkShipped {
    MarkShipped {
        tracking_number: TRACKING.into(),
        shipping_provider_id: provider.id.clone(),
        order_line_item_ids: Vec::new(),
    }
}

#[tokio::test]
async fn an_order_is_marked_shipped_once_and_a_repeat_reads_as_done() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let shop = connect(&sb, &client, "Ship Shop").await;
    let id = sb
        .sandbox()
        .place_order(&shop.id, &two_units("AWAITING_SHIPMENT", "SELLER"));
    let before = order(&client, &shop, &id).await;
    assert!(before.packages.is_empty(), "US orders have no package yet");
    assert!(before.line_items.iter().all(|l| l.package_id.is_empty()));

    let usps = provider_for(&client, &shop, &before, "United States Postal Service").await;
    assert_eq!(usps.name, "USPS");
    let outcome = client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect("shipped");
    let ShipOutcome::Shipped {
        package_id,
        warning,
    } = outcome
    else {
        panic!("expected a new package, got {outcome:?}");
    };
    assert_eq!(warning, None);

    let after = order(&client, &shop, &id).await;
    assert_eq!(after.status, "AWAITING_COLLECTION");
    assert_eq!(after.packages.len(), 1);
    assert_eq!(after.packages[0].id, package_id);
    assert_eq!(after.tracking_number, TRACKING);
    assert_eq!(after.shipping_provider_id, usps.id);
    assert!(after.rts_time > 0);
    for line in &after.line_items {
        assert_eq!(line.package_id, package_id);
        assert_eq!(line.package_status, "PROCESSING");
        assert_eq!(line.tracking_number, TRACKING);
        assert_eq!(line.shipping_provider_name, "USPS");
    }

    let package = client
        .package_detail(&shop.auth, &package_id)
        .await
        .expect("package");
    assert_eq!(package.package_status, "PROCESSING");
    assert_eq!(package.tracking_number, TRACKING);
    assert_eq!(package.shipping_provider_name, "USPS");
    assert_eq!(package.orders[0].id, id);
    assert_eq!(package.order_line_item_ids.len(), 2);
    assert_eq!(package.shipping_type, "SELLER");

    // The caller repeats the call (it crashed before recording the answer): done, not failed,
    // and not a second shipment.
    let again = client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect("repeat");
    assert_eq!(again, ShipOutcome::AlreadyShipped);
    let shipments = sb.sandbox().shipments();
    assert_eq!(shipments.len(), 1);
    assert_eq!(shipments[0].order_id, id);
    assert_eq!(shipments[0].shop_id, shop.id);
    assert_eq!(shipments[0].package_id, package_id);
    assert_eq!(shipments[0].tracking_number, TRACKING);
    assert_eq!(shipments[0].shipping_provider_id, usps.id);
    assert_eq!(shipments[0].shipping_provider_name, "USPS");
    assert!(!shipments[0].late);
    assert_eq!(sb.sandbox().ledger_of("package.ship").len(), 1);

    // Carrier scans move the package on.
    assert!(sb.sandbox().move_order(&id, "IN_TRANSIT"));
    let package = client
        .package_detail(&shop.auth, &package_id)
        .await
        .expect("package");
    assert_eq!(package.package_status, "FULFILLING");
}

#[tokio::test]
async fn orders_that_may_not_ship_are_refused_with_the_marketplace_codes() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let shop = connect(&sb, &client, "Strict Shop").await;
    let other = connect(&sb, &client, "Other Shop").await;
    let waiting = sb
        .sandbox()
        .place_order(&shop.id, &two_units("AWAITING_SHIPMENT", "SELLER"));
    let usps = provider_for(
        &client,
        &shop,
        &order(&client, &shop, &waiting).await,
        "usps",
    )
    .await;

    for (status, code) in [
        ("ON_HOLD", codes::FULFILL_ACTION_NOT_ALLOWED),
        ("UNPAID", codes::NOT_AWAITING_SHIPMENT),
        ("CANCELLED", codes::ORDER_CANCELLED),
    ] {
        let id = sb
            .sandbox()
            .place_order(&shop.id, &two_units(status, "SELLER"));
        let err = client
            .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
            .await
            .expect_err(status);
        assert_eq!(err.code(), Some(code), "{status}: {err:?}");
        assert!(err.is_permanent(), "{status}");
    }

    let unknown = MarkShipped {
        shipping_provider_id: "1234567890123456789".into(),
        ..usps_tracking(&usps)
    };
    let err = client
        .mark_shipped(&shop.auth, &waiting, &unknown)
        .await
        .expect_err("unknown provider");
    assert_eq!(err.code(), Some(codes::INVALID_TRACKING_OR_PROVIDER));
    assert!(err.is_permanent());

    let err = client
        .mark_shipped(&other.auth, &waiting, &usps_tracking(&usps))
        .await
        .expect_err("another shop's order");
    assert_eq!(err.code(), Some(codes::ORDER_NOT_OWNED));

    // TikTok ships its own option's orders: no providers, no seller shipping.
    let labelled = sb
        .sandbox()
        .place_order(&shop.id, &two_units("AWAITING_SHIPMENT", "TIKTOK"));
    let labelled_order = order(&client, &shop, &labelled).await;
    let err = client
        .shipping_providers(&shop.auth, &labelled_order.delivery_option_id)
        .await
        .expect_err("no providers");
    assert_eq!(err.code(), Some(codes::SHIPPED_BY_TIKTOK));
    let err = client
        .mark_shipped(&shop.auth, &labelled, &usps_tracking(&usps))
        .await
        .expect_err("TikTok ships it");
    assert_eq!(err.code(), Some(codes::NOT_SELLER_SHIPPED));

    assert!(sb.sandbox().shipments().is_empty());
    let waiting_now = order(&client, &shop, &waiting).await;
    assert_eq!(waiting_now.status, "AWAITING_SHIPMENT");
}

#[tokio::test]
async fn an_answer_lost_after_the_write_is_not_a_second_shipment() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let shop = connect(&sb, &client, "Flaky Ship Shop").await;
    let id = sb
        .sandbox()
        .place_order(&shop.id, &two_units("AWAITING_SHIPMENT", "SELLER"));
    let usps = provider_for(&client, &shop, &order(&client, &shop, &id).await, "USPS").await;

    // A 500 before anything happened: not retried by the client (it cannot tell), nothing
    // shipped; the caller's next attempt ships.
    sb.sandbox().fail_next(1);
    let err = client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect_err("500");
    assert!(err.is_retryable(), "{err:?}");
    assert!(sb.sandbox().shipments().is_empty());

    // The package is created, then the answer is lost.
    sb.sandbox().fail_next_after_write(1);
    let err = client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect_err("answer lost");
    assert!(
        matches!(
            err,
            TiktokError::RetryLater {
                status: Some(500),
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        sb.sandbox().shipments().len(),
        1,
        "written once, not repeated by the client"
    );

    let again = client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect("repeat after the lost answer");
    assert_eq!(again, ShipOutcome::AlreadyShipped);
    assert_eq!(sb.sandbox().shipments().len(), 1);
}

#[tokio::test]
async fn throttled_shipping_is_retried() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let shop = connect(&sb, &client, "Busy Ship Shop").await;
    let id = sb
        .sandbox()
        .place_order(&shop.id, &two_units("AWAITING_SHIPMENT", "SELLER"));
    let usps = provider_for(&client, &shop, &order(&client, &shop, &id).await, "USPS").await;
    sb.sandbox().throttle_next(2, 0);
    let outcome = client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect("shipped after two 429s");
    assert!(
        matches!(outcome, ShipOutcome::Shipped { .. }),
        "{outcome:?}"
    );
    assert_eq!(sb.sandbox().shipments().len(), 1);
}

#[tokio::test]
async fn lines_ship_in_parts_and_a_late_one_is_flagged() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let shop = connect(&sb, &client, "Split Ship Shop").await;
    let id = sb
        .sandbox()
        .place_order(&shop.id, &two_units("AWAITING_SHIPMENT", "SELLER"));
    assert!(sb.sandbox().make_overdue(&id));
    let placed = order(&client, &shop, &id).await;
    assert!(placed.rts_sla_time < chrono::Utc::now().timestamp());
    let ups = provider_for(&client, &shop, &placed, "UPS").await;
    let lines: Vec<String> = placed.line_items.iter().map(|l| l.id.clone()).collect();
    let part = |tracking: &str, line: &str| MarkShipped {
        tracking_number: tracking.into(),
        shipping_provider_id: ups.id.clone(),
        order_line_item_ids: vec![line.to_owned()],
    };

    let first = client
        .mark_shipped(&shop.auth, &id, &part("1Z999AA10123456784", &lines[0]))
        .await
        .expect("first line");
    assert!(matches!(first, ShipOutcome::Shipped { warning: None, .. }));
    assert_eq!(
        order(&client, &shop, &id).await.status,
        "PARTIALLY_SHIPPING"
    );

    let unnamed = MarkShipped {
        order_line_item_ids: Vec::new(),
        ..part("1Z999AA10123456785", &lines[1])
    };
    let err = client
        .mark_shipped(&shop.auth, &id, &unnamed)
        .await
        .expect_err("lines must be named");
    assert_eq!(err.code(), Some(codes::NAME_THE_LINES));

    // A USPS-looking number on UPS: accepted with the marketplace's warning.
    let second = client
        .mark_shipped(&shop.auth, &id, &part(TRACKING, &lines[1]))
        .await
        .expect("second line");
    let ShipOutcome::Shipped {
        warning: Some(warning),
        ..
    } = second
    else {
        panic!("expected a warning, got {second:?}");
    };
    assert!(warning.contains("USPS"), "{warning}");

    let done = order(&client, &shop, &id).await;
    assert_eq!(done.status, "AWAITING_COLLECTION");
    assert_eq!(done.packages.len(), 2);
    let shipments = sb.sandbox().shipments();
    assert_eq!(shipments.len(), 2);
    assert!(
        shipments.iter().all(|s| s.late),
        "shipped past the ship-by time"
    );
}

/// Accepts HTTP requests on a loopback port and hands each body and `Authorization` header
/// over, answering 200 with an empty body as the marketplace expects.
async fn webhook_receiver() -> (String, mpsc::UnboundedReceiver<(Vec<u8>, String)>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!(
        "http://{}/tiktok/webhook",
        listener.local_addr().expect("addr")
    );
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                loop {
                    let Ok(n) = socket.read(&mut chunk).await else {
                        return;
                    };
                    if n == 0 {
                        return;
                    }
                    buf.extend_from_slice(&chunk[..n]);
                    let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else {
                        continue;
                    };
                    let head = String::from_utf8_lossy(&buf[..end]).to_string();
                    let header = |name: &str| {
                        head.lines()
                            .filter_map(|l| l.split_once(':'))
                            .find(|(k, _)| k.trim().eq_ignore_ascii_case(name))
                            .map(|(_, v)| v.trim().to_owned())
                    };
                    let length: usize = header("content-length")
                        .and_then(|v| v.parse().ok())
                        .unwrap_or(0);
                    if buf.len() < end + 4 + length {
                        continue;
                    }
                    let body = buf[end + 4..end + 4 + length].to_vec();
                    let _ = tx.send((body, header("authorization").unwrap_or_default()));
                    let _ = socket
                        .write_all(
                            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                        )
                        .await;
                    return;
                }
            });
        }
    });
    (address, rx)
}

#[tokio::test]
async fn shipping_is_announced_as_an_order_status_change() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let shop = connect(&sb, &client, "Hooked Shop").await;
    // The sandbox's own order moves stay quiet; a change made through the API is announced.
    sb.sandbox().set_auto_webhooks(false);
    let id = sb
        .sandbox()
        .place_order(&shop.id, &two_units("AWAITING_SHIPMENT", "SELLER"));
    let (address, mut received) = webhook_receiver().await;
    client
        .set_webhook(&shop.auth, ORDER_STATUS_CHANGE, &address)
        .await
        .expect("subscribe");
    let usps = provider_for(&client, &shop, &order(&client, &shop, &id).await, "USPS").await;
    client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect("shipped");

    let (body, authorization) = tokio::time::timeout(Duration::from_secs(10), received.recv())
        .await
        .expect("a delivery in time")
        .expect("a delivery");
    assert!(verify_webhook(
        &sb.sandbox().app_key(),
        &sb.sandbox().app_secret(),
        &body,
        &authorization
    ));
    let note: serde_json::Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(note["type"], 1);
    assert_eq!(note["shop_id"], shop.id.as_str());
    assert_eq!(note["data"]["order_id"], id.as_str());
    assert_eq!(note["data"]["order_status"], "AWAITING_COLLECTION");

    // A refused repeat changes nothing and announces nothing.
    let again = client
        .mark_shipped(&shop.auth, &id, &usps_tracking(&usps))
        .await
        .expect("repeat");
    assert_eq!(again, ShipOutcome::AlreadyShipped);
    let deadline = Instant::now() + Duration::from_secs(5);
    while sb.sandbox().deliveries().is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let deliveries = sb.sandbox().deliveries();
    assert_eq!(deliveries.len(), 1, "{deliveries:?}");
    assert_eq!(deliveries[0].order_status, "AWAITING_COLLECTION");
    assert_eq!(deliveries[0].http_status, Some(200));
}
