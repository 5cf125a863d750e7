//! Card number rules (SPEC §6): brand detection, Luhn, expiry, CVC length.
//! Used by the payment gateway's tokenisation endpoint; the browser runs the
//! same rules while the number is typed.

use serde::{Deserialize, Serialize};

/// Card brands (fixed names, SPEC §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum CardBrand {
    #[serde(rename = "American Express")]
    AmericanExpress,
    #[serde(rename = "MasterCard")]
    MasterCard,
    #[serde(rename = "Visa")]
    Visa,
    #[serde(rename = "UnionPay")]
    UnionPay,
}

impl CardBrand {
    pub const fn display_name(self) -> &'static str {
        match self {
            CardBrand::AmericanExpress => "American Express",
            CardBrand::MasterCard => "MasterCard",
            CardBrand::Visa => "Visa",
            CardBrand::UnionPay => "UnionPay",
        }
    }

    pub fn parse(s: &str) -> Option<CardBrand> {
        [
            CardBrand::AmericanExpress,
            CardBrand::MasterCard,
            CardBrand::Visa,
            CardBrand::UnionPay,
        ]
        .into_iter()
        .find(|b| b.display_name() == s)
    }

    /// Allowed number lengths.
    pub fn lengths(self) -> &'static [usize] {
        match self {
            CardBrand::AmericanExpress => &[15],
            CardBrand::Visa => &[13, 16, 19],
            CardBrand::MasterCard => &[16],
            CardBrand::UnionPay => &[16, 17, 18, 19],
        }
    }

    /// Digits of the security code.
    pub const fn cvc_len(self) -> usize {
        match self {
            CardBrand::AmericanExpress => 4,
            _ => 3,
        }
    }
}

/// The digits of a card number as typed (spaces and hyphens removed), or
/// `None` when anything else is in it.
pub fn normalise_number(input: &str) -> Option<String> {
    let digits: String = input.chars().filter(|c| *c != ' ' && *c != '-').collect();
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// The brand of a (possibly partial) card number, from its leading digits.
pub fn detect_brand(digits: &str) -> Option<CardBrand> {
    let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok());
    if matches!(prefix(2), Some(34 | 37)) {
        return Some(CardBrand::AmericanExpress);
    }
    if digits.starts_with('4') {
        return Some(CardBrand::Visa);
    }
    if matches!(prefix(2), Some(51..=55)) || matches!(prefix(4), Some(2221..=2720)) {
        return Some(CardBrand::MasterCard);
    }
    if prefix(2) == Some(62) {
        return Some(CardBrand::UnionPay);
    }
    None
}

/// The Luhn (mod 10) check.
pub fn luhn_valid(digits: &str) -> bool {
    if digits.len() < 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 { x - 9 } else { x }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// A card that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedCard {
    pub number: String,
    pub brand: CardBrand,
    pub last4: String,
    pub exp_month: u8,
    /// Four-digit year.
    pub exp_year: u16,
}

/// One broken rule on one field (`number`, `exp_month`, `exp_year`, `cvc`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardError {
    pub field: &'static str,
    pub message: String,
}

fn err(field: &'static str, message: impl Into<String>) -> CardError {
    CardError {
        field,
        message: message.into(),
    }
}

