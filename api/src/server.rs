//! The HTTP server: /graphql, /healthz, /metrics and the web app.
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use async_graphql::ServerError;
use async_graphql::http::GraphiQLSource;
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, FromRef, State};
use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine as _;
use metrics_exporter_prometheus::PrometheusHandle;
use rand::RngCore;
use serde_json::json;
use sha2::{Digest, Sha256};
use tower::ServiceExt as _;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::ServeDir;
use tower_http::trace::TraceLayer;

use jobs::{JobContext, Pool};

use crate::auth::{Jwt, Limiters, Session};
use crate::config::Config;
use crate::graphql::transport::{self, Media};
use crate::graphql::{AppState, Limits, Outcome, RequestMeta, Schemas};
use crate::{bootstrap, demo};

#[derive(Clone)]
struct App {
    state: AppState,
    schemas: Schemas,
    metrics: Option<PrometheusHandle>,
    policies: Arc<Policies>,
}

/// Lets routers of other modules (uploads) take the shared state.
impl FromRef<App> for AppState {
    fn from_ref(app: &App) -> AppState {
        app.state.clone()
    }
}

/// Clients whose catalogue order the API keeps in memory (the most recently read ones).
const CATALOGUE_ORDERS_KEPT: usize = 64;

/// Builds the application from `config` and serves it until SIGINT or SIGTERM.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    Application::build(config).await?.run_until_stopped().await
}

/// The whole server, built from a configuration and bound to its address but not yet serving:
/// the database (migrated, bootstrapped), the queue, the GraphQL schemas, the job pool (embedded
/// mode) and the demo sandbox.
pub struct Application {
    state: AppState,
    router: Router,
    listener: tokio::net::TcpListener,
    pool: Option<jobs::PoolHandle>,
    // Kept alive as long as the server: dropping the handle stops the sandbox.
    demo_sandbox: Option<sandbox::tiktok::SandboxHandle>,
    demo_amazon: Option<sandbox::amazon::AmazonHandle>,
    demo_walmart: Option<sandbox::walmart::WalmartHandle>,
    demo_providers: Option<sandbox::providers::ProvidersHandle>,
    demo_telegram: Option<sandbox::telegram::TelegramHandle>,
    demo_stripe: Option<sandbox::stripe::StripeHandle>,
}

impl Application {
    /// Everything `api serve` does before it answers requests.
    pub async fn build(config: Config) -> anyhow::Result<Application> {
        build(config).await
    }

    /// The address the server listens on (the port the system chose when `PORT` was 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The state the GraphQL resolvers see: database, queue, configuration, connectors.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// The TikTok Shop sandbox the demo mode runs in-process, when it does.
    pub fn demo_sandbox(&self) -> Option<&sandbox::tiktok::TiktokSandbox> {
        self.demo_sandbox.as_ref().map(|h| h.sandbox())
    }

    /// Serves until SIGINT or SIGTERM, then stops the jobs and closes the database.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let Application {
            state,
            router,
            listener,
            pool,
            demo_sandbox,
            demo_amazon,
            demo_walmart,
            demo_providers,
            demo_telegram,
            demo_stripe,
        } = self;
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown_signal())
        .await?;
        tracing::info!("HTTP server stopped; stopping jobs");
        if let Some(pool) = pool {
            pool.shutdown().await;
        }
        state.db.pool.close().await;
        drop(demo_sandbox);
        drop(demo_amazon);
        drop(demo_walmart);
        drop(demo_providers);
        drop(demo_telegram);
        drop(demo_stripe);
        Ok(())
    }
}

