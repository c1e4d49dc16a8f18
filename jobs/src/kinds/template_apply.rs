//! `template.apply` (bulkApplyTemplate): applies a template to one product (fields, variants,
//! price formula).
//!
//! Errors: a template or product removed, or a template that no longer fits the product,
//! fails at once; database errors retry.
use domain::event_histories::EventHistory;
use domain::{Scope, templates};
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of, permanent_if_gone};
use crate::JobError;
use crate::context::JobContext;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TemplateApply {
    pub template_id: String,
    pub product_id: String,
    /// What the batch summary shows for it.
    #[serde(default)]
    pub label: String,
}

impl JobKind for TemplateApply {
    const NAME: &'static str = "template.apply";

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let scope = Scope::for_client(&client_of(job)?);
        let mut tx = ctx.db.begin().await?;
        let template = templates::get(&mut tx, &scope, &self.template_id)
            .await
            .map_err(permanent_if_gone)?;
        templates::apply_to_product(&mut tx, &scope, &template, &self.product_id)
            .await
            .map_err(permanent_if_gone)?;
        tx.commit().await?;
        Ok(())
    }
}
