//! Fulfilment's use cases, callable without HTTP: provider accounts (checked by a live call
//! before saving, credentials sealed and never answered), the providers' catalogues (read
//! through a short cache), fulfilment orders (created here, sent by `fulfillment.create`,
//! cancelled at the provider while it allows), SKU mappings, drift, and the providers'
//! webhooks. GraphQL resolvers (`graphql/fulfillment.rs`) only convert types and call these.
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing;
use connectors::fulfillment::{
    self as provider, Account, MangoteeProduct, MangoteeProductLine, MangoteeVariant,
    PrintifyBlueprint, PrintifyPrintProvider, PrintifyShop, PrintifyVariant, ProductPage,
    ProductQuery, ProviderError,
};
use domain::billing::{self, PaidWork};
use domain::fulfillment::drifts::{self, Drift};
use domain::fulfillment::mappings::{self, Mapping};
use domain::fulfillment::orders::{
    self, Event, EventSource, Filter, FulfillmentOrder, FulfillmentStatus, NewFulfillmentOrder,
    NewItem, Shipping, Submission,
};
use domain::fulfillment::{self, NewAccount, ProviderAccount, ProviderType};
use domain::orders::desk;
use domain::paging::{Page, PageRequest};
use domain::{DomainError, Role};
use jobs::fulfillment::{account_of, provider_of};
use jobs::kinds::{FulfillmentCreate, FulfillmentShip, FulfillmentTrack};
use jobs::{EnqueueOptions, JobKind as _};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::AppState;

/// Where a provider account's webhooks arrive: `{PUBLIC_URL}/webhooks/fulfillment/{account}`.
pub const WEBHOOK_PREFIX: &str = "/webhooks/fulfillment/";

/// How long a provider's catalogue answer is reused.
const CATALOGUE_TTL: Duration = Duration::from_secs(300);
/// Catalogue answers kept.
const CATALOGUE_ENTRIES: usize = 512;

/// The providers' catalogue answers, per account and question, for a few minutes: a seller
/// mapping a dozen items asks the same pages again and again, and the providers limit catalogue
/// calls hardest.
#[derive(Clone)]
pub struct CatalogueCache(Arc<Mutex<lru::LruCache<String, (Instant, serde_json::Value)>>>);

impl Default for CatalogueCache {
    fn default() -> Self {
        CatalogueCache(Arc::new(Mutex::new(lru::LruCache::new(
            NonZeroUsize::new(CATALOGUE_ENTRIES).unwrap_or(NonZeroUsize::MIN),
        ))))
    }
}

impl CatalogueCache {
    async fn read<T, F>(&self, key: String, fetch: F) -> ApiResult<T>
    where
        T: Serialize + DeserializeOwned,
        F: Future<Output = Result<T, ProviderError>>,
    {
        if let Ok(mut cache) = self.0.lock()
            && let Some((at, value)) = cache.get(&key)
            && at.elapsed() < CATALOGUE_TTL
            && let Ok(found) = serde_json::from_value(value.clone())
        {
            return Ok(found);
        }
        let fresh = fetch.await.map_err(provider_error)?;
        if let (Ok(value), Ok(mut cache)) = (serde_json::to_value(&fresh), self.0.lock()) {
            cache.put(key, (Instant::now(), value));
        }
        Ok(fresh)
    }
}

/// A provider's failure as the contract's codes; texts carry no URL nor credential.
pub fn provider_error(e: ProviderError) -> ApiError {
    match &e {
        ProviderError::Unauthorized(_) => ApiError::bad_input(
            "apiKey",
            format!("{e}; check the key (and secret) and try again"),
        ),
        ProviderError::Rejected { field, .. } => {
            ApiError::bad_input(field.as_deref().unwrap_or("input"), e.to_string())
        }
        ProviderError::NotFound(_) => ApiError::not_found("record at the provider"),
        ProviderError::NotCancellable { .. } => ApiError::new("CONFLICT", e.to_string()),
        ProviderError::Config(m) => ApiError::bad_input("input", m.clone()),
        ProviderError::RetryLater { reason, .. } => {
            tracing::warn!(%reason, "provider call failed");
            ApiError::new("UPSTREAM_ERROR", e.to_string())
        }
        ProviderError::Protocol { detail, .. } => {
            tracing::warn!(%detail, "provider answered something unexpected");
            ApiError::new("UPSTREAM_ERROR", e.to_string())
        }
    }
}

