//! Building the immutable catalogue snapshot from database rows.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use uplink_db::catalog::CatalogRows;
use uplink_db::stock::StockRow;
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, ProductType, Region, StockStatus, StoreKind, Warehouse,
};
use uplink_domain::serial::{DeviceModel, Eligibility};
use uplink_search::SearchIndex;

/// Where media files are served.
pub const MEDIA_PATH: &str = "/api/v1/media/";

pub fn media_url(key: &str) -> String {
    format!("{MEDIA_PATH}{key}")
}

#[derive(Debug, Clone)]
pub struct Store {
    pub code: String,
    pub kind: StoreKind,
    pub region: Region,
    pub name: String,
    pub currency: String,
    pub is_default: bool,
    pub partner: Option<String>,
    pub key: Option<String>,
    pub display_name: String,
    pub tagline: Option<String>,
    pub logo_url: Option<String>,
    pub accent_color: String,
    pub selected_catalogue: bool,
    pub payment_methods: Vec<String>,
    pub shipping_methods: Vec<String>,
    pub referral_terms: Option<serde_json::Value>,
    /// The partner that owns a mini-store.
    pub partner_id: Option<String>,
    /// A mini-store's prices may not go below this share (basis points) of
    /// its region's eStore price.
    pub price_floor_bp: i64,
    /// Whose prices this entry shows: the store's own, or (a twin of an
    /// eStore, never listed or chosen by code) its partner price list.
    pub price_list: PriceList,
    /// The store this entry prices for: itself, or the eStore whose partner
    /// price list it is.
    pub base: usize,
}

/// Which price list a store entry shows (SPEC §10: partner prices).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceList {
    Store,
    Partner,
}

impl PriceList {
    pub fn as_str(self) -> &'static str {
        match self {
            PriceList::Store => "store",
            PriceList::Partner => "partner",
        }
    }
}

impl Store {
    /// A store people choose (by code, key or region): not a partner price list's twin.
    pub fn is_own(&self) -> bool {
        self.price_list == PriceList::Store
    }

    /// eStores are chosen by code; mini-stores only by their key.
    pub fn is_estore(&self) -> bool {
        matches!(self.kind, StoreKind::Estore | StoreKind::DefaultStore)
    }

    pub fn warehouse(&self) -> Warehouse {
        self.region.warehouse()
    }

    /// Whether the store offers this shipping option (SPEC §6: its enabled
    /// list; self pick-up only in the US).
    pub fn ships_with(&self, method: uplink_domain::checkout::shipping::ShippingMethod) -> bool {
        use uplink_domain::checkout::shipping::ShippingMethod;
        self.shipping_methods.iter().any(|m| m == method.as_str())
            && (method != ShippingMethod::Pickup || self.region == Region::Us)
    }
}

#[derive(Debug, Clone)]
pub struct Category {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub parent: Option<u16>,
    pub children: Vec<u16>,
    pub image_url: Option<String>,
    pub depth: u16,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    pub group: String,
    pub name: String,
    pub value: String,
}

