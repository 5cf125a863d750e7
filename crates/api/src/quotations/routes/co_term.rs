use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::{StoreContext, StoreParam};
use crate::quotations::co_term::{CoTermAnswer, CoTermRequest, request};
use axum::Json;
use axum::extract::State;

/// Asks for a co-term quotation for two or more of the caller's devices
/// (SPEC §8). With an external co-term service configured, answers its
/// fixed links (`{host}/co-term-quotations?serials=…` and
/// `{host}/co-term-quotations/success/thanks`); otherwise Uplink submits a
/// quotation to sales with each device's renewal prorated day-exact to the
/// common end date (default: the latest current expiry) and answers its number.
#[utoipa::path(post, path = "/me/devices/co-term", tag = "devices", request_body = CoTermRequest,
    params(StoreParam),
    responses(
        (status = 200, body = CoTermAnswer),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 404, description = "`not_found`: a serial that is not one of the caller's devices (`serials[i]`)", body = Problem),
        (status = 409, description = "`must_change_store`", body = Problem),
        (status = 422, description = "`validation_failed` (`serials`, `end_date`, `note`), `invalid_serial`, `not_sold_in_store` (no care plan for a device)", body = Problem),
    ))]
pub async fn co_term(
    State(state): State<AppState>,
    auth: AuthUser,
    store: StoreContext,
    ApiJson(req): ApiJson<CoTermRequest>,
) -> ApiResult<Json<CoTermAnswer>> {
    Ok(Json(request(&state, &auth, &store, &req).await?))
}
