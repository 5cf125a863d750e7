//! A large, realistic generated catalogue for benchmarks (`uplink seed-bench`).
//!
//! On top of the demo catalogue (stores, categories, models, media) it adds
//! generated products until the store lists `total` products: routers,
//! access points, switches, antennas, accessories, licences, cloud plans and
//! eSIM bundles with plausible names, specifications, prices, stock,
//! per-store prices and a few configurable products with variants.

use super::art::Art;
use super::build::{Builder, DAY_MS, Fluent, NewProduct, variant};
use super::media::pdf;
use std::collections::HashMap;
use uplink_db::catalog_seed::{MediaSeed, ProductSeed};
use uplink_db::{Db, DbError};
use uplink_domain::catalog::{Brand, Label, PrimeRequirement, ProductType as T};

/// Deterministic SplitMix64, so every run generates the same catalogue.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A price ending in 99 cents / 900: `34_900`.
fn price_like(rng: &mut Rng, lo_dollars: i64, hi_dollars: i64) -> i64 {
    let d = rng.range(lo_dollars, hi_dollars);
    if d >= 100 {
        (d / 10 * 10 + 9) * 100
    } else {
        d * 100 + 90
    }
}

/// Seeds the demo catalogue when empty, then generated products until
/// `total` listable products exist. Returns how many were generated.
pub async fn seed_bench(db: &Db, total: usize) -> Result<usize, DbError> {
    crate::seed_demo_if_empty(db).await?;
    let existing = db.listable_product_count().await?;
    let wanted = total.saturating_sub(existing as usize);
    if wanted == 0 {
        return Ok(0);
    }
    let (products, media) = generate(wanted, uplink_db::now_ms(), existing as u64);
    db.add_missing_media(media).await?;
    for chunk in products.chunks(2_000) {
        // Parents and their variants are adjacent; never split a family.
        db.write_products(chunk).await?;
    }
    Ok(wanted)
}

const REGIONS: &[(&str, &str)] = &[
    ("Global", "global"),
    ("Europe", "eu"),
    ("North America", "na"),
    ("Asia Pacific", "apac"),
    ("Latin America", "latam"),
];

/// Generates `n` listable products (plus variants) and the extra media they use.
pub fn generate(n: usize, now: i64, salt: u64) -> (Vec<ProductSeed>, Vec<MediaSeed>) {
    let mut generator = Generator::new(now, salt);
    let mut out: Vec<ProductSeed> = Vec::with_capacity(n + n / 10);
    for serial in 1..=n as u64 {
        let (p, variants) = generator.product(serial);
        out.push(p);
        out.extend(variants);
    }
    (out, generator.into_media())
}

/// The generator's state: the builder, the seeded RNG and the family guides.
struct Generator {
    b: Builder,
    rng: Rng,
    now: i64,
    salt: u64,
    /// Family image → media key of the family guide every product links to.
    guides: HashMap<Art, String>,
}

/// A generated product before the touches every kind shares, and its family image.
struct Draft {
    p: ProductSeed,
    art: Art,
    variants: Vec<ProductSeed>,
}

impl Draft {
    fn new(p: ProductSeed, art: Art) -> Draft {
        Draft {
            p,
            art,
            variants: Vec::new(),
        }
    }
}

/// `UL` or `PW`: the SKU prefix of a brand.
fn sku_prefix(brand: Brand) -> &'static str {
    if brand == Brand::Uplink { "UL" } else { "PW" }
}

impl Generator {
    /// A builder with the family guides (one PDF per product family) and the RNG seeded from `salt`.
    fn new(now: i64, salt: u64) -> Generator {
        let mut b = Builder::new(now);
        let rng = Rng(0x5EED ^ salt);
        let mut guides = HashMap::new();
        for (art, title) in [
            (Art::Router, "Router"),
            (Art::AccessPoint, "Access point"),
            (Art::Switch, "Switch"),
            (Art::Antenna, "Antenna"),
            (Art::PowerSupply, "Accessory"),
            (Art::Cloud, "Plan"),
        ] {
            let m = MediaSeed::new(
                &format!("bench-{}-guide", art.stem()),
                "pdf",
                "application/pdf",
                pdf(
                    &format!("{title} family guide"),
                    &["Generated for benchmarks.".into()],
                ),
            );
            guides.insert(art, m.key.clone());
            b.media.push(m);
        }
        Generator {
            b,
            rng,
            now,
            salt,
            guides,
        }
    }

