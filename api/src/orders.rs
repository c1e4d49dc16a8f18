//! The order desk's use cases, callable without HTTP: what sellers read of their orders and the
//! moves they make, the chart per day, exports and their download. GraphQL resolvers
//! (`graphql/orders.rs`) only convert types and call these.
//!
//! Every read is tenant-scoped through the caller's `Scope` (STAFF: their assigned shops), and
//! every filter is resolved once (`desk::Filter::resolve`: local days in the user's zone) so a
//! list, its summary, its chart and its export count the same orders.
use axum::body::Body;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing;
use axum::{Json, Router};
use connectors::storage::FileError;
use futures::StreamExt as _;
use serde_json::json;

use domain::db::LazyConn;
use domain::event_histories::{self, Visibility};
use domain::orders::OrderStatus;
use domain::orders::desk::{self, DayStat, NeedAction, Order, OrderEvent, SoldProduct, Summary};
use domain::orders::export::{self, ExportStatus, OrderExport};
use domain::orders::matches::{self, OrderMatches};
use domain::paging::{Page, PageRequest};
use domain::{Conn, ids, time};
use jobs::kinds::OrderExport as OrderExportJob;
use jobs::{EnqueueOptions, JobKind as _};

use crate::auth::{Caller, Session};
use crate::errors::{ApiError, ApiResult};
use crate::graphql::AppState;

/// Where a finished export is downloaded (GET, with the caller's bearer token).
pub const DOWNLOAD_PREFIX: &str = "/exports/orders/";

/// Most products getSoldProducts answers.
const MAX_SOLD: i64 = 100;
/// Products getSoldProducts answers when the filter names no limit.
const DEFAULT_SOLD: i64 = 10;

/// A filter with its page, as the desk takes it.
#[derive(Debug, Clone, Default)]
pub struct FilterInput {
    pub filter: desk::Filter,
    pub limit: Option<i32>,
    pub page: Option<i32>,
}

async fn resolve(
    conn: &mut LazyConn<'_>,
    me: &Caller,
    input: &FilterInput,
) -> ApiResult<desk::OrderQuery> {
    Ok(input
        .filter
        .clone()
        .resolve(conn, &me.scope, time::now(), me.saved_timezone())
        .await?)
}

/// A page of the caller's orders, with their items.
pub async fn list(app: &AppState, me: &Caller, input: FilterInput) -> ApiResult<Page<Order>> {
    let request = PageRequest::parse(input.limit, input.page)?;
    let mut lazy = app.db.lazy_conn();
    let query = resolve(&mut lazy, me, &input).await?;
    // A filter read lately is answered from the ids it matched, while the client's orders have
    // not changed since (`domain::orders::matches`). The version is read beside the page sliced
    // from the kept ids, on three connections at once; the page is kept only if the version
    // says the ids still stand.
    let kept = match OrderMatches::key(&me.scope, &query) {
        Some(key) => {
            let version = match app.order_matches.latest(&key) {
                Some(answer) => {
                    // A page read under this answer's version is kept with it: while the
                    // version stands, nothing it shows has changed.
                    // The version read with the session will do: the page is then answered
                    // with no statement of its own.
                    if let Some(page) = answer.kept_page(request.offset(), request.limit) {
                        let version = match me.order_version {
                            Some(read) => app.order_matches.noted(&me.scope.client_id, read),
                            None => {
                                app.order_matches
                                    .version(lazy.get().await?, &me.scope.client_id)
                                    .await?
                            }
                        };
                        if answer.is_of(version) {
                            metrics::counter!("sellerdesk_order_desk_pages_total", "answer" => "kept_page")
                                .increment(1);
                            return Ok(Page {
                                items: page.as_ref().clone(),
                                total: i64::try_from(answer.ids.len()).unwrap_or(i64::MAX),
                                request,
                            });
                        }
                    }
                    let ids = answer.page(request.offset(), request.limit);
                    let conn = lazy.get().await?;
                    let (mut second, mut third) = (app.db.conn().await?, app.db.conn().await?);
                    let (version, mut orders, items) = tokio::try_join!(
                        app.order_matches.version(conn, &me.scope.client_id),
                        desk::orders_by_id(&mut second, &me.scope, ids),
                        desk::items_of(&mut third, &me.scope.client_id, ids),
                    )?;
                    if answer.is_of(version) {
                        desk::attach(&mut orders, items);
                        answer.keep_page(request.offset(), request.limit, &orders);
                        metrics::counter!("sellerdesk_order_desk_pages_total", "answer" => "kept")
                            .increment(1);
                        return Ok(Page {
                            items: orders,
                            total: i64::try_from(answer.ids.len()).unwrap_or(i64::MAX),
                            request,
                        });
                    }
                    version
                }
                None => {
                    app.order_matches
                        .version(lazy.get().await?, &me.scope.client_id)
                        .await?
                }
            };
            Some((key, version))
        }
        None => None,
    };
    // The count and the page read the same rows: on two connections they run side by side
    // (SQLite's WAL lets readers share the file), which halves the desk's wait.
    let conn = lazy.get().await?;
    let mut second = app.db.conn().await?;
    let (total, items) = tokio::try_join!(
        desk::count(conn, &me.scope, &query),
        desk::rows(
            &mut second,
            &me.scope,
            &query,
            request.offset(),
            request.limit
        ),
    )?;
    metrics::counter!("sellerdesk_order_desk_pages_total", "answer" => "counted").increment(1);
    if let Some((key, version)) = kept
        && usize::try_from(total).is_ok_and(|n| n <= matches::MAX_IDS)
    {
        app.order_matches
            .load_in_background(key, &me.scope, &query, version);
    }
    Ok(Page {
        items,
        total,
        request,
    })
}

