//! Connectivity usage (SPEC §13, D98): integration keys, the usage-record
//! intake, the daily rollup and low-data alerts.
//!
//! One intake batch is one write transaction: the records are inserted with
//! `ON CONFLICT DO NOTHING … RETURNING`, so a record id repeated by a retry
//! or by two servers at once is counted by exactly one of them; only the
//! rows this transaction inserted move the meters and the rollup.

use crate::batch::Batch;
use crate::batch::placeholders;
use crate::delivery::{ESIM_COLUMNS, EsimRow, SUB_COLUMNS, SubscriptionRow};
use crate::devices::HELD_SUBSCRIPTIONS;
use crate::row;
use crate::{Backend, Db, DbError, qualified};
use sqlx::{Any, AnyConnection, FromRow, Transaction};
use std::collections::{BTreeMap, HashMap};
use uplink_domain::usage::{Meter, split_by_day};

// ----- integration keys -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct IntegrationKeyRow {
    pub id: String,
    pub name: String,
    pub key_prefix: String,
    pub created_by: String,
    /// The creator's e-mail (empty when the account is gone).
    pub created_by_email: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

const KEY_COLUMNS: &str = "k.id, k.name, k.key_prefix, k.created_by, COALESCE(u.email, '') AS created_by_email, \
k.created_at, k.last_used_at, k.revoked_at";

/// How often `last_used_at` is written for a busy key (it is shown to a minute).
const TOUCH_EVERY_MS: i64 = 60_000;

