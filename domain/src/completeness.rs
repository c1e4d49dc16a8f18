//! Whether a template, or a product made from one, has everything a marketplace category asks
//! for before anything goes to the marketplace; and a marketplace refusal turned into the field
//! it is about. Pure: the rules are loaded elsewhere (`api::requirements`) and cached.
//!
//! Fields are named as the GraphQL input names them (`packageWeight`, `packageDimensions`,
//! `attributes.<attribute id>`, `images`, `variants.<n>.salePrice`…), so a screen can put the
//! message next to the field and a "Fix" link can point at it.
use serde::{Deserialize, Serialize};

use crate::shops::SaleChannel;

/// One field a listing misses or the marketplace refused, with a sentence a seller reads.
/// `field` is `None` when a refusal names nothing we can point at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldProblem {
    pub field: Option<String>,
    pub message: String,
}

impl FieldProblem {
    fn on(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldProblem {
            field: Some(field.into()),
            message: message.into(),
        }
    }
}

/// What a TikTok category requires of a listing beyond what every listing needs, from the
/// category's rules and attributes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CategoryRules {
    pub category_id: String,
    pub package_dimensions_required: bool,
    pub size_chart_required: bool,
    pub required_attributes: Vec<RequiredAttribute>,
}

/// A product property the category requires, always or once another one holds a value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequiredAttribute {
    pub id: String,
    pub name: String,
    /// Required only when attribute `.0` holds value id `.1`.
    pub when: Option<(String, String)>,
}

/// A product property as a template or product holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeldAttribute {
    pub id: String,
    /// Value ids and free-text values together: either counts as a value.
    pub values: Vec<String>,
}

/// The fields of a template or product that listing depends on.
#[derive(Debug, Clone, Default)]
pub struct Listable {
    pub tiktok_category_id: Option<String>,
    /// A positive weight is there.
    pub has_package_weight: bool,
    /// Length, width and height are all positive.
    pub has_package_dimensions: bool,
    /// `None`: not known here (a product has no size chart of its own).
    pub has_size_chart: Option<bool>,
    pub attributes: Vec<HeldAttribute>,
    /// `None`: images come later (a template's products take their designs' mockups).
    pub image_count: Option<usize>,
    /// The sale price of each variant in cents, `None` when it has none.
    pub sale_prices: Vec<Option<i64>>,
}

/// What a listing on TikTok Shop misses, given the category's rules when they are known.
/// Without rules only what every TikTok listing needs is checked (weight, price, a category);
/// the rest is checked again when the rules can be read.
pub fn check_tiktok(item: &Listable, rules: Option<&CategoryRules>) -> Vec<FieldProblem> {
    let mut out = Vec::new();
    if item
        .tiktok_category_id
        .as_deref()
        .is_none_or(|c| c.trim().is_empty())
    {
        out.push(FieldProblem::on(
            "tiktokCategoryId",
            "Choose a TikTok category: TikTok Shop lists a product only in one.",
        ));
    }
    if !item.has_package_weight {
        out.push(FieldProblem::on(
            "packageWeight",
            "Add the package weight: TikTok Shop needs it to work out shipping.",
        ));
    }
    if let Some(rules) = rules {
        if rules.package_dimensions_required && !item.has_package_dimensions {
            out.push(FieldProblem::on(
                "packageDimensions",
                "Add the package length, width and height: TikTok Shop requires them in this category.",
            ));
        }
        if rules.size_chart_required && item.has_size_chart == Some(false) {
            out.push(FieldProblem::on(
                "sizeChart",
                "Add a size chart: TikTok Shop requires one in this category.",
            ));
        }
        let holds = |id: &str| {
            item.attributes
                .iter()
                .find(|a| a.id == id)
                .map(|a| a.values.as_slice())
                .unwrap_or_default()
        };
        for required in &rules.required_attributes {
            let applies = match &required.when {
                None => true,
                Some((attribute, value)) => holds(attribute.as_str()).iter().any(|v| v == value),
            };
            if applies && holds(required.id.as_str()).is_empty() {
                out.push(FieldProblem::on(
                    format!("attributes.{}", required.id),
                    format!(
                        "Choose {}: TikTok Shop requires it in this category.",
                        required.name
                    ),
                ));
            }
        }
    }
    if item.image_count == Some(0) {
        out.push(FieldProblem::on(
            "images",
            "Add at least one image: it is the first thing buyers see.",
        ));
    }
    out.extend(prices(item));
    out
}

