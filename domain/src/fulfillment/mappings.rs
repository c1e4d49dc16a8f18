//! SKU mappings: which provider variant and print files a seller's variant goes out as. Saved
//! when a seller sends an item — for its product and for the template the product was made
//! from, or, for a marketplace SKU with no product in Sellerdesk, for the SKU itself — and read
//! when the next order of the same SKU is prepared: a product's own mapping wins over its
//! template's, which wins over the bare SKU's.
use sqlx::Row;

use crate::db::Conn;
use crate::{Result, ids, time};

/// What a variant goes out as.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mapping {
    pub fulfillment_sku: String,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
}

/// Whose mapping it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    Product(String),
    Template(String),
    /// A marketplace SKU sold without a product in Sellerdesk.
    Sku,
}

/// Where a mapping came from, for the seller: the product's own or inherited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Product,
    Template,
    Sku,
}

/// An order item's variant key and owners: its SKU (the variant's, else the seller's, else the
/// marketplace's SKU id), its product and its product's template.
struct ItemKey {
    sku: String,
    product_id: Option<String>,
    template_id: Option<String>,
}

async fn key_of(conn: &mut Conn, client_id: &str, order_item_id: &str) -> Result<Option<ItemKey>> {
    let row = sqlx::query(
        "SELECT i.product_id, p.template_id, COALESCE(v.sku, i.seller_sku, i.external_sku_id) AS sku
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
    Ok(Some(ItemKey {
        sku,
        product_id: row.try_get("product_id")?,
        template_id: row.try_get("template_id")?,
    }))
}

async fn find(
    conn: &mut Conn,
    provider_id: &str,
    owner: &Owner,
    sku: &str,
) -> Result<Option<Mapping>> {
    let row = match owner {
        Owner::Product(id) => {
            sqlx::query(
                "SELECT * FROM fulfillment_sku_mappings WHERE provider_id = $1 AND product_id = $2 AND variant_sku = $3",
            )
            .bind(provider_id)
            .bind(id)
            .bind(sku)
            .fetch_optional(&mut *conn)
            .await?
        }
        Owner::Template(id) => {
            sqlx::query(
                "SELECT * FROM fulfillment_sku_mappings WHERE provider_id = $1 AND template_id = $2 AND variant_sku = $3",
            )
            .bind(provider_id)
            .bind(id)
            .bind(sku)
            .fetch_optional(&mut *conn)
            .await?
        }
        Owner::Sku => {
            sqlx::query(
                "SELECT * FROM fulfillment_sku_mappings WHERE provider_id = $1 AND product_id IS NULL
                    AND template_id IS NULL AND variant_sku = $2",
            )
            .bind(provider_id)
            .bind(sku)
            .fetch_optional(&mut *conn)
            .await?
        }
    };
    row.map(|r| {
        Ok(Mapping {
            fulfillment_sku: r.try_get("fulfillment_sku")?,
            design_front_url: r.try_get("design_front_url")?,
            design_back_url: r.try_get("design_back_url")?,
        })
    })
    .transpose()
}

fn owners(key: &ItemKey) -> Vec<(Owner, Source)> {
    let mut out = Vec::new();
    if let Some(p) = &key.product_id {
        out.push((Owner::Product(p.clone()), Source::Product));
    }
    if let Some(t) = &key.template_id {
        out.push((Owner::Template(t.clone()), Source::Template));
    }
    if out.is_empty() {
        out.push((Owner::Sku, Source::Sku));
    }
    out
}

/// The mapping an order item's variant has at a provider, and where it came from.
pub async fn of_item(
    conn: &mut Conn,
    client_id: &str,
    provider_id: &str,
    order_item_id: &str,
) -> Result<Option<(Mapping, Source)>> {
    let Some(key) = key_of(conn, client_id, order_item_id).await? else {
        return Ok(None);
    };
    for (owner, source) in owners(&key) {
        if let Some(m) = find(conn, provider_id, &owner, &key.sku).await? {
            return Ok(Some((m, source)));
        }
    }
    Ok(None)
}

/// Remembers how an order item went out: for its product and its product's template, or for
/// its SKU when it has no product.
pub async fn remember(
    conn: &mut Conn,
    client_id: &str,
    provider_id: &str,
    order_item_id: &str,
    mapping: &Mapping,
) -> Result<()> {
    let Some(key) = key_of(conn, client_id, order_item_id).await? else {
        return Ok(());
    };
    let now = time::now_db();
    for (owner, _) in owners(&key) {
        let (product_id, template_id) = match &owner {
            Owner::Product(p) => (Some(p.as_str()), None),
            Owner::Template(t) => (None, Some(t.as_str())),
            Owner::Sku => (None, None),
        };
        // Insert first, and update what another send of the same SKU wrote (even one
        // committing meanwhile: the insert waits for it and then skips).
        let inserted = sqlx::query(
            "INSERT INTO fulfillment_sku_mappings (id, client_id, provider_id, product_id, template_id, variant_sku,
                fulfillment_sku, design_front_url, design_back_url, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
             ON CONFLICT DO NOTHING",
        )
        .bind(ids::new_id())
        .bind(client_id)
        .bind(provider_id)
        .bind(product_id)
        .bind(template_id)
        .bind(&key.sku)
        .bind(&mapping.fulfillment_sku)
        .bind(&mapping.design_front_url)
        .bind(&mapping.design_back_url)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
        if inserted.rows_affected() == 0 {
            sqlx::query(
                "UPDATE fulfillment_sku_mappings SET fulfillment_sku = $1, design_front_url = $2, design_back_url = $3,
                    updated_at = $4
                 WHERE provider_id = $5 AND COALESCE(product_id, '') = $6 AND COALESCE(template_id, '') = $7
                    AND variant_sku = $8",
            )
            .bind(&mapping.fulfillment_sku)
            .bind(&mapping.design_front_url)
            .bind(&mapping.design_back_url)
            .bind(&now)
            .bind(provider_id)
            .bind(product_id.unwrap_or(""))
            .bind(template_id.unwrap_or(""))
            .bind(&key.sku)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}
