use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn health_and_metrics_answer() {
    let s = Server::start().await;
    let health = s.get("/healthz").await;
    assert_eq!(health.status(), 200);
    let body: serde_json::Value = health.json().await.expect("json");
    assert_eq!(body["status"], "ok");
    s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let metrics = s.get("/metrics").await;
    assert_eq!(metrics.status(), 200);
    let text = metrics.text().await.expect("text");
    assert!(text.contains("sellerdesk_graphql_requests_total"), "{text}");
}

#[tokio::test]
async fn oversized_deep_and_malformed_requests_get_clear_errors() {
    let s = Server::start_with(&[
        ("GRAPHQL_MAX_BODY_BYTES", "2048"),
        ("GRAPHQL_MAX_DEPTH", "3"),
    ])
    .await;
    let token = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;

    let big = serde_json::to_vec(
        &json!({ "query": format!("{{ getMe {{ id }} }} # {}", "x".repeat(4096)) }),
    )
    .expect("json");
    let res = s.post_raw(big, Some(&token)).await;
    assert_eq!(res.status(), 413);
    let body: serde_json::Value = res.json().await.expect("json");
    assert_eq!(code(&body), "BAD_USER_INPUT");

    let deep = s
        .gql(
            "{ getMe { client { id } shops { id } } getUsers { items { client { id } } } }",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(code(&deep), "BAD_USER_INPUT", "{deep}");

    let res = s.post_raw(b"{not json".to_vec(), None).await;
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = res.json().await.expect("json");
    assert_eq!(code(&body), "BAD_USER_INPUT");

    let syntax = s.gql("{ getMe { id ", json!({}), Some(&token)).await;
    assert_eq!(code(&syntax), "BAD_USER_INPUT");
    let unknown = s.gql("{ noSuchField }", json!({}), Some(&token)).await;
    assert_eq!(code(&unknown), "BAD_USER_INPUT");
    // The server is still there.
    assert_eq!(s.get("/healthz").await.status(), 200);
}

#[tokio::test]
async fn data_and_tokens_survive_a_restart() {
    let mut s = Server::start().await;
    let token = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let update =
        "mutation($i: UpdateUserSettingsInput!) { updateUserSettings(input: $i) { name } }";
    s.ok(
        update,
        json!({ "i": { "settings": [{ "name": "TIMEZONE", "value": "Asia/Tokyo" }] } }),
        Some(&token),
    )
    .await;
    assert!(s.terminate(), "a clean stop");
    s.restart_with(&[]).await;
    let me = s
        .ok(
            "{ getMe { email settings { value } } }",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(me["getMe"]["email"], DEMO_STAFF);
    assert_eq!(me["getMe"]["settings"][0]["value"], "Asia/Tokyo");
    // A restart does not create the demo or the super admin twice.
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let users = s
        .ok(
            "{ getUsers { pageInfo { totalCount } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(users["getUsers"]["pageInfo"]["totalCount"], 2);
}

#[tokio::test]
async fn the_web_app_is_served_with_spa_fallback() {
    let web = tempfile::tempdir().expect("dir");
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>Sellerdesk</title><div id=root></div>",
    )
    .expect("write");
    std::fs::create_dir_all(web.path().join("assets")).expect("dir");
    std::fs::write(web.path().join("assets/app.js"), "console.log('app')").expect("write");
    let dir = web.path().display().to_string();
    let s = Server::start_with(&[("WEB_DIR", &dir)]).await;
    let deep = s.get("/products/123/edit?tab=variants").await;
    assert_eq!(deep.status(), 200);
    assert!(
        deep.text()
            .await
            .expect("text")
            .contains("<title>Sellerdesk</title>")
    );
    let asset = s.get("/assets/app.js").await;
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.text().await.expect("text"), "console.log('app')");
}

#[tokio::test]
async fn a_first_start_without_a_password_prints_a_generated_one_once() {
    let mut s = Server::start_with(&[("BOOTSTRAP_ADMIN_PASSWORD", "")]).await;
    let log = s.log();
    let password = log
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("│  password  ")
                .map(|p| p.trim().to_owned())
        })
        .unwrap_or_else(|| panic!("no generated password printed:\n{log}"));
    s.login(SUPER_EMAIL, &password).await;
    s.restart_with(&[]).await;
    assert_eq!(
        s.log().matches("│  password  ").count(),
        1,
        "printed on the first start only"
    );
    s.login(SUPER_EMAIL, &password).await;
}

#[tokio::test]
async fn export_schema_holds_the_contract_for_the_operations_built_so_far() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_api"))
        .arg("export-schema")
        .output()
        .expect("run api");
    assert!(out.status.success());
    let dir = tempfile::tempdir().expect("dir");
    let schema = dir.path().join("schema.graphql");
    std::fs::write(&schema, &out.stdout).expect("write");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let tool = root.join("../shared/tools/contract-check.mjs");
    let web = root.join("web");
    assert!(
        web.join("node_modules/graphql").exists(),
        "run `npm ci` in web/ first: the check needs the graphql package"
    );
    let ops = "login,getMe,changePassword,forgotPassword,resetPasswordWithToken,resetPassword,signUpClient,verifyClient,\
               checkDuplicateClientKey,updateUserSettings,getUsers,signUp,removeUser,getEventHistories,retryEventHistory,\
               getJobBatch,getQueueStats,getWorkers,\
               generateAuthorizeLink,authorizeShop,getShops,getShop,updateShop,removeShop,reassignShop,syncWarehouse,\
               getWarehouses,syncShop,getLocalTiktokCategories,getTiktokCategoryAttributes,getTiktokBrands,\
               searchTiktokProducts,getTiktokProductDetail,getTiktokActivities,getProducts,getProductById,updateProduct,\
               deleteProduct,bulkDeleteProducts,getProductVariants,getProductAttributes,getAttributes,getBrands,createBrand,\
               cacheProductDesign,getListProductDesigns,getFullListProductDesigns,removeProductDesign,getPresignedUrl,\
               getProductTemplates,getProductTemplate,createProductTemplate,updateProductTemplate,removeProductTemplate,\
               createProductWithTemplate,bulkApplyTemplate,bulkListingProduct,bulkPublishProducts,\
               bulkGenerateTiktokProductSKU,removeShopProduct,bulkRemoveShopProduct,getShopProducts,\
               getOrders,getOrderById,updateOrderStatus,getOrderSummary,getOrderNeedAction,getSoldProducts,\
               getFulfillmentProviders,getSimpleFulfillmentProviders,createFulfillmentProvider,removeFulfillmentProvider,\
               getFulfillmentProducts,getPrintifyBlueprints,getPrintifyPrintProviders,getPrintifyShops,getPrintifyVariants,\
               getMangoteeProductLines,getMangoteeProducts,getMangoteeVariants,createFulfillmentOrder,\
               createSimpleFulfillmentOrder,removeFulfillmentOrder,getFulfillmentOrders,getFulfillmentOrderById,\
               getClientSubscription,getClientSubscriptions,getTransactions,getAllSubscriptionPlans,addClientBalance,\
               subscribeAPlan,updateClient,\
               getTelegramUser,disconnectTelegramBot";
    let check = std::process::Command::new("node")
        .current_dir(&web)
        .arg(&tool)
        .arg(&schema)
        .args(["--ops", ops])
        .output()
        .expect("run node");
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "contract differences:\n{report}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(report.contains("0 differences"), "{report}");
}
