//! Configuration: environment variables (and a `.env` file when present), read once at start.
//! Every variable has a working default for the embedded mode.
use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};

#[derive(Clone)]
pub struct Config {
    /// `HOST`, `PORT`: listen address (default 127.0.0.1:8080).
    pub host: IpAddr,
    pub port: u16,
    /// `PUBLIC_URL`: base of links in mails; default http://HOST:PORT.
    pub public_url: String,
    /// `DATA_DIR`: SQLite files, JWT secret, mail/, uploads/ (default ./data).
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: unset = SQLite under DATA_DIR; postgres://… = PostgreSQL.
    pub database_url: Option<String>,
    /// `DATABASE_MAX_CONNECTIONS` (default 10 on SQLite, 20 on PostgreSQL).
    pub database_max_connections: u32,
    /// `REDIS_URL`: set = Redis queue and `worker` processes; unset = embedded queue and workers.
    pub redis_url: Option<String>,
    /// `WEB_DIR`: the built web app served at / (default web/dist).
    pub web_dir: PathBuf,
    /// `BOOTSTRAP_ADMIN_EMAIL`, `BOOTSTRAP_ADMIN_PASSWORD`: the first SUPER_ADMIN.
    pub bootstrap_admin_email: String,
    pub bootstrap_admin_password: Option<String>,
    /// `DEMO`: demo client and users (default true when embedded).
    pub demo: bool,
    /// `DEMO_PASSWORD`: password of the demo users (default sellerdesk-demo).
    pub demo_password: String,
    /// `PROMOTIONS_CLIENT`: id or key of the client with promotions (demo client in demo mode).
    pub promotions_client: Option<String>,
    /// `JWT_SECRET`: unset = generated once into DATA_DIR/jwt-secret.
    pub jwt_secret: Option<String>,
    /// `SMTP_URL`: unset = .eml files under DATA_DIR/mail.
    pub smtp_url: Option<String>,
    /// `MAIL_FROM` (default "Sellerdesk <no-reply@sellerdesk.test>").
    pub mail_from: String,
    /// `WORKER_CONCURRENCY`: jobs run at once in this process (default 4; 0 = run no jobs here).
    pub worker_concurrency: usize,
    /// `LOG_FORMAT=json` for JSON logs.
    pub log_json: bool,
    /// `GRAPHQL_INTROSPECTION` (default true when embedded), `GRAPHQL_MAX_DEPTH` (default 12),
    /// `GRAPHQL_MAX_COMPLEXITY` (default 2000), `GRAPHQL_MAX_BODY_BYTES` (default 1 MiB).
    pub graphql_introspection: bool,
    pub graphql_max_depth: usize,
    pub graphql_max_complexity: usize,
    pub graphql_max_body_bytes: usize,
    /// `RATE_LIMIT_LOGIN_EMAIL`, `RATE_LIMIT_LOGIN_IP`, `RATE_LIMIT_FORGOT_EMAIL`,
    /// `RATE_LIMIT_FORGOT_IP`: attempts allowed per minute (defaults 5, 30, 3, 10).
    pub rate_login_email: u32,
    pub rate_login_ip: u32,
    pub rate_forgot_email: u32,
    pub rate_forgot_ip: u32,
    /// `JOB_LEASE_SECS` (30), `JOB_SWEEP_MS` (1000), `JOB_LOST_AFTER_SECS` (300),
    /// `JOB_BACKOFF_MS` (2000, doubling per attempt), `JOB_MAX_ATTEMPTS` (3),
    /// `SHUTDOWN_GRACE_SECS` (20), `CRON_TOKENS_PURGE` (cron with seconds, "0 */10 * * * *").
    pub job_lease: Duration,
    pub job_sweep_every: Duration,
    pub job_lost_after: Duration,
    pub job_backoff_base: Duration,
    pub job_max_attempts: i64,
    pub shutdown_grace: Duration,
    pub cron_tokens_purge: String,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn parsed<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T>
where
    T::Err: fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|e| anyhow::anyhow!("{name}={v}: {e}")),
    }
}

