//! SKU mappings: which provider variant and print files a seller's variant goes out as. Saved
//! when a seller sends an item (for its product and for the template the product was made
//! from), read when the next order of the same SKU is prepared: a product's own mapping wins
//! over its template's.
use sqlx::Row;

use crate::db::Conn;
use crate::{Result, ids, time};

/// What a variant goes out as.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mapping {
    pub fulfillment_sku: String,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
}

/// An order item as a fulfilment order starts from it: what the marketplace sold, and what
/// Sellerdesk knows of how it goes out at one provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub order_item_id: String,
    pub product_name: String,
    pub seller_sku: Option<String>,
    pub variant_sku: Option<String>,
    pub quantity: i64,
    pub image: Option<String>,
    /// `None`: never mapped at this provider — the seller chooses.
    pub mapping: Option<Mapping>,
    /// The product's own print files, when it has a design and no mapping says otherwise.
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
}

/// The items of a marketplace order with what each maps to at `provider_id`.
pub async fn suggest(
    conn: &mut Conn,
    client_id: &str,
    provider_id: &str,
    order_id: &str,
) -> Result<Vec<Suggestion>> {
    let rows = sqlx::query(
        "SELECT i.id, i.product_name, i.seller_sku, i.quantity, i.sku_image, i.product_id, p.template_id,
            v.sku AS variant_sku
         FROM order_items i
         LEFT JOIN products p ON p.id = i.product_id
         LEFT JOIN product_variants v ON v.id = i.variant_id
         WHERE i.order_id = $1 AND i.client_id = $2 ORDER BY i.created_at, i.id",
    )
    .bind(order_id)
    .bind(client_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let product_id: Option<String> = r.try_get("product_id")?;
        let template_id: Option<String> = r.try_get("template_id")?;
        let seller_sku: Option<String> = r.try_get("seller_sku")?;
        let variant_sku: Option<String> = r.try_get("variant_sku")?;
        let sku = variant_sku.clone().or_else(|| seller_sku.clone());
        let mapping = match &sku {
            Some(sku) => {
                find(
                    conn,
                    provider_id,
                    product_id.as_deref(),
                    template_id.as_deref(),
                    sku,
                )
                .await?
            }
            None => None,
        };
        let (front, back) = match &product_id {
            Some(p) => product_design(conn, client_id, p).await?,
            None => (None, None),
        };
        out.push(Suggestion {
            order_item_id: r.try_get("id")?,
            product_name: r.try_get("product_name")?,
            seller_sku,
            variant_sku,
            quantity: r.try_get("quantity")?,
            image: r.try_get("sku_image")?,
            design_front_url: mapping
                .as_ref()
                .and_then(|m| m.design_front_url.clone())
                .or(front),
            design_back_url: mapping
                .as_ref()
                .and_then(|m| m.design_back_url.clone())
                .or(back),
            mapping,
        });
    }
    Ok(out)
}

/// The mapping an order item's variant has at a provider, and whether it is its template's.
pub async fn of_item(
    conn: &mut Conn,
    client_id: &str,
    provider_id: &str,
    order_item_id: &str,
) -> Result<Option<(Mapping, bool)>> {
    let row = sqlx::query(
        "SELECT i.product_id, p.template_id, COALESCE(v.sku, i.seller_sku) AS sku
         FROM order_items i
         LEFT JOIN products p ON p.id = i.product_id
         LEFT JOIN product_variants v ON v.id = i.variant_id
         WHERE i.id = $1 AND i.client_id = $2",
    )
    .bind(order_item_id)
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let Some(sku) = row.try_get::<Option<String>, _>("sku")? else {
        return Ok(None);
    };
    let product_id: Option<String> = row.try_get("product_id")?;
    let template_id: Option<String> = row.try_get("template_id")?;
    if let Some(m) = find(conn, provider_id, product_id.as_deref(), None, &sku).await? {
        return Ok(Some((m, false)));
    }
    Ok(find(conn, provider_id, None, template_id.as_deref(), &sku)
        .await?
        .map(|m| (m, true)))
}

