//! A client's products: read, list, delete, and their variants and marketplace attributes.
use std::collections::{HashMap, HashSet};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::catalogue::{Dimensions, ProductType, Weight, like_pattern};
use crate::db::{Conn, Db, Sql, flag, real};
use crate::paging::{Page, PageRequest};
use crate::shop_products::LiveStatus;
use crate::{DomainError, Result, Scope, ids, stored, time};

/// Where a product is in the seller's catalogue.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ProductStatus {
    Published,
    Sold,
    Unpublished,
}

impl ProductStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone)]
pub struct Product {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    pub brand_id: Option<String>,
    pub brand_name: Option<String>,
    pub category_id: Option<String>,
    pub category_name: Option<String>,
    pub status: ProductStatus,
    pub source: ProductType,
    pub product_type: ProductType,
    pub origin_url: Option<String>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub created_at: time::Timestamp,
    pub updated_at: time::Timestamp,
}

impl Product {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let (weight, dimensions) = crate::catalogue::package_of_row(row, "products")?;
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            description: row.try_get("description")?,
            brand_id: row.try_get("brand_id")?,
            brand_name: row.try_get("brand_name")?,
            category_id: row.try_get("tiktok_category_id")?,
            category_name: row.try_get("category_name")?,
            status: stored::column(row, "products", "status")?,
            source: stored::column(row, "products", "source")?,
            product_type: stored::column(row, "products", "type")?,
            origin_url: row.try_get("origin_url")?,
            package_weight: weight,
            package_dimensions: dimensions,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
            updated_at: time::from_db(&row.try_get::<String, _>("updated_at")?),
        })
    }
}

pub const MAX_BULK: usize = 1000;

const SELECT: &str = "SELECT p.*, b.name AS brand_name FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.client_id = ";

#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub search: Option<String>,
    pub status: Option<ProductStatus>,
    pub product_type: Option<ProductType>,
    pub shop_id: Option<String>,
    pub template_id: Option<String>,
}

impl ProductFilter {
    /// True when nothing narrows the catalogue.
    pub fn is_empty(&self) -> bool {
        self.search.as_deref().is_none_or(|s| s.trim().is_empty())
            && self.status.is_none()
            && self.product_type.is_none()
            && self.shop_id.is_none()
            && self.template_id.is_none()
    }
}

fn filtered(base: &'static str, scope: &Scope, filter: &ProductFilter) -> Sql {
    let mut sql = Sql::new(base);
    push_filters(&mut sql, scope, filter);
    sql
}

/// The client and the filters, after a `... WHERE p.client_id = `.
fn push_filters(sql: &mut Sql, scope: &Scope, filter: &ProductFilter) {
    sql.bind(&scope.client_id);
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
    if let Some(status) = filter.status {
        sql.push(" AND p.status = ").bind(status.as_str());
    }
    if let Some(t) = filter.product_type {
        sql.push(" AND p.type = ").bind(t.as_str());
    }
    if let Some(shop_id) = &filter.shop_id {
        sql.push(" AND p.id IN (SELECT sp.product_id FROM shop_products sp WHERE sp.shop_id = ")
            .bind(shop_id)
            .push(" AND sp.client_id = ")
            .bind(&scope.client_id);
        scope.push_shop_filter(sql, "sp.shop_id");
        sql.push(")");
    }
    if let Some(template_id) = &filter.template_id {
        sql.push(" AND p.template_id = ").bind(template_id);
    }
}

/// The order of whole catalogues (newest first), kept in memory per client and checked on every
/// read against the version the triggers of migration 0004 bump on each insert, delete or
/// re-dating: a page of an unfiltered catalogue is then a slice of ids, however deep. Each API
/// process keeps its own; the version makes them agree with the database, not with each other.
/// An order missing or outdated is loaded again in the background, one load per client at a
/// time, while the read that found it so walks the index as a filtered read does.
pub struct CatalogueOrders {
    db: Db,
    cached: Mutex<lru::LruCache<String, Arc<CatalogueOrder>>>,
    loading: Mutex<HashSet<String>>,
}

