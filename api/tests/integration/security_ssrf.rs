//! Image URLs cannot be turned against the server's network. At input only absolute http(s)
//! URLs to a web host are stored; at fetch time (the listing job uploading a product's images)
//! loopback, private and link-local addresses are refused on every hop unless allowed by
//! FETCH_ALLOW_HOSTS, bodies are capped, and every refusal reads the same to the seller. A
//! local listener records any connection: none may reach it.
use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const HOSTILE: &[&str] = &[
    "file:///etc/passwd",
    "javascript:alert(1)",
    "http://169.254.169.254/latest/meta-data",
];

const CREATE_TEMPLATE: &str =
    "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }";
const CREATE_PRODUCTS: &str =
    "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }";
const UPDATE_PRODUCT: &str =
    "mutation($id: ID!, $i: UpdateProductInput!) { updateProduct(id: $id, input: $i) }";
const CACHE_DESIGN: &str =
    "mutation($i: CacheProductDesignInput!) { cacheProductDesign(input: $i) { id } }";
const PRODUCT: &str =
    "query($id: ID!) { getProductById(id: $id) { originUrl images { imageUrl } } }";
const COUNTS: &str = "{ getProducts { pageInfo { totalCount } } getProductTemplates { pageInfo { totalCount } } getListProductDesigns { pageInfo { totalCount } } }";

/// The most an image may weigh on the server under test.
const MAX_BYTES: usize = 256 * 1024;

/// A T-shirt template in a leaf category the sandbox accepts.
fn tee_template(images: Value, size_chart: Value) -> Value {
    json!({
        "name": "Classic tee",
        "title": "{design} Classic Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "tiktokCategoryId": "601226",
        "variants": [{ "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 }],
        "tiktokProductAttribute": [{ "attributeId": "100198", "valueIds": ["1001981"] }, { "attributeId": "100392", "valueIds": ["1003921"] }],
        "images": images,
        "sizeChart": size_chart,
        "type": "POD"
    })
}

/// A TCP listener that counts every connection made to it; it never answers.
fn recording_listener() -> (u16, Arc<AtomicUsize>) {
    let listener =
        std::net::TcpListener::bind(("127.0.0.1", 0)).expect("bind the recording listener");
    let port = listener.local_addr().expect("address").port();
    let seen = Arc::new(AtomicUsize::new(0));
    let counted = seen.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            counted.fetch_add(1, Ordering::SeqCst);
            drop(conn);
        }
    });
    (port, seen)
}

/// An image host on the allow list that misbehaves: it redirects to the recording listener
/// (by address and by name) and serves an image larger than the cap, without Content-Length.
async fn hostile_host(listener: u16) -> String {
    use axum::body::Body;
    use axum::http::{StatusCode, header};
    use axum::response::IntoResponse;
    use axum::routing::get;
    let to_ip = format!("http://127.0.0.1:{listener}/x.png");
    let to_name = format!("http://localhost:{listener}/x.png");
    let app =
        axum::Router::new()
            .route(
                "/redirect.png",
                get(move || async move {
                    (StatusCode::FOUND, [(header::LOCATION, to_ip)]).into_response()
                }),
            )
            .route(
                "/redirect-name.png",
                get(move || async move {
                    (
                        StatusCode::TEMPORARY_REDIRECT,
                        [(header::LOCATION, to_name)],
                    )
                        .into_response()
                }),
            )
            .route(
                "/big.png",
                get(|| async {
                    let chunks = (0..64).map(|_| Ok::<_, std::io::Error>(vec![0u8; 16 * 1024]));
                    (
                        [(header::CONTENT_TYPE, "image/png")],
                        Body::from_stream(futures::stream::iter(chunks)),
                    )
                        .into_response()
                }),
            );
    let tcp = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .expect("bind the hostile host");
    let addr = tcp.local_addr().expect("address");
    tokio::spawn(async move {
        let _ = axum::serve(tcp, app).await;
    });
    format!("http://{addr}")
}

async fn counts(s: &Server, token: &str) -> Value {
    s.ok(COUNTS, json!({}), Some(token)).await
}

