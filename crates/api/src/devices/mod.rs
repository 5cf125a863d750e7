//! Devices (SPEC §4.2, §8): the serials a customer holds — added by hand or
//! imported from InControl — with their model, warranty state, what delivery
//! attached to them (licence keys, warranty extensions, cloud subscriptions),
//! auto-renewal settings and the saved cards renewals pay with; the
//! customer's subscriptions and eSIM profiles.
//!
//! Delivery (keys, extensions, subscriptions, eSIMs written on payment) is
//! the delivery capability's; this one reads what it wrote.

pub mod auto_renewal;
pub mod cards;
pub mod dto;
pub mod incontrol_import;
pub mod registry;
pub mod renewal;
pub mod routes;
pub mod view;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(
            routes::list_devices::list_devices,
            routes::add_device::add_device
        ))
        .routes(api_routes!(
            routes::get_device::get_device,
            routes::update_device::update_device,
            routes::remove_device::remove_device
        ))
        .routes(api_routes!(routes::set_auto_renew::set_auto_renew))
        .routes(api_routes!(routes::import_incontrol::import_incontrol))
        .routes(api_routes!(routes::plan_preview::plan_preview))
        .routes(api_routes!(
            routes::payment_methods::list_payment_methods,
            routes::payment_methods::create_payment_method
        ))
        .routes(api_routes!(routes::payment_methods::delete_payment_method))
        .routes(api_routes!(routes::list_subscriptions::list_subscriptions))
        .routes(api_routes!(routes::list_esims::list_esims))
}
