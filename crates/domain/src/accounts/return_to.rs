//! Where to send a person after sign-in: only a path on this site (no open redirect).

/// Returns `input` when it is a same-origin relative path (`/account?x=1#y`),
/// else `None`. Refuses scheme-relative (`//evil`), backslash tricks
/// (`/\evil`), absolute URLs, control characters and over-long values.
pub fn safe_return_to(input: &str) -> Option<&str> {
    let ok = input.starts_with('/')
        && !input.starts_with("//")
        && !input.starts_with("/\\")
        && input.len() <= 2048
        && !input
            .chars()
            .any(|c| c.is_control() || c == '\\' || c.is_whitespace())
        && !input.to_ascii_lowercase().contains("%5c")
        && !input.starts_with("/%2f")
        && !input.starts_with("/%2F");
    ok.then_some(input)
}

/// [`safe_return_to`] with a fallback.
pub fn return_to_or<'a>(input: Option<&'a str>, fallback: &'a str) -> &'a str {
    input.and_then(safe_return_to).unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn site_paths_pass_and_everything_else_does_not() {
        assert_eq!(
            safe_return_to("/account/settings?tab=1#x"),
            Some("/account/settings?tab=1#x")
        );
        for bad in [
            "",
            "account",
            "https://evil.example/",
            "//evil.example",
            "/\\evil.example",
            "/%2fevil.example",
            "/%5cevil",
            "javascript:alert(1)",
            "/a b",
            "/a\nb",
            "\t/x",
        ] {
            assert_eq!(safe_return_to(bad), None, "{bad:?}");
        }
        assert_eq!(return_to_or(Some("//x"), "/account"), "/account");
    }

    proptest! {
        #[test]
        fn an_accepted_value_always_stays_on_this_origin(s in ".{0,40}") {
            if let Some(v) = safe_return_to(&s) {
                // Resolving against our origin never changes the host.
                prop_assert!(v.starts_with('/') && !v.starts_with("//"));
                prop_assert!(!v.contains('\\'));
            }
        }
    }
}
