//! Our two stacks as the scenarios start them: embedded (`api serve` on SQLite with its
//! in-process queue and workers) and scaled (PostgreSQL, Redis, `worker` processes, and `api
//! serve` when requests are needed), plus probe jobs written the way a bulk mutation writes them.
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context as _, bail};
use sqlx::Row as _;

use crate::Ctx;
use crate::env::{self, Bins, Proc};

/// Variables every process of a run gets. Logs at `warn`: a line per job is not the pipeline's
/// work, and BullMQ writes none.
pub fn base_env(data_dir: &Path) -> BTreeMap<String, String> {
    let mut env = BTreeMap::new();
    for (k, v) in [
        ("DATA_DIR", data_dir.display().to_string()),
        ("WEB_DIR", data_dir.join("no-web").display().to_string()),
        ("BOOTSTRAP_ADMIN_EMAIL", "root@sellerdesk.test".to_owned()),
        ("BOOTSTRAP_ADMIN_PASSWORD", "root-password-1".to_owned()),
        ("LANG", "C.UTF-8".to_owned()),
        (
            "RUST_LOG",
            std::env::var("BENCH_RUST_LOG").unwrap_or_else(|_| "warn".to_owned()),
        ),
        ("SECRETS_KEY", "42".repeat(32)),
        (
            "JWT_SECRET",
            "bench-secret-shared-by-every-replica-0123456789".to_owned(),
        ),
    ] {
        env.insert(k.to_owned(), v);
    }
    // `BENCH_STACK_ENV="QUEUE_POLL_MS=10 JOB_SWEEP_MS=500"`: settings to try, given to every process.
    for kv in std::env::var("BENCH_STACK_ENV")
        .unwrap_or_default()
        .split_whitespace()
    {
        if let Some((k, v)) = kv.split_once('=') {
            env.insert(k.to_owned(), v.to_owned());
        }
    }
    env
}

/// The scaled stack's variables: PostgreSQL, Redis, a queue of its own.
pub fn scaled_env(
    data_dir: &Path,
    database_url: &str,
    redis_url: &str,
    queue: &str,
) -> BTreeMap<String, String> {
    let mut env = base_env(data_dir);
    env.insert("DATABASE_URL".into(), database_url.to_owned());
    env.insert("REDIS_URL".into(), redis_url.to_owned());
    env.insert("QUEUE_NAME".into(), queue.to_owned());
    env.insert("DEMO".into(), "false".into());
    env
}

/// One stack's processes; stopped (SIGTERM) by `stop`, killed when dropped.
pub struct Running {
    pub api: Option<Proc>,
    pub workers: Vec<Proc>,
}

impl Running {
    pub fn api_rss(&self) -> Option<f64> {
        self.api.as_ref().and_then(Proc::peak_rss_mib)
    }

    /// The largest peak RSS among the worker processes.
    pub fn worker_rss(&self) -> Option<f64> {
        self.workers
            .iter()
            .filter_map(Proc::peak_rss_mib)
            .reduce(f64::max)
    }

    pub fn check_alive(&mut self) -> anyhow::Result<()> {
        if let Some(a) = self.api.as_mut() {
            a.check_alive()?;
        }
        for w in &mut self.workers {
            w.check_alive()?;
        }
        Ok(())
    }

    pub async fn stop(mut self) {
        for w in &mut self.workers {
            w.stop(Duration::from_secs(10)).await;
        }
        if let Some(a) = self.api.as_mut() {
            a.stop(Duration::from_secs(10)).await;
        }
    }
}

/// Starts `api serve` with `env` on a free port and waits for /healthz.
pub async fn start_api(
    ctx: &Ctx,
    env: &BTreeMap<String, String>,
    log: &Path,
) -> anyhow::Result<(Proc, String)> {
    let port = env::free_port();
    let mut env = env.clone();
    env.insert("PORT".into(), port.to_string());
    env.insert("HOST".into(), "127.0.0.1".into());
    let mut api = Proc::spawn("api", &ctx.bins.api, &["serve"], &env, log)?;
    let url = format!("http://127.0.0.1:{port}");
    env::wait_healthy(&ctx.http, &format!("{url}/healthz"), &mut api).await?;
    Ok((api, url))
}

