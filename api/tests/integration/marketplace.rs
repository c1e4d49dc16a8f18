//! Marketplace look-ups and the reference-data jobs, over real HTTP against the TikTok Shop
//! sandbox: the category tree synced by `category.sync`, category attributes, brands, a shop's
//! products and activities, warehouses refreshed by `warehouse.sync`, tenancy and STAFF limits,
//! and a server whose app secret the marketplace does not accept.

use std::time::Duration;

use crate::common::*;
use jobs::kinds::{CategorySync, WarehouseSync};
use jobs::{EnqueueOptions, JobKind};
use serde_json::{Value, json};
use sqlx::Row;

const CATEGORIES: &str =
    "{ getLocalTiktokCategories { id parentId name permissionStatuses isLeaf } }";
const ATTRIBUTES: &str = "query($c: ID!) { getTiktokCategoryAttributes(categoryId: $c) { id name type is_requried is_customizable \
     is_multiple_selection values { id name } value_data_format requirement_conditions { condition_type attribute_id attribute_value_id } } }";
const BRANDS: &str = "query($n: String) { getTiktokBrands(brandName: $n) { id name authorized_status brand_status is_t1_brand } }";
const SEARCH: &str = "query($s: ID!, $f: MarketplaceProductFilter) { searchTiktokProducts(shopId: $s, filter: $f) { \
     products { id title status is_not_for_sale create_time update_time skus { id seller_sku price { currency sale_price tax_exclusive_price } inventory { warehouse_id quantity } } } \
     total_count next_page_token } }";
const DETAIL: &str = "query($s: ID!, $p: ID!) { getTiktokProductDetail(shopId: $s, productId: $p) { id title description status \
     category_chains { id local_name parent_id is_leaf } brand { id name } main_images { uri urls } skus { id seller_sku price { currency sale_price } inventory { warehouse_id quantity } } } }";
const ACTIVITIES: &str = "query($s: ID!, $f: MarketplaceActivityFilter) { getTiktokActivities(shopId: $s, filter: $f) { \
     activities { id title status activity_type product_level begin_time end_time update_time } next_page_token total_count } }";

/// A shop connected through the consent flow, with its id in the sandbox (to seed it).
struct Connected {
    shop_id: String,
    sandbox_shop_id: String,
}

async fn connect(s: &Server, token: &str, name: &str) -> Connected {
    let link = s
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
            json!({}),
            Some(token),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let granted = s.sandbox().grant_shop(name, "US");
    let data = s
        .ok(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id } }",
            json!({ "i": { "code": granted.auth_code, "state": state_of(&link), "saleChannel": "TIKTOK", "targetMarket": "US" } }),
            Some(token),
        )
        .await;
    Connected {
        shop_id: data["authorizeShop"]["id"]
            .as_str()
            .expect("shop id")
            .to_owned(),
        sandbox_shop_id: granted.shop_id,
    }
}

async fn db(s: &Server) -> domain::Db {
    domain::Db::connect(&domain::db::DbOptions {
        url: s.database_url(),
        max_connections: 1,
        acquire_timeout: Duration::from_secs(10),
    })
    .await
    .expect("database")
}

fn by_id<'a>(list: &'a Value, id: &str) -> &'a Value {
    list.as_array()
        .expect("a list")
        .iter()
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("{id} missing from {list}"))
}

async fn local_tree(s: &Server, token: &str) -> Value {
    s.ok(CATEGORIES, json!({}), Some(token)).await["getLocalTiktokCategories"].clone()
}

