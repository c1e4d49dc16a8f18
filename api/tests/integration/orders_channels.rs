//! Amazon and Walmart orders on the order desk, over HTTP against their stand-ins: every order
//! once, page after page, under 500s and 429s (which reschedule without spending an attempt),
//! with the desk's status, the ship-by deadline, the total and the channel's referral fee; a
//! second sync changes nothing; Amazon's address read only while an order needs shipping;
//! Walmart orders acknowledged once stored; an item linked to the catalogue by its seller SKU;
//! the access tokens of both channels renewed when they expire (Amazon's new one stored); an
//! order of each fulfilled through a provider with its tracking written back exactly once, even
//! when the first write's answer is lost and the write-back is delivered twice; tenancy.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::common::*;
use chrono::{DateTime, Utc};
use jobs::JobKind;
use sandbox::gateway::{Fault, Faults};
use sandbox::providers::Provider;
use serde_json::{Value, json};
use sqlx::Row;

/// Syncs only when a test asks; retries fast; two attempts, so a 429 that spent one would fail
/// the job.
const ENV: [(&str, &str); 2] = [("CRON_SHOP_SYNC", "0 0 0 1 1 *"), ("JOB_MAX_ATTEMPTS", "2")];

/// A test's own referral fee check: the channel's default rate, rounded half away from zero.
fn fee(total: i64, percent: i64) -> i64 {
    (total * percent + 50) / 100
}

async fn shop_sync_jobs(s: &Server, admin: &str) -> Vec<Value> {
    s.ok(
        "query { getEventHistories(filter: { type: \"shop.sync\", limit: 100 }) { items { id status error attempts } } }",
        json!({}),
        Some(admin),
    )
    .await["getEventHistories"]["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Waits until every queued `shop.sync` (the ones connecting queued) succeeded.
async fn first_syncs(s: &Server, admin: &str, shops: usize) {
    let done = wait_for(Duration::from_secs(90), || async {
        let jobs = shop_sync_jobs(s, admin).await;
        (jobs.len() >= shops && jobs.iter().all(|j| j["status"] == "SUCCESS")).then_some(())
    })
    .await;
    if done.is_none() {
        panic!(
            "the first syncs did not finish: {:?}\nlog:\n{}",
            shop_sync_jobs(s, admin).await,
            tail(&s.log(), 60)
        );
    }
}

async fn desk_status(s: &Server, admin: &str, order_id: &str) -> Value {
    s.ok(
        "query($id: ID!) { getOrderById(orderId: $id) { status } }",
        json!({ "id": order_id }),
        Some(admin),
    )
    .await["getOrderById"]["status"]
        .clone()
}

/// `syncShop` and its job's end: (succeeded, attempts spent).
async fn sync_now(s: &Server, admin: &str, shop_id: &str) -> (bool, i64) {
    let batch = s
        .ok(
            "mutation($id: ID!) { syncShop(id: $id) { batchId } }",
            json!({ "id": shop_id }),
            Some(admin),
        )
        .await["syncShop"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(s, admin, &batch, Duration::from_secs(240)).await;
    let jobs = s
        .ok(
            "query($b: ID!) { getEventHistories(filter: { batchId: $b }) { items { status attempts error } } }",
            json!({ "b": batch }),
            Some(admin),
        )
        .await["getEventHistories"]["items"][0]
        .clone();
    (
        done["succeeded"] == 1,
        jobs["attempts"].as_i64().unwrap_or(-1),
    )
}

/// The desk's orders of a shop by marketplace id: what the tests compare.
async fn desk(s: &Server, shop_id: &str) -> BTreeMap<String, Value> {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let rows = sqlx::query(
        "SELECT o.external_order_id, o.status, o.marketplace_status, o.ship_by_at, o.total_amount_cents,
            o.commission_fee_cents, o.transaction_fee_cents, o.refund_amount_cents, o.net_amount_cents,
            o.recipient_address1, o.recipient_region_code,
            (SELECT COUNT(*) FROM order_events e WHERE e.order_id = o.id) AS events,
            (SELECT CAST(SUM(i.quantity) AS BIGINT) FROM order_items i WHERE i.order_id = o.id) AS units
         FROM orders o WHERE o.shop_id = $1",
    )
    .bind(shop_id)
    .fetch_all(&mut *conn)
    .await
    .expect("orders");
    rows.iter()
        .map(|r| {
            let text = |c: &str| {
                r.try_get::<Option<String>, _>(c)
                    .expect(c)
                    .map_or(Value::Null, Value::from)
            };
            let int = |c: &str| Value::from(r.try_get::<Option<i64>, _>(c).expect(c));
            let id: String = r.try_get("external_order_id").expect("id");
            let mut v = json!({});
            for c in [
                "status",
                "marketplace_status",
                "ship_by_at",
                "recipient_address1",
                "recipient_region_code",
            ] {
                v[c] = text(c);
            }
            for c in [
                "total_amount_cents",
                "commission_fee_cents",
                "transaction_fee_cents",
                "refund_amount_cents",
                "net_amount_cents",
                "events",
                "units",
            ] {
                v[c] = int(c);
            }
            (id, v)
        })
        .collect()
}

fn secs(text: &str) -> i64 {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc).timestamp())
        .unwrap_or_else(|e| panic!("{text:?} is not a time: {e}"))
}

/// Checks one desk order's money: the total, the channel's referral fee and no other fee
/// (Amazon and Walmart charge none), the net; a cancelled order keeps nothing.
fn money_ok(id: &str, row: &Value, total: i64, percent: i64) {
    assert_eq!(row["total_amount_cents"], total, "{id}: {row}");
    assert_eq!(row["transaction_fee_cents"], 0, "{id}: {row}");
    if row["status"] == "CANCELLED" {
        assert_eq!(row["refund_amount_cents"], total, "{id}: {row}");
        assert_eq!(row["net_amount_cents"], 0, "{id}: {row}");
    } else {
        assert_eq!(
            row["commission_fee_cents"],
            fee(total, percent),
            "{id}: {row}"
        );
        assert_eq!(
            row["net_amount_cents"],
            total - fee(total, percent),
            "{id}: {row}"
        );
    }
}

/// Connects a new Amazon seller that already has `more` generated orders besides the stand-in's
/// own, as `connect_amazon_shop` does; answers (shop id, selling partner id).
async fn amazon_seller_with_orders(
    s: &Server,
    admin: &str,
    store: &str,
    more: usize,
) -> (String, String) {
    let link = s
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: AMAZON) }",
            json!({}),
            Some(admin),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let granted = s.amazon().grant_seller(store);
    s.amazon().add_orders(&granted.selling_partner_id, more);
    let shop = s
        .ok(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id } }",
            json!({ "i": { "code": granted.spapi_oauth_code, "state": state_of(&link),
                "saleChannel": "AMAZON", "sellingPartnerId": granted.selling_partner_id } }),
            Some(admin),
        )
        .await["authorizeShop"]["id"]
        .as_str()
        .expect("shop")
        .to_owned();
    (shop, granted.selling_partner_id)
}

