//! Delivery on payment (SPEC §7): the queue of paid orders with digital
//! lines and what each line delivered — licence keys, warranty extensions,
//! subscriptions and their extensions, eSIMs, top-ups and pools — plus the
//! few device queries delivery needs (insert a device for the buyer when
//! nobody holds the serial, move its warranty end).
//!
//! Every deliverable is inserted with `ON CONFLICT DO NOTHING` under its
//! unique (order line, unit) key, and the callers run each line in one
//! transaction, so a rerun or a crash in the middle never issues twice:
//! an insert that affects no row means "already delivered".

use crate::orders::{ORDER_COLUMNS, OrderLineRow, OrderRow};
use crate::{Db, DbError, Flag};
use sqlx::{AnyConnection, FromRow};
use std::collections::HashMap;

// ----- the queue -----

/// Queues `order_id` for delivery (in the transaction that records the payment).
pub async fn enqueue(conn: &mut AnyConnection, order_id: &str, now: i64) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO delivery_queue (order_id, enqueued_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(order_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks a queued order delivered (conditional: false when it already was).
pub async fn mark_delivered(
    conn: &mut AnyConnection,
    order_id: &str,
    now: i64,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "UPDATE delivery_queue SET delivered_at = $1, locked_until = 0 WHERE order_id = $2 AND delivered_at IS NULL",
    )
    .bind(now)
    .bind(order_id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Takes the lease of one queued order until `now + lease_ms`: a
/// conditional update, so of several servers exactly one gets it (on
/// PostgreSQL a second server's update waits for the first transaction and
/// then finds the lease taken). The attempt this claim starts (1 for the
/// first), or `None` when the order is taken or done.
pub async fn claim_delivery_in(
    conn: &mut AnyConnection,
    order_id: &str,
    now: i64,
    lease_ms: i64,
) -> Result<Option<i64>, DbError> {
    Ok(sqlx::query_scalar(
        "UPDATE delivery_queue SET locked_until = $1, attempts = attempts + 1 \
         WHERE order_id = $2 AND delivered_at IS NULL AND locked_until <= $3 RETURNING attempts",
    )
    .bind(now + lease_ms)
    .bind(order_id)
    .bind(now)
    .fetch_optional(conn)
    .await?)
}

/// One row of the queue.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct QueueRow {
    pub order_id: String,
    pub enqueued_at: i64,
    pub locked_until: i64,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub delivered_at: Option<i64>,
}

/// An order waiting for delivery, with its lines, as read before its claim.
#[derive(Debug, Clone)]
pub struct QueuedOrder {
    pub order: OrderRow,
    pub lines: Vec<OrderLineRow>,
}

impl QueuedOrder {
    /// The account the order delivers to: the recipient of a pavilion
    /// order, else the buyer.
    pub fn owner(&self) -> &str {
        self.order
            .recipient_user_id
            .as_deref()
            .unwrap_or(&self.order.user_id)
    }
}

impl Db {
    /// Orders waiting for delivery whose lease (if any) has ended, oldest
    /// first, with their lines: two reads for the batch, outside the
    /// writer, so a delivery's transaction starts at its claim (D126).
    /// Another transaction may move an order's lines before it is claimed;
    /// delivery's conditional updates tell.
    pub async fn claimable_deliveries(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<QueuedOrder>, DbError> {
        let none = std::collections::HashSet::new();
        self.claimable_deliveries_except(now, limit, &none).await
    }

    /// The first `limit` claimable orders except those in `taken` (handed
    /// to this server's delivery lanes, claimed or about to be, in
    /// transactions not yet committed): those are read, counting towards
    /// `limit`, but neither returned nor their lines read.
    pub async fn claimable_deliveries_except(
        &self,
        now: i64,
        limit: i64,
        taken: &std::collections::HashSet<String>,
    ) -> Result<Vec<QueuedOrder>, DbError> {
        let mut conn = self.pool().acquire().await?;
        let mut orders: Vec<OrderRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {ORDER_COLUMNS} FROM delivery_queue q JOIN orders o ON o.id = q.order_id \
             WHERE q.delivered_at IS NULL AND q.locked_until <= $1 ORDER BY q.enqueued_at LIMIT $2"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
        orders.retain(|o| !taken.contains(&o.id));
        let ids: Vec<&str> = orders.iter().map(|o| o.id.as_str()).collect();
        let mut lines_by_order: HashMap<String, Vec<OrderLineRow>> = HashMap::new();
        for line in crate::orders::lines_of_orders(&mut conn, &ids).await? {
            lines_by_order
                .entry(line.order_id.clone())
                .or_default()
                .push(line);
        }
        Ok(orders
            .into_iter()
            .map(|order| QueuedOrder {
                lines: lines_by_order.remove(&order.id).unwrap_or_default(),
                order,
            })
            .collect())
    }

    /// Takes the lease of one queued order until `now + lease_ms` on its own.
    pub async fn claim_delivery(
        &self,
        order_id: &str,
        now: i64,
        lease_ms: i64,
    ) -> Result<bool, DbError> {
        let mut conn = self.writer().acquire().await?;
        Ok(claim_delivery_in(&mut conn, order_id, now, lease_ms)
            .await?
            .is_some())
    }

    /// Records why a delivery attempt stopped; the row is claimable again
    /// after `retry_at`. The attempt is counted here: its claim rolled back
    /// with its transaction, and the next claim must not look like a first
    /// one (a first attempt skips looking for what an earlier one delivered).
    pub async fn delivery_attempt_failed(
        &self,
        order_id: &str,
        error: &str,
        retry_at: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "UPDATE delivery_queue SET last_error = $1, locked_until = $2, attempts = attempts + 1 \
             WHERE order_id = $3 AND delivered_at IS NULL",
        )
        .bind(error)
        .bind(retry_at)
        .bind(order_id)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    pub async fn delivery_queue_row(&self, order_id: &str) -> Result<Option<QueueRow>, DbError> {
        Ok(sqlx::query_as(
            "SELECT order_id, enqueued_at, locked_until, attempts, last_error, delivered_at \
             FROM delivery_queue WHERE order_id = $1",
        )
        .bind(order_id)
        .fetch_optional(self.pool())
        .await?)
    }
}

// ----- devices (the few queries delivery needs) -----

/// A device as delivery sees it.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct DeviceRef {
    pub serial: String,
    pub user_id: String,
    pub model_code: String,
    #[sqlx(try_from = "Flag")]
    pub prime: bool,
    pub registered_at: i64,
    pub warranty_ends_at: i64,
}

pub async fn device_in(
    conn: &mut AnyConnection,
    serial: &str,
) -> Result<Option<DeviceRef>, DbError> {
    Ok(sqlx::query_as(
        "SELECT serial, user_id, model_code, prime, registered_at, warranty_ends_at FROM devices WHERE serial = $1",
    )
    .bind(serial)
    .fetch_optional(conn)
    .await?)
}

/// Registers `d` to its user unless an account already holds the serial
/// (one account per serial); true when it was inserted.
pub async fn insert_device_if_absent(
    conn: &mut AnyConnection,
    d: &DeviceRef,
    now: i64,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO devices (serial, user_id, model_code, prime, source, registered_at, warranty_ends_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 'order', $5, $6, $7, $7) ON CONFLICT (serial) DO NOTHING",
    )
    .bind(&d.serial)
    .bind(&d.user_id)
    .bind(&d.model_code)
    .bind(d.prime)
    .bind(d.registered_at)
    .bind(d.warranty_ends_at)
    .bind(now)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Moves a device's warranty end from `from` to `to` (conditional: false
/// when someone changed it meanwhile).
pub async fn move_warranty_end(
    conn: &mut AnyConnection,
    serial: &str,
    from: i64,
    to: i64,
    now: i64,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "UPDATE devices SET warranty_ends_at = $1, updated_at = $2 WHERE serial = $3 AND warranty_ends_at = $4",
    )
    .bind(to)
    .bind(now)
    .bind(serial)
    .bind(from)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

// ----- licence keys -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct LicenceKeyRow {
    pub id: String,
    pub order_line_id: String,
    pub user_id: String,
    pub serial: String,
    pub licence_key: String,
    pub sku: String,
    pub name: String,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub created_at: i64,
}

const KEY_COLUMNS: &str =
    "id, order_line_id, user_id, serial, licence_key, sku, name, starts_at, ends_at, created_at";

/// Inserts a key; false when the line already has one for this serial (or,
/// astronomically rarely, the random key exists: the caller tells the two
/// apart with [`licence_key_of`]).
pub async fn insert_licence_key(
    conn: &mut AnyConnection,
    k: &LicenceKeyRow,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO licence_keys (id, order_line_id, user_id, serial, licence_key, sku, name, starts_at, ends_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
    )
    .bind(&k.id)
    .bind(&k.order_line_id)
    .bind(&k.user_id)
    .bind(&k.serial)
    .bind(&k.licence_key)
    .bind(&k.sku)
    .bind(&k.name)
    .bind(k.starts_at)
    .bind(k.ends_at)
    .bind(k.created_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

pub async fn licence_key_of(
    conn: &mut AnyConnection,
    order_line_id: &str,
    serial: &str,
) -> Result<Option<LicenceKeyRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {KEY_COLUMNS} FROM licence_keys WHERE order_line_id = $1 AND serial = $2"
    )))
    .bind(order_line_id)
    .bind(serial)
    .fetch_optional(conn)
    .await?)
}

