//! `sandbox`: serves the TikTok Shop stand-in on `SANDBOX_ADDR` (default 127.0.0.1:8091) and
//! the six print-on-demand stand-ins on `SANDBOX_PROVIDERS_ADDR` (default 127.0.0.1:8092), with
//! faults from the `SANDBOX_*` variables. Provider orders move one step every
//! `SANDBOX_PROVIDERS_PROGRESS_SECS` (default 30; 0 stops the clock). The Stripe stand-in
//! listens on `SANDBOX_STRIPE_ADDR` (default 127.0.0.1:8093) with its test keys from
//! `SANDBOX_STRIPE_SECRET_KEY` and `SANDBOX_STRIPE_WEBHOOK_SECRET` and delivers events to
//! `SANDBOX_STRIPE_WEBHOOK_URL` (default: a Sellerdesk on its default address).
use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use sandbox::providers::{self, ProvidersConfig};
use sandbox::stripe::{self, StripeConfig};
use sandbox::tiktok::{self, SandboxConfig};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let addr: SocketAddr = std::env::var("SANDBOX_ADDR")
        .unwrap_or_else(|_| "127.0.0.1:8091".into())
        .parse()
        .context("SANDBOX_ADDR must be host:port")?;
    let mut config = SandboxConfig::from_env()?;
    // The consent page sends codes only to the app's registered redirect: by default the
    // callback of a Sellerdesk on its default address.
    config
        .redirect_url
        .get_or_insert_with(|| "http://127.0.0.1:8080/shops/tiktok/callback".into());
    let handle = tiktok::serve(addr, config.clone())
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!(
        base_url = handle.base_url(),
        app_key = %config.app_key,
        service_id = %config.service_id,
        error_rate = config.faults.error_rate,
        throttle_rate = config.faults.throttle_rate,
        latency_ms = config.faults.latency_ms,
        daily_create_cap = ?config.daily_create_cap,
        redirect_url = config.redirect_url.as_deref().unwrap_or_default(),
        "TikTok Shop sandbox listening; consent page at {}",
        handle.consent_url("STATE", None)
    );
    let providers_addr: SocketAddr = std::env::var("SANDBOX_PROVIDERS_ADDR")
        .unwrap_or_else(|_| "127.0.0.1:8092".into())
        .parse()
        .context("SANDBOX_PROVIDERS_ADDR must be host:port")?;
    let mut providers_config = ProvidersConfig::from_env()?;
    if std::env::var_os("SANDBOX_PROVIDERS_PROGRESS_SECS").is_none() {
        providers_config.progress_every = Some(Duration::from_secs(30));
    }
    let providers = providers::serve(providers_addr, providers_config.clone())
        .await
        .with_context(|| format!("cannot listen on {providers_addr}"))?;
    tracing::info!(
        base_url = providers.base_url(),
        error_rate = providers_config.faults.error_rate,
        throttle_rate = providers_config.faults.throttle_rate,
        fail_after_write_rate = providers_config.faults.fail_after_write_rate,
        latency_ms = providers_config.faults.latency_ms,
        progress_secs = providers_config.progress_every.map(|d| d.as_secs()),
        "print-on-demand sandbox listening (/printify, /gearment, /merchize/{{tenant}}/bo-api, /lenful, /hmfulfill, /mangotee); sandbox accounts at {}/__sandbox/providers/accounts",
        providers.base_url()
    );
    let stripe_addr: SocketAddr = std::env::var("SANDBOX_STRIPE_ADDR")
        .unwrap_or_else(|_| "127.0.0.1:8093".into())
        .parse()
        .context("SANDBOX_STRIPE_ADDR must be host:port")?;
    let mut stripe_config = StripeConfig::from_env();
    stripe_config
        .webhook_url
        .get_or_insert_with(|| "http://127.0.0.1:8080/webhooks/stripe".into());
    let stripe = stripe::serve(stripe_addr, stripe_config.clone())
        .await
        .with_context(|| format!("cannot listen on {stripe_addr}"))?;
    tracing::info!(
        base_url = stripe.base_url(),
        webhook_url = stripe_config.webhook_url.as_deref().unwrap_or_default(),
        "Stripe sandbox listening (/v1/checkout/sessions, hosted pages at /c/pay/{{id}}); keys from SANDBOX_STRIPE_SECRET_KEY and SANDBOX_STRIPE_WEBHOOK_SECRET"
    );
    tokio::signal::ctrl_c()
        .await
        .context("waiting for Ctrl-C")?;
    stripe.stop().await;
    providers.stop().await;
    handle.stop().await;
    Ok(())
}
