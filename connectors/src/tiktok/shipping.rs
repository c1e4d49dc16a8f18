//! Seller shipping (US flow): the shipping providers of an order's delivery option, Mark
//! Package As Shipped (which creates the package), package detail, and matching a carrier's
//! name to the marketplace's provider list.
use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use lru::LruCache;
use reqwest::Method;
use serde::{Deserialize, Serialize};

use super::ShopAuth;
use super::client::{ApiRequest, Retry, TiktokClient};
use super::error::{TiktokError, codes};
use super::orders::RecipientAddress;

/// A carrier the marketplace knows for a delivery option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShippingProvider {
    pub id: String,
    pub name: String,
}

/// What Mark Package As Shipped sends. With no line ids the whole order ships; a partly
/// shipped order needs them (`21011048`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MarkShipped {
    pub tracking_number: String,
    /// From [`TiktokClient::shipping_providers`] of the order's `delivery_option_id`.
    pub shipping_provider_id: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub order_line_item_ids: Vec<String>,
}

/// How a Mark Package As Shipped call ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShipOutcome {
    /// The marketplace created the package. `warning` is its note on an accepted call (US: a
    /// tracking number that may not match the provider), for the seller to read.
    Shipped {
        package_id: String,
        warning: Option<String>,
    },
    /// The marketplace says these lines or this order are already shipped: a repeat of a call
    /// whose answer was lost, or a shipment made elsewhere (Seller Center). Either way there is
    /// nothing left to send; the order's packages tell which tracking it carries.
    AlreadyShipped,
}

/// One order a package belongs to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PackageOrder {
    pub id: String,
}

