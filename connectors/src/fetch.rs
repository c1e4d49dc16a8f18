//! The one way this server fetches a URL a user gave (product images, designs, mockups): a
//! guard against server-side request forgery.
//!
//! On every hop: `http`/`https` only and no credentials in the URL; the name resolved once and
//! every address checked against the ranges that are not the public Internet (loopback,
//! private, link-local, CGNAT, multicast, documentation, IPv4-mapped forms of those, …); the
//! connection made to exactly the addresses checked, so a DNS server answering differently the
//! second time (rebinding) gains nothing; redirects followed by hand, each target checked the
//! same way, at most `max_redirects`; the body streamed and cut past `max_bytes` whatever
//! `Content-Length` said; an `image/*` content type; connect and total timeouts; no proxy.
//! Hosts the operator lists in [`AllowList`] (the sandboxes of tests and the demo, on
//! loopback) skip the address check, nothing else.
//!
//! A [`FetchError`] names no URL; its text is for the log. What a seller is told is
//! [`Fetcher::seller_message`], the same for every refusal and failure, so the answer never
//! tells an open port from a closed one.
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use ipnet::{Ipv4Net, Ipv6Net};
use reqwest::{Url, header, redirect};
use thiserror::Error;

/// IPv4 ranges that are not the public Internet (IANA's special-purpose address registry).
const V4_NOT_PUBLIC: &[Ipv4Net] = &[
    Ipv4Net::new_assert(Ipv4Addr::new(0, 0, 0, 0), 8), // "this network", unspecified
    Ipv4Net::new_assert(Ipv4Addr::new(10, 0, 0, 0), 8), // private
    Ipv4Net::new_assert(Ipv4Addr::new(100, 64, 0, 0), 10), // carrier-grade NAT
    Ipv4Net::new_assert(Ipv4Addr::new(127, 0, 0, 0), 8), // loopback
    Ipv4Net::new_assert(Ipv4Addr::new(169, 254, 0, 0), 16), // link-local: cloud metadata
    Ipv4Net::new_assert(Ipv4Addr::new(172, 16, 0, 0), 12), // private
    Ipv4Net::new_assert(Ipv4Addr::new(192, 0, 0, 0), 24), // IETF protocol assignments
    Ipv4Net::new_assert(Ipv4Addr::new(192, 0, 2, 0), 24), // documentation
    Ipv4Net::new_assert(Ipv4Addr::new(192, 88, 99, 0), 24), // 6to4 relay (deprecated)
    Ipv4Net::new_assert(Ipv4Addr::new(192, 168, 0, 0), 16), // private
    Ipv4Net::new_assert(Ipv4Addr::new(198, 18, 0, 0), 15), // benchmarking
    Ipv4Net::new_assert(Ipv4Addr::new(198, 51, 100, 0), 24), // documentation
    Ipv4Net::new_assert(Ipv4Addr::new(203, 0, 113, 0), 24), // documentation
    Ipv4Net::new_assert(Ipv4Addr::new(224, 0, 0, 0), 4), // multicast
    Ipv4Net::new_assert(Ipv4Addr::new(240, 0, 0, 0), 4), // reserved, and the broadcast address
];

/// Where public IPv6 unicast lives; everything outside (loopback, unspecified, unique local
/// fc00::/7, link-local fe80::/10, multicast ff00::/8, IPv4-compatible ::/96, discard 100::/64…)
/// is not public.
const V6_GLOBAL_UNICAST: Ipv6Net =
    Ipv6Net::new_assert(Ipv6Addr::new(0x2000, 0, 0, 0, 0, 0, 0, 0), 3);

/// Parts of 2000::/3 that are not the public Internet either.
const V6_NOT_PUBLIC: &[Ipv6Net] = &[
    Ipv6Net::new_assert(Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0), 23), // IETF protocol assignments, Teredo, benchmarking
    Ipv6Net::new_assert(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0), 32), // documentation
    Ipv6Net::new_assert(Ipv6Addr::new(0x2002, 0, 0, 0, 0, 0, 0, 0), 16), // 6to4: any IPv4 inside
    Ipv6Net::new_assert(Ipv6Addr::new(0x3fff, 0, 0, 0, 0, 0, 0, 0), 20), // documentation
];

/// NAT64's well-known prefix: the last 32 bits are an IPv4 address, public or not.
const V6_NAT64: Ipv6Net = Ipv6Net::new_assert(Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, 0, 0), 96);

