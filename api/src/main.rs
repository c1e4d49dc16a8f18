//! `api`: the Sellerdesk server. `api serve` (default), `api migrate`, `api export-schema`.
use api::{config, graphql, server};
use clap::{Parser, Subcommand};

// Each job claimed, run and recorded is a few dozen small allocations on every runtime thread;
// glibc's allocator spent a quarter of a worker's CPU on them in a drain (its free-list
// consolidation above all), mimalloc's thread-local pages far less (docs/benchmarks.md, step 35).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "api", about = "Sellerdesk API server")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the HTTP server (and, in embedded mode, the job workers).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Print the GraphQL schema (SDL) to stdout.
    ExportSchema,
}

fn init_tracing(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new("info,sqlx=warn,apalis=warn,tower_http=info")
    });
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    if let Some(Command::ExportSchema) = cli.command {
        print!("{}", graphql::sdl());
        return Ok(());
    }
    let config = config::Config::from_env()?;
    init_tracing(config.log_json);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            println!("Sellerdesk starting with:\n{config}");
            server::serve(config).await
        }
        Command::Migrate => {
            let db = config.storage.open_db().await.map_err(anyhow::Error::msg)?;
            db.migrate().await?;
            println!("migrations applied");
            Ok(())
        }
        Command::ExportSchema => Ok(()),
    }
}
