//! `sandbox`: serves the TikTok Shop stand-in on `SANDBOX_ADDR` (default 127.0.0.1:8091) and
//! the six print-on-demand stand-ins on `SANDBOX_PROVIDERS_ADDR` (default 127.0.0.1:8092), with
//! faults from the `SANDBOX_*` variables. Provider orders move one step every
//! `SANDBOX_PROVIDERS_PROGRESS_SECS` (default 30; 0 stops the clock). The Telegram Bot API
//! stand-in listens on `SANDBOX_TELEGRAM_ADDR` (default 127.0.0.1:8094) with a generated bot
//! token, printed at start for `TELEGRAM_BOT_TOKEN`. The Stripe stand-in listens on
//! `SANDBOX_STRIPE_ADDR` (default 127.0.0.1:8093) with its test keys from
//! `SANDBOX_STRIPE_SECRET_KEY` and `SANDBOX_STRIPE_WEBHOOK_SECRET` and delivers events to
//! `SANDBOX_STRIPE_WEBHOOK_URL` (default: a Sellerdesk on its default address). The S3-compatible
//! bucket listens on `SANDBOX_S3_ADDR` (default 127.0.0.1:8095), keeps its objects under
//! `SANDBOX_S3_DIR` (default ./data/sandbox-s3) and accepts the key pair
//! `SANDBOX_S3_ACCESS_KEY_ID` / `SANDBOX_S3_SECRET_ACCESS_KEY` (fixed test keys by default).
//! The Amazon SP-API stand-in (consent, LWA and SP-API hosts in one) listens on
//! `SANDBOX_AMAZON_ADDR` (default 127.0.0.1:8096) and sends consent codes to
//! `SANDBOX_AMAZON_REDIRECT_URL` (default: a Sellerdesk on its default address); the Walmart
//! Marketplace stand-in listens on `SANDBOX_WALMART_ADDR` (default 127.0.0.1:8097).
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
    let telegram_addr: SocketAddr = std::env::var("SANDBOX_TELEGRAM_ADDR")
        .unwrap_or_else(|_| "127.0.0.1:8094".into())
        .parse()
        .context("SANDBOX_TELEGRAM_ADDR must be host:port")?;
    let telegram =
        sandbox::telegram::serve(telegram_addr, sandbox::telegram::TelegramConfig::from_env())
            .await
            .with_context(|| format!("cannot listen on {telegram_addr}"))?;
    // A local stand-in's fake token: printed so the operator can point TELEGRAM_BOT_TOKEN at it.
    tracing::info!(
        base_url = telegram.base_url(),
        bot_username = %telegram.sandbox().bot_username(),
        bot_token = %telegram.sandbox().bot_token(),
        "Telegram Bot API sandbox listening; simulate a user at {}/__sandbox/telegram/start",
        telegram.base_url()
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
    let s3_addr: SocketAddr = std::env::var("SANDBOX_S3_ADDR")
        .unwrap_or_else(|_| "127.0.0.1:8095".into())
        .parse()
        .context("SANDBOX_S3_ADDR must be host:port")?;
    let s3_dir = std::env::var("SANDBOX_S3_DIR").unwrap_or_else(|_| "./data/sandbox-s3".into());
    let mut s3_config = sandbox::s3::S3Config::new(std::path::Path::new(&s3_dir));
    s3_config.access_key_id = std::env::var("SANDBOX_S3_ACCESS_KEY_ID")
        .unwrap_or_else(|_| sandbox::s3::TEST_ACCESS_KEY_ID.into());
    s3_config.secret_access_key = std::env::var("SANDBOX_S3_SECRET_ACCESS_KEY")
        .unwrap_or_else(|_| sandbox::s3::TEST_SECRET_ACCESS_KEY.into());
    let s3 = sandbox::s3::serve(s3_addr, s3_config.clone())
        .await
        .with_context(|| format!("cannot listen on {s3_addr}"))?;
    // The secret is not printed: it is the fixed test key or the operator's own.
    tracing::info!(
        endpoint = s3.base_url(),
        bucket = %s3_config.bucket,
        access_key_id = %s3_config.access_key_id,
        dir = %s3_dir,
        "S3-compatible sandbox listening (path-style, SigV4 checked; S3_SECRET_ACCESS_KEY from SANDBOX_S3_SECRET_ACCESS_KEY)"
    );
    let amazon_addr: SocketAddr = std::env::var("SANDBOX_AMAZON_ADDR")
        .unwrap_or_else(|_| "127.0.0.1:8096".into())
        .parse()
        .context("SANDBOX_AMAZON_ADDR must be host:port")?;
    let mut amazon_config = sandbox::amazon::AmazonConfig::from_env()?;
    amazon_config
        .redirect_url
        .get_or_insert_with(|| "http://127.0.0.1:8080/shops/amazon/callback".into());
    let amazon = sandbox::amazon::serve(amazon_addr, amazon_config.clone())
        .await
        .with_context(|| format!("cannot listen on {amazon_addr}"))?;
    // The sandbox's own fixed test credentials, printed so the operator can point the
    // connector at it.
    tracing::info!(
        base_url = amazon.base_url(),
        client_id = %amazon_config.client_id,
        application_id = %amazon_config.application_id,
        redirect_url = amazon_config.redirect_url.as_deref().unwrap_or_default(),
        "Amazon SP-API sandbox listening; consent page at {}",
        amazon.consent_url("STATE")
    );
    let walmart_addr: SocketAddr = std::env::var("SANDBOX_WALMART_ADDR")
        .unwrap_or_else(|_| "127.0.0.1:8097".into())
        .parse()
        .context("SANDBOX_WALMART_ADDR must be host:port")?;
    let walmart_config = sandbox::walmart::WalmartConfig::from_env()?;
    let walmart = sandbox::walmart::serve(walmart_addr, walmart_config.clone())
        .await
        .with_context(|| format!("cannot listen on {walmart_addr}"))?;
    tracing::info!(
        base_url = walmart.base_url(),
        client_id = %walmart_config.client_id,
        feed_polls = walmart_config.feed_polls,
        "Walmart Marketplace sandbox listening (/v3/token, /v3/feeds, /v3/items, /v3/orders)"
    );
    tokio::signal::ctrl_c()
        .await
        .context("waiting for Ctrl-C")?;
    walmart.stop().await;
    amazon.stop().await;
    s3.stop().await;
    telegram.stop().await;
    stripe.stop().await;
    providers.stop().await;
    handle.stop().await;
    Ok(())
}
