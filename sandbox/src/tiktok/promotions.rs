//! Promotion activities (flash sales and discounts): create, update, add/remove products,
//! deactivate, get, search. The status follows the clock: NOT_START → ONGOING → EXPIRED.
use serde::Deserialize;
use serde_json::{Value, json};

use super::envelope::{ApiError, codes};
use super::gate::{Call, Ctx};
use super::state::{Inner, Write, paginate};

const TYPES: &[&str] = &[
    "FIXED_PRICE",
    "DIRECT_DISCOUNT",
    "FLASHSALE",
    "SHIPPING_DISCOUNT",
    "BUY_MORE_SAVE_MORE",
    "BUY_X_GET_Y",
];
const MIN_SPAN_SECS: i64 = 10 * 60;
const MAX_SPAN_SECS: i64 = 365 * 86_400;

#[derive(Debug, Clone)]
pub struct Activity {
    pub id: String,
    pub shop_id: String,
    pub title: String,
    pub activity_type: String,
    pub product_level: String,
    pub begin_time: i64,
    pub end_time: i64,
    pub deactivated: bool,
    pub participation_limit: Value,
    pub duration_type: Option<String>,
    pub discount: Value,
    pub products: Vec<Value>,
    pub create_time: i64,
    pub update_time: i64,
}

impl Activity {
    pub fn status(&self, now: i64) -> &'static str {
        if self.deactivated {
            "DEACTIVATED"
        } else if now < self.begin_time {
            "NOT_START"
        } else if now < self.end_time {
            "ONGOING"
        } else {
            "EXPIRED"
        }
    }

    fn ended(&self, now: i64) -> bool {
        matches!(self.status(now), "DEACTIVATED" | "EXPIRED")
    }
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::business(codes::ACTIVITY_INVALID, message)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ActivityBody {
    title: Option<String>,
    activity_type: Option<String>,
    begin_time: Option<i64>,
    end_time: Option<i64>,
    product_level: Option<String>,
    participation_limit: Option<Value>,
    duration_type: Option<String>,
    discount: Option<Value>,
}

fn check_title(
    inner: &Inner,
    shop_id: &str,
    title: &str,
    except: Option<&str>,
    now: i64,
) -> Result<(), ApiError> {
    let len = title.chars().count();
    if len == 0 || len > 50 {
        return Err(invalid("title must be 1 to 50 characters"));
    }
    let taken = inner.activities.values().any(|a| {
        a.shop_id == shop_id && a.title == title && Some(a.id.as_str()) != except && !a.ended(now)
    });
    if taken {
        return Err(ApiError::business(
            codes::ACTIVITY_TITLE_TAKEN,
            format!("an activity titled \"{title}\" already exists"),
        ));
    }
    Ok(())
}

fn check_times(begin: i64, end: i64) -> Result<(), ApiError> {
    if end - begin < MIN_SPAN_SECS {
        return Err(invalid(
            "end_time must be at least 10 minutes after begin_time",
        ));
    }
    if end - begin >= MAX_SPAN_SECS {
        return Err(invalid("an activity must last less than 365 days"));
    }
    Ok(())
}

fn shop_id(ctx: &Ctx) -> String {
    ctx.shop_id.clone().unwrap_or_default()
}

fn find<'a>(inner: &'a mut Inner, ctx: &Ctx, id: &str) -> Result<&'a mut Activity, ApiError> {
    let shop = shop_id(ctx);
    inner
        .activities
        .get_mut(id)
        .filter(|a| a.shop_id == shop)
        .ok_or_else(|| {
            ApiError::business(
                codes::ACTIVITY_NOT_FOUND,
                format!("activity {id} does not exist"),
            )
        })
}

pub fn create(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let body: ActivityBody = call.json()?;
    let shop = shop_id(ctx);
    let title = body.title.unwrap_or_default();
    check_title(inner, &shop, &title, None, ctx.now)?;
    let activity_type = body.activity_type.unwrap_or_default();
    if !TYPES.contains(&activity_type.as_str()) {
        return Err(invalid(format!(
            "activity_type {activity_type:?} is not supported"
        )));
    }
    let product_level = body.product_level.unwrap_or_default();
    if !matches!(product_level.as_str(), "PRODUCT" | "VARIATION" | "SHOP") {
        return Err(invalid(format!(
            "product_level {product_level:?} is not supported"
        )));
    }
    let (Some(begin), Some(end)) = (body.begin_time, body.end_time) else {
        return Err(invalid("begin_time and end_time are required"));
    };
    if begin <= ctx.now {
        return Err(invalid("begin_time must be in the future"));
    }
    check_times(begin, end)?;
    let id = inner.next_id();
    let activity = Activity {
        id: id.clone(),
        shop_id: shop,
        title: title.clone(),
        activity_type,
        product_level,
        begin_time: begin,
        end_time: end,
        deactivated: false,
        participation_limit: body
            .participation_limit
            .unwrap_or_else(|| json!([{"type": "BUYER_NO_LIMIT"}])),
        duration_type: body.duration_type,
        discount: body.discount.unwrap_or(Value::Null),
        products: Vec::new(),
        create_time: ctx.now,
        update_time: ctx.now,
    };
    let status = activity.status(ctx.now);
    inner.activities.insert(id.clone(), activity);
    inner.record(
        ctx,
        "activity.create",
        Write {
            resource_id: Some(id.clone()),
            title: Some(title),
            ..Write::default()
        },
    );
    Ok(
        json!({ "activity_id": id, "status": status, "create_time": ctx.now, "update_time": ctx.now }),
    )
}

