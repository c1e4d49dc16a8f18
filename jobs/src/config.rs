//! Configuration shared by `api` and `worker`: where the data and the queue are, and how the
//! pool runs. Read once at start from the environment.
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use domain::Db;
use domain::db::DbOptions;

use crate::Queue;
use crate::queue::QueueError;

/// A setting that cannot be used; the text names the variable and says what it expects.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{name}={value}: {reason}")]
    Invalid {
        name: String,
        value: String,
        reason: String,
    },
    /// A rule between settings or on a value's range.
    #[error("{0}")]
    Rule(String),
}

/// Why the database or the queue of the settings could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("cannot create DATA_DIR {path}: {source}")]
    DataDir {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot open the database: {0}")]
    Database(#[from] domain::DomainError),
    #[error(transparent)]
    Queue(#[from] QueueError),
}

/// Reading environment variables: blank counts as unset.
pub mod env {
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::fmt;

    use super::ConfigError;

    thread_local! {
        static SCOPED: RefCell<Option<HashMap<String, String>>> = const { RefCell::new(None) };
    }

    pub fn var(name: &str) -> Option<String> {
        let scoped = SCOPED.with_borrow(|s| s.as_ref().map(|vars| vars.get(name).cloned()));
        scoped
            .unwrap_or_else(|| std::env::var(name).ok())
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    }

    /// Runs `read` with `vars` in place of the process environment, on this thread: a test
    /// builds several configurations side by side without touching the process's variables,
    /// which other threads read at the same time.
    pub fn scoped<T>(vars: &HashMap<String, String>, read: impl FnOnce() -> T) -> T {
        struct Restore(Option<HashMap<String, String>>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let before = self.0.take();
                SCOPED.with_borrow_mut(|s| *s = before);
            }
        }
        let before = SCOPED.with_borrow_mut(|s| s.replace(vars.clone()));
        let _restore = Restore(before);
        read()
    }

    pub fn parsed<T: std::str::FromStr>(name: &str, default: T) -> Result<T, ConfigError>
    where
        T::Err: fmt::Display,
    {
        match var(name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|e: T::Err| ConfigError::Invalid {
                name: name.to_owned(),
                reason: e.to_string(),
                value: v,
            }),
        }
    }

    pub fn flag(name: &str, default: bool) -> Result<bool, ConfigError> {
        match var(name).as_deref().map(str::to_ascii_lowercase).as_deref() {
            None => Ok(default),
            Some("1" | "true" | "yes" | "on") => Ok(true),
            Some("0" | "false" | "no" | "off") => Ok(false),
            Some(other) => Err(ConfigError::Invalid {
                name: name.to_owned(),
                value: other.to_owned(),
                reason: "expected true or false".into(),
            }),
        }
    }
}

/// Where rows and jobs live.
#[derive(Debug, Clone)]
pub struct StorageConfig {
    /// `DATA_DIR`: SQLite files, JWT secret, mail/, uploads/ (default ./data).
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: unset = SQLite under DATA_DIR; postgres://… = PostgreSQL.
    pub database_url: Option<String>,
    /// `DATABASE_MAX_CONNECTIONS` (default 10 on SQLite, 20 on PostgreSQL).
    pub database_max_connections: u32,
    /// `REDIS_URL`: set = Redis queue; unset = the embedded SQLite queue.
    pub redis_url: Option<String>,
    /// `QUEUE_NAME` (default "sellerdesk"): processes sharing a Redis use the same name.
    pub queue_name: String,
    /// `DATABASE_ACQUIRE_TIMEOUT_SECS` (default 5): how long a request waits for a connection
    /// before it answers that the database is unavailable.
    pub database_acquire_timeout: Duration,
    /// Where every file the product keeps lives (uploads, exports, mockups): `DATA_DIR`, or the
    /// S3-compatible bucket of `S3_BUCKET` (see [`files_from_env`]).
    pub files: connectors::storage::FilesConfig,
}

/// The S3 variables; any of them set without `S3_BUCKET` is a mistake worth stopping for.
const S3_VARS: [&str; 6] = [
    "S3_BUCKET",
    "S3_ENDPOINT",
    "S3_REGION",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_PATH_STYLE",
];

