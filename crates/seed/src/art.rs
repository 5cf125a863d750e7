//! What kind of thing a product is for its pictures, and the brands' colours:
//! shared by the drawings (`look`, `draw`) and the cards (`media`).

/// What kind of thing a product is, for its picture and its guides: hardware
/// kinds are drawn from the product's data, the rest get a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Art {
    Router,
    Vehicle,
    AccessPoint,
    OutdoorAp,
    Switch,
    Antenna,
    PanelAntenna,
    PowerSupply,
    Cable,
    Bracket,
    Licence,
    Care,
    Cloud,
    CloudConnect,
    CloudUnlimited,
    Esim,
    EsimData,
    EsimPool,
    DataPlan,
}

impl Art {
    pub const ALL: &'static [Art] = &[
        Art::Router,
        Art::Vehicle,
        Art::AccessPoint,
        Art::OutdoorAp,
        Art::Switch,
        Art::Antenna,
        Art::PanelAntenna,
        Art::PowerSupply,
        Art::Cable,
        Art::Bracket,
        Art::Licence,
        Art::Care,
        Art::Cloud,
        Art::CloudConnect,
        Art::CloudUnlimited,
        Art::Esim,
        Art::EsimData,
        Art::EsimPool,
        Art::DataPlan,
    ];

    pub fn stem(self) -> &'static str {
        match self {
            Art::Router => "router",
            Art::Vehicle => "vehicle-router",
            Art::AccessPoint => "access-point",
            Art::OutdoorAp => "outdoor-access-point",
            Art::Switch => "switch",
            Art::Antenna => "antenna",
            Art::PanelAntenna => "panel-antenna",
            Art::PowerSupply => "power-supply",
            Art::Cable => "cable",
            Art::Bracket => "bracket",
            Art::Licence => "licence",
            Art::Care => "care-plan",
            Art::Cloud => "speedfusion-cloud",
            Art::CloudConnect => "speedfusion-connect",
            Art::CloudUnlimited => "speedfusion-unlimited",
            Art::Esim => "esim",
            Art::EsimData => "esim-data",
            Art::EsimPool => "esim-pool",
            Art::DataPlan => "data-plan",
        }
    }

    /// Hardware kinds, drawn from each product's data.
    pub fn is_hardware(self) -> bool {
        matches!(
            self,
            Art::Router
                | Art::Vehicle
                | Art::AccessPoint
                | Art::OutdoorAp
                | Art::Switch
                | Art::Antenna
                | Art::PanelAntenna
                | Art::PowerSupply
                | Art::Cable
                | Art::Bracket
        )
    }
}

/// Brand palettes: (main, dark, light).
pub fn palette(brand: &str) -> (&'static str, &'static str, &'static str) {
    match brand {
        "Pepwave" => ("#f26b21", "#9a3d0c", "#fde7da"),
        _ => ("#0b5fff", "#0a2a6b", "#dfe9ff"),
    }
}