    /// The media the generated products use: the family guides, the cards and
    /// the shared drawings (those the demo catalogue already has are skipped
    /// when written).
    fn into_media(self) -> Vec<MediaSeed> {
        self.b.media
    }

    /// The `serial`-th listable product (1-based) and its variants: a kind picked
    /// by a roll of the dice, then the touches every kind shares.
    fn product(&mut self, serial: u64) -> (ProductSeed, Vec<ProductSeed>) {
        let tag = format!("{:05X}", serial + self.salt * 7919);
        let brand = if self.rng.chance(55) {
            Brand::Uplink
        } else {
            Brand::Pepwave
        };
        let roll = self.rng.below(100);
        let age = self.rng.range(0, 900);
        let draft = if roll < 42 {
            self.router(brand, &tag)
        } else if roll < 57 {
            self.access_point(brand, &tag)
        } else if roll < 67 {
            self.switch(brand, &tag)
        } else if roll < 75 {
            self.antenna(brand, &tag)
        } else if roll < 85 {
            self.accessory(brand, &tag)
        } else if roll < 89 {
            self.licence(brand, &tag)
        } else if roll < 94 {
            self.cloud_plan(&tag)
        } else {
            self.esim_data(&tag)
        };
        self.finish(draft, age, &tag)
    }

    /// A router; one in sixteen or so is a configurable family with two or three variants.
    fn router(&mut self, brand: Brand, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let bp = sku_prefix(brand);
        let series = rng.pick(&[
            "Edge", "Branch", "Fleet", "Nano", "Transit", "Balance", "MAX", "Surf", "Core", "Metro",
        ]);
        let model = rng.range(100, 9_999);
        let (radio, radio_spec, bands) = rng.pick(&[
            ("LTE", "LTE Cat 4", "B1, B3, B7, B20, B28"),
            (
                "LTE-A",
                "LTE-A Cat 12",
                "B1, B2, B3, B4, B5, B7, B12, B13, B20, B66",
            ),
            (
                "5G",
                "5G NR Sub-6 SA/NSA",
                "n1, n3, n5, n7, n28, n41, n77, n78",
            ),
            (
                "Dual 5G",
                "2 × 5G NR Sub-6",
                "n1, n3, n5, n7, n28, n41, n71, n77, n78, n79",
            ),
            ("Fibre", "None (wired WAN)", "—"),
        ]);
        let throughput = rng.range(1, 40) * 100;
        let wan = rng.range(1, 4);
        let lan = rng.range(2, 16);
        let art = if radio != "Fibre" && (series == "Fleet" || series == "Transit") {
            Art::Vehicle
        } else {
            Art::Router
        };
        let name = format!("{brand} {series} {model} {radio} Router");
        let sku = format!(
            "{bp}-{}{model}-{}-{tag}",
            series.to_ascii_uppercase(),
            radio.replace([' ', '-'], "").to_ascii_uppercase()
        );
        let prime = rng.chance(8);
        let sku = if prime { format!("{sku}-PRM") } else { sku };
        let price = price_like(rng, 149, 2_999);
        let mut p = self.b.product(NewProduct { sku: &sku, name: &name, brand, product_type: T::Hardware, category: "routers", price, art })
            .summary(&format!("{radio} {} router with {wan} WAN and {lan} LAN ports, SpeedFusion bonding and {} Mbps of routing throughput.", series, throughput))
            .specs(&[
                ("Performance", "Router throughput", &format!("{throughput} Mbps")),
                ("Performance", "SpeedFusion VPN throughput", &format!("{} Mbps", throughput / 4)),
                ("Interfaces", "Ports", &format!("{wan} × GbE WAN, {lan} × GbE LAN")),
                ("Cellular", "Technology", radio_spec),
                ("Cellular", "Bands", bands),
                ("Wi-Fi", "Standard", rng.pick(&["Wi-Fi 5 (802.11ac)", "Wi-Fi 6 (802.11ax)", "Wi-Fi 6E", "None"])),
                ("Power", "Input", rng.pick(&["12 V DC", "10–30 V DC", "12–56 V DC", "100–240 V AC"])),
                ("Physical", "Dimensions", &format!("{} × {} × {} mm", rng.range(90, 440), rng.range(60, 300), rng.range(24, 44))),
            ])
            .pkg(&[("Router", 1), ("Power adapter", 1), ("Quick start guide", 1)])
            .weight(rng.range(150, 5_000))
            .setup_option();
        let mut variants = Vec::new();
        if rng.chance(6) {
            // A configurable family: the same router with two or three modules.
            p.product_type = T::Configurable;
            let k = rng.range(2, 3);
            for (i, (code, label)) in [
                ("lte", "LTE-A Cat 12"),
                ("5g", "5G NR"),
                ("5g-dual", "Dual 5G NR"),
            ]
            .iter()
            .take(k as usize)
            .enumerate()
            {
                let stock = (rng.range(0, 80), rng.range(0, 80));
                let v = variant(
                    &p,
                    &format!("{}-V{i}", p.sku),
                    label,
                    &[("cellular", "Cellular module", code, label)],
                    price + i as i64 * 20_000,
                    stock,
                );
                variants.push(v);
            }
        }
        Draft { p, art, variants }
    }

