//! Stores and mini-stores as staff run them (SPEC §3, §15): every store
//! with its settings and version, creating one, changing one with a version
//! check, and the products a `selected` catalogue sells. Each write bumps
//! the catalogue version (the read model rebuilds on every server).

use crate::audit::StaffWrite;
use crate::catalog::bump_catalog_version_in;
use crate::{DbError, Flag};
use sqlx::{Any, AnyConnection, FromRow, Row, Transaction};

/// A store as the back-office shows it.
#[derive(Debug, Clone, FromRow)]
pub struct StaffStoreRow {
    pub code: String,
    pub kind: String,
    pub region: String,
    pub name: String,
    pub currency: String,
    #[sqlx(try_from = "i64")]
    pub active: Flag,
    #[sqlx(try_from = "i64")]
    pub is_default: Flag,
    pub partner_id: Option<String>,
    pub partner_name: Option<String>,
    pub store_key: Option<String>,
    pub display_name: String,
    pub tagline: Option<String>,
    pub logo_media: Option<String>,
    pub accent_color: String,
    pub catalogue: String,
    pub payment_methods: String,
    pub shipping_methods: String,
    pub referral_terms: Option<String>,
    pub price_floor_bp: i64,
    pub version: i64,
    /// Products with a row in the store's price list marked sold.
    pub selected_products: i64,
    /// Entries with a price of the store's own.
    pub own_prices: i64,
}

const STAFF_STORE_SELECT: &str = "SELECT s.code, s.kind, s.region, s.name, s.currency, \
    CAST(s.active AS INTEGER) AS active, CAST(s.is_default AS INTEGER) AS is_default, s.partner_id, \
    pa.name AS partner_name, s.store_key, s.display_name, s.tagline, s.logo_media, s.accent_color, \
    s.catalogue, s.payment_methods, s.shipping_methods, s.referral_terms, s.price_floor_bp, s.version, \
    (SELECT COUNT(*) FROM product_prices pp WHERE pp.store_code = s.code AND pp.sold = TRUE) AS selected_products, \
    (SELECT COUNT(*) FROM product_prices pp WHERE pp.store_code = s.code AND pp.price_cents IS NOT NULL) AS own_prices \
    FROM stores s LEFT JOIN partners pa ON pa.id = s.partner_id";

/// Every store, eStores first, then by position.
pub async fn staff_stores(conn: &mut AnyConnection) -> Result<Vec<StaffStoreRow>, DbError> {
    let sql = format!("{STAFF_STORE_SELECT} ORDER BY s.position, s.code");
    Ok(sqlx::query_as::<_, StaffStoreRow>(sqlx::AssertSqlSafe(sql))
        .fetch_all(conn)
        .await?)
}

/// One store by code.
pub async fn staff_store(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<StaffStoreRow>, DbError> {
    let sql = format!("{STAFF_STORE_SELECT} WHERE s.code = $1");
    Ok(sqlx::query_as::<_, StaffStoreRow>(sqlx::AssertSqlSafe(sql))
        .bind(code)
        .fetch_optional(conn)
        .await?)
}

/// A store's settings as staff save them (already checked).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct StoreSettings {
    pub kind: String,
    pub region: String,
    pub name: String,
    pub display_name: String,
    pub tagline: Option<String>,
    pub logo_media: Option<String>,
    pub accent_color: String,
    pub active: bool,
    pub is_default: bool,
    /// `all` or `selected`.
    pub catalogue: String,
    pub payment_methods: Vec<String>,
    pub shipping_methods: Vec<String>,
    pub partner_id: Option<String>,
    pub store_key: Option<String>,
    pub price_floor_bp: i64,
    /// JSON (referral stores).
    pub referral_terms: Option<String>,
}

