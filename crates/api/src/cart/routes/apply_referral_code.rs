use super::cart_answer;
use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::partner_code as referral;
use crate::commerce::cart::scope::CartScope;
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use uplink_db::cart as q;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyReferralCodeRequest {
    /// The partner's referral code (case-insensitive).
    #[schema(example = "NORTHWIND")]
    pub code: String,
}

/// Applies a partner referral code to the cart (one per cart; a new one
/// replaces the old). The buyer gets no discount: totals do not change; the
/// partner is recorded on the order and earns a rebate on licences, care
/// plans and cloud plans. Checked again when the order is placed (D58).
#[utoipa::path(put, path = "/cart/referral-code", tag = "cart",
    params(StoreParam),
    request_body = ApplyReferralCodeRequest,
    responses(
        (status = 200, body = CartDto),
        (status = 409, description = "`must_change_store`", body = Problem),
        (status = 422, description = "`validation_failed` (empty or too long), `referral_code_invalid` (unknown or inactive code)", body = Problem),
    ))]
pub async fn apply_referral_code(
    State(state): State<AppState>,
    scope: CartScope,
    ApiJson(req): ApiJson<ApplyReferralCodeRequest>,
) -> ApiResult<Response> {
    let code = referral::parse(&req.code)?;
    let mut tx = state.db.begin_write().await?;
    let partner = referral::active_partner(&mut tx, &code).await?;
    let cart = q::ensure_cart(&mut tx, scope.store.code(), scope.owner()?, scope.user_id()).await?;
    uplink_db::partners::set_cart_code(&mut tx, &cart.id, Some(&partner.referral_code)).await?;
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}
