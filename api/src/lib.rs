//! The Sellerdesk API server as a library: [`server::Application::build`] makes the whole server
//! from a [`config::Config`]; `main.rs` is only the command line around it.
pub mod auth;
pub mod billing;
pub mod bootstrap;
pub mod client_ip;
pub mod config;
pub mod demo;
pub mod errors;
pub mod fulfillment;
pub mod graphql;
pub mod listings;
pub mod orders;
pub mod payments;
pub mod requirements;
pub mod server;
pub mod shops;
pub mod telegram;
pub mod uploads;
pub mod webhooks;
