//! `GET /checkout/options`: what the checkout pages offer (SPEC §6).

pub mod options;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(api_routes!(options::checkout_options))
}
