pub mod home;
pub mod outbox;
