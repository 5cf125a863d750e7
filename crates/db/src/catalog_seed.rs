//! A catalogue written in bulk: the input types and how they are written,
//! in one transaction with one batched statement per table. The demo and
//! benchmark catalogues of `uplink-seed` are written through here.

use crate::batch::Batch;
use crate::catalog::bump_catalog_version_in;
use crate::{Db, DbError, row};
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductStatus, ProductType, Region,
    StoreKind, Warehouse,
};

pub struct StoreSeed {
    pub code: &'static str,
    pub kind: StoreKind,
    pub region: Region,
    pub name: &'static str,
    pub is_default: bool,
    pub partner: Option<&'static str>,
    pub key: Option<&'static str>,
    pub display_name: &'static str,
    pub tagline: &'static str,
    pub logo_media: Option<String>,
    pub accent: &'static str,
    pub selected_catalogue: bool,
    pub payment_methods: &'static [&'static str],
    pub shipping_methods: &'static [&'static str],
    pub referral_terms: Option<serde_json::Value>,
}

pub struct CategorySeed {
    pub slug: &'static str,
    pub name: &'static str,
    pub parent: Option<&'static str>,
    pub description: &'static str,
    pub image_media: Option<String>,
}

pub struct MediaSeed {
    pub key: String,
    pub content_type: &'static str,
    pub file_name: String,
    pub body: Vec<u8>,
}

impl MediaSeed {
    /// A media file whose key carries a content hash, so its URL can be cached forever.
    pub fn new(stem: &str, ext: &str, content_type: &'static str, body: Vec<u8>) -> MediaSeed {
        let hash = fnv1a(&body);
        MediaSeed {
            key: format!("{stem}-{:08x}.{ext}", hash as u32),
            content_type,
            file_name: format!("{stem}.{ext}"),
            body,
        }
    }
}

/// FNV-1a: a tiny stable hash for content-addressed media keys and ETags.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

pub struct OptionSeed {
    pub code: String,
    pub label: String,
    pub kind: OptionKind,
    pub required: bool,
    pub pattern: Option<String>,
    pub help: Option<String>,
    /// `(code, label, delta cents, delta basis points)`.
    pub values: Vec<(String, String, Option<i64>, Option<i64>)>,
}

pub struct DownloadSeed {
    pub title: String,
    pub kind: DownloadKind,
    pub media_key: String,
    pub version: Option<String>,
}

/// A per-store price-list row (see the `product_prices` table).
pub struct PriceSeed {
    pub store: String,
    pub price: Option<i64>,
    pub compare_at: Option<i64>,
    pub sold: bool,
}

pub struct ProductSeed {
    pub id: String,
    pub sku: String,
    pub slug: String,
    pub name: String,
    pub brand: Brand,
    pub product_type: ProductType,
    pub parent_id: Option<String>,
    pub summary: String,
    pub description: String,
    pub status: ProductStatus,
    pub purchasable: bool,
    pub featured: bool,
    pub price: i64,
    pub compare_at: Option<i64>,
    pub min_qty: i64,
    pub max_qty: Option<i64>,
    pub qty_step: i64,
    pub weight_grams: Option<i64>,
    pub term_months: Option<i64>,
    pub data_mb: Option<i64>,
    pub validity_days: Option<i64>,
    pub stackable: bool,
    pub eligibility: Option<(Vec<String>, PrimeRequirement)>,
    pub position: i64,
    pub created_at: i64,
    pub categories: Vec<String>,
    pub labels: Vec<Label>,
    /// `(code, label, value, value label)` for variants.
    pub attributes: Vec<(String, String, String, String)>,
    pub specs: Vec<(String, String, String)>,
    pub package: Vec<(String, i64)>,
    pub downloads: Vec<DownloadSeed>,
    pub images: Vec<(String, String)>,
    pub options: Vec<OptionSeed>,
    pub stock: Vec<(Warehouse, i64)>,
    pub prices: Vec<PriceSeed>,
}