fn require_admin(me: &Caller) -> ApiResult<()> {
    if matches!(me.role(), Role::Admin | Role::SuperAdmin) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "only an admin manages fulfilment providers",
        ))
    }
}

// ------------------------------------------------------------------ accounts

/// What a seller enters to connect a provider.
#[derive(Debug, Clone)]
pub struct NewProvider {
    pub provider: ProviderType,
    pub name: Option<String>,
    pub api_key: String,
    pub api_secret: Option<String>,
    pub shop_id: Option<String>,
    pub base_url: Option<String>,
}

fn trimmed(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// Connects a provider: the fields it needs, the credentials tried with a live call, then
/// stored sealed with a webhook secret of its own; the provider is asked to send its webhooks
/// here where it takes that by API.
pub async fn create_provider(
    app: &AppState,
    me: &Caller,
    new: NewProvider,
) -> ApiResult<ProviderAccount> {
    require_admin(me)?;
    let needs = new.provider.requires();
    let api_key = new.api_key.trim().to_owned();
    if api_key.is_empty() {
        return Err(ApiError::bad_input("apiKey", "is required"));
    }
    let api_secret = trimmed(&new.api_secret);
    if needs.secret && api_secret.is_none() {
        return Err(ApiError::bad_input(
            "apiSecret",
            format!("{} needs it", new.provider.display_name()),
        ));
    }
    let shop_id = trimmed(&new.shop_id);
    if needs.shop_id && shop_id.is_none() {
        return Err(ApiError::bad_input(
            "shopId",
            format!("{} needs the shop id", new.provider.display_name()),
        ));
    }
    let base_url = trimmed(&new.base_url);
    if needs.base_url {
        let Some(url) = &base_url else {
            return Err(ApiError::bad_input(
                "baseUrl",
                format!("{} needs your own API address", new.provider.display_name()),
            ));
        };
        match url::Url::parse(url) {
            Ok(u) if matches!(u.scheme(), "http" | "https") && u.host_str().is_some() => {}
            _ => return Err(ApiError::bad_input("baseUrl", "must be an http(s) address")),
        }
    }
    let name = trimmed(&new.name);
    if name.as_ref().is_some_and(|n| n.chars().count() > 100) {
        return Err(ApiError::bad_input("name", "at most 100 characters"));
    }
    let account = Account {
        provider: provider_of(new.provider),
        api_key: api_key.clone(),
        api_secret: api_secret.clone(),
        shop_id: shop_id.clone(),
        base_url: base_url.clone(),
    };
    app.fulfillment
        .verify(&account)
        .await
        .map_err(provider_error)?;
    let webhook_secret = hex::encode(rand::random::<[u8; 32]>());
    let mut conn = app.db.conn().await?;
    let created = fulfillment::create_account(
        &mut conn,
        &me.scope,
        &NewAccount {
            provider: new.provider,
            name,
            shop_id,
            base_url,
            api_key_sealed: app.secrets.seal(&api_key),
            api_secret_sealed: api_secret.as_deref().map(|s| app.secrets.seal(s)),
            webhook_secret_sealed: app.secrets.seal(&webhook_secret),
        },
    )
    .await?;
    drop(conn);
    let url = app.link(&format!("{WEBHOOK_PREFIX}{}", created.id));
    match app
        .fulfillment
        .register_webhook(&account, &url, &webhook_secret)
        .await
    {
        Ok(true) => {
            let mut conn = app.db.conn().await?;
            orders::mark_reports_by_webhook(&mut conn, &created.id).await?;
        }
        // The seller registers it in the provider's dashboard; the first signed webhook says so.
        Ok(false) => {}
        // Tracking still arrives by the cron; the webhook only makes it sooner.
        Err(e) => {
            tracing::warn!(provider_account = %created.id, error = %e, "provider webhook not registered")
        }
    }
    Ok(created)
}

pub async fn remove_provider(app: &AppState, me: &Caller, id: &str) -> ApiResult<()> {
    require_admin(me)?;
    let mut tx = app.db.begin().await?;
    fulfillment::remove_account(&mut tx, &me.scope, id).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn providers(app: &AppState, me: &Caller) -> ApiResult<Vec<ProviderAccount>> {
    let mut conn = app.db.conn().await?;
    Ok(fulfillment::accounts(&mut conn, &me.scope.client_id).await?)
}

async fn open(app: &AppState, me: &Caller, id: &str) -> ApiResult<(ProviderAccount, Account)> {
    let mut conn = app.db.conn().await?;
    let creds = fulfillment::credentials(&mut conn, &me.scope.client_id, id).await?;
    let account = account_of(&app.secrets, &creds).map_err(|e| {
        tracing::error!(provider_account = %id, error = %e, "provider credentials cannot be opened");
        ApiError::new("CONFLICT", e.to_string())
    })?;
    Ok((creds.account, account))
}

/// The client's first account of a provider, for the catalogue reads the contract asks without
/// naming one.
async fn first_of(
    app: &AppState,
    me: &Caller,
    t: ProviderType,
) -> ApiResult<(ProviderAccount, Account)> {
    let accounts = providers(app, me).await?;
    let Some(found) = accounts.into_iter().find(|a| a.provider == t) else {
        return Err(ApiError::not_found(&format!(
            "{} account (connect one first)",
            t.display_name()
        )));
    };
    open(app, me, &found.id).await
}

// ------------------------------------------------------------------ catalogues

pub async fn products(
    app: &AppState,
    me: &Caller,
    provider_id: &str,
    query: ProductQuery,
) -> ApiResult<ProductPage> {
    if !(1..=100).contains(&query.limit) {
        return Err(ApiError::bad_input("limit", "must be between 1 and 100"));
    }
    if query.page < 1 {
        return Err(ApiError::bad_input("page", "must be 1 or more"));
    }
    let (account, client) = open(app, me, provider_id).await?;
    let key = format!(
        "products:{}:{}:{}:{}",
        account.id,
        query.page,
        query.limit,
        query.search.as_deref().unwrap_or("")
    );
    let page = app
        .catalogue
        .read(key, app.fulfillment.products(&client, &query))
        .await?;
    Ok(page)
}

pub async fn printify_shops(app: &AppState, me: &Caller) -> ApiResult<Vec<PrintifyShop>> {
    let (account, client) = first_of(app, me, ProviderType::Printify).await?;
    app.catalogue
        .read(
            format!("printify-shops:{}", account.id),
            app.fulfillment.printify_shops(&client),
        )
        .await
}

pub async fn printify_blueprints(app: &AppState, me: &Caller) -> ApiResult<Vec<PrintifyBlueprint>> {
    let (account, client) = first_of(app, me, ProviderType::Printify).await?;
    app.catalogue
        .read(
            format!("printify-blueprints:{}", account.id),
            app.fulfillment.printify_blueprints(&client),
        )
        .await
}

pub async fn printify_print_providers(
    app: &AppState,
    me: &Caller,
    blueprint_id: &str,
) -> ApiResult<Vec<PrintifyPrintProvider>> {
    let (account, client) = first_of(app, me, ProviderType::Printify).await?;
    app.catalogue
        .read(
            format!("printify-pp:{}:{blueprint_id}", account.id),
            app.fulfillment
                .printify_print_providers(&client, blueprint_id),
        )
        .await
}

pub async fn printify_variants(
    app: &AppState,
    me: &Caller,
    blueprint_id: &str,
    print_provider_id: &str,
) -> ApiResult<Vec<PrintifyVariant>> {
    let (account, client) = first_of(app, me, ProviderType::Printify).await?;
    app.catalogue
        .read(
            format!(
                "printify-variants:{}:{blueprint_id}:{print_provider_id}",
                account.id
            ),
            app.fulfillment
                .printify_variants(&client, blueprint_id, print_provider_id),
        )
        .await
}

pub async fn mangotee_product_lines(
    app: &AppState,
    me: &Caller,
) -> ApiResult<Vec<MangoteeProductLine>> {
    let (account, client) = first_of(app, me, ProviderType::MangoTee).await?;
    app.catalogue
        .read(
            format!("mango-lines:{}", account.id),
            app.fulfillment.mangotee_product_lines(&client),
        )
        .await
}

pub async fn mangotee_products(
    app: &AppState,
    me: &Caller,
    product_line_id: Option<String>,
    search: Option<String>,
    page: u32,
    limit: u32,
) -> ApiResult<Vec<MangoteeProduct>> {
    if !(1..=100).contains(&limit) {
        return Err(ApiError::bad_input("limit", "must be between 1 and 100"));
    }
    let (account, client) = first_of(app, me, ProviderType::MangoTee).await?;
    app.catalogue
        .read(
            format!(
                "mango-products:{}:{}:{}:{page}:{limit}",
                account.id,
                product_line_id.as_deref().unwrap_or(""),
                search.as_deref().unwrap_or("")
            ),
            app.fulfillment.mangotee_products(
                &client,
                product_line_id.as_deref(),
                search.as_deref(),
                page.max(1),
                limit,
            ),
        )
        .await
}

pub async fn mangotee_variants(
    app: &AppState,
    me: &Caller,
    product_id: &str,
    product_line_id: &str,
) -> ApiResult<Vec<MangoteeVariant>> {
    let (account, client) = first_of(app, me, ProviderType::MangoTee).await?;
    app.catalogue
        .read(
            format!(
                "mango-variants:{}:{product_id}:{product_line_id}",
                account.id
            ),
            app.fulfillment
                .mangotee_variants(&client, product_id, product_line_id),
        )
        .await
}

// ------------------------------------------------------------------ orders

/// An item as a seller sends it.
pub type ItemInput = NewItem;

/// A fulfilment order for one marketplace order: its items mapped, shipping from the recipient
/// unless given. The mapping of each item is remembered for its product and template.
pub async fn create_order(
    app: &AppState,
    me: &Caller,
    order_id: &str,
    provider_id: &str,
    items: Vec<ItemInput>,
    shipping: Option<Shipping>,
) -> ApiResult<FulfillmentOrder> {
    let mut tx = app.db.begin().await?;
    fulfillment::account(&mut tx, &me.scope.client_id, provider_id).await?;
    billing::require(&mut tx, &me.scope.client_id, PaidWork::Fulfillments(1)).await?;
    let order = desk::get(&mut tx, &me.scope, order_id).await?;
    for (i, item) in items.iter().enumerate() {
        let Some(item_id) = &item.order_item_id else {
            continue;
        };
        if !order.items.iter().any(|o| &o.id == item_id) {
            return Err(ApiError::bad_input(
                &format!("items.{i}.orderItemId"),
                "is not an item of this order",
            ));
        }
    }
    let named = |i: usize, e: DomainError| -> DomainError {
        let Some(found) = items
            .get(i)
            .and_then(|it| it.order_item_id.as_ref())
            .and_then(|id| order.items.iter().find(|o| &o.id == id))
        else {
            return e;
        };
        match e {
            DomainError::BadInput { field, message } => DomainError::BadInput {
                field,
                message: format!("{message} ({})", found.product_name),
            },
            other => other,
        }
    };
    let shipping = match shipping {
        Some(s) => s,
        None => {
            let (Some(name), Some(address1), Some(city), Some(postal_code)) = (
                order.recipient_name.clone(),
                order.recipient_address1.clone(),
                order.recipient_city.clone(),
                order.recipient_postal_code.clone(),
            ) else {
                return Err(ApiError::bad_input(
                    "shipping",
                    "the marketplace does not show this order's recipient yet (unpaid or on hold); enter the address",
                ));
            };
            Shipping {
                name,
                phone: order.recipient_phone.clone(),
                address1,
                address2: order.recipient_address2.clone(),
                city,
                state: order.recipient_state.clone(),
                postal_code,
                region_code: order
                    .recipient_region_code
                    .clone()
                    .unwrap_or_else(|| "US".into()),
                method: None,
            }
        }
    };
    let new = NewFulfillmentOrder {
        provider_id: provider_id.to_owned(),
        order_id: Some(order.id.clone()),
        ref_order_id: Some(order.external_order_id.clone()),
        shipping,
        label_url: None,
        items: items.clone(),
    };
    if let Err(e) = orders::validate(&new) {
        let index = match &e {
            DomainError::BadInput { field, .. } => field
                .strip_prefix("items.")
                .and_then(|r| r.split('.').next())
                .and_then(|n| n.parse::<usize>().ok()),
            _ => None,
        };
        return Err(match index {
            Some(i) => named(i, e).into(),
            None => e.into(),
        });
    }
    let created = orders::insert(&mut tx, &me.scope, &new).await?;
    for item in &items {
        if let Some(item_id) = &item.order_item_id {
            mappings::remember(
                &mut tx,
                &me.scope.client_id,
                provider_id,
                item_id,
                &Mapping {
                    fulfillment_sku: item.fulfillment_sku.trim().to_owned(),
                    design_front_url: item.design_front_url.clone(),
                    design_back_url: item.design_back_url.clone(),
                },
            )
            .await?;
        }
    }
    let pending = FulfillmentCreate::for_order(&created)
        .enqueue(&mut tx, &create_options(app, me))
        .await?;
    tx.commit().await?;
    app.dispatch(pending).await;
    Ok(created)
}

fn create_options<'a>(app: &AppState, me: &'a Caller) -> EnqueueOptions<'a> {
    // Providers fail now and then; a create is safe to repeat, so it gets more tries.
    EnqueueOptions::new(app.config.jobs.max_attempts.max(8)).client(&me.scope.client_id)
}

