//! The rules a product keeps when staff save it (SPEC §4.1, §15): the
//! back-office editor, the CSV import and the demo catalogue agree on them.
//!
//! [`check_product`] takes a [`ProductInput`] as staff sent it and the facts
//! only storage knows ([`CatalogFacts`]: categories, device models, media)
//! and answers a [`ProductDraft`] with every value typed, or every broken
//! rule as a [`Violation`] naming its field. Uniqueness (SKU, slug) and the
//! version check are storage's, inside the saving transaction.

use crate::cart::MAX_LINE_QTY;
use crate::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductStatus, ProductType, Sku,
};
use crate::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::ToSchema;

/// The most one unit may cost: $1,000,000.
pub const MAX_PRICE_CENTS: i64 = 100_000_000;
/// Longest product name.
pub const MAX_NAME_CHARS: usize = 200;
/// Longest summary.
pub const MAX_SUMMARY_CHARS: usize = 500;
/// Longest Markdown description.
pub const MAX_DESCRIPTION_CHARS: usize = 20_000;
/// Most rows of each list (specification, package, options, images …).
pub const MAX_LIST_ROWS: usize = 100;
/// Longest short text (a label, a spec value, an alt text).
pub const MAX_TEXT_CHARS: usize = 200;

/// A device eligibility rule: which models (empty = every model) and prime.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct EligibilityInput {
    /// Device model codes (see the admin reference data); empty = any model.
    #[serde(default)]
    pub models: Vec<String>,
    pub prime: PrimeRequirement,
}

/// An attribute value of a variant (e.g. `cellular` = `5G`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AttributeInput {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

/// A specification row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SpecInput {
    pub group: String,
    pub name: String,
    pub value: String,
}

/// One item in the box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PackageItemInput {
    pub item: String,
    pub qty: i64,
}

/// A download attached to the product: an uploaded file (`media_key`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DownloadInput {
    pub title: String,
    pub kind: DownloadKind,
    pub media_key: String,
    #[serde(default)]
    pub version: Option<String>,
}

/// An image (an uploaded picture) and its alt text, in display order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ImageInput {
    pub media_key: String,
    pub alt: String,
}

/// One value of a select option and what it adds to the price: fixed
/// cents or basis points of the price, not both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OptionValueInput {
    pub code: String,
    pub label: String,
    #[serde(default)]
    pub price_delta_cents: Option<i64>,
    #[serde(default)]
    pub price_delta_bp: Option<i64>,
}

/// A custom option buyers fill in (SPEC §4.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OptionInput {
    pub code: String,
    pub label: String,
    pub kind: OptionKind,
    #[serde(default)]
    pub required: bool,
    #[serde(default)]
    pub pattern: Option<String>,
    #[serde(default)]
    pub help: Option<String>,
    #[serde(default)]
    pub values: Vec<OptionValueInput>,
}

/// A product as staff send it: the editor's fields. Prices per store and
/// stock are edited on their own (they have their own history and rules).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ProductInput {
    /// A–Z, 0–9 and `-`, unique (upper-cased).
    pub sku: String,
    /// The product page's address; made from the name when empty.
    #[serde(default)]
    pub slug: String,
    pub name: String,
    pub brand: Brand,
    pub product_type: ProductType,
    pub status: ProductStatus,
    /// False for a configurable parent (its variants are bought).
    pub purchasable: bool,
    #[serde(default)]
    pub featured: bool,
    #[serde(default)]
    pub summary: String,
    /// Markdown.
    #[serde(default)]
    pub description: String,
    /// The list price in cents (stores may override it).
    pub price_cents: i64,
    #[serde(default)]
    pub compare_at_cents: Option<i64>,
    pub min_qty: i64,
    #[serde(default)]
    pub max_qty: Option<i64>,
    pub qty_step: i64,
    /// Hardware only.
    #[serde(default)]
    pub weight_grams: Option<i64>,
    /// Plans, licences and care: the term.
    #[serde(default)]
    pub term_months: Option<i64>,
    /// Data plans: the allowance in MB; empty = unlimited.
    #[serde(default)]
    pub data_mb: Option<i64>,
    /// eSIM data: days the bundle stays valid.
    #[serde(default)]
    pub validity_days: Option<i64>,
    /// Cloud plans: may be added to an active plan.
    #[serde(default)]
    pub stackable: bool,
    /// Serial-bound products: which devices may take it.
    #[serde(default)]
    pub eligibility: Option<EligibilityInput>,
    /// Category slugs.
    #[serde(default)]
    pub categories: Vec<String>,
    #[serde(default)]
    pub labels: Vec<Label>,
    /// A variant's attribute values (variants only).
    #[serde(default)]
    pub attributes: Vec<AttributeInput>,
    #[serde(default)]
    pub specs: Vec<SpecInput>,
    #[serde(default)]
    pub package: Vec<PackageItemInput>,
    #[serde(default)]
    pub downloads: Vec<DownloadInput>,
    #[serde(default)]
    pub images: Vec<ImageInput>,
    #[serde(default)]
    pub options: Vec<OptionInput>,
}

