//! Money as integer minor units (SPEC §2): never floats.

use serde::{Deserialize, Serialize};
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// An amount in cents of the store currency (USD).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_cents(cents: i64) -> Self {
        Money(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// `basis_points / 10_000` of this amount, rounded half-up (away from zero)
    /// to the cent. 825 basis points = 8.25 %. Computed in `i128`: with both
    /// factors in `i64` the product cannot overflow, and the quotient is at
    /// most this amount times `basis_points / 10_000`, so it is clamped to the
    /// `i64` range instead of wrapping when a caller passes more than 100 %.
    pub fn percent_bp(self, basis_points: i64) -> Money {
        let exact = div_round_half_up(self.0 as i128 * basis_points as i128, 10_000);
        Money(exact.clamp(i64::MIN as i128, i64::MAX as i128) as i64)
    }

    /// `self + rhs`, or `None` when the sum does not fit.
    pub const fn checked_add(self, rhs: Money) -> Option<Money> {
        match self.0.checked_add(rhs.0) {
            Some(c) => Some(Money(c)),
            None => None,
        }
    }

    /// `self - rhs`, or `None` when the difference does not fit.
    pub const fn checked_sub(self, rhs: Money) -> Option<Money> {
        match self.0.checked_sub(rhs.0) {
            Some(c) => Some(Money(c)),
            None => None,
        }
    }

    /// `self × qty`, or `None` when the product does not fit.
    pub const fn checked_mul(self, qty: i64) -> Option<Money> {
        match self.0.checked_mul(qty) {
            Some(c) => Some(Money(c)),
            None => None,
        }
    }

    /// How people read an amount, the same in the API's messages, e-mails,
    /// invoices and the gateway's pages: `$1,234.50` and `-$0.05` in US
    /// dollars, `1,234.50 EUR` in another currency. (The browser formats the
    /// amounts it shows itself, with `Intl.NumberFormat`.)
    pub fn display(self, currency: &str) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let whole = (abs / 100).to_string();
        let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
        for (i, digit) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        let cents = abs % 100;
        match currency {
            "USD" => format!("{sign}${grouped}.{cents:02}"),
            other => format!("{sign}{grouped}.{cents:02} {other}"),
        }
    }

    /// `self × numerator / denominator`, rounded half up to the cent (a
    /// share of a price); zero for a non-positive denominator.
    pub fn share(self, numerator: i64, denominator: i64) -> Money {
        if denominator <= 0 {
            return Money::ZERO;
        }
        let exact = div_round_half_up(self.0 as i128 * numerator as i128, denominator as i128);
        Money(exact.clamp(i64::MIN as i128, i64::MAX as i128) as i64)
    }

    /// The sum of `amounts`, or `None` when it does not fit.
    pub fn checked_sum(amounts: impl IntoIterator<Item = Money>) -> Option<Money> {
        amounts
            .into_iter()
            .try_fold(Money::ZERO, |acc, m| acc.checked_add(m))
    }
}

/// Integer division rounding half away from zero.
fn div_round_half_up(numerator: i128, denominator: i128) -> i128 {
    let q = numerator / denominator;
    let r = numerator % denominator;
    if 2 * r.abs() >= denominator.abs() {
        q + numerator.signum() * denominator.signum()
    } else {
        q
    }
}

// The operators below never wrap, in any build profile: an overflow panics
// with this message instead of producing a wrong amount. Callers that take
// amounts or quantities from outside use the `checked_*` forms (or bound their
// inputs first, as the cart does with `cart::MAX_LINE_QTY`), so reaching one
// of these panics is a bug, not a price.
const OVERFLOW: &str = "money arithmetic overflowed; inputs must be bounded before pricing";

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        self.checked_add(rhs).expect(OVERFLOW)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        *self = *self + rhs;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        self.checked_sub(rhs).expect(OVERFLOW)
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(self.0.checked_neg().expect(OVERFLOW))
    }
}

impl Mul<i64> for Money {
    type Output = Money;
    fn mul(self, qty: i64) -> Money {
        self.checked_mul(qty).expect(OVERFLOW)
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        Money::checked_sum(iter).expect(OVERFLOW)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    #[should_panic(expected = "money arithmetic overflowed")]
    fn an_overflowing_product_panics_instead_of_wrapping() {
        let _ = Money::from_cents(129_900) * 976_299_965_409_955_099;
    }

    #[test]
    fn amounts_display_with_thousands_separators_and_the_currency() {
        let d = |c: i64, cur: &str| Money::from_cents(c).display(cur);
        assert_eq!(d(123_456_789, "USD"), "$1,234,567.89");
        assert_eq!(d(12_345_678, "USD"), "$123,456.78");
        assert_eq!(d(5, "USD"), "$0.05");
        assert_eq!(d(-5, "USD"), "-$0.05");
        assert_eq!(d(0, "USD"), "$0.00");
        assert_eq!(d(100_000, "EUR"), "1,000.00 EUR");
        assert_eq!(d(i64::MIN, "USD"), "-$92,233,720,368,547,758.08");
    }

    #[test]
    fn checked_sum_reports_overflow() {
        let big = Money::from_cents(i64::MAX / 2 + 1);
        assert_eq!(Money::checked_sum([big, big]), None);
        assert_eq!(
            Money::checked_sum([Money::from_cents(1), Money::from_cents(2)]),
            Some(Money::from_cents(3))
        );
    }

    #[test]
    fn percent_rounds_half_up() {
        // 8.25 % of $10.10 = 83.325 cents → 83
        assert_eq!(
            Money::from_cents(1010).percent_bp(825),
            Money::from_cents(83)
        );
        // 10 % of 5 cents = 0.5 → 1
        assert_eq!(Money::from_cents(5).percent_bp(1000), Money::from_cents(1));
        // 10 % of 4 cents = 0.4 → 0
        assert_eq!(Money::from_cents(4).percent_bp(1000), Money::from_cents(0));
        assert_eq!(
            Money::from_cents(-5).percent_bp(1000),
            Money::from_cents(-1)
        );
    }

    proptest! {
        #[test]
        fn percent_is_within_half_a_cent(cents in 0i64..10_000_000, bp in 0i64..10_000) {
            let exact = cents as f64 * bp as f64 / 10_000.0;
            let got = Money::from_cents(cents).percent_bp(bp).cents() as f64;
            prop_assert!((got - exact).abs() <= 0.5 + 1e-9);
        }

        #[test]
        fn checked_operations_never_wrap(a in any::<i64>(), b in any::<i64>()) {
            let (x, y) = (Money::from_cents(a), Money::from_cents(b));
            prop_assert_eq!(x.checked_add(y).map(Money::cents), a.checked_add(b));
            prop_assert_eq!(x.checked_sub(y).map(Money::cents), a.checked_sub(b));
            prop_assert_eq!(x.checked_mul(b).map(Money::cents), a.checked_mul(b));
        }

        #[test]
        fn percent_of_any_amount_stays_in_range(cents in any::<i64>(), bp in any::<i64>()) {
            let got = Money::from_cents(cents).percent_bp(bp).cents() as i128;
            let exact = cents as i128 * bp as i128 / 10_000;
            prop_assert!((got - exact).abs() <= 1 || got == i64::MAX as i128 || got == i64::MIN as i128);
        }

        #[test]
        fn sum_of_lines_is_associative(lines in proptest::collection::vec(0i64..1_000_000, 0..50)) {
            let total: Money = lines.iter().copied().map(Money::from_cents).sum();
            prop_assert_eq!(total.cents(), lines.iter().sum::<i64>());
        }
    }
}