async fn build(mut config: Config) -> anyhow::Result<Application> {
    let metrics = metrics_exporter_prometheus::PrometheusBuilder::new()
        .install_recorder()
        .ok();
    config
        .storage
        .ensure_data_dir()
        .map_err(anyhow::Error::msg)?;
    if !config.embedded() && config.jwt_secret.is_none() {
        tracing::warn!(
            "JWT_SECRET is not set: every API replica must share one secret, or tokens from one are refused by another"
        );
    }
    let db = config.storage.open_db().await.map_err(anyhow::Error::msg)?;
    db.migrate().await?;
    bootstrap::run(&db, &config).await?;
    let queue = config
        .storage
        .open_queue()
        .await
        .map_err(anyhow::Error::msg)?;
    let demo_sandbox = demo::start_sandbox(&mut config).await?;
    let demo_amazon = demo::start_amazon(&mut config).await?;
    let demo_walmart = demo::start_walmart(&mut config).await?;
    let demo_providers = demo::start_providers(&mut config).await?;
    let demo_telegram = demo::start_telegram(&mut config).await?;
    let telegram = config
        .jobs
        .telegram
        .as_ref()
        .map(crate::telegram::TelegramBot::new)
        .transpose()?;
    if let Some(bot) = &telegram {
        bot.register(&config.public_url).await;
    }
    let demo_stripe = demo::start_stripe(&mut config).await?;
    let stripe = config
        .stripe
        .as_ref()
        .map(|s| {
            connectors::stripe::StripeClient::new(connectors::stripe::StripeConfig::new(
                s.secret_key.clone(),
                &s.api_base,
            ))
        })
        .transpose()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let tiktok = config
        .jobs
        .tiktok
        .as_ref()
        .map(|t| t.client())
        .transpose()
        .map_err(anyhow::Error::msg)?;
    let amazon = config
        .jobs
        .amazon
        .as_ref()
        .map(|a| a.client())
        .transpose()
        .map_err(anyhow::Error::msg)?;
    let walmart = config.jobs.walmart.client_or_none();
    let secrets = domain::secrets::Secrets::load(
        config.jobs.secrets_key.as_deref(),
        &config.storage.data_dir,
    )?;
    if !config.embedded() && config.jobs.secrets_key.is_none() {
        tracing::warn!(
            "SECRETS_KEY is not set: every API replica and worker must share one key, or shop tokens sealed by one cannot be read by another"
        );
    }
    let jwt = Jwt::load(config.jwt_secret.as_deref(), &config.storage.data_dir)?;
    let files = connectors::storage::FileStore::open(&config.storage.files)
        .map_err(|e| anyhow::anyhow!("files: {e}"))?;
    let fulfillment = jobs::context::fulfillment_client(&config.jobs, &queue)
        .map_err(|e| anyhow::anyhow!("fulfilment providers: {e}"))?;
    let config = Arc::new(config);
    let state = AppState {
        db: db.clone(),
        queue: queue.clone(),
        group: jobs::GroupCommit::start(db.clone(), queue.clone()),
        limiters: Limiters::new(&config, queue.redis_connection()),
        config: config.clone(),
        jwt,
        tiktok,
        amazon,
        walmart,
        fulfillment,
        stripe,
        catalogue: crate::fulfillment::CatalogueCache::default(),
        secrets,
        catalogue_orders: domain::products::CatalogueOrders::new(db.clone(), CATALOGUE_ORDERS_KEPT),
        order_matches: domain::orders::matches::OrderMatches::new(db.clone()),
        telegram,
        files,
    };
    if let Some(handle) = &demo_sandbox {
        demo::seed_shop(&state, handle.sandbox()).await?;
    }
    if let Some(handle) = &demo_providers {
        demo::seed_providers(&state, handle.sandbox(), handle.base_url()).await?;
    }
    let limits = Limits {
        depth: config.graphql_max_depth,
        complexity: config.graphql_max_complexity,
        introspection: config.graphql_introspection,
    };
    let schemas = Schemas::new(&limits, state.clone());
    let policies = Arc::new(Policies::new(&config));

    let pool = if config.embedded() && config.jobs.concurrency > 0 {
        let ctx = JobContext::new(db.clone(), queue.clone(), config.jobs.clone())?;
        Some(Pool::start(ctx).await?)
    } else {
        None
    };

    let app = App {
        state: state.clone(),
        schemas,
        metrics,
        policies,
    };
    let router = router(app, &config);
    let addr = SocketAddr::new(config.host, config.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let bound = listener.local_addr()?;
    println!(
        "Sellerdesk is running at {} (listening on {bound})",
        config.public_url
    );
    if config.demo {
        println!(
            "  demo sign-in: {} (ADMIN) or {} (STAFF), password from DEMO_PASSWORD (default sellerdesk-demo)",
            bootstrap::DEMO_ADMIN,
            bootstrap::DEMO_STAFF
        );
    }
    Ok(Application {
        state,
        router,
        listener,
        pool,
        demo_sandbox,
        demo_amazon,
        demo_walmart,
        demo_providers,
        demo_telegram,
        demo_stripe,
    })
}

fn router(app: App, config: &Config) -> Router {
    let mut router = Router::new()
        .route("/graphql", post(graphql_handler).get(graphiql))
        .layer(DefaultBodyLimit::max(config.graphql_max_body_bytes))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        // Signed PUTs and public GETs of uploaded files; their own size limit (UPLOAD_MAX_BYTES).
        .merge(crate::uploads::routes())
        .merge(crate::orders::routes())
        .merge(crate::webhooks::routes())
        .merge(crate::fulfillment::routes())
        .merge(crate::telegram::routes())
        .merge(crate::payments::routes());
    if config.web_dir.join("index.html").exists() {
        router = router.fallback(web_app);
    } else {
        tracing::warn!(dir = %config.web_dir.display(), "no built web app; run `npm run build` in web/");
        router = router.fallback(|| async { (StatusCode::NOT_FOUND, WEB_APP_NOT_BUILT) });
    }
    let policies = app.policies.clone();
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
        .layer(axum::middleware::map_response_with_state(policies, security_headers))
        .with_state(app)
}

const WEB_APP_NOT_BUILT: &str = "The web app is not built: run `npm ci && npm run build` in web/.";

/// What `vite build` writes where the page's style nonce goes (web/vite.config.ts `html.cspNonce`).
const NONCE_PLACEHOLDER: &str = "SELLERDESK_CSP_NONCE";

/// The Content-Security-Policy of every answer, fixed at start from the configuration.
///
/// The web app runs only its own bundled scripts: no inline script, no remote script, no eval,
/// no plugins, never framed. A stored HTML injection that got past the sanitizer still could not
/// run. Styles come from the app's files, plus the inline styles PrimeReact injects for its
/// components (and dialog breakpoints): those carry the nonce of the page, fresh on every page
/// served, so `'unsafe-inline'` is not needed for styles either.
struct Policies {
    /// The page's policy up to its style-src, which ends with the nonce.
    page_head: String,
    page_tail: String,
    /// Everything that is not the page (files, GraphQL, health): the same policy without a nonce.
    other: HeaderValue,
    /// GraphiQL and its own policy, while introspection is on.
    graphiql: Option<(String, HeaderValue)>,
}

impl Policies {
    fn new(config: &Config) -> Policies {
        // Uploads are PUT to, and served from, PUBLIC_URL, which may name another origin than
        // the one the page was opened on (a proxy, localhost against 127.0.0.1).
        let public = config
            .public_url
            .parse::<Uri>()
            .ok()
            .and_then(|uri| Some(format!("{}://{}", uri.scheme_str()?, uri.authority()?)))
            .map(|origin| format!(" {origin}"))
            .unwrap_or_default();
        // With files in a bucket, the browser PUTs uploads to the bucket's own origin.
        let bucket = config
            .storage
            .files
            .upload_origin()
            .map(|origin| format!(" {origin}"))
            .unwrap_or_default();
        // Product pictures live wherever sellers and marketplaces keep them (any https host). A
        // server reached over plain http (a laptop, the demo, whose marketplace sandbox serves
        // its pictures over http on loopback) may show http pictures too: that page has no
        // mixed content to protect. Served over https, pictures are https only.
        let plain_http = if config.public_url.starts_with("http://") {
            " http:"
        } else {
            ""
        };
        let head = "default-src 'self'; script-src 'self'; style-src 'self'";
        let tail = format!(
            "; img-src 'self' data: https:{plain_http}; font-src 'self'; connect-src 'self'{public}{bucket}; object-src 'none'; \
             base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        let other = HeaderValue::from_str(&format!("{head}{tail}"))
            .unwrap_or_else(|_| HeaderValue::from_static(FALLBACK_POLICY));
        let graphiql = config.graphql_introspection.then(graphiql_page);
        Policies {
            page_head: head.to_owned(),
            page_tail: tail,
            other,
            graphiql,
        }
    }

    fn page(&self, nonce: &str) -> HeaderValue {
        HeaderValue::from_str(&format!(
            "{} 'nonce-{nonce}'{}",
            self.page_head, self.page_tail
        ))
        .unwrap_or_else(|_| self.other.clone())
    }
}

/// Should PUBLIC_URL ever make the policy unprintable: the strictest policy the app runs under.
const FALLBACK_POLICY: &str = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/// GraphiQL as async-graphql renders it: React and GraphiQL from unpkg, and one inline script
/// that mounts it, let through by its hash (not by 'unsafe-inline'). Its styles come from
/// unpkg and from the libraries it loads, inline: a page that shows no stored data has no
/// injection to fear from styles. It talks to this server only.
fn graphiql_page() -> (String, HeaderValue) {
    let html = GraphiQLSource::build().endpoint("/graphql").finish();
    let hashes: String = inline_script_hashes(&html)
        .iter()
        .map(|h| format!(" {h}"))
        .collect();
    let policy = format!(
        "default-src 'none'; script-src https://unpkg.com{hashes}; style-src https://unpkg.com 'unsafe-inline'; \
         img-src 'self' data: https:; font-src https://unpkg.com data:; connect-src 'self'; object-src 'none'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    );
    let policy = HeaderValue::from_str(&policy)
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"));
    (html, policy)
}

/// The CSP hashes of a page's inline scripts (`<script>` without attributes).
fn inline_script_hashes(html: &str) -> Vec<String> {
    html.match_indices("<script>")
        .filter_map(|(at, tag)| {
            let body = &html[at + tag.len()..];
            let end = body.find("</script>")?;
            let digest = Sha256::digest(&body.as_bytes()[..end]);
            Some(format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ))
        })
        .collect()
}

/// The headers every answer carries, unless its handler set its own policy (the page, GraphiQL).
async fn security_headers(
    State(policies): State<Arc<Policies>>,
    mut response: Response,
) -> Response {
    let headers = response.headers_mut();
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert_with(|| policies.other.clone());
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    response
}

/// The built web app: its files as they are, and for every other path (the app's routes) its
/// page, with a fresh style nonce.
async fn web_app(State(app): State<App>, request: Request<Body>) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    let path = request.uri().path();
    if path != "/" && path != "/index.html" {
        // Directories are not listed and have no index of their own: they fall back to the page.
        let files =
            ServeDir::new(&app.state.config.web_dir).append_index_html_on_directories(false);
        let Ok(response) = files.oneshot(request).await;
        if response.status() != StatusCode::NOT_FOUND {
            return response.map(Body::new);
        }
    }
    web_page(&app).await
}

/// index.html, read on every request so a rebuild of the app is served at once, with the
/// placeholder of its style nonce replaced by a fresh one, which the policy names.
async fn web_page(app: &App) -> Response {
    let index = app.state.config.web_dir.join("index.html");
    let html = match tokio::fs::read_to_string(&index).await {
        Ok(html) => html,
        Err(error) => {
            tracing::error!(%error, file = %index.display(), "the web app's page cannot be read");
            return (StatusCode::NOT_FOUND, WEB_APP_NOT_BUILT).into_response();
        }
    };
    let mut bytes = [0u8; 18];
    rand::rng().fill_bytes(&mut bytes);
    let nonce = base64::engine::general_purpose::STANDARD.encode(bytes);
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            // Every load gets its own nonce, and a deploy's new asset names at once.
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::CONTENT_SECURITY_POLICY, app.policies.page(&nonce)),
        ],
        html.replace(NONCE_PLACEHOLDER, &nonce),
    )
        .into_response()
}