/// True when `ip` is an address of the public Internet: one a fetch may connect to.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => !V4_NOT_PUBLIC.iter().any(|net| net.contains(&v4)),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            if V6_NAT64.contains(&v6) {
                let [.., a, b, c, d] = v6.octets();
                return is_public(IpAddr::V4(Ipv4Addr::new(a, b, c, d)));
            }
            V6_GLOBAL_UNICAST.contains(&v6) && !V6_NOT_PUBLIC.iter().any(|net| net.contains(&v6))
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum AllowedHost {
    Ip(IpAddr),
    Name(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Allowed {
    host: AllowedHost,
    /// `None`: any port.
    port: Option<u16>,
}

/// Hosts a fetch may reach even though their addresses are not public: `host[:port]` entries
/// or base URLs, comma separated (`127.0.0.1:4010,[::1]:4010,http://images.local:8080`).
/// Empty by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList(Vec<Allowed>);

impl AllowList {
    pub fn parse(text: &str) -> Result<AllowList, String> {
        let mut list = AllowList::default();
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            list.add(entry)?;
        }
        Ok(list)
    }

    /// Adds one `host[:port]` or base URL.
    pub fn add(&mut self, entry: &str) -> Result<(), String> {
        let bad = || format!("{entry}: expected host, host:port or a base URL");
        let entry = entry.trim();
        let allowed = if entry.contains("://") {
            let url = Url::parse(entry).map_err(|_| bad())?;
            let host = match url.host().ok_or_else(bad)? {
                url::Host::Domain(name) => AllowedHost::Name(normal_name(name)),
                url::Host::Ipv4(ip) => AllowedHost::Ip(ip.into()),
                url::Host::Ipv6(ip) => AllowedHost::Ip(ip.into()),
            };
            Allowed {
                host,
                port: url.port_or_known_default(),
            }
        } else if let Some(rest) = entry.strip_prefix('[') {
            let (ip, tail) = rest.split_once(']').ok_or_else(bad)?;
            let ip: Ipv6Addr = ip.parse().map_err(|_| bad())?;
            let port = match tail {
                "" => None,
                t => Some(
                    t.strip_prefix(':')
                        .and_then(|p| p.parse().ok())
                        .ok_or_else(bad)?,
                ),
            };
            Allowed {
                host: AllowedHost::Ip(ip.into()),
                port,
            }
        } else if let Ok(ip) = entry.parse::<IpAddr>() {
            Allowed {
                host: AllowedHost::Ip(ip),
                port: None,
            }
        } else {
            let (host, port) = match entry.rsplit_once(':') {
                Some((h, p)) => (h, Some(p.parse::<u16>().map_err(|_| bad())?)),
                None => (entry, None),
            };
            let host = match host.parse::<Ipv4Addr>() {
                Ok(ip) => AllowedHost::Ip(ip.into()),
                Err(_)
                    if !host.is_empty()
                        && host.bytes().all(|b| {
                            b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_')
                        }) =>
                {
                    AllowedHost::Name(normal_name(host))
                }
                Err(_) => return Err(bad()),
            };
            Allowed { host, port }
        };
        self.0.push(allowed);
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when the URL's host and port are listed.
    fn admits(&self, host: &url::Host<&str>, port: u16) -> bool {
        self.0.iter().any(|a| {
            let same_host = match (&a.host, host) {
                (AllowedHost::Name(n), url::Host::Domain(d)) => *n == normal_name(d),
                (AllowedHost::Ip(ip), url::Host::Ipv4(v4)) => *ip == IpAddr::V4(*v4),
                (AllowedHost::Ip(ip), url::Host::Ipv6(v6)) => *ip == IpAddr::V6(*v6),
                _ => false,
            };
            same_host && a.port.is_none_or(|p| p == port)
        })
    }
}

fn normal_name(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

impl fmt::Display for AllowList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        let entries: Vec<String> = self
            .0
            .iter()
            .map(|a| {
                let host = match &a.host {
                    AllowedHost::Ip(IpAddr::V6(ip)) => format!("[{ip}]"),
                    AllowedHost::Ip(ip) => ip.to_string(),
                    AllowedHost::Name(n) => n.clone(),
                };
                match a.port {
                    Some(p) => format!("{host}:{p}"),
                    None => host,
                }
            })
            .collect();
        f.write_str(&entries.join(","))
    }
}

/// Limits of a fetch.
#[derive(Debug, Clone)]
pub struct FetchConfig {
    pub allow: AllowList,
    /// The largest body read; a longer one is cut off and refused.
    pub max_bytes: usize,
    pub connect_timeout: Duration,
    /// The whole fetch, redirects included.
    pub timeout: Duration,
    pub max_redirects: usize,
}

impl Default for FetchConfig {
    fn default() -> Self {
        FetchConfig {
            allow: AllowList::default(),
            max_bytes: 10 * 1024 * 1024,
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(30),
            max_redirects: 3,
        }
    }
}

/// Why a fetch did not bring an image. The text names no URL; it is for the log.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum FetchError {
    /// The URL or an address it leads to may not be fetched. Nothing was sent.
    #[error("refused: {0}")]
    Refused(String),
    /// The name does not resolve. Not transient on purpose: an internal name (refused) and a
    /// name that does not exist end the same way, so the attempts a job makes tell nothing
    /// about which names the server's network knows.
    #[error("no address: {0}")]
    NoAddress(String),
    #[error("unreachable: {0}")]
    Unreachable(String),
    #[error("timed out")]
    TimedOut,
    #[error("answered HTTP {0}")]
    Status(u16),
    #[error("not an image (content type {0:?})")]
    NotImage(String),
    #[error("larger than {0} bytes")]
    TooLarge(usize),
    #[error("more than {0} redirects")]
    TooManyRedirects(usize),
}

