//! The steps of the pricing pipeline ([`PIPELINE`]), each one
//! function over the lines and their [`PriceSheet`]. A line that cannot be
//! sold is charged nothing; the price shown for it stays.

use super::line::{effective_options, option_deltas, parse_options};
use super::priced::LineProblem;
use super::priced::{PricedCoupon, PricedLine, PricingContext};
use crate::read_model::snapshot::PriceList;
use uplink_domain::cart::{
    CouponContext, CouponRefusal, CouponValue, LineInput, MAX_ORDER_TOTAL, PriceSheet, Totals,
    TotalsTooLarge, unit_price,
};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;

/// The steps of the pricing pipeline, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricingStep {
    /// Each line at the store's own price with its options' deltas.
    StorePrice,
    /// A signed-in partner's lines at the store's partner price list (SPEC §10).
    PartnerPrice,
    /// A quotation's lines at the prices sales quoted (SPEC §9).
    QuotedPrice,
    /// The cart's coupon, checked against its rules and taken off the lines.
    Coupon,
    /// The app referral code's referee discount on eligible lines (SPEC §10).
    ReferralDiscount,
    /// US sales tax by destination state, per line on what it costs after discounts.
    Tax,
}

/// The pipeline: every price is worked out by these steps in this order.
pub const PIPELINE: [PricingStep; 6] = [
    PricingStep::StorePrice,
    PricingStep::PartnerPrice,
    PricingStep::QuotedPrice,
    PricingStep::Coupon,
    PricingStep::ReferralDiscount,
    PricingStep::Tax,
];

/// The lines as the steps work on them.
pub(super) struct Work {
    pub lines: Vec<PricedLine>,
    /// The money of the lines; `Err` once an amount would not fit.
    pub sheet: Result<PriceSheet, TotalsTooLarge>,
    pub coupon: Option<PricedCoupon>,
    /// What the referee discount took off.
    pub referral_discount: Money,
}

/// Runs one step.
pub(super) fn run(step: PricingStep, work: &mut Work, ctx: &PricingContext<'_>) {
    match step {
        PricingStep::StorePrice => store_price(work, ctx),
        PricingStep::PartnerPrice => partner_price(work, ctx),
        PricingStep::QuotedPrice => quoted_price(work, ctx),
        PricingStep::Coupon => coupon(work, ctx),
        PricingStep::ReferralDiscount => referral_discount(work, ctx),
        PricingStep::Tax => tax(work, ctx),
    }
}

/// Each line at the store's own price with its chosen options' deltas.
fn store_price(work: &mut Work, ctx: &PricingContext<'_>) {
    let own = ctx.snapshot.stores[ctx.store].base;
    set_unit_prices(work, ctx, own);
    work.sheet = PriceSheet::at_unit_prices(&charged(&work.lines), ctx.shipping);
}

/// A partner's lines at the partner price list (the store entry the
/// request was resolved to is the list's, see `crate::http::store`).
fn partner_price(work: &mut Work, ctx: &PricingContext<'_>) {
    if ctx.snapshot.stores[ctx.store].price_list != PriceList::Partner {
        return;
    }
    set_unit_prices(work, ctx, ctx.store);
    work.sheet = PriceSheet::at_unit_prices(&charged(&work.lines), ctx.shipping);
}

/// Every sold line's unit price from `store`'s offer, with option deltas.
fn set_unit_prices(work: &mut Work, ctx: &PricingContext<'_>, store: usize) {
    let snap = ctx.snapshot;
    for l in &mut work.lines {
        let Some(idx) = l.product else { continue };
        let Some(offer) = snap
            .offer(store, idx)
            .filter(|_| snap.product(idx).purchasable)
        else {
            continue;
        };
        let options = effective_options(snap, idx);
        let chosen = parse_options(&l.line.row.options);
        l.unit_price = unit_price(
            Money::from_cents(offer.price),
            &option_deltas(&options, &chosen),
        );
    }
}

/// A quotation's lines at the unit price sales quoted against, and each
/// line's quoted total (the difference to its subtotal is its discount).
/// With a quotation, a line it does not price costs nothing.
fn quoted_price(work: &mut Work, ctx: &PricingContext<'_>) {
    let Some(quoted) = ctx.quoted else { return };
    for (i, l) in work.lines.iter_mut().enumerate() {
        let q = quoted.lines.get(&l.line.row.id);
        if let Some(q) = q.filter(|_| is_offered(l, ctx)) {
            l.unit_price = q.unit_price;
        }
        let total = q.filter(|_| sellable(l)).map_or(Money::ZERO, |q| q.total);
        if let Ok(sheet) = &mut work.sheet {
            let charged = charged_line(l);
            if let Err(e) = sheet.reprice_line(i, charged) {
                work.sheet = Err(e);
                return;
            }
            sheet.set_quoted_total(i, total);
        }
    }
}

/// The cart's coupon: checked against its rules (the subtotal of what is
/// sold); taken off the lines when it applies and no quotation fixed the
/// prices.
fn coupon(work: &mut Work, ctx: &PricingContext<'_>) {
    let store = &ctx.snapshot.stores[ctx.store];
    let subtotal = match &work.sheet {
        Ok(sheet) => sheet.subtotal().unwrap_or(MAX_ORDER_TOTAL),
        Err(_) => MAX_ORDER_TOTAL,
    };
    work.coupon = ctx.coupon.clone().map(|row| {
        let refusal = row
            .to_domain()
            .check(&CouponContext {
                now_ms: ctx.now_ms,
                store: &store.code,
                subtotal,
                uses: row.times_used,
                customer_uses: ctx.coupon_customer_uses,
                customer: ctx.customer,
            })
            .err()
            .map(|r| (refusal_code(&r), refusal_message(&r, &store.currency)));
        PricedCoupon { row, refusal }
    });
    let value: Option<CouponValue> = work
        .coupon
        .as_ref()
        .filter(|c| c.refusal.is_none() && ctx.quoted.is_none())
        .map(|c| c.row.to_domain().value);
    if let (Some(value), Ok(sheet)) = (value, &mut work.sheet) {
        sheet.apply_coupon(value);
    }
}

