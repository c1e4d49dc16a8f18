//! What a marketplace requires of a template or product before anything is saved as ready or
//! queued for listing: TikTok's category rules and required attributes, read through a
//! connected shop and cached for a day (`marketplace_category_rules`); Amazon's and Walmart's
//! channel fields as our listing jobs need them. The checks themselves are pure
//! (`domain::completeness`); this loads what they read.
use std::collections::BTreeMap;
use std::time::Duration;

use connectors::tiktok::{self as tt, TiktokError};
use domain::completeness::{
    self, CategoryRules, ChannelListable, FieldProblem, HeldAttribute, Listable, RequiredAttribute,
};
use domain::shops::{self, SaleChannel};
use domain::templates::Template;
use domain::{Scope, marketplace, products};
use jobs::tiktok::{ShopSession, open_any_shop, open_shop};
use serde_json::Value;

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::AppState;

/// Cached rules older than this are fetched again.
const RULES_MAX_AGE: chrono::TimeDelta = chrono::TimeDelta::days(1);
/// A save or a listing request waits at most this long for the rules; past it, what every
/// listing needs is still checked and the rest waits for the next look-up.
const RULES_TIMEOUT: Duration = Duration::from_secs(10);

/// A category's rules as far as they could be known.
#[derive(Debug, Clone)]
pub enum Rules {
    Known(CategoryRules),
    /// Neither a shop to ask nor a cached copy: only what every listing needs is checked.
    Unknown,
    /// The marketplace does not know the category.
    NoSuchCategory,
}

impl Rules {
    fn known(&self) -> Option<&CategoryRules> {
        match self {
            Rules::Known(r) => Some(r),
            _ => None,
        }
    }
}

/// The rules of TikTok categories a request needs, by category id.
pub type RuleBook = BTreeMap<String, Rules>;

/// Builds the rules from the category's attributes and rules as TikTok sends them.
pub fn rules_of(
    category_id: &str,
    attributes: &[tt::CategoryAttribute],
    rules: &tt::CategoryRules,
) -> CategoryRules {
    CategoryRules {
        category_id: category_id.to_owned(),
        package_dimensions_required: rules.package_dimension.is_required,
        size_chart_required: rules.size_chart.is_required,
        required_attributes: attributes
            .iter()
            // Sales properties are the variants' axes: variants carry them, not the template.
            .filter(|a| a.kind != "SALES_PROPERTY")
            .filter_map(|a| {
                let when = a
                    .requirement_conditions
                    .iter()
                    .find(|c| c.condition_type == "VALUE_ID_MATCH")
                    .map(|c| (c.attribute_id.clone(), c.attribute_value_id.clone()));
                (a.is_required || when.is_some()).then(|| RequiredAttribute {
                    id: a.id.clone(),
                    name: a.name.clone(),
                    when: if a.is_required { None } else { when },
                })
            })
            .collect(),
    }
}

