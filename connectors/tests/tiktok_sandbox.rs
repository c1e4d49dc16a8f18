//! The TikTok Shop client against the sandbox over real HTTP on a loopback port.
use std::time::{Duration, Instant};

use connectors::tiktok::{
    ActivityInput, ActivityProductInput, ActivitySearch, AttributeValueInput, BrandQuery,
    CategoryQuery, ImageUri, Inventory, Money, OrderSearch, OrderSort, PackageDimensions,
    PackageWeight, Page, ProductAttributeInput, ProductInput, ProductSearch, SalesAttributeInput,
    ShopAuth, SkuInput, TiktokClient, TiktokConfig, TiktokError, TokenSet, codes,
};
use sandbox::tiktok::{self, Faults, SandboxConfig, SandboxHandle};

fn config() -> SandboxConfig {
    SandboxConfig {
        audit_delay: Duration::from_millis(200),
        orders_per_shop: 12,
        ..SandboxConfig::default()
    }
}

fn client_config(sb: &SandboxHandle) -> TiktokConfig {
    let mut c = TiktokConfig::new(sb.sandbox().app_key(), sb.sandbox().app_secret())
        .with_base_url(sb.base_url());
    c.service_id = sb.sandbox().service_id();
    c.backoff = Duration::from_millis(10);
    c.timeout = Duration::from_secs(5);
    c.requests_per_second = 1000;
    c
}

fn client(sb: &SandboxHandle) -> TiktokClient {
    TiktokClient::new(client_config(sb)).expect("client")
}

struct Connected {
    tokens: TokenSet,
    shop: ShopAuth,
    shop_id: String,
}

/// A shop granted in the sandbox, its code exchanged and its cipher found, as the API does.
async fn connect(sb: &SandboxHandle, client: &TiktokClient, name: &str) -> Connected {
    let granted = sb.sandbox().grant_shop(name, "US");
    let tokens = client.get_token(&granted.auth_code).await.expect("token");
    let shops = client
        .authorized_shops(&tokens.access_token)
        .await
        .expect("shops");
    assert_eq!(shops.len(), 1);
    let shop = ShopAuth::new(tokens.access_token.clone(), shops[0].cipher.clone());
    Connected {
        tokens,
        shop,
        shop_id: shops[0].id.clone(),
    }
}

fn png() -> Vec<u8> {
    tiktok::placeholder_png(300, 300, [240, 120, 80])
}

/// A valid T-shirt listing with two variants.
async fn tee(client: &TiktokClient, c: &Connected, title: &str, sku_prefix: &str) -> ProductInput {
    let image = client
        .upload_image(&c.tokens.access_token, png(), "front.png", "MAIN_IMAGE")
        .await
        .expect("upload");
    let warehouses = client.warehouses(&c.shop).await.expect("warehouses");
    let sales = warehouses
        .iter()
        .find(|w| w.kind == "SALES_WAREHOUSE")
        .expect("a sales warehouse");
    let sku = |size: &str| SkuInput {
        seller_sku: Some(format!("{sku_prefix}-{size}")),
        price: Some(Money {
            amount: "19.99".into(),
            currency: "USD".into(),
        }),
        inventory: Some(vec![Inventory {
            warehouse_id: sales.id.clone(),
            quantity: 50,
        }]),
        sales_attributes: Some(vec![
            SalesAttributeInput {
                name: Some("Color".into()),
                value_name: Some("Black".into()),
                ..Default::default()
            },
            SalesAttributeInput {
                name: Some("Size".into()),
                value_name: Some(size.into()),
                ..Default::default()
            },
        ]),
        ..Default::default()
    };
    ProductInput {
        title: Some(title.into()),
        description: Some("<p>Soft ringspun cotton tee with a retro sunset print.</p>".into()),
        category_id: Some("601226".into()),
        main_images: Some(vec![ImageUri { uri: image.uri }]),
        skus: Some(vec![sku("M"), sku("L")]),
        product_attributes: Some(vec![
            ProductAttributeInput {
                id: "100198".into(),
                values: vec![AttributeValueInput {
                    id: Some("1001981".into()),
                    name: None,
                }],
            },
            ProductAttributeInput {
                id: "100392".into(),
                values: vec![AttributeValueInput {
                    id: Some("1003921".into()),
                    name: None,
                }],
            },
        ]),
        package_weight: Some(PackageWeight {
            value: "0.4".into(),
            unit: "POUND".into(),
        }),
        package_dimensions: Some(PackageDimensions {
            length: "10".into(),
            width: "8".into(),
            height: "1".into(),
            unit: "INCH".into(),
        }),
        ..Default::default()
    }
}

