//! Configuration: environment variables (and a `.env` file when present), read once at start.
//! Every variable has a working default for the embedded mode. Storage and job settings are
//! shared with the `worker` binary and read by the `jobs` crate.
use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;

use anyhow::bail;
use jobs::config::env::{flag, parsed, var};
use jobs::config::mask_url;
use jobs::{JobsConfig, StorageConfig};

use crate::client_ip::TrustedProxies;

#[derive(Clone)]
pub struct Config {
    /// `HOST`, `PORT`: listen address (default 127.0.0.1:8080).
    pub host: IpAddr,
    pub port: u16,
    /// `PUBLIC_URL`: base of links in mails; default http://HOST:PORT.
    pub public_url: String,
    /// `DATA_DIR`, `DATABASE_URL`, `DATABASE_MAX_CONNECTIONS`, `REDIS_URL`.
    pub storage: StorageConfig,
    /// `WORKER_CONCURRENCY`, `JOB_*`, `SHUTDOWN_GRACE_SECS`, `SMTP_URL`, `MAIL_FROM`, `CRON_*`.
    pub jobs: JobsConfig,
    /// `WEB_DIR`: the built web app served at / (default web/dist).
    pub web_dir: PathBuf,
    /// `BOOTSTRAP_ADMIN_EMAIL`, `BOOTSTRAP_ADMIN_PASSWORD`: the first SUPER_ADMIN.
    pub bootstrap_admin_email: String,
    pub bootstrap_admin_password: Option<String>,
    /// `DEMO`: demo client and users (default true when embedded).
    pub demo: bool,
    /// `DEMO_PASSWORD`: password of the demo users (default sellerdesk-demo).
    pub demo_password: String,
    /// `DEMO_ORDERS_PER_HOUR`: new orders the demo shop's sandbox places per hour (default 12;
    /// 0 stops the trickle).
    pub demo_orders_per_hour: u32,
    /// `PROMOTIONS_CLIENT`: id or key of the client with promotions (demo client in demo mode).
    pub promotions_client: Option<String>,
    /// `JWT_SECRET`: unset = generated once into DATA_DIR/jwt-secret.
    pub jwt_secret: Option<String>,
    /// `LOG_FORMAT=json` for JSON logs.
    pub log_json: bool,
    /// `GRAPHQL_INTROSPECTION` (default true when embedded), `GRAPHQL_MAX_DEPTH` (default 12),
    /// `GRAPHQL_MAX_COMPLEXITY` (default 2000), `GRAPHQL_MAX_BODY_BYTES` (default 1 MiB).
    pub graphql_introspection: bool,
    pub graphql_max_depth: usize,
    pub graphql_max_complexity: usize,
    pub graphql_max_body_bytes: usize,
    /// `UPLOAD_MAX_BYTES` (default 20 MiB): the largest file a signed upload URL accepts.
    /// Files are kept by the storage port: under `DATA_DIR/uploads`, or in the S3 bucket of
    /// `S3_BUCKET` (then every replica and worker shares the bucket, not a disk).
    pub upload_max_bytes: usize,
    /// `RATE_LIMIT_LOGIN_EMAIL`, `RATE_LIMIT_LOGIN_IP`, `RATE_LIMIT_FORGOT_EMAIL`,
    /// `RATE_LIMIT_FORGOT_IP`: attempts allowed per minute (defaults 5, 30, 3, 10).
    pub rate_login_email: u32,
    pub rate_login_ip: u32,
    pub rate_forgot_email: u32,
    pub rate_forgot_ip: u32,

