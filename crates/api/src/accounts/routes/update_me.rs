use crate::accounts::dto::MeResponse;
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::{ApiJson, double_option};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use uplink_db::accounts::ProfileUpdate;
use uplink_domain::accounts::address::is_phone;
use uplink_domain::accounts::countries::parse_country;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// Fields to change; absent fields stay as they are, `null` clears company/phone.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateMe {
    pub name: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub company: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub phone: Option<Option<String>>,
    /// ISO 3166-1 alpha-2; `US` moves the account to the US store, anything else to the global store.
    pub country: Option<String>,
    pub newsletter: Option<bool>,
}

/// Changes the profile.
#[utoipa::path(patch, path = "/me", tag = "account", request_body = UpdateMe,
    responses(
        (status = 200, body = MeResponse),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 422, description = "`validation_failed` with field errors", body = Problem),
    ))]
pub async fn update_me(
    State(state): State<AppState>,
    mut auth: AuthUser,
    ApiJson(req): ApiJson<UpdateMe>,
) -> ApiResult<Json<MeResponse>> {
    let u = &auth.user;
    let mut errors = Vec::new();
    let mut bad = |field: &str, msg: &str| {
        errors.push(FieldError::new(field, ErrorCode::ValidationFailed, msg))
    };
    let name = match req.name.as_deref().map(str::trim) {
        None => u.name.clone(),
        Some(n) if n.is_empty() || n.chars().count() > 120 => {
            bad("name", "Enter your name (up to 120 characters).");
            String::new()
        }
        Some(n) => n.to_owned(),
    };
    let clean = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let company = match req.company {
        None => u.company.clone(),
        Some(v) => clean(v),
    };
    if company.as_ref().is_some_and(|c| c.chars().count() > 120) {
        bad("company", "Use at most 120 characters.");
    }
    let phone = match req.phone {
        None => u.phone.clone(),
        Some(v) => clean(v),
    };
    if phone.as_deref().is_some_and(|p| !is_phone(p)) {
        bad(
            "phone",
            "Enter a phone number of 6 to 20 digits, e.g. +1 415 555 0100.",
        );
    }
    let country = match req.country.as_deref() {
        None => u.country.clone(),
        Some(c) => match parse_country(c) {
            Some(c) => c.to_owned(),
            None => {
                bad("country", "Choose a country from the list.");
                String::new()
            }
        },
    };
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let update = ProfileUpdate {
        name,
        company,
        phone,
        country,
        newsletter: req.newsletter.unwrap_or(u.newsletter),
    };
    state.db.update_profile(&u.id, &update).await?;
    auth.user = state
        .db
        .user_by_id(&u.id)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated))?;
    Ok(Json(MeResponse::load(&state, &auth).await?))
}
