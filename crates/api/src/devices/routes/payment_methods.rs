//! Saved cards: list, save (from a gateway token), delete.

use crate::devices::cards;
use crate::devices::dto::SavedCard;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct SavedCardList {
    /// Oldest first.
    pub items: Vec<SavedCard>,
    /// How many cards an account may keep.
    pub limit: i64,
    /// Where the browser sends a new card to get the token `POST` takes.
    pub tokenize_url: String,
    /// The built-in test gateway: the page shows TEST MODE and its test cards.
    pub test_mode: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewSavedCard {
    /// A fresh card token from the gateway's tokenisation endpoint
    /// (`POST /gateway/test/tokens`); the card number never comes here.
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedSavedCard {
    /// Devices whose auto-renewal paid with this card and is now off.
    pub stopped_auto_renew: u64,
}

/// The customer's saved cards (for auto-renewal).
#[utoipa::path(get, path = "/me/payment-methods", tag = "devices",
    responses((status = 200, body = SavedCardList), (status = 401, description = "`unauthenticated`", body = Problem)))]
pub async fn list_payment_methods(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<SavedCardList>> {
    let rows = state.db.payment_methods_of(auth.id()).await?;
    Ok(Json(SavedCardList {
        items: rows.iter().map(SavedCard::from_row).collect(),
        limit: cards::MAX_SAVED_CARDS,
        tokenize_url: state.gateway.tokenize_url().to_owned(),
        test_mode: state.gateway.test_mode(),
    }))
}

/// Saves a card for renewals from a gateway token: the gateway makes the
/// token reusable; only brand, last 4 digits and expiry are kept here.
#[utoipa::path(post, path = "/me/payment-methods", tag = "devices", request_body = NewSavedCard,
    responses(
        (status = 201, body = SavedCard),
        (status = 422, description = "`validation_failed`: the token is unknown, expired or used, or the account keeps 10 cards already", body = Problem),
    ))]
pub async fn create_payment_method(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(req): ApiJson<NewSavedCard>,
) -> ApiResult<(StatusCode, Json<SavedCard>)> {
    let row = cards::save(&state, auth.id(), &req.token).await?;
    Ok((StatusCode::CREATED, Json(SavedCard::from_row(&row))))
}

/// Deletes a saved card. Devices that renewed with it stop renewing.
#[utoipa::path(delete, path = "/me/payment-methods/{id}", tag = "devices",
    params(("id" = String, Path, description = "Saved card id")),
    responses(
        (status = 200, body = DeletedSavedCard),
        (status = 404, description = "`not_found`: not a card of this account", body = Problem),
    ))]
pub async fn delete_payment_method(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedSavedCard>> {
    let not_found = || ApiError::not_found("This card");
    if super::has_control(&id) {
        return Err(not_found());
    }
    let deleted = cards::delete(&state, auth.id(), &id)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(DeletedSavedCard {
        stopped_auto_renew: deleted.stopped_auto_renew,
    }))
}
