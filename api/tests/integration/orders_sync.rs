//! Orders from TikTok into the desk: the incremental sync over updates that arrive out of
//! order and twice, SKU lines folded into quantities, the recipient hidden then filled, money
//! read exactly, fees estimated then settled with the net amount, and `ORDER_STATUS_CHANGE`
//! webhooks — a forged one refused, a genuine one pulling the order at once.

use std::collections::HashMap;
use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};
use sqlx::Row;

const HISTORIES: &str = "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { id type status error attempts } } }";
const WEBHOOK_PATH: &str = "/webhooks/tiktok";

/// A connected shop whose first sync finished: (our id, the marketplace's id, client id).
struct Shop {
    id: String,
    external: String,
    client: String,
}

async fn connected(s: &Server, admin: &str, name: &str) -> Shop {
    let id = connect_tiktok_shop(s, admin, name).await;
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let row = sqlx::query("SELECT external_shop_id, client_id FROM shops WHERE id = $1")
        .bind(&id)
        .fetch_one(&mut *conn)
        .await
        .expect("shop row");
    let shop = Shop {
        id,
        external: row.try_get("external_shop_id").expect("external id"),
        client: row.try_get("client_id").expect("client"),
    };
    // authorizeShop queued the first sync; it subscribes the webhook too.
    wait_for(Duration::from_secs(60), || async {
        let jobs = jobs_of(s, admin, "shop.sync").await;
        jobs.iter().any(|j| j["status"] == "SUCCESS").then_some(())
    })
    .await
    .unwrap_or_else(|| {
        panic!(
            "first shop.sync did not finish; log:\n{}",
            tail(&s.log(), 40)
        )
    });
    shop
}

