//! Encryption of secrets at rest (InControl tokens) with ChaCha20-Poly1305.
//!
//! The 32-byte key comes from `UPLINK_SECRET_KEY`, or is generated on first
//! start and kept in `app_settings` (`secret_key`), so every server sharing
//! the database shares it. Ciphertexts are `v1.<base64url(nonce ‖ sealed)>`.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use uplink_db::Db;

const SETTING: &str = "secret_key";

pub struct SecretBox {
    cipher: ChaCha20Poly1305,
}

impl SecretBox {
    pub fn new(key: [u8; 32]) -> SecretBox {
        SecretBox {
            cipher: ChaCha20Poly1305::new(Key::from_slice(&key)),
        }
    }

    /// The configured key, or the one kept in the database (created on first use).
    pub async fn load(configured: Option<[u8; 32]>, db: &Db) -> anyhow::Result<SecretBox> {
        if let Some(key) = configured {
            return Ok(SecretBox::new(key));
        }
        let stored = db
            .setting_or_insert(SETTING, || {
                let mut k = [0u8; 32];
                rand::Rng::fill(&mut rand::rng(), &mut k);
                hex::encode(k)
            })
            .await?;
        let key: [u8; 32] = hex::decode(stored.trim())?
            .try_into()
            .map_err(|_| anyhow::anyhow!("app_settings.secret_key is not 32 bytes"))?;
        Ok(SecretBox::new(key))
    }

    pub fn seal(&self, plaintext: &str) -> String {
        let mut nonce = [0u8; 12];
        rand::Rng::fill(&mut rand::rng(), &mut nonce);
        let sealed = self
            .cipher
            .encrypt(Nonce::from_slice(&nonce), plaintext.as_bytes())
            .expect("encryption of a short secret cannot fail");
        let mut out = nonce.to_vec();
        out.extend(sealed);
        format!("v1.{}", B64.encode(out))
    }

    pub fn open(&self, sealed: &str) -> anyhow::Result<String> {
        let raw = B64.decode(
            sealed
                .strip_prefix("v1.")
                .ok_or_else(|| anyhow::anyhow!("unknown secret format"))?,
        )?;
        if raw.len() < 12 {
            anyhow::bail!("secret too short");
        }
        let (nonce, body) = raw.split_at(12);
        let plain = self
            .cipher
            .decrypt(Nonce::from_slice(nonce), body)
            .map_err(|_| anyhow::anyhow!("secret does not decrypt with this key"))?;
        Ok(String::from_utf8(plain)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_secrets_open_with_the_same_key_only() {
        let a = SecretBox::new([7; 32]);
        let s = a.seal("access-token");
        assert!(s.starts_with("v1.") && !s.contains("access-token"));
        assert_eq!(a.open(&s).unwrap(), "access-token");
        assert_ne!(a.seal("access-token"), s, "fresh nonce every time");
        assert!(SecretBox::new([8; 32]).open(&s).is_err());
        assert!(a.open("v1.AAAA").is_err());
    }
}
