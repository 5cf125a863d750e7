//! What the external sign-ins (OpenID Connect, InControl) share: the flow
//! record bound to the browser that started it, the same-origin `return_to`,
//! finding or creating the account, and answering the callback either as JSON
//! (the SPA's callback page fetches it) or as a redirect (a plain navigation).

use super::sessions::start_session;
use crate::accounts::dto::Me;
use crate::http::cookies;
use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use crate::platform::oidc::ExternalProfile;
use axum::Json;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::Serialize;
use uplink_db::account_area::AuthFlowRow;
use uplink_db::accounts::{NewUser, UserRow, UserWriteError};
use uplink_domain::accounts::return_to::return_to_or;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::{hash_secret, new_secret};
use utoipa::ToSchema;

/// Binds a flow to the browser that started it (HttpOnly, 10 minutes).
pub const FLOW_COOKIE: &str = "uplink_auth_flow";
pub const FLOW_TTL_SECS: i64 = 10 * 60;

/// A started flow: the provider URL to send the browser to, and the cookie to set.
pub struct StartedFlow {
    pub state: String,
    pub binding_cookie: Option<HeaderValue>,
    pub binding_hash: String,
}

/// Prepares the browser binding (reusing the browser's existing one) and a fresh `state`.
pub fn prepare(state: &AppState, headers: &HeaderMap) -> StartedFlow {
    let (binding, cookie) = match cookies::read(headers, FLOW_COOKIE) {
        Some(b) if b.len() == 64 => (b, None),
        _ => {
            let b = new_secret();
            let c = cookies::build(
                &state.config,
                &cookies::CookieSpec {
                    name: FLOW_COOKIE,
                    value: &b,
                    max_age_secs: FLOW_TTL_SECS,
                    http_only: true,
                    path: "/api/v1/auth",
                },
            );
            (b, Some(c))
        }
    };
    StartedFlow {
        state: new_secret(),
        binding_hash: hash_secret(&binding),
        binding_cookie: cookie,
    }
}

/// Stores the flow and answers 302 to the provider.
pub async fn store_and_redirect(
    state: &AppState,
    started: StartedFlow,
    mut row: AuthFlowRow,
    provider_url: &str,
) -> ApiResult<Response> {
    row.state_hash = hash_secret(&started.state);
    row.binding_hash = started.binding_hash;
    state.db.insert_auth_flow(&row).await?;
    let location = HeaderValue::from_str(provider_url)
        .map_err(|e| ApiError::internal(format!("provider URL: {e}")))?;
    let mut res = (StatusCode::FOUND, [(header::LOCATION, location)]).into_response();
    if let Some(c) = started.binding_cookie {
        res.headers_mut().append(header::SET_COOKIE, c);
    }
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// The flow for `state`, taken once, and only by the browser that started it.
pub async fn take(
    state: &AppState,
    headers: &HeaderMap,
    provider: &str,
    state_param: &str,
) -> ApiResult<AuthFlowRow> {
    let expired = || {
        ApiError::field(
            "state",
            ErrorCode::ValidationFailed,
            "This sign-in has expired or was already used; start again.",
        )
    };
    let flow = state
        .db
        .take_auth_flow(&hash_secret(state_param), provider, uplink_db::now_ms())
        .await?
        .ok_or_else(expired)?;
    let binding = cookies::read(headers, FLOW_COOKIE).unwrap_or_default();
    if !crate::http::identity::same_secret(&hash_secret(&binding), &flow.binding_hash) {
        return Err(ApiError::new(ErrorCode::CsrfFailed)
            .with_detail("This sign-in was started in another browser; start again here."));
    }
    Ok(flow)
}

/// `return_to` limited to a path on this site.
pub fn clean_return_to(v: Option<&str>) -> String {
    return_to_or(v, "/account").to_owned()
}

/// The account for an external identity: the linked one, else an existing
/// account with the same *verified* e-mail (then linked), else a new one.
pub async fn find_or_create_user(state: &AppState, p: &ExternalProfile) -> ApiResult<UserRow> {
    if let Some(identity) = state.db.identity(p.provider, &p.subject).await?
        && let Some(user) = state.db.user_by_id(&identity.user_id).await?
        && user.deleted_at.is_none()
    {
        state
            .db
            .upsert_identity(p.provider, &p.subject, &user.id, p.email.as_deref())
            .await?;
        return Ok(user);
    }
    let email = p
        .email
        .as_deref()
        .and_then(|e| uplink_domain::accounts::Email::parse(e).ok())
        .ok_or_else(|| {
            ApiError::new(ErrorCode::ValidationFailed).with_detail(
                "The identity provider did not share an e-mail address; allow it and try again.",
            )
        })?;
    if let Some(existing) = state.db.user_by_email(email.as_str()).await? {
        if !p.email_verified {
            return Err(ApiError::new(ErrorCode::EmailTaken).with_detail(
                "An account with this e-mail address exists, and the identity provider has not verified the address.",
            ));
        }
        state
            .db
            .upsert_identity(p.provider, &p.subject, &existing.id, Some(email.as_str()))
            .await?;
        return Ok(existing);
    }
    let country = p
        .country
        .as_deref()
        .and_then(uplink_domain::accounts::countries::parse_country)
        .unwrap_or(state.config.auth.default_country.as_str())
        .to_owned();
    let name = p
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| {
            email
                .as_str()
                .split('@')
                .next()
                .unwrap_or("Customer")
                .to_owned()
        });
    let user = state
        .db
        .insert_user(&NewUser {
            email: email.into_string(),
            password_hash: None,
            name: name.chars().take(120).collect(),
            company: None,
            phone: None,
            country,
            newsletter: false,
        })
        .await
        .map_err(|e| match e {
            UserWriteError::EmailTaken => ApiError::new(ErrorCode::EmailTaken),
            UserWriteError::Db(e) => ApiError::from(e),
        })?;
    state
        .db
        .upsert_identity(p.provider, &p.subject, &user.id, Some(&user.email))
        .await?;
    tracing::info!(user_id = %user.id, provider = p.provider, "account created from an external sign-in");
    Ok(user)
}

