//! Cart arithmetic and rules (SPEC §2, §5): unit prices with option deltas,
//! quantity rules, coupons, per-line discount and sales tax rounded half-up to
//! the cent, and totals that are exactly the sum of the rounded lines.
//!
//! Everything here is pure; the storage layer loads rows and the API layer
//! turns refusals into error codes.

use crate::money::Money;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Quantities
// ---------------------------------------------------------------------------

/// Most units one cart line may hold, whatever the product allows: the
/// store-wide bound of SPEC §2 (its default of 10,000).
pub const MAX_LINE_QTY: i64 = 10_000;

/// Most units one cart or order may hold over all its lines (D80).
pub const MAX_ORDER_QTY: i64 = 100_000;

/// The largest total one order may reach, $1,000,000,000.00 (D80). With
/// quantities bounded as above and catalogue prices below it, no line or total
/// can come near the `i64` range; larger purchases go through a quotation.
pub const MAX_ORDER_TOTAL: Money = Money::from_cents(100_000_000_000);

/// A product's quantity rules (SPEC §4.1: min/max qty, qty step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuantityRules {
    pub min: i64,
    pub max: Option<i64>,
    pub step: i64,
}

/// Why a quantity was refused (`invalid_quantity`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidQuantity {
    #[error("the quantity must be at least {min}")]
    BelowMin { min: i64 },
    #[error("at most {max} can be ordered at a time")]
    AboveMax { max: i64 },
    #[error("this product is sold in steps of {step} starting at {min}")]
    Step { min: i64, step: i64 },
}

impl QuantityRules {
    /// A product's own rules under the store-wide bound: its maximum, or
    /// [`MAX_LINE_QTY`] when it has none or a larger one.
    pub fn bounded(min: i64, max: Option<i64>, step: i64) -> QuantityRules {
        QuantityRules {
            min,
            max: Some(max.map_or(MAX_LINE_QTY, |m| m.min(MAX_LINE_QTY))),
            step,
        }
    }

    /// `qty ≥ min`, `qty ≤ max` when there is one, and `qty = min + k·step`
    /// (the same rule the product page applies).
    pub fn check(&self, qty: i64) -> Result<(), InvalidQuantity> {
        let min = self.min.max(1);
        let step = self.step.max(1);
        if qty < min {
            return Err(InvalidQuantity::BelowMin { min });
        }
        if let Some(max) = self.max
            && qty > max
        {
            return Err(InvalidQuantity::AboveMax { max });
        }
        if (qty - min) % step != 0 {
            return Err(InvalidQuantity::Step { min, step });
        }
        Ok(())
    }

    /// The largest allowed quantity not above `qty` (used when merging carts:
    /// "quantities add, capped by max qty"). `None` when even `min` is too many.
    pub fn cap(&self, qty: i64) -> Option<i64> {
        let min = self.min.max(1);
        let step = self.step.max(1);
        let upper = self.max.map_or(qty, |m| qty.min(m));
        if upper < min {
            return None;
        }
        Some(min + (upper - min) / step * step)
    }
}

// ---------------------------------------------------------------------------
// Unit prices
// ---------------------------------------------------------------------------

/// A custom option value's price change: fixed cents or basis points of the
/// base unit price (D19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PriceDelta {
    Cents(i64),
    BasisPoints(i64),
}

/// The unit price: the store price plus each chosen value's delta, each
/// computed on the base price and rounded half-up to the cent. Never negative.
pub fn unit_price(base: Money, deltas: &[PriceDelta]) -> Money {
    let mut unit = base;
    for d in deltas {
        unit += match *d {
            PriceDelta::Cents(c) => Money::from_cents(c),
            PriceDelta::BasisPoints(bp) => base.percent_bp(bp),
        };
    }
    unit.max(Money::ZERO)
}

// ---------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CouponValue {
    /// Basis points of every line (1000 = 10 %), rounded per line.
    Percent(i64),
    /// A fixed amount off the cart, spread over the lines, never more than the subtotal.
    Fixed(Money),
}