#[tokio::test]
async fn category_sync_fills_the_local_tree_once_a_shop_is_connected() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    // The sync queued at start found no shop to ask: nothing yet, and no failure.
    assert_eq!(local_tree(&s, &admin).await, json!([]));

    connect(&s, &admin, "Tree Shop").await;
    let tree = wait_for(Duration::from_secs(30), || async {
        let tree = local_tree(&s, &admin).await;
        (!tree.as_array().expect("list").is_empty()).then_some(tree)
    })
    .await
    .unwrap_or_else(|| panic!("the category tree was not synced; log:\n{}", s.log()));

    let tee = by_id(&tree, "601226");
    assert_eq!(tee["name"], "T-shirts");
    assert_eq!(tee["parentId"], "601302");
    assert_eq!(tee["isLeaf"], true);
    assert_eq!(tee["permissionStatuses"], json!(["AVAILABLE"]));
    let top = by_id(&tree, "601152");
    assert_eq!(
        top["parentId"],
        Value::Null,
        "the marketplace's \"0\" parent is the top level"
    );
    assert_eq!(top["isLeaf"], false);
    assert_eq!(
        by_id(&tree, "605248")["permissionStatuses"],
        json!(["INVITE_ONLY"])
    );
    assert_eq!(
        by_id(&tree, "824600")["permissionStatuses"],
        json!(["NON_MAIN_CATEGORY"])
    );

    // Every sync job ended well: the one at start (no shop) and the one the connection queued.
    let db = db(&s).await;
    // The tree is visible once the sync commits; its job records SUCCESS a moment later.
    let statuses = wait_for(Duration::from_secs(30), || async {
        let statuses: Vec<String> =
            sqlx::query_scalar("SELECT status FROM event_histories WHERE type = 'category.sync'")
                .fetch_all(&db.pool)
                .await
                .expect("jobs");
        statuses
            .iter()
            .all(|st| st != "PENDING" && st != "PROCESSING")
            .then_some(statuses)
    })
    .await
    .expect("the category syncs finish");
    assert!(
        statuses.len() >= 2 && statuses.iter().all(|st| st == "SUCCESS"),
        "{statuses:?}"
    );

    // A second sync (the daily one) changes nothing: same tree, one row per category.
    let rows_before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM marketplace_categories")
        .fetch_one(&db.pool)
        .await
        .expect("count");
    let mut conn = db.conn().await.expect("conn");
    let id = domain::event_histories::insert(
        &mut conn,
        &CategorySync::keyed("test:again".into())
            .new_job(&EnqueueOptions::new(3))
            .expect("job"),
    )
    .await
    .expect("insert")
    .expect("new job");
    // Not pushed here: handed to the sweeper, as after a failed push.
    domain::event_histories::unmark_queued(&mut conn, std::slice::from_ref(&id))
        .await
        .expect("unmark");
    drop(conn);
    let done = wait_for(Duration::from_secs(30), || async {
        let st: String = sqlx::query_scalar("SELECT status FROM event_histories WHERE id = $1")
            .bind(&id)
            .fetch_one(&db.pool)
            .await
            .ok()?;
        (st == "SUCCESS" || st == "FAILED").then_some(st)
    })
    .await;
    assert_eq!(done.as_deref(), Some("SUCCESS"), "log:\n{}", s.log());
    let rows_after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM marketplace_categories")
        .fetch_one(&db.pool)
        .await
        .expect("count");
    assert_eq!(rows_before, rows_after);
    assert_eq!(local_tree(&s, &admin).await, tree);
}

