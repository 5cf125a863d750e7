//! The password policy (SPEC §8): at least 10 characters.

/// Fewest characters a password may have.
pub const MIN_LEN: usize = 10;
/// Most characters accepted (keeps hashing cost bounded).
pub const MAX_LEN: usize = 256;

/// Checks a new password; the error is a message for the person.
pub fn check_new_password(password: &str) -> Result<(), &'static str> {
    let n = password.chars().count();
    if n < MIN_LEN {
        Err("Use at least 10 characters.")
    } else if n > MAX_LEN {
        Err("Use at most 256 characters.")
    } else if password.trim().is_empty() {
        Err("A password cannot be only spaces.")
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_characters_is_the_minimum() {
        assert!(check_new_password("123456789").is_err());
        assert!(check_new_password("1234567890").is_ok());
        assert!(check_new_password("ääääääääää").is_ok());
        assert!(check_new_password("          ").is_err());
        assert!(check_new_password(&"x".repeat(257)).is_err());
    }
}
