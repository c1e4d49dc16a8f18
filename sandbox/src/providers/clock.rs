//! The lifecycle clock: moves orders along their provider's path one step at a time (on
//! demand, or every `progress_every` in the background), makes the shipment with its tracking
//! when an order ships, stamps delivery, and has the provider's webhooks sent for each move.
use chrono::{DateTime, Utc};

use super::Provider;
use super::api::Spec;
use super::state::{Inner, Shipment, Stage};
use super::webhooks;

/// The step after `status` on the provider's path; `None` at the end or off it for good.
pub fn next_step(spec: &Spec, status: &str, stage: Stage) -> Option<(&'static str, Stage)> {
    if !stage.is_open() {
        return None;
    }
    let path = spec.lifecycle;
    if let Some(i) = path.iter().position(|(t, s)| *t == status && *s == stage) {
        return path.get(i + 1).copied();
    }
    // A status off the path (set by hand, or a side state such as on hold): rejoin it at the
    // first step further along.
    path.iter().find(|(_, s)| s.rank() > stage.rank()).copied()
}

/// Moves one order one step; answers whether it moved. The provider's webhooks are queued.
pub fn advance(inner: &mut Inner, provider: Provider, id: &str, now: DateTime<Utc>) -> bool {
    let spec = provider.spec();
    let Some(order) = inner.order(provider, id) else {
        return false;
    };
    let Some((status, stage)) = next_step(spec, order.status, order.stage) else {
        return false;
    };
    move_to(inner, spec, id, status, stage, now, true)
}

/// Every open order one step, oldest first; answers how many moved.
pub fn advance_all(inner: &mut Inner, now: DateTime<Utc>) -> usize {
    let open: Vec<(Provider, String)> = inner
        .orders
        .values()
        .filter(|o| o.stage.is_open())
        .map(|o| (o.provider, o.id.clone()))
        .collect();
    open.into_iter()
        .filter(|(p, id)| advance(inner, *p, id, now))
        .count()
}

/// Puts an order in `status`. Shipping makes the shipment, delivery stamps it, production and
/// cancellation stamp their times. With `announce`, the provider's webhooks for the move are
/// queued; without, the change is silent (drift planted by a test).
pub fn move_to(
    inner: &mut Inner,
    spec: &Spec,
    id: &str,
    status: &'static str,
    stage: Stage,
    now: DateTime<Utc>,
    announce: bool,
) -> bool {
    let needs_shipment = matches!(stage, Stage::Shipped | Stage::Delivered)
        && inner
            .order(spec.provider, id)
            .is_some_and(|o| o.shipment.is_none());
    let shipment = if needs_shipment {
        let (method, country) = match inner.order(spec.provider, id) {
            Some(o) => (o.shipping_method.clone(), o.recipient.country.clone()),
            None => return false,
        };
        Some(ship(inner, &method, &country, now))
    } else {
        None
    };
    let Some(order) = inner.order_mut(spec.provider, id) else {
        return false;
    };
    let from = order.status;
    order.status = status;
    order.stage = stage;
    order.updated_at = now;
    order.history.push((status, now));
    if stage.rank() >= Stage::InProduction.rank()
        && stage != Stage::Cancelled
        && stage != Stage::Rejected
        && order.sent_to_production_at.is_none()
    {
        order.sent_to_production_at = Some(now);
    }
    if stage == Stage::Cancelled && order.cancelled_at.is_none() {
        order.cancelled_at = Some(now);
    }
    if let Some(s) = shipment {
        order.shipment = Some(s);
    }
    if stage == Stage::Delivered
        && let Some(s) = order.shipment.as_mut()
    {
        s.delivered_at.get_or_insert(now);
    }
    if announce {
        let events = (spec.events)(order, Some(from), now);
        let account = order.account.clone();
        webhooks::emit(inner, spec, &account, events, false);
    }
    true
}

/// A parcel handed to a carrier: DHL abroad or when asked for, UPS for fast methods, USPS
/// otherwise.
fn ship(inner: &mut Inner, method: &str, country: &str, now: DateTime<Utc>) -> Shipment {
    let method = method.to_ascii_lowercase();
    let fast = ["express", "priority", "expedite", "rush", "2", "3"]
        .iter()
        .any(|m| method == *m || method.contains(m) && m.len() > 1);
    let (carrier, number, url) = if !country.eq_ignore_ascii_case("US") || method.contains("dhl") {
        let n = inner.digits(10);
        let url = format!(
            "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}"
        );
        ("DHL", n, url)
    } else if fast {
        let n = format!(
            "1Z{}03{}",
            inner.token(6).to_ascii_uppercase(),
            inner.digits(8)
        );
        let url = format!("https://www.ups.com/track?tracknum={n}");
        ("UPS", n, url)
    } else {
        let n = format!("9400{}", inner.digits(18));
        let url = format!("https://tools.usps.com/go/TrackConfirmAction?tLabels={n}");
        ("USPS", n, url)
    };
    Shipment {
        carrier,
        number,
        url,
        shipped_at: now,
        delivered_at: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_the_path_and_rejoins_it_from_side_states() {
        let spec = Provider::Printify.spec();
        assert_eq!(
            next_step(spec, "on-hold", Stage::OnHold),
            Some(("sending-to-production", Stage::InProduction))
        );
        assert_eq!(
            next_step(spec, "fulfilled", Stage::Shipped),
            Some(("fulfilled", Stage::Delivered))
        );
        assert_eq!(next_step(spec, "fulfilled", Stage::Delivered), None);
        // Off the path: payment not received is on hold, so production comes next.
        assert_eq!(
            next_step(spec, "payment-not-received", Stage::OnHold),
            Some(("sending-to-production", Stage::InProduction))
        );
        assert_eq!(next_step(spec, "canceled", Stage::Cancelled), None);
        let spec = Provider::MangoTee.spec();
        assert_eq!(
            next_step(spec, "on_hold", Stage::OnHold),
            Some(("in_production", Stage::InProduction))
        );
    }
}
