//! The use cases called as functions, without HTTP: the application is built in-process from a
//! configuration (`Application::build`), each test with its own data directory and database, and
//! no job pool, so what a use case queues stays PENDING where the test can read it: nothing to
//! wait for. The spawn-the-binary tests (`listings.rs`, `shops.rs`) run the same flows end to end.
use std::collections::HashMap;

use api::auth::Caller;
use api::config::Config;
use api::errors::ApiError;
use api::graphql::AppState;
use api::listings::{self, NewProducts};
use api::server::Application;
use domain::Role;
use domain::catalogue::{ProductType, Weight, WeightUnit};
use domain::clients::{self, ClientKey, NewClient};
use domain::shop_products::ListingMode;
use domain::shops::{self, SaleChannel, ShopConnection};
use domain::templates::{self, DesignSource, TemplateDraft};
use domain::users::{self, Email, NewUser};
use serde_json::{Value, json};

struct TestApp {
    app: Application,
    _dir: tempfile::TempDir,
}

impl TestApp {
    /// Embedded, demo on (its client, users and a connected sandbox shop), no job pool.
    async fn build() -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        let vars: HashMap<String, String> = [
            ("DATA_DIR", dir.path().display().to_string()),
            ("PORT", "0".into()),
            ("HOST", "127.0.0.1".into()),
            ("DEMO", "true".into()),
            ("WORKER_CONCURRENCY", "0".into()),
            ("WEB_DIR", dir.path().join("no-web").display().to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        let config = Config::from_vars(&vars).expect("configuration");
        let app = Application::build(config).await.expect("application");
        TestApp { app, _dir: dir }
    }

    fn state(&self) -> &AppState {
        self.app.state()
    }

    async fn caller(&self, email: &str) -> Caller {
        let mut conn = self.state().db.conn().await.expect("conn");
        let email = Email::parse("email", email).expect("email");
        let user = users::by_email(&mut conn, &email)
            .await
            .expect("read user")
            .expect("the user exists");
        Caller::of(user)
    }

    async fn demo_admin(&self) -> Caller {
        self.caller(api::bootstrap::DEMO_ADMIN).await
    }

    /// An ADMIN of another, new client.
    async fn other_admin(&self) -> Caller {
        let mut conn = self.state().db.conn().await.expect("conn");
        let key = ClientKey::parse("clientKey", "other").expect("key");
        let client = clients::create(
            &mut conn,
            NewClient {
                name: "Other seller",
                key: &key,
                is_active: true,
                is_platform: false,
            },
        )
        .await
        .expect("client");
        let email = Email::parse("email", "owner@other.test").expect("email");
        let user = users::create(
            &mut conn,
            NewUser {
                client_id: &client.id,
                email: &email,
                password_hash: "not-a-hash",
                first_name: "Other",
                last_name: "Owner",
                role: Role::Admin,
            },
        )
        .await
        .expect("user");
        Caller::of(user)
    }

    async fn demo_shop(&self, me: &Caller) -> shops::Shop {
        let mut conn = self.state().db.conn().await.expect("conn");
        let page = shops::list(
            &mut conn,
            &me.scope,
            &shops::ShopFilter::default(),
            domain::paging::PageRequest::parse(None, None).expect("page"),
        )
        .await
        .expect("shops");
        page.items.into_iter().next().expect("the demo shop")
    }

    async fn template(&self, me: &Caller) -> templates::Template {
        let mut conn = self.state().db.conn().await.expect("conn");
        templates::create(
            &mut conn,
            &me.scope,
            TemplateDraft {
                name: "Classic tee".into(),
                title: "{design} Classic Tee".into(),
                description: Some("<p>Soft cotton tee</p>".into()),
                package_weight: Some(Weight {
                    value: 0.3,
                    unit: WeightUnit::Kilogram,
                }),
                package_dimensions: None,
                tiktok_category_id: Some("601226".into()),
                tiktok_brand_id: None,
                images: None,
                size_chart: None,
                variants: json!([
                    { "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 }
                ]),
                // Material and Sleeve Length: what the sandbox's T-shirts category requires.
                tiktok_product_attribute: Some(json!([
                    { "attributeId": "100198", "valueIds": ["1001981"] },
                    { "attributeId": "100392", "valueIds": ["1003921"] }
                ])),
                channels: Default::default(),
                price_formula: Some("price * 1.5".into()),
                product_type: ProductType::Pod,
                status: None,
            },
        )
        .await
        .expect("template")
    }

    async fn count(&self, sql: &'static str, bind: &str) -> i64 {
        sqlx::query_scalar(sql)
            .bind(bind)
            .fetch_one(&self.state().db.pool)
            .await
            .expect("count")
    }

    /// The PENDING jobs of a batch: kind and payload.
    async fn batch_jobs(&self, batch_id: &str) -> Vec<(String, Value)> {
        let rows: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT type, payload, status FROM event_histories WHERE batch_id = $1 ORDER BY created_at, id",
        )
        .bind(batch_id)
        .fetch_all(&self.state().db.pool)
        .await
        .expect("jobs");
        rows.into_iter()
            .map(|(kind, payload, status)| {
                assert_eq!(status, "PENDING", "no pool runs here");
                (kind, serde_json::from_str(&payload).expect("payload"))
            })
            .collect()
    }
}

fn design(name: &str) -> DesignSource {
    DesignSource {
        name: name.into(),
        design_front_url: Some(format!("https://images.example.com/{name}.png")),
        design_back_url: None,
        design_sleeve_url: None,
        design_hood_url: None,
        mockup_urls: vec![format!("https://images.example.com/{name}-mockup.png")],
    }
}

fn code(e: &ApiError) -> &str {
    e.code
}

#[tokio::test]
async fn products_from_a_template_are_created_and_queued_for_listing_in_one_step() {
    let t = TestApp::build().await;
    let me = t.demo_admin().await;
    let shop = t.demo_shop(&me).await;
    let template = t.template(&me).await;

    let created = listings::create_products_with_template(
        t.state(),
        &me,
        NewProducts {
            template_id: template.id.clone(),
            designs: vec![design("Sunset"), design("Mountain")],
            shop_ids: vec![shop.id.clone()],
            listing_mode: Some(ListingMode::Listing),
        },
    )
    .await
    .expect("created");

    assert_eq!(created.product_ids.len(), 2);
    let batch = created.listing.expect("a listing batch");
    let jobs = t.batch_jobs(&batch.batch_id).await;
    assert_eq!(jobs.len(), 2, "one listing job per product × shop");
    for (kind, payload) in &jobs {
        assert_eq!(kind, "listing.publish");
        assert_eq!(payload["shop_id"], json!(shop.id));
        assert_eq!(payload["mode"], json!("LISTING"));
        assert!(
            created.product_ids.contains(
                &payload["product_id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned()
            )
        );
    }
    let names: i64 = t
        .count(
            "SELECT COUNT(*) FROM products WHERE client_id = $1 AND name IN ('Sunset Classic Tee', 'Mountain Classic Tee')",
            &me.scope.client_id,
        )
        .await;
    assert_eq!(names, 2, "names come from the template's title");
}

#[tokio::test]
async fn bad_input_is_refused_naming_the_field_and_changes_nothing() {
    let t = TestApp::build().await;
    let me = t.demo_admin().await;
    let template = t.template(&me).await;
    let before = t
        .count(
            "SELECT COUNT(*) FROM products WHERE client_id = $1",
            &me.scope.client_id,
        )
        .await;
    let jobs_before = t
        .count(
            "SELECT COUNT(*) FROM event_histories WHERE client_id = $1",
            &me.scope.client_id,
        )
        .await;

    let none = listings::create_products_with_template(
        t.state(),
        &me,
        NewProducts {
            template_id: template.id.clone(),
            designs: vec![],
            shop_ids: vec![],
            listing_mode: None,
        },
    )
    .await
    .expect_err("no design");
    assert_eq!(code(&none), "BAD_USER_INPUT");
    assert_eq!(none.field.as_deref(), Some("designs"));

    let private = listings::create_products_with_template(
        t.state(),
        &me,
        NewProducts {
            template_id: template.id.clone(),
            designs: vec![design("Fine"), {
                let mut d = design("Local");
                d.design_front_url = Some("http://169.254.169.254/latest/meta-data".into());
                d
            }],
            shop_ids: vec![],
            listing_mode: None,
        },
    )
    .await
    .expect_err("the cloud metadata address");
    assert_eq!(code(&private), "BAD_USER_INPUT");
    assert_eq!(private.field.as_deref(), Some("designs.1.designFrontUrl"));

    let empty = listings::bulk_publish(t.state(), &me, &[], &["x".to_owned()])
        .await
        .expect_err("no products");
    assert_eq!(empty.field.as_deref(), Some("productIds"));

    assert_eq!(
        t.count(
            "SELECT COUNT(*) FROM products WHERE client_id = $1",
            &me.scope.client_id
        )
        .await,
        before,
        "no product was created by a refused call"
    );
    assert_eq!(
        t.count(
            "SELECT COUNT(*) FROM event_histories WHERE client_id = $1",
            &me.scope.client_id
        )
        .await,
        jobs_before,
        "no job was queued by a refused call"
    );
}

#[tokio::test]
async fn another_clients_template_shop_and_products_are_not_found() {
    let t = TestApp::build().await;
    let demo = t.demo_admin().await;
    let other = t.other_admin().await;
    let template = t.template(&demo).await;
    let shop = t.demo_shop(&demo).await;
    let created = listings::create_products_with_template(
        t.state(),
        &demo,
        NewProducts {
            template_id: template.id.clone(),
            designs: vec![design("Sunset")],
            shop_ids: vec![],
            listing_mode: None,
        },
    )
    .await
    .expect("created");

    let by_template = listings::create_products_with_template(
        t.state(),
        &other,
        NewProducts {
            template_id: template.id.clone(),
            designs: vec![design("Stolen")],
            shop_ids: vec![],
            listing_mode: None,
        },
    )
    .await
    .expect_err("another client's template");
    assert_eq!(code(&by_template), "NOT_FOUND");

    let by_shop = listings::bulk_listing(
        t.state(),
        &other,
        &shop.id,
        &created.product_ids,
        ListingMode::AsDraft,
        None,
    )
    .await
    .expect_err("another client's shop");
    assert_eq!(code(&by_shop), "NOT_FOUND");

    let by_product =
        listings::bulk_apply_template(t.state(), &other, &template.id, &created.product_ids)
            .await
            .expect_err("another client's products");
    assert_eq!(code(&by_product), "NOT_FOUND");
}

#[tokio::test]
async fn authorising_a_shop_connects_it_once_and_queues_its_first_sync() {
    let t = TestApp::build().await;
    let me = t.demo_admin().await;
    let sandbox = t.app.demo_sandbox().expect("the demo runs a sandbox");
    let mut conn = t.state().db.conn().await.expect("conn");
    let state = shops::create_state(&mut conn, &me.scope, SaleChannel::Tiktok, "US")
        .await
        .expect("consent state");
    drop(conn);
    let granted = sandbox.grant_shop("Second Shop", "US");

    let shop = api::shops::authorize(
        t.state(),
        &me,
        &granted.auth_code,
        &state,
        SaleChannel::Tiktok,
    )
    .await
    .expect("authorised");
    assert_eq!(shop.name, "Second Shop");
    assert_eq!(shop.connection, ShopConnection::Connected);
    let syncs = t
        .count(
            "SELECT COUNT(*) FROM event_histories WHERE type = 'shop.sync' AND payload LIKE '%' || $1 || '%'",
            &shop.id,
        )
        .await;
    assert_eq!(syncs, 1, "the first sync is queued");

    // The same callback again answers the same shop and queues nothing more.
    let again = api::shops::authorize(
        t.state(),
        &me,
        &granted.auth_code,
        &state,
        SaleChannel::Tiktok,
    )
    .await
    .expect("the same callback again");
    assert_eq!(again.id, shop.id);
    let syncs_after = t
        .count(
            "SELECT COUNT(*) FROM event_histories WHERE type = 'shop.sync' AND payload LIKE '%' || $1 || '%'",
            &shop.id,
        )
        .await;
    assert_eq!(syncs_after, 1);

    // A state that was never handed out is refused before TikTok is asked anything.
    let refused = api::shops::authorize(
        t.state(),
        &me,
        "some-code",
        "not-a-state",
        SaleChannel::Tiktok,
    )
    .await
    .expect_err("unknown state");
    assert_eq!(code(&refused), "BAD_USER_INPUT");
}
