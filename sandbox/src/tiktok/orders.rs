//! Orders: generated for each authorised shop and on demand, moving forward through TikTok's
//! statuses over time (with cancellations, refunds and orders left past their ship-by time);
//! searched with filters and cursor pages, read by comma-joined ids, settled in finance
//! statement transactions, and announced by signed `ORDER_STATUS_CHANGE` webhooks to the
//! address a shop registered.
//!
//! Every state an order passes through is kept as the API rendered it then, so a test can
//! have old states served again, out of order and twice (a lagging replica, a replayed feed).
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::envelope::{ApiError, codes};
use super::fulfillment::{self, Package};
use super::gate::{Call, Ctx};
use super::state::{Inner, paginate};

/// The path an order walks; CANCELLED branches off before shipping.
pub const FLOW: &[&str] = &[
    "UNPAID",
    "ON_HOLD",
    "AWAITING_SHIPMENT",
    "AWAITING_COLLECTION",
    "IN_TRANSIT",
    "DELIVERED",
    "COMPLETED",
];

/// Statuses a generated order comes to rest in, weighted as a live shop's list looks.
const RESTING: &[&str] = &[
    "UNPAID",
    "ON_HOLD",
    "AWAITING_SHIPMENT",
    "AWAITING_SHIPMENT",
    "AWAITING_SHIPMENT",
    "AWAITING_COLLECTION",
    "IN_TRANSIT",
    "DELIVERED",
    "COMPLETED",
    "COMPLETED",
    "CANCELLED",
];

/// The marketplace's shares of a settled order: referral (commission) 6 % of the items, the
/// transaction fee 2.9 % of what the buyer paid.
const COMMISSION_PERCENT: i64 = 600; // in hundredths of a percent
const TRANSACTION_PERCENT: i64 = 290;
/// A TikTok-bought label costs this much more than the buyer paid for shipping.
const LABEL_MARGIN_CENTS: i64 = 71;
/// Days a paid order has to be shipped (the default handling time).
const HANDLING_DAYS: i64 = 3;

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

/// One unit of a SKU: TikTok lists quantity 2 as two lines with the same `sku_id`.
#[derive(Debug, Clone)]
pub struct Line {
    pub id: String,
    pub product_id: String,
    pub product_name: String,
    pub sku_id: String,
    pub sku_name: String,
    pub seller_sku: String,
    /// A decimal string, as the API sends it.
    pub sale_price: String,
}

#[derive(Debug, Clone)]
pub struct Order {
    pub id: String,
    pub shop_id: String,
    pub status: &'static str,
    pub create_time: i64,
    pub update_time: i64,
    /// 0 until paid.
    pub paid_time: i64,
    pub first_name: String,
    pub last_name: String,
    pub user_id: String,
    pub warehouse_id: String,
    pub currency: String,
    pub shipping_type: &'static str,
    pub shipping_fee: String,
    pub lines: Vec<Line>,
    /// Packages, oldest first; US orders have none until the seller ships (reference §1).
    pub packages: Vec<Package>,
    pub rts_time: i64,
    pub collection_time: i64,
    pub delivery_time: i64,
    pub cancel_time: i64,
    pub cancel_reason: &'static str,
    pub cancellation_initiator: &'static str,
    /// Paid back to the buyer after delivery, in cents; shows in the settlement.
    pub refund_cents: i64,
    /// When the finance statement settled it (0: not yet).
    pub settled_time: i64,
    pub statement_id: String,
    /// Every state the order was in, rendered as the API answered then; the last is now.
    pub history: Vec<Value>,
}

/// An order a test places exactly as it wants it.
#[derive(Debug, Clone)]
pub struct NewOrder {
    /// Where it rests: one of [`FLOW`] or `CANCELLED`.
    pub status: String,
    /// `(sku_id, product_id, product_name, sale_price)` per unit: repeat a SKU for quantity.
    pub units: Vec<(String, String, String, String)>,
    pub shipping_fee: String,
    /// `TIKTOK` (the marketplace buys the label) or `SELLER`.
    pub shipping_type: String,
}

impl Default for NewOrder {
    fn default() -> Self {
        NewOrder {
            status: "AWAITING_SHIPMENT".into(),
            units: vec![(
                "1729382257001899".into(),
                "1729382256901899".into(),
                "Retro Sunset Graphic Tee".into(),
                "18.99".into(),
            )],
            shipping_fee: "4.99".into(),
            shipping_type: "SELLER".into(),
        }
    }
}

/// Cents of a decimal string with at most two places (the sandbox's own amounts).
pub fn cents(amount: &str) -> i64 {
    let amount = amount.trim();
    let (negative, amount) = match amount.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, amount),
    };
    let (whole, frac) = amount.split_once('.').unwrap_or((amount, "0"));
    let value = whole.parse::<i64>().unwrap_or(0) * 100
        + format!("{frac:0<2}")[..2].parse::<i64>().unwrap_or(0);
    if negative { -value } else { value }
}

