//! What listing on Amazon and on Walmart share: the product as both need it (every variant
//! with a SKU, the images, the channel fields), the SKUs claimed on the shop, refusals kept on
//! the shop product, and an accepted submission recorded with its `listing.follow` in one
//! transaction.
//!
//! Messages on a shop product name the field they are about first: `"{field}: {words}"`, the
//! field as the marketplace names it (`item_name`, `productName`) or, for what Sellerdesk
//! checks before asking, as the API names it (`amazonProductType`, `sku`).
use domain::shop_products::{self, ListingState, Published};
use domain::templates::ChannelFields;
use domain::{Scope, products};

use super::ListingPublish;
use crate::JobError;
use crate::context::JobContext;
use crate::kinds::{JobKind, ListingFollow, permanent_if_gone};

/// `"{fields}: {words}"`, or the words alone when they name no field.
pub(in crate::kinds) fn on_fields(fields: &[String], words: &str) -> String {
    let fields: Vec<&str> = fields
        .iter()
        .map(|f| f.trim())
        .filter(|f| !f.is_empty())
        .collect();
    if fields.is_empty() {
        words.to_owned()
    } else {
        format!("{}: {words}", fields.join(", "))
    }
}

/// `messages` without repeats, in their order (variants of one product tend to share them).
pub(in crate::kinds) fn distinct(messages: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(messages.len());
    for m in messages {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// A product ready to list on Amazon or Walmart.
pub(super) struct Prepared {
    pub product: products::Product,
    /// In their order, each with its SKU.
    pub variants: Vec<(products::Variant, String)>,
    /// Image URLs, the primary one first.
    pub images: Vec<String>,
    pub channels: ChannelFields,
}

/// Loads the product; variants without a SKU get one (`products::generate_skus`: the SKU is
/// the listing's key on both marketplaces). `Err(message)` is a refusal for the seller.
pub(super) async fn prepare(
    ctx: &JobContext,
    scope: &Scope,
    product_id: &str,
    max_sku: usize,
    marketplace: &str,
) -> Result<Result<Prepared, String>, JobError> {
    let mut conn = ctx.db.conn().await?;
    let product = products::get(&mut conn, scope, product_id)
        .await
        .map_err(permanent_if_gone)?;
    let mut variants = products::variants(&mut conn, scope, product_id).await?;
    if variants
        .iter()
        .any(|v| v.sku.as_deref().is_none_or(|s| s.trim().is_empty()))
    {
        // Safe beside another shop's job on the same product: only SKU-less variants are
        // written, and both jobs would write the same SKUs.
        products::generate_skus(&mut conn, scope, product_id).await?;
        variants = products::variants(&mut conn, scope, product_id).await?;
    }
    let mut images = products::images(&mut conn, scope, product_id).await?;
    images.sort_by_key(|i| !i.is_primary);
    let channels = products::channel_fields(&mut conn, scope, product_id).await?;
    drop(conn);
    // The mockups lead (rendered now when missing or outdated); print files stay for
    // fulfilment. Without blanks, the product's images as they are.
    let current = match crate::mockups::ensure_current(ctx, &scope.client_id, product_id).await {
        Ok(current) => current,
        Err(JobError::Permanent(message)) => return Ok(Err(format!("images: {message}"))),
        Err(e) => return Err(e),
    };

    if variants.is_empty() {
        return Ok(Err(
            "variants: the product has no variants to sell".to_owned()
        ));
    }
    let mut with_skus: Vec<(products::Variant, String)> = Vec::with_capacity(variants.len());
    for v in variants {
        let sku = v.sku.clone().unwrap_or_default().trim().to_owned();
        if sku.is_empty() {
            return Ok(Err("sku: a variant of the product has no SKU".to_owned()));
        }
        if sku.chars().count() > max_sku {
            return Ok(Err(format!(
                "sku: '{sku}' is longer than the {max_sku} characters {marketplace} allows"
            )));
        }
        if with_skus.iter().any(|(_, s)| *s == sku) {
            return Ok(Err(format!(
                "sku: two variants of the product share the SKU '{sku}': give each its own"
            )));
        }
        with_skus.push((v, sku));
    }
    Ok(Ok(Prepared {
        product,
        variants: with_skus,
        images: current.listing_images(images.into_iter().map(|i| i.url).collect()),
        channels,
    }))
}

/// Claims the product's SKUs on the shop; `Err(message)` when another product listed one there
/// already (both would be the same listing on the marketplace).
pub(super) async fn claim(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
    state: &ListingState,
    prepared: &Prepared,
) -> Result<Result<(), String>, JobError> {
    let skus: Vec<String> = prepared.variants.iter().map(|(_, s)| s.clone()).collect();
    let mut conn = ctx.db.conn().await?;
    let taken = shop_products::claim_skus(&mut conn, client_id, shop_id, &state.id, &skus).await?;
    Ok(match taken.first() {
        None => Ok(()),
        Some(t) => Err(format!(
            "sku: the SKU '{}' is already listed on this shop by the product \"{}\": give this variant its own SKU",
            t.sku, t.product_name
        )),
    })
}

/// Keeps the refusal on the shop product and fails the job with the same words.
pub(super) async fn reject(
    ctx: &JobContext,
    state: &ListingState,
    version: i64,
    messages: Vec<String>,
) -> Result<(), JobError> {
    let messages = distinct(messages);
    let mut conn = ctx.db.conn().await?;
    shop_products::record_rejected(&mut conn, state, version, &messages).await?;
    Err(JobError::Permanent(messages.join("; ")))
}

/// Records an accepted submission (the shop product PENDING, its SKUs, the product
/// PUBLISHED) and queues its `listing.follow` in the same transaction.
pub(super) async fn submitted(
    ctx: &JobContext,
    client_id: &str,
    p: &ListingPublish,
    state: &ListingState,
    published: &Published<'_>,
) -> Result<(), JobError> {
    let scope = Scope::for_client(client_id);
    let mut tx = ctx.db.begin().await?;
    shop_products::record_published(&mut tx, state, published).await?;
    products::mark_published(&mut tx, &scope, &p.product_id).await?;
    let pending = follow_job(ctx, p)
        .enqueue(&mut tx, &follow_options(ctx, client_id))
        .await?;
    tx.commit().await?;
    ctx.push(pending).await;
    Ok(())
}

/// A publish delivered again after its submission was recorded: the follow-up is all that
/// may be missing (queued once: it is keyed by the version).
pub(super) async fn follow_again(
    ctx: &JobContext,
    client_id: &str,
    p: &ListingPublish,
) -> Result<(), JobError> {
    let mut conn = ctx.db.conn().await?;
    let pending = follow_job(ctx, p)
        .enqueue(&mut conn, &follow_options(ctx, client_id))
        .await?;
    drop(conn);
    ctx.push(pending).await;
    Ok(())
}

fn follow_job(ctx: &JobContext, p: &ListingPublish) -> ListingFollow {
    ListingFollow {
        shop_id: p.shop_id.clone(),
        product_id: p.product_id.clone(),
        version: p.version,
        submitted_at: ctx.clock.now(),
        label: p.label.clone(),
    }
}

fn follow_options<'a>(ctx: &JobContext, client_id: &'a str) -> crate::EnqueueOptions<'a> {
    crate::EnqueueOptions::new(ctx.config.max_attempts).client(client_id)
}

/// Text from a product description that may be HTML (TikTok's): tags dropped, the common
/// entities read, blank runs folded.
pub(super) fn plain_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The variant's value of an attribute named one of `names` (case and spacing aside).
pub(super) fn variant_value<'a>(v: &'a products::Variant, names: &[&str]) -> Option<&'a str> {
    v.attributes
        .iter()
        .find(|a| {
            let n = a.attribute_name.trim().to_ascii_lowercase();
            names.iter().any(|x| *x == n)
        })
        .map(|a| a.value.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_their_fields_first() {
        assert_eq!(
            on_fields(&["item_name".into()], "restricted word"),
            "item_name: restricted word"
        );
        assert_eq!(on_fields(&["a".into(), "b".into()], "both"), "a, b: both");
        assert_eq!(on_fields(&[], "no field"), "no field");
    }

    #[test]
    fn descriptions_lose_their_markup() {
        assert_eq!(
            plain_text("<p>Soft &amp; light</p><ul><li>Cotton</li></ul>"),
            "Soft & light Cotton"
        );
    }
}
