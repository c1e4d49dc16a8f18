//! The request signature as the reference's §5 specifies it, recomputed server-side.
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// `hex(HMAC_SHA256(secret, secret + path + sorted(k+v) + body + secret))`, leaving out `sign`
/// and `access_token`. `body` is empty for GET and for multipart uploads.
pub fn sign(secret: &str, path: &str, query: &[(String, String)], body: &[u8]) -> String {
    let mut pairs: Vec<&(String, String)> = query
        .iter()
        .filter(|(k, _)| k != "sign" && k != "access_token")
        .collect();
    pairs.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut message = Vec::with_capacity(secret.len() * 2 + path.len() + body.len() + 64);
    message.extend_from_slice(secret.as_bytes());
    message.extend_from_slice(path.as_bytes());
    for (k, v) in pairs {
        message.extend_from_slice(k.as_bytes());
        message.extend_from_slice(v.as_bytes());
    }
    message.extend_from_slice(body);
    message.extend_from_slice(secret.as_bytes());
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(&message);
    hex::encode(mac.finalize().into_bytes())
}

/// `hex(HMAC_SHA256(secret, app_key + body))`: how the marketplace signs a webhook delivery.
pub fn webhook(app_key: &str, secret: &str, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(app_key.as_bytes());
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// Compares two signatures without leaking where they first differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn official_cross_check_vector() {
        let s = sign(
            "e59af819cc",
            "/authorization/202309/shops",
            &q(&[("app_key", "29a39d"), ("timestamp", "1623812664")]),
            b"",
        );
        assert_eq!(
            s,
            "b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8"
        );
    }

    #[test]
    fn worked_example_b_ignores_sign_and_access_token() {
        let query = q(&[
            ("app_key", "sbx_app_key_123"),
            ("timestamp", "1700000000"),
            ("shop_cipher", "ROW_FakeCipher001"),
            ("page_size", "20"),
            ("sign", "IGNORED"),
            ("access_token", "IGNORED"),
        ]);
        let body = br#"{"status":"ACTIVATE","seller_skus":["TEE-001"]}"#;
        let s = sign(
            "sbx_secret_abc",
            "/product/202502/products/search",
            &query,
            body,
        );
        assert_eq!(
            s,
            "e1d0cd860d710c4eb83d73a1c587aab47534854bf2876a47054761c4550dd640"
        );
    }
}
