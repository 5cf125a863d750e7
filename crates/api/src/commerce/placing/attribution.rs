//! Partner attribution when an order is placed (SPEC §10, D58): inside the
//! order's transaction the cart's partner referral code is checked again;
//! an active partner is recorded on the order and earns a `pending` rebate
//! on each eligible line (licences, care plans, cloud plans). A code whose
//! partner was deactivated (or removed) meanwhile does not stop the order:
//! it is placed without attribution. Totals are never touched.

use crate::commerce::pricing::PricedCart;
use uplink_db::DbError;
use uplink_db::orders::{OrderLineRow, OrderRow};
use uplink_db::partners::{self as q, NewRebate};
use uplink_domain::catalog::ProductType;
use uplink_domain::money::Money;
use uplink_domain::partner_referral::{earns_rebate, rebate};

/// Records the cart's partner on `order` (already inserted with `lines`,
/// in `tx`) and writes the rebate rows; also fills the partner fields of
/// the in-memory `order`, so the answer shows them. Does nothing (and reads
/// nothing) when the cart has no code.
pub async fn record_partner(
    tx: &mut sqlx::AnyConnection,
    order: &mut OrderRow,
    lines: &[OrderLineRow],
    cart: &PricedCart,
) -> Result<(), DbError> {
    let Some(code) = cart.partner_referral_code.as_deref() else {
        return Ok(());
    };
    let Some(partner) = q::partner_by_code(&mut *tx, code)
        .await?
        .filter(|p| p.active)
    else {
        tracing::info!(order = %order.number, code, "partner referral code no longer active; order placed without attribution");
        return Ok(());
    };
    q::set_order_partner(&mut *tx, &order.id, &partner).await?;
    for line in lines {
        if !ProductType::parse(&line.product_type).is_some_and(earns_rebate) {
            continue;
        }
        let eligible = (Money::from_cents(line.subtotal_cents)
            - Money::from_cents(line.discount_cents))
        .cents();
        q::insert_rebate(
            &mut *tx,
            &NewRebate {
                partner_id: &partner.id,
                order_id: &order.id,
                order_line_id: &line.id,
                eligible_cents: eligible,
                rate_bp: partner.rebate_bp,
                rebate_cents: rebate(Money::from_cents(eligible), partner.rebate_bp).cents(),
            },
        )
        .await?;
    }
    order.partner_id = Some(partner.id);
    order.partner_referral_code = Some(partner.referral_code);
    order.partner_name = Some(partner.name);
    Ok(())
}