pub fn start_workers(
    bins: &Bins,
    env: &BTreeMap<String, String>,
    count: usize,
    concurrency: usize,
    log_dir: &Path,
) -> anyhow::Result<Vec<Proc>> {
    let mut env = env.clone();
    env.insert("WORKER_CONCURRENCY".into(), concurrency.to_string());
    (0..count)
        .map(|i| {
            Proc::spawn(
                &format!("worker {i}"),
                &bins.worker,
                &[],
                &env,
                &log_dir.join(format!("worker-{i}.log")),
            )
        })
        .collect()
}

/// [`start_workers`], then waits until every one has written its heartbeat: idle and listening.
pub async fn start_workers_ready(
    bins: &Bins,
    db: &domain::Db,
    env: &BTreeMap<String, String>,
    count: usize,
    concurrency: usize,
    log_dir: &Path,
) -> anyhow::Result<Vec<Proc>> {
    let workers = start_workers(bins, env, count, concurrency, log_dir)?;
    let expected = count as i64;
    crate::env::wait_until(
        std::time::Duration::from_secs(60),
        std::time::Duration::from_millis(50),
        "worker heartbeats",
        || async {
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM workers")
                .fetch_one(&db.pool)
                .await?;
            Ok((n >= expected).then_some(()))
        },
    )
    .await?;
    Ok(workers)
}

/// Writes `n` PENDING `system.probe` rows under one batch, in multi-row INSERTs, stamped queued
/// as a bulk mutation writes its jobs; [`push_probes`] then pushes them as the mutation does
/// after its commit. `payload(i)` gives each job's payload.
pub async fn insert_probes(
    db: &domain::Db,
    n: usize,
    payload: impl Fn(usize) -> serde_json::Value,
) -> anyhow::Result<Vec<String>> {
    let mut tx = db.begin().await?;
    let batch = domain::event_histories::create_batch(
        &mut tx,
        None,
        <jobs::kinds::SystemProbe as jobs::JobKind>::NAME,
        n as i64,
    )
    .await?;
    let mut ids = Vec::with_capacity(n);
    // As a bulk mutation writes its jobs: many rows a statement (with their job_queue rows).
    const CHUNK: usize = 1000;
    for start in (0..n).step_by(CHUNK) {
        let jobs: Vec<domain::event_histories::NewJob> = (start..(start + CHUNK).min(n))
            .map(|i| domain::event_histories::NewJob {
                kind: <jobs::kinds::SystemProbe as jobs::JobKind>::NAME.to_owned(),
                payload: payload(i),
                client_id: None,
                batch_id: Some(batch.clone()),
                dedupe_key: None,
                max_attempts: 3,
                shop_id: None,
            })
            .collect();
        let inserted = domain::event_histories::insert_many(&mut tx, &jobs)
            .await
            .context("insert probes")?;
        ids.extend(inserted.into_iter().flatten());
    }
    tx.commit().await?;
    Ok(ids)
}

/// Pushes probe jobs to the queue the way the API pushes a committed bulk mutation's jobs.
/// `queue` is the Redis queue's name (scaled), or the embedded queue's file under `data_dir`.
pub async fn push_probes(
    db: &domain::Db,
    ids: &[String],
    redis_url: Option<&str>,
    queue: &str,
    data_dir: &Path,
) -> anyhow::Result<()> {
    let q = match redis_url {
        Some(url) => jobs::Queue::redis(url, queue)
            .await
            .map_err(anyhow::Error::msg)?,
        None => jobs::Queue::sqlite(&data_dir.join("queue.sqlite"), queue)
            .await
            .map_err(anyhow::Error::msg)?,
    };
    // A push that fails gives its jobs back to the sweeper: the drain would then measure that.
    q.push(db, ids, jobs::Priority::Normal).await;
    let unpushed: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM event_histories WHERE status = 'PENDING' AND queued_at IS NULL",
    )
    .fetch_one(&db.pool)
    .await?;
    if unpushed > 0 {
        bail!("{unpushed} probe jobs could not be pushed");
    }
    Ok(())
}

