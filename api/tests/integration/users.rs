
use crate::common::*;
use serde_json::json;

const USERS: &str = "query($l: Int, $p: Int) { getUsers(limit: $l, page: $p) { items { id email role } pageInfo { hasNextPage hasPreviousPage totalCount } } }";
const CREATE: &str = "mutation($i: CreateUserInput!) { signUp(input: $i) }";
const REMOVE: &str = "mutation($id: ID!) { removeUser(id: $id) }";

fn new_user(email: &str, role: &str) -> serde_json::Value {
    json!({ "i": { "email": email, "password": "user-password", "firstName": "New", "lastName": "User", "role": role } })
}

async fn total(s: &Server, token: &str) -> i64 {
    s.ok(USERS, json!({}), Some(token)).await["getUsers"]["pageInfo"]["totalCount"]
        .as_i64()
        .expect("count")
}

#[tokio::test]
async fn admins_list_their_own_clients_users_paged() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;

    let all = s.ok(USERS, json!({}), Some(&admin)).await;
    let emails: Vec<&str> = all["getUsers"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|u| u["email"].as_str())
        .collect();
    assert_eq!(emails, vec![DEMO_ADMIN, DEMO_STAFF]);
    assert!(!emails.contains(&SUPER_EMAIL));

    let first = s.ok(USERS, json!({ "l": 1, "p": 1 }), Some(&admin)).await;
    assert_eq!(first["getUsers"]["items"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        first["getUsers"]["pageInfo"],
        json!({ "hasNextPage": true, "hasPreviousPage": false, "totalCount": 2 })
    );
    let second = s.ok(USERS, json!({ "l": 1, "p": 2 }), Some(&admin)).await;
    assert_eq!(
        second["getUsers"]["pageInfo"],
        json!({ "hasNextPage": false, "hasPreviousPage": true, "totalCount": 2 })
    );

    assert_eq!(
        code(&s.gql(USERS, json!({ "l": 0 }), Some(&admin)).await),
        "BAD_USER_INPUT"
    );
    assert_eq!(
        field(&s.gql(USERS, json!({ "l": 101 }), Some(&admin)).await),
        "limit"
    );
    assert_eq!(
        field(&s.gql(USERS, json!({ "p": 0 }), Some(&admin)).await),
        "page"
    );
    assert_eq!(
        code(&s.gql(USERS, json!({}), Some(&staff)).await),
        "FORBIDDEN"
    );
    assert_eq!(
        code(&s.gql(USERS, json!({}), None).await),
        "UNAUTHENTICATED"
    );
}

#[tokio::test]
async fn creating_users_follows_the_role_rules() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;

    let id = s
        .ok(
            CREATE,
            new_user("new.staff@demo.test", "STAFF"),
            Some(&admin),
        )
        .await["signUp"]
        .as_str()
        .expect("id")
        .to_owned();
    let token = s.login("new.staff@demo.test", "user-password").await;
    let me = s
        .ok(
            "{ getMe { id role client { key } } }",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(me["getMe"]["id"], id.as_str());
    assert_eq!(me["getMe"]["role"], "STAFF");
    assert_eq!(me["getMe"]["client"]["key"], "demo");
    assert_eq!(total(&s, &admin).await, 3);

    // Refusals change nothing.
    assert_eq!(
        code(
            &s.gql(CREATE, new_user("x@demo.test", "SUPER_ADMIN"), Some(&admin))
                .await
        ),
        "FORBIDDEN"
    );
    assert_eq!(
        code(
            &s.gql(CREATE, new_user("x@demo.test", "STAFF"), Some(&staff))
                .await
        ),
        "FORBIDDEN"
    );
    assert_eq!(
        code(
            &s.gql(
                CREATE,
                new_user("new.staff@demo.test", "STAFF"),
                Some(&admin)
            )
            .await
        ),
        "CONFLICT"
    );
    let bad = s
        .gql(CREATE, new_user("not an email", "STAFF"), Some(&admin))
        .await;
    assert_eq!(
        (code(&bad).as_str(), field(&bad).as_str()),
        ("BAD_USER_INPUT", "email")
    );
    let mut short = new_user("y@demo.test", "STAFF");
    short["i"]["password"] = json!("short");
    assert_eq!(field(&s.gql(CREATE, short, Some(&admin)).await), "password");
    let mut blank = new_user("y@demo.test", "STAFF");
    blank["i"]["firstName"] = json!("  ");
    assert_eq!(
        field(&s.gql(CREATE, blank, Some(&admin)).await),
        "firstName"
    );

    // Another client's id is NOT_FOUND for an admin; a super admin may place users anywhere.
    let root_client = s
        .ok("{ getMe { client { id } } }", json!({}), Some(&root))
        .await["getMe"]["client"]["id"]
        .clone();
    let demo_client = s
        .ok("{ getMe { client { id } } }", json!({}), Some(&admin))
        .await["getMe"]["client"]["id"]
        .clone();
    let mut elsewhere = new_user("z@demo.test", "ADMIN");
    elsewhere["i"]["clientId"] = root_client;
    assert_eq!(
        code(&s.gql(CREATE, elsewhere, Some(&admin)).await),
        "NOT_FOUND"
    );
    let mut unknown_shop = new_user("w@demo.test", "STAFF");
    unknown_shop["i"]["shopIds"] = json!(["01a00000-0000-7000-8000-000000000000"]);
    assert_eq!(
        code(&s.gql(CREATE, unknown_shop, Some(&admin)).await),
        "NOT_FOUND"
    );
    assert_eq!(total(&s, &admin).await, 3);

    let mut placed = new_user("second.admin@demo.test", "ADMIN");
    placed["i"]["clientId"] = demo_client;
    s.ok(CREATE, placed, Some(&root)).await;
    assert_eq!(total(&s, &admin).await, 4);
}

#[tokio::test]
async fn removing_a_user_revokes_their_tokens() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let staff_id = me_id(&s, &staff).await;
    let admin_id = me_id(&s, &admin).await;
    let root_id = me_id(&s, &root).await;

    assert_eq!(
        code(&s.gql(REMOVE, json!({ "id": admin_id }), Some(&staff)).await),
        "FORBIDDEN"
    );
    assert_eq!(
        code(&s.gql(REMOVE, json!({ "id": root_id }), Some(&admin)).await),
        "NOT_FOUND"
    );
    assert_eq!(
        field(&s.gql(REMOVE, json!({ "id": admin_id }), Some(&admin)).await),
        "id"
    );
    assert_eq!(total(&s, &admin).await, 2);

    s.ok(REMOVE, json!({ "id": staff_id }), Some(&admin)).await;
    assert_eq!(
        code(&s.gql("{ getMe { id } }", json!({}), Some(&staff)).await),
        "UNAUTHENTICATED"
    );
    assert_eq!(total(&s, &admin).await, 1);
    assert_eq!(
        code(&s.gql(REMOVE, json!({ "id": staff_id }), Some(&admin)).await),
        "NOT_FOUND"
    );
}