pub async fn licence_keys_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<LicenceKeyRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {KEY_COLUMNS} FROM licence_keys WHERE order_line_id IN \
         (SELECT id FROM order_lines WHERE order_id = $1) ORDER BY created_at, serial"
    )))
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

impl Db {
    /// A licence key by id, only when `user_id` bought it.
    pub async fn licence_key_of_buyer(
        &self,
        id: &str,
        user_id: &str,
    ) -> Result<Option<LicenceKeyRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {KEY_COLUMNS} FROM licence_keys WHERE id = $1 AND user_id = $2"
        )))
        .bind(id)
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?)
    }
}

// ----- warranty extensions -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct WarrantyExtensionRow {
    pub order_line_id: String,
    pub serial: String,
    pub user_id: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub previous_end: i64,
    pub created_at: i64,
}

/// False when the line already extended this serial.
pub async fn insert_warranty_extension(
    conn: &mut AnyConnection,
    w: &WarrantyExtensionRow,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO warranty_extensions (order_line_id, serial, user_id, starts_at, ends_at, previous_end, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
    )
    .bind(&w.order_line_id)
    .bind(&w.serial)
    .bind(&w.user_id)
    .bind(w.starts_at)
    .bind(w.ends_at)
    .bind(w.previous_end)
    .bind(w.created_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

pub async fn warranty_extensions_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<WarrantyExtensionRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT order_line_id, serial, user_id, starts_at, ends_at, previous_end, created_at \
         FROM warranty_extensions WHERE order_line_id IN (SELECT id FROM order_lines WHERE order_id = $1) \
         ORDER BY created_at, serial",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

// ----- subscriptions -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct SubscriptionRow {
    pub id: String,
    pub user_id: String,
    pub serial: String,
    pub family: String,
    pub sku: String,
    pub name: String,
    pub allowance_mb: Option<i64>,
    pub used_mb: i64,
    pub starts_at: i64,
    pub expires_at: i64,
    pub updated_at: i64,
}

pub(crate) const SUB_COLUMNS: &str = "id, user_id, serial, family, sku, name, allowance_mb, used_mb, starts_at, expires_at, updated_at";

/// Every subscription of a device (one per family).
pub async fn subscriptions_of_serial(
    conn: &mut AnyConnection,
    serial: &str,
) -> Result<Vec<SubscriptionRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SUB_COLUMNS} FROM subscriptions WHERE serial = $1 ORDER BY family"
    )))
    .bind(serial)
    .fetch_all(conn)
    .await?)
}

