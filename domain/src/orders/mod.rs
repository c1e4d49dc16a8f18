//! Orders as the marketplaces report them. `status` is Sellerdesk's workflow and is set from
//! the marketplace only when the order is first seen or the marketplace moves it to a final
//! state; `marketplace_status` is always what the marketplace said last.
use crate::shops::SaleChannel;
use crate::time;

pub mod desk;
pub mod export;
pub mod matches;
pub mod sync;
pub mod timeline;

pub use sync::{count_of_shop, upsert};

/// One order from a marketplace, with amounts in cents.
#[derive(Debug, Clone)]
pub struct MarketplaceOrder {
    /// Whose words `marketplace_status` is in.
    pub channel: SaleChannel,
    pub external_id: String,
    pub marketplace_status: String,
    pub buyer_email: Option<String>,
    pub buyer_message: Option<String>,
    /// `None` while the marketplace hides it (TikTok: `UNPAID`, `ON_HOLD`; Amazon: until the
    /// order needs shipping): what was stored before is kept, never wiped.
    pub recipient: Option<Recipient>,
    pub currency: String,
    pub total_cents: i64,
    pub shipping_type: Option<String>,
    pub tracking_number: Option<String>,
    pub shipping_provider: Option<String>,
    pub cancel_reason: Option<String>,
    pub ordered_at: time::Timestamp,
    pub paid_at: Option<time::Timestamp>,
    /// The marketplace's ship-by deadline (TikTok `rts_sla_time`, Amazon `LatestShipDate`,
    /// Walmart `estimatedShipDate`).
    pub ship_by_at: Option<time::Timestamp>,
    pub updated_at: time::Timestamp,
    /// One per SKU: the marketplace's units already folded into quantities.
    pub items: Vec<MarketplaceOrderItem>,
}

/// Where an order goes, as the marketplace shows it once the order may be shipped.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recipient {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub region_code: Option<String>,
}

/// One SKU of an order. `external_id` is the SKU id when the marketplace's lines were folded
/// (TikTok), the marketplace's line id otherwise.
#[derive(Debug, Clone, Default)]
pub struct MarketplaceOrderItem {
    pub external_id: String,
    pub product_name: String,
    pub sku_name: Option<String>,
    pub sku_image: Option<String>,
    pub quantity: i64,
    /// Per unit.
    pub sale_price_cents: i64,
    /// Per unit.
    pub original_price_cents: i64,
    pub external_product_id: Option<String>,
    pub external_sku_id: Option<String>,
    pub seller_sku: Option<String>,
    pub display_status: Option<String>,
}

/// What the desk's search looks in, folded to lower case once when the order is written: its
/// marketplace id, buyer, recipient, and each item's SKU and product name. One column instead
/// of five columns and a join keeps a search a filter on the rows the other conditions pick.
/// Fields are kept apart by a control character, so a term never matches across two of them.
/// At most [`SEARCH_TEXT_MAX`] bytes: the text is part of the desk's covering indexes, whose
/// entries PostgreSQL caps at about 2.7 kB; what is cut is the tail of an order of a dozen
/// lines or more, its id, buyer and recipient always stay.
pub fn search_text<'a>(
    external_id: &str,
    buyer_email: Option<&str>,
    recipient_name: Option<&str>,
    items: impl IntoIterator<Item = (Option<&'a str>, &'a str)>,
) -> String {
    const SEPARATOR: char = '\u{1f}';
    let mut text = external_id.to_lowercase();
    for part in [buyer_email, recipient_name].into_iter().flatten() {
        text.push(SEPARATOR);
        text.push_str(&part.to_lowercase());
    }
    for (sku, product_name) in items {
        if let Some(sku) = sku {
            text.push(SEPARATOR);
            text.push_str(&sku.to_lowercase());
        }
        text.push(SEPARATOR);
        text.push_str(&product_name.to_lowercase());
    }
    if text.len() > SEARCH_TEXT_MAX {
        let mut end = SEARCH_TEXT_MAX;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
    }
    text
}

/// The longest `search_text`, in bytes.
pub const SEARCH_TEXT_MAX: usize = 1_000;

impl MarketplaceOrder {
    /// Where the order is in its marketplace's flow.
    pub fn stage(&self) -> MarketplaceStage {
        MarketplaceStage::of(self.channel, &self.marketplace_status)
    }

    /// `search_text` of this order, given the buyer and recipient it is stored with.
    pub fn search_text(&self, buyer_email: Option<&str>, recipient_name: Option<&str>) -> String {
        search_text(
            &self.external_id,
            buyer_email,
            recipient_name,
            self.items
                .iter()
                .map(|i| (i.seller_sku.as_deref(), i.product_name.as_str())),
        )
    }
}

