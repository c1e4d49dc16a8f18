//! Orders: generated for each authorised shop, searched with filters and cursor pages.
use rand::Rng;
use serde::Deserialize;
use serde_json::{Value, json};

use super::envelope::{ApiError, codes};
use super::gate::{Call, Ctx};
use super::state::{Inner, paginate};

const STATUSES: &[&str] = &[
    "UNPAID",
    "ON_HOLD",
    "AWAITING_SHIPMENT",
    "AWAITING_SHIPMENT",
    "AWAITING_SHIPMENT",
    "AWAITING_COLLECTION",
    "IN_TRANSIT",
    "DELIVERED",
    "COMPLETED",
    "CANCELLED",
];

const ITEMS: &[(&str, &str, &str)] = &[
    ("Retro Sunset Graphic Tee", "Black / M", "18.99"),
    ("Retro Sunset Graphic Tee", "White / L", "18.99"),
    ("Mountain Line Art Hoodie", "Heather Grey / XL", "39.99"),
    ("Cat Mom Ceramic Mug 11oz", "White", "14.50"),
    ("Botanical Throw Pillow Cover", "18x18 in", "21.00"),
];

const NAMES: &[(&str, &str)] = &[
    ("Avery", "Johnson"),
    ("Mia", "Chen"),
    ("Noah", "Garcia"),
    ("Liam", "Patel"),
    ("Emma", "Okafor"),
    ("Sofia", "Rossi"),
];

/// `count` orders spread over the last 30 days, deterministic for a given seed.
pub fn generate(inner: &mut Inner, shop_id: &str, count: usize, now: i64) {
    for _ in 0..count {
        let id = format!("57{}", &inner.next_id()[2..]);
        let created = now - inner.rng.random_range(3_600..30 * 86_400);
        let updated = (created + inner.rng.random_range(60..2 * 86_400)).min(now);
        let status = STATUSES[inner.rng.random_range(0..STATUSES.len())];
        let (first, last) = NAMES[inner.rng.random_range(0..NAMES.len())];
        let units = inner.rng.random_range(1..=3usize);
        let mut line_items = Vec::new();
        let mut subtotal_cents = 0i64;
        for _ in 0..units {
            let (product, sku_name, price) = ITEMS[inner.rng.random_range(0..ITEMS.len())];
            let cents = cents(price);
            subtotal_cents += cents;
            let item_id = inner.next_id();
            line_items.push(json!({
                "id": item_id,
                "product_id": format!("17293822569{:08}", cents),
                "product_name": product,
                "sku_id": format!("17293822570{:08}", cents),
                "sku_name": sku_name,
                "seller_sku": format!("{}-{}", product.split_whitespace().next().unwrap_or("SKU").to_uppercase(), sku_name.replace([' ', '/'], "")),
                "sku_image": "",
                "sale_price": price,
                "original_price": price,
                "platform_discount": "0",
                "seller_discount": "0",
                "currency": "USD",
                "display_status": status,
                "package_status": package_status(status),
                "tracking_number": "",
                "is_gift": false,
                "cancel_reason": "",
            }));
        }
        let shipping = 499i64;
        let hidden = matches!(status, "UNPAID" | "ON_HOLD");
        let order = json!({
            "id": id,
            "status": status,
            "create_time": created,
            "update_time": updated,
            "paid_time": if status == "UNPAID" { 0 } else { created + 60 },
            "buyer_message": "",
            "buyer_email": format!("{}.{}@scs.tiktokw.us", first.to_lowercase(), last.to_lowercase()),
            "user_id": format!("7{:018}", inner.rng.random_range(0..1_000_000_000u64)),
            "shipping_type": "SELLER",
            "fulfillment_type": "FULFILLMENT_BY_SELLER",
            "delivery_option_name": "Standard shipping",
            "warehouse_id": inner.shop(shop_id).and_then(|s| s.warehouses.first()).map(|w| w.id.clone()).unwrap_or_default(),
            "tracking_number": "",
            "is_cod": false,
            "is_sample_order": false,
            "is_on_hold_order": status == "ON_HOLD",
            "is_replacement_order": false,
            "cancel_reason": if status == "CANCELLED" { "Buyer changed mind" } else { "" },
            "cancellation_initiator": if status == "CANCELLED" { "BUYER" } else { "" },
            "packages": [],
            "payment": {
                "currency": "USD",
                "sub_total": money(subtotal_cents),
                "shipping_fee": money(shipping),
                "seller_discount": "0",
                "platform_discount": "0",
                "total_amount": money(subtotal_cents + shipping),
                "original_total_product_price": money(subtotal_cents),
                "original_shipping_fee": money(shipping),
                "tax": "0",
            },
            "recipient_address": if hidden { Value::Null } else { json!({
                "name": format!("{first} {last}"),
                "first_name": first,
                "last_name": last,
                "phone_number": "(+1)213*****00",
                "full_address": "742 Evergreen Terrace, Springfield, OR 97477",
                "address_line1": "742 Evergreen Terrace",
                "address_line2": "",
                "postal_code": "97477",
                "region_code": "US",
                "district_info": [
                    {"address_level": "L0", "address_level_name": "Country", "address_name": "United States"},
                    {"address_level": "L1", "address_level_name": "State", "address_name": "Oregon"},
                    {"address_level": "L3", "address_level_name": "City", "address_name": "Springfield"},
                ],
            }) },
            "line_items": line_items,
        });
        inner.orders.push((shop_id.to_string(), order));
    }
}

