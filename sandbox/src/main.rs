//! `sandbox`: serves the TikTok Shop stand-in on `SANDBOX_ADDR` (default 127.0.0.1:8091), with
//! faults from the `SANDBOX_*` variables.
use std::net::SocketAddr;

use anyhow::Context;
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
    tokio::signal::ctrl_c()
        .await
        .context("waiting for Ctrl-C")?;
    handle.stop().await;
    Ok(())
}
