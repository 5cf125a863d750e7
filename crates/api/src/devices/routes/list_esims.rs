use crate::devices::dto::Esim;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct EsimList {
    /// Newest first.
    pub items: Vec<Esim>,
}

/// The customer's eSIM profiles with their activation codes and QR links.
#[utoipa::path(get, path = "/me/esims", tag = "devices",
    responses((status = 200, body = EsimList), (status = 401, description = "`unauthenticated`", body = Problem)))]
pub async fn list_esims(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<EsimList>> {
    let rows = state.db.esims_of(auth.id()).await?;
    Ok(Json(EsimList {
        items: rows.iter().map(Esim::from_row).collect(),
    }))
}