/// One order; another client's (or, for STAFF, another shop's) is NOT_FOUND.
pub async fn get(app: &AppState, me: &Caller, order_id: &str) -> ApiResult<Order> {
    let mut conn = app.db.conn().await?;
    Ok(desk::get(&mut conn, &me.scope, order_id).await?)
}

/// The order's status changes, oldest first.
pub async fn timeline(app: &AppState, me: &Caller, order_id: &str) -> ApiResult<Vec<OrderEvent>> {
    let mut conn = app.db.conn().await?;
    Ok(desk::timeline(&mut conn, &me.scope, order_id).await?)
}

/// A manual move: legal moves only (CONFLICT names the allowed ones), with its timeline row.
pub async fn update_status(
    app: &AppState,
    me: &Caller,
    order_id: &str,
    status: OrderStatus,
) -> ApiResult<Order> {
    let mut tx = app.db.begin().await?;
    let order = desk::update_status(&mut tx, &me.scope, order_id, status).await?;
    tx.commit().await?;
    Ok(order)
}

pub async fn summary(app: &AppState, me: &Caller, input: FilterInput) -> ApiResult<Summary> {
    let mut conn = app.db.lazy_conn();
    let query = resolve(&mut conn, me, &input).await?;
    // A filter's figures read lately are kept while the client's orders stand still, as its
    // desk pages are: the dashboard and the desk ask for the same ones again and again.
    let kept = OrderMatches::key(&me.scope, &query)
        .zip(me.order_version)
        .map(|(key, read)| (key, app.order_matches.noted(&me.scope.client_id, read)));
    if let Some((key, version)) = &kept
        && let Some(summary) = app.order_matches.kept_summary(key, *version)
    {
        metrics::counter!("sellerdesk_order_desk_summaries_total", "answer" => "kept").increment(1);
        return Ok(summary);
    }
    let summary = desk::summary(conn.get().await?, &me.scope, &query).await?;
    metrics::counter!("sellerdesk_order_desk_summaries_total", "answer" => "counted").increment(1);
    if let Some((key, version)) = kept {
        app.order_matches.keep_summary(key, version, summary);
    }
    Ok(summary)
}

pub async fn need_action(app: &AppState, me: &Caller, input: FilterInput) -> ApiResult<NeedAction> {
    let mut conn = app.db.lazy_conn();
    let query = resolve(&mut conn, me, &input).await?;
    Ok(desk::need_action(conn.get().await?, &me.scope, &query).await?)
}

pub async fn status_counts(
    app: &AppState,
    me: &Caller,
    input: FilterInput,
) -> ApiResult<Vec<(OrderStatus, i64)>> {
    let mut conn = app.db.lazy_conn();
    let query = resolve(&mut conn, me, &input).await?;
    Ok(desk::status_counts(conn.get().await?, &me.scope, &query).await?)
}

/// The products sold most by units; the filter's `limit` is how many (default 10, at most 100).
pub async fn sold_products(
    app: &AppState,
    me: &Caller,
    input: FilterInput,
) -> ApiResult<Vec<SoldProduct>> {
    let limit = i64::from(input.limit.unwrap_or(DEFAULT_SOLD as i32));
    if !(1..=MAX_SOLD).contains(&limit) {
        return Err(ApiError::bad_input(
            "limit",
            format!("must be between 1 and {MAX_SOLD}"),
        ));
    }
    let mut conn = app.db.lazy_conn();
    let query = resolve(&mut conn, me, &input).await?;
    Ok(desk::sold_products(conn.get().await?, &me.scope, &query, limit).await?)
}

/// Orders and money per day in the user's zone, for the dashboard's chart.
pub async fn day_stats(app: &AppState, me: &Caller, input: FilterInput) -> ApiResult<Vec<DayStat>> {
    let mut conn = app.db.lazy_conn();
    let query = resolve(&mut conn, me, &input).await?;
    Ok(desk::day_stats(conn.get().await?, &me.scope, &query).await?)
}

