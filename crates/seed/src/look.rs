//! What a piece of hardware looks like, read from its own catalogue data:
//! the form factor from its kind, dimensions and power input, the ports from
//! its "Ports" row, the antennas from its package, and the badges from its
//! cellular technology, protection rating and certifications. `draw` turns a
//! [`Look`] into an SVG line drawing.

use super::art::Art;
use uplink_db::catalog_seed::ProductSeed;
use uplink_domain::catalog::Brand;

/// The shape a product is drawn as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// A desktop router: a flat box with its ports on the front.
    Desktop,
    /// An industrial router (wide-range DC input): a finned metal box.
    Rugged,
    /// A palm-sized router.
    Nano,
    /// A standing home mesh router.
    Tower,
    /// A 1U rack-mount router.
    Rack,
    /// A vehicle router: mounting flanges and antenna connectors.
    Vehicle,
    CeilingAp,
    OutdoorAp,
    Switch,
    RackSwitch,
    SimBank,
    RoofAntenna,
    OmniAntenna,
    PanelAntenna,
    DomeAntenna,
    PowerAdapter,
    PoeInjector,
    AntennaCable,
    PowerCable,
    RackTray,
    DinBracket,
}

/// The cellular technology a product (or a family's variants) offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cellular {
    Lte,
    FiveG,
    /// Variants with LTE and variants with 5G.
    LteOr5g,
}

impl Cellular {
    fn union(a: Option<Cellular>, b: Option<Cellular>) -> Option<Cellular> {
        match (a, b) {
            (None, x) | (x, None) => x,
            (Some(x), Some(y)) if x == y => Some(x),
            _ => Some(Cellular::LteOr5g),
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            Cellular::Lte => "LTE",
            Cellular::FiveG => "5G",
            Cellular::LteOr5g => "LTE / 5G",
        }
    }
}

/// Port counts by kind, from the "Ports" specification row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Ports {
    pub wan: u8,
    pub lan: u8,
    pub sfp: u8,
    pub usb: u8,
    /// Serial and digital I/O terminals.
    pub io: u8,
}

impl Ports {
    /// `"1 × GbE WAN, 4 × GbE LAN, 2 × SFP"` → 1 WAN, 4 LAN, 2 SFP.
    pub fn parse(row: &str) -> Ports {
        let mut p = Ports::default();
        for item in row.split(", ") {
            let (n, what) = match item.split_once(" × ") {
                Some((n, what)) => (n.trim().parse::<u8>().unwrap_or(1), what),
                None => (1, item),
            };
            let slot = if what.contains("SFP") {
                &mut p.sfp
            } else if what.contains("USB") {
                &mut p.usb
            } else if what.contains("RS-232") || what.contains("DI/DO") {
                &mut p.io
            } else if what.contains("WAN") {
                &mut p.wan
            } else {
                &mut p.lan
            };
            *slot = slot.saturating_add(n);
        }
        p
    }
}

/// Everything the drawing of one product needs.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Look {
    pub form: Form,
    pub brand: Brand,
    /// The model name printed on the device (`None` for generic drawings).
    pub label: Option<String>,
    /// External antennas, antenna connectors or cable leads.
    pub antennas: u8,
    pub ports: Ports,
    /// Width, depth and height in millimetres when the specification gives them.
    pub size_mm: Option<(u32, u32, u32)>,
    pub cellular: Option<Cellular>,
    /// `"IP67"` from the "Protection" row.
    pub protection: Option<String>,
    /// `"Wi-Fi 6E"` from the Wi-Fi "Standard" row.
    pub wifi: Option<String>,
    /// `"PoE++"` when the ports deliver power.
    pub poe: Option<&'static str>,
    /// Vehicle certification (E-Mark and the like) or a vehicle router.
    pub vehicle: bool,
}

fn spec<'a>(p: &'a ProductSeed, name: &str) -> Option<&'a str> {
    p.specs
        .iter()
        .find(|(_, n, _)| n == name)
        .map(|(_, _, v)| v.as_str())
}

/// Every number in a text: `"1U, 440 × 230 × 44 mm"` → `[1, 440, 230, 44]`.
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|s| s.parse().ok())
        .collect()
}

fn size_mm(p: &ProductSeed) -> Option<(u32, u32, u32)> {
    let dims = spec(p, "Dimensions")?;
    let dims = dims.split_once("U, ").map_or(dims, |(_, rest)| rest);
    match numbers(dims)[..] {
        [w, d, h, ..] => Some((w, d, h)),
        // A round antenna: Ø diameter × height.
        [w, h] => Some((w, w, h)),
        _ => None,
    }
}

