//! The seller's core loop against the TikTok Shop sandbox over real HTTP: connect a shop, sync
//! it, build products from designs and a template, list them in bulk and watch each item end
//! LIVE or with the marketplace's words — through faults and a killed worker, never creating a
//! product twice.

use std::collections::HashSet;
use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const CREATE_TEMPLATE: &str =
    "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }";
const CREATE_PRODUCTS: &str =
    "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }";
const LIST: &str =
    "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId queued } }";
const PUBLISH: &str =
    "mutation($i: BulkPublishProductsInput!) { bulkPublishProducts(input: $i) { batchId queued } }";
const SHOP_PRODUCTS: &str = "query($s: ID!, $f: ShopProductFilter) { getShopProducts(shopId: $s, filter: $f) {
    items { id liveStatus errorMessages externalId shopName product { id name status images { imageUrl } } }
    pageInfo { totalCount } } }";
const HISTORIES: &str = "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { id type status error attempts } } }";

/// A T-shirt template in a leaf category the sandbox accepts, with its required properties.
fn tee_template() -> Value {
    json!({
        "name": "Classic tee",
        "title": "{design} Classic Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "tiktokCategoryId": "601226",
        "variants": [
            { "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 },
            { "attributes": { "Color": "White", "Size": "L" }, "sku": "WHT-L", "salePrice": 12.0, "listPrice": 16.0, "quantity": 20 }
        ],
        "tiktokProductAttribute": [
            { "attributeId": "100198", "valueIds": ["1001981"] },
            { "attributeId": "100392", "valueIds": ["1003921"] }
        ],
        "priceFormula": "price * 1.5 + 0.99",
        "type": "POD"
    })
}

async fn template(s: &Server, token: &str) -> String {
    s.ok(CREATE_TEMPLATE, json!({ "i": tee_template() }), Some(token))
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("template id")
        .to_owned()
}

fn designs(host: &str, names: &[String]) -> Value {
    Value::Array(
        names
            .iter()
            .map(|n| {
                let file = n.replace(' ', "-");
                json!({ "name": n, "designFrontUrl": format!("{host}/front/{file}.png"), "mockupUrls": [format!("{host}/mockup/{file}.png")] })
            })
            .collect(),
    )
}

async fn shop_products(s: &Server, token: &str, shop: &str) -> Vec<Value> {
    let mut all = Vec::new();
    for page in 1.. {
        let data = s
            .ok(
                SHOP_PRODUCTS,
                json!({ "s": shop, "f": { "limit": 100, "page": page } }),
                Some(token),
            )
            .await;
        let items = data["getShopProducts"]["items"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let done = items.len() < 100;
        all.extend(items);
        if done {
            break;
        }
    }
    all
}

/// Every product the sandbox created, and proof that none was created twice.
fn created_once(s: &Server) -> usize {
    let creates = s.sandbox().ledger_of("product.create");
    let keys: HashSet<String> = creates
        .iter()
        .map(|e| {
            e.idempotency_key
                .clone()
                .expect("creates carry an idempotency key")
        })
        .collect();
    assert_eq!(
        keys.len(),
        creates.len(),
        "a product was created twice: {} creates for {} keys",
        creates.len(),
        keys.len()
    );
    creates.len()
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

#[tokio::test]
async fn consent_authorise_and_sync_fill_the_shop() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Sync Shop").await;
    // authorizeShop queued the first sync; it brings warehouses and orders.
    let synced = wait_for(Duration::from_secs(60), || async {
        let jobs = jobs_of(&s, &admin, "shop.sync").await;
        jobs.iter()
            .find(|j| j["status"] == "SUCCESS" || j["status"] == "FAILED")
            .cloned()
    })
    .await
    .unwrap_or_else(|| panic!("shop.sync did not finish; log:\n{}", tail(&s.log(), 40)));
    assert_eq!(synced["status"], "SUCCESS", "{synced}");
    let q = "query($id: ID!) { getShop(id: $id) { id name lastSyncedAt warehouseCount connection } getWarehouses(shopId: $id) { externalId name isDefault } }";
    let data = s.ok(q, json!({ "id": shop }), Some(&admin)).await;
    assert!(data["getShop"]["lastSyncedAt"].is_string(), "{data}");
    let warehouses = data["getWarehouses"].as_array().expect("warehouses");
    assert!(!warehouses.is_empty());
    assert_eq!(data["getShop"]["warehouseCount"], warehouses.len());

    let db = domain::Db::connect(&domain::db::DbOptions {
        url: s.database_url(),
        max_connections: 1,
        acquire_timeout: Duration::from_secs(10),
    })
    .await
    .expect("database");
    let mut conn = db.conn().await.expect("connection");
    let client: String = sqlx::query_scalar("SELECT client_id FROM shops WHERE id = $1")
        .bind(&shop)
        .fetch_one(&mut *conn)
        .await
        .expect("shop row");
    let orders = domain::orders::count_of_shop(&mut conn, &client, &shop)
        .await
        .expect("orders");
    assert!(orders > 0, "the sandbox's orders were synced");

    // A sync asked for by hand runs under a batch and is incremental: no order twice.
    let batch = s
        .ok(
            "mutation($id: ID!) { syncShop(id: $id) { batchId queued } }",
            json!({ "id": shop }),
            Some(&admin),
        )
        .await["syncShop"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["succeeded"], 1, "{done}");
    assert_eq!(
        domain::orders::count_of_shop(&mut conn, &client, &shop)
            .await
            .expect("orders"),
        orders
    );

    // Rename, commission, and removal.
    let renamed = s
        .ok("mutation($id: ID!) { updateShop(id: $id, input: { name: \"Main store\", commissionRate: 12.5 }) { name commissionRate } }", json!({ "id": shop }), Some(&admin))
        .await;
    assert_eq!(renamed["updateShop"]["name"], "Main store");
    let bad = s
        .gql(
            "mutation($id: ID!) { updateShop(id: $id, input: { commissionRate: 140 }) { name } }",
            json!({ "id": shop }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&bad), "BAD_USER_INPUT");
    assert_eq!(field(&bad), "commissionRate");
    assert!(
        s.ok(
            "mutation($id: ID!) { removeShop(id: $id) }",
            json!({ "id": shop }),
            Some(&admin)
        )
        .await["removeShop"]
            .as_bool()
            .expect("bool")
    );
    assert_eq!(
        code(
            &s.gql(
                "query($id: ID!) { getShop(id: $id) { id } }",
                json!({ "id": shop }),
                Some(&admin)
            )
            .await
        ),
        "NOT_FOUND"
    );
}

#[tokio::test]
async fn three_designs_become_products_listed_as_drafts_then_live() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let host = image_host().await;
    let shop = connect_tiktok_shop(&s, &admin, "Tee Shop").await;
    let template = template(&s, &admin).await;
    let names: Vec<String> = ["Sunset Cat", "Mountain Dog", "Replica Logo"]
        .iter()
        .map(|n| (*n).to_owned())
        .collect();
    let input = json!({ "i": { "templateId": template, "designs": designs(&host, &names), "shopIds": [shop], "listingMode": "AS_DRAFT" } });
    let ids: Vec<String> =
        s.ok(CREATE_PRODUCTS, input, Some(&admin)).await["createProductWithTemplate"]
            .as_array()
            .expect("ids")
            .iter()
            .map(|v| v.as_str().expect("id").to_owned())
            .collect();
    assert_eq!(ids.len(), 3);

    // The template's variants, priced by its formula.
    let variants = s
        .ok(
            "query($id: ID!) { getProductVariants(productId: $id) { sku salePrice listPrice } }",
            json!({ "id": ids[0] }),
            Some(&admin),
        )
        .await;
    let first = &variants["getProductVariants"][0];
    assert_eq!(first["sku"], "BLK-M");
    assert_eq!(first["salePrice"], 15.99);
    let product = s
        .ok(
            "query($id: ID!) { getProductById(id: $id) { name } }",
            json!({ "id": ids[0] }),
            Some(&admin),
        )
        .await;
    assert_eq!(product["getProductById"]["name"], "Sunset Cat Classic Tee");

    let drafts = wait_for(Duration::from_secs(60), || async {
        let items = shop_products(&s, &admin, &shop).await;
        (items.len() == 3
            && items
                .iter()
                .all(|i| i["liveStatus"] == "DRAFT" && i["externalId"].is_string()))
        .then_some(items)
    })
    .await
    .unwrap_or_else(|| panic!("drafts did not appear; log:\n{}", tail(&s.log(), 40)));
    assert!(drafts.iter().all(|d| d["shopName"] == "Tee Shop"));
    for d in &drafts {
        let external = d["externalId"].as_str().expect("external id");
        assert_eq!(
            s.sandbox().product_status(external).as_deref(),
            Some("DRAFT")
        );
    }

    // Listed live: two pass the audit, the "replica" one is rejected with the marketplace's reason.
    let batch = s
        .ok(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "LISTING" } }),
            Some(&admin),
        )
        .await["bulkListingProduct"]
        .clone();
    assert_eq!(batch["queued"], 3);
    let done = wait_batch(
        &s,
        &admin,
        batch["batchId"].as_str().expect("batch"),
        Duration::from_secs(90),
    )
    .await;
    // The review rejects the "replica" one within the job's watch: that listing failed.
    assert_eq!(
        (done["succeeded"].as_i64(), done["failed"].as_i64()),
        (Some(2), Some(1)),
        "{done}"
    );
    let items = wait_for(Duration::from_secs(30), || async {
        let items = shop_products(&s, &admin, &shop).await;
        items
            .iter()
            .all(|i| i["liveStatus"] != "PENDING")
            .then_some(items)
    })
    .await
    .expect("audits end");
    for item in &items {
        let name = item["product"]["name"].as_str().unwrap_or_default();
        if name.starts_with("Replica") {
            assert_eq!(item["liveStatus"], "DRAFT", "{item}");
            let message = item["errorMessages"][0].as_str().unwrap_or_default();
            assert!(message.contains("prohibited word"), "{item}");
        } else {
            assert_eq!(item["liveStatus"], "LIVE", "{item}");
            assert_eq!(item["product"]["status"], "PUBLISHED");
        }
    }
    // Three creates (the drafts) and three full edits (going live); nothing created twice.
    assert_eq!(created_once(&s), 3);
    assert_eq!(s.sandbox().ledger_of("product.edit").len(), 3);
    // The failed filter reads the marketplace's status.
    let failed = s
        .ok(
            SHOP_PRODUCTS,
            json!({ "s": shop, "f": { "status": "FAILED" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(failed["getShopProducts"]["pageInfo"]["totalCount"], 1);
    let all = s
        .ok(
            "{ getAllShopProducts(filter: { status: ACTIVATE }) { pageInfo { totalCount } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(all["getAllShopProducts"]["pageInfo"]["totalCount"], 2);
}

/// Creates `n` products from designs with the tee template; returns their ids.
async fn many_products(s: &Server, token: &str, host: &str, n: usize) -> Vec<String> {
    let template = template(s, token).await;
    let names: Vec<String> = (0..n).map(|i| format!("Design {i:03}")).collect();
    let input = json!({ "i": { "templateId": template, "designs": designs(host, &names) } });
    s.ok(CREATE_PRODUCTS, input, Some(token)).await["createProductWithTemplate"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_owned())
        .collect()
}

/// After a bulk listing: every item LIVE or carrying the marketplace's message, each failed
/// job with its error, and one marketplace product per listed item.
async fn assert_every_item_ended(s: &Server, token: &str, shop: &str, total: usize, done: &Value) {
    assert_eq!(done["total"], total);
    for failure in done["failures"].as_array().expect("failures") {
        assert!(
            !failure["error"].as_str().unwrap_or_default().is_empty(),
            "{failure}"
        );
    }
    let items = wait_for(Duration::from_secs(60), || async {
        let items = shop_products(s, token, shop).await;
        items
            .iter()
            .all(|i| {
                i["liveStatus"] != "PENDING"
                    || !i["errorMessages"].as_array().is_none_or(|m| m.is_empty())
            })
            .then_some(items)
    })
    .await
    .unwrap_or_else(|| panic!("items still pending; log:\n{}", tail(&s.log(), 60)));
    assert_eq!(items.len(), total);
    let mut live = 0;
    for item in &items {
        let messages = item["errorMessages"].as_array().expect("messages");
        if item["liveStatus"] == "LIVE" {
            live += 1;
        } else {
            assert!(!messages.is_empty(), "neither LIVE nor explained: {item}");
        }
    }
    let listed = items.iter().filter(|i| i["externalId"].is_string()).count();
    assert_eq!(
        created_once(s),
        listed,
        "one marketplace product per listed item"
    );
    assert!(live > total / 2, "most items went live ({live} of {total})");
}

#[tokio::test]
async fn two_hundred_listings_survive_errors_and_throttling() {
    let mut config = sandbox_config();
    config.faults.error_rate = 0.2;
    config.faults.throttle_rate = 0.1;
    config.faults.error_after_write = true;
    config.faults.retry_after_secs = 1;
    let s = Server::start_with_sandbox(&[("WORKER_CONCURRENCY", "8")], config).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let host = image_host().await;
    // Connect and build the catalogue without faults, then turn them on for the listing.
    let faults = s.sandbox().faults();
    s.sandbox().set_faults(sandbox::tiktok::Faults {
        error_rate: 0.0,
        throttle_rate: 0.0,
        ..faults.clone()
    });
    let shop = connect_tiktok_shop(&s, &admin, "Busy Shop").await;
    let ids = many_products(&s, &admin, &host, 200).await;
    s.sandbox().set_faults(faults);

    let batch = s
        .ok(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "LISTING" } }),
            Some(&admin),
        )
        .await["bulkListingProduct"]
        .clone();
    assert_eq!(batch["queued"], 200);
    let done = wait_batch(
        &s,
        &admin,
        batch["batchId"].as_str().expect("batch"),
        Duration::from_secs(600),
    )
    .await;
    assert_every_item_ended(&s, &admin, &shop, 200, &done).await;
}

#[tokio::test]
async fn a_worker_killed_halfway_through_a_bulk_listing_creates_nothing_twice() {
    let mut config = sandbox_config();
    config.faults.error_rate = 0.2;
    config.faults.throttle_rate = 0.1;
    config.faults.error_after_write = true;
    config.faults.latency_ms = 20;
    let mut s = Server::start_with_sandbox(
        &[("JOB_LEASE_SECS", "3"), ("WORKER_CONCURRENCY", "4")],
        config,
    )
    .await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let host = image_host().await;
    let faults = s.sandbox().faults();
    s.sandbox().set_faults(sandbox::tiktok::Faults {
        error_rate: 0.0,
        throttle_rate: 0.0,
        latency_ms: 0,
        ..faults.clone()
    });
    let shop = connect_tiktok_shop(&s, &admin, "Crashy Shop").await;
    let ids = many_products(&s, &admin, &host, 200).await;
    s.sandbox().set_faults(faults);

    let batch = s
        .ok(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "LISTING" } }),
            Some(&admin),
        )
        .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let q = "query($id: ID!) { getJobBatch(id: $id) { succeeded failed } }";
    wait_for(Duration::from_secs(300), || async {
        let b = s.ok(q, json!({ "id": batch }), Some(&admin)).await["getJobBatch"].clone();
        (b["succeeded"].as_i64().unwrap_or(0) + b["failed"].as_i64().unwrap_or(0) >= 60)
            .then_some(())
    })
    .await
    .expect("a third of the batch ran");
    // SIGKILL mid-flight: jobs in progress keep their lease until it expires, then run again.
    s.kill();
    s.restart_with(&[]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(600)).await;
    assert_every_item_ended(&s, &admin, &shop, 200, &done).await;
}

