//! Stock per product and warehouse (SPEC §4.1, §5, §6): the one query set
//! over the `stock` table. Checkout takes units with a conditional update
//! (never read-then-write, never below zero) and cancellations put them
//! back; carts and checkout read what is available; the read model loads the
//! rows; staff and tests set a count. Writes that move a product between
//! stock bands bump `stock_version` through the trigger of migration 48 (D69).
//!
//! Functions taking `conn: &mut AnyConnection` run inside the caller's
//! transaction.

use crate::{Db, DbError, now_ms};
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;
use uplink_domain::catalog::StockStatus;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StockRow {
    pub product_id: String,
    pub warehouse: String,
    pub on_hand: i64,
    pub available: i64,
}

/// True when `before` and `after` units show different stock statuses
/// (out of stock, low, in stock) — the same bands as the trigger of migration 48.
pub fn band_changes(before: i64, after: i64) -> bool {
    StockStatus::of(true, before) != StockStatus::of(true, after)
}

/// What [`take_stock`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockTake {
    /// False when fewer than the wanted units were available (nothing taken).
    pub taken: bool,
    /// The product moved to another stock band; the database bumped
    /// `stock_version` in this transaction (D69), and the server that
    /// commits it refreshes its read model at once.
    pub band_changed: bool,
}

/// The conditional update of [`take_stock`]: binds units, now, product,
/// warehouse; returns what is left, or no row when too few were there.
/// Also the first half of the order's numbering statement on PostgreSQL
/// (`orders::take_stock_and_number`).
pub(crate) const TAKE_UNITS: &str = "UPDATE stock SET available = available - $1, updated_at = $2 \
     WHERE product_id = $3 AND warehouse = $4 AND available >= $1 RETURNING available";

/// Takes `qty` units from `warehouse` when that many are available: one
/// conditional update, never read-then-write. False when too few are left.
/// When the product changes stock band, the database bumps `stock_version`
/// in this transaction (D69).
pub async fn take_stock(
    conn: &mut AnyConnection,
    product_id: &str,
    warehouse: &str,
    qty: i64,
) -> Result<StockTake, DbError> {
    let left: Option<i64> = sqlx::query_scalar(TAKE_UNITS)
        .bind(qty)
        .bind(now_ms())
        .bind(product_id)
        .bind(warehouse)
        .fetch_optional(conn)
        .await?;
    Ok(StockTake {
        taken: left.is_some(),
        band_changed: left.is_some_and(|left| band_changes(left + qty, left)),
    })
}

/// Puts `qty` units back (cancelled order). True when that moved the product
/// to another stock band (the database bumped `stock_version`, D69).
pub async fn return_stock(
    conn: &mut AnyConnection,
    product_id: &str,
    warehouse: &str,
    qty: i64,
) -> Result<bool, DbError> {
    let now: Option<i64> = sqlx::query_scalar(
        "UPDATE stock SET available = available + $1, updated_at = $2 \
         WHERE product_id = $3 AND warehouse = $4 RETURNING available",
    )
    .bind(qty)
    .bind(now_ms())
    .bind(product_id)
    .bind(warehouse)
    .fetch_optional(conn)
    .await?;
    Ok(now.is_some_and(|now| band_changes(now - qty, now)))
}

/// Units available to sell per product in `warehouse` (missing rows count as 0).
pub async fn available_stock(
    conn: &mut AnyConnection,
    warehouse: &str,
    product_ids: &[&str],
) -> Result<HashMap<String, i64>, DbError> {
    let mut out = HashMap::new();
    if product_ids.is_empty() {
        return Ok(out);
    }
    let placeholders: Vec<String> = (0..product_ids.len())
        .map(|i| format!("${}", i + 2))
        .collect();
    let sql = format!(
        "SELECT product_id, available FROM stock WHERE warehouse = $1 AND product_id IN ({})",
        placeholders.join(", ")
    );
    let mut q = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql)).bind(warehouse);
    for id in product_ids {
        q = q.bind(*id);
    }
    for (id, available) in q.fetch_all(conn).await? {
        out.insert(id, available);
    }
    Ok(out)
}

/// Units of one product available now in `warehouse` (0 when the product has
/// no stock row): [`available_stock`] for a single product. The arguments
/// are in [`take_stock`]'s order.
pub async fn available_units(
    conn: &mut AnyConnection,
    product_id: &str,
    warehouse: &str,
) -> Result<i64, DbError> {
    let stock = available_stock(conn, warehouse, &[product_id]).await?;
    Ok(stock.get(product_id).copied().unwrap_or(0))
}