/// A finished external sign-in.
#[derive(Debug, Serialize, ToSchema)]
pub struct CallbackResult {
    /// Where to send the person now (a path on this site).
    pub return_to: String,
    pub user: Me,
    /// Send as `X-CSRF-Token` on mutating requests.
    pub csrf_token: String,
    /// True when the callback linked an external account to the signed-in one.
    pub linked: bool,
}

/// True when the caller wants JSON (the SPA's callback page) rather than a redirect.
pub fn wants_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"))
}

/// Signs `user` in and answers JSON or 302 to `return_to`.
pub async fn finish(
    state: &AppState,
    headers: &HeaderMap,
    client: &ClientInfo,
    user: &UserRow,
    method: &str,
    return_to: String,
    linked: bool,
) -> ApiResult<Response> {
    let issued = start_session(state, &user.id, method, client).await?;
    let [session, csrf] =
        cookies::session_cookies(&state.config, &issued.token, &issued.csrf_token);
    let cookies = AppendHeaders([(header::SET_COOKIE, session), (header::SET_COOKIE, csrf)]);
    let no_store = [(header::CACHE_CONTROL, "no-store")];
    if wants_json(headers) {
        let body = CallbackResult {
            return_to,
            user: Me::from_row(user),
            csrf_token: issued.csrf_token,
            linked,
        };
        return Ok((cookies, no_store, Json(body)).into_response());
    }
    let location =
        HeaderValue::from_str(&return_to).unwrap_or(HeaderValue::from_static("/account"));
    Ok((
        StatusCode::FOUND,
        cookies,
        no_store,
        [(header::LOCATION, location)],
    )
        .into_response())
}

/// A failed callback: problem+json for the SPA, or back to `/login` with the error code.
pub fn fail(headers: &HeaderMap, error: ApiError) -> Response {
    if wants_json(headers) {
        return error.into_response();
    }
    let location = format!("/login?error={}", error.code.as_str());
    (
        StatusCode::FOUND,
        [(
            header::LOCATION,
            HeaderValue::from_str(&location).unwrap_or(HeaderValue::from_static("/login")),
        )],
    )
        .into_response()
}