impl ProductSeed {
    pub fn new(sku: &str, name: &str, brand: Brand, product_type: ProductType) -> ProductSeed {
        ProductSeed {
            id: format!("prd_{}", sku.to_ascii_lowercase().replace('-', "_")),
            sku: sku.to_owned(),
            slug: slugify(name),
            name: name.to_owned(),
            brand,
            product_type,
            parent_id: None,
            summary: String::new(),
            description: String::new(),
            status: ProductStatus::Active,
            // A configurable parent is never bought itself; its variants are.
            purchasable: product_type != ProductType::Configurable,
            featured: false,
            price: 0,
            compare_at: None,
            min_qty: 1,
            max_qty: None,
            qty_step: 1,
            weight_grams: None,
            term_months: None,
            data_mb: None,
            validity_days: None,
            stackable: false,
            eligibility: None,
            position: 0,
            created_at: 0,
            categories: Vec::new(),
            labels: Vec::new(),
            attributes: Vec::new(),
            specs: Vec::new(),
            package: Vec::new(),
            downloads: Vec::new(),
            images: Vec::new(),
            options: Vec::new(),
            stock: Vec::new(),
            prices: Vec::new(),
        }
    }
}

/// Everything a catalogue seed writes.
#[derive(Default)]
pub struct CatalogSeed {
    pub stores: Vec<StoreSeed>,
    pub categories: Vec<CategorySeed>,
    pub media: Vec<MediaSeed>,
    pub products: Vec<ProductSeed>,
    /// `(prefix, code, name, prime, hardware sku)`.
    pub models: Vec<(String, String, String, bool, Option<String>)>,
}

pub use uplink_domain::catalog_admin::slugify;