impl FetchError {
    /// Worth trying again later: the host may come back. A refusal, a name without address, a
    /// 4xx, a wrong type or size will not change by waiting. Only hosts that passed the address
    /// check can fail transiently, so the attempts a job makes say nothing about internal ones.
    pub fn is_transient(&self) -> bool {
        match self {
            FetchError::Unreachable(_) | FetchError::TimedOut => true,
            FetchError::Status(code) => *code == 429 || *code >= 500,
            _ => false,
        }
    }
}

/// What a fetch brought.
#[derive(Debug, Clone)]
pub struct Fetched {
    pub bytes: Vec<u8>,
    /// The content type's essence, lower case (`image/png`).
    pub content_type: String,
}

/// The guarded fetcher. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Fetcher {
    config: Arc<FetchConfig>,
}

impl Fetcher {
    pub fn new(config: FetchConfig) -> Fetcher {
        crate::tiktok::install_tls_provider();
        Fetcher {
            config: Arc::new(config),
        }
    }

    pub fn config(&self) -> &FetchConfig {
        &self.config
    }

    /// What a seller reads for any refusal or failure: one message, so that it tells nothing
    /// about the address behind a URL.
    pub fn seller_message(&self) -> String {
        let mib = self.config.max_bytes.div_ceil(1024 * 1024);
        format!(
            "an image of the product could not be fetched: use public http(s) links to images (PNG, JPEG or WebP) of at most {mib} MB, or upload them"
        )
    }

    /// Fetches an image from a URL a user gave.
    pub async fn image(&self, url: &str) -> Result<Fetched, FetchError> {
        match tokio::time::timeout(self.config.timeout, self.follow(url)).await {
            Ok(result) => result,
            Err(_) => Err(FetchError::TimedOut),
        }
    }

