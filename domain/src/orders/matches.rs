//! The desk's recent answers: for a filter the seller just read, every id it matched, in the
//! desk's order, kept in memory and checked on every read against the client's order version
//! (migration 0026). A page of a filter read before is then a slice of ids and one statement for
//! its 50 orders, whatever the number of matches and the depth of the page; its count is the
//! slice's length, exactly what a COUNT would say, since any insert, removal or change of what
//! the desk filters, sorts on or shows moves the version (0026, 0027) and the next read loads the
//! ids again. The pages read under an answer's version are kept with it: a page read again
//! while the version stands is answered from memory after one statement, the version's.
//!
//! Only what can be kept exactly is kept: not STAFF's reads (their shops are read in the same
//! statement, and an unassignment must show at once), not deadline filters (they move with the
//! clock), not exports' fixed sets, and not answers of more than [`MAX_IDS`] orders. Each API
//! process keeps its own; the version makes them agree with the database, not with each other.
//! A missing or outdated answer is loaded in the background (from a filter's second read on, and
//! once per filter at a time), while the read that found it so counts and walks the indexes as
//! before.
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use super::desk::{self, Order, OrderQuery};
use crate::db::Db;
use crate::{Result, Scope, time};

/// Most ids one answer may hold: a desk's status tab or search over a season of a large
/// seller. A larger answer is counted and walked each time.
pub const MAX_IDS: usize = 20_000;
/// Most ids kept in all (about 40 bytes each): answers go, least recently read first, past it.
const BUDGET_IDS: usize = 500_000;
/// Most orders of kept pages one answer holds (its pages past it are read, not kept).
const PAGE_ORDERS: usize = 400;
/// What a kept order weighs against [`BUDGET_IDS`]: an order with its items is some forty times
/// an id.
const ORDER_WEIGHT: usize = 40;
/// Pending version rows (PostgreSQL writes one per transaction) folded into the client's version
/// once a read finds this many.
const FOLD_AT: i64 = 1_000;

/// Filters remembered as read once: the second read of one loads its answer.
const SEEN: usize = 4_096;
/// Summaries kept, least recently read first out (a summary is a few numbers).
const SUMMARIES: usize = 4_096;

pub struct OrderMatches {
    db: Db,
    kept: Mutex<Kept>,
    seen: Mutex<lru::LruCache<String, ()>>,
    loading: Mutex<HashSet<String>>,
    /// A filter's summary figures with the version they were read after.
    summaries: Mutex<lru::LruCache<String, (i64, desk::Summary)>>,
}

struct Kept {
    answers: lru::LruCache<String, Arc<Answer>>,
    ids: usize,
}

/// A page's offset and limit.
type PageAt = (i64, i64);

pub struct Answer {
    version: i64,
    pub ids: Vec<String>,
    /// Pages read under `version`, by offset and limit.
    pages: Mutex<HashMap<PageAt, Arc<Vec<Order>>>>,
}

impl Answer {
    fn new(version: i64, ids: Vec<String>) -> Answer {
        Answer {
            version,
            ids,
            pages: Mutex::new(HashMap::new()),
        }
    }

    /// What the answer weighs against [`BUDGET_IDS`], its kept pages at their most.
    fn weight(&self) -> usize {
        self.ids.len() + self.ids.len().min(PAGE_ORDERS) * ORDER_WEIGHT
    }

    /// The page kept for `offset` and `limit`: exact while [`Answer::is_of`] the version read
    /// after it was asked for.
    pub fn kept_page(&self, offset: i64, limit: i64) -> Option<Arc<Vec<Order>>> {
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.get(&(offset, limit)).cloned()
    }

    /// Keeps a page read while the version was this answer's, within [`PAGE_ORDERS`].
    pub fn keep_page(&self, offset: i64, limit: i64, orders: &[Order]) {
        let mut pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        let held: usize = pages.values().map(|p| p.len()).sum();
        if held + orders.len() <= PAGE_ORDERS {
            pages.insert((offset, limit), Arc::new(orders.to_vec()));
        }
    }

    /// Whether this answer was read at `version`, so still exact.
    pub fn is_of(&self, version: i64) -> bool {
        self.version == version
    }

    /// The ids of a page: `limit` from `offset`, fewer at the end.
    pub fn page(&self, offset: i64, limit: i64) -> &[String] {
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.ids.len());
        let end = start
            .saturating_add(usize::try_from(limit).unwrap_or(0))
            .min(self.ids.len());
        &self.ids[start..end]
    }
}

impl OrderMatches {
    pub fn new(db: Db) -> Arc<Self> {
        Arc::new(Self {
            db,
            kept: Mutex::new(Kept {
                answers: lru::LruCache::unbounded(),
                ids: 0,
            }),
            seen: Mutex::new(lru::LruCache::new(
                std::num::NonZeroUsize::new(SEEN).unwrap_or(std::num::NonZeroUsize::MIN),
            )),
            loading: Mutex::new(HashSet::new()),
            summaries: Mutex::new(lru::LruCache::new(
                std::num::NonZeroUsize::new(SUMMARIES).unwrap_or(std::num::NonZeroUsize::MIN),
            )),
        })
    }

