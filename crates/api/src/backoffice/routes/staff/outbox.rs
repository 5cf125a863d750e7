//! Staff view of the e-mail outbox: what was sent (or kept, without SMTP).

use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::Path;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use uplink_db::account_area::OutboxRow;
use uplink_domain::error_code::ErrorCode;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxParams {
    /// How many of the newest messages (1–200, default 50).
    pub limit: Option<i64>,
    /// Part of the recipient's address or of the subject.
    pub q: Option<String>,
    /// `queued`, `sent`, `failed` or `outbox`.
    pub status: Option<String>,
    /// The next page: messages created before this time (the last row's `created_at`).
    pub before: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxMessage {
    pub id: String,
    pub kind: String,
    pub to: String,
    pub subject: String,
    pub body_text: String,
    /// The HTML part as sent (`null`: text only).
    pub body_html: Option<String>,
    /// `queued`, `sent`, `failed`, or `outbox` (kept because no SMTP server is configured).
    pub status: String,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub created_at: String,
    pub sent_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxList {
    pub items: Vec<OutboxMessage>,
    /// Whether an SMTP server is configured (`UPLINK_SMTP_URL`).
    pub smtp_enabled: bool,
}

fn message(m: OutboxRow) -> OutboxMessage {
    OutboxMessage {
        id: m.id,
        kind: m.kind,
        to: m.to_address,
        subject: m.subject,
        body_text: m.body_text,
        body_html: m.body_html,
        status: m.status,
        attempts: m.attempts,
        last_error: m.last_error,
        created_at: rfc3339(m.created_at),
        sent_at: m.sent_at.map(rfc3339),
    }
}

/// The newest e-mails, searched and filtered (admins only).
#[utoipa::path(get, path = "/admin/outbox", tag = "admin", params(OutboxParams),
    responses(
        (status = 200, body = OutboxList),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
    ))]
pub async fn list_outbox(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiQuery(params): ApiQuery<OutboxParams>,
) -> ApiResult<Json<OutboxList>> {
    let limit = params.limit.unwrap_or(50).clamp(1, 200);
    let before = match params
        .before
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        Some(b) => Some(
            time::OffsetDateTime::parse(b, &time::format_description::well_known::Rfc3339)
                .map(|t| (t.unix_timestamp_nanos() / 1_000_000) as i64)
                .map_err(|_| {
                    ApiError::field(
                        "before",
                        ErrorCode::ValidationFailed,
                        "Pass the last row's created_at.",
                    )
                })?,
        ),
        None => None,
    };
    let status = params
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let items = state
        .db
        .outbox_search(params.q.as_deref(), status, before, limit)
        .await?
        .into_iter()
        .map(message)
        .collect();
    Ok(Json(OutboxList {
        items,
        smtp_enabled: state.mailer.smtp_enabled(),
    }))
}

/// Sends a message of the outbox again, as a new message (admins only).
#[utoipa::path(post, path = "/admin/outbox/{id}/resend", tag = "admin",
    params(("id" = String, Path, description = "Outbox message id")),
    responses(
        (status = 200, body = OutboxMessage),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn resend_outbox_message(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
) -> ApiResult<Json<OutboxMessage>> {
    let original = state
        .db
        .outbox_message(&id)
        .await?
        .ok_or_else(|| ApiError::not_found("This message"))?;
    Ok(Json(message(
        state
            .mailer
            .resend(&state.db, &admin.actor(), &original)
            .await?,
    )))
}
