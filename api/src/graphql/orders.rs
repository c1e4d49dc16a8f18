//! The order desk over GraphQL: types as the contract names them (plus our extensions), and
//! resolvers that convert and call the use cases of `crate::orders`.
use async_graphql::{Context, Enum, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};

use domain::orders::desk;
use domain::orders::export::ExportStatus;
use domain::orders::timeline::EventSource;

use crate::errors::ApiResult;
use crate::graphql::types::{PageInfo, SaleChannel, money};
use crate::graphql::{RoleGuard, caller, state};
use crate::orders::{self as cases, ExportView, FilterInput};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::orders::OrderStatus")]
pub enum OrderStatus {
    AwaitingDesign,
    AwaitingFulfillment,
    AwaitingShipment,
    Cancelled,
    Completed,
    Delivered,
    Fulfilled,
    InTransit,
    Refunded,
}

/// What an order list is sorted by (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "desk::SortField")]
pub enum OrderSortField {
    /// When the buyer ordered (the default).
    OrderedAt,
    /// The order's total.
    Total,
    /// The marketplace's ship-by deadline; orders without one last.
    ShipBy,
}

/// Sort direction (ours); newest or largest first by default.
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "desk::SortDirection")]
pub enum SortDirection {
    Asc,
    Desc,
}

/// Orders by their ship-by deadline (ours): what the need-action cards open.
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "desk::Deadline")]
pub enum OrderDeadline {
    /// Still to ship, ship-by within the next 24 hours.
    DueSoon,
    /// Still to ship, ship-by passed.
    Overdue,
}

/// Who or what changed an order's status (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "EventSource")]
pub enum OrderEventSource {
    Sync,
    Webhook,
    User,
    Fulfillment,
}

/// Where an export is (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "ExportStatus")]
pub enum OrderExportStatus {
    Pending,
    Processing,
    Success,
    Failed,
}

/// date bounds are interpreted in the caller's timezone setting when given as YYYY-MM-DD
#[derive(InputObject, Default, Clone)]
pub struct OrderFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    /// External order id, buyer email, recipient name, seller SKU or product name.
    pub search: Option<String>,
    pub status: Option<OrderStatus>,
    pub shop_ids: Option<Vec<ID>>,
    pub sale_channel: Option<SaleChannel>,
    /// A local day (YYYY-MM-DD, from its start) or an RFC 3339 time.
    pub from: Option<String>,
    /// A local day (YYYY-MM-DD, through its end) or an RFC 3339 time (inclusive).
    pub to: Option<String>,
    /// ours: the IANA zone local days are read in when the user has no TIMEZONE setting (the
    /// browser's); the setting wins; UTC when neither.
    pub timezone: Option<String>,
    /// ours: only orders due within 24 hours, or overdue (both: still to ship).
    pub deadline: Option<OrderDeadline>,
    /// ours: default ORDERED_AT.
    pub sort: Option<OrderSortField>,
    /// ours: default DESC.
    pub sort_direction: Option<SortDirection>,
}

impl From<Option<OrderFilter>> for FilterInput {
    fn from(f: Option<OrderFilter>) -> FilterInput {
        let f = f.unwrap_or_default();
        FilterInput {
            limit: f.limit,
            page: f.page,
            filter: desk::Filter {
                search: f.search,
                status: f.status.map(Into::into),
                shop_ids: f
                    .shop_ids
                    .unwrap_or_default()
                    .into_iter()
                    .map(|id| id.to_string())
                    .collect(),
                sale_channel: f.sale_channel.map(Into::into),
                from: f.from,
                to: f.to,
                timezone: f.timezone,
                deadline: f.deadline.map(Into::into),
                sort: f.sort.map(Into::into),
                direction: f.sort_direction.map(Into::into),
            },
        }
    }
}

#[derive(SimpleObject)]
pub struct OrderShopRef {
    pub id: ID,
    pub name: String,
    /// ours
    pub sale_channel: SaleChannel,
}

