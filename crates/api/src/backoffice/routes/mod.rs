//! One file per back-office operation (the order desk keeps its five together).

pub mod get_issue;
pub mod list_issues;
pub mod list_releases;
pub mod list_routes;
pub mod outbox;
pub mod staff_orders;
