//! The order desk: what sellers read of their orders (lists, summaries, deadlines, sold
//! products, a chart per day) and the moves they may make by hand.
//!
//! A filter comes in as the seller wrote it ([`Filter`]: dates as local days, a timezone) and is
//! resolved once into an [`OrderQuery`] of UTC instants, which every read shares and an export
//! stores, so a list, its summary and its CSV count the same orders.
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::OrderStatus;
use super::timeline::{self, Change, EventSource};
use crate::catalogue::like_pattern;
use crate::db::{Conn, LazyConn, Sql};
use crate::settings::{self, SettingKey};
use crate::shops::SaleChannel;
use crate::{DomainError, Result, Scope, stored, time};

/// Statuses of an order the seller still has to get out of the door: what the ship-by deadline
/// is counted against.
pub const TO_SHIP: [OrderStatus; 3] = [
    OrderStatus::AwaitingDesign,
    OrderStatus::AwaitingFulfillment,
    OrderStatus::AwaitingShipment,
];

/// How long before its ship-by time an order counts as due soon.
pub const DUE_SOON: Duration = Duration::hours(24);

/// Most shops a filter may name.
pub const MAX_SHOPS: usize = 100;
/// Longest range of the chart per day.
pub const MAX_STAT_DAYS: i64 = 400;
/// Days the chart shows when the filter names no start.
pub const DEFAULT_STAT_DAYS: i64 = 30;

// ------------------------------------------------------------------ the state machine

impl OrderStatus {
    /// The statuses a person may move an order to from this one; `held` while the marketplace
    /// holds the order ([`MarketplaceStage::is_held`](super::MarketplaceStage::is_held)).
    ///
    /// Before the parcel leaves, the seller drives the order (design → fulfilment → shipment →
    /// fulfilled) and may step back one stage to correct a mistake. IN_TRANSIT, DELIVERED,
    /// COMPLETED and CANCELLED are the marketplace's word and are never set by hand; after them
    /// the one manual move is REFUNDED (money given back outside the marketplace's flow).
    /// While the marketplace holds an order (TikTok UNPAID, ON_HOLD; Amazon Pending: the buyer
    /// may still cancel for free) it cannot be marked as shipped or fulfilled.
    pub fn manual_moves(self, held: bool) -> Vec<OrderStatus> {
        use OrderStatus::*;
        let moves: &[OrderStatus] = match self {
            AwaitingDesign => &[AwaitingFulfillment],
            AwaitingFulfillment => &[AwaitingDesign, AwaitingShipment, Fulfilled],
            AwaitingShipment => &[AwaitingFulfillment, Fulfilled],
            Fulfilled => &[AwaitingShipment],
            InTransit | Delivered | Completed | Cancelled => &[Refunded],
            Refunded => &[],
        };
        moves
            .iter()
            .copied()
            .filter(|to| !(held && matches!(to, AwaitingShipment | Fulfilled)))
            .collect()
    }

    pub fn is_to_ship(self) -> bool {
        TO_SHIP.contains(&self)
    }
}

/// The CONFLICT a refused move answers: what the order may move to instead.
pub fn illegal_move(from: OrderStatus, to: OrderStatus, allowed: &[OrderStatus]) -> DomainError {
    let names: Vec<&str> = allowed.iter().map(|s| s.as_str()).collect();
    let what = if from == to {
        format!("the order is already {}", from.as_str())
    } else {
        format!(
            "an order cannot move from {} to {} by hand",
            from.as_str(),
            to.as_str()
        )
    };
    DomainError::Conflict(match names.as_slice() {
        [] => format!("{what}; {} is final", from.as_str()),
        _ => format!("{what}; allowed: {}", names.join(", ")),
    })
}

// ------------------------------------------------------------------ rows

/// What the order earns: the sale, what the marketplace keeps, what fulfilment costs, what was
/// refunded, and the net of it all (cents).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Profit {
    pub sale_cents: i64,
    pub commission_fee_cents: i64,
    pub transaction_fee_cents: i64,
    pub shipping_fee_cents: i64,
    /// False while the fees are estimated from the shop's rates.
    pub fees_settled: bool,
    pub fulfillment_cost_cents: i64,
    pub refund_cents: i64,
    /// As stored (`net_amount_cents`), the figure the summary sums.
    pub net_cents: i64,
}

impl Profit {
    pub fn fees_cents(&self) -> i64 {
        self.commission_fee_cents + self.transaction_fee_cents + self.shipping_fee_cents
    }

    /// The net of an order's terms: what whoever changes one of them stores as
    /// `net_amount_cents`.
    pub fn net_of(
        sale_cents: i64,
        fees_cents: i64,
        fulfillment_cost_cents: i64,
        refund_cents: i64,
    ) -> i64 {
        sale_cents - fees_cents - fulfillment_cost_cents - refund_cents
    }
}

#[derive(Debug, Clone)]
pub struct Order {
    pub id: String,
    pub client_id: String,
    pub shop_id: String,
    pub shop_name: String,
    pub sale_channel: SaleChannel,
    pub external_order_id: String,
    pub owner: Option<Owner>,
    pub status: OrderStatus,
    pub marketplace_status: Option<String>,
    pub buyer_email: Option<String>,
    pub buyer_message: Option<String>,
    pub recipient_name: Option<String>,
    pub recipient_phone: Option<String>,
    pub recipient_address: Option<String>,
    pub recipient_address1: Option<String>,
    pub recipient_address2: Option<String>,
    pub recipient_city: Option<String>,
    pub recipient_state: Option<String>,
    pub recipient_region_code: Option<String>,
    pub recipient_postal_code: Option<String>,
    pub currency: String,
    pub total_cents: i64,
    pub refund_cents: i64,
    pub revenue_estimate_cents: i64,
    pub profit: Profit,
    pub shipping_type: Option<String>,
    pub tracking_number: Option<String>,
    pub shipping_provider: Option<String>,
    pub cancel_reason: Option<String>,
    pub ordered_at: time::Timestamp,
    pub paid_at: Option<time::Timestamp>,
    pub ship_by_at: Option<time::Timestamp>,
    pub created_at: time::Timestamp,
    pub updated_at: time::Timestamp,
    /// Filled by [`list`], [`rows`] and [`get`].
    pub items: Vec<OrderItem>,
}

#[derive(Debug, Clone)]
pub struct Owner {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
}

impl Order {
    /// Past its ship-by time and not shipped.
    pub fn is_late(&self, now: time::Timestamp) -> bool {
        self.status.is_to_ship() && self.ship_by_at.is_some_and(|at| at < now)
    }

