//! The catalogue over GraphQL: templates, brands and attributes, designs.

use crate::common::*;
use serde_json::{Value, json};

const TEMPLATE_FIELDS: &str = "id name title description packageWeight { value unit } packageDimensions { width height length unit }
    tiktokCategoryId tiktokBrandId images sizeChart variants tiktokProductAttribute priceFormula type status createdAt";

fn templates_query() -> String {
    format!(
        "query($f: ProductTemplateFilter) {{ getProductTemplates(filter: $f) {{ items {{ {TEMPLATE_FIELDS} }} pageInfo {{ hasNextPage hasPreviousPage totalCount }} }} }}"
    )
}
fn template_query() -> String {
    format!("query($id: ID!) {{ getProductTemplate(templateId: $id) {{ {TEMPLATE_FIELDS} }} }}")
}
fn create_template() -> String {
    format!(
        "mutation($i: ProductTemplateInput!) {{ createProductTemplate(input: $i) {{ {TEMPLATE_FIELDS} }} }}"
    )
}
fn update_template() -> String {
    format!(
        "mutation($id: ID!, $i: ProductTemplateInput!) {{ updateProductTemplate(templateId: $id, input: $i) {{ {TEMPLATE_FIELDS} }} }}"
    )
}
const REMOVE_TEMPLATE: &str = "mutation($id: ID!) { removeProductTemplate(templateId: $id) }";

