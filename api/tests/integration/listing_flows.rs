//! Issue 21's listing flows over real HTTP, on both stacks: a marketplace review that rejects a
//! product within the job's watch fails the job (with the review's reasons, kept on the shop
//! product and shown as failed wherever the product shows), a retry submits it again, and a
//! batch's `processing` counts the handlers actually running, not the jobs claimed ahead.

use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const CREATE_TEMPLATE: &str =
    "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }";
const CREATE_PRODUCTS: &str =
    "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }";
const LIST: &str =
    "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId queued } }";
const BATCH: &str =
    "query($id: ID!) { getJobBatch(id: $id) { total pending processing succeeded failed } }";

/// A T-shirt template the sandbox accepts as it is (every rule of its category met).
fn tee_template() -> Value {
    json!({
        "name": "Flow tee",
        "title": "{design} Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.4, "unit": "POUND" },
        "packageDimensions": { "width": 10.0, "height": 1.0, "length": 12.0, "unit": "INCH" },
        "tiktokCategoryId": "824586",
        "variants": [
            { "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 19.99, "listPrice": 24.99, "quantity": 20 }
        ],
        "tiktokProductAttribute": [
            { "attributeId": "100198", "valueIds": ["1001981"] },
            { "attributeId": "100392", "valueIds": ["1003921"] }
        ],
        "type": "POD"
    })
}

async fn products(s: &Server, token: &str, host: &str, names: &[&str]) -> Vec<String> {
    let template = s
        .ok(CREATE_TEMPLATE, json!({ "i": tee_template() }), Some(token))
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("template id")
        .to_owned();
    let designs: Vec<Value> = names
        .iter()
        .map(|n| json!({ "name": n, "designFrontUrl": format!("{host}/front/{}.png", n.replace(' ', "-")) }))
        .collect();
    s.ok(
        CREATE_PRODUCTS,
        json!({ "i": { "templateId": template, "designs": designs } }),
        Some(token),
    )
    .await["createProductWithTemplate"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_owned())
        .collect()
}

async fn list(s: &Server, token: &str, shop: &str, ids: &[String], mode: &str) -> String {
    s.ok(
        LIST,
        json!({ "i": { "shopId": shop, "productIds": ids, "mode": mode } }),
        Some(token),
    )
    .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned()
}

#[tokio::test]
async fn a_review_rejection_in_the_watch_fails_the_listing_shows_where_the_product_shows_and_retries()
 {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let host = image_host().await;
    let shop = connect_tiktok_shop(&s, &admin, "Review Shop").await;
    let ids = products(&s, &admin, &host, &["Sunset Cat", "Replica Logo"]).await;

    let batch = list(&s, &admin, &shop, &ids, "LISTING").await;
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(90)).await;
    // The review's rejection is the listing's failure, not a success to find out about later.
    assert_eq!(
        (done["succeeded"].as_i64(), done["failed"].as_i64()),
        (Some(1), Some(1)),
        "{done}"
    );
    let failure = &done["failures"][0];
    assert!(failure["label"].as_str().is_some(), "{done}");
    let error = failure["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("review rejected") && error.contains("prohibited word"),
        "{error}"
    );
    assert_eq!(failure["attempts"], 1, "a rejection is not retried: {done}");

    // /products: the shop it failed on says failed, with the marketplace's words and the mode.
    let product = |id: String| {
        let (s, admin) = (&s, &admin);
        async move {
            s.ok(
                "query($id: ID!) { getProductById(id: $id) { name publishedShops { id name liveStatus failed errorMessages listingMode } } }",
                json!({ "id": id }),
                Some(admin),
            )
            .await["getProductById"]
                .clone()
        }
    };
    let rejected = product(ids[1].clone()).await;
    let on = &rejected["publishedShops"][0];
    assert_eq!(on["id"], shop.as_str(), "{rejected}");
    assert_eq!(on["failed"], true, "{rejected}");
    assert_eq!(on["listingMode"], "LISTING", "{rejected}");
    assert!(
        on["errorMessages"][0]
            .as_str()
            .is_some_and(|m| m.contains("prohibited word")),
        "{rejected}"
    );
    let live = product(ids[0].clone()).await;
    assert_eq!(live["publishedShops"][0]["failed"], false, "{live}");
    assert_eq!(live["publishedShops"][0]["liveStatus"], "LIVE", "{live}");

    // /shop-product: the same, and the row names its product.
    let rows = s
        .ok(
            "{ getAllShopProducts(filter: { status: FAILED }) { items { failed listingMode errorMessages product { id } } } }",
            json!({}),
            Some(&admin),
        )
        .await["getAllShopProducts"]["items"]
        .clone();
    assert_eq!(rows.as_array().map(Vec::len), Some(1), "{rows}");
    assert_eq!(rows[0]["failed"], true);
    assert_eq!(rows[0]["listingMode"], "LISTING");
    assert_eq!(rows[0]["product"]["id"], ids[1].as_str());

    // A retry submits the rejected product again (an edit, the review runs again) and, as
    // nothing changed, fails again with the same reasons: it never passes for a success.
    let edits_before = s.sandbox().ledger_of("product.edit").len();
    let retry = list(&s, &admin, &shop, &ids[1..], "LISTING").await;
    let again = wait_batch(&s, &admin, &retry, Duration::from_secs(90)).await;
    assert_eq!(again["failed"], 1, "{again}");
    assert_eq!(
        s.sandbox().ledger_of("product.edit").len(),
        edits_before + 1
    );
}

