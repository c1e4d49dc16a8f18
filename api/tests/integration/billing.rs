//! Plans, balances and gating over real HTTP: a hundred concurrent debits against one balance,
//! subscribe/upgrade/renewal dates and amounts against a fixture (time moved through SQL, the
//! renewal cron run every second), renewal mails, paid work beyond the plan refused with
//! PAYMENT_REQUIRED changing nothing, deactivation ending sessions at once, and the console
//! reserved to SUPER_ADMIN.

use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const PLANS: &str = "{ getAllSubscriptionPlans { id type salePrice basePrice durationDays maxShops monthlyListings monthlyFulfillments promotions features } }";
const SUBSCRIBE: &str = "mutation($p: ID!) { subscribeAPlan(planId: $p) { id balance startDate endDate plan { type } } }";
const ADD: &str = "mutation($c: ID!, $a: Float!, $n: String) { addClientBalance(clientId: $c, amount: $a, note: $n) { balance bankTransferReference } }";
const SUBSCRIPTION: &str = "query($c: ID!) { getClientSubscription(clientId: $c) { id balance startDate endDate isExpired isActive totalUsers totalShops bankTransferReference plan { type } effectivePlan { type } client { id key isActive } } }";
const TRANSACTIONS: &str = "query($c: ID!, $l: Int, $p: Int) { getTransactionPage(clientId: $c, limit: $l, page: $p) { items { id amount type content createdAt } pageInfo { totalCount hasNextPage } } }";
const UPDATE_CLIENT: &str = "mutation($id: ID!, $i: UpdateClientInput!) { updateClient(id: $id, input: $i) { id name isActive } }";
const CLIENTS: &str = "query($f: ClientSubscriptionFilter) { getClientSubscriptions(filter: $f) { items { client { key name isActive } balance plan { type } totalUsers totalShops isActive } pageInfo { totalCount hasNextPage hasPreviousPage } } }";

fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")) * 100.0).round() as i64
}

async fn client_id(s: &Server, token: &str) -> String {
    s.ok("{ getMe { client { id } } }", json!({}), Some(token))
        .await["getMe"]["client"]["id"]
        .as_str()
        .expect("client id")
        .to_owned()
}

async fn plan_ids(s: &Server, token: &str) -> std::collections::HashMap<String, String> {
    s.ok(PLANS, json!({}), Some(token)).await["getAllSubscriptionPlans"]
        .as_array()
        .expect("plans")
        .iter()
        .map(|p| {
            (
                p["type"].as_str().expect("type").to_owned(),
                p["id"].as_str().expect("id").to_owned(),
            )
        })
        .collect()
}

async fn top_up(s: &Server, root: &str, client: &str, amount: f64) -> Value {
    s.ok(
        ADD,
        json!({ "c": client, "a": amount, "n": "bank transfer SD-TEST 0001" }),
        Some(root),
    )
    .await["addClientBalance"]
        .clone()
}

async fn all_transactions(s: &Server, token: &str, client: &str) -> Vec<Value> {
    let mut all = Vec::new();
    for page in 1.. {
        let data = s
            .ok(
                TRANSACTIONS,
                json!({ "c": client, "l": 100, "p": page }),
                Some(token),
            )
            .await;
        let t = &data["getTransactionPage"];
        all.extend(t["items"].as_array().cloned().unwrap_or_default());
        if t["pageInfo"]["hasNextPage"] != true {
            break;
        }
    }
    all
}

async fn subscription(s: &Server, token: &str, client: &str) -> Value {
    s.ok(SUBSCRIPTION, json!({ "c": client }), Some(token))
        .await["getClientSubscription"]
        .clone()
}

async fn sql(s: &Server, statement: &str, binds: &[&str]) {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let mut q = sqlx::query(sqlx::AssertSqlSafe(statement.to_owned()));
    for b in binds {
        q = q.bind(b.to_string());
    }
    q.execute(&mut *conn).await.expect("statement");
}

async fn scalar_i64(s: &Server, statement: &str, bind: &str) -> i64 {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query_scalar(sqlx::AssertSqlSafe(statement.to_owned()))
        .bind(bind.to_owned())
        .fetch_one(&mut *conn)
        .await
        .expect("scalar")
}

/// Waits until two more renewal ticks ran to the end: whatever they would do twice is done.
async fn two_more_ticks(s: &Server) {
    let done = "SELECT CAST(COUNT(*) AS BIGINT) FROM event_histories WHERE type = $1 AND status = 'SUCCESS'";
    let before = scalar_i64(s, done, "plan.renew").await;
    let ran = wait_for(Duration::from_secs(30), || async {
        (scalar_i64(s, done, "plan.renew").await >= before + 2).then_some(())
    })
    .await;
    assert!(
        ran.is_some(),
        "the renewal cron stopped; log:\n{}",
        tail(&s.log(), 30)
    );
}

