//! A template cannot be saved incomplete for its channel, and a product made from one is
//! checked the same way before anything is queued: over real HTTP against the TikTok Shop
//! sandbox's category rules. Refusals name every missing field; a marketplace refusal that
//! still happens is shown by the field it is about.

use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const CREATE_TEMPLATE: &str =
    "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id status } }";
const UPDATE_TEMPLATE: &str = "mutation($id: ID!, $i: ProductTemplateInput!) { updateProductTemplate(templateId: $id, input: $i) { id status } }";
const TEMPLATES: &str = "{ getProductTemplates(filter: { limit: 100 }) { items { id name status } pageInfo { totalCount } } }";
const CREATE_PRODUCTS: &str =
    "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }";
const LIST: &str =
    "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId queued } }";
const SHOP_PRODUCTS: &str = "query($s: ID!) { getShopProducts(shopId: $s, filter: { limit: 100 }) {
    items { id liveStatus errorMessages errors { field message } product { id } } } }";
const RULES: &str = "query($c: ID!, $s: ID) { getTiktokCategoryRules(categoryId: $c, shopId: $s) {
    categoryId known packageWeightRequired packageDimensionsRequired requiredAttributes { id name whenAttributeId whenValueId } minImages } }";
const HISTORIES: &str =
    "{ getEventHistories(filter: { type: \"listing.publish\", limit: 100 }) { items { id } } }";

