//! Staff set, change or withdraw a customer's credit terms. Each change is
//! an Allocated entry (the new limit, who, and what changed) written in the
//! same transaction as the account, under the account's lock, so a
//! checkout running at that moment sees the old terms or the new, never half.

use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use crate::platform::money::money_text;
use uplink_db::accounts::{CreditTerms, UserRow};
use uplink_domain::checkout::credit::{
    MAX_CREDIT_LIMIT_CENTS, MAX_PAYMENT_TERMS_DAYS, TermsError, check_terms,
};
use uplink_domain::error_code::ErrorCode;

/// Longest note staff may add to a change.
pub const MAX_NOTE_CHARS: usize = 500;

/// What staff asked for: new terms, or `None` to withdraw them.
#[derive(Debug, Clone)]
pub struct TermsChange {
    pub terms: Option<CreditTerms>,
    pub note: String,
}

/// Checks the request's fields, each with its own message.
pub fn parse_change(
    limit: Option<i64>,
    days: Option<i64>,
    may_exceed: Option<bool>,
    note: Option<&str>,
) -> ApiResult<TermsChange> {
    let note = note.unwrap_or("").trim();
    let mut errors = Vec::new();
    if note.chars().count() > MAX_NOTE_CHARS || super::has_control(note) {
        errors.push(FieldError::new(
            "note",
            ErrorCode::ValidationFailed,
            format!("Keep the note to {MAX_NOTE_CHARS} characters of plain text."),
        ));
    }
    let terms = match limit {
        None => None,
        Some(limit) => {
            let days = days.unwrap_or(-1);
            if let Err(bad) = check_terms(limit, days) {
                errors.extend(bad.into_iter().map(terms_error));
            }
            Some(CreditTerms {
                credit_limit_cents: limit,
                payment_terms_days: days,
                may_exceed_limit: may_exceed.unwrap_or(false),
            })
        }
    };
    if errors.is_empty() {
        Ok(TermsChange {
            terms,
            note: note.to_owned(),
        })
    } else {
        Err(ApiError::validation(errors))
    }
}

fn terms_error(e: TermsError) -> FieldError {
    match e {
        TermsError::Limit => FieldError::new(
            "credit_limit_cents",
            ErrorCode::ValidationFailed,
            format!(
                "Set a credit limit from $0 to {}.",
                money_text(MAX_CREDIT_LIMIT_CENTS, "USD")
            ),
        ),
        TermsError::Days => FieldError::new(
            "payment_terms_days",
            ErrorCode::ValidationFailed,
            format!("Set payment terms from 1 to {MAX_PAYMENT_TERMS_DAYS} days."),
        ),
    }
}

/// What the change did, in words, for the history.
fn describe(before: &UserRow, change: &TermsChange) -> String {
    let what = match &change.terms {
        None if before.credit_limit_cents.is_none() => "No credit terms (unchanged)".to_owned(),
        None => "Credit terms withdrawn".to_owned(),
        Some(t) => format!(
            "{} limit, {} days, {}",
            money_text(t.credit_limit_cents, "USD"),
            t.payment_terms_days,
            if t.may_exceed_limit {
                "may exceed the limit"
            } else {
                "may not exceed the limit"
            }
        ),
    };
    if change.note.is_empty() {
        what
    } else {
        format!("{what} — {}", change.note)
    }
}

/// Applies the change to the customer's account and records it.
pub async fn set_terms(
    state: &AppState,
    customer: &UserRow,
    change: &TermsChange,
    staff: &uplink_db::audit::Actor,
) -> ApiResult<()> {
    let staff_email = staff.email.as_str();
    let note = describe(customer, change);
    let mut tx = state.db.begin_write().await?;
    uplink_db::credit::lock_user(&mut tx, &customer.id).await?;
    uplink_db::credit::allocate(
        &mut tx,
        &customer.id,
        change.terms.as_ref(),
        (staff_email, &note),
        uplink_db::now_ms(),
    )
    .await?;
    let audit = uplink_db::audit::AuditEntry::new("credit.terms", "customer", customer.id.clone())
        .summary(format!("{}: {note}", customer.email))
        .after(&change.terms.as_ref().map(|t| {
            serde_json::json!({
                "credit_limit_cents": t.credit_limit_cents,
                "payment_terms_days": t.payment_terms_days,
                "may_exceed_limit": t.may_exceed_limit,
            })
        }));
    uplink_db::audit::append_in(&mut tx, staff, &audit).await?;
    tx.commit().await?;
    // The terms are part of the account its sessions carry (D133).
    state.db.accounts_changed();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_field_gets_its_own_error() {
        let e = parse_change(Some(-5), Some(0), None, Some("x\u{0}")).unwrap_err();
        let fields: Vec<String> = e.problem().errors.into_iter().map(|f| f.field).collect();
        assert_eq!(fields, ["note", "credit_limit_cents", "payment_terms_days"]);
    }

    #[test]
    fn no_limit_withdraws_the_terms() {
        let c = parse_change(None, None, None, None).unwrap();
        assert!(c.terms.is_none());
        let c = parse_change(Some(100), Some(45), Some(true), Some(" ok ")).unwrap();
        assert_eq!(c.terms.unwrap().payment_terms_days, 45);
        assert_eq!(c.note, "ok");
    }
}
