//! `promotion.deactivate`: ends a promotion's activities on the marketplace (queued by
//! `bulkUpdateTiktokPromotion` with `deactivate`, after the promotion was marked deactivated, so
//! it never renews again). Every window's activity that has not ended is deactivated.
//!
//! Idempotent: deactivating an activity twice is accepted by the marketplace, and one that has
//! ended meanwhile is refused, which is the same outcome. Errors: throttling reschedules,
//! outages retry, a lost grant fails with its reason.
use connectors::tiktok::TiktokError;
use domain::event_histories::EventHistory;
use domain::promotions;
use serde::{Deserialize, Serialize};

use super::JobKind;
use crate::JobError;
use crate::context::JobContext;
use crate::tiktok::open_shop;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PromotionDeactivate {
    pub promotion_id: String,
    pub client_id: String,
    pub shop_id: String,
}

impl JobKind for PromotionDeactivate {
    const NAME: &'static str = "promotion.deactivate";

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("promotion:{}:deactivate", self.promotion_id))
    }

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let mut conn = ctx.db.conn().await?;
        let Some(promotion) =
            promotions::find(&mut conn, &self.client_id, &self.promotion_id).await?
        else {
            return Ok(());
        };
        let activities =
            promotions::live_activities(&mut conn, &promotion, ctx.clock.now()).await?;
        drop(conn);
        if activities.is_empty() {
            return Ok(());
        }
        let session = open_shop(
            &ctx.db,
            ctx.tiktok.as_ref(),
            &ctx.secrets,
            &self.client_id,
            &self.shop_id,
        )
        .await?;
        for activity_id in activities {
            match session
                .client
                .deactivate_activity(&session.auth, &activity_id)
                .await
            {
                Ok(_) => {}
                Err(e @ TiktokError::Rejected { .. }) => {
                    tracing::info!(promotion = %promotion.id, %activity_id, error = %e, "activity not deactivated: it has ended already");
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }
}