/// `S3_BUCKET` unset: files under `DATA_DIR` (the local directory). Set: the bucket, with
/// `S3_ENDPOINT` (an `http(s)://host[:port]` of an S3-compatible service; unset = AWS),
/// `S3_REGION` (default `us-east-1`), `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` (required),
/// `S3_PATH_STYLE` (default true: `{endpoint}/{bucket}/{key}`; false: `{bucket}.{endpoint}`).
/// No message quotes a key.
pub fn files_from_env(
    data_dir: &std::path::Path,
) -> Result<connectors::storage::FilesConfig, ConfigError> {
    use connectors::storage::{FilesConfig, S3Settings};
    let Some(bucket) = env::var("S3_BUCKET") else {
        if let Some(name) = S3_VARS.iter().find(|n| env::var(n).is_some()) {
            return Err(ConfigError::Rule(format!(
                "{name} is set but S3_BUCKET is not: set S3_BUCKET to keep files in a bucket, or unset the S3_* variables to keep them under DATA_DIR"
            )));
        }
        return Ok(FilesConfig::Local {
            root: data_dir.to_path_buf(),
        });
    };
    let (Some(access_key_id), Some(secret_access_key)) = (
        env::var("S3_ACCESS_KEY_ID"),
        env::var("S3_SECRET_ACCESS_KEY"),
    ) else {
        return Err(ConfigError::Rule(
            "S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY".into(),
        ));
    };
    let endpoint = match env::var("S3_ENDPOINT") {
        None => None,
        Some(raw) => {
            // The value is not quoted back: a mistyped one may hold a key.
            let invalid = |reason: &str| ConfigError::Rule(format!("S3_ENDPOINT: {reason}"));
            let url = reqwest::Url::parse(&raw).map_err(|_| invalid("not a URL"))?;
            if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
                return Err(invalid("expected http(s)://host[:port]"));
            }
            // Keys belong in their own variables, never in a URL that gets printed.
            if !url.username().is_empty() || url.password().is_some() || url.query().is_some() {
                return Err(ConfigError::Rule(
                    "S3_ENDPOINT must not carry credentials or a query: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY".into(),
                ));
            }
            Some(raw.trim_end_matches('/').to_owned())
        }
    };
    let bucket_ok = (3..=63).contains(&bucket.len())
        && bucket
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'.'));
    if !bucket_ok {
        return Err(ConfigError::Invalid {
            name: "S3_BUCKET".into(),
            value: bucket,
            reason: "a bucket name: 3 to 63 of a-z, 0-9, '-' and '.'".into(),
        });
    }
    Ok(FilesConfig::S3(S3Settings {
        bucket,
        endpoint,
        region: env::var("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
        access_key_id,
        secret_access_key,
        path_style: env::flag("S3_PATH_STYLE", true)?,
    }))
}

impl StorageConfig {
    pub fn from_env() -> Result<StorageConfig, ConfigError> {
        let database_url = env::var("DATABASE_URL");
        let postgres = database_url
            .as_deref()
            .is_some_and(|u| u.starts_with("postgres"));
        let data_dir = PathBuf::from(env::var("DATA_DIR").unwrap_or_else(|| "./data".into()));
        Ok(StorageConfig {
            files: files_from_env(&data_dir)?,
            data_dir,
            database_max_connections: env::parsed(
                "DATABASE_MAX_CONNECTIONS",
                if postgres { 20 } else { 10 },
            )?,
            database_url,
            redis_url: env::var("REDIS_URL"),
            queue_name: env::var("QUEUE_NAME").unwrap_or_else(|| "sellerdesk".into()),
            database_acquire_timeout: Duration::from_secs(
                env::parsed("DATABASE_ACQUIRE_TIMEOUT_SECS", 5)?.max(1),
            ),
        })
    }

    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| {
            format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("sellerdesk.sqlite").display()
            )
        })
    }

    pub fn ensure_data_dir(&self) -> Result<(), StorageError> {
        std::fs::create_dir_all(&self.data_dir).map_err(|source| StorageError::DataDir {
            path: self.data_dir.display().to_string(),
            source,
        })
    }

    pub async fn open_db(&self) -> Result<Db, StorageError> {
        if self.database_url.is_none() {
            self.ensure_data_dir()?;
        }
        let options = DbOptions {
            url: self.database_url(),
            max_connections: self.database_max_connections,
            acquire_timeout: self.database_acquire_timeout,
        };
        Ok(Db::connect(&options).await?)
    }

    pub async fn open_queue(&self) -> Result<Queue, StorageError> {
        if let Some(url) = &self.redis_url {
            return Ok(Queue::redis(url, &self.queue_name).await?);
        }
        self.ensure_data_dir()?;
        Ok(Queue::sqlite(&self.data_dir.join("queue.sqlite"), &self.queue_name).await?)
    }
}