/// A signed amount as the API writes money.
pub fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// `numerator/10000` of `cents`, rounded half away from zero.
fn share(cents: i64, hundredths_of_percent: i64) -> i64 {
    let scaled = cents * hundredths_of_percent;
    (scaled + scaled.signum() * 5_000) / 10_000
}

impl Order {
    fn subtotal_cents(&self) -> i64 {
        self.lines.iter().map(|l| cents(&l.sale_price)).sum()
    }

    fn total_cents(&self) -> i64 {
        self.subtotal_cents() + cents(&self.shipping_fee)
    }

    /// Ship-by time: the end of the handling days after payment (0 while unpaid).
    pub fn rts_sla_time(&self) -> i64 {
        if self.paid_time > 0 {
            self.paid_time + HANDLING_DAYS * 86_400
        } else {
            0
        }
    }

    fn recipient_hidden(&self) -> bool {
        matches!(self.status, "UNPAID" | "ON_HOLD")
            || (self.status == "CANCELLED" && self.paid_time == 0)
    }

    /// The order as the API answers it now. Fields the marketplace leaves out (no payment yet,
    /// no tracking yet, a hidden recipient, no cancellation) are left out, never `null`.
    pub fn render(&self) -> Value {
        let mut o = Map::new();
        let mut put = |k: &str, v: Value| {
            o.insert(k.to_owned(), v);
        };
        put("id", json!(self.id));
        put("status", json!(self.status));
        put("create_time", json!(self.create_time));
        put("update_time", json!(self.update_time));
        if self.paid_time > 0 {
            put("paid_time", json!(self.paid_time));
            put("rts_sla_time", json!(self.rts_sla_time()));
            put("tts_sla_time", json!(self.rts_sla_time() + 2 * 86_400));
            put(
                "shipping_due_time",
                json!(self.paid_time + (HANDLING_DAYS + 4) * 86_400),
            );
        }
        put("buyer_message", json!(""));
        put(
            "buyer_email",
            json!(format!(
                "{}.{}@scs.tiktokw.us",
                self.first_name.to_lowercase(),
                self.last_name.to_lowercase()
            )),
        );
        put("user_id", json!(self.user_id));
        put("shipping_type", json!(self.shipping_type));
        put("fulfillment_type", json!("FULFILLMENT_BY_SELLER"));
        let (option_id, option_name) = fulfillment::delivery_option(self.shipping_type);
        put("delivery_option_id", json!(option_id));
        put("delivery_option_name", json!(option_name));
        put("warehouse_id", json!(self.warehouse_id));
        // The order shows the latest package's tracking.
        if let Some(p) = self.packages.last() {
            put("tracking_number", json!(p.tracking_number));
            put("shipping_provider", json!(p.provider_name));
            put("shipping_provider_id", json!(p.provider_id));
        }
        for (k, t) in [
            ("rts_time", self.rts_time),
            ("collection_time", self.collection_time),
            ("delivery_time", self.delivery_time),
            ("cancel_time", self.cancel_time),
        ] {
            if t > 0 {
                put(k, json!(t));
            }
        }
        put("is_cod", json!(false));
        put("is_sample_order", json!(false));
        put("is_on_hold_order", json!(self.status == "ON_HOLD"));
        put("is_replacement_order", json!(false));
        if self.status == "CANCELLED" {
            put("cancel_reason", json!(self.cancel_reason));
            put("cancellation_initiator", json!(self.cancellation_initiator));
        }
        let packages: Vec<Value> = self
            .packages
            .iter()
            .map(|p| json!({ "id": p.id }))
            .collect();
        put("packages", json!(packages));
        let subtotal = self.subtotal_cents();
        put(
            "payment",
            json!({
                "currency": self.currency,
                "sub_total": money(subtotal),
                "shipping_fee": self.shipping_fee,
                "seller_discount": "0",
                "platform_discount": "0",
                "total_amount": money(self.total_cents()),
                "original_total_product_price": money(subtotal),
                "original_shipping_fee": self.shipping_fee,
                "tax": "0",
            }),
        );
        if !self.recipient_hidden() {
            put("recipient_address", self.recipient_address());
        }
        let lines: Vec<Value> = self
            .lines
            .iter()
            .map(|l| {
                let package = self.package_of(&l.id);
                // While some lines wait, each line shows where it is itself.
                let display_status = match (self.status, package) {
                    ("PARTIALLY_SHIPPING", Some(_)) => "AWAITING_COLLECTION",
                    ("PARTIALLY_SHIPPING", None) => "AWAITING_SHIPMENT",
                    (status, _) => status,
                };
                let mut line = json!({
                    "id": l.id,
                    "product_id": l.product_id,
                    "product_name": l.product_name,
                    "sku_id": l.sku_id,
                    "sku_name": l.sku_name,
                    "seller_sku": l.seller_sku,
                    "sku_image": "",
                    "sale_price": l.sale_price,
                    "original_price": l.sale_price,
                    "platform_discount": "0",
                    "seller_discount": "0",
                    "currency": self.currency,
                    "display_status": display_status,
                    "is_gift": false,
                });
                // US lines carry no package fields before they are shipped (reference §1).
                if let (Some(p), Some(fields)) = (package, line.as_object_mut()) {
                    for (k, v) in [
                        ("package_id", json!(p.id)),
                        ("package_status", json!(p.status)),
                        ("tracking_number", json!(p.tracking_number)),
                        ("shipping_provider_id", json!(p.provider_id)),
                        ("shipping_provider_name", json!(p.provider_name)),
                        ("rts_time", json!(p.create_time)),
                    ] {
                        fields.insert(k.to_owned(), v);
                    }
                }
                line
            })
            .collect();
        put("line_items", json!(lines));
        Value::Object(o)
    }

