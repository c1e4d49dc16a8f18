use thiserror::Error;

pub type Result<T, E = DomainError> = std::result::Result<T, E>;

/// What can go wrong in the domain. The API maps each variant to a contract code in one place.
#[derive(Debug, Error)]
pub enum DomainError {
    #[error("{field}: {message}")]
    BadInput { field: String, message: String },
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    Unauthenticated(String),
    #[error("too many attempts, retry later")]
    RateLimited,
    #[error("PAYMENT_REQUIRED")]
    PaymentRequired,
    #[error("{0}")]
    Upstream(String),
    #[error("database: {0}")]
    Database(sqlx::Error),
    #[error("{0}")]
    Internal(String),
    /// A stored enumeration holds a value this build does not know; the value itself was
    /// logged where it was read (`stored::decode`), so this text can go anywhere.
    #[error("{table}.{column} holds a value this build does not know")]
    UnknownValue {
        table: &'static str,
        column: &'static str,
    },
}

impl DomainError {
    pub fn bad_input(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::BadInput {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Unique-constraint names the API answers as CONFLICT, with the message a user reads.
const CONFLICTS: &[(&str, &str)] = &[
    ("clients_key_unique", "this client key is already taken"),
    (
        "users_email_unique",
        "a user with this email already exists",
    ),
    ("user_settings_unique", "this setting already exists"),
    (
        "brands_name_unique",
        "a brand with this name already exists",
    ),
    (
        "product_variants_sku_unique",
        "another variant of this product has this SKU",
    ),
    (
        "promotion_plans_title_unique",
        "a promotion plan with this title already exists",
    ),
];

impl From<sqlx::Error> for DomainError {
    fn from(err: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &err
            && db.is_unique_violation()
        {
            let text = db
                .constraint()
                .map(str::to_owned)
                .unwrap_or_else(|| db.message().to_owned());
            // SQLite names the columns rather than the constraint: match on either.
            if let Some((_, msg)) = CONFLICTS.iter().find(|(name, _)| text.contains(name)) {
                return Self::Conflict((*msg).to_owned());
            }
            if let Some(msg) = sqlite_unique_message(db.message()) {
                return Self::Conflict(msg.to_owned());
            }
            return Self::Conflict("this record already exists".to_owned());
        }
        Self::Database(err)
    }
}

fn sqlite_unique_message(message: &str) -> Option<&'static str> {
    // "UNIQUE constraint failed: clients.key"
    let columns = message.strip_prefix("UNIQUE constraint failed: ")?;
    match columns {
        "clients.key" => Some("this client key is already taken"),
        "users.email" => Some("a user with this email already exists"),
        "brands.client_id, brands.name" => Some("a brand with this name already exists"),
        "product_variants.product_id, product_variants.sku" => {
            Some("another variant of this product has this SKU")
        }
        "promotion_plans.client_id, promotion_plans.title" => {
            Some("a promotion plan with this title already exists")
        }
        _ => None,
    }
}
