//! Telegram alerts: what an alert says, who receives it, and the one path by which the bot's
//! updates (from the webhook or from polling) are applied.
//!
//! An alert is queued as one `telegram.notify` job per recipient, keyed by the alert's own key
//! and the user, so however often the event that causes it is seen, each user hears of it once.
//! Texts are written for the seller (no job kind names, no codes) and sent as Telegram HTML, so
//! every value from elsewhere is escaped.
use connectors::telegram::Update;
use domain::DomainError;
use domain::db::Conn;
use domain::event_histories::EventHistory;
use domain::telegram::{
    self, AlertKind, DueOrders, SettledBatch, StartOutcome, TelegramAccount, Urgency,
};

use crate::context::JobContext;
use crate::enqueue::{EnqueueOptions, Pending};
use crate::kinds::{JobKind, TelegramNotify};

/// Attempts of a `telegram.notify` job (a 429 does not spend one).
pub const NOTIFY_ATTEMPTS: i64 = 5;

/// One alert: which choice it belongs to, its key (the same event always has the same key)
/// and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alert {
    pub kind: AlertKind,
    pub key: String,
    pub text: String,
}

impl Alert {
    /// A bulk action finished and some items failed.
    pub fn batch_failed(batch: &SettledBatch) -> Alert {
        Alert {
            kind: AlertKind::BulkBatchFailed,
            key: format!("batch-failed:{}", batch.id),
            text: format!(
                "⚠️ <b>{}</b> finished with problems: {} of {} {} failed.\nOpen Sellerdesk to see why and try them again.",
                escape(bulk_action_name(&batch.kind)),
                batch.failed,
                batch.total,
                if batch.total == 1 { "item" } else { "items" },
            ),
        }
    }

    /// Orders that must ship within 24 hours, or are late.
    pub fn orders_due(due: &DueOrders, tick: &str) -> Alert {
        const SHOWN: usize = 10;
        let mut numbers: Vec<String> = due
            .orders
            .iter()
            .take(SHOWN)
            .map(|n| format!("#{}", escape(n)))
            .collect();
        if due.orders.len() > SHOWN {
            numbers.push(format!("and {} more", due.orders.len() - SHOWN));
        }
        let n = due.orders.len();
        let (orders, verb) = if n == 1 {
            ("1 order".to_owned(), "is")
        } else {
            (format!("{n} orders"), "are")
        };
        let text = match due.urgency {
            Urgency::DueSoon => format!(
                "⏰ <b>{orders} must ship within 24 hours</b>: {}.\nShip them in time to keep your shop's rating.",
                numbers.join(", ")
            ),
            Urgency::Late => format!(
                "🚨 <b>{orders} {verb} late</b>: the shipping deadline has passed for {}.\nShip them as soon as you can.",
                numbers.join(", ")
            ),
        };
        let urgency: &'static str = due.urgency.into();
        Alert {
            kind: AlertKind::OrdersDue,
            key: format!(
                "orders-{}:{}:{tick}",
                urgency.to_ascii_lowercase(),
                due.client_id
            ),
            text,
        }
    }

    /// A promotion could not be renewed; `key` names the promotion and window (the renewal
    /// job's own key), `reason` is written for the seller.
    pub fn promotion_renewal_failed(key: &str, promotion: &str, shop: &str, reason: &str) -> Alert {
        Alert {
            kind: AlertKind::PromotionRenewalFailed,
            key: format!("promotion-renewal:{key}"),
            text: format!(
                "⚠️ The promotion <b>{}</b> on {} could not be renewed: {}",
                escape(promotion),
                escape(shop),
                escape(reason)
            ),
        }
    }

    /// A promotion was renewed without products that no longer qualify; `key` names the
    /// promotion and window, `problems` are (product, reason) written for the seller.
    pub fn promotion_products_dropped(
        key: &str,
        promotion: &str,
        shop: &str,
        problems: &[(String, String)],
    ) -> Alert {
        const SHOWN: usize = 5;
        let mut lines: Vec<String> = problems
            .iter()
            .take(SHOWN)
            .map(|(product, reason)| format!("• {}: {}", escape(product), escape(reason)))
            .collect();
        if problems.len() > SHOWN {
            lines.push(format!("and {} more", problems.len() - SHOWN));
        }
        Alert {
            kind: AlertKind::PromotionRenewalFailed,
            key: format!("promotion-renewal:{key}"),
            text: format!(
                "⚠️ The promotion <b>{}</b> on {} was renewed without {} {}:\n{}",
                escape(promotion),
                escape(shop),
                problems.len(),
                if problems.len() == 1 {
                    "product"
                } else {
                    "products"
                },
                lines.join("\n")
            ),
        }
    }

    /// The balance is low; `key` names the occasion (e.g. the day, or the transaction that
    /// brought it low).
    pub fn low_balance(key: &str, balance_cents: i64) -> Alert {
        let sign = if balance_cents < 0 { "-" } else { "" };
        let cents = balance_cents.unsigned_abs();
        Alert {
            kind: AlertKind::LowBalance,
            key: format!("low-balance:{key}"),
            text: format!(
                "💳 Your Sellerdesk balance is low: <b>{sign}${}.{:02}</b>.\nTop it up so your plan renews and paid work goes on.",
                cents / 100,
                cents % 100
            ),
        }
    }
}

/// How the seller calls a bulk action whose items are jobs of `kind`.
fn bulk_action_name(kind: &str) -> &'static str {
    match kind {
        "listing.publish" => "Publishing products",
        "template.apply" => "Applying a template",
        "sku.generate" => "Generating SKUs",
        "mockup.render" => "Rendering mockups",
        "shop_product.remove" => "Removing products from a shop",
        "fulfillment.create" => "Sending orders to fulfilment",
        "order.export" => "Exporting orders",
        "shop.sync" => "Syncing a shop",
        "warehouse.sync" => "Syncing warehouses",
        "promotion.schedule" => "Scheduling a flash sale",
        _ => "A bulk action",
    }
}