    /// Moves one step forward at `at`: along [`FLOW`], or to CANCELLED. Answers whether it
    /// moved (COMPLETED and CANCELLED stay).
    fn step(&mut self, to: &'static str, at: i64, rng: &mut StdRng) -> bool {
        if matches!(self.status, "COMPLETED" | "CANCELLED") || self.status == to {
            return false;
        }
        let at = at.max(self.update_time + 1);
        match to {
            "CANCELLED" => {
                self.cancel_time = at;
                self.move_packages("CANCELLED", at);
                let (reason, by) = if self.paid_time == 0 {
                    ("Payment not completed", "SYSTEM")
                } else {
                    ("Buyer changed mind", "BUYER")
                };
                self.cancel_reason = reason;
                self.cancellation_initiator = by;
            }
            "ON_HOLD" | "AWAITING_SHIPMENT" if self.paid_time == 0 => self.paid_time = at,
            "AWAITING_COLLECTION" => {
                self.rts_time = at;
                // Shipped outside the API (Seller Center): the rest goes in one USPS package.
                let rest = self.unshipped_lines();
                if !rest.is_empty() {
                    let (provider_id, provider_name) = fulfillment::DEFAULT_PROVIDER;
                    self.packages.push(Package {
                        id: format!("115{:016}", rng.random_range(0..10_000_000_000_000_000u64)),
                        line_ids: rest,
                        tracking_number: format!(
                            "9400{:018}",
                            rng.random_range(0..1_000_000_000_000u64)
                        ),
                        provider_id: provider_id.to_owned(),
                        provider_name: provider_name.to_owned(),
                        status: "PROCESSING",
                        create_time: at,
                        update_time: at,
                    });
                }
            }
            "IN_TRANSIT" => {
                self.collection_time = at;
                self.move_packages("FULFILLING", at);
            }
            "DELIVERED" => {
                self.delivery_time = at;
                self.move_packages("COMPLETED", at);
            }
            "COMPLETED" => {
                // Settled with the completion; a refund after delivery shows in the statement.
                self.settled_time = at;
                self.statement_id = format!(
                    "{}",
                    7_300_000_000_000_000_000u64 + (at as u64 % 1_000_000_000)
                );
            }
            _ => {}
        }
        self.status = to;
        self.update_time = at;
        self.history.push(self.render());
        true
    }

