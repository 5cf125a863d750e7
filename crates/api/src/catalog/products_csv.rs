//! Products and prices as CSV (SPEC §15): the export staff edit in a
//! spreadsheet and the import that brings it back.
//!
//! One row per product, parents before variants. Columns: the product's
//! scalar fields, `categories` and `labels` (`|`-separated), `attributes`
//! (a variant's values, JSON), eligibility, and per store
//! `price@<store>` (empty: no entry; `list`: sold at the list price; cents:
//! the store's own price; `not_sold` or `not_sold:<cents>`: not sold there)
//! and `compare_at@<store>`. Options, specification, images and downloads
//! are edited in the back-office, not in the file: an import keeps them.
//!
//! An import checks every row with the same rules as the editor and lists
//! every row's problems; only a file without any is written, in one
//! transaction (a dry run writes nothing). Rows matching what is stored are
//! left alone, so exporting and importing the export changes nothing.

use crate::catalog::editing::{StoredFacts, catalogue_changed, save_error};
use crate::catalog::staff_dto::{ImportReport, ImportRowError};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use std::collections::{HashMap, HashSet};
use uplink_db::Db;
use uplink_db::admin_catalog::{
    self as store, StorePrice, StoredProduct, create_product, set_store_prices, update_product,
};
use uplink_db::audit::{Actor, AuditEntry, StaffWrite};
use uplink_domain::catalog::{
    Brand, Label, OptionKind, PrimeRequirement, ProductStatus, ProductType,
};
use uplink_domain::catalog_admin::{
    AttributeInput, EligibilityInput, Placement, ProductDraft, ProductInput, check_product,
    iccid_option, serial_numbers_option,
};

/// The product columns, in file order (store columns follow).
const COLUMNS: &[&str] = &[
    "sku",
    "parent_sku",
    "name",
    "slug",
    "brand",
    "type",
    "status",
    "purchasable",
    "featured",
    "price_cents",
    "compare_at_cents",
    "min_qty",
    "max_qty",
    "qty_step",
    "weight_grams",
    "term_months",
    "data_mb",
    "validity_days",
    "stackable",
    "eligibility_models",
    "eligibility_prime",
    "categories",
    "labels",
    "attributes",
    "summary",
];

/// Columns a new product's row must fill.
const REQUIRED_FOR_NEW: &[&str] = &["name", "brand", "type", "status", "price_cents"];

/// Every product (and its store entries) as CSV.
pub async fn export(db: &Db) -> ApiResult<Vec<u8>> {
    let mut conn = db.pool().acquire().await?;
    let products = store::stored_products(&mut conn, None).await?;
    let stores: Vec<String> = {
        let mut s: Vec<String> = store::reference_sets(&mut conn)
            .await?
            .stores
            .into_iter()
            .collect();
        s.sort();
        s
    };
    let sku_of: HashMap<&str, &str> = products
        .iter()
        .map(|p| (p.id.as_str(), p.input.sku.as_str()))
        .collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = COLUMNS.iter().map(|c| (*c).to_owned()).collect();
    for s in &stores {
        header.push(format!("price@{s}"));
        header.push(format!("compare_at@{s}"));
    }
    w.write_record(&header).map_err(ApiError::internal)?;
    let ordered = products
        .iter()
        .filter(|p| p.parent_id.is_none())
        .chain(products.iter().filter(|p| p.parent_id.is_some()));
    for p in ordered {
        let parent = p
            .parent_id
            .as_deref()
            .and_then(|id| sku_of.get(id).copied())
            .unwrap_or("");
        let mut record = product_cells(p, parent);
        for s in &stores {
            let (price, compare) = store_cells(p.prices.iter().find(|r| &r.store_code == s));
            record.push(price);
            record.push(compare);
        }
        w.write_record(&record).map_err(ApiError::internal)?;
    }
    w.into_inner().map_err(ApiError::internal)
}

fn opt(v: Option<i64>) -> String {
    v.map(|n| n.to_string()).unwrap_or_default()
}