async fn wait_for_status(
    client: &TiktokClient,
    shop: &ShopAuth,
    product_id: &str,
    want: &str,
) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let detail = client
            .product_detail(shop, product_id)
            .await
            .expect("detail");
        if detail.status == want || Instant::now() > deadline {
            return detail.status;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn query_of(location: &str) -> Vec<(String, String)> {
    let url = reqwest::Url::parse(location).expect("absolute redirect URL");
    url.query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

#[tokio::test]
async fn consent_code_token_shops_and_cipher() {
    let sb = tiktok::start(SandboxConfig {
        redirect_url: Some("http://sellerdesk.test/shops/tiktok/callback".into()),
        ..config()
    })
    .await
    .expect("sandbox");
    let client = client(&sb);
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("browser");

    let link = client.authorize_url("csrf-123");
    let page = browser.get(&link).send().await.expect("consent page");
    assert_eq!(page.status(), 200);
    let html = page.text().await.expect("html");
    assert!(html.contains("Authorize"), "{html}");
    assert!(html.contains("csrf-123"));

    let confirm = format!(
        "{}/open/authorize/confirm?service_id={}&state=csrf-123&shop_name=Retro+Tees&region=US",
        sb.base_url(),
        client.config().service_id
    );
    let redirect = browser.get(&confirm).send().await.expect("authorize");
    assert_eq!(redirect.status(), 303);
    let location = redirect.headers()["location"]
        .to_str()
        .expect("location")
        .to_string();
    assert!(location.starts_with("http://sellerdesk.test/shops/tiktok/callback?"));
    let params = query_of(&location);
    let get = |k: &str| {
        params
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .expect(k)
    };
    assert_eq!(get("state"), "csrf-123");
    let code = get("code");

    let tokens = client.get_token(&code).await.expect("token exchange");
    let now = chrono::Utc::now().timestamp();
    assert!(
        tokens.access_token_expires_at > now + 6 * 86_400,
        "absolute expiry, about 7 days out"
    );
    assert!(tokens.refresh_token_expires_at > tokens.access_token_expires_at);
    assert!(!tokens.open_id.is_empty());

    let shops = client
        .authorized_shops(&tokens.access_token)
        .await
        .expect("authorized shops");
    assert_eq!(shops.len(), 1);
    assert_eq!(shops[0].name, "Retro Tees");
    assert_eq!(shops[0].region, "US");
    assert!(!shops[0].cipher.is_empty());

    // The cipher addresses the shop.
    let shop = ShopAuth::new(tokens.access_token.clone(), shops[0].cipher.clone());
    let warehouses = client.warehouses(&shop).await.expect("warehouses");
    assert!(
        warehouses
            .iter()
            .any(|w| w.kind == "SALES_WAREHOUSE" && w.is_default)
    );

    // A code works once.
    let again = client.get_token(&code).await.expect_err("code reused");
    assert_eq!(again.code(), Some(codes::AUTH_CODE_INVALID));
    assert!(again.is_permanent());

    // Refresh gives a new access token; the old grant's shops stay reachable with it.
    let refreshed = client
        .refresh_token(&tokens.refresh_token)
        .await
        .expect("refresh");
    assert_ne!(refreshed.access_token, tokens.access_token);
    assert_eq!(refreshed.refresh_token, tokens.refresh_token);
    let shops_again = client
        .authorized_shops(&refreshed.access_token)
        .await
        .expect("shops with the new token");
    assert_eq!(shops_again[0].cipher, shops[0].cipher);
}

/// The consent page sends the auth code only to the redirect registered for the app, as the
/// real service does: a link naming another `redirect_uri` (an attacker's, to collect the
/// seller's code) gets an error page and no code is issued.
#[tokio::test]
async fn consent_sends_the_code_only_to_the_registered_redirect() {
    let registered = "http://sellerdesk.test/shops/tiktok/callback";
    let sb = tiktok::start(SandboxConfig {
        redirect_url: Some(registered.into()),
        ..config()
    })
    .await
    .expect("sandbox");
    let client = client(&sb);
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("browser");
    let service_id = client.config().service_id.clone();
    let confirm = |redirect_uri: Option<&str>| {
        let mut query = vec![("service_id", service_id.as_str()), ("state", "csrf-9")];
        query.extend(redirect_uri.map(|r| ("redirect_uri", r)));
        reqwest::Url::parse_with_params(&format!("{}/open/authorize/confirm", sb.base_url()), query)
            .expect("url")
            .to_string()
    };

    for evil in [
        "http://attacker.test/collect",
        "http://sellerdesk.test/shops/tiktok/callback/../../steal",
        "http://sellerdesk.test/shops/tiktok/callback?next=http://attacker.test",
        "https://sellerdesk.test/shops/tiktok/callback",
    ] {
        let page = browser
            .get(sb.consent_url("csrf-9", Some(evil)))
            .send()
            .await
            .expect("consent page");
        assert_eq!(page.status(), 400, "{evil}");
        let html = page.text().await.expect("html");
        assert!(
            html.contains("does not match") && !html.contains("<form"),
            "{html}"
        );

        let refused = browser
            .get(confirm(Some(evil)))
            .send()
            .await
            .expect("confirm");
        assert_eq!(refused.status(), 400, "{evil}");
        assert!(refused.headers().get("location").is_none());
        let html = refused.text().await.expect("html");
        assert!(!html.contains("TTP_"), "no code on the error page: {html}");
    }

    // The registered redirect, named or implied, gets the code; the refused attempts granted no
    // shop (the sandbox numbers the shops it grants).
    for redirect_uri in [Some(registered), None] {
        let ok = browser
            .get(confirm(redirect_uri))
            .send()
            .await
            .expect("confirm");
        assert_eq!(ok.status(), 303);
        let location = ok.headers()["location"]
            .to_str()
            .expect("location")
            .to_string();
        assert!(
            location.starts_with(&format!("{registered}?")),
            "{location}"
        );
    }
    let first = query_of(
        browser
            .get(confirm(None))
            .send()
            .await
            .expect("confirm")
            .headers()["location"]
            .to_str()
            .expect("location"),
    );
    let code = first
        .iter()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.clone())
        .expect("code");
    let tokens = client.get_token(&code).await.expect("token");
    let shops = client
        .authorized_shops(&tokens.access_token)
        .await
        .expect("shops");
    assert_eq!(
        shops[0].name, "Sandbox Shop 3",
        "only the three accepted consents granted shops"
    );
}

/// Without a registered redirect the consent page cannot send a code anywhere.
#[tokio::test]
async fn consent_without_a_registered_redirect_is_refused() {
    let sb = tiktok::start(SandboxConfig {
        redirect_url: None,
        ..config()
    })
    .await
    .expect("sandbox");
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("browser");
    let link = sb.consent_url("csrf-1", Some("http://attacker.test/collect"));
    assert_eq!(browser.get(&link).send().await.expect("page").status(), 400);
    let confirm = link.replacen("/open/authorize?", "/open/authorize/confirm?", 1);
    let refused = browser.get(&confirm).send().await.expect("confirm");
    assert_eq!(refused.status(), 400);
    assert!(refused.headers().get("location").is_none());
}

#[tokio::test]
async fn product_create_search_detail_and_audit_to_live() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Live Shop").await;

    let categories = client
        .categories(&c.shop, &CategoryQuery::default())
        .await
        .expect("categories");
    let leaf = categories
        .iter()
        .find(|cat| cat.id == "601226")
        .expect("women's T-shirts");
    assert!(leaf.is_leaf && leaf.permission_statuses == ["AVAILABLE"]);
    assert!(
        categories
            .iter()
            .any(|cat| cat.parent_id == "0" && !cat.is_leaf)
    );
    let attributes = client
        .category_attributes(&c.shop, "601226", Some("en-US"), None)
        .await
        .expect("attributes");
    let material = attributes
        .iter()
        .find(|a| a.name == "Material")
        .expect("material");
    assert!(material.is_required, "is_requried is read");
    assert!(
        attributes
            .iter()
            .any(|a| a.kind == "SALES_PROPERTY" && a.name == "Size")
    );
    assert!(
        attributes
            .iter()
            .any(|a| !a.requirement_conditions.is_empty())
    );
    let brands = client
        .brands(&c.shop, &BrandQuery::default(), &Page::first(5))
        .await
        .expect("brands");
    assert_eq!(brands.brands.len(), 5);
    assert_eq!(
        brands.brands[0].authorized_status, "AUTHORIZED",
        "authorised brands first"
    );

    let mut input = tee(&client, &c, "Retro Sunset Graphic Tee", "SUNSET").await;
    input.idempotency_key = Some("listing:shop-1:product-1:1".into());
    let created = client
        .create_product(&c.shop, &input)
        .await
        .expect("create");
    assert_eq!(created.skus.len(), 2);
    assert!(created.skus.iter().all(|s| s.sales_attributes.len() == 2));

    let found = client
        .search_products(
            &c.shop,
            &ProductSearch {
                seller_skus: vec!["SUNSET-M".into()],
                ..Default::default()
            },
            &Page::first(10),
        )
        .await
        .expect("search");
    assert_eq!(found.total_count, 1);
    assert_eq!(found.products[0].id, created.product_id);
    assert_eq!(found.products[0].status, "PENDING");

    let detail = client
        .product_detail(&c.shop, &created.product_id)
        .await
        .expect("detail");
    assert_eq!(detail.title, "Retro Sunset Graphic Tee");
    assert_eq!(
        detail.category_chains.last().map(|x| x.id.as_str()),
        Some("601226")
    );
    assert_eq!(detail.skus[0].price.currency, "USD");
    assert_eq!(detail.skus[0].sales_attributes[0].name, "Color");

    assert_eq!(
        wait_for_status(&client, &c.shop, &created.product_id, "ACTIVATE").await,
        "ACTIVATE"
    );

    // The same idempotency key answers the same product; nothing is created twice.
    let again = client
        .create_product(&c.shop, &input)
        .await
        .expect("repeat create");
    assert_eq!(again.product_id, created.product_id);
    let creates = sb.sandbox().ledger_of("product.create");
    assert_eq!(creates.len(), 1);
    assert_eq!(
        creates[0].idempotency_key.as_deref(),
        Some("listing:shop-1:product-1:1")
    );
    assert_eq!(creates[0].seller_skus, ["SUNSET-M", "SUNSET-L"]);

    // Partial edit, deactivate, activate, delete.
    let changes = ProductInput {
        title: Some("Retro Sunset Tee".into()),
        ..Default::default()
    };
    client
        .partial_edit_product(&c.shop, &created.product_id, &changes)
        .await
        .expect("partial edit");
    assert_eq!(
        wait_for_status(&client, &c.shop, &created.product_id, "ACTIVATE").await,
        "ACTIVATE"
    );
    let ids = vec![created.product_id.clone()];
    assert!(
        client
            .deactivate_products(&c.shop, &ids)
            .await
            .expect("deactivate")
            .errors
            .is_empty()
    );
    assert_eq!(
        sb.sandbox().product_status(&created.product_id).as_deref(),
        Some("SELLER_DEACTIVATED")
    );
    assert!(
        client
            .activate_products(&c.shop, &ids)
            .await
            .expect("activate")
            .errors
            .is_empty()
    );
    assert_eq!(
        sb.sandbox().product_status(&created.product_id).as_deref(),
        Some("ACTIVATE")
    );
    let deleted = client
        .delete_products(&c.shop, &[created.product_id.clone(), "999".into()])
        .await
        .expect("delete");
    assert_eq!(
        deleted.errors.len(),
        1,
        "the unknown id is refused item by item"
    );
    assert_eq!(
        sb.sandbox().product_status(&created.product_id).as_deref(),
        Some("DELETED")
    );
}

