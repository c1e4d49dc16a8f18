//! Product designs: the artwork (front, back, sleeve, hood) and mockups of a product or of a
//! marketplace product, kept so that listing and fulfilment reuse them.
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::catalogue::like_pattern;
use crate::db::{Conn, Sql};
use crate::paging::{Page, PageRequest};
use crate::urls::ImageUrl;
use crate::{DomainError, Result, Scope, ids, time};

#[derive(Debug, Clone)]
pub struct Design {
    pub id: String,
    pub product_id: Option<String>,
    pub product_name: Option<String>,
    pub external_product_id: Option<String>,
    pub seller_product_id: Option<String>,
    pub variant: Option<String>,
    pub images: Vec<String>,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
}

impl Design {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let images: String = row.try_get("images")?;
        Ok(Self {
            id: row.try_get("id")?,
            product_id: row.try_get("product_id")?,
            product_name: row.try_get("product_name")?,
            external_product_id: row.try_get("external_product_id")?,
            seller_product_id: row.try_get("seller_product_id")?,
            variant: row.try_get("variant")?,
            images: serde_json::from_str(&images)
                .map_err(|e| DomainError::Internal(format!("product_designs.images: {e}")))?,
            design_front_url: row.try_get("design_front_url")?,
            design_back_url: row.try_get("design_back_url")?,
            design_sleeve_url: row.try_get("design_sleeve_url")?,
            design_hood_url: row.try_get("design_hood_url")?,
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct DesignInput {
    pub product_id: Option<String>,
    pub external_product_id: Option<String>,
    pub seller_product_id: Option<String>,
    pub variant: Option<String>,
    pub images: Option<Vec<String>>,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
}

fn text(raw: Option<String>) -> Option<String> {
    raw.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

/// An absolute http(s) URL: these are shown as images and sent to providers.
fn url(field: &str, raw: Option<String>) -> Result<Option<String>> {
    Ok(ImageUrl::parse_optional(field, raw.as_deref())?.map(ImageUrl::into_string))
}

const SELECT: &str = "SELECT d.*, p.name AS product_name FROM product_designs d LEFT JOIN products p ON p.id = d.product_id WHERE d.client_id = ";

/// Stores a design. A design for the same reference (product, marketplace product or seller
/// SKU) and variant is replaced rather than repeated, so caching the same thing twice is harmless.
pub async fn cache(conn: &mut Conn, scope: &Scope, input: DesignInput) -> Result<Design> {
    let images: Vec<String> = ImageUrl::parse_all("images", &input.images.unwrap_or_default())?
        .into_iter()
        .map(ImageUrl::into_string)
        .collect();
    let front = url("designFrontUrl", input.design_front_url)?;
    let back = url("designBackUrl", input.design_back_url)?;
    let sleeve = url("designSleeveUrl", input.design_sleeve_url)?;
    let hood = url("designHoodUrl", input.design_hood_url)?;
    if images.is_empty() && front.is_none() && back.is_none() && sleeve.is_none() && hood.is_none()
    {
        return Err(DomainError::bad_input(
            "images",
            "give at least one design URL or mockup image",
        ));
    }
    let product_id = text(input.product_id);
    if let Some(id) = &product_id {
        let found: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM products WHERE id = $1 AND client_id = $2")
                .bind(id)
                .bind(&scope.client_id)
                .fetch_one(&mut *conn)
                .await?;
        if found == 0 {
            return Err(DomainError::NotFound("product"));
        }
    }
    let external = text(input.external_product_id);
    let seller = text(input.seller_product_id);
    let variant = text(input.variant);
    if product_id.is_none() && external.is_none() && seller.is_none() {
        return Err(DomainError::bad_input(
            "productId",
            "give a productId, externalProductId or sellerProductId",
        ));
    }
    let images =
        serde_json::to_string(&images).map_err(|e| DomainError::Internal(e.to_string()))?;

    // NULL never equals NULL in SQL, hence COALESCE on each part of the reference.
    let existing: Option<String> = sqlx::query_scalar(
        "SELECT id FROM product_designs WHERE client_id = $1 AND COALESCE(product_id, '') = $2
           AND COALESCE(external_product_id, '') = $3 AND COALESCE(seller_product_id, '') = $4
           AND COALESCE(variant, '') = $5
         ORDER BY created_at LIMIT 1",
    )
    .bind(&scope.client_id)
    .bind(product_id.clone().unwrap_or_default())
    .bind(external.clone().unwrap_or_default())
    .bind(seller.clone().unwrap_or_default())
    .bind(variant.clone().unwrap_or_default())
    .fetch_optional(&mut *conn)
    .await?;
    let now = time::now_db();
    let id = match existing {
        Some(id) => {
            sqlx::query(
                "UPDATE product_designs SET images = $3, design_front_url = $4, design_back_url = $5,
                    design_sleeve_url = $6, design_hood_url = $7, updated_at = $8
                 WHERE id = $1 AND client_id = $2",
            )
            .bind(&id)
            .bind(&scope.client_id)
            .bind(&images)
            .bind(&front)
            .bind(&back)
            .bind(&sleeve)
            .bind(&hood)
            .bind(&now)
            .execute(&mut *conn)
            .await?;
            id
        }
        None => {
            let id = ids::new_id();
            sqlx::query(
                "INSERT INTO product_designs (id, client_id, product_id, external_product_id, seller_product_id, variant,
                    images, design_front_url, design_back_url, design_sleeve_url, design_hood_url, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)",
            )
            .bind(&id)
            .bind(&scope.client_id)
            .bind(&product_id)
            .bind(&external)
            .bind(&seller)
            .bind(&variant)
            .bind(&images)
            .bind(&front)
            .bind(&back)
            .bind(&sleeve)
            .bind(&hood)
            .bind(&now)
            .execute(&mut *conn)
            .await?;
            id
        }
    };
    get(conn, scope, &id).await
}

pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<Design> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("design"));
    }
    let mut sql = Sql::new(SELECT);
    sql.bind(&scope.client_id).push(" AND d.id = ").bind(id);
    let row = sql.query().fetch_optional(&mut *conn).await?;
    row.as_ref()
        .map(Design::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("design"))
}

