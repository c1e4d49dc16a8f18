//! Scenario 9: N fulfilment orders from the mutation to the last tracking written back to the
//! marketplace, embedded and scaled, against the TikTok Shop sandbox and the print-on-demand
//! providers' stand-in (both in this process, no faults; the providers' own rate limits on).
//!
//! Every round connects a fresh shop whose sandbox account holds N seller-shipped orders
//! awaiting shipment (placed before Sellerdesk is authorised, so its first sync stores them),
//! and uses three fresh provider accounts (Printify, MangoTee, HMFulfill), orders going to
//! them in turn; nothing of an earlier round's rate windows or orders is carried over. Not
//! timed: the shop, its sync, the accounts and one SKU of each.
//!
//! - **ours**: the accounts connected with `createFulfillmentProvider` (their SKU read with
//!   `getFulfillmentProducts`), then `createFulfillmentOrder` for every order ([`CONCURRENCY`]
//!   at a time), while the bench moves the providers' orders on every [`ADVANCE_EVERY`] as
//!   production would (each move sends the provider's webhooks; HMFulfill takes none by API,
//!   so its tracking comes by the `fulfillment.track` schedule, [`CRON`]). Timed from the first
//!   mutation to the last `shipped_back_at` in the stack's database. Afterwards every order is
//!   delivered at its provider and the stack left idle, so rounds start alike.
//! - **bare**: one loop in this process, order after order, making the same provider and
//!   marketplace calls with the same clients (the stack's own runtime): the provider order
//!   created, moved to shipped at the stand-in, read for its tracking, then TikTok's order
//!   detail, the shipping providers of its delivery option and Mark Package As Shipped. No
//!   database writes, no job, no concurrency. Finding and moving the provider's order at the
//!   stand-in (the provider's own work, done through its in-process controls) is kept off its
//!   clock (`stand_in_s`).
//!
//! Both sides go through the provider client's own rate limit (9 requests a second per account
//! and process), under the providers' (10 a second; Printify 600 a minute), so each round also
//! reports the provider calls per order and the 429s, and ours the phases of its round: when
//! the last provider order was made (`created_by_s`), when the last tracking was known
//! (`tracked_by_s`), and the tracking and write-back jobs queued per order.
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use connectors::fulfillment::{Account, NewItem, NewOrder, PrintFile, PrintPosition, ProductQuery};
use connectors::tiktok::{MarkShipped, ShipOutcome, match_shipping_provider};
use sandbox::providers::{Provider, ProvidersSandbox};
use serde_json::json;
use sqlx::Row as _;

use crate::Ctx;
use crate::harness::{Better, Row, Sample, interleave};
use crate::listing::{self, Kind, Stack, StackOptions};

/// Fulfilment orders sent at once by the client of ours.
const CONCURRENCY: usize = 8;
/// How often the bench moves every open provider order one step on (ours).
const ADVANCE_EVERY: Duration = Duration::from_millis(200);
/// The tracking schedule of both stacks: HMFulfill's tracking arrives only this way.
const CRON: &str = "*/2 * * * * *";
/// How long after an order is made (or last read) the schedule asks its provider about it: the
/// stand-in's orders move on every [`ADVANCE_EVERY`], so one read after this finds them shipped.
const POLL_SECS: u64 = 2;
/// The three providers of a round, in the order the orders go to them.
const PROVIDERS: [Provider; 3] = [Provider::Printify, Provider::MangoTee, Provider::HmFulfill];
const DESIGN: &str = "https://designs.example.com/bench-front.png";

