//! First start: the plans, the platform client with its SUPER_ADMIN, and in demo mode a demo
//! client with an ADMIN and a STAFF user. Safe to run at every start.
use rand::distr::{Alphanumeric, SampleString};

use domain::clients::{self, ClientKey, NewClient};
use domain::users::{self, Email, NewUser};
use domain::{passwords, plans, Db, DomainError, Role};

use crate::config::Config;

pub const PLATFORM_KEY: &str = "platform";
pub const DEMO_KEY: &str = "demo";
pub const DEMO_ADMIN: &str = "admin@demo.sellerdesk.test";
pub const DEMO_STAFF: &str = "staff@demo.sellerdesk.test";

pub async fn run(db: &Db, config: &Config) -> anyhow::Result<()> {
    let mut conn = db.conn().await?;
    plans::seed(&mut conn).await?;
    drop(conn);
    match create_platform(db, config).await {
        Ok(()) | Err(DomainError::Conflict(_)) => {}
        Err(e) => return Err(e.into()),
    }
    if config.demo {
        match create_demo(db, config).await {
            Ok(()) | Err(DomainError::Conflict(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

async fn create_platform(db: &Db, config: &Config) -> Result<(), DomainError> {
    let mut tx = db.begin().await?;
    if clients::platform(&mut tx).await?.is_some() {
        return Ok(());
    }
    let email = Email::parse("BOOTSTRAP_ADMIN_EMAIL", &config.bootstrap_admin_email)?;
    let (password, generated) = match &config.bootstrap_admin_password {
        Some(p) => (p.clone(), false),
        None => (Alphanumeric.sample_string(&mut rand::rng(), 20), true),
    };
    passwords::validate("BOOTSTRAP_ADMIN_PASSWORD", &password)?;
    let key = ClientKey::parse("platform key", PLATFORM_KEY)?;
    let client = clients::create(&mut tx, NewClient { name: "Sellerdesk", key: &key, is_active: true, is_platform: true }).await?;
    let hash = passwords::hash(&password).await?;
    users::create(
        &mut tx,
        NewUser {
            client_id: &client.id,
            email: &email,
            password_hash: &hash,
            first_name: "Platform",
            last_name: "Admin",
            role: Role::SuperAdmin,
        },
    )
    .await?;
    tx.commit().await?;
    if generated {
        // Printed once, on the first start only: the operator must keep it.
        println!("\n  ┌─ First start: super admin created ─────────────────────────");
        println!("  │  email     {}", email.as_str());
        println!("  │  password  {password}");
        println!("  │  (shown once; set BOOTSTRAP_ADMIN_PASSWORD to choose it)");
        println!("  └─────────────────────────────────────────────────────────────\n");
    } else {
        tracing::info!(email = email.as_str(), "super admin created from BOOTSTRAP_ADMIN_EMAIL");
    }
    Ok(())
}

async fn create_demo(db: &Db, config: &Config) -> Result<(), DomainError> {
    let mut tx = db.begin().await?;
    if clients::by_key(&mut tx, DEMO_KEY).await?.is_some() {
        return Ok(());
    }
    let key = ClientKey::parse("demo key", DEMO_KEY)?;
    let client = clients::create(&mut tx, NewClient { name: "Demo Store", key: &key, is_active: true, is_platform: false }).await?;
    // Three shops: the seeded sandbox shop and room to connect more through the consent page.
    plans::start_on(&mut tx, &client.id, "BEGIN").await?;
    passwords::validate("DEMO_PASSWORD", &config.demo_password)?;
    let hash = passwords::hash(&config.demo_password).await?;
    for (email, first, last, role) in
        [(DEMO_ADMIN, "Avery", "Admin", Role::Admin), (DEMO_STAFF, "Sam", "Staff", Role::Staff)]
    {
        let email = Email::parse("demo email", email)?;
        users::create(
            &mut tx,
            NewUser { client_id: &client.id, email: &email, password_hash: &hash, first_name: first, last_name: last, role },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
