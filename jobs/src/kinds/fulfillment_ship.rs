//! `fulfillment.ship`: writes a shipped fulfilment order's tracking back to its marketplace
//! order, once (TikTok: Mark Package As Shipped, the carrier matched to one of the shipping
//! providers of the order's delivery option; Amazon: shipment confirmation; Walmart: ship with
//! tracking — see [`crate::orders`]).
//!
//! Exactly once: each marketplace ships an order's items once and answers a second call with
//! "already shipped", which is read as done; so the call is made first and recorded after, and
//! a crash between the two repeats a call the marketplace refuses. Errors: a refusal (no
//! matching carrier, the order cancelled meanwhile) is stored on the fulfilment order for the
//! seller and fails the job; throttling reschedules; the rest retries.
use connectors::tiktok::{MarkShipped, ShipOutcome, match_shipping_provider};
use domain::event_histories::EventHistory;
use domain::fulfillment::orders::{self, FulfillmentOrder};
use domain::shops::SaleChannel;
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of};
use crate::context::JobContext;
use crate::orders::{WriteBack, amazon, channel_of, walmart};
use crate::tiktok::{ShopAccessError, open_shop};
use crate::{JobError, Priority};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FulfillmentShip {
    pub fulfillment_order_id: String,
    /// The order's `updated_at` when queued: a write-back asked again after a refusal is a new
    /// job; repeated asks for one state are not.
    #[serde(default)]
    pub round: String,
}

impl FulfillmentShip {
    /// The write-back queued when the tracking becomes known (by a read or a webhook): one job
    /// however many reports say so.
    pub fn on_tracking(fulfillment_order_id: &str) -> FulfillmentShip {
        FulfillmentShip::for_round(fulfillment_order_id, "tracking")
    }

    pub fn for_round(fulfillment_order_id: &str, round: &str) -> FulfillmentShip {
        FulfillmentShip {
            fulfillment_order_id: fulfillment_order_id.to_owned(),
            round: round.to_owned(),
        }
    }
}

impl JobKind for FulfillmentShip {
    const NAME: &'static str = "fulfillment.ship";
    // A few seconds of work that a seller's ship-by deadline waits on: it must not queue
    // behind a bulk send of provider orders that the providers' rates hold back.
    const PRIORITY: Priority = Priority::High;

    fn dedupe_key(&self) -> Option<String> {
        Some(format!(
            "fulfillment-ship:{}:{}",
            self.fulfillment_order_id, self.round
        ))
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let client_id = client_of(job)?;
        let mut conn = ctx.db.conn().await?;
        let order = match orders::get_any(&mut conn, &client_id, &self.fulfillment_order_id).await {
            Ok(o) => o,
            Err(domain::DomainError::NotFound(_)) => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        let (Some(order_id), Some(tracking_number)) = (&order.order_id, &order.tracking_number)
        else {
            return Ok(());
        };
        if order.shipped_back_at.is_some() {
            return Ok(());
        }
        let row: Option<(String, String)> = sqlx::query_as(
            "SELECT shop_id, external_order_id FROM orders WHERE id = $1 AND client_id = $2",
        )
        .bind(order_id)
        .bind(&client_id)
        .fetch_optional(&mut *conn)
        .await
        .map_err(domain::DomainError::from)?;
        drop(conn);
        let Some((shop_id, external_order_id)) = row else {
            return Ok(());
        };
        let written = match channel_of(ctx, &client_id, &shop_id).await? {
            None => WriteBack::ShopGone,
            Some(SaleChannel::Tiktok) => {
                tiktok_write_back(
                    ctx,
                    &client_id,
                    &order,
                    &shop_id,
                    &external_order_id,
                    tracking_number,
                )
                .await?
            }
            Some(SaleChannel::Amazon) => {
                amazon::write_back(
                    ctx,
                    &client_id,
                    &order,
                    &shop_id,
                    &external_order_id,
                    tracking_number,
                )
                .await?
            }
            Some(SaleChannel::Walmart) => {
                walmart::write_back(
                    ctx,
                    &client_id,
                    &order,
                    &shop_id,
                    &external_order_id,
                    tracking_number,
                )
                .await?
            }
        };
        match written {
            WriteBack::Accepted => {}
            WriteBack::ShopGone => return Ok(()),
            WriteBack::Refused(why) => return refuse(ctx, &order.id, &why).await,
        }
        let mut tx = ctx.db.begin().await?;
        if orders::mark_shipped_back(&mut tx, &order.id).await? {
            orders::shipped_back(&mut tx, &order).await?;
        }
        tx.commit().await?;
        tracing::info!(fulfillment_order = %order.id, "tracking written back to the marketplace");
        Ok(())
    }
}

/// TikTok: Mark Package As Shipped, with the marketplace's shipping provider matched from the
/// carrier.
async fn tiktok_write_back(
    ctx: &JobContext,
    client_id: &str,
    order: &FulfillmentOrder,
    shop_id: &str,
    external_order_id: &str,
    tracking_number: &str,
) -> Result<WriteBack, JobError> {
    let session = match open_shop(
        &ctx.db,
        ctx.tiktok.as_ref(),
        &ctx.secrets,
        client_id,
        shop_id,
    )
    .await
    {
        Ok(s) => s,
        Err(ShopAccessError::NotFound) => return Ok(WriteBack::ShopGone),
        Err(e) => return Err(e.into()),
    };
    let detail = session
        .client
        .order_detail(&session.auth, &[external_order_id.to_owned()])
        .await?;
    let Some(marketplace_order) = detail.first() else {
        return Ok(WriteBack::Refused(
            "the marketplace no longer shows this order".into(),
        ));
    };
    let providers = session
        .client
        .shipping_providers(&session.auth, &marketplace_order.delivery_option_id)
        .await?;
    let carrier = order.tracking_company.clone().unwrap_or_default();
    let mut provider = match_shipping_provider(&carrier, &providers).cloned();
    if provider.is_none() {
        // The list kept may be older than a carrier the marketplace added.
        let fresh = session
            .client
            .refresh_shipping_providers(&session.auth, &marketplace_order.delivery_option_id)
            .await?;
        provider = match_shipping_provider(&carrier, &fresh).cloned();
    }
    let Some(provider) = provider else {
        return Ok(WriteBack::Refused(format!(
            "the carrier \"{carrier}\" is not one the marketplace offers for this order; \
             set the tracking by hand on the marketplace"
        )));
    };
    let shipped = session
        .client
        .mark_shipped(
            &session.auth,
            external_order_id,
            &MarkShipped {
                tracking_number: tracking_number.to_owned(),
                shipping_provider_id: provider.id.clone(),
                order_line_item_ids: Vec::new(),
            },
        )
        .await;
    match shipped {
        Ok(ShipOutcome::Shipped { .. }) | Ok(ShipOutcome::AlreadyShipped) => {
            Ok(WriteBack::Accepted)
        }
        Err(connectors::tiktok::TiktokError::Rejected { message, .. }) => Ok(WriteBack::Refused(
            format!("the marketplace refused the tracking: {message}"),
        )),
        Err(e) => Err(e.into()),
    }
}

async fn refuse(ctx: &JobContext, id: &str, why: &str) -> Result<(), JobError> {
    let mut conn = ctx.db.conn().await?;
    orders::ship_back_failed(&mut conn, id, why).await?;
    Err(JobError::Permanent(why.to_owned()))
}
