use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::intake::dto::IssueSummary;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IssueListParams {
    /// Page size (1–100, default 50).
    pub limit: Option<i64>,
    /// Issues to skip (default 0).
    pub offset: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IssueList {
    pub items: Vec<IssueSummary>,
    pub total: i64,
    /// The browser's DSN (where reports go).
    pub dsn: String,
    /// Days reports are kept.
    pub retention_days: i64,
}

/// Error issues, most recently seen first (admins only).
#[utoipa::path(get, path = "/admin/errors/issues", tag = "admin", params(IssueListParams),
    responses(
        (status = 200, body = IssueList),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
    ))]
pub async fn list_issues(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiQuery(params): ApiQuery<IssueListParams>,
) -> ApiResult<Json<IssueList>> {
    let limit = params.limit.unwrap_or(50).clamp(1, 100);
    let offset = params.offset.unwrap_or(0).max(0);
    let (rows, total) = state.db.list_issues(limit, offset).await?;
    Ok(Json(IssueList {
        items: rows.into_iter().map(IssueSummary::from).collect(),
        total,
        dsn: state
            .browser_dsn()
            .await
            .map_err(crate::http::error::ApiError::internal)?,
        retention_days: state.config.errors.retention_days,
    }))
}