#[derive(Debug, Clone)]
pub struct Download {
    pub title: String,
    pub kind: DownloadKind,
    pub url: String,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub version: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Image {
    pub url: String,
    pub alt: String,
}

#[derive(Debug, Clone)]
pub struct OptionValue {
    pub code: String,
    pub label: String,
    pub price_delta_cents: Option<i64>,
    pub price_delta_bp: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct CustomOption {
    pub code: String,
    pub label: String,
    pub kind: OptionKind,
    pub required: bool,
    pub pattern: Option<String>,
    pub help: Option<String>,
    pub values: Vec<OptionValue>,
}

#[derive(Debug, Clone)]
pub struct Product {
    pub id: String,
    pub sku: String,
    pub slug: String,
    pub name: String,
    pub brand: Brand,
    pub product_type: ProductType,
    pub parent: Option<u32>,
    pub variants: Vec<u32>,
    pub summary: String,
    pub description: String,
    pub purchasable: bool,
    pub featured: bool,
    pub list_price: i64,
    pub compare_at: Option<i64>,
    pub min_qty: i64,
    pub max_qty: Option<i64>,
    pub qty_step: i64,
    pub weight_grams: Option<i64>,
    pub term_months: Option<i64>,
    pub data_mb: Option<i64>,
    pub validity_days: Option<i64>,
    pub stackable: bool,
    pub eligibility: Option<Eligibility>,
    pub created_at: i64,
    pub position: i64,
    /// Categories the product is directly in.
    pub categories: Vec<u16>,
    /// Those categories and all their ancestors (what category filters match).
    pub category_closure: Vec<u16>,
    pub labels: Vec<Label>,
    pub label_mask: u8,
    pub attributes: Vec<Attribute>,
    pub specs: Vec<Spec>,
    pub package: Vec<(String, i64)>,
    pub downloads: Vec<Download>,
    pub images: Vec<Image>,
    pub options: Vec<CustomOption>,
    /// Position among listable products (parents and simple products).
    pub listable: Option<u32>,
}

impl Product {
    pub fn is_physical(&self) -> bool {
        self.product_type.is_physical()
    }
}

/// A product's price in one store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    pub price: i64,
    pub compare_at: Option<i64>,
}

/// Everything precomputed for one store that only a catalogue change alters
/// (stock statuses live in [`Snapshot::status`]).
#[derive(Debug, Clone)]
pub struct StoreView {
    /// Per product (all products, including variants): its offer when sold here.
    pub offers: Vec<Option<Offer>>,
    /// Per listable ordinal: sold here?
    pub sold: Vec<bool>,
    /// Per listable ordinal: card price (a configurable's lowest variant price).
    pub card_price: Vec<i64>,
    pub card_compare_at: Vec<Option<i64>>,
    /// Sold listable ordinals by price ascending (ties by name).
    pub order_price: Vec<u32>,
    /// Products per category (with descendants) sold here.
    pub category_counts: Vec<u32>,
    pub sold_count: u32,
}

/// One catalogue version's read model without its stock: built from every
/// catalogue row when `catalog_version` changes, then shared (through an
/// [`Arc`]) by every snapshot of that version, however often its stock changes.
pub struct CatalogBase {
    pub stores: Vec<Store>,
    pub default_store: usize,
    pub(super) store_by_code: HashMap<String, usize>,
    pub(super) store_by_key: HashMap<String, usize>,
    /// Keys of paused mini-stores (to tell "paused" from "unknown").
    pub(super) paused_keys: std::collections::HashSet<String>,
    /// Per store: the entry of its partner price list, when it has one.
    pub(super) partner_twin: Vec<Option<usize>>,
    /// Per store people choose: the products its partner price list prices
    /// (a patch that empties or starts a list builds everything, D112).
    pub(super) partner_priced: Vec<HashSet<u32>>,
    pub categories: Vec<Category>,
    pub category_by_slug: HashMap<String, u16>,
    /// Each product behind its own `Arc`, so a patched catalogue shares
    /// every product a change did not touch (D112).
    pub products: Vec<Arc<Product>>,
    pub(super) product_by_slug: Arc<HashMap<String, u32>>,
    pub(super) product_by_sku: Arc<HashMap<String, u32>>,
    pub(super) product_by_id: Arc<HashMap<String, u32>>,
    /// Product index per listable ordinal.
    pub listable: Vec<u32>,
    /// Listable ordinals: featured first, then catalogue position.
    pub order_relevance: Vec<u32>,
    pub order_name: Vec<u32>,
    pub order_newest: Vec<u32>,
    /// Per category: listable ordinals whose main category it is, in relevance order.
    pub by_main_category: Vec<Vec<u32>>,
    pub views: Vec<StoreView>,
    /// Shared with the previous catalogue when no searchable text changed.
    pub search: Arc<SearchIndex>,
    pub models: Vec<DeviceModel>,
}

/// The read model: a [`CatalogBase`] (shared, reached through `Deref`) with
/// one reading of the stock table and the stock statuses it gives.
///
/// A change of `catalog_version` builds everything again ([`Snapshot::build`]);
/// a change of `stock_version` alone (an order or cancellation moved a product
/// between out of stock, low and in stock, decision D69) only reloads the stock
/// and recomputes the statuses ([`Snapshot::with_stock`]).
pub struct Snapshot {
    /// The `catalog_version` this snapshot was built from (checkout compares it).
    pub version: i64,
    /// The `stock_version` its stock was read at.
    pub stock_version: i64,
    catalogue: Arc<CatalogBase>,
    /// Available units per product (indexed like `products`) and warehouse
    /// (`Warehouse::index()`).
    stock: Vec<[i64; 2]>,
    /// Per store, per listable ordinal: the stock status shown (a configurable
    /// shows its best sold variant's; not sold: out of stock).
    pub status: Vec<Vec<StockStatus>>,
    /// Listing and search answers computed from this snapshot (see [`super::answers`]).
    pub answers: super::answers::AnswerCache,
}

impl std::ops::Deref for Snapshot {
    type Target = CatalogBase;
    fn deref(&self) -> &CatalogBase {
        &self.catalogue
    }
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("version", &self.version)
            .field("stock_version", &self.stock_version)
            .field("products", &self.products.len())
            .finish()
    }
}

