//! The demo catalogue (SPEC §3, §4): stores, the category tree, ~70 products
//! of every type in both brands, and the serial-prefix → model table.

use super::art::Art;
use super::build::{Builder, DAY_MS, Fluent, Hardware, NewProduct, variant};
use super::media::logo;
use uplink_db::catalog_seed::{CatalogSeed, CategorySeed, PriceSeed, ProductSeed, StoreSeed};
use uplink_domain::catalog::{
    Brand::{Pepwave, Uplink},
    Label::{ConnectivityUsageRecord as Usage, SfcAppVpn as AppVpn, SfcManagement as Sfc},
    PrimeRequirement::{Any, No, Yes},
    ProductStatus, ProductType as T, Region, StoreKind,
};

pub const GB: i64 = 1024;

pub fn stores(b: &mut Builder) -> Vec<StoreSeed> {
    let nw_logo = b.add_media(logo("northwind-logo", "NW", "#0f766e"));
    let hb_logo = b.add_media(logo("harbor-logo", "HM", "#1e3a8a"));
    let ul_logo = b.add_media(logo("uplink-logo", "UL", "#0b5fff"));
    let rw_logo = b.add_media(logo("uplink-rewards-logo", "UR", "#7c3aed"));
    let sk_logo = b.add_media(logo("skyline-logo", "SR", "#b45309"));
    vec![
        StoreSeed {
            code: "global",
            kind: StoreKind::Estore,
            region: Region::Global,
            name: "Uplink Store",
            is_default: true,
            partner: None,
            key: None,
            display_name: "Uplink Store",
            tagline: "Routers, plans and licences shipped worldwide",
            logo_media: Some(ul_logo.clone()),
            accent: "#0b5fff",
            selected_catalogue: false,
            payment_methods: &["card", "paypal", "bank_transfer", "credit_terms"],
            shipping_methods: &["customer_provided", "priority"],
            referral_terms: None,
        },
        StoreSeed {
            code: "us",
            kind: StoreKind::Estore,
            region: Region::Us,
            name: "Uplink Store US",
            is_default: false,
            partner: None,
            key: None,
            display_name: "Uplink Store US",
            tagline: "US prices, US warehouse, self pick-up in Austin, TX",
            logo_media: Some(ul_logo),
            accent: "#0b5fff",
            selected_catalogue: false,
            payment_methods: &["card", "paypal", "credit_terms"],
            shipping_methods: &["customer_provided", "priority", "pickup"],
            referral_terms: None,
        },
        StoreSeed {
            code: "northwind",
            kind: StoreKind::Ministore,
            region: Region::Global,
            name: "Northwind Networks",
            is_default: false,
            partner: Some("Northwind Networks Ltd"),
            key: Some("nwn-7f3k9q"),
            display_name: "Northwind Networks × Uplink",
            tagline: "Your Northwind engineer's picks for branch and remote sites",
            logo_media: Some(nw_logo),
            accent: "#0f766e",
            selected_catalogue: true,
            payment_methods: &["card", "bank_transfer"],
            shipping_methods: &["priority"],
            referral_terms: None,
        },
        StoreSeed {
            code: "harbor",
            kind: StoreKind::Ministore,
            region: Region::Us,
            name: "Harbor Marine Connectivity",
            is_default: false,
            partner: Some("Harbor Marine Connectivity LLC"),
            key: Some("harbor-2m8x4t"),
            display_name: "Harbor Marine Connectivity",
            tagline: "Connectivity kits for vessels and marinas",
            logo_media: Some(hb_logo),
            accent: "#1e3a8a",
            selected_catalogue: true,
            payment_methods: &["card"],
            shipping_methods: &["customer_provided", "priority", "pickup"],
            referral_terms: None,
        },
        StoreSeed {
            code: "skyline",
            kind: StoreKind::Ministore,
            region: Region::Global,
            name: "Skyline Resellers",
            is_default: false,
            partner: Some("Skyline Resellers Ltd"),
            key: Some("sky-4h7d2p"),
            display_name: "Skyline Resellers",
            tagline: "Branch routers and care, set up by Skyline's engineers",
            logo_media: Some(sk_logo),
            accent: "#b45309",
            selected_catalogue: true,
            payment_methods: &["card", "paypal", "bank_transfer"],
            shipping_methods: &["customer_provided", "priority"],
            referral_terms: None,
        },
        StoreSeed {
            code: "referral",
            kind: StoreKind::MinistoreReferralProgram,
            region: Region::Global,
            name: "Uplink Rewards",
            is_default: false,
            partner: None,
            key: Some("ref-uplink"),
            display_name: "Uplink Rewards",
            tagline: "Plans and care for friends of Uplink — 10% off your first order",
            logo_media: Some(rw_logo),
            accent: "#7c3aed",
            selected_catalogue: true,
            payment_methods: &["card", "paypal"],
            shipping_methods: &["priority"],
            referral_terms: Some(serde_json::json!({
                "referee_discount_bp": 1000,
                "referrer_reward_bp": 1000,
                "first_order_only": true,
                "eligible_types": ["license", "cloud", "cloud-connect", "cloud-unlimited", "esim-data"],
                "return_window_days": 14,
                "reward_validity_months": 12
            })),
        },
    ]
}

pub fn categories(b: &mut Builder) -> Vec<CategorySeed> {
    let mut img = |art, brand| Some(b.image(art, brand));
    let c = |slug, name, parent, description, image_media| CategorySeed {
        slug,
        name,
        parent,
        description,
        image_media,
    };
    vec![
        c(
            "hardware",
            "Hardware",
            None,
            "Routers, access points, switches, antennas and accessories.",
            img(Art::Router, Uplink),
        ),
        c(
            "routers",
            "Routers",
            Some("hardware"),
            "Multi-WAN, cellular and SD-WAN routers for branches, vehicles and homes.",
            img(Art::Router, Uplink),
        ),
        c(
            "access-points",
            "Access Points",
            Some("hardware"),
            "Indoor and outdoor Wi-Fi 6/6E access points.",
            img(Art::AccessPoint, Uplink),
        ),
        c(
            "switches",
            "Switches",
            Some("hardware"),
            "Managed PoE and fibre switches.",
            img(Art::Switch, Uplink),
        ),
        c(
            "antennas",
            "Antennas",
            Some("hardware"),
            "Roof, panel and dome antennas for 5G/LTE, Wi-Fi and GPS.",
            img(Art::Antenna, Pepwave),
        ),
        c(
            "accessories",
            "Accessories",
            Some("hardware"),
            "Power supplies, PoE injectors, mounts and cables.",
            img(Art::PowerSupply, Uplink),
        ),
        c(
            "licences",
            "Licences",
            None,
            "Feature licences bound to your devices' serial numbers.",
            img(Art::Licence, Uplink),
        ),
        c(
            "care-warranty",
            "Care & Warranty",
            None,
            "PrimeCare for prime devices and warranty extensions for the rest.",
            img(Art::Care, Uplink),
        ),
        c(
            "speedfusion-cloud",
            "SpeedFusion Cloud",
            None,
            "Bonded, hot-failover connectivity through the SpeedFusion Cloud.",
            img(Art::Cloud, Uplink),
        ),
        c(
            "cloud",
            "Cloud",
            Some("speedfusion-cloud"),
            "Metered SpeedFusion Cloud data plans.",
            img(Art::Cloud, Uplink),
        ),
        c(
            "cloud-connect",
            "Cloud Connect",
            Some("speedfusion-cloud"),
            "SpeedFusion Connect 5G/LTE and Protect plans.",
            img(Art::CloudConnect, Uplink),
        ),
        c(
            "cloud-unlimited",
            "Cloud Unlimited",
            Some("speedfusion-cloud"),
            "Unlimited, time-based SpeedFusion Cloud plans.",
            img(Art::CloudUnlimited, Uplink),
        ),
        c(
            "esim",
            "eSIM",
            None,
            "eSIM profiles, data bundles and shared data pools.",
            img(Art::Esim, Uplink),
        ),
        c(
            "esim-profiles",
            "eSIM Profiles",
            Some("esim"),
            "Activate cellular service without a physical SIM.",
            img(Art::Esim, Uplink),
        ),
        c(
            "esim-data-bundles",
            "eSIM Data",
            Some("esim"),
            "Top-ups for one eSIM.",
            img(Art::EsimData, Uplink),
        ),
        c(
            "esim-data-pools",
            "Data Pools",
            Some("esim"),
            "One allowance shared by a fleet of eSIMs.",
            img(Art::EsimPool, Uplink),
        ),
        c(
            "data-plan-license",
            "Data Plan License",
            None,
            "Embedded data plans for devices with built-in cellular.",
            img(Art::DataPlan, Uplink),
        ),
    ]
}

