//! One file per credit operation (a customer's terms: read and set together).

pub mod customer_credit_terms;
pub mod get_my_credit;
pub mod list_customers;
pub mod list_overdue;
pub mod record_payment;

pub(super) use super::has_control;
