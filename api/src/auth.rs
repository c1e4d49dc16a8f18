//! Access tokens (HS256 JWT with a token version) and the session a request runs as.
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context as _;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};

use domain::users::User;
use domain::{Db, Role, Scope, users};

use crate::errors::{ApiError, ApiResult};

const TOKEN_LIFETIME_SECS: i64 = 7 * 24 * 3600;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub cid: String,
    pub role: String,
    pub tv: i64,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct Jwt {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl Jwt {
    /// From `JWT_SECRET`, or a secret generated once into `DATA_DIR/jwt-secret`.
    pub fn load(secret: Option<&str>, data_dir: &Path) -> anyhow::Result<Jwt> {
        let secret = match secret {
            Some(s) => s.to_owned(),
            None => {
                let path = data_dir.join("jwt-secret");
                match std::fs::read_to_string(&path) {
                    Ok(s) if !s.trim().is_empty() => s.trim().to_owned(),
                    _ => {
                        let mut bytes = [0u8; 48];
                        rand::rng().fill_bytes(&mut bytes);
                        let s = hex::encode(bytes);
                        write_private(&path, &s)
                            .with_context(|| format!("cannot write {}", path.display()))?;
                        s
                    }
                }
            }
        };
        if secret.len() < 32 {
            anyhow::bail!("JWT_SECRET must be at least 32 characters");
        }
        Ok(Jwt {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
        })
    }

    pub fn issue(&self, user: &User) -> ApiResult<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: user.id.clone(),
            cid: user.client_id.clone(),
            role: user.role.as_str().to_owned(),
            tv: user.token_version,
            iat: now,
            exp: now + TOKEN_LIFETIME_SECS,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(|e| {
            tracing::error!(error = %e, "token signing failed");
            ApiError::internal()
        })
    }

    /// HS256 only: a token signed with any other algorithm is refused.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|d| d.claims)
    }
}

fn write_private(path: &Path, content: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(content.as_bytes())
}

/// The signed-in user a request acts as.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: User,
    pub scope: Scope,
    /// The user's saved time zone setting, when read with the session (`None` inside: none
    /// saved).
    pub saved_timezone: Option<Option<String>>,
    /// The client's order version at the start of the request, when read with the session.
    pub order_version: Option<domain::orders::desk::Version>,
}

impl Caller {
    /// The user acting in their own client, with their role.
    pub fn of(user: User) -> Caller {
        let scope = Scope {
            client_id: user.client_id.clone(),
            user_id: user.id.clone(),
            role: user.role,
        };
        Caller {
            user,
            scope,
            saved_timezone: None,
            order_version: None,
        }
    }

    pub fn role(&self) -> Role {
        self.user.role
    }

    /// The saved time zone as the order desk takes it.
    pub fn saved_timezone(&self) -> domain::orders::desk::SavedTimezone<'_> {
        match &self.saved_timezone {
            Some(saved) => domain::orders::desk::SavedTimezone::Read(saved.as_deref()),
            None => domain::orders::desk::SavedTimezone::Unread,
        }
    }
}

/// Who sent the request: nobody, a bad token, or a user.
#[derive(Debug, Clone)]
pub enum Session {
    Anonymous,
    Invalid,
    User(Box<Caller>),
}

impl Session {
    /// Resolves the bearer token: signature, expiry, the user still existing, the token version
    /// (a password change or reset revokes older tokens) and the client being active.
    pub async fn resolve(db: &Db, jwt: &Jwt, bearer: Option<&str>) -> ApiResult<Session> {
        let Some(token) = bearer else {
            return Ok(Session::Anonymous);
        };
        let Some(claims) = jwt.verify(token) else {
            return Ok(Session::Invalid);
        };
        let mut conn = db.conn().await?;
        let Some(row) = users::find_session(&mut conn, &claims.sub).await? else {
            return Ok(Session::Invalid);
        };
        if row.user.token_version != claims.tv || row.user.client_id != claims.cid {
            return Ok(Session::Invalid);
        }
        let mut caller = Caller::of(row.user);
        caller.saved_timezone = Some(row.saved_timezone);
        caller.order_version = Some(row.order_version);
        Ok(Session::User(Box::new(caller)))
    }

    pub fn caller(&self) -> ApiResult<&Caller> {
        match self {
            Session::User(caller) => Ok(caller),
            Session::Invalid => Err(ApiError::unauthenticated(
                "your session has expired; sign in again",
            )),
            Session::Anonymous => Err(ApiError::unauthenticated("sign in first")),
        }
    }
}

