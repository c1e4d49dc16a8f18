//! Sealing of credentials at rest (marketplace tokens, provider keys): XChaCha20-Poly1305 with a
//! random nonce per value. A sealed value reads `v1:{key id}:{base64 nonce+ciphertext}`, so the
//! key can rotate: a value sealed under another key id is refused by name, not garbled.
use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::{DomainError, Result};

const NONCE_LEN: usize = 24;

#[derive(Clone)]
pub struct Secrets {
    cipher: XChaCha20Poly1305,
    key_id: String,
    /// Root of the keys derived for other purposes (see [`Secrets::derive_key`]).
    derive_root: [u8; 32],
}

impl std::fmt::Debug for Secrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Secrets")
            .field("key_id", &self.key_id)
            .finish_non_exhaustive()
    }
}

impl Secrets {
    pub fn from_key(key: [u8; 32]) -> Secrets {
        // The id names the key without revealing it: the first bytes of its hash.
        let key_id = hex::encode(&Sha256::digest(key)[..4]);
        let derive_root = hmac_sha256(&key, b"sellerdesk: root of derived keys");
        Secrets {
            cipher: XChaCha20Poly1305::new(&key.into()),
            key_id,
            derive_root,
        }
    }

    /// `SECRETS_KEY` (64 hex digits or base64 of 32 bytes) when given; otherwise a key kept in
    /// `DATA_DIR/secrets-key`, made on first start. Every process that reads tokens (API and
    /// workers) must see the same key.
    pub fn load(configured: Option<&str>, data_dir: &Path) -> Result<Secrets> {
        if let Some(text) = configured {
            return parse_key(text).map(Secrets::from_key);
        }
        let path = data_dir.join("secrets-key");
        match std::fs::read_to_string(&path) {
            Ok(text) => parse_key(&text).map(Secrets::from_key),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut key = [0u8; 32];
                rand::rng().fill_bytes(&mut key);
                write_private(&path, &hex::encode(key)).map_err(|e| {
                    DomainError::Internal(format!("cannot write {}: {e}", path.display()))
                })?;
                // Two processes starting at once may both write: read back whichever won.
                let text = std::fs::read_to_string(&path).map_err(|e| {
                    DomainError::Internal(format!("cannot read {}: {e}", path.display()))
                })?;
                parse_key(&text).map(Secrets::from_key)
            }
            Err(e) => Err(DomainError::Internal(format!(
                "cannot read {}: {e}",
                path.display()
            ))),
        }
    }

    /// A 32-byte key for another purpose (`"uploads"`: signing upload URLs), derived from this
    /// one: one secret configures every process, and a derived key reveals neither the sealing
    /// key nor the keys of other purposes.
    pub fn derive_key(&self, purpose: &str) -> [u8; 32] {
        hmac_sha256(&self.derive_root, purpose.as_bytes())
    }

    pub fn seal(&self, plain: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        // Encryption with a valid key and nonce length cannot fail.
        let sealed = self
            .cipher
            .encrypt(&XNonce::from(nonce), plain.as_bytes())
            .unwrap_or_default();
        let mut bytes = nonce.to_vec();
        bytes.extend_from_slice(&sealed);
        format!("v1:{}:{}", self.key_id, B64.encode(bytes))
    }

    pub fn open(&self, sealed: &str) -> Result<String> {
        let bad =
            |why: &str| DomainError::Internal(format!("a stored credential cannot be read: {why}"));
        let mut parts = sealed.splitn(3, ':');
        let (Some("v1"), Some(key_id), Some(data)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("unknown format"));
        };
        if key_id != self.key_id {
            return Err(bad(&format!(
                "sealed under key {key_id}, this process has key {}",
                self.key_id
            )));
        }
        let bytes = B64.decode(data).map_err(|_| bad("not base64"))?;
        if bytes.len() < NONCE_LEN {
            return Err(bad("too short"));
        }
        let (nonce, ct) = bytes.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| bad("too short"))?;
        let plain = self
            .cipher
            .decrypt(&XNonce::from(nonce), ct)
            .map_err(|_| bad("authentication failed"))?;
        String::from_utf8(plain).map_err(|_| bad("not text"))
    }
}

fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(message);
    mac.finalize().into_bytes().into()
}

fn parse_key(text: &str) -> Result<[u8; 32]> {
    let text = text.trim();
    let bytes = if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        hex::decode(text).ok()
    } else {
        base64::engine::general_purpose::STANDARD.decode(text).ok()
    };
    bytes
        .and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok())
        .ok_or_else(|| {
            DomainError::Internal("SECRETS_KEY must be 32 bytes, as 64 hex digits or base64".into())
        })
}

fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(mut file) => file.write_all(text.as_bytes()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seals_and_opens_with_fresh_nonces() {
        let s = Secrets::from_key([7; 32]);
        let a = s.seal("token-123");
        let b = s.seal("token-123");
        assert_ne!(a, b);
        assert!(!a.contains("token-123"));
        assert_eq!(s.open(&a).ok().as_deref(), Some("token-123"));
    }

    #[test]
    fn refuses_other_keys_and_tampering() {
        let s = Secrets::from_key([7; 32]);
        let other = Secrets::from_key([8; 32]);
        let sealed = s.seal("x");
        assert!(other.open(&sealed).is_err());
        let mut tampered = sealed.clone();
        tampered.pop();
        tampered.push(if sealed.ends_with('A') { 'B' } else { 'A' });
        assert!(s.open(&tampered).is_err());
    }

    #[test]
    fn derived_keys_differ_by_purpose_and_root() {
        let s = Secrets::from_key([7; 32]);
        assert_eq!(
            s.derive_key("uploads"),
            Secrets::from_key([7; 32]).derive_key("uploads")
        );
        assert_ne!(s.derive_key("uploads"), s.derive_key("other"));
        assert_ne!(
            s.derive_key("uploads"),
            Secrets::from_key([8; 32]).derive_key("uploads")
        );
        assert_ne!(s.derive_key("uploads"), [7; 32]);
    }

    #[test]
    fn keys_parse_from_hex_or_base64() {
        assert!(parse_key(&"ab".repeat(32)).is_ok());
        assert!(parse_key(&base64::engine::general_purpose::STANDARD.encode([1u8; 32])).is_ok());
        assert!(parse_key("short").is_err());
    }
}
