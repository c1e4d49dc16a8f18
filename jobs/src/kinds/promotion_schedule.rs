//! `promotion.schedule`: creates one window of a promotion on its shop — the flash-sale
//! activity and its products, each at the plan's discount at the plan's level — and records
//! what became of every product. Queued by `createTiktokPromotionSchedule` (the first window,
//! one job per shop under a batch) and by `promotion.renew` (each next window).
//!
//! Which products: a first window takes the chosen products (or every live product of the
//! shop); a renewal takes the previous window's, and leaves out, with the reason, those that no
//! longer qualify: not live, out of stock, a price the discount cannot cut, or in another flash
//! sale at the same time. A renewal that fails or leaves products out that were on sale alerts
//! the client's admins by mail and on Telegram, once per window.
//!
//! Idempotent: keyed by promotion and window. The marketplace takes no idempotency key on
//! activities, so the window's title is deterministic (plan title, start, promotion tag) and
//! the job looks its activity up by title before creating one; the activity's id is stored as
//! soon as it is known. Adding products is an upsert on the marketplace.
//!
//! Errors: throttling reschedules, outages retry (the window shows PENDING with the reason
//! meanwhile), a rejection of the activity fails the window with the marketplace's words.
use std::collections::{HashMap, HashSet};

use connectors::tiktok::{
    ActivityInput, ActivityProductInput, ActivitySearch, ActivitySkuInput, Page, ProductSearch,
    ProductSummary, TiktokError,
};
use domain::event_histories::{EventHistory, JobStatus};
use domain::promotions::{
    self, Candidate, ItemOutcome, ItemRecord, ProductLevel, Promotion, Window,
};
use serde::{Deserialize, Serialize};

use super::{JobKind, MailSend};
use crate::context::JobContext;
use crate::telegram::{Alert, alert_client_admins};
use crate::tiktok::{ShopSession, open_shop};
use crate::{EnqueueOptions, JobError, Pending};

/// Products added per call; a refused call is retried product by product so that each refusal
/// lands on its product.
const PRODUCTS_PER_CALL: usize = 20;
/// The least time between now and a window's start for the marketplace to accept it.
const START_MARGIN_SECS: i64 = 60;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PromotionSchedule {
    pub promotion_id: String,
    pub client_id: String,
    pub shop_id: String,
    /// The window's number in its promotion (1 = the first).
    pub seq: i64,
}

impl PromotionSchedule {
    pub fn key(promotion_id: &str, seq: i64) -> String {
        format!("promotion:{promotion_id}:window:{seq}")
    }
}

impl JobKind for PromotionSchedule {
    const NAME: &'static str = "promotion.schedule";

    fn dedupe_key(&self) -> Option<String> {
        Some(Self::key(&self.promotion_id, self.seq))
    }

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let mut conn = ctx.db.conn().await?;
        let Some(promotion) =
            promotions::find(&mut conn, &self.client_id, &self.promotion_id).await?
        else {
            // Removed with its shop: nothing left to schedule.
            return Ok(());
        };
        let Some(window) =
            promotions::window(&mut conn, &self.client_id, &self.promotion_id, self.seq).await?
        else {
            return Ok(());
        };
        if window.status == JobStatus::Success {
            return Ok(());
        }
        if promotion.deactivated_at.is_some() {
            promotions::finish_window(
                &mut conn,
                &promotion,
                &window,
                &[],
                JobStatus::Failed,
                Some("the promotion was deactivated before this window was created"),
                None,
            )
            .await?;
            return Ok(());
        }
        promotions::start_window(&mut conn, &promotion, &window).await?;
        drop(conn);
        match self.schedule(ctx, &promotion, window.clone()).await {
            Ok(done) => self.finish(ctx, &promotion, done).await,
            Err(error) => {
                let last = matches!(error, JobError::Permanent(_))
                    || (matches!(error, JobError::Retry(_)) && job.attempts >= job.max_attempts);
                let mut tx = ctx.db.begin().await?;
                let status = if last {
                    JobStatus::Failed
                } else {
                    JobStatus::Pending
                };
                let reason = error.to_string();
                promotions::finish_window(
                    &mut tx,
                    &promotion,
                    &window,
                    &[],
                    status,
                    Some(&reason),
                    None,
                )
                .await?;
                let mut pending = Pending::new();
                if last && self.seq > 1 {
                    pending = self
                        .alert(ctx, &mut tx, &promotion, Some(&reason), &[])
                        .await?;
                }
                tx.commit().await?;
                ctx.push(pending).await;
                Err(error)
            }
        }
    }
}

