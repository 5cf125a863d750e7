use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::stores::admin::{
    AdminStore, AdminStoreList, NewStore, PartnerOption, StoreSave, admin_store, create,
    set_selection, update,
};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Every store (eStores, mini-stores, referral stores) and the partners a
/// mini-store may belong to.
#[utoipa::path(get, path = "/admin/stores", tag = "admin",
    responses((status = 200, body = AdminStoreList)))]
pub async fn list_admin_stores(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
) -> ApiResult<Json<AdminStoreList>> {
    let mut conn = state.db.pool().acquire().await?;
    let items = uplink_db::admin_stores::staff_stores(&mut conn).await?;
    let partners = uplink_db::admin_stores::partner_choices(&mut conn).await?;
    Ok(Json(AdminStoreList {
        items: items.into_iter().map(AdminStore::from).collect(),
        partners: partners
            .into_iter()
            .map(|p| PartnerOption {
                id: p.id,
                name: p.name,
                email: p.email,
            })
            .collect(),
    }))
}

/// One store.
#[utoipa::path(get, path = "/admin/stores/{code}", tag = "admin",
    params(("code" = String, Path, description = "The store code")),
    responses(
        (status = 200, body = AdminStore),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn get_admin_store(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    Path(code): Path<String>,
) -> ApiResult<Json<AdminStore>> {
    Ok(Json(admin_store(&state, &code).await?))
}

/// Creates a store: an eStore, a partner mini-store (with its partner and
/// key) or a referral mini-store (with its key and terms). Kind and region
/// come from the fixed lists.
#[utoipa::path(post, path = "/admin/stores", tag = "admin", request_body = NewStore,
    responses(
        (status = 201, body = AdminStore),
        (status = 422, description = "`validation_failed`: every broken rule on its field (`code`, `store_key`, `shipping_methods` …)", body = Problem),
    ))]
pub async fn create_admin_store(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiJson(req): ApiJson<NewStore>,
) -> ApiResult<(StatusCode, Json<AdminStore>)> {
    create(&state, admin.actor(), &req.code, &req.settings).await?;
    Ok((
        StatusCode::CREATED,
        Json(admin_store(&state, req.code.trim()).await?),
    ))
}

/// Saves a store's settings (`version` from the loaded store; 409
/// `version_conflict` when someone saved in between).
#[utoipa::path(put, path = "/admin/stores/{code}", tag = "admin", request_body = StoreSave,
    params(("code" = String, Path, description = "The store code")),
    responses(
        (status = 200, body = AdminStore),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`version_conflict` (`current_version`)", body = Problem),
        (status = 422, description = "`validation_failed`: every broken rule on its field", body = Problem),
    ))]
pub async fn update_admin_store(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(code): Path<String>,
    ApiJson(req): ApiJson<StoreSave>,
) -> ApiResult<Json<AdminStore>> {
    update(&state, admin.actor(), &code, &req.settings, req.version).await?;
    Ok(Json(admin_store(&state, &code).await?))
}

/// The products a `selected` catalogue sells.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct StoreSelection {
    pub skus: Vec<String>,
}

/// The SKUs a store's price list marks sold.
#[utoipa::path(get, path = "/admin/stores/{code}/products", tag = "admin",
    params(("code" = String, Path, description = "The store code")),
    responses(
        (status = 200, body = StoreSelection),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn get_store_selection(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    Path(code): Path<String>,
) -> ApiResult<Json<StoreSelection>> {
    admin_store(&state, &code).await?;
    let mut conn = state.db.pool().acquire().await?;
    Ok(Json(StoreSelection {
        skus: uplink_db::admin_stores::store_selection(&mut conn, &code).await?,
    }))
}

/// Sells exactly these products in the store (its price list marks them
/// sold and every other entry not sold; prices of the store's own are kept).
#[utoipa::path(put, path = "/admin/stores/{code}/products", tag = "admin", request_body = StoreSelection,
    params(("code" = String, Path, description = "The store code")),
    responses(
        (status = 200, body = StoreSelection),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 422, description = "`validation_failed`: `skus[i]` unknown or twice", body = Problem),
    ))]
pub async fn set_store_selection(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(code): Path<String>,
    ApiJson(req): ApiJson<StoreSelection>,
) -> ApiResult<Json<StoreSelection>> {
    let skus = set_selection(&state, admin.actor(), &code, &req.skus).await?;
    Ok(Json(StoreSelection { skus }))
}
