//! E-mail addresses: normalised (trimmed, lower case) and plausibly shaped.

use std::fmt;

/// A normalised e-mail address. Equality is on the normalised form, so
/// `Ann@Example.com` and `ann@example.com` are the same account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Enter an e-mail address like name@example.com.")]
pub struct InvalidEmail;

impl Email {
    /// Parses what a person typed. Deliberately simple (one `@`, a dot in the
    /// domain, no spaces, ≤ 254 characters): the confirmation e-mail is the
    /// real test of an address.
    pub fn parse(input: &str) -> Result<Email, InvalidEmail> {
        let s = input.trim().to_lowercase();
        if s.len() > 254 || s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(InvalidEmail);
        }
        let (local, domain) = s.split_once('@').ok_or(InvalidEmail)?;
        let domain_ok = !domain.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && domain
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '.');
        if local.is_empty() || local.len() > 64 || !domain_ok {
            return Err(InvalidEmail);
        }
        Ok(Email(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn addresses_are_normalised() {
        assert_eq!(
            Email::parse("  Ann.Lee@Example.COM ").unwrap().as_str(),
            "ann.lee@example.com"
        );
    }

    #[test]
    fn malformed_addresses_are_refused() {
        for bad in [
            "",
            "ann",
            "ann@",
            "@example.com",
            "ann@example",
            "a b@example.com",
            "ann@@example.com",
            "ann@example..com",
            "ann@.example.com",
            "ann@exa mple.com",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn parsing_never_panics_and_is_idempotent(s in ".{0,80}") {
            if let Ok(e) = Email::parse(&s) {
                prop_assert_eq!(Email::parse(e.as_str()).unwrap(), e);
            }
        }
    }
}
