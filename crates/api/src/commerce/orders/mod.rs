//! An order once placed (SPEC §7), whichever way it was bought: its wire
//! shapes (`dto`), how its money is stated (`statement`), its lifecycle
//! after placement — capture, mark paid, ship, cancel (`lifecycle`) — its
//! e-mails, its invoice PDF, and the order system's jobs.

pub mod deliverables;
pub mod delivered;
pub mod dto;
pub mod emails;
pub mod invoice;
pub mod jobs;
pub mod lifecycle;
pub mod paid;
pub mod refunds;
pub mod statement;
