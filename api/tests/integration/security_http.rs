//! GraphQL over HTTP as the specification has it (media types, status codes, content types),
//! introspection that tools can load while the limits keep holding for data, the security
//! headers of every answer, and a health check that names components without their errors.

use std::time::Duration;

use crate::common::*;
use reqwest::header::{ACCEPT, CONTENT_TYPE};
use serde_json::{Value, json};

/// What graphql-js `getIntrospectionQuery()` sends (GraphiQL, codegen, API tools), verbatim.
const INTROSPECTION: &str = include_str!("../fixtures/introspection-query.graphql");
/// The same with every option on (descriptions, specifiedByURL, isRepeatable, schema
/// description, deprecated input values, oneOf): what newer GraphiQL versions send.
const INTROSPECTION_ALL_OPTIONS: &str =
    include_str!("../fixtures/introspection-query-all-options.graphql");

const GRAPHQL_RESPONSE: &str = "application/graphql-response+json";
/// What graphql-request (the web app's client) sends.
const WEB_CLIENT_ACCEPT: &str = "application/graphql-response+json, application/json";

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("http client")
}

struct Answer {
    status: u16,
    content_type: String,
    headers: reqwest::header::HeaderMap,
    body: Value,
}

/// POSTs `body` to /graphql with exactly the headers given (reqwest adds none of its own that
/// matter here: no Accept, no Content-Type unless set).
async fn post(
    s: &Server,
    headers: &[(&str, &str)],
    body: impl Into<reqwest::Body>,
    token: Option<&str>,
) -> Answer {
    let mut req = http().post(format!("{}/graphql", s.url)).body(body);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.expect("request");
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let content_type = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let text = res.text().await.expect("body");
    let body = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("not JSON ({e}), status {status}: {text}"));
    Answer {
        status,
        content_type,
        headers,
        body,
    }
}

fn operation(query: &str, variables: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({ "query": query, "variables": variables })).expect("json")
}

async fn gql_as(
    s: &Server,
    accept: &str,
    query: &str,
    variables: Value,
    token: Option<&str>,
) -> Answer {
    post(
        s,
        &[
            (CONTENT_TYPE.as_str(), "application/json"),
            (ACCEPT.as_str(), accept),
        ],
        operation(query, variables),
        token,
    )
    .await
}

fn assert_schema_loaded(answer: &Answer) {
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.get("errors").is_none(), "{}", answer.body);
    let schema = &answer.body["data"]["__schema"];
    assert_eq!(schema["queryType"]["name"], "Query", "{schema}");
    assert_eq!(schema["mutationType"]["name"], "Mutation", "{schema}");
    let types = schema["types"].as_array().expect("types");
    let product = types
        .iter()
        .find(|t| t["name"] == "Product")
        .expect("the Product type is described");
    assert!(
        product["fields"].as_array().is_some_and(|f| !f.is_empty()),
        "{product}"
    );
}

