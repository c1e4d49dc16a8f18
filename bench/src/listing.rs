//! Scenario 4, and the listing half of 6: bulk listing of N products on the TikTok Shop sandbox
//! (in this process, no faults, no added latency), embedded and scaled.
//!
//! Each stack is started once: `api serve` (embedded: with its pool at concurrency 8; scaled: two
//! `worker` processes × 4 on PostgreSQL and Redis), the demo ADMIN signs in, connects a shop
//! through the consent flow, creates the tee template and N products from designs whose mockups
//! an image host in this process serves. Every round connects a fresh shop (so every listing
//! creates a marketplace product and uploads its image), waits until the shop's first sync is
//! done, then:
//!
//! - **ours**: `bulkListingProduct` (mode LISTING, 1,000 products per mutation, the API's limit)
//!   until all N are queued, and the clock stops at the last job's `finished_at`.
//! - **bare**: one loop in this process, product after product: the same row the mutation
//!   writes (`shop_products::request_listing`), then the `listing.publish` handler itself called
//!   directly — the same reads, writes and sandbox calls (image fetch and upload, product create)
//!   — with no queue, no job row, no claim, no status, no concurrency.
//!
//! Listing jobs watch no audit here (`LISTING_AUDIT_FOLLOW_SECS=0`, for both): the audit is the
//! marketplace's time, not ours. The connector's per-shop rate limit is lifted for both
//! (`TIKTOK_REQUESTS_PER_SECOND`): at its default of 10/s the figure would be that limit's.
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use jobs::JobKind;
use serde_json::{Value, json};
use sqlx::Row as _;

use crate::Ctx;
use crate::env;
use crate::harness::{Better, Row, Sample, interleave};
use crate::stack::{self, Running};

const DEMO_ADMIN: &str = "admin@demo.sellerdesk.test";
const DEMO_PASSWORD: &str = "sellerdesk-demo";
const CONCURRENCY: usize = 8;
/// The connector's own per-shop rate limit (10/s by default, per process) would make this a
/// measure of that limit: the sandbox has none, so it is lifted for ours and the bare loop alike.
const RPS: u32 = 100_000;

/// Posts a GraphQL operation; returns `data`, or fails with the errors.
pub async fn gql(
    http: &reqwest::Client,
    url: &str,
    query: &str,
    variables: Value,
    token: Option<&str>,
) -> anyhow::Result<Value> {
    let mut req = http
        .post(format!("{url}/graphql"))
        .json(&json!({ "query": query, "variables": variables }));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res: Value = req.send().await?.json().await.context("GraphQL answer")?;
    if let Some(errors) = res.get("errors") {
        bail!("GraphQL errors: {errors}");
    }
    Ok(res["data"].clone())
}

pub async fn login(http: &reqwest::Client, url: &str) -> anyhow::Result<String> {
    let data = gql(
        http,
        url,
        "mutation($i: LoginInput!) { login(input: $i) { accessToken } }",
        json!({ "i": { "email": DEMO_ADMIN, "password": DEMO_PASSWORD } }),
        None,
    )
    .await?;
    Ok(data["login"]["accessToken"]
        .as_str()
        .context("token")?
        .to_owned())
}

/// The PNG every mockup URL answers with, as a seller's file host would.
pub async fn image_host() -> anyhow::Result<String> {
    let png = sandbox::tiktok::placeholder_png(200, 200, [200, 80, 40]);
    let app = axum::Router::new().fallback(move || {
        let png = png.clone();
        async move { ([(axum::http::header::CONTENT_TYPE, "image/png")], png) }
    });
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{addr}"))
}

