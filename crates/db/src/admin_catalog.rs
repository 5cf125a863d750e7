//! The catalogue as staff edit it (SPEC §15): the product list with
//! filters, one product with everything the editor shows, and the saves —
//! create, update with a version check, per-store prices, bulk price
//! changes and the CSV import. Every save bumps the catalogue version, so
//! each server's read model rebuilds within a second.
//!
//! Saves take a [`StaffWrite`]: the caller records the audit entry.

use crate::DbError;
use crate::audit::StaffWrite;
use crate::catalog::{
    AttributeRow, DownloadRow, ImageRow, OptionRow, OptionValueRow, PackageRow, PriceRow,
    ProductRow, SpecRow, bump_catalog_version_for_in, bump_catalog_version_in,
};
use crate::catalog_seed::{OptionSeed, ProductSeed, category_id, write_product_parts};
use crate::stock::StockRow;
use sqlx::{Any, AnyConnection, Row, Transaction};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductStatus, ProductType,
};
use uplink_domain::catalog_admin::{
    AttributeInput, DownloadInput, EligibilityInput, ImageInput, MediaKind, OptionInput,
    OptionValueInput, PackageItemInput, ProductDraft, ProductInput, SpecInput,
};

// ----- the list -----

/// How the product list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProductSort {
    #[default]
    Name,
    NameDesc,
    Sku,
    Price,
    PriceDesc,
    /// Most recently changed first.
    Updated,
}

/// Stock filters: hardware at or under the low-stock threshold, or out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockFilter {
    Low,
    Out,
}

/// Which products a staff list shows. Without `q` only top-level products
/// (variants are found by search or under their parent).
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub q: Option<String>,
    pub product_type: Option<ProductType>,
    pub status: Option<ProductStatus>,
    pub brand: Option<Brand>,
    pub category: Option<String>,
    pub label: Option<Label>,
    pub stock: Option<StockFilter>,
    pub sort: ProductSort,
    pub offset: i64,
    pub limit: i64,
}

/// One row of the staff product list.
#[derive(Debug, Clone)]
pub struct ProductListRow {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub product_type: String,
    pub status: String,
    pub brand: String,
    pub price_cents: i64,
    pub compare_at_cents: Option<i64>,
    pub purchasable: bool,
    pub parent_id: Option<String>,
    pub variant_count: i64,
    /// Units available over every warehouse (physical products only).
    pub available: Option<i64>,
    pub image_key: Option<String>,
    pub updated_at: i64,
    pub version: i64,
}

/// A page of the list and how many products match.
#[derive(Debug, Clone)]
pub struct ProductPage {
    pub rows: Vec<ProductListRow>,
    pub total: i64,
}

/// One product as the list filters and sorts it.
#[derive(Debug)]
struct IndexRow {
    id: String,
    sku: String,
    sku_upper: String,
    name: String,
    name_lower: String,
    product_type: String,
    status: String,
    brand: String,
    price_cents: i64,
    updated_at: i64,
    has_parent: bool,
    categories: Vec<String>,
    labels: Vec<String>,
}

/// Every product's list fields (10,000 products are a few megabytes), read
/// once per catalogue version: filtering, searching and sorting a page then
/// cost no statements, and only the page's own columns are read.
#[derive(Debug)]
pub struct ProductIndex {
    version: i64,
    rows: Vec<IndexRow>,
    /// The rows' positions in each sort order, sorted on first use: a page
    /// then walks one order and filters, with no sort per request.
    orders: [std::sync::OnceLock<Vec<u32>>; SORTS],
}

/// How many [`ProductSort`]s there are (one cached order each).
const SORTS: usize = 6;

impl ProductSort {
    fn slot(self) -> usize {
        match self {
            ProductSort::Name => 0,
            ProductSort::NameDesc => 1,
            ProductSort::Sku => 2,
            ProductSort::Price => 3,
            ProductSort::PriceDesc => 4,
            ProductSort::Updated => 5,
        }
    }
}

impl ProductIndex {
    fn new(version: i64, rows: Vec<IndexRow>) -> Self {
        ProductIndex {
            version,
            rows,
            orders: Default::default(),
        }
    }

    /// The rows in `sort` order (sorted once per catalogue version).
    fn ordered(&self, sort: ProductSort) -> impl Iterator<Item = &IndexRow> {
        let order = self.orders[sort.slot()].get_or_init(|| {
            let mut order: Vec<u32> = (0..self.rows.len() as u32).collect();
            order.sort_by(|&a, &b| compare(sort, &self.rows[a as usize], &self.rows[b as usize]));
            order
        });
        order.iter().map(|&i| &self.rows[i as usize])
    }
}

type Shared<T> = std::sync::Arc<std::sync::Mutex<Option<T>>>;
type StockSums = std::sync::Arc<HashMap<String, i64>>;

/// How long the stock filters trust the stock sums they read: stock moves
/// with every order, and a staff list a second behind is fine, while
/// summing every warehouse row per request is not.
const STOCK_SUMS_FOR: std::time::Duration = std::time::Duration::from_secs(1);

/// Sums up to this old are still answered while new ones are read in the
/// background; older ones (nobody filtered by stock for a while) are read
/// again before answering.
const STOCK_SUMS_AT_MOST: std::time::Duration = std::time::Duration::from_secs(10);