async fn jobs_of(s: &Server, token: &str, kind: &str) -> Vec<Value> {
    s.ok(
        HISTORIES,
        json!({ "f": { "type": kind, "limit": 100 } }),
        Some(token),
    )
    .await["getEventHistories"]["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Runs `syncShop` and waits for it.
async fn sync_now(s: &Server, admin: &str, shop: &Shop) {
    let batch = s
        .ok(
            "mutation($id: ID!) { syncShop(id: $id) { batchId queued } }",
            json!({ "id": shop.id }),
            Some(admin),
        )
        .await["syncShop"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(s, admin, &batch, Duration::from_secs(180)).await;
    assert_eq!(done["succeeded"], 1, "{done}\nlog:\n{}", tail(&s.log(), 40));
}

/// The stored order of a marketplace order id, as a map of its columns.
async fn stored(s: &Server, shop: &Shop, external: &str) -> Option<HashMap<String, Value>> {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let row = sqlx::query(
        "SELECT id, status, marketplace_status, recipient_name, recipient_address1, recipient_city, total_amount_cents,
            commission_fee_cents, transaction_fee_cents, shipping_fee_cents, refund_amount_cents, net_amount_cents,
            revenue_estimate_cents, CASE WHEN fees_settled THEN 1 ELSE 0 END AS settled, ship_by_at, fulfillment_cost_cents
         FROM orders WHERE shop_id = $1 AND external_order_id = $2",
    )
    .bind(&shop.id)
    .bind(external)
    .fetch_optional(&mut *conn)
    .await
    .expect("order row")?;
    let text = |c: &str| {
        row.try_get::<Option<String>, _>(c)
            .expect(c)
            .map_or(Value::Null, Value::from)
    };
    let int = |c: &str| Value::from(row.try_get::<i64, _>(c).expect(c));
    let mut m = HashMap::new();
    for c in [
        "id",
        "status",
        "marketplace_status",
        "recipient_name",
        "recipient_address1",
        "recipient_city",
        "ship_by_at",
    ] {
        m.insert(c.to_owned(), text(c));
    }
    for c in [
        "total_amount_cents",
        "commission_fee_cents",
        "transaction_fee_cents",
        "shipping_fee_cents",
        "refund_amount_cents",
        "net_amount_cents",
        "revenue_estimate_cents",
        "settled",
        "fulfillment_cost_cents",
    ] {
        m.insert(c.to_owned(), int(c));
    }
    Some(m)
}

/// `(external_item_id, quantity, sale_price_cents)` of an order's items, by SKU.
/// The marketplace ids of the orders a desk search finds.
async fn searched(s: &Server, token: &str, search: &str) -> Vec<String> {
    let data = s
        .ok(
            "query($f: OrderFilter) { getOrders(filter: $f) { items { externalOrderId } } }",
            json!({ "f": { "search": search } }),
            Some(token),
        )
        .await;
    data["getOrders"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|o| o["externalOrderId"].as_str().expect("id").to_owned())
        .collect()
}

async fn items(s: &Server, order_id: &str) -> Vec<(String, i64, i64)> {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let rows = sqlx::query(
        "SELECT external_item_id, quantity, sale_price_cents FROM order_items WHERE order_id = $1 ORDER BY external_item_id",
    )
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await
    .expect("items");
    rows.iter()
        .map(|r| {
            (
                r.try_get("external_item_id").expect("id"),
                r.try_get::<i64, _>("quantity").expect("quantity"),
                r.try_get::<i64, _>("sale_price_cents").expect("price"),
            )
        })
        .collect()
}

/// `(source, from, to, marketplace status)` of an order's timeline, oldest first.
async fn timeline(s: &Server, order_id: &str) -> Vec<(String, Option<String>, String, String)> {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let rows = sqlx::query(
        "SELECT source, from_status, to_status, marketplace_status FROM order_events WHERE order_id = $1 ORDER BY created_at, id",
    )
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await
    .expect("events");
    rows.iter()
        .map(|r| {
            (
                r.try_get("source").expect("source"),
                r.try_get("from_status").expect("from"),
                r.try_get("to_status").expect("to"),
                r.try_get::<Option<String>, _>("marketplace_status")
                    .expect("marketplace")
                    .unwrap_or_default(),
            )
        })
        .collect()
}

fn unit(sku: &str, price: &str) -> (String, String, String, String) {
    (
        sku.to_owned(),
        format!("9{sku}"),
        format!("Product {sku}"),
        price.to_owned(),
    )
}

fn rank(status: &str) -> usize {
    [
        "UNPAID",
        "ON_HOLD",
        "AWAITING_SHIPMENT",
        "PARTIALLY_SHIPPING",
        "AWAITING_COLLECTION",
        "IN_TRANSIT",
        "DELIVERED",
        "COMPLETED",
        "CANCELLED",
    ]
    .iter()
    .position(|s| *s == status)
    .unwrap_or_else(|| panic!("unknown status {status}"))
}

#[tokio::test]
async fn a_thousand_orders_replayed_out_of_order_and_twice_are_stored_once_and_never_rolled_back() {
    // The shop comes with a thousand orders in every status, and the marketplace serves every
    // state each order has been in, twice, out of order, from the very first sync on.
    let s = Server::start_with_sandbox(
        &[],
        sandbox::tiktok::SandboxConfig {
            orders_per_shop: 1_000,
            ..sandbox_config()
        },
    )
    .await;
    s.sandbox().replay_all_orders(true);
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected(&s, &admin, "Busy Shop").await;
    let sb = s.sandbox();
    sb.set_auto_webhooks(false);
    // Orders walk on, and the next sync sees their new states mixed with the old ones.
    sb.advance_orders(&shop.external, 1_000);
    sb.advance_orders(&shop.external, 600);
    sync_now(&s, &admin, &shop).await;
    // A second pass over the same replay changes nothing.
    sync_now(&s, &admin, &shop).await;
    sb.replay_all_orders(false);

    let ids = sb.order_ids(&shop.external);
    assert!(ids.len() >= 1_000);
    let db = database(&s).await;
    let mut conn = db.conn().await.expect("connection");
    assert_eq!(
        domain::orders::count_of_shop(&mut conn, &shop.client, &shop.id)
            .await
            .expect("count"),
        ids.len() as i64,
        "every order once"
    );
    let rows = sqlx::query(
        "SELECT id, external_order_id, marketplace_status, status FROM orders WHERE shop_id = $1",
    )
    .bind(&shop.id)
    .fetch_all(&mut *conn)
    .await
    .expect("orders");
    let stored: HashMap<String, (String, String, String)> = rows
        .iter()
        .map(|r| {
            (
                r.try_get("external_order_id").expect("external"),
                (
                    r.try_get("id").expect("id"),
                    r.try_get("marketplace_status").expect("marketplace"),
                    r.try_get("status").expect("status"),
                ),
            )
        })
        .collect();
    let item_rows = sqlx::query(
        "SELECT o.external_order_id, CAST(SUM(i.quantity) AS BIGINT) AS units, CAST(COUNT(*) AS BIGINT) AS skus
         FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.shop_id = $1 GROUP BY o.external_order_id",
    )
    .bind(&shop.id)
    .fetch_all(&mut *conn)
    .await
    .expect("items");
    let units: HashMap<String, (i64, i64)> = item_rows
        .iter()
        .map(|r| {
            (
                r.try_get("external_order_id").expect("external"),
                (
                    r.try_get("units").expect("units"),
                    r.try_get("skus").expect("skus"),
                ),
            )
        })
        .collect();
    let events = sqlx::query(
        "SELECT e.order_id, e.from_status, e.to_status, e.marketplace_status FROM order_events e
         JOIN orders o ON o.id = e.order_id WHERE o.shop_id = $1 ORDER BY e.created_at, e.id",
    )
    .bind(&shop.id)
    .fetch_all(&mut *conn)
    .await
    .expect("events");
    let mut by_order: HashMap<String, Vec<String>> = HashMap::new();
    for e in &events {
        let order: String = e.try_get("order_id").expect("order");
        let m: Option<String> = e.try_get("marketplace_status").expect("marketplace");
        by_order
            .entry(order)
            .or_default()
            .push(m.unwrap_or_default());
    }
    for id in &ids {
        let now = sb.order(id).expect("sandbox order");
        let (order_id, marketplace, _status) = stored
            .get(id)
            .unwrap_or_else(|| panic!("order {id} not stored"));
        assert_eq!(
            marketplace,
            now["status"].as_str().expect("status"),
            "order {id} is where the marketplace has it"
        );
        let lines = now["line_items"].as_array().expect("lines");
        let mut skus: Vec<&str> = lines.iter().filter_map(|l| l["sku_id"].as_str()).collect();
        skus.sort_unstable();
        skus.dedup();
        assert_eq!(
            units.get(id).copied(),
            Some((lines.len() as i64, skus.len() as i64)),
            "order {id}: one item per SKU carrying every unit"
        );
        let seen = by_order.get(order_id).cloned().unwrap_or_default();
        assert!(!seen.is_empty(), "order {id} has its first status");
        assert!(
            seen.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
            "order {id} went back: {seen:?}"
        );
    }
}

#[tokio::test]
async fn quantities_fold_money_is_exact_and_the_recipient_appears_once_shown() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected(&s, &admin, "Folding Shop").await;
    let sb = s.sandbox();
    sb.set_auto_webhooks(false);
    let id = sb.place_order(
        &shop.external,
        &sandbox::tiktok::NewOrder {
            status: "ON_HOLD".into(),
            units: vec![
                unit("111", "19.99"),
                unit("222", "0.1"),
                unit("111", "19.99"),
                unit("222", "0.2"),
                unit("111", "19.99"),
            ],
            shipping_fee: "4.99".into(),
            shipping_type: "SELLER".into(),
        },
    );
    sync_now(&s, &admin, &shop).await;
    let order = stored(&s, &shop, &id).await.expect("order stored");
    // 3 × 19.99 + 0.10 + 0.20 + 4.99, exactly.
    assert_eq!(order["total_amount_cents"], 6526);
    assert_eq!(order["marketplace_status"], "ON_HOLD");
    assert_eq!(order["status"], "AWAITING_FULFILLMENT");
    assert!(order["recipient_name"].is_null(), "hidden while ON_HOLD");
    let order_id = order["id"].as_str().expect("id").to_owned();
    assert_eq!(
        items(&s, &order_id).await,
        vec![("111".to_owned(), 3, 1999), ("222".to_owned(), 2, 15)]
    );

    assert!(sb.move_order(&id, "AWAITING_SHIPMENT"));
    sync_now(&s, &admin, &shop).await;
    let order = stored(&s, &shop, &id).await.expect("order");
    assert_eq!(order["marketplace_status"], "AWAITING_SHIPMENT");
    assert!(order["recipient_name"].is_string(), "{order:?}");
    assert_eq!(order["recipient_address1"], "742 Evergreen Terrace");
    assert_eq!(order["recipient_city"], "Springfield");
    assert!(order["ship_by_at"].is_string(), "ship-by from rts_sla_time");

    // The hidden state served again (a lagging replica) neither hides nor moves it back.
    sb.replay_orders(&shop.external, true);
    sync_now(&s, &admin, &shop).await;
    sb.replay_orders(&shop.external, false);
    let again = stored(&s, &shop, &id).await.expect("order");
    assert_eq!(again["marketplace_status"], "AWAITING_SHIPMENT");
    assert_eq!(again["recipient_name"], order["recipient_name"]);
    assert_eq!(items(&s, &order_id).await.len(), 2);
    // The desk's search follows what the sync wrote: the recipient shown, kept while hidden again.
    let name = order["recipient_name"]
        .as_str()
        .expect("name")
        .to_uppercase();
    assert!(searched(&s, &admin, &name).await.contains(&id), "by {name}");
    assert_eq!(searched(&s, &admin, &id).await, vec![id.clone()]);
    let events = timeline(&s, &order_id).await;
    assert_eq!(events.len(), 1, "no status change, no new row: {events:?}");
    assert_eq!(events[0].0, "SYNC");
    assert_eq!(events[0].2, "AWAITING_FULFILLMENT");

    // Cancelled is the end: nothing older takes it back, and nothing is kept of it.
    assert!(sb.move_order(&id, "CANCELLED"));
    sync_now(&s, &admin, &shop).await;
    let cancelled = stored(&s, &shop, &id).await.expect("order");
    assert_eq!(cancelled["status"], "CANCELLED");
    assert_eq!(cancelled["refund_amount_cents"], 6526);
    assert_eq!(cancelled["net_amount_cents"], 0);
    sb.replay_orders(&shop.external, true);
    sync_now(&s, &admin, &shop).await;
    assert_eq!(
        stored(&s, &shop, &id).await.expect("order")["status"],
        "CANCELLED"
    );
    let events = timeline(&s, &order_id).await;
    assert_eq!(
        events.iter().map(|e| e.2.as_str()).collect::<Vec<_>>(),
        vec!["AWAITING_FULFILLMENT", "CANCELLED"]
    );
    assert_eq!(events[1].1.as_deref(), Some("AWAITING_FULFILLMENT"));
}

#[tokio::test]
async fn fees_are_estimated_until_settled_and_the_net_follows() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected(&s, &admin, "Fees Shop").await;
    s.ok(
        "mutation($id: ID!) { updateShop(id: $id, input: { commissionRate: 10 }) { commissionRate } }",
        json!({ "id": shop.id }),
        Some(&admin),
    )
    .await;
    let sb = s.sandbox();
    sb.set_auto_webhooks(false);
    let refunded = sb.place_order(
        &shop.external,
        &sandbox::tiktok::NewOrder {
            units: vec![unit("301", "19.99"), unit("301", "19.99")],
            shipping_fee: "4.99".into(),
            ..Default::default()
        },
    );
    let labelled = sb.place_order(
        &shop.external,
        &sandbox::tiktok::NewOrder {
            units: vec![unit("302", "25.00")],
            shipping_fee: "5.00".into(),
            shipping_type: "TIKTOK".into(),
            ..Default::default()
        },
    );
    sync_now(&s, &admin, &shop).await;
    // Estimated: 10 % commission of 44.97 = 4.497 → 4.50; 2.9 % transaction fee = 1.30413 → 1.30.
    let estimated = stored(&s, &shop, &refunded).await.expect("order");
    assert_eq!(estimated["settled"], 0);
    assert_eq!(estimated["total_amount_cents"], 4497);
    assert_eq!(estimated["commission_fee_cents"], 450);
    assert_eq!(estimated["transaction_fee_cents"], 130);
    assert_eq!(estimated["shipping_fee_cents"], 0);
    assert_eq!(estimated["net_amount_cents"], 4497 - 450 - 130);

    // Completed and settled: the statement's own figures (6 % referral of what was kept,
    // 2.9 % of what the buyer paid net of the refund; the label TikTok bought).
    assert!(sb.refund_order(&refunded, "19.99"));
    assert!(sb.move_order(&refunded, "COMPLETED"));
    assert!(sb.move_order(&labelled, "COMPLETED"));
    sync_now(&s, &admin, &shop).await;
    let settled = stored(&s, &shop, &refunded).await.expect("order");
    assert_eq!(settled["settled"], 1, "{settled:?}");
    assert_eq!(settled["commission_fee_cents"], 120); // 6 % of 19.99
    assert_eq!(settled["transaction_fee_cents"], 72); // 2.9 % of 24.98
    assert_eq!(settled["shipping_fee_cents"], 0);
    assert_eq!(settled["refund_amount_cents"], 1999);
    assert_eq!(settled["net_amount_cents"], 4497 - 120 - 72 - 1999);
    assert_eq!(settled["revenue_estimate_cents"], 4497 - 120 - 72 - 1999);
    let labelled = stored(&s, &shop, &labelled).await.expect("order");
    assert_eq!(labelled["settled"], 1);
    assert_eq!(labelled["commission_fee_cents"], 150);
    assert_eq!(labelled["transaction_fee_cents"], 87);
    assert_eq!(labelled["shipping_fee_cents"], 571);
    assert_eq!(labelled["net_amount_cents"], 3000 - 150 - 87 - 571);

    // A later sync keeps what was settled.
    sync_now(&s, &admin, &shop).await;
    assert_eq!(
        stored(&s, &shop, &refunded).await.expect("order")["net_amount_cents"],
        4497 - 120 - 72 - 1999
    );
}

#[tokio::test]
async fn a_forged_webhook_is_refused_and_a_genuine_one_pulls_the_order_at_once() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connected(&s, &admin, "Hooked Shop").await;
    let sb = s.sandbox();
    // The first sync subscribed the shop's order changes to this server.
    assert_eq!(
        sb.webhook_address(&shop.external, "ORDER_STATUS_CHANGE"),
        Some(format!("{}{WEBHOOK_PATH}", s.url))
    );
    sb.set_auto_webhooks(false);
    let id = sb.place_order(&shop.external, &sandbox::tiktok::NewOrder::default());

    // Forged: refused, and nothing pulled.
    assert_eq!(sb.send_badly_signed_webhook(&id).await, Some(401));
    let http = reqwest::Client::new();
    let unsigned = http
        .post(format!("{}{WEBHOOK_PATH}", s.url))
        .header("content-type", "application/json")
        .body(r#"{"type":1,"shop_id":"1","data":{"order_id":"1"}}"#)
        .send()
        .await
        .expect("post");
    assert_eq!(unsigned.status().as_u16(), 401);
    assert!(jobs_of(&s, &admin, "order.sync").await.is_empty());
    assert!(stored(&s, &shop, &id).await.is_none());
    let log = s.log();
    assert!(
        log.contains("TikTok webhook refused"),
        "refusals are logged"
    );
    assert!(
        !log.contains(&sb.app_secret()),
        "the log never holds the secret"
    );

    // Genuine: the order is pulled at once, by the webhook.
    assert_eq!(sb.send_webhook(&id).await, Some(200));
    let order = wait_for(Duration::from_secs(30), || async {
        stored(&s, &shop, &id).await
    })
    .await
    .unwrap_or_else(|| panic!("the webhook pulled nothing; log:\n{}", tail(&s.log(), 40)));
    assert_eq!(order["marketplace_status"], "AWAITING_SHIPMENT");
    let order_id = order["id"].as_str().expect("id").to_owned();
    let events = timeline(&s, &order_id).await;
    assert_eq!(events[0].0, "WEBHOOK", "{events:?}");

    // The same delivery again pulls nothing more; the next change pulls again.
    assert_eq!(sb.send_webhook(&id).await, Some(200));
    assert_eq!(jobs_of(&s, &admin, "order.sync").await.len(), 1);
    assert!(sb.move_order(&id, "AWAITING_COLLECTION"));
    // Every state again, twice and shuffled: each is acknowledged; none takes it back.
    for answer in sb.replay_webhooks(&id).await {
        assert_eq!(answer, Some(200));
    }
    let moved = wait_for(Duration::from_secs(30), || async {
        let jobs = jobs_of(&s, &admin, "order.sync").await;
        let done = jobs.iter().all(|j| j["status"] == "SUCCESS");
        let order = stored(&s, &shop, &id).await?;
        (done && order["marketplace_status"] == "AWAITING_COLLECTION").then_some(order)
    })
    .await
    .unwrap_or_else(|| panic!("the change was not pulled; log:\n{}", tail(&s.log(), 40)));
    assert_eq!(moved["status"], "IN_TRANSIT");
    // One pull per distinct state: the placed order's states plus the new one.
    let states = sb.order_history(&id).len();
    assert_eq!(jobs_of(&s, &admin, "order.sync").await.len(), states);
    let events = timeline(&s, &order_id).await;
    assert_eq!(
        events.iter().map(|e| e.2.as_str()).collect::<Vec<_>>(),
        vec!["AWAITING_FULFILLMENT", "IN_TRANSIT"]
    );
}
