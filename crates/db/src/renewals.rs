//! Auto-renewal bookkeeping (SPEC §8): which devices are due, the claim on
//! one (serial, expiry) that makes a renewal happen once with several
//! servers, and its outcome. The order itself is written by checkout, which
//! calls [`mark_renewal_ordered`] inside the order's transaction.

use crate::devices::DeviceRow;
use crate::{Db, DbError};
use sqlx::AnyConnection;

/// A claim on renewing one device's coverage that ends at `expires_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenewalClaim {
    pub serial: String,
    pub expires_at: i64,
    /// When this claim was made: the order's transaction checks it is still ours.
    pub claimed_at: i64,
}

/// One renewal as recorded.
#[derive(Debug, Clone, sqlx::FromRow, PartialEq)]
pub struct RenewalRow {
    pub serial: String,
    pub expires_at: i64,
    pub order_id: Option<String>,
    /// `claimed`, `ordered` or `failed`.
    pub status: String,
    pub failure: Option<String>,
    pub created_at: i64,
    pub claimed_at: i64,
}

impl Db {
    /// Devices with auto-renewal on whose coverage ends before `due_before`
    /// (and not before `not_before`: longer expired ones are not renewed
    /// without the owner), with no renewal yet for that expiry, or only a
    /// claim older than `stale_before` (its server stopped). Oldest expiry first.
    pub async fn renewals_due(
        &self,
        due_before: i64,
        not_before: i64,
        stale_before: i64,
        limit: i64,
    ) -> Result<Vec<DeviceRow>, DbError> {
        let sql = format!(
            "SELECT {} FROM devices d WHERE d.auto_renew = $1 \
             AND d.warranty_ends_at <= $2 AND d.warranty_ends_at >= $3 \
             AND NOT EXISTS (SELECT 1 FROM device_renewals r WHERE r.serial = d.serial \
               AND r.expires_at = d.warranty_ends_at \
               AND (r.status <> 'claimed' OR r.claimed_at >= $4)) \
             ORDER BY d.warranty_ends_at, d.serial LIMIT $5",
            crate::devices::DEVICE_COLUMNS
        );
        // Only constant column names are formatted in.
        Ok(sqlx::query_as::<_, DeviceRow>(sqlx::AssertSqlSafe(sql))
            .bind(true)
            .bind(due_before)
            .bind(not_before)
            .bind(stale_before)
            .bind(limit)
            .fetch_all(self.pool())
            .await?)
    }

    /// Claims the renewal of `serial`'s coverage ending at `expires_at`:
    /// a new row, or a claim older than `stale_before` taken over. `None`
    /// when another server holds it or it is already done.
    pub async fn claim_renewal(
        &self,
        serial: &str,
        expires_at: i64,
        now: i64,
        stale_before: i64,
    ) -> Result<Option<RenewalClaim>, DbError> {
        let mut conn = self.pool().acquire().await?;
        let inserted = sqlx::query(
            "INSERT INTO device_renewals (serial, expires_at, status, created_at, claimed_at, held_by) \
             VALUES ($1, $2, 'claimed', $3, $3, $4) ON CONFLICT (serial, expires_at) DO NOTHING",
        )
        .bind(serial)
        .bind(expires_at)
        .bind(now)
        .bind(self.instance_id())
        .execute(&mut *conn)
        .await?
        .rows_affected();
        let taken = inserted > 0
            || sqlx::query(
                "UPDATE device_renewals SET claimed_at = $1, held_by = $5 WHERE serial = $2 AND expires_at = $3 \
                 AND status = 'claimed' AND claimed_at < $4",
            )
            .bind(now)
            .bind(serial)
            .bind(expires_at)
            .bind(stale_before)
            .bind(self.instance_id())
            .execute(&mut *conn)
            .await?
            .rows_affected()
                > 0;
        Ok(taken.then(|| RenewalClaim {
            serial: serial.to_owned(),
            expires_at,
            claimed_at: now,
        }))
    }

    /// The claim ends in failure: recorded on the renewal and shown on the
    /// device. False when the claim was no longer ours (nothing changed).
    pub async fn fail_renewal(
        &self,
        claim: &RenewalClaim,
        reason: &str,
        now: i64,
        email: Option<&crate::account_area::OutboxRow>,
    ) -> Result<bool, DbError> {
        let mut tx = self.begin_write().await?;
        let ours = sqlx::query(
            "UPDATE device_renewals SET status = 'failed', failure = $1 \
             WHERE serial = $2 AND expires_at = $3 AND status = 'claimed' AND claimed_at = $4",
        )
        .bind(reason)
        .bind(&claim.serial)
        .bind(claim.expires_at)
        .bind(claim.claimed_at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if ours == 0 {
            return Ok(false);
        }
        sqlx::query(
            "UPDATE devices SET renew_failed_at = $1, renew_failure = $2, updated_at = $1 WHERE serial = $3",
        )
        .bind(now)
        .bind(reason)
        .bind(&claim.serial)
        .execute(&mut *tx)
        .await?;
        if let Some(row) = email {
            crate::account_area::insert_outbox_in(&mut tx, row).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Every renewal of `serial`, newest expiry first.
    pub async fn renewals_of(&self, serial: &str) -> Result<Vec<RenewalRow>, DbError> {
        Ok(sqlx::query_as::<_, RenewalRow>(
            "SELECT serial, expires_at, order_id, status, failure, created_at, claimed_at \
             FROM device_renewals WHERE serial = $1 ORDER BY expires_at DESC",
        )
        .bind(serial)
        .fetch_all(self.pool())
        .await?)
    }
}

/// Inside the renewal order's transaction: the claim becomes `ordered` with
/// the order, and the device's last failure is cleared. False when the claim
/// is no longer ours (another server took it over): the transaction must
/// roll back.
pub async fn mark_renewal_ordered(
    tx: &mut AnyConnection,
    claim: &RenewalClaim,
    order_id: &str,
    now: i64,
) -> Result<bool, DbError> {
    let ours = sqlx::query(
        "UPDATE device_renewals SET status = 'ordered', order_id = $1 \
         WHERE serial = $2 AND expires_at = $3 AND status = 'claimed' AND claimed_at = $4",
    )
    .bind(order_id)
    .bind(&claim.serial)
    .bind(claim.expires_at)
    .bind(claim.claimed_at)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if ours == 0 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE devices SET renew_failed_at = NULL, renew_failure = NULL, updated_at = $1 WHERE serial = $2",
    )
    .bind(now)
    .bind(&claim.serial)
    .execute(&mut *tx)
    .await?;
    Ok(true)
}