fn assert_refused(res: &Value, field_name: &str, what: &str) {
    assert_eq!(code(res), "BAD_USER_INPUT", "{what}: {res}");
    assert_eq!(field(res), field_name, "{what}: {res}");
}

#[tokio::test]
async fn hostile_image_urls_are_refused_at_input_and_at_fetch() {
    let (listener, seen) = recording_listener();
    let hostile = hostile_host(listener).await;
    let max = MAX_BYTES.to_string();
    let s = Server::start_with(&[
        ("FETCH_ALLOW_HOSTS", hostile.as_str()),
        ("FETCH_MAX_BYTES", &max),
        ("JOB_MAX_ATTEMPTS", "2"),
    ])
    .await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let good = format!("{}/mockup/good.png", image_host().await);

    // Input: nothing hostile is stored, whichever mutation carries it.
    let template = s
        .ok(
            CREATE_TEMPLATE,
            json!({ "i": tee_template(json!([]), Value::Null) }),
            Some(&admin),
        )
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("template")
        .to_owned();
    let product = s
        .ok(CREATE_PRODUCTS, json!({ "i": { "templateId": template, "designs": [{ "name": "Base", "mockupUrls": [good] }] } }), Some(&admin))
        .await["createProductWithTemplate"][0]
        .as_str()
        .expect("product")
        .to_owned();
    let before = counts(&s, &admin).await;
    for url in HOSTILE {
        let res = s
            .gql(
                CREATE_TEMPLATE,
                json!({ "i": tee_template(json!(["https://img.test/ok.png", url]), Value::Null) }),
                Some(&admin),
            )
            .await;
        assert_refused(&res, "images.1", url);
        let res = s
            .gql(
                CREATE_TEMPLATE,
                json!({ "i": tee_template(json!([]), json!(url)) }),
                Some(&admin),
            )
            .await;
        assert_refused(&res, "sizeChart", url);
        let res = s.gql(CREATE_PRODUCTS, json!({ "i": { "templateId": template, "designs": [{ "name": "Bad", "mockupUrls": [url] }] } }), Some(&admin)).await;
        assert_refused(&res, "designs.0.mockupUrls.0", url);
        let designs = json!([{ "name": "Fine", "mockupUrls": [good] }, { "name": "Bad", "mockupUrls": [good], "designBackUrl": url }]);
        let res = s
            .gql(
                CREATE_PRODUCTS,
                json!({ "i": { "templateId": template, "designs": designs } }),
                Some(&admin),
            )
            .await;
        assert_refused(&res, "designs.1.designBackUrl", url);
        let res = s.gql(UPDATE_PRODUCT, json!({ "id": product, "i": { "images": [{ "imageUrl": good }, { "imageUrl": url }] } }), Some(&admin)).await;
        assert_refused(&res, "images.1.imageUrl", url);
        let res = s
            .gql(
                UPDATE_PRODUCT,
                json!({ "id": product, "i": { "name": "Renamed", "originUrl": url } }),
                Some(&admin),
            )
            .await;
        assert_refused(&res, "originUrl", url);
        let res = s
            .gql(
                CACHE_DESIGN,
                json!({ "i": { "productId": product, "designFrontUrl": url } }),
                Some(&admin),
            )
            .await;
        assert_refused(&res, "designFrontUrl", url);
        let res = s
            .gql(
                CACHE_DESIGN,
                json!({ "i": { "productId": product, "images": [url] } }),
                Some(&admin),
            )
            .await;
        assert_refused(&res, "images.0", url);
    }
    assert_eq!(counts(&s, &admin).await, before, "nothing was created");
    let kept = s.ok(PRODUCT, json!({ "id": product }), Some(&admin)).await;
    assert_eq!(
        kept["getProductById"]["images"],
        json!([{ "imageUrl": good }]),
        "nothing was changed: {kept}"
    );
    assert_eq!(kept["getProductById"]["originUrl"], Value::Null, "{kept}");

    // Fetch: each of these reaches only the recording listener, or is too large.
    let shop = connect_tiktok_shop(&s, &admin, "Guarded Shop").await;
    let attempts = [
        (
            "loopback by address",
            format!("http://127.0.0.1:{listener}/x.png"),
        ),
        (
            "loopback by name",
            format!("http://localhost:{listener}/x.png"),
        ),
        ("redirect to loopback", format!("{hostile}/redirect.png")),
        (
            "redirect to loopback by name",
            format!("{hostile}/redirect-name.png"),
        ),
        ("oversized image", format!("{hostile}/big.png")),
    ];
    let mut designs: Vec<Value> = attempts
        .iter()
        .map(|(name, url)| json!({ "name": name, "mockupUrls": [url] }))
        .collect();
    designs.push(json!({ "name": "Allowed", "mockupUrls": [good] }));
    let ids = s
        .ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": designs } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_owned())
        .collect::<Vec<_>>();
    let batch = s
        .ok(
            "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId queued } }",
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(90)).await;
    assert_eq!(
        done["succeeded"],
        1,
        "the allowed image is listed: {done}\n{}",
        tail(&s.log(), 40)
    );
    assert_eq!(done["failed"], attempts.len(), "{done}");
    let errors: Vec<&str> = done["failures"]
        .as_array()
        .expect("failures")
        .iter()
        .map(|f| f["error"].as_str().unwrap_or_default())
        .collect();
    assert!(
        errors.iter().all(|e| *e == errors[0]),
        "one message for every refusal and failure: {errors:?}"
    );
    assert!(errors[0].contains("could not be fetched"), "{errors:?}");
    for e in &errors {
        assert!(
            !e.contains("127.0.0.1")
                && !e.contains("localhost")
                && !e.contains(&listener.to_string()),
            "{e}"
        );
    }
    assert_eq!(
        seen.load(Ordering::SeqCst),
        0,
        "a fetch reached the recording listener"
    );
    // The operator's log tells the causes apart; the seller's message does not.
    let log = s.log();
    let refusals = log
        .lines()
        .filter(|l| l.contains("product image not loaded") && l.contains("not a public address"))
        .count();
    assert_eq!(
        refusals,
        4,
        "four refused for their address:\n{}",
        tail(&log, 40)
    );
    assert!(
        log.lines().any(|l| l.contains("product image not loaded")
            && l.contains(&format!("larger than {MAX_BYTES} bytes"))),
        "{}",
        tail(&log, 40)
    );
}