/// Creates a subscription; false when the device already has one of this family.
pub async fn insert_subscription(
    conn: &mut AnyConnection,
    s: &SubscriptionRow,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, starts_at, expires_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING",
    )
    .bind(&s.id)
    .bind(&s.user_id)
    .bind(&s.serial)
    .bind(&s.family)
    .bind(&s.sku)
    .bind(&s.name)
    .bind(s.allowance_mb)
    .bind(s.used_mb)
    .bind(s.starts_at)
    .bind(s.expires_at)
    .bind(s.updated_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Replaces a subscription's plan with `s` when it is still as it was read
/// (`read_updated_at`, `read_expires_at`): false when it changed meanwhile.
pub async fn update_subscription_if(
    conn: &mut AnyConnection,
    s: &SubscriptionRow,
    read_updated_at: i64,
    read_expires_at: i64,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "UPDATE subscriptions SET sku = $1, name = $2, allowance_mb = $3, used_mb = $4, starts_at = $5, \
         expires_at = $6, updated_at = $7 WHERE id = $8 AND updated_at = $9 AND expires_at = $10",
    )
    .bind(&s.sku)
    .bind(&s.name)
    .bind(s.allowance_mb)
    .bind(s.used_mb)
    .bind(s.starts_at)
    .bind(s.expires_at)
    .bind(s.updated_at)
    .bind(&s.id)
    .bind(read_updated_at)
    .bind(read_expires_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct SubscriptionExtensionRow {
    pub order_line_id: String,
    pub unit: i64,
    pub subscription_id: String,
    pub carried_mb: Option<i64>,
    pub previous_expiry: Option<i64>,
    pub expires_at: i64,
    pub created_at: i64,
}

/// False when this unit of the line was already applied.
pub async fn insert_subscription_extension(
    conn: &mut AnyConnection,
    e: &SubscriptionExtensionRow,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO subscription_extensions (order_line_id, unit, subscription_id, carried_mb, previous_expiry, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
    )
    .bind(&e.order_line_id)
    .bind(e.unit)
    .bind(&e.subscription_id)
    .bind(e.carried_mb)
    .bind(e.previous_expiry)
    .bind(e.expires_at)
    .bind(e.created_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

pub async fn subscription_extension_exists(
    conn: &mut AnyConnection,
    order_line_id: &str,
    unit: i64,
) -> Result<bool, DbError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM subscription_extensions WHERE order_line_id = $1 AND unit = $2",
    )
    .bind(order_line_id)
    .bind(unit)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

/// A line's extension with the subscription it extended (as it is now).
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct AppliedPlanRow {
    pub order_line_id: String,
    pub unit: i64,
    pub carried_mb: Option<i64>,
    pub previous_expiry: Option<i64>,
    pub expires_at: i64,
    pub subscription_id: String,
    pub serial: String,
    pub family: String,
    pub allowance_mb: Option<i64>,
    pub used_mb: i64,
    pub current_expiry: i64,
}

pub async fn applied_plans_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<AppliedPlanRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT e.order_line_id, e.unit, e.carried_mb, e.previous_expiry, e.expires_at, e.subscription_id, \
         s.serial, s.family, s.allowance_mb, s.used_mb, s.expires_at AS current_expiry \
         FROM subscription_extensions e JOIN subscriptions s ON s.id = e.subscription_id \
         WHERE e.order_line_id IN (SELECT id FROM order_lines WHERE order_id = $1) ORDER BY e.order_line_id, e.unit",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

// ----- eSIMs, top-ups, pools -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct EsimRow {
    pub iccid: String,
    pub user_id: String,
    pub order_line_id: Option<String>,
    pub unit: i64,
    pub name: String,
    pub smdp: String,
    pub matching_id: String,
    pub activation_code: String,
    pub data_mb: i64,
    pub used_mb: i64,
    pub expires_at: Option<i64>,
    pub created_at: i64,
}

pub(crate) const ESIM_COLUMNS: &str = "iccid, user_id, order_line_id, unit, name, smdp, matching_id, activation_code, \
data_mb, used_mb, expires_at, created_at";

/// Inserts a profile; false when the line's unit already has one or the
/// random ICCID is taken (told apart with [`esim_of_unit`]).
pub async fn insert_esim(conn: &mut AnyConnection, e: &EsimRow) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO esims (iccid, user_id, order_line_id, unit, name, smdp, matching_id, activation_code, data_mb, used_mb, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING",
    )
    .bind(&e.iccid)
    .bind(&e.user_id)
    .bind(&e.order_line_id)
    .bind(e.unit)
    .bind(&e.name)
    .bind(&e.smdp)
    .bind(&e.matching_id)
    .bind(&e.activation_code)
    .bind(e.data_mb)
    .bind(e.used_mb)
    .bind(e.expires_at)
    .bind(e.created_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Inserts a profile that no order line delivered (the demo customer's),
/// with the SKU of the bundle it stands for; false when the ICCID is taken.
pub async fn insert_esim_with_sku(
    conn: &mut AnyConnection,
    e: &EsimRow,
    sku: &str,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO esims (iccid, user_id, order_line_id, unit, name, smdp, matching_id, activation_code, data_mb, used_mb, expires_at, created_at, sku) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (iccid) DO NOTHING",
    )
    .bind(&e.iccid)
    .bind(&e.user_id)
    .bind(&e.order_line_id)
    .bind(e.unit)
    .bind(&e.name)
    .bind(&e.smdp)
    .bind(&e.matching_id)
    .bind(&e.activation_code)
    .bind(e.data_mb)
    .bind(e.used_mb)
    .bind(e.expires_at)
    .bind(e.created_at)
    .bind(sku)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

pub async fn esim_of_unit(
    conn: &mut AnyConnection,
    order_line_id: &str,
    unit: i64,
) -> Result<Option<EsimRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ESIM_COLUMNS} FROM esims WHERE order_line_id = $1 AND unit = $2"
    )))
    .bind(order_line_id)
    .bind(unit)
    .fetch_optional(conn)
    .await?)
}