/// Serial prefix → model (SPEC §4.2). Prime models have `-PRM` hardware SKUs.
pub fn models() -> Vec<(String, String, String, bool, Option<String>)> {
    let rows: &[(&str, &str, &str, &str)] = &[
        (
            "1824",
            "BR1-MINI",
            "Pepwave MAX BR1 Mini",
            "MAX-BR1-MINI-C4",
        ),
        (
            "2A5P",
            "BR1-PRO-5G-PRM",
            "Pepwave MAX BR1 Pro 5G Prime",
            "MAX-BR1-PRO-5G-PRM",
        ),
        (
            "2933",
            "TRANSIT-DUO",
            "Pepwave MAX Transit Duo",
            "MAX-TST-DUO",
        ),
        ("1111", "HD2-PRM", "Pepwave MAX HD2 Prime", "MAX-HD2-PRM"),
        ("2020", "BALANCE-20X", "Pepwave Balance 20X", "BPL-021X"),
        ("3100", "BALANCE-310X", "Pepwave Balance 310X", "BPL-310X"),
        ("1900", "SURF-SOHO", "Pepwave Surf SOHO", "SUS-SOHO"),
        ("2B2P", "BR2-PRO", "Pepwave MAX BR2 Pro", "MAX-BR2-PRO"),
        ("U1LT", "EDGE1-LTE", "Uplink Edge 1 LTE", "UL-EDGE1-LTE-GL"),
        ("U15G", "EDGE1-5G", "Uplink Edge 1 5G", "UL-EDGE1-5G-GL"),
        (
            "U5GP",
            "EDGE5G-PRO-PRM",
            "Uplink Edge 5G Pro Prime",
            "UL-EDGE5G-PRO-PRM",
        ),
        ("UB50", "BRANCH-500", "Uplink Branch 500", "UL-BRANCH-500"),
        (
            "UB1P",
            "BRANCH-1000-PRM",
            "Uplink Branch 1000 Prime",
            "UL-BRANCH-1000-PRM",
        ),
        ("UNLT", "NANO-LTE", "Uplink Nano LTE", "UL-NANO-LTE"),
        ("UFLT", "FLEET-5G", "Uplink Fleet 5G", "UL-FLEET-5G"),
        ("A1AX", "AP-ONE-AX", "Pepwave AP One AX", "AP-ONE-AX"),
        (
            "A1RG",
            "AP-ONE-RUGGED",
            "Pepwave AP One Rugged",
            "AP-ONE-RUGGED",
        ),
        ("UAP6", "AIRPOINT6", "Uplink AirPoint 6", "UL-AIRPOINT6-POE"),
        (
            "UAPO",
            "AIRPOINT6E-OUT",
            "Uplink AirPoint 6E Outdoor",
            "UL-AIRPOINT6E-OUT",
        ),
        (
            "S8PE",
            "SDS-8-POE",
            "Pepwave SD Switch 8-Port PoE",
            "SDS-8-POE",
        ),
        (
            "US48",
            "SW48-PRO-PRM",
            "Uplink Switch 48 Pro Prime",
            "UL-SW48-PRO-PRM",
        ),
    ];
    rows.iter()
        .map(|(prefix, code, name, sku)| {
            (
                prefix.to_string(),
                code.to_string(),
                name.to_string(),
                sku.ends_with("-PRM"),
                Some(sku.to_string()),
            )
        })
        .collect()
}

const ROUTER_MODELS: &[&str] = &[
    "BR1-MINI",
    "TRANSIT-DUO",
    "BALANCE-20X",
    "BALANCE-310X",
    "SURF-SOHO",
    "BR2-PRO",
    "EDGE1-LTE",
    "EDGE1-5G",
    "BRANCH-500",
    "NANO-LTE",
    "FLEET-5G",
];
const CELLULAR_MODELS: &[&str] = &[
    "BR1-MINI",
    "BR1-PRO-5G-PRM",
    "TRANSIT-DUO",
    "HD2-PRM",
    "BR2-PRO",
    "EDGE1-LTE",
    "EDGE1-5G",
    "EDGE5G-PRO-PRM",
    "NANO-LTE",
    "FLEET-5G",
];

const LTE_BANDS: &str =
    "B1, B2, B3, B4, B5, B7, B8, B12, B13, B20, B25, B26, B28, B29, B30, B41, B66, B71";
const NR_BANDS: &str =
    "n1, n2, n3, n5, n7, n8, n12, n20, n25, n28, n38, n40, n41, n48, n66, n71, n77, n78, n79";

/// What comes in an access point's box.
const AP_PACKAGE: &[(&str, i64)] = &[
    ("Access point", 1),
    ("Ceiling / wall mount", 1),
    ("Quick start guide", 1),
];

/// What comes in a switch's box.
const SWITCH_PACKAGE: &[(&str, i64)] = &[
    ("Switch", 1),
    ("Power cord", 1),
    ("Rack ears and screws", 1),
    ("Quick start guide", 1),
];

fn router_pkg(antennas: i64) -> Vec<(&'static str, i64)> {
    let mut v = vec![
        ("Router", 1),
        ("12 V DC power adapter", 1),
        ("Quick start guide", 1),
    ];
    if antennas > 0 {
        v.push(("Cellular antenna (SMA)", antennas));
    }
    v
}

/// Every demo product, in catalogue order: ids, positions and tests depend on it.
pub fn products(b: &mut Builder) {
    pepwave_br1_routers(b);
    pepwave_mobile_routers(b);
    pepwave_branch_routers(b);
    uplink_edge1_routers(b);
    uplink_edge_pro_and_branch_routers(b);
    uplink_nano_home_and_fleet_routers(b);
    pepwave_access_points(b);
    uplink_access_points(b);
    switches(b);
    antennas(b);
    power_supplies(b);
    mounts_and_cables(b);
    licences(b);
    care_and_warranty(b);
    data_plan_licences(b);
    speedfusion_cloud_plans(b);
    speedfusion_connect_plans(b);
    speedfusion_unlimited_plans(b);
    esim_profiles(b);
    esim_data_bundles(b);
    esim_data_pools(b);
    draft_products(b);
}

/// Pepwave MAX BR1 routers: the BR1 Mini family (one variant per LTE module)
/// and the BR1 Pro 5G Prime.
fn pepwave_br1_routers(b: &mut Builder) {
    let now = b.now;
    let parent = b
        .product(NewProduct {
            sku: "MAX-BR1-MINI",
            name: "Pepwave MAX BR1 Mini",
            brand: Pepwave,
            product_type: T::Configurable,
            category: "routers",
            price: 39_900,
            art: Art::Router,
        })
        .summary("Compact industrial LTE router with dual SIM, Wi-Fi and SpeedFusion — the workhorse for kiosks, ATMs and pop-up sites.")
        .specs(&[
            ("Performance", "Router throughput", "100 Mbps"),
            ("Performance", "SpeedFusion VPN throughput", "60 Mbps"),
            ("Interfaces", "Ports", "1 × GbE WAN/LAN, 1 × GbE LAN"),
            ("Cellular", "Modems", "1 embedded modem, 2 SIM slots (hot standby)"),
            ("Cellular", "LTE bands", LTE_BANDS),
            ("Wi-Fi", "Standard", "Wi-Fi 5 (802.11ac) 2×2, 2.4/5 GHz"),
            ("Power", "Input", "10–30 V DC, 4-pin terminal block"),
            ("Power", "Consumption", "7 W typical"),
            ("Physical", "Dimensions", "124 × 96 × 32 mm"),
            ("Physical", "Operating temperature", "−40 to 65 °C"),
        ])
        .pkg(&router_pkg(2))
        .weight(360)
        .featured()
        .setup_option()
        .age(220, now);
    let v1 = variant(
        &parent,
        "MAX-BR1-MINI-C4",
        "LTE Cat 4",
        &[(
            "cellular",
            "Cellular module",
            "lte-cat4",
            "LTE Cat 4 (150 Mbps)",
        )],
        39_900,
        (42, 30),
    );
    let v2 = variant(
        &parent,
        "MAX-BR1-MINI-C7",
        "LTE-A Cat 7",
        &[(
            "cellular",
            "Cellular module",
            "lte-cat7",
            "LTE-A Cat 7 (300 Mbps)",
        )],
        49_900,
        (18, 0),
    );
    let v3 = variant(
        &parent,
        "MAX-BR1-MINI-C12",
        "LTE-A Cat 12",
        &[(
            "cellular",
            "Cellular module",
            "lte-cat12",
            "LTE-A Cat 12 (600 Mbps)",
        )],
        59_900,
        (3, 12),
    )
    .store_price("us", 57_900);
    b.finish_family(parent, vec![v1, v2, v3], Art::Router);

    let p = b
        .product(NewProduct {
            sku: "MAX-BR1-PRO-5G-PRM",
            name: "Pepwave MAX BR1 Pro 5G Prime",
            brand: Pepwave,
            product_type: T::Hardware,
            category: "routers",
            price: 149_900,
            art: Art::Router,
        })
        .summary("5G router with dual SIM, Wi-Fi 6 and PrimeCare included: built for mission-critical mobile and fixed sites.")
        .specs(&[
            ("Performance", "Router throughput", "1 Gbps"),
            ("Performance", "SpeedFusion VPN throughput", "400 Mbps"),
            ("Interfaces", "Ports", "1 × GbE WAN, 4 × GbE LAN (1 × PoE out)"),
            ("Cellular", "Technology", "5G NR Sub-6 GHz SA/NSA, LTE-A Cat 20"),
            ("Cellular", "5G bands", NR_BANDS),
            ("Cellular", "LTE bands", LTE_BANDS),
            ("Wi-Fi", "Standard", "Wi-Fi 6 (802.11ax) 2×2"),
            ("Power", "Input", "12–56 V DC"),
            ("Power", "Consumption", "18 W max"),
            ("Physical", "Dimensions", "200 × 150 × 42 mm"),
        ])
        .pkg(&router_pkg(4))
        .weight(1_100)
        .featured()
        .compare(164_900)
        .stock(25, 40)
        .store_price("us", 144_900)
        .setup_option()
        .asset_tag_option()
        .age(30, now);
    b.finish(p, Art::Router);
}

