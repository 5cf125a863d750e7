//! A small builder vocabulary for writing catalogue seed data as data.

use super::art::Art;
use super::draw;
use super::look::Look;
use super::media::{art_image, pdf};
use std::collections::HashMap;
use uplink_db::catalog_seed::{
    DownloadSeed, MediaSeed, OptionSeed, PriceSeed, ProductSeed, slugify,
};
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductType, Warehouse,
};

pub const DAY_MS: i64 = 86_400_000;
pub use uplink_domain::iccid::ICCID_PATTERN;
pub use uplink_domain::serial::SERIAL_PATTERN;

/// What every new product starts from; [`Builder::product`] adds the family
/// image, the category and the next position.
pub struct NewProduct<'a> {
    pub sku: &'a str,
    pub name: &'a str,
    pub brand: Brand,
    pub product_type: ProductType,
    /// Category slug.
    pub category: &'a str,
    /// List price in cents.
    pub price: i64,
    /// The kind: hardware is drawn from its data when finished, the rest gets its card.
    pub art: Art,
}

/// One row of a hardware seed table, for [`Builder::hardware`].
pub struct Hardware<'a> {
    pub sku: &'a str,
    pub name: &'a str,
    pub brand: Brand,
    /// Category slug.
    pub category: &'a str,
    /// List price in cents.
    pub price: i64,
    /// The kind of hardware, drawn from the row's data.
    pub art: Art,
    pub summary: &'a str,
    /// `(group, name, value)`.
    pub specs: &'a [(&'a str, &'a str, &'a str)],
    /// `(item, quantity)` in the box.
    pub package: &'a [(&'a str, i64)],
    /// Units on hand in the `(global, us)` warehouses.
    pub stock: (i64, i64),
    /// Days since the product was added.
    pub age_days: i64,
}

/// Accumulates products and the media they refer to.
pub struct Builder {
    pub now: i64,
    pub products: Vec<ProductSeed>,
    pub media: Vec<MediaSeed>,
    shared: HashMap<String, String>,
    position: i64,
}

impl Builder {
    pub fn new(now: i64) -> Builder {
        Builder {
            now,
            products: Vec::new(),
            media: Vec::new(),
            shared: HashMap::new(),
            position: 0,
        }
    }

    /// The picture of a kind: a card, or a typical device for category pages.
    pub fn image(&mut self, art: Art, brand: Brand) -> String {
        let m = art_image(art, brand);
        self.shared(&m.key.clone(), || m)
    }

    /// A drawing of a look, stored once however many products show it.
    fn drawing(&mut self, look: &Look, stem: &str) -> String {
        let m = MediaSeed::new(stem, "svg", "image/svg+xml", draw::svg(look).into_bytes());
        self.shared(&m.key.clone(), || m)
    }

    /// Draws a hardware family from its data: the parent's picture, and a
    /// picture of its own for each variant whose module changes the badges
    /// (the others show the parent's). `generic` leaves out the model name and
    /// sizes so that many generated products share a few pictures.
    pub fn illustrate(
        &mut self,
        parent: &mut ProductSeed,
        variants: &mut [ProductSeed],
        art: Art,
        generic: bool,
    ) {
        let Some(mut look) = Look::of(parent, art, variants) else {
            return;
        };
        let stem = if generic {
            look = look.generic();
            let tags = look.tags().join("-");
            slugify(&format!("{} {} {tags}", art.stem(), parent.brand))
        } else {
            parent.slug.clone()
        };
        let key = self.drawing(&look, &stem);
        parent
            .images
            .push((key, format!("{} illustration", parent.name)));
        for v in variants {
            let own = look.for_variant(v);
            if own != look {
                let stem = format!("{stem}-{}", slugify(&own.tags().join(" ")));
                let key = self.drawing(&own, &stem);
                v.images.push((key, format!("{} illustration", v.name)));
            }
        }
    }

    /// A media file shared by many products, generated once.
    pub fn shared(&mut self, stem: &str, make: impl FnOnce() -> MediaSeed) -> String {
        if let Some(k) = self.shared.get(stem) {
            return k.clone();
        }
        let m = make();
        let key = m.key.clone();
        self.media.push(m);
        self.shared.insert(stem.to_owned(), key.clone());
        key
    }

    pub fn add_media(&mut self, m: MediaSeed) -> String {
        let key = m.key.clone();
        self.media.push(m);
        key
    }