pub async fn esims_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<EsimRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ESIM_COLUMNS} FROM esims WHERE order_line_id IN \
         (SELECT id FROM order_lines WHERE order_id = $1) ORDER BY order_line_id, unit"
    )))
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

/// The ICCIDs of `user_id`'s eSIMs, oldest first, at most `limit`.
pub async fn esim_iccids_of_user(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> Result<Vec<String>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT iccid FROM esims WHERE user_id = $1 ORDER BY created_at, iccid LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// True when `user_id` holds the eSIM `iccid`.
pub async fn owns_esim(
    conn: &mut AnyConnection,
    user_id: &str,
    iccid: &str,
) -> Result<bool, DbError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM esims WHERE iccid = $1 AND user_id = $2",
    )
    .bind(iccid)
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

impl Db {
    /// An eSIM, only when `user_id` holds it.
    pub async fn esim_of_user(
        &self,
        iccid: &str,
        user_id: &str,
    ) -> Result<Option<EsimRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {ESIM_COLUMNS} FROM esims WHERE iccid = $1 AND user_id = $2"
        )))
        .bind(iccid)
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?)
    }
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct TopupRow {
    pub order_line_id: String,
    pub unit: i64,
    pub iccid: String,
    pub data_mb: i64,
    pub expires_at: Option<i64>,
    pub created_at: i64,
}