/// How the pool runs.
#[derive(Debug, Clone)]
pub struct JobsConfig {
    /// `WORKER_CONCURRENCY`: jobs one process runs at once (default 4; in `api`, 0 = none here).
    pub concurrency: usize,
    /// `WORKER_PREFETCH`: job ids one process holds (running, and claimed ahead of a free
    /// handler slot together with the running jobs' successes). Default: twice the concurrency
    /// plus as many jobs shorter than 2 ms as it ended in the last 50 ms, at most 512.
    pub prefetch: Option<usize>,
    /// `JOB_LEASE_SECS` (30): how long a claimed job is owned before another worker may take it.
    pub lease: Duration,
    /// `QUEUE_POLL_MS` (100): how often an idle worker asks the queue for work.
    pub poll_every: Duration,
    /// `JOB_SWEEP_MS` (1000): how often the sweeper rescues orphans and pushes due jobs.
    pub sweep_every: Duration,
    /// `JOB_LOST_AFTER_SECS` (300): a pushed job still PENDING after this is pushed again.
    pub lost_after: Duration,
    /// `JOB_BACKOFF_MS` (2000): first retry delay; doubles with each attempt, with jitter.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
    /// `JOB_MAX_ATTEMPTS` (3).
    pub max_attempts: i64,
    /// `SHUTDOWN_GRACE_SECS` (20): how long running jobs may go on after a shutdown signal.
    pub shutdown_grace: Duration,
    pub mail_dir: PathBuf,
    /// `SMTP_URL`: unset = .eml files under DATA_DIR/mail.
    pub smtp_url: Option<String>,
    /// `MAIL_FROM` (default "Sellerdesk <no-reply@sellerdesk.test>").
    pub mail_from: String,
    /// `CRON_TOKENS_PURGE` (cron with seconds, default "0 */10 * * * *").
    pub cron_tokens_purge: String,
    /// `CRON_ORDER_EXPORT_PURGE` (default "0 50 3 * * *": daily): drop order exports older
    /// than a week.
    pub cron_order_export_purge: String,
    /// `CRON_CATEGORY_SYNC` (default "0 30 3 * * *": daily): refresh the TikTok category tree.
    pub cron_category_sync: String,
    /// `CRON_SHOP_SYNC` (default "0 */30 * * * *"): incremental sync of every connected shop.
    pub cron_shop_sync: String,
    /// `SECRETS_KEY`: seals marketplace credentials; unset = a key file under DATA_DIR.
    pub secrets_key: Option<String>,
    pub data_dir: PathBuf,
    /// Where files are kept: the storage port's settings, as [`StorageConfig::files`].
    pub files: connectors::storage::FilesConfig,
    /// TikTok Shop app credentials; `None` when the app is not configured.
    pub tiktok: Option<TiktokSettings>,
    /// The Amazon SP-API app; `None` when the app is not configured.
    pub amazon: Option<AmazonSettings>,
    /// Where Walmart Marketplace is reached (sellers bring their own key pairs).
    pub walmart: WalmartSettings,
    /// `LISTING_AUDIT_FOLLOW_SECS` (10): how long a listing job watches the marketplace's audit
    /// of what it listed before leaving the result to `shop.sync`.
    pub audit_follow: Duration,
    /// `LISTING_FOLLOW_MS` (10000): when `listing.follow` first asks Amazon or Walmart how an
    /// asynchronous publish went; later asks wait a quarter of the time since the submission
    /// (at most 15 minutes), so a slow feed is not polled hard.
    pub listing_follow: Duration,
    /// How images sellers link to are fetched: `FETCH_ALLOW_HOSTS` (none: only public
    /// addresses), `FETCH_MAX_BYTES` (10 MiB), `FETCH_TIMEOUT_SECS` (30).
    pub fetch: connectors::fetch::FetchConfig,
    /// `PUBLIC_URL` (default `http://HOST:PORT`, as the API reads it): files under its
    /// `/uploads/` are the API's own uploads, read from the storage port, never over HTTP.
    pub public_url: String,
    /// `FULFILLMENT_BASE_URL`: one base under which every print-on-demand provider is served
    /// (`{base}/printify`, `{base}/gearment`, …: the sandbox); unset = the providers' own hosts.
    pub fulfillment_base_url: Option<String>,
    /// `CRON_FULFILLMENT_TRACK` (default "0 */5 * * * *"): read providers' tracking, write it
    /// back to the marketplaces.
    pub cron_fulfillment_track: String,
    /// `FULFILLMENT_POLL_SECS` (900): how often the schedule asks a provider about one order in
    /// production (a shipped one: at least hourly; one its provider reports by webhook: every
    /// 6 hours, as a safety net).
    pub fulfillment_poll_every: Duration,
    /// `CRON_FULFILLMENT_RECONCILE` (default "0 20 4 * * *": nightly): compare providers'
    /// orders with ours.
    pub cron_fulfillment_reconcile: String,
    /// `CRON_PLAN_RENEW` (default "0 5 * * * *": hourly): renew paid plans whose period ended
    /// from the balance, remind admins of periods ending within 3 days.
    pub cron_plan_renew: String,
    /// `CRON_PROMOTION_RENEW` (default "0 */5 * * * *"): open the next window of auto-renewing
    /// flash sales that end within `promotion_renew_ahead`.
    pub cron_promotion_renew: String,
    /// `PROMOTION_RENEW_AHEAD_MINUTES` (120): how long before a window ends its next one is
    /// created on the marketplace (at least 10 minutes: a renewal needs time to run, and a late
    /// one starts after a gap).
    pub promotion_renew_ahead: Duration,
    /// The Telegram bot alerts are sent by; `None` when no bot is configured.
    pub telegram: Option<TelegramSettings>,
    /// `CRON_TELEGRAM_POLL` (default "*/10 * * * * *"): read the bot's updates (`/start` of a
    /// link) when no webhook receives them.
    pub cron_telegram_poll: String,
    /// `CRON_TELEGRAM_ALERTS` (default "0 */10 * * * *"): alert about orders due within 24 hours
    /// or late.
    pub cron_telegram_alerts: String,
}

