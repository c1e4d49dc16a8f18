//! Product templates: the fields, variants and price formula a seller applies to many products.
//! Shared by everyone in the client (STAFF included).
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::catalogue::{
    Dimensions, ProductType, Weight, parse_dimensions, parse_weight, required_text,
};
use crate::db::{Conn, Sql, real};
use crate::paging::{Page, PageRequest};
use crate::price_formula::PriceFormula;
use crate::urls::ImageUrl;
use crate::{DomainError, Result, Scope, ids, stored, time};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum TemplateStatus {
    Active,
    Draft,
}

impl TemplateStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One variant of a template. Prices are cents here and in the database.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TemplateVariant {
    pub attributes: BTreeMap<String, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sku: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sale_price_cents: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_price_cents: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct Template {
    pub id: String,
    pub client_id: String,
    pub name: String,
    pub title: String,
    pub description: Option<String>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub tiktok_category_id: Option<String>,
    pub tiktok_brand_id: Option<String>,
    pub images: Vec<String>,
    pub size_chart: Option<String>,
    pub variants: Vec<TemplateVariant>,
    pub tiktok_product_attribute: Option<Value>,
    pub channels: ChannelFields,
    pub price_formula: Option<String>,
    pub product_type: ProductType,
    pub status: TemplateStatus,
    pub created_at: time::Timestamp,
}

/// What Amazon and Walmart need to list a product, next to TikTok's category and attributes.
/// Templates carry them and applying a template copies them onto the product.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChannelFields {
    /// Amazon's product type (`SHIRT`, `HAT`…).
    pub amazon_product_type: Option<String>,
    /// Amazon attributes by name: a value or an array of values each (`brand`, `color`…).
    pub amazon_attributes: Option<Value>,
    /// Walmart's category (the MP_ITEM `productType`: `T-Shirts`, `Hoodies & Sweatshirts`…).
    pub walmart_category: Option<String>,
    /// Walmart's item spec: the category's Visible fields by name.
    pub walmart_item_spec: Option<Value>,
}

impl ChannelFields {
    /// Reads the four columns of a `product_templates` or `products` row.
    pub fn from_row(row: &AnyRow, table: &str) -> Result<ChannelFields> {
        let object = |column: &str| -> Result<Option<Value>> {
            let text: Option<String> = row.try_get(column)?;
            text.map(|t| serde_json::from_str(&t))
                .transpose()
                .map_err(|e| DomainError::Internal(format!("{table}.{column}: {e}")))
        };
        Ok(ChannelFields {
            amazon_product_type: row.try_get("amazon_product_type")?,
            amazon_attributes: object("amazon_attributes")?,
            walmart_category: row.try_get("walmart_category")?,
            walmart_item_spec: object("walmart_item_spec")?,
        })
    }

    /// Checks what a seller sent: names trimmed, attributes and item spec JSON objects.
    pub fn validate(self) -> Result<ChannelFields> {
        let object = |field: &str, value: Option<Value>| -> Result<Option<Value>> {
            match value {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Object(o)) if o.is_empty() => Ok(None),
                Some(v @ Value::Object(_)) if v.to_string().len() <= 64 * 1024 => Ok(Some(v)),
                Some(Value::Object(_)) => Err(DomainError::bad_input(field, "at most 64 KiB")),
                Some(_) => Err(DomainError::bad_input(
                    field,
                    "must be a JSON object of attribute names to values",
                )),
            }
        };
        let name = |field: &str, raw: Option<String>| -> Result<Option<String>> {
            match optional_text(raw) {
                Some(n) if n.chars().count() > 200 => {
                    Err(DomainError::bad_input(field, "at most 200 characters"))
                }
                other => Ok(other),
            }
        };
        Ok(ChannelFields {
            amazon_product_type: name("amazonProductType", self.amazon_product_type)?
                .map(|t| t.to_uppercase()),
            amazon_attributes: object("amazonAttributes", self.amazon_attributes)?,
            walmart_category: name("walmartCategory", self.walmart_category)?,
            walmart_item_spec: object("walmartItemSpec", self.walmart_item_spec)?,
        })
    }

    /// Writes the four columns of one row of `table` (`product_templates` or `products`).
    /// `keep` leaves a column as it is where this has nothing (applying a template).
    async fn store(&self, conn: &mut Conn, table: Table, id: &str, keep: bool) -> Result<()> {
        let sql = match (table, keep) {
            (Table::Templates, _) => {
                "UPDATE product_templates SET amazon_product_type = $1, amazon_attributes = $2, walmart_category = $3, walmart_item_spec = $4 WHERE id = $5"
            }
            (Table::Products, false) => {
                "UPDATE products SET amazon_product_type = $1, amazon_attributes = $2, walmart_category = $3, walmart_item_spec = $4 WHERE id = $5"
            }
            (Table::Products, true) => {
                "UPDATE products SET amazon_product_type = COALESCE($1, amazon_product_type), amazon_attributes = COALESCE($2, amazon_attributes), \
                 walmart_category = COALESCE($3, walmart_category), walmart_item_spec = COALESCE($4, walmart_item_spec) WHERE id = $5"
            }
        };
        sqlx::query(sql)
            .bind(&self.amazon_product_type)
            .bind(self.amazon_attributes.as_ref().map(Value::to_string))
            .bind(&self.walmart_category)
            .bind(self.walmart_item_spec.as_ref().map(Value::to_string))
            .bind(id)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum Table {
    Templates,
    Products,
}

fn json_column<T: serde::de::DeserializeOwned>(row: &AnyRow, column: &str) -> Result<T> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text)
        .map_err(|e| DomainError::Internal(format!("product_templates.{column}: {e}")))
}