pub async fn run(ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    let n = ctx.sizes.fulfil_orders;
    let tiktok = sandbox::tiktok::start(sandbox::tiktok::SandboxConfig {
        orders_per_shop: 0,
        ..Default::default()
    })
    .await?;
    // The orders a round places are the sandbox's controls, not news for any shop yet.
    tiktok.sandbox().set_auto_webhooks(false);
    let providers = sandbox::providers::start(sandbox::providers::ProvidersConfig {
        progress_every: None,
        rate_limits: true,
        ..Default::default()
    })
    .await?;
    let host = listing::image_host().await?;
    eprintln!(
        "   {n} orders per round; concurrency {CONCURRENCY}; marketplace at {}, providers at {}",
        tiktok.base_url(),
        providers.base_url()
    );
    let options = StackOptions {
        fulfillment_base_url: Some(providers.base_url().to_owned()),
        cron_fulfillment_track: Some(CRON.into()),
        fulfillment_poll_secs: Some(POLL_SECS),
    };
    let embedded =
        listing::start_stack_with(ctx, Kind::Embedded, &tiktok, &host, 0, "fulfil", &options)
            .await
            .context("embedded stack")?;
    let scaled =
        listing::start_stack_with(ctx, Kind::Scaled, &tiktok, &host, 0, "fulfil", &options)
            .await
            .context("scaled stack")?;
    let (embedded, scaled, tiktok) = (&embedded, &scaled, &tiktok);
    let sb = providers.sandbox();
    let rounds = interleave(
        ctx.plan,
        &["embedded", "bare-embedded", "scaled", "bare-scaled"],
        |variant, _| async move {
            let stack = if variant.ends_with("embedded") {
                embedded
            } else {
                scaled
            };
            let round = prepare(ctx, stack, tiktok, n).await?;
            if variant.starts_with("bare") {
                bare(stack, sb, tiktok.sandbox(), &round).await
            } else {
                ours(ctx, stack, sb, tiktok.sandbox(), &round).await
            }
        },
    )
    .await?;
    let mut rows = Vec::new();
    for stack in ["embedded", "scaled"] {
        let mut r = rounds.row(
            &format!("9 fulfil {n} orders, {stack}"),
            "s",
            Better::Lower,
            (stack, "secs"),
            Some((&format!("bare-{stack}"), "secs")),
        );
        r.note = "baseline: a bare sequential loop making the same provider and marketplace calls; target within 0.5×".into();
        rows.push(r);
        rows.push(rounds.row(
            &format!("9 fulfil {n} orders, {stack}"),
            "orders/s",
            Better::Higher,
            (stack, "orders_per_s"),
            Some((&format!("bare-{stack}"), "orders_per_s")),
        ));
        let mut r = rounds.row(
            &format!("9 fulfil, provider calls per order, {stack}"),
            "calls",
            Better::Lower,
            (stack, "provider_calls_per_order"),
            Some((&format!("bare-{stack}"), "provider_calls_per_order")),
        );
        r.note = "answered by the stand-in, 429s included; each account takes 9 a second".into();
        rows.push(r);
        rows.push(rounds.row(
            &format!("9 fulfil, provider 429s per round, {stack}"),
            "calls",
            Better::Lower,
            (stack, "throttled"),
            Some((&format!("bare-{stack}"), "throttled")),
        ));
    }
    for s in [embedded, scaled] {
        s.db.pool.close().await;
    }
    providers.stop().await;
    Ok(rows)
}

/// One order of a round as the shop's first sync stored it.
struct Order {
    id: String,
    external_id: String,
    item_id: String,
    product_name: Option<String>,
    address: connectors::fulfillment::Address,
}

/// A round's shop and its orders.
struct Round {
    shop: String,
    /// The marketplace's id of the shop.
    external_shop: String,
    orders: Vec<Order>,
}

