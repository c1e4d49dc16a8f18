//! `shop_product.remove` (removeShopProduct, bulkRemoveShopProduct): deletes one product from
//! a shop, on the marketplace and here.
//!
//! Errors: a product the marketplace no longer has is success; a refusal fails with the
//! marketplace's words; other marketplace errors split as `From<TiktokError>` says.
use domain::event_histories::EventHistory;
use domain::shop_products;
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of};
use crate::JobError;
use crate::context::JobContext;
use crate::tiktok::open_shop;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShopProductRemove {
    pub shop_id: String,
    pub shop_product_id: String,
    /// What the batch summary shows for it.
    #[serde(default)]
    pub label: String,
}

/// TikTok's "product does not exist".
const PRODUCT_NOT_FOUND: i64 = 12052032;

impl JobKind for ShopProductRemove {
    const NAME: &'static str = "shop_product.remove";

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let client_id = client_of(job)?;
        let mut conn = ctx.db.conn().await?;
        // Gone already: an earlier delivery finished the work.
        let Some((shop_id, external)) =
            shop_products::find(&mut conn, &client_id, &self.shop_product_id).await?
        else {
            return Ok(());
        };
        drop(conn);
        if let Some(external) = external {
            let session = open_shop(
                &ctx.db,
                ctx.tiktok.as_ref(),
                &ctx.secrets,
                &client_id,
                &shop_id,
            )
            .await?;
            let result = session
                .client
                .delete_products(&session.auth, std::slice::from_ref(&external))
                .await?;
            // A product the marketplace no longer has is the outcome we want.
            if let Some(e) = result.errors.iter().find(|e| e.code != PRODUCT_NOT_FOUND) {
                return Err(JobError::Permanent(format!(
                    "TikTok Shop refused to delete product {external}: {}",
                    e.message
                )));
            }
        }
        let mut conn = ctx.db.conn().await?;
        shop_products::delete(&mut conn, &client_id, &self.shop_product_id).await?;
        Ok(())
    }
}
