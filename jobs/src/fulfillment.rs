//! What the fulfilment jobs share: an account's credentials opened into a provider client's
//! [`Account`], and the provider's words turned into Sellerdesk's terms.
use connectors::fulfillment::{self as provider, Account, Provider};
use domain::Db;
use domain::fulfillment::orders::{Stage, Tracking};
use domain::fulfillment::{self, ProviderType, SealedCredentials};
use domain::secrets::Secrets;

use crate::JobError;

/// The provider client's name for a provider type.
pub fn provider_of(t: ProviderType) -> Provider {
    match t {
        ProviderType::Gearment => Provider::Gearment,
        ProviderType::HmFulfill => Provider::HmFulfill,
        ProviderType::Lenful => Provider::Lenful,
        ProviderType::MangoTee => Provider::MangoTee,
        ProviderType::Merchize => Provider::Merchize,
        ProviderType::Printify => Provider::Printify,
    }
}

/// Sellerdesk's stage for a provider's.
pub fn stage_of(s: provider::Stage) -> Stage {
    match s {
        provider::Stage::Pending => Stage::Pending,
        provider::Stage::OnHold => Stage::OnHold,
        provider::Stage::InProduction => Stage::InProduction,
        provider::Stage::Shipped => Stage::Shipped,
        provider::Stage::Delivered => Stage::Delivered,
        provider::Stage::Cancelled => Stage::Cancelled,
        provider::Stage::Rejected => Stage::Rejected,
    }
}

/// The first shipment with a tracking number.
pub fn tracking_of(o: &provider::ProviderOrder) -> Option<Tracking> {
    o.shipments.iter().find_map(tracking_in)
}

/// A shipment's tracking, when it has a number.
pub fn tracking_in(s: &provider::Shipment) -> Option<Tracking> {
    (!s.tracking_number.trim().is_empty()).then(|| Tracking {
        carrier: s.carrier.clone(),
        number: s.tracking_number.clone(),
        url: s.tracking_url.clone(),
    })
}

/// An account's credentials, unsealed for one call.
pub fn account_of(secrets: &Secrets, c: &SealedCredentials) -> Result<Account, JobError> {
    let open = |sealed: &str| {
        secrets.open(sealed).map_err(|_| {
            JobError::Permanent(
                "the provider's credentials cannot be read; connect the provider again".into(),
            )
        })
    };
    Ok(Account {
        provider: provider_of(c.account.provider),
        api_key: open(&c.api_key)?,
        api_secret: c.api_secret.as_deref().map(open).transpose()?,
        shop_id: c.account.shop_id.clone(),
        base_url: c.base_url.clone(),
    })
}

/// A client's account by id, opened; `None` when it was removed.
pub async fn open_account(
    db: &Db,
    secrets: &Secrets,
    client_id: &str,
    provider_id: &str,
) -> Result<Option<(SealedCredentials, Account)>, JobError> {
    let mut conn = db.conn().await?;
    let creds = match fulfillment::credentials(&mut conn, client_id, provider_id).await {
        Ok(c) => c,
        Err(domain::DomainError::NotFound(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let account = account_of(secrets, &creds)?;
    Ok(Some((creds, account)))
}