/// A coupon's rules as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub code: String,
    pub value: CouponValue,
    pub active: bool,
    /// Unix ms; `None` = no bound.
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub min_subtotal: Money,
    /// Total redemptions allowed (`None` = unlimited).
    pub max_uses: Option<i64>,
    /// Redemptions per customer (`None` = unlimited).
    pub max_uses_per_customer: Option<i64>,
    /// Store code the coupon is limited to (`None` = every store).
    pub store: Option<String>,
    /// The one customer who may use it (a referral reward coupon, D103).
    pub owner: Option<String>,
}

/// Facts a coupon is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CouponContext<'a> {
    pub now_ms: i64,
    pub store: &'a str,
    pub subtotal: Money,
    /// Redemptions so far, by everyone.
    pub uses: i64,
    /// Redemptions so far by this customer (0 for guests).
    pub customer_uses: i64,
    /// The signed-in customer's id (`None` for guests).
    pub customer: Option<&'a str>,
}

/// Why a coupon does not apply. Each maps to one error code of SPEC §16.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponRefusal {
    /// `coupon_invalid`
    #[error("this coupon is not active")]
    Inactive,
    /// `coupon_invalid`
    #[error("this coupon is not valid yet")]
    NotYetValid,
    /// `coupon_expired`
    #[error("this coupon has expired")]
    Expired,
    /// `coupon_invalid`
    #[error("this coupon is not valid in this store")]
    WrongStore,
    /// `coupon_invalid`
    #[error("this coupon belongs to another account")]
    NotYours,
    /// `coupon_invalid`
    #[error("this coupon needs a subtotal of at least {} cents", min.cents())]
    MinimumSubtotal { min: Money },
    /// `coupon_usage_exceeded`
    #[error("this coupon has been used the maximum number of times")]
    UsedUp,
    /// `coupon_usage_exceeded`
    #[error("you have already used this coupon the maximum number of times")]
    UsedUpByCustomer,
}

/// Coupon codes are compared upper-case without surrounding spaces.
pub fn normalise_coupon_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

impl Coupon {
    /// Every rule of SPEC §5, in the order a buyer would want to hear them.
    pub fn check(&self, ctx: &CouponContext<'_>) -> Result<(), CouponRefusal> {
        if !self.active {
            return Err(CouponRefusal::Inactive);
        }
        if let Some(store) = &self.store
            && !store.eq_ignore_ascii_case(ctx.store)
        {
            return Err(CouponRefusal::WrongStore);
        }
        if let Some(owner) = &self.owner
            && ctx.customer != Some(owner.as_str())
        {
            return Err(CouponRefusal::NotYours);
        }
        if self.starts_at.is_some_and(|s| ctx.now_ms < s) {
            return Err(CouponRefusal::NotYetValid);
        }
        if self.ends_at.is_some_and(|e| ctx.now_ms >= e) {
            return Err(CouponRefusal::Expired);
        }
        if self.max_uses.is_some_and(|m| ctx.uses >= m) {
            return Err(CouponRefusal::UsedUp);
        }
        if self
            .max_uses_per_customer
            .is_some_and(|m| ctx.customer_uses >= m)
        {
            return Err(CouponRefusal::UsedUpByCustomer);
        }
        if ctx.subtotal < self.min_subtotal {
            return Err(CouponRefusal::MinimumSubtotal {
                min: self.min_subtotal,
            });
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------

/// One line to price: its unit price and quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineInput {
    pub unit_price: Money,
    pub qty: i64,
}

/// One priced line. `total = subtotal − discount + tax`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineTotals {
    pub subtotal: Money,
    pub discount: Money,
    pub tax: Money,
    pub total: Money,
}

/// A priced cart. Every total is the sum of the same field over the lines
/// (plus shipping for `total`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Totals {
    pub lines: Vec<LineTotals>,
    pub subtotal: Money,
    pub discount: Money,
    pub shipping: Money,
    pub tax: Money,
    pub total: Money,
}

/// The amounts of a cart do not fit: only reachable with quantities or prices
/// beyond the bounds above, refused as `invalid_quantity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the order total is too large")]
pub struct TotalsTooLarge;