/// One budget of attempts per minute: what it guards and by what it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    LoginEmail,
    LoginIp,
    /// forgotPassword, and an admin's resetPassword (the same mail to the same address).
    ForgotEmail,
    ForgotIp,
    SignUpEmail,
    SignUpIp,
    /// resetPasswordWithToken.
    ResetIp,
    /// verifyClient.
    VerifyIp,
    /// changePassword, per signed-in user and per address.
    PasswordUser,
    PasswordIp,
    /// signUp (CreateUser), per signed-in user and per address.
    CreateUser,
    CreateUserIp,
    /// checkDuplicateClientKey.
    ClientKeyIp,
}

impl Limit {
    /// Every limit, in declaration order: `limit as usize` is its place here.
    const ALL: [Limit; 13] = [
        Limit::LoginEmail,
        Limit::LoginIp,
        Limit::ForgotEmail,
        Limit::ForgotIp,
        Limit::SignUpEmail,
        Limit::SignUpIp,
        Limit::ResetIp,
        Limit::VerifyIp,
        Limit::PasswordUser,
        Limit::PasswordIp,
        Limit::CreateUser,
        Limit::CreateUserIp,
        Limit::ClientKeyIp,
    ];

    /// Its part of the Redis key; the first four are the names counters had before.
    fn name(self) -> &'static str {
        match self {
            Limit::LoginEmail => "login:email",
            Limit::LoginIp => "login:ip",
            Limit::ForgotEmail => "forgot:email",
            Limit::ForgotIp => "forgot:ip",
            Limit::SignUpEmail => "signup:email",
            Limit::SignUpIp => "signup:ip",
            Limit::ResetIp => "reset:ip",
            Limit::VerifyIp => "verify:ip",
            Limit::PasswordUser => "password:user",
            Limit::PasswordIp => "password:ip",
            Limit::CreateUser => "create-user:user",
            Limit::CreateUserIp => "create-user:ip",
            Limit::ClientKeyIp => "client-key:ip",
        }
    }

    fn per_minute(self, config: &crate::config::Config) -> u32 {
        match self {
            Limit::LoginEmail => config.rate_login_email,
            Limit::LoginIp => config.rate_login_ip,
            Limit::ForgotEmail => config.rate_forgot_email,
            Limit::ForgotIp => config.rate_forgot_ip,
            Limit::SignUpEmail => config.rate_signup_email,
            Limit::SignUpIp => config.rate_signup_ip,
            Limit::ResetIp => config.rate_reset_ip,
            Limit::VerifyIp => config.rate_verify_ip,
            Limit::PasswordUser => config.rate_password_user,
            Limit::PasswordIp => config.rate_password_ip,
            Limit::CreateUser => config.rate_create_user,
            Limit::CreateUserIp => config.rate_create_user_ip,
            Limit::ClientKeyIp => config.rate_client_key_ip,
        }
    }
}

/// What one attempt is counted by: an email (trimmed, lower-cased), a user id, or the client's
/// address.
pub enum By<'a> {
    Email(&'a str),
    User(&'a str),
    Ip(Option<IpAddr>),
}

impl By<'_> {
    /// `None` when there is nothing to count by (a request that reached no socket).
    fn key(&self) -> Option<String> {
        match self {
            By::Email(email) => Some(email.trim().to_lowercase()),
            By::User(id) => Some((*id).to_owned()),
            By::Ip(ip) => ip.map(|ip| ip_key(ip).to_string()),
        }
    }
}

/// An IPv6 host usually holds a whole /64, and could take a fresh address for every attempt:
/// IPv6 clients are counted by their /64.
fn ip_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(std::net::Ipv6Addr::from(v6.to_bits() & (u128::MAX << 64))),
        v4 => v4,
    }
}

/// Attempts allowed per minute, per key, for every mutation that hashes a password, sends a
/// mail or redeems a link. One process keeps its counters in memory; with Redis (the scaled
/// mode) every API replica counts in one place, so a client cannot multiply its allowance by
/// the number of replicas.
///
/// Resolvers consult it on every call, so each alias of a GraphQL request is one attempt.
pub enum Limiters {
    /// One governor limiter per [`Limit`], in the order of `Limit::ALL`.
    Memory {
        limiters: Vec<DefaultKeyedRateLimiter<String>>,
        checks: AtomicU64,
    },
    /// Counters live under `{prefix}:ratelimit:…`, the prefix being the deployment's QUEUE_NAME.
    Redis {
        conn: redis::aio::ConnectionManager,
        prefix: String,
        limits: Vec<u32>,
    },
}

