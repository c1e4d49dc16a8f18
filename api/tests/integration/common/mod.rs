//! Starts the real `api` binary on a free port with a temporary DATA_DIR and speaks GraphQL to
//! it over HTTP. Each test gets its own server.
#![allow(dead_code)]

pub mod smtp;

use std::collections::HashMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const SUPER_EMAIL: &str = "root@sellerdesk.test";
pub const SUPER_PASSWORD: &str = "root-password-1";
pub const DEMO_ADMIN: &str = "admin@demo.sellerdesk.test";
pub const DEMO_STAFF: &str = "staff@demo.sellerdesk.test";
pub const DEMO_PASSWORD: &str = "sellerdesk-demo";

/// A port no other test of this process was given and nothing listens on, below the kernel's
/// ephemeral range. A port the kernel picked (`:0`) and freed can be picked again for another
/// test's server, or for a sandbox's listener or an outgoing connection, before this test's
/// server binds it; the server that lost the race exits, and its test speaks to someone else's.
///
/// The two stacks' runs of this binary go side by side (scripts/test.sh), started together, so
/// their process ids are neighbours: each stack hands out ports from its own half of the range,
/// or the two would walk the same ports a step apart and a test could reach the other run's
/// server.
pub fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    const SPAN: u32 = 6_000; // up to 32,000: Linux hands out ephemeral ports from 32,768
    let first: u32 = if scaled() { 26_000 } else { 20_000 };
    static NEXT: AtomicU32 = AtomicU32::new(u32::MAX);
    // Processes that run at the same time (the web's and a bench's servers) start apart.
    let _ = NEXT.compare_exchange(
        u32::MAX,
        std::process::id() % SPAN,
        Ordering::SeqCst,
        Ordering::SeqCst,
    );
    for _ in 0..SPAN {
        let port = (first + NEXT.fetch_add(1, Ordering::SeqCst) % SPAN) as u16;
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free port between {first} and {}", first + SPAN)
}

/// True when the suite runs on the scaled stack: PostgreSQL + Redis + `worker` processes.
/// `TEST_STACK=scaled` with `TEST_POSTGRES_URL` (a role that may create databases) and
/// `TEST_REDIS_URL`.
pub fn scaled() -> bool {
    std::env::var("TEST_STACK").is_ok_and(|s| s == "scaled")
}

fn required(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("TEST_STACK=scaled needs {name}"))
}

/// An empty PostgreSQL database for one test, dropped with this value (also when the test
/// fails: a run used to leave one database behind per test that made its own).
pub struct TestDatabase {
    pub name: String,
    pub url: String,
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        drop_database(std::mem::take(&mut self.name));
    }
}

/// Creates an empty PostgreSQL database for one test. The first one of a process also drops
/// what earlier runs left behind (see [`drop_stale_databases`]).
pub async fn create_database() -> TestDatabase {
    let admin = required("TEST_POSTGRES_URL");
    let name = format!("sd_test_{}", uuid_simple());
    let db = admin_db(&admin).await;
    static SWEPT: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    SWEPT.get_or_init(|| drop_stale_databases(&db)).await;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&db.pool)
        .await
        .expect("create database");
    db.pool.close().await;
    let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
    let url = format!("{base}/{name}");
    TestDatabase { name, url }
}

/// How old a test database must be before another run drops it: far longer than any test
/// (a whole CI run takes under half an hour), so no running test loses its database.
const STALE_TEST_DATABASE: Duration = Duration::from_secs(6 * 3600);

/// Drops the test databases made more than [`STALE_TEST_DATABASE`] ago: a run that was killed
/// could not drop its own. A name says when it was made (a UUIDv7, milliseconds first).
async fn drop_stale_databases(db: &domain::Db) {
    let names: Vec<String> = sqlx::query_scalar(
        r"SELECT datname::text FROM pg_database WHERE datname LIKE 'sd\_test\_%'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap_or_default();
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    for name in names {
        let made_ms = name
            .strip_prefix("sd_test_")
            .and_then(|hex| hex.get(..12))
            .and_then(|ms| u128::from_str_radix(ms, 16).ok());
        if made_ms.is_some_and(|made| now_ms.saturating_sub(made) > STALE_TEST_DATABASE.as_millis())
        {
            let _ = force_drop(db, &name).await;
        }
    }
}

/// Drops the database `name`, ending the connections it has.
async fn force_drop(db: &domain::Db, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
    )))
    .execute(&db.pool)
    .await
    .map(|_| ())
}

