use super::addresses::AddressDto;
use crate::accounts::dto::Me;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedBookmark {
    pub product_id: String,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedIdentity {
    /// `oidc` or `incontrol`.
    pub provider: String,
    pub subject: String,
    pub email: Option<String>,
    pub linked_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedSession {
    pub method: String,
    pub created_at: String,
    pub last_seen_at: String,
    pub current: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedEmail {
    pub subject: String,
    pub to: String,
    pub status: String,
    pub created_at: String,
}

/// Everything Uplink keeps about the account (GDPR art. 15/20).
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountExport {
    pub exported_at: String,
    pub account: Me,
    pub addresses: Vec<AddressDto>,
    pub bookmarks: Vec<ExportedBookmark>,
    pub linked_accounts: Vec<ExportedIdentity>,
    pub sessions: Vec<ExportedSession>,
    pub emails: Vec<ExportedEmail>,
}

/// Downloads all of the account's data as JSON.
#[utoipa::path(get, path = "/me/export", tag = "account",
    responses(
        (status = 200, body = AccountExport, description = "An attachment `uplink-account-export.json`"),
        (status = 401, description = "`unauthenticated`", body = Problem),
    ))]
pub async fn export_me(State(state): State<AppState>, auth: AuthUser) -> ApiResult<Response> {
    let id = &auth.user.id;
    let export = AccountExport {
        exported_at: rfc3339(uplink_db::now_ms()),
        account: Me::from_row(&auth.user),
        addresses: state
            .db
            .addresses_of(id)
            .await?
            .iter()
            .map(AddressDto::from_row)
            .collect(),
        bookmarks: state
            .db
            .bookmarks_of(id)
            .await?
            .into_iter()
            .map(|b| ExportedBookmark {
                product_id: b.product_id,
                created_at: rfc3339(b.created_at),
            })
            .collect(),
        linked_accounts: state
            .db
            .identities_of(id)
            .await?
            .into_iter()
            .map(|i| ExportedIdentity {
                provider: i.provider,
                subject: i.subject,
                email: i.email,
                linked_at: rfc3339(i.created_at),
            })
            .collect(),
        sessions: state
            .db
            .sessions_of(id)
            .await?
            .into_iter()
            .map(|s| ExportedSession {
                current: s.id == auth.session_id,
                method: s.method,
                created_at: rfc3339(s.created_at),
                last_seen_at: rfc3339(s.last_seen_at),
            })
            .collect(),
        emails: state
            .db
            .outbox_of(id)
            .await?
            .into_iter()
            .map(|m| ExportedEmail {
                subject: m.subject,
                to: m.to_address,
                status: m.status,
                created_at: rfc3339(m.created_at),
            })
            .collect(),
    };
    Ok((
        [
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"uplink-account-export.json\"",
            ),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Json(export),
    )
        .into_response())
}
