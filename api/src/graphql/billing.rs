//! Plans, subscriptions, balances and the clients console (SUPER_ADMIN). Sellers read their own
//! client's subscription and transactions; another client's id is NOT_FOUND.
use async_graphql::{Context, Enum, ID, InputObject, MaybeUndefined, Object, SimpleObject};
use chrono::{DateTime, Utc};

use domain::billing::{self, ClientFilter, ClientLine, ClientSort};
use domain::paging::PageRequest;
use domain::plans::PlanChanges;

use crate::errors::{ApiError, ApiResult};
use crate::graphql::types::{Client, PageInfo, PlanType, SubscriptionPlan, money};
use crate::graphql::{RoleGuard, caller, state};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::billing::TransactionType")]
pub enum TransactionType {
    TopUp,
    PlanPurchase,
    Adjustment,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct Transaction {
    pub id: ID,
    pub created_at: DateTime<Utc>,
    /// Credits positive, debits negative: a client's transactions sum to its balance.
    pub amount: f64,
    pub content: String,
    #[graphql(name = "type")]
    pub kind: TransactionType,
}

impl From<billing::Transaction> for Transaction {
    fn from(t: billing::Transaction) -> Self {
        Transaction {
            id: t.id.into(),
            created_at: t.created_at,
            amount: money(t.amount_cents),
            content: t.content,
            kind: t.kind.into(),
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
pub struct TransactionPage {
    pub items: Vec<Transaction>,
    pub page_info: PageInfo,
}

/// A client's subscription, balance and the counts the clients console shows.
pub struct ClientSubscription(pub ClientLine);

#[Object]
impl ClientSubscription {
    async fn id(&self) -> ID {
        self.0.subscription.id.clone().into()
    }
    async fn client(&self) -> Client {
        self.0.client.clone().into()
    }
    async fn start_date(&self) -> Option<DateTime<Utc>> {
        self.0.subscription.start_date
    }
    async fn end_date(&self) -> Option<DateTime<Utc>> {
        self.0.subscription.end_date
    }
    async fn balance(&self) -> f64 {
        money(self.0.subscription.balance_cents)
    }
    /// The plan subscribed to (see `effectivePlan` for what limits the client now).
    async fn plan(&self, ctx: &Context<'_>) -> ApiResult<Option<SubscriptionPlan>> {
        let Some(id) = &self.0.subscription.plan_id else {
            return Ok(None);
        };
        let mut conn = state(ctx).db.conn().await?;
        Ok(Some(domain::plans::by_id(&mut conn, id).await?.into()))
    }
    /// Shops the client has connected now.
    async fn total_shops(&self) -> i32 {
        i32::try_from(self.0.shops).unwrap_or(i32::MAX)
    }
    /// Users of the client.
    async fn total_users(&self) -> i32 {
        i32::try_from(self.0.users).unwrap_or(i32::MAX)
    }
    /// The client's status: false once deactivated (its users cannot sign in).
    async fn is_active(&self) -> bool {
        self.0.client.is_active
    }
    /// True when a paid period has ended without renewal: the client works within FREE.
    async fn is_expired(&self) -> bool {
        self.0
            .subscription
            .end_date
            .is_some_and(|end| end <= domain::time::now())
    }
    /// The plan whose limits apply now: the plan, or FREE once a paid period ended.
    async fn effective_plan(&self, ctx: &Context<'_>) -> ApiResult<Option<SubscriptionPlan>> {
        let mut conn = state(ctx).db.conn().await?;
        Ok(billing::effective_plan(&mut conn, &self.0.client.id)
            .await?
            .map(Into::into))
    }
    /// Listings counted this calendar month (UTC) against the plan's allowance.
    async fn listings_this_month(&self, ctx: &Context<'_>) -> ApiResult<i32> {
        let mut conn = state(ctx).db.conn().await?;
        let (listings, _) = billing::usage(&mut conn, &self.0.client.id).await?;
        Ok(i32::try_from(listings).unwrap_or(i32::MAX))
    }
    /// Fulfilment orders counted this calendar month (UTC) against the plan's allowance.
    async fn fulfillments_this_month(&self, ctx: &Context<'_>) -> ApiResult<i32> {
        let mut conn = state(ctx).db.conn().await?;
        let (_, fulfillments) = billing::usage(&mut conn, &self.0.client.id).await?;
        Ok(i32::try_from(fulfillments).unwrap_or(i32::MAX))
    }
    /// The reference to write on a bank transfer to this client's balance.
    async fn bank_transfer_reference(&self) -> String {
        billing::bank_reference(&self.0.client.key)
    }
}

#[derive(SimpleObject)]
pub struct ClientSubscriptionPage {
    pub items: Vec<ClientSubscription>,
    pub page_info: PageInfo,
}

/// How the clients console sorts.
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum ClientSubscriptionSort {
    /// Newest clients first (the default).
    Newest,
    Name,
    /// Largest balance first.
    Balance,
    /// Soonest end of period first; plans without an end last.
    EndDate,
}

impl From<ClientSubscriptionSort> for ClientSort {
    fn from(s: ClientSubscriptionSort) -> Self {
        match s {
            ClientSubscriptionSort::Newest => ClientSort::Newest,
            ClientSubscriptionSort::Name => ClientSort::Name,
            ClientSubscriptionSort::Balance => ClientSort::BalanceDesc,
            ClientSubscriptionSort::EndDate => ClientSort::EndDate,
        }
    }
}

#[derive(InputObject, Default)]
pub struct ClientSubscriptionFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    /// Part of the client's name or key.
    pub search: Option<String>,
    pub plan_type: Option<PlanType>,
    pub is_active: Option<bool>,
    pub sort: Option<ClientSubscriptionSort>,
}

#[derive(InputObject, Default)]
pub struct UpdateClientInput {
    pub name: Option<String>,
    pub is_active: Option<bool>,
}

/// A plan's terms to change; what is left out stays. An allowance given as null is unlimited.
#[derive(InputObject, Default)]
pub struct SubscriptionPlanInput {
    pub description: Option<String>,
    pub features: Option<Vec<String>>,
    pub sale_price: Option<f64>,
    pub base_price: Option<f64>,
    pub max_shops: Option<i32>,
    pub duration_days: Option<i32>,
    pub monthly_listings: MaybeUndefined<i32>,
    pub monthly_fulfillments: MaybeUndefined<i32>,
    pub promotions: Option<bool>,
}

fn price(field: &str, v: Option<f64>) -> ApiResult<Option<i64>> {
    v.map(|v| {
        let scaled = v * 100.0;
        if !scaled.is_finite() || (scaled - scaled.round()).abs() > 1e-6 {
            return Err(ApiError::bad_input(
                field,
                "must be an amount with at most two decimals",
            ));
        }
        Ok(scaled.round() as i64)
    })
    .transpose()
}

fn allowance(v: MaybeUndefined<i32>) -> Option<Option<i64>> {
    match v {
        MaybeUndefined::Undefined => None,
        MaybeUndefined::Null => Some(None),
        MaybeUndefined::Value(n) => Some(Some(i64::from(n))),
    }
}

impl SubscriptionPlanInput {
    fn changes(self) -> ApiResult<PlanChanges> {
        Ok(PlanChanges {
            sale_price_cents: price("salePrice", self.sale_price)?,
            base_price_cents: price("basePrice", self.base_price)?,
            description: self.description,
            features: self.features,
            max_shops: self.max_shops.map(i64::from),
            duration_days: self.duration_days.map(i64::from),
            monthly_listings: allowance(self.monthly_listings),
            monthly_fulfillments: allowance(self.monthly_fulfillments),
            promotions: self.promotions,
        })
    }
}

/// The most transactions one read answers (the paged query pages further).
const TRANSACTIONS_LIMIT: i32 = 100;

#[derive(Default)]
pub struct BillingQuery;

#[Object]
impl BillingQuery {
    /// Every plan, cheapest first.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_all_subscription_plans(
        &self,
        ctx: &Context<'_>,
    ) -> ApiResult<Vec<SubscriptionPlan>> {
        Ok(crate::billing::plans(state(ctx))
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }

    /// A client's plan, dates and balance: a seller's own client, SUPER_ADMIN any. Null for a
    /// client without a subscription (the platform's).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_client_subscription(
        &self,
        ctx: &Context<'_>,
        client_id: ID,
    ) -> ApiResult<Option<ClientSubscription>> {
        let me = caller(ctx)?;
        Ok(crate::billing::subscription(state(ctx), me, &client_id)
            .await?
            .map(ClientSubscription))
    }

    /// The clients console: every seller with its plan, balance, status and counts.
    #[graphql(guard = "RoleGuard::SUPER_ADMIN")]
    async fn get_client_subscriptions(
        &self,
        ctx: &Context<'_>,
        filter: Option<ClientSubscriptionFilter>,
    ) -> ApiResult<ClientSubscriptionPage> {
        let filter = filter.unwrap_or_default();
        let request = PageRequest::parse(filter.limit, filter.page)?;
        let domain_filter = ClientFilter {
            search: filter.search,
            plan_type: filter.plan_type.map(Into::into),
            is_active: filter.is_active,
            sort: filter.sort.map(Into::into).unwrap_or_default(),
        };
        let page = crate::billing::subscriptions(state(ctx), &domain_filter, request).await?;
        Ok(ClientSubscriptionPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(ClientSubscription).collect(),
        })
    }

