//! Partner mini-stores and partner price lists (SPEC §3, §10, D102): which
//! mini-stores a partner owns, their products and prices (`product_prices`
//! rows of a `selected` catalogue), branding and whether they are open, and
//! the partner price list of an eStore. Every write here changes what the
//! storefront shows, so it bumps the catalogue version in its transaction:
//! every server's read model rebuilds within a second.

use crate::catalog::bump_catalog_version_in;
use crate::{Db, DbError, Flag};
use sqlx::{AnyConnection, FromRow};

/// A mini-store as its partner manages it (open or paused).
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct MiniStoreRow {
    pub code: String,
    pub kind: String,
    pub region: String,
    pub name: String,
    pub currency: String,
    #[sqlx(try_from = "i64")]
    pub active: Flag,
    pub partner_id: Option<String>,
    pub store_key: Option<String>,
    pub display_name: String,
    pub tagline: Option<String>,
    pub logo_media: Option<String>,
    pub accent_color: String,
    pub payment_methods: String,
    pub shipping_methods: String,
    pub price_floor_bp: i64,
}

const MINI_STORE_COLUMNS: &str = "code, kind, region, name, currency, CAST(active AS INTEGER) AS active, \
partner_id, store_key, display_name, tagline, logo_media, accent_color, payment_methods, \
shipping_methods, price_floor_bp";

/// A product a mini-store sells, with its own price (`None`: the list price).
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct MiniStoreProductRow {
    pub product_id: String,
    pub price_cents: Option<i64>,
}

/// What a partner may change of a mini-store's look and state.
#[derive(Debug, Clone, Default)]
pub struct MiniStoreChange {
    pub display_name: Option<String>,
    /// `Some(None)` clears the tagline.
    pub tagline: Option<Option<String>>,
    pub accent_color: Option<String>,
    /// The media key of a new logo (stored with [`crate::catalog::insert_media`]).
    pub logo_media: Option<String>,
    pub active: Option<bool>,
}

/// The mini-stores (of any kind with a key) a partner owns, by position.
pub async fn mini_stores_of(
    conn: &mut AnyConnection,
    partner_id: &str,
) -> Result<Vec<MiniStoreRow>, DbError> {
    let sql = format!(
        "SELECT {MINI_STORE_COLUMNS} FROM stores WHERE partner_id = $1 AND store_key IS NOT NULL \
         ORDER BY position, code"
    );
    Ok(sqlx::query_as::<_, MiniStoreRow>(sqlx::AssertSqlSafe(sql))
        .bind(partner_id)
        .fetch_all(conn)
        .await?)
}

/// A mini-store by its key (case-insensitive), open or paused.
pub async fn mini_store_by_key(
    conn: &mut AnyConnection,
    key: &str,
) -> Result<Option<MiniStoreRow>, DbError> {
    let sql = format!("SELECT {MINI_STORE_COLUMNS} FROM stores WHERE LOWER(store_key) = $1");
    Ok(sqlx::query_as::<_, MiniStoreRow>(sqlx::AssertSqlSafe(sql))
        .bind(key.trim().to_ascii_lowercase())
        .fetch_optional(conn)
        .await?)
}

/// The products a mini-store sells (its `selected` catalogue).
pub async fn mini_store_products(
    conn: &mut AnyConnection,
    store_code: &str,
) -> Result<Vec<MiniStoreProductRow>, DbError> {
    Ok(sqlx::query_as::<_, MiniStoreProductRow>(
        "SELECT product_id, price_cents FROM product_prices \
         WHERE store_code = $1 AND sold = $2 ORDER BY product_id",
    )
    .bind(store_code)
    .bind(true)
    .fetch_all(conn)
    .await?)
}