    /// The status after this one along the flow; a partly shipped order ships the rest next.
    fn next(&self) -> Option<&'static str> {
        let i = rank(self.status)?;
        FLOW.get(i + 1).copied()
    }

    /// The package a line was shipped in.
    pub fn package_of(&self, line_id: &str) -> Option<&Package> {
        self.packages
            .iter()
            .find(|p| p.line_ids.iter().any(|l| l == line_id))
    }

    /// Ids of the lines no package holds yet.
    pub fn unshipped_lines(&self) -> Vec<String> {
        self.lines
            .iter()
            .filter(|l| self.package_of(&l.id).is_none())
            .map(|l| l.id.clone())
            .collect()
    }

    fn move_packages(&mut self, status: &'static str, at: i64) {
        for p in self.packages.iter_mut().filter(|p| p.status != "CANCELLED") {
            p.status = status;
            p.update_time = at;
        }
    }

    /// The seller shipped `package` at `at` (Mark Package As Shipped): the order waits for
    /// collection once every line is in a package, and is partly shipping until then.
    pub fn ship(&mut self, package: Package, at: i64) {
        let at = at.max(self.update_time + 1);
        self.packages.push(package);
        if self.unshipped_lines().is_empty() {
            self.status = "AWAITING_COLLECTION";
            self.rts_time = at;
        } else {
            self.status = "PARTIALLY_SHIPPING";
        }
        self.update_time = at;
        self.history.push(self.render());
    }

    /// Moves payment back so that the ship-by time passed an hour ago (a test control).
    pub fn make_overdue(&mut self, now: i64) -> bool {
        if self.paid_time == 0 || !self.packages.is_empty() {
            return false;
        }
        self.paid_time = now - HANDLING_DAYS * 86_400 - 3_600;
        self.create_time = self.create_time.min(self.paid_time - 60);
        let now_state = self.render();
        if let Some(last) = self.history.last_mut() {
            *last = now_state;
        }
        true
    }

    /// Where the order goes, as the order and its packages show it.
    pub fn recipient_address(&self) -> Value {
        json!({
            "name": format!("{} {}", self.first_name, self.last_name),
            "first_name": self.first_name,
            "last_name": self.last_name,
            "phone_number": "(+1)213*****00",
            "full_address": "742 Evergreen Terrace, Springfield, Oregon, United States, 97477",
            "address_line1": "742 Evergreen Terrace",
            "address_line2": "",
            "address_line3": "",
            "address_line4": "",
            "address_detail": "",
            "postal_code": "97477",
            "region_code": "US",
            "district_info": [
                {"address_level": "L0", "address_level_name": "Country", "address_name": "United States"},
                {"address_level": "L1", "address_level_name": "State", "address_name": "Oregon"},
                {"address_level": "L3", "address_level_name": "City", "address_name": "Springfield"},
            ],
        })
    }

    /// Walks forward until `target`, one step per call of `at` (which gives each step's time).
    fn walk_to(
        &mut self,
        target: &str,
        rng: &mut StdRng,
        mut at: impl FnMut(&mut StdRng) -> Option<i64>,
    ) {
        while self.status != target {
            let to = if target == "CANCELLED" {
                let i = rank(self.status).unwrap_or(0);
                // Cancellations happen before shipping: walk there first.
                if i >= 2 || (i == 1 && rng.random_bool(0.5)) || (i == 0 && rng.random_bool(0.6)) {
                    "CANCELLED"
                } else {
                    match self.next() {
                        Some(n) => n,
                        None => return,
                    }
                }
            } else {
                match self.next() {
                    Some(n) => n,
                    None => return,
                }
            };
            let Some(t) = at(rng) else { return };
            if !self.step(to, t, rng) {
                return;
            }
        }
    }
}

fn new_order(inner: &mut Inner, shop_id: &str, created: i64) -> Order {
    let id = format!("57{}", &inner.next_id()[2..]);
    let (first, last) = NAMES[inner.rng.random_range(0..NAMES.len())];
    let shop = inner.shop(shop_id).cloned();
    let warehouse_id = shop
        .as_ref()
        .and_then(|s| s.warehouses.first())
        .map(|w| w.id.clone())
        .unwrap_or_default();
    let currency = shop.map(|s| s.currency).unwrap_or_else(|| "USD".into());
    let user_id = format!("7{:018}", inner.rng.random_range(0..1_000_000_000u64));
    Order {
        id,
        shop_id: shop_id.to_owned(),
        status: "UNPAID",
        create_time: created,
        update_time: created,
        paid_time: 0,
        first_name: first.into(),
        last_name: last.into(),
        user_id,
        warehouse_id,
        currency,
        shipping_type: "SELLER",
        shipping_fee: "4.99".into(),
        lines: Vec::new(),
        packages: Vec::new(),
        rts_time: 0,
        collection_time: 0,
        delivery_time: 0,
        cancel_time: 0,
        cancel_reason: "",
        cancellation_initiator: "",
        refund_cents: 0,
        settled_time: 0,
        statement_id: String::new(),
        history: Vec::new(),
    }
}

fn random_lines(inner: &mut Inner) -> Vec<Line> {
    let skus = inner.rng.random_range(1..=2usize);
    let mut lines = Vec::new();
    for _ in 0..skus {
        let (product, sku_name, price) = ITEMS[inner.rng.random_range(0..ITEMS.len())];
        let units = inner.rng.random_range(1..=3usize);
        let c = cents(price);
        for _ in 0..units {
            lines.push(Line {
                id: inner.next_id(),
                product_id: format!("17293822569{c:08}"),
                product_name: product.into(),
                sku_id: format!("17293822570{c:08}{}", sku_name.len()),
                sku_name: sku_name.into(),
                seller_sku: format!(
                    "{}-{}",
                    product
                        .split_whitespace()
                        .next()
                        .unwrap_or("SKU")
                        .to_uppercase(),
                    sku_name.replace([' ', '/'], "")
                ),
                sale_price: price.into(),
            });
        }
    }
    lines
}

