//! Enumerations stored as text. Each is a Rust enum whose values are spelled once, by strum's
//! derives, as the contract spells them (SCREAMING_SNAKE_CASE): written with `as_str()` and read
//! back with [`column`], which refuses a value it does not know instead of guessing one.
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::{DomainError, Result};

/// A value read from `table.column` as an enumeration. A value this build does not know (a
/// hand-edited row, a newer release's value after a rollback) is logged with where it was and
/// answered as [`DomainError::UnknownValue`], never replaced by a default: a wrong status shown
/// or acted on is worse than a failed read.
pub fn decode<T: std::str::FromStr>(
    table: &'static str,
    column: &'static str,
    raw: &str,
) -> Result<T> {
    raw.parse().map_err(|_| {
        tracing::error!(
            table,
            column,
            value = raw,
            "a stored value is not one this build knows"
        );
        DomainError::UnknownValue { table, column }
    })
}

/// Reads `column` of a row of `table` as an enumeration (see [`decode`]).
pub fn column<T: std::str::FromStr>(
    row: &AnyRow,
    table: &'static str,
    column: &'static str,
) -> Result<T> {
    let raw: String = row.try_get(column)?;
    decode(table, column, &raw)
}

/// Like [`column`] for a nullable column.
pub fn optional<T: std::str::FromStr>(
    row: &AnyRow,
    table: &'static str,
    column: &'static str,
) -> Result<Option<T>> {
    let raw: Option<String> = row.try_get(column)?;
    raw.map(|raw| decode(table, column, &raw)).transpose()
}