#[tokio::test]
async fn audit_fails_with_reasons() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Audit Shop").await;
    let input = tee(&client, &c, "Designer Replica Logo Tee", "REP").await;
    let created = client
        .create_product(&c.shop, &input)
        .await
        .expect("create");
    assert_eq!(
        wait_for_status(&client, &c.shop, &created.product_id, "FAILED").await,
        "FAILED"
    );
    let detail = client
        .product_detail(&c.shop, &created.product_id)
        .await
        .expect("detail");
    let message = detail.audit_failure_message().expect("reasons");
    assert!(message.contains("replica"), "{message}");
}

#[tokio::test]
async fn business_rules_are_permanent_rejections_with_the_marketplace_message() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Rules Shop").await;
    let mut input = tee(&client, &c, "Tee in a parent category", "PARENT").await;
    input.category_id = Some("601302".into());
    let err = client
        .create_product(&c.shop, &input)
        .await
        .expect_err("not a leaf");
    assert_eq!(err.code(), Some(12052024));
    assert!(err.is_permanent());
    assert!(err.message().contains("not a leaf"), "{}", err.message());

    let mut missing = tee(&client, &c, "Tee without material", "NOMAT").await;
    missing.product_attributes = None;
    let err = client
        .create_product(&c.shop, &missing)
        .await
        .expect_err("required attribute");
    assert!(matches!(err, TiktokError::Rejected { .. }));
    assert!(err.message().contains("Material"), "{}", err.message());
    assert!(sb.sandbox().ledger_of("product.create").is_empty());
}