    /// A new product with its category, a position and, unless it is hardware
    /// (drawn when finished), its card.
    pub fn product(&mut self, new: NewProduct<'_>) -> ProductSeed {
        let NewProduct {
            sku,
            name,
            brand,
            product_type,
            category,
            price,
            art,
        } = new;
        self.position += 1;
        let mut p = ProductSeed::new(sku, name, brand, product_type);
        p.price = price;
        p.position = self.position;
        p.created_at = self.now - (self.position * 3 % 400) * DAY_MS;
        p.categories.push(category.to_owned());
        if !art.is_hardware() {
            p.images
                .push((self.image(art, brand), format!("{name} illustration")));
        }
        p
    }

    /// A hardware product from one seed-table row: listing text, package, stock and age.
    pub fn hardware(&mut self, row: Hardware<'_>) -> ProductSeed {
        let now = self.now;
        self.product(NewProduct {
            sku: row.sku,
            name: row.name,
            brand: row.brand,
            product_type: ProductType::Hardware,
            category: row.category,
            price: row.price,
            art: row.art,
        })
        .summary(row.summary)
        .specs(row.specs)
        .pkg(row.package)
        .stock(row.stock.0, row.stock.1)
        .age(row.age_days, now)
    }

    /// Draws a product that has no variants, fills in generated text and
    /// files, then stores it.
    pub fn finish(&mut self, p: ProductSeed, art: Art) {
        self.finish_family(p, Vec::new(), art);
    }

    /// Draws a configurable product and its variants, then stores them in order.
    pub fn finish_family(
        &mut self,
        mut parent: ProductSeed,
        mut variants: Vec<ProductSeed>,
        art: Art,
    ) {
        self.illustrate(&mut parent, &mut variants, art, false);
        self.store(parent, art);
        for v in variants {
            self.store(v, art);
        }
    }

    /// Fills in generated text and files, then stores the product.
    fn store(&mut self, mut p: ProductSeed, art: Art) {
        if let Some(parent) = &p.parent_id {
            // Variants keep the order they were declared in.
            let siblings = self
                .products
                .iter()
                .filter(|x| x.parent_id.as_ref() == Some(parent))
                .count() as i64;
            p.position = p.position * 1_000 + siblings;
        }
        if p.description.is_empty() {
            p.description = describe(&p);
        }
        if p.product_type.is_physical() && p.parent_id.is_none() {
            self.hardware_downloads(&mut p, art);
        } else if p.parent_id.is_none() {
            self.digital_downloads(&mut p);
        }
        self.products.push(p);
    }

    fn hardware_downloads(&mut self, p: &mut ProductSeed, art: Art) {
        let mut lines = vec![p.summary.clone(), String::new(), format!("SKU: {}", p.sku)];
        for (g, n, v) in &p.specs {
            lines.push(format!("{g} / {n}: {v}"));
        }
        if !p.package.is_empty() {
            lines.push(String::new());
            lines.push("Package contents:".into());
            for (item, qty) in &p.package {
                lines.push(format!("  {qty} x {item}"));
            }
        }
        let datasheet = MediaSeed::new(
            &format!("{}-datasheet", p.sku.to_ascii_lowercase()),
            "pdf",
            "application/pdf",
            pdf(&format!("{} - Datasheet", p.name), &lines),
        );
        let key = self.add_media(datasheet);
        p.downloads.push(DownloadSeed {
            title: format!("{} datasheet", p.name),
            kind: DownloadKind::Datasheet,
            media_key: key,
            version: Some("2025-01".into()),
        });
        let brand = p.brand;
        let guide = self.shared(&format!("qsg-{}-{}", art.stem(), brand.as_str()), || {
            MediaSeed::new(
                &format!(
                    "{}-{}-quick-start-guide",
                    brand.as_str().to_ascii_lowercase(),
                    art.stem()
                ),
                "pdf",
                "application/pdf",
                pdf(
                    &format!(
                        "{brand} {} - Quick start guide",
                        art.stem().replace('-', " ")
                    ),
                    &quick_start(art),
                ),
            )
        });
        p.downloads.push(DownloadSeed {
            title: "Quick start guide".into(),
            kind: DownloadKind::Manual,
            media_key: guide,
            version: Some("1.3".into()),
        });
        if matches!(
            art,
            Art::Router | Art::Vehicle | Art::AccessPoint | Art::OutdoorAp | Art::Switch
        ) {
            let (version, notes) = firmware_notes(brand);
            let fw = self.shared(&format!("fw-{}", brand.as_str()), || {
                MediaSeed::new(
                    &format!(
                        "{}-firmware-{version}-release-notes",
                        brand.as_str().to_ascii_lowercase()
                    ),
                    "txt",
                    "text/plain; charset=utf-8",
                    notes.into_bytes(),
                )
            });
            p.downloads.push(DownloadSeed {
                title: format!("Firmware {version} release notes"),
                kind: DownloadKind::Firmware,
                media_key: fw,
                version: Some(version.into()),
            });
            let doc = self.shared(&format!("doc-{}", brand.as_str()), || {
                MediaSeed::new(
                    &format!(
                        "{}-declaration-of-conformity",
                        brand.as_str().to_ascii_lowercase()
                    ),
                    "pdf",
                    "application/pdf",
                    pdf(
                        &format!("{brand} - EU Declaration of Conformity"),
                        &[
                            "We declare under our sole responsibility that the radio equipment"
                                .into(),
                            "listed in the annex complies with Directive 2014/53/EU (RED),".into(),
                            "2011/65/EU (RoHS) and, where applicable, FCC Part 15 Class B.".into(),
                            String::new(),
                            "Standards applied: EN 62368-1, EN 301 489-1/-17/-52, EN 300 328,"
                                .into(),
                            "EN 301 893, EN 301 908-1/-2/-13/-25, EN 62311.".into(),
                        ],
                    ),
                )
            });
            p.downloads.push(DownloadSeed {
                title: "EU Declaration of Conformity".into(),
                kind: DownloadKind::Certificate,
                media_key: doc,
                version: None,
            });
        }
    }

