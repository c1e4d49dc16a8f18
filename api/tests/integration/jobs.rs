use std::time::Duration;

use crate::common::smtp::Sink;
use crate::common::*;
use jobs::kinds::MailSend;
use jobs::{EnqueueOptions, JobKind};
use serde_json::{Value, json};

const HISTORIES: &str = "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { id type status error attempts clientId batchId event } pageInfo { totalCount } } }";
const RETRY: &str = "mutation($id: ID!) { retryEventHistory(id: $id) { id status attempts } }";
const RESET: &str = "mutation($u: ID!) { resetPassword(userId: $u) }";

async fn histories(s: &Server, token: &str, filter: Value) -> Vec<Value> {
    s.ok(HISTORIES, json!({ "f": filter }), Some(token)).await["getEventHistories"]["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Waits until every job of `kind` visible to `token` has `status`, and there are `n` of them.
async fn wait_all(
    s: &Server,
    token: &str,
    kind: &str,
    n: usize,
    status: &str,
    secs: u64,
) -> Vec<Value> {
    let found = wait_for(Duration::from_secs(secs), || async {
        let items = histories(s, token, json!({ "type": kind, "limit": 100 })).await;
        (items.len() == n && items.iter().all(|j| j["status"] == status)).then_some(items)
    })
    .await;
    match found {
        Some(items) => items,
        None => {
            let items = histories(s, token, json!({ "type": kind, "limit": 100 })).await;
            panic!(
                "expected {n} {kind} jobs {status}, got {items:#?}\nlog:\n{}",
                s.log()
            )
        }
    }
}

#[tokio::test]
async fn a_job_that_keeps_failing_ends_failed_and_a_retry_makes_it_succeed() {
    let smtp_port = free_port();
    let smtp_url = format!("smtp://127.0.0.1:{smtp_port}");
    let s = Server::start_with(&[("SMTP_URL", &smtp_url), ("JOB_MAX_ATTEMPTS", "3")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;

    // Nothing listens on the SMTP port: every attempt fails.
    s.ok(RESET, json!({ "u": staff_id }), Some(&admin)).await;
    let failed = wait_all(&s, &admin, "mail.send", 1, "FAILED", 30).await;
    let job = &failed[0];
    assert_eq!(job["attempts"], 3);
    assert!(
        job["error"].as_str().is_some_and(|e| !e.is_empty()),
        "the error is kept: {job}"
    );
    assert_eq!(job["event"]["mail"]["to"], DEMO_STAFF);
    assert!(
        !job["event"].to_string().contains("token="),
        "single-use links stay out of the monitors: {job}"
    );
    let id = job["id"].as_str().expect("id").to_owned();

    let stats = s
        .ok(
            "{ getQueueStats { type pending processing succeeded failed } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(
        stats["getQueueStats"],
        json!([{ "type": "mail.send", "pending": 0, "processing": 0, "succeeded": 0, "failed": 1 }])
    );

    // Only admins of the job's client (or the operator) may retry.
    assert_eq!(
        code(&s.gql(RETRY, json!({ "id": id }), Some(&staff)).await),
        "FORBIDDEN"
    );

    let sink = Sink::start(smtp_port).await;
    let retried = s.ok(RETRY, json!({ "id": id }), Some(&root)).await;
    assert_eq!(retried["retryEventHistory"]["status"], "PENDING");
    let done = wait_all(&s, &admin, "mail.send", 1, "SUCCESS", 30).await;
    assert_eq!(done[0]["error"], Value::Null);
    assert_eq!(sink.messages().len(), 1);
    assert!(sink.messages()[0].contains(&format!("To: {DEMO_STAFF}")));
    assert_eq!(
        code(&s.gql(RETRY, json!({ "id": id }), Some(&admin)).await),
        "CONFLICT"
    );
}

#[tokio::test]
async fn monitors_are_scoped_by_client_and_role() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;

    s.ok(RESET, json!({ "u": staff_id }), Some(&admin)).await;
    s.ok(
        "mutation { forgotPassword(email: \"root@sellerdesk.test\") }",
        json!({}),
        None,
    )
    .await;
    wait_all(&s, &root, "mail.send", 2, "SUCCESS", 20).await;

    let mine = histories(&s, &admin, json!({})).await;
    assert_eq!(
        mine.len(),
        1,
        "an admin sees its own client's jobs only: {mine:#?}"
    );
    let platform_job = histories(&s, &root, json!({}))
        .await
        .into_iter()
        .find(|j| j["clientId"] != mine[0]["clientId"])
        .expect("platform job");
    assert_eq!(
        code(
            &s.gql(RETRY, json!({ "id": platform_job["id"] }), Some(&admin))
                .await
        ),
        "NOT_FOUND"
    );
    assert_eq!(
        histories(&s, &root, json!({ "clientId": mine[0]["clientId"] }))
            .await
            .len(),
        1
    );
    assert_eq!(
        histories(&s, &root, json!({ "status": "FAILED" }))
            .await
            .len(),
        0
    );
    assert_eq!(
        histories(&s, &root, json!({ "type": "nothing.like.this" }))
            .await
            .len(),
        0
    );
    assert_eq!(
        field(
            &s.gql(HISTORIES, json!({ "f": { "limit": 500 } }), Some(&root))
                .await
        ),
        "limit"
    );

    assert_eq!(
        code(&s.gql(HISTORIES, json!({}), Some(&staff)).await),
        "FORBIDDEN"
    );
    assert_eq!(
        code(
            &s.gql("{ getQueueStats { type } }", json!({}), Some(&staff))
                .await
        ),
        "FORBIDDEN"
    );
    assert_eq!(
        code(
            &s.gql("{ getWorkers { id } }", json!({}), Some(&admin))
                .await
        ),
        "FORBIDDEN"
    );
    // Each worker process says it lives once its pool has started: on a busy machine the second
    // may not have yet when the server answers.
    let expected = if scaled() { 2 } else { 1 };
    let workers = wait_for(Duration::from_secs(30), || async {
        let workers = s
            .ok(
                "{ getWorkers { id queues lastSeenAt } }",
                json!({}),
                Some(&root),
            )
            .await;
        let seen = workers["getWorkers"].as_array().map_or(0, Vec::len);
        (seen >= expected).then_some(workers)
    })
    .await
    .expect("every worker listed");
    let list = workers["getWorkers"].as_array().expect("workers");
    assert_eq!(list.len(), expected, "{workers}");
    assert!(
        list[0]["queues"]
            .as_array()
            .is_some_and(|q| q.contains(&json!("mail.send")))
    );
    let batch = s
        .gql(
            "query($id: ID!) { getJobBatch(id: $id) { id total } }",
            json!({ "id": "01a00000-0000-7000-8000-000000000000" }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&batch), "NOT_FOUND");
}

#[tokio::test]
async fn jobs_queued_before_a_crash_all_run_once_after_restart() {
    // No workers in the first process: the jobs wait in the queue when it is killed. Ten resets
    // of one user in a minute are over the default reset-mail limits, which are not under test.
    let mut s = Server::start_with(&[
        ("WORKER_CONCURRENCY", "0"),
        ("RATE_LIMIT_FORGOT_EMAIL", "100"),
        ("RATE_LIMIT_FORGOT_IP", "100"),
    ])
    .await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    for _ in 0..10 {
        s.ok(RESET, json!({ "u": staff_id }), Some(&admin)).await;
    }
    assert_eq!(
        wait_all(&s, &admin, "mail.send", 10, "PENDING", 5)
            .await
            .len(),
        10
    );
    assert!(s.mails().is_empty());

    s.kill();
    s.restart_with(&[("WORKER_CONCURRENCY", "4")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let done = wait_all(&s, &admin, "mail.send", 10, "SUCCESS", 30).await;
    assert!(
        done.iter().all(|j| j["attempts"] == 1),
        "each ran once: {done:#?}"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(s.mails().len(), 10, "one mail per job, none twice");
}

#[tokio::test]
async fn jobs_of_a_killed_worker_are_rescued_when_their_lease_expires() {
    let smtp_port = free_port();
    let sink = Sink::start(smtp_port).await;
    sink.stall.store(true, std::sync::atomic::Ordering::SeqCst);
    let smtp_url = format!("smtp://127.0.0.1:{smtp_port}");
    let mut s = Server::start_with(&[("SMTP_URL", &smtp_url), ("JOB_LEASE_SECS", "3")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    for _ in 0..3 {
        s.ok(RESET, json!({ "u": staff_id }), Some(&admin)).await;
    }
    // The SMTP server hangs: the jobs are mid-delivery when the process dies.
    wait_all(&s, &admin, "mail.send", 3, "PROCESSING", 15).await;
    s.kill();
    sink.stall.store(false, std::sync::atomic::Ordering::SeqCst);
    s.restart_with(&[]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let done = wait_all(&s, &admin, "mail.send", 3, "SUCCESS", 30).await;
    assert!(
        done.iter().all(|j| j["attempts"] == 2),
        "one lost attempt, one good: {done:#?}"
    );
    let mut ids = sink.message_ids();
    ids.sort();
    ids.dedup();
    assert_eq!(
        ids.len(),
        3,
        "each message delivered: {:?}",
        sink.message_ids()
    );
    assert_eq!(sink.messages().len(), 3, "and none twice");
}

#[tokio::test]
async fn a_graceful_stop_hands_running_jobs_back_without_spending_an_attempt() {
    let smtp_port = free_port();
    let sink = Sink::start(smtp_port).await;
    sink.stall.store(true, std::sync::atomic::Ordering::SeqCst);
    let smtp_url = format!("smtp://127.0.0.1:{smtp_port}");
    let mut s = Server::start_with(&[("SMTP_URL", &smtp_url), ("SHUTDOWN_GRACE_SECS", "1")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    s.ok(RESET, json!({ "u": staff_id }), Some(&admin)).await;
    wait_all(&s, &admin, "mail.send", 1, "PROCESSING", 15).await;

    assert!(
        s.terminate(),
        "SIGTERM ends the process cleanly; log:\n{}",
        s.log()
    );
    sink.stall.store(false, std::sync::atomic::Ordering::SeqCst);
    s.restart_with(&[]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let done = wait_all(&s, &admin, "mail.send", 1, "SUCCESS", 30).await;
    assert_eq!(
        done[0]["attempts"], 1,
        "the interrupted attempt was given back"
    );
    assert_eq!(sink.messages().len(), 1);
}

#[tokio::test]
async fn each_cron_tick_runs_once() {
    let s = Server::start_with(&[("CRON_TOKENS_PURGE", "*/1 * * * * *")]).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    // Under load the embedded queue's consumer sometimes idles until its 30 s heartbeat before
    // it fetches again (see the closing note); the ticks are enqueued meanwhile and run then.
    let ticks = wait_for(Duration::from_secs(60), || async {
        let items = histories(
            &s,
            &root,
            json!({ "type": "tokens.purge", "status": "SUCCESS", "limit": 100 }),
        )
        .await;
        (items.len() >= 3).then_some(items)
    })
    .await
    .unwrap_or_else(|| panic!("no cron ticks ran; log:\n{}", s.log()));
    let mut keys: Vec<String> = ticks
        .iter()
        .filter_map(|j| j["event"]["tick"].as_str().map(str::to_owned))
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n, "one job per tick");
    assert!(ticks.iter().all(|j| j["clientId"].is_null()));
}

/// The shop-sync schedule's tick queues one `shop.sync` per connected shop, for that shop's
/// client, and each tick only once per shop; none of them fails.
#[tokio::test]
async fn the_shop_sync_schedule_syncs_every_connected_shop() {
    let s = Server::start_with(&[("CRON_SHOP_SYNC", "*/2 * * * * *")]).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let demo_shop = connect_tiktok_shop(&s, &admin, "Scheduled Shop").await;
    let demo = s
        .ok("{ getMe { client { id } } }", json!({}), Some(&admin))
        .await["getMe"]["client"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    // Two ticks' worth of per-shop syncs, besides the one connecting the shop queues.
    let synced = wait_for(Duration::from_secs(60), || async {
        let items = histories(
            &s,
            &root,
            json!({ "type": "shop.sync", "status": "SUCCESS", "limit": 100 }),
        )
        .await;
        let per_shop: Vec<Value> = items
            .into_iter()
            .filter(|j| j["event"]["shop_id"] == demo_shop.as_str())
            .collect();
        (per_shop.len() >= 3).then_some(per_shop)
    })
    .await
    .unwrap_or_else(|| panic!("the schedule synced no shop; log:\n{}", s.log()));
    assert!(
        synced.iter().all(|j| j["clientId"] == demo.as_str()),
        "each sync runs for the shop's client: {synced:#?}"
    );
    let failed = histories(
        &s,
        &root,
        json!({ "type": "shop.sync", "status": "FAILED", "limit": 100 }),
    )
    .await;
    assert!(failed.is_empty(), "no shop.sync fails: {failed:#?}");
    let ticks = histories(
        &s,
        &root,
        json!({ "type": "shop.sync", "status": "SUCCESS", "limit": 100 }),
    )
    .await;
    let ticks: Vec<&Value> = ticks.iter().filter(|j| j["clientId"].is_null()).collect();
    assert!(
        !ticks.is_empty(),
        "the ticks themselves are jobs of no client"
    );
    assert!(ticks.iter().all(|j| j["event"]["tick"].is_string()));
}

/// Jobs written to the outbox without a push (as after a crash between commit and push) are
/// pushed by the sweeper once `JOB_LOST_AFTER_SECS` has passed (rows are written stamped
/// queued); a batch reports its jobs' progress to its own client only.
#[tokio::test]
async fn the_sweeper_pushes_unpushed_jobs_and_batches_report_progress() {
    use domain::event_histories::{self as eh};
    let s = Server::start_with(&[("JOB_LOST_AFTER_SECS", "2")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let client_of = |token: String| {
        let s = &s;
        async move {
            s.ok("{ getMe { client { id } } }", json!({}), Some(&token))
                .await["getMe"]["client"]["id"]
                .as_str()
                .expect("id")
                .to_owned()
        }
    };
    let demo = client_of(admin.clone()).await;
    let platform = client_of(root.clone()).await;

    let db = domain::Db::connect(&domain::db::DbOptions {
        url: s.database_url(),
        max_connections: 1,
        acquire_timeout: Duration::from_secs(10),
    })
    .await
    .expect("db");
    // Mails are sealed with the server's key, kept in its DATA_DIR.
    let secrets =
        domain::secrets::Secrets::load(None, s.data_dir()).expect("the server's secrets key");
    let mut batches = Vec::new();
    for client in [&demo, &platform] {
        let mut tx = db.begin().await.expect("tx");
        let batch = eh::create_batch(&mut tx, Some(client), "mail.send", 2)
            .await
            .expect("batch");
        for n in 0..2 {
            let mail = domain::mail::Mail {
                to: format!("batch{n}@demo.test"),
                subject: "Sellerdesk: test".into(),
                text: "hello".into(),
                html: "<p>hello</p>".into(),
            };
            let job = MailSend::new(&secrets, mail)
                .new_job(&EnqueueOptions::new(3).client(client).batch(&batch))
                .expect("job");
            eh::insert(&mut tx, &job).await.expect("insert");
        }
        tx.commit().await.expect("commit");
        batches.push(batch);
    }

    let query = "query($id: ID!) { getJobBatch(id: $id) { id type total pending processing succeeded failed } }";
    let done = wait_for(Duration::from_secs(20), || async {
        let b = s.ok(query, json!({ "id": batches[0] }), Some(&staff)).await;
        (b["getJobBatch"]["succeeded"] == 2).then_some(b)
    })
    .await
    .unwrap_or_else(|| panic!("batch did not finish; log:\n{}", s.log()));
    assert_eq!(done["getJobBatch"]["total"], 2);
    assert_eq!(done["getJobBatch"]["pending"], 0);
    assert_eq!(done["getJobBatch"]["type"], "mail.send");
    assert_eq!(
        code(
            &s.gql(query, json!({ "id": batches[1] }), Some(&admin))
                .await
        ),
        "NOT_FOUND"
    );
    s.ok(query, json!({ "id": batches[1] }), Some(&root)).await;
    let in_batch = histories(&s, &admin, json!({ "batchId": batches[0] })).await;
    assert_eq!(in_batch.len(), 2);
    assert!(in_batch.iter().all(|j| j["batchId"] == batches[0].as_str()));
}

/// A job pushed with high priority runs before a backlog pushed earlier: a write-back the
/// seller waits on does not queue behind a bulk send.
#[tokio::test]
async fn a_high_priority_job_runs_before_the_backlog_pushed_ahead_of_it() {
    use domain::event_histories as eh;
    use jobs::Priority;
    use jobs::kinds::SystemProbe;
    const BACKLOG: usize = 60;
    let s =
        Server::start_with(&[("WORKER_CONCURRENCY", "1"), ("JOB_LOST_AFTER_SECS", "600")]).await;
    let db = domain::Db::connect(&domain::db::DbOptions {
        url: s.database_url(),
        max_connections: 1,
        acquire_timeout: Duration::from_secs(10),
    })
    .await
    .expect("db");
    let queue = s.queue().await;
    let probe = |key: String| {
        SystemProbe::new(&key, 30)
            .new_job(&EnqueueOptions::new(3))
            .expect("job")
    };
    // A long job first keeps the one slot busy while the rest is pushed, so the consumer holds
    // at most what it prefetched (a fetch or two), whatever the machine's load.
    let mut tx = db.begin().await.expect("tx");
    let blocker = eh::insert(
        &mut tx,
        &SystemProbe::new("blocker", 1500)
            .new_job(&EnqueueOptions::new(3))
            .expect("job"),
    )
    .await
    .expect("insert")
    .expect("a new job");
    tx.commit().await.expect("commit");
    queue
        .push(&db, std::slice::from_ref(&blocker), Priority::Normal)
        .await;
    wait_for(Duration::from_secs(30), || async {
        let mut conn = db.conn().await.ok()?;
        let job = eh::find(&mut conn, &blocker).await.ok()??;
        (job.status != eh::JobStatus::Pending).then_some(())
    })
    .await
    .expect("the long job started");

    let mut tx = db.begin().await.expect("tx");
    let mut backlog = Vec::new();
    for i in 0..BACKLOG {
        backlog.extend(
            eh::insert(&mut tx, &probe(format!("backlog-{i}")))
                .await
                .expect("insert"),
        );
    }
    let first = eh::insert(&mut tx, &probe("first".into()))
        .await
        .expect("insert")
        .expect("a new job");
    tx.commit().await.expect("commit");
    queue.push(&db, &backlog, Priority::Normal).await;
    queue
        .push(&db, std::slice::from_ref(&first), Priority::High)
        .await;
    // What ran before this moment (a loaded machine may stall the test between the pushes)
    // says nothing of priorities; what started after it did so by the queue's order.
    let pushed = domain::time::now_db();

    let done: Vec<(String, String, String)> = wait_for(Duration::from_secs(60), || async {
        let mut conn = db.conn().await.ok()?;
        let done: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT id, started_at, finished_at FROM event_histories
             WHERE type = 'system.probe' AND status = 'SUCCESS'",
        )
        .fetch_all(&mut *conn)
        .await
        .ok()?;
        (done.len() == BACKLOG + 2).then_some(done)
    })
    .await
    .unwrap_or_else(|| panic!("the probes did not all finish; log:\n{}", s.log()));
    // A job's start is its claim, made when a consumer takes it off the queue (before it
    // waits for a handler slot): the queue's order, whichever consumer holds the job.
    let first_claimed = done
        .iter()
        .find(|(id, ..)| id == &first)
        .map(|(_, started, _)| started.clone())
        .expect("the first probe finished");
    let later: Vec<_> = done
        .iter()
        .filter(|(id, started, _)| backlog.contains(id) && started.as_str() > pushed.as_str())
        .collect();
    assert!(
        later.len() >= 30,
        "only {} of the backlog started after the pushes: the test saw nothing",
        later.len()
    );
    // Ahead of it may be claimed only what the consumers had fetched already: up to eight ids
    // a slot embedded, two a worker scaled.
    let ahead = later
        .iter()
        .filter(|(_, started, _)| started.as_str() < first_claimed.as_str())
        .count();
    assert!(
        ahead < 15,
        "{ahead} of the {} backlog jobs taken after the high-priority push were taken before it",
        later.len()
    );
}
