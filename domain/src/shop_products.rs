//! Products on shops: what was listed where, its live status on the marketplace and the
//! marketplace's messages. A listing request bumps `listing_version`; the job that publishes it
//! records `published_version`, so a redelivered job sees its own effect.
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::catalogue::like_pattern;
use crate::completeness::{self, FieldProblem};
use crate::db::{Conn, Sql};
use crate::paging::{Page, PageRequest};
use crate::products::ProductStatus;
use crate::shops::SaleChannel;
use crate::{DomainError, Result, Scope, ids, stored, time};

/// How Sellerdesk shows a product on a shop (and a shop itself): Sellerdesk's reading of the
/// marketplace's own status, which is kept beside it as the marketplace spelled it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum LiveStatus {
    Draft,
    Listed,
    Live,
    Pending,
    Suspended,
}

impl LiveStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The live status for what TikTok Shop says of a product. TikTok owns its list of
    /// statuses, so a value it adds later is stored as said and read as DRAFT (a product the
    /// seller has to look at) rather than refused.
    pub fn of_tiktok(marketplace_status: &str) -> LiveStatus {
        marketplace_status
            .parse::<TiktokProductStatus>()
            .map_or(LiveStatus::Draft, TiktokProductStatus::live_status)
    }
}

/// A product's status as TikTok Shop spells it (`marketplace_status`, and the contract's
/// `ShopProductFilterStatus` without ALL).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum TiktokProductStatus {
    Activate,
    Deleted,
    Draft,
    Failed,
    Freeze,
    Pending,
    PlatformDeactivated,
    SellerDeactivated,
}

impl TiktokProductStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn live_status(self) -> LiveStatus {
        match self {
            TiktokProductStatus::Activate => LiveStatus::Live,
            TiktokProductStatus::Pending => LiveStatus::Pending,
            TiktokProductStatus::SellerDeactivated => LiveStatus::Listed,
            TiktokProductStatus::PlatformDeactivated
            | TiktokProductStatus::Freeze
            | TiktokProductStatus::Deleted => LiveStatus::Suspended,
            // A rejected product waits for the seller's fix, like a draft.
            TiktokProductStatus::Draft | TiktokProductStatus::Failed => LiveStatus::Draft,
        }
    }
}

/// How a listing request asks the marketplace to keep the product.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ListingMode {
    AsDraft,
    Listing,
}

impl ListingMode {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone)]
pub struct ShopProduct {
    pub id: String,
    pub shop_id: String,
    pub shop_name: String,
    pub product_id: String,
    pub product_name: String,
    pub product_status: ProductStatus,
    pub external_product_id: Option<String>,
    pub live_status: LiveStatus,
    pub marketplace_status: Option<String>,
    pub brand_name: Option<String>,
    pub category_name: Option<String>,
    pub error_messages: Vec<String>,
    /// The messages by the field they are about, in a seller's words.
    pub error_fields: Vec<FieldProblem>,
    pub updated_at: time::Timestamp,
    /// How the last publish asked the marketplace to keep it (draft or live).
    pub listing_mode: Option<ListingMode>,
}

impl ShopProduct {
    /// The marketplace refused it (on submission or in review): the seller has something to fix.
    pub fn failed(&self) -> bool {
        self.marketplace_status.as_deref() == Some(TiktokProductStatus::Failed.as_str())
    }