    // Client address, the limits of every other mutation that hashes or mails, demo safety.
    /// `TRUSTED_PROXIES`: comma-separated CIDR ranges of the reverse proxies whose
    /// `X-Forwarded-For` is believed (default none: the TCP peer is the client).
    pub trusted_proxies: TrustedProxies,
    /// True when `DEMO_PASSWORD` was set: the demo users no longer have the published default.
    pub demo_password_set: bool,
    /// Attempts allowed per minute: `RATE_LIMIT_SIGNUP_IP` (10), `RATE_LIMIT_SIGNUP_EMAIL` (3),
    /// `RATE_LIMIT_RESET_IP` (10), `RATE_LIMIT_VERIFY_IP` (10), `RATE_LIMIT_PASSWORD_USER` (5),
    /// `RATE_LIMIT_PASSWORD_IP` (30), `RATE_LIMIT_CREATE_USER` (30 per signed-in user),
    /// `RATE_LIMIT_CREATE_USER_IP` (60), `RATE_LIMIT_CLIENT_KEY_IP` (60).
    pub rate_signup_ip: u32,
    pub rate_signup_email: u32,
    pub rate_reset_ip: u32,
    pub rate_verify_ip: u32,
    pub rate_password_user: u32,
    pub rate_password_ip: u32,
    pub rate_create_user: u32,
    pub rate_create_user_ip: u32,
    pub rate_client_key_ip: u32,

    /// `STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`, `STRIPE_API_BASE`: card top-ups. Unset in
    /// demo mode: the Stripe sandbox in this process with freshly generated test secrets.
    pub stripe: Option<StripeSettings>,
}

/// Where card top-ups are paid, and the secret their webhook deliveries are signed with.
#[derive(Clone)]
pub struct StripeSettings {
    pub secret_key: String,
    pub webhook_secret: String,
    /// Default `https://api.stripe.com`.
    pub api_base: String,
}

impl fmt::Debug for StripeSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StripeSettings")
            .field("api_base", &mask_url(&self.api_base))
            .finish_non_exhaustive()
    }
}

impl StripeSettings {
    /// Both secrets, or neither (card top-ups off, or the demo's sandbox).
    fn from_env() -> anyhow::Result<Option<StripeSettings>> {
        let api_base = var("STRIPE_API_BASE")
            .unwrap_or_else(|| "https://api.stripe.com".into())
            .trim_end_matches('/')
            .to_owned();
        if !(api_base.starts_with("https://") || api_base.starts_with("http://")) {
            bail!("STRIPE_API_BASE must be an http(s) URL");
        }
        match (var("STRIPE_SECRET_KEY"), var("STRIPE_WEBHOOK_SECRET")) {
            (None, None) => Ok(None),
            (Some(secret_key), Some(webhook_secret)) => {
                if !webhook_secret.starts_with("whsec_") {
                    bail!("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)");
                }
                Ok(Some(StripeSettings {
                    secret_key,
                    webhook_secret,
                    api_base,
                }))
            }
            (Some(_), None) => bail!(
                "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: payments could start but never be credited"
            ),
            (None, Some(_)) => bail!("STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY"),
        }
    }
}

impl Config {
    /// The configuration from `vars` alone, as if they were the whole environment: how tests
    /// build an application in-process.
    pub fn from_vars(vars: &std::collections::HashMap<String, String>) -> anyhow::Result<Config> {
        jobs::config::env::scoped(vars, Config::from_env)
    }

