//! Password hashing with argon2id, off the async threads and bounded in
//! parallelism (each hash takes ~19 MiB and tens of milliseconds).

use crate::platform::config::PasswordCost;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::Arc;
use tokio::sync::{OnceCell, Semaphore};

pub struct Passwords {
    cost: PasswordCost,
    permits: Semaphore,
    /// A hash of a random password with the current parameters; unknown
    /// e-mail addresses are verified against it so they take as long as known ones.
    dummy: OnceCell<String>,
}

impl Passwords {
    pub fn new(cost: PasswordCost) -> Passwords {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Passwords {
            cost,
            permits: Semaphore::new(cores.max(2)),
            dummy: OnceCell::new(),
        }
    }

    fn argon2(cost: PasswordCost) -> Argon2<'static> {
        let params = match cost {
            PasswordCost::Standard => Params::new(19 * 1024, 2, 1, None),
            PasswordCost::Fast => Params::new(8, 1, 1, None),
        }
        .expect("valid argon2 parameters");
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
    }

    /// The PHC string (`$argon2id$v=19$m=…`) of `password` with a fresh salt.
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let _permit = self.permits.acquire().await?;
        let password = password.to_owned();
        let cost = self.cost;
        tokio::task::spawn_blocking(move || hash_blocking(cost, &password)).await?
    }

    /// Checks `password` against `hash`; with `None` (no such account, or an
    /// account without a password) it burns the same time and answers false.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> anyhow::Result<bool> {
        let known = hash.is_some();
        let hash = match hash {
            Some(h) => h.to_owned(),
            None => self.dummy_hash().await?,
        };
        let _permit = self.permits.acquire().await?;
        let password = password.to_owned();
        let ok = tokio::task::spawn_blocking(move || verify_blocking(&password, &hash)).await?;
        Ok(known && ok)
    }

    /// Computes the dummy hash now, so the first unknown e-mail is not slower (call at start-up).
    pub async fn warm_up(&self) -> anyhow::Result<()> {
        self.dummy_hash().await.map(|_| ())
    }

    async fn dummy_hash(&self) -> anyhow::Result<String> {
        let cost = self.cost;
        self.dummy
            .get_or_try_init(|| async move {
                let random = uplink_domain::ids::new_secret();
                tokio::task::spawn_blocking(move || hash_blocking(cost, &random)).await?
            })
            .await
            .cloned()
    }
}

/// Synchronous hashing for command-line tools and seeding.
pub fn hash_blocking(cost: PasswordCost, password: &str) -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    rand::Rng::fill(&mut rand::rng(), &mut bytes);
    let salt = SaltString::encode_b64(&bytes).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    Passwords::argon2(cost)
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
}

fn verify_blocking(password: &str, hash: &str) -> bool {
    // Parameters come from the stored hash, so old hashes keep verifying.
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

pub type SharedPasswords = Arc<Passwords>;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_argon2id_and_verify() {
        let p = Passwords::new(PasswordCost::Fast);
        let h = p.hash("correct horse battery").await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(p.verify("correct horse battery", Some(&h)).await.unwrap());
        assert!(!p.verify("wrong", Some(&h)).await.unwrap());
        assert!(!p.verify("correct horse battery", None).await.unwrap());
        assert!(!p.verify("x", Some("not a hash")).await.unwrap());
    }

    #[test]
    fn standard_cost_is_owasp_strength() {
        let h = hash_blocking(PasswordCost::Standard, "correct horse battery").unwrap();
        assert!(h.contains("m=19456,t=2,p=1"), "{h}");
    }
}
