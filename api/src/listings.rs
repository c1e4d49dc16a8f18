//! Bulk work from the catalogue to the shops, as use cases callable without HTTP: products made
//! from designs and a template, templates applied, products listed or published, SKUs generated,
//! shop products removed. Each validates everything first, writes in one transaction, queues one
//! job per item under one batch, and pushes the jobs after commit. The GraphQL resolvers in
//! `graphql::listings` only convert types around these.
use domain::billing::{self, PaidWork};
use domain::shop_products::{self, ListingMode};
use domain::templates::{self, DesignSource};
use domain::{products, shops};
use jobs::EnqueueOptions;
use jobs::kinds::{
    ListingPublish, MockupRender, Registered, ShopProductRemove, SkuGenerate, TemplateApply,
};

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::AppState;
use crate::requirements::{self, RuleBook};

/// What a bulk action queued: the batch getJobBatch follows, and its jobs.
#[derive(Debug, Clone)]
pub struct Queued {
    pub batch_id: String,
    pub job_ids: Vec<String>,
}

impl Queued {
    pub fn count(&self) -> i32 {
        i32::try_from(self.job_ids.len()).unwrap_or(i32::MAX)
    }
}

/// Designs turned into products with a template, and where to list them.
#[derive(Debug, Clone)]
pub struct NewProducts {
    pub template_id: String,
    pub designs: Vec<DesignSource>,
    pub shop_ids: Vec<String>,
    /// How to list on `shop_ids`; drafts when not given.
    pub listing_mode: Option<ListingMode>,
}

/// Products made from a template: their ids, and the listing batch when shops were given.
#[derive(Debug, Clone)]
pub struct CreatedProducts {
    pub product_ids: Vec<String>,
    pub listing: Option<Queued>,
}

/// The distinct ids of a bulk request, at most `products::MAX_BULK`.
pub fn bulk_ids<S: AsRef<str>>(field: &str, ids: &[S]) -> ApiResult<Vec<String>> {
    if ids.is_empty() {
        return Err(ApiError::bad_input(field, "give at least one id"));
    }
    if ids.len() > products::MAX_BULK {
        return Err(ApiError::bad_input(
            field,
            format!("at most {} at once", products::MAX_BULK),
        ));
    }
    let mut out: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.as_ref();
        if !out.iter().any(|o| o == id) {
            out.push(id.to_owned());
        }
    }
    Ok(out)
}

/// A shop products can be listed on now: the caller's, on a channel that lists, connected.
async fn listable_shop(
    conn: &mut domain::Conn,
    me: &Caller,
    field: &str,
    shop_id: &str,
) -> ApiResult<shops::Shop> {
    let shop = shops::get(conn, &me.scope, shop_id).await?;
    if !shop.sale_channel.supports_listing() {
        return Err(ApiError::bad_input(
            field,
            format!("listing on {} is not available", shop.sale_channel.as_str()),
        ));
    }
    if shop.connection != shops::ShopConnection::Connected {
        return Err(ApiError::bad_input(
            field,
            format!(
                "shop {} is disconnected: authorise it again first",
                shop.name
            ),
        ));
    }
    Ok(shop)
}

/// Creates a batch of `jobs`, commits, pushes.
async fn commit_batch<K: Registered>(
    app: &AppState,
    mut tx: domain::db::Tx,
    client_id: &str,
    jobs: Vec<K>,
) -> ApiResult<Queued> {
    let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(client_id);
    let (batch_id, pending) = K::enqueue_batch(&mut tx, &jobs, &options).await?;
    tx.commit().await?;
    let job_ids = pending.ids().to_vec();
    app.dispatch(pending).await;
    Ok(Queued { batch_id, job_ids })
}

/// Listing jobs for products × shops, each with its new listing version.
/// Each listing job (a product on a shop) counts against the plan's monthly allowance.
async fn require_listings(tx: &mut domain::db::Tx, me: &Caller, jobs: usize) -> ApiResult<()> {
    let n = i64::try_from(jobs).unwrap_or(i64::MAX);
    Ok(billing::require(tx, &me.scope.client_id, PaidWork::Listings(n)).await?)
}