/// The cellular technology a variant's module names, else the product's name
/// and cellular specification rows.
pub fn cellular(p: &ProductSeed) -> Option<Cellular> {
    let module: Vec<&str> = p
        .attributes
        .iter()
        .filter(|(code, ..)| code == "cellular")
        .map(|(_, _, _, label)| label.as_str())
        .collect();
    let texts = if module.is_empty() {
        let mut texts = vec![p.name.as_str()];
        texts.extend(
            p.specs
                .iter()
                .filter(|(g, n, _)| g == "Cellular" || n == "Cellular")
                .filter(|(_, n, _)| !n.ends_with("bands"))
                .map(|(_, _, v)| v.as_str()),
        );
        texts
    } else {
        module
    };
    let has = |needle: &str| texts.iter().any(|t| t.contains(needle));
    // A bands row alone (e.g. "5G bands") also says what the radio is.
    let bands = |name: &str| p.specs.iter().any(|(_, n, _)| n == name);
    if has("5G") || bands("5G bands") {
        Some(Cellular::FiveG)
    } else if has("LTE") || bands("LTE bands") {
        Some(Cellular::Lte)
    } else {
        None
    }
}

fn form(p: &ProductSeed, art: Art, size: Option<(u32, u32, u32)>) -> Option<Form> {
    let dims = spec(p, "Dimensions").unwrap_or("");
    let rack = dims.starts_with("1U");
    let has = |name: &str| spec(p, name).is_some();
    Some(match art {
        Art::Vehicle => Form::Vehicle,
        Art::Router if has("Vehicle") => Form::Vehicle,
        Art::Router if rack => Form::Rack,
        Art::Router => match size {
            Some((w, _, h)) if h > w => Form::Tower,
            Some((w, ..)) if w < 100 => Form::Nano,
            _ if wide_range_dc(spec(p, "Input").unwrap_or("")) => Form::Rugged,
            _ => Form::Desktop,
        },
        Art::AccessPoint => Form::CeilingAp,
        Art::OutdoorAp => Form::OutdoorAp,
        Art::Switch if has("SIM slots") => Form::SimBank,
        Art::Switch if rack => Form::RackSwitch,
        Art::Switch => Form::Switch,
        Art::Antenna => match size {
            Some((w, _, h)) if h > 2 * w => Form::OmniAntenna,
            _ if has("Cellular") => Form::RoofAntenna,
            _ => Form::DomeAntenna,
        },
        Art::PanelAntenna => Form::PanelAntenna,
        Art::PowerSupply if has("Ports") => Form::PoeInjector,
        Art::PowerSupply => Form::PowerAdapter,
        Art::Cable if has("Fuse") || p.name.contains("Power") => Form::PowerCable,
        Art::Cable => Form::AntennaCable,
        Art::Bracket if has("Rail") || p.name.contains("DIN") => Form::DinBracket,
        Art::Bracket => Form::RackTray,
        _ => return None,
    })
}

/// `"10–30 V DC"`: the input range of industrial and vehicle hardware.
fn wide_range_dc(input: &str) -> bool {
    input.contains("V DC") && (input.contains('–') || input.contains('-'))
}

/// External antennas: the cellular antennas in the box, or an antenna's cable leads.
fn antennas(p: &ProductSeed, form: Form) -> u8 {
    let leads = |p: &ProductSeed| {
        spec(p, "Cable")
            .and_then(|c| c.split_once(" × "))
            .and_then(|(n, _)| n.trim().parse().ok())
    };
    match form {
        Form::RoofAntenna | Form::OmniAntenna | Form::PanelAntenna | Form::DomeAntenna => {
            leads(p).unwrap_or(2)
        }
        _ => p
            .package
            .iter()
            .filter(|(item, _)| item.to_ascii_lowercase().contains("antenna"))
            .map(|(_, n)| u8::try_from(*n).unwrap_or(u8::MAX))
            .sum(),
    }
}

/// `"Wi-Fi 6 (802.11ax) 2×2"` → `"Wi-Fi 6"`; `"Wi-Fi 6E tri-band"` → `"Wi-Fi 6E"`.
fn wifi(p: &ProductSeed) -> Option<String> {
    let standard = p
        .specs
        .iter()
        .find(|(g, n, _)| g == "Wi-Fi" && n == "Standard")?
        .2
        .as_str();
    let rest = standard.strip_prefix("Wi-Fi ")?;
    let generation: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    (!generation.is_empty()).then(|| format!("Wi-Fi {generation}"))
}

impl Look {
    /// The look of a hardware product, or `None` for anything without a body.
    /// `variants` are the family's variants: their cellular modules count.
    pub fn of(p: &ProductSeed, art: Art, variants: &[ProductSeed]) -> Option<Look> {
        let size = size_mm(p);
        let form = form(p, art, size)?;
        let ports_row = spec(p, "Ports").unwrap_or("");
        let ports = Ports::parse(ports_row);
        let own = cellular(p);
        let offered = variants
            .iter()
            .filter_map(cellular)
            .fold(None, |acc, c| Cellular::union(acc, Some(c)));
        let poe = if ports_row.contains("PoE++") {
            Some("PoE++")
        } else if ports_row.contains("PoE+") {
            Some("PoE+")
        } else {
            None
        };
        let brand_prefix = format!("{} ", p.brand.as_str());
        let label = p.name.strip_prefix(&brand_prefix).unwrap_or(&p.name);
        Some(Look {
            form,
            brand: p.brand,
            label: Some(label.to_ascii_uppercase()),
            antennas: antennas(p, form),
            ports,
            size_mm: size,
            cellular: offered.or(own),
            protection: spec(p, "Protection")
                .and_then(|v| v.split([',', ' ']).next())
                .filter(|v| v.starts_with("IP"))
                .map(str::to_owned),
            wifi: wifi(p),
            poe,
            vehicle: form == Form::Vehicle || spec(p, "Vehicle").is_some(),
        })
    }