/// The marketplace's fees of one order as its finance statement settled them, in cents
/// (deductions as positive numbers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettledFees {
    pub commission_cents: i64,
    pub transaction_cents: i64,
    pub shipping_cents: i64,
    pub refund_cents: i64,
}

/// How far along its marketplace's own flow an order is, whatever the channel calls the step.
/// Every channel's statuses map onto one scale, stored as `orders.marketplace_rank`: an update
/// whose stage ranks below the stored one never takes the order back, and CANCELLED ranks last,
/// so nothing leaves it. The desk's workflow status follows from the stage
/// ([`MarketplaceStage::order_status`]).
///
/// | rank | stage | TikTok Shop | Amazon (Orders v0) | Walmart (order lines) | desk `OrderStatus` |
/// |---|---|---|---|---|---|
/// | 0 | `Unknown` | one added later | one added later | — | AWAITING_FULFILLMENT ¹ |
/// | 1 | `Unpaid` | `UNPAID` | `Pending` | — | AWAITING_DESIGN or _FULFILLMENT ¹ ² |
/// | 2 | `OnHold` | `ON_HOLD` | `PendingAvailability` | — | AWAITING_DESIGN or _FULFILLMENT ¹ ² |
/// | 3 | `AwaitingShipment` | `AWAITING_SHIPMENT` | `Unshipped` | `Created`, `Acknowledged` | AWAITING_DESIGN or _FULFILLMENT ¹ |
/// | 4 | `PartiallyShipped` | `PARTIALLY_SHIPPING` | `PartiallyShipped` | — ³ | IN_TRANSIT |
/// | 5 | `AwaitingCollection` | `AWAITING_COLLECTION` | `Shipped`, `InvoiceUnconfirmed` | `Shipped` | IN_TRANSIT |
/// | 6 | `InTransit` | `IN_TRANSIT` | — | — | IN_TRANSIT |
/// | 7 | `Delivered` | `DELIVERED` | — ⁴ | `Delivered` | DELIVERED |
/// | 8 | `Completed` | `COMPLETED` | — | — | COMPLETED |
/// | 9 | `Cancelled` | `CANCELLED`, `CANCEL` | `Canceled`, `Unfulfillable` | `Cancelled` | CANCELLED |
///
/// ¹ Before the parcel leaves, the sync derives AWAITING_DESIGN (a print-on-demand item without
/// a design) or AWAITING_FULFILLMENT, and keeps what a person or fulfilment chose
/// ([`derive_status`]). ² Held: the buyer may still cancel for free, so the recipient is hidden
/// (Amazon shows no address before payment) and the order cannot be marked shipped by hand.
/// ³ Walmart has no order status, only line statuses: the order reads as its least advanced
/// open line (`Created` before `Acknowledged` before `Shipped` before `Delivered`), `Cancelled`
/// when every line is. ⁴ Amazon's Orders API ends at `Shipped`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MarketplaceStage {
    Unknown,
    Unpaid,
    OnHold,
    AwaitingShipment,
    PartiallyShipped,
    AwaitingCollection,
    InTransit,
    Delivered,
    Completed,
    Cancelled,
}

impl MarketplaceStage {
    /// The stage of a channel's status. A status a marketplace adds later is `Unknown`: stored
    /// for an order first seen with it, never over a known one.
    pub fn of(channel: SaleChannel, marketplace_status: &str) -> MarketplaceStage {
        use MarketplaceStage::*;
        match channel {
            SaleChannel::Tiktok => match marketplace_status {
                "UNPAID" => Unpaid,
                "ON_HOLD" => OnHold,
                "AWAITING_SHIPMENT" => AwaitingShipment,
                "PARTIALLY_SHIPPING" => PartiallyShipped,
                "AWAITING_COLLECTION" => AwaitingCollection,
                "IN_TRANSIT" => InTransit,
                "DELIVERED" => Delivered,
                "COMPLETED" => Completed,
                // The webhook's spelling (fulfilment-and-finance.md §6) and the API's.
                "CANCELLED" | "CANCEL" => Cancelled,
                _ => Unknown,
            },
            SaleChannel::Amazon => match marketplace_status {
                "Pending" => Unpaid,
                "PendingAvailability" => OnHold,
                "Unshipped" => AwaitingShipment,
                "PartiallyShipped" => PartiallyShipped,
                // Shipped, the invoice not yet confirmed (Brazil): out of the seller's hands.
                "Shipped" | "InvoiceUnconfirmed" => AwaitingCollection,
                // Amazon will not fulfil it: as final as a cancellation.
                "Canceled" | "Unfulfillable" => Cancelled,
                _ => Unknown,
            },
            SaleChannel::Walmart => match marketplace_status {
                "Created" | "Acknowledged" => AwaitingShipment,
                "Shipped" => AwaitingCollection,
                "Delivered" => Delivered,
                "Cancelled" => Cancelled,
                _ => Unknown,
            },
        }
    }