    /// Due within [`DUE_SOON`] and not shipped (and not late yet).
    pub fn is_due_soon(&self, now: time::Timestamp) -> bool {
        self.status.is_to_ship()
            && self
                .ship_by_at
                .is_some_and(|at| at >= now && at < now + DUE_SOON)
    }

    pub fn allowed_moves(&self) -> Vec<OrderStatus> {
        let held = self
            .marketplace_status
            .as_deref()
            .is_some_and(|m| super::MarketplaceStage::of(self.sale_channel, m).is_held());
        self.status.manual_moves(held)
    }

    fn from_row(row: &AnyRow) -> Result<Order> {
        let owner = match row.try_get::<Option<String>, _>("owner_user_id")? {
            Some(id) => Some(Owner {
                id,
                first_name: row
                    .try_get::<Option<String>, _>("owner_first_name")?
                    .unwrap_or_default(),
                last_name: row
                    .try_get::<Option<String>, _>("owner_last_name")?
                    .unwrap_or_default(),
            }),
            None => None,
        };
        let total_cents: i64 = row.try_get("total_amount_cents")?;
        let refund_cents: i64 = row.try_get("refund_amount_cents")?;
        Ok(Order {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            shop_id: row.try_get("shop_id")?,
            shop_name: row.try_get("shop_name")?,
            sale_channel: stored::column(row, "shops", "sale_channel")?,
            external_order_id: row.try_get("external_order_id")?,
            owner,
            status: stored::column(row, "orders", "status")?,
            marketplace_status: row.try_get("marketplace_status")?,
            buyer_email: row.try_get("buyer_email")?,
            buyer_message: row.try_get("buyer_message")?,
            recipient_name: row.try_get("recipient_name")?,
            recipient_phone: row.try_get("recipient_phone")?,
            recipient_address: row.try_get("recipient_address")?,
            recipient_address1: row.try_get("recipient_address1")?,
            recipient_address2: row.try_get("recipient_address2")?,
            recipient_city: row.try_get("recipient_city")?,
            recipient_state: row.try_get("recipient_state")?,
            recipient_region_code: row.try_get("recipient_region_code")?,
            recipient_postal_code: row.try_get("recipient_postal_code")?,
            currency: row.try_get("currency")?,
            total_cents,
            refund_cents,
            revenue_estimate_cents: row.try_get("revenue_estimate_cents")?,
            profit: Profit {
                sale_cents: total_cents,
                commission_fee_cents: row.try_get("commission_fee_cents")?,
                transaction_fee_cents: row.try_get("transaction_fee_cents")?,
                shipping_fee_cents: row.try_get("shipping_fee_cents")?,
                fees_settled: row.try_get::<i64, _>("fees_settled_flag")? != 0,
                fulfillment_cost_cents: row.try_get("fulfillment_cost_cents")?,
                refund_cents,
                net_cents: row.try_get("net_amount_cents")?,
            },
            shipping_type: row.try_get("shipping_type")?,
            tracking_number: row.try_get("tracking_number")?,
            shipping_provider: row.try_get("shipping_provider")?,
            cancel_reason: row.try_get("cancel_reason")?,
            ordered_at: time::from_db(&row.try_get::<String, _>("ordered_at")?),
            paid_at: optional_time(row, "paid_at")?,
            ship_by_at: optional_time(row, "ship_by_at")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
            updated_at: time::from_db(&row.try_get::<String, _>("updated_at")?),
            items: Vec::new(),
        })
    }
}

fn optional_time(row: &AnyRow, column: &str) -> Result<Option<time::Timestamp>> {
    Ok(row
        .try_get::<Option<String>, _>(column)?
        .map(|t| time::from_db(&t)))
}

#[derive(Debug, Clone)]
pub struct OrderItem {
    pub id: String,
    pub order_id: String,
    pub product_name: String,
    pub sku_name: Option<String>,
    pub sku_image: Option<String>,
    pub quantity: i64,
    pub sale_price_cents: i64,
    pub original_price_cents: i64,
    pub seller_product_id: Option<String>,
    pub external_product_id: Option<String>,
    pub origin_product_url: Option<String>,
    pub seller_sku: Option<String>,
    pub external_sku_id: Option<String>,
    /// The local catalogue's product, when the SKU is one of ours.
    pub product_id: Option<String>,
}

impl OrderItem {
    fn from_row(row: &AnyRow) -> Result<OrderItem> {
        Ok(OrderItem {
            id: row.try_get("id")?,
            order_id: row.try_get("order_id")?,
            product_name: row.try_get("product_name")?,
            sku_name: row.try_get("sku_name")?,
            sku_image: row.try_get("sku_image")?,
            quantity: row.try_get("quantity")?,
            sale_price_cents: row.try_get("sale_price_cents")?,
            original_price_cents: row.try_get("original_price_cents")?,
            seller_product_id: row.try_get("seller_product_id")?,
            external_product_id: row.try_get("external_product_id")?,
            origin_product_url: row.try_get("origin_product_url")?,
            seller_sku: row.try_get("seller_sku")?,
            external_sku_id: row.try_get("external_sku_id")?,
            product_id: row.try_get("product_id")?,
        })
    }
}

/// One row of an order's timeline.
#[derive(Debug, Clone)]
pub struct OrderEvent {
    pub id: String,
    pub source: EventSource,
    pub user: Option<Owner>,
    pub from: Option<OrderStatus>,
    pub to: OrderStatus,
    pub marketplace_status: Option<String>,
    pub created_at: time::Timestamp,
}

// ------------------------------------------------------------------ filters

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum SortField {
    #[default]
    OrderedAt,
    Total,
    ShipBy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum SortDirection {
    Asc,
    #[default]
    Desc,
}

/// Orders by their ship-by deadline: the need-action cards open the list with one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum Deadline {
    /// Still to ship, ship-by within the next 24 hours.
    DueSoon,
    /// Still to ship, ship-by passed.
    Overdue,
}

/// A filter as the seller gave it.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub search: Option<String>,
    pub status: Option<OrderStatus>,
    pub shop_ids: Vec<String>,
    pub sale_channel: Option<SaleChannel>,
    /// A local day (YYYY-MM-DD, from its first instant) or an RFC 3339 instant.
    pub from: Option<String>,
    /// A local day (YYYY-MM-DD, through its last instant) or an RFC 3339 instant (inclusive).
    pub to: Option<String>,
    /// The zone local days are read in when the user has no TIMEZONE setting (the browser's).
    pub timezone: Option<String>,
    pub deadline: Option<Deadline>,
    pub sort: Option<SortField>,
    pub direction: Option<SortDirection>,
}

