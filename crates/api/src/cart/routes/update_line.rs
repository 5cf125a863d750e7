use super::cart_answer;
use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::lines::{
    AddLineRequest, cart_units, check_cart_units, check_stock, validate,
};
use crate::commerce::cart::scope::CartScope;
use crate::commerce::pricing::parse_options;
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use uplink_db::cart as q;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// A change to a line: its quantity, or — for serial-bound products — its serials.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateLineRequest {
    pub qty: Option<i64>,
    /// The line's complete new list of serial numbers (serial-bound products).
    pub serials: Option<Vec<String>>,
}

/// Changes a line's quantity or serial numbers, with the same rules as adding.
/// Another owner's line is a 404.
#[utoipa::path(patch, path = "/cart/lines/{id}", tag = "cart",
    params(("id" = String, Path, description = "Cart line id"), StoreParam),
    request_body = UpdateLineRequest,
    responses(
        (status = 200, body = CartDto),
        (status = 404, description = "`not_found` (also another owner's line)", body = Problem),
        (status = 409, description = "`insufficient_stock` (with `available`), `must_change_store`", body = Problem),
        (status = 422, description = "`invalid_quantity`, `invalid_serial`, `unknown_serial`, `serial_not_eligible`, `duplicate_serial`, `not_sold_in_store`, `validation_failed`", body = Problem),
    ))]
pub async fn update_line(
    State(state): State<AppState>,
    scope: CartScope,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<UpdateLineRequest>,
) -> ApiResult<Response> {
    if req.qty.is_none() && req.serials.is_none() {
        return Err(ApiError::field(
            "qty",
            ErrorCode::ValidationFailed,
            "Send a new `qty` or `serials`.",
        ));
    }
    let snap = &scope.store.snapshot;
    let warehouse = snap.stores[scope.store.store].warehouse();
    let mut tx = state.db.begin_write().await?;
    let cart = match scope.owner.as_deref() {
        Some(owner) => q::find_cart(&mut tx, scope.store.code(), owner).await?,
        None => None,
    }
    .ok_or_else(|| ApiError::not_found("The cart line"))?;
    q::lock_cart(&mut tx, &cart.id).await?;
    let lines = q::cart_lines(&mut tx, &cart.id).await?;
    let line = lines
        .iter()
        .find(|l| l.row.id == id)
        .ok_or_else(|| ApiError::not_found("The cart line"))?
        .clone();
    let serial_bound = !line.serials.is_empty();
    if serial_bound && req.serials.is_none() {
        return Err(ApiError::field(
            "qty",
            ErrorCode::InvalidQuantity,
            "The quantity of this line is its number of serial numbers; change the serials instead.",
        ));
    }
    let mut options = parse_options(&line.row.options);
    let iccid = line.row.iccid.clone();
    if let Some(i) = &iccid
        && let Some(idx) = snap.product_by_id(&line.row.product_id)
        && let Some(o) = crate::commerce::pricing::effective_options(snap, idx)
            .into_iter()
            .find(|o| o.kind == uplink_domain::catalog::OptionKind::Iccid)
    {
        options.insert(o.code.clone(), i.clone());
    }
    let valid = validate(
        snap,
        scope.store.store,
        &AddLineRequest {
            sku: line.row.sku.clone(),
            qty: if serial_bound { None } else { req.qty },
            options,
            serials: req.serials.clone().unwrap_or_default(),
            iccid: None,
        },
    )?;
    crate::commerce::cart::stacking::check_line_in(&mut tx, snap, &valid, scope.user_id()).await?;
    // Serials may not repeat those of the product's other lines.
    let others: Vec<&str> = lines
        .iter()
        .filter(|l| l.row.product_id == line.row.product_id && l.row.id != line.row.id)
        .flat_map(|l| l.serials.iter().map(String::as_str))
        .collect();
    let repeats: Vec<FieldError> = valid
        .serials
        .iter()
        .enumerate()
        .filter(|(_, s)| others.contains(&s.as_str()))
        .map(|(i, s)| {
            FieldError::new(
                format!("serials[{i}]"),
                ErrorCode::DuplicateSerial,
                format!("{s} is already in your cart for this product."),
            )
        })
        .collect();
    if let Some(first) = repeats.first() {
        let mut e = ApiError::new(ErrorCode::DuplicateSerial).with_detail(first.message.clone());
        e.errors = repeats;
        return Err(e);
    }
    let stock = uplink_db::stock::available_stock(
        &mut tx,
        warehouse.as_str(),
        &[valid.product_id.as_str()],
    )
    .await?;
    check_cart_units(cart_units(&lines, Some(&line.row.id)), valid.qty)?;
    check_stock(snap, valid.product, valid.qty, &stock)?;
    if serial_bound {
        q::replace_serials(&mut tx, &line.row, &valid.serials).await?;
    } else {
        q::set_line_qty(&mut tx, &cart.id, &line.row.id, valid.qty).await?;
    }
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}