/// Connects a new Walmart seller that already has `more` generated orders besides the
/// stand-in's own; answers (shop id, client id).
async fn walmart_seller_with_orders(
    s: &Server,
    admin: &str,
    name: &str,
    more: usize,
) -> (String, String) {
    let seller = s.walmart().add_seller(name);
    s.walmart().add_orders(&seller.client_id, more);
    let shop = s
        .ok(
            "mutation($i: ConnectWalmartShopInput!) { connectWalmartShop(input: $i) { id } }",
            json!({ "i": { "clientId": seller.client_id, "clientSecret": seller.client_secret, "name": name } }),
            Some(admin),
        )
        .await["connectWalmartShop"]["id"]
        .as_str()
        .expect("shop")
        .to_owned();
    (shop, seller.client_id)
}

fn pages_read(ledger: &[sandbox::gateway::CallRecord], operation: &str) -> usize {
    ledger
        .iter()
        .filter(|c| c.operation == operation && c.status == 200)
        .count()
}

/// A print-on-demand product of the demo client with one variant of this SKU, no design yet.
async fn catalogue_variant(s: &Server, admin: &str, sku: &str) -> String {
    let client: String = s
        .ok("{ getMe { client { id } } }", json!({}), Some(admin))
        .await["getMe"]["client"]["id"]
        .as_str()
        .expect("client")
        .to_owned();
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let (product, variant) = (domain::ids::new_id(), domain::ids::new_id());
    let now = domain::time::now_db();
    sqlx::query("INSERT INTO products (id, client_id, name, source, type, created_at, updated_at) VALUES ($1, $2, 'Linked Tee', 'POD', 'POD', $3, $3)")
        .bind(&product)
        .bind(&client)
        .bind(&now)
        .execute(&mut *conn)
        .await
        .expect("product");
    sqlx::query("INSERT INTO product_variants (id, client_id, product_id, sku, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)")
        .bind(&variant)
        .bind(&client)
        .bind(&product)
        .bind(sku)
        .bind(&now)
        .execute(&mut *conn)
        .await
        .expect("variant");
    variant
}

async fn variant_of_item(s: &Server, shop_id: &str, external: &str) -> Option<String> {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query_scalar(
        "SELECT i.variant_id FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.shop_id = $1 AND o.external_order_id = $2",
    )
    .bind(shop_id)
    .bind(external)
    .fetch_one(&mut *conn)
    .await
    .expect("item")
}

