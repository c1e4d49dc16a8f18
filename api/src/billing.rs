//! Plans, balances and the clients console: the use cases behind `graphql::billing`. Role rules
//! are on the fields; here, whose client an id may name (a seller's own, SUPER_ADMIN any).
use domain::billing::{self, ClientFilter, ClientLine, TransactionType};
use domain::paging::{Page, PageRequest};
use domain::plans::{self, Plan, PlanChanges};
use domain::{DomainError, Role, clients, ids};

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::AppState;

/// The longest note a top-up keeps.
const MAX_NOTE: usize = 500;
const MAX_CLIENT_NAME: usize = 100;

/// The client `client_id` names, as the caller may see it: a seller only its own (another
/// client's id is NOT_FOUND, never FORBIDDEN: its existence is not told), SUPER_ADMIN any.
fn visible_client<'a>(me: &Caller, client_id: &'a str) -> ApiResult<&'a str> {
    if me.role() == Role::SuperAdmin || me.scope.client_id == client_id {
        Ok(client_id)
    } else {
        Err(ApiError::not_found("client"))
    }
}

/// Money typed in dollars as cents: finite, positive, at most two decimals.
pub fn cents(field: &str, amount: f64) -> ApiResult<i64> {
    let scaled = amount * 100.0;
    if !scaled.is_finite() || scaled <= 0.0 {
        return Err(ApiError::bad_input(field, "must be more than 0"));
    }
    let rounded = scaled.round();
    if (scaled - rounded).abs() > 1e-6 {
        return Err(ApiError::bad_input(field, "at most two decimals (cents)"));
    }
    if rounded > billing::MAX_TOP_UP_CENTS as f64 {
        return Err(ApiError::bad_input(
            field,
            format!("at most {} at once", billing::MAX_TOP_UP_CENTS / 100),
        ));
    }
    Ok(rounded as i64)
}

pub async fn plans(app: &AppState) -> ApiResult<Vec<Plan>> {
    let mut conn = app.db.conn().await?;
    Ok(plans::all(&mut conn).await?)
}

pub async fn update_plan(app: &AppState, id: &str, changes: PlanChanges) -> ApiResult<Plan> {
    let mut tx = app.db.begin().await?;
    let plan = plans::update(&mut tx, id, changes).await?;
    tx.commit().await?;
    Ok(plan)
}

/// One client's subscription line; `None` for a client without one (the platform's).
pub async fn subscription(
    app: &AppState,
    me: &Caller,
    client_id: &str,
) -> ApiResult<Option<ClientLine>> {
    let client_id = visible_client(me, client_id)?;
    let mut conn = app.db.conn().await?;
    if !ids::looks_like_id(client_id) {
        return Err(ApiError::not_found("client"));
    }
    match billing::client_line(&mut conn, client_id).await {
        Ok(line) => Ok(Some(line)),
        Err(DomainError::NotFound(_)) => {
            // The client exists without a subscription (the platform's) or not at all.
            clients::by_id(&mut conn, client_id).await?;
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

pub async fn subscriptions(
    app: &AppState,
    filter: &ClientFilter,
    page: PageRequest,
) -> ApiResult<Page<ClientLine>> {
    let mut conn = app.db.conn().await?;
    Ok(billing::clients_page(&mut conn, filter, page).await?)
}

pub async fn transactions(
    app: &AppState,
    me: &Caller,
    client_id: &str,
    page: PageRequest,
) -> ApiResult<Page<billing::Transaction>> {
    let client_id = visible_client(me, client_id)?;
    if !ids::looks_like_id(client_id) {
        return Err(ApiError::not_found("client"));
    }
    let mut conn = app.db.conn().await?;
    clients::by_id(&mut conn, client_id).await?;
    Ok(billing::transactions(&mut conn, client_id, page).await?)
}

/// Puts the caller's client on a plan, paying from its balance (see `billing::subscribe`).
pub async fn subscribe(app: &AppState, me: &Caller, plan_id: &str) -> ApiResult<ClientLine> {
    let mut tx = app.db.begin().await?;
    let plan = plans::by_id(&mut tx, plan_id).await?;
    billing::subscribe(&mut tx, &me.scope.client_id, &plan).await?;
    let line = billing::client_line(&mut tx, &me.scope.client_id).await?;
    tx.commit().await?;
    Ok(line)
}

/// Credits a client's balance (a bank transfer, a goodwill credit): a TOP_UP that says who
/// credited it and why.
pub async fn add_balance(
    app: &AppState,
    me: &Caller,
    client_id: &str,
    amount: f64,
    note: Option<&str>,
) -> ApiResult<ClientLine> {
    let amount = cents("amount", amount)?;
    let note = note.map(str::trim).filter(|n| !n.is_empty());
    if note.is_some_and(|n| n.chars().count() > MAX_NOTE) {
        return Err(ApiError::bad_input(
            "note",
            format!("at most {MAX_NOTE} characters"),
        ));
    }
    if !ids::looks_like_id(client_id) {
        return Err(ApiError::not_found("client"));
    }
    let content = match note {
        Some(note) => format!("Credited by {}: {note}", me.user.email),
        None => format!("Credited by {}", me.user.email),
    };
    let mut tx = app.db.begin().await?;
    billing::credit(&mut tx, client_id, amount, TransactionType::TopUp, &content).await?;
    let line = billing::client_line(&mut tx, client_id).await?;
    tx.commit().await?;
    tracing::info!(client = client_id, cents = amount, by = %me.user.id, "balance credited");
    Ok(line)
}

/// Renames, activates or deactivates a client. Deactivation ends its users' sessions at once
/// (every request resolves its session against the client's state); the platform's own client
/// cannot be deactivated (FORBIDDEN): nobody could sign in to undo it.
pub async fn update_client(
    app: &AppState,
    id: &str,
    name: Option<&str>,
    is_active: Option<bool>,
) -> ApiResult<clients::Client> {
    if !ids::looks_like_id(id) {
        return Err(ApiError::not_found("client"));
    }
    let name = match name.map(str::trim) {
        Some(n) if n.is_empty() || n.chars().count() > MAX_CLIENT_NAME => {
            return Err(ApiError::bad_input(
                "name",
                format!("give 1 to {MAX_CLIENT_NAME} characters"),
            ));
        }
        other => other,
    };
    let mut tx = app.db.begin().await?;
    let client = clients::by_id(&mut tx, id).await?;
    if client.is_platform && is_active == Some(false) {
        return Err(ApiError::forbidden(
            "the platform's own client cannot be deactivated",
        ));
    }
    let client = clients::update(&mut tx, id, name, is_active).await?;
    tx.commit().await?;
    Ok(client)
}
