//! Partners and their referral codes (SPEC §5, §10, D58): the code a buyer
//! applies to the cart, the partner recorded on the order and the rebate
//! rows of its eligible lines. Codes are stored normalised upper case
//! (`uplink_domain::partner_referral::parse_code`).

use crate::{Db, DbError};
use sqlx::{AnyConnection, FromRow};

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct PartnerRow {
    pub id: String,
    pub referral_code: String,
    pub name: String,
    #[sqlx(try_from = "crate::Flag")]
    pub active: bool,
    /// Rebate rate in basis points (1000 = 10 %).
    pub rebate_bp: i64,
    /// The partner's account, when it has one.
    pub user_id: Option<String>,
    pub created_at: i64,
}

const PARTNER_COLUMNS: &str = "id, referral_code, name, active, rebate_bp, user_id, created_at";

/// A partner to create or update (seed data, tests, back-office).
#[derive(Debug, Clone)]
pub struct NewPartner {
    pub referral_code: String,
    pub name: String,
    pub active: bool,
    pub rebate_bp: i64,
    pub user_id: Option<String>,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct RebateRow {
    pub id: String,
    pub partner_id: String,
    pub order_id: String,
    pub order_line_id: String,
    pub eligible_cents: i64,
    pub rate_bp: i64,
    pub rebate_cents: i64,
    /// `pending` when written with the order.
    pub status: String,
    pub created_at: i64,
}

/// A rebate to record with an order.
#[derive(Debug, Clone)]
pub struct NewRebate<'a> {
    pub partner_id: &'a str,
    pub order_id: &'a str,
    pub order_line_id: &'a str,
    pub eligible_cents: i64,
    pub rate_bp: i64,
    pub rebate_cents: i64,
}

/// The partner with this (normalised) referral code, active or not.
pub async fn partner_by_code(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<PartnerRow>, DbError> {
    let sql = format!("SELECT {PARTNER_COLUMNS} FROM partners WHERE referral_code = $1");
    Ok(sqlx::query_as::<_, PartnerRow>(sqlx::AssertSqlSafe(sql))
        .bind(code)
        .fetch_optional(conn)
        .await?)
}

/// Creates a partner, or updates the one with the same code; returns its id.
pub async fn upsert_partner(conn: &mut AnyConnection, p: &NewPartner) -> Result<String, DbError> {
    sqlx::query(
        "INSERT INTO partners (id, referral_code, name, active, rebate_bp, user_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (referral_code) DO UPDATE SET name = excluded.name, active = excluded.active, \
         rebate_bp = excluded.rebate_bp, user_id = excluded.user_id",
    )
    .bind(uplink_domain::ids::new_id("ptn"))
    .bind(&p.referral_code)
    .bind(&p.name)
    .bind(p.active)
    .bind(p.rebate_bp)
    .bind(&p.user_id)
    .bind(crate::now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(
        sqlx::query_scalar("SELECT id FROM partners WHERE referral_code = $1")
            .bind(&p.referral_code)
            .fetch_one(conn)
            .await?,
    )
}

/// Activates or deactivates a partner's code.
pub async fn set_partner_active(
    conn: &mut AnyConnection,
    code: &str,
    active: bool,
) -> Result<bool, DbError> {
    let done = sqlx::query("UPDATE partners SET active = $1 WHERE referral_code = $2")
        .bind(active)
        .bind(code)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Sets or removes the partner referral code of a cart (locking the cart
/// row, like every cart write, D57).
pub async fn set_cart_code(
    conn: &mut AnyConnection,
    cart_id: &str,
    code: Option<&str>,
) -> Result<(), DbError> {
    sqlx::query("UPDATE carts SET partner_referral_code = $1, updated_at = $2 WHERE id = $3")
        .bind(code)
        .bind(crate::now_ms())
        .bind(cart_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records the partner on an order (inside the order's transaction).
pub async fn set_order_partner(
    conn: &mut AnyConnection,
    order_id: &str,
    partner: &PartnerRow,
) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE orders SET partner_id = $1, partner_referral_code = $2, partner_name = $3 \
         WHERE id = $4",
    )
    .bind(&partner.id)
    .bind(&partner.referral_code)
    .bind(&partner.name)
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records one rebate (status `pending`).
pub async fn insert_rebate(conn: &mut AnyConnection, r: &NewRebate<'_>) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO partner_rebates (id, partner_id, order_id, order_line_id, eligible_cents, \
         rate_bp, rebate_cents, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8)",
    )
    .bind(uplink_domain::ids::new_id("rbt"))
    .bind(r.partner_id)
    .bind(r.order_id)
    .bind(r.order_line_id)
    .bind(r.eligible_cents)
    .bind(r.rate_bp)
    .bind(r.rebate_cents)
    .bind(crate::now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// The rebates recorded for an order.
pub async fn rebates_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<RebateRow>, DbError> {
    Ok(sqlx::query_as::<_, RebateRow>(
        "SELECT id, partner_id, order_id, order_line_id, eligible_cents, rate_bp, rebate_cents, \
         status, created_at FROM partner_rebates WHERE order_id = $1 ORDER BY created_at, id",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

impl Db {
    /// A partner by its (normalised) referral code, read outside any transaction.
    pub async fn partner_by_code(&self, code: &str) -> Result<Option<PartnerRow>, DbError> {
        let mut conn = self.pool().acquire().await?;
        partner_by_code(&mut conn, code).await
    }
}