    /// A client's transactions, newest first: the first `limit` (default and at most 100) of
    /// page `page`; `getTransactionPage` tells the total.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_transactions(
        &self,
        ctx: &Context<'_>,
        client_id: ID,
        limit: Option<i32>,
        page: Option<i32>,
    ) -> ApiResult<Vec<Transaction>> {
        let me = caller(ctx)?;
        let request = PageRequest::parse(Some(limit.unwrap_or(TRANSACTIONS_LIMIT)), page)?;
        let page = crate::billing::transactions(state(ctx), me, &client_id, request).await?;
        Ok(page.items.into_iter().map(Into::into).collect())
    }

    /// A client's transactions, newest first, paged (limit default 20, at most 100).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_transaction_page(
        &self,
        ctx: &Context<'_>,
        client_id: ID,
        limit: Option<i32>,
        page: Option<i32>,
    ) -> ApiResult<TransactionPage> {
        let me = caller(ctx)?;
        let request = PageRequest::parse(limit, page)?;
        let page = crate::billing::transactions(state(ctx), me, &client_id, request).await?;
        Ok(TransactionPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Into::into).collect(),
        })
    }

    /// The reference a seller writes on a bank transfer to its balance (the caller's client,
    /// or for SUPER_ADMIN the client named).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_bank_transfer_reference(
        &self,
        ctx: &Context<'_>,
        client_id: Option<ID>,
    ) -> ApiResult<String> {
        let me = caller(ctx)?;
        let client_id = client_id.map_or_else(|| me.scope.client_id.clone(), |id| id.0);
        let line = crate::billing::subscription(state(ctx), me, &client_id)
            .await?
            .ok_or_else(|| ApiError::not_found("client"))?;
        Ok(billing::bank_reference(&line.client.key))
    }
}