/// The Telegram bot: `TELEGRAM_BOT_TOKEN` (never printed), `TELEGRAM_API_BASE` (default the
/// real Bot API; the sandbox in demo mode), `TELEGRAM_BOT_USERNAME` (default: asked with getMe),
/// `TELEGRAM_WEBHOOK_SECRET` (set: updates arrive at `PUBLIC_URL/webhooks/telegram`, which the
/// API registers with setWebhook; unset: a cron job polls getUpdates).
#[derive(Clone)]
pub struct TelegramSettings {
    pub bot_token: String,
    pub api_base: String,
    pub bot_username: Option<String>,
    pub webhook_secret: Option<String>,
}

impl fmt::Debug for TelegramSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TelegramSettings")
            .field("api_base", &self.api_base)
            .field("bot_username", &self.bot_username)
            .field("webhook", &self.webhook_secret.is_some())
            .finish_non_exhaustive()
    }
}

impl TelegramSettings {
    pub fn from_env() -> Result<Option<TelegramSettings>, ConfigError> {
        let Some(bot_token) = env::var("TELEGRAM_BOT_TOKEN") else {
            return Ok(None);
        };
        let webhook_secret = env::var("TELEGRAM_WEBHOOK_SECRET");
        if let Some(secret) = &webhook_secret
            && (secret.len() > 256
                || !secret
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        {
            // Telegram's own rule for secret_token; the value itself is not echoed.
            return Err(ConfigError::Rule(
                "TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -".into(),
            ));
        }
        Ok(Some(TelegramSettings {
            bot_token,
            api_base: env::var("TELEGRAM_API_BASE")
                .unwrap_or_else(|| connectors::telegram::DEFAULT_API_BASE.into()),
            bot_username: env::var("TELEGRAM_BOT_USERNAME")
                .map(|u| u.trim_start_matches('@').to_owned()),
            webhook_secret,
        }))
    }

    pub fn client(&self) -> Result<connectors::telegram::TelegramClient, ConfigError> {
        connectors::telegram::TelegramClient::new(connectors::telegram::TelegramConfig {
            bot_token: self.bot_token.clone(),
            api_base: self.api_base.clone(),
            timeout: Duration::from_secs(10),
        })
        .map_err(|e| ConfigError::Rule(format!("Telegram client: {e}")))
    }
}

/// `FETCH_ALLOW_HOSTS`, `FETCH_MAX_BYTES`, `FETCH_TIMEOUT_SECS`.
pub fn fetch_from_env() -> Result<connectors::fetch::FetchConfig, ConfigError> {
    let defaults = connectors::fetch::FetchConfig::default();
    let hosts = env::var("FETCH_ALLOW_HOSTS").unwrap_or_default();
    let allow = connectors::fetch::AllowList::parse(&hosts).map_err(|e| ConfigError::Invalid {
        name: "FETCH_ALLOW_HOSTS".into(),
        value: hosts.clone(),
        reason: e.to_string(),
    })?;
    let max_bytes: usize = env::parsed("FETCH_MAX_BYTES", defaults.max_bytes)?;
    let timeout = Duration::from_secs(env::parsed(
        "FETCH_TIMEOUT_SECS",
        defaults.timeout.as_secs(),
    )?);
    if max_bytes == 0 || timeout.is_zero() {
        return Err(ConfigError::Rule(
            "FETCH_MAX_BYTES and FETCH_TIMEOUT_SECS must be 1 or more".into(),
        ));
    }
    Ok(connectors::fetch::FetchConfig {
        allow,
        max_bytes,
        connect_timeout: defaults.connect_timeout.min(timeout),
        timeout,
        ..defaults
    })
}

/// `PUBLIC_URL`, or `http://HOST:PORT` with the API's defaults; no trailing slash.
pub fn public_url_from_env() -> Result<String, ConfigError> {
    if let Some(url) = env::var("PUBLIC_URL") {
        return Ok(url.trim_end_matches('/').to_owned());
    }
    let host: std::net::IpAddr = env::parsed("HOST", std::net::IpAddr::from([127, 0, 0, 1]))?;
    let port: u16 = env::parsed("PORT", 8080)?;
    let host = if host.is_unspecified() {
        "127.0.0.1".to_owned()
    } else {
        host.to_string()
    };
    Ok(format!("http://{host}:{port}"))
}

/// The TikTok Shop app this deployment is registered as. Read from `TIKTOK_APP_KEY`,
/// `TIKTOK_APP_SECRET`, `TIKTOK_SERVICE_ID` and `TIKTOK_BASE_URL` (one base for every TikTok
/// host: the sandbox; unset = the real hosts). In demo mode the API fills it with its in-process
/// sandbox.
#[derive(Clone)]
pub struct TiktokSettings {
    pub app_key: String,
    pub app_secret: String,
    pub service_id: String,
    pub base_url: Option<String>,
    /// `TIKTOK_REQUESTS_PER_SECOND` (10): calls per second per shop (and per seller token) that
    /// one process makes. Each process counts its own.
    pub requests_per_second: u32,
}

impl fmt::Debug for TiktokSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TiktokSettings")
            .field("app_key", &self.app_key)
            .field("service_id", &self.service_id)
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

pub const DEFAULT_TIKTOK_RPS: u32 = 10;

/// `TIKTOK_REQUESTS_PER_SECOND`, checked.
pub fn tiktok_rps_from_env() -> Result<u32, ConfigError> {
    let rps: u32 = env::parsed("TIKTOK_REQUESTS_PER_SECOND", DEFAULT_TIKTOK_RPS)?;
    if rps == 0 {
        return Err(ConfigError::Rule(
            "TIKTOK_REQUESTS_PER_SECOND must be 1 or more".into(),
        ));
    }
    Ok(rps)
}

impl TiktokSettings {
    pub fn from_env() -> Option<TiktokSettings> {
        Some(TiktokSettings {
            app_key: env::var("TIKTOK_APP_KEY")?,
            app_secret: env::var("TIKTOK_APP_SECRET")?,
            service_id: env::var("TIKTOK_SERVICE_ID").unwrap_or_default(),
            base_url: env::var("TIKTOK_BASE_URL"),
            requests_per_second: DEFAULT_TIKTOK_RPS,
        })
    }

