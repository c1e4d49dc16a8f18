//! What the fulfilment jobs share: an account's credentials opened into a provider client's
//! [`Account`], and the provider's words turned into Sellerdesk's terms.
use connectors::fulfillment::{self as provider, Account, Provider};
use domain::Db;
use domain::fulfillment::orders::{Stage, Tracking};
use domain::fulfillment::{self, ProviderType, SealedCredentials};
use domain::secrets::Secrets;

use crate::JobError;
use crate::context::JobContext;
use crate::images::{Own, file_error, own_upload, upload_name};

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

/// Checks that every file of an order that is one of the client's uploads (print files,
/// mockups, a label) is in the storage port before the provider is asked to fetch it: a
/// missing one is a permanent failure naming it, found now rather than as a provider's vague
/// refusal later. Files elsewhere are the provider's to fetch. The seller's words, or `Ok`.
pub async fn check_own_files(
    ctx: &JobContext,
    client_id: &str,
    order: &domain::fulfillment::orders::FulfillmentOrder,
) -> Result<(), JobError> {
    let mut urls: Vec<&str> = Vec::new();
    for item in &order.items {
        for url in [&item.design_front_url, &item.design_back_url, &item.image] {
            urls.extend(url.as_deref());
        }
    }
    urls.extend(order.label_url.as_deref());
    for url in urls {
        let key = match own_upload(&ctx.config.public_url, client_id, url) {
            Own::No => continue,
            Own::File(key) => key,
            Own::Refused(_) => {
                return Err(JobError::Permanent(
                    "a file of this order is not one of your uploads: upload it again".into(),
                ));
            }
        };
        match ctx.files.size(&key).await {
            Ok(Some(_)) => {}
            Ok(None) => {
                let name = upload_name(&key);
                return Err(JobError::Permanent(format!(
                    "the uploaded file {name} no longer exists: upload it again"
                )));
            }
            Err(error) => {
                tracing::warn!(client = %client_id, file = %key, %error, "order file not checked");
                return Err(file_error(upload_name(&key), &error));
            }
        }
    }
    Ok(())
}
