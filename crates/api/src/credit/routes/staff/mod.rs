//! Sales staff and credit terms: customers, their terms, payments, overdue invoices.

pub mod customer_credit_terms;
pub mod list_customers;
pub mod list_overdue;
pub mod record_payment;
