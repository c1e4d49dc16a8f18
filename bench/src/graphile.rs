//! The Graphile Worker baseline (bench/graphile): a PostgreSQL job queue whose jobs are added by
//! a SQL function, so inside the transaction that needs them, as ours are. Run with its
//! performance page's configuration (`speed`: a local queue of 500, batched completions) and
//! with its defaults, on the same PostgreSQL as ours, in a database of its own.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context as _, bail};
use serde_json::Value;

use crate::Ctx;
use crate::drain::last_json;
use crate::env::{self, Proc};

/// Which of Graphile Worker's configurations a variant runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Config {
    Speed,
    Defaults,
}

impl Config {
    pub fn arg(self) -> &'static str {
        match self {
            Config::Speed => "speed",
            Config::Defaults => "defaults",
        }
    }
}

pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("graphile")
}

/// The Node project must be installed (`npm ci` in bench/graphile).
pub fn check() -> anyhow::Result<PathBuf> {
    let dir = dir();
    if !dir.join("node_modules/graphile-worker").exists() {
        bail!(
            "{}/node_modules is missing: run `npm ci` there",
            dir.display()
        );
    }
    Ok(dir)
}

pub fn node(name: &str, args: &[&str], log: &Path) -> anyhow::Result<Proc> {
    let script = check()?.join("bench.js");
    let mut all = vec![script.to_str().unwrap_or_default()];
    all.extend_from_slice(args);
    Proc::spawn(name, Path::new("node"), &all, &BTreeMap::new(), log)
}

/// A database with Graphile Worker's schema installed, and a connection to watch its jobs.
pub struct Graphile {
    pub url: String,
    pub db: domain::Db,
}

impl Graphile {
    pub async fn create(ctx: &Ctx, dir: &Path) -> anyhow::Result<Graphile> {
        check()?;
        let (_, url) = ctx.pg.create().await?;
        let mut setup = node(
            "graphile setup",
            &["setup", "--pg", &url],
            &dir.join("setup.log"),
        )?;
        if !setup.wait(Duration::from_secs(60)).await?.success() {
            bail!("graphile setup failed: {}", env::tail(&setup.log, 20));
        }
        let db = env::connect(&url, 2).await?;
        Ok(Graphile { url, db })
    }

    /// Jobs still in the database: waiting, locked, or completed but not yet written back.
    pub async fn left(&self) -> anyhow::Result<i64> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM graphile_worker._private_jobs")
                .fetch_one(&self.db.pool)
                .await?,
        )
    }

    pub async fn clear(&self) -> anyhow::Result<()> {
        sqlx::query("DELETE FROM graphile_worker._private_jobs")
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    pub async fn wait_empty(&self, timeout: Duration) -> anyhow::Result<()> {
        env::wait_until(
            timeout,
            Duration::from_millis(50),
            "Graphile Worker's jobs done",
            || async { Ok((self.left().await? == 0).then_some(())) },
        )
        .await
    }

    /// `n` worker processes at `concurrency` each; with `forever` they run until stopped,
    /// otherwise each exits when no job is left. Returns once every one is listening.
    pub async fn start_workers(
        &self,
        config: Config,
        n: usize,
        concurrency: usize,
        forever: bool,
        dir: &Path,
    ) -> anyhow::Result<Vec<Proc>> {
        let per = concurrency.to_string();
        let mut workers = Vec::new();
        for i in 0..n {
            let mut args = vec![
                "work",
                "--pg",
                &self.url,
                "--concurrency",
                &per,
                "--config",
                config.arg(),
            ];
            if forever {
                args.push("--forever");
            }
            workers.push(node(
                "graphile worker",
                &args,
                &dir.join(format!("worker-{i}.log")),
            )?);
        }
        for w in &mut workers {
            w.wait_ready_line("Graphile Worker ready").await?;
        }
        Ok(workers)
    }
}

/// What the workers reported, summed over processes.
#[derive(Debug, Default)]
pub struct Report {
    pub completed: u64,
    pub first_start_ms: Option<f64>,
    pub last_done_ms: f64,
    pub peak_rss_mib: f64,
    pub start_ms: Vec<i64>,
    pub done_ms: Vec<i64>,
}

/// Waits for (or, with `stop`, terminates) each worker and sums what they printed.
pub async fn collect(
    workers: &mut [Proc],
    stop: bool,
    timeout: Duration,
) -> anyhow::Result<Report> {
    let mut out = Report::default();
    for w in workers {
        if stop {
            w.stop(Duration::from_secs(15)).await;
        } else if !w.wait(timeout).await?.success() {
            bail!("graphile worker failed: {}", env::tail(&w.log, 20));
        }
        let r = last_json(&w.log)?;
        out.completed += r["completed"].as_u64().unwrap_or(0);
        if let Some(f) = r["first_start_ms"].as_f64() {
            out.first_start_ms = Some(out.first_start_ms.map_or(f, |o| o.min(f)));
        }
        out.last_done_ms = out
            .last_done_ms
            .max(r["last_done_ms"].as_f64().unwrap_or(0.0));
        out.peak_rss_mib = out
            .peak_rss_mib
            .max(r["peak_rss_kb"].as_f64().unwrap_or(0.0) / 1024.0);
        for (key, into) in [
            ("start_ms", &mut out.start_ms),
            ("done_ms", &mut out.done_ms),
        ] {
            into.extend(
                r[key]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(Value::as_i64),
            );
        }
    }
    Ok(out)
}

/// Runs a producer mode (`latency`, `enqueue`) to its end and returns what it printed.
pub async fn produce(
    g: &Graphile,
    args: &[&str],
    log: &Path,
    timeout: Duration,
) -> anyhow::Result<Value> {
    let mut all = vec![args[0], "--pg", &g.url];
    all.extend_from_slice(&args[1..]);
    let mut p = node("graphile producer", &all, log)?;
    let status = p.wait(timeout).await?;
    if !status.success() {
        bail!("graphile producer failed: {}", env::tail(&p.log, 20));
    }
    last_json(&p.log).context("graphile producer's result")
}