#[tokio::test]
async fn a_wrong_secret_is_rejected_with_the_signature_error() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let good = client(&sb);
    let c = connect(&sb, &good, "Sign Shop").await;
    let mut bad_config = client_config(&sb);
    bad_config.app_secret = "not-the-secret".into();
    let bad = TiktokClient::new(bad_config).expect("client");
    let err = bad.warehouses(&c.shop).await.expect_err("bad signature");
    assert_eq!(err.code(), Some(codes::SIGN_INVALID));
    assert!(matches!(err, TiktokError::Rejected { .. }));

    // Over raw HTTP: the status is 401 and the envelope carries 106001.
    let url = format!(
        "{}/authorization/202309/shops?app_key={}&timestamp={}&sign={}",
        sb.base_url(),
        sb.sandbox().app_key(),
        chrono::Utc::now().timestamp(),
        "0".repeat(64)
    );
    let response = reqwest::Client::new()
        .get(url)
        .header("x-tts-access-token", &c.tokens.access_token)
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 401);
    let body: serde_json::Value = response.json().await.expect("envelope");
    assert_eq!(body["code"], 106001);
    assert!(body["request_id"].as_str().is_some_and(|id| id.len() == 34));
}

#[tokio::test]
async fn a_timestamp_older_than_five_minutes_is_rejected() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let c = connect(&sb, &client(&sb), "Clock Shop").await;
    let mut skewed = client_config(&sb);
    skewed.clock_offset_secs = -6 * 60;
    let err = TiktokClient::new(skewed)
        .expect("client")
        .warehouses(&c.shop)
        .await
        .expect_err("stale timestamp");
    assert_eq!(err.code(), Some(codes::INVALID_PARAM));
    assert!(err.message().contains("Timestamp"), "{}", err.message());

    let mut ahead = client_config(&sb);
    ahead.clock_offset_secs = 120;
    let err = TiktokClient::new(ahead)
        .expect("client")
        .warehouses(&c.shop)
        .await
        .expect_err("future timestamp");
    assert_eq!(err.code(), Some(codes::INVALID_PARAM));
}

