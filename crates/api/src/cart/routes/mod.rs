//! The cart operations; [`cart_answer`] is the answer they share.

pub mod add_line;
pub mod app_referral;
pub mod apply_coupon;
pub mod apply_referral_code;
pub mod clear_cart;
pub mod delete_line;
pub mod get_cart;
pub mod quick_order;
pub mod remove_coupon;
pub mod remove_referral_code;
pub mod update_line;

use crate::commerce::cart::scope::{CartScope, read_cart};
use crate::http::error::ApiResult;
use crate::http::state::AppState;
use axum::Json;
use axum::http::StatusCode;
use axum::response::Response;

/// The priced cart as the answer, with the guest cookie when one was issued.
pub async fn cart_answer(
    state: &AppState,
    scope: &CartScope,
    status: StatusCode,
) -> ApiResult<Response> {
    let cart = read_cart(state, scope, None).await?;
    Ok(scope.respond(state, (status, Json(cart))))
}