fn at(offset: chrono::Duration) -> String {
    domain::time::to_db(chrono::Utc::now() + offset)
}

fn date(v: &Value) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap_or_else(|| panic!("no date: {v}")))
        .expect("RFC 3339")
        .with_timezone(&chrono::Utc)
}

#[tokio::test]
async fn a_hundred_concurrent_plan_purchases_never_overdraw_one_balance() {
    let s = Server::start().await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let admin = new_client(&s, "race-prints", "race@prints.test").await;
    let client = client_id(&s, &admin).await;
    let plans = plan_ids(&s, &admin).await;
    let topped = top_up(&s, &root, &client, 100.0).await;
    assert_eq!(cents(&topped["balance"]), 10_000);
    // Switching between plans debits each one's price and credits what is left of the last:
    // the balance reaches BEGIN, SMALL and BASIC but never PREMIUM (149.00).
    let targets = ["BEGIN", "SMALL", "BASIC", "PREMIUM"];
    let mut tasks = Vec::new();
    let s = std::sync::Arc::new(s);
    for i in 0..100 {
        let s = s.clone();
        let admin = admin.clone();
        let plan = plans[targets[i % targets.len()]].clone();
        tasks.push(tokio::spawn(async move {
            s.gql(SUBSCRIBE, json!({ "p": plan }), Some(&admin)).await
        }));
    }
    let (mut ok, mut short, mut conflict) = (0, 0, 0);
    for t in tasks {
        let res = t.await.expect("task");
        match code(&res).as_str() {
            "" => {
                ok += 1;
                assert!(cents(&res["data"]["subscribeAPlan"]["balance"]) >= 0);
            }
            "PAYMENT_REQUIRED" => {
                assert_eq!(message(&res), "PAYMENT_REQUIRED");
                short += 1;
            }
            "CONFLICT" => conflict += 1,
            other => panic!("unexpected answer {other}: {res}"),
        }
    }
    assert!(
        ok >= 1 && short >= 25,
        "ok {ok}, short {short}, conflict {conflict}"
    );
    let sub = subscription(&s, &root, &client).await;
    let balance = cents(&sub["balance"]);
    let transactions = all_transactions(&s, &root, &client).await;
    let of = |t: &'static str| transactions.iter().filter(move |x| x["type"] == t);
    assert_eq!(
        of("PLAN_PURCHASE").count(),
        ok,
        "one PLAN_PURCHASE per success"
    );
    assert!(of("PLAN_PURCHASE").all(|t| cents(&t["amount"]) < 0));
    assert!(of("ADJUSTMENT").all(|t| cents(&t["amount"]) > 0));
    assert_eq!(of("TOP_UP").count(), 1);
    let sum: i64 = transactions.iter().map(|t| cents(&t["amount"])).sum();
    assert_eq!(sum, balance, "the transactions sum to the balance");
    assert!(balance >= 0, "never negative");
    // Credits never give back more than was paid, and no payment is lost: the balance plus
    // what is left of the period paid last is the top-up, less at most a cent of rounding per
    // switch (a double credit, or a purchase overwritten by another, breaks this).
    let paid = scalar_i64(
        &s,
        "SELECT paid_cents FROM client_subscriptions WHERE client_id = $1",
        &client,
    )
    .await;
    let held = balance + paid;
    assert!(
        held <= 10_000 && held >= 10_000 - ok as i64 - 1,
        "balance {balance} + paid {paid} after {ok} purchases"
    );
}

