//! Exactly once under failure: 500 fulfilment orders over three providers whose APIs answer
//! 20 % 500s, 10 % 429s and 10 % 500s after the write, with a worker SIGKILLed halfway (the
//! embedded server, which is its own worker, is killed and started again). Every provider's
//! ledger shows one order per fulfilment order, and TikTok received each package's tracking once.

use std::collections::HashMap;
use std::time::Duration;

use crate::common::*;
use futures::StreamExt as _;
use sandbox::providers::{Faults, Provider};
use serde_json::json;
use sqlx::Row;

const ORDERS: usize = 500;
const PROVIDERS: [(Provider, &str); 3] = [
    (Provider::Printify, "PRINTIFY"),
    (Provider::MangoTee, "MANGO_TEE"),
    (Provider::HmFulfill, "HMFULFILL"),
];

async fn count(s: &Server, sql: &'static str) -> i64 {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("conn");
    let row = sqlx::query(sql).fetch_one(&mut *conn).await.expect("count");
    row.try_get::<i64, _>(0).expect("n")
}

async fn wait_count(s: &Server, sql: &'static str, want: i64, what: &str) {
    let reached = wait_for(Duration::from_secs(420), || async {
        (count(s, sql).await >= want).then_some(())
    })
    .await;
    if reached.is_none() {
        panic!(
            "{what}: {} of {want}; log:\n{}",
            count(s, sql).await,
            tail(&s.log(), 60)
        );
    }
}

