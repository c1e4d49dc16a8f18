//! Scenarios 1 and 2, and the drain half of 6: no-op jobs drained at a fixed total concurrency.
//!
//! - **scaled**: keyless `system.probe` rows (true no-ops: no effect row) written and pushed to
//!   Redis as a bulk mutation writes and pushes its jobs (one batch, PENDING, stamped queued),
//!   then `worker` processes start on PostgreSQL and Redis and drain them.
//! - **bullmq**: the same number of no-op jobs added with `addBulk` to the same Redis, drained by
//!   as many Node processes at the same concurrency each.
//! - **graphile-speed**, **graphile-defaults**: the same number of no-op jobs added to Graphile
//!   Worker on the same PostgreSQL (`add_jobs`, 1,000 per transaction), drained by as many Node
//!   processes at the same concurrency each, with its performance page's settings and with its
//!   defaults.
//! - **embedded**: the same rows on SQLite, pushed to the embedded queue's file, then drained by
//!   one `api serve` whose in-process pool runs the whole concurrency.
//! - **redis-benchmark**: LPUSH and RPOP on the same Redis; a job needs one of each at least, so
//!   the ceiling in jobs/s is 1 / (1/lpush + 1/rpop).
//!
//! Drain rate = jobs / (last finish − first start), from each side's own records (our
//! `event_histories` rows; the Node workers' clocks), so process start-up is not counted.
//! Redis commands per job come from `INFO commandstats`, reset before the enqueue: they count
//! enqueue and drain.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context as _, bail};
use serde_json::Value;

use crate::Ctx;
use crate::env::{self, Proc};
use crate::graphile::{self, Graphile};
use crate::harness::{Better, Row, Sample, interleave};
use crate::stack::{self, Running};

pub fn bullmq_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("bullmq")
}

/// The Node project must be installed (`npm ci` in bench/bullmq).
pub fn check_bullmq() -> anyhow::Result<PathBuf> {
    let dir = bullmq_dir();
    if !dir.join("node_modules/bullmq").exists() {
        bail!(
            "{}/node_modules is missing: run `npm ci` there",
            dir.display()
        );
    }
    Ok(dir)
}

/// The last line of a log that parses as a JSON object: what the Node script printed.
pub fn last_json(log: &Path) -> anyhow::Result<Value> {
    let text = std::fs::read_to_string(log)?;
    text.lines()
        .rev()
        .find_map(|l| {
            serde_json::from_str::<Value>(l)
                .ok()
                .filter(Value::is_object)
        })
        .with_context(|| {
            format!(
                "no JSON result in {}:\n{}",
                log.display(),
                env::tail(log, 20)
            )
        })
}

pub fn node(ctx: &Ctx, name: &str, args: &[&str], log: &Path) -> anyhow::Result<Proc> {
    let dir = check_bullmq()?;
    let script = dir.join("bench.js");
    let mut all = vec![script.to_str().unwrap_or_default()];
    all.extend_from_slice(args);
    let _ = ctx;
    Proc::spawn(name, Path::new("node"), &all, &BTreeMap::new(), log)
}

struct Scaled {
    db: domain::Db,
    url: String,
    queue: String,
    dir: PathBuf,
}