/// Why a store save was refused.
#[derive(Debug, thiserror::Error)]
pub enum StoreSaveError {
    /// The code or key is another store's (the field).
    #[error("{0} is taken")]
    Taken(&'static str),
    #[error("the store changed (now version {0})")]
    VersionConflict(i64),
    #[error("no such store")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for StoreSaveError {
    fn from(e: sqlx::Error) -> Self {
        StoreSaveError::Db(DbError::Sqlx(e))
    }
}

async fn check_free(
    tx: &mut Transaction<'static, Any>,
    code: &str,
    key: Option<&str>,
    creating: bool,
) -> Result<(), StoreSaveError> {
    if creating {
        let taken = sqlx::query("SELECT 1 AS x FROM stores WHERE code = $1")
            .bind(code)
            .fetch_optional(&mut **tx)
            .await?;
        if taken.is_some() {
            return Err(StoreSaveError::Taken("code"));
        }
    }
    if let Some(key) = key {
        let taken = sqlx::query("SELECT 1 AS x FROM stores WHERE store_key = $1 AND code <> $2")
            .bind(key)
            .bind(code)
            .fetch_optional(&mut **tx)
            .await?;
        if taken.is_some() {
            return Err(StoreSaveError::Taken("store_key"));
        }
    }
    Ok(())
}

/// A new store at the end of the list.
pub async fn create_store(
    w: &mut StaffWrite,
    code: &str,
    s: &StoreSettings,
) -> Result<(), StoreSaveError> {
    let tx = w.tx();
    check_free(tx, code, s.store_key.as_deref(), true).await?;
    let position: i64 =
        sqlx::query("SELECT CAST(COALESCE(MAX(position), 0) + 1 AS BIGINT) AS p FROM stores")
            .fetch_one(&mut **tx)
            .await?
            .try_get("p")?;
    sqlx::query(
        "INSERT INTO stores (code, kind, region, name, currency, active, is_default, partner_name, store_key, \
         display_name, tagline, logo_media, accent_color, catalogue, payment_methods, shipping_methods, \
         referral_terms, position, created_at, partner_id, price_floor_bp, version) \
         VALUES ($1, $2, $3, $4, 'USD', $5, FALSE, NULL, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 1)",
    )
    .bind(code)
    .bind(&s.kind)
    .bind(&s.region)
    .bind(&s.name)
    .bind(s.active)
    .bind(&s.store_key)
    .bind(&s.display_name)
    .bind(&s.tagline)
    .bind(&s.logo_media)
    .bind(&s.accent_color)
    .bind(&s.catalogue)
    .bind(serde_json::to_string(&s.payment_methods).unwrap_or_default())
    .bind(serde_json::to_string(&s.shipping_methods).unwrap_or_default())
    .bind(&s.referral_terms)
    .bind(position)
    .bind(crate::now_ms())
    .bind(&s.partner_id)
    .bind(s.price_floor_bp)
    .execute(&mut **tx)
    .await?;
    if s.is_default {
        make_default(tx, code).await?;
    }
    bump_catalog_version_in(tx).await?;
    Ok(())
}

/// Replaces a store's settings when it is still at `expected_version`; the
/// new version.
pub async fn update_store(
    w: &mut StaffWrite,
    code: &str,
    s: &StoreSettings,
    expected_version: i64,
) -> Result<i64, StoreSaveError> {
    let tx = w.tx();
    check_free(tx, code, s.store_key.as_deref(), false).await?;
    let done = sqlx::query(
        "UPDATE stores SET kind = $1, region = $2, name = $3, active = $4, store_key = $5, display_name = $6, \
         tagline = $7, logo_media = $8, accent_color = $9, catalogue = $10, payment_methods = $11, \
         shipping_methods = $12, referral_terms = $13, partner_id = $14, price_floor_bp = $15, \
         version = version + 1 WHERE code = $16 AND version = $17",
    )
    .bind(&s.kind)
    .bind(&s.region)
    .bind(&s.name)
    .bind(s.active)
    .bind(&s.store_key)
    .bind(&s.display_name)
    .bind(&s.tagline)
    .bind(&s.logo_media)
    .bind(&s.accent_color)
    .bind(&s.catalogue)
    .bind(serde_json::to_string(&s.payment_methods).unwrap_or_default())
    .bind(serde_json::to_string(&s.shipping_methods).unwrap_or_default())
    .bind(&s.referral_terms)
    .bind(&s.partner_id)
    .bind(s.price_floor_bp)
    .bind(code)
    .bind(expected_version)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if done == 0 {
        let row = sqlx::query("SELECT version FROM stores WHERE code = $1")
            .bind(code)
            .fetch_optional(&mut **tx)
            .await?;
        return match row {
            Some(r) => Err(StoreSaveError::VersionConflict(r.try_get("version")?)),
            None => Err(StoreSaveError::NotFound),
        };
    }
    if s.is_default {
        make_default(tx, code).await?;
    }
    bump_catalog_version_in(tx).await?;
    Ok(expected_version + 1)
}

/// Makes `code` the one default store.
async fn make_default(tx: &mut Transaction<'static, Any>, code: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE stores SET is_default = (code = $1)")
        .bind(code)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The products a store's price list marks sold (a `selected` catalogue's
/// selection), as SKUs in order.
pub async fn store_selection(conn: &mut AnyConnection, code: &str) -> Result<Vec<String>, DbError> {
    let rows = sqlx::query(
        "SELECT p.sku FROM product_prices pp JOIN products p ON p.id = pp.product_id \
         WHERE pp.store_code = $1 AND pp.sold = TRUE ORDER BY p.sku",
    )
    .bind(code)
    .fetch_all(conn)
    .await?;
    rows.iter().map(|r| Ok(r.try_get("sku")?)).collect()
}

/// Sells exactly `product_ids` in the store: their entries are marked sold
/// (a price of the store's own is kept), every other entry not sold.
pub async fn set_store_selection(
    w: &mut StaffWrite,
    code: &str,
    product_ids: &[String],
) -> Result<(), DbError> {
    let tx = w.tx();
    sqlx::query("UPDATE product_prices SET sold = FALSE WHERE store_code = $1")
        .bind(code)
        .execute(&mut **tx)
        .await?;
    for id in product_ids {
        sqlx::query(
            "INSERT INTO product_prices (product_id, store_code, price_cents, compare_at_cents, sold) \
             VALUES ($1, $2, NULL, NULL, TRUE) ON CONFLICT (product_id, store_code) DO UPDATE SET sold = TRUE",
        )
        .bind(id)
        .bind(code)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query("UPDATE stores SET version = version + 1 WHERE code = $1")
        .bind(code)
        .execute(&mut **tx)
        .await?;
    bump_catalog_version_in(tx).await
}

/// A partner a mini-store may belong to.
#[derive(Debug, Clone, FromRow)]
pub struct PartnerChoice {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
}

/// Every partner, by name.
pub async fn partner_choices(conn: &mut AnyConnection) -> Result<Vec<PartnerChoice>, DbError> {
    Ok(sqlx::query_as::<_, PartnerChoice>(
        "SELECT pa.id, pa.name, u.email FROM partners pa LEFT JOIN users u ON u.id = pa.user_id ORDER BY pa.name",
    )
    .fetch_all(conn)
    .await?)
}
