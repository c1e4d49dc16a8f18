//! Access tokens (HS256 JWT with a token version) and the session a request runs as.
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context as _;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};

use domain::users::User;
use domain::{users, Db, Role, Scope};

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
                        write_private(&path, &s).with_context(|| format!("cannot write {}", path.display()))?;
                        s
                    }
                }
            }
        };
        if secret.len() < 32 {
            anyhow::bail!("JWT_SECRET must be at least 32 characters");
        }
        Ok(Jwt { encoding: EncodingKey::from_secret(secret.as_bytes()), decoding: DecodingKey::from_secret(secret.as_bytes()) })
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
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).ok().map(|d| d.claims)
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
}

impl Caller {
    pub fn role(&self) -> Role {
        self.user.role
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
        let Some(token) = bearer else { return Ok(Session::Anonymous) };
        let Some(claims) = jwt.verify(token) else { return Ok(Session::Invalid) };
        let mut conn = db.conn().await?;
        let Some(user) = users::find_with_active_client(&mut conn, &claims.sub).await? else { return Ok(Session::Invalid) };
        if user.token_version != claims.tv || user.client_id != claims.cid {
            return Ok(Session::Invalid);
        }
        let scope = Scope { client_id: user.client_id.clone(), user_id: user.id.clone(), role: user.role };
        Ok(Session::User(Box::new(Caller { user, scope })))
    }

    pub fn caller(&self) -> ApiResult<&Caller> {
        match self {
            Session::User(caller) => Ok(caller),
            Session::Invalid => Err(ApiError::unauthenticated("your session has expired; sign in again")),
            Session::Anonymous => Err(ApiError::unauthenticated("sign in first")),
        }
    }
}

/// Attempts allowed per minute, per key, for login and forgot-password. One process keeps its
/// counters in memory; with Redis (the scaled mode) every API replica counts in one place, so a
/// client cannot multiply its allowance by the number of replicas.
pub enum Limiters {
    Memory {
        login_email: DefaultKeyedRateLimiter<String>,
        login_ip: DefaultKeyedRateLimiter<IpAddr>,
        forgot_email: DefaultKeyedRateLimiter<String>,
        forgot_ip: DefaultKeyedRateLimiter<IpAddr>,
    },
    /// Counters live under `{prefix}:ratelimit:…`, the prefix being the deployment's QUEUE_NAME.
    Redis { conn: redis::aio::ConnectionManager, prefix: String, limits: [u32; 4] },
}

fn per_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN))
}

const LOGIN_EMAIL: usize = 0;
const LOGIN_IP: usize = 1;
const FORGOT_EMAIL: usize = 2;
const FORGOT_IP: usize = 3;
const NAMES: [&str; 4] = ["login:email", "login:ip", "forgot:email", "forgot:ip"];

impl Limiters {
    pub fn new(config: &crate::config::Config, redis: Option<redis::aio::ConnectionManager>) -> Arc<Limiters> {
        let limits = [config.rate_login_email, config.rate_login_ip, config.rate_forgot_email, config.rate_forgot_ip];
        Arc::new(match redis {
            Some(conn) => Limiters::Redis { conn, prefix: config.storage.queue_name.clone(), limits },
            None => Limiters::Memory {
                login_email: RateLimiter::keyed(per_minute(limits[LOGIN_EMAIL])),
                login_ip: RateLimiter::keyed(per_minute(limits[LOGIN_IP])),
                forgot_email: RateLimiter::keyed(per_minute(limits[FORGOT_EMAIL])),
                forgot_ip: RateLimiter::keyed(per_minute(limits[FORGOT_IP])),
            },
        })
    }

    pub async fn login(&self, email: &str, ip: Option<IpAddr>) -> ApiResult<()> {
        self.check(LOGIN_EMAIL, LOGIN_IP, email, ip).await
    }

    pub async fn forgot(&self, email: &str, ip: Option<IpAddr>) -> ApiResult<()> {
        self.check(FORGOT_EMAIL, FORGOT_IP, email, ip).await
    }

    async fn check(&self, by_email: usize, by_ip: usize, email: &str, ip: Option<IpAddr>) -> ApiResult<()> {
        let email = email.trim().to_lowercase();
        let allowed = match self {
            Limiters::Memory { login_email, login_ip, forgot_email, forgot_ip } => {
                let (emails, ips) = if by_email == LOGIN_EMAIL { (login_email, login_ip) } else { (forgot_email, forgot_ip) };
                let email_ok = emails.check_key(&email).is_ok();
                let ip_ok = ip.is_none_or(|ip| ips.check_key(&ip).is_ok());
                email_ok && ip_ok
            }
            Limiters::Redis { conn, prefix, limits } => {
                let email_ok = redis_allow(conn, prefix, NAMES[by_email], &email, limits[by_email]).await;
                let ip_ok = match ip {
                    Some(ip) => redis_allow(conn, prefix, NAMES[by_ip], &ip.to_string(), limits[by_ip]).await,
                    None => true,
                };
                email_ok && ip_ok
            }
        };
        if allowed { Ok(()) } else { Err(domain::DomainError::RateLimited.into()) }
    }
}

/// A sliding one-minute window kept in Redis (a sorted set of attempt times), so attempts that
/// straddle a minute boundary still count together. If Redis does not answer, the attempt is let
/// through: an outage of the limiter must not lock everyone out of signing in.
async fn redis_allow(conn: &redis::aio::ConnectionManager, prefix: &str, name: &str, key: &str, limit: u32) -> bool {
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
