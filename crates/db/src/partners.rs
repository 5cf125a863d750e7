//! Partners (SPEC §10, D58, D102): their referral codes (the code a buyer
//! applies to the cart, stored normalised upper case), the partner recorded
//! on an order, and the rebate ledger — an entry per eligible order line,
//! maturing pending → available → paid, cancelled with its order, clawed
//! back by a negative entry when refunded after it became available — with
//! the staff payouts that settle it. A partner's balance is the sum of its
//! entries.

use crate::{Db, DbError};
use sqlx::{AnyConnection, FromRow, Row};

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
    /// `rebate` (earned, ≥ 0) or `clawback` (taken back, ≤ 0).
    pub kind: String,
    pub eligible_cents: i64,
    pub rate_bp: i64,
    pub rebate_cents: i64,
    /// `pending`, `available`, `paid` or `cancelled`.
    pub status: String,
    pub created_at: i64,
    pub available_at: Option<i64>,
    pub paid_at: Option<i64>,
    pub payout_id: Option<String>,
    pub cancelled_at: Option<i64>,
}

const REBATE_COLUMNS: &str = "r.id, r.partner_id, r.order_id, r.order_line_id, r.kind, r.eligible_cents, \
r.rate_bp, r.rebate_cents, r.status, r.created_at, r.available_at, r.paid_at, r.payout_id, r.cancelled_at";

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
        "INSERT INTO partner_ledger (id, partner_id, order_id, order_line_id, kind, eligible_cents, \
         rate_bp, rebate_cents, status, created_at) \
         VALUES ($1, $2, $3, $4, 'rebate', $5, $6, $7, 'pending', $8)",
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

/// The ledger entries of an order.
pub async fn rebates_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<RebateRow>, DbError> {
    let sql = format!(
        "SELECT {REBATE_COLUMNS} FROM partner_ledger r WHERE r.order_id = $1 \
         ORDER BY r.created_at, r.kind DESC, r.id"
    );
    Ok(sqlx::query_as::<_, RebateRow>(sqlx::AssertSqlSafe(sql))
        .bind(order_id)
        .fetch_all(conn)
        .await?)
}