struct CatalogueOrder {
    version: i64,
    ids: Vec<String>,
}

impl CatalogueOrders {
    /// Room for the catalogues of `clients` clients (about 5 MB per 100,000 products).
    pub fn new(db: Db, clients: usize) -> Arc<Self> {
        Arc::new(Self {
            db,
            cached: Mutex::new(lru::LruCache::new(
                NonZeroUsize::new(clients).unwrap_or(NonZeroUsize::MIN),
            )),
            loading: Mutex::new(HashSet::new()),
        })
    }

    fn get(&self, client_id: &str, version: i64) -> Option<Arc<CatalogueOrder>> {
        let mut cached = self.cached.lock().unwrap_or_else(|e| e.into_inner());
        cached
            .get(client_id)
            .filter(|o| o.version == version)
            .cloned()
    }

    fn load_in_background(self: &Arc<Self>, client_id: &str) {
        if !self
            .loading
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(client_id.to_owned())
        {
            return;
        }
        let (orders, client_id) = (self.clone(), client_id.to_owned());
        tokio::spawn(async move {
            if let Err(e) = orders.load(&client_id).await {
                tracing::warn!(client = %client_id, error = %e, "catalogue order not loaded; pages walk the index meanwhile");
            }
            orders
                .loading
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&client_id);
        });
    }

    async fn load(&self, client_id: &str) -> Result<()> {
        let mut conn = self.db.conn().await?;
        // The version is read before the ids: an order loaded after a change it did not see is
        // kept under the older version, and the next read loads it again.
        let version: i64 =
            sqlx::query_scalar("SELECT version FROM client_product_counts WHERE client_id = $1")
                .bind(client_id)
                .fetch_optional(&mut *conn)
                .await?
                .unwrap_or(0);
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM products WHERE client_id = $1 ORDER BY created_at DESC, id DESC",
        )
        .bind(client_id)
        .fetch_all(&mut *conn)
        .await?;
        let order = Arc::new(CatalogueOrder { version, ids });
        self.cached
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .put(client_id.to_owned(), order);
        Ok(())
    }
}

