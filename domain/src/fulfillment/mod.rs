//! Fulfilment: a client's accounts at print-on-demand providers, the orders sent to them, the
//! mapping of the seller's SKUs to the providers' variants, and what reconciliation finds.
//!
//! Credentials are kept sealed (`Secrets`); this module stores and reads the sealed text and
//! never returns it to a caller that answers a user.
pub mod drifts;
pub mod mappings;
pub mod orders;

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Conn, Sql};
use crate::{DomainError, Result, Scope, ids, stored, time};

/// The providers, as the contract names them.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ProviderType {
    Gearment,
    #[strum(serialize = "HMFULFILL")]
    HmFulfill,
    Lenful,
    MangoTee,
    Merchize,
    Printify,
}

impl ProviderType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// What a provider needs besides its key, checked before any call.
    pub fn requires(self) -> Requirements {
        match self {
            ProviderType::Printify => Requirements {
                secret: false,
                shop_id: true,
                base_url: false,
            },
            ProviderType::Gearment => Requirements {
                secret: true,
                shop_id: false,
                base_url: false,
            },
            ProviderType::Lenful => Requirements {
                secret: true,
                shop_id: true,
                base_url: false,
            },
            ProviderType::Merchize => Requirements {
                secret: false,
                shop_id: false,
                base_url: true,
            },
            ProviderType::HmFulfill | ProviderType::MangoTee => Requirements {
                secret: false,
                shop_id: false,
                base_url: false,
            },
        }
    }

    /// Where a seller reads it.
    pub fn display_name(self) -> &'static str {
        match self {
            ProviderType::Gearment => "Gearment",
            ProviderType::HmFulfill => "HMFulfill",
            ProviderType::Lenful => "Lenful",
            ProviderType::MangoTee => "MangoTee",
            ProviderType::Merchize => "Merchize",
            ProviderType::Printify => "Printify",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requirements {
    pub secret: bool,
    pub shop_id: bool,
    pub base_url: bool,
}

/// An account as users see it: never its credentials.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderAccount {
    pub id: String,
    pub client_id: String,
    pub provider: ProviderType,
    pub name: Option<String>,
    pub shop_id: Option<String>,
    pub created_at: String,
}

impl ProviderAccount {
    fn from_row(row: &AnyRow) -> Result<ProviderAccount> {
        Ok(ProviderAccount {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            provider: stored::column(row, "fulfillment_providers", "provider")?,
            name: row.try_get("name")?,
            shop_id: row.try_get("provider_shop_id")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

/// The sealed credentials of an account, for the jobs and use cases that call the provider.
#[derive(Clone)]
pub struct SealedCredentials {
    pub account: ProviderAccount,
    pub api_key: String,
    pub api_secret: Option<String>,
    pub base_url: Option<String>,
    pub webhook_secret: Option<String>,
}

impl std::fmt::Debug for SealedCredentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SealedCredentials")
            .field("account", &self.account.id)
            .finish_non_exhaustive()
    }
}

/// A new account, its credentials already sealed by the caller.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub provider: ProviderType,
    pub name: Option<String>,
    pub shop_id: Option<String>,
    pub base_url: Option<String>,
    pub api_key_sealed: String,
    pub api_secret_sealed: Option<String>,
    pub webhook_secret_sealed: String,
}

const ACCOUNT_COLUMNS: &str = "SELECT id, client_id, provider, name, provider_shop_id, created_at, api_key_encrypted, \
     api_secret_encrypted, base_url, webhook_secret_encrypted FROM fulfillment_providers WHERE deleted_at IS NULL AND ";

/// The client's accounts, oldest first.
pub async fn accounts(conn: &mut Conn, client_id: &str) -> Result<Vec<ProviderAccount>> {
    let mut sql = Sql::new(ACCOUNT_COLUMNS);
    sql.push("client_id = ")
        .bind(client_id)
        .push(" ORDER BY created_at, id");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter().map(ProviderAccount::from_row).collect()
}

/// One account of the client; another client's answers NOT_FOUND.
pub async fn account(conn: &mut Conn, client_id: &str, id: &str) -> Result<ProviderAccount> {
    Ok(credentials(conn, client_id, id).await?.account)
}

/// One account with its sealed credentials.
pub async fn credentials(conn: &mut Conn, client_id: &str, id: &str) -> Result<SealedCredentials> {
    let mut sql = Sql::new(ACCOUNT_COLUMNS);
    sql.push("id = ")
        .bind(id)
        .push(" AND client_id = ")
        .bind(client_id);
    let row = sql
        .query()
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(DomainError::NotFound("fulfillment provider"))?;
    sealed_of(&row)
}

/// An account by id alone, for webhooks (the address names the account; the signature proves
/// the sender).
pub async fn credentials_by_id(conn: &mut Conn, id: &str) -> Result<Option<SealedCredentials>> {
    let mut sql = Sql::new(ACCOUNT_COLUMNS);
    sql.push("id = ").bind(id);
    let row = sql.query().fetch_optional(&mut *conn).await?;
    row.as_ref().map(sealed_of).transpose()
}

/// Every account of every client, for the nightly reconciliation.
pub async fn all_accounts(conn: &mut Conn) -> Result<Vec<ProviderAccount>> {
    let mut sql = Sql::new(ACCOUNT_COLUMNS);
    sql.push("1 = 1 ORDER BY created_at, id");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter().map(ProviderAccount::from_row).collect()
}

fn sealed_of(row: &AnyRow) -> Result<SealedCredentials> {
    Ok(SealedCredentials {
        account: ProviderAccount::from_row(row)?,
        api_key: row.try_get("api_key_encrypted")?,
        api_secret: row.try_get("api_secret_encrypted")?,
        base_url: row.try_get("base_url")?,
        webhook_secret: row.try_get("webhook_secret_encrypted")?,
    })
}

/// Stores a new account (the caller checked the credentials with the provider).
pub async fn create_account(
    conn: &mut Conn,
    scope: &Scope,
    new: &NewAccount,
) -> Result<ProviderAccount> {
    let id = ids::new_id();
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO fulfillment_providers (id, client_id, provider, name, api_key_encrypted, api_secret_encrypted,
            provider_shop_id, base_url, webhook_secret_encrypted, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
    )
    .bind(&id)
    .bind(&scope.client_id)
    .bind(new.provider.as_str())
    .bind(&new.name)
    .bind(&new.api_key_sealed)
    .bind(&new.api_secret_sealed)
    .bind(&new.shop_id)
    .bind(&new.base_url)
    .bind(&new.webhook_secret_sealed)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    account(conn, &scope.client_id, &id).await
}

/// Removes an account, refused while any of its orders is still open (not delivered or
/// cancelled): those still need tracking from it. Its history stays (soft delete).
pub async fn remove_account(conn: &mut Conn, scope: &Scope, id: &str) -> Result<()> {
    account(conn, &scope.client_id, id).await?;
    let open: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM fulfillment_orders WHERE provider_id = $1 AND client_id = $2
            AND status IN ('CREATED', 'IN_TRANSIT') AND submission <> 'FAILED'",
    )
    .bind(id)
    .bind(&scope.client_id)
    .fetch_one(&mut *conn)
    .await?;
    if open > 0 {
        return Err(DomainError::Conflict(format!(
            "this provider still has {open} open fulfilment order(s); cancel them or wait until they are delivered"
        )));
    }
    sqlx::query(
        "UPDATE fulfillment_providers SET deleted_at = $1, updated_at = $1 WHERE id = $2 AND client_id = $3",
    )
    .bind(time::now_db())
    .bind(id)
    .bind(&scope.client_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
