//! Moving a quotation through SPEC §9's statuses, and comments. Every move
//! is checked by the domain's machine, written only while the quotation is
//! still in the status that was read (a concurrent move wins, this one is a
//! 409), recorded in the history with its comment, and e-mailed to the other
//! side after the commit.

pub use super::author::Author;
use super::emails;
use super::view::Loaded;
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::platform::timefmt::day_text;
use uplink_db::now_ms;
use uplink_db::quotations::{self as qq, QuotationHistoryRow, StatusChange};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::new_id;
use uplink_domain::quotations::{
    DEFAULT_VALID_DAYS, InvalidTransition, QuotationAction, QuotationStatus, next_status,
};

const DAY_MS: i64 = 86_400_000;
/// Longest comment.
pub const MAX_COMMENT_CHARS: usize = 2_000;

/// A history row to insert.
pub fn history_entry(
    quotation_id: &str,
    status: QuotationStatus,
    author: &Author,
    kind: &str,
    body: &str,
    at: i64,
) -> QuotationHistoryRow {
    QuotationHistoryRow {
        id: new_id("qth"),
        quotation_id: quotation_id.to_owned(),
        status: status.as_str().into(),
        party: author.party_str().into(),
        author: author.name.clone(),
        kind: kind.into(),
        body: body.to_owned(),
        created_at: at,
    }
}

/// A note or comment: trimmed, at most `max` characters, no control
/// characters but line breaks and tabs; `required` refuses an empty one.
pub fn check_text(field: &str, text: &str, max: usize, required: bool) -> ApiResult<String> {
    let text = text.trim();
    let refuse = |m: String| Err(ApiError::field(field, ErrorCode::ValidationFailed, m));
    if required && text.is_empty() {
        return refuse("Write a few words so the other side knows what you need.".into());
    }
    if text.chars().count() > max {
        return refuse(format!("Keep it to {max} characters."));
    }
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return refuse("Use letters, digits, punctuation and line breaks only.".into());
    }
    Ok(text.to_owned())
}

/// 409 `invalid_transition` with the machine's reason and the current status.
pub fn refused(e: InvalidTransition) -> ApiError {
    ApiError::new(ErrorCode::InvalidTransition)
        .with_detail(e.to_string())
        .with_extra("quotation_status", e.from.as_str())
}

/// 409 when another request moved the quotation first.
fn moved_meanwhile() -> ApiError {
    ApiError::new(ErrorCode::InvalidTransition).with_detail(
        "This quotation changed while you were looking at it; reload it to see where it stands.",
    )
}

/// Takes `action` on the quotation, with an optional comment; answers the new status.
pub async fn transition(
    state: &AppState,
    q: &Loaded,
    action: QuotationAction,
    author: &Author,
    comment: &str,
) -> ApiResult<QuotationStatus> {
    let from = q.status();
    let to = next_status(from, action).map_err(refused)?;
    let now = now_ms();
    if action == QuotationAction::Accept && q.past_valid_until(now) {
        return Err(ApiError::new(ErrorCode::QuotationExpired).with_detail(
            "These prices were valid until a date that has passed; request a new quotation or buy at catalogue prices.",
        ));
    }
    let valid_until = (action == QuotationAction::Send).then(|| send_valid_until(q, now));
    let mut tx = state.db.begin_write().await?;
    let change = StatusChange {
        id: &q.row.id,
        from: from.as_str(),
        to: to.as_str(),
        at: now,
    };
    if !qq::move_status(&mut tx, &change).await? {
        return Err(moved_meanwhile());
    }
    if action == QuotationAction::Open {
        qq::set_assignee(&mut tx, &q.row.id, &author.name).await?;
    }
    if let Some(v) = valid_until {
        qq::set_valid_until(&mut tx, &q.row.id, v).await?;
    }
    let body = status_text(action, author, valid_until);
    qq::insert_history(
        &mut tx,
        &history_entry(&q.row.id, to, author, "status", &body, now),
    )
    .await?;
    if !comment.is_empty() {
        let entry = history_entry(&q.row.id, to, author, "comment", comment, now);
        qq::insert_history(&mut tx, &entry).await?;
    }
    let audit =
        uplink_db::audit::AuditEntry::new(action.audit_action(), "quotation", q.row.number.clone())
            .summary(format!("{}: {body}", q.row.number))
            .before(&serde_json::json!({ "status": from.as_str() }))
            .after(&serde_json::json!({ "status": to.as_str() }));
    author.audit_in(&mut tx, audit).await?;
    tx.commit().await?;
    emails::status_changed(state, q, to, author, comment, valid_until).await;
    Ok(to)
}

/// Until when sent prices hold: the date sales set, when still ahead;
/// otherwise 30 days from now.
fn send_valid_until(q: &Loaded, now: i64) -> i64 {
    q.row
        .valid_until
        .filter(|v| *v > now)
        .unwrap_or(now + DEFAULT_VALID_DAYS * DAY_MS)
}

fn status_text(action: QuotationAction, author: &Author, valid_until: Option<i64>) -> String {
    match action {
        QuotationAction::Submit => "Submitted to sales.".into(),
        QuotationAction::Open => format!("Opened for review by {}.", author.name),
        QuotationAction::Send => format!(
            "Prices sent; valid until {}.",
            valid_until.map(day_text).unwrap_or_default()
        ),
        QuotationAction::Decline => "Declined by sales.".into(),
        QuotationAction::Accept => "Prices accepted.".into(),
        QuotationAction::RequestRevision => "Revision requested.".into(),
        QuotationAction::Close => "Closed by the buyer.".into(),
        QuotationAction::Expire => "Expired: the quoted prices are no longer valid.".into(),
        QuotationAction::Order => "Paid.".into(),
    }
}

/// Adds a comment (while the quotation is still open) and tells the other side.
pub async fn comment(state: &AppState, q: &Loaded, author: &Author, text: &str) -> ApiResult<()> {
    let status = q.status();
    if status.is_final() {
        return Err(ApiError::new(ErrorCode::InvalidTransition)
            .with_detail(format!(
                "A quotation that is {} takes no more comments.",
                status.label().to_lowercase()
            ))
            .with_extra("quotation_status", status.as_str()));
    }
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    qq::insert_history(
        &mut tx,
        &history_entry(&q.row.id, status, author, "comment", text, now),
    )
    .await?;
    tx.commit().await?;
    emails::commented(state, q, author, text).await;
    Ok(())
}