/// False when this unit of the line was already applied.
pub async fn insert_topup(conn: &mut AnyConnection, t: &TopupRow) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO esim_topups (order_line_id, unit, iccid, data_mb, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
    )
    .bind(&t.order_line_id)
    .bind(t.unit)
    .bind(&t.iccid)
    .bind(t.data_mb)
    .bind(t.expires_at)
    .bind(t.created_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Adds data to the buyer's eSIM and moves its expiry to `expires_at` when
/// later; false when `user_id` does not hold it.
pub async fn add_esim_data(
    conn: &mut AnyConnection,
    iccid: &str,
    user_id: &str,
    data_mb: i64,
    expires_at: i64,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "UPDATE esims SET data_mb = data_mb + $1, \
         expires_at = CASE WHEN expires_at IS NULL OR expires_at < $2 THEN $2 ELSE expires_at END \
         WHERE iccid = $3 AND user_id = $4",
    )
    .bind(data_mb)
    .bind(expires_at)
    .bind(iccid)
    .bind(user_id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// The expiry of an eSIM (none until data is bought).
pub async fn esim_expiry(conn: &mut AnyConnection, iccid: &str) -> Result<Option<i64>, DbError> {
    Ok(
        sqlx::query_scalar::<_, Option<i64>>("SELECT expires_at FROM esims WHERE iccid = $1")
            .bind(iccid)
            .fetch_optional(conn)
            .await?
            .flatten(),
    )
}

pub async fn topups_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<TopupRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT order_line_id, unit, iccid, data_mb, expires_at, created_at FROM esim_topups \
         WHERE order_line_id IN (SELECT id FROM order_lines WHERE order_id = $1) ORDER BY order_line_id, unit",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct PoolRow {
    pub id: String,
    pub order_line_id: String,
    pub user_id: String,
    pub name: String,
    pub allowance_mb: i64,
    pub used_mb: i64,
    pub expires_at: Option<i64>,
    pub created_at: i64,
}

/// Creates a line's pool; false when the line already has one.
pub async fn insert_pool(conn: &mut AnyConnection, p: &PoolRow) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO esim_pools (id, order_line_id, user_id, name, allowance_mb, used_mb, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
    )
    .bind(&p.id)
    .bind(&p.order_line_id)
    .bind(&p.user_id)
    .bind(&p.name)
    .bind(p.allowance_mb)
    .bind(p.used_mb)
    .bind(p.expires_at)
    .bind(p.created_at)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

pub async fn insert_pool_member(
    conn: &mut AnyConnection,
    pool_id: &str,
    iccid: &str,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO esim_pool_members (pool_id, iccid) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(pool_id)
    .bind(iccid)
    .execute(conn)
    .await?;
    Ok(())
}

/// A pool with its members' ICCIDs.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolWithMembers {
    pub pool: PoolRow,
    pub members: Vec<String>,
}

