//! The credit-terms ledger (SPEC §6 Credit Terms Payment, D65): Allocated,
//! Purchased, Reimbursed, Refunded and Reverted entries per customer, and
//! what the customer owes from them. Checkout locks the account and re-reads
//! the balance inside the order's transaction (`&mut AnyConnection`), so two
//! orders of one customer cannot both spend the same credit.

use crate::{Db, DbError, now_ms};
use sqlx::{AnyConnection, FromRow};

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct CreditEntryRow {
    pub id: String,
    pub user_id: String,
    pub kind: String,
    pub amount_cents: i64,
    pub order_id: Option<String>,
    pub note: String,
    pub created_at: i64,
}

/// Locks the account row (PostgreSQL) so credit checks of one customer run one at a time.
pub async fn lock_user(conn: &mut AnyConnection, user_id: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn insert_credit_entry(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
    amount_cents: i64,
    order_id: Option<&str>,
    note: &str,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO credit_ledger (id, user_id, kind, amount_cents, order_id, note, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(uplink_domain::ids::new_id("crd"))
    .bind(user_id)
    .bind(kind)
    .bind(amount_cents)
    .bind(order_id)
    .bind(note)
    .bind(now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// What the customer owes on credit terms: Purchased − (Reimbursed + Refunded + Reverted).
pub async fn credit_owed(conn: &mut AnyConnection, user_id: &str) -> Result<i64, DbError> {
    let owed: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(CASE kind WHEN 'Purchased' THEN amount_cents \
           WHEN 'Allocated' THEN 0 ELSE -amount_cents END), 0) AS BIGINT) \
         FROM credit_ledger WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(owed.unwrap_or(0))
}

impl Db {
    pub async fn credit_entries(
        &self,
        user_id: &str,
        limit: i64,
    ) -> Result<Vec<CreditEntryRow>, DbError> {
        Ok(sqlx::query_as(
            "SELECT id, user_id, kind, amount_cents, order_id, note, created_at FROM credit_ledger \
             WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    pub async fn credit_owed(&self, user_id: &str) -> Result<i64, DbError> {
        let mut conn = self.pool().acquire().await?;
        credit_owed(&mut conn, user_id).await
    }
}