/// How products go onto `shop`: as asked, or when not asked, as drafts where the channel has
/// them and live elsewhere. Asking for drafts on Amazon or Walmart, which have none, is the
/// seller's mistake on `field`.
fn mode_on(shop: &shops::Shop, asked: Option<ListingMode>, field: &str) -> ApiResult<ListingMode> {
    let drafts = shop.sale_channel.supports_drafts();
    match asked {
        Some(ListingMode::AsDraft) if !drafts => Err(ApiError::bad_input(
            field,
            format!(
                "{} has no drafts ({}): list with LISTING",
                shop.sale_channel.as_str(),
                shop.name
            ),
        )),
        Some(mode) => Ok(mode),
        None if drafts => Ok(ListingMode::AsDraft),
        None => Ok(ListingMode::Listing),
    }
}

async fn listing_jobs(
    tx: &mut domain::db::Tx,
    client_id: &str,
    product_ids: &[(String, String)],
    shops: &[(shops::Shop, ListingMode)],
) -> ApiResult<Vec<ListingPublish>> {
    let mut jobs = Vec::new();
    for (shop, mode) in shops {
        let mode = *mode;
        for (product_id, name) in product_ids {
            let (_, version) =
                shop_products::request_listing(tx, client_id, &shop.id, product_id, mode).await?;
            jobs.push(ListingPublish {
                shop_id: shop.id.clone(),
                product_id: product_id.clone(),
                version,
                mode,
                label: format!("{name} → {}", shop.name),
            });
        }
    }
    Ok(jobs)
}

/// The TikTok rules a listing request needs, read before its write transaction (no
/// marketplace call while it is open); nothing when no shop of the request is a TikTok one.
async fn listing_rules(
    app: &AppState,
    me: &Caller,
    shop_ids: &[String],
    template_id: Option<&str>,
    product_ids: &[String],
) -> ApiResult<RuleBook> {
    let mut conn = app.db.conn().await?;
    let mut tiktok = false;
    for id in shop_ids {
        // Another client's shop is refused inside the transaction, as before.
        if let Ok(shop) = shops::get(&mut conn, &me.scope, id).await {
            tiktok |= shop.sale_channel == shops::SaleChannel::Tiktok;
        }
    }
    if !tiktok {
        return Ok(RuleBook::new());
    }
    let mut categories = Vec::new();
    if let Some(Ok(template)) = match template_id {
        Some(id) => Some(templates::get(&mut conn, &me.scope, id).await),
        None => None,
    } {
        categories.extend(template.tiktok_category_id);
    }
    categories.extend(requirements::product_categories(&mut conn, &me.scope, product_ids).await);
    drop(conn);
    requirements::rule_book(app, me, None, categories.iter().map(String::as_str)).await
}

/// Refuses the whole request, before anything is queued, when a product misses something a
/// shop it is to be listed on requires; the caller's transaction is then dropped.
async fn ready_to_list(
    tx: &mut domain::db::Tx,
    me: &Caller,
    products: &[(String, String)],
    shops: &[(shops::Shop, ListingMode)],
    book: &RuleBook,
) -> ApiResult<()> {
    for (shop, _) in shops {
        for (id, name) in products {
            let problems = requirements::check_product(tx, &me.scope, id, shop, book).await?;
            if !problems.is_empty() {
                return Err(requirements::refuse_product(name, shop, problems));
            }
        }
    }
    Ok(())
}

/// The products of the caller's client, with their names; another client's id is NOT_FOUND.
async fn own_products(
    conn: &mut domain::Conn,
    me: &Caller,
    ids: &[String],
) -> ApiResult<Vec<(String, String)>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let p = products::get(conn, &me.scope, id).await?;
        out.push((p.id, p.name));
    }
    Ok(out)
}