fn flag(name: &str, default: bool) -> anyhow::Result<bool> {
    match var(name).as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(other) => bail!("{name}={other}: expected true or false"),
    }
}

impl Config {
    pub fn from_env() -> anyhow::Result<Config> {
        let host: IpAddr = parsed("HOST", IpAddr::from([127, 0, 0, 1]))?;
        let port: u16 = parsed("PORT", 8080)?;
        let database_url = var("DATABASE_URL");
        let redis_url = var("REDIS_URL");
        let embedded = database_url.is_none() && redis_url.is_none();
        let url_host = if host.is_unspecified() { "127.0.0.1".to_owned() } else { host.to_string() };
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://{url_host}:{port}"));
        let public_url = public_url.trim_end_matches('/').to_owned();
        let demo = flag("DEMO", embedded)?;
        let postgres = database_url.as_deref().is_some_and(|u| u.starts_with("postgres"));
        let config = Config {
            host,
            port,
            public_url,
            data_dir: PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "./data".into())),
            database_max_connections: parsed("DATABASE_MAX_CONNECTIONS", if postgres { 20 } else { 10 })?,
            database_url,
            redis_url,
            web_dir: PathBuf::from(var("WEB_DIR").unwrap_or_else(|| "web/dist".into())),
            bootstrap_admin_email: var("BOOTSTRAP_ADMIN_EMAIL").unwrap_or_else(|| "admin@sellerdesk.test".into()),
            bootstrap_admin_password: var("BOOTSTRAP_ADMIN_PASSWORD"),
            demo,
            demo_password: var("DEMO_PASSWORD").unwrap_or_else(|| "sellerdesk-demo".into()),
            promotions_client: var("PROMOTIONS_CLIENT").or_else(|| demo.then(|| crate::bootstrap::DEMO_KEY.to_owned())),
            jwt_secret: var("JWT_SECRET"),
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Sellerdesk <no-reply@sellerdesk.test>".into()),
            worker_concurrency: parsed("WORKER_CONCURRENCY", 4)?,
            log_json: var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")),
            graphql_introspection: flag("GRAPHQL_INTROSPECTION", embedded)?,
            graphql_max_depth: parsed("GRAPHQL_MAX_DEPTH", 12)?,
            graphql_max_complexity: parsed("GRAPHQL_MAX_COMPLEXITY", 2000)?,
            graphql_max_body_bytes: parsed("GRAPHQL_MAX_BODY_BYTES", 1024 * 1024)?,
            rate_login_email: parsed("RATE_LIMIT_LOGIN_EMAIL", 5)?,
            rate_login_ip: parsed("RATE_LIMIT_LOGIN_IP", 30)?,
            rate_forgot_email: parsed("RATE_LIMIT_FORGOT_EMAIL", 3)?,
            rate_forgot_ip: parsed("RATE_LIMIT_FORGOT_IP", 10)?,
            job_lease: Duration::from_secs(parsed("JOB_LEASE_SECS", 30)?),
            job_sweep_every: Duration::from_millis(parsed("JOB_SWEEP_MS", 1000)?),
            job_lost_after: Duration::from_secs(parsed("JOB_LOST_AFTER_SECS", 300)?),
            job_backoff_base: Duration::from_millis(parsed("JOB_BACKOFF_MS", 2000)?),
            job_max_attempts: parsed("JOB_MAX_ATTEMPTS", 3)?,
            shutdown_grace: Duration::from_secs(parsed("SHUTDOWN_GRACE_SECS", 20)?),
            cron_tokens_purge: var("CRON_TOKENS_PURGE").unwrap_or_else(|| "0 */10 * * * *".into()),
        };
        if config.job_max_attempts < 1 {
            bail!("JOB_MAX_ATTEMPTS must be 1 or more");
        }
        for (name, v) in [
            ("RATE_LIMIT_LOGIN_EMAIL", config.rate_login_email),
            ("RATE_LIMIT_LOGIN_IP", config.rate_login_ip),
            ("RATE_LIMIT_FORGOT_EMAIL", config.rate_forgot_email),
            ("RATE_LIMIT_FORGOT_IP", config.rate_forgot_ip),
        ] {
            if v == 0 {
                bail!("{name} must be 1 or more");
            }
        }
        Ok(config)
    }

    pub fn embedded(&self) -> bool {
        self.redis_url.is_none()
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}?mode=rwc", self.data_dir.join("sellerdesk.sqlite").display()))
    }

    pub fn jobs(&self) -> jobs::JobsConfig {
        jobs::JobsConfig {
            concurrency: self.worker_concurrency.max(1),
            lease: self.job_lease,
            sweep_every: self.job_sweep_every,
            lost_after: self.job_lost_after,
            backoff_base: self.job_backoff_base,
            backoff_max: Duration::from_secs(300),
            max_attempts: self.job_max_attempts,
            shutdown_grace: self.shutdown_grace,
            mail_dir: self.data_dir.join("mail"),
            smtp_url: self.smtp_url.clone(),
            mail_from: self.mail_from.clone(),
            cron_tokens_purge: self.cron_tokens_purge.clone(),
        }
    }

    pub fn ensure_data_dir(&self) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.data_dir).with_context(|| format!("cannot create DATA_DIR {}", self.data_dir.display()))
    }
}