#[tokio::test]
async fn warehouse_sync_replaces_the_shops_warehouses() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect(&s, &admin, "Depot Shop").await;
    let db = db(&s).await;
    let client_id: String = sqlx::query_scalar("SELECT client_id FROM shops WHERE id = $1")
        .bind(&shop.shop_id)
        .fetch_one(&db.pool)
        .await
        .expect("shop");
    // A warehouse the marketplace no longer lists.
    let mut conn = db.conn().await.expect("conn");
    let gone = domain::shops::NewWarehouse {
        external_id: "999".into(),
        name: "Closed depot".into(),
        is_default: false,
        warehouse_type: Some("SALES_WAREHOUSE".into()),
        effect_status: Some("DISABLED".into()),
        additional_data: json!({}),
    };
    domain::shops::replace_warehouses(
        &mut conn,
        &client_id,
        &shop.shop_id,
        std::slice::from_ref(&gone),
    )
    .await
    .expect("seed");
    drop(conn);

    let run = |key: &'static str| {
        let db = db.clone();
        let client_id = client_id.clone();
        let shop_id = shop.shop_id.clone();
        async move {
            let mut job = WarehouseSync::new(&shop_id)
                .new_job(&EnqueueOptions::new(3).client(&client_id))
                .expect("job");
            job.dedupe_key = Some(key.into());
            let mut conn = db.conn().await.expect("conn");
            let id = domain::event_histories::insert(&mut conn, &job)
                .await
                .expect("insert")
                .expect("new job");
            // Not pushed here: handed to the sweeper, as after a failed push.
            domain::event_histories::unmark_queued(&mut conn, std::slice::from_ref(&id))
                .await
                .expect("unmark");
            drop(conn);
            wait_for(Duration::from_secs(30), || async {
                let st: String =
                    sqlx::query_scalar("SELECT status FROM event_histories WHERE id = $1")
                        .bind(&id)
                        .fetch_one(&db.pool)
                        .await
                        .ok()?;
                (st == "SUCCESS" || st == "FAILED").then_some(st)
            })
            .await
        }
    };
    let rows = |db: domain::Db, shop_id: String| async move {
        let rows = sqlx::query("SELECT external_id, name, is_default, warehouse_type, additional_data FROM warehouses WHERE shop_id = $1 ORDER BY name")
            .bind(shop_id)
            .fetch_all(&db.pool)
            .await
            .expect("warehouses");
        rows.iter()
            .map(|r| {
                let data: String = r.try_get("additional_data").expect("data");
                (
                    r.try_get::<String, _>("name").expect("name"),
                    domain::db::flag(r, "is_default").expect("flag"),
                    r.try_get::<Option<String>, _>("warehouse_type")
                        .expect("type"),
                    serde_json::from_str::<Value>(&data).expect("json"),
                    r.try_get::<String, _>("external_id").expect("id"),
                )
            })
            .collect::<Vec<_>>()
    };

    assert_eq!(
        run("test:warehouses:1").await.as_deref(),
        Some("SUCCESS"),
        "log:\n{}",
        s.log()
    );
    let first = rows(db.clone(), shop.shop_id.clone()).await;
    let names: Vec<&str> = first.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        names,
        ["Depot Shop Main Warehouse", "Depot Shop Returns"],
        "the closed depot is gone"
    );
    assert!(first.iter().all(|r| r.1), "the sandbox marks both default");
    assert_eq!(first[0].2.as_deref(), Some("SALES_WAREHOUSE"));
    assert_eq!(first[0].3["address"]["city"], "Los Angeles");

    // Again: the same rows, same ids.
    assert_eq!(run("test:warehouses:2").await.as_deref(), Some("SUCCESS"));
    let second = rows(db.clone(), shop.shop_id.clone()).await;
    assert_eq!(first, second);
    let ids: i64 =
        sqlx::query_scalar("SELECT COUNT(DISTINCT id) FROM warehouses WHERE shop_id = $1")
            .bind(&shop.shop_id)
            .fetch_one(&db.pool)
            .await
            .expect("count");
    assert_eq!(ids, 2);
}

