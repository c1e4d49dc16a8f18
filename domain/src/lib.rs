//! Entities, ids, money, errors and the SQL repositories of Sellerdesk, one module per area.
//! Knows nothing of HTTP, GraphQL or the queue.

pub mod billing;
pub mod brands;
pub mod catalogue;
pub mod clients;
pub mod completeness;
pub mod db;
pub mod designs;
pub mod error;
pub mod event_histories;
pub mod fulfillment;
pub mod ids;
pub mod mail;
pub mod marketplace;
pub mod mockups;
pub mod orders;
pub mod paging;
pub mod passwords;
pub mod payments;
pub mod plans;
pub mod price_formula;
pub mod products;
pub mod promotions;
pub mod scope;
pub mod secrets;
pub mod settings;
pub mod shop_products;
pub mod shops;
pub mod stored;
pub mod telegram;
pub mod templates;
pub mod time;
pub mod tokens;
pub mod uploads;
pub mod urls;
pub mod users;
pub mod workers;

pub use db::{Backend, Conn, Db};
pub use error::{DomainError, Result};
pub use scope::{Role, Scope};