    fn digital_downloads(&mut self, p: &mut ProductSeed) {
        let (stem, title, lines): (&str, &str, Vec<String>) = match p.product_type {
            ProductType::License => (
                "licence-activation-guide",
                "Licence activation guide",
                vec![
                    "1. After payment the licence key is attached to each device serial.".into(),
                    "2. Open InControl or the device's web admin > System > Licences.".into(),
                    "3. Click 'Check for licence updates'; the feature is enabled within minutes.".into(),
                    "4. Care plans extend warranty and support from the day after the old expiry".into(),
                    "   when renewed within 30 days of expiry; otherwise from the purchase date.".into(),
                ],
            ),
            ProductType::Cloud | ProductType::CloudConnect | ProductType::CloudUnlimited => (
                "speedfusion-cloud-service-description",
                "SpeedFusion Cloud service description",
                vec![
                    "SpeedFusion Cloud bonds every WAN link of your device to the nearest cloud node.".into(),
                    "Metered plans: buying on top of an active plan carries the remaining data".into(),
                    "forward and extends the expiry from the current expiry date.".into(),
                    "Total validity is capped at 3 years from the day of purchase.".into(),
                    "Unlimited plans cannot be combined with metered plans; renewals of".into(),
                    "unlimited plans stack up to the same 3-year cap.".into(),
                ],
            ),
            _ => (
                "esim-installation-guide",
                "eSIM installation guide",
                vec![
                    "1. Your eSIM arrives as an activation code LPA:1$<SM-DP+>$<matching id> and a QR code.".into(),
                    "2. On the device: Cellular > eSIM > Add profile, then scan the QR code.".into(),
                    "3. Data bundles are applied to the eSIM's ICCID as soon as the order is paid.".into(),
                    "4. Usage appears under Monitoring for products with a usage record.".into(),
                ],
            ),
        };
        let key = self.shared(stem, || {
            MediaSeed::new(stem, "pdf", "application/pdf", pdf(title, &lines))
        });
        p.downloads.push(DownloadSeed {
            title: title.into(),
            kind: DownloadKind::Manual,
            media_key: key,
            version: Some("2025".into()),
        });
    }
}

fn quick_start(art: Art) -> Vec<String> {
    let mut l: Vec<String> = vec![
        "Before you start: keep the serial number label (XXXX-XXXX-XXXX) at hand.".into(),
        String::new(),
    ];
    match art {
        Art::AccessPoint | Art::OutdoorAp => l.extend([
            "1. Mount the access point on the ceiling or pole bracket.".into(),
            "2. Connect the LAN port to a PoE+ switch or injector (802.3at).".into(),
            "3. The LED turns solid green once it is managed by InControl.".into(),
        ]),
        Art::Switch => l.extend([
            "1. Rack-mount or place the switch on a flat surface.".into(),
            "2. Connect the uplink port to your router; connect PoE devices.".into(),
            "3. Open the web admin at 192.168.1.10 (admin / printed password).".into(),
        ]),
        Art::Antenna | Art::PanelAntenna | Art::Cable => l.extend([
            "1. Mount the antenna with a clear view of the sky or the cell tower.".into(),
            "2. Route the cables; keep bend radius above 5x the cable diameter.".into(),
            "3. Connect Cell 1-4 to the router's cellular ports, GPS to GPS.".into(),
        ]),
        _ => l.extend([
            "1. Insert SIM cards (or activate eSIM) and attach the antennas.".into(),
            "2. Connect power; wait until the status LED turns solid green.".into(),
            "3. Browse to http://192.168.50.1 and follow the setup wizard.".into(),
            "4. Register the device in InControl with its serial number.".into(),
        ]),
    }
    l
}