impl Template {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let (weight, dimensions) = crate::catalogue::package_of_row(row, "product_templates")?;
        let attribute: Option<String> = row.try_get("tiktok_product_attribute")?;
        Ok(Self {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            name: row.try_get("name")?,
            title: row.try_get("title")?,
            description: row.try_get("description")?,
            package_weight: weight,
            package_dimensions: dimensions,
            tiktok_category_id: row.try_get("tiktok_category_id")?,
            tiktok_brand_id: row.try_get("tiktok_brand_id")?,
            images: json_column(row, "images")?,
            size_chart: row.try_get("size_chart")?,
            variants: json_column(row, "variants")?,
            tiktok_product_attribute: attribute
                .map(|a| serde_json::from_str(&a))
                .transpose()
                .map_err(|e| {
                    DomainError::Internal(format!(
                        "product_templates.tiktok_product_attribute: {e}"
                    ))
                })?,
            channels: ChannelFields::from_row(row, "product_templates")?,
            price_formula: row.try_get("price_formula")?,
            product_type: stored::column(row, "product_templates", "type")?,
            status: stored::column(row, "product_templates", "status")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        })
    }
}

/// What a seller sends, before validation. Prices are in currency units as the API shows them.
#[derive(Debug, Clone)]
pub struct TemplateDraft {
    pub name: String,
    pub title: String,
    pub description: Option<String>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub tiktok_category_id: Option<String>,
    pub tiktok_brand_id: Option<String>,
    pub images: Option<Vec<String>>,
    pub size_chart: Option<String>,
    pub variants: Value,
    pub tiktok_product_attribute: Option<Value>,
    pub channels: ChannelFields,
    pub price_formula: Option<String>,
    pub product_type: ProductType,
    pub status: Option<TemplateStatus>,
}

/// A draft that passed validation, ready to store.
struct Valid {
    name: String,
    title: String,
    description: Option<String>,
    weight: Option<Weight>,
    dimensions: Option<Dimensions>,
    category: Option<String>,
    brand: Option<String>,
    images: String,
    size_chart: Option<String>,
    variants: String,
    attribute: Option<String>,
    channels: ChannelFields,
    formula: Option<String>,
    product_type: ProductType,
    status: TemplateStatus,
}