impl Db {
    pub async fn insert_integration_key(
        &self,
        id: &str,
        name: &str,
        key_prefix: &str,
        key_hash: &str,
        created_by: &str,
        now: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO integration_keys (id, name, key_prefix, key_hash, created_by, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(name)
        .bind(key_prefix)
        .bind(key_hash)
        .bind(created_by)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Every key, newest first (revoked ones too: they stay listed).
    pub async fn integration_keys(&self) -> Result<Vec<IntegrationKeyRow>, DbError> {
        let sql = format!(
            "SELECT {KEY_COLUMNS} FROM integration_keys k LEFT JOIN users u ON u.id = k.created_by \
             ORDER BY k.created_at DESC, k.id"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .fetch_all(self.pool())
            .await?)
    }

    pub async fn integration_key(&self, id: &str) -> Result<Option<IntegrationKeyRow>, DbError> {
        let sql = format!(
            "SELECT {KEY_COLUMNS} FROM integration_keys k LEFT JOIN users u ON u.id = k.created_by \
             WHERE k.id = $1"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// The id of the live (not revoked) key with this hash, noting its use
    /// at most once a minute.
    pub async fn live_integration_key(
        &self,
        key_hash: &str,
        now: i64,
    ) -> Result<Option<String>, DbError> {
        let found: Option<(String, Option<i64>)> = sqlx::query_as(
            "SELECT id, last_used_at FROM integration_keys WHERE key_hash = $1 AND revoked_at IS NULL",
        )
        .bind(key_hash)
        .fetch_optional(self.pool())
        .await?;
        let Some((id, last_used)) = found else {
            return Ok(None);
        };
        if last_used.is_none_or(|t| now - t >= TOUCH_EVERY_MS) {
            sqlx::query("UPDATE integration_keys SET last_used_at = $1 WHERE id = $2")
                .bind(now)
                .bind(&id)
                .execute(self.writer())
                .await?;
        }
        Ok(Some(id))
    }

    /// Revokes a key (a second revocation keeps the first time); false when
    /// there is no such key.
    pub async fn revoke_integration_key(&self, id: &str, now: i64) -> Result<bool, DbError> {
        let mut conn = self.writer().acquire().await?;
        revoke_integration_key_in(&mut conn, id, now).await
    }
}

/// Revokes a key inside a transaction (a staff write with its audit entry).
/// False when there is no such key.
pub async fn revoke_integration_key_in(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    now: i64,
) -> Result<bool, DbError> {
    let n = sqlx::query(
        "UPDATE integration_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Stores a new key inside a transaction (a staff write with its audit entry).
pub async fn insert_integration_key_in(
    conn: &mut sqlx::AnyConnection,
    key: &NewIntegrationKeyRow<'_>,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO integration_keys (id, name, key_prefix, key_hash, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(key.id)
    .bind(key.name)
    .bind(key.key_prefix)
    .bind(key.key_hash)
    .bind(key.created_by)
    .bind(key.now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A key to store (its secret only as a hash).
pub struct NewIntegrationKeyRow<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub key_prefix: &'a str,
    pub key_hash: &'a str,
    pub created_by: &'a str,
    pub now: i64,
}

// ----- intake -----

/// What a record is metered against, as sent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    Subscription(String),
    Iccid(String),
}

impl Target {
    fn kind(&self) -> &'static str {
        match self {
            Target::Subscription(_) => "subscription",
            Target::Iccid(_) => "iccid",
        }
    }

    fn value(&self) -> &str {
        match self {
            Target::Subscription(v) | Target::Iccid(v) => v,
        }
    }
}

/// A checked usage record (the API validated every field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUsageRecord {
    pub record_id: String,
    pub target: Target,
    pub period_start: i64,
    pub period_end: i64,
    pub bytes_up: i64,
    pub bytes_down: i64,
}

/// What became of one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Accepted,
    /// The same record was taken before; counted once.
    Duplicate,
    /// The record id was taken with other values.
    Conflict,
    /// No such subscription or eSIM.
    UnknownTarget,
}

/// The outcome of a batch: one entry per record, in order, and the items
/// whose meters moved (for the alert check).
#[derive(Debug, Clone, Default)]
pub struct IntakeOutcome {
    pub taken: Vec<Taken>,
    pub touched_items: Vec<String>,
}

/// Rows of one statement (both backends' parameter limits allow 8 × 500).
const ROWS_PER_STATEMENT: usize = 500;
/// Rows of one multi-row INSERT: SQLite's driver binds `$N` parameters by
/// name, and finding a name scans the statement's whole list, so binding
/// grows with the square of the parameters (a 500-row insert of 4,500
/// parameters spent 21 of its 31 ms there; 100 rows, about 7 ms).
const ROWS_PER_INSERT: usize = 100;

/// A meter row read for update.
#[derive(Debug, Clone, Copy)]
struct Counter {
    meter: Meter,
}

/// The table a monitored item's meter lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Store {
    Subscription,
    Esim,
    Pool,
}

impl Store {
    fn update_sql(self) -> &'static str {
        match self {
            Store::Subscription => {
                "UPDATE subscriptions SET used_mb = $1, used_partial_bytes = $2 WHERE id = $3"
            }
            Store::Esim => {
                "UPDATE esims SET used_mb = $1, used_partial_bytes = $2 WHERE iccid = $3"
            }
            Store::Pool => {
                "UPDATE esim_pools SET used_mb = $1, used_partial_bytes = $2 WHERE id = $3"
            }
        }
    }
}

impl Db {
    /// Takes checked records (record ids unique within the call) in one
    /// transaction: inserts the new ones, moves the meters of their
    /// subscriptions, eSIMs and the eSIMs' pools (an eSIM's own data first,
    /// then its pool), and adds their bytes to the daily rollup.
    pub async fn take_usage_records(
        &self,
        key_id: &str,
        records: Vec<NewUsageRecord>,
        now: i64,
    ) -> Result<IntakeOutcome, DbError> {
        let db = self.clone();
        let key_id = key_id.to_owned();
        self.on_writer_thread(async move {
            let mut tx = db.begin_write().await?;
            let outcome = take_in(&mut tx, db.backend(), &key_id, &records, now).await?;
            tx.commit().await?;
            Ok(outcome)
        })
        .await
    }
}

async fn take_in(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    key_id: &str,
    records: &[NewUsageRecord],
    now: i64,
) -> Result<IntakeOutcome, DbError> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let subs = read_counters(
        tx,
        "SELECT id, allowance_mb, used_mb, used_partial_bytes FROM subscriptions WHERE id IN",
        &targets_of(records, |t| matches!(t, Target::Subscription(_))),
        lock,
    )
    .await?;
    let esims = read_counters(
        tx,
        "SELECT iccid, data_mb, used_mb, used_partial_bytes FROM esims WHERE iccid IN",
        &targets_of(records, |t| matches!(t, Target::Iccid(_))),
        lock,
    )
    .await?;
    let pool_of = pools_of_iccids(tx, &esims.keys().cloned().collect::<Vec<_>>(), now).await?;
    let pool_ids: Vec<String> = {
        let mut ids: Vec<String> = pool_of.values().cloned().collect();
        ids.sort();
        ids.dedup();
        ids
    };
    let pools = read_counters(
        tx,
        "SELECT id, allowance_mb, used_mb, used_partial_bytes FROM esim_pools WHERE id IN",
        &pool_ids,
        lock,
    )
    .await?;

