//! The app referral code of the cart (REFERRAL_CODE, SPEC §10, D103): a
//! referee enters a friend's code, or the app applies the one their share
//! link carried. The discount is priced on every read and checked again
//! when the order is placed.

use super::cart_answer;
use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::scope::CartScope;
use crate::commerce::referral::{not_eligible, offer};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use uplink_db::cart as q;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::referrals::parse_code;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyAppReferralRequest {
    /// A customer's referral code (case-insensitive; spaces and dashes ignored).
    #[schema(example = "K7M2X9QA")]
    pub code: String,
    /// True when the code comes from a share link rather than typed: the
    /// first link wins, so a cart that has a code keeps it.
    #[serde(default)]
    pub from_link: bool,
}

/// Applies an app referral code (REFERRAL_CODE) to the cart: the referee's
/// discount on eligible items shows on the cart, the checkout and the order.
/// Refused with `referral_code_invalid` (no such code, or the programme
/// takes none) or `referral_not_eligible` with `reason` (`own_code`,
/// `already_ordered`, `same_address`); the card is checked when the order
/// is placed (`same_card`).
#[utoipa::path(put, path = "/cart/app-referral", tag = "cart",
    params(StoreParam),
    request_body = ApplyAppReferralRequest,
    responses(
        (status = 200, body = CartDto),
        (status = 409, description = "`must_change_store`", body = Problem),
        (status = 422, description = "`referral_code_invalid`; `referral_not_eligible` (with `reason`)", body = Problem),
    ))]
pub async fn apply_app_referral(
    State(state): State<AppState>,
    scope: CartScope,
    ApiJson(req): ApiJson<ApplyAppReferralRequest>,
) -> ApiResult<Response> {
    let invalid = || {
        ApiError::field(
            "code",
            ErrorCode::ReferralCodeInvalid,
            format!(
                "{} is not a referral code; check it with the friend who shared it.",
                req.code.trim()
            ),
        )
    };
    let code = parse_code(&req.code).ok_or_else(invalid)?;
    let store = &scope.store.snapshot.stores[scope.store.store];
    let mut tx = state.db.begin_write().await?;
    let found = offer(&mut tx, store, &code, scope.user_id()).await?;
    let Some(found) = found else {
        return Err(invalid());
    };
    if let Some(why) = found.refusal {
        return Err(not_eligible("code", why));
    }
    let cart = q::ensure_cart(&mut tx, scope.store.code(), scope.owner()?, scope.user_id()).await?;
    if !(req.from_link && cart.app_referral_code.is_some()) {
        uplink_db::referrals::set_cart_code(&mut tx, &cart.id, Some(&code)).await?;
    }
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}

/// Removes the app referral code from the cart.
#[utoipa::path(delete, path = "/cart/app-referral", tag = "cart",
    params(StoreParam),
    responses(
        (status = 200, body = CartDto),
        (status = 409, description = "`must_change_store`", body = Problem),
    ))]
pub async fn remove_app_referral(
    State(state): State<AppState>,
    scope: CartScope,
) -> ApiResult<Response> {
    let mut tx = state.db.begin_write().await?;
    if let Some(owner) = scope.owner.as_deref()
        && let Some(cart) = q::find_cart(&mut tx, scope.store.code(), owner).await?
    {
        uplink_db::referrals::set_cart_code(&mut tx, &cart.id, None).await?;
    }
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}