fn optional_text(raw: Option<String>) -> Option<String> {
    raw.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

fn validate(draft: TemplateDraft) -> Result<Valid> {
    let name = required_text("name", &draft.name, 200)?;
    let title = required_text("title", &draft.title, 500)?;
    let weight = draft
        .package_weight
        .map(|w| parse_weight("packageWeight", w))
        .transpose()?;
    let dimensions = draft
        .package_dimensions
        .map(|d| parse_dimensions("packageDimensions", d))
        .transpose()?;
    let images: Vec<String> = ImageUrl::parse_all("images", &draft.images.unwrap_or_default())?
        .into_iter()
        .map(ImageUrl::into_string)
        .collect();
    let size_chart = ImageUrl::parse_optional("sizeChart", draft.size_chart.as_deref())?
        .map(ImageUrl::into_string);
    let variants = parse_variants(&draft.variants)?;
    let attribute = match draft.tiktok_product_attribute {
        None | Some(Value::Null) => None,
        Some(v @ Value::Array(_)) => Some(v.to_string()),
        Some(_) => {
            return Err(DomainError::bad_input(
                "tiktokProductAttribute",
                "must be a JSON array",
            ));
        }
    };
    let formula = match optional_text(draft.price_formula) {
        Some(f) => Some(PriceFormula::parse(&f)?.as_str().to_owned()),
        None => None,
    };
    Ok(Valid {
        name,
        title,
        description: optional_text(draft.description),
        weight,
        dimensions,
        category: optional_text(draft.tiktok_category_id),
        brand: optional_text(draft.tiktok_brand_id),
        images: serde_json::to_string(&images).map_err(|e| DomainError::Internal(e.to_string()))?,
        size_chart,
        variants: serde_json::to_string(&variants)
            .map_err(|e| DomainError::Internal(e.to_string()))?,
        attribute,
        channels: draft.channels.validate()?,
        formula,
        product_type: draft.product_type,
        status: draft.status.unwrap_or(TemplateStatus::Active),
    })
}

/// `variants` as the contract shows it: `[{attributes: {Color: "Black"}, sku, salePrice,
/// listPrice, quantity}]`. Unknown keys are refused so that a typo does not vanish silently.
pub fn parse_variants(value: &Value) -> Result<Vec<TemplateVariant>> {
    let Value::Array(items) = value else {
        return Err(DomainError::bad_input(
            "variants",
            "must be a JSON array of variants",
        ));
    };
    let mut variants = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let field = |name: &str| format!("variants.{i}.{name}");
        let Value::Object(map) = item else {
            return Err(DomainError::bad_input(
                format!("variants.{i}"),
                "must be an object",
            ));
        };
        if let Some(key) = map.keys().find(|k| {
            !matches!(
                k.as_str(),
                "attributes" | "sku" | "salePrice" | "listPrice" | "quantity"
            )
        }) {
            return Err(DomainError::bad_input(field(key), "is not a variant field"));
        }
        let Some(Value::Object(raw_attributes)) = map.get("attributes") else {
            return Err(DomainError::bad_input(
                field("attributes"),
                "must be an object of attribute name to value",
            ));
        };
        let mut attributes = BTreeMap::new();
        for (name, v) in raw_attributes {
            let Value::String(v) = v else {
                return Err(DomainError::bad_input(
                    field("attributes"),
                    format!("the value of '{name}' must be a string"),
                ));
            };
            let key = name.trim();
            if key.is_empty() || v.trim().is_empty() {
                return Err(DomainError::bad_input(
                    field("attributes"),
                    "names and values must not be empty",
                ));
            }
            attributes.insert(key.to_owned(), v.trim().to_owned());
        }
        let sku = match map.get("sku") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => optional_text(Some(s.clone())),
            Some(_) => return Err(DomainError::bad_input(field("sku"), "must be a string")),
        };
        let price = |name: &str| -> Result<Option<i64>> {
            match map.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => match v.as_f64() {
                    Some(p) => crate::catalogue::cents(&field(name), p).map(Some),
                    None => Err(DomainError::bad_input(field(name), "must be a number")),
                },
            }
        };
        let quantity = match map.get("quantity") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_i64() {
                Some(q) if q >= 0 => Some(q),
                _ => {
                    return Err(DomainError::bad_input(
                        field("quantity"),
                        "must be a whole number, 0 or more",
                    ));
                }
            },
        };
        variants.push(TemplateVariant {
            attributes,
            sku,
            sale_price_cents: price("salePrice")?,
            list_price_cents: price("listPrice")?,
            quantity,
        });
    }
    Ok(variants)
}

#[derive(Debug, Clone, Default)]
pub struct TemplateFilter {
    pub search: Option<String>,
    pub product_type: Option<ProductType>,
    pub status: Option<TemplateStatus>,
}