impl Db {
    /// Writes a catalogue seed in one transaction and bumps the catalogue version.
    pub async fn write_catalog_seed(&self, seed: &CatalogSeed) -> Result<(), DbError> {
        let now = crate::now_ms();
        let mut tx = self.begin_write().await?;

        let mut media = Batch::new(
            "media",
            &[
                "media_key",
                "content_type",
                "file_name",
                "size_bytes",
                "etag",
                "body",
                "created_at",
            ],
        );
        for m in &seed.media {
            media.push(row![
                m.key.clone(),
                m.content_type,
                m.file_name.clone(),
                m.body.len() as i64,
                format!("\"{:016x}\"", fnv1a(&m.body)),
                m.body.clone(),
                now
            ]);
        }
        media.write(&mut tx).await?;

        let mut stores = Batch::new(
            "stores",
            &[
                "code",
                "kind",
                "region",
                "name",
                "currency",
                "active",
                "is_default",
                "partner_name",
                "store_key",
                "display_name",
                "tagline",
                "logo_media",
                "accent_color",
                "catalogue",
                "payment_methods",
                "shipping_methods",
                "referral_terms",
                "position",
                "created_at",
            ],
        );
        for (i, s) in seed.stores.iter().enumerate() {
            stores.push(row![
                s.code,
                s.kind.as_str(),
                s.region.as_str(),
                s.name,
                "USD",
                true,
                s.is_default,
                s.partner.map(str::to_owned),
                s.key.map(str::to_owned),
                s.display_name,
                Some(s.tagline.to_owned()),
                s.logo_media.clone(),
                s.accent,
                if s.selected_catalogue {
                    "selected"
                } else {
                    "all"
                },
                serde_json::to_string(s.payment_methods).unwrap_or_default(),
                serde_json::to_string(s.shipping_methods).unwrap_or_default(),
                s.referral_terms.as_ref().map(|t| t.to_string()),
                i as i64,
                now
            ]);
        }
        stores.write(&mut tx).await?;

        let mut categories = Batch::new(
            "categories",
            &[
                "id",
                "slug",
                "name",
                "parent_id",
                "description",
                "image_media",
                "position",
            ],
        );
        for (i, c) in seed.categories.iter().enumerate() {
            categories.push(row![
                category_id(c.slug),
                c.slug,
                c.name,
                c.parent.map(category_id),
                c.description,
                c.image_media.clone(),
                i as i64
            ]);
        }
        categories.write(&mut tx).await?;

        let mut models = Batch::new(
            "device_models",
            &["prefix", "code", "name", "prime", "hardware_sku"],
        );
        for (prefix, code, name, prime, sku) in &seed.models {
            models.push(row![
                prefix.clone(),
                code.clone(),
                name.clone(),
                *prime,
                sku.clone()
            ]);
        }
        models.write(&mut tx).await?;

        write_products(&mut tx, &seed.products, now).await?;
        bump_catalog_version_in(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Adds the media files whose keys are not stored yet, in one transaction
    /// (the extra media of generated products).
    pub async fn add_missing_media(&self, media: Vec<MediaSeed>) -> Result<(), DbError> {
        let mut tx = self.begin_write().await?;
        let mut batch = Batch::new(
            "media",
            &[
                "media_key",
                "content_type",
                "file_name",
                "size_bytes",
                "etag",
                "body",
                "created_at",
            ],
        );
        for m in media {
            let exists = sqlx::query("SELECT 1 AS x FROM media WHERE media_key = $1")
                .bind(&m.key)
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            if !exists {
                batch.push(row![
                    m.key.clone(),
                    m.content_type,
                    m.file_name.clone(),
                    m.body.len() as i64,
                    format!("\"{:016x}\"", fnv1a(&m.body)),
                    m.body,
                    crate::now_ms()
                ]);
            }
        }
        batch.write(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Adds products to an existing catalogue (bench generator) in one transaction.
    pub async fn write_products(&self, products: &[ProductSeed]) -> Result<(), DbError> {
        let mut tx = self.begin_write().await?;
        write_products(&mut tx, products, crate::now_ms()).await?;
        bump_catalog_version_in(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Category ids are derived from slugs so seeds can refer to them by slug.
pub fn category_id(slug: &str) -> String {
    format!("cat_{}", slug.replace('-', "_"))
}

async fn write_products(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    products: &[ProductSeed],
    now: i64,
) -> Result<(), DbError> {
    write_new_products(tx, products, now).await
}

/// Inserts whole products — rows, parts, prices and stock — with one
/// batched statement per table (parents before their variants).
pub(crate) async fn write_new_products(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    products: &[ProductSeed],
    now: i64,
) -> Result<(), DbError> {
    let mut batches = ProductBatches::new();
    // Parents before variants (foreign key on parent_id).
    let ordered = products
        .iter()
        .filter(|p| p.parent_id.is_none())
        .chain(products.iter().filter(|p| p.parent_id.is_some()));
    for p in ordered {
        batches.push_product(p, now);
        batches.push_parts(p);
        batches.push_offers(p, now);
    }
    batches.write(tx).await
}

/// Inserts a product's parts (attributes, categories, labels, options,
/// specification, package, downloads, images) — not its row, prices or
/// stock. The back-office replaces a product's parts through here.
pub(crate) async fn write_product_parts(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    p: &ProductSeed,
) -> Result<(), DbError> {
    let mut batches = ProductBatches::new();
    batches.push_parts(p);
    batches.write(tx).await
}

/// The columns of the `products` table a seed writes.
const PRODUCT_COLUMNS: &[&str] = &[
    "id",
    "sku",
    "slug",
    "name",
    "brand",
    "product_type",
    "parent_id",
    "summary",
    "description",
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
    "position",
    "created_at",
    "updated_at",
];

/// One batched insert per product table, filled product by product.
struct ProductBatches {
    products: Batch,
    attrs: Batch,
    cats: Batch,
    labels: Batch,
    prices: Batch,
    stock: Batch,
    options: Batch,
    values: Batch,
    specs: Batch,
    package: Batch,
    downloads: Batch,
    images: Batch,
}

impl ProductBatches {
    fn new() -> ProductBatches {
        ProductBatches {
            products: Batch::new("products", PRODUCT_COLUMNS),
            attrs: Batch::new(
                "product_attributes",
                &[
                    "product_id",
                    "code",
                    "label",
                    "value",
                    "value_label",
                    "position",
                ],
            ),
            cats: Batch::new(
                "product_categories",
                &["product_id", "category_id", "position"],
            ),
            labels: Batch::new("product_labels", &["product_id", "label"]),
            prices: Batch::new(
                "product_prices",
                &[
                    "product_id",
                    "store_code",
                    "price_cents",
                    "compare_at_cents",
                    "sold",
                ],
            ),
            stock: Batch::new(
                "stock",
                &[
                    "product_id",
                    "warehouse",
                    "on_hand",
                    "available",
                    "updated_at",
                ],
            ),
            options: Batch::new(
                "product_options",
                &[
                    "id",
                    "product_id",
                    "code",
                    "label",
                    "kind",
                    "required",
                    "pattern",
                    "help",
                    "position",
                ],
            ),
            values: Batch::new(
                "product_option_values",
                &[
                    "option_id",
                    "code",
                    "label",
                    "price_delta_cents",
                    "price_delta_bp",
                    "position",
                ],
            ),
            specs: Batch::new(
                "product_specs",
                &["product_id", "position", "spec_group", "name", "value"],
            ),
            package: Batch::new(
                "product_package_items",
                &["product_id", "position", "item", "qty"],
            ),
            downloads: Batch::new(
                "product_downloads",
                &[
                    "product_id",
                    "position",
                    "title",
                    "kind",
                    "media_key",
                    "version",
                ],
            ),
            images: Batch::new(
                "product_images",
                &["product_id", "position", "media_key", "alt"],
            ),
        }
    }

    /// The `products` row.
    fn push_product(&mut self, p: &ProductSeed, now: i64) {
        let (models, prime) = match &p.eligibility {
            Some((models, prime)) => (
                Some(serde_json::to_string(models).unwrap_or_default()),
                Some(prime.as_str().to_owned()),
            ),
            None => (None, None),
        };
        self.products.push(row![
            p.id.clone(),
            p.sku.clone(),
            p.slug.clone(),
            p.name.clone(),
            p.brand.as_str(),
            p.product_type.as_str(),
            p.parent_id.clone(),
            p.summary.clone(),
            p.description.clone(),
            p.status.as_str(),
            p.purchasable,
            p.featured,
            p.price,
            p.compare_at,
            p.min_qty,
            p.max_qty,
            p.qty_step,
            p.weight_grams,
            p.term_months,
            p.data_mb,
            p.validity_days,
            p.stackable,
            models,
            prime,
            p.position,
            p.created_at,
            now
        ]);
    }

    /// Everything but the row, the prices and the stock.
    fn push_parts(&mut self, p: &ProductSeed) {
        self.push_listing(p);
        self.push_options(p);
        self.push_content(p);
    }

    /// Where the product is listed: attributes, categories and labels.
    fn push_listing(&mut self, p: &ProductSeed) {
        let id = &p.id;
        for (i, (code, label, value, value_label)) in p.attributes.iter().enumerate() {
            self.attrs.push(row![
                id.clone(),
                code.clone(),
                label.clone(),
                value.clone(),
                value_label.clone(),
                i as i64
            ]);
        }
        for (i, c) in p.categories.iter().enumerate() {
            self.cats.push(row![id.clone(), category_id(c), i as i64]);
        }
        for l in &p.labels {
            self.labels.push(row![id.clone(), l.as_str()]);
        }
    }

    /// Where and how it is sold: per-store prices and stock.
    fn push_offers(&mut self, p: &ProductSeed, now: i64) {
        let id = &p.id;
        for pr in &p.prices {
            self.prices.push(row![
                id.clone(),
                pr.store.clone(),
                pr.price,
                pr.compare_at,
                pr.sold
            ]);
        }
        for (w, qty) in &p.stock {
            self.stock
                .push(row![id.clone(), w.as_str(), *qty, *qty, now]);
        }
    }

    /// The purchase options and their values.
    fn push_options(&mut self, p: &ProductSeed) {
        let id = &p.id;
        for (i, o) in p.options.iter().enumerate() {
            let oid = format!("opt_{}_{}", id.trim_start_matches("prd_"), o.code);
            self.options.push(row![
                oid.clone(),
                id.clone(),
                o.code.clone(),
                o.label.clone(),
                o.kind.as_str(),
                o.required,
                o.pattern.clone(),
                o.help.clone(),
                i as i64
            ]);
            for (j, (code, label, cents, bp)) in o.values.iter().enumerate() {
                self.values.push(row![
                    oid.clone(),
                    code.clone(),
                    label.clone(),
                    *cents,
                    *bp,
                    j as i64
                ]);
            }
        }
    }

    /// The product page content: specs, package items, downloads and images.
    fn push_content(&mut self, p: &ProductSeed) {
        let id = &p.id;
        for (i, (g, n, v)) in p.specs.iter().enumerate() {
            self.specs
                .push(row![id.clone(), i as i64, g.clone(), n.clone(), v.clone()]);
        }
        for (i, (item, qty)) in p.package.iter().enumerate() {
            self.package
                .push(row![id.clone(), i as i64, item.clone(), *qty]);
        }
        for (i, d) in p.downloads.iter().enumerate() {
            self.downloads.push(row![
                id.clone(),
                i as i64,
                d.title.clone(),
                d.kind.as_str(),
                d.media_key.clone(),
                d.version.clone()
            ]);
        }
        for (i, (key, alt)) in p.images.iter().enumerate() {
            self.images
                .push(row![id.clone(), i as i64, key.clone(), alt.clone()]);
        }
    }

    /// Writes every batch, parents' tables first.
    async fn write(self, tx: &mut sqlx::Transaction<'static, sqlx::Any>) -> Result<(), DbError> {
        for b in [
            self.products,
            self.attrs,
            self.cats,
            self.labels,
            self.prices,
            self.stock,
            self.options,
            self.values,
            self.specs,
            self.package,
            self.downloads,
            self.images,
        ] {
            b.write(tx).await?;
        }
        Ok(())
    }
}
