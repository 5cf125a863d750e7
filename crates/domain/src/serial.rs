//! Device serial numbers, the model table and product eligibility (SPEC §4.2).

/// What the storefront's serial inputs accept before normalising (a browser hint; the server normalises and checks).
pub const SERIAL_PATTERN: &str = "^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$";

use crate::catalog::PrimeRequirement;
use serde::{Deserialize, Serialize};

/// A normalised serial number `XXXX-XXXX-XXXX` (12 of `A–Z0–9` in groups of 4).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Serial(String);

/// Why a serial number was refused (`invalid_serial`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("serial numbers look like XXXX-XXXX-XXXX: 12 letters and digits in groups of 4")]
pub struct InvalidSerial;

impl Serial {
    /// Normalises user input: upper case, spaces and hyphens removed and put
    /// back between the three groups. `ab12 cd34-ef56` → `AB12-CD34-EF56`.
    pub fn parse(input: &str) -> Result<Serial, InvalidSerial> {
        let mut chars = String::with_capacity(12);
        for c in input.trim().chars() {
            match c {
                ' ' | '-' | '\t' => continue,
                c if c.is_ascii_alphanumeric() => chars.push(c.to_ascii_uppercase()),
                _ => return Err(InvalidSerial),
            }
        }
        if chars.len() != 12 {
            return Err(InvalidSerial);
        }
        Ok(Serial(format!(
            "{}-{}-{}",
            &chars[0..4],
            &chars[4..8],
            &chars[8..12]
        )))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first group, which names the device model in the model table.
    pub fn prefix(&self) -> &str {
        &self.0[0..4]
    }
}

impl std::fmt::Display for Serial {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Serial {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Serial, D::Error> {
        let s = String::deserialize(d)?;
        Serial::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// One row of the model table: serials starting with `prefix` are `model` devices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceModel {
    /// First group of the serial, e.g. `1824`.
    pub prefix: String,
    /// Model code used by eligibility lists, e.g. `BR1-MINI`.
    pub code: String,
    /// Display name, e.g. `Pepwave MAX BR1 Mini`.
    pub name: String,
    /// Prime-capable hardware (its SKU ends in `-PRM`).
    pub prime: bool,
    /// SKU of the hardware product, when the catalogue sells it.
    pub hardware_sku: Option<String>,
}

/// Finds the model of a serial in a model table (the table lives in the database).
pub fn model_for<'a>(serial: &Serial, models: &'a [DeviceModel]) -> Option<&'a DeviceModel> {
    models
        .iter()
        .find(|m| m.prefix.eq_ignore_ascii_case(serial.prefix()))
}

/// Which devices a serial-bound product (licence, care plan, cloud plan) is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eligibility {
    /// Model codes; empty means every model.
    pub models: Vec<String>,
    pub prime: PrimeRequirement,
}

/// Why a device cannot take a product (`serial_not_eligible`, with this reason).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotEligible {
    #[error(
        "{model} is not a prime device; prime care plans are only for prime devices (SKUs ending in -PRM)"
    )]
    NeedsPrime { model: String },
    #[error(
        "{model} is a prime device; this licence or warranty is for non-prime devices — choose a prime care plan instead"
    )]
    NeedsNonPrime { model: String },
    #[error("this product is not available for {model} devices")]
    WrongModel { model: String },
}

