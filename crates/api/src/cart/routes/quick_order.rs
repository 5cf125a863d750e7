use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::lines::{
    AddLineRequest, Plan, ValidLine, apply_all, cart_units, check_cart_units, plan, validate,
};
use crate::commerce::cart::scope::CartScope;
use crate::commerce::cart::scope::read_cart;
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use crate::read_model::Snapshot;
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use uplink_db::cart::{self as q, CartLine};
use uplink_domain::cart::QUICK_ORDER_MAX_ROWS;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuickOrderRow {
    #[schema(example = "MAX-BR1-MINI-C4")]
    pub sku: String,
    /// Quantity (default 1; serial-bound products: the number of serials).
    #[serde(default)]
    pub qty: Option<i64>,
    /// Device serial numbers for serial-bound products.
    #[serde(default)]
    pub serials: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuickOrderRequest {
    /// Up to 200 rows; rows with the same SKU are merged (quantities and serials add up).
    pub rows: Vec<QuickOrderRow>,
    /// Only check the rows; add nothing.
    #[serde(default)]
    pub dry_run: bool,
}

/// What happened to one (merged) row.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuickOrderRowResult {
    /// Positions (0-based) of the request rows merged into this one.
    pub rows: Vec<usize>,
    pub sku: String,
    pub qty: i64,
    pub serials: Vec<String>,
    /// `added`, `valid` (dry run) or `invalid`.
    pub status: String,
    /// The error code when invalid (SPEC §16).
    pub code: Option<String>,
    pub message: Option<String>,
    /// Field errors of an invalid row (e.g. `serials[1]`).
    pub errors: Vec<FieldError>,
    /// Units available, for `insufficient_stock`.
    pub available: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuickOrderResponse {
    pub results: Vec<QuickOrderRowResult>,
    pub added: usize,
    pub invalid: usize,
    /// The cart after adding (unchanged on a dry run).
    pub cart: CartDto,
}

struct Merged {
    rows: Vec<usize>,
    sku: String,
    qty: Option<i64>,
    serials: Vec<String>,
}

fn merge_rows(rows: &[QuickOrderRow]) -> Vec<Merged> {
    let mut out: Vec<Merged> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let sku = r.sku.trim().to_ascii_uppercase();
        match out.iter_mut().find(|m| m.sku == sku && !sku.is_empty()) {
            Some(m) => {
                m.rows.push(i);
                m.qty = match (m.qty, r.qty) {
                    (None, None) => Some(2),
                    (a, b) => Some(a.unwrap_or(1).saturating_add(b.unwrap_or(1))),
                };
                m.serials.extend(r.serials.iter().cloned());
            }
            None => out.push(Merged {
                rows: vec![i],
                sku,
                qty: r.qty,
                serials: r.serials.clone(),
            }),
        }
    }
    out
}

/// Quick order (SPEC §5): up to 200 rows of SKU, quantity and serials. Rows
/// with the same SKU merge; each row is checked with the rules of
/// `POST /cart/lines` and gets its own result; all valid rows are added in one
/// transaction and the rest are reported. `dry_run` only checks.
#[utoipa::path(post, path = "/cart/quick-order", tag = "cart",
    params(StoreParam),
    request_body = QuickOrderRequest,
    responses(
        (status = 200, body = QuickOrderResponse, description = "Per-row results and the cart"),
        (status = 409, description = "`must_change_store`", body = Problem),
        (status = 422, description = "`validation_failed`: no rows, or more than 200", body = Problem),
    ))]