#[tokio::test]
async fn a_batch_counts_as_running_only_the_handlers_that_run() {
    const CONCURRENCY: i64 = 2;
    let mut config = sandbox_config();
    // Slow calls keep each listing running long enough to be seen.
    config.faults.latency_ms = 250;
    let s = Server::start_with_sandbox(&[("WORKER_CONCURRENCY", "2")], config).await;
    // Scaled: two worker processes, each running CONCURRENCY handlers.
    let limit = if scaled() {
        2 * CONCURRENCY
    } else {
        CONCURRENCY
    };
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let host = image_host().await;
    let shop = connect_tiktok_shop(&s, &admin, "Busy Shop").await;
    let names: Vec<String> = (0..12).map(|i| format!("Busy {i:02}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let ids = products(&s, &admin, &host, &names).await;
    let batch = list(&s, &admin, &shop, &ids, "AS_DRAFT").await;

    let db = database(&s).await;
    let mut most_running = 0;
    let mut most_marked = 0;
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        let b = s.ok(BATCH, json!({ "id": batch }), Some(&admin)).await["getJobBatch"].clone();
        let running = b["processing"].as_i64().unwrap_or_default();
        let counted: i64 = ["pending", "processing", "succeeded", "failed"]
            .iter()
            .map(|k| b[*k].as_i64().unwrap_or_default())
            .sum();
        assert_eq!(counted, 12, "every job counted once: {b}");
        assert!(
            running <= limit,
            "{running} running with {limit} handlers: {b}"
        );
        most_running = most_running.max(running);
        let mut conn = db.conn().await.expect("connection");
        let marked: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM event_histories WHERE batch_id = $1 AND running_at IS NOT NULL",
        )
        .bind(&batch)
        .fetch_one(&mut *conn)
        .await
        .expect("marked");
        assert!(
            marked <= limit,
            "{marked} marked running with {limit} handlers"
        );
        most_marked = most_marked.max(marked);
        if b["pending"] == 0 && b["processing"] == 0 {
            assert_eq!(b["succeeded"], 12, "{b}");
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the batch did not finish: {b}\n{}",
            tail(&s.log(), 40)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(most_running >= 1, "some handler was seen running");
    assert!(most_marked >= 1, "some job was marked running");
    // Every finished job has its mark cleared.
    let mut conn = db.conn().await.expect("connection");
    let left: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM event_histories WHERE batch_id = $1 AND running_at IS NOT NULL",
    )
    .bind(&batch)
    .fetch_one(&mut *conn)
    .await
    .expect("left");
    assert_eq!(left, 0);
}
