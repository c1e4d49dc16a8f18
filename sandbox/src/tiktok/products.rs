//! Products: create, full and partial edit, delete, activate/deactivate, search, detail, and the
//! audit that moves a listed product to LIVE (`ACTIVATE`) or `FAILED` after a delay.
use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::catalog;
use super::envelope::{ApiError, codes};
use super::gate::{Call, Ctx};
use super::state::{Inner, Shop, Write, paginate};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Price {
    pub amount: String,
    pub currency: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Inventory {
    pub warehouse_id: String,
    pub quantity: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Weight {
    pub value: String,
    pub unit: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Dimensions {
    pub length: String,
    pub width: String,
    pub height: String,
    pub unit: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ImageRef {
    pub uri: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct SalesAttributeBody {
    id: Option<String>,
    name: Option<String>,
    value_id: Option<String>,
    value_name: Option<String>,
    sku_img: Option<ImageRef>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct SkuBody {
    id: Option<String>,
    seller_sku: Option<String>,
    external_sku_id: Option<String>,
    price: Option<Price>,
    list_price: Option<Price>,
    inventory: Option<Vec<Inventory>>,
    sales_attributes: Option<Vec<SalesAttributeBody>>,
    identifier_code: Option<Value>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct AttributeValueBody {
    id: Option<String>,
    name: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct AttributeBody {
    id: String,
    values: Vec<AttributeValueBody>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct ProductBody {
    title: Option<String>,
    description: Option<String>,
    category_id: Option<String>,
    brand_id: Option<String>,
    category_version: Option<String>,
    save_mode: Option<String>,
    idempotency_key: Option<String>,
    external_product_id: Option<String>,
    main_images: Option<Vec<ImageRef>>,
    skus: Option<Vec<SkuBody>>,
    product_attributes: Option<Vec<AttributeBody>>,
    package_weight: Option<Weight>,
    package_dimensions: Option<Dimensions>,
    size_chart: Option<Value>,
    is_cod_allowed: Option<bool>,
}

#[derive(Debug, Clone)]
pub struct SalesAttribute {
    pub id: String,
    pub name: String,
    pub value_id: String,
    pub value_name: String,
    pub sku_img: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Sku {
    pub id: String,
    pub seller_sku: String,
    pub external_sku_id: Option<String>,
    pub price: Price,
    pub list_price: Option<Price>,
    pub inventory: Vec<Inventory>,
    pub sales_attributes: Vec<SalesAttribute>,
    pub identifier_code: Option<Value>,
}

#[derive(Debug, Clone)]
pub struct ProductAttribute {
    pub id: String,
    pub name: String,
    pub values: Vec<(String, String)>,
}

#[derive(Debug, Clone)]
pub struct Product {
    pub id: String,
    pub shop_id: String,
    pub status: String,
    pub title: String,
    pub description: String,
    pub category_id: String,
    pub category_version: String,
    pub brand_id: Option<String>,
    pub main_images: Vec<String>,
    pub skus: Vec<Sku>,
    pub product_attributes: Vec<ProductAttribute>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub size_chart: Option<Value>,
    pub is_cod_allowed: bool,
    pub external_product_id: Option<String>,
    pub idempotency_key: Option<String>,
    pub audit_status: Option<String>,
    pub audit_failed_reasons: Vec<Value>,
    pub audit_due_ms: Option<i64>,
    pub create_time: i64,
    pub update_time: i64,
}

impl Product {
    fn blank(id: String, shop_id: String, now: i64) -> Product {
        Product {
            id,
            shop_id,
            status: "DRAFT".into(),
            title: String::new(),
            description: String::new(),
            category_id: String::new(),
            category_version: "v1".into(),
            brand_id: None,
            main_images: Vec::new(),
            skus: Vec::new(),
            product_attributes: Vec::new(),
            package_weight: None,
            package_dimensions: None,
            size_chart: None,
            is_cod_allowed: false,
            external_product_id: None,
            idempotency_key: None,
            audit_status: None,
            audit_failed_reasons: Vec::new(),
            audit_due_ms: None,
            create_time: now,
            update_time: now,
        }
    }
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::business(codes::PRODUCT_INVALID, message)
}

/// Copies the body onto `product`. `full` replaces every field (create, full edit: SKUs left
/// out are deleted); otherwise only the fields sent change (partial edit).
fn apply(
    inner: &mut Inner,
    product: &mut Product,
    body: ProductBody,
    full: bool,
) -> Result<(), ApiError> {
    if full || body.title.is_some() {
        product.title = body.title.unwrap_or_default();
    }
    if full || body.description.is_some() {
        product.description = body.description.unwrap_or_default();
    }
    if full || body.category_id.is_some() {
        product.category_id = body.category_id.unwrap_or_default();
    }
    // Attributes are read against the category, so a wrong category is the first complaint.
    check_category(&product.category_id)?;
    if let Some(v) = body.category_version {
        product.category_version = v;
    }
    if full || body.brand_id.is_some() {
        product.brand_id = body.brand_id.filter(|b| !b.is_empty());
    }
    if full || body.main_images.is_some() {
        product.main_images = body
            .main_images
            .unwrap_or_default()
            .into_iter()
            .map(|i| i.uri)
            .collect();
    }
    if full || body.package_weight.is_some() {
        product.package_weight = body.package_weight;
    }
    if full || body.package_dimensions.is_some() {
        product.package_dimensions = body.package_dimensions;
    }
    if full || body.size_chart.is_some() {
        product.size_chart = body.size_chart;
    }
    if let Some(cod) = body.is_cod_allowed {
        product.is_cod_allowed = cod;
    }
    if full || body.external_product_id.is_some() {
        product.external_product_id = body.external_product_id;
    }
    if full || body.product_attributes.is_some() {
        let mut list = Vec::new();
        for a in body.product_attributes.unwrap_or_default() {
            let name = catalog::attribute_name(&product.category_id, &a.id).ok_or_else(|| {
                invalid(format!(
                    "attribute {} does not belong to category {}",
                    a.id, product.category_id
                ))
            })?;
            let mut values = Vec::new();
            for v in a.values {
                match (v.id, v.name) {
                    (Some(id), _) => {
                        let (_, value_name) = catalog::attribute_value(
                            &product.category_id,
                            &a.id,
                            &id,
                        )
                        .ok_or_else(|| {
                            invalid(format!("value {id} is not a value of attribute {name}"))
                        })?;
                        values.push((id, value_name.to_string()));
                    }
                    (None, Some(custom)) if !custom.trim().is_empty() => {
                        let id = catalog::value_id_by_name(&product.category_id, &a.id, &custom)
                            .map(str::to_string)
                            .unwrap_or_else(|| inner.next_id());
                        values.push((id, custom));
                    }
                    _ => {
                        return Err(invalid(format!(
                            "attribute {name} has a value without id or name"
                        )));
                    }
                }
            }
            list.push(ProductAttribute {
                id: a.id,
                name: name.to_string(),
                values,
            });
        }
        product.product_attributes = list;
    }
    if let Some(skus) = body.skus {
        let mut custom_ids: HashMap<String, String> = HashMap::new();
        let mut next = if full {
            Vec::new()
        } else {
            product.skus.clone()
        };
        for s in skus {
            let existing =
                s.id.as_ref()
                    .and_then(|id| product.skus.iter().find(|k| &k.id == id))
                    .cloned();
            if let (Some(id), None) = (&s.id, &existing) {
                return Err(invalid(format!(
                    "sku {id} does not belong to product {}",
                    product.id
                )));
            }
            let sales_attributes = match s.sales_attributes {
                Some(list) => {
                    let mut out = Vec::new();
                    for a in list {
                        out.push(sales_attribute(
                            inner,
                            &product.category_id,
                            a,
                            &mut custom_ids,
                        )?);
                    }
                    out
                }
                None => existing
                    .as_ref()
                    .map(|e| e.sales_attributes.clone())
                    .unwrap_or_default(),
            };
            let sku = Sku {
                id: match &existing {
                    Some(e) => e.id.clone(),
                    None => inner.next_id(),
                },
                seller_sku: s
                    .seller_sku
                    .or_else(|| existing.as_ref().map(|e| e.seller_sku.clone()))
                    .unwrap_or_default(),
                external_sku_id: s
                    .external_sku_id
                    .or_else(|| existing.as_ref().and_then(|e| e.external_sku_id.clone())),
                price: s
                    .price
                    .or_else(|| existing.as_ref().map(|e| e.price.clone()))
                    .ok_or_else(|| invalid("every sku needs a price"))?,
                list_price: s
                    .list_price
                    .or_else(|| existing.as_ref().and_then(|e| e.list_price.clone())),
                inventory: s
                    .inventory
                    .or_else(|| existing.as_ref().map(|e| e.inventory.clone()))
                    .unwrap_or_default(),
                sales_attributes,
                identifier_code: s
                    .identifier_code
                    .or_else(|| existing.as_ref().and_then(|e| e.identifier_code.clone())),
            };
            match next.iter_mut().find(|k| k.id == sku.id) {
                Some(slot) => *slot = sku,
                None => next.push(sku),
            }
        }
        product.skus = next;
    } else if full {
        product.skus = Vec::new();
    }
    Ok(())
}

fn sales_attribute(
    inner: &mut Inner,
    category_id: &str,
    a: SalesAttributeBody,
    custom_ids: &mut HashMap<String, String>,
) -> Result<SalesAttribute, ApiError> {
    let (id, name) = match (a.id, a.name) {
        (Some(id), name) => {
            let known = catalog::attribute_name(category_id, &id);
            let name = name
                .or(known.map(str::to_string))
                .unwrap_or_else(|| id.clone());
            (id, name)
        }
        (None, Some(name)) => match catalog::sales_attribute_by_name(category_id, &name) {
            Some((id, known)) => (id.to_string(), known.to_string()),
            None => {
                let key = format!("attr:{}", name.to_lowercase());
                let id = custom_ids
                    .entry(key)
                    .or_insert_with(|| inner.next_id())
                    .clone();
                (id, name)
            }
        },
        (None, None) => return Err(invalid("a sales attribute needs an id or a name")),
    };
    let (value_id, value_name) = match (a.value_id, a.value_name) {
        (Some(value_id), value_name) => {
            let known =
                catalog::attribute_value(category_id, &id, &value_id).map(|(_, n)| n.to_string());
            let value_name = value_name.or(known).unwrap_or_else(|| value_id.clone());
            (value_id, value_name)
        }
        (None, Some(value_name)) => {
            match catalog::value_id_by_name(category_id, &id, &value_name) {
                Some(value_id) => (value_id.to_string(), value_name),
                None => {
                    let key = format!("value:{id}:{}", value_name.to_lowercase());
                    let value_id = custom_ids
                        .entry(key)
                        .or_insert_with(|| inner.next_id())
                        .clone();
                    (value_id, value_name)
                }
            }
        }
        (None, None) => {
            return Err(invalid(format!(
                "sales attribute {name} needs a value_id or a value_name"
            )));
        }
    };
    Ok(SalesAttribute {
        id,
        name,
        value_id,
        value_name,
        sku_img: a.sku_img.map(|i| i.uri),
    })
}

fn check_category(category_id: &str) -> Result<(), ApiError> {
    if category_id.is_empty() {
        return Err(ApiError::business(
            codes::CATEGORY_MISSING,
            "category_id is required",
        ));
    }
    let category = catalog::category(category_id).ok_or_else(|| {
        ApiError::business(
            codes::CATEGORY_INVALID,
            format!("category {category_id} does not exist"),
        )
    })?;
    if !category.is_leaf {
        return Err(ApiError::business(
            codes::CATEGORY_NOT_LEAF,
            format!(
                "category {} ({}) is not a leaf category",
                category.id, category.name
            ),
        ));
    }
    if category.permission != "AVAILABLE" {
        return Err(ApiError::business(
            codes::CATEGORY_INVALID,
            format!(
                "the shop has no permission to list in category {} ({})",
                category.name, category.permission
            ),
        ));
    }
    Ok(())
}

/// The listing rules a product must meet, checked on the result of create and of every edit.
fn check(inner: &Inner, shop: &Shop, p: &Product) -> Result<(), ApiError> {
    let title_len = p.title.chars().count();
    if title_len == 0 || title_len > 255 {
        return Err(invalid("title must be 1 to 255 characters"));
    }
    if p.description.chars().count() > 10_000 {
        return Err(invalid("description must be at most 10000 characters"));
    }
    check_category(&p.category_id)?;
    if let Some(brand_id) = &p.brand_id {
        let brand = inner
            .brands
            .iter()
            .find(|b| &b.id == brand_id)
            .ok_or_else(|| {
                ApiError::business(
                    codes::BRAND_INVALID,
                    format!("brand {brand_id} does not exist"),
                )
            })?;
        if brand.t1 && !brand.authorized {
            return Err(ApiError::business(
                codes::BRAND_INVALID,
                format!(
                    "brand {} needs an authorisation before it can be used",
                    brand.name
                ),
            ));
        }
    }
    if p.main_images.is_empty() || p.main_images.len() > 9 {
        return Err(invalid("main_images must have 1 to 9 images"));
    }
    for uri in &p.main_images {
        if !inner.images.contains_key(uri) {
            return Err(invalid(format!("image {uri} was not uploaded")));
        }
    }
    if p.skus.is_empty() || p.skus.len() > 100 {
        return Err(invalid("a product must have 1 to 100 skus"));
    }
    let sales_warehouses: Vec<&str> = shop
        .warehouses
        .iter()
        .filter(|w| w.kind == "SALES_WAREHOUSE")
        .map(|w| w.id.as_str())
        .collect();
    let mut seen_skus = Vec::new();
    let mut seen_combinations = Vec::new();
    for sku in &p.skus {
        if sku.seller_sku.chars().count() > 50 {
            return Err(invalid(format!(
                "seller_sku {} is longer than 50 characters",
                sku.seller_sku
            )));
        }
        if !sku.seller_sku.is_empty() {
            if seen_skus.contains(&sku.seller_sku) {
                return Err(invalid(format!(
                    "seller_sku {} is used twice",
                    sku.seller_sku
                )));
            }
            seen_skus.push(sku.seller_sku.clone());
        }
        match sku.price.amount.parse::<f64>() {
            Ok(amount) if amount > 0.0 && amount < 1_000_000.0 => {}
            _ => {
                return Err(invalid(format!(
                    "price {} is not a valid amount",
                    sku.price.amount
                )));
            }
        }
        if sku.price.currency != shop.currency {
            return Err(invalid(format!("price currency must be {}", shop.currency)));
        }
        if sku.inventory.is_empty() {
            return Err(invalid(format!(
                "sku {} needs inventory in a sales warehouse",
                sku.seller_sku
            )));
        }
        for inv in &sku.inventory {
            if !sales_warehouses.contains(&inv.warehouse_id.as_str()) {
                return Err(invalid(format!(
                    "warehouse {} is not a sales warehouse of this shop",
                    inv.warehouse_id
                )));
            }
            if !(0..=999_999).contains(&inv.quantity) {
                return Err(invalid("inventory quantity must be between 0 and 999999"));
            }
        }
        if p.skus.len() > 1 && sku.sales_attributes.is_empty() {
            return Err(invalid(
                "each sku of a product with several skus needs sales attributes",
            ));
        }
        let combination: Vec<(String, String)> = sku
            .sales_attributes
            .iter()
            .map(|a| (a.id.clone(), a.value_id.clone()))
            .collect();
        if p.skus.len() > 1 {
            if seen_combinations.contains(&combination) {
                return Err(invalid("two skus have the same sales attribute values"));
            }
            seen_combinations.push(combination);
        }
    }
    let weight = p
        .package_weight
        .as_ref()
        .ok_or_else(|| invalid("package_weight is required"))?;
    match weight.value.parse::<f64>() {
        Ok(v) if v > 0.0 => {}
        _ => return Err(invalid("package_weight.value must be a positive number")),
    }
    let metric = match weight.unit.as_str() {
        "KILOGRAM" | "GRAM" => true,
        "POUND" | "OUNCE" => false,
        other => {
            return Err(invalid(format!(
                "package_weight.unit {other} is not supported"
            )));
        }
    };
    if p.package_dimensions.is_none() && catalog::requires_package_dimensions(&p.category_id) {
        return Err(invalid("package_dimensions is required in this category"));
    }
    if let Some(d) = &p.package_dimensions {
        let dimension_metric = match d.unit.as_str() {
            "CENTIMETER" => true,
            "INCH" => false,
            other => {
                return Err(invalid(format!(
                    "package_dimensions.unit {other} is not supported"
                )));
            }
        };
        if dimension_metric != metric {
            return Err(invalid(
                "weight and dimension units must be both metric or both imperial",
            ));
        }
        for v in [&d.length, &d.width, &d.height] {
            if !v.parse::<f64>().is_ok_and(|n| n > 0.0) {
                return Err(invalid("package dimensions must be positive numbers"));
            }
        }
    }
    if !metric && shop.region != "US" {
        return Err(invalid("imperial units are only accepted in the US"));
    }
    for required in catalog::required_attributes(&p.category_id) {
        let applies = match required.when {
            None => true,
            Some((attribute_id, value_id)) => p
                .product_attributes
                .iter()
                .any(|a| a.id == attribute_id && a.values.iter().any(|(id, _)| id == value_id)),
        };
        let present = p
            .product_attributes
            .iter()
            .any(|a| a.id == required.id && !a.values.is_empty());
        if applies && !present {
            return Err(ApiError::business(
                codes::ATTRIBUTE_REQUIRED,
                format!(
                    "product attribute {} ({}) is required in this category",
                    required.name, required.id
                ),
            ));
        }
    }
    Ok(())
}

fn start_audit(inner: &mut Inner, p: &mut Product, now_ms: i64) {
    p.status = "PENDING".into();
    p.audit_status = Some("AUDITING".into());
    p.audit_failed_reasons.clear();
    let due = now_ms + inner.config.audit_delay.as_millis() as i64;
    p.audit_due_ms = Some(due);
    inner.audits_due.insert((due, p.id.clone()));
}

/// Ends the audits whose time has come. Called at the start of every request, so the state is
/// always as of now without a background task.
pub fn settle(inner: &mut Inner, now_ms: i64) {
    if inner
        .audits_due
        .first()
        .is_none_or(|(due, _)| *due > now_ms)
    {
        return;
    }
    let words: Vec<String> = inner
        .config
        .audit_rejected_words
        .iter()
        .map(|w| w.to_lowercase())
        .collect();
    while let Some((due, id)) = inner.audits_due.pop_first() {
        if due > now_ms {
            inner.audits_due.insert((due, id));
            break;
        }
        // An entry whose audit was cancelled or restarted since is stale.
        let Some(p) = inner.products.get_mut(&id) else {
            continue;
        };
        if p.audit_due_ms != Some(due) || p.status != "PENDING" {
            continue;
        }
        p.audit_due_ms = None;
        p.update_time = due.div_euclid(1000);
        let mut reasons = Vec::new();
        for (position, text) in [("title", &p.title), ("description", &p.description)] {
            let lower = text.to_lowercase();
            if let Some(word) = words.iter().find(|w| lower.contains(w.as_str())) {
                reasons.push(json!({
                    "position": position,
                    "reasons": [format!("The {position} contains the prohibited word \"{word}\", which suggests counterfeit goods.")],
                    "suggestions": [format!("Remove \"{word}\" from the {position} and resubmit.")],
                }));
            }
        }
        if reasons.is_empty() {
            p.status = "ACTIVATE".into();
            p.audit_status = Some("APPROVED".into());
        } else {
            p.status = "FAILED".into();
            p.audit_status = Some("REJECTED".into());
            p.audit_failed_reasons = reasons;
        }
    }
}

fn shop_of(inner: &Inner, ctx: &Ctx) -> Result<Shop, ApiError> {
    ctx.shop_id
        .as_deref()
        .and_then(|id| inner.shop(id))
        .cloned()
        .ok_or_else(|| {
            ApiError::business(
                codes::CIPHER_MISSING,
                "shop_cipher is required for this request",
            )
        })
}

fn not_found(product_id: &str) -> ApiError {
    ApiError::business(
        codes::PRODUCT_NOT_FOUND,
        format!("product {product_id} does not exist"),
    )
}

fn write_reply(p: &Product, with_audit: bool) -> Value {
    let skus: Vec<Value> = p
        .skus
        .iter()
        .map(|s| {
            json!({
                "id": s.id,
                "seller_sku": s.seller_sku,
                "external_sku_id": s.external_sku_id.clone().unwrap_or_default(),
                "sales_attributes": s.sales_attributes.iter().map(|a| json!({"id": a.id, "value_id": a.value_id})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let warnings: Vec<Value> = if p.description.trim().is_empty() {
        vec![json!({"message": "A description helps buyers decide; consider adding one."})]
    } else {
        Vec::new()
    };
    let mut reply = json!({ "product_id": p.id, "skus": skus, "warnings": warnings });
    if with_audit {
        reply["audit"] =
            json!({ "status": p.audit_status.clone().unwrap_or_else(|| "NONE".into()) });
    }
    reply
}

pub fn create(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let shop = shop_of(inner, ctx)?;
    let body: ProductBody = call.json()?;
    let key = body.idempotency_key.clone().filter(|k| !k.is_empty());
    if let Some(key) = &key {
        // A repeated key answers the first create again: the caller lost our reply, not the product.
        if let Some(existing) = inner
            .idempotency
            .get(&(shop.id.clone(), key.clone()))
            .and_then(|id| inner.products.get(id))
        {
            return Ok(write_reply(existing, false));
        }
    }
    let draft = body.save_mode.as_deref() == Some("AS_DRAFT");
    let id = inner.next_id();
    let mut product = Product::blank(id.clone(), shop.id.clone(), ctx.now);
    product.idempotency_key = key.clone();
    apply(inner, &mut product, body, true)?;
    check(inner, &shop, &product)?;
    let day = ctx.now.div_euclid(86_400);
    if let Some(cap) = inner.config.daily_create_cap {
        let used = inner
            .daily_creates
            .get(&(shop.id.clone(), day))
            .copied()
            .unwrap_or(0);
        if used >= cap {
            return Err(ApiError::business(
                codes::DAILY_CREATE_CAP,
                format!(
                    "The shop has reached its daily limit of {cap} new products. Try again tomorrow (UTC)."
                ),
            ));
        }
    }
    *inner
        .daily_creates
        .entry((shop.id.clone(), day))
        .or_insert(0) += 1;
    if !draft {
        start_audit(inner, &mut product, ctx.now_ms);
    }
    let reply = write_reply(&product, false);
    let write = Write {
        resource_id: Some(id.clone()),
        idempotency_key: key,
        title: Some(product.title.clone()),
        seller_skus: product.skus.iter().map(|s| s.seller_sku.clone()).collect(),
    };
    if let Some(key) = &product.idempotency_key {
        inner
            .idempotency
            .insert((shop.id.clone(), key.clone()), id.clone());
    }
    inner.products.insert(id, product);
    inner.record(ctx, "product.create", write);
    Ok(reply)
}

fn edit(
    inner: &mut Inner,
    ctx: &Ctx,
    call: &Call,
    product_id: &str,
    full: bool,
) -> Result<Value, ApiError> {
    let shop = shop_of(inner, ctx)?;
    let body: ProductBody = call.json()?;
    let draft = body.save_mode.as_deref() == Some("AS_DRAFT");
    let mut product = inner
        .products
        .get(product_id)
        .filter(|p| p.shop_id == shop.id && p.status != "DELETED")
        .cloned()
        .ok_or_else(|| not_found(product_id))?;
    apply(inner, &mut product, body, full)?;
    check(inner, &shop, &product)?;
    product.update_time = ctx.now;
    let stays_draft = product.status == "DRAFT" && draft;
    if !stays_draft && product.status != "SELLER_DEACTIVATED" {
        start_audit(inner, &mut product, ctx.now_ms);
    }
    let reply = write_reply(&product, true);
    let write = Write {
        resource_id: Some(product.id.clone()),
        idempotency_key: None,
        title: Some(product.title.clone()),
        seller_skus: product.skus.iter().map(|s| s.seller_sku.clone()).collect(),
    };
    inner.products.insert(product.id.clone(), product);
    inner.record(
        ctx,
        if full {
            "product.edit"
        } else {
            "product.partial_edit"
        },
        write,
    );
    Ok(reply)
}

pub fn full_edit(
    inner: &mut Inner,
    ctx: &Ctx,
    call: &Call,
    product_id: &str,
) -> Result<Value, ApiError> {
    edit(inner, ctx, call, product_id, true)
}

pub fn partial_edit(
    inner: &mut Inner,
    ctx: &Ctx,
    call: &Call,
    product_id: &str,
) -> Result<Value, ApiError> {
    edit(inner, ctx, call, product_id, false)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct IdsBody {
    product_ids: Vec<String>,
}

#[derive(Clone, Copy)]
pub enum Batch {
    Delete,
    Activate,
    Deactivate,
}

/// Delete, activate and deactivate: `code 0` overall, with `errors[]` for the items refused.
pub fn batch(inner: &mut Inner, ctx: &Ctx, call: &Call, action: Batch) -> Result<Value, ApiError> {
    let shop = shop_of(inner, ctx)?;
    let body: IdsBody = call.json()?;
    if body.product_ids.is_empty() {
        return Err(ApiError::invalid("product_ids is required"));
    }
    if body.product_ids.len() > 20 {
        return Err(ApiError::business(
            codes::TOO_MANY_PRODUCT_IDS,
            "at most 20 product ids per request",
        ));
    }
    let mut errors = Vec::new();
    for id in &body.product_ids {
        let audit_ms = ctx.now_ms + inner.config.audit_delay.as_millis() as i64;
        let Some(p) = inner.products.get_mut(id).filter(|p| p.shop_id == shop.id) else {
            errors.push(item_error(
                codes::PRODUCT_NOT_FOUND,
                format!("product {id} does not exist"),
                id,
            ));
            continue;
        };
        let before = p.status.clone();
        let outcome: Result<(), String> = match (action, before.as_str()) {
            (Batch::Delete, "DELETED") => Ok(()),
            (Batch::Delete, _) => {
                p.status = "DELETED".into();
                p.audit_due_ms = None;
                Ok(())
            }
            (Batch::Activate, "SELLER_DEACTIVATED") => {
                p.status = "ACTIVATE".into();
                Ok(())
            }
            (Batch::Activate, "DRAFT" | "FAILED") => {
                p.status = "PENDING".into();
                p.audit_status = Some("AUDITING".into());
                p.audit_failed_reasons.clear();
                p.audit_due_ms = Some(audit_ms);
                inner.audits_due.insert((audit_ms, id.clone()));
                Ok(())
            }
            (Batch::Activate, "ACTIVATE" | "PENDING") => Ok(()),
            (Batch::Deactivate, "ACTIVATE" | "PENDING") => {
                p.status = "SELLER_DEACTIVATED".into();
                p.audit_due_ms = None;
                Ok(())
            }
            (Batch::Deactivate, "SELLER_DEACTIVATED") => Ok(()),
            (_, status) => Err(format!("product {id} cannot change from status {status}")),
        };
        match outcome {
            Err(message) => errors.push(item_error(codes::PRODUCT_INVALID, message, id)),
            Ok(()) if p.status != before => {
                p.update_time = ctx.now;
                let title = p.title.clone();
                let kind = match action {
                    Batch::Delete => "product.delete",
                    Batch::Activate => "product.activate",
                    Batch::Deactivate => "product.deactivate",
                };
                inner.record(
                    ctx,
                    kind,
                    Write {
                        resource_id: Some(id.clone()),
                        title: Some(title),
                        ..Write::default()
                    },
                );
            }
            Ok(()) => {}
        }
    }
    Ok(json!({ "errors": errors }))
}

fn item_error(code: i64, message: String, product_id: &str) -> Value {
    json!({ "code": code, "message": message, "detail": { "product_id": product_id } })
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SearchBody {
    status: Option<String>,
    seller_skus: Vec<String>,
    sku_ids: Vec<String>,
    create_time_ge: Option<i64>,
    create_time_le: Option<i64>,
    update_time_ge: Option<i64>,
    update_time_le: Option<i64>,
}

fn price_json(p: &Price) -> Value {
    json!({ "tax_exclusive_price": p.amount, "sale_price": p.amount, "currency": p.currency })
}

pub fn search(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let shop = shop_of(inner, ctx)?;
    let page_size = call.page_size(true)?;
    let body: SearchBody = call.json()?;
    if body.seller_skus.len() > 10 {
        return Err(ApiError::business(
            codes::TOO_MANY_SELLER_SKUS,
            "at most 10 seller_skus",
        ));
    }
    if body.sku_ids.len() > 10 {
        return Err(ApiError::business(
            codes::TOO_MANY_SKU_IDS,
            "at most 10 sku_ids",
        ));
    }
    let status = body.status.clone().unwrap_or_else(|| "ALL".into());
    let items: Vec<Value> = inner
        .products
        .values()
        .rev()
        .filter(|p| p.shop_id == shop.id)
        .filter(|p| match status.as_str() {
            "ALL" => p.status != "DELETED",
            s => p.status == s,
        })
        .filter(|p| {
            body.seller_skus.is_empty()
                || p.skus
                    .iter()
                    .any(|s| body.seller_skus.contains(&s.seller_sku))
        })
        .filter(|p| body.sku_ids.is_empty() || p.skus.iter().any(|s| body.sku_ids.contains(&s.id)))
        .filter(|p| body.create_time_ge.is_none_or(|t| p.create_time >= t))
        .filter(|p| body.create_time_le.is_none_or(|t| p.create_time <= t))
        .filter(|p| body.update_time_ge.is_none_or(|t| p.update_time >= t))
        .filter(|p| body.update_time_le.is_none_or(|t| p.update_time <= t))
        .map(|p| {
            json!({
                "id": p.id,
                "title": p.title,
                "status": p.status,
                "skus": p.skus.iter().map(|s| json!({
                    "id": s.id,
                    "seller_sku": s.seller_sku,
                    "price": price_json(&s.price),
                    "inventory": s.inventory,
                })).collect::<Vec<_>>(),
                "sales_regions": [shop.region],
                "create_time": p.create_time,
                "update_time": p.update_time,
                "is_not_for_sale": false,
                "audit": { "status": p.audit_status.clone().unwrap_or_else(|| "NONE".into()) },
            })
        })
        .collect();
    let (page, next, total) = paginate(items, page_size, call.query("page_token"))?;
    Ok(json!({ "products": page, "next_page_token": next, "total_count": total }))
}

pub fn detail(
    inner: &mut Inner,
    ctx: &Ctx,
    _call: &Call,
    product_id: &str,
) -> Result<Value, ApiError> {
    let shop = shop_of(inner, ctx)?;
    let p = inner
        .products
        .get(product_id)
        .filter(|p| p.shop_id == shop.id)
        .ok_or_else(|| not_found(product_id))?;
    let image = |uri: &String| {
        let (w, h) = inner
            .images
            .get(uri)
            .map(|i| (i.width, i.height))
            .unwrap_or((0, 0));
        let url = format!("{}/__sandbox/images/{uri}", ctx.origin);
        json!({ "uri": uri, "urls": [url], "thumb_urls": [url], "width": w, "height": h })
    };
    let brand = p
        .brand_id
        .as_ref()
        .and_then(|id| inner.brands.iter().find(|b| &b.id == id));
    let mut out = json!({
        "id": p.id,
        "status": p.status,
        "title": p.title,
        "description": p.description,
        "category_chains": catalog::chain(&p.category_id).iter().map(|c| json!({
            "id": c.id, "parent_id": c.parent_id, "local_name": c.name, "is_leaf": c.is_leaf,
        })).collect::<Vec<_>>(),
        "main_images": p.main_images.iter().map(image).collect::<Vec<_>>(),
        "skus": p.skus.iter().map(|s| json!({
            "id": s.id,
            "seller_sku": s.seller_sku,
            "price": price_json(&s.price),
            "list_price": s.list_price.as_ref().map(|l| json!({"amount": l.amount, "currency": l.currency})),
            "inventory": s.inventory,
            "sales_attributes": s.sales_attributes.iter().map(|a| json!({
                "id": a.id, "name": a.name, "value_id": a.value_id, "value_name": a.value_name,
                "sku_img": a.sku_img.as_ref().map(&image),
            })).collect::<Vec<_>>(),
            "external_sku_id": s.external_sku_id.clone().unwrap_or_default(),
            "identifier_code": s.identifier_code,
        })).collect::<Vec<_>>(),
        "product_attributes": p.product_attributes.iter().map(|a| json!({
            "id": a.id, "name": a.name,
            "values": a.values.iter().map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "package_weight": p.package_weight,
        "package_dimensions": p.package_dimensions,
        "audit": { "status": p.audit_status.clone().unwrap_or_else(|| "NONE".into()) },
        "audit_failed_reasons": p.audit_failed_reasons,
        "create_time": p.create_time,
        "update_time": p.update_time,
        "is_cod_allowed": p.is_cod_allowed,
        "external_product_id": p.external_product_id.clone().unwrap_or_default(),
        "listing_quality_tier": if p.description.chars().count() > 100 { "GOOD" } else { "FAIR" },
        "delivery_options": [],
    });
    if let Some(b) = brand {
        out["brand"] = json!({ "id": b.id, "name": b.name });
    }
    if let Some(chart) = &p.size_chart {
        out["size_chart"] = chart.clone();
    }
    Ok(out)
}

type Sample = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    [u8; 3],
    &'static [(&'static str, &'static str)],
);

/// A few products for a demo shop: live tees, a hoodie and a mug, a draft, and one whose
/// audit failed. Answers their ids.
pub fn seed_samples(inner: &mut Inner, shop_id: &str, now_ms: i64) -> Vec<String> {
    let Some(shop) = inner.shop(shop_id).cloned() else {
        return Vec::new();
    };
    let Some(warehouse) = shop
        .warehouses
        .iter()
        .find(|w| w.kind == "SALES_WAREHOUSE")
        .map(|w| w.id.clone())
    else {
        return Vec::new();
    };
    let now = now_ms.div_euclid(1000);
    // Title, category, status, price, picture colour, (color, size) value ids per variant.
    let samples: [Sample; 5] = [
        (
            "Retro Sunset Graphic Tee",
            "601226",
            "ACTIVATE",
            "19.99",
            [244, 132, 95],
            &[
                ("1000002", "1000103"),
                ("1000002", "1000104"),
                ("1000001", "1000103"),
            ],
        ),
        (
            "Mountain Line Art Hoodie",
            "824712",
            "ACTIVATE",
            "39.99",
            [96, 108, 120],
            &[("1000004", "1000104"), ("1000004", "1000105")],
        ),
        (
            "Cat Mom Ceramic Mug 11oz",
            "600950",
            "ACTIVATE",
            "14.50",
            [250, 250, 250],
            &[("1000001", "")],
        ),
        (
            "Botanical Throw Pillow Cover",
            "600062",
            "DRAFT",
            "21.00",
            [120, 170, 110],
            &[("1000006", "1000202")],
        ),
        (
            "Vintage Replica Band Tee",
            "824586",
            "FAILED",
            "22.00",
            [30, 30, 30],
            &[("1000002", "1000103")],
        ),
    ];
    let mut ids = Vec::new();
    for (title, category_id, status, price, colour, variants) in samples {
        let image = super::images::store_placeholder(inner, 600, 600, colour);
        let id = inner.next_id();
        let mut product = Product::blank(id.clone(), shop.id.clone(), now);
        product.title = title.to_string();
        product.description =
            format!("<p>{title}, printed on demand and shipped from our US studio.</p>");
        product.category_id = category_id.to_string();
        product.main_images = vec![image];
        product.package_weight = Some(Weight {
            value: "0.5".into(),
            unit: "POUND".into(),
        });
        product.status = status.to_string();
        product.audit_status = match status {
            "ACTIVATE" => Some("APPROVED".into()),
            "FAILED" => Some("REJECTED".into()),
            _ => None,
        };
        if status == "FAILED" {
            product.audit_failed_reasons = vec![json!({
                "position": "title",
                "reasons": ["The title contains the prohibited word \"replica\", which suggests counterfeit goods."],
                "suggestions": ["Remove \"replica\" from the title and resubmit."],
            })];
        }
        let base_sku: String = title
            .split_whitespace()
            .take(2)
            .map(|w| w.to_uppercase())
            .collect::<Vec<_>>()
            .join("-");
        for (n, (color, size)) in variants.iter().enumerate() {
            let mut sales_attributes = Vec::new();
            for (attribute_id, value_id) in [(catalog::COLOR, *color), (catalog::SIZE, *size)] {
                if value_id.is_empty() {
                    continue;
                }
                if let Some((name, value_name)) =
                    catalog::attribute_value(category_id, attribute_id, value_id)
                {
                    sales_attributes.push(SalesAttribute {
                        id: attribute_id.to_string(),
                        name: name.to_string(),
                        value_id: value_id.to_string(),
                        value_name: value_name.to_string(),
                        sku_img: None,
                    });
                }
            }
            let sku_id = inner.next_id();
            product.skus.push(Sku {
                id: sku_id,
                seller_sku: format!("{base_sku}-{}", n + 1),
                external_sku_id: None,
                price: Price {
                    amount: price.to_string(),
                    currency: shop.currency.clone(),
                },
                list_price: None,
                inventory: vec![Inventory {
                    warehouse_id: warehouse.clone(),
                    quantity: 100,
                }],
                sales_attributes,
                identifier_code: None,
            });
        }
        inner.products.insert(id.clone(), product);
        ids.push(id);
    }
    ids
}

/// `count` live products in a shop, two SKUs each at `price` with 50 in stock (tests that need
/// many products: promotions over a whole shop). Answers their ids.
pub fn add_live(
    inner: &mut Inner,
    shop_id: &str,
    count: usize,
    price: &str,
    now_ms: i64,
) -> Vec<String> {
    let Some(shop) = inner.shop(shop_id).cloned() else {
        return Vec::new();
    };
    let Some(warehouse) = shop
        .warehouses
        .iter()
        .find(|w| w.kind == "SALES_WAREHOUSE")
        .map(|w| w.id.clone())
    else {
        return Vec::new();
    };
    let now = now_ms.div_euclid(1000);
    let mut ids = Vec::with_capacity(count);
    for n in 0..count {
        let id = inner.next_id();
        let mut product = Product::blank(id.clone(), shop.id.clone(), now);
        product.title = format!("Sandbox Tee {}", n + 1);
        product.description = "<p>A sandbox product.</p>".into();
        product.category_id = "601226".into();
        product.status = "ACTIVATE".into();
        product.audit_status = Some("APPROVED".into());
        for size in ["M", "L"] {
            let sku_id = inner.next_id();
            product.skus.push(Sku {
                id: sku_id,
                seller_sku: format!("SBX-{}-{size}", n + 1),
                external_sku_id: None,
                price: Price {
                    amount: price.to_string(),
                    currency: shop.currency.clone(),
                },
                list_price: None,
                inventory: vec![Inventory {
                    warehouse_id: warehouse.clone(),
                    quantity: 50,
                }],
                sales_attributes: Vec::new(),
                identifier_code: None,
            });
        }
        inner.products.insert(id.clone(), product);
        ids.push(id);
    }
    ids
}
