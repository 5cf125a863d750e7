//! Bookmarked products. Until the catalogue read model is merged, product
//! ids are stored as given (format-checked) and `product` is null.

use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult, Problem};
use crate::state::AppState;
use crate::timefmt::rfc3339;
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
    /// The product as the catalogue shows it (null until the catalogue is available).
    #[schema(value_type = Option<Object>)]
    pub product: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BookmarkList {
    pub items: Vec<Bookmark>,
}

fn check_product_id(id: &str) -> ApiResult<()> {
    let ok = (1..=64).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if ok {
        Ok(())
    } else {
        Err(ApiError::not_found("This product"))
    }
}

/// The bookmarked products, newest first.
#[utoipa::path(get, path = "/me/bookmarks", tag = "account",
    responses((status = 200, body = BookmarkList), (status = 401, description = "`unauthenticated`", body = Problem)))]
pub async fn list_bookmarks(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<BookmarkList>> {
    let items = state
        .db
        .bookmarks_of(auth.id())
        .await?
        .into_iter()
        .map(|b| Bookmark {
            product_id: b.product_id,
            created_at: rfc3339(b.created_at),
            product: None,
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
    Path(product_id): Path<String>,
) -> ApiResult<Json<Bookmark>> {
    check_product_id(&product_id)?;
    let existing = state.db.bookmarks_of(auth.id()).await?;
    if existing.len() >= MAX_BOOKMARKS && !existing.iter().any(|b| b.product_id == product_id) {
        return Err(ApiError::new(ErrorCode::ValidationFailed)
            .with_detail("You can keep at most 500 bookmarks; remove some first."));
    }
    let row = state.db.put_bookmark(auth.id(), &product_id).await?;
    Ok(Json(Bookmark {
        product_id: row.product_id,
        created_at: rfc3339(row.created_at),
        product: None,
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
