//! The HTTP server: /graphql, /healthz, /metrics and the web app.
use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context as _;
use async_graphql::http::GraphiQLSource;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, FromRef, State};
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use metrics_exporter_prometheus::PrometheusHandle;
use serde_json::json;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use jobs::{Pool, Runtime};

use crate::auth::{Jwt, Limiters, Session};
use crate::config::Config;
use crate::graphql::{self, AppSchema, AppState, Limits, RequestMeta};
use crate::{bootstrap, demo};

#[derive(Clone)]
struct App {
    state: AppState,
    schema: AppSchema,
    metrics: Option<PrometheusHandle>,
}

/// Lets routers of other modules (uploads) take the shared state.
impl FromRef<App> for AppState {
    fn from_ref(app: &App) -> AppState {
        app.state.clone()
    }
}

/// Clients whose catalogue order the API keeps in memory (the most recently read ones).
const CATALOGUE_ORDERS_KEPT: usize = 64;

pub async fn serve(mut config: Config) -> anyhow::Result<()> {
    let metrics = metrics_exporter_prometheus::PrometheusBuilder::new().install_recorder().ok();
    config.storage.ensure_data_dir().map_err(anyhow::Error::msg)?;
    if !config.embedded() && config.jwt_secret.is_none() {
        tracing::warn!("JWT_SECRET is not set: every API replica must share one secret, or tokens from one are refused by another");
    }
    let db = config.storage.open_db().await.map_err(anyhow::Error::msg)?;
    db.migrate().await?;
    bootstrap::run(&db, &config).await?;
    let queue = config.storage.open_queue().await.map_err(anyhow::Error::msg)?;
    // Kept alive as long as the server: dropping the handle stops the sandbox.
    let demo_sandbox = demo::start_sandbox(&mut config).await?;
    let tiktok = config.jobs.tiktok.as_ref().map(|t| t.client()).transpose().map_err(anyhow::Error::msg)?;
    let secrets = domain::secrets::Secrets::load(config.jobs.secrets_key.as_deref(), &config.storage.data_dir)?;
    if !config.embedded() && config.jobs.secrets_key.is_none() {
        tracing::warn!("SECRETS_KEY is not set: every API replica and worker must share one key, or shop tokens sealed by one cannot be read by another");
    }
    let jwt = Jwt::load(config.jwt_secret.as_deref(), &config.storage.data_dir)?;
    let config = Arc::new(config);
    let state = AppState {
        db: db.clone(),
        queue: queue.clone(),
        limiters: Limiters::new(&config, queue.redis_connection()),
        config: config.clone(),
        jwt,
        tiktok,
        secrets,
        catalogue_orders: domain::products::CatalogueOrders::new(db.clone(), CATALOGUE_ORDERS_KEPT),
    };
    if let Some(handle) = &demo_sandbox {
        demo::seed_shop(&state, handle.sandbox()).await?;
    }
    let limits = Limits {
        depth: config.graphql_max_depth,
        complexity: config.graphql_max_complexity,
        introspection: config.graphql_introspection,
    };
    let schema = graphql::build(&limits, Some(state.clone()));

    let pool = if config.embedded() && config.jobs.concurrency > 0 {
        let runtime = Runtime::new(db.clone(), queue.clone(), config.jobs.clone()).map_err(anyhow::Error::msg)?;
        Some(Pool::start(runtime).await.map_err(anyhow::Error::msg)?)
    } else {
        None
    };

    let app = App { state, schema, metrics };
    let router = router(app, &config);
    let addr = SocketAddr::new(config.host, config.port);
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    let bound = listener.local_addr()?;
    println!("Sellerdesk is running at {} (listening on {bound})", config.public_url);
    if config.demo {
        println!(
            "  demo sign-in: {} (ADMIN) or {} (STAFF), password from DEMO_PASSWORD (default sellerdesk-demo)",
            bootstrap::DEMO_ADMIN,
            bootstrap::DEMO_STAFF
        );
    }
    axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    tracing::info!("HTTP server stopped; stopping jobs");
    if let Some(pool) = pool {
        pool.shutdown().await;
    }
    db.pool.close().await;
    drop(demo_sandbox);
    Ok(())
}

