//! Uplink's business rules, free of I/O.
//!
//! Everything here is plain data and pure functions so it can be tested
//! exhaustively and shared by the storage, API and job layers.

pub mod accounts;
pub mod cart;
pub mod catalog;
pub mod catalog_admin;
pub mod checkout;
pub mod devices;
pub mod error_code;
pub mod esim;
pub mod iccid;
pub mod ids;
pub mod intake;
pub mod licence_key;
pub mod money;
pub mod partner_referral;
pub mod plans;
pub mod quotations;
pub mod referrals;
pub mod serial;
pub mod usage;