#[tokio::test]
async fn throttling_is_retried_after_retry_after() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Busy Shop").await;
    sb.sandbox().throttle_next(1, 1);
    let started = Instant::now();
    let warehouses = client
        .warehouses(&c.shop)
        .await
        .expect("succeeds after the 429");
    assert!(!warehouses.is_empty());
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "waited for Retry-After"
    );

    // A create without idempotency key is still retried on 429: nothing happened upstream.
    let input = tee(&client, &c, "Throttled Tee", "THR").await;
    sb.sandbox().throttle_next(1, 0);
    client
        .create_product(&c.shop, &input)
        .await
        .expect("create after 429");
    assert_eq!(sb.sandbox().ledger_of("product.create").len(), 1);
}

#[tokio::test]
async fn a_long_retry_after_goes_back_to_the_caller() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Slow Shop").await;
    sb.sandbox().throttle_next(1, 120);
    let started = Instant::now();
    let err = client
        .warehouses(&c.shop)
        .await
        .expect_err("too long to wait here");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(err.is_retryable());
    assert_eq!(err.retry_after(), Some(Duration::from_secs(120)));
    assert_eq!(err.code(), Some(codes::TOO_MANY_REQUESTS));
}

#[tokio::test]
async fn server_errors_are_retried_and_a_lost_answer_does_not_duplicate() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Flaky Shop").await;

    sb.sandbox().fail_next(2);
    let shops = client
        .authorized_shops(&c.tokens.access_token)
        .await
        .expect("after two 500s");
    assert_eq!(shops.len(), 1);

    // The write is applied, then the answer is lost; the retry carries the same key.
    sb.sandbox().set_faults(Faults {
        error_after_write: true,
        ..sb.sandbox().faults()
    });
    let mut input = tee(&client, &c, "Resilient Tee", "RES").await;
    input.idempotency_key = Some("listing:flaky:1:1".into());
    sb.sandbox().fail_next(1);
    let created = client
        .create_product(&c.shop, &input)
        .await
        .expect("create survives a lost answer");
    let creates = sb.sandbox().ledger_of("product.create");
    assert_eq!(creates.len(), 1);
    assert_eq!(
        creates[0].resource_id.as_deref(),
        Some(created.product_id.as_str())
    );

    // Without a key a 500 on create is not retried: it may have created the product.
    let mut unkeyed = tee(&client, &c, "Unkeyed Tee", "UNK").await;
    unkeyed.idempotency_key = None;
    sb.sandbox().fail_next(1);
    let err = client
        .create_product(&c.shop, &unkeyed)
        .await
        .expect_err("not retried");
    assert!(err.is_retryable());
    assert_eq!(
        sb.sandbox().ledger_of("product.create").len(),
        2,
        "applied once, not repeated"
    );

    // Retries are bounded.
    sb.sandbox().set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let err = client
        .warehouses(&c.shop)
        .await
        .expect_err("always failing");
    assert!(
        matches!(
            err,
            TiktokError::RetryLater {
                status: Some(500),
                ..
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn pagination_walks_every_page() {
    let sb = tiktok::start(SandboxConfig {
        orders_per_shop: 23,
        ..config()
    })
    .await
    .expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Big Shop").await;
    let base = tee(&client, &c, "Tee", "X").await;
    for i in 0..25 {
        let mut input = base.clone();
        input.title = Some(format!("Paged Tee {i}"));
        input.save_mode = Some("AS_DRAFT".into());
        for (n, sku) in input.skus.iter_mut().flatten().enumerate() {
            sku.seller_sku = Some(format!("PAGE-{i}-{n}"));
        }
        client
            .create_product(&c.shop, &input)
            .await
            .expect("create");
    }
    let mut page = Page::first(10);
    let mut ids = Vec::new();
    let mut pages = 0;
    loop {
        let result = client
            .search_products(&c.shop, &ProductSearch::default(), &page)
            .await
            .expect("page");
        assert_eq!(result.total_count, 25);
        pages += 1;
        ids.extend(result.products.into_iter().map(|p| p.id));
        if result.next_page_token.is_empty() {
            break;
        }
        page = page.next(result.next_page_token);
    }
    assert_eq!(pages, 3);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 25);
    let all = client
        .search_all_products(
            &c.shop,
            &ProductSearch {
                status: Some("DRAFT".into()),
                ..Default::default()
            },
        )
        .await
        .expect("all");
    assert_eq!(all.len(), 25);

    let mut page = Page::first(5);
    let mut orders = Vec::new();
    loop {
        let result = client
            .search_orders(
                &c.shop,
                &OrderSearch::default(),
                &OrderSort::default(),
                &page,
            )
            .await
            .expect("orders");
        orders.extend(result.orders);
        if result.next_page_token.is_empty() {
            break;
        }
        page = page.next(result.next_page_token);
    }
    assert_eq!(orders.len(), 23);
    assert!(
        orders
            .windows(2)
            .all(|w| w[0].create_time >= w[1].create_time),
        "newest first"
    );
    let ids: Vec<String> = orders.iter().take(2).map(|o| o.id.clone()).collect();
    let detail = client
        .order_detail(&c.shop, &ids)
        .await
        .expect("order detail");
    assert_eq!(detail.len(), 2);
    assert!(!detail[0].line_items.is_empty());

    let bad = client
        .search_products(
            &c.shop,
            &ProductSearch::default(),
            &Page::first(10).next("garbage".into()),
        )
        .await;
    assert_eq!(
        bad.expect_err("bad token").code(),
        Some(codes::INVALID_PARAM)
    );
}

#[tokio::test]
async fn the_daily_create_cap_answers_the_marketplace_error() {
    let sb = tiktok::start(SandboxConfig {
        daily_create_cap: Some(2),
        ..config()
    })
    .await
    .expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Capped Shop").await;
    let base = tee(&client, &c, "Capped Tee", "CAP").await;
    for i in 0..2 {
        let mut input = base.clone();
        input.idempotency_key = Some(format!("cap-{i}"));
        for (n, sku) in input.skus.iter_mut().flatten().enumerate() {
            sku.seller_sku = Some(format!("CAP-{i}-{n}"));
        }
        client
            .create_product(&c.shop, &input)
            .await
            .expect("under the cap");
    }
    let mut third = base.clone();
    third.idempotency_key = Some("cap-2".into());
    let err = client
        .create_product(&c.shop, &third)
        .await
        .expect_err("over the cap");
    assert_eq!(err.code(), Some(codes::DAILY_CREATE_CAP));
    assert!(matches!(err, TiktokError::DailyCapReached { .. }));
    assert!(err.is_retryable());
    assert!(
        err.retry_after()
            .is_some_and(|d| d <= Duration::from_secs(86_400))
    );
    // A replay of an accepted create is not a new create, so the cap does not refuse it.
    let mut replay = base.clone();
    replay.idempotency_key = Some("cap-0".into());
    client
        .create_product(&c.shop, &replay)
        .await
        .expect("replay under the cap");
    assert_eq!(sb.sandbox().ledger_of("product.create").len(), 2);
}

#[tokio::test]
async fn an_expired_token_is_refreshed_before_use() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Token Shop").await;
    assert_eq!(client.ensure_fresh(&c.tokens).await.expect("fresh"), None);

    sb.sandbox().expire_access_token(&c.tokens.access_token);
    let err = client.warehouses(&c.shop).await.expect_err("expired");
    assert!(
        matches!(err, TiktokError::TokenExpired { code: 105002, .. }),
        "{err:?}"
    );

    let stale = TokenSet {
        access_token_expires_at: chrono::Utc::now().timestamp() + 60,
        ..c.tokens.clone()
    };
    let renewed = client
        .ensure_fresh(&stale)
        .await
        .expect("refresh")
        .expect("new tokens");
    let shop = ShopAuth::new(renewed.access_token, c.shop.shop_cipher.clone());
    client
        .warehouses(&shop)
        .await
        .expect("works with the new token");
}

#[tokio::test]
async fn flash_sale_create_add_products_search_and_deactivate() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Promo Shop").await;
    let mut input = tee(&client, &c, "Flash Tee", "FLASH").await;
    input.idempotency_key = Some("flash-1".into());
    let product = client
        .create_product(&c.shop, &input)
        .await
        .expect("create");
    assert_eq!(
        wait_for_status(&client, &c.shop, &product.product_id, "ACTIVATE").await,
        "ACTIVATE"
    );

    let begin = chrono::Utc::now().timestamp() + 3_600;
    let activity = ActivityInput {
        title: "Weekend Flash".into(),
        activity_type: "FLASHSALE".into(),
        begin_time: begin,
        end_time: begin + 86_400,
        product_level: "VARIATION".into(),
        ..Default::default()
    };
    let created = client
        .create_activity(&c.shop, &activity)
        .await
        .expect("create activity");
    assert_eq!(created.status, "NOT_START");
    let duplicate = client
        .create_activity(&c.shop, &activity)
        .await
        .expect_err("titles are unique");
    assert!(duplicate.is_permanent());

    let skus = product
        .skus
        .iter()
        .map(|s| connectors::tiktok::ActivitySkuInput {
            id: s.id.clone(),
            activity_price_amount: Some("14.99".into()),
            quantity_limit: Some(-1),
            quantity_per_user: Some(2),
            ..Default::default()
        })
        .collect();
    let entry = ActivityProductInput {
        id: product.product_id.clone(),
        skus,
        ..Default::default()
    };
    let added = client
        .update_activity_products(&c.shop, &created.activity_id, &[entry])
        .await
        .expect("add products");
    assert_eq!(added.total_count, 1);

    let too_dear = ActivityProductInput {
        id: product.product_id.clone(),
        skus: vec![connectors::tiktok::ActivitySkuInput {
            id: product.skus[0].id.clone(),
            activity_price_amount: Some("25.00".into()),
            ..Default::default()
        }],
        ..Default::default()
    };
    let err = client
        .update_activity_products(&c.shop, &created.activity_id, &[too_dear])
        .await
        .expect_err("price above regular");
    assert!(err.is_permanent());

    let found = client
        .search_activities(
            &c.shop,
            &ActivitySearch {
                status: Some("NOT_START".into()),
                ..Default::default()
            },
        )
        .await
        .expect("search");
    assert_eq!(found.activities.len(), 1);
    assert_eq!(found.activities[0].id, created.activity_id);

    let ended = client
        .deactivate_activity(&c.shop, &created.activity_id)
        .await
        .expect("deactivate");
    assert_eq!(ended.status, "DEACTIVATED");
    let kinds: Vec<String> = sb
        .sandbox()
        .ledger()
        .into_iter()
        .map(|e| e.kind)
        .filter(|k| k.starts_with("activity."))
        .collect();
    assert_eq!(
        kinds,
        [
            "activity.create",
            "activity.products_update",
            "activity.deactivate"
        ]
    );
}