/// The referee's discount (an app referral code the buyer may use) off each
/// eligible line, after the coupon; not on a quotation's fixed prices.
fn referral_discount(work: &mut Work, ctx: &PricingContext<'_>) {
    let Some(offer) = ctx.referral.filter(|o| o.applies()) else {
        return;
    };
    if ctx.quoted.is_some() {
        return;
    }
    let eligible: Vec<bool> = work
        .lines
        .iter()
        .map(|l| {
            sellable(l)
                && l.product.is_some_and(|i| {
                    offer
                        .eligible_types
                        .contains(&ctx.snapshot.product(i).product_type)
                })
        })
        .collect();
    if let Ok(sheet) = &mut work.sheet {
        work.referral_discount = sheet.apply_percent_to(offer.discount_bp, &eligible);
    }
}

/// Sales tax at the destination's rate.
fn tax(work: &mut Work, ctx: &PricingContext<'_>) {
    if let Ok(sheet) = &mut work.sheet {
        sheet.apply_tax(ctx.tax_bp);
    }
}

/// The totals, each line's amounts and its changed-price flag. A cart whose
/// amounts would not fit is refused whole (see [`refuse_oversized`]).
pub(super) fn finish(work: &mut Work, ctx: &PricingContext<'_>) -> Totals {
    for l in &mut work.lines {
        let offered = is_offered(l, ctx);
        l.previous_unit_price = (offered && l.line.row.seen_unit_cents != l.unit_price.cents())
            .then(|| Money::from_cents(l.line.row.seen_unit_cents));
    }
    let totals = match work.sheet.as_ref().map(PriceSheet::totals) {
        Ok(Ok(totals)) => totals,
        _ => refuse_oversized(&mut work.lines, ctx.shipping),
    };
    for (l, amounts) in work.lines.iter_mut().zip(&totals.lines) {
        l.amounts = *amounts;
    }
    totals
}

/// Whether the store sells the line's product now.
fn is_offered(l: &PricedLine, ctx: &PricingContext<'_>) -> bool {
    l.product.is_some_and(|idx| {
        ctx.snapshot
            .offer(ctx.store, idx)
            .is_some_and(|_| ctx.snapshot.product(idx).purchasable)
    })
}

/// What each line is charged at: its unit price when it can be sold, else nothing.
fn charged(lines: &[PricedLine]) -> Vec<LineInput> {
    lines.iter().map(charged_line).collect()
}

fn charged_line(l: &PricedLine) -> LineInput {
    LineInput {
        unit_price: if sellable(l) {
            l.unit_price
        } else {
            Money::ZERO
        },
        qty: l.line.row.qty,
    }
}

/// Whether the line is priced: lines not sold here and lines whose quantity
/// is out of bounds count zero until the buyer fixes them.
fn sellable(l: &PricedLine) -> bool {
    !matches!(&l.problem, Some(p) if matches!(p.code, ErrorCode::NotSoldInStore | ErrorCode::InvalidQuantity))
}

/// A cart whose amounts would not fit (only reachable with catalogue prices
/// far beyond [`MAX_ORDER_TOTAL`]): every line gets `invalid_quantity` and
/// counts zero, so nothing can be ordered until quantities come down.
fn refuse_oversized(lines: &mut [PricedLine], shipping: Money) -> Totals {
    for l in lines.iter_mut() {
        l.problem = Some(LineProblem {
            code: ErrorCode::InvalidQuantity,
            message: "This cart's total is too large to order at once; lower the quantities or request a quotation.".into(),
            available: None,
        });
    }
    let zeros = vec![
        LineInput {
            unit_price: Money::ZERO,
            qty: 0
        };
        lines.len()
    ];
    PriceSheet::at_unit_prices(&zeros, shipping)
        .and_then(|sheet| sheet.totals())
        .unwrap_or_default()
}

/// Maps a coupon refusal to its SPEC §16 code.
pub fn refusal_code(r: &CouponRefusal) -> ErrorCode {
    match r {
        CouponRefusal::Expired => ErrorCode::CouponExpired,
        CouponRefusal::UsedUp | CouponRefusal::UsedUpByCustomer => ErrorCode::CouponUsageExceeded,
        CouponRefusal::Inactive
        | CouponRefusal::NotYetValid
        | CouponRefusal::WrongStore
        | CouponRefusal::NotYours
        | CouponRefusal::MinimumSubtotal { .. } => ErrorCode::CouponInvalid,
    }
}

/// A buyer-facing sentence for a coupon refusal.
pub fn refusal_message(r: &CouponRefusal, currency: &str) -> String {
    match r {
        CouponRefusal::MinimumSubtotal { min } => format!(
            "This coupon needs a subtotal of at least {}.",
            crate::platform::money::money_text(min.cents(), currency)
        ),
        other => {
            let s = other.to_string();
            let mut c = s.chars();
            match c.next() {
                Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
                None => s,
            }
        }
    }
}
