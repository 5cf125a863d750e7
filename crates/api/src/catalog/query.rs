//! Listing parameters (`GET /products`, `GET /search`): parsing with a field
//! error for every bad value, and running the listing.

use crate::catalog::dto::{Facets, ProductCard, ProductPage};
use crate::catalog::listing::{ListingQuery, PAGE_SIZES, Sort};
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::store::StoreContext;
use crate::read_model::Snapshot;
use serde::Deserialize;
use uplink_domain::catalog::{Brand, Label, ProductType};
use uplink_domain::error_code::ErrorCode;
use utoipa::IntoParams;

/// Longest accepted search query.
pub const MAX_QUERY_LEN: usize = 200;
/// Highest page number accepted.
pub const MAX_PAGE: u32 = 10_000;

/// Filters, sort and pagination. Filters with several values (`category`,
/// `brand`, `type`, `label`) accept repeated parameters or comma-separated
/// lists: several values of one filter match any of them, different filters
/// all apply.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // documents the parameters; parsing is done by `parse`
pub struct ListingParams {
    /// Category slug(s); a category also matches its sub-categories.
    #[param(example = "routers")]
    pub category: Option<Vec<String>>,
    /// Brand(s): `Uplink`, `Pepwave`.
    pub brand: Option<Vec<Brand>>,
    /// Product type slug(s).
    #[serde(rename = "type")]
    pub type_: Option<Vec<ProductType>>,
    /// Label(s): `SFC Management`, `Connectivity Usage Record`, `SFC_APP_VPN`.
    pub label: Option<Vec<Label>>,
    /// Lowest price in cents (inclusive, ≥ 0).
    #[param(minimum = 0)]
    pub min_price: Option<i64>,
    /// Highest price in cents (inclusive, ≥ `min_price`).
    #[param(minimum = 0)]
    pub max_price: Option<i64>,
    /// Only products that can be bought now.
    pub in_stock: Option<bool>,
    /// Search words (name, SKU, summary, description, specification).
    pub q: Option<String>,
    /// Sort order (default `relevance`: best match for a search, else featured first).
    pub sort: Option<Sort>,
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<u32>,
    /// Items per page: 12, 24 (default), 48 or 96.
    #[param(minimum = 12, maximum = 96, example = 24)]
    pub page_size: Option<u32>,
}

/// The listing's parameters other than `q` (which may be empty).
const VALUED: [&str; 10] = [
    "category",
    "brand",
    "type",
    "label",
    "min_price",
    "max_price",
    "in_stock",
    "sort",
    "page",
    "page_size",
];

/// `validation_failed` for a listing parameter sent with an empty value (or an
/// empty item in a comma-separated list): the document allows no such value,
/// and silently reading it as "no filter" would hide a client's mistake.
fn empty_values(pairs: &[(String, String)]) -> Vec<FieldError> {
    let mut errors: Vec<FieldError> = Vec::new();
    for (k, v) in pairs {
        let empty = v.split(',').any(|item| item.trim().is_empty());
        if empty && VALUED.contains(&k.as_str()) && !errors.iter().any(|e| e.field == *k) {
            errors.push(bad(
                k,
                format!("`{k}` has an empty value; leave the parameter out or give a value."),
            ));
        }
    }
    errors
}

fn bad(field: &str, message: String) -> FieldError {
    FieldError::new(field, ErrorCode::ValidationFailed, message)
}

/// Values of a multi-valued parameter: repeated and/or comma-separated.
fn multi<'a>(pairs: &'a [(String, String)], name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    pairs
        .iter()
        .filter(move |(k, _)| k == name)
        .flat_map(|(_, v)| v.split(','))
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

fn single<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

fn parse_enum<T: Copy>(
    pairs: &[(String, String)],
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
    allowed: &str,
    errors: &mut Vec<FieldError>,
) -> Vec<T> {
    let mut out = Vec::new();
    for v in multi(pairs, name) {
        match parse(v) {
            Some(x) => out.push(x),
            None => errors.push(bad(
                name,
                format!("`{v}` is not a known {name}; use one of: {allowed}."),
            )),
        }
    }
    out
}

fn parse_price(
    pairs: &[(String, String)],
    name: &str,
    errors: &mut Vec<FieldError>,
) -> Option<i64> {
    let v = single(pairs, name)?;
    match v.parse::<i64>() {
        Ok(n) if n >= 0 => Some(n),
        Ok(_) => {
            errors.push(bad(name, format!("{name} must not be negative.")));
            None
        }
        Err(_) => {
            errors.push(bad(
                name,
                format!("{name} must be a whole number of cents, e.g. 10000 for $100."),
            ));
            None
        }
    }
}

