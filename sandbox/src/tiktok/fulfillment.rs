//! Seller shipping, as US shops do it: the shipping providers of a delivery option
//! (`GET /logistics/{v}/delivery_options/{id}/shipping_providers`), Mark Package As Shipped
//! (`POST /fulfillment/{v}/orders/{order_id}/packages`), which creates the package, and package
//! detail (`GET /fulfillment/{v}/packages/{package_id}`).
//!
//! Assumed where the reference is silent (❓), all here:
//! - Leaving out `order_line_item_ids` ships every line; on a partly shipped order it is
//!   refused with `21011048` (the lines must be named).
//! - Naming lines that are all in packages already answers "already shipped" (`21011020`), as
//!   does any call on an order past shipping (collection, transit, delivered, completed); naming
//!   a mix of shipped and unshipped lines is an invalid parameter.
//! - `UNPAID` answers `21042057`, `ON_HOLD` `21011003` (never shipped while the buyer may still
//!   cancel), `CANCELLED` `21011041`, a TikTok-shipped order `21011004`, another shop's order
//!   `21008111`, another shop's package `21011028`.
//! - A provider id outside the order's delivery option answers `21011022`; a tracking number
//!   with anything but ASCII letters and digits `21004012`, one longer than 40 characters
//!   `21011022`.
//! - A US-shaped tracking number of a different carrier than the chosen provider (UPS `1Z…`,
//!   USPS 20–22 digits starting with 9, FedEx 12 or 15 digits) is accepted with
//!   `warning.message`, as the US answers a mismatch.
//! - Shipping after the ship-by time (`rts_sla_time`) is accepted and flagged in
//!   [`Shipped::late`] (it only counts against the seller's late dispatch rate).
//! - Package detail leaves out weight, dimension, pickup slot, handover method and sender
//!   address: nothing of them is known for a package the seller shipped themself.
//! - Shipping emits `ORDER_STATUS_CHANGE` (no `PACKAGE_UPDATE`: that fires on split/combine).
use serde::Deserialize;
use serde_json::{Value, json};

use super::envelope::{ApiError, codes};
use super::gate::{Call, Ctx};
use super::state::{Inner, Shipped, Write};

/// The delivery option of seller-shipped orders, with the providers below.
pub const SELLER_DELIVERY_OPTION: (&str, &str) = ("7091146663229654785", "Shipped from seller");
/// The delivery option of orders TikTok ships (a label bought from TikTok): no providers.
pub const TIKTOK_DELIVERY_OPTION: (&str, &str) = ("7091146663229654786", "Standard shipping");

/// The provider of packages shipped outside the API (Seller Center, the sandbox's controls).
pub const DEFAULT_PROVIDER: (&str, &str) = ("6617675021119438849", "USPS");

/// `(id, name)` of the US seller-shipping providers: the national carriers, the regional and
/// cross-border ones print-on-demand providers hand parcels to. "DHL" (DHL Express) and
/// "DHL eCommerce" are different carriers.
pub const PROVIDERS: &[(&str, &str)] = &[
    DEFAULT_PROVIDER,
    ("6617675021119438850", "UPS"),
    ("6617675021119438851", "FedEx"),
    ("7117858858072016653", "DHL eCommerce"),
    ("7117858858072016654", "DHL"),
    ("7117858858072016655", "OnTrac"),
    ("7117858858072016656", "LaserShip"),
    ("7117858858072016657", "Amazon Logistics"),
    ("7117858858072016658", "Asendia USA"),
    ("7117858858072016659", "YunExpress"),
    ("7117858858072016660", "4PX"),
    ("7117858858072016661", "Yanwen"),
    ("7117858858072016662", "Cainiao"),
    ("7117858858072016663", "Pitney Bowes"),
    ("7117858858072016664", "Veho"),
    ("7117858858072016665", "LSO"),
    ("7117858858072016666", "UniUni"),
    ("7117858858072016667", "Canada Post"),
];