/// The partner whose account this is.
pub async fn partner_of_user(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<PartnerRow>, DbError> {
    let sql = format!(
        "SELECT {PARTNER_COLUMNS} FROM partners WHERE user_id = $1 ORDER BY created_at, id LIMIT 1"
    );
    Ok(sqlx::query_as::<_, PartnerRow>(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .fetch_optional(conn)
        .await?)
}

/// A partner by id.
pub async fn partner_by_id(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<PartnerRow>, DbError> {
    let sql = format!("SELECT {PARTNER_COLUMNS} FROM partners WHERE id = $1");
    Ok(sqlx::query_as::<_, PartnerRow>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Records the partner on an order with how it came (`referral_code`,
/// `ministore`, `pavilion`).
pub async fn set_order_channel(
    conn: &mut AnyConnection,
    order_id: &str,
    channel: &str,
) -> Result<(), DbError> {
    sqlx::query("UPDATE orders SET partner_channel = $1 WHERE id = $2")
        .bind(channel)
        .bind(order_id)
        .execute(conn)
        .await?;
    Ok(())
}

// ----- the ledger moving -----

/// Rebates whose order was paid at least `window_ms` ago (and is neither
/// cancelled nor refunded) become `available`. One conditional statement:
/// running it twice, or on two servers at once, moves each entry once.
pub async fn mature_rebates(
    conn: &mut AnyConnection,
    now: i64,
    window_ms: i64,
) -> Result<u64, DbError> {
    let done = sqlx::query(
        "UPDATE partner_ledger SET status = 'available', available_at = $1 \
         WHERE status = 'pending' AND kind = 'rebate' AND order_id IN ( \
           SELECT id FROM orders WHERE paid_at IS NOT NULL AND paid_at <= $2 \
           AND status NOT IN ('cancelled', 'refunded', 'pending_payment'))",
    )
    .bind(now)
    .bind(now - window_ms)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// What settling an order's or a line's rebates did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settled {
    /// Pending rebates cancelled.
    pub cancelled: u64,
    /// Negative entries written for rebates already available or paid.
    pub clawed_back: u64,
}

/// The order was cancelled or refunded whole: see [`settle_rebates`].
pub async fn settle_order_rebates(
    conn: &mut AnyConnection,
    order_id: &str,
    now: i64,
) -> Result<Settled, DbError> {
    settle_rebates(conn, "order_id", order_id, now).await
}

/// One line was refunded: see [`settle_rebates`].
pub async fn settle_line_rebate(
    conn: &mut AnyConnection,
    order_line_id: &str,
    now: i64,
) -> Result<Settled, DbError> {
    settle_rebates(conn, "order_line_id", order_line_id, now).await
}

/// A pending rebate is cancelled; one already available or paid gets a
/// negative `clawback` entry of the same amount, available at once (it is
/// taken off the next payout). Each line is clawed back at most once
/// (unique per line and kind), so settling twice changes nothing.
async fn settle_rebates(
    conn: &mut AnyConnection,
    column: &'static str,
    value: &str,
    now: i64,
) -> Result<Settled, DbError> {
    let cancelled = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE partner_ledger SET status = 'cancelled', cancelled_at = $1 \
         WHERE {column} = $2 AND kind = 'rebate' AND status = 'pending'"
    )))
    .bind(now)
    .bind(value)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let clawed_back = sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO partner_ledger (id, partner_id, order_id, order_line_id, kind, eligible_cents, \
         rate_bp, rebate_cents, status, created_at, available_at) \
         SELECT 'rbc_' || r.id, r.partner_id, r.order_id, r.order_line_id, 'clawback', \
         -r.eligible_cents, r.rate_bp, -r.rebate_cents, 'available', $1, $1 \
         FROM partner_ledger r WHERE r.{column} = $2 AND r.kind = 'rebate' \
         AND r.status IN ('available', 'paid') AND r.rebate_cents > 0 \
         ON CONFLICT (order_line_id, kind) DO NOTHING"
    )))
    .bind(now)
    .bind(value)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(Settled {
        cancelled,
        clawed_back,
    })
}

// ----- the ledger read -----

/// One ledger entry with its order and line.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct LedgerEntryRow {
    #[sqlx(flatten)]
    pub rebate: RebateRow,
    pub order_number: String,
    pub order_placed_at: i64,
    pub partner_channel: Option<String>,
    pub currency: String,
    pub sku: String,
    pub line_name: String,
}

/// Which entries to read.
#[derive(Debug, Clone, Default)]
pub struct LedgerFilter {
    pub status: Option<String>,
    /// Created at or after (unix ms).
    pub from: Option<i64>,
    /// Created before (unix ms).
    pub to: Option<i64>,
    pub limit: i64,
    pub offset: i64,
}

/// The `WHERE` of a ledger read and its parameters after `$1` (the partner).
fn ledger_where(f: &LedgerFilter) -> (String, Vec<LedgerBind>) {
    let mut sql = String::from("r.partner_id = $1");
    let mut binds = Vec::new();
    if let Some(s) = &f.status {
        binds.push(LedgerBind::Text(s.clone()));
        sql.push_str(&format!(" AND r.status = ${}", binds.len() + 1));
    }
    if let Some(from) = f.from {
        binds.push(LedgerBind::Int(from));
        sql.push_str(&format!(" AND r.created_at >= ${}", binds.len() + 1));
    }
    if let Some(to) = f.to {
        binds.push(LedgerBind::Int(to));
        sql.push_str(&format!(" AND r.created_at < ${}", binds.len() + 1));
    }
    (sql, binds)
}

enum LedgerBind {
    Text(String),
    Int(i64),
}