/// `count` orders created within the last `max_age_secs`, each walked from UNPAID towards a
/// resting status with steps minutes to a day apart, stopping where `now` falls: old orders
/// are mostly done, new ones mostly waiting, and some wait past their ship-by time.
/// Deterministic for a given seed. Answers the new ids.
pub fn generate(
    inner: &mut Inner,
    shop_id: &str,
    count: usize,
    now: i64,
    max_age_secs: i64,
) -> Vec<String> {
    let mut ids = Vec::with_capacity(count);
    for _ in 0..count {
        let created = now - inner.rng.random_range(0..max_age_secs.max(1));
        let mut order = new_order(inner, shop_id, created);
        order.lines = random_lines(inner);
        if inner.rng.random_bool(0.25) {
            order.shipping_type = "TIKTOK";
        }
        order.history.push(order.render());
        let target = RESTING[inner.rng.random_range(0..RESTING.len())];
        let mut t = created;
        let mut rng = StdRng::seed_from_u64(inner.rng.random());
        order.walk_to(target, &mut rng, |rng| {
            t += rng.random_range(600..86_400);
            (t <= now).then_some(t)
        });
        if order.status == "COMPLETED" && inner.rng.random_bool(0.2) {
            // A unit returned after delivery.
            order.refund_cents = order
                .lines
                .first()
                .map(|l| cents(&l.sale_price))
                .unwrap_or(0);
        }
        ids.push(order.id.clone());
        inner.orders.insert(order.id.clone(), order);
    }
    ids
}

/// Places one order exactly as described, created now and walked to its status.
pub fn place(inner: &mut Inner, shop_id: &str, spec: &NewOrder, now: i64) -> String {
    let mut order = new_order(inner, shop_id, now);
    order.shipping_fee = spec.shipping_fee.clone();
    order.shipping_type = if spec.shipping_type == "TIKTOK" {
        "TIKTOK"
    } else {
        "SELLER"
    };
    for (sku_id, product_id, name, price) in &spec.units {
        order.lines.push(Line {
            id: inner.next_id(),
            product_id: product_id.clone(),
            product_name: name.clone(),
            sku_id: sku_id.clone(),
            sku_name: "Default".into(),
            seller_sku: format!("SKU-{sku_id}"),
            sale_price: price.clone(),
        });
    }
    order.history.push(order.render());
    let mut rng = StdRng::seed_from_u64(inner.rng.random());
    let mut t = now;
    let target = status_name(&spec.status).unwrap_or("AWAITING_SHIPMENT");
    order.walk_to(target, &mut rng, |_| {
        t += 1;
        Some(t)
    });
    let id = order.id.clone();
    inner.orders.insert(id.clone(), order);
    id
}

/// Position along [`FLOW`]; a partly shipped order still waits for shipment.
fn rank(status: &str) -> Option<usize> {
    let status = if status == "PARTIALLY_SHIPPING" {
        "AWAITING_SHIPMENT"
    } else {
        status
    };
    FLOW.iter().position(|s| *s == status)
}

/// The sandbox's spelling of a status name, or `None` for one it does not know.
pub fn status_name(s: &str) -> Option<&'static str> {
    FLOW.iter()
        .copied()
        .chain(std::iter::once("CANCELLED"))
        .find(|f| *f == s)
}

/// Moves up to `count` of a shop's open orders one step forward (one in ten before shipping
/// is cancelled instead), the least recently updated first. Answers the ids moved.
pub fn advance(inner: &mut Inner, shop_id: &str, count: usize, now: i64) -> Vec<String> {
    let mut open: Vec<(i64, String)> = inner
        .orders
        .values()
        .filter(|o| o.shop_id == shop_id && !matches!(o.status, "COMPLETED" | "CANCELLED"))
        .map(|o| (o.update_time, o.id.clone()))
        .collect();
    open.sort();
    let mut moved = Vec::new();
    let mut rng = StdRng::seed_from_u64(inner.rng.random());
    for (_, id) in open.into_iter().take(count) {
        let Some(order) = inner.orders.get_mut(&id) else {
            continue;
        };
        let early = matches!(order.status, "UNPAID" | "ON_HOLD" | "AWAITING_SHIPMENT");
        let to = if early && rng.random_bool(0.1) {
            "CANCELLED"
        } else {
            match order.next() {
                Some(n) => n,
                None => continue,
            }
        };
        if order.step(to, now, &mut rng) {
            moved.push(id);
        }
    }
    moved
}

