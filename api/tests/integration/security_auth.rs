//! Issue 14, findings 4, 5, 6 and 9: what an attacker without an account could do with the
//! mutations that hash passwords or send mail, with forged X-Forwarded-For headers, with the
//! sign-up form, and with a demo server left on a public address.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;
use serde_json::{Value, json};

const LOGIN: &str = "mutation($i: LoginInput!) { login(input: $i) { accessToken } }";
const SIGN_UP: &str = "mutation($i: SignUpClientInput!) { signUpClient(input: $i) }";
const CHECK_KEY: &str = "mutation($k: String!) { checkDuplicateClientKey(key: $k) }";

fn sign_up_input(key: &str, email: &str) -> Value {
    json!({ "clientName": "Probe Prints", "clientKey": key, "email": email, "password": "probe-password",
            "firstName": "Pat", "lastName": "Probe" })
}

/// One request holding `n` aliases `a0`…, each built by `field(i)`.
fn aliased(n: usize, field: impl Fn(usize) -> String) -> String {
    let fields: Vec<String> = (0..n).map(|i| format!("a{i}: {}", field(i))).collect();
    format!("mutation {{ {} }}", fields.join(" "))
}

/// The code each alias answered with: "OK" for a value, else its error's code.
fn outcomes(res: &Value, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let alias = format!("a{i}");
            let error = res["errors"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|e| e["path"][0] == alias.as_str());
            match error {
                Some(e) => e["extensions"]["code"].as_str().unwrap_or("").to_owned(),
                None if !res["data"][&alias].is_null() => "OK".to_owned(),
                None => format!("nothing for {alias}"),
            }
        })
        .collect()
}

/// Passwords hashed (`op="hash"`) and verified so far by the server, from /metrics.
async fn hashes(s: &Server) -> (u64, u64) {
    let text = s.get("/metrics").await.text().await.expect("metrics");
    let read = |op: &str| {
        let prefix = format!("sellerdesk_password_hashes_total{{op=\"{op}\"}} ");
        text.lines()
            .find_map(|l| l.strip_prefix(&prefix))
            .map_or(0, |v| v.trim().parse::<f64>().expect("number") as u64)
    };
    (read("hash"), read("verify"))
}

async fn count(s: &Server, sql: &str) -> i64 {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_one(&mut *conn)
        .await
        .expect("count")
}

async fn key_taken(s: &Server, key: &str) -> bool {
    s.ok(CHECK_KEY, json!({ "k": key }), None).await["checkDuplicateClientKey"]
        .as_bool()
        .expect("bool")
}

#[tokio::test]
async fn aliased_sign_ups_are_limited_per_attempt_and_the_refused_ones_create_and_hash_nothing() {
    let s = Server::start_with(&[("RATE_LIMIT_SIGNUP_IP", "3")]).await;
    let clients_before = count(&s, "SELECT COUNT(*) FROM clients").await;
    let (hashed_before, _) = hashes(&s).await;

    let query = aliased(6, |i| {
        format!(
            r#"signUpClient(input: {{ clientName: "Alias {i}", clientKey: "alias-{i}", email: "alias{i}@probe.test",
                password: "probe-password", firstName: "Al", lastName: "Ias" }})"#
        )
    });
    let res = s.gql(&query, json!({}), None).await;
    assert_eq!(
        outcomes(&res, 6),
        [
            "OK",
            "OK",
            "OK",
            "RATE_LIMITED",
            "RATE_LIMITED",
            "RATE_LIMITED"
        ],
        "{res}"
    );

    for i in 0..6 {
        assert_eq!(
            key_taken(&s, &format!("alias-{i}")).await,
            i < 3,
            "alias-{i}"
        );
    }
    assert_eq!(
        count(&s, "SELECT COUNT(*) FROM clients").await,
        clients_before + 3
    );
    assert_eq!(
        count(
            &s,
            "SELECT COUNT(*) FROM users WHERE email LIKE 'alias%@probe.test'"
        )
        .await,
        3
    );
    assert_eq!(
        hashes(&s).await.0,
        hashed_before + 3,
        "a refused sign-up hashes nothing"
    );
    // The next request from the same address is refused as well.
    let again = s
        .gql(
            SIGN_UP,
            json!({ "i": sign_up_input("alias-6", "alias6@probe.test") }),
            None,
        )
        .await;
    assert_eq!(code(&again), "RATE_LIMITED");
}