    /// An indoor or outdoor access point.
    fn access_point(&mut self, brand: Brand, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let bp = sku_prefix(brand);
        let series = rng.pick(&["AirPoint", "AP One", "AP Pro", "AirPoint Max", "AP Mini"]);
        let wifi = rng.pick(&["Wi-Fi 6", "Wi-Fi 6E", "Wi-Fi 7"]);
        let outdoor = rng.chance(30);
        let model = rng.range(10, 999);
        let art = if outdoor {
            Art::OutdoorAp
        } else {
            Art::AccessPoint
        };
        let name = format!(
            "{brand} {series} {model} {wifi}{} Access Point",
            if outdoor { " Outdoor" } else { "" }
        );
        let sku = format!(
            "{bp}-AP{model}-{}-{tag}",
            wifi.replace(['-', ' '], "").to_ascii_uppercase()
        );
        let p = self
            .b
            .product(NewProduct {
                sku: &sku,
                name: &name,
                brand,
                product_type: T::Hardware,
                category: "access-points",
                price: price_like(rng, 79, 899),
                art,
            })
            .summary(&format!(
                "{wifi} access point for {} with cloud management and up to {} clients.",
                if outdoor {
                    "campuses and yards"
                } else {
                    "offices and shops"
                },
                rng.range(50, 500)
            ))
            .specs(&[
                ("Wi-Fi", "Standard", wifi),
                ("Wi-Fi", "Streams", rng.pick(&["2×2", "4×4", "2×2 + 4×4"])),
                (
                    "Interfaces",
                    "Ports",
                    rng.pick(&["1 × GbE PoE in", "1 × 2.5 GbE PoE in", "2 × GbE"]),
                ),
                (
                    "Power",
                    "Input",
                    rng.pick(&["802.3af PoE", "802.3at PoE+", "802.3bt PoE++"]),
                ),
                (
                    "Physical",
                    "Protection",
                    if outdoor { "IP67" } else { "Indoor" },
                ),
            ])
            .pkg(&[("Access point", 1), ("Mount", 1)])
            .weight(rng.range(200, 1_800));
        Draft::new(p, art)
    }

    /// A PoE, fibre or managed switch.
    fn switch(&mut self, brand: Brand, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let bp = sku_prefix(brand);
        let ports = rng.pick(&[8, 16, 24, 48]);
        let kind = rng.pick(&["PoE+", "Fiber", "Managed", "PoE++"]);
        let art = Art::Switch;
        let name = format!("{brand} Switch {ports} {kind} {}", rng.range(1, 99));
        let sku = format!(
            "{bp}-SW{ports}-{}-{tag}",
            kind.replace('+', "P").to_ascii_uppercase()
        );
        let p = self
            .b
            .product(NewProduct {
                sku: &sku,
                name: &name,
                brand,
                product_type: T::Hardware,
                category: "switches",
                price: price_like(rng, 99, 2_499),
                art,
            })
            .summary(&format!(
                "{ports}-port {kind} switch for closets and branches, managed from the cloud."
            ))
            .specs(&[
                (
                    "Interfaces",
                    "Ports",
                    &format!("{ports} × GbE, {} × SFP+", rng.range(2, 6)),
                ),
                (
                    "Performance",
                    "Switching capacity",
                    &format!("{} Gbps", ports * 2 + 40),
                ),
                (
                    "Power",
                    "PoE budget",
                    &format!("{} W", rng.range(60, 1_440)),
                ),
            ])
            .pkg(&[("Switch", 1), ("Power cord", 1)])
            .weight(rng.range(800, 7_000));
        Draft::new(p, art)
    }