/// A fulfilment order typed by hand (a label-only order): manual items and address.
pub async fn create_simple_order(
    app: &AppState,
    me: &Caller,
    provider_id: &str,
    ref_order_id: Option<String>,
    items: Vec<ItemInput>,
    shipping: Shipping,
    label_url: Option<String>,
) -> ApiResult<FulfillmentOrder> {
    let mut tx = app.db.begin().await?;
    fulfillment::account(&mut tx, &me.scope.client_id, provider_id).await?;
    billing::require(&mut tx, &me.scope.client_id, PaidWork::Fulfillments(1)).await?;
    if items.iter().any(|i| i.order_item_id.is_some()) {
        return Err(ApiError::bad_input(
            "items.orderItemId",
            "a simple order has no marketplace items; use createFulfillmentOrder",
        ));
    }
    let created = orders::insert(
        &mut tx,
        &me.scope,
        &NewFulfillmentOrder {
            provider_id: provider_id.to_owned(),
            order_id: None,
            ref_order_id: trimmed(&ref_order_id),
            shipping,
            label_url: trimmed(&label_url),
            items,
        },
    )
    .await?;
    let pending = FulfillmentCreate::for_order(&created)
        .enqueue(&mut tx, &create_options(app, me))
        .await?;
    tx.commit().await?;
    app.dispatch(pending).await;
    Ok(created)
}

