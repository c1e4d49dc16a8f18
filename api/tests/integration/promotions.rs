//! Flash-sale promotions over HTTP against the TikTok sandbox: a schedule across shops through
//! injected 500s and 429s, renewals window after window with several workers (no gap, no
//! overlap, each window once), a product that no longer qualifies left out with its reason and
//! the admins alerted, the promotions client as the only one that reaches any of it, and bad
//! input named by its field.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::common::*;
use chrono::{SecondsFormat, Utc};
use serde_json::{Value, json};

const CREATE_PLAN: &str = "mutation($i: PromotionPlanInput!) { createPromotionPlan(input: $i) }";
const UPDATE_PLAN: &str = "mutation($id: ID!, $i: PromotionPlanInput!) { updatePromotionPlan(id: $id, input: $i) { id title type duration productLevel discount } }";
const REMOVE_PLAN: &str = "mutation($id: ID!) { removePromotionPlan(id: $id) }";
const PLANS: &str = "{ getPromotionPlans { id title type duration productLevel discount } }";
const SCHEDULE: &str = "mutation($i: CreateTiktokPromotionScheduleInput!) { createTiktokPromotionSchedule(input: $i) { batchId queued } }";
const BULK: &str =
    "mutation($i: BulkUpdateTiktokPromotionInput!) { bulkUpdateTiktokPromotion(input: $i) }";
const PROMOTIONS: &str = "query($f: TiktokPromotionFilter) { getTiktokPromotions(filter: $f) { \
    items { id activityId title activityType beginTime endTime productLevel status syncShop { id shopName } \
    failedItemsCount successItemsCount autoRenew activityStatus nextRenewalAt error \
    windows { seq title beginTime endTime activityId activityStatus status successItemsCount failedItemsCount droppedItemsCount \
      failedItems { externalProductId title status reason } } } \
    pageInfo { totalCount hasNextPage } } }";
const ACTIVITIES: &str = "query($s: ID!, $f: MarketplaceActivityFilter) { getTiktokActivities(shopId: $s, filter: $f) { activities { id title status begin_time end_time } total_count } }";

struct Shop {
    id: String,
    sandbox_id: String,
}

/// Connects a sandbox shop to the signed-in ADMIN's client and puts `products` live products
/// in it.
async fn shop_with_products(s: &Server, token: &str, name: &str, products: usize) -> Shop {
    let link = s
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
            json!({}),
            Some(token),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let granted = s.sandbox().grant_shop(name, "US");
    let data = s
        .ok(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id } }",
            json!({ "i": { "code": granted.auth_code, "state": state_of(&link), "saleChannel": "TIKTOK", "targetMarket": "US" } }),
            Some(token),
        )
        .await;
    s.sandbox()
        .add_live_products(&granted.shop_id, products, "20.00");
    Shop {
        id: data["authorizeShop"]["id"].as_str().expect("id").to_owned(),
        sandbox_id: granted.shop_id,
    }
}

async fn plan(s: &Server, token: &str, title: &str, hours: i64, discount: f64) -> String {
    s.ok(
        CREATE_PLAN,
        json!({ "i": { "title": title, "type": "FLASHSALE", "duration": hours, "productLevel": "PRODUCT", "discount": discount } }),
        Some(token),
    )
    .await["createPromotionPlan"]
        .as_str()
        .expect("plan id")
        .to_owned()
}

fn in_minutes(m: i64) -> String {
    (Utc::now() + chrono::Duration::minutes(m)).to_rfc3339_opts(SecondsFormat::Secs, true)
}

async fn promotions(s: &Server, token: &str) -> Vec<Value> {
    s.ok(PROMOTIONS, json!({ "f": { "limit": 100 } }), Some(token))
        .await["getTiktokPromotions"]["items"]
        .as_array()
        .expect("items")
        .clone()
}

fn unix(rfc3339: &Value) -> i64 {
    chrono::DateTime::parse_from_rfc3339(rfc3339.as_str().expect("a time"))
        .expect("RFC 3339")
        .timestamp()
}