/// A complete T-shirt template: weight, the category's required properties, priced variants.
fn tee() -> Value {
    json!({
        "name": "Complete tee",
        "title": "{design} Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "tiktokCategoryId": "601226",
        "variants": [
            { "attributes": { "Color": "Black", "Size": "M" }, "sku": "C-BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 }
        ],
        "tiktokProductAttribute": [
            { "attributeId": "100198", "valueIds": ["1001981"] },
            { "attributeId": "100392", "valueIds": ["1003921"] }
        ],
        "type": "POD"
    })
}

/// A poster template: Wall Art & Posters requires the package's dimensions.
fn poster() -> Value {
    json!({
        "name": "Poster",
        "title": "{design} Poster",
        "packageWeight": { "value": 0.2, "unit": "KILOGRAM" },
        "tiktokCategoryId": "600059",
        "variants": [
            { "attributes": { "Size": "12x18 in" }, "sku": "P-1218", "salePrice": 18.0, "quantity": 20 }
        ],
        "tiktokProductAttribute": [ { "attributeId": "100701", "valueIds": ["1007012"] } ],
        "type": "POD"
    })
}

fn fields_of(res: &Value) -> Vec<String> {
    res["errors"][0]["extensions"]["fields"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|f| f["field"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

async fn template_count(s: &Server, token: &str) -> i64 {
    s.ok(TEMPLATES, json!({}), Some(token)).await["getProductTemplates"]["pageInfo"]["totalCount"]
        .as_i64()
        .expect("count")
}

async fn listing_jobs(s: &Server, token: &str) -> usize {
    s.ok(HISTORIES, json!({}), Some(token)).await["getEventHistories"]["items"]
        .as_array()
        .map_or(0, Vec::len)
}

fn design(host: &str, name: &str) -> Value {
    json!([{ "name": name, "mockupUrls": [format!("{host}/mockup/{name}.png")] }])
}

#[tokio::test]
async fn incomplete_templates_and_products_are_refused_by_field() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Rules Shop").await;
    let host = image_host().await;
    let before = template_count(&s, &admin).await;

    // The rules a form reads: posters need dimensions, tees need Material and Sleeve Length.
    let rules = s
        .ok(RULES, json!({ "c": "600059", "s": shop }), Some(&admin))
        .await["getTiktokCategoryRules"]
        .clone();
    assert_eq!(rules["known"], true, "{rules}");
    assert_eq!(rules["packageDimensionsRequired"], true, "{rules}");
    assert_eq!(rules["packageWeightRequired"], true);
    let tee_rules =
        s.ok(RULES, json!({ "c": "601226" }), Some(&admin)).await["getTiktokCategoryRules"].clone();
    assert_eq!(tee_rules["packageDimensionsRequired"], false);
    let required: Vec<&str> = tee_rules["requiredAttributes"]
        .as_array()
        .expect("attributes")
        .iter()
        .filter(|a| a["whenAttributeId"].is_null())
        .filter_map(|a| a["id"].as_str())
        .collect();
    assert_eq!(required, ["100198", "100392"], "{tee_rules}");

    // ACTIVE without a package weight nor Material: refused, both named, nothing written.
    let mut incomplete = tee();
    incomplete["packageWeight"] = Value::Null;
    incomplete["tiktokProductAttribute"] =
        json!([{ "attributeId": "100392", "valueIds": ["1003921"] }]);
    let res = s
        .gql(CREATE_TEMPLATE, json!({ "i": incomplete }), Some(&admin))
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    assert_eq!(field(&res), "packageWeight", "{res}");
    assert_eq!(
        fields_of(&res),
        ["packageWeight", "attributes.100198"],
        "{res}"
    );
    assert!(message(&res).contains("package weight"), "{res}");
    assert_eq!(template_count(&s, &admin).await, before, "nothing written");

    // The same as a DRAFT is kept to finish later.
    let mut draft = incomplete.clone();
    draft["status"] = json!("DRAFT");
    let saved = s
        .ok(CREATE_TEMPLATE, json!({ "i": draft }), Some(&admin))
        .await["createProductTemplate"]
        .clone();
    assert_eq!(saved["status"], "DRAFT");
    let draft_id = saved["id"].as_str().expect("id").to_owned();
    assert_eq!(template_count(&s, &admin).await, before + 1);

    // Made ACTIVE while still incomplete: refused, and the draft stays a draft.
    let mut activate = incomplete.clone();
    activate["status"] = json!("ACTIVE");
    let res = s
        .gql(
            UPDATE_TEMPLATE,
            json!({ "id": draft_id, "i": activate }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    let status = s
        .ok(
            "query($id: ID!) { getProductTemplate(templateId: $id) { status } }",
            json!({ "id": draft_id }),
            Some(&admin),
        )
        .await;
    assert_eq!(status["getProductTemplate"]["status"], "DRAFT");

    // A product from the draft, listed on the shop: refused before anything is queued.
    let jobs_before = listing_jobs(&s, &admin).await;
    let res = s
        .gql(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": draft_id, "designs": design(&host, "Moon"), "shopIds": [shop], "listingMode": "LISTING" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    assert_eq!(
        fields_of(&res),
        ["packageWeight", "attributes.100198"],
        "{res}"
    );
    assert_eq!(listing_jobs(&s, &admin).await, jobs_before, "no job queued");
    let products = s
        .ok(
            "{ getProducts(search: \"Moon\", filter: { limit: 100 }) { pageInfo { totalCount } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(
        products["getProducts"]["pageInfo"]["totalCount"], 0,
        "{products}"
    );

    // A poster without dimensions: refused on packageDimensions; with them it saves.
    let res = s
        .gql(CREATE_TEMPLATE, json!({ "i": poster() }), Some(&admin))
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    assert_eq!(fields_of(&res), ["packageDimensions"], "{res}");
    let mut measured = poster();
    measured["packageDimensions"] =
        json!({ "length": 46.0, "width": 5.0, "height": 5.0, "unit": "CENTIMETER" });
    s.ok(CREATE_TEMPLATE, json!({ "i": measured }), Some(&admin))
        .await;

    // Complete: saved ACTIVE.
    let ok = s
        .ok(CREATE_TEMPLATE, json!({ "i": tee() }), Some(&admin))
        .await;
    assert_eq!(ok["createProductTemplate"]["status"], "ACTIVE");

    // Another client sees none of it: its rules look-up through this shop is NOT_FOUND.
    let other = new_client(&s, "rules-other", "rules-other@example.test").await;
    let res = s
        .gql(RULES, json!({ "c": "600059", "s": shop }), Some(&other))
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    let res = s
        .gql(
            UPDATE_TEMPLATE,
            json!({ "id": draft_id, "i": tee() }),
            Some(&other),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
}

#[tokio::test]
async fn a_refusal_that_still_happens_names_its_field() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Refusal Shop").await;
    let host = image_host().await;

    // Complete by the rules, but weighed in kilograms and measured in inches: TikTok refuses
    // mixed units when the product is created.
    let mut mixed = tee();
    mixed["packageDimensions"] =
        json!({ "length": 12.0, "width": 10.0, "height": 1.0, "unit": "INCH" });
    let template = s
        .ok(CREATE_TEMPLATE, json!({ "i": mixed }), Some(&admin))
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let ids = s
        .ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": design(&host, "Comet") } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"]
        .clone();
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
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["failed"], 1, "{done}");

    let items = s
        .ok(SHOP_PRODUCTS, json!({ "s": shop }), Some(&admin))
        .await["getShopProducts"]["items"]
        .clone();
    let item = &items[0];
    assert_eq!(item["liveStatus"], "DRAFT", "{item}");
    // The marketplace's words stay in errorMessages; errors names the field in a seller's.
    assert!(
        item["errorMessages"][0]
            .as_str()
            .is_some_and(|m| m.contains("metric")),
        "{item}"
    );
    assert_eq!(item["errors"][0]["field"], "packageDimensions", "{item}");
    let words = item["errors"][0]["message"].as_str().expect("message");
    assert!(!words.contains("must be both"), "{words}");
    assert!(words.contains("kilograms"), "{words}");
}
