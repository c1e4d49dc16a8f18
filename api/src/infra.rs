//! Opening the database and the queue the configuration names; shared by `serve`, `migrate`
//! and the `worker` binary.
use anyhow::Context as _;

use domain::db::DbOptions;
use domain::Db;
use jobs::Queue;

use crate::config::Config;

pub async fn database(config: &Config) -> anyhow::Result<Db> {
    if config.database_url.is_none() {
        config.ensure_data_dir()?;
    }
    let options = DbOptions {
        url: config.database_url(),
        max_connections: config.database_max_connections,
        acquire_timeout: std::time::Duration::from_secs(10),
    };
    Db::connect(&options).await.context("cannot open the database")
}

pub async fn queue(config: &Config) -> anyhow::Result<Queue> {
    if config.redis_url.is_some() {
        anyhow::bail!("REDIS_URL is set, but this build runs the embedded queue only; unset REDIS_URL");
    }
    config.ensure_data_dir()?;
    let (queue, _pool) = Queue::sqlite(&config.data_dir.join("queue.sqlite")).await.map_err(anyhow::Error::msg)?;
    Ok(queue)
}
