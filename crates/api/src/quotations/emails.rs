//! E-mails about quotations: every status change and comment goes to the
//! other side (SPEC §9: "each transition e-mails the other side"). The buyer
//! gets their quotation's page; sales get the queue's page, sent to the
//! sales person who opened the quotation or, before anyone has, to the
//! sales team.

use super::author::Author;
use super::view::Loaded;
use crate::http::state::AppState;
use crate::platform::mail::Email;
use crate::platform::timefmt::day_text;
use uplink_domain::quotations::{Party, QuotationStatus};

const KIND: &str = "quotation_update";

/// The quotation moved to `to`.
pub async fn status_changed(
    state: &AppState,
    q: &Loaded,
    to: QuotationStatus,
    author: &Author,
    comment: &str,
    valid_until: Option<i64>,
) {
    let number = &q.row.number;
    let what = match to {
        QuotationStatus::Submitted => format!("{} asked for a quotation.", author.name),
        QuotationStatus::InReview => "Our sales team is reviewing your request.".into(),
        QuotationStatus::Quoted => format!(
            "Your prices are ready and hold until {}. Review them and accept, or ask for a revision.",
            valid_until.map(day_text).unwrap_or_default()
        ),
        QuotationStatus::Accepted => format!("{} accepted the prices.", author.name),
        QuotationStatus::RevisionRequested => format!("{} asked for a revision.", author.name),
        QuotationStatus::Declined => {
            "We cannot offer special prices for this request. You can still buy the items at catalogue prices.".into()
        }
        QuotationStatus::Closed => format!("{} closed the quotation.", author.name),
        QuotationStatus::Expired => {
            "The quoted prices are no longer valid. Request a new quotation, or buy at catalogue prices.".into()
        }
        QuotationStatus::Ordered => "The quotation was paid.".into(),
        QuotationStatus::Draft => return,
    };
    let subject = format!("Quotation {number}: {}", to.label().to_lowercase());
    send_other_side(state, q, author.party, subject, what, comment).await;
}

/// A comment was added.
pub async fn commented(state: &AppState, q: &Loaded, author: &Author, text: &str) {
    let subject = format!(
        "Quotation {}: new comment from {}",
        q.row.number, author.name
    );
    let what = format!("{} wrote:", author.name);
    send_other_side(state, q, author.party, subject, what, text).await;
}

async fn send_other_side(
    state: &AppState,
    q: &Loaded,
    from: Party,
    subject: String,
    what: String,
    comment: &str,
) {
    let number = &q.row.number;
    let base = &state.config.public_url;
    let quoted = if comment.is_empty() {
        String::new()
    } else {
        format!("\n\n> {}\n", comment.replace('\n', "\n> "))
    };
    let (to, user_id, link): (Vec<String>, Option<String>, String) = match from {
        Party::Buyer => {
            let to = match &q.row.assignee {
                Some(a) => vec![a.clone()],
                None => state.db.sales_team_emails().await.unwrap_or_default(),
            };
            (to, None, format!("{base}/admin/quotations/{number}"))
        }
        Party::Staff | Party::System => {
            let Ok(Some(buyer)) = state.db.user_by_id(&q.row.user_id).await else {
                return;
            };
            (
                vec![buyer.email],
                Some(q.row.user_id.clone()),
                format!("{base}/account/quotation/{number}"),
            )
        }
    };
    for address in to {
        let email = Email {
            kind: KIND,
            user_id: user_id.clone(),
            to: address,
            subject: subject.clone(),
            text: format!("{what}{quoted}\n\nOpen quotation {number}: {link}\n\n— Uplink\n"),
            html: None,
        };
        if let Err(e) = state.mailer.send(&state.db, email).await {
            tracing::error!(error = %e, quotation = %number, "could not record a quotation e-mail");
        }
    }
}