/// What a media key holds, as far as a product cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    Image,
    File,
}

/// Facts about the rest of the catalogue a product refers to.
pub trait CatalogFacts {
    fn has_category(&self, slug: &str) -> bool;
    fn has_model(&self, code: &str) -> bool;
    fn media_kind(&self, key: &str) -> Option<MediaKind>;
}

/// Where the product sits: on its own, or a variant of a configurable parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    Standalone,
    Variant,
}

/// A broken rule and the field it is about (`options[2].values[0].code`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub field: String,
    pub code: ErrorCode,
    pub message: String,
}

/// A product that keeps every rule: the input, tidied (trimmed, SKU
/// upper-cased, slug made) and typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductDraft {
    pub sku: Sku,
    pub input: ProductInput,
}

/// Checks every rule and answers the tidied draft or every violation.
pub fn check_product(
    input: &ProductInput,
    placement: Placement,
    facts: &dyn CatalogFacts,
) -> Result<ProductDraft, Vec<Violation>> {
    let mut c = Checker::default();
    let tidy = tidied(input);
    let sku = Sku::parse(&tidy.sku);
    if sku.is_err() {
        c.fail(
            "sku",
            "A SKU is 1–64 characters of A–Z, 0–9 and '-', not starting or ending with '-'.",
        );
    }
    check_texts(&mut c, &tidy);
    check_money(&mut c, &tidy);
    check_quantities(&mut c, &tidy);
    check_type_fields(&mut c, &tidy, placement);
    check_serial_binding(&mut c, &tidy, facts);
    check_references(&mut c, &tidy, facts);
    check_options(&mut c, &tidy.options);
    match (sku, c.violations.is_empty()) {
        (Ok(sku), true) => Ok(ProductDraft { sku, input: tidy }),
        _ => Err(c.violations),
    }
}