fn firmware_notes(brand: Brand) -> (&'static str, String) {
    let version = if brand == Brand::Pepwave {
        "8.5.1"
    } else {
        "4.2.0"
    };
    let notes = format!(
        "{brand} firmware {version} - release notes\n\
         =========================================\n\n\
         New\n\
         - SpeedFusion: adaptive FEC and WAN smoothing profiles per tunnel.\n\
         - Cellular: 5G SA support on supported modules; band locking per SIM.\n\
         - Wi-Fi: WPA3-Enterprise 192-bit mode.\n\n\
         Fixed\n\
         - DHCP relay could drop Option 82 on VLAN interfaces.\n\
         - Rare watchdog restart when switching SIM on weak signal.\n\n\
         Upgrade\n\
         Download the image from InControl or the web admin (System > Firmware).\n\
         Devices keep their configuration. Do not power off during the upgrade.\n"
    );
    (version, notes)
}

/// Markdown description from the summary, specs and package.
fn describe(p: &ProductSeed) -> String {
    let mut d = p.summary.clone();
    if !p.specs.is_empty() {
        d.push_str("\n\n### Highlights\n\n");
        for (_, n, v) in p.specs.iter().take(5) {
            d.push_str(&format!("- **{n}:** {v}\n"));
        }
    }
    if let Some(m) = p.term_months {
        d.push_str(&format!("\nTerm: {m} months from activation.\n"));
    }
    d
}