fn template_input(name: &str) -> Value {
    json!({
        "name": name,
        "title": format!("{name} title"),
        "description": "Soft cotton",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "tiktokCategoryId": "601226",
        "images": ["https://img.test/a.png"],
        "variants": [
            { "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 19.99, "listPrice": 24.5, "quantity": 10 },
            { "attributes": { "Color": "White", "Size": "L" } }
        ],
        "tiktokProductAttribute": [{ "attributeId": "100", "values": ["Cotton"] }],
        "priceFormula": "price * 1.3 + 2",
        "type": "POD"
    })
}

async fn template_count(s: &Server, token: &str) -> i64 {
    s.ok(&templates_query(), json!({}), Some(token)).await["getProductTemplates"]["pageInfo"]["totalCount"].as_i64().expect("count")
}

fn bad(res: &Value) -> (String, String) {
    (code(res), field(res))
}

#[tokio::test]
async fn templates_are_created_listed_updated_and_removed() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;

    let created = s
        .ok(
            &create_template(),
            json!({ "i": template_input("Basic tee") }),
            Some(&admin),
        )
        .await["createProductTemplate"]
        .clone();
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(created["name"], "Basic tee");
    assert_eq!(created["status"], "ACTIVE");
    assert_eq!(created["type"], "POD");
    assert_eq!(
        created["packageWeight"],
        json!({ "value": 0.3, "unit": "KILOGRAM" })
    );
    assert_eq!(
        created["packageDimensions"],
        json!({ "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" })
    );
    assert_eq!(
        created["variants"][0],
        json!({ "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 19.99, "listPrice": 24.5, "quantity": 10 })
    );
    assert_eq!(
        created["variants"][1],
        json!({ "attributes": { "Color": "White", "Size": "L" } })
    );
    assert_eq!(
        created["tiktokProductAttribute"],
        json!([{ "attributeId": "100", "values": ["Cotton"] }])
    );
    assert_eq!(created["priceFormula"], "price * 1.3 + 2");

    // STAFF works in the same catalogue.
    let mut draft = template_input("Hoodie draft");
    draft["status"] = json!("DRAFT");
    draft["type"] = json!("DROPSHIP");
    draft["priceFormula"] = Value::Null;
    s.ok(&create_template(), json!({ "i": draft }), Some(&staff))
        .await;
    let read = s
        .ok(&template_query(), json!({ "id": id }), Some(&staff))
        .await;
    assert_eq!(read["getProductTemplate"]["title"], "Basic tee title");

    // Filters: search by name or title, type, status; paging.
    let list = |f: Value| {
        let s = &s;
        let admin = admin.clone();
        async move {
            let res = s
                .ok(&templates_query(), json!({ "f": f }), Some(&admin))
                .await;
            let names: Vec<String> = res["getProductTemplates"]["items"]
                .as_array()
                .expect("items")
                .iter()
                .map(|t| t["name"].as_str().unwrap_or_default().to_owned())
                .collect();
            (names, res["getProductTemplates"]["pageInfo"].clone())
        }
    };
    assert_eq!(list(json!({})).await.0, vec!["Hoodie draft", "Basic tee"]);
    assert_eq!(list(json!({ "search": "TEE" })).await.0, vec!["Basic tee"]);
    assert_eq!(
        list(json!({ "search": "draft title" })).await.0,
        vec!["Hoodie draft"]
    );
    assert_eq!(list(json!({ "search": "%" })).await.0, Vec::<String>::new());
    assert_eq!(
        list(json!({ "type": "DROPSHIP" })).await.0,
        vec!["Hoodie draft"]
    );
    assert_eq!(
        list(json!({ "status": "ACTIVE" })).await.0,
        vec!["Basic tee"]
    );
    let (names, info) = list(json!({ "limit": 1, "page": 2 })).await;
    assert_eq!(names, vec!["Basic tee"]);
    assert_eq!(
        info,
        json!({ "hasNextPage": false, "hasPreviousPage": true, "totalCount": 2 })
    );
    assert_eq!(
        field(
            &s.gql(
                &templates_query(),
                json!({ "f": { "limit": 0 } }),
                Some(&admin)
            )
            .await
        ),
        "limit"
    );

    // Update replaces the template.
    let mut changed = template_input("Basic tee v2");
    changed["variants"] = json!([{ "attributes": { "Color": "Red" }, "salePrice": 5 }]);
    changed["packageDimensions"] = Value::Null;
    changed["priceFormula"] = json!("(price + 1) * 2");
    let updated = s
        .ok(
            &update_template(),
            json!({ "id": id, "i": changed }),
            Some(&staff),
        )
        .await["updateProductTemplate"]
        .clone();
    assert_eq!(updated["name"], "Basic tee v2");
    assert_eq!(
        updated["variants"],
        json!([{ "attributes": { "Color": "Red" }, "salePrice": 5.0 }])
    );
    assert_eq!(updated["packageDimensions"], Value::Null);
    assert_eq!(updated["priceFormula"], "(price + 1) * 2");
    assert_eq!(updated["createdAt"], created["createdAt"]);
    // Measures can come back after being cleared (NULL and a number bind to the same statement).
    let restored = s
        .ok(
            &update_template(),
            json!({ "id": id, "i": template_input("Basic tee v3") }),
            Some(&staff),
        )
        .await;
    assert_eq!(
        restored["updateProductTemplate"]["packageDimensions"]["length"],
        30.0
    );

    assert_eq!(
        s.ok(REMOVE_TEMPLATE, json!({ "id": id }), Some(&staff))
            .await["removeProductTemplate"],
        true
    );
    assert_eq!(
        code(
            &s.gql(&template_query(), json!({ "id": id }), Some(&admin))
                .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(
        code(
            &s.gql(REMOVE_TEMPLATE, json!({ "id": id }), Some(&admin))
                .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(template_count(&s, &admin).await, 1);
    assert_eq!(
        code(&s.gql(&templates_query(), json!({}), None).await),
        "UNAUTHENTICATED"
    );
}

#[tokio::test]
async fn bad_templates_are_refused_with_the_field_and_change_nothing() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let id = s
        .ok(
            &create_template(),
            json!({ "i": template_input("Keep me") }),
            Some(&admin),
        )
        .await["createProductTemplate"]["id"]
        .clone();

    let cases: Vec<(&str, Value, &str)> = vec![
        ("name", json!("  "), "name"),
        ("title", json!(""), "title"),
        ("variants", json!({ "Color": "Black" }), "variants"),
        ("variants", json!([1]), "variants.0"),
        ("variants", json!([{ "sku": "x" }]), "variants.0.attributes"),
        (
            "variants",
            json!([{ "attributes": { "Color": 3 } }]),
            "variants.0.attributes",
        ),
        (
            "variants",
            json!([{ "attributes": {} }, { "attributes": {}, "salePrice": -1 }]),
            "variants.1.salePrice",
        ),
        (
            "variants",
            json!([{ "attributes": {}, "listPrice": "ten" }]),
            "variants.0.listPrice",
        ),
        (
            "variants",
            json!([{ "attributes": {}, "quantity": -2 }]),
            "variants.0.quantity",
        ),
        (
            "variants",
            json!([{ "attributes": {}, "quantity": 1.5 }]),
            "variants.0.quantity",
        ),
        (
            "variants",
            json!([{ "attributes": {}, "colour": "x" }]),
            "variants.0.colour",
        ),
        (
            "packageWeight",
            json!({ "value": 0, "unit": "POUND" }),
            "packageWeight.value",
        ),
        (
            "packageDimensions",
            json!({ "width": 1, "height": -1, "length": 1, "unit": "INCH" }),
            "packageDimensions.height",
        ),
        (
            "tiktokProductAttribute",
            json!({ "a": 1 }),
            "tiktokProductAttribute",
        ),
        ("priceFormula", json!("price * cost"), "priceFormula"),
        ("priceFormula", json!("price *"), "priceFormula"),
        ("priceFormula", json!("0 - price"), "priceFormula"),
        ("priceFormula", json!("price / 0"), "priceFormula"),
    ];
    for (key, value, expected) in cases {
        let mut input = template_input("Bad one");
        input[key] = value.clone();
        let res = s
            .gql(
                &create_template(),
                json!({ "i": input.clone() }),
                Some(&admin),
            )
            .await;
        assert_eq!(
            bad(&res),
            ("BAD_USER_INPUT".to_owned(), expected.to_owned()),
            "create with {key} = {value}: {res}"
        );
        let res = s
            .gql(
                &update_template(),
                json!({ "id": id, "i": input }),
                Some(&admin),
            )
            .await;
        assert_eq!(
            bad(&res),
            ("BAD_USER_INPUT".to_owned(), expected.to_owned()),
            "update with {key} = {value}: {res}"
        );
    }

    // The message says where the formula is wrong.
    let mut input = template_input("Bad one");
    input["priceFormula"] = json!("price * cost + 1");
    let res = s
        .gql(&create_template(), json!({ "i": input }), Some(&admin))
        .await;
    assert!(
        message(&res).contains("'cost'") && message(&res).contains("position 9"),
        "{res}"
    );
    input = template_input("Bad one");
    input["priceFormula"] = json!("max(price, 3)");
    assert!(
        message(
            &s.gql(&create_template(), json!({ "i": input }), Some(&admin))
                .await
        )
        .contains("position 1")
    );

    // Nothing changed.
    assert_eq!(template_count(&s, &admin).await, 1);
    let kept = s
        .ok(&template_query(), json!({ "id": id }), Some(&admin))
        .await;
    assert_eq!(kept["getProductTemplate"]["name"], "Keep me");
    assert_eq!(
        kept["getProductTemplate"]["priceFormula"],
        "price * 1.3 + 2"
    );
}

#[tokio::test]
async fn another_clients_templates_are_not_found() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let theirs = s
        .ok(
            &create_template(),
            json!({ "i": template_input("Platform tee") }),
            Some(&root),
        )
        .await["createProductTemplate"]["id"]
        .clone();

    assert_eq!(template_count(&s, &admin).await, 0);
    assert_eq!(
        code(
            &s.gql(&template_query(), json!({ "id": theirs }), Some(&admin))
                .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(
        code(
            &s.gql(
                &update_template(),
                json!({ "id": theirs, "i": template_input("Mine now") }),
                Some(&admin)
            )
            .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(
        code(
            &s.gql(REMOVE_TEMPLATE, json!({ "id": theirs }), Some(&admin))
                .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(
        code(
            &s.gql(
                &template_query(),
                json!({ "id": "not-an-id" }),
                Some(&admin)
            )
            .await
        ),
        "NOT_FOUND"
    );

    let still = s
        .ok(&template_query(), json!({ "id": theirs }), Some(&root))
        .await;
    assert_eq!(still["getProductTemplate"]["name"], "Platform tee");
    assert_eq!(template_count(&s, &root).await, 1);
}

const BRANDS: &str = "{ getBrands { id name } }";
const CREATE_BRAND: &str =
    "mutation($name: String!) { createBrand(input: { name: $name }) { id name } }";
const ATTRIBUTES: &str = "query($s: String) { getAttributes(search: $s) { id name } }";

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|b| b["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// The caller's scope, for setting up rows the API only creates as a side effect.
async fn scope_of(s: &Server, token: &str) -> domain::Scope {
    let me = s
        .ok("{ getMe { id client { id } } }", json!({}), Some(token))
        .await;
    domain::Scope {
        client_id: me["getMe"]["client"]["id"]
            .as_str()
            .expect("client")
            .to_owned(),
        user_id: me["getMe"]["id"].as_str().expect("id").to_owned(),
        role: domain::Role::Admin,
    }
}

async fn db(s: &Server) -> domain::Db {
    domain::Db::connect(&domain::db::DbOptions {
        url: s.database_url(),
        max_connections: 1,
        acquire_timeout: std::time::Duration::from_secs(10),
    })
    .await
    .expect("database")
}

#[tokio::test]
async fn brands_are_unique_per_client_and_attributes_are_searched() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;

    let acme = s
        .ok(CREATE_BRAND, json!({ "name": "  Acme " }), Some(&admin))
        .await["createBrand"]
        .clone();
    assert_eq!(acme["name"], "Acme");
    s.ok(CREATE_BRAND, json!({ "name": "blue Fox" }), Some(&staff))
        .await;
    assert_eq!(
        names(&s.ok(BRANDS, json!({}), Some(&staff)).await["getBrands"]),
        vec!["Acme", "blue Fox"]
    );

    // The same name again, in any case, is a conflict; a blank name is bad input; neither adds.
    assert_eq!(
        code(
            &s.gql(CREATE_BRAND, json!({ "name": "Acme" }), Some(&admin))
                .await
        ),
        "CONFLICT"
    );
    assert_eq!(
        code(
            &s.gql(CREATE_BRAND, json!({ "name": "ACME" }), Some(&staff))
                .await
        ),
        "CONFLICT"
    );
    assert_eq!(
        bad(&s
            .gql(CREATE_BRAND, json!({ "name": " " }), Some(&admin))
            .await),
        ("BAD_USER_INPUT".to_owned(), "name".to_owned())
    );
    assert_eq!(
        s.ok(BRANDS, json!({}), Some(&admin)).await["getBrands"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );

    // Another client has its own namespace and its own list.
    assert_eq!(
        s.ok(CREATE_BRAND, json!({ "name": "Acme" }), Some(&root))
            .await["createBrand"]["name"],
        "Acme"
    );
    assert_eq!(
        names(&s.ok(BRANDS, json!({}), Some(&root)).await["getBrands"]),
        vec!["Acme"]
    );
    assert_eq!(
        s.ok(BRANDS, json!({}), Some(&admin)).await["getBrands"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );

    // Attributes come from the products that use them; set some up directly.
    let db = db(&s).await;
    let mut conn = db.conn().await.expect("conn");
    let demo = scope_of(&s, &admin).await;
    let platform = scope_of(&s, &root).await;
    for name in ["Size", "Color", "Sleeve_length"] {
        domain::brands::attribute_by_name(&mut conn, &demo, name)
            .await
            .expect("attribute");
    }
    domain::brands::attribute_by_name(&mut conn, &platform, "Colorway")
        .await
        .expect("attribute");
    let again = domain::brands::attribute_by_name(&mut conn, &demo, "Size")
        .await
        .expect("attribute");

    let all = s.ok(ATTRIBUTES, json!({}), Some(&staff)).await["getAttributes"].clone();
    assert_eq!(names(&all), vec!["Color", "Size", "Sleeve_length"]);
    assert!(
        all.as_array()
            .expect("list")
            .iter()
            .any(|a| a["id"] == again.id.as_str()),
        "one row per name"
    );
    assert_eq!(
        names(&s.ok(ATTRIBUTES, json!({ "s": "COL" }), Some(&admin)).await["getAttributes"]),
        vec!["Color"]
    );
    assert_eq!(
        names(&s.ok(ATTRIBUTES, json!({ "s": "e_" }), Some(&admin)).await["getAttributes"]),
        vec!["Sleeve_length"]
    );
    assert_eq!(
        names(&s.ok(ATTRIBUTES, json!({ "s": "" }), Some(&admin)).await["getAttributes"]).len(),
        3
    );
    assert_eq!(
        names(&s.ok(ATTRIBUTES, json!({}), Some(&root)).await["getAttributes"]),
        vec!["Colorway"]
    );
    assert_eq!(
        code(&s.gql(BRANDS, json!({}), None).await),
        "UNAUTHENTICATED"
    );
}

const DESIGN_FIELDS: &str = "id externalProductId sellerProductId images designFrontUrl designBackUrl designSleeveUrl designHoodUrl variant product { id name }";

fn cache_design() -> String {
    format!(
        "mutation($i: CacheProductDesignInput!) {{ cacheProductDesign(input: $i) {{ {DESIGN_FIELDS} }} }}"
    )
}
fn designs_page() -> String {
    format!(
        "query($f: ProductDesignFilter) {{ getListProductDesigns(filter: $f) {{ items {{ {DESIGN_FIELDS} }} pageInfo {{ hasNextPage hasPreviousPage totalCount }} }} }}"
    )
}
fn designs_all() -> String {
    format!(
        "query($f: ProductDesignFilter) {{ getFullListProductDesigns(filter: $f) {{ {DESIGN_FIELDS} }} }}"
    )
}
const REMOVE_DESIGN: &str = "mutation($id: ID!) { removeProductDesign(designId: $id) }";

/// A product row for the designs to point at (products are created by flows outside this file).
async fn insert_product(s: &Server, scope: &domain::Scope, name: &str) -> String {
    let db = db(s).await;
    let id = domain::ids::new_id();
    let now = domain::time::now_db();
    sqlx::query("INSERT INTO products (id, client_id, name, source, type, created_at, updated_at) VALUES ($1, $2, $3, 'POD', 'POD', $4, $4)")
        .bind(&id)
        .bind(&scope.client_id)
        .bind(name)
        .bind(&now)
        .execute(&db.pool)
        .await
        .expect("insert product");
    id
}

async fn design_total(s: &Server, token: &str) -> i64 {
    s.ok(&designs_page(), json!({}), Some(token)).await["getListProductDesigns"]["pageInfo"]["totalCount"].as_i64().expect("count")
}

#[tokio::test]
async fn designs_are_cached_listed_and_removed_within_the_client() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let demo = scope_of(&s, &admin).await;
    let platform = scope_of(&s, &root).await;
    let tee = insert_product(&s, &demo, "Cat tee").await;
    let theirs = insert_product(&s, &platform, "Platform tee").await;

    let first = s
        .ok(&cache_design(), json!({ "i": { "productId": tee, "variant": "Black", "designFrontUrl": "https://img.test/front.png", "images": ["https://img.test/m1.png"] } }), Some(&staff))
        .await["cacheProductDesign"]
        .clone();
    assert_eq!(first["product"], json!({ "id": tee, "name": "Cat tee" }));
    assert_eq!(first["images"], json!(["https://img.test/m1.png"]));
    assert_eq!(first["designBackUrl"], Value::Null);
    // The same reference and variant again replaces the design instead of repeating it.
    let again = s
        .ok(&cache_design(), json!({ "i": { "productId": tee, "variant": "Black", "designBackUrl": "https://img.test/back.png" } }), Some(&admin))
        .await["cacheProductDesign"]
        .clone();
    assert_eq!(again["id"], first["id"]);
    assert_eq!(again["designBackUrl"], "https://img.test/back.png");
    assert_eq!(again["designFrontUrl"], Value::Null);
    s.ok(&cache_design(), json!({ "i": { "productId": tee, "variant": "White", "designFrontUrl": "https://img.test/w.png" } }), Some(&admin)).await;
    let market = s
        .ok(&cache_design(), json!({ "i": { "externalProductId": "TT-991", "sellerProductId": "SKU-DOG", "images": ["http://img.test/dog.png"] } }), Some(&admin))
        .await["cacheProductDesign"]
        .clone();
    assert_eq!(market["product"], Value::Null);
    assert_eq!(design_total(&s, &admin).await, 3);

    // Paging, search (reference, variant, product name) and the product filter.
    let page = s
        .ok(
            &designs_page(),
            json!({ "f": { "limit": 2 } }),
            Some(&staff),
        )
        .await["getListProductDesigns"]
        .clone();
    assert_eq!(page["items"][0]["id"], market["id"]);
    assert_eq!(
        page["pageInfo"],
        json!({ "hasNextPage": true, "hasPreviousPage": false, "totalCount": 3 })
    );
    let search = |f: Value| {
        let s = &s;
        let staff = staff.clone();
        async move {
            s.ok(&designs_all(), json!({ "f": f }), Some(&staff)).await["getFullListProductDesigns"]
                .as_array()
                .expect("list")
                .len()
        }
    };
    assert_eq!(search(json!({})).await, 3);
    assert_eq!(search(json!({ "search": "cat TEE" })).await, 2);
    assert_eq!(search(json!({ "search": "white" })).await, 1);
    assert_eq!(search(json!({ "search": "sku-dog" })).await, 1);
    assert_eq!(search(json!({ "productId": tee })).await, 2);
    // Another client's product is NOT_FOUND, as everywhere else.
    assert_eq!(
        code(
            &s.gql(
                &designs_all(),
                json!({ "f": { "productId": theirs } }),
                Some(&staff)
            )
            .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(
        field(
            &s.gql(
                &designs_page(),
                json!({ "f": { "limit": 500 } }),
                Some(&admin)
            )
            .await
        ),
        "limit"
    );

    // Bad input names the field and stores nothing.
    for (input, expected) in [
        (json!({ "productId": tee }), "images"),
        (
            json!({ "productId": tee, "designFrontUrl": "front.png" }),
            "designFrontUrl",
        ),
        (
            json!({ "productId": tee, "images": ["https://ok.test/a.png", "javascript:alert(1)"] }),
            "images.1",
        ),
        (
            json!({ "variant": "Black", "designHoodUrl": "https://img.test/h.png" }),
            "productId",
        ),
    ] {
        let res = s
            .gql(&cache_design(), json!({ "i": input }), Some(&admin))
            .await;
        assert_eq!(
            bad(&res),
            ("BAD_USER_INPUT".to_owned(), expected.to_owned()),
            "{res}"
        );
    }
    // Another client's product or design is not found.
    let res = s
        .gql(
            &cache_design(),
            json!({ "i": { "productId": theirs, "designFrontUrl": "https://img.test/x.png" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND");
    assert_eq!(design_total(&s, &admin).await, 3);
    let platform_design = s
        .ok(
            &cache_design(),
            json!({ "i": { "productId": theirs, "designFrontUrl": "https://img.test/x.png" } }),
            Some(&root),
        )
        .await["cacheProductDesign"]["id"]
        .clone();
    assert_eq!(
        code(
            &s.gql(
                REMOVE_DESIGN,
                json!({ "id": platform_design }),
                Some(&admin)
            )
            .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(design_total(&s, &root).await, 1);
    assert_eq!(design_total(&s, &admin).await, 3);

    assert_eq!(
        s.ok(REMOVE_DESIGN, json!({ "id": first["id"] }), Some(&staff))
            .await["removeProductDesign"],
        true
    );
    assert_eq!(
        code(
            &s.gql(REMOVE_DESIGN, json!({ "id": first["id"] }), Some(&staff))
                .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(
        code(
            &s.gql(REMOVE_DESIGN, json!({ "id": "nope" }), Some(&staff))
                .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(design_total(&s, &admin).await, 2);
    assert_eq!(
        code(&s.gql(&designs_page(), json!({}), None).await),
        "UNAUTHENTICATED"
    );
}

const PRODUCTS: &str = "query($s: String, $f: ProductFilter) { getProducts(search: $s, filter: $f) { items { id name type status brand { id name } } pageInfo { hasNextPage hasPreviousPage totalCount } } }";
const PRODUCT: &str = "query($id: ID!) { getProductById(id: $id) { id name description status brand { id name } category { id name } originUrl
    images { imageUrl isPrimary sequence } publishedShops { id } packageWeight { value unit } createdAt updatedAt } }";
const VARIANTS: &str = "query($id: ID!) { getProductVariants(productId: $id) { id sku quantity salePrice listPrice attributes { value attribute { name } } } }";
const PRODUCT_ATTRIBUTES: &str =
    "query($id: ID!) { getProductAttributes(productId: $id) { attributeId values } }";
const UPDATE_PRODUCT: &str =
    "mutation($id: ID!, $i: UpdateProductInput!) { updateProduct(id: $id, input: $i) }";
const DELETE_PRODUCT: &str = "mutation($id: ID!) { deleteProduct(id: $id) }";
const BULK_DELETE: &str = "mutation($ids: [ID!]!) { bulkDeleteProducts(productIds: $ids) }";

async fn variants_of(s: &Server, token: &str, id: &str) -> Value {
    s.ok(VARIANTS, json!({ "id": id }), Some(token)).await["getProductVariants"].clone()
}

/// Variants as (sku, quantity, salePrice, listPrice, "Name=value,…") for comparing.
fn variant_rows(list: &Value) -> Vec<(String, i64, f64, f64, String)> {
    list.as_array()
        .expect("variants")
        .iter()
        .map(|v| {
            let attrs: Vec<String> = v["attributes"]
                .as_array()
                .expect("attributes")
                .iter()
                .map(|a| {
                    format!(
                        "{}={}",
                        a["attribute"]["name"].as_str().unwrap_or(""),
                        a["value"].as_str().unwrap_or("")
                    )
                })
                .collect();
            (
                v["sku"].as_str().unwrap_or("").to_owned(),
                v["quantity"].as_i64().unwrap_or(-1),
                v["salePrice"].as_f64().unwrap_or(-1.0),
                v["listPrice"].as_f64().unwrap_or(-1.0),
                attrs.join(","),
            )
        })
        .collect()
}

#[tokio::test]
async fn products_are_listed_read_and_updated_with_their_variants() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let demo = scope_of(&s, &admin).await;
    let platform = scope_of(&s, &root).await;
    let tee = insert_product(&s, &demo, "Cat tee").await;
    let mug = insert_product(&s, &demo, "Dog mug").await;
    let theirs = insert_product(&s, &platform, "Platform tee").await;
    let brand = s
        .ok(CREATE_BRAND, json!({ "name": "Acme" }), Some(&admin))
        .await["createBrand"]["id"]
        .clone();

    let list = s.ok(PRODUCTS, json!({}), Some(&staff)).await["getProducts"].clone();
    assert_eq!(names(&list["items"]), vec!["Dog mug", "Cat tee"]);
    assert_eq!(list["pageInfo"]["totalCount"], 2);
    assert_eq!(
        names(&s.ok(PRODUCTS, json!({ "s": "TEE" }), Some(&staff)).await["getProducts"]["items"]),
        vec!["Cat tee"]
    );
    let paged = s
        .ok(
            PRODUCTS,
            json!({ "f": { "limit": 1, "page": 2 } }),
            Some(&staff),
        )
        .await["getProducts"]
        .clone();
    assert_eq!(names(&paged["items"]), vec!["Cat tee"]);
    assert_eq!(
        paged["pageInfo"],
        json!({ "hasNextPage": false, "hasPreviousPage": true, "totalCount": 2 })
    );
    assert_eq!(
        s.ok(
            PRODUCTS,
            json!({ "f": { "type": "DROPSHIP" } }),
            Some(&staff)
        )
        .await["getProducts"]["pageInfo"]["totalCount"],
        0
    );
    assert_eq!(
        code(&s.gql(PRODUCT, json!({ "id": theirs }), Some(&staff)).await),
        "NOT_FOUND"
    );
    assert_eq!(
        s.ok(
            PRODUCTS,
            json!({ "f": { "status": "UNPUBLISHED" } }),
            Some(&staff)
        )
        .await["getProducts"]["pageInfo"]["totalCount"],
        2
    );
    let template = s
        .ok(
            &create_template(),
            json!({ "i": template_input("Tee template") }),
            Some(&staff),
        )
        .await["createProductTemplate"]["id"]
        .clone();
    sqlx::query("UPDATE products SET template_id = $1 WHERE id = $2")
        .bind(template.as_str())
        .bind(&tee)
        .execute(&db(&s).await.pool)
        .await
        .expect("apply template");
    assert_eq!(
        names(
            &s.ok(
                PRODUCTS,
                json!({ "f": { "templateId": template } }),
                Some(&staff)
            )
            .await["getProducts"]["items"]
        ),
        vec!["Cat tee"]
    );
    assert_eq!(
        code(
            &s.gql(
                PRODUCTS,
                json!({ "f": { "shopId": domain::ids::new_id() } }),
                Some(&staff)
            )
            .await
        ),
        "NOT_FOUND"
    );

    // STAFF edits the product and creates its variants in one request.
    let input = json!({
        "name": "Cat tee deluxe", "description": "Heavy cotton", "brandId": brand, "categoryName": "T-shirts",
        "originUrl": "https://shop.test/cat", "status": "PUBLISHED",
        "packageWeight": { "value": 0.25, "unit": "KILOGRAM" },
        "images": [{ "imageUrl": "https://img.test/1.png" }, { "imageUrl": "https://img.test/2.png", "sequence": 5 }],
        "variants": [
            { "action": "CREATE", "sku": "CAT-BLK-M", "quantity": 4, "salePrice": 19.99, "listPrice": 25, "attributes": [{ "name": "Color", "value": "Black" }, { "name": "Size", "value": "M" }] },
            { "action": "CREATE", "sku": "CAT-WHT-L", "salePrice": 21.5, "attributes": [{ "name": "Color", "value": "White" }, { "name": "Size", "value": "L" }] }
        ]
    });
    assert_eq!(
        s.ok(
            UPDATE_PRODUCT,
            json!({ "id": tee, "i": input }),
            Some(&staff)
        )
        .await["updateProduct"],
        tee.as_str()
    );
    let read = s.ok(PRODUCT, json!({ "id": tee }), Some(&staff)).await["getProductById"].clone();
    assert_eq!(read["name"], "Cat tee deluxe");
    assert_eq!(read["status"], "PUBLISHED");
    assert_eq!(read["brand"], json!({ "id": brand, "name": "Acme" }));
    assert_eq!(read["category"]["name"], "T-shirts");
    assert_eq!(read["originUrl"], "https://shop.test/cat");
    assert_eq!(
        read["packageWeight"],
        json!({ "value": 0.25, "unit": "KILOGRAM" })
    );
    assert_eq!(
        read["images"],
        json!([{ "imageUrl": "https://img.test/1.png", "isPrimary": true, "sequence": 0 }, { "imageUrl": "https://img.test/2.png", "isPrimary": false, "sequence": 5 }])
    );
    assert_eq!(read["publishedShops"], json!([]));
    let variants = variants_of(&s, &staff, &tee).await;
    assert_eq!(
        variant_rows(&variants),
        vec![
            (
                "CAT-BLK-M".into(),
                4,
                19.99,
                25.0,
                "Color=Black,Size=M".into()
            ),
            (
                "CAT-WHT-L".into(),
                0,
                21.5,
                0.0,
                "Color=White,Size=L".into()
            ),
        ]
    );
    assert_eq!(
        names(&s.ok(ATTRIBUTES, json!({}), Some(&staff)).await["getAttributes"]),
        vec!["Color", "Size"]
    );

    // UPDATE, DELETE, UNCHANGED and CREATE together.
    let black = variants[0]["id"].clone();
    let white = variants[1]["id"].clone();
    let changes = json!({ "variants": [
        { "action": "UPDATE", "id": black, "quantity": 9, "salePrice": 18, "attributes": [{ "name": "Color", "value": "Black" }, { "name": "Size", "value": "XL" }] },
        { "action": "DELETE", "id": white },
        { "action": "CREATE", "sku": "CAT-RED-S", "quantity": 1, "salePrice": 20, "listPrice": 22 }
    ]});
    s.ok(
        UPDATE_PRODUCT,
        json!({ "id": tee, "i": changes }),
        Some(&admin),
    )
    .await;
    let after = variants_of(&s, &admin, &tee).await;
    assert_eq!(
        variant_rows(&after),
        vec![
            (
                "CAT-BLK-M".into(),
                9,
                18.0,
                25.0,
                "Color=Black,Size=XL".into()
            ),
            ("CAT-RED-S".into(), 1, 20.0, 22.0, String::new())
        ]
    );
    s.ok(
        UPDATE_PRODUCT,
        json!({ "id": tee, "i": { "variants": [{ "action": "UNCHANGED", "id": black }] } }),
        Some(&admin),
    )
    .await;
    assert_eq!(
        variant_rows(&variants_of(&s, &admin, &tee).await),
        variant_rows(&after)
    );

    // Refusals name the field and change nothing, even what came before the bad entry.
    let mug_variant = {
        s.ok(
            UPDATE_PRODUCT,
            json!({ "id": mug, "i": { "variants": [{ "action": "CREATE", "sku": "MUG" }] } }),
            Some(&admin),
        )
        .await;
        variants_of(&s, &admin, &mug).await[0]["id"].clone()
    };
    let cases = vec![
        (
            json!({ "name": "Renamed", "variants": [{ "action": "CREATE", "sku": "NEW" }, { "action": "UPDATE", "quantity": 1 }] }),
            "variants.1.id",
        ),
        (
            json!({ "name": "Renamed", "variants": [{ "action": "DELETE", "id": mug_variant }] }),
            "variants.0.id",
        ),
        (
            json!({ "variants": [{ "action": "UNCHANGED", "id": "nonsense" }] }),
            "variants.0.id",
        ),
        (
            json!({ "variants": [{ "action": "DELETE" }] }),
            "variants.0.id",
        ),
        (
            json!({ "variants": [{ "action": "UPDATE", "id": black, "salePrice": -1 }] }),
            "variants.0.salePrice",
        ),
        (
            json!({ "variants": [{ "action": "CREATE", "quantity": -3 }] }),
            "variants.0.quantity",
        ),
        (
            json!({ "variants": [{ "action": "CREATE", "sku": "  " }] }),
            "variants.0.sku",
        ),
        (json!({ "name": " " }), "name"),
        (
            json!({ "name": "Renamed", "packageDimensions": { "width": 1, "height": 0, "length": 1, "unit": "INCH" } }),
            "packageDimensions.height",
        ),
        (
            json!({ "name": "Renamed", "images": [{ "imageUrl": "" }] }),
            "images.0.imageUrl",
        ),
        (
            json!({ "variants": [{ "action": "CREATE", "attributes": [{ "name": "Color", "value": "Red" }, { "name": "Color ", "value": "Blue" }] }] }),
            "variants.0.attributes",
        ),
    ];
    for (input, expected) in cases {
        let res = s
            .gql(
                UPDATE_PRODUCT,
                json!({ "id": tee, "i": input.clone() }),
                Some(&staff),
            )
            .await;
        assert_eq!(
            bad(&res),
            ("BAD_USER_INPUT".to_owned(), expected.to_owned()),
            "{input}: {res}"
        );
    }
    let unchanged =
        s.ok(PRODUCT, json!({ "id": tee }), Some(&staff)).await["getProductById"].clone();
    assert_eq!(unchanged["name"], "Cat tee deluxe");
    assert_eq!(unchanged["images"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        variant_rows(&variants_of(&s, &admin, &tee).await),
        variant_rows(&after)
    );
    assert_eq!(
        variants_of(&s, &admin, &mug).await.as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(
        code(
            &s.gql(
                UPDATE_PRODUCT,
                json!({ "id": tee, "i": { "brandId": domain::ids::new_id() } }),
                Some(&admin)
            )
            .await
        ),
        "NOT_FOUND"
    );
    let twice = s
        .gql(
            UPDATE_PRODUCT,
            json!({ "id": tee, "i": { "variants": [{ "action": "CREATE", "sku": "CAT-BLK-M" }] } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&twice), "CONFLICT");
    assert_eq!(
        message(&twice),
        "another variant of this product has this SKU"
    );
    assert_eq!(
        variant_rows(&variants_of(&s, &admin, &tee).await),
        variant_rows(&after)
    );
}

#[tokio::test]
async fn products_of_another_client_are_not_found_and_bulk_delete_counts_only_mine() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let demo = scope_of(&s, &admin).await;
    let platform = scope_of(&s, &root).await;
    let a = insert_product(&s, &demo, "A").await;
    let b = insert_product(&s, &demo, "B").await;
    let c = insert_product(&s, &demo, "C").await;
    let theirs = insert_product(&s, &platform, "Theirs").await;
    {
        let db = db(&s).await;
        sqlx::query("INSERT INTO product_attributes (id, client_id, product_id, attribute_id, attribute_name, attribute_values, created_at, updated_at) VALUES ($1, $2, $3, '100107', 'Material', '[\"Cotton\",\"Linen\"]', $4, $4)")
            .bind(domain::ids::new_id())
            .bind(&demo.client_id)
            .bind(&a)
            .bind(domain::time::now_db())
            .execute(&db.pool)
            .await
            .expect("insert attribute");
    }
    assert_eq!(
        s.ok(PRODUCT_ATTRIBUTES, json!({ "id": a }), Some(&staff))
            .await["getProductAttributes"],
        json!([{ "attributeId": "100107", "values": ["Cotton", "Linen"] }])
    );
    assert_eq!(
        s.ok(PRODUCT_ATTRIBUTES, json!({ "id": b }), Some(&staff))
            .await["getProductAttributes"],
        json!([])
    );

    assert_eq!(
        names(&s.ok(PRODUCTS, json!({}), Some(&root)).await["getProducts"]["items"]),
        vec!["Theirs"]
    );
    for (query, vars) in [
        (PRODUCT, json!({ "id": theirs })),
        (VARIANTS, json!({ "id": theirs })),
        (PRODUCT_ATTRIBUTES, json!({ "id": theirs })),
        (
            UPDATE_PRODUCT,
            json!({ "id": theirs, "i": { "name": "Mine" } }),
        ),
        (DELETE_PRODUCT, json!({ "id": theirs })),
        (PRODUCT, json!({ "id": "not-an-id" })),
    ] {
        assert_eq!(
            code(&s.gql(query, vars.clone(), Some(&staff)).await),
            "NOT_FOUND",
            "{query} {vars}"
        );
    }

    assert_eq!(
        s.ok(DELETE_PRODUCT, json!({ "id": c }), Some(&staff)).await["deleteProduct"],
        true
    );
    assert_eq!(
        code(
            &s.gql(DELETE_PRODUCT, json!({ "id": c }), Some(&staff))
                .await
        ),
        "NOT_FOUND"
    );
    let deleted = s
        .ok(
            BULK_DELETE,
            json!({ "ids": [a, b, theirs, "garbage", a] }),
            Some(&staff),
        )
        .await["bulkDeleteProducts"]
        .clone();
    assert_eq!(deleted, 2);
    assert_eq!(
        s.ok(PRODUCTS, json!({}), Some(&admin)).await["getProducts"]["pageInfo"]["totalCount"],
        0
    );
    assert_eq!(
        s.ok(PRODUCT, json!({ "id": theirs }), Some(&root)).await["getProductById"]["name"],
        "Theirs"
    );
    assert_eq!(
        s.ok(BULK_DELETE, json!({ "ids": [] }), Some(&staff)).await["bulkDeleteProducts"],
        0
    );
    let too_many: Vec<String> = (0..1001).map(|_| domain::ids::new_id()).collect();
    assert_eq!(
        bad(&s
            .gql(BULK_DELETE, json!({ "ids": too_many }), Some(&staff))
            .await),
        ("BAD_USER_INPUT".to_owned(), "productIds".to_owned())
    );
    assert_eq!(
        s.ok(PRODUCT, json!({ "id": theirs }), Some(&root)).await["getProductById"]["name"],
        "Theirs"
    );
    assert_eq!(
        code(&s.gql(BULK_DELETE, json!({ "ids": [theirs] }), None).await),
        "UNAUTHENTICATED"
    );
}

#[tokio::test]
async fn every_page_of_the_catalogue_holds_its_share_in_order_from_either_end() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let demo = scope_of(&s, &admin).await;
    let platform = scope_of(&s, &root).await;
    let mut made = Vec::new();
    for i in 0..23 {
        made.push(
            insert_product(
                &s,
                &demo,
                &format!("{} product {i:02}", if i % 3 == 0 { "Red" } else { "Blue" }),
            )
            .await,
        );
    }
    insert_product(&s, &platform, "Not theirs").await;
    let everything = s
        .ok(PRODUCTS, json!({ "f": { "limit": 100 } }), Some(&admin))
        .await["getProducts"]
        .clone();
    let all = names(&everything["items"]);
    assert_eq!(all.len(), 23);
    assert_eq!(everything["pageInfo"]["totalCount"], 23);
    let reds: Vec<String> = all
        .iter()
        .filter(|n| n.starts_with("Red"))
        .cloned()
        .collect();

    // Pages past the middle are walked to from the oldest end; stitched together, every page
    // size gives back the whole list in the same order, filtered or not.
    let stitched = |search: Option<&'static str>, limit: usize| {
        let s = &s;
        let admin = &admin;
        async move {
            let mut got = Vec::new();
            for page in 1..=(23usize.div_ceil(limit) + 1) {
                let data = s
                    .ok(
                        PRODUCTS,
                        json!({ "s": search, "f": { "limit": limit, "page": page } }),
                        Some(admin),
                    )
                    .await["getProducts"]
                    .clone();
                got.extend(names(&data["items"]));
            }
            got
        }
    };
    for limit in [1, 4, 5, 7, 22, 23] {
        assert_eq!(stitched(None, limit).await, all, "pages of {limit}");
        assert_eq!(
            stitched(Some("red"), limit).await,
            reds,
            "pages of {limit}, searched"
        );
    }
    let last = s
        .ok(
            PRODUCTS,
            json!({ "f": { "limit": 5, "page": 5 } }),
            Some(&admin),
        )
        .await["getProducts"]
        .clone();
    assert_eq!(names(&last["items"]), all[20..].to_vec());
    assert_eq!(
        last["pageInfo"],
        json!({ "hasNextPage": false, "hasPreviousPage": true, "totalCount": 23 })
    );
    let beyond = s
        .ok(
            PRODUCTS,
            json!({ "f": { "limit": 5, "page": 9 } }),
            Some(&admin),
        )
        .await["getProducts"]
        .clone();
    assert_eq!(beyond["items"], json!([]));
    assert_eq!(beyond["pageInfo"]["totalCount"], 23);

    // The kept total and order follow inserts and deletions at once.
    assert_eq!(
        s.ok(DELETE_PRODUCT, json!({ "id": made[0] }), Some(&admin))
            .await["deleteProduct"],
        true
    );
    let after = s
        .ok(PRODUCTS, json!({ "f": { "limit": 100 } }), Some(&admin))
        .await["getProducts"]
        .clone();
    assert_eq!(after["pageInfo"]["totalCount"], 22);
    let remaining: Vec<String> = all
        .iter()
        .filter(|n| n.as_str() != "Red product 00")
        .cloned()
        .collect();
    assert_eq!(names(&after["items"]), remaining);
    insert_product(&s, &demo, "Newest product").await;
    let first = s
        .ok(
            PRODUCTS,
            json!({ "f": { "limit": 3, "page": 1 } }),
            Some(&admin),
        )
        .await["getProducts"]
        .clone();
    assert_eq!(
        names(&first["items"]),
        vec![
            "Newest product".to_owned(),
            remaining[0].clone(),
            remaining[1].clone()
        ]
    );
    assert_eq!(first["pageInfo"]["totalCount"], 23);
    let deepest = s
        .ok(
            PRODUCTS,
            json!({ "f": { "limit": 3, "page": 8 } }),
            Some(&admin),
        )
        .await["getProducts"]
        .clone();
    assert_eq!(names(&deepest["items"]), remaining[20..].to_vec());
    assert_eq!(
        s.ok(PRODUCTS, json!({ "f": { "limit": 100 } }), Some(&root))
            .await["getProducts"]["pageInfo"]["totalCount"],
        1
    );
}
