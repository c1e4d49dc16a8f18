//! The GraphQL schema: one module per area, merged into the roots. Authentication happens
//! before execution (the `Session` in the request data); role rules are declared on the fields
//! with `RoleGuard`, and tenant scoping comes from the caller's `Scope`.
pub mod accounts;
pub mod billing;
pub mod brands;
pub mod designs;
pub mod fulfillment;
pub mod introspection;
pub mod listings;
pub mod marketplace;
pub mod mockups;
pub mod monitors;
pub mod orders;
pub mod payments;
pub mod products;
pub mod promotions;
pub mod shops;
pub mod telegram;
pub mod templates;
pub mod transport;
pub mod types;
pub mod uploads;
pub mod users;

use std::net::IpAddr;
use std::sync::Arc;

use async_graphql::parser::types::{DocumentOperations, ExecutableDocument};
use async_graphql::{
    Context, EmptySubscription, Guard, ID, MergedObject, Schema, ServerError, Value, Variables,
};

use domain::{Db, Role};

use crate::auth::{Caller, Jwt, Limiters, Session};
use crate::config::Config;
use crate::errors::{ApiError, ApiResult};

/// Everything resolvers share, set once at start.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub queue: jobs::Queue,
    /// Jobs that are a request's only write, committed in groups (webhook deliveries).
    pub group: jobs::GroupCommit,
    pub config: Arc<Config>,
    pub jwt: Jwt,
    pub limiters: Arc<Limiters>,
    /// The TikTok Shop client; `None` when no app is configured.
    pub tiktok: Option<connectors::tiktok::TiktokClient>,
    /// The Amazon SP-API client; `None` when no app is configured.
    pub amazon: Option<connectors::amazon::AmazonClient>,
    pub walmart: Option<connectors::walmart::WalmartClient>,
    /// The print-on-demand providers.
    pub fulfillment: connectors::fulfillment::FulfillmentClient,
    /// Card top-ups; `None` when no Stripe account is configured (and no demo sandbox runs).
    pub stripe: Option<connectors::stripe::StripeClient>,
    /// Their catalogues' recent answers.
    pub catalogue: crate::fulfillment::CatalogueCache,
    pub secrets: domain::secrets::Secrets,
    /// The order of recently read catalogues, for pages of getProducts.
    pub catalogue_orders: Arc<domain::products::CatalogueOrders>,
    /// The ids recent desk filters matched, for pages of getOrders.
    pub order_matches: Arc<domain::orders::matches::OrderMatches>,
    /// The Telegram bot; `None` when none is configured.
    pub telegram: Option<crate::telegram::TelegramBot>,
    /// Every file the product keeps (uploads, exports): the storage port.
    pub files: connectors::storage::FileStore,
}

impl AppState {
    /// Pushes jobs committed by a request. Never fails the request: a lost push is re-pushed
    /// by the sweeper.
    pub async fn dispatch(&self, pending: jobs::Pending) {
        pending.push(&self.queue, &self.db).await;
    }

    pub fn promotions_enabled(&self, client_id: &str, client_key: &str) -> bool {
        self.config
            .promotions_client
            .as_deref()
            .is_some_and(|p| p == client_id || p == client_key)
    }

    pub fn link(&self, path_and_query: &str) -> String {
        format!("{}{}", self.config.public_url, path_and_query)
    }
}

/// Per request: where it came from.
#[derive(Debug, Clone, Copy)]
pub struct RequestMeta {
    pub ip: Option<IpAddr>,
}

pub fn state<'a>(ctx: &Context<'a>) -> &'a AppState {
    ctx.data_unchecked::<AppState>()
}

pub fn caller<'a>(ctx: &Context<'a>) -> ApiResult<&'a Caller> {
    match ctx.data_opt::<Session>() {
        Some(session) => session.caller(),
        None => Err(ApiError::unauthenticated("sign in first")),
    }
}

