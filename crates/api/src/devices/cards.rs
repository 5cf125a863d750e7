//! Saved cards for auto-renewal. The browser tokenises the card with the
//! gateway's own endpoint (the number never reaches this API); saving asks
//! the gateway to make that single-use token reusable and keeps only its id,
//! brand, last 4 digits and expiry.

use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use uplink_db::devices::{DeletedCard, PaymentMethodRow};
use uplink_domain::error_code::ErrorCode;
use uplink_payments::GatewayError;

/// Saved cards per account.
pub const MAX_SAVED_CARDS: i64 = 10;

fn full() -> ApiError {
    ApiError::field(
        "token",
        ErrorCode::ValidationFailed,
        format!("You can keep up to {MAX_SAVED_CARDS} cards; remove one you no longer use first."),
    )
}

/// Saves the card behind a fresh gateway token for `user_id`.
pub async fn save(state: &AppState, user_id: &str, token: &str) -> ApiResult<PaymentMethodRow> {
    if state.db.payment_methods_of(user_id).await?.len() as i64 >= MAX_SAVED_CARDS {
        return Err(full());
    }
    // A token with control characters is none the gateway issued.
    let saved = if token.chars().any(char::is_control) {
        Err(GatewayError::InvalidToken)
    } else {
        state.gateway.save_card(token.trim()).await
    };
    let card = match saved {
        Ok(card) => card,
        Err(GatewayError::InvalidToken) => {
            return Err(ApiError::field(
                "token",
                ErrorCode::ValidationFailed,
                "This card entry has expired or was already used; enter the card again.",
            ));
        }
        Err(e) => return Err(ApiError::internal(e)),
    };
    let row = PaymentMethodRow {
        id: uplink_domain::ids::new_id("pm"),
        user_id: user_id.to_owned(),
        token_id: token.trim().to_owned(),
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        created_at: uplink_db::now_ms(),
    };
    if !state
        .db
        .insert_payment_method(&row, MAX_SAVED_CARDS)
        .await?
    {
        // Another save won the last place meanwhile: the token goes unused.
        forget(state, &row.token_id).await;
        return Err(full());
    }
    Ok(row)
}

/// Deletes a saved card of `user_id` (auto-renewal stops on the devices that
/// used it) and tells the gateway to forget it. `None`: not the caller's card.
pub async fn delete(state: &AppState, user_id: &str, id: &str) -> ApiResult<Option<DeletedCard>> {
    let Some(deleted) = state.db.delete_payment_method(user_id, id).await? else {
        return Ok(None);
    };
    forget(state, &deleted.token_id).await;
    Ok(Some(deleted))
}

/// Best effort: the card is already gone from the account, which is what
/// renewals read; a token the gateway still holds pays for nothing.
async fn forget(state: &AppState, token_id: &str) {
    if let Err(e) = state.gateway.forget_card(token_id).await {
        tracing::warn!(error = %e, "the gateway did not forget a saved card");
    }
}