    /// A 5G/LTE antenna.
    fn antenna(&mut self, brand: Brand, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let bp = sku_prefix(brand);
        let kind = rng.pick(&["Omni", "Panel", "Dome", "Mobility", "Yagi"]);
        let mimo = rng.pick(&["2x2", "4x4", "8x8"]);
        let art = if kind == "Panel" || kind == "Yagi" {
            Art::PanelAntenna
        } else {
            Art::Antenna
        };
        let name = format!("{brand} {kind} {mimo} 5G/LTE Antenna {}", rng.range(1, 99));
        let sku = format!(
            "{bp}-ANT-{}-{}-{tag}",
            kind.to_ascii_uppercase(),
            mimo.replace('x', "X")
        );
        let p = self
            .b
            .product(NewProduct {
                sku: &sku,
                name: &name,
                brand,
                product_type: T::Hardware,
                category: "antennas",
                price: price_like(rng, 49, 699),
                art,
            })
            .summary(&format!(
                "{mimo} MIMO {kind} antenna for 5G/LTE with {} dBi gain.",
                rng.range(3, 14)
            ))
            .specs(&[
                ("Radio", "Cellular", &format!("{mimo} 617–6000 MHz")),
                (
                    "Physical",
                    "Cable",
                    &format!("{} m LMR-240", rng.range(1, 10)),
                ),
                ("Physical", "Protection", "IP67"),
            ])
            .pkg(&[("Antenna", 1), ("Mounting kit", 1)])
            .weight(rng.range(150, 2_500));
        Draft::new(p, art)
    }

    /// A power adapter, PoE injector, cable, bracket or rack kit.
    fn accessory(&mut self, brand: Brand, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let bp = sku_prefix(brand);
        let (what, art, cat_price) = rng.pick(&[
            ("Power Adapter", Art::PowerSupply, (19, 59)),
            ("PoE Injector", Art::PowerSupply, (29, 99)),
            ("Antenna Cable", Art::Cable, (19, 79)),
            ("Mounting Bracket", Art::Bracket, (15, 89)),
            ("Rack Kit", Art::Bracket, (39, 129)),
        ]);
        let variant_name = rng.range(1, 999);
        let name = format!("{brand} {what} {variant_name}");
        let sku = format!(
            "{bp}-ACC-{}-{variant_name}-{tag}",
            what.split(' ').next().unwrap_or("X").to_ascii_uppercase()
        );
        let p = self
            .b
            .product(NewProduct {
                sku: &sku,
                name: &name,
                brand,
                product_type: T::Hardware,
                category: "accessories",
                price: price_like(rng, cat_price.0, cat_price.1),
                art,
            })
            .summary(&format!(
                "{what} for Uplink and Pepwave routers and access points."
            ))
            .specs(&[
                ("Physical", "Model", &format!("{what} {variant_name}")),
                ("Physical", "Warranty", "2 years"),
            ])
            .pkg(&[(what, 1)])
            .weight(rng.range(50, 1_500));
        Draft::new(p, art)
    }