pub async fn list(
    conn: &mut Conn,
    scope: &Scope,
    filter: &ProductFilter,
    page: PageRequest,
    orders: &Arc<CatalogueOrders>,
) -> Result<Page<Product>> {
    // A shop or template the caller cannot see is NOT_FOUND, as it is everywhere else, not
    // an empty page that would tell nothing apart from a shop without products.
    if let Some(shop_id) = &filter.shop_id {
        crate::shops::get(conn, scope, shop_id).await?;
    }
    if let Some(template_id) = &filter.template_id {
        crate::templates::get(conn, scope, template_id).await?;
    }
    let total: i64 = if filter.is_empty() {
        let kept =
            sqlx::query("SELECT products, version FROM client_product_counts WHERE client_id = $1")
                .bind(&scope.client_id)
                .fetch_optional(&mut *conn)
                .await?;
        let (total, version): (i64, i64) = match kept {
            Some(r) => (r.try_get("products")?, r.try_get("version")?),
            None => (0, 0),
        };
        match orders.get(&scope.client_id, version) {
            Some(order) => {
                let start = usize::try_from(page.offset())
                    .unwrap_or(usize::MAX)
                    .min(order.ids.len());
                let end = start
                    .saturating_add(usize::try_from(page.limit).unwrap_or(0))
                    .min(order.ids.len());
                let items = in_order(conn, scope, &order.ids[start..end]).await?;
                return Ok(Page {
                    items,
                    total,
                    request: page,
                });
            }
            None if total > 0 => {
                orders.load_in_background(&scope.client_id);
                total
            }
            None => total,
        }
    } else {
        filtered(
            "SELECT COUNT(*) FROM products p WHERE p.client_id = ",
            scope,
            filter,
        )
        .query_scalar()
        .fetch_one(&mut *conn)
        .await?
    };
    let offset = page.offset();
    if offset >= total {
        return Ok(Page {
            items: Vec::new(),
            total,
            request: page,
        });
    }
    // A page's ids are walked to from the nearer end of the order (past the middle, the same
    // rows counted from the oldest), on the index alone (client, created_at, id); then their rows.
    let from_oldest = (total - offset - page.limit).max(0);
    let (order, limit, skip) = if from_oldest < offset {
        (
            " ORDER BY p.created_at ASC, p.id ASC LIMIT ",
            total - offset - from_oldest,
            from_oldest,
        )
    } else {
        (
            " ORDER BY p.created_at DESC, p.id DESC LIMIT ",
            page.limit,
            offset,
        )
    };
    let mut sql = Sql::new("SELECT p.id FROM products p WHERE p.client_id = ");
    push_filters(&mut sql, scope, filter);
    sql.push(order).bind(limit).push(" OFFSET ").bind(skip);
    let mut ids: Vec<String> = sql.query_scalar().fetch_all(&mut *conn).await?;
    if from_oldest < offset {
        ids.reverse();
    }
    let items = in_order(conn, scope, &ids).await?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// The client's products with these ids, in the ids' order. Looked up by primary key: with an
/// ORDER BY, or with the client's column open to its index (`|| ''` closes it), SQLite walks
/// the client's whole index and tests every product against the list.
async fn in_order(conn: &mut Conn, scope: &Scope, ids: &[String]) -> Result<Vec<Product>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(
        "SELECT p.*, b.name AS brand_name FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.client_id || '' = ",
    );
    sql.bind(&scope.client_id).push(" AND p.id IN (");
    sql.bind_list(ids);
    sql.push(")");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let mut found: HashMap<String, Product> = rows
        .iter()
        .map(Product::from_row)
        .map(|p| p.map(|p| (p.id.clone(), p)))
        .collect::<Result<_>>()?;
    // A product deleted since its id was read is simply not on the page.
    Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
}

/// A product of the caller's client; anything else is NOT_FOUND.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<Product> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("product"));
    }
    let mut sql = Sql::new(SELECT);
    sql.bind(&scope.client_id).push(" AND p.id = ").bind(id);
    let row = sql.query().fetch_optional(&mut *conn).await?;
    row.as_ref()
        .map(Product::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("product"))
}

#[derive(Debug, Clone)]
pub struct Image {
    pub id: String,
    pub url: String,
    pub is_primary: bool,
    pub sequence: i64,
}

pub async fn images(conn: &mut Conn, scope: &Scope, product_id: &str) -> Result<Vec<Image>> {
    let rows = sqlx::query("SELECT * FROM product_images WHERE product_id = $1 AND client_id = $2 ORDER BY sequence, created_at, id")
        .bind(product_id)
        .bind(&scope.client_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(Image {
                id: r.try_get("id")?,
                url: r.try_get("image_url")?,
                is_primary: flag(r, "is_primary")?,
                sequence: r.try_get("sequence")?,
            })
        })
        .collect()
}

#[derive(Debug, Clone)]
pub struct PublishedShop {
    pub shop_id: String,
    pub shop_name: String,
    pub live_status: LiveStatus,
    pub external_product_id: Option<String>,
    /// The marketplace refused it (on submission or in review).
    pub failed: bool,
    /// The marketplace's messages about it, the reasons of a refusal first among them.
    pub error_messages: Vec<String>,
    pub listing_mode: Option<crate::shop_products::ListingMode>,
}