    pub fn client(&self) -> Result<connectors::tiktok::TiktokClient, ConfigError> {
        let mut config = connectors::tiktok::TiktokConfig::new(&self.app_key, &self.app_secret);
        config.service_id = self.service_id.clone();
        config.requests_per_second = self.requests_per_second.max(1);
        if let Some(base) = &self.base_url {
            config = config.with_base_url(base);
        }
        connectors::tiktok::TiktokClient::new(config).map_err(|e| {
            ConfigError::Rule(format!("TikTok client: {}", e.detail().unwrap_or_default()))
        })
    }
}

/// The Amazon SP-API app this deployment is registered as. Read from `AMAZON_LWA_CLIENT_ID`,
/// `AMAZON_LWA_CLIENT_SECRET`, `AMAZON_APPLICATION_ID` (the consent link's app id),
/// `AMAZON_REDIRECT_URL` (the app's registered redirect URI, default
/// `{PUBLIC_URL}/shops/amazon/callback`), `AMAZON_DRAFT_APP` (a consent link for an app in
/// draft) and `AMAZON_BASE_URL` (one base for Seller Central, Login with Amazon and the SP-API:
/// the sandbox; unset = the real North America hosts). In demo mode the API fills it with its
/// in-process stand-in.
#[derive(Clone)]
pub struct AmazonSettings {
    pub client_id: String,
    pub client_secret: String,
    pub application_id: String,
    pub redirect_url: String,
    pub draft_app: bool,
    pub base_url: Option<String>,
}

impl fmt::Debug for AmazonSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AmazonSettings")
            .field("client_id", &self.client_id)
            .field("application_id", &self.application_id)
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

impl AmazonSettings {
    pub fn from_env(public_url: &str) -> Result<Option<AmazonSettings>, ConfigError> {
        let (Some(client_id), Some(client_secret)) = (
            env::var("AMAZON_LWA_CLIENT_ID"),
            env::var("AMAZON_LWA_CLIENT_SECRET"),
        ) else {
            return Ok(None);
        };
        Ok(Some(AmazonSettings {
            client_id,
            client_secret,
            application_id: env::var("AMAZON_APPLICATION_ID").unwrap_or_default(),
            redirect_url: env::var("AMAZON_REDIRECT_URL")
                .unwrap_or_else(|| format!("{public_url}/shops/amazon/callback")),
            draft_app: env::parsed("AMAZON_DRAFT_APP", false)?,
            base_url: env::var("AMAZON_BASE_URL"),
        }))
    }

