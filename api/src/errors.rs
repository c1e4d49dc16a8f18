//! The one place where failures become contract codes. Resolvers return `ApiResult`; a
//! `DomainError` converts with `?`. `ApiError` deliberately has no `Display`, so it cannot slip
//! through async-graphql's catch-all conversion and lose its code.
use async_graphql::ErrorExtensions;
use connectors::tiktok::TiktokError;
use domain::DomainError;
use jobs::tiktok::ShopAccessError;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub code: &'static str,
    pub message: String,
    pub field: Option<String>,
    /// Every field a refusal is about (`extensions.fields`), when there are several: what a
    /// template or product misses for its marketplace.
    pub fields: Vec<domain::completeness::FieldProblem>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            field: None,
            fields: Vec::new(),
        }
    }
    pub fn unauthenticated(message: impl Into<String>) -> Self {
        Self::new("UNAUTHENTICATED", message)
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new("FORBIDDEN", message)
    }
    pub fn bad_input(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self {
            code: "BAD_USER_INPUT",
            message: format!("{field}: {message}"),
            field: Some(field.to_owned()),
            fields: Vec::new(),
        }
    }
    /// BAD_USER_INPUT naming every missing field; `field` is the first, so a form focuses it.
    pub fn incomplete(
        message: impl Into<String>,
        problems: Vec<domain::completeness::FieldProblem>,
    ) -> Self {
        Self {
            code: "BAD_USER_INPUT",
            message: message.into(),
            field: problems.iter().find_map(|p| p.field.clone()),
            fields: problems,
        }
    }
    pub fn not_found(what: &str) -> Self {
        Self::new("NOT_FOUND", format!("{what} not found"))
    }
    pub fn internal() -> Self {
        Self::new(
            "INTERNAL",
            "something went wrong on our side; it has been logged",
        )
    }
}

impl From<DomainError> for ApiError {
    fn from(err: DomainError) -> Self {
        match err {
            DomainError::BadInput { field, message } => ApiError::bad_input(&field, message),
            DomainError::NotFound(what) => ApiError::not_found(what),
            DomainError::Conflict(m) => ApiError::new("CONFLICT", m),
            DomainError::Forbidden(m) => ApiError::forbidden(m),
            DomainError::Unauthenticated(m) => ApiError::unauthenticated(m),
            DomainError::RateLimited => ApiError::new(
                "RATE_LIMITED",
                "too many attempts; wait a minute and try again",
            ),
            DomainError::PaymentRequired => ApiError::new("PAYMENT_REQUIRED", "PAYMENT_REQUIRED"),
            DomainError::Upstream(m) => ApiError::new("UPSTREAM_ERROR", m),
            DomainError::Database(e) if is_unavailable(&e) => {
                tracing::error!(error = %e, "database unavailable");
                ApiError::new("INTERNAL", "the database is unavailable; try again shortly")
            }
            DomainError::Database(e) => {
                tracing::error!(error = %e, "database error");
                ApiError::internal()
            }
            DomainError::Internal(m) => {
                tracing::error!(error = %m, "internal error");
                ApiError::internal()
            }
            // The value itself was logged where it was read.
            DomainError::UnknownValue { table, column } => {
                tracing::error!(table, column, "a stored value is not one this build knows");
                ApiError::internal()
            }
        }
    }
}

/// A database error met in a resolver (a commit, a query of its own) answers as the domain's
/// would: a unique constraint as CONFLICT, anything else INTERNAL with the detail in the log
/// only. Through `DomainError`, so both paths share one mapping.
impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        DomainError::from(err).into()
    }
}

/// A marketplace failure as the contract shows it: UPSTREAM_ERROR with the marketplace's own
/// words and, when it gave one, its error code (a seller quoting it to support, a test telling
/// a signature rejection from a throttle).
impl From<TiktokError> for ApiError {
    fn from(e: TiktokError) -> Self {
        match e {
            TiktokError::Config(m) => {
                tracing::error!(error = %m, "TikTok client misconfigured");
                ApiError::new(
                    "UPSTREAM_ERROR",
                    "TikTok Shop is not reachable with this server's settings",
                )
            }
            // The seller reads a fixed text, the log the cause.
            TiktokError::Protocol(ref m) => {
                tracing::warn!(error = %m, "TikTok Shop answer not understood");
                ApiError::new("UPSTREAM_ERROR", e.message())
            }
            TiktokError::RetryLater { .. } => ApiError::new("UPSTREAM_ERROR", e.message()),
            other => match other.code() {
                Some(code) => ApiError::new(
                    "UPSTREAM_ERROR",
                    format!("TikTok Shop ({code}): {}", other.message()),
                ),
                None => ApiError::new(
                    "UPSTREAM_ERROR",
                    format!("TikTok Shop: {}", other.message()),
                ),
            },
        }
    }
}

/// An Amazon failure while a request waits (connecting a shop): the marketplace's words, the
/// cause (never a URL or a token) to the log.
impl From<connectors::amazon::AmazonError> for ApiError {
    fn from(e: connectors::amazon::AmazonError) -> Self {
        if let Some(detail) = e.detail() {
            tracing::warn!(error = detail, "Amazon call failed");
        }
        ApiError::new("UPSTREAM_ERROR", format!("Amazon: {}", e.message()))
    }
}

