use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::state::AppState;
use crate::http::store::find_store;
use crate::read_model::cards::StoreDto;
use axum::Json;
use axum::extract::{Path, State};
use uplink_domain::error_code::ErrorCode;

/// One store by eStore code (`global`, `us`) or mini-store key.
#[utoipa::path(
    get,
    path = "/stores/{code}",
    tag = "catalogue",
    params(("code" = String, Path, description = "eStore code or mini-store key")),
    responses(
        (status = 200, body = StoreDto),
        (status = 404, description = "`not_found`: no such store; `store_paused`: a mini-store its partner paused", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get_store(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> ApiResult<Json<StoreDto>> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let Some(idx) = find_store(&snap, &code) else {
        if snap.is_paused_key(&code) {
            return Err(ApiError::new(ErrorCode::StorePaused).with_detail(format!(
                "The mini-store `{}` is closed for now; shop in the main store instead.",
                code.trim()
            )));
        }
        return Err(ApiError::not_found(&format!("The store `{code}`")));
    };
    Ok(Json(StoreDto::from(&snap, idx)))
}