#[derive(SimpleObject)]
pub struct OrderOwner {
    pub id: ID,
    pub first_name: String,
    pub last_name: String,
}

impl From<desk::Owner> for OrderOwner {
    fn from(o: desk::Owner) -> Self {
        OrderOwner {
            id: o.id.into(),
            first_name: o.first_name,
            last_name: o.last_name,
        }
    }
}

#[derive(SimpleObject)]
pub struct OrderItem {
    pub id: ID,
    pub product_name: String,
    pub sku_name: Option<String>,
    pub sku_image: Option<String>,
    pub quantity: i32,
    pub sale_price: f64,
    pub original_price: f64,
    pub seller_product_id: Option<String>,
    /// The marketplace's product id.
    pub product_id: Option<String>,
    pub origin_product_url: Option<String>,
    pub seller_sku: Option<String>,
    /// The marketplace's SKU id.
    pub sku_id: Option<String>,
    /// ours: the local catalogue's product, when the SKU is one of ours.
    pub catalogue_product_id: Option<ID>,
}

impl From<desk::OrderItem> for OrderItem {
    fn from(i: desk::OrderItem) -> Self {
        OrderItem {
            id: i.id.into(),
            product_name: i.product_name,
            sku_name: i.sku_name,
            sku_image: i.sku_image,
            quantity: int(i.quantity),
            sale_price: money(i.sale_price_cents),
            original_price: money(i.original_price_cents),
            seller_product_id: i.seller_product_id,
            product_id: i.external_product_id,
            origin_product_url: i.origin_product_url,
            seller_sku: i.seller_sku,
            sku_id: i.external_sku_id,
            catalogue_product_id: i.product_id.map(ID::from),
        }
    }
}

/// ours: what an order earns. net = sale − fees − fulfilment cost − refund.
#[derive(SimpleObject)]
pub struct OrderProfit {
    pub sale: f64,
    pub commission_fee: f64,
    pub transaction_fee: f64,
    pub shipping_fee: f64,
    /// commission + transaction + shipping fees.
    pub total_fees: f64,
    /// False while the fees are estimated from the shop's rates (the marketplace has not
    /// settled the order yet).
    pub fees_settled: bool,
    pub fulfillment_cost: f64,
    pub refund: f64,
    pub net: f64,
}

impl From<desk::Profit> for OrderProfit {
    fn from(p: desk::Profit) -> Self {
        OrderProfit {
            sale: money(p.sale_cents),
            commission_fee: money(p.commission_fee_cents),
            transaction_fee: money(p.transaction_fee_cents),
            shipping_fee: money(p.shipping_fee_cents),
            total_fees: money(p.fees_cents()),
            fees_settled: p.fees_settled,
            fulfillment_cost: money(p.fulfillment_cost_cents),
            refund: money(p.refund_cents),
            net: money(p.net_cents),
        }
    }
}