/// The index a [`crate::Db`] keeps (shared by its clones), and the stock
/// sums the stock filters last read.
#[derive(Debug, Clone, Default)]
pub struct IndexCache {
    index: Shared<std::sync::Arc<ProductIndex>>,
    stock: Shared<(std::time::Instant, StockSums)>,
    /// One reading at a time: when the version moves (or the sums age), the
    /// first request reads and the others wait for its result instead of
    /// each reading 10,000 rows at once (which put 400 ms on the p99 and
    /// ~80 MB on the server's peak memory).
    reading: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// A background task is reading new stock sums.
    stock_refreshing: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl IndexCache {
    fn at(&self, version: i64) -> Option<std::sync::Arc<ProductIndex>> {
        let held = self.index.lock().ok()?;
        held.as_ref().filter(|i| i.version == version).cloned()
    }

    fn keep(&self, index: std::sync::Arc<ProductIndex>) {
        if let Ok(mut held) = self.index.lock()
            && held.as_ref().is_none_or(|h| h.version <= index.version)
        {
            *held = Some(index);
        }
    }

    /// The last stock sums read, when younger than [`STOCK_SUMS_AT_MOST`],
    /// and whether they are younger than [`STOCK_SUMS_FOR`].
    fn last_stock(&self) -> Option<(bool, StockSums)> {
        let held = self.stock.lock().ok()?;
        held.as_ref()
            .filter(|(at, _)| at.elapsed() < STOCK_SUMS_AT_MOST)
            .map(|(at, sums)| (at.elapsed() < STOCK_SUMS_FOR, sums.clone()))
    }

    fn keep_stock(&self, sums: StockSums) {
        if let Ok(mut held) = self.stock.lock() {
            *held = Some((std::time::Instant::now(), sums));
        }
    }
}

async fn read_index(conn: &mut AnyConnection, version: i64) -> Result<ProductIndex, DbError> {
    let mut extra: HashMap<String, (Vec<String>, Vec<String>)> = HashMap::new();
    for r in sqlx::query("SELECT product_id, category_id FROM product_categories")
        .fetch_all(&mut *conn)
        .await?
    {
        let entry = extra.entry(r.try_get("product_id")?).or_default();
        entry.0.push(r.try_get("category_id")?);
    }
    for r in sqlx::query("SELECT product_id, label FROM product_labels")
        .fetch_all(&mut *conn)
        .await?
    {
        let entry = extra.entry(r.try_get("product_id")?).or_default();
        entry.1.push(r.try_get("label")?);
    }
    let mut rows = Vec::new();
    for r in sqlx::query(
        "SELECT id, sku, name, product_type, status, brand, price_cents, updated_at, parent_id FROM products",
    )
    .fetch_all(&mut *conn)
    .await?
    {
        let id: String = r.try_get("id")?;
        let sku: String = r.try_get("sku")?;
        let name: String = r.try_get("name")?;
        let (categories, labels) = extra.remove(&id).unwrap_or_default();
        rows.push(IndexRow {
            sku_upper: sku.to_uppercase(),
            name_lower: name.to_lowercase(),
            id,
            sku,
            name,
            product_type: r.try_get("product_type")?,
            status: r.try_get("status")?,
            brand: r.try_get("brand")?,
            price_cents: r.try_get("price_cents")?,
            updated_at: r.try_get("updated_at")?,
            has_parent: r.try_get::<Option<String>, _>("parent_id")?.is_some(),
            categories,
            labels,
        });
    }
    Ok(ProductIndex::new(version, rows))
}

/// Units available per product over every warehouse (for the stock filters).
async fn stock_sums(conn: &mut AnyConnection) -> Result<HashMap<String, i64>, DbError> {
    let rows = sqlx::query(
        "SELECT product_id, CAST(COALESCE(SUM(available), 0) AS BIGINT) AS n FROM stock GROUP BY product_id",
    )
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("product_id")?, r.try_get("n")?)))
        .collect()
}

/// Whether `r` passes the filter (the same rules the list has always had:
/// a search matches SKU or name in any case and finds variants; without
/// one only top-level products are listed).
fn passes(
    r: &IndexRow,
    f: &ProductFilter,
    q: Option<(&str, &str)>,
    stock: Option<&HashMap<String, i64>>,
    category: Option<&str>,
) -> bool {
    let searched = match q {
        Some((upper, lower)) => r.sku_upper.contains(upper) || r.name_lower.contains(lower),
        None => !r.has_parent,
    };
    searched
        && f.product_type.is_none_or(|t| r.product_type == t.as_str())
        && f.status.is_none_or(|s| r.status == s.as_str())
        && f.brand.is_none_or(|b| r.brand == b.as_str())
        && category.is_none_or(|c| r.categories.iter().any(|x| x == c))
        && f.label
            .is_none_or(|l| r.labels.iter().any(|x| x == l.as_str()))
        && match (f.stock, stock) {
            (Some(kind), Some(sums)) => {
                let n = sums.get(&r.id).copied().unwrap_or(0);
                r.product_type == "hardware"
                    && match kind {
                        StockFilter::Low => (1..=5).contains(&n),
                        StockFilter::Out => n <= 0,
                    }
            }
            _ => true,
        }
}

fn compare(sort: ProductSort, a: &IndexRow, b: &IndexRow) -> std::cmp::Ordering {
    let by_sku = a.sku.cmp(&b.sku);
    match sort {
        ProductSort::Name => a.name.cmp(&b.name).then(by_sku),
        ProductSort::NameDesc => b.name.cmp(&a.name).then(by_sku),
        ProductSort::Sku => by_sku,
        ProductSort::Price => a.price_cents.cmp(&b.price_cents).then(by_sku),
        ProductSort::PriceDesc => b.price_cents.cmp(&a.price_cents).then(by_sku),
        ProductSort::Updated => b.updated_at.cmp(&a.updated_at).then(by_sku),
    }
}

