//! Fulfilment orders: what a seller sends to a provider for one marketplace order (or by hand),
//! whether the provider's copy exists yet, where the provider says it is, its tracking, and
//! whether that tracking went back to the marketplace.
//!
//! Status moves forward only: CREATED → IN_TRANSIT → COMPLETED, or CANCELLED from CREATED (or
//! from IN_TRANSIT when the provider reports the parcel lost). Every change is a row of the
//! order's timeline. The linked marketplace order follows: AWAITING_SHIPMENT once the provider
//! has it, FULFILLED once its tracking reached the marketplace, and its fulfilment cost and net
//! amount from the provider's total.
use std::time::Duration;

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Conn, Sql};
use crate::orders::OrderStatus;
use crate::orders::desk::Profit;
use crate::orders::timeline::{self, Change, EventSource as OrderEventSource};
use crate::paging::{Page, PageRequest};
use crate::{DomainError, Result, Scope, ids, stored, time};

/// The contract's `FulfillmentOrderStatus`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum FulfillmentStatus {
    Cancelled,
    Completed,
    Created,
    InTransit,
}

impl FulfillmentStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    fn rank(self) -> u8 {
        match self {
            FulfillmentStatus::Created => 0,
            FulfillmentStatus::InTransit => 1,
            FulfillmentStatus::Completed => 2,
            FulfillmentStatus::Cancelled => 3,
        }
    }

    pub fn is_open(self) -> bool {
        matches!(
            self,
            FulfillmentStatus::Created | FulfillmentStatus::InTransit
        )
    }
}

/// Whether the provider's copy exists.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum Submission {
    /// Queued for `fulfillment.create`.
    Pending,
    /// The provider has it (`external_id`).
    Submitted,
    /// The provider refused it; `error` says why, a retry sends it again.
    Failed,
}

impl Submission {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Where the provider says the order is, whatever the provider calls it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum Stage {
    Pending,
    OnHold,
    InProduction,
    Shipped,
    Delivered,
    Cancelled,
    Rejected,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The fulfilment status this stage means.
    pub fn status(self) -> FulfillmentStatus {
        match self {
            Stage::Pending | Stage::OnHold | Stage::InProduction => FulfillmentStatus::Created,
            Stage::Shipped => FulfillmentStatus::InTransit,
            Stage::Delivered => FulfillmentStatus::Completed,
            Stage::Cancelled | Stage::Rejected => FulfillmentStatus::Cancelled,
        }
    }
}

/// Who changed a fulfilment order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum EventSource {
    /// A person (create, cancel).
    Person,
    /// Tracking read from the provider (cron).
    Provider,
    /// The provider's webhook.
    Webhook,
    /// Sellerdesk itself (submission, the tracking written back).
    System,
}

