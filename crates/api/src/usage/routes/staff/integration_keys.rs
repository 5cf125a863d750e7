//! Admin: the integration keys outside systems post usage records with.

use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Admin, RequireRole};
use crate::http::integration_key as keys;
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use crate::usage::dto::{
    CreatedIntegrationKey, IntegrationKey, IntegrationKeyList, NewIntegrationKey,
};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use uplink_db::audit::{AuditEntry, StaffWrite};
use uplink_db::usage::IntegrationKeyRow;
use uplink_domain::error_code::ErrorCode;

fn view(row: IntegrationKeyRow) -> IntegrationKey {
    IntegrationKey {
        id: row.id,
        name: row.name,
        prefix: row.key_prefix,
        created_at: rfc3339(row.created_at),
        created_by: row.created_by_email,
        last_used_at: row.last_used_at.map(rfc3339),
        revoked_at: row.revoked_at.map(rfc3339),
    }
}

/// Every integration key, newest first; revoked keys stay listed.
#[utoipa::path(get, path = "/admin/integration-keys", tag = "admin",
    responses(
        (status = 200, body = IntegrationKeyList),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: admins only", body = Problem),
    ))]
pub async fn list_integration_keys(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
) -> ApiResult<Json<IntegrationKeyList>> {
    let keys = state.db.integration_keys().await?;
    Ok(Json(IntegrationKeyList {
        keys: keys.into_iter().map(view).collect(),
    }))
}

/// Creates an integration key. The key itself is in this answer only; we
/// keep its hash.
#[utoipa::path(post, path = "/admin/integration-keys", tag = "admin", request_body = NewIntegrationKey,
    responses(
        (status = 201, body = CreatedIntegrationKey),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: admins only; `csrf_failed`", body = Problem),
        (status = 422, description = "`validation_failed`: name missing or too long", body = Problem),
    ))]
pub async fn create_integration_key(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiJson(req): ApiJson<NewIntegrationKey>,
) -> ApiResult<(StatusCode, Json<CreatedIntegrationKey>)> {
    let name = req.name.trim();
    if name.is_empty() || name.chars().count() > 80 || name.chars().any(char::is_control) {
        return Err(ApiError::field(
            "name",
            ErrorCode::ValidationFailed,
            "Name the key in 1 to 80 characters, e.g. the system that will use it.",
        ));
    }
    let (secret, prefix, hash) = keys::generate();
    let id = uplink_domain::ids::new_id("ikey");
    let mut write = StaffWrite::begin(&state.db, admin.actor()).await?;
    let new = uplink_db::usage::NewIntegrationKeyRow {
        id: &id,
        name,
        key_prefix: &prefix,
        key_hash: &hash,
        created_by: admin.id(),
        now: uplink_db::now_ms(),
    };
    uplink_db::usage::insert_integration_key_in(write.tx(), &new).await?;
    write.record(
        AuditEntry::new("integration_key.create", "integration_key", id.clone())
            .summary(format!("Integration key \"{name}\" ({prefix}…) created"))
            .after(&serde_json::json!({ "name": name, "prefix": prefix })),
    );
    write.commit().await?;
    let row = state
        .db
        .integration_key(&id)
        .await?
        .ok_or_else(|| ApiError::internal("a new integration key was not found"))?;
    Ok((
        StatusCode::CREATED,
        Json(CreatedIntegrationKey {
            key: view(row),
            secret,
        }),
    ))
}

/// Revokes an integration key: requests signed with it are refused (401)
/// from now on. Revoking a revoked key changes nothing.
#[utoipa::path(delete, path = "/admin/integration-keys/{id}", tag = "admin",
    params(("id" = String, Path, description = "Integration key id")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: admins only; `csrf_failed`", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn revoke_integration_key(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let mut write = StaffWrite::begin(&state.db, admin.actor()).await?;
    if !uplink_db::usage::revoke_integration_key_in(write.tx(), &id, uplink_db::now_ms()).await? {
        return Err(ApiError::not_found("This integration key"));
    }
    write.record(
        AuditEntry::new("integration_key.revoke", "integration_key", id.clone())
            .summary(format!("Integration key {id} revoked")),
    );
    write.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