impl crate::Db {
    /// A page of the staff product list: filtered and sorted from the
    /// in-memory index of the current catalogue version (read again when a
    /// save, on any server, moved the version), then the page's columns.
    /// No connection is held while a request waits for another's reading:
    /// with 16 staff requests at once, waiters holding connections emptied
    /// the pool and queued everyone else behind them.
    pub async fn admin_product_page(&self, f: &ProductFilter) -> Result<ProductPage, DbError> {
        let version = {
            let mut conn = self.pool().acquire().await?;
            crate::catalog::catalog_version_in(&mut conn).await?
        };
        let index = self.admin_index_at(version).await?;
        let stock = match f.stock {
            None => None,
            Some(_) => Some(self.stock_sums().await?),
        };
        let q = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
        let folded = q.map(|q| (q.to_uppercase(), q.to_lowercase()));
        let category = f.category.as_deref().map(category_id);
        let folded = folded.as_ref().map(|(u, l)| (u.as_str(), l.as_str()));
        let first = f.offset.max(0) as usize;
        let wanted = f.limit.clamp(1, 200) as usize;
        let mut total = 0usize;
        let mut ids: Vec<String> = Vec::with_capacity(wanted);
        for r in index.ordered(f.sort) {
            if !passes(r, f, folded, stock.as_deref(), category.as_deref()) {
                continue;
            }
            if total >= first && ids.len() < wanted {
                ids.push(r.id.clone());
            }
            total += 1;
        }
        let total = total as i64;
        let mut conn = self.pool().acquire().await?;
        let rows = list_rows(&mut conn, &ids).await?;
        Ok(ProductPage { rows, total })
    }

    /// The index of catalogue `version`: the kept one, else read by one
    /// request while the others wait for it.
    async fn admin_index_at(&self, version: i64) -> Result<std::sync::Arc<ProductIndex>, DbError> {
        if let Some(index) = self.admin_index.at(version) {
            return Ok(index);
        }
        let _turn = self.admin_index.reading.lock().await;
        if let Some(index) = self.admin_index.at(version) {
            return Ok(index);
        }
        let mut conn = self.pool().acquire().await?;
        let index = std::sync::Arc::new(read_index(&mut conn, version).await?);
        self.admin_index.keep(index.clone());
        Ok(index)
    }

    /// Available units per product. Sums older than [`STOCK_SUMS_FOR`] (and
    /// younger than [`STOCK_SUMS_AT_MOST`]) are still answered while one
    /// background task reads new ones, so while staff work no request waits
    /// for the read (stale-while-revalidate).
    async fn stock_sums(&self) -> Result<StockSums, DbError> {
        if let Some((fresh, sums)) = self.admin_index.last_stock() {
            if !fresh {
                self.read_stock_sums_in_background();
            }
            return Ok(sums);
        }
        let _turn = self.admin_index.reading.lock().await;
        if let Some((_, sums)) = self.admin_index.last_stock() {
            return Ok(sums);
        }
        self.read_stock_sums().await
    }

    /// Starts one background reading of the stock sums (none when one is under way).
    fn read_stock_sums_in_background(&self) {
        if self
            .admin_index
            .stock_refreshing
            .swap(true, Ordering::AcqRel)
        {
            return;
        }
        let db = self.clone();
        tokio::spawn(async move {
            if let Err(e) = db.read_stock_sums().await {
                tracing::warn!(error = %e, "reading the staff list's stock sums failed");
            }
            db.admin_index
                .stock_refreshing
                .store(false, Ordering::Release);
        });
    }

    async fn read_stock_sums(&self) -> Result<StockSums, DbError> {
        let mut conn = self.pool().acquire().await?;
        let sums = std::sync::Arc::new(stock_sums(&mut conn).await?);
        self.admin_index.keep_stock(sums.clone());
        Ok(sums)
    }
}

