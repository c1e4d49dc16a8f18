//! The scaled stack under failure: several `worker` processes on PostgreSQL and Redis, one
//! killed mid-run, Redis restarted mid-run, PostgreSQL unreachable for a while. Each test starts
//! its own Redis server (so restarting it disturbs no other test) and its own database.
//! They need PostgreSQL (TEST_POSTGRES_URL) and redis-server, so they are run explicitly by
//! scripts/test.sh: `cargo test -p api --test scaled -- --ignored`.

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::*;
use domain::event_histories::{self as eh, Visibility};
use jobs::kinds::SystemProbe;
use jobs::{EnqueueOptions, JobKind, Priority};
use serde_json::json;
use tokio::net::{TcpListener, TcpStream};

struct Redis {
    port: u16,
    child: Option<Child>,
}

impl Redis {
    async fn start() -> Redis {
        let mut redis = Redis {
            port: free_port(),
            child: None,
        };
        redis.spawn().await;
        redis
    }

    async fn spawn(&mut self) {
        let child = Command::new("redis-server")
            .args([
                "--port",
                &self.port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server (apt-get install redis-server)");
        self.child = Some(child);
        let up = wait_for(Duration::from_secs(10), || async {
            TcpStream::connect(("127.0.0.1", self.port))
                .await
                .ok()
                .map(|_| ())
        })
        .await;
        assert!(up.is_some(), "redis-server did not start");
    }

    fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Worker processes on one database and one Redis.
struct Fleet {
    _dir: tempfile::TempDir,
    env: Vec<(String, String)>,
    workers: Vec<Child>,
    db: domain::Db,
    name: String,
    /// Dropped after the workers are stopped (fields drop after `Drop::drop`).
    _database: TestDatabase,
}

impl Fleet {
    async fn start(redis: &Redis, workers: usize, extra: &[(&str, &str)]) -> Fleet {
        let database = create_database().await;
        let (name, url) = (database.name.clone(), database.url.clone());
        let dir = tempfile::tempdir().expect("dir");
        let mut env: Vec<(String, String)> = vec![
            ("DATABASE_URL".into(), url.clone()),
            ("REDIS_URL".into(), redis.url()),
            ("QUEUE_NAME".into(), name.clone()),
            ("DATA_DIR".into(), dir.path().display().to_string()),
            ("WORKER_CONCURRENCY".into(), "8".into()),
            // Several tests run at once against one PostgreSQL (100 connections by default).
            ("DATABASE_MAX_CONNECTIONS".into(), "4".into()),
            ("JOB_SWEEP_MS".into(), "200".into()),
            ("JOB_LEASE_SECS".into(), "3".into()),
            ("JOB_LOST_AFTER_SECS".into(), "5".into()),
            ("JOB_BACKOFF_MS".into(), "100".into()),
            ("RUST_LOG".into(), "info,sqlx=debug,jobs=debug".into()),
        ];
        for (k, v) in extra {
            env.push(((*k).into(), (*v).into()));
        }
        let status = Command::new(env!("CARGO_BIN_EXE_api"))
            .arg("migrate")
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdout(Stdio::null())
            .status()
            .expect("api migrate");
        assert!(status.success());
        let db = domain::Db::connect(&domain::db::DbOptions {
            url,
            max_connections: 4,
            acquire_timeout: Duration::from_secs(10),
        })
        .await
        .expect("db");
        let mut fleet = Fleet {
            _dir: dir,
            env,
            workers: Vec::new(),
            db,
            name,
            _database: database,
        };
        for _ in 0..workers {
            fleet.add_worker();
        }
        fleet
    }

    fn add_worker(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.log_path())
            .expect("log");
        let child = Command::new(worker_binary())
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("start worker");
        self.workers.push(child);
    }

    /// Outside the temporary directory, so that a failed run's log can still be read.
    fn log_path(&self) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("{}-workers.log", self.name))
    }

    fn log(&self) -> String {
        let text = std::fs::read_to_string(self.log_path()).unwrap_or_default();
        format!(
            "{} (last lines):\n{}",
            self.log_path().display(),
            text.lines()
                .rev()
                .take(40)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<Vec<_>>()
                .join("\n")
        )
    }

