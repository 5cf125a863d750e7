use super::cart_answer;
use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::scope::CartScope;
use crate::http::error::{ApiResult, Problem};
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use uplink_db::cart as q;

/// Empties the cart (lines and coupon).
#[utoipa::path(delete, path = "/cart", tag = "cart",
    params(StoreParam),
    responses(
        (status = 200, body = CartDto, description = "The empty cart"),
        (status = 409, description = "`must_change_store`", body = Problem),
    ))]
pub async fn clear_cart(State(state): State<AppState>, scope: CartScope) -> ApiResult<Response> {
    let mut tx = state.db.begin_write().await?;
    if let Some(owner) = scope.owner.as_deref()
        && let Some(cart) = q::find_cart(&mut tx, scope.store.code(), owner).await?
    {
        q::clear_cart(&mut tx, &cart.id).await?;
    }
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}
