//! The buyer's moves: submit, accept, request a revision, close. Each takes
//! an optional comment (a revision request needs one) and answers the
//! quotation as it is now.

use super::buyer_view;
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::quotations::dto::{QuotationCommentRequest, QuotationDetail};
use crate::quotations::load_own;
use crate::quotations::workflow::{Author, MAX_COMMENT_CHARS, check_text, transition};
use axum::Json;
use axum::extract::{Path, State};
use uplink_domain::quotations::QuotationAction;

async fn act(
    state: &AppState,
    auth: &AuthUser,
    number: &str,
    action: QuotationAction,
    req: Option<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    let q = load_own(state, auth.id(), number).await?;
    let required = action == QuotationAction::RequestRevision;
    let text = req.and_then(|r| r.comment).unwrap_or_default();
    let comment = check_text("comment", &text, MAX_COMMENT_CHARS, required)?;
    transition(state, &q, action, &Author::buyer(&auth.user), &comment).await?;
    Ok(Json(buyer_view(state, auth.id(), number).await?))
}

/// Sends a draft to sales (`draft → submitted`).
#[utoipa::path(post, path = "/quotations/{number}/submit", tag = "quotations",
    request_body(content = QuotationCommentRequest, description = "Optional comment; send `{}` for none"),
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`invalid_transition` (with `quotation_status`)", body = Problem),
        (status = 422, description = "`validation_failed`: comment", body = Problem),
    ))]
pub async fn submit_quotation(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    act(&state, &auth, &number, QuotationAction::Submit, Some(req)).await
}

/// Accepts the quoted prices (`quoted → accepted`); it can then be paid.
#[utoipa::path(post, path = "/quotations/{number}/accept", tag = "quotations",
    request_body(content = QuotationCommentRequest, description = "Optional comment; send `{}` for none"),
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`invalid_transition` (with `quotation_status`), `quotation_expired`", body = Problem),
        (status = 422, description = "`validation_failed`: comment", body = Problem),
    ))]
pub async fn accept_quotation(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    act(&state, &auth, &number, QuotationAction::Accept, Some(req)).await
}

/// Asks sales for changes (`quoted` or `accepted` → `revision_requested`); the comment says what.
#[utoipa::path(post, path = "/quotations/{number}/request-revision", tag = "quotations",
    request_body(content = QuotationCommentRequest, description = "What should change (required); send `{}` for none"),
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`invalid_transition` (with `quotation_status`)", body = Problem),
        (status = 422, description = "`validation_failed`: comment missing or too long", body = Problem),
    ))]
pub async fn request_revision(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    act(
        &state,
        &auth,
        &number,
        QuotationAction::RequestRevision,
        Some(req),
    )
    .await
}

/// Closes the quotation (any open status → `closed`).
#[utoipa::path(post, path = "/quotations/{number}/close", tag = "quotations",
    request_body(content = QuotationCommentRequest, description = "Optional comment; send `{}` for none"),
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`invalid_transition` (with `quotation_status`)", body = Problem),
        (status = 422, description = "`validation_failed`: comment", body = Problem),
    ))]
pub async fn close_quotation(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    act(&state, &auth, &number, QuotationAction::Close, Some(req)).await
}
