//! Product Type Definitions 2020-09-01 and Listings Items 2021-08-01.
//!
//! Creating is idempotent by SKU: a listing is addressed by the seller's SKU, and PUT replaces
//! it whole, so sending the same PUT again (after a lost answer, a 500, a retried job) leaves
//! one listing. The client therefore retries PUT, PATCH and DELETE on 5xx as well as 429.
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::client::{AmazonClient, Op, Req, SellerSession};
use super::error::AmazonError;

/// What a submission must satisfy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ListingRequirements {
    /// Product facts and the offer: a new listing.
    #[default]
    Listing,
    ListingProductOnly,
    ListingOfferOnly,
}

/// A full listing (PUT): the product type and the attributes, each an array of value objects
/// (see [`text_attribute`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingPut {
    pub product_type: String,
    pub requirements: ListingRequirements,
    pub attributes: Map<String, Value>,
}

/// One change of a PATCH.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListingPatch {
    /// `add`, `replace`, `merge` or `delete`.
    pub op: String,
    /// `/attributes/{name}`.
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
}

impl ListingPatch {
    pub fn replace(attribute: &str, value: Value) -> ListingPatch {
        ListingPatch {
            op: "replace".into(),
            path: format!("/attributes/{attribute}"),
            value: Some(value),
        }
    }

    pub fn delete(attribute: &str) -> ListingPatch {
        ListingPatch {
            op: "delete".into(),
            path: format!("/attributes/{attribute}"),
            value: None,
        }
    }
}

/// `[{"value": …, "language_tag": "en_US", "marketplace_id": …}]`: a text attribute.
pub fn text_attribute(marketplace_id: &str, value: &str) -> Value {
    json!([{ "value": value, "language_tag": "en_US", "marketplace_id": marketplace_id }])
}