#[tokio::test]
async fn five_hundred_orders_under_faults_and_a_killed_worker_are_made_and_shipped_once() {
    let mut s = Server::start_with(&[
        ("CRON_FULFILLMENT_TRACK", "*/3 * * * * *"),
        ("FULFILLMENT_POLL_SECS", "1"),
        ("JOB_LEASE_SECS", "3"),
        ("JOB_LOST_AFTER_SECS", "5"),
        ("JOB_MAX_ATTEMPTS", "10"),
        ("WORKER_CONCURRENCY", "12"),
        ("TIKTOK_REQUESTS_PER_SECOND", "500"),
    ])
    .await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop_id = connect_tiktok_shop(&s, &admin, "Exactly Once Shop").await;
    let db = database(&s).await;
    let external_shop: String = {
        let mut conn = db.conn().await.expect("conn");
        sqlx::query_scalar("SELECT external_shop_id FROM shops WHERE id = $1")
            .bind(&shop_id)
            .fetch_one(&mut *conn)
            .await
            .expect("shop")
    };
    s.sandbox().set_auto_webhooks(false);
    for i in 0..ORDERS {
        s.sandbox().place_order(
            &external_shop,
            &sandbox::tiktok::NewOrder {
                status: "AWAITING_SHIPMENT".into(),
                units: vec![(
                    format!("73{:014}", i % 7),
                    "7200000000000001".into(),
                    "Exactly Once Mug".into(),
                    "24.00".into(),
                )],
                shipping_fee: "4.99".into(),
                shipping_type: "SELLER".into(),
            },
        );
    }
    s.ok(
        "mutation($id: ID!) { syncShop(id: $id) { batchId } }",
        json!({ "id": shop_id }),
        Some(&admin),
    )
    .await;
    wait_count(
        &s,
        "SELECT COUNT(*) FROM order_items WHERE product_name = 'Exactly Once Mug'",
        ORDERS as i64,
        "orders synced",
    )
    .await;
    let items: Vec<(String, String)> = {
        let mut conn = db.conn().await.expect("conn");
        sqlx::query_as(
            "SELECT o.id, i.id FROM orders o JOIN order_items i ON i.order_id = o.id
             WHERE o.shop_id = $1 AND i.product_name = 'Exactly Once Mug' ORDER BY o.id",
        )
        .bind(&shop_id)
        .fetch_all(&mut *conn)
        .await
        .expect("items")
    };
    assert_eq!(items.len(), ORDERS);

    // Three accounts and a SKU at each, read before the faults start.
    let mut accounts = Vec::new();
    for (provider, kind) in PROVIDERS {
        let a = s.providers().account(provider);
        let id = s
            .ok(
                "mutation($i: CreateFulfillmentProviderInput!) { createFulfillmentProvider(input: $i) { id } }",
                json!({ "i": { "provider": kind, "apiKey": a.api_key, "apiSecret": a.api_secret, "shopId": a.shop_id } }),
                Some(&admin),
            )
            .await["createFulfillmentProvider"]["id"]
            .as_str()
            .expect("id")
            .to_owned();
        let sku = s
            .ok(
                "query($p: ID!) { getFulfillmentProducts(providerId: $p, filter: { limit: 1 }) { items { variants { sku } } } }",
                json!({ "p": id }),
                Some(&admin),
            )
            .await["getFulfillmentProducts"]["items"][0]["variants"][0]["sku"]
            .as_str()
            .expect("sku")
            .to_owned();
        accounts.push((provider, id, sku));
    }
    s.providers().set_faults(
        None,
        Faults {
            error_rate: 0.2,
            throttle_rate: 0.1,
            fail_after_write_rate: 0.1,
            latency_ms: 0,
        },
    );

    let send = |k: usize| {
        let (order_id, item_id) = items[k].clone();
        let (_, provider_id, sku) = accounts[k % accounts.len()].clone();
        let s = &s;
        let admin = admin.clone();
        async move {
            s.ok(
                "mutation($i: CreateFulfillmentOrderInput!) { createFulfillmentOrder(input: $i) { id } }",
                json!({ "i": { "orderId": order_id, "providerId": provider_id, "items": [{
                    "orderItemId": item_id, "fulfillmentSku": sku, "quantity": 1,
                    "designFrontUrl": "https://designs.example.com/mug.png" }] } }),
                Some(&admin),
            )
            .await;
        }
    };
    futures::stream::iter(0..ORDERS / 2)
        .for_each_concurrent(8, send)
        .await;
    // Halfway: a worker dies without any cleanup while creates are in flight.
    if scaled() {
        let pid = s.worker_pids()[0];
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    } else {
        s.restart_with(&[]).await;
    }
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let send = |k: usize| {
        let (order_id, item_id) = items[k].clone();
        let (_, provider_id, sku) = accounts[k % accounts.len()].clone();
        let s = &s;
        let admin = admin.clone();
        async move {
            s.ok(
                "mutation($i: CreateFulfillmentOrderInput!) { createFulfillmentOrder(input: $i) { id } }",
                json!({ "i": { "orderId": order_id, "providerId": provider_id, "items": [{
                    "orderItemId": item_id, "fulfillmentSku": sku, "quantity": 1,
                    "designFrontUrl": "https://designs.example.com/mug.png" }] } }),
                Some(&admin),
            )
            .await;
        }
    };
    futures::stream::iter(ORDERS / 2..ORDERS)
        .for_each_concurrent(8, send)
        .await;
    wait_count(
        &s,
        "SELECT COUNT(*) FROM fulfillment_orders WHERE submission = 'SUBMITTED'",
        ORDERS as i64,
        "provider orders made",
    )
    .await;

    // The providers ship everything; tracking goes back to TikTok.
    for _ in 0..6 {
        s.providers().advance_all();
    }
    wait_count(
        &s,
        "SELECT COUNT(*) FROM fulfillment_orders WHERE shipped_back_at IS NOT NULL",
        ORDERS as i64,
        "tracking written back",
    )
    .await;

    // One provider order per fulfilment order, whatever happened.
    let ours: Vec<(String, String)> = {
        let mut conn = db.conn().await.expect("conn");
        sqlx::query_as("SELECT id, provider_id FROM fulfillment_orders")
            .fetch_all(&mut *conn)
            .await
            .expect("ours")
    };
    assert_eq!(ours.len(), ORDERS);
    for (provider, provider_id, _) in &accounts {
        let mine: Vec<&String> = ours
            .iter()
            .filter(|(_, p)| p == provider_id)
            .map(|(id, _)| id)
            .collect();
        let mut per_reference: HashMap<String, usize> = HashMap::new();
        for o in s.providers().orders(*provider) {
            *per_reference
                .entry(o.reference.unwrap_or_default())
                .or_default() += 1;
        }
        for id in &mine {
            assert_eq!(
                per_reference.get(*id).copied().unwrap_or(0),
                1,
                "{provider:?} holds {id} not exactly once"
            );
        }
        assert_eq!(
            per_reference.values().sum::<usize>(),
            mine.len(),
            "{provider:?} holds orders nobody asked for"
        );
    }
    // And each package's tracking reached TikTok once.
    let mut per_order: HashMap<String, usize> = HashMap::new();
    for p in s.sandbox().shipments() {
        *per_order.entry(p.order_id).or_default() += 1;
    }
    assert_eq!(per_order.len(), ORDERS, "every order shipped");
    assert!(
        per_order.values().all(|n| *n == 1),
        "a package was shipped twice"
    );
}