/// Every stock row (the read model's stock, with or without the catalogue).
pub(crate) async fn all_stock_rows(pool: &crate::Pool) -> Result<Vec<StockRow>, DbError> {
    Ok(
        sqlx::query_as::<_, StockRow>(
            "SELECT product_id, warehouse, on_hand, available FROM stock",
        )
        .fetch_all(pool)
        .await?,
    )
}

impl Db {
    /// Sets a product's available stock in one warehouse and bumps the catalogue version
    /// (admin corrections and tests; checkout decrements with a conditional UPDATE instead).
    pub async fn set_stock(
        &self,
        product_id: &str,
        warehouse: &str,
        available: i64,
    ) -> Result<(), DbError> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO stock (product_id, warehouse, on_hand, available, updated_at) VALUES ($1, $2, $3, $3, $4)
             ON CONFLICT (product_id, warehouse) DO UPDATE SET on_hand = excluded.on_hand, available = excluded.available, updated_at = excluded.updated_at",
        )
        .bind(product_id)
        .bind(warehouse)
        .bind(available)
        .bind(crate::now_ms())
        .execute(&mut *tx)
        .await?;
        crate::catalog_version::bump_catalog_version_in(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// A stock correction staff made, with its reason.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize)]
pub struct StockAdjustment {
    pub id: String,
    pub product_id: String,
    pub warehouse: String,
    pub delta: i64,
    pub on_hand_after: i64,
    pub available_after: i64,
    pub reason: String,
    pub note: String,
    pub actor_email: String,
    pub created_at: i64,
}

/// Moves a product's stock in one warehouse by `delta` (on hand and
/// available alike) and records why. `None` when either count would go
/// below zero (nothing is written). The stock-band trigger refreshes the
/// storefront's status when the band changes.
pub async fn adjust_stock(
    w: &mut crate::audit::StaffWrite,
    product_id: &str,
    warehouse: &str,
    delta: i64,
    reason: &str,
    note: &str,
) -> Result<Option<StockAdjustment>, DbError> {
    let now = crate::now_ms();
    let actor = w.actor().clone();
    let tx = w.tx();
    sqlx::query(
        "INSERT INTO stock (product_id, warehouse, on_hand, available, updated_at) VALUES ($1, $2, 0, 0, $3) \
         ON CONFLICT (product_id, warehouse) DO NOTHING",
    )
    .bind(product_id)
    .bind(warehouse)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    let row = sqlx::query(
        "UPDATE stock SET on_hand = on_hand + $1, available = available + $1, updated_at = $2 \
         WHERE product_id = $3 AND warehouse = $4 AND on_hand + $1 >= 0 AND available + $1 >= 0 \
         RETURNING on_hand, available",
    )
    .bind(delta)
    .bind(now)
    .bind(product_id)
    .bind(warehouse)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let adjustment = StockAdjustment {
        id: uplink_domain::ids::new_id("sta"),
        product_id: product_id.to_owned(),
        warehouse: warehouse.to_owned(),
        delta,
        on_hand_after: row.try_get("on_hand")?,
        available_after: row.try_get("available")?,
        reason: reason.to_owned(),
        note: note.to_owned(),
        actor_email: actor.email.clone(),
        created_at: now,
    };
    sqlx::query(
        "INSERT INTO stock_adjustments (id, product_id, warehouse, delta, on_hand_after, available_after, \
         reason, note, actor_id, actor_email, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&adjustment.id)
    .bind(product_id)
    .bind(warehouse)
    .bind(delta)
    .bind(adjustment.on_hand_after)
    .bind(adjustment.available_after)
    .bind(reason)
    .bind(note)
    .bind(&actor.id)
    .bind(&actor.email)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(Some(adjustment))
}

/// A product's stock corrections, newest first.
pub async fn stock_adjustments(
    conn: &mut sqlx::AnyConnection,
    product_id: &str,
    limit: i64,
) -> Result<Vec<StockAdjustment>, DbError> {
    Ok(sqlx::query_as::<_, StockAdjustment>(
        "SELECT id, product_id, warehouse, delta, on_hand_after, available_after, reason, note, actor_email, created_at \
         FROM stock_adjustments WHERE product_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(product_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}
