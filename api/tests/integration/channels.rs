//! Amazon and Walmart shops over HTTP against their stand-ins: connecting by Amazon's consent
//! and by a Walmart key pair (checked, sealed), a wrong pair refused with nothing stored, the
//! repeated callback, and tenancy.

use crate::common::*;
use serde_json::json;

const AUTHORIZE: &str = "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id name saleChannel connection } }";
const CONNECT_WALMART: &str = "mutation($i: ConnectWalmartShopInput!) { connectWalmartShop(input: $i) { id name saleChannel connection } }";
const SHOP: &str = "query($id: ID!) { getShop(id: $id) { id name saleChannel connection } }";

async fn shop_columns(server: &Server, shop_id: &str) -> (Option<String>, Option<String>, String) {
    let db = database(server).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query_as::<_, (Option<String>, Option<String>, String)>(
        "SELECT access_token_encrypted, api_secret_encrypted, external_shop_id FROM shops WHERE id = $1",
    )
    .bind(shop_id)
    .fetch_one(&mut *conn)
    .await
    .expect("shop row")
}

#[tokio::test]
async fn an_amazon_seller_connects_by_consent_once_with_its_tokens_sealed() {
    let server = Server::start().await;
    let admin = server.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let link = server
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: AMAZON) }",
            json!({}),
            Some(&admin),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    assert!(link.starts_with(server.amazon.base_url()), "{link}");
    assert!(link.contains("application_id="), "{link}");

    let granted = server.amazon().grant_seller("Prairie Tees");
    // The consent redirect names the selling partner; without it nothing is connected.
    let missing = server
        .gql(
            AUTHORIZE,
            json!({ "i": { "code": granted.spapi_oauth_code, "state": state_of(&link), "saleChannel": "AMAZON" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&missing), "BAD_USER_INPUT");
    assert_eq!(field(&missing), "sellingPartnerId");

    let input = json!({ "i": {
        "code": granted.spapi_oauth_code,
        "state": state_of(&link),
        "saleChannel": "AMAZON",
        "sellingPartnerId": granted.selling_partner_id,
    } });
    let shop = server.ok(AUTHORIZE, input.clone(), Some(&admin)).await["authorizeShop"].clone();
    assert_eq!(shop["saleChannel"], "AMAZON");
    assert_eq!(shop["connection"], "CONNECTED");
    assert_eq!(shop["name"], "Prairie Tees");
    // The same callback again (a reload) answers the same shop.
    let again = server.ok(AUTHORIZE, input, Some(&admin)).await["authorizeShop"].clone();
    assert_eq!(again["id"], shop["id"]);

    let shop_id = shop["id"].as_str().expect("id");
    let (access, _, external) = shop_columns(&server, shop_id).await;
    assert_eq!(external, granted.selling_partner_id);
    let access = access.expect("a sealed access token");
    let issued = server
        .amazon()
        .ledger()
        .iter()
        .filter(|c| c.path.ends_with("/auth/o2/token"))
        .count();
    assert_eq!(issued, 1, "one code exchange for one consent");
    assert!(
        !access.starts_with("Atza|"),
        "the access token is sealed at rest"
    );

    // A code Amazon does not know is the seller's mistake, named by its field.
    let link = server
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: AMAZON) }",
            json!({}),
            Some(&admin),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let forged = server
        .gql(
            AUTHORIZE,
            json!({ "i": { "code": "ANforged", "state": state_of(&link), "saleChannel": "AMAZON", "sellingPartnerId": "A1FORGED" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&forged), "BAD_USER_INPUT", "{forged}");
    assert_eq!(field(&forged), "code");
}

#[tokio::test]
async fn a_walmart_key_pair_is_checked_and_its_secret_sealed() {
    let server = Server::start().await;
    let admin = server.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let seller = server.walmart().add_seller("Harbor Prints");
    let count = || async {
        server
            .ok(
                "{ getShops(filter: { saleChannel: WALMART }) { pageInfo { totalCount } } }",
                json!({}),
                Some(&admin),
            )
            .await["getShops"]["pageInfo"]["totalCount"]
            .as_i64()
            .expect("count")
    };

    // A wrong secret: refused at connect, on its field, with nothing stored.
    let wrong = server
        .gql(
            CONNECT_WALMART,
            json!({ "i": { "clientId": seller.client_id, "clientSecret": "not-the-secret", "name": "Harbor Prints" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&wrong), "BAD_USER_INPUT", "{wrong}");
    assert_eq!(field(&wrong), "clientSecret");
    assert!(!wrong.to_string().contains("not-the-secret"));
    assert_eq!(count().await, 0);
    let empty = server
        .gql(
            CONNECT_WALMART,
            json!({ "i": { "clientId": " ", "clientSecret": seller.client_secret } }),
            Some(&admin),
        )
        .await;
    assert_eq!(field(&empty), "clientId");

    // Walmart connects with a key pair, not a consent link.
    let link = server
        .gql(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: WALMART) }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&link), "BAD_USER_INPUT");
    assert_eq!(field(&link), "saleChannel");

    let input = json!({ "i": { "clientId": seller.client_id, "clientSecret": seller.client_secret, "name": "Harbor Prints" } });
    let shop = server
        .ok(CONNECT_WALMART, input.clone(), Some(&admin))
        .await["connectWalmartShop"]
        .clone();
    assert_eq!(shop["saleChannel"], "WALMART");
    assert_eq!(shop["name"], "Harbor Prints");
    // The same pair again reconnects the same shop.
    let again = server.ok(CONNECT_WALMART, input, Some(&admin)).await["connectWalmartShop"].clone();
    assert_eq!(again["id"], shop["id"]);
    assert_eq!(count().await, 1);

    let (_, secret, external) = shop_columns(&server, shop["id"].as_str().expect("id")).await;
    assert_eq!(external, seller.client_id);
    let secret = secret.expect("a sealed secret");
    assert!(
        !secret.contains(&seller.client_secret),
        "the client secret is sealed at rest"
    );
}

#[tokio::test]
async fn another_client_and_staff_reach_no_channel_shop() {
    let server = Server::start().await;
    let admin = server.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (amazon, _) = connect_amazon_shop(&server, &admin, "Tenancy Tees").await;
    let (walmart, _) = connect_walmart_shop(&server, &admin, "Tenancy Walmart").await;
    let other = new_client(&server, "otherprints", "owner@other.test").await;
    for id in [&amazon, &walmart] {
        let res = server.gql(SHOP, json!({ "id": id }), Some(&other)).await;
        assert_eq!(code(&res), "NOT_FOUND", "{res}");
        let res = server
            .gql(
                "mutation($id: ID!) { syncShop(id: $id) { batchId } }",
                json!({ "id": id }),
                Some(&other),
            )
            .await;
        assert_eq!(code(&res), "NOT_FOUND", "{res}");
    }
    // Connecting is the ADMIN's.
    let staff = server.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let seller = server.walmart().add_seller("Staff Walmart");
    let res = server
        .gql(
            CONNECT_WALMART,
            json!({ "i": { "clientId": seller.client_id, "clientSecret": seller.client_secret } }),
            Some(&staff),
        )
        .await;
    assert_eq!(code(&res), "FORBIDDEN", "{res}");
    // The other client may connect the same Walmart account as its own shop: one tenant never
    // learns another has it.
    let mine = server
        .ok(
            CONNECT_WALMART,
            json!({ "i": { "clientId": seller.client_id, "clientSecret": seller.client_secret } }),
            Some(&other),
        )
        .await["connectWalmartShop"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    assert_ne!(mine, walmart);
}