/// Pepwave dual-modem routers for vehicles, vessels and field teams.
fn pepwave_mobile_routers(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "MAX-TST-DUO",
            name: "Pepwave MAX Transit Duo",
            brand: Pepwave,
            category: "routers",
            price: 119_900,
            art: Art::Vehicle,
            summary: "Dual-modem LTE-A mobile router for vehicles and vessels: bond two carriers with SpeedFusion for unbreakable connectivity on the move.",
            specs: &[
                ("Performance", "Router throughput", "400 Mbps"),
                ("Performance", "SpeedFusion VPN throughput", "100 Mbps"),
                ("Interfaces", "Ports", "1 × GbE WAN, 1 × GbE LAN"),
                ("Cellular", "Modems", "2 × LTE-A Cat 6, 4 SIM slots"),
                ("Cellular", "LTE bands", LTE_BANDS),
                ("Wi-Fi", "Standard", "Wi-Fi 5 (802.11ac) 2×2"),
                ("Power", "Input", "10–30 V DC, ignition sensing"),
                ("Physical", "Dimensions", "193 × 140 × 44 mm"),
                ("Certifications", "Vehicle", "E-Mark, EN 50155 (rail)"),
            ],
            package: &router_pkg(6),
            stock: (12, 8),
            age_days: 300,
        })
        .setup_option()
        .weight(1_050);
    b.finish(p, Art::Vehicle);

    let p = b
        .hardware(Hardware {
            sku: "MAX-HD2-PRM",
            name: "Pepwave MAX HD2 Prime",
            brand: Pepwave,
            category: "routers",
            price: 219_900,
            art: Art::Router,
            summary: "Rugged dual-modem router with PrimeCare: two carriers, eight antennas, and SpeedFusion bonding for broadcast and public-safety teams.",
            specs: &[
                ("Performance", "Router throughput", "600 Mbps"),
                ("Performance", "SpeedFusion VPN throughput", "200 Mbps"),
                ("Interfaces", "Ports", "1 × GbE WAN, 4 × GbE LAN"),
                ("Cellular", "Modems", "2 × LTE-A Cat 12, 4 SIM slots"),
                ("Cellular", "LTE bands", LTE_BANDS),
                ("Wi-Fi", "Standard", "Wi-Fi 5 (802.11ac) 3×3"),
                ("Power", "Input", "10–30 V DC"),
                ("Physical", "Dimensions", "272 × 175 × 44 mm"),
            ],
            package: &router_pkg(8),
            stock: (4, 2),
            age_days: 480,
        })
        .setup_option()
        .weight(1_800)
        .store_price("us", 214_900);
    b.finish(p, Art::Router);
}

/// Pepwave Balance, Surf and BR2 routers for branches and offices.
fn pepwave_branch_routers(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "BPL-021X",
            name: "Pepwave Balance 20X",
            brand: Pepwave,
            category: "routers",
            price: 59_900,
            art: Art::Router,
            summary: "Multi-WAN SD-WAN router for small branches: fibre plus an embedded LTE-A modem, with load balancing and hot failover.",
            specs: &[
                ("Performance", "Router throughput", "900 Mbps"),
                ("Performance", "SpeedFusion VPN throughput", "100 Mbps"),
                ("Interfaces", "Ports", "1 × GbE WAN, 4 × GbE LAN, 1 × USB"),
                ("Cellular", "Modems", "1 × LTE-A Cat 6 (embedded)"),
                ("Wi-Fi", "Standard", "Wi-Fi 5 (802.11ac) 2×2"),
                ("Power", "Input", "12 V DC"),
                ("Physical", "Dimensions", "200 × 150 × 42 mm"),
            ],
            package: &router_pkg(2),
            stock: (60, 35),
            age_days: 400,
        })
        .setup_option()
        .weight(1_200);
    b.finish(p, Art::Router);

    let p = b
        .hardware(Hardware {
            sku: "BPL-310X",
            name: "Pepwave Balance 310X",
            brand: Pepwave,
            category: "routers",
            price: 179_900,
            art: Art::Router,
            summary: "Rack-mount SD-WAN router with three WAN ports and room for up to 2.5 Gbps of aggregated links at headquarters.",
            specs: &[
                ("Performance", "Router throughput", "2.5 Gbps"),
                ("Performance", "SpeedFusion VPN throughput", "600 Mbps"),
                ("Interfaces", "Ports", "3 × GbE WAN, 4 × GbE LAN, 2 × SFP"),
                ("Performance", "Recommended users", "100–500"),
                ("Power", "Input", "100–240 V AC, internal PSU"),
                ("Physical", "Dimensions", "1U, 440 × 230 × 44 mm"),
            ],
            package: &router_pkg(0),
            stock: (9, 14),
            age_days: 500,
        })
        .setup_option()
        .weight(3_400)
        .store_price("us", 169_900);
    b.finish(p, Art::Router);

    let p = b
        .hardware(Hardware {
            sku: "SUS-SOHO",
            name: "Pepwave Surf SOHO",
            brand: Pepwave,
            category: "routers",
            price: 19_900,
            art: Art::Router,
            summary: "Small-office router that turns a USB modem or cable line into reliable Wi-Fi, with WAN failover built in.",
            specs: &[
                ("Performance", "Router throughput", "150 Mbps"),
                ("Interfaces", "Ports", "1 × GbE WAN, 4 × GbE LAN, 1 × USB (modem)"),
                ("Wi-Fi", "Standard", "Wi-Fi 5 (802.11ac) 2×2"),
                ("Power", "Input", "12 V DC, 1.5 A"),
                ("Physical", "Dimensions", "186 × 120 × 34 mm"),
            ],
            package: &router_pkg(0),
            stock: (3, 5),
            age_days: 700,
        })
        .setup_option()
        .weight(500);
    b.finish(p, Art::Router);

    let p = b
        .hardware(Hardware {
            sku: "MAX-BR2-PRO",
            name: "Pepwave MAX BR2 Pro",
            brand: Pepwave,
            category: "routers",
            price: 99_900,
            art: Art::Router,
            summary: "Dual-modem LTE-A Pro router for branches that cannot go down: bond two carriers, fail over to fibre.",
            specs: &[
                ("Performance", "Router throughput", "600 Mbps"),
                ("Performance", "SpeedFusion VPN throughput", "150 Mbps"),
                ("Interfaces", "Ports", "1 × GbE WAN, 4 × GbE LAN"),
                ("Cellular", "Modems", "2 × LTE-A Pro Cat 18, 4 SIM slots"),
                ("Cellular", "LTE bands", LTE_BANDS),
                ("Power", "Input", "12–56 V DC"),
                ("Physical", "Dimensions", "200 × 150 × 42 mm"),
            ],
            package: &router_pkg(4),
            stock: (0, 7),
            age_days: 150,
        })
        .setup_option()
        .weight(1_150);
    b.finish(p, Art::Router);
}

/// The Uplink Edge 1 family: one variant per cellular module and region.
fn uplink_edge1_routers(b: &mut Builder) {
    let now = b.now;
    let parent = b
        .product(NewProduct {
            sku: "UL-EDGE1",
            name: "Uplink Edge 1",
            brand: Uplink,
            product_type: T::Configurable,
            category: "routers",
            price: 34_900,
            art: Art::Router,
        })
        .summary("Our best-selling cellular edge router: choose LTE or 5G and the regional model certified for your market.")
        .specs(&[
            ("Performance", "Router throughput", "800 Mbps"),
            ("Performance", "SpeedFusion VPN throughput", "200 Mbps"),
            ("Interfaces", "Ports", "1 × 2.5 GbE WAN, 3 × GbE LAN"),
            ("Cellular", "SIM", "2 × nano-SIM + eSIM"),
            ("Wi-Fi", "Standard", "Wi-Fi 6 (802.11ax) 2×2"),
            ("Power", "Input", "12 V DC or 802.3at PoE in"),
            ("Physical", "Dimensions", "160 × 110 × 36 mm"),
            ("Physical", "Operating temperature", "−20 to 60 °C"),
        ])
        .pkg(&router_pkg(4))
        .weight(640)
        .featured()
        .setup_option()
        .age(12, now);
    let edge = |sku, suffix, cell: (&str, &str), region: (&str, &str), price, stock| {
        variant(
            &parent,
            sku,
            suffix,
            &[
                ("cellular", "Cellular", cell.0, cell.1),
                ("region", "Region", region.0, region.1),
            ],
            price,
            stock,
        )
    };
    let variants = vec![
        edge(
            "UL-EDGE1-LTE-GL",
            "LTE, Global",
            ("lte", "LTE-A Cat 12"),
            ("global", "Global (CE)"),
            34_900,
            (80, 0),
        )
        .not_sold_in("us"),
        edge(
            "UL-EDGE1-LTE-US",
            "LTE, US",
            ("lte", "LTE-A Cat 12"),
            ("us", "US (FCC/PTCRB)"),
            32_900,
            (0, 65),
        )
        .not_sold_in("global"),
        edge(
            "UL-EDGE1-5G-GL",
            "5G, Global",
            ("5g", "5G NR Sub-6"),
            ("global", "Global (CE)"),
            64_900,
            (22, 0),
        )
        .not_sold_in("us"),
        edge(
            "UL-EDGE1-5G-US",
            "5G, US",
            ("5g", "5G NR Sub-6"),
            ("us", "US (FCC/PTCRB)"),
            62_900,
            (0, 4),
        )
        .not_sold_in("global"),
    ];
    b.finish_family(parent, variants, Art::Router);
}

/// The Uplink Edge 5G Pro and the Branch SD-WAN routers.
fn uplink_edge_pro_and_branch_routers(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "UL-EDGE5G-PRO-PRM",
            name: "Uplink Edge 5G Pro Prime",
            brand: Uplink,
            category: "routers",
            price: 129_900,
            art: Art::Router,
            summary: "Dual-5G prime router with five years of PrimeCare options: bonded 5G for stadiums, studios and emergency response.",
            specs: &[
                ("Performance", "Router throughput", "2 Gbps"),
                ("Performance", "SpeedFusion VPN throughput", "800 Mbps"),
                ("Interfaces", "Ports", "2 × 2.5 GbE WAN, 4 × GbE LAN, 1 × SFP"),
                ("Cellular", "Modems", "2 × 5G NR Sub-6 SA/NSA"),
                ("Cellular", "5G bands", NR_BANDS),
                ("Wi-Fi", "Standard", "Wi-Fi 6E tri-band"),
                ("Power", "Input", "12–56 V DC, redundant"),
                ("Power", "Consumption", "32 W max"),
                ("Physical", "Dimensions", "250 × 180 × 44 mm"),
            ],
            package: &router_pkg(8),
            stock: (15, 20),
            age_days: 8,
        })
        .setup_option()
        .weight(1_900)
        .featured()
        .asset_tag_option();
    b.finish(p, Art::Router);

    let p = b
        .hardware(Hardware {
            sku: "UL-BRANCH-500",
            name: "Uplink Branch 500",
            brand: Uplink,
            category: "routers",
            price: 69_900,
            art: Art::Router,
            summary: "SD-WAN branch router: two fibre WANs plus a cellular backup slot, application steering and zero-touch provisioning.",
            specs: &[
                ("Performance", "Router throughput", "1.5 Gbps"),
                ("Performance", "SpeedFusion VPN throughput", "350 Mbps"),
                ("Interfaces", "Ports", "2 × GbE WAN, 8 × GbE LAN, 1 × USB"),
                ("Performance", "Recommended users", "25–150"),
                ("Power", "Input", "12 V DC, 3 A"),
                ("Physical", "Dimensions", "280 × 180 × 44 mm"),
            ],
            package: &router_pkg(0),
            stock: (33, 27),
            age_days: 90,
        })
        .setup_option()
        .weight(1_500)
        .store_price("us", 67_900);
    b.finish(p, Art::Router);

    let p = b
        .hardware(Hardware {
            sku: "UL-BRANCH-1000-PRM",
            name: "Uplink Branch 1000 Prime",
            brand: Uplink,
            category: "routers",
            price: 249_900,
            art: Art::Router,
            summary: "Headquarters SD-WAN appliance with prime care eligibility, 10 GbE SFP+ and hardware-accelerated SpeedFusion.",
            specs: &[
                ("Performance", "Router throughput", "8 Gbps"),
                ("Performance", "SpeedFusion VPN throughput", "2.5 Gbps"),
                ("Interfaces", "Ports", "4 × 2.5 GbE WAN, 8 × GbE LAN, 2 × SFP+ 10 GbE"),
                ("Performance", "Recommended users", "500–2000"),
                ("Power", "Input", "Dual hot-swap 100–240 V AC"),
                ("Physical", "Dimensions", "1U, 440 × 300 × 44 mm"),
            ],
            package: &router_pkg(0),
            stock: (6, 3),
            age_days: 60,
        })
        .setup_option()
        .weight(5_200)
        .compare(269_900);
    b.finish(p, Art::Router);
}

