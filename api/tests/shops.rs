//! Shops: the consent flow against the TikTok Shop sandbox, over real HTTP.
mod common;

use common::*;
use serde_json::json;

#[tokio::test]
async fn authorizing_connects_the_shop_once() {
    let server = Server::start().await;
    let admin = server.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let link = server
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
            json!({}),
            Some(&admin),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    assert!(link.starts_with(server.tiktok.base_url()), "{link}");
    let granted = server.sandbox().grant_shop("Smoke Shop", "US");
    let input = json!({ "i": { "code": granted.auth_code, "state": state_of(&link), "saleChannel": "TIKTOK" } });
    let q = "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id name connection saleChannel } }";
    let shop = server.ok(q, input.clone(), Some(&admin)).await["authorizeShop"].clone();
    assert_eq!(shop["name"], "Smoke Shop");
    assert_eq!(shop["connection"], "CONNECTED");
    // The same callback again answers the same shop; a made-up state is refused.
    let again = server.ok(q, input, Some(&admin)).await["authorizeShop"].clone();
    assert_eq!(again["id"], shop["id"]);
    let forged =
        json!({ "i": { "code": granted.auth_code, "state": "forged", "saleChannel": "TIKTOK" } });
    let res = server.gql(q, forged, Some(&admin)).await;
    assert_eq!(code(&res), "BAD_USER_INPUT");
    assert_eq!(field(&res), "state");
}
