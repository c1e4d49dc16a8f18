//! Product templates: the fields, variants and price formula a seller applies to many products.
//! Shared by everyone in the client (STAFF included).
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::catalogue::{Dimensions, ProductType, Weight, parse_dimensions, parse_weight, required_text};
use crate::db::{Conn, Sql, real};
use crate::paging::{Page, PageRequest};
use crate::price_formula::PriceFormula;
use crate::{DomainError, Result, Scope, ids, time};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateStatus {
    Active,
    Draft,
}

impl TemplateStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TemplateStatus::Active => "ACTIVE",
            TemplateStatus::Draft => "DRAFT",
        }
    }
    fn parse(s: &str) -> Self {
        if s == "DRAFT" { TemplateStatus::Draft } else { TemplateStatus::Active }
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
    pub price_formula: Option<String>,
    pub product_type: ProductType,
    pub status: TemplateStatus,
    pub created_at: time::Timestamp,
}

fn json_column<T: serde::de::DeserializeOwned>(row: &AnyRow, column: &str) -> Result<T> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text).map_err(|e| DomainError::Internal(format!("product_templates.{column}: {e}")))
}

impl Template {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let weight = match (row.try_get::<Option<f64>, _>("package_weight_value")?, row.try_get::<Option<String>, _>("package_weight_unit")?) {
            (Some(value), Some(unit)) => Some(Weight { value, unit: crate::catalogue::WeightUnit::parse(&unit) }),
            _ => None,
        };
        let dimensions = match (
            row.try_get::<Option<f64>, _>("package_length")?,
            row.try_get::<Option<f64>, _>("package_width")?,
            row.try_get::<Option<f64>, _>("package_height")?,
            row.try_get::<Option<String>, _>("package_dimension_unit")?,
        ) {
            (Some(length), Some(width), Some(height), Some(unit)) => {
                Some(Dimensions { length, width, height, unit: crate::catalogue::DimensionUnit::parse(&unit) })
            }
            _ => None,
        };
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
                .map_err(|e| DomainError::Internal(format!("product_templates.tiktok_product_attribute: {e}")))?,
            price_formula: row.try_get("price_formula")?,
            product_type: ProductType::parse(&row.try_get::<String, _>("type")?),
            status: TemplateStatus::parse(&row.try_get::<String, _>("status")?),
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
    let weight = draft.package_weight.map(|w| parse_weight("packageWeight", w)).transpose()?;
    let dimensions = draft.package_dimensions.map(|d| parse_dimensions("packageDimensions", d)).transpose()?;
    let mut images = Vec::new();
    for (i, url) in draft.images.unwrap_or_default().into_iter().enumerate() {
        images.push(required_text(&format!("images.{i}"), &url, 2000)?);
    }
    let variants = parse_variants(&draft.variants)?;
    let attribute = match draft.tiktok_product_attribute {
        None | Some(Value::Null) => None,
        Some(v @ Value::Array(_)) => Some(v.to_string()),
        Some(_) => return Err(DomainError::bad_input("tiktokProductAttribute", "must be a JSON array")),
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
        size_chart: optional_text(draft.size_chart),
        variants: serde_json::to_string(&variants).map_err(|e| DomainError::Internal(e.to_string()))?,
        attribute,
        formula,
        product_type: draft.product_type,
        status: draft.status.unwrap_or(TemplateStatus::Active),
    })
}

/// `variants` as the contract shows it: `[{attributes: {Color: "Black"}, sku, salePrice,
/// listPrice, quantity}]`. Unknown keys are refused so that a typo does not vanish silently.
pub fn parse_variants(value: &Value) -> Result<Vec<TemplateVariant>> {
    let Value::Array(items) = value else {
        return Err(DomainError::bad_input("variants", "must be a JSON array of variants"));
    };
    let mut variants = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let field = |name: &str| format!("variants.{i}.{name}");
        let Value::Object(map) = item else {
            return Err(DomainError::bad_input(format!("variants.{i}"), "must be an object"));
        };
        if let Some(key) = map.keys().find(|k| !matches!(k.as_str(), "attributes" | "sku" | "salePrice" | "listPrice" | "quantity")) {
            return Err(DomainError::bad_input(field(key), "is not a variant field"));
        }
        let Some(Value::Object(raw_attributes)) = map.get("attributes") else {
            return Err(DomainError::bad_input(field("attributes"), "must be an object of attribute name to value"));
        };
        let mut attributes = BTreeMap::new();
        for (name, v) in raw_attributes {
            let Value::String(v) = v else {
                return Err(DomainError::bad_input(field("attributes"), format!("the value of '{name}' must be a string")));
            };
            let key = name.trim();
            if key.is_empty() || v.trim().is_empty() {
                return Err(DomainError::bad_input(field("attributes"), "names and values must not be empty"));
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
                _ => return Err(DomainError::bad_input(field("quantity"), "must be a whole number, 0 or more")),
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

pub async fn list(conn: &mut Conn, scope: &Scope, filter: &TemplateFilter, page: PageRequest) -> Result<Page<Template>> {
    let pattern = filter.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(crate::catalogue::like_pattern);
    let build = |base: &'static str| {
        let mut sql = Sql::new(base);
        sql.bind(&scope.client_id);
        if let Some(p) = &pattern {
            sql.push(" AND (LOWER(name) LIKE ").bind(p).push(" ESCAPE '\\' OR LOWER(title) LIKE ").bind(p).push(" ESCAPE '\\')");
        }
        if let Some(t) = filter.product_type {
            sql.push(" AND type = ").bind(t.as_str());
        }
        if let Some(s) = filter.status {
            sql.push(" AND status = ").bind(s.as_str());
        }
        sql
    };
    let total: i64 = build("SELECT COUNT(*) FROM product_templates WHERE client_id = ").query_scalar().fetch_one(&mut *conn).await?;
    let mut sql = build("SELECT * FROM product_templates WHERE client_id = ");
    sql.push(" ORDER BY created_at DESC, id DESC LIMIT ").bind(page.limit).push(" OFFSET ").bind(page.offset());
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let items = rows.iter().map(Template::from_row).collect::<Result<_>>()?;
    Ok(Page { items, total, request: page })
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
    row.as_ref().map(Template::from_row).transpose()?.ok_or(DomainError::NotFound("template"))
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
    get(conn, scope, &id).await
}

/// Replaces every field of a template (the input is the whole template, as the contract says).
pub async fn update(conn: &mut Conn, scope: &Scope, id: &str, draft: TemplateDraft) -> Result<Template> {
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