/// Uplink routers for IoT, home offices and vehicle fleets.
fn uplink_nano_home_and_fleet_routers(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "UL-NANO-LTE",
            name: "Uplink Nano LTE",
            brand: Uplink,
            category: "routers",
            price: 14_900,
            art: Art::Router,
            summary: "Palm-sized LTE router for IoT, vending and signage: one Ethernet port, one SIM, DIN-rail ready.",
            specs: &[
                ("Performance", "Router throughput", "50 Mbps"),
                ("Interfaces", "Ports", "1 × Fast Ethernet"),
                ("Cellular", "Technology", "LTE Cat 4 with 3G fallback"),
                ("Cellular", "LTE bands", LTE_BANDS),
                ("Power", "Input", "9–36 V DC"),
                ("Power", "Consumption", "3 W typical"),
                ("Physical", "Dimensions", "90 × 60 × 24 mm"),
            ],
            package: &router_pkg(2),
            stock: (140, 0),
            age_days: 40,
        })
        .setup_option()
        .weight(150)
        .qty(1, Some(100), 1);
    b.finish(p, Art::Router);

    let p = b
        .hardware(Hardware {
            sku: "UL-HOME-MESH",
            name: "Uplink Home Mesh Router",
            brand: Uplink,
            category: "routers",
            price: 17_900,
            art: Art::Router,
            summary: "Wi-Fi 6 mesh router for home offices with automatic failover to your phone's hotspot.",
            specs: &[
                ("Performance", "Router throughput", "1 Gbps"),
                ("Interfaces", "Ports", "1 × GbE WAN, 2 × GbE LAN"),
                ("Wi-Fi", "Standard", "Wi-Fi 6 AX3000 dual-band mesh"),
                ("Power", "Input", "12 V DC, 1.5 A"),
                ("Physical", "Dimensions", "110 × 110 × 160 mm"),
            ],
            package: &router_pkg(0),
            stock: (75, 90),
            age_days: 3,
        })
        .setup_option()
        .weight(480)
        .store_price("us", 16_900);
    b.finish(p, Art::Router);

    let p = b
        .hardware(Hardware {
            sku: "UL-FLEET-5G",
            name: "Uplink Fleet 5G",
            brand: Uplink,
            category: "routers",
            price: 89_900,
            art: Art::Vehicle,
            summary: "5G vehicle router with GNSS, ignition sensing and E-Mark certification for buses, ambulances and utility fleets.",
            specs: &[
                ("Performance", "Router throughput", "1 Gbps"),
                ("Performance", "SpeedFusion VPN throughput", "300 Mbps"),
                ("Interfaces", "Ports", "1 × GbE WAN, 3 × GbE LAN, RS-232, 2 × DI/DO"),
                ("Cellular", "Technology", "5G NR Sub-6 with LTE-A fallback"),
                ("Cellular", "5G bands", NR_BANDS),
                ("Wi-Fi", "Standard", "Wi-Fi 6 (802.11ax) 2×2"),
                ("Power", "Input", "9–48 V DC, ignition sensing"),
                ("Physical", "Dimensions", "180 × 120 × 40 mm"),
                ("Certifications", "Vehicle", "E-Mark, SAE J1455"),
            ],
            package: &router_pkg(4),
            stock: (11, 16),
            age_days: 20,
        })
        .setup_option()
        .weight(980);
    b.finish(p, Art::Vehicle);
}

/// Pepwave access points.
fn pepwave_access_points(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "AP-ONE-AX",
            name: "Pepwave AP One AX",
            brand: Pepwave,
            category: "access-points",
            price: 39_900,
            art: Art::AccessPoint,
            summary: "Enterprise Wi-Fi 6 access point managed from InControl, with captive portal and per-SSID VLANs.",
            specs: &[
                ("Wi-Fi", "Standard", "Wi-Fi 6 (802.11ax) 4×4 MU-MIMO"),
                ("Wi-Fi", "Max data rate", "2.4 Gbps (5 GHz) + 574 Mbps (2.4 GHz)"),
                ("Interfaces", "Ports", "1 × 2.5 GbE PoE in"),
                ("Power", "Input", "802.3at PoE+"),
                ("Power", "Consumption", "19 W max"),
                ("Physical", "Dimensions", "220 × 220 × 45 mm"),
            ],
            package: AP_PACKAGE,
            stock: (48, 30),
            age_days: 110,
        })
        .weight(900)
        .asset_tag_option();
    b.finish(p, Art::AccessPoint);
    let p = b
        .hardware(Hardware {
            sku: "AP-ONE-RUGGED",
            name: "Pepwave AP One Rugged",
            brand: Pepwave,
            category: "access-points",
            price: 49_900,
            art: Art::OutdoorAp,
            summary: "IP55 access point for warehouses and vehicles, powered by PoE or 12 V DC.",
            specs: &[
                ("Wi-Fi", "Standard", "Wi-Fi 5 (802.11ac) 2×2"),
                ("Interfaces", "Ports", "1 × GbE PoE in"),
                ("Power", "Input", "802.3af PoE or 10–30 V DC"),
                ("Physical", "Protection", "IP55"),
                ("Physical", "Dimensions", "190 × 130 × 40 mm"),
            ],
            package: AP_PACKAGE,
            stock: (5, 9),
            age_days: 520,
        })
        .weight(700);
    b.finish(p, Art::OutdoorAp);
    let p = b
        .hardware(Hardware {
            sku: "AP-PRO-DUO",
            name: "Pepwave AP Pro Duo",
            brand: Pepwave,
            category: "access-points",
            price: 44_900,
            art: Art::AccessPoint,
            summary: "Dual-radio concurrent access point for high-density classrooms and venues.",
            specs: &[
                (
                    "Wi-Fi",
                    "Standard",
                    "Wi-Fi 5 (802.11ac) dual concurrent 3×3",
                ),
                ("Wi-Fi", "Clients", "Up to 120 concurrent"),
                ("Interfaces", "Ports", "2 × GbE (1 × PoE in)"),
                ("Power", "Input", "802.3at PoE+"),
                ("Physical", "Dimensions", "200 × 200 × 40 mm"),
            ],
            package: AP_PACKAGE,
            stock: (0, 0),
            age_days: 800,
        })
        .weight(850);
    b.finish(p, Art::AccessPoint);
}

/// Uplink access points: the AirPoint 6 family (PoE only or kit), outdoor and lite.
fn uplink_access_points(b: &mut Builder) {
    let now = b.now;
    let parent = b
        .product(NewProduct {
            sku: "UL-AIRPOINT6",
            name: "Uplink AirPoint 6",
            brand: Uplink,
            product_type: T::Configurable,
            category: "access-points",
            price: 19_900,
            art: Art::AccessPoint,
        })
        .summary("Ceiling-mount Wi-Fi 6 access point with cloud management — buy it alone or as a kit with a PoE injector.")
        .specs(&[
            ("Wi-Fi", "Standard", "Wi-Fi 6 (802.11ax) AX3000 2×2"),
            ("Wi-Fi", "SSIDs", "Up to 16 with VLAN tagging"),
            ("Interfaces", "Ports", "1 × GbE PoE in"),
            ("Power", "Input", "802.3af/at PoE"),
            ("Power", "Consumption", "13 W max"),
            ("Physical", "Dimensions", "180 × 180 × 36 mm"),
        ])
        .pkg(&[("Access point", 1), ("Ceiling mount", 1), ("Quick start guide", 1)])
        .weight(520)
        .featured()
        .asset_tag_option()
        .age(45, now);
    let vs = vec![
        variant(
            &parent,
            "UL-AIRPOINT6-POE",
            "PoE only",
            &[("power", "Power", "poe", "PoE (no injector)")],
            19_900,
            (120, 80),
        ),
        variant(
            &parent,
            "UL-AIRPOINT6-KIT",
            "with PoE injector",
            &[("power", "Power", "kit", "Kit with 30 W PoE+ injector")],
            22_900,
            (2, 6),
        ),
    ];
    b.finish_family(parent, vs, Art::AccessPoint);
    let p = b
        .hardware(Hardware {
            sku: "UL-AIRPOINT6E-OUT",
            name: "Uplink AirPoint 6E Outdoor",
            brand: Uplink,
            category: "access-points",
            price: 54_900,
            art: Art::OutdoorAp,
            summary: "Tri-band Wi-Fi 6E outdoor access point with IP67 housing and pole mount for campuses and marinas.",
            specs: &[
                ("Wi-Fi", "Standard", "Wi-Fi 6E tri-band 2.4/5/6 GHz"),
                ("Wi-Fi", "Max data rate", "5.4 Gbps aggregate"),
                ("Interfaces", "Ports", "1 × 2.5 GbE PoE in, 1 × SFP"),
                ("Power", "Input", "802.3bt PoE++"),
                ("Physical", "Protection", "IP67, −40 to 65 °C"),
                ("Physical", "Dimensions", "260 × 180 × 70 mm"),
            ],
            package: AP_PACKAGE,
            stock: (14, 10),
            age_days: 25,
        })
        .weight(1_600)
        .store_price("us", 52_900);
    b.finish(p, Art::OutdoorAp);
    let p = b
        .hardware(Hardware {
            sku: "UL-AIRPOINT-LITE",
            name: "Uplink AirPoint Lite",
            brand: Uplink,
            category: "access-points",
            price: 8_900,
            art: Art::AccessPoint,
            summary: "Affordable Wi-Fi 5 access point for small shops and home offices.",
            specs: &[
                ("Wi-Fi", "Standard", "Wi-Fi 5 (802.11ac) AC1200"),
                ("Interfaces", "Ports", "1 × GbE PoE in"),
                ("Power", "Input", "802.3af PoE or 12 V DC"),
                ("Physical", "Dimensions", "150 × 150 × 30 mm"),
            ],
            package: AP_PACKAGE,
            stock: (200, 150),
            age_days: 350,
        })
        .weight(300)
        .compare(9_900);
    b.finish(p, Art::AccessPoint);
}