fn router(app: App, config: &Config) -> Router {
    let mut router = Router::new()
        .route("/graphql", post(graphql_handler).get(graphiql))
        .layer(DefaultBodyLimit::max(config.graphql_max_body_bytes))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        // Signed PUTs and public GETs of uploaded files; their own size limit (UPLOAD_MAX_BYTES).
        .merge(crate::uploads::routes());
    let index = config.web_dir.join("index.html");
    if index.exists() {
        router = router.fallback_service(ServeDir::new(&config.web_dir).fallback(ServeFile::new(index)));
    } else {
        tracing::warn!(dir = %config.web_dir.display(), "no built web app; run `npm run build` in web/");
        router = router.fallback(|| async { (StatusCode::NOT_FOUND, "The web app is not built: run `npm ci && npm run build` in web/.") });
    }
    router
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
                let id = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
                tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %id)
            }),
        )
        .layer(axum::middleware::from_fn_with_state(config.trusted_proxies.clone(), crate::client_ip::resolve))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(app)
}

fn graphql_error(status: StatusCode, code: &str, message: &str) -> Response {
    (status, Json(json!({ "errors": [{ "message": message, "extensions": { "code": code } }] }))).into_response()
}

async fn graphql_handler(
    State(app): State<App>,
    crate::client_ip::ClientIp(ip): crate::client_ip::ClientIp,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) => {
            let limit = app.state.config.graphql_max_body_bytes;
            return graphql_error(
                rejection.status(),
                "BAD_USER_INPUT",
                &format!("the request body could not be read (at most {limit} bytes): {rejection}"),
            );
        }
    };
    let request: async_graphql::Request = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return graphql_error(StatusCode::BAD_REQUEST, "BAD_USER_INPUT", &format!("not a GraphQL request: {e}")),
    };
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let session = match Session::resolve(&app.state.db, &app.state.jwt, bearer).await {
        Ok(s) => s,
        Err(e) => return graphql_error(StatusCode::SERVICE_UNAVAILABLE, e.code, &e.message),
    };
    metrics::counter!("sellerdesk_graphql_requests_total").increment(1);
    let mut response = app.schema.execute(request.data(session).data(RequestMeta { ip: Some(ip) })).await;
    // Errors raised by the GraphQL engine itself (syntax, unknown fields, limits) carry no code:
    // they are all faults of the request.
    for error in &mut response.errors {
        let ext = error.extensions.get_or_insert_with(Default::default);
        if ext.get("code").is_none() {
            ext.set("code", "BAD_USER_INPUT");
        }
    }
    Json(response).into_response()
}

async fn graphiql(State(app): State<App>) -> Response {
    if app.state.config.graphql_introspection {
        Html(GraphiQLSource::build().endpoint("/graphql").finish()).into_response()
    } else {
        StatusCode::METHOD_NOT_ALLOWED.into_response()
    }
}

async fn healthz(State(app): State<App>) -> Response {
    let db = app.state.db.ping().await.map_err(|e| e.to_string());
    let queue = app.state.queue.ping().await;
    let status = if db.is_ok() && queue.is_ok() { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let show = |r: &Result<(), String>| match r {
        Ok(()) => "ok".to_owned(),
        Err(e) => e.clone(),
    };
    (status, Json(json!({ "status": if status == StatusCode::OK { "ok" } else { "unavailable" }, "database": show(&db), "queue": show(&queue) })))
        .into_response()
}

async fn metrics(State(app): State<App>) -> Response {
    match &app.metrics {
        Some(handle) => ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle.render()).into_response(),
        None => (StatusCode::SERVICE_UNAVAILABLE, "metrics recorder not installed").into_response(),
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutdown signal received");
}

