//! Typed clients of the outside world. Knows nothing of the database.
//!
//! No error of this crate carries a request URL: reqwest's error text does (with the query,
//! where TikTok's token calls put the app secret, the auth code and the refresh token), so
//! every reqwest error is turned into text by [`describe`] only.

pub mod amazon;
pub mod channel;
pub mod fetch;
pub mod fulfillment;
pub mod mail;
pub mod pace;
pub mod storage;
pub mod stripe;
pub mod telegram;
pub mod tiktok;
pub mod walmart;

/// A reqwest error as text for the log: its kind and the chain of causes ("connection
/// refused"), never the URL. Any URL a cause might still quote loses everything after its
/// host.
pub(crate) fn describe(error: reqwest::Error) -> String {
    use std::error::Error as _;
    let error = error.without_url();
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    redact_urls(&text)
}

/// Every `scheme://…` in `text` replaced by `<url>`: a URL may carry credentials in its
/// authority and tokens in its query.
pub fn redact_urls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("://") {
        let scheme_start = rest[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
            .map_or(0, |i| i + 1);
        out.push_str(&rest[..scheme_start]);
        out.push_str("<url>");
        let after = &rest[at + 3..];
        let end = after
            .find(|c: char| c.is_whitespace() || matches!(c, ')' | '"' | '\'' | '>'))
            .unwrap_or(after.len());
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::redact_urls;

    #[test]
    fn urls_lose_path_query_and_credentials() {
        assert_eq!(
            redact_urls(
                "error sending request for url (http://127.0.0.1:9/api/v2/token/get?app_secret=s&auth_code=c): refused"
            ),
            "error sending request for url (<url>): refused"
        );
        assert_eq!(
            redact_urls("smtp://user:pw@mail.test:587 down"),
            "<url> down"
        );
        assert_eq!(redact_urls("no url here"), "no url here");
    }
}