/// Sends a refused order again, or asks the marketplace again to take a tracking it refused.
pub async fn retry_order(app: &AppState, me: &Caller, id: &str) -> ApiResult<FulfillmentOrder> {
    let mut tx = app.db.begin().await?;
    let order = orders::get(&mut tx, &me.scope, id).await?;
    let pending = if order.submission == Submission::Failed {
        let order = orders::resubmit(&mut tx, &me.scope, id).await?;
        FulfillmentCreate::for_order(&order)
            .enqueue(&mut tx, &create_options(app, me))
            .await?
    } else if order.ship_back_error.is_some() && order.shipped_back_at.is_none() {
        orders::ship_back_retry(&mut tx, id).await?;
        let order = orders::get(&mut tx, &me.scope, id).await?;
        FulfillmentShip::for_round(id, &order.updated_at)
            .enqueue(&mut tx, &create_options(app, me))
            .await?
    } else {
        return Err(ApiError::new(
            "CONFLICT",
            "nothing to retry: the order was not refused",
        ));
    };
    let order = orders::get(&mut tx, &me.scope, id).await?;
    tx.commit().await?;
    app.dispatch(pending).await;
    Ok(order)
}

/// Cancels a fulfilment order: at the provider while it allows (else CONFLICT with the
/// provider's status), then here; an order the provider never had is cancelled here alone.
pub async fn remove_order(app: &AppState, me: &Caller, id: &str) -> ApiResult<()> {
    let order = {
        let mut conn = app.db.conn().await?;
        orders::get(&mut conn, &me.scope, id).await?
    };
    if !order.status.is_open() {
        return Err(ApiError::new(
            "CONFLICT",
            format!(
                "the fulfilment order is {} already",
                order.status.as_str().to_lowercase().replace('_', " ")
            ),
        ));
    }
    if order.status == FulfillmentStatus::InTransit {
        return Err(ApiError::new(
            "CONFLICT",
            "the parcel has shipped; it can no longer be cancelled",
        ));
    }
    let provider_status = match (&order.external_id, order.submission) {
        (Some(external_id), Submission::Submitted) => {
            let (_, client) = open(app, me, &order.provider_id).await?;
            let cancelled = app
                .fulfillment
                .cancel_order(&client, external_id)
                .await
                .map_err(|e| match e {
                    ProviderError::NotCancellable { status, .. } => ApiError::new(
                        "CONFLICT",
                        format!(
                            "the provider has this order {status}; it can no longer be cancelled"
                        ),
                    ),
                    other => provider_error(other),
                })?;
            Some(cancelled.status)
        }
        _ => None,
    };
    let mut tx = app.db.begin().await?;
    orders::cancel(&mut tx, &me.scope, &order, provider_status.as_deref()).await?;
    tx.commit().await?;
    Ok(())
}

