//! Integration API keys: created by an admin and shown once, kept as their
//! SHA-256 (a random 256-bit key needs no slow hash), sent by the outside
//! system as `Authorization: Bearer upk_…`. A revoked or unknown key is 401.

use crate::http::error::ApiError;
use crate::http::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::{hash_secret, new_secret};

/// What every key starts with, so a leaked one is recognisable.
pub const KEY_PREFIX: &str = "upk_";
/// Characters of a key listed to tell keys apart.
const SHOWN_CHARS: usize = 12;

/// A new key: (the secret, its listed prefix, its hash).
pub fn generate() -> (String, String, String) {
    let secret = format!("{KEY_PREFIX}{}", new_secret());
    let prefix = secret[..SHOWN_CHARS].to_owned();
    let hash = hash_secret(&secret);
    (secret, prefix, hash)
}

/// The live integration key that signed the request (its id).
#[derive(Debug, Clone)]
pub struct IntegrationCaller {
    pub key_id: String,
}

fn refused(detail: &str) -> ApiError {
    ApiError::new(ErrorCode::Unauthenticated).with_detail(detail.to_owned())
}

impl FromRequestParts<AppState> for IntegrationCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                let (scheme, token) = v.trim().split_once(' ')?;
                scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
            })
            .filter(|t| !t.is_empty())
            .ok_or_else(|| {
                refused("Send an integration key as `Authorization: Bearer <key>`; an admin creates one under Integration keys.")
            })?;
        let key_id = state
            .db
            .live_integration_key(&hash_secret(token), uplink_db::now_ms())
            .await?
            .ok_or_else(|| {
                refused("This integration key is unknown or revoked; ask an admin for a new one.")
            })?;
        Ok(IntegrationCaller { key_id })
    }
}

impl crate::http::route_docs::Rejects for IntegrationCaller {
    const REJECTIONS: &'static [crate::http::route_docs::Rejection] =
        &[crate::http::route_docs::rejection(
            401,
            "`unauthenticated`: no integration key, or an unknown or revoked one",
        )];
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_long_random_and_listed_by_prefix() {
        let (a, prefix, hash) = super::generate();
        let (b, _, _) = super::generate();
        assert_ne!(a, b);
        assert!(a.starts_with("upk_") && a.len() == 4 + 64);
        assert!(a.starts_with(&prefix) && prefix.len() == 12);
        assert_eq!(hash, uplink_domain::ids::hash_secret(&a));
    }
}