/// The mapping of a variant SKU: the product's own, else its template's.
pub async fn find(
    conn: &mut Conn,
    provider_id: &str,
    product_id: Option<&str>,
    template_id: Option<&str>,
    variant_sku: &str,
) -> Result<Option<Mapping>> {
    for (column, owner) in [("product_id", product_id), ("template_id", template_id)] {
        let Some(owner) = owner else { continue };
        let sql = if column == "product_id" {
            "SELECT * FROM fulfillment_sku_mappings WHERE provider_id = $1 AND product_id = $2 AND variant_sku = $3"
        } else {
            "SELECT * FROM fulfillment_sku_mappings WHERE provider_id = $1 AND template_id = $2 AND variant_sku = $3"
        };
        let row = sqlx::query(sql)
            .bind(provider_id)
            .bind(owner)
            .bind(variant_sku)
            .fetch_optional(&mut *conn)
            .await?;
        if let Some(r) = row {
            return Ok(Some(Mapping {
                fulfillment_sku: r.try_get("fulfillment_sku")?,
                design_front_url: r.try_get("design_front_url")?,
                design_back_url: r.try_get("design_back_url")?,
                design_sleeve_url: r.try_get("design_sleeve_url")?,
                design_hood_url: r.try_get("design_hood_url")?,
            }));
        }
    }
    Ok(None)
}

async fn product_design(
    conn: &mut Conn,
    client_id: &str,
    product_id: &str,
) -> Result<(Option<String>, Option<String>)> {
    let row = sqlx::query(
        "SELECT design_front_url, design_back_url FROM product_designs
         WHERE client_id = $1 AND product_id = $2 ORDER BY created_at DESC LIMIT 1",
    )
    .bind(client_id)
    .bind(product_id)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(r) => Ok((
            r.try_get("design_front_url")?,
            r.try_get("design_back_url")?,
        )),
        None => Ok((None, None)),
    }
}

/// Remembers how an order item went out, for its product and its product's template.
pub async fn remember(
    conn: &mut Conn,
    client_id: &str,
    provider_id: &str,
    order_item_id: &str,
    mapping: &Mapping,
) -> Result<()> {
    let row = sqlx::query(
        "SELECT i.product_id, p.template_id, COALESCE(v.sku, i.seller_sku) AS sku
         FROM order_items i
         LEFT JOIN products p ON p.id = i.product_id
         LEFT JOIN product_variants v ON v.id = i.variant_id
         WHERE i.id = $1 AND i.client_id = $2",
    )
    .bind(order_item_id)
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(()) };
    let Some(sku) = row.try_get::<Option<String>, _>("sku")? else {
        return Ok(());
    };
    let product_id: Option<String> = row.try_get("product_id")?;
    let template_id: Option<String> = row.try_get("template_id")?;
    let now = time::now_db();
    for (is_product, owner) in [(true, product_id), (false, template_id)] {
        let Some(owner) = owner else { continue };
        let (update, insert) = if is_product {
            (
                "UPDATE fulfillment_sku_mappings SET fulfillment_sku = $1, design_front_url = $2, design_back_url = $3,
                    updated_at = $4 WHERE provider_id = $5 AND product_id = $6 AND variant_sku = $7",
                "INSERT INTO fulfillment_sku_mappings (id, client_id, provider_id, product_id, variant_sku, fulfillment_sku,
                    design_front_url, design_back_url, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
            )
        } else {
            (
                "UPDATE fulfillment_sku_mappings SET fulfillment_sku = $1, design_front_url = $2, design_back_url = $3,
                    updated_at = $4 WHERE provider_id = $5 AND template_id = $6 AND variant_sku = $7",
                "INSERT INTO fulfillment_sku_mappings (id, client_id, provider_id, template_id, variant_sku, fulfillment_sku,
                    design_front_url, design_back_url, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
            )
        };
        let updated = sqlx::query(update)
            .bind(&mapping.fulfillment_sku)
            .bind(&mapping.design_front_url)
            .bind(&mapping.design_back_url)
            .bind(&now)
            .bind(provider_id)
            .bind(&owner)
            .bind(&sku)
            .execute(&mut *conn)
            .await?;
        if updated.rows_affected() == 0 {
            sqlx::query(insert)
                .bind(ids::new_id())
                .bind(client_id)
                .bind(provider_id)
                .bind(&owner)
                .bind(&sku)
                .bind(&mapping.fulfillment_sku)
                .bind(&mapping.design_front_url)
                .bind(&mapping.design_back_url)
                .bind(&now)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}
