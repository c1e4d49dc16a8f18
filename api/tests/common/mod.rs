//! Starts the real `api` binary on a free port with a temporary DATA_DIR and speaks GraphQL to
//! it over HTTP. Each test gets its own server.
#![allow(dead_code)]

pub mod smtp;

use std::collections::HashMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

pub const SUPER_EMAIL: &str = "root@sellerdesk.test";
pub const SUPER_PASSWORD: &str = "root-password-1";
pub const DEMO_ADMIN: &str = "admin@demo.sellerdesk.test";
pub const DEMO_STAFF: &str = "staff@demo.sellerdesk.test";
pub const DEMO_PASSWORD: &str = "sellerdesk-demo";

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

pub struct Server {
    pub port: u16,
    pub url: String,
    pub dir: tempfile::TempDir,
    pub env: HashMap<String, String>,
    child: Option<Child>,
    http: reqwest::Client,
}

impl Server {
    pub async fn start() -> Server {
        Self::start_with(&[]).await
    }

    /// Starts a server; `env` adds or overrides variables.
    pub async fn start_with(env: &[(&str, &str)]) -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        let port = free_port();
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
            ("RUST_LOG", "warn,api=info,jobs=info,tokio_cron_scheduler=info".into()),
        ] {
            vars.insert(k.into(), v);
        }
        for (k, v) in env {
            vars.insert((*k).into(), (*v).into());
        }
        let mut server = Server {
            port,
            url: format!("http://127.0.0.1:{port}"),
            dir,
            env: vars,
            child: None,
            http: reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("http client"),
        };
        server.spawn().await;
        server
    }

    pub fn data_dir(&self) -> &Path {
        self.dir.path()
    }

    async fn spawn(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.path().join("server.log"))
            .expect("log file");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_api"));
        cmd.arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(&self.env)
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log);
        self.child = Some(cmd.spawn().expect("start api"));
        self.wait_healthy().await;
    }

    async fn wait_healthy(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(child) = self.child.as_mut() {
                if let Ok(Some(status)) = child.try_wait() {
                    panic!("api exited with {status} during start; log:\n{}", self.log());
                }
            }
            if let Ok(resp) = self.http.get(format!("{}/healthz", self.url)).send().await {
                if resp.status().is_success() {
                    return;
                }
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

    /// SIGKILL: no cleanup of any kind.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// SIGTERM, then waits for the process to exit; returns whether it exited cleanly.
    pub fn terminate(&mut self) -> bool {
        let Some(mut child) = self.child.take() else { return false };
        unsafe {
            libc::kill(child.id() as i32, libc::SIGTERM);
        }
        let deadline = Instant::now() + Duration::from_secs(40);
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return status.success();
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                return false;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
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
        let mut req = self.http.post(format!("{}/graphql", self.url)).header("content-type", "application/json").body(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().await.expect("request")
    }

    /// Runs a GraphQL operation and returns the whole response body.
    pub async fn gql(&self, query: &str, variables: Value, token: Option<&str>) -> Value {
        let body = serde_json::to_vec(&json!({ "query": query, "variables": variables })).expect("json");
        self.post_raw(body, token).await.json().await.expect("json response")
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
        data["login"]["accessToken"].as_str().expect("token").to_owned()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http.get(format!("{}{}", self.url, path)).send().await.expect("request")
    }

    pub fn mail_dir(&self) -> PathBuf {
        self.dir.path().join("mail")
    }

    /// The mails written so far, as text with quoted-printable soft breaks undone.
    pub fn mails(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.mail_dir()) else { return Vec::new() };
        let mut out: Vec<(std::time::SystemTime, String)> = entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
            .map(|e| {
                let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                let modified = e.metadata().and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH);
                (modified, text.replace("=\r\n", "").replace("=\n", "").replace("=3D", "="))
            })
            .collect();
        out.sort_by_key(|(t, _)| *t);
        out.into_iter().map(|(_, t)| t).collect()
    }

    /// Waits for a mail to `to` whose text has a link with `path`; returns the link's token.
    pub async fn mailed_token(&self, to: &str, path: &str) -> String {
        let re = regex::Regex::new(&format!(r"{}\?token=([0-9a-f]+)", regex::escape(path))).expect("regex");
        let found = wait_for(Duration::from_secs(20), || {
            let mails = self.mails();
            let found = mails.iter().rev().filter(|m| m.contains(&format!("To: {to}"))).find_map(|m| {
                re.captures(m).map(|c| c[1].to_owned())
            });
            async move { found }
        })
        .await;
        found.unwrap_or_else(|| panic!("no mail to {to} with a {path} link; log:\n{}", self.log()))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
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
    res["errors"][0]["extensions"]["code"].as_str().unwrap_or("").to_owned()
}

pub fn field(res: &Value) -> String {
    res["errors"][0]["extensions"]["field"].as_str().unwrap_or("").to_owned()
}

pub fn message(res: &Value) -> String {
    res["errors"][0]["message"].as_str().unwrap_or("").to_owned()
}

pub async fn me_id(server: &Server, token: &str) -> String {
    server.ok("{ getMe { id } }", json!({}), Some(token)).await["getMe"]["id"].as_str().expect("id").to_owned()
}