pub fn update(inner: &mut Inner, ctx: &Ctx, call: &Call, id: &str) -> Result<Value, ApiError> {
    let body: ActivityBody = call.json()?;
    let current = find(inner, ctx, id)?.clone();
    if current.ended(ctx.now) {
        return Err(invalid(format!(
            "activity {id} has ended and cannot change"
        )));
    }
    if body
        .activity_type
        .as_ref()
        .is_some_and(|t| *t != current.activity_type)
    {
        return Err(invalid("activity_type cannot change after creation"));
    }
    let title = body.title.unwrap_or_else(|| current.title.clone());
    check_title(inner, &current.shop_id, &title, Some(id), ctx.now)?;
    let begin = body.begin_time.unwrap_or(current.begin_time);
    let end = body.end_time.unwrap_or(current.end_time);
    if begin != current.begin_time && (current.status(ctx.now) == "ONGOING" || begin <= ctx.now) {
        return Err(invalid(
            "begin_time can only move to the future of an activity that has not started",
        ));
    }
    check_times(begin, end)?;
    let a = find(inner, ctx, id)?;
    a.title = title.clone();
    a.begin_time = begin;
    a.end_time = end;
    if let Some(limit) = body.participation_limit {
        a.participation_limit = limit;
    }
    if let Some(discount) = body.discount {
        a.discount = discount;
    }
    a.update_time = ctx.now;
    inner.record(
        ctx,
        "activity.update",
        Write {
            resource_id: Some(id.to_string()),
            title: Some(title.clone()),
            ..Write::default()
        },
    );
    Ok(json!({ "activity_id": id, "title": title, "update_time": ctx.now }))
}

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
struct ActivitySku {
    id: String,
    activity_price_amount: Option<String>,
    discount: Option<String>,
    quantity_limit: Option<i64>,
    quantity_per_user: Option<i64>,
}

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
struct ActivityProduct {
    id: String,
    activity_price_amount: Option<String>,
    discount: Option<String>,
    quantity_limit: Option<i64>,
    quantity_per_user: Option<i64>,
    skus: Vec<ActivitySku>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ProductsBody {
    products: Vec<ActivityProduct>,
}

/// The offer on one product or SKU, and what it is checked against.
struct Deal<'a> {
    price: &'a Option<String>,
    discount: &'a Option<String>,
    regular: f64,
    limit: Option<i64>,
    per_user: Option<i64>,
    stock: i64,
}

fn check_deal(kind: &str, deal: Deal<'_>, what: &str) -> Result<(), ApiError> {
    let Deal {
        price,
        discount,
        regular,
        limit,
        per_user,
        stock,
    } = deal;
    match kind {
        "FIXED_PRICE" | "FLASHSALE" => {
            let amount = price
                .as_deref()
                .ok_or_else(|| invalid(format!("{what} needs activity_price_amount")))?
                .parse::<f64>()
                .map_err(|_| invalid(format!("{what} has an invalid activity_price_amount")))?;
            if amount <= 0.0 || amount >= regular {
                return Err(invalid(format!(
                    "{what}: the activity price must be above 0 and below the price {regular:.2}"
                )));
            }
        }
        "DIRECT_DISCOUNT" => {
            let percent = discount
                .as_deref()
                .ok_or_else(|| invalid(format!("{what} needs discount")))?
                .parse::<f64>()
                .map_err(|_| invalid(format!("{what} has an invalid discount")))?;
            if !(1.0..=99.0).contains(&percent) {
                return Err(invalid(format!("{what}: discount must be 1 to 99 percent")));
            }
        }
        _ => {}
    }
    for (name, value) in [("quantity_limit", limit), ("quantity_per_user", per_user)] {
        if let Some(v) = value
            && v != -1
            && v < 1
        {
            return Err(invalid(format!("{what}: {name} must be -1 or positive")));
        }
    }
    if let Some(v) = limit
        && v > stock
    {
        return Err(invalid(format!(
            "{what}: quantity_limit {v} is above the stock {stock}"
        )));
    }
    Ok(())
}