fn product_cells(p: &StoredProduct, parent_sku: &str) -> Vec<String> {
    let i = &p.input;
    let (models, prime) = match &i.eligibility {
        Some(e) => (e.models.join("|"), e.prime.as_str().to_owned()),
        None => (String::new(), String::new()),
    };
    vec![
        i.sku.clone(),
        parent_sku.to_owned(),
        i.name.clone(),
        i.slug.clone(),
        i.brand.as_str().to_owned(),
        i.product_type.as_str().to_owned(),
        i.status.as_str().to_owned(),
        i.purchasable.to_string(),
        i.featured.to_string(),
        i.price_cents.to_string(),
        opt(i.compare_at_cents),
        i.min_qty.to_string(),
        opt(i.max_qty),
        i.qty_step.to_string(),
        opt(i.weight_grams),
        opt(i.term_months),
        opt(i.data_mb),
        opt(i.validity_days),
        i.stackable.to_string(),
        models,
        prime,
        i.categories.join("|"),
        i.labels
            .iter()
            .map(|l| l.as_str())
            .collect::<Vec<_>>()
            .join("|"),
        if i.attributes.is_empty() {
            String::new()
        } else {
            serde_json::to_string(&i.attributes).unwrap_or_default()
        },
        i.summary.clone(),
    ]
}

fn store_cells(entry: Option<&uplink_db::catalog::PriceRow>) -> (String, String) {
    let Some(e) = entry else {
        return (String::new(), String::new());
    };
    let price = match (e.sold.0, e.price_cents) {
        (true, None) => "list".to_owned(),
        (true, Some(c)) => c.to_string(),
        (false, None) => "not_sold".to_owned(),
        (false, Some(c)) => format!("not_sold:{c}"),
    };
    (price, opt(e.compare_at_cents))
}

/// One data row, read against the header.
struct Row {
    line: u64,
    cells: HashMap<String, String>,
}

impl Row {
    fn get(&self, column: &str) -> Option<&str> {
        self.cells.get(column).map(String::as_str)
    }
}

/// What the import will do with one row.
struct Planned {
    line: u64,
    existing: Option<StoredProduct>,
    parent_sku: Option<String>,
    input: ProductInput,
    prices: Option<Vec<StorePrice>>,
}

/// Collects every row's problems.
#[derive(Default)]
struct Problems(Vec<ImportRowError>);

impl Problems {
    fn add(&mut self, line: u64, sku: &str, field: &str, message: impl Into<String>) {
        self.0.push(ImportRowError {
            line,
            sku: sku.to_owned(),
            field: field.to_owned(),
            message: message.into(),
        });
    }
}

/// Reads, checks and (unless `dry_run`, and only when every row is right)
/// writes a products CSV.
pub async fn import(
    state: &AppState,
    actor: Actor,
    body: &[u8],
    dry_run: bool,
) -> ApiResult<ImportReport> {
    let mut problems = Problems::default();
    let (stores, rows) = read_rows(&state.db, body, &mut problems).await?;
    let existing: HashMap<String, StoredProduct> = {
        let mut conn = state.db.pool().acquire().await?;
        store::stored_products(&mut conn, None)
            .await?
            .into_iter()
            .map(|p| (p.input.sku.clone(), p))
            .collect()
    };
    let mut planned = Vec::with_capacity(rows.len());
    for row in &rows {
        if let Some(p) = plan_row(row, &existing, &stores, &mut problems) {
            planned.push(p);
        }
    }
    let drafts = check_rows(&state.db, &planned, &existing, &mut problems).await?;
    let changed: Vec<(&Planned, &ProductDraft)> = planned
        .iter()
        .zip(drafts.iter())
        .filter_map(|(p, d)| d.as_ref().map(|d| (p, d)))
        .filter(|(p, d)| is_change(p, d))
        .collect();
    let created = changed.iter().filter(|(p, _)| p.existing.is_none()).count() as u64;
    let updated = changed.len() as u64 - created;
    let mut report = ImportReport {
        dry_run,
        rows: rows.len() as u64,
        created,
        updated,
        unchanged: planned.len() as u64 - changed.len() as u64,
        errors: problems.0,
    };
    report.errors.sort_by_key(|e| e.line);
    if dry_run || !report.errors.is_empty() || changed.is_empty() {
        return Ok(report);
    }
    write_changes(state, actor, &changed, &existing).await?;
    Ok(report)
}