pub(super) fn json_list(s: &str) -> Vec<String> {
    serde_json::from_str(s).unwrap_or_default()
}

impl CatalogBase {
    pub fn store_by_code(&self, code: &str) -> Option<usize> {
        self.store_by_code.get(&code.to_ascii_lowercase()).copied()
    }

    pub fn store_by_key(&self, key: &str) -> Option<usize> {
        self.store_by_key.get(&key.to_ascii_lowercase()).copied()
    }

    /// Whether `key` names a mini-store its partner paused.
    pub fn is_paused_key(&self, key: &str) -> bool {
        self.paused_keys.contains(&key.trim().to_ascii_lowercase())
    }

    /// The entry of `store`'s partner price list, when it has one.
    pub fn partner_price_list(&self, store: usize) -> Option<usize> {
        self.partner_twin.get(store).copied().flatten()
    }

    pub fn product_by_slug(&self, slug: &str) -> Option<u32> {
        self.product_by_slug.get(slug).copied()
    }

    pub fn product_by_sku(&self, sku: &str) -> Option<u32> {
        self.product_by_sku.get(&sku.to_ascii_uppercase()).copied()
    }

    pub fn product_by_id(&self, id: &str) -> Option<u32> {
        self.product_by_id.get(id).copied()
    }

    pub fn product(&self, idx: u32) -> &Product {
        &self.products[idx as usize]
    }

    /// A product's (or variant's) price in a store; `None` when the store does not sell it.
    /// Carts should use this for display and re-check against the database when ordering.
    pub fn offer(&self, store: usize, product: u32) -> Option<Offer> {
        self.views
            .get(store)?
            .offers
            .get(product as usize)
            .copied()
            .flatten()
    }

    /// The model of a serial prefix.
    pub fn model_by_prefix(&self, prefix: &str) -> Option<&DeviceModel> {
        self.models
            .iter()
            .find(|m| m.prefix.eq_ignore_ascii_case(prefix))
    }
}

impl Snapshot {
    /// Units of a product available in the warehouse that serves `store`.
    pub fn available(&self, store: usize, product: u32) -> i64 {
        self.available_in(product, self.stores[store].warehouse())
    }

    /// Units of a product available in a warehouse (as of `stock_version`).
    pub fn available_in(&self, product: u32, w: Warehouse) -> i64 {
        self.stock[product as usize][w.index()]
    }

    /// The stock status of a listable ordinal in a store.
    pub fn status(&self, store: usize, listable: usize) -> StockStatus {
        self.status[store][listable]
    }

    /// Builds the snapshot. Inactive stores, draft and archived products and
    /// rows that do not parse are left out (and logged). `previous` is the
    /// snapshot this one replaces (parts that did not change are kept).
    pub fn build(
        mut rows: CatalogRows,
        previous: Option<&Snapshot>,
    ) -> Result<Snapshot, uplink_search::SearchError> {
        let (version, stock_version) = (rows.version, rows.stock_version);
        let stock = std::mem::take(&mut rows.stock);
        let catalogue = Arc::new(CatalogBase::build(rows, previous.map(|p| &*p.catalogue))?);
        Ok(Snapshot::assemble(
            version,
            stock_version,
            catalogue,
            &stock,
        ))
    }