/// Pepwave and Uplink switches.
fn switches(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "SDS-8-POE",
            name: "Pepwave SD Switch 8-Port PoE",
            brand: Pepwave,
            category: "switches",
            price: 39_900,
            art: Art::Switch,
            summary: "Managed 8-port PoE+ switch with 2 SFP uplinks, configured from InControl alongside your routers.",
            specs: &[
                ("Interfaces", "Ports", "8 × GbE PoE+, 2 × SFP"),
                ("Performance", "Switching capacity", "20 Gbps"),
                ("Power", "PoE budget", "130 W"),
                ("Power", "Input", "100–240 V AC"),
                ("Physical", "Dimensions", "330 × 210 × 44 mm"),
            ],
            package: SWITCH_PACKAGE,
            stock: (22, 13),
            age_days: 260,
        })
        .weight(2_100);
    b.finish(p, Art::Switch);
    let p = b
        .hardware(Hardware {
            sku: "SDS-24",
            name: "Pepwave SD Switch 24-Port Rackmount",
            brand: Pepwave,
            category: "switches",
            price: 89_900,
            art: Art::Switch,
            summary: "24-port managed switch with 4 × 10G SFP+ uplinks for wiring closets.",
            specs: &[
                ("Interfaces", "Ports", "24 × GbE, 4 × 10G SFP+"),
                ("Performance", "Switching capacity", "128 Gbps"),
                ("Power", "Input", "100–240 V AC"),
                ("Physical", "Dimensions", "1U, 440 × 250 × 44 mm"),
            ],
            package: SWITCH_PACKAGE,
            stock: (7, 0),
            age_days: 600,
        })
        .weight(3_800);
    b.finish(p, Art::Switch);
    let p = b
        .hardware(Hardware {
            sku: "UL-SW8-POE",
            name: "Uplink Switch 8 PoE+",
            brand: Uplink,
            category: "switches",
            price: 24_900,
            art: Art::Switch,
            summary: "Fanless 8-port PoE+ switch that powers access points and cameras straight from your router's closet.",
            specs: &[
                ("Interfaces", "Ports", "8 × GbE PoE+, 1 × GbE uplink"),
                ("Power", "PoE budget", "120 W"),
                ("Power", "Input", "54 V DC external adapter"),
                ("Physical", "Dimensions", "250 × 120 × 30 mm"),
            ],
            package: SWITCH_PACKAGE,
            stock: (55, 44),
            age_days: 70,
        })
        .weight(1_000);
    b.finish(p, Art::Switch);
    let p = b
        .hardware(Hardware {
            sku: "UL-SW16-SFP",
            name: "Uplink Switch 16 Fiber",
            brand: Uplink,
            category: "switches",
            price: 74_900,
            art: Art::Switch,
            summary: "16-port SFP aggregation switch for fibre backbones and campus rings.",
            specs: &[
                ("Interfaces", "Ports", "16 × SFP, 4 × 10G SFP+"),
                ("Performance", "Switching capacity", "112 Gbps"),
                ("Power", "Input", "Dual 100–240 V AC"),
                ("Physical", "Dimensions", "1U, 440 × 220 × 44 mm"),
            ],
            package: SWITCH_PACKAGE,
            stock: (4, 3),
            age_days: 180,
        })
        .weight(3_100);
    b.finish(p, Art::Switch);
    let p = b
        .hardware(Hardware {
            sku: "UL-SW48-PRO-PRM",
            name: "Uplink Switch 48 Pro Prime",
            brand: Uplink,
            category: "switches",
            price: 189_900,
            art: Art::Switch,
            summary: "48-port PoE++ core switch with prime care eligibility and stacking.",
            specs: &[
                ("Interfaces", "Ports", "48 × 2.5 GbE PoE++, 6 × 25G SFP28"),
                ("Performance", "Switching capacity", "540 Gbps"),
                ("Power", "PoE budget", "1440 W"),
                ("Power", "Input", "Dual hot-swap PSU"),
                ("Physical", "Dimensions", "1U, 440 × 420 × 44 mm"),
            ],
            package: SWITCH_PACKAGE,
            stock: (3, 5),
            age_days: 15,
        })
        .weight(7_400)
        .store_price("us", 184_900);
    b.finish(p, Art::Switch);
}

/// Roof, omni, panel and dome antennas.
fn antennas(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "ANT-MOB-42G",
            name: "Pepwave Mobility 42G",
            brand: Pepwave,
            category: "antennas",
            price: 34_900,
            art: Art::Antenna,
            summary: "Roof-mount 4×4 MIMO LTE/5G antenna with 2×2 Wi-Fi and GPS in one IP67 dome.",
            specs: &[
                ("Radio", "Cellular", "4 × 600–6000 MHz, 5 dBi peak"),
                ("Radio", "Wi-Fi", "2 × 2.4/5 GHz, 4 dBi"),
                ("Radio", "GNSS", "GPS/GLONASS active, 28 dB"),
                ("Physical", "Cable", "8 × 5 m LMR-200, SMA/RP-SMA"),
                ("Physical", "Protection", "IP67"),
                ("Physical", "Dimensions", "Ø 186 × 66 mm"),
            ],
            package: &[("Antenna", 1), ("Mounting nut and gasket", 1)],
            stock: (30, 26),
            age_days: 330,
        })
        .weight(1_100);
    b.finish(p, Art::Antenna);
    let p = b
        .hardware(Hardware {
            sku: "ANT-MOB-22G",
            name: "Pepwave Mobility 22G",
            brand: Pepwave,
            category: "antennas",
            price: 19_900,
            art: Art::Antenna,
            summary: "Compact 2×2 LTE plus GPS roof antenna for cars and light vehicles.",
            specs: &[
                ("Radio", "Cellular", "2 × 698–3800 MHz, 4 dBi"),
                ("Radio", "GNSS", "GPS active"),
                ("Physical", "Cable", "3 × 5 m RG-174, SMA"),
                ("Physical", "Protection", "IP67"),
            ],
            package: &[("Antenna", 1), ("Mounting nut", 1)],
            stock: (1, 0),
            age_days: 640,
        })
        .weight(400);
    b.finish(p, Art::Antenna);
    let p = b
        .hardware(Hardware {
            sku: "UL-ANT-OMNI4",
            name: "Uplink Omni 4x4 MIMO 5G Antenna",
            brand: Uplink,
            category: "antennas",
            price: 24_900,
            art: Art::Antenna,
            summary: "Pole or wall-mount omni antenna for 5G fixed wireless access with four cellular elements.",
            specs: &[
                ("Radio", "Cellular", "4 × 617–6000 MHz, 6 dBi"),
                ("Physical", "Cable", "4 × 3 m LMR-240, N-female"),
                ("Physical", "Protection", "IP67, UV-stabilised ASA"),
                ("Physical", "Dimensions", "Ø 120 × 400 mm"),
            ],
            package: &[("Antenna", 1), ("Pole mount kit", 1)],
            stock: (16, 21),
            age_days: 95,
        })
        .weight(1_300);
    b.finish(p, Art::Antenna);
    let p = b
        .hardware(Hardware {
            sku: "UL-ANT-PANEL5G",
            name: "Uplink Directional Panel 5G Antenna",
            brand: Uplink,
            category: "antennas",
            price: 29_900,
            art: Art::PanelAntenna,
            summary: "High-gain directional 4×4 MIMO panel to reach a distant tower from rural sites.",
            specs: &[
                ("Radio", "Cellular", "4 × 617–4200 MHz, 11 dBi"),
                ("Radio", "Beamwidth", "60° horizontal"),
                ("Physical", "Cable", "4 × 5 m LMR-240, SMA"),
                ("Physical", "Protection", "IP66"),
                ("Physical", "Dimensions", "300 × 300 × 60 mm"),
            ],
            package: &[("Panel antenna", 1), ("Tilt/swivel pole bracket", 1)],
            stock: (8, 12),
            age_days: 35,
        })
        .weight(1_900)
        .featured();
    b.finish(p, Art::PanelAntenna);
    let p = b
        .hardware(Hardware {
            sku: "UL-ANT-DOME-WIFI",
            name: "Uplink Dome 2x2 Wi-Fi 6 Antenna",
            brand: Uplink,
            category: "antennas",
            price: 9_900,
            art: Art::Antenna,
            summary: "Low-profile ceiling dome that moves a router's Wi-Fi to where people are.",
            specs: &[
                ("Radio", "Wi-Fi", "2 × 2.4/5/6 GHz, 5 dBi"),
                ("Physical", "Cable", "2 × 3 m RG-316, RP-SMA"),
                ("Physical", "Dimensions", "Ø 140 × 35 mm"),
            ],
            package: &[("Dome antenna", 1)],
            stock: (64, 70),
            age_days: 210,
        })
        .weight(250);
    b.finish(p, Art::Antenna);
}

