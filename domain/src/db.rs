//! One pool for both engines through sqlx's `Any` driver. The SQL in the repositories is the
//! dialect SQLite and PostgreSQL share: `$n` placeholders, TEXT ids and times, BIGINT cents.
use std::borrow::Cow;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteSynchronous};
use sqlx::{Any, AnyPool, Row, SqlSafeStr};
use sqlx_core::transaction::TransactionManager;

use crate::Result;

/// `(version, description, SQL)` of every migration file, per backend (see `build.rs`).
mod migrations {
    include!(concat!(env!("OUT_DIR"), "/migrations.rs"));
}

pub type Conn = sqlx::AnyConnection;

/// See [`Db::lazy_conn`].
pub struct LazyConn<'a> {
    db: &'a Db,
    conn: Option<PoolConnection<Any>>,
}

impl LazyConn<'_> {
    pub async fn get(&mut self) -> Result<&mut Conn> {
        let conn = match self.conn.take() {
            Some(conn) => conn,
            None => self.db.conn().await?,
        };
        Ok(&mut **self.conn.insert(conn))
    }
}

type AnyTransactions = <Any as sqlx::Database>::TransactionManager;

/// A write transaction ([`Db::begin`]). Like sqlx's `Transaction` it reads as its connection,
/// and one dropped without [`Tx::commit`] rolls back; unlike it, a committed transaction gives
/// its connection, with the next transaction already begun, to the [`Db`]'s recent write
/// connections instead of back to the pool.
pub struct Tx {
    /// `None` once committed or rolled back.
    conn: Option<PoolConnection<Any>>,
    recent: Option<Arc<RecentConns>>,
}

impl Tx {
    pub async fn commit(mut self) -> Result<()> {
        // The connection stays in `self` until the end: a commit that is cancelled leaves the
        // transaction counted open, and the drop rolls back whatever did not happen.
        let Some(conn) = self.conn.as_mut() else {
            return Ok(());
        };
        let Some(recent) = self.recent.clone().filter(|r| r.can_keep()) else {
            AnyTransactions::commit(conn).await?;
            return Ok(());
        };
        match commit_and_begin(conn).await {
            Ok(true) => {
                if let Some(conn) = self.conn.take() {
                    recent.give_back(conn);
                }
                Ok(())
            }
            // Committed, but what the BEGIN left is unknown: the connection is not reused.
            Ok(false) => {
                conn.close_on_drop();
                Ok(())
            }
            Err(e) => {
                conn.close_on_drop();
                Err(e.into())
            }
        }
    }

    pub async fn rollback(mut self) -> Result<()> {
        if let Some(conn) = self.conn.as_mut() {
            AnyTransactions::rollback(conn).await?;
        }
        Ok(())
    }
}

/// `COMMIT` and the next transaction's `BEGIN` in one round trip (one simple query of two
/// statements), so that the next write on this connection starts without one of its own.
/// `Ok(false)`: the commit went through and the `BEGIN` did not. sqlx's count of open
/// transactions on the connection stays at one, which is right again once `BEGIN` has run.
async fn commit_and_begin(conn: &mut Conn) -> std::result::Result<bool, sqlx::Error> {
    use futures::TryStreamExt;
    let mut results = sqlx::raw_sql("COMMIT; BEGIN").execute_many(&mut *conn);
    // The first result is the COMMIT's: an error before it is the commit's.
    if results.try_next().await?.is_none() {
        return Ok(false);
    }
    let begun = matches!(results.try_next().await, Ok(Some(_)));
    let finished = matches!(results.try_next().await, Ok(None));
    Ok(begun && finished)
}

impl Drop for Tx {
    fn drop(&mut self) {
        if let Some(mut conn) = self.conn.take()
            && AnyTransactions::get_transaction_depth(&conn) > 0
        {
            // Sent with the pool's check on release, before anyone else uses the connection.
            AnyTransactions::start_rollback(&mut conn);
        }
    }
}