/// A partner's entries, newest first.
pub async fn ledger(
    conn: &mut AnyConnection,
    partner_id: &str,
    f: &LedgerFilter,
) -> Result<Vec<LedgerEntryRow>, DbError> {
    let (filter, binds) = ledger_where(f);
    let n = binds.len() + 2;
    let sql = format!(
        "SELECT {REBATE_COLUMNS}, o.number AS order_number, o.placed_at AS order_placed_at, \
         o.partner_channel, o.currency, l.sku, l.name AS line_name \
         FROM partner_ledger r JOIN orders o ON o.id = r.order_id \
         JOIN order_lines l ON l.id = r.order_line_id \
         WHERE {filter} ORDER BY r.created_at DESC, r.kind DESC, r.id DESC LIMIT ${n} OFFSET ${}",
        n + 1
    );
    let mut query = sqlx::query_as::<_, LedgerEntryRow>(sqlx::AssertSqlSafe(sql)).bind(partner_id);
    for b in binds {
        query = match b {
            LedgerBind::Text(s) => query.bind(s),
            LedgerBind::Int(i) => query.bind(i),
        };
    }
    Ok(query.bind(f.limit).bind(f.offset).fetch_all(conn).await?)
}

/// How many entries [`ledger`] would page through.
pub async fn ledger_count(
    conn: &mut AnyConnection,
    partner_id: &str,
    f: &LedgerFilter,
) -> Result<i64, DbError> {
    let (filter, binds) = ledger_where(f);
    let sql = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM partner_ledger r WHERE {filter}");
    let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql)).bind(partner_id);
    for b in binds {
        query = match b {
            LedgerBind::Text(s) => query.bind(s),
            LedgerBind::Int(i) => query.bind(i),
        };
    }
    Ok(query.fetch_one(conn).await?)
}

/// A partner's entries summed per status (cancelled ones count nothing).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LedgerTotals {
    pub pending_cents: i64,
    pub available_cents: i64,
    pub paid_cents: i64,
    pub cancelled_cents: i64,
    pub entries: i64,
}

impl LedgerTotals {
    /// What the partner has earned and keeps: the sum of every entry not cancelled.
    pub fn balance_cents(&self) -> i64 {
        self.pending_cents + self.available_cents + self.paid_cents
    }
}

pub async fn ledger_totals(
    conn: &mut AnyConnection,
    partner_id: &str,
) -> Result<LedgerTotals, DbError> {
    let rows = sqlx::query(
        "SELECT status, CAST(COALESCE(SUM(rebate_cents), 0) AS BIGINT) AS cents, \
         CAST(COUNT(*) AS BIGINT) AS n FROM partner_ledger WHERE partner_id = $1 GROUP BY status",
    )
    .bind(partner_id)
    .fetch_all(conn)
    .await?;
    let mut t = LedgerTotals::default();
    for r in rows {
        let cents: i64 = r.get("cents");
        t.entries += r.get::<i64, _>("n");
        match r.get::<String, _>("status").as_str() {
            "pending" => t.pending_cents = cents,
            "available" => t.available_cents = cents,
            "paid" => t.paid_cents = cents,
            _ => t.cancelled_cents = cents,
        }
    }
    Ok(t)
}

/// An order attributed to a partner, as the partner sees it (no buyer details).
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct PartnerOrderRow {
    pub id: String,
    pub number: String,
    pub store_code: String,
    pub status: String,
    pub currency: String,
    pub total_cents: i64,
    pub placed_at: i64,
    pub partner_channel: Option<String>,
    /// Sum of the order's non-cancelled ledger entries.
    pub rebate_cents: i64,
    /// The buyer: the partner itself for a pavilion order.
    pub user_id: String,
    pub end_customer: Option<String>,
}