pub async fn published_shops(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
) -> Result<Vec<PublishedShop>> {
    let mut sql = Sql::new(
        "SELECT s.id, s.name, sp.live_status, sp.external_product_id, sp.marketplace_status, sp.error_messages, sp.listing_mode
         FROM shop_products sp JOIN shops s ON s.id = sp.shop_id
         WHERE sp.product_id = ",
    );
    sql.bind(product_id)
        .push(" AND sp.client_id = ")
        .bind(&scope.client_id);
    scope.push_shop_filter(&mut sql, "sp.shop_id");
    sql.push(" ORDER BY s.name, s.id");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|r| {
            Ok(PublishedShop {
                shop_id: r.try_get("id")?,
                shop_name: r.try_get("name")?,
                live_status: stored::column(r, "shop_products", "live_status")?,
                external_product_id: r.try_get("external_product_id")?,
                failed: r
                    .try_get::<Option<String>, _>("marketplace_status")?
                    .as_deref()
                    == Some(crate::shop_products::TiktokProductStatus::Failed.as_str()),
                error_messages: serde_json::from_str(&r.try_get::<String, _>("error_messages")?)
                    .unwrap_or_default(),
                listing_mode: stored::optional(r, "shop_products", "listing_mode")?,
            })
        })
        .collect()
}

#[derive(Debug, Clone)]
pub struct VariantValue {
    pub id: String,
    pub attribute_id: String,
    pub attribute_name: String,
    pub value: String,
}

#[derive(Debug, Clone)]
pub struct Variant {
    pub id: String,
    pub sku: Option<String>,
    pub quantity: i64,
    pub sale_price_cents: i64,
    pub list_price_cents: i64,
    pub attributes: Vec<VariantValue>,
}

/// The variants of a product of the caller's client, in their order, with their attribute values.
pub async fn variants(conn: &mut Conn, scope: &Scope, product_id: &str) -> Result<Vec<Variant>> {
    get(conn, scope, product_id).await?;
    let rows = sqlx::query("SELECT * FROM product_variants WHERE product_id = $1 AND client_id = $2 ORDER BY sequence, created_at, id")
        .bind(product_id)
        .bind(&scope.client_id)
        .fetch_all(&mut *conn)
        .await?;
    let mut variants: Vec<Variant> = rows
        .iter()
        .map(|r| {
            Ok(Variant {
                id: r.try_get("id")?,
                sku: r.try_get("sku")?,
                quantity: r.try_get("quantity")?,
                sale_price_cents: r.try_get("sale_price_cents")?,
                list_price_cents: r.try_get("list_price_cents")?,
                attributes: Vec::new(),
            })
        })
        .collect::<Result<_>>()?;
    let values = sqlx::query(
        // From the product's variants outwards: filtered on the values' client instead, SQLite
        // walked every value of the client for each product.
        "SELECT v.id, v.variant_id, v.attribute_id, a.name, v.value FROM product_variants pv
         JOIN variant_attribute_values v ON v.variant_id = pv.id JOIN attributes a ON a.id = v.attribute_id
         WHERE pv.product_id = $1 AND pv.client_id = $2 ORDER BY a.name, v.id",
    )
    .bind(product_id)
    .bind(&scope.client_id)
    .fetch_all(&mut *conn)
    .await?;
    for r in &values {
        let variant_id: String = r.try_get("variant_id")?;
        if let Some(v) = variants.iter_mut().find(|v| v.id == variant_id) {
            v.attributes.push(VariantValue {
                id: r.try_get("id")?,
                attribute_id: r.try_get("attribute_id")?,
                attribute_name: r.try_get("name")?,
                value: r.try_get("value")?,
            });
        }
    }
    Ok(variants)
}

#[derive(Debug, Clone)]
pub struct MarketplaceAttribute {
    pub attribute_id: String,
    pub values: Vec<String>,
}

/// The marketplace properties of a product of the caller's client.
pub async fn attributes(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
) -> Result<Vec<MarketplaceAttribute>> {
    get(conn, scope, product_id).await?;
    let rows = sqlx::query("SELECT attribute_id, attribute_values FROM product_attributes WHERE product_id = $1 AND client_id = $2 ORDER BY attribute_id")
        .bind(product_id)
        .bind(&scope.client_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|r| {
            let values: String = r.try_get("attribute_values")?;
            Ok(MarketplaceAttribute {
                attribute_id: r.try_get("attribute_id")?,
                values: serde_json::from_str(&values).map_err(|e| {
                    DomainError::Internal(format!("product_attributes.attribute_values: {e}"))
                })?,
            })
        })
        .collect()
}

