//! What the credit endpoints answer: one account view for the customer and
//! for staff, invoices, and the staff's customer rows.

use crate::platform::money::MoneyDto;
use serde::Serialize;
use uplink_domain::checkout::credit::CreditEntryKind;
use utoipa::ToSchema;

/// Credit terms are kept in US dollars, the currency of every store (SPEC §3).
pub const CREDIT_CURRENCY: &str = "USD";

pub fn usd(cents: i64) -> MoneyDto {
    MoneyDto::new(cents, CREDIT_CURRENCY)
}

/// Approved credit terms.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreditTermsView {
    pub credit_limit: MoneyDto,
    /// Days after placing an order by which its invoice is due.
    pub payment_terms_days: i64,
    /// Orders beyond the available credit are still accepted.
    pub may_exceed_limit: bool,
}

/// Whose account this is.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerRef {
    pub id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
}

/// One history entry with the balance right after it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreditEntryDto {
    pub id: String,
    pub kind: CreditEntryKind,
    /// Allocated: the limit granted (0 when terms were withdrawn); otherwise
    /// the amount that moved what is owed.
    pub amount: MoneyDto,
    pub order_number: Option<String>,
    pub note: String,
    /// Who made the entry (staff e-mail, `checkout`, `system`); staff only,
    /// `null` in the customer's own view.
    pub by: Option<String>,
    pub at: String,
    /// Purchased entries: when that invoice is due.
    pub due_at: Option<String>,
    /// What was owed after this entry.
    pub owed_after: MoneyDto,
    /// The credit limit then in force less what was owed (negative when over).
    pub available_after: MoneyDto,
}

/// A credit-terms order seen as an invoice.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreditInvoice {
    pub order_number: String,
    pub order_status: String,
    pub placed_at: String,
    pub due_at: String,
    pub invoiced: MoneyDto,
    /// Paid, refunded or reverted so far.
    pub settled: MoneyDto,
    pub outstanding: MoneyDto,
    /// Whole days past the due date (0 while not yet due).
    pub days_overdue: i64,
}

/// A customer's credit account: terms, balance, open invoices, history.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreditAccount {
    pub customer: CustomerRef,
    /// `null`: no credit terms (history may still show past ones).
    pub terms: Option<CreditTermsView>,
    /// Purchased − (Reimbursed + Refunded + Reverted); negative when the
    /// account holds a credit in the customer's favour.
    pub owed: MoneyDto,
    /// Limit − owed; `null` without terms.
    pub available: Option<MoneyDto>,
    /// Credit-terms invoices with something left to pay, the earliest due first.
    pub open_invoices: Vec<CreditInvoice>,
    /// Newest first; at most `HISTORY_SHOWN` entries.
    pub history: Vec<CreditEntryDto>,
    /// How many entries the whole history has.
    pub history_total: i64,
}

/// A customer in the staff's list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaffCustomer {
    pub id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
    pub country: String,
    pub terms: Option<CreditTermsView>,
    pub owed: MoneyDto,
    pub available: Option<MoneyDto>,
}

/// An invoice past its due date, with whose it is.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OverdueInvoice {
    pub customer: CustomerRef,
    #[serde(flatten)]
    pub invoice: CreditInvoice,
}