impl std::ops::Deref for Tx {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        // Only `commit` and `rollback`, which consume the transaction, take the connection.
        self.conn
            .as_deref()
            .expect("an open transaction has its connection")
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut Conn {
        self.conn
            .as_deref_mut()
            .expect("an open transaction has its connection")
    }
}

/// PostgreSQL only: the connections of write transactions that committed in the last
/// [`TRUST_IDLE_FOR`], kept out of the pool with the next transaction begun, and handed out
/// newest first.
///
/// sqlx's pool hands out its idle connections oldest first, so a steady trickle of write
/// transactions goes round every connection it holds: each commit then lands on a server
/// process that has slept longest (its caches cold, the scheduler waking it), and each give-back
/// costs a ping. Handed out newest first, the trickle keeps to the few it needs. At 1,000
/// enqueues a second this took a quarter off the commit's p99 (docs/benchmarks.md, step 36).
///
/// Only a connection whose commit and next `BEGIN` came back is kept ([`commit_and_begin`]):
/// its protocol state is known clean, which is what the pool's ping on release would check. The
/// `BEGIN` rides the commit's round trip, so the next write starts without one (one of a single
/// enqueue's three trips to PostgreSQL). A kept transaction begun over [`TRUST_BEGUN_FOR`] ago is
/// begun again before use, in the round trip that finds a connection a server restart ended,
/// which is then replaced by one from the pool. One kept for longer than [`TRUST_IDLE_FOR`]
/// goes back to the pool, rolled back and checked there (and pinged again before use after a
/// pause). A connection is kept only while the pool has one idle or room to open one, so that
/// readers waiting on a full pool get it, and the pool's close takes them all.
struct RecentConns {
    pool: AnyPool,
    /// Open transactions, each with when it began; dropped, one rolls back (see [`Tx`]).
    conns: std::sync::Mutex<Vec<(Tx, Instant)>>,
}

impl std::fmt::Debug for RecentConns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecentConns").finish_non_exhaustive()
    }
}

impl RecentConns {
    fn new(pool: AnyPool) -> Arc<RecentConns> {
        // Only the close event and a weak handle go into the task: it holds neither the pool
        // nor the kept connections open after the last `Db` is dropped.
        let closed = pool.close_event();
        let recent = Arc::new(RecentConns {
            pool,
            conns: std::sync::Mutex::new(Vec::new()),
        });
        let weak = Arc::downgrade(&recent);
        tokio::spawn(async move {
            tokio::pin!(closed);
            loop {
                tokio::select! {
                    _ = &mut closed => {
                        if let Some(recent) = weak.upgrade() {
                            drop(recent.drain(|_| true));
                        }
                        break;
                    }
                    _ = tokio::time::sleep(TRUST_IDLE_FOR) => {
                        let Some(recent) = weak.upgrade() else { break };
                        drop(recent.drain(|since| since.elapsed() >= TRUST_IDLE_FOR));
                    }
                }
            }
        });
        recent
    }

    /// The newest kept transaction, if it was begun less than [`TRUST_IDLE_FOR`] ago, and when.
    fn take(&self) -> Option<(Tx, Instant)> {
        // The stale ones go back to the pool first, outside the lock.
        drop(self.drain(|since| since.elapsed() >= TRUST_IDLE_FOR));
        let mut conns = self.conns.lock().ok()?;
        conns.pop()
    }

    /// No connection idle in the pool and no room to open one.
    fn pool_is_full(&self) -> bool {
        let pool = &self.pool;
        pool.num_idle() == 0 && pool.size() >= pool.options().get_max_connections()
    }

    /// Whether a connection committing now may be kept.
    fn can_keep(&self) -> bool {
        !self.pool_is_full() && !self.pool.is_closed()
    }

    /// Keeps `conn`, whose next transaction has just begun, if [`RecentConns::can_keep`] still
    /// says so; else it goes back to the pool, rolled back.
    fn give_back(&self, conn: PoolConnection<Any>) {
        let tx = Tx {
            conn: Some(conn),
            recent: None,
        };
        if self.can_keep()
            && let Ok(mut conns) = self.conns.lock()
        {
            conns.push((tx, Instant::now()));
        }
    }

