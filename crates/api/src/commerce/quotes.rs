//! A quotation as a way to buy (SPEC §9, `/quotation/payment`): an accepted
//! quotation's lines become an order at the quoted prices through the one
//! placing (the same payment methods, idempotency, stock and credit checks),
//! and the quotation becomes `ordered` in the order's transaction, once.
//! The checkout options page prices it the same way ([`load_payable`]).

use crate::commerce::placing::QuotationForOrder;
use crate::commerce::pricing::{QuotedLine, QuotedPrices};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::http::store::{StoreContext, StoreSource};
use std::collections::HashMap;
use std::sync::Arc;
use uplink_db::cart::{CartContents, CartLine, CartLineRow};
use uplink_db::now_ms;
use uplink_db::quotations::{QuotationLineRow, QuotationRow};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_domain::quotations::{QuotationStatus, parse_quotation_number, quotation_number};

/// The caller's own quotation `number`, payable now, with the store it was
/// made in and its lines as an order takes them. Another customer's
/// quotation is 404 like a missing one.
pub async fn load_payable(
    state: &AppState,
    user_id: &str,
    number: &str,
) -> ApiResult<(StoreContext, Arc<QuotationForOrder>)> {
    let missing = || ApiError::not_found("This quotation");
    let number = parse_quotation_number(number)
        .map(quotation_number)
        .ok_or_else(missing)?;
    let (row, lines, _) = state.db.quotation(&number).await?.ok_or_else(missing)?;
    if row.user_id != user_id {
        return Err(missing());
    }
    check_payable(&row, now_ms())?;
    Ok((store_of(state, &row)?, Arc::new(for_order(&row, &lines))))
}

/// Refuses a quotation that cannot be paid now (the expiry job may not
/// have run yet: prices past their valid-until date no longer hold).
pub fn check_payable(row: &QuotationRow, now: i64) -> ApiResult<()> {
    let status = QuotationStatus::parse(&row.status).unwrap_or(QuotationStatus::Closed);
    let past_valid_until = row.valid_until.is_some_and(|v| v < now);
    if matches!(status, QuotationStatus::Expired)
        || (status == QuotationStatus::Accepted && past_valid_until)
    {
        return Err(ApiError::new(ErrorCode::QuotationExpired).with_detail(
            "These prices are no longer valid; request a new quotation or buy at catalogue prices.",
        ));
    }
    if status != QuotationStatus::Accepted {
        let why = match status {
            QuotationStatus::Ordered => "This quotation has already been paid.".to_owned(),
            QuotationStatus::Quoted => "Accept the quoted prices first, then pay.".to_owned(),
            other => format!(
                "A quotation that is {} cannot be paid; only accepted quotations can.",
                other.label().to_lowercase()
            ),
        };
        return Err(ApiError::new(ErrorCode::QuotationNotPayable)
            .with_detail(why)
            .with_extra("quotation_status", status.as_str()));
    }
    Ok(())
}

/// The quotation's lines as checkout takes them, with their quoted prices.
pub fn for_order(row: &QuotationRow, quoted: &[QuotationLineRow]) -> QuotationForOrder {
    let now = now_ms();
    let cart_id = format!("quotation-{}", row.number);
    let mut prices = HashMap::with_capacity(quoted.len());
    let lines = quoted
        .iter()
        .map(|l| {
            prices.insert(
                l.id.clone(),
                QuotedLine {
                    unit_price: Money::from_cents(l.unit_price_cents),
                    total: Money::from_cents(l.quoted_total_cents),
                },
            );
            CartLine {
                row: CartLineRow {
                    // The quotation line's id: the quoted prices are found by it.
                    id: l.id.clone(),
                    cart_id: cart_id.clone(),
                    product_id: l.product_id.clone(),
                    sku: l.sku.clone(),
                    qty: l.qty,
                    options: l.options.clone(),
                    iccid: l.iccid.clone(),
                    line_key: format!("quotation:{}", l.id),
                    seen_unit_cents: l.unit_price_cents,
                    position: l.position,
                    created_at: now,
                    updated_at: now,
                },
                serials: serde_json::from_str(&l.serials).unwrap_or_default(),
            }
        })
        .collect();
    QuotationForOrder {
        id: row.id.clone(),
        number: row.number.clone(),
        contents: Arc::new(CartContents::unsaved(
            &cart_id,
            &row.store_code,
            &row.user_id,
            lines,
        )),
        prices: QuotedPrices { lines: prices },
        shipping_cents: row.shipping_cents,
        coverage_until: quoted
            .iter()
            .filter_map(|l| Some((l.id.clone(), l.coverage_until?)))
            .collect(),
    }
}

/// The store the quotation was asked in (its prices are in its currency).
pub fn store_of(state: &AppState, row: &QuotationRow) -> ApiResult<StoreContext> {
    let snapshot = state
        .catalog
        .loaded()
        .ok_or_else(|| ApiError::internal("catalogue not loaded"))?;
    let store = snapshot.store_by_code(&row.store_code).ok_or_else(|| {
        ApiError::new(ErrorCode::QuotationNotPayable).with_detail(
            "The store this quotation was made in no longer sells online; contact sales.",
        )
    })?;
    Ok(StoreContext {
        snapshot,
        store,
        source: StoreSource::Account,
    })
}
