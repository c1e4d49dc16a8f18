//! Scenario 10: single enqueues, one job per transaction, as fast as 20 connections go.
//!
//! - **scaled**: two `worker` processes × 8 run while 20 loops (an API replica's 20 requests at
//!   once) each enqueue one no-op job, one after another, for the round's seconds, as a request
//!   whose only write is the job does (a webhook delivery): through `GroupCommit`, which commits
//!   the jobs asked for at the same moment in one transaction and pushes them after the commit.
//! - **scaled-own-tx**: the same, each job in a transaction of its own, as a mutation that writes
//!   other rows with it does (row in its transaction, push after commit).
//! - **graphile-speed**, **graphile-defaults**: the same with Graphile Worker on the same
//!   PostgreSQL: 20 loops each adding one job per transaction (`add_job`), two Node workers × 8.
//!
//! Enqueued/s counts commits in the round's seconds; end to end counts the same jobs over the
//! time from the first enqueue to the last job done.
use std::time::{Duration, Instant};

use anyhow::Context as _;
use jobs::{JobKind, Priority};

use crate::Ctx;
use crate::graphile::{self, Graphile};
use crate::harness::{Better, Row, Sample, interleave};
use crate::stack::{self, Running};

/// As many connections as an API replica's pool (`DATABASE_MAX_CONNECTIONS`'s default).
const CONNECTIONS: usize = 20;

const VARIANTS: &[&str] = &[
    "scaled",
    "scaled-own-tx",
    "graphile-speed",
    "graphile-defaults",
];

pub async fn run(ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    let secs = ctx.sizes.enqueue_secs;
    let redis = ctx.redis().await?;
    let dir = ctx.work.fresh("enqueue-scaled")?;
    let (name, url, db) = stack::scaled_database(ctx, &dir).await?;
    let graphile = Graphile::create(ctx, &ctx.work.fresh("enqueue-graphile")?).await?;
    let env = stack::scaled_env(&dir, &url, &redis.url(), &name);
    eprintln!("   {CONNECTIONS} connections, {secs}s per round");
    let rounds = interleave(ctx.plan, VARIANTS, |variant, _| {
        let (env, name, dir, db, url, graphile) = (&env, &name, &dir, &db, &url, &graphile);
        async move {
            match variant {
                "scaled" => scaled(ctx, db, url, env, name, dir, secs, true).await,
                "scaled-own-tx" => scaled(ctx, db, url, env, name, dir, secs, false).await,
                "graphile-speed" => {
                    graphile_round(ctx, graphile, graphile::Config::Speed, secs).await
                }
                _ => graphile_round(ctx, graphile, graphile::Config::Defaults, secs).await,
            }
        }
    })
    .await?;
    let mut rows = Vec::new();
    for baseline in ["graphile-speed", "graphile-defaults"] {
        for (figure, label) in [
            ("enqueued_per_s", "10 single enqueues, committed"),
            ("end_to_end_per_s", "10 single enqueues, end to end"),
        ] {
            let mut row = rounds.row(
                label,
                "jobs/s",
                Better::Higher,
                ("scaled", figure),
                Some((baseline, figure)),
            );
            row.note =
                format!("{CONNECTIONS} connections, one job per request, committed in groups");
            rows.push(row);
        }
    }
    let mut row = rounds.row(
        "10 single enqueues, each in its own transaction, end to end",
        "jobs/s",
        Better::Higher,
        ("scaled-own-tx", "end_to_end_per_s"),
        Some(("graphile-speed", "end_to_end_per_s")),
    );
    row.note = format!("{CONNECTIONS} connections, one job per transaction");
    rows.push(row);
    db.pool.close().await;
    graphile.db.pool.close().await;
    Ok(rows)
}

fn epoch_ms() -> f64 {
    chrono::Utc::now().timestamp_millis() as f64
}