pub async fn run(ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    check_bullmq()?;
    let n = ctx.sizes.drain_jobs;
    let workers = ctx.sizes.drain_workers;
    let per = ctx.sizes.drain_concurrency;
    let redis = ctx.redis().await?;
    let dir = ctx.work.fresh("drain-scaled")?;
    let (name, url, db) = stack::scaled_database(ctx, &dir).await?;
    let graphile = Graphile::create(ctx, &ctx.work.fresh("drain-graphile")?).await?;
    let scaled = Scaled {
        db,
        url,
        queue: name,
        dir,
    };
    eprintln!(
        "   {n} jobs, {workers} processes × {per} concurrent; Redis on port {}",
        redis.port
    );

    let rounds = interleave(
        ctx.plan,
        &[
            "scaled",
            "bullmq",
            "graphile-speed",
            "graphile-defaults",
            "embedded",
            "redis-benchmark",
        ],
        |variant, round| {
            let scaled = &scaled;
            let graphile = &graphile;
            async move {
                match variant {
                    "scaled" => drain_scaled(ctx, scaled, n).await,
                    "bullmq" => drain_bullmq(ctx, n, round).await,
                    "graphile-speed" => {
                        drain_graphile(ctx, graphile, n, graphile::Config::Speed).await
                    }
                    "graphile-defaults" => {
                        drain_graphile(ctx, graphile, n, graphile::Config::Defaults).await
                    }
                    "embedded" => drain_embedded(ctx, n).await,
                    _ => redis_ceiling(ctx).await,
                }
            }
        },
    )
    .await?;
    let mut rows = vec![
        rounds.row(
            "1 drain, scaled",
            "jobs/s",
            Better::Higher,
            ("scaled", "jobs_per_s"),
            Some(("bullmq", "jobs_per_s")),
        ),
        rounds.row(
            "1 drain, scaled",
            "jobs/s",
            Better::Higher,
            ("scaled", "jobs_per_s"),
            Some(("graphile-speed", "jobs_per_s")),
        ),
        rounds.row(
            "1 drain, scaled",
            "jobs/s",
            Better::Higher,
            ("scaled", "jobs_per_s"),
            Some(("graphile-defaults", "jobs_per_s")),
        ),
        rounds.row(
            "1 drain, scaled ÷ Redis ceiling",
            "jobs/s",
            Better::Higher,
            ("scaled", "jobs_per_s"),
            Some(("redis-benchmark", "jobs_per_s")),
        ),
        rounds.row(
            "1 drain, BullMQ ÷ Redis ceiling",
            "jobs/s",
            Better::Higher,
            ("bullmq", "jobs_per_s"),
            Some(("redis-benchmark", "jobs_per_s")),
        ),
        rounds.row(
            "1 Redis commands per job",
            "commands",
            Better::Lower,
            ("scaled", "redis_cmds_per_job"),
            Some(("bullmq", "redis_cmds_per_job")),
        ),
        rounds.row(
            "2 drain, embedded",
            "jobs/s",
            Better::Higher,
            ("embedded", "jobs_per_s"),
            Some(("scaled", "jobs_per_s")),
        ),
        rounds.row(
            "6 peak RSS, worker (drain)",
            "MiB",
            Better::Lower,
            ("scaled", "worker_rss_mib"),
            Some(("bullmq", "worker_rss_mib")),
        ),
        rounds.row(
            "6 peak RSS, api embedded (drain)",
            "MiB",
            Better::Lower,
            ("embedded", "api_rss_mib"),
            None,
        ),
    ];
    rows[1].note = "baseline: Graphile Worker, its speed settings".into();
    rows[2].note = "baseline: Graphile Worker, its defaults".into();
    rows[3].note = "baseline: redis-benchmark LPUSH+RPOP".into();
    rows[4].note = "ours: BullMQ".into();
    rows[6].note = "baseline: scaled".into();
    rows[7].note = "baseline: one BullMQ Node process".into();
    rows.push(rounds.row(
        "6 peak RSS, worker (drain)",
        "MiB",
        Better::Lower,
        ("scaled", "worker_rss_mib"),
        Some(("graphile-speed", "worker_rss_mib")),
    ));
    rows[9].note = "baseline: one Graphile Worker Node process, speed settings".into();
    scaled.db.pool.close().await;
    graphile.db.pool.close().await;
    Ok(rows)
}