/// The header's store columns and every data row. A header naming an
/// unknown column or store is a problem of line 1.
async fn read_rows(
    db: &Db,
    body: &[u8],
    problems: &mut Problems,
) -> ApiResult<(Vec<String>, Vec<Row>)> {
    let known_stores = {
        let mut conn = db.pool().acquire().await?;
        store::reference_sets(&mut conn).await?.stores
    };
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(body);
    let header: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(|c| c.trim().to_owned()).collect(),
        Err(e) => {
            problems.add(1, "", "file", format!("The file is not CSV: {e}"));
            return Ok((Vec::new(), Vec::new()));
        }
    };
    let mut stores = Vec::new();
    for column in &header {
        if let Some(code) = column
            .strip_prefix("price@")
            .or_else(|| column.strip_prefix("compare_at@"))
        {
            if !known_stores.contains(code) {
                problems.add(1, "", column, format!("There is no store {code}."));
            } else if column.starts_with("price@") {
                stores.push(code.to_owned());
            }
        } else if !COLUMNS.contains(&column.as_str()) {
            problems.add(1, "", column, "Unknown column; use the export's header.");
        }
    }
    if !header.iter().any(|c| c == "sku") {
        problems.add(1, "", "sku", "The file needs a sku column.");
    }
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i as u64 + 2;
        match record {
            Ok(r) => rows.push(Row {
                line,
                cells: header
                    .iter()
                    .cloned()
                    .zip(r.iter().map(str::to_owned))
                    .collect(),
            }),
            Err(e) => problems.add(line, "", "file", format!("This line cannot be read: {e}")),
        }
    }
    Ok((stores, rows))
}

/// The row's product: what is stored with the file's cells on top.
fn plan_row(
    row: &Row,
    existing: &HashMap<String, StoredProduct>,
    stores: &[String],
    problems: &mut Problems,
) -> Option<Planned> {
    let sku = row
        .get("sku")
        .unwrap_or_default()
        .trim()
        .to_ascii_uppercase();
    let stored = existing.get(&sku).cloned();
    let before = problems.0.len();
    if stored.is_none() {
        for column in REQUIRED_FOR_NEW {
            if row.get(column).is_none_or(|v| v.trim().is_empty()) {
                problems.add(row.line, &sku, column, "A new product needs this column.");
            }
        }
    }
    let mut input = stored
        .as_ref()
        .map(|p| p.input.clone())
        .unwrap_or_else(|| blank(&sku));
    input.sku = sku.clone();
    let mut cells = Cells {
        row,
        sku: &sku,
        problems,
    };
    cells.apply(&mut input);
    if stored.is_none() {
        add_standard_options(&mut input);
    }
    let parent_sku = row
        .get("parent_sku")
        .map(|s| s.trim().to_ascii_uppercase())
        .filter(|s| !s.is_empty());
    let prices = cells.prices(stores, stored.as_ref());
    if cells.problems.0.len() > before {
        return None;
    }
    Some(Planned {
        line: row.line,
        existing: stored,
        parent_sku,
        input,
        prices,
    })
}

/// A new product's starting point before the file's cells.
fn blank(sku: &str) -> ProductInput {
    ProductInput {
        sku: sku.to_owned(),
        slug: String::new(),
        name: String::new(),
        brand: Brand::Uplink,
        product_type: ProductType::Hardware,
        status: ProductStatus::Draft,
        purchasable: true,
        featured: false,
        summary: String::new(),
        description: String::new(),
        price_cents: 0,
        compare_at_cents: None,
        min_qty: 1,
        max_qty: None,
        qty_step: 1,
        weight_grams: None,
        term_months: None,
        data_mb: None,
        validity_days: None,
        stackable: false,
        eligibility: None,
        categories: Vec::new(),
        labels: Vec::new(),
        attributes: Vec::new(),
        specs: Vec::new(),
        package: Vec::new(),
        downloads: Vec::new(),
        images: Vec::new(),
        options: Vec::new(),
    }
}

/// A product made from a file gets the options its type cannot do without
/// (the file has no options column): device serials for what is bound to
/// a device, the ICCID for eSIM data.
fn add_standard_options(input: &mut ProductInput) {
    let has = |input: &ProductInput, kind: OptionKind| input.options.iter().any(|o| o.kind == kind);
    if input.eligibility.is_some() && !has(input, OptionKind::SerialNumbers) {
        input.options.push(serial_numbers_option());
    }
    if input.product_type == ProductType::EsimData && !has(input, OptionKind::Iccid) {
        input.options.push(iccid_option());
    }
}