async fn admin_db(url: &str) -> domain::Db {
    domain::Db::connect(&domain::db::DbOptions {
        url: url.to_owned(),
        max_connections: 1,
        acquire_timeout: Duration::from_secs(10),
    })
    .await
    .expect("connect to TEST_POSTGRES_URL")
}

/// Drops a test's database, trying a few times: `WITH (FORCE)` ends the test's own connections,
/// but PostgreSQL refuses it while an autovacuum worker (a superuser's process) is in the
/// database, which a test that wrote many rows can meet.
fn drop_database(name: String) {
    let Ok(admin) = std::env::var("TEST_POSTGRES_URL") else {
        return;
    };
    if name.is_empty() {
        return;
    }
    let _ = std::thread::spawn(move || {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        rt.block_on(async {
            let db = admin_db(&admin).await;
            let mut last_error = None;
            for _ in 0..5 {
                match force_drop(&db, &name).await {
                    Ok(()) => return,
                    Err(e) => last_error = Some(e),
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            if let Some(e) = last_error {
                eprintln!("could not drop the test database {name} (a later run drops it): {e}");
            }
        });
    })
    .join();
}

/// Unique across the tests of all processes: time and pid alone collided between two tests
/// started in the same clock tick.
fn uuid_simple() -> String {
    domain::ids::new_id().replace('-', "")
}

pub fn worker_binary() -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_api")).with_file_name("worker");
    assert!(
        path.exists(),
        "{} is missing: build the workspace first (cargo build --workspace)",
        path.display()
    );
    path
}

pub struct Server {
    pub port: u16,
    pub url: String,
    pub dir: tempfile::TempDir,
    pub env: HashMap<String, String>,
    child: Option<Child>,
    workers: Vec<Child>,
    database: Option<TestDatabase>,
    http: reqwest::Client,
    /// The TikTok Shop the server talks to: a sandbox in this test process.
    pub tiktok: sandbox::tiktok::SandboxHandle,
    /// The print-on-demand providers the server talks to, in this test process.
    pub providers: sandbox::providers::ProvidersHandle,
    /// Amazon's SP-API and Walmart Marketplace stand-ins the server talks to, in this process.
    pub amazon: sandbox::amazon::AmazonHandle,
    pub walmart: sandbox::walmart::WalmartHandle,
    /// The S3-compatible bucket files are kept in, when they are not under DATA_DIR.
    pub s3: Option<sandbox::s3::S3Handle>,
    /// The bucket's objects: a directory apart from DATA_DIR, as another machine's disk.
    _s3_dir: Option<tempfile::TempDir>,
}

/// Where a test server keeps its files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Files {
    /// The stack's: an S3 bucket (the sandbox's) on the scaled stack, DATA_DIR embedded.
    Default,
    /// DATA_DIR, whatever the stack (tests of the API's own signed upload URLs).
    Local,
    /// The sandbox's S3 bucket, whatever the stack.
    Bucket,
}

/// A sandbox as tests want it by default: no faults, a short audit.
pub fn sandbox_config() -> sandbox::tiktok::SandboxConfig {
    sandbox::tiktok::SandboxConfig {
        audit_delay: Duration::from_millis(300),
        ..sandbox::tiktok::SandboxConfig::default()
    }
}

impl Server {
    pub async fn start() -> Server {
        Self::start_with(&[]).await
    }

    /// Starts a server; `env` adds or overrides variables.
    pub async fn start_with(env: &[(&str, &str)]) -> Server {
        Self::start_with_sandbox(env, sandbox_config()).await
    }

    /// Starts a server whose TikTok Shop is a sandbox configured as given (faults, caps).
    pub async fn start_with_sandbox(
        env: &[(&str, &str)],
        tiktok: sandbox::tiktok::SandboxConfig,
    ) -> Server {
        Self::start_full(env, tiktok, Files::Default).await
    }

    /// Starts a server keeping its files as said; `env` adds or overrides variables.
    pub async fn start_with_files(env: &[(&str, &str)], files: Files) -> Server {
        Self::start_full(env, sandbox_config(), files).await
    }

