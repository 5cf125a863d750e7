use super::{no_device, path_serial};
use crate::commerce::delivery::context::ms_of_datetime;
use crate::commerce::delivery::plans::{family_of, preview, purchase_of};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use uplink_db::delivery::subscriptions_of_serial;
use uplink_db::now_ms;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::plans::{ActivePlan, Allowance, StackedPlan};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    /// The plan's SKU, e.g. `SFC-20GB-1M`.
    pub sku: String,
}

/// A plan's data and expiry.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanState {
    /// Remaining data (current plan) in MB; null when unlimited.
    pub remaining_mb: Option<i64>,
    pub unlimited: bool,
    /// RFC 3339.
    pub expires_at: String,
}

/// The plan after the purchase.
#[derive(Debug, Serialize, ToSchema)]
pub struct StackedState {
    /// Data available after the purchase in MB; null when unlimited.
    pub allowance_mb: Option<i64>,
    pub unlimited: bool,
    /// Remaining data carried over from the current plan (MB; null when none or unlimited).
    pub carried_mb: Option<i64>,
    /// RFC 3339.
    pub expires_at: String,
    /// True when the 3-year cap shortened the new expiry.
    pub capped: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanPreview {
    pub serial: String,
    pub sku: String,
    /// Subscription family: `cloud`, `cloud-connect`, `cloud-unlimited` or `data-plan`.
    pub family: String,
    /// The device's active plan of that family, if any.
    pub current: Option<PlanState>,
    pub result: StackedState,
}

fn mb_of(a: Allowance) -> Option<i64> {
    match a {
        Allowance::Metered { mb } => Some(mb),
        Allowance::Unlimited => None,
    }
}

fn answer(
    serial: String,
    sku: String,
    family: &str,
    plans: (Option<ActivePlan>, StackedPlan),
) -> PlanPreview {
    let (current, stacked) = plans;
    PlanPreview {
        serial,
        sku,
        family: family.to_owned(),
        current: current.map(|c| PlanState {
            remaining_mb: mb_of(c.allowance),
            unlimited: mb_of(c.allowance).is_none(),
            expires_at: rfc3339(ms_of_datetime(c.expires_at)),
        }),
        result: StackedState {
            allowance_mb: mb_of(stacked.allowance),
            unlimited: mb_of(stacked.allowance).is_none(),
            carried_mb: current.and_then(|c| mb_of(c.allowance)),
            expires_at: rfc3339(ms_of_datetime(stacked.expires_at)),
            capped: stacked.capped,
        },
    }
}

/// What buying a plan for one of the customer's devices would do, computed
/// as delivery will: data carried over, the new expiry, whether the 3-year
/// cap applies. Another account's device is 404 (its plans are not shown).
#[utoipa::path(get, path = "/me/devices/{serial}/plan-preview", tag = "devices",
    params(("serial" = String, Path, description = "Serial number"), PreviewQuery),
    responses(
        (status = 200, body = PlanPreview),
        (status = 404, description = "`not_found`: not a device of this account", body = Problem),
        (status = 409, description = "`plan_not_stackable`: unlimited and metered plans do not combine", body = Problem),
        (status = 422, description = "`invalid_serial`; `validation_failed`: the SKU is no plan; `serial_not_eligible`: the device cannot take this plan", body = Problem),
    ))]
pub async fn plan_preview(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(raw): Path<String>,
    ApiQuery(q): ApiQuery<PreviewQuery>,
) -> ApiResult<Json<PlanPreview>> {
    let serial = path_serial(&raw)?;
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let product = snap.product_by_sku(q.sku.trim()).map(|i| snap.product(i));
    let Some((product, family)) = product.and_then(|p| family_of(p).map(|f| (p, f))) else {
        return Err(ApiError::field(
            "sku",
            ErrorCode::ValidationFailed,
            "This is not a cloud or data plan; choose a plan from the SpeedFusion Cloud page.",
        ));
    };
    if state
        .db
        .device_of(auth.id(), serial.as_str())
        .await?
        .is_none()
    {
        return Err(no_device());
    }
    // The cart would refuse a plan the device cannot take; so does the preview.
    let model = snap.model_by_prefix(serial.prefix());
    if let (Some(rule), Some(model)) = (&product.eligibility, model)
        && let Err(reason) = rule.check(model)
    {
        return Err(ApiError::field(
            "sku",
            ErrorCode::SerialNotEligible,
            reason.to_string(),
        ));
    }
    let subs =
        subscriptions_of_serial(&mut *state.db.pool().acquire().await?, serial.as_str()).await?;
    match preview(family, purchase_of(product), &subs, now_ms()) {
        Ok(plans) => Ok(Json(answer(
            serial.as_str().to_owned(),
            product.sku.clone(),
            family,
            plans,
        ))),
        Err(why) => Err(ApiError::new(ErrorCode::PlanNotStackable).with_detail(why)),
    }
}
