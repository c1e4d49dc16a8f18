//! Request signing of the TikTok Shop Open API (HMAC-SHA256, reference §5).
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// `hex(HMAC_SHA256(secret, secret + path + Σ sorted(key + value) + body + secret))`.
///
/// `query` is every query parameter as sent, unencoded; `sign` and `access_token` are left
/// out here so callers need not remove them. `body` is the exact bytes sent, or empty for GET
/// requests and multipart uploads.
pub fn sign(app_secret: &str, path: &str, query: &[(String, String)], body: &[u8]) -> String {
    let mut pairs: Vec<&(String, String)> = query
        .iter()
        .filter(|(k, _)| k != "sign" && k != "access_token")
        .collect();
    pairs.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(app_secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(app_secret.as_bytes());
    mac.update(path.as_bytes());
    for (k, v) in pairs {
        mac.update(k.as_bytes());
        mac.update(v.as_bytes());
    }
    mac.update(body);
    mac.update(app_secret.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::sign;

    const KEY: &str = "sbx_app_key_123";
    const SECRET: &str = "sbx_secret_abc";
    const TS: &str = "1700000000";
    const CIPHER: &str = "ROW_FakeCipher001";

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn official_walkthrough_vector() {
        let query = q(&[("app_key", "29a39d"), ("timestamp", "1623812664")]);
        assert_eq!(
            sign("e59af819cc", "/authorization/202309/shops", &query, b""),
            "b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8"
        );
    }

    #[test]
    fn example_a_get_categories() {
        let query = q(&[
            ("app_key", KEY),
            ("timestamp", TS),
            ("shop_cipher", CIPHER),
            ("locale", "en-US"),
            ("category_version", "v2"),
        ]);
        assert_eq!(
            sign(SECRET, "/product/202309/categories", &query, b""),
            "1946db89100e58b4c53192a79ded4a4e1e5f5fdb82869dc43e083e0ebb88ac09"
        );
    }

    #[test]
    fn example_b_search_with_body_ignores_sign_and_access_token() {
        let query = q(&[
            ("app_key", KEY),
            ("timestamp", TS),
            ("shop_cipher", CIPHER),
            ("page_size", "20"),
            ("sign", "IGNORED"),
            ("access_token", "IGNORED"),
        ]);
        let body = br#"{"status":"ACTIVATE","seller_skus":["TEE-001"]}"#;
        assert_eq!(
            sign(SECRET, "/product/202502/products/search", &query, body),
            "e1d0cd860d710c4eb83d73a1c587aab47534854bf2876a47054761c4550dd640"
        );
    }

    #[test]
    fn example_c_create_activity() {
        let query = q(&[("app_key", KEY), ("timestamp", TS), ("shop_cipher", CIPHER)]);
        let body = br#"{"title":"Weekend Flash","activity_type":"FLASHSALE","begin_time":1700003600,"end_time":1700090000,"product_level":"VARIATION"}"#;
        assert_eq!(
            sign(SECRET, "/promotion/202309/activities", &query, body),
            "1fc5ad8484423057de9cfa3383de4722359897076b23d9980c0ee2768f8418cb"
        );
    }

    #[test]
    fn example_d_multipart_upload_signs_no_body() {
        let query = q(&[("app_key", KEY), ("timestamp", TS)]);
        assert_eq!(
            sign(SECRET, "/product/202309/images/upload", &query, b""),
            "cbebfdee58705780c3d0647a60d110a4f5a4ed95e52f685936c106c731390027"
        );
    }

    #[test]
    fn example_e_authorized_shops() {
        let query = q(&[("app_key", KEY), ("timestamp", TS)]);
        assert_eq!(
            sign(SECRET, "/authorization/202309/shops", &query, b""),
            "fc0491d61eda2310ceddb2868bfdff96e0f81a4de12a6fc8d0a5c771a0071ded"
        );
    }

    #[test]
    fn the_serialised_create_activity_body_is_the_signed_one() {
        // The client signs the bytes serde_json produces; they must be compact, in field order.
        #[derive(serde::Serialize)]
        struct Body<'a> {
            title: &'a str,
            activity_type: &'a str,
            begin_time: i64,
            end_time: i64,
            product_level: &'a str,
        }
        let body = serde_json::to_vec(&Body {
            title: "Weekend Flash",
            activity_type: "FLASHSALE",
            begin_time: 1700003600,
            end_time: 1700090000,
            product_level: "VARIATION",
        })
        .expect("serialisable");
        let query = q(&[("app_key", KEY), ("timestamp", TS), ("shop_cipher", CIPHER)]);
        assert_eq!(
            sign(SECRET, "/promotion/202309/activities", &query, &body),
            "1fc5ad8484423057de9cfa3383de4722359897076b23d9980c0ee2768f8418cb"
        );
    }
}