/// A filter resolved: UTC instants, the zone it was read in, and the moment deadlines count
/// from. Serialisable, so an export runs the query as it was asked.
#[derive(Debug, Clone)]
pub struct OrderQuery {
    pub search: Option<String>,
    pub status: Option<OrderStatus>,
    pub shop_ids: Vec<String>,
    pub sale_channel: Option<SaleChannel>,
    /// Inclusive.
    pub from: Option<time::Timestamp>,
    /// Exclusive.
    pub to: Option<time::Timestamp>,
    pub deadline: Option<Deadline>,
    pub sort: SortField,
    pub direction: SortDirection,
    pub timezone: Tz,
    pub now: time::Timestamp,
    /// Only orders Sellerdesk had seen by then (an export's fixed set).
    pub seen_by: Option<time::Timestamp>,
}

/// The stored form of an [`OrderQuery`]: text, so that it reads back strictly.
#[derive(Serialize, Deserialize)]
struct StoredQuery {
    search: Option<String>,
    status: Option<String>,
    shop_ids: Vec<String>,
    sale_channel: Option<String>,
    from: Option<String>,
    to: Option<String>,
    deadline: Option<String>,
    sort: String,
    direction: String,
    timezone: String,
    now: String,
    seen_by: Option<String>,
}

impl OrderQuery {
    pub fn to_json(&self) -> String {
        let stored = StoredQuery {
            search: self.search.clone(),
            status: self.status.map(|s| s.as_str().to_owned()),
            shop_ids: self.shop_ids.clone(),
            sale_channel: self.sale_channel.map(|c| c.as_str().to_owned()),
            from: self.from.map(time::to_db),
            to: self.to.map(time::to_db),
            deadline: self.deadline.map(|d| <&str>::from(d).to_owned()),
            sort: <&str>::from(self.sort).to_owned(),
            direction: <&str>::from(self.direction).to_owned(),
            timezone: self.timezone.name().to_owned(),
            now: time::to_db(self.now),
            seen_by: self.seen_by.map(time::to_db),
        };
        // A struct of strings always serialises.
        serde_json::to_string(&stored).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<OrderQuery> {
        const T: &str = "order_exports";
        const C: &str = "filter";
        let s: StoredQuery = serde_json::from_str(text).map_err(|e| {
            tracing::error!(error = %e, "an export's stored filter does not read back");
            DomainError::UnknownValue {
                table: T,
                column: C,
            }
        })?;
        let opt = |v: Option<String>| v.map(|t| time::from_db(&t));
        Ok(OrderQuery {
            search: s.search,
            status: s.status.map(|v| stored::decode(T, C, &v)).transpose()?,
            shop_ids: s.shop_ids,
            sale_channel: s
                .sale_channel
                .map(|v| stored::decode(T, C, &v))
                .transpose()?,
            from: opt(s.from),
            to: opt(s.to),
            deadline: s.deadline.map(|v| stored::decode(T, C, &v)).transpose()?,
            sort: stored::decode(T, C, &s.sort)?,
            direction: stored::decode(T, C, &s.direction)?,
            timezone: stored::decode(T, C, &s.timezone)?,
            now: time::from_db(&s.now),
            seen_by: opt(s.seen_by),
        })
    }
}

/// The zone a user's dates are read in: their TIMEZONE setting, else `fallback` (the browser's,
/// checked), else UTC.
pub async fn timezone_of(conn: &mut Conn, user_id: &str, fallback: Option<&str>) -> Result<Tz> {
    let settings = settings::list(conn, user_id).await?;
    let saved = settings
        .iter()
        .find(|s| s.name == SettingKey::Timezone)
        .map(|s| s.value.as_str());
    timezone(saved, fallback)
}

/// The zone dates are read in: the user's saved one, else the filter's, else UTC.
pub fn timezone(saved: Option<&str>, fallback: Option<&str>) -> Result<Tz> {
    if let Some(tz) = saved.and_then(|s| s.parse::<Tz>().ok()) {
        return Ok(tz);
    }
    match fallback.map(str::trim).filter(|t| !t.is_empty()) {
        Some(name) => name.parse::<Tz>().map_err(|_| {
            DomainError::bad_input("timezone", format!("'{name}' is not an IANA time zone"))
        }),
        None => Ok(Tz::UTC),
    }
}

/// The caller's saved time zone setting, when the session has read it already.
#[derive(Debug, Clone, Copy)]
pub enum SavedTimezone<'a> {
    Unread,
    Read(Option<&'a str>),
}

/// The first instant of a local day; a day whose midnight a clock change skips starts when the
/// clock does.
pub fn start_of_day(day: NaiveDate, tz: Tz) -> time::Timestamp {
    let midnight = day.and_time(NaiveTime::MIN);
    (0..=4)
        .find_map(|h| {
            tz.from_local_datetime(&(midnight + Duration::hours(h)))
                .earliest()
        })
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&midnight))
}

/// Reads one bound of a date range: `end` makes a local day's bound exclusive (the next day's
/// start) and an instant inclusive.
pub fn parse_bound(field: &str, raw: &str, tz: Tz, end: bool) -> Result<time::Timestamp> {
    let raw = raw.trim();
    if let Ok(day) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        let day = if end {
            day.succ_opt()
                .ok_or_else(|| DomainError::bad_input(field, "the date is out of range"))?
        } else {
            day
        };
        return Ok(start_of_day(day, tz));
    }
    match DateTime::parse_from_rfc3339(raw) {
        Ok(at) => {
            let at = at.with_timezone(&Utc);
            Ok(if end {
                at + Duration::milliseconds(1)
            } else {
                at
            })
        }
        Err(_) => Err(DomainError::bad_input(
            field,
            format!("'{raw}' is neither a day (YYYY-MM-DD) nor an RFC 3339 time"),
        )),
    }
}