/// Two switches at once, the second started while the first holds its transaction open: the
/// second waits, then credits what is left of the period the first bought, not the one both
/// saw at the start. Reading the row before taking its lock credits one period twice.
#[tokio::test]
async fn a_switch_that_waits_for_another_credits_the_period_that_one_bought() {
    let s = Server::start().await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let admin = new_client(&s, "lock-prints", "lock@prints.test").await;
    let client = client_id(&s, &admin).await;
    let plans = plan_ids(&s, &admin).await;
    top_up(&s, &root, &client, 100.0).await;
    s.ok(SUBSCRIBE, json!({ "p": plans["SMALL"] }), Some(&admin))
        .await;

    let first_db = database(&s).await;
    let second_db = database(&s).await;
    let mut conn = first_db.conn().await.expect("connection");
    let basic = domain::plans::by_id(&mut conn, &plans["BASIC"])
        .await
        .expect("BASIC");
    let begin = domain::plans::by_id(&mut conn, &plans["BEGIN"])
        .await
        .expect("BEGIN");
    drop(conn);
    let begin_price = begin.sale_price_cents;
    let mut first = first_db.begin().await.expect("first transaction");
    domain::billing::subscribe(&mut first, &client, &basic)
        .await
        .expect("the first switch");
    let second = {
        let client = client.clone();
        tokio::spawn(async move {
            let mut tx = second_db.begin().await.expect("second transaction");
            let sub = domain::billing::subscribe(&mut tx, &client, &begin).await;
            tx.commit().await.expect("commit");
            sub.map(|s| s.balance_cents)
        })
    };
    // Long enough for the second to reach the row (and wait on it) before the first commits.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!second.is_finished(), "the second switch did not wait");
    first.commit().await.expect("commit");
    let balance = second.await.expect("task").expect("the second switch");

    let transactions = all_transactions(&s, &root, &client).await;
    let sum: i64 = transactions.iter().map(|t| cents(&t["amount"])).sum();
    assert_eq!(sum, balance, "the transactions sum to the balance");
    let paid = scalar_i64(
        &s,
        "SELECT paid_cents FROM client_subscriptions WHERE client_id = $1",
        &client,
    )
    .await;
    assert_eq!(paid, begin_price, "BEGIN was bought last");
    // Three purchases, two credits of what was left, each rounded down by at most a cent.
    let held = balance + paid;
    assert!(
        (10_000 - 2..=10_000).contains(&held),
        "balance {balance} + paid {paid}: a period was credited twice or a payment lost"
    );
}

