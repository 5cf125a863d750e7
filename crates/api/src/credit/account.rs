//! Builds the credit account view from the ledger: terms from the account,
//! the running balance folded over the whole history (oldest first), the
//! newest entries shown, the invoices still open.

use super::dto::{CreditAccount, CreditEntryDto, CreditInvoice, CreditTermsView, CustomerRef, usd};
use crate::http::error::{ApiError, ApiResult};
use crate::platform::timefmt::rfc3339;
use uplink_db::Db;
use uplink_db::accounts::UserRow;
use uplink_db::credit::{CreditEntryRow, CreditInvoiceRow};
use uplink_domain::checkout::credit::{CreditEntryKind, available_credit, running_balances};

/// Entries the view carries (the newest); older ones stay in the database.
pub const HISTORY_SHOWN: usize = 200;
const DAY_MS: i64 = 86_400_000;

/// Who reads the account: the customer does not see which staff member made an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Customer,
    Staff,
}

pub fn customer_ref(u: &UserRow) -> CustomerRef {
    CustomerRef {
        id: u.id.clone(),
        email: u.email.clone(),
        name: u.name.clone(),
        company: u.company.clone(),
    }
}

/// The customer an invoice belongs to (the staff's overdue list).
pub fn invoice_customer(r: &CreditInvoiceRow) -> CustomerRef {
    CustomerRef {
        id: r.user_id.clone(),
        email: r.email.clone(),
        name: r.name.clone(),
        company: r.company.clone(),
    }
}

/// A customer account by id, as staff address it: 404 for anything that is
/// not a live customer (and for an id with a control character, which
/// PostgreSQL would refuse outright).
pub async fn staff_customer(db: &Db, id: &str) -> ApiResult<UserRow> {
    if super::has_control(id) {
        return Err(ApiError::not_found("This customer"));
    }
    db.user_by_id(id.trim())
        .await?
        .filter(|u| u.deleted_at.is_none() && u.is_customer)
        .ok_or_else(|| ApiError::not_found("This customer"))
}

/// The customer's credit account read back after a staff change.
pub async fn staff_view_of(db: &Db, id: &str) -> ApiResult<CreditAccount> {
    let user = staff_customer(db, id).await?;
    credit_account(db, &user, Reader::Staff).await
}

pub fn terms_view(
    limit: Option<i64>,
    days: Option<i64>,
    may_exceed: bool,
) -> Option<CreditTermsView> {
    limit.map(|limit| CreditTermsView {
        credit_limit: usd(limit),
        payment_terms_days: days.unwrap_or(30),
        may_exceed_limit: may_exceed,
    })
}

pub fn invoice(row: &CreditInvoiceRow, now: i64) -> CreditInvoice {
    CreditInvoice {
        order_number: row.order_number.clone(),
        order_status: row.order_status.clone(),
        placed_at: rfc3339(row.placed_at),
        due_at: rfc3339(row.due_at),
        invoiced: usd(row.invoiced_cents),
        settled: usd(row.settled_cents),
        outstanding: usd(row.outstanding_cents()),
        days_overdue: if now > row.due_at {
            (now - row.due_at) / DAY_MS
        } else {
            0
        },
    }
}

/// The history, newest first, each entry with the balance right after it.
fn history(rows: &[CreditEntryRow], reader: Reader) -> Vec<CreditEntryDto> {
    let kinds: Vec<CreditEntryKind> = rows
        .iter()
        .map(|r| CreditEntryKind::parse(&r.kind).unwrap_or(CreditEntryKind::Allocated))
        .collect();
    let balances = running_balances(kinds.iter().zip(rows).map(|(k, r)| (*k, r.amount_cents)));
    rows.iter()
        .zip(kinds)
        .zip(balances)
        .rev()
        .take(HISTORY_SHOWN)
        .map(|((r, kind), b)| CreditEntryDto {
            id: r.id.clone(),
            kind,
            amount: usd(r.amount_cents),
            order_number: r.order_number.clone(),
            note: r.note.clone(),
            by: (reader == Reader::Staff).then(|| r.actor.clone()),
            at: rfc3339(r.created_at),
            due_at: r.due_at.map(rfc3339),
            owed_after: usd(b.owed),
            available_after: usd(b.available()),
        })
        .collect()
}

/// The whole credit account of `user`.
pub async fn credit_account(db: &Db, user: &UserRow, reader: Reader) -> ApiResult<CreditAccount> {
    let (rows, open) = tokio::try_join!(
        db.credit_history(&user.id),
        db.open_credit_invoices(&user.id)
    )?;
    let owed: i64 = rows
        .iter()
        .filter_map(|r| CreditEntryKind::parse(&r.kind).map(|k| k.owed_sign() * r.amount_cents))
        .fold(0i64, i64::saturating_add);
    let now = uplink_db::now_ms();
    Ok(CreditAccount {
        customer: customer_ref(user),
        terms: terms_view(
            user.credit_limit_cents,
            user.payment_terms_days,
            user.may_exceed_limit,
        ),
        owed: usd(owed),
        available: user
            .credit_limit_cents
            .map(|limit| usd(available_credit(limit, owed))),
        open_invoices: open.iter().map(|i| invoice(i, now)).collect(),
        history: history(&rows, reader),
        history_total: i64::try_from(rows.len()).unwrap_or(i64::MAX),
    })
}
