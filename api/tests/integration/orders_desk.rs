//! The order desk over the real server: date filters read in the user's zone, the state
//! machine's legal and illegal moves with their timeline, profit and summary figures against a
//! fixture computed by hand, deadlines, sold products, tenancy and STAFF scoping, and the
//! export's CSV against the list it was made from.
//!
//! Orders are written as rows (the sync is another part's), so every figure is known exactly.
use crate::common;

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use crate::common::{
    DEMO_ADMIN, DEMO_PASSWORD, DEMO_STAFF, Server, code, me_id, message, new_client, wait_for,
};

/// Rows written straight into the server's database.
struct Rows {
    db: domain::Db,
}

/// An order as a fixture writes it; money in cents.
#[derive(Clone)]
struct NewOrder {
    external_id: String,
    status: &'static str,
    marketplace_status: &'static str,
    ordered_at: DateTime<Utc>,
    ship_by_at: Option<DateTime<Utc>>,
    buyer_email: &'static str,
    recipient_name: String,
    total: i64,
    commission: i64,
    transaction: i64,
    shipping: i64,
    fees_settled: bool,
    fulfilment: i64,
    refund: i64,
    revenue_estimate: i64,
    /// (product name, seller SKU, quantity, unit price)
    items: Vec<(&'static str, &'static str, i64, i64)>,
}

impl Default for NewOrder {
    fn default() -> Self {
        NewOrder {
            external_id: String::new(),
            status: "AWAITING_FULFILLMENT",
            marketplace_status: "AWAITING_SHIPMENT",
            ordered_at: at("2024-05-01T12:00:00Z"),
            ship_by_at: None,
            buyer_email: "buyer@example.test",
            recipient_name: "Rita Recipient".into(),
            total: 0,
            commission: 0,
            transaction: 0,
            shipping: 0,
            fees_settled: false,
            fulfilment: 0,
            refund: 0,
            revenue_estimate: 0,
            items: Vec::new(),
        }
    }
}

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("time")
        .with_timezone(&Utc)
}

fn db_time(t: DateTime<Utc>) -> String {
    domain::time::to_db(t)
}

impl Rows {
    async fn open(s: &Server) -> Rows {
        let db = domain::Db::connect(&domain::db::DbOptions {
            url: s.database_url(),
            max_connections: 2,
            acquire_timeout: Duration::from_secs(10),
        })
        .await
        .expect("database");
        Rows { db }
    }

    async fn client_of(&self, user_id: &str) -> String {
        let mut conn = self.db.conn().await.expect("conn");
        sqlx::query_scalar("SELECT client_id FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut *conn)
            .await
            .expect("user")
    }

    /// A shop that never syncs (not connected), so the fixture stays as written.
    async fn shop(&self, client_id: &str, name: &str) -> String {
        let id = domain::ids::new_id();
        let now = domain::time::now_db();
        let mut conn = self.db.conn().await.expect("conn");
        sqlx::query(
            "INSERT INTO shops (id, client_id, name, sale_channel, target_market, connection, external_shop_id, created_at, updated_at)
             VALUES ($1, $2, $3, 'TIKTOK', 'US', 'OPEN', $4, $5, $5)",
        )
        .bind(&id)
        .bind(client_id)
        .bind(name)
        .bind(format!("ext-{id}"))
        .bind(&now)
        .execute(&mut *conn)
        .await
        .expect("shop");
        id
    }

    async fn order(&self, client_id: &str, shop_id: &str, o: &NewOrder) -> String {
        let id = domain::ids::new_id();
        let now = domain::time::now_db();
        let net = domain::orders::desk::Profit::net_of(
            o.total,
            o.commission + o.transaction + o.shipping,
            o.fulfilment,
            o.refund,
        );
        let mut conn = self.db.conn().await.expect("conn");
        sqlx::query(
            "INSERT INTO orders (id, client_id, shop_id, external_order_id, status, marketplace_status, buyer_email,
                recipient_name, currency, total_amount_cents, refund_amount_cents, revenue_estimate_cents,
                commission_fee_cents, transaction_fee_cents, shipping_fee_cents, fees_settled, fulfillment_cost_cents,
                net_amount_cents, ordered_at, ship_by_at, search_text, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'USD', $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $21, $20, $20)",
        )
        .bind(&id)
        .bind(client_id)
        .bind(shop_id)
        .bind(&o.external_id)
        .bind(o.status)
        .bind(o.marketplace_status)
        .bind(o.buyer_email)
        .bind(&o.recipient_name)
        .bind(o.total)
        .bind(o.refund)
        .bind(o.revenue_estimate)
        .bind(o.commission)
        .bind(o.transaction)
        .bind(o.shipping)
        .bind(o.fees_settled)
        .bind(o.fulfilment)
        .bind(net)
        .bind(db_time(o.ordered_at))
        .bind(o.ship_by_at.map(db_time))
        .bind(&now)
        .bind(domain::orders::search_text(
            &o.external_id,
            Some(o.buyer_email),
            Some(&o.recipient_name),
            o.items.iter().map(|(name, sku, _, _)| (Some(*sku), *name)),
        ))
        .execute(&mut *conn)
        .await
        .expect("order");
        for (i, (name, sku, quantity, price)) in o.items.iter().enumerate() {
            sqlx::query(
                "INSERT INTO order_items (id, client_id, order_id, external_item_id, product_name, quantity, sale_price_cents,
                    original_price_cents, seller_sku, external_product_id, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $10)",
            )
            .bind(domain::ids::new_id())
            .bind(client_id)
            .bind(&id)
            .bind(format!("{}-{i}", o.external_id))
            .bind(*name)
            .bind(*quantity)
            .bind(*price)
            .bind(*sku)
            .bind(format!("product-{name}"))
            .bind(&now)
            .execute(&mut *conn)
            .await
            .expect("item");
        }
        id
    }

    /// The client's order version and its rows not folded yet.
    async fn version(&self, client_id: &str) -> (i64, i64) {
        let mut conn = self.db.conn().await.expect("conn");
        let v = domain::orders::desk::version(&mut conn, client_id)
            .await
            .expect("version");
        (v.value(), v.pending)
    }

    async fn timeline_rows(&self, order_id: &str) -> Vec<(String, Option<String>, String, String)> {
        let mut conn = self.db.conn().await.expect("conn");
        let rows: Vec<(String, Option<String>, Option<String>, String)> = sqlx::query_as(
            "SELECT source, user_id, from_status, to_status FROM order_events WHERE order_id = $1 ORDER BY created_at, id",
        )
        .bind(order_id)
        .fetch_all(&mut *conn)
        .await
        .expect("events");
        rows.into_iter()
            .map(|(source, user, from, to)| (source, user, from.unwrap_or_default(), to))
            .collect()
    }
}

