use crate::coupons::admin::{
    AdminCoupon, AdminCouponList, CouponInput, NewCouponRequest, admin_coupon, create, update,
};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use uplink_db::admin_coupons::{CouponState, staff_coupons};
use uplink_domain::error_code::ErrorCode;

const PER_PAGE: i64 = 50;

/// `GET /admin/coupons` parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CouponQuery {
    /// Searches the code and description.
    pub q: Option<String>,
    /// `active`, `paused` or `ended`.
    pub state: Option<String>,
    /// From 1.
    pub page: Option<i64>,
}

/// The store's coupons (not referral rewards), newest first, with uses and
/// what they gave away.
#[utoipa::path(get, path = "/admin/coupons", tag = "admin", params(CouponQuery),
    responses(
        (status = 200, body = AdminCouponList),
        (status = 422, description = "`validation_failed`: `state` or `page`", body = Problem),
    ))]
pub async fn list_admin_coupons(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiQuery(query): ApiQuery<CouponQuery>,
) -> ApiResult<Json<AdminCouponList>> {
    let coupon_state = match query.state.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some("active") => Some(CouponState::Active),
        Some("paused") => Some(CouponState::Paused),
        Some("ended") => Some(CouponState::Ended),
        Some(_) => {
            return Err(ApiError::validation(vec![FieldError::new(
                "state",
                ErrorCode::ValidationFailed,
                "Filter by active, paused or ended.",
            )]));
        }
    };
    let page = query.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(ApiError::field(
            "page",
            ErrorCode::ValidationFailed,
            "From 1.",
        ));
    }
    let q = query
        .q
        .as_deref()
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(|q| q.chars().take(64).collect::<String>());
    let mut conn = state.db.pool().acquire().await?;
    let (rows, total) = staff_coupons(
        &mut conn,
        q.as_deref(),
        coupon_state,
        uplink_db::now_ms(),
        PER_PAGE,
        (page - 1) * PER_PAGE,
    )
    .await?;
    Ok(Json(AdminCouponList {
        items: rows.into_iter().map(AdminCoupon::from).collect(),
        total,
        page,
        per_page: PER_PAGE,
    }))
}

/// One coupon.
#[utoipa::path(get, path = "/admin/coupons/{code}", tag = "admin",
    params(("code" = String, Path, description = "The coupon code (any case)")),
    responses(
        (status = 200, body = AdminCoupon),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn get_admin_coupon(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    Path(code): Path<String>,
) -> ApiResult<Json<AdminCoupon>> {
    Ok(Json(admin_coupon(&state, &code).await?))
}

/// Creates a coupon.
#[utoipa::path(post, path = "/admin/coupons", tag = "admin", request_body = NewCouponRequest,
    responses(
        (status = 201, body = AdminCoupon),
        (status = 422, description = "`validation_failed`: every broken rule on its field (`code` taken or malformed, `percent_bp` …)", body = Problem),
    ))]
pub async fn create_admin_coupon(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiJson(req): ApiJson<NewCouponRequest>,
) -> ApiResult<(StatusCode, Json<AdminCoupon>)> {
    let code = create(&state, admin.actor(), &req.code, &req.terms).await?;
    Ok((
        StatusCode::CREATED,
        Json(admin_coupon(&state, &code).await?),
    ))
}

/// Changes a coupon's terms; `active: false` pauses it (shoppers are told
/// it is not active), `true` resumes it. Its code and uses stay.
#[utoipa::path(put, path = "/admin/coupons/{code}", tag = "admin", request_body = CouponInput,
    params(("code" = String, Path, description = "The coupon code (any case)")),
    responses(
        (status = 200, body = AdminCoupon),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 422, description = "`validation_failed`: every broken rule on its field", body = Problem),
    ))]
pub async fn update_admin_coupon(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(code): Path<String>,
    ApiJson(terms): ApiJson<CouponInput>,
) -> ApiResult<Json<AdminCoupon>> {
    let code = update(&state, admin.actor(), &code, &terms).await?;
    Ok(Json(admin_coupon(&state, &code).await?))
}
