//! Building the immutable catalogue snapshot from database rows.

use std::collections::HashMap;
use std::sync::Arc;
use uplink_db::catalog::CatalogRows;
use uplink_db::stock::StockRow;
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductType, Region, StockStatus,
    StoreKind, Warehouse,
};
use uplink_domain::serial::{DeviceModel, Eligibility};
use uplink_search::{SearchDoc, SearchIndex};

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
}

impl Store {
    /// eStores are chosen by code; mini-stores only by their key.
    pub fn is_estore(&self) -> bool {
        matches!(self.kind, StoreKind::Estore | StoreKind::DefaultStore)
    }

    pub fn warehouse(&self) -> Warehouse {
        self.region.warehouse()
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

#[derive(Debug, Clone)]
pub struct Attribute {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

#[derive(Debug, Clone)]
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
    store_by_code: HashMap<String, usize>,
    store_by_key: HashMap<String, usize>,
    pub categories: Vec<Category>,
    pub category_by_slug: HashMap<String, u16>,
    pub products: Vec<Product>,
    product_by_slug: HashMap<String, u32>,
    product_by_sku: HashMap<String, u32>,
    product_by_id: HashMap<String, u32>,
    /// Product index per listable ordinal.
    pub listable: Vec<u32>,
    /// Listable ordinals: featured first, then catalogue position.
    pub order_relevance: Vec<u32>,
    pub order_name: Vec<u32>,
    pub order_newest: Vec<u32>,
    /// Per category: listable ordinals whose main category it is, in relevance order.
    pub by_main_category: Vec<Vec<u32>>,
    pub views: Vec<StoreView>,
    pub search: SearchIndex,
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

fn json_list(s: &str) -> Vec<String> {
    serde_json::from_str(s).unwrap_or_default()
}

impl CatalogBase {
    pub fn store_by_code(&self, code: &str) -> Option<usize> {
        self.store_by_code.get(&code.to_ascii_lowercase()).copied()
    }

    pub fn store_by_key(&self, key: &str) -> Option<usize> {
        self.store_by_key.get(&key.to_ascii_lowercase()).copied()
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
    /// rows that do not parse are left out (and logged).
    pub fn build(mut rows: CatalogRows) -> Result<Snapshot, uplink_search::SearchError> {
        let (version, stock_version) = (rows.version, rows.stock_version);
        let stock = std::mem::take(&mut rows.stock);
        let catalogue = Arc::new(CatalogBase::build(rows)?);
        Ok(Snapshot::assemble(
            version,
            stock_version,
            catalogue,
            &stock,
        ))
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

    /// Builds everything but the stock from the catalogue rows.
    fn build(rows: CatalogRows) -> Result<CatalogBase, uplink_search::SearchError> {
        // Stores.
        let mut stores = Vec::new();
        for s in rows.stores.into_iter().filter(|s| *s.active) {
            let (Some(kind), Some(region)) = (StoreKind::parse(&s.kind), Region::parse(&s.region))
            else {
                tracing::warn!(store = %s.code, "store with unknown kind or region skipped");
                continue;
            };
            stores.push(Store {
                code: s.code,
                kind,
                region,
                name: s.name,
                currency: s.currency,
                is_default: *s.is_default,
                partner: s.partner_name,
                key: s.store_key,
                display_name: s.display_name,
                tagline: s.tagline,
                logo_url: s.logo_media.as_deref().map(media_url),
                accent_color: s.accent_color,
                selected_catalogue: s.catalogue == "selected",
                payment_methods: json_list(&s.payment_methods),
                shipping_methods: json_list(&s.shipping_methods),
                referral_terms: s
                    .referral_terms
                    .as_deref()
                    .and_then(|t| serde_json::from_str(t).ok()),
            });
        }
        if stores.is_empty() {
            // An empty database still has a (catalogue-less) default store, so
            // every store-aware endpoint answers with empty lists instead of failing.
            stores.push(Store {
                code: "global".into(),
                kind: StoreKind::Estore,
                region: Region::Global,
                name: "Uplink Store".into(),
                currency: "USD".into(),
                is_default: true,
                partner: None,
                key: None,
                display_name: "Uplink Store".into(),
                tagline: None,
                logo_url: None,
                accent_color: "#0b5fff".into(),
                selected_catalogue: false,
                payment_methods: Vec::new(),
                shipping_methods: Vec::new(),
                referral_terms: None,
            });
        }
        let default_store = stores
            .iter()
            .position(|s| s.is_default)
            .or_else(|| stores.iter().position(|s| s.code == "global"))
            .unwrap_or(0);
        let store_by_code = stores
            .iter()
            .enumerate()
            .map(|(i, s)| (s.code.to_ascii_lowercase(), i))
            .collect();
        let store_by_key = stores
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.key.as_ref().map(|k| (k.to_ascii_lowercase(), i)))
            .collect();

        // Categories.
        let cat_index: HashMap<String, u16> = rows
            .categories
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i as u16))
            .collect();
        let mut categories: Vec<Category> = rows
            .categories
            .iter()
            .map(|c| Category {
                id: c.id.clone(),
                slug: c.slug.clone(),
                name: c.name.clone(),
                description: c.description.clone(),
                parent: c.parent_id.as_ref().and_then(|p| cat_index.get(p).copied()),
                children: Vec::new(),
                image_url: c.image_media.as_deref().map(media_url),
                depth: 0,
            })
            .collect();
        for i in 0..categories.len() {
            if let Some(p) = categories[i].parent {
                categories[p as usize].children.push(i as u16);
            }
            let mut depth = 0;
            let mut cur = categories[i].parent;
            while let Some(p) = cur {
                depth += 1;
                cur = if depth > 32 {
                    None
                } else {
                    categories[p as usize].parent
                };
            }
            categories[i].depth = depth;
        }
        let ancestors = |c: u16| -> Vec<u16> {
            let mut out = vec![c];
            let mut cur = categories[c as usize].parent;
            while let Some(p) = cur {
                if out.contains(&p) {
                    break;
                }
                out.push(p);
                cur = categories[p as usize].parent;
            }
            out
        };
        let category_by_slug = categories
            .iter()
            .enumerate()
            .map(|(i, c)| (c.slug.clone(), i as u16))
            .collect();

        // Products (active only).
        let mut products: Vec<Product> = Vec::with_capacity(rows.products.len());
        let mut product_by_id: HashMap<String, u32> = HashMap::with_capacity(rows.products.len());
        for p in rows.products.iter().filter(|p| p.status == "active") {
            let (Some(brand), Some(product_type)) =
                (Brand::parse(&p.brand), ProductType::parse(&p.product_type))
            else {
                tracing::warn!(sku = %p.sku, "product with unknown brand or type skipped");
                continue;
            };
            let eligibility = p
                .eligibility_prime
                .as_deref()
                .and_then(PrimeRequirement::parse)
                .map(|prime| Eligibility {
                    models: p
                        .eligibility_models
                        .as_deref()
                        .map(json_list)
                        .unwrap_or_default(),
                    prime,
                });
            product_by_id.insert(p.id.clone(), products.len() as u32);
            products.push(Product {
                id: p.id.clone(),
                sku: p.sku.clone(),
                slug: p.slug.clone(),
                name: p.name.clone(),
                brand,
                product_type,
                parent: None,
                variants: Vec::new(),
                summary: p.summary.clone(),
                description: p.description.clone(),
                purchasable: *p.purchasable,
                featured: *p.featured,
                list_price: p.price_cents,
                compare_at: p.compare_at_cents,
                min_qty: p.min_qty.max(1),
                max_qty: p.max_qty,
                qty_step: p.qty_step.max(1),
                weight_grams: p.weight_grams,
                term_months: p.term_months,
                data_mb: p.data_mb,
                validity_days: p.validity_days,
                stackable: *p.stackable,
                eligibility,
                created_at: p.created_at,
                position: p.position,
                categories: Vec::new(),
                category_closure: Vec::new(),
                labels: Vec::new(),
                label_mask: 0,
                attributes: Vec::new(),
                specs: Vec::new(),
                package: Vec::new(),
                downloads: Vec::new(),
                images: Vec::new(),
                options: Vec::new(),
                listable: None,
            });
        }
        // Parent links (a variant whose parent is not active is dropped from listings).
        let mut orphan = vec![false; products.len()];
        for p in rows.products.iter().filter(|p| p.status == "active") {
            let (Some(&me), Some(parent_id)) = (product_by_id.get(&p.id), p.parent_id.as_ref())
            else {
                continue;
            };
            match product_by_id.get(parent_id) {
                Some(&parent) => {
                    products[me as usize].parent = Some(parent);
                    products[parent as usize].variants.push(me);
                }
                None => orphan[me as usize] = true,
            }
        }
        let idx = |id: &str| product_by_id.get(id).map(|&i| i as usize);
        for r in rows.attributes {
            if let Some(i) = idx(&r.product_id) {
                products[i].attributes.push(Attribute {
                    code: r.code,
                    label: r.label,
                    value: r.value,
                    value_label: r.value_label,
                });
            }
        }
        for r in rows.product_categories {
            if let (Some(i), Some(&c)) = (idx(&r.product_id), cat_index.get(&r.category_id)) {
                products[i].categories.push(c);
            }
        }
        for r in rows.labels {
            if let (Some(i), Some(l)) = (idx(&r.product_id), Label::parse(&r.label)) {
                products[i].labels.push(l);
                products[i].label_mask |= 1 << l.index();
            }
        }
        let mut option_index: HashMap<String, (usize, usize)> = HashMap::new();
        for r in rows.options {
            let (Some(i), Some(kind)) = (idx(&r.product_id), OptionKind::parse(&r.kind)) else {
                continue;
            };
            option_index.insert(r.id.clone(), (i, products[i].options.len()));
            products[i].options.push(CustomOption {
                code: r.code,
                label: r.label,
                kind,
                required: *r.required,
                pattern: r.pattern,
                help: r.help,
                values: Vec::new(),
            });
        }
        for r in rows.option_values {
            if let Some(&(i, o)) = option_index.get(&r.option_id) {
                products[i].options[o].values.push(OptionValue {
                    code: r.code,
                    label: r.label,
                    price_delta_cents: r.price_delta_cents,
                    price_delta_bp: r.price_delta_bp,
                });
            }
        }
        for r in rows.specs {
            if let Some(i) = idx(&r.product_id) {
                products[i].specs.push(Spec {
                    group: r.spec_group,
                    name: r.name,
                    value: r.value,
                });
            }
        }
        for r in rows.package {
            if let Some(i) = idx(&r.product_id) {
                products[i].package.push((r.item, r.qty));
            }
        }
        for r in rows.downloads {
            let (Some(i), Some(kind)) = (idx(&r.product_id), DownloadKind::parse(&r.kind)) else {
                continue;
            };
            products[i].downloads.push(Download {
                title: r.title,
                kind,
                url: media_url(&r.media_key),
                file_name: r.file_name,
                content_type: r.content_type,
                size_bytes: r.size_bytes,
                version: r.version,
            });
        }
        for r in rows.images {
            if let Some(i) = idx(&r.product_id) {
                products[i].images.push(Image {
                    url: media_url(&r.media_key),
                    alt: r.alt,
                });
            }
        }
        // Variants inherit the parent's categories, labels and images when they have none.
        for i in 0..products.len() {
            if let Some(parent) = products[i].parent {
                let parent = parent as usize;
                if products[i].categories.is_empty() {
                    products[i].categories = products[parent].categories.clone();
                }
                if products[i].images.is_empty() {
                    products[i].images = products[parent].images.clone();
                }
                if products[i].labels.is_empty() {
                    products[i].labels = products[parent].labels.clone();
                    products[i].label_mask = products[parent].label_mask;
                }
            }
        }
        for p in &mut products {
            let mut closure: Vec<u16> = p.categories.iter().flat_map(|&c| ancestors(c)).collect();
            closure.sort_unstable();
            closure.dedup();
            p.category_closure = closure;
        }

        // Listable products: parents and simple products (not variants), and
        // configurables only when they have at least one variant.
        let mut listable = Vec::new();
        for (i, p) in products.iter_mut().enumerate() {
            let is_variant = p.parent.is_some() || orphan[i];
            let empty_parent = p.product_type == ProductType::Configurable && p.variants.is_empty();
            if !is_variant && !empty_parent {
                p.listable = Some(listable.len() as u32);
                listable.push(i as u32);
            }
        }
        let n = listable.len();
        let lp = |l: u32| &products[listable[l as usize] as usize];
        let mut order_relevance: Vec<u32> = (0..n as u32).collect();
        order_relevance.sort_by_key(|&l| (!lp(l).featured, lp(l).position, l));
        let lower_names: Vec<String> = (0..n as u32).map(|l| lp(l).name.to_lowercase()).collect();
        let mut order_name: Vec<u32> = (0..n as u32).collect();
        order_name.sort_by(|&a, &b| {
            lower_names[a as usize]
                .cmp(&lower_names[b as usize])
                .then(a.cmp(&b))
        });
        let mut order_newest: Vec<u32> = (0..n as u32).collect();
        order_newest.sort_by_key(|&l| (std::cmp::Reverse(lp(l).created_at), lp(l).position, l));

        let mut by_main_category = vec![Vec::new(); categories.len()];
        for &l in &order_relevance {
            if let Some(&c) = lp(l).categories.first() {
                by_main_category[c as usize].push(l);
            }
        }

        // Per-store views.
        let store_ix: HashMap<&str, usize> = stores
            .iter()
            .enumerate()
            .map(|(i, s)| (s.code.as_str(), i))
            .collect();
        let mut price_rows: Vec<HashMap<u32, PriceEntry>> = vec![HashMap::new(); stores.len()];
        for r in &rows.prices {
            if let (Some(&s), Some(&p)) = (
                store_ix.get(r.store_code.as_str()),
                product_by_id.get(&r.product_id),
            ) {
                price_rows[s].insert(p, (r.price_cents, r.compare_at_cents, *r.sold));
            }
        }
        let mut views = Vec::with_capacity(stores.len());
        for (s, store) in stores.iter().enumerate() {
            let rows_here = &price_rows[s];
            let offer_of = |pi: usize| -> Option<Offer> {
                let p = &products[pi];
                let own = rows_here.get(&(pi as u32));
                let parent_row = p.parent.and_then(|pp| rows_here.get(&pp));
                let sold = match (own, parent_row) {
                    (Some(r), _) => r.2,
                    (None, Some(r)) => r.2,
                    (None, None) => !store.selected_catalogue,
                };
                if !sold {
                    return None;
                }
                let price = own.and_then(|r| r.0).unwrap_or(p.list_price);
                let compare_at = own
                    .and_then(|r| r.1)
                    .or(p.compare_at)
                    .filter(|c| *c > price);
                Some(Offer { price, compare_at })
            };
            let offers: Vec<Option<Offer>> = (0..products.len()).map(offer_of).collect();
            let mut sold = vec![false; n];
            let mut card_price = vec![i64::MAX; n];
            let mut card_compare_at = vec![None; n];
            for (l, &pi) in listable.iter().enumerate() {
                let p = &products[pi as usize];
                if p.variants.is_empty() {
                    if let Some(o) = offers[pi as usize] {
                        sold[l] = true;
                        card_price[l] = o.price;
                        card_compare_at[l] = o.compare_at;
                    }
                } else {
                    // A configurable is sold when it is not excluded itself and a variant is sold;
                    // it shows its lowest variant price (and its best variant stock status).
                    if rows_here.get(&pi).is_some_and(|r| !r.2) {
                        continue;
                    }
                    let mut best: Option<(i64, Option<i64>)> = None;
                    for &v in &p.variants {
                        if let Some(o) = offers[v as usize]
                            && best.is_none_or(|(bp, _)| o.price < bp)
                        {
                            best = Some((o.price, o.compare_at));
                        }
                    }
                    if let Some((price, cmp)) = best {
                        sold[l] = true;
                        card_price[l] = price;
                        card_compare_at[l] = cmp;
                    }
                }
            }
            let mut order_price: Vec<u32> = order_name
                .iter()
                .copied()
                .filter(|&l| sold[l as usize])
                .collect();
            order_price.sort_by_key(|&l| card_price[l as usize]); // stable: ties stay in name order
            let mut category_counts = vec![0u32; categories.len()];
            let mut sold_count = 0;
            for (l, &pi) in listable.iter().enumerate() {
                if sold[l] {
                    sold_count += 1;
                    for &c in &products[pi as usize].category_closure {
                        category_counts[c as usize] += 1;
                    }
                }
            }
            views.push(StoreView {
                offers,
                sold,
                card_price,
                card_compare_at,
                order_price,
                category_counts,
                sold_count,
            });
        }

        // Search index over listable products (variants' SKUs and names included).
        let docs: Vec<SearchDoc> = listable
            .iter()
            .enumerate()
            .map(|(l, &pi)| {
                let p = &products[pi as usize];
                let mut skus = vec![p.sku.clone()];
                let mut specs = String::new();
                for s in &p.specs {
                    specs.push_str(&s.name);
                    specs.push(' ');
                    specs.push_str(&s.value);
                    specs.push('\n');
                }
                for &v in &p.variants {
                    let v = &products[v as usize];
                    skus.push(v.sku.clone());
                    for a in &v.attributes {
                        specs.push_str(&a.value_label);
                        specs.push('\n');
                    }
                }
                let mut facets = format!("{} {}", p.brand.label(), p.product_type.label());
                for &c in &p.category_closure {
                    facets.push(' ');
                    facets.push_str(&categories[c as usize].name);
                }
                for l in &p.labels {
                    facets.push(' ');
                    facets.push_str(l.label());
                }
                SearchDoc {
                    ord: l as u32,
                    name: p.name.clone(),
                    skus,
                    summary: p.summary.clone(),
                    description: p.description.clone(),
                    specs,
                    facets,
                }
            })
            .collect();
        let search = SearchIndex::build(docs)?;

        let product_by_slug = products
            .iter()
            .enumerate()
            .map(|(i, p)| (p.slug.clone(), i as u32))
            .collect();
        let product_by_sku = products
            .iter()
            .enumerate()
            .map(|(i, p)| (p.sku.to_ascii_uppercase(), i as u32))
            .collect();
        let models = rows
            .models
            .into_iter()
            .map(|m| DeviceModel {
                prefix: m.prefix,
                code: m.code,
                name: m.name,
                prime: *m.prime,
                hardware_sku: m.hardware_sku,
            })
            .collect();
        Ok(CatalogBase {
            stores,
            default_store,
            store_by_code,
            store_by_key,
            categories,
            category_by_slug,
            products,
            product_by_slug,
            product_by_sku,
            product_by_id,
            listable,
            order_relevance,
            order_name,
            order_newest,
            by_main_category,
            views,
            search,
            models,
        })
    }
}

/// A price-list row: (price override, compare-at override, sold).
type PriceEntry = (Option<i64>, Option<i64>, bool);

/// The more available of two stock statuses.
fn better(a: StockStatus, b: StockStatus) -> StockStatus {
    let rank = |s| match s {
        StockStatus::InStock => 2,
        StockStatus::LowStock => 1,
        StockStatus::OutOfStock => 0,
    };
    if rank(b) > rank(a) { b } else { a }
}