/// A fresh shop whose first sync stored `n` seller-shipped orders awaiting shipment.
async fn prepare(
    ctx: &Ctx,
    stack: &Stack,
    tiktok: &sandbox::tiktok::SandboxHandle,
    n: usize,
) -> anyhow::Result<Round> {
    let (shop, granted) = listing::connect_shop_with(ctx, stack, tiktok, |g| {
        for i in 0..n {
            // A design (SKU) per order, as a print-on-demand catalogue has: orders of one SKU
            // sent at once race to insert its mapping on PostgreSQL (see the report).
            let order = sandbox::tiktok::NewOrder {
                units: vec![(
                    (7_300_000_000_000_000u64 + i as u64).to_string(),
                    (7_200_000_000_000_000u64 + i as u64).to_string(),
                    format!("Bench design {i} tee"),
                    "24.00".into(),
                )],
                ..Default::default()
            };
            tiktok.sandbox().place_order(&g.shop_id, &order);
        }
    })
    .await?;
    let rows = sqlx::query(
        "SELECT o.id, o.external_order_id, o.recipient_name, o.recipient_phone, o.recipient_address1,
            o.recipient_address2, o.recipient_city, o.recipient_state, o.recipient_postal_code,
            o.recipient_region_code,
            (SELECT MIN(i.id) FROM order_items i WHERE i.order_id = o.id) AS item_id,
            (SELECT MIN(i.product_name) FROM order_items i WHERE i.order_id = o.id) AS product_name
         FROM orders o WHERE o.shop_id = $1 AND o.client_id = $2 ORDER BY o.external_order_id",
    )
    .bind(&shop)
    .bind(&stack.client_id)
    .fetch_all(&stack.db.pool)
    .await?;
    let mut orders = Vec::with_capacity(rows.len());
    for r in &rows {
        let text = |c: &str| -> anyhow::Result<String> {
            r.try_get::<Option<String>, _>(c)?
                .with_context(|| format!("an order without {c}"))
        };
        orders.push(Order {
            id: r.try_get("id")?,
            external_id: r.try_get("external_order_id")?,
            item_id: text("item_id")?,
            product_name: r.try_get("product_name")?,
            address: connectors::fulfillment::Address {
                name: text("recipient_name")?,
                phone: r.try_get("recipient_phone")?,
                email: None,
                address1: text("recipient_address1")?,
                address2: r.try_get("recipient_address2")?,
                city: text("recipient_city")?,
                state: r
                    .try_get::<Option<String>, _>("recipient_state")?
                    .unwrap_or_default(),
                postal_code: text("recipient_postal_code")?,
                country: r
                    .try_get::<Option<String>, _>("recipient_region_code")?
                    .unwrap_or_else(|| "US".into()),
            },
        });
    }
    anyhow::ensure!(
        orders.len() == n,
        "the shop's first sync stored {} of {n} orders",
        orders.len()
    );
    Ok(Round {
        shop,
        external_shop: granted.shop_id,
        orders,
    })
}

/// The provider's name in the GraphQL API and in the provider client.
fn kind_of(p: Provider) -> (&'static str, connectors::fulfillment::Provider) {
    use connectors::fulfillment::Provider as C;
    match p {
        Provider::Printify => ("PRINTIFY", C::Printify),
        Provider::Gearment => ("GEARMENT", C::Gearment),
        Provider::Merchize => ("MERCHIZE", C::Merchize),
        Provider::Lenful => ("LENFUL", C::Lenful),
        Provider::HmFulfill => ("HMFULFILL", C::HmFulfill),
        Provider::MangoTee => ("MANGO_TEE", C::MangoTee),
    }
}

/// One provider account of a round: ours (ours only), the stand-in's, one SKU of its catalogue.
struct Connected {
    id: String,
    sandbox_id: String,
    sku: String,
}

/// Connects a fresh account of each provider to the stack's client, in [`PROVIDERS`] order.
async fn connect_providers(
    ctx: &Ctx,
    stack: &Stack,
    sb: &ProvidersSandbox,
) -> anyhow::Result<Vec<Connected>> {
    let mut out = Vec::new();
    for p in PROVIDERS {
        let a = sb.add_account(p);
        let (kind, _) = kind_of(p);
        let data = listing::gql(
            &ctx.http,
            &stack.url,
            "mutation($i: CreateFulfillmentProviderInput!) { createFulfillmentProvider(input: $i) { id } }",
            json!({ "i": { "provider": kind, "name": format!("Bench {}", a.id), "apiKey": a.api_key,
                "apiSecret": a.api_secret, "shopId": a.shop_id } }),
            Some(&stack.token),
        )
        .await
        .with_context(|| format!("connect {kind}"))?;
        let id = data["createFulfillmentProvider"]["id"]
            .as_str()
            .context("provider id")?
            .to_owned();
        let data = listing::gql(
            &ctx.http,
            &stack.url,
            "query($p: ID!) { getFulfillmentProducts(providerId: $p, filter: { limit: 1 }) { items { variants { sku } } } }",
            json!({ "p": id }),
            Some(&stack.token),
        )
        .await
        .with_context(|| format!("{kind}'s products"))?;
        let sku = data["getFulfillmentProducts"]["items"][0]["variants"][0]["sku"]
            .as_str()
            .with_context(|| format!("no {kind} variant in {data}"))?
            .to_owned();
        out.push(Connected {
            id,
            sandbox_id: a.id,
            sku,
        });
    }
    Ok(out)
}