/// Every listing sells variants with a price, on any marketplace.
fn prices(item: &Listable) -> Vec<FieldProblem> {
    if item.sale_prices.is_empty() {
        return vec![FieldProblem::on(
            "variants",
            "Add at least one variant with a price.",
        )];
    }
    item.sale_prices
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none_or(|c| c <= 0))
        .map(|(i, _)| {
            FieldProblem::on(
                format!("variants.{i}.salePrice"),
                format!("Give variant {} a sale price above zero.", i + 1),
            )
        })
        .collect()
}

/// The channel fields Amazon and Walmart listings need (their category schemas are not
/// fetched: only what the listing job would refuse at once is checked here).
#[derive(Debug, Clone, Default)]
pub struct ChannelListable {
    pub amazon_product_type: bool,
    pub amazon_attributes: bool,
    pub walmart_category: bool,
    pub walmart_item_spec: bool,
}

/// What a listing on an Amazon or Walmart shop misses; TikTok goes through `check_tiktok`.
pub fn check_channel(
    channel: SaleChannel,
    item: &Listable,
    fields: &ChannelListable,
) -> Vec<FieldProblem> {
    let mut out = Vec::new();
    match channel {
        SaleChannel::Tiktok => return check_tiktok(item, None),
        SaleChannel::Amazon => {
            if !fields.amazon_product_type {
                out.push(FieldProblem::on(
                    "amazonProductType",
                    "Choose an Amazon product type (SHIRT, HAT…) on the template.",
                ));
            }
            if !fields.amazon_attributes {
                out.push(FieldProblem::on(
                    "amazonAttributes",
                    "Add the Amazon attributes (brand, department…) on the template.",
                ));
            }
        }
        SaleChannel::Walmart => {
            if !fields.walmart_category {
                out.push(FieldProblem::on(
                    "walmartCategory",
                    "Choose a Walmart category (Clothing…) on the template.",
                ));
            }
            if !fields.walmart_item_spec {
                out.push(FieldProblem::on(
                    "walmartItemSpec",
                    "Add the Walmart item spec (gender, productId…) on the template.",
                ));
            }
        }
    }
    if item.image_count == Some(0) {
        out.push(FieldProblem::on(
            "images",
            "Add at least one image: it is the first thing buyers see.",
        ));
    }
    out.extend(prices(item));
    out
}

/// The message a refusal shows for the list of what is missing: the first field names the
/// error, all of them go along.
pub fn summary(problems: &[FieldProblem]) -> String {
    match problems {
        [] => String::new(),
        [one] => one.message.clone(),
        [first, rest @ ..] => format!("{} ({} more to fill in)", first.message, rest.len()),
    }
}

/// A marketplace refusal turned into the field it names and words a seller reads. TikTok
/// refuses in its own words (`package_weight is required`, `product attribute Material
/// (100198) is required in this category`); our Amazon and Walmart jobs prefix refusals with
/// the field or the marketplace's attribute names (`amazonProductType: …`, `color: …`). What
/// names nothing we know keeps the marketplace's text and no field.
pub fn map_rejection(channel: SaleChannel, raw: &str) -> FieldProblem {
    let text = raw.trim();
    let lower = text.to_lowercase();
    if channel == SaleChannel::Tiktok {
        if let Some(p) = tiktok_rejection(text, &lower) {
            return p;
        }
    } else if let Some((head, words)) = text.split_once(": ") {
        let names: Vec<&str> = head.split(", ").map(str::trim).collect();
        let ours = [
            "amazonProductType",
            "amazonAttributes",
            "walmartCategory",
            "walmartItemSpec",
            "variants",
            "sku",
        ];
        if let Some(field) = names.iter().find(|n| ours.contains(n)) {
            let field = if *field == "sku" { "variants" } else { *field };
            return FieldProblem::on(field, sentence(words));
        }
        if let Some(name) = names.first().filter(|n| is_attribute_name(n)) {
            let (field, label) = match channel {
                SaleChannel::Amazon => ("amazonAttributes", "Amazon"),
                _ => ("walmartItemSpec", "Walmart"),
            };
            return FieldProblem::on(
                format!("{field}.{name}"),
                format!(
                    "{label} refused the attribute \"{name}\": {}",
                    sentence(words)
                ),
            );
        }
    }
    FieldProblem {
        field: None,
        message: text.to_owned(),
    }
}

