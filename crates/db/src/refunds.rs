//! Refunds and their credit notes (SPEC §7): a refund first *reserves* its
//! amount and units with conditional updates — the order's refunded total
//! never passes what was paid, a line's refunded units never pass its
//! quantity, so two refunds at once cannot both take the last of it — then
//! the gateway is asked, then the refund succeeds (side effects in the same
//! transaction) or fails and gives its reservation back.
//!
//! Deliverables of refunded units are revoked here too (licence keys,
//! warranty and plan extensions, eSIMs, top-ups, pools).

use crate::orders::OrderLineRow;
use crate::{DbError, now_ms};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, FromRow, Row};

/// Units of one line a refund gives back, and what they cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefundLine {
    pub line_id: String,
    pub sku: String,
    pub qty: i64,
    pub amount_cents: i64,
}

/// A refund as stored.
#[derive(Debug, Clone, FromRow)]
pub struct RefundRow {
    pub id: String,
    pub number: String,
    pub order_id: String,
    pub amount_cents: i64,
    pub reason: String,
    /// JSON: [`RefundLine`]s.
    pub lines: String,
    pub method: String,
    pub gateway_ref: Option<String>,
    /// `pending`, `succeeded` or `failed`.
    pub status: String,
    pub failure: Option<String>,
    pub actor_id: String,
    pub actor_email: String,
    pub created_at: i64,
    pub completed_at: Option<i64>,
}

impl RefundRow {
    pub fn refund_lines(&self) -> Vec<RefundLine> {
        serde_json::from_str(&self.lines).unwrap_or_default()
    }
}

const REFUND_COLUMNS: &str = "id, number, order_id, amount_cents, reason, lines, method, gateway_ref, \
     status, failure, actor_id, actor_email, created_at, completed_at";

/// What a refund asks for.
#[derive(Debug, Clone)]
pub struct NewRefund<'a> {
    pub order_id: &'a str,
    pub amount_cents: i64,
    pub reason: &'a str,
    pub lines: &'a [RefundLine],
    pub method: &'a str,
    pub actor: &'a crate::audit::Actor,
}

/// `CN-000001`.
pub fn credit_note_number(seq: i64) -> String {
    format!("CN-{seq:06}")
}

/// Reserves the refund's amount (within `paid_cents` of the order) and
/// units (within each line's quantity) and records it pending. `None` when
/// either would pass its bound: nothing is reserved (roll the transaction
/// back).
pub async fn reserve_refund(
    conn: &mut AnyConnection,
    r: &NewRefund<'_>,
    paid_cents: i64,
) -> Result<Option<RefundRow>, DbError> {
    let done = sqlx::query(
        "UPDATE orders SET refunded_cents = refunded_cents + $1, updated_at = $2 \
         WHERE id = $3 AND refunded_cents + $1 <= $4",
    )
    .bind(r.amount_cents)
    .bind(now_ms())
    .bind(r.order_id)
    .bind(paid_cents)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(None);
    }
    for l in r.lines {
        let done = sqlx::query(
            "UPDATE order_lines SET refunded_qty = refunded_qty + $1 \
             WHERE id = $2 AND order_id = $3 AND refunded_qty + $1 <= qty",
        )
        .bind(l.qty)
        .bind(&l.line_id)
        .bind(r.order_id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if done == 0 {
            return Ok(None);
        }
    }
    let seq: i64 = sqlx::query_scalar(
        "UPDATE refund_counter SET next = next + 1 WHERE id = 1 RETURNING next - 1",
    )
    .fetch_one(&mut *conn)
    .await?;
    let row = RefundRow {
        id: uplink_domain::ids::new_id("rfd"),
        number: credit_note_number(seq),
        order_id: r.order_id.to_owned(),
        amount_cents: r.amount_cents,
        reason: r.reason.to_owned(),
        lines: serde_json::to_string(r.lines).unwrap_or_else(|_| "[]".into()),
        method: r.method.to_owned(),
        gateway_ref: None,
        status: "pending".into(),
        failure: None,
        actor_id: r.actor.id.clone(),
        actor_email: r.actor.email.clone(),
        created_at: now_ms(),
        completed_at: None,
    };
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO refunds ({REFUND_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
    )))
    .bind(&row.id)
    .bind(&row.number)
    .bind(&row.order_id)
    .bind(row.amount_cents)
    .bind(&row.reason)
    .bind(&row.lines)
    .bind(&row.method)
    .bind(&row.gateway_ref)
    .bind(&row.status)
    .bind(&row.failure)
    .bind(&row.actor_id)
    .bind(&row.actor_email)
    .bind(row.created_at)
    .bind(row.completed_at)
    .execute(&mut *conn)
    .await?;
    Ok(Some(row))
}

