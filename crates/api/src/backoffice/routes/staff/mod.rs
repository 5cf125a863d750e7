pub mod audit_log;
pub mod home;
pub mod outbox;
