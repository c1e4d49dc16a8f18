//! Job kinds: each a payload and a handler. Handlers are idempotent: delivery is at least
//! once, so each looks for its own earlier effect before acting.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use connectors::mail::{MailError, OutgoingMail};
use domain::event_histories::{EventHistory, NewJob};
use domain::mail::Mail;
use domain::secrets::Secrets;

use crate::JobError;
use crate::pool::Runtime;

pub const MAIL_SEND: &str = "mail.send";
pub const TOKENS_PURGE: &str = "tokens.purge";
pub const SYSTEM_PROBE: &str = "system.probe";
pub const SHOP_SYNC: &str = "shop.sync";
pub const WAREHOUSE_SYNC: &str = "warehouse.sync";
pub const CATEGORY_SYNC: &str = "category.sync";
pub const TEMPLATE_APPLY: &str = "template.apply";
pub const LISTING_PUBLISH: &str = "listing.publish";
pub const SKU_GENERATE: &str = "sku.generate";
pub const SHOP_PRODUCT_REMOVE: &str = "shop_product.remove";

/// Every kind this build runs; workers advertise them in their heartbeat.
pub const ALL: &[&str] = &[
    MAIL_SEND,
    TOKENS_PURGE,
    SYSTEM_PROBE,
    SHOP_SYNC,
    WAREHOUSE_SYNC,
    CATEGORY_SYNC,
    TEMPLATE_APPLY,
    LISTING_PUBLISH,
    SKU_GENERATE,
    SHOP_PRODUCT_REMOVE,
];

/// Payload of `system.probe`: a job that does nothing but record its key once. Operators and
/// benchmarks use it to measure the pipeline end to end, and tests to count executions.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Probe {
    /// The effect to record once; without one the probe is a true no-op (the drain benchmark).
    #[serde(default)]
    pub key: String,
    /// Work to simulate before recording, in milliseconds.
    #[serde(default)]
    pub work_ms: u64,
}

pub fn probe(key: &str, work_ms: u64, batch_id: Option<String>, max_attempts: i64) -> NewJob {
    NewJob {
        kind: SYSTEM_PROBE.into(),
        payload: serde_json::to_value(Probe {
            key: key.to_owned(),
            work_ms,
        })
        .unwrap_or(Value::Null),
        client_id: None,
        batch_id,
        dedupe_key: None,
        max_attempts,
        shop_id: None,
    }
}