pub fn update_products(
    inner: &mut Inner,
    ctx: &Ctx,
    call: &Call,
    id: &str,
) -> Result<Value, ApiError> {
    let body: ProductsBody = call.json()?;
    let activity = find(inner, ctx, id)?.clone();
    if activity.ended(ctx.now) {
        return Err(invalid(format!(
            "activity {id} has ended and cannot change"
        )));
    }
    if body.products.is_empty() {
        return Err(invalid("products is required"));
    }
    let mut entries = Vec::new();
    for entry in &body.products {
        let product = inner
            .products
            .get(&entry.id)
            .filter(|p| p.shop_id == activity.shop_id && p.status != "DELETED")
            .ok_or_else(|| {
                ApiError::business(
                    codes::PRODUCT_NOT_FOUND,
                    format!("product {} does not exist", entry.id),
                )
            })?;
        if product.status != "ACTIVATE" {
            return Err(invalid(format!(
                "product {} is not live (status {})",
                entry.id, product.status
            )));
        }
        // A product is in one flash sale at a time: windows that touch (one ends as the next
        // begins) do not overlap.
        if activity.activity_type == "FLASHSALE"
            && let Some(other) = inner.activities.values().find(|o| {
                o.id != activity.id
                    && o.shop_id == activity.shop_id
                    && o.activity_type == "FLASHSALE"
                    && !o.ended(ctx.now)
                    && o.begin_time < activity.end_time
                    && activity.begin_time < o.end_time
                    && o.products.iter().any(|p| p["id"] == entry.id.as_str())
            })
        {
            return Err(ApiError::business(
                codes::PRODUCT_IN_OTHER_FLASHSALE,
                format!(
                    "product {} is already in the flash sale \"{}\" ({}) at that time",
                    entry.id, other.title, other.id
                ),
            ));
        }
        let stock_of =
            |sku: &super::products::Sku| sku.inventory.iter().map(|i| i.quantity).sum::<i64>();
        match activity.product_level.as_str() {
            "VARIATION" => {
                if entry.skus.is_empty() {
                    return Err(invalid(format!(
                        "product {}: skus are required at VARIATION level",
                        entry.id
                    )));
                }
                for s in &entry.skus {
                    let sku = product.skus.iter().find(|k| k.id == s.id).ok_or_else(|| {
                        invalid(format!("sku {} is not a sku of product {}", s.id, entry.id))
                    })?;
                    let regular = sku.price.amount.parse::<f64>().unwrap_or(0.0);
                    let deal = Deal {
                        price: &s.activity_price_amount,
                        discount: &s.discount,
                        regular,
                        limit: s.quantity_limit,
                        per_user: s.quantity_per_user,
                        stock: stock_of(sku),
                    };
                    check_deal(&activity.activity_type, deal, &format!("sku {}", s.id))?;
                }
            }
            _ => {
                if !entry.skus.is_empty() {
                    return Err(invalid(format!(
                        "product {}: skus must be empty at PRODUCT level",
                        entry.id
                    )));
                }
                let regular = product
                    .skus
                    .iter()
                    .filter_map(|k| k.price.amount.parse::<f64>().ok())
                    .fold(f64::INFINITY, f64::min);
                let stock = product.skus.iter().map(stock_of).sum();
                let deal = Deal {
                    price: &entry.activity_price_amount,
                    discount: &entry.discount,
                    regular,
                    limit: entry.quantity_limit,
                    per_user: entry.quantity_per_user,
                    stock,
                };
                check_deal(
                    &activity.activity_type,
                    deal,
                    &format!("product {}", entry.id),
                )?;
            }
        }
        let currency = product
            .skus
            .first()
            .map(|k| k.price.currency.clone())
            .unwrap_or_else(|| "USD".into());
        entries.push(json!({
            "id": entry.id,
            "activity_price": entry.activity_price_amount.as_ref().map(|a| json!({"amount": a, "currency": currency})),
            "discount": entry.discount,
            "quantity_limit": entry.quantity_limit.unwrap_or(-1),
            "quantity_per_user": entry.quantity_per_user.unwrap_or(-1),
            "skus": entry.skus.iter().map(|s| json!({
                "id": s.id,
                "activity_price": s.activity_price_amount.as_ref().map(|a| json!({"amount": a, "currency": currency})),
                "discount": s.discount,
                "quantity_limit": s.quantity_limit.unwrap_or(-1),
                "quantity_per_user": s.quantity_per_user.unwrap_or(-1),
            })).collect::<Vec<_>>(),
        }));
    }
    let a = find(inner, ctx, id)?;
    for entry in entries {
        match a.products.iter_mut().find(|p| p["id"] == entry["id"]) {
            Some(slot) => *slot = entry,
            None => a.products.push(entry),
        }
    }
    a.update_time = ctx.now;
    let reply = json!({
        "activity_id": a.id,
        "title": a.title,
        "status": a.status(ctx.now),
        "update_time": ctx.now,
        "total_count": a.products.len(),
    });
    let title = a.title.clone();
    inner.record(
        ctx,
        "activity.products_update",
        Write {
            resource_id: Some(id.to_string()),
            title: Some(title),
            ..Write::default()
        },
    );
    Ok(reply)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RemoveBody {
    product_ids: Vec<String>,
    sku_ids: Vec<String>,
}

pub fn remove_products(
    inner: &mut Inner,
    ctx: &Ctx,
    call: &Call,
    id: &str,
) -> Result<Value, ApiError> {
    let body: RemoveBody = call.json()?;
    let a = find(inner, ctx, id)?;
    a.products
        .retain(|p| !body.product_ids.iter().any(|id| p["id"] == id.as_str()));
    if !body.sku_ids.is_empty() {
        for p in a.products.iter_mut() {
            if let Some(skus) = p.get_mut("skus").and_then(Value::as_array_mut) {
                skus.retain(|s| !body.sku_ids.iter().any(|id| s["id"] == id.as_str()));
            }
        }
    }
    a.update_time = ctx.now;
    let reply = json!({ "activity_id": a.id, "status": a.status(ctx.now), "update_time": ctx.now });
    inner.record(
        ctx,
        "activity.products_remove",
        Write {
            resource_id: Some(id.to_string()),
            ..Write::default()
        },
    );
    Ok(reply)
}

pub fn deactivate(inner: &mut Inner, ctx: &Ctx, _call: &Call, id: &str) -> Result<Value, ApiError> {
    let a = find(inner, ctx, id)?;
    if a.status(ctx.now) == "EXPIRED" {
        return Err(invalid(format!("activity {id} has already ended")));
    }
    let changed = !a.deactivated;
    a.deactivated = true;
    a.update_time = ctx.now;
    let reply = json!({ "activity_id": a.id, "title": a.title, "status": "DEACTIVATED", "update_time": ctx.now });
    if changed {
        inner.record(
            ctx,
            "activity.deactivate",
            Write {
                resource_id: Some(id.to_string()),
                ..Write::default()
            },
        );
    }
    Ok(reply)
}

fn summary(a: &Activity, now: i64) -> Value {
    json!({
        "id": a.id,
        "title": a.title,
        "activity_type": a.activity_type,
        "begin_time": a.begin_time,
        "end_time": a.end_time,
        "product_level": a.product_level,
        "status": a.status(now),
        "create_time": a.create_time,
        "update_time": a.update_time,
        "participation_limit": a.participation_limit,
        "discount": a.discount,
        "duration_type": a.duration_type,
    })
}

pub fn get(inner: &mut Inner, ctx: &Ctx, _call: &Call, id: &str) -> Result<Value, ApiError> {
    let a = find(inner, ctx, id)?;
    let mut out = summary(a, ctx.now);
    if let Some(map) = out.as_object_mut() {
        map.remove("id");
        map.insert("activity_id".into(), json!(a.id));
        map.insert("products".into(), json!(a.products));
    }
    Ok(out)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SearchBody {
    status: Option<String>,
    activity_type: Option<String>,
    activity_title: Option<String>,
    page_size: Option<i64>,
    page_token: Option<String>,
}

pub fn search(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let body: SearchBody = call.json()?;
    let page_size = match body.page_size {
        None => 50,
        Some(n @ 1..=100) => n as usize,
        Some(_) => return Err(ApiError::invalid("page_size must be between 1 and 100")),
    };
    let shop = shop_id(ctx);
    let title = body.activity_title.as_deref().map(str::to_lowercase);
    let items: Vec<Value> = inner
        .activities
        .values()
        .rev()
        .filter(|a| a.shop_id == shop)
        .filter(|a| {
            body.status
                .as_deref()
                .is_none_or(|s| a.status(ctx.now) == s)
        })
        .filter(|a| {
            body.activity_type
                .as_deref()
                .is_none_or(|t| a.activity_type == t)
        })
        .filter(|a| {
            title
                .as_ref()
                .is_none_or(|t| a.title.to_lowercase().contains(t))
        })
        .map(|a| summary(a, ctx.now))
        .collect();
    let (page, next, total) = paginate(items, page_size, body.page_token.as_deref())?;
    Ok(json!({ "activities": page, "next_page_token": next, "total_count": total }))
}
