use crate::catalog::dto::ProductDetail;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::store::{StoreContext, StoreParam};
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Everything the product page needs: price and stock in the current store,
/// variants, custom options, specification, package contents, downloads and
/// related products. A variant's slug answers with its parent product and
/// `selected_variant` set. A product the store does not sell answers with
/// `sold_in_store: false` and no price.
#[utoipa::path(
    get,
    path = "/products/{slug}",
    tag = "catalogue",
    params(("slug" = String, Path, description = "Product (or variant) slug"), StoreParam),
    responses(
        (status = 200, body = ProductDetail),
        (status = 404, description = "`not_found`: no such product", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get_product(ctx: StoreContext, Path(slug): Path<String>) -> ApiResult<Response> {
    // Served from the snapshot's answer cache: the same snapshot, store and slug give the same page.
    let body =
        ctx.snapshot
            .answers
            .get_or_try_insert(ctx.store, &format!("product/{slug}"), || {
                let detail = product_detail(&ctx, &slug)?;
                serde_json::to_vec(&detail)
                    .map(Bytes::from)
                    .map_err(ApiError::internal)
            })?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

fn product_detail(ctx: &StoreContext, slug: &str) -> ApiResult<ProductDetail> {
    let snap = &ctx.snapshot;
    let idx = snap
        .product_by_slug(slug)
        .or_else(|| snap.product_by_sku(slug))
        .ok_or_else(|| ApiError::not_found(&format!("The product `{slug}`")))?;
    let (product, selected) = match snap.product(idx).parent {
        Some(parent) => (parent, Some(snap.product(idx).sku.clone())),
        None => (idx, None),
    };
    Ok(ProductDetail::from(snap, ctx.store, product, selected))
}