#[tokio::test]
async fn the_ledger_is_served_as_json() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Ledger Shop").await;
    let input = tee(&client, &c, "Ledger Tee", "LED").await;
    client
        .create_product(&c.shop, &input)
        .await
        .expect("create");
    let body: serde_json::Value = reqwest::get(format!("{}/__sandbox/ledger", sb.base_url()))
        .await
        .expect("ledger")
        .json()
        .await
        .expect("json");
    let entries = body["entries"].as_array().expect("entries");
    let create = entries
        .iter()
        .find(|e| e["kind"] == "product.create")
        .expect("a create");
    assert_eq!(create["shop_id"], c.shop_id.as_str());
    assert_eq!(create["title"], "Ledger Tee");
}

#[tokio::test]
async fn calls_to_one_shop_are_rate_limited() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let c = connect(&sb, &client(&sb), "Limited Shop").await;
    let mut limited = client_config(&sb);
    limited.requests_per_second = 2;
    let client = TiktokClient::new(limited).expect("client");
    let started = Instant::now();
    for _ in 0..4 {
        client.warehouses(&c.shop).await.expect("warehouses");
    }
    // Two go at once, then one every half second.
    assert!(
        started.elapsed() >= Duration::from_millis(900),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn demo_samples_and_images_are_served() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Demo Shop").await;
    let ids = sb.sandbox().seed_sample_products(&c.shop_id);
    assert_eq!(ids.len(), 5);
    let live = client
        .search_all_products(
            &c.shop,
            &ProductSearch {
                status: Some("ACTIVATE".into()),
                ..Default::default()
            },
        )
        .await
        .expect("live products");
    assert_eq!(live.len(), 3);
    let failed = client
        .product_detail(&c.shop, &ids[4])
        .await
        .expect("failed sample");
    assert_eq!(failed.status, "FAILED");
    assert!(failed.audit_failure_message().is_some());
    let url = failed.main_images[0].urls[0].clone();
    let picture = reqwest::get(url)
        .await
        .expect("image")
        .bytes()
        .await
        .expect("bytes");
    assert!(picture.starts_with(b"\x89PNG"));
}

