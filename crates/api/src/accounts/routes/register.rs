use crate::accounts::sessions::start_session;
use crate::accounts::sessions::{AuthResponse, SessionTransport, signed_in};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use crate::platform::config::AuthMode;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use uplink_db::accounts::{NewUser, UserWriteError};
use uplink_domain::accounts::{Email, countries::parse_country, password::check_new_password};
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[schema(example = "ann@example.com")]
    pub email: String,
    /// At least 10 characters.
    pub password: String,
    pub name: String,
    /// ISO 3166-1 alpha-2; `US` shops in the US store, everyone else in the global store.
    #[schema(example = "US")]
    pub country: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    #[serde(default)]
    pub newsletter: bool,
    #[serde(default)]
    pub session: SessionTransport,
}

/// A text longer than allowed.
#[derive(Debug, Clone, Copy)]
pub struct TooLong;

/// Normalised profile text: trimmed, `None` when empty; `Err` when too long.
pub fn clean_optional(v: Option<&str>, max: usize) -> Result<Option<String>, TooLong> {
    match v.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) if s.chars().count() > max => Err(TooLong),
        Some(s) => Ok(Some(s.to_owned())),
    }
}

/// `email_taken` for an account a partner's order made: the invitation in
/// its e-mail (or a password reset) opens it; registering cannot take it.
async fn invited_instead(state: &AppState, email: &str, taken: ApiError) -> ApiError {
    let invited = match Email::parse(email) {
        Ok(e) => state
            .db
            .user_by_email(e.as_str())
            .await
            .ok()
            .flatten()
            .is_some_and(|u| u.invited_at.is_some()),
        Err(_) => false,
    };
    if !invited {
        return taken;
    }
    ApiError::field(
        "email",
        ErrorCode::EmailTaken,
        "A partner set up an account for this address: open the link in the invitation e-mail, or reset your password to choose one.",
    )
}

/// Creates an account (token mode) and signs it in.
#[utoipa::path(post, path = "/auth/register", tag = "auth",
    request_body = RegisterRequest,
    responses(
        (status = 201, body = AuthResponse, description = "Signed in; cookie sessions also get `uplink_session` and `uplink_csrf` cookies"),
        (status = 403, description = "`forbidden` in keycloak mode (accounts come from the identity provider)", body = Problem),
        (status = 409, description = "`email_taken`", body = Problem),
        (status = 422, description = "`validation_failed` with field errors", body = Problem),
    ))]
pub async fn register(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(req): ApiJson<RegisterRequest>,
) -> ApiResult<Response> {
    if state.config.auth.mode != AuthMode::Token {
        return Err(ApiError::new(ErrorCode::Forbidden)
            .with_detail("Accounts are created by signing in with SSO."));
    }
    let mut errors = Vec::new();
    let email = Email::parse(&req.email)
        .map_err(|e| {
            errors.push(FieldError::new(
                "email",
                ErrorCode::ValidationFailed,
                e.to_string(),
            ))
        })
        .ok();
    if let Err(msg) = check_new_password(&req.password) {
        errors.push(FieldError::new(
            "password",
            ErrorCode::ValidationFailed,
            msg,
        ));
    }
    let name = req.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 120 {
        errors.push(FieldError::new(
            "name",
            ErrorCode::ValidationFailed,
            "Enter your name (up to 120 characters).",
        ));
    }
    let country = parse_country(&req.country);
    if country.is_none() {
        errors.push(FieldError::new(
            "country",
            ErrorCode::ValidationFailed,
            "Choose a country from the list.",
        ));
    }
    let company = clean_optional(req.company.as_deref(), 120).unwrap_or_else(|TooLong| {
        errors.push(FieldError::new(
            "company",
            ErrorCode::ValidationFailed,
            "Use at most 120 characters.",
        ));
        None
    });
    let phone = clean_optional(req.phone.as_deref(), 40).unwrap_or_else(|TooLong| {
        errors.push(FieldError::new(
            "phone",
            ErrorCode::ValidationFailed,
            "Use at most 40 characters.",
        ));
        None
    });
    if let Some(p) = &phone
        && !uplink_domain::accounts::address::is_phone(p)
    {
        errors.push(FieldError::new(
            "phone",
            ErrorCode::ValidationFailed,
            "Enter a phone number of 6 to 20 digits, e.g. +1 415 555 0100.",
        ));
    }
    let (Some(email), Some(country), true) = (email, country, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let password_hash = state
        .passwords
        .hash(&req.password)
        .await
        .map_err(ApiError::internal)?;
    let user = state
        .db
        .insert_user(&NewUser {
            email: email.into_string(),
            password_hash: Some(password_hash),
            name,
            company,
            phone,
            country: country.to_owned(),
            newsletter: req.newsletter,
        })
        .await
        .map_err(|e| match e {
            UserWriteError::EmailTaken => ApiError::field(
                "email",
                ErrorCode::EmailTaken,
                "An account with this e-mail address already exists. Sign in or reset your password.",
            ),
            UserWriteError::Db(e) => ApiError::from(e),
        });
    let user = match user {
        Ok(user) => user,
        Err(e) => return Err(invited_instead(&state, &req.email, e).await),
    };
    let issued = start_session(&state, &user.id, "password", &client).await?;
    tracing::info!(user_id = %user.id, "account registered");
    Ok(signed_in(
        &state,
        StatusCode::CREATED,
        &user,
        issued,
        req.session,
    ))
}
