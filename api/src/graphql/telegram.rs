//! Telegram alerts: link the product's bot through a deep link, see and remove the link,
//! choose the alerts. Every signed-in user manages their own link only.
use async_graphql::{Context, Enum, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use domain::telegram::{self, AlertKind, Link};

use crate::errors::{ApiError, ApiResult};
use crate::graphql::{RoleGuard, caller, state};

/// The caller's linked Telegram account.
pub struct TelegramUser(pub Link);

#[Object]
impl TelegramUser {
    /// The link's id (what disconnectTelegramBot takes).
    async fn id(&self) -> ID {
        ID(self.0.id.clone())
    }
    async fn first_name(&self) -> Option<&str> {
        self.0.first_name.as_deref()
    }
    async fn last_name(&self) -> Option<&str> {
        self.0.last_name.as_deref()
    }
    async fn username(&self) -> Option<&str> {
        self.0.username.as_deref()
    }
}

/// ours: a deep link that links the caller's Telegram when opened (single use).
#[derive(SimpleObject)]
pub struct TelegramLink {
    /// `https://t.me/<bot>?start=<token>`
    url: String,
    bot_username: String,
    expires_at: DateTime<Utc>,
}

/// ours: what a user may choose to hear about on Telegram.
#[derive(Enum, Copy, Clone, Eq, PartialEq)]
pub enum TelegramAlert {
    BulkBatchFailed,
    OrdersDue,
    PromotionRenewalFailed,
    LowBalance,
}

impl From<AlertKind> for TelegramAlert {
    fn from(a: AlertKind) -> Self {
        match a {
            AlertKind::BulkBatchFailed => TelegramAlert::BulkBatchFailed,
            AlertKind::OrdersDue => TelegramAlert::OrdersDue,
            AlertKind::PromotionRenewalFailed => TelegramAlert::PromotionRenewalFailed,
            AlertKind::LowBalance => TelegramAlert::LowBalance,
        }
    }
}

impl From<TelegramAlert> for AlertKind {
    fn from(a: TelegramAlert) -> Self {
        match a {
            TelegramAlert::BulkBatchFailed => AlertKind::BulkBatchFailed,
            TelegramAlert::OrdersDue => AlertKind::OrdersDue,
            TelegramAlert::PromotionRenewalFailed => AlertKind::PromotionRenewalFailed,
            TelegramAlert::LowBalance => AlertKind::LowBalance,
        }
    }
}

#[derive(Default)]
pub struct TelegramQuery;

#[Object]
impl TelegramQuery {
    /// The caller's linked Telegram account, or null.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_telegram_user(&self, ctx: &Context<'_>) -> ApiResult<Option<TelegramUser>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(telegram::link_of_user(&mut conn, &me.user.id)
            .await?
            .map(TelegramUser))
    }

    /// ours: the alerts the caller chose.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_telegram_alerts(&self, ctx: &Context<'_>) -> ApiResult<Vec<TelegramAlert>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        let chosen = telegram::choices(&mut conn, &me.user.id).await?;
        Ok(chosen.into_iter().map(TelegramAlert::from).collect())
    }
}

#[derive(Default)]
pub struct TelegramMutation;

#[Object]
impl TelegramMutation {
    /// ours: a single-use deep link (15 minutes) that links the caller's Telegram to the bot.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn create_telegram_link(&self, ctx: &Context<'_>) -> ApiResult<TelegramLink> {
        let st = state(ctx);
        let me = caller(ctx)?;
        let bot = st.telegram.as_ref().ok_or_else(|| {
            ApiError::new(
                "UPSTREAM_ERROR",
                "Telegram alerts are not set up on this server",
            )
        })?;
        let bot_username = bot.username().await?;
        let mut conn = st.db.conn().await?;
        let (token, expires_at) = telegram::issue_link_token(&mut conn, &me.user.id).await?;
        Ok(TelegramLink {
            url: format!("https://t.me/{bot_username}?start={token}"),
            bot_username,
            expires_at,
        })
    }

    /// Removes the caller's link `id`; another user's link answers NOT_FOUND.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn disconnect_telegram_bot(&self, ctx: &Context<'_>, id: ID) -> ApiResult<bool> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        telegram::disconnect(&mut conn, &me.user.id, id.as_str()).await?;
        Ok(true)
    }

    /// ours: replaces the alerts the caller chose; answers them.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn set_telegram_alerts(
        &self,
        ctx: &Context<'_>,
        alerts: Vec<TelegramAlert>,
    ) -> ApiResult<Vec<TelegramAlert>> {
        let me = caller(ctx)?;
        let kinds: Vec<AlertKind> = alerts.into_iter().map(AlertKind::from).collect();
        let mut tx = state(ctx).db.begin().await?;
        telegram::set_choices(&mut tx, &me.user.id, &kinds).await?;
        let chosen = telegram::choices(&mut tx, &me.user.id).await?;
        tx.commit().await?;
        Ok(chosen.into_iter().map(TelegramAlert::from).collect())
    }
}