/// An export as the caller sees it: its row, where it is (its own status, or its job's while it
/// is not done) and, once written, where to download it.
#[derive(Debug, Clone)]
pub struct ExportView {
    pub export: OrderExport,
    pub status: ExportStatus,
    /// Why it failed, as the job stored it (a seller's text).
    pub error: Option<String>,
    /// The download's path on this server, once the file is written.
    pub download_path: Option<String>,
}

async fn view(conn: &mut Conn, me: &Caller, export: OrderExport) -> ApiResult<ExportView> {
    let mut status = export.status;
    let mut error = None;
    if status != ExportStatus::Success
        && let Some(batch_id) = &export.batch_id
    {
        let batch =
            event_histories::batch(conn, &Visibility::Scoped(me.scope.clone()), batch_id).await?;
        if batch.counts.failed > 0 {
            status = ExportStatus::Failed;
            error = event_histories::batch_failures(conn, batch_id, 1)
                .await?
                .into_iter()
                .next()
                .and_then(|j| j.error);
        } else if batch.counts.processing > 0 {
            status = ExportStatus::Processing;
        }
    }
    let download_path =
        (status == ExportStatus::Success).then(|| format!("{DOWNLOAD_PREFIX}{}", export.id));
    Ok(ExportView {
        export,
        status,
        error,
        download_path,
    })
}

/// Queues an `order.export` job for the filtered list (the page left aside) and records the
/// export; the same transaction, so there is never one without the other.
pub async fn export(app: &AppState, me: &Caller, input: FilterInput) -> ApiResult<ExportView> {
    // Resolved before the write transaction: on SQLite it holds the one writer.
    let query = resolve(&mut app.db.lazy_conn(), me, &input).await?;
    let mut tx = app.db.begin().await?;
    let id = ids::new_id();
    let job = OrderExportJob {
        export_id: id.clone(),
        label: "Orders export".into(),
    };
    let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
    let (batch_id, pending) =
        OrderExportJob::enqueue_batch(&mut tx, std::slice::from_ref(&job), &options).await?;
    export::create(&mut tx, &me.scope, &id, &batch_id, &query).await?;
    tx.commit().await?;
    app.dispatch(pending).await;
    let mut conn = app.db.conn().await?;
    let found = export::get(&mut conn, &me.scope, &id).await?;
    view(&mut conn, me, found).await
}

/// An export of the caller's (or, for an admin, of the client's); anything else NOT_FOUND.
pub async fn export_status(app: &AppState, me: &Caller, id: &str) -> ApiResult<ExportView> {
    let mut conn = app.db.conn().await?;
    let found = export::get(&mut conn, &me.scope, id).await?;
    view(&mut conn, me, found).await
}

/// The download route: `GET /exports/orders/{id}` with the bearer token of a user who may see
/// the export. Another client's export, or one not written yet, is 404.
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    Router::new().route("/exports/orders/{id}", routing::get(download))
}

fn refuse(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": message }))).into_response()
}

async fn download(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let session = match Session::resolve(&app.db, &app.jwt, bearer).await {
        Ok(s) => s,
        Err(e) => return refuse(StatusCode::SERVICE_UNAVAILABLE, &e.message),
    };
    let me = match session.caller() {
        Ok(me) => me,
        Err(e) => return refuse(StatusCode::UNAUTHORIZED, &e.message),
    };
    let found = match app.db.conn().await {
        Ok(mut conn) => export::get(&mut conn, &me.scope, &id).await,
        Err(e) => Err(e),
    };
    let found = match found {
        Ok(found) => found,
        Err(domain::DomainError::NotFound(_)) => {
            return refuse(StatusCode::NOT_FOUND, "no such export");
        }
        Err(e) => {
            let e = ApiError::from(e);
            return refuse(StatusCode::INTERNAL_SERVER_ERROR, &e.message);
        }
    };
    let Some(name) = found
        .file_name
        .as_deref()
        .filter(|_| found.status == ExportStatus::Success)
    else {
        return refuse(StatusCode::NOT_FOUND, "the export is not written yet");
    };
    let file = match jobs::kinds::export_key(&found.client_id, name) {
        Ok(key) => app.files.stream(&key).await,
        Err(e) => Err(e),
    };
    let file = match file {
        Ok(file) => file,
        Err(FileError::NotFound(_)) => {
            tracing::error!(export = %found.id, "an export's file is missing");
            return refuse(
                StatusCode::NOT_FOUND,
                "the export's file is gone; export again",
            );
        }
        Err(e) => {
            tracing::error!(export = %found.id, error = %e, "an export's file could not be read");
            return refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                "the file storage is unavailable; try again shortly",
            );
        }
    };
    let mut response =
        Body::from_stream(file.chunks.map(|c| c.map(axum::body::Bytes::from))).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(file.size));
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!(
        "attachment; filename=\"{}\"",
        found.download_name()
    )) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    // Orders carry buyers' names and addresses: never kept by a shared cache.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}