/// The cells of one row, applied to a product.
struct Cells<'a> {
    row: &'a Row,
    sku: &'a str,
    problems: &'a mut Problems,
}

impl Cells<'_> {
    /// The trimmed cell, when the file has the column.
    fn cell(&self, column: &str) -> Option<String> {
        self.row.get(column).map(|v| v.trim().to_owned())
    }

    fn fail(&mut self, column: &str, message: impl Into<String>) {
        self.problems.add(self.row.line, self.sku, column, message);
    }

    /// A required value: an empty cell keeps the product's (or the default).
    fn parse<T>(
        &mut self,
        column: &str,
        what: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Option<T> {
        let v = self.cell(column).filter(|v| !v.is_empty())?;
        let out = parse(&v);
        if out.is_none() {
            self.fail(column, format!("`{v}` is not {what}."));
        }
        out
    }

    fn int(&mut self, column: &str) -> Option<i64> {
        self.parse(column, "a whole number", |v| v.parse::<i64>().ok())
    }

    /// An optional number: empty clears it.
    fn opt_int(&mut self, column: &str) -> Option<Option<i64>> {
        match self.cell(column)?.as_str() {
            "" => Some(None),
            _ => self.int(column).map(Some),
        }
    }

    fn bool(&mut self, column: &str) -> Option<bool> {
        self.parse(column, "true or false", |v| {
            match v.to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => Some(true),
                "false" | "no" | "0" => Some(false),
                _ => None,
            }
        })
    }

    fn text(&mut self, column: &str, target: &mut String) {
        if let Some(v) = self.cell(column) {
            *target = v;
        }
    }

    fn apply(&mut self, p: &mut ProductInput) {
        self.text("name", &mut p.name);
        self.text("slug", &mut p.slug);
        self.text("summary", &mut p.summary);
        if let Some(v) = self.parse("brand", "a brand (Uplink, Pepwave)", Brand::parse) {
            p.brand = v;
        }
        if let Some(v) = self.parse("type", "a product type", ProductType::parse) {
            p.product_type = v;
        }
        if let Some(v) = self.parse("status", "active, draft or archived", ProductStatus::parse) {
            p.status = v;
        }
        macro_rules! set {
            ($column:literal, $field:ident, $read:ident) => {
                if let Some(v) = self.$read($column) {
                    p.$field = v;
                }
            };
        }
        set!("purchasable", purchasable, bool);
        set!("featured", featured, bool);
        set!("stackable", stackable, bool);
        set!("price_cents", price_cents, int);
        set!("min_qty", min_qty, int);
        set!("qty_step", qty_step, int);
        set!("compare_at_cents", compare_at_cents, opt_int);
        set!("max_qty", max_qty, opt_int);
        set!("weight_grams", weight_grams, opt_int);
        set!("term_months", term_months, opt_int);
        set!("data_mb", data_mb, opt_int);
        set!("validity_days", validity_days, opt_int);
        self.apply_lists(p);
    }

    fn apply_lists(&mut self, p: &mut ProductInput) {
        let split = |v: &str| -> Vec<String> {
            v.split('|')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        };
        if let Some(v) = self.cell("categories") {
            p.categories = split(&v);
        }
        if let Some(v) = self.cell("labels") {
            let mut labels = Vec::new();
            for l in split(&v) {
                match Label::parse(&l) {
                    Some(label) => labels.push(label),
                    None => self.fail("labels", format!("`{l}` is not a label.")),
                }
            }
            p.labels = labels;
        }
        if let Some(v) = self.cell("attributes") {
            match v.as_str() {
                "" => p.attributes = Vec::new(),
                json => match serde_json::from_str::<Vec<AttributeInput>>(json) {
                    Ok(a) => p.attributes = a,
                    Err(_) => self.fail(
                        "attributes",
                        "Write a variant's attributes as the export does: [{\"code\":…,\"label\":…,\"value\":…,\"value_label\":…}].",
                    ),
                },
            }
        }
        let prime = self.cell("eligibility_prime");
        let models = self.cell("eligibility_models").map(|m| split(&m));
        match prime.as_deref() {
            Some("") if models.as_ref().is_some_and(|m| !m.is_empty()) => self.fail(
                "eligibility_prime",
                "Say yes, no or any when naming models.",
            ),
            Some("") => p.eligibility = None,
            Some(value) => match PrimeRequirement::parse(value) {
                Some(prime) => {
                    let models = models
                        .or_else(|| p.eligibility.as_ref().map(|e| e.models.clone()))
                        .unwrap_or_default();
                    p.eligibility = Some(EligibilityInput { models, prime });
                }
                None => self.fail(
                    "eligibility_prime",
                    format!("`{value}` is not yes, no or any."),
                ),
            },
            None => match (models, p.eligibility.as_mut()) {
                (Some(m), Some(e)) => e.models = m,
                (Some(m), None) if !m.is_empty() => self.fail(
                    "eligibility_prime",
                    "Say yes, no or any when naming models.",
                ),
                _ => {}
            },
        }
    }

    /// The row's store entries, when the file has store columns (`None`:
    /// keep what is stored).
    fn prices(
        &mut self,
        stores: &[String],
        stored: Option<&StoredProduct>,
    ) -> Option<Vec<StorePrice>> {
        if stores.is_empty() {
            return None;
        }
        let mut out: Vec<StorePrice> = stored
            .map(|p| p.prices.iter().map(StorePrice::from).collect())
            .unwrap_or_default();
        for code in stores {
            let price_column = format!("price@{code}");
            let compare_column = format!("compare_at@{code}");
            let Some(price) = self.cell(&price_column) else {
                continue;
            };
            out.retain(|e| &e.store_code != code);
            if price.is_empty() {
                continue;
            }
            let compare = self.opt_int(&compare_column).flatten();
            let entry = match price.split_once(':') {
                _ if price == "list" => Some((true, None)),
                _ if price == "not_sold" => Some((false, None)),
                Some(("not_sold", cents)) => cents.parse().ok().map(|c| (false, Some(c))),
                _ => price.parse().ok().map(|c| (true, Some(c))),
            };
            match entry {
                Some((sold, price_cents)) if price_cents.is_none_or(|c: i64| (0..=uplink_domain::catalog_admin::MAX_PRICE_CENTS).contains(&c)) => {
                    out.push(StorePrice {
                        store_code: code.clone(),
                        price_cents,
                        compare_at_cents: compare,
                        sold,
                    })
                }
                _ => self.fail(
                    &price_column,
                    "Write list, a price in cents, not_sold or not_sold:<cents>, or leave it empty.",
                ),
            }
        }
        out.sort_by(|a, b| a.store_code.cmp(&b.store_code));
        Some(out)
    }
}