pub async fn quick_order(
    State(state): State<AppState>,
    scope: CartScope,
    ApiJson(req): ApiJson<QuickOrderRequest>,
) -> ApiResult<Response> {
    if req.rows.is_empty() || req.rows.len() > QUICK_ORDER_MAX_ROWS {
        return Err(ApiError::field(
            "rows",
            ErrorCode::ValidationFailed,
            format!(
                "Send between 1 and {QUICK_ORDER_MAX_ROWS} rows (this had {}).",
                req.rows.len()
            ),
        ));
    }
    let snap = &scope.store.snapshot;
    let warehouse = snap.stores[scope.store.store].warehouse();
    let merged = merge_rows(&req.rows);
    // The rules that read the account's devices and plans run before the
    // write transaction: on PostgreSQL that transaction holds a pooled
    // connection, and asking the pool for another inside it deadlocks once
    // every connection is held by a quick order doing the same.
    let mut checked = Vec::with_capacity(merged.len());
    for m in merged {
        let valid = match validate(
            snap,
            scope.store.store,
            &AddLineRequest {
                sku: m.sku.clone(),
                qty: if m.serials.is_empty() { m.qty } else { None },
                serials: m.serials.clone(),
                ..AddLineRequest::default()
            },
        ) {
            Ok(valid) => crate::commerce::cart::stacking::check_line(
                &state.db,
                snap,
                &valid,
                scope.user_id(),
            )
            .await
            .map(|()| valid),
            Err(e) => Err(e),
        };
        checked.push((m, valid));
    }
    let (db, snap, store_code) = (
        state.db.clone(),
        scope.store.snapshot.clone(),
        scope.store.code().to_owned(),
    );
    let (owner, user_id) = (
        scope.owner()?.to_owned(),
        scope.user_id().map(str::to_owned),
    );
    let dry_run = req.dry_run;
    // On SQLite, on the writer's thread, as adding one line is (D128).
    let write = async move {
        let mut tx = db.begin_write().await?;
        let cart = q::ensure_cart(&mut tx, &store_code, &owner, user_id.as_deref()).await?;
        let lines = q::cart_lines(&mut tx, &cart.id).await?;
        // Every valid row's stock in one read.
        let products: Vec<&str> = checked
            .iter()
            .filter_map(|(_, valid)| valid.as_ref().ok())
            .map(|valid| valid.product_id.as_str())
            .collect();
        let stock =
            uplink_db::stock::available_stock(&mut tx, warehouse.as_str(), &products).await?;
        let (results, plans) = plan_rows(&snap, checked, &lines, &stock, dry_run);
        let added = plans.len();
        if dry_run {
            tx.rollback().await?;
        } else {
            apply_all(&mut tx, &cart.id, &lines, plans).await?;
            tx.commit().await?;
        }
        ApiResult::Ok((results, added))
    };
    let (results, added) = state.db.on_writer_thread(write).await?;
    let invalid = results.len() - added;
    let cart = read_cart(&state, &scope, None).await?;
    Ok(scope.respond(
        &state,
        Json(QuickOrderResponse {
            results,
            added,
            invalid,
            cart,
        }),
    ))
}

/// Each row's result, and the plans of the rows that can be added: the
/// rows checked in order, each against the cart as the rows before it
/// leave it (SPEC §2's bound on units per order).
fn plan_rows(
    snap: &Snapshot,
    checked: Vec<(Merged, ApiResult<ValidLine>)>,
    lines: &[CartLine],
    stock: &HashMap<String, i64>,
    dry_run: bool,
) -> (Vec<QuickOrderRowResult>, Vec<Plan>) {
    let mut results = Vec::with_capacity(checked.len());
    let mut plans = Vec::new();
    let mut units = cart_units(lines, None);
    for (m, valid) in checked {
        let outcome = valid.and_then(|valid| {
            let qty = valid.qty;
            let p = plan(snap, valid, lines, stock)?;
            check_cart_units(units, p.added_units())?;
            units += p.added_units();
            Ok((p, qty))
        });
        let qty = m.qty.unwrap_or(if m.serials.is_empty() {
            1
        } else {
            m.serials.len() as i64
        });
        match outcome {
            Ok((p, qty)) => {
                plans.push(p);
                results.push(QuickOrderRowResult {
                    rows: m.rows,
                    sku: m.sku,
                    qty,
                    serials: m.serials,
                    status: if dry_run { "valid" } else { "added" }.into(),
                    code: None,
                    message: None,
                    errors: Vec::new(),
                    available: None,
                });
            }
            Err(e) => results.push(QuickOrderRowResult {
                rows: m.rows,
                sku: m.sku,
                qty,
                serials: m.serials,
                status: "invalid".into(),
                code: Some(e.code.as_str().to_owned()),
                message: Some(e.detail.clone()),
                available: e.extra.get("available").and_then(|v| v.as_i64()),
                errors: e.errors,
            }),
        }
    }
    (results, plans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_with_the_same_sku_merge() {
        let row = |sku: &str, qty: Option<i64>| QuickOrderRow {
            sku: sku.into(),
            qty,
            serials: vec![],
        };
        let m = merge_rows(&[
            row("ap-one-ax", Some(2)),
            row("X", None),
            row(" AP-ONE-AX ", Some(3)),
        ]);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].rows, vec![0, 2]);
        assert_eq!(m[0].qty, Some(5));
        assert_eq!(m[0].sku, "AP-ONE-AX");
    }
}