/// The list columns of `ids`, in that order.
async fn list_rows(
    conn: &mut AnyConnection,
    ids: &[String],
) -> Result<Vec<ProductListRow>, DbError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT p.id, p.sku, p.name, p.product_type, p.status, p.brand, p.price_cents, p.compare_at_cents, \
         CAST(p.purchasable AS INTEGER) AS purchasable, p.parent_id, p.updated_at, p.version, \
         (SELECT COUNT(*) FROM products v WHERE v.parent_id = p.id) AS variant_count, \
         (SELECT CAST(SUM(s.available) AS BIGINT) FROM stock s WHERE s.product_id = p.id) AS available, \
         (SELECT i.media_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_key \
         FROM products p WHERE p.id IN ({})",
        marks.join(", ")
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
    for id in ids {
        q = q.bind(id.clone());
    }
    let mut by_id: HashMap<String, ProductListRow> = HashMap::new();
    for r in q.fetch_all(&mut *conn).await? {
        let product_type: String = r.try_get("product_type")?;
        let physical = ProductType::parse(&product_type).is_some_and(ProductType::is_physical);
        let available: Option<i64> = r.try_get("available")?;
        let row = ProductListRow {
            id: r.try_get("id")?,
            sku: r.try_get("sku")?,
            name: r.try_get("name")?,
            status: r.try_get("status")?,
            brand: r.try_get("brand")?,
            price_cents: r.try_get("price_cents")?,
            compare_at_cents: r.try_get("compare_at_cents")?,
            purchasable: r.try_get::<i64, _>("purchasable")? != 0,
            parent_id: r.try_get("parent_id")?,
            variant_count: r.try_get("variant_count")?,
            available: physical.then_some(available.unwrap_or(0)),
            image_key: r.try_get("image_key")?,
            updated_at: r.try_get("updated_at")?,
            version: r.try_get("version")?,
            product_type,
        };
        by_id.insert(row.id.clone(), row);
    }
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

// ----- one product, or all of them, as the editor's input -----

/// A product as stored: its editor fields and what is kept beside them.
#[derive(Debug, Clone)]
pub struct StoredProduct {
    pub id: String,
    pub parent_id: Option<String>,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub input: ProductInput,
    pub prices: Vec<PriceRow>,
    pub stock: Vec<StockRow>,
}

const PRODUCT_SELECT: &str = "SELECT id, sku, slug, name, brand, product_type, parent_id, summary, description, status, \
     CAST(purchasable AS INTEGER) AS purchasable, CAST(featured AS INTEGER) AS featured, price_cents, compare_at_cents, \
     min_qty, max_qty, qty_step, weight_grams, term_months, data_mb, validity_days, CAST(stackable AS INTEGER) AS stackable, \
     eligibility_models, eligibility_prime, position, created_at, updated_at FROM products";

/// One product (`Some(id)`) or every product (`None`), each with its parts,
/// in SKU order. A handful of queries whatever the count.
pub async fn stored_products(
    conn: &mut AnyConnection,
    only: Option<&str>,
) -> Result<Vec<StoredProduct>, DbError> {
    let filter = |column: &str| match only {
        Some(_) => format!(" WHERE {column} = $1"),
        None => String::new(),
    };
    macro_rules! rows {
        ($ty:ty, $sql:expr, $column:expr, $order:expr) => {{
            let sql = format!("{}{} ORDER BY {}", $sql, filter($column), $order);
            let q = sqlx::query_as::<_, $ty>(sqlx::AssertSqlSafe(sql));
            let q = match only {
                Some(id) => q.bind(id.to_owned()),
                None => q,
            };
            q.fetch_all(&mut *conn).await?
        }};
    }
    let products = rows!(ProductRow, PRODUCT_SELECT, "id", "sku");
    let versions = rows!(
        VersionRow,
        "SELECT id AS product_id, version FROM products",
        "id",
        "id"
    );
    let mut parts = Parts {
        attributes: group(
            rows!(
                AttributeRow,
                "SELECT product_id, code, label, value, value_label, position FROM product_attributes",
                "product_id",
                "product_id, position"
            ),
            |r| &r.product_id,
        ),
        categories: group(
            rows!(
                CategorySlugRow,
                "SELECT pc.product_id, c.slug FROM product_categories pc JOIN categories c ON c.id = pc.category_id",
                "pc.product_id",
                "pc.product_id, pc.position"
            ),
            |r| &r.product_id,
        ),
        labels: group(
            rows!(
                LabelRow,
                "SELECT product_id, label FROM product_labels",
                "product_id",
                "product_id, label"
            ),
            |r| &r.product_id,
        ),
        options: group(
            rows!(
                OptionRow,
                "SELECT id, product_id, code, label, kind, CAST(required AS INTEGER) AS required, pattern, help, position FROM product_options",
                "product_id",
                "product_id, position"
            ),
            |r| &r.product_id,
        ),
        values: group(
            rows!(
                OptionValueRow,
                "SELECT v.option_id, v.code, v.label, v.price_delta_cents, v.price_delta_bp, v.position FROM product_option_values v JOIN product_options o ON o.id = v.option_id",
                "o.product_id",
                "v.option_id, v.position"
            ),
            |r| &r.option_id,
        ),
        specs: group(
            rows!(
                SpecRow,
                "SELECT product_id, position, spec_group, name, value FROM product_specs",
                "product_id",
                "product_id, position"
            ),
            |r| &r.product_id,
        ),
        package: group(
            rows!(
                PackageRow,
                "SELECT product_id, position, item, qty FROM product_package_items",
                "product_id",
                "product_id, position"
            ),
            |r| &r.product_id,
        ),
        downloads: group(
            rows!(
                DownloadRow,
                "SELECT d.product_id, d.position, d.title, d.kind, d.media_key, d.version, m.file_name, m.content_type, m.size_bytes FROM product_downloads d JOIN media m ON m.media_key = d.media_key",
                "d.product_id",
                "d.product_id, d.position"
            ),
            |r| &r.product_id,
        ),
        images: group(
            rows!(
                ImageRow,
                "SELECT product_id, position, media_key, alt FROM product_images",
                "product_id",
                "product_id, position"
            ),
            |r| &r.product_id,
        ),
        prices: group(
            rows!(
                PriceRow,
                "SELECT product_id, store_code, price_cents, compare_at_cents, CAST(sold AS INTEGER) AS sold FROM product_prices",
                "product_id",
                "product_id, store_code"
            ),
            |r| &r.product_id,
        ),
        stock: group(
            rows!(
                StockRow,
                "SELECT product_id, warehouse, on_hand, available FROM stock",
                "product_id",
                "product_id, warehouse"
            ),
            |r| &r.product_id,
        ),
    };
    let versions: HashMap<String, i64> = versions
        .into_iter()
        .map(|v| (v.product_id, v.version))
        .collect();
    Ok(products
        .into_iter()
        .map(|p| {
            let version = versions.get(&p.id).copied().unwrap_or(1);
            parts.assemble(p, version)
        })
        .collect())
}

#[derive(sqlx::FromRow)]
struct VersionRow {
    product_id: String,
    version: i64,
}

#[derive(sqlx::FromRow)]
struct CategorySlugRow {
    product_id: String,
    slug: String,
}

#[derive(sqlx::FromRow)]
struct LabelRow {
    product_id: String,
    label: String,
}

fn group<T>(rows: Vec<T>, key: impl Fn(&T) -> &String) -> HashMap<String, Vec<T>> {
    let mut out: HashMap<String, Vec<T>> = HashMap::new();
    for r in rows {
        out.entry(key(&r).clone()).or_default().push(r);
    }
    out
}

/// Every product's parts, grouped by product id (by option id for values).
struct Parts {
    attributes: HashMap<String, Vec<AttributeRow>>,
    categories: HashMap<String, Vec<CategorySlugRow>>,
    labels: HashMap<String, Vec<LabelRow>>,
    options: HashMap<String, Vec<OptionRow>>,
    values: HashMap<String, Vec<OptionValueRow>>,
    specs: HashMap<String, Vec<SpecRow>>,
    package: HashMap<String, Vec<PackageRow>>,
    downloads: HashMap<String, Vec<DownloadRow>>,
    images: HashMap<String, Vec<ImageRow>>,
    prices: HashMap<String, Vec<PriceRow>>,
    stock: HashMap<String, Vec<StockRow>>,
}

impl Parts {
    fn assemble(&mut self, p: ProductRow, version: i64) -> StoredProduct {
        let id = p.id.clone();
        let options = take_options(&mut self.options, &mut self.values, &p.id);
        let input = ProductInput {
            sku: p.sku,
            slug: p.slug,
            name: p.name,
            brand: Brand::parse(&p.brand).unwrap_or(Brand::Uplink),
            product_type: ProductType::parse(&p.product_type).unwrap_or(ProductType::Hardware),
            status: ProductStatus::parse(&p.status).unwrap_or(ProductStatus::Draft),
            purchasable: p.purchasable.0,
            featured: p.featured.0,
            summary: p.summary,
            description: p.description,
            price_cents: p.price_cents,
            compare_at_cents: p.compare_at_cents,
            min_qty: p.min_qty,
            max_qty: p.max_qty,
            qty_step: p.qty_step,
            weight_grams: p.weight_grams,
            term_months: p.term_months,
            data_mb: p.data_mb,
            validity_days: p.validity_days,
            stackable: p.stackable.0,
            eligibility: eligibility_of(
                p.eligibility_models.as_deref(),
                p.eligibility_prime.as_deref(),
            ),
            categories: take(&mut self.categories, &id)
                .into_iter()
                .map(|c| c.slug)
                .collect(),
            labels: {
                // In the vocabulary's order, as the editor's rules keep them.
                let mut labels: Vec<Label> = take(&mut self.labels, &id)
                    .into_iter()
                    .filter_map(|l| Label::parse(&l.label))
                    .collect();
                labels.sort();
                labels
            },
            attributes: take(&mut self.attributes, &id)
                .into_iter()
                .map(|a| AttributeInput {
                    code: a.code,
                    label: a.label,
                    value: a.value,
                    value_label: a.value_label,
                })
                .collect(),
            specs: take(&mut self.specs, &id)
                .into_iter()
                .map(|s| SpecInput {
                    group: s.spec_group,
                    name: s.name,
                    value: s.value,
                })
                .collect(),
            package: take(&mut self.package, &id)
                .into_iter()
                .map(|i| PackageItemInput {
                    item: i.item,
                    qty: i.qty,
                })
                .collect(),
            downloads: take(&mut self.downloads, &id)
                .into_iter()
                .map(|d| DownloadInput {
                    title: d.title,
                    kind: DownloadKind::parse(&d.kind).unwrap_or(DownloadKind::Datasheet),
                    media_key: d.media_key,
                    version: d.version,
                })
                .collect(),
            images: take(&mut self.images, &id)
                .into_iter()
                .map(|i| ImageInput {
                    media_key: i.media_key,
                    alt: i.alt,
                })
                .collect(),
            options,
        };
        StoredProduct {
            id: id.clone(),
            parent_id: p.parent_id,
            version,
            created_at: p.created_at,
            updated_at: p.updated_at,
            input,
            prices: self.prices.remove(&id).unwrap_or_default(),
            stock: self.stock.remove(&id).unwrap_or_default(),
        }
    }
}

/// A product's rows out of a grouped map.
fn take<T>(map: &mut HashMap<String, Vec<T>>, id: &str) -> Vec<T> {
    map.remove(id).unwrap_or_default()
}

fn take_options(
    options: &mut HashMap<String, Vec<OptionRow>>,
    values: &mut HashMap<String, Vec<OptionValueRow>>,
    product_id: &str,
) -> Vec<OptionInput> {
    options
        .remove(product_id)
        .unwrap_or_default()
        .into_iter()
        .map(|o| OptionInput {
            values: values
                .remove(&o.id)
                .unwrap_or_default()
                .into_iter()
                .map(|v| OptionValueInput {
                    code: v.code,
                    label: v.label,
                    price_delta_cents: v.price_delta_cents,
                    price_delta_bp: v.price_delta_bp,
                })
                .collect(),
            code: o.code,
            label: o.label,
            kind: OptionKind::parse(&o.kind).unwrap_or(OptionKind::Text),
            required: o.required.0,
            pattern: o.pattern,
            help: o.help,
        })
        .collect()
}

fn eligibility_of(models: Option<&str>, prime: Option<&str>) -> Option<EligibilityInput> {
    let prime = PrimeRequirement::parse(prime?)?;
    let models = models
        .and_then(|m| serde_json::from_str::<Vec<String>>(m).ok())
        .unwrap_or_default();
    Some(EligibilityInput { models, prime })
}

/// One product as stored, if it exists.
pub async fn stored_product(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<StoredProduct>, DbError> {
    Ok(stored_products(conn, Some(id)).await?.pop())
}

/// The variants of a configurable parent, in SKU order.
pub async fn variant_ids(
    conn: &mut AnyConnection,
    parent_id: &str,
) -> Result<Vec<String>, DbError> {
    let rows = sqlx::query("SELECT id FROM products WHERE parent_id = $1 ORDER BY sku")
        .bind(parent_id)
        .fetch_all(conn)
        .await?;
    rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
}

/// The list rows of the given products (a parent's variants).
pub async fn list_rows_of(
    conn: &mut AnyConnection,
    ids: &[String],
) -> Result<Vec<ProductListRow>, DbError> {
    list_rows(conn, ids).await
}

// ----- facts the rules need -----

/// Category slugs, device model codes and store codes, for the rules.
#[derive(Debug, Clone, Default)]
pub struct ReferenceSets {
    pub categories: HashSet<String>,
    pub models: HashSet<String>,
    pub stores: HashSet<String>,
}

pub async fn reference_sets(conn: &mut AnyConnection) -> Result<ReferenceSets, DbError> {
    let strings = |rows: Vec<sqlx::any::AnyRow>| -> Result<HashSet<String>, DbError> {
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>(0)?))
            .collect()
    };
    Ok(ReferenceSets {
        categories: strings(
            sqlx::query("SELECT slug FROM categories")
                .fetch_all(&mut *conn)
                .await?,
        )?,
        models: strings(
            sqlx::query("SELECT code FROM device_models")
                .fetch_all(&mut *conn)
                .await?,
        )?,
        stores: strings(
            sqlx::query("SELECT code FROM stores")
                .fetch_all(&mut *conn)
                .await?,
        )?,
    })
}