/// Parses and validates the listing parameters of `query` against the snapshot.
pub fn parse(snap: &Snapshot, query: &str, q_required: bool) -> ApiResult<ListingQuery> {
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let mut errors = empty_values(&pairs);
    let mut out = ListingQuery::default();

    for slug in multi(&pairs, "category") {
        match snap.category_by_slug.get(slug) {
            Some(&c) => out.categories.push(c),
            None => errors.push(bad("category", format!("There is no category `{slug}`."))),
        }
    }
    let list = |all: &[&str]| all.join(", ");
    out.brands = parse_enum(
        &pairs,
        "brand",
        Brand::parse,
        &list(&Brand::ALL.iter().map(|b| b.as_str()).collect::<Vec<_>>()),
        &mut errors,
    );
    out.types = parse_enum(
        &pairs,
        "type",
        ProductType::parse,
        &list(
            &ProductType::ALL
                .iter()
                .map(|b| b.as_str())
                .collect::<Vec<_>>(),
        ),
        &mut errors,
    );
    out.labels = parse_enum(
        &pairs,
        "label",
        Label::parse,
        &list(&Label::ALL.iter().map(|b| b.as_str()).collect::<Vec<_>>()),
        &mut errors,
    );
    out.min_price = parse_price(&pairs, "min_price", &mut errors);
    out.max_price = parse_price(&pairs, "max_price", &mut errors);
    if let (Some(min), Some(max)) = (out.min_price, out.max_price)
        && min > max
    {
        errors.push(bad(
            "max_price",
            "max_price must be at least min_price.".into(),
        ));
    }
    if let Some(v) = single(&pairs, "in_stock") {
        match v.to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" | "on" => out.in_stock = true,
            "false" | "0" | "no" | "off" => out.in_stock = false,
            _ => errors.push(bad("in_stock", "in_stock must be true or false.".into())),
        }
    }
    let q = pairs
        .iter()
        .rev()
        .find(|(k, _)| k == "q")
        .map(|(_, v)| v.trim().to_owned())
        .filter(|v| !v.is_empty());
    match &q {
        Some(v) if v.chars().count() > MAX_QUERY_LEN => {
            errors.push(bad(
                "q",
                format!("The search is too long; use at most {MAX_QUERY_LEN} characters."),
            ));
        }
        None if q_required => errors.push(bad("q", "Type something to search for.".into())),
        _ => {}
    }
    out.q = q;
    if let Some(v) = single(&pairs, "sort") {
        match Sort::parse(v) {
            Some(s) => out.sort = s,
            None => errors.push(bad("sort", format!("`{v}` is not a sort order; use relevance, price_asc, price_desc, name or newest."))),
        }
    }
    if let Some(v) = single(&pairs, "page") {
        match v.parse::<u32>() {
            Ok(p) if (1..=MAX_PAGE).contains(&p) => out.page = p,
            _ => errors.push(bad(
                "page",
                format!("page must be a whole number from 1 to {MAX_PAGE}."),
            )),
        }
    }
    if let Some(v) = single(&pairs, "page_size") {
        match v.parse::<u32>() {
            Ok(s) if PAGE_SIZES.contains(&s) => out.page_size = s,
            _ => errors.push(bad(
                "page_size",
                "page_size must be one of 12, 24, 48, 96.".into(),
            )),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(ApiError::validation(errors))
    }
}

/// Runs a listing in the context's store and renders the page.
/// The listing or search page for a raw query string, served from the snapshot's answer cache
/// (the same snapshot, store and query always give the same page).
pub fn cached_page(
    ctx: &StoreContext,
    raw_query: &str,
    search: bool,
) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let key = format!("{}?{raw_query}", if search { "search" } else { "products" });
    let body = ctx
        .snapshot
        .answers
        .get_or_try_insert(ctx.store, &key, || answer(ctx, raw_query, search))?;
    Ok((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response())
}

/// The listing or search page for a raw query string, as served.
fn answer(ctx: &StoreContext, raw_query: &str, search: bool) -> ApiResult<axum::body::Bytes> {
    let query = parse(&ctx.snapshot, raw_query, search)?;
    let page = page(ctx, &query)?;
    serde_json::to_vec(&page)
        .map(axum::body::Bytes::from)
        .map_err(ApiError::internal)
}

/// The answer cache key `key` (`products?…` or `search?…`, as
/// [`cached_page`] makes them) computed on `snapshot` for `store`; `None`
/// for any other key or a query that is refused (the read model's
/// [`Warmer`](crate::read_model::Warmer), wired in `crate::hooks`).
pub fn warm_answer(
    snapshot: &std::sync::Arc<Snapshot>,
    store: usize,
    key: &str,
) -> Option<axum::body::Bytes> {
    let (kind, raw_query) = key.split_once('?')?;
    let search = match kind {
        "products" => false,
        "search" => true,
        _ => return None,
    };
    let ctx = StoreContext {
        snapshot: std::sync::Arc::clone(snapshot),
        store,
        source: crate::http::store::StoreSource::Default,
    };
    answer(&ctx, raw_query, search).ok()
}

pub fn page(ctx: &StoreContext, query: &ListingQuery) -> ApiResult<ProductPage> {
    let snap = &ctx.snapshot;
    let result = snap.list(ctx.store, query).map_err(ApiError::internal)?;
    let page_count = result.total.div_ceil(query.page_size);
    Ok(ProductPage {
        items: result
            .items
            .iter()
            .map(|&l| ProductCard::from(snap, ctx.store, l))
            .collect(),
        total: result.total,
        page: query.page,
        page_size: query.page_size,
        page_count,
        sort: query.sort,
        q: query.q.clone(),
        approximate: result.approximate,
        store: ctx.code().to_owned(),
        currency: ctx.currency().to_owned(),
        facets: Facets::from(snap, &result.facets, &query.categories),
    })
}
