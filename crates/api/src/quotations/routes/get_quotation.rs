use super::buyer_view;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::quotations::dto::QuotationDetail;
use axum::Json;
use axum::extract::{Path, State};

/// One of the caller's quotations: lines with catalogue and quoted prices,
/// totals, history and comments, and what the buyer may do now.
#[utoipa::path(get, path = "/quotations/{number}", tag = "quotations",
    params(("number" = String, Path, description = "Quotation number, `Q-000045`")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 404, description = "`not_found` (also another customer's quotation)", body = Problem),
    ))]
pub async fn get_quotation(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
) -> ApiResult<Json<QuotationDetail>> {
    Ok(Json(buyer_view(&state, auth.id(), &number).await?))
}
