//! Catalogue vocabulary with the fixed names of SPEC §3 and §4.1: store kinds,
//! regions, warehouses, product types, labels, brands, and the SKU newtype.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $($variant:ident => $wire:tt, $label:literal;)* }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
        pub enum $name {
            $(#[serde(rename = $wire)] $variant,)*
        }

        impl $name {
            /// Every value, in display order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The fixed wire form (URL values, JSON, database).
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $wire,)* }
            }

            /// A human label for the UI.
            pub const fn label(self) -> &'static str {
                match self { $($name::$variant => $label,)* }
            }

            /// Parses the wire form; case-insensitive, and `-`/`_`/space are interchangeable.
            pub fn parse(s: &str) -> Option<$name> {
                let key = |v: &str| v.trim().to_ascii_lowercase().replace(['_', ' '], "-");
                let wanted = key(s);
                Self::ALL.iter().copied().find(|v| key(v.as_str()) == wanted)
            }

            /// Position in [`Self::ALL`] (dense index for bitsets and facet arrays).
            pub fn index(self) -> usize {
                Self::ALL.iter().position(|v| *v == self).unwrap_or(0)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, UnknownValue> {
                Self::parse(s).ok_or_else(|| UnknownValue {
                    kind: stringify!($name),
                    value: s.to_owned(),
                    allowed: Self::ALL.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(", "),
                })
            }
        }
    };
}

/// A value that is not one of an enumeration's fixed names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{value}` is not a known {kind}; expected one of: {allowed}")]
pub struct UnknownValue {
    pub kind: &'static str,
    pub value: String,
    pub allowed: String,
}

string_enum! {
    /// Store kinds (fixed, SPEC §3).
    StoreKind {
        Estore => "ESTORE", "eStore";
        Ministore => "MINISTORE", "Mini-store";
        MinistoreReferralProgram => "MINISTORE_REFERRAL_PROGRAM", "Referral mini-store";
        DefaultStore => "DEFAULT_STORE", "Default store";
    }
}

string_enum! {
    /// Regions (fixed, SPEC §3).
    Region {
        Global => "Global", "Global";
        Us => "US", "United States";
    }
}

string_enum! {
    /// Warehouses that hold stock (SPEC §4.1): one per region.
    Warehouse {
        Global => "Global", "Global warehouse";
        Us => "US", "US warehouse";
    }
}

impl Region {
    /// The warehouse that ships a region's orders.
    pub const fn warehouse(self) -> Warehouse {
        match self {
            Region::Global => Warehouse::Global,
            Region::Us => Warehouse::Us,
        }
    }

    /// The region of an ISO-3166 alpha-2 country (SPEC §3: US → `us`, else global).
    pub fn of_country(country: &str) -> Region {
        if country.trim().eq_ignore_ascii_case("US") {
            Region::Us
        } else {
            Region::Global
        }
    }
}

string_enum! {
    /// Product type slugs (fixed, SPEC §4.1).
    ProductType {
        Hardware => "hardware", "Hardware";
        Configurable => "configurable", "Configurable hardware";
        License => "license", "Licence";
        Cloud => "cloud", "SpeedFusion Cloud";
        CloudConnect => "cloud-connect", "SpeedFusion Connect";
        CloudUnlimited => "cloud-unlimited", "SpeedFusion Cloud Unlimited";
        Esim => "esim", "eSIM";
        EsimData => "esim-data", "eSIM data";
        EsimDataPool => "esim-data-pool", "eSIM data pool";
    }
}

impl ProductType {
    /// Physical goods: stock-tracked per warehouse and shipped.
    pub const fn is_physical(self) -> bool {
        matches!(self, ProductType::Hardware | ProductType::Configurable)
    }

    /// Cloud plans whose purchase follows the stacking rules of SPEC §4.3.
    pub const fn is_cloud_plan(self) -> bool {
        matches!(
            self,
            ProductType::Cloud | ProductType::CloudConnect | ProductType::CloudUnlimited
        )
    }
}

