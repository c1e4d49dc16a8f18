//! Outgoing mail: RFC 5322 `.eml` files in a folder (embedded mode) or SMTP.
use std::path::PathBuf;

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use thiserror::Error;

#[derive(Debug, Clone)]
pub struct OutgoingMail {
    /// Stable per job, so a message sent twice can be recognised as one.
    pub message_id: String,
    pub from: String,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Why a mail was not delivered. The text shown (and stored as a job's error) is fixed; the
/// mail server's own words, which may quote addresses or its configuration, are in
/// [`MailError::detail`], for the log.
#[derive(Debug, Error)]
pub enum MailError {
    /// The address or message can never be delivered: retrying will not help.
    #[error("the mail server refused the message")]
    Permanent(String),
    /// The server is down or said "try later".
    #[error("the mail server could not be reached or asked to try later")]
    Transient(String),
}

impl MailError {
    /// The cause, for the log: URLs (which may hold SMTP credentials) removed.
    pub fn detail(&self) -> String {
        match self {
            MailError::Permanent(d) | MailError::Transient(d) => crate::redact_urls(d),
        }
    }
}

#[derive(Clone)]
pub enum Mailer {
    Files { dir: PathBuf },
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mailer::Files { dir } => write!(f, "files in {}", dir.display()),
            Mailer::Smtp(_) => write!(f, "smtp"),
        }
    }
}

impl Mailer {
    /// `smtp_url` set: SMTP (smtp://, smtps://, ?tls=required as lettre reads them); else files.
    pub fn new(smtp_url: Option<&str>, dir: PathBuf) -> Result<Mailer, MailError> {
        match smtp_url {
            Some(url) => AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                .map(|b| Mailer::Smtp(b.timeout(Some(std::time::Duration::from_secs(20))).build()))
                .map_err(|e| MailError::Permanent(format!("SMTP_URL is not usable: {e}"))),
            None => Ok(Mailer::Files { dir }),
        }
    }

    fn build(mail: &OutgoingMail) -> Result<Message, MailError> {
        let from: Mailbox = mail
            .from
            .parse()
            .map_err(|e| MailError::Permanent(format!("bad sender: {e}")))?;
        let to: Mailbox = mail
            .to
            .parse()
            .map_err(|e| MailError::Permanent(format!("bad recipient: {e}")))?;
        Message::builder()
            .from(from)
            .to(to)
            .subject(mail.subject.clone())
            .message_id(Some(format!("<{}>", mail.message_id)))
            .multipart(MultiPart::alternative_plain_html(
                mail.text.clone(),
                mail.html.clone(),
            ))
            .map_err(|e| MailError::Permanent(format!("cannot build the message: {e}")))
    }

    /// Delivers one message. In file mode the file is named after the message id and written
    /// once: a second delivery of the same message is a no-op.
    pub async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = Self::build(mail)?;
        match self {
            Mailer::Files { dir } => {
                let name = safe_file_name(
                    mail.message_id
                        .split('@')
                        .next()
                        .unwrap_or(&mail.message_id),
                );
                let path = dir.join(format!("{name}.eml"));
                if tokio::fs::try_exists(&path).await.unwrap_or(false) {
                    return Ok(());
                }
                tokio::fs::create_dir_all(dir)
                    .await
                    .map_err(|e| MailError::Transient(e.to_string()))?;
                // Write then rename, so a reader never sees half a message.
                let tmp = dir.join(format!(".{name}.tmp"));
                tokio::fs::write(&tmp, message.formatted())
                    .await
                    .map_err(|e| MailError::Transient(e.to_string()))?;
                tokio::fs::rename(&tmp, &path)
                    .await
                    .map_err(|e| MailError::Transient(e.to_string()))?;
                Ok(())
            }
            Mailer::Smtp(transport) => match transport.send(message).await {
                Ok(_) => Ok(()),
                Err(e) if e.is_permanent() => Err(MailError::Permanent(e.to_string())),
                Err(e) => Err(MailError::Transient(e.to_string())),
            },
        }
    }
}

fn safe_file_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