/// What each of `keys` holds (images are `image/*`); unknown keys are absent.
pub async fn media_kinds(
    conn: &mut AnyConnection,
    keys: &[&str],
) -> Result<HashMap<String, MediaKind>, DbError> {
    let mut out = HashMap::new();
    for key in keys {
        let row = sqlx::query("SELECT content_type FROM media WHERE media_key = $1")
            .bind(*key)
            .fetch_optional(&mut *conn)
            .await?;
        if let Some(r) = row {
            let t: String = r.try_get("content_type")?;
            let kind = if t.starts_with("image/") {
                MediaKind::Image
            } else {
                MediaKind::File
            };
            out.insert((*key).to_owned(), kind);
        }
    }
    Ok(out)
}

// ----- saves -----

/// Why a save was refused.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The SKU or slug belongs to another product (field, the other product's SKU).
    #[error("{0} is taken by {1}")]
    Taken(&'static str, String),
    /// Someone saved first; the version now stored.
    #[error("the product changed (now version {0})")]
    VersionConflict(i64),
    #[error("no such product")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for SaveError {
    fn from(e: sqlx::Error) -> Self {
        SaveError::Db(DbError::Sqlx(e))
    }
}

/// Refuses a SKU or slug another product already has.
async fn check_unique(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    draft: &ProductDraft,
) -> Result<(), SaveError> {
    let row = sqlx::query(
        "SELECT sku, slug FROM products WHERE (sku = $1 OR slug = $2) AND id <> $3 LIMIT 1",
    )
    .bind(draft.sku.as_str())
    .bind(&draft.input.slug)
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    match row {
        Some(r) => {
            let sku: String = r.try_get("sku")?;
            let field = if sku == draft.sku.as_str() {
                "sku"
            } else {
                "slug"
            };
            Err(SaveError::Taken(field, sku))
        }
        None => Ok(()),
    }
}

