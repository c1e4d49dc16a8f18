//! Demo mode's marketplace: the TikTok Shop sandbox in this process, and the demo client's
//! connected sandbox shop.
use anyhow::Context as _;
use domain::shops::{self, GrantedTiktokShop};
use domain::users::{self, Email};
use domain::{Role, Scope, clients};
use jobs::kinds::{CategorySync, ShopSync, WarehouseSync};
use jobs::{EnqueueOptions, JobKind, Pending};
use sandbox::tiktok::{SandboxConfig, SandboxHandle};

use crate::bootstrap::{DEMO_ADMIN, DEMO_KEY, DEMO_STAFF};
use crate::config::Config;
use crate::graphql::AppState;

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
    // Products synced from the sandbox link their images there, on loopback.
    config
        .jobs
        .fetch
        .allow
        .add(handle.base_url())
        .map_err(anyhow::Error::msg)?;
    println!(
        "  TikTok Shop     sandbox at {} (image fetches may reach it)",
        handle.base_url()
    );
    Ok(Some(handle))
}

/// Starts the in-process Stripe stand-in when demo mode is on and no Stripe account is
/// configured: fresh test secrets on every start (nothing published works on it), its events
/// delivered to this server's webhook.
pub async fn start_stripe(
    config: &mut Config,
) -> anyhow::Result<Option<sandbox::stripe::StripeHandle>> {
    if !config.demo || config.stripe.is_some() {
        return Ok(None);
    }
    let mut stripe = sandbox::stripe::StripeConfig::generated();
    stripe.webhook_url = Some(format!(
        "{}{}",
        config.public_url,
        crate::payments::STRIPE_WEBHOOK_PATH
    ));
    let handle = sandbox::stripe::start(stripe).await?;
    config.stripe = Some(crate::config::StripeSettings {
        secret_key: handle.sandbox().secret_key(),
        webhook_secret: handle.sandbox().webhook_secret(),
        api_base: handle.base_url().to_owned(),
    });
    println!(
        "  Stripe          sandbox at {} (card top-ups pay on its page)",
        handle.base_url()
    );
    Ok(Some(handle))
}

/// Starts the in-process print-on-demand providers when demo mode is on and no provider base is
/// configured, and points the fulfilment settings at them. Orders there move on by themselves
/// (every 20 s unless `SANDBOX_PROVIDERS_PROGRESS_SECS` says otherwise), so a demo order ships.
pub async fn start_providers(
    config: &mut Config,
) -> anyhow::Result<Option<sandbox::providers::ProvidersHandle>> {
    if !config.demo || config.jobs.fulfillment_base_url.is_some() {
        return Ok(None);
    }
    let mut providers = sandbox::providers::ProvidersConfig::from_env()?;
    if std::env::var("SANDBOX_PROVIDERS_PROGRESS_SECS").is_err() {
        providers.progress_every = Some(std::time::Duration::from_secs(20));
    }
    let handle = sandbox::providers::start(providers).await?;
    config.jobs.fulfillment_base_url = Some(handle.base_url().to_owned());
    println!(
        "  POD providers   sandbox at {} (Printify, Gearment, Merchize, Lenful, HMFulfill, MangoTee)",
        handle.base_url()
    );
    Ok(Some(handle))
}

/// Starts the in-process Telegram Bot API stand-in when demo mode is on and no bot token is
/// configured, and points the Telegram settings at it (a generated token, polling). A newcomer
/// plays the Telegram user through its control routes (`/__sandbox/telegram/start`).
pub async fn start_telegram(
    config: &mut Config,
) -> anyhow::Result<Option<sandbox::telegram::TelegramHandle>> {
    if !config.demo || config.jobs.telegram.is_some() {
        return Ok(None);
    }
    let handle = sandbox::telegram::start(sandbox::telegram::TelegramConfig::from_env()).await?;
    config.jobs.telegram = Some(jobs::config::TelegramSettings {
        bot_token: handle.sandbox().bot_token(),
        api_base: handle.base_url().to_owned(),
        bot_username: Some(handle.sandbox().bot_username()),
        webhook_secret: None,
    });
    println!(
        "  Telegram        sandbox bot @{} at {} (open a link as a user: POST {}/__sandbox/telegram/start)",
        handle.sandbox().bot_username(),
        handle.base_url(),
        handle.base_url()
    );
    Ok(Some(handle))
}

