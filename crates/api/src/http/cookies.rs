//! The cookies and headers of sign-in (documented in docs/decisions.md D-accounts).
//!
//! - `uplink_session`: the opaque session token. HttpOnly, SameSite=Lax,
//!   Path=/, Secure when the public URL is https.
//! - `uplink_csrf`: the session's CSRF token, readable by the page's script,
//!   which sends it back in the `X-CSRF-Token` header on every mutating request.
//! - `uplink_challenge`: a challenge pass (HttpOnly) after solving the proof of work.
//! - `uplink_cart`: the guest cart's random token (HttpOnly; see [`crate::cart`]).

use crate::platform::config::Config;
use axum::http::{HeaderMap, HeaderValue, header};

pub const SESSION_COOKIE: &str = "uplink_session";
/// The guest cart cookie (the cart capability issues it; identity reads it for the sign-in merge).
pub const CART_COOKIE: &str = "uplink_cart";
pub const CSRF_COOKIE: &str = "uplink_csrf";
pub const CHALLENGE_COOKIE: &str = "uplink_challenge";
pub const CSRF_HEADER: &str = "x-csrf-token";
pub const CHALLENGE_HEADER: &str = "x-challenge-pass";

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn read(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim_matches('"').to_owned())
        .filter(|v| !v.is_empty())
}

/// How a `Set-Cookie` should look.
pub struct CookieSpec<'a> {
    pub name: &'a str,
    pub value: &'a str,
    pub max_age_secs: i64,
    pub http_only: bool,
    pub path: &'a str,
}

/// A `Set-Cookie` value; `Secure` when the store is served over https.
pub fn build(config: &Config, spec: &CookieSpec<'_>) -> HeaderValue {
    let mut s = format!(
        "{}={}; Path={}; Max-Age={}; SameSite=Lax",
        spec.name, spec.value, spec.path, spec.max_age_secs
    );
    if spec.http_only {
        s.push_str("; HttpOnly");
    }
    if config.is_https() {
        s.push_str("; Secure");
    }
    HeaderValue::from_str(&s).expect("cookie values are token characters")
}

/// The two cookies of a signed-in browser.
pub fn session_cookies(config: &Config, token: &str, csrf: &str) -> [HeaderValue; 2] {
    let max_age = config.auth.session_max_secs;
    [
        build(
            config,
            &CookieSpec {
                name: SESSION_COOKIE,
                value: token,
                max_age_secs: max_age,
                http_only: true,
                path: "/",
            },
        ),
        build(
            config,
            &CookieSpec {
                name: CSRF_COOKIE,
                value: csrf,
                max_age_secs: max_age,
                http_only: false,
                path: "/",
            },
        ),
    ]
}

/// Cookies that remove the session from the browser.
pub fn clear_session_cookies(config: &Config) -> [HeaderValue; 2] {
    [SESSION_COOKIE, CSRF_COOKIE].map(|name| {
        build(
            config,
            &CookieSpec {
                name,
                value: "",
                max_age_secs: 0,
                http_only: name == SESSION_COOKIE,
                path: "/",
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_found_among_several() {
        let mut h = HeaderMap::new();
        h.append(
            header::COOKIE,
            HeaderValue::from_static("a=1; uplink_session=abc"),
        );
        h.append(header::COOKIE, HeaderValue::from_static("b=2"));
        assert_eq!(read(&h, SESSION_COOKIE).as_deref(), Some("abc"));
        assert_eq!(read(&h, "b").as_deref(), Some("2"));
        assert_eq!(read(&h, "c"), None);
    }

    #[test]
    fn session_cookie_is_http_only_lax_and_secure_over_https() {
        let mut c = Config::for_tests("sqlite://x");
        let [s, csrf] = session_cookies(&c, "t", "k");
        let s = s.to_str().unwrap();
        assert!(s.contains("HttpOnly") && s.contains("SameSite=Lax") && !s.contains("Secure"));
        assert!(!csrf.to_str().unwrap().contains("HttpOnly"));
        c.public_url = "https://shop.example".into();
        let [s, _] = session_cookies(&c, "t", "k");
        assert!(s.to_str().unwrap().contains("; Secure"));
    }
}