const ORDERS: &str = "query($f: OrderFilter) { getOrders(filter: $f) {
    items { id externalOrderId status marketplaceStatus totalAmount createdAt shipByAt isLate isDueSoon allowedStatuses
            shop { id name } items { productName sellerSku quantity salePrice } }
    pageInfo { totalCount hasNextPage hasPreviousPage } } }";

/// Like `Server::ok`, with the server's log when it fails.
async fn ok(s: &Server, query: &str, variables: Value, token: &str) -> Value {
    let res = s.gql(query, variables, Some(token)).await;
    if res.get("errors").is_some() {
        let log = s.log();
        let tail: Vec<&str> = log.lines().rev().take(30).collect();
        panic!(
            "unexpected errors: {res}\nlog:\n{}",
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        );
    }
    res["data"].clone()
}

async fn external_ids(s: &Server, token: &str, filter: Value) -> Vec<String> {
    let data = ok(s, ORDERS, json!({ "f": filter }), token).await;
    data["getOrders"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|o| o["externalOrderId"].as_str().expect("id").to_owned())
        .collect()
}

async fn admin_and_client(s: &Server, rows: &Rows) -> (String, String) {
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let client = rows.client_of(&me_id(s, &admin).await).await;
    (admin, client)
}

async fn set_timezone(s: &Server, token: &str, zone: &str) {
    s.ok(
        "mutation($i: UpdateUserSettingsInput!) { updateUserSettings(input: $i) { name value } }",
        json!({ "i": { "settings": [{ "name": "TIMEZONE", "value": zone }] } }),
        Some(token),
    )
    .await;
}