/// The sealed access token of a shop, opened as the server would.
async fn access_token(s: &Server, shop_id: &str) -> String {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let sealed: String =
        sqlx::query_scalar("SELECT access_token_encrypted FROM shops WHERE id = $1")
            .bind(shop_id)
            .fetch_one(&mut *conn)
            .await
            .expect("token");
    let secrets =
        domain::secrets::Secrets::load(s.env.get("SECRETS_KEY").map(String::as_str), s.data_dir())
            .expect("the server's secrets key");
    secrets.open(&sealed).expect("a sealed token")
}

fn calls(ledger: &[sandbox::gateway::CallRecord], operation: &str) -> usize {
    ledger.iter().filter(|c| c.operation == operation).count()
}

/// Amazon's status of an order as the desk shows it, by the channel's own table.
fn amazon_desk_status(status: &str) -> &'static str {
    match status {
        "Pending" | "Unshipped" => "AWAITING_FULFILLMENT",
        "PartiallyShipped" | "Shipped" => "IN_TRANSIT",
        "Canceled" => "CANCELLED",
        other => panic!("the stand-in made a {other} order"),
    }
}

#[tokio::test]
async fn amazon_orders_arrive_once_page_by_page_under_faults_and_a_second_sync_changes_nothing() {
    let s = Server::start_with(&ENV).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    // Every per-order call fast enough for a test: the client follows the rate Amazon's
    // headers name.
    for op in [
        "getOrderItems",
        "getOrderAddress",
        "getOrder",
        "createRestrictedDataToken",
    ] {
        assert!(s.amazon().set_rate(op, 50.0, 50.0));
    }
    assert!(s.amazon().set_rate("getOrders", 2.0, 20.0));
    // A seller with more orders than a page: the first sync reads them page by page.
    let (shop, seller) = amazon_seller_with_orders(&s, &admin, "Prairie Tees", 110).await;
    first_syncs(&s, &admin, 1).await;
    let first = desk(&s, &shop).await;
    assert_eq!(first.len(), 12 + 110, "the seller's orders, each once");
    assert!(pages_read(&s.amazon().ledger(), "getOrders") >= 2);
    // The address is read (through a Restricted Data Token) for the orders to ship, only.
    let to_ship = first
        .values()
        .filter(|o| o["marketplace_status"] == "Unshipped")
        .count();
    assert!(to_ship > 0);
    assert_eq!(calls(&s.amazon().ledger(), "getOrderAddress"), to_ship);

    // New orders, more than a page again, one of a SKU of the catalogue.
    let variant = catalogue_variant(&s, &admin, "SD-LINKED-TEE-M").await;
    let linked = s.amazon().place_order(
        &seller,
        &sandbox::amazon::NewOrder {
            items: vec![sandbox::amazon::NewOrderItem {
                sku: "SD-LINKED-TEE-M".into(),
                title: "Linked Tee, M".into(),
                quantity: 3,
                price: "19.50".into(),
            }],
            ..sandbox::amazon::NewOrder::default()
        },
    );
    // New orders, placed now (the stand-in's generated ones are back-dated, before the cursor).
    for n in 0..110u32 {
        s.amazon().place_order(
            &seller,
            &sandbox::amazon::NewOrder {
                items: vec![sandbox::amazon::NewOrderItem {
                    sku: format!("TEE-{}", ["BLACK-M", "WHITE-L", "NAVY-S"][n as usize % 3]),
                    title: "Sandbox Tee".into(),
                    quantity: 1 + n % 2,
                    price: "24.99".into(),
                }],
                ..sandbox::amazon::NewOrder::default()
            },
        );
    }
    // Ten 429s (QuotaExceeded with x-amzn-RateLimit-Limit) then five 500s: the client's own
    // retries give up twice on 429s and once on 500s. Only the 500s spend an attempt.
    let before = s.amazon().ledger().len();
    s.amazon().throttle_next(10);
    s.amazon().fail_next(5);
    let (ok, attempts) = sync_now(&s, &admin, &shop).await;
    assert!(ok, "the sync failed; log:\n{}", tail(&s.log(), 60));
    assert_eq!(attempts, 2, "429s must not spend attempts");
    let during: Vec<_> = s.amazon().ledger()[before..].to_vec();
    assert_eq!(
        during
            .iter()
            .filter(|c| c.fault == Some(Fault::Throttle) && c.status == 429)
            .count(),
        10
    );
    assert!(
        pages_read(&during, "getOrders") >= 2,
        "more orders than a page are read page by page"
    );

    let orders = desk(&s, &shop).await;
    assert_eq!(orders.len(), 12 + 110 + 1 + 110, "every order once");
    for (id, row) in &orders {
        let theirs = s.amazon().order(id).expect("the stand-in's order");
        let status = theirs["OrderStatus"].as_str().expect("status");
        assert_eq!(row["marketplace_status"], status, "{id}");
        if id != &linked {
            assert_eq!(row["status"], amazon_desk_status(status), "{id}: {row}");
        }
        assert_eq!(
            secs(row["ship_by_at"].as_str().expect("a deadline")),
            secs(theirs["LatestShipDate"].as_str().expect("LatestShipDate")),
            "{id}"
        );
        let total = match theirs["OrderTotal"]["Amount"].as_str() {
            Some(amount) => (amount.parse::<f64>().expect("amount") * 100.0).round() as i64,
            // Pending: no OrderTotal; the stand-in's tees cost 24.99 each.
            None => 2499 * row["units"].as_i64().expect("units"),
        };
        money_ok(id, row, total, 17);
        if status == "Unshipped" {
            assert_eq!(
                row["recipient_address1"], theirs["ShippingAddress"]["AddressLine1"],
                "{id}"
            );
            assert_eq!(row["recipient_region_code"], "US", "{id}");
        } else {
            assert_eq!(
                row["recipient_address1"],
                Value::Null,
                "{id}: no address read for a {status} order"
            );
        }
    }
    // The item of the catalogue's SKU is linked to its variant, so the order waits for a design.
    assert_eq!(
        variant_of_item(&s, &shop, &linked).await.as_deref(),
        Some(variant.as_str())
    );
    assert_eq!(orders[&linked]["status"], "AWAITING_DESIGN");
    assert_eq!(orders[&linked]["units"], 3);
    money_ok(&linked, &orders[&linked], 5850, 17);

    // Again, under random faults: nothing changes and no order is read again item by item.
    s.amazon().set_faults(Faults {
        error_rate: 0.1,
        throttle_rate: 0.05,
        ..Faults::default()
    });
    let items_before = calls(&s.amazon().ledger(), "getOrderItems");
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(ok, "log:\n{}", tail(&s.log(), 60));
    s.amazon().set_faults(Faults::default());
    assert_eq!(
        desk(&s, &shop).await,
        orders,
        "a second sync changes nothing"
    );
    assert_eq!(
        calls(&s.amazon().ledger(), "getOrderItems"),
        items_before,
        "unchanged orders are not read again"
    );

    // An expired access token is refreshed in the sync and the new one stored.
    let old = access_token(&s, &shop).await;
    s.amazon().expire_access_token(&old);
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(ok, "log:\n{}", tail(&s.log(), 60));
    let new = access_token(&s, &shop).await;
    assert!(new != old, "the refreshed token is stored");
    assert_eq!(s.amazon().effects("token.refresh").len(), 1);
    let shop_row = s
        .ok(
            "query($id: ID!) { getShop(id: $id) { connection } }",
            json!({ "id": shop }),
            Some(&admin),
        )
        .await;
    assert_eq!(shop_row["getShop"]["connection"], "CONNECTED");

    // The seller withdraws the grant: the sync fails for good with Amazon's words, and the
    // shop is OPEN, to be authorised again.
    s.amazon().revoke_seller(&seller);
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(!ok, "a sync without a grant cannot succeed");
    let failed = shop_sync_jobs(&s, &admin).await;
    assert!(
        failed.iter().any(|j| j["status"] == "FAILED"
            && j["error"].as_str().is_some_and(|e| e.contains("revoked"))),
        "{failed:?}"
    );
    let shop_row = s
        .ok(
            "query($id: ID!) { getShop(id: $id) { connection } }",
            json!({ "id": shop }),
            Some(&admin),
        )
        .await;
    assert_eq!(shop_row["getShop"]["connection"], "OPEN");
}

