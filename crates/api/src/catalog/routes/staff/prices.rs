use crate::catalog::editing::{admin_product, catalogue_changed, save_error};
use crate::catalog::staff_dto::{
    AdminProduct, BulkPriceRequest, BulkPriceResult, PriceMoveDto, PricesSave, StorePriceEntry,
};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use std::collections::HashSet;
use uplink_db::admin_catalog::{
    PriceMove, StorePrice, apply_price_moves, current_prices, reference_sets, set_store_prices,
    stored_product,
};
use uplink_db::audit::{AuditEntry, StaffWrite};
use uplink_domain::catalog_admin::MAX_PRICE_CENTS;
use uplink_domain::error_code::ErrorCode;

/// Most products one bulk change may touch.
const MAX_BULK: usize = 1_000;

fn check_entries(entries: &[StorePriceEntry], stores: &HashSet<String>) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    for (i, e) in entries.iter().enumerate() {
        let at = |f: &str| format!("prices[{i}].{f}");
        if !stores.contains(&e.store_code) {
            errors.push(FieldError::new(
                at("store_code"),
                ErrorCode::ValidationFailed,
                format!("There is no store {}.", e.store_code),
            ));
        } else if !seen.insert(e.store_code.as_str()) {
            errors.push(FieldError::new(
                at("store_code"),
                ErrorCode::ValidationFailed,
                "One entry per store.",
            ));
        }
        if e.price_cents
            .is_some_and(|p| !(0..=MAX_PRICE_CENTS).contains(&p))
        {
            errors.push(FieldError::new(
                at("price_cents"),
                ErrorCode::ValidationFailed,
                "A price is between $0.00 and $1,000,000.00, or empty for the list price.",
            ));
        }
        if let (Some(c), p) = (e.compare_at_cents, e.price_cents)
            && (c > MAX_PRICE_CENTS || p.is_some_and(|p| c <= p))
        {
            errors.push(FieldError::new(
                at("compare_at_cents"),
                ErrorCode::ValidationFailed,
                "A compare-at price is above the store's price, or empty.",
            ));
        }
    }
    errors
}

/// Replaces a product's per-store entries: a price of the store's own (or
/// the list price), a compare-at price, and whether the store sells it.
/// Stores with an `all` catalogue sell every product without an entry;
/// `selected` ones only those with `sold: true`.
#[utoipa::path(put, path = "/admin/products/{id}/prices", tag = "admin", request_body = PricesSave,
    params(("id" = String, Path, description = "The product id")),
    responses(
        (status = 200, body = AdminProduct),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`version_conflict` (`current_version`)", body = Problem),
        (status = 422, description = "`validation_failed`: `prices[i].store_code`, `prices[i].price_cents`, `prices[i].compare_at_cents`", body = Problem),
    ))]
pub async fn set_admin_product_prices(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
    ApiJson(save): ApiJson<PricesSave>,
) -> ApiResult<Json<AdminProduct>> {
    let before = {
        let mut conn = state.db.pool().acquire().await?;
        let sets = reference_sets(&mut conn).await?;
        let errors = check_entries(&save.prices, &sets.stores);
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        stored_product(&mut conn, &id)
            .await?
            .ok_or_else(|| ApiError::not_found("The product"))?
    };
    let prices: Vec<StorePrice> = save
        .prices
        .iter()
        .map(|e| StorePrice {
            store_code: e.store_code.clone(),
            price_cents: e.price_cents,
            compare_at_cents: e.compare_at_cents,
            sold: e.sold,
        })
        .collect();
    let before_prices: Vec<StorePrice> = before.prices.iter().map(StorePrice::from).collect();
    let mut w = StaffWrite::begin(&state.db, admin.actor()).await?;
    set_store_prices(&mut w, &id, save.version, &prices)
        .await
        .map_err(save_error)?;
    w.record(
        AuditEntry::new("product.prices", "product", &id)
            .summary(format!("Store prices of {}", before.input.sku))
            .before(&price_map(&before_prices))
            .after(&price_map(&prices)),
    );
    w.commit().await?;
    catalogue_changed(&state);
    Ok(Json(admin_product(&state.db, &id).await?))
}