/// Moves one order forward to `status` (every step in between is a state of its history).
/// Answers false when the order is unknown or the status is behind it.
pub fn move_to(inner: &mut Inner, order_id: &str, status: &str, now: i64) -> bool {
    let Some(target) = status_name(status) else {
        return false;
    };
    let mut rng = StdRng::seed_from_u64(inner.rng.random());
    let Some(order) = inner.orders.get_mut(order_id) else {
        return false;
    };
    let before = order.history.len();
    let mut t = now;
    if target == "CANCELLED" {
        let at = t.max(order.update_time + 1);
        return order.step("CANCELLED", at, &mut rng);
    }
    order.walk_to(target, &mut rng, |_| {
        t += 1;
        Some(t)
    });
    order.history.len() > before
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
    buyer_user_id: Option<String>,
}

fn time(order: &Value, field: &str) -> i64 {
    order.get(field).and_then(Value::as_i64).unwrap_or(0)
}

/// `POST /order/{v}/orders/search`. In replay mode every state of every order is listed, each
/// twice, in an order that ignores the sort (stable across pages).
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
    let replay = inner.replaying_all || inner.replaying.contains(&shop_id);
    let states: Vec<&Value> = inner
        .orders
        .values()
        .filter(|o| o.shop_id == shop_id)
        .flat_map(|o| {
            if replay {
                o.history.iter().chain(o.history.iter()).collect::<Vec<_>>()
            } else {
                o.history.last().into_iter().collect()
            }
        })
        .collect();
    // Filtered and sorted by reference; only the page is copied: a sync walks every page, and
    // copying every order for each of them made a sync of 10,000 orders quadratic.
    let mut list: Vec<&Value> = states
        .into_iter()
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
            body.buyer_user_id
                .as_deref()
                .is_none_or(|s| o["user_id"] == s)
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
        .collect();
    if replay {
        let mut hasher = DefaultHasher::new();
        shop_id.hash(&mut hasher);
        call.body.hash(&mut hasher);
        list.shuffle(&mut StdRng::seed_from_u64(hasher.finish()));
    } else {
        list.sort_by(|a, b| {
            let order = time(a, sort_field)
                .cmp(&time(b, sort_field))
                .then_with(|| a["id"].as_str().cmp(&b["id"].as_str()));
            if ascending { order } else { order.reverse() }
        });
    }
    let (page, next, total) = paginate(list, page_size, call.query("page_token"))?;
    let page: Vec<Value> = page.into_iter().cloned().collect();
    Ok(json!({ "orders": page, "next_page_token": next, "total_count": total }))
}

/// Most ids one detail call takes.
pub const MAX_DETAIL_IDS: usize = 50;