/// The scope a console read acts in: the caller's own, or for a SUPER_ADMIN the named client
/// (read as its admin would). Anyone else naming another client gets NOT_FOUND, as for any
/// other id of another client.
pub async fn scope_of_client(
    conn: &mut domain::Conn,
    me: &Caller,
    client_id: Option<&ID>,
) -> ApiResult<domain::Scope> {
    match client_id {
        None => Ok(me.scope.clone()),
        Some(id) if id.as_str() == me.scope.client_id => Ok(me.scope.clone()),
        Some(id) if me.scope.is_super_admin() => {
            let client = domain::clients::by_id(conn, id.as_str()).await?;
            Ok(domain::Scope::for_client(&client.id))
        }
        Some(_) => Err(domain::DomainError::NotFound("client").into()),
    }
}

pub fn request_ip(ctx: &Context<'_>) -> Option<IpAddr> {
    ctx.data_opt::<RequestMeta>().and_then(|m| m.ip)
}

/// Lets a field through for signed-in users whose role is one of `roles`.
pub struct RoleGuard {
    roles: &'static [Role],
}

impl RoleGuard {
    pub const SIGNED_IN: RoleGuard = RoleGuard {
        roles: &[Role::Admin, Role::Staff, Role::SuperAdmin],
    };
    pub const ADMIN: RoleGuard = RoleGuard {
        roles: &[Role::Admin, Role::SuperAdmin],
    };
    pub const SUPER_ADMIN: RoleGuard = RoleGuard {
        roles: &[Role::SuperAdmin],
    };
}

impl Guard for RoleGuard {
    async fn check(&self, ctx: &Context<'_>) -> async_graphql::Result<()> {
        let caller = caller(ctx)?;
        if self.roles.contains(&caller.role()) {
            Ok(())
        } else {
            Err(ApiError::forbidden("your role does not allow this").into())
        }
    }
}

#[derive(MergedObject, Default)]
pub struct Query(
    accounts::AccountsQuery,
    users::UsersQuery,
    monitors::MonitorsQuery,
    templates::TemplatesQuery,
    brands::BrandsQuery,
    designs::DesignsQuery,
    products::ProductsQuery,
    shops::ShopsQuery,
    listings::ListingsQuery,
    marketplace::MarketplaceQuery,
    orders::OrdersQuery,
    fulfillment::FulfillmentQuery,
    billing::BillingQuery,
    telegram::TelegramQuery,
    payments::PaymentsQuery,
    promotions::PromotionsQuery,
    mockups::MockupsQuery,
);

#[derive(MergedObject, Default)]
pub struct Mutation(
    accounts::AccountsMutation,
    users::UsersMutation,
    monitors::MonitorsMutation,
    templates::TemplatesMutation,
    brands::BrandsMutation,
    designs::DesignsMutation,
    products::ProductsMutation,
    shops::ShopsMutation,
    listings::ListingsMutation,
    uploads::UploadsMutation,
    orders::OrdersMutation,
    fulfillment::FulfillmentMutation,
    billing::BillingMutation,
    telegram::TelegramMutation,
    payments::PaymentsMutation,
    promotions::PromotionsMutation,
    mockups::MockupsMutation,
);

pub type AppSchema = Schema<Query, Mutation, EmptySubscription>;

pub struct Limits {
    pub depth: usize,
    pub complexity: usize,
    pub introspection: bool,
}

/// The schema without data: enough to print the SDL.
pub fn build(limits: &Limits, state: Option<AppState>) -> AppSchema {
    let mut builder = Schema::build(Query::default(), Mutation::default(), EmptySubscription)
        .limit_depth(limits.depth)
        .limit_complexity(limits.complexity);
    if !limits.introspection {
        builder = builder.disable_introspection();
    }
    if let Some(state) = state {
        builder = builder.data(state);
    }
    builder.finish()
}

