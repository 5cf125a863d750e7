use crate::catalog::dto::ProductPage;
use crate::catalog::query::{ListingParams, cached_page};
use crate::http::error::{ApiResult, Problem};
use crate::http::store::{StoreContext, StoreParam};
use axum::extract::RawQuery;
use axum::response::Response;

/// Products of the current store with filters, facets, sort and pagination.
#[utoipa::path(
    get,
    path = "/products",
    tag = "catalogue",
    params(StoreParam, ListingParams),
    responses(
        (status = 200, body = ProductPage),
        (status = 422, description = "A parameter is not valid; `errors[].field` names it", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn list_products(ctx: StoreContext, RawQuery(query): RawQuery) -> ApiResult<Response> {
    cached_page(&ctx, query.as_deref().unwrap_or_default(), false)
}