/// Hides the password part of a URL.
fn mask_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let creds = &url[scheme + 3..at];
            let user = creds.split(':').next().unwrap_or("");
            format!("{}{}:***{}", &url[..scheme + 3], user, &url[at..])
        }
        _ => url.to_owned(),
    }
}

/// What the server prints at start: every choice, secrets masked.
impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set = |o: &Option<String>| if o.is_some() { "set" } else { "unset" };
        writeln!(f, "  listen          {}:{}", self.host, self.port)?;
        writeln!(f, "  public url      {}", self.public_url)?;
        writeln!(f, "  data dir        {}", self.data_dir.display())?;
        writeln!(f, "  database        {}", mask_url(&self.database_url()))?;
        match &self.redis_url {
            Some(url) => writeln!(f, "  queue           redis {} (workers run in `worker` processes)", mask_url(url))?,
            None => writeln!(f, "  queue           embedded (SQLite), {} workers in this process", self.worker_concurrency)?,
        }
        writeln!(f, "  web app         {}", self.web_dir.display())?;
        match &self.smtp_url {
            Some(url) => writeln!(f, "  mail            smtp {}", mask_url(url))?,
            None => writeln!(f, "  mail            .eml files in {}", self.data_dir.join("mail").display())?,
        }
        writeln!(f, "  demo            {}", self.demo)?;
        writeln!(f, "  promotions      {}", self.promotions_client.as_deref().unwrap_or("no client"))?;
        writeln!(f, "  jwt secret      {}", if self.jwt_secret.is_some() { "from JWT_SECRET" } else { "generated in DATA_DIR" })?;
        writeln!(f, "  bootstrap admin {} (password {})", self.bootstrap_admin_email, set(&self.bootstrap_admin_password))?;
        write!(
            f,
            "  graphql         introspection {}, depth {}, complexity {}, body {} bytes",
            self.graphql_introspection, self.graphql_max_depth, self.graphql_max_complexity, self.graphql_max_body_bytes
        )
    }
}

#[cfg(test)]
mod tests {
    use super::mask_url;

    #[test]
    fn masks_passwords_in_urls() {
        assert_eq!(mask_url("postgres://app:secret@db:5432/x"), "postgres://app:***@db:5432/x");
        assert_eq!(mask_url("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
    }
}