#[tokio::test]
async fn the_standard_introspection_query_loads_the_schema_while_limits_hold_for_data() {
    // Tight limits: the standard introspection query is 15 levels deep, well past them.
    let s = Server::start_with(&[
        ("GRAPHQL_INTROSPECTION", "true"),
        ("GRAPHQL_MAX_DEPTH", "3"),
        ("GRAPHQL_MAX_COMPLEXITY", "40"),
    ])
    .await;
    let token = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;

    for (name, query) in [
        ("standard", INTROSPECTION),
        ("all options", INTROSPECTION_ALL_OPTIONS),
    ] {
        for accept in [WEB_CLIENT_ACCEPT, "application/json"] {
            let body = serde_json::to_vec(
                &json!({ "query": query, "operationName": "IntrospectionQuery" }),
            )
            .expect("json");
            let answer = post(
                &s,
                &[("content-type", "application/json"), ("accept", accept)],
                body,
                None,
            )
            .await;
            eprintln!("{name} introspection, Accept {accept}");
            assert_schema_loaded(&answer);
        }
    }
    // Signed in, and without an operation name, the same.
    assert_schema_loaded(
        &gql_as(&s, GRAPHQL_RESPONSE, INTROSPECTION, json!({}), Some(&token)).await,
    );

    // Data queries keep their limits: too deep, too complex, or hidden beside introspection.
    let deep = "{ getUsers { items { client { id } } } }";
    let answer = gql_as(&s, GRAPHQL_RESPONSE, deep, json!({}), Some(&token)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert_eq!(code(&answer.body), "BAD_USER_INPUT", "{}", answer.body);
    assert!(
        message(&answer.body).contains("nested too deep"),
        "{}",
        answer.body
    );

    let wide = format!(
        "{{ {} }}",
        (0..50)
            .map(|i| format!("a{i}: getMe {{ id }}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let answer = gql_as(&s, GRAPHQL_RESPONSE, &wide, json!({}), Some(&token)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(
        message(&answer.body).contains("too complex"),
        "{}",
        answer.body
    );

    let mixed = "{ __schema { queryType { name } } getUsers { items { client { id } } } }";
    let answer = gql_as(&s, GRAPHQL_RESPONSE, mixed, json!({}), Some(&token)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(
        message(&answer.body).contains("nested too deep"),
        "{}",
        answer.body
    );

    // Another operation in the same document does not ride on the exemption either.
    let two =
        format!("{INTROSPECTION}\nquery Data {{ getUsers {{ items {{ client {{ id }} }} }} }}");
    let body = serde_json::to_vec(&json!({ "query": two, "operationName": "IntrospectionQuery" }))
        .expect("json");
    let answer = post(
        &s,
        &[
            ("content-type", "application/json"),
            ("accept", GRAPHQL_RESPONSE),
        ],
        body,
        Some(&token),
    )
    .await;
    assert_eq!(answer.status, 400, "{}", answer.body);

    // Introspection itself stays bounded: the schema's cycles (a type's fields' types' fields…)
    // are refused, as are repeated schema reads.
    let cyclic =
        "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }";
    let answer = gql_as(&s, GRAPHQL_RESPONSE, cyclic, json!({}), None).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(answer.body.get("data").is_none(), "{}", answer.body);
    let repeated = format!(
        "{{ {} }}",
        (0..30)
            .map(|i| format!("s{i}: __schema {{ types {{ name }} }}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let answer = gql_as(&s, GRAPHQL_RESPONSE, &repeated, json!({}), None).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(answer.body.get("data").is_none(), "{}", answer.body);
    // A small look-up of one type stays open.
    let one = gql_as(
        &s,
        GRAPHQL_RESPONSE,
        "{ __type(name: \"Product\") { name fields { name } } }",
        json!({}),
        None,
    )
    .await;
    assert_eq!(one.status, 200, "{}", one.body);
    assert_eq!(one.body["data"]["__type"]["name"], "Product");
}

#[tokio::test]
async fn introspection_is_refused_when_off() {
    let s = Server::start_with(&[("GRAPHQL_INTROSPECTION", "false")]).await;
    for accept in [GRAPHQL_RESPONSE, "application/json"] {
        let answer = gql_as(&s, accept, INTROSPECTION, json!({}), None).await;
        assert!(
            answer.body["errors"]
                .as_array()
                .is_some_and(|e| !e.is_empty()),
            "{}",
            answer.body
        );
        assert!(answer.body["data"]["__schema"].is_null(), "{}", answer.body);
        assert!(
            !answer.body.to_string().contains("\"Product\""),
            "no type names: {}",
            answer.body
        );
    }
    // GraphiQL is not served either.
    assert_eq!(
        http()
            .get(format!("{}/graphql", s.url))
            .send()
            .await
            .expect("request")
            .status(),
        405
    );
}

#[tokio::test]
async fn graphql_response_json_answers_with_the_specification_status_codes() {
    let s = Server::start().await;
    let token = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let by_id = "query($id: ID!) { getProductById(id: $id) { id name } }";
    let paged = "query($p: Int) { getUsers(page: $p) { pageInfo { totalCount } } }";

    // Request errors: parse, validation, variable coercion. 400, no data entry, our codes.
    let bad = [
        ("syntax error", "{ getMe { id ".to_owned(), json!({})),
        (
            "unknown field",
            "{ getMe { id noSuchField } }".to_owned(),
            json!({}),
        ),
        (
            "variable of the wrong type",
            paged.to_owned(),
            json!({ "p": "first" }),
        ),
        ("required variable missing", by_id.to_owned(), json!({})),
        (
            "required variable null",
            by_id.to_owned(),
            json!({ "id": null }),
        ),
        (
            "unknown operation",
            "query A { getMe { id } }".to_owned(),
            json!({}),
        ),
    ];
    for (what, query, variables) in &bad {
        let mut body = json!({ "query": query, "variables": variables });
        if *what == "unknown operation" {
            body["operationName"] = json!("B");
        }
        let answer = post(
            &s,
            &[
                ("content-type", "application/json"),
                ("accept", GRAPHQL_RESPONSE),
            ],
            serde_json::to_vec(&body).expect("json"),
            Some(&token),
        )
        .await;
        assert_eq!(answer.status, 400, "{what}: {}", answer.body);
        assert!(
            answer.content_type.starts_with(GRAPHQL_RESPONSE),
            "{what}: {}",
            answer.content_type
        );
        assert!(
            answer.body.get("data").is_none(),
            "{what}: no data entry: {}",
            answer.body
        );
        assert_eq!(
            code(&answer.body),
            "BAD_USER_INPUT",
            "{what}: {}",
            answer.body
        );
        assert!(!message(&answer.body).is_empty(), "{what}");

        // A legacy client (Accept: application/json, or none) gets 200 with the same errors.
        for accept in [Some("application/json"), None] {
            let mut headers = vec![("content-type", "application/json")];
            if let Some(a) = accept {
                headers.push(("accept", a));
            }
            let legacy = post(
                &s,
                &headers,
                serde_json::to_vec(&body).expect("json"),
                Some(&token),
            )
            .await;
            assert_eq!(
                legacy.status, 200,
                "{what}, Accept {accept:?}: {}",
                legacy.body
            );
            assert!(
                legacy.content_type.starts_with("application/json"),
                "{what}: {}",
                legacy.content_type
            );
            assert_eq!(
                code(&legacy.body),
                "BAD_USER_INPUT",
                "{what}: {}",
                legacy.body
            );
            assert!(legacy.body.get("data").is_none(), "{what}: {}", legacy.body);
        }
    }

    // A valid operation: 200 in the media type asked for, the web client's Accept included.
    for accept in [
        GRAPHQL_RESPONSE,
        WEB_CLIENT_ACCEPT,
        "application/graphql-response+json;q=0.9, application/json;q=0.5",
    ] {
        let ok = gql_as(&s, accept, "{ getMe { email } }", json!({}), Some(&token)).await;
        assert_eq!(ok.status, 200, "{}", ok.body);
        assert!(
            ok.content_type.starts_with(GRAPHQL_RESPONSE),
            "{accept}: {}",
            ok.content_type
        );
        assert_eq!(ok.body["data"]["getMe"]["email"], DEMO_ADMIN);
    }
    for accept in [
        "application/json",
        "application/json;q=0.9, application/graphql-response+json;q=0.5",
        "*/*",
        "application/*",
    ] {
        let ok = gql_as(&s, accept, "{ getMe { email } }", json!({}), Some(&token)).await;
        assert_eq!(ok.status, 200, "{}", ok.body);
        assert!(
            ok.content_type.starts_with("application/json"),
            "{accept}: {}",
            ok.content_type
        );
    }

    // Errors of execution (a resolver said NOT_FOUND, UNAUTHENTICATED) are a GraphQL response
    // with data: 200, whatever the media type.
    let missing = gql_as(
        &s,
        GRAPHQL_RESPONSE,
        by_id,
        json!({ "id": "no-such-product" }),
        Some(&token),
    )
    .await;
    assert_eq!(missing.status, 200, "{}", missing.body);
    assert_eq!(code(&missing.body), "NOT_FOUND", "{}", missing.body);
    assert!(missing.body.get("data").is_some(), "{}", missing.body);
    let anonymous = gql_as(&s, GRAPHQL_RESPONSE, "{ getMe { id } }", json!({}), None).await;
    assert_eq!(anonymous.status, 200, "{}", anonymous.body);
    assert_eq!(
        code(&anonymous.body),
        "UNAUTHENTICATED",
        "{}",
        anonymous.body
    );

    // A body that is not JSON, or not a GraphQL request: 400 without data.
    for (what, body) in [
        ("not JSON", b"{ \"not a JSON".to_vec()),
        ("no query", b"{\"qeury\":\"{ __typename }\"}".to_vec()),
        ("a batch", b"[{\"query\":\"{ __typename }\"}]".to_vec()),
    ] {
        let answer = post(
            &s,
            &[
                ("content-type", "application/json"),
                ("accept", GRAPHQL_RESPONSE),
            ],
            body,
            None,
        )
        .await;
        assert_eq!(answer.status, 400, "{what}: {}", answer.body);
        assert!(answer.body.get("data").is_none(), "{what}: {}", answer.body);
        assert_eq!(
            code(&answer.body),
            "BAD_USER_INPUT",
            "{what}: {}",
            answer.body
        );
    }

    // Nothing the server can answer in: 406.
    let answer = gql_as(&s, "text/html", "{ __typename }", json!({}), None).await;
    assert_eq!(answer.status, 406, "{}", answer.body);
    assert_eq!(code(&answer.body), "BAD_USER_INPUT", "{}", answer.body);
}

#[tokio::test]
async fn a_post_without_a_supported_content_type_is_refused() {
    let s = Server::start().await;
    let login = serde_json::to_vec(&json!({
        "query": "mutation($i: LoginInput!) { login(input: $i) { accessToken } }",
        "variables": { "i": { "email": DEMO_ADMIN, "password": DEMO_PASSWORD } }
    }))
    .expect("json");
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        Some("application/json; charset=latin1"),
    ] {
        for accept in [GRAPHQL_RESPONSE, "application/json"] {
            let mut headers = vec![("accept", accept)];
            if let Some(ct) = content_type {
                headers.push(("content-type", ct));
            }
            let answer = post(&s, &headers, login.clone(), None).await;
            assert_eq!(
                answer.status, 415,
                "Content-Type {content_type:?}: {}",
                answer.body
            );
            assert_eq!(code(&answer.body), "BAD_USER_INPUT", "{}", answer.body);
            assert!(
                message(&answer.body).contains("application/json"),
                "says what to send: {}",
                answer.body
            );
            assert!(
                answer.body.get("data").is_none(),
                "nothing ran: {}",
                answer.body
            );
        }
    }
    // The same request with its content type works (charset utf-8 spelled any way).
    for content_type in [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON;charset=UTF-8",
    ] {
        let answer = post(&s, &[("content-type", content_type)], login.clone(), None).await;
        assert_eq!(answer.status, 200, "{content_type}: {}", answer.body);
        assert!(
            answer.body["data"]["login"]["accessToken"].is_string(),
            "{}",
            answer.body
        );
    }
}

/// The header a response must carry, as text.
fn header<'a>(headers: &'a reqwest::header::HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_else(|| panic!("no {name} header in {headers:?}"))
}

/// The directives of a Content-Security-Policy, by name.
fn directives(csp: &str) -> std::collections::HashMap<String, Vec<String>> {
    csp.split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| {
            let mut parts = d.split_whitespace().map(str::to_owned);
            let name = parts.next().unwrap_or_default();
            (name, parts.collect())
        })
        .collect()
}

fn assert_common_headers(headers: &reqwest::header::HeaderMap, what: &str) {
    assert_eq!(header(headers, "x-frame-options"), "DENY", "{what}");
    assert_eq!(
        header(headers, "x-content-type-options"),
        "nosniff",
        "{what}"
    );
    assert_eq!(
        header(headers, "referrer-policy"),
        "strict-origin-when-cross-origin",
        "{what}"
    );
    let csp = directives(header(headers, "content-security-policy"));
    assert_eq!(csp["frame-ancestors"], vec!["'none'"], "{what}: {csp:?}");
    assert_eq!(csp["object-src"], vec!["'none'"], "{what}: {csp:?}");
}

/// The app's policy: no inline or remote script, styles only from the app or with the page's nonce.
fn assert_app_policy(
    headers: &reqwest::header::HeaderMap,
    what: &str,
) -> std::collections::HashMap<String, Vec<String>> {
    assert_common_headers(headers, what);
    let csp = directives(header(headers, "content-security-policy"));
    assert_eq!(csp["default-src"], vec!["'self'"], "{what}: {csp:?}");
    assert_eq!(csp["script-src"], vec!["'self'"], "{what}: {csp:?}");
    assert_eq!(csp["base-uri"], vec!["'self'"], "{what}: {csp:?}");
    assert!(
        !csp["style-src"].iter().any(|s| s == "'unsafe-inline'"),
        "{what}: {csp:?}"
    );
    assert!(
        csp["img-src"].iter().any(|s| s == "https:"),
        "{what}: {csp:?}"
    );
    csp
}

const INDEX: &str = r#"<!doctype html><html><head><title>Sellerdesk</title><meta property="csp-nonce" nonce="SELLERDESK_CSP_NONCE"><script type="module" src="/assets/app.js" nonce="SELLERDESK_CSP_NONCE"></script></head><body><div id=root></div></body></html>"#;

#[tokio::test]
async fn every_answer_carries_the_security_headers_and_pages_a_fresh_style_nonce() {
    let web = tempfile::tempdir().expect("dir");
    std::fs::write(web.path().join("index.html"), INDEX).expect("write");
    std::fs::create_dir_all(web.path().join("assets")).expect("dir");
    std::fs::write(web.path().join("assets/app.js"), "console.log('app')").expect("write");
    let dir = web.path().display().to_string();
    let s = Server::start_with(&[("WEB_DIR", &dir), ("GRAPHQL_INTROSPECTION", "true")]).await;

    let mut nonces = Vec::new();
    for path in [
        "/",
        "/index.html",
        "/products/123/edit?tab=variants",
        "/shops/tiktok/products",
    ] {
        let res = http()
            .get(format!("{}{path}", s.url))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), 200, "{path}");
        let headers = res.headers().clone();
        assert!(
            header(&headers, "content-type").starts_with("text/html"),
            "{path}"
        );
        let csp = assert_app_policy(&headers, path);
        let nonce = csp["style-src"]
            .iter()
            .find_map(|s| s.strip_prefix("'nonce-").and_then(|n| n.strip_suffix('\'')))
            .unwrap_or_else(|| panic!("{path}: no style nonce in {csp:?}"))
            .to_owned();
        assert!(
            nonce.len() >= 22
                && nonce
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c)),
            "{nonce}"
        );
        let page = res.text().await.expect("text");
        assert!(
            !page.contains("SELLERDESK_CSP_NONCE"),
            "{path}: placeholder left in {page}"
        );
        assert_eq!(
            page.matches(&format!("nonce=\"{nonce}\"")).count(),
            2,
            "{path}: {page}"
        );
        nonces.push(nonce);
    }
    let mut unique = nonces.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        nonces.len(),
        "a fresh nonce per page: {nonces:?}"
    );

    // Files, GraphQL answers (any status), health and metrics: the same headers.
    let asset = http()
        .get(format!("{}/assets/app.js", s.url))
        .send()
        .await
        .expect("request");
    assert_eq!(asset.status(), 200);
    assert_app_policy(asset.headers(), "asset");
    let ok = gql_as(&s, GRAPHQL_RESPONSE, "{ __typename }", json!({}), None).await;
    assert_eq!(ok.status, 200);
    assert_app_policy(&ok.headers, "graphql 200");
    let refused = post(&s, &[], "{}", None).await;
    assert_eq!(refused.status, 415);
    assert_app_policy(&refused.headers, "graphql 415");
    for path in ["/healthz", "/metrics"] {
        let res = http()
            .get(format!("{}{path}", s.url))
            .send()
            .await
            .expect("request");
        assert_app_policy(res.headers(), path);
    }

    // GraphiQL (introspection on) has its own policy: its CDN and the hash of its one inline
    // script, nothing else of script; never framed.
    let graphiql = http()
        .get(format!("{}/graphql", s.url))
        .send()
        .await
        .expect("request");
    assert_eq!(graphiql.status(), 200);
    let headers = graphiql.headers().clone();
    assert_common_headers(&headers, "graphiql");
    let csp = directives(header(&headers, "content-security-policy"));
    let scripts = &csp["script-src"];
    assert!(scripts.iter().any(|s| s == "https://unpkg.com"), "{csp:?}");
    assert!(scripts.iter().any(|s| s.starts_with("'sha256-")), "{csp:?}");
    assert!(
        !scripts
            .iter()
            .any(|s| s == "'unsafe-inline'" || s == "'unsafe-eval'" || s == "*" || s == "https:"),
        "{csp:?}"
    );
    assert_eq!(csp["connect-src"], vec!["'self'"], "{csp:?}");
    let page = graphiql.text().await.expect("text");
    assert!(page.contains("graphiql"), "{page}");
}

