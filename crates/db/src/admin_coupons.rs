//! Coupons as staff run them (SPEC §5, §15): the list with usage so far,
//! creating one, changing or pausing one. Referral reward coupons (one
//! owner each, D103) are the programme's, not staff's, and are left out.

use crate::DbError;
use crate::audit::StaffWrite;
use crate::cart::{COUPON_COLUMNS, CouponRow, NewCoupon};
use sqlx::{AnyConnection, Row};

/// A coupon with what it has given away so far.
#[derive(Debug, Clone)]
pub struct StaffCouponRow {
    pub coupon: CouponRow,
    pub redeemed_cents: i64,
}

/// Which coupons a staff list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponState {
    Active,
    Paused,
    /// Past its end date.
    Ended,
}

/// The staff's coupons matching `q` (in the code or description) and
/// `state`, newest first, and how many match.
pub async fn staff_coupons(
    conn: &mut AnyConnection,
    q: Option<&str>,
    state: Option<CouponState>,
    now: i64,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StaffCouponRow>, i64), DbError> {
    let mut filter = String::from(" WHERE owner_user_id IS NULL");
    if q.is_some() {
        filter.push_str(" AND (code LIKE UPPER($1) OR LOWER(description) LIKE LOWER($1))");
    }
    let n = usize::from(q.is_some());
    match state {
        Some(CouponState::Active) => filter.push_str(&format!(
            " AND active = TRUE AND (ends_at IS NULL OR ends_at > ${})",
            n + 1
        )),
        Some(CouponState::Paused) => filter.push_str(" AND active = FALSE"),
        Some(CouponState::Ended) => filter.push_str(&format!(" AND ends_at <= ${}", n + 1)),
        None => {}
    }
    let uses_now = matches!(state, Some(CouponState::Active | CouponState::Ended));
    let pattern = q.map(|q| format!("%{}%", q.trim().replace(['%', '_'], "")));
    macro_rules! bound {
        ($q:expr) => {{
            let mut q = $q;
            if let Some(p) = &pattern {
                q = q.bind(p.clone());
            }
            if uses_now {
                q = q.bind(now);
            }
            q
        }};
    }
    let total: i64 = bound!(sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) AS n FROM coupons{filter}"
    ))))
    .fetch_one(&mut *conn)
    .await?
    .try_get("n")?;
    let next = n + usize::from(uses_now);
    let sql = format!(
        "SELECT {COUPON_COLUMNS} FROM coupons{filter} ORDER BY created_at DESC, code LIMIT ${} OFFSET ${}",
        next + 1,
        next + 2
    );
    let coupons = bound!(sqlx::query_as::<_, CouponRow>(sqlx::AssertSqlSafe(sql)))
        .bind(limit.clamp(1, 200))
        .bind(offset.max(0))
        .fetch_all(&mut *conn)
        .await?;
    let mut rows = Vec::with_capacity(coupons.len());
    for coupon in coupons {
        rows.push(StaffCouponRow {
            redeemed_cents: redeemed_cents(conn, &coupon.code).await?,
            coupon,
        });
    }
    Ok((rows, total))
}

/// What a coupon has taken off orders so far, in cents.
pub async fn redeemed_cents(conn: &mut AnyConnection, code: &str) -> Result<i64, DbError> {
    let row = sqlx::query(
        "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) AS cents FROM coupon_redemptions WHERE coupon_code = $1",
    )
    .bind(code)
    .fetch_one(conn)
    .await?;
    Ok(row.try_get("cents")?)
}

/// One staff coupon by code (not a reward coupon).
pub async fn staff_coupon(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<CouponRow>, DbError> {
    let sql =
        format!("SELECT {COUPON_COLUMNS} FROM coupons WHERE code = $1 AND owner_user_id IS NULL");
    Ok(sqlx::query_as::<_, CouponRow>(sqlx::AssertSqlSafe(sql))
        .bind(code)
        .fetch_optional(conn)
        .await?)
}

/// A new coupon; false when the code is taken (by any coupon).
pub async fn create_coupon(w: &mut StaffWrite, c: &NewCoupon) -> Result<bool, DbError> {
    let tx = w.tx();
    let taken = sqlx::query("SELECT 1 AS x FROM coupons WHERE code = $1")
        .bind(&c.code)
        .fetch_optional(&mut **tx)
        .await?
        .is_some();
    if taken {
        return Ok(false);
    }
    crate::cart::insert_coupon(tx, c).await?;
    Ok(true)
}

/// Changes a coupon's terms (not its code or usage); false when unknown.
pub async fn update_coupon(w: &mut StaffWrite, c: &NewCoupon) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE coupons SET kind = $1, percent_bp = $2, amount_cents = $3, description = $4, active = $5, \
         starts_at = $6, ends_at = $7, min_subtotal_cents = $8, max_uses = $9, max_uses_per_customer = $10, \
         store_code = $11 WHERE code = $12 AND owner_user_id IS NULL",
    )
    .bind(c.kind)
    .bind(c.percent_bp)
    .bind(c.amount_cents)
    .bind(&c.description)
    .bind(c.active)
    .bind(c.starts_at)
    .bind(c.ends_at)
    .bind(c.min_subtotal_cents)
    .bind(c.max_uses)
    .bind(c.max_uses_per_customer)
    .bind(&c.store_code)
    .bind(&c.code)
    .execute(&mut **w.tx())
    .await?
    .rows_affected();
    Ok(done == 1)
}
