//! What the error intake keeps of each item it accepts (SPEC §14): plain
//! summaries that the intake crate reads out of Sentry envelopes and the
//! storage writes, so storage needs nothing of the parser.

/// The facts of an error event the issue list and detail need.
#[derive(Debug, Clone, PartialEq)]
pub struct EventSummary {
    pub level: String,
    pub title: String,
    pub culprit: Option<String>,
    /// The thrown value's type (`TypeError`), or none for message events.
    pub exception_type: Option<String>,
    pub fingerprint: String,
    pub release: Option<String>,
    pub environment: Option<String>,
    pub browser: Option<String>,
    pub url: Option<String>,
    pub trace_id: Option<String>,
    /// Who was affected: user id, e-mail, username or IP, when the SDK sent one.
    pub user: Option<String>,
    pub timestamp_ms: Option<i64>,
}

/// A `transaction` item reduced to what the slowest-routes view needs.
#[derive(Debug, Clone, PartialEq)]
pub struct TransactionSummary {
    /// The route (`/products/:slug`) or other transaction name.
    pub name: String,
    pub op: Option<String>,
    pub duration_ms: i64,
    pub release: Option<String>,
    pub environment: Option<String>,
    pub trace_id: Option<String>,
    pub timestamp_ms: Option<i64>,
    pub span_count: usize,
}

/// Session status (the SDK's `SessionStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionStatus {
    Ok,
    Exited,
    Crashed,
    Abnormal,
}

/// One `session` item: the SDK sends one when a session starts (`init: true`)
/// and again when it changes (errors seen, ended, crashed).
#[derive(Debug, Clone, PartialEq)]
pub struct SessionUpdate {
    pub sid: String,
    pub init: bool,
    pub status: SessionStatus,
    pub errors: i64,
    pub started_ms: Option<i64>,
    pub release: String,
    pub environment: Option<String>,
}

/// Pre-aggregated session counts (a `sessions` item).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SessionAggregate {
    pub release: String,
    pub environment: Option<String>,
    pub started_ms: Option<i64>,
    pub total: i64,
    pub errored: i64,
    pub crashed: i64,
    pub abnormal: i64,
}

/// One line of a client report: what the SDK dropped and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discarded {
    pub reason: String,
    pub category: String,
    pub quantity: i64,
}
