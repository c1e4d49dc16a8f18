//! `bench`: Sellerdesk's benchmarks. Each scenario runs our pipeline and its baseline side by
//! side, interleaved (A B A B …) on the same machine, Redis and PostgreSQL, and reports median,
//! min and max of each and the ratio ours/baseline. See docs/benchmarks.md.
//!
//! `cargo build --release --bins && cargo run -p bench --release -- [--quick] [--only NAME]
//! [--rounds N] [--json FILE]`
mod drain;
mod enqueue;
mod env;
mod fulfil;
mod graphile;
mod graphql;
mod harness;
mod latency;
mod listing;
mod order_sync;
mod orders;
mod stack;

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;

use harness::Row;

#[derive(Parser, Debug)]
#[command(
    name = "bench",
    about = "Sellerdesk benchmarks: our pipeline against its baselines, interleaved"
)]
struct Args {
    /// Every scenario at a small size (the whole run in under two minutes); the test command
    /// runs this so the harness never rots.
    #[arg(long)]
    quick: bool,
    /// Run only these scenarios (repeatable): drain, latency, enqueue, listing, graphql,
    /// orders, sync, fulfil.
    #[arg(long = "only")]
    only: Vec<String>,
    /// Interleaved rounds per scenario: at least 3, the default; `--quick` runs one unless told.
    #[arg(long)]
    rounds: Option<usize>,
    /// Also write the figures as JSON: one object per row {name, unit, ours, baseline, ratio, rounds}.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Override a size: drain_jobs, listing_products, graphql_products, graphql_rate,
    /// graphql_secs, latency_secs, latency_rate (jobs/s; one rate instead of 200, 500, 1,000 and
    /// 2,000), enqueue_secs, orders,
    /// sync_orders, fulfil_orders (e.g. `--set graphql_products=100000`); repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// A directory holding an earlier build's `api` and `worker`: the latency scenario also
    /// runs a scaled round with that worker (`scaled-before`), so that a change to the worker
    /// is measured before and after in one run, in the same hour's noise.
    #[arg(long)]
    before: Option<PathBuf>,
    /// Latency scenario: run only these of its variants (repeatable): scaled, scaled-before,
    /// embedded, bullmq, commit-alone, enqueue-alone, graphile-speed, graphile-defaults.
    #[arg(long = "variant")]
    variants: Vec<String>,
    /// A round during which the hypervisor took more than this percent of the machine's CPU
    /// (Linux's steal) is measured again, at most twice, and the least stolen attempt kept: a
    /// round on less machine measures the neighbours. Default 0.5 in full runs; 100 keeps every
    /// round; quick runs keep every round.
    #[arg(long, value_name = "PERCENT")]
    max_steal: Option<f64>,
}

/// How big each scenario is.
#[derive(Debug, Clone)]
pub struct Sizes {
    pub quick: bool,
    /// Jobs drained per round (scenarios 1 and 2).
    pub drain_jobs: usize,
    /// Worker processes of the scaled drain, and jobs each runs at once (fixed total concurrency).
    pub drain_workers: usize,
    pub drain_concurrency: usize,
    /// Seconds of open-loop arrivals per latency round.
    pub latency_secs: f64,
    /// One arrival rate for the latency scenario, instead of 200, 500, 1,000 and 2,000 a second.
    pub latency_rate: Option<f64>,
    /// Seconds of single enqueues per round (scenario 10).
    pub enqueue_secs: f64,
    /// Products listed per round (scenario 4).
    pub listing_products: usize,
    /// Products in the catalogue read by scenario 5, its arrival rate and duration.
    pub graphql_products: usize,
    pub graphql_rate: f64,
    pub graphql_secs: f64,
    /// Orders of one client read by scenario 7 (at scenario 5's rate and duration).
    pub orders: usize,
    /// New orders in the sandbox account a shop's first sync pulls (scenario 8).
    pub sync_orders: usize,
    /// Fulfilment orders sent and written back per round (scenario 9).
    pub fulfil_orders: usize,
}