/// A cart's money as the pricing pipeline works it out, line by line: each
/// step adjusts the lines' discount or tax in turn (the order of the steps
/// is the caller's, e.g. the API's pricing pipeline), and [`totals`] adds
/// them up. Every step is checked: amounts that would not fit in an `i64`
/// give [`TotalsTooLarge`] instead of a wrapped (negative or tiny) total.
///
/// [`totals`]: PriceSheet::totals
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PriceSheet {
    lines: Vec<LineTotals>,
    shipping: Money,
}

impl PriceSheet {
    /// Each line at its unit price: subtotal = unit × qty, nothing off yet.
    /// `shipping` is added untaxed at the end (D52).
    pub fn at_unit_prices(
        lines: &[LineInput],
        shipping: Money,
    ) -> Result<PriceSheet, TotalsTooLarge> {
        let lines = lines
            .iter()
            .map(|l| {
                let subtotal = l
                    .unit_price
                    .checked_mul(l.qty.max(0))
                    .ok_or(TotalsTooLarge)?;
                Ok(LineTotals {
                    subtotal,
                    ..LineTotals::default()
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PriceSheet { lines, shipping })
    }

    /// Line `i` at another unit price (a quoted one, say): its subtotal
    /// again, nothing off yet.
    pub fn reprice_line(&mut self, i: usize, line: LineInput) -> Result<(), TotalsTooLarge> {
        let subtotal = line
            .unit_price
            .checked_mul(line.qty.max(0))
            .ok_or(TotalsTooLarge)?;
        if let Some(l) = self.lines.get_mut(i) {
            *l = LineTotals {
                subtotal,
                ..LineTotals::default()
            };
        }
        Ok(())
    }

    /// Line `i` sold at a quoted total (SPEC §9): it keeps its subtotal and
    /// gets the difference to the quoted total (capped at the subtotal) as
    /// its discount.
    pub fn set_quoted_total(&mut self, i: usize, quoted: Money) {
        if let Some(line) = self.lines.get_mut(i) {
            let s = line.subtotal;
            line.discount = s
                .checked_sub(quoted.clamp(Money::ZERO, s))
                .unwrap_or(Money::ZERO);
        }
    }

    /// Lines sold at quoted totals, in order (see [`Self::set_quoted_total`]);
    /// a line without a quoted total keeps its price.
    pub fn set_quoted_totals(&mut self, quoted_totals: &[Money]) {
        for (i, quoted) in quoted_totals.iter().enumerate() {
            self.set_quoted_total(i, *quoted);
        }
    }

    /// The sum of the lines' subtotals (`None` when it would not fit).
    pub fn subtotal(&self) -> Option<Money> {
        Money::checked_sum(self.lines.iter().map(|l| l.subtotal))
    }

    /// A coupon's discount on what the lines still cost (percent: rounded
    /// half-up per line; fixed: spread over the lines in proportion, largest
    /// remainders first, never more than they cost), added to the lines'
    /// discount.
    pub fn apply_coupon(&mut self, coupon: CouponValue) {
        let net: Vec<Money> = self
            .lines
            .iter()
            .map(|l| l.subtotal.checked_sub(l.discount).unwrap_or(Money::ZERO))
            .collect();
        for (line, off) in self.lines.iter_mut().zip(discounts(&net, Some(coupon))) {
            line.discount = line.discount.checked_add(off).unwrap_or(line.subtotal);
        }
    }

    /// A percentage (basis points, rounded half up per line) off what each
    /// line marked in `lines` still costs, added to its discount; the total
    /// taken off.
    pub fn apply_percent_to(&mut self, bp: i64, lines: &[bool]) -> Money {
        let bp = bp.clamp(0, 10_000);
        let mut off_total = Money::ZERO;
        for (line, _) in self.lines.iter_mut().zip(lines).filter(|(_, on)| **on) {
            let net = line
                .subtotal
                .checked_sub(line.discount)
                .unwrap_or(Money::ZERO);
            let off = net.percent_bp(bp).min(net).max(Money::ZERO);
            line.discount = line.discount.checked_add(off).unwrap_or(line.subtotal);
            off_total = off_total.checked_add(off).unwrap_or(off_total);
        }
        off_total
    }

    /// Sales tax per line on the discounted amount at `tax_bp` basis points,
    /// rounded half-up.
    pub fn apply_tax(&mut self, tax_bp: i64) {
        for line in &mut self.lines {
            let net = line
                .subtotal
                .checked_sub(line.discount)
                .unwrap_or(Money::ZERO);
            line.tax = if tax_bp > 0 {
                net.percent_bp(tax_bp)
            } else {
                Money::ZERO
            };
        }
    }

    /// Every line's total (`subtotal − discount + tax`) and the cart's
    /// totals: each the sum of the same field over the lines, plus shipping
    /// for the total.
    pub fn totals(&self) -> Result<Totals, TotalsTooLarge> {
        let mut out = Totals {
            shipping: self.shipping,
            ..Totals::default()
        };
        for l in &self.lines {
            let line = price_one_line(l.subtotal, l.discount, l.tax).ok_or(TotalsTooLarge)?;
            out.subtotal = out
                .subtotal
                .checked_add(line.subtotal)
                .ok_or(TotalsTooLarge)?;
            out.discount = out
                .discount
                .checked_add(line.discount)
                .ok_or(TotalsTooLarge)?;
            out.tax = out.tax.checked_add(line.tax).ok_or(TotalsTooLarge)?;
            out.total = out.total.checked_add(line.total).ok_or(TotalsTooLarge)?;
            out.lines.push(line);
        }
        out.total = out.total.checked_add(self.shipping).ok_or(TotalsTooLarge)?;
        Ok(out)
    }
}

/// Prices the lines in one go: unit prices, then the coupon, then sales tax
/// (see [`PriceSheet`]).
pub fn price_lines(
    lines: &[LineInput],
    coupon: Option<CouponValue>,
    tax_bp: i64,
    shipping: Money,
) -> Result<Totals, TotalsTooLarge> {
    let mut sheet = PriceSheet::at_unit_prices(lines, shipping)?;
    if let Some(coupon) = coupon {
        sheet.apply_coupon(coupon);
    }
    sheet.apply_tax(tax_bp);
    sheet.totals()
}

/// Prices lines sold at quoted totals (SPEC §9): no coupon applies on top
/// (see [`PriceSheet::set_quoted_totals`]).
pub fn price_quoted_lines(
    lines: &[LineInput],
    quoted_totals: &[Money],
    tax_bp: i64,
    shipping: Money,
) -> Result<Totals, TotalsTooLarge> {
    let mut sheet = PriceSheet::at_unit_prices(lines, shipping)?;
    sheet.set_quoted_totals(quoted_totals);
    sheet.apply_tax(tax_bp);
    sheet.totals()
}

fn price_one_line(subtotal: Money, discount: Money, tax: Money) -> Option<LineTotals> {
    let net = subtotal.checked_sub(discount)?;
    Some(LineTotals {
        subtotal,
        discount,
        tax,
        total: net.checked_add(tax)?,
    })
}

fn discounts(subtotals: &[Money], coupon: Option<CouponValue>) -> Vec<Money> {
    match coupon {
        None => vec![Money::ZERO; subtotals.len()],
        Some(CouponValue::Percent(bp)) => {
            let bp = bp.clamp(0, 10_000);
            subtotals.iter().map(|s| s.percent_bp(bp)).collect()
        }
        Some(CouponValue::Fixed(amount)) => spread(subtotals, amount),
    }
}

/// Spreads `amount` (capped at the sum) over `weights` in proportion, in whole
/// cents, so the parts add up exactly and no part exceeds its weight.
fn spread(weights: &[Money], amount: Money) -> Vec<Money> {
    let total: i128 = weights.iter().map(|w| w.cents().max(0) as i128).sum();
    if total == 0 || amount.cents() <= 0 {
        return vec![Money::ZERO; weights.len()];
    }
    let amount = (amount.cents() as i128).min(total);
    let mut parts: Vec<i128> = Vec::with_capacity(weights.len());
    let mut remainders: Vec<(i128, usize)> = Vec::with_capacity(weights.len());
    for (i, w) in weights.iter().enumerate() {
        let num = amount * w.cents().max(0) as i128;
        parts.push(num / total);
        remainders.push((num % total, i));
    }
    let mut left = amount - parts.iter().sum::<i128>();
    // Largest remainder first; ties go to the earlier line.
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in remainders {
        if left == 0 {
            break;
        }
        if parts[i] < weights[i].cents() as i128 {
            parts[i] += 1;
            left -= 1;
        }
    }
    parts
        .into_iter()
        .map(|p| Money::from_cents(p as i64))
        .collect()
}

// ---------------------------------------------------------------------------
// Sales tax
// ---------------------------------------------------------------------------

/// The sales-tax rate in basis points for a cart of a store in `region`
/// shipping to US state `state` (SPEC §5): the Global region charges none,
/// the US region charges the state's rate from the table (`rate_of`), and
/// nothing until the destination state is known.
pub fn sales_tax_bp(
    region: crate::catalog::Region,
    state: Option<&str>,
    rate_of: impl Fn(&str) -> Option<i64>,
) -> i64 {
    match (region, state) {
        (crate::catalog::Region::Us, Some(state)) => {
            rate_of(&state.trim().to_ascii_uppercase()).unwrap_or(0)
        }
        _ => 0,
    }
}

// ---------------------------------------------------------------------------
// Serials and quick-order input
// ---------------------------------------------------------------------------

/// The first serial that occurs twice in `serials` (already normalised).
pub fn first_repeated<'a>(serials: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = std::collections::HashSet::new();
    serials.into_iter().find(|s| !seen.insert(*s))
}

/// Most rows a quick order accepts (SPEC §5).
pub const QUICK_ORDER_MAX_ROWS: usize = 200;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn m(c: i64) -> Money {
        Money::from_cents(c)
    }

    #[test]
    fn quoted_lines_keep_their_catalogue_subtotal_and_take_the_difference_off() {
        let lines = [
            LineInput {
                unit_price: m(10_000),
                qty: 3,
            },
            LineInput {
                unit_price: m(2_500),
                qty: 2,
            },
        ];
        let t = price_quoted_lines(&lines, &[m(27_000)], 825, m(1_500)).unwrap();
        assert_eq!(t.lines[0].subtotal, m(30_000));
        assert_eq!(t.lines[0].discount, m(3_000));
        // The second line has no quoted total: catalogue price.
        assert_eq!(t.lines[1].discount, Money::ZERO);
        assert_eq!(t.subtotal, m(35_000));
        assert_eq!(t.total, m(27_000 + 2_228 + 5_000 + 413 + 1_500));
        // A quoted total above the catalogue price is capped at it.
        let capped = price_quoted_lines(&lines[..1], &[m(99_999)], 0, Money::ZERO).unwrap();
        assert_eq!(capped.total, m(30_000));
    }

    #[test]
    fn quantities_follow_min_max_and_step() {
        let r = QuantityRules {
            min: 5,
            max: Some(50),
            step: 5,
        };
        assert!(r.check(5).is_ok());
        assert!(r.check(50).is_ok());
        assert_eq!(r.check(4), Err(InvalidQuantity::BelowMin { min: 5 }));
        assert_eq!(r.check(0), Err(InvalidQuantity::BelowMin { min: 5 }));
        assert_eq!(r.check(55), Err(InvalidQuantity::AboveMax { max: 50 }));
        assert_eq!(r.check(7), Err(InvalidQuantity::Step { min: 5, step: 5 }));
        assert_eq!(r.cap(73), Some(50));
        assert_eq!(r.cap(12), Some(10));
        assert_eq!(r.cap(3), None);
        let open = QuantityRules {
            min: 1,
            max: None,
            step: 1,
        };
        assert_eq!(open.cap(1_000), Some(1_000));
    }

    #[test]
    fn option_deltas_are_computed_on_the_base_price() {
        // $499.00 + $49.00 + 15 % of 499.00 (74.85)
        assert_eq!(
            unit_price(
                m(49_900),
                &[PriceDelta::Cents(4_900), PriceDelta::BasisPoints(1_500)]
            ),
            m(49_900 + 4_900 + 7_485)
        );
        // 12.5 % of $0.99 = 12.375 → 12
        assert_eq!(unit_price(m(99), &[PriceDelta::BasisPoints(1_250)]), m(111));
        assert_eq!(unit_price(m(100), &[PriceDelta::Cents(-500)]), m(0));
    }

    #[test]
    fn tax_is_rounded_per_line_not_on_the_sum() {
        // Two lines of $0.10 at 8.25 %: 0.825 → 1 cent each, so 2 cents in
        // total, where taxing the $0.20 sum would give 1.65 → 2; with three
        // lines per-line rounding gives 3 while the sum would give 2.
        let lines = vec![
            LineInput {
                unit_price: m(10),
                qty: 1
            };
            3
        ];
        let t = price_lines(&lines, None, 825, Money::ZERO).unwrap();
        assert_eq!(t.tax, m(3));
        assert_eq!(t.total, m(33));
    }

    #[test]
    fn percent_coupons_round_half_up_per_line() {
        // 15 % of $3.30 = 49.5 → 50; of $1.10 = 16.5 → 17.
        let lines = [
            LineInput {
                unit_price: m(330),
                qty: 1,
            },
            LineInput {
                unit_price: m(110),
                qty: 1,
            },
        ];
        let t = price_lines(&lines, Some(CouponValue::Percent(1_500)), 0, Money::ZERO).unwrap();
        assert_eq!(t.lines[0].discount, m(50));
        assert_eq!(t.lines[1].discount, m(17));
        assert_eq!(t.discount, m(67));
        assert_eq!(t.total, m(440 - 67));
    }

    #[test]
    fn tax_applies_after_the_discount() {
        // $100 − 10 % = $90; 6.25 % of $90 = $5.625 → $5.63.
        let lines = [LineInput {
            unit_price: m(10_000),
            qty: 1,
        }];
        let t = price_lines(&lines, Some(CouponValue::Percent(1_000)), 625, m(1_500)).unwrap();
        assert_eq!(t.discount, m(1_000));
        assert_eq!(t.tax, m(563));
        assert_eq!(t.total, m(9_000 + 563 + 1_500));
    }

    #[test]
    fn a_fixed_coupon_is_spread_and_never_exceeds_the_subtotal() {
        let lines = [
            LineInput {
                unit_price: m(100),
                qty: 1,
            },
            LineInput {
                unit_price: m(200),
                qty: 1,
            },
        ];
        let t = price_lines(&lines, Some(CouponValue::Fixed(m(100))), 0, Money::ZERO).unwrap();
        assert_eq!(t.lines[0].discount + t.lines[1].discount, m(100));
        assert_eq!(t.lines[0].discount, m(33));
        assert_eq!(t.lines[1].discount, m(67));
        let big = price_lines(&lines, Some(CouponValue::Fixed(m(10_000))), 0, Money::ZERO).unwrap();
        assert_eq!(big.discount, m(300));
        assert_eq!(big.total, Money::ZERO);
    }

    fn coupon() -> Coupon {
        Coupon {
            code: "SAVE10".into(),
            value: CouponValue::Percent(1_000),
            active: true,
            starts_at: Some(1_000),
            ends_at: Some(2_000),
            min_subtotal: m(5_000),
            max_uses: Some(100),
            max_uses_per_customer: Some(1),
            store: Some("global".into()),
            owner: None,
        }
    }

    fn ctx(now_ms: i64) -> CouponContext<'static> {
        CouponContext {
            now_ms,
            store: "global",
            subtotal: m(10_000),
            uses: 0,
            customer_uses: 0,
            customer: Some("usr_ann"),
        }
    }