/// Fluent setters used by the seed tables.
pub trait Fluent: Sized {
    fn p(&mut self) -> &mut ProductSeed;
    fn summary(mut self, s: &str) -> Self {
        self.p().summary = s.to_owned();
        self
    }
    fn about(mut self, s: &str) -> Self {
        let p = self.p();
        p.description = format!("{}\n\n{s}", p.summary);
        self
    }
    fn specs(mut self, rows: &[(&str, &str, &str)]) -> Self {
        self.p().specs.extend(
            rows.iter()
                .map(|(g, n, v)| (g.to_string(), n.to_string(), v.to_string())),
        );
        self
    }
    fn pkg(mut self, rows: &[(&str, i64)]) -> Self {
        self.p()
            .package
            .extend(rows.iter().map(|(i, q)| (i.to_string(), *q)));
        self
    }
    fn stock(mut self, global: i64, us: i64) -> Self {
        let p = self.p();
        p.stock = vec![(Warehouse::Global, global), (Warehouse::Us, us)];
        self
    }
    fn weight(mut self, grams: i64) -> Self {
        self.p().weight_grams = Some(grams);
        self
    }
    fn compare(mut self, cents: i64) -> Self {
        self.p().compare_at = Some(cents);
        self
    }
    fn featured(mut self) -> Self {
        self.p().featured = true;
        self
    }
    fn age(mut self, days: i64, now: i64) -> Self {
        self.p().created_at = now - days * DAY_MS;
        self
    }
    fn labels(mut self, labels: &[Label]) -> Self {
        self.p().labels.extend_from_slice(labels);
        self
    }
    fn store_price(self, store: &str, price: i64) -> Self {
        self.set_store_entry(PriceSeed {
            store: store.to_owned(),
            price: Some(price),
            compare_at: None,
            sold: true,
        })
    }
    fn not_sold_in(self, store: &str) -> Self {
        self.set_store_entry(PriceSeed {
            store: store.to_owned(),
            price: None,
            compare_at: None,
            sold: false,
        })
    }
    /// One price-list row per store (the table's key): a later call replaces an
    /// earlier one, so "not sold in" after a store price wins instead of failing the insert.
    fn set_store_entry(mut self, entry: PriceSeed) -> Self {
        let prices = &mut self.p().prices;
        prices.retain(|existing| existing.store != entry.store);
        prices.push(entry);
        self
    }
    fn eligible(mut self, models: &[&str], prime: PrimeRequirement) -> Self {
        self.p().eligibility = Some((models.iter().map(|m| m.to_string()).collect(), prime));
        self.serial_option()
    }
    fn serial_option(mut self) -> Self {
        self.p().options.push(OptionSeed {
            code: "serial_numbers".into(),
            label: "Device serial numbers".into(),
            kind: OptionKind::SerialNumbers,
            required: true,
            pattern: Some(SERIAL_PATTERN.into()),
            help: Some(String::from("One serial per licence, e.g. 1824-A1B2-C3D4 (on the label under the device). The quantity equals the number of serials.")),
            values: vec![],
        });
        self
    }
    fn iccid_option(mut self) -> Self {
        self.p().options.push(OptionSeed {
            code: "iccid".into(),
            label: "eSIM ICCID".into(),
            kind: OptionKind::Iccid,
            required: true,
            pattern: Some(ICCID_PATTERN.into()),
            help: Some(String::from(
                "The 19–20 digit ICCID of the eSIM to top up (Settings > Cellular > eSIM).",
            )),
            values: vec![],
        });
        self
    }
    fn setup_option(mut self) -> Self {
        self.p().options.push(OptionSeed {
            code: "setup".into(),
            label: "Configuration service".into(),
            kind: OptionKind::Select,
            required: false,
            pattern: None,
            help: Some(String::from(
                "We can pre-configure the device with your settings before it ships.",
            )),
            values: vec![
                ("none".into(), "Factory defaults".into(), None, None),
                (
                    "preconfig".into(),
                    "Pre-configured with your settings".into(),
                    Some(4_900),
                    None,
                ),
                (
                    "onboarding".into(),
                    "Pre-configuration and remote onboarding session".into(),
                    None,
                    Some(1_500),
                ),
            ],
        });
        self
    }
    fn asset_tag_option(mut self) -> Self {
        self.p().options.push(OptionSeed {
            code: "asset_tag".into(),
            label: "Asset tag label".into(),
            kind: OptionKind::Text,
            required: false,
            pattern: Some("^[A-Za-z0-9-]{1,20}$".into()),
            help: Some(String::from(
                "Printed on a label on the device (letters, digits and '-', up to 20).",
            )),
            values: vec![],
        });
        self
    }
    fn support_option(mut self) -> Self {
        self.p().options.push(OptionSeed {
            code: "support_level".into(),
            label: "Support level".into(),
            kind: OptionKind::Select,
            required: true,
            pattern: None,
            help: Some(String::from(
                "Priority support answers within 4 business hours.",
            )),
            values: vec![
                (
                    "standard".into(),
                    "Standard (next business day)".into(),
                    None,
                    None,
                ),
                (
                    "priority".into(),
                    "Priority (4 business hours)".into(),
                    None,
                    Some(2_000),
                ),
            ],
        });
        self
    }
    fn start_date_option(mut self) -> Self {
        self.p().options.push(OptionSeed {
            code: "start_date".into(),
            label: "Start date".into(),
            kind: OptionKind::Date,
            required: false,
            pattern: None,
            help: Some(String::from("Leave empty to start on payment.")),
            values: vec![],
        });
        self
    }
    fn plan(
        mut self,
        term_months: Option<i64>,
        data_mb: Option<i64>,
        validity_days: Option<i64>,
        stackable: bool,
    ) -> Self {
        let p = self.p();
        p.term_months = term_months;
        p.data_mb = data_mb;
        p.validity_days = validity_days;
        p.stackable = stackable;
        self
    }
    fn qty(mut self, min: i64, max: Option<i64>, step: i64) -> Self {
        let p = self.p();
        p.min_qty = min;
        p.max_qty = max;
        p.qty_step = step;
        self
    }
}

impl Fluent for ProductSeed {
    fn p(&mut self) -> &mut ProductSeed {
        self
    }
}

/// A variant of a configurable parent: own SKU, price, stock and attributes.
pub fn variant(
    parent: &ProductSeed,
    sku: &str,
    name_suffix: &str,
    attributes: &[(&str, &str, &str, &str)],
    price: i64,
    stock: (i64, i64),
) -> ProductSeed {
    let mut v = ProductSeed::new(
        sku,
        &format!("{} ({name_suffix})", parent.name),
        parent.brand,
        ProductType::Hardware,
    );
    v.parent_id = Some(parent.id.clone());
    v.summary = parent.summary.clone();
    v.price = price;
    v.created_at = parent.created_at;
    v.position = parent.position;
    v.weight_grams = parent.weight_grams;
    v.attributes = attributes
        .iter()
        .map(|(c, l, val, vl)| {
            (
                c.to_string(),
                l.to_string(),
                val.to_string(),
                vl.to_string(),
            )
        })
        .collect();
    v.stock = vec![(Warehouse::Global, stock.0), (Warehouse::Us, stock.1)];
    v
}