fn tiktok_rejection(text: &str, lower: &str) -> Option<FieldProblem> {
    if lower.contains("weight and dimension units") {
        return Some(FieldProblem::on(
            "packageDimensions",
            "Use metric units for both the package weight and dimensions (kilograms with centimetres, pounds with inches).",
        ));
    }
    if lower.contains("package_weight") || lower.contains("package weight") {
        return Some(FieldProblem::on(
            "packageWeight",
            "TikTok Shop needs a valid package weight: set it on the template and list again.",
        ));
    }
    if lower.contains("package_dimension")
        || lower.contains("package dimension")
        || lower.contains("dimension unit")
    {
        return Some(FieldProblem::on(
            "packageDimensions",
            "TikTok Shop needs valid package dimensions (length, width, height): set them on the template and list again.",
        ));
    }
    if lower.contains("attribute") && lower.contains("required") {
        // "product attribute Material (100198) is required in this category"
        let id = text
            .rsplit_once('(')
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(id, _)| id.trim())
            .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()));
        let name = text
            .split_once("attribute ")
            .map(|(_, rest)| rest.split(" (").next().unwrap_or(rest).trim())
            .filter(|n| !n.is_empty() && !n.starts_with("is "));
        if let Some(id) = id {
            let what = name.unwrap_or("this property");
            return Some(FieldProblem::on(
                format!("attributes.{id}"),
                format!("TikTok Shop requires {what} in this category: choose it and list again."),
            ));
        }
    }
    if lower.contains("size_chart") || lower.contains("size chart") {
        return Some(FieldProblem::on(
            "sizeChart",
            "TikTok Shop requires a size chart in this category: add one and list again.",
        ));
    }
    if lower.contains("image") {
        return Some(FieldProblem::on(
            "images",
            "TikTok Shop could not use an image of this product: use a JPG or PNG of at least 300×300 pixels.",
        ));
    }
    if lower.contains("price") {
        return Some(FieldProblem::on(
            "variants",
            "TikTok Shop refused a price: give every variant a sale price it accepts.",
        ));
    }
    if lower.contains("no tiktok category") {
        return Some(FieldProblem::on(
            "tiktokCategoryId",
            "Choose a TikTok category on the template and list again.",
        ));
    }
    if lower.contains("category") {
        return Some(FieldProblem::on(
            "tiktokCategoryId",
            "TikTok Shop does not let this shop list in this category: choose another one.",
        ));
    }
    if lower.contains("brand") {
        return Some(FieldProblem::on(
            "tiktokBrandId",
            "TikTok Shop refused the brand: choose one this shop is authorised for, or none.",
        ));
    }
    None
}