    pub fn client(&self) -> Result<connectors::amazon::AmazonClient, ConfigError> {
        let mut config =
            connectors::amazon::AmazonConfig::new(&self.client_id, &self.client_secret);
        config.application_id = self.application_id.clone();
        config.draft_app = self.draft_app;
        if let Some(base) = &self.base_url {
            config = config.with_base_url(base);
        }
        connectors::amazon::AmazonClient::new(config).map_err(|e| {
            ConfigError::Rule(format!("Amazon client: {}", e.detail().unwrap_or_default()))
        })
    }
}

/// Walmart Marketplace: `WALMART_BASE_URL` (the sandbox; unset = the real host).
#[derive(Debug, Clone, Default)]
pub struct WalmartSettings {
    pub base_url: Option<String>,
}

impl WalmartSettings {
    pub fn from_env() -> WalmartSettings {
        WalmartSettings {
            base_url: env::var("WALMART_BASE_URL"),
        }
    }

    /// The client, or `None` (said once in the log) when this build cannot reach the host: a
    /// server without Walmart shops must still start.
    pub fn client_or_none(&self) -> Option<connectors::walmart::WalmartClient> {
        match self.client() {
            Ok(client) => Some(client),
            Err(e) => {
                tracing::warn!(error = %e, "Walmart shops are unavailable on this server");
                None
            }
        }
    }

