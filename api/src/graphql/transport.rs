//! GraphQL over HTTP (https://graphql.github.io/graphql-over-http/draft/): which media type an
//! answer uses, which status it carries, and which request bodies are accepted.
//!
//! - `Accept: application/graphql-response+json` (what graphql-request, the web app's client,
//!   lists first) gets that media type, and a request that never executed (its document does not
//!   parse or validate, its variables cannot be coerced, its body is not a GraphQL request) is
//!   400 without a `data` entry, so tools and proxies can tell a bad request from a result.
//! - `Accept: application/json`, a wildcard, or no Accept at all is a legacy client: the same
//!   answers with `application/json` and 200 for anything that reached the GraphQL engine, as
//!   before.
//! - An Accept listing neither is 406; a POST whose Content-Type is not JSON is 415 (a form or
//!   plain-text POST is also what a cross-site page can send without a CORS preflight).
use axum::http::{HeaderValue, StatusCode};
use mime::Mime;

pub const GRAPHQL_RESPONSE_JSON: &str = "application/graphql-response+json";

/// The media type of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Media {
    /// `application/graphql-response+json`: statuses follow the request's fate.
    GraphqlResponse,
    /// `application/json`: a legacy client, which can only rely on a 200 being GraphQL.
    Json,
}

impl Media {
    /// The media type the client prefers among those we speak; `None` when it accepts neither.
    /// Highest quality wins, the earlier entry on a tie; wildcards mean JSON, which every client
    /// understands.
    pub fn negotiate(accept: Option<&HeaderValue>) -> Option<Media> {
        let Some(accept) = accept else {
            return Some(Media::Json);
        };
        // A header that is not visible ASCII cannot be read: answer as to a legacy client.
        let Ok(accept) = accept.to_str() else {
            return Some(Media::Json);
        };
        if accept.trim().is_empty() {
            return Some(Media::Json);
        }
        let mut best: Option<(f32, Media)> = None;
        for entry in accept.split(',') {
            let Ok(range) = entry.trim().parse::<Mime>() else {
                continue;
            };
            let quality = range
                .get_param("q")
                .and_then(|q| q.as_str().parse::<f32>().ok())
                .unwrap_or(1.0);
            if quality <= 0.0 {
                continue;
            }
            let media = match range.essence_str() {
                GRAPHQL_RESPONSE_JSON => Media::GraphqlResponse,
                "application/json" | "application/*" | "*/*" => Media::Json,
                _ => continue,
            };
            if best.is_none_or(|(q, _)| quality > q) {
                best = Some((quality, media));
            }
        }
        best.map(|(_, media)| media)
    }

    pub fn content_type(self) -> HeaderValue {
        match self {
            Media::GraphqlResponse => {
                HeaderValue::from_static("application/graphql-response+json; charset=utf-8")
            }
            Media::Json => HeaderValue::from_static("application/json"),
        }
    }

    /// The status of an answer to a request the GraphQL engine refused before executing it
    /// (parse, validation, limits, variables).
    pub fn refused_status(self) -> StatusCode {
        match self {
            Media::GraphqlResponse => StatusCode::BAD_REQUEST,
            Media::Json => StatusCode::OK,
        }
    }
}

/// Why a request body's Content-Type is not accepted (answered 415).
pub const UNSUPPORTED_CONTENT_TYPE: &str =
    "send the GraphQL request as JSON, with `Content-Type: application/json`";

/// True when the body is declared as JSON in UTF-8 (the charset may be left out, and JSON has
/// no other).
pub fn is_json_body(content_type: Option<&HeaderValue>) -> bool {
    let Some(parsed) = content_type
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<Mime>().ok())
    else {
        return false;
    };
    parsed.type_() == mime::APPLICATION
        && parsed.subtype() == mime::JSON
        && parsed.suffix().is_none()
        && parsed
            .get_param(mime::CHARSET)
            .is_none_or(|c| c == mime::UTF_8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn negotiate(accept: Option<&str>) -> Option<Media> {
        Media::negotiate(
            accept
                .map(|a| HeaderValue::from_str(a).expect("header"))
                .as_ref(),
        )
    }

    #[test]
    fn accept_picks_the_preferred_media_type() {
        assert_eq!(negotiate(None), Some(Media::Json));
        assert_eq!(negotiate(Some("")), Some(Media::Json));
        assert_eq!(
            negotiate(Some("application/graphql-response+json")),
            Some(Media::GraphqlResponse)
        );
        assert_eq!(
            negotiate(Some("application/graphql-response+json, application/json")),
            Some(Media::GraphqlResponse)
        );
        assert_eq!(
            negotiate(Some("application/json, application/graphql-response+json")),
            Some(Media::Json)
        );
        assert_eq!(
            negotiate(Some(
                "application/graphql-response+json, application/json;q=0.9"
            )),
            Some(Media::GraphqlResponse)
        );
        assert_eq!(
            negotiate(Some(
                "application/json;q=0.9, application/graphql-response+json"
            )),
            Some(Media::GraphqlResponse)
        );
        assert_eq!(
            negotiate(Some(
                "application/graphql-response+json;q=0, application/json"
            )),
            Some(Media::Json)
        );
        assert_eq!(negotiate(Some("*/*")), Some(Media::Json));
        assert_eq!(negotiate(Some("text/html, */*;q=0.8")), Some(Media::Json));
        assert_eq!(negotiate(Some("application/*")), Some(Media::Json));
        assert_eq!(negotiate(Some("text/html")), None);
        assert_eq!(negotiate(Some("application/xml, text/plain")), None);
        assert_eq!(negotiate(Some("nonsense")), None);
    }

    #[test]
    fn only_json_bodies_in_utf8_are_accepted() {
        let ok = |v: &str| is_json_body(Some(&HeaderValue::from_str(v).expect("header")));
        assert!(ok("application/json"));
        assert!(ok("application/json; charset=utf-8"));
        assert!(ok("Application/JSON;charset=UTF-8"));
        assert!(!is_json_body(None));
        assert!(!ok("text/plain"));
        assert!(!ok("application/x-www-form-urlencoded"));
        assert!(!ok("multipart/form-data; boundary=x"));
        assert!(!ok("application/json; charset=latin1"));
        assert!(!ok("application/graphql"));
        assert!(!ok("application/vnd.api+json"));
    }
}