fn per_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN))
}

/// How often the in-memory counters forget keys that are back to a full budget, so that a
/// stream of new addresses or emails does not grow them for ever.
const FORGET_EVERY: u64 = 4096;

impl Limiters {
    pub fn new(
        config: &crate::config::Config,
        redis: Option<redis::aio::ConnectionManager>,
    ) -> Arc<Limiters> {
        let limits: Vec<u32> = Limit::ALL.iter().map(|l| l.per_minute(config)).collect();
        Arc::new(match redis {
            Some(conn) => Limiters::Redis {
                conn,
                prefix: config.storage.queue_name.clone(),
                limits,
            },
            None => Limiters::Memory {
                limiters: limits
                    .iter()
                    .map(|n| RateLimiter::keyed(per_minute(*n)))
                    .collect(),
                checks: AtomicU64::new(0),
            },
        })
    }

    pub async fn login(&self, email: &str, ip: Option<IpAddr>) -> ApiResult<()> {
        self.check(&[
            (Limit::LoginEmail, By::Email(email)),
            (Limit::LoginIp, By::Ip(ip)),
        ])
        .await
    }

    pub async fn forgot(&self, email: &str, ip: Option<IpAddr>) -> ApiResult<()> {
        self.check(&[
            (Limit::ForgotEmail, By::Email(email)),
            (Limit::ForgotIp, By::Ip(ip)),
        ])
        .await
    }

    /// One attempt against each budget given; refused (RATE_LIMITED) when any of them is spent.
    /// Every budget is charged, refused or not, so that guessing one key while another is spent
    /// costs as much as guessing it alone.
    pub async fn check(&self, attempts: &[(Limit, By<'_>)]) -> ApiResult<()> {
        let mut allowed = true;
        for (limit, by) in attempts {
            let Some(key) = by.key() else { continue };
            let index = *limit as usize;
            allowed &= match self {
                Limiters::Memory { limiters, checks } => {
                    let limiter = &limiters[index];
                    if checks.fetch_add(1, Ordering::Relaxed) % FORGET_EVERY == FORGET_EVERY - 1 {
                        for l in limiters {
                            l.retain_recent();
                        }
                    }
                    limiter.check_key(&key).is_ok()
                }
                Limiters::Redis {
                    conn,
                    prefix,
                    limits,
                } => redis_allow(conn, prefix, limit.name(), &key, limits[index]).await,
            };
        }
        if allowed {
            Ok(())
        } else {
            Err(domain::DomainError::RateLimited.into())
        }
    }
}

/// A sliding one-minute window kept in Redis (a sorted set of attempt times), so attempts that
/// straddle a minute boundary still count together. If Redis does not answer, the attempt is let
/// through: an outage of the limiter must not lock everyone out of signing in.
async fn redis_allow(
    conn: &redis::aio::ConnectionManager,
    prefix: &str,
    name: &str,
    key: &str,
    limit: u32,
) -> bool {
    let now_ms = chrono::Utc::now().timestamp_millis();
    let counter = format!("{prefix}:ratelimit:{name}:{key}");
    let member = format!("{now_ms}-{}", uuid::Uuid::new_v4().simple());
    let mut conn = conn.clone();
    let counted: Result<(i64,), redis::RedisError> = redis::pipe()
        .atomic()
        .zrembyscore(&counter, "-inf", now_ms - 60_000)
        .ignore()
        .zadd(&counter, &member, now_ms)
        .ignore()
        .zcard(&counter)
        .expire(&counter, 61)
        .ignore()
        .query_async(&mut conn)
        .await;
    match counted {
        Ok((n,)) => n <= i64::from(limit),
        Err(e) => {
            tracing::warn!(error = %e, "rate limiter unavailable; letting the attempt through");
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_sits_at_its_own_index() {
        for (i, limit) in Limit::ALL.iter().enumerate() {
            assert_eq!(*limit as usize, i, "{limit:?}");
        }
    }

    #[test]
    fn ipv6_clients_count_by_their_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().expect("ip");
        assert_eq!(ip_key(a), ip_key(b));
        assert_eq!(ip_key(a).to_string(), "2001:db8:1:2::");
        let v4: IpAddr = "::ffff:192.0.2.1".parse().expect("ip");
        assert_eq!(ip_key(v4).to_string(), "192.0.2.1");
    }
}