impl EventSource {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shipping {
    pub name: String,
    pub phone: Option<String>,
    pub address1: String,
    pub address2: Option<String>,
    pub city: String,
    pub state: Option<String>,
    pub postal_code: String,
    /// ISO-3166 alpha-2 country.
    pub region_code: String,
    pub method: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewItem {
    pub order_item_id: Option<String>,
    pub fulfillment_sku: String,
    pub quantity: i64,
    pub image: Option<String>,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub bg_color_code: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct NewFulfillmentOrder {
    pub provider_id: String,
    pub order_id: Option<String>,
    pub ref_order_id: Option<String>,
    pub shipping: Shipping,
    pub label_url: Option<String>,
    pub items: Vec<NewItem>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FulfillmentItem {
    pub id: String,
    pub order_item_id: Option<String>,
    pub fulfillment_sku: String,
    pub quantity: i64,
    pub image: Option<String>,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub bg_color_code: Option<String>,
    /// The item's name on the marketplace order, when it came from one.
    pub product_name: Option<String>,
    /// What the provider charges per unit, when it said.
    pub cost_cents: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FulfillmentOrder {
    pub id: String,
    pub client_id: String,
    pub provider_id: String,
    pub order_id: Option<String>,
    pub ref_order_id: Option<String>,
    pub external_id: Option<String>,
    pub status: FulfillmentStatus,
    pub submission: Submission,
    pub stage: Option<Stage>,
    pub provider_status: Option<String>,
    pub shipping: Shipping,
    pub tracking_number: Option<String>,
    pub tracking_url: Option<String>,
    pub tracking_company: Option<String>,
    pub total_amount_cents: Option<i64>,
    pub currency: String,
    pub label_url: Option<String>,
    /// The provider's last refusal, written for the seller.
    pub error: Option<String>,
    pub shipped_back_at: Option<String>,
    pub ship_back_error: Option<String>,
    pub submitted_at: Option<String>,
    pub created_by_user_id: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub items: Vec<FulfillmentItem>,
}

impl FulfillmentOrder {
    fn from_row(row: &AnyRow) -> Result<FulfillmentOrder> {
        const T: &str = "fulfillment_orders";
        Ok(FulfillmentOrder {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            provider_id: row.try_get("provider_id")?,
            order_id: row.try_get("order_id")?,
            ref_order_id: row.try_get("ref_order_id")?,
            external_id: row.try_get("external_id")?,
            status: stored::column(row, T, "status")?,
            submission: stored::column(row, T, "submission")?,
            stage: stored::optional(row, T, "stage")?,
            provider_status: row.try_get("provider_status")?,
            shipping: Shipping {
                name: row.try_get("shipping_name")?,
                phone: row.try_get("shipping_phone")?,
                address1: row.try_get("shipping_address1")?,
                address2: row.try_get("shipping_address2")?,
                city: row.try_get("shipping_city")?,
                state: row.try_get("shipping_state")?,
                postal_code: row.try_get("shipping_postal_code")?,
                region_code: row.try_get("shipping_region_code")?,
                method: row.try_get("shipping_method")?,
            },
            tracking_number: row.try_get("tracking_number")?,
            tracking_url: row.try_get("tracking_url")?,
            tracking_company: row.try_get("tracking_company")?,
            total_amount_cents: row.try_get("total_amount_cents")?,
            currency: row.try_get("currency")?,
            label_url: row.try_get("label_url")?,
            error: row.try_get("error")?,
            shipped_back_at: row.try_get("shipped_back_at")?,
            ship_back_error: row.try_get("ship_back_error")?,
            submitted_at: row.try_get("submitted_at")?,
            created_by_user_id: row.try_get("created_by_user_id")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            items: Vec::new(),
        })
    }
}

/// A step of a fulfilment order's timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub source: EventSource,
    pub user_id: Option<String>,
    pub from: Option<FulfillmentStatus>,
    pub to: FulfillmentStatus,
    pub provider_status: Option<String>,
    pub note: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SortField {
    #[default]
    CreatedAt,
    UpdatedAt,
    Total,
}

#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub search: Option<String>,
    pub status: Option<FulfillmentStatus>,
    pub provider_id: Option<String>,
    pub order_id: Option<String>,
    pub sort: SortField,
    /// Newest (or largest) first unless set.
    pub ascending: bool,
}

const MAX_ITEMS: usize = 100;
const MAX_QUANTITY: i64 = 1_000;

fn required(field: &str, value: &str) -> Result<()> {
    if value.trim().is_empty() {
        return Err(DomainError::bad_input(field, "is required"));
    }
    Ok(())
}

fn check_url(field: &str, value: &Option<String>) -> Result<()> {
    if let Some(v) = value {
        match url::Url::parse(v) {
            Ok(u) if matches!(u.scheme(), "http" | "https") => {}
            _ => return Err(DomainError::bad_input(field, "must be an http(s) URL")),
        }
    }
    Ok(())
}

/// Checks a new order's shape (not yet its references): every field a provider needs.
pub fn validate(new: &NewFulfillmentOrder) -> Result<()> {
    if new.items.is_empty() {
        return Err(DomainError::bad_input("items", "at least one item"));
    }
    if new.items.len() > MAX_ITEMS {
        return Err(DomainError::bad_input(
            "items",
            format!("at most {MAX_ITEMS} items"),
        ));
    }
    for (i, item) in new.items.iter().enumerate() {
        if item.fulfillment_sku.trim().is_empty() {
            return Err(DomainError::bad_input(
                format!("items.{i}.fulfillmentSku"),
                "map this item to a provider variant first",
            ));
        }
        if !(1..=MAX_QUANTITY).contains(&item.quantity) {
            return Err(DomainError::bad_input(
                format!("items.{i}.quantity"),
                format!("between 1 and {MAX_QUANTITY}"),
            ));
        }
        check_url(&format!("items.{i}.designFrontUrl"), &item.design_front_url)?;
        check_url(&format!("items.{i}.designBackUrl"), &item.design_back_url)?;
        check_url(&format!("items.{i}.image"), &item.image)?;
        if item.design_front_url.is_none() && item.design_back_url.is_none() {
            return Err(DomainError::bad_input(
                format!("items.{i}.designFrontUrl"),
                "a print-on-demand item needs a print file (front or back)",
            ));
        }
    }
    let s = &new.shipping;
    required("shipping.name", &s.name)?;
    required("shipping.address1", &s.address1)?;
    required("shipping.city", &s.city)?;
    required("shipping.postalCode", &s.postal_code)?;
    if s.region_code.trim().len() != 2 || !s.region_code.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(DomainError::bad_input(
            "shipping.regionCode",
            "a two-letter country code, such as US",
        ));
    }
    check_url("labelUrl", &new.label_url)?;
    Ok(())
}

/// Stores a new fulfilment order (submission PENDING) with its items and first timeline row,
/// in the caller's transaction. Its references are the caller's to check; an order item sent to
/// the same provider before answers CONFLICT.
pub async fn insert(
    conn: &mut Conn,
    scope: &Scope,
    new: &NewFulfillmentOrder,
) -> Result<FulfillmentOrder> {
    validate(new)?;
    let id = ids::new_id();
    let now = time::now_db();
    let s = &new.shipping;
    sqlx::query(
        "INSERT INTO fulfillment_orders (id, client_id, provider_id, order_id, ref_order_id, status, submission,
            shipping_name, shipping_phone, shipping_address1, shipping_address2, shipping_city, shipping_state,
            shipping_postal_code, shipping_region_code, shipping_method, label_url, created_by_user_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'CREATED', 'PENDING', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)",
    )
    .bind(&id)
    .bind(&scope.client_id)
    .bind(&new.provider_id)
    .bind(&new.order_id)
    .bind(&new.ref_order_id)
    .bind(s.name.trim())
    .bind(&s.phone)
    .bind(s.address1.trim())
    .bind(&s.address2)
    .bind(s.city.trim())
    .bind(&s.state)
    .bind(s.postal_code.trim())
    .bind(s.region_code.trim().to_ascii_uppercase())
    .bind(&s.method)
    .bind(&new.label_url)
    .bind(&scope.user_id)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    for (i, item) in new.items.iter().enumerate() {
        let inserted = sqlx::query(
            "INSERT INTO fulfillment_order_items (id, client_id, fulfillment_order_id, provider_id, order_item_id,
                fulfillment_sku, quantity, image, design_front_url, design_back_url, bg_color_code, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(ids::new_id())
        .bind(&scope.client_id)
        .bind(&id)
        .bind(&new.provider_id)
        .bind(&item.order_item_id)
        .bind(item.fulfillment_sku.trim())
        .bind(item.quantity)
        .bind(&item.image)
        .bind(&item.design_front_url)
        .bind(&item.design_back_url)
        .bind(&item.bg_color_code)
        .bind(&now)
        .execute(&mut *conn)
        .await;
        if let Err(e) = inserted {
            let e = DomainError::from(e);
            if matches!(e, DomainError::Conflict(_)) {
                return Err(DomainError::Conflict(format!(
                    "item {} of this order was already sent to this provider",
                    i + 1
                )));
            }
            return Err(e);
        }
    }
    record(
        conn,
        &scope.client_id,
        &id,
        EventSource::Person,
        Some(&scope.user_id),
        None,
        FulfillmentStatus::Created,
        None,
        None,
    )
    .await?;
    get_any(conn, &scope.client_id, &id).await
}

#[allow(clippy::too_many_arguments)]
async fn record(
    conn: &mut Conn,
    client_id: &str,
    id: &str,
    source: EventSource,
    user_id: Option<&str>,
    from: Option<FulfillmentStatus>,
    to: FulfillmentStatus,
    provider_status: Option<&str>,
    note: Option<&str>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO fulfillment_order_events (id, client_id, fulfillment_order_id, source, user_id, from_status,
            to_status, provider_status, note, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(id)
    .bind(source.as_str())
    .bind(user_id)
    .bind(from.map(FulfillmentStatus::as_str))
    .bind(to.as_str())
    .bind(provider_status)
    .bind(note)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

const SELECT: &str = "SELECT f.* FROM fulfillment_orders f WHERE f.client_id = ";

/// STAFF see the fulfilment orders of their shops' orders, and the simple ones they made.
fn push_scope(sql: &mut Sql, scope: &Scope) {
    sql.bind(&scope.client_id);
    if scope.limited_to_assigned_shops() {
        sql.push(" AND (f.created_by_user_id = ")
            .bind(&scope.user_id)
            .push(" OR f.order_id IN (SELECT so.id FROM orders so WHERE so.client_id = ")
            .bind(&scope.client_id)
            .push(" AND so.shop_id IN ");
        scope.push_assigned_shops(sql);
        sql.push("))");
    }
}

/// One fulfilment order as `scope` may see it, with its items.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<FulfillmentOrder> {
    let mut sql = Sql::new(SELECT);
    push_scope(&mut sql, scope);
    sql.push(" AND f.id = ").bind(id);
    let row = sql
        .query()
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(DomainError::NotFound("fulfillment order"))?;
    let mut order = FulfillmentOrder::from_row(&row)?;
    attach_items(conn, std::slice::from_mut(&mut order)).await?;
    Ok(order)
}

/// One fulfilment order of a client, for jobs.
pub async fn get_any(conn: &mut Conn, client_id: &str, id: &str) -> Result<FulfillmentOrder> {
    get(conn, &Scope::for_client(client_id), id).await
}

/// The one fulfilment order a provider's order id belongs to.
pub async fn by_external(
    conn: &mut Conn,
    provider_id: &str,
    external_id: &str,
) -> Result<Option<FulfillmentOrder>> {
    let row =
        sqlx::query("SELECT * FROM fulfillment_orders WHERE provider_id = $1 AND external_id = $2")
            .bind(provider_id)
            .bind(external_id)
            .fetch_optional(&mut *conn)
            .await?;
    match row {
        Some(row) => {
            let mut order = FulfillmentOrder::from_row(&row)?;
            attach_items(conn, std::slice::from_mut(&mut order)).await?;
            Ok(Some(order))
        }
        None => Ok(None),
    }
}

async fn attach_items(conn: &mut Conn, orders: &mut [FulfillmentOrder]) -> Result<()> {
    for order in orders.iter_mut() {
        let rows = sqlx::query(
            "SELECT fi.*, oi.product_name FROM fulfillment_order_items fi
             LEFT JOIN order_items oi ON oi.id = fi.order_item_id
             WHERE fi.fulfillment_order_id = $1 ORDER BY fi.created_at, fi.id",
        )
        .bind(&order.id)
        .fetch_all(&mut *conn)
        .await?;
        order.items = rows
            .iter()
            .map(|r| {
                Ok(FulfillmentItem {
                    id: r.try_get("id")?,
                    order_item_id: r.try_get("order_item_id")?,
                    fulfillment_sku: r.try_get("fulfillment_sku")?,
                    quantity: r.try_get("quantity")?,
                    image: r.try_get("image")?,
                    design_front_url: r.try_get("design_front_url")?,
                    design_back_url: r.try_get("design_back_url")?,
                    bg_color_code: r.try_get("bg_color_code")?,
                    product_name: r.try_get("product_name")?,
                    cost_cents: r.try_get("cost_cents")?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
    }
    Ok(())
}

/// A page of the fulfilment orders `scope` may see, newest first.
pub async fn list(
    conn: &mut Conn,
    scope: &Scope,
    filter: &Filter,
    page: PageRequest,
) -> Result<Page<FulfillmentOrder>> {
    let mut count = Sql::new("SELECT COUNT(*) FROM fulfillment_orders f WHERE f.client_id = ");
    let mut rows = Sql::new(SELECT);
    for sql in [&mut count, &mut rows] {
        push_scope(sql, scope);
        push_filter(sql, scope, filter);
    }
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    rows.push(match (filter.sort, filter.ascending) {
        (SortField::CreatedAt, false) => " ORDER BY f.created_at DESC, f.id DESC",
        (SortField::CreatedAt, true) => " ORDER BY f.created_at ASC, f.id ASC",
        (SortField::UpdatedAt, false) => " ORDER BY f.updated_at DESC, f.id DESC",
        (SortField::UpdatedAt, true) => " ORDER BY f.updated_at ASC, f.id ASC",
        // Orders without a total last either way.
        (SortField::Total, false) => {
            " ORDER BY (CASE WHEN f.total_amount_cents IS NULL THEN 1 ELSE 0 END), f.total_amount_cents DESC, f.created_at DESC"
        }
        (SortField::Total, true) => {
            " ORDER BY (CASE WHEN f.total_amount_cents IS NULL THEN 1 ELSE 0 END), f.total_amount_cents ASC, f.created_at DESC"
        }
    });
    rows.push(" LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let found = rows.query().fetch_all(&mut *conn).await?;
    let mut items = found
        .iter()
        .map(FulfillmentOrder::from_row)
        .collect::<Result<Vec<_>>>()?;
    attach_items(conn, &mut items).await?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

fn push_filter(sql: &mut Sql, scope: &Scope, f: &Filter) {
    if let Some(status) = f.status {
        sql.push(" AND f.status = ").bind(status.as_str());
    }
    if let Some(provider) = &f.provider_id {
        sql.push(" AND f.provider_id = ").bind(provider);
    }
    if let Some(order) = &f.order_id {
        sql.push(" AND f.order_id = ").bind(order);
    }
    if let Some(search) = f.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let p = crate::catalogue::like_pattern(search);
        sql.push(" AND (LOWER(COALESCE(f.external_id, '')) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\' OR LOWER(COALESCE(f.ref_order_id, '')) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\' OR LOWER(f.shipping_name) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\' OR LOWER(COALESCE(f.tracking_number, '')) LIKE ")
            .bind(&p)
            .push(
                " ESCAPE '\\' OR f.order_id IN (SELECT so.id FROM orders so WHERE so.client_id = ",
            )
            .bind(&scope.client_id)
            .push(" AND LOWER(so.external_order_id) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\'))");
    }
}

/// The timeline, oldest first.
pub async fn events(conn: &mut Conn, client_id: &str, id: &str) -> Result<Vec<Event>> {
    let rows = sqlx::query(
        "SELECT * FROM fulfillment_order_events WHERE fulfillment_order_id = $1 AND client_id = $2
         ORDER BY created_at, id",
    )
    .bind(id)
    .bind(client_id)
    .fetch_all(&mut *conn)
    .await?;
    const T: &str = "fulfillment_order_events";
    rows.iter()
        .map(|r| {
            Ok(Event {
                source: stored::column(r, T, "source")?,
                user_id: r.try_get("user_id")?,
                from: stored::optional(r, T, "from_status")?,
                to: stored::column(r, T, "to_status")?,
                provider_status: r.try_get("provider_status")?,
                note: r.try_get("note")?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect()
}

/// What the provider answered to the create.
#[derive(Debug, Clone)]
pub struct Submitted<'a> {
    pub external_id: &'a str,
    pub provider_status: &'a str,
    pub stage: Stage,
    pub total_cents: Option<i64>,
    pub currency: Option<&'a str>,
    /// The tracking schedule's interval: the provider is first asked one interval on (at the
    /// next round when the create did not say what the order costs).
    pub poll_every: Duration,
}

/// Records the provider's copy, once: a second delivery of the same answer changes nothing.
/// The linked marketplace order moves to AWAITING_SHIPMENT and takes the provider's total as
/// its fulfilment cost.
pub async fn mark_submitted(
    conn: &mut Conn,
    order: &FulfillmentOrder,
    s: &Submitted<'_>,
) -> Result<bool> {
    let changed = sqlx::query(
        "UPDATE fulfillment_orders SET external_id = $1, submission = 'SUBMITTED', provider_status = $2, stage = $3,
            total_amount_cents = COALESCE($4, total_amount_cents), currency = COALESCE($5, currency), error = NULL,
            submitted_at = $6, updated_at = $6, next_track_at = COALESCE(next_track_at, $8)
         WHERE id = $7 AND submission <> 'SUBMITTED'",
    )
    .bind(s.external_id)
    .bind(s.provider_status)
    .bind(s.stage.as_str())
    .bind(s.total_cents)
    .bind(s.currency)
    .bind(time::now_db())
    .bind(&order.id)
    // A create that did not say what the order costs (Printify's) is read at the next round.
    .bind(if s.total_cents.is_some() {
        time::after(s.poll_every)
    } else {
        time::now_db()
    })
    .execute(&mut *conn)
    .await?;
    if changed.rows_affected() == 0 {
        return Ok(false);
    }
    record(
        conn,
        &order.client_id,
        &order.id,
        EventSource::System,
        None,
        Some(order.status),
        order.status,
        Some(s.provider_status),
        Some("sent to the provider"),
    )
    .await?;
    if let Some(order_id) = &order.order_id {
        follow_cost(conn, &order.client_id, order_id).await?;
        move_order(
            conn,
            &order.client_id,
            order_id,
            &[
                OrderStatus::AwaitingDesign,
                OrderStatus::AwaitingFulfillment,
            ],
            OrderStatus::AwaitingShipment,
        )
        .await?;
    }
    Ok(true)
}

/// The provider refused the order: the seller reads `error` and may send it again.
pub async fn mark_failed(conn: &mut Conn, order: &FulfillmentOrder, error: &str) -> Result<()> {
    sqlx::query(
        "UPDATE fulfillment_orders SET submission = 'FAILED', error = $1, updated_at = $2
         WHERE id = $3 AND submission = 'PENDING'",
    )
    .bind(error)
    .bind(time::now_db())
    .bind(&order.id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Queues a failed order again (`retryFulfillmentOrder`).
pub async fn resubmit(conn: &mut Conn, scope: &Scope, id: &str) -> Result<FulfillmentOrder> {
    let order = get(conn, scope, id).await?;
    if order.submission != Submission::Failed {
        return Err(DomainError::Conflict(
            "only an order the provider refused can be sent again".into(),
        ));
    }
    sqlx::query(
        "UPDATE fulfillment_orders SET submission = 'PENDING', error = NULL, updated_at = $1 WHERE id = $2 AND submission = 'FAILED'",
    )
    .bind(time::now_db())
    .bind(id)
    .execute(&mut *conn)
    .await?;
    get(conn, scope, id).await
}

/// A shipment the provider reported.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tracking {
    pub carrier: String,
    pub number: String,
    pub url: Option<String>,
}

/// What applying a provider's word did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    pub from: FulfillmentStatus,
    pub to: FulfillmentStatus,
    /// The tracking should now go back to the marketplace.
    pub ship_back: bool,
}

/// How long a provider's webhooks are trusted to report an order before the schedule asks.
pub const WEBHOOK_QUIET: Duration = Duration::from_secs(6 * 3600);
/// The least time between two reads of a shipped order: its delivery is news, not urgent.
pub const IN_TRANSIT_EVERY: Duration = Duration::from_secs(3600);

/// How long after a word about an order the schedule asks its provider again (`None`: never).
/// An account that reports by webhook is left to do so, unless the order's cost is still
/// unknown (webhooks do not carry it); a shipped order is read less often than one in
/// production; a closed one is read once more only for its cost.
pub fn next_read(
    to: FulfillmentStatus,
    reports_by_webhook: bool,
    cost_known: bool,
    poll_every: Duration,
) -> Option<Duration> {
    let read_at_provider = !reports_by_webhook;
    match to {
        FulfillmentStatus::Completed | FulfillmentStatus::Cancelled => {
            (!cost_known && !read_at_provider && to == FulfillmentStatus::Completed)
                .then_some(poll_every)
        }
        _ if !read_at_provider && cost_known => Some(WEBHOOK_QUIET),
        _ if !read_at_provider => Some(poll_every),
        FulfillmentStatus::InTransit => Some(poll_every.max(IN_TRANSIT_EVERY)),
        FulfillmentStatus::Created => Some(poll_every),
    }
}

/// Whether the account reports its orders by webhook ([`mark_reports_by_webhook`]).
pub async fn reports_by_webhook(conn: &mut Conn, provider_id: &str) -> Result<bool> {
    let at: Option<Option<String>> =
        sqlx::query_scalar("SELECT reports_by_webhook_at FROM fulfillment_providers WHERE id = $1")
            .bind(provider_id)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(at.flatten().is_some())
}

/// Records that the account reports by webhook: its webhook was registered through the
/// provider's API, or a signed one arrived.
pub async fn mark_reports_by_webhook(conn: &mut Conn, provider_id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE fulfillment_providers SET reports_by_webhook_at = $1
         WHERE id = $2 AND reports_by_webhook_at IS NULL",
    )
    .bind(time::now_db())
    .bind(provider_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// What a provider said of an order: by a read, a listing or a webhook.
#[derive(Debug, Clone, Copy)]
pub struct Report<'a> {
    pub stage: Stage,
    /// The provider's own words for it.
    pub provider_status: &'a str,
    pub tracking: Option<&'a Tracking>,
    /// The provider's total, when the report carries it (a webhook does not).
    pub total_cents: Option<i64>,
    pub currency: Option<&'a str>,
}

/// Applies where the provider says the order is, forward only: a late or repeated report never
/// takes it back. Tracking is kept from the first shipment reported; the total is taken when
/// first known. `poll_every` is the tracking schedule's interval ([`next_read`]).
pub async fn apply_stage(
    conn: &mut Conn,
    order: &FulfillmentOrder,
    report: &Report<'_>,
    source: EventSource,
    poll_every: Duration,
) -> Result<Applied> {
    let Report {
        stage,
        provider_status,
        tracking,
        total_cents,
        currency,
    } = *report;
    let mut to = stage.status();
    if to.rank() < order.status.rank() || !order.status.is_open() {
        to = order.status;
    }
    // Shipped without a tracking number is not yet in transit for the marketplace.
    if to == FulfillmentStatus::InTransit && tracking.is_none() && order.tracking_number.is_none() {
        to = order.status;
    }
    let reports_by_webhook = matches!(source, EventSource::Webhook)
        || reports_by_webhook(conn, &order.provider_id).await?;
    let now = time::now_db();
    let new_cost = order.total_amount_cents.is_none() && total_cents.is_some();
    let cost_known = order.total_amount_cents.is_some() || total_cents.is_some();
    let changed = sqlx::query(
        "UPDATE fulfillment_orders SET status = $1, stage = $2, provider_status = $3,
            tracking_number = COALESCE(tracking_number, $4), tracking_company = COALESCE(tracking_company, $5),
            tracking_url = COALESCE(tracking_url, $6), last_tracked_at = $7, updated_at = $7,
            delivered_at = CASE WHEN $1 = 'COMPLETED' THEN COALESCE(delivered_at, $7) ELSE delivered_at END,
            next_track_at = $10, total_amount_cents = COALESCE(total_amount_cents, $11),
            currency = CASE WHEN total_amount_cents IS NULL THEN COALESCE($12, currency) ELSE currency END
         WHERE id = $8 AND status = $9",
    )
    .bind(to.as_str())
    .bind(stage.as_str())
    .bind(provider_status)
    .bind(tracking.map(|t| t.number.as_str()))
    .bind(tracking.map(|t| t.carrier.as_str()))
    .bind(tracking.and_then(|t| t.url.as_deref()))
    .bind(&now)
    .bind(&order.id)
    .bind(order.status.as_str())
    .bind(next_read(to, reports_by_webhook, cost_known, poll_every).map(time::after))
    .bind(total_cents)
    .bind(currency)
    .execute(&mut *conn)
    .await?;
    if changed.rows_affected() == 0 {
        // Someone moved it meanwhile: theirs is the newer word.
        return Ok(Applied {
            from: order.status,
            to: order.status,
            ship_back: false,
        });
    }
    if to != order.status {
        record(
            conn,
            &order.client_id,
            &order.id,
            source,
            None,
            Some(order.status),
            to,
            Some(provider_status),
            None,
        )
        .await?;
        if to == FulfillmentStatus::Cancelled
            && let Some(order_id) = &order.order_id
        {
            release_items(conn, &order.id).await?;
            follow_cost(conn, &order.client_id, order_id).await?;
        }
    }
    if new_cost
        && to != FulfillmentStatus::Cancelled
        && let Some(order_id) = &order.order_id
    {
        follow_cost(conn, &order.client_id, order_id).await?;
    }
    let has_tracking = tracking.is_some() || order.tracking_number.is_some();
    Ok(Applied {
        from: order.status,
        to,
        ship_back: has_tracking
            && matches!(
                to,
                FulfillmentStatus::InTransit | FulfillmentStatus::Completed
            )
            && order.order_id.is_some()
            && order.shipped_back_at.is_none(),
    })
}

/// Notes that tracking was read (nothing changed): the schedule asks again `after` from now.
pub async fn tracked(conn: &mut Conn, id: &str, after: Duration) -> Result<()> {
    sqlx::query(
        "UPDATE fulfillment_orders SET last_tracked_at = $1, next_track_at = $2 WHERE id = $3",
    )
    .bind(time::now_db())
    .bind(time::after(after))
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Records that the marketplace took the tracking: `true` for the one caller that recorded it
/// (the others found it recorded).
pub async fn mark_shipped_back(conn: &mut Conn, id: &str) -> Result<bool> {
    let now = time::now_db();
    let marked = sqlx::query(
        "UPDATE fulfillment_orders SET shipped_back_at = $1, ship_back_error = NULL, updated_at = $1
         WHERE id = $2 AND shipped_back_at IS NULL",
    )
    .bind(&now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(marked.rows_affected() == 1)
}

/// The marketplace took the tracking: the linked order is FULFILLED.
pub async fn shipped_back(conn: &mut Conn, order: &FulfillmentOrder) -> Result<()> {
    record(
        conn,
        &order.client_id,
        &order.id,
        EventSource::System,
        None,
        Some(order.status),
        order.status,
        order.provider_status.as_deref(),
        Some("tracking sent to the marketplace"),
    )
    .await?;
    if let Some(order_id) = &order.order_id {
        move_order(
            conn,
            &order.client_id,
            order_id,
            &[
                OrderStatus::AwaitingDesign,
                OrderStatus::AwaitingFulfillment,
                OrderStatus::AwaitingShipment,
            ],
            OrderStatus::Fulfilled,
        )
        .await?;
    }
    Ok(())
}

/// The marketplace SKUs a fulfilment order ships and how many of each: the seller SKU (else
/// the marketplace's item id) of each item's marketplace order item, summed. What a write-back
/// names to a marketplace that confirms shipment by line (Amazon, Walmart); empty when no item
/// came from the marketplace order.
pub async fn marketplace_skus(conn: &mut Conn, id: &str) -> Result<Vec<(String, i64)>> {
    let rows = sqlx::query(
        "SELECT COALESCE(oi.seller_sku, oi.external_item_id) AS sku, CAST(SUM(fi.quantity) AS BIGINT) AS quantity
         FROM fulfillment_order_items fi JOIN order_items oi ON oi.id = fi.order_item_id
         WHERE fi.fulfillment_order_id = $1
         GROUP BY COALESCE(oi.seller_sku, oi.external_item_id) ORDER BY 1",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("sku")?, r.try_get("quantity")?)))
        .collect()
}

/// The marketplace refused the tracking for good: the reason is kept for the seller, and the
/// cron stops asking until the seller retries.
pub async fn ship_back_failed(conn: &mut Conn, id: &str, error: &str) -> Result<()> {
    sqlx::query(
        "UPDATE fulfillment_orders SET ship_back_error = $1, updated_at = $2 WHERE id = $3 AND shipped_back_at IS NULL",
    )
    .bind(error)
    .bind(time::now_db())
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The seller asks the marketplace again to take a tracking it refused.
pub async fn ship_back_retry(conn: &mut Conn, id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE fulfillment_orders SET ship_back_error = NULL, updated_at = $1 WHERE id = $2 AND shipped_back_at IS NULL",
    )
    .bind(time::now_db())
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// An order the tracking schedule reads now.
#[derive(Debug, Clone)]
pub struct Due {
    pub id: String,
    pub client_id: String,
    pub provider_id: String,
    pub external_id: String,
    pub submitted_at: time::Timestamp,
}

/// Orders whose next read is due (submitted, not cancelled: open ones, and closed ones whose
/// cost is still unknown), longest due first, claimed for one interval.
pub async fn due_for_tracking(
    conn: &mut Conn,
    limit: i64,
    poll_every: Duration,
) -> Result<Vec<Due>> {
    // The claim moves the orders' next read on, so a round running beside this one (another
    // worker, a slow earlier tick) takes others; the outer test of `next_track_at` makes a
    // row another round claimed meanwhile drop out under PostgreSQL's row locks.
    let now = time::now_db();
    let rows = sqlx::query(
        "UPDATE fulfillment_orders SET next_track_at = $1
         WHERE id IN (
             SELECT id FROM fulfillment_orders
             WHERE next_track_at <= $2 AND submission = 'SUBMITTED' AND status <> 'CANCELLED'
                AND external_id IS NOT NULL
             ORDER BY next_track_at LIMIT $3
         ) AND next_track_at <= $2
         RETURNING id, client_id, provider_id, external_id, COALESCE(submitted_at, created_at) AS submitted_at",
    )
    .bind(time::after(poll_every))
    .bind(&now)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Due {
                id: r.try_get("id")?,
                client_id: r.try_get("client_id")?,
                provider_id: r.try_get("provider_id")?,
                external_id: r.try_get("external_id")?,
                submitted_at: time::from_db(&r.try_get::<String, _>("submitted_at")?),
            })
        })
        .collect()
}

/// Whether the provider account has orders sent (or sent again) within `recent` whose provider
/// order is not made yet. Orders waiting to be made are few at any time, so this reads a short
/// stretch of the open-orders index (submission first).
pub async fn creates_waiting(conn: &mut Conn, provider_id: &str, recent: Duration) -> Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM fulfillment_orders
         WHERE submission = 'PENDING' AND status <> 'CANCELLED' AND provider_id = $1
            AND updated_at >= $2
         LIMIT 1",
    )
    .bind(provider_id)
    .bind(time::before(recent))
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Puts the next read of orders a round claimed off by `wait`, without counting it as a read
/// (their last word stays what it was).
pub async fn put_off_tracking(conn: &mut Conn, ids: &[&str], wait: Duration) -> Result<()> {
    let next = time::after(wait);
    for id in ids {
        sqlx::query("UPDATE fulfillment_orders SET next_track_at = $1 WHERE id = $2")
            .bind(&next)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Orders still waiting for the write-back (tracking known, not yet accepted by the marketplace,
/// no refusal on record) for at least `waited` — the write-back queued with the tracking had
/// its chance — for the cron to try again.
pub async fn due_for_ship_back(
    conn: &mut Conn,
    limit: i64,
    waited: Duration,
) -> Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT id, client_id FROM fulfillment_orders
         WHERE order_id IS NOT NULL AND tracking_number IS NOT NULL AND shipped_back_at IS NULL
            AND ship_back_error IS NULL AND status IN ('IN_TRANSIT', 'COMPLETED')
            AND updated_at <= $2
         ORDER BY updated_at LIMIT $1",
    )
    .bind(limit)
    .bind(time::before(waited))
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("client_id")?)))
        .collect()
}

/// Cancels locally after the provider agreed (or before it had the order).
pub async fn cancel(
    conn: &mut Conn,
    scope: &Scope,
    order: &FulfillmentOrder,
    provider_status: Option<&str>,
) -> Result<()> {
    let changed = sqlx::query(
        "UPDATE fulfillment_orders SET status = 'CANCELLED', stage = 'CANCELLED',
            provider_status = COALESCE($1, provider_status), updated_at = $2
         WHERE id = $3 AND status = $4",
    )
    .bind(provider_status)
    .bind(time::now_db())
    .bind(&order.id)
    .bind(order.status.as_str())
    .execute(&mut *conn)
    .await?;
    if changed.rows_affected() == 0 {
        return Err(DomainError::Conflict(
            "the fulfilment order changed meanwhile; reload it".into(),
        ));
    }
    record(
        conn,
        &scope.client_id,
        &order.id,
        EventSource::Person,
        Some(&scope.user_id),
        Some(order.status),
        FulfillmentStatus::Cancelled,
        provider_status,
        None,
    )
    .await?;
    release_items(conn, &order.id).await?;
    if let Some(order_id) = &order.order_id {
        follow_cost(conn, &scope.client_id, order_id).await?;
        move_order(
            conn,
            &scope.client_id,
            order_id,
            &[OrderStatus::AwaitingShipment],
            OrderStatus::AwaitingFulfillment,
        )
        .await?;
    }
    Ok(())
}

/// A cancelled order's items may go to the same provider again: the link to the marketplace
/// item (one provider order per item and provider) is let go; the order-level link stays.
async fn release_items(conn: &mut Conn, id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE fulfillment_order_items SET order_item_id = NULL WHERE fulfillment_order_id = $1",
    )
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The marketplace order's fulfilment cost is what its open and done provider orders cost; the
/// net amount follows.
async fn follow_cost(conn: &mut Conn, client_id: &str, order_id: &str) -> Result<()> {
    let cost: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(total_amount_cents), 0) AS BIGINT) FROM fulfillment_orders
         WHERE order_id = $1 AND client_id = $2 AND status <> 'CANCELLED'",
    )
    .bind(order_id)
    .bind(client_id)
    .fetch_one(&mut *conn)
    .await?;
    let row = sqlx::query(
        "SELECT total_amount_cents, commission_fee_cents, transaction_fee_cents, shipping_fee_cents, refund_amount_cents
         FROM orders WHERE id = $1 AND client_id = $2",
    )
    .bind(order_id)
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(()) };
    let total: i64 = row.try_get("total_amount_cents")?;
    let fees: i64 = row.try_get::<i64, _>("commission_fee_cents")?
        + row.try_get::<i64, _>("transaction_fee_cents")?
        + row.try_get::<i64, _>("shipping_fee_cents")?;
    let refund: i64 = row.try_get("refund_amount_cents")?;
    sqlx::query(
        "UPDATE orders SET fulfillment_cost_cents = $1, net_amount_cents = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(cost)
    .bind(Profit::net_of(total, fees, cost, refund))
    .bind(time::now_db())
    .bind(order_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Moves the marketplace order to `to` when it is in one of `from` (the marketplace's later
/// statuses always win), with a timeline row by FULFILLMENT.
async fn move_order(
    conn: &mut Conn,
    client_id: &str,
    order_id: &str,
    from: &[OrderStatus],
    to: OrderStatus,
) -> Result<()> {
    let current: Option<String> =
        sqlx::query_scalar("SELECT status FROM orders WHERE id = $1 AND client_id = $2")
            .bind(order_id)
            .bind(client_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(current) = current else {
        return Ok(());
    };
    let current: OrderStatus = stored::decode("orders", "status", &current)?;
    if !from.contains(&current) {
        return Ok(());
    }
    let moved = sqlx::query("UPDATE orders SET status = $1 WHERE id = $2 AND status = $3")
        .bind(to.as_str())
        .bind(order_id)
        .bind(current.as_str())
        .execute(&mut *conn)
        .await?;
    if moved.rows_affected() == 1 {
        timeline::record(
            conn,
            client_id,
            order_id,
            &Change {
                source: OrderEventSource::Fulfillment,
                user_id: None,
                from: Some(current),
                to,
                marketplace_status: None,
            },
        )
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const POLL: Duration = Duration::from_secs(900);

    #[test]
    fn an_account_that_reports_by_webhook_is_read_only_for_costs_and_as_a_backstop() {
        use FulfillmentStatus::*;
        // Polled: every round in production, hourly once shipped, never once closed.
        assert_eq!(next_read(Created, false, true, POLL), Some(POLL));
        assert_eq!(
            next_read(InTransit, false, true, POLL),
            Some(IN_TRANSIT_EVERY)
        );
        assert_eq!(next_read(Completed, false, false, POLL), None);
        // Reporting by webhook: read while the cost is unknown, then left to its webhooks.
        assert_eq!(next_read(Created, true, false, POLL), Some(POLL));
        assert_eq!(next_read(Created, true, true, POLL), Some(WEBHOOK_QUIET));
        assert_eq!(next_read(InTransit, true, true, POLL), Some(WEBHOOK_QUIET));
        assert_eq!(next_read(Completed, true, false, POLL), Some(POLL));
        assert_eq!(next_read(Completed, true, true, POLL), None);
        assert_eq!(next_read(Cancelled, true, false, POLL), None);
    }
}