#[tokio::test]
async fn a_date_range_counts_local_days_in_the_users_zone() {
    let s = Server::start().await;
    let rows = Rows::open(&s).await;
    let (admin, client) = admin_and_client(&s, &rows).await;
    let shop = rows.shop(&client, "Zone Shop").await;
    // New York is UTC−5 in early March.
    for (id, t) in [
        ("A-2330-mar4", "2024-03-05T04:30:00Z"), // 23:30 on the 4th, local
        ("B-0030-mar5", "2024-03-05T05:30:00Z"), // 00:30 on the 5th, local
        ("C-2359-mar5", "2024-03-06T04:59:00Z"), // 23:59 on the 5th, local
        ("D-0000-mar6", "2024-03-06T05:00:00Z"), // 00:00 on the 6th, local
    ] {
        rows.order(
            &client,
            &shop,
            &NewOrder {
                external_id: id.into(),
                ordered_at: at(t),
                total: 1_000,
                ..NewOrder::default()
            },
        )
        .await;
    }
    let day = json!({ "from": "2024-03-05", "to": "2024-03-05", "sort": "ORDERED_AT", "sortDirection": "ASC" });

    // Without a setting, days are UTC days.
    assert_eq!(
        external_ids(&s, &admin, day.clone()).await,
        ["A-2330-mar4", "B-0030-mar5"]
    );
    // The browser's zone counts while the user has none …
    let mut browser = day.clone();
    browser["timezone"] = json!("America/New_York");
    assert_eq!(
        external_ids(&s, &admin, browser).await,
        ["B-0030-mar5", "C-2359-mar5"]
    );
    // … and the user's TIMEZONE setting wins over it: an order at 00:30 local counts on that day.
    set_timezone(&s, &admin, "America/New_York").await;
    let mut other = day.clone();
    other["timezone"] = json!("Asia/Tokyo");
    assert_eq!(
        external_ids(&s, &admin, other).await,
        ["B-0030-mar5", "C-2359-mar5"]
    );
    let summary = s
        .ok(
            "query($f: OrderFilter) { getOrderSummary(filter: $f) { totalOrders } }",
            json!({ "f": day }),
            Some(&admin),
        )
        .await;
    assert_eq!(summary["getOrderSummary"]["totalOrders"], 2);

    // The chart counts the same local days, zeros included.
    let stats = s
        .ok(
            "query($f: OrderFilter) { getOrderStats(filter: $f) { date orders revenue } }",
            json!({ "f": { "from": "2024-03-03", "to": "2024-03-06" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        stats["getOrderStats"],
        json!([
            { "date": "2024-03-03", "orders": 0, "revenue": 0.0 },
            { "date": "2024-03-04", "orders": 1, "revenue": 10.0 },
            { "date": "2024-03-05", "orders": 2, "revenue": 20.0 },
            { "date": "2024-03-06", "orders": 1, "revenue": 10.0 },
        ])
    );

    // Bad bounds name their field and change nothing.
    let bad = s
        .gql(
            ORDERS,
            json!({ "f": { "from": "05/03/2024" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&bad), "BAD_USER_INPUT");
    assert_eq!(common::field(&bad), "from");
    let backwards = s
        .gql(
            ORDERS,
            json!({ "f": { "from": "2024-03-06", "to": "2024-03-05" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(common::field(&backwards), "to");
}

const UPDATE: &str =
    "mutation($id: ID!, $s: OrderStatus!) { updateOrderStatus(orderId: $id, status: $s) {
    id status allowedStatuses timeline { source fromStatus toStatus user { id } } } }";

#[tokio::test]
async fn only_legal_moves_are_made_by_hand_and_each_is_on_the_timeline() {
    let s = Server::start().await;
    let rows = Rows::open(&s).await;
    let (admin, client) = admin_and_client(&s, &rows).await;
    let admin_id = me_id(&s, &admin).await;
    let shop = rows.shop(&client, "Moves Shop").await;
    let design = rows
        .order(
            &client,
            &shop,
            &NewOrder {
                external_id: "M-1".into(),
                status: "AWAITING_DESIGN",
                ..NewOrder::default()
            },
        )
        .await;

    // An illegal move: CONFLICT naming the allowed one; nothing changes, nothing is recorded.
    let refused = s
        .gql(
            UPDATE,
            json!({ "id": design, "s": "COMPLETED" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&refused), "CONFLICT", "{refused}");
    assert!(
        message(&refused).contains("allowed: AWAITING_FULFILLMENT"),
        "{refused}"
    );
    let again = s
        .gql(
            UPDATE,
            json!({ "id": design, "s": "AWAITING_DESIGN" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&again), "CONFLICT");
    assert!(rows.timeline_rows(&design).await.is_empty());

    // Legal moves, one timeline row each: source USER, the user, from, to.
    for to in ["AWAITING_FULFILLMENT", "AWAITING_SHIPMENT", "FULFILLED"] {
        let moved = s
            .ok(UPDATE, json!({ "id": design, "s": to }), Some(&admin))
            .await;
        assert_eq!(moved["updateOrderStatus"]["status"], to);
    }
    let moved = s
        .ok(
            UPDATE,
            json!({ "id": design, "s": "AWAITING_SHIPMENT" }),
            Some(&admin),
        )
        .await;
    let order = &moved["updateOrderStatus"];
    assert_eq!(
        order["allowedStatuses"],
        json!(["AWAITING_FULFILLMENT", "FULFILLED"])
    );
    let timeline = order["timeline"].as_array().expect("timeline");
    assert_eq!(timeline.len(), 4, "{order}");
    assert!(
        timeline
            .iter()
            .all(|e| e["source"] == "USER" && e["user"]["id"] == admin_id.as_str())
    );
    let steps: Vec<(String, String)> = rows
        .timeline_rows(&design)
        .await
        .into_iter()
        .map(|(source, user, from, to)| {
            assert_eq!(source, "USER");
            assert_eq!(user.as_deref(), Some(admin_id.as_str()));
            (from, to)
        })
        .collect();
    assert_eq!(
        steps,
        [
            ("AWAITING_DESIGN", "AWAITING_FULFILLMENT"),
            ("AWAITING_FULFILLMENT", "AWAITING_SHIPMENT"),
            ("AWAITING_SHIPMENT", "FULFILLED"),
            ("FULFILLED", "AWAITING_SHIPMENT"),
        ]
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
    );

    // The marketplace's final states are never set by hand; after them only REFUNDED.
    let refused = s
        .gql(
            UPDATE,
            json!({ "id": design, "s": "IN_TRANSIT" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&refused), "CONFLICT");
    let completed = rows
        .order(
            &client,
            &shop,
            &NewOrder {
                external_id: "M-2".into(),
                status: "COMPLETED",
                marketplace_status: "COMPLETED",
                ..NewOrder::default()
            },
        )
        .await;
    let refused = s
        .gql(
            UPDATE,
            json!({ "id": completed, "s": "AWAITING_FULFILLMENT" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&refused), "CONFLICT");
    assert!(message(&refused).contains("allowed: REFUNDED"), "{refused}");
    s.ok(
        UPDATE,
        json!({ "id": completed, "s": "REFUNDED" }),
        Some(&admin),
    )
    .await;
    let final_ = s
        .gql(
            UPDATE,
            json!({ "id": completed, "s": "COMPLETED" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&final_), "CONFLICT");
    assert!(message(&final_).contains("REFUNDED is final"), "{final_}");

    // An order the marketplace still holds cannot be marked shipped.
    let unpaid = rows
        .order(
            &client,
            &shop,
            &NewOrder {
                external_id: "M-3".into(),
                marketplace_status: "UNPAID",
                ..NewOrder::default()
            },
        )
        .await;
    let refused = s
        .gql(
            UPDATE,
            json!({ "id": unpaid, "s": "FULFILLED" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&refused), "CONFLICT");
    assert!(
        message(&refused).contains("allowed: AWAITING_DESIGN"),
        "{refused}"
    );

    let unknown = s
        .gql(
            UPDATE,
            json!({ "id": "no-such-order", "s": "FULFILLED" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&unknown), "NOT_FOUND");
}

#[tokio::test]
async fn profit_summary_deadlines_search_and_sold_products_match_the_fixture() {
    let s = Server::start().await;
    let rows = Rows::open(&s).await;
    let (admin, client) = admin_and_client(&s, &rows).await;
    let shop = rows.shop(&client, "Figures Shop").await;
    let now = Utc::now();
    let h = chrono::Duration::hours;
    // Four orders; every figure below is summed by hand from these.
    let p1 = NewOrder {
        external_id: "F-100".into(),
        ordered_at: now - h(50),
        ship_by_at: Some(now + h(2)), // due soon
        buyer_email: "ann@buyers.test",
        recipient_name: "Ann Archer".into(),
        total: 10_000,
        commission: 600,
        transaction: 300,
        shipping: 450,
        fees_settled: true,
        fulfilment: 2_500,
        revenue_estimate: 8_650,
        items: vec![
            ("Orbit Tee", "TEE-ORBIT-M", 2, 4_000),
            ("Moon Mug", "MUG-MOON", 1, 2_000),
        ],
        ..NewOrder::default()
    };
    let p2 = NewOrder {
        external_id: "F-200".into(),
        ordered_at: now - h(40),
        ship_by_at: Some(now - h(3)), // overdue
        buyer_email: "bob@buyers.test",
        recipient_name: "Bob Baker".into(),
        total: 5_000,
        commission: 300,
        transaction: 150,
        revenue_estimate: 4_550,
        items: vec![("Orbit Tee", "TEE-ORBIT-L", 3, 1_666)],
        ..NewOrder::default()
    };
    let p3 = NewOrder {
        external_id: "F-300".into(),
        status: "IN_TRANSIT",
        marketplace_status: "IN_TRANSIT",
        ordered_at: now - h(30),
        ship_by_at: Some(now - h(5)), // shipped: not overdue
        buyer_email: "cid@buyers.test",
        recipient_name: "Cid Carter".into(),
        total: 2_000,
        commission: 120,
        transaction: 60,
        fees_settled: true,
        refund: 2_000,
        revenue_estimate: 1_820,
        items: vec![("Moon Mug", "MUG-MOON", 1, 2_000)],
        ..NewOrder::default()
    };
    let p4 = NewOrder {
        external_id: "F-400".into(),
        status: "CANCELLED",
        marketplace_status: "CANCELLED",
        ordered_at: now - h(20),
        ship_by_at: Some(now + h(30)),
        buyer_email: "dee@buyers.test",
        recipient_name: "Dee Dunn".into(),
        total: 7_000,
        items: vec![("Star Hoodie", "HOOD-STAR", 5, 1_400)],
        ..NewOrder::default()
    };
    let id1 = rows.order(&client, &shop, &p1).await;
    for o in [&p2, &p3, &p4] {
        rows.order(&client, &shop, o).await;
    }

    // One order's profit: 100.00 − (6.00 + 3.00 + 4.50) − 25.00 − 0 = 61.50.
    let one = s
        .ok(
            "query($id: ID!) { getOrderById(orderId: $id) { externalOrderId totalAmount revenueEstimate isDueSoon isLate
                profit { sale commissionFee transactionFee shippingFee totalFees feesSettled fulfillmentCost refund net } } }",
            json!({ "id": id1 }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        one["getOrderById"],
        json!({ "externalOrderId": "F-100", "totalAmount": 100.0, "revenueEstimate": 86.5, "isDueSoon": true, "isLate": false,
                "profit": { "sale": 100.0, "commissionFee": 6.0, "transactionFee": 3.0, "shippingFee": 4.5, "totalFees": 13.5,
                            "feesSettled": true, "fulfillmentCost": 25.0, "refund": 0.0, "net": 61.5 } })
    );

    // The summary: nets 61.50 + 45.50 + (−1.80) + 70.00 = 175.20.
    let summary = s
        .ok(
            "{ getOrderSummary { totalOrders revenueEstimate ffTotalAmount totalRefund totalNetAmount totalSales totalFees estimatedFeeOrders } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(
        summary["getOrderSummary"],
        json!({ "totalOrders": 4, "revenueEstimate": 150.2, "ffTotalAmount": 25.0, "totalRefund": 20.0,
                "totalNetAmount": 175.2, "totalSales": 240.0, "totalFees": 19.8, "estimatedFeeOrders": 2 })
    );
    let shipped = s
        .ok(
            "query($f: OrderFilter) { getOrderSummary(filter: $f) { totalOrders totalNetAmount } }",
            json!({ "f": { "status": "IN_TRANSIT" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        shipped["getOrderSummary"],
        json!({ "totalOrders": 1, "totalNetAmount": -1.8 })
    );

    // Deadlines: F-100 is due within 24 h, F-200 is late; shipped and cancelled orders are not.
    let need = s
        .ok(
            "{ getOrderNeedAction { orderNeedIn24h orderOverDate } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(
        need["getOrderNeedAction"],
        json!({ "orderNeedIn24h": 1, "orderOverDate": 1 })
    );
    assert_eq!(
        external_ids(&s, &admin, json!({ "deadline": "OVERDUE" })).await,
        ["F-200"]
    );
    assert_eq!(
        external_ids(&s, &admin, json!({ "deadline": "DUE_SOON" })).await,
        ["F-100"]
    );
    // By channel: the fixture's shops are TikTok's.
    assert_eq!(
        external_ids(
            &s,
            &admin,
            json!({ "saleChannel": "TIKTOK", "search": "f-" })
        )
        .await
        .len(),
        4
    );
    assert!(
        external_ids(&s, &admin, json!({ "saleChannel": "AMAZON" }))
            .await
            .is_empty()
    );
    let late = s
        .ok(ORDERS, json!({ "f": { "search": "F-200" } }), Some(&admin))
        .await;
    assert_eq!(late["getOrders"]["items"][0]["isLate"], true);

    // Search by external id, buyer, recipient, SKU and product name.
    for (search, expected) in [
        ("f-300", vec!["F-300"]),
        ("BOB@buyers", vec!["F-200"]),
        ("dee dunn", vec!["F-400"]),
        ("MUG-MOON", vec!["F-300", "F-100"]),
        ("orbit tee", vec!["F-200", "F-100"]),
        ("100%", vec![]),
    ] {
        assert_eq!(
            external_ids(&s, &admin, json!({ "search": search })).await,
            expected,
            "search {search}"
        );
    }
    // Newest first by default; sorted by total or ship-by when asked.
    assert_eq!(
        external_ids(&s, &admin, json!({})).await,
        ["F-400", "F-300", "F-200", "F-100"]
    );
    assert_eq!(
        external_ids(
            &s,
            &admin,
            json!({ "sort": "TOTAL", "sortDirection": "ASC" })
        )
        .await,
        ["F-300", "F-200", "F-400", "F-100"]
    );
    assert_eq!(
        external_ids(
            &s,
            &admin,
            json!({ "sort": "SHIP_BY", "sortDirection": "ASC" })
        )
        .await,
        ["F-300", "F-200", "F-100", "F-400"]
    );
    // Paged.
    let page = s
        .ok(
            ORDERS,
            json!({ "f": { "limit": 3, "page": 2 } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        page["getOrders"]["pageInfo"],
        json!({ "totalCount": 4, "hasNextPage": false, "hasPreviousPage": true })
    );
    assert_eq!(page["getOrders"]["items"][0]["externalOrderId"], "F-100");
    let too_many = s
        .gql(ORDERS, json!({ "f": { "limit": 500 } }), Some(&admin))
        .await;
    assert_eq!(common::field(&too_many), "limit");

    // The tabs' counts: every status, the filter's status set aside.
    let counts = s
        .ok(
            "query($f: OrderFilter) { getOrderStatusCounts(filter: $f) { status count } }",
            json!({ "f": { "status": "CANCELLED" } }),
            Some(&admin),
        )
        .await;
    let count_of = |status: &str| {
        counts["getOrderStatusCounts"]
            .as_array()
            .expect("counts")
            .iter()
            .find(|c| c["status"] == status)
            .map(|c| c["count"].clone())
    };
    assert_eq!(count_of("AWAITING_FULFILLMENT"), Some(json!(2)));
    assert_eq!(count_of("IN_TRANSIT"), Some(json!(1)));
    assert_eq!(count_of("CANCELLED"), Some(json!(1)));
    assert_eq!(count_of("REFUNDED"), Some(json!(0)));

    // Sold products by units, cancelled orders left out: tees 2 + 3, mugs 1 + 1.
    let sold = s
        .ok(
            "{ getSoldProducts { productName totalSold } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(
        sold["getSoldProducts"],
        json!([{ "productName": "Orbit Tee", "totalSold": 5 }, { "productName": "Moon Mug", "totalSold": 2 }])
    );
    let cancelled = s
        .ok(
            "query($f: OrderFilter) { getSoldProducts(filter: $f) { productName totalSold } }",
            json!({ "f": { "status": "CANCELLED" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        cancelled["getSoldProducts"],
        json!([{ "productName": "Star Hoodie", "totalSold": 5 }])
    );
}

/// A new client with a verified ADMIN; returns the ADMIN's token.
const EXPORT: &str = "mutation($f: OrderFilter) { exportOrders(filter: $f) { id status batchId } }";
const EXPORT_STATUS: &str = "query($id: ID!) { getOrderExport(id: $id) { id status doneRows totalRows downloadUrl fileName error } }";

async fn download(url: &str, token: Option<&str>) -> reqwest::Response {
    let mut req = reqwest::Client::new().get(url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.send().await.expect("download")
}

#[tokio::test]
async fn tenancy_staff_scoping_and_the_export_matching_its_list() {
    let s = Server::start().await;
    let rows = Rows::open(&s).await;
    let (admin, client) = admin_and_client(&s, &rows).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    let shop_a = rows.shop(&client, "Shop A").await;
    let shop_b = rows.shop(&client, "Shop B").await;
    s.ok(
        "mutation($i: ReassignShopInput!) { reassignShop(input: $i) { id } }",
        json!({ "i": { "shopId": shop_a, "userIds": [staff_id] } }),
        Some(&admin),
    )
    .await;
    let mut on_a = Vec::new();
    for i in 0..7 {
        on_a.push(
            rows.order(
                &client,
                &shop_a,
                &NewOrder {
                    external_id: format!("A-{i:02}"),
                    ordered_at: at("2024-06-01T10:00:00Z") + chrono::Duration::minutes(i),
                    recipient_name: format!("Buyer, \"{i}\"\nof A"),
                    total: 1_000 + i * 100,
                    commission: 50,
                    items: vec![("Orbit Tee", "TEE", 1 + i, 1_000)],
                    ..NewOrder::default()
                },
            )
            .await,
        );
    }
    let on_b = rows
        .order(
            &client,
            &shop_b,
            &NewOrder {
                external_id: "B-01".into(),
                total: 9_900,
                ..NewOrder::default()
            },
        )
        .await;

    // STAFF see their shops' orders only.
    assert_eq!(
        external_ids(&s, &staff, json!({ "limit": 100 }))
            .await
            .len(),
        7
    );
    let hidden = s
        .gql(
            "query($id: ID!) { getOrderById(orderId: $id) { id } }",
            json!({ "id": on_b }),
            Some(&staff),
        )
        .await;
    assert_eq!(code(&hidden), "NOT_FOUND");
    let moved = s
        .gql(
            UPDATE,
            json!({ "id": on_b, "s": "AWAITING_DESIGN" }),
            Some(&staff),
        )
        .await;
    assert_eq!(code(&moved), "NOT_FOUND");
    let other_shop = s
        .gql(
            ORDERS,
            json!({ "f": { "shopIds": [shop_b] } }),
            Some(&staff),
        )
        .await;
    assert_eq!(code(&other_shop), "NOT_FOUND");
    let summary = s
        .ok(
            "{ getOrderSummary { totalOrders } }",
            json!({}),
            Some(&staff),
        )
        .await;
    assert_eq!(summary["getOrderSummary"]["totalOrders"], 7);
    s.ok(
        UPDATE,
        json!({ "id": on_a[0], "s": "AWAITING_DESIGN" }),
        Some(&staff),
    )
    .await;

    // Another client sees none of it, anywhere.
    let other = new_client(&s, "other-prints", "ola@other.test").await;
    for (query, vars) in [
        (
            "query($id: ID!) { getOrderById(orderId: $id) { id } }",
            json!({ "id": on_a[1] }),
        ),
        (UPDATE, json!({ "id": on_a[1], "s": "AWAITING_DESIGN" })),
        (ORDERS, json!({ "f": { "shopIds": [shop_a] } })),
    ] {
        let res = s.gql(query, vars, Some(&other)).await;
        assert_eq!(code(&res), "NOT_FOUND", "{res}");
    }
    assert!(external_ids(&s, &other, json!({})).await.is_empty());
    let theirs = s
        .ok(
            "{ getOrderSummary { totalOrders totalNetAmount } getOrderNeedAction { orderNeedIn24h orderOverDate } getSoldProducts { productName } }",
            json!({}),
            Some(&other),
        )
        .await;
    assert_eq!(
        theirs,
        json!({ "getOrderSummary": { "totalOrders": 0, "totalNetAmount": 0.0 },
                "getOrderNeedAction": { "orderNeedIn24h": 0, "orderOverDate": 0 }, "getSoldProducts": [] })
    );

    // The export: the filtered list, in its order, as CSV.
    let filter = json!({ "shopIds": [shop_a], "status": "AWAITING_FULFILLMENT", "sort": "TOTAL", "sortDirection": "DESC" });
    let mut listed = filter.clone();
    listed["limit"] = json!(100);
    let expected = external_ids(&s, &admin, listed).await;
    assert_eq!(expected.len(), 6, "A-00 moved to AWAITING_DESIGN");
    let queued = s.ok(EXPORT, json!({ "f": filter }), Some(&admin)).await;
    let export_id = queued["exportOrders"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    assert!(queued["exportOrders"]["batchId"].is_string());
    let done = wait_for(Duration::from_secs(60), || async {
        let e = s
            .ok(EXPORT_STATUS, json!({ "id": export_id }), Some(&admin))
            .await["getOrderExport"]
            .clone();
        (e["status"] == "SUCCESS" || e["status"] == "FAILED").then_some(e)
    })
    .await
    .unwrap_or_else(|| panic!("the export did not finish; log:\n{}", s.log()));
    assert_eq!(done["status"], "SUCCESS", "{done}");
    assert_eq!(done["doneRows"], 6);
    assert_eq!(done["totalRows"], 6);
    assert!(
        done["fileName"]
            .as_str()
            .is_some_and(|n| n.ends_with(".csv"))
    );
    let url = done["downloadUrl"]
        .as_str()
        .expect("download url")
        .to_owned();

    let file = download(&url, Some(&admin)).await;
    assert_eq!(file.status(), 200);
    assert!(
        file.headers()["content-type"]
            .to_str()
            .unwrap_or("")
            .starts_with("text/csv")
    );
    assert!(
        file.headers()["content-disposition"]
            .to_str()
            .unwrap_or("")
            .contains("attachment")
    );
    let body = file.text().await.expect("csv");
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let header = reader.headers().expect("header").clone();
    let column = |name: &str| header.iter().position(|h| h == name).expect(name);
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    let ids: Vec<String> = records
        .iter()
        .map(|r| r[column("Order ID")].to_owned())
        .collect();
    assert_eq!(ids, expected);
    // 16.00 − 0.50 commission = 15.50; the recipient's comma, quotes and line break survive.
    let first = &records[0];
    assert_eq!(&first[column("Total")], "16.00");
    assert_eq!(&first[column("Net")], "15.50");
    assert_eq!(&first[column("Fees settled")], "estimated");
    assert_eq!(&first[column("Recipient")], "Buyer, \"6\"\nof A");
    assert_eq!(&first[column("Items")], "TEE × 7");
    assert_eq!(&first[column("Shop")], "Shop A");

    // Only the client who made it: another client gets 404, no token 401; STAFF cannot read an
    // admin's export (it may hold shops they do not work on).
    assert_eq!(download(&url, Some(&other)).await.status(), 404);
    assert_eq!(download(&url, None).await.status(), 401);
    assert_eq!(download(&url, Some(&staff)).await.status(), 404);
    let res = s
        .gql(EXPORT_STATUS, json!({ "id": export_id }), Some(&other))
        .await;
    assert_eq!(code(&res), "NOT_FOUND");
    let res = s
        .gql(EXPORT_STATUS, json!({ "id": export_id }), Some(&staff))
        .await;
    assert_eq!(code(&res), "NOT_FOUND");

    // A STAFF export holds their shops only.
    let queued = s.ok(EXPORT, json!({ "f": {} }), Some(&staff)).await;
    let staff_export = queued["exportOrders"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let done = wait_for(Duration::from_secs(60), || async {
        let e = s
            .ok(EXPORT_STATUS, json!({ "id": staff_export }), Some(&staff))
            .await["getOrderExport"]
            .clone();
        (e["status"] == "SUCCESS" || e["status"] == "FAILED").then_some(e)
    })
    .await
    .expect("the staff export finished");
    assert_eq!(done["status"], "SUCCESS", "{done}");
    assert_eq!(done["doneRows"], 7);
    let body = download(done["downloadUrl"].as_str().expect("url"), Some(&staff))
        .await
        .text()
        .await
        .expect("csv");
    assert!(!body.contains("B-01"));
}

/// Queues an export of every order of the admin's client and waits for its file.
async fn finished_export(s: &Server, admin: &str) -> Value {
    let queued = s.ok(EXPORT, json!({ "f": {} }), Some(admin)).await;
    let id = queued["exportOrders"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    wait_for(Duration::from_secs(60), || async {
        let e =
            s.ok(EXPORT_STATUS, json!({ "id": id }), Some(admin)).await["getOrderExport"].clone();
        (e["status"] == "SUCCESS").then_some(e)
    })
    .await
    .unwrap_or_else(|| panic!("the export did not finish; log:\n{}", s.log()))
}

/// Exports are downloads, not archives: a week after it was made, an export's file and row are
/// gone (its link answers 404); a newer one stays.
#[tokio::test]
async fn exports_older_than_a_week_are_purged_with_their_files() {
    let s = Server::start_with(&[("CRON_ORDER_EXPORT_PURGE", "*/1 * * * * *")]).await;
    let rows = Rows::open(&s).await;
    let (admin, client) = admin_and_client(&s, &rows).await;
    let old = finished_export(&s, &admin).await;
    let new = finished_export(&s, &admin).await;
    let old_url = old["downloadUrl"].as_str().expect("url").to_owned();
    let new_url = new["downloadUrl"].as_str().expect("url").to_owned();
    assert_eq!(download(&old_url, Some(&admin)).await.status(), 200);
    // Embedded, files are under DATA_DIR (scaled, in the tests' bucket: the download says).
    let on_disk = |e: &Value| {
        s.data_dir()
            .join("exports")
            .join(&client)
            .join(format!("{}.csv", e["id"].as_str().expect("id")))
    };
    let local = !common::scaled();
    if local {
        assert!(on_disk(&old).exists(), "{}", on_disk(&old).display());
    }

    let mut conn = rows.db.conn().await.expect("conn");
    sqlx::query("UPDATE order_exports SET created_at = $1 WHERE id = $2")
        .bind(db_time(Utc::now() - chrono::Duration::days(8)))
        .bind(old["id"].as_str().expect("id"))
        .execute(&mut *conn)
        .await
        .expect("age the export");
    drop(conn);

    let gone = wait_for(Duration::from_secs(30), || async {
        let res = s
            .gql(EXPORT_STATUS, json!({ "id": old["id"] }), Some(&admin))
            .await;
        (code(&res) == "NOT_FOUND").then_some(())
    })
    .await;
    assert!(
        gone.is_some(),
        "the old export is still there; log:\n{}",
        s.log()
    );
    assert_eq!(download(&old_url, Some(&admin)).await.status(), 404);
    if local {
        assert!(
            !on_disk(&old).exists(),
            "the old export's file is still there"
        );
        assert!(on_disk(&new).exists(), "the new export's file is gone");
    }
    assert_eq!(download(&new_url, Some(&admin)).await.status(), 200);
}

/// Pages of getOrders the server answered from a filter's kept ids, from /metrics.
async fn kept_pages(s: &Server) -> u64 {
    pages_answered(s, "kept").await + pages_answered(s, "kept_page").await
}

/// Pages answered from memory whole, without reading their orders.
async fn pages_from_memory(s: &Server) -> u64 {
    pages_answered(s, "kept_page").await
}

async fn pages_answered(s: &Server, answer: &str) -> u64 {
    answered(s, "sellerdesk_order_desk_pages_total", answer).await
}

/// A desk counter of /metrics for one answer (0 before its first).
async fn answered(s: &Server, metric: &str, answer: &str) -> u64 {
    let text = s.get("/metrics").await.text().await.expect("metrics");
    let prefix = format!("{metric}{{answer=\"{answer}\"}} ");
    text.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .map_or(0, |v| v.trim().parse::<f64>().expect("number") as u64)
}

/// One page of the filter: its orders' external ids and the total count.
async fn page_of(s: &Server, token: &str, filter: &Value) -> (Vec<String>, i64) {
    let data = ok(s, ORDERS, json!({ "f": filter }), token).await;
    let ids = data["getOrders"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|o| o["externalOrderId"].as_str().expect("id").to_owned())
        .collect();
    let total = data["getOrders"]["pageInfo"]["totalCount"]
        .as_i64()
        .expect("count");
    (ids, total)
}

/// Reads the page until the server answers it from the filter's kept ids (it keeps them in the
/// background after a read), and returns that answer.
async fn kept_page_of(s: &Server, token: &str, filter: &Value) -> (Vec<String>, i64) {
    let before = kept_pages(s).await;
    wait_for(Duration::from_secs(20), || async {
        let page = page_of(s, token, filter).await;
        (kept_pages(s).await > before).then_some(page)
    })
    .await
    .expect("the filter's ids were never kept")
}

/// A filter read again is answered from the ids it matched, which the server keeps while the
/// client's orders stand still; every change to them shows on the very next read, whoever made
/// it: an order added (as a row, as the sync adds them), a status moved by hand, an order
/// re-dated, one removed.
#[tokio::test]
async fn a_filter_read_again_follows_every_change_to_the_orders() {
    let s = Server::start().await;
    let rows = Rows::open(&s).await;
    // A client of its own: the demo client's first sync writes orders while the test runs.
    let admin = new_client(&s, "kestrel-prints", "kim@kestrel.test").await;
    let client = rows.client_of(&me_id(&s, &admin).await).await;
    let shop = rows.shop(&client, "Kestrel Shop").await;
    let kestrel = |i: i64| NewOrder {
        external_id: format!("K-{i:02}"),
        ordered_at: at("2024-07-01T10:00:00Z") + chrono::Duration::minutes(i),
        items: vec![("Kestrel Tee", "KES", 1, 1_000)],
        ..NewOrder::default()
    };
    let mut ids = Vec::new();
    for i in 0..5 {
        ids.push(rows.order(&client, &shop, &kestrel(i)).await);
    }
    // Another order of the shop that the search leaves out.
    rows.order(
        &client,
        &shop,
        &NewOrder {
            external_id: "H-01".into(),
            items: vec![("Heron Mug", "HER", 1, 900)],
            ..NewOrder::default()
        },
    )
    .await;
    let filter =
        json!({ "search": "kestrel", "status": "AWAITING_FULFILLMENT", "limit": 2, "page": 1 });
    let first = page_of(&s, &admin, &filter).await;
    assert_eq!(first, (vec!["K-04".to_owned(), "K-03".to_owned()], 5));
    assert_eq!(kept_page_of(&s, &admin, &filter).await, first);
    // A deeper page is a slice of the same ids.
    let second =
        json!({ "search": "kestrel", "status": "AWAITING_FULFILLMENT", "limit": 2, "page": 3 });
    assert_eq!(
        kept_page_of(&s, &admin, &second).await,
        (vec!["K-00".to_owned()], 5)
    );

    // Added.
    let newest = rows.order(&client, &shop, &kestrel(9)).await;
    assert_eq!(
        page_of(&s, &admin, &filter).await,
        (vec!["K-09".to_owned(), "K-04".to_owned()], 6)
    );
    assert_eq!(
        kept_page_of(&s, &admin, &filter).await,
        (vec!["K-09".to_owned(), "K-04".to_owned()], 6)
    );

    // Moved by hand out of the filter's status.
    s.ok(
        "mutation($id: ID!, $s: OrderStatus!) { updateOrderStatus(orderId: $id, status: $s) { id } }",
        json!({ "id": newest, "s": "AWAITING_SHIPMENT" }),
        Some(&admin),
    )
    .await;
    assert_eq!(
        page_of(&s, &admin, &filter).await,
        (vec!["K-04".to_owned(), "K-03".to_owned()], 5)
    );
    kept_page_of(&s, &admin, &filter).await;

    // Re-dated: the oldest becomes the newest.
    {
        let mut conn = rows.db.conn().await.expect("conn");
        sqlx::query("UPDATE orders SET ordered_at = $1 WHERE id = $2")
            .bind(db_time(at("2024-07-02T10:00:00Z")))
            .bind(&ids[0])
            .execute(&mut *conn)
            .await
            .expect("re-date");
    }
    assert_eq!(
        page_of(&s, &admin, &filter).await,
        (vec!["K-00".to_owned(), "K-04".to_owned()], 5)
    );
    kept_page_of(&s, &admin, &filter).await;

    // Removed.
    {
        let mut conn = rows.db.conn().await.expect("conn");
        sqlx::query("DELETE FROM order_items WHERE order_id = $1")
            .bind(&ids[4])
            .execute(&mut *conn)
            .await
            .expect("items");
        sqlx::query("DELETE FROM orders WHERE id = $1")
            .bind(&ids[4])
            .execute(&mut *conn)
            .await
            .expect("order");
    }
    assert_eq!(
        page_of(&s, &admin, &filter).await,
        (vec!["K-00".to_owned(), "K-03".to_owned()], 4)
    );

    // Folding PostgreSQL's version rows (SQLite has none) keeps the version, so what is kept
    // stays valid.
    let expected = kept_page_of(&s, &admin, &filter).await;
    let version = rows.version(&client).await;
    domain::orders::matches::fold_all(&rows.db, 1_000)
        .await
        .expect("fold");
    let folded = rows.version(&client).await;
    assert_eq!((folded.0, folded.1), (version.0, 0), "before: {version:?}");
    let kept = kept_pages(&s).await;
    assert_eq!(page_of(&s, &admin, &filter).await, expected);
    assert_eq!(kept_pages(&s).await, kept + 1);

    // STAFF are never answered from kept ids: their shops are read with every page.
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let filter = json!({ "status": "AWAITING_FULFILLMENT", "limit": 2, "page": 1 });
    let kept = kept_pages(&s).await;
    for _ in 0..3 {
        page_of(&s, &staff, &filter).await;
    }
    assert_eq!(kept_pages(&s).await, kept);
}

/// What a page shows, as the desk reads it: each order's external id, marketplace status,
/// recipient, shop, owner and items.
async fn shown(s: &Server, token: &str, filter: &Value) -> Value {
    let data = ok(
        s,
        "query($f: OrderFilter) { getOrders(filter: $f) { items { externalOrderId marketplaceStatus
            recipientName shop { name } owner { firstName } items { productName quantity } } } }",
        json!({ "f": filter }),
        token,
    )
    .await;
    data["getOrders"]["items"].clone()
}

/// Reads the page until the server answers it from memory whole (it keeps a page once it was
/// read from the filter's kept ids), and returns that answer.
async fn page_from_memory(s: &Server, token: &str, filter: &Value) -> Value {
    let before = pages_from_memory(s).await;
    wait_for(Duration::from_secs(20), || async {
        let page = shown(s, token, filter).await;
        (pages_from_memory(s).await > before).then_some(page)
    })
    .await
    .expect("the page was never answered from memory")
}

/// A page read again is answered from memory while the client's orders stand still; a change
/// to anything it shows — an order's marketplace status or recipient, an item, the shop's name,
/// the owner's name — shows on the very next read. The fee schedule's note of when it last
/// looked at an order changes nothing the page shows and keeps it.
#[tokio::test]
async fn a_page_kept_whole_follows_every_change_to_what_it_shows() {
    let s = Server::start().await;
    let rows = Rows::open(&s).await;
    let admin = new_client(&s, "osprey-prints", "oli@osprey.test").await;
    let me = me_id(&s, &admin).await;
    let client = rows.client_of(&me).await;
    let shop = rows.shop(&client, "Osprey Shop").await;
    let mut ids = Vec::new();
    for i in 0..3 {
        ids.push(
            rows.order(
                &client,
                &shop,
                &NewOrder {
                    external_id: format!("O-{i:02}"),
                    ordered_at: at("2024-07-01T10:00:00Z") + chrono::Duration::minutes(i),
                    items: vec![("Osprey Tee", "OSP", 1, 1_000)],
                    ..NewOrder::default()
                },
            )
            .await,
        );
    }
    {
        let mut conn = rows.db.conn().await.expect("conn");
        sqlx::query("UPDATE orders SET owner_user_id = $1 WHERE client_id = $2")
            .bind(&me)
            .bind(&client)
            .execute(&mut *conn)
            .await
            .expect("owner");
    }
    let filter = json!({ "search": "osprey", "limit": 2, "page": 1 });
    let newest = &ids[2];
    let first = page_from_memory(&s, &admin, &filter).await;
    assert_eq!(first[0]["externalOrderId"], "O-02", "{first}");
    assert_eq!(first[0]["shop"]["name"], "Osprey Shop", "{first}");

    let changes: [(&str, &str, &str); 5] = [
        (
            "marketplace status",
            "UPDATE orders SET marketplace_status = 'ON_HOLD' WHERE id = $1",
            "/0/marketplaceStatus",
        ),
        (
            "recipient",
            "UPDATE orders SET recipient_name = 'Rae Osprey' WHERE id = $1",
            "/0/recipientName",
        ),
        (
            "item",
            "UPDATE order_items SET product_name = 'Osprey Hoodie' WHERE order_id = $1",
            "/0/items/0/productName",
        ),
        (
            "shop name",
            "UPDATE shops SET name = 'Osprey Studio' WHERE id = (SELECT shop_id FROM orders WHERE id = $1)",
            "/0/shop/name",
        ),
        (
            "owner name",
            "UPDATE users SET first_name = 'Olive' WHERE id = (SELECT owner_user_id FROM orders WHERE id = $1)",
            "/0/owner/firstName",
        ),
    ];
    for (what, statement, pointer) in changes {
        let before = page_from_memory(&s, &admin, &filter).await;
        {
            let mut conn = rows.db.conn().await.expect("conn");
            sqlx::query(statement)
                .bind(newest)
                .execute(&mut *conn)
                .await
                .unwrap_or_else(|e| panic!("{what}: {e}"));
        }
        let after = shown(&s, &admin, &filter).await;
        assert_ne!(
            before.pointer(pointer),
            after.pointer(pointer),
            "{what} did not show on the next read: {after}"
        );
    }
    let expected = shown(&s, &admin, &filter).await;
    assert_eq!(expected[0]["marketplaceStatus"], "ON_HOLD", "{expected}");
    assert_eq!(expected[0]["recipientName"], "Rae Osprey", "{expected}");
    assert_eq!(
        expected[0]["items"][0]["productName"], "Osprey Hoodie",
        "{expected}"
    );
    assert_eq!(expected[0]["shop"]["name"], "Osprey Studio", "{expected}");
    assert_eq!(expected[0]["owner"]["firstName"], "Olive", "{expected}");

    // The fee schedule's note moves nothing: the page stays kept.
    assert_eq!(page_from_memory(&s, &admin, &filter).await, expected);
    {
        let mut conn = rows.db.conn().await.expect("conn");
        sqlx::query("UPDATE orders SET fees_checked_at = $1 WHERE id = $2")
            .bind(domain::time::now_db())
            .bind(newest)
            .execute(&mut *conn)
            .await
            .expect("fees checked");
    }
    let before = pages_from_memory(&s).await;
    assert_eq!(shown(&s, &admin, &filter).await, expected);
    assert_eq!(pages_from_memory(&s).await, before + 1, "a page not kept");
}

/// Summaries the server answered from memory (`kept`) or by reading the orders (`counted`).
async fn summaries_answered(s: &Server, answer: &str) -> u64 {
    answered(s, "sellerdesk_order_desk_summaries_total", answer).await
}

async fn summary_of(s: &Server, token: &str, filter: &Value) -> (i64, i64) {
    let data = ok(
        s,
        "query($f: OrderFilter) { getOrderSummary(filter: $f) { totalOrders totalRefund } }",
        json!({ "f": filter }),
        token,
    )
    .await;
    let n = |field: &str| {
        data["getOrderSummary"][field]
            .as_f64()
            .unwrap_or_else(|| panic!("{field}: {data}"))
    };
    (
        n("totalOrders") as i64,
        (n("totalRefund") * 100.0).round() as i64,
    )
}

/// A summary asked for again is answered from memory while the client's orders stand still,
/// and follows every change to them on the next read: an order added, a refund written by hand.
/// STAFF's are always read.
#[tokio::test]
async fn a_summary_read_again_follows_every_change_to_the_orders() {
    let s = Server::start().await;
    let rows = Rows::open(&s).await;
    let admin = new_client(&s, "osprey-prints", "ola@osprey.test").await;
    let client = rows.client_of(&me_id(&s, &admin).await).await;
    let shop = rows.shop(&client, "Osprey Shop").await;
    let osprey = |i: i64| NewOrder {
        external_id: format!("O-{i:02}"),
        ordered_at: at("2024-07-01T10:00:00Z") + chrono::Duration::minutes(i),
        items: vec![("Osprey Tee", "OSP", 1, 1_000)],
        ..NewOrder::default()
    };
    let mut ids = Vec::new();
    for i in 0..3 {
        ids.push(rows.order(&client, &shop, &osprey(i)).await);
    }
    let filter = json!({ "status": "AWAITING_FULFILLMENT" });
    let (kept, counted) = (
        summaries_answered(&s, "kept").await,
        summaries_answered(&s, "counted").await,
    );
    assert_eq!(summary_of(&s, &admin, &filter).await, (3, 0));
    assert_eq!(summary_of(&s, &admin, &filter).await, (3, 0));
    assert_eq!(summaries_answered(&s, "counted").await, counted + 1);
    assert_eq!(summaries_answered(&s, "kept").await, kept + 1);

    // Added.
    rows.order(&client, &shop, &osprey(7)).await;
    assert_eq!(summary_of(&s, &admin, &filter).await, (4, 0));
    assert_eq!(summaries_answered(&s, "counted").await, counted + 2);

    // A refund written by a statement, as a job would.
    {
        let mut conn = rows.db.conn().await.expect("conn");
        sqlx::query("UPDATE orders SET refund_amount_cents = 250 WHERE id = $1")
            .bind(&ids[1])
            .execute(&mut *conn)
            .await
            .expect("refund");
    }
    assert_eq!(summary_of(&s, &admin, &filter).await, (4, 250));
    assert_eq!(summary_of(&s, &admin, &filter).await, (4, 250));
    assert_eq!(summaries_answered(&s, "kept").await, kept + 2);

    // STAFF's figures are read every time.
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let counted = summaries_answered(&s, "counted").await;
    for _ in 0..2 {
        summary_of(&s, &staff, &filter).await;
    }
    assert_eq!(summaries_answered(&s, "counted").await, counted + 2);
}
