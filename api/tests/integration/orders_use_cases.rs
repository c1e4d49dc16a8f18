//! The order desk's use cases called as functions, without HTTP: the application is built in
//! this process (`Application::build`) and `api::orders` is called with a `Caller`. The export
//! job is run by hand through its handler, twice, to show it is idempotent.
//!
//! One test in this binary: the configuration is read from the environment, which it sets
//! before anything else runs.
use crate::common;

use api::auth::Caller;
use api::config::Config;
use api::orders::{self, FilterInput};
use api::server::Application;
use domain::orders::OrderStatus;
use domain::orders::desk::{Filter, SortDirection, SortField};
use domain::orders::export::ExportStatus;
use domain::users::{self, Email};
use domain::{ids, time};

async fn caller(db: &domain::Db, email: &str) -> Caller {
    let mut conn = db.conn().await.expect("conn");
    let user = users::by_email(&mut conn, &Email::parse("email", email).expect("email"))
        .await
        .expect("user")
        .expect("the demo user exists");
    Caller::of(user)
}

async fn seed(db: &domain::Db, client_id: &str) -> Vec<String> {
    let mut conn = db.conn().await.expect("conn");
    let shop = ids::new_id();
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO shops (id, client_id, name, sale_channel, target_market, connection, external_shop_id, created_at, updated_at)
         VALUES ($1, $2, 'Use-case Shop', 'TIKTOK', 'US', 'OPEN', $3, $4, $4)",
    )
    .bind(&shop)
    .bind(client_id)
    .bind(format!("ext-{shop}"))
    .bind(&now)
    .execute(&mut *conn)
    .await
    .expect("shop");
    let mut out = Vec::new();
    for i in 0..450i64 {
        let id = ids::new_id();
        let ordered = time::to_db(time::now() - chrono::Duration::minutes(i));
        sqlx::query(
            "INSERT INTO orders (id, client_id, shop_id, external_order_id, status, marketplace_status, currency,
                total_amount_cents, commission_fee_cents, net_amount_cents, ordered_at, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'AWAITING_FULFILLMENT', 'AWAITING_SHIPMENT', 'USD', $5, 10, $6, $7, $8, $8)",
        )
        .bind(&id)
        .bind(client_id)
        .bind(&shop)
        .bind(format!("UC-{i:04}"))
        .bind(1_000 + i)
        .bind(990 + i)
        .bind(&ordered)
        .bind(&now)
        .execute(&mut *conn)
        .await
        .expect("order");
        out.push(id);
    }
    out
}

