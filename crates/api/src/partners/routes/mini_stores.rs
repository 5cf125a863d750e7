use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::extract::ApiQuery;
use crate::http::identity::{Partner, RequireRole};
use crate::http::state::AppState;
use crate::partners::account::partner_of;
use crate::partners::dto::MiniStoreProductDto;
use crate::partners::dto::{MiniStoreDetail, MiniStoreSummary, MiniStoreUpdate};
use crate::partners::mini_stores::{candidates, detail, owned, summary, update};
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;

/// The partner's mini-stores, open and paused.
#[utoipa::path(get, path = "/partner/mini-stores", tag = "partners",
    responses(
        (status = 200, body = Vec<MiniStoreSummary>),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: partners only", body = Problem),
    ))]
pub async fn list_mini_stores(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
) -> ApiResult<Json<Vec<MiniStoreSummary>>> {
    let partner = partner_of(&state, &auth.user).await?;
    let mut conn = state.db.pool().acquire().await?;
    let stores = uplink_db::partner_stores::mini_stores_of(&mut conn, &partner.id).await?;
    let mut out = Vec::with_capacity(stores.len());
    for s in &stores {
        let n = uplink_db::partner_stores::mini_store_products(&mut conn, &s.code)
            .await?
            .len() as i64;
        out.push(summary(&state, s, n));
    }
    Ok(Json(out))
}

/// One of the partner's mini-stores with its products, prices and floors.
/// Another partner's is 404.
#[utoipa::path(get, path = "/partner/mini-stores/{key}", tag = "partners",
    params(("key" = String, Path, description = "The mini-store's key")),
    responses(
        (status = 200, body = MiniStoreDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: partners only", body = Problem),
        (status = 404, description = "`not_found` (also another partner's mini-store)", body = Problem),
    ))]
pub async fn get_mini_store(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
    Path(key): Path<String>,
) -> ApiResult<Json<MiniStoreDetail>> {
    let partner = partner_of(&state, &auth.user).await?;
    let store = owned(&state, &partner, &key).await?;
    Ok(Json(detail(&state, &store).await?))
}

/// Changes a mini-store: branding (display name, tagline, accent colour,
/// logo), open or paused, and its products with their prices (the whole
/// list; never below the floor). Listing, search and product pages show
/// the change at once on this server and within a second on the others.
#[utoipa::path(patch, path = "/partner/mini-stores/{key}", tag = "partners",
    request_body = MiniStoreUpdate,
    params(("key" = String, Path, description = "The mini-store's key")),
    responses(
        (status = 200, body = MiniStoreDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: partners only; `csrf_failed`", body = Problem),
        (status = 404, description = "`not_found` (also another partner's mini-store)", body = Problem),
        (status = 422, description = "`validation_failed` with a field error each: `price_below_floor` (`products[i].price_cents`), `not_sold_in_store` (`products[i].sku`), branding and logo fields", body = Problem),
    ))]
pub async fn update_mini_store(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
    Path(key): Path<String>,
    ApiJson(req): ApiJson<MiniStoreUpdate>,
) -> ApiResult<Json<MiniStoreDetail>> {
    let partner = partner_of(&state, &auth.user).await?;
    let store = owned(&state, &partner, &key).await?;
    update(&state, &store, req).await?;
    let store = owned(&state, &partner, &key).await?;
    Ok(Json(detail(&state, &store).await?))
}

/// `GET /partner/mini-stores/{key}/candidates` parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CandidateQuery {
    /// What the partner typed (SKU or words); up to 200 characters.
    pub q: String,
}

/// Products of the mini-store's region the partner may add, found by the
/// catalogue search, with their list price and the floor (up to 20).
#[utoipa::path(get, path = "/partner/mini-stores/{key}/candidates", tag = "partners",
    params(("key" = String, Path, description = "The mini-store's key"), CandidateQuery),
    responses(
        (status = 200, body = Vec<MiniStoreProductDto>),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: partners only", body = Problem),
        (status = 404, description = "`not_found` (also another partner's mini-store)", body = Problem),
    ))]
pub async fn mini_store_candidates(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
    Path(key): Path<String>,
    ApiQuery(query): ApiQuery<CandidateQuery>,
) -> ApiResult<Json<Vec<MiniStoreProductDto>>> {
    let partner = partner_of(&state, &auth.user).await?;
    let store = owned(&state, &partner, &key).await?;
    let q: String = query.q.trim().chars().take(200).collect();
    if q.is_empty() {
        return Ok(Json(Vec::new()));
    }
    Ok(Json(candidates(&state, &store, &q, 20).await?))
}
