//! Opaque identifiers such as `prd_7Hk2…` (SPEC §2).

use rand::Rng;

const ALPHABET: &[u8] = b"0123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/// A new random id with a type prefix: `new_id("ord")` → `ord_x8K…` (16 random characters).
pub fn new_id(prefix: &str) -> String {
    let mut rng = rand::rng();
    let mut id = String::with_capacity(prefix.len() + 17);
    id.push_str(prefix);
    id.push('_');
    for _ in 0..16 {
        id.push(ALPHABET[rng.random_range(0..ALPHABET.len())] as char);
    }
    id
}

/// A random secret token (URL-safe, 32 bytes of entropy) for sessions and links.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    hex::encode(bytes)
}

/// SHA-256 of a secret, hex-encoded: what we store instead of the secret itself.
pub fn hash_secret(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(secret.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_carry_their_prefix_and_differ() {
        let a = new_id("ord");
        let b = new_id("ord");
        assert!(a.starts_with("ord_"));
        assert_eq!(a.len(), 20);
        assert_ne!(a, b);
    }

    #[test]
    fn secrets_hash_deterministically() {
        let s = new_secret();
        assert_eq!(hash_secret(&s), hash_secret(&s));
        assert_ne!(hash_secret(&s), s);
    }
}
