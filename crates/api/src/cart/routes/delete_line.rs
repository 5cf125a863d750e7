use super::cart_answer;
use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::scope::CartScope;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use uplink_db::cart as q;

/// Removes a line. Another owner's line is a 404.
#[utoipa::path(delete, path = "/cart/lines/{id}", tag = "cart",
    params(("id" = String, Path, description = "Cart line id"), StoreParam),
    responses(
        (status = 200, body = CartDto),
        (status = 404, description = "`not_found` (also another owner's line)", body = Problem),
        (status = 409, description = "`must_change_store`", body = Problem),
    ))]
pub async fn delete_line(
    State(state): State<AppState>,
    scope: CartScope,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let mut tx = state.db.begin_write().await?;
    let cart = match scope.owner.as_deref() {
        Some(owner) => q::find_cart(&mut tx, scope.store.code(), owner).await?,
        None => None,
    };
    let deleted = match &cart {
        Some(c) => q::delete_line(&mut tx, &c.id, &id).await?,
        None => false,
    };
    if !deleted {
        return Err(ApiError::not_found("The cart line"));
    }
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}