/// `GET /order/{v}/orders?ids=a,b` (at most 50, comma-joined). In replay mode each order may
/// come back in any state it has been in.
pub fn detail(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
    let ids: Vec<&str> = call
        .query("ids")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if ids.is_empty() {
        return Err(ApiError::invalid("ids is required"));
    }
    if ids.len() > MAX_DETAIL_IDS {
        return Err(ApiError::invalid(format!(
            "ids can hold at most {MAX_DETAIL_IDS} order ids"
        )));
    }
    let replay = inner.replaying_all || inner.replaying.contains(&shop_id);
    let mut out = Vec::new();
    for id in ids {
        match inner.orders.get(id) {
            Some(o) if o.shop_id == shop_id => {
                let state = if replay {
                    let i = inner.rng.random_range(0..o.history.len().max(1));
                    o.history.get(i)
                } else {
                    o.history.last()
                };
                out.extend(state.cloned());
            }
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

/// `GET /finance/{v}/orders/{order_id}/statement_transactions`: nothing until the order is
/// settled (its transactions list stays empty), then one transaction per SKU.
pub fn transactions(inner: &mut Inner, ctx: &Ctx, order_id: &str) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
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
    if order.settled_time == 0 {
        return Ok(json!({ "order_id": order.id, "sku_transactions": [] }));
    }
    // Group units by SKU, in the order the SKUs first appear.
    let mut skus: Vec<(String, i64, i64)> = Vec::new();
    for l in &order.lines {
        match skus.iter_mut().find(|(s, _, _)| *s == l.sku_id) {
            Some(entry) => {
                entry.1 += 1;
                entry.2 += cents(&l.sale_price);
            }
            None => skus.push((l.sku_id.clone(), 1, cents(&l.sale_price))),
        }
    }
    let shipping = cents(&order.shipping_fee);
    let mut rows = Vec::new();
    let (mut revenue_total, mut fee_total, mut shipping_total) = (0i64, 0i64, 0i64);
    for (i, (sku_id, quantity, subtotal)) in skus.into_iter().enumerate() {
        let first = i == 0;
        let refund = if first {
            order.refund_cents.min(subtotal)
        } else {
            0
        };
        let customer_shipping = if first { shipping } else { 0 };
        let label = if first && order.shipping_type == "TIKTOK" {
            shipping + LABEL_MARGIN_CENTS
        } else {
            0
        };
        let sold = subtotal - refund;
        let commission = share(sold, COMMISSION_PERCENT);
        let transaction = share(sold + customer_shipping, TRANSACTION_PERCENT);
        let revenue = sold;
        let shipping_cost = customer_shipping - label;
        let fees = -(commission + transaction);
        revenue_total += revenue;
        fee_total += fees;
        shipping_total += shipping_cost;
        rows.push(json!({
            "sku_id": sku_id,
            "quantity": quantity,
            "statement_id": order.statement_id,
            "settlement_amount": money(revenue + shipping_cost + fees),
            "revenue_amount": money(revenue),
            "revenue_breakdown": {
                "subtotal_before_discount_amount": money(subtotal),
                "seller_discount_amount": "0",
                "refund_subtotal_before_discount_amount": money(-refund),
            },
            "shipping_cost_amount": money(shipping_cost),
            "shipping_cost_breakdown": {
                "actual_shipping_fee_amount": money(-label),
                "customer_paid_shipping_fee_amount": money(customer_shipping),
                "shipping_fee_discount_amount": "0",
            },
            "fee_tax_amount": money(fees),
            "fee_tax_breakdown": {
                "fee": {
                    "referral_fee_amount": money(-commission),
                    "transaction_fee_amount": money(-transaction),
                    "affiliate_commission_amount": "0",
                },
                "tax": { "sales_tax_amount": "0" },
            },
        }));
    }
    Ok(json!({
        "order_id": order.id,
        "currency": order.currency,
        "revenue_amount": money(revenue_total),
        "fee_and_tax_amount": money(fee_total),
        "shipping_cost_amount": money(shipping_total),
        "settlement_amount": money(revenue_total + fee_total + shipping_total),
        "sku_transactions": rows,
    }))
}

/// Event types a shop may subscribe to.
const EVENT_TYPES: &[&str] = &[
    "ORDER_STATUS_CHANGE",
    "RECIPIENT_ADDRESS_UPDATE",
    "PACKAGE_UPDATE",
    "PRODUCT_STATUS_CHANGE",
    "CANCELLATION_STATUS_CHANGE",
    "RETURN_STATUS_CHANGE",
    "SELLER_DEAUTHORIZATION",
    "UPCOMING_AUTHORIZATION_EXPIRATION",
];

/// A shop's subscription.
#[derive(Debug, Clone)]
pub struct Subscription {
    pub address: String,
    pub create_time: i64,
    pub update_time: i64,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct WebhookBody {
    address: Option<String>,
    event_type: Option<String>,
}

/// `PUT /event/{v}/webhooks`: subscribes (or re-points) one event type of the shop.
pub fn set_webhook(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
    let body: WebhookBody = call.json()?;
    let event_type = body
        .event_type
        .filter(|e| EVENT_TYPES.contains(&e.as_str()))
        .ok_or_else(|| ApiError::invalid("event_type is required and must be a known event"))?;
    let address = body
        .address
        .map(|a| a.trim().to_owned())
        .filter(|a| {
            (a.starts_with("https://") || a.starts_with("http://"))
                && a.len() <= 2048
                && !a.contains(' ')
        })
        .ok_or_else(|| ApiError::invalid("address must be an http(s) URL"))?;
    let key = (shop_id, event_type.clone());
    let now = ctx.now;
    let sub = inner.webhooks.entry(key).or_insert(Subscription {
        address: String::new(),
        create_time: now,
        update_time: now,
    });
    // Not in the ledger: a subscription is the app's configuration, not an effect on the
    // shop's catalogue or promotions (tests read it with `TiktokSandbox::webhook_address`).
    sub.address = address;
    sub.update_time = now;
    Ok(json!({}))
}

/// `GET /event/{v}/webhooks`: the shop's subscriptions.
pub fn webhooks(inner: &mut Inner, ctx: &Ctx) -> Result<Value, ApiError> {
    let shop_id = ctx.shop_id.clone().unwrap_or_default();
    let mut list: Vec<Value> = inner
        .webhooks
        .iter()
        .filter(|((shop, _), _)| *shop == shop_id)
        .map(|((_, event), sub)| {
            json!({
                "event_type": event,
                "address": sub.address,
                "create_time": sub.create_time,
                "update_time": sub.update_time,
            })
        })
        .collect();
    list.sort_by(|a, b| a["event_type"].as_str().cmp(&b["event_type"].as_str()));
    Ok(json!({ "webhooks": list }))
}

/// The `ORDER_STATUS_CHANGE` delivery of one state of an order.
pub fn notification(inner: &mut Inner, shop_id: &str, state: &Value) -> Value {
    let id = inner.random_token("", 19);
    json!({
        "type": 1,
        "tts_notification_id": id,
        "shop_id": shop_id,
        "timestamp": super::now_ms().div_euclid(1000),
        "data": {
            "order_id": state["id"],
            "order_status": state["status"],
            "is_on_hold_order": state["is_on_hold_order"],
            "update_time": state["update_time"],
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiktok::SandboxConfig;

    fn inner() -> Inner {
        let mut inner = Inner::new(SandboxConfig {
            orders_per_shop: 0,
            ..SandboxConfig::default()
        });
        super::super::auth::grant(&mut inner, "Shop", "US", 1_700_000_000);
        inner
    }

    #[test]
    fn money_round_trips_signed_amounts() {
        assert_eq!(money(-250), "-2.50");
        assert_eq!(money(5), "0.05");
        assert_eq!(cents("-2.5"), -250);
        assert_eq!(cents("19.9"), 1990);
        assert_eq!(share(3998, 600), 240);
        assert_eq!(share(-3998, 600), -240);
    }

    #[test]
    fn generated_orders_only_move_forward_and_hide_recipients() {
        let mut inner = inner();
        let shop = inner.shops[0].id.clone();
        let ids = generate(&mut inner, &shop, 200, 1_700_000_000, 30 * 86_400);
        assert_eq!(ids.len(), 200);
        let rank = |s: &str| FLOW.iter().position(|f| *f == s).unwrap_or(FLOW.len());
        let mut late = 0;
        for id in &ids {
            let o = &inner.orders[id];
            let statuses: Vec<&str> = o
                .history
                .iter()
                .filter_map(|h| h["status"].as_str())
                .collect();
            assert!(
                statuses.windows(2).all(|w| rank(w[0]) < rank(w[1])),
                "{statuses:?}"
            );
            let times: Vec<i64> = o.history.iter().map(|h| time(h, "update_time")).collect();
            assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
            for h in &o.history {
                let hidden = matches!(h["status"].as_str(), Some("UNPAID" | "ON_HOLD"));
                assert_eq!(
                    h.get("recipient_address").is_none(),
                    hidden || (h["status"] == "CANCELLED" && h.get("paid_time").is_none())
                );
                assert!(
                    h.as_object()
                        .is_some_and(|m| m.values().all(|v| !v.is_null())),
                    "{h}"
                );
            }
            if o.status == "AWAITING_SHIPMENT" && o.rts_sla_time() < 1_700_000_000 {
                late += 1;
            }
        }
        assert!(late > 0, "some orders wait past their ship-by time");
        let moved = advance(&mut inner, &shop, 10, 1_700_000_100);
        assert_eq!(moved.len(), 10);
    }

    fn ctx_of(shop: &str) -> Ctx {
        Ctx {
            open_id: None,
            shop_id: Some(shop.to_owned()),
            now: 1_700_000_100,
            now_ms: 1_700_000_100_000,
            origin: String::new(),
        }
    }

    #[test]
    fn detail_takes_at_most_fifty_comma_joined_ids() {
        let mut inner = inner();
        let shop = inner.shops[0].id.clone();
        let ids = generate(&mut inner, &shop, 51, 1_700_000_000, 86_400);
        let call = |ids: &[String]| {
            Call::new(
                "/order/202309/orders".into(),
                Some(&format!("ids={}", ids.join(","))),
                Default::default(),
                Default::default(),
            )
        };
        let fifty = detail(&mut inner, &ctx_of(&shop), &call(&ids[..50])).expect("fifty");
        assert_eq!(fifty["orders"].as_array().map(Vec::len), Some(50));
        let err = detail(&mut inner, &ctx_of(&shop), &call(&ids)).expect_err("fifty-one");
        assert_eq!(err.code, codes::INVALID_PARAM);
        assert_eq!(err.status.as_u16(), 400);
    }

    #[test]
    fn settled_transactions_add_up() {
        let mut inner = inner();
        let shop = inner.shops[0].id.clone();
        let spec = NewOrder {
            status: "COMPLETED".into(),
            units: vec![
                ("1".into(), "10".into(), "Tee".into(), "19.99".into()),
                ("1".into(), "10".into(), "Tee".into(), "19.99".into()),
            ],
            ..NewOrder::default()
        };
        let id = place(&mut inner, &shop, &spec, 1_700_000_000);
        let t = transactions(&mut inner, &ctx_of(&shop), &id).expect("transactions");
        let sku = &t["sku_transactions"][0];
        assert_eq!(sku["quantity"], 2);
        assert_eq!(
            sku["fee_tax_breakdown"]["fee"]["referral_fee_amount"],
            "-2.40"
        );
        // 2.9 % of 44.97 = 1.30413.
        assert_eq!(
            sku["fee_tax_breakdown"]["fee"]["transaction_fee_amount"],
            "-1.30"
        );
        assert_eq!(t["settlement_amount"], "41.27");
    }
}