    /// Writes `n` probe jobs under one batch, as a bulk mutation would, and hands them to the
    /// sweeper instead of pushing them (as after a failed push).
    async fn enqueue_probes(&self, n: usize, work_ms: u64) -> String {
        let mut tx = self.db.begin().await.expect("tx");
        let batch = eh::create_batch(&mut tx, None, "system.probe", n as i64)
            .await
            .expect("batch");
        let mut ids = Vec::new();
        for i in 0..n {
            ids.extend(
                eh::insert(
                    &mut tx,
                    &SystemProbe::new(&format!("p{i}"), work_ms)
                        .new_job(&EnqueueOptions::new(3).batch(&batch))
                        .expect("job"),
                )
                .await
                .expect("insert"),
            );
        }
        for chunk in ids.chunks(500) {
            eh::unmark_queued(&mut tx, chunk).await.expect("unmark");
        }
        tx.commit().await.expect("commit");
        batch
    }

    async fn batch(&self, id: &str) -> eh::JobBatch {
        let mut conn = self.db.conn().await.expect("conn");
        eh::batch(&mut conn, &Visibility::All, id)
            .await
            .expect("batch")
    }

    async fn wait_done(&self, id: &str, n: i64, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let b = self.batch(id).await;
            if b.counts.succeeded == n {
                return;
            }
            assert!(b.counts.failed == 0, "jobs failed: {b:?}\n{}", self.log());
            assert!(
                Instant::now() < deadline,
                "batch not done in {secs}s: {b:?}\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn wait_succeeded_at_least(&self, id: &str, n: i64) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.batch(id).await.counts.succeeded < n {
            assert!(
                Instant::now() < deadline,
                "stuck before {n}: {}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn scalar(&self, sql: &'static str) -> i64 {
        sqlx::query_scalar(sql)
            .fetch_one(&self.db.pool)
            .await
            .expect("query")
    }

    /// Every probe's effect exists once, and how many attempts the jobs took in all.
    async fn effects_and_attempts(&self) -> (i64, i64) {
        let effects = self
            .scalar("SELECT COUNT(*) FROM job_effects WHERE key LIKE 'probe:%'")
            .await;
        let attempts = self.scalar("SELECT CAST(COALESCE(SUM(attempts), 0) AS BIGINT) FROM event_histories WHERE type = 'system.probe'").await;
        (effects, attempts)
    }
}

impl Drop for Fleet {
    fn drop(&mut self) {
        for mut w in self.workers.drain(..) {
            let _ = w.kill();
            let _ = w.wait();
        }
        let _ = &self.name;
    }
}

const N: usize = 1000;

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn a_thousand_jobs_over_three_workers_each_run_once() {
    let redis = Redis::start().await;
    let fleet = Fleet::start(&redis, 3, &[]).await;
    let batch = fleet.enqueue_probes(N, 0).await;
    fleet.wait_done(&batch, N as i64, 120).await;
    let (effects, attempts) = fleet.effects_and_attempts().await;
    assert_eq!(effects, N as i64, "every job's effect, once");
    assert_eq!(attempts, N as i64, "no job ran twice");
    let workers = fleet.scalar("SELECT COUNT(*) FROM workers").await;
    assert_eq!(workers, 3, "three heartbeats");
    let ran_on = fleet
        .scalar("SELECT COUNT(DISTINCT worker_id) FROM event_histories WHERE type = 'system.probe'")
        .await;
    assert!(ran_on >= 2, "the work was shared: {ran_on} worker(s)");
}

/// The jobs not done, as job_queue (what the sweeper and the orphan rescue read) holds them,
/// that differ from their rows in event_histories, or are missing from one side. A running
/// job's row there stays PENDING, with its lease (migration 0031).
const QUEUE_DRIFT: &str = "SELECT COUNT(*) FROM job_queue q FULL JOIN (SELECT * FROM event_histories WHERE status <> 'SUCCESS') e ON e.id = q.id
     WHERE q.id IS NULL OR e.id IS NULL
        OR (q.status, q.run_at, q.queued_at, q.lease_until)
           IS DISTINCT FROM (CASE WHEN e.status = 'PROCESSING' THEN 'PENDING' ELSE e.status END, e.run_at, e.queued_at, e.lease_until)";

/// Deleting jobs' records (a client's deletion cascades to its jobs) takes their job_queue rows
/// with them, as the foreign key did before migration 0029 replaced it with a delete trigger.
#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn a_deleted_job_record_leaves_job_queue() {
    let redis = Redis::start().await;
    // No worker: the jobs stay PENDING, each with its job_queue row.
    let fleet = Fleet::start(&redis, 0, &[]).await;
    fleet.enqueue_probes(10, 0).await;
    assert_eq!(
        fleet.scalar("SELECT COUNT(*) FROM job_queue").await,
        10,
        "waiting jobs are in job_queue"
    );
    sqlx::query(
        "DELETE FROM event_histories WHERE id IN (SELECT id FROM event_histories ORDER BY id LIMIT 4)",
    )
    .execute(&fleet.db.pool)
    .await
    .expect("delete");
    assert_eq!(
        fleet.scalar("SELECT COUNT(*) FROM job_queue").await,
        6,
        "the deleted jobs left job_queue"
    );
    assert_eq!(
        fleet.scalar(QUEUE_DRIFT).await,
        0,
        "job_queue mirrors the jobs left"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn job_queue_follows_every_claim_lease_and_success() {
    let redis = Redis::start().await;
    let fleet = Fleet::start(&redis, 2, &[]).await;
    let batch = fleet.enqueue_probes(N / 2, 20).await;
    fleet.wait_succeeded_at_least(&batch, (N / 8) as i64).await;
    // Mid-run: jobs PENDING, PROCESSING under their leases and done side by side. One
    // statement, one snapshot: the two tables as one commit left them.
    assert_eq!(
        fleet.scalar(QUEUE_DRIFT).await,
        0,
        "job_queue mirrors the jobs mid-run"
    );
    assert!(
        fleet
            .scalar("SELECT COUNT(*) FROM job_queue q JOIN event_histories e ON e.id = q.id WHERE e.status = 'PROCESSING' AND q.lease_until IS NOT NULL")
            .await
            > 0,
        "running jobs hold leases in job_queue"
    );
    fleet.wait_done(&batch, (N / 2) as i64, 120).await;
    assert_eq!(
        fleet.scalar(QUEUE_DRIFT).await,
        0,
        "job_queue mirrors the jobs at the end"
    );
    assert_eq!(
        fleet.scalar("SELECT COUNT(*) FROM job_queue").await,
        0,
        "a job that succeeded leaves job_queue"
    );
    // A success carries its handler's end into the round that records it (it may wait there
    // for a claim): never before its start nor after that round, and before it for some.
    assert_eq!(
        fleet
            .scalar("SELECT COUNT(*) FROM event_histories WHERE status = 'SUCCESS' AND (finished_at < started_at OR finished_at > updated_at)")
            .await,
        0,
        "a job finishes after it starts and before its success is recorded"
    );
    assert!(
        fleet
            .scalar("SELECT COUNT(*) FROM event_histories WHERE status = 'SUCCESS' AND finished_at < updated_at")
            .await
            > 0,
        "finished_at is the handler's end, not the time of the round that recorded it"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn a_worker_killed_halfway_loses_nothing() {
    let redis = Redis::start().await;
    // The killed worker's claimed jobs come back when their lease expires, and the ids it had
    // fetched but not claimed when the other workers' heartbeats find it dead; the long wait
    // before a job counts as lost by the queue leaves both to do it.
    let mut fleet = Fleet::start(&redis, 3, &[("JOB_LOST_AFTER_SECS", "600")]).await;
    let batch = fleet.enqueue_probes(N, 20).await;
    fleet.wait_succeeded_at_least(&batch, (N / 2) as i64).await;
    let mut victim = fleet.workers.remove(0);
    let _ = victim.kill();
    let _ = victim.wait();
    fleet.wait_done(&batch, N as i64, 180).await;
    let (effects, attempts) = fleet.effects_and_attempts().await;
    assert_eq!(effects, N as i64, "every job's effect, once");
    assert!(
        attempts <= N as i64 + 8 * 3,
        "only the killed worker's jobs ran again: {attempts} attempts"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn redis_restarted_halfway_loses_nothing() {
    let mut redis = Redis::start().await;
    // Jobs lost by the queue are pushed again once JOB_LOST_AFTER_SECS has passed; a Redis that
    // restarted is noticed by its new instance at once, which this long wait leaves alone to do.
    let fleet = Fleet::start(&redis, 3, &[("JOB_LOST_AFTER_SECS", "600")]).await;
    let batch = fleet.enqueue_probes(N, 5).await;
    fleet.wait_succeeded_at_least(&batch, (N / 2) as i64).await;
    // An empty Redis comes back: every queued id is gone.
    redis.kill();
    tokio::time::sleep(Duration::from_secs(1)).await;
    redis.spawn().await;
    fleet.wait_done(&batch, N as i64, 60).await;
    let (effects, attempts) = fleet.effects_and_attempts().await;
    assert_eq!(effects, N as i64, "every job's effect, once");
    assert!(
        attempts <= N as i64 + 8 * 3,
        "no job ran twice but those cut off mid-run: {attempts} attempts"
    );
}

/// Workers that start while a bulk mutation's jobs wait in Redis push none of them again (each
/// start used to push the whole backlog once more), and what finished jobs leave in Redis is
/// dropped, so its memory does not grow with every job ever run.
#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn workers_starting_on_a_pushed_backlog_push_nothing_again_and_leave_redis_empty() {
    use futures::StreamExt;
    let redis = Redis::start().await;
    let mut fleet = Fleet::start(&redis, 0, &[("JOB_LOST_AFTER_SECS", "600")]).await;
    let queue = jobs::Queue::redis(&redis.url(), &fleet.name)
        .await
        .expect("queue");
    // As a bulk mutation does: rows committed (stamped queued), then ids pushed.
    let mut tx = fleet.db.begin().await.expect("tx");
    let batch = eh::create_batch(&mut tx, None, "system.probe", N as i64)
        .await
        .expect("batch");
    let mut ids = Vec::new();
    for i in 0..N {
        ids.extend(
            eh::insert(
                &mut tx,
                &SystemProbe::new(&format!("p{i}"), 0)
                    .new_job(&EnqueueOptions::new(3).batch(&batch))
                    .expect("job"),
            )
            .await
            .expect("insert"),
        );
    }
    tx.commit().await.expect("commit");
    queue.push(&fleet.db, &ids, Priority::Normal).await;
    assert_eq!(queue.stored_tasks().await.expect("tasks"), N as u64);

    // Every push announces how many ids it added, on the queue's wake channel.
    let client = redis::Client::open(redis.url()).expect("redis");
    let mut pubsub = client.get_async_pubsub().await.expect("pubsub");
    pubsub
        .subscribe(format!("{}:wake", fleet.name))
        .await
        .expect("subscribe");
    let pushed = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let listener = tokio::spawn({
        let pushed = pushed.clone();
        async move {
            let mut messages = pubsub.on_message();
            while let Some(m) = messages.next().await {
                pushed.fetch_add(m.get_payload::<u64>().unwrap_or(0), Ordering::SeqCst);
            }
        }
    });
    for _ in 0..3 {
        fleet.add_worker();
    }
    fleet.wait_done(&batch, N as i64, 60).await;
    let stored = wait_for(Duration::from_secs(20), || async {
        let n = queue.stored_tasks().await.expect("tasks");
        (n == 0).then_some(n)
    })
    .await;
    assert_eq!(
        stored,
        Some(0),
        "finished tasks left in Redis\n{}",
        fleet.log()
    );
    listener.abort();
    // The workers' own jobs (cron, the category tree at start) are pushed once each; no probe.
    let others = fleet
        .scalar("SELECT COUNT(*) FROM event_histories WHERE type <> 'system.probe'")
        .await;
    let pushed = pushed.load(Ordering::SeqCst) as i64;
    assert!(
        pushed <= others,
        "workers pushed {pushed} jobs, {others} of them their own: some waiting in Redis were pushed again"
    );
    let (effects, attempts) = fleet.effects_and_attempts().await;
    assert_eq!(
        (effects, attempts),
        (N as i64, N as i64),
        "every job ran once"
    );
}

/// A worker that starts on a backlog larger than one sweep batch (500) pushes each waiting job
/// once and then runs them; its first sweep used to count the jobs it had just pushed as lost
/// and push them again for ever, so the pool never started.
#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn a_worker_started_on_a_backlog_pushes_each_job_once_and_drains_it() {
    let redis = Redis::start().await;
    let mut fleet = Fleet::start(&redis, 0, &[]).await;
    let batch = fleet.enqueue_probes(1200, 0).await;
    fleet.add_worker();
    fleet.wait_done(&batch, 1200, 60).await;
    let (effects, attempts) = fleet.effects_and_attempts().await;
    assert_eq!((effects, attempts), (1200, 1200), "every job ran once");
}

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn cron_ticks_run_once_across_three_workers() {
    let redis = Redis::start().await;
    let fleet = Fleet::start(&redis, 3, &[("CRON_TOKENS_PURGE", "*/1 * * * * *")]).await;
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(6)).await;
    let elapsed = started.elapsed().as_secs() as i64;
    let ticks = fleet
        .scalar("SELECT COUNT(*) FROM event_histories WHERE type = 'tokens.purge'")
        .await;
    // One statement: the cron keeps ticking, so two counts read apart can differ by a tick.
    let repeated = fleet
        .scalar(
            "SELECT COUNT(*) - COUNT(DISTINCT dedupe_key) FROM event_histories WHERE type = 'tokens.purge'",
        )
        .await;
    assert!(ticks >= 3, "ticks ran: {ticks}\n{}", fleet.log());
    assert!(
        ticks <= elapsed + 2,
        "{ticks} jobs in {elapsed}s: a tick ran more than once"
    );
    assert_eq!(repeated, 0, "one job per tick");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let ran_once = fleet.scalar("SELECT COUNT(*) FROM event_histories WHERE type = 'tokens.purge' AND status = 'SUCCESS' AND attempts = 1").await;
        let all = fleet.scalar("SELECT COUNT(*) FROM event_histories WHERE type = 'tokens.purge' AND status <> 'PENDING' AND status <> 'PROCESSING'").await;
        if ran_once == all && all >= ticks {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "ticks did not each run once: {ran_once} of {all}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A TCP proxy in front of PostgreSQL that can cut every connection and refuse new ones.
struct Proxy {
    port: u16,
    up: Arc<AtomicBool>,
    conns: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Proxy {
    async fn start(target: (String, u16)) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let up = Arc::new(AtomicBool::new(true));
        let conns: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
        let (u, c) = (up.clone(), conns.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut client, _)) = listener.accept().await else {
                    return;
                };
                if !u.load(Ordering::SeqCst) {
                    drop(client);
                    continue;
                }
                let target = target.clone();
                let handle = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                c.lock().expect("lock").push(handle);
            }
        });
        Proxy { port, up, conns }
    }

    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for h in self.conns.lock().expect("lock").drain(..) {
            h.abort();
        }
    }

    fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn postgres_unreachable_answers_clearly_and_recovers() {
    let admin = std::env::var("TEST_POSTGRES_URL").expect("TEST_POSTGRES_URL");
    let database = create_database().await;
    let url = database.url.clone();
    // postgres://user:pass@host:port/db → the same through the proxy.
    let after_at = url
        .rsplit_once('@')
        .map(|(_, r)| r)
        .expect("url with credentials");
    let (hostport, dbname) = after_at.split_once('/').expect("db name");
    let (host, port) = hostport.split_once(':').unwrap_or((hostport, "5432"));
    let proxy = Proxy::start((host.to_owned(), port.parse().expect("port"))).await;
    let proxied = url.replace(hostport, &format!("127.0.0.1:{}", proxy.port));
    let _ = (admin, dbname);

    let redis = Redis::start().await;
    let redis_url = redis.url();
    let port = proxy.port.to_string();
    let _ = port;
    let s = Server::start_with(&[
        ("DATABASE_URL", proxied.as_str()),
        ("REDIS_URL", redis_url.as_str()),
        ("DEMO", "true"),
        ("DATABASE_ACQUIRE_TIMEOUT_SECS", "2"),
        (
            "JWT_SECRET",
            "test-secret-shared-by-every-replica-0123456789",
        ),
    ])
    .await;
    let token = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    s.ok("{ getMe { id } }", json!({}), Some(&token)).await;

    proxy.cut();
    let health = s.get("/healthz").await;
    assert_eq!(health.status(), 503);
    let body: serde_json::Value = health.json().await.expect("json");
    assert_ne!(body["database"], "ok", "{body}");
    let res = s.gql("{ getMe { id } }", json!({}), Some(&token)).await;
    assert_eq!(code(&res), "INTERNAL", "{res}");
    assert!(message(&res).contains("database"), "a clear message: {res}");

    proxy.restore();
    let back = wait_for(Duration::from_secs(30), || async {
        let res = s.gql("{ getMe { id } }", json!({}), Some(&token)).await;
        res.get("errors").is_none().then_some(())
    })
    .await;
    assert!(back.is_some(), "requests recover; log:\n{}", s.log());
    assert_eq!(s.get("/healthz").await.status(), 200);
}

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn login_limits_hold_across_api_replicas() {
    let database = create_database().await;
    let (name, url) = (database.name.clone(), database.url.clone());
    let redis = Redis::start().await;
    let redis_url = redis.url();
    let env = [
        ("DATABASE_URL", url.as_str()),
        ("REDIS_URL", redis_url.as_str()),
        ("QUEUE_NAME", name.as_str()),
        ("DEMO", "true"),
        (
            "JWT_SECRET",
            "test-secret-shared-by-every-replica-0123456789",
        ),
        ("RATE_LIMIT_LOGIN_EMAIL", "3"),
    ];
    let a = Server::start_with(&env).await;
    let b = Server::start_with(&env).await;
    let login = "mutation($i: LoginInput!) { login(input: $i) { accessToken } }";
    let wrong = json!({ "i": { "email": DEMO_ADMIN, "password": "wrong-password" } });
    for replica in [&a, &b, &a] {
        assert_eq!(
            code(&replica.gql(login, wrong.clone(), None).await),
            "UNAUTHENTICATED"
        );
    }
    // The fourth attempt is refused on either replica: they count together.
    assert_eq!(
        code(&b.gql(login, wrong.clone(), None).await),
        "RATE_LIMITED"
    );
    assert_eq!(code(&a.gql(login, wrong, None).await), "RATE_LIMITED");
    // A token from one replica works on the other.
    let token = a.login(DEMO_STAFF, DEMO_PASSWORD).await;
    b.ok("{ getMe { email } }", json!({}), Some(&token)).await;
}

/// A T-shirt template in a leaf category the sandbox accepts, showing `image`.
fn tee_template(image: &str) -> serde_json::Value {
    json!({
        "name": "Classic tee",
        "title": "{design} Classic Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "tiktokCategoryId": "601226",
        "variants": [{ "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 }],
        "tiktokProductAttribute": [{ "attributeId": "100198", "valueIds": ["1001981"] }, { "attributeId": "100392", "valueIds": ["1003921"] }],
        "images": [image],
        "type": "POD"
    })
}

#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn an_upload_on_one_replica_is_listed_by_a_worker_of_another_process_without_a_shared_disk() {
    let database = create_database().await;
    let (name, url) = (database.name.clone(), database.url.clone());
    let redis = Redis::start().await;
    let bucket_dir = tempfile::tempdir().expect("bucket dir");
    let s3 = sandbox::s3::start(sandbox::s3::S3Config::new(bucket_dir.path()))
        .await
        .expect("S3 sandbox");
    // Two API replicas behind one address (PUBLIC_URL, here the first one's), each with its
    // own DATA_DIR, and a worker with a third: nothing but the bucket is shared.
    let port = free_port();
    let public_url = format!("http://127.0.0.1:{port}");
    let port_text = port.to_string();
    let redis_url = redis.url();
    let mut env: Vec<(&str, String)> = vec![
        ("DATABASE_URL", url.clone()),
        ("REDIS_URL", redis_url),
        ("QUEUE_NAME", name.clone()),
        ("DEMO", "true".into()),
        (
            "JWT_SECRET",
            "test-secret-shared-by-every-replica-0123456789".into(),
        ),
        ("SECRETS_KEY", "ab".repeat(32)),
        ("PUBLIC_URL", public_url.clone()),
        ("JOB_MAX_ATTEMPTS", "2".into()),
    ];
    env.extend(s3.env());
    let borrowed: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let a =
        Server::start_with(&[borrowed.clone(), vec![("PORT", port_text.as_str())]].concat()).await;
    assert_eq!(a.url, public_url);
    let b = Server::start_with(&borrowed).await;

    // The worker: the first replica's settings (its TikTok sandbox), a DATA_DIR of its own.
    let worker_dir = tempfile::tempdir().expect("worker dir");
    let log_path = std::env::temp_dir().join(format!("{name}-storage-worker.log"));
    let log = std::fs::File::create(&log_path).expect("log");
    let mut worker_env = a.env.clone();
    worker_env.insert("DATA_DIR".into(), worker_dir.path().display().to_string());
    let mut worker = Command::new(worker_binary())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .envs(&worker_env)
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .spawn()
        .expect("start worker");

    let admin = a.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let file_url = upload(&a, &admin, "front.png", "image/png", "designs", DESIGN_PNG).await;
    assert!(file_url.starts_with(&public_url), "{file_url}");
    // The other replica serves it (from the bucket: its disk never saw it).
    let on_b = file_url.replace(&public_url, &b.url);
    let got = reqwest::get(&on_b).await.expect("get");
    assert_eq!(got.status(), 200);
    assert_eq!(got.bytes().await.expect("bytes").to_vec(), DESIGN_PNG);

    let template = a
        .ok(
            "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }",
            json!({ "i": tee_template(&file_url) }),
            Some(&admin),
        )
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("template")
        .to_owned();
    let ids = a
        .ok(
            "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }",
            json!({ "i": { "templateId": template, "designs": [{ "name": "Front", "mockupUrls": [file_url] }] } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"]
        .clone();
    let shop = connect_tiktok_shop(&a, &admin, "Bucket Shop").await;
    let batch = a
        .ok(
            "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId } }",
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "AS_DRAFT" } }),
            Some(&admin),
        )
        .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&b, &admin, &batch, Duration::from_secs(90)).await;
    let worker_log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert_eq!(
        done["succeeded"],
        1,
        "{done}\nworker log:\n{}",
        tail(&worker_log, 40)
    );
    // Run by the worker process, which read both pictures from the bucket: no replica runs
    // jobs with a Redis queue, and no disk holds an upload.
    assert!(
        worker_log.contains("listing.publish"),
        "{}",
        tail(&worker_log, 40)
    );
    for dir in [a.data_dir(), b.data_dir(), worker_dir.path()] {
        assert!(!dir.join("uploads").exists(), "{}", dir.display());
    }
    assert!(
        !worker_log.contains(&s3.config().secret_access_key),
        "no credential in the worker's log"
    );
    let _ = worker.kill();
    let _ = worker.wait();
}

/// Write transactions on PostgreSQL take the connection of the last commit (newest first, see
/// `domain::db::RecentConns`) and keep every rule a pool connection kept: a transaction dropped
/// unfinished rolls back, a connection the server ended is not handed to a write, a reader of a
/// full pool is not kept waiting, stale connections go back to the pool, and the pool closes.
#[tokio::test]
#[ignore = "needs PostgreSQL and redis-server; run by scripts/test.sh"]
async fn write_transactions_reuse_the_newest_connection_and_keep_the_pools_rules() {
    let database = create_database().await;
    let db = domain::Db::connect(&domain::db::DbOptions {
        url: database.url.clone(),
        max_connections: 4,
        acquire_timeout: Duration::from_secs(5),
    })
    .await
    .expect("connect");
    sqlx::query("CREATE TABLE kept (n INT NOT NULL)")
        .execute(&db.pool)
        .await
        .expect("create table");
    db.open_connections(4).await.expect("open connections");
    let count = async |db: &domain::Db| -> i64 {
        sqlx::query_scalar("SELECT COUNT(*) FROM kept")
            .fetch_one(&db.pool)
            .await
            .expect("count")
    };
    // A write transaction of one row, committed; the server process that ran it.
    let write = async |db: &domain::Db, n: i32| -> i32 {
        let mut tx = db.begin().await.expect("begin");
        let backend: i32 =
            sqlx::query_scalar("INSERT INTO kept (n) VALUES ($1) RETURNING pg_backend_pid()")
                .bind(n)
                .fetch_one(&mut *tx)
                .await
                .expect("insert");
        tx.commit().await.expect("commit");
        backend
    };

    // The pool alone would hand out its four idle connections in turn.
    let mut backends = Vec::new();
    for n in 0..5 {
        backends.push(write(&db, n).await);
    }
    backends.dedup();
    assert_eq!(
        backends.len(),
        1,
        "one connection served writes one after another"
    );
    assert_eq!(count(&db).await, 5);
    // Kept with the next transaction begun in the commit's round trip.
    let state = async |db: &domain::Db, backend: i32| -> Option<String> {
        sqlx::query_scalar("SELECT state FROM pg_stat_activity WHERE pid = $1")
            .bind(backend)
            .fetch_optional(&db.pool)
            .await
            .expect("state")
    };
    assert_eq!(
        state(&db, backends[0]).await.as_deref(),
        Some("idle in transaction")
    );
    // Kept a while, it is begun again before use, on the same connection.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(write(&db, 5).await, backends[0]);

    // Dropped unfinished, and failed midway: both roll back, and the next write starts clean.
    let mut tx = db.begin().await.expect("begin");
    sqlx::query("INSERT INTO kept (n) VALUES (100)")
        .execute(&mut *tx)
        .await
        .expect("insert");
    drop(tx);
    let mut tx = db.begin().await.expect("begin");
    sqlx::query("INSERT INTO kept (n) VALUES (101)")
        .execute(&mut *tx)
        .await
        .expect("insert");
    assert!(
        sqlx::query("INSERT INTO kept (n) VALUES (NULL)")
            .execute(&mut *tx)
            .await
            .is_err()
    );
    drop(tx);
    write(&db, 6).await;
    assert_eq!(count(&db).await, 7, "the unfinished writes left nothing");

    // The server ends the kept connection: the next write after the trusted moments still goes
    // through, on another.
    let kept = write(&db, 7).await;
    let ended: bool = sqlx::query_scalar("SELECT pg_terminate_backend($1)")
        .bind(kept)
        .fetch_one(&db.pool)
        .await
        .expect("terminate");
    assert!(ended);
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_ne!(write(&db, 8).await, kept);

    // Readers holding all but the kept connection: one more reader is not kept waiting.
    let mut readers = Vec::new();
    while db.pool.num_idle() > 0 || db.pool.size() < 4 {
        readers.push(db.conn().await.expect("reader"));
    }
    let reader = tokio::time::timeout(Duration::from_millis(500), db.conn()).await;
    let Ok(Ok(mut reader)) = reader else {
        panic!("a reader of a full pool got the kept connection");
    };
    let reader_backend: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&mut *reader)
        .await
        .expect("reader's statement");
    let reader_state: String =
        sqlx::query_scalar("SELECT state FROM pg_stat_activity WHERE pid = $1")
            .bind(reader_backend)
            .fetch_one(&mut *readers[0])
            .await
            .expect("reader's state");
    assert_eq!(reader_state, "idle", "the kept transaction was rolled back");
    drop(reader);
    drop(readers);

    // Kept connections go back to the pool after a pause.
    write(&db, 9).await;
    let all_idle = wait_for(Duration::from_secs(5), || async {
        (db.pool.num_idle() as u32 == db.pool.size()).then_some(())
    })
    .await;
    assert!(
        all_idle.is_some(),
        "the kept connection went back to the pool"
    );
    let open: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pg_stat_activity \
         WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
    )
    .fetch_one(&db.pool)
    .await
    .expect("open transactions");
    assert_eq!(open, 0, "its transaction was rolled back");

    // The pool closes with a connection kept.
    write(&db, 10).await;
    let closed = tokio::time::timeout(Duration::from_millis(500), db.pool.close()).await;
    assert!(closed.is_ok(), "the pool closed with a connection kept");
}
