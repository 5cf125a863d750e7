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

/// Removes the cart's coupon (nothing happens when there is none).
#[utoipa::path(delete, path = "/cart/coupon", tag = "cart",
    params(StoreParam),
    responses(
        (status = 200, body = CartDto),
        (status = 409, description = "`must_change_store`", body = Problem),
    ))]
pub async fn remove_coupon(State(state): State<AppState>, scope: CartScope) -> ApiResult<Response> {
    let mut tx = state.db.begin_write().await?;
    if let Some(owner) = scope.owner.as_deref()
        && let Some(cart) = q::find_cart(&mut tx, scope.store.code(), owner).await?
    {
        q::set_cart_coupon(&mut tx, &cart.id, None).await?;
    }
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}