    /// The stored `marketplace_rank`.
    pub fn rank(self) -> i64 {
        self as i64
    }

    /// The marketplace still holds the order: the buyer may cancel for free.
    pub fn is_held(self) -> bool {
        matches!(self, MarketplaceStage::Unpaid | MarketplaceStage::OnHold)
    }

    /// The desk's status the marketplace's word gives. Before the parcel leaves this is
    /// AWAITING_FULFILLMENT, which [`derive_status`] refines.
    pub fn order_status(self) -> OrderStatus {
        match self {
            MarketplaceStage::PartiallyShipped
            | MarketplaceStage::AwaitingCollection
            | MarketplaceStage::InTransit => OrderStatus::InTransit,
            MarketplaceStage::Delivered => OrderStatus::Delivered,
            MarketplaceStage::Completed => OrderStatus::Completed,
            MarketplaceStage::Cancelled => OrderStatus::Cancelled,
            MarketplaceStage::Unknown
            | MarketplaceStage::Unpaid
            | MarketplaceStage::OnHold
            | MarketplaceStage::AwaitingShipment => OrderStatus::AwaitingFulfillment,
        }
    }
}

/// The rank of a TikTok status ([`MarketplaceStage`]).
pub fn marketplace_rank(marketplace_status: &str) -> i64 {
    MarketplaceStage::of(SaleChannel::Tiktok, marketplace_status).rank()
}

/// TikTok hides the recipient while an order may still be cancelled without cost.
pub fn recipient_hidden(marketplace_status: &str) -> bool {
    MarketplaceStage::of(SaleChannel::Tiktok, marketplace_status).is_held()
}

/// Where an order is in Sellerdesk's workflow.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum OrderStatus {
    AwaitingDesign,
    AwaitingFulfillment,
    AwaitingShipment,
    Cancelled,
    Completed,
    Delivered,
    Fulfilled,
    InTransit,
    Refunded,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Sellerdesk's status for a TikTok order status. TikTok owns its list, so a status it
    /// adds later reads as an order still to fulfil, the state a seller looks at.
    pub fn of_tiktok(marketplace_status: &str) -> OrderStatus {
        MarketplaceStage::of(SaleChannel::Tiktok, marketplace_status).order_status()
    }

    /// The marketplace moved the order past Sellerdesk's workflow: its word wins over ours.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            OrderStatus::InTransit
                | OrderStatus::Delivered
                | OrderStatus::Completed
                | OrderStatus::Cancelled
        )
    }
}

