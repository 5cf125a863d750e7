//! The error intake as admins read it: issues, release health, slowest routes.

pub mod get_issue;
pub mod list_issues;
pub mod list_releases;
pub mod list_routes;