pub async fn pools_of_order(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<PoolWithMembers>, DbError> {
    let pools: Vec<PoolRow> = sqlx::query_as(
        "SELECT id, order_line_id, user_id, name, allowance_mb, used_mb, expires_at, created_at FROM esim_pools \
         WHERE order_line_id IN (SELECT id FROM order_lines WHERE order_id = $1) ORDER BY created_at",
    )
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(pools.len());
    for pool in pools {
        let members = sqlx::query_scalar(
            "SELECT iccid FROM esim_pool_members WHERE pool_id = $1 ORDER BY iccid",
        )
        .bind(&pool.id)
        .fetch_all(&mut *conn)
        .await?;
        out.push(PoolWithMembers { pool, members });
    }
    Ok(out)
}

// ----- who hears about a failed delivery -----

/// `(user id, e-mail)` of every fulfilment or admin staff member.
pub async fn staff_recipients(conn: &mut AnyConnection) -> Result<Vec<(String, String)>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, email FROM users WHERE is_fulfilment = $1 OR is_admin = $1 ORDER BY email",
    )
    .bind(true)
    .fetch_all(conn)
    .await?)
}

/// The e-mail address of an account.
pub async fn user_email(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<String>, DbError> {
    Ok(sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await?)
}

/// The number of the order an order line belongs to.
pub async fn order_number_of_line(
    conn: &mut AnyConnection,
    order_line_id: &str,
) -> Result<Option<String>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT o.number FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.id = $1",
    )
    .bind(order_line_id)
    .fetch_optional(conn)
    .await?)
}