/// A page of fulfilment orders.
pub async fn list(
    app: &AppState,
    me: &Caller,
    filter: Filter,
    limit: Option<i32>,
    page: Option<i32>,
) -> ApiResult<Page<FulfillmentOrder>> {
    let request = PageRequest::parse(limit, page)?;
    let mut conn = app.db.conn().await?;
    if let Some(p) = &filter.provider_id {
        fulfillment::account(&mut conn, &me.scope.client_id, p).await?;
    }
    if let Some(o) = &filter.order_id {
        desk::get(&mut conn, &me.scope, o).await?;
    }
    Ok(orders::list(&mut conn, &me.scope, &filter, request).await?)
}

pub async fn get(app: &AppState, me: &Caller, id: &str) -> ApiResult<FulfillmentOrder> {
    let mut conn = app.db.conn().await?;
    Ok(orders::get(&mut conn, &me.scope, id).await?)
}

pub async fn events(app: &AppState, me: &Caller, id: &str) -> ApiResult<Vec<Event>> {
    let mut conn = app.db.conn().await?;
    orders::get(&mut conn, &me.scope, id).await?;
    Ok(orders::events(&mut conn, &me.scope.client_id, id).await?)
}

/// The provider account of a fulfilment order, as users see it (removed ones included).
pub async fn account_of_order(
    app: &AppState,
    me: &Caller,
    provider_id: &str,
) -> ApiResult<Option<ProviderAccount>> {
    let mut conn = app.db.conn().await?;
    let row = sqlx::query_as::<_, (String, String, Option<String>, Option<String>, String)>(
        "SELECT id, provider, name, provider_shop_id, created_at FROM fulfillment_providers WHERE id = $1 AND client_id = $2",
    )
    .bind(provider_id)
    .bind(&me.scope.client_id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(DomainError::from)?;
    let Some((id, provider, name, shop_id, created_at)) = row else {
        return Ok(None);
    };
    Ok(Some(ProviderAccount {
        id,
        client_id: me.scope.client_id.clone(),
        provider: domain::stored::decode("fulfillment_providers", "provider", &provider)?,
        name,
        shop_id,
        created_at,
    }))
}

/// The mappings saved for order items at a provider (items without one are left out):
/// `(order item id, mapping, inherited from the template)`.
pub async fn sku_mappings(
    app: &AppState,
    me: &Caller,
    provider_id: &str,
    order_item_ids: &[String],
) -> ApiResult<Vec<(String, Mapping, mappings::Source)>> {
    if order_item_ids.len() > 200 {
        return Err(ApiError::bad_input("orderItemIds", "at most 200"));
    }
    let mut conn = app.db.conn().await?;
    fulfillment::account(&mut conn, &me.scope.client_id, provider_id).await?;
    let mut out = Vec::new();
    for id in order_item_ids {
        // Through the desk, so STAFF read only their shops' items.
        let order_id: Option<String> =
            sqlx::query_scalar("SELECT order_id FROM order_items WHERE id = $1 AND client_id = $2")
                .bind(id)
                .bind(&me.scope.client_id)
                .fetch_optional(&mut *conn)
                .await
                .map_err(DomainError::from)?;
        let Some(order_id) = order_id else { continue };
        if desk::get(&mut conn, &me.scope, &order_id).await.is_err() {
            continue;
        }
        if let Some((mapping, source)) =
            mappings::of_item(&mut conn, &me.scope.client_id, provider_id, id).await?
        {
            out.push((id.clone(), mapping, source));
        }
    }
    Ok(out)
}

/// Open drift findings: the caller's client's, or every client's for a super-admin.
pub async fn drifts(app: &AppState, me: &Caller) -> ApiResult<Vec<Drift>> {
    require_admin(me)?;
    let mut conn = app.db.conn().await?;
    let client = (me.role() != Role::SuperAdmin).then_some(me.scope.client_id.as_str());
    Ok(drifts::open(&mut conn, client, 200).await?)
}

// ------------------------------------------------------------------ webhooks

/// `POST /webhooks/fulfillment/{account}`: a provider's order webhook. The signature is checked
/// with the account's own secret; a forged one is refused (401) and logged. A genuine one
/// queues a tracking read of the order it names (once per delivery body).
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    Router::new().route(
        "/webhooks/fulfillment/{account}",
        routing::post(receive_webhook),
    )
}