/// A new product (a variant when `parent_id` is set), version 1.
pub async fn create_product(
    w: &mut StaffWrite,
    id: &str,
    draft: &ProductDraft,
    parent_id: Option<&str>,
) -> Result<(), SaveError> {
    let tx = w.tx();
    check_unique(tx, id, draft).await?;
    let now = crate::now_ms();
    let mut seed = seed_of(id, draft, parent_id);
    seed.created_at = now;
    crate::catalog_seed::write_new_products(tx, std::slice::from_ref(&seed), now).await?;
    bump_catalog_version_in(tx).await?;
    Ok(())
}

/// Replaces a product's editor fields when it is still at `expected_version`;
/// answers the new version. Prices and stock are left as they are.
pub async fn update_product(
    w: &mut StaffWrite,
    id: &str,
    draft: &ProductDraft,
    expected_version: i64,
) -> Result<i64, SaveError> {
    let tx = w.tx();
    check_unique(tx, id, draft).await?;
    let current = claim_version(tx, id, expected_version).await?;
    let p = &draft.input;
    let (models, prime) = eligibility_columns(p.eligibility.as_ref());
    sqlx::query(
        "UPDATE products SET sku = $1, slug = $2, name = $3, brand = $4, product_type = $5, summary = $6, \
         description = $7, status = $8, purchasable = $9, featured = $10, price_cents = $11, compare_at_cents = $12, \
         min_qty = $13, max_qty = $14, qty_step = $15, weight_grams = $16, term_months = $17, data_mb = $18, \
         validity_days = $19, stackable = $20, eligibility_models = $21, eligibility_prime = $22 WHERE id = $23",
    )
    .bind(draft.sku.as_str())
    .bind(&p.slug)
    .bind(&p.name)
    .bind(p.brand.as_str())
    .bind(p.product_type.as_str())
    .bind(&p.summary)
    .bind(&p.description)
    .bind(p.status.as_str())
    .bind(p.purchasable)
    .bind(p.featured)
    .bind(p.price_cents)
    .bind(p.compare_at_cents)
    .bind(p.min_qty)
    .bind(p.max_qty)
    .bind(p.qty_step)
    .bind(p.weight_grams)
    .bind(p.term_months)
    .bind(p.data_mb)
    .bind(p.validity_days)
    .bind(p.stackable)
    .bind(models)
    .bind(prime)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    for table in [
        "product_attributes",
        "product_categories",
        "product_labels",
        "product_options",
        "product_specs",
        "product_package_items",
        "product_downloads",
        "product_images",
    ] {
        let sql = format!("DELETE FROM {table} WHERE product_id = $1");
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    write_product_parts(tx, &seed_of(id, draft, None)).await?;
    bump_catalog_version_for_in(tx, &[id]).await?;
    Ok(current + 1)
}

/// Moves a product from `expected` to the next version (and stamps the
/// change), or says why not.
pub async fn claim_version(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    expected: i64,
) -> Result<i64, SaveError> {
    let done = sqlx::query(
        "UPDATE products SET version = version + 1, updated_at = $1 WHERE id = $2 AND version = $3",
    )
    .bind(crate::now_ms())
    .bind(id)
    .bind(expected)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if done == 1 {
        return Ok(expected);
    }
    let row = sqlx::query("SELECT version FROM products WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    match row {
        Some(r) => Err(SaveError::VersionConflict(r.try_get("version")?)),
        None => Err(SaveError::NotFound),
    }
}

fn eligibility_columns(e: Option<&EligibilityInput>) -> (Option<String>, Option<String>) {
    match e {
        Some(e) => (
            Some(serde_json::to_string(&e.models).unwrap_or_default()),
            Some(e.prime.as_str().to_owned()),
        ),
        None => (None, None),
    }
}

/// The draft in the seed's shape, which the batched writer takes.
fn seed_of(id: &str, draft: &ProductDraft, parent_id: Option<&str>) -> ProductSeed {
    let p = &draft.input;
    let mut s = ProductSeed::new(draft.sku.as_str(), &p.name, p.brand, p.product_type);
    s.id = id.to_owned();
    s.slug = p.slug.clone();
    s.parent_id = parent_id.map(str::to_owned);
    s.summary = p.summary.clone();
    s.description = p.description.clone();
    s.status = p.status;
    s.purchasable = p.purchasable;
    s.featured = p.featured;
    s.price = p.price_cents;
    s.compare_at = p.compare_at_cents;
    s.min_qty = p.min_qty;
    s.max_qty = p.max_qty;
    s.qty_step = p.qty_step;
    s.weight_grams = p.weight_grams;
    s.term_months = p.term_months;
    s.data_mb = p.data_mb;
    s.validity_days = p.validity_days;
    s.stackable = p.stackable;
    s.eligibility = p.eligibility.as_ref().map(|e| (e.models.clone(), e.prime));
    s.categories = p.categories.clone();
    s.labels = p.labels.clone();
    s.attributes = p
        .attributes
        .iter()
        .map(|a| {
            (
                a.code.clone(),
                a.label.clone(),
                a.value.clone(),
                a.value_label.clone(),
            )
        })
        .collect();
    s.specs = p
        .specs
        .iter()
        .map(|x| (x.group.clone(), x.name.clone(), x.value.clone()))
        .collect();
    s.package = p.package.iter().map(|i| (i.item.clone(), i.qty)).collect();
    s.downloads = p
        .downloads
        .iter()
        .map(|d| crate::catalog_seed::DownloadSeed {
            title: d.title.clone(),
            kind: d.kind,
            media_key: d.media_key.clone(),
            version: d.version.clone(),
        })
        .collect();
    s.images = p
        .images
        .iter()
        .map(|i| (i.media_key.clone(), i.alt.clone()))
        .collect();
    s.options = p
        .options
        .iter()
        .map(|o| OptionSeed {
            code: o.code.clone(),
            label: o.label.clone(),
            kind: o.kind,
            required: o.required,
            pattern: o.pattern.clone(),
            help: o.help.clone(),
            values: o
                .values
                .iter()
                .map(|v| {
                    (
                        v.code.clone(),
                        v.label.clone(),
                        v.price_delta_cents,
                        v.price_delta_bp,
                    )
                })
                .collect(),
        })
        .collect();
    s
}

// ----- per-store prices -----

/// One store's entry in a product's price list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorePrice {
    pub store_code: String,
    /// `None`: the list price.
    pub price_cents: Option<i64>,
    pub compare_at_cents: Option<i64>,
    pub sold: bool,
}

