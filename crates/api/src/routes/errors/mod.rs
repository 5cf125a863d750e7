//! Staff view of the error intake (SPEC §14/§15): issues, one issue's latest
//! event, release health and the slowest routes. Admins only.

pub mod dto;
pub mod get_issue;
pub mod list_issues;
pub mod list_releases;
pub mod list_routes;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(list_issues::list_issues))
        .routes(api_routes!(get_issue::get_issue))
        .routes(api_routes!(list_releases::list_releases))
        .routes(api_routes!(list_routes::list_routes))
}
