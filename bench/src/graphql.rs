//! Scenario 5: GraphQL reads under load. `getProducts` pages of 50 (id, name, status, type,
//! createdAt and the total count) over N products of one client, requested open-loop at a fixed
//! rate, pages spread over the whole catalogue; baseline: `GET /healthz` at the same rate from the
//! same client. Latency runs from each request's scheduled time (so a slow server cannot slow
//! the arrivals down and hide its queue) to its answer; an error is a non-200, a GraphQL error
//! or a timeout (5 s). Both stacks: embedded (SQLite) and scaled (PostgreSQL; `api serve` only).
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use serde_json::json;

use crate::Ctx;
use crate::harness::{Better, Row, Sample, interleave, open_loop};
use crate::listing::{gql, login};
use crate::stack::{self, Running};

const QUERY: &str = "query($f: ProductFilter) { getProducts(filter: $f) { items { id name status type createdAt } pageInfo { totalCount } } }";
const PAGE: usize = 50;

struct Target {
    _running: Running,
    url: String,
    token: String,
}

pub async fn run(ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    let n = ctx.sizes.graphql_products;
    let rate = ctx.sizes.graphql_rate;
    let secs = ctx.sizes.graphql_secs;
    eprintln!("   {n} products, {rate:.0} requests/s for {secs}s per round");
    let embedded = start(ctx, false, n).await.context("embedded stack")?;
    let scaled = start(ctx, true, n).await.context("scaled stack")?;
    let (embedded, scaled) = (&embedded, &scaled);
    let rounds = interleave(
        ctx.plan,
        &[
            "graphql-embedded",
            "healthz-embedded",
            "graphql-scaled",
            "healthz-scaled",
        ],
        |variant, _| async move {
            let target = if variant.ends_with("embedded") {
                embedded
            } else {
                scaled
            };
            load(ctx, target, variant.starts_with("graphql"), n, rate, secs).await
        },
    )
    .await?;
    let mut rows = Vec::new();
    for stack in ["embedded", "scaled"] {
        let (ours, base) = (format!("graphql-{stack}"), format!("healthz-{stack}"));
        for (figure, label) in [("p50", "p50"), ("p99", "p99")] {
            let mut r = rounds.row(
                &format!("5 getProducts {label}, {stack}"),
                "ms",
                Better::Lower,
                (&ours, figure),
                Some((&base, figure)),
            );
            r.note = format!("{n} products, {rate:.0}/s; baseline /healthz");
            rows.push(r);
        }
        let mut r = rounds.row(
            &format!("5 getProducts errors, {stack}"),
            "errors",
            Better::Lower,
            (&ours, "errors"),
            Some((&base, "errors")),
        );
        r.note = format!("per round of {:.0} requests", rate * secs);
        rows.push(r);
    }
    Ok(rows)
}

async fn start(ctx: &Ctx, scaled: bool, n: usize) -> anyhow::Result<Target> {
    let dir = ctx.work.fresh(if scaled {
        "graphql-scaled"
    } else {
        "graphql-embedded"
    })?;
    let (mut env, db) = if scaled {
        let redis = ctx.redis().await?;
        let (name, url, db) = stack::scaled_database(ctx, &dir).await?;
        (stack::scaled_env(&dir, &url, &redis.url(), &name), db)
    } else {
        let db = stack::embedded_database(ctx, &dir).await?;
        (stack::base_env(&dir), db)
    };
    env.insert("DEMO".into(), "true".into());
    env.insert("WORKER_CONCURRENCY".into(), "4".into());
    let (api, url) = stack::start_api(ctx, &env, &dir.join("api.log")).await?;
    let token = login(&ctx.http, &url).await?;
    let me = gql(
        &ctx.http,
        &url,
        "{ getMe { client { id } } }",
        json!({}),
        Some(&token),
    )
    .await?;
    let client = me["getMe"]["client"]["id"]
        .as_str()
        .context("client id")?
        .to_owned();
    insert_products(&db, &client, n).await?;
    if !scaled {
        // The setup's one transaction of 100,000 rows left tens of MB of WAL; a catalogue grown
        // over months would not have them, so they are moved into the database file now rather
        // than by the first write during a round.
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&db.pool)
            .await
            .context("checkpoint")?;
    }
    db.pool.close().await;
    let target = Target {
        _running: Running {
            api: Some(api),
            workers: Vec::new(),
        },
        url,
        token,
    };
    warm_up(ctx, &target).await?;
    Ok(target)
}