async fn drain_scaled(ctx: &Ctx, s: &Scaled, n: usize) -> anyhow::Result<Sample> {
    let redis = ctx.redis().await?;
    redis.flush().await?;
    stack::clear_jobs(&s.db).await?;
    let env = stack::scaled_env(&s.dir, &s.url, &redis.url(), &s.queue);
    redis.reset_stats().await?;
    // The backlog as a bulk mutation leaves it: rows committed, ids pushed.
    let ids = stack::insert_probes(&s.db, n, |_| serde_json::json!({})).await?;
    stack::push_probes(&s.db, &ids, Some(&redis.url()), &s.queue, &s.dir).await?;
    let workers = stack::start_workers(
        &ctx.bins,
        &env,
        ctx.sizes.drain_workers,
        ctx.sizes.drain_concurrency,
        &s.dir,
    )?;
    let mut running = Running { api: None, workers };
    stack::wait_probes(&s.db, n, &mut running, timeout(n)).await?;
    let commands = redis.commands().await?;
    let span = stack::probe_span(&s.db).await?;
    let rss = running.worker_rss();
    running.stop().await;
    let mut m = Sample::from([
        ("jobs_per_s", n as f64 / span.as_secs_f64()),
        ("redis_cmds_per_job", commands as f64 / n as f64),
    ]);
    if let Some(r) = rss {
        m.insert("worker_rss_mib", r);
    }
    Ok(m)
}

fn timeout(n: usize) -> Duration {
    Duration::from_secs(60 + n as u64 / 50)
}

