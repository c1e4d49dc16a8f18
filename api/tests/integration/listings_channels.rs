//! Listing on Amazon and Walmart shops over HTTP against their stand-ins: 200 products made
//! from a template carrying both channels' fields, listed in bulk on each shop through 500s
//! (some after the write), 429s and an expired Amazon access token — each SKU created once on
//! each marketplace, every batch finished, the asynchronous rejections shown on their shop
//! products with the marketplace's words on the field they name, the rest LIVE once processed.
//! And what is refused before anything is sent: missing channel fields, drafts where the
//! channel has none, a SKU another product already lists on the shop.

use std::collections::{HashMap, HashSet};
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
const SHOP_PRODUCTS: &str =
    "query($s: ID!, $f: ShopProductFilter) { getShopProducts(shopId: $s, filter: $f) {
    items { id liveStatus errorMessages externalId product { id name } }
    pageInfo { totalCount } } }";

/// A tee with two variants and what Amazon (SHIRT) and Walmart (Clothing) need besides the
/// product's own facts; `without` drops fields by name (`amazonProductType`, `department`…).
fn channel_template(name: &str, without: &[&str], skus: Option<[&str; 2]>) -> Value {
    let mut attributes = json!({
        "brand": "Sellerdesk Tees",
        "bullet_point": ["100% cotton", "Printed to order"],
        "department": "Unisex",
        "fabric_type": "Cotton",
    });
    let mut spec = json!({
        "brand": "Sellerdesk Tees",
        "gender": "Unisex",
        "productIdType": "GTIN",
        "productId": "00012345678905",
    });
    let mut variants = json!([
        { "attributes": { "Color": "Black", "Size": "M" }, "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 },
        { "attributes": { "Color": "White", "Size": "L" }, "salePrice": 12.0, "listPrice": 16.0, "quantity": 20 }
    ]);
    if let Some(skus) = skus {
        for (v, sku) in variants
            .as_array_mut()
            .expect("variants")
            .iter_mut()
            .zip(skus)
        {
            v["sku"] = json!(sku);
        }
    }
    let mut t = json!({
        "name": name,
        "title": "{design} Classic Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "variants": variants,
        "priceFormula": "price * 1.5 + 0.99",
        "type": "POD",
        "amazonProductType": "SHIRT",
        "walmartCategory": "Clothing",
    });
    for field in without {
        if let Some(o) = attributes.as_object_mut() {
            o.remove(*field);
        }
        if let Some(o) = spec.as_object_mut() {
            o.remove(*field);
        }
        if let Some(o) = t.as_object_mut() {
            o.remove(*field);
        }
    }
    if !without.contains(&"amazonAttributes") {
        t["amazonAttributes"] = attributes;
    }
    if !without.contains(&"walmartItemSpec") {
        t["walmartItemSpec"] = spec;
    }
    t
}

async fn template(s: &Server, token: &str, t: Value) -> String {
    s.ok(CREATE_TEMPLATE, json!({ "i": t }), Some(token)).await["createProductTemplate"]["id"]
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

/// Products from `template`, one per name; answers their ids in order.
async fn products(s: &Server, token: &str, template: &str, names: &[String]) -> Vec<String> {
    let host = image_host().await;
    let input = json!({ "i": { "templateId": template, "designs": designs(&host, names) } });
    s.ok(CREATE_PRODUCTS, input, Some(token)).await["createProductWithTemplate"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_owned())
        .collect()
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

/// The shop's products once none is PENDING any more (the marketplace processed them all).
/// Pages are ordered by last update, so a row written between two page reads moves to the
/// first page and pushes another onto the next: a read is kept only when every row came once.
async fn settled(s: &Server, token: &str, shop: &str, count: usize) -> Vec<Value> {
    wait_for(Duration::from_secs(120), || async {
        let items = shop_products(s, token, shop).await;
        let distinct: HashSet<&str> = items.iter().filter_map(|i| i["id"].as_str()).collect();
        (items.len() == count
            && distinct.len() == count
            && items.iter().all(|i| i["liveStatus"] != "PENDING"))
        .then_some(items)
    })
    .await
    .unwrap_or_else(|| panic!("shop products still pending; log:\n{}", tail(&s.log(), 60)))
}

/// The Amazon access token the server holds for a shop, unsealed with the server's key.
async fn stored_access_token(s: &Server, shop: &str) -> String {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let sealed: String =
        sqlx::query_scalar("SELECT access_token_encrypted FROM shops WHERE id = $1")
            .bind(shop)
            .fetch_one(&mut *conn)
            .await
            .expect("shop row");
    let secrets = domain::secrets::Secrets::load(None, s.data_dir()).expect("the server's key");
    secrets.open(&sealed).expect("a sealed token")
}

/// The faults a busy marketplace shows: 500s (half of them after the write was applied, so
/// the answer is lost), 429s, and a few of each scripted first.
fn busy() -> sandbox::tiktok::Faults {
    sandbox::tiktok::Faults {
        error_rate: 0.1,
        throttle_rate: 0.1,
        retry_after_secs: 1,
        latency_ms: 0,
        error_after_write: true,
    }
}

async fn batch_of(s: &Server, token: &str, query: &str, input: Value, name: &str) -> String {
    let data = s.ok(query, json!({ "i": input }), Some(token)).await;
    assert_eq!(data[name]["queued"], 200, "{data}");
    data[name]["batchId"].as_str().expect("batch").to_owned()
}

#[tokio::test]
async fn two_hundred_products_list_once_on_amazon_and_walmart_through_faults() {
    let s = Server::start_with(&[("WORKER_CONCURRENCY", "8"), ("LISTING_FOLLOW_MS", "300")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    give_plan(&s, &admin, "BASIC").await;
    let (amazon_shop, seller) = connect_amazon_shop(&s, &admin, "Prairie Tees").await;
    let (walmart_shop, walmart_seller) = connect_walmart_seller(&s, &admin, "Prairie Mart").await;
    let walmart_client = walmart_seller.client_id.clone();
    let template = template(&s, &admin, channel_template("Channel tee", &[], None)).await;
    // Every tenth design has a word both marketplaces refuse once they processed it.
    let names: Vec<String> = (0..200)
        .map(|i| {
            if i % 10 == 7 {
                format!("Replica Design {i:03}")
            } else {
                format!("Design {i:03}")
            }
        })
        .collect();
    let ids = products(&s, &admin, &template, &names).await;
    assert_eq!(ids.len(), 200);

    // Amazon's listings plan is 5 requests a second; the stand-in announces 40 here (the
    // client follows x-amzn-RateLimit-Limit), and Walmart's sandbox feed plan of 30 an hour is
    // raised the same way (x-current-token-count), so 200 products list in seconds.
    assert!(s.amazon().set_rate("putListingsItem", 40.0, 40.0));
    assert!(s.amazon().set_rate("getListingsItem", 40.0, 40.0));
    assert!(s.walmart().set_rate("submitFeed", 20.0, 1000.0));
    s.amazon().set_faults(busy());
    s.walmart().set_faults(busy());
    s.amazon().throttle_next(3);
    s.amazon().fail_next(3);
    s.walmart().throttle_next(3);
    s.walmart().fail_next(3);
    // The access token Amazon granted at connect expires now: the first calls refresh it.
    let old_token = stored_access_token(&s, &amazon_shop).await;
    s.amazon().expire_access_token(&old_token);

    let on_amazon = batch_of(
        &s,
        &admin,
        LIST,
        json!({ "shopId": amazon_shop, "productIds": ids, "mode": "LISTING" }),
        "bulkListingProduct",
    )
    .await;
    let on_walmart = batch_of(
        &s,
        &admin,
        PUBLISH,
        json!({ "productIds": ids, "shopIds": [walmart_shop] }),
        "bulkPublishProducts",
    )
    .await;
    for batch in [&on_amazon, &on_walmart] {
        let done = wait_batch(&s, &admin, batch, Duration::from_secs(240)).await;
        assert_eq!(done["total"], 200, "{done}");
        assert_eq!(done["succeeded"], 200, "faults are absorbed: {done}");
    }

    // Once processed: the refused ones carry the marketplace's words on the field they name.
    let named: HashMap<String, String> = ids.iter().cloned().zip(names.clone()).collect();
    for (shop, field) in [
        (&amazon_shop, "item_name: "),
        (&walmart_shop, "productName: "),
    ] {
        let items = settled(&s, &admin, shop, 200).await;
        let mut refused = 0;
        for item in &items {
            let name = &named[item["product"]["id"].as_str().expect("product id")];
            let messages = item["errorMessages"].as_array().expect("messages");
            if name.starts_with("Replica") {
                refused += 1;
                assert_eq!(item["liveStatus"], "DRAFT", "{item}");
                assert_eq!(messages.len(), 1, "{item}");
                let message = messages[0].as_str().unwrap_or_default();
                assert!(message.starts_with(field), "{item}");
                assert!(message.contains("'replica'"), "{item}");
            } else {
                assert_eq!(item["liveStatus"], "LIVE", "{item}");
                assert!(messages.is_empty(), "{item}");
            }
        }
        assert_eq!(refused, 20);
    }

    // Each variant SKU created once on Amazon, whatever was retried (PUT replaces by SKU).
    let creates = s.amazon().effects("listing.create");
    let skus: HashSet<String> = creates
        .iter()
        .filter(|c| c.account.as_deref() == Some(seller.as_str()))
        .filter_map(|c| c.resource.clone())
        .collect();
    assert_eq!(creates.len(), 400, "two variants of 200 products");
    assert_eq!(skus.len(), 400, "no SKU created twice");
    assert_eq!(s.amazon().listing_count(&seller), 400);
    let ledger = s.amazon().ledger();
    let listing_calls = |status: u16| {
        ledger
            .iter()
            .filter(|c| c.operation.ends_with("ListingsItem") && c.status == status)
            .count()
    };
    assert!(
        listing_calls(429) > 0 && listing_calls(500) > 0,
        "the faults were met"
    );

    // One item per SKU on Walmart (MP_ITEM upserts), none for the refused products, once
    // Walmart ingested every feed it received (those whose answer was lost too).
    s.walmart().set_faults(sandbox::tiktok::Faults::default());
    ingest_every_feed(&s, &walmart_seller).await;
    let events = s.walmart().item_events();
    let created: Vec<&String> = events
        .iter()
        .filter(|e| e.client_id == walmart_client && e.kind == "item.create")
        .map(|e| &e.sku)
        .collect();
    let distinct: HashSet<&String> = created.iter().copied().collect();
    assert_eq!(
        created.len(),
        360,
        "two variants of the 180 accepted products"
    );
    assert_eq!(distinct.len(), 360, "no item created twice");
    assert_eq!(s.walmart().item_count(&walmart_client), 360);

    // The listing is the product: name, variant colour and price, images.
    let first = &ids[0];
    let variants = s
        .ok(
            "query($id: ID!) { getProductVariants(productId: $id) { sku salePrice } }",
            json!({ "id": first }),
            Some(&admin),
        )
        .await["getProductVariants"]
        .clone();
    let variant = &variants[0];
    let sku = variant["sku"].as_str().expect("a SKU was given");
    let listing = s.amazon().listing(&seller, sku).expect("the listing");
    assert_eq!(listing["status"], "BUYABLE", "{listing}");
    assert_eq!(
        listing["attributes"]["item_name"][0]["value"],
        "Design 000 Classic Tee"
    );
    assert_eq!(listing["attributes"]["color"][0]["value"], "Black");
    assert_eq!(
        listing["attributes"]["purchasable_offer"][0]["our_price"][0]["schedule"][0]["value_with_tax"],
        variant["salePrice"]
    );
    assert!(
        listing["attributes"]["main_product_image_locator"][0]["media_location"]
            .as_str()
            .is_some_and(|u| u.contains("/mockup/Design-000.png")),
        "{listing}"
    );
    let item = s.walmart().item(&walmart_client, sku).expect("the item");
    assert_eq!(item["productName"], "Design 000 Classic Tee");
    assert_eq!(item["price"]["amount"], variant["salePrice"]);

    // The expired token was refreshed, and the new one is what the server keeps.
    assert!(
        !s.amazon().effects("token.refresh").is_empty(),
        "Amazon's token endpoint refreshed the expired token"
    );
    let kept = stored_access_token(&s, &amazon_shop).await;
    assert_ne!(kept, old_token, "the refreshed token is stored");
    s.amazon().set_faults(sandbox::tiktok::Faults::default());
    let answer = reqwest::Client::new()
        .get(format!(
            "{}/sellers/v1/marketplaceParticipations",
            s.amazon.base_url()
        ))
        .header("x-amz-access-token", &kept)
        .send()
        .await
        .expect("participations");
    assert_eq!(answer.status(), 200, "the stored token works");
}

/// The messages on a product's shop product once its listing job ended.
async fn messages_of(s: &Server, token: &str, shop: &str, product: &str) -> (String, Vec<String>) {
    let items = shop_products(s, token, shop).await;
    let item = items
        .iter()
        .find(|i| i["product"]["id"] == product)
        .unwrap_or_else(|| panic!("no shop product for {product}: {items:?}"));
    let messages = item["errorMessages"]
        .as_array()
        .expect("messages")
        .iter()
        .map(|m| m.as_str().unwrap_or_default().to_owned())
        .collect();
    (
        item["liveStatus"].as_str().unwrap_or_default().to_owned(),
        messages,
    )
}

/// Has Walmart ingest every feed the seller sent, as it does whether or not anyone asks
/// (the stand-in ingests a feed when its status is read): feeds whose answer was lost too.
async fn ingest_every_feed(s: &Server, seller: &sandbox::walmart::WalmartSeller) {
    // Walmart's own processing, not the seller's calls: no rate limit applies.
    s.walmart().set_rate_limits(false);
    let http = reqwest::Client::new();
    let base = s.walmart.base_url();
    let token: Value = http
        .post(format!("{base}/v3/token"))
        .basic_auth(&seller.client_id, Some(&seller.client_secret))
        .header("WM_SVC.NAME", "Walmart Marketplace")
        .header("WM_QOS.CORRELATION_ID", "test-ingest")
        .header("content-type", "application/x-www-form-urlencoded")
        .body("grant_type=client_credentials")
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("token reply");
    let token = token["access_token"].as_str().expect("access token");
    for feed in s.walmart().effects("feed.submit") {
        if feed.account.as_deref() != Some(seller.client_id.as_str()) {
            continue;
        }
        let id = feed.resource.expect("feed id");
        let status = http
            .get(format!(
                "{base}/v3/feeds/{}?includeDetails=true",
                id.replace('@', "%40")
            ))
            .header("WM_SEC.ACCESS_TOKEN", token)
            .header("WM_SVC.NAME", "Walmart Marketplace")
            .header("WM_QOS.CORRELATION_ID", "test-ingest")
            .send()
            .await
            .expect("feed status")
            .status();
        assert_eq!(status, 200, "feed {id}");
    }
    s.walmart().set_rate_limits(true);
}

#[tokio::test]
async fn what_a_channel_lacks_is_refused_on_the_field_it_names() {
    let s = Server::start_with(&[("LISTING_FOLLOW_MS", "300")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    give_plan(&s, &admin, "BASIC").await;
    let host = image_host().await;
    let (amazon_shop, seller) = connect_amazon_shop(&s, &admin, "Prairie Tees").await;
    let (walmart_shop, walmart_seller) = connect_walmart_seller(&s, &admin, "Prairie Mart").await;
    let walmart_client = walmart_seller.client_id.clone();
    let shops = json!([amazon_shop, walmart_shop]);

    // Amazon and Walmart have no drafts: asking for one changes nothing.
    let plain = template(&s, &admin, channel_template("Plain tee", &[], None)).await;
    let count = "{ getProducts(filter: { limit: 1 }) { pageInfo { totalCount } } }";
    let before =
        s.ok(count, json!({}), Some(&admin)).await["getProducts"]["pageInfo"]["totalCount"].clone();
    let input = json!({ "i": { "templateId": plain, "designs": designs(&host, &["Draft".into()]), "shopIds": shops, "listingMode": "AS_DRAFT" } });
    let refused = s.gql(CREATE_PRODUCTS, input, Some(&admin)).await;
    assert_eq!(code(&refused), "BAD_USER_INPUT", "{refused}");
    assert_eq!(field(&refused), "listingMode");
    let after =
        s.ok(count, json!({}), Some(&admin)).await["getProducts"]["pageInfo"]["totalCount"].clone();
    assert_eq!(before, after, "no product made");
    let ids = products(&s, &admin, &plain, &["Plain".into()]).await;
    let refused = s
        .gql(
            LIST,
            json!({ "i": { "shopId": walmart_shop, "productIds": ids, "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&refused), "BAD_USER_INPUT", "{refused}");
    assert_eq!(field(&refused), "mode");

    // A template without either channel's fields saves (it names no channel to check against).
    let bare = template(
        &s,
        &admin,
        channel_template(
            "Bare tee",
            &[
                "amazonProductType",
                "amazonAttributes",
                "walmartCategory",
                "walmartItemSpec",
            ],
            None,
        ),
    )
    .await;
    // Listed on both shops, its products are refused before anything is queued, every
    // missing field named; nothing is made.
    let before =
        s.ok(count, json!({}), Some(&admin)).await["getProducts"]["pageInfo"]["totalCount"].clone();
    let input = json!({ "i": { "templateId": bare, "designs": designs(&host, &["Bare".into()]), "shopIds": shops } });
    let refused = s.gql(CREATE_PRODUCTS, input, Some(&admin)).await;
    assert_eq!(code(&refused), "BAD_USER_INPUT", "{refused}");
    assert_eq!(field(&refused), "amazonProductType", "{refused}");
    let named: Vec<&str> = refused["errors"][0]["extensions"]["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .filter_map(|f| f["field"].as_str())
        .collect();
    assert_eq!(
        named,
        ["amazonProductType", "amazonAttributes"],
        "{refused}"
    );
    let after =
        s.ok(count, json!({}), Some(&admin)).await["getProducts"]["pageInfo"]["totalCount"].clone();
    assert_eq!(before, after, "no product made");

    // Fields the product type or category requires, missing: Amazon refuses the PUT at
    // once, Walmart's ingestion refuses the item later; both name the field.
    let incomplete = template(
        &s,
        &admin,
        channel_template("Incomplete tee", &["department", "gender"], None),
    )
    .await;
    let incomplete_id = products(&s, &admin, &incomplete, &["Incomplete".into()]).await[0].clone();

    // Two products whose template gives the same SKUs: one listing per SKU on the shop.
    let fixed = template(
        &s,
        &admin,
        channel_template("Fixed tee", &[], Some(["TEE-BLK-M", "TEE-WHT-L"])),
    )
    .await;
    let twins = products(&s, &admin, &fixed, &["Twin A".into(), "Twin B".into()]).await;

    let listed: Vec<String> = [incomplete_id.clone()]
        .into_iter()
        .chain(twins.iter().cloned())
        .collect();
    let batch = s
        .ok(
            PUBLISH,
            json!({ "i": { "productIds": listed, "shopIds": shops } }),
            Some(&admin),
        )
        .await["bulkPublishProducts"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["total"], 6, "{done}");

    let (status, messages) = messages_of(&s, &admin, &amazon_shop, &incomplete_id).await;
    assert_eq!(status, "DRAFT");
    assert_eq!(
        messages,
        vec!["department: 'department' is required but not supplied.".to_owned()]
    );
    // The failed job says the same to the batch.
    let failures = done["failures"].as_array().expect("failures");
    assert!(
        failures.iter().any(|f| f["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("department: "))),
        "{done}"
    );
    let settled_item = wait_for(Duration::from_secs(30), || async {
        let (status, messages) = messages_of(&s, &admin, &walmart_shop, &incomplete_id).await;
        (status != "PENDING").then_some((status, messages))
    })
    .await
    .expect("Walmart ingested the feed");
    assert_eq!(settled_item.0, "DRAFT");
    assert_eq!(
        settled_item.1,
        vec!["gender: gender is required for category Clothing".to_owned()]
    );

    // The twins: whichever came first holds the SKUs; the other is refused on `sku`, and
    // nothing of the first was replaced on either marketplace.
    for shop in [&amazon_shop, &walmart_shop] {
        let mut holders = 0;
        let mut refused = 0;
        for twin in &twins {
            let (status, messages) = wait_for(Duration::from_secs(30), || async {
                let got = messages_of(&s, &admin, shop, twin).await;
                (got.0 != "PENDING").then_some(got)
            })
            .await
            .expect("the twin's listing ended");
            if status == "LIVE" {
                holders += 1;
            } else {
                refused += 1;
                assert!(
                    messages[0].starts_with("sku: the SKU 'TEE-") && messages[0].contains("Twin"),
                    "{messages:?}"
                );
            }
        }
        assert_eq!((holders, refused), (1, 1), "on {shop}");
    }
    for sku in ["TEE-BLK-M", "TEE-WHT-L"] {
        let touched: Vec<String> = s
            .amazon()
            .ledger()
            .iter()
            .filter(|c| c.resource.as_deref() == Some(sku))
            .filter_map(|c| c.effect.clone())
            .collect();
        assert_eq!(touched, vec!["listing.create".to_owned()], "{sku}");
        let events: Vec<String> = s
            .walmart()
            .item_events()
            .iter()
            .filter(|e| e.client_id == walmart_client && e.sku == sku)
            .map(|e| e.kind.clone())
            .collect();
        assert_eq!(events, vec!["item.create".to_owned()], "{sku}");
    }
    assert!(s.amazon().listing(&seller, "TEE-BLK-M").is_some());

    // A job whose writes went through but whose answers were lost, four times in a row, runs
    // again (twice) and still leaves one listing and one item per SKU.
    let once = products(&s, &admin, &plain, &["Once".into()]).await[0].clone();
    let (listings, items) = (
        s.amazon().listing_count(&seller),
        s.walmart().item_count(&walmart_client),
    );
    s.amazon().fail_next_after_write(8);
    s.walmart().fail_next_after_write(8);
    let batch = s
        .ok(
            PUBLISH,
            json!({ "i": { "productIds": [once], "shopIds": shops } }),
            Some(&admin),
        )
        .await["bulkPublishProducts"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["succeeded"], 2, "{done}");
    ingest_every_feed(&s, &walmart_seller).await;
    let runs = s
        .ok(
            "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { status attempts event } } }",
            json!({ "f": { "type": "listing.publish", "limit": 100 } }),
            Some(&admin),
        )
        .await["getEventHistories"]["items"]
        .clone();
    let reruns: Vec<&Value> = runs
        .as_array()
        .expect("jobs")
        .iter()
        .filter(|j| j["event"]["product_id"] == once)
        .collect();
    assert_eq!(reruns.len(), 2);
    for job in &reruns {
        assert_eq!(job["attempts"], 3, "ran again after its lost writes: {job}");
    }
    assert_eq!(
        s.amazon().listing_count(&seller) - listings,
        2,
        "one listing per variant SKU"
    );
    assert_eq!(
        s.walmart().item_count(&walmart_client) - items,
        2,
        "one item per variant SKU"
    );
    let skus: Vec<String> = s
        .ok(
            "query($id: ID!) { getProductVariants(productId: $id) { sku } }",
            json!({ "id": once }),
            Some(&admin),
        )
        .await["getProductVariants"]
        .as_array()
        .expect("variants")
        .iter()
        .map(|v| v["sku"].as_str().expect("sku").to_owned())
        .collect();
    assert_eq!(skus.len(), 2);
    for sku in &skus {
        let writes: Vec<String> = s
            .amazon()
            .ledger()
            .iter()
            .filter(|c| c.resource.as_deref() == Some(sku.as_str()))
            .filter_map(|c| c.effect.clone())
            .collect();
        assert_eq!(writes[0], "listing.create", "{sku}: {writes:?}");
        assert!(
            writes[1..].iter().all(|w| w == "listing.replace"),
            "{sku}: {writes:?}"
        );
        let created = s
            .walmart()
            .item_events()
            .iter()
            .filter(|e| e.client_id == walmart_client && &e.sku == sku && e.kind == "item.create")
            .count();
        assert_eq!(created, 1, "{sku}");
    }
    assert!(
        s.walmart().effects("feed.submit").len() > 8,
        "the lost feeds were sent again"
    );
    for shop in [&amazon_shop, &walmart_shop] {
        let live = wait_for(Duration::from_secs(30), || async {
            let (status, _) = messages_of(&s, &admin, shop, &once).await;
            (status == "LIVE").then_some(())
        })
        .await;
        assert!(live.is_some(), "LIVE once processed on {shop}");
    }

    // Throttled past the client's own retries: the job waits and runs again without spending
    // an attempt.
    let patient = products(&s, &admin, &plain, &["Patient".into()]).await[0].clone();
    s.amazon().throttle_next(5);
    s.walmart().throttle_next(5);
    let batch = s
        .ok(
            PUBLISH,
            json!({ "i": { "productIds": [patient], "shopIds": shops } }),
            Some(&admin),
        )
        .await["bulkPublishProducts"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["succeeded"], 2, "{done}");
    let runs = s
        .ok(
            "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { attempts event } } }",
            json!({ "f": { "type": "listing.publish", "limit": 100 } }),
            Some(&admin),
        )
        .await["getEventHistories"]["items"]
        .clone();
    let patient_runs: Vec<&Value> = runs
        .as_array()
        .expect("jobs")
        .iter()
        .filter(|j| j["event"]["product_id"] == patient)
        .collect();
    assert_eq!(patient_runs.len(), 2);
    for job in &patient_runs {
        assert_eq!(job["attempts"], 1, "429s spend no attempt: {job}");
    }
    let throttled = |ledger: Vec<sandbox::gateway::CallRecord>| {
        ledger.iter().filter(|c| c.status == 429).count()
    };
    assert!(throttled(s.amazon().ledger()) >= 5);
    assert!(throttled(s.walmart().ledger()) >= 5);
}