    /// Takes out the kept transactions `stale` says so of (by when each began).
    fn drain(&self, stale: impl Fn(Instant) -> bool) -> Vec<(Tx, Instant)> {
        let Ok(mut conns) = self.conns.lock() else {
            return Vec::new();
        };
        // Oldest first: the stale ones are at the bottom.
        let keep_from = conns
            .iter()
            .position(|(_, since)| !stale(*since))
            .unwrap_or(conns.len());
        conns.drain(..keep_from).collect()
    }
}

/// One PostgreSQL connection kept out of the pool between uses, for a task that runs a
/// statement every few milliseconds: taken from the pool and given back, each use would cost
/// two more round trips (sqlx's ping on release, and on acquire after a pause). A use that
/// failed drops its connection (the pool checks it and closes it if broken) and the next takes
/// another. On SQLite the connection is the pool's writer, which other writers take in turn,
/// so it goes back after each use.
pub struct KeptConn {
    db: Db,
    conn: std::sync::Mutex<Option<PoolConnection<Any>>>,
}

impl KeptConn {
    /// The kept connection, or one from the pool.
    pub async fn take(&self) -> Result<PoolConnection<Any>> {
        let kept = self.conn.lock().ok().and_then(|mut c| c.take());
        match kept {
            Some(conn) => Ok(conn),
            None => self.db.conn().await,
        }
    }

