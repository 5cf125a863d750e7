//! The quotation operations; [`buyer_view`] and [`staff_view`] are the
//! answers they share.

pub mod add_comment;
pub mod buyer_actions;
pub mod co_term;
pub mod create_quotation;
pub mod get_quotation;
pub mod list_quotations;
pub mod pay_quotation;
pub mod quotation_pdf;
pub mod staff;

use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::quotations::dto::{QuotationCustomer, QuotationDetail};
use crate::quotations::view::{Viewer, detail};
use crate::quotations::{load, load_own};
use uplink_db::now_ms;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::quotations::QuotationStatus;

/// The caller's quotation as they see it now.
pub async fn buyer_view(
    state: &AppState,
    user_id: &str,
    number: &str,
) -> ApiResult<QuotationDetail> {
    let q = load_own(state, user_id, number).await?;
    Ok(detail(&q, Viewer::Buyer, None, now_ms()))
}

/// A quotation as sales see it, with its customer.
pub async fn staff_view(state: &AppState, number: &str) -> ApiResult<QuotationDetail> {
    let q = load(state, number).await?;
    let customer = state
        .db
        .user_by_id(&q.row.user_id)
        .await?
        .map(|u| QuotationCustomer {
            id: u.id.clone(),
            email: u.email.clone(),
            name: u.name.clone(),
            company: u.company.clone(),
            has_credit_terms: u.credit_limit_cents.is_some(),
        });
    Ok(detail(&q, Viewer::Staff, customer, now_ms()))
}

/// A `status` filter: names separated by commas (`quoted,accepted`).
pub fn parse_statuses(raw: Option<&str>) -> ApiResult<Vec<&'static str>> {
    let mut out = Vec::new();
    for part in raw
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let Some(s) = QuotationStatus::parse(part) else {
            return Err(ApiError::field(
                "status",
                ErrorCode::ValidationFailed,
                "Filter by draft, submitted, in_review, quoted, accepted, ordered, revision_requested, declined, closed or expired.",
            ));
        };
        out.push(s.as_str());
    }
    Ok(out)
}

/// A search text: at most 100 characters, no control characters.
pub fn parse_search(raw: Option<&str>) -> ApiResult<String> {
    let q: String = raw.unwrap_or("").trim().chars().take(100).collect();
    if q.chars().any(char::is_control) {
        return Err(ApiError::field(
            "q",
            ErrorCode::ValidationFailed,
            "Search with letters, digits and punctuation only.",
        ));
    }
    Ok(q)
}