fn tee_template() -> Value {
    json!({
        "name": "Classic tee",
        "title": "{design} Classic Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "tiktokCategoryId": "601226",
        "variants": [
            { "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 },
            { "attributes": { "Color": "White", "Size": "L" }, "sku": "WHT-L", "salePrice": 12.0, "listPrice": 16.0, "quantity": 20 }
        ],
        "tiktokProductAttribute": [
            { "attributeId": "100198", "valueIds": ["1001981"] },
            { "attributeId": "100392", "valueIds": ["1003921"] }
        ],
        "priceFormula": "price * 1.5 + 0.99",
        "type": "POD"
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Embedded,
    Scaled,
}

/// One stack, signed in, with its catalogue.
pub(crate) struct Stack {
    kind: Kind,
    running: Running,
    pub(crate) url: String,
    pub(crate) db: domain::Db,
    pub(crate) token: String,
    pub(crate) client_id: String,
    products: Vec<String>,
    pub(crate) rt: Arc<jobs::JobContext>,
    shops: std::sync::atomic::AtomicUsize,
}

pub async fn run(ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    let n = ctx.sizes.listing_products;
    let config = sandbox::tiktok::SandboxConfig {
        orders_per_shop: 0,
        ..Default::default()
    };
    let tiktok = sandbox::tiktok::start(config).await?;
    let host = image_host().await?;
    eprintln!(
        "   {n} products per round; concurrency {CONCURRENCY}; sandbox at {}",
        tiktok.base_url()
    );
    let t = Instant::now();
    let embedded = start_stack(ctx, Kind::Embedded, &tiktok, &host, n, "listing")
        .await
        .context("embedded stack")?;
    let scaled = start_stack(ctx, Kind::Scaled, &tiktok, &host, n, "listing")
        .await
        .context("scaled stack")?;
    eprintln!(
        "   stacks ready with {n} products each ({:.1}s)",
        t.elapsed().as_secs_f64()
    );
    let (embedded, scaled) = (&embedded, &scaled);
    let tiktok = &tiktok;
    let rounds = interleave(
        ctx.plan,
        &["embedded", "bare-embedded", "scaled", "bare-scaled"],
        |variant, _| async move {
            let stack = if variant.ends_with("embedded") {
                embedded
            } else {
                scaled
            };
            let shop = connect_shop(ctx, stack, tiktok).await?;
            if variant.starts_with("bare") {
                bare(stack, &shop).await
            } else {
                ours(ctx, stack, &shop).await
            }
        },
    )
    .await?;
    let mut rows = vec![
        rounds.row(
            &format!("4 bulk listing {n}, embedded"),
            "s",
            Better::Lower,
            ("embedded", "secs"),
            Some(("bare-embedded", "secs")),
        ),
        rounds.row(
            &format!("4 bulk listing {n}, scaled"),
            "s",
            Better::Lower,
            ("scaled", "secs"),
            Some(("bare-scaled", "secs")),
        ),
        rounds.row(
            "6 peak RSS, api embedded (listing)",
            "MiB",
            Better::Lower,
            ("embedded", "api_rss_mib"),
            None,
        ),
        rounds.row(
            "6 peak RSS, api scaled (listing)",
            "MiB",
            Better::Lower,
            ("scaled", "api_rss_mib"),
            None,
        ),
        rounds.row(
            "6 peak RSS, worker (listing)",
            "MiB",
            Better::Lower,
            ("scaled", "worker_rss_mib"),
            None,
        ),
    ];
    rows[0].note = "baseline: a bare sequential loop".into();
    rows[1].note = "baseline: a bare sequential loop".into();
    for s in [embedded, scaled] {
        s.db.pool.close().await;
    }
    Ok(rows)
}

/// What a scenario adds to a stack beyond scenarios 4 and 8's (which take the defaults).
#[derive(Debug, Clone, Default)]
pub(crate) struct StackOptions {
    /// `FULFILLMENT_BASE_URL` of every process, and of the bench's own runtime: the
    /// print-on-demand providers' stand-in.
    pub fulfillment_base_url: Option<String>,
    /// `CRON_FULFILLMENT_TRACK` of every process (the product's default otherwise).
    pub cron_fulfillment_track: Option<String>,
    /// `FULFILLMENT_POLL_SECS` of every process (the product's default otherwise).
    pub fulfillment_poll_secs: Option<u64>,
}

/// A stack for `label`'s rounds with `n` products made from the tee template.
pub(crate) async fn start_stack(
    ctx: &Ctx,
    kind: Kind,
    tiktok: &sandbox::tiktok::SandboxHandle,
    host: &str,
    n: usize,
    label: &str,
) -> anyhow::Result<Stack> {
    start_stack_with(ctx, kind, tiktok, host, n, label, &StackOptions::default()).await
}

/// [`start_stack`] with `options`.
pub(crate) async fn start_stack_with(
    ctx: &Ctx,
    kind: Kind,
    tiktok: &sandbox::tiktok::SandboxHandle,
    host: &str,
    n: usize,
    label: &str,
    options: &StackOptions,
) -> anyhow::Result<Stack> {
    let sb = tiktok.sandbox();
    let dir = ctx.work.fresh(&if kind == Kind::Embedded {
        format!("{label}-embedded")
    } else {
        format!("{label}-scaled")
    })?;
    let (mut env, db_url, queue) = match kind {
        Kind::Embedded => {
            let db = stack::embedded_database(ctx, &dir).await?;
            db.pool.close().await;
            let queue = jobs::Queue::sqlite(&dir.join("bench-unused-queue.sqlite"), "unused")
                .await
                .map_err(anyhow::Error::msg)?;
            (stack::base_env(&dir), env::sqlite_url(&dir), queue)
        }
        Kind::Scaled => {
            let redis = ctx.redis().await?;
            let (name, url, db) = stack::scaled_database(ctx, &dir).await?;
            db.pool.close().await;
            let queue = jobs::Queue::redis(&redis.url(), "bench-unused")
                .await
                .map_err(anyhow::Error::msg)?;
            (
                stack::scaled_env(&dir, &url, &redis.url(), &name),
                url,
                queue,
            )
        }
    };
    for (k, v) in [
        ("DEMO", "true".to_owned()),
        ("TIKTOK_APP_KEY", sb.app_key()),
        ("TIKTOK_APP_SECRET", sb.app_secret()),
        ("TIKTOK_SERVICE_ID", sb.service_id()),
        ("TIKTOK_BASE_URL", tiktok.base_url().to_owned()),
        ("LISTING_AUDIT_FOLLOW_SECS", "0".to_owned()),
        ("TIKTOK_REQUESTS_PER_SECOND", RPS.to_string()),
        ("WORKER_CONCURRENCY", CONCURRENCY.to_string()),
        // The image host of this process is on loopback: allowed explicitly, like the sandbox.
        ("FETCH_ALLOW_HOSTS", format!("{host},{}", tiktok.base_url())),
    ] {
        env.insert(k.to_owned(), v);
    }
    if let Some(base) = &options.fulfillment_base_url {
        env.insert("FULFILLMENT_BASE_URL".into(), base.clone());
    }
    if let Some(cron) = &options.cron_fulfillment_track {
        env.insert("CRON_FULFILLMENT_TRACK".into(), cron.clone());
    }
    if let Some(secs) = options.fulfillment_poll_secs {
        env.insert("FULFILLMENT_POLL_SECS".into(), secs.to_string());
    }
    let (api, url) = stack::start_api(ctx, &env, &dir.join("api.log")).await?;
    let workers = match kind {
        Kind::Embedded => Vec::new(),
        Kind::Scaled => stack::start_workers(&ctx.bins, &env, 2, CONCURRENCY / 2, &dir)?,
    };
    let running = Running {
        api: Some(api),
        workers,
    };
    let db = env::connect(&db_url, 4).await?;
    let token = login(&ctx.http, &url).await?;
    let me = gql(
        &ctx.http,
        &url,
        "{ getMe { client { id } } }",
        json!({}),
        Some(&token),
    )
    .await?;
    let client_id = me["getMe"]["client"]["id"]
        .as_str()
        .context("client id")?
        .to_owned();
    // Room for a fresh shop per round.
    sqlx::query("UPDATE client_subscriptions SET plan_id = (SELECT id FROM subscription_plans WHERE type = 'DIAMOND'), end_date = NULL WHERE client_id = $1")
        .bind(&client_id)
        .execute(&db.pool)
        .await?;

    // The runtime the bare loop calls the handler with: same database, same sandbox, same key.
    let storage = jobs::StorageConfig {
        data_dir: dir.clone(),
        database_url: (kind == Kind::Scaled).then(|| db_url.clone()),
        database_max_connections: 4,
        redis_url: None,
        queue_name: "unused".into(),
        database_acquire_timeout: Duration::from_secs(30),
        files: connectors::storage::FilesConfig::Local { root: dir.clone() },
    };
    let config = jobs::JobsConfig {
        concurrency: 1,
        prefetch: None,
        lease: Duration::from_secs(30),
        poll_every: Duration::from_millis(100),
        sweep_every: Duration::from_secs(1),
        lost_after: Duration::from_secs(300),
        backoff_base: Duration::from_secs(2),
        backoff_max: Duration::from_secs(300),
        max_attempts: 3,
        shutdown_grace: Duration::from_secs(20),
        mail_dir: dir.join("mail"),
        smtp_url: None,
        mail_from: "bench <bench@sellerdesk.test>".into(),
        cron_tokens_purge: "0 */10 * * * *".into(),
        cron_order_export_purge: "0 50 3 * * *".into(),
        cron_category_sync: "0 30 3 * * *".into(),
        cron_shop_sync: "0 */30 * * * *".into(),
        secrets_key: env.get("SECRETS_KEY").cloned(),
        data_dir: dir.clone(),
        files: connectors::storage::FilesConfig::Local { root: dir.clone() },
        tiktok: Some(jobs::config::TiktokSettings {
            app_key: sb.app_key(),
            app_secret: sb.app_secret(),
            service_id: sb.service_id(),
            base_url: Some(tiktok.base_url().to_owned()),
            requests_per_second: RPS,
        }),
        amazon: None,
        walmart: jobs::config::WalmartSettings::default(),
        audit_follow: Duration::ZERO,
        listing_follow: Duration::from_secs(10),
        fetch: connectors::fetch::FetchConfig {
            allow: connectors::fetch::AllowList::parse(&format!("{host},{}", tiktok.base_url()))
                .map_err(anyhow::Error::msg)?,
            ..connectors::fetch::FetchConfig::default()
        },
        public_url: url.clone(),
        fulfillment_base_url: options.fulfillment_base_url.clone(),
        cron_fulfillment_track: options
            .cron_fulfillment_track
            .clone()
            .unwrap_or_else(|| "0 */5 * * * *".into()),
        fulfillment_poll_every: Duration::from_secs(options.fulfillment_poll_secs.unwrap_or(900)),
        cron_fulfillment_reconcile: "0 20 4 * * *".into(),
        cron_plan_renew: "0 5 * * * *".into(),
        cron_promotion_renew: "0 */5 * * * *".into(),
        promotion_renew_ahead: std::time::Duration::from_secs(7200),
        telegram: None,
        cron_telegram_poll: "*/10 * * * * *".into(),
        cron_telegram_alerts: "0 */10 * * * *".into(),
    };
    let rt_db = storage.open_db().await.map_err(anyhow::Error::msg)?;
    let rt = Arc::new(jobs::JobContext::new(rt_db, queue, config)?);
    let mut stack = Stack {
        kind,
        running,
        url,
        db,
        token,
        client_id,
        products: Vec::new(),
        rt,
        shops: Default::default(),
    };
    // A first shop brings the category tree the template needs.
    connect_shop(ctx, &stack, tiktok).await?;
    let template = gql(
        &ctx.http,
        &stack.url,
        "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }",
        json!({ "i": tee_template() }),
        Some(&stack.token),
    )
    .await?["createProductTemplate"]["id"]
        .as_str()
        .context("template id")?
        .to_owned();
    for start in (0..n).step_by(200) {
        let designs: Vec<Value> = (start..(start + 200).min(n))
            .map(|i| json!({ "name": format!("Design {i:05}"), "designFrontUrl": format!("{host}/front/d{i}.png"), "mockupUrls": [format!("{host}/mockup/d{i}.png")] }))
            .collect();
        let ids = gql(
            &ctx.http,
            &stack.url,
            "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }",
            json!({ "i": { "templateId": template, "designs": designs } }),
            Some(&stack.token),
        )
        .await?;
        for id in ids["createProductWithTemplate"].as_array().context("ids")? {
            stack.products.push(id.as_str().context("id")?.to_owned());
        }
    }
    stack.running.check_alive()?;
    Ok(stack)
}

/// Connects a new sandbox shop as the consent flow does and waits for its first sync.
pub(crate) async fn connect_shop(
    ctx: &Ctx,
    stack: &Stack,
    tiktok: &sandbox::tiktok::SandboxHandle,
) -> anyhow::Result<String> {
    Ok(connect_shop_with(ctx, stack, tiktok, |_| {}).await?.0)
}

/// [`connect_shop`], with `prepare` run on the shop at the marketplace after the seller's
/// consent and before Sellerdesk is authorised (orders placed there are in its first sync).
/// Answers our shop id and the marketplace's shop.
pub(crate) async fn connect_shop_with(
    ctx: &Ctx,
    stack: &Stack,
    tiktok: &sandbox::tiktok::SandboxHandle,
    prepare: impl FnOnce(&sandbox::tiktok::GrantedShop),
) -> anyhow::Result<(String, sandbox::tiktok::GrantedShop)> {
    let i = stack
        .shops
        .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let link = gql(
        &ctx.http,
        &stack.url,
        "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
        json!({}),
        Some(&stack.token),
    )
    .await?["generateAuthorizeLink"]
        .as_str()
        .context("link")?
        .to_owned();
    let state = reqwest::Url::parse(&link)?
        .query_pairs()
        .find(|(k, _)| k == "state")
        .map(|(_, v)| v.into_owned())
        .context("state")?;
    let granted = tiktok
        .sandbox()
        .grant_shop(&format!("Bench shop {i}"), "US");
    prepare(&granted);
    let data = gql(
        &ctx.http,
        &stack.url,
        "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id } }",
        json!({ "i": { "code": granted.auth_code, "state": state, "saleChannel": "TIKTOK", "targetMarket": "US" } }),
        Some(&stack.token),
    )
    .await?;
    let shop = data["authorizeShop"]["id"]
        .as_str()
        .context("shop id")?
        .to_owned();
    wait_idle(stack).await?;
    Ok((shop, granted))
}

/// Until no job waits or runs (the shop's sync, the category tree).
pub(crate) async fn wait_idle(stack: &Stack) -> anyhow::Result<()> {
    env::wait_until(
        Duration::from_secs(120),
        Duration::from_millis(100),
        "jobs to finish",
        || async {
            let n: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM job_queue WHERE status IN ('PENDING', 'PROCESSING')",
            )
            .fetch_one(&stack.db.pool)
            .await?;
            Ok((n == 0).then_some(()))
        },
    )
    .await
}

async fn ours(ctx: &Ctx, stack: &Stack, shop: &str) -> anyhow::Result<Sample> {
    let n = stack.products.len();
    let t0 = chrono::Utc::now();
    let mut batches = Vec::new();
    for chunk in stack.products.chunks(1000) {
        let data = gql(
            &ctx.http,
            &stack.url,
            "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId queued } }",
            json!({ "i": { "shopId": shop, "productIds": chunk, "mode": "LISTING" } }),
            Some(&stack.token),
        )
        .await?;
        batches.push(
            data["bulkListingProduct"]["batchId"]
                .as_str()
                .context("batch")?
                .to_owned(),
        );
    }
    let in_batches = |select: &str| {
        let marks: Vec<String> = (1..=batches.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "{select} FROM event_histories WHERE batch_id IN ({})",
            marks.join(", ")
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for b in &batches {
            q = q.bind(b.clone());
        }
        q
    };
    let deadline = Instant::now() + Duration::from_secs(120 + n as u64 / 5);
    loop {
        let row = in_batches("SELECT SUM(CASE WHEN status IN ('PENDING', 'PROCESSING') THEN 1 ELSE 0 END) AS busy, SUM(CASE WHEN status = 'FAILED' THEN 1 ELSE 0 END) AS failed, COUNT(*) AS total")
            .fetch_one(&stack.db.pool)
            .await?;
        let busy: i64 = row.try_get::<Option<i64>, _>("busy")?.unwrap_or(0);
        let failed: i64 = row.try_get::<Option<i64>, _>("failed")?.unwrap_or(0);
        let total: i64 = row.try_get("total")?;
        if failed > 0 {
            let error: Option<String> = in_batches("SELECT error")
                .fetch_all(&stack.db.pool)
                .await?
                .iter()
                .find_map(|r| r.try_get("error").ok().flatten());
            bail!(
                "{failed} listing jobs FAILED, e.g.: {}",
                error.unwrap_or_default()
            );
        }
        if total as usize == n && busy == 0 {
            break;
        }
        if Instant::now() > deadline {
            bail!("listing not done in time: {busy} of {total} jobs still waiting or running");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let last: String = in_batches("SELECT MAX(finished_at) AS last")
        .fetch_one(&stack.db.pool)
        .await?
        .try_get("last")?;
    let secs = (domain::time::from_db(&last) - t0).num_milliseconds() as f64 / 1000.0;
    let mut m = Sample::from([("secs", secs), ("items_per_s", n as f64 / secs)]);
    if let Some(r) = stack.running.api_rss() {
        m.insert("api_rss_mib", r);
    }
    if let Some(r) = stack.running.worker_rss() {
        m.insert("worker_rss_mib", r);
    }
    Ok(m)
}

async fn bare(stack: &Stack, shop: &str) -> anyhow::Result<Sample> {
    let t0 = Instant::now();
    for product in &stack.products {
        let mut tx = stack.rt.db.begin().await?;
        let (_, version) = domain::shop_products::request_listing(
            &mut tx,
            &stack.client_id,
            shop,
            product,
            domain::shop_products::ListingMode::Listing,
        )
        .await?;
        tx.commit().await?;
        let payload = jobs::kinds::ListingPublish {
            shop_id: shop.to_owned(),
            product_id: product.clone(),
            version,
            mode: domain::shop_products::ListingMode::Listing,
            label: String::new(),
        };
        let now = domain::time::now();
        let job = domain::event_histories::EventHistory {
            id: domain::ids::new_id(),
            kind: <jobs::kinds::ListingPublish as JobKind>::NAME.into(),
            status: domain::event_histories::JobStatus::Processing,
            payload: serde_json::to_value(&payload)?,
            error: None,
            attempts: 1,
            max_attempts: 1,
            client_id: Some(stack.client_id.clone()),
            batch_id: None,
            dedupe_key: None,
            created_at: now,
            updated_at: now,
        };
        if let Err(e) = payload.run(&stack.rt, &job).await {
            bail!("the bare loop's publish of {product} failed: {e:?}");
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let _ = stack.kind;
    Ok(Sample::from([
        ("secs", secs),
        ("items_per_s", stack.products.len() as f64 / secs),
    ]))
}