/// Checks a card as entered. `today` is `(year, month)`; a card is valid
/// through the last day of its expiry month. Two-digit years mean 20YY.
pub fn check_card(
    number: &str,
    exp_month: i64,
    exp_year: i64,
    cvc: &str,
    today: (i32, u8),
) -> Result<CheckedCard, Vec<CardError>> {
    let mut errors = Vec::new();
    let digits = normalise_number(number);
    let brand = digits.as_deref().and_then(detect_brand);
    match (&digits, brand) {
        (None, _) => errors.push(err("number", "Enter the card number (digits only).")),
        (Some(_), None) => errors.push(err(
            "number",
            "We accept American Express, MasterCard, Visa and UnionPay cards.",
        )),
        (Some(d), Some(b)) => {
            if !b.lengths().contains(&d.len()) {
                errors.push(err(
                    "number",
                    format!(
                        "A {} card number has {} digits.",
                        b.display_name(),
                        lengths_text(b)
                    ),
                ));
            } else if !luhn_valid(d) {
                errors.push(err(
                    "number",
                    "This card number is not valid; check for typos.",
                ));
            }
        }
    }
    let year = if (0..100).contains(&exp_year) {
        exp_year + 2000
    } else {
        exp_year
    };
    if !(1..=12).contains(&exp_month) {
        errors.push(err("exp_month", "Enter the expiry month (1–12)."));
    } else if !(2000..=2100).contains(&year) {
        errors.push(err("exp_year", "Enter the expiry year."));
    } else if (year, exp_month) < (i64::from(today.0), i64::from(today.1)) {
        errors.push(err("exp_year", "This card has expired."));
    }
    let cvc_ok = cvc.bytes().all(|b| b.is_ascii_digit());
    let want = brand.map_or(3, CardBrand::cvc_len);
    if !cvc_ok || (brand.is_some() && cvc.len() != want) || !(3..=4).contains(&cvc.len()) {
        errors.push(err("cvc", format!("The security code has {want} digits.")));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let (Some(number), Some(brand)) = (digits, brand) else {
        unreachable!("errors were reported above")
    };
    Ok(CheckedCard {
        last4: number[number.len() - 4..].to_owned(),
        number,
        brand,
        exp_month: exp_month as u8,
        exp_year: year as u16,
    })
}

fn lengths_text(b: CardBrand) -> String {
    let l = b.lengths();
    match l {
        [one] => one.to_string(),
        [a, b] => format!("{a} or {b}"),
        _ if l.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("{} to {}", l[0], l[l.len() - 1])
        }
        _ => {
            let (last, rest) = l.split_last().expect("non-empty");
            let rest: Vec<String> = rest.iter().map(|n| n.to_string()).collect();
            format!("{} or {last}", rest.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TODAY: (i32, u8) = (2026, 11);

    #[test]
    fn brands_are_detected_from_their_prefixes() {
        assert_eq!(detect_brand("34"), Some(CardBrand::AmericanExpress));
        assert_eq!(
            detect_brand("378282246310005"),
            Some(CardBrand::AmericanExpress)
        );
        assert_eq!(detect_brand("4"), Some(CardBrand::Visa));
        assert_eq!(detect_brand("5105"), Some(CardBrand::MasterCard));
        assert_eq!(detect_brand("2221"), Some(CardBrand::MasterCard));
        assert_eq!(detect_brand("2720"), Some(CardBrand::MasterCard));
        assert_eq!(detect_brand("2721"), None);
        assert_eq!(detect_brand("2220"), None);
        assert_eq!(detect_brand("6200"), Some(CardBrand::UnionPay));
        assert_eq!(detect_brand("56"), None);
        assert_eq!(detect_brand("3"), None);
    }

    #[test]
    fn luhn_accepts_the_test_cards_and_refuses_a_typo() {
        for n in [
            "4242424242424242",
            "4000000000000002",
            "4000000000009995",
            "4000000000003220",
            "378282246310005",
            "5555555555554444",
            "2223003122003222",
            "6200000000000005",
        ] {
            assert!(luhn_valid(n), "{n}");
        }
        assert!(!luhn_valid("4242424242424241"));
    }

    #[test]
    fn a_good_card_passes_with_brand_and_last_four() {
        let c = check_card("4242 4242 4242 4242", 12, 30, "123", TODAY).unwrap();
        assert_eq!(c.brand, CardBrand::Visa);
        assert_eq!(c.last4, "4242");
        assert_eq!(c.exp_year, 2030);
        let a = check_card("3782-822463-10005", 1, 2027, "1234", TODAY).unwrap();
        assert_eq!(a.brand, CardBrand::AmericanExpress);
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        let e = check_card("4242424242424241", 13, 2020, "12", TODAY).unwrap_err();
        let fields: Vec<_> = e.iter().map(|e| e.field).collect();
        assert_eq!(fields, ["number", "exp_month", "cvc"]);
        let e = check_card("378282246310005", 1, 2027, "123", TODAY).unwrap_err();
        assert_eq!(e[0].field, "cvc");
        assert!(e[0].message.contains('4'));
        let e = check_card("42424242424242", 1, 2027, "123", TODAY).unwrap_err();
        assert!(e[0].message.contains("13, 16 or 19"), "{}", e[0].message);
        let e = check_card("9999999999999995", 1, 2027, "123", TODAY).unwrap_err();
        assert_eq!(e[0].field, "number");
    }

    #[test]
    fn a_card_is_valid_through_its_expiry_month() {
        assert!(check_card("4242424242424242", 11, 2026, "123", TODAY).is_ok());
        let e = check_card("4242424242424242", 10, 2026, "123", TODAY).unwrap_err();
        assert_eq!(e[0].field, "exp_year");
    }

    proptest! {
        #[test]
        fn a_changed_digit_breaks_the_luhn_check(pos in 0usize..16, delta in 1u8..10) {
            let mut n = b"4242424242424242".to_vec();
            n[pos] = b'0' + (n[pos] - b'0' + delta) % 10;
            prop_assert!(!luhn_valid(std::str::from_utf8(&n).unwrap()));
        }
    }
}
