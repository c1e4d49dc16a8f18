//! Job kinds: each a payload and a handler. Handlers are idempotent: delivery is at least
//! once, so each looks for its own earlier effect before acting.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use connectors::mail::{MailError, OutgoingMail};
use domain::event_histories::{EventHistory, NewJob};
use domain::mail::Mail;

use crate::pool::Runtime;
use crate::JobError;

pub const MAIL_SEND: &str = "mail.send";
pub const TOKENS_PURGE: &str = "tokens.purge";

/// Every kind this build runs; workers advertise them in their heartbeat.
pub const ALL: &[&str] = &[MAIL_SEND, TOKENS_PURGE];

/// Payload of `mail.send`: the finished message.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MailSend {
    pub mail: Mail,
}

pub fn mail_send(mail: Mail, client_id: Option<String>, max_attempts: i64) -> NewJob {
    NewJob {
        kind: MAIL_SEND.into(),
        payload: serde_json::to_value(MailSend { mail }).unwrap_or(Value::Null),
        client_id,
        batch_id: None,
        dedupe_key: None,
        max_attempts,
    }
}

pub async fn execute(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    match job.kind.as_str() {
        MAIL_SEND => send_mail(rt, job).await,
        TOKENS_PURGE => purge_tokens(rt).await,
        other => Err(JobError::Permanent(format!("no handler for job kind '{other}'"))),
    }
}

fn payload<T: for<'de> Deserialize<'de>>(job: &EventHistory) -> Result<T, JobError> {
    serde_json::from_value(job.payload.clone())
        .map_err(|e| JobError::Permanent(format!("the job's payload is not a valid {}: {e}", job.kind)))
}

async fn send_mail(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    let MailSend { mail } = payload(job)?;
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
    rt.mailer.send(&outgoing).await.map_err(|e| match e {
        MailError::Permanent(m) => JobError::Permanent(m),
        MailError::Transient(m) => JobError::Retry(m),
    })?;
    let mut conn = rt.db.conn().await?;
    domain::event_histories::record_effect(&mut conn, &effect, &job.id, None).await?;
    Ok(())
}

async fn purge_tokens(rt: &Runtime) -> Result<(), JobError> {
    let mut conn = rt.db.conn().await?;
    let purged = domain::tokens::purge(&mut conn).await?;
    tracing::info!(purged, "expired tokens purged");
    Ok(())
}