async fn receive_webhook(
    State(app): State<AppState>,
    Path(account_id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    match handle_webhook(&app, &account_id, &headers, &body).await {
        Ok(code) => code,
        Err(e) => {
            tracing::warn!(error = %e.message, "provider webhook not handled");
            StatusCode::SERVICE_UNAVAILABLE
        }
    }
}

async fn handle_webhook(
    app: &AppState,
    account_id: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> ApiResult<StatusCode> {
    let creds = {
        let mut conn = app.db.conn().await?;
        fulfillment::credentials_by_id(&mut conn, account_id).await?
    };
    let Some(creds) = creds else {
        tracing::warn!(provider_account = %account_id, "webhook for an unknown provider account refused");
        return Ok(StatusCode::NOT_FOUND);
    };
    let Some(secret) = creds
        .webhook_secret
        .as_deref()
        .and_then(|s| app.secrets.open(s).ok())
    else {
        return Ok(StatusCode::UNAUTHORIZED);
    };
    let event = match provider::parse_webhook(
        provider_of(creds.account.provider),
        &secret,
        headers,
        body,
    ) {
        Ok(event) => event,
        Err(provider::WebhookError::BadSignature) => {
            tracing::warn!(provider_account = %account_id, "provider webhook with a bad signature refused");
            return Ok(StatusCode::UNAUTHORIZED);
        }
        Err(provider::WebhookError::Malformed(why)) => {
            tracing::warn!(provider_account = %account_id, %why, "provider webhook not understood");
            return Ok(StatusCode::BAD_REQUEST);
        }
    };
    let mut tx = app.db.begin().await?;
    orders::mark_reports_by_webhook(&mut tx, account_id).await?;
    let mut found = None;
    if let Some(external) = &event.provider_order_id {
        found = orders::by_external(&mut tx, account_id, external).await?;
    }
    if found.is_none()
        && let Some(reference) = &event.reference
        && let Ok(o) = orders::get_any(&mut tx, &creds.account.client_id, reference).await
        && o.provider_id == account_id
    {
        found = Some(o);
    }
    let Some(order) = found else {
        // Not ours (reconciliation reports it), or ours with its create's answer not written
        // yet: news about it is looked for again once it may be.
        if let Some(external) = &event.provider_order_id
            && is_news_before_recorded(&event)
        {
            let report = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(body));
            let pending = FulfillmentTrack::for_provider_order(account_id, external, report)
                .enqueue(
                    &mut tx,
                    &EnqueueOptions::new(app.config.jobs.max_attempts.max(8))
                        .client(&creds.account.client_id),
                )
                .await?;
            tx.commit().await?;
            app.dispatch(pending).await;
        }
        return Ok(StatusCode::OK);
    };
    let client = creds.account.client_id.as_str();
    let pending = match reported(&event, &order) {
        // Nothing to learn yet: the create records the order, and the schedule reads it.
        Heard::Nothing => return Ok(StatusCode::OK),
        // The signed report says all there is to know: applied here, no read at the provider.
        Heard::Enough(stage, tracking) => {
            let status = stage.as_str().to_ascii_lowercase();
            let applied = orders::apply_stage(
                &mut tx,
                &order,
                &orders::Report {
                    stage,
                    provider_status: &status,
                    tracking: tracking.as_ref(),
                    total_cents: None,
                    currency: None,
                },
                EventSource::Webhook,
                app.config.jobs.fulfillment_poll_every,
            )
            .await?;
            if !applied.ship_back {
                tx.commit().await?;
                return Ok(StatusCode::OK);
            }
            FulfillmentShip::on_tracking(&order.id)
                .enqueue(
                    &mut tx,
                    &EnqueueOptions::new(app.config.jobs.max_attempts.max(5)).client(client),
                )
                .await?
        }
        // Heard before its create was recorded: read once it is, so the report is not lost
        // (an account that reports by webhook is otherwise read only for costs).
        Heard::Partly(stage) | Heard::Early(stage) => {
            let report = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(body));
            FulfillmentTrack::for_order(&order.id, report, stage)
                .enqueue(
                    &mut tx,
                    &EnqueueOptions::new(app.config.jobs.max_attempts.max(8)).client(client),
                )
                .await?
        }
    };
    tx.commit().await?;
    app.dispatch(pending).await;
    Ok(StatusCode::OK)
}

