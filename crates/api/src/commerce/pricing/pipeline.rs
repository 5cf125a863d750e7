//! [`price_cart`]: the lines described, then the steps of the
//! [`PIPELINE`] in their order, then the totals.

use super::line;
use super::priced::{PricedCart, PricingContext};
use super::steps::{self, PIPELINE};
use uplink_db::cart::CartContents;
use uplink_domain::cart::PriceSheet;

/// Prices the lines through the [`PIPELINE`]. Lines that cannot be sold
/// (gone from the catalogue, not sold in this store, quantity out of
/// bounds) get a problem and count zero; lines with too little stock get a
/// problem but keep their price, so the buyer sees what they would pay once
/// they lower the quantity.
pub fn price_cart(contents: Option<&CartContents>, ctx: &PricingContext<'_>) -> PricedCart {
    let snap = ctx.snapshot;
    let store = &snap.stores[ctx.store];
    let all = contents.map(|c| c.lines.as_slice()).unwrap_or_default();
    let mut work = steps::Work {
        lines: line::describe_lines(all, ctx),
        sheet: Ok(PriceSheet::default()),
        coupon: None,
        referral_discount: uplink_domain::money::Money::ZERO,
    };
    for step in PIPELINE {
        steps::run(step, &mut work, ctx);
    }
    let totals = steps::finish(&mut work, ctx);
    PricedCart {
        cart_id: contents.map(|c| c.cart.id.clone()),
        store_code: store.code.clone(),
        currency: store.currency.clone(),
        lines: work.lines,
        coupon: work.coupon,
        tax_state: ctx.tax_state.clone(),
        tax_bp: ctx.tax_bp,
        charges_tax: store.region == uplink_domain::catalog::Region::Us,
        totals,
        price_list: store.price_list,
        app_referral: ctx.referral.cloned(),
        referral_discount: work.referral_discount,
        partner_referral_code: contents.and_then(|c| c.cart.partner_referral_code.clone()),
    }
}
