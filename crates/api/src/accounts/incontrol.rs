//! InControl: an OAuth2 authorization code flow (with PKCE) against the
//! configured authorize/token URLs; the profile endpoint tells who the person
//! is. Tokens are stored encrypted (see [`crate::secrets`]) for the device
//! import that comes with device management.

use crate::http::error::{ApiError, ApiResult};
use crate::platform::config::InControlConfig;
use crate::platform::oidc::ExternalProfile;
use crate::platform::oidc::http_client;
use base64::Engine;
use serde::Deserialize;
use sha2::Digest;
use uplink_domain::error_code::ErrorCode;

/// The token endpoint's answer (RFC 6749 §5.1).
#[derive(Debug, Clone, Deserialize)]
pub struct TokenAnswer {
    pub access_token: String,
    pub refresh_token: Option<String>,
    pub expires_in: Option<i64>,
    pub scope: Option<String>,
}

/// A PKCE pair: (verifier, S256 challenge).
pub fn pkce_pair() -> (String, String) {
    let verifier = uplink_domain::ids::new_secret();
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(sha2::Sha256::digest(verifier.as_bytes()));
    (verifier, challenge)
}

pub fn authorize_url(
    cfg: &InControlConfig,
    redirect_uri: &str,
    state: &str,
    challenge: &str,
) -> ApiResult<String> {
    let mut url = url::Url::parse(&cfg.authorize_url)
        .map_err(|e| ApiError::internal(format!("UPLINK_INCONTROL_AUTHORIZE_URL: {e}")))?;
    {
        let mut q = url.query_pairs_mut();
        q.append_pair("response_type", "code")
            .append_pair("client_id", &cfg.client_id)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("state", state)
            .append_pair("code_challenge", challenge)
            .append_pair("code_challenge_method", "S256");
        if let Some(scope) = &cfg.scope {
            q.append_pair("scope", scope);
        }
    }
    Ok(url.to_string())
}

fn refused(what: &str, e: impl std::fmt::Display) -> ApiError {
    tracing::warn!(error = %e, "InControl: {what}");
    ApiError::new(ErrorCode::Unauthenticated)
        .with_detail("InControl did not accept the sign-in; start again.")
}

pub async fn exchange_code(
    cfg: &InControlConfig,
    redirect_uri: &str,
    code: &str,
    verifier: &str,
) -> ApiResult<TokenAnswer> {
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect_uri),
        ("client_id", cfg.client_id.as_str()),
        ("code_verifier", verifier),
    ];
    if let Some(secret) = &cfg.client_secret {
        form.push(("client_secret", secret.as_str()));
    }
    let res = http_client()
        .post(&cfg.token_url)
        .header("accept", "application/json")
        .form(&form)
        .send()
        .await
        .map_err(|e| refused("token endpoint unreachable", e))?;
    if !res.status().is_success() {
        let status = res.status();
        let body = res.text().await.unwrap_or_default();
        return Err(refused(
            "token endpoint refused the code",
            format!("{status}: {body}"),
        ));
    }
    res.json::<TokenAnswer>()
        .await
        .map_err(|e| refused("token endpoint answered something else", e))
}

/// Reads who the token belongs to from the profile endpoint. Accepts
/// `{id|sub|user_id, email, name|first_name+last_name, email_verified?}`,
/// optionally wrapped in `{"response": {...}}`.
pub async fn profile(cfg: &InControlConfig, access_token: &str) -> ApiResult<ExternalProfile> {
    let res = http_client()
        .get(&cfg.profile_url)
        .bearer_auth(access_token)
        .header("accept", "application/json")
        .send()
        .await
        .map_err(|e| refused("profile endpoint unreachable", e))?;
    if !res.status().is_success() {
        return Err(refused("profile endpoint refused the token", res.status()));
    }
    let body: serde_json::Value = res
        .json()
        .await
        .map_err(|e| refused("profile is not JSON", e))?;
    profile_from_json(&body).ok_or_else(|| refused("profile has no id", body))
}

pub fn profile_from_json(body: &serde_json::Value) -> Option<ExternalProfile> {
    let p = body
        .get("response")
        .filter(|r| r.is_object())
        .unwrap_or(body);
    let text = |k: &str| {
        p.get(k).and_then(|v| match v {
            serde_json::Value::String(s) if !s.is_empty() => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
    };
    let subject = text("sub")
        .or_else(|| text("id"))
        .or_else(|| text("user_id"))?;
    let name = text("name").or_else(|| match (text("first_name"), text("last_name")) {
        (Some(f), Some(l)) => Some(format!("{f} {l}")),
        (f, l) => f.or(l),
    });
    Some(ExternalProfile {
        provider: "incontrol",
        subject,
        email: text("email"),
        email_verified: p
            .get("email_verified")
            .and_then(|v| v.as_bool())
            .unwrap_or(false),
        name,
        country: text("country"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_are_read_plain_or_wrapped() {
        let p = profile_from_json(
            &serde_json::json!({"response": {"id": 42, "email": "a@b.co",
            "first_name": "Ann", "last_name": "Lee"}}),
        )
        .unwrap();
        assert_eq!(
            (p.subject.as_str(), p.name.as_deref()),
            ("42", Some("Ann Lee"))
        );
        assert!(!p.email_verified);
        assert!(profile_from_json(&serde_json::json!({"email": "a@b.co"})).is_none());
    }

    #[test]
    fn the_authorize_url_carries_pkce_and_state() {
        let cfg = InControlConfig {
            authorize_url: "https://ic.example/oauth2/authorize?x=1".into(),
            token_url: "https://ic.example/oauth2/token".into(),
            api_url: "https://ic.example".into(),
            profile_url: "https://ic.example/rest/o/profile".into(),
            client_id: "uplink".into(),
            client_secret: None,
            scope: Some("api".into()),
        };
        let (_, challenge) = pkce_pair();
        let url = authorize_url(
            &cfg,
            "http://localhost:8080/incontrol/callback",
            "st",
            &challenge,
        )
        .unwrap();
        assert!(url.starts_with("https://ic.example/oauth2/authorize?x=1&response_type=code"));
        assert!(
            url.contains("state=st")
                && url.contains("code_challenge_method=S256")
                && url.contains("scope=api")
        );
    }
}
