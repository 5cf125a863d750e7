use super::cart_answer;
use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::lines::{AddLineRequest, apply, plan, validate};
use crate::commerce::cart::scope::CartScope;
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use uplink_db::cart as q;

/// Adds a product (with options, serials or ICCID) to the cart. The same
/// product with the same options adds to the existing line (serial-bound
/// products add their serials). Guests get an `uplink_cart` cookie.
#[utoipa::path(post, path = "/cart/lines", tag = "cart",
    params(StoreParam),
    request_body = AddLineRequest,
    responses(
        (status = 201, body = CartDto, description = "Added; the whole cart"),
        (status = 404, description = "`not_found`: no product with this SKU", body = Problem),
        (status = 409, description = "`insufficient_stock` (with `available`), `must_change_store`, `plan_not_stackable` (a cloud plan that cannot stack on the device's active plan)", body = Problem),
        (status = 422, description = "`not_sold_in_store`, `invalid_quantity`, `invalid_serial`, `unknown_serial`, `serial_not_eligible`, `duplicate_serial`, `invalid_iccid`, `unknown_iccid` (a top-up for an eSIM that is not the customer's), `validation_failed`", body = Problem),
    ))]
pub async fn add_line(
    State(state): State<AppState>,
    scope: CartScope,
    ApiJson(req): ApiJson<AddLineRequest>,
) -> ApiResult<Response> {
    let snap = scope.store.snapshot.clone();
    let valid = validate(&snap, scope.store.store, &req)?;
    crate::commerce::cart::stacking::check_line(&state.db, &snap, &valid, scope.user_id()).await?;
    let warehouse = snap.stores[scope.store.store].warehouse();
    let (db, store_code) = (state.db.clone(), scope.store.code().to_owned());
    let (owner, user_id) = (
        scope.owner()?.to_owned(),
        scope.user_id().map(str::to_owned),
    );
    let add = async move {
        let mut tx = db.begin_write().await?;
        let cart = q::ensure_cart(&mut tx, &store_code, &owner, user_id.as_deref()).await?;
        let lines = q::cart_lines(&mut tx, &cart.id).await?;
        let stock = uplink_db::stock::available_stock(
            &mut tx,
            warehouse.as_str(),
            &[valid.product_id.as_str()],
        )
        .await?;
        let plan = plan(&snap, valid, &lines, &stock)?;
        apply(&mut tx, &cart.id, plan).await?;
        tx.commit().await?;
        ApiResult::Ok(())
    };
    state.db.on_writer_thread(add).await?;
    cart_answer(&state, &scope, StatusCode::CREATED).await
}