// The scenario's shared state, passed as the other scenarios pass it.
#[allow(clippy::too_many_arguments)]
async fn scaled(
    ctx: &Ctx,
    db: &domain::Db,
    url: &str,
    env: &std::collections::BTreeMap<String, String>,
    queue_name: &str,
    dir: &std::path::Path,
    secs: f64,
    grouped: bool,
) -> anyhow::Result<Sample> {
    let redis = ctx.redis().await?;
    redis.flush().await?;
    stack::clear_jobs(db).await?;
    let workers = stack::start_workers_ready(
        &ctx.bins,
        db,
        env,
        ctx.sizes.drain_workers,
        ctx.sizes.drain_concurrency,
        dir,
    )
    .await?;
    let mut running = Running { api: None, workers };
    let enqueue_db = crate::env::connect(url, CONNECTIONS as u32).await?;
    let queue = jobs::Queue::redis(&redis.url(), queue_name)
        .await
        .map_err(anyhow::Error::msg)?;
    let group = jobs::GroupCommit::start(enqueue_db.clone(), queue.clone());
    let t0_ms = epoch_ms();
    let until = Instant::now() + Duration::from_secs_f64(secs);
    let mut loops = Vec::new();
    for _ in 0..CONNECTIONS {
        let (db, queue, group) = (enqueue_db.clone(), queue.clone(), group.clone());
        loops.push(tokio::spawn(async move {
            let mut added = 0usize;
            while Instant::now() < until {
                if grouped {
                    let probe = jobs::kinds::SystemProbe::default();
                    added += group
                        .enqueue(&[(probe, jobs::EnqueueOptions::new(3))])
                        .await?
                        .len();
                    continue;
                }
                let mut tx = db.begin().await?;
                let job =
                    jobs::kinds::SystemProbe::default().new_job(&jobs::EnqueueOptions::new(3))?;
                let id = domain::event_histories::insert(&mut tx, &job)
                    .await?
                    .context("inserted")?;
                tx.commit().await?;
                queue.push(&db, &[id], Priority::Normal).await;
                added += 1;
            }
            anyhow::Ok(added)
        }));
    }
    let mut added = 0usize;
    for l in loops {
        added += l.await??;
    }
    stack::wait_probes(db, added, &mut running, Duration::from_secs(300)).await?;
    running.stop().await;
    enqueue_db.pool.close().await;
    let last: Option<String> = sqlx::query_scalar(
        "SELECT MAX(finished_at) FROM event_histories WHERE type = 'system.probe'",
    )
    .fetch_one(&db.pool)
    .await?;
    let last_ms = domain::time::from_db(&last.context("no probe finished")?).timestamp_millis();
    Ok(figures(added, secs, t0_ms, last_ms as f64))
}

fn figures(added: usize, secs: f64, t0_ms: f64, last_done_ms: f64) -> Sample {
    Sample::from([
        ("enqueued_per_s", added as f64 / secs),
        (
            "end_to_end_per_s",
            added as f64 / ((last_done_ms - t0_ms) / 1000.0).max(0.001),
        ),
    ])
}

async fn graphile_round(
    ctx: &Ctx,
    g: &Graphile,
    config: graphile::Config,
    secs: f64,
) -> anyhow::Result<Sample> {
    g.clear().await?;
    let dir = ctx.work.fresh("enqueue-graphile")?;
    let mut workers = g
        .start_workers(
            config,
            ctx.sizes.drain_workers,
            ctx.sizes.drain_concurrency,
            true,
            &dir,
        )
        .await?;
    let (s, c) = (format!("{secs}"), CONNECTIONS.to_string());
    let result = graphile::produce(
        g,
        &["enqueue", "--secs", &s, "--connections", &c],
        &dir.join("producer.log"),
        Duration::from_secs_f64(secs + 120.0),
    )
    .await?;
    g.wait_empty(Duration::from_secs(300)).await?;
    let report = graphile::collect(&mut workers, true, Duration::from_secs(30)).await?;
    let added = result["added"].as_u64().unwrap_or(0) as usize;
    if report.completed as usize != added {
        anyhow::bail!(
            "Graphile Worker completed {} of {added} jobs",
            report.completed
        );
    }
    Ok(figures(
        added,
        secs,
        result["t0_ms"].as_f64().context("t0_ms")?,
        report.last_done_ms,
    ))
}
