use crate::catalog::dto::ProductPage;
use crate::catalog::query::{self as params, ListingParams};
use crate::http::error::{ApiResult, Problem};
use crate::http::store::{StoreContext, StoreParam};
use axum::extract::RawQuery;
use axum::response::Response;

/// Search results (`q` required) with the same filters, facets, sort and
/// pagination as `GET /products`. Typo tolerant (one edit for words of five
/// or more letters); an exact SKU comes first. When no product matches every
/// word, products matching some words are returned with `approximate: true`.
#[utoipa::path(
    get,
    path = "/search",
    tag = "catalogue",
    params(StoreParam, ListingParams),
    responses(
        (status = 200, body = ProductPage),
        (status = 422, description = "`q` is missing or a parameter is not valid", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn search(ctx: StoreContext, RawQuery(query): RawQuery) -> ApiResult<Response> {
    params::cached_page(&ctx, query.as_deref().unwrap_or_default(), true)
}