    /// A typical device of a kind, without a model name: the category pictures.
    pub fn typical(art: Art, brand: Brand) -> Option<Look> {
        let (form, antennas, ports) = match art {
            Art::Router => (Form::Desktop, 2, (1, 4, 0)),
            Art::Vehicle => (Form::Vehicle, 4, (1, 3, 0)),
            Art::AccessPoint => (Form::CeilingAp, 0, (0, 1, 0)),
            Art::OutdoorAp => (Form::OutdoorAp, 0, (0, 1, 0)),
            Art::Switch => (Form::Switch, 0, (0, 8, 2)),
            Art::Antenna => (Form::RoofAntenna, 4, (0, 0, 0)),
            Art::PanelAntenna => (Form::PanelAntenna, 4, (0, 0, 0)),
            Art::PowerSupply => (Form::PowerAdapter, 0, (0, 0, 0)),
            Art::Cable => (Form::AntennaCable, 0, (0, 0, 0)),
            Art::Bracket => (Form::RackTray, 0, (0, 0, 0)),
            _ => return None,
        };
        Some(Look {
            form,
            brand,
            label: None,
            antennas,
            ports: Ports {
                wan: ports.0,
                lan: ports.1,
                sfp: ports.2,
                ..Ports::default()
            },
            size_mm: None,
            cellular: None,
            protection: None,
            wifi: None,
            poe: None,
            vehicle: false,
        })
    }

    /// The look of one variant: the family's body with the variant's own module.
    pub fn for_variant(&self, v: &ProductSeed) -> Look {
        let mut look = self.clone();
        if let Some(c) = cellular(v) {
            look.cellular = Some(c);
        }
        look
    }

    /// The same kind of device without a model name or exact sizes: shared by
    /// many generated products and used for category pictures.
    pub fn generic(&self) -> Look {
        let mut look = self.clone();
        look.label = None;
        look.size_mm = None;
        if !matches!(
            self.form,
            Form::Switch | Form::RackSwitch | Form::RoofAntenna | Form::OmniAntenna
        ) {
            look.ports = Ports::default();
            look.antennas = 0;
        }
        look
    }

    /// The badges in the top-left corner, most important first (at most two).
    pub fn tags(&self) -> Vec<String> {
        let mut tags: Vec<String> = Vec::new();
        if let Some(c) = self.cellular {
            tags.push(c.tag().to_owned());
        }
        if self.vehicle {
            tags.push("VEHICLE".into());
        }
        if let Some(ip) = &self.protection {
            tags.push(ip.clone());
        }
        if let Some(w) = &self.wifi
            && matches!(self.form, Form::CeilingAp | Form::OutdoorAp)
        {
            tags.push(w.to_ascii_uppercase());
        }
        if let Some(poe) = self.poe
            && matches!(self.form, Form::Switch | Form::RackSwitch)
        {
            tags.push(poe.to_owned());
        }
        tags.truncate(2);
        tags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ports_row_is_counted_by_kind() {
        let p = Ports::parse("1 × GbE WAN, 3 × GbE LAN, RS-232, 2 × DI/DO");
        assert_eq!((p.wan, p.lan, p.sfp, p.io), (1, 3, 0, 3));
        let p = Ports::parse("4 × 2.5 GbE WAN, 8 × GbE LAN, 2 × SFP+ 10 GbE");
        assert_eq!((p.wan, p.lan, p.sfp), (4, 8, 2));
        let p = Ports::parse("1 × GbE WAN/LAN, 1 × GbE LAN");
        assert_eq!((p.wan, p.lan), (1, 1));
    }

    #[test]
    fn five_g_wins_over_the_lte_fallback_and_lte_alone_is_lte() {
        let mut p = ProductSeed::new(
            "X-1",
            "X",
            Brand::Uplink,
            uplink_domain::catalog::ProductType::Hardware,
        );
        p.specs.push((
            "Cellular".into(),
            "Technology".into(),
            "5G NR Sub-6 with LTE-A fallback".into(),
        ));
        assert_eq!(cellular(&p), Some(Cellular::FiveG));
        p.specs[0].2 = "2 × LTE-A Cat 12, 4 SIM slots".into();
        assert_eq!(cellular(&p), Some(Cellular::Lte));
        p.specs[0].2 = "1 embedded modem, 2 SIM slots".into();
        assert_eq!(cellular(&p), None);
    }
}
