//! What the back-office's catalogue operations send and answer.

use crate::platform::timefmt::rfc3339;
use crate::read_model::snapshot::media_url;
use serde::{Deserialize, Serialize};
use uplink_db::admin_catalog::{ProductListRow, StoredProduct};
use uplink_db::stock::StockAdjustment;
use uplink_domain::catalog_admin::{PriceChange, ProductInput};
use utoipa::ToSchema;

/// One row of the staff product list.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminProductRow {
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
    /// Units available over every warehouse (hardware only).
    pub available: Option<i64>,
    /// The first image, if any.
    pub image_url: Option<String>,
    pub updated_at: String,
    pub version: i64,
}

impl From<ProductListRow> for AdminProductRow {
    fn from(r: ProductListRow) -> Self {
        AdminProductRow {
            id: r.id,
            sku: r.sku,
            name: r.name,
            product_type: r.product_type,
            status: r.status,
            brand: r.brand,
            price_cents: r.price_cents,
            compare_at_cents: r.compare_at_cents,
            purchasable: r.purchasable,
            parent_id: r.parent_id,
            variant_count: r.variant_count,
            available: r.available,
            image_url: r.image_key.as_deref().map(media_url),
            updated_at: rfc3339(r.updated_at),
            version: r.version,
        }
    }
}

/// A page of the staff product list.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminProductList {
    pub items: Vec<AdminProductRow>,
    /// Products matching the filters.
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

/// Stock in one warehouse.
#[derive(Debug, Serialize, ToSchema)]
pub struct StockLevel {
    pub warehouse: String,
    pub on_hand: i64,
    pub available: i64,
}

/// One store's entry in a product's price list.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct StorePriceEntry {
    pub store_code: String,
    /// The store's own price; `null` = the list price.
    #[serde(default)]
    pub price_cents: Option<i64>,
    #[serde(default)]
    pub compare_at_cents: Option<i64>,
    /// `false` takes the product out of the store.
    pub sold: bool,
}

/// An uploaded file a product uses (an image or a download).
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaInfo {
    pub key: String,
    pub url: String,
    pub content_type: String,
    pub file_name: String,
    pub size_bytes: i64,
}

/// A product with everything the editor shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminProduct {
    pub id: String,
    /// The configurable parent of a variant.
    pub parent_id: Option<String>,
    pub parent_sku: Option<String>,
    /// Send it back with a save; a save from an older version is refused.
    pub version: i64,
    pub created_at: String,
    pub updated_at: String,
    /// The product page, when the product is active.
    pub storefront_path: Option<String>,
    #[serde(flatten)]
    pub fields: ProductInput,
    /// A configurable parent's variants.
    pub variants: Vec<AdminProductRow>,
    pub stock: Vec<StockLevel>,
    pub prices: Vec<StorePriceEntry>,
    /// The files its images and downloads name.
    pub media: Vec<MediaInfo>,
}

impl AdminProduct {
    pub fn new(
        p: StoredProduct,
        parent_sku: Option<String>,
        variants: Vec<ProductListRow>,
        media: Vec<MediaInfo>,
    ) -> AdminProduct {
        let active = p.input.status == uplink_domain::catalog::ProductStatus::Active;
        AdminProduct {
            storefront_path: active.then(|| format!("/products/{}", p.input.slug)),
            id: p.id,
            parent_id: p.parent_id,
            parent_sku,
            version: p.version,
            created_at: rfc3339(p.created_at),
            updated_at: rfc3339(p.updated_at),
            fields: p.input,
            variants: variants.into_iter().map(AdminProductRow::from).collect(),
            stock: p
                .stock
                .into_iter()
                .map(|s| StockLevel {
                    warehouse: s.warehouse,
                    on_hand: s.on_hand,
                    available: s.available,
                })
                .collect(),
            prices: p
                .prices
                .iter()
                .map(|r| StorePriceEntry {
                    store_code: r.store_code.clone(),
                    price_cents: r.price_cents,
                    compare_at_cents: r.compare_at_cents,
                    sold: r.sold.0,
                })
                .collect(),
            media,
        }
    }
}

/// A product save: the editor's fields and the version they started from.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductSave {
    /// The version the editor loaded (from `GET /admin/products/{id}`).
    pub version: i64,
    #[serde(flatten)]
    pub fields: ProductInput,
}

/// A product's per-store entries, replacing the ones it has.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PricesSave {
    pub version: i64,
    pub prices: Vec<StorePriceEntry>,
}

/// Why stock moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockReason {
    /// Goods arrived.
    Received,
    /// A count found a difference.
    Counted,
    Damaged,
    /// A return went back on the shelf.
    Returned,
    /// Anything else (say what in the note).
    Correction,
}