/// The gateway refused: the refund fails and gives its reservation back.
/// False when it was no longer pending (another worker settled it).
pub async fn fail_refund(
    conn: &mut AnyConnection,
    refund: &RefundRow,
    failure: &str,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE refunds SET status = 'failed', failure = $1, completed_at = $2 WHERE id = $3 AND status = 'pending'",
    )
    .bind(failure)
    .bind(now_ms())
    .bind(&refund.id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    sqlx::query("UPDATE orders SET refunded_cents = refunded_cents - $1 WHERE id = $2")
        .bind(refund.amount_cents)
        .bind(&refund.order_id)
        .execute(&mut *conn)
        .await?;
    for l in refund.refund_lines() {
        sqlx::query("UPDATE order_lines SET refunded_qty = refunded_qty - $1 WHERE id = $2")
            .bind(l.qty)
            .bind(&l.line_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(true)
}

/// The money went back: the refund succeeds. False when it was no longer pending.
pub async fn succeed_refund(
    conn: &mut AnyConnection,
    refund_id: &str,
    gateway_ref: Option<&str>,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE refunds SET status = 'succeeded', gateway_ref = $1, completed_at = $2 WHERE id = $3 AND status = 'pending'",
    )
    .bind(gateway_ref)
    .bind(now_ms())
    .bind(refund_id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(done == 1)
}

/// An order's refunds, oldest first.
pub async fn refunds_of(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<RefundRow>, DbError> {
    Ok(sqlx::query_as::<_, RefundRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {REFUND_COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY created_at, number"
    )))
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

/// A refund by its credit-note number.
pub async fn refund_by_number(
    conn: &mut AnyConnection,
    number: &str,
) -> Result<Option<RefundRow>, DbError> {
    Ok(sqlx::query_as::<_, RefundRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {REFUND_COLUMNS} FROM refunds WHERE number = $1"
    )))
    .bind(number)
    .fetch_optional(conn)
    .await?)
}

/// Refunds still pending since before `before` (a server stopped between
/// reserving and settling): the reconciliation job settles them.
pub async fn stale_pending_refunds(
    conn: &mut AnyConnection,
    before: i64,
) -> Result<Vec<RefundRow>, DbError> {
    Ok(sqlx::query_as::<_, RefundRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {REFUND_COLUMNS} FROM refunds WHERE status = 'pending' AND created_at < $1 ORDER BY created_at LIMIT 100"
    )))
    .bind(before)
    .fetch_all(conn)
    .await?)
}

// ----- revoking what refunded units delivered -----

/// Revokes what unit `unit` of a line delivered (units are serial
/// positions for serial-bound lines, else unit numbers): a licence key and
/// warranty extension stop, a plan extension or top-up is taken off its
/// subscription or eSIM, an eSIM profile stops. Answers how many
/// deliverables were revoked (0: nothing of it was live).
pub async fn revoke_unit(
    conn: &mut AnyConnection,
    line: &OrderLineRow,
    unit: i64,
    data_mb_per_unit: Option<i64>,
) -> Result<u64, DbError> {
    let now = now_ms();
    let serials: Vec<String> = serde_json::from_str(&line.serials).unwrap_or_default();
    let mut revoked = 0;
    if let Some(serial) = serials.get(unit as usize) {
        revoked += revoke_serial(conn, &line.id, serial, now).await?;
    }
    revoked += revoke_plan_unit(conn, &line.id, unit, data_mb_per_unit, now).await?;
    revoked += revoke_esim_unit(conn, &line.id, unit, now).await?;
    Ok(revoked)
}

/// A data pool the line made stops (once every unit of the line is refunded).
pub async fn revoke_pool(conn: &mut AnyConnection, line_id: &str) -> Result<u64, DbError> {
    Ok(sqlx::query(
        "UPDATE esim_pools SET revoked_at = $1 WHERE order_line_id = $2 AND revoked_at IS NULL",
    )
    .bind(now_ms())
    .bind(line_id)
    .execute(conn)
    .await?
    .rows_affected())
}

