//! Delivery on payment (SPEC §7): when an order is paid, a row in the
//! delivery queue — written in the transaction that records the payment —
//! has its digital lines delivered: licence keys per serial attached to
//! devices (`licences`), warranty and care extensions (SPEC §4.2),
//! subscriptions created or stacked (`plans`, SPEC §4.3), eSIM profiles,
//! top-ups and pools (`esims`). `runner` drains the queue (a worker woken
//! by the payment's commit, and a job as the safety net), `lines` delivers
//! one line in one transaction, `finish` completes the order and sends the
//! delivery e-mail, `checks` refuses at cart and checkout what delivery
//! could not do, `deliverables` reads what was delivered for the order
//! pages, `certificate` and `qr` draw the licence certificate and the
//! eSIM QR code.

pub mod certificate;
pub mod checks;
pub mod context;
pub mod deliverables;
pub mod dto;
pub mod emails;
pub mod esims;
pub mod finish;
pub mod licences;
pub mod lines;
pub mod plans;
pub mod qr;
pub mod routes;
pub mod runner;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(
            routes::licence_certificate::licence_certificate
        ))
        .routes(api_routes!(routes::esim_qr::esim_qr))
}