/// Gives the demo client an account at every provider's stand-in (once: an account of a
/// provider it has already is left alone), so a newcomer can fulfil a demo order offline.
pub async fn seed_providers(
    state: &AppState,
    providers: &sandbox::providers::ProvidersSandbox,
    base_url: &str,
) -> anyhow::Result<()> {
    let mut conn = state.db.conn().await?;
    let Some(demo) = clients::by_key(&mut conn, DEMO_KEY).await? else {
        return Ok(());
    };
    let Some(admin) = users::by_email(&mut conn, &Email::parse("demo email", DEMO_ADMIN)?)
        .await?
        .filter(|u| u.client_id == demo.id)
    else {
        return Ok(());
    };
    let have = domain::fulfillment::accounts(&mut conn, &demo.id).await?;
    drop(conn);
    let me = crate::auth::Caller::of(admin);
    for p in sandbox::providers::Provider::ALL {
        let provider = match p {
            sandbox::providers::Provider::Printify => domain::fulfillment::ProviderType::Printify,
            sandbox::providers::Provider::Gearment => domain::fulfillment::ProviderType::Gearment,
            sandbox::providers::Provider::Merchize => domain::fulfillment::ProviderType::Merchize,
            sandbox::providers::Provider::Lenful => domain::fulfillment::ProviderType::Lenful,
            sandbox::providers::Provider::HmFulfill => domain::fulfillment::ProviderType::HmFulfill,
            sandbox::providers::Provider::MangoTee => domain::fulfillment::ProviderType::MangoTee,
        };
        if have.iter().any(|a| a.provider == provider) {
            continue;
        }
        let account = providers.account(p);
        let created = crate::fulfillment::create_provider(
            state,
            &me,
            crate::fulfillment::NewProvider {
                provider,
                name: Some(format!("{} (sandbox)", provider.display_name())),
                api_key: account.api_key.clone(),
                api_secret: account.api_secret.clone(),
                shop_id: account.shop_id.clone(),
                base_url: account.base_path.as_ref().map(|p| format!("{base_url}{p}")),
            },
        )
        .await;
        if let Err(e) = created {
            tracing::warn!(provider = provider.as_str(), error = %e.message, "demo provider account not seeded");
        }
    }
    Ok(())
}

/// The demo shop's name in the sandbox.
const DEMO_SHOP: &str = "Sellerdesk Demo Shop";

/// Gives the demo client a connected sandbox TikTok shop with warehouses and sample products,
/// and queues its sync, its warehouses and the category tree.
///
/// The sandbox keeps its state in memory, so every start grants the shop again (the seller's
/// consent, done programmatically) and exchanges the code for tokens like `authorizeShop`. The
/// first shop of a fresh sandbox always has the same marketplace id, so the same shop row is
/// updated by that id on every start: restarts never add shops.
pub async fn seed_shop(
    state: &AppState,
    sandbox: &sandbox::tiktok::TiktokSandbox,
) -> anyhow::Result<()> {
    let Some(client) = state.tiktok.as_ref() else {
        return Ok(());
    };
    let mut conn = state.db.conn().await?;
    let Some(demo) = clients::by_key(&mut conn, DEMO_KEY).await? else {
        tracing::warn!("no demo client: the demo shop is not seeded");
        return Ok(());
    };
    let admin = users::by_email(&mut conn, &Email::parse("demo email", DEMO_ADMIN)?)
        .await?
        .filter(|u| u.client_id == demo.id);
    let staff = users::by_email(&mut conn, &Email::parse("demo email", DEMO_STAFF)?)
        .await?
        .filter(|u| u.client_id == demo.id);
    drop(conn);

    let granted = sandbox.grant_shop(DEMO_SHOP, "US");
    let tokens = client
        .get_token(&granted.auth_code)
        .await
        .context("demo shop: token exchange with the sandbox")?;
    let shops_granted = client
        .authorized_shops(&tokens.access_token)
        .await
        .context("demo shop: authorised shops")?;
    let shop = shops_granted
        .into_iter()
        .find(|s| s.id == granted.shop_id)
        .context("demo shop: the sandbox did not list the shop it granted")?;
    sandbox.seed_sample_products(&granted.shop_id);

    let max_attempts = state.config.jobs.max_attempts;
    let mut tx = state.db.begin().await?;
    let shop_id = shops::upsert_tiktok(
        &mut tx,
        &demo.id,
        admin.as_ref().map(|u| u.id.as_str()),
        "US",
        &GrantedTiktokShop {
            external_shop_id: shop.id.clone(),
            name: shop.name.clone(),
            shop_code: shop.code.clone(),
            shop_cipher: shop.cipher.clone(),
            region: shop.region.clone(),
            seller_type: shop.seller_type.clone(),
            seller_name: tokens.seller_name.clone(),
            open_id: tokens.open_id.clone(),
            granted_scopes: tokens.granted_scopes.clone(),
            access_sealed: state.secrets.seal(&tokens.access_token),
            access_expires_at: tokens.access_token_expires_at,
            refresh_sealed: state.secrets.seal(&tokens.refresh_token),
            refresh_expires_at: tokens.refresh_token_expires_at,
        },
    )
    .await?;
    // The demo STAFF works on the demo shop, so the STAFF view has something to show.
    if let (Some(admin), Some(staff)) = (&admin, &staff) {
        let scope = Scope {
            client_id: demo.id.clone(),
            user_id: admin.id.clone(),
            role: Role::Admin,
        };
        shops::assign(&mut tx, &scope, &staff.id, &shop_id).await?;
    }
    let options = EnqueueOptions::new(max_attempts).client(&demo.id);
    let mut pending = Pending::new();
    pending.add(ShopSync::shop(&shop_id).enqueue(&mut tx, &options).await?);
    pending.add(
        WarehouseSync::new(&shop_id)
            .enqueue(&mut tx, &options)
            .await?,
    );
    // The same key as the pool's start-up sync: one tree sync a day, now with a shop to ask.
    let category = CategorySync::at_start(chrono::Utc::now());
    pending.add(
        category
            .enqueue(&mut tx, &EnqueueOptions::new(max_attempts))
            .await?,
    );
    // The ready template of the first-listing path, created by the demo ADMIN.
    if let Some(admin) = &admin {
        let scope = Scope {
            client_id: demo.id.clone(),
            user_id: admin.id.clone(),
            role: Role::Admin,
        };
        seed_template_once(&mut tx, state, &scope).await?;
    }
    tx.commit().await?;
    state.dispatch(pending).await;
    tracing::info!(shop = %shop_id, external = %shop.id, "demo TikTok shop connected to the sandbox");
    start_trickle(
        sandbox.clone(),
        granted.shop_id,
        state.config.demo_orders_per_hour,
    );
    Ok(())
}