/// A line's units refunded so far, as this transaction sees them.
pub async fn refunded_qty_in(conn: &mut AnyConnection, line_id: &str) -> Result<i64, DbError> {
    Ok(
        sqlx::query_scalar("SELECT refunded_qty FROM order_lines WHERE id = $1")
            .bind(line_id)
            .fetch_one(conn)
            .await?,
    )
}

/// A licence key or warranty extension for one serial.
async fn revoke_serial(
    conn: &mut AnyConnection,
    line_id: &str,
    serial: &str,
    now: i64,
) -> Result<u64, DbError> {
    let keys = sqlx::query(
        "UPDATE licence_keys SET revoked_at = $1 WHERE order_line_id = $2 AND serial = $3 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(line_id)
    .bind(serial)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let ext = sqlx::query(
        "UPDATE warranty_extensions SET revoked_at = $1 WHERE order_line_id = $2 AND serial = $3 AND revoked_at IS NULL \
         RETURNING starts_at, ends_at, previous_end",
    )
    .bind(now)
    .bind(line_id)
    .bind(serial)
    .fetch_optional(&mut *conn)
    .await?;
    let mut n = keys;
    if let Some(r) = ext {
        // The coverage loses what the extension added (later extensions keep theirs).
        let added = r.try_get::<i64, _>("ends_at")? - r.try_get::<i64, _>("starts_at")?;
        let floor: i64 = r.try_get("previous_end")?;
        sqlx::query(
            "UPDATE devices SET warranty_ends_at = CASE WHEN warranty_ends_at - $1 < $2 THEN $2 ELSE warranty_ends_at - $1 END, \
             updated_at = $3 WHERE serial = $4",
        )
        .bind(added)
        .bind(floor)
        .bind(now)
        .bind(serial)
        .execute(&mut *conn)
        .await?;
        n += 1;
    }
    Ok(n)
}

/// A plan unit applied to a subscription: its time and data come off.
async fn revoke_plan_unit(
    conn: &mut AnyConnection,
    line_id: &str,
    unit: i64,
    data_mb: Option<i64>,
    now: i64,
) -> Result<u64, DbError> {
    let ext = sqlx::query(
        "UPDATE subscription_extensions SET revoked_at = $1 WHERE order_line_id = $2 AND unit = $3 AND revoked_at IS NULL \
         RETURNING subscription_id, previous_expiry, expires_at, created_at",
    )
    .bind(now)
    .bind(line_id)
    .bind(unit)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(r) = ext else {
        return Ok(0);
    };
    let from = r
        .try_get::<Option<i64>, _>("previous_expiry")?
        .unwrap_or(r.try_get("created_at")?);
    let added = (r.try_get::<i64, _>("expires_at")? - from).max(0);
    sqlx::query(
        "UPDATE subscriptions SET expires_at = CASE WHEN expires_at - $1 < starts_at THEN starts_at ELSE expires_at - $1 END, \
         allowance_mb = CASE WHEN allowance_mb IS NULL OR $2 IS NULL THEN allowance_mb \
                             WHEN allowance_mb - $2 < 0 THEN 0 ELSE allowance_mb - $2 END, \
         updated_at = $3 WHERE id = $4",
    )
    .bind(added)
    .bind(data_mb)
    .bind(now)
    .bind(r.try_get::<String, _>("subscription_id")?)
    .execute(&mut *conn)
    .await?;
    Ok(1)
}

/// An eSIM profile issued for the unit, or a top-up applied by it.
async fn revoke_esim_unit(
    conn: &mut AnyConnection,
    line_id: &str,
    unit: i64,
    now: i64,
) -> Result<u64, DbError> {
    let profiles = sqlx::query(
        "UPDATE esims SET revoked_at = $1 WHERE order_line_id = $2 AND unit = $3 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(line_id)
    .bind(unit)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let topup = sqlx::query(
        "UPDATE esim_topups SET revoked_at = $1 WHERE order_line_id = $2 AND unit = $3 AND revoked_at IS NULL \
         RETURNING iccid, data_mb",
    )
    .bind(now)
    .bind(line_id)
    .bind(unit)
    .fetch_optional(&mut *conn)
    .await?;
    let mut n = profiles;
    if let Some(r) = topup {
        sqlx::query(
            "UPDATE esims SET data_mb = CASE WHEN data_mb - $1 < 0 THEN 0 ELSE data_mb - $1 END WHERE iccid = $2",
        )
        .bind(r.try_get::<i64, _>("data_mb")?)
        .bind(r.try_get::<String, _>("iccid")?)
        .execute(&mut *conn)
        .await?;
        n += 1;
    }
    Ok(n)
}