/// Every value of an enumeration survives the trip to text and back, and a value it does not
/// know is an error: the check each stored enumeration's tests run.
#[cfg(test)]
pub(crate) fn assert_round_trip<T>()
where
    T: strum::VariantArray
        + std::str::FromStr
        + Into<&'static str>
        + Copy
        + PartialEq
        + std::fmt::Debug,
{
    for value in T::VARIANTS {
        let text: &'static str = (*value).into();
        assert_eq!(decode::<T>("t", "c", text).ok(), Some(*value), "{text}");
    }
    for unknown in ["", "UNKNOWN", "live", " LIVE"] {
        assert!(
            matches!(
                decode::<T>("t", "c", unknown),
                Err(DomainError::UnknownValue { .. })
            ),
            "{unknown:?} was accepted"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;
    use crate::billing::TransactionType;
    use crate::catalogue::{DimensionUnit, ProductType, WeightUnit};
    use crate::orders::OrderStatus;
    use crate::plans::PlanType;
    use crate::products::ProductStatus;
    use crate::settings::SettingKey;
    use crate::shop_products::{ListingMode, LiveStatus, TiktokProductStatus};
    use crate::shops::{SaleChannel, ShopConnection};
    use crate::templates::TemplateStatus;
    use crate::tokens::TokenKind;

    /// The values as written: the same lists as the migrations' CHECK constraints and the
    /// contract's enums, so a renamed variant fails here rather than in a database.
    fn spelled<T>() -> Vec<&'static str>
    where
        T: strum::VariantArray + Into<&'static str> + Copy,
    {
        T::VARIANTS.iter().map(|v| (*v).into()).collect()
    }

    #[test]
    fn every_stored_enumeration_round_trips_and_refuses_unknown_values() {
        assert_round_trip::<Role>();
        assert_round_trip::<ProductType>();
        assert_round_trip::<WeightUnit>();
        assert_round_trip::<DimensionUnit>();
        assert_round_trip::<TemplateStatus>();
        assert_round_trip::<ProductStatus>();
        assert_round_trip::<LiveStatus>();
        assert_round_trip::<TiktokProductStatus>();
        assert_round_trip::<ListingMode>();
        assert_round_trip::<SaleChannel>();
        assert_round_trip::<ShopConnection>();
        assert_round_trip::<PlanType>();
        assert_round_trip::<OrderStatus>();
        assert_round_trip::<SettingKey>();
        assert_round_trip::<TokenKind>();
        assert_round_trip::<TransactionType>();
    }

    #[test]
    fn values_are_spelled_as_the_schema_spells_them() {
        assert_eq!(spelled::<Role>(), ["ADMIN", "STAFF", "SUPER_ADMIN"]);
        assert_eq!(
            spelled::<TransactionType>(),
            ["TOP_UP", "PLAN_PURCHASE", "ADJUSTMENT"]
        );
        assert_eq!(spelled::<ProductType>(), ["DROPSHIP", "POD"]);
        assert_eq!(spelled::<WeightUnit>(), ["KILOGRAM", "POUND"]);
        assert_eq!(spelled::<DimensionUnit>(), ["CENTIMETER", "INCH"]);
        assert_eq!(spelled::<TemplateStatus>(), ["ACTIVE", "DRAFT"]);
        assert_eq!(
            spelled::<ProductStatus>(),
            ["PUBLISHED", "SOLD", "UNPUBLISHED"]
        );
        assert_eq!(
            spelled::<LiveStatus>(),
            ["DRAFT", "LISTED", "LIVE", "PENDING", "SUSPENDED"]
        );
        assert_eq!(
            spelled::<TiktokProductStatus>(),
            [
                "ACTIVATE",
                "DELETED",
                "DRAFT",
                "FAILED",
                "FREEZE",
                "PENDING",
                "PLATFORM_DEACTIVATED",
                "SELLER_DEACTIVATED"
            ]
        );
        assert_eq!(spelled::<ListingMode>(), ["AS_DRAFT", "LISTING"]);
        assert_eq!(spelled::<SaleChannel>(), ["AMAZON", "TIKTOK", "WALMART"]);
        assert_eq!(spelled::<ShopConnection>(), ["CONNECTED", "OPEN"]);
        assert_eq!(
            spelled::<PlanType>(),
            ["BASIC", "BEGIN", "DIAMOND", "FREE", "PREMIUM", "SMALL"]
        );
        assert_eq!(
            spelled::<OrderStatus>(),
            [
                "AWAITING_DESIGN",
                "AWAITING_FULFILLMENT",
                "AWAITING_SHIPMENT",
                "CANCELLED",
                "COMPLETED",
                "DELIVERED",
                "FULFILLED",
                "IN_TRANSIT",
                "REFUNDED"
            ]
        );
        assert_eq!(spelled::<SettingKey>(), ["TIMEZONE"]);
        assert_eq!(spelled::<TokenKind>(), ["VERIFY_EMAIL", "RESET_PASSWORD"]);
    }

    #[test]
    fn the_listing_mode_of_a_job_payload_is_spelled_as_stored() {
        assert_eq!(
            serde_json::to_value(ListingMode::AsDraft).ok(),
            Some(serde_json::json!("AS_DRAFT"))
        );
        assert_eq!(
            serde_json::from_value::<ListingMode>(serde_json::json!("LISTING")).ok(),
            Some(ListingMode::Listing)
        );
    }

    #[test]
    fn an_unknown_value_names_where_it_was_but_not_the_value() {
        let err = decode::<SaleChannel>("shops", "sale_channel", "EBAY").expect_err("unknown");
        assert_eq!(
            err.to_string(),
            "shops.sale_channel holds a value this build does not know"
        );
    }

    #[test]
    fn tiktok_statuses_read_as_before() {
        let live = |s: &str| LiveStatus::of_tiktok(s).as_str();
        assert_eq!(live("ACTIVATE"), "LIVE");
        assert_eq!(live("PENDING"), "PENDING");
        assert_eq!(live("SELLER_DEACTIVATED"), "LISTED");
        for s in ["PLATFORM_DEACTIVATED", "FREEZE", "DELETED"] {
            assert_eq!(live(s), "SUSPENDED");
        }
        for s in ["DRAFT", "FAILED", "SOMETHING_NEW"] {
            assert_eq!(live(s), "DRAFT");
        }
        let order = |s: &str| OrderStatus::of_tiktok(s).as_str();
        for s in ["IN_TRANSIT", "AWAITING_COLLECTION", "PARTIALLY_SHIPPING"] {
            assert_eq!(order(s), "IN_TRANSIT");
        }
        assert_eq!(order("DELIVERED"), "DELIVERED");
        assert_eq!(order("COMPLETED"), "COMPLETED");
        assert_eq!(order("CANCELLED"), "CANCELLED");
        assert_eq!(order("AWAITING_SHIPMENT"), "AWAITING_FULFILLMENT");
    }

    #[test]
    fn every_channel_lists_and_only_tiktok_has_drafts_lookups_and_promotions() {
        for channel in <SaleChannel as strum::VariantArray>::VARIANTS {
            let tiktok = *channel == SaleChannel::Tiktok;
            assert_eq!(
                channel.supports_authorization(),
                *channel != SaleChannel::Walmart
            );
            assert!(channel.supports_listing());
            assert_eq!(channel.supports_drafts(), tiktok);
            assert_eq!(channel.supports_lookups(), tiktok);
            assert_eq!(channel.supports_promotions(), tiktok);
        }
    }
}