/// `"Pepwave MAX BR1 Mini (LTE Cat 4)"` → `"pepwave-max-br1-mini-lte-cat-4"`.
pub fn slugify(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// True for a slug: 1–120 of a–z, 0–9 and single `-` inside.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 120
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// True for an option or attribute code: 1–40 of a–z, 0–9 and `_`.
fn is_code(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 40
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

#[derive(Default)]
struct Checker {
    violations: Vec<Violation>,
}

impl Checker {
    fn fail(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.violations.push(Violation {
            field: field.into(),
            code: ErrorCode::ValidationFailed,
            message: message.into(),
        });
    }

    fn require(&mut self, ok: bool, field: impl Into<String>, message: impl Into<String>) {
        if !ok {
            self.fail(field, message);
        }
    }

    /// A short text: present when `required`, at most `max` characters, no
    /// control characters.
    fn text(&mut self, field: impl Into<String>, value: &str, required: bool, max: usize) {
        let field = field.into();
        if required && value.is_empty() {
            self.fail(field, "Fill this in.");
        } else if value.chars().count() > max {
            self.fail(field, format!("Keep it to {max} characters."));
        } else if value
            .chars()
            .any(|ch| ch.is_control() && ch != '\n' && ch != '\t')
        {
            self.fail(field, "Remove the control characters.");
        }
    }

    fn list_len(&mut self, field: &str, len: usize) {
        self.require(
            len <= MAX_LIST_ROWS,
            field,
            format!("At most {MAX_LIST_ROWS} rows."),
        );
    }
}

/// The input with texts trimmed, the SKU upper-cased and the slug made.
fn tidied(input: &ProductInput) -> ProductInput {
    let mut t = input.clone();
    t.sku = t.sku.trim().to_ascii_uppercase();
    t.name = t.name.trim().to_owned();
    t.summary = t.summary.trim().to_owned();
    t.slug = match t.slug.trim() {
        "" => slugify(&t.name),
        s => s.to_ascii_lowercase(),
    };
    for c in &mut t.categories {
        *c = c.trim().to_owned();
    }
    t.labels.sort();
    t.labels.dedup();
    if let Some(e) = &mut t.eligibility {
        for m in &mut e.models {
            *m = m.trim().to_owned();
        }
    }
    t
}

fn check_texts(c: &mut Checker, p: &ProductInput) {
    c.text("name", &p.name, true, MAX_NAME_CHARS);
    c.require(
        is_slug(&p.slug),
        "slug",
        "A slug is 1–120 of a–z, 0–9 and single '-' (e.g. max-br1-mini).",
    );
    c.text("summary", &p.summary, false, MAX_SUMMARY_CHARS);
    c.require(
        p.description.chars().count() <= MAX_DESCRIPTION_CHARS,
        "description",
        format!("Keep the description to {MAX_DESCRIPTION_CHARS} characters."),
    );
    c.list_len("specs", p.specs.len());
    for (i, s) in p.specs.iter().enumerate() {
        c.text(
            format!("specs[{i}].group"),
            s.group.trim(),
            true,
            MAX_TEXT_CHARS,
        );
        c.text(
            format!("specs[{i}].name"),
            s.name.trim(),
            true,
            MAX_TEXT_CHARS,
        );
        c.text(
            format!("specs[{i}].value"),
            s.value.trim(),
            true,
            MAX_TEXT_CHARS,
        );
    }
    c.list_len("package", p.package.len());
    for (i, item) in p.package.iter().enumerate() {
        c.text(
            format!("package[{i}].item"),
            item.item.trim(),
            true,
            MAX_TEXT_CHARS,
        );
        c.require(
            (1..=1_000).contains(&item.qty),
            format!("package[{i}].qty"),
            "Between 1 and 1000.",
        );
    }
}

fn check_money(c: &mut Checker, p: &ProductInput) {
    c.require(
        (0..=MAX_PRICE_CENTS).contains(&p.price_cents),
        "price_cents",
        "A price is between $0.00 and $1,000,000.00.",
    );
    if let Some(compare) = p.compare_at_cents {
        c.require(
            compare > p.price_cents && compare <= MAX_PRICE_CENTS,
            "compare_at_cents",
            "A compare-at price is above the price (and at most $1,000,000.00), or empty.",
        );
    }
}

fn check_quantities(c: &mut Checker, p: &ProductInput) {
    c.require(
        (1..=MAX_LINE_QTY).contains(&p.min_qty),
        "min_qty",
        format!("Between 1 and {MAX_LINE_QTY}."),
    );
    c.require(
        (1..=MAX_LINE_QTY).contains(&p.qty_step),
        "qty_step",
        format!("Between 1 and {MAX_LINE_QTY}."),
    );
    if let Some(max) = p.max_qty {
        c.require(
            (p.min_qty..=MAX_LINE_QTY).contains(&max),
            "max_qty",
            format!("At least the minimum and at most {MAX_LINE_QTY}, or empty."),
        );
    }
}

/// Fields that belong to some product types only, and the parent/variant rules.
fn check_type_fields(c: &mut Checker, p: &ProductInput, placement: Placement) {
    let t = p.product_type;
    match p.weight_grams {
        Some(_) if !t.is_physical() => c.fail("weight_grams", "Only hardware has a weight."),
        Some(w) => c.require(
            (0..=1_000_000).contains(&w),
            "weight_grams",
            "Between 0 and 1,000,000 g.",
        ),
        None => {}
    }
    // Terms, allowances, validity and stacking describe what is delivered
    // digitally (plans, licences, eSIM data); hardware has none of them.
    let physical = t.is_physical();
    for (field, set) in [
        ("term_months", p.term_months.is_some()),
        ("data_mb", p.data_mb.is_some()),
        ("validity_days", p.validity_days.is_some()),
        ("stackable", p.stackable),
    ] {
        c.require(
            !(physical && set),
            field,
            "Hardware has no term, allowance, validity or stacking.",
        );
    }
    if let Some(m) = p.term_months {
        c.require(
            (1..=120).contains(&m),
            "term_months",
            "Between 1 and 120 months.",
        );
    }
    if let Some(mb) = p.data_mb {
        c.require(
            (1..=100_000_000).contains(&mb),
            "data_mb",
            "Between 1 MB and 100 TB, or empty for unlimited.",
        );
    }
    if let Some(days) = p.validity_days {
        c.require(
            (1..=3_650).contains(&days),
            "validity_days",
            "Between 1 and 3650 days.",
        );
    }
    c.require(
        !t.is_cloud_plan() || p.term_months.is_some() || p.validity_days.is_some(),
        "term_months",
        "A cloud plan needs its term: months or validity days.",
    );
    if t == ProductType::Configurable {
        c.require(
            !p.purchasable,
            "purchasable",
            "A configurable parent is never bought itself; its variants are.",
        );
    }
    match placement {
        Placement::Variant => {
            c.require(
                t == ProductType::Hardware,
                "product_type",
                "A variant is hardware.",
            );
            c.require(
                !p.attributes.is_empty(),
                "attributes",
                "A variant names its attribute values (e.g. cellular = 5G).",
            );
        }
        Placement::Standalone => c.require(
            p.attributes.is_empty(),
            "attributes",
            "Only variants have attribute values.",
        ),
    }
    check_attributes(c, &p.attributes);
}

fn check_attributes(c: &mut Checker, attributes: &[AttributeInput]) {
    let mut codes = HashSet::new();
    for (i, a) in attributes.iter().enumerate() {
        c.require(
            is_code(&a.code),
            format!("attributes[{i}].code"),
            "A code is 1–40 of a–z, 0–9 and '_'.",
        );
        c.require(
            codes.insert(a.code.as_str()),
            format!("attributes[{i}].code"),
            "Each attribute once.",
        );
        c.text(
            format!("attributes[{i}].label"),
            a.label.trim(),
            true,
            MAX_TEXT_CHARS,
        );
        c.text(
            format!("attributes[{i}].value"),
            a.value.trim(),
            true,
            MAX_TEXT_CHARS,
        );
        c.text(
            format!("attributes[{i}].value_label"),
            a.value_label.trim(),
            true,
            MAX_TEXT_CHARS,
        );
    }
}

/// A product bound to device serials (licences, care, cloud plans) carries
/// its eligibility and a required `serial_numbers` option, and the other way
/// round; eSIM data names its eSIM with a required `iccid` option.
fn check_serial_binding(c: &mut Checker, p: &ProductInput, facts: &dyn CatalogFacts) {
    let serial = p
        .options
        .iter()
        .find(|o| o.kind == OptionKind::SerialNumbers);
    let must_bind = p.product_type == ProductType::License || p.product_type.is_cloud_plan();
    match (&p.eligibility, serial) {
        (None, None) if must_bind => c.fail(
            "eligibility",
            "Licences and cloud plans are bound to devices: set which devices may take it.",
        ),
        (Some(_), None) => c.fail(
            "options",
            "A serial-bound product needs a required 'serial_numbers' option.",
        ),
        (None, Some(_)) => c.fail(
            "eligibility",
            "A product with a serial-numbers option needs its eligibility.",
        ),
        (Some(_), Some(o)) => c.require(
            o.required,
            "options",
            "The 'serial_numbers' option must be required.",
        ),
        (None, None) => {}
    }
    if let Some(e) = &p.eligibility {
        for (i, m) in e.models.iter().enumerate() {
            c.require(
                facts.has_model(m),
                format!("eligibility.models[{i}]"),
                format!("No device model is called {m}."),
            );
        }
    }
    if p.product_type == ProductType::EsimData {
        c.require(
            p.options
                .iter()
                .any(|o| o.kind == OptionKind::Iccid && o.required),
            "options",
            "eSIM data needs a required 'iccid' option (the eSIM it tops up).",
        );
    }
}

fn check_references(c: &mut Checker, p: &ProductInput, facts: &dyn CatalogFacts) {
    c.list_len("categories", p.categories.len());
    let mut seen = HashSet::new();
    for (i, slug) in p.categories.iter().enumerate() {
        c.require(
            facts.has_category(slug),
            format!("categories[{i}]"),
            format!("There is no category {slug}."),
        );
        c.require(
            seen.insert(slug),
            format!("categories[{i}]"),
            "Each category once.",
        );
    }
    c.list_len("images", p.images.len());
    for (i, img) in p.images.iter().enumerate() {
        c.require(
            facts.media_kind(&img.media_key) == Some(MediaKind::Image),
            format!("images[{i}].media_key"),
            "Upload the picture first (PNG, JPEG or WebP).",
        );
        c.text(
            format!("images[{i}].alt"),
            img.alt.trim(),
            true,
            MAX_TEXT_CHARS,
        );
    }
    c.list_len("downloads", p.downloads.len());
    for (i, d) in p.downloads.iter().enumerate() {
        c.require(
            facts.media_kind(&d.media_key).is_some(),
            format!("downloads[{i}].media_key"),
            "Upload the file first.",
        );
        c.text(
            format!("downloads[{i}].title"),
            d.title.trim(),
            true,
            MAX_TEXT_CHARS,
        );
        c.text(
            format!("downloads[{i}].version"),
            d.version.as_deref().unwrap_or("").trim(),
            false,
            40,
        );
    }
}

fn check_options(c: &mut Checker, options: &[OptionInput]) {
    c.list_len("options", options.len());
    let mut codes = HashSet::new();
    let mut serials = 0;
    for (i, o) in options.iter().enumerate() {
        let at = |f: &str| format!("options[{i}].{f}");
        c.require(
            is_code(&o.code),
            at("code"),
            "A code is 1–40 of a–z, 0–9 and '_'.",
        );
        c.require(
            codes.insert(o.code.as_str()),
            at("code"),
            "Each option code once.",
        );
        c.text(at("label"), o.label.trim(), true, MAX_TEXT_CHARS);
        c.text(
            at("help"),
            o.help.as_deref().unwrap_or("").trim(),
            false,
            500,
        );
        c.text(
            at("pattern"),
            o.pattern.as_deref().unwrap_or(""),
            false,
            MAX_TEXT_CHARS,
        );
        serials += usize::from(o.kind == OptionKind::SerialNumbers);
        if o.kind == OptionKind::Select {
            c.require(
                !o.values.is_empty(),
                at("values"),
                "A choice needs at least one value.",
            );
        } else {
            c.require(
                o.values.is_empty(),
                at("values"),
                "Only a choice has values.",
            );
        }
        check_option_values(c, i, &o.values);
    }
    c.require(
        serials <= 1,
        "options",
        "One serial-numbers option at most.",
    );
}

fn check_option_values(c: &mut Checker, option: usize, values: &[OptionValueInput]) {
    c.list_len(&format!("options[{option}].values"), values.len());
    let mut codes = HashSet::new();
    for (j, v) in values.iter().enumerate() {
        let at = |f: &str| format!("options[{option}].values[{j}].{f}");
        c.require(
            is_code(&v.code),
            at("code"),
            "A code is 1–40 of a–z, 0–9 and '_'.",
        );
        c.require(
            codes.insert(v.code.as_str()),
            at("code"),
            "Each value once.",
        );
        c.text(at("label"), v.label.trim(), true, MAX_TEXT_CHARS);
        match (v.price_delta_cents, v.price_delta_bp) {
            (Some(_), Some(_)) => c.fail(
                at("price_delta_bp"),
                "A value adds cents or a percentage, not both.",
            ),
            (Some(cents), None) => c.require(
                (-MAX_PRICE_CENTS..=MAX_PRICE_CENTS).contains(&cents),
                at("price_delta_cents"),
                "At most ±$1,000,000.00.",
            ),
            (None, Some(bp)) => c.require(
                (-10_000..=100_000).contains(&bp),
                at("price_delta_bp"),
                "Between -10000 and 100000 basis points (−100 % to +1000 %).",
            ),
            (None, None) => {}
        }
    }
}

/// A bulk price change: a percentage (basis points, `-1000` = 10 % off) or
/// an amount in cents added to each price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum PriceChange {
    /// Basis points, −9999 to +100000 (−99.99 % to +1000 %).
    Percent(i64),
    /// Cents, ±$1,000,000.
    Amount(i64),
}

impl PriceChange {
    /// The change's own bounds.
    pub fn is_valid(self) -> bool {
        match self {
            PriceChange::Percent(bp) => bp != 0 && (-9_999..=100_000).contains(&bp),
            PriceChange::Amount(c) => c != 0 && (-MAX_PRICE_CENTS..=MAX_PRICE_CENTS).contains(&c),
        }
    }

    /// The new price, rounded half up to the cent; `None` when it would
    /// leave 0 … [`MAX_PRICE_CENTS`].
    pub fn apply(self, price_cents: i64) -> Option<i64> {
        let new = match self {
            PriceChange::Percent(bp) => {
                let scaled = i128::from(price_cents) * i128::from(10_000 + bp);
                // Half up (away from zero for the non-negative prices we hold).
                i64::try_from((scaled + 5_000).div_euclid(10_000)).ok()?
            }
            PriceChange::Amount(c) => price_cents.checked_add(c)?,
        };
        (0..=MAX_PRICE_CENTS).contains(&new).then_some(new)
    }
}

/// The standard `serial_numbers` option of a serial-bound product.
pub fn serial_numbers_option() -> OptionInput {
    OptionInput {
        code: "serial_numbers".into(),
        label: "Device serial numbers".into(),
        kind: OptionKind::SerialNumbers,
        required: true,
        pattern: Some(crate::serial::SERIAL_PATTERN.into()),
        help: Some(
            "One serial per licence, e.g. 1824-A1B2-C3D4 (on the label under the device). \
             The quantity equals the number of serials."
                .into(),
        ),
        values: Vec::new(),
    }
}

/// The standard `iccid` option of eSIM data.
pub fn iccid_option() -> OptionInput {
    OptionInput {
        code: "iccid".into(),
        label: "eSIM ICCID".into(),
        kind: OptionKind::Iccid,
        required: true,
        pattern: Some(crate::iccid::ICCID_PATTERN.into()),
        help: Some(
            "The 19–20 digit ICCID of the eSIM to top up (Settings > Cellular > eSIM).".into(),
        ),
        values: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn price_changes_round_half_up_and_stay_in_bounds() {
        assert_eq!(PriceChange::Percent(-1_000).apply(49_900), Some(44_910));
        assert_eq!(PriceChange::Percent(-1_000).apply(5), Some(5)); // 4.5 → 5
        assert_eq!(PriceChange::Percent(1_250).apply(999), Some(1_124)); // 1123.875
        assert_eq!(PriceChange::Amount(-500).apply(400), None);
        assert_eq!(PriceChange::Amount(500).apply(400), Some(900));
        assert_eq!(PriceChange::Percent(100_000).apply(MAX_PRICE_CENTS), None);
        assert!(!PriceChange::Percent(0).is_valid());
        assert!(!PriceChange::Percent(-10_000).is_valid());
    }

    struct Facts;
    impl CatalogFacts for Facts {
        fn has_category(&self, slug: &str) -> bool {
            slug == "routers"
        }
        fn has_model(&self, code: &str) -> bool {
            code == "BR1-MINI"
        }
        fn media_kind(&self, key: &str) -> Option<MediaKind> {
            match key {
                "img" => Some(MediaKind::Image),
                "pdf" => Some(MediaKind::File),
                _ => None,
            }
        }
    }

    fn router() -> ProductInput {
        ProductInput {
            sku: " max-br1-new ".into(),
            slug: String::new(),
            name: "MAX BR1 New".into(),
            brand: Brand::Pepwave,
            product_type: ProductType::Hardware,
            status: ProductStatus::Draft,
            purchasable: true,
            featured: false,
            summary: String::new(),
            description: "**Fast**".into(),
            price_cents: 49_900,
            compare_at_cents: None,
            min_qty: 1,
            max_qty: None,
            qty_step: 1,
            weight_grams: Some(500),
            term_months: None,
            data_mb: None,
            validity_days: None,
            stackable: false,
            eligibility: None,
            categories: vec!["routers".into()],
            labels: vec![],
            attributes: vec![],
            specs: vec![],
            package: vec![],
            downloads: vec![],
            images: vec![ImageInput {
                media_key: "img".into(),
                alt: "Front".into(),
            }],
            options: vec![],
        }
    }

    fn fields(result: Result<ProductDraft, Vec<Violation>>) -> Vec<String> {
        result.unwrap_err().into_iter().map(|v| v.field).collect()
    }

    #[test]
    fn a_good_product_is_tidied() {
        let d = check_product(&router(), Placement::Standalone, &Facts).unwrap();
        assert_eq!(d.sku.as_str(), "MAX-BR1-NEW");
        assert_eq!(d.input.slug, "max-br1-new");
    }

    #[test]
    fn each_rule_names_its_field() {
        let mut p = router();
        p.sku = "bad sku".into();
        p.price_cents = -1;
        p.compare_at_cents = Some(-5);
        p.min_qty = 0;
        p.term_months = Some(12);
        p.categories.push("nowhere".into());
        p.images[0].media_key = "pdf".into();
        assert_eq!(
            fields(check_product(&p, Placement::Standalone, &Facts)),
            [
                "sku",
                "price_cents",
                "compare_at_cents",
                "min_qty",
                "term_months",
                "categories[1]",
                "images[0].media_key"
            ]
        );
    }

    #[test]
    fn a_parent_is_never_purchasable_and_a_variant_names_its_attributes() {
        let mut p = router();
        p.product_type = ProductType::Configurable;
        assert_eq!(
            fields(check_product(&p, Placement::Standalone, &Facts)),
            ["purchasable"]
        );
        let v = router();
        assert_eq!(
            fields(check_product(&v, Placement::Variant, &Facts)),
            ["attributes"]
        );
    }

    #[test]
    fn a_serial_bound_product_needs_its_option_and_its_eligibility() {
        let mut p = router();
        p.product_type = ProductType::License;
        p.weight_grams = None;
        assert_eq!(
            fields(check_product(&p, Placement::Standalone, &Facts)),
            ["eligibility"]
        );
        p.eligibility = Some(EligibilityInput {
            models: vec!["BR1-MINI".into(), "NOPE".into()],
            prime: PrimeRequirement::No,
        });
        assert_eq!(
            fields(check_product(&p, Placement::Standalone, &Facts)),
            ["options", "eligibility.models[1]"]
        );
        p.eligibility.as_mut().unwrap().models.pop();
        p.options.push(OptionInput {
            code: "serial_numbers".into(),
            label: "Serials".into(),
            kind: OptionKind::SerialNumbers,
            required: true,
            pattern: None,
            help: None,
            values: vec![],
        });
        assert!(check_product(&p, Placement::Standalone, &Facts).is_ok());
    }

    #[test]
    fn option_values_add_cents_or_percent_not_both() {
        let mut p = router();
        p.options.push(OptionInput {
            code: "setup".into(),
            label: "Setup".into(),
            kind: OptionKind::Select,
            required: false,
            pattern: None,
            help: None,
            values: vec![OptionValueInput {
                code: "pro".into(),
                label: "Pro".into(),
                price_delta_cents: Some(100),
                price_delta_bp: Some(100),
            }],
        });
        assert_eq!(
            fields(check_product(&p, Placement::Standalone, &Facts)),
            ["options[0].values[0].price_delta_bp"]
        );
    }

    #[test]
    fn slugs() {
        assert_eq!(
            slugify("Pepwave MAX BR1 Mini (LTE Cat 4)"),
            "pepwave-max-br1-mini-lte-cat-4"
        );
        assert!(is_slug("max-br1"));
        assert!(!is_slug("Max"));
        assert!(!is_slug("a--b"));
    }
}
