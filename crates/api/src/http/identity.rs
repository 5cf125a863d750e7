//! Who is calling: sessions, the `AuthUser` / `MaybeUser` extractors, roles
//! and CSRF (SPEC §1, §8).
//!
//! A session is an opaque random token; the database keeps only its SHA-256.
//! Browsers carry it in the `uplink_session` cookie (HttpOnly, SameSite=Lax),
//! API clients and the mobile app send `Authorization: Bearer <token>`.
//! Cookie sessions must send the session's CSRF token in `X-CSRF-Token` on
//! every mutating request (POST/PUT/PATCH/DELETE), else 403 `csrf_failed`;
//! bearer sessions need no CSRF token (browsers never attach them on their own).
//!
//! ```ignore
//! async fn customer(auth: AuthUser) -> ApiResult<..> { .. }
//! async fn staff_only(RequireRole(auth, _): RequireRole<Sales>, ApiJson(body): ApiJson<..>) -> .. { .. }
//! async fn maybe(MaybeUser(user): MaybeUser) -> .. { if let Some(u) = user { .. } }
//! ```

use crate::http::cookies;
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts, OptionalFromRequestParts};
use axum::http::{HeaderMap, Method, header, request::Parts};
use serde::Serialize;
use std::marker::PhantomData;
use std::net::SocketAddr;
use uplink_db::accounts::UserRow;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::hash_secret;
use utoipa::ToSchema;

/// A role flag on an account (SPEC §1). Admins pass every role check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Customer,
    Partner,
    Sales,
    Fulfilment,
    Admin,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Customer,
        Role::Partner,
        Role::Sales,
        Role::Fulfilment,
        Role::Admin,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Customer => "customer",
            Role::Partner => "partner",
            Role::Sales => "sales",
            Role::Fulfilment => "fulfilment",
            Role::Admin => "admin",
        }
    }

    /// True when `user` carries this flag itself (admin not implied).
    pub fn flag_of(self, user: &UserRow) -> bool {
        match self {
            Role::Customer => user.is_customer,
            Role::Partner => user.is_partner,
            Role::Sales => user.is_sales,
            Role::Fulfilment => user.is_fulfilment,
            Role::Admin => user.is_admin,
        }
    }
}

/// The roles an account holds, as strings for the API.
pub fn roles_of(user: &UserRow) -> Vec<Role> {
    Role::ALL.into_iter().filter(|r| r.flag_of(user)).collect()
}

/// How the session reached us.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionVia {
    Cookie,
    Bearer,
}

/// A signed-in caller.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: UserRow,
    pub session_id: String,
    pub csrf_token: String,
    pub via: SessionVia,
    /// How the session was started: `password`, `oidc`, `incontrol`.
    pub method: String,
}

impl AuthUser {
    pub fn id(&self) -> &str {
        &self.user.id
    }

    /// The caller as the audit log names a staff member.
    pub fn actor(&self) -> uplink_db::audit::Actor {
        uplink_db::audit::Actor {
            id: self.user.id.clone(),
            email: self.user.email.clone(),
        }
    }

    /// True when the account holds `role` (admins hold every role).
    pub fn has_role(&self, role: Role) -> bool {
        self.user.is_admin || role.flag_of(&self.user)
    }

    /// 403 `forbidden` unless the account holds `role`. Private on purpose:
    /// handlers take [`RequireRole`], an extractor, so the role is checked
    /// before the body is read (a body extractor always runs last) and a
    /// caller without the role gets 403 whatever they send.
    fn require(&self, role: Role) -> ApiResult<()> {
        if self.has_role(role) {
            Ok(())
        } else {
            Err(ApiError::new(ErrorCode::Forbidden)
                .with_detail(format!("This needs the {} role.", role.as_str())))
        }
    }
}

/// The caller when signed in, `None` for guests. A stale or unknown session
/// cookie counts as a guest; an invalid bearer token is still a 401, and a
/// cookie session without its CSRF token on a mutating request a 403.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<AuthUser>);

/// Role markers for [`RequireRole`].
pub trait RoleMarker: Send + Sync + 'static {
    const ROLE: Role;
}
macro_rules! role_marker {
    ($($name:ident => $role:ident),*) => {$(
        #[derive(Debug, Clone, Copy)]
        pub struct $name;
        impl RoleMarker for $name { const ROLE: Role = Role::$role; }
    )*};
}
role_marker!(Customer => Customer, Partner => Partner, Sales => Sales, Fulfilment => Fulfilment, Admin => Admin);

/// A signed-in caller holding role `R` (401 when signed out, 403 without the role).
#[derive(Debug, Clone)]
pub struct RequireRole<R: RoleMarker>(pub AuthUser, pub PhantomData<R>);

/// Cached per request so several extractors cost one lookup.
#[derive(Clone)]
struct Resolved(Option<AuthUser>);

const REFRESH_EVERY_MS: i64 = 60_000;

fn bearer_token(headers: &HeaderMap) -> Option<Result<String, ()>> {
    let value = headers.get(header::AUTHORIZATION)?;
    let value = match value.to_str() {
        Ok(v) => v.trim(),
        Err(_) => return Some(Err(())),
    };
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None; // another scheme (e.g. Basic for an integration) is not ours to judge
    }
    let token = token.trim();
    Some(if token.is_empty() {
        Err(())
    } else {
        Ok(token.to_owned())
    })
}

