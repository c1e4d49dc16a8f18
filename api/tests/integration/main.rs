//! The API's integration tests, in one test binary: every test starts its own `api` (and, on
//! the scaled stack, its own database and `worker` processes) on a free port and speaks HTTP to
//! it. One binary links the application once, not once per file, and lets the harness run tests
//! of different areas side by side (`RUST_TEST_THREADS`); `cargo test -p api --test integration
//! <area>::` runs one area.

mod common;

mod accounts;
mod billing;
mod catalogue;
mod channels;
mod fulfillment;
mod fulfillment_exactly_once;
mod jobs;
mod listing_flows;
mod listings;
mod listings_channels;
mod marketplace;
mod mockups;
mod orders_channels;
mod orders_desk;
mod orders_sync;
mod orders_use_cases;
mod payments;
mod promotions;
mod scaled;
mod security_at_rest;
mod security_auth;
mod security_http;
mod security_scope;
mod security_secrets;
mod security_ssrf;
mod server;
mod shops;
mod storage;
mod telegram;
mod templates_complete;
mod tenancy_sweep;
mod uploads;
mod use_cases;
