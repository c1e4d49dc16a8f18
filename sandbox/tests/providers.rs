//! The print-on-demand stand-ins over real HTTP: per provider, credentials refused, the
//! catalogue, create → read → list, duplicates, cancel allowed then refused, the lifecycle to a
//! shipment with tracking, a signed webhook to a local listener, the rate limit, and injected
//! faults in the ledger.
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::HeaderMap;
use axum::routing::post;
use sandbox::providers::{
    self, Fault, Faults, Provider, ProvidersConfig, ProvidersHandle, ProvidersSandbox,
};
use serde_json::{Value, json};

struct World {
    handle: ProvidersHandle,
    http: reqwest::Client,
}

impl World {
    async fn start() -> World {
        let handle = providers::start(ProvidersConfig::default())
            .await
            .expect("sandbox starts");
        World {
            handle,
            http: reqwest::Client::new(),
        }
    }

    fn sb(&self) -> &ProvidersSandbox {
        self.handle.sandbox()
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.handle.base_url())
    }
}

/// What a request answered: status, headers, JSON body (`Null` when none).
struct Got {
    status: u16,
    headers: reqwest::header::HeaderMap,
    body: Value,
}

impl Got {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

async fn send(request: reqwest::RequestBuilder) -> Got {
    let response = request.send().await.expect("request reaches the sandbox");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("body");
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Got {
        status,
        headers,
        body,
    }
}

/// A local listener that keeps every webhook it receives.
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<(HeaderMap, Bytes)>>>,
}