impl From<&PriceRow> for StorePrice {
    fn from(r: &PriceRow) -> Self {
        StorePrice {
            store_code: r.store_code.clone(),
            price_cents: r.price_cents,
            compare_at_cents: r.compare_at_cents,
            sold: r.sold.0,
        }
    }
}

/// Replaces a product's per-store entries when it is still at
/// `expected_version`; the new version.
pub async fn set_store_prices(
    w: &mut StaffWrite,
    id: &str,
    expected_version: i64,
    prices: &[StorePrice],
) -> Result<i64, SaveError> {
    let tx = w.tx();
    let version = claim_version(tx, id, expected_version).await?;
    sqlx::query("DELETE FROM product_prices WHERE product_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    for p in prices {
        upsert_store_price(tx, id, p).await?;
    }
    bump_catalog_version_for_in(tx, &[id]).await?;
    Ok(version + 1)
}

async fn upsert_store_price(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    p: &StorePrice,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO product_prices (product_id, store_code, price_cents, compare_at_cents, sold) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (product_id, store_code) DO UPDATE SET price_cents = excluded.price_cents, \
         compare_at_cents = excluded.compare_at_cents, sold = excluded.sold",
    )
    .bind(id)
    .bind(&p.store_code)
    .bind(p.price_cents)
    .bind(p.compare_at_cents)
    .bind(p.sold)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One product's price before and after a bulk change.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PriceMove {
    pub id: String,
    pub sku: String,
    pub before_cents: i64,
    pub after_cents: i64,
}