/// `text` safe inside Telegram HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Queues `alert` for the ADMINs of `client_id` who linked the bot and chose it, in the
/// caller's transaction; push what it answers after the commit. The entry point of the billing
/// (low balance) and promotion (failed renewal) work.
pub async fn alert_client_admins(
    conn: &mut Conn,
    client_id: &str,
    alert: Alert,
) -> Result<Pending, DomainError> {
    queue_alert(conn, client_id, &alert, true).await
}

/// Queues `alert` for every user of `client_id` who linked the bot and chose it.
pub async fn alert_client_users(
    conn: &mut Conn,
    client_id: &str,
    alert: Alert,
) -> Result<Pending, DomainError> {
    queue_alert(conn, client_id, &alert, false).await
}

async fn queue_alert(
    conn: &mut Conn,
    client_id: &str,
    alert: &Alert,
    admins_only: bool,
) -> Result<Pending, DomainError> {
    let mut pending = Pending::new();
    for recipient in telegram::recipients(conn, client_id, alert.kind, admins_only).await? {
        let job = TelegramNotify::to_user(&recipient.user_id, &alert.key, &alert.text);
        let options = EnqueueOptions::new(NOTIFY_ATTEMPTS).client(client_id);
        pending.add(job.enqueue(conn, &options).await?);
    }
    Ok(pending)
}

/// Applies one update of the bot, once (by its update_id): a `/start <token>` links the user
/// the token was made for and answers the chat; anything else is acknowledged and ignored.
/// The one path of the webhook and of polling. Answers the jobs to push.
pub async fn apply_update(db: &domain::Db, update: &Update) -> Result<Pending, DomainError> {
    let mut tx = db.begin().await?;
    let mut pending = Pending::new();
    match update.start_payload() {
        None => {
            telegram::mark_update_applied(&mut tx, update.update_id).await?;
        }
        Some((token, from, chat)) => {
            let account = TelegramAccount {
                telegram_user_id: from.id,
                chat_id: chat.id,
                first_name: Some(from.first_name.clone()).filter(|n| !n.is_empty()),
                last_name: from.last_name.clone(),
                username: from.username.clone(),
            };
            let key = format!("start:{}", update.update_id);
            match telegram::apply_start(&mut tx, update.update_id, token, &account).await? {
                StartOutcome::Repeated => {}
                StartOutcome::Linked(link) => {
                    tracing::info!(user = %link.user_id, "Telegram linked");
                    let job = TelegramNotify::to_user(
                        &link.user_id,
                        &key,
                        "✅ Your Telegram is now linked to Sellerdesk. You will get the alerts you choose in Settings; disconnect there at any time.",
                    );
                    let options = EnqueueOptions::new(NOTIFY_ATTEMPTS).client(&link.client_id);
                    pending.add(job.enqueue(&mut tx, &options).await?);
                }
                StartOutcome::TokenRefused => {
                    tracing::info!(update = update.update_id, "Telegram link token refused");
                    let job = TelegramNotify::to_chat(
                        chat.id,
                        &key,
                        "This link has expired or was already used. Open Sellerdesk → Settings and link Telegram again.",
                    );
                    pending.add(
                        job.enqueue(&mut tx, &EnqueueOptions::new(NOTIFY_ATTEMPTS))
                            .await?,
                    );
                }
            }
        }
    }
    tx.commit().await?;
    Ok(pending)
}

/// Called when a job of a batch has finished (succeeded or failed for good): when the batch
/// has nothing left to run and some of it failed, its client's users who chose the alert hear
/// of it, once per batch. Never fails the caller.
pub async fn after_batch_job(ctx: &JobContext, job: &EventHistory) {
    let (Some(batch_id), Some(client_id)) = (&job.batch_id, &job.client_id) else {
        return;
    };
    if job.kind == TelegramNotify::NAME {
        return;
    }
    let result: Result<Pending, DomainError> = async {
        let mut conn = ctx.db.conn().await?;
        // Cheap first: most clients have nobody listening.
        if !telegram::anyone_listens(&mut conn, client_id, AlertKind::BulkBatchFailed).await? {
            return Ok(Pending::new());
        }
        let Some(batch) = telegram::settled_with_failures(&mut conn, batch_id).await? else {
            return Ok(Pending::new());
        };
        alert_client_users(&mut conn, &batch.client_id, Alert::batch_failed(&batch)).await
    }
    .await;
    match result {
        Ok(pending) => ctx.push(pending).await,
        Err(e) => {
            tracing::warn!(batch = %batch_id, error = %e, "the batch's Telegram alert could not be queued")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_for_sellers_and_escaped() {
        let batch = SettledBatch {
            id: "b1".into(),
            client_id: "c1".into(),
            kind: "listing.publish".into(),
            total: 10,
            failed: 3,
        };
        let alert = Alert::batch_failed(&batch);
        assert!(alert.text.contains("Publishing products"), "{}", alert.text);
        assert!(alert.text.contains("3 of 10 items failed"));
        assert!(!alert.text.contains("listing.publish"));
        let due = DueOrders {
            client_id: "c1".into(),
            urgency: Urgency::Late,
            orders: vec!["<57>".into()],
        };
        let alert = Alert::orders_due(&due, "t");
        assert!(alert.text.contains("#&lt;57&gt;"), "{}", alert.text);
        assert!(alert.text.contains("1 order is late"));
        assert!(Alert::low_balance("d", 1234).text.contains("$12.34"));
    }
}
