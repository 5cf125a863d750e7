//! eSIM ICCIDs: 19 or 20 digits whose last digit is a Luhn check digit.

/// What the storefront's ICCID inputs accept (a browser hint; the server checks the digits).
pub const ICCID_PATTERN: &str = "^[0-9 ]{19,24}$";

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Iccid(String);

/// Why an ICCID was refused (`invalid_iccid`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidIccid {
    #[error("an ICCID has 19 or 20 digits")]
    Length,
    #[error("an ICCID contains only digits")]
    NotDigits,
    #[error("the ICCID's check digit is wrong; please re-check the number")]
    CheckDigit,
}

impl Iccid {
    /// Parses an ICCID; spaces and hyphens are ignored.
    pub fn parse(input: &str) -> Result<Iccid, InvalidIccid> {
        let digits: String = input.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(InvalidIccid::NotDigits);
        }
        if !(19..=20).contains(&digits.len()) {
            return Err(InvalidIccid::Length);
        }
        if !luhn_valid(&digits) {
            return Err(InvalidIccid::CheckDigit);
        }
        Ok(Iccid(digits))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Iccid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Iccid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Iccid, D::Error> {
        let s = String::deserialize(d)?;
        Iccid::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Luhn (mod 10) check over a string of ASCII digits, check digit last.
pub fn luhn_valid(digits: &str) -> bool {
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

/// The Luhn check digit that completes `payload` (used by demo and test data).
pub fn luhn_check_digit(payload: &str) -> char {
    let with_zero = format!("{payload}0");
    (0..10u8)
        .map(|d| (b'0' + d) as char)
        .find(|d| {
            let mut s = with_zero.clone();
            s.pop();
            s.push(*d);
            luhn_valid(&s)
        })
        .unwrap_or('0')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_real_looking_iccid_is_accepted() {
        // 8901260 (T-Mobile US issuer) … with its Luhn digit.
        let payload = "890126012345678901";
        let iccid = format!("{payload}{}", luhn_check_digit(payload));
        assert_eq!(iccid.len(), 19);
        assert_eq!(Iccid::parse(&iccid).unwrap().as_str(), iccid);
        let spaced = format!("{} {} {}", &iccid[0..6], &iccid[6..12], &iccid[12..]);
        assert!(Iccid::parse(&spaced).is_ok());
    }

    #[test]
    fn bad_iccids_say_why() {
        assert_eq!(Iccid::parse("8901"), Err(InvalidIccid::Length));
        assert_eq!(
            Iccid::parse("89012601234567890ab"),
            Err(InvalidIccid::NotDigits)
        );
        let payload = "8944500102198304826";
        let good = format!("{payload}{}", luhn_check_digit(payload));
        let mut bad = good.clone();
        let last = bad.pop().unwrap();
        bad.push(if last == '9' {
            '0'
        } else {
            (last as u8 + 1) as char
        });
        assert_eq!(Iccid::parse(&bad), Err(InvalidIccid::CheckDigit));
        assert!(Iccid::parse(&good).is_ok());
    }

    proptest! {
        #[test]
        fn every_payload_with_its_check_digit_is_valid(payload in "89[0-9]{16,17}") {
            let iccid = format!("{payload}{}", luhn_check_digit(&payload));
            prop_assert!(Iccid::parse(&iccid).is_ok());
        }

        #[test]
        fn changing_one_digit_breaks_the_check(payload in "89[0-9]{17}", pos in 0usize..19, delta in 1u8..10) {
            let iccid = format!("{payload}{}", luhn_check_digit(&payload));
            let mut bytes = iccid.into_bytes();
            bytes[pos] = b'0' + (bytes[pos] - b'0' + delta) % 10;
            let changed = String::from_utf8(bytes).unwrap();
            prop_assert_eq!(Iccid::parse(&changed), Err(InvalidIccid::CheckDigit));
        }
    }
}
