//! Card top-ups: a seller's ADMIN starts a checkout for an amount, the payment provider's
//! hosted page takes the card, and the provider's signed event credits the client's balance.
//!
//! The credit happens exactly once however often (and however concurrently) the event is
//! delivered: one database transaction opens with a conditional
//! `UPDATE payments SET status = 'PAID' … WHERE provider_id = $1 AND status <> 'PAID'`; only
//! the delivery whose update changed the row goes on to credit the balance and write the
//! TOP_UP transaction, in the same transaction. A second delivery waits on the first one's row
//! lock (PostgreSQL) or write lock (SQLite), then finds the row PAID and changes nothing.
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Conn, Db};
use crate::{DomainError, Result, Role, Scope, ids, stored, time};

/// The smallest top-up: less would mostly pay the card fee.
pub const MIN_TOP_UP_CENTS: i64 = 500;
/// The largest top-up by card; more goes by bank transfer.
pub const MAX_TOP_UP_CENTS: i64 = 1_000_000;
/// The currency balances are kept in.
pub const CURRENCY: &str = "usd";

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum PaymentStatus {
    /// Checkout started; nothing paid yet.
    Pending,
    /// Paid and credited (the row keeps the transaction's id).
    Paid,
    /// The checkout lapsed unpaid, or could not be started.
    Expired,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum PaymentProvider {
    Stripe,
}

impl PaymentProvider {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone)]
pub struct Payment {
    pub id: String,
    pub client_id: String,
    pub provider: PaymentProvider,
    /// The provider's checkout session id, once the session exists.
    pub provider_id: Option<String>,
    pub amount_cents: i64,
    pub currency: String,
    pub status: PaymentStatus,
    pub created_by: Option<String>,
    pub transaction_id: Option<String>,
    pub created_at: time::Timestamp,
    pub paid_at: Option<time::Timestamp>,
}

impl Payment {
    fn from_row(row: &AnyRow) -> Result<Payment> {
        let created_at: String = row.try_get("created_at")?;
        let paid_at: Option<String> = row.try_get("paid_at")?;
        Ok(Payment {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            provider: stored::column(row, "payments", "provider")?,
            provider_id: row.try_get("provider_id")?,
            amount_cents: row.try_get("amount_cents")?,
            currency: row.try_get("currency")?,
            status: stored::column(row, "payments", "status")?,
            created_by: row.try_get("created_by")?,
            transaction_id: row.try_get("transaction_id")?,
            created_at: time::from_db(&created_at),
            paid_at: paid_at.as_deref().map(time::from_db),
        })
    }
}

/// An amount typed in dollars as whole cents, within the bounds, or BAD_USER_INPUT on `amount`.
pub fn top_up_cents(amount: f64) -> Result<i64> {
    let bad = |m: String| DomainError::bad_input("amount", m);
    if !amount.is_finite() {
        return Err(bad("must be a number".into()));
    }
    let cents = (amount * 100.0).round();
    if (amount * 100.0 - cents).abs() > 1e-6 {
        return Err(bad("has at most two decimals (cents)".into()));
    }
    let cents = cents as i64;
    if !(MIN_TOP_UP_CENTS..=MAX_TOP_UP_CENTS).contains(&cents) {
        return Err(bad(format!(
            "must be between {} and {}",
            dollars(MIN_TOP_UP_CENTS),
            dollars(MAX_TOP_UP_CENTS)
        )));
    }
    Ok(cents)
}

