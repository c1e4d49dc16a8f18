//! First start: the plans, the platform client with its SUPER_ADMIN, and in demo mode a demo
//! client with an ADMIN and a STAFF user. Safe to run at every start.
use rand::distr::{Alphanumeric, SampleString};

use domain::clients::{self, ClientKey, NewClient};
use domain::users::{self, Email, NewUser};
use domain::{Db, DomainError, Role, passwords, plans};

use crate::config::{Config, DEFAULT_DEMO_PASSWORD};

pub const PLATFORM_KEY: &str = "platform";
pub const DEMO_KEY: &str = "demo";
pub const DEMO_ADMIN: &str = "admin@demo.sellerdesk.test";
pub const DEMO_STAFF: &str = "staff@demo.sellerdesk.test";

pub async fn run(db: &Db, config: &Config) -> anyhow::Result<()> {
    match create_platform(db, config).await {
        Ok(()) | Err(DomainError::Conflict(_)) => {}
        Err(e) => return Err(e.into()),
    }
    if config.demo {
        match create_demo(db, config).await {
            Ok(()) | Err(DomainError::Conflict(_)) => {}
            Err(e) => return Err(e.into()),
        }
        if config.demo_password_set {
            replace_default_demo_password(db, config).await?;
        }
        warn_demo(config);
    }
    Ok(())
}

/// Demo users created with the published password keep it across restarts; once
/// `DEMO_PASSWORD` is set, a demo user that still has the published one gets the chosen one.
/// (One the user chose through the app is left alone.)
async fn replace_default_demo_password(db: &Db, config: &Config) -> Result<(), DomainError> {
    if config.demo_password == DEFAULT_DEMO_PASSWORD {
        return Ok(());
    }
    let mut conn = db.conn().await?;
    let Some(demo) = clients::by_key(&mut conn, DEMO_KEY).await? else {
        return Ok(());
    };
    for email in [DEMO_ADMIN, DEMO_STAFF] {
        let Some(user) = users::by_email(&mut conn, &Email::parse("demo email", email)?).await?
        else {
            continue;
        };
        if user.client_id != demo.id
            || !passwords::verify(DEFAULT_DEMO_PASSWORD, &user.password_hash).await?
        {
            continue;
        }
        passwords::validate("DEMO_PASSWORD", &config.demo_password)?;
        let hash = passwords::hash(&config.demo_password).await?;
        users::set_password(&mut conn, &user.id, &hash).await?;
        tracing::info!(
            email,
            "demo user's published password replaced by DEMO_PASSWORD"
        );
    }
    Ok(())
}

/// Every start in demo mode says who can sign in, and with what.
fn warn_demo(config: &Config) {
    let password = if config.demo_password_set {
        "the password set in DEMO_PASSWORD".to_owned()
    } else {
        format!(
            "the published default password `{DEFAULT_DEMO_PASSWORD}`, known to anyone who read the README"
        )
    };
    tracing::warn!(
        "DEMO mode is on: anyone who reaches this server can sign in as {DEMO_ADMIN} (ADMIN) or {DEMO_STAFF} (STAFF) \
         with {password}. Demo mode is for trying Sellerdesk, not for real sellers' data: set DEMO=false for that."
    );
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
    let client = clients::create(
        &mut tx,
        NewClient {
            name: "Sellerdesk",
            key: &key,
            is_active: true,
            is_platform: true,
        },
    )
    .await?;
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
        tracing::info!(
            email = email.as_str(),
            "super admin created from BOOTSTRAP_ADMIN_EMAIL"
        );
    }
    Ok(())
}

async fn create_demo(db: &Db, config: &Config) -> Result<(), DomainError> {
    let mut tx = db.begin().await?;
    if clients::by_key(&mut tx, DEMO_KEY).await?.is_some() {
        return Ok(());
    }
    let key = ClientKey::parse("demo key", DEMO_KEY)?;
    let client = clients::create(
        &mut tx,
        NewClient {
            name: "Demo Store",
            key: &key,
            is_active: true,
            is_platform: false,
        },
    )
    .await?;
    // The demo shows every screen at any volume (the bench lists thousands of products a round):
    // the plan without monthly allowances, and room to connect shops through the consent page.
    plans::start_on(&mut tx, &client.id, plans::PlanType::Diamond).await?;
    passwords::validate("DEMO_PASSWORD", &config.demo_password)?;
    let hash = passwords::hash(&config.demo_password).await?;
    for (email, first, last, role) in [
        (DEMO_ADMIN, "Avery", "Admin", Role::Admin),
        (DEMO_STAFF, "Sam", "Staff", Role::Staff),
    ] {
        let email = Email::parse("demo email", email)?;
        users::create(
            &mut tx,
            NewUser {
                client_id: &client.id,
                email: &email,
                password_hash: &hash,
                first_name: first,
                last_name: last,
                role,
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
