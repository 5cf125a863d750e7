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
    /// to the cent. 825 basis points = 8.25 %.
    pub fn percent_bp(self, basis_points: i64) -> Money {
        Money(div_round_half_up(self.0 as i128 * basis_points as i128, 10_000) as i64)
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

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0 + rhs.0)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        self.0 += rhs.0;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money(self.0 - rhs.0)
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(-self.0)
    }
}

impl Mul<i64> for Money {
    type Output = Money;
    fn mul(self, qty: i64) -> Money {
        Money(self.0 * qty)
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        Money(iter.map(|m| m.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
        fn sum_of_lines_is_associative(lines in proptest::collection::vec(0i64..1_000_000, 0..50)) {
            let total: Money = lines.iter().copied().map(Money::from_cents).sum();
            prop_assert_eq!(total.cents(), lines.iter().sum::<i64>());
        }
    }
}
