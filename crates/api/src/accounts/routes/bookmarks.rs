//! Bookmarked products: ids of listable catalogue products, listed with
//! their cards from the read model in the visitor's store (D33).

use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::StoreContext;
use crate::platform::timefmt::rfc3339;
use crate::read_model::cards::ProductCard;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Serialize;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// Most bookmarks one account may keep.
pub const MAX_BOOKMARKS: usize = 500;

#[derive(Debug, Serialize, ToSchema)]
pub struct Bookmark {
    pub product_id: String,
    pub created_at: String,
    /// The product's card in the current store; null when that store does not sell it
    /// (or it left the catalogue).
    pub product: Option<ProductCard>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BookmarkList {
    pub items: Vec<Bookmark>,
}

/// The card of a listable product in the context's store, when that store sells it.
fn card(ctx: &StoreContext, product_id: &str) -> Option<ProductCard> {
    let snap = &ctx.snapshot;
    let l = snap.product(snap.product_by_id(product_id)?).listable?;
    snap.views[ctx.store]
        .sold
        .get(l as usize)
        .copied()
        .unwrap_or(false)
        .then(|| ProductCard::from(snap, ctx.store, l))
}

/// Only listable catalogue products (not variants) can be bookmarked.
fn check_product_id(ctx: &StoreContext, id: &str) -> ApiResult<()> {
    let snap = &ctx.snapshot;
    match snap.product_by_id(id) {
        Some(idx) if snap.product(idx).listable.is_some() => Ok(()),
        _ => Err(ApiError::not_found("This product")),
    }
}

/// The bookmarked products, newest first.
#[utoipa::path(get, path = "/me/bookmarks", tag = "account",
    responses((status = 200, body = BookmarkList), (status = 401, description = "`unauthenticated`", body = Problem)))]
pub async fn list_bookmarks(
    State(state): State<AppState>,
    auth: AuthUser,
    ctx: StoreContext,
) -> ApiResult<Json<BookmarkList>> {
    let items = state
        .db
        .bookmarks_of(auth.id())
        .await?
        .into_iter()
        .map(|b| Bookmark {
            product: card(&ctx, &b.product_id),
            product_id: b.product_id,
            created_at: rfc3339(b.created_at),
        })
        .collect();
    Ok(Json(BookmarkList { items }))
}

/// Bookmarks a product (idempotent).
#[utoipa::path(put, path = "/me/bookmarks/{product_id}", tag = "account",
    params(("product_id" = String, Path)),
    responses(
        (status = 200, body = Bookmark),
        (status = 404, description = "`not_found`: no such product", body = Problem),
        (status = 422, description = "`validation_failed`: too many bookmarks", body = Problem),
    ))]
pub async fn put_bookmark(
    State(state): State<AppState>,
    auth: AuthUser,
    ctx: StoreContext,
    Path(product_id): Path<String>,
) -> ApiResult<Json<Bookmark>> {
    check_product_id(&ctx, &product_id)?;
    let existing = state.db.bookmarks_of(auth.id()).await?;
    if existing.len() >= MAX_BOOKMARKS && !existing.iter().any(|b| b.product_id == product_id) {
        return Err(ApiError::new(ErrorCode::ValidationFailed)
            .with_detail("You can keep at most 500 bookmarks; remove some first."));
    }
    let row = state.db.put_bookmark(auth.id(), &product_id).await?;
    Ok(Json(Bookmark {
        product: card(&ctx, &row.product_id),
        product_id: row.product_id,
        created_at: rfc3339(row.created_at),
    }))
}

/// Removes a bookmark.
#[utoipa::path(delete, path = "/me/bookmarks/{product_id}", tag = "account",
    params(("product_id" = String, Path)),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "`not_found`: not bookmarked", body = Problem),
    ))]
pub async fn delete_bookmark(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(product_id): Path<String>,
) -> ApiResult<StatusCode> {
    if state.db.delete_bookmark(auth.id(), &product_id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found("This bookmark"))
    }
}