    /// The key of a read that can be kept, or None.
    pub fn key(scope: &Scope, q: &OrderQuery) -> Option<String> {
        if scope.limited_to_assigned_shops() || q.deadline.is_some() || q.seen_by.is_some() {
            return None;
        }
        let mut shops = q.shop_ids.clone();
        shops.sort();
        Some(
            [
                scope.client_id.as_str(),
                q.search.as_deref().unwrap_or(""),
                q.status.map(|s| s.as_str()).unwrap_or(""),
                &shops.join(","),
                q.sale_channel.map(|c| c.as_str()).unwrap_or(""),
                &q.from.map(time::to_db).unwrap_or_default(),
                &q.to.map(time::to_db).unwrap_or_default(),
                <&str>::from(q.sort),
                <&str>::from(q.direction),
            ]
            .join("\u{1f}"),
        )
    }

    /// The answer kept for `key`, whatever its version: the caller reads the version beside
    /// the page it slices from it, and keeps the page only if [`Answer::is_of`] that version.
    pub fn latest(&self, key: &str) -> Option<Arc<Answer>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.answers.get(key).cloned()
    }

    fn put(&self, key: String, answer: Answer) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.ids += answer.weight();
        if let Some(old) = kept.answers.put(key, Arc::new(answer)) {
            kept.ids -= old.weight();
        }
        while kept.ids > BUDGET_IDS {
            match kept.answers.pop_lru() {
                Some((_, gone)) => kept.ids -= gone.weight(),
                None => break,
            }
        }
    }

    /// Loads the answer of `key` in the background, under `version`, read before this: an
    /// answer that saw a later change is kept under the older version and loaded again next time.
    /// Only from a filter's second read on: a search typed once and left (most of them) costs
    /// no second walk.
    pub fn load_in_background(
        self: &Arc<Self>,
        key: String,
        scope: &Scope,
        q: &OrderQuery,
        version: i64,
    ) {
        let first_read = self
            .seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .put(key.clone(), ())
            .is_none();
        if first_read {
            return;
        }
        if !self
            .loading
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.clone())
        {
            return;
        }
        let (this, scope, q) = (self.clone(), scope.clone(), q.clone());
        tokio::spawn(async move {
            let loaded = async {
                let mut conn = this.db.conn().await?;
                desk::matching_ids(&mut conn, &scope, &q).await
            }
            .await;
            match loaded {
                Ok(ids) if ids.len() <= MAX_IDS => this.put(key.clone(), Answer::new(version, ids)),
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "desk answer not kept; reads count and walk meanwhile")
                }
            }
            this.loading
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&key);
        });
    }

    /// The summary of `key` kept at `version`: exact, since every column it sums moves the
    /// version (0027).
    pub fn kept_summary(&self, key: &str, version: i64) -> Option<desk::Summary> {
        let mut summaries = self.summaries.lock().unwrap_or_else(|e| e.into_inner());
        summaries
            .get(key)
            .filter(|(at, _)| *at == version)
            .map(|(_, summary)| *summary)
    }

    /// Keeps a summary read after `version` was: read later than the version, it is never older
    /// than it (a newer one is kept under the older version and read again next time).
    pub fn keep_summary(&self, key: String, version: i64, summary: desk::Summary) {
        let mut summaries = self.summaries.lock().unwrap_or_else(|e| e.into_inner());
        summaries.put(key, (version, summary));
    }

    /// The client's order version, folding PostgreSQL's pending version rows into it once they
    /// are many (in the background: the read does not wait for it).
    pub async fn version(
        self: &Arc<Self>,
        conn: &mut crate::db::Conn,
        client_id: &str,
    ) -> Result<i64> {
        let version = desk::version(conn, client_id).await?;
        Ok(self.noted(client_id, version))
    }

    /// A version read with the session's statement, as [`OrderMatches::version`] takes it.
    pub fn noted(self: &Arc<Self>, client_id: &str, version: desk::Version) -> i64 {
        if version.pending >= FOLD_AT {
            let (db, client_id) = (self.db.clone(), client_id.to_owned());
            tokio::spawn(async move {
                if let Err(e) = fold(&db, &client_id).await {
                    tracing::warn!(error = %e, "order version rows not folded");
                }
            });
        }
        version.value()
    }
}

/// Folds the pending version rows of every client that has some (at most `clients` of them):
/// a client whose desk nobody reads would otherwise keep one row per writing transaction.
/// Answers how many clients were folded.
pub async fn fold_all(db: &Db, clients: i64) -> Result<usize> {
    let pending: Vec<String> = {
        let mut conn = db.conn().await?;
        sqlx::query_scalar("SELECT DISTINCT client_id FROM order_writes LIMIT $1")
            .bind(clients)
            .fetch_all(&mut *conn)
            .await?
    };
    for client_id in &pending {
        fold(db, client_id).await?;
    }
    Ok(pending.len())
}

/// Moves the client's pending version rows into its version, in one transaction: the sum, which
/// readers take, is the same before and after. Two folds at once delete each row once (the second
/// waits for the first's and finds them gone), so each adds what it removed.
async fn fold(db: &Db, client_id: &str) -> Result<()> {
    let mut tx = db.begin().await?;
    let moved = sqlx::query("DELETE FROM order_writes WHERE client_id = $1")
        .bind(client_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if moved > 0 {
        sqlx::query(
            "INSERT INTO client_order_versions (client_id, version) VALUES ($1, $2)
             ON CONFLICT (client_id) DO UPDATE SET version = client_order_versions.version + EXCLUDED.version",
        )
        .bind(client_id)
        .bind(i64::try_from(moved).unwrap_or(i64::MAX))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
