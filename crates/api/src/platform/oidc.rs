//! OpenID Connect (keycloak mode): authorization code flow with PKCE against
//! the configured issuer, using its discovery document. Works with Keycloak
//! and any standards-compliant provider.

use crate::platform::config::OidcConfig;
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce, OAuth2TokenResponse,
    PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// Discovery results are reused for an hour (keys rotate; a failed
/// verification also refreshes them).
const METADATA_TTL: Duration = Duration::from_secs(3600);

#[derive(Default)]
pub struct OidcClientCache {
    metadata: Mutex<Option<(Instant, CoreProviderMetadata)>>,
}

/// The HTTP client for provider calls: no redirects (SSRF hygiene), short timeouts.
pub fn http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(10))
        .build()
        .expect("HTTP client")
}

/// Why a sign-in through the provider failed; `http::error` turns it into
/// the answer (a 502, a 401 with the detail, or a 500).
#[derive(Debug)]
pub enum OidcError {
    /// The provider did not answer as expected (the cause is logged where it happened).
    Provider,
    /// The sign-in was refused or could not be verified.
    Unauthenticated(&'static str),
    /// Our side failed (a redirect URL that does not parse).
    Internal(String),
}

pub type OidcResult<T> = Result<T, OidcError>;

fn provider_error(what: &str, e: impl std::fmt::Display) -> OidcError {
    tracing::warn!(error = %e, "{what}");
    OidcError::Provider
}

fn internal(e: impl std::fmt::Display) -> OidcError {
    OidcError::Internal(e.to_string())
}

impl OidcClientCache {
    async fn metadata(&self, cfg: &OidcConfig, refresh: bool) -> OidcResult<CoreProviderMetadata> {
        let mut guard = self.metadata.lock().await;
        if let Some((at, m)) = guard.as_ref()
            && !refresh
            && at.elapsed() < METADATA_TTL
        {
            return Ok(m.clone());
        }
        let issuer = IssuerUrl::new(cfg.issuer.clone())
            .map_err(|e| provider_error("UPLINK_OIDC_ISSUER is not a URL", e))?;
        let m = CoreProviderMetadata::discover_async(issuer, &http_client())
            .await
            .map_err(|e| provider_error("OpenID Connect discovery failed", e))?;
        *guard = Some((Instant::now(), m.clone()));
        Ok(m)
    }

    /// The authorization URL plus the state, nonce and PKCE verifier to keep.
    pub async fn authorize_url(
        &self,
        cfg: &OidcConfig,
        redirect_uri: &str,
        silent: bool,
    ) -> OidcResult<(String, String, String, String)> {
        let metadata = self.metadata(cfg, false).await?;
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(cfg.client_id.clone()),
            cfg.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(RedirectUrl::new(redirect_uri.to_owned()).map_err(internal)?);
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let mut req = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .set_pkce_challenge(challenge);
        for scope in &cfg.scopes {
            req = req.add_scope(Scope::new(scope.clone()));
        }
        if silent {
            req = req.add_prompt(openidconnect::core::CoreAuthPrompt::None);
        }
        let (url, state, nonce) = req.url();
        Ok((
            url.to_string(),
            state.secret().clone(),
            nonce.secret().clone(),
            verifier.secret().clone(),
        ))
    }

    /// Exchanges the code (with the PKCE verifier) and verifies the ID token
    /// (signature, issuer, audience, expiry, nonce).
    pub async fn exchange(
        &self,
        cfg: &OidcConfig,
        redirect_uri: &str,
        code: &str,
        verifier: &str,
        nonce: &str,
    ) -> OidcResult<ExternalProfile> {
        match self
            .try_exchange(cfg, redirect_uri, code, verifier, nonce, false)
            .await
        {
            Err(Retry::WithFreshKeys) => self
                .try_exchange(cfg, redirect_uri, code, verifier, nonce, true)
                .await
                .map_err(|e| match e {
                    Retry::WithFreshKeys => unauthenticated("The sign-in could not be verified."),
                    Retry::No(e) => e,
                }),
            Err(Retry::No(e)) => Err(e),
            Ok(p) => Ok(p),
        }
    }