    fn from_row(row: &AnyRow) -> Result<Self> {
        let errors: String = row.try_get("error_messages")?;
        let error_messages: Vec<String> = serde_json::from_str(&errors).unwrap_or_default();
        let fields: String = row.try_get("error_fields")?;
        let mut error_fields: Vec<FieldProblem> = serde_json::from_str(&fields).unwrap_or_default();
        if error_fields.is_empty() && !error_messages.is_empty() {
            // Audit results and warnings are stored as the marketplace said them; their fields
            // are worked out as they are read.
            let channel: SaleChannel = stored::column(row, "shops", "shop_channel")?;
            error_fields = completeness::map_rejections(channel, &error_messages);
        }
        Ok(Self {
            id: row.try_get("id")?,
            shop_id: row.try_get("shop_id")?,
            shop_name: row.try_get("shop_name")?,
            product_id: row.try_get("product_id")?,
            product_name: row.try_get("product_name")?,
            product_status: stored::column(row, "products", "product_status")?,
            external_product_id: row.try_get("external_product_id")?,
            live_status: stored::column(row, "shop_products", "live_status")?,
            marketplace_status: row.try_get("marketplace_status")?,
            brand_name: row.try_get("brand_name")?,
            category_name: row.try_get("category_name")?,
            error_messages,
            error_fields,
            updated_at: time::from_db(&row.try_get::<String, _>("updated_at")?),
            listing_mode: stored::optional(row, "shop_products", "listing_mode")?,
        })
    }
}

/// The status filter of the contract, read against what the marketplace last said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusFilter {
    All,
    Marketplace(TiktokProductStatus),
}

#[derive(Debug, Clone)]
pub struct ShopProductFilter {
    pub search: Option<String>,
    pub status: StatusFilter,
}

const SELECT: &str = "SELECT sp.*, s.name AS shop_name, s.sale_channel AS shop_channel, p.name AS product_name, p.status AS product_status \
     FROM shop_products sp JOIN shops s ON s.id = sp.shop_id JOIN products p ON p.id = sp.product_id WHERE sp.client_id = ";
const COUNT: &str = "SELECT COUNT(*) FROM shop_products sp JOIN shops s ON s.id = sp.shop_id JOIN products p ON p.id = sp.product_id WHERE sp.client_id = ";

fn filtered(
    base: &'static str,
    scope: &Scope,
    shop_id: Option<&str>,
    filter: &ShopProductFilter,
) -> Sql {
    let mut sql = Sql::new(base);
    sql.bind(&scope.client_id);
    scope.push_shop_filter(&mut sql, "sp.shop_id");
    if let Some(shop_id) = shop_id {
        sql.push(" AND sp.shop_id = ").bind(shop_id);
    }
    if let Some(p) = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(like_pattern)
    {
        sql.push(" AND LOWER(p.name) LIKE ")
            .bind(p)
            .push(" ESCAPE '\\'");
    }
    if let StatusFilter::Marketplace(status) = filter.status {
        sql.push(" AND sp.marketplace_status = ")
            .bind(status.as_str());
    }
    sql
}

/// Shop products the scope may see: of one shop, or of every shop (STAFF: assigned shops).
pub async fn list(
    conn: &mut Conn,
    scope: &Scope,
    shop_id: Option<&str>,
    filter: &ShopProductFilter,
    page: PageRequest,
) -> Result<Page<ShopProduct>> {
    if let Some(shop_id) = shop_id {
        crate::shops::get(conn, scope, shop_id).await?;
    }
    let total: i64 = filtered(COUNT, scope, shop_id, filter)
        .query_scalar()
        .fetch_one(&mut *conn)
        .await?;
    let mut sql = filtered(SELECT, scope, shop_id, filter);
    sql.push(" ORDER BY sp.updated_at DESC, sp.id DESC LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let items = rows
        .iter()
        .map(ShopProduct::from_row)
        .collect::<Result<_>>()?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// A shop product of a shop the scope may see.
pub async fn get(conn: &mut Conn, scope: &Scope, shop_id: &str, id: &str) -> Result<ShopProduct> {
    crate::shops::get(conn, scope, shop_id).await?;
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("shop product"));
    }
    let mut sql = Sql::new(SELECT);
    sql.bind(&scope.client_id)
        .push(" AND sp.shop_id = ")
        .bind(shop_id)
        .push(" AND sp.id = ")
        .bind(id);
    scope.push_shop_filter(&mut sql, "sp.shop_id");
    let row = sql.query().fetch_optional(&mut *conn).await?;
    row.as_ref()
        .map(ShopProduct::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("shop product"))
}

