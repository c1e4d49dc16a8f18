//! The address a request comes from, which every per-IP rate limit counts by.
//!
//! It is the TCP peer, unless the peer is one of `TRUSTED_PROXIES`: then `X-Forwarded-For` is
//! read from the right (each proxy appends the address it received from), trusted hops are
//! skipped, and the first address no trusted proxy owns is the client. Anything left of that
//! was written by the client itself and is ignored, so a spoofed header gains nothing.
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use ipnet::IpNet;

#[derive(Debug, thiserror::Error)]
#[error(
    "TRUSTED_PROXIES: `{0}` is not an address or a CIDR range (such as 10.0.0.0/8, 127.0.0.1/32 or fd00::/8)"
)]
pub struct InvalidProxy(String);

/// The networks of the reverse proxies in front of the server; empty by default (no proxy:
/// `X-Forwarded-For` is never read).
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Arc<[IpNet]>);

impl TrustedProxies {
    /// A comma-separated list of CIDR ranges; a bare address stands for itself.
    pub fn parse(raw: &str) -> Result<TrustedProxies, InvalidProxy> {
        let nets = raw
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| match s.parse::<IpNet>() {
                Ok(net) => Ok(net),
                Err(_) => s
                    .parse::<IpAddr>()
                    .map(IpNet::from)
                    .map_err(|_| InvalidProxy(s.to_owned())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TrustedProxies(nets.into()))
    }

    pub fn ranges(&self) -> &[IpNet] {
        &self.0
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client's address for a request the TCP peer `peer` delivered with `headers`.
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        // Several X-Forwarded-For headers form one list in their order. A value that is not
        // text or an entry that is not an address ends the walk: what lies left of it cannot
        // be told apart from what the client wrote, so the last trusted hop is the answer.
        for value in headers.get_all("x-forwarded-for").iter().rev() {
            let Ok(value) = value.to_str() else {
                return client;
            };
            for hop in value.rsplit(',') {
                let Some(ip) = parse_hop(hop) else {
                    return client;
                };
                client = ip;
                if !self.trusts(ip) {
                    return client;
                }
            }
        }
        client
    }
}

/// One entry of X-Forwarded-For: an address, possibly with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`) or in brackets.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    let ip = hop
        .parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            hop.strip_prefix('[')?
                .strip_suffix(']')?
                .parse::<IpAddr>()
                .ok()
        })?;
    Some(ip.to_canonical())
}

/// The client's address, resolved once per request by [`resolve`].
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

/// Middleware: resolves the client's address and keeps it in the request's extensions.
pub async fn resolve(
    State(proxies): State<TrustedProxies>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    if let Some(peer) = peer {
        let ip = proxies.client_ip(peer, request.headers());
        request.extensions_mut().insert(ClientIp(ip));
    }
    next.run(request).await
}

/// Like `ConnectInfo`, a request that did not come through the server's socket (a router
/// called without `into_make_service_with_connect_info`) is refused rather than counted under
/// a made-up address.
impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = (StatusCode, &'static str);

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let resolved = parts.extensions.get::<ClientIp>().copied();
        let peer = || {
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| ClientIp(c.0.ip().to_canonical()))
        };
        resolved.or_else(peer).ok_or((
            StatusCode::INTERNAL_SERVER_ERROR,
            "the client's address is unknown",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in xff {
            h.append("x-forwarded-for", v.parse().expect("header"));
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client() {
        let none = TrustedProxies::parse("").expect("empty");
        assert_eq!(
            none.client_ip(ip("127.0.0.1"), &headers(&["203.0.113.9"])),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn through_a_trusted_proxy_the_first_untrusted_hop_from_the_right_is_the_client() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, 127.0.0.1").expect("parse");
        // The client claimed 1.1.1.1; the outer proxy saw 203.0.113.9, the inner one 10.1.1.1.
        let h = headers(&["1.1.1.1, 203.0.113.9", "10.1.1.1"]);
        assert_eq!(proxies.client_ip(ip("127.0.0.1"), &h), ip("203.0.113.9"));
        // An untrusted peer's header is ignored.
        assert_eq!(
            proxies.client_ip(ip("198.51.100.7"), &h),
            ip("198.51.100.7")
        );
        // No header: the proxy itself.
        assert_eq!(
            proxies.client_ip(ip("10.2.2.2"), &HeaderMap::new()),
            ip("10.2.2.2")
        );
        // Every hop trusted: the leftmost one.
        assert_eq!(
            proxies.client_ip(ip("127.0.0.1"), &headers(&["10.3.3.3, 10.4.4.4"])),
            ip("10.3.3.3")
        );
        // Garbage stops the walk at the last trusted hop.
        assert_eq!(
            proxies.client_ip(ip("127.0.0.1"), &headers(&["203.0.113.9, nonsense"])),
            ip("127.0.0.1")
        );
        // Ports, brackets and IPv4-mapped IPv6 addresses.
        assert_eq!(
            proxies.client_ip(ip("::ffff:127.0.0.1"), &headers(&["203.0.113.9:4711"])),
            ip("203.0.113.9")
        );
        assert_eq!(
            proxies.client_ip(ip("127.0.0.1"), &headers(&["[2001:db8::1]:443"])),
            ip("2001:db8::1")
        );
        assert_eq!(
            proxies.client_ip(ip("127.0.0.1"), &headers(&["[2001:db8::2]"])),
            ip("2001:db8::2")
        );
    }

    #[test]
    fn an_invalid_range_is_refused_with_its_text() {
        let err = TrustedProxies::parse("10.0.0.0/8, 10.0.0.0/33").expect_err("invalid");
        assert!(err.to_string().contains("`10.0.0.0/33`"), "{err}");
        assert!(TrustedProxies::parse("proxy.internal").is_err());
    }
}