/// ours: one change of an order's status.
#[derive(SimpleObject)]
pub struct OrderEvent {
    pub id: ID,
    pub source: OrderEventSource,
    /// The person, for a change by hand.
    pub user: Option<OrderOwner>,
    pub from_status: Option<OrderStatus>,
    pub to_status: OrderStatus,
    /// What the marketplace said at that moment.
    pub marketplace_status: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<desk::OrderEvent> for OrderEvent {
    fn from(e: desk::OrderEvent) -> Self {
        OrderEvent {
            id: e.id.into(),
            source: e.source.into(),
            user: e.user.map(Into::into),
            from_status: e.from.map(Into::into),
            to_status: e.to.into(),
            marketplace_status: e.marketplace_status,
            created_at: e.created_at,
        }
    }
}

/// An order; its timeline is read when asked for.
pub struct Order {
    order: desk::Order,
    now: DateTime<Utc>,
}

impl From<desk::Order> for Order {
    fn from(order: desk::Order) -> Self {
        Order {
            order,
            now: domain::time::now(),
        }
    }
}

#[Object]
impl Order {
    async fn id(&self) -> ID {
        self.order.id.clone().into()
    }
    async fn shop(&self) -> OrderShopRef {
        OrderShopRef {
            id: self.order.shop_id.clone().into(),
            name: self.order.shop_name.clone(),
            sale_channel: self.order.sale_channel.into(),
        }
    }
    async fn owner(&self) -> Option<OrderOwner> {
        self.order.owner.clone().map(Into::into)
    }
    async fn items(&self) -> Vec<OrderItem> {
        self.order.items.iter().cloned().map(Into::into).collect()
    }
    async fn buyer_email(&self) -> Option<&str> {
        self.order.buyer_email.as_deref()
    }
    async fn buyer_message(&self) -> Option<&str> {
        self.order.buyer_message.as_deref()
    }
    async fn recipient_name(&self) -> Option<&str> {
        self.order.recipient_name.as_deref()
    }
    async fn recipient_phone(&self) -> Option<&str> {
        self.order.recipient_phone.as_deref()
    }
    async fn recipient_address(&self) -> Option<&str> {
        self.order.recipient_address.as_deref()
    }
    async fn recipient_address1(&self) -> Option<&str> {
        self.order.recipient_address1.as_deref()
    }
    async fn recipient_address2(&self) -> Option<&str> {
        self.order.recipient_address2.as_deref()
    }
    async fn recipient_city(&self) -> Option<&str> {
        self.order.recipient_city.as_deref()
    }
    async fn recipient_state(&self) -> Option<&str> {
        self.order.recipient_state.as_deref()
    }
    async fn recipient_region_code(&self) -> Option<&str> {
        self.order.recipient_region_code.as_deref()
    }
    async fn recipient_postal_code(&self) -> Option<&str> {
        self.order.recipient_postal_code.as_deref()
    }
    async fn status(&self) -> OrderStatus {
        self.order.status.into()
    }
    async fn total_amount(&self) -> f64 {
        money(self.order.total_cents)
    }
    async fn refund_amount(&self) -> f64 {
        money(self.order.refund_cents)
    }
    async fn revenue_estimate(&self) -> f64 {
        money(self.order.revenue_estimate_cents)
    }
    async fn external_order_id(&self) -> &str {
        &self.order.external_order_id
    }
    /// When the buyer ordered (the marketplace's time).
    async fn created_at(&self) -> DateTime<Utc> {
        self.order.ordered_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.order.updated_at
    }
    /// ours: the marketplace's own status, as it spelled it.
    async fn marketplace_status(&self) -> Option<&str> {
        self.order.marketplace_status.as_deref()
    }
    /// ours: the marketplace's shipping deadline.
    async fn ship_by_at(&self) -> Option<DateTime<Utc>> {
        self.order.ship_by_at
    }
    /// ours: still to ship and past its ship-by time.
    async fn is_late(&self) -> bool {
        self.order.is_late(self.now)
    }
    /// ours: still to ship and due within 24 hours.
    async fn is_due_soon(&self) -> bool {
        self.order.is_due_soon(self.now)
    }
    /// ours: the statuses a person may move this order to now (updateOrderStatus).
    async fn allowed_statuses(&self) -> Vec<OrderStatus> {
        self.order
            .allowed_moves()
            .into_iter()
            .map(Into::into)
            .collect()
    }
    /// ours: sale, fees, fulfilment, refund and net.
    async fn profit(&self) -> OrderProfit {
        self.order.profit.into()
    }
    /// ours
    async fn currency(&self) -> &str {
        &self.order.currency
    }
    /// ours
    async fn paid_at(&self) -> Option<DateTime<Utc>> {
        self.order.paid_at
    }
    /// ours
    async fn tracking_number(&self) -> Option<&str> {
        self.order.tracking_number.as_deref()
    }
    /// ours
    async fn shipping_provider(&self) -> Option<&str> {
        self.order.shipping_provider.as_deref()
    }
    /// ours
    async fn cancel_reason(&self) -> Option<&str> {
        self.order.cancel_reason.as_deref()
    }
    /// ours: every change of status, oldest first: when, who or what, from, to.
    async fn timeline(&self, ctx: &Context<'_>) -> ApiResult<Vec<OrderEvent>> {
        let me = caller(ctx)?;
        Ok(cases::timeline(state(ctx), me, &self.order.id)
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }
}

#[derive(SimpleObject)]
pub struct OrderPage {
    pub items: Vec<Order>,
    pub page_info: PageInfo,
}

#[derive(SimpleObject)]
pub struct OrderSummary {
    pub ff_total_amount: f64,
    pub revenue_estimate: f64,
    pub total_net_amount: f64,
    pub total_refund: f64,
    pub total_orders: i32,
    /// ours: the orders' totals.
    pub total_sales: f64,
    /// ours: the marketplaces' fees (commission, transaction, shipping).
    pub total_fees: f64,
    /// ours: orders whose fees are still estimated.
    pub estimated_fee_orders: i32,
}

impl From<desk::Summary> for OrderSummary {
    fn from(s: desk::Summary) -> Self {
        OrderSummary {
            ff_total_amount: money(s.fulfillment_cents),
            revenue_estimate: money(s.revenue_estimate_cents),
            total_net_amount: money(s.net_cents),
            total_refund: money(s.refund_cents),
            total_orders: int(s.total_orders),
            total_sales: money(s.sales_cents),
            total_fees: money(s.fees_cents),
            estimated_fee_orders: int(s.estimated_orders),
        }
    }
}

#[derive(SimpleObject)]
pub struct OrderNeedAction {
    pub order_need_in24h: i32,
    pub order_over_date: i32,
}

#[derive(SimpleObject)]
pub struct SoldProduct {
    pub total_sold: i32,
    pub seller_product_id: Option<String>,
    pub product_name: String,
    pub product_image: Option<String>,
}

/// ours: orders and money of one day in the user's zone.
#[derive(SimpleObject)]
pub struct OrderDayStat {
    /// YYYY-MM-DD in the user's zone.
    pub date: String,
    pub orders: i32,
    /// The orders' totals.
    pub revenue: f64,
    /// Their net (sale − fees − fulfilment − refunds).
    pub net: f64,
}

/// ours: how many orders of the filter each status has (the status set aside): the tabs.
#[derive(SimpleObject)]
pub struct OrderStatusCount {
    pub status: OrderStatus,
    pub count: i32,
}

/// ours: a CSV of a filtered order list, written by an `order.export` job.
#[derive(SimpleObject)]
pub struct OrderExport {
    pub id: ID,
    pub status: OrderExportStatus,
    /// Rows written so far, of `totalRows` (known once the job started).
    pub done_rows: i32,
    pub total_rows: i32,
    /// The job's batch (getJobBatch).
    pub batch_id: Option<ID>,
    /// Why it failed, as the job recorded it.
    pub error: Option<String>,
    /// GET with the bearer token, once SUCCESS: the CSV file.
    pub download_url: Option<String>,
    /// The name the file is saved under.
    pub file_name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl OrderExport {
    fn of(app: &crate::graphql::AppState, v: ExportView) -> Self {
        OrderExport {
            id: v.export.id.clone().into(),
            status: v.status.into(),
            done_rows: int(v.export.done_rows),
            total_rows: int(v.export.total_rows),
            batch_id: v.export.batch_id.clone().map(ID::from),
            error: v.error,
            download_url: v.download_path.map(|p| app.link(&p)),
            file_name: v.export.download_name(),
            created_at: v.export.created_at,
            updated_at: v.export.updated_at,
        }
    }
}

fn int(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[derive(Default)]
pub struct OrdersQuery;

#[Object]
impl OrdersQuery {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_orders(
        &self,
        ctx: &Context<'_>,
        filter: Option<OrderFilter>,
    ) -> ApiResult<OrderPage> {
        let page = cases::list(state(ctx), caller(ctx)?, filter.into()).await?;
        Ok(OrderPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Into::into).collect(),
        })
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_order_by_id(&self, ctx: &Context<'_>, order_id: ID) -> ApiResult<Order> {
        Ok(cases::get(state(ctx), caller(ctx)?, &order_id)
            .await?
            .into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_order_summary(
        &self,
        ctx: &Context<'_>,
        filter: Option<OrderFilter>,
    ) -> ApiResult<OrderSummary> {
        Ok(cases::summary(state(ctx), caller(ctx)?, filter.into())
            .await?
            .into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_order_need_action(
        &self,
        ctx: &Context<'_>,
        filter: Option<OrderFilter>,
    ) -> ApiResult<OrderNeedAction> {
        let n = cases::need_action(state(ctx), caller(ctx)?, filter.into()).await?;
        Ok(OrderNeedAction {
            order_need_in24h: int(n.due_soon),
            order_over_date: int(n.overdue),
        })
    }

    /// Top products by units for the filter; its `limit` is how many (default 10, at most 100).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_sold_products(
        &self,
        ctx: &Context<'_>,
        filter: Option<OrderFilter>,
    ) -> ApiResult<Vec<SoldProduct>> {
        Ok(
            cases::sold_products(state(ctx), caller(ctx)?, filter.into())
                .await?
                .into_iter()
                .map(|p| SoldProduct {
                    total_sold: int(p.total_sold),
                    seller_product_id: p.product_id,
                    product_name: p.product_name,
                    product_image: p.product_image,
                })
                .collect(),
        )
    }

    /// ours: orders and revenue per day in the user's zone (default: the last 30 days).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_order_stats(
        &self,
        ctx: &Context<'_>,
        filter: Option<OrderFilter>,
    ) -> ApiResult<Vec<OrderDayStat>> {
        Ok(cases::day_stats(state(ctx), caller(ctx)?, filter.into())
            .await?
            .into_iter()
            .map(|d| OrderDayStat {
                date: d.date.format("%Y-%m-%d").to_string(),
                orders: int(d.orders),
                revenue: money(d.sales_cents),
                net: money(d.net_cents),
            })
            .collect())
    }

    /// ours: orders per status for the filter, its status set aside (every status, zeros too).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_order_status_counts(
        &self,
        ctx: &Context<'_>,
        filter: Option<OrderFilter>,
    ) -> ApiResult<Vec<OrderStatusCount>> {
        Ok(
            cases::status_counts(state(ctx), caller(ctx)?, filter.into())
                .await?
                .into_iter()
                .map(|(status, n)| OrderStatusCount {
                    status: status.into(),
                    count: int(n),
                })
                .collect(),
        )
    }

    /// ours: an export of the caller's (an admin: of the client's).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_order_export(&self, ctx: &Context<'_>, id: ID) -> ApiResult<OrderExport> {
        let app = state(ctx);
        let view = cases::export_status(app, caller(ctx)?, &id).await?;
        Ok(OrderExport::of(app, view))
    }
}

#[derive(Default)]
pub struct OrdersMutation;

#[Object]
impl OrdersMutation {
    /// A manual move; anything but a legal one answers CONFLICT naming the allowed moves.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn update_order_status(
        &self,
        ctx: &Context<'_>,
        order_id: ID,
        status: OrderStatus,
    ) -> ApiResult<Order> {
        Ok(
            cases::update_status(state(ctx), caller(ctx)?, &order_id, status.into())
                .await?
                .into(),
        )
    }

    /// ours: queues a CSV of the filtered list (the page aside); follow it with getOrderExport.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn export_orders(
        &self,
        ctx: &Context<'_>,
        filter: Option<OrderFilter>,
    ) -> ApiResult<OrderExport> {
        let app = state(ctx);
        let view = cases::export(app, caller(ctx)?, filter.into()).await?;
        Ok(OrderExport::of(app, view))
    }
}
