//! The catalogue (SPEC §4): product listing and detail, categories, full-text
//! search and autocomplete, serial lookup and media, all answered from the
//! catalogue read model ([`crate::read_model`]) with no SQL per request.
//!
//! `listing` filters, sorts and counts facets over a snapshot; `query` parses
//! the listing's query parameters; `dto` shapes the answers; `markdown`
//! renders descriptions once per snapshot.

pub mod dto;
pub mod editing;
pub mod listing;
pub mod markdown;
pub mod products_csv;
pub mod query;
pub mod routes;
pub mod staff_dto;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::list_categories::list_categories))
        .routes(api_routes!(routes::list_categories::get_category))
        .routes(api_routes!(routes::list_products::list_products))
        .routes(api_routes!(routes::get_product::get_product))
        .routes(api_routes!(routes::search_products::search))
        .routes(api_routes!(routes::suggest::suggest))
        .routes(api_routes!(routes::get_serial::get_serial))
        .routes(api_routes!(routes::get_media::get_media))
}

/// Admins: the catalogue's products, variants, per-store prices, stock,
/// media, the CSV export and import, and the editor's reference data.
pub fn staff_router() -> OpenApiRouter<AppState> {
    use routes::staff::{media, prices, products, products_csv, reference, stock};
    let uploads = OpenApiRouter::new()
        .routes(api_routes!(media::upload_admin_media))
        .layer(DefaultBodyLimit::max(media::UPLOAD_BODY_LIMIT));
    let imports = OpenApiRouter::new()
        .routes(api_routes!(products_csv::import_products_csv))
        .layer(DefaultBodyLimit::max(products_csv::IMPORT_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(api_routes!(
            products::list_admin_products,
            products::create_admin_product
        ))
        .routes(api_routes!(
            products::get_admin_product,
            products::update_admin_product
        ))
        .routes(api_routes!(products::create_admin_variant))
        .routes(api_routes!(prices::set_admin_product_prices))
        .routes(api_routes!(prices::bulk_change_prices))
        .routes(api_routes!(
            stock::adjust_admin_stock,
            stock::list_admin_stock_adjustments
        ))
        .routes(api_routes!(media::preview_markdown))
        .routes(api_routes!(products_csv::export_products_csv))
        .routes(api_routes!(reference::get_catalog_reference))
        .merge(uploads)
        .merge(imports)
}