#[tokio::test]
async fn the_desk_works_as_functions_and_the_export_job_is_idempotent() {
    let dir = tempfile::tempdir().expect("dir");
    let mut env: Vec<(String, String)> = vec![
        ("DATA_DIR".into(), dir.path().display().to_string()),
        ("HOST".into(), "127.0.0.1".into()),
        ("PORT".into(), "0".into()),
        ("DEMO".into(), "true".into()),
        (
            "WEB_DIR".into(),
            dir.path().join("no-web").display().to_string(),
        ),
        // No job runs in this process: the test runs the export's handler itself.
        ("WORKER_CONCURRENCY".into(), "0".into()),
        ("BOOTSTRAP_ADMIN_PASSWORD".into(), "root-password-1".into()),
        // A TikTok app configured keeps the demo from starting a sandbox; nothing calls it.
        ("TIKTOK_APP_KEY".into(), "unused".into()),
        ("TIKTOK_APP_SECRET".into(), "unused".into()),
        ("TIKTOK_BASE_URL".into(), "http://127.0.0.1:9".into()),
    ];
    let mut database = None;
    if common::scaled() {
        let created = common::create_database().await;
        env.push(("DATABASE_URL".into(), created.url.clone()));
        env.push((
            "REDIS_URL".into(),
            std::env::var("TEST_REDIS_URL").expect("TEST_REDIS_URL"),
        ));
        env.push(("QUEUE_NAME".into(), created.name.clone()));
        env.push((
            "JWT_SECRET".into(),
            "test-secret-shared-by-every-replica-0123456789".into(),
        ));
        env.push(("DATABASE_MAX_CONNECTIONS".into(), "4".into()));
        database = Some(created);
    }
    for (k, v) in &env {
        // SAFETY: the only test of this binary, and nothing else of it has started a thread
        // that reads the environment yet.
        unsafe { std::env::set_var(k, v) };
    }
    let app = Application::build(Config::from_env().expect("config"))
        .await
        .expect("application");
    let state = app.state().clone();
    let admin = caller(&state.db, common::DEMO_ADMIN).await;
    let staff = caller(&state.db, common::DEMO_STAFF).await;
    let ids = seed(&state.db, &admin.scope.client_id).await;

    // Reads.
    let page = orders::list(&state, &admin, FilterInput::default())
        .await
        .expect("list");
    assert_eq!(page.total, 450);
    assert_eq!(page.items.len(), 20);
    assert_eq!(page.items[0].external_order_id, "UC-0000");
    let summary = orders::summary(&state, &admin, FilterInput::default())
        .await
        .expect("summary");
    assert_eq!(summary.total_orders, 450);
    assert_eq!(summary.net_cents, (0..450).map(|i| 990 + i).sum::<i64>());
    // STAFF have no shop assigned: nothing.
    let none = orders::list(&state, &staff, FilterInput::default())
        .await
        .expect("list");
    assert_eq!(none.total, 0);
    let hidden = orders::get(&state, &staff, &ids[0])
        .await
        .expect_err("hidden");
    assert_eq!(hidden.code, "NOT_FOUND");

    // Moves.
    let refused = orders::update_status(&state, &admin, &ids[0], OrderStatus::Delivered)
        .await
        .expect_err("illegal");
    assert_eq!(refused.code, "CONFLICT");
    assert!(
        refused
            .message
            .contains("allowed: AWAITING_DESIGN, AWAITING_SHIPMENT, FULFILLED")
    );
    let moved = orders::update_status(&state, &admin, &ids[0], OrderStatus::Fulfilled)
        .await
        .expect("legal");
    assert_eq!(moved.status, OrderStatus::Fulfilled);
    let timeline = orders::timeline(&state, &admin, &ids[0])
        .await
        .expect("timeline");
    assert_eq!(timeline.len(), 1);
    assert_eq!(
        timeline[0].user.as_ref().map(|u| u.id.as_str()),
        Some(admin.user.id.as_str())
    );

    // An export of the orders still to fulfil, cheapest first: 449 rows, in more than one page.
    let input = FilterInput {
        filter: Filter {
            status: Some(OrderStatus::AwaitingFulfillment),
            sort: Some(SortField::Total),
            direction: Some(SortDirection::Asc),
            ..Filter::default()
        },
        ..FilterInput::default()
    };
    let queued = orders::export(&state, &admin, input).await.expect("export");
    assert_eq!(queued.status, ExportStatus::Pending);
    assert!(queued.download_path.is_none());
    let mut conn = state.db.conn().await.expect("conn");
    let job_id: String = sqlx::query_scalar("SELECT id FROM event_histories WHERE batch_id = $1")
        .bind(queued.export.batch_id.as_deref().expect("batch"))
        .fetch_one(&mut *conn)
        .await
        .expect("job");
    let job = domain::event_histories::find(&mut conn, &job_id)
        .await
        .expect("read")
        .expect("job row");
    drop(conn);
    let ctx = jobs::JobContext::new(
        state.db.clone(),
        state.queue.clone(),
        state.config.jobs.clone(),
    )
    .expect("context");
    jobs::kinds::run(&ctx, &job).await.expect("the export runs");
    let done = orders::export_status(&state, &admin, &queued.export.id)
        .await
        .expect("status");
    assert_eq!(done.status, ExportStatus::Success);
    assert_eq!((done.export.done_rows, done.export.total_rows), (449, 449));
    // The local directory keeps today's layout: DATA_DIR/exports/{client}/{file}.
    let key = jobs::kinds::export_key(
        &admin.scope.client_id,
        done.export.file_name.as_deref().expect("file"),
    )
    .expect("key");
    let path = dir.path().join(key.as_str());
    let first = std::fs::read_to_string(&path).expect("csv");
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 450, "a header and 449 rows");
    assert!(lines[1].starts_with("UC-0001,"), "{}", lines[1]);
    assert!(lines[449].starts_with("UC-0449,"), "{}", lines[449]);

    // Delivered twice: the finished file is left as it is, even with a new order since.
    seed(&state.db, &admin.scope.client_id).await;
    jobs::kinds::run(&ctx, &job)
        .await
        .expect("the export runs again");
    assert_eq!(std::fs::read_to_string(&path).expect("csv"), first);
    assert!(
        orders::export_status(&state, &staff, &queued.export.id)
            .await
            .is_err_and(|e| e.code == "NOT_FOUND")
    );

    drop(app);
    state.db.pool.close().await;
    // The database (scaled) is dropped with it, once the app's pool is closed.
    drop(database);
}
