//! Catalogue-to-marketplace jobs: `template.apply`, `listing.publish`, `sku.generate`,
//! `shop_product.remove`.
use domain::event_histories::EventHistory;

use crate::pool::Runtime;
use crate::JobError;

pub async fn apply_template(_rt: &Runtime, _job: &EventHistory) -> Result<(), JobError> {
    Err(JobError::Permanent("template.apply is not built yet".into()))
}

pub async fn publish(_rt: &Runtime, _job: &EventHistory) -> Result<(), JobError> {
    Err(JobError::Permanent("listing.publish is not built yet".into()))
}

pub async fn generate_skus(_rt: &Runtime, _job: &EventHistory) -> Result<(), JobError> {
    Err(JobError::Permanent("sku.generate is not built yet".into()))
}

pub async fn remove_shop_product(_rt: &Runtime, _job: &EventHistory) -> Result<(), JobError> {
    Err(JobError::Permanent("shop_product.remove is not built yet".into()))
}