/// Entries as `{store: {price_cents, compare_at_cents, sold}}` for the log.
fn price_map(prices: &[StorePrice]) -> serde_json::Value {
    prices
        .iter()
        .map(|p| {
            (
                p.store_code.clone(),
                serde_json::json!({"price_cents": p.price_cents, "compare_at_cents": p.compare_at_cents, "sold": p.sold}),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// Changes the price of a selection by a percentage or an amount: the list
/// prices, or one store's prices (from the store's own price where it has
/// one). Rounded half up to the cent. When any new price would fall below
/// $0.00 or above $1,000,000.00 nothing is written and each such product is
/// named. `dry_run` answers the changes without writing them.
#[utoipa::path(post, path = "/admin/prices/bulk", tag = "admin", request_body = BulkPriceRequest,
    responses(
        (status = 200, body = BulkPriceResult),
        (status = 422, description = "`validation_failed`: `product_ids` (empty, too many, unknown), `store_code`, `change`, or `product_ids[i]` whose new price is out of bounds", body = Problem),
    ))]
pub async fn bulk_change_prices(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiJson(req): ApiJson<BulkPriceRequest>,
) -> ApiResult<Json<BulkPriceResult>> {
    check_bulk(&state, &req).await?;
    let mut w = StaffWrite::begin(&state.db, admin.actor()).await?;
    let store = req.store_code.as_deref();
    let current = current_prices(w.tx(), &req.product_ids, store).await?;
    if current.len() != req.product_ids.len() {
        return Err(ApiError::field(
            "product_ids",
            ErrorCode::ValidationFailed,
            "Some products no longer exist; reload the list.",
        ));
    }
    let mut moves = Vec::with_capacity(current.len());
    let mut errors = Vec::new();
    for (i, (id, sku, before)) in current.into_iter().enumerate() {
        match req.change.apply(before) {
            Some(after) => moves.push(PriceMove {
                id,
                sku,
                before_cents: before,
                after_cents: after,
            }),
            None => errors.push(FieldError::new(
                format!("product_ids[{i}]"),
                ErrorCode::ValidationFailed,
                format!("{sku} would leave $0.00 – $1,000,000.00; leave it out or change less."),
            )),
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    if !req.dry_run {
        apply_price_moves(&mut w, store, &moves).await?;
        w.record(
            AuditEntry::new("product.bulk_price", "product", bulk_resource(&moves))
                .summary(format!(
                    "{} of {} product{} changed by {}",
                    store.map_or("List prices".to_owned(), |s| format!("Prices in {s}")),
                    moves.len(),
                    if moves.len() == 1 { "" } else { "s" },
                    change_text(&req.change)
                ))
                .after(&moves),
        );
        w.commit().await?;
        catalogue_changed(&state);
    }
    Ok(Json(BulkPriceResult {
        dry_run: req.dry_run,
        moves: moves
            .into_iter()
            .map(|m| PriceMoveDto {
                id: m.id,
                sku: m.sku,
                before_cents: m.before_cents,
                after_cents: m.after_cents,
            })
            .collect(),
    }))
}

/// The log's resource for a selection: the one product, or the first and a count.
fn bulk_resource(moves: &[PriceMove]) -> String {
    match moves {
        [one] => one.id.clone(),
        [first, rest @ ..] => format!("{} +{}", first.id, rest.len()),
        [] => String::new(),
    }
}

fn change_text(c: &uplink_domain::catalog_admin::PriceChange) -> String {
    use uplink_domain::catalog_admin::PriceChange;
    match *c {
        PriceChange::Percent(bp) => format!("{:+}.{:02} %", bp / 100, (bp % 100).abs()),
        PriceChange::Amount(cents) => format!(
            "{}${}.{:02}",
            if cents < 0 { "-" } else { "+" },
            cents.abs() / 100,
            cents.abs() % 100
        ),
    }
}

async fn check_bulk(state: &AppState, req: &BulkPriceRequest) -> ApiResult<()> {
    let mut errors = Vec::new();
    let unique: HashSet<&String> = req.product_ids.iter().collect();
    if req.product_ids.is_empty() || req.product_ids.len() > MAX_BULK {
        errors.push(FieldError::new(
            "product_ids",
            ErrorCode::ValidationFailed,
            format!("Choose 1 to {MAX_BULK} products."),
        ));
    } else if unique.len() != req.product_ids.len() {
        errors.push(FieldError::new(
            "product_ids",
            ErrorCode::ValidationFailed,
            "Each product once.",
        ));
    }
    if !req.change.is_valid() {
        errors.push(FieldError::new(
            "change",
            ErrorCode::ValidationFailed,
            "A percentage from -99.99 % to +1000 %, or an amount up to ±$1,000,000.00, not zero.",
        ));
    }
    if let Some(code) = &req.store_code {
        let mut conn = state.db.pool().acquire().await?;
        if !reference_sets(&mut conn).await?.stores.contains(code) {
            errors.push(FieldError::new(
                "store_code",
                ErrorCode::ValidationFailed,
                format!("There is no store {code}."),
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(errors))
    }
}
