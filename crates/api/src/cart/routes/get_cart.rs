use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::scope::{CartQuery, CartScope, read_cart};
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::Json;
use axum::extract::State;

/// The current store's cart of the caller (the customer's, or this browser's
/// for guests), priced now: changed prices are flagged (once), lines that
/// cannot be ordered carry a `problem`, and US-store carts show sales tax
/// for the destination state.
#[utoipa::path(get, path = "/cart", tag = "cart",
    params(StoreParam, CartQuery),
    responses(
        (status = 200, body = CartDto),
        (status = 409, description = "`must_change_store`: the account belongs to the other region (`target_store`)", body = Problem),
        (status = 422, description = "`validation_failed`: bad `tax_state` or `store`", body = Problem),
    ))]
pub async fn get_cart(
    State(state): State<AppState>,
    scope: CartScope,
    ApiQuery(query): ApiQuery<CartQuery>,
) -> ApiResult<Json<CartDto>> {
    Ok(Json(
        read_cart(&state, &scope, query.tax_state.as_deref()).await?,
    ))
}
