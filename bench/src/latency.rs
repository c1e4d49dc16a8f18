//! Scenario 3: latency at open-loop arrival rates of 200, 500, 1,000 and 2,000 jobs a second.
//!
//! - **scaled**: two `worker` processes wait on an empty queue; the bench enqueues one job per
//!   arrival as a mutation does (the row in a transaction, the push after commit), each arrival on
//!   its own task so a slow one never delays the next (open loop). The arrival time is stamped in
//!   the payload; the workers record `started_at` and `finished_at`.
//! - **embedded**: the embedded stack's pipeline as `api serve` runs it: the bench process opens
//!   the SQLite database and the queue file beside it and starts the job pool in process (16
//!   jobs at once, the two workers' total), and enqueues on the API's pool as a mutation does
//!   (row in a transaction, push after commit, the in-process wake). Compared with scaled.
//! - **bullmq**: the same workers layout in Node; a producer adds one job per arrival at the same
//!   rate; BullMQ records `timestamp`, `processedOn` and `finishedOn`.
//!
//! - **graphile-speed**, **graphile-defaults**: Graphile Worker on the same PostgreSQL, two
//!   Node workers at the same concurrency; a producer adds one job per arrival, each in its own
//!   transaction from as many connections as ours; the workers time start and completion.
//!
//! - **commit-alone**: no queue at all: the same arrivals from the same number of connections,
//!   each a transaction inserting one small row into a table of its own, with nothing else
//!   running. Its commit times are PostgreSQL's and the disk's at this rate in this hour, the
//!   floor under scaled's enqueue commit (scaled's `commit_p99` against it is the row that says
//!   how much our workers running beside the enqueues add to them).
//! - **enqueue-alone**: scaled's enqueues (the job's row, the push) with no worker running:
//!   between commit-alone and scaled, it tells the cost of the job's own writes from that of the
//!   workers running beside them.
//!
//! Each enqueue is timed by stage (ours, commit-alone and enqueue-alone): a connection from the
//! pool (`acquire`), `BEGIN`, the row's statement (`write`), `COMMIT` (`commit_only`) and the
//! push after it (`push_only`); their p99s say which of them the enqueue's tail is in. The
//! bench's pools have every connection open before a round, as a running API's has.
//!
//! A side sustains a rate when its last job finishes within a second of the last arrival; one
//! that does not is named in the rows' note (its backlog grew, its figures measure the backlog).
//! Every side's times have millisecond resolution; percentiles come from an HDR histogram.
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use hdrhistogram::Histogram;
use jobs::{JobKind, Priority};
use sqlx::Row as _;

use crate::Ctx;
use crate::drain::{check_bullmq, last_json, node};
use crate::graphile::{self, Graphile};
use crate::harness::{Better, Row, Sample, interleave};
use crate::stack::{self, Running};

