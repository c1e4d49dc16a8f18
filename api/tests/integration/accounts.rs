use crate::common::*;
use serde_json::json;

const LOGIN: &str = "mutation($i: LoginInput!) { login(input: $i) { accessToken } }";
const ME: &str = "{ getMe { id email firstName lastName role client { key isActive promotionsEnabled } plan { type maxShops } settings { name value } shops { id } } }";

#[tokio::test]
async fn login_answers_one_message_for_wrong_email_and_wrong_password() {
    let s = Server::start().await;
    let token = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let me = s.ok(ME, json!({}), Some(&token)).await;
    assert_eq!(me["getMe"]["email"], DEMO_ADMIN);
    assert_eq!(me["getMe"]["role"], "ADMIN");
    assert_eq!(me["getMe"]["client"]["key"], "demo");
    assert_eq!(me["getMe"]["client"]["promotionsEnabled"], true);
    assert_eq!(me["getMe"]["plan"]["type"], "DIAMOND");

    let wrong_pw = s
        .gql(
            LOGIN,
            json!({ "i": { "email": DEMO_ADMIN, "password": "not-the-password" } }),
            None,
        )
        .await;
    let wrong_email = s.gql(LOGIN, json!({ "i": { "email": "nobody@demo.sellerdesk.test", "password": "not-the-password" } }), None).await;
    assert_eq!(code(&wrong_pw), "UNAUTHENTICATED");
    assert_eq!(code(&wrong_email), "UNAUTHENTICATED");
    assert_eq!(message(&wrong_pw), message(&wrong_email));

    let blank = s
        .gql(
            LOGIN,
            json!({ "i": { "email": " ", "password": "x" } }),
            None,
        )
        .await;
    assert_eq!(code(&blank), "BAD_USER_INPUT");
    assert_eq!(field(&blank), "email");

    // STAFF of the demo client: promotions are the demo client's, so enabled; super admin's are not.
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let me = s.ok(ME, json!({}), Some(&root)).await;
    assert_eq!(me["getMe"]["role"], "SUPER_ADMIN");
    assert_eq!(me["getMe"]["client"]["promotionsEnabled"], false);
}

#[tokio::test]
async fn a_request_without_or_with_a_bad_token_is_unauthenticated() {
    let s = Server::start().await;
    assert_eq!(code(&s.gql(ME, json!({}), None).await), "UNAUTHENTICATED");
    assert_eq!(
        code(&s.gql(ME, json!({}), Some("not-a-token")).await),
        "UNAUTHENTICATED"
    );
    // A token signed with another secret is refused.
    let other = Server::start_with(&[(
        "JWT_SECRET",
        "another-secret-that-is-long-enough-0123456789",
    )])
    .await;
    let foreign = other.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    assert_eq!(
        code(&s.gql(ME, json!({}), Some(&foreign)).await),
        "UNAUTHENTICATED"
    );
}

#[tokio::test]
async fn changing_the_password_revokes_older_tokens() {
    let s = Server::start().await;
    let token = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let change = "mutation($i: ChangePasswordInput!) { changePassword(input: $i) }";

    let wrong = s
        .gql(
            change,
            json!({ "i": { "currentPassword": "nope-nope", "newPassword": "a-new-password" } }),
            Some(&token),
        )
        .await;
    assert_eq!(code(&wrong), "BAD_USER_INPUT");
    assert_eq!(field(&wrong), "currentPassword");
    let short = s
        .gql(
            change,
            json!({ "i": { "currentPassword": DEMO_PASSWORD, "newPassword": "short" } }),
            Some(&token),
        )
        .await;
    assert_eq!(code(&short), "BAD_USER_INPUT");
    assert_eq!(field(&short), "newPassword");
    // Nothing changed: the token still works.
    s.ok(ME, json!({}), Some(&token)).await;

    s.ok(
        change,
        json!({ "i": { "currentPassword": DEMO_PASSWORD, "newPassword": "a-new-password" } }),
        Some(&token),
    )
    .await;
    assert_eq!(
        code(&s.gql(ME, json!({}), Some(&token)).await),
        "UNAUTHENTICATED"
    );
    assert_eq!(
        code(
            &s.gql(
                LOGIN,
                json!({ "i": { "email": DEMO_STAFF, "password": DEMO_PASSWORD } }),
                None
            )
            .await
        ),
        "UNAUTHENTICATED"
    );
    let fresh = s.login(DEMO_STAFF, "a-new-password").await;
    s.ok(ME, json!({}), Some(&fresh)).await;
}

