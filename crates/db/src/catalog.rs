//! Catalogue storage: loading everything the in-memory read model needs in a
//! handful of queries, the catalogue version counter, and media files. The
//! stock rows the read model loads come from [`crate::stock`].

use crate::stock::{StockRow, all_stock_rows};
use crate::{Db, DbError, Flag};
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreRow {
    pub code: String,
    pub kind: String,
    pub region: String,
    pub name: String,
    pub currency: String,
    #[sqlx(try_from = "i64")]
    pub active: Flag,
    #[sqlx(try_from = "i64")]
    pub is_default: Flag,
    pub partner_name: Option<String>,
    /// The partner that owns a mini-store.
    pub partner_id: Option<String>,
    /// A mini-store's prices may not go below this share (basis points) of
    /// its region's eStore price.
    pub price_floor_bp: i64,
    pub store_key: Option<String>,
    pub display_name: String,
    pub tagline: Option<String>,
    pub logo_media: Option<String>,
    pub accent_color: String,
    pub catalogue: String,
    pub payment_methods: String,
    pub shipping_methods: String,
    pub referral_terms: Option<String>,
    pub position: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub description: String,
    pub image_media: Option<String>,
    pub position: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductRow {
    pub id: String,
    pub sku: String,
    pub slug: String,
    pub name: String,
    pub brand: String,
    pub product_type: String,
    pub parent_id: Option<String>,
    pub summary: String,
    pub description: String,
    pub status: String,
    #[sqlx(try_from = "i64")]
    pub purchasable: Flag,
    #[sqlx(try_from = "i64")]
    pub featured: Flag,
    pub price_cents: i64,
    pub compare_at_cents: Option<i64>,
    pub min_qty: i64,
    pub max_qty: Option<i64>,
    pub qty_step: i64,
    pub weight_grams: Option<i64>,
    pub term_months: Option<i64>,
    pub data_mb: Option<i64>,
    pub validity_days: Option<i64>,
    #[sqlx(try_from = "i64")]
    pub stackable: Flag,
    pub eligibility_models: Option<String>,
    pub eligibility_prime: Option<String>,
    pub position: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AttributeRow {
    pub product_id: String,
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
    pub position: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductCategoryRow {
    pub product_id: String,
    pub category_id: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductLabelRow {
    pub product_id: String,
    pub label: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PriceRow {
    pub product_id: String,
    pub store_code: String,
    pub price_cents: Option<i64>,
    pub compare_at_cents: Option<i64>,
    #[sqlx(try_from = "i64")]
    pub sold: Flag,
}

/// An entry of an eStore's partner price list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PartnerPriceRow {
    pub product_id: String,
    pub store_code: String,
    pub price_cents: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OptionRow {
    pub id: String,
    pub product_id: String,
    pub code: String,
    pub label: String,
    pub kind: String,
    #[sqlx(try_from = "i64")]
    pub required: Flag,
    pub pattern: Option<String>,
    pub help: Option<String>,
    pub position: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OptionValueRow {
    pub option_id: String,
    pub code: String,
    pub label: String,
    pub price_delta_cents: Option<i64>,
    pub price_delta_bp: Option<i64>,
    pub position: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SpecRow {
    pub product_id: String,
    pub position: i64,
    pub spec_group: String,
    pub name: String,
    pub value: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PackageRow {
    pub product_id: String,
    pub position: i64,
    pub item: String,
    pub qty: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DownloadRow {
    pub product_id: String,
    pub position: i64,
    pub title: String,
    pub kind: String,
    pub media_key: String,
    pub version: Option<String>,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ImageRow {
    pub product_id: String,
    pub position: i64,
    pub media_key: String,
    pub alt: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeviceModelRow {
    pub prefix: String,
    pub code: String,
    pub name: String,
    #[sqlx(try_from = "i64")]
    pub prime: Flag,
    pub hardware_sku: Option<String>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MediaRow {
    pub media_key: String,
    pub content_type: String,
    pub file_name: String,
    pub size_bytes: i64,
    pub etag: String,
    pub body: Vec<u8>,
}

const STORES_SQL: &str = "SELECT code, kind, region, name, currency, CAST(active AS INTEGER) AS active, CAST(is_default AS INTEGER) AS is_default, partner_name, partner_id, price_floor_bp, store_key, display_name, tagline, logo_media, accent_color, catalogue, payment_methods, shipping_methods, referral_terms, position FROM stores ORDER BY position, code";
const CATEGORIES_SQL: &str = "SELECT id, slug, name, parent_id, description, image_media, position FROM categories ORDER BY position, slug";
const MODELS_SQL: &str = "SELECT prefix, code, name, CAST(prime AS INTEGER) AS prime, hardware_sku FROM device_models ORDER BY prefix";

/// Every catalogue row, as loaded for one read-model build.
#[derive(Debug, Default, Clone)]
pub struct CatalogRows {
    pub version: i64,
    /// The stock version read with `version` (before the rows).
    pub stock_version: i64,
    pub stores: Vec<StoreRow>,
    pub categories: Vec<CategoryRow>,
    pub products: Vec<ProductRow>,
    pub attributes: Vec<AttributeRow>,
    pub product_categories: Vec<ProductCategoryRow>,
    pub labels: Vec<ProductLabelRow>,
    pub prices: Vec<PriceRow>,
    pub partner_prices: Vec<PartnerPriceRow>,
    pub stock: Vec<StockRow>,
    pub options: Vec<OptionRow>,
    pub option_values: Vec<OptionValueRow>,
    pub specs: Vec<SpecRow>,
    pub package: Vec<PackageRow>,
    pub downloads: Vec<DownloadRow>,
    pub images: Vec<ImageRow>,
    pub models: Vec<DeviceModelRow>,
}

impl CatalogRows {
    /// Puts `part` (the rows of the products `ids`, read by
    /// [`Db::load_catalog_products`]) in place of these products' rows, and
    /// takes its versions and small tables. A product keeps its place (the
    /// catalogue order); each part row is keyed by its product, and the read
    /// model groups them by product in the order read. The versions are
    /// left to the caller (the version whose changes were read is the one
    /// the rows now hold, whatever `part` read later). Returns false when a
    /// product of `part` is not among these rows (a new product: read
    /// everything instead).
    pub fn patch(&mut self, part: CatalogRows, ids: &[String]) -> bool {
        let changed: std::collections::HashSet<&str> = ids.iter().map(String::as_str).collect();
        let mut fresh: HashMap<String, ProductRow> = part
            .products
            .into_iter()
            .map(|p| (p.id.clone(), p))
            .collect();
        let at: HashMap<&str, usize> = self
            .products
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.as_str(), i))
            .collect();
        if fresh.keys().any(|id| !at.contains_key(id.as_str())) {
            return false;
        }
        let present: std::collections::HashSet<String> = fresh.keys().cloned().collect();
        for p in &mut self.products {
            if let Some(row) = fresh.remove(&p.id) {
                *p = row;
            }
        }
        // A changed product whose row is gone leaves the catalogue.
        self.products
            .retain(|p| !changed.contains(p.id.as_str()) || present.contains(&p.id));
        let old_options: std::collections::HashSet<String> = self
            .options
            .iter()
            .filter(|o| changed.contains(o.product_id.as_str()))
            .map(|o| o.id.clone())
            .collect();
        macro_rules! swap {
            ($field:ident) => {
                self.$field
                    .retain(|r| !changed.contains(r.product_id.as_str()));
                self.$field.extend(part.$field);
            };
        }
        swap!(attributes);
        swap!(product_categories);
        swap!(labels);
        swap!(prices);
        swap!(partner_prices);
        swap!(options);
        swap!(specs);
        swap!(package);
        swap!(downloads);
        swap!(images);
        self.option_values
            .retain(|v| !old_options.contains(&v.option_id));
        self.option_values.extend(part.option_values);
        self.stores = part.stores;
        self.categories = part.categories;
        self.models = part.models;
        true
    }
}

/// The read model's freshness counters (see [`Db::versions`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Versions {
    /// Bumped by every change to catalogue tables.
    pub catalog: i64,
    /// Bumped when a stock write moves a product between stock bands (out of
    /// stock, low, in stock); kept by a trigger (migration 48, decision D69).
    pub stock: i64,
}

pub use crate::catalog_version::{
    bump_catalog_version_for_in, bump_catalog_version_in, catalog_version_in, changed_products,
};

impl Db {
    /// Both freshness counters in one query.
    pub async fn versions(&self) -> Result<Versions, DbError> {
        let row = sqlx::query(
            "SELECT c.version AS catalog, s.version AS stock \
             FROM catalog_version c CROSS JOIN stock_version s WHERE c.id = 1 AND s.id = 1",
        )
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map_or(Versions::default(), |r| Versions {
            catalog: r.get::<i64, _>("catalog"),
            stock: r.get::<i64, _>("stock"),
        }))
    }

    /// The catalogue version: bumped by every change to catalogue tables.
    pub async fn catalog_version(&self) -> Result<i64, DbError> {
        let row = sqlx::query("SELECT version FROM catalog_version WHERE id = 1")
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map_or(0, |r| r.get::<i64, _>("version")))
    }

    /// Bumps the catalogue version outside a transaction (e.g. after an admin edit).
    pub async fn bump_catalog_version(&self) -> Result<i64, DbError> {
        let row = sqlx::query(
            "UPDATE catalog_version SET version = version + 1, updated_at = $1 WHERE id = 1 RETURNING version",
        )
        .bind(crate::now_ms())
        .fetch_one(self.writer())
        .await?;
        Ok(row.get::<i64, _>("version"))
    }

    pub async fn store_count(&self) -> Result<i64, DbError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM stores")
            .fetch_one(self.pool())
            .await?;
        Ok(row.get::<i64, _>("n"))
    }

    /// Products a listing can show: active, and not a variant of another.
    pub async fn listable_product_count(&self) -> Result<i64, DbError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM products WHERE parent_id IS NULL AND status = 'active'",
        )
        .fetch_one(self.pool())
        .await?;
        Ok(row.get::<i64, _>("n"))
    }

    /// The products changed after version `after` up to `upto`, when every
    /// version in between recorded them (see [`changed_products`]).
    pub async fn catalog_changes(
        &self,
        after: i64,
        upto: i64,
    ) -> Result<Option<Vec<String>>, DbError> {
        changed_products(self.pool(), after, upto).await
    }

    /// The rows of `ids` alone (the product, its parts, its store and partner
    /// prices), with the small tables whole (stores, categories, models) and
    /// no stock: what [`CatalogRows::patch`] puts into the rows of an
    /// earlier version. The versions are read first, as for a full load.
    pub async fn load_catalog_products(&self, ids: &[String]) -> Result<CatalogRows, DbError> {
        self.load_catalog_rows(Some(ids)).await
    }

    /// Loads the whole catalogue (active and inactive rows; the read model filters).
    /// The versions are read first, so a change during the load triggers another build.
    pub async fn load_catalog(&self) -> Result<CatalogRows, DbError> {
        self.load_catalog_rows(None).await
    }

    /// Every product's rows, or only those of `only` (then without stock):
    /// one query per table, the same for both but for the `IN` filter.
    async fn load_catalog_rows(&self, only: Option<&[String]>) -> Result<CatalogRows, DbError> {
        let pool = self.pool();
        let versions = self.versions().await?;
        let within = only.map(|ids| {
            (1..=ids.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ")
        });
        let options_within = within
            .as_ref()
            .map(|w| format!("SELECT id FROM product_options WHERE product_id IN ({w})"));
        macro_rules! rows {
            ($ty:ty, $select:expr, $column:expr, $within:expr, $order:expr) => {{
                let filter = $within
                    .as_ref()
                    .map(|w| format!(" WHERE {} IN ({w})", $column))
                    .unwrap_or_default();
                let sql = format!("{}{filter}{}", $select, $order);
                let mut q = sqlx::query_as::<_, $ty>(sqlx::AssertSqlSafe(sql));
                for id in only.unwrap_or_default() {
                    q = q.bind(id.clone());
                }
                q.fetch_all(pool).await?
            }};
            ($ty:ty, $select:expr, $column:expr, $order:expr) => {
                rows!($ty, $select, $column, within, $order)
            };
        }
        macro_rules! all {
            ($ty:ty, $sql:expr) => {
                sqlx::query_as::<_, $ty>($sql).fetch_all(pool).await?
            };
        }
        const BY_PRODUCT: &str = " ORDER BY product_id, position";
        Ok(CatalogRows {
            version: versions.catalog,
            stock_version: versions.stock,
            stores: all!(StoreRow, STORES_SQL),
            categories: all!(CategoryRow, CATEGORIES_SQL),
            products: rows!(
                ProductRow,
                "SELECT id, sku, slug, name, brand, product_type, parent_id, summary, description, status, CAST(purchasable AS INTEGER) AS purchasable, CAST(featured AS INTEGER) AS featured, price_cents, compare_at_cents, min_qty, max_qty, qty_step, weight_grams, term_months, data_mb, validity_days, CAST(stackable AS INTEGER) AS stackable, eligibility_models, eligibility_prime, position, created_at, updated_at FROM products",
                "id",
                " ORDER BY position, sku"
            ),
            attributes: rows!(
                AttributeRow,
                "SELECT product_id, code, label, value, value_label, position FROM product_attributes",
                "product_id",
                BY_PRODUCT
            ),
            product_categories: rows!(
                ProductCategoryRow,
                "SELECT product_id, category_id FROM product_categories",
                "product_id",
                BY_PRODUCT
            ),
            labels: rows!(
                ProductLabelRow,
                "SELECT product_id, label FROM product_labels",
                "product_id",
                ""
            ),
            prices: rows!(
                PriceRow,
                "SELECT product_id, store_code, price_cents, compare_at_cents, CAST(sold AS INTEGER) AS sold FROM product_prices",
                "product_id",
                ""
            ),
            partner_prices: rows!(
                PartnerPriceRow,
                "SELECT product_id, store_code, price_cents FROM partner_prices",
                "product_id",
                ""
            ),
            stock: match only {
                None => all_stock_rows(pool).await?,
                Some(_) => Vec::new(),
            },
            options: rows!(
                OptionRow,
                "SELECT id, product_id, code, label, kind, CAST(required AS INTEGER) AS required, pattern, help, position FROM product_options",
                "product_id",
                BY_PRODUCT
            ),
            option_values: rows!(
                OptionValueRow,
                "SELECT option_id, code, label, price_delta_cents, price_delta_bp, position FROM product_option_values",
                "option_id",
                options_within,
                " ORDER BY option_id, position"
            ),
            specs: rows!(
                SpecRow,
                "SELECT product_id, position, spec_group, name, value FROM product_specs",
                "product_id",
                BY_PRODUCT
            ),
            package: rows!(
                PackageRow,
                "SELECT product_id, position, item, qty FROM product_package_items",
                "product_id",
                BY_PRODUCT
            ),
            downloads: rows!(
                DownloadRow,
                "SELECT d.product_id, d.position, d.title, d.kind, d.media_key, d.version, m.file_name, m.content_type, m.size_bytes FROM product_downloads d JOIN media m ON m.media_key = d.media_key",
                "d.product_id",
                " ORDER BY d.product_id, d.position"
            ),
            images: rows!(
                ImageRow,
                "SELECT product_id, position, media_key, alt FROM product_images",
                "product_id",
                BY_PRODUCT
            ),
            models: all!(DeviceModelRow, MODELS_SQL),
        })
    }

    /// One media file (image or download) by key.
    pub async fn media(&self, key: &str) -> Result<Option<MediaRow>, DbError> {
        Ok(sqlx::query_as::<_, MediaRow>(
            "SELECT media_key, content_type, file_name, size_bytes, etag, body FROM media WHERE media_key = $1",
        )
        .bind(key)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Sets a product's list price and bumps the catalogue version.
    pub async fn set_list_price(
        &self,
        product_id: &str,
        price_cents: i64,
    ) -> Result<bool, DbError> {
        let mut tx = self.begin_write().await?;
        let done =
            sqlx::query("UPDATE products SET price_cents = $1, updated_at = $2 WHERE id = $3")
                .bind(price_cents)
                .bind(crate::now_ms())
                .bind(product_id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        bump_catalog_version_in(&mut tx).await?;
        tx.commit().await?;
        Ok(done == 1)
    }
}

/// The stock rows alone, for a read model whose catalogue did not change.
#[derive(Debug, Default)]
pub struct StockRows {
    /// Both versions, read before the rows.
    pub versions: Versions,
    pub stock: Vec<StockRow>,
}

impl Db {
    /// The stock rows (what a stock-only rebuild of the read model reads).
    pub async fn load_stock(&self) -> Result<StockRows, DbError> {
        let versions = self.versions().await?;
        let stock = all_stock_rows(self.pool()).await?;
        Ok(StockRows { versions, stock })
    }
}

/// Stores an uploaded file (a logo, a product image or download) as media; its key.
pub async fn insert_media(
    conn: &mut AnyConnection,
    content_type: &str,
    file_name: &str,
    body: &[u8],
) -> Result<String, DbError> {
    // Media are immutable: a new upload is a new key (and so a new URL that
    // browsers may cache for ever).
    let key = uplink_domain::ids::new_id("upl");
    sqlx::query(
        "INSERT INTO media (media_key, content_type, file_name, size_bytes, etag, body, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&key)
    .bind(content_type)
    .bind(file_name)
    .bind(body.len() as i64)
    .bind(format!("\"{key}\""))
    .bind(body)
    .bind(crate::now_ms())
    .execute(conn)
    .await?;
    Ok(key)
}

/// A media file's facts, without its body.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MediaInfoRow {
    pub media_key: String,
    pub content_type: String,
    pub file_name: String,
    pub size_bytes: i64,
}

/// A media file's facts by key.
pub async fn media_info(
    conn: &mut AnyConnection,
    key: &str,
) -> Result<Option<MediaInfoRow>, DbError> {
    Ok(sqlx::query_as::<_, MediaInfoRow>(
        "SELECT media_key, content_type, file_name, size_bytes FROM media WHERE media_key = $1",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?)
}

// ----- single rows inside a transaction -----
//
// What pricing reads of one store, product or option when an order or a
// quotation is written outside checkout (the demo orders and quotations).

/// A store's region and currency.
pub async fn store_region_currency_in(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<(String, String)>, DbError> {
    Ok(
        sqlx::query_as("SELECT region, currency FROM stores WHERE code = $1")
            .bind(code)
            .fetch_optional(conn)
            .await?,
    )
}

/// What an order line keeps of its product, and its list price.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductFacts {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub product_type: String,
    pub parent_id: Option<String>,
    pub weight_grams: Option<i64>,
    pub price_cents: i64,
}

/// A product by SKU.
pub async fn product_facts_in(
    conn: &mut AnyConnection,
    sku: &str,
) -> Result<Option<ProductFacts>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, sku, name, product_type, parent_id, weight_grams, price_cents \
         FROM products WHERE sku = $1",
    )
    .bind(sku)
    .fetch_optional(conn)
    .await?)
}

/// A product's row of a store's price list: its own price (if any) and
/// whether the store sells it.
pub async fn store_price_in(
    conn: &mut AnyConnection,
    product_id: &str,
    store: &str,
) -> Result<Option<(Option<i64>, bool)>, DbError> {
    let row: Option<(Option<i64>, i64)> = sqlx::query_as(
        "SELECT price_cents, CAST(sold AS INTEGER) FROM product_prices \
         WHERE product_id = $1 AND store_code = $2",
    )
    .bind(product_id)
    .bind(store)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(price, sold)| (price, sold != 0)))
}

/// A value of one of a product's own options, by option and value code.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OptionChoice {
    pub label: String,
    pub value_label: String,
    pub price_delta_cents: Option<i64>,
    pub price_delta_bp: Option<i64>,
}

pub async fn option_choice_in(
    conn: &mut AnyConnection,
    product_id: &str,
    option: &str,
    value: &str,
) -> Result<Option<OptionChoice>, DbError> {
    Ok(sqlx::query_as(
        "SELECT o.label AS label, v.label AS value_label, v.price_delta_cents, v.price_delta_bp \
         FROM product_options o JOIN product_option_values v ON v.option_id = o.id \
         WHERE o.product_id = $1 AND o.code = $2 AND v.code = $3",
    )
    .bind(product_id)
    .bind(option)
    .bind(value)
    .fetch_optional(conn)
    .await?)
}