pub async fn delete(conn: &mut Conn, scope: &Scope, id: &str) -> Result<()> {
    if bulk_delete(conn, scope, &[id.to_owned()]).await? == 0 {
        return Err(DomainError::NotFound("product"));
    }
    Ok(())
}

/// Deletes the caller's products among `ids` (their images, variants and shop records go with
/// them) and answers how many were deleted; ids of other clients or unknown ids are ignored.
pub async fn bulk_delete(conn: &mut Conn, scope: &Scope, ids: &[String]) -> Result<i64> {
    // One statement binds every id; both engines cap the number of placeholders.
    if ids.len() > MAX_BULK {
        return Err(DomainError::bad_input(
            "productIds",
            format!("at most {MAX_BULK} products at a time"),
        ));
    }
    let valid: Vec<&String> = ids.iter().filter(|id| ids::looks_like_id(id)).collect();
    if valid.is_empty() {
        return Ok(0);
    }
    let mut sql = Sql::new("DELETE FROM products WHERE client_id = ");
    sql.bind(&scope.client_id).push(" AND id IN (");
    sql.bind_list(&valid);
    sql.push(")");
    let done = sql.query().execute(&mut *conn).await?;
    Ok(i64::try_from(done.rows_affected()).unwrap_or(i64::MAX))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeAction {
    Create,
    Update,
    Delete,
    Unchanged,
}

#[derive(Debug, Clone)]
pub struct VariantChange {
    pub id: Option<String>,
    pub action: ChangeAction,
    pub sku: Option<String>,
    pub quantity: Option<i64>,
    pub sale_price: Option<f64>,
    pub list_price: Option<f64>,
    /// (attribute name, value); when given, replaces the variant's values
    pub attributes: Option<Vec<(String, String)>>,
}

#[derive(Debug, Clone)]
pub struct ImageInput {
    pub url: String,
    pub is_primary: Option<bool>,
    pub sequence: Option<i64>,
}

/// The fields to change; `None` keeps the current value.
#[derive(Debug, Clone, Default)]
pub struct ProductChanges {
    pub name: Option<String>,
    pub description: Option<String>,
    pub brand_id: Option<String>,
    pub category_name: Option<String>,
    pub images: Option<Vec<ImageInput>>,
    pub status: Option<ProductStatus>,
    pub origin_url: Option<String>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub variants: Option<Vec<VariantChange>>,
}

/// Applies `changes` to a product of the caller's client. Run it in a transaction: a refusal
/// part-way must leave the product as it was.
pub async fn update(
    conn: &mut Conn,
    scope: &Scope,
    id: &str,
    changes: ProductChanges,
) -> Result<()> {
    use crate::catalogue::{cents, parse_dimensions, parse_weight, required_text};
    use crate::urls::ImageUrl;
    let current = get(conn, scope, id).await?;
    let image_urls: Option<Vec<ImageUrl>> = match &changes.images {
        Some(images) => Some(
            images
                .iter()
                .enumerate()
                .map(|(i, m)| ImageUrl::parse(&format!("images.{i}.imageUrl"), &m.url))
                .collect::<Result<_>>()?,
        ),
        None => None,
    };
    let origin_url = match &changes.origin_url {
        Some(u) => ImageUrl::parse_optional("originUrl", Some(u))?.map(ImageUrl::into_string),
        None => current.origin_url.clone(),
    };
    let name = match &changes.name {
        Some(n) => required_text("name", n, 500)?,
        None => current.name.clone(),
    };
    let brand_id = match changes.brand_id.as_deref().map(str::trim) {
        Some("") => None,
        Some(b) => Some(crate::brands::get(conn, scope, b).await?.id),
        None => current.brand_id.clone(),
    };
    let weight = match changes.package_weight {
        Some(w) => Some(parse_weight("packageWeight", w)?),
        None => current.package_weight,
    };
    let dimensions = match changes.package_dimensions {
        Some(d) => Some(parse_dimensions("packageDimensions", d)?),
        None => current.package_dimensions,
    };
    let text = |new: &Option<String>, old: &Option<String>| match new {
        Some(s) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
        None => old.clone(),
    };
    sqlx::query(
        "UPDATE products SET name = $3, description = $4, brand_id = $5, category_name = $6, status = $7, origin_url = $8,
            package_weight_value = CAST($9 AS DOUBLE PRECISION), package_weight_unit = $10,
            package_length = CAST($11 AS DOUBLE PRECISION), package_width = CAST($12 AS DOUBLE PRECISION),
            package_height = CAST($13 AS DOUBLE PRECISION), package_dimension_unit = $14, updated_at = $15
         WHERE id = $1 AND client_id = $2",
    )
    .bind(id)
    .bind(&scope.client_id)
    .bind(&name)
    .bind(text(&changes.description, &current.description))
    .bind(&brand_id)
    .bind(text(&changes.category_name, &current.category_name))
    .bind(changes.status.unwrap_or(current.status).as_str())
    .bind(&origin_url)
    .bind(real(weight.map(|w| w.value)))
    .bind(weight.map(|w| w.unit.as_str()))
    .bind(real(dimensions.map(|d| d.length)))
    .bind(real(dimensions.map(|d| d.width)))
    .bind(real(dimensions.map(|d| d.height)))
    .bind(dimensions.map(|d| d.unit.as_str()))
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;

    if let (Some(images), Some(urls)) = (changes.images, image_urls) {
        sqlx::query("DELETE FROM product_images WHERE product_id = $1 AND client_id = $2")
            .bind(id)
            .bind(&scope.client_id)
            .execute(&mut *conn)
            .await?;
        for (i, (image, url)) in images.iter().zip(urls).enumerate() {
            let url = url.into_string();
            sqlx::query(
                "INSERT INTO product_images (id, client_id, product_id, image_url, is_primary, sequence, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(ids::new_id())
            .bind(&scope.client_id)
            .bind(id)
            .bind(&url)
            .bind(image.is_primary.unwrap_or(i == 0))
            .bind(image.sequence.unwrap_or(i as i64))
            .bind(time::now_db())
            .execute(&mut *conn)
            .await?;
        }
    }

    let Some(variant_changes) = changes.variants else {
        return Ok(());
    };
    let existing: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM product_variants WHERE product_id = $1 AND client_id = $2",
    )
    .bind(id)
    .bind(&scope.client_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut next_sequence = i64::try_from(existing.len()).unwrap_or(0);
    for (n, change) in variant_changes.into_iter().enumerate() {
        let field = |name: &str| format!("variants.{n}.{name}");
        let sku = match &change.sku {
            Some(s) if s.trim().is_empty() => {
                return Err(DomainError::bad_input(field("sku"), "must not be empty"));
            }
            Some(s) => Some(s.trim().to_owned()),
            None => None,
        };
        if change.quantity.is_some_and(|q| q < 0) {
            return Err(DomainError::bad_input(
                field("quantity"),
                "must be 0 or more",
            ));
        }
        let sale = change
            .sale_price
            .map(|p| cents(&field("salePrice"), p))
            .transpose()?;
        let list = change
            .list_price
            .map(|p| cents(&field("listPrice"), p))
            .transpose()?;
        let variant_id = match change.action {
            ChangeAction::Create => {
                let variant_id = ids::new_id();
                let now = time::now_db();
                sqlx::query(
                    "INSERT INTO product_variants (id, client_id, product_id, sku, quantity, sale_price_cents, list_price_cents, sequence, created_at, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
                )
                .bind(&variant_id)
                .bind(&scope.client_id)
                .bind(id)
                .bind(&sku)
                .bind(change.quantity.unwrap_or(0))
                .bind(sale.unwrap_or(0))
                .bind(list.unwrap_or(0))
                .bind(next_sequence)
                .bind(&now)
                .execute(&mut *conn)
                .await?;
                next_sequence += 1;
                variant_id
            }
            action => {
                let variant_id = match change.id.as_deref() {
                    Some(v) if existing.iter().any(|e| e == v) => v.to_owned(),
                    Some(_) => {
                        return Err(DomainError::bad_input(
                            field("id"),
                            "is not a variant of this product",
                        ));
                    }
                    None => {
                        return Err(DomainError::bad_input(
                            field("id"),
                            "is required to update, delete or keep a variant",
                        ));
                    }
                };
                match action {
                    ChangeAction::Delete => {
                        sqlx::query(
                            "DELETE FROM product_variants WHERE id = $1 AND client_id = $2",
                        )
                        .bind(&variant_id)
                        .bind(&scope.client_id)
                        .execute(&mut *conn)
                        .await?;
                        continue;
                    }
                    ChangeAction::Unchanged => continue,
                    _ => {}
                }
                sqlx::query(
                    "UPDATE product_variants SET sku = COALESCE($3, sku), quantity = COALESCE($4, quantity),
                        sale_price_cents = COALESCE($5, sale_price_cents), list_price_cents = COALESCE($6, list_price_cents), updated_at = $7
                     WHERE id = $1 AND client_id = $2",
                )
                .bind(&variant_id)
                .bind(&scope.client_id)
                .bind(&sku)
                .bind(change.quantity)
                .bind(sale)
                .bind(list)
                .bind(time::now_db())
                .execute(&mut *conn)
                .await?;
                variant_id
            }
        };
        if let Some(attributes) = change.attributes {
            let mut seen = std::collections::HashSet::new();
            if let Some((name, _)) = attributes
                .iter()
                .find(|(name, _)| !seen.insert(name.trim().to_owned()))
            {
                return Err(DomainError::bad_input(
                    field("attributes"),
                    format!("'{}' is given twice", name.trim()),
                ));
            }
            sqlx::query(
                "DELETE FROM variant_attribute_values WHERE variant_id = $1 AND client_id = $2",
            )
            .bind(&variant_id)
            .bind(&scope.client_id)
            .execute(&mut *conn)
            .await?;
            for (name, value) in attributes {
                let attr_name = required_text(&field("attributes"), &name, 100)?;
                let value = required_text(&field("attributes"), &value, 200)?;
                let attribute = crate::brands::attribute_by_name(conn, scope, &attr_name).await?;
                sqlx::query(
                    "INSERT INTO variant_attribute_values (id, client_id, variant_id, attribute_id, value, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(ids::new_id())
                .bind(&scope.client_id)
                .bind(&variant_id)
                .bind(&attribute.id)
                .bind(&value)
                .bind(time::now_db())
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    Ok(())
}

/// A marketplace property of a product as a listing sends it: ids when known, names otherwise.
#[derive(Debug, Clone)]
pub struct ListingAttribute {
    pub attribute_id: String,
    pub values: Vec<String>,
    pub value_ids: Vec<String>,
}

pub async fn listing_attributes(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
) -> Result<Vec<ListingAttribute>> {
    let rows = sqlx::query("SELECT attribute_id, attribute_values, value_ids FROM product_attributes WHERE product_id = $1 AND client_id = $2 ORDER BY attribute_id")
        .bind(product_id)
        .bind(&scope.client_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|r| {
            let list = |col: &str| -> Result<Vec<String>> {
                let text: String = r.try_get(col)?;
                Ok(serde_json::from_str(&text).unwrap_or_default())
            };
            Ok(ListingAttribute {
                attribute_id: r.try_get("attribute_id")?,
                values: list("attribute_values")?,
                value_ids: list("value_ids")?,
            })
        })
        .collect()
}

/// The size chart image of a product, if any.
pub async fn size_chart(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT size_chart FROM products WHERE id = $1 AND client_id = $2")
            .bind(product_id)
            .bind(&scope.client_id)
            .fetch_optional(&mut *conn)
            .await?
            .flatten(),
    )
}

/// Gives a SKU to every variant without one: `{PREFIX}-{VALUES}` from the product's name and
/// id and the variant's attribute values, unique within the product. Variants with a SKU keep
/// it, so running twice changes nothing. Returns how many were given one.
pub async fn generate_skus(conn: &mut Conn, scope: &Scope, product_id: &str) -> Result<usize> {
    let product = get(conn, scope, product_id).await?;
    let variants = variants(conn, scope, product_id).await?;
    let letters: String = product
        .name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(4)
        .collect::<String>()
        .to_ascii_uppercase();
    // Eight characters of the id's random end: SKUs name listings across a whole Amazon or
    // Walmart seller account, where products made from one template share their name's
    // letters and their values, and four characters collided within a few hundred products.
    let tail: String = product
        .id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .rev()
        .take(8)
        .collect::<String>()
        .to_ascii_uppercase();
    let prefix = format!(
        "{}{}",
        if letters.is_empty() {
            "SD".to_owned()
        } else {
            letters
        },
        tail
    );
    let mut taken: Vec<String> = variants.iter().filter_map(|v| v.sku.clone()).collect();
    let mut given = 0;
    for (n, v) in variants.iter().enumerate() {
        if v.sku.is_some() {
            continue;
        }
        let values: Vec<String> = v
            .attributes
            .iter()
            .map(|a| {
                a.value
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .take(6)
                    .collect::<String>()
                    .to_ascii_uppercase()
            })
            .filter(|s| !s.is_empty())
            .collect();
        let base = if values.is_empty() {
            format!("{prefix}-{}", n + 1)
        } else {
            format!("{prefix}-{}", values.join("-"))
        };
        let mut sku = base.clone();
        let mut k = 2;
        while taken.contains(&sku) {
            sku = format!("{base}-{k}");
            k += 1;
        }
        sqlx::query("UPDATE product_variants SET sku = $1, updated_at = $2 WHERE id = $3 AND client_id = $4 AND sku IS NULL")
            .bind(&sku)
            .bind(time::now_db())
            .bind(&v.id)
            .bind(&scope.client_id)
            .execute(&mut *conn)
            .await?;
        taken.push(sku);
        given += 1;
    }
    Ok(given)
}

/// Marks a product PUBLISHED once a shop has it.
pub async fn mark_published(conn: &mut Conn, scope: &Scope, product_id: &str) -> Result<()> {
    sqlx::query("UPDATE products SET status = $4, updated_at = $1 WHERE id = $2 AND client_id = $3 AND status = $5")
        .bind(time::now_db())
        .bind(product_id)
        .bind(&scope.client_id)
        .bind(ProductStatus::Published.as_str())
        .bind(ProductStatus::Unpublished.as_str())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// What a product lists with on Amazon and Walmart (copied from its template).
pub async fn channel_fields(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
) -> Result<crate::templates::ChannelFields> {
    let row = sqlx::query(
        "SELECT amazon_product_type, amazon_attributes, walmart_category, walmart_item_spec FROM products
         WHERE id = $1 AND client_id = $2",
    )
    .bind(product_id)
    .bind(&scope.client_id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or(DomainError::NotFound("product"))?;
    crate::templates::ChannelFields::from_row(&row, "products")
}

/// The marketplace brand id a product lists with.
pub async fn tiktok_brand(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT tiktok_brand_id FROM products WHERE id = $1 AND client_id = $2")
            .bind(product_id)
            .bind(&scope.client_id)
            .fetch_optional(&mut *conn)
            .await?
            .flatten()
            .filter(|b: &String| !b.is_empty()),
    )
}