/// The 12 V power adapter family (one variant per plug) and the PoE injector.
fn power_supplies(b: &mut Builder) {
    let now = b.now;
    let parent = b
        .product(NewProduct {
            sku: "UL-PSU-12V",
            name: "Uplink 12 V Power Adapter",
            brand: Uplink,
            product_type: T::Configurable,
            category: "accessories",
            price: 2_900,
            art: Art::PowerSupply,
        })
        .summary("Spare 12 V / 3 A desktop power adapter for Uplink and Pepwave routers — pick the plug for your country.")
        .specs(&[
            ("Power", "Output", "12 V DC, 3 A (36 W)"),
            ("Power", "Input", "100–240 V AC, 50/60 Hz"),
            ("Physical", "Connector", "5.5 × 2.1 mm barrel, locking"),
            ("Physical", "Cable length", "1.5 m"),
        ])
        .pkg(&[("Power adapter", 1)])
        .weight(220)
        .age(400, now);
    let plug = |sku, name, code, label, stock| {
        variant(
            &parent,
            sku,
            name,
            &[("plug", "Plug", code, label)],
            2_900,
            stock,
        )
    };
    let vs = vec![
        plug(
            "UL-PSU-12V-US",
            "US plug",
            "us",
            "Type A (US/JP)",
            (40, 300),
        ),
        plug("UL-PSU-12V-EU", "EU plug", "eu", "Type C (EU)", (250, 0)).not_sold_in("us"),
        plug("UL-PSU-12V-UK", "UK plug", "uk", "Type G (UK)", (90, 0)).not_sold_in("us"),
        plug("UL-PSU-12V-AU", "AU plug", "au", "Type I (AU/NZ)", (0, 0)).not_sold_in("us"),
    ];
    b.finish_family(parent, vs, Art::PowerSupply);
    let p = b
        .hardware(Hardware {
            sku: "UL-POE-INJ30",
            name: "Uplink PoE+ Injector 30 W",
            brand: Uplink,
            category: "accessories",
            price: 3_900,
            art: Art::PowerSupply,
            summary: "Single-port 802.3at injector to power an access point or camera over one cable.",
            specs: &[
                ("Power", "Output", "802.3at, 30 W"),
                ("Interfaces", "Ports", "2 × GbE (data in, PoE out)"),
                ("Power", "Input", "100–240 V AC"),
            ],
            package: &[("PoE injector", 1), ("Power cord", 1)],
            stock: (300, 260),
            age_days: 280,
        })
        .weight(200)
        .qty(1, Some(50), 1);
    b.finish(p, Art::PowerSupply);
}

/// Mounting kits, cables and the SIM injector.
fn mounts_and_cables(b: &mut Builder) {
    let p = b
        .hardware(Hardware {
            sku: "UL-RACK-1U",
            name: "Uplink 1U Rack Mount Kit",
            brand: Uplink,
            category: "accessories",
            price: 4_900,
            art: Art::Bracket,
            summary: "Steel 19-inch 1U tray for desktop routers and switches.",
            specs: &[
                (
                    "Physical",
                    "Material",
                    "1.5 mm cold-rolled steel, black powder coat",
                ),
                ("Physical", "Fits", "Units up to 280 mm wide"),
            ],
            package: &[("Rack tray", 1), ("Cage nuts and screws", 4)],
            stock: (45, 38),
            age_days: 500,
        })
        .weight(1_400);
    b.finish(p, Art::Bracket);
    let p = b
        .hardware(Hardware {
            sku: "UL-DIN-BRACKET",
            name: "Uplink DIN Rail Bracket",
            brand: Uplink,
            category: "accessories",
            price: 1_900,
            art: Art::Bracket,
            summary: "Clip-on DIN rail bracket for Nano, Edge and BR1-series routers.",
            specs: &[
                ("Physical", "Rail", "TS35 (35 mm) DIN rail"),
                ("Physical", "Material", "Stainless steel"),
            ],
            package: &[("Bracket", 1), ("Screws", 4)],
            stock: (500, 420),
            age_days: 365,
        })
        .weight(90)
        .qty(1, Some(200), 1);
    b.finish(p, Art::Bracket);
    let p = b
        .hardware(Hardware {
            sku: "UL-CBL-LMR240-5M",
            name: "Uplink LMR-240 Antenna Cable 5 m",
            brand: Uplink,
            category: "accessories",
            price: 3_400,
            art: Art::Cable,
            summary: "Low-loss 5 m extension cable between roof antennas and routers.",
            specs: &[
                ("Radio", "Loss", "0.42 dB/m at 2.5 GHz"),
                ("Physical", "Connectors", "SMA male – SMA female"),
                ("Physical", "Length", "5 m"),
            ],
            package: &[("Cable", 1)],
            stock: (150, 120),
            age_days: 600,
        })
        .weight(300)
        .qty(1, Some(100), 1);
    b.finish(p, Art::Cable);
    let p = b
        .hardware(Hardware {
            sku: "PW-VPC-TB",
            name: "Pepwave Vehicle Power Cable",
            brand: Pepwave,
            category: "accessories",
            price: 2_500,
            art: Art::Cable,
            summary: "4-pin terminal-block power cable with ignition sense and inline fuse for vehicle routers.",
            specs: &[
                ("Power", "Fuse", "5 A inline, blade"),
                ("Physical", "Length", "1.8 m"),
                ("Physical", "Connector", "4-pin terminal block"),
            ],
            package: &[("Power cable", 1)],
            stock: (70, 5),
            age_days: 440,
        })
        .weight(150);
    b.finish(p, Art::Cable);
    let p = b
        .hardware(Hardware {
            sku: "UL-SIM-INJ8",
            name: "Uplink SIM Injector 8-Slot",
            brand: Uplink,
            category: "accessories",
            price: 49_900,
            art: Art::Switch,
            summary: "Rack-mount SIM injector that feeds up to eight SIMs to remote routers over Ethernet.",
            specs: &[
                ("Interfaces", "SIM slots", "8 × mini-SIM"),
                ("Interfaces", "Ports", "2 × GbE (PoE out)"),
                ("Power", "Input", "12 V DC"),
            ],
            package: &[("SIM injector", 1), ("Power adapter", 1), ("Rack ears", 2)],
            stock: (2, 1),
            age_days: 140,
        })
        .weight(1_200);
    b.finish(p, Art::Switch);
}

/// Feature licences bound to device serials.
fn licences(b: &mut Builder) {
    let now = b.now;
    let lic = |b: &mut Builder,
               sku: &str,
               name: &str,
               price,
               summary: &str,
               models: &[&str],
               specs: &[(&str, &str, &str)],
               age: i64| {
        b.product(NewProduct {
            sku,
            name,
            brand: Pepwave,
            product_type: T::License,
            category: "licences",
            price,
            art: Art::Licence,
        })
        .summary(summary)
        .specs(specs)
        .eligible(models, No)
        .age(age, now)
    };
    let p = lic(
        b,
        "LIC-SF-BOND",
        "SpeedFusion Bonding Licence",
        24_900,
        "Unlocks SpeedFusion bandwidth bonding between a router and a peer or the cloud.",
        ROUTER_MODELS,
        &[
            (
                "Licence",
                "Feature",
                "SpeedFusion bonding, FEC, WAN smoothing",
            ),
            ("Licence", "Term", "Lifetime of the device"),
            ("Licence", "Delivery", "Key attached to the serial"),
        ],
        200,
    )
    .featured();
    b.finish(p, Art::Licence);
    let p = lic(
        b,
        "LIC-WAN-SMOOTH",
        "WAN Smoothing & Hot Failover Licence",
        14_900,
        "Duplicates packets across WANs so calls and video survive a dropping link.",
        &[],
        &[
            ("Licence", "Feature", "WAN smoothing, hot failover"),
            ("Licence", "Term", "Lifetime of the device"),
        ],
        180,
    );
    b.finish(p, Art::Licence);
    let p = lic(
        b,
        "LIC-IC2-1Y",
        "InControl 2 Management — 1 Year",
        4_900,
        "Cloud management, alerts, GPS tracking and config templates for one device, for a year.",
        &[],
        &[
            ("Licence", "Feature", "InControl 2 cloud management"),
            ("Licence", "Term", "12 months"),
        ],
        130,
    )
    .labels(&[Sfc])
    .plan(Some(12), None, Some(365), true)
    .store_price("us", 4_500);
    b.finish(p, Art::Licence);
    let p = lic(
        b,
        "LIC-IC2-3Y",
        "InControl 2 Management — 3 Years",
        12_900,
        "Three years of InControl 2 cloud management for one device.",
        &[],
        &[
            ("Licence", "Feature", "InControl 2 cloud management"),
            ("Licence", "Term", "36 months"),
        ],
        130,
    )
    .labels(&[Sfc])
    .plan(Some(36), None, Some(1095), true)
    .compare(14_700);
    b.finish(p, Art::Licence);
    let p = lic(
        b,
        "LIC-ADV-ROUTING",
        "Advanced Routing Feature Pack",
        19_900,
        "OSPF, BGP and policy-based routing for Balance and Branch SD-WAN routers.",
        &["BALANCE-20X", "BALANCE-310X", "BRANCH-500"],
        &[
            ("Licence", "Feature", "OSPFv2/v3, BGP4, PBR"),
            ("Licence", "Term", "Lifetime of the device"),
        ],
        75,
    );
    b.finish(p, Art::Licence);
}