    pub fn client(&self) -> Result<connectors::walmart::WalmartClient, ConfigError> {
        let mut config = connectors::walmart::WalmartConfig::new();
        if let Some(base) = &self.base_url {
            config = config.with_base_url(base);
        }
        connectors::walmart::WalmartClient::new(config).map_err(|e| {
            ConfigError::Rule(format!(
                "Walmart client: {}",
                e.detail().unwrap_or_default()
            ))
        })
    }
}

impl JobsConfig {
    pub fn from_env(storage: &StorageConfig) -> Result<JobsConfig, ConfigError> {
        let config = JobsConfig {
            concurrency: env::parsed("WORKER_CONCURRENCY", 4)?,
            prefetch: match env::parsed("WORKER_PREFETCH", 0usize)? {
                0 => None,
                n => Some(n),
            },
            lease: Duration::from_secs(env::parsed("JOB_LEASE_SECS", 30)?),
            poll_every: Duration::from_millis(env::parsed("QUEUE_POLL_MS", 100)?.max(1)),
            sweep_every: Duration::from_millis(env::parsed("JOB_SWEEP_MS", 1000)?),
            lost_after: Duration::from_secs(env::parsed("JOB_LOST_AFTER_SECS", 300)?),
            backoff_base: Duration::from_millis(env::parsed("JOB_BACKOFF_MS", 2000)?),
            backoff_max: Duration::from_secs(300),
            max_attempts: env::parsed("JOB_MAX_ATTEMPTS", 3)?,
            shutdown_grace: Duration::from_secs(env::parsed("SHUTDOWN_GRACE_SECS", 20)?),
            mail_dir: storage.data_dir.join("mail"),
            smtp_url: env::var("SMTP_URL"),
            mail_from: env::var("MAIL_FROM")
                .unwrap_or_else(|| "Sellerdesk <no-reply@sellerdesk.test>".into()),
            cron_tokens_purge: env::var("CRON_TOKENS_PURGE")
                .unwrap_or_else(|| "0 */10 * * * *".into()),
            cron_order_export_purge: env::var("CRON_ORDER_EXPORT_PURGE")
                .unwrap_or_else(|| "0 50 3 * * *".into()),
            cron_category_sync: env::var("CRON_CATEGORY_SYNC")
                .unwrap_or_else(|| "0 30 3 * * *".into()),
            cron_shop_sync: env::var("CRON_SHOP_SYNC").unwrap_or_else(|| "0 */30 * * * *".into()),
            secrets_key: env::var("SECRETS_KEY"),
            data_dir: storage.data_dir.clone(),
            files: storage.files.clone(),
            tiktok: match TiktokSettings::from_env() {
                Some(t) => Some(TiktokSettings {
                    requests_per_second: tiktok_rps_from_env()?,
                    ..t
                }),
                None => None,
            },
            amazon: AmazonSettings::from_env(&public_url_from_env()?)?,
            walmart: WalmartSettings::from_env(),
            audit_follow: Duration::from_secs(env::parsed("LISTING_AUDIT_FOLLOW_SECS", 10)?),
            listing_follow: Duration::from_millis(env::parsed("LISTING_FOLLOW_MS", 10_000)?.max(1)),
            fetch: fetch_from_env()?,
            public_url: public_url_from_env()?,
            fulfillment_base_url: env::var("FULFILLMENT_BASE_URL"),
            cron_fulfillment_track: env::var("CRON_FULFILLMENT_TRACK")
                .unwrap_or_else(|| "0 */5 * * * *".into()),
            fulfillment_poll_every: Duration::from_secs(env::parsed("FULFILLMENT_POLL_SECS", 900)?),
            cron_fulfillment_reconcile: env::var("CRON_FULFILLMENT_RECONCILE")
                .unwrap_or_else(|| "0 20 4 * * *".into()),
            cron_plan_renew: env::var("CRON_PLAN_RENEW").unwrap_or_else(|| "0 5 * * * *".into()),
            cron_promotion_renew: env::var("CRON_PROMOTION_RENEW")
                .unwrap_or_else(|| "0 */5 * * * *".into()),
            promotion_renew_ahead: Duration::from_secs(
                60 * env::parsed::<u64>("PROMOTION_RENEW_AHEAD_MINUTES", 120)?,
            ),
            telegram: TelegramSettings::from_env()?,
            cron_telegram_poll: env::var("CRON_TELEGRAM_POLL")
                .unwrap_or_else(|| "*/10 * * * * *".into()),
            cron_telegram_alerts: env::var("CRON_TELEGRAM_ALERTS")
                .unwrap_or_else(|| "0 */10 * * * *".into()),
        };
        if config.max_attempts < 1 {
            return Err(ConfigError::Rule(
                "JOB_MAX_ATTEMPTS must be 1 or more".into(),
            ));
        }
        if config.promotion_renew_ahead < Duration::from_secs(600) {
            return Err(ConfigError::Rule(
                "PROMOTION_RENEW_AHEAD_MINUTES must be 10 or more".into(),
            ));
        }
        if config.lease < Duration::from_secs(3) {
            return Err(ConfigError::Rule("JOB_LEASE_SECS must be 3 or more".into()));
        }
        Ok(config)
    }
}

impl JobsConfig {
    /// Where the providers are: the sandbox base when one is set, their own hosts otherwise.
    pub fn fulfillment(&self) -> connectors::fulfillment::FulfillmentConfig {
        match &self.fulfillment_base_url {
            Some(base) => connectors::fulfillment::FulfillmentConfig::sandbox(base),
            None => connectors::fulfillment::FulfillmentConfig::real(),
        }
    }
}

/// Hides the password part of a URL.
pub fn mask_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let creds = &url[scheme + 3..at];
            let user = creds.split(':').next().unwrap_or("");
            format!("{}{}:***{}", &url[..scheme + 3], user, &url[at..])
        }
        _ => url.to_owned(),
    }
}