#[tokio::test]
async fn the_health_check_names_components_and_never_their_errors() {
    let s = Server::start().await;
    let res = s.get("/healthz").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.expect("json");
    assert_eq!(
        body,
        json!({ "status": "ok", "database": "ok", "queue": "ok" })
    );
}

/// A TCP relay to Redis that the test can cut, for a queue that stops answering.
struct Relay {
    addr: std::net::SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Relay {
    async fn to(target: &str) -> Relay {
        let target = target.to_owned();
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .expect("bind relay");
        let addr = listener.local_addr().expect("relay address");
        let task = tokio::spawn(async move {
            let mut links = tokio::task::JoinSet::new();
            while let Ok((mut inbound, _)) = listener.accept().await {
                let target = target.clone();
                links.spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Relay { addr, task }
    }

    /// Closes the listener and every relayed connection (the JoinSet is dropped with the task).
    fn cut(&self) {
        self.task.abort();
    }
}

#[tokio::test]
async fn an_unreachable_queue_is_named_without_its_error_text() {
    if !scaled() {
        eprintln!("the queue is the database itself when embedded: covered on the scaled stack");
        return;
    }
    let redis = std::env::var("TEST_REDIS_URL").expect("TEST_REDIS_URL");
    let target = redis
        .trim_start_matches("redis://")
        .trim_end_matches('/')
        .to_owned();
    let relay = Relay::to(&target).await;
    let url = format!("redis://{}", relay.addr);
    let s = Server::start_with(&[("REDIS_URL", &url), ("WORKER_CONCURRENCY", "0")]).await;
    relay.cut();
    let answer = wait_for(Duration::from_secs(30), || async {
        let res = s.get("/healthz").await;
        let status = res.status().as_u16();
        let body: Value = res.json().await.ok()?;
        (status == 503).then_some(body)
    })
    .await
    .unwrap_or_else(|| {
        panic!(
            "the health check never noticed; log:\n{}",
            tail(&s.log(), 40)
        )
    });
    assert_eq!(
        answer,
        json!({ "status": "unavailable", "database": "ok", "queue": "unavailable" })
    );
}
