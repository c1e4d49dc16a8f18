//! `listing.follow` (queued by `listing.publish` with an Amazon or Walmart submission): asks
//! the marketplace how the asynchronous processing of one listing version went — Amazon's
//! listing state per SKU, Walmart's feed status — and records the shop product LIVE, or
//! refused with the marketplace's messages on the fields they name.
//!
//! While the marketplace is still processing, the job waits and asks again (a reschedule that
//! spends no attempt), first after `LISTING_FOLLOW_MS`, then after a quarter of the time since
//! the submission (at most 15 minutes): a quick answer shows at once, a feed that takes hours is
//! not polled hard. After two days it gives up and says so on the shop product.
//!
//! Idempotent: it only reads the marketplace, and records an outcome only for the version it
//! follows while that version is still the one asked for and still pending. Errors split as
//! `From<AmazonError>` / `From<WalmartError>` say (429 waits without spending an attempt).
use std::time::Duration;

use chrono::{DateTime, Utc};
use domain::event_histories::EventHistory;
use domain::shop_products::{self, TiktokProductStatus};
use domain::shops::SaleChannel;
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of};
use crate::JobError;
use crate::context::JobContext;
use crate::kinds::listing_publish::{amazon, walmart};

/// Follow the submission of `version` of a product on an Amazon or Walmart shop.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ListingFollow {
    pub shop_id: String,
    pub product_id: String,
    pub version: i64,
    /// When the marketplace took it: the waits grow from here, and the job gives up two days
    /// after.
    pub submitted_at: DateTime<Utc>,
    /// What the monitors show for it.
    #[serde(default)]
    pub label: String,
}

/// How a submission stands on the marketplace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Progress {
    Processing,
    Live,
    /// Refused: the messages, each naming its field.
    Rejected(Vec<String>),
}

/// How long a submission may stay in processing before the job stops asking.
const GIVE_UP: Duration = Duration::from_secs(48 * 3600);
/// The longest wait between two asks.
const LONGEST_WAIT: Duration = Duration::from_secs(15 * 60);

impl JobKind for ListingFollow {
    const NAME: &'static str = "listing.follow";

    /// One follow per product version and shop.
    fn dedupe_key(&self) -> Option<String> {
        Some(format!(
            "listing-follow:{}:{}:{}",
            self.shop_id, self.product_id, self.version
        ))
    }

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        follow(self, ctx, job).await
    }
}

/// The wait before the next ask, `elapsed` after the submission.
fn next_wait(first: Duration, elapsed: Duration) -> Duration {
    (elapsed / 4).clamp(first, LONGEST_WAIT.max(first))
}

async fn follow(f: ListingFollow, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
    let client_id = client_of(job)?;
    let mut conn = ctx.db.conn().await?;
    let state =
        shop_products::listing_state(&mut conn, &client_id, &f.shop_id, &f.product_id).await?;
    drop(conn);
    let Some(state) = state else {
        // The product or the shop was removed: nothing is left to follow.
        return Ok(());
    };
    let pending = Some(TiktokProductStatus::Pending.as_str());
    if state.listing_version != f.version
        || state.published_version != Some(f.version)
        || state.marketplace_status.as_deref() != pending
    {
        // A newer version follows itself, or this one's outcome is recorded already.
        return Ok(());
    }
    let (progress, marketplace) = match state.sale_channel {
        SaleChannel::Amazon => (
            amazon::follow(ctx, &client_id, &f.shop_id, &state).await?,
            "Amazon",
        ),
        SaleChannel::Walmart => (
            walmart::follow(ctx, &client_id, &f.shop_id, &state).await?,
            "Walmart",
        ),
        SaleChannel::Tiktok => {
            return Err(JobError::Permanent(
                "TikTok Shop's audit is followed by the listing job and shop.sync".into(),
            ));
        }
    };
    let (status, messages) = match progress {
        Progress::Processing => {
            let elapsed = (ctx.clock.now() - f.submitted_at)
                .to_std()
                .unwrap_or_default();
            if elapsed < GIVE_UP {
                return Err(JobError::RateLimited {
                    after: next_wait(ctx.config.listing_follow, elapsed),
                    message: format!("{marketplace} is still processing the listing"),
                });
            }
            let message = format!(
                "{marketplace} had not finished processing the listing after two days: list the product again"
            );
            let mut conn = ctx.db.conn().await?;
            shop_products::record_outcome(
                &mut conn,
                &state.id,
                f.version,
                TiktokProductStatus::Pending,
                std::slice::from_ref(&message),
            )
            .await?;
            return Err(JobError::Permanent(message));
        }
        Progress::Live => (TiktokProductStatus::Activate, Vec::new()),
        Progress::Rejected(messages) => (TiktokProductStatus::Failed, messages),
    };
    let mut conn = ctx.db.conn().await?;
    shop_products::record_outcome(&mut conn, &state.id, f.version, status, &messages).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_with_the_time_since_the_submission_and_stay_bounded() {
        let first = Duration::from_secs(10);
        assert_eq!(next_wait(first, Duration::ZERO), first);
        assert_eq!(
            next_wait(first, Duration::from_secs(120)),
            Duration::from_secs(30)
        );
        assert_eq!(next_wait(first, Duration::from_secs(86_400)), LONGEST_WAIT);
    }
}