#[tokio::test]
async fn a_schedule_over_three_shops_creates_each_activity_once_through_500s_and_429s() {
    let s = Server::start_with(&[("JOB_MAX_ATTEMPTS", "8")]).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    give_plan(&s, &admin, "DIAMOND").await;
    let mut shops = Vec::new();
    for n in 1..=3 {
        shops.push(shop_with_products(&s, &admin, &format!("Promo Shop {n}"), 50).await);
    }
    let plan_id = plan(&s, &admin, "Flash", 24, 25.0).await;

    // A fifth of the calls fail with 500 — on writes after the write was applied, so a lost
    // answer must not create a second activity — and a tenth are throttled.
    s.sandbox().set_faults(sandbox::tiktok::Faults {
        error_rate: 0.2,
        throttle_rate: 0.1,
        retry_after_secs: 1,
        latency_ms: 0,
        error_after_write: true,
    });
    let begin = in_minutes(30);
    let queued = s
        .ok(
            SCHEDULE,
            json!({ "i": { "planId": plan_id, "shopIds": shops.iter().map(|s| &s.id).collect::<Vec<_>>(), "beginTime": begin, "autoRenew": false } }),
            Some(&admin),
        )
        .await["createTiktokPromotionSchedule"]
        .clone();
    assert_eq!(queued["queued"], 3);
    let batch = wait_batch(
        &s,
        &admin,
        queued["batchId"].as_str().expect("batch"),
        Duration::from_secs(180),
    )
    .await;
    s.sandbox().set_faults(sandbox::tiktok::Faults::default());
    assert_eq!(
        (batch["succeeded"].as_i64(), batch["failed"].as_i64()),
        (Some(3), Some(0)),
        "{batch}"
    );

    let list = promotions(&s, &admin).await;
    assert_eq!(list.len(), 3, "{list:?}");
    for shop in &shops {
        let activities = s.sandbox().activities(&shop.sandbox_id);
        assert_eq!(activities.len(), 1, "one activity per shop: {activities:?}");
        let activity = &activities[0];
        assert_eq!(activity["product_ids"].as_array().map(Vec::len), Some(50));
        assert_eq!(activity["status"], "NOT_START");
        assert_eq!(
            activity["end_time"].as_i64().unwrap_or_default()
                - activity["begin_time"].as_i64().unwrap_or_default(),
            24 * 3600
        );
        let p = list
            .iter()
            .find(|p| p["syncShop"]["id"] == shop.id.as_str())
            .expect("a promotion per shop");
        assert_eq!(p["status"], "SUCCESS", "{p}");
        assert_eq!(p["successItemsCount"], 50, "{p}");
        assert_eq!(p["failedItemsCount"], 0, "{p}");
        assert_eq!(p["activityId"], activity["activity_id"]);
        assert_eq!(p["title"], "Flash");
        assert_eq!(p["activityStatus"], "NOT_START");
        assert_eq!(p["autoRenew"], false);
        assert_eq!(p["nextRenewalAt"], Value::Null);
        assert_eq!(unix(&p["beginTime"]), unix(&json!(begin)));
        assert_eq!(p["windows"].as_array().map(Vec::len), Some(1));
    }
    let creates = s.sandbox().ledger_of("activity.create");
    assert_eq!(creates.len(), 3, "each activity created once: {creates:?}");

    // The activities read through from the marketplace, and their lifecycle on its clock.
    let shop = &shops[0];
    let read = s
        .ok(ACTIVITIES, json!({ "s": shop.id }), Some(&admin))
        .await["getTiktokActivities"]
        .clone();
    assert_eq!(read["total_count"], 1);
    assert_eq!(read["activities"][0]["status"], "NOT_START");
    s.sandbox().advance_clock(31 * 60);
    let ongoing = s
        .ok(
            ACTIVITIES,
            json!({ "s": shop.id, "f": { "status": "ONGOING" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        ongoing["getTiktokActivities"]["total_count"], 1,
        "{ongoing}"
    );
}

#[tokio::test]
async fn renewals_follow_each_other_without_gap_or_overlap_and_leave_out_what_no_longer_qualifies()
{
    // Windows of one hour renewed five hours ahead, the cron every second: a promotion starting
    // in five minutes gets windows 2..5 at once, one per tick, and no sixth (it would be due
    // only in five minutes).
    let mut s = Server::start_with(&[
        ("CRON_PROMOTION_RENEW", "* * * * * *"),
        ("PROMOTION_RENEW_AHEAD_MINUTES", "300"),
        ("WORKER_CONCURRENCY", "3"),
    ])
    .await;
    s.add_worker(); // scaled: three worker processes
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    give_plan(&s, &admin, "DIAMOND").await;
    let a = shop_with_products(&s, &admin, "Renew Shop A", 10).await;
    let b = shop_with_products(&s, &admin, "Renew Shop B", 10).await;
    let plan_id = plan(&s, &admin, "Hourly", 1, 10.0).await;
    let queued = s
        .ok(
            SCHEDULE,
            json!({ "i": { "planId": plan_id, "shopIds": [a.id, b.id], "beginTime": in_minutes(5), "autoRenew": false } }),
            Some(&admin),
        )
        .await["createTiktokPromotionSchedule"]
        .clone();
    let batch = wait_batch(
        &s,
        &admin,
        queued["batchId"].as_str().expect("batch"),
        Duration::from_secs(60),
    )
    .await;
    assert_eq!(batch["succeeded"], 2, "{batch}");

    // A product of shop A stops qualifying before the renewals: its seller deactivated it.
    let gone = s.sandbox().activities(&a.sandbox_id)[0]["product_ids"][0]
        .as_str()
        .expect("a product")
        .to_owned();
    assert!(s.sandbox().set_product_status(&gone, "SELLER_DEACTIVATED"));
    let ids: Vec<Value> = promotions(&s, &admin)
        .await
        .iter()
        .map(|p| p["id"].clone())
        .collect();
    let changed = s
        .ok(
            BULK,
            json!({ "i": { "ids": ids, "autoRenew": true } }),
            Some(&admin),
        )
        .await;
    assert_eq!(changed["bulkUpdateTiktokPromotion"], 2);

    // While auto-renewing promotions use it, the plan stays.
    let res = s
        .gql(REMOVE_PLAN, json!({ "id": plan_id }), Some(&admin))
        .await;
    assert_eq!(code(&res), "CONFLICT", "{res}");

    let done = wait_for(Duration::from_secs(120), || {
        let s = &s;
        let admin = &admin;
        async move {
            let list = promotions(s, admin).await;
            // Settled too: the renewal that wrote the fifth window sets the next renewal after.
            let complete = list.iter().all(|p| {
                p["windows"]
                    .as_array()
                    .is_some_and(|w| w.len() >= 5 && w.iter().all(|w| w["status"] == "SUCCESS"))
                    && p["nextRenewalAt"].is_string()
            });
            complete.then_some(list)
        }
    })
    .await
    .unwrap_or_else(|| panic!("five windows did not come; log:\n{}", tail(&s.log(), 80)));
    // Ticks go on; nothing more may be created.
    tokio::time::sleep(Duration::from_secs(3)).await;

    for (shop, p) in [(&a, "A"), (&b, "B")] {
        let promotion = done
            .iter()
            .find(|x| x["syncShop"]["id"] == shop.id.as_str())
            .expect("promotion");
        let windows = promotion["windows"].as_array().expect("windows");
        assert_eq!(windows.len(), 5, "shop {p}: {windows:?}");
        let activities = s.sandbox().activities(&shop.sandbox_id);
        assert_eq!(
            activities.len(),
            5,
            "shop {p}: each window created once: {activities:?}"
        );
        let mut by_begin: BTreeMap<i64, &Value> = BTreeMap::new();
        for activity in &activities {
            by_begin.insert(activity["begin_time"].as_i64().expect("begin"), activity);
        }
        assert_eq!(by_begin.len(), 5, "shop {p}: five distinct windows");
        let spans: Vec<(i64, i64)> = by_begin
            .values()
            .map(|a| {
                (
                    a["begin_time"].as_i64().unwrap_or_default(),
                    a["end_time"].as_i64().unwrap_or_default(),
                )
            })
            .collect();
        for pair in spans.windows(2) {
            assert_eq!(
                pair[0].1, pair[1].0,
                "shop {p}: no gap, no overlap: {spans:?}"
            );
        }
        for (i, w) in windows.iter().enumerate() {
            assert_eq!(w["seq"], i as i64 + 1);
            assert_eq!(
                (unix(&w["beginTime"]), unix(&w["endTime"])),
                spans[i],
                "shop {p}: window {} as on the marketplace",
                i + 1
            );
        }
        assert_eq!(
            unix(&promotion["beginTime"]),
            spans[4].0,
            "the promotion shows its latest window"
        );
        assert!(promotion["nextRenewalAt"].is_string(), "{promotion}");
    }

    // Shop A's renewals left the deactivated product out, with the reason; shop B's kept all.
    let pa = done
        .iter()
        .find(|x| x["syncShop"]["id"] == a.id.as_str())
        .expect("A");
    let wa = pa["windows"].as_array().expect("windows");
    assert_eq!(wa[0]["successItemsCount"], 10);
    for w in &wa[1..] {
        assert_eq!(w["successItemsCount"], 9, "{w}");
        assert_eq!(w["droppedItemsCount"], 1, "{w}");
        let item = &w["failedItems"][0];
        assert_eq!(item["externalProductId"], gone.as_str());
        assert_eq!(item["status"], "DROPPED");
        assert!(
            item["reason"]
                .as_str()
                .is_some_and(|r| r.contains("not live") && r.contains("SELLER_DEACTIVATED")),
            "{item}"
        );
    }
    for activity in s.sandbox().activities(&a.sandbox_id).iter().skip(1) {
        assert!(
            !activity["product_ids"]
                .as_array()
                .expect("ids")
                .iter()
                .any(|id| id == gone.as_str()),
            "{activity}"
        );
    }
    let pb = done
        .iter()
        .find(|x| x["syncShop"]["id"] == b.id.as_str())
        .expect("B");
    for w in pb["windows"].as_array().expect("windows") {
        assert_eq!(w["successItemsCount"], 10, "{w}");
    }

    // The admins heard of it once: one mail for the window that first left it out.
    let alert = wait_for(Duration::from_secs(30), || {
        let mails: Vec<String> = s
            .mails()
            .into_iter()
            .filter(|m| m.contains("left out of the flash sale"))
            .collect();
        async move { (!mails.is_empty()).then_some(mails) }
    })
    .await
    .unwrap_or_else(|| panic!("no alert mail; log:\n{}", tail(&s.log(), 60)));
    assert_eq!(alert.len(), 1, "{alert:?}");
    assert!(
        alert[0].contains(&format!("To: {DEMO_ADMIN}")),
        "{}",
        alert[0]
    );
    assert!(alert[0].contains("Renew Shop A"), "{}", alert[0]);
    assert!(alert[0].contains("not live on TikTok Shop"), "{}", alert[0]);

    // Deactivated: the marketplace ends its activities, it never renews, and the plan can go.
    let res = s
        .ok(
            BULK,
            json!({ "i": { "ids": [pa["id"], pb["id"]], "deactivate": true } }),
            Some(&admin),
        )
        .await;
    assert_eq!(res["bulkUpdateTiktokPromotion"], 2);
    let ended = wait_for(Duration::from_secs(30), || {
        let all = s.sandbox().activities(&a.sandbox_id);
        async move {
            all.iter()
                .all(|a| a["status"] == "DEACTIVATED")
                .then_some(())
        }
    })
    .await;
    assert!(
        ended.is_some(),
        "{:?}",
        s.sandbox().activities(&a.sandbox_id)
    );
    s.ok(REMOVE_PLAN, json!({ "id": plan_id }), Some(&admin))
        .await;
    let _ = &mut s;
}

#[tokio::test]
async fn only_the_promotions_client_reaches_promotions() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let other = new_client(&s, "other-prints", "ola@other.test").await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    // The other client's own shop, so that no operation can fail for a missing shop first.
    give_plan(&s, &other, "DIAMOND").await;
    let other_shop = shop_with_products(&s, &other, "Other Shop", 1).await;

    let plan_input = json!({ "title": "Flash", "type": "FLASHSALE", "duration": 24, "productLevel": "PRODUCT", "discount": 20 });
    let ops: Vec<(&str, Value)> = vec![
        (PLANS, json!({})),
        (PROMOTIONS, json!({})),
        (ACTIVITIES, json!({ "s": other_shop.id })),
        (CREATE_PLAN, json!({ "i": plan_input })),
        (
            UPDATE_PLAN,
            json!({ "id": "00000000-0000-0000-0000-000000000000", "i": plan_input }),
        ),
        (
            REMOVE_PLAN,
            json!({ "id": "00000000-0000-0000-0000-000000000000" }),
        ),
        (
            SCHEDULE,
            json!({ "i": { "planId": "00000000-0000-0000-0000-000000000000", "shopIds": [other_shop.id], "beginTime": in_minutes(30), "autoRenew": true } }),
        ),
        (
            BULK,
            json!({ "i": { "ids": ["00000000-0000-0000-0000-000000000000"], "autoRenew": true } }),
        ),
    ];
    for (query, vars) in &ops {
        for (who, token) in [("another client", &other), ("the super admin", &root)] {
            let res = s.gql(query, vars.clone(), Some(token)).await;
            assert_eq!(code(&res), "FORBIDDEN", "{who}: {query}: {res}");
        }
    }

    // The promotions client reads; it writes once its plan includes promotions.
    give_plan(&s, &admin, "FREE").await;
    s.ok(PLANS, json!({}), Some(&admin)).await;
    s.ok(PROMOTIONS, json!({}), Some(&admin)).await;
    let res = s
        .gql(CREATE_PLAN, json!({ "i": plan_input }), Some(&admin))
        .await;
    assert_eq!(code(&res), "PAYMENT_REQUIRED", "{res}");
    give_plan(&s, &admin, "DIAMOND").await;
    s.ok(CREATE_PLAN, json!({ "i": plan_input }), Some(&admin))
        .await;
    // Another client's shop is not the promotions client's.
    let res = s
        .gql(ACTIVITIES, json!({ "s": other_shop.id }), Some(&admin))
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
}

#[tokio::test]
async fn bad_input_is_refused_with_its_field_and_changes_nothing() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    give_plan(&s, &admin, "DIAMOND").await;
    let shop = shop_with_products(&s, &admin, "Input Shop", 2).await;
    let plan_id = plan(&s, &admin, "Flash", 24, 20.0).await;
    let good = json!({ "title": "Weekend", "type": "FLASHSALE", "duration": 24, "productLevel": "VARIATION", "discount": 15 });
    let with = |field: &str, value: Value| {
        let mut input = good.clone();
        input[field] = value;
        input
    };
    for (input, name) in [
        (with("title", json!("  ")), "title"),
        (with("title", json!("x".repeat(31))), "title"),
        (with("duration", json!(0)), "duration"),
        (with("duration", json!(8760)), "duration"),
        (with("discount", json!(0)), "discount"),
        (with("discount", json!(99.5)), "discount"),
    ] {
        let res = s
            .gql(CREATE_PLAN, json!({ "i": input }), Some(&admin))
            .await;
        assert_eq!(
            (code(&res), field(&res)),
            ("BAD_USER_INPUT".into(), name.to_owned()),
            "{res}"
        );
        let res = s
            .gql(
                UPDATE_PLAN,
                json!({ "id": plan_id, "i": input }),
                Some(&admin),
            )
            .await;
        assert_eq!(field(&res), name, "{res}");
    }
    let res = s
        .gql(
            CREATE_PLAN,
            json!({ "i": with("title", json!("Flash")) }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "CONFLICT", "titles are unique: {res}");

    let schedule = |input: Value| json!({ "i": input });
    let base = json!({ "planId": plan_id, "shopIds": [shop.id], "beginTime": in_minutes(30), "autoRenew": true });
    let mut past = base.clone();
    past["beginTime"] = json!(in_minutes(-5));
    let mut no_shop = base.clone();
    no_shop["shopIds"] = json!([]);
    let mut far = base.clone();
    far["beginTime"] = json!(in_minutes(91 * 24 * 60));
    for (input, name) in [
        (past, "beginTime"),
        (no_shop, "shopIds"),
        (far, "beginTime"),
    ] {
        let res = s.gql(SCHEDULE, schedule(input), Some(&admin)).await;
        assert_eq!(
            (code(&res), field(&res)),
            ("BAD_USER_INPUT".into(), name.to_owned()),
            "{res}"
        );
    }
    let mut unknown = base.clone();
    unknown["planId"] = json!("00000000-0000-0000-0000-000000000000");
    let res = s.gql(SCHEDULE, schedule(unknown), Some(&admin)).await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");

    for input in [
        json!({ "ids": [], "autoRenew": true }),
        json!({ "ids": ["00000000-0000-0000-0000-000000000000"] }),
    ] {
        let res = s.gql(BULK, json!({ "i": input }), Some(&admin)).await;
        assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    }
    let res = s
        .gql(PROMOTIONS, json!({ "f": { "limit": 500 } }), Some(&admin))
        .await;
    assert_eq!(field(&res), "limit", "{res}");

    // Nothing changed: one plan, as created, and no promotion.
    let plans = s.ok(PLANS, json!({}), Some(&admin)).await;
    assert_eq!(
        plans["getPromotionPlans"],
        json!([{ "id": plan_id, "title": "Flash", "type": "FLASHSALE", "duration": 24, "productLevel": "PRODUCT", "discount": 20.0 }])
    );
    assert_eq!(promotions(&s, &admin).await, Vec::<Value>::new());
    assert!(s.sandbox().ledger_of("activity.create").is_empty());
}