string_enum! {
    /// Labels (fixed names, SPEC §4.1). Shown as badges and usable as filters.
    Label {
        SfcManagement => "SFC Management", "SFC Management";
        ConnectivityUsageRecord => "Connectivity Usage Record", "Connectivity Usage Record";
        SfcAppVpn => "SFC_APP_VPN", "SFC App VPN";
    }
}

string_enum! {
    /// Brands (SPEC §4.1: the store's own brand and Pepwave).
    Brand {
        Uplink => "Uplink", "Uplink";
        Pepwave => "Pepwave", "Pepwave";
    }
}

string_enum! {
    /// How a product is stocked and offered in one store.
    StockStatus {
        InStock => "in_stock", "In stock";
        LowStock => "low_stock", "Low stock";
        OutOfStock => "out_of_stock", "Out of stock";
    }
}

/// At or below this many units a physical product shows "low stock".
pub const LOW_STOCK_THRESHOLD: i64 = 5;

impl StockStatus {
    /// Stock status of `available` units; digital products are always in stock.
    pub fn of(physical: bool, available: i64) -> StockStatus {
        if !physical {
            StockStatus::InStock
        } else if available <= 0 {
            StockStatus::OutOfStock
        } else if available <= LOW_STOCK_THRESHOLD {
            StockStatus::LowStock
        } else {
            StockStatus::InStock
        }
    }

    pub const fn is_available(self) -> bool {
        !matches!(self, StockStatus::OutOfStock)
    }
}

string_enum! {
    /// Kinds of downloadable file (SPEC §4.1).
    DownloadKind {
        Datasheet => "datasheet", "Datasheet";
        Manual => "manual", "Manual";
        Firmware => "firmware", "Firmware";
        Certificate => "certificate", "Certificate";
    }
}

string_enum! {
    /// Kinds of custom option (SPEC §4.1).
    OptionKind {
        Text => "text", "Text";
        Select => "select", "Choice";
        SerialNumbers => "serial_numbers", "Device serial numbers";
        Iccid => "iccid", "eSIM ICCID";
        Date => "date", "Date";
    }
}

string_enum! {
    /// Whether a serial-bound product wants prime devices (SPEC §4.1 eligibility).
    PrimeRequirement {
        Yes => "yes", "Prime devices only";
        No => "no", "Non-prime devices only";
        Any => "any", "Any device";
    }
}

string_enum! {
    /// Product lifecycle status.
    ProductStatus {
        Active => "active", "Active";
        Draft => "draft", "Draft";
        Archived => "archived", "Archived";
    }
}

/// A stock-keeping unit: 1–64 characters of `A–Z`, `0–9` and `-`, not starting
/// or ending with `-` (SPEC §4.1). Input is upper-cased.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Sku(String);

/// Why a SKU was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a SKU is 1–64 characters of A–Z, 0–9 and '-' (not at either end)")]
pub struct InvalidSku;