impl Eligibility {
    /// Checks a device against this product (SPEC §4.2): prime care plans only
    /// for prime devices, ordinary licences and warranties only for non-prime.
    pub fn check(&self, device: &DeviceModel) -> Result<(), NotEligible> {
        match (self.prime, device.prime) {
            (PrimeRequirement::Yes, false) => {
                return Err(NotEligible::NeedsPrime {
                    model: device.name.clone(),
                });
            }
            (PrimeRequirement::No, true) => {
                return Err(NotEligible::NeedsNonPrime {
                    model: device.name.clone(),
                });
            }
            _ => {}
        }
        if !self.models.is_empty()
            && !self
                .models
                .iter()
                .any(|m| m.eq_ignore_ascii_case(&device.code))
        {
            return Err(NotEligible::WrongModel {
                model: device.name.clone(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn model(code: &str, prime: bool) -> DeviceModel {
        DeviceModel {
            prefix: "1824".into(),
            code: code.into(),
            name: format!("Model {code}"),
            prime,
            hardware_sku: None,
        }
    }

    #[test]
    fn serials_are_normalised_to_three_groups() {
        assert_eq!(
            Serial::parse("ab12 cd34-ef56").unwrap().as_str(),
            "AB12-CD34-EF56"
        );
        assert_eq!(
            Serial::parse("AB12CD34EF56").unwrap().as_str(),
            "AB12-CD34-EF56"
        );
        assert_eq!(Serial::parse("  1824-0000-0001 ").unwrap().prefix(), "1824");
    }

    #[test]
    fn anything_else_is_an_invalid_serial() {
        for bad in [
            "",
            "1824-0000-000",
            "1824-0000-00011",
            "1824_0000_0001",
            "1824-0000-000é",
            "18240000000!",
        ] {
            assert_eq!(Serial::parse(bad), Err(InvalidSerial), "{bad}");
        }
    }

    #[test]
    fn the_model_comes_from_the_first_group() {
        let table = vec![
            model("BR1-MINI", false),
            DeviceModel {
                prefix: "2A5P".into(),
                ..model("BR1-PRO-5G", true)
            },
        ];
        let s = Serial::parse("2a5p-1111-2222").unwrap();
        assert_eq!(model_for(&s, &table).unwrap().code, "BR1-PRO-5G");
        assert!(model_for(&Serial::parse("9999-1111-2222").unwrap(), &table).is_none());
    }

    #[test]
    fn prime_care_is_for_prime_devices_only() {
        let care = Eligibility {
            models: vec![],
            prime: PrimeRequirement::Yes,
        };
        assert!(care.check(&model("X", true)).is_ok());
        let err = care.check(&model("X", false)).unwrap_err();
        assert!(matches!(err, NotEligible::NeedsPrime { .. }));
        assert!(err.to_string().contains("prime"));
    }

    #[test]
    fn ordinary_licences_are_for_non_prime_devices_only() {
        let licence = Eligibility {
            models: vec![],
            prime: PrimeRequirement::No,
        };
        assert!(licence.check(&model("X", false)).is_ok());
        assert!(matches!(
            licence.check(&model("X", true)),
            Err(NotEligible::NeedsNonPrime { .. })
        ));
    }

    #[test]
    fn a_model_list_restricts_eligibility() {
        let e = Eligibility {
            models: vec!["BR1-MINI".into()],
            prime: PrimeRequirement::Any,
        };
        assert!(e.check(&model("br1-mini", false)).is_ok());
        assert!(matches!(
            e.check(&model("HD2", false)),
            Err(NotEligible::WrongModel { .. })
        ));
        assert!(
            Eligibility {
                models: vec![],
                prime: PrimeRequirement::Any
            }
            .check(&model("HD2", true))
            .is_ok()
        );
    }

    proptest! {
        #[test]
        fn normalising_is_idempotent_and_well_formed(raw in "[a-zA-Z0-9]{12}", sep in prop::sample::select(vec!["", "-", " "])) {
            let input = format!("{}{sep}{}{sep}{}", &raw[0..4], &raw[4..8], &raw[8..12]);
            let s = Serial::parse(&input).unwrap();
            prop_assert_eq!(s.as_str().len(), 14);
            prop_assert_eq!(Serial::parse(s.as_str()).unwrap(), s.clone());
            prop_assert!(s.as_str().chars().all(|c| c == '-' || c.is_ascii_uppercase() || c.is_ascii_digit()));
        }

        #[test]
        fn parsing_never_panics(input in "\\PC{0,30}") {
            let _ = Serial::parse(&input);
        }
    }
}
