//! Licence keys (SPEC §4.1, §7): one per serial, random and unguessable,
//! in readable groups: `UPL-7KQ2M-X9D4H-3WCNP-R8T6V`.
//!
//! The alphabet leaves out the look-alikes `0 O 1 I`, so a key read aloud or
//! typed from a certificate comes out right; 32 symbols give 5 bits each, so
//! the 20 random symbols carry 100 bits: nobody finds a key by guessing.

use rand::Rng;

/// 32 symbols: digits 2–9 and the letters without I and O.
pub const ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/// Every key starts with this.
pub const PREFIX: &str = "UPL";
/// Groups of random symbols after the prefix, and their length.
pub const GROUPS: usize = 4;
pub const GROUP_LEN: usize = 5;

/// A new key from `rng` (the caller passes a cryptographically secure one,
/// e.g. `rand::rng()`).
pub fn generate(rng: &mut impl Rng) -> String {
    let mut key = String::with_capacity(PREFIX.len() + GROUPS * (GROUP_LEN + 1));
    key.push_str(PREFIX);
    for _ in 0..GROUPS {
        key.push('-');
        for _ in 0..GROUP_LEN {
            key.push(ALPHABET[rng.random_range(0..ALPHABET.len())] as char);
        }
    }
    key
}

/// A new key from the thread's CSPRNG.
pub fn new_key() -> String {
    generate(&mut rand::rng())
}

/// True when `key` has the shape of a licence key.
pub fn is_well_formed(key: &str) -> bool {
    let mut parts = key.split('-');
    parts.next() == Some(PREFIX)
        && parts
            .by_ref()
            .take(GROUPS)
            .filter(|g| g.len() == GROUP_LEN && g.bytes().all(|b| ALPHABET.contains(&b)))
            .count()
            == GROUPS
        && parts.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn keys_are_readable_groups_without_look_alikes() {
        let key = new_key();
        assert_eq!(key.len(), 3 + 4 * 6, "{key}");
        assert!(key.starts_with("UPL-"));
        assert!(is_well_formed(&key), "{key}");
        let body = &key[4..];
        assert!(!body.contains(['0', 'O', '1', 'I']), "{key}");
    }

    #[test]
    fn keys_differ() {
        let keys: std::collections::HashSet<String> = (0..10_000).map(|_| new_key()).collect();
        assert_eq!(keys.len(), 10_000);
    }

    #[test]
    fn malformed_keys_are_told_apart() {
        assert!(!is_well_formed("UPL-ABCDE-ABCDE-ABCDE"));
        assert!(!is_well_formed("UPL-ABCDE-ABCDE-ABCDE-ABCDE-ABCDE"));
        assert!(!is_well_formed("UPL-ABCDE-ABCDE-ABCDE-ABCD0"));
        assert!(!is_well_formed("KEY-ABCDE-ABCDE-ABCDE-ABCDE"));
        assert!(is_well_formed("UPL-ABCDE-ABCDE-ABCDE-ABCDE"));
    }

    proptest! {
        #[test]
        fn every_generated_key_is_well_formed(seed in any::<u64>()) {
            use rand::SeedableRng;
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            prop_assert!(is_well_formed(&generate(&mut rng)));
        }
    }
}