    /// Keeps `conn` for the next [`KeptConn::take`], after a use that succeeded.
    pub fn keep(&self, conn: PoolConnection<Any>) {
        if self.db.backend == Backend::Postgres
            && let Ok(mut kept) = self.conn.lock()
        {
            *kept = Some(conn);
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The engine behind a connection, for functions given one without its `Db`.
    pub fn of(conn: &Conn) -> Backend {
        if conn.backend_name().eq_ignore_ascii_case("postgresql") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// SQLite only: one connection that write transactions and the job pipeline's status
    /// rounds take in turn. SQLite has one writer at a time; writers on several connections
    /// wait for each other in its busy handler, which sleeps 1, 2, 5, 10 … 100 ms between
    /// tries, so under steady writes one could wait tens of milliseconds while others went
    /// first. Queued on this pool they go in order, without sleeping.
    writer: Option<AnyPool>,
    /// PostgreSQL only: see [`RecentConns`].
    recent: Option<Arc<RecentConns>>,
    /// SQLite only: owned by this `Db` and its clones; the task that checkpoints the file's
    /// write-ahead log ([`checkpoint_in_background`]) ends when the last of them is dropped.
    _checkpoints: Option<Arc<()>>,
}

/// About how many pages of a SQLite write-ahead log [`checkpoint_in_background`] lets pile up
/// before it copies them back: what the commit that reaches [`SQLITE_AUTOCHECKPOINT_PAGES`]
/// finds still to copy and sync (some 2 MB).
const CHECKPOINT_AFTER_PAGES: f64 = 500.0;

/// The shortest and longest waits between two background checkpoints: the pace of writes sets
/// the wait between them (see [`CHECKPOINT_AFTER_PAGES`]).
const CHECKPOINT_EVERY_MIN: Duration = Duration::from_millis(50);
const CHECKPOINT_EVERY_MAX: Duration = Duration::from_secs(1);

/// The length of a SQLite write-ahead log, in pages, past which the commit that reaches it
/// copies the log back itself (SQLite's `wal_autocheckpoint`; its default is 1,000). Well above
/// what the background checkpoints let the log reach between two of them; see
/// [`checkpoint_in_background`] for why they cannot do without it.
pub const SQLITE_AUTOCHECKPOINT_PAGES: u32 = 10_000;

/// Copies a SQLite file's write-ahead log back into the file, on a connection of its own, for
/// as long as `alive` has an owner: about every [`CHECKPOINT_AFTER_PAGES`] pages written, at the
/// pace of the last pass (between [`CHECKPOINT_EVERY_MIN`] and [`CHECKPOINT_EVERY_MAX`] apart).
///
/// By default SQLite does it in the commit that takes the log past 1,000 pages: that commit
/// then syncs the log and the file to disk, which on a busy disk takes tens of milliseconds,
/// while every write queued behind the one writer connection waits for it (an enqueue's commit
/// at p99). A passive checkpoint on another connection takes no lock a writer waits for.
///
/// The log can only start again from its beginning once a checkpoint has copied all of it and
/// no write came meanwhile, which under steady writes a checkpoint beside them rarely sees; so
/// the writers keep `wal_autocheckpoint`, raised to [`SQLITE_AUTOCHECKPOINT_PAGES`]: the commit
/// that reaches it finds all but the last few pages copied and synced, and the log starts again.
pub fn checkpoint_in_background(options: SqliteConnectOptions, alive: Weak<()>) {
    let options = options.synchronous(SqliteSynchronous::Normal);
    tokio::spawn(async move {
        let mut conn: Option<SqliteConnection> = None;
        // One line for a run of failures, not one per pass.
        let mut failing = false;
        let mut wait = CHECKPOINT_EVERY_MIN;
        // The log's length at the last pass, and when it was.
        let mut last = (0i64, tokio::time::Instant::now());
        loop {
            tokio::time::sleep(wait).await;
            if alive.strong_count() == 0 {
                break;
            }
            let result = match conn.as_mut() {
                // (blocked by another checkpoint, pages in the log, pages copied back)
                Some(c) => sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)")
                    .fetch_one(&mut *c)
                    .await
                    .map(|(_, log, _)| Some(log)),
                None => <SqliteConnection as sqlx::Connection>::connect_with(&options)
                    .await
                    .map(|opened| {
                        conn = Some(opened);
                        None
                    }),
            };
            match result {
                Ok(log) => {
                    failing = false;
                    if let Some(log) = log {
                        let now = tokio::time::Instant::now();
                        // A shorter log than at the last pass started again from its beginning.
                        let written = if log >= last.0 { log - last.0 } else { log };
                        let secs = now.duration_since(last.1).as_secs_f64();
                        let pages_per_sec = written as f64 / secs.max(0.001);
                        wait = if pages_per_sec > 0.0 {
                            Duration::from_secs_f64(CHECKPOINT_AFTER_PAGES / pages_per_sec)
                                .clamp(CHECKPOINT_EVERY_MIN, CHECKPOINT_EVERY_MAX)
                        } else {
                            CHECKPOINT_EVERY_MAX
                        };
                        last = (log, now);
                    }
                }
                Err(error) => {
                    if !failing {
                        tracing::warn!(%error, "checkpointing the database file failed; trying again");
                    }
                    failing = true;
                    conn = None;
                    wait = CHECKPOINT_EVERY_MAX;
                }
            }
        }
        if let Some(c) = conn {
            let _ = sqlx::Connection::close(c).await;
        }
    });
}

/// A SQLite pool's settings, for its readers and its writer alike.
fn sqlite_pool(pool: AnyPoolOptions) -> AnyPoolOptions {
    // A file in this process cannot hang up: the ping sqlx sends before handing out a
    // connection is one more trip to the connection's thread and back, on every acquire (two
    // per GraphQL request). On PostgreSQL it finds connections the server dropped (a restart)
    // before a request fails on one, so it stays there.
    pool.test_before_acquire(false)
        .after_connect(|conn, _meta| {
            Box::pin(async move {
                // WAL lets readers run beside the one writer; busy_timeout makes writers wait for
                // each other instead of failing at once (writes outside the writer connection).
                // Reads go through a memory map of the file, shared by every connection and kept by
                // the OS, instead of each connection copying pages into its own 2 MB cache: a desk
                // query over thousands of orders then costs no system call per page.
                for pragma in [
                    "PRAGMA journal_mode = WAL",
                    "PRAGMA busy_timeout = 15000",
                    "PRAGMA foreign_keys = ON",
                    "PRAGMA synchronous = NORMAL",
                    "PRAGMA mmap_size = 1073741824",
                ] {
                    sqlx::query(pragma).execute(&mut *conn).await?;
                }
                // The log is copied back by `checkpoint_in_background`, not by a commit.
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "PRAGMA wal_autocheckpoint = {SQLITE_AUTOCHECKPOINT_PAGES}"
                )))
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        })
}

/// How long a PostgreSQL connection may sit idle in a pool and still be handed out without a
/// ping. sqlx pings every connection given back (its check on release), so one that was idle
/// for less than this answered a moment ago; one idle for longer may have been dropped by a
/// server restart, and is pinged before use as before. The ping it saves is a round trip on
/// every acquire: with the one on release, two of the five a single enqueue cost.
const TRUST_IDLE_FOR: Duration = Duration::from_secs(1);

/// How long a kept transaction ([`RecentConns`]) is handed out as begun without a round trip.
/// A server restart in that window fails the first statement of the write that takes it, as
/// one does on any connection in use or given out by the pool within [`TRUST_IDLE_FOR`]; past
/// it, the transaction is begun again first and a dead connection replaced. At 200 single
/// writes a second and more, the newest kept transaction is younger than this.
const TRUST_BEGUN_FOR: Duration = Duration::from_millis(10);

/// A PostgreSQL pool's settings: the ping before use only after [`TRUST_IDLE_FOR`] idle.
fn postgres_pool(pool: AnyPoolOptions) -> AnyPoolOptions {
    pool.test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= TRUST_IDLE_FOR {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        })
}

