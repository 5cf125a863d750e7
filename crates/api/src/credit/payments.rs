//! Staff record a payment a customer made against a credit-terms invoice (a
//! Reimbursed entry). Under the account's lock the invoice is re-read, so two
//! staff recording the same bank line at once cannot pay it twice over; the
//! order is marked paid when nothing is left open on it.

use super::dto::usd;
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use crate::platform::money::money_text;
use uplink_db::now_ms;
use uplink_db::orders::{self as q, OrderRow};
use uplink_domain::checkout::credit::{CreditEntryKind, check_reimbursement};
use uplink_domain::error_code::ErrorCode;

/// Longest payment reference (a bank statement line, a cheque number).
pub const MAX_REFERENCE_CHARS: usize = 100;

/// A payment to record.
#[derive(Debug, Clone)]
pub struct CreditPayment {
    pub amount_cents: i64,
    pub reference: String,
}

pub fn parse_payment(amount_cents: i64, reference: &str) -> ApiResult<CreditPayment> {
    let reference = reference.trim();
    let mut errors = Vec::new();
    if amount_cents <= 0 {
        errors.push(FieldError::new(
            "amount_cents",
            ErrorCode::ValidationFailed,
            "Enter the amount received, more than $0.",
        ));
    }
    if reference.is_empty()
        || reference.chars().count() > MAX_REFERENCE_CHARS
        || super::has_control(reference)
    {
        errors.push(FieldError::new(
            "reference",
            ErrorCode::ValidationFailed,
            format!(
                "Enter the payment's reference (the bank line or cheque number), up to {MAX_REFERENCE_CHARS} characters."
            ),
        ));
    }
    if errors.is_empty() {
        Ok(CreditPayment {
            amount_cents,
            reference: reference.to_owned(),
        })
    } else {
        Err(ApiError::validation(errors))
    }
}

fn not_on_terms() -> ApiError {
    ApiError::field(
        "order",
        ErrorCode::ValidationFailed,
        "This order was not bought on credit terms; record its payment where its method is handled.",
    )
}

/// Records `payment` against `order`'s credit invoice.
pub async fn record(
    state: &AppState,
    order: &OrderRow,
    payment: &CreditPayment,
    staff: &uplink_db::audit::Actor,
) -> ApiResult<()> {
    let staff_email = staff.email.as_str();
    if order.payment_method != "credit_terms" {
        return Err(not_on_terms());
    }
    let mut tx = state.db.begin_write().await?;
    uplink_db::credit::lock_user(&mut tx, &order.user_id).await?;
    // Read again under the lock: a cancellation takes the same lock.
    let order = q::order_in(&mut tx, &order.id)
        .await?
        .ok_or_else(|| ApiError::not_found("This order"))?;
    let invoice = uplink_db::credit::invoice_in(&mut tx, &order.id)
        .await?
        .ok_or_else(not_on_terms)?;
    if order.status == "cancelled" {
        return Err(ApiError::field(
            "order",
            ErrorCode::ValidationFailed,
            "This order was cancelled and its credit given back; nothing is due on it.",
        ));
    }
    if let Err(outstanding) = check_reimbursement(
        payment.amount_cents,
        invoice.invoiced_cents,
        invoice.settled_cents,
    ) {
        let message = if outstanding == 0 {
            "This invoice is already paid in full.".to_owned()
        } else {
            format!(
                "At most {} is still open on this invoice; record a larger payment against other invoices.",
                money_text(outstanding, "USD")
            )
        };
        return Err(
            ApiError::field("amount_cents", ErrorCode::ValidationFailed, message)
                .with_extra("outstanding", serde_json::json!(usd(outstanding))),
        );
    }
    let now = now_ms();
    let note = format!(
        "Payment for order {} (ref. {})",
        order.number, payment.reference
    );
    let entry = uplink_db::credit::NewCreditEntry {
        user_id: &order.user_id,
        kind: CreditEntryKind::Reimbursed,
        amount_cents: payment.amount_cents,
        order_id: Some(&order.id),
        note: &note,
        actor: staff_email,
        due_at: None,
        created_at: now,
    };
    uplink_db::credit::insert_credit_entry(&mut tx, &entry).await?;
    let paid_in_full = payment.amount_cents == invoice.outstanding_cents();
    let history_note = format!(
        "{} received on credit terms (ref. {}){}",
        money_text(payment.amount_cents, "USD"),
        payment.reference,
        if paid_in_full {
            "; invoice paid in full"
        } else {
            ""
        }
    );
    if paid_in_full {
        q::set_payment_status(&mut tx, &order.id, "paid", Some(now)).await?;
    }
    q::insert_history(&mut tx, &order.id, &order.status, "staff", &history_note).await?;
    let audit = uplink_db::audit::AuditEntry::new("credit.payment", "order", order.number.clone())
        .summary(history_note.clone())
        .before(&serde_json::json!({ "outstanding_cents": invoice.outstanding_cents() }))
        .after(&serde_json::json!({
            "outstanding_cents": invoice.outstanding_cents() - payment.amount_cents,
            "reference": payment.reference,
        }));
    uplink_db::audit::append_in(&mut tx, staff, &audit).await?;
    tx.commit().await?;
    Ok(())
}