/// The rounds measure a catalogue in use: its first read after the setup's inserts loads the
/// order in the background (docs/benchmarks.md, step 13), which reads meanwhile pay for. A few
/// seconds of reads, one at a time, before any round.
async fn warm_up(ctx: &Ctx, target: &Target) -> anyhow::Result<()> {
    let until = Instant::now() + Duration::from_secs(3);
    let mut page = 1;
    while Instant::now() < until {
        let r = page_request(ctx, target, page)
            .timeout(Duration::from_secs(5))
            .send()
            .await
            .context("warm-up request")?;
        if !r.status().is_success() {
            bail!("warm-up getProducts answered {}", r.status());
        }
        page += 1;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// `n` products of one client, a millisecond apart, in multi-row INSERTs.
async fn insert_products(db: &domain::Db, client: &str, n: usize) -> anyhow::Result<()> {
    let base = chrono::Utc::now() - chrono::Duration::milliseconds(n as i64);
    let mut tx = db.begin().await?;
    const CHUNK: usize = 1000;
    for start in (0..n).step_by(CHUNK) {
        let end = (start + CHUNK).min(n);
        let mut sql = String::from(
            "INSERT INTO products (id, client_id, name, status, source, type, created_at, updated_at) VALUES ",
        );
        // $1 is the client; then an id, a name and a time per row.
        for k in 0..end - start {
            if k > 0 {
                sql.push_str(", ");
            }
            let p = 2 + k * 3;
            sql.push_str(&format!(
                "(${p}, $1, ${}, 'UNPUBLISHED', 'POD', 'POD', ${}, ${})",
                p + 1,
                p + 2,
                p + 2
            ));
        }
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(client.to_owned());
        for i in start..end {
            let at = domain::time::to_db(base + chrono::Duration::milliseconds(i as i64));
            q = q
                .bind(domain::ids::new_id())
                .bind(format!("Bench product {i:06}"))
                .bind(at);
        }
        q.execute(&mut *tx).await.context("insert products")?;
    }
    tx.commit().await?;
    Ok(())
}

/// One getProducts page of the catalogue, as the scenario asks for it.
fn page_request(ctx: &Ctx, target: &Target, page: usize) -> reqwest::RequestBuilder {
    ctx.http
        .post(format!("{}/graphql", target.url))
        .bearer_auth(&target.token)
        .json(&json!({ "query": QUERY, "variables": { "f": { "limit": PAGE, "page": page } } }))
}

async fn load(
    ctx: &Ctx,
    target: &Target,
    graphql: bool,
    n: usize,
    rate: f64,
    secs: f64,
) -> anyhow::Result<Sample> {
    let pages = n.div_ceil(PAGE).max(1);
    open_loop(
        rate,
        secs,
        |k| {
            if graphql {
                // Pages spread over the catalogue (a fixed stride through it).
                page_request(ctx, target, (k * 7919) % pages + 1)
            } else {
                ctx.http.get(format!("{}/healthz", target.url))
            }
        },
        move |r: reqwest::Response| async move {
            if graphql {
                r.json::<serde_json::Value>()
                    .await
                    .map(|v| {
                        v.get("errors").is_none() && v["data"]["getProducts"]["items"].is_array()
                    })
                    .unwrap_or(false)
            } else {
                r.bytes().await.is_ok()
            }
        },
    )
    .await
}