#[derive(Debug, Clone)]
pub struct DbOptions {
    pub url: String,
    pub max_connections: u32,
    pub acquire_timeout: Duration,
}

impl Db {
    pub async fn connect(options: &DbOptions) -> Result<Db> {
        sqlx::any::install_default_drivers();
        let backend = if options.url.starts_with("postgres") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        let connect: AnyConnectOptions = options.url.parse()?;
        let pool_options = |max_connections: u32| {
            let pool = AnyPoolOptions::new()
                .max_connections(max_connections)
                .acquire_timeout(options.acquire_timeout);
            match backend {
                Backend::Sqlite => sqlite_pool(pool),
                Backend::Postgres => postgres_pool(pool),
            }
        };
        let pool = pool_options(options.max_connections)
            .connect_with(connect.clone())
            .await?;
        let (writer, recent, checkpoints) = match backend {
            Backend::Sqlite => {
                let writer = pool_options(1).connect_with(connect).await?;
                let alive = Arc::new(());
                checkpoint_in_background(options.url.parse()?, Arc::downgrade(&alive));
                (Some(writer), None, Some(alive))
            }
            Backend::Postgres => (None, Some(RecentConns::new(pool.clone())), None),
        };
        Ok(Db {
            pool,
            backend,
            writer,
            recent,
            _checkpoints: checkpoints,
        })
    }

    /// A small pool on the same database for the job pipeline's own status rows.
    ///
    /// Its commits do not wait for the WAL flush (PostgreSQL's `synchronous_commit = off`): a
    /// crash of the database can lose the last fraction of a second of them; a job whose claim
    /// or success is lost runs again, which at-least-once delivery allows anyway. This is the
    /// durability SQLite already has here (WAL with `synchronous = NORMAL`), so on SQLite it is
    /// the writer connection, where the rounds queue with the write transactions.
    ///
    /// Its statements find their rows by id, and the planner is kept from a sequential scan
    /// (`enable_seqscan = off`): a plan made while the table was nearly empty (workers started
    /// on a fresh or truncated table) is cached with the connection and kept as the table grows,
    /// and a scan of every job for each batch of claims took a drain from thousands of jobs a
    /// second to a few hundred.
    pub fn for_job_status(&self, max_connections: u32) -> Db {
        if self.backend != Backend::Postgres {
            return Db {
                pool: self.writer.clone().unwrap_or_else(|| self.pool.clone()),
                recent: None,
                ..self.clone()
            };
        }
        let options = (*self.pool.connect_options()).clone();
        let pool = postgres_pool(AnyPoolOptions::new())
            .max_connections(max_connections)
            .acquire_timeout(self.pool.options().get_acquire_timeout())
            .after_connect(|conn, _meta| {
                Box::pin(async move {
                    sqlx::query("SET synchronous_commit = off")
                        .execute(&mut *conn)
                        .await?;
                    // Its statements write job_queue themselves; the row trigger that follows
                    // other writers' updates stays silent here (migration 0028).
                    sqlx::query("SET sellerdesk.job_queue_written = on")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query("SET enable_seqscan = off")
                        .execute(&mut *conn)
                        .await?;
                    // A plan priced as a disabled scan would be compiled (JIT) for tens of ms.
                    sqlx::query("SET jit = off").execute(&mut *conn).await?;
                    Ok(())
                })
            })
            .connect_lazy_with(options);
        Db {
            pool,
            backend: self.backend,
            writer: None,
            recent: None,
            _checkpoints: None,
        }
    }