    pub fn from_env() -> anyhow::Result<Config> {
        let host: IpAddr =
            parsed("HOST", IpAddr::from([127, 0, 0, 1])).map_err(anyhow::Error::msg)?;
        let port: u16 = parsed("PORT", 8080).map_err(anyhow::Error::msg)?;
        let storage = StorageConfig::from_env().map_err(anyhow::Error::msg)?;
        let mut jobs = JobsConfig::from_env(&storage).map_err(anyhow::Error::msg)?;
        let embedded = storage.database_url.is_none() && storage.redis_url.is_none();
        let url_host = if host.is_unspecified() {
            "127.0.0.1".to_owned()
        } else {
            host.to_string()
        };
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://{url_host}:{port}"));
        let public_url = public_url.trim_end_matches('/').to_owned();
        // The jobs in this process recognise the uploads this API hands out by this base.
        jobs.public_url = public_url.clone();
        let demo = flag("DEMO", embedded).map_err(anyhow::Error::msg)?;
        let num = |name: &str, default: usize| parsed(name, default).map_err(anyhow::Error::msg);
        let rate = |name: &str, default: u32| -> anyhow::Result<u32> {
            let v = parsed(name, default).map_err(anyhow::Error::msg)?;
            if v == 0 {
                bail!("{name} must be 1 or more");
            }
            Ok(v)
        };
        Ok(Config {
            host,
            port,
            public_url,
            web_dir: PathBuf::from(var("WEB_DIR").unwrap_or_else(|| "web/dist".into())),
            bootstrap_admin_email: var("BOOTSTRAP_ADMIN_EMAIL")
                .unwrap_or_else(|| "admin@sellerdesk.test".into()),
            bootstrap_admin_password: var("BOOTSTRAP_ADMIN_PASSWORD"),
            demo,
            demo_password: var("DEMO_PASSWORD").unwrap_or_else(|| DEFAULT_DEMO_PASSWORD.into()),
            demo_orders_per_hour: parsed("DEMO_ORDERS_PER_HOUR", 12).map_err(anyhow::Error::msg)?,
            promotions_client: var("PROMOTIONS_CLIENT")
                .or_else(|| demo.then(|| crate::bootstrap::DEMO_KEY.to_owned())),
            jwt_secret: var("JWT_SECRET"),
            log_json: var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")),
            graphql_introspection: flag("GRAPHQL_INTROSPECTION", embedded)
                .map_err(anyhow::Error::msg)?,
            graphql_max_depth: num("GRAPHQL_MAX_DEPTH", 12)?,
            graphql_max_complexity: num("GRAPHQL_MAX_COMPLEXITY", 2000)?,
            graphql_max_body_bytes: num("GRAPHQL_MAX_BODY_BYTES", 1024 * 1024)?,
            upload_max_bytes: match num("UPLOAD_MAX_BYTES", 20 * 1024 * 1024)? {
                0 => bail!("UPLOAD_MAX_BYTES must be 1 or more"),
                n => n,
            },
            rate_login_email: rate("RATE_LIMIT_LOGIN_EMAIL", 5)?,
            rate_login_ip: rate("RATE_LIMIT_LOGIN_IP", 30)?,
            rate_forgot_email: rate("RATE_LIMIT_FORGOT_EMAIL", 3)?,
            rate_forgot_ip: rate("RATE_LIMIT_FORGOT_IP", 10)?,

            trusted_proxies: TrustedProxies::parse(&var("TRUSTED_PROXIES").unwrap_or_default())?,
            demo_password_set: demo_safety(demo, host)?,
            rate_signup_ip: rate("RATE_LIMIT_SIGNUP_IP", 10)?,
            rate_signup_email: rate("RATE_LIMIT_SIGNUP_EMAIL", 3)?,
            rate_reset_ip: rate("RATE_LIMIT_RESET_IP", 10)?,
            rate_verify_ip: rate("RATE_LIMIT_VERIFY_IP", 10)?,
            rate_password_user: rate("RATE_LIMIT_PASSWORD_USER", 5)?,
            rate_password_ip: rate("RATE_LIMIT_PASSWORD_IP", 30)?,
            rate_create_user: rate("RATE_LIMIT_CREATE_USER", 30)?,
            rate_create_user_ip: rate("RATE_LIMIT_CREATE_USER_IP", 60)?,
            rate_client_key_ip: rate("RATE_LIMIT_CLIENT_KEY_IP", 60)?,
            stripe: StripeSettings::from_env()?,
            storage,
            jobs,
        })
    }

    pub fn embedded(&self) -> bool {
        self.storage.redis_url.is_none()
    }
}

/// The password every copy of Sellerdesk gives its demo users unless `DEMO_PASSWORD` is set:
/// it is in the README, so anyone who reaches a demo server can sign in with it.
pub const DEFAULT_DEMO_PASSWORD: &str = "sellerdesk-demo";

/// Demo mode with the published password is for a laptop. On an address other machines reach,
/// the server refuses to start unless `DEMO_PASSWORD` is set to a password of the operator's
/// own. Returns whether `DEMO_PASSWORD` was set.
fn demo_safety(demo: bool, host: IpAddr) -> anyhow::Result<bool> {
    let chosen = var("DEMO_PASSWORD");
    if demo && !host.is_loopback() {
        match chosen.as_deref() {
            None => bail!(
                "DEMO is on and HOST={host} is reachable from other machines, where anyone could sign in as the demo users \
                 with the published password {DEFAULT_DEMO_PASSWORD}: set DEMO_PASSWORD to a password of your own, \
                 or DEMO=false, or HOST=127.0.0.1"
            ),
            Some(DEFAULT_DEMO_PASSWORD) => bail!(
                "DEMO_PASSWORD is the published default and HOST={host} is reachable from other machines: \
                 choose another password, or DEMO=false, or HOST=127.0.0.1"
            ),
            Some(_) => {}
        }
    }
    Ok(chosen.is_some())
}