#[derive(Default)]
pub struct BillingMutation;

#[Object]
impl BillingMutation {
    /// Puts the caller's client on a plan: debits its sale price from the balance, crediting
    /// the unused part of a running paid period (docs/decisions.md, "Billing").
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn subscribe_a_plan(
        &self,
        ctx: &Context<'_>,
        plan_id: ID,
    ) -> ApiResult<ClientSubscription> {
        let me = caller(ctx)?;
        Ok(ClientSubscription(
            crate::billing::subscribe(state(ctx), me, &plan_id).await?,
        ))
    }

    /// Credits a client's balance (a bank transfer: its reference in `note`). SUPER_ADMIN.
    #[graphql(guard = "RoleGuard::SUPER_ADMIN")]
    async fn add_client_balance(
        &self,
        ctx: &Context<'_>,
        client_id: ID,
        amount: f64,
        note: Option<String>,
    ) -> ApiResult<ClientSubscription> {
        let me = caller(ctx)?;
        Ok(ClientSubscription(
            crate::billing::add_balance(state(ctx), me, &client_id, amount, note.as_deref())
                .await?,
        ))
    }

    /// Changes a plan's terms. SUPER_ADMIN.
    #[graphql(guard = "RoleGuard::SUPER_ADMIN")]
    async fn update_subscription_plan(
        &self,
        ctx: &Context<'_>,
        id: ID,
        input: SubscriptionPlanInput,
    ) -> ApiResult<SubscriptionPlan> {
        let changes = input.changes()?;
        Ok(crate::billing::update_plan(state(ctx), &id, changes)
            .await?
            .into())
    }

    /// Renames, activates or deactivates a client. SUPER_ADMIN.
    #[graphql(guard = "RoleGuard::SUPER_ADMIN")]
    async fn update_client(
        &self,
        ctx: &Context<'_>,
        id: ID,
        input: UpdateClientInput,
    ) -> ApiResult<Client> {
        Ok(
            crate::billing::update_client(state(ctx), &id, input.name.as_deref(), input.is_active)
                .await?
                .into(),
        )
    }
}