    pub async fn migrate(&self) -> Result<()> {
        let migrations = match self.backend {
            Backend::Sqlite => migrations::SQLITE,
            Backend::Postgres => migrations::POSTGRES,
        };
        // What `sqlx::migrate!` builds: the same versions, descriptions and SQL (so the same
        // checksums as in `_sqlx_migrations`), `-- no-transaction` honoured.
        let migrator = Migrator::with_migrations(
            migrations
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        sql.into_sql_str(),
                        sql.starts_with("-- no-transaction"),
                    )
                })
                .collect(),
        );
        migrator
            .run(&self.pool)
            .await
            .map_err(|e| crate::DomainError::Internal(format!("migration failed: {e}")))?;
        Ok(())
    }

    pub async fn conn(&self) -> Result<PoolConnection<Any>> {
        // A full pool whose connections sit in `recent` would keep a reader waiting for the
        // next commit or sweep.
        if let Some(recent) = &self.recent
            && recent.pool_is_full()
            && let Some((mut tx, _)) = recent.take()
            && let Some(mut conn) = tx.conn.take()
        {
            // Its next transaction had begun: the rollback goes out before the reader's query.
            AnyTransactions::start_rollback(&mut conn);
            return Ok(conn);
        }
        Ok(self.pool.acquire().await?)
    }

    /// Opens up to `n` of the pool's connections now (no more than it holds) and leaves them
    /// idle in it. A pool opens connections on demand, so the first burst after a start would
    /// wait for connects, each an authentication and the pool's session settings, while the
    /// work behind it piles up.
    pub async fn open_connections(&self, n: u32) -> Result<()> {
        let n = n.min(self.pool.options().get_max_connections());
        let mut opened = Vec::new();
        for _ in 0..n {
            opened.push(self.pool.acquire().await?);
        }
        Ok(())
    }

    /// A connection that one task uses over and over (a batcher's rounds): see [`KeptConn`].
    pub fn kept_conn(&self) -> KeptConn {
        KeptConn {
            db: self.clone(),
            conn: std::sync::Mutex::new(None),
        }
    }

    /// A connection taken from the pool at its first use: a read answered from memory then
    /// takes none (giving one back costs a round trip to it, sqlx's check on release).
    pub fn lazy_conn(&self) -> LazyConn<'_> {
        LazyConn {
            db: self,
            conn: None,
        }
    }

    /// A write transaction: on PostgreSQL the newest of [`RecentConns`], already begun, if any;
    /// else one begun with [`Db::begin_statement`] on a connection from [`Db::write_pool`].
    pub async fn begin(&self) -> Result<Tx> {
        if let Some(recent) = &self.recent
            && let Some((mut tx, begun)) = recent.take()
        {
            tx.recent = Some(recent.clone());
            if begun.elapsed() < TRUST_BEGUN_FOR {
                return Ok(tx);
            }
            if sqlx::raw_sql("ROLLBACK; BEGIN")
                .execute(&mut *tx)
                .await
                .is_ok()
            {
                return Ok(tx);
            }
            // The server ended it, or it is in a state not worth finding out: a write that
            // has not started is not failed for it, it goes on one from the pool.
            if let Some(conn) = tx.conn.as_mut() {
                conn.close_on_drop();
            }
        }
        let mut conn = self.write_pool().acquire().await?;
        AnyTransactions::begin(&mut conn, Some(self.begin_statement().into_sql_str())).await?;
        Ok(Tx {
            conn: Some(conn),
            recent: self.recent.clone(),
        })
    }

    /// The pool write transactions take their connection from: on SQLite the writer's.
    pub fn write_pool(&self) -> &AnyPool {
        self.writer.as_ref().unwrap_or(&self.pool)
    }

    /// How a write transaction begins: on SQLite it takes the write lock at BEGIN, so that it
    /// never fails upgrading a read lock.
    pub fn begin_statement(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }

    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }
}