pub async fn run(ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    check_bullmq()?;
    let rates: Vec<f64> = match ctx.sizes.latency_rate {
        Some(r) => vec![r.max(1.0)],
        None if ctx.sizes.quick => vec![200.0],
        None => RATES.to_vec(),
    };
    let secs = ctx.sizes.latency_secs;
    let redis = ctx.redis().await?;
    let dir = ctx.work.fresh("latency-scaled")?;
    let (name, url, db) = stack::scaled_database(ctx, &dir).await?;
    let graphile = Graphile::create(ctx, &ctx.work.fresh("latency-graphile")?).await?;
    let env = stack::scaled_env(&dir, &url, &redis.url(), &name);
    let variants = variants(ctx)?;
    let mut rows = Vec::new();
    for rate in rates {
        eprintln!("   {rate:.0} jobs/s, for {secs}s per round");
        let rounds = interleave(ctx.plan, &variants, |variant, round| {
            let (env, name, dir, db, graphile) = (&env, &name, &dir, &db, &graphile);
            async move {
                match variant {
                    "scaled" => scaled(ctx, &ctx.bins, db, env, name, dir, rate, secs).await,
                    "scaled-before" => {
                        let bins = ctx.before.as_ref().context("--before")?;
                        scaled(ctx, bins, db, env, name, dir, rate, secs).await
                    }
                    "embedded" => embedded(ctx, rate, secs).await,
                    "bullmq" => bullmq(ctx, round, rate, secs).await,
                    "commit-alone" => commit_alone(db, env, rate, secs).await,
                    "enqueue-alone" => enqueue_alone(ctx, db, env, name, rate, secs).await,
                    "graphile-speed" => {
                        graphile_round(ctx, graphile, graphile::Config::Speed, rate, secs).await
                    }
                    _ => {
                        graphile_round(ctx, graphile, graphile::Config::Defaults, rate, secs).await
                    }
                }
            }
        })
        .await?;
        // A side whose backlog outlasted the arrivals by more than a second did not keep up.
        let short: Vec<&str> = variants
            .iter()
            .copied()
            .filter(|v| rounds.values(v, "sustained").contains(&0.0))
            .collect();
        let note = if short.is_empty() {
            format!("at {rate:.0} jobs/s")
        } else {
            format!("at {rate:.0} jobs/s; not sustained by {}", short.join(", "))
        };
        for (baseline, figures) in [
            ("bullmq", &["start_p50", "start_p99", "done_p99"][..]),
            ("scaled-before", &["start_p50", "start_p99", "done_p99"][..]),
            ("embedded", &["start_p50", "start_p99"][..]),
            ("graphile-speed", &["start_p50", "start_p99"][..]),
            ("graphile-defaults", &["start_p50", "start_p99"][..]),
        ] {
            for &figure in figures {
                let label = match figure {
                    "start_p50" => "3 latency enqueue→start p50",
                    "start_p99" => "3 latency enqueue→start p99",
                    _ => "3 latency enqueue→done p99",
                };
                // Embedded is measured against scaled, not the other way round.
                if !variants.contains(&baseline) {
                    continue;
                }
                let (ours, theirs, label) = if baseline == "embedded" {
                    (
                        "embedded",
                        "scaled",
                        format!("{label}, embedded (baseline: scaled)"),
                    )
                } else if baseline == "scaled-before" {
                    (
                        "scaled",
                        baseline,
                        format!("{label} (baseline: the worker of the build before)"),
                    )
                } else {
                    ("scaled", baseline, label.to_owned())
                };
                let mut row = rounds.row(
                    &label,
                    "ms",
                    Better::Lower,
                    (ours, figure),
                    Some((theirs, figure)),
                );
                row.note = note.clone();
                rows.push(row);
            }
        }
        let mut row = rounds.row(
            "3 latency enqueue commit p99 (baseline: the same commit with no queue running)",
            "ms",
            Better::Lower,
            ("scaled", "commit_p99"),
            Some(("commit-alone", "commit_p99")),
        );
        row.note = format!(
            "at {rate:.0} jobs/s; what the database and the disk take to commit at this rate, and what our workers beside the enqueues add"
        );
        if variants.contains(&"commit-alone") {
            rows.push(row);
        }
        let mut row = rounds.row(
            "3 latency enqueue commit p99, no worker running (baseline: the same commit with no queue running)",
            "ms",
            Better::Lower,
            ("enqueue-alone", "commit_p99"),
            Some(("commit-alone", "commit_p99")),
        );
        row.note = format!("at {rate:.0} jobs/s; what the job's own writes add to a commit");
        if variants.contains(&"commit-alone") && variants.contains(&"enqueue-alone") {
            rows.push(row);
        }
        stack::clear_jobs(&db).await?;
    }
    db.pool.close().await;
    graphile.db.pool.close().await;
    Ok(rows)
}

/// The arrival rates of the latency scenario, jobs a second.
const RATES: [f64; 4] = [200.0, 500.0, 1000.0, 2000.0];

const VARIANTS: &[&str] = &[
    "scaled",
    "embedded",
    "bullmq",
    "commit-alone",
    "enqueue-alone",
    "graphile-speed",
    "graphile-defaults",
];

/// The variants this run measures: every one (and `scaled-before`, right after `scaled`, when
/// an earlier build is given), or those asked for with `--variant`.
fn variants(ctx: &Ctx) -> anyhow::Result<Vec<&'static str>> {
    let mut all = VARIANTS.to_vec();
    if ctx.before.is_some() {
        all.insert(1, "scaled-before");
    }
    for v in &ctx.variants {
        if !all.contains(&v.as_str()) {
            anyhow::bail!(
                "--variant {v}: no such latency variant here; choose from {}",
                all.join(", ")
            );
        }
    }
    if ctx.variants.is_empty() {
        return Ok(all);
    }
    Ok(all
        .into_iter()
        .filter(|v| ctx.variants.iter().any(|w| w == v))
        .collect())
}

/// How long the last job may finish after the last arrival for a rate to count as sustained.
const SUSTAINED_LAG_MS: f64 = 1000.0;