#[derive(Debug, Clone, Default)]
pub struct DesignFilter {
    pub search: Option<String>,
    pub product_id: Option<String>,
}

fn filtered(base: &'static str, scope: &Scope, filter: &DesignFilter) -> Sql {
    let mut sql = Sql::new(base);
    sql.bind(&scope.client_id);
    if let Some(p) = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(like_pattern)
    {
        sql.push(" AND (LOWER(COALESCE(d.external_product_id, '')) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\' OR LOWER(COALESCE(d.seller_product_id, '')) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\' OR LOWER(COALESCE(d.variant, '')) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\' OR LOWER(COALESCE(p.name, '')) LIKE ")
            .bind(&p)
            .push(" ESCAPE '\\')");
    }
    if let Some(product_id) = &filter.product_id {
        sql.push(" AND d.product_id = ").bind(product_id);
    }
    sql
}

/// A product the caller cannot see is NOT_FOUND, not an empty list.
async fn check_filter(conn: &mut Conn, scope: &Scope, filter: &DesignFilter) -> Result<()> {
    if let Some(product_id) = &filter.product_id {
        crate::products::get(conn, scope, product_id).await?;
    }
    Ok(())
}

pub async fn list(
    conn: &mut Conn,
    scope: &Scope,
    filter: &DesignFilter,
    page: PageRequest,
) -> Result<Page<Design>> {
    check_filter(conn, scope, filter).await?;
    let total: i64 = filtered(
        "SELECT COUNT(*) FROM product_designs d LEFT JOIN products p ON p.id = d.product_id WHERE d.client_id = ",
        scope,
        filter,
    )
    .query_scalar()
    .fetch_one(&mut *conn)
    .await?;
    let mut sql = filtered(SELECT, scope, filter);
    sql.push(" ORDER BY d.created_at DESC, d.id DESC LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let items = rows.iter().map(Design::from_row).collect::<Result<_>>()?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// Every matching design, for pickers that show them all.
pub async fn list_all(
    conn: &mut Conn,
    scope: &Scope,
    filter: &DesignFilter,
) -> Result<Vec<Design>> {
    check_filter(conn, scope, filter).await?;
    let mut sql = filtered(SELECT, scope, filter);
    sql.push(" ORDER BY d.created_at DESC, d.id DESC");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter().map(Design::from_row).collect()
}

pub async fn delete(conn: &mut Conn, scope: &Scope, id: &str) -> Result<()> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("design"));
    }
    let done = sqlx::query("DELETE FROM product_designs WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Err(DomainError::NotFound("design"));
    }
    Ok(())
}