impl Filter {
    /// Checks and resolves the filter for a scope, at `now`. Shops must be the scope's (STAFF:
    /// assigned); another client's shop is NOT_FOUND.
    pub async fn resolve(
        self,
        conn: &mut LazyConn<'_>,
        scope: &Scope,
        now: time::Timestamp,
        saved_timezone: SavedTimezone<'_>,
    ) -> Result<OrderQuery> {
        let timezone = match saved_timezone {
            SavedTimezone::Read(saved) => timezone(saved, self.timezone.as_deref())?,
            SavedTimezone::Unread => {
                timezone_of(conn.get().await?, &scope.user_id, self.timezone.as_deref()).await?
            }
        };
        let from = self
            .from
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|f| parse_bound("from", f, timezone, false))
            .transpose()?;
        let to = self
            .to
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|t| parse_bound("to", t, timezone, true))
            .transpose()?;
        if let (Some(f), Some(t)) = (from, to)
            && t <= f
        {
            return Err(DomainError::bad_input("to", "must not be before from"));
        }
        if self.shop_ids.len() > MAX_SHOPS {
            return Err(DomainError::bad_input(
                "shopIds",
                format!("at most {MAX_SHOPS} shops"),
            ));
        }
        let mut shop_ids: Vec<String> = Vec::with_capacity(self.shop_ids.len());
        for id in self.shop_ids {
            if !shop_ids.contains(&id) {
                crate::shops::get(conn.get().await?, scope, &id).await?;
                shop_ids.push(id);
            }
        }
        let search = self
            .search
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        if search.as_ref().is_some_and(|s| s.chars().count() > 200) {
            return Err(DomainError::bad_input("search", "at most 200 characters"));
        }
        Ok(OrderQuery {
            search,
            status: self.status,
            shop_ids,
            sale_channel: self.sale_channel,
            from,
            to,
            deadline: self.deadline,
            sort: self.sort.unwrap_or_default(),
            direction: self.direction.unwrap_or_default(),
            timezone,
            now,
            seen_by: None,
        })
    }
}

// No join: every condition is on `orders` (the channel through a subquery), so a count with a
// status, dates and a search is answered from the covering index alone.
const FROM: &str = " FROM orders o WHERE o.client_id = ";
// The columns are named, not `o.*`: 0010 declared fees_settled BOOLEAN on SQLite too, a type
// sqlx's Any driver cannot decode there (it maps every column of a row), so it is read through
// an expression, whose value is a plain integer on both databases.
macro_rules! order_columns {
    () => {
        "SELECT o.id, o.client_id, o.shop_id, o.external_order_id, o.owner_user_id, o.status, \
         o.marketplace_status, o.buyer_email, o.buyer_message, o.recipient_name, o.recipient_phone, o.recipient_address, \
         o.recipient_address1, o.recipient_address2, o.recipient_city, o.recipient_state, o.recipient_region_code, \
         o.recipient_postal_code, o.currency, o.total_amount_cents, o.refund_amount_cents, o.revenue_estimate_cents, \
         o.commission_fee_cents, o.transaction_fee_cents, o.shipping_fee_cents, o.fulfillment_cost_cents, \
         o.net_amount_cents, o.shipping_type, o.tracking_number, o.shipping_provider, o.cancel_reason, o.ordered_at, \
         o.paid_at, o.ship_by_at, o.created_at, o.updated_at, \
         CAST(CASE WHEN o.fees_settled THEN 1 ELSE 0 END AS BIGINT) AS fees_settled_flag, \
         s.name AS shop_name, s.sale_channel AS sale_channel, \
         u.first_name AS owner_first_name, u.last_name AS owner_last_name \
         FROM orders o JOIN shops s ON s.id = o.shop_id LEFT JOIN users u ON u.id = o.owner_user_id"
    };
}
const SELECT: &str = concat!(order_columns!(), " WHERE o.client_id = ");
/// A page: the outer read is by id alone, or SQLite walks every order of the client to test
/// the ids against the page.
const SELECT_PAGE: &str = concat!(
    order_columns!(),
    " WHERE o.id IN (SELECT o.id FROM orders o WHERE o.client_id = "
);

/// Orders by id: the statement ends inside the id list's parenthesis.
const SELECT_BY_ID: &str = concat!(order_columns!(), " WHERE o.id IN (");

/// Which parts of a query a read applies (the tabs' counts leave the status out; need-action
/// counts leave the deadline out).
#[derive(Clone, Copy)]
struct Parts {
    status: bool,
    deadline: bool,
}

const ALL_PARTS: Parts = Parts {
    status: true,
    deadline: true,
};

const TO_SHIP_SQL: &str =
    " AND o.status IN ('AWAITING_DESIGN', 'AWAITING_FULFILLMENT', 'AWAITING_SHIPMENT')";

/// Appends the query's conditions to a statement that ends with `o.client_id = `.
fn push_conditions(sql: &mut Sql, scope: &Scope, q: &OrderQuery, parts: Parts) {
    sql.bind(&scope.client_id);
    scope.push_shop_filter(sql, "o.shop_id");
    if let Some(p) = q.search.as_deref().map(like_pattern) {
        sql.push(" AND o.search_text LIKE ")
            .bind(p)
            .push(" ESCAPE '\\'");
    }
    if parts.status
        && let Some(status) = q.status
    {
        sql.push(" AND o.status = ").bind(status.as_str());
    }
    if !q.shop_ids.is_empty() {
        sql.push(" AND o.shop_id IN (")
            .bind_list(&q.shop_ids)
            .push(")");
    }
    if let Some(channel) = q.sale_channel {
        sql.push(" AND o.shop_id IN (SELECT sc.id FROM shops sc WHERE sc.client_id = ")
            .bind(&scope.client_id)
            .push(" AND sc.sale_channel = ")
            .bind(channel.as_str())
            .push(")");
    }
    if let Some(from) = q.from {
        sql.push(" AND o.ordered_at >= ").bind(time::to_db(from));
    }
    if let Some(to) = q.to {
        sql.push(" AND o.ordered_at < ").bind(time::to_db(to));
    }
    if let Some(seen_by) = q.seen_by {
        sql.push(" AND o.created_at <= ").bind(time::to_db(seen_by));
    }
    if parts.deadline {
        match q.deadline {
            Some(Deadline::DueSoon) => {
                sql.push(TO_SHIP_SQL)
                    .push(" AND o.ship_by_at >= ")
                    .bind(time::to_db(q.now))
                    .push(" AND o.ship_by_at < ")
                    .bind(time::to_db(q.now + DUE_SOON));
            }
            Some(Deadline::Overdue) => {
                sql.push(TO_SHIP_SQL)
                    .push(" AND o.ship_by_at < ")
                    .bind(time::to_db(q.now));
            }
            None => {}
        }
    }
}