/// Checks each planned row with the editor's rules, plus what only the file
/// as a whole shows: duplicate SKUs and slugs, and parents.
async fn check_rows(
    db: &Db,
    planned: &[Planned],
    existing: &HashMap<String, StoredProduct>,
    problems: &mut Problems,
) -> ApiResult<Vec<Option<ProductDraft>>> {
    let inputs: Vec<&ProductInput> = planned.iter().map(|p| &p.input).collect();
    let facts: StoredFacts = crate::catalog::editing::facts_for(db, &inputs).await?;
    let in_file: HashMap<&str, &Planned> =
        planned.iter().map(|p| (p.input.sku.as_str(), p)).collect();
    let mut skus = HashSet::new();
    let mut slugs: HashMap<String, String> = existing
        .values()
        .filter(|p| !in_file.contains_key(p.input.sku.as_str()))
        .map(|p| (p.input.slug.clone(), p.input.sku.clone()))
        .collect();
    let mut out = Vec::with_capacity(planned.len());
    for p in planned {
        let sku = p.input.sku.as_str();
        let mut ok = skus.insert(sku.to_owned());
        if !ok {
            problems.add(
                p.line,
                sku,
                "sku",
                "This SKU is on another line too; keep one.",
            );
        }
        let placement = placement_of(p, existing, &in_file, problems);
        ok &= placement.is_some();
        match check_product(&p.input, placement.unwrap_or(Placement::Standalone), &facts) {
            Ok(draft) => {
                if let Some(other) = slugs.insert(draft.input.slug.clone(), sku.to_owned()) {
                    problems.add(
                        p.line,
                        sku,
                        "slug",
                        format!("{other} already uses this slug."),
                    );
                    ok = false;
                }
                out.push(ok.then_some(draft));
            }
            Err(violations) => {
                for v in violations {
                    problems.add(p.line, sku, &v.field, v.message);
                }
                out.push(None);
            }
        }
    }
    Ok(out)
}