/// A window whose activity exists, with what became of each product.
struct Scheduled {
    window: Window,
    items: Vec<ItemRecord>,
    /// Products on sale in the previous window that this one left out, with the reason.
    newly_left_out: Vec<(String, String)>,
}

/// What a window considers: candidates, products that cannot be (as items), and the live
/// products as read when it took them all.
type Candidates = (
    Vec<Candidate>,
    Vec<ItemRecord>,
    Option<HashMap<String, ProductSummary>>,
);

/// A product that qualifies, priced.
struct Priced {
    candidate: Candidate,
    entry: ActivityProductInput,
    cents: i64,
}

impl PromotionSchedule {
    async fn schedule(
        &self,
        ctx: &JobContext,
        promotion: &Promotion,
        mut window: Window,
    ) -> Result<Scheduled, JobError> {
        let session = open_shop(
            &ctx.db,
            ctx.tiktok.as_ref(),
            &ctx.secrets,
            &self.client_id,
            &self.shop_id,
        )
        .await?;
        let renewal = self.seq > 1;
        let (candidates, mut items, live) = self.candidates(ctx, promotion, &session).await?;
        let found = match live {
            Some(live) => live,
            None => {
                let wanted: HashSet<String> = candidates
                    .iter()
                    .map(|c| c.external_product_id.clone())
                    .collect();
                products_on_marketplace(&session, Some(&wanted)).await?
            }
        };

        // A window that can no longer start on time starts as soon as it can.
        let now = ctx.clock.now();
        let earliest = now + chrono::Duration::seconds(START_MARGIN_SECS);
        if window.activity_id.is_none() && window.begin_time < earliest {
            let title = promotions::activity_title(&promotion.title, earliest, &promotion.id);
            let mut conn = ctx.db.conn().await?;
            promotions::move_window(&mut conn, promotion, &window, earliest, &title).await?;
            window.begin_time = earliest;
            window.end_time = earliest + promotion.duration();
            window.title = title;
        }

        let mut conn = ctx.db.conn().await?;
        let busy =
            promotions::busy_products(&mut conn, promotion, window.begin_time, window.end_time)
                .await?;
        drop(conn);
        let left_out = if renewal {
            ItemOutcome::Dropped
        } else {
            ItemOutcome::Failed
        };
        let mut priced = Vec::new();
        let mut newly_left_out = Vec::new();
        for candidate in candidates {
            let verdict = match found.get(&candidate.external_product_id) {
                None => Err("no longer on the shop".to_owned()),
                Some(product) => match busy.get(&candidate.external_product_id) {
                    Some(other) => Err(format!(
                        "already in the flash sale \"{other}\" at that time"
                    )),
                    None => price(product, promotion),
                },
            };
            let title = found
                .get(&candidate.external_product_id)
                .map(|p| p.title.clone())
                .filter(|t| !t.is_empty())
                .or_else(|| candidate.title.clone());
            match verdict {
                Ok((entry, cents)) => priced.push(Priced {
                    candidate: Candidate { title, ..candidate },
                    entry,
                    cents,
                }),
                Err(reason) => {
                    if candidate.was_on_sale {
                        newly_left_out.push((
                            title
                                .clone()
                                .unwrap_or_else(|| candidate.external_product_id.clone()),
                            reason.clone(),
                        ));
                    }
                    items.push(ItemRecord {
                        product_id: candidate.product_id,
                        external_product_id: Some(candidate.external_product_id),
                        title,
                        activity_price_cents: None,
                        status: left_out,
                        reason: Some(reason),
                    });
                }
            }
        }
        if priced.is_empty() {
            return Err(JobError::Permanent(
                "no product qualifies for this flash sale: see each product's reason".into(),
            ));
        }

        let activity_id = match &window.activity_id {
            Some(id) => id.clone(),
            None => {
                let id = find_or_create_activity(&session, promotion, &window).await?;
                let mut conn = ctx.db.conn().await?;
                promotions::set_activity(&mut conn, promotion, &window, &id).await?;
                window.activity_id = Some(id.clone());
                id
            }
        };

        for chunk in priced.chunks(PRODUCTS_PER_CALL) {
            let entries: Vec<ActivityProductInput> =
                chunk.iter().map(|p| p.entry.clone()).collect();
            let refused: Vec<(usize, String)> = match session
                .client
                .update_activity_products(&session.auth, &activity_id, &entries)
                .await
            {
                Ok(_) => Vec::new(),
                Err(e @ TiktokError::Rejected { .. }) if chunk.len() > 1 => {
                    tracing::info!(error = %e, "a batch of flash-sale products was refused; adding them one by one");
                    let mut refused = Vec::new();
                    for (i, entry) in entries.iter().enumerate() {
                        match session
                            .client
                            .update_activity_products(
                                &session.auth,
                                &activity_id,
                                std::slice::from_ref(entry),
                            )
                            .await
                        {
                            Ok(_) => {}
                            Err(e @ TiktokError::Rejected { .. }) => refused.push((i, e.message())),
                            Err(e) => return Err(e.into()),
                        }
                    }
                    refused
                }
                Err(e @ TiktokError::Rejected { .. }) => vec![(0, e.message())],
                Err(e) => return Err(e.into()),
            };
            for (i, p) in chunk.iter().enumerate() {
                let refusal = refused
                    .iter()
                    .find(|(r, _)| *r == i)
                    .map(|(_, m)| m.clone());
                if let Some(reason) = &refusal
                    && p.candidate.was_on_sale
                {
                    newly_left_out.push((
                        p.candidate
                            .title
                            .clone()
                            .unwrap_or_else(|| p.candidate.external_product_id.clone()),
                        reason.clone(),
                    ));
                }
                items.push(ItemRecord {
                    product_id: p.candidate.product_id.clone(),
                    external_product_id: Some(p.candidate.external_product_id.clone()),
                    title: p.candidate.title.clone(),
                    activity_price_cents: Some(p.cents),
                    status: if refusal.is_some() {
                        ItemOutcome::Failed
                    } else {
                        ItemOutcome::Success
                    },
                    reason: refusal,
                });
            }
        }
        Ok(Scheduled {
            window,
            items,
            newly_left_out,
        })
    }