/// Payload of `mail.send`: the finished message, its body sealed with the secrets key. A body
/// carries single-use links (password reset, verification) that nobody but the recipient may
/// use, and the payload is a row of `event_histories` that operators, backups and anyone with
/// read access to the database see; the envelope stays readable for the monitors.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MailSend {
    pub mail: SealedMail,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SealedMail {
    pub to: String,
    pub subject: String,
    /// [`MailBody`] as JSON, sealed (`domain::secrets`).
    pub sealed: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct MailBody {
    text: String,
    html: String,
}

/// The `mail.send` job of a message: the one way every mail is queued, so none is stored with
/// its body readable. The job carries the finished message, so a retry sends exactly what the
/// first attempt would have.
pub fn mail_send(
    secrets: &Secrets,
    mail: Mail,
    client_id: Option<String>,
    max_attempts: i64,
) -> NewJob {
    let body = serde_json::to_string(&MailBody {
        text: mail.text,
        html: mail.html,
    })
    .unwrap_or_default();
    let sealed = SealedMail {
        to: mail.to,
        subject: mail.subject,
        sealed: secrets.seal(&body),
    };
    NewJob {
        kind: MAIL_SEND.into(),
        payload: serde_json::to_value(MailSend { mail: sealed }).unwrap_or(Value::Null),
        client_id,
        batch_id: None,
        dedupe_key: None,
        max_attempts,
        shop_id: None,
    }
}

/// The message of a `mail.send` payload, its body opened.
fn open_mail(secrets: &Secrets, payload: MailSend) -> Result<Mail, JobError> {
    let SealedMail {
        to,
        subject,
        sealed,
    } = payload.mail;
    // The detail (another key, tampering) goes to the log; the stored error says what to do.
    let body = secrets.open(&sealed).map_err(|e| {
        tracing::error!(error = %e, "a queued mail's body cannot be opened");
        JobError::Permanent("the mail's body cannot be read with this server's SECRETS_KEY".into())
    })?;
    let MailBody { text, html } = serde_json::from_str(&body)
        .map_err(|_| JobError::Permanent("the mail's body is not a valid message".into()))?;
    Ok(Mail {
        to,
        subject,
        text,
        html,
    })
}

/// The payload as the monitors may show it: a mail's envelope only (its body is sealed anyway).
pub fn redacted(kind: &str, payload: &Value) -> Value {
    match kind {
        MAIL_SEND => serde_json::json!({
            "mail": {
                "to": payload["mail"]["to"],
                "subject": payload["mail"]["subject"],
                "body": "(hidden: it holds single-use links)",
            }
        }),
        _ => payload.clone(),
    }
}

pub async fn execute(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    match job.kind.as_str() {
        MAIL_SEND => send_mail(rt, job).await,
        TOKENS_PURGE => purge_tokens(rt).await,
        SYSTEM_PROBE => run_probe(rt, job).await,
        SHOP_SYNC => crate::shops::sync_shop(rt, job).await,
        WAREHOUSE_SYNC => crate::shops::sync_warehouses(rt, job).await,
        CATEGORY_SYNC => crate::shops::sync_categories(rt, job).await,
        TEMPLATE_APPLY => crate::listings::apply_template(rt, job).await,
        LISTING_PUBLISH => crate::listings::publish(rt, job).await,
        SKU_GENERATE => crate::listings::generate_skus(rt, job).await,
        SHOP_PRODUCT_REMOVE => crate::listings::remove_shop_product(rt, job).await,
        other => Err(JobError::Permanent(format!(
            "no handler for job kind '{other}'"
        ))),
    }
}

pub(crate) fn payload<T: for<'de> Deserialize<'de>>(job: &EventHistory) -> Result<T, JobError> {
    serde_json::from_value(job.payload.clone()).map_err(|e| {
        JobError::Permanent(format!(
            "the job's payload is not a valid {}: {e}",
            job.kind
        ))
    })
}

async fn send_mail(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    let mail = open_mail(&rt.secrets, payload(job)?)?;
    // The message id is the job's: a file transport writes it once, an SMTP receiver can
    // recognise a repeat, and the effect row stops a resend after a successful one.
    let effect = format!("mail:{}", job.id);
    let mut conn = rt.db.conn().await?;
    if domain::event_histories::effect_exists(&mut conn, &effect).await? {
        return Ok(());
    }
    drop(conn);
    let outgoing = OutgoingMail {
        message_id: format!("{}@sellerdesk", job.id),
        from: rt.config.mail_from.clone(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
    };
    rt.mailer.send(&outgoing).await.map_err(|e| {
        tracing::warn!(job = %job.id, error = %e.detail(), "mail not delivered");
        match e {
            MailError::Permanent(_) => JobError::Permanent(e.to_string()),
            MailError::Transient(_) => JobError::Retry(e.to_string()),
        }
    })?;
    let mut conn = rt.db.conn().await?;
    domain::event_histories::record_effect(&mut conn, &effect, &job.id, None).await?;
    Ok(())
}

async fn purge_tokens(rt: &Runtime) -> Result<(), JobError> {
    let mut conn = rt.db.conn().await?;
    let purged = domain::tokens::purge(&mut conn).await?;
    let uploads = domain::uploads::purge_expired(&mut conn).await?;
    tracing::info!(
        purged,
        uploads,
        "expired tokens and upload URL records purged"
    );
    Ok(())
}

async fn run_probe(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    let Probe { key, work_ms } = payload(job)?;
    if work_ms > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(work_ms)).await;
    }
    if key.is_empty() {
        return Ok(());
    }
    let mut conn = rt.db.conn().await?;
    let first =
        domain::event_histories::record_effect(&mut conn, &format!("probe:{key}"), &job.id, None)
            .await?;
    if !first {
        tracing::info!(job = %job.id, key, "probe effect already recorded; nothing done twice");
    }
    Ok(())
}