    #[test]
    fn coupon_rules_are_checked_with_their_own_reason() {
        let c = coupon();
        assert!(c.check(&ctx(1_500)).is_ok());
        assert_eq!(c.check(&ctx(999)), Err(CouponRefusal::NotYetValid));
        assert_eq!(c.check(&ctx(2_000)), Err(CouponRefusal::Expired));
        assert_eq!(
            c.check(&CouponContext {
                store: "us",
                ..ctx(1_500)
            }),
            Err(CouponRefusal::WrongStore)
        );
        assert_eq!(
            c.check(&CouponContext {
                subtotal: m(4_999),
                ..ctx(1_500)
            }),
            Err(CouponRefusal::MinimumSubtotal { min: m(5_000) })
        );
        assert_eq!(
            c.check(&CouponContext {
                uses: 100,
                ..ctx(1_500)
            }),
            Err(CouponRefusal::UsedUp)
        );
        assert_eq!(
            c.check(&CouponContext {
                customer_uses: 1,
                ..ctx(1_500)
            }),
            Err(CouponRefusal::UsedUpByCustomer)
        );
        let inactive = Coupon {
            active: false,
            ..coupon()
        };
        assert_eq!(inactive.check(&ctx(1_500)), Err(CouponRefusal::Inactive));
        let bobs = Coupon {
            owner: Some("usr_bob".into()),
            ..coupon()
        };
        assert_eq!(bobs.check(&ctx(1_500)), Err(CouponRefusal::NotYours));
        assert_eq!(
            bobs.check(&CouponContext {
                customer: None,
                ..ctx(1_500)
            }),
            Err(CouponRefusal::NotYours),
            "a guest cannot use anyone's reward coupon"
        );
        assert!(
            bobs.check(&CouponContext {
                customer: Some("usr_bob"),
                ..ctx(1_500)
            })
            .is_ok()
        );
        assert_eq!(normalise_coupon_code(" save10 "), "SAVE10");
    }