fn push_order_by(sql: &mut Sql, q: &OrderQuery) {
    // NULL ship-by times go last either way: SQLite and PostgreSQL order NULL differently.
    let asc = q.direction == SortDirection::Asc;
    match (q.sort, asc) {
        (SortField::OrderedAt, true) => sql.push(" ORDER BY o.ordered_at ASC, o.id ASC"),
        (SortField::OrderedAt, false) => sql.push(" ORDER BY o.ordered_at DESC, o.id DESC"),
        (SortField::Total, true) => {
            sql.push(" ORDER BY o.total_amount_cents ASC, o.ordered_at DESC, o.id DESC")
        }
        (SortField::Total, false) => {
            sql.push(" ORDER BY o.total_amount_cents DESC, o.ordered_at DESC, o.id DESC")
        }
        (SortField::ShipBy, true) => sql.push(
            " ORDER BY (CASE WHEN o.ship_by_at IS NULL THEN 1 ELSE 0 END), o.ship_by_at ASC, o.ordered_at DESC, o.id DESC",
        ),
        (SortField::ShipBy, false) => sql.push(
            " ORDER BY (CASE WHEN o.ship_by_at IS NULL THEN 1 ELSE 0 END), o.ship_by_at DESC, o.ordered_at DESC, o.id DESC",
        ),
    };
}

// ------------------------------------------------------------------ reads

/// How many orders the query matches.
pub async fn count(conn: &mut Conn, scope: &Scope, q: &OrderQuery) -> Result<i64> {
    let mut sql = Sql::new("SELECT COUNT(*)");
    sql.push(FROM);
    push_conditions(&mut sql, scope, q, ALL_PARTS);
    Ok(sql.query_scalar().fetch_one(&mut *conn).await?)
}

/// The orders of the query from `offset`, at most `limit`, in the query's order, with items.
pub async fn rows(
    conn: &mut Conn,
    scope: &Scope,
    q: &OrderQuery,
    offset: i64,
    limit: i64,
) -> Result<Vec<Order>> {
    // The page's ids come from the status or date index alone (it carries the id and the
    // search text); only those orders are then read whole. Filtering the orders themselves
    // read every candidate's row before the search could drop it: a search that matched
    // nothing read thousands of rows for an empty page.
    let mut sql = Sql::new(SELECT_PAGE);
    push_conditions(&mut sql, scope, q, ALL_PARTS);
    push_order_by(&mut sql, q);
    sql.push(" LIMIT ")
        .bind(limit)
        .push(" OFFSET ")
        .bind(offset)
        .push(")");
    push_order_by(&mut sql, q);
    let found = sql.query().fetch_all(&mut *conn).await?;
    let mut orders = found
        .iter()
        .map(Order::from_row)
        .collect::<Result<Vec<_>>>()?;
    attach_items(conn, &scope.client_id, &mut orders).await?;
    Ok(orders)
}

/// The orders of `ids`, in that order, without their items ([`items_of`] reads those, and can
/// run beside this on another connection). An order gone since its id was read is simply not on
/// the page.
pub async fn orders_by_id(conn: &mut Conn, scope: &Scope, ids: &[String]) -> Result<Vec<Order>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(SELECT_BY_ID);
    // `|| ''` keeps the planner off the client's indexes: by them SQLite would walk every order
    // of the client to test the ids.
    sql.bind_list(ids)
        .push(") AND o.client_id || '' = ")
        .bind(&scope.client_id);
    let found = sql.query().fetch_all(&mut *conn).await?;
    let mut by_id = found
        .iter()
        .map(|r| Order::from_row(r).map(|o| (o.id.clone(), o)))
        .collect::<Result<std::collections::HashMap<_, _>>>()?;
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// The items of the orders `order_ids`, in each order's item order.
pub async fn items_of(
    conn: &mut Conn,
    client_id: &str,
    order_ids: &[String],
) -> Result<Vec<OrderItem>> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new("SELECT * FROM order_items WHERE client_id = ");
    sql.bind(client_id)
        .push(" AND order_id IN (")
        .bind_list(order_ids)
        .push(") ORDER BY order_id, created_at, id");
    let found = sql.query().fetch_all(&mut *conn).await?;
    found.iter().map(OrderItem::from_row).collect()
}

/// Gives each order its items.
pub fn attach(orders: &mut [Order], items: Vec<OrderItem>) {
    for item in items {
        if let Some(order) = orders.iter_mut().find(|o| o.id == item.order_id) {
            order.items.push(item);
        }
    }
}

/// Every id the query matches, in its order: what [`OrderMatches`](super::matches::OrderMatches)
/// keeps.
pub async fn matching_ids(conn: &mut Conn, scope: &Scope, q: &OrderQuery) -> Result<Vec<String>> {
    let mut sql = Sql::new("SELECT o.id");
    sql.push(FROM);
    push_conditions(&mut sql, scope, q, ALL_PARTS);
    push_order_by(&mut sql, q);
    Ok(sql.query_scalar().fetch_all(&mut *conn).await?)
}

/// The client's order version: it moves whenever an order of the client is added, removed, or
/// changes what the desk filters or sorts on (migration 0026's triggers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Version {
    /// The folded version and the rows not yet folded into it.
    pub kept: i64,
    /// How many of its parts are still rows of their own (PostgreSQL writes one per transaction,
    /// see [`matches`](super::matches)).
    pub pending: i64,
}

impl Version {
    pub fn value(self) -> i64 {
        self.kept + self.pending
    }

    pub(crate) fn from_row(row: &sqlx::any::AnyRow) -> Result<Version> {
        Ok(Version {
            kept: row.try_get("order_version_kept")?,
            pending: row.try_get("order_version_pending")?,
        })
    }
}

/// The columns that read the version of the client whose id the SQL expression `$client` gives
/// (a string literal): the session's statement carries them too. Literal text, so every
/// statement that holds them is a constant.
macro_rules! version_columns {
    ($client:literal) => {
        concat!(
            "COALESCE((SELECT v.version FROM client_order_versions v WHERE v.client_id = ",
            $client,
            "), 0) AS order_version_kept, (SELECT COUNT(*) FROM order_writes w WHERE w.client_id = ",
            $client,
            ") AS order_version_pending"
        )
    };
}
pub(crate) use version_columns;

pub async fn version(conn: &mut Conn, client_id: &str) -> Result<Version> {
    let row = sqlx::query(concat!("SELECT ", version_columns!("$1")))
        .bind(client_id)
        .fetch_one(&mut *conn)
        .await?;
    Version::from_row(&row)
}

async fn attach_items(conn: &mut Conn, client_id: &str, orders: &mut [Order]) -> Result<()> {
    let ids: Vec<String> = orders.iter().map(|o| o.id.clone()).collect();
    let items = items_of(conn, client_id, &ids).await?;
    attach(orders, items);
    Ok(())
}

