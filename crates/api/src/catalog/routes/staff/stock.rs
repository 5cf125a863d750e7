use crate::catalog::staff_dto::{
    StockAdjustmentDto, StockAdjustmentList, StockAdjustmentRequest, StockReason,
};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use uplink_db::admin_catalog::product_type_of;
use uplink_db::audit::{AuditEntry, StaffWrite};
use uplink_db::stock::{adjust_stock, stock_adjustments};
use uplink_domain::catalog::{ProductType, Warehouse};
use uplink_domain::error_code::ErrorCode;

/// Largest single correction.
const MAX_DELTA: i64 = 1_000_000;

fn check(req: &StockAdjustmentRequest) -> ApiResult<Warehouse> {
    let mut errors = Vec::new();
    let warehouse = Warehouse::parse(&req.warehouse);
    if warehouse.is_none() {
        errors.push(FieldError::new(
            "warehouse",
            ErrorCode::ValidationFailed,
            "Choose the Global or the US warehouse.",
        ));
    }
    if req.delta == 0 || req.delta.abs() > MAX_DELTA {
        errors.push(FieldError::new(
            "delta",
            ErrorCode::ValidationFailed,
            format!("Add or remove 1 to {MAX_DELTA} units."),
        ));
    }
    let note = req.note.trim();
    if note.chars().count() > 500 || note.chars().any(char::is_control) {
        errors.push(FieldError::new(
            "note",
            ErrorCode::ValidationFailed,
            "Keep the note to 500 characters on one line.",
        ));
    } else if req.reason == StockReason::Correction && note.is_empty() {
        errors.push(FieldError::new(
            "note",
            ErrorCode::ValidationFailed,
            "Say what the correction is for.",
        ));
    }
    match (warehouse, errors.is_empty()) {
        (Some(w), true) => Ok(w),
        _ => Err(ApiError::validation(errors)),
    }
}

/// Adds or removes units of a hardware product in one warehouse, with a
/// reason. On hand and available move together; neither may go below zero
/// (409 `insufficient_stock`: units already sold cannot be taken away).
/// The storefront's stock status follows at once.
#[utoipa::path(post, path = "/admin/products/{id}/stock-adjustments", tag = "admin",
    request_body = StockAdjustmentRequest,
    params(("id" = String, Path, description = "The product id")),
    responses(
        (status = 201, body = StockAdjustmentDto),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`insufficient_stock`: fewer units available than removed", body = Problem),
        (status = 422, description = "`validation_failed`: `warehouse`, `delta`, `note`, or the product has no stock (`product`)", body = Problem),
    ))]
pub async fn adjust_admin_stock(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<StockAdjustmentRequest>,
) -> ApiResult<(StatusCode, Json<StockAdjustmentDto>)> {
    let warehouse = check(&req)?;
    let kind = {
        let mut conn = state.db.pool().acquire().await?;
        product_type_of(&mut conn, &id)
            .await?
            .ok_or_else(|| ApiError::not_found("The product"))?
    };
    if kind.0 != ProductType::Hardware.as_str() {
        return Err(ApiError::field(
            "product",
            ErrorCode::ValidationFailed,
            "Only hardware (and each variant of a configurable product) keeps stock.",
        ));
    }
    let mut w = StaffWrite::begin(&state.db, admin.actor()).await?;
    let Some(done) = adjust_stock(
        &mut w,
        &id,
        warehouse.as_str(),
        req.delta,
        req.reason.as_str(),
        req.note.trim(),
    )
    .await?
    else {
        return Err(ApiError::new(ErrorCode::InsufficientStock).with_detail(
            "That removes more units than the warehouse has available; count again or remove fewer.",
        ));
    };
    w.record(
        AuditEntry::new("stock.adjust", "product", &id)
            .summary(format!(
                "{:+} in {} ({}): {} available",
                done.delta, done.warehouse, done.reason, done.available_after
            ))
            .before(&serde_json::json!({
                "warehouse": done.warehouse,
                "on_hand": done.on_hand_after - done.delta,
                "available": done.available_after - done.delta,
            }))
            .after(&done),
    );
    w.commit().await?;
    // A band change (in stock, low, out) shows here at once.
    state.catalog.stock_band_changed().await;
    Ok((StatusCode::CREATED, Json(done.into())))
}

/// A product's stock corrections, newest first (the last 200).
#[utoipa::path(get, path = "/admin/products/{id}/stock-adjustments", tag = "admin",
    params(("id" = String, Path, description = "The product id")),
    responses(
        (status = 200, body = StockAdjustmentList),
    ))]
pub async fn list_admin_stock_adjustments(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    Path(id): Path<String>,
) -> ApiResult<Json<StockAdjustmentList>> {
    let mut conn = state.db.pool().acquire().await?;
    let items = stock_adjustments(&mut conn, &id, 200).await?;
    Ok(Json(StockAdjustmentList {
        items: items.into_iter().map(Into::into).collect(),
    }))
}