/// Changes a mini-store's branding or state; bumps the catalogue version.
pub async fn change_mini_store(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    store_code: &str,
    change: &MiniStoreChange,
) -> Result<(), DbError> {
    if let Some(name) = &change.display_name {
        set_column(tx, store_code, "display_name", Some(name.as_str())).await?;
    }
    if let Some(tagline) = &change.tagline {
        set_column(tx, store_code, "tagline", tagline.as_deref()).await?;
    }
    if let Some(accent) = &change.accent_color {
        set_column(tx, store_code, "accent_color", Some(accent.as_str())).await?;
    }
    if let Some(logo) = &change.logo_media {
        set_column(tx, store_code, "logo_media", Some(logo.as_str())).await?;
    }
    if let Some(active) = change.active {
        sqlx::query("UPDATE stores SET active = $1 WHERE code = $2")
            .bind(active)
            .bind(store_code)
            .execute(&mut **tx)
            .await?;
    }
    bump_catalog_version_in(tx).await
}

async fn set_column(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    store_code: &str,
    column: &'static str,
    value: Option<&str>,
) -> Result<(), DbError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE stores SET {column} = $1 WHERE code = $2"
    )))
    .bind(value)
    .bind(store_code)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Replaces the products a mini-store sells and their prices (`None`: the
/// region's price); bumps the catalogue version.
pub async fn replace_mini_store_products(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    store_code: &str,
    products: &[(String, Option<i64>)],
) -> Result<(), DbError> {
    sqlx::query("DELETE FROM product_prices WHERE store_code = $1")
        .bind(store_code)
        .execute(&mut **tx)
        .await?;
    for (product_id, price) in products {
        sqlx::query(
            "INSERT INTO product_prices (product_id, store_code, price_cents, compare_at_cents, sold) \
             VALUES ($1, $2, $3, NULL, $4)",
        )
        .bind(product_id)
        .bind(store_code)
        .bind(*price)
        .bind(true)
        .execute(&mut **tx)
        .await?;
    }
    bump_catalog_version_in(tx).await
}

/// Links a store to the partner that owns it (seed data, back-office).
pub async fn set_store_partner(
    conn: &mut AnyConnection,
    store_code: &str,
    partner_id: Option<&str>,
) -> Result<(), DbError> {
    sqlx::query("UPDATE stores SET partner_id = $1 WHERE code = $2")
        .bind(partner_id)
        .bind(store_code)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets an eStore's partner price for a product (seed data, back-office).
pub async fn set_partner_price(
    conn: &mut AnyConnection,
    product_id: &str,
    store_code: &str,
    price_cents: i64,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO partner_prices (product_id, store_code, price_cents) VALUES ($1, $2, $3) \
         ON CONFLICT (product_id, store_code) DO UPDATE SET price_cents = excluded.price_cents",
    )
    .bind(product_id)
    .bind(store_code)
    .bind(price_cents)
    .execute(conn)
    .await?;
    Ok(())
}

impl Db {
    /// Bumps the catalogue version after writes made outside a transaction
    /// of this module (seed data linking partners and prices).
    pub async fn catalog_changed(&self) -> Result<(), DbError> {
        let mut tx = self.begin_write().await?;
        bump_catalog_version_in(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Sets an eStore's whole partner price list to `share_bp` of what the
/// store charges (its own price, else the list price), rounded half up —
/// every active product (seed data; later the back-office's bulk change).
pub async fn fill_partner_price_list(
    conn: &mut AnyConnection,
    store_code: &str,
    share_bp: i64,
) -> Result<u64, DbError> {
    sqlx::query("DELETE FROM partner_prices WHERE store_code = $1")
        .bind(store_code)
        .execute(&mut *conn)
        .await?;
    let done = sqlx::query(
        "INSERT INTO partner_prices (product_id, store_code, price_cents) \
         SELECT p.id, $1, (COALESCE(pp.price_cents, p.price_cents) * $2 + 5000) / 10000 \
         FROM products p LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.store_code = $1 \
         WHERE p.status = 'active'",
    )
    .bind(store_code)
    .bind(share_bp)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}
