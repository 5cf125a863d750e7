//! Checkout, payments and orders (SPEC §6, §7): options, placement with
//! idempotency, the order views, invoices, e-mails, staff changes and jobs.

pub mod dto;
pub mod emails;
pub mod idempotency;
pub mod invoice;
pub mod jobs;
pub mod manage;
pub mod options;
pub mod pdf;
pub mod place;
pub mod quote;
pub mod referral;