/// A row is a variant when it names a configurable parent (stored or in
/// the file); a stored product keeps its parent.
fn placement_of(
    p: &Planned,
    existing: &HashMap<String, StoredProduct>,
    in_file: &HashMap<&str, &Planned>,
    problems: &mut Problems,
) -> Option<Placement> {
    let sku = p.input.sku.as_str();
    let stored_parent = p.existing.as_ref().and_then(|e| e.parent_id.clone());
    let Some(parent_sku) = &p.parent_sku else {
        if stored_parent.is_some() {
            problems.add(
                p.line,
                sku,
                "parent_sku",
                "A variant keeps its parent; fill in parent_sku.",
            );
            return None;
        }
        return Some(Placement::Standalone);
    };
    let parent_type = in_file
        .get(parent_sku.as_str())
        .map(|pp| pp.input.product_type)
        .or_else(|| existing.get(parent_sku).map(|pp| pp.input.product_type));
    if parent_type != Some(ProductType::Configurable) {
        problems.add(
            p.line,
            sku,
            "parent_sku",
            format!("{parent_sku} is not a configurable product here or in the file."),
        );
        return None;
    }
    let parent_id = existing.get(parent_sku).map(|pp| pp.id.clone());
    if p.existing.is_some() && stored_parent != parent_id {
        problems.add(
            p.line,
            sku,
            "parent_sku",
            "A product cannot move to another parent.",
        );
        return None;
    }
    Some(Placement::Variant)
}

/// True when the row differs from what is stored.
fn is_change(p: &Planned, draft: &ProductDraft) -> bool {
    match &p.existing {
        None => true,
        Some(stored) => {
            stored.input != draft.input
                || p.prices.as_ref().is_some_and(|prices| {
                    let mut before: Vec<StorePrice> =
                        stored.prices.iter().map(StorePrice::from).collect();
                    before.sort_by(|a, b| a.store_code.cmp(&b.store_code));
                    &before != prices
                })
        }
    }
}

/// Writes every changed row in one transaction with one audit entry.
async fn write_changes(
    state: &AppState,
    actor: Actor,
    changed: &[(&Planned, &ProductDraft)],
    existing: &HashMap<String, StoredProduct>,
) -> ApiResult<()> {
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    let mut ids: HashMap<String, String> = existing
        .iter()
        .map(|(sku, p)| (sku.clone(), p.id.clone()))
        .collect();
    let (mut created, mut updated) = (Vec::new(), Vec::new());
    // Parents first, so a new variant finds its new parent.
    let ordered = changed
        .iter()
        .filter(|(p, _)| p.parent_sku.is_none())
        .chain(changed.iter().filter(|(p, _)| p.parent_sku.is_some()));
    for (p, draft) in ordered {
        let sku = draft.sku.as_str().to_owned();
        let (id, version) = match &p.existing {
            Some(stored) => {
                let v = if stored.input != draft.input {
                    update_product(&mut w, &stored.id, draft, stored.version)
                        .await
                        .map_err(save_error)?
                } else {
                    stored.version
                };
                updated.push(sku.clone());
                (stored.id.clone(), v)
            }
            None => {
                let id = uplink_domain::ids::new_id("prd");
                let parent = p.parent_sku.as_ref().and_then(|s| ids.get(s)).cloned();
                create_product(&mut w, &id, draft, parent.as_deref())
                    .await
                    .map_err(save_error)?;
                ids.insert(sku.clone(), id.clone());
                created.push(sku.clone());
                (id, 1)
            }
        };
        if let Some(prices) = &p.prices {
            set_store_prices(&mut w, &id, version, prices)
                .await
                .map_err(save_error)?;
        }
    }
    w.record(
        AuditEntry::new("product.import", "product", "csv")
            .summary(format!(
                "CSV import: {} created, {} updated",
                created.len(),
                updated.len()
            ))
            .after(&serde_json::json!({"created": created, "updated": updated})),
    );
    w.commit().await?;
    catalogue_changed(state);
    Ok(())
}