async fn drain_bullmq(ctx: &Ctx, n: usize, round: usize) -> anyhow::Result<Sample> {
    let redis = ctx.redis().await?;
    redis.flush().await?;
    redis.reset_stats().await?;
    let dir = ctx.work.fresh("drain-bullmq")?;
    let queue = format!("drain{round}");
    let url = redis.url();
    let jobs = n.to_string();
    let mut fill = node(
        ctx,
        "bullmq fill",
        &["fill", "--redis", &url, "--queue", &queue, "--jobs", &jobs],
        &dir.join("fill.log"),
    )?;
    let status = fill.wait(timeout(n)).await?;
    if !status.success() {
        bail!("bullmq fill failed: {}", env::tail(&fill.log, 20));
    }
    let per = ctx.sizes.drain_concurrency.to_string();
    let mut workers = Vec::new();
    for i in 0..ctx.sizes.drain_workers {
        workers.push(node(
            ctx,
            "bullmq worker",
            &[
                "work",
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
    let (mut done, mut first, mut last, mut rss) = (0u64, f64::MAX, 0f64, 0f64);
    for w in &mut workers {
        let status = w.wait(timeout(n)).await?;
        if !status.success() {
            bail!("bullmq worker failed: {}", env::tail(&w.log, 20));
        }
        let r = last_json(&w.log)?;
        done += r["completed"].as_u64().unwrap_or(0);
        if let Some(f) = r["first_start_ms"].as_f64() {
            first = first.min(f);
        }
        last = last.max(r["last_done_ms"].as_f64().unwrap_or(0.0));
        rss = rss.max(r["peak_rss_kb"].as_f64().unwrap_or(0.0) / 1024.0);
    }
    let commands = redis.commands().await?;
    if done as usize != n {
        bail!("BullMQ completed {done} of {n} jobs");
    }
    let span = ((last - first) / 1000.0).max(0.001);
    let mut m = Sample::from([
        ("jobs_per_s", n as f64 / span),
        ("redis_cmds_per_job", commands as f64 / n as f64),
    ]);
    if rss > 0.0 {
        m.insert("worker_rss_mib", rss);
    }
    Ok(m)
}

async fn drain_graphile(
    ctx: &Ctx,
    g: &Graphile,
    n: usize,
    config: graphile::Config,
) -> anyhow::Result<Sample> {
    g.clear().await?;
    let dir = ctx.work.fresh("drain-graphile")?;
    let jobs = n.to_string();
    graphile::produce(
        g,
        &["fill", "--jobs", &jobs],
        &dir.join("fill.log"),
        timeout(n),
    )
    .await?;
    let mut workers = g
        .start_workers(
            config,
            ctx.sizes.drain_workers,
            ctx.sizes.drain_concurrency,
            false,
            &dir,
        )
        .await?;
    let r = graphile::collect(&mut workers, false, timeout(n)).await?;
    if r.completed as usize != n {
        bail!("Graphile Worker completed {} of {n} jobs", r.completed);
    }
    let first = r.first_start_ms.context("no job started")?;
    let span = ((r.last_done_ms - first) / 1000.0).max(0.001);
    let mut m = Sample::from([("jobs_per_s", n as f64 / span)]);
    if r.peak_rss_mib > 0.0 {
        m.insert("worker_rss_mib", r.peak_rss_mib);
    }
    Ok(m)
}

async fn drain_embedded(ctx: &Ctx, n: usize) -> anyhow::Result<Sample> {
    let dir = ctx.work.fresh("drain-embedded")?;
    let db = stack::embedded_database(ctx, &dir).await?;
    let ids = stack::insert_probes(&db, n, |_| serde_json::json!({})).await?;
    stack::push_probes(&db, &ids, None, "sellerdesk", &dir).await?;
    let mut env = stack::base_env(&dir);
    env.insert("DEMO".into(), "false".into());
    env.insert(
        "WORKER_CONCURRENCY".into(),
        (ctx.sizes.drain_workers * ctx.sizes.drain_concurrency).to_string(),
    );
    let (api, _url) = stack::start_api(ctx, &env, &dir.join("api.log")).await?;
    let mut running = Running {
        api: Some(api),
        workers: Vec::new(),
    };
    stack::wait_probes(&db, n, &mut running, timeout(n)).await?;
    let span = stack::probe_span(&db).await?;
    let rss = running.api_rss();
    running.stop().await;
    db.pool.close().await;
    let mut m = Sample::from([("jobs_per_s", n as f64 / span.as_secs_f64())]);
    if let Some(r) = rss {
        m.insert("api_rss_mib", r);
    }
    Ok(m)
}

/// `redis-benchmark -t lpush,rpop` against our Redis: the ceiling of a list-based queue here.
async fn redis_ceiling(ctx: &Ctx) -> anyhow::Result<Sample> {
    let redis = ctx.redis().await?;
    redis.flush().await?;
    let requests = if ctx.sizes.quick { 20_000 } else { 200_000 };
    let port = redis.port.to_string();
    let out = tokio::task::spawn_blocking(move || {
        Command::new("redis-benchmark")
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &port,
                "-t",
                "lpush,rpop",
                "-n",
                &requests.to_string(),
                "--csv",
            ])
            .output()
    })
    .await?
    .context("redis-benchmark (apt-get install redis-tools)")?;
    if !out.status.success() {
        bail!(
            "redis-benchmark failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let rps = parse_benchmark_csv(&text);
    let (Some(lpush), Some(rpop)) = (rps.get("LPUSH"), rps.get("RPOP")) else {
        bail!("redis-benchmark printed no LPUSH/RPOP figures:\n{text}");
    };
    redis.flush().await?;
    Ok(Sample::from([
        ("jobs_per_s", 1.0 / (1.0 / lpush + 1.0 / rpop)),
        ("lpush_per_s", *lpush),
        ("rpop_per_s", *rpop),
    ]))
}

/// `"LPUSH","123456.79",…` → requests per second by test.
pub fn parse_benchmark_csv(text: &str) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line
            .split(',')
            .map(|c| c.trim().trim_matches('"'))
            .collect();
        if let [name, rps, ..] = cells.as_slice()
            && let Ok(v) = rps.parse::<f64>()
        {
            out.insert(name.split_whitespace().next().unwrap_or(name).to_owned(), v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_redis_benchmark_csv() {
        let csv = "\"test\",\"rps\",\"avg_latency_ms\"\n\"LPUSH\",\"98039.22\",\"0.3\"\n\"RPOP\",\"100000.00\",\"0.2\"\n";
        let r = super::parse_benchmark_csv(csv);
        assert_eq!(r["LPUSH"], 98039.22);
        assert_eq!(r["RPOP"], 100000.0);
        assert!(!r.contains_key("test"));
    }
}