/// The flash-sale rules a renewal depends on: the lifecycle follows the sandbox clock, a product
/// is in one flash sale at a time (windows that touch do not overlap), and the time rules.
#[tokio::test]
async fn flash_sales_follow_the_clock_and_never_overlap_for_a_product() {
    let sb = tiktok::start(config()).await.expect("sandbox");
    let client = client(&sb);
    let c = connect(&sb, &client, "Clock Shop").await;
    let ids = sb.sandbox().add_live_products(&c.shop_id, 1, "20.00");
    let product = ActivityProductInput {
        id: ids[0].clone(),
        activity_price_amount: Some("15.00".into()),
        ..Default::default()
    };
    let now = sb.sandbox().now();
    let sale = |title: &str, begin: i64, end: i64| ActivityInput {
        title: title.into(),
        activity_type: "FLASHSALE".into(),
        begin_time: begin,
        end_time: end,
        product_level: "PRODUCT".into(),
        ..Default::default()
    };
    let first = client
        .create_activity(&c.shop, &sale("Window 1", now + 600, now + 4_200))
        .await
        .expect("first window");
    client
        .update_activity_products(&c.shop, &first.activity_id, std::slice::from_ref(&product))
        .await
        .expect("product in the first window");

    // Overlapping by a second: refused with the marketplace's error.
    let overlapping = client
        .create_activity(&c.shop, &sale("Overlap", now + 4_199, now + 7_800))
        .await
        .expect("an activity may overlap; its products may not");
    let err = client
        .update_activity_products(
            &c.shop,
            &overlapping.activity_id,
            std::slice::from_ref(&product),
        )
        .await
        .expect_err("one flash sale at a time");
    assert_eq!(err.code(), Some(tiktok::codes::PRODUCT_IN_OTHER_FLASHSALE));
    // Beginning exactly where the first ends: accepted.
    let next = client
        .create_activity(&c.shop, &sale("Window 2", now + 4_200, now + 7_800))
        .await
        .expect("second window");
    client
        .update_activity_products(&c.shop, &next.activity_id, std::slice::from_ref(&product))
        .await
        .expect("product in the next window");

    // The time rules.
    for (title, begin, end) in [
        ("Past", now - 10, now + 3_600),
        ("Short", now + 600, now + 600 + 599),
        ("Year", now + 600, now + 600 + 365 * 86_400),
        (&"x".repeat(51)[..], now + 600, now + 4_200),
        ("Window 1", now + 9_000, now + 12_000),
    ] {
        let err = client
            .create_activity(&c.shop, &sale(title, begin, end))
            .await
            .expect_err(title);
        assert!(err.is_permanent(), "{title}: {err:?}");
    }

    // The clock moves: NOT_START → ONGOING → EXPIRED; a deactivated one stays DEACTIVATED.
    let status = |id: String| {
        let client = client.clone();
        let shop = c.shop.clone();
        async move { client.activity(&shop, &id).await.expect("get").status }
    };
    assert_eq!(status(first.activity_id.clone()).await, "NOT_START");
    sb.sandbox().advance_clock(700);
    assert_eq!(status(first.activity_id.clone()).await, "ONGOING");
    client
        .deactivate_activity(&c.shop, &overlapping.activity_id)
        .await
        .expect("deactivate");
    sb.sandbox().advance_clock(3_600);
    assert_eq!(status(first.activity_id.clone()).await, "EXPIRED");
    assert_eq!(status(next.activity_id.clone()).await, "ONGOING");
    assert_eq!(status(overlapping.activity_id.clone()).await, "DEACTIVATED");
    // "Begin in the future" is the marketplace's future: the moved clock's.
    let err = client
        .create_activity(&c.shop, &sale("Late", now + 1_000, now + 5_000))
        .await
        .expect_err("begins in the marketplace's past");
    assert!(err.is_permanent());
}