#[tokio::test]
async fn subscribe_upgrade_renewal_and_its_mails_follow_the_fixture() {
    let s = Server::start_with(&[("CRON_PLAN_RENEW", "*/1 * * * * *")]).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let admin = new_client(&s, "renew-prints", "renew@prints.test").await;
    let client = client_id(&s, &admin).await;
    let plans = plan_ids(&s, &admin).await;
    top_up(&s, &root, &client, 100.0).await;

    // Subscribe: 19.00 debited, a 30-day period from now.
    let before = chrono::Utc::now();
    let sub = s
        .ok(SUBSCRIBE, json!({ "p": plans["BEGIN"] }), Some(&admin))
        .await["subscribeAPlan"]
        .clone();
    assert_eq!(sub["plan"]["type"], "BEGIN");
    assert_eq!(cents(&sub["balance"]), 8_100);
    let start = date(&sub["startDate"]);
    assert!(start >= before - chrono::Duration::seconds(1) && start <= chrono::Utc::now());
    assert_eq!(date(&sub["endDate"]) - start, chrono::Duration::days(30));
    // The same plan again while it runs: CONFLICT, nothing debited.
    let again = s
        .gql(SUBSCRIBE, json!({ "p": plans["BEGIN"] }), Some(&admin))
        .await;
    assert_eq!(code(&again), "CONFLICT", "{again}");
    assert_eq!(
        cents(&subscription(&s, &admin, &client).await["balance"]),
        8_100
    );

    // Ten days in, upgrade: 20 of 30 days of 19.00 unused = 12.66 (rounded down) credited.
    sql(
        &s,
        "UPDATE client_subscriptions SET start_date = $1, end_date = $2 WHERE client_id = $3",
        &[
            &at(-chrono::Duration::days(10)),
            &at(chrono::Duration::days(20)),
            &client,
        ],
    )
    .await;
    let up = s
        .ok(SUBSCRIBE, json!({ "p": plans["SMALL"] }), Some(&admin))
        .await["subscribeAPlan"]
        .clone();
    assert_eq!(up["plan"]["type"], "SMALL");
    assert_eq!(cents(&up["balance"]), 8_100 + 1_266 - 3_900);
    assert_eq!(
        date(&up["endDate"]) - date(&up["startDate"]),
        chrono::Duration::days(30)
    );
    let transactions = all_transactions(&s, &admin, &client).await;
    let adjustment = transactions
        .iter()
        .find(|t| t["type"] == "ADJUSTMENT")
        .expect("the unused part credited");
    assert_eq!(cents(&adjustment["amount"]), 1_266);

    // Two days before the end: the admins are reminded, once.
    let ending = at(chrono::Duration::days(2));
    sql(
        &s,
        "UPDATE client_subscriptions SET start_date = $1, end_date = $2 WHERE client_id = $3",
        &[&at(-chrono::Duration::days(28)), &ending, &client],
    )
    .await;
    let reminded = wait_for(Duration::from_secs(30), || async {
        s.mails()
            .into_iter()
            .find(|m| m.contains("To: renew@prints.test") && m.contains("plan ends on"))
    })
    .await;
    assert!(
        reminded.is_some(),
        "no reminder; log:\n{}",
        tail(&s.log(), 30)
    );
    two_more_ticks(&s).await;
    let reminders = s
        .mails()
        .iter()
        .filter(|m| m.contains("plan ends on"))
        .count();
    assert_eq!(reminders, 1, "one reminder per period whatever the ticks");

    // The period ended an hour ago: renewed from the balance, the new period from the old end.
    let old_end = at(-chrono::Duration::hours(1));
    sql(
        &s,
        "UPDATE client_subscriptions SET start_date = $1, end_date = $2 WHERE client_id = $3",
        &[&at(-chrono::Duration::days(30)), &old_end, &client],
    )
    .await;
    let renewed = wait_for(Duration::from_secs(30), || async {
        let sub = subscription(&s, &admin, &client).await;
        (sub["isExpired"] == false).then_some(sub)
    })
    .await
    .unwrap_or_else(|| panic!("not renewed; log:\n{}", tail(&s.log(), 30)));
    assert_eq!(date(&renewed["startDate"]), date(&json!(old_end)));
    assert_eq!(
        date(&renewed["endDate"]) - date(&renewed["startDate"]),
        chrono::Duration::days(30)
    );
    assert_eq!(cents(&renewed["balance"]), 5_466 - 3_900);
    assert_eq!(renewed["plan"]["type"], "SMALL");
    two_more_ticks(&s).await;
    let transactions = all_transactions(&s, &admin, &client).await;
    let purchases = transactions
        .iter()
        .filter(|t| t["type"] == "PLAN_PURCHASE")
        .count();
    assert_eq!(
        purchases, 3,
        "BEGIN, SMALL and one renewal: {transactions:?}"
    );
    assert_eq!(
        cents(&subscription(&s, &admin, &client).await["balance"]),
        1_566
    );

    // Ended again with 15.66 for a 39.00 plan: not renewed, the admins told once, FREE's
    // limits apply and nothing is lost.
    sql(
        &s,
        "UPDATE client_subscriptions SET start_date = $1, end_date = $2 WHERE client_id = $3",
        &[
            &at(-chrono::Duration::days(30)),
            &at(-chrono::Duration::minutes(5)),
            &client,
        ],
    )
    .await;
    let failed = wait_for(Duration::from_secs(30), || async {
        s.mails()
            .into_iter()
            .find(|m| m.contains("To: renew@prints.test") && m.contains("could not be renewed"))
    })
    .await;
    assert!(
        failed.is_some(),
        "no failure mail; log:\n{}",
        tail(&s.log(), 30)
    );
    two_more_ticks(&s).await;
    assert_eq!(
        s.mails()
            .iter()
            .filter(|m| m.contains("could not be renewed"))
            .count(),
        1
    );
    let lapsed = subscription(&s, &admin, &client).await;
    assert_eq!(lapsed["isExpired"], true);
    assert_eq!(cents(&lapsed["balance"]), 1_566, "nothing debited");
    assert_eq!(lapsed["plan"]["type"], "SMALL");
    assert_eq!(lapsed["effectivePlan"]["type"], "FREE");
    let me = s
        .ok(
            "{ getMe { plan { type maxShops } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(me["getMe"]["plan"]["type"], "FREE");
}

const LIST: &str =
    "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId queued } }";
const HISTORIES: &str =
    "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { pageInfo { totalCount } } }";

async fn usage(s: &Server, client: &str, column: &str) -> i64 {
    let statement = format!(
        "SELECT CAST(COALESCE(SUM({column}), 0) AS BIGINT) FROM plan_usage WHERE client_id = $1"
    );
    scalar_i64(s, &statement, client).await
}

async fn set_usage(s: &Server, client: &str, listings: i64, fulfillments: i64) {
    let month = domain::billing::month_of(chrono::Utc::now());
    sql(s, "DELETE FROM plan_usage WHERE client_id = $1", &[client]).await;
    let statement = format!(
        "INSERT INTO plan_usage (client_id, month, listings, fulfillments) VALUES ($1, $2, {listings}, {fulfillments})"
    );
    sql(s, &statement, &[client, &month]).await;
}

async fn jobs_count(s: &Server, token: &str, kind: &str) -> i64 {
    s.ok(HISTORIES, json!({ "f": { "type": kind } }), Some(token))
        .await["getEventHistories"]["pageInfo"]["totalCount"]
        .as_i64()
        .expect("count")
}

#[tokio::test]
async fn paid_work_beyond_the_plan_answers_payment_required_and_changes_nothing() {
    let s = Server::start().await;

    // Shops: FREE holds one; the second consent is refused and nothing is connected.
    let other = new_client(&s, "quota-prints", "quota@prints.test").await;
    connect_tiktok_shop(&s, &other, "Only Shop").await;
    let link = s
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
            json!({}),
            Some(&other),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let granted = s.sandbox().grant_shop("Second Shop", "US");
    let res = s
        .gql(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id } }",
            json!({ "i": { "code": granted.auth_code, "state": state_of(&link), "saleChannel": "TIKTOK", "targetMarket": "US" } }),
            Some(&other),
        )
        .await;
    assert_eq!(code(&res), "PAYMENT_REQUIRED", "{res}");
    assert_eq!(message(&res), "PAYMENT_REQUIRED");
    let shops = s
        .ok(
            "{ getShops { pageInfo { totalCount } } }",
            json!({}),
            Some(&other),
        )
        .await;
    assert_eq!(shops["getShops"]["pageInfo"]["totalCount"], 1);

    // Listings: the demo client on BEGIN (500 a month) with 499 used.
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let demo = client_id(&s, &admin).await;
    give_plan(&s, &admin, "BEGIN").await;
    let shop = connect_tiktok_shop(&s, &admin, "Gate Shop").await;
    let template = s
        .ok(
            "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }",
            json!({ "i": {
                "name": "Gate tee", "title": "{design} Tee", "description": "<p>Tee</p>",
                "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
                "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
                "tiktokCategoryId": "601226",
                "variants": [{ "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 }],
                "tiktokProductAttribute": [{ "attributeId": "100198", "valueIds": ["1001981"] }, { "attributeId": "100392", "valueIds": ["1003921"] }],
                "type": "POD" } }),
            Some(&admin),
        )
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("template")
        .to_owned();
    let products: Vec<String> = s
        .ok(
            "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }",
            json!({ "i": { "templateId": template, "designs": [
                { "name": "One", "mockupUrls": ["https://img.test/one.png"] },
                { "name": "Two", "mockupUrls": ["https://img.test/two.png"] } ] } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_owned())
        .collect();
    set_usage(&s, &demo, 499, 0).await;
    let listings_before = jobs_count(&s, &admin, "listing.publish").await;
    let res = s
        .gql(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": products, "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "PAYMENT_REQUIRED", "{res}");
    assert_eq!(
        jobs_count(&s, &admin, "listing.publish").await,
        listings_before
    );
    assert_eq!(
        usage(&s, &demo, "listings").await,
        499,
        "a refusal counts nothing"
    );
    // One more fits.
    let res = s
        .ok(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": [products[0]], "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(res["bulkListingProduct"]["queued"], 1);
    assert_eq!(usage(&s, &demo, "listings").await, 500);
    let res = s
        .gql(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": [products[1]], "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "PAYMENT_REQUIRED", "{res}");

    // Fulfilment orders: 200 a month on BEGIN, all used.
    let account = s
        .providers()
        .account(sandbox::providers::Provider::Printify);
    let base = account
        .base_path
        .as_ref()
        .map(|p| format!("{}{p}", s.providers.base_url()));
    let provider = s
        .ok(
            "mutation($i: CreateFulfillmentProviderInput!) { createFulfillmentProvider(input: $i) { id } }",
            json!({ "i": { "provider": "PRINTIFY", "name": "Printify gate", "apiKey": account.api_key,
                "apiSecret": account.api_secret, "shopId": account.shop_id, "baseUrl": base } }),
            Some(&admin),
        )
        .await["createFulfillmentProvider"]["id"]
        .as_str()
        .expect("provider")
        .to_owned();
    let order = json!({ "i": { "providerId": provider, "refOrderId": "GATE-1",
        "items": [{ "fulfillmentSku": "SKU-GATE", "quantity": 1, "designFrontUrl": "https://designs.example.com/front.png" }],
        "shipping": { "name": "Gate Buyer", "address1": "1 Main St", "city": "Austin", "postalCode": "73301", "regionCode": "US" } } });
    const SIMPLE: &str = "mutation($i: CreateSimpleFulfillmentOrderInput!) { createSimpleFulfillmentOrder(input: $i) }";
    set_usage(&s, &demo, 0, 200).await;
    let orders_before = scalar_i64(
        &s,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM fulfillment_orders WHERE client_id = $1",
        &demo,
    )
    .await;
    let res = s.gql(SIMPLE, order.clone(), Some(&admin)).await;
    assert_eq!(code(&res), "PAYMENT_REQUIRED", "{res}");
    let orders_after = scalar_i64(
        &s,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM fulfillment_orders WHERE client_id = $1",
        &demo,
    )
    .await;
    assert_eq!(orders_after, orders_before);
    assert_eq!(usage(&s, &demo, "fulfillments").await, 200);
    set_usage(&s, &demo, 0, 199).await;
    let res = s.gql(SIMPLE, order, Some(&admin)).await;
    assert_eq!(code(&res), "", "{res}");
    assert_eq!(usage(&s, &demo, "fulfillments").await, 200);

    // A paid plan that ended falls back to FREE: one shop (the demo has two), no promotions;
    // reads still answer.
    sql(
        &s,
        "UPDATE client_subscriptions SET end_date = $1 WHERE client_id = $2",
        &[&at(-chrono::Duration::hours(1)), &demo],
    )
    .await;
    let me = s
        .ok("{ getMe { plan { type } } }", json!({}), Some(&admin))
        .await;
    assert_eq!(me["getMe"]["plan"]["type"], "FREE");
    let shops = s
        .ok(
            "{ getShops { pageInfo { totalCount } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert!(shops["getShops"]["pageInfo"]["totalCount"].as_i64() >= Some(1));
    let link = s
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
            json!({}),
            Some(&admin),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let granted = s.sandbox().grant_shop("Over Quota Shop", "US");
    let res = s
        .gql(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id } }",
            json!({ "i": { "code": granted.auth_code, "state": state_of(&link), "saleChannel": "TIKTOK", "targetMarket": "US" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "PAYMENT_REQUIRED", "{res}");
}

#[tokio::test]
async fn deactivation_ends_sessions_at_once_and_reactivation_restores_them() {
    let s = Server::start().await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let demo = client_id(&s, &admin).await;
    let me = "{ getMe { id } }";
    s.ok(me, json!({}), Some(&staff)).await;

    let off = s
        .ok(
            UPDATE_CLIENT,
            json!({ "id": demo, "i": { "isActive": false, "name": "Demo Store (paused)" } }),
            Some(&root),
        )
        .await;
    assert_eq!(off["updateClient"]["isActive"], false);
    assert_eq!(off["updateClient"]["name"], "Demo Store (paused)");
    for token in [&admin, &staff] {
        let res = s.gql(me, json!({}), Some(token)).await;
        assert_eq!(code(&res), "UNAUTHENTICATED", "{res}");
    }
    let login = s
        .gql(
            "mutation($i: LoginInput!) { login(input: $i) { accessToken } }",
            json!({ "i": { "email": DEMO_ADMIN, "password": DEMO_PASSWORD } }),
            None,
        )
        .await;
    assert_eq!(code(&login), "UNAUTHENTICATED", "{login}");

    s.ok(
        UPDATE_CLIENT,
        json!({ "id": demo, "i": { "isActive": true } }),
        Some(&root),
    )
    .await;
    // The tokens issued before work again, and signing in too.
    s.ok(me, json!({}), Some(&admin)).await;
    s.ok(me, json!({}), Some(&staff)).await;
    s.login(DEMO_ADMIN, DEMO_PASSWORD).await;

    // The platform's own client cannot be switched off; bad names are refused.
    let platform = client_id(&s, &root).await;
    let res = s
        .gql(
            UPDATE_CLIENT,
            json!({ "id": platform, "i": { "isActive": false } }),
            Some(&root),
        )
        .await;
    assert_eq!(code(&res), "FORBIDDEN", "{res}");
    s.ok(me, json!({}), Some(&root)).await;
    let res = s
        .gql(
            UPDATE_CLIENT,
            json!({ "id": demo, "i": { "name": "  " } }),
            Some(&root),
        )
        .await;
    assert_eq!(field(&res), "name", "{res}");
    let res = s
        .gql(
            UPDATE_CLIENT,
            json!({ "id": "01900000-0000-7000-8000-000000000000", "i": { "isActive": true } }),
            Some(&root),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
}

#[tokio::test]
async fn only_super_admin_reaches_the_console_and_sellers_see_only_their_own() {
    let s = Server::start().await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let demo = client_id(&s, &admin).await;
    let other = new_client(&s, "console-prints", "console@prints.test").await;
    let other_id = client_id(&s, &other).await;
    let plans = plan_ids(&s, &admin).await;

    // The console's operations: FORBIDDEN to ADMIN and STAFF, and nothing changes.
    for token in [&admin, &staff] {
        let res = s.gql(CLIENTS, json!({}), Some(token)).await;
        assert_eq!(code(&res), "FORBIDDEN", "{res}");
        let res = s
            .gql(ADD, json!({ "c": demo, "a": 10.0 }), Some(token))
            .await;
        assert_eq!(code(&res), "FORBIDDEN", "{res}");
        let res = s
            .gql(
                UPDATE_CLIENT,
                json!({ "id": demo, "i": { "isActive": false } }),
                Some(token),
            )
            .await;
        assert_eq!(code(&res), "FORBIDDEN", "{res}");
        let res = s
            .gql(
                "mutation($id: ID!, $i: SubscriptionPlanInput!) { updateSubscriptionPlan(id: $id, input: $i) { id } }",
                json!({ "id": plans["FREE"], "i": { "maxShops": 50 } }),
                Some(token),
            )
            .await;
        assert_eq!(code(&res), "FORBIDDEN", "{res}");
        // Another client's subscription and transactions are not found; their own are read.
        for q in [SUBSCRIPTION, TRANSACTIONS] {
            let res = s.gql(q, json!({ "c": other_id }), Some(token)).await;
            assert_eq!(code(&res), "NOT_FOUND", "{res}");
            let res = s.gql(q, json!({ "c": demo }), Some(token)).await;
            assert_eq!(code(&res), "", "{res}");
        }
    }
    // A client's users and shops: the console reads any client's, a seller only its own.
    const USERS: &str = "query($c: ID) { getUsers(clientId: $c, limit: 50) { items { email role } pageInfo { totalCount } } }";
    const SHOPS: &str = "query($c: ID) { getShops(filter: { clientId: $c }) { items { id name } pageInfo { totalCount } } }";
    for (q, tokens) in [(USERS, vec![&admin]), (SHOPS, vec![&admin, &staff])] {
        for token in tokens {
            let res = s.gql(q, json!({ "c": other_id }), Some(token)).await;
            assert_eq!(code(&res), "NOT_FOUND", "{res}");
        }
    }
    let res = s
        .gql(
            USERS,
            json!({ "c": "01900000-0000-7000-8000-000000000000" }),
            Some(&root),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    let own = s.ok(USERS, json!({ "c": demo }), Some(&admin)).await;
    let seen = s.ok(USERS, json!({ "c": demo }), Some(&root)).await;
    assert_eq!(
        seen, own,
        "the console sees the client's users as its admin does"
    );
    assert_eq!(seen["getUsers"]["pageInfo"]["totalCount"], 2);
    let emails: Vec<&str> = seen["getUsers"]["items"]
        .as_array()
        .expect("users")
        .iter()
        .filter_map(|u| u["email"].as_str())
        .collect();
    assert!(emails.contains(&DEMO_STAFF), "{emails:?}");
    let theirs = s.ok(USERS, json!({ "c": other_id }), Some(&root)).await;
    assert_eq!(
        theirs["getUsers"]["items"][0]["email"],
        "console@prints.test"
    );
    let shop = domain::ids::new_id();
    let now = domain::time::now_db();
    sql(
        &s,
        "INSERT INTO shops (id, client_id, name, sale_channel, target_market, connection, external_shop_id, created_at, updated_at)
         VALUES ($1, $2, 'Console Shop', 'TIKTOK', 'US', 'OPEN', $1, $3, $3)",
        &[&shop, &demo, &now],
    )
    .await;
    let own = s.ok(SHOPS, json!({ "c": demo }), Some(&admin)).await;
    let seen = s.ok(SHOPS, json!({ "c": demo }), Some(&root)).await;
    assert_eq!(
        seen, own,
        "the console sees the client's shops as its admin does"
    );
    let names = seen["getShops"]["items"].to_string();
    assert!(names.contains("Console Shop"), "{names}");
    let mine = s.ok(SHOPS, json!({}), Some(&root)).await;
    assert!(
        !mine["getShops"]["items"]
            .to_string()
            .contains("Console Shop"),
        "without clientId the console lists the platform's own shops"
    );

    assert_eq!(cents(&subscription(&s, &root, &demo).await["balance"]), 0);
    let sub = subscription(&s, &admin, &demo).await;
    assert_eq!(sub["bankTransferReference"], "SD-DEMO");
    assert_eq!(sub["totalUsers"], 2);
    let reference = s
        .ok("{ getBankTransferReference }", json!({}), Some(&admin))
        .await;
    assert_eq!(reference["getBankTransferReference"], "SD-DEMO");

    // Top-ups: positive, at most two decimals, within the maximum; the note says who and why.
    for (amount, why) in [
        (0.0, "zero"),
        (-5.0, "negative"),
        (1.005, "sub-cent"),
        (1e9, "too much"),
    ] {
        let res = s
            .gql(ADD, json!({ "c": demo, "a": amount }), Some(&root))
            .await;
        assert_eq!(field(&res), "amount", "{why}: {res}");
    }
    let res = s
        .gql(
            ADD,
            json!({ "c": "01900000-0000-7000-8000-000000000000", "a": 5.0 }),
            Some(&root),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    let credited = top_up(&s, &root, &demo, 25.5).await;
    assert_eq!(cents(&credited["balance"]), 2_550);
    let t = all_transactions(&s, &admin, &demo).await;
    assert_eq!(t.len(), 1);
    assert_eq!(t[0]["type"], "TOP_UP");
    let content = t[0]["content"].as_str().unwrap_or_default();
    assert!(
        content.contains(SUPER_EMAIL) && content.contains("SD-TEST 0001"),
        "{content}"
    );

    // The console: search, plan, status, sort and pages.
    let page = s
        .ok(
            CLIENTS,
            json!({ "f": { "search": "CONSOLE" } }),
            Some(&root),
        )
        .await;
    let items = page["getClientSubscriptions"]["items"]
        .as_array()
        .expect("items");
    assert_eq!(items.len(), 1, "{page}");
    assert_eq!(items[0]["client"]["key"], "console-prints");
    assert_eq!(items[0]["plan"]["type"], "FREE");
    assert_eq!(items[0]["totalUsers"], 1);
    let page = s
        .ok(
            CLIENTS,
            json!({ "f": { "planType": "DIAMOND" } }),
            Some(&root),
        )
        .await;
    assert_eq!(page["getClientSubscriptions"]["pageInfo"]["totalCount"], 1);
    let page = s
        .ok(
            CLIENTS,
            json!({ "f": { "sort": "BALANCE", "limit": 1 } }),
            Some(&root),
        )
        .await;
    assert_eq!(
        page["getClientSubscriptions"]["items"][0]["client"]["key"],
        "demo"
    );
    assert_eq!(
        page["getClientSubscriptions"]["pageInfo"]["hasNextPage"],
        true
    );
    let page = s
        .ok(CLIENTS, json!({ "f": { "isActive": false } }), Some(&root))
        .await;
    assert_eq!(page["getClientSubscriptions"]["pageInfo"]["totalCount"], 0);
    let page = s
        .ok(CLIENTS, json!({ "f": { "isActive": true } }), Some(&root))
        .await;
    assert_eq!(page["getClientSubscriptions"]["pageInfo"]["totalCount"], 2);
    let page = s
        .ok(
            CLIENTS,
            json!({ "f": { "sort": "NAME", "limit": 1, "page": 2 } }),
            Some(&root),
        )
        .await;
    // By name: "Demo Store", then "Other Prints" (the sign-up helper's name) on page 2.
    assert_eq!(
        page["getClientSubscriptions"]["items"][0]["client"]["key"],
        "console-prints"
    );
    assert_eq!(
        page["getClientSubscriptions"]["pageInfo"]["hasPreviousPage"],
        true
    );
    let res = s
        .gql(CLIENTS, json!({ "f": { "limit": 1000 } }), Some(&root))
        .await;
    assert_eq!(field(&res), "limit");

    // Plans are data: an edit shows in the catalogue; bad terms are refused.
    let edit = "mutation($id: ID!, $i: SubscriptionPlanInput!) { updateSubscriptionPlan(id: $id, input: $i) { type maxShops monthlyListings monthlyFulfillments promotions salePrice } }";
    let res = s
        .ok(
            edit,
            json!({ "id": plans["BEGIN"], "i": { "maxShops": 4, "monthlyListings": null, "salePrice": 17.5 } }),
            Some(&root),
        )
        .await;
    assert_eq!(res["updateSubscriptionPlan"]["maxShops"], 4);
    assert_eq!(
        res["updateSubscriptionPlan"]["monthlyListings"],
        Value::Null
    );
    assert_eq!(res["updateSubscriptionPlan"]["monthlyFulfillments"], 200);
    assert_eq!(cents(&res["updateSubscriptionPlan"]["salePrice"]), 1_750);
    let all = s.ok(PLANS, json!({}), Some(&staff)).await;
    let begin = all["getAllSubscriptionPlans"]
        .as_array()
        .expect("plans")
        .iter()
        .find(|p| p["type"] == "BEGIN")
        .cloned()
        .expect("BEGIN");
    assert_eq!(begin["maxShops"], 4);
    let free = all["getAllSubscriptionPlans"]
        .as_array()
        .expect("plans")
        .iter()
        .find(|p| p["type"] == "FREE")
        .cloned()
        .expect("FREE");
    assert_eq!(free["maxShops"], 1);
    assert_eq!(free["promotions"], false);
    assert_eq!(
        all["getAllSubscriptionPlans"].as_array().map(Vec::len),
        Some(6)
    );
    for (input, f) in [
        (json!({ "salePrice": 5.0 }), "salePrice"),
        (json!({ "maxShops": 0 }), "maxShops"),
        (json!({ "monthlyListings": -1 }), "monthlyListings"),
        (json!({ "description": "" }), "description"),
    ] {
        let res = s
            .gql(
                edit,
                json!({ "id": plans["FREE"], "i": input }),
                Some(&root),
            )
            .await;
        assert_eq!(field(&res), f, "{res}");
    }
}
