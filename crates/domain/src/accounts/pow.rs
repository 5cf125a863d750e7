//! The sign-in challenge's proof of work (SPEC §8): find a `solution` such
//! that `SHA-256("<nonce>:<solution>")` starts with `difficulty` zero bits.

use sha2::{Digest, Sha256};

/// Most difficulty the server will ever ask for (≈ 16 million hashes on average).
pub const MAX_DIFFICULTY: u32 = 24;

/// Number of leading zero bits of `bytes`.
pub fn leading_zero_bits(bytes: &[u8]) -> u32 {
    let mut n = 0;
    for b in bytes {
        if *b == 0 {
            n += 8;
        } else {
            n += b.leading_zeros();
            break;
        }
    }
    n
}

/// The digest a solution is judged by.
pub fn digest(nonce: &str, solution: &str) -> [u8; 32] {
    Sha256::digest(format!("{nonce}:{solution}").as_bytes()).into()
}

/// True when `solution` solves the puzzle.
pub fn verify(nonce: &str, difficulty: u32, solution: &str) -> bool {
    solution.len() <= 64 && leading_zero_bits(&digest(nonce, solution)) >= difficulty
}

/// Brute-forces a solution (decimal counter), as the browser does. For tests and tools.
pub fn solve(nonce: &str, difficulty: u32) -> String {
    (0u64..)
        .map(|i| i.to_string())
        .find(|s| verify(nonce, difficulty, s))
        .expect("a solution exists")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_bits_are_counted_across_bytes() {
        assert_eq!(leading_zero_bits(&[0, 0, 0x10]), 19);
        assert_eq!(leading_zero_bits(&[0x80]), 0);
        assert_eq!(leading_zero_bits(&[0, 0]), 16);
    }

    #[test]
    fn a_found_solution_verifies_and_a_wrong_one_does_not() {
        let s = solve("abc", 10);
        assert!(verify("abc", 10, &s));
        assert!(leading_zero_bits(&digest("abc", &s)) >= 10);
        // A solution for one nonce is (almost surely) not one for another at 10 bits;
        // check against a digest we compute rather than assume.
        let other = leading_zero_bits(&digest("abd", &s)) >= 10;
        assert_eq!(verify("abd", 10, &s), other);
        assert!(!verify("abc", 10, &"9".repeat(65)));
    }
}