/// Asks for a (re)publish of a product on a shop: returns the shop product and the new
/// listing version its job publishes.
pub async fn request_listing(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    product_id: &str,
    mode: ListingMode,
) -> Result<(String, i64)> {
    let now = time::now_db();
    let row = sqlx::query(
        "INSERT INTO shop_products (id, client_id, shop_id, product_id, live_status, listing_mode, listing_version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $7, $5, 1, $6, $6)
         ON CONFLICT (shop_id, product_id) DO UPDATE SET listing_version = shop_products.listing_version + 1,
            listing_mode = $5, updated_at = $6
         RETURNING id, listing_version",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(shop_id)
    .bind(product_id)
    .bind(mode.as_str())
    .bind(&now)
    .bind(LiveStatus::Pending.as_str())
    .fetch_one(&mut *conn)
    .await?;
    Ok((row.try_get("id")?, row.try_get("listing_version")?))
}

/// What a listing job needs to know about its shop product.
#[derive(Debug, Clone)]
pub struct ListingState {
    pub id: String,
    /// The channel of the shop: which marketplace the job speaks to.
    pub sale_channel: SaleChannel,
    pub external_product_id: Option<String>,
    pub listing_version: i64,
    pub published_version: Option<i64>,
    pub live_status: LiveStatus,
    pub marketplace_status: Option<String>,
    /// Amazon's submission ids or Walmart's feed id of the last asynchronous publish.
    pub submission_id: Option<String>,
}

pub async fn listing_state(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    product_id: &str,
) -> Result<Option<ListingState>> {
    let row = sqlx::query(
        "SELECT sp.id, s.sale_channel, sp.external_product_id, sp.listing_version, sp.published_version, sp.live_status,
            sp.marketplace_status, sp.submission_id
         FROM shop_products sp JOIN shops s ON s.id = sp.shop_id
         WHERE sp.client_id = $1 AND sp.shop_id = $2 AND sp.product_id = $3",
    )
    .bind(client_id)
    .bind(shop_id)
    .bind(product_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|row| {
        Ok(ListingState {
            id: row.try_get("id")?,
            sale_channel: stored::column(&row, "shops", "sale_channel")?,
            external_product_id: row.try_get("external_product_id")?,
            listing_version: row.try_get("listing_version")?,
            published_version: row.try_get("published_version")?,
            live_status: stored::column(&row, "shop_products", "live_status")?,
            marketplace_status: row.try_get("marketplace_status")?,
            submission_id: row.try_get("submission_id")?,
        })
    })
    .transpose()
}

/// A SKU the marketplace created for one of our variants.
#[derive(Debug, Clone)]
pub struct PublishedSku {
    pub variant_id: Option<String>,
    pub external_sku_id: String,
    pub seller_sku: Option<String>,
}

/// What the marketplace answered for one listing version.
#[derive(Debug, Clone)]
pub struct Published<'a> {
    pub version: i64,
    pub external_product_id: &'a str,
    pub marketplace_status: &'a str,
    pub messages: &'a [String],
    pub skus: &'a [PublishedSku],
    pub category_name: Option<&'a str>,
    /// What an asynchronous publish is followed by (Amazon's submission ids, Walmart's feed
    /// id); `None` when the marketplace answered at once.
    pub submission_id: Option<&'a str>,
}

