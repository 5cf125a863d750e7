//! Auto-renewal settings (SPEC §8): per device, on or off, paid with a saved
//! card of the owner or with credit terms when the account has them. The
//! renewal order itself is created 7 days before expiry by the renewal job.

use crate::http::error::{ApiError, ApiResult};
use serde::Deserialize;
use uplink_db::accounts::UserRow;
use uplink_db::devices::RenewSetting;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// How renewals are paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RenewMethod {
    Card,
    CreditTerms,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AutoRenewRequest {
    pub enabled: bool,
    /// Required when `enabled`.
    pub method: Option<RenewMethod>,
    /// One of the caller's saved cards (`GET /me/payment-methods`), for method `card`.
    pub card_id: Option<String>,
}

/// The setting `req` asks for, if the account may use it. The card's
/// ownership is checked by the storage, in the same transaction as the change.
pub fn setting_for(user: &UserRow, req: &AutoRenewRequest) -> ApiResult<RenewSetting> {
    if !req.enabled {
        return Ok(RenewSetting::Off);
    }
    match req.method {
        None => Err(ApiError::field(
            "method",
            ErrorCode::ValidationFailed,
            "Choose how renewals are paid: a saved card or credit terms.",
        )),
        Some(RenewMethod::CreditTerms) if user.credit_limit_cents.is_none() => {
            Err(ApiError::field(
                "method",
                ErrorCode::PaymentMethodUnavailable,
                "Credit terms are for business accounts with approved terms; choose a saved card, or contact sales to apply.",
            ))
        }
        Some(RenewMethod::CreditTerms) => Ok(RenewSetting::CreditTerms),
        Some(RenewMethod::Card) => match req.card_id.as_deref().map(str::trim) {
            Some(id) if !id.is_empty() && !id.chars().any(char::is_control) => {
                Ok(RenewSetting::Card(id.to_owned()))
            }
            _ => Err(no_card()),
        },
    }
}

/// The card is missing or not one of the caller's saved cards.
pub fn no_card() -> ApiError {
    ApiError::field(
        "card_id",
        ErrorCode::ValidationFailed,
        "Choose one of your saved cards, or add a card first.",
    )
}