/// An attribute name as Amazon and Walmart spell them (`item_name`, `color`, `productId`).
fn is_attribute_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// Words made into a sentence: capital first, full stop last.
fn sentence(words: &str) -> String {
    let words = words.trim();
    let mut chars = words.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// The problems of `messages` as stored next to them (`shop_products.error_fields`).
pub fn map_rejections(channel: SaleChannel, messages: &[String]) -> Vec<FieldProblem> {
    messages.iter().map(|m| map_rejection(channel, m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tee() -> Listable {
        Listable {
            tiktok_category_id: Some("601226".into()),
            has_package_weight: true,
            has_package_dimensions: false,
            has_size_chart: Some(false),
            attributes: vec![HeldAttribute {
                id: "100198".into(),
                values: vec!["1001981".into()],
            }],
            image_count: None,
            sale_prices: vec![Some(1000)],
        }
    }

    fn rules() -> CategoryRules {
        CategoryRules {
            category_id: "601226".into(),
            package_dimensions_required: false,
            size_chart_required: false,
            required_attributes: vec![
                RequiredAttribute {
                    id: "100198".into(),
                    name: "Material".into(),
                    when: None,
                },
                RequiredAttribute {
                    id: "101396".into(),
                    name: "Kids' Age Range".into(),
                    when: Some(("101395".into(), "1013952".into())),
                },
            ],
        }
    }

    fn fields(p: &[FieldProblem]) -> Vec<&str> {
        p.iter().filter_map(|p| p.field.as_deref()).collect()
    }

    #[test]
    fn a_complete_tee_misses_nothing() {
        assert!(check_tiktok(&tee(), Some(&rules())).is_empty());
    }

    #[test]
    fn weight_is_required_even_without_rules() {
        let item = Listable {
            has_package_weight: false,
            ..tee()
        };
        assert_eq!(fields(&check_tiktok(&item, None)), ["packageWeight"]);
    }

    #[test]
    fn dimensions_only_where_the_category_requires_them() {
        let wall_art = CategoryRules {
            package_dimensions_required: true,
            ..rules()
        };
        assert_eq!(
            fields(&check_tiktok(&tee(), Some(&wall_art))),
            ["packageDimensions"]
        );
        let item = Listable {
            has_package_dimensions: true,
            ..tee()
        };
        assert!(check_tiktok(&item, Some(&wall_art)).is_empty());
    }

    #[test]
    fn required_attributes_including_conditional_ones() {
        let mut item = tee();
        item.attributes.clear();
        assert_eq!(
            fields(&check_tiktok(&item, Some(&rules()))),
            ["attributes.100198"]
        );
        item.attributes = vec![
            HeldAttribute {
                id: "100198".into(),
                values: vec!["Cotton".into()],
            },
            HeldAttribute {
                id: "101395".into(),
                values: vec!["1013952".into()],
            },
        ];
        assert_eq!(
            fields(&check_tiktok(&item, Some(&rules()))),
            ["attributes.101396"]
        );
    }

    #[test]
    fn images_and_prices() {
        let item = Listable {
            image_count: Some(0),
            sale_prices: vec![Some(1000), None, Some(0)],
            ..tee()
        };
        assert_eq!(
            fields(&check_tiktok(&item, None)),
            ["images", "variants.1.salePrice", "variants.2.salePrice"]
        );
        let none = Listable {
            sale_prices: vec![],
            ..tee()
        };
        assert_eq!(fields(&check_tiktok(&none, None)), ["variants"]);
    }

    #[test]
    fn no_category_is_missing() {
        let item = Listable {
            tiktok_category_id: None,
            ..tee()
        };
        assert_eq!(fields(&check_tiktok(&item, None)), ["tiktokCategoryId"]);
    }

    #[test]
    fn amazon_and_walmart_check_their_channel_fields() {
        let item = tee();
        let none = ChannelListable::default();
        assert_eq!(
            fields(&check_channel(SaleChannel::Amazon, &item, &none)),
            ["amazonProductType", "amazonAttributes"]
        );
        let all = ChannelListable {
            walmart_category: true,
            walmart_item_spec: true,
            ..none
        };
        assert!(check_channel(SaleChannel::Walmart, &item, &all).is_empty());
    }

    #[test]
    fn tiktok_rejections_name_their_field_without_the_raw_text() {
        let p = map_rejection(SaleChannel::Tiktok, "package_weight is required");
        assert_eq!(p.field.as_deref(), Some("packageWeight"));
        assert!(!p.message.contains("package_weight"));
        let p = map_rejection(
            SaleChannel::Tiktok,
            "product attribute Frame Included (100701) is required in this category",
        );
        assert_eq!(p.field.as_deref(), Some("attributes.100701"));
        assert!(p.message.contains("Frame Included"), "{}", p.message);
        let p = map_rejection(SaleChannel::Tiktok, "package_dimensions is required");
        assert_eq!(p.field.as_deref(), Some("packageDimensions"));
        let p = map_rejection(
            SaleChannel::Tiktok,
            "weight and dimension units must be both metric or both imperial",
        );
        assert_eq!(p.field.as_deref(), Some("packageDimensions"));
        assert!(p.message.contains("kilograms"), "{}", p.message);
    }

    #[test]
    fn unmapped_rejections_keep_their_text() {
        let p = map_rejection(SaleChannel::Tiktok, "the shop is frozen");
        assert_eq!(p.field, None);
        assert_eq!(p.message, "the shop is frozen");
    }

    #[test]
    fn amazon_and_walmart_rejections_by_attribute_name() {
        let p = map_rejection(SaleChannel::Amazon, "color: value is not valid");
        assert_eq!(p.field.as_deref(), Some("amazonAttributes.color"));
        assert_eq!(
            p.message,
            "Amazon refused the attribute \"color\": Value is not valid."
        );
        let p = map_rejection(
            SaleChannel::Walmart,
            "walmartCategory: the product has no Walmart category (Clothing…): apply a template that has one",
        );
        assert_eq!(p.field.as_deref(), Some("walmartCategory"));
        let p = map_rejection(
            SaleChannel::Amazon,
            "sku: a variant of the product has no SKU",
        );
        assert_eq!(p.field.as_deref(), Some("variants"));
    }

    #[test]
    fn summary_names_the_first_and_counts_the_rest() {
        let p = check_tiktok(
            &Listable {
                has_package_weight: false,
                sale_prices: vec![None],
                ..tee()
            },
            None,
        );
        assert_eq!(
            summary(&p),
            "Add the package weight: TikTok Shop needs it to work out shipping. (1 more to fill in)"
        );
    }
}