impl Sizes {
    fn new(quick: bool) -> Sizes {
        // Quick sizes only prove that every scenario still runs (the test command's last step):
        // a second per timed round and a hundred listings do that.
        if quick {
            Sizes {
                quick,
                drain_jobs: 2_000,
                drain_workers: 2,
                drain_concurrency: 8,
                latency_secs: 1.0,
                latency_rate: None,
                enqueue_secs: 1.0,
                listing_products: 100,
                graphql_products: 2_000,
                graphql_rate: 50.0,
                graphql_secs: 1.0,
                orders: 2_000,
                sync_orders: 300,
                fulfil_orders: 18,
            }
        } else {
            Sizes {
                quick,
                drain_jobs: 50_000,
                drain_workers: 2,
                drain_concurrency: 8,
                latency_secs: 10.0,
                latency_rate: None,
                enqueue_secs: 10.0,
                listing_products: 10_000,
                graphql_products: 100_000,
                // What one page costs at 100,000 products (a COUNT and an OFFSET walk, tens of
                // ms of database time) makes a higher rate measure a queue on two cores.
                graphql_rate: 10.0,
                graphql_secs: 30.0,
                orders: 100_000,
                sync_orders: 10_000,
                fulfil_orders: 1_000,
            }
        }
    }
}

impl Sizes {
    pub fn describe(&self) -> String {
        format!(
            "sizes: drain {} jobs ({} processes × {}); latency {} s per round; single enqueues {} s per round; listing {} products; getProducts over {} products at {}/s for {} s; getOrders over {} orders; sync of {} new orders; fulfilment of {} orders",
            self.drain_jobs,
            self.drain_workers,
            self.drain_concurrency,
            self.latency_secs,
            self.enqueue_secs,
            self.listing_products,
            self.graphql_products,
            self.graphql_rate,
            self.graphql_secs,
            self.orders,
            self.sync_orders,
            self.fulfil_orders
        )
    }

    fn set(&mut self, kv: &str) -> anyhow::Result<()> {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("--set {kv}: expected NAME=VALUE"))?;
        let num: f64 = v
            .parse()
            .map_err(|_| anyhow::anyhow!("--set {kv}: {v} is not a number"))?;
        match k {
            "drain_jobs" => self.drain_jobs = num as usize,
            "listing_products" => self.listing_products = num as usize,
            "graphql_products" => self.graphql_products = num as usize,
            "graphql_rate" => self.graphql_rate = num,
            "graphql_secs" => self.graphql_secs = num,
            "orders" => self.orders = num as usize,
            "sync_orders" => self.sync_orders = num as usize,
            "fulfil_orders" => self.fulfil_orders = num as usize,
            "latency_secs" => self.latency_secs = num,
            "latency_rate" => self.latency_rate = Some(num),
            "enqueue_secs" => self.enqueue_secs = num,
            _ => anyhow::bail!("--set {k}: no such size"),
        }
        Ok(())
    }
}

/// A round's p99 is its worst 1 %, and 0.5 % of two cores over a 10 s round is 100 ms of one
/// core taken: enough to set any queue's p99. Quiet hours' rounds see 0–0.4 %
/// (docs/benchmarks.md, step 43).
const DEFAULT_MAX_STEAL: f64 = 0.5;

pub const SCENARIOS: &[&str] = &[
    "drain", "latency", "enqueue", "listing", "graphql", "orders", "sync", "fulfil",
];

/// What every scenario can reach.
pub struct Ctx {
    pub sizes: Sizes,
    pub plan: harness::Plan,
    pub bins: env::Bins,
    /// An earlier build to measure against (`--before`).
    pub before: Option<env::Bins>,
    /// The latency variants to run (`--variant`); all when empty.
    pub variants: Vec<String>,
    pub work: env::Workdir,
    pub pg: env::Postgres,
    pub http: reqwest::Client,
    pub redis: tokio::sync::OnceCell<env::Redis>,
}