    /// The products this window considers, the chosen ones that cannot be (not on the shop)
    /// as failed items, and, when the window takes every live product, those as read.
    async fn candidates(
        &self,
        ctx: &JobContext,
        promotion: &Promotion,
        session: &ShopSession,
    ) -> Result<Candidates, JobError> {
        let mut conn = ctx.db.conn().await?;
        if self.seq > 1 {
            let previous =
                promotions::window(&mut conn, &self.client_id, &promotion.id, self.seq - 1)
                    .await?
                    .ok_or_else(|| {
                        JobError::Permanent("the window before this one is gone".into())
                    })?;
            let candidates =
                promotions::renewal_candidates(&mut conn, &self.client_id, &previous.id).await?;
            return Ok((candidates, Vec::new(), None));
        }
        if promotion.product_ids.is_empty() {
            // Every live product: read from the marketplace, named by our ids where we know
            // them.
            let local = promotions::local_ids(&mut conn, &self.client_id, &self.shop_id).await?;
            drop(conn);
            let live = products_on_marketplace(session, None).await?;
            let mut candidates: Vec<Candidate> = live
                .values()
                .map(|p| Candidate {
                    product_id: local.get(&p.id).cloned(),
                    title: Some(p.title.clone()).filter(|t| !t.is_empty()),
                    external_product_id: p.id.clone(),
                    was_on_sale: false,
                })
                .collect();
            candidates.sort_by(|a, b| a.external_product_id.cmp(&b.external_product_id));
            return Ok((candidates, Vec::new(), Some(live)));
        }
        let listed = promotions::listed_on_shop(
            &mut conn,
            &self.client_id,
            &self.shop_id,
            &promotion.product_ids,
        )
        .await?;
        let mut candidates = Vec::new();
        let mut failed = Vec::new();
        for (product_id, external) in listed {
            match external {
                Some(external_product_id) => candidates.push(Candidate {
                    product_id: Some(product_id),
                    external_product_id,
                    title: None,
                    was_on_sale: false,
                }),
                None => failed.push(ItemRecord {
                    product_id: Some(product_id),
                    external_product_id: None,
                    title: None,
                    activity_price_cents: None,
                    status: ItemOutcome::Failed,
                    reason: Some("not listed on this shop".into()),
                }),
            }
        }
        Ok((candidates, failed, None))
    }

