//! The address book: at most 50 addresses, one default shipping and one
//! default billing address, SPEC §6 address rules enforced here.

use crate::accounts::addresses::{MAX_ADDRESSES, validated};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::{ApiJson, double_option};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use uplink_db::account_area::{AddressRow, AddressWriteError, Defaults};
use uplink_domain::accounts::address::AddressInput;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct AddressDto {
    pub id: String,
    pub name: String,
    pub company: Option<String>,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    /// US state code for US addresses; free text (region) elsewhere.
    pub state: Option<String>,
    pub postal_code: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub phone: String,
    pub is_default_shipping: bool,
    pub is_default_billing: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl AddressDto {
    pub fn from_row(a: &AddressRow) -> AddressDto {
        AddressDto {
            id: a.id.clone(),
            name: a.name.clone(),
            company: a.company.clone(),
            line1: a.line1.clone(),
            line2: a.line2.clone(),
            city: a.city.clone(),
            state: a.state.clone(),
            postal_code: a.postal_code.clone(),
            country: a.country.clone(),
            phone: a.phone.clone(),
            is_default_shipping: a.is_default_shipping,
            is_default_billing: a.is_default_billing,
            created_at: rfc3339(a.created_at),
            updated_at: rfc3339(a.updated_at),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AddressList {
    pub items: Vec<AddressDto>,
    /// How many addresses the book may hold.
    pub limit: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewAddress {
    pub name: String,
    pub company: Option<String>,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    /// Required for US addresses (a state code from `GET /countries`).
    pub state: Option<String>,
    pub postal_code: String,
    #[schema(example = "US")]
    pub country: String,
    pub phone: String,
    #[serde(default)]
    pub is_default_shipping: bool,
    #[serde(default)]
    pub is_default_billing: bool,
}

/// Fields to change; absent fields stay, `null` clears optional ones.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddressPatch {
    pub name: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub company: Option<Option<String>>,
    pub line1: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub line2: Option<Option<String>>,
    pub city: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub state: Option<Option<String>>,
    pub postal_code: Option<String>,
    pub country: Option<String>,
    pub phone: Option<String>,
    pub is_default_shipping: Option<bool>,
    pub is_default_billing: Option<bool>,
}

fn not_found() -> ApiError {
    ApiError::not_found("This address")
}

/// The address book.
#[utoipa::path(get, path = "/me/addresses", tag = "account",
    responses((status = 200, body = AddressList), (status = 401, description = "`unauthenticated`", body = Problem)))]
pub async fn list_addresses(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<AddressList>> {
    let rows = state.db.addresses_of(auth.id()).await?;
    Ok(Json(AddressList {
        items: rows.iter().map(AddressDto::from_row).collect(),
        limit: MAX_ADDRESSES,
    }))
}

/// Adds an address (the 51st is refused). The first address becomes the
/// default for shipping and billing.
#[utoipa::path(post, path = "/me/addresses", tag = "account", request_body = NewAddress,
    responses(
        (status = 201, body = AddressDto),
        (status = 422, description = "`validation_failed`: field errors, or the book is full (50)", body = Problem),
    ))]
pub async fn create_address(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(req): ApiJson<NewAddress>,
) -> ApiResult<(StatusCode, Json<AddressDto>)> {
    let a = validated(&AddressInput {
        name: req.name,
        company: req.company,
        line1: req.line1,
        line2: req.line2,
        city: req.city,
        state: req.state,
        postal_code: req.postal_code,
        country: req.country,
        phone: req.phone,
    })?;
    let first = state.db.addresses_of(auth.id()).await?.is_empty();
    let now = uplink_db::now_ms();
    let defaults = Defaults {
        shipping: req.is_default_shipping || first,
        billing: req.is_default_billing || first,
    };
    let row = AddressRow::new(&auth.user.id, a, defaults, now);
    state
        .db
        .insert_address(&row, MAX_ADDRESSES)
        .await
        .map_err(|e| match e {
            AddressWriteError::Full => ApiError::new(ErrorCode::ValidationFailed)
                .with_detail("Your address book is full (50 addresses). Delete an address you no longer use, then add the new one.")
                .with_extra("limit", MAX_ADDRESSES),
            AddressWriteError::Db(e) => ApiError::from(e),
        })?;
    Ok((StatusCode::CREATED, Json(AddressDto::from_row(&row))))
}

/// One address.
#[utoipa::path(get, path = "/me/addresses/{id}", tag = "account",
    params(("id" = String, Path, description = "Address id")),
    responses(
        (status = 200, body = AddressDto),
        (status = 404, description = "`not_found` (also for other people's addresses)", body = Problem),
    ))]
pub async fn get_address(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<AddressDto>> {
    let row = state
        .db
        .address_of(auth.id(), &id)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(AddressDto::from_row(&row)))
}

/// Changes an address (or makes it a default).
#[utoipa::path(patch, path = "/me/addresses/{id}", tag = "account", request_body = AddressPatch,
    params(("id" = String, Path, description = "Address id")),
    responses(
        (status = 200, body = AddressDto),
        (status = 404, description = "`not_found` (also for other people's addresses)", body = Problem),
        (status = 422, description = "`validation_failed`", body = Problem),
    ))]
pub async fn update_address(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    ApiJson(p): ApiJson<AddressPatch>,
) -> ApiResult<Json<AddressDto>> {
    let cur = state
        .db
        .address_of(auth.id(), &id)
        .await?
        .ok_or_else(not_found)?;
    let a = validated(&AddressInput {
        name: p.name.unwrap_or(cur.name.clone()),
        company: p.company.unwrap_or(cur.company.clone()),
        line1: p.line1.unwrap_or(cur.line1.clone()),
        line2: p.line2.unwrap_or(cur.line2.clone()),
        city: p.city.unwrap_or(cur.city.clone()),
        state: p.state.unwrap_or(cur.state.clone()),
        postal_code: p.postal_code.unwrap_or(cur.postal_code.clone()),
        country: p.country.unwrap_or(cur.country.clone()),
        phone: p.phone.unwrap_or(cur.phone.clone()),
    })?;
    let row = AddressRow {
        is_default_shipping: p.is_default_shipping.unwrap_or(cur.is_default_shipping),
        is_default_billing: p.is_default_billing.unwrap_or(cur.is_default_billing),
        updated_at: uplink_db::now_ms(),
        ..cur.with_address(a)
    };
    if !state.db.update_address(&row).await? {
        return Err(not_found());
    }
    Ok(Json(AddressDto::from_row(&row)))
}

/// Deletes an address.
#[utoipa::path(delete, path = "/me/addresses/{id}", tag = "account",
    params(("id" = String, Path, description = "Address id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "`not_found` (also for other people's addresses)", body = Problem),
    ))]
pub async fn delete_address(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    if state.db.delete_address(auth.id(), &id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(not_found())
    }
}
