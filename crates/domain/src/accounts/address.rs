//! Postal address rules (SPEC §6): name, line 1, city, postal code, country
//! (ISO 3166-1 alpha-2) and phone are required; US addresses need a state
//! from the US list and a ZIP of 5 or 5+4 digits.

use super::countries::{parse_country, us_state_name};

/// Most addresses one account may keep (SPEC §8).
pub const MAX_ADDRESSES: i64 = 50;

/// An address as typed (at checkout or in the address book), before the
/// rules are applied. The API calls it `AddressFields`.
#[derive(
    Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[schema(as = AddressFields, description = "A new address typed at checkout.")]
pub struct AddressInput {
    pub name: String,
    pub company: Option<String>,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    /// Required for US addresses.
    pub state: Option<String>,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
}

/// A valid, normalised address (trimmed; country and US state upper case;
/// empty optional fields become `None`): what the address book keeps and
/// what an order keeps as its snapshot (the API calls it `OrderAddress`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(
    as = OrderAddress,
    description = "An address as kept on an order (a snapshot, not a link to the address book)."
)]
pub struct Address {
    pub name: String,
    pub company: Option<String>,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub state: Option<String>,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
}

/// One broken rule: the field name and a message for the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressError {
    pub field: &'static str,
    pub message: String,
}

const MAX_TEXT: usize = 120;

fn optional(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// True for `12345` or `12345-6789`.
pub fn is_us_zip(zip: &str) -> bool {
    let b = zip.as_bytes();
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    match b.len() {
        5 => digits(b),
        10 => digits(&b[..5]) && b[5] == b'-' && digits(&b[6..]),
        _ => false,
    }
}

/// A phone number: digits with the usual separators, 6 to 20 digits, optional leading `+`.
pub fn is_phone(phone: &str) -> bool {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed = phone
        .chars()
        .enumerate()
        .all(|(i, c)| c.is_ascii_digit() || " -().".contains(c) || (c == '+' && i == 0));
    allowed && (6..=20).contains(&digits)
}

impl AddressInput {
    /// Applies every rule; all broken rules are reported at once.
    pub fn validate(&self) -> Result<Address, Vec<AddressError>> {
        let mut errors = Vec::new();
        let mut err = |field: &'static str, message: &str| {
            errors.push(AddressError {
                field,
                message: message.to_owned(),
            })
        };
        let required = |v: &str| v.trim().to_owned();
        let name = required(&self.name);
        let line1 = required(&self.line1);
        let city = required(&self.city);
        let postal_code = self.postal_code.trim().to_ascii_uppercase();
        let phone = required(&self.phone);
        for (field, value, label) in [
            ("name", &name, "Enter the recipient's name."),
            ("line1", &line1, "Enter the street address."),
            ("city", &city, "Enter the city."),
        ] {
            if value.is_empty() {
                err(field, label);
            } else if value.chars().count() > MAX_TEXT {
                err(field, "Use at most 120 characters.");
            }
        }
        let company = optional(&self.company);
        let line2 = optional(&self.line2);
        for (field, value) in [("company", &company), ("line2", &line2)] {
            if value.as_ref().is_some_and(|v| v.chars().count() > MAX_TEXT) {
                err(field, "Use at most 120 characters.");
            }
        }
        let country = parse_country(&self.country);
        if country.is_none() {
            err("country", "Choose a country from the list.");
        }
        let mut state = optional(&self.state);
        if country == Some("US") {
            match state.as_deref().map(str::to_ascii_uppercase) {
                None => err("state", "Choose a state for a US address."),
                Some(code) if us_state_name(&code).is_none() => {
                    err("state", "Choose a US state from the list.")
                }
                Some(code) => state = Some(code),
            }
            if !is_us_zip(&postal_code) {
                err(
                    "postal_code",
                    "Enter a ZIP code of 5 digits or 5+4 digits (12345 or 12345-6789).",
                );
            }
        } else if postal_code.is_empty() {
            err("postal_code", "Enter the postal code.");
        } else if postal_code.len() > 12
            || !postal_code
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
        {
            err(
                "postal_code",
                "Use up to 12 letters, digits, spaces or hyphens.",
            );
        }
        if state.as_ref().is_some_and(|s| s.chars().count() > 60) {
            err("state", "Use at most 60 characters.");
        }
        if phone.is_empty() {
            err("phone", "Enter a phone number for the courier.");
        } else if !is_phone(&phone) {
            err(
                "phone",
                "Enter a phone number of 6 to 20 digits, e.g. +1 415 555 0100.",
            );
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Address {
            name,
            company,
            line1,
            line2,
            city,
            state,
            postal_code,
            country: country.unwrap_or_default().to_owned(),
            phone,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us() -> AddressInput {
        AddressInput {
            name: "Ann Lee".into(),
            line1: "1 Market St".into(),
            city: "San Francisco".into(),
            state: Some("ca".into()),
            postal_code: "94105".into(),
            country: "us".into(),
            phone: "+1 415 555 0100".into(),
            ..Default::default()
        }
    }

    fn fields(e: Vec<AddressError>) -> Vec<&'static str> {
        e.into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn a_complete_us_address_is_normalised() {
        let a = us().validate().unwrap();
        assert_eq!(a.country, "US");
        assert_eq!(a.state.as_deref(), Some("CA"));
        let mut plus4 = us();
        plus4.postal_code = "94105-1234".into();
        assert!(plus4.validate().is_ok());
    }

    #[test]
    fn us_addresses_need_a_real_state_and_a_zip() {
        let mut a = us();
        a.state = None;
        assert_eq!(fields(a.validate().unwrap_err()), ["state"]);
        a.state = Some("XX".into());
        a.postal_code = "9410".into();
        assert_eq!(fields(a.validate().unwrap_err()), ["state", "postal_code"]);
        for bad in ["941051", "94105-12", "ABCDE", "94105 1234"] {
            a.state = Some("NY".into());
            a.postal_code = bad.into();
            assert_eq!(fields(a.validate().unwrap_err()), ["postal_code"], "{bad}");
        }
    }

    #[test]
    fn every_required_field_is_reported_at_once() {
        let e = AddressInput::default().validate().unwrap_err();
        assert_eq!(
            fields(e),
            ["name", "line1", "city", "country", "postal_code", "phone"]
        );
    }

    #[test]
    fn other_countries_need_no_state_but_a_postal_code() {
        let a = AddressInput {
            name: "Jo".into(),
            line1: "10 Downing St".into(),
            city: "London".into(),
            postal_code: "sw1a 2aa".into(),
            country: "GB".into(),
            phone: "020 7946 0000".into(),
            ..Default::default()
        };
        let v = a.validate().unwrap();
        assert_eq!(v.postal_code, "SW1A 2AA");
        assert_eq!(v.state, None);
        let mut bad = a.clone();
        bad.country = "UK".into();
        assert_eq!(fields(bad.validate().unwrap_err()), ["country"]);
    }

    #[test]
    fn phones_are_digits_with_separators() {
        assert!(is_phone("+49 (30) 123-456"));
        assert!(!is_phone("12345"));
        assert!(!is_phone("call me"));
        assert!(!is_phone("1+23456789"));
    }
}
