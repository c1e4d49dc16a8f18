//! STAFF work only on the shops assigned to them: a shop that is not theirs answers NOT_FOUND
//! everywhere it can be named (as another client's does), never shows up in what they read, and
//! its job batches can neither be followed nor retried by them. ADMIN sees every shop.

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
const PRODUCTS: &str = "query($f: ProductFilter) { getProducts(filter: $f) { items { id publishedShops { id } } pageInfo { totalCount } } }";
const PRODUCT: &str =
    "query($id: ID!) { getProductById(id: $id) { id publishedShops { id name } } }";
const BATCH: &str =
    "query($id: ID!) { getJobBatch(id: $id) { id total failed failures { jobId } } }";
const RETRY_BATCH: &str = "mutation($id: ID!) { retryJobBatch(id: $id) { id } }";
const JOBS_OF_BATCH: &str = "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { id status attempts updatedAt } } }";

/// An image nothing serves: the listing jobs fail, so their batches have failures to retry.
const NO_IMAGE: &str = "http://127.0.0.1:9/none.png";

fn template() -> Value {
    json!({
        "name": "Scope tee",
        "title": "{design} Tee",
        "tiktokCategoryId": "601226",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "tiktokProductAttribute": [
            { "attributeId": "100198", "valueIds": ["1001981"] },
            { "attributeId": "100392", "valueIds": ["1003921"] }
        ],
        "variants": [{ "attributes": { "Color": "Black", "Size": "M" }, "sku": "S-BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 5 }],
        "type": "POD"
    })
}

fn id_of(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("an id, got {v}"))
        .to_owned()
}

async fn batch_jobs(s: &Server, admin: &str, batch: &str) -> Vec<Value> {
    s.ok(
        JOBS_OF_BATCH,
        json!({ "f": { "batchId": batch, "limit": 100 } }),
        Some(admin),
    )
    .await["getEventHistories"]["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test]
async fn staff_see_and_act_only_on_their_assigned_shops() {
    // One attempt per job: the listing jobs (whose image nothing serves) end FAILED at once.
    let s = Server::start_with(&[("JOB_MAX_ATTEMPTS", "1")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    give_plan(&s, &admin, "BASIC").await;
    let shop_a = connect_tiktok_shop(&s, &admin, "Shop A").await;
    let shop_b = connect_tiktok_shop(&s, &admin, "Shop B").await;
    s.ok(
        "mutation($i: ReassignShopInput!) { reassignShop(input: $i) { id } }",
        json!({ "i": { "shopId": shop_a, "userIds": [staff_id] } }),
        Some(&admin),
    )
    .await;

    let template = id_of(
        &s.ok(CREATE_TEMPLATE, json!({ "i": template() }), Some(&admin))
            .await["createProductTemplate"]["id"],
    );
    let designs = json!([{ "name": "Orbit", "mockupUrls": [NO_IMAGE] }]);
    let product = id_of(
        &s.ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": designs } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"][0],
    );
    // Each batch runs out before the next: a newer listing request would make an older job
    // of the same product and shop a no-op.
    let finished = |batch: String| {
        let (s, admin) = (&s, &admin);
        async move {
            let done = wait_batch(s, admin, &batch, Duration::from_secs(60)).await;
            assert!(
                done["failed"].as_i64().unwrap_or(0) >= 1,
                "the listing should fail without its image: {done}"
            );
            batch
        }
    };
    let list_on = |shop: String| {
        let (s, admin, product) = (&s, &admin, &product);
        async move {
            let data = s
                .ok(
                    LIST,
                    json!({ "i": { "shopId": shop, "productIds": [product], "mode": "AS_DRAFT" } }),
                    Some(admin),
                )
                .await;
            id_of(&data["bulkListingProduct"]["batchId"])
        }
    };
    let batch_a = finished(list_on(shop_a.clone()).await).await;
    let batch_b = finished(list_on(shop_b.clone()).await).await;
    let both = json!({ "i": { "shopIds": [shop_a, shop_b], "productIds": [product] } });
    let batch_ab = finished(id_of(
        &s.ok(PUBLISH, both, Some(&admin)).await["bulkPublishProducts"]["batchId"],
    ))
    .await;
    let shop_product_b = {
        let q = "query($s: ID!) { getShopProducts(shopId: $s) { items { id } } }";
        id_of(
            &s.ok(q, json!({ "s": shop_b }), Some(&admin)).await["getShopProducts"]["items"][0]["id"],
        )
    };

    // ADMIN: every shop, every batch.
    let both = s.ok(PRODUCT, json!({ "id": product }), Some(&admin)).await;
    assert_eq!(
        both["getProductById"]["publishedShops"]
            .as_array()
            .map(Vec::len),
        Some(2),
        "{both}"
    );
    let on_b = s
        .ok(PRODUCTS, json!({ "f": { "shopId": shop_b } }), Some(&admin))
        .await;
    assert_eq!(on_b["getProducts"]["pageInfo"]["totalCount"], 1);
    for batch in [&batch_a, &batch_b, &batch_ab] {
        s.ok(BATCH, json!({ "id": batch }), Some(&admin)).await;
    }

    // STAFF: shop A and what is on it.
    let on_a = s
        .ok(PRODUCTS, json!({ "f": { "shopId": shop_a } }), Some(&staff))
        .await;
    assert_eq!(on_a["getProducts"]["pageInfo"]["totalCount"], 1);
    let seen = s.ok(PRODUCT, json!({ "id": product }), Some(&staff)).await;
    assert_eq!(
        seen["getProductById"]["publishedShops"],
        json!([{ "id": shop_a, "name": "Shop A" }]),
        "publishedShops never lists B"
    );
    let all = s.ok(PRODUCTS, json!({}), Some(&staff)).await;
    for item in all["getProducts"]["items"].as_array().expect("items") {
        assert!(
            item["publishedShops"]
                .as_array()
                .expect("shops")
                .iter()
                .all(|p| p["id"] != shop_b.as_str()),
            "{item}"
        );
    }
    let everything = s
        .ok(
            "{ getAllShopProducts { items { shopId } } }",
            json!({}),
            Some(&staff),
        )
        .await;
    assert!(
        everything["getAllShopProducts"]["items"]
            .as_array()
            .expect("items")
            .iter()
            .all(|i| i["shopId"] == shop_a.as_str()),
        "{everything}"
    );
    let shops = s
        .ok("{ getShops { items { id } } }", json!({}), Some(&staff))
        .await;
    assert_eq!(shops["getShops"]["items"], json!([{ "id": shop_a }]));
    s.ok(BATCH, json!({ "id": batch_a }), Some(&staff)).await;

    // STAFF and shop B: NOT_FOUND, whatever names it.
    let jobs_before: Vec<Vec<Value>> = jobs_of_batches(&s, &admin, &[&batch_b, &batch_ab]).await;
    let not_found: Vec<(&str, Value)> = vec![
        (PRODUCTS, json!({ "f": { "shopId": shop_b } })),
        (BATCH, json!({ "id": batch_b })),
        (BATCH, json!({ "id": batch_ab })),
        (RETRY_BATCH, json!({ "id": batch_b })),
        (RETRY_BATCH, json!({ "id": batch_ab })),
        (
            "query($id: ID!) { getShop(id: $id) { id } }",
            json!({ "id": shop_b }),
        ),
        (
            "query($id: ID!) { getWarehouses(shopId: $id) { id } }",
            json!({ "id": shop_b }),
        ),
        (
            "query($id: ID!) { getShopProducts(shopId: $id) { items { id } } }",
            json!({ "id": shop_b }),
        ),
        (
            "query($id: ID!) { searchTiktokProducts(shopId: $id) { total_count } }",
            json!({ "id": shop_b }),
        ),
        (
            "query($id: ID!) { getTiktokProductDetail(shopId: $id, productId: \"1729000000000000001\") { id } }",
            json!({ "id": shop_b }),
        ),
        (
            "query($id: ID!) { getTiktokActivities(shopId: $id) { total_count } }",
            json!({ "id": shop_b }),
        ),
        (
            "mutation($id: ID!) { syncShop(id: $id) { batchId } }",
            json!({ "id": shop_b }),
        ),
        (
            "mutation($id: ID!) { syncWarehouse(id: $id) { batchId } }",
            json!({ "id": shop_b }),
        ),
        (
            LIST,
            json!({ "i": { "shopId": shop_b, "productIds": [product], "mode": "AS_DRAFT" } }),
        ),
        (
            PUBLISH,
            json!({ "i": { "shopIds": [shop_b], "productIds": [product] } }),
        ),
        (
            PUBLISH,
            json!({ "i": { "shopIds": [shop_a, shop_b], "productIds": [product] } }),
        ),
        (
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": [{ "name": "Nope", "mockupUrls": [NO_IMAGE] }], "shopIds": [shop_b] } }),
        ),
        (
            "mutation($id: ID!, $p: [ID!]!) { bulkGenerateTiktokProductSKU(shopId: $id, productIds: $p) { batchId } }",
            json!({ "id": shop_b, "p": [product] }),
        ),
        (
            "mutation($id: ID!, $sp: ID!) { removeShopProduct(shopId: $id, shopProductId: $sp) }",
            json!({ "id": shop_b, "sp": shop_product_b }),
        ),
        (
            "mutation($id: ID!, $sp: ID!) { removeShopProduct(shopId: $id, shopProductId: $sp) }",
            json!({ "id": shop_a, "sp": shop_product_b }),
        ),
        (
            "mutation($id: ID!, $sp: [ID!]!) { bulkRemoveShopProduct(shopId: $id, shopProductIds: $sp) { batchId } }",
            json!({ "id": shop_b, "sp": [shop_product_b] }),
        ),
    ];
    for (query, vars) in &not_found {
        let res = s.gql(query, vars.clone(), Some(&staff)).await;
        assert_eq!(code(&res), "NOT_FOUND", "{query} {vars}: {res}");
    }
    // What only an ADMIN may do, the role refuses first.
    for (query, vars) in [
        (
            "mutation($id: ID!) { removeShop(id: $id) }",
            json!({ "id": shop_b }),
        ),
        (
            "mutation($id: ID!) { updateShop(id: $id, input: { name: \"Mine now\" }) { id } }",
            json!({ "id": shop_b }),
        ),
        (
            "mutation($i: ReassignShopInput!) { reassignShop(input: $i) { id } }",
            json!({ "i": { "shopId": shop_b, "userIds": [staff_id] } }),
        ),
    ] {
        assert_eq!(
            code(&s.gql(query, vars.clone(), Some(&staff)).await),
            "FORBIDDEN",
            "{query}"
        );
    }

    // Nothing was queued again or changed on B: its jobs are as they were, and no batch of the
    // client appeared beside the three above.
    assert_eq!(
        jobs_of_batches(&s, &admin, &[&batch_b, &batch_ab]).await,
        jobs_before
    );
    let listed = s
        .ok(
            "query($s: ID!) { getShopProducts(shopId: $s) { items { id } } }",
            json!({ "s": shop_b }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        listed["getShopProducts"]["items"],
        json!([{ "id": shop_product_b }])
    );
    let all_jobs = s
        .ok(
            "{ getEventHistories(filter: { limit: 100 }) { items { type batchId } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    let batches: std::collections::HashSet<String> = all_jobs["getEventHistories"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|j| j["type"] != "shop.sync" && j["type"] != "mail.send")
        .filter_map(|j| j["batchId"].as_str().map(str::to_owned))
        .collect();
    let expected: std::collections::HashSet<String> =
        [batch_a.clone(), batch_b.clone(), batch_ab.clone()].into();
    assert_eq!(batches, expected, "a refused request queued something");

    // An ADMIN retries what STAFF could not.
    s.ok(RETRY_BATCH, json!({ "id": batch_b }), Some(&admin))
        .await;
}

/// The jobs of each batch (id, status, attempts, last change), read as the admin.
async fn jobs_of_batches(s: &Server, admin: &str, batches: &[&String]) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    for b in batches {
        out.push(batch_jobs(s, admin, b).await);
    }
    out
}
