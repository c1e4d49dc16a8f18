//! `worker`: runs the job pool and the cron scheduler against the configured database and
//! queue, until SIGTERM or Ctrl-C; then finishes or hands back its running jobs.
use anyhow::Context as _;
use jobs::{JobContext, JobsConfig, Pool, StorageConfig};

// Each job claimed, run and recorded is a few dozen small allocations on every runtime thread;
// glibc's allocator spent a quarter of a worker's CPU on them in a drain (its free-list
// consolidation above all), mimalloc's thread-local pages far less (docs/benchmarks.md, step 35).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,apalis=warn"));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

async fn shutdown_signal(mut term: tokio::signal::unix::Signal) {
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {},
        _ = term.recv() => {},
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // Registered first, so a SIGTERM during start-up still ends in a clean stop.
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    let _ = dotenvy::dotenv();
    init_tracing();
    let storage = StorageConfig::from_env().map_err(anyhow::Error::msg)?;
    let mut config = JobsConfig::from_env(&storage).map_err(anyhow::Error::msg)?;
    config.concurrency = config.concurrency.max(1);
    println!(
        "Sellerdesk worker starting with:\n{storage}\n  concurrency     {}",
        config.concurrency
    );
    let db = storage.open_db().await.map_err(anyhow::Error::msg)?;
    // The API migrates too; whichever starts first does it, the other finds nothing to do.
    db.migrate().await.context("migrations")?;
    let queue = storage.open_queue().await.map_err(anyhow::Error::msg)?;
    let ctx = JobContext::new(db, queue, config)?;
    let pool = Pool::start(ctx).await?;
    println!("worker {} running", pool.worker_id());
    shutdown_signal(term).await;
    tracing::info!("shutdown signal received");
    pool.shutdown().await;
    Ok(())
}