/// The prices a bulk change starts from: the list price, or the store's
/// own price where it has one (else the list price), for each product.
pub async fn current_prices(
    tx: &mut Transaction<'static, Any>,
    ids: &[String],
    store: Option<&str>,
) -> Result<Vec<(String, String, i64)>, DbError> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let row = sqlx::query(
            "SELECT p.sku, p.price_cents, pp.price_cents AS store_price FROM products p \
             LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.store_code = $2 WHERE p.id = $1",
        )
        .bind(id)
        .bind(store.unwrap_or(""))
        .fetch_optional(&mut **tx)
        .await?;
        if let Some(r) = row {
            let list: i64 = r.try_get("price_cents")?;
            let own: Option<i64> = r.try_get("store_price")?;
            out.push((
                id.clone(),
                r.try_get("sku")?,
                own.filter(|_| store.is_some()).unwrap_or(list),
            ));
        }
    }
    Ok(out)
}

/// Writes the new prices of a bulk change (list prices, or one store's) and
/// moves each product to its next version.
pub async fn apply_price_moves(
    w: &mut StaffWrite,
    store: Option<&str>,
    moves: &[PriceMove],
) -> Result<(), DbError> {
    let tx = w.tx();
    let now = crate::now_ms();
    for m in moves {
        match store {
            None => {
                sqlx::query(
                    "UPDATE products SET price_cents = $1, version = version + 1, updated_at = $2 WHERE id = $3",
                )
                .bind(m.after_cents)
                .bind(now)
                .bind(&m.id)
                .execute(&mut **tx)
                .await?;
            }
            Some(code) => {
                sqlx::query(
                    "INSERT INTO product_prices (product_id, store_code, price_cents, compare_at_cents, sold) VALUES ($1, $2, $3, NULL, TRUE) \
                     ON CONFLICT (product_id, store_code) DO UPDATE SET price_cents = excluded.price_cents",
                )
                .bind(&m.id)
                .bind(code)
                .bind(m.after_cents)
                .execute(&mut **tx)
                .await?;
                sqlx::query(
                    "UPDATE products SET version = version + 1, updated_at = $1 WHERE id = $2",
                )
                .bind(now)
                .bind(&m.id)
                .execute(&mut **tx)
                .await?;
            }
        }
    }
    let ids: Vec<&str> = moves.iter().map(|m| m.id.as_str()).collect();
    bump_catalog_version_for_in(tx, &ids).await?;
    Ok(())
}

/// Whether `id` names a product (and its type).
pub async fn product_type_of(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<(String, Option<String>)>, DbError> {
    let row = sqlx::query("SELECT product_type, parent_id FROM products WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.map(|r| Ok((r.try_get("product_type")?, r.try_get("parent_id")?)))
        .transpose()
}

/// The id of the product with `sku`, if any.
pub async fn product_id_by_sku(
    conn: &mut AnyConnection,
    sku: &str,
) -> Result<Option<String>, DbError> {
    let row = sqlx::query("SELECT id FROM products WHERE sku = $1")
        .bind(sku)
        .fetch_optional(conn)
        .await?;
    row.map(|r| Ok(r.try_get("id")?)).transpose()
}

/// A category as pickers show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CategoryPick {
    pub slug: String,
    pub name: String,
    pub parent_slug: Option<String>,
}

/// A device model as pickers show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ModelPick {
    pub code: String,
    pub name: String,
    #[sqlx(try_from = "i64")]
    pub prime: crate::Flag,
}

/// A store as pickers show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StorePick {
    pub code: String,
    pub name: String,
}

/// Categories (tree order), device models and stores for the editor's pickers.
pub async fn picks(
    conn: &mut AnyConnection,
) -> Result<(Vec<CategoryPick>, Vec<ModelPick>, Vec<StorePick>), DbError> {
    let categories = sqlx::query_as::<_, CategoryPick>(
        "SELECT c.slug, c.name, p.slug AS parent_slug FROM categories c LEFT JOIN categories p ON p.id = c.parent_id \
         ORDER BY c.position, c.slug",
    )
    .fetch_all(&mut *conn)
    .await?;
    let models = sqlx::query_as::<_, ModelPick>(
        "SELECT code, name, CAST(prime AS INTEGER) AS prime FROM device_models ORDER BY name",
    )
    .fetch_all(&mut *conn)
    .await?;
    let stores =
        sqlx::query_as::<_, StorePick>("SELECT code, name FROM stores ORDER BY position, code")
            .fetch_all(&mut *conn)
            .await?;
    Ok((categories, models, stores))
}