impl Receiver {
    async fn start() -> Receiver {
        let got: Arc<Mutex<Vec<(HeaderMap, Bytes)>>> = Arc::default();
        let keep = got.clone();
        let app = axum::Router::new().route(
            "/hook",
            post(move |headers: HeaderMap, body: Bytes| {
                let keep = keep.clone();
                async move {
                    keep.lock().expect("lock").push((headers, body));
                    "ok"
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Receiver {
            url: format!("http://{addr}/hook"),
            got,
        }
    }

    /// Waits until a delivery satisfies `pred` (polling; the deadline only stops a hang).
    async fn wait_for(&self, pred: impl Fn(&Value) -> bool) -> (HeaderMap, Bytes, Value) {
        for _ in 0..500 {
            let found = self.got.lock().expect("lock").iter().find_map(|(h, b)| {
                let v: Value = serde_json::from_slice(b).ok()?;
                pred(&v).then(|| (h.clone(), b.clone(), v))
            });
            if let Some(found) = found {
                return found;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("no matching webhook arrived");
    }
}

fn hmac_hex(secret: &str, body: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("key");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// An HTML form body (Lenful's login).
fn form(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

fn faults(error: f64, throttle: f64, after_write: f64) -> Faults {
    Faults {
        error_rate: error,
        throttle_rate: throttle,
        fail_after_write_rate: after_write,
        latency_ms: 0,
    }
}

/// The ledger's last entry for `provider`.
fn last_entry(sb: &ProvidersSandbox, provider: Provider) -> providers::LedgerEntry {
    sb.ledger()
        .into_iter()
        .rev()
        .find(|e| e.provider == provider)
        .expect("a ledger entry")
}

/// How many orders of `provider` carry `reference`.
fn count_ref(sb: &ProvidersSandbox, provider: Provider, reference: &str) -> usize {
    sb.orders(provider)
        .iter()
        .filter(|o| o.reference.as_deref() == Some(reference))
        .count()
}

mod printify {
    use super::*;

    fn order_body(reference: &str) -> Value {
        json!({
            "external_id": reference,
            "label": "TikTok 5768123400001",
            "line_items": [{
                "print_provider_id": 29,
                "blueprint_id": 6,
                "variant_id": 12101,
                "quantity": 2,
                "print_areas": { "front": "https://cdn.example.com/designs/front.png" }
            }],
            "shipping_method": 1,
            "send_shipping_notification": false,
            "address_to": {
                "first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com",
                "phone": "+1 555 0101", "country": "US", "region": "NY",
                "address1": "10 Downing Ave", "address2": "Apt 2", "city": "Brooklyn", "zip": "11201"
            }
        })
    }

    struct Pfy {
        w: World,
        token: String,
        shop: String,
    }

    impl Pfy {
        async fn start() -> Pfy {
            let w = World::start().await;
            let a = w.sb().account(Provider::Printify);
            Pfy {
                token: a.api_key.clone(),
                shop: a.shop_id.clone().expect("a shop"),
                w,
            }
        }

        async fn get(&self, path: &str) -> Got {
            send(
                self.w
                    .http
                    .get(self.w.url(&format!("/printify/v1{path}")))
                    .bearer_auth(&self.token),
            )
            .await
        }

        async fn post(&self, path: &str, body: Value) -> Got {
            send(
                self.w
                    .http
                    .post(self.w.url(&format!("/printify/v1{path}")))
                    .bearer_auth(&self.token)
                    .json(&body),
            )
            .await
        }

        async fn create(&self, reference: &str) -> Got {
            self.post(
                &format!("/shops/{}/orders.json", self.shop),
                order_body(reference),
            )
            .await
        }
    }

    #[tokio::test]
    async fn refuses_bad_credentials() {
        let p = Pfy::start().await;
        let got = send(
            p.w.http
                .get(p.w.url("/printify/v1/shops.json"))
                .bearer_auth("not-a-token"),
        )
        .await;
        assert_eq!(got.status, 401);
        assert_eq!(got.body["status"], "error");
        let got = send(p.w.http.get(p.w.url("/printify/v1/shops.json"))).await;
        assert_eq!(got.status, 401);
        let entry = last_entry(p.w.sb(), Provider::Printify);
        assert_eq!(entry.status, 401);
        assert_eq!(entry.account, None);
    }

    #[tokio::test]
    async fn serves_shops_and_the_catalogue() {
        let p = Pfy::start().await;
        let shops = p.get("/shops.json").await;
        assert_eq!(shops.status, 200);
        assert_eq!(shops.body[0]["id"].to_string(), p.shop);
        assert_eq!(shops.body[0]["sales_channel"], "custom_integration");

        let blueprints = p.get("/catalog/blueprints.json").await;
        let tee = blueprints
            .body
            .as_array()
            .expect("list")
            .iter()
            .find(|b| b["id"] == 6);
        assert_eq!(tee.expect("the tee")["brand"], "Gildan");

        let providers = p.get("/catalog/blueprints/6/print_providers.json").await;
        assert!(
            providers
                .body
                .as_array()
                .expect("list")
                .iter()
                .any(|pp| pp["id"] == 29)
        );

        let variants = p
            .get("/catalog/blueprints/6/print_providers/29/variants.json")
            .await;
        assert_eq!(variants.body["id"], 29);
        let v = &variants.body["variants"][1];
        assert_eq!(v["id"], 12101);
        assert_eq!(v["options"]["color"], "Black");
        assert_eq!(v["options"]["size"], "M");
        assert_eq!(v["placeholders"][0]["position"], "front");

        let shipping = p
            .get("/catalog/blueprints/6/print_providers/29/shipping.json")
            .await;
        assert_eq!(shipping.body["handling_time"]["unit"], "day");
        assert!(shipping.body["profiles"][0]["first_item"]["cost"].as_i64() > Some(0));

        let all = p.get("/catalog/print_providers/29.json").await;
        assert_eq!(all.body["location"]["country"], "US");

        let unknown = p.get("/catalog/blueprints/99999.json").await;
        assert_eq!(unknown.status, 404);
        // Printify paths end in `.json`.
        let bare = p.get("/shops").await;
        assert_eq!(bare.status, 404);
    }

    #[tokio::test]
    async fn creates_reads_and_lists_an_order() {
        let p = Pfy::start().await;
        let created = p.create("fo-1").await;
        assert_eq!(created.status, 200, "{}", created.body);
        let id = created.body["id"].as_str().expect("id").to_owned();
        assert_eq!(id.len(), 24);

        let order = p.get(&format!("/shops/{}/orders/{id}.json", p.shop)).await;
        assert_eq!(order.status, 200);
        assert_eq!(order.body["status"], "on-hold");
        assert_eq!(order.body["external_id"], "fo-1");
        assert_eq!(order.body["metadata"]["shop_order_id"], "fo-1");
        assert_eq!(order.body["line_items"][0]["variant_id"], 12101);
        assert_eq!(order.body["line_items"][0]["cost"], 895 * 2);
        assert!(order.body["total_shipping"].as_i64() > Some(0));
        assert!(order.body.get("shipments").is_some());
        assert!(order.body.get("fulfilled_at").is_none(), "no nulls");

        let list = p
            .get(&format!("/shops/{}/orders.json?page=1&limit=10", p.shop))
            .await;
        assert_eq!(list.body["total"], 1);
        assert_eq!(list.body["data"][0]["id"], id.as_str());
        assert!(list.body["next_page_url"].is_null());

        let sandbox_order = p.w.sb().order(Provider::Printify, &id).expect("held");
        assert_eq!(
            sandbox_order.total_cents,
            order.body["total_price"].as_i64().unwrap_or_default()
                + order.body["total_shipping"].as_i64().unwrap_or_default()
        );
        let entry = last_entry(p.w.sb(), Provider::Printify);
        assert_eq!(entry.order_id, None);
        let create =
            p.w.sb()
                .ledger()
                .into_iter()
                .find(|e| e.method == "POST")
                .expect("the create");
        assert_eq!(create.reference.as_deref(), Some("fo-1"));
        assert_eq!(create.order_id.as_deref(), Some(id.as_str()));
    }

    #[tokio::test]
    async fn refuses_a_duplicate_external_id_and_names_invalid_fields() {
        let p = Pfy::start().await;
        assert_eq!(p.create("fo-dup").await.status, 200);
        let again = p.create("fo-dup").await;
        assert_eq!(again.status, 400);
        assert_eq!(again.body["code"], 8150);
        assert!(
            again.body["errors"]["reason"]
                .as_str()
                .unwrap_or_default()
                .starts_with("external_id")
        );
        assert_eq!(count_ref(p.w.sb(), Provider::Printify, "fo-dup"), 1);

        let mut body = order_body("fo-bad");
        body["address_to"]["zip"] = json!("");
        let bad = p
            .post(&format!("/shops/{}/orders.json", p.shop), body)
            .await;
        assert_eq!(bad.status, 400);
        assert!(
            bad.body["errors"]["reason"]
                .as_str()
                .unwrap_or_default()
                .starts_with("address_to.zip")
        );

        let mut body = order_body("fo-bad");
        body["line_items"][0]["variant_id"] = json!(1);
        let bad = p
            .post(&format!("/shops/{}/orders.json", p.shop), body)
            .await;
        assert!(
            bad.body["errors"]["reason"]
                .as_str()
                .unwrap_or_default()
                .starts_with("line_items.0.variant_id")
        );
        assert_eq!(count_ref(p.w.sb(), Provider::Printify, "fo-bad"), 0);
    }

    #[tokio::test]
    async fn cancels_while_on_hold_and_refuses_in_production() {
        let p = Pfy::start().await;
        let a = p.create("fo-c1").await.body["id"]
            .as_str()
            .expect("id")
            .to_owned();
        let cancelled = p
            .post(
                &format!("/shops/{}/orders/{a}/cancel.json", p.shop),
                json!({}),
            )
            .await;
        assert_eq!(cancelled.status, 200);
        assert_eq!(cancelled.body["status"], "canceled");

        let b = p.create("fo-c2").await.body["id"]
            .as_str()
            .expect("id")
            .to_owned();
        let sent = p
            .post(
                &format!("/shops/{}/orders/{b}/send_to_production.json", p.shop),
                json!({}),
            )
            .await;
        assert_eq!(sent.body["status"], "sending-to-production");
        let refused = p
            .post(
                &format!("/shops/{}/orders/{b}/cancel.json", p.shop),
                json!({}),
            )
            .await;
        assert_eq!(refused.status, 400);
        assert!(
            refused.body["errors"]["reason"]
                .as_str()
                .unwrap_or_default()
                .contains("sending-to-production")
        );
        assert_eq!(
            p.w.sb().order(Provider::Printify, &b).expect("held").status,
            "sending-to-production"
        );
    }

    #[tokio::test]
    async fn ships_with_tracking_and_sends_a_signed_webhook() {
        let p = Pfy::start().await;
        let rx = Receiver::start().await;
        let hook = p
            .post(
                &format!("/shops/{}/webhooks.json", p.shop),
                json!({ "topic": "order:shipment:created", "url": rx.url, "secret": "whsec-1" }),
            )
            .await;
        assert_eq!(hook.status, 200);
        assert_eq!(hook.body["topic"], "order:shipment:created");
        let id = p.create("fo-ship").await.body["id"]
            .as_str()
            .expect("id")
            .to_owned();
        assert!(p.w.sb().advance_to(Provider::Printify, &id, "fulfilled"));

        let order = p.get(&format!("/shops/{}/orders/{id}.json", p.shop)).await;
        assert_eq!(order.body["status"], "fulfilled");
        let shipment = &order.body["shipments"][0];
        assert_eq!(shipment["carrier"], "usps");
        assert!(
            shipment["number"]
                .as_str()
                .unwrap_or_default()
                .starts_with("9400")
        );
        assert!(
            shipment["url"]
                .as_str()
                .unwrap_or_default()
                .starts_with("https://")
        );
        assert!(order.body["fulfilled_at"].is_string());

        let (headers, raw, body) = rx.wait_for(|v| v["type"] == "order:shipment:created").await;
        assert_eq!(body["resource"]["id"], id.as_str());
        assert_eq!(
            body["resource"]["data"]["carrier"]["tracking_number"],
            shipment["number"]
        );
        let signature = headers
            .get("x-pfy-signature")
            .and_then(|v| v.to_str().ok())
            .expect("signed");
        assert_eq!(signature, format!("sha256={}", hmac_hex("whsec-1", &raw)));

        // Delivered: the shipment gains its date; the status stays fulfilled.
        assert!(p.w.sb().advance(Provider::Printify, &id));
        let order = p.get(&format!("/shops/{}/orders/{id}.json", p.shop)).await;
        assert!(order.body["shipments"][0]["delivered_at"].is_string());
        assert!(!p.w.sb().advance(Provider::Printify, &id));
        let sb_order = p.w.sb().order(Provider::Printify, &id).expect("held");
        assert_eq!(sb_order.tracking_carrier.as_deref(), Some("USPS"));
    }

    #[tokio::test]
    async fn rate_limits_the_catalogue_at_100_a_minute() {
        let p = Pfy::start().await;
        let mut ok = 0;
        let mut throttled = None;
        for _ in 0..150 {
            let got = p.get("/catalog/print_providers.json").await;
            if got.status == 429 {
                throttled = Some(got);
                break;
            }
            assert_eq!(got.status, 200);
            ok += 1;
        }
        let throttled = throttled.expect("a 429");
        assert_eq!(ok, 100);
        assert!(throttled.header("retry-after").is_some());
        assert_eq!(throttled.body["status"], "error");
        // Orders are not catalogue calls.
        assert_eq!(p.get("/shops.json").await.status, 200);
    }

    #[tokio::test]
    async fn injected_faults_show_in_the_ledger() {
        let p = Pfy::start().await;
        let sb = p.w.sb();
        sb.set_faults(Some(Provider::Printify), faults(1.0, 0.0, 0.0));
        assert_eq!(p.get("/shops.json").await.status, 500);
        let e = last_entry(sb, Provider::Printify);
        assert_eq!((e.status, e.fault), (500, Some(Fault::Error)));
        assert!(e.account.is_some());

        sb.set_faults(Some(Provider::Printify), faults(0.0, 1.0, 0.0));
        let got = p.get("/shops.json").await;
        assert_eq!(got.status, 429);
        assert_eq!(got.header("retry-after"), Some("1"));
        assert_eq!(
            last_entry(sb, Provider::Printify).fault,
            Some(Fault::Throttle)
        );

        // Made, then answered 500: the retry is refused as a duplicate, one order stands.
        sb.set_faults(Some(Provider::Printify), faults(0.0, 0.0, 1.0));
        assert_eq!(p.create("fo-lost").await.status, 500);
        let e = last_entry(sb, Provider::Printify);
        assert_eq!(e.fault, Some(Fault::FailAfterWrite));
        assert!(e.order_id.is_some());
        assert_eq!(e.reference.as_deref(), Some("fo-lost"));
        sb.set_faults(None, Faults::default());
        assert_eq!(p.create("fo-lost").await.status, 400);
        assert_eq!(count_ref(sb, Provider::Printify, "fo-lost"), 1);

        // Another provider's faults leave Printify alone.
        sb.set_faults(Some(Provider::MangoTee), faults(1.0, 0.0, 0.0));
        assert_eq!(p.get("/shops.json").await.status, 200);
    }
}

#[tokio::test]
async fn control_routes_are_never_faulted() {
    let w = World::start().await;
    w.sb().set_faults(None, faults(1.0, 0.0, 0.0));
    let ledger = send(w.http.get(w.url("/__sandbox/providers/ledger"))).await;
    assert_eq!(ledger.status, 200);
    let put = send(
        w.http
            .put(w.url("/__sandbox/providers/printify/faults"))
            .json(&json!({ "error_rate": 0.0 })),
    )
    .await;
    assert_eq!(put.status, 200);
    assert_eq!(w.sb().faults(Provider::Printify).error_rate, 0.0);
    assert_eq!(w.sb().faults(Provider::Gearment).error_rate, 1.0);
    let image = w
        .http
        .get(w.url("/__sandbox/providers/images/G5000-BLK.png"))
        .send()
        .await
        .expect("image");
    assert_eq!(image.status().as_u16(), 200);
}

#[tokio::test]
async fn planted_dropped_and_restated_orders_are_drift() {
    let w = World::start().await;
    let sb = w.sb();
    for p in Provider::ALL {
        let account = sb.account(p);
        let planted = sb.plant_order(p, &account);
        let held = sb.order(p, &planted).expect("planted");
        assert_eq!(held.account, account.id);
        assert!(held.total_cents > 0);
        assert!(sb.drop_order(p, &planted));
        assert!(sb.order(p, &planted).is_none());
    }
    let a = sb.account(Provider::Printify);
    let id = sb.plant_order(Provider::Printify, &a);
    assert!(sb.set_status(Provider::Printify, &id, "in-production"));
    assert_eq!(
        sb.order(Provider::Printify, &id).expect("held").status,
        "in-production"
    );
    assert!(!sb.set_status(Provider::Printify, &id, "no-such-status"));
    // Accounts are distinct and stable.
    let other = sb.add_account(Provider::Printify);
    assert_ne!(other.api_key, a.api_key);
    assert_eq!(sb.account(Provider::Printify), a);
}

#[tokio::test]
async fn the_clock_moves_orders_on_by_itself() {
    let handle = providers::start(ProvidersConfig {
        progress_every: Some(Duration::from_millis(20)),
        ..ProvidersConfig::default()
    })
    .await
    .expect("starts");
    let sb = handle.sandbox();
    let a = sb.account(Provider::Printify);
    let id = sb.plant_order(Provider::Printify, &a);
    for _ in 0..500 {
        if sb
            .order(Provider::Printify, &id)
            .is_some_and(|o| o.tracking_number.is_some())
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the order never shipped");
}

mod mangotee {
    use super::*;

    fn order_body(reference: &str) -> Value {
        json!({
            "order_id": reference,
            "first_name": "Grace", "last_name": "Hopper", "email": "grace@example.com",
            "phone": "+1 555 0102", "address_line_1": "1 Navy Way", "address_line_2": "",
            "city": "Arlington", "state": "VA", "country": "US", "zip": "22201",
            "shipping_method": "standard",
            "items": [{
                "sku": "US1-G5000-BLK-M", "quantity": 1,
                "print_files": [
                    { "key": "front", "url": "https://cdn.example.com/f.png" },
                    { "key": "back", "url": "https://cdn.example.com/b.png" }
                ]
            }]
        })
    }

    struct Mgt {
        w: World,
        key: String,
    }

    impl Mgt {
        async fn start() -> Mgt {
            let w = World::start().await;
            let key = w.sb().account(Provider::MangoTee).api_key;
            Mgt { w, key }
        }

        fn req(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
            self.w
                .http
                .request(method, self.w.url(&format!("/mangotee{path}")))
                .header("X-API-Key", &self.key)
        }

        async fn get(&self, path: &str) -> Got {
            send(self.req(reqwest::Method::GET, path)).await
        }

        async fn post(&self, path: &str, body: Value) -> Got {
            send(self.req(reqwest::Method::POST, path).json(&body)).await
        }
    }

    #[tokio::test]
    async fn refuses_bad_credentials() {
        let m = Mgt::start().await;
        let got = send(
            m.w.http
                .get(m.w.url("/mangotee/orders"))
                .header("X-API-Key", "wrong"),
        )
        .await;
        assert_eq!(got.status, 401);
        assert_eq!(got.body["code"], "UNAUTHORIZED");
        // A Bearer token is not how MangoTee authenticates.
        let got = send(
            m.w.http
                .get(m.w.url("/mangotee/orders"))
                .bearer_auth(&m.key),
        )
        .await;
        assert_eq!(got.status, 401);
    }

    #[tokio::test]
    async fn serves_lines_products_and_variations() {
        let m = Mgt::start().await;
        let lines = m.get("/production-lines").await;
        assert_eq!(lines.body["code"], "SUCCESS");
        let codes: Vec<&str> = lines.body["data"]
            .as_array()
            .expect("list")
            .iter()
            .filter_map(|l| l["code"].as_str())
            .collect();
        assert!(codes.contains(&"US1") && codes.contains(&"FASTUS") && codes.contains(&"VNEMB"));
        assert!(lines.header("x-ratelimit-limit").is_some());

        let products = m.get("/products?limit=100&page=1").await;
        let items = products.body["data"]["items"].as_array().expect("items");
        let tee = items
            .iter()
            .find(|p| p["sku"] == "G5000" && p["production_line"] == "US1")
            .expect("the tee");
        assert!(
            items
                .iter()
                .any(|p| p["sku"].as_str().unwrap_or_default().starts_with("PROD-"))
        );
        let id = tee["id"].as_str().expect("id");
        let variations = m.get(&format!("/products/{id}/variations?limit=200")).await;
        let v = &variations.body["data"]["items"][1];
        assert_eq!(v["sku"], "US1-G5000-BLK-M");
        assert_eq!(v["size"], "M");
        assert!(v["base_cost"].as_f64() > Some(0.0));
        assert_eq!(m.get("/products?limit=101").await.status, 400);
        assert_eq!(m.get("/products/nope/variations").await.status, 404);
    }

    #[tokio::test]
    async fn creates_reads_and_lists_and_refuses_a_duplicate_order_id() {
        let m = Mgt::start().await;
        let created = m.post("/orders", order_body("fo-m1")).await;
        assert_eq!(created.status, 201, "{}", created.body);
        let order = &created.body["data"];
        assert_eq!(order["status"], "new_order");
        assert_eq!(order["order_id"], "fo-m1");
        assert!(order["items"][0]["base_cost"].as_f64() > Some(0.0));
        assert!(order.get("tracking_number").is_none());
        let id = order["id"].as_str().expect("id").to_owned();

        let by_id = m.get(&format!("/orders/{id}")).await;
        assert_eq!(by_id.body["data"]["id"], id.as_str());
        let by_ref = m.get("/orders/fo-m1").await;
        assert_eq!(by_ref.body["data"]["id"], id.as_str());
        let listed = m.get("/orders?order_id=fo-m1").await;
        assert_eq!(listed.body["data"]["total"], 1);
        let since = m.get("/orders?from_date=2000-01-01&limit=100").await;
        assert_eq!(since.body["data"]["items"][0]["id"], id.as_str());

        let again = m.post("/orders", order_body("fo-m1")).await;
        assert_eq!(again.status, 400);
        assert_eq!(again.body["code"], "VALIDATION_ERROR");
        assert!(
            again.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("order_id")
        );
        assert_eq!(count_ref(m.w.sb(), Provider::MangoTee, "fo-m1"), 1);

        let mut bad = order_body("fo-m2");
        bad["items"][0]["print_files"][0]["key"] = json!("left_wrist");
        let got = m.post("/orders", bad).await;
        assert!(
            got.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("items[0].print_files[0].key")
        );
        let mut bad = order_body("fo-m2");
        bad["shipping_method"] = json!("by_tiktok");
        let got = m.post("/orders", bad).await;
        assert!(
            got.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("label_url")
        );
        assert_eq!(m.get("/orders/nope").await.status, 404);
    }

    #[tokio::test]
    async fn cancels_a_new_order_and_refuses_in_production() {
        let m = Mgt::start().await;
        m.post("/orders", order_body("fo-mc1")).await;
        let cancelled = m.post("/orders/fo-mc1/cancel", json!({})).await;
        assert_eq!(cancelled.status, 200);
        assert_eq!(cancelled.body["data"]["status"], "cancelled");

        let id = m.post("/orders", order_body("fo-mc2")).await.body["data"]["id"]
            .as_str()
            .expect("id")
            .to_owned();
        assert!(m.w.sb().advance(Provider::MangoTee, &id));
        let refused = m.post(&format!("/orders/{id}/cancel"), json!({})).await;
        assert_eq!(refused.status, 400);
        assert!(
            refused.body["message"]
                .as_str()
                .unwrap_or_default()
                .contains("in_production")
        );
        let put = send(
            m.req(reqwest::Method::PUT, &format!("/orders/{id}"))
                .json(&json!({ "note": "late" })),
        )
        .await;
        assert_eq!(put.status, 400);
    }

    #[tokio::test]
    async fn ships_with_tracking_and_sends_signed_webhooks() {
        let m = Mgt::start().await;
        let rx = Receiver::start().await;
        let hook = m.post("/webhooks", json!({ "url": rx.url })).await;
        assert_eq!(hook.status, 201);
        let secret = hook.body["data"]["secret"]
            .as_str()
            .expect("a secret")
            .to_owned();
        let listed = m.get("/webhooks").await;
        assert!(listed.body["data"][0].get("secret").is_none());

        let id = m.post("/orders", order_body("fo-ms")).await.body["data"]["id"]
            .as_str()
            .expect("id")
            .to_owned();
        assert!(m.w.sb().advance_to(Provider::MangoTee, &id, "shipped"));
        let order = m.get(&format!("/orders/{id}")).await;
        assert_eq!(order.body["data"]["carrier"], "USPS");
        assert_eq!(order.body["data"]["tracking_status"], "in_transit");
        assert!(
            order.body["data"]["tracking_url"]
                .as_str()
                .unwrap_or_default()
                .starts_with("https://")
        );

        let (headers, raw, body) = rx.wait_for(|v| v["event"] == "order.shipment").await;
        assert_eq!(body["data"]["order_id"], "fo-ms");
        assert_eq!(
            body["data"]["tracking"]["tracking_number"],
            order.body["data"]["tracking_number"]
        );
        assert_eq!(
            headers.get("x-signature").and_then(|v| v.to_str().ok()),
            Some(hmac_hex(&secret, &raw).as_str())
        );
        rx.wait_for(|v| v["event"] == "order.status" && v["data"]["status"] == "new_order")
            .await;

        assert!(m.w.sb().advance(Provider::MangoTee, &id));
        let order = m.get(&format!("/orders/{id}")).await;
        assert_eq!(order.body["data"]["status"], "shipped");
        assert_eq!(order.body["data"]["tracking_status"], "delivered");

        let forged =
            m.w.sb()
                .resend_webhooks(Provider::MangoTee, &id, true)
                .await;
        assert!(!forged.is_empty());
        assert!(
            forged
                .iter()
                .all(|d| !d.signed && d.http_status == Some(200))
        );
    }

    #[tokio::test]
    async fn rate_limits_at_ten_a_second() {
        let m = Mgt::start().await;
        let mut throttled = None;
        for _ in 0..60 {
            let got = m.get("/production-lines").await;
            if got.status == 429 {
                throttled = Some(got);
                break;
            }
        }
        let got = throttled.expect("a 429");
        assert_eq!(got.body["code"], "RATE_LIMIT_EXCEEDED");
        assert_eq!(got.header("x-ratelimit-remaining"), Some("0"));
        assert!(got.header("x-ratelimit-reset").is_some());
    }

    #[tokio::test]
    async fn injected_faults_show_in_the_ledger() {
        let m = Mgt::start().await;
        let sb = m.w.sb();
        sb.set_faults(Some(Provider::MangoTee), faults(0.0, 0.0, 1.0));
        let lost = m.post("/orders", order_body("fo-mf")).await;
        assert_eq!(lost.status, 500);
        assert_eq!(lost.body["code"], "INTERNAL_ERROR");
        let e = last_entry(sb, Provider::MangoTee);
        assert_eq!(e.fault, Some(Fault::FailAfterWrite));
        assert_eq!(e.reference.as_deref(), Some("fo-mf"));
        sb.set_faults(Some(Provider::MangoTee), faults(1.0, 0.0, 0.0));
        assert_eq!(m.post("/orders", order_body("fo-mf")).await.status, 500);
        assert_eq!(last_entry(sb, Provider::MangoTee).fault, Some(Fault::Error));
        assert_eq!(
            last_entry(sb, Provider::MangoTee).reference.as_deref(),
            Some("fo-mf")
        );
        sb.set_faults(None, Faults::default());
        assert_eq!(m.post("/orders", order_body("fo-mf")).await.status, 400);
        assert_eq!(m.get("/orders/fo-mf").await.status, 200);
        assert_eq!(count_ref(sb, Provider::MangoTee, "fo-mf"), 1);
    }
}

mod hmfulfill {
    use super::*;

    fn order_body(reference: &str) -> Value {
        json!({
            "external_id": reference,
            "shipping_method": "standard",
            "address": {
                "name": "Alan Turing", "address1": "2 Bletchley Rd", "address2": "",
                "city": "Austin", "state": "TX", "zip": "73301", "country": "US",
                "phone": "+1 555 0103", "email": "alan@example.com"
            },
            "items": [{
                "sku": "HM-G18500-NVY-L", "quantity": 1,
                "print_files": [{ "position": "front", "url": "https://cdn.example.com/f.png" }],
                "mockup_url": "https://cdn.example.com/m.png"
            }]
        })
    }

    struct Hmf {
        w: World,
        key: String,
    }

    impl Hmf {
        async fn start() -> Hmf {
            let w = World::start().await;
            let key = w.sb().account(Provider::HmFulfill).api_key;
            Hmf { w, key }
        }

        async fn get(&self, path: &str) -> Got {
            send(
                self.w
                    .http
                    .get(self.w.url(&format!("/hmfulfill/v1{path}")))
                    .header("X-API-Key", &self.key),
            )
            .await
        }

        async fn post(&self, path: &str, body: Value) -> Got {
            send(
                self.w
                    .http
                    .post(self.w.url(&format!("/hmfulfill/v1{path}")))
                    .header("X-API-Key", &self.key)
                    .json(&body),
            )
            .await
        }
    }

    #[tokio::test]
    async fn refuses_bad_credentials_and_serves_the_catalogue() {
        let h = Hmf::start().await;
        let got = send(h.w.http.get(h.w.url("/hmfulfill/v1/products"))).await;
        assert_eq!(got.status, 401);
        assert_eq!(got.body["error"]["code"], "UNAUTHORIZED");
        let products = h.get("/products").await;
        let list = products.body.as_array().expect("a bare array");
        let hoodie = list
            .iter()
            .find(|p| p["sku"] == "HM-G18500-NVY-L")
            .expect("hoodie");
        assert_eq!(hoodie["product_line"], "apparel");
        assert!(hoodie["base_cost"].as_f64() > Some(0.0));
        assert!(
            hoodie["print_positions"]
                .as_array()
                .expect("positions")
                .iter()
                .any(|p| p == "hood")
        );
    }

    #[tokio::test]
    async fn creates_reads_lists_and_answers_409_with_the_existing_id() {
        let h = Hmf::start().await;
        let created = h.post("/orders", order_body("fo-h1")).await;
        assert_eq!(created.status, 201, "{}", created.body);
        assert_eq!(created.body["status"], "pending");
        assert_eq!(created.body["currency"], "USD");
        assert!(created.body["total_cost"].as_f64() > Some(0.0));
        let id = created.body["id"].as_str().expect("id").to_owned();

        let read = h.get(&format!("/orders/{id}")).await;
        assert_eq!(read.body["external_id"], "fo-h1");
        assert!(read.body.get("tracking").is_none());
        let list = h.get("/orders?status=pending&page=1&limit=10").await;
        assert_eq!(list.body["total"], 1);
        assert_eq!(list.body["page"], 1);
        assert_eq!(list.body["data"][0]["id"], id.as_str());

        let dup = h.post("/orders", order_body("fo-h1")).await;
        assert_eq!(dup.status, 409);
        assert_eq!(dup.body["error"]["id"], id.as_str());
        assert_eq!(count_ref(h.w.sb(), Provider::HmFulfill, "fo-h1"), 1);

        let mut bad = order_body("fo-h2");
        bad["address"]["zip"] = json!("");
        let got = h.post("/orders", bad).await;
        assert_eq!(got.status, 422);
        assert_eq!(got.body["error"]["fields"]["address.zip"], "is required");
        let mut bad = order_body("fo-h2");
        bad["items"][0]["print_files"][0]["position"] = json!("hood");
        bad["items"][0]["sku"] = json!("HM-G5000-BLK-M");
        let got = h.post("/orders", bad).await;
        assert!(
            got.body["error"]["fields"]
                .get("items[0].print_files[0].position")
                .is_some()
        );
    }

    #[tokio::test]
    async fn cancels_pending_and_refuses_in_production() {
        let h = Hmf::start().await;
        let a = h.post("/orders", order_body("fo-hc1")).await.body["id"]
            .as_str()
            .expect("id")
            .to_owned();
        let ok = h.post(&format!("/orders/{a}/cancel"), json!({})).await;
        assert_eq!(ok.body["status"], "cancelled");
        let b = h.post("/orders", order_body("fo-hc2")).await.body["id"]
            .as_str()
            .expect("id")
            .to_owned();
        h.w.sb().advance(Provider::HmFulfill, &b);
        let refused = h.post(&format!("/orders/{b}/cancel"), json!({})).await;
        assert_eq!(refused.status, 409);
        assert_eq!(refused.body["error"]["status"], "in_production");
    }

    #[tokio::test]
    async fn ships_and_delivers_with_signed_webhooks() {
        let h = Hmf::start().await;
        let rx = Receiver::start().await;
        let account = h.w.sb().account(Provider::HmFulfill);
        h.w.sb()
            .set_webhook(Provider::HmFulfill, &account, &rx.url, "hm-secret");
        let id = h.post("/orders", order_body("fo-hs")).await.body["id"]
            .as_str()
            .expect("id")
            .to_owned();
        assert!(h.w.sb().advance_to(Provider::HmFulfill, &id, "shipped"));
        let read = h.get(&format!("/orders/{id}")).await;
        assert_eq!(read.body["tracking"]["carrier"], "USPS");
        let (headers, raw, body) = rx
            .wait_for(|v| v["event"] == "order.shipment" && v["status"] == "shipped")
            .await;
        assert_eq!(body["external_id"], "fo-hs");
        assert_eq!(body["tracking"]["number"], read.body["tracking"]["number"]);
        assert_eq!(
            headers.get("x-signature").and_then(|v| v.to_str().ok()),
            Some(hmac_hex("hm-secret", &raw).as_str())
        );
        assert!(h.w.sb().advance(Provider::HmFulfill, &id));
        assert_eq!(
            h.get(&format!("/orders/{id}")).await.body["status"],
            "delivered"
        );
        rx.wait_for(|v| v["status"] == "delivered").await;
    }

    #[tokio::test]
    async fn rate_limits_with_retry_after_and_ledgers_faults() {
        let h = Hmf::start().await;
        let mut throttled = None;
        for _ in 0..60 {
            let got = h.get("/products").await;
            if got.status == 429 {
                throttled = Some(got);
                break;
            }
        }
        let got = throttled.expect("a 429");
        assert!(got.header("retry-after").is_some());
        assert_eq!(got.body["error"]["code"], "RATE_LIMITED");

        let sb = h.w.sb();
        sb.set_rate_limits(false);
        sb.set_faults(Some(Provider::HmFulfill), faults(0.0, 0.0, 1.0));
        assert_eq!(h.post("/orders", order_body("fo-hf")).await.status, 500);
        let e = last_entry(sb, Provider::HmFulfill);
        assert_eq!(e.fault, Some(Fault::FailAfterWrite));
        let made = e.order_id.expect("made");
        sb.set_faults(None, Faults::default());
        let dup = h.post("/orders", order_body("fo-hf")).await;
        assert_eq!(dup.body["error"]["id"], made.as_str());
    }
}

mod gearment {
    use super::*;

    fn order_body(reference: &str) -> Value {
        json!({ "data": {
            "reference_id": reference,
            "platform": "MARKETPLACE_PLATFORM_TIKTOK",
            "shipping_method": "METHOD_STANDARD",
            "address": {
                "first_name": "Katherine", "last_name": "Johnson", "street_1": "3 Langley Blvd",
                "city": "Hampton", "state_code": "VA", "zip_code": "23666",
                "country_code": "US", "phone_no": "+1 555 0104", "email": "kj@example.com"
            },
            "line_items": [{
                "variant_id": "GM0002000001", "quantity": 1,
                "printing_options": [{ "location_code": "PRINT_LOCATION_CODE_FRONT", "url": "https://cdn.example.com/f.png" }]
            }]
        }})
    }

    struct Gm {
        w: World,
        key: String,
        secret: String,
    }

    impl Gm {
        async fn start() -> Gm {
            let w = World::start().await;
            let a = w.sb().account(Provider::Gearment);
            Gm {
                key: a.api_key.clone(),
                secret: a.api_secret.clone().expect("a secret"),
                w,
            }
        }

        fn req(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
            self.w
                .http
                .request(method, self.w.url(&format!("/gearment/api/v3{path}")))
                .header("X-Gearment-Client-Key", &self.key)
                .header("X-Gearment-Client-Secret", &self.secret)
        }

        async fn get(&self, path: &str) -> Got {
            send(self.req(reqwest::Method::GET, path)).await
        }

        async fn post(&self, path: &str, body: Value) -> Got {
            send(self.req(reqwest::Method::POST, path).json(&body)).await
        }
    }

    #[tokio::test]
    async fn refuses_bad_credentials_and_serves_the_catalogue() {
        let g = Gm::start().await;
        let got = send(
            g.w.http
                .get(g.w.url("/gearment/api/v3/catalog"))
                .header("X-Gearment-Client-Key", &g.key)
                .header("X-Gearment-Client-Secret", "wrong"),
        )
        .await;
        assert_eq!(got.status, 401);
        assert_eq!(got.body["status"], "error");

        let catalog = g.get("/catalog?paging.page=1&paging.limit=10").await;
        assert_eq!(catalog.body["status"], "success");
        assert_eq!(catalog.body["paging"]["page"], 1);
        let tee = &catalog.body["data"][0];
        assert_eq!(tee["product_code"], "G5000");
        assert_eq!(tee["variants"][1]["variant_id"], "GM0002000001");
        assert!(
            tee["print_locations"]
                .as_array()
                .expect("locations")
                .iter()
                .any(|l| l == "PRINT_LOCATION_CODE_BACK")
        );
        let stock = g
            .get("/catalog/variants/stock?filter.sizes=M&filter.color_codes=%23000000")
            .await;
        let rows = stock.body["data"].as_array().expect("rows");
        assert!(!rows.is_empty());
        assert!(
            rows.iter()
                .all(|v| v["size"] == "M" && v["color_name"] == "Black")
        );
        let variants = g.get("/catalog/variants?filter.product_codes=MUG11").await;
        assert_eq!(variants.body["paging"]["total"], 1);
    }

    #[tokio::test]
    async fn creates_reads_lists_and_answers_409_with_the_order_made_before() {
        let g = Gm::start().await;
        let created = g.post("/orders/draft", order_body("fo-g1")).await;
        assert_eq!(created.status, 200, "{}", created.body);
        let data = &created.body["data"];
        assert_eq!(data["status"], "VENDOR_ORDER_DRAFT_STATUS_CHECKED_OUT");
        assert!(data["order_total"].as_f64() > Some(0.0));
        let id = data["order_id"].as_str().expect("id").to_owned();

        let order = g.get(&format!("/orders/{id}")).await;
        assert_eq!(
            order.body["data"]["order_status"],
            "VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT"
        );
        assert_eq!(order.body["data"]["reference_id"], "fo-g1");
        assert!(order.body["data"].get("tracking_no").is_none());
        let draft = g.get(&format!("/orders/draft/{id}")).await;
        assert_eq!(draft.body["data"]["order_id"], id.as_str());
        let list = g
            .get("/orders?filter.created_at_min=2000-01-01T00:00:00Z&filter.statuses=VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT&paging.limit=50")
            .await;
        assert_eq!(list.body["paging"]["total"], 1);
        assert_eq!(list.body["data"][0]["order_id"], id.as_str());

        let dup = g.post("/orders/draft", order_body("fo-g1")).await;
        assert_eq!(dup.status, 409);
        assert_eq!(dup.body["data"]["order_id"], id.as_str());
        assert_eq!(count_ref(g.w.sb(), Provider::Gearment, "fo-g1"), 1);

        let unwrapped = g
            .post("/orders/draft", order_body("fo-g2")["data"].clone())
            .await;
        assert_eq!(unwrapped.status, 400);
        assert!(
            unwrapped.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("data")
        );
        let mut bad = order_body("fo-g2");
        bad["data"]["address"]["zip_code"] = json!("");
        let got = g.post("/orders/draft", bad).await;
        assert!(
            got.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("address.zip_code")
        );
        let mut bad = order_body("fo-g2");
        bad["data"]["line_items"][0]["printing_options"][0]["location_code"] =
            json!("PRINT_LOCATION_CODE_HOOD");
        let got = g.post("/orders/draft", bad).await;
        assert!(
            got.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("line_items[0].printing_options[0].location_code")
        );
        let quote = g.post("/orders/price", order_body("fo-g3")).await;
        assert!(quote.body["data"]["order_total"].as_f64() > Some(0.0));
        assert_eq!(count_ref(g.w.sb(), Provider::Gearment, "fo-g3"), 0);
    }

    #[tokio::test]
    async fn cancels_awaiting_fulfilment_and_refuses_in_production() {
        let g = Gm::start().await;
        let a = g.post("/orders/draft", order_body("fo-gc1")).await.body["data"]["order_id"]
            .as_str()
            .expect("id")
            .to_owned();
        let ok = g.post(&format!("/orders/{a}/cancel"), json!({})).await;
        assert_eq!(
            ok.body["data"]["order_status"],
            "VENDOR_ORDER_STATUS_CANCELLED"
        );
        let b = g.post("/orders/draft", order_body("fo-gc2")).await.body["data"]["order_id"]
            .as_str()
            .expect("id")
            .to_owned();
        g.w.sb().advance(Provider::Gearment, &b);
        let refused = g.post(&format!("/orders/{b}/cancel"), json!({})).await;
        assert_eq!(refused.status, 400);
        assert!(
            refused.body["message"]
                .as_str()
                .unwrap_or_default()
                .contains("VENDOR_ORDER_STATUS_IN_PRODUCTION")
        );
    }

    #[tokio::test]
    async fn ships_with_tracking_and_sends_a_signed_webhook() {
        let g = Gm::start().await;
        let rx = Receiver::start().await;
        let hook = g
            .post("/webhooks", json!({ "url": rx.url, "secret": "gm-secret" }))
            .await;
        assert_eq!(hook.status, 200);
        let id = g.post("/orders/draft", order_body("fo-gs")).await.body["data"]["order_id"]
            .as_str()
            .expect("id")
            .to_owned();
        assert!(
            g.w.sb()
                .advance_to(Provider::Gearment, &id, "VENDOR_ORDER_STATUS_SHIPPED")
        );
        let order = g.get(&format!("/orders/{id}")).await;
        let tracking = &order.body["data"]["order_trackings"][0];
        assert_eq!(tracking["carrier"], "USPS");
        assert_eq!(order.body["data"]["tracking_no"], tracking["tracking_no"]);
        let (headers, raw, body) = rx.wait_for(|v| v["type"] == "order_tracking_updated").await;
        assert_eq!(body["order"]["vendor_id"], "fo-gs");
        assert_eq!(body["order"]["tracking_no"], tracking["tracking_no"]);
        assert_eq!(
            headers.get("x-signature").and_then(|v| v.to_str().ok()),
            Some(hmac_hex("gm-secret", &raw).as_str())
        );
        let hooks = g.get("/webhooks").await;
        let hook_id = hooks.body["data"][0]["webhook_id"]
            .as_str()
            .expect("id")
            .to_owned();
        let gone = send(g.req(reqwest::Method::DELETE, &format!("/webhooks/{hook_id}"))).await;
        assert_eq!(gone.status, 200);
    }

    #[tokio::test]
    async fn blocks_for_a_minute_past_100_calls_in_10_seconds() {
        let g = Gm::start().await;
        let mut ok = 0;
        let mut throttled = None;
        for _ in 0..150 {
            let got = g.get("/webhooks").await;
            if got.status == 429 {
                throttled = Some(got);
                break;
            }
            ok += 1;
        }
        let got = throttled.expect("a 429");
        assert_eq!(ok, 100);
        assert_eq!(got.body["error"]["code"], 429);
        let wait: u64 = got
            .header("retry-after")
            .and_then(|v| v.parse().ok())
            .expect("Retry-After");
        assert!(wait > 50, "blocked for about a minute, not {wait}s");
        assert_eq!(g.get("/webhooks").await.status, 429);
    }

    #[tokio::test]
    async fn injected_faults_show_in_the_ledger() {
        let g = Gm::start().await;
        let sb = g.w.sb();
        sb.set_faults(Some(Provider::Gearment), faults(0.0, 1.0, 0.0));
        let got = g.get("/catalog").await;
        assert_eq!(got.status, 429);
        assert_eq!(got.header("retry-after"), Some("1"));
        sb.set_faults(Some(Provider::Gearment), faults(0.0, 0.0, 1.0));
        assert_eq!(
            g.post("/orders/draft", order_body("fo-gf")).await.status,
            500
        );
        let e = last_entry(sb, Provider::Gearment);
        assert_eq!(e.fault, Some(Fault::FailAfterWrite));
        assert_eq!(e.reference.as_deref(), Some("fo-gf"));
        sb.set_faults(None, Faults::default());
        let dup = g.post("/orders/draft", order_body("fo-gf")).await;
        assert_eq!(dup.status, 409);
        assert_eq!(dup.body["data"]["order_id"].as_str(), e.order_id.as_deref());
    }
}

mod merchize {
    use super::*;

    fn order_body(reference: &str) -> Value {
        json!({
            "order_id": reference,
            "identifier": "TT-5768123400002",
            "shipping_info": {
                "full_name": "Margaret Hamilton", "address_1": "4 Apollo St", "address_2": "",
                "city": "Boston", "state": "MA", "postcode": "02110", "country": "US",
                "email": "mh@example.com", "phone": "+1 555 0105"
            },
            "items": [{
                "name": "Moonshot Tee", "quantity": 1, "price": 24.99,
                "image": "https://cdn.example.com/mock.png",
                "design_front": "https://cdn.example.com/f.png",
                "design_back": "https://cdn.example.com/b.png",
                "attributes": [
                    { "name": "product", "option": "TEE-G5000" },
                    { "name": "Color", "option": "Navy" },
                    { "name": "Size", "option": "XL" }
                ]
            }]
        })
    }

    struct Mz {
        w: World,
        token: String,
        base: String,
    }

    impl Mz {
        async fn start() -> Mz {
            let w = World::start().await;
            let a = w.sb().account(Provider::Merchize);
            Mz {
                token: a.api_key.clone(),
                base: a.base_path.clone().expect("a tenant path"),
                w,
            }
        }

        async fn get(&self, path: &str) -> Got {
            send(
                self.w
                    .http
                    .get(self.w.url(&format!("{}{path}", self.base)))
                    .bearer_auth(&self.token),
            )
            .await
        }

        async fn post(&self, path: &str, body: Value) -> Got {
            send(
                self.w
                    .http
                    .post(self.w.url(&format!("{}{path}", self.base)))
                    .header("x-api-key", &self.token)
                    .json(&body),
            )
            .await
        }
    }

    #[tokio::test]
    async fn refuses_bad_credentials_other_tenants_and_unknown_stores() {
        let m = Mz::start().await;
        assert_eq!(m.base, "/merchize/acme/bo-api");
        let got = send(
            m.w.http
                .get(m.w.url(&format!("{}/product/products", m.base)))
                .bearer_auth("nope"),
        )
        .await;
        assert_eq!(got.status, 401);
        assert_eq!(got.body["success"], false);
        let other = m.w.sb().add_account(Provider::Merchize);
        let got = send(
            m.w.http
                .get(m.w.url(&format!("{}/product/products", m.base)))
                .bearer_auth(&other.api_key),
        )
        .await;
        assert_eq!(got.status, 401, "a token opens its own tenant only");
        let got = send(
            m.w.http
                .get(m.w.url("/merchize/nobody/bo-api/product/products"))
                .bearer_auth(&m.token),
        )
        .await;
        assert_eq!(got.status, 404);
    }

    #[tokio::test]
    async fn serves_products_and_artworks() {
        let m = Mz::start().await;
        let products = m.get("/product/products?limit=100&page=1").await;
        assert_eq!(products.body["success"], true);
        assert_eq!(products.body["data"]["pages"], 1);
        let hoodie = products.body["data"]["products"]
            .as_array()
            .expect("products")
            .iter()
            .find(|p| p["sku"] == "HOODIE-G18500")
            .expect("hoodie")
            .clone();
        assert!(
            hoodie["sides"]
                .as_array()
                .expect("sides")
                .iter()
                .any(|s| s == "hood")
        );
        assert!(hoodie["variants"][0]["base_cost"].as_f64() > Some(0.0));
        let art = m
            .get(&format!(
                "/artwork/artworks?product={}",
                hoodie["_id"].as_str().expect("id")
            ))
            .await;
        assert!(
            art.body["data"]
                .as_array()
                .expect("artworks")
                .iter()
                .any(|a| a["side"] == "hood")
        );
    }

    #[tokio::test]
    async fn creates_reads_lists_and_makes_a_second_order_for_a_repeated_order_id() {
        let m = Mz::start().await;
        let created = m.post("/order/external/orders", order_body("fo-z1")).await;
        assert_eq!(created.status, 200, "{}", created.body);
        let data = &created.body["data"];
        assert_eq!(data["status"], "pending");
        assert_eq!(data["order_progress"][0]["status"], "done");
        assert_eq!(data["order_progress"][1]["status"], "pending");
        let id = data["_id"].as_str().expect("id").to_owned();
        let code = data["code"].as_str().expect("code").to_owned();

        assert_eq!(
            m.get(&format!("/order/external/orders/{id}")).await.body["data"]["_id"],
            id.as_str()
        );
        assert_eq!(
            m.get(&format!("/order/external/orders/{code}")).await.body["data"]["_id"],
            id.as_str()
        );
        let found = m.get("/order/external/orders?order_id=fo-z1").await;
        assert_eq!(found.body["data"]["total"], 1);
        let since = m
            .get("/order/external/orders?created_from=2000-01-01")
            .await;
        assert_eq!(since.body["data"]["orders"][0]["_id"], id.as_str());

        // Merchize takes no idempotency key: clients look up before they create.
        let again = m.post("/order/external/orders", order_body("fo-z1")).await;
        assert_eq!(again.status, 200);
        assert_eq!(count_ref(m.w.sb(), Provider::Merchize, "fo-z1"), 2);

        let mut bad = order_body("fo-z2");
        bad["items"][0]["design_hood"] = json!("https://cdn.example.com/h.png");
        let got = m.post("/order/external/orders", bad).await;
        assert_eq!(got.status, 400);
        assert!(
            got.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("items[0].design_hood")
        );
        let mut bad = order_body("fo-z2");
        bad["shipping_info"]["postcode"] = json!("");
        let got = m.post("/order/external/orders", bad).await;
        assert!(
            got.body["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with("shipping_info.postcode")
        );
    }

    #[tokio::test]
    async fn cancels_pending_and_refuses_processing() {
        let m = Mz::start().await;
        let a = m
            .post("/order/external/orders", order_body("fo-zc1"))
            .await
            .body["data"]["_id"]
            .as_str()
            .expect("id")
            .to_owned();
        let ok = m
            .post(&format!("/order/external/orders/{a}/cancel"), json!({}))
            .await;
        assert_eq!(ok.body["data"]["status"], "cancelled");
        let b = m
            .post("/order/external/orders", order_body("fo-zc2"))
            .await
            .body["data"]["_id"]
            .as_str()
            .expect("id")
            .to_owned();
        m.w.sb().advance(Provider::Merchize, &b);
        let refused = m
            .post(&format!("/order/external/orders/{b}/cancel"), json!({}))
            .await;
        assert_eq!(refused.status, 409);
        assert!(
            refused.body["message"]
                .as_str()
                .unwrap_or_default()
                .contains("processing")
        );
    }

    #[tokio::test]
    async fn ships_with_tracking_and_sends_a_signed_webhook() {
        let m = Mz::start().await;
        let rx = Receiver::start().await;
        let account = m.w.sb().account(Provider::Merchize);
        m.w.sb()
            .set_webhook(Provider::Merchize, &account, &rx.url, "mz-secret");
        let id = m
            .post("/order/external/orders", order_body("fo-zs"))
            .await
            .body["data"]["_id"]
            .as_str()
            .expect("id")
            .to_owned();
        rx.wait_for(|v| v["event"] == "order_created").await;
        assert!(m.w.sb().advance_to(Provider::Merchize, &id, "shipped"));
        let order = m.get(&format!("/order/external/orders/{id}")).await;
        assert_eq!(order.body["data"]["tracking_company"], "USPS");
        let (headers, raw, body) = rx.wait_for(|v| v["event"] == "order_tracking").await;
        assert_eq!(body["resource"]["order_id"], "fo-zs");
        assert_eq!(
            body["resource"]["tracking_number"],
            order.body["data"]["tracking_number"]
        );
        assert_eq!(
            headers.get("x-signature").and_then(|v| v.to_str().ok()),
            Some(hmac_hex("mz-secret", &raw).as_str())
        );
        let (_, _, progress) = rx
            .wait_for(|v| v["event"] == "order_progress" && v["resource"]["status"] == "shipped")
            .await;
        assert_eq!(progress["resource"]["order_progress"][2]["status"], "done");
    }

    #[tokio::test]
    async fn rate_limits_and_ledgers_faults() {
        let m = Mz::start().await;
        let mut throttled = None;
        for _ in 0..60 {
            let got = m.get("/product/products").await;
            if got.status == 429 {
                throttled = Some(got);
                break;
            }
        }
        assert!(throttled.expect("a 429").header("retry-after").is_some());
        let sb = m.w.sb();
        sb.set_rate_limits(false);
        sb.set_faults(Some(Provider::Merchize), faults(0.0, 0.0, 1.0));
        assert_eq!(
            m.post("/order/external/orders", order_body("fo-zf"))
                .await
                .status,
            500
        );
        let e = last_entry(sb, Provider::Merchize);
        assert_eq!(e.fault, Some(Fault::FailAfterWrite));
        sb.set_faults(None, Faults::default());
        // The look-up a client makes before creating again finds it.
        let found = m.get("/order/external/orders?order_id=fo-zf").await;
        assert_eq!(
            found.body["data"]["orders"][0]["_id"].as_str(),
            e.order_id.as_deref()
        );
        assert_eq!(
            last_entry(sb, Provider::Merchize).reference.as_deref(),
            Some("fo-zf")
        );
    }
}

mod lenful {
    use super::*;

    fn order_body(reference: &str) -> Value {
        json!({
            "order_number": reference,
            "first_name": "Hedy", "last_name": "Lamarr", "country_code": "US",
            "province": "CA", "city": "Los Angeles", "zip": "90001",
            "address_1": "5 Frequency Ln", "address_2": "",
            "items": [{
                "product_sku": "LF-G5000-WHT-S", "design_sku": "hedy-front", "quantity": 3,
                "mockups": ["https://cdn.example.com/m.png"],
                "designs": [{ "position": 1, "link": "https://cdn.example.com/f.png" }],
                "shippings": [1]
            }]
        })
    }

    struct Lf {
        w: World,
        token: String,
        shop: String,
    }

    impl Lf {
        async fn start() -> Lf {
            let w = World::start().await;
            let a = w.sb().account(Provider::Lenful);
            let login = send(
                w.http
                    .post(w.url("/lenful/seller/login"))
                    .header("content-type", "application/x-www-form-urlencoded")
                    .body(form(&[
                        ("user_name", a.api_key.as_str()),
                        ("password", a.api_secret.as_deref().unwrap_or_default()),
                    ])),
            )
            .await;
            assert_eq!(login.status, 200, "{}", login.body);
            Lf {
                token: login.body["access_token"]
                    .as_str()
                    .expect("token")
                    .to_owned(),
                shop: a.shop_id.clone().expect("a shop"),
                w,
            }
        }

        async fn get(&self, path: &str) -> Got {
            send(
                self.w
                    .http
                    .get(self.w.url(&format!("/lenful{path}")))
                    .bearer_auth(&self.token),
            )
            .await
        }

        async fn post(&self, path: &str, body: Value) -> Got {
            send(
                self.w
                    .http
                    .post(self.w.url(&format!("/lenful{path}")))
                    .bearer_auth(&self.token)
                    .json(&body),
            )
            .await
        }
    }

    #[tokio::test]
    async fn refuses_a_wrong_password_and_an_unknown_token() {
        let w = World::start().await;
        let a = w.sb().account(Provider::Lenful);
        let got = send(
            w.http
                .post(w.url("/lenful/seller/login"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(form(&[
                    ("user_name", a.api_key.as_str()),
                    ("password", "wrong"),
                ])),
        )
        .await;
        assert_eq!(got.status, 401);
        assert!(got.body.get("access_token").is_none());
        let got = send(
            w.http
                .get(w.url("/lenful/product/list"))
                .bearer_auth("not-a-token"),
        )
        .await;
        assert_eq!(got.status, 401);
        let got = send(
            w.http
                .post(w.url("/lenful/seller/login"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(form(&[("user_name", "x")])),
        )
        .await;
        assert_eq!(got.status, 422);
        assert!(got.body["errors"].get("password").is_some());
    }

    #[tokio::test]
    async fn serves_products() {
        let l = Lf::start().await;
        let products = l.get("/product/list?page=1&limit=100").await;
        let list = products.body["data"].as_array().expect("products");
        let tee = &list[0];
        assert_eq!(tee["variants"][0]["product_sku"], "LF-G5000-BLK-S");
        assert!(
            tee["print_positions"]
                .as_array()
                .expect("positions")
                .iter()
                .any(|p| p["position"] == 2)
        );
        assert!(tee["variants"][0]["base_cost"].as_f64() > Some(0.0));
    }

    #[tokio::test]
    async fn creates_reads_lists_and_makes_a_second_order_for_a_repeated_number() {
        let l = Lf::start().await;
        let created = l
            .post(&format!("/order/{}/create", l.shop), order_body("fo-l1"))
            .await;
        assert_eq!(created.status, 200, "{}", created.body);
        let data = &created.body["data"];
        assert_eq!(data["status"], "pending");
        assert!(data["total_price"].as_f64() > Some(0.0));
        let id = data["id"].as_str().expect("id").to_owned();

        let read = l.get(&format!("/order/{}/{id}", l.shop)).await;
        assert_eq!(read.body["data"]["order_number"], "fo-l1");
        assert_eq!(read.body["data"]["tracking_numbers"], json!([]));
        let day = |offset: i64| {
            (chrono::Utc::now() + chrono::Duration::days(offset))
                .format("%Y-%m-%d")
                .to_string()
        };
        let list = l
            .post(
                "/order/list?page=1&limit=10&fields=id,order_number,payment_status,total_price,status&sort_by=create_date_desc",
                json!({ "from_date": day(-1), "to_date": day(1) }),
            )
            .await;
        let row = &list.body["data"][0];
        assert_eq!(row["id"], id.as_str());
        assert_eq!(row["order_number"], "fo-l1");
        assert!(row.get("items").is_none(), "only the asked fields");

        let again = l
            .post(&format!("/order/{}/create", l.shop), order_body("fo-l1"))
            .await;
        assert_eq!(again.status, 200);
        assert_eq!(count_ref(l.w.sb(), Provider::Lenful, "fo-l1"), 2);

        let other_shop = l.post("/order/999999/create", order_body("fo-l2")).await;
        assert_eq!(other_shop.status, 404);
        let mut bad = order_body("fo-l2");
        bad["items"][0]["designs"][0]["position"] = json!(0);
        let got = l.post(&format!("/order/{}/create", l.shop), bad).await;
        assert_eq!(got.status, 422);
        assert!(
            got.body["errors"]
                .get("items.0.designs.0.position")
                .is_some()
        );
    }

    #[tokio::test]
    async fn cancels_pending_and_refuses_in_production() {
        let l = Lf::start().await;
        let a = l
            .post(&format!("/order/{}/create", l.shop), order_body("fo-lc1"))
            .await
            .body["data"]["id"]
            .as_str()
            .expect("id")
            .to_owned();
        let ok = l
            .post(&format!("/order/{}/{a}/cancel", l.shop), json!({}))
            .await;
        assert_eq!(ok.body["data"]["status"], "cancelled");
        let b = l
            .post(&format!("/order/{}/create", l.shop), order_body("fo-lc2"))
            .await
            .body["data"]["id"]
            .as_str()
            .expect("id")
            .to_owned();
        l.w.sb().advance(Provider::Lenful, &b);
        let refused = l
            .post(&format!("/order/{}/{b}/cancel", l.shop), json!({}))
            .await;
        assert_eq!(refused.status, 409);
        assert!(
            refused.body["message"]
                .as_str()
                .unwrap_or_default()
                .contains("in_production")
        );
    }

    #[tokio::test]
    async fn ships_with_tracking_and_sends_a_signed_webhook() {
        let l = Lf::start().await;
        let rx = Receiver::start().await;
        let account = l.w.sb().account(Provider::Lenful);
        l.w.sb()
            .set_webhook(Provider::Lenful, &account, &rx.url, "lf-secret");
        let id = l
            .post(&format!("/order/{}/create", l.shop), order_body("fo-ls"))
            .await
            .body["data"]["id"]
            .as_str()
            .expect("id")
            .to_owned();
        assert!(l.w.sb().advance_to(Provider::Lenful, &id, "shipped"));
        let read = l.get(&format!("/order/{}/{id}", l.shop)).await;
        let number = read.body["data"]["tracking_numbers"][0].clone();
        assert!(number.is_string());
        assert_eq!(read.body["data"]["carrier"], "USPS");
        let (headers, raw, body) = rx
            .wait_for(|v| v.get("lenful_order_short_id").is_some())
            .await;
        assert_eq!(body["lenful_order_short_id"], read.body["data"]["short_id"]);
        assert_eq!(body["tracking_numbers"][0], number);
        assert_eq!(
            headers.get("x-signature").and_then(|v| v.to_str().ok()),
            Some(hmac_hex("lf-secret", &raw).as_str())
        );
    }

    #[tokio::test]
    async fn rate_limits_and_ledgers_faults() {
        let l = Lf::start().await;
        let mut throttled = None;
        for _ in 0..60 {
            let got = l.get("/product/list").await;
            if got.status == 429 {
                throttled = Some(got);
                break;
            }
        }
        assert!(throttled.expect("a 429").header("retry-after").is_some());
        let sb = l.w.sb();
        sb.set_rate_limits(false);
        sb.set_faults(Some(Provider::Lenful), faults(0.0, 0.0, 1.0));
        let lost = l
            .post(&format!("/order/{}/create", l.shop), order_body("fo-lf"))
            .await;
        assert_eq!(lost.status, 500);
        let e = last_entry(sb, Provider::Lenful);
        assert_eq!(e.fault, Some(Fault::FailAfterWrite));
        assert_eq!(e.reference.as_deref(), Some("fo-lf"));
        assert!(e.account.is_some());
        sb.set_faults(Some(Provider::Lenful), faults(1.0, 0.0, 0.0));
        assert_eq!(l.get("/product/list").await.status, 500);
        assert_eq!(last_entry(sb, Provider::Lenful).fault, Some(Fault::Error));
        assert_eq!(count_ref(sb, Provider::Lenful, "fo-lf"), 1);
    }
}
