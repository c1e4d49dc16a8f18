//! `mockup.render` (bulkRenderMockups): renders one product's mockups — its designs on its
//! template's blank photos — and records them on the product. Listing renders what is missing
//! itself; this kind is for seeing (and fixing) mockups before listing, a thousand at a time.
//!
//! Idempotent: mockups already current (same blanks, print areas, designs and renderer) are
//! left alone, and a mockup's file name is the hash of its inputs, so a repeated attempt finds
//! what an earlier one stored.
//!
//! Errors: a product removed, a template without blanks, a product without a design for them,
//! a picture that is not one fail at once with the seller's words; an unreachable storage or
//! design host, and database errors, retry.
use domain::event_histories::EventHistory;
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of};
use crate::JobError;
use crate::context::JobContext;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MockupRender {
    pub product_id: String,
    /// What the batch summary shows for it.
    #[serde(default)]
    pub label: String,
}

impl JobKind for MockupRender {
    const NAME: &'static str = "mockup.render";

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let client_id = client_of(job)?;
        let current = crate::mockups::ensure_current(ctx, &client_id, &self.product_id).await?;
        if !current.has_blanks {
            return Err(JobError::Permanent(
                "the product's template has no blank photos: add one to the template first".into(),
            ));
        }
        if current.images.is_empty() {
            return Err(JobError::Permanent(
                "the product has no design for the sides of its template's blank photos".into(),
            ));
        }
        Ok(())
    }
}