    #[test]
    fn a_percentage_on_some_lines_comes_off_what_they_still_cost() {
        let lines = [
            LineInput {
                unit_price: m(10_005),
                qty: 1,
            },
            LineInput {
                unit_price: m(5_000),
                qty: 2,
            },
        ];
        let mut sheet = PriceSheet::at_unit_prices(&lines, Money::ZERO).unwrap();
        sheet.apply_coupon(CouponValue::Fixed(m(1_000)));
        // 10 % of what each eligible line still costs after the coupon.
        let off = sheet.apply_percent_to(1_000, &[true, false]);
        sheet.apply_tax(0);
        let t = sheet.totals().unwrap();
        let first_net = 10_005 - t.lines[0].discount.cents() + off.cents();
        assert_eq!(off, m((first_net * 1_000 + 5_000) / 10_000));
        assert_eq!(t.discount, m(1_000) + off);
        assert_eq!(t.total, t.subtotal - t.discount);
    }

    #[test]
    fn only_the_us_region_charges_sales_tax_by_state() {
        use crate::catalog::Region;
        let table = |s: &str| (s == "TX").then_some(825);
        assert_eq!(sales_tax_bp(Region::Us, Some("tx"), table), 825);
        assert_eq!(sales_tax_bp(Region::Us, Some("OR"), table), 0);
        assert_eq!(sales_tax_bp(Region::Us, None, table), 0);
        assert_eq!(sales_tax_bp(Region::Global, Some("TX"), table), 0);
    }

