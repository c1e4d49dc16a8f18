//! What a handler can reach: the database, the queue (to push the follow-ups it enqueues),
//! the connectors, the settings and a clock. Nothing of the pool: a handler runs the same under
//! a pool and in a test that builds a context and calls it.
use chrono::{DateTime, Utc};
use connectors::fetch::Fetcher;
use connectors::mail::Mailer;
use connectors::storage::FileStore;
use connectors::telegram::TelegramClient;
use connectors::tiktok::TiktokClient;
use domain::Db;
use domain::secrets::Secrets;

use crate::enqueue::Pending;
use crate::{JobsConfig, Queue};

pub struct JobContext {
    pub db: Db,
    /// Where the jobs a handler enqueues are pushed, after its commit.
    pub queue: Queue,
    pub config: JobsConfig,
    pub mailer: Mailer,
    /// The TikTok Shop client; `None` when no app is configured.
    pub tiktok: Option<TiktokClient>,
    /// The Amazon SP-API client; `None` when no app is configured.
    pub amazon: Option<connectors::amazon::AmazonClient>,
    /// The Walmart Marketplace client (sellers bring their key pairs); `None` when this build
    /// cannot reach the configured host (HTTPS without the `tls` feature).
    pub walmart: Option<connectors::walmart::WalmartClient>,
    /// The print-on-demand providers.
    pub fulfillment: connectors::fulfillment::FulfillmentClient,
    pub secrets: Secrets,
    /// Fetches files the marketplaces need a copy of (product images): the one guarded
    /// fetcher of URLs sellers give.
    pub fetcher: Fetcher,
    /// The Telegram bot; `None` when none is configured.
    pub telegram: Option<TelegramClient>,
    /// Every file the product keeps (uploads, exports, mockups): the storage port.
    pub files: FileStore,
    pub clock: Clock,
}

/// Why a context could not be built from its settings.
#[derive(Debug, thiserror::Error)]
pub enum ContextError {
    #[error("mail: {0}")]
    Mail(String),
    #[error(transparent)]
    Tiktok(#[from] crate::config::ConfigError),
    #[error("fulfilment providers: {0}")]
    Fulfillment(String),
    #[error("secrets: {0}")]
    Secrets(#[from] domain::DomainError),
    #[error("files: {0}")]
    Files(#[from] connectors::storage::FileError),
}

impl JobContext {
    /// Builds the connectors the settings describe; starts nothing.
    pub fn new(db: Db, queue: Queue, config: JobsConfig) -> Result<JobContext, ContextError> {
        let mailer = Mailer::new(config.smtp_url.as_deref(), config.mail_dir.clone())
            .map_err(|e| ContextError::Mail(e.detail()))?;
        let tiktok = config.tiktok.as_ref().map(|t| t.client()).transpose()?;
        let amazon = config.amazon.as_ref().map(|a| a.client()).transpose()?;
        let walmart = crate::config::WalmartSettings::client_or_none(&config.walmart);
        let telegram = config.telegram.as_ref().map(|t| t.client()).transpose()?;
        let secrets = Secrets::load(config.secrets_key.as_deref(), &config.data_dir)?;
        let fetcher = Fetcher::new(config.fetch.clone());
        let files = FileStore::open(&config.files)?;
        let fulfillment = fulfillment_client(&config, &queue)
            .map_err(|e| ContextError::Fulfillment(e.to_string()))?;
        Ok(JobContext {
            db,
            queue,
            config,
            mailer,
            tiktok,
            amazon,
            walmart,
            fulfillment,
            secrets,
            fetcher,
            telegram,
            files,
            clock: Clock::System,
        })
    }

    /// Pushes jobs committed by a handler. Never fails the handler: a lost push is re-pushed by
    /// the sweeper.
    pub async fn push(&self, pending: Pending) {
        pending.push(&self.queue, &self.db).await;
    }
}

/// The providers' client. In the scaled mode every process paces each provider account through
/// Redis, so that a dozen workers together stay under the account's rate.
pub fn fulfillment_client(
    config: &JobsConfig,
    queue: &Queue,
) -> connectors::fulfillment::Result<connectors::fulfillment::FulfillmentClient> {
    let client = connectors::fulfillment::FulfillmentClient::new(config.fulfillment())?;
    Ok(match queue.redis_connection() {
        Some(conn) => client.shared_pace(conn, queue.name()),
        None => client,
    })
}

/// The time handlers see: the system's, or a fixed one in tests (a daily cap, a tick).
#[derive(Debug, Clone, Copy, Default)]
pub enum Clock {
    #[default]
    System,
    Fixed(DateTime<Utc>),
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(at) => *at,
        }
    }
}