    let mut taken = vec![Taken::Accepted; records.len()];
    let mut known = Vec::with_capacity(records.len());
    for (i, r) in records.iter().enumerate() {
        let exists = match &r.target {
            Target::Subscription(id) => subs.contains_key(id),
            Target::Iccid(iccid) => esims.contains_key(iccid),
        };
        if exists {
            known.push(i);
        } else {
            taken[i] = Taken::UnknownTarget;
        }
    }
    let inserted = insert_records(tx, key_id, records, &known, now).await?;
    let repeated: Vec<usize> = known
        .iter()
        .copied()
        .filter(|i| !inserted.contains(&records[*i].record_id))
        .collect();
    judge_repeats(tx, records, &repeated, &mut taken).await?;

    // Meters and rollup from the inserted records, in the order sent.
    let mut meters: BTreeMap<(Store, String), Counter> = BTreeMap::new();
    for (id, c) in subs {
        meters.insert((Store::Subscription, id), c);
    }
    for (id, c) in esims {
        meters.insert((Store::Esim, id), c);
    }
    for (id, c) in pools {
        meters.insert((Store::Pool, id), c);
    }
    let mut moved: BTreeMap<(Store, String), Counter> = BTreeMap::new();
    let mut daily: HashMap<(String, i64), (i64, i64)> = HashMap::new();
    for &i in &known {
        let r = &records[i];
        if !inserted.contains(&r.record_id) {
            continue;
        }
        let (store, item) = match &r.target {
            Target::Subscription(id) => (Store::Subscription, id.clone()),
            Target::Iccid(iccid) => (Store::Esim, iccid.clone()),
        };
        let bytes = r.bytes_up.saturating_add(r.bytes_down);
        let left = consume(&mut meters, &mut moved, (store, item.clone()), bytes);
        let mut items = vec![item];
        if let (Store::Esim, Some(pool)) = (store, pool_of.get(&items[0])) {
            consume(&mut meters, &mut moved, (Store::Pool, pool.clone()), left);
            items.push(pool.clone());
        }
        let ups = split_by_day(r.period_start, r.period_end, r.bytes_up);
        let downs = split_by_day(r.period_start, r.period_end, r.bytes_down);
        for item in items {
            for (day, b) in &ups {
                daily.entry((item.clone(), *day)).or_default().0 += b;
            }
            for (day, b) in &downs {
                daily.entry((item.clone(), *day)).or_default().1 += b;
            }
        }
    }
    for ((store, id), c) in &moved {
        sqlx::query(store.update_sql())
            .bind(c.meter.used_mb)
            .bind(c.meter.partial_bytes)
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    add_to_rollup(tx, daily).await?;
    Ok(IntakeOutcome {
        taken,
        touched_items: moved.into_keys().map(|(_, id)| id).collect(),
    })
}

/// Counts `bytes` against the meter `key`; answers the bytes it could not take.
fn consume(
    meters: &mut BTreeMap<(Store, String), Counter>,
    moved: &mut BTreeMap<(Store, String), Counter>,
    key: (Store, String),
    bytes: i64,
) -> i64 {
    let Some(c) = meters.get_mut(&key) else {
        return bytes;
    };
    let (after, took) = c.meter.consume(bytes);
    c.meter = after;
    moved.insert(key, *c);
    bytes - took
}

fn targets_of(records: &[NewUsageRecord], pick: impl Fn(&Target) -> bool) -> Vec<String> {
    let mut ids: Vec<String> = records
        .iter()
        .filter(|r| pick(&r.target))
        .map(|r| r.target.value().to_owned())
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Meter rows by id; `select` ends in `WHERE <id> IN`, its columns are
/// (id, allowance MB, used MB, partial bytes). Sorted ids, so two
/// PostgreSQL transactions lock rows in the same order.
async fn read_counters(
    tx: &mut Transaction<'static, Any>,
    select: &str,
    ids: &[String],
    lock: &str,
) -> Result<HashMap<String, Counter>, DbError> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "{select} ({}) ORDER BY 1{lock}",
            placeholders(1, chunk.len())
        );
        let mut q = sqlx::query_as::<_, (String, Option<i64>, i64, i64)>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            q = q.bind(id);
        }
        for (id, allowance_mb, used_mb, partial_bytes) in q.fetch_all(&mut **tx).await? {
            let meter = Meter {
                allowance_mb,
                used_mb,
                partial_bytes,
            };
            out.insert(id, Counter { meter });
        }
    }
    Ok(out)
}