/// Jobs not done yet, and failed probe jobs: (waiting or running, failed). Read from job_queue,
/// which holds only the jobs not done, so a poll costs little beside the drain it watches (a
/// count of every status walked all the jobs, tens of ms per poll at 50,000). The only other
/// jobs of a drain are the workers' own at start, done in moments.
pub async fn probe_counts(db: &domain::Db) -> anyhow::Result<(i64, i64)> {
    let left: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM job_queue WHERE status IN ('PENDING', 'PROCESSING')",
    )
    .fetch_one(&db.pool)
    .await?;
    let failed: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM job_queue q JOIN event_histories e ON e.id = q.id WHERE q.status = 'FAILED' AND e.type = 'system.probe'",
    )
    .fetch_one(&db.pool)
    .await?;
    Ok((left, failed))
}

/// Waits until all `n` probes succeeded; fails at once on a FAILED one or a dead process.
pub async fn wait_probes(
    db: &domain::Db,
    n: usize,
    running: &mut Running,
    timeout: Duration,
) -> anyhow::Result<()> {
    let deadline = std::time::Instant::now() + timeout;
    loop {
        let (left, failed) = probe_counts(db).await?;
        if failed > 0 {
            bail!("{failed} probe jobs FAILED");
        }
        if left == 0 {
            let done: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM event_histories WHERE type = 'system.probe' AND status = 'SUCCESS'")
                .fetch_one(&db.pool)
                .await?;
            if done as usize >= n {
                return Ok(());
            }
            bail!("{done} of {n} probe jobs succeeded and none is left to run");
        }
        running.check_alive()?;
        if std::time::Instant::now() > deadline {
            bail!("{left} of {n} probe jobs not done after {timeout:?}");
        }
        // The span comes from the rows, not from this poll: it can be unhurried and cheap.
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// First start and last finish of the probe jobs, as the workers recorded them: the drain's span.
pub async fn probe_span(db: &domain::Db) -> anyhow::Result<Duration> {
    let row = sqlx::query("SELECT MIN(started_at) AS a, MAX(finished_at) AS b FROM event_histories WHERE type = 'system.probe'")
        .fetch_one(&db.pool)
        .await?;
    let a: String = row.try_get("a")?;
    let b: String = row.try_get("b")?;
    let span = domain::time::from_db(&b) - domain::time::from_db(&a);
    Ok(span
        .to_std()
        .unwrap_or_default()
        .max(Duration::from_millis(1)))
}

/// Empties the job tables between rounds.
/// Empties the job tables between rounds. On PostgreSQL a TRUNCATE, not a DELETE: the dead
/// rows a DELETE leaves (three versions per job) would make each round slower than the last
/// until autovacuum catches up, and rounds must start alike.
pub async fn clear_jobs(db: &domain::Db) -> anyhow::Result<()> {
    if db.backend == domain::Backend::Postgres {
        sqlx::query("TRUNCATE job_effects, job_queue, event_histories, workers")
            .execute(&db.pool)
            .await?;
        sqlx::query("DELETE FROM job_batches")
            .execute(&db.pool)
            .await?;
        return Ok(());
    }
    for t in [
        "DELETE FROM job_effects",
        "DELETE FROM job_queue",
        "DELETE FROM event_histories",
        "DELETE FROM job_batches",
        "DELETE FROM workers",
    ] {
        sqlx::query(t).execute(&db.pool).await?;
    }
    Ok(())
}

/// A scaled database: created, migrated, connected.
pub async fn scaled_database(
    ctx: &Ctx,
    dir: &Path,
) -> anyhow::Result<(String, String, domain::Db)> {
    let (name, url) = ctx.pg.create().await?;
    let mut env = base_env(dir);
    env.insert("DATABASE_URL".into(), url.clone());
    env::migrate(&ctx.bins, &env, &dir.join("migrate.log"))?;
    let db = env::connect(&url, 4).await?;
    Ok((name, url, db))
}

/// An embedded data dir: migrated, connected.
pub async fn embedded_database(ctx: &Ctx, dir: &Path) -> anyhow::Result<domain::Db> {
    env::migrate(&ctx.bins, &base_env(dir), &dir.join("migrate.log"))?;
    env::connect(&env::sqlite_url(dir), 2).await
}