/// A GraphQL answer: `errors` carry a code (BAD_USER_INPUT for those of the engine itself, as
/// docs/decisions.md has it) and, when the request never ran, there is no `data` entry.
fn graphql_answer(status: StatusCode, media: Media, body: serde_json::Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, media.content_type())],
        Json(body),
    )
        .into_response()
}

fn with_codes(errors: &mut [ServerError]) {
    for error in errors {
        let ext = error.extensions.get_or_insert_with(Default::default);
        if ext.get("code").is_none() {
            ext.set("code", "BAD_USER_INPUT");
        }
    }
}

fn graphql_error(status: StatusCode, media: Media, code: &str, message: &str) -> Response {
    graphql_answer(
        status,
        media,
        json!({ "errors": [{ "message": message, "extensions": { "code": code } }] }),
    )
}

async fn graphql_handler(
    State(app): State<App>,
    crate::client_ip::ClientIp(ip): crate::client_ip::ClientIp,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let Some(media) = Media::negotiate(headers.get(header::ACCEPT)) else {
        return graphql_error(
            StatusCode::NOT_ACCEPTABLE,
            Media::Json,
            "BAD_USER_INPUT",
            &format!(
                "answers are {} or application/json: accept one of them",
                transport::GRAPHQL_RESPONSE_JSON
            ),
        );
    };
    if !transport::is_json_body(headers.get(header::CONTENT_TYPE)) {
        return graphql_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            media,
            "BAD_USER_INPUT",
            transport::UNSUPPORTED_CONTENT_TYPE,
        );
    }
    let body = match body {
        Ok(body) => body,
        Err(rejection) => {
            let limit = app.state.config.graphql_max_body_bytes;
            return graphql_error(
                rejection.status(),
                media,
                "BAD_USER_INPUT",
                &format!("the request body could not be read (at most {limit} bytes): {rejection}"),
            );
        }
    };
    let request: async_graphql::Request = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return graphql_error(
                StatusCode::BAD_REQUEST,
                media,
                "BAD_USER_INPUT",
                &format!("not a GraphQL request: {e}"),
            );
        }
    };
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let session = match Session::resolve(&app.state.db, &app.state.jwt, bearer).await {
        Ok(s) => s,
        Err(e) => return graphql_error(StatusCode::SERVICE_UNAVAILABLE, media, e.code, &e.message),
    };
    metrics::counter!("sellerdesk_graphql_requests_total").increment(1);
    match app
        .schemas
        .execute(request.data(session).data(RequestMeta { ip: Some(ip) }))
        .await
    {
        Outcome::Executed(mut response) => {
            with_codes(&mut response.errors);
            graphql_answer(StatusCode::OK, media, json!(response))
        }
        Outcome::Refused(mut errors) => {
            with_codes(&mut errors);
            graphql_answer(media.refused_status(), media, json!({ "errors": errors }))
        }
    }
}