impl StockReason {
    pub fn as_str(self) -> &'static str {
        match self {
            StockReason::Received => "received",
            StockReason::Counted => "counted",
            StockReason::Damaged => "damaged",
            StockReason::Returned => "returned",
            StockReason::Correction => "correction",
        }
    }
}

/// A stock correction in one warehouse.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StockAdjustmentRequest {
    /// `Global` or `US`.
    pub warehouse: String,
    /// Units to add (negative to remove), not 0.
    pub delta: i64,
    pub reason: StockReason,
    /// Up to 500 characters; required for `correction`.
    #[serde(default)]
    pub note: String,
}

/// A stock correction as recorded.
#[derive(Debug, Serialize, ToSchema)]
pub struct StockAdjustmentDto {
    pub id: String,
    pub warehouse: String,
    pub delta: i64,
    pub on_hand_after: i64,
    pub available_after: i64,
    pub reason: String,
    pub note: String,
    /// The staff member who made it.
    pub by: String,
    pub at: String,
}

impl From<StockAdjustment> for StockAdjustmentDto {
    fn from(a: StockAdjustment) -> Self {
        StockAdjustmentDto {
            id: a.id,
            warehouse: a.warehouse,
            delta: a.delta,
            on_hand_after: a.on_hand_after,
            available_after: a.available_after,
            reason: a.reason,
            note: a.note,
            by: a.actor_email,
            at: rfc3339(a.created_at),
        }
    }
}

/// A product's stock corrections, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct StockAdjustmentList {
    pub items: Vec<StockAdjustmentDto>,
}

/// A price change for a selection of products, in the list price or one
/// store's price list.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkPriceRequest {
    /// Up to 1000 product ids.
    pub product_ids: Vec<String>,
    /// A store code: change that store's prices (from its own price, else the
    /// list price); absent: the list prices.
    #[serde(default)]
    pub store_code: Option<String>,
    pub change: PriceChange,
    /// `true`: answer what would change without writing it.
    #[serde(default)]
    pub dry_run: bool,
}

/// One product's price before and after.
#[derive(Debug, Serialize, ToSchema)]
pub struct PriceMoveDto {
    pub id: String,
    pub sku: String,
    pub before_cents: i64,
    pub after_cents: i64,
}

/// What a bulk change did (or would do).
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkPriceResult {
    pub dry_run: bool,
    pub moves: Vec<PriceMoveDto>,
}

/// Markdown to preview.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MarkdownPreviewRequest {
    /// Up to 20,000 characters.
    pub markdown: String,
}

/// The HTML the product page would show.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarkdownPreview {
    pub html: String,
}

/// A named choice for a select.
#[derive(Debug, Serialize, ToSchema)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// A device model for eligibility pickers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ModelChoice {
    pub code: String,
    pub name: String,
    pub prime: bool,
}

/// A category for pickers: slug, name and its parent's slug.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryChoice {
    pub slug: String,
    pub name: String,
    pub parent: Option<String>,
}

/// Everything the catalogue editor's selects offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct CatalogReference {
    pub brands: Vec<Choice>,
    pub product_types: Vec<Choice>,
    pub statuses: Vec<Choice>,
    pub labels: Vec<Choice>,
    pub option_kinds: Vec<Choice>,
    pub download_kinds: Vec<Choice>,
    pub prime: Vec<Choice>,
    pub warehouses: Vec<Choice>,
    pub stock_reasons: Vec<Choice>,
    pub categories: Vec<CategoryChoice>,
    pub models: Vec<ModelChoice>,
    /// Store codes and names.
    pub stores: Vec<Choice>,
}

/// A row of the CSV import that cannot be written, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportRowError {
    /// The line in the file (the header is line 1).
    pub line: u64,
    pub sku: String,
    /// The column or field.
    pub field: String,
    pub message: String,
}

/// What an import did (or, in a dry run, would do).
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportReport {
    pub dry_run: bool,
    /// Data rows read.
    pub rows: u64,
    pub created: u64,
    pub updated: u64,
    pub unchanged: u64,
    /// Every row's problems; when not empty nothing was written.
    pub errors: Vec<ImportRowError>,
}

/// `/admin/products` query parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminProductQuery {
    /// Searches SKU and name (and then variants too).
    pub q: Option<String>,
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub product_type: Option<String>,
    pub status: Option<String>,
    pub brand: Option<String>,
    /// A category slug.
    pub category: Option<String>,
    pub label: Option<String>,
    /// `low` (1–5 available) or `out` (none), hardware only.
    pub stock: Option<String>,
    /// `name` (default), `-name`, `sku`, `price`, `-price`, `-updated`.
    pub sort: Option<String>,
    /// From 1.
    pub page: Option<i64>,
    /// 1–200, default 50.
    pub per_page: Option<i64>,
}