#[tokio::test]
async fn attributes_are_fetched_through_a_shop_and_cached() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;

    // No connected shop: the marketplace cannot be asked.
    let res = s
        .gql(ATTRIBUTES, json!({ "c": "601226" }), Some(&admin))
        .await;
    assert_eq!(code(&res), "UPSTREAM_ERROR", "{res}");
    let res = s
        .gql(ATTRIBUTES, json!({ "c": "60/1226" }), Some(&admin))
        .await;
    assert_eq!(
        (code(&res), field(&res)),
        ("BAD_USER_INPUT".into(), "categoryId".into())
    );

    connect(&s, &admin, "Attribute Shop").await;
    let attrs = s
        .ok(ATTRIBUTES, json!({ "c": "601226" }), Some(&admin))
        .await["getTiktokCategoryAttributes"]
        .clone();
    let material = attrs
        .as_array()
        .expect("list")
        .iter()
        .find(|a| a["name"] == "Material")
        .expect("Material");
    assert_eq!(material["is_requried"], true);
    assert_eq!(material["type"], "PRODUCT_PROPERTY");
    assert_eq!(material["is_multiple_selection"], true);
    assert!(
        material["values"]
            .as_array()
            .expect("values")
            .iter()
            .any(|v| v["name"] == "Cotton")
    );
    let color = attrs
        .as_array()
        .expect("list")
        .iter()
        .find(|a| a["name"] == "Color")
        .expect("Color");
    assert_eq!(color["type"], "SALES_PROPERTY");
    assert_eq!(color["is_requried"], false);
    let required: Vec<&str> = attrs
        .as_array()
        .expect("list")
        .iter()
        .filter(|a| a["is_requried"] == true)
        .filter_map(|a| a["name"].as_str())
        .collect();
    assert!(required.contains(&"Sleeve Length"), "{required:?}");

    // Cached: the same answer comes back from the local table.
    let db = db(&s).await;
    let cached: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM marketplace_category_attributes WHERE category_external_id = '601226'")
        .fetch_one(&db.pool)
        .await
        .expect("count");
    assert_eq!(cached, 1);
    let again = s
        .ok(ATTRIBUTES, json!({ "c": "601226" }), Some(&admin))
        .await["getTiktokCategoryAttributes"]
        .clone();
    assert_eq!(again, attrs);

    // A category the marketplace does not know: its rejection, as UPSTREAM_ERROR.
    let res = s.gql(ATTRIBUTES, json!({ "c": "123" }), Some(&admin)).await;
    assert_eq!(code(&res), "UPSTREAM_ERROR", "{res}");
}

#[tokio::test]
async fn brands_are_searched_through_a_shop_of_the_client() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    connect(&s, &admin, "Brand Shop").await;
    let all = s.ok(BRANDS, json!({}), Some(&admin)).await["getTiktokBrands"].clone();
    assert_eq!(
        all[0]["name"], "Threadbird Basics",
        "authorised brands come first: {all}"
    );
    assert_eq!(all[0]["authorized_status"], "AUTHORIZED");
    let found = s.ok(BRANDS, json!({ "n": "gild" }), Some(&admin)).await["getTiktokBrands"].clone();
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
    assert_eq!(found[0]["name"], "Gildan");
    assert_eq!(found[0]["is_t1_brand"], false);
    assert_eq!(found[0]["brand_status"], "AVAILABLE");
    let nike = s.ok(BRANDS, json!({ "n": "Nike" }), Some(&admin)).await["getTiktokBrands"].clone();
    assert_eq!(nike[0]["is_t1_brand"], true);
}