/// PrimeCare for prime devices and warranty extensions for the rest.
fn care_and_warranty(b: &mut Builder) {
    let now = b.now;
    let care = |b: &mut Builder,
                sku: &str,
                name: &str,
                price,
                summary: &str,
                models: &[&str],
                prime,
                months,
                age: i64| {
        let mut p = b
            .product(NewProduct {
                sku,
                name,
                brand: if prime == Yes { Pepwave } else { Uplink },
                product_type: T::License,
                category: "care-warranty",
                price,
                art: Art::Care,
            })
            .summary(summary)
            .specs(&[
                ("Coverage", "Term", format!("{months} months").as_str()),
                (
                    "Coverage",
                    "Hardware",
                    "Advance replacement, shipped next business day",
                ),
                (
                    "Coverage",
                    "Renewal",
                    "Starts the day after the old expiry when renewed within 30 days",
                ),
            ])
            .eligible(models, prime)
            .support_option()
            .plan(Some(months), None, None, false)
            .age(age, now);
        if prime == Yes {
            p = p.specs(&[(
                "Coverage",
                "Includes",
                "InControl, SpeedFusion Cloud starter data, firmware upgrades",
            )]);
        }
        p
    };
    let p = care(b, "CARE-PRIME-1Y", "PrimeCare — 1 Year", 19_900,
        "PrimeCare for prime (-PRM) devices: warranty, advance replacement, InControl and priority support for a year.",
        &[], Yes, 12, 50)
        .featured();
    b.finish(p, Art::Care);
    let p = care(
        b,
        "CARE-PRIME-3Y",
        "PrimeCare — 3 Years",
        49_900,
        "Three years of PrimeCare for prime devices at a lower yearly price.",
        &[],
        Yes,
        36,
        50,
    )
    .compare(59_700);
    b.finish(p, Art::Care);
    let p = care(
        b,
        "WTY-EXT-1Y",
        "Warranty Extension — 1 Year",
        7_900,
        "Extends the standard 12-month warranty of a non-prime device by a year.",
        &[],
        No,
        12,
        160,
    )
    .store_price("us", 7_500);
    b.finish(p, Art::Care);
    let p = care(
        b,
        "WTY-EXT-2Y",
        "Warranty Extension — 2 Years",
        13_900,
        "Two more years of warranty and advance replacement for a non-prime device.",
        &[],
        No,
        24,
        160,
    );
    b.finish(p, Art::Care);
    let p = care(
        b,
        "WTY-EXT-AP-1Y",
        "Access Point Warranty Extension — 1 Year",
        3_900,
        "One more year of warranty for Pepwave and Uplink access points.",
        &["AP-ONE-AX", "AP-ONE-RUGGED", "AIRPOINT6", "AIRPOINT6E-OUT"],
        No,
        12,
        90,
    );
    b.finish(p, Art::Care);
}

/// Data plan licences: embedded data for cellular routers.
fn data_plan_licences(b: &mut Builder) {
    let now = b.now;
    let dpl = |b: &mut Builder,
               sku: &str,
               name: &str,
               price,
               gb: i64,
               days: i64,
               summary: &str,
               age: i64| {
        b.product(NewProduct {
            sku,
            name,
            brand: Uplink,
            product_type: T::License,
            category: "data-plan-license",
            price,
            art: Art::DataPlan,
        })
        .summary(summary)
        .specs(&[
            ("Plan", "Data", format!("{gb} GB").as_str()),
            ("Plan", "Validity", format!("{days} days").as_str()),
            ("Plan", "Coverage", "190+ countries on partner networks"),
            (
                "Plan",
                "Top-up",
                "Stacks on the active plan; unused data carries forward",
            ),
        ])
        .labels(&[Usage])
        .eligible(CELLULAR_MODELS, Any)
        .plan(None, Some(gb * GB), Some(days), true)
        .age(age, now)
    };
    let p = dpl(
        b,
        "DPL-5GB-30D",
        "Data Plan Licence 5 GB / 30 days",
        1_900,
        5,
        30,
        "Embedded data for a cellular router: 5 GB for 30 days, activated on the device's serial.",
        100,
    );
    b.finish(p, Art::DataPlan);
    let p = dpl(
        b,
        "DPL-50GB-1Y",
        "Data Plan Licence 50 GB / 1 year",
        14_900,
        50,
        365,
        "50 GB over a year for low-traffic IoT and backup links.",
        100,
    );
    b.finish(p, Art::DataPlan);
    let p = dpl(
        b,
        "DPL-200GB-1Y",
        "Data Plan Licence 200 GB / 1 year",
        39_900,
        200,
        365,
        "200 GB over a year for branch failover and pop-up sites.",
        100,
    )
    .store_price("us", 37_900);
    b.finish(p, Art::DataPlan);
}

/// One row of the SpeedFusion plan tables: metered when `gb` is set, unlimited otherwise.
struct SfcPlan<'a> {
    sku: &'a str,
    name: &'a str,
    product_type: T,
    /// Category slug.
    category: &'a str,
    /// The family image.
    art: Art,
    /// List price in cents.
    price: i64,
    /// Data allowance; `None` for unlimited plans.
    gb: Option<i64>,
    /// Validity in days.
    days: i64,
    summary: &'a str,
    /// Days since the plan was added.
    age_days: i64,
}

/// A Pepwave SpeedFusion plan from one table row.
fn speedfusion_plan(b: &mut Builder, plan: SfcPlan<'_>) -> ProductSeed {
    let SfcPlan {
        sku,
        name,
        product_type,
        category,
        art,
        price,
        gb,
        days,
        summary,
        age_days,
    } = plan;
    let now = b.now;
    let data = gb.map_or("Unlimited".to_owned(), |g| {
        if g >= 1024 {
            format!("{} TB", g / 1024)
        } else {
            format!("{g} GB")
        }
    });
    let validity = if days >= 365 {
        format!("{} year(s)", days / 365)
    } else {
        format!("{days} days")
    };
    let stacking = if gb.is_some() {
        "Carries remaining data forward; extends from the current expiry (3-year cap)"
    } else {
        "Renewals stack up to 3 years; not combinable with metered plans"
    };
    let models: Vec<&str> = CELLULAR_MODELS
        .iter()
        .chain(ROUTER_MODELS)
        .copied()
        .collect();
    b.product(NewProduct {
        sku,
        name,
        brand: Pepwave,
        product_type,
        category,
        price,
        art,
    })
    .summary(summary)
    .specs(&[
        ("Plan", "Data", data.as_str()),
        ("Plan", "Validity", validity.as_str()),
        ("Plan", "Stacking", stacking),
        ("Network", "Cloud nodes", "30+ SpeedFusion Cloud locations"),
    ])
    .labels(&[Sfc, Usage])
    .eligible(&models, Any)
    .plan(None, gb.map(|g| g * GB), Some(days), true)
    .age(age_days, now)
}

/// Metered SpeedFusion Cloud plans.
fn speedfusion_cloud_plans(b: &mut Builder) {
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-20GB-1M",
            name: "SpeedFusion Cloud 20 GB / 1 month",
            product_type: T::Cloud,
            category: "cloud",
            art: Art::Cloud,
            price: 1_900,
            gb: Some(20),
            days: 30,
            summary: "Try SpeedFusion Cloud hot failover and WAN smoothing for a month.",
            age_days: 5,
        },
    );
    b.finish(p, Art::Cloud);
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-100GB-1Y",
            name: "SpeedFusion Cloud 100 GB / 1 year",
            product_type: T::Cloud,
            category: "cloud",
            art: Art::Cloud,
            price: 9_900,
            gb: Some(100),
            days: 365,
            summary: "100 GB of bonded, hot-failover traffic through the SpeedFusion Cloud over a year.",
            age_days: 200,
        },
    )
    .featured()
    .store_price("us", 9_500);
    b.finish(p, Art::Cloud);
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-500GB-1Y",
            name: "SpeedFusion Cloud 500 GB / 1 year",
            product_type: T::Cloud,
            category: "cloud",
            art: Art::Cloud,
            price: 34_900,
            gb: Some(500),
            days: 365,
            summary: "500 GB per year for branches that route voice and video through the cloud.",
            age_days: 200,
        },
    );
    b.finish(p, Art::Cloud);
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-1TB-1Y",
            name: "SpeedFusion Cloud 1 TB / 1 year",
            product_type: T::Cloud,
            category: "cloud",
            art: Art::Cloud,
            price: 59_900,
            gb: Some(1024),
            days: 365,
            summary: "1 TB per year for busy sites and vehicle fleets.",
            age_days: 200,
        },
    )
    .compare(69_900);
    b.finish(p, Art::Cloud);
}

/// SpeedFusion Connect plans: cellular data and app VPN protection.
fn speedfusion_connect_plans(b: &mut Builder) {
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-CONNECT-50GB-1Y",
            name: "SpeedFusion Connect 5G/LTE 50 GB / 1 year",
            product_type: T::CloudConnect,
            category: "cloud-connect",
            art: Art::CloudConnect,
            price: 12_900,
            gb: Some(50),
            days: 365,
            summary: "Cellular data with SpeedFusion built in: 50 GB across 5G/LTE networks worldwide.",
            age_days: 60,
        },
    );
    b.finish(p, Art::CloudConnect);
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-CONNECT-250GB-1Y",
            name: "SpeedFusion Connect 5G/LTE 250 GB / 1 year",
            product_type: T::CloudConnect,
            category: "cloud-connect",
            art: Art::CloudConnect,
            price: 44_900,
            gb: Some(250),
            days: 365,
            summary: "250 GB of SpeedFusion Connect data per year for mobile teams.",
            age_days: 60,
        },
    )
    .start_date_option();
    b.finish(p, Art::CloudConnect);
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-PROTECT-1Y",
            name: "SpeedFusion Connect Protect — 1 year",
            product_type: T::CloudConnect,
            category: "cloud-connect",
            art: Art::CloudConnect,
            price: 5_900,
            gb: Some(100),
            days: 365,
            summary: "Encrypted VPN protection for laptops and phones through the SpeedFusion app.",
            age_days: 10,
        },
    )
    .labels(&[AppVpn]);
    b.finish(p, Art::CloudConnect);
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-PROTECT-1M",
            name: "SpeedFusion Connect Protect — 1 month",
            product_type: T::CloudConnect,
            category: "cloud-connect",
            art: Art::CloudConnect,
            price: 699,
            gb: Some(10),
            days: 30,
            summary: "A month of SpeedFusion app VPN protection, 10 GB.",
            age_days: 10,
        },
    )
    .labels(&[AppVpn]);
    b.finish(p, Art::CloudConnect);
}

