//! argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane).
//!
//! A hash costs one core tens of milliseconds and 19 MiB, so hashing and verifying run on
//! tokio's blocking threads behind a semaphore of one permit per core: never on the async
//! workers (a burst of sign-ups would stall every other request), and never more at once than
//! there are cores (a burst waits its turn instead of piling up threads and memory).
use std::sync::{Arc, OnceLock};

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use crate::{DomainError, Result};

pub const MIN_LENGTH: usize = 8;
pub const MAX_LENGTH: usize = 128;

fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Checks the rules a new password must meet; `field` names the input field in the error.
pub fn validate(field: &str, password: &str) -> Result<()> {
    let len = password.chars().count();
    if len < MIN_LENGTH {
        return Err(DomainError::bad_input(
            field,
            format!("must be at least {MIN_LENGTH} characters"),
        ));
    }
    if len > MAX_LENGTH {
        return Err(DomainError::bad_input(
            field,
            format!("must be at most {MAX_LENGTH} characters"),
        ));
    }
    Ok(())
}

fn permits() -> Arc<Semaphore> {
    static PERMITS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    PERMITS
        .get_or_init(|| {
            Arc::new(Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            ))
        })
        .clone()
}

/// Runs `work` on a blocking thread once a permit is free. The permit moves into the blocking
/// task: a request dropped while its hash runs (the client went away) does not free the core
/// for another hash before this one ends.
///
/// `sellerdesk_password_hashes_total{op}` counts the hashes computed: what a flood of sign-ups
/// or resets costs shows on /metrics, and a test can tell that a refused request hashed nothing.
async fn on_pool<T: Send + 'static>(
    op: &'static str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T> {
    metrics::counter!("sellerdesk_password_hashes_total", "op" => op).increment(1);
    let permit = permits()
        .acquire_owned()
        .await
        .map_err(|_| DomainError::Internal("the password hashing pool is closed".into()))?;
    tokio::task::spawn_blocking(move || {
        let out = work();
        drop(permit);
        out
    })
    .await
    .map_err(|e| DomainError::Internal(format!("password hashing task failed: {e}")))
}

fn hash_now(password: &str) -> Result<String> {
    hasher()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| DomainError::Internal(format!("password hashing failed: {e}")))
}

fn verify_now(password: &str, hash: &str) -> bool {
    hasher().verify_password(password.as_bytes(), hash).is_ok()
}

/// A fixed hash to verify against when there is no user, so that an unknown email costs the
/// same time as a known one: response time must not tell which emails exist.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_now("a-password-nobody-has").unwrap_or_default())
}

pub async fn hash(password: &str) -> Result<String> {
    let password = password.to_owned();
    on_pool("hash", move || hash_now(&password)).await?
}

pub async fn verify(password: &str, hash: &str) -> Result<bool> {
    let (password, hash) = (password.to_owned(), hash.to_owned());
    on_pool("verify", move || verify_now(&password, &hash)).await
}

/// Costs what `verify` costs, for a user that does not exist.
pub async fn verify_dummy(password: &str) -> Result<()> {
    let password = password.to_owned();
    on_pool("verify", move || {
        let _ = verify_now(&password, dummy_hash());
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let h = hash("correct horse battery").await.expect("hash");
        assert!(verify("correct horse battery", &h).await.expect("verify"));
        assert!(!verify("wrong horse battery", &h).await.expect("verify"));
        verify_dummy("anything").await.expect("dummy");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn more_hashes_than_permits_all_finish() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let tasks: Vec<_> = (0..cores * 2)
            .map(|i| tokio::spawn(async move { hash(&format!("password-{i}")).await }))
            .collect();
        for task in tasks {
            assert!(
                task.await
                    .expect("task")
                    .expect("hash")
                    .starts_with("$argon2id$")
            );
        }
    }
}