    async fn finish(
        &self,
        ctx: &JobContext,
        promotion: &Promotion,
        done: Scheduled,
    ) -> Result<(), JobError> {
        let renews_at =
            promotions::renewal_time(done.window.end_time, ctx.config.promotion_renew_ahead);
        let mut tx = ctx.db.begin().await?;
        promotions::finish_window(
            &mut tx,
            promotion,
            &done.window,
            &done.items,
            JobStatus::Success,
            None,
            Some(renews_at),
        )
        .await?;
        let mut pending = Pending::new();
        if self.seq > 1 && !done.newly_left_out.is_empty() {
            pending = self
                .alert(ctx, &mut tx, promotion, None, &done.newly_left_out)
                .await?;
        }
        tx.commit().await?;
        ctx.push(pending).await;
        let success = done
            .items
            .iter()
            .filter(|i| i.status == ItemOutcome::Success)
            .count();
        tracing::info!(promotion = %promotion.id, window = self.seq, success, total = done.items.len(), "flash-sale window scheduled");
        Ok(())
    }

    /// Mails the client's admins and alerts them on Telegram: the renewal failed (`failure`)
    /// or left out products that were on sale. Once per window.
    async fn alert(
        &self,
        ctx: &JobContext,
        tx: &mut domain::db::Conn,
        promotion: &Promotion,
        failure: Option<&str>,
        left_out: &[(String, String)],
    ) -> Result<Pending, JobError> {
        let key = Self::key(&promotion.id, self.seq);
        let link = format!("{}/shops/tiktok/promotions", ctx.config.public_url);
        let options = EnqueueOptions::new(ctx.config.max_attempts).client(&self.client_id);
        let mut pending = Pending::new();
        for (email, first_name) in domain::users::admins_of(tx, &self.client_id).await? {
            let mail = domain::mail::promotion_renewal_problem(
                &email,
                &first_name,
                &promotion.title,
                &promotion.shop_name,
                failure,
                left_out,
                &link,
            );
            let job = MailSend::new(&ctx.secrets, mail).once_per(format!("{key}:{email}"));
            pending.add(job.enqueue(tx, &options).await?);
        }
        let alert = match failure {
            Some(reason) => Alert::promotion_renewal_failed(
                &key,
                &promotion.title,
                &promotion.shop_name,
                reason,
            ),
            None => Alert::promotion_products_dropped(
                &key,
                &promotion.title,
                &promotion.shop_name,
                left_out,
            ),
        };
        pending.add(alert_client_admins(tx, &self.client_id, alert).await?);
        Ok(pending)
    }
}

/// The shop's products as the marketplace holds them now: the live ones (`wanted` = None), or
/// those of `wanted` whatever their status (a product missing from the answer is gone).
async fn products_on_marketplace(
    session: &ShopSession,
    wanted: Option<&HashSet<String>>,
) -> Result<HashMap<String, ProductSummary>, JobError> {
    let filter = ProductSearch {
        status: Some(if wanted.is_some() { "ALL" } else { "ACTIVATE" }.into()),
        ..ProductSearch::default()
    };
    let mut found = HashMap::new();
    let mut page = Page::first(100);
    loop {
        let answer = session
            .client
            .search_products(&session.auth, &filter, &page)
            .await?;
        for product in answer.products {
            if wanted.is_none_or(|w| w.contains(&product.id)) {
                found.insert(product.id.clone(), product);
            }
        }
        let complete = wanted.is_some_and(|w| found.len() >= w.len());
        if answer.next_page_token.is_empty() || complete {
            return Ok(found);
        }
        page = page.next(answer.next_page_token);
    }
}