impl Sku {
    pub fn parse(input: &str) -> Result<Sku, InvalidSku> {
        let s = input.trim().to_ascii_uppercase();
        let ok = !s.is_empty()
            && s.len() <= 64
            && !s.starts_with('-')
            && !s.ends_with('-')
            && s.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'-');
        if ok { Ok(Sku(s)) } else { Err(InvalidSku) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Prime-capable hardware has SKUs ending in `-PRM` (SPEC §4.2).
    pub fn is_prime(&self) -> bool {
        self.0.ends_with("-PRM")
    }
}

impl std::fmt::Display for Sku {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Sku {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Sku, D::Error> {
        let s = String::deserialize(d)?;
        Sku::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    /// The OpenAPI schema of a fixed-name enum lists exactly the names serde
    /// puts on the wire (the generated web types depend on it, D82).
    fn assert_schema_is_the_wire<T>(all: &[T])
    where
        T: utoipa::PartialSchema + Serialize + Copy + std::fmt::Display,
    {
        let schema = serde_json::to_value(T::schema()).unwrap();
        let documented: Vec<String> = serde_json::from_value(schema["enum"].clone()).unwrap();
        let wire: Vec<String> = all
            .iter()
            .map(|v| {
                serde_json::to_value(v)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(documented, wire);
        assert_eq!(wire, all.iter().map(|v| v.to_string()).collect::<Vec<_>>());
    }

    #[test]
    fn enum_schemas_list_the_wire_names() {
        assert_schema_is_the_wire(StoreKind::ALL);
        assert_schema_is_the_wire(Region::ALL);
        assert_schema_is_the_wire(Warehouse::ALL);
        assert_schema_is_the_wire(ProductType::ALL);
        assert_schema_is_the_wire(Label::ALL);
        assert_schema_is_the_wire(Brand::ALL);
        assert_schema_is_the_wire(StockStatus::ALL);
        assert_schema_is_the_wire(DownloadKind::ALL);
        assert_schema_is_the_wire(OptionKind::ALL);
        assert_schema_is_the_wire(PrimeRequirement::ALL);
        assert_schema_is_the_wire(ProductStatus::ALL);
    }

    use super::*;

    #[test]
    fn fixed_names_are_kept_exactly() {
        let types: Vec<_> = ProductType::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(
            types,
            [
                "hardware",
                "configurable",
                "license",
                "cloud",
                "cloud-connect",
                "cloud-unlimited",
                "esim",
                "esim-data",
                "esim-data-pool"
            ]
        );
        let labels: Vec<_> = Label::ALL.iter().map(|l| l.as_str()).collect();
        assert_eq!(
            labels,
            ["SFC Management", "Connectivity Usage Record", "SFC_APP_VPN"]
        );
        let kinds: Vec<_> = StoreKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(
            kinds,
            [
                "ESTORE",
                "MINISTORE",
                "MINISTORE_REFERRAL_PROGRAM",
                "DEFAULT_STORE"
            ]
        );
        assert_eq!(Region::Us.as_str(), "US");
        assert_eq!(
            serde_json::to_string(&ProductType::CloudConnect).unwrap(),
            "\"cloud-connect\""
        );
    }

    #[test]
    fn enum_parsing_is_forgiving_about_case_and_separators() {
        assert_eq!(Label::parse("sfc-management"), Some(Label::SfcManagement));
        assert_eq!(Label::parse("SFC_APP_VPN"), Some(Label::SfcAppVpn));
        assert_eq!(Label::parse("sfc app vpn"), Some(Label::SfcAppVpn));
        assert_eq!(Brand::parse("pepwave"), Some(Brand::Pepwave));
        assert_eq!(
            ProductType::parse("Cloud_Unlimited"),
            Some(ProductType::CloudUnlimited)
        );
        assert_eq!(ProductType::parse("router"), None);
        let err = "router".parse::<ProductType>().unwrap_err();
        assert!(err.to_string().contains("esim-data-pool"));
    }

    #[test]
    fn stock_status_follows_the_low_stock_threshold() {
        assert_eq!(StockStatus::of(true, 0), StockStatus::OutOfStock);
        assert_eq!(StockStatus::of(true, -3), StockStatus::OutOfStock);
        assert_eq!(StockStatus::of(true, 5), StockStatus::LowStock);
        assert_eq!(StockStatus::of(true, 6), StockStatus::InStock);
        assert_eq!(StockStatus::of(false, 0), StockStatus::InStock);
    }

    #[test]
    fn skus_are_upper_case_alphanumerics_and_hyphens() {
        assert_eq!(
            Sku::parse(" max-br1-mini ").unwrap().as_str(),
            "MAX-BR1-MINI"
        );
        assert!(Sku::parse("UL-EDGE5G-PRM").unwrap().is_prime());
        assert!(!Sku::parse("UL-EDGE5G").unwrap().is_prime());
        for bad in ["", "-A", "A-", "A B", "A_B", "ÄB"] {
            assert!(Sku::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_us_country_maps_to_the_us_region() {
        assert_eq!(Region::of_country("us"), Region::Us);
        assert_eq!(Region::of_country("DE"), Region::Global);
        assert_eq!(Region::Us.warehouse(), Warehouse::Us);
    }
}