    #[test]
    fn repeated_serials_are_found() {
        assert_eq!(first_repeated(["A", "B", "A"]), Some("A"));
        assert_eq!(first_repeated(["A", "B"]), None);
    }

    fn arb_lines() -> impl Strategy<Value = Vec<LineInput>> {
        proptest::collection::vec(
            (0i64..5_000_000, 1i64..500).prop_map(|(c, q)| LineInput {
                unit_price: m(c),
                qty: q,
            }),
            0..30,
        )
    }

    fn arb_coupon() -> impl Strategy<Value = Option<CouponValue>> {
        prop_oneof![
            Just(None),
            (0i64..=10_000).prop_map(|bp| Some(CouponValue::Percent(bp))),
            (0i64..100_000_000).prop_map(|c| Some(CouponValue::Fixed(m(c)))),
        ]
    }

    proptest! {
        #[test]
        fn totals_equal_the_sum_of_rounded_lines(
            lines in arb_lines(),
            coupon in arb_coupon(),
            tax_bp in 0i64..1_500,
            shipping in 0i64..100_000,
        ) {
            let t = price_lines(&lines, coupon, tax_bp, m(shipping)).unwrap();
            prop_assert_eq!(t.lines.len(), lines.len());
            let sum = |f: fn(&LineTotals) -> Money| t.lines.iter().map(f).sum::<Money>();
            prop_assert_eq!(t.subtotal, sum(|l| l.subtotal));
            prop_assert_eq!(t.discount, sum(|l| l.discount));
            prop_assert_eq!(t.tax, sum(|l| l.tax));
            prop_assert_eq!(t.total, sum(|l| l.total) + m(shipping));
            prop_assert_eq!(t.total, t.subtotal - t.discount + t.tax + m(shipping));
            for (line, input) in t.lines.iter().zip(&lines) {
                prop_assert_eq!(line.subtotal, input.unit_price * input.qty);
                prop_assert!(line.discount >= Money::ZERO && line.discount <= line.subtotal);
                prop_assert!(line.tax >= Money::ZERO);
                prop_assert_eq!(line.total, line.subtotal - line.discount + line.tax);
                // Each line's tax is its own net amount's tax, rounded half-up.
                let net = line.subtotal - line.discount;
                let exact = net.cents() as i128 * tax_bp as i128;
                let tax = line.tax.cents() as i128 * 10_000;
                prop_assert!((tax - exact).abs() * 2 <= 10_000);
            }
        }

        #[test]
        fn a_fixed_coupon_takes_off_exactly_its_amount_up_to_the_subtotal(
            lines in arb_lines(),
            amount in 0i64..100_000_000,
        ) {
            let t = price_lines(&lines, Some(CouponValue::Fixed(m(amount))), 0, Money::ZERO).unwrap();
            prop_assert_eq!(t.discount, m(amount).min(t.subtotal));
        }

        #[test]
        fn extreme_amounts_never_wrap_into_a_small_or_negative_total(
            lines in proptest::collection::vec(
                (0i64..=i64::MAX, any::<i64>()).prop_map(|(c, q)| LineInput { unit_price: m(c), qty: q }),
                0..6,
            ),
            coupon in prop_oneof![
                Just(None),
                any::<i64>().prop_map(|bp| Some(CouponValue::Percent(bp))),
                any::<i64>().prop_map(|c| Some(CouponValue::Fixed(m(c)))),
            ],
            tax_bp in 0i64..=10_000,
            shipping in 0i64..=i64::MAX,
        ) {
            let exact_subtotal: i128 = lines
                .iter()
                .map(|l| l.unit_price.cents() as i128 * l.qty.max(0) as i128)
                .fold(0, i128::saturating_add);
            match price_lines(&lines, coupon, tax_bp, m(shipping)) {
                Ok(t) => {
                    prop_assert!(t.total >= Money::ZERO);
                    prop_assert_eq!(t.subtotal.cents() as i128, exact_subtotal);
                    for line in &t.lines {
                        prop_assert!(line.total >= Money::ZERO);
                        prop_assert!(t.total >= line.total);
                    }
                }
                // Refused only when the exact amounts really leave the i64 range
                // (tax is at most 100 % of the subtotal).
                Err(TotalsTooLarge) => prop_assert!(
                    exact_subtotal.saturating_mul(2).saturating_add(shipping as i128) > i64::MAX as i128
                ),
            }
        }

        #[test]
        fn quantities_within_the_store_bounds_always_price(
            qtys in proptest::collection::vec(1i64..=MAX_LINE_QTY, 1..=10),
            unit in 0i64..=MAX_ORDER_TOTAL.cents(),
            coupon in arb_coupon(),
            tax_bp in 0i64..=10_000,
        ) {
            let mut left = MAX_ORDER_QTY;
            let lines: Vec<LineInput> = qtys
                .into_iter()
                .map(|q| { let q = q.min(left).max(0); left -= q; LineInput { unit_price: m(unit), qty: q } })
                .collect();
            prop_assert!(price_lines(&lines, coupon, tax_bp, m(100_000)).is_ok());
        }

        #[test]
        fn the_store_bound_caps_every_product_maximum(max in proptest::option::of(any::<i64>()), qty in any::<i64>()) {
            let r = QuantityRules::bounded(1, max, 1);
            if r.check(qty).is_ok() {
                prop_assert!((1..=MAX_LINE_QTY).contains(&qty));
            }
        }

        #[test]
        fn a_capped_quantity_is_always_allowed(min in 1i64..20, step in 1i64..10, max in proptest::option::of(1i64..500), qty in 0i64..1_000) {
            let r = QuantityRules { min, max, step };
            if let Some(c) = r.cap(qty) {
                prop_assert!(r.check(c).is_ok());
                prop_assert!(c <= qty.max(min));
            }
        }
    }
}