/// One order of the scope, with its items; another client's (or, for STAFF, another shop's)
/// is NOT_FOUND.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<Order> {
    let mut sql = Sql::new(SELECT);
    sql.bind(&scope.client_id);
    scope.push_shop_filter(&mut sql, "o.shop_id");
    sql.push(" AND o.id = ").bind(id);
    let row = sql
        .query()
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(DomainError::NotFound("order"))?;
    let mut orders = vec![Order::from_row(&row)?];
    attach_items(conn, &scope.client_id, &mut orders).await?;
    orders.pop().ok_or(DomainError::NotFound("order"))
}

/// The order's status changes, oldest first.
pub async fn timeline(conn: &mut Conn, scope: &Scope, order_id: &str) -> Result<Vec<OrderEvent>> {
    get(conn, scope, order_id).await?;
    let found = sqlx::query(
        "SELECT e.*, u.first_name AS user_first_name, u.last_name AS user_last_name
         FROM order_events e LEFT JOIN users u ON u.id = e.user_id
         WHERE e.client_id = $1 AND e.order_id = $2 ORDER BY e.created_at, e.id",
    )
    .bind(&scope.client_id)
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    found
        .iter()
        .map(|row| {
            let user = match row.try_get::<Option<String>, _>("user_id")? {
                Some(id) => Some(Owner {
                    id,
                    first_name: row
                        .try_get::<Option<String>, _>("user_first_name")?
                        .unwrap_or_default(),
                    last_name: row
                        .try_get::<Option<String>, _>("user_last_name")?
                        .unwrap_or_default(),
                }),
                None => None,
            };
            Ok(OrderEvent {
                id: row.try_get("id")?,
                source: stored::column(row, "order_events", "source")?,
                user,
                from: stored::optional(row, "order_events", "from_status")?,
                to: stored::column(row, "order_events", "to_status")?,
                marketplace_status: row.try_get("marketplace_status")?,
                created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
            })
        })
        .collect()
}

/// A person moves an order to `to`, if the state machine allows it from where the order is;
/// the move and its timeline row are one write. CONFLICT names the allowed moves.
pub async fn update_status(
    conn: &mut Conn,
    scope: &Scope,
    order_id: &str,
    to: OrderStatus,
) -> Result<Order> {
    let order = get(conn, scope, order_id).await?;
    let allowed = order.allowed_moves();
    if !allowed.contains(&to) {
        return Err(illegal_move(order.status, to, &allowed));
    }
    // Compare-and-set: a sync that moved the order since it was read wins, and this answers
    // CONFLICT instead of overwriting it.
    let moved = sqlx::query(
        "UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3 AND client_id = $4 AND status = $5",
    )
    .bind(to.as_str())
    .bind(time::now_db())
    .bind(&order.id)
    .bind(&scope.client_id)
    .bind(order.status.as_str())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if moved == 0 {
        return Err(DomainError::Conflict(
            "the order changed meanwhile; reload it and try again".into(),
        ));
    }
    timeline::record(
        conn,
        &scope.client_id,
        &order.id,
        &Change {
            source: EventSource::User,
            user_id: Some(&scope.user_id),
            from: Some(order.status),
            to,
            marketplace_status: order.marketplace_status.as_deref(),
        },
    )
    .await?;
    get(conn, scope, order_id).await
}

/// The figures of the summary cards (cents).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    pub total_orders: i64,
    pub sales_cents: i64,
    pub revenue_estimate_cents: i64,
    pub fees_cents: i64,
    pub fulfillment_cents: i64,
    pub refund_cents: i64,
    pub net_cents: i64,
    /// Orders whose fees are still estimated.
    pub estimated_orders: i64,
}