/// Moves every open provider order one step on, every [`ADVANCE_EVERY`], until dropped.
struct Production {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Production {
    fn start(sb: &ProvidersSandbox) -> Production {
        let stop = Arc::new(AtomicBool::new(false));
        let (sb, flag) = (sb.clone(), stop.clone());
        let task = tokio::spawn(async move {
            while !flag.load(Ordering::SeqCst) {
                sb.advance_all();
                tokio::time::sleep(ADVANCE_EVERY).await;
            }
        });
        Production { stop, task }
    }

    async fn stop(self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = self.task.await;
    }
}

async fn ours(
    ctx: &Ctx,
    stack: &Stack,
    sb: &ProvidersSandbox,
    tiktok: &sandbox::tiktok::TiktokSandbox,
    round: &Round,
) -> anyhow::Result<Sample> {
    let n = round.orders.len();
    let accounts = connect_providers(ctx, stack, sb).await?;
    let failed_jobs_before = failed_jobs(stack).await?;
    let sends: Arc<Vec<serde_json::Value>> = Arc::new(
        round
            .orders
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let a = &accounts[i % accounts.len()];
                json!({ "i": { "orderId": o.id, "providerId": a.id, "items": [{
                    "orderItemId": o.item_id, "fulfillmentSku": a.sku, "quantity": 1,
                    "designFrontUrl": DESIGN }] } })
            })
            .collect(),
    );

    let t0 = chrono::Utc::now();
    let production = Production::start(sb);
    let next = Arc::new(AtomicUsize::new(0));
    let mut senders = Vec::new();
    for _ in 0..CONCURRENCY {
        let (http, url, token) = (ctx.http.clone(), stack.url.clone(), stack.token.clone());
        let (sends, next) = (sends.clone(), next.clone());
        senders.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(variables) = sends.get(i) else {
                    return anyhow::Ok(());
                };
                listing::gql(
                    &http,
                    &url,
                    "mutation($i: CreateFulfillmentOrderInput!) { createFulfillmentOrder(input: $i) { id } }",
                    variables.clone(),
                    Some(&token),
                )
                .await
                .context("createFulfillmentOrder")?;
            }
        }));
    }
    for s in senders {
        s.await??;
    }
    let ids: Vec<&str> = accounts.iter().map(|a| a.id.as_str()).collect();
    let deadline = Instant::now() + Duration::from_secs(180 + n as u64 / 2);
    let last = loop {
        let row = sqlx::query(
            "SELECT COUNT(*) AS total, COUNT(shipped_back_at) AS back, MAX(shipped_back_at) AS last,
                SUM(CASE WHEN submission = 'FAILED' OR ship_back_error IS NOT NULL OR status = 'CANCELLED' THEN 1 ELSE 0 END) AS failed,
                MAX(COALESCE(error, ship_back_error)) AS error
             FROM fulfillment_orders WHERE provider_id IN ($1, $2, $3)",
        )
        .bind(ids[0])
        .bind(ids[1])
        .bind(ids[2])
        .fetch_one(&stack.db.pool)
        .await?;
        let total: i64 = row.try_get("total")?;
        let back: i64 = row.try_get("back")?;
        let failed: i64 = row.try_get::<Option<i64>, _>("failed")?.unwrap_or(0);
        if failed > 0 {
            let error: Option<String> = row.try_get("error")?;
            bail!(
                "{failed} fulfilment orders failed, e.g.: {}",
                error.unwrap_or_default()
            );
        }
        let failed_jobs = failed_jobs(stack).await?;
        if failed_jobs.0 > failed_jobs_before.0 {
            bail!(
                "{} fulfilment jobs FAILED, e.g.: {}",
                failed_jobs.0 - failed_jobs_before.0,
                failed_jobs.1.unwrap_or_default()
            );
        }
        if total as usize == n && back == total {
            let last: String = row.try_get("last")?;
            break last;
        }
        if Instant::now() > deadline {
            bail!("{back} of {n} trackings written back in time ({total} fulfilment orders)");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let end = domain::time::from_db(&last);
    let secs = (end - t0).num_milliseconds() as f64 / 1000.0;
    production.stop().await;
    check_shipments(tiktok, round)?;
    // Where the time went: when the last provider order was made, how many tracking reads
    // were queued, how many calls the providers answered and how many of them were 429s.
    let row = sqlx::query(
        "SELECT MAX(submitted_at) AS created FROM fulfillment_orders WHERE provider_id IN ($1, $2, $3)",
    )
    .bind(ids[0])
    .bind(ids[1])
    .bind(ids[2])
    .fetch_one(&stack.db.pool)
    .await?;
    let created: Option<String> = row.try_get("created")?;
    let tracked: Option<String> = sqlx::query_scalar(
        "SELECT MAX(e.created_at) FROM fulfillment_order_events e JOIN fulfillment_orders f ON f.id = e.fulfillment_order_id
         WHERE f.provider_id IN ($1, $2, $3) AND e.to_status IN ('IN_TRANSIT', 'COMPLETED')
            AND e.source IN ('PROVIDER', 'WEBHOOK')",
    )
    .bind(ids[0])
    .bind(ids[1])
    .bind(ids[2])
    .fetch_one(&stack.db.pool)
    .await?;
    let jobs = |kind: &'static str| {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM event_histories WHERE type = $1 AND created_at >= $2 AND created_at <= $3",
        )
        .bind(kind)
        .bind(domain::time::to_db(t0))
        .bind(&last)
        .fetch_one(&stack.db.pool)
    };
    let tracks = jobs("fulfillment.track").await?;
    let ships = jobs("fulfillment.ship").await?;
    let sandbox_ids: Vec<&str> = accounts.iter().map(|a| a.sandbox_id.as_str()).collect();
    let (calls, throttled) = provider_calls(sb, &sandbox_ids, t0, end);
    settle(stack, sb, &ids).await?;
    let mut sample = Sample::from([
        ("secs", secs),
        ("orders_per_s", n as f64 / secs),
        ("provider_calls_per_order", calls as f64 / n as f64),
        ("throttled", throttled as f64),
        ("track_jobs_per_order", tracks as f64 / n as f64),
        ("ship_jobs_per_order", ships as f64 / n as f64),
    ]);
    // The round's phases: the last provider order made, the last tracking read (the write-back
    // records a SYSTEM event of its own, not counted).
    for (figure, at) in [("created_by_s", created), ("tracked_by_s", tracked)] {
        if let Some(at) = at {
            let s = (domain::time::from_db(&at) - t0).num_milliseconds() as f64 / 1000.0;
            sample.insert(figure, s);
        }
    }
    Ok(sample)
}

