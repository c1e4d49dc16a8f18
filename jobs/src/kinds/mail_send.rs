//! `mail.send`: delivers one finished message, once.
//!
//! Errors: a message the server refuses fails; an unreachable server retries; a body that
//! cannot be opened (another SECRETS_KEY) fails.
use connectors::mail::OutgoingMail;
use domain::event_histories::{self, EventHistory};
use domain::mail::Mail;
use domain::secrets::Secrets;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::JobKind;
use crate::JobError;
use crate::context::JobContext;

/// The finished message, its body sealed with the secrets key. A body carries single-use links
/// (password reset, verification) that nobody but the recipient may use, and the payload is a
/// row of `event_histories` that operators, backups and anyone with read access to the
/// database see; the envelope stays readable for the monitors.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MailSend {
    pub mail: SealedMail,
    /// At most one mail under this key is ever queued (a notice sent once an hour).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dedupe: Option<String>,
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

impl MailSend {
    /// The job of a message: the one way every mail is queued, so none is stored with its body
    /// readable. The job carries the finished message, so a retry sends exactly what the first
    /// attempt would have.
    pub fn new(secrets: &Secrets, mail: Mail) -> MailSend {
        let body = serde_json::to_string(&MailBody {
            text: mail.text,
            html: mail.html,
        })
        .unwrap_or_default();
        MailSend {
            mail: SealedMail {
                to: mail.to,
                subject: mail.subject,
                sealed: secrets.seal(&body),
            },
            dedupe: None,
        }
    }

    /// The same mail, queued at most once under `key`.
    pub fn once_per(self, key: String) -> MailSend {
        MailSend {
            dedupe: Some(key),
            ..self
        }
    }

    /// The message, its body opened.
    fn open(self, secrets: &Secrets) -> Result<Mail, JobError> {
        let SealedMail {
            to,
            subject,
            sealed,
        } = self.mail;
        // The detail (another key, tampering) goes to the log; the stored error says what to do.
        let body = secrets.open(&sealed).map_err(|e| {
            tracing::error!(error = %e, "a queued mail's body cannot be opened");
            JobError::Permanent(
                "the mail's body cannot be read with this server's SECRETS_KEY".into(),
            )
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
}

impl JobKind for MailSend {
    const NAME: &'static str = "mail.send";

    fn dedupe_key(&self) -> Option<String> {
        self.dedupe.clone()
    }

    fn redact(payload: &Value) -> Value {
        serde_json::json!({
            "mail": {
                "to": payload["mail"]["to"],
                "subject": payload["mail"]["subject"],
                "body": "(hidden: it holds single-use links)",
            }
        })
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let mail = self.open(&ctx.secrets)?;
        // The message id is the job's: a file transport writes it once, an SMTP receiver can
        // recognise a repeat, and the effect row stops a resend after a successful one.
        let effect = format!("mail:{}", job.id);
        let mut conn = ctx.db.conn().await?;
        if event_histories::effect_exists(&mut conn, &effect).await? {
            return Ok(());
        }
        drop(conn);
        let outgoing = OutgoingMail {
            message_id: format!("{}@sellerdesk", job.id),
            from: ctx.config.mail_from.clone(),
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
        };
        ctx.mailer.send(&outgoing).await?;
        let mut conn = ctx.db.conn().await?;
        event_histories::record_effect(&mut conn, &effect, &job.id, None).await?;
        Ok(())
    }
}