#[tokio::test]
async fn forgot_and_reset_password_with_a_single_use_token() {
    let s = Server::start().await;
    let before = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let forgot = "mutation($e: String!) { forgotPassword(email: $e) }";

    // An unknown email answers true and sends nothing.
    assert_eq!(
        s.ok(forgot, json!({ "e": "ghost@nowhere.test" }), None)
            .await["forgotPassword"],
        true
    );
    assert_eq!(
        s.ok(forgot, json!({ "e": DEMO_STAFF }), None).await["forgotPassword"],
        true
    );
    let token = s.mailed_token(DEMO_STAFF, "/auth/reset-password").await;
    assert!(s.mails().iter().all(|m| !m.contains("ghost@nowhere.test")));
    let mail = s
        .mails()
        .into_iter()
        .find(|m| m.contains(&token))
        .expect("mail");
    assert!(
        mail.contains("Subject: Sellerdesk"),
        "product name in the subject: {mail}"
    );
    assert!(
        mail.contains("text/plain") && mail.contains("text/html"),
        "two parts: {mail}"
    );
    assert!(mail.contains(&format!("{}/auth/reset-password?token=", s.url)));

    let reset =
        "mutation($t: String!, $p: String!) { resetPasswordWithToken(token: $t, password: $p) }";
    let short = s
        .gql(reset, json!({ "t": token, "p": "short" }), None)
        .await;
    assert_eq!(field(&short), "password");
    s.ok(reset, json!({ "t": token, "p": "reset-password-1" }), None)
        .await;
    let again = s
        .gql(reset, json!({ "t": token, "p": "reset-password-2" }), None)
        .await;
    assert_eq!(code(&again), "BAD_USER_INPUT");
    assert_eq!(field(&again), "token");

    assert_eq!(
        code(&s.gql(ME, json!({}), Some(&before)).await),
        "UNAUTHENTICATED"
    );
    s.login(DEMO_STAFF, "reset-password-1").await;
}

#[tokio::test]
async fn an_admin_sends_a_reset_link_to_a_user_of_its_client_only() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    let root_id = me_id(&s, &root).await;
    let reset = "mutation($u: ID!) { resetPassword(userId: $u) }";

    s.ok(reset, json!({ "u": staff_id }), Some(&admin)).await;
    s.mailed_token(DEMO_STAFF, "/auth/reset-password").await;
    assert_eq!(
        code(&s.gql(reset, json!({ "u": staff_id }), Some(&staff)).await),
        "FORBIDDEN"
    );
    assert_eq!(
        code(&s.gql(reset, json!({ "u": root_id }), Some(&admin)).await),
        "NOT_FOUND"
    );
    assert_eq!(
        code(
            &s.gql(reset, json!({ "u": "no-such-id" }), Some(&admin))
                .await
        ),
        "NOT_FOUND"
    );
}

#[tokio::test]
async fn sign_up_then_verify_then_sign_in() {
    let s = Server::start().await;
    let sign_up = "mutation($i: SignUpClientInput!) { signUpClient(input: $i) }";
    let check = "mutation($k: String!) { checkDuplicateClientKey(key: $k) }";
    let input = |key: &str, email: &str| {
        json!({ "i": { "clientName": "Acme Prints", "clientKey": key, "email": email, "password": "acme-password",
                        "firstName": "Ada", "lastName": "Acme" } })
    };

    assert_eq!(
        s.ok(check, json!({ "k": "demo" }), None).await["checkDuplicateClientKey"],
        true
    );
    assert_eq!(
        s.ok(check, json!({ "k": "acme" }), None).await["checkDuplicateClientKey"],
        false
    );
    assert_eq!(
        code(&s.gql(check, json!({ "k": "A!" }), None).await),
        "BAD_USER_INPUT"
    );

    // Bad input changes nothing.
    let bad = s
        .gql(sign_up, input("Bad Key!", "ada@acme.test"), None)
        .await;
    assert_eq!(code(&bad), "BAD_USER_INPUT");
    assert_eq!(field(&bad), "clientKey");
    let bad = s.gql(sign_up, input("acme", "not-an-email"), None).await;
    assert_eq!(field(&bad), "email");
    assert_eq!(
        s.ok(check, json!({ "k": "acme" }), None).await["checkDuplicateClientKey"],
        false
    );

    s.ok(sign_up, input("acme", "ada@acme.test"), None).await;
    assert_eq!(
        code(&s.gql(sign_up, input("acme", "other@acme.test"), None).await),
        "CONFLICT"
    );
    // A taken email answers as a new sign-up (the answer never tells whether an email has an
    // account) and creates nothing; its key is held as a new sign-up's is, so checking the key
    // afterwards tells nothing either.
    assert_eq!(
        s.ok(sign_up, input("acme-2", "ada@acme.test"), None).await["signUpClient"],
        true
    );
    assert_eq!(
        s.ok(check, json!({ "k": "acme-2" }), None).await["checkDuplicateClientKey"],
        true
    );

    // Not verified yet: no sign-in.
    assert_eq!(
        code(
            &s.gql(
                LOGIN,
                json!({ "i": { "email": "ada@acme.test", "password": "acme-password" } }),
                None
            )
            .await
        ),
        "UNAUTHENTICATED"
    );
    let token = s.mailed_token("ada@acme.test", "/verify-email").await;
    let verify = "mutation($t: String!) { verifyClient(token: $t) }";
    assert_eq!(
        code(&s.gql(verify, json!({ "t": "0000" }), None).await),
        "BAD_USER_INPUT"
    );
    s.ok(verify, json!({ "t": token }), None).await;
    assert_eq!(
        code(&s.gql(verify, json!({ "t": token }), None).await),
        "BAD_USER_INPUT"
    );

    let ada = s.login("ada@acme.test", "acme-password").await;
    let me = s.ok(ME, json!({}), Some(&ada)).await;
    assert_eq!(me["getMe"]["role"], "ADMIN");
    assert_eq!(me["getMe"]["client"]["key"], "acme");
    assert_eq!(me["getMe"]["client"]["isActive"], true);
    assert_eq!(me["getMe"]["client"]["promotionsEnabled"], false);
    assert_eq!(me["getMe"]["plan"]["type"], "FREE");
    assert_eq!(me["getMe"]["plan"]["maxShops"], 1);
}