/// Orders of the demo shop moved on per new order: statuses advance about as fast as orders
/// arrive, so the desk shows every stage.
const ADVANCED_PER_TICK: usize = 2;

/// The demo shop's steady trickle (`DEMO_ORDERS_PER_HOUR`, default 12 — one every five minutes
/// keeps the desk moving without burying it; 0 stops it): a new
/// order in the sandbox at every tick and a few older ones moved forward, each announced by
/// the sandbox's webhook, which pulls it into the desk at once (the scheduled sync catches up
/// whatever a webhook missed).
fn start_trickle(sandbox: sandbox::tiktok::TiktokSandbox, shop: String, per_hour: u32) {
    if per_hour == 0 {
        return;
    }
    let every = std::time::Duration::from_secs_f64(3600.0 / f64::from(per_hour));
    println!("  demo orders     {per_hour} new per hour (DEMO_ORDERS_PER_HOUR)");
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        // The first tick of an interval is immediate; the demo starts with its seeded orders.
        ticks.tick().await;
        loop {
            ticks.tick().await;
            let placed = sandbox.place_orders(&shop, 1);
            let moved = sandbox.advance_orders(&shop, ADVANCED_PER_TICK);
            tracing::debug!(
                placed = placed.len(),
                moved = moved.len(),
                "demo orders trickled"
            );
        }
    });
}

/// Starts the in-process Amazon SP-API stand-in when demo mode is on and no Amazon app is
/// configured, and points the Amazon settings at it. Its consent page sends the seller back to
/// this server's callback.
pub async fn start_amazon(
    config: &mut Config,
) -> anyhow::Result<Option<sandbox::amazon::AmazonHandle>> {
    if !config.demo || config.jobs.amazon.is_some() {
        return Ok(None);
    }
    let redirect_url = format!("{}/shops/amazon/callback", config.public_url);
    let mut amazon = sandbox::amazon::AmazonConfig::from_env()?;
    amazon.redirect_url = Some(redirect_url.clone());
    let handle = sandbox::amazon::start(amazon.clone()).await?;
    config.jobs.amazon = Some(jobs::config::AmazonSettings {
        client_id: amazon.client_id.clone(),
        client_secret: amazon.client_secret.clone(),
        application_id: amazon.application_id.clone(),
        redirect_url,
        draft_app: false,
        base_url: Some(handle.base_url().to_owned()),
    });
    println!(
        "  Amazon SP-API   sandbox at {} (connect a shop from /shops: its consent page grants a new seller)",
        handle.base_url()
    );
    Ok(Some(handle))
}

/// Starts the in-process Walmart Marketplace stand-in when demo mode is on and no Walmart base
/// is configured, and points the Walmart settings at it. Its first seller's key pair is
/// printed: that is what a seller types to connect a Walmart shop.
pub async fn start_walmart(
    config: &mut Config,
) -> anyhow::Result<Option<sandbox::walmart::WalmartHandle>> {
    if !config.demo || config.jobs.walmart.base_url.is_some() {
        return Ok(None);
    }
    let walmart = sandbox::walmart::WalmartConfig::from_env()?;
    let handle = sandbox::walmart::start(walmart.clone()).await?;
    config.jobs.walmart.base_url = Some(handle.base_url().to_owned());
    println!(
        "  Walmart         sandbox at {} (connect a shop with client id {} and secret {})",
        handle.base_url(),
        walmart.client_id,
        walmart.client_secret
    );
    Ok(Some(handle))
}