/// What a webhook told of an order.
enum Heard {
    /// Nothing to act on: no stage and no shipment (`order:created`), or an order the provider
    /// refused.
    Nothing,
    /// A stage, and for a shipped or delivered order its tracking (or tracking already known):
    /// applied as it stands.
    Enough(orders::Stage, Option<orders::Tracking>),
    /// Shipped (or delivered) without a tracking number: the order is read at the provider,
    /// unless another webhook brought the tracking meanwhile.
    Partly(Option<orders::Stage>),
    /// A stage or a shipment of an order whose create is still being recorded (the provider
    /// moved it on before our create's answer was written): read at the provider once it is.
    Early(Option<orders::Stage>),
}

/// Whether a webhook about an order whose create is not recorded yet says more than the create
/// will: a shipment, or a stage past production. A provider's "received" or "in production"
/// comes with nearly every create, and reading the order for it would spend the account's rate
/// on nothing.
fn is_news_before_recorded(event: &provider::WebhookEvent) -> bool {
    event.shipment.is_some()
        || matches!(
            event.stage,
            Some(
                provider::Stage::Shipped
                    | provider::Stage::Delivered
                    | provider::Stage::Cancelled
                    | provider::Stage::Rejected
            )
        )
}

fn reported(event: &provider::WebhookEvent, order: &FulfillmentOrder) -> Heard {
    if order.submission == Submission::Pending
        && order.status != FulfillmentStatus::Cancelled
        && is_news_before_recorded(event)
    {
        return Heard::Early(event.stage.map(jobs::fulfillment::stage_of));
    }
    if order.submission != Submission::Submitted {
        return Heard::Nothing;
    }
    let tracking = event
        .shipment
        .as_ref()
        .and_then(jobs::fulfillment::tracking_in);
    let stage = match (event.stage, &tracking) {
        (Some(stage), _) => jobs::fulfillment::stage_of(stage),
        (None, Some(_)) => orders::Stage::Shipped,
        (None, None) if event.shipment.is_some() => return Heard::Partly(None),
        (None, None) => return Heard::Nothing,
    };
    let shipped = matches!(stage, orders::Stage::Shipped | orders::Stage::Delivered);
    if shipped && tracking.is_none() && order.tracking_number.is_none() {
        return Heard::Partly(Some(stage));
    }
    Heard::Enough(stage, tracking)
}
