use crate::catalog::dto::{ImageDto, ProductCard};
use crate::catalog::query::MAX_QUERY_LEN;
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::store::{StoreContext, StoreParam, query_value};
use crate::platform::money::MoneyDto;
use axum::Json;
use axum::extract::RawQuery;
use serde::{Deserialize, Serialize};
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;
use utoipa::{IntoParams, ToSchema};

/// Most suggestions returned.
pub const SUGGESTIONS: usize = 8;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct SuggestParams {
    /// What the shopper has typed so far; the last word is completed as a prefix.
    /// Empty or left out: no suggestions.
    pub q: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Suggestion {
    pub slug: String,
    pub sku: String,
    pub name: String,
    #[serde(rename = "type")]
    pub product_type: ProductType,
    pub image: Option<ImageDto>,
    pub price: MoneyDto,
    pub price_from: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategorySuggestion {
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Suggestions {
    pub q: String,
    /// Up to 8 products, best first (an exact SKU first).
    pub items: Vec<Suggestion>,
    /// Up to 3 categories whose name starts with a typed word.
    pub categories: Vec<CategorySuggestion>,
}

/// Autocomplete for the header search box: top 8 products for a partly typed query.
#[utoipa::path(
    get,
    path = "/search/suggest",
    tag = "catalogue",
    params(StoreParam, SuggestParams),
    responses(
        (status = 200, body = Suggestions),
        (status = 422, description = "`validation_failed`: `q` is too long", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn suggest(ctx: StoreContext, RawQuery(query): RawQuery) -> ApiResult<Json<Suggestions>> {
    let q = query
        .as_deref()
        .and_then(|s| query_value(s, "q"))
        .unwrap_or_default()
        .trim()
        .to_owned();
    if q.chars().count() > MAX_QUERY_LEN {
        return Err(ApiError::validation(vec![FieldError::new(
            "q",
            ErrorCode::ValidationFailed,
            format!("The search is too long; use at most {MAX_QUERY_LEN} characters."),
        )]));
    }
    let snap = &ctx.snapshot;
    let view = &snap.views[ctx.store];
    let mut items = Vec::new();
    if !q.is_empty() {
        let hits = snap.search.suggest(&q, 64).map_err(ApiError::internal)?;
        for (l, _) in hits
            .into_iter()
            .filter(|(l, _)| view.sold[*l as usize])
            .take(SUGGESTIONS)
        {
            let card = ProductCard::from(snap, ctx.store, l);
            items.push(Suggestion {
                slug: card.slug,
                sku: card.sku,
                name: card.name,
                product_type: card.product_type,
                image: card.image,
                price: card.price,
                price_from: card.price_from,
            });
        }
    }
    let words: Vec<String> = q.split_whitespace().map(str::to_lowercase).collect();
    let categories = if words.is_empty() {
        Vec::new()
    } else {
        snap.categories
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                view.category_counts[*i] > 0
                    && c.name
                        .to_lowercase()
                        .split(|ch: char| !ch.is_alphanumeric())
                        .any(|w| {
                            !w.is_empty()
                                && words
                                    .iter()
                                    .any(|q| q.len() >= 2 && w.starts_with(q.as_str()))
                        })
            })
            .take(3)
            .map(|(_, c)| CategorySuggestion {
                slug: c.slug.clone(),
                name: c.name.clone(),
            })
            .collect()
    };
    Ok(Json(Suggestions {
        q,
        items,
        categories,
    }))
}
