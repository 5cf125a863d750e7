//! Shipping options (fixed names, SPEC §6) and the Priority Shipping rate
//! table: a fee by parcel weight and destination zone, with a delivery window.

use crate::catalog::Region;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShippingMethod {
    /// "Customer Provided": the buyer's own courier account; fee 0.
    CustomerProvided,
    /// "Priority Shipping": weight × zone rate table.
    Priority,
    /// Self pick-up, US store only; fee 0.
    Pickup,
    /// Nothing to ship (digital-only order).
    None,
}

impl ShippingMethod {
    pub const fn as_str(self) -> &'static str {
        match self {
            ShippingMethod::CustomerProvided => "customer_provided",
            ShippingMethod::Priority => "priority",
            ShippingMethod::Pickup => "pickup",
            ShippingMethod::None => "none",
        }
    }

    pub const fn display_name(self) -> &'static str {
        match self {
            ShippingMethod::CustomerProvided => "Customer Provided",
            ShippingMethod::Priority => "Priority Shipping",
            ShippingMethod::Pickup => "Self pick-up",
            ShippingMethod::None => "No shipping (digital delivery)",
        }
    }

    pub fn parse(s: &str) -> Option<ShippingMethod> {
        use ShippingMethod::*;
        [CustomerProvided, Priority, Pickup, None]
            .into_iter()
            .find(|m| m.as_str() == s)
    }
}

/// Carriers a Customer Provided shipment may use (SPEC §6).
pub const CARRIERS: [&str; 4] = ["DHL", "FedEx", "UPS", "Other"];

/// Pick-up locations of the US store: `(code, label)`.
pub const PICKUP_LOCATIONS: [(&str, &str); 2] = [
    (
        "sfo",
        "Uplink US warehouse, 450 Bryant St, San Francisco, CA 94107",
    ),
    (
        "aus",
        "Uplink Austin counter, 500 W 2nd St, Austin, TX 78701",
    ),
];

/// Destination zones as seen from the warehouse that ships.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Same country/area as the warehouse.
    Domestic,
    /// Neighbouring area (North America for the US warehouse, Europe for Global).
    Regional,
    /// Everywhere else.
    International,
}

const EUROPE: &[&str] = &[
    "AD", "AL", "AT", "BA", "BE", "BG", "BY", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FO",
    "FR", "GB", "GI", "GR", "HR", "HU", "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MC", "MD", "ME",
    "MK", "MT", "NL", "NO", "PL", "PT", "RO", "RS", "SE", "SI", "SK", "SM", "UA", "VA", "XK",
];

/// The Global warehouse is in Germany; the US warehouse in California.
pub fn zone_of(origin: Region, country: &str) -> Zone {
    let c = country.trim().to_ascii_uppercase();
    match origin {
        Region::Us => match c.as_str() {
            "US" | "PR" => Zone::Domestic,
            "CA" | "MX" => Zone::Regional,
            _ => Zone::International,
        },
        Region::Global => match c.as_str() {
            "DE" => Zone::Domestic,
            _ if EUROPE.contains(&c.as_str()) => Zone::Regional,
            _ => Zone::International,
        },
    }
}

/// One row of the rate table: base fee for the first kilogram plus a fee per
/// further started kilogram, and the delivery window in business days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub base_cents: i64,
    pub per_kg_cents: i64,
    pub min_days: u8,
    pub max_days: u8,
}

pub const fn rate(zone: Zone) -> Rate {
    match zone {
        Zone::Domestic => Rate {
            base_cents: 1_500,
            per_kg_cents: 250,
            min_days: 1,
            max_days: 2,
        },
        Zone::Regional => Rate {
            base_cents: 2_900,
            per_kg_cents: 600,
            min_days: 2,
            max_days: 4,
        },
        Zone::International => Rate {
            base_cents: 4_900,
            per_kg_cents: 1_200,
            min_days: 3,
            max_days: 7,
        },
    }
}

/// A Priority Shipping quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    pub zone: Zone,
    pub fee_cents: i64,
    pub min_days: u8,
    pub max_days: u8,
}

/// The Priority Shipping fee for a parcel of `weight_grams` (at least one kilogram is charged).
pub fn priority_quote(origin: Region, country: &str, weight_grams: i64) -> Quote {
    let zone = zone_of(origin, country);
    let r = rate(zone);
    let kg = ((weight_grams.max(1) + 999) / 1000).max(1);
    Quote {
        zone,
        fee_cents: r.base_cents + (kg - 1) * r.per_kg_cents,
        min_days: r.min_days,
        max_days: r.max_days,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_depend_on_the_shipping_warehouse() {
        assert_eq!(zone_of(Region::Us, "us"), Zone::Domestic);
        assert_eq!(zone_of(Region::Us, "CA"), Zone::Regional);
        assert_eq!(zone_of(Region::Us, "DE"), Zone::International);
        assert_eq!(zone_of(Region::Global, "DE"), Zone::Domestic);
        assert_eq!(zone_of(Region::Global, "FR"), Zone::Regional);
        assert_eq!(zone_of(Region::Global, "JP"), Zone::International);
    }

    #[test]
    fn the_fee_grows_per_started_kilogram() {
        assert_eq!(priority_quote(Region::Us, "US", 0).fee_cents, 1_500);
        assert_eq!(priority_quote(Region::Us, "US", 1000).fee_cents, 1_500);
        assert_eq!(priority_quote(Region::Us, "US", 1001).fee_cents, 1_750);
        assert_eq!(
            priority_quote(Region::Global, "JP", 3500).fee_cents,
            4_900 + 3 * 1_200
        );
        let q = priority_quote(Region::Global, "FR", 500);
        assert_eq!((q.min_days, q.max_days), (2, 4));
    }

    #[test]
    fn shipping_methods_round_trip() {
        for m in ["customer_provided", "priority", "pickup", "none"] {
            assert_eq!(ShippingMethod::parse(m).unwrap().as_str(), m);
        }
    }
}
