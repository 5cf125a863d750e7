use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::store::{StoreContext, StoreParam};
use crate::read_model::Snapshot;
use axum::Json;
use axum::extract::Path;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryNode {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub image_url: Option<String>,
    /// Products sold in the current store in this category and its descendants.
    pub product_count: u32,
    #[schema(no_recursion)]
    pub children: Vec<CategoryNode>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryTree {
    /// Top-level categories, each with its children.
    pub items: Vec<CategoryNode>,
    /// Code of the store whose counts are shown.
    pub store: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryRef {
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryDetail {
    #[serde(flatten)]
    pub category: CategoryNode,
    /// Ancestors, root first (excluding this category).
    pub breadcrumb: Vec<CategoryRef>,
}

fn node(snap: &Snapshot, store: usize, c: u16) -> CategoryNode {
    let cat = &snap.categories[c as usize];
    CategoryNode {
        id: cat.id.clone(),
        slug: cat.slug.clone(),
        name: cat.name.clone(),
        description: cat.description.clone(),
        image_url: cat.image_url.clone(),
        product_count: snap.views[store].category_counts[c as usize],
        children: cat
            .children
            .iter()
            .map(|&ch| node(snap, store, ch))
            .collect(),
    }
}

/// The category tree with product counts in the current store.
#[utoipa::path(
    get,
    path = "/categories",
    tag = "catalogue",
    params(StoreParam),
    responses((status = 200, body = CategoryTree))
)]
pub async fn list_categories(ctx: StoreContext) -> ApiResult<Json<CategoryTree>> {
    let snap = &ctx.snapshot;
    let items = snap
        .categories
        .iter()
        .enumerate()
        .filter(|(_, c)| c.parent.is_none())
        .map(|(i, _)| node(snap, ctx.store, i as u16))
        .collect();
    Ok(Json(CategoryTree {
        items,
        store: ctx.code().to_owned(),
    }))
}

/// One category with its sub-categories, counts and breadcrumb.
#[utoipa::path(
    get,
    path = "/categories/{slug}",
    tag = "catalogue",
    params(("slug" = String, Path, description = "Category slug"), StoreParam),
    responses(
        (status = 200, body = CategoryDetail),
        (status = 404, description = "`not_found`: no such category", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get_category(
    ctx: StoreContext,
    Path(slug): Path<String>,
) -> ApiResult<Json<CategoryDetail>> {
    let snap = &ctx.snapshot;
    let &c = snap
        .category_by_slug
        .get(&slug)
        .ok_or_else(|| ApiError::not_found(&format!("The category `{slug}`")))?;
    let mut breadcrumb = Vec::new();
    let mut cur = snap.categories[c as usize].parent;
    while let Some(p) = cur {
        if breadcrumb.len() > 16 {
            break;
        }
        let cat = &snap.categories[p as usize];
        breadcrumb.push(CategoryRef {
            slug: cat.slug.clone(),
            name: cat.name.clone(),
        });
        cur = cat.parent;
    }
    breadcrumb.reverse();
    Ok(Json(CategoryDetail {
        category: node(snap, ctx.store, c),
        breadcrumb,
    }))
}
