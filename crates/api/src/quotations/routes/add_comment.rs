use super::{buyer_view, staff_view};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{AuthUser, Role};
use crate::http::state::AppState;
use crate::quotations::dto::{QuotationCommentRequest, QuotationDetail};
use crate::quotations::load;
use crate::quotations::workflow::{Author, MAX_COMMENT_CHARS, check_text, comment};
use axum::Json;
use axum::extract::{Path, State};

/// Adds a comment to an open quotation: the buyer on their own, sales staff
/// on any; the other side is e-mailed. Answers the quotation as the caller
/// sees it.
#[utoipa::path(post, path = "/quotations/{number}/comments", tag = "quotations",
    request_body = QuotationCommentRequest,
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 404, description = "`not_found` (also another customer's quotation)", body = Problem),
        (status = 409, description = "`invalid_transition`: the quotation is ordered, declined, closed or expired", body = Problem),
        (status = 422, description = "`validation_failed`: comment missing or too long", body = Problem),
    ))]
pub async fn add_comment(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    let q = load(&state, &number).await?;
    let own = q.row.user_id == auth.id();
    let author = if own {
        Author::buyer(&auth.user)
    } else if auth.has_role(Role::Sales) {
        Author::staff(&auth.user)
    } else {
        return Err(ApiError::not_found("This quotation"));
    };
    let text = check_text(
        "comment",
        req.comment.as_deref().unwrap_or(""),
        MAX_COMMENT_CHARS,
        true,
    )?;
    comment(&state, &q, &author, &text).await?;
    let view = if own {
        buyer_view(&state, auth.id(), &number).await?
    } else {
        staff_view(&state, &number).await?
    };
    Ok(Json(view))
}
