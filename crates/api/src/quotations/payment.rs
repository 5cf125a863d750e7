//! Paying an accepted quotation (SPEC §9, `/quotation/payment`): its lines
//! become an order at the quoted prices through checkout's own placing (the
//! same payment methods, idempotency, stock and credit checks), and the
//! quotation becomes `ordered` in the order's transaction, once.

use super::view::Loaded;
use crate::cart::pricing::{QuotedLine, QuotedPrices};
use crate::checkout::dto::PlaceOrderRequest;
use crate::checkout::place::{IdemKey, PlacedOrder, QuotationForOrder, place_quotation};
use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::{StoreContext, StoreSource};
use std::collections::HashMap;
use std::sync::Arc;
use uplink_db::cart::{CartContents, CartLine, CartLineRow};
use uplink_db::now_ms;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_domain::quotations::QuotationStatus;

/// Refuses a quotation that cannot be paid now.
pub fn check_payable(q: &Loaded, now: i64) -> ApiResult<()> {
    let status = q.status();
    if matches!(status, QuotationStatus::Expired)
        || (status == QuotationStatus::Accepted && q.past_valid_until(now))
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
pub fn for_order(q: &Loaded) -> QuotationForOrder {
    let now = now_ms();
    let cart_id = format!("quotation-{}", q.row.number);
    let mut prices = HashMap::with_capacity(q.lines.len());
    let lines = q
        .lines
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
        id: q.row.id.clone(),
        number: q.row.number.clone(),
        contents: Arc::new(CartContents::unsaved(
            &cart_id,
            &q.row.store_code,
            &q.row.user_id,
            lines,
        )),
        prices: QuotedPrices { lines: prices },
        shipping_cents: q.row.shipping_cents,
        coverage_until: q
            .lines
            .iter()
            .filter_map(|l| Some((l.id.clone(), l.coverage_until?)))
            .collect(),
    }
}

/// The store the quotation was asked in (its prices are in its currency).
pub fn store_of(state: &AppState, q: &Loaded) -> ApiResult<StoreContext> {
    let snapshot = state
        .catalog
        .loaded()
        .ok_or_else(|| ApiError::internal("catalogue not loaded"))?;
    let store = snapshot.store_by_code(&q.row.store_code).ok_or_else(|| {
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

/// Places the order that pays the quotation.
pub async fn pay(
    state: &AppState,
    auth: &AuthUser,
    q: &Loaded,
    req: &PlaceOrderRequest,
    idem: &IdemKey,
) -> ApiResult<PlacedOrder> {
    check_payable(q, now_ms())?;
    let store = store_of(state, q)?;
    place_quotation(state, auth, &store, Arc::new(for_order(q)), req, idem).await
}