/// Calls the stand-in answered for `accounts` between `from` and `to`, and how many were 429s.
fn provider_calls(
    sb: &ProvidersSandbox,
    accounts: &[&str],
    from: chrono::DateTime<chrono::Utc>,
    to: chrono::DateTime<chrono::Utc>,
) -> (usize, usize) {
    let ledger = sb.ledger();
    let ours: Vec<_> = ledger
        .iter()
        .filter(|e| e.at >= from && e.at <= to)
        .filter(|e| e.account.as_deref().is_some_and(|a| accounts.contains(&a)))
        .collect();
    let throttled = ours.iter().filter(|e| e.status == 429).count();
    if std::env::var("BENCH_LEDGER").is_ok() {
        let mut kinds = std::collections::BTreeMap::<String, usize>::new();
        for e in &ours {
            let shape: String = e
                .path
                .split('/')
                .map(|p| {
                    if p.len() > 12 || p.chars().any(|c| c.is_ascii_digit()) {
                        "*"
                    } else {
                        p
                    }
                })
                .collect::<Vec<_>>()
                .join("/");
            *kinds
                .entry(format!("{:?} {} {}", e.provider, e.method, shape))
                .or_default() += 1;
        }
        eprintln!("   ledger: {kinds:?}");
    }
    (ours.len(), throttled)
}