/// The live pool each eSIM belongs to (the newest when several are live).
async fn pools_of_iccids(
    tx: &mut Transaction<'static, Any>,
    iccids: &[String],
    now: i64,
) -> Result<HashMap<String, String>, DbError> {
    let mut out = HashMap::new();
    for chunk in iccids.chunks(ROWS_PER_STATEMENT) {
        let n = chunk.len();
        let sql = format!(
            "SELECT m.iccid, p.id FROM esim_pool_members m JOIN esim_pools p ON p.id = m.pool_id \
             WHERE m.iccid IN ({}) AND (p.expires_at IS NULL OR p.expires_at > ${}) \
             ORDER BY p.created_at, p.id",
            placeholders(1, n),
            n + 1
        );
        let mut q = sqlx::query_as::<_, (String, String)>(sqlx::AssertSqlSafe(sql));
        for iccid in chunk {
            q = q.bind(iccid);
        }
        for (iccid, pool) in q.bind(now).fetch_all(&mut **tx).await? {
            out.insert(iccid, pool); // the newest wins
        }
    }
    Ok(out)
}

/// Inserts the records at `which`; answers the ids this transaction inserted.
async fn insert_records(
    tx: &mut Transaction<'static, Any>,
    key_id: &str,
    records: &[NewUsageRecord],
    which: &[usize],
    now: i64,
) -> Result<std::collections::HashSet<String>, DbError> {
    const WIDTH: usize = 9;
    let mut inserted = std::collections::HashSet::new();
    for chunk in which.chunks(ROWS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| format!("({})", placeholders(i * WIDTH + 1, WIDTH)))
            .collect();
        let sql = format!(
            "INSERT INTO usage_records (record_id, key_id, target_kind, target, period_start, period_end, \
             bytes_up, bytes_down, received_at) VALUES {} ON CONFLICT (record_id) DO NOTHING RETURNING record_id",
            values.join(", ")
        );
        let mut q = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql));
        for &i in chunk {
            let r = &records[i];
            q = q
                .bind(&r.record_id)
                .bind(key_id)
                .bind(r.target.kind())
                .bind(r.target.value())
                .bind(r.period_start)
                .bind(r.period_end)
                .bind(r.bytes_up)
                .bind(r.bytes_down)
                .bind(now);
        }
        inserted.extend(q.fetch_all(&mut **tx).await?);
    }
    Ok(inserted)
}

type StoredRecord = (String, String, String, i64, i64, i64, i64);

/// Records whose id was already taken: the same values are a duplicate,
/// other values a conflict.
async fn judge_repeats(
    tx: &mut Transaction<'static, Any>,
    records: &[NewUsageRecord],
    repeated: &[usize],
    taken: &mut [Taken],
) -> Result<(), DbError> {
    let mut stored: HashMap<String, StoredRecord> = HashMap::new();
    for chunk in repeated.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "SELECT record_id, target_kind, target, period_start, period_end, bytes_up, bytes_down \
             FROM usage_records WHERE record_id IN ({})",
            placeholders(1, chunk.len())
        );
        let mut q = sqlx::query_as::<_, StoredRecord>(sqlx::AssertSqlSafe(sql));
        for &i in chunk {
            q = q.bind(&records[i].record_id);
        }
        for row in q.fetch_all(&mut **tx).await? {
            stored.insert(row.0.clone(), row);
        }
    }
    for &i in repeated {
        let r = &records[i];
        let same = stored.get(&r.record_id).is_some_and(|s| {
            s.1 == r.target.kind()
                && s.2 == r.target.value()
                && (s.3, s.4, s.5, s.6) == (r.period_start, r.period_end, r.bytes_up, r.bytes_down)
        });
        taken[i] = if same {
            Taken::Duplicate
        } else {
            Taken::Conflict
        };
    }
    Ok(())
}