/// The partner's attributed orders, newest first.
pub async fn partner_orders(
    conn: &mut AnyConnection,
    partner_id: &str,
    limit: i64,
) -> Result<Vec<PartnerOrderRow>, DbError> {
    Ok(sqlx::query_as::<_, PartnerOrderRow>(
        "SELECT o.id, o.number, o.store_code, o.status, o.currency, o.total_cents, o.placed_at, \
         o.partner_channel, CAST(COALESCE((SELECT SUM(r.rebate_cents) FROM partner_ledger r \
           WHERE r.order_id = o.id AND r.status <> 'cancelled'), 0) AS BIGINT) AS rebate_cents, \
         o.user_id, o.end_customer \
         FROM orders o WHERE o.partner_id = $1 ORDER BY o.placed_at DESC, o.number DESC LIMIT $2",
    )
    .bind(partner_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

// ----- payouts -----

/// A partner with entries awaiting payout (staff's view).
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct PayoutDueRow {
    pub partner_id: String,
    pub name: String,
    pub referral_code: String,
    pub available_cents: i64,
    pub available_entries: i64,
    pub pending_cents: i64,
    pub last_paid_at: Option<i64>,
}

/// Every partner with an available or pending entry, most owed first.
pub async fn payouts_due(conn: &mut AnyConnection) -> Result<Vec<PayoutDueRow>, DbError> {
    Ok(sqlx::query_as::<_, PayoutDueRow>(
        "SELECT p.id AS partner_id, p.name, p.referral_code, \
         CAST(COALESCE(SUM(CASE WHEN r.status = 'available' THEN r.rebate_cents END), 0) AS BIGINT) AS available_cents, \
         CAST(COUNT(CASE WHEN r.status = 'available' THEN 1 END) AS BIGINT) AS available_entries, \
         CAST(COALESCE(SUM(CASE WHEN r.status = 'pending' THEN r.rebate_cents END), 0) AS BIGINT) AS pending_cents, \
         (SELECT MAX(po.created_at) FROM partner_payouts po WHERE po.partner_id = p.id) AS last_paid_at \
         FROM partners p JOIN partner_ledger r ON r.partner_id = p.id \
         WHERE r.status IN ('available', 'pending') \
         GROUP BY p.id, p.name, p.referral_code \
         ORDER BY available_cents DESC, p.name",
    )
    .fetch_all(conn)
    .await?)
}

/// A payout recorded.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct PayoutRow {
    pub id: String,
    pub partner_id: String,
    pub amount_cents: i64,
    pub entries: i64,
    pub reference: String,
    pub paid_by: String,
    pub created_at: i64,
}

/// Why a payout was not recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayoutRefused {
    /// Nothing is available to pay.
    NothingAvailable,
    /// The available amount is not the one staff saw (entries matured,
    /// were clawed back or paid meanwhile): the current amount.
    AmountChanged(i64),
}

/// Marks every available entry of the partner `paid` under one payout, in
/// the caller's transaction, when their sum is `expected_cents` (what staff
/// saw). The update is conditional on the status, so two payouts at once
/// cannot both take an entry.
pub async fn pay_out(
    conn: &mut AnyConnection,
    partner_id: &str,
    expected_cents: i64,
    reference: &str,
    paid_by: &str,
    now: i64,
) -> Result<Result<PayoutRow, PayoutRefused>, DbError> {
    let id = uplink_domain::ids::new_id("pyo");
    let taken: Vec<i64> = sqlx::query_scalar(
        "UPDATE partner_ledger SET status = 'paid', paid_at = $1, payout_id = $2 \
         WHERE partner_id = $3 AND status = 'available' RETURNING rebate_cents",
    )
    .bind(now)
    .bind(&id)
    .bind(partner_id)
    .fetch_all(&mut *conn)
    .await?;
    let amount: i64 = taken.iter().sum();
    if taken.is_empty() {
        return Ok(Err(PayoutRefused::NothingAvailable));
    }
    if amount != expected_cents {
        return Ok(Err(PayoutRefused::AmountChanged(amount)));
    }
    let row = PayoutRow {
        id,
        partner_id: partner_id.to_owned(),
        amount_cents: amount,
        entries: taken.len() as i64,
        reference: reference.to_owned(),
        paid_by: paid_by.to_owned(),
        created_at: now,
    };
    sqlx::query(
        "INSERT INTO partner_payouts (id, partner_id, amount_cents, entries, reference, paid_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&row.id)
    .bind(&row.partner_id)
    .bind(row.amount_cents)
    .bind(row.entries)
    .bind(&row.reference)
    .bind(&row.paid_by)
    .bind(row.created_at)
    .execute(conn)
    .await?;
    Ok(Ok(row))
}

impl Db {
    /// A partner by its (normalised) referral code, read outside any transaction.
    pub async fn partner_by_code(&self, code: &str) -> Result<Option<PartnerRow>, DbError> {
        let mut conn = self.pool().acquire().await?;
        partner_by_code(&mut conn, code).await
    }
}