/// A package as `GET /fulfillment/202309/packages/{package_id}` answers it. Pickup slot,
/// weight, dimension, sender address and insurance (TikTok-shipped packages) are not read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PackageDetail {
    pub package_id: String,
    /// `TO_FULFILL`, `PROCESSING` (shipped, awaiting collection), `FULFILLING` (in transit),
    /// `COMPLETED` (delivered) or `CANCELLED`.
    pub package_status: String,
    pub tracking_number: String,
    pub shipping_provider_id: String,
    pub shipping_provider_name: String,
    /// `SELLER` or `TIKTOK`.
    pub shipping_type: String,
    pub delivery_option_id: String,
    pub delivery_option_name: String,
    pub order_line_item_ids: Vec<String>,
    pub orders: Vec<PackageOrder>,
    /// `DEFAULT`, `SPLIT` or `COMBINE`.
    pub split_and_combine_tag: String,
    pub has_multi_skus: bool,
    pub create_time: i64,
    pub update_time: i64,
    pub recipient_address: Option<RecipientAddress>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ProviderList {
    shipping_providers: Vec<ShippingProvider>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Warning {
    message: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Shipped {
    package_id: String,
    warning: Option<Warning>,
}

/// How long a delivery option's shipping providers are taken as known.
const PROVIDERS_FOR: Duration = Duration::from_secs(3600);

/// A shop's cipher and a delivery option.
type ProviderKey = (String, String);

/// The shipping providers last read, by shop and delivery option, for [`PROVIDERS_FOR`].
pub(crate) struct ProviderCache(Mutex<LruCache<ProviderKey, (Instant, Vec<ShippingProvider>)>>);

impl Default for ProviderCache {
    fn default() -> Self {
        ProviderCache(Mutex::new(LruCache::new(
            NonZeroUsize::new(1024).unwrap_or(NonZeroUsize::MIN),
        )))
    }
}

impl ProviderCache {
    fn get(&self, key: &ProviderKey) -> Option<Vec<ShippingProvider>> {
        let mut cache = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match cache.get(key) {
            Some((at, providers)) if at.elapsed() < PROVIDERS_FOR => Some(providers.clone()),
            _ => None,
        }
    }

    fn put(&self, key: ProviderKey, providers: &[ShippingProvider]) {
        let mut cache = self.0.lock().unwrap_or_else(|e| e.into_inner());
        cache.put(key, (Instant::now(), providers.to_vec()));
    }
}

impl TiktokClient {
    /// The providers a seller may ship an order of this delivery option with (the order's
    /// `delivery_option_id`). A TikTok-shipped option has none (`21008117`). Kept an hour per
    /// shop and option: every order of a shop ships with the same few.
    pub async fn shipping_providers(
        &self,
        shop: &ShopAuth,
        delivery_option_id: &str,
    ) -> Result<Vec<ShippingProvider>, TiktokError> {
        let id = path_id("delivery_option_id", delivery_option_id)?;
        let key = (shop.shop_cipher.clone(), id.to_string());
        if let Some(known) = self.shipping_providers.get(&key) {
            return Ok(known);
        }
        self.refresh_shipping_providers(shop, delivery_option_id)
            .await
    }

    /// [`shipping_providers`](Self::shipping_providers) read now, for when the list kept may
    /// be out of date (a carrier not found in it).
    pub async fn refresh_shipping_providers(
        &self,
        shop: &ShopAuth,
        delivery_option_id: &str,
    ) -> Result<Vec<ShippingProvider>, TiktokError> {
        let id = path_id("delivery_option_id", delivery_option_id)?;
        let key = (shop.shop_cipher.clone(), id.to_string());
        let req = ApiRequest::new(
            Method::GET,
            format!("/logistics/202309/delivery_options/{id}/shipping_providers"),
        )
        .shop(&shop.access_token, &shop.shop_cipher);
        let list: ProviderList = self.call(req).await?;
        self.shipping_providers.put(key, &list.shipping_providers);
        Ok(list.shipping_providers)
    }

    /// Marks an order's lines shipped with a tracking number (Mark Package As Shipped).
    ///
    /// The call creates a package and carries no idempotency key, so it is sent again only
    /// after throttling (which guarantees nothing happened). After a 5xx or a timeout the
    /// caller may repeat it: the marketplace then answers "already shipped", which comes back
    /// as [`ShipOutcome::AlreadyShipped`].
    pub async fn mark_shipped(
        &self,
        shop: &ShopAuth,
        order_id: &str,
        ship: &MarkShipped,
    ) -> Result<ShipOutcome, TiktokError> {
        let id = path_id("order_id", order_id)?;
        let req = ApiRequest::new(
            Method::POST,
            format!("/fulfillment/202309/orders/{id}/packages"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .json(ship)?
        .retry(Retry::ThrottleOnly);
        match self.call::<Shipped>(req).await {
            Ok(shipped) => Ok(ShipOutcome::Shipped {
                package_id: shipped.package_id,
                warning: shipped
                    .warning
                    .map(|w| w.message)
                    .filter(|m| !m.trim().is_empty()),
            }),
            Err(TiktokError::Rejected { code, .. }) if codes::ALREADY_SHIPPED.contains(&code) => {
                Ok(ShipOutcome::AlreadyShipped)
            }
            Err(e) => Err(e),
        }
    }

    /// A package: its status, tracking, provider and lines.
    pub async fn package_detail(
        &self,
        shop: &ShopAuth,
        package_id: &str,
    ) -> Result<PackageDetail, TiktokError> {
        let id = path_id("package_id", package_id)?;
        let req = ApiRequest::new(Method::GET, format!("/fulfillment/202309/packages/{id}"))
            .shop(&shop.access_token, &shop.shop_cipher);
        self.call(req).await
    }
}

/// An id that goes into a path: only what marketplace ids are made of, so that no value can
/// reach another endpoint.
fn path_id<'a>(name: &str, id: &'a str) -> Result<&'a str, TiktokError> {
    let id = id.trim();
    if !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        Ok(id)
    } else {
        Err(TiktokError::Rejected {
            code: codes::INVALID_PARAM,
            message: format!("{name} is not a valid TikTok Shop id"),
            request_id: String::new(),
        })
    }
}

/// Names one carrier goes by, written as [`normalise`] leaves them. No name is in two groups:
/// "DHL" (DHL Express) and "DHL eCommerce" are different carriers (reference §1), as are
/// OnTrac and LaserShip.
const ALIASES: &[&[&str]] = &[
    &[
        "usps",
        "unitedstatespostalservice",
        "uspostalservice",
        "unitedstatespostal",
        "uspsgroundadvantage",
        "uspsfirstclass",
        "uspsfirstclassmail",
        "uspspriority",
        "uspsprioritymail",
    ],
    &["ups", "unitedparcelservice", "upsground"],
    &[
        "fedex",
        "federalexpress",
        "fedexground",
        "fedexhomedelivery",
        "fedexexpress",
    ],
    &[
        "dhl",
        "dhlexpress",
        "dhlexpressworldwide",
        "dhlworldwideexpress",
    ],
    &[
        "dhlecommerce",
        "dhlecom",
        "dhlecommercesolutions",
        "dhlecommerceus",
        "dhlglobalmail",
    ],
    &["amazonlogistics", "amazon", "amazonshipping", "amzl"],
    &["ontrac"],
    &["lasership"],
    &["asendia", "asendiausa"],
    &["yunexpress", "yun"],
    &["4px", "4pxexpress", "4pxworldwideexpress"],
    &["canadapost", "postescanada"],
    &["pitneybowes", "pitneybowesglobal"],
];

/// Lower case, letters and digits only: "Fed-Ex", "fedex" and "FedEx " read the same.
fn normalise(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The marketplace provider a fulfilment provider's carrier text stands for: the provider of
/// the same name (ignoring case, spaces and punctuation) first, then one of a known other name
/// of the same carrier ("USPS" and "United States Postal Service", "FedEx" and "Federal
/// Express"), else none. A near name is never taken for a carrier: "DHL" is not
/// "DHL eCommerce".
pub fn match_shipping_provider<'a>(
    carrier: &str,
    providers: &'a [ShippingProvider],
) -> Option<&'a ShippingProvider> {
    let wanted = normalise(carrier);
    if wanted.is_empty() {
        return None;
    }
    if let Some(same) = providers.iter().find(|p| normalise(&p.name) == wanted) {
        return Some(same);
    }
    let group = ALIASES.iter().find(|g| g.contains(&wanted.as_str()))?;
    providers
        .iter()
        .find(|p| group.contains(&normalise(&p.name).as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(names: &[&str]) -> Vec<ShippingProvider> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| ShippingProvider {
                id: format!("{}", 100 + i),
                name: (*n).to_owned(),
            })
            .collect()
    }

    fn matched(carrier: &str, providers: &[ShippingProvider]) -> Option<String> {
        match_shipping_provider(carrier, providers).map(|p| p.name.clone())
    }

    #[test]
    fn the_same_name_wins_whatever_its_case_and_punctuation() {
        let providers = list(&["USPS", "UPS", "FedEx", "DHL eCommerce", "DHL", "4PX"]);
        assert_eq!(matched("usps", &providers).as_deref(), Some("USPS"));
        assert_eq!(matched(" U.P.S. ", &providers).as_deref(), Some("UPS"));
        assert_eq!(matched("Fed-Ex", &providers).as_deref(), Some("FedEx"));
        assert_eq!(
            matched("dhl_ecommerce", &providers).as_deref(),
            Some("DHL eCommerce")
        );
        assert_eq!(matched("DHL", &providers).as_deref(), Some("DHL"));
        assert_eq!(matched("4px", &providers).as_deref(), Some("4PX"));
        assert_eq!(
            match_shipping_provider("fedex", &providers).map(|p| p.id.as_str()),
            Some("102")
        );
    }

    #[test]
    fn other_names_of_a_carrier_are_known() {
        let providers = list(&["United States Postal Service", "Federal Express", "UPS"]);
        assert_eq!(
            matched("USPS", &providers).as_deref(),
            Some("United States Postal Service")
        );
        assert_eq!(
            matched("FedEx", &providers).as_deref(),
            Some("Federal Express")
        );
        assert_eq!(
            matched("FedEx Ground", &providers).as_deref(),
            Some("Federal Express")
        );
        let short = list(&["USPS", "FedEx"]);
        assert_eq!(
            matched("United States Postal Service", &short).as_deref(),
            Some("USPS")
        );
        assert_eq!(
            matched("USPS Ground Advantage", &short).as_deref(),
            Some("USPS")
        );
        assert_eq!(matched("Federal Express", &short).as_deref(), Some("FedEx"));
    }

    #[test]
    fn dhl_and_dhl_ecommerce_are_kept_apart() {
        let only_ecommerce = list(&["USPS", "DHL eCommerce"]);
        assert_eq!(matched("DHL", &only_ecommerce), None);
        assert_eq!(matched("DHL Express", &only_ecommerce), None);
        assert_eq!(
            matched("DHL Global Mail", &only_ecommerce).as_deref(),
            Some("DHL eCommerce")
        );
        let only_express = list(&["DHL Express"]);
        assert_eq!(matched("DHL eCommerce", &only_express), None);
        assert_eq!(
            matched("dhl", &only_express).as_deref(),
            Some("DHL Express")
        );
    }

    #[test]
    fn unknown_or_empty_carriers_match_nothing() {
        let providers = list(&["USPS", "UPS"]);
        assert_eq!(matched("Royal Mail", &providers), None);
        assert_eq!(matched("", &providers), None);
        assert_eq!(matched(" - ", &providers), None);
        assert_eq!(matched("USPS", &[]), None);
        // A carrier known by another name, but not on this list.
        assert_eq!(matched("Federal Express", &providers), None);
    }

    #[test]
    fn alias_groups_never_share_a_name() {
        let mut all: Vec<&str> = ALIASES.iter().flat_map(|g| g.iter().copied()).collect();
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
        assert!(
            ALIASES
                .iter()
                .flat_map(|g| g.iter())
                .all(|n| normalise(n) == *n)
        );
    }

    #[test]
    fn ids_that_would_leave_the_path_are_refused() {
        assert_eq!(
            path_id("order_id", " 576461413038785752 ").ok(),
            Some("576461413038785752")
        );
        for bad in [
            "",
            "../../product/202309/products",
            "1?x=2",
            "1/packages",
            "1 2",
        ] {
            assert!(path_id("order_id", bad).is_err(), "{bad}");
        }
    }
}