/// Mark-as-shipped codes (reference §4, and the endpoint's own error table).
pub mod ship_codes {
    pub const NOT_AWAITING_SHIPMENT: i64 = 21042057;
    pub const ACTION_NOT_ALLOWED: i64 = 21011003;
    pub const NOT_SELLER_SHIPPED: i64 = 21011004;
    pub const ALREADY_SHIPPED: i64 = 21011020;
    pub const CANCELLED: i64 = 21011041;
    pub const INVALID_TRACKING_OR_PROVIDER: i64 = 21011022;
    pub const SPECIAL_CHARACTERS: i64 = 21004012;
    pub const NAME_THE_LINES: i64 = 21011048;
    pub const PACKAGE_NOT_OWNED: i64 = 21011028;
    pub const NO_SUCH_DELIVERY_OPTION: i64 = 21008116;
    pub const SHIPPED_BY_TIKTOK: i64 = 21008117;
}

/// Longest tracking number accepted.
const MAX_TRACKING_LEN: usize = 40;

/// A package the seller shipped.
#[derive(Debug, Clone)]
pub struct Package {
    pub id: String,
    pub line_ids: Vec<String>,
    pub tracking_number: String,
    pub provider_id: String,
    pub provider_name: String,
    /// `PROCESSING` (awaiting collection), `FULFILLING`, `COMPLETED` or `CANCELLED`.
    pub status: &'static str,
    pub create_time: i64,
    pub update_time: i64,
}

/// `(id, name)` of the delivery option an order of this shipping type carries.
pub fn delivery_option(shipping_type: &str) -> (&'static str, &'static str) {
    if shipping_type == "TIKTOK" {
        TIKTOK_DELIVERY_OPTION
    } else {
        SELLER_DELIVERY_OPTION
    }
}

