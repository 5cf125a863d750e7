//! The signed-in customer's own account: profile, e-mail, password, export,
//! deletion, address book and bookmarks (SPEC §8).

pub mod addresses;
pub mod bookmarks;
pub mod change_email;
pub mod change_password;
pub mod delete_me;
pub mod dto;
pub mod export_me;
pub mod get_me;
pub mod update_me;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(
            get_me::get_me,
            update_me::update_me,
            delete_me::delete_me
        ))
        .routes(api_routes!(change_email::change_email))
        .routes(api_routes!(change_email::confirm_email))
        .routes(api_routes!(change_password::change_password))
        .routes(api_routes!(export_me::export_me))
        .routes(api_routes!(delete_me::unlink_incontrol))
        .routes(api_routes!(
            addresses::list_addresses,
            addresses::create_address
        ))
        .routes(api_routes!(
            addresses::get_address,
            addresses::update_address,
            addresses::delete_address
        ))
        .routes(api_routes!(bookmarks::list_bookmarks))
        .routes(api_routes!(
            bookmarks::put_bookmark,
            bookmarks::delete_bookmark
        ))
}
