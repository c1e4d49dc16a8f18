//! Handlers run with a context and no pool: a SQLite database and an embedded queue in a
//! temporary directory, jobs enqueued as the API enqueues them, then run by the dispatcher as a
//! worker would, as often as at-least-once delivery may run them.
use std::path::Path;
use std::time::Duration;

use domain::Db;
use domain::db::DbOptions;
use domain::event_histories::{self, EventHistory};
use domain::mail::Mail;
use jobs::kinds::{self, MailSend, ShopSync, SystemProbe, TokensPurge};
use jobs::{EnqueueOptions, JobContext, JobError, JobKind, JobsConfig, Queue, StorageConfig};

struct Harness {
    ctx: JobContext,
    dir: tempfile::TempDir,
}

async fn harness() -> Harness {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = Db::connect(&DbOptions {
        url: format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("db.sqlite").display()
        ),
        max_connections: 4,
        acquire_timeout: Duration::from_secs(5),
    })
    .await
    .expect("database");
    db.migrate().await.expect("migrations");
    let queue = Queue::sqlite(&dir.path().join("queue.sqlite"), "test")
        .await
        .expect("queue");
    let storage = StorageConfig {
        data_dir: dir.path().to_owned(),
        database_url: None,
        database_max_connections: 4,
        redis_url: None,
        queue_name: "test".into(),
        database_acquire_timeout: Duration::from_secs(5),
        files: connectors::storage::FilesConfig::Local {
            root: dir.path().to_owned(),
        },
    };
    let mut config = JobsConfig::from_env(&storage).expect("config");
    // Whatever the environment says: files, a key in the temp dir, no marketplace.
    config.smtp_url = None;
    config.mail_dir = dir.path().join("mail");
    config.secrets_key = None;
    config.data_dir = dir.path().to_owned();
    config.tiktok = None;
    let ctx = JobContext::new(db, queue, config).expect("context");
    Harness { ctx, dir }
}

impl Harness {
    /// Enqueues `job` as a mutation does (its row in a transaction) and reads the row back.
    async fn enqueue<K: kinds::Registered>(&self, job: &K, client: Option<&str>) -> EventHistory {
        let mut options = EnqueueOptions::new(3);
        options.client_id = client;
        let mut tx = self.ctx.db.begin().await.expect("tx");
        let pending = job.enqueue(&mut tx, &options).await.expect("enqueue");
        tx.commit().await.expect("commit");
        assert_eq!(pending.len(), 1, "one job queued");
        let mut conn = self.ctx.db.conn().await.expect("conn");
        event_histories::find(&mut conn, &pending.ids()[0])
            .await
            .expect("find")
            .expect("the job's row")
    }

    fn mail_files(&self) -> Vec<std::path::PathBuf> {
        files(&self.dir.path().join("mail"), "eml")
    }

    async fn effects(&self, key: &str) -> i64 {
        sqlx::query_scalar("SELECT COUNT(*) FROM job_effects WHERE key = $1")
            .bind(key)
            .fetch_one(&self.ctx.db.pool)
            .await
            .expect("count")
    }
}

fn files(dir: &Path, extension: &str) -> Vec<std::path::PathBuf> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == extension))
            .collect(),
        Err(_) => Vec::new(),
    }
}

fn mail() -> Mail {
    Mail {
        to: "seller@example.test".into(),
        subject: "Sellerdesk: reset your password".into(),
        text: "https://app.test/auth/reset-password?token=secret".into(),
        html: "<p>reset</p>".into(),
    }
}

#[tokio::test]
async fn mail_send_delivers_once_however_often_it_runs() {
    let h = harness().await;
    let job = h
        .enqueue(&MailSend::new(&h.ctx.secrets, mail()), None)
        .await;
    // The stored payload never holds the body (its single-use link).
    assert!(!job.payload.to_string().contains("token=secret"));

    kinds::run(&h.ctx, &job).await.expect("first delivery");
    let sent = h.mail_files();
    assert_eq!(sent.len(), 1, "{sent:?}");
    let text = std::fs::read_to_string(&sent[0]).expect("the .eml");
    assert!(text.contains("seller@example.test"), "{text}");

    // Delivered again after it succeeded (a lost acknowledgement): the recorded effect stops
    // a second send, even where the transport would not notice (the file is gone, as on SMTP).
    std::fs::remove_file(&sent[0]).expect("remove");
    kinds::run(&h.ctx, &job).await.expect("second delivery");
    assert!(h.mail_files().is_empty(), "the mail was sent twice");
    assert_eq!(h.effects(&format!("mail:{}", job.id)).await, 1);
}

