//! Delivery on payment (SPEC §7): when an order is paid, a row in the
//! delivery queue — written in the transaction that records the payment —
//! has its digital lines delivered: licence keys per serial attached to
//! devices (`licences`), warranty and care extensions (SPEC §4.2),
//! subscriptions created or stacked (`plans`, SPEC §4.3), eSIM profiles,
//! top-ups and pools (`esims`). `runner` drains the queue (a worker woken
//! by the payment's commit, and a job as the safety net) and delivers each
//! order in one transaction, `lines` delivers one line under a savepoint of
//! it, `finish` completes the order and sends the delivery e-mail (listing
//! what `written` kept of the lines' units),
//! `certificate` draws the licence certificate (the eSIM
//! QR code is `crate::platform::qr`). What delivery could not do is refused
//! earlier by the line rules (`crate::commerce::cart::stacking`); what was
//! delivered is read for the order pages by `crate::commerce::orders::deliverables`.

pub mod certificate;
pub mod context;
pub mod emails;
pub mod esims;
pub mod finish;
pub mod licences;
pub mod lines;
pub mod plans;
pub mod runner;
pub mod written;
