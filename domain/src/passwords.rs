//! argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane).
use std::sync::OnceLock;

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

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
        return Err(DomainError::bad_input(field, format!("must be at least {MIN_LENGTH} characters")));
    }
    if len > MAX_LENGTH {
        return Err(DomainError::bad_input(field, format!("must be at most {MAX_LENGTH} characters")));
    }
    Ok(())
}

pub fn hash(password: &str) -> Result<String> {
    hasher()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| DomainError::Internal(format!("password hashing failed: {e}")))
}

pub fn verify(password: &str, hash: &str) -> bool {
    hasher().verify_password(password.as_bytes(), hash).is_ok()
}

/// Verifies against a fixed hash so that a login for an unknown email costs the same time as
/// one for a known email: response time must not tell which emails exist.
pub fn verify_dummy(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let dummy = DUMMY.get_or_init(|| hash("a-password-nobody-has").unwrap_or_default());
    let _ = verify(password, dummy);
}