/// The workflow status a sync gives an order. The marketplace's final states win (shipped,
/// delivered, completed, cancelled). Before those, an order is AWAITING_DESIGN while one of its
/// print-on-demand items has no design and AWAITING_FULFILLMENT once it is ready — but only
/// while it sits in one of those two states by the sync's own hand: a status a person chose
/// (`manual`) or one fulfilment moved it to (AWAITING_SHIPMENT, FULFILLED, REFUNDED) is kept.
pub fn derive_status(
    current: Option<OrderStatus>,
    stage: MarketplaceStage,
    needs_design: bool,
    manual: bool,
) -> OrderStatus {
    // REFUNDED is the seller's last word on an order the marketplace already finished with
    // (money given back outside its flow): a later sync reporting COMPLETED does not undo it.
    if current == Some(OrderStatus::Refunded) {
        return OrderStatus::Refunded;
    }
    let marketplace = stage.order_status();
    if marketplace.is_final() {
        return marketplace;
    }
    let ready = if needs_design {
        OrderStatus::AwaitingDesign
    } else {
        OrderStatus::AwaitingFulfillment
    };
    match current {
        None => ready,
        Some(OrderStatus::AwaitingDesign | OrderStatus::AwaitingFulfillment) if !manual => ready,
        Some(kept) => kept,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn search_text_folds_case_keeps_fields_apart_and_stays_short() {
        let text = super::search_text(
            "58ABC",
            Some("Ann@Example.com"),
            None,
            [(Some("MUG-1"), "Cat Mug"), (None, "Élan Tee")],
        );
        assert_eq!(
            text,
            "58abc\u{1f}ann@example.com\u{1f}mug-1\u{1f}cat mug\u{1f}élan tee"
        );
        let long = "é".repeat(800);
        let text = super::search_text("1", None, Some(&long), []);
        assert!(text.len() <= super::SEARCH_TEXT_MAX);
        assert!(text.starts_with("1\u{1f}éé"));
    }

    use super::*;

    fn tiktok(status: &str) -> MarketplaceStage {
        MarketplaceStage::of(SaleChannel::Tiktok, status)
    }

    #[test]
    fn a_refund_made_by_hand_survives_the_marketplace_finishing_the_order() {
        assert_eq!(
            derive_status(
                Some(OrderStatus::Refunded),
                tiktok("COMPLETED"),
                false,
                true
            ),
            OrderStatus::Refunded
        );
        assert_eq!(
            derive_status(
                Some(OrderStatus::Delivered),
                tiktok("COMPLETED"),
                false,
                false
            ),
            OrderStatus::Completed
        );
    }

    #[test]
    fn ranks_move_forward_and_cancelled_is_last() {
        let flow = [
            "UNPAID",
            "ON_HOLD",
            "AWAITING_SHIPMENT",
            "PARTIALLY_SHIPPING",
            "AWAITING_COLLECTION",
            "IN_TRANSIT",
            "DELIVERED",
            "COMPLETED",
            "CANCELLED",
        ];
        assert!(
            flow.windows(2)
                .all(|w| marketplace_rank(w[0]) < marketplace_rank(w[1]))
        );
        assert_eq!(marketplace_rank("CANCEL"), marketplace_rank("CANCELLED"));
        assert_eq!(marketplace_rank("SOMETHING_NEW"), 0);
    }

    #[test]
    fn derived_status_keeps_what_people_chose() {
        use OrderStatus::*;
        assert_eq!(
            derive_status(None, tiktok("AWAITING_SHIPMENT"), true, false),
            AwaitingDesign
        );
        assert_eq!(
            derive_status(None, tiktok("UNPAID"), false, false),
            AwaitingFulfillment
        );
        assert_eq!(
            derive_status(
                Some(AwaitingDesign),
                tiktok("AWAITING_SHIPMENT"),
                false,
                false
            ),
            AwaitingFulfillment
        );
        // A person moved it on by hand: the sync does not move it back.
        assert_eq!(
            derive_status(
                Some(AwaitingFulfillment),
                tiktok("AWAITING_SHIPMENT"),
                true,
                true
            ),
            AwaitingFulfillment
        );
        assert_eq!(
            derive_status(Some(Fulfilled), tiktok("AWAITING_SHIPMENT"), true, false),
            Fulfilled
        );
        // The marketplace's final word wins over anything.
        assert_eq!(
            derive_status(Some(Fulfilled), tiktok("IN_TRANSIT"), false, true),
            InTransit
        );
        assert_eq!(
            derive_status(Some(AwaitingDesign), tiktok("CANCELLED"), true, false),
            Cancelled
        );
    }

    #[test]
    fn every_channel_maps_onto_one_forward_scale() {
        use MarketplaceStage::*;
        let amazon = |s| MarketplaceStage::of(SaleChannel::Amazon, s);
        let walmart = |s| MarketplaceStage::of(SaleChannel::Walmart, s);
        let flow = [
            amazon("Pending"),
            amazon("Unshipped"),
            amazon("PartiallyShipped"),
            amazon("Shipped"),
            amazon("Canceled"),
        ];
        assert!(
            flow.windows(2).all(|w| w[0].rank() < w[1].rank()),
            "{flow:?}"
        );
        let flow = [
            walmart("Created"),
            walmart("Shipped"),
            walmart("Delivered"),
            walmart("Cancelled"),
        ];
        assert!(
            flow.windows(2).all(|w| w[0].rank() < w[1].rank()),
            "{flow:?}"
        );
        assert_eq!(walmart("Acknowledged"), walmart("Created"));
        // Each channel's words only: another channel's spelling is unknown to it.
        assert_eq!(amazon("CANCELLED"), Unknown);
        assert_eq!(walmart("Canceled"), Unknown);
        assert_eq!(tiktok("Shipped"), Unknown);
        // The same step reads the same on the desk whichever channel said it.
        assert_eq!(amazon("Shipped").order_status(), OrderStatus::InTransit);
        assert_eq!(walmart("Shipped").order_status(), OrderStatus::InTransit);
        assert_eq!(walmart("Delivered").order_status(), OrderStatus::Delivered);
        assert_eq!(
            amazon("Unfulfillable").order_status(),
            OrderStatus::Cancelled
        );
        assert_eq!(
            amazon("Unshipped").order_status(),
            OrderStatus::AwaitingFulfillment
        );
        assert!(amazon("Pending").is_held() && amazon("PendingAvailability").is_held());
        assert!(!walmart("Created").is_held());
    }
}