/// `[{"value": …, "marketplace_id": …}]`: an attribute without a language.
pub fn value_attribute(marketplace_id: &str, value: Value) -> Value {
    json!([{ "value": value, "marketplace_id": marketplace_id }])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SubmissionStatus {
    /// Taken for processing; issues (or the live listing) come later.
    Accepted,
    /// Refused as sent: see the issues.
    Invalid,
    /// `VALIDATION_PREVIEW` only: it would be accepted.
    Valid,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum IssueSeverity {
    Error,
    Warning,
    Info,
    #[serde(other)]
    Other,
}

/// An issue Amazon found, with the attributes it is about (the fields a seller fixes).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingIssue {
    pub code: String,
    pub message: String,
    pub severity: IssueSeverity,
    #[serde(default)]
    pub attribute_names: Vec<String>,
    #[serde(default)]
    pub categories: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingSubmission {
    pub sku: String,
    pub status: SubmissionStatus,
    pub submission_id: String,
    #[serde(default)]
    pub issues: Vec<ListingIssue>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingSummary {
    pub marketplace_id: String,
    #[serde(default)]
    pub asin: Option<String>,
    pub product_type: String,
    /// `BUYABLE`, `DISCOVERABLE`.
    #[serde(default)]
    pub status: Vec<String>,
    #[serde(default)]
    pub item_name: Option<String>,
    #[serde(default)]
    pub created_date: Option<String>,
    #[serde(default)]
    pub last_updated_date: Option<String>,
}

/// `GET` of a listing with `includedData=summaries,issues` (and attributes when asked).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ListingItem {
    pub sku: String,
    #[serde(default)]
    pub summaries: Vec<ListingSummary>,
    #[serde(default)]
    pub issues: Vec<ListingIssue>,
    #[serde(default)]
    pub attributes: Option<Map<String, Value>>,
}

/// Where a listing stands after its asynchronous processing.
#[derive(Debug, Clone, PartialEq)]
pub enum ListingState {
    /// Accepted, not yet live nor refused: ask again later.
    Processing,
    Buyable {
        asin: Option<String>,
    },
    /// Refused: the ERROR issues, each naming its attributes.
    Rejected {
        issues: Vec<ListingIssue>,
    },
    /// No listing with this SKU.
    Missing,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductTypeSummary {
    pub name: String,
    #[serde(default)]
    pub display_name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProductTypeList {
    #[serde(default)]
    product_types: Vec<ProductTypeSummary>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductTypeDefinition {
    pub product_type: String,
    #[serde(default)]
    pub display_name: String,
    pub requirements: ListingRequirements,
    pub schema: SchemaLink,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SchemaLink {
    pub link: Link,
    #[serde(default)]
    pub checksum: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Link {
    pub resource: String,
    #[serde(default)]
    pub verb: String,
}

#[derive(Deserialize)]
struct Schema {
    #[serde(default)]
    required: Vec<String>,
}

/// A SKU as one path segment: everything but unreserved characters escaped.
fn sku_segment(sku: &str) -> String {
    let mut out = String::with_capacity(sku.len());
    for b in sku.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

impl AmazonClient {
    fn listing_path(&self, session: &SellerSession, sku: &str) -> String {
        format!(
            "/listings/2021-08-01/items/{}/{}",
            session.selling_partner_id,
            sku_segment(sku)
        )
    }

    /// Product types matching `keywords` (comma-separated; empty lists them all).
    pub async fn search_product_types(
        &self,
        session: &SellerSession,
        keywords: &str,
    ) -> Result<Vec<ProductTypeSummary>, AmazonError> {
        let mut req = Req::new(
            Method::GET,
            "/definitions/2020-09-01/productTypes",
            Op::ProductTypes,
        )
        .query("marketplaceIds", self.marketplace_id());
        if !keywords.is_empty() {
            req = req.query("keywords", keywords);
        }
        let list: ProductTypeList = self.call_some(session, req).await?;
        Ok(list.product_types)
    }

    pub async fn product_type_definition(
        &self,
        session: &SellerSession,
        product_type: &str,
    ) -> Result<ProductTypeDefinition, AmazonError> {
        let req = Req::new(
            Method::GET,
            format!(
                "/definitions/2020-09-01/productTypes/{}",
                sku_segment(product_type)
            ),
            Op::ProductTypes,
        )
        .query("marketplaceIds", self.marketplace_id())
        .query("requirements", "LISTING")
        .query("locale", "en_US");
        self.call_some(session, req).await
    }

    /// The attributes a listing of `product_type` must have: the definition, then its JSON
    /// Schema (a link Amazon signs; fetched without the seller's token).
    pub async fn required_attributes(
        &self,
        session: &SellerSession,
        product_type: &str,
    ) -> Result<Vec<String>, AmazonError> {
        let definition = self.product_type_definition(session, product_type).await?;
        let response = self
            .http
            .get(&definition.schema.link.resource)
            .send()
            .await
            .map_err(|e| AmazonError::RetryLater {
                reason: format!("product type schema: {}", crate::describe(e)),
                status: None,
                retry_after: None,
            })?;
        if !response.status().is_success() {
            return Err(AmazonError::RetryLater {
                reason: format!("product type schema: HTTP {}", response.status().as_u16()),
                status: Some(response.status().as_u16()),
                retry_after: None,
            });
        }
        let schema: Schema = response.json().await.map_err(|e| {
            AmazonError::Protocol(format!("product type schema: {}", crate::describe(e)))
        })?;
        Ok(schema.required)
    }

    /// Creates or fully replaces the listing of `sku` (idempotent by SKU).
    pub async fn put_listing(
        &self,
        session: &SellerSession,
        sku: &str,
        listing: &ListingPut,
    ) -> Result<ListingSubmission, AmazonError> {
        let req = Req::new(Method::PUT, self.listing_path(session, sku), Op::Listings)
            .query("marketplaceIds", self.marketplace_id())
            .query("issueLocale", "en_US")
            .json(listing)?;
        self.call_some(session, req).await
    }

    /// Checks a listing without saving it (`mode=VALIDATION_PREVIEW`).
    pub async fn preview_listing(
        &self,
        session: &SellerSession,
        sku: &str,
        listing: &ListingPut,
    ) -> Result<ListingSubmission, AmazonError> {
        let req = Req::new(Method::PUT, self.listing_path(session, sku), Op::Listings)
            .query("marketplaceIds", self.marketplace_id())
            .query("mode", "VALIDATION_PREVIEW")
            .query("issueLocale", "en_US")
            .json(listing)?;
        self.call_some(session, req).await
    }

    pub async fn patch_listing(
        &self,
        session: &SellerSession,
        sku: &str,
        product_type: &str,
        patches: &[ListingPatch],
    ) -> Result<ListingSubmission, AmazonError> {
        let body = json!({ "productType": product_type, "patches": patches });
        let req = Req::new(Method::PATCH, self.listing_path(session, sku), Op::Listings)
            .query("marketplaceIds", self.marketplace_id())
            .query("issueLocale", "en_US")
            .json(&body)?;
        self.call_some(session, req).await
    }

    /// The listing with its summaries and issues (and attributes with `with_attributes`);
    /// `None` when Amazon has no listing with this SKU.
    pub async fn listing(
        &self,
        session: &SellerSession,
        sku: &str,
        with_attributes: bool,
    ) -> Result<Option<ListingItem>, AmazonError> {
        let included = if with_attributes {
            "summaries,issues,attributes"
        } else {
            "summaries,issues"
        };
        let req = Req::new(Method::GET, self.listing_path(session, sku), Op::Listings)
            .query("marketplaceIds", self.marketplace_id())
            .query("includedData", included)
            .query("issueLocale", "en_US");
        match self.call_some(session, req).await {
            Ok(item) => Ok(Some(item)),
            Err(AmazonError::NotFound { .. }) => Ok(None),
            Err(AmazonError::Rejected { status: 404, .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Where the listing's asynchronous processing stands.
    pub async fn listing_state(
        &self,
        session: &SellerSession,
        sku: &str,
    ) -> Result<ListingState, AmazonError> {
        let Some(item) = self.listing(session, sku, false).await? else {
            return Ok(ListingState::Missing);
        };
        let errors: Vec<ListingIssue> = item
            .issues
            .into_iter()
            .filter(|i| i.severity == IssueSeverity::Error)
            .collect();
        if !errors.is_empty() {
            return Ok(ListingState::Rejected { issues: errors });
        }
        let buyable = item
            .summaries
            .iter()
            .find(|s| s.status.iter().any(|st| st == "BUYABLE"));
        Ok(match buyable {
            Some(s) => ListingState::Buyable {
                asin: s.asin.clone(),
            },
            None => ListingState::Processing,
        })
    }

    pub async fn delete_listing(
        &self,
        session: &SellerSession,
        sku: &str,
    ) -> Result<ListingSubmission, AmazonError> {
        let req = Req::new(
            Method::DELETE,
            self.listing_path(session, sku),
            Op::Listings,
        )
        .query("marketplaceIds", self.marketplace_id());
        self.call_some(session, req).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skus_are_one_path_segment() {
        assert_eq!(sku_segment("TEE/RED L#1"), "TEE%2FRED%20L%231");
        assert_eq!(sku_segment("tee-1_a.b"), "tee-1_a.b");
    }
}