/// FAILED fulfilment jobs so far, and one of their errors.
async fn failed_jobs(stack: &Stack) -> anyhow::Result<(i64, Option<String>)> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS n, MAX(e.error) AS error FROM job_queue q JOIN event_histories e ON e.id = q.id
         WHERE q.status = 'FAILED' AND e.type LIKE 'fulfillment.%'",
    )
    .fetch_one(&stack.db.pool)
    .await?;
    Ok((row.try_get("n")?, row.try_get("error")?))
}

/// Each of the round's orders shipped once at the marketplace.
fn check_shipments(tiktok: &sandbox::tiktok::TiktokSandbox, round: &Round) -> anyhow::Result<()> {
    let mut per_order = std::collections::HashMap::<String, usize>::new();
    for s in tiktok.shipments() {
        if s.shop_id == round.external_shop {
            *per_order.entry(s.order_id).or_default() += 1;
        }
    }
    for o in &round.orders {
        match per_order.get(&o.external_id) {
            Some(1) => {}
            Some(k) => bail!("order {} shipped {k} times", o.external_id),
            None => bail!("order {} never shipped at the marketplace", o.external_id),
        }
    }
    anyhow::ensure!(
        per_order.len() == round.orders.len(),
        "{} orders shipped, {} expected",
        per_order.len(),
        round.orders.len()
    );
    Ok(())
}

/// After a round of ours: every provider order delivered, every fulfilment order read as
/// such, no job left, so the next round's tracking rounds read only their own orders.
async fn settle(stack: &Stack, sb: &ProvidersSandbox, ids: &[&str]) -> anyhow::Result<()> {
    while sb.advance_all() > 0 {
        tokio::time::sleep(ADVANCE_EVERY).await;
    }
    let open = || async {
        let open: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM fulfillment_orders WHERE provider_id IN ($1, $2, $3) AND status IN ('CREATED', 'IN_TRANSIT')",
        )
        .bind(ids[0])
        .bind(ids[1])
        .bind(ids[2])
        .fetch_one(&stack.db.pool)
        .await?;
        anyhow::Ok(open)
    };
    let waited = crate::env::wait_until(
        Duration::from_secs(300),
        Duration::from_millis(250),
        "fulfilment orders to be read delivered",
        || async { Ok((open().await? == 0).then_some(())) },
    )
    .await;
    if let Err(e) = waited {
        eprintln!("   (settling: {e:#}; {} still open)", open().await?);
    }
    listing::wait_idle(stack).await
}