    async fn start_full(
        env: &[(&str, &str)],
        mut tiktok: sandbox::tiktok::SandboxConfig,
        files: Files,
    ) -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        // A test may choose the port (replicas sharing one PUBLIC_URL).
        let port = env
            .iter()
            .find(|(k, _)| *k == "PORT")
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or_else(free_port);
        // The consent page sends the seller back to the web app's callback route.
        tiktok.redirect_url = Some(format!("http://127.0.0.1:{port}/shops/tiktok/callback"));
        let tiktok = sandbox::tiktok::start(tiktok)
            .await
            .expect("start the TikTok sandbox");
        let providers = sandbox::providers::start(sandbox::providers::ProvidersConfig::default())
            .await
            .expect("start the providers' sandbox");
        let amazon = sandbox::amazon::start(sandbox::amazon::AmazonConfig {
            redirect_url: Some(format!("http://127.0.0.1:{port}/shops/amazon/callback")),
            processing_delay: Duration::from_millis(300),
            ..sandbox::amazon::AmazonConfig::default()
        })
        .await
        .expect("start the Amazon sandbox");
        let walmart = sandbox::walmart::start(sandbox::walmart::WalmartConfig {
            feed_polls: 1,
            ..sandbox::walmart::WalmartConfig::default()
        })
        .await
        .expect("start the Walmart sandbox");
        let mut vars: HashMap<String, String> = HashMap::new();
        for (k, v) in [
            ("PORT", port.to_string()),
            ("HOST", "127.0.0.1".into()),
            ("DATA_DIR", dir.path().display().to_string()),
            ("WEB_DIR", dir.path().join("no-web").display().to_string()),
            ("BOOTSTRAP_ADMIN_EMAIL", SUPER_EMAIL.into()),
            ("BOOTSTRAP_ADMIN_PASSWORD", SUPER_PASSWORD.into()),
            ("LANG", "C.UTF-8".into()),
            ("JOB_BACKOFF_MS", "100".into()),
            ("JOB_SWEEP_MS", "200".into()),
            ("RUST_LOG", "warn,api=info,jobs=info".into()),
            ("TIKTOK_APP_KEY", tiktok.sandbox().app_key()),
            ("TIKTOK_APP_SECRET", tiktok.sandbox().app_secret()),
            ("TIKTOK_SERVICE_ID", tiktok.sandbox().service_id()),
            ("TIKTOK_BASE_URL", tiktok.base_url().to_owned()),
            ("FULFILLMENT_BASE_URL", providers.base_url().to_owned()),
            ("AMAZON_LWA_CLIENT_ID", amazon.sandbox().client_id()),
            ("AMAZON_LWA_CLIENT_SECRET", amazon.sandbox().client_secret()),
            ("AMAZON_APPLICATION_ID", amazon.sandbox().application_id()),
            (
                "AMAZON_REDIRECT_URL",
                format!("http://127.0.0.1:{port}/shops/amazon/callback"),
            ),
            ("AMAZON_BASE_URL", amazon.base_url().to_owned()),
            ("WALMART_BASE_URL", walmart.base_url().to_owned()),
            // Image fetches reach loopback only where allowed: the sandbox and the image host.
            (
                "FETCH_ALLOW_HOSTS",
                format!("{},{}", tiktok.base_url(), shared_image_host()),
            ),
        ] {
            vars.insert(k.into(), v);
        }
        let mut database = None;
        if scaled() {
            let created = create_database().await;
            vars.insert("DATABASE_URL".into(), created.url.clone());
            vars.insert("REDIS_URL".into(), required("TEST_REDIS_URL"));
            vars.insert("QUEUE_NAME".into(), created.name.clone());
            vars.insert(
                "JWT_SECRET".into(),
                "test-secret-shared-by-every-replica-0123456789".into(),
            );
            vars.insert("DEMO".into(), "true".into());
            // Tests run side by side against one PostgreSQL (100 connections by default).
            vars.insert("DATABASE_MAX_CONNECTIONS".into(), "4".into());
            database = Some(created);
        }
        let (s3, s3_dir) = if files == Files::Bucket || (files == Files::Default && scaled()) {
            let s3_dir = tempfile::tempdir().expect("bucket dir");
            let s3 = sandbox::s3::start(sandbox::s3::S3Config::new(s3_dir.path()))
                .await
                .expect("start the S3 sandbox");
            for (k, v) in s3.env() {
                vars.insert(k.into(), v);
            }
            (Some(s3), Some(s3_dir))
        } else {
            (None, None)
        };
        for (k, v) in env {
            // A test's FETCH_ALLOW_HOSTS adds to the harness's: the sandbox stays reachable.
            let v = match (*k, vars.get(*k)) {
                ("FETCH_ALLOW_HOSTS", Some(default)) => format!("{default},{v}"),
                _ => (*v).to_owned(),
            };
            vars.insert((*k).into(), v);
        }
        let mut server = Server {
            port,
            url: format!("http://127.0.0.1:{port}"),
            dir,
            env: vars,
            child: None,
            workers: Vec::new(),
            database,
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .expect("http client"),
            tiktok,
            providers,
            amazon,
            walmart,
            s3,
            _s3_dir: s3_dir,
        };
        server.spawn().await;
        server
    }

    pub fn sandbox(&self) -> &sandbox::tiktok::TiktokSandbox {
        self.tiktok.sandbox()
    }

    pub fn amazon(&self) -> &sandbox::amazon::AmazonSandbox {
        self.amazon.sandbox()
    }

    pub fn walmart(&self) -> &sandbox::walmart::WalmartSandbox {
        self.walmart.sandbox()
    }

    /// The print-on-demand providers' sandbox.
    pub fn providers(&self) -> &sandbox::providers::ProvidersSandbox {
        self.providers.sandbox()
    }

    pub fn data_dir(&self) -> &Path {
        self.dir.path()
    }

    /// Where the bucket keeps an object, when files are in a bucket.
    pub fn bucket_object(&self, key: &str) -> Option<PathBuf> {
        self.s3.as_ref().map(|s3| s3.object_path(key))
    }

    fn command(&self, program: &Path) -> Command {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.path().join("server.log"))
            .expect("log file");
        let mut cmd = Command::new(program);
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(&self.env)
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log);
        cmd
    }

    /// The `worker` processes a scaled server runs beside the API: two, or none while
    /// WORKER_CONCURRENCY is 0.
    fn worker_count(&self) -> usize {
        if !scaled() || self.env.get("WORKER_CONCURRENCY").is_some_and(|c| c == "0") {
            0
        } else {
            2
        }
    }

    async fn spawn(&mut self) {
        let mut api = self.command(Path::new(env!("CARGO_BIN_EXE_api")));
        api.arg("serve");
        self.child = Some(api.spawn().expect("start api"));
        self.wait_healthy().await;
        for _ in 0..self.worker_count() {
            let worker = self
                .command(&worker_binary())
                .spawn()
                .expect("start worker");
            self.workers.push(worker);
        }
    }

    /// One more `worker` process beside a scaled server (none in embedded mode, where
    /// WORKER_CONCURRENCY sets how many jobs the one process runs at once).
    pub fn add_worker(&mut self) {
        if scaled() {
            let worker = self
                .command(&worker_binary())
                .spawn()
                .expect("start worker");
            self.workers.push(worker);
        }
    }

    /// The server's job queue, for tests that push to it as a mutation does.
    pub async fn queue(&self) -> jobs::Queue {
        let name = self
            .env
            .get("QUEUE_NAME")
            .cloned()
            .unwrap_or_else(|| "sellerdesk".into());
        match self.env.get("REDIS_URL") {
            Some(url) => jobs::Queue::redis(url, &name).await.expect("queue"),
            None => jobs::Queue::sqlite(&self.dir.path().join("queue.sqlite"), &name)
                .await
                .expect("queue"),
        }
    }

    /// The database the server uses, for tests that set up rows directly.
    pub fn database_url(&self) -> String {
        self.env.get("DATABASE_URL").cloned().unwrap_or_else(|| {
            format!(
                "sqlite://{}",
                self.dir.path().join("sellerdesk.sqlite").display()
            )
        })
    }

    pub fn worker_pids(&self) -> Vec<i32> {
        self.workers.iter().map(|w| w.id() as i32).collect()
    }

    async fn wait_healthy(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(child) = self.child.as_mut()
                && let Ok(Some(status)) = child.try_wait()
            {
                panic!(
                    "api exited with {status} during start; log:\n{}",
                    self.log()
                );
            }
            if let Ok(resp) = self.http.get(format!("{}/healthz", self.url)).send().await
                && resp.status().is_success()
            {
                return;
            }
            if Instant::now() > deadline {
                panic!("api did not become healthy; log:\n{}", self.log());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    pub fn pid(&self) -> i32 {
        self.child.as_ref().map(|c| c.id() as i32).unwrap_or(0)
    }

    /// SIGKILL to the API and its workers: no cleanup of any kind.
    pub fn kill(&mut self) {
        for mut child in self.child.take().into_iter().chain(self.workers.drain(..)) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// SIGTERM to every process, then waits for them; true when all exited cleanly.
    pub fn terminate(&mut self) -> bool {
        let children: Vec<Child> = self
            .child
            .take()
            .into_iter()
            .chain(self.workers.drain(..))
            .collect();
        if children.is_empty() {
            return false;
        }
        for child in &children {
            unsafe {
                libc::kill(child.id() as i32, libc::SIGTERM);
            }
        }
        let deadline = Instant::now() + Duration::from_secs(40);
        let mut clean = true;
        for mut child in children {
            loop {
                if let Ok(Some(status)) = child.try_wait() {
                    clean &= status.success();
                    break;
                }
                if Instant::now() > deadline {
                    let _ = child.kill();
                    clean = false;
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        clean
    }

    /// Starts the server again on the same DATA_DIR and port, with `env` changes.
    pub async fn restart_with(&mut self, env: &[(&str, &str)]) {
        self.kill();
        for (k, v) in env {
            self.env.insert((*k).into(), (*v).into());
        }
        self.spawn().await;
    }

    pub async fn post_raw(&self, body: Vec<u8>, token: Option<&str>) -> reqwest::Response {
        let mut req = self
            .http
            .post(format!("{}/graphql", self.url))
            .header("content-type", "application/json")
            .body(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().await.expect("request")
    }

    /// Runs a GraphQL operation and returns the whole response body.
    pub async fn gql(&self, query: &str, variables: Value, token: Option<&str>) -> Value {
        let body =
            serde_json::to_vec(&json!({ "query": query, "variables": variables })).expect("json");
        self.post_raw(body, token)
            .await
            .json()
            .await
            .expect("json response")
    }

    /// Runs an operation that must succeed; returns `data`.
    pub async fn ok(&self, query: &str, variables: Value, token: Option<&str>) -> Value {
        let res = self.gql(query, variables, token).await;
        assert!(res.get("errors").is_none(), "unexpected errors: {res}");
        res["data"].clone()
    }

    pub async fn login(&self, email: &str, password: &str) -> String {
        let data = self
            .ok(
                "mutation($i: LoginInput!) { login(input: $i) { accessToken } }",
                json!({ "i": { "email": email, "password": password } }),
                None,
            )
            .await;
        data["login"]["accessToken"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{}", self.url, path))
            .send()
            .await
            .expect("request")
    }

    pub fn mail_dir(&self) -> PathBuf {
        self.dir.path().join("mail")
    }

    /// The mails written so far, as text with quoted-printable soft breaks undone.
    pub fn mails(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.mail_dir()) else {
            return Vec::new();
        };
        let mut out: Vec<(std::time::SystemTime, String)> = entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
            .map(|e| {
                let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                let modified = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (
                    modified,
                    text.replace("=\r\n", "")
                        .replace("=\n", "")
                        .replace("=3D", "="),
                )
            })
            .collect();
        out.sort_by_key(|(t, _)| *t);
        out.into_iter().map(|(_, t)| t).collect()
    }

    /// Waits for a mail to `to` whose text has a link with `path`; returns the link's token.
    pub async fn mailed_token(&self, to: &str, path: &str) -> String {
        let re = regex::Regex::new(&format!(r"{}\?token=([0-9a-f]+)", regex::escape(path)))
            .expect("regex");
        let found = wait_for(Duration::from_secs(20), || {
            let mails = self.mails();
            let found = mails
                .iter()
                .rev()
                .filter(|m| m.contains(&format!("To: {to}")))
                .find_map(|m| re.captures(m).map(|c| c[1].to_owned()));
            async move { found }
        })
        .await;
        found.unwrap_or_else(|| panic!("no mail to {to} with a {path} link; log:\n{}", self.log()))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
        // Dropped once the server is gone.
        self.database.take();
    }
}

/// Polls `f` until it returns Some or the time is up.
pub async fn wait_for<T, F, Fut>(timeout: Duration, mut f: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(v) = f().await {
            return Some(v);
        }
        if Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The `extensions.code` of the first error, or "" when there is none.
pub fn code(res: &Value) -> String {
    res["errors"][0]["extensions"]["code"]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

pub fn field(res: &Value) -> String {
    res["errors"][0]["extensions"]["field"]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

pub fn message(res: &Value) -> String {
    res["errors"][0]["message"]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

pub async fn me_id(server: &Server, token: &str) -> String {
    server.ok("{ getMe { id } }", json!({}), Some(token)).await["getMe"]["id"]
        .as_str()
        .expect("id")
        .to_owned()
}

/// The `state` parameter of a consent link.
pub fn state_of(link: &str) -> String {
    let url = reqwest::Url::parse(link).expect("consent link is a URL");
    url.query_pairs()
        .find(|(k, _)| k == "state")
        .map(|(_, v)| v.into_owned())
        .expect("state on the consent link")
}

/// Connects a new sandbox TikTok shop to the signed-in ADMIN's client, as the consent flow
/// would (a link, the seller's grant, the callback), and returns the shop's id.
pub async fn connect_tiktok_shop(server: &Server, token: &str, shop_name: &str) -> String {
    let link = server
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
            json!({}),
            Some(token),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let granted = server.sandbox().grant_shop(shop_name, "US");
    let data = server
        .ok(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id name connection } }",
            json!({ "i": { "code": granted.auth_code, "state": state_of(&link), "saleChannel": "TIKTOK", "targetMarket": "US" } }),
            Some(token),
        )
        .await;
    data["authorizeShop"]["id"]
        .as_str()
        .expect("shop id")
        .to_owned()
}

/// Connects a new Amazon seller (granted on the stand-in's consent page) to the signed-in
/// ADMIN's client, as the consent flow would, and returns (shop id, selling partner id).
pub async fn connect_amazon_shop(server: &Server, token: &str, store: &str) -> (String, String) {
    let link = server
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: AMAZON) }",
            json!({}),
            Some(token),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let granted = server.amazon().grant_seller(store);
    let data = server
        .ok(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id name saleChannel connection } }",
            json!({ "i": {
                "code": granted.spapi_oauth_code,
                "state": state_of(&link),
                "saleChannel": "AMAZON",
                "sellingPartnerId": granted.selling_partner_id,
            } }),
            Some(token),
        )
        .await;
    let id = data["authorizeShop"]["id"]
        .as_str()
        .expect("shop id")
        .to_owned();
    (id, granted.selling_partner_id)
}

/// Connects a new Walmart seller (a fresh key pair on the stand-in) to the signed-in ADMIN's
/// client and returns (shop id, the seller's client id).
pub async fn connect_walmart_shop(server: &Server, token: &str, name: &str) -> (String, String) {
    let (id, seller) = connect_walmart_seller(server, token, name).await;
    (id, seller.client_id)
}

/// As `connect_walmart_shop`, keeping the seller's key pair, to read feeds as Walmart would.
pub async fn connect_walmart_seller(
    server: &Server,
    token: &str,
    name: &str,
) -> (String, sandbox::walmart::WalmartSeller) {
    let seller = server.walmart().add_seller(name);
    let data = server
        .ok(
            "mutation($i: ConnectWalmartShopInput!) { connectWalmartShop(input: $i) { id name saleChannel } }",
            json!({ "i": { "clientId": seller.client_id, "clientSecret": seller.client_secret, "name": name } }),
            Some(token),
        )
        .await;
    let id = data["connectWalmartShop"]["id"]
        .as_str()
        .expect("shop id")
        .to_owned();
    (id, seller)
}

const PRESIGN: &str =
    "mutation($i: PresignedUrlInput!) { getPresignedUrl(input: $i) { presignedUrl fileUrl } }";

/// Asks for an upload URL as the web app does (type, size, folder); answers (presigned, file URL).
pub async fn presign_upload(
    s: &Server,
    token: &str,
    name: &str,
    content_type: &str,
    folder: &str,
    size: usize,
) -> (String, String) {
    let data = s
        .ok(
            PRESIGN,
            json!({ "i": { "fileName": name, "contentType": content_type, "folder": folder, "contentLength": size } }),
            Some(token),
        )
        .await;
    let url = &data["getPresignedUrl"];
    (
        url["presignedUrl"].as_str().expect("presigned").to_owned(),
        url["fileUrl"].as_str().expect("file url").to_owned(),
    )
}

/// PUTs bytes to a presigned URL as the web app does (the type, `If-None-Match: *`).
pub async fn put_upload(presigned: &str, content_type: &str, bytes: Vec<u8>) -> reqwest::Response {
    reqwest::Client::new()
        .put(presigned)
        .header("content-type", content_type)
        .header("if-none-match", "*")
        .body(bytes)
        .send()
        .await
        .expect("put")
}

/// Uploads a file as `token`'s client on either store; returns its file URL.
pub async fn upload(
    s: &Server,
    token: &str,
    name: &str,
    content_type: &str,
    folder: &str,
    bytes: &[u8],
) -> String {
    let (presigned, file_url) =
        presign_upload(s, token, name, content_type, folder, bytes.len()).await;
    let res = put_upload(&presigned, content_type, bytes.to_vec()).await;
    let status = res.status();
    assert_eq!(
        status,
        200,
        "the upload is stored: {}",
        res.text().await.unwrap_or_default()
    );
    file_url
}

/// A design picture (PNG, 200×200), as sellers upload them.
pub const DESIGN_PNG: &[u8] = include_bytes!("../../fixtures/design.png");

/// Serves [`DESIGN_PNG`] at every path, like the file host a seller's mockups live on; returns
/// its base URL. Every server of this harness may fetch from it (`FETCH_ALLOW_HOSTS`).
pub async fn image_host() -> String {
    shared_image_host().to_owned()
}

/// The image host of this test process, started on first use on a thread of its own, so that
/// it outlives each test's runtime and its address is known before any server starts.
fn shared_image_host() -> &'static str {
    static HOST: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HOST.get_or_init(|| {
        use axum::http::header;
        let listener = TcpListener::bind(("127.0.0.1", 0)).expect("bind image host");
        listener
            .set_nonblocking(true)
            .expect("non-blocking image host");
        let addr = listener.local_addr().expect("image host address");
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("image host runtime");
            runtime.block_on(async move {
                let listener =
                    tokio::net::TcpListener::from_std(listener).expect("image host listener");
                let app = axum::Router::new()
                    .fallback(|| async { ([(header::CONTENT_TYPE, "image/png")], DESIGN_PNG) });
                let _ = axum::serve(listener, app).await;
            });
        });
        format!("http://{addr}")
    })
}

/// Polls a batch until none of its jobs waits or runs; returns the last answer.
pub async fn wait_batch(server: &Server, token: &str, batch_id: &str, timeout: Duration) -> Value {
    let q = "query($id: ID!) { getJobBatch(id: $id) { id type total pending processing succeeded failed nextRunAt failures { jobId label error attempts } } }";
    let mut last = Value::Null;
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        last = server.ok(q, json!({ "id": batch_id }), Some(token)).await["getJobBatch"].clone();
        if last["pending"] == 0 && last["processing"] == 0 {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!(
        "batch {batch_id} did not finish in {timeout:?}: {last}\nlog tail:\n{}",
        tail(&server.log(), 60)
    );
}

pub fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// The database of a server, for test setup the API only does through payment flows.
pub async fn database(server: &Server) -> domain::Db {
    domain::Db::connect(&domain::db::DbOptions {
        url: server.database_url(),
        max_connections: 1,
        acquire_timeout: Duration::from_secs(10),
    })
    .await
    .expect("database")
}

/// Puts the signed-in user's client on a plan (as if paid), so tests can connect several shops.
pub async fn give_plan(server: &Server, token: &str, plan_type: &str) {
    let me = server
        .ok("{ getMe { client { id } } }", json!({}), Some(token))
        .await;
    let client = me["getMe"]["client"]["id"]
        .as_str()
        .expect("client")
        .to_owned();
    let db = database(server).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query("UPDATE client_subscriptions SET plan_id = (SELECT id FROM subscription_plans WHERE type = $1), end_date = NULL WHERE client_id = $2")
        .bind(plan_type)
        .bind(&client)
        .execute(&mut *conn)
        .await
        .expect("plan set");
}

/// Signs up and verifies another client; answers its admin's token.
pub async fn new_client(s: &Server, key: &str, email: &str) -> String {
    let input = json!({ "clientName": "Other Prints", "clientKey": key, "email": email, "password": "other-password-1", "firstName": "Ola", "lastName": "Other" });
    s.ok(
        "mutation($i: SignUpClientInput!) { signUpClient(input: $i) }",
        json!({ "i": input }),
        None,
    )
    .await;
    let token = s.mailed_token(email, "/verify-email").await;
    s.ok(
        "mutation($t: String!) { verifyClient(token: $t) }",
        json!({ "t": token }),
        None,
    )
    .await;
    s.login(email, "other-password-1").await
}
