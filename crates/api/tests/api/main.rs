//! API tests: one binary, a fresh database per test (SQLite by default,
//! PostgreSQL when `UPLINK_TEST_DATABASE_URL` is set).

mod accounts;
mod accounts_sso;
mod app_referrals;
mod auto_renewal;
mod backoffice;
mod backoffice_orders;
mod cart;
mod catalog;
mod contract;
mod credit;
mod delivery;
mod demo_orders;
mod devices;
mod downloads;
mod foundation;
mod helpers;
mod intake;
mod layout;
mod mobile;
mod orders;
mod partners;
mod quotations;
mod referral;
mod usage;