fn dollars(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Records a checkout the caller is starting. Only a client's ADMIN tops its balance up by card;
/// the platform operator credits balances with addClientBalance.
pub async fn start(conn: &mut Conn, scope: &Scope, amount_cents: i64) -> Result<Payment> {
    if scope.role != Role::Admin {
        return Err(DomainError::Forbidden(
            "only an ADMIN of the client tops its balance up by card".into(),
        ));
    }
    let id = ids::new_id();
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO payments (id, client_id, provider, provider_id, amount_cents, currency, status, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, NULL, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&id)
    .bind(&scope.client_id)
    .bind(PaymentProvider::Stripe.as_str())
    .bind(amount_cents)
    .bind(CURRENCY)
    .bind(PaymentStatus::Pending.as_str())
    .bind(&scope.user_id)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    by_id(conn, &id)
        .await?
        .ok_or(DomainError::NotFound("payment"))
}

/// Remembers the provider's session of a started checkout.
pub async fn attach_session(conn: &mut Conn, payment_id: &str, session_id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE payments SET provider_id = $1, updated_at = $2 WHERE id = $3 AND provider_id IS NULL",
    )
    .bind(session_id)
    .bind(time::now_db())
    .bind(payment_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A checkout that could not be started: nothing can be paid on it.
pub async fn abandon(conn: &mut Conn, payment_id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE payments SET status = $1, updated_at = $2 WHERE id = $3 AND status = $4 AND provider_id IS NULL",
    )
    .bind(PaymentStatus::Expired.as_str())
    .bind(time::now_db())
    .bind(payment_id)
    .bind(PaymentStatus::Pending.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn by_id(conn: &mut Conn, id: &str) -> Result<Option<Payment>> {
    let row = sqlx::query("SELECT * FROM payments WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(Payment::from_row).transpose()
}

/// One of the caller's client's payments; another client's is NOT_FOUND.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<Payment> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("payment"));
    }
    let row = sqlx::query("SELECT * FROM payments WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref()
        .map(Payment::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("payment"))
}

/// What the provider says was paid, from a verified event or a read of the session.
#[derive(Debug, Clone)]
pub struct PaidSession {
    pub session_id: String,
    pub amount_cents: Option<i64>,
    pub currency: Option<String>,
    /// Our client's id, as the checkout was started with.
    pub client_reference_id: Option<String>,
}

/// What crediting a paid session did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credited {
    /// This call credited the balance.
    Now {
        payment_id: String,
        transaction_id: String,
    },
    /// An earlier delivery did; nothing changed.
    Already,
    /// No payment of ours has this session (another integration on the same account).
    Unknown,
    /// The session does not say what the payment was started for; nothing credited.
    Mismatch(String),
}

/// Credits the client's balance for a paid session, exactly once per payment.
pub async fn credit_paid_session(db: &Db, paid: &PaidSession) -> Result<Credited> {
    let mut tx = db.begin().await?;
    let row = sqlx::query("SELECT * FROM payments WHERE provider_id = $1")
        .bind(&paid.session_id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(payment) = row.as_ref().map(Payment::from_row).transpose()? else {
        return Ok(Credited::Unknown);
    };
    // The amount credited is the one we asked for; the event must agree with it, or something
    // is wrong enough for a person to look before money moves.
    if paid.amount_cents != Some(payment.amount_cents)
        || !paid
            .currency
            .as_deref()
            .is_some_and(|c| c.eq_ignore_ascii_case(&payment.currency))
        || paid.client_reference_id.as_deref() != Some(payment.client_id.as_str())
    {
        return Ok(Credited::Mismatch(format!(
            "payment {} is for {} {} of client {}; the session says {:?} {:?} of {:?}",
            payment.id,
            payment.amount_cents,
            payment.currency,
            payment.client_id,
            paid.amount_cents,
            paid.currency,
            paid.client_reference_id
        )));
    }
    let now = time::now_db();
    let gate = sqlx::query(
        "UPDATE payments SET status = $1, paid_at = $2, updated_at = $2 WHERE provider_id = $3 AND status <> $1",
    )
    .bind(PaymentStatus::Paid.as_str())
    .bind(&now)
    .bind(&paid.session_id)
    .execute(&mut *tx)
    .await?;
    if gate.rows_affected() == 0 {
        return Ok(Credited::Already);
    }
    let content = format!("Card top-up (Stripe checkout {})", paid.session_id);
    let transaction_id =
        credit_balance(&mut tx, &payment.client_id, payment.amount_cents, &content).await?;
    sqlx::query("UPDATE payments SET transaction_id = $1 WHERE id = $2")
        .bind(&transaction_id)
        .bind(&payment.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Credited::Now {
        payment_id: payment.id,
        transaction_id,
    })
}

/// Adds `amount_cents` to the client's balance and writes its TOP_UP transaction, on the
/// caller's database transaction. Answers the transaction's id.
// Kept apart so it can become the billing module's shared credit primitive.
async fn credit_balance(
    conn: &mut Conn,
    client_id: &str,
    amount_cents: i64,
    content: &str,
) -> Result<String> {
    let now = time::now_db();
    let updated = sqlx::query(
        "UPDATE client_subscriptions SET balance_cents = balance_cents + $1, updated_at = $2 WHERE client_id = $3",
    )
    .bind(amount_cents)
    .bind(&now)
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() != 1 {
        return Err(DomainError::Internal(format!(
            "client {client_id} has no subscription row to credit"
        )));
    }
    let id = ids::new_id();
    sqlx::query(
        "INSERT INTO transactions (id, client_id, amount_cents, content, type, created_at) VALUES ($1, $2, $3, $4, 'TOP_UP', $5)",
    )
    .bind(&id)
    .bind(client_id)
    .bind(amount_cents)
    .bind(content)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// The provider says a checkout lapsed unpaid. Answers whether a pending payment was closed.
pub async fn expire_session(conn: &mut Conn, session_id: &str) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE payments SET status = $1, updated_at = $2 WHERE provider_id = $3 AND status = $4",
    )
    .bind(PaymentStatus::Expired.as_str())
    .bind(time::now_db())
    .bind(session_id)
    .bind(PaymentStatus::Pending.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_whole_cents_within_bounds() {
        assert_eq!(top_up_cents(25.0).ok(), Some(2500));
        assert_eq!(top_up_cents(19.99).ok(), Some(1999));
        assert_eq!(top_up_cents(5.0).ok(), Some(500));
        assert_eq!(top_up_cents(10_000.0).ok(), Some(1_000_000));
        for bad in [4.99, 0.0, -10.0, 10_000.01, 12.345, f64::NAN, f64::INFINITY] {
            match top_up_cents(bad) {
                Err(DomainError::BadInput { field, .. }) => assert_eq!(field, "amount"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn stored_values_round_trip() {
        crate::stored::assert_round_trip::<PaymentStatus>();
        crate::stored::assert_round_trip::<PaymentProvider>();
    }
}