/// Records that `published.version` reached the marketplace as its external product.
pub async fn record_published(
    conn: &mut Conn,
    state: &ListingState,
    published: &Published<'_>,
) -> Result<()> {
    let Published {
        version,
        external_product_id,
        marketplace_status,
        messages,
        skus,
        category_name,
        submission_id,
    } = *published;
    let now = time::now_db();
    sqlx::query(
        "UPDATE shop_products SET external_product_id = $1, marketplace_status = $2, live_status = $3, error_fields = '[]', error_messages = $4,
            published_version = $5, last_published_at = $6, category_name = COALESCE($7, category_name), submission_id = $9,
            updated_at = $6
         WHERE id = $8 AND (published_version IS NULL OR published_version < $5)",
    )
    .bind(external_product_id)
    .bind(marketplace_status)
    .bind(LiveStatus::of_tiktok(marketplace_status).as_str())
    .bind(serde_json::to_string(messages).unwrap_or_else(|_| "[]".into()))
    .bind(version)
    .bind(&now)
    .bind(category_name)
    .bind(&state.id)
    .bind(submission_id)
    .execute(&mut *conn)
    .await?;
    record_skus(conn, &state.id, skus).await
}

/// Remembers the marketplace SKUs of a shop product by variant (kept when a later version
/// drops one: the marketplace still has it until it is removed there).
pub async fn record_skus(
    conn: &mut Conn,
    shop_product_id: &str,
    skus: &[PublishedSku],
) -> Result<()> {
    let now = time::now_db();
    let client_id: String = sqlx::query_scalar("SELECT client_id FROM shop_products WHERE id = $1")
        .bind(shop_product_id)
        .fetch_one(&mut *conn)
        .await?;
    for sku in skus {
        // A variant whose SKU changed (Amazon and Walmart key listings by the seller's SKU):
        // the old listing stays on the marketplace, unlinked from the variant.
        if let Some(variant_id) = &sku.variant_id {
            sqlx::query(
                "UPDATE shop_product_skus SET variant_id = NULL, updated_at = $4
                 WHERE shop_product_id = $1 AND variant_id = $2 AND external_sku_id <> $3",
            )
            .bind(shop_product_id)
            .bind(variant_id)
            .bind(&sku.external_sku_id)
            .bind(&now)
            .execute(&mut *conn)
            .await?;
        }
        sqlx::query(
            "INSERT INTO shop_product_skus (id, client_id, shop_product_id, variant_id, external_sku_id, seller_sku, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
             ON CONFLICT (shop_product_id, external_sku_id) DO UPDATE SET variant_id = $4, seller_sku = $6, updated_at = $7",
        )
        .bind(ids::new_id())
        .bind(&client_id)
        .bind(shop_product_id)
        .bind(&sku.variant_id)
        .bind(&sku.external_sku_id)
        .bind(&sku.seller_sku)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Records the marketplace's refusal of `version`: nothing was created, its words are kept.
pub async fn record_rejected(
    conn: &mut Conn,
    state: &ListingState,
    version: i64,
    messages: &[String],
) -> Result<()> {
    sqlx::query(
        "UPDATE shop_products SET marketplace_status = $5, live_status = $6, error_messages = $1, error_fields = $7, updated_at = $2
         WHERE id = $3 AND listing_version = $4",
    )
    .bind(serde_json::to_string(messages).unwrap_or_else(|_| "[]".into()))
    .bind(time::now_db())
    .bind(&state.id)
    .bind(version)
    .bind(TiktokProductStatus::Failed.as_str())
    .bind(TiktokProductStatus::Failed.live_status().as_str())
    .bind(
        serde_json::to_string(&completeness::map_rejections(state.sale_channel, messages))
            .unwrap_or_else(|_| "[]".into()),
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// What the marketplace says now about a product it has (audit results, deactivations).
///
/// `read_at` is when the marketplace was asked, for an answer that may be older than the row: a
/// shop's sync pages through every product and then writes them one by one, while a listing's
/// own job records its audit result as it comes. A row written since `read_at` is newer than
/// what was read and is left alone (the next sync reads it again); written over, a product that
/// had gone LIVE went back to the PENDING the sync had read, with nothing to correct it until
/// the next sync. Answers whether the row was written.
pub async fn record_status(
    conn: &mut Conn,
    shop_id: &str,
    external_product_id: &str,
    marketplace_status: &str,
    messages: &[String],
    read_at: Option<&str>,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE shop_products SET marketplace_status = $1, live_status = $2, error_fields = '[]', error_messages = $3, synced_at = $4, updated_at = $4
         WHERE shop_id = $5 AND external_product_id = $6
           AND (CAST($7 AS TEXT) IS NULL OR updated_at <= CAST($7 AS TEXT))",
    )
    .bind(marketplace_status)
    .bind(LiveStatus::of_tiktok(marketplace_status).as_str())
    .bind(serde_json::to_string(messages).unwrap_or_else(|_| "[]".into()))
    .bind(time::now_db())
    .bind(shop_id)
    .bind(external_product_id)
    .bind(read_at.map(str::to_owned))
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// How an asynchronous publish ended, once the marketplace finished processing it: what the
/// marketplace says now (`ACTIVATE` live, `FAILED` refused, `PENDING` still processing, in the
/// contract's status words) and its messages. Only the version still asked for is written, so
/// the answer about an older submission never covers a newer one. False when nothing matched.
pub async fn record_outcome(
    conn: &mut Conn,
    shop_product_id: &str,
    version: i64,
    marketplace_status: TiktokProductStatus,
    messages: &[String],
) -> Result<bool> {
    let now = time::now_db();
    let done = sqlx::query(
        "UPDATE shop_products SET marketplace_status = $1, live_status = $2, error_fields = '[]', error_messages = $3, synced_at = $4, updated_at = $4
         WHERE id = $5 AND listing_version = $6 AND published_version = $6",
    )
    .bind(marketplace_status.as_str())
    .bind(marketplace_status.live_status().as_str())
    .bind(serde_json::to_string(messages).unwrap_or_else(|_| "[]".into()))
    .bind(&now)
    .bind(shop_product_id)
    .bind(version)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// A SKU another product of the client already listed on the shop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakenSku {
    pub sku: String,
    pub product_name: String,
}

/// Claims `skus` on a shop for a shop product (see migration `0021_listing_skus`): SKUs it
/// holds already stay its own, free ones become its own, and those another shop product holds
/// are answered; then nothing is claimed, so a refused listing keeps no SKU.
pub async fn claim_skus(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    shop_product_id: &str,
    skus: &[String],
) -> Result<Vec<TakenSku>> {
    // A savepoint when the caller's connection is in a transaction already.
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    let now = time::now_db();
    let mut taken = Vec::new();
    for sku in skus {
        sqlx::query(
            "INSERT INTO listing_skus (shop_id, sku, client_id, shop_product_id, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (shop_id, sku) DO NOTHING",
        )
        .bind(shop_id)
        .bind(sku)
        .bind(client_id)
        .bind(shop_product_id)
        .bind(&now)
        .execute(&mut *tx)
        .await?;
        let holder = sqlx::query(
            "SELECT l.shop_product_id, p.name FROM listing_skus l JOIN shop_products sp ON sp.id = l.shop_product_id
             JOIN products p ON p.id = sp.product_id WHERE l.shop_id = $1 AND l.sku = $2",
        )
        .bind(shop_id)
        .bind(sku)
        .fetch_one(&mut *tx)
        .await?;
        let holder_id: String = holder.try_get("shop_product_id")?;
        if holder_id != shop_product_id {
            taken.push(TakenSku {
                sku: sku.clone(),
                product_name: holder.try_get("name")?,
            });
        }
    }
    if taken.is_empty() {
        tx.commit().await?;
    } else {
        tx.rollback().await?;
    }
    Ok(taken)
}

/// The marketplace SKU ids of a shop product by variant: a full edit must send every one.
pub async fn skus(conn: &mut Conn, shop_product_id: &str) -> Result<Vec<PublishedSku>> {
    let rows = sqlx::query("SELECT variant_id, external_sku_id, seller_sku FROM shop_product_skus WHERE shop_product_id = $1")
        .bind(shop_product_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(PublishedSku {
                variant_id: r.try_get("variant_id")?,
                external_sku_id: r.try_get("external_sku_id")?,
                seller_sku: r.try_get("seller_sku")?,
            })
        })
        .collect()
}

/// Forgets a shop product (after the marketplace deleted it, or when it never existed there).
pub async fn delete(conn: &mut Conn, client_id: &str, id: &str) -> Result<()> {
    sqlx::query("DELETE FROM shop_products WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(client_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A shop product by id for a job of `client_id`.
pub async fn find(
    conn: &mut Conn,
    client_id: &str,
    id: &str,
) -> Result<Option<(String, Option<String>)>> {
    let row = sqlx::query(
        "SELECT shop_id, external_product_id FROM shop_products WHERE id = $1 AND client_id = $2",
    )
    .bind(id)
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| Ok((r.try_get("shop_id")?, r.try_get("external_product_id")?)))
        .transpose()
}

/// The marketplace's uri of an image already uploaded for a shop.
pub async fn uploaded_image(
    conn: &mut Conn,
    shop_id: &str,
    source_url: &str,
    use_case: &str,
) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT uri FROM marketplace_image_uploads WHERE shop_id = $1 AND source_url = $2 AND use_case = $3")
        .bind(shop_id)
        .bind(source_url)
        .bind(use_case)
        .fetch_optional(&mut *conn)
        .await?)
}

pub async fn remember_image(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    source_url: &str,
    use_case: &str,
    uri: &str,
    url: Option<&str>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO marketplace_image_uploads (id, client_id, shop_id, source_url, use_case, uri, url, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (shop_id, source_url, use_case) DO NOTHING",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(shop_id)
    .bind(source_url)
    .bind(use_case)
    .bind(uri)
    .bind(url)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::record_status;
    use crate::db::TempSqlite;

    async fn live_status(conn: &mut crate::db::Conn) -> String {
        sqlx::query_scalar("SELECT live_status FROM shop_products WHERE id = 'sp'")
            .fetch_one(&mut *conn)
            .await
            .expect("the row")
    }

    /// A shop sync's answer read before a listing's job wrote the row (its audit result) leaves
    /// the row as that job wrote it; one read after it, or a job's own, is written.
    #[tokio::test]
    async fn a_status_read_before_the_rows_last_write_does_not_overwrite_it() {
        let temp = TempSqlite::open("shop-products", 1).await;
        temp.db.migrate().await.expect("migrated");
        let mut conn = temp.db.conn().await.expect("connection");
        // The row alone: its client, shop and product say nothing here.
        sqlx::query("PRAGMA foreign_keys = OFF")
            .execute(&mut *conn)
            .await
            .expect("pragma");
        sqlx::query(
            "INSERT INTO shop_products (id, client_id, shop_id, product_id, external_product_id, live_status, marketplace_status, created_at, updated_at)
             VALUES ('sp', 'c', 's', 'p', 'x', 'LIVE', 'ACTIVATE', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:02.000Z')",
        )
        .execute(&mut *conn)
        .await
        .expect("row");

        let before = Some("2026-01-01T00:00:01.000Z");
        let stale = record_status(&mut conn, "s", "x", "PENDING", &[], before).await;
        assert!(!stale.expect("recorded"), "an older answer is not written");
        assert_eq!(live_status(&mut conn).await, "LIVE");

        let after = Some("2026-01-01T00:00:03.000Z");
        let fresh = record_status(&mut conn, "s", "x", "PENDING", &[], after).await;
        assert!(fresh.expect("recorded"), "a newer answer is written");
        assert_eq!(live_status(&mut conn).await, "PENDING");

        let own = record_status(&mut conn, "s", "x", "ACTIVATE", &[], None).await;
        assert!(
            own.expect("recorded"),
            "a listing job's own answer is written"
        );
        assert_eq!(live_status(&mut conn).await, "LIVE");
    }
}
