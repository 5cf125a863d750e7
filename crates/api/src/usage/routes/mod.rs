//! One file per operation.

pub mod daily_usage;
pub mod list_usage;
pub mod post_usage_records;
pub mod set_alert;
pub mod staff;
