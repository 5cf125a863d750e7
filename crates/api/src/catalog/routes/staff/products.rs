use crate::catalog::editing::{admin_product, create, update};
use crate::catalog::staff_dto::{
    AdminProduct, AdminProductList, AdminProductQuery, AdminProductRow, ProductSave,
};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use uplink_db::admin_catalog::{ProductFilter, ProductSort, StockFilter};
use uplink_domain::catalog::{Brand, Label, ProductStatus, ProductType};
use uplink_domain::catalog_admin::ProductInput;
use uplink_domain::error_code::ErrorCode;

const PER_PAGE: i64 = 50;

/// The list's query as a filter, every bad parameter named.
fn filter_of(q: &AdminProductQuery) -> ApiResult<(ProductFilter, i64, i64)> {
    let mut errors = Vec::new();
    fn parsed<T>(
        errors: &mut Vec<FieldError>,
        field: &str,
        value: Option<&str>,
        parse: fn(&str) -> Option<T>,
    ) -> Option<T> {
        let v = value.map(str::trim).filter(|v| !v.is_empty())?;
        let out = parse(v);
        if out.is_none() {
            errors.push(FieldError::new(
                field,
                ErrorCode::ValidationFailed,
                format!("`{v}` is not a {field} filter."),
            ));
        }
        out
    }
    let sort = match q.sort.as_deref().unwrap_or("name") {
        "name" => ProductSort::Name,
        "-name" => ProductSort::NameDesc,
        "sku" => ProductSort::Sku,
        "price" => ProductSort::Price,
        "-price" => ProductSort::PriceDesc,
        "-updated" => ProductSort::Updated,
        other => {
            errors.push(FieldError::new(
                "sort",
                ErrorCode::ValidationFailed,
                format!(
                    "`{other}` is not a sort; use name, -name, sku, price, -price or -updated."
                ),
            ));
            ProductSort::Name
        }
    };
    let stock = parsed(&mut errors, "stock", q.stock.as_deref(), |s| match s {
        "low" => Some(StockFilter::Low),
        "out" => Some(StockFilter::Out),
        _ => None,
    });
    let filter = ProductFilter {
        q: q.q.as_deref().map(|s| s.chars().take(100).collect()),
        product_type: parsed(
            &mut errors,
            "type",
            q.product_type.as_deref(),
            ProductType::parse,
        ),
        status: parsed(
            &mut errors,
            "status",
            q.status.as_deref(),
            ProductStatus::parse,
        ),
        brand: parsed(&mut errors, "brand", q.brand.as_deref(), Brand::parse),
        category: q.category.clone().filter(|c| !c.trim().is_empty()),
        label: parsed(&mut errors, "label", q.label.as_deref(), Label::parse),
        stock,
        sort,
        offset: 0,
        limit: 0,
    };
    let per_page = q.per_page.unwrap_or(PER_PAGE);
    if !(1..=200).contains(&per_page) {
        errors.push(FieldError::new(
            "per_page",
            ErrorCode::ValidationFailed,
            "Between 1 and 200.",
        ));
    }
    let page = q.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        errors.push(FieldError::new(
            "page",
            ErrorCode::ValidationFailed,
            "From 1.",
        ));
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    Ok((
        ProductFilter {
            offset: (page - 1) * per_page,
            limit: per_page,
            ..filter
        },
        page,
        per_page,
    ))
}

/// Every product (drafts and archived too), filtered, searched, sorted and
/// paged. Without `q` only top-level products are listed; a search finds
/// variants too.
#[utoipa::path(get, path = "/admin/products", tag = "admin", params(AdminProductQuery),
    responses(
        (status = 200, body = AdminProductList),
        (status = 422, description = "`validation_failed`: a filter, the sort or the page", body = Problem),
    ))]
pub async fn list_admin_products(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiQuery(query): ApiQuery<AdminProductQuery>,
) -> ApiResult<Json<AdminProductList>> {
    let (filter, page, per_page) = filter_of(&query)?;
    let found = state.db.admin_product_page(&filter).await?;
    Ok(Json(AdminProductList {
        items: found.rows.into_iter().map(AdminProductRow::from).collect(),
        total: found.total,
        page,
        per_page,
    }))
}

/// A product with everything the editor shows: fields, variants, stock,
/// per-store prices and media.
#[utoipa::path(get, path = "/admin/products/{id}", tag = "admin",
    params(("id" = String, Path, description = "The product id")),
    responses(
        (status = 200, body = AdminProduct),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn get_admin_product(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    Path(id): Path<String>,
) -> ApiResult<Json<AdminProduct>> {
    Ok(Json(admin_product(&state.db, &id).await?))
}

/// Creates a product (version 1). Every rule of the storefront holds, each
/// broken one a field error. A new product is sold in every store with an
/// `all` catalogue at its list price; stock starts at 0.
#[utoipa::path(post, path = "/admin/products", tag = "admin", request_body = ProductInput,
    responses(
        (status = 201, body = AdminProduct),
        (status = 422, description = "`validation_failed`: every broken rule on its field (`sku`, `options[1].code` …)", body = Problem),
    ))]
pub async fn create_admin_product(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiJson(input): ApiJson<ProductInput>,
) -> ApiResult<(StatusCode, Json<AdminProduct>)> {
    let id = create(&state, admin.actor(), &input, None).await?;
    Ok((
        StatusCode::CREATED,
        Json(admin_product(&state.db, &id).await?),
    ))
}

/// Creates a variant of a configurable product: hardware with its attribute
/// values, its own SKU, price and stock.
#[utoipa::path(post, path = "/admin/products/{id}/variants", tag = "admin", request_body = ProductInput,
    params(("id" = String, Path, description = "The configurable parent's id")),
    responses(
        (status = 201, body = AdminProduct),
        (status = 404, description = "`not_found`: no such parent", body = Problem),
        (status = 422, description = "`validation_failed`: a broken rule, or the parent is not configurable (`parent`)", body = Problem),
    ))]
pub async fn create_admin_variant(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(parent): Path<String>,
    ApiJson(input): ApiJson<ProductInput>,
) -> ApiResult<(StatusCode, Json<AdminProduct>)> {
    let id = create(&state, admin.actor(), &input, Some(&parent)).await?;
    Ok((
        StatusCode::CREATED,
        Json(admin_product(&state.db, &id).await?),
    ))
}

/// Saves a product's fields (everything but per-store prices and stock).
/// `version` is the one the editor loaded: when someone saved in between,
/// 409 `version_conflict` with `current_version`, and nothing is written.
#[utoipa::path(put, path = "/admin/products/{id}", tag = "admin", request_body = ProductSave,
    params(("id" = String, Path, description = "The product id")),
    responses(
        (status = 200, body = AdminProduct),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`version_conflict`: saved by someone else since `version` (`current_version`)", body = Problem),
        (status = 422, description = "`validation_failed`: every broken rule on its field", body = Problem),
    ))]
pub async fn update_admin_product(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
    ApiJson(save): ApiJson<ProductSave>,
) -> ApiResult<Json<AdminProduct>> {
    update(&state, admin.actor(), &id, &save.fields, save.version).await?;
    Ok(Json(admin_product(&state.db, &id).await?))
}