/// The name of the demo client's ready template.
const DEMO_TEMPLATE: &str = "Classic T-shirt";

/// TikTok's Men's Tops › T-shirts leaf (the sandbox's tree, the marketplace's ids).
const DEMO_TEMPLATE_CATEGORY: &str = "824586";

/// The side-effect key that says the demo client got its ready template once.
fn template_seeded_key(client_id: &str) -> String {
    format!("demo:ready-template:{client_id}")
}

/// Gives the demo client its ready template the first time the demo shop is seeded, and never
/// again: the key in `job_effects` (the table of side effects done once) keeps a seller's edit or
/// deletion across restarts.
async fn seed_template_once(
    conn: &mut domain::db::Conn,
    state: &AppState,
    scope: &Scope,
) -> anyhow::Result<()> {
    let key = template_seeded_key(&scope.client_id);
    if !domain::event_histories::record_effect(conn, &key, "demo-seed", None).await? {
        return Ok(());
    }
    let template = seed_template(conn, scope).await?;
    // A blank tee photo on the template, so the first listing shows a mockup, not the print file.
    let blank = connectors::storage::FileKey::of_client(
        "uploads",
        &scope.client_id,
        "blanks/demo-classic-tee.png",
    )?;
    state
        .files
        .put(&blank, jobs::mockups::demo_blank_png())
        .await
        .context("demo template: storing its blank photo")?;
    let area = jobs::mockups::DEMO_BLANK_AREA;
    domain::mockups::replace_blanks(
        conn,
        scope,
        &template.id,
        &[domain::mockups::NewBlank {
            side: domain::mockups::DesignSide::Front,
            image_url: format!("{}/{}", state.config.public_url, blank.as_str()),
            width: 1000,
            height: 1000,
            x: i64::from(area.x),
            y: i64::from(area.y),
            area_width: i64::from(area.width),
            area_height: i64::from(area.height),
        }],
    )
    .await?;
    tracing::info!(template = %template.id, "demo client's ready template created");
    Ok(())
}

/// Creates the demo client's complete, ready template, so a newcomer's first product goes live
/// from a design and a name (issue 21: a first live listing in ten clicks). Complete means every
/// rule TikTok states for its category: the required product attributes (Material, Sleeve
/// Length) with value ids from the category's attribute list, a package weight and dimensions in
/// one unit system (imperial, as the demo shop is in the US), sales attributes by name, a price
/// and stock on every variant.
async fn seed_template(
    conn: &mut domain::db::Conn,
    scope: &Scope,
) -> Result<domain::templates::Template, domain::DomainError> {
    use domain::catalogue::{DimensionUnit, Dimensions, ProductType, Weight, WeightUnit};
    let mut variants = Vec::new();
    for color in ["Black", "White", "Navy"] {
        for size in ["S", "M", "L", "XL"] {
            variants.push(serde_json::json!({
                "attributes": { "Color": color, "Size": size },
                "sku": format!("TEE-{}-{size}", color.to_uppercase()),
                "salePrice": 19.99,
                "listPrice": 24.99,
                "quantity": 100,
            }));
        }
    }
    domain::templates::create(
        conn,
        scope,
        domain::templates::TemplateDraft {
            name: DEMO_TEMPLATE.into(),
            title: "{design} Classic T-shirt".into(),
            description: Some(
                "<p>A soft, everyday crew-neck tee in 100% cotton, printed on demand.</p>".into(),
            ),
            package_weight: Some(Weight {
                value: 0.4,
                unit: WeightUnit::Pound,
            }),
            package_dimensions: Some(Dimensions {
                length: 12.0,
                width: 10.0,
                height: 1.0,
                unit: DimensionUnit::Inch,
            }),
            tiktok_category_id: Some(DEMO_TEMPLATE_CATEGORY.into()),
            tiktok_brand_id: None,
            images: None,
            size_chart: None,
            variants: serde_json::Value::Array(variants),
            tiktok_product_attribute: Some(serde_json::json!([
                { "attributeId": "100198", "valueIds": ["1001981"] },
                { "attributeId": "100392", "valueIds": ["1003921"] },
                { "attributeId": "100393", "valueIds": ["1003931"] },
                { "attributeId": "101395", "valueIds": ["1013951"] },
            ])),
            channels: domain::templates::ChannelFields::default(),
            price_formula: None,
            product_type: ProductType::Pod,
            status: Some(domain::templates::TemplateStatus::Active),
        },
    )
    .await
}