/// Printed by `api export-schema`.
pub fn sdl() -> String {
    build(
        &Limits {
            depth: 64,
            complexity: 100_000,
            introspection: true,
        },
        None,
    )
    .sdl()
}

/// What became of a request.
pub enum Outcome {
    /// It ran: data (possibly null) and the errors of its fields.
    Executed(async_graphql::Response),
    /// It never ran: its document does not parse or validate, passes a limit, names no
    /// operation of the document, or its variables cannot be coerced.
    Refused(Vec<ServerError>),
}

/// The schema for data queries, with the depth and complexity limits, and — while introspection
/// is on — the same schema for bounded schema reads ([`introspection`]), whose own bounds
/// replace those limits and which answers nothing but introspection.
#[derive(Clone)]
pub struct Schemas {
    data: AppSchema,
    schema_reads: Option<AppSchema>,
}

impl Schemas {
    pub fn new(limits: &Limits, state: AppState) -> Schemas {
        let schema_reads = limits.introspection.then(|| {
            let bounds = Limits {
                depth: introspection::MAX_DEPTH,
                complexity: introspection::MAX_FIELDS,
                introspection: true,
            };
            build(&bounds, Some(state.clone()))
        });
        Schemas {
            data: build(limits, Some(state)),
            schema_reads,
        }
    }

    pub async fn execute(&self, mut request: async_graphql::Request) -> Outcome {
        let doc = match async_graphql::parser::parse_query(&request.query) {
            Ok(doc) => doc,
            Err(error) => return Outcome::Refused(vec![error.into()]),
        };
        if let Err(error) =
            required_variables_given(&doc, request.operation_name.as_deref(), &request.variables)
        {
            return Outcome::Refused(vec![error]);
        }
        let reads_schema = introspection::is_bounded_schema_read(&doc);
        request.set_parsed_query(doc);
        let schema = match &self.schema_reads {
            Some(schema) if reads_schema => {
                // Belt and braces: should the check above ever let a data field through, this
                // schema answers it with nothing.
                request = request.only_introspection();
                schema
            }
            _ => &self.data,
        };
        let response = schema.execute(request).await;
        // async-graphql answers a request it refused before execution (validation, limits, no
        // such operation) with errors and no data, and each error of execution carries the path
        // of its field: errors without data and without any path never ran.
        if response.data == Value::Null
            && !response.errors.is_empty()
            && response.errors.iter().all(|e| e.path.is_empty())
        {
            Outcome::Refused(response.errors)
        } else {
            Outcome::Executed(response)
        }
    }
}

/// Variable coercion that async-graphql leaves to execution: a required variable without a
/// default must be given, and not as null. (Values of the wrong type are refused by its
/// validation.) A document whose operation cannot be chosen is left to async-graphql to refuse.
fn required_variables_given(
    doc: &ExecutableDocument,
    operation_name: Option<&str>,
    variables: &Variables,
) -> Result<(), ServerError> {
    let operation = match (&doc.operations, operation_name) {
        (DocumentOperations::Single(op), None) => op,
        (DocumentOperations::Multiple(ops), Some(name)) => match ops.get(name) {
            Some(op) => op,
            None => return Ok(()),
        },
        (DocumentOperations::Multiple(ops), None) if ops.len() == 1 => match ops.values().next() {
            Some(op) => op,
            None => return Ok(()),
        },
        _ => return Ok(()),
    };
    for definition in &operation.node.variable_definitions {
        let var = &definition.node;
        if var.var_type.node.nullable || var.default_value.is_some() {
            continue;
        }
        let message = match variables.get(&var.name.node) {
            None => format!(
                "Variable \"${}\" of required type \"{}\" was not provided.",
                var.name.node, var.var_type.node
            ),
            Some(Value::Null) => format!(
                "Variable \"${}\" of non-null type \"{}\" must not be null.",
                var.name.node, var.var_type.node
            ),
            Some(_) => continue,
        };
        return Err(ServerError::new(message, Some(definition.pos)));
    }
    Ok(())
}