/// A TikTok category's rules: cached within a day, otherwise through `via_shop` (or any
/// connected TikTok shop of the caller) and cached; an older copy when TikTok cannot be
/// reached; `Unknown` with neither.
pub async fn tiktok_rules(
    app: &AppState,
    me: &Caller,
    via_shop: Option<&str>,
    category_id: &str,
) -> ApiResult<Rules> {
    let category_id = category_id.trim();
    if category_id.is_empty() {
        return Ok(Rules::Unknown);
    }
    let mut conn = app.db.conn().await?;
    let cached = marketplace::cached_rules(&mut conn, SaleChannel::Tiktok, category_id).await?;
    drop(conn);
    if let Some(c) = cached
        .as_ref()
        .filter(|c| domain::time::now() - c.fetched_at < RULES_MAX_AGE)
    {
        return Ok(Rules::Known(c.rules.clone()));
    }
    let stale = || match &cached {
        Some(c) => Rules::Known(c.rules.clone()),
        None => Rules::Unknown,
    };
    let Some(session) = session(app, me, via_shop).await else {
        return Ok(stale());
    };
    let fetched = tokio::time::timeout(RULES_TIMEOUT, async {
        let attributes = session
            .client
            .category_attributes(
                &session.auth,
                category_id,
                Some("en-US"),
                Some(marketplace::TIKTOK_CATEGORY_VERSION),
            )
            .await?;
        let rules = session
            .client
            .category_rules(
                &session.auth,
                category_id,
                Some(marketplace::TIKTOK_CATEGORY_VERSION),
            )
            .await?;
        Ok::<_, TiktokError>((attributes, rules))
    })
    .await;
    match fetched {
        Ok(Ok((attributes, rules))) => {
            let rules = rules_of(category_id, &attributes, &rules);
            let mut conn = app.db.conn().await?;
            marketplace::store_rules(&mut conn, SaleChannel::Tiktok, &rules).await?;
            if let Ok(json) = serde_json::to_value(&attributes) {
                marketplace::store_tiktok_attributes(&mut conn, category_id, &json).await?;
            }
            Ok(Rules::Known(rules))
        }
        Ok(Err(TiktokError::Rejected { message, .. })) => {
            tracing::info!(category = %category_id, %message, "TikTok refused the category's rules");
            Ok(Rules::NoSuchCategory)
        }
        Ok(Err(e)) => {
            tracing::warn!(category = %category_id, error = %e, "category rules not fetched; checking what is known");
            Ok(stale())
        }
        Err(_) => {
            tracing::warn!(category = %category_id, "category rules not fetched in time; checking what is known");
            Ok(stale())
        }
    }
}

/// A TikTok shop to ask: the given one, or any connected one of the caller. `None` when there
/// is none or TikTok is not configured (the check then knows less, it does not fail).
async fn session(app: &AppState, me: &Caller, via_shop: Option<&str>) -> Option<ShopSession> {
    let client = app.tiktok.as_ref()?;
    let opened = match via_shop {
        Some(shop_id) => open_shop(
            &app.db,
            Some(client),
            &app.secrets,
            &me.scope.client_id,
            shop_id,
        )
        .await
        .map(Some),
        None => open_any_shop(&app.db, Some(client), &app.secrets, Some(&me.scope))
            .await
            .map(|s| s.map(|(_, session)| session)),
    };
    match opened {
        Ok(session) => session,
        Err(e) => {
            tracing::warn!(error = %e, "no TikTok shop to read category rules through");
            None
        }
    }
}

/// The rules of every category in `categories` (each looked up once).
pub async fn rule_book<'a>(
    app: &AppState,
    me: &Caller,
    via_shop: Option<&str>,
    categories: impl IntoIterator<Item = &'a str>,
) -> ApiResult<RuleBook> {
    let mut book = RuleBook::new();
    for c in categories {
        if !c.trim().is_empty() && !book.contains_key(c) {
            let rules = tiktok_rules(app, me, via_shop, c).await?;
            book.insert(c.to_owned(), rules);
        }
    }
    Ok(book)
}

/// The marketplace properties a template or product holds, from the template's
/// `[{attributeId, valueIds?, values?}]`.
fn held_attributes(json: Option<&Value>) -> Vec<HeldAttribute> {
    let Some(Value::Array(list)) = json else {
        return Vec::new();
    };
    let text = |v: &Value| {
        v.as_str()
            .map(str::to_owned)
            .or_else(|| v.as_i64().map(|n| n.to_string()))
    };
    list.iter()
        .filter_map(|a| {
            let id = a.get("attributeId").and_then(text)?;
            let mut values = Vec::new();
            for key in ["valueIds", "values"] {
                if let Some(Value::Array(vs)) = a.get(key) {
                    values.extend(vs.iter().filter_map(text).filter(|v| !v.trim().is_empty()));
                }
            }
            Some(HeldAttribute { id, values })
        })
        .collect()
}

