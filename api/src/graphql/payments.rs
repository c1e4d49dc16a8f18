//! Card top-ups over GraphQL (ours, beside the contract's billing operations): start a Stripe
//! checkout and read what became of it. Resolvers convert types and call `crate::payments`.
use async_graphql::{Context, Enum, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use domain::payments::Payment;

use crate::errors::ApiResult;
use crate::graphql::types::money;
use crate::graphql::{RoleGuard, caller, state};
use crate::payments as cases;

/// Where a card top-up stands (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::payments::PaymentStatus")]
pub enum TopUpStatus {
    /// Started; not paid yet.
    Pending,
    /// Paid, and the balance credited (`transactionId` is its TOP_UP transaction).
    Paid,
    /// The checkout lapsed unpaid or could not be started.
    Expired,
}

/// One card top-up (ours).
#[derive(SimpleObject, Debug, Clone)]
pub struct TopUpPayment {
    pub id: ID,
    pub amount: f64,
    /// ISO code, lower case.
    pub currency: String,
    pub status: TopUpStatus,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub transaction_id: Option<ID>,
}

impl From<Payment> for TopUpPayment {
    fn from(p: Payment) -> Self {
        TopUpPayment {
            id: p.id.into(),
            amount: money(p.amount_cents),
            currency: p.currency,
            status: p.status.into(),
            created_at: p.created_at,
            paid_at: p.paid_at,
            transaction_id: p.transaction_id.map(ID::from),
        }
    }
}

/// A started card top-up: send the seller to `url` (ours).
#[derive(SimpleObject, Debug, Clone)]
pub struct TopUpCheckout {
    /// The payment page; the seller comes back to /subscriptions/add-balance?payment=<id>.
    pub url: String,
    pub payment: TopUpPayment,
}

#[derive(Default)]
pub struct PaymentsQuery;

#[Object]
impl PaymentsQuery {
    /// ours: one of the client's card top-ups; a pending one is checked with the payment
    /// provider first (the seller back from the payment page).
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn get_top_up_payment(&self, ctx: &Context<'_>, id: ID) -> ApiResult<TopUpPayment> {
        Ok(cases::top_up(state(ctx), caller(ctx)?, &id).await?.into())
    }
}

#[derive(Default)]
pub struct PaymentsMutation;

#[Object]
impl PaymentsMutation {
    /// ours: starts a card top-up of `amount` (5.00 to 10000.00, whole cents) for the caller's
    /// client (its ADMIN); the balance is credited when the payment provider confirms it.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn create_top_up_checkout(
        &self,
        ctx: &Context<'_>,
        amount: f64,
    ) -> ApiResult<TopUpCheckout> {
        let started = cases::start_top_up(state(ctx), caller(ctx)?, amount).await?;
        Ok(TopUpCheckout {
            url: started.url,
            payment: started.payment.into(),
        })
    }
}
