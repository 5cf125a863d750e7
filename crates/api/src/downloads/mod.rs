//! Downloads (SPEC §8 `/account/download`): what a customer's paid orders
//! give them to keep — invoices, the files of the products they bought
//! (datasheets, guides, firmware), licence certificates and eSIM QR codes —
//! each behind a signed link that expires (`links`).
//!
//! A link is a sealed grant `{customer, file, expiry}` (the server's secret
//! key, the same box that seals provider tokens), so it cannot be forged or
//! altered, and it only opens for the customer it was made for, signed in.

pub mod dto;
pub mod files;
pub mod links;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::list_downloads::list_downloads))
        .routes(api_routes!(routes::get_download::get_download))
        .routes(api_routes!(
            routes::licence_certificate::licence_certificate
        ))
        .routes(api_routes!(routes::esim_qr::esim_qr))
}