/// What the server prints at start: every choice, secrets masked.
impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  listen          {}:{}", self.host, self.port)?;
        writeln!(f, "  public url      {}", self.public_url)?;
        writeln!(f, "{}", self.storage)?;
        if self.embedded() {
            writeln!(
                f,
                "  workers         {} in this process",
                self.jobs.concurrency
            )?;
        } else {
            writeln!(f, "  workers         none here: run `worker` processes")?;
        }
        writeln!(f, "  web app         {}", self.web_dir.display())?;
        match &self.jobs.smtp_url {
            Some(url) => writeln!(f, "  mail            smtp {}", mask_url(url))?,
            None => writeln!(
                f,
                "  mail            .eml files in {}",
                self.jobs.mail_dir.display()
            )?,
        }
        writeln!(
            f,
            "  uploads         {} (at most {} bytes each)",
            match &self.storage.files {
                connectors::storage::FilesConfig::Local { root } =>
                    format!("{}/uploads, signed PUTs to this API", root.display()),
                connectors::storage::FilesConfig::S3(_) =>
                    "the bucket, by its presigned PUTs".to_owned(),
            },
            self.upload_max_bytes
        )?;
        let fetch = &self.jobs.fetch;
        writeln!(
            f,
            "  image fetches   public addresses only, also allowed: {}; at most {} bytes, {} s",
            fetch.allow,
            fetch.max_bytes,
            fetch.timeout.as_secs()
        )?;
        match &self.jobs.telegram {
            // The token is never printed.
            Some(t) => writeln!(
                f,
                "  telegram        bot at {}, updates by {}",
                t.api_base,
                if t.webhook_secret.is_some() {
                    "webhook (PUBLIC_URL/webhooks/telegram)"
                } else {
                    "polling getUpdates"
                }
            )?,
            None => writeln!(f, "  telegram        off (no TELEGRAM_BOT_TOKEN)")?,
        }
        writeln!(f, "  demo            {}", self.demo)?;
        match &self.stripe {
            Some(s) => writeln!(
                f,
                "  card top-ups    Stripe at {} (keys from STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)",
                mask_url(&s.api_base)
            )?,
            None if self.demo => writeln!(
                f,
                "  card top-ups    the Stripe sandbox in this process (demo)"
            )?,
            None => writeln!(f, "  card top-ups    off (no STRIPE_SECRET_KEY)")?,
        }
        match self.trusted_proxies.ranges() {
            [] => writeln!(f, "  client address  the TCP peer (no TRUSTED_PROXIES)")?,
            ranges => {
                let ranges: Vec<String> = ranges.iter().map(ToString::to_string).collect();
                writeln!(
                    f,
                    "  client address  X-Forwarded-For through {}",
                    ranges.join(", ")
                )?
            }
        }
        writeln!(
            f,
            "  promotions      {}",
            self.promotions_client.as_deref().unwrap_or("no client")
        )?;
        writeln!(
            f,
            "  jwt secret      {}",
            if self.jwt_secret.is_some() {
                "from JWT_SECRET"
            } else {
                "generated in DATA_DIR"
            }
        )?;
        let pw = if self.bootstrap_admin_password.is_some() {
            "set"
        } else {
            "generated on first start"
        };
        writeln!(
            f,
            "  bootstrap admin {} (password {pw})",
            self.bootstrap_admin_email
        )?;
        write!(
            f,
            "  graphql         introspection {}, depth {}, complexity {}, body {} bytes",
            self.graphql_introspection,
            self.graphql_max_depth,
            self.graphql_max_complexity,
            self.graphql_max_body_bytes
        )
    }
}
