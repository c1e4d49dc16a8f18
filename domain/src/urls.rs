//! URLs a seller gives for images (product images, template images and size charts, designs,
//! mockups) and pages (a product's origin). Parsed once at the edge, so a stored one is always
//! an absolute `http`/`https` URL with a host and nothing else: no `file:`, `javascript:` or
//! `data:`, no credentials, no address that can never be a web host (link-local, where cloud
//! metadata lives, unspecified, multicast, broadcast, documentation ranges).
//!
//! Whether the server may fetch one is decided again, on every fetch and every redirect, by the
//! guarded fetcher (`connectors::fetch`), which also refuses loopback and private addresses
//! unless the operator allowed them: those stay acceptable here because the server's own
//! uploads (`PUBLIC_URL`, 127.0.0.1 by default) and allow-listed hosts live there.
use std::net::{IpAddr, Ipv4Addr};

use crate::{DomainError, Result};

/// The longest URL accepted.
pub const MAX_URL_LEN: usize = 2048;

/// An absolute `http`/`https` URL a seller gave for an image or a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageUrl(String);

impl ImageUrl {
    /// Parses `raw` (trimmed); a refusal names `field`.
    pub fn parse(field: &str, raw: &str) -> Result<ImageUrl> {
        let raw = raw.trim();
        let bad = |message: &str| DomainError::bad_input(field, message);
        if raw.is_empty() {
            return Err(bad("must not be empty"));
        }
        if raw.len() > MAX_URL_LEN {
            return Err(bad(&format!("must be at most {MAX_URL_LEN} characters")));
        }
        if raw.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(bad("must be an http(s) URL without spaces"));
        }
        let url = url::Url::parse(raw).map_err(|_| bad("must be an absolute http(s) URL"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(bad("must be an http(s) URL"));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(bad("must not carry a user name or password"));
        }
        let never_a_web_host = match url.host() {
            None => return Err(bad("must name a host")),
            Some(url::Host::Domain(name)) if name.trim_matches('.').is_empty() => {
                return Err(bad("must name a host"));
            }
            Some(url::Host::Domain(_)) => false,
            Some(url::Host::Ipv4(ip)) => never_a_web_host(IpAddr::V4(ip)),
            Some(url::Host::Ipv6(ip)) => never_a_web_host(IpAddr::V6(ip)),
        };
        if never_a_web_host {
            return Err(bad("must point at a public web host"));
        }
        Ok(ImageUrl(raw.to_owned()))
    }

    /// Each of `raw`, as `{field}.{index}`.
    pub fn parse_all(field: &str, raw: &[String]) -> Result<Vec<ImageUrl>> {
        raw.iter()
            .enumerate()
            .map(|(i, u)| ImageUrl::parse(&format!("{field}.{i}"), u))
            .collect()
    }

    /// An optional URL: blank counts as absent.
    pub fn parse_optional(field: &str, raw: Option<&str>) -> Result<Option<ImageUrl>> {
        match raw.map(str::trim).filter(|s| !s.is_empty()) {
            Some(u) => ImageUrl::parse(field, u).map(Some),
            None => Ok(None),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::fmt::Display for ImageUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Addresses no web server a seller links to can have.
fn never_a_web_host(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4_never_a_web_host(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4_never_a_web_host(v4),
            None => {
                v6.is_unspecified()
                    || v6.is_unicast_link_local()
                    || v6.is_multicast()
                    || (v6.segments()[0] & 0xffc0) == 0xfec0
            }
        },
    }
}

fn v4_never_a_web_host(v4: Ipv4Addr) -> bool {
    v4.octets()[0] == 0
        || v4.is_link_local()
        || v4.is_multicast()
        || v4.is_broadcast()
        || v4.is_documentation()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(raw: &str) -> String {
        match ImageUrl::parse("images.0", raw) {
            Err(DomainError::BadInput { field, message }) => {
                assert_eq!(field, "images.0");
                message
            }
            other => panic!("{raw} was not refused: {other:?}"),
        }
    }

    #[test]
    fn only_absolute_http_urls_with_a_web_host() {
        for raw in [
            "file:///etc/passwd",
            "javascript:alert(1)",
            "data:image/png;base64,AAAA",
            "ftp://example.com/a.png",
            "gopher://example.com/",
            "//example.com/a.png",
            "/uploads/a.png",
            "front.png",
            "http://",
            "http://user:pw@example.com/a.png",
            "http://169.254.169.254/latest/meta-data",
            "http://2852039166/latest/meta-data",
            "http://[::ffff:169.254.169.254]/",
            "http://[fe80::1]/a.png",
            "http://0.0.0.0/a.png",
            "http://224.0.0.1/a.png",
            "http://255.255.255.255/a.png",
            "http://192.0.2.1/a.png",
            "http://exa mple.com/a.png",
            "",
            "   ",
        ] {
            let _ = refused(raw);
        }
        assert!(refused(&format!("https://e.com/{}", "a".repeat(MAX_URL_LEN))).contains("at most"));
        for raw in [
            "https://img.test/a.png",
            "http://127.0.0.1:8080/uploads/c/files/x-a.png",
            "HTTPS://CDN.example.com/a.png?v=2",
            " https://e.com/b.png ",
        ] {
            let url = ImageUrl::parse("images.0", raw).expect(raw);
            assert_eq!(url.as_str(), raw.trim());
        }
    }
}