/// Turns designs into products with a template (one product per design), and lists them on
/// the given shops when asked.
pub async fn create_products_with_template(
    app: &AppState,
    me: &Caller,
    input: NewProducts,
) -> ApiResult<CreatedProducts> {
    if input.designs.is_empty() {
        return Err(ApiError::bad_input("designs", "give at least one design"));
    }
    if input.designs.len() > templates::MAX_DESIGNS {
        return Err(ApiError::bad_input(
            "designs",
            format!("at most {} designs at once", templates::MAX_DESIGNS),
        ));
    }
    let book = listing_rules(
        app,
        me,
        &input.shop_ids,
        Some(input.template_id.as_str()),
        &[],
    )
    .await?;
    let mut tx = app.db.begin().await?;
    let template = templates::get(&mut tx, &me.scope, &input.template_id).await?;
    let mut shops = Vec::new();
    for (i, shop_id) in input.shop_ids.iter().enumerate() {
        let shop = listable_shop(&mut tx, me, &format!("shopIds.{i}"), shop_id).await?;
        let mode = mode_on(&shop, input.listing_mode, "listingMode")?;
        shops.push((shop, mode));
    }
    let mut created = Vec::with_capacity(input.designs.len());
    for (i, source) in input.designs.iter().enumerate() {
        let id = templates::create_product(&mut tx, &me.scope, &template, source, i).await?;
        let name = templates::product_name(&template.title, source.name.trim());
        created.push((id, name));
    }
    let product_ids = created.iter().map(|(id, _)| id.clone()).collect();
    if shops.is_empty() {
        tx.commit().await?;
        return Ok(CreatedProducts {
            product_ids,
            listing: None,
        });
    }
    ready_to_list(&mut tx, me, &created, &shops, &book).await?;
    let jobs = listing_jobs(&mut tx, &me.scope.client_id, &created, &shops).await?;
    require_listings(&mut tx, me, jobs.len()).await?;
    let listing = commit_batch(app, tx, &me.scope.client_id, jobs).await?;
    Ok(CreatedProducts {
        product_ids,
        listing: Some(listing),
    })
}

/// Applies a template to products, one `template.apply` job each; returns the products and
/// the batch.
pub async fn bulk_apply_template(
    app: &AppState,
    me: &Caller,
    template_id: &str,
    product_ids: &[String],
) -> ApiResult<(Vec<String>, Queued)> {
    let ids = bulk_ids("productIds", product_ids)?;
    let mut tx = app.db.begin().await?;
    let template = templates::get(&mut tx, &me.scope, template_id).await?;
    if let Some(f) = template.price_formula.as_deref() {
        domain::price_formula::PriceFormula::parse(f)?;
    }
    let products = own_products(&mut tx, me, &ids).await?;
    let jobs = products
        .iter()
        .map(|(id, name)| TemplateApply {
            template_id: template.id.clone(),
            product_id: id.clone(),
            label: name.clone(),
        })
        .collect();
    let queued = commit_batch(app, tx, &me.scope.client_id, jobs).await?;
    Ok((products.into_iter().map(|(id, _)| id).collect(), queued))
}

/// Lists products on one shop, as drafts or live; with a template, applies it first.
pub async fn bulk_listing(
    app: &AppState,
    me: &Caller,
    shop_id: &str,
    product_ids: &[String],
    mode: ListingMode,
    template_id: Option<&str>,
) -> ApiResult<Queued> {
    let ids = bulk_ids("productIds", product_ids)?;
    let book = listing_rules(app, me, &[shop_id.to_owned()], template_id, &ids).await?;
    let mut tx = app.db.begin().await?;
    let shop = listable_shop(&mut tx, me, "shopId", shop_id).await?;
    let mode = mode_on(&shop, Some(mode), "mode")?;
    let products = own_products(&mut tx, me, &ids).await?;
    if let Some(template_id) = template_id {
        let template = templates::get(&mut tx, &me.scope, template_id).await?;
        for (id, _) in &products {
            templates::apply_to_product(&mut tx, &me.scope, &template, id).await?;
        }
    }
    let shops = [(shop, mode)];
    ready_to_list(&mut tx, me, &products, &shops, &book).await?;
    let jobs = listing_jobs(&mut tx, &me.scope.client_id, &products, &shops).await?;
    require_listings(&mut tx, me, jobs.len()).await?;
    commit_batch(app, tx, &me.scope.client_id, jobs).await
}