pub async fn list(
    conn: &mut Conn,
    scope: &Scope,
    filter: &TemplateFilter,
    page: PageRequest,
) -> Result<Page<Template>> {
    let pattern = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(crate::catalogue::like_pattern);
    let build = |base: &'static str| {
        let mut sql = Sql::new(base);
        sql.bind(&scope.client_id);
        if let Some(p) = &pattern {
            sql.push(" AND (LOWER(name) LIKE ")
                .bind(p)
                .push(" ESCAPE '\\' OR LOWER(title) LIKE ")
                .bind(p)
                .push(" ESCAPE '\\')");
        }
        if let Some(t) = filter.product_type {
            sql.push(" AND type = ").bind(t.as_str());
        }
        if let Some(s) = filter.status {
            sql.push(" AND status = ").bind(s.as_str());
        }
        sql
    };
    let total: i64 = build("SELECT COUNT(*) FROM product_templates WHERE client_id = ")
        .query_scalar()
        .fetch_one(&mut *conn)
        .await?;
    let mut sql = build("SELECT * FROM product_templates WHERE client_id = ");
    sql.push(" ORDER BY created_at DESC, id DESC LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let items = rows.iter().map(Template::from_row).collect::<Result<_>>()?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// A template of the caller's client; anything else is NOT_FOUND.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<Template> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("template"));
    }
    let row = sqlx::query("SELECT * FROM product_templates WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref()
        .map(Template::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("template"))
}

pub async fn create(conn: &mut Conn, scope: &Scope, draft: TemplateDraft) -> Result<Template> {
    let v = validate(draft)?;
    let id = ids::new_id();
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO product_templates (id, client_id, name, title, description, package_weight_value, package_weight_unit,
            package_length, package_width, package_height, package_dimension_unit, tiktok_category_id, tiktok_brand_id,
            images, size_chart, variants, tiktok_product_attribute, price_formula, type, status, created_by_user_id,
            created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, CAST($6 AS DOUBLE PRECISION), $7, CAST($8 AS DOUBLE PRECISION), CAST($9 AS DOUBLE PRECISION), CAST($10 AS DOUBLE PRECISION), $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $22)",
    )
    .bind(&id)
    .bind(&scope.client_id)
    .bind(&v.name)
    .bind(&v.title)
    .bind(&v.description)
    .bind(real(v.weight.as_ref().map(|w| w.value)))
    .bind(v.weight.as_ref().map(|w| w.unit.as_str()))
    .bind(real(v.dimensions.as_ref().map(|d| d.length)))
    .bind(real(v.dimensions.as_ref().map(|d| d.width)))
    .bind(real(v.dimensions.as_ref().map(|d| d.height)))
    .bind(v.dimensions.as_ref().map(|d| d.unit.as_str()))
    .bind(&v.category)
    .bind(&v.brand)
    .bind(&v.images)
    .bind(&v.size_chart)
    .bind(&v.variants)
    .bind(&v.attribute)
    .bind(&v.formula)
    .bind(v.product_type.as_str())
    .bind(v.status.as_str())
    .bind(&scope.user_id)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    v.channels.store(conn, Table::Templates, &id, false).await?;
    get(conn, scope, &id).await
}

/// Replaces every field of a template (the input is the whole template, as the contract says).
pub async fn update(
    conn: &mut Conn,
    scope: &Scope,
    id: &str,
    draft: TemplateDraft,
) -> Result<Template> {
    get(conn, scope, id).await?;
    let v = validate(draft)?;
    sqlx::query(
        "UPDATE product_templates SET name = $3, title = $4, description = $5, package_weight_value = CAST($6 AS DOUBLE PRECISION),
            package_weight_unit = $7, package_length = CAST($8 AS DOUBLE PRECISION), package_width = CAST($9 AS DOUBLE PRECISION), package_height = CAST($10 AS DOUBLE PRECISION),
            package_dimension_unit = $11, tiktok_category_id = $12, tiktok_brand_id = $13, images = $14,
            size_chart = $15, variants = $16, tiktok_product_attribute = $17, price_formula = $18, type = $19,
            status = $20, updated_at = $21
         WHERE id = $1 AND client_id = $2",
    )
    .bind(id)
    .bind(&scope.client_id)
    .bind(&v.name)
    .bind(&v.title)
    .bind(&v.description)
    .bind(real(v.weight.as_ref().map(|w| w.value)))
    .bind(v.weight.as_ref().map(|w| w.unit.as_str()))
    .bind(real(v.dimensions.as_ref().map(|d| d.length)))
    .bind(real(v.dimensions.as_ref().map(|d| d.width)))
    .bind(real(v.dimensions.as_ref().map(|d| d.height)))
    .bind(v.dimensions.as_ref().map(|d| d.unit.as_str()))
    .bind(&v.category)
    .bind(&v.brand)
    .bind(&v.images)
    .bind(&v.size_chart)
    .bind(&v.variants)
    .bind(&v.attribute)
    .bind(&v.formula)
    .bind(v.product_type.as_str())
    .bind(v.status.as_str())
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    v.channels.store(conn, Table::Templates, id, false).await?;
    get(conn, scope, id).await
}