#[tokio::test]
async fn a_mail_sealed_with_another_key_fails_for_good_with_a_message_for_people() {
    let h = harness().await;
    let other = tempfile::tempdir().expect("dir");
    let foreign = domain::secrets::Secrets::load(None, other.path()).expect("another key");
    let job = h.enqueue(&MailSend::new(&foreign, mail()), None).await;
    match kinds::run(&h.ctx, &job).await {
        Err(JobError::Permanent(message)) => {
            assert_eq!(
                message,
                "the mail's body cannot be read with this server's SECRETS_KEY"
            )
        }
        other => panic!("expected a permanent failure, got {other:?}"),
    }
    assert!(h.mail_files().is_empty());
}

#[tokio::test]
async fn system_probe_records_its_effect_once() {
    let h = harness().await;
    let job = h.enqueue(&SystemProbe::new("k1", 0), None).await;
    for _ in 0..3 {
        kinds::run(&h.ctx, &job).await.expect("probe");
    }
    assert_eq!(h.effects("probe:k1").await, 1);
}

#[tokio::test]
async fn tokens_purge_runs_on_an_empty_database_and_a_tick_is_queued_once() {
    let h = harness().await;
    let tick = TokensPurge {
        tick: "cron:tokens.purge:2030-01-01T00:00:00Z".into(),
    };
    let job = h.enqueue(&tick, None).await;
    kinds::run(&h.ctx, &job).await.expect("purge");
    // The same tick fired by a second process queues nothing.
    let mut conn = h.ctx.db.conn().await.expect("conn");
    let again = tick
        .enqueue(&mut conn, &EnqueueOptions::new(3))
        .await
        .expect("enqueue");
    assert!(again.is_empty());
}

#[tokio::test]
async fn a_shop_sync_tick_with_no_connected_shop_queues_nothing() {
    let h = harness().await;
    let job = h.enqueue(&ShopSync::Tick { tick: "t1".into() }, None).await;
    kinds::run(&h.ctx, &job).await.expect("tick");
    let queued: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM event_histories")
        .fetch_one(&h.ctx.db.pool)
        .await
        .expect("count");
    assert_eq!(queued, 1, "only the tick itself");
}

#[tokio::test]
async fn a_payload_that_does_not_fit_its_kind_fails_for_good() {
    let h = harness().await;
    let mut job = h.enqueue(&SystemProbe::new("k2", 0), None).await;
    job.payload = serde_json::json!({ "work_ms": "soon" });
    assert!(matches!(
        kinds::run(&h.ctx, &job).await,
        Err(JobError::Permanent(_))
    ));
    job.kind = "no.such.kind".into();
    assert!(matches!(
        kinds::run(&h.ctx, &job).await,
        Err(JobError::Permanent(_))
    ));
    assert_eq!(h.effects("probe:k2").await, 0);
    assert!(kinds::ALL.contains(&SystemProbe::NAME));
}

/// Deliveries enqueued at the same moment are committed in groups: each job once (a second
/// delivery of the same change finds the first's job), every one committed before it is
/// pushed, and each caller told its own job's id.
#[tokio::test]
async fn grouped_enqueues_commit_each_job_once_and_answer_each_caller() {
    use jobs::GroupCommit;
    use jobs::kinds::OrderSync;
    let h = harness().await;
    let group = GroupCommit::start(h.ctx.db.clone(), h.ctx.queue.clone());
    let mut calls = Vec::new();
    for i in 0..40 {
        let group = group.clone();
        calls.push(tokio::spawn(async move {
            let pull = OrderSync::for_webhook("shop-1", &format!("order-{}", i / 2), 1_700_000_000);
            group.enqueue(&[(pull, EnqueueOptions::new(3))]).await
        }));
    }
    let mut ids = Vec::new();
    for call in calls {
        ids.extend(call.await.expect("task").expect("enqueued"));
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 20, "one job per change");
    let rows: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT id, status, dedupe_key FROM event_histories WHERE type = 'order.sync' ORDER BY id",
    )
    .fetch_all(&h.ctx.db.pool)
    .await
    .expect("rows");
    assert_eq!(rows.len(), 20);
    assert!(rows.iter().all(|(_, status, _)| status == "PENDING"));
    let mut stored: Vec<String> = rows.into_iter().map(|(id, ..)| id).collect();
    stored.sort();
    assert_eq!(stored, ids, "each caller answered with its committed job");
    assert_eq!(h.ctx.queue.stored_tasks().await.expect("queue"), 20);

    // The payload and the options are written as given.
    let probe = group
        .enqueue(&[(SystemProbe::new("grouped", 0), EnqueueOptions::new(5))])
        .await
        .expect("enqueued");
    let mut conn = h.ctx.db.conn().await.expect("conn");
    let row = event_histories::find(&mut conn, &probe[0])
        .await
        .expect("find")
        .expect("row");
    assert_eq!(row.max_attempts, 5);
    assert_eq!(row.payload["key"], "grouped");
}