/// Publishes (lists live) products on several shops: one job per product × shop.
pub async fn bulk_publish(
    app: &AppState,
    me: &Caller,
    product_ids: &[String],
    shop_ids: &[String],
) -> ApiResult<Queued> {
    let ids = bulk_ids("productIds", product_ids)?;
    let shop_ids = bulk_ids("shopIds", shop_ids)?;
    if ids.len() * shop_ids.len() > products::MAX_BULK {
        return Err(ApiError::bad_input(
            "productIds",
            format!("at most {} products × shops at once", products::MAX_BULK),
        ));
    }
    let book = listing_rules(app, me, &shop_ids, None, &ids).await?;
    let mut tx = app.db.begin().await?;
    let mut shops = Vec::new();
    for (i, id) in shop_ids.iter().enumerate() {
        shops.push(listable_shop(&mut tx, me, &format!("shopIds.{i}"), id).await?);
    }
    let products = own_products(&mut tx, me, &ids).await?;
    let shops: Vec<_> = shops
        .into_iter()
        .map(|shop| (shop, ListingMode::Listing))
        .collect();
    ready_to_list(&mut tx, me, &products, &shops, &book).await?;
    let jobs = listing_jobs(&mut tx, &me.scope.client_id, &products, &shops).await?;
    require_listings(&mut tx, me, jobs.len()).await?;
    commit_batch(app, tx, &me.scope.client_id, jobs).await
}

/// Gives a SKU to every variant without one, for listing on a TikTok shop.
pub async fn bulk_generate_skus(
    app: &AppState,
    me: &Caller,
    shop_id: &str,
    product_ids: &[String],
) -> ApiResult<Queued> {
    let ids = bulk_ids("productIds", product_ids)?;
    let mut tx = app.db.begin().await?;
    shops::get(&mut tx, &me.scope, shop_id).await?;
    let products = own_products(&mut tx, me, &ids).await?;
    let jobs = products
        .iter()
        .map(|(id, name)| SkuGenerate {
            shop_id: shop_id.to_owned(),
            product_id: id.clone(),
            label: name.clone(),
        })
        .collect();
    commit_batch(app, tx, &me.scope.client_id, jobs).await
}

/// Removes products from a shop (deleted on the marketplace too), one job each.
pub async fn remove_shop_products(
    app: &AppState,
    me: &Caller,
    shop_id: &str,
    shop_product_ids: &[String],
) -> ApiResult<Queued> {
    let ids = bulk_ids("shopProductIds", shop_product_ids)?;
    let mut tx = app.db.begin().await?;
    let mut jobs = Vec::with_capacity(ids.len());
    for id in &ids {
        let sp = shop_products::get(&mut tx, &me.scope, shop_id, id).await?;
        jobs.push(ShopProductRemove {
            shop_id: shop_id.to_owned(),
            shop_product_id: sp.id,
            label: format!("{} → {}", sp.product_name, sp.shop_name),
        });
    }
    commit_batch(app, tx, &me.scope.client_id, jobs).await
}

/// Renders the mockups of products, one `mockup.render` job each under one batch.
pub async fn bulk_render_mockups(
    app: &AppState,
    me: &Caller,
    product_ids: &[String],
) -> ApiResult<Queued> {
    let ids = bulk_ids("productIds", product_ids)?;
    let mut tx = app.db.begin().await?;
    let products = own_products(&mut tx, me, &ids).await?;
    let jobs = products
        .into_iter()
        .map(|(id, name)| MockupRender {
            product_id: id,
            label: name,
        })
        .collect();
    commit_batch(app, tx, &me.scope.client_id, jobs).await
}