#[tokio::test]
async fn timezone_setting_must_be_an_iana_zone() {
    let s = Server::start().await;
    let token = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let update =
        "mutation($i: UpdateUserSettingsInput!) { updateUserSettings(input: $i) { name value } }";
    let ok = s
        .ok(
            update,
            json!({ "i": { "settings": [{ "name": "TIMEZONE", "value": "Europe/Paris" }] } }),
            Some(&token),
        )
        .await;
    assert_eq!(ok["updateUserSettings"][0]["value"], "Europe/Paris");
    let bad = s
        .gql(
            update,
            json!({ "i": { "settings": [{ "name": "TIMEZONE", "value": "Mars/Olympus" }] } }),
            Some(&token),
        )
        .await;
    assert_eq!(code(&bad), "BAD_USER_INPUT");
    assert_eq!(field(&bad), "settings.0.value");
    let me = s.ok(ME, json!({}), Some(&token)).await;
    assert_eq!(
        me["getMe"]["settings"],
        json!([{ "name": "TIMEZONE", "value": "Europe/Paris" }])
    );
    s.ok(
        update,
        json!({ "i": { "settings": [{ "name": "TIMEZONE", "value": "America/New_York" }] } }),
        Some(&token),
    )
    .await;
    let me = s.ok(ME, json!({}), Some(&token)).await;
    assert_eq!(
        me["getMe"]["settings"],
        json!([{ "name": "TIMEZONE", "value": "America/New_York" }])
    );
}

#[tokio::test]
async fn login_and_forgot_password_are_rate_limited() {
    let s = Server::start_with(&[
        ("RATE_LIMIT_LOGIN_EMAIL", "3"),
        ("RATE_LIMIT_FORGOT_EMAIL", "2"),
    ])
    .await;
    let wrong = json!({ "i": { "email": DEMO_ADMIN, "password": "wrong-password" } });
    for _ in 0..3 {
        assert_eq!(
            code(&s.gql(LOGIN, wrong.clone(), None).await),
            "UNAUTHENTICATED"
        );
    }
    assert_eq!(
        code(&s.gql(LOGIN, wrong.clone(), None).await),
        "RATE_LIMITED"
    );
    // Even the right password is refused while limited: guessing gains nothing.
    let right = json!({ "i": { "email": DEMO_ADMIN, "password": DEMO_PASSWORD } });
    assert_eq!(code(&s.gql(LOGIN, right, None).await), "RATE_LIMITED");
    // Another email is not limited by this one.
    s.login(DEMO_STAFF, DEMO_PASSWORD).await;

    let forgot = "mutation($e: String!) { forgotPassword(email: $e) }";
    s.ok(forgot, json!({ "e": "x@y.test" }), None).await;
    s.ok(forgot, json!({ "e": "x@y.test" }), None).await;
    assert_eq!(
        code(&s.gql(forgot, json!({ "e": "x@y.test" }), None).await),
        "RATE_LIMITED"
    );

    // Per IP: with a limit of 2 per address, a third email from the same address is refused.
    let s = Server::start_with(&[("RATE_LIMIT_LOGIN_IP", "2")]).await;
    for email in ["a@x.test", "b@x.test"] {
        assert_eq!(
            code(
                &s.gql(
                    LOGIN,
                    json!({ "i": { "email": email, "password": "wrong-password" } }),
                    None
                )
                .await
            ),
            "UNAUTHENTICATED"
        );
    }
    assert_eq!(
        code(
            &s.gql(
                LOGIN,
                json!({ "i": { "email": "c@x.test", "password": "wrong-password" } }),
                None
            )
            .await
        ),
        "RATE_LIMITED"
    );
}