#[tokio::test]
async fn the_daily_cap_holds_the_rest_until_tomorrow_and_says_when() {
    let mut config = sandbox_config();
    config.daily_create_cap = Some(2);
    let s = Server::start_with_sandbox(&[], config).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let host = image_host().await;
    let shop = connect_tiktok_shop(&s, &admin, "Capped Shop").await;
    let ids = many_products(&s, &admin, &host, 5).await;
    let listed_at = chrono::Utc::now();
    let batch = s
        .ok(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let q = "query($id: ID!) { getJobBatch(id: $id) { succeeded failed pending nextRunAt } }";
    let held = wait_for(Duration::from_secs(60), || async {
        let b = s.ok(q, json!({ "id": batch }), Some(&admin)).await["getJobBatch"].clone();
        (b["succeeded"] == 2 && b["pending"] == 3 && b["nextRunAt"].is_string()).then_some(b)
    })
    .await
    .unwrap_or_else(|| {
        panic!(
            "the cap did not hold the rest; log:\n{}",
            tail(&s.log(), 40)
        )
    });
    let next = chrono::DateTime::parse_from_rfc3339(held["nextRunAt"].as_str().expect("time"))
        .expect("RFC 3339");
    // The marketplace's day turns at 00:00 UTC, which may fall inside the run itself.
    let earliest = next_utc_midnight(listed_at);
    let latest = next_utc_midnight(chrono::Utc::now()) + chrono::TimeDelta::minutes(1);
    assert!(
        earliest <= next && next <= latest,
        "the rest waits for the next marketplace day ({earliest}..{latest}): {next}"
    );
    assert_eq!(held["failed"], 0, "the cap spends no attempt");
    // The marketplace was asked once past the cap; the other held items did not call it.
    assert_eq!(created_once(&s), 2);
}

fn next_utc_midnight(t: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
    (t.date_naive() + chrono::Days::new(1))
        .and_time(chrono::NaiveTime::MIN)
        .and_utc()
}

#[tokio::test]
async fn another_clients_shops_products_templates_and_designs_are_not_found() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let host = image_host().await;
    let their_shop = connect_tiktok_shop(&s, &root, "Platform Shop").await;
    let their_template = template(&s, &root).await;
    let their_products = s
        .ok(CREATE_PRODUCTS, json!({ "i": { "templateId": their_template, "designs": designs(&host, &["Theirs".to_owned()]) } }), Some(&root))
        .await["createProductWithTemplate"]
        .clone();
    let their_product = their_products[0].as_str().expect("id").to_owned();
    let their_design = s
        .ok(
            "{ getFullListProductDesigns { id } }",
            json!({}),
            Some(&root),
        )
        .await["getFullListProductDesigns"][0]["id"]
        .clone();

    let my_shop = connect_tiktok_shop(&s, &admin, "My Shop").await;
    let my_template = template(&s, &admin).await;
    let mine = s
        .ok(CREATE_PRODUCTS, json!({ "i": { "templateId": my_template, "designs": designs(&host, &["Mine".to_owned()]) } }), Some(&admin))
        .await["createProductWithTemplate"][0]
        .as_str()
        .expect("id")
        .to_owned();

    let not_found = |res: Value| assert_eq!(code(&res), "NOT_FOUND", "{res}");
    not_found(
        s.gql(
            "query($id: ID!) { getShop(id: $id) { id } }",
            json!({ "id": their_shop }),
            Some(&admin),
        )
        .await,
    );
    not_found(
        s.gql(
            "query($id: ID!) { getWarehouses(shopId: $id) { id } }",
            json!({ "id": their_shop }),
            Some(&admin),
        )
        .await,
    );
    not_found(
        s.gql(SHOP_PRODUCTS, json!({ "s": their_shop }), Some(&admin))
            .await,
    );
    not_found(
        s.gql(
            "mutation($id: ID!) { syncShop(id: $id) { batchId } }",
            json!({ "id": their_shop }),
            Some(&admin),
        )
        .await,
    );
    not_found(
        s.gql(
            "mutation($id: ID!) { removeShop(id: $id) }",
            json!({ "id": their_shop }),
            Some(&admin),
        )
        .await,
    );
    not_found(
        s.gql(
            LIST,
            json!({ "i": { "shopId": their_shop, "productIds": [mine], "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await,
    );
    not_found(s.gql(LIST, json!({ "i": { "shopId": my_shop, "productIds": [their_product], "mode": "AS_DRAFT" } }), Some(&admin)).await);
    not_found(
        s.gql(
            PUBLISH,
            json!({ "i": { "shopIds": [my_shop], "productIds": [mine, their_product] } }),
            Some(&admin),
        )
        .await,
    );
    not_found(
        s.gql(CREATE_PRODUCTS, json!({ "i": { "templateId": their_template, "designs": designs(&host, &["X".to_owned()]) } }), Some(&admin)).await,
    );
    not_found(
        s.gql(
            "mutation($i: BulkApplyTemplateInput!) { bulkApplyTemplate(input: $i) { batchId } }",
            json!({ "i": { "templateId": their_template, "productIds": [mine] } }),
            Some(&admin),
        )
        .await,
    );
    not_found(
        s.gql(
            "mutation($id: ID!) { removeProductDesign(designId: $id) }",
            json!({ "id": their_design }),
            Some(&admin),
        )
        .await,
    );
    // Nothing was listed or changed by the refused requests.
    assert!(s.sandbox().ledger_of("product.create").is_empty());
    let mine_listed = s
        .ok(SHOP_PRODUCTS, json!({ "s": my_shop }), Some(&admin))
        .await;
    assert_eq!(mine_listed["getShopProducts"]["pageInfo"]["totalCount"], 0);
}

#[tokio::test]
async fn staff_work_only_on_their_assigned_shops() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    let host = image_host().await;
    give_plan(&s, &admin, "BASIC").await;
    let assigned = connect_tiktok_shop(&s, &admin, "Assigned Shop").await;
    let other = connect_tiktok_shop(&s, &admin, "Other Shop").await;
    let shops_of = |token: String| {
        let s = &s;
        async move {
            let data = s
                .ok(
                    "{ getShops { items { id name } pageInfo { totalCount } } }",
                    json!({}),
                    Some(&token),
                )
                .await;
            data["getShops"]["items"]
                .as_array()
                .expect("items")
                .iter()
                .map(|i| i["id"].as_str().unwrap_or_default().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(shops_of(admin.clone()).await.len(), 2);
    assert!(shops_of(staff.clone()).await.is_empty());

    let reassign =
        "mutation($i: ReassignShopInput!) { reassignShop(input: $i) { id assignedUserIds } }";
    // Only admins assign, only STAFF users are assigned.
    assert_eq!(
        code(
            &s.gql(
                reassign,
                json!({ "i": { "shopId": assigned, "userIds": [staff_id] } }),
                Some(&staff)
            )
            .await
        ),
        "FORBIDDEN"
    );
    let admin_id = me_id(&s, &admin).await;
    let bad = s
        .gql(
            reassign,
            json!({ "i": { "shopId": assigned, "userIds": [admin_id] } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&bad), "BAD_USER_INPUT");
    let done = s
        .ok(
            reassign,
            json!({ "i": { "shopId": assigned, "userIds": [staff_id] } }),
            Some(&admin),
        )
        .await;
    assert_eq!(done["reassignShop"]["assignedUserIds"], json!([staff_id]));

    assert_eq!(shops_of(staff.clone()).await, vec![assigned.clone()]);
    assert_eq!(
        code(
            &s.gql(
                "query($id: ID!) { getShop(id: $id) { id } }",
                json!({ "id": other }),
                Some(&staff)
            )
            .await
        ),
        "NOT_FOUND"
    );
    let template = template(&s, &staff).await;
    let mine = s
        .ok(CREATE_PRODUCTS, json!({ "i": { "templateId": template, "designs": designs(&host, &["Staff tee".to_owned()]) } }), Some(&staff))
        .await["createProductWithTemplate"][0]
        .as_str()
        .expect("id")
        .to_owned();
    assert_eq!(
        code(
            &s.gql(
                LIST,
                json!({ "i": { "shopId": other, "productIds": [mine], "mode": "AS_DRAFT" } }),
                Some(&staff)
            )
            .await
        ),
        "NOT_FOUND"
    );
    let batch = s
        .ok(
            LIST,
            json!({ "i": { "shopId": assigned, "productIds": [mine], "mode": "AS_DRAFT" } }),
            Some(&staff),
        )
        .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &staff, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["succeeded"], 1, "{done}");
    // STAFF cannot remove or rename shops.
    assert_eq!(
        code(
            &s.gql(
                "mutation($id: ID!) { removeShop(id: $id) }",
                json!({ "id": assigned }),
                Some(&staff)
            )
            .await
        ),
        "FORBIDDEN"
    );
    let all = s
        .ok(
            "{ getAllShopProducts { items { shopId } pageInfo { totalCount } } }",
            json!({}),
            Some(&staff),
        )
        .await;
    assert_eq!(all["getAllShopProducts"]["pageInfo"]["totalCount"], 1);
}

#[tokio::test]
async fn bulk_requests_with_bad_input_change_nothing() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Strict Shop").await;
    let template = template(&s, &admin).await;
    let empty = s
        .gql(
            LIST,
            json!({ "i": { "shopId": shop, "productIds": [], "mode": "LISTING" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&empty), "BAD_USER_INPUT");
    assert_eq!(field(&empty), "productIds");
    let no_designs = s
        .gql(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": [] } }),
            Some(&admin),
        )
        .await;
    assert_eq!(field(&no_designs), "designs");
    // One bad design refuses the whole request: no product of it is kept.
    let mixed = json!([{ "name": "Good", "mockupUrls": ["https://img.test/good.png"] }, { "name": "No picture" }]);
    let res = s
        .gql(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": mixed } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT");
    assert_eq!(field(&res), "designs.1.mockupUrls");
    let count = s
        .ok(
            "{ getProducts { pageInfo { totalCount } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(count["getProducts"]["pageInfo"]["totalCount"], 0);
}
