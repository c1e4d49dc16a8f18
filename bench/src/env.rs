//! What the scenarios run on: our own redis-server on a free loopback port, databases created on
//! the PostgreSQL of scripts/services.sh, and the real `api` / `worker` binaries of this build,
//! started as child processes with environment variables, like the integration tests do.
use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};

/// A port no other server of this run was given and nothing listens on, below the kernel's
/// ephemeral range. A port the kernel picked (`:0`) and freed can be picked again, for another
/// server or an outgoing connection, before the server meant to have it binds it.
pub fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    const FIRST: u32 = 20_000;
    const SPAN: u32 = 12_000; // up to 32,000: Linux hands out ephemeral ports from 32,768
    static NEXT: AtomicU32 = AtomicU32::new(u32::MAX);
    // Processes that run at the same time (the web's and a bench's servers) start apart.
    let _ = NEXT.compare_exchange(
        u32::MAX,
        std::process::id() % SPAN,
        Ordering::SeqCst,
        Ordering::SeqCst,
    );
    for _ in 0..SPAN {
        let port = (FIRST + NEXT.fetch_add(1, Ordering::SeqCst) % SPAN) as u16;
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free port between {FIRST} and {}", FIRST + SPAN)
}

/// The run's scratch space: data dirs and logs. Kept when the run fails, so logs can be read.
pub struct Workdir {
    pub path: PathBuf,
    counter: std::sync::atomic::AtomicUsize,
}

impl Workdir {
    pub fn create() -> anyhow::Result<Workdir> {
        let path = std::env::temp_dir().join(format!("sellerdesk-bench-{}", std::process::id()));
        std::fs::create_dir_all(&path)?;
        Ok(Workdir {
            path,
            counter: Default::default(),
        })
    }

    /// A fresh directory under the workdir.
    pub fn fresh(&self, prefix: &str) -> anyhow::Result<PathBuf> {
        let n = self
            .counter
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir = self.path.join(format!("{prefix}-{n}"));
        std::fs::create_dir_all(&dir)?;
        Ok(dir)
    }

    /// Removes the scratch space, unless `BENCH_KEEP_SCRATCH` asks to read its logs afterwards.
    pub fn remove(&self) {
        if std::env::var_os("BENCH_KEEP_SCRATCH").is_some() {
            eprintln!("scratch (logs) kept in {}", self.path.display());
            return;
        }
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The `api` and `worker` binaries built beside this one (same target dir and profile).
#[derive(Debug, Clone)]
pub struct Bins {
    pub api: PathBuf,
    pub worker: PathBuf,
}

impl Bins {
    /// The binaries beside this one.
    pub fn locate() -> anyhow::Result<Bins> {
        let me = std::env::current_exe().context("where this binary is")?;
        Bins::at(me.parent().context("this binary's directory")?)
    }

    /// The binaries in `dir`.
    pub fn at(dir: &Path) -> anyhow::Result<Bins> {
        let bins = Bins {
            api: dir.join("api"),
            worker: dir.join("worker"),
        };
        for b in [&bins.api, &bins.worker] {
            if !b.exists() {
                bail!(
                    "{} is missing: build the binaries of this profile first (cargo build --bins, with --release for a release run)",
                    b.display()
                );
            }
        }
        Ok(bins)
    }
}

/// A child process (api, worker, node, redis-server) whose output goes to a log file. Killed
/// when dropped.
pub struct Proc {
    pub name: String,
    child: Option<Child>,
    pub log: PathBuf,
}

impl Proc {
    pub fn spawn(
        name: &str,
        program: &Path,
        args: &[&str],
        env: &BTreeMap<String, String>,
        log: &Path,
    ) -> anyhow::Result<Proc> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .with_context(|| format!("log {}", log.display()))?;
        let child = Command::new(program)
            .args(args)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", std::env::var("HOME").unwrap_or_default())
            .envs(env)
            .stdin(Stdio::null())
            .stdout(file.try_clone()?)
            .stderr(file)
            .spawn()
            .with_context(|| format!("start {}", program.display()))?;
        Ok(Proc {
            name: name.to_owned(),
            child: Some(child),
            log: log.to_owned(),
        })
    }

    /// Waits until the process prints a line `ready` (the Node baselines do once their
    /// workers listen), then checks it is still alive.
    pub async fn wait_ready_line(&mut self, what: &str) -> anyhow::Result<()> {
        let log = self.log.clone();
        wait_until(
            Duration::from_secs(30),
            Duration::from_millis(20),
            what,
            || {
                let ready = std::fs::read_to_string(&log)
                    .unwrap_or_default()
                    .lines()
                    .any(|l| l == "ready");
                async move { Ok(ready.then_some(())) }
            },
        )
        .await?;
        self.check_alive()
    }

    pub fn pid(&self) -> i32 {
        self.child.as_ref().map(|c| c.id() as i32).unwrap_or(0)
    }

    /// Peak resident set size so far, in MiB (`VmHWM` of /proc/PID/status).
    pub fn peak_rss_mib(&self) -> Option<f64> {
        peak_rss_mib(self.pid())
    }

    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child
            .as_mut()
            .and_then(|c| c.try_wait().ok().flatten())
    }