/// Adds (item, day) totals to the rollup, one upsert per 500 rows (keys
/// are unique within the map, as PostgreSQL requires of one statement).
async fn add_to_rollup(
    tx: &mut Transaction<'static, Any>,
    daily: HashMap<(String, i64), (i64, i64)>,
) -> Result<(), DbError> {
    let rows: Vec<((String, i64), (i64, i64))> = daily.into_iter().collect();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| format!("({})", placeholders(i * 4 + 1, 4)))
            .collect();
        let sql = format!(
            "INSERT INTO usage_daily (item_id, day, bytes_up, bytes_down) VALUES {} \
             ON CONFLICT (item_id, day) DO UPDATE SET bytes_up = usage_daily.bytes_up + excluded.bytes_up, \
             bytes_down = usage_daily.bytes_down + excluded.bytes_down",
            values.join(", ")
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for ((item, day), (up, down)) in chunk {
            q = q.bind(item).bind(*day).bind(*up).bind(*down);
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

/// A subscription's or eSIM's meter: what it has used since it started.
#[derive(Debug, Clone, PartialEq)]
pub struct MeteredItem {
    /// The subscription id or the ICCID.
    pub id: String,
    /// A plan without an allowance.
    pub unlimited: bool,
    pub used_mb: i64,
    pub started_at: i64,
}

/// Sets a subscription's used data.
pub async fn set_subscription_used_mb(
    conn: &mut AnyConnection,
    id: &str,
    used_mb: i64,
) -> Result<(), DbError> {
    sqlx::query("UPDATE subscriptions SET used_mb = $1 WHERE id = $2")
        .bind(used_mb)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Writes daily totals `(item id, day, bytes up, bytes down)` of days the
/// rollup does not have yet (a usage history written in one go).
pub async fn insert_usage_days(
    tx: &mut Transaction<'static, Any>,
    days: &[(String, i64, i64, i64)],
) -> Result<(), DbError> {
    let mut rows = Batch::new("usage_daily", &["item_id", "day", "bytes_up", "bytes_down"]);
    for (id, day, up, down) in days {
        rows.push(row![id.as_str(), *day, *up, *down]);
    }
    rows.write(tx).await
}

impl Db {
    /// Every subscription's meter, then every eSIM's.
    pub async fn metered_items(&self) -> Result<Vec<MeteredItem>, DbError> {
        let subs: Vec<(String, Option<i64>, i64, i64)> =
            sqlx::query_as("SELECT id, allowance_mb, used_mb, starts_at FROM subscriptions")
                .fetch_all(self.pool())
                .await?;
        let esims: Vec<(String, i64, i64)> =
            sqlx::query_as("SELECT iccid, used_mb, created_at FROM esims")
                .fetch_all(self.pool())
                .await?;
        let subs = subs
            .into_iter()
            .map(|(id, allowance, used_mb, started_at)| MeteredItem {
                id,
                unlimited: allowance.is_none(),
                used_mb,
                started_at,
            });
        let esims = esims
            .into_iter()
            .map(|(id, used_mb, started_at)| MeteredItem {
                id,
                unlimited: false,
                used_mb,
                started_at,
            });
        Ok(subs.chain(esims).collect())
    }
}

impl Db {
    /// Deletes raw records received before `before`, a chunk at a time;
    /// answers how many went. The rollup keeps their totals.
    pub async fn delete_usage_records_before(&self, before: i64) -> Result<u64, DbError> {
        let mut gone = 0;
        loop {
            let n = sqlx::query(
                "DELETE FROM usage_records WHERE record_id IN \
                 (SELECT record_id FROM usage_records WHERE received_at < $1 LIMIT 5000)",
            )
            .bind(before)
            .execute(self.writer())
            .await?
            .rows_affected();
            gone += n;
            if n < 5000 {
                return Ok(gone);
            }
        }
    }
}

// ----- reading -----

impl Db {
    /// The rollup of every item the customer holds (see [`OWNED_ITEMS`])
    /// from `from_day` on, as `(item, day, bytes_up, bytes_down)`.
    pub async fn usage_daily_of_user(
        &self,
        user_id: &str,
        from_day: i64,
    ) -> Result<Vec<(String, i64, i64, i64)>, DbError> {
        let sql = format!(
            "SELECT item_id, day, bytes_up, bytes_down FROM usage_daily \
             WHERE item_id IN ({OWNED_ITEMS}) AND day >= $2 ORDER BY item_id, day"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .bind(from_day)
            .fetch_all(self.pool())
            .await?)
    }

    /// The customer's subscriptions (on their account or on their devices),
    /// each with the device it runs on when the customer holds it.
    pub async fn monitor_subscriptions_of(
        &self,
        user_id: &str,
    ) -> Result<Vec<MonitorSubscriptionRow>, DbError> {
        let sql = format!(
            "SELECT {}, d.name AS device_name, COALESCE(d.auto_renew, FALSE) AS auto_renew, d.renew_method \
             FROM subscriptions s LEFT JOIN devices d ON d.serial = s.serial AND d.user_id = $1 \
             WHERE s.id IN ({HELD_SUBSCRIPTIONS}) \
             ORDER BY s.expires_at DESC, s.serial, s.family",
            qualified("s", SUB_COLUMNS)
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// The customer's eSIMs, newest first, each with its product SKU (the
    /// order line's, or the one recorded with a profile that has no order
    /// line) and the SKU of the last data bundle applied to it.
    pub async fn monitor_esims_of(&self, user_id: &str) -> Result<Vec<MonitorEsimRow>, DbError> {
        let sql = format!(
            "SELECT {}, COALESCE(ol.sku, e.sku) AS profile_sku, \
                    (SELECT tl.sku FROM esim_topups t JOIN order_lines tl ON tl.id = t.order_line_id \
                      WHERE t.iccid = e.iccid ORDER BY t.created_at DESC LIMIT 1) AS bundle_sku \
             FROM esims e LEFT JOIN order_lines ol ON ol.id = e.order_line_id \
             WHERE e.user_id = $1 ORDER BY e.created_at DESC, e.iccid",
            qualified("e", ESIM_COLUMNS)
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// The customer's data pools, newest first, with their product SKU and
    /// members (one statement: a row per member, one for a pool without).
    pub async fn pools_of_user(&self, user_id: &str) -> Result<Vec<UserPool>, DbError> {
        let rows: Vec<(UserPoolRow, Option<String>)> = sqlx::query_as::<_, PoolMemberRow>(
            "SELECT p.id, p.name, ol.sku, p.allowance_mb, p.used_mb, p.expires_at, p.created_at, m.iccid \
             FROM esim_pools p JOIN order_lines ol ON ol.id = p.order_line_id \
             LEFT JOIN esim_pool_members m ON m.pool_id = p.id \
             WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id, m.iccid",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?
        .into_iter()
        .map(|r| (r.pool, r.iccid))
        .collect();
        let mut pools: Vec<UserPool> = Vec::new();
        for (row, iccid) in rows {
            if pools.last().is_none_or(|p| p.row.id != row.id) {
                pools.push(UserPool {
                    row,
                    members: Vec::new(),
                });
            }
            if let (Some(pool), Some(iccid)) = (pools.last_mut(), iccid) {
                pool.members.push(iccid);
            }
        }
        Ok(pools)
    }
}

/// The ids of every item the customer `$1` holds: subscriptions on their
/// account or devices, eSIMs, pools.
const OWNED_ITEMS: &str = "SELECT id FROM subscriptions WHERE user_id = $1 \
   UNION ALL SELECT s.id FROM subscriptions s JOIN devices d ON d.serial = s.serial WHERE d.user_id = $1 \
   UNION ALL SELECT iccid FROM esims WHERE user_id = $1 \
   UNION ALL SELECT id FROM esim_pools WHERE user_id = $1";

/// A subscription as the monitor shows it, with its device's state.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct MonitorSubscriptionRow {
    #[sqlx(flatten)]
    pub sub: SubscriptionRow,
    /// `None` when the device is not the customer's.
    pub device_name: Option<String>,
    /// Off when the device is not the customer's.
    #[sqlx(try_from = "crate::Flag")]
    pub auto_renew: bool,
    pub renew_method: Option<String>,
}

/// An eSIM as the monitor shows it, with the SKUs that decide its labels.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct MonitorEsimRow {
    #[sqlx(flatten)]
    pub esim: EsimRow,
    pub profile_sku: Option<String>,
    pub bundle_sku: Option<String>,
}

#[derive(FromRow)]
struct PoolMemberRow {
    #[sqlx(flatten)]
    pool: UserPoolRow,
    iccid: Option<String>,
}

/// One of a customer's subscriptions, eSIMs or pools, found by its id, with
/// what a page about it needs: its product SKUs (for the label check, done
/// against the catalogue in memory) and its meter.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct OwnedUsageItem {
    /// `subscription`, `esim` or `pool`.
    pub kind: String,
    /// The subscription's plan, the eSIM's profile or the pool's product.
    pub sku: Option<String>,
    /// An eSIM's last data bundle.
    pub bundle_sku: Option<String>,
    /// `None`: unlimited.
    pub allowance_mb: Option<i64>,
    pub used_mb: i64,
}

/// The item `$1` when the customer `$2` holds it (a subscription on their
/// account or on one of their devices, their eSIM, their pool), as at most
/// one row; an id that named two kinds would read as the first, as in the
/// monitor's list.
const OWNED_ITEM: &str = "SELECT kind, sku, bundle_sku, allowance_mb, used_mb FROM ( \
     SELECT 1 AS rank, 'subscription' AS kind, s.sku AS sku, CAST(NULL AS TEXT) AS bundle_sku, \
            s.allowance_mb AS allowance_mb, s.used_mb AS used_mb \
       FROM subscriptions s \
      WHERE s.id = $1 AND (s.user_id = $2 OR s.serial IN (SELECT serial FROM devices WHERE user_id = $2)) \
     UNION ALL \
     SELECT 2, 'esim', COALESCE(ol.sku, e.sku), \
            (SELECT tl.sku FROM esim_topups t JOIN order_lines tl ON tl.id = t.order_line_id \
              WHERE t.iccid = e.iccid ORDER BY t.created_at DESC LIMIT 1), \
            e.data_mb, e.used_mb \
       FROM esims e LEFT JOIN order_lines ol ON ol.id = e.order_line_id \
      WHERE e.iccid = $1 AND e.user_id = $2 \
     UNION ALL \
     SELECT 3, 'pool', ol.sku, NULL, p.allowance_mb, p.used_mb \
       FROM esim_pools p JOIN order_lines ol ON ol.id = p.order_line_id \
      WHERE p.id = $1 AND p.user_id = $2 \
   ) owned ORDER BY rank LIMIT 1";

/// One row of [`Db::owned_usage_daily`]: the item, then one day of the
/// rollup (`None` when no day has use).
type OwnedDayRow = (
    String,
    Option<String>,
    Option<String>,
    Option<i64>,
    i64,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

impl Db {
    /// The customer's item `id`; `None` when it is not theirs or not there.
    pub async fn owned_usage_item(
        &self,
        user_id: &str,
        id: &str,
    ) -> Result<Option<OwnedUsageItem>, DbError> {
        Ok(sqlx::query_as(OWNED_ITEM)
            .bind(id)
            .bind(user_id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// The customer's item `id` with its rollup from `from_day` on, as
    /// `(day, bytes_up, bytes_down)` in day order, in one statement (a chart
    /// page is the monitor's busiest request); `None` when the item is not
    /// theirs.
    pub async fn owned_usage_daily(
        &self,
        user_id: &str,
        id: &str,
        from_day: i64,
    ) -> Result<Option<(OwnedUsageItem, Vec<(i64, i64, i64)>)>, DbError> {
        let sql = format!(
            "SELECT i.kind, i.sku, i.bundle_sku, i.allowance_mb, i.used_mb, d.day, d.bytes_up, d.bytes_down \
             FROM ({OWNED_ITEM}) i LEFT JOIN usage_daily d ON d.item_id = $1 AND d.day >= $3 \
             ORDER BY d.day"
        );
        let rows: Vec<OwnedDayRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .bind(user_id)
            .bind(from_day)
            .fetch_all(self.pool())
            .await?;
        let Some(first) = rows.first() else {
            return Ok(None);
        };
        let item = OwnedUsageItem {
            kind: first.0.clone(),
            sku: first.1.clone(),
            bundle_sku: first.2.clone(),
            allowance_mb: first.3,
            used_mb: first.4,
        };
        let days = rows
            .iter()
            .filter_map(|r| Some((r.5?, r.6.unwrap_or(0), r.7.unwrap_or(0))))
            .collect();
        Ok(Some((item, days)))
    }
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct UserPoolRow {
    pub id: String,
    pub name: String,
    pub sku: String,
    pub allowance_mb: i64,
    pub used_mb: i64,
    pub expires_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UserPool {
    pub row: UserPoolRow,
    pub members: Vec<String>,
}

// ----- alerts -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct AlertRow {
    pub item_id: String,
    pub user_id: String,
    /// `percent` or `mb`.
    pub threshold_kind: String,
    pub threshold_value: i64,
    /// 1 while the next crossing should e-mail.
    pub armed: i64,
    pub last_sent_at: Option<i64>,
    pub updated_at: i64,
}

const ALERT_COLUMNS: &str =
    "item_id, user_id, threshold_kind, threshold_value, armed, last_sent_at, updated_at";

impl Db {
    pub async fn usage_alerts_of(&self, user_id: &str) -> Result<Vec<AlertRow>, DbError> {
        let sql = format!("SELECT {ALERT_COLUMNS} FROM usage_alerts WHERE user_id = $1");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// Alerts of `items` (every alert when `items` is `None`), at most `limit`.
    pub async fn usage_alerts(
        &self,
        items: Option<&[String]>,
        limit: i64,
    ) -> Result<Vec<AlertRow>, DbError> {
        let Some(items) = items else {
            let sql = format!("SELECT {ALERT_COLUMNS} FROM usage_alerts ORDER BY item_id LIMIT $1");
            return Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(limit)
                .fetch_all(self.pool())
                .await?);
        };
        let mut out = Vec::new();
        for chunk in items.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "SELECT {ALERT_COLUMNS} FROM usage_alerts WHERE item_id IN ({})",
                placeholders(1, chunk.len())
            );
            let mut q = sqlx::query_as::<_, AlertRow>(sqlx::AssertSqlSafe(sql));
            for id in chunk {
                q = q.bind(id);
            }
            out.extend(q.fetch_all(self.pool()).await?);
        }
        Ok(out)
    }

    /// Sets (or with `None` removes) an item's alert; `armed` says whether
    /// the next crossing e-mails (false when the threshold is already reached).
    pub async fn set_usage_alert(
        &self,
        item_id: &str,
        user_id: &str,
        threshold: Option<(&str, i64)>,
        armed: bool,
        now: i64,
    ) -> Result<(), DbError> {
        let Some((kind, value)) = threshold else {
            sqlx::query("DELETE FROM usage_alerts WHERE item_id = $1 AND user_id = $2")
                .bind(item_id)
                .bind(user_id)
                .execute(self.writer())
                .await?;
            return Ok(());
        };
        sqlx::query(
            "INSERT INTO usage_alerts (item_id, user_id, threshold_kind, threshold_value, armed, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (item_id) DO UPDATE SET \
             threshold_kind = excluded.threshold_kind, threshold_value = excluded.threshold_value, \
             armed = excluded.armed, updated_at = excluded.updated_at",
        )
        .bind(item_id)
        .bind(user_id)
        .bind(kind)
        .bind(value)
        .bind(i64::from(armed))
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Disarms an armed alert and records its e-mail in one transaction;
    /// false when another server disarmed it first (then nothing is sent).
    pub async fn fire_usage_alert(
        &self,
        item_id: &str,
        email: &crate::account_area::OutboxRow,
        now: i64,
    ) -> Result<bool, DbError> {
        let db = self.clone();
        let item_id = item_id.to_owned();
        let email = email.clone();
        self.on_writer_thread(async move {
            let mut tx = db.begin_write().await?;
            let n = sqlx::query(
                "UPDATE usage_alerts SET armed = 0, last_sent_at = $1 WHERE item_id = $2 AND armed = 1",
            )
            .bind(now)
            .bind(&item_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 1 {
                crate::account_area::insert_outbox_in(&mut tx, &email).await?;
            }
            tx.commit().await?;
            Ok(n == 1)
        })
        .await
    }

    /// Re-arms a disarmed alert (remaining data is above its threshold again).
    pub async fn rearm_usage_alert(&self, item_id: &str) -> Result<bool, DbError> {
        let n = sqlx::query("UPDATE usage_alerts SET armed = 1 WHERE item_id = $1 AND armed = 0")
            .bind(item_id)
            .execute(self.writer())
            .await?
            .rows_affected();
        Ok(n == 1)
    }

    /// The name and meter of a monitored item by id (subscription id, ICCID or pool id).
    pub async fn usage_meter(&self, item_id: &str) -> Result<Option<(String, Meter)>, DbError> {
        let row: Option<(String, Option<i64>, i64, i64)> = sqlx::query_as(
            "SELECT name, allowance_mb, used_mb, used_partial_bytes FROM subscriptions WHERE id = $1 \
             UNION ALL SELECT name, data_mb, used_mb, used_partial_bytes FROM esims WHERE iccid = $1 \
             UNION ALL SELECT name, allowance_mb, used_mb, used_partial_bytes FROM esim_pools WHERE id = $1",
        )
        .bind(item_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|(name, allowance_mb, used_mb, partial_bytes)| {
            (
                name,
                Meter {
                    allowance_mb,
                    used_mb,
                    partial_bytes,
                },
            )
        }))
    }
}