impl Ctx {
    /// The run's one Redis, shared by our pipeline and every baseline.
    pub async fn redis(&self) -> anyhow::Result<&env::Redis> {
        self.redis
            .get_or_try_init(|| env::Redis::start(&self.work))
            .await
    }
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(0);
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .next()
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|k| k.parse::<f64>().ok())
        })
        .map(|kb| format!("{:.0} GiB", kb / 1024.0 / 1024.0))
        .unwrap_or_default();
    format!("{cpu}, {cores} cores, {mem} RAM")
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    // A quick run keeps the harness working and its figures are not read: one round does that.
    let rounds = args.rounds.unwrap_or(if args.quick { 1 } else { 3 });
    if rounds < 3 && !args.quick {
        anyhow::bail!("--rounds must be 3 or more: a median of fewer says little");
    }
    if rounds == 0 {
        anyhow::bail!("--rounds must be 1 or more");
    }
    for o in &args.only {
        if !SCENARIOS.contains(&o.as_str()) {
            anyhow::bail!(
                "--only {o}: no such scenario; choose from {}",
                SCENARIOS.join(", ")
            );
        }
    }
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let mut sizes = Sizes::new(args.quick);
    for kv in &args.set {
        sizes.set(kv)?;
    }
    let steal_limit = match args.max_steal {
        Some(p) if !(0.0..=100.0).contains(&p) => {
            anyhow::bail!("--max-steal {p}: a percentage from 0 to 100")
        }
        Some(p) => (p < 100.0).then_some(p),
        None => (!args.quick).then_some(DEFAULT_MAX_STEAL),
    };
    let ctx = Ctx {
        sizes,
        plan: harness::Plan {
            rounds,
            steal_limit,
        },
        bins: env::Bins::locate()?,
        before: args.before.as_deref().map(env::Bins::at).transpose()?,
        variants: args.variants.clone(),
        work: env::Workdir::create()?,
        pg: env::Postgres::new(),
        http: reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(60))
            .build()?,
        redis: tokio::sync::OnceCell::new(),
    };
    let started = Instant::now();
    eprintln!(
        "bench: {} build, {} sizes, {} rounds{}; {}; scratch in {}",
        profile,
        if args.quick { "quick" } else { "full" },
        rounds,
        steal_limit
            .map(|l| format!(", measured again above {} % steal", harness::num(l)))
            .unwrap_or_default(),
        machine(),
        ctx.work.path.display()
    );
    let wanted = |name: &str| args.only.is_empty() || args.only.iter().any(|o| o == name);
    let mut rows: Vec<Row> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    for &name in SCENARIOS {
        if !wanted(name) {
            continue;
        }
        eprintln!("== {name}");
        let t = Instant::now();
        // Ctrl-C or SIGTERM drops the scenario (its processes are killed on drop) and still
        // removes the databases this run made.
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        let outcome = tokio::select! {
            r = run_scenario(name, &ctx) => Some(r),
            _ = tokio::signal::ctrl_c() => None,
            _ = term.recv() => None,
        };
        match outcome {
            Some(Ok(r)) => rows.extend(r),
            Some(Err(e)) => {
                eprintln!("!! {name} failed: {e:#}");
                failed.push(name.to_owned());
            }
            None => {
                eprintln!("!! interrupted");
                failed.push(name.to_owned());
                break;
            }
        }
        eprintln!("   {name}: {:.1}s", t.elapsed().as_secs_f64());
    }
    ctx.pg.drop_all().await;
    let date = chrono::Utc::now().format("%Y-%m-%d %H:%M UTC");
    println!(
        "\nSellerdesk benchmarks — {date}; {profile} build; {} sizes; {}\n",
        if args.quick { "quick" } else { "full" },
        machine()
    );
    println!("{}\n", ctx.sizes.describe());
    print!("{}", harness::table(&rows));
    println!("\ntotal {:.1}s", started.elapsed().as_secs_f64());
    if let Some(path) = &args.json {
        let doc: Vec<serde_json::Value> = rows.iter().map(Row::to_json).collect();
        std::fs::write(path, serde_json::to_string_pretty(&doc)? + "\n")?;
    }
    if !failed.is_empty() {
        eprintln!("scratch (logs) kept in {}", ctx.work.path.display());
        anyhow::bail!("scenarios failed: {}", failed.join(", "));
    }
    ctx.work.remove();
    Ok(())
}

async fn run_scenario(name: &str, ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    match name {
        "drain" => drain::run(ctx).await,
        "latency" => latency::run(ctx).await,
        "enqueue" => enqueue::run(ctx).await,
        "listing" => listing::run(ctx).await,
        "graphql" => graphql::run(ctx).await,
        "orders" => orders::run(ctx).await,
        "sync" => order_sync::run(ctx).await,
        "fulfil" => fulfil::run(ctx).await,
        _ => anyhow::bail!("unknown scenario {name}"),
    }
}