/// Walmart's status of an order from its lines: the least advanced open line's.
fn walmart_status(order: &Value) -> String {
    let lines: Vec<&str> = order["orderLines"]["orderLine"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| {
            l["orderLineStatuses"]["orderLineStatus"][0]["status"]
                .as_str()
                .expect("status")
        })
        .collect();
    ["Created", "Acknowledged", "Shipped", "Delivered"]
        .into_iter()
        .find(|s| lines.contains(s))
        .unwrap_or("Cancelled")
        .to_owned()
}

fn walmart_total(order: &Value) -> i64 {
    order["orderLines"]["orderLine"]
        .as_array()
        .expect("lines")
        .iter()
        .flat_map(|l| {
            l["charges"]["charge"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .map(|c| {
            let amount = c["chargeAmount"]["amount"].as_f64().unwrap_or(0.0)
                + c["tax"]["taxAmount"]["amount"].as_f64().unwrap_or(0.0);
            (amount * 100.0).round() as i64
        })
        .sum()
}

#[tokio::test]
async fn walmart_orders_arrive_once_page_by_page_under_faults_acknowledged_and_a_second_sync_changes_nothing()
 {
    let s = Server::start_with(&ENV).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    // A seller with more orders than a page: the first sync reads them page by page.
    let (shop, seller) = walmart_seller_with_orders(&s, &admin, "Harbor Prints", 110).await;
    first_syncs(&s, &admin, 1).await;
    assert_eq!(
        desk(&s, &shop).await.len(),
        12 + 110,
        "the seller's orders, each once"
    );
    assert!(pages_read(&s.walmart().ledger(), "getAllOrders") >= 2);
    let acknowledged = s.walmart().effects("order.acknowledge").len();
    assert!(acknowledged > 0, "the new orders are acknowledged");

    // New orders, placed now (the stand-in's generated ones are back-dated, before the cursor).
    for n in 0..110u32 {
        s.walmart().place_order(
            &seller,
            &sandbox::walmart::NewPurchaseOrder {
                lines: vec![(
                    format!("TEE-{}", ["BLACK-M", "WHITE-L", "NAVY-S"][n as usize % 3]),
                    "Sandbox Tee".into(),
                    1 + n % 2,
                    24.99,
                )],
                ..sandbox::walmart::NewPurchaseOrder::default()
            },
        );
    }
    // Ten 429s (with x-current-token-count and x-next-replenish-time) then five 500s.
    s.walmart().throttle_next(10);
    s.walmart().fail_next(5);
    let before = s.walmart().ledger().len();
    let (ok, attempts) = sync_now(&s, &admin, &shop).await;
    assert!(ok, "the sync failed; log:\n{}", tail(&s.log(), 60));
    assert_eq!(attempts, 2, "429s must not spend attempts");
    let during: Vec<_> = s.walmart().ledger()[before..].to_vec();
    assert_eq!(
        during
            .iter()
            .filter(|c| c.fault == Some(Fault::Throttle) && c.status == 429)
            .count(),
        10
    );
    assert!(
        pages_read(&during, "getAllOrders") >= 2,
        "more orders than a page are read page by page"
    );

    let orders = desk(&s, &shop).await;
    assert_eq!(orders.len(), 12 + 110 + 110, "every order once");
    for (id, row) in &orders {
        let theirs = s.walmart().order(id).expect("the stand-in's order");
        let status = walmart_status(&theirs);
        assert_ne!(status, "Created", "{id}: stored, so acknowledged");
        assert_eq!(row["marketplace_status"], status.as_str(), "{id}");
        let desk_status = match status.as_str() {
            "Acknowledged" => "AWAITING_FULFILLMENT",
            "Shipped" => "IN_TRANSIT",
            "Delivered" => "DELIVERED",
            "Cancelled" => "CANCELLED",
            other => panic!("{other}"),
        };
        assert_eq!(row["status"], desk_status, "{id}: {row}");
        assert_eq!(
            secs(row["ship_by_at"].as_str().expect("a deadline")),
            theirs["shippingInfo"]["estimatedShipDate"]
                .as_i64()
                .expect("estimatedShipDate")
                / 1000,
            "{id}"
        );
        money_ok(id, row, walmart_total(&theirs), 15);
        assert_eq!(
            row["recipient_address1"],
            theirs["shippingInfo"]["postalAddress"]["address1"]
        );
        assert_eq!(
            row["recipient_region_code"], "US",
            "{id}: USA in two letters"
        );
    }
    // Lines of one SKU fold into a quantity.
    let two = s.walmart().place_order(
        &seller,
        &sandbox::walmart::NewPurchaseOrder {
            lines: vec![
                ("TEE-BLACK-M".into(), "Tee".into(), 1, 24.99),
                ("TEE-BLACK-M".into(), "Tee".into(), 1, 24.99),
            ],
            ..sandbox::walmart::NewPurchaseOrder::default()
        },
    );
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(ok);
    let orders = desk(&s, &shop).await;
    assert_eq!(orders[&two]["units"], 2);
    assert_eq!(orders[&two]["total_amount_cents"], 4998);
    let acknowledged = calls(&s.walmart().ledger(), "acknowledgeOrder");

    // Again, under random faults: nothing changes and nothing is acknowledged again.
    s.walmart().set_faults(Faults {
        error_rate: 0.1,
        throttle_rate: 0.05,
        retry_after_secs: 1,
        ..Faults::default()
    });
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(ok, "log:\n{}", tail(&s.log(), 60));
    s.walmart().set_faults(Faults {
        retry_after_secs: 1,
        ..Faults::default()
    });
    assert_eq!(
        desk(&s, &shop).await,
        orders,
        "a second sync changes nothing"
    );
    assert_eq!(
        calls(&s.walmart().ledger(), "acknowledgeOrder"),
        acknowledged,
        "an acknowledged order is not acknowledged again"
    );

    // Expired tokens are renewed in the sync.
    let tokens = calls(&s.walmart().ledger(), "token");
    s.walmart().expire_tokens(&seller);
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(ok, "log:\n{}", tail(&s.log(), 60));
    assert!(
        calls(&s.walmart().ledger(), "token") > tokens,
        "a new token"
    );
}

// ------------------------------------------------------------------ fulfilment

const CREATE: &str =
    "mutation($i: CreateFulfillmentOrderInput!) { createFulfillmentOrder(input: $i) { id } }";
const ONE: &str = "query($id: ID!) { getFulfillmentOrderById(orderId: $id) { id submission trackingNumber trackingCompany shippedBackAt shipBackError } }";
const FAST_TRACKING: [(&str, &str); 4] = [
    ("CRON_FULFILLMENT_TRACK", "*/2 * * * * *"),
    ("FULFILLMENT_POLL_SECS", "1"),
    ("CRON_SHOP_SYNC", "0 0 0 1 1 *"),
    ("JOB_MAX_ATTEMPTS", "5"),
];

/// Our order and item of a marketplace order, once synced.
async fn desk_order(s: &Server, admin: &str, shop_id: &str, external: &str) -> (String, String) {
    let (ok, _) = sync_now(s, admin, shop_id).await;
    assert!(ok, "log:\n{}", tail(&s.log(), 60));
    let data = s
        .ok(
            "query($f: OrderFilter) { getOrders(filter: $f) { items { id externalOrderId items { id } } } }",
            json!({ "f": { "search": external } }),
            Some(admin),
        )
        .await;
    let o = &data["getOrders"]["items"][0];
    assert_eq!(o["externalOrderId"], external, "{data}");
    (
        o["id"].as_str().expect("id").to_owned(),
        o["items"][0]["id"].as_str().expect("item").to_owned(),
    )
}

/// Sends the order to MangoTee's stand-in and lets it ship; answers the fulfilment order id.
async fn fulfil(s: &Server, admin: &str, order_id: &str, item_id: &str) -> String {
    let a = s.providers().account(Provider::MangoTee);
    let provider = s
        .ok(
            "mutation($i: CreateFulfillmentProviderInput!) { createFulfillmentProvider(input: $i) { id } }",
            json!({ "i": { "provider": "MANGO_TEE", "name": "Mango", "apiKey": a.api_key, "apiSecret": a.api_secret, "shopId": a.shop_id } }),
            Some(admin),
        )
        .await["createFulfillmentProvider"]["id"]
        .as_str()
        .expect("provider")
        .to_owned();
    let sku = s
        .ok(
            "query($p: ID!) { getFulfillmentProducts(providerId: $p, filter: { limit: 1 }) { items { variants { sku } } } }",
            json!({ "p": provider }),
            Some(admin),
        )
        .await["getFulfillmentProducts"]["items"][0]["variants"][0]["sku"]
        .as_str()
        .expect("sku")
        .to_owned();
    let id = s
        .ok(
            CREATE,
            json!({ "i": { "orderId": order_id, "providerId": provider, "items": [{
                "orderItemId": item_id, "fulfillmentSku": sku, "quantity": 1,
                "designFrontUrl": "https://designs.example.com/tee.png" }] } }),
            Some(admin),
        )
        .await["createFulfillmentOrder"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    wait_for(Duration::from_secs(90), || async {
        (s.ok(ONE, json!({ "id": id }), Some(admin)).await["getFulfillmentOrderById"]["submission"]
            == "SUBMITTED")
            .then_some(())
    })
    .await
    .unwrap_or_else(|| panic!("never submitted; log:\n{}", tail(&s.log(), 60)));
    id
}

/// Lets the provider ship the fulfilment order.
fn ship_at_provider(s: &Server, id: &str) {
    for _ in 0..10 {
        let theirs = s
            .providers()
            .orders(Provider::MangoTee)
            .into_iter()
            .find(|o| o.reference.as_deref() == Some(id))
            .expect("the provider's order");
        if theirs.tracking_number.is_some() {
            return;
        }
        s.providers().advance(Provider::MangoTee, &theirs.id);
    }
    panic!("the provider never shipped {id}");
}

async fn written_back(s: &Server, admin: &str, id: &str) -> Value {
    let found = wait_for(Duration::from_secs(90), || async {
        let o =
            s.ok(ONE, json!({ "id": id }), Some(admin)).await["getFulfillmentOrderById"].clone();
        (o["shippedBackAt"].is_string() || o["shipBackError"].is_string()).then_some(o)
    })
    .await
    .unwrap_or_else(|| panic!("the tracking never went back; log:\n{}", tail(&s.log(), 60)));
    assert!(
        found["shipBackError"].is_null(),
        "the marketplace refused the tracking: {found}"
    );
    found
}

/// The write-back delivered again after its first run's record was lost — twice at once, one
/// job pushed twice and another beside it: the marketplace is asked again and must neither
/// ship twice nor be read as refusing.
async fn deliver_write_back_twice(s: &Server, admin: &str, id: &str) {
    let db = database(s).await;
    let client: String = {
        let mut conn = db.conn().await.expect("connection");
        sqlx::query("UPDATE fulfillment_orders SET shipped_back_at = NULL WHERE id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await
            .expect("forget the record");
        sqlx::query_scalar("SELECT client_id FROM fulfillment_orders WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *conn)
            .await
            .expect("client")
    };
    let mut tx = db.begin().await.expect("tx");
    let mut ids = Vec::new();
    for round in ["redelivered-1", "redelivered-2"] {
        let job = jobs::kinds::FulfillmentShip::for_round(id, round)
            .new_job(&jobs::EnqueueOptions::new(3).client(&client))
            .expect("job");
        ids.push(
            domain::event_histories::insert(&mut tx, &job)
                .await
                .expect("insert")
                .expect("a new job"),
        );
    }
    tx.commit().await.expect("commit");
    s.queue()
        .await
        .push(
            &db,
            &[ids[0].clone(), ids[0].clone(), ids[1].clone()],
            jobs::Priority::High,
        )
        .await;
    let done = wait_for(Duration::from_secs(60), || async {
        let mut conn = db.conn().await.ok()?;
        let mut finished = 0;
        for job in &ids {
            let status: String =
                sqlx::query_scalar("SELECT status FROM event_histories WHERE id = $1")
                    .bind(job)
                    .fetch_one(&mut *conn)
                    .await
                    .ok()?;
            assert_ne!(status, "FAILED", "a redelivered write-back failed");
            finished += usize::from(status == "SUCCESS");
        }
        (finished == ids.len()).then_some(())
    })
    .await;
    assert!(done.is_some(), "log:\n{}", tail(&s.log(), 40));
    written_back(s, admin, id).await;
}

#[tokio::test]
async fn an_amazon_order_is_fulfilled_and_its_tracking_confirmed_exactly_once() {
    let s = Server::start_with(&FAST_TRACKING).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (shop, seller) = connect_amazon_shop(&s, &admin, "Fulfilled Tees").await;
    first_syncs(&s, &admin, 1).await;
    let external = s
        .amazon()
        .place_order(&seller, &sandbox::amazon::NewOrder::default());
    let (order_id, item_id) = desk_order(&s, &admin, &shop, &external).await;
    let id = fulfil(&s, &admin, &order_id, &item_id).await;

    // The first confirmation is applied and its answer lost (the write-back's reads before it
    // are answered as usual).
    s.amazon().fail_next_after_write(1);
    ship_at_provider(&s, &id);
    let shipped = written_back(&s, &admin, &id).await;
    let tracking = shipped["trackingNumber"].as_str().expect("tracking");
    let lost = s
        .amazon()
        .ledger()
        .into_iter()
        .filter(|c| c.operation == "confirmShipment" && c.fault == Some(Fault::ErrorAfterWrite))
        .count();
    assert_eq!(lost, 1, "the first answer was lost");
    deliver_write_back_twice(&s, &admin, &id).await;

    let shipments: Vec<_> = s
        .amazon()
        .shipments()
        .into_iter()
        .filter(|p| p.order_id == external)
        .collect();
    assert_eq!(shipments.len(), 1, "one confirmation: {shipments:?}");
    assert_eq!(shipments[0].tracking_number, tracking);
    assert_eq!(shipments[0].carrier_code, "USPS");
    assert_eq!(shipments[0].items.len(), 1);
    let theirs = s.amazon().order(&external).expect("order");
    assert_eq!(theirs["OrderStatus"], "Shipped");
    // The desk's order is fulfilled, and the next sync reads it as shipped.
    assert_eq!(desk_status(&s, &admin, &order_id).await, "FULFILLED");
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(ok);
    assert_eq!(
        desk_status(&s, &admin, &order_id).await,
        "IN_TRANSIT",
        "log:\n{}",
        tail(&s.log(), 30)
    );
}

#[tokio::test]
async fn a_walmart_order_is_fulfilled_and_its_tracking_shipped_exactly_once() {
    let s = Server::start_with(&FAST_TRACKING).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (shop, seller) = connect_walmart_shop(&s, &admin, "Fulfilled Walmart").await;
    first_syncs(&s, &admin, 1).await;
    let external = s
        .walmart()
        .place_order(&seller, &sandbox::walmart::NewPurchaseOrder::default());
    let (order_id, item_id) = desk_order(&s, &admin, &shop, &external).await;
    let id = fulfil(&s, &admin, &order_id, &item_id).await;

    // The first ship call is applied and its answer lost (a token renewal and the order's read
    // before it are answered as usual).
    s.walmart().fail_next_after_write(1);
    ship_at_provider(&s, &id);
    let shipped = written_back(&s, &admin, &id).await;
    let tracking = shipped["trackingNumber"].as_str().expect("tracking");
    let lost = s
        .walmart()
        .ledger()
        .into_iter()
        .filter(|c| c.operation == "shipOrderLines" && c.fault == Some(Fault::ErrorAfterWrite))
        .count();
    assert_eq!(lost, 1, "the first answer was lost");
    deliver_write_back_twice(&s, &admin, &id).await;

    let lines: Vec<_> = s
        .walmart()
        .shipped_lines()
        .into_iter()
        .filter(|l| l.purchase_order_id == external)
        .collect();
    assert_eq!(lines.len(), 1, "one line shipped once: {lines:?}");
    assert_eq!(lines[0].tracking_number, tracking);
    assert_eq!(lines[0].carrier, "USPS");
    let theirs = s.walmart().order(&external).expect("order");
    assert_eq!(walmart_status(&theirs), "Shipped");
    assert_eq!(desk_status(&s, &admin, &order_id).await, "FULFILLED");
    let (ok, _) = sync_now(&s, &admin, &shop).await;
    assert!(ok);
    assert_eq!(desk_status(&s, &admin, &order_id).await, "IN_TRANSIT");
}

// ------------------------------------------------------------------ tenancy

#[tokio::test]
async fn another_clients_channel_orders_are_not_found() {
    let s = Server::start_with(&ENV).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (amazon, _) = connect_amazon_shop(&s, &admin, "Tenancy Tees").await;
    let (walmart, _) = connect_walmart_shop(&s, &admin, "Tenancy Walmart").await;
    first_syncs(&s, &admin, 2).await;
    let other = new_client(&s, "otherorders", "owner@otherorders.test").await;
    for shop in [&amazon, &walmart] {
        let db = database(&s).await;
        let mut conn = db.conn().await.expect("connection");
        let ids: Vec<String> = sqlx::query_scalar("SELECT id FROM orders WHERE shop_id = $1")
            .bind(shop)
            .fetch_all(&mut *conn)
            .await
            .expect("orders");
        assert!(!ids.is_empty());
        for id in ids.iter().take(3) {
            let res = s
                .gql(
                    "query($id: ID!) { getOrderById(orderId: $id) { id } }",
                    json!({ "id": id }),
                    Some(&other),
                )
                .await;
            assert_eq!(code(&res), "NOT_FOUND", "{res}");
            let res = s
                .gql(
                    "mutation($id: ID!) { updateOrderStatus(orderId: $id, status: AWAITING_DESIGN) { id } }",
                    json!({ "id": id }),
                    Some(&other),
                )
                .await;
            assert_eq!(code(&res), "NOT_FOUND", "{res}");
        }
    }
    let theirs = s
        .ok(
            "{ getOrders { pageInfo { totalCount } } }",
            json!({}),
            Some(&other),
        )
        .await;
    assert_eq!(theirs["getOrders"]["pageInfo"]["totalCount"], 0);
    let mine = s
        .ok(
            "query { getOrders(filter: { saleChannel: WALMART }) { pageInfo { totalCount } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(mine["getOrders"]["pageInfo"]["totalCount"], 12);
}

// ------------------------------------------------------------------ the schedule

#[tokio::test]
async fn the_scheduled_sync_brings_new_orders_of_both_channels() {
    let s = Server::start_with(&[("CRON_SHOP_SYNC", "*/2 * * * * *")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (amazon, seller) = connect_amazon_shop(&s, &admin, "Scheduled Tees").await;
    let (walmart, client) = connect_walmart_shop(&s, &admin, "Scheduled Walmart").await;
    first_syncs(&s, &admin, 2).await;
    let on_amazon = s
        .amazon()
        .place_order(&seller, &sandbox::amazon::NewOrder::default());
    let on_walmart = s
        .walmart()
        .place_order(&client, &sandbox::walmart::NewPurchaseOrder::default());
    // No one asks for a sync: the schedule's ticks visit every connected shop.
    let arrived = wait_for(Duration::from_secs(60), || async {
        let a = desk(&s, &amazon).await;
        let w = desk(&s, &walmart).await;
        (a.contains_key(&on_amazon) && w.contains_key(&on_walmart)).then_some(())
    })
    .await;
    assert!(
        arrived.is_some(),
        "the schedule did not sync both shops; log:\n{}",
        tail(&s.log(), 40)
    );
}