/// Reads a boolean column: BOOLEAN on PostgreSQL, INTEGER 0/1 on SQLite.
pub fn flag(row: &AnyRow, column: &str) -> Result<bool> {
    match row.try_get::<bool, _>(column) {
        Ok(v) => Ok(v),
        Err(_) => Ok(row.try_get::<i64, _>(column)? != 0),
    }
}

/// A value bound to a placeholder of [`Sql`].
#[derive(Debug, Clone)]
pub enum Arg {
    Text(String),
    Int(i64),
    Bool(bool),
}

impl From<&str> for Arg {
    fn from(v: &str) -> Self {
        Arg::Text(v.to_owned())
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Self {
        Arg::Text(v)
    }
}
impl From<&String> for Arg {
    fn from(v: &String) -> Self {
        Arg::Text(v.clone())
    }
}
impl From<i64> for Arg {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}
impl From<bool> for Arg {
    fn from(v: bool) -> Self {
        Arg::Bool(v)
    }
}

/// A statement assembled from static fragments and numbered placeholders, for queries whose
/// filters vary. Only `&'static str` fragments can be pushed, so input never becomes SQL.
#[derive(Debug, Clone, Default)]
pub struct Sql {
    text: String,
    args: Vec<Arg>,
}

impl Sql {
    pub fn new(base: &'static str) -> Self {
        Self {
            text: base.to_owned(),
            args: Vec::new(),
        }
    }
    pub fn push(&mut self, fragment: &'static str) -> &mut Self {
        self.text.push_str(fragment);
        self
    }
    /// Appends the next `$n` placeholder and its value.
    pub fn bind(&mut self, value: impl Into<Arg>) -> &mut Self {
        self.args.push(value.into());
        self.text.push('$');
        self.text.push_str(&self.args.len().to_string());
        self
    }
    /// Appends `$n, $n+1, …`, one placeholder per value (the inside of an `IN (…)`).
    pub fn bind_list<V: Into<Arg> + Clone>(&mut self, values: &[V]) -> &mut Self {
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.bind(v.clone());
        }
        self
    }
    /// Appends `column` tested against a list of ids bound as one value: `column = ANY(…)` on
    /// PostgreSQL, `column IN (… json_each …)` on SQLite. One statement text whatever the list's
    /// length, so the statement is prepared once per connection; a placeholder per id would make
    /// a text per length, and the statement cache would prepare them again and again.
    pub fn in_ids(&mut self, backend: Backend, column: &'static str, ids: &[String]) -> &mut Self {
        // A list of strings always serialises.
        let list = serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_owned());
        self.push(column);
        match backend {
            Backend::Postgres => self
                .push(" = ANY(ARRAY(SELECT jsonb_array_elements_text(CAST(")
                .bind(list)
                .push(" AS jsonb))))"),
            Backend::Sqlite => self
                .push(" IN (SELECT value FROM json_each(")
                .bind(list)
                .push("))"),
        }
    }

    /// Like [`Sql::in_ids`], for a filter tested row by row rather than an index look-up: on
    /// PostgreSQL `IN (subquery)`, whose ids are hashed once (a hashed subplan), where
    /// `= ANY(array)` compares each row with every id of the list (text comparisons were a
    /// tenth of the database's time in a drain's rounds of hundreds).
    pub fn in_id_set(
        &mut self,
        backend: Backend,
        column: &'static str,
        ids: &[String],
    ) -> &mut Self {
        match backend {
            Backend::Postgres => {
                let list = serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_owned());
                self.push(column)
                    .push(" IN (SELECT jsonb_array_elements_text(CAST(")
                    .bind(list)
                    .push(" AS jsonb)))")
            }
            Backend::Sqlite => self.in_ids(backend, column, ids),
        }
    }
    pub fn query(&self) -> sqlx::query::Query<'_, Any, sqlx::any::AnyArguments> {
        let mut q = sqlx::query(sqlx::AssertSqlSafe(self.text.clone()));
        for arg in &self.args {
            q = match arg {
                Arg::Text(v) => q.bind(v.clone()),
                Arg::Int(v) => q.bind(*v),
                Arg::Bool(v) => q.bind(*v),
            };
        }
        q
    }
    pub fn query_scalar<O>(&self) -> sqlx::query::QueryScalar<'_, Any, O, sqlx::any::AnyArguments>
    where
        O: Send + Unpin,
        (O,): for<'r> sqlx::FromRow<'r, AnyRow>,
    {
        let mut q = sqlx::query_scalar(sqlx::AssertSqlSafe(self.text.clone()));
        for arg in &self.args {
            q = match arg {
                Arg::Text(v) => q.bind(v.clone()),
                Arg::Int(v) => q.bind(*v),
                Arg::Bool(v) => q.bind(*v),
            };
        }
        q
    }
}