fn package_status(status: &str) -> &'static str {
    match status {
        "UNPAID" | "ON_HOLD" | "AWAITING_SHIPMENT" => "TO_FULFILL",
        "AWAITING_COLLECTION" => "PROCESSING",
        "IN_TRANSIT" => "FULFILLING",
        "CANCELLED" => "CANCELLED",
        _ => "COMPLETED",
    }
}

fn cents(amount: &str) -> i64 {
    let (whole, frac) = amount.split_once('.').unwrap_or((amount, "0"));
    whole.parse::<i64>().unwrap_or(0) * 100 + format!("{frac:0<2}")[..2].parse::<i64>().unwrap_or(0)
}

fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SearchBody {
    order_status: Option<String>,
    create_time_ge: Option<i64>,
    create_time_lt: Option<i64>,
    update_time_ge: Option<i64>,
    update_time_lt: Option<i64>,
    shipping_type: Option<String>,
}

fn time(order: &Value, field: &str) -> i64 {
    order.get(field).and_then(Value::as_i64).unwrap_or(0)
}

/// `POST /order/{v}/orders/search`.
pub fn search(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
    let page_size = call.page_size(true)?;
    let body: SearchBody = call.json()?;
    let sort_field = match call.query("sort_field").unwrap_or("create_time") {
        f @ ("create_time" | "update_time") => f,
        other => {
            return Err(ApiError::invalid(format!(
                "sort_field {other} is not supported"
            )));
        }
    };
    let ascending = match call.query("sort_order").unwrap_or("DESC") {
        "ASC" => true,
        "DESC" => false,
        other => {
            return Err(ApiError::invalid(format!(
                "sort_order {other} is not supported"
            )));
        }
    };
    let mut list: Vec<Value> = inner
        .orders
        .iter()
        .filter(|(shop, _)| *shop == shop_id)
        .map(|(_, o)| o)
        .filter(|o| {
            body.order_status
                .as_deref()
                .is_none_or(|s| o["status"] == s)
        })
        .filter(|o| {
            body.shipping_type
                .as_deref()
                .is_none_or(|s| o["shipping_type"] == s)
        })
        .filter(|o| {
            body.create_time_ge
                .is_none_or(|t| time(o, "create_time") >= t)
        })
        .filter(|o| {
            body.create_time_lt
                .is_none_or(|t| time(o, "create_time") < t)
        })
        .filter(|o| {
            body.update_time_ge
                .is_none_or(|t| time(o, "update_time") >= t)
        })
        .filter(|o| {
            body.update_time_lt
                .is_none_or(|t| time(o, "update_time") < t)
        })
        .cloned()
        .collect();
    list.sort_by(|a, b| {
        let order = time(a, sort_field)
            .cmp(&time(b, sort_field))
            .then_with(|| a["id"].as_str().cmp(&b["id"].as_str()));
        if ascending { order } else { order.reverse() }
    });
    let (page, next, total) = paginate(list, page_size, call.query("page_token"))?;
    Ok(json!({ "orders": page, "next_page_token": next, "total_count": total }))
}

/// `GET /order/{v}/orders?ids=a,b`.
pub fn detail(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
    let ids: Vec<&str> = call
        .query("ids")
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .collect();
    if ids.is_empty() || ids.len() > 50 {
        return Err(ApiError::invalid("ids must list 1 to 50 order ids"));
    }
    let mut out = Vec::new();
    for id in ids {
        match inner.orders.iter().find(|(_, o)| o["id"] == id) {
            Some((shop, o)) if *shop == shop_id => out.push(o.clone()),
            Some(_) => {
                return Err(ApiError::business(
                    codes::ORDER_NOT_OWNED,
                    format!("order {id} belongs to another seller"),
                ));
            }
            None => return Err(ApiError::invalid(format!("order {id} does not exist"))),
        }
    }
    Ok(json!({ "orders": out }))
}
