use crate::http::error::{ApiResult, Problem};
use crate::http::store::{StoreContext, StoreParam};
use crate::read_model::cards::StoreDto;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreList {
    /// The eStores a visitor can switch between (Global, US).
    pub items: Vec<StoreDto>,
    /// The store this request resolved to (may be a mini-store).
    pub current: StoreDto,
}

/// The eStores and the store the request resolved to (SPEC §3 selection).
#[utoipa::path(
    get,
    path = "/stores",
    tag = "catalogue",
    params(StoreParam),
    responses(
        (status = 200, body = StoreList),
        (status = 422, description = "Unknown `store`", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn list_stores(ctx: StoreContext) -> ApiResult<Json<StoreList>> {
    let snap = &ctx.snapshot;
    let items = snap
        .stores
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_own() && s.is_estore())
        .map(|(i, _)| StoreDto::from(snap, i))
        .collect();
    Ok(Json(StoreList {
        items,
        current: StoreDto::from(snap, ctx.store),
    }))
}