/// A nullable float for a placeholder written `CAST($n AS DOUBLE PRECISION)`. sqlx's `Any`
/// driver binds a NULL `f64` as a PostgreSQL `float4`; the cached statement then rejects the
/// next non-NULL `f64`. Text cast in SQL has one type whatever the value.
pub fn real(v: Option<f64>) -> Option<String> {
    v.map(|v| v.to_string())
}

/// A SQLite database in a file of its own under the temporary directory, for the crate's tests;
/// its files go when it is dropped.
#[cfg(test)]
pub(crate) struct TempSqlite {
    pub db: Db,
    pub path: std::path::PathBuf,
}

#[cfg(test)]
impl TempSqlite {
    /// `name` says whose file it is, for someone looking in the temporary directory.
    pub(crate) async fn open(name: &str, max_connections: u32) -> TempSqlite {
        let path =
            std::env::temp_dir().join(format!("sellerdesk-{name}-{}.sqlite", crate::ids::new_id()));
        let db = Db::connect(&DbOptions {
            url: format!("sqlite://{}?mode=rwc", path.display()),
            max_connections,
            acquire_timeout: Duration::from_secs(10),
        })
        .await
        .expect("database");
        TempSqlite { db, path }
    }
}

#[cfg(test)]
impl Drop for TempSqlite {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{SQLITE_AUTOCHECKPOINT_PAGES, TempSqlite};

    /// A commit that leaves the log under the automatic checkpoint's length still reaches the
    /// database file within moments: the background checkpoints copy it back, no writer does.
    #[tokio::test]
    async fn the_log_is_copied_back_beside_the_writers() {
        let temp = TempSqlite::open("checkpoints", 2).await;
        let (db, path) = (&temp.db, &temp.path);
        let pages: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint")
            .fetch_one(db.write_pool())
            .await
            .expect("pragma");
        assert_eq!(pages, i64::from(SQLITE_AUTOCHECKPOINT_PAGES));

        // About 1 MB: some 300 pages, under SQLite's default of 1,000 pages and under ours.
        let mut tx = db.begin().await.expect("transaction");
        sqlx::query("CREATE TABLE filler (body TEXT NOT NULL)")
            .execute(&mut *tx)
            .await
            .expect("table");
        sqlx::query(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
             INSERT INTO filler SELECT hex(randomblob(256)) FROM n",
        )
        .execute(&mut *tx)
        .await
        .expect("rows");
        tx.commit().await.expect("commit");

        let file_len = || std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        let waited = std::time::Instant::now();
        while file_len() < 1_000_000 {
            assert!(
                waited.elapsed() < std::time::Duration::from_secs(10),
                "the database file holds {} bytes 10 s after the commit: the log was not copied back",
                file_len()
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}
