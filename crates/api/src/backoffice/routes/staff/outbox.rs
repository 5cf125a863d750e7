//! Staff view of the e-mail outbox: what was sent (or kept, without SMTP).

use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxParams {
    /// How many of the newest messages (1–200, default 50).
    pub limit: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxMessage {
    pub id: String,
    pub kind: String,
    pub to: String,
    pub subject: String,
    pub body_text: String,
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

/// The newest e-mails (admins only).
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
    let items = state
        .db
        .recent_outbox(limit)
        .await?
        .into_iter()
        .map(|m| OutboxMessage {
            id: m.id,
            kind: m.kind,
            to: m.to_address,
            subject: m.subject,
            body_text: m.body_text,
            status: m.status,
            attempts: m.attempts,
            last_error: m.last_error,
            created_at: rfc3339(m.created_at),
            sent_at: m.sent_at.map(rfc3339),
        })
        .collect();
    Ok(Json(OutboxList {
        items,
        smtp_enabled: state.mailer.smtp_enabled(),
    }))
}