pub async fn delete(conn: &mut Conn, scope: &Scope, id: &str) -> Result<()> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("template"));
    }
    let done = sqlx::query("DELETE FROM product_templates WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Err(DomainError::NotFound("template"));
    }
    Ok(())
}

/// One design to turn into a product with a template.
#[derive(Debug, Clone, Default)]
pub struct DesignSource {
    pub name: String,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
    pub mockup_urls: Vec<String>,
}

/// The most designs one request turns into products; more is a bulk import.
pub const MAX_DESIGNS: usize = 200;

/// A product's name from the template's title: `{design}` in the title is replaced by the
/// design's name; a title without it follows the design's name.
pub fn product_name(title: &str, design_name: &str) -> String {
    if title.contains("{design}") {
        title.replace("{design}", design_name)
    } else {
        format!("{design_name} {title}")
    }
}

/// Creates a product from a design and a template: the template's fields, its variants priced
/// by its formula, the design's mockups as images, and the design kept for fulfilment. Run in
/// a transaction with the other designs of the request.
pub async fn create_product(
    conn: &mut Conn,
    scope: &Scope,
    template: &Template,
    design: &DesignSource,
    index: usize,
) -> Result<String> {
    let field = |name: &str| format!("designs.{index}.{name}");
    let design_name = crate::catalogue::required_text(&field("name"), &design.name, 200)?;
    let name = crate::catalogue::required_text(
        &field("name"),
        &product_name(&template.title, &design_name),
        255,
    )?;
    // Every URL of the design is checked before anything is written.
    let mockups = ImageUrl::parse_all(&field("mockupUrls"), &design.mockup_urls)?;
    let front =
        ImageUrl::parse_optional(&field("designFrontUrl"), design.design_front_url.as_deref())?;
    ImageUrl::parse_optional(&field("designBackUrl"), design.design_back_url.as_deref())?;
    ImageUrl::parse_optional(
        &field("designSleeveUrl"),
        design.design_sleeve_url.as_deref(),
    )?;
    ImageUrl::parse_optional(&field("designHoodUrl"), design.design_hood_url.as_deref())?;
    let mut images: Vec<String> = mockups.into_iter().map(ImageUrl::into_string).collect();
    if images.is_empty() {
        images.extend(front.map(ImageUrl::into_string));
    }
    images.extend(template.images.iter().cloned());
    if images.is_empty() {
        return Err(DomainError::bad_input(
            field("mockupUrls"),
            "give a mockup or a front design: a product needs an image",
        ));
    }
    images.truncate(9);
    let category_name: Option<String> = match &template.tiktok_category_id {
        Some(c) => sqlx::query_scalar("SELECT name FROM marketplace_categories WHERE sale_channel = 'TIKTOK' AND external_id = $1 LIMIT 1")
            .bind(c)
            .fetch_optional(&mut *conn)
            .await?,
        None => None,
    };
    let id = crate::ids::new_id();
    let now = time::now_db();
    let weight = template.package_weight;
    let dims = template.package_dimensions;
    sqlx::query(
        "INSERT INTO products (id, client_id, name, description, tiktok_brand_id, tiktok_category_id, category_name, status, source, type,
            size_chart, package_weight_value, package_weight_unit, package_length, package_width, package_height, package_dimension_unit,
            template_id, created_by_user_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'UNPUBLISHED', $8, $8, $9, CAST($10 AS DOUBLE PRECISION), $11, CAST($12 AS DOUBLE PRECISION),
            CAST($13 AS DOUBLE PRECISION), CAST($14 AS DOUBLE PRECISION), $15, $16, $17, $18, $18)",
    )
    .bind(&id)
    .bind(&scope.client_id)
    .bind(&name)
    .bind(&template.description)
    .bind(&template.tiktok_brand_id)
    .bind(&template.tiktok_category_id)
    .bind(&category_name)
    .bind(template.product_type.as_str())
    .bind(&template.size_chart)
    .bind(crate::db::real(weight.map(|w| w.value)))
    .bind(weight.map(|w| w.unit.as_str()))
    .bind(crate::db::real(dims.map(|d| d.length)))
    .bind(crate::db::real(dims.map(|d| d.width)))
    .bind(crate::db::real(dims.map(|d| d.height)))
    .bind(dims.map(|d| d.unit.as_str()))
    .bind(&template.id)
    .bind(Some(scope.user_id.as_str()).filter(|u| !u.is_empty()))
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    for (i, url) in images.iter().enumerate() {
        sqlx::query("INSERT INTO product_images (id, client_id, product_id, image_url, is_primary, sequence, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(crate::ids::new_id())
            .bind(&scope.client_id)
            .bind(&id)
            .bind(url)
            .bind(i == 0)
            .bind(i as i64)
            .bind(&now)
            .execute(&mut *conn)
            .await?;
    }
    let formula = template
        .price_formula
        .as_deref()
        .map(crate::price_formula::PriceFormula::parse)
        .transpose()?;
    for (sequence, v) in template.variants.iter().enumerate() {
        let price = |cents: Option<i64>| -> Result<i64> {
            let cents = cents.unwrap_or(0);
            match &formula {
                Some(f) => f.apply_cents(cents).ok_or_else(|| {
                    DomainError::bad_input(
                        "priceFormula",
                        "gives no valid price for this template's prices",
                    )
                }),
                None => Ok(cents),
            }
        };
        let variant_id = crate::ids::new_id();
        sqlx::query(
            "INSERT INTO product_variants (id, client_id, product_id, sku, quantity, sale_price_cents, list_price_cents, sequence, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(&variant_id)
        .bind(&scope.client_id)
        .bind(&id)
        .bind(&v.sku)
        .bind(v.quantity.unwrap_or(0))
        .bind(price(v.sale_price_cents)?)
        .bind(price(v.list_price_cents)?)
        .bind(sequence as i64)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
        for (attr, value) in &v.attributes {
            let attribute = crate::brands::attribute_by_name(conn, scope, attr).await?;
            sqlx::query("INSERT INTO variant_attribute_values (id, client_id, variant_id, attribute_id, value, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(crate::ids::new_id())
                .bind(&scope.client_id)
                .bind(&variant_id)
                .bind(&attribute.id)
                .bind(value)
                .bind(&now)
                .execute(&mut *conn)
                .await?;
        }
    }
    template
        .channels
        .store(conn, Table::Products, &id, false)
        .await?;
    replace_marketplace_attributes(conn, scope, &id, template.tiktok_product_attribute.as_ref())
        .await?;
    crate::designs::cache(
        conn,
        scope,
        crate::designs::DesignInput {
            product_id: Some(id.clone()),
            images: Some(design.mockup_urls.clone()),
            design_front_url: design.design_front_url.clone(),
            design_back_url: design.design_back_url.clone(),
            design_sleeve_url: design.design_sleeve_url.clone(),
            design_hood_url: design.design_hood_url.clone(),
            ..Default::default()
        },
    )
    .await
    .map_err(|e| match e {
        // The design's own fields, named as the request names them.
        DomainError::BadInput { field: f, message } => {
            DomainError::bad_input(field(&f.replacen("images", "mockupUrls", 1)), message)
        }
        other => other,
    })?;
    Ok(id)
}

/// The template's marketplace properties, `[{attributeId, valueIds?, values?}]`, as the
/// product's.
async fn replace_marketplace_attributes(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
    attributes: Option<&Value>,
) -> Result<()> {
    let Some(Value::Array(list)) = attributes else {
        return Ok(());
    };
    sqlx::query("DELETE FROM product_attributes WHERE product_id = $1 AND client_id = $2")
        .bind(product_id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    let now = time::now_db();
    for a in list {
        let Some(attribute_id) = a.get("attributeId").and_then(|v| {
            v.as_str()
                .map(str::to_owned)
                .or_else(|| v.as_i64().map(|n| n.to_string()))
        }) else {
            continue;
        };
        let strings = |key: &str| -> Vec<String> {
            a.get(key)
                .and_then(Value::as_array)
                .map(|vs| {
                    vs.iter()
                        .filter_map(|v| {
                            v.as_str()
                                .map(str::to_owned)
                                .or_else(|| v.as_i64().map(|n| n.to_string()))
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        sqlx::query(
            "INSERT INTO product_attributes (id, client_id, product_id, attribute_id, attribute_name, attribute_values, value_ids, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
        )
        .bind(crate::ids::new_id())
        .bind(&scope.client_id)
        .bind(product_id)
        .bind(&attribute_id)
        .bind(a.get("name").and_then(Value::as_str))
        .bind(serde_json::to_string(&strings("values")).unwrap_or_else(|_| "[]".into()))
        .bind(serde_json::to_string(&strings("valueIds")).unwrap_or_else(|_| "[]".into()))
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Applies a template to an existing product: its marketplace fields (category, brand,
/// package, size chart, properties, description when the product has none) and, with a price
/// formula, the prices of the variants whose attributes match one of the template's. The
/// formula reads the template's prices, never the product's, so applying twice changes
/// nothing more than applying once.
pub async fn apply_to_product(
    conn: &mut Conn,
    scope: &Scope,
    template: &Template,
    product_id: &str,
) -> Result<()> {
    crate::products::get(conn, scope, product_id).await?;
    let weight = template.package_weight;
    let dims = template.package_dimensions;
    sqlx::query(
        "UPDATE products SET description = COALESCE(description, $1), tiktok_brand_id = COALESCE($2, tiktok_brand_id),
            tiktok_category_id = COALESCE($3, tiktok_category_id), size_chart = COALESCE($4, size_chart),
            package_weight_value = COALESCE(CAST($5 AS DOUBLE PRECISION), package_weight_value), package_weight_unit = COALESCE($6, package_weight_unit),
            package_length = COALESCE(CAST($7 AS DOUBLE PRECISION), package_length), package_width = COALESCE(CAST($8 AS DOUBLE PRECISION), package_width),
            package_height = COALESCE(CAST($9 AS DOUBLE PRECISION), package_height), package_dimension_unit = COALESCE($10, package_dimension_unit),
            template_id = $11, updated_at = $12
         WHERE id = $13 AND client_id = $14",
    )
    .bind(&template.description)
    .bind(&template.tiktok_brand_id)
    .bind(&template.tiktok_category_id)
    .bind(&template.size_chart)
    .bind(crate::db::real(weight.map(|w| w.value)))
    .bind(weight.map(|w| w.unit.as_str()))
    .bind(crate::db::real(dims.map(|d| d.length)))
    .bind(crate::db::real(dims.map(|d| d.width)))
    .bind(crate::db::real(dims.map(|d| d.height)))
    .bind(dims.map(|d| d.unit.as_str()))
    .bind(&template.id)
    .bind(time::now_db())
    .bind(product_id)
    .bind(&scope.client_id)
    .execute(&mut *conn)
    .await?;
    template
        .channels
        .store(conn, Table::Products, product_id, true)
        .await?;
    replace_marketplace_attributes(
        conn,
        scope,
        product_id,
        template.tiktok_product_attribute.as_ref(),
    )
    .await?;
    let Some(formula) = template
        .price_formula
        .as_deref()
        .map(crate::price_formula::PriceFormula::parse)
        .transpose()?
    else {
        return Ok(());
    };
    for variant in crate::products::variants(conn, scope, product_id).await? {
        let values: BTreeMap<String, String> = variant
            .attributes
            .iter()
            .map(|a| (a.attribute_name.clone(), a.value.clone()))
            .collect();
        let Some(model) = template.variants.iter().find(|t| t.attributes == values) else {
            continue;
        };
        let sale = model.sale_price_cents.and_then(|c| formula.apply_cents(c));
        let list = model.list_price_cents.and_then(|c| formula.apply_cents(c));
        sqlx::query(
            "UPDATE product_variants SET sale_price_cents = COALESCE($1, sale_price_cents), list_price_cents = COALESCE($2, list_price_cents), updated_at = $3
             WHERE id = $4 AND client_id = $5",
        )
        .bind(sale)
        .bind(list)
        .bind(time::now_db())
        .bind(&variant.id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