    async fn follow(&self, raw: &str) -> Result<Fetched, FetchError> {
        let mut url = Url::parse(raw.trim())
            .map_err(|_| FetchError::Refused("not an absolute URL".into()))?;
        for _ in 0..=self.config.max_redirects {
            let addrs = self.admit(&url).await?;
            let response = self.send(&url, &addrs).await?;
            let status = response.status().as_u16();
            if matches!(status, 301 | 302 | 303 | 307 | 308) {
                let location = response
                    .headers()
                    .get(header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .ok_or(FetchError::Status(status))?;
                url = url.join(location).map_err(|_| {
                    FetchError::Refused("a redirect to something that is not a URL".into())
                })?;
                continue;
            }
            return self.read(response).await;
        }
        Err(FetchError::TooManyRedirects(self.config.max_redirects))
    }

    /// Checks one hop and resolves it: the addresses the connection may go to.
    async fn admit(&self, url: &Url) -> Result<Vec<SocketAddr>, FetchError> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(FetchError::Refused(format!(
                "scheme {} is not http(s)",
                url.scheme()
            )));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(FetchError::Refused("credentials in the URL".into()));
        }
        let host = url
            .host()
            .ok_or_else(|| FetchError::Refused("no host".into()))?;
        let port = url
            .port_or_known_default()
            .ok_or_else(|| FetchError::Refused("no port".into()))?;
        let addrs: Vec<SocketAddr> = match &host {
            url::Host::Ipv4(ip) => vec![SocketAddr::new((*ip).into(), port)],
            url::Host::Ipv6(ip) => vec![SocketAddr::new((*ip).into(), port)],
            url::Host::Domain(name) => tokio::net::lookup_host((*name, port))
                .await
                .map_err(|e| FetchError::NoAddress(format!("name lookup of {name}: {e}")))?
                .collect(),
        };
        if addrs.is_empty() {
            return Err(FetchError::NoAddress(format!("{host} has no address")));
        }
        if !self.config.allow.admits(&host, port) {
            // Every address, not just the first: a name answering one public and one internal
            // address would otherwise reach the internal one on a retry of the connection.
            if let Some(internal) = addrs.iter().find(|a| !is_public(a.ip())) {
                return Err(FetchError::Refused(format!(
                    "{host} resolves to {}, not a public address",
                    internal.ip()
                )));
            }
        }
        Ok(addrs)
    }

    async fn send(&self, url: &Url, addrs: &[SocketAddr]) -> Result<reqwest::Response, FetchError> {
        // One client per hop: it is the only way to pin a name to the addresses checked.
        let mut builder = reqwest::Client::builder()
            .no_proxy()
            .redirect(redirect::Policy::none())
            .connect_timeout(self.config.connect_timeout)
            .timeout(self.config.timeout)
            .user_agent("Sellerdesk image fetcher");
        if let Some(name) = url.domain() {
            builder = builder.resolve_to_addrs(name, addrs);
        }
        let client = builder
            .build()
            .map_err(|e| FetchError::Unreachable(crate::describe(e)))?;
        client
            .get(url.clone())
            .header(header::ACCEPT, "image/*")
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    FetchError::TimedOut
                } else {
                    FetchError::Unreachable(crate::describe(e))
                }
            })
    }

    async fn read(&self, mut response: reqwest::Response) -> Result<Fetched, FetchError> {
        let status = response.status();
        if !status.is_success() {
            return Err(FetchError::Status(status.as_u16()));
        }
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|v| v.trim().to_ascii_lowercase())
            .unwrap_or_default();
        if !content_type.starts_with("image/") {
            return Err(FetchError::NotImage(content_type));
        }
        let max = self.config.max_bytes;
        if response.content_length().is_some_and(|n| n > max as u64) {
            return Err(FetchError::TooLarge(max));
        }
        let mut bytes = Vec::new();
        loop {
            let chunk = response.chunk().await.map_err(|e| {
                if e.is_timeout() {
                    FetchError::TimedOut
                } else {
                    FetchError::Unreachable(crate::describe(e))
                }
            })?;
            let Some(chunk) = chunk else { break };
            if bytes.len() + chunk.len() > max {
                return Err(FetchError::TooLarge(max));
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(Fetched {
            bytes,
            content_type,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    #[test]
    fn internal_addresses_are_not_public() {
        for s in [
            "0.0.0.0",
            "127.0.0.1",
            "127.255.0.9",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "100.127.255.254",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "240.0.0.1",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "192.0.0.8",
            "::",
            "::1",
            "fe80::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "fec0::1",
            "2001:db8::1",
            "2001::1",
            "3fff::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "::ffff:10.0.0.1",
            "::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "64:ff9b::7f00:1",
            "2002:7f00:1::",
            "100::1",
        ] {
            assert!(!is_public(ip(s)), "{s} must not be public");
        }
    }

    #[test]
    fn internet_addresses_are_public() {
        for s in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "172.32.0.1",
            "100.128.0.1",
            "169.255.0.1",
            "2606:4700::1111",
            "2a00:1450:4001::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            assert!(is_public(ip(s)), "{s} is public");
        }
    }

    #[test]
    fn allow_list_entries() {
        let list = AllowList::parse(
            "127.0.0.1:4010, images.local, [::1]:9000, http://Sandbox.test:8080/, 10.0.0.7",
        )
        .expect("parses");
        let v4 = |s: &str| url::Host::Ipv4(s.parse().expect("v4"));
        assert!(list.admits(&v4("127.0.0.1"), 4010));
        assert!(!list.admits(&v4("127.0.0.1"), 4011));
        assert!(list.admits(&url::Host::Domain("IMAGES.local."), 1));
        assert!(list.admits(&url::Host::Ipv6("::1".parse().expect("v6")), 9000));
        assert!(list.admits(&url::Host::Domain("sandbox.test"), 8080));
        assert!(!list.admits(&url::Host::Domain("sandbox.test"), 80));
        assert!(list.admits(&v4("10.0.0.7"), 443));
        assert_eq!(
            list.to_string(),
            "127.0.0.1:4010,images.local,[::1]:9000,sandbox.test:8080,10.0.0.7"
        );
        assert!(AllowList::parse("").expect("empty").is_empty());
        for bad in ["127.0.0.1:x", "[::1", "a b", "http://"] {
            assert!(AllowList::parse(bad).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn refusals_send_nothing() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let fetcher = Fetcher::new(FetchConfig::default());
        for url in [
            "file:///etc/passwd".to_owned(),
            "javascript:alert(1)".to_owned(),
            "ftp://example.com/a.png".to_owned(),
            "http://169.254.169.254/latest/meta-data".to_owned(),
            format!("http://127.0.0.1:{port}/x.png"),
            format!("http://localhost:{port}/x.png"),
            format!("http://[::ffff:127.0.0.1]:{port}/x.png"),
            format!("http://user:pw@127.0.0.1:{port}/x.png"),
            "not a url".to_owned(),
        ] {
            let err = fetcher.image(&url).await.expect_err(&url);
            assert!(matches!(err, FetchError::Refused(_)), "{url}: {err}");
            assert!(
                !err.to_string().contains("://"),
                "no URL in the error: {err}"
            );
        }
        // Nothing connected to the listener.
        let accepted = tokio::time::timeout(Duration::from_millis(50), listener.accept()).await;
        assert!(accepted.is_err(), "a refused fetch connected");
    }

    /// An HTTP server on loopback answering `response(its port)` to every connection; counts
    /// the connections.
    async fn serve(
        response: impl FnOnce(u16) -> Vec<u8>,
    ) -> (u16, Arc<std::sync::atomic::AtomicUsize>) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let response = response(port);
        let hits = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = hits.clone();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let response = response.clone();
                tokio::spawn(async move {
                    let mut buf = [0u8; 4096];
                    let _ = socket.read(&mut buf).await;
                    let _ = socket.write_all(&response).await;
                    let _ = socket.shutdown().await;
                });
            }
        });
        (port, hits)
    }

    fn allowing(port: u16, max_bytes: usize) -> Fetcher {
        Fetcher::new(FetchConfig {
            allow: AllowList::parse(&format!("127.0.0.1:{port}")).expect("allow list"),
            max_bytes,
            ..FetchConfig::default()
        })
    }

    #[tokio::test]
    async fn allowed_hosts_are_fetched_within_limits() {
        let png = b"HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 4\r\nconnection: close\r\n\r\nPNG!".to_vec();
        let (port, _) = serve(|_| png).await;
        let fetched = allowing(port, 1024)
            .image(&format!("http://127.0.0.1:{port}/a.png"))
            .await
            .expect("fetched");
        assert_eq!(fetched.bytes, b"PNG!");
        assert_eq!(fetched.content_type, "image/png");

        // No Content-Length: the cap holds on the stream itself.
        let mut big =
            b"HTTP/1.1 200 OK\r\ncontent-type: image/png\r\nconnection: close\r\n\r\n".to_vec();
        big.extend(std::iter::repeat_n(b'x', 64 * 1024));
        let (port, _) = serve(|_| big).await;
        let err = allowing(port, 1024)
            .image(&format!("http://127.0.0.1:{port}/big.png"))
            .await
            .expect_err("too large");
        assert_eq!(err, FetchError::TooLarge(1024));

        let html = b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 2\r\nconnection: close\r\n\r\nhi".to_vec();
        let (port, _) = serve(|_| html).await;
        let err = allowing(port, 1024)
            .image(&format!("http://127.0.0.1:{port}/"))
            .await
            .expect_err("not an image");
        assert!(matches!(err, FetchError::NotImage(_)), "{err}");
    }

    #[tokio::test]
    async fn redirects_are_checked_on_every_hop() {
        let (inside, inside_hits) = serve(|_| {
            b"HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 1\r\n\r\nx".to_vec()
        })
        .await;
        let redirect = format!(
            "HTTP/1.1 302 Found\r\nlocation: http://127.0.0.1:{inside}/secret.png\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
        );
        let (outside, _) = serve(|_| redirect.into_bytes()).await;
        let err = allowing(outside, 1024)
            .image(&format!("http://127.0.0.1:{outside}/x.png"))
            .await
            .expect_err("refused");
        assert!(matches!(err, FetchError::Refused(_)), "{err}");
        assert_eq!(
            inside_hits.load(std::sync::atomic::Ordering::SeqCst),
            0,
            "the redirect target was reached"
        );

        // A host redirecting to itself forever is left after the limit.
        let (port, hits) = serve(|port| {
            format!("HTTP/1.1 301 Moved\r\nlocation: http://127.0.0.1:{port}/again\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").into_bytes()
        })
        .await;
        let err = allowing(port, 1024)
            .image(&format!("http://127.0.0.1:{port}/x.png"))
            .await
            .expect_err("too many");
        assert_eq!(err, FetchError::TooManyRedirects(3));
        assert_eq!(
            hits.load(std::sync::atomic::Ordering::SeqCst),
            4,
            "the first request and three redirects"
        );
    }
}