async fn bare(
    stack: &Stack,
    sb: &ProvidersSandbox,
    tiktok: &sandbox::tiktok::TiktokSandbox,
    round: &Round,
) -> anyhow::Result<Sample> {
    let rt = &stack.rt;
    // Accounts of no seller of the stack: the stand-in sends their webhooks nowhere.
    let mut accounts = Vec::new();
    let mut sandbox_ids = Vec::new();
    for p in PROVIDERS {
        let a = sb.add_account(p);
        sandbox_ids.push(a.id.clone());
        let account = Account {
            provider: kind_of(p).1,
            api_key: a.api_key.clone(),
            api_secret: a.api_secret.clone(),
            shop_id: a.shop_id.clone(),
            base_url: None,
        };
        let page = rt
            .fulfillment
            .products(
                &account,
                &ProductQuery {
                    page: 1,
                    limit: 1,
                    search: None,
                },
            )
            .await
            .map_err(|e| anyhow::anyhow!("{p:?}'s products: {e}"))?;
        let sku = page
            .products
            .first()
            .and_then(|p| p.variants.first())
            .map(|v| v.sku.clone())
            .with_context(|| format!("no {p:?} variant"))?;
        accounts.push((p, account, sku));
    }
    let session = jobs::tiktok::open_shop(
        &rt.db,
        rt.tiktok.as_ref(),
        &rt.secrets,
        &stack.client_id,
        &round.shop,
    )
    .await
    .map_err(|e| anyhow::anyhow!("open the shop: {e}"))?;

    let started = chrono::Utc::now();
    let t0 = Instant::now();
    let mut off_clock = Duration::ZERO;
    for (i, o) in round.orders.iter().enumerate() {
        let (provider, account, sku) = &accounts[i % accounts.len()];
        let new = NewOrder {
            reference: domain::ids::new_id(),
            label: o.external_id.clone(),
            address: o.address.clone(),
            shipping_method: None,
            label_url: None,
            items: vec![NewItem {
                sku: sku.clone(),
                quantity: 1,
                print_files: vec![PrintFile {
                    position: PrintPosition::Front,
                    url: DESIGN.into(),
                }],
                mockup_url: None,
                name: o.product_name.clone(),
            }],
        };
        let made = rt
            .fulfillment
            .create_order(account, &new)
            .await
            .map_err(|e| anyhow::anyhow!("create at {provider:?}: {e}"))?;
        let t = Instant::now();
        ship_at_provider(sb, *provider, &made.id, &new.reference)?;
        off_clock += t.elapsed();
        let found = rt
            .fulfillment
            .order(account, &made.id)
            .await
            .map_err(|e| anyhow::anyhow!("read at {provider:?}: {e}"))?;
        let tracking = jobs::fulfillment::tracking_of(&found)
            .with_context(|| format!("{provider:?} shows no tracking for a shipped order"))?;
        let detail = session
            .client
            .order_detail(&session.auth, std::slice::from_ref(&o.external_id))
            .await
            .map_err(|e| anyhow::anyhow!("order detail: {e}"))?;
        let marketplace_order = detail
            .first()
            .context("the marketplace no longer shows the order")?;
        let carriers = session
            .client
            .shipping_providers(&session.auth, &marketplace_order.delivery_option_id)
            .await
            .map_err(|e| anyhow::anyhow!("shipping providers: {e}"))?;
        let carrier = match_shipping_provider(&tracking.carrier, &carriers)
            .with_context(|| format!("no shipping provider for {}", tracking.carrier))?;
        let shipped = session
            .client
            .mark_shipped(
                &session.auth,
                &o.external_id,
                &MarkShipped {
                    tracking_number: tracking.number.clone(),
                    shipping_provider_id: carrier.id.clone(),
                    order_line_item_ids: Vec::new(),
                },
            )
            .await
            .map_err(|e| anyhow::anyhow!("mark shipped: {e}"))?;
        match shipped {
            ShipOutcome::Shipped { .. } | ShipOutcome::AlreadyShipped => {}
        }
    }
    let secs = (t0.elapsed() - off_clock).as_secs_f64();
    let sandbox_ids: Vec<&str> = sandbox_ids.iter().map(String::as_str).collect();
    let (calls, throttled) = provider_calls(sb, &sandbox_ids, started, chrono::Utc::now());
    check_shipments(tiktok, round)?;
    let n = round.orders.len() as f64;
    Ok(Sample::from([
        ("secs", secs),
        ("orders_per_s", n / secs),
        ("provider_calls_per_order", calls as f64 / n),
        ("throttled", throttled as f64),
        ("stand_in_s", off_clock.as_secs_f64()),
    ]))
}

/// The provider's own work: its copy of the order moved on until it ships (with its tracking).
fn ship_at_provider(
    sb: &ProvidersSandbox,
    provider: Provider,
    id: &str,
    reference: &str,
) -> anyhow::Result<()> {
    // MangoTee's client addresses an order by our reference; the stand-in's id is its own.
    let id = match sb.order(provider, id) {
        Some(o) => o.id,
        None => sb
            .orders(provider)
            .into_iter()
            .rev()
            .find(|o| o.reference.as_deref() == Some(reference))
            .map(|o| o.id)
            .with_context(|| format!("{provider:?} holds no order {reference}"))?,
    };
    for _ in 0..10 {
        match sb.order(provider, &id) {
            Some(o) if o.tracking_number.is_some() => return Ok(()),
            Some(_) => {
                sb.advance(provider, &id);
            }
            None => break,
        }
    }
    bail!("{provider:?}'s order {id} never shipped")
}