fn template_listable(t: &Template) -> Listable {
    Listable {
        tiktok_category_id: t.tiktok_category_id.clone(),
        has_package_weight: t.package_weight.is_some_and(|w| w.value > 0.0),
        has_package_dimensions: t
            .package_dimensions
            .is_some_and(|d| d.length > 0.0 && d.width > 0.0 && d.height > 0.0),
        has_size_chart: Some(
            t.size_chart
                .as_deref()
                .is_some_and(|s| !s.trim().is_empty()),
        ),
        attributes: held_attributes(t.tiktok_product_attribute.as_ref()),
        // A template's products take their images from their designs.
        image_count: None,
        sale_prices: product_prices(t),
    }
}

/// Each variant's sale price as a product made from the template gets it: through the price
/// formula when there is one (it may price a variant that has no price of its own).
fn product_prices(t: &Template) -> Vec<Option<i64>> {
    let formula = t
        .price_formula
        .as_deref()
        .and_then(|f| domain::price_formula::PriceFormula::parse(f).ok());
    t.variants
        .iter()
        .map(|v| match &formula {
            Some(f) => f.apply_cents(v.sale_price_cents.unwrap_or(0)),
            None => v.sale_price_cents,
        })
        .collect()
}

/// What an ACTIVE template misses for the channels it is meant for: TikTok when it names a
/// TikTok category, Amazon when it names a product type, Walmart when it names a category. A
/// template naming none is checked against each shop when its products are listed.
pub fn check_template(t: &Template, book: &RuleBook) -> Vec<FieldProblem> {
    let item = template_listable(t);
    let amazon = t.channels.amazon_product_type.is_some();
    let walmart = t.channels.walmart_category.is_some();
    let mut out = Vec::new();
    if t.tiktok_category_id
        .as_deref()
        .is_some_and(|c| !c.trim().is_empty())
    {
        out.extend(tiktok_problems(&item, book));
    }
    let fields = channel_listable(&t.channels);
    if amazon {
        out.extend(completeness::check_channel(
            SaleChannel::Amazon,
            &item,
            &fields,
        ));
    }
    if walmart {
        out.extend(completeness::check_channel(
            SaleChannel::Walmart,
            &item,
            &fields,
        ));
    }
    dedupe(out)
}

fn tiktok_problems(item: &Listable, book: &RuleBook) -> Vec<FieldProblem> {
    let rules = item.tiktok_category_id.as_deref().and_then(|c| book.get(c));
    let mut out = completeness::check_tiktok(item, rules.and_then(Rules::known));
    if matches!(rules, Some(Rules::NoSuchCategory)) {
        out.insert(
            0,
            FieldProblem {
                field: Some("tiktokCategoryId".into()),
                message: "TikTok Shop does not know this category: choose another one.".into(),
            },
        );
    }
    out
}

fn channel_listable(c: &domain::templates::ChannelFields) -> ChannelListable {
    ChannelListable {
        amazon_product_type: c.amazon_product_type.is_some(),
        amazon_attributes: c
            .amazon_attributes
            .as_ref()
            .is_some_and(|v| v.as_object().is_some_and(|o| !o.is_empty())),
        walmart_category: c.walmart_category.is_some(),
        walmart_item_spec: c
            .walmart_item_spec
            .as_ref()
            .is_some_and(|v| v.as_object().is_some_and(|o| !o.is_empty())),
    }
}

fn dedupe(problems: Vec<FieldProblem>) -> Vec<FieldProblem> {
    let mut out: Vec<FieldProblem> = Vec::with_capacity(problems.len());
    for p in problems {
        if !out.iter().any(|o| o.field == p.field) {
            out.push(p);
        }
    }
    out
}

/// The TikTok categories of products, for `rule_book` before a listing request. An id that
/// is not the caller's is skipped here: the request's transaction answers it NOT_FOUND in its
/// usual order.
pub async fn product_categories(
    conn: &mut domain::Conn,
    scope: &Scope,
    product_ids: &[String],
) -> Vec<String> {
    let mut out = Vec::new();
    for id in product_ids {
        let Ok(p) = products::get(conn, scope, id).await else {
            continue;
        };
        if let Some(c) = p.category_id.filter(|c| !c.is_empty())
            && !out.contains(&c)
        {
            out.push(c);
        }
    }
    out
}