/// The product's entry at the plan's level and its lowest activity price in cents, or why it
/// does not qualify.
fn price(
    product: &ProductSummary,
    promotion: &Promotion,
) -> Result<(ActivityProductInput, i64), String> {
    if product.status != "ACTIVATE" {
        return Err(format!(
            "not live on TikTok Shop (status {})",
            product.status
        ));
    }
    let stock: i64 = product
        .skus
        .iter()
        .flat_map(|s| s.inventory.iter())
        .map(|i| i.quantity)
        .sum();
    if stock <= 0 {
        return Err("out of stock".into());
    }
    let discount = promotion.discount_percent;
    let regular = |sku: &connectors::tiktok::SkuSummary| {
        let amount = if sku.price.sale_price.is_empty() {
            &sku.price.tax_exclusive_price
        } else {
            &sku.price.sale_price
        };
        promotions::cents_of(amount)
    };
    let too_low = |cents: i64| {
        format!(
            "the price {} is too low for a {discount}% discount",
            promotions::amount_of(cents)
        )
    };
    match promotion.product_level {
        ProductLevel::Product => {
            let lowest = product
                .skus
                .iter()
                .filter_map(regular)
                .min()
                .ok_or_else(|| "has no price".to_owned())?;
            let cents =
                promotions::discounted_cents(lowest, discount).ok_or_else(|| too_low(lowest))?;
            Ok((
                ActivityProductInput {
                    id: product.id.clone(),
                    activity_price_amount: Some(promotions::amount_of(cents)),
                    ..ActivityProductInput::default()
                },
                cents,
            ))
        }
        ProductLevel::Variation => {
            let mut skus = Vec::new();
            let mut lowest = i64::MAX;
            for sku in &product.skus {
                let regular = regular(sku).ok_or_else(|| format!("SKU {} has no price", sku.id))?;
                let cents = promotions::discounted_cents(regular, discount)
                    .ok_or_else(|| too_low(regular))?;
                lowest = lowest.min(cents);
                skus.push(ActivitySkuInput {
                    id: sku.id.clone(),
                    activity_price_amount: Some(promotions::amount_of(cents)),
                    ..ActivitySkuInput::default()
                });
            }
            if skus.is_empty() {
                return Err("has no SKU".into());
            }
            Ok((
                ActivityProductInput {
                    id: product.id.clone(),
                    skus,
                    ..ActivityProductInput::default()
                },
                lowest,
            ))
        }
    }
}

/// The window's activity: found by its title (an earlier attempt may have created it and lost
/// the answer), else created.
async fn find_or_create_activity(
    session: &ShopSession,
    promotion: &Promotion,
    window: &Window,
) -> Result<String, JobError> {
    let search = ActivitySearch {
        activity_title: Some(window.title.clone()),
        activity_type: Some(promotion.promotion_type.as_str().into()),
        page_size: Some(100),
        ..ActivitySearch::default()
    };
    let found = session
        .client
        .search_activities(&session.auth, &search)
        .await?;
    if let Some(a) = found
        .activities
        .iter()
        .find(|a| a.title == window.title && a.status != "DEACTIVATED")
    {
        return Ok(a.id.clone());
    }
    let input = ActivityInput {
        title: window.title.clone(),
        activity_type: promotion.promotion_type.as_str().into(),
        begin_time: window.begin_time.timestamp(),
        end_time: window.end_time.timestamp(),
        product_level: promotion.product_level.as_str().into(),
        ..ActivityInput::default()
    };
    let created = session
        .client
        .create_activity(&session.auth, &input)
        .await?;
    Ok(created.activity_id)
}