#[tokio::test]
async fn a_bad_reset_token_costs_no_hash_and_aliased_resets_are_limited_per_attempt() {
    let s = Server::start_with(&[("RATE_LIMIT_RESET_IP", "3")]).await;
    let (hashed_before, _) = hashes(&s).await;

    let query = aliased(6, |i| {
        format!(r#"resetPasswordWithToken(token: "{i:064x}", password: "new-password-{i}")"#)
    });
    let res = s.gql(&query, json!({}), None).await;
    assert_eq!(
        outcomes(&res, 6),
        [
            "BAD_USER_INPUT",
            "BAD_USER_INPUT",
            "BAD_USER_INPUT",
            "RATE_LIMITED",
            "RATE_LIMITED",
            "RATE_LIMITED"
        ],
        "{res}"
    );
    let token_errors = res["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .filter(|e| e["extensions"]["field"] == "token")
        .count();
    assert_eq!(token_errors, 3);
    assert_eq!(
        hashes(&s).await.0,
        hashed_before,
        "a wrong token is refused before any hashing"
    );

    // The wrong tokens spent the budget: a real link from the same address waits too, and the
    // password stays as it was.
    s.ok(
        "mutation($e: String!) { forgotPassword(email: $e) }",
        json!({ "e": DEMO_STAFF }),
        None,
    )
    .await;
    let token = s.mailed_token(DEMO_STAFF, "/auth/reset-password").await;
    let reset =
        "mutation($t: String!, $p: String!) { resetPasswordWithToken(token: $t, password: $p) }";
    assert_eq!(
        code(
            &s.gql(reset, json!({ "t": token, "p": "reset-password-1" }), None)
                .await
        ),
        "RATE_LIMITED"
    );
    assert_eq!(hashes(&s).await.0, hashed_before);
    s.login(DEMO_STAFF, DEMO_PASSWORD).await;
}

#[tokio::test]
async fn aliased_password_changes_are_limited_per_user_and_the_refused_ones_change_nothing() {
    let s = Server::start_with(&[("RATE_LIMIT_PASSWORD_USER", "3")]).await;
    let token = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let (_, verified_before) = hashes(&s).await;

    let query = aliased(6, |i| {
        format!(
            r#"changePassword(input: {{ currentPassword: "{DEMO_PASSWORD}", newPassword: "changed-password-{i}" }})"#
        )
    });
    let res = s.gql(&query, json!({}), Some(&token)).await;
    assert_eq!(
        outcomes(&res, 6),
        [
            "OK",
            "OK",
            "OK",
            "RATE_LIMITED",
            "RATE_LIMITED",
            "RATE_LIMITED"
        ],
        "{res}"
    );
    assert_eq!(
        hashes(&s).await.1,
        verified_before + 3,
        "a refused change verifies nothing"
    );

    // The third change is the last one that happened.
    let changed = |i: usize| json!({ "i": { "email": DEMO_STAFF, "password": format!("changed-password-{i}") } });
    assert_eq!(
        code(&s.gql(LOGIN, changed(5), None).await),
        "UNAUTHENTICATED"
    );
    let fresh = s.login(DEMO_STAFF, "changed-password-2").await;
    // Per user: the budget is spent for this user whatever the token.
    let change = "mutation($i: ChangePasswordInput!) { changePassword(input: $i) }";
    let more = json!({ "i": { "currentPassword": "changed-password-2", "newPassword": "changed-password-9" } });
    assert_eq!(
        code(&s.gql(change, more.clone(), Some(&fresh)).await),
        "RATE_LIMITED"
    );
    // Another user of the same address has a budget of their own.
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let admin_change =
        json!({ "i": { "currentPassword": DEMO_PASSWORD, "newPassword": "admin-password-1" } });
    s.ok(change, admin_change, Some(&admin)).await;
}

#[tokio::test]
async fn the_public_key_check_user_creation_and_verification_links_are_limited_per_attempt() {
    let s = Server::start_with(&[
        ("RATE_LIMIT_CLIENT_KEY_IP", "3"),
        ("RATE_LIMIT_CREATE_USER", "2"),
        ("RATE_LIMIT_VERIFY_IP", "2"),
    ])
    .await;
    let query = aliased(4, |i| format!(r#"checkDuplicateClientKey(key: "key-{i}")"#));
    assert_eq!(
        outcomes(&s.gql(&query, json!({}), None).await, 4),
        ["OK", "OK", "OK", "RATE_LIMITED"]
    );

    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let query = aliased(3, |i| {
        format!(
            r#"signUp(input: {{ email: "made{i}@demo.test", password: "made-password", firstName: "M", lastName: "U", role: STAFF }})"#
        )
    });
    assert_eq!(
        outcomes(&s.gql(&query, json!({}), Some(&admin)).await, 3),
        ["OK", "OK", "RATE_LIMITED"]
    );
    assert_eq!(
        count(
            &s,
            "SELECT COUNT(*) FROM users WHERE email LIKE 'made%@demo.test'"
        )
        .await,
        2
    );

    let query = aliased(3, |i| format!(r#"verifyClient(token: "{i:064x}")"#));
    assert_eq!(
        outcomes(&s.gql(&query, json!({}), None).await, 3),
        ["BAD_USER_INPUT", "BAD_USER_INPUT", "RATE_LIMITED"]
    );
}

/// A login from `xff` (sent as X-Forwarded-For) with a wrong password; returns the code.
async fn login_from(s: &Server, http: &reqwest::Client, xff: &str, email: &str) -> String {
    let body = json!({ "query": LOGIN, "variables": { "i": { "email": email, "password": "wrong-password" } } });
    let res: Value = http
        .post(format!("{}/graphql", s.url))
        .header("x-forwarded-for", xff)
        .json(&body)
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    code(&res)
}

#[tokio::test]
async fn x_forwarded_for_is_believed_only_from_a_trusted_proxy() {
    let http = reqwest::Client::new();
    // Through a trusted proxy (the test is it): each client address has its own budget.
    let s = Server::start_with(&[
        ("TRUSTED_PROXIES", "127.0.0.1/32"),
        ("RATE_LIMIT_LOGIN_IP", "2"),
    ])
    .await;
    assert_eq!(
        login_from(&s, &http, "203.0.113.1", "a@x.test").await,
        "UNAUTHENTICATED"
    );
    assert_eq!(
        login_from(&s, &http, "203.0.113.1", "b@x.test").await,
        "UNAUTHENTICATED"
    );
    assert_eq!(
        login_from(&s, &http, "203.0.113.1", "c@x.test").await,
        "RATE_LIMITED"
    );
    assert_eq!(
        login_from(&s, &http, "203.0.113.2", "d@x.test").await,
        "UNAUTHENTICATED"
    );
    // What the client wrote left of the proxy's entry is not believed: 203.0.113.1 stays limited
    // whatever it claims to forward for.
    assert_eq!(
        login_from(&s, &http, "198.51.100.7, 203.0.113.1", "e@x.test").await,
        "RATE_LIMITED"
    );
    assert_eq!(
        login_from(&s, &http, "198.51.100.8, 203.0.113.1", "f@x.test").await,
        "RATE_LIMITED"
    );
    // A request without the header counts for the proxy itself, apart from its clients.
    let direct = s
        .gql(
            LOGIN,
            json!({ "i": { "email": "g@x.test", "password": "wrong-password" } }),
            None,
        )
        .await;
    assert_eq!(code(&direct), "UNAUTHENTICATED");

    // Without TRUSTED_PROXIES, forged headers share the TCP peer's budget.
    let s = Server::start_with(&[("RATE_LIMIT_LOGIN_IP", "2")]).await;
    assert_eq!(
        login_from(&s, &http, "203.0.113.1", "a@x.test").await,
        "UNAUTHENTICATED"
    );
    assert_eq!(
        login_from(&s, &http, "203.0.113.2", "b@x.test").await,
        "UNAUTHENTICATED"
    );
    assert_eq!(
        login_from(&s, &http, "203.0.113.3", "c@x.test").await,
        "RATE_LIMITED"
    );
}

/// The answer with every id-like string (UUIDs, hex tokens) masked.
fn masked(v: &Value) -> Value {
    let id = regex::Regex::new(
        r"[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}",
    )
    .expect("regex");
    match v {
        Value::String(s) => Value::String(id.replace_all(s, "<id>").into_owned()),
        Value::Array(a) => Value::Array(a.iter().map(masked).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), masked(v))).collect()),
        other => other.clone(),
    }
}

#[tokio::test]
async fn a_sign_up_with_a_taken_email_answers_as_a_new_one_creates_nothing_and_mails_the_owner() {
    let s = Server::start().await;
    let db_counts = || async {
        (
            count(&s, "SELECT COUNT(*) FROM clients").await,
            count(&s, "SELECT COUNT(*) FROM users").await,
        )
    };

    let (hashed, _) = hashes(&s).await;
    let before = db_counts().await;
    let fresh = s
        .gql(
            SIGN_UP,
            json!({ "i": sign_up_input("fresh-seller", "fresh@probe.test") }),
            None,
        )
        .await;
    assert_eq!(
        db_counts().await,
        (before.0 + 1, before.1 + 1),
        "a new sign-up creates its client and user"
    );
    assert_eq!(hashes(&s).await.0, hashed + 1);

    let before = db_counts().await;
    // The demo ADMIN's email, in another case and with spaces: still the same account.
    let taken = s
        .gql(
            SIGN_UP,
            json!({ "i": sign_up_input("taken-seller", "  Admin@Demo.Sellerdesk.Test ") }),
            None,
        )
        .await;
    assert_eq!(
        serde_json::to_string(&masked(&taken)).expect("json"),
        serde_json::to_string(&masked(&fresh)).expect("json")
    );
    assert_eq!(
        db_counts().await,
        before,
        "nothing is created for a taken email"
    );
    // The key ends up held either way, so checking it afterwards tells nothing either.
    assert!(key_taken(&s, "fresh-seller").await);
    assert!(
        key_taken(&s, "taken-seller").await,
        "a taken email's sign-up holds its key as a new one does"
    );
    let reused = s
        .gql(
            SIGN_UP,
            json!({ "i": sign_up_input("taken-seller", "third@probe.test") }),
            None,
        )
        .await;
    assert_eq!(code(&reused), "CONFLICT");
    assert_eq!(
        hashes(&s).await.0,
        hashed + 2,
        "a taken email is hashed too, so it takes as long"
    );

    // The owner hears of it, with the ways back into the account and no link that acts.
    let mail = wait_for(Duration::from_secs(20), || {
        let found = s
            .mails()
            .into_iter()
            .find(|m| m.contains(&format!("To: {DEMO_ADMIN}")));
        async move { found }
    })
    .await
    .unwrap_or_else(|| panic!("no mail to the owner; log:\n{}", s.log()));
    assert!(mail.contains("someone tried to sign up"), "{mail}");
    assert!(mail.contains(&format!("{}/auth/login", s.url)), "{mail}");
    assert!(
        mail.contains(&format!("{}/auth/forgot-password", s.url)),
        "{mail}"
    );
    assert!(!mail.contains("token="), "{mail}");

    // Another attempt answers the same again, and the owner's inbox gets one such mail an hour.
    let again = s
        .gql(
            SIGN_UP,
            json!({ "i": sign_up_input("taken-seller-2", DEMO_ADMIN) }),
            None,
        )
        .await;
    assert_eq!(masked(&again), masked(&fresh));
    let owner_mails = "SELECT COUNT(*) FROM event_histories WHERE type = 'mail.send' AND dedupe_key LIKE 'mail:sign-up-attempt:%'";
    assert_eq!(count(&s, owner_mails).await, 1);

    // A taken key may still say so: keys are public.
    let key = s
        .gql(
            SIGN_UP,
            json!({ "i": sign_up_input("fresh-seller", "other@probe.test") }),
            None,
        )
        .await;
    assert_eq!(code(&key), "CONFLICT");
}

/// Runs `api serve` with the base environment of a test server plus `env`, expecting it to
/// refuse to start; returns its output.
fn refused_start(env: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("out.log");
    let file = std::fs::File::create(&log).expect("log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_api"))
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("PORT", free_port().to_string())
        .env("DATA_DIR", dir.path())
        .env("WEB_DIR", dir.path().join("no-web"))
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(file.try_clone().expect("log"))
        .stderr(file)
        .spawn()
        .expect("start api");
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the server started; output:\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!status.success(), "exit {status}; output:\n{out}");
    out
}

#[tokio::test]
async fn demo_mode_on_a_public_address_needs_a_password_of_its_own() {
    let out = refused_start(&[("HOST", "0.0.0.0"), ("DEMO", "true")]);
    assert!(
        out.contains("DEMO_PASSWORD") && out.contains("HOST=0.0.0.0"),
        "{out}"
    );
    let out = refused_start(&[
        ("HOST", "0.0.0.0"),
        ("DEMO", "true"),
        ("DEMO_PASSWORD", DEMO_PASSWORD),
    ]);
    assert!(
        out.contains("DEMO_PASSWORD is the published default"),
        "{out}"
    );
    let out = refused_start(&[("TRUSTED_PROXIES", "10.0.0.0/8, 10.0.0.300/32")]);
    assert!(
        out.contains("TRUSTED_PROXIES") && out.contains("10.0.0.300/32"),
        "{out}"
    );

    // On loopback the newcomer's demo starts as before, and says who can sign in with what.
    let mut s = Server::start_with(&[("DEMO", "true")]).await;
    s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let warning = s
        .log()
        .lines()
        .find(|l| l.contains("WARN") && l.contains("DEMO mode is on"))
        .map(str::to_owned);
    let warning = warning.unwrap_or_else(|| panic!("no demo warning; log:\n{}", s.log()));
    assert!(
        warning.contains(DEMO_ADMIN)
            && warning.contains(DEMO_STAFF)
            && warning.contains(DEMO_PASSWORD),
        "{warning}"
    );

    // On a public address with DEMO_PASSWORD set it starts, and the demo users created with the
    // published password now have the chosen one.
    s.restart_with(&[
        ("HOST", "0.0.0.0"),
        ("DEMO_PASSWORD", "a-password-of-our-own"),
    ])
    .await;
    let old = s
        .gql(
            LOGIN,
            json!({ "i": { "email": DEMO_STAFF, "password": DEMO_PASSWORD } }),
            None,
        )
        .await;
    assert_eq!(code(&old), "UNAUTHENTICATED");
    s.login(DEMO_ADMIN, "a-password-of-our-own").await;
    s.login(DEMO_STAFF, "a-password-of-our-own").await;
    let warning = s
        .log()
        .lines()
        .rev()
        .find(|l| l.contains("DEMO mode is on"))
        .map(str::to_owned)
        .expect("warning");
    assert!(
        warning.contains("DEMO_PASSWORD") && !warning.contains(DEMO_PASSWORD),
        "{warning}"
    );
}