fn sustained(sample: &mut Sample, t0_ms: f64, last_done_ms: f64, secs: f64) {
    let lag = last_done_ms - (t0_ms + secs * 1000.0);
    sample.insert("lag_ms", lag);
    sample.insert("sustained", if lag <= SUSTAINED_LAG_MS { 1.0 } else { 0.0 });
}

/// The enqueuer's connections: an API replica's pool on PostgreSQL (`DATABASE_MAX_CONNECTIONS`'s
/// default). Each enqueue is a commit that waits for the disk; commits waiting together are
/// flushed together, so the pool's size bounds the single-enqueue rate.
const ENQUEUE_CONNECTIONS: u32 = 20;

fn epoch_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// p50, p99, p99.9 of two histograms (µs) as a sample in ms.
fn percentiles(start: &Histogram<u64>, done: &Histogram<u64>, sent: usize, secs: f64) -> Sample {
    let ms = |h: &Histogram<u64>, q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    Sample::from([
        ("start_p50", ms(start, 0.5)),
        ("start_p99", ms(start, 0.99)),
        ("start_p999", ms(start, 0.999)),
        ("done_p50", ms(done, 0.5)),
        ("done_p99", ms(done, 0.99)),
        ("done_p999", ms(done, 0.999)),
        ("arrivals_per_s", sent as f64 / secs),
    ])
}

fn histogram() -> anyhow::Result<Histogram<u64>> {
    Ok(Histogram::new_with_bounds(1, 3_600_000_000, 3)?)
}

/// Records a latency in ms (whole milliseconds on both sides) as µs; 0 becomes the lowest bucket.
fn record(h: &mut Histogram<u64>, ms: i64) -> anyhow::Result<()> {
    h.record((ms.max(0) as u64 * 1000).max(1))
        .context("latency out of the histogram's range")
}

#[allow(clippy::too_many_arguments)]
async fn scaled(
    ctx: &Ctx,
    bins: &crate::env::Bins,
    db: &domain::Db,
    env: &std::collections::BTreeMap<String, String>,
    queue_name: &str,
    dir: &std::path::Path,
    rate: f64,
    secs: f64,
) -> anyhow::Result<Sample> {
    let redis = ctx.redis().await?;
    redis.flush().await?;
    stack::clear_jobs(db).await?;
    let workers = stack::start_workers_ready(
        bins,
        db,
        env,
        ctx.sizes.drain_workers,
        ctx.sizes.drain_concurrency,
        dir,
    )
    .await?;
    let mut running = Running { api: None, workers };
    // Arrivals beyond what the enqueue path sustains wait for a connection, as requests would
    // wait for an API replica, for as long as the round's backlog takes: their wait is part of
    // the latency measured (the arrival time is stamped before), not an error.
    let enqueue_db = enqueue_pool(env, secs).await?;
    let queue = jobs::Queue::redis(&redis.url(), queue_name)
        .await
        .map_err(anyhow::Error::msg)?;
    let (sent, t0_ms, enqueue) = arrive(&enqueue_db, &queue, rate, secs).await?;
    stack::wait_probes(db, sent, &mut running, Duration::from_secs(120)).await?;
    running.stop().await;
    enqueue_db.pool.close().await;
    let mut sample = measured(db, sent, t0_ms, secs).await?;
    sample.extend(enqueue);
    Ok(sample)
}

async fn embedded(ctx: &Ctx, rate: f64, secs: f64) -> anyhow::Result<Sample> {
    let dir = ctx.work.fresh("latency-embedded")?;
    let db = stack::embedded_database(ctx, &dir).await?;
    let mut env = stack::base_env(&dir);
    env.insert("DEMO".into(), "false".into());
    env.insert(
        "WORKER_CONCURRENCY".into(),
        (ctx.sizes.drain_workers * ctx.sizes.drain_concurrency).to_string(),
    );
    let vars: std::collections::HashMap<String, String> = env.into_iter().collect();
    let (storage, config) = jobs::config::env::scoped(&vars, || {
        let storage = jobs::StorageConfig::from_env()?;
        let config = jobs::JobsConfig::from_env(&storage)?;
        Ok::<_, jobs::config::ConfigError>((storage, config))
    })
    .map_err(anyhow::Error::msg)?;
    // What `api serve` opens: its database pool (the mutations' and the workers'), its queue.
    let app_db = storage.open_db().await.map_err(anyhow::Error::msg)?;
    let queue = storage.open_queue().await.map_err(anyhow::Error::msg)?;
    let pool = jobs::Pool::start(jobs::JobContext::new(
        app_db.clone(),
        queue.clone(),
        config,
    )?)
    .await?;
    let (sent, t0_ms, enqueue) = arrive(&app_db, &queue, rate, secs).await?;
    let mut running = Running {
        api: None,
        workers: Vec::new(),
    };
    let waited = stack::wait_probes(&db, sent, &mut running, Duration::from_secs(120)).await;
    pool.shutdown().await;
    app_db.pool.close().await;
    waited?;
    let sample = measured(&db, sent, t0_ms, secs).await;
    db.pool.close().await;
    let mut sample = sample?;
    sample.extend(enqueue);
    Ok(sample)
}