    /// A feature licence, warranty extension or PrimeCare plan of one to five years.
    fn licence(&mut self, brand: Brand, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let bp = sku_prefix(brand);
        let (what, cat, art, prime) = rng.pick(&[
            (
                "SpeedFusion Bonding Licence",
                "licences",
                Art::Licence,
                PrimeRequirement::No,
            ),
            (
                "WAN Smoothing Licence",
                "licences",
                Art::Licence,
                PrimeRequirement::No,
            ),
            (
                "Warranty Extension",
                "care-warranty",
                Art::Care,
                PrimeRequirement::No,
            ),
            (
                "PrimeCare",
                "care-warranty",
                Art::Care,
                PrimeRequirement::Yes,
            ),
        ]);
        let years = rng.range(1, 5);
        let name = format!(
            "{what} — {years} Year{} (Series {})",
            if years > 1 { "s" } else { "" },
            rng.range(1, 999)
        );
        let sku = format!("{bp}-LIC-{years}Y-{tag}");
        let p = self
            .b
            .product(NewProduct {
                sku: &sku,
                name: &name,
                brand,
                product_type: T::License,
                category: cat,
                price: price_like(rng, 29, 899),
                art,
            })
            .summary(&format!(
                "{what} for {years} year(s), bound to the device serial."
            ))
            .specs(&[("Licence", "Term", &format!("{} months", years * 12))])
            .eligible(&[], prime)
            .plan(Some(years * 12), None, None, false);
        Draft::new(p, art)
    }

    /// A metered, Connect or unlimited SpeedFusion plan.
    fn cloud_plan(&mut self, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let (ty, cat, art) = rng.pick(&[
            (T::Cloud, "cloud", Art::Cloud),
            (T::CloudConnect, "cloud-connect", Art::CloudConnect),
            (T::CloudUnlimited, "cloud-unlimited", Art::CloudUnlimited),
        ]);
        let gb = if ty == T::CloudUnlimited {
            None
        } else {
            Some(rng.pick(&[10, 20, 50, 100, 250, 500, 1000, 2000]))
        };
        let days = rng.pick(&[30, 90, 180, 365, 730]);
        let size = gb.map_or("Unlimited".to_owned(), |g| format!("{g} GB"));
        let name = format!(
            "SpeedFusion {} {size} / {days} days ({})",
            if ty == T::CloudConnect {
                "Connect"
            } else {
                "Cloud"
            },
            rng.pick(REGIONS).0
        );
        let sku = format!(
            "SFC-{}-{days}D-{tag}",
            gb.map_or("UNL".to_owned(), |g| format!("{g}GB"))
        );
        let p = self
            .b
            .product(NewProduct {
                sku: &sku,
                name: &name,
                brand: Brand::Pepwave,
                product_type: ty,
                category: cat,
                price: price_like(rng, 9, 1_999),
                art,
            })
            .summary(&format!(
                "{size} of SpeedFusion traffic valid for {days} days; stacks per the plan rules."
            ))
            .specs(&[
                ("Plan", "Data", &size),
                ("Plan", "Validity", &format!("{days} days")),
            ])
            .labels(&[Label::SfcManagement, Label::ConnectivityUsageRecord])
            .eligible(&[], PrimeRequirement::Any)
            .plan(None, gb.map(|g| g * 1024), Some(days), true);
        Draft::new(p, art)
    }

    /// An eSIM data bundle or, one time in five, a data pool.
    fn esim_data(&mut self, tag: &str) -> Draft {
        let rng = &mut self.rng;
        let (region, code) = rng.pick(REGIONS);
        let gb = rng.pick(&[1, 3, 5, 10, 20, 50, 100]);
        let days = rng.pick(&[7, 15, 30, 90, 365]);
        let pool = rng.chance(20);
        let art = if pool { Art::EsimPool } else { Art::EsimData };
        let name = format!(
            "eSIM {}{region} {gb} GB / {days} days",
            if pool { "Data Pool " } else { "Data " }
        );
        let sku = format!(
            "ESIM-{}-{}-{gb}GB-{days}D-{tag}",
            if pool { "POOL" } else { "DATA" },
            code.to_ascii_uppercase()
        );
        let mut p = self
            .b
            .product(NewProduct {
                sku: &sku,
                name: &name,
                brand: Brand::Uplink,
                product_type: if pool { T::EsimDataPool } else { T::EsimData },
                category: if pool {
                    "esim-data-pools"
                } else {
                    "esim-data-bundles"
                },
                price: price_like(rng, 4, 499),
                art,
            })
            .summary(&format!("{gb} GB of {region} data for {days} days."))
            .specs(&[
                ("Plan", "Data", &format!("{gb} GB")),
                ("Plan", "Coverage", region),
                ("Plan", "Validity", &format!("{days} days")),
            ])
            .labels(&[Label::ConnectivityUsageRecord])
            .plan(None, Some(gb * 1024), Some(days), true);
        if !pool {
            p = p.iccid_option();
        }
        Draft::new(p, art)
    }