/// What a product misses for listing on `shop`.
pub async fn check_product(
    conn: &mut domain::Conn,
    scope: &Scope,
    product_id: &str,
    shop: &shops::Shop,
    book: &RuleBook,
) -> ApiResult<Vec<FieldProblem>> {
    let product = products::get(conn, scope, product_id).await?;
    let images = products::images(conn, scope, product_id).await?;
    let variants = products::variants(conn, scope, product_id).await?;
    let item = Listable {
        tiktok_category_id: product.category_id.clone(),
        has_package_weight: product.package_weight.is_some_and(|w| w.value > 0.0),
        has_package_dimensions: product
            .package_dimensions
            .is_some_and(|d| d.length > 0.0 && d.width > 0.0 && d.height > 0.0),
        has_size_chart: None,
        attributes: products::listing_attributes(conn, scope, product_id)
            .await?
            .into_iter()
            .map(|a| HeldAttribute {
                id: a.attribute_id,
                values: a.value_ids.into_iter().chain(a.values).collect(),
            })
            .collect(),
        image_count: Some(images.len()),
        sale_prices: variants.iter().map(|v| Some(v.sale_price_cents)).collect(),
    };
    Ok(match shop.sale_channel {
        SaleChannel::Tiktok => tiktok_problems(&item, book),
        channel => {
            let fields = products::channel_fields(conn, scope, product_id).await?;
            completeness::check_channel(channel, &item, &channel_listable(&fields))
        }
    })
}

/// Refuses a product that misses something for `shop`: BAD_USER_INPUT naming the product
/// and the shop, with every missing field.
pub fn refuse_product(
    product_name: &str,
    shop: &shops::Shop,
    problems: Vec<FieldProblem>,
) -> ApiError {
    ApiError::incomplete(
        format!(
            "\"{product_name}\" cannot be listed on {}: {}",
            shop.name,
            completeness::summary(&problems)
        ),
        problems,
    )
}

/// Refuses an ACTIVE template that misses something.
pub fn refuse_template(problems: Vec<FieldProblem>) -> ApiError {
    ApiError::incomplete(
        format!(
            "The template is not ready to list: {} Save it as a draft to finish later.",
            completeness::summary(&problems)
        ),
        problems,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(id: &str, kind: &str, required: bool) -> tt::CategoryAttribute {
        tt::CategoryAttribute {
            id: id.into(),
            name: format!("A{id}"),
            kind: kind.into(),
            is_required: required,
            is_customizable: false,
            is_multiple_selection: false,
            values: vec![],
            value_data_format: None,
            requirement_conditions: vec![],
        }
    }

    #[test]
    fn rules_keep_required_product_properties_only() {
        let mut conditional = attr("3", "PRODUCT_PROPERTY", false);
        conditional
            .requirement_conditions
            .push(tt::RequirementCondition {
                condition_type: "VALUE_ID_MATCH".into(),
                attribute_id: "9".into(),
                attribute_value_id: "91".into(),
            });
        let attributes = vec![
            attr("1", "SALES_PROPERTY", true),
            attr("2", "PRODUCT_PROPERTY", true),
            attr("4", "PRODUCT_PROPERTY", false),
            conditional,
        ];
        let rules = tt::CategoryRules {
            package_dimension: tt::RuleFlag {
                is_supported: true,
                is_required: true,
            },
            ..Default::default()
        };
        let r = rules_of("600059", &attributes, &rules);
        assert!(r.package_dimensions_required);
        let ids: Vec<(&str, bool)> = r
            .required_attributes
            .iter()
            .map(|a| (a.id.as_str(), a.when.is_some()))
            .collect();
        assert_eq!(ids, [("2", false), ("3", true)]);
    }

    #[test]
    fn held_attributes_read_ids_and_values() {
        let json = serde_json::json!([
            { "attributeId": "100198", "valueIds": ["1001981"] },
            { "attributeId": 100392, "values": ["Short Sleeve", " "] },
            { "name": "no id" }
        ]);
        let held = held_attributes(Some(&json));
        assert_eq!(held.len(), 2);
        assert_eq!(held[1].id, "100392");
        assert_eq!(held[1].values, ["Short Sleeve"]);
    }
}