/// Unlimited SpeedFusion Cloud plans.
fn speedfusion_unlimited_plans(b: &mut Builder) {
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-UNLTD-1Y",
            name: "SpeedFusion Cloud Unlimited — 1 year",
            product_type: T::CloudUnlimited,
            category: "cloud-unlimited",
            art: Art::CloudUnlimited,
            price: 99_900,
            gb: None,
            days: 365,
            summary: "Unlimited SpeedFusion Cloud traffic for one device for a year.",
            age_days: 120,
        },
    )
    .featured();
    b.finish(p, Art::CloudUnlimited);
    let p = speedfusion_plan(
        b,
        SfcPlan {
            sku: "SFC-UNLTD-1M",
            name: "SpeedFusion Cloud Unlimited — 1 month",
            product_type: T::CloudUnlimited,
            category: "cloud-unlimited",
            art: Art::CloudUnlimited,
            price: 9_900,
            gb: None,
            days: 30,
            summary: "A month of unlimited SpeedFusion Cloud for events and temporary sites.",
            age_days: 120,
        },
    )
    .labels(&[AppVpn]);
    b.finish(p, Art::CloudUnlimited);
}

/// eSIM profiles by region.
fn esim_profiles(b: &mut Builder) {
    let now = b.now;
    let esim =
        |b: &mut Builder, sku: &str, name: &str, price, summary: &str, coverage: &str, age: i64| {
            b.product(NewProduct {
                sku,
                name,
                brand: Uplink,
                product_type: T::Esim,
                category: "esim-profiles",
                price,
                art: Art::Esim,
            })
            .summary(summary)
            .specs(&[
                ("eSIM", "Coverage", coverage),
                ("eSIM", "Networks", "5G/LTE where available"),
                (
                    "eSIM",
                    "Delivery",
                    "ICCID, activation code and QR code by e-mail",
                ),
            ])
            .labels(&[Usage])
            .qty(1, Some(20), 1)
            .age(age, now)
        };
    let p = esim(
        b,
        "ESIM-GLOBAL",
        "Uplink eSIM — Global",
        990,
        "One eSIM profile that works in 190+ countries; add data bundles as you go.",
        "190+ countries",
        80,
    )
    .featured();
    b.finish(p, Art::Esim);
    let p = esim(
        b,
        "ESIM-NA",
        "Uplink eSIM — North America",
        790,
        "eSIM for the US, Canada and Mexico on three national networks.",
        "US, Canada, Mexico",
        80,
    );
    b.finish(p, Art::Esim);
    let p = esim(
        b,
        "ESIM-EU",
        "Uplink eSIM — Europe",
        790,
        "eSIM for the EU/EEA, the UK and Switzerland.",
        "EU/EEA, UK, CH",
        80,
    )
    .not_sold_in("us");
    b.finish(p, Art::Esim);
}

/// eSIM data bundles, applied to one eSIM by ICCID.
fn esim_data_bundles(b: &mut Builder) {
    let now = b.now;
    let data = |b: &mut Builder,
                sku: &str,
                name: &str,
                price,
                gb: i64,
                days: i64,
                summary: &str,
                age: i64| {
        b.product(NewProduct {
            sku,
            name,
            brand: Uplink,
            product_type: T::EsimData,
            category: "esim-data-bundles",
            price,
            art: Art::EsimData,
        })
        .summary(summary)
        .specs(&[
            ("Plan", "Data", format!("{gb} GB").as_str()),
            ("Plan", "Validity", format!("{days} days").as_str()),
            ("Plan", "Applies to", "One eSIM (by ICCID)"),
        ])
        .labels(&[Usage])
        .iccid_option()
        .plan(None, Some(gb * GB), Some(days), true)
        .age(age, now)
    };
    let p = data(
        b,
        "ESIM-DATA-1GB-7D",
        "eSIM Data 1 GB / 7 days",
        490,
        1,
        7,
        "A week of travel data for one eSIM.",
        2,
    );
    b.finish(p, Art::EsimData);
    let p = data(
        b,
        "ESIM-DATA-10GB-30D",
        "eSIM Data 10 GB / 30 days",
        1_990,
        10,
        30,
        "10 GB for a month — the most popular top-up.",
        2,
    )
    .labels(&[AppVpn])
    .featured();
    b.finish(p, Art::EsimData);
    let p = data(
        b,
        "ESIM-DATA-50GB-90D",
        "eSIM Data 50 GB / 90 days",
        6_990,
        50,
        90,
        "50 GB over three months for remote workers.",
        2,
    )
    .store_price("us", 6_490);
    b.finish(p, Art::EsimData);
    let p = data(
        b,
        "ESIM-DATA-100GB-1Y",
        "eSIM Data 100 GB / 1 year",
        11_900,
        100,
        365,
        "100 GB over a year for IoT and backup eSIMs.",
        2,
    );
    b.finish(p, Art::EsimData);
}

/// eSIM data pools shared by a fleet of eSIMs.
fn esim_data_pools(b: &mut Builder) {
    let now = b.now;
    let pool = |b: &mut Builder, sku: &str, name: &str, price, gb: i64, summary: &str| {
        b.product(NewProduct {
            sku,
            name,
            brand: Uplink,
            product_type: T::EsimDataPool,
            category: "esim-data-pools",
            price,
            art: Art::EsimPool,
        })
        .summary(summary)
        .specs(&[
            (
                "Pool",
                "Shared data",
                (if gb >= 1024 {
                    format!("{} TB", gb / 1024)
                } else {
                    format!("{gb} GB")
                })
                .as_str(),
            ),
            ("Pool", "Validity", "1 year"),
            ("Pool", "Members", "Up to 250 eSIMs"),
            (
                "Pool",
                "Alerts",
                "Low-data alerts by e-mail at your threshold",
            ),
        ])
        .labels(&[Usage])
        .plan(None, Some(gb * GB), Some(365), true)
        .start_date_option()
        .age(1, now)
    };
    let p = pool(
        b,
        "ESIM-POOL-500GB-1Y",
        "eSIM Data Pool 500 GB / 1 year",
        39_900,
        500,
        "One 500 GB allowance shared by your whole fleet of eSIMs.",
    );
    b.finish(p, Art::EsimPool);
    let p = pool(
        b,
        "ESIM-POOL-2TB-1Y",
        "eSIM Data Pool 2 TB / 1 year",
        129_900,
        2048,
        "2 TB shared across up to 250 eSIMs, with per-member usage.",
    );
    b.finish(p, Art::EsimPool);
}

/// A draft product that must never be shown.
fn draft_products(b: &mut Builder) {
    let mut p = b
        .product(NewProduct {
            sku: "UL-EDGE7-PREVIEW",
            name: "Uplink Edge 7 (preview)",
            brand: Uplink,
            product_type: T::Hardware,
            category: "routers",
            price: 199_900,
            art: Art::Router,
        })
        .summary("Unannounced Wi-Fi 7 router.")
        .stock(0, 0);
    p.status = ProductStatus::Draft;
    b.finish(p, Art::Router);
}

/// Mini-store catalogues: which products each selected-catalogue store sells, at what price.
fn ministore_prices(products: &mut [ProductSeed]) {
    let parent_of: std::collections::HashMap<String, String> = products
        .iter()
        .filter(|p| p.parent_id.is_none())
        .map(|p| {
            (
                p.id.clone(),
                p.categories.first().cloned().unwrap_or_default(),
            )
        })
        .collect();
    for p in products.iter_mut() {
        let cat = match &p.parent_id {
            Some(parent) => parent_of.get(parent).cloned().unwrap_or_default(),
            None => p.categories.first().cloned().unwrap_or_default(),
        };
        let sku = p.sku.as_str();
        // Northwind: routers, licences and care at 5% off list.
        if matches!(cat.as_str(), "routers" | "licences" | "care-warranty") && !sku.ends_with("-US")
        {
            p.prices.push(PriceSeed {
                store: "northwind".into(),
                price: Some(p.price * 95 / 100),
                compare_at: Some(p.price),
                sold: true,
            });
        }
        // Skyline: a short list of branch routers, licences and care, the
        // branch router at a price of Skyline's own (3 % under list).
        if matches!(
            sku,
            "UL-EDGE1" | "UL-BRANCH-500" | "AP-ONE-AX" | "UL-SW8-POE"
        ) || (matches!(cat.as_str(), "licences" | "care-warranty") && !sku.ends_with("-US"))
        {
            let own = (sku == "UL-BRANCH-500").then(|| p.price * 97 / 100);
            p.prices.push(PriceSeed {
                store: "skyline".into(),
                price: own,
                compare_at: None,
                sold: true,
            });
        }
        // Harbor Marine: vessel kits, antennas, cloud plans and eSIM data.
        let marine = matches!(
            sku,
            "MAX-TST-DUO"
                | "MAX-HD2-PRM"
                | "MAX-BR1-PRO-5G-PRM"
                | "UL-FLEET-5G"
                | "UL-AIRPOINT6E-OUT"
                | "PW-VPC-TB"
        ) || matches!(
            cat.as_str(),
            "antennas" | "cloud" | "cloud-connect" | "esim-data-bundles"
        );
        if marine {
            p.prices.push(PriceSeed {
                store: "harbor".into(),
                price: None,
                compare_at: None,
                sold: true,
            });
        }
        // Referral store: the referral-eligible digital products.
        if matches!(
            cat.as_str(),
            "licences"
                | "care-warranty"
                | "cloud"
                | "cloud-connect"
                | "cloud-unlimited"
                | "esim-data-bundles"
        ) {
            p.prices.push(PriceSeed {
                store: "referral".into(),
                price: None,
                compare_at: None,
                sold: true,
            });
        }
    }
}

/// The whole demo catalogue.
pub fn demo(now: i64) -> CatalogSeed {
    let mut b = Builder::new(now);
    let stores = stores(&mut b);
    let categories = categories(&mut b);
    products(&mut b);
    ministore_prices(&mut b.products);
    let _ = DAY_MS;
    CatalogSeed {
        stores,
        categories,
        media: b.media,
        products: b.products,
        models: models(),
    }
}