    /// The snapshot of catalogue `version`: this one with `part` (the rows of
    /// the product families `family`, read after a change that named its
    /// products) put in place, sharing every other product, the search index
    /// and the orders; `stock` when the stock moved meanwhile, else this
    /// snapshot's. `None` when the change reaches beyond those families' own
    /// rows and offers (see [`CatalogBase::patched`]): then build everything.
    pub fn patched(
        &self,
        part: CatalogRows,
        family: &[String],
        version: i64,
        stock: Option<(i64, Vec<StockRow>)>,
    ) -> Option<Snapshot> {
        let catalogue = Arc::new(self.catalogue.patched(part, family)?);
        Some(match stock {
            Some((stock_version, rows)) => {
                Snapshot::assemble(version, stock_version, catalogue, &rows)
            }
            None => {
                Snapshot::with_units(version, self.stock_version, catalogue, self.stock.clone())
            }
        })
    }

    /// A snapshot of the same catalogue with other stock: shares everything
    /// but the stock and the statuses, and starts an empty answer cache.
    pub fn with_stock(&self, stock_version: i64, rows: &[StockRow]) -> Snapshot {
        Snapshot::assemble(
            self.version,
            stock_version,
            Arc::clone(&self.catalogue),
            rows,
        )
    }

    fn assemble(
        version: i64,
        stock_version: i64,
        catalogue: Arc<CatalogBase>,
        rows: &[StockRow],
    ) -> Snapshot {
        let mut stock = vec![[0i64; 2]; catalogue.products.len()];
        for r in rows {
            if let (Some(i), Some(w)) = (
                catalogue.product_by_id(&r.product_id),
                Warehouse::parse(&r.warehouse),
            ) {
                stock[i as usize][w.index()] = r.available.max(0);
            }
        }
        Snapshot::with_units(version, stock_version, catalogue, stock)
    }

    /// The snapshot of `catalogue` with these available units per product,
    /// its stock statuses computed and an empty answer cache.
    fn with_units(
        version: i64,
        stock_version: i64,
        catalogue: Arc<CatalogBase>,
        stock: Vec<[i64; 2]>,
    ) -> Snapshot {
        let status = catalogue
            .stores
            .iter()
            .zip(&catalogue.views)
            .map(|(store, view)| catalogue.statuses(view, store.warehouse(), &stock))
            .collect();
        Snapshot {
            version,
            stock_version,
            catalogue,
            stock,
            status,
            answers: Default::default(),
        }
    }
}

impl CatalogBase {
    /// Stock status per listable ordinal in one store: a simple product's own,
    /// a configurable's best sold variant's; out of stock when not sold here.
    fn statuses(&self, view: &StoreView, w: Warehouse, stock: &[[i64; 2]]) -> Vec<StockStatus> {
        let w = w.index();
        self.listable
            .iter()
            .enumerate()
            .map(|(l, &pi)| {
                if !view.sold[l] {
                    return StockStatus::OutOfStock;
                }
                let p = &self.products[pi as usize];
                if p.variants.is_empty() {
                    return StockStatus::of(p.is_physical(), stock[pi as usize][w]);
                }
                p.variants
                    .iter()
                    .filter(|&&v| view.offers[v as usize].is_some())
                    .map(|&v| StockStatus::of(true, stock[v as usize][w]))
                    .fold(StockStatus::OutOfStock, better)
            })
            .collect()
    }
}

/// A price-list row: (price override, compare-at override, sold).
pub(super) type PriceEntry = (Option<i64>, Option<i64>, bool);

/// The more available of two stock statuses.
fn better(a: StockStatus, b: StockStatus) -> StockStatus {
    let rank = |s| match s {
        StockStatus::InStock => 2,
        StockStatus::LowStock => 1,
        StockStatus::OutOfStock => 0,
    };
    if rank(b) > rank(a) { b } else { a }
}