/// A Walmart failure while a request waits (checking a key pair), as for Amazon.
impl From<connectors::walmart::WalmartError> for ApiError {
    fn from(e: connectors::walmart::WalmartError) -> Self {
        if let Some(detail) = e.detail() {
            tracing::warn!(error = detail, "Walmart call failed");
        }
        ApiError::new("UPSTREAM_ERROR", format!("Walmart: {}", e.message()))
    }
}

/// Opening a shop for a marketplace call: an unknown shop (or one of another client) is
/// NOT_FOUND, everything about the marketplace or the grant is UPSTREAM_ERROR.
impl From<ShopAccessError> for ApiError {
    fn from(e: ShopAccessError) -> Self {
        match e {
            ShopAccessError::NotFound => ApiError::not_found("shop"),
            ShopAccessError::Domain(d) => d.into(),
            ShopAccessError::Tiktok(t) => t.into(),
            ShopAccessError::Amazon(a) => a.into(),
            ShopAccessError::Walmart(w) => w.into(),
            other @ (ShopAccessError::NotConfigured
            | ShopAccessError::AmazonNotConfigured
            | ShopAccessError::WalmartNotConfigured
            | ShopAccessError::Disconnected) => ApiError::new("UPSTREAM_ERROR", other.to_string()),
        }
    }
}

/// A Telegram call that failed while a request waited (asking the bot's name): its text names
/// neither the token nor a URL.
impl From<connectors::telegram::TelegramError> for ApiError {
    fn from(e: connectors::telegram::TelegramError) -> Self {
        if let Some(detail) = e.detail() {
            tracing::warn!(error = detail, "Telegram call failed");
        }
        ApiError::new("UPSTREAM_ERROR", format!("Telegram: {e}"))
    }
}

/// A card payment failure: UPSTREAM_ERROR with a fixed text and, when Stripe gave one, its
/// error code; the cause goes to the log. Never the key, a URL or Stripe's free text.
impl From<connectors::stripe::StripeError> for ApiError {
    fn from(e: connectors::stripe::StripeError) -> Self {
        use connectors::stripe::StripeError;
        tracing::warn!(error = %e, "Stripe call failed");
        let message = match &e {
            StripeError::Refused {
                code: Some(code), ..
            } => {
                format!("the card payment could not be started (Stripe: {code})")
            }
            StripeError::Unavailable(_) => {
                "the card payment service is unavailable; try again shortly".to_owned()
            }
            _ => "the card payment could not be started".to_owned(),
        };
        ApiError::new("UPSTREAM_ERROR", message)
    }
}

/// A refused upload request names its input field.
impl From<crate::uploads::PresignError> for ApiError {
    fn from(e: crate::uploads::PresignError) -> Self {
        ApiError::bad_input(e.field(), e.to_string())
    }
}

impl From<crate::uploads::UploadError> for ApiError {
    fn from(e: crate::uploads::UploadError) -> Self {
        match e {
            crate::uploads::UploadError::Input(e) => e.into(),
            crate::uploads::UploadError::Storage(e) => e.into(),
        }
    }
}

/// The file storage failed: the kind to the log (its errors carry no address or key), a fixed
/// text to the user.
impl From<connectors::storage::FileError> for ApiError {
    fn from(e: connectors::storage::FileError) -> Self {
        tracing::error!(error = %e, "file storage error");
        if e.is_transient() {
            ApiError::new(
                "INTERNAL",
                "the file storage is unavailable; try again shortly",
            )
        } else {
            ApiError::internal()
        }
    }
}

/// A preview that could not be made: a design's file names its side's field, a blank photo
/// of the template names the template; the storage failing is the storage's error.
impl From<jobs::mockups::PreviewError> for ApiError {
    fn from(e: jobs::mockups::PreviewError) -> Self {
        use domain::mockups::DesignSide;
        match e {
            jobs::mockups::PreviewError::Input { side, message } => {
                let field = match side {
                    Some(DesignSide::Front) => "design.designFrontUrl",
                    Some(DesignSide::Back) => "design.designBackUrl",
                    Some(DesignSide::Sleeve) => "design.designSleeveUrl",
                    Some(DesignSide::Hood) => "design.designHoodUrl",
                    None => "templateId",
                };
                ApiError::bad_input(field, message)
            }
            jobs::mockups::PreviewError::Storage(e) => e.into(),
        }
    }
}

/// The database cannot be reached (as opposed to a query that is wrong): connection refused or
/// lost, pool exhausted, the server shutting down (SQLSTATE class 08, 57P01-03).
fn is_unavailable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|c| c.starts_with("08") || c.starts_with("57P")),
        _ => false,
    }
}

impl From<ApiError> for async_graphql::Error {
    fn from(err: ApiError) -> Self {
        async_graphql::Error::new(err.message).extend_with(|_, ext| {
            ext.set("code", err.code);
            if let Some(field) = &err.field {
                ext.set("field", field.as_str());
            }
            if !err.fields.is_empty() {
                let list: Vec<async_graphql::Value> = err
                    .fields
                    .iter()
                    .map(|p| {
                        let mut o = async_graphql::indexmap::IndexMap::new();
                        o.insert(
                            async_graphql::Name::new("field"),
                            p.field
                                .as_deref()
                                .map_or(async_graphql::Value::Null, |f| f.into()),
                        );
                        o.insert(
                            async_graphql::Name::new("message"),
                            p.message.as_str().into(),
                        );
                        async_graphql::Value::Object(o)
                    })
                    .collect();
                ext.set("fields", list);
            }
        })
    }
}