/// `GET /logistics/{v}/delivery_options/{delivery_option_id}/shipping_providers`.
pub fn shipping_providers(delivery_option_id: &str) -> Result<Value, ApiError> {
    if delivery_option_id == TIKTOK_DELIVERY_OPTION.0 {
        return Err(ApiError::business(
            ship_codes::SHIPPED_BY_TIKTOK,
            "The delivery of the specified delivery_option_id is fulfilled by TikTok. No shipping provider will be returned.",
        ));
    }
    if delivery_option_id != SELLER_DELIVERY_OPTION.0 {
        return Err(ApiError::business(
            ship_codes::NO_SUCH_DELIVERY_OPTION,
            "No Subscription without specified delivery option.",
        ));
    }
    let list: Vec<Value> = PROVIDERS
        .iter()
        .map(|(id, name)| json!({ "id": id, "name": name }))
        .collect();
    Ok(json!({ "shipping_providers": list }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ShipBody {
    tracking_number: Option<String>,
    shipping_provider_id: Option<String>,
    order_line_item_ids: Option<Vec<String>>,
}

/// `POST /fulfillment/{v}/orders/{order_id}/packages` (Mark Package As Shipped). Creates one
/// package of the named lines (every line when none is named), moves the order on and records
/// the shipment. The caller announces the order's new status.
pub fn mark_shipped(
    inner: &mut Inner,
    ctx: &Ctx,
    call: &Call,
    order_id: &str,
) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
    let body: ShipBody = call.json()?;
    let tracking = body
        .tracking_number
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::invalid("tracking_number is required"))?;
    let provider_id = body
        .shipping_provider_id
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::invalid("shipping_provider_id is required"))?;
    if !tracking.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::business(
            ship_codes::SPECIAL_CHARACTERS,
            "Tracking number has special characters, verify failed.",
        ));
    }
    if tracking.len() > MAX_TRACKING_LEN {
        return Err(invalid_tracking_or_provider());
    }

    let order = match inner.orders.get(order_id) {
        Some(o) if o.shop_id == shop_id => o,
        Some(_) => {
            return Err(ApiError::business(
                codes::ORDER_NOT_OWNED,
                format!("order {order_id} belongs to another seller"),
            ));
        }
        None => {
            return Err(ApiError::invalid(format!(
                "order {order_id} does not exist"
            )));
        }
    };
    if order.shipping_type != "SELLER" {
        return Err(ApiError::business(
            ship_codes::NOT_SELLER_SHIPPED,
            "This API cannot be used to update package shipping information for packages that are not shipped by sellers.",
        ));
    }
    match order.status {
        "AWAITING_SHIPMENT" | "PARTIALLY_SHIPPING" => {}
        "AWAITING_COLLECTION" | "IN_TRANSIT" | "DELIVERED" | "COMPLETED" => {
            return Err(already_shipped());
        }
        "CANCELLED" => {
            return Err(ApiError::business(
                ship_codes::CANCELLED,
                "The order has been cancelled and cannot be shipped.",
            ));
        }
        "ON_HOLD" => {
            return Err(ApiError::business(
                ship_codes::ACTION_NOT_ALLOWED,
                "fulfill_unit action not allowed: the order is on hold and may still be cancelled by the buyer",
            ));
        }
        _ => {
            return Err(ApiError::business(
                ship_codes::NOT_AWAITING_SHIPMENT,
                "These orders are not in the Awaiting shipment status.",
            ));
        }
    }

    let unshipped = order.unshipped_lines();
    let line_ids = match body.order_line_item_ids.filter(|ids| !ids.is_empty()) {
        None if order.status == "PARTIALLY_SHIPPING" => {
            return Err(ApiError::business(
                ship_codes::NAME_THE_LINES,
                "There are multiple packages that can be shipped, please specify the order line that needs to be shipped.",
            ));
        }
        None => unshipped,
        Some(named) => {
            let mut ids: Vec<String> = Vec::new();
            for id in named.into_iter().map(|i| i.trim().to_owned()) {
                if !order.lines.iter().any(|l| l.id == id) {
                    return Err(ApiError::invalid(format!(
                        "order_line_item_ids: {id} is not a line of order {order_id}"
                    )));
                }
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            let shipped: Vec<&String> = ids.iter().filter(|id| !unshipped.contains(id)).collect();
            if shipped.len() == ids.len() {
                return Err(already_shipped());
            }
            if !shipped.is_empty() {
                let list: Vec<&str> = shipped.iter().map(|s| s.as_str()).collect();
                return Err(ApiError::invalid(format!(
                    "order_line_item_ids: {} already shipped in another package",
                    list.join(",")
                )));
            }
            ids
        }
    };

    let Some((_, provider_name)) = PROVIDERS.iter().find(|(id, _)| *id == provider_id) else {
        return Err(invalid_tracking_or_provider());
    };
    let warning = mismatch(&tracking, provider_name);
    let late = order.paid_time > 0 && ctx.now > order.rts_sla_time();

    let package_id = format!("115{}", &inner.next_id()[3..]);
    let package = Package {
        id: package_id.clone(),
        line_ids: line_ids.clone(),
        tracking_number: tracking.clone(),
        provider_id: provider_id.clone(),
        provider_name: (*provider_name).to_owned(),
        status: "PROCESSING",
        create_time: ctx.now,
        update_time: ctx.now,
    };
    let Some(order) = inner.orders.get_mut(order_id) else {
        return Err(ApiError::internal());
    };
    let seller_skus: Vec<String> = order
        .lines
        .iter()
        .filter(|l| line_ids.contains(&l.id))
        .map(|l| l.seller_sku.clone())
        .collect();
    order.ship(package, ctx.now);
    inner.shipments.push(Shipped {
        shop_id,
        order_id: order_id.to_owned(),
        package_id: package_id.clone(),
        tracking_number: tracking,
        shipping_provider_id: provider_id,
        shipping_provider_name: (*provider_name).to_owned(),
        order_line_item_ids: line_ids.clone(),
        at: ctx.now,
        late,
    });
    inner.record(
        ctx,
        "package.ship",
        Write {
            resource_id: Some(package_id.clone()),
            seller_skus,
            ..Write::default()
        },
    );
    let mut data = json!({
        "order_id": order_id,
        "order_line_item_ids": line_ids,
        "package_id": package_id,
    });
    if let (Some(message), Some(fields)) = (warning, data.as_object_mut()) {
        fields.insert("warning".into(), json!({ "message": message }));
    }
    Ok(data)
}

