//! Partner referral codes (SPEC §5, §10): the code a buyer types in the cart
//! box, which lines earn the partner a rebate, and how much (D58).

use crate::catalog::ProductType;
use crate::money::Money;

/// Longest code accepted (the demo codes are well under it).
pub const MAX_CODE_LEN: usize = 32;

/// Why a typed code cannot be a partner code at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    TooLong,
    BadCharacters,
}

/// The stored form of a code: trimmed and upper case, so codes are
/// case-insensitive. Letters, digits, `-` and `_` only.
pub fn parse_code(input: &str) -> Result<String, CodeError> {
    let code = input.trim().to_ascii_uppercase();
    if code.is_empty() {
        return Err(CodeError::Empty);
    }
    if code.len() > MAX_CODE_LEN {
        return Err(CodeError::TooLong);
    }
    if !code
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(CodeError::BadCharacters);
    }
    Ok(code)
}

/// Lines of these product types earn the partner a rebate: licences (care
/// plans and warranty extensions are licences in the catalogue) and cloud
/// plans. Hardware and eSIM products do not.
pub const fn earns_rebate(t: ProductType) -> bool {
    matches!(t, ProductType::License) || t.is_cloud_plan()
}

/// The rebate on what the buyer paid for a line (after discount, before
/// tax): `rate_bp` basis points, rounded half up; never negative.
pub fn rebate(eligible: Money, rate_bp: i64) -> Money {
    if eligible.cents() <= 0 || rate_bp <= 0 {
        return Money::ZERO;
    }
    eligible.percent_bp(rate_bp)
}

/// The lowest price a partner may set in a mini-store: `floor_bp` basis
/// points of the region's eStore price, rounded *up* to the cent, so a price
/// at the floor is never below the share the store set.
pub fn price_floor(store_price: Money, floor_bp: i64) -> Money {
    let bp = i128::from(floor_bp.clamp(0, 10_000));
    let exact = i128::from(store_price.cents().max(0)) * bp;
    Money::from_cents(((exact + 9_999) / 10_000) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_price_floor_rounds_up_to_the_cent() {
        let m = Money::from_cents;
        assert_eq!(price_floor(m(10_000), 8_000), m(8_000));
        assert_eq!(price_floor(m(999), 8_000), m(800)); // 799.2 → 800
        assert_eq!(price_floor(m(1), 5_000), m(1));
        assert_eq!(price_floor(m(12_345), 0), m(0));
        assert_eq!(price_floor(m(12_345), 10_000), m(12_345));
    }

    proptest::proptest! {
        #[test]
        fn a_price_at_the_floor_is_never_below_the_share(cents in 0i64..10_000_000_000, bp in 0i64..=10_000) {
            let floor = price_floor(Money::from_cents(cents), bp).cents();
            proptest::prop_assert!(i128::from(floor) * 10_000 >= i128::from(cents) * i128::from(bp));
            proptest::prop_assert!(i128::from(floor - 1) * 10_000 < i128::from(cents) * i128::from(bp) || floor == 0);
        }
    }

    #[test]
    fn codes_are_trimmed_and_upper_cased() {
        assert_eq!(parse_code("  northwind ").as_deref(), Ok("NORTHWIND"));
        assert_eq!(parse_code("Harbor-2_b").as_deref(), Ok("HARBOR-2_B"));
        assert_eq!(parse_code("   "), Err(CodeError::Empty));
        assert_eq!(parse_code("a b"), Err(CodeError::BadCharacters));
        assert_eq!(parse_code("é"), Err(CodeError::BadCharacters));
        assert_eq!(parse_code(&"A".repeat(33)), Err(CodeError::TooLong));
    }

    #[test]
    fn licences_and_cloud_plans_earn_rebates_hardware_and_esims_do_not() {
        let earning: Vec<_> = ProductType::ALL
            .iter()
            .filter(|t| earns_rebate(**t))
            .map(|t| t.as_str())
            .collect();
        assert_eq!(
            earning,
            ["license", "cloud", "cloud-connect", "cloud-unlimited"]
        );
    }

    #[test]
    fn rebates_round_half_up_and_are_never_negative() {
        assert_eq!(rebate(Money::from_cents(19_900), 1_000).cents(), 1_990);
        assert_eq!(rebate(Money::from_cents(5), 1_000).cents(), 1); // 0.5 → 1
        assert_eq!(rebate(Money::from_cents(4), 1_000).cents(), 0);
        assert_eq!(rebate(Money::from_cents(-100), 1_000).cents(), 0);
        assert_eq!(rebate(Money::from_cents(100), 0).cents(), 0);
    }
}