fn is_mutating(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Constant-time equality of two strings.
pub fn same_secret(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

async fn resolve(parts: &mut Parts, state: &AppState) -> ApiResult<Option<AuthUser>> {
    if let Some(Resolved(r)) = parts.extensions.get::<Resolved>() {
        return Ok(r.clone());
    }
    let (token, via) = match bearer_token(&parts.headers) {
        Some(Ok(t)) => (t, SessionVia::Bearer),
        Some(Err(())) => return Err(invalid_bearer()),
        None => match cookies::read(&parts.headers, cookies::SESSION_COOKIE) {
            Some(t) => (t, SessionVia::Cookie),
            None => {
                parts.extensions.insert(Resolved(None));
                return Ok(None);
            }
        },
    };
    let now = uplink_db::now_ms();
    let found = state
        .db
        .session_by_token_hash(&hash_secret(&token), now)
        .await?;
    let Some(found) = found else {
        if via == SessionVia::Bearer {
            return Err(invalid_bearer());
        }
        parts.extensions.insert(Resolved(None));
        return Ok(None);
    };
    if via == SessionVia::Cookie && is_mutating(&parts.method) {
        let sent = parts
            .headers
            .get(cookies::CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        if !same_secret(sent, &found.csrf_token) {
            return Err(ApiError::new(ErrorCode::CsrfFailed));
        }
    }
    // Sliding expiry, written at most once a minute per session.
    let idle_ms = state.config.auth.session_idle_secs * 1000;
    let wanted = (now + idle_ms).min(found.max_expires_at);
    if wanted - found.expires_at >= REFRESH_EVERY_MS {
        state
            .db
            .touch_session(&found.session_id, now, wanted)
            .await?;
    }
    let user = AuthUser {
        session_id: found.session_id,
        csrf_token: found.csrf_token,
        via,
        method: found.method,
        user: found.user,
    };
    parts.extensions.insert(Resolved(Some(user.clone())));
    Ok(Some(user))
}

fn invalid_bearer() -> ApiError {
    ApiError::new(ErrorCode::Unauthenticated)
        .with_detail("The access token is invalid or has expired; sign in again.")
        .with_header(
            header::WWW_AUTHENTICATE,
            axum::http::HeaderValue::from_static("Bearer error=\"invalid_token\""),
        )
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        resolve(parts, state)
            .await?
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated))
    }
}

impl OptionalFromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Option<Self>> {
        resolve(parts, state).await
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        resolve(parts, state).await.map(MaybeUser)
    }
}

impl<R: RoleMarker> FromRequestParts<AppState> for RequireRole<R> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let user =
            <AuthUser as FromRequestParts<AppState>>::from_request_parts(parts, state).await?;
        user.require(R::ROLE)?;
        Ok(RequireRole(user, PhantomData))
    }
}

/// A signed-in member of staff: sales, fulfilment or admin (the back-office
/// pages every staff role opens; each operation inside still checks its own
/// role). 401 when signed out, 403 for customers and partners.
#[derive(Debug, Clone)]
pub struct RequireStaff(pub AuthUser);

/// The roles [`RequireStaff`] accepts (admins hold every role).
pub const STAFF_ROLES: [Role; 2] = [Role::Sales, Role::Fulfilment];

impl AuthUser {
    /// True for sales, fulfilment and admin accounts.
    pub fn is_staff(&self) -> bool {
        STAFF_ROLES.iter().any(|r| self.has_role(*r))
    }
}

impl FromRequestParts<AppState> for RequireStaff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let user =
            <AuthUser as FromRequestParts<AppState>>::from_request_parts(parts, state).await?;
        if !user.is_staff() {
            return Err(ApiError::new(ErrorCode::Forbidden)
                .with_detail("This is for Uplink staff (sales, fulfilment or admin)."));
        }
        Ok(RequireStaff(user))
    }
}

/// Where a request comes from: the client IP (socket peer, or the last
/// `X-Forwarded-For` hop when `UPLINK_TRUST_PROXY` is on) and user agent.
#[derive(Debug, Clone)]
pub struct ClientInfo {
    pub ip: String,
    pub user_agent: Option<String>,
    /// The session cookie the browser sent, if any (ended when a new session starts).
    pub session_token: Option<String>,
    /// The guest cart cookie, if any (its carts merge into the customer's on sign-in).
    pub cart_token: Option<String>,
}

impl FromRequestParts<AppState> for ClientInfo {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let forwarded = state
            .config
            .auth
            .trust_proxy
            .then(|| {
                parts
                    .headers
                    .get_all("x-forwarded-for")
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .flat_map(|v| v.split(','))
                    .map(str::trim)
                    .rfind(|s| s.parse::<std::net::IpAddr>().is_ok())
                    .map(str::to_owned)
            })
            .flatten();
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip().to_string());
        let user_agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|s| s.chars().take(300).collect());
        Ok(ClientInfo {
            ip: forwarded.or(peer).unwrap_or_else(|| "unknown".into()),
            user_agent,
            session_token: cookies::read(&parts.headers, cookies::SESSION_COOKIE),
            cart_token: cookies::read(&parts.headers, cookies::CART_COOKIE),
        })
    }
}