/// `GET /fulfillment/{v}/packages/{package_id}`.
pub fn package_detail(inner: &Inner, ctx: &Ctx, package_id: &str) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
    let found = inner.orders.values().find_map(|o| {
        o.packages
            .iter()
            .find(|p| p.id == package_id)
            .map(|p| (o, p))
    });
    let Some((order, package)) = found else {
        return Err(ApiError::invalid(format!(
            "package {package_id} does not exist"
        )));
    };
    if order.shop_id != shop_id {
        return Err(ApiError::business(
            ship_codes::PACKAGE_NOT_OWNED,
            format!("package {package_id} belongs to another shop"),
        ));
    }
    // The deprecated per-order SKU summary: units of one SKU folded into a quantity.
    let mut skus: Vec<(String, String, u32)> = Vec::new();
    for line in order
        .lines
        .iter()
        .filter(|l| package.line_ids.contains(&l.id))
    {
        match skus.iter_mut().find(|(id, _, _)| *id == line.sku_id) {
            Some(entry) => entry.2 += 1,
            None => skus.push((line.sku_id.clone(), line.sku_name.clone(), 1)),
        }
    }
    let has_multi_skus = skus.len() > 1;
    let skus: Vec<Value> = skus
        .into_iter()
        .map(|(id, name, quantity)| json!({ "id": id, "name": name, "quantity": quantity }))
        .collect();
    let (option_id, option_name) = delivery_option(order.shipping_type);
    let tag = if order.packages.len() > 1 {
        "SPLIT"
    } else {
        "DEFAULT"
    };
    let address = order.recipient_address();
    let recipient: serde_json::Map<String, Value> = address
        .as_object()
        .map(|a| {
            a.iter()
                .filter(|(k, _)| {
                    !matches!(k.as_str(), "first_name" | "last_name" | "district_info")
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({
        "package_id": package.id,
        "orders": [{ "id": order.id, "skus": skus }],
        "package_status": package.status,
        "split_and_combine_tag": tag,
        "has_multi_skus": has_multi_skus,
        "note_tag": "BUYER_UNNOTED",
        "shipping_provider_name": package.provider_name,
        "shipping_provider_id": package.provider_id,
        "shipping_type": order.shipping_type,
        "delivery_option_name": option_name,
        "delivery_option_id": option_id,
        "tracking_number": package.tracking_number,
        "create_time": package.create_time,
        "update_time": package.update_time,
        "order_line_item_ids": package.line_ids,
        "recipient_address": recipient,
    }))
}

fn already_shipped() -> ApiError {
    ApiError::business(
        ship_codes::ALREADY_SHIPPED,
        "These orders are already shipped.",
    )
}

fn invalid_tracking_or_provider() -> ApiError {
    ApiError::business(
        ship_codes::INVALID_TRACKING_OR_PROVIDER,
        "Invalid tracking number or provider ID. Please double check and try again.",
    )
}

/// The carrier a US tracking number's shape belongs to, for the three whose shapes are
/// unmistakable.
fn carrier_of(tracking: &str) -> Option<&'static str> {
    let digits = tracking.bytes().all(|b| b.is_ascii_digit());
    let upper = tracking.to_ascii_uppercase();
    if upper.starts_with("1Z") && tracking.len() == 18 {
        Some("UPS")
    } else if digits && (20..=22).contains(&tracking.len()) && tracking.starts_with('9') {
        Some("USPS")
    } else if digits && matches!(tracking.len(), 12 | 15) {
        Some("FedEx")
    } else {
        None
    }
}

/// The US warning for a tracking number that looks like another carrier's than the chosen one
/// (only among the carriers whose numbers can be told apart).
fn mismatch(tracking: &str, provider_name: &str) -> Option<String> {
    let looks_like = carrier_of(tracking)?;
    let comparable = matches!(provider_name, "USPS" | "UPS" | "FedEx");
    (comparable && looks_like != provider_name).then(|| {
        format!(
            "The tracking number looks like a {looks_like} number and may not match the shipping provider {provider_name}."
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiktok::SandboxConfig;
    use crate::tiktok::orders::{NewOrder, move_to, place};

    const NOW: i64 = 1_700_000_000;
    const USPS: &str = "6617675021119438849";
    const UPS: &str = "6617675021119438850";

    fn world() -> (Inner, String, String) {
        let mut inner = Inner::new(SandboxConfig {
            orders_per_shop: 0,
            ..SandboxConfig::default()
        });
        super::super::auth::grant(&mut inner, "Shop", "US", NOW);
        super::super::auth::grant(&mut inner, "Other", "US", NOW);
        let (a, b) = (inner.shops[0].id.clone(), inner.shops[1].id.clone());
        (inner, a, b)
    }

    fn ctx(shop: &str, now: i64) -> Ctx {
        Ctx {
            open_id: None,
            shop_id: Some(shop.to_owned()),
            now,
            now_ms: now * 1000,
            origin: String::new(),
        }
    }

    fn ship(inner: &mut Inner, shop: &str, order: &str, body: Value) -> Result<Value, ApiError> {
        let call = Call::new(
            format!("/fulfillment/202309/orders/{order}/packages"),
            None,
            Default::default(),
            serde_json::to_vec(&body).unwrap_or_default().into(),
        );
        mark_shipped(inner, &ctx(shop, NOW + 100), &call, order)
    }

    fn two_units(status: &str) -> NewOrder {
        let unit = |sku: &str| (sku.into(), "10".into(), "Tee".into(), "19.99".into());
        NewOrder {
            status: status.into(),
            units: vec![unit("1"), unit("2")],
            ..NewOrder::default()
        }
    }

    fn code(r: Result<Value, ApiError>) -> i64 {
        r.map(|_| 0).unwrap_or_else(|e| e.code)
    }

    #[test]
    fn shipping_the_whole_order_creates_one_package_and_awaits_collection() {
        let (mut inner, shop, _) = world();
        let id = place(&mut inner, &shop, &two_units("AWAITING_SHIPMENT"), NOW);
        let body =
            json!({ "tracking_number": "9400111899223197428490", "shipping_provider_id": USPS });
        let data = ship(&mut inner, &shop, &id, body.clone()).expect("shipped");
        let package_id = data["package_id"].as_str().unwrap_or_default().to_owned();
        assert_eq!(
            data["order_line_item_ids"].as_array().map(Vec::len),
            Some(2)
        );
        assert!(data.get("warning").is_none());

        let order = inner.orders[&id].render();
        assert_eq!(order["status"], "AWAITING_COLLECTION");
        assert_eq!(order["packages"], json!([{ "id": package_id }]));
        assert_eq!(order["tracking_number"], "9400111899223197428490");
        assert_eq!(order["shipping_provider"], "USPS");
        assert!(order["rts_time"].as_i64().is_some());
        for line in order["line_items"].as_array().into_iter().flatten() {
            assert_eq!(line["package_id"], package_id.as_str());
            assert_eq!(line["package_status"], "PROCESSING");
            assert_eq!(line["shipping_provider_name"], "USPS");
            assert_eq!(line["tracking_number"], "9400111899223197428490");
        }
        assert_eq!(inner.shipments.len(), 1);
        assert!(!inner.shipments[0].late);
        assert_eq!(
            inner.ledger.last().map(|e| e.kind.as_str()),
            Some("package.ship")
        );

        // Again: refused as already shipped, and not a second shipment.
        assert_eq!(
            code(ship(&mut inner, &shop, &id, body)),
            ship_codes::ALREADY_SHIPPED
        );
        assert_eq!(inner.shipments.len(), 1);

        let detail = package_detail(&inner, &ctx(&shop, NOW), &package_id).expect("detail");
        assert_eq!(detail["package_status"], "PROCESSING");
        assert_eq!(detail["orders"][0]["id"], id.as_str());
        assert_eq!(
            detail["orders"][0]["skus"].as_array().map(Vec::len),
            Some(2)
        );
        assert_eq!(detail["shipping_provider_id"], USPS);
        assert!(detail.get("weight").is_none());

        // The carrier moves it on; the package follows.
        assert!(move_to(&mut inner, &id, "IN_TRANSIT", NOW + 200));
        let detail = package_detail(&inner, &ctx(&shop, NOW), &package_id).expect("detail");
        assert_eq!(detail["package_status"], "FULFILLING");
        assert_eq!(
            code(ship(
                &mut inner,
                &shop,
                &id,
                json!({ "tracking_number": "X1", "shipping_provider_id": USPS })
            )),
            ship_codes::ALREADY_SHIPPED
        );
    }

    #[test]
    fn named_lines_ship_part_of_an_order() {
        let (mut inner, shop, _) = world();
        let id = place(&mut inner, &shop, &two_units("AWAITING_SHIPMENT"), NOW);
        let lines: Vec<String> = inner.orders[&id]
            .lines
            .iter()
            .map(|l| l.id.clone())
            .collect();
        let first = json!({ "tracking_number": "1Z999AA10123456784", "shipping_provider_id": UPS, "order_line_item_ids": [lines[0]] });
        ship(&mut inner, &shop, &id, first.clone()).expect("first line");
        let order = inner.orders[&id].render();
        assert_eq!(order["status"], "PARTIALLY_SHIPPING");
        assert_eq!(
            order["line_items"][0]["display_status"],
            "AWAITING_COLLECTION"
        );
        assert_eq!(
            order["line_items"][1]["display_status"],
            "AWAITING_SHIPMENT"
        );
        assert!(order["line_items"][1].get("package_id").is_none());

        assert_eq!(
            code(ship(&mut inner, &shop, &id, first)),
            ship_codes::ALREADY_SHIPPED
        );
        let unnamed =
            json!({ "tracking_number": "1Z999AA10123456785", "shipping_provider_id": UPS });
        assert_eq!(
            code(ship(&mut inner, &shop, &id, unnamed)),
            ship_codes::NAME_THE_LINES
        );
        let mixed = json!({ "tracking_number": "1Z999AA10123456785", "shipping_provider_id": UPS, "order_line_item_ids": lines });
        assert_eq!(
            code(ship(&mut inner, &shop, &id, mixed)),
            codes::INVALID_PARAM
        );

        let second = json!({ "tracking_number": "1Z999AA10123456785", "shipping_provider_id": UPS, "order_line_item_ids": [lines[1]] });
        ship(&mut inner, &shop, &id, second).expect("second line");
        let order = inner.orders[&id].render();
        assert_eq!(order["status"], "AWAITING_COLLECTION");
        assert_eq!(order["packages"].as_array().map(Vec::len), Some(2));
        assert_eq!(inner.shipments.len(), 2);
    }

    #[test]
    fn refusals_carry_the_marketplace_codes() {
        let (mut inner, shop, other) = world();
        let body =
            json!({ "tracking_number": "9400111899223197428490", "shipping_provider_id": USPS });
        for (status, want) in [
            ("UNPAID", ship_codes::NOT_AWAITING_SHIPMENT),
            ("ON_HOLD", ship_codes::ACTION_NOT_ALLOWED),
            ("CANCELLED", ship_codes::CANCELLED),
            ("DELIVERED", ship_codes::ALREADY_SHIPPED),
        ] {
            let id = place(&mut inner, &shop, &two_units(status), NOW);
            assert_eq!(
                code(ship(&mut inner, &shop, &id, body.clone())),
                want,
                "{status}"
            );
        }
        let tiktok = place(
            &mut inner,
            &shop,
            &NewOrder {
                shipping_type: "TIKTOK".into(),
                ..NewOrder::default()
            },
            NOW,
        );
        assert_eq!(
            code(ship(&mut inner, &shop, &tiktok, body.clone())),
            ship_codes::NOT_SELLER_SHIPPED
        );

        let id = place(&mut inner, &shop, &two_units("AWAITING_SHIPMENT"), NOW);
        assert_eq!(
            code(ship(&mut inner, &other, &id, body.clone())),
            codes::ORDER_NOT_OWNED
        );
        let unknown =
            json!({ "tracking_number": "9400111899223197428490", "shipping_provider_id": "42" });
        assert_eq!(
            code(ship(&mut inner, &shop, &id, unknown)),
            ship_codes::INVALID_TRACKING_OR_PROVIDER
        );
        let odd = json!({ "tracking_number": "9400-1118", "shipping_provider_id": USPS });
        assert_eq!(
            code(ship(&mut inner, &shop, &id, odd)),
            ship_codes::SPECIAL_CHARACTERS
        );
        let missing = json!({ "shipping_provider_id": USPS });
        assert_eq!(
            code(ship(&mut inner, &shop, &id, missing)),
            codes::INVALID_PARAM
        );
        assert!(inner.shipments.is_empty());
        assert!(!inner.ledger.iter().any(|e| e.kind == "package.ship"));

        // The order is still shippable, and its package is not another shop's to read.
        let data = ship(&mut inner, &shop, &id, body).expect("shipped");
        let package = data["package_id"].as_str().unwrap_or_default();
        let err = package_detail(&inner, &ctx(&other, NOW), package).expect_err("not theirs");
        assert_eq!(err.code, ship_codes::PACKAGE_NOT_OWNED);
    }

    #[test]
    fn a_late_shipment_is_accepted_and_flagged_and_a_mismatch_warned() {
        let (mut inner, shop, _) = world();
        let id = place(&mut inner, &shop, &two_units("AWAITING_SHIPMENT"), NOW);
        assert!(
            inner
                .orders
                .get_mut(&id)
                .is_some_and(|o| o.make_overdue(NOW))
        );
        let body = json!({ "tracking_number": "1Z999AA10123456784", "shipping_provider_id": USPS });
        let data = ship(&mut inner, &shop, &id, body).expect("late but accepted");
        assert!(
            data["warning"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("UPS")),
            "{data}"
        );
        assert!(inner.shipments[0].late);
    }

    #[test]
    fn providers_answer_for_the_seller_option_only() {
        let list = shipping_providers(SELLER_DELIVERY_OPTION.0).expect("providers");
        assert!(
            list["shipping_providers"]
                .as_array()
                .is_some_and(|l| l.iter().any(|p| p["name"] == "USPS" && p["id"] == USPS))
        );
        let tiktok = shipping_providers(TIKTOK_DELIVERY_OPTION.0).expect_err("TikTok ships it");
        assert_eq!(tiktok.code, ship_codes::SHIPPED_BY_TIKTOK);
        let unknown = shipping_providers("1").expect_err("unknown option");
        assert_eq!(unknown.code, ship_codes::NO_SUCH_DELIVERY_OPTION);
    }

    #[test]
    fn tracking_shapes_warn_only_between_known_carriers() {
        assert_eq!(carrier_of("1Z999AA10123456784"), Some("UPS"));
        assert_eq!(carrier_of("9400111899223197428490"), Some("USPS"));
        assert_eq!(carrier_of("123456789012"), Some("FedEx"));
        assert_eq!(carrier_of("GM2951173225174494"), None);
        assert!(mismatch("1Z999AA10123456784", "USPS").is_some());
        assert!(mismatch("9400111899223197428490", "USPS").is_none());
        // DHL eCommerce hands parcels to USPS for the last mile: its numbers look like USPS's.
        assert!(mismatch("9400111899223197428490", "DHL eCommerce").is_none());
    }

    #[test]
    fn providers_have_distinct_ids_and_names() {
        let mut ids: Vec<&str> = PROVIDERS.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), PROVIDERS.len());
        assert!(PROVIDERS.iter().any(|(_, n)| *n == "DHL"));
        assert!(PROVIDERS.iter().any(|(_, n)| *n == "DHL eCommerce"));
    }
}
