//! `sku.generate` (bulkGenerateTiktokProductSKU): gives one product's variants seller SKUs.
//!
//! Errors: a product removed fails at once; database errors retry.
use domain::event_histories::EventHistory;
use domain::{Scope, products};
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of, permanent_if_gone};
use crate::JobError;
use crate::context::JobContext;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SkuGenerate {
    pub shop_id: String,
    pub product_id: String,
    /// What the batch summary shows for it.
    #[serde(default)]
    pub label: String,
}

impl JobKind for SkuGenerate {
    const NAME: &'static str = "sku.generate";

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let scope = Scope::for_client(&client_of(job)?);
        let mut tx = ctx.db.begin().await?;
        let given = products::generate_skus(&mut tx, &scope, &self.product_id)
            .await
            .map_err(permanent_if_gone)?;
        tx.commit().await?;
        tracing::info!(product = %self.product_id, given, "SKUs generated");
        Ok(())
    }
}