impl fmt::Display for StorageConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  data dir        {}", self.data_dir.display())?;
        writeln!(f, "  database        {}", mask_url(&self.database_url()))?;
        match &self.redis_url {
            Some(url) => writeln!(f, "  queue           redis {}", mask_url(url))?,
            None => writeln!(f, "  queue           embedded (SQLite in DATA_DIR)")?,
        }
        write!(f, "  files           {}", self.files)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::Path;

    use connectors::storage::FilesConfig;

    use super::{env, files_from_env, mask_url};

    fn files(vars: &[(&str, &str)]) -> Result<FilesConfig, String> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        env::scoped(&vars, || files_from_env(Path::new("/data"))).map_err(|e| e.to_string())
    }

    const SECRET: &str = "s3-secret-never-printed";

    #[test]
    fn files_are_local_unless_a_bucket_is_named() {
        assert!(
            matches!(files(&[]), Ok(FilesConfig::Local { root }) if root == Path::new("/data"))
        );
        let ok = files(&[
            ("S3_BUCKET", "sellerdesk-files"),
            ("S3_ENDPOINT", "http://127.0.0.1:9000/"),
            ("S3_ACCESS_KEY_ID", "AKIDEXAMPLE"),
            ("S3_SECRET_ACCESS_KEY", SECRET),
        ]);
        let Ok(FilesConfig::S3(s3)) = ok else {
            panic!("{ok:?}");
        };
        assert_eq!(s3.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(s3.region, "us-east-1");
        assert!(s3.path_style);
        // Printed at start and in Debug: never the keys.
        let shown = format!("{:?} {}", FilesConfig::S3(s3.clone()), FilesConfig::S3(s3));
        assert!(
            !shown.contains(SECRET) && !shown.contains("AKIDEXAMPLE"),
            "{shown}"
        );
    }

    #[test]
    fn s3_mistakes_stop_the_start_without_quoting_a_key() {
        for (vars, expected) in [
            (
                vec![("S3_ENDPOINT", "http://127.0.0.1:9000")],
                "S3_ENDPOINT is set but S3_BUCKET is not",
            ),
            (
                vec![("S3_BUCKET", "files"), ("S3_SECRET_ACCESS_KEY", SECRET)],
                "S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
            ),
            (
                vec![
                    ("S3_BUCKET", "files"),
                    ("S3_ACCESS_KEY_ID", "AKIDEXAMPLE"),
                    ("S3_SECRET_ACCESS_KEY", SECRET),
                    (
                        "S3_ENDPOINT",
                        "http://AKIDEXAMPLE:s3-secret-never-printed@127.0.0.1:9000",
                    ),
                ],
                "must not carry credentials",
            ),
            (
                vec![
                    ("S3_BUCKET", "files"),
                    ("S3_ACCESS_KEY_ID", "AKIDEXAMPLE"),
                    ("S3_SECRET_ACCESS_KEY", SECRET),
                    ("S3_ENDPOINT", "s3-secret-never-printed"),
                ],
                "S3_ENDPOINT: not a URL",
            ),
            (
                vec![
                    ("S3_BUCKET", "Not_A_Bucket"),
                    ("S3_ACCESS_KEY_ID", "AKIDEXAMPLE"),
                    ("S3_SECRET_ACCESS_KEY", SECRET),
                ],
                "a bucket name",
            ),
        ] {
            let err = files(&vars).expect_err("refused");
            assert!(err.contains(expected), "{err}");
            assert!(!err.contains(SECRET), "{err}");
        }
    }

    #[test]
    fn masks_passwords_in_urls() {
        assert_eq!(
            mask_url("postgres://app:secret@db:5432/x"),
            "postgres://app:***@db:5432/x"
        );
        assert_eq!(mask_url("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
    }
}
