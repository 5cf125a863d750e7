//! "An order was just paid and its digital lines queued for delivery": the
//! signal that wakes this process's delivery worker at once
//! (`crate::commerce::delivery::runner`), rather than at the next run of
//! its job. Announced after the commit that queued the lines.

use std::sync::LazyLock;
use tokio::sync::Notify;

/// One per process.
static PAID: LazyLock<Notify> = LazyLock::new(Notify::new);

/// Says "a paid order was queued".
pub fn announce() {
    PAID.notify_one();
}

/// Waits for the next announcement (or one made since the last wait).
pub async fn announced() {
    PAID.notified().await;
}
