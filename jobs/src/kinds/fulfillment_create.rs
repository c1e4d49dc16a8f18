//! `fulfillment.create`: makes the provider's copy of one fulfilment order — exactly one,
//! whatever the retries, crashes and duplicate deliveries. The fulfilment order's id is the
//! provider's idempotency key (or the reference looked up before a create where the provider
//! has none: the client does that), so a second attempt after a write whose answer was lost
//! finds the order made the first time.
//!
//! Errors: an order removed, cancelled or already submitted is nothing to do; an uploaded print
//! file that is missing from the storage, or a provider's refusal, marks the order FAILED with
//! words naming the file or the provider's own (the seller fixes and sends it again) and fails
//! the job; throttling reschedules; the rest retries.
use connectors::fulfillment::{NewItem, NewOrder, PrintFile, PrintPosition};
use domain::event_histories::EventHistory;
use domain::fulfillment::orders::{
    self, FulfillmentOrder, FulfillmentStatus, Submission, Submitted,
};
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of};
use crate::JobError;
use crate::context::JobContext;
use crate::fulfillment::{check_own_files, open_account, stage_of};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FulfillmentCreate {
    pub fulfillment_order_id: String,
    /// Which sending of the order this is (its `updated_at` when queued): a refused order sent
    /// again is a new job, a repeated delivery of one sending is not.
    pub round: String,
}

impl FulfillmentCreate {
    pub fn for_order(order: &FulfillmentOrder) -> FulfillmentCreate {
        FulfillmentCreate {
            fulfillment_order_id: order.id.clone(),
            round: order.updated_at.clone(),
        }
    }
}

/// What the provider receives for a fulfilment order.
pub fn provider_order(order: &FulfillmentOrder, label: Option<&str>) -> NewOrder {
    let s = &order.shipping;
    NewOrder {
        reference: order.id.clone(),
        label: label
            .or(order.ref_order_id.as_deref())
            .unwrap_or(&order.id)
            .to_owned(),
        address: connectors::fulfillment::Address {
            name: s.name.clone(),
            phone: s.phone.clone(),
            email: None,
            address1: s.address1.clone(),
            address2: s.address2.clone(),
            city: s.city.clone(),
            state: s.state.clone().unwrap_or_default(),
            postal_code: s.postal_code.clone(),
            country: s.region_code.clone(),
        },
        shipping_method: s.method.clone(),
        label_url: order.label_url.clone(),
        items: order
            .items
            .iter()
            .map(|i| NewItem {
                sku: i.fulfillment_sku.clone(),
                quantity: u32::try_from(i.quantity).unwrap_or(1),
                print_files: [
                    (PrintPosition::Front, &i.design_front_url),
                    (PrintPosition::Back, &i.design_back_url),
                ]
                .into_iter()
                .filter_map(|(position, url)| url.clone().map(|url| PrintFile { position, url }))
                .collect(),
                mockup_url: i.image.clone(),
                name: i.product_name.clone(),
            })
            .collect(),
    }
}

impl JobKind for FulfillmentCreate {
    const NAME: &'static str = "fulfillment.create";

    fn dedupe_key(&self) -> Option<String> {
        Some(format!(
            "fulfillment-create:{}:{}",
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
        if order.submission != Submission::Pending || order.status == FulfillmentStatus::Cancelled {
            return Ok(());
        }
        let label = match &order.order_id {
            Some(id) => sqlx::query_scalar::<_, String>(
                "SELECT external_order_id FROM orders WHERE id = $1 AND client_id = $2",
            )
            .bind(id)
            .bind(&client_id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(domain::DomainError::from)?,
            None => None,
        };
        drop(conn);
        // The provider fetches the print files by URL later; ours must be there now.
        if let Err(e) = check_own_files(ctx, &client_id, &order).await {
            if let JobError::Permanent(message) = &e {
                let mut conn = ctx.db.conn().await?;
                orders::mark_failed(&mut conn, &order, message).await?;
            }
            return Err(e);
        }
        let Some((_, account)) =
            open_account(&ctx.db, &ctx.secrets, &client_id, &order.provider_id).await?
        else {
            let mut conn = ctx.db.conn().await?;
            orders::mark_failed(&mut conn, &order, "the provider account was removed").await?;
            return Err(JobError::Permanent(
                "the provider account was removed".into(),
            ));
        };
        let made = match ctx
            .fulfillment
            .create_order(&account, &provider_order(&order, label.as_deref()))
            .await
        {
            Ok(made) => made,
            Err(e)
                if !e.is_transient()
                    && !matches!(e, connectors::fulfillment::ProviderError::Protocol { .. }) =>
            {
                let mut conn = ctx.db.conn().await?;
                orders::mark_failed(&mut conn, &order, &e.to_string()).await?;
                return Err(e.into());
            }
            Err(e) => return Err(e.into()),
        };
        let mut tx = ctx.db.begin().await?;
        orders::mark_submitted(
            &mut tx,
            &order,
            &Submitted {
                external_id: &made.id,
                provider_status: &made.status,
                stage: stage_of(made.stage),
                total_cents: made.total_cents,
                currency: made.currency.as_deref(),
                poll_every: ctx.config.fulfillment_poll_every,
            },
        )
        .await?;
        tx.commit().await?;
        tracing::info!(fulfillment_order = %order.id, provider = ?account.provider, "provider order created");
        Ok(())
    }
}