#[tokio::test]
async fn a_shops_products_are_searched_and_read() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect(&s, &admin, "Catalogue Shop").await;
    let seeded = s.sandbox().seed_sample_products(&shop.sandbox_shop_id);
    assert_eq!(seeded.len(), 5);

    let page = s
        .ok(
            SEARCH,
            json!({ "s": shop.shop_id, "f": { "page_size": 2 } }),
            Some(&admin),
        )
        .await["searchTiktokProducts"]
        .clone();
    assert_eq!(page["total_count"], 5);
    assert_eq!(page["products"].as_array().map(Vec::len), Some(2));
    let token = page["next_page_token"]
        .as_str()
        .expect("a next page")
        .to_owned();
    let rest = s
        .ok(
            SEARCH,
            json!({ "s": shop.shop_id, "f": { "page_size": 10, "page_token": token } }),
            Some(&admin),
        )
        .await["searchTiktokProducts"]
        .clone();
    assert_eq!(rest["products"].as_array().map(Vec::len), Some(3));
    assert_eq!(rest["next_page_token"], Value::Null);

    let live = s
        .ok(
            SEARCH,
            json!({ "s": shop.shop_id, "f": { "status": "ACTIVATE" } }),
            Some(&admin),
        )
        .await["searchTiktokProducts"]
        .clone();
    let titles: Vec<&str> = live["products"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["title"].as_str())
        .collect();
    assert_eq!(live["total_count"], 3, "{titles:?}");
    assert!(titles.contains(&"Retro Sunset Graphic Tee"));
    let tee = live["products"]
        .as_array()
        .expect("list")
        .iter()
        .find(|p| p["title"] == "Retro Sunset Graphic Tee")
        .expect("tee");
    assert_eq!(tee["skus"].as_array().map(Vec::len), Some(3));
    assert_eq!(tee["skus"][0]["price"]["currency"], "USD");

    let detail = s
        .ok(
            DETAIL,
            json!({ "s": shop.shop_id, "p": tee["id"] }),
            Some(&admin),
        )
        .await["getTiktokProductDetail"]
        .clone();
    assert_eq!(detail["title"], "Retro Sunset Graphic Tee");
    assert_eq!(detail["status"], "ACTIVATE");
    let chain: Vec<&str> = detail["category_chains"]
        .as_array()
        .expect("chain")
        .iter()
        .filter_map(|c| c["id"].as_str())
        .collect();
    assert_eq!(chain.last(), Some(&"601226"));
    assert_eq!(detail["category_chains"][0]["parent_id"], Value::Null);
    assert!(!detail["main_images"].as_array().expect("images").is_empty());
    assert_eq!(detail["skus"].as_array().map(Vec::len), Some(3));

    // Bad filters are refused before the marketplace is asked.
    let res = s
        .gql(
            SEARCH,
            json!({ "s": shop.shop_id, "f": { "status": "LIVE" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        (code(&res), field(&res)),
        ("BAD_USER_INPUT".into(), "status".into())
    );
    let res = s
        .gql(
            SEARCH,
            json!({ "s": shop.shop_id, "f": { "page_size": 500 } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        (code(&res), field(&res)),
        ("BAD_USER_INPUT".into(), "page_size".into())
    );
    // A product the marketplace does not know: its rejection.
    let res = s
        .gql(DETAIL, json!({ "s": shop.shop_id, "p": "1" }), Some(&admin))
        .await;
    assert_eq!(code(&res), "UPSTREAM_ERROR", "{res}");

    let activities = s
        .ok(ACTIVITIES, json!({ "s": shop.shop_id }), Some(&admin))
        .await["getTiktokActivities"]
        .clone();
    assert_eq!(activities["total_count"], 0);
    assert_eq!(activities["activities"], json!([]));
}

#[tokio::test]
async fn another_clients_shop_and_an_unassigned_shop_are_not_found() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let shop = connect(&s, &admin, "Private Shop").await;
    s.sandbox().seed_sample_products(&shop.sandbox_shop_id);

    // The platform client is another client: the demo shop does not exist for it.
    for (q, vars) in [
        (SEARCH, json!({ "s": shop.shop_id })),
        (
            DETAIL,
            json!({ "s": shop.shop_id, "p": "1729382256910270001" }),
        ),
        (ACTIVITIES, json!({ "s": shop.shop_id })),
    ] {
        let res = s.gql(q, vars.clone(), Some(&root)).await;
        // Activities are promotions', which only the promotions client reaches.
        let expected = if q == ACTIVITIES {
            "FORBIDDEN"
        } else {
            "NOT_FOUND"
        };
        assert_eq!(code(&res), expected, "{res}");
        // STAFF of the same client, not assigned to the shop: the same answer.
        let res = s.gql(q, vars, Some(&staff)).await;
        assert_eq!(code(&res), "NOT_FOUND", "{res}");
    }
    let res = s
        .gql(SEARCH, json!({ "s": "not-an-id" }), Some(&admin))
        .await;
    assert_eq!(code(&res), "NOT_FOUND");

    // Once assigned, STAFF sees the shop's products.
    let db = db(&s).await;
    let staff_id = me_id(&s, &staff).await;
    let client_id: String = sqlx::query_scalar("SELECT client_id FROM shops WHERE id = $1")
        .bind(&shop.shop_id)
        .fetch_one(&db.pool)
        .await
        .expect("shop");
    let scope = domain::Scope {
        client_id,
        user_id: me_id(&s, &admin).await,
        role: domain::Role::Admin,
    };
    let mut conn = db.conn().await.expect("conn");
    domain::shops::assign(&mut conn, &scope, &staff_id, &shop.shop_id)
        .await
        .expect("assign");
    let page = s
        .ok(SEARCH, json!({ "s": shop.shop_id }), Some(&staff))
        .await["searchTiktokProducts"]
        .clone();
    assert_eq!(page["total_count"], 5);
}

#[tokio::test]
async fn signing_rejected_when_the_secret_is_wrong() {
    let mut s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect(&s, &admin, "Signed Shop").await;
    s.ok(SEARCH, json!({ "s": shop.shop_id }), Some(&admin))
        .await;

    // The same server, now holding an app secret the marketplace does not know: every signed
    // call is refused with the marketplace's signature error, shown as UPSTREAM_ERROR.
    s.restart_with(&[("TIKTOK_APP_SECRET", "not-the-sandbox-secret")])
        .await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let res = s
        .gql(SEARCH, json!({ "s": shop.shop_id }), Some(&admin))
        .await;
    assert_eq!(code(&res), "UPSTREAM_ERROR", "{res}");
    assert!(
        message(&res).contains("106001"),
        "the marketplace's code: {res}"
    );
    assert!(message(&res).contains("Invalid signature"), "{res}");
    let res = s.gql(BRANDS, json!({}), Some(&admin)).await;
    assert_eq!(code(&res), "UPSTREAM_ERROR", "{res}");
    assert!(message(&res).contains("106001"), "{res}");
    assert!(
        s.sandbox().ledger().iter().all(|e| e.kind == "token.get"),
        "nothing but the grant was written"
    );
}

#[tokio::test]
async fn demo_mode_connects_a_sandbox_shop_once_across_restarts() {
    // The demo's sandbox runs inside the API process; on the scaled stack the workers would not
    // reach it, and demo mode is an embedded feature.
    if scaled() {
        return;
    }
    // No TikTok app configured: demo mode starts its own sandbox and seeds the demo client.
    let mut s = Server::start_with(&[
        ("TIKTOK_APP_KEY", ""),
        ("TIKTOK_APP_SECRET", ""),
        ("DEMO", "true"),
    ])
    .await;
    let db = db(&s).await;
    let demo_shop = |db: domain::Db| async move {
        let rows = sqlx::query("SELECT s.id, s.connection FROM shops s JOIN clients c ON c.id = s.client_id WHERE c.key = 'demo'")
            .fetch_all(&db.pool)
            .await
            .expect("shops");
        rows.iter()
            .map(|r| {
                (
                    r.try_get::<String, _>("id").expect("id"),
                    r.try_get::<String, _>("connection").expect("connection"),
                )
            })
            .collect::<Vec<_>>()
    };
    let shops = demo_shop(db.clone()).await;
    assert_eq!(shops.len(), 1, "{shops:?}");
    assert_eq!(shops[0].1, "CONNECTED");
    let shop_id = shops[0].0.clone();

    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let tree = wait_for(Duration::from_secs(30), || async {
        let tree = local_tree(&s, &admin).await;
        (!tree.as_array().expect("list").is_empty()).then_some(tree)
    })
    .await;
    assert!(
        tree.is_some(),
        "the demo's category tree was not synced; log:\n{}",
        s.log()
    );
    let warehouses = wait_for(Duration::from_secs(30), || async {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM warehouses WHERE shop_id = $1")
            .bind(&shop_id)
            .fetch_one(&db.pool)
            .await
            .ok()?;
        (n > 0).then_some(n)
    })
    .await;
    assert_eq!(warehouses, Some(2), "log:\n{}", s.log());
    // Sample products are in the shop, and the demo STAFF is assigned to it.
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let page =
        s.ok(SEARCH, json!({ "s": shop_id }), Some(&staff)).await["searchTiktokProducts"].clone();
    assert_eq!(page["total_count"], 5);

    // A restart: a fresh sandbox, the same shop row, working tokens.
    s.restart_with(&[]).await;
    let again = demo_shop(db.clone()).await;
    assert_eq!(again, vec![(shop_id.clone(), "CONNECTED".to_owned())]);
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let page =
        s.ok(SEARCH, json!({ "s": shop_id }), Some(&admin)).await["searchTiktokProducts"].clone();
    assert_eq!(
        page["total_count"], 5,
        "the restarted sandbox was seeded again, not twice"
    );
}