/// Uploads the design picture as `token`'s client, to whichever store the server keeps files
/// in; returns its file URL.
async fn upload(s: &Server, token: &str, name: &str) -> String {
    common::upload(s, token, name, "image/png", "mockups", DESIGN_PNG).await
}

#[tokio::test]
async fn uploaded_images_are_read_from_storage_and_only_by_their_client() {
    let s = Server::start_with(&[("JOB_MAX_ATTEMPTS", "1")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    // The API's own address is not on the allow list: a fetch over HTTP would be refused.
    assert!(
        !s.env["FETCH_ALLOW_HOSTS"].contains(&format!(":{}", s.port)),
        "{}",
        s.env["FETCH_ALLOW_HOSTS"]
    );
    let ours = upload(&s, &admin, "ours.png").await;
    let theirs = upload(&s, &root, "theirs.png").await;

    let template = s
        .ok(
            CREATE_TEMPLATE,
            json!({ "i": tee_template(json!([]), Value::Null) }),
            Some(&admin),
        )
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("template")
        .to_owned();
    let designs = json!([{ "name": "Uploaded", "mockupUrls": [ours] }, { "name": "Borrowed", "mockupUrls": [theirs] }]);
    let ids = s
        .ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": designs } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"]
        .clone();
    let shop = connect_tiktok_shop(&s, &admin, "Upload Shop").await;
    let batch = s
        .ok(
            "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId } }",
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(90)).await;
    assert_eq!(
        done["succeeded"],
        1,
        "the client's own upload is listed: {done}\n{}",
        tail(&s.log(), 40)
    );
    assert_eq!(
        done["failed"], 1,
        "another client's upload is not read: {done}"
    );
    assert!(
        done["failures"][0]["label"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Borrowed"),
        "{done}"
    );
    assert!(
        done["failures"][0]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("could not be fetched"),
        "{done}"
    );
}
