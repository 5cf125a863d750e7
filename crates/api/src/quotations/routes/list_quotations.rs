use super::{parse_search, parse_statuses};
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::quotations::dto::QuotationSummary;
use crate::quotations::view::{Viewer, summary};
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use uplink_db::quotations::QuotationFilter;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QuotationListQuery {
    /// Statuses, comma-separated (`quoted,accepted`); all when left out.
    pub status: Option<String>,
    /// Part of the number, a product name or SKU.
    pub q: Option<String>,
}

/// The signed-in customer's quotations, newest first (at most 200).
#[utoipa::path(get, path = "/quotations", tag = "quotations", params(QuotationListQuery),
    responses(
        (status = 200, body = [QuotationSummary]),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 422, description = "`validation_failed`: an unknown status", body = Problem),
    ))]
pub async fn list_quotations(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiQuery(query): ApiQuery<QuotationListQuery>,
) -> ApiResult<Json<Vec<QuotationSummary>>> {
    let statuses = parse_statuses(query.status.as_deref())?;
    let search = parse_search(query.q.as_deref())?;
    let rows = state
        .db
        .quotations(&QuotationFilter {
            user_id: Some(auth.id()),
            statuses: &statuses,
            search: &search,
            submitted_before: None,
            limit: 200,
        })
        .await?;
    Ok(Json(
        rows.iter().map(|r| summary(r, Viewer::Buyer)).collect(),
    ))
}