    /// Fails with the log's tail when the process has exited.
    pub fn check_alive(&mut self) -> anyhow::Result<()> {
        if let Some(status) = self.exited() {
            bail!(
                "{} exited with {status}; log {}:\n{}",
                self.name,
                self.log.display(),
                tail(&self.log, 30)
            );
        }
        Ok(())
    }

    /// Waits for the process to exit by itself.
    pub async fn wait(&mut self, timeout: Duration) -> anyhow::Result<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(s) = self.exited() {
                return Ok(s);
            }
            if Instant::now() > deadline {
                bail!(
                    "{} did not finish in {timeout:?}; log {}:\n{}",
                    self.name,
                    self.log.display(),
                    tail(&self.log, 30)
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGTERM, then SIGKILL after `grace`.
    pub async fn stop(&mut self, grace: Duration) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        unsafe {
            libc::kill(child.id() as i32, libc::SIGTERM);
        }
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

pub fn peak_rss_mib(pid: i32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

pub fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Polls `f` until it returns Some, or fails after `timeout` with `what`.
pub async fn wait_until<T, F, Fut>(
    timeout: Duration,
    every: Duration,
    what: &str,
    mut f: F,
) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Option<T>>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(v) = f().await? {
            return Ok(v);
        }
        if Instant::now() > deadline {
            bail!("timed out after {timeout:?} waiting for {what}");
        }
        tokio::time::sleep(every).await;
    }
}

/// Our own redis-server: no persistence, loopback only, a free port; stopped when dropped.
pub struct Redis {
    pub port: u16,
    _proc: Proc,
    conn: redis::aio::MultiplexedConnection,
}

impl Redis {
    pub async fn start(work: &Workdir) -> anyhow::Result<Redis> {
        let port = free_port();
        let dir = work.fresh("redis")?;
        let args = [
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            &dir.display().to_string(),
        ];
        let proc = Proc::spawn(
            "redis-server",
            Path::new("redis-server"),
            &args,
            &BTreeMap::new(),
            &dir.join("redis.log"),
        )
        .context("redis-server (apt-get install redis-server)")?;
        let client = redis::Client::open(format!("redis://127.0.0.1:{port}"))?;
        let conn = wait_until(
            Duration::from_secs(10),
            Duration::from_millis(50),
            "redis-server",
            || async { Ok(client.get_multiplexed_async_connection().await.ok()) },
        )
        .await?;
        Ok(Redis {
            port,
            _proc: proc,
            conn,
        })
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    pub async fn cmd<T: redis::FromRedisValue>(
        &self,
        name: &str,
        args: &[&str],
    ) -> anyhow::Result<T> {
        let mut c = redis::cmd(name);
        for a in args {
            c.arg(*a);
        }
        let mut conn = self.conn.clone();
        Ok(c.query_async(&mut conn).await?)
    }

    pub async fn flush(&self) -> anyhow::Result<()> {
        self.cmd::<()>("FLUSHALL", &[]).await
    }

    /// Zeroes `INFO commandstats`.
    pub async fn reset_stats(&self) -> anyhow::Result<()> {
        self.cmd::<()>("CONFIG", &["RESETSTAT"]).await
    }

    /// Commands executed since the last reset, from `INFO commandstats` (commands run inside Lua
    /// scripts count too), minus the INFO call that reads them.
    pub async fn commands(&self) -> anyhow::Result<u64> {
        let info: String = self.cmd("INFO", &["commandstats"]).await?;
        Ok(parse_commandstats(&info)
            .values()
            .sum::<u64>()
            .saturating_sub(1))
    }
}

/// `cmdstat_get:calls=3,usec=…` lines → calls per command.
pub fn parse_commandstats(info: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for line in info.lines() {
        let Some(rest) = line.strip_prefix("cmdstat_") else {
            continue;
        };
        let Some((name, fields)) = rest.split_once(':') else {
            continue;
        };
        let calls = fields
            .split(',')
            .find_map(|f| f.strip_prefix("calls="))
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        out.insert(name.to_owned(), calls);
    }
    out
}

/// The PostgreSQL of scripts/services.sh (`TEST_POSTGRES_URL`, a role that may create
/// databases). Every database made here is dropped when the run ends.
pub struct Postgres {
    admin: String,
    created: std::sync::Mutex<Vec<String>>,
}

pub const DEFAULT_POSTGRES: &str = "postgres://sellerdesk:sellerdesk@127.0.0.1:5432/postgres";

impl Postgres {
    pub fn new() -> Postgres {
        let admin = std::env::var("TEST_POSTGRES_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| DEFAULT_POSTGRES.into());
        Postgres {
            admin,
            created: Default::default(),
        }
    }

    async fn admin_db(&self) -> anyhow::Result<domain::Db> {
        domain::Db::connect(&domain::db::DbOptions {
            url: self.admin.clone(),
            max_connections: 1,
            acquire_timeout: Duration::from_secs(10),
        })
        .await
        .with_context(|| {
            format!(
                "connect to {} (TEST_POSTGRES_URL; scripts/services.sh starts it)",
                jobs::config::mask_url(&self.admin)
            )
        })
    }

    /// A new empty database; returns its name and URL.
    pub async fn create(&self) -> anyhow::Result<(String, String)> {
        let name = format!("sd_bench_{}", uuid::Uuid::new_v4().simple());
        let db = self.admin_db().await?;
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&db.pool)
            .await
            .context("create database")?;
        db.pool.close().await;
        self.created.lock().expect("lock").push(name.clone());
        let (path, query) = self.admin.split_once('?').unwrap_or((&self.admin, ""));
        let base = path.rsplit_once('/').map(|(b, _)| b).unwrap_or(path);
        // Plain TCP on loopback, as BullMQ and our queue speak to Redis, unless the URL asks for
        // TLS: PostgreSQL's default would encrypt every status round on both ends.
        let query = match query {
            q if q.contains("sslmode=") => q.to_owned(),
            "" => "sslmode=disable".to_owned(),
            q => format!("{q}&sslmode=disable"),
        };
        Ok((name.clone(), format!("{base}/{name}?{query}")))
    }

    pub async fn drop_all(&self) {
        let names: Vec<String> = std::mem::take(&mut *self.created.lock().expect("lock"));
        if names.is_empty() {
            return;
        }
        if let Ok(db) = self.admin_db().await {
            for name in names {
                let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .execute(&db.pool)
                .await;
            }
        }
    }
}

pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<domain::Db> {
    connect_waiting(url, max_connections, Duration::from_secs(30)).await
}

/// `connect` whose callers wait up to `acquire_timeout` for a free connection.
pub async fn connect_waiting(
    url: &str,
    max_connections: u32,
    acquire_timeout: Duration,
) -> anyhow::Result<domain::Db> {
    let db = domain::Db::connect(&domain::db::DbOptions {
        url: url.to_owned(),
        max_connections,
        acquire_timeout,
    })
    .await
    .with_context(|| format!("connect to {}", jobs::config::mask_url(url)))?;
    // Every connection open before the round, as a running API's pool has them: opened on
    // demand, the first second's enqueues waited for connects while the arrivals went on, and
    // that wait was most of the enqueue's p99 (docs/benchmarks.md, step 27).
    db.open_connections(max_connections).await?;
    Ok(db)
}

pub fn sqlite_url(data_dir: &Path) -> String {
    format!(
        "sqlite://{}?mode=rwc",
        data_dir.join("sellerdesk.sqlite").display()
    )
}

/// Runs `api migrate` with `env`.
pub fn migrate(bins: &Bins, env: &BTreeMap<String, String>, log: &Path) -> anyhow::Result<()> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)?;
    let status = Command::new(&bins.api)
        .arg("migrate")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .envs(env)
        .stdout(file.try_clone()?)
        .stderr(file)
        .status()
        .context("api migrate")?;
    if !status.success() {
        bail!(
            "api migrate failed; log {}:\n{}",
            log.display(),
            tail(log, 20)
        );
    }
    Ok(())
}

/// Waits for `GET url` to answer 200.
pub async fn wait_healthy(
    http: &reqwest::Client,
    url: &str,
    proc: &mut Proc,
) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        proc.check_alive()?;
        if let Ok(r) = http.get(url).send().await
            && r.status().is_success()
        {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!(
                "{} did not answer {url}; log {}:\n{}",
                proc.name,
                proc.log.display(),
                tail(&proc.log, 30)
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_commandstats() {
        let info = "# Commandstats\r\ncmdstat_lpush:calls=10,usec=5,usec_per_call=0.5,rejected_calls=0,failed_calls=0\r\ncmdstat_evalsha:calls=3,usec=9\r\n";
        let stats = super::parse_commandstats(info);
        assert_eq!(stats["lpush"], 10);
        assert_eq!(stats.values().sum::<u64>(), 13);
    }
}
