//! The back-office (SPEC §15): what staff run that belongs to no one
//! capability — the admin home, the e-mail outbox and the audit log. Every capability keeps its own
//! staff operations in its `routes/staff/` and its `staff_router()`, which
//! the composition root mounts (`crate::api_v1`); see docs/architecture.md.

pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::staff::outbox::list_outbox))
        .routes(api_routes!(routes::staff::outbox::resend_outbox_message))
        .routes(api_routes!(routes::staff::home::admin_home))
        .routes(api_routes!(routes::staff::audit_log::audit_log))
        .routes(api_routes!(routes::staff::audit_log::audit_log_csv))
}