/// The stages of one enqueue, in order, by the name of their p99 in a sample; each is timed
/// from the end of the one before: a transaction begun (`Db::begin`: a kept one, or a
/// connection from the pool and its `BEGIN`), the statement that writes the row, `COMMIT`, the
/// push to the queue (none in commit-alone).
const STAGES: [&str; 4] = ["begin_p99", "write_p99", "commit_only_p99", "push_only_p99"];

/// Times the stages of one enqueue as it goes: `mark` at the end of each of [`STAGES`].
struct StageClock {
    last: Instant,
    marks: Vec<Duration>,
}

impl StageClock {
    fn start() -> StageClock {
        StageClock {
            last: Instant::now(),
            marks: Vec::with_capacity(STAGES.len()),
        }
    }

    fn mark(&mut self) {
        let now = Instant::now();
        self.marks.push(now - self.last);
        self.last = now;
    }

    /// How long stage `i` took (zero if it was not marked: no push).
    fn stage(&self, i: usize) -> Duration {
        self.marks.get(i).copied().unwrap_or_default()
    }

    /// From the start to the end of the commit.
    fn to_commit(&self) -> Duration {
        (0..3).map(|i| self.stage(i)).sum()
    }
}

/// Starts `one(stamp)` per arrival at `rate` for `secs`, each on its own task (open loop: a slow
/// one never delays the next), `stamp` being its arrival time (epoch ms). Each returns where its
/// time went. Returns how many were sent, when the first was due (epoch ms), and those times'
/// percentiles: the commit (start to commit), the whole enqueue with its push, and each stage.
async fn open_loop<F, Fut>(rate: f64, secs: f64, mut one: F) -> anyhow::Result<(usize, f64, Sample)>
where
    F: FnMut(i64) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<StageClock>> + Send + 'static,
{
    let t0 = Instant::now();
    let t0_ms = epoch_ms() as f64;
    let mut sent = 0usize;
    let mut tasks = Vec::new();
    while t0.elapsed().as_secs_f64() < secs {
        // Arrival k is due at k / rate: the first at once.
        let due =
            ((t0.elapsed().as_secs_f64() * rate) as usize + 1).min((rate * secs).ceil() as usize);
        while sent < due {
            tasks.push(tokio::spawn(one(epoch_ms())));
            sent += 1;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    // How long the enqueue itself took (connection, transaction, commit; then the push): the
    // share of the latency that is not the queue's, and which stage of it the tail is in.
    let (mut commit, mut push) = (histogram()?, histogram()?);
    let mut stages = STAGES
        .iter()
        .map(|_| histogram())
        .collect::<anyhow::Result<Vec<_>>>()?;
    let us = |d: Duration| (d.as_micros() as u64).max(1);
    for t in tasks {
        let clock = t.await??;
        commit.record(us(clock.to_commit()))?;
        push.record(us(clock.to_commit() + clock.stage(3)))?;
        for (i, h) in stages.iter_mut().enumerate() {
            h.record(us(clock.stage(i)))?;
        }
    }
    let ms = |h: &Histogram<u64>, q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    let mut enqueue = Sample::from([
        ("commit_p50", ms(&commit, 0.5)),
        ("commit_p99", ms(&commit, 0.99)),
        ("pushed_p99", ms(&push, 0.99)),
    ]);
    for (name, h) in STAGES.iter().zip(&stages) {
        enqueue.insert(name, ms(h, 0.99));
    }
    Ok((sent, t0_ms, enqueue))
}

/// Enqueues one probe per arrival, as a mutation does: the row in a transaction, the push after
/// commit.
async fn arrive(
    db: &domain::Db,
    queue: &jobs::Queue,
    rate: f64,
    secs: f64,
) -> anyhow::Result<(usize, f64, Sample)> {
    open_loop(rate, secs, |stamp| {
        let (db, queue) = (db.clone(), queue.clone());
        async move {
            let mut clock = StageClock::start();
            let mut tx = db.begin().await?;
            clock.mark();
            let mut job =
                jobs::kinds::SystemProbe::default().new_job(&jobs::EnqueueOptions::new(3))?;
            job.payload["sent_ms"] = stamp.into();
            let id = domain::event_histories::insert(&mut tx, &job)
                .await?
                .context("inserted")?;
            clock.mark();
            // The connection is given back at commit, before the push, as a mutation's is.
            tx.commit().await?;
            clock.mark();
            queue.push(&db, &[id], Priority::Normal).await;
            clock.mark();
            anyhow::Ok(clock)
        }
    })
    .await
}

/// Scaled's enqueues with no worker running: the jobs wait in the table and in Redis, and are
/// cleared after the round.
async fn enqueue_alone(
    ctx: &Ctx,
    db: &domain::Db,
    env: &std::collections::BTreeMap<String, String>,
    queue_name: &str,
    rate: f64,
    secs: f64,
) -> anyhow::Result<Sample> {
    let redis = ctx.redis().await?;
    redis.flush().await?;
    stack::clear_jobs(db).await?;
    let enqueue_db = enqueue_pool(env, secs).await?;
    let queue = jobs::Queue::redis(&redis.url(), queue_name)
        .await
        .map_err(anyhow::Error::msg)?;
    let result = arrive(&enqueue_db, &queue, rate, secs).await;
    enqueue_db.pool.close().await;
    redis.flush().await?;
    stack::clear_jobs(db).await?;
    let (sent, _, mut sample) = result?;
    sample.insert("arrivals_per_s", sent as f64 / secs);
    Ok(sample)
}

/// The commit alone: one small row per arrival, each in its own transaction, from as many
/// connections as the enqueues use, with no worker and no queue running.
async fn commit_alone(
    db: &domain::Db,
    env: &std::collections::BTreeMap<String, String>,
    rate: f64,
    secs: f64,
) -> anyhow::Result<Sample> {
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS bench_commit_alone (id BIGSERIAL PRIMARY KEY, sent_ms BIGINT NOT NULL)",
    )
    .execute(&db.pool)
    .await?;
    sqlx::query("TRUNCATE bench_commit_alone")
        .execute(&db.pool)
        .await?;
    let enqueue_db = enqueue_pool(env, secs).await?;
    let result = open_loop(rate, secs, |stamp| {
        let db = enqueue_db.clone();
        async move {
            let mut clock = StageClock::start();
            let mut tx = db.begin().await?;
            clock.mark();
            sqlx::query("INSERT INTO bench_commit_alone (sent_ms) VALUES ($1)")
                .bind(stamp)
                .execute(&mut *tx)
                .await?;
            clock.mark();
            tx.commit().await?;
            clock.mark();
            anyhow::Ok(clock)
        }
    })
    .await;
    enqueue_db.pool.close().await;
    let (sent, _, mut sample) = result?;
    sample.insert("arrivals_per_s", sent as f64 / secs);
    Ok(sample)
}

/// The probes' latencies from their rows: arrival (in the payload) to `started_at` and to
/// `finished_at`.
async fn measured(db: &domain::Db, sent: usize, t0_ms: f64, secs: f64) -> anyhow::Result<Sample> {
    let rows = sqlx::query(
        "SELECT payload, started_at, finished_at FROM event_histories WHERE type = 'system.probe'",
    )
    .fetch_all(&db.pool)
    .await?;
    let (mut start, mut done) = (histogram()?, histogram()?);
    let mut last_done = 0i64;
    for r in rows {
        let payload: serde_json::Value = serde_json::from_str(&r.try_get::<String, _>("payload")?)?;
        let sent_ms = payload["sent_ms"]
            .as_i64()
            .context("sent_ms in the payload")?;
        let started =
            domain::time::from_db(&r.try_get::<String, _>("started_at")?).timestamp_millis();
        let finished =
            domain::time::from_db(&r.try_get::<String, _>("finished_at")?).timestamp_millis();
        record(&mut start, started - sent_ms)?;
        record(&mut done, finished - sent_ms)?;
        last_done = last_done.max(finished);
    }
    let mut sample = percentiles(&start, &done, sent, secs);
    sustained(&mut sample, t0_ms, last_done as f64, secs);
    Ok(sample)
}

/// The pool a round enqueues from, as an API replica's: its connections open, and arrivals
/// beyond what it sustains waiting for one for as long as the round's backlog takes.
async fn enqueue_pool(
    env: &std::collections::BTreeMap<String, String>,
    secs: f64,
) -> anyhow::Result<domain::Db> {
    crate::env::connect_waiting(
        &db_url(env),
        ENQUEUE_CONNECTIONS,
        Duration::from_secs_f64(secs * 4.0 + 60.0),
    )
    .await
}

fn db_url(env: &std::collections::BTreeMap<String, String>) -> String {
    env.get("DATABASE_URL").cloned().unwrap_or_default()
}

async fn bullmq(ctx: &Ctx, round: usize, rate: f64, secs: f64) -> anyhow::Result<Sample> {
    let redis = ctx.redis().await?;
    redis.flush().await?;
    let dir = ctx.work.fresh("latency-bullmq")?;
    let queue = format!("latency{round}");
    let url = redis.url();
    let per = ctx.sizes.drain_concurrency.to_string();
    let mut workers = Vec::new();
    for i in 0..ctx.sizes.drain_workers {
        workers.push(node(
            ctx,
            "bullmq worker",
            &[
                "work",
                "--forever",
                "--redis",
                &url,
                "--queue",
                &queue,
                "--concurrency",
                &per,
            ],
            &dir.join(format!("worker-{i}.log")),
        )?);
    }
    for w in &mut workers {
        w.wait_ready_line("BullMQ worker ready").await?;
    }
    let (r, s) = (format!("{rate}"), format!("{secs}"));
    let mut producer = node(
        ctx,
        "bullmq producer",
        &[
            "latency", "--redis", &url, "--queue", &queue, "--rate", &r, "--secs", &s,
        ],
        &dir.join("producer.log"),
    )?;
    let status = producer.wait(Duration::from_secs_f64(secs + 120.0)).await?;
    for w in &mut workers {
        w.stop(Duration::from_secs(10)).await;
    }
    if !status.success() {
        bail!(
            "bullmq producer failed: {}",
            crate::env::tail(&producer.log, 20)
        );
    }
    let result = last_json(&producer.log)?;
    let sent = result["sent"].as_u64().unwrap_or(0) as usize;
    let (mut start, mut done) = (histogram()?, histogram()?);
    for (key, h) in [("start_ms", &mut start), ("done_ms", &mut done)] {
        for v in result[key].as_array().context("latencies")? {
            record(h, v.as_i64().unwrap_or(0))?;
        }
    }
    if start.len() as usize != sent {
        bail!("BullMQ completed {} of {sent} jobs", start.len());
    }
    let mut sample = percentiles(&start, &done, sent, secs);
    sustained(
        &mut sample,
        result["t0_ms"].as_f64().context("t0_ms")?,
        result["last_done_ms"].as_f64().context("last_done_ms")?,
        secs,
    );
    Ok(sample)
}

async fn graphile_round(
    ctx: &Ctx,
    g: &Graphile,
    config: graphile::Config,
    rate: f64,
    secs: f64,
) -> anyhow::Result<Sample> {
    g.clear().await?;
    let dir = ctx.work.fresh("latency-graphile")?;
    let mut workers = g
        .start_workers(
            config,
            ctx.sizes.drain_workers,
            ctx.sizes.drain_concurrency,
            true,
            &dir,
        )
        .await?;
    let (r, s, c) = (
        format!("{rate}"),
        format!("{secs}"),
        ENQUEUE_CONNECTIONS.to_string(),
    );
    let result = graphile::produce(
        g,
        &["latency", "--rate", &r, "--secs", &s, "--connections", &c],
        &dir.join("producer.log"),
        Duration::from_secs_f64(secs * 4.0 + 120.0),
    )
    .await?;
    g.wait_empty(Duration::from_secs_f64(secs * 4.0 + 120.0))
        .await?;
    let report = graphile::collect(&mut workers, true, Duration::from_secs(30)).await?;
    let sent = result["sent"].as_u64().unwrap_or(0) as usize;
    if report.start_ms.len() != sent || report.done_ms.len() != sent {
        bail!(
            "Graphile Worker reported {} starts and {} completions of {sent} jobs",
            report.start_ms.len(),
            report.done_ms.len()
        );
    }
    let (mut start, mut done) = (histogram()?, histogram()?);
    for &v in &report.start_ms {
        record(&mut start, v)?;
    }
    for &v in &report.done_ms {
        record(&mut done, v)?;
    }
    let mut sample = percentiles(&start, &done, sent, secs);
    sustained(
        &mut sample,
        result["t0_ms"].as_f64().context("t0_ms")?,
        report.last_done_ms,
        secs,
    );
    Ok(sample)
}
