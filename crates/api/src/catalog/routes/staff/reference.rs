use crate::catalog::staff_dto::{
    CatalogReference, CategoryChoice, Choice, ModelChoice, StockReason,
};
use crate::http::error::ApiResult;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use uplink_db::admin_catalog::picks;
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductStatus, ProductType, Warehouse,
};

macro_rules! choices {
    ($ty:ty) => {
        <$ty>::ALL
            .iter()
            .map(|v| Choice {
                value: v.as_str().to_owned(),
                label: v.label().to_owned(),
            })
            .collect()
    };
}

/// Everything the catalogue editor's selects offer: the fixed vocabularies
/// (brands, product types, statuses, labels, option and download kinds,
/// warehouses, stock reasons) and the stored categories, device models and
/// stores.
#[utoipa::path(get, path = "/admin/catalog/reference", tag = "admin",
    responses((status = 200, body = CatalogReference)))]
pub async fn get_catalog_reference(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
) -> ApiResult<Json<CatalogReference>> {
    let mut conn = state.db.pool().acquire().await?;
    let (categories, models, stores) = picks(&mut conn).await?;
    let reason = |r: StockReason, label: &str| Choice {
        value: r.as_str().to_owned(),
        label: label.to_owned(),
    };
    Ok(Json(CatalogReference {
        brands: choices!(Brand),
        product_types: choices!(ProductType),
        statuses: choices!(ProductStatus),
        labels: choices!(Label),
        option_kinds: choices!(OptionKind),
        download_kinds: choices!(DownloadKind),
        prime: choices!(PrimeRequirement),
        warehouses: choices!(Warehouse),
        stock_reasons: vec![
            reason(StockReason::Received, "Goods received"),
            reason(StockReason::Counted, "Stock count"),
            reason(StockReason::Damaged, "Damaged"),
            reason(StockReason::Returned, "Returned to stock"),
            reason(StockReason::Correction, "Correction"),
        ],
        categories: categories
            .into_iter()
            .map(|c| CategoryChoice {
                slug: c.slug,
                name: c.name,
                parent: c.parent_slug,
            })
            .collect(),
        models: models
            .into_iter()
            .map(|m| ModelChoice {
                code: m.code,
                name: m.name,
                prime: m.prime.0,
            })
            .collect(),
        stores: stores
            .into_iter()
            .map(|s| Choice {
                value: s.code,
                label: s.name,
            })
            .collect(),
    }))
}
