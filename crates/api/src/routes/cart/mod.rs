//! The cart (SPEC §5): read, add/change/remove lines, clear, coupon, partner
//! referral code, quick order.
//! Every operation answers with the whole cart, priced now.

pub mod add_line;
pub mod apply_coupon;
pub mod apply_referral_code;
pub mod clear_cart;
pub mod delete_line;
pub mod get_cart;
pub mod quick_order;
pub mod remove_coupon;
pub mod remove_referral_code;
pub mod update_line;

use crate::cart::{CartScope, read_cart};
use crate::error::ApiResult;
use crate::route_docs::api_routes;
use crate::state::AppState;
use axum::Json;
use axum::http::StatusCode;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(get_cart::get_cart, clear_cart::clear_cart))
        .routes(api_routes!(add_line::add_line))
        .routes(api_routes!(
            update_line::update_line,
            delete_line::delete_line
        ))
        .routes(api_routes!(
            apply_coupon::apply_coupon,
            remove_coupon::remove_coupon
        ))
        .routes(api_routes!(
            apply_referral_code::apply_referral_code,
            remove_referral_code::remove_referral_code
        ))
        .routes(api_routes!(quick_order::quick_order))
}

/// The priced cart as the answer, with the guest cookie when one was issued.
pub async fn cart_answer(
    state: &AppState,
    scope: &CartScope,
    status: StatusCode,
) -> ApiResult<Response> {
    let cart = read_cart(state, scope, None).await?;
    Ok(scope.respond(state, (status, Json(cart))))
}