async fn graphiql(State(app): State<App>) -> Response {
    match &app.policies.graphiql {
        Some((page, policy)) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/html; charset=utf-8"),
                ),
                (header::CONTENT_SECURITY_POLICY, policy.clone()),
            ],
            page.clone(),
        )
            .into_response(),
        None => StatusCode::METHOD_NOT_ALLOWED.into_response(),
    }
}

/// How long a component may take to answer the health check before it counts as unavailable.
const HEALTH_TIMEOUT: Duration = Duration::from_secs(3);

/// "ok" or "unavailable" per component. Why one is unavailable goes to the log only: driver
/// errors name hosts, ports and accounts, and /healthz answers anyone.
async fn healthz(State(app): State<App>) -> Response {
    let (db, queue) = tokio::join!(
        tokio::time::timeout(HEALTH_TIMEOUT, async {
            app.state.db.ping().await.map_err(|e| e.to_string())
        }),
        tokio::time::timeout(HEALTH_TIMEOUT, async {
            app.state.queue.ping().await.map_err(|e| e.to_string())
        }),
    );
    let database = health_of("database", db);
    let queue = health_of("queue", queue);
    let healthy = database == "ok" && queue == "ok";
    let status = if healthy {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(json!({ "status": if healthy { "ok" } else { "unavailable" }, "database": database, "queue": queue }))).into_response()
}

fn health_of(
    component: &str,
    result: Result<Result<(), String>, tokio::time::error::Elapsed>,
) -> &'static str {
    match result {
        Ok(Ok(())) => "ok",
        Ok(Err(error)) => {
            tracing::warn!(component, %error, "health check failed");
            "unavailable"
        }
        Err(_) => {
            tracing::warn!(
                component,
                timeout_ms = HEALTH_TIMEOUT.as_millis() as u64,
                "health check timed out"
            );
            "unavailable"
        }
    }
}

async fn metrics(State(app): State<App>) -> Response {
    match &app.metrics {
        Some(handle) => (
            [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
            handle.render(),
        )
            .into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "metrics recorder not installed",
        )
            .into_response(),
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
