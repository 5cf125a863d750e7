//! `POST /gateway/test/tokens`: the card form tokenises a card here.

use crate::gateway::pages::*;
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use uplink_domain::error_code::ErrorCode;

#[derive(Debug, Deserialize)]
pub struct CardInput {
    pub number: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub cvc: String,
}

#[derive(Debug, Serialize)]
pub struct TokenAnswer {
    pub id: String,
    pub card: CardAnswer,
    pub test_mode: bool,
}

#[derive(Debug, Serialize)]
pub struct CardAnswer {
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
}

/// `POST /gateway/test/tokens`: checks the card and answers a single-use token.
pub async fn create_token(
    State(state): State<AppState>,
    ApiJson(card): ApiJson<CardInput>,
) -> ApiResult<Response> {
    let gw = gateway(&state)?;
    let today = time::OffsetDateTime::now_utc();
    let today = (today.year(), u8::from(today.month()));
    match gw
        .tokenize(
            &card.number,
            card.exp_month,
            card.exp_year,
            &card.cvc,
            today,
        )
        .await
        .map_err(ApiError::internal)?
    {
        Ok(t) => Ok((
            StatusCode::CREATED,
            Json(TokenAnswer {
                id: t.id,
                card: CardAnswer {
                    brand: t.card.brand,
                    last4: t.card.last4,
                    exp_month: t.card.exp_month,
                    exp_year: t.card.exp_year,
                },
                test_mode: true,
            }),
        )
            .into_response()),
        Err(errors) => Err(ApiError::validation(
            errors
                .into_iter()
                .map(|e| FieldError::new(e.field, ErrorCode::ValidationFailed, e.message))
                .collect(),
        )),
    }
}
