//! Staff's view of one customer (SPEC §15): the account, its roles and
//! whether it is disabled, with its orders, quotations, devices, credit and
//! rebates read in one short burst of indexed queries. Roles change with a
//! guard that keeps at least one admin; disabling ends every session.

use crate::accounts::RoleFlags;
use crate::{DbError, Flag};
use sqlx::{AnyConnection, FromRow};

/// When the account was disabled (`None`: it may sign in).
pub async fn disabled_at(pool: &crate::Pool, user_id: &str) -> Result<Option<i64>, DbError> {
    Ok(
        sqlx::query_scalar::<_, Option<i64>>("SELECT disabled_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await?
            .flatten(),
    )
}

/// The account as staff see it.
#[derive(Debug, Clone, FromRow)]
pub struct CustomerAccountRow {
    pub id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
    pub country: String,
    #[sqlx(try_from = "Flag")]
    pub is_customer: bool,
    #[sqlx(try_from = "Flag")]
    pub is_partner: bool,
    #[sqlx(try_from = "Flag")]
    pub is_sales: bool,
    #[sqlx(try_from = "Flag")]
    pub is_fulfilment: bool,
    #[sqlx(try_from = "Flag")]
    pub is_admin: bool,
    pub created_at: i64,
    pub disabled_at: Option<i64>,
    pub disabled_reason: Option<String>,
}

impl CustomerAccountRow {
    pub fn roles(&self) -> RoleFlags {
        RoleFlags {
            is_customer: self.is_customer,
            is_partner: self.is_partner,
            is_sales: self.is_sales,
            is_fulfilment: self.is_fulfilment,
            is_admin: self.is_admin,
        }
    }
}

pub async fn account(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<CustomerAccountRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, email, name, company, country, is_customer, is_partner, is_sales, is_fulfilment, \
         is_admin, created_at, disabled_at, disabled_reason FROM users WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct CustomerOrderRow {
    pub number: String,
    pub status: String,
    pub total_cents: i64,
    pub refunded_cents: i64,
    pub currency: String,
    pub payment_method: String,
    pub placed_at: i64,
}

/// The customer's newest orders.
pub async fn orders(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> Result<Vec<CustomerOrderRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT number, status, total_cents, refunded_cents, currency, payment_method, placed_at \
         FROM orders WHERE user_id = $1 ORDER BY placed_at DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct CustomerQuotationRow {
    pub number: String,
    pub status: String,
    pub created_at: i64,
    pub valid_until: Option<i64>,
    pub order_number: Option<String>,
}

pub async fn quotations(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> Result<Vec<CustomerQuotationRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT number, status, created_at, valid_until, order_number FROM quotations \
         WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

#[derive(Debug, Clone, FromRow)]
pub struct CustomerDeviceRow {
    pub serial: String,
    pub model_code: String,
    pub name: String,
    pub warranty_ends_at: i64,
    pub registered_at: i64,
}

pub async fn devices(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> Result<Vec<CustomerDeviceRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT serial, model_code, name, warranty_ends_at, registered_at FROM devices \
         WHERE user_id = $1 ORDER BY registered_at DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// What the customer owes on credit terms (every open invoice), in cents.
pub async fn credit_owed(conn: &mut AnyConnection, user_id: &str) -> Result<i64, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(CASE kind WHEN 'Purchased' THEN amount_cents \
         WHEN 'Allocated' THEN 0 ELSE -amount_cents END), 0) AS BIGINT) FROM credit_ledger WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?)
}

/// A partner's rebates by status: `(status, cents)`.
pub async fn rebates_by_status(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, i64)>, DbError> {
    Ok(sqlx::query_as(
        "SELECT r.status, CAST(COALESCE(SUM(r.rebate_cents), 0) AS BIGINT) FROM partner_ledger r \
         JOIN partners p ON p.id = r.partner_id WHERE p.user_id = $1 GROUP BY r.status ORDER BY r.status",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?)
}

/// Why a role change was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum RolesRefused {
    NoSuchAccount,
    /// It would leave the store without an admin who can sign in.
    LastAdmin,
}

/// Sets an account's roles. Taking admin away from the last active admin is
/// refused: every admin row is locked first (PostgreSQL; SQLite's writer is
/// already alone), so two admins demoting each other at once cannot both pass.
pub async fn set_roles_in(
    conn: &mut AnyConnection,
    user_id: &str,
    roles: &RoleFlags,
) -> Result<Result<(), RolesRefused>, DbError> {
    let Some(before) = account(conn, user_id).await? else {
        return Ok(Err(RolesRefused::NoSuchAccount));
    };
    if before.is_admin && !roles.is_admin && !other_active_admin(conn, user_id).await? {
        return Ok(Err(RolesRefused::LastAdmin));
    }
    sqlx::query(
        "UPDATE users SET is_customer = $2, is_partner = $3, is_sales = $4, is_fulfilment = $5, \
         is_admin = $6, updated_at = $7 WHERE id = $1",
    )
    .bind(user_id)
    .bind(roles.is_customer)
    .bind(roles.is_partner)
    .bind(roles.is_sales)
    .bind(roles.is_fulfilment)
    .bind(roles.is_admin)
    .bind(crate::now_ms())
    .execute(conn)
    .await?;
    Ok(Ok(()))
}

/// Whether an admin other than `user_id` can still sign in (locks the admins).
async fn other_active_admin(conn: &mut AnyConnection, user_id: &str) -> Result<bool, DbError> {
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE is_admin = TRUE")
        .execute(&mut *conn)
        .await?;
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM users WHERE is_admin = TRUE AND id <> $1 \
         AND deleted_at IS NULL AND disabled_at IS NULL",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

/// Disables an account (`reason`) or enables it again (`None`); disabling
/// ends every session at once and is refused for the last active admin.
pub async fn set_disabled_in(
    conn: &mut AnyConnection,
    user_id: &str,
    reason: Option<&str>,
) -> Result<Result<u64, RolesRefused>, DbError> {
    let Some(before) = account(conn, user_id).await? else {
        return Ok(Err(RolesRefused::NoSuchAccount));
    };
    if reason.is_some() && before.is_admin && !other_active_admin(conn, user_id).await? {
        return Ok(Err(RolesRefused::LastAdmin));
    }
    let now = crate::now_ms();
    sqlx::query(
        "UPDATE users SET disabled_at = $2, disabled_reason = $3, updated_at = $4 WHERE id = $1",
    )
    .bind(user_id)
    .bind(reason.map(|_| now))
    .bind(reason)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    let ended = if reason.is_some() {
        sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(user_id)
            .execute(conn)
            .await?
            .rows_affected()
    } else {
        0
    };
    Ok(Ok(ended))
}