pub async fn summary(conn: &mut Conn, scope: &Scope, q: &OrderQuery) -> Result<Summary> {
    let mut sql = Sql::new(
        "SELECT COUNT(*) AS n,
            CAST(COALESCE(SUM(o.total_amount_cents), 0) AS BIGINT) AS sales,
            CAST(COALESCE(SUM(o.revenue_estimate_cents), 0) AS BIGINT) AS revenue,
            CAST(COALESCE(SUM(o.commission_fee_cents + o.transaction_fee_cents + o.shipping_fee_cents), 0) AS BIGINT) AS fees,
            CAST(COALESCE(SUM(o.fulfillment_cost_cents), 0) AS BIGINT) AS fulfilment,
            CAST(COALESCE(SUM(o.refund_amount_cents), 0) AS BIGINT) AS refund,
            CAST(COALESCE(SUM(o.net_amount_cents), 0) AS BIGINT) AS net,
            CAST(COALESCE(SUM(CASE WHEN o.fees_settled THEN 0 ELSE 1 END), 0) AS BIGINT) AS estimated",
    );
    sql.push(FROM);
    push_conditions(&mut sql, scope, q, ALL_PARTS);
    let row = sql.query().fetch_one(&mut *conn).await?;
    Ok(Summary {
        total_orders: row.try_get("n")?,
        sales_cents: row.try_get("sales")?,
        revenue_estimate_cents: row.try_get("revenue")?,
        fees_cents: row.try_get("fees")?,
        fulfillment_cents: row.try_get("fulfilment")?,
        refund_cents: row.try_get("refund")?,
        net_cents: row.try_get("net")?,
        estimated_orders: row.try_get("estimated")?,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NeedAction {
    pub due_soon: i64,
    pub overdue: i64,
}

/// Orders still to ship whose deadline is within 24 hours, and those past it, among the
/// query's (its own deadline set aside).
pub async fn need_action(conn: &mut Conn, scope: &Scope, q: &OrderQuery) -> Result<NeedAction> {
    let mut sql = Sql::new("SELECT CAST(COALESCE(SUM(CASE WHEN o.ship_by_at >= ");
    sql.bind(time::to_db(q.now))
        .push(" THEN 1 ELSE 0 END), 0) AS BIGINT) AS due_soon, CAST(COALESCE(SUM(CASE WHEN o.ship_by_at < ")
        .bind(time::to_db(q.now))
        .push(" THEN 1 ELSE 0 END), 0) AS BIGINT) AS overdue");
    sql.push(FROM);
    push_conditions(
        &mut sql,
        scope,
        q,
        Parts {
            status: true,
            deadline: false,
        },
    );
    sql.push(TO_SHIP_SQL)
        .push(" AND o.ship_by_at < ")
        .bind(time::to_db(q.now + DUE_SOON));
    let row = sql.query().fetch_one(&mut *conn).await?;
    Ok(NeedAction {
        due_soon: row.try_get("due_soon")?,
        overdue: row.try_get("overdue")?,
    })
}

/// How many orders of the query each status has (the status itself set aside): the tabs.
pub async fn status_counts(
    conn: &mut Conn,
    scope: &Scope,
    q: &OrderQuery,
) -> Result<Vec<(OrderStatus, i64)>> {
    let mut sql = Sql::new("SELECT o.status AS status, COUNT(*) AS n");
    sql.push(FROM);
    push_conditions(
        &mut sql,
        scope,
        q,
        Parts {
            status: false,
            deadline: true,
        },
    );
    sql.push(" GROUP BY o.status");
    let found = sql.query().fetch_all(&mut *conn).await?;
    let mut counts: Vec<(OrderStatus, i64)> = <OrderStatus as strum::VariantArray>::VARIANTS
        .iter()
        .map(|s| (*s, 0))
        .collect();
    for row in &found {
        let status: OrderStatus = stored::column(row, "orders", "status")?;
        let n: i64 = row.try_get("n")?;
        if let Some(c) = counts.iter_mut().find(|(s, _)| *s == status) {
            c.1 = n;
        }
    }
    Ok(counts)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoldProduct {
    pub total_sold: i64,
    /// The local catalogue's product, when the SKU is one of ours.
    pub product_id: Option<String>,
    pub product_name: String,
    pub product_image: Option<String>,
}

/// The products sold most (by units) in the query's orders. Without a status in the query,
/// cancelled and refunded orders are left out: their units were not sold.
pub async fn sold_products(
    conn: &mut Conn,
    scope: &Scope,
    q: &OrderQuery,
    limit: i64,
) -> Result<Vec<SoldProduct>> {
    let mut sql = Sql::new(
        "SELECT MAX(i.product_id) AS product_id, MAX(i.product_name) AS name, MAX(i.sku_image) AS image,
            CAST(SUM(i.quantity) AS BIGINT) AS sold
         FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.client_id = ",
    );
    push_conditions(&mut sql, scope, q, ALL_PARTS);
    if q.status.is_none() {
        sql.push(" AND o.status NOT IN ('CANCELLED', 'REFUNDED')");
    }
    sql.push(" GROUP BY COALESCE(i.product_id, i.external_product_id, i.product_name) ORDER BY sold DESC, name ASC LIMIT ")
        .bind(limit);
    let found = sql.query().fetch_all(&mut *conn).await?;
    found
        .iter()
        .map(|row| {
            Ok(SoldProduct {
                total_sold: row.try_get("sold")?,
                product_id: row.try_get("product_id")?,
                product_name: row.try_get("name")?,
                product_image: row.try_get("image")?,
            })
        })
        .collect()
}

/// Orders and money of one local day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayStat {
    pub date: NaiveDate,
    pub orders: i64,
    pub sales_cents: i64,
    pub net_cents: i64,
}

/// Orders and money per day of the user's zone, every day of the range (zeros included). The
/// range defaults to the last [`DEFAULT_STAT_DAYS`] days up to today.
pub async fn day_stats(conn: &mut Conn, scope: &Scope, q: &OrderQuery) -> Result<Vec<DayStat>> {
    let tz = q.timezone;
    let to = q.to.unwrap_or_else(|| {
        let today = q.now.with_timezone(&tz).date_naive();
        start_of_day(today.succ_opt().unwrap_or(today), tz)
    });
    let from = q.from.unwrap_or_else(|| {
        let last = (to - Duration::milliseconds(1))
            .with_timezone(&tz)
            .date_naive();
        start_of_day(last - Duration::days(DEFAULT_STAT_DAYS - 1), tz)
    });
    let first_day = from.with_timezone(&tz).date_naive();
    let last_day = (to - Duration::milliseconds(1))
        .with_timezone(&tz)
        .date_naive();
    if (last_day - first_day).num_days() >= MAX_STAT_DAYS {
        return Err(DomainError::bad_input(
            "from",
            format!("the chart covers at most {MAX_STAT_DAYS} days"),
        ));
    }
    let bounded = OrderQuery {
        from: Some(from),
        to: Some(to),
        ..q.clone()
    };
    // Summed per quarter hour in SQL (every zone's offset is a whole number of quarters), then
    // into local days here: the same on both databases, whatever the zone's rules.
    let mut sql = Sql::new(
        "SELECT SUBSTR(o.ordered_at, 1, 13) AS hour, CAST(SUBSTR(o.ordered_at, 15, 2) AS INTEGER) / 15 AS quarter,
            COUNT(*) AS n, CAST(COALESCE(SUM(o.total_amount_cents), 0) AS BIGINT) AS sales,
            CAST(COALESCE(SUM(o.net_amount_cents), 0) AS BIGINT) AS net",
    );
    sql.push(FROM);
    push_conditions(&mut sql, scope, &bounded, ALL_PARTS);
    sql.push(" GROUP BY 1, 2");
    let found = sql.query().fetch_all(&mut *conn).await?;
    let mut days: Vec<DayStat> = first_day
        .iter_days()
        .take_while(|d| *d <= last_day)
        .map(|date| DayStat {
            date,
            orders: 0,
            sales_cents: 0,
            net_cents: 0,
        })
        .collect();
    for row in &found {
        let hour: String = row.try_get("hour")?;
        let quarter: i64 = row
            .try_get::<i64, _>("quarter")
            .or_else(|_| row.try_get::<i32, _>("quarter").map(i64::from))?;
        let Ok(at) = chrono::NaiveDateTime::parse_from_str(&format!("{hour}:00"), "%Y-%m-%dT%H:%M")
        else {
            continue;
        };
        let at = Utc.from_utc_datetime(&(at + Duration::minutes(quarter * 15)));
        let date = at.with_timezone(&tz).date_naive();
        if let Some(day) = days.iter_mut().find(|d| d.date == date) {
            day.orders += row.try_get::<i64, _>("n")?;
            day.sales_cents += row.try_get::<i64, _>("sales")?;
            day.net_cents += row.try_get::<i64, _>("net")?;
        }
    }
    Ok(days)
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    #[test]
    fn each_status_has_its_manual_moves() {
        let moves = |s: OrderStatus| s.manual_moves(false);
        assert_eq!(moves(AwaitingDesign), [AwaitingFulfillment]);
        assert_eq!(
            moves(AwaitingFulfillment),
            [AwaitingDesign, AwaitingShipment, Fulfilled]
        );
        assert_eq!(moves(AwaitingShipment), [AwaitingFulfillment, Fulfilled]);
        assert_eq!(moves(Fulfilled), [AwaitingShipment]);
        for s in [InTransit, Delivered, Completed, Cancelled] {
            assert_eq!(moves(s), [Refunded], "{s:?}");
        }
        assert!(moves(Refunded).is_empty());
    }

    #[test]
    fn no_status_the_marketplace_owns_is_ever_set_by_hand() {
        for from in <OrderStatus as strum::VariantArray>::VARIANTS {
            for held in [false, true] {
                let moves = from.manual_moves(held);
                for owned in [InTransit, Delivered, Completed, Cancelled] {
                    assert!(!moves.contains(&owned), "{from:?} → {owned:?}");
                }
                assert!(!moves.contains(from), "{from:?} to itself");
            }
        }
    }

    #[test]
    fn an_order_the_marketplace_holds_cannot_be_marked_shipped() {
        assert_eq!(AwaitingFulfillment.manual_moves(true), [AwaitingDesign]);
        assert!(AwaitingShipment.manual_moves(true) == [AwaitingFulfillment]);
    }

    #[test]
    fn a_refused_move_names_the_allowed_ones() {
        let e = illegal_move(
            AwaitingDesign,
            Completed,
            &AwaitingDesign.manual_moves(false),
        );
        assert_eq!(
            e.to_string(),
            "an order cannot move from AWAITING_DESIGN to COMPLETED by hand; allowed: AWAITING_FULFILLMENT"
        );
        let e = illegal_move(Refunded, AwaitingDesign, &[]);
        assert!(e.to_string().ends_with("REFUNDED is final"), "{e}");
        let e = illegal_move(Fulfilled, Fulfilled, &[AwaitingShipment]);
        assert!(e.to_string().starts_with("the order is already FULFILLED"));
    }

    #[test]
    fn a_local_day_is_read_in_its_zone() {
        let ny: Tz = "America/New_York".parse().expect("zone");
        let day = "2024-03-05";
        assert_eq!(
            time::to_db(parse_bound("from", day, ny, false).expect("from")),
            "2024-03-05T05:00:00.000Z"
        );
        assert_eq!(
            time::to_db(parse_bound("to", day, ny, true).expect("to")),
            "2024-03-06T05:00:00.000Z"
        );
        // The day clocks go forward is 23 hours long.
        assert_eq!(
            time::to_db(parse_bound("to", "2024-03-10", ny, true).expect("to")),
            "2024-03-11T04:00:00.000Z"
        );
        assert_eq!(
            time::to_db(parse_bound("from", day, Tz::UTC, false).expect("from")),
            "2024-03-05T00:00:00.000Z"
        );
        let instant = parse_bound("to", "2024-03-05T10:00:00+02:00", ny, true).expect("to");
        assert_eq!(time::to_db(instant), "2024-03-05T08:00:00.001Z");
        let err = parse_bound("from", "05/03/2024", ny, false).expect_err("bad");
        assert!(err.to_string().starts_with("from: "), "{err}");
    }

    #[test]
    fn a_day_whose_midnight_is_skipped_starts_when_the_clock_does() {
        // Santiago moved its clocks from 24:00 to 01:00 on 2022-09-11.
        let santiago: Tz = "America/Santiago".parse().expect("zone");
        let start = start_of_day(NaiveDate::from_ymd_opt(2022, 9, 11).expect("day"), santiago);
        assert_eq!(time::to_db(start), "2022-09-11T04:00:00.000Z");
    }

    #[test]
    fn late_and_due_soon_count_only_orders_still_to_ship() {
        let now = time::from_db("2024-05-01T12:00:00.000Z");
        let mut o = sample(AwaitingFulfillment);
        o.ship_by_at = Some(now - Duration::minutes(1));
        assert!(o.is_late(now) && !o.is_due_soon(now));
        o.ship_by_at = Some(now + Duration::hours(23));
        assert!(!o.is_late(now) && o.is_due_soon(now));
        o.ship_by_at = Some(now + Duration::hours(24));
        assert!(!o.is_late(now) && !o.is_due_soon(now));
        o.ship_by_at = Some(now - Duration::hours(1));
        o.status = InTransit;
        assert!(!o.is_late(now) && !o.is_due_soon(now));
        o.ship_by_at = None;
        o.status = AwaitingDesign;
        assert!(!o.is_late(now) && !o.is_due_soon(now));
    }

    #[test]
    fn a_stored_query_reads_back_as_it_was() {
        let q = OrderQuery {
            search: Some("Mug".into()),
            status: Some(AwaitingShipment),
            shop_ids: vec!["s1".into()],
            sale_channel: Some(SaleChannel::Tiktok),
            from: Some(time::from_db("2024-05-01T04:00:00.000Z")),
            to: None,
            deadline: Some(Deadline::Overdue),
            sort: SortField::ShipBy,
            direction: SortDirection::Asc,
            timezone: "America/New_York".parse().expect("zone"),
            now: time::from_db("2024-05-02T04:00:00.000Z"),
            seen_by: Some(time::from_db("2024-05-02T04:00:00.000Z")),
        };
        let back = OrderQuery::from_json(&q.to_json()).expect("reads back");
        assert_eq!(back.to_json(), q.to_json());
        assert_eq!(back.status, Some(AwaitingShipment));
        assert_eq!(back.timezone, q.timezone);
        assert!(matches!(
            OrderQuery::from_json(&q.to_json().replace("SHIP_BY", "COLOUR")),
            Err(DomainError::UnknownValue { .. })
        ));
    }

    #[test]
    fn net_is_the_sale_less_fees_fulfilment_and_refunds() {
        assert_eq!(Profit::net_of(10_000, 1_234, 500, 0), 8_266);
        assert_eq!(Profit::net_of(2_000, 300, 0, 2_000), -300);
    }

    fn sample(status: OrderStatus) -> Order {
        Order {
            id: "o".into(),
            client_id: "c".into(),
            shop_id: "s".into(),
            shop_name: "Shop".into(),
            sale_channel: SaleChannel::Tiktok,
            external_order_id: "1".into(),
            owner: None,
            status,
            marketplace_status: None,
            buyer_email: None,
            buyer_message: None,
            recipient_name: None,
            recipient_phone: None,
            recipient_address: None,
            recipient_address1: None,
            recipient_address2: None,
            recipient_city: None,
            recipient_state: None,
            recipient_region_code: None,
            recipient_postal_code: None,
            currency: "USD".into(),
            total_cents: 0,
            refund_cents: 0,
            revenue_estimate_cents: 0,
            profit: Profit::default(),
            shipping_type: None,
            tracking_number: None,
            shipping_provider: None,
            cancel_reason: None,
            ordered_at: time::now(),
            paid_at: None,
            ship_by_at: None,
            created_at: time::now(),
            updated_at: time::now(),
            items: Vec::new(),
        }
    }
}
