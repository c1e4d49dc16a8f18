//! `category.sync` (at start, daily with `CRON_CATEGORY_SYNC`, and when the first shop is
//! connected): refreshes the local TikTok category tree. The marketplace answers the tree only
//! through a shop, any shop: with no connected TikTok shop anywhere there is nothing to ask, and
//! the job succeeds having done nothing (connecting the first shop queues it again).
//!
//! Errors: an empty tree is an upstream glitch and retries; marketplace errors split as
//! `From<TiktokError>` says.
use chrono::{DateTime, Utc};
use connectors::tiktok::{Category, CategoryQuery};
use domain::event_histories::EventHistory;
use domain::marketplace::{self, NewCategory};
use serde::{Deserialize, Serialize};

use super::{JobKind, Scheduled};
use crate::JobError;
use crate::context::JobContext;
use crate::tiktok::open_any_shop;

/// Keyed: at most one job per key is ever queued. Scheduled ones carry their tick, the others
/// the reason they were queued.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CategorySync {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tick: Option<String>,
}

impl CategorySync {
    /// A sync under `key`.
    pub fn keyed(key: String) -> CategorySync {
        CategorySync {
            reason: Some(key),
            tick: None,
        }
    }

    /// The sync every start queues: one per UTC day however many processes start or restart
    /// (the daily cron keeps it fresh after that).
    pub fn at_start(now: DateTime<Utc>) -> CategorySync {
        Self::keyed(format!("start:{}:{}", Self::NAME, now.format("%Y-%m-%d")))
    }

    /// The sync queued when a shop is connected while the local tree is still empty; once per
    /// shop.
    pub fn for_new_shop(shop_id: &str) -> CategorySync {
        Self::keyed(format!("shop:{}:{shop_id}", Self::NAME))
    }
}

impl Scheduled for CategorySync {
    fn for_tick(tick: String) -> Self {
        CategorySync {
            reason: None,
            tick: Some(tick),
        }
    }
}

impl JobKind for CategorySync {
    const NAME: &'static str = "category.sync";

    fn dedupe_key(&self) -> Option<String> {
        self.tick.clone().or_else(|| self.reason.clone())
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        if ctx.tiktok.is_none() {
            tracing::info!("category.sync: no TikTok Shop app is configured; nothing to sync");
            return Ok(());
        }
        let Some((client_id, session)) =
            open_any_shop(&ctx.db, ctx.tiktok.as_ref(), &ctx.secrets, None).await?
        else {
            tracing::info!(
                "category.sync: no connected TikTok shop to ask; the tree is synced once a shop is connected"
            );
            return Ok(());
        };
        let query = CategoryQuery {
            locale: Some("en-US".into()),
            category_version: Some(marketplace::TIKTOK_CATEGORY_VERSION.into()),
            ..CategoryQuery::default()
        };
        let categories = session.client.categories(&session.auth, &query).await?;
        if categories.is_empty() {
            // An empty tree is an upstream glitch, not a marketplace without categories: keep
            // the tree we have rather than hiding every category.
            return Err(JobError::Retry(
                "TikTok Shop answered an empty category tree".into(),
            ));
        }
        let rows = category_rows(&categories);
        let synced_at = domain::time::now_db();
        let mut tx = ctx.db.begin().await?;
        let done = marketplace::replace_tiktok_categories(&mut tx, &rows, &synced_at).await?;
        tx.commit().await?;
        tracing::info!(seen = done.seen, stale = done.stale, via_client = %client_id, via_shop = %session.shop_id, "TikTok category tree synced");
        Ok(())
    }
}

/// The marketplace's flat list as rows; `"0"` (or nothing) as a parent means the top level.
pub fn category_rows(list: &[Category]) -> Vec<NewCategory> {
    list.iter()
        .filter(|c| !c.id.is_empty())
        .map(|c| NewCategory {
            external_id: c.id.clone(),
            parent_external_id: match c.parent_id.as_str() {
                "" | "0" => None,
                p => Some(p.to_owned()),
            },
            name: c.local_name.clone(),
            permission_statuses: c.permission_statuses.clone(),
            is_leaf: c.is_leaf,
        })
        .collect()
}