    /// What every kind shares: age, featured flag, stock, US price, compare-at
    /// price, the family guide, the description and slugs unique per `tag`.
    fn finish(&mut self, draft: Draft, age: i64, tag: &str) -> (ProductSeed, Vec<ProductSeed>) {
        let Draft {
            mut p,
            art,
            mut variants,
        } = draft;
        // Generic drawings: a few dozen pictures however many products there are.
        self.b.illustrate(&mut p, &mut variants, art, true);
        let rng = &mut self.rng;
        p.created_at = self.now - age * DAY_MS;
        p.featured = rng.chance(2);
        if p.product_type.is_physical() && variants.is_empty() {
            let g = if rng.chance(10) {
                0
            } else if rng.chance(10) {
                rng.range(1, 5)
            } else {
                rng.range(6, 400)
            };
            let u = if rng.chance(10) { 0 } else { rng.range(1, 300) };
            p = p.stock(g, u);
        }
        if rng.chance(8) {
            let us = p.price - p.price / 20;
            p = p.store_price("us", us);
        }
        if rng.chance(3) {
            p = p.not_sold_in("us");
        }
        // One product in ten is also in the Northwind mini-store (5 % under
        // list), so the mini-store's pages have a catalogue to page through.
        // Chosen by the tag, not the generator, so the rest stays as it was.
        if tag
            .bytes()
            .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)))
            % 10
            == 0
        {
            let own = p.price - p.price / 20;
            p = p.store_price("northwind", own);
        }
        if rng.chance(5) {
            p.compare_at = Some(p.price + p.price / 5);
        }
        if let Some(guide) = self.guides.get(&match art {
            Art::Router | Art::Vehicle => Art::Router,
            Art::AccessPoint | Art::OutdoorAp => Art::AccessPoint,
            Art::Switch => Art::Switch,
            Art::Antenna | Art::PanelAntenna => Art::Antenna,
            Art::PowerSupply | Art::Cable | Art::Bracket => Art::PowerSupply,
            _ => Art::Cloud,
        }) {
            p.downloads.push(uplink_db::catalog_seed::DownloadSeed {
                title: "Family guide".into(),
                kind: uplink_domain::catalog::DownloadKind::Manual,
                media_key: guide.clone(),
                version: Some("1.0".into()),
            });
        }
        if p.description.is_empty() {
            let mut d = p.summary.clone();
            d.push_str("\n\n### Highlights\n\n");
            for (_, k, v) in p.specs.iter().take(5) {
                d.push_str(&format!("- **{k}:** {v}\n"));
            }
            p.description = d;
        }
        p.slug = format!("{}-{}", p.slug, tag.to_ascii_lowercase());
        for (i, v) in variants.iter_mut().enumerate() {
            v.slug = format!("{}-v{i}", p.slug);
            v.parent_id = Some(p.id.clone());
        }
        (p, variants)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_makes_unique_skus_and_slugs() {
        let (products, media) = generate(3_000, 1_700_000_000_000, 0);
        let listable = products.iter().filter(|p| p.parent_id.is_none()).count();
        assert_eq!(listable, 3_000);
        let mut skus: Vec<_> = products.iter().map(|p| p.sku.clone()).collect();
        skus.sort();
        skus.dedup();
        assert_eq!(skus.len(), products.len());
        let mut slugs: Vec<_> = products.iter().map(|p| p.slug.clone()).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), products.len(), "slugs must be unique");
        assert!(!media.is_empty());
        for p in &products {
            let mut stores: Vec<_> = p.prices.iter().map(|price| price.store.as_str()).collect();
            stores.sort();
            stores.dedup();
            assert_eq!(
                stores.len(),
                p.prices.len(),
                "one price row per store for {}",
                p.sku
            );
            uplink_domain::catalog::Sku::parse(&p.sku).expect("valid sku");
        }
    }
}