    async fn try_exchange(
        &self,
        cfg: &OidcConfig,
        redirect_uri: &str,
        code: &str,
        verifier: &str,
        nonce: &str,
        refresh: bool,
    ) -> Result<ExternalProfile, Retry> {
        let metadata = self.metadata(cfg, refresh).await.map_err(Retry::No)?;
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(cfg.client_id.clone()),
            cfg.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(
            RedirectUrl::new(redirect_uri.to_owned()).map_err(|e| Retry::No(internal(e)))?,
        );
        let token = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|e| Retry::No(provider_error("the provider has no token endpoint", e)))?
            .set_pkce_verifier(PkceCodeVerifier::new(verifier.to_owned()))
            .request_async(&http_client())
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "OpenID Connect code exchange failed");
                Retry::No(unauthenticated(
                    "The sign-in code was refused; start again.",
                ))
            })?;
        let id_token = token
            .id_token()
            .ok_or_else(|| Retry::No(unauthenticated("The provider sent no ID token.")))?;
        let claims =
            match id_token.claims(&client.id_token_verifier(), &Nonce::new(nonce.to_owned())) {
                Ok(c) => c,
                Err(e) => {
                    tracing::warn!(error = %e, refresh, "ID token verification failed");
                    return Err(if refresh {
                        Retry::No(unauthenticated("The sign-in could not be verified."))
                    } else {
                        Retry::WithFreshKeys
                    });
                }
            };
        let name = claims
            .name()
            .and_then(|n| n.get(None))
            .map(|n| n.to_string())
            .or_else(|| {
                let given = claims
                    .given_name()
                    .and_then(|n| n.get(None))
                    .map(|n| n.to_string());
                let family = claims
                    .family_name()
                    .and_then(|n| n.get(None))
                    .map(|n| n.to_string());
                match (given, family) {
                    (Some(g), Some(f)) => Some(format!("{g} {f}")),
                    (g, f) => g.or(f),
                }
            })
            .or_else(|| claims.preferred_username().map(|u| u.to_string()));
        let country = claims
            .address()
            .and_then(|a| a.country.as_ref().map(|c| c.to_string()))
            .or_else(|| {
                claims
                    .locale()
                    .and_then(|l| l.as_str().split(['-', '_']).nth(1).map(str::to_owned))
            });
        let mut profile = ExternalProfile {
            provider: "oidc",
            subject: claims.subject().to_string(),
            email: claims.email().map(|e| e.to_string()),
            email_verified: claims.email_verified().unwrap_or(false),
            name,
            country,
        };
        // Many providers put only `sub` in the ID token: ask the userinfo endpoint for the rest.
        if profile.email.is_none()
            && let Ok(req) =
                client.user_info(token.access_token().clone(), Some(claims.subject().clone()))
        {
            match req
                .request_async::<openidconnect::EmptyAdditionalClaims, _, openidconnect::core::CoreGenderClaim>(
                    &http_client(),
                )
                .await
            {
                Ok(info) => {
                    let info: openidconnect::core::CoreUserInfoClaims = info;
                    profile.email = info.email().map(|e| e.to_string());
                    profile.email_verified = info.email_verified().unwrap_or(false);
                    if profile.name.is_none() {
                        profile.name = info
                            .name()
                            .and_then(|n| n.get(None))
                            .map(|n| n.to_string())
                            .or_else(|| info.preferred_username().map(|u| u.to_string()));
                    }
                }
                Err(e) => tracing::warn!(error = %e, "OpenID Connect userinfo request failed"),
            }
        }
        Ok(profile)
    }
}

enum Retry {
    WithFreshKeys,
    No(OidcError),
}

fn unauthenticated(detail: &'static str) -> OidcError {
    OidcError::Unauthenticated(detail)
}

/// What a provider told us about the person.
#[derive(Debug, Clone)]
pub struct ExternalProfile {
    pub provider: &'static str,
    pub subject: String,
    pub email: Option<String>,
    /// Only a verified address may be matched to an existing account.
    pub email_verified: bool,
    pub name: Option<String>,
    pub country: Option<String>,
}
