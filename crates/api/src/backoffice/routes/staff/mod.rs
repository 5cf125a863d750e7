pub mod outbox;
