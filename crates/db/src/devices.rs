//! Devices (SPEC §4.2, §8): the serials a customer holds, their warranty and
//! auto-renewal settings, the saved test-gateway cards renewals pay with, and
//! read-only views of what delivery attached to them (licence keys, warranty
//! extensions, subscriptions, eSIMs).
//!
//! One account per serial: `devices.serial` is the primary key, so a second
//! owner is refused by the database, not by a read-then-write. The
//! deliverable reads take a list of serials and answer with one query per
//! table (chunked far below both backends' parameter limits), never one per
//! device.

use crate::batch::placeholders;
use crate::delivery::{ESIM_COLUMNS, SUB_COLUMNS};
use crate::{Db, DbError, now_ms};
use sqlx::FromRow;

/// The ids of the subscriptions the customer `$1` holds: on their account
/// or on their devices. Two indexed reads: written with `OR`, PostgreSQL
/// scanned every subscription in the store.
pub(crate) const HELD_SUBSCRIPTIONS: &str = "SELECT id FROM subscriptions WHERE user_id = $1 \
   UNION SELECT s.id FROM subscriptions s JOIN devices d ON d.serial = s.serial WHERE d.user_id = $1";

/// Columns of `devices`, in the order [`DeviceRow`] expects them.
pub(crate) const DEVICE_COLUMNS: &str = "serial, user_id, model_code, name, prime, source, registered_at, \
warranty_ends_at, auto_renew, renew_method, renew_card_id, renew_failed_at, renew_failure, \
created_at, updated_at";

/// Serials per `IN (…)` list: far below SQLite's and PostgreSQL's parameter limits.
const SERIALS_PER_QUERY: usize = 500;

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct DeviceRow {
    /// Normalised `XXXX-XXXX-XXXX`.
    pub serial: String,
    pub user_id: String,
    pub model_code: String,
    pub name: String,
    #[sqlx(try_from = "crate::Flag")]
    pub prime: bool,
    /// `manual`, `incontrol`, `order` or `demo`.
    pub source: String,
    pub registered_at: i64,
    pub warranty_ends_at: i64,
    #[sqlx(try_from = "crate::Flag")]
    pub auto_renew: bool,
    /// `card` or `credit_terms` while auto-renewal is on.
    pub renew_method: Option<String>,
    pub renew_card_id: Option<String>,
    pub renew_failed_at: Option<i64>,
    pub renew_failure: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A device being registered to an account.
#[derive(Debug, Clone)]
pub struct NewDevice<'a> {
    pub serial: &'a str,
    pub user_id: &'a str,
    pub model_code: &'a str,
    pub name: &'a str,
    pub prime: bool,
    pub source: &'a str,
    pub registered_at: i64,
    pub warranty_ends_at: i64,
}

/// What adding a serial did.
#[derive(Debug, Clone, PartialEq)]
pub enum AddDevice {
    /// Registered to the account now.
    Added(DeviceRow),
    /// The account already held it: nothing changed (adding is idempotent).
    AlreadyYours(DeviceRow),
    /// Another account holds the serial (who is never said).
    HeldElsewhere,
}

/// Which of a customer's devices a list shows. Empty fields filter nothing.
#[derive(Debug, Clone, Default)]
pub struct DeviceFilter {
    /// Matched against the serial (hyphens ignored), the name and the model code.
    pub search: Option<String>,
    /// Model codes whose display name matches the search (the model table is
    /// the catalogue's, not this database's).
    pub search_models: Vec<String>,
    /// Only devices of this model code.
    pub model: Option<String>,
    /// Only devices whose coverage ends in `[from, until]` (unix ms).
    pub warranty_between: Option<(i64, i64)>,
    /// Only devices with auto-renewal on (true) or off (false).
    pub auto_renew: Option<bool>,
}

/// How a device renews itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenewSetting {
    Off,
    /// A saved card of the owner (`payment_methods.id`).
    Card(String),
    CreditTerms,
}

/// Why auto-renewal could not be set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenewUpdate {
    Done,
    /// The device is not the caller's.
    NoDevice,
    /// The card is not one of the caller's saved cards (any more).
    NoCard,
}

// ----- what delivery attached -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct LicenceKeyRow {
    pub id: String,
    pub serial: String,
    pub licence_key: String,
    pub sku: String,
    pub name: String,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub created_at: i64,
    /// The buyer (may be another account than the device's owner).
    pub user_id: String,
    pub order_number: Option<String>,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct WarrantyExtensionRow {
    pub serial: String,
    pub sku: String,
    pub name: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub previous_end: i64,
    pub created_at: i64,
    pub user_id: String,
    pub order_number: Option<String>,
    /// The choices of the order line that bought it (JSON list of
    /// `{code, label, value, value_label}`): a renewal repeats them.
    pub options: String,
}

// Subscriptions and eSIM profiles are read here as delivery writes them.
pub use crate::delivery::{EsimRow, SubscriptionRow};

// ----- saved cards -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct PaymentMethodRow {
    pub id: String,
    pub user_id: String,
    /// The test gateway's reusable token (`gateway_tokens.id`).
    pub token_id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub created_at: i64,
}

const PAYMENT_METHOD_COLUMNS: &str =
    "id, user_id, token_id, brand, last4, exp_month, exp_year, created_at";

impl Db {
    /// Registers a serial to an account. The primary key decides between two
    /// accounts adding the same serial at once: exactly one gets `Added`.
    pub async fn add_device(&self, d: &NewDevice<'_>) -> Result<AddDevice, DbError> {
        let now = now_ms();
        let inserted = sqlx::query(
            "INSERT INTO devices (serial, user_id, model_code, name, prime, source, registered_at, \
             warranty_ends_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) \
             ON CONFLICT (serial) DO NOTHING",
        )
        .bind(d.serial)
        .bind(d.user_id)
        .bind(d.model_code)
        .bind(d.name)
        .bind(d.prime)
        .bind(d.source)
        .bind(d.registered_at)
        .bind(d.warranty_ends_at)
        .bind(now)
        .execute(self.writer())
        .await?
        .rows_affected()
            == 1;
        let row = self.device_by_serial(d.serial).await?;
        Ok(match row {
            Some(row) if row.user_id == d.user_id && inserted => AddDevice::Added(row),
            Some(row) if row.user_id == d.user_id => AddDevice::AlreadyYours(row),
            // Held by someone else, or removed again between the two statements.
            _ => AddDevice::HeldElsewhere,
        })
    }

    /// The device with this serial, whoever holds it (for the owner check of
    /// adding, and for delivery). Never shown to another customer.
    pub async fn device_by_serial(&self, serial: &str) -> Result<Option<DeviceRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {DEVICE_COLUMNS} FROM devices WHERE serial = $1"
        )))
        .bind(serial)
        .fetch_optional(self.pool())
        .await?)
    }

    /// One of the customer's devices; `None` for another customer's.
    pub async fn device_of(
        &self,
        user_id: &str,
        serial: &str,
    ) -> Result<Option<DeviceRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {DEVICE_COLUMNS} FROM devices WHERE serial = $1 AND user_id = $2"
        )))
        .bind(serial)
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// The customer's devices matching `f`, by serial.
    pub async fn devices_of(
        &self,
        user_id: &str,
        f: &DeviceFilter,
    ) -> Result<Vec<DeviceRow>, DbError> {
        let mut sql = format!("SELECT {DEVICE_COLUMNS} FROM devices WHERE user_id = $1");
        let mut n = 1;
        let mut next = || {
            n += 1;
            n
        };
        let search = f.search.as_deref().map(str::trim).filter(|s| !s.is_empty());
        if search.is_some() {
            let (a, b) = (next(), next());
            sql.push_str(&format!(
                " AND (LOWER(REPLACE(serial, '-', '')) LIKE ${a} ESCAPE '\\' \
                 OR LOWER(name) LIKE ${b} ESCAPE '\\' OR LOWER(model_code) LIKE ${b} ESCAPE '\\'"
            ));
            if !f.search_models.is_empty() {
                let first = next();
                for _ in 1..f.search_models.len() {
                    next();
                }
                sql.push_str(&format!(
                    " OR model_code IN ({})",
                    placeholders(first, f.search_models.len())
                ));
            }
            sql.push(')');
        }
        if f.model.is_some() {
            sql.push_str(&format!(" AND model_code = ${}", next()));
        }
        if f.warranty_between.is_some() {
            let (a, b) = (next(), next());
            sql.push_str(&format!(
                " AND warranty_ends_at >= ${a} AND warranty_ends_at <= ${b}"
            ));
        }
        if f.auto_renew.is_some() {
            sql.push_str(&format!(" AND auto_renew = ${}", next()));
        }
        sql.push_str(" ORDER BY serial");
        let mut q = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id);
        if let Some(s) = search {
            q = q
                .bind(crate::like_contains(&s.replace('-', "")))
                .bind(crate::like_contains(s));
            for code in &f.search_models {
                q = q.bind(code);
            }
        }
        if let Some(m) = &f.model {
            q = q.bind(m);
        }
        if let Some((from, until)) = f.warranty_between {
            q = q.bind(from).bind(until);
        }
        if let Some(on) = f.auto_renew {
            q = q.bind(on);
        }
        Ok(q.fetch_all(self.pool()).await?)
    }

    /// How many devices of each model the customer holds (the model filter's choices).
    pub async fn device_models_of(&self, user_id: &str) -> Result<Vec<(String, i64)>, DbError> {
        Ok(sqlx::query_as(
            "SELECT model_code, CAST(COUNT(*) AS BIGINT) FROM devices WHERE user_id = $1 \
             GROUP BY model_code ORDER BY model_code",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Renames one of the customer's devices; false when it is not theirs.
    pub async fn rename_device(
        &self,
        user_id: &str,
        serial: &str,
        name: &str,
    ) -> Result<bool, DbError> {
        let done = sqlx::query(
            "UPDATE devices SET name = $1, updated_at = $2 WHERE serial = $3 AND user_id = $4",
        )
        .bind(name)
        .bind(now_ms())
        .bind(serial)
        .bind(user_id)
        .execute(self.writer())
        .await?
        .rows_affected();
        Ok(done == 1)
    }

    /// Removes one of the customer's devices; false when it is not theirs.
    /// Licence keys, extensions and subscriptions stay (they belong to the
    /// serial and its buyers) and show again if the serial is added back.
    pub async fn remove_device(&self, user_id: &str, serial: &str) -> Result<bool, DbError> {
        let done = sqlx::query("DELETE FROM devices WHERE serial = $1 AND user_id = $2")
            .bind(serial)
            .bind(user_id)
            .execute(self.writer())
            .await?
            .rows_affected();
        Ok(done == 1)
    }

    /// Turns auto-renewal on (with a method) or off. A card must be one of
    /// the owner's saved cards: the card row is locked first, so a card
    /// deleted at the same moment is either seen gone here or clears this
    /// device when its deletion runs after.
    pub async fn set_auto_renew(
        &self,
        user_id: &str,
        serial: &str,
        setting: &RenewSetting,
    ) -> Result<RenewUpdate, DbError> {
        let mut tx = self.begin_write().await?;
        if let RenewSetting::Card(card) = setting {
            let held = sqlx::query(
                "UPDATE payment_methods SET created_at = created_at WHERE id = $1 AND user_id = $2",
            )
            .bind(card)
            .bind(user_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if held == 0 {
                return Ok(RenewUpdate::NoCard);
            }
        }
        let (on, method, card) = match setting {
            RenewSetting::Off => (false, None, None),
            RenewSetting::Card(id) => (true, Some("card"), Some(id.as_str())),
            RenewSetting::CreditTerms => (true, Some("credit_terms"), None),
        };
        // A changed setting is a fresh start: the last failure is cleared
        // and a failed renewal of the current expiry may be tried again.
        let done = sqlx::query(
            "UPDATE devices SET auto_renew = $1, renew_method = $2, renew_card_id = $3, updated_at = $4, \
             renew_failed_at = NULL, renew_failure = NULL WHERE serial = $5 AND user_id = $6",
        )
        .bind(on)
        .bind(method)
        .bind(card)
        .bind(now_ms())
        .bind(serial)
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if done == 0 {
            return Ok(RenewUpdate::NoDevice);
        }
        sqlx::query("DELETE FROM device_renewals WHERE serial = $1 AND status = 'failed'")
            .bind(serial)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(RenewUpdate::Done)
    }
}

// ----- deliverables, read by serial -----

impl Db {
    /// Licence keys issued for any of `serials`, oldest first.
    pub async fn licence_keys_for(
        &self,
        serials: &[String],
    ) -> Result<Vec<LicenceKeyRow>, DbError> {
        self.by_serials(serials, |list| {
            format!(
                "SELECT k.id, k.serial, k.licence_key, k.sku, k.name, k.starts_at, k.ends_at, \
                 k.created_at, k.user_id, o.number AS order_number \
                 FROM licence_keys k LEFT JOIN order_lines l ON l.id = k.order_line_id \
                 LEFT JOIN orders o ON o.id = l.order_id \
                 WHERE k.serial IN ({list}) AND k.revoked_at IS NULL ORDER BY k.serial, k.created_at, k.id"
            )
        })
        .await
    }

    /// Warranty and care extensions applied to any of `serials`, oldest first.
    pub async fn warranty_extensions_for(
        &self,
        serials: &[String],
    ) -> Result<Vec<WarrantyExtensionRow>, DbError> {
        self.by_serials(serials, |list| {
            format!(
                "SELECT w.serial, l.sku, l.name, w.starts_at, w.ends_at, w.previous_end, w.created_at, \
                 w.user_id, o.number AS order_number, l.options \
                 FROM warranty_extensions w JOIN order_lines l ON l.id = w.order_line_id \
                 JOIN orders o ON o.id = l.order_id \
                 WHERE w.serial IN ({list}) AND w.revoked_at IS NULL ORDER BY w.serial, w.created_at"
            )
        })
        .await
    }

    /// Cloud subscriptions of any of `serials`, by serial and family.
    pub async fn subscriptions_for(
        &self,
        serials: &[String],
    ) -> Result<Vec<SubscriptionRow>, DbError> {
        self.by_serials(serials, |list| {
            format!(
                "SELECT {SUB_COLUMNS} FROM subscriptions WHERE serial IN ({list}) ORDER BY serial, family"
            )
        })
        .await
    }

    /// The customer's subscriptions: bought by them, or on a device they hold.
    pub async fn subscriptions_of(&self, user_id: &str) -> Result<Vec<SubscriptionRow>, DbError> {
        let sql = format!(
            "SELECT {SUB_COLUMNS} FROM subscriptions \
             WHERE id IN ({HELD_SUBSCRIPTIONS}) \
             ORDER BY expires_at DESC, serial, family"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// The customer's eSIM profiles, newest first.
    pub async fn esims_of(&self, user_id: &str) -> Result<Vec<EsimRow>, DbError> {
        let sql = format!(
            "SELECT {ESIM_COLUMNS} FROM esims WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, iccid"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// Runs the query `sql(list)` (a `WHERE serial IN (list)`) over `serials`
    /// in chunks and concatenates the rows.
    async fn by_serials<T>(
        &self,
        serials: &[String],
        sql: impl Fn(&str) -> String,
    ) -> Result<Vec<T>, DbError>
    where
        T: for<'r> FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
    {
        let mut rows = Vec::new();
        for chunk in serials.chunks(SERIALS_PER_QUERY) {
            let text = sql(&placeholders(1, chunk.len()));
            let mut q = sqlx::query_as::<_, T>(sqlx::AssertSqlSafe(text));
            for serial in chunk {
                q = q.bind(serial);
            }
            rows.extend(q.fetch_all(self.pool()).await?);
        }
        Ok(rows)
    }
}

// ----- saved cards -----

impl Db {
    pub async fn payment_methods_of(
        &self,
        user_id: &str,
    ) -> Result<Vec<PaymentMethodRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {PAYMENT_METHOD_COLUMNS} FROM payment_methods WHERE user_id = $1 \
             ORDER BY created_at, id"
        )))
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    pub async fn payment_method_of(
        &self,
        user_id: &str,
        id: &str,
    ) -> Result<Option<PaymentMethodRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {PAYMENT_METHOD_COLUMNS} FROM payment_methods WHERE id = $1 AND user_id = $2"
        )))
        .bind(id)
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Stores a saved card unless the customer already keeps `max` cards.
    /// The account row is locked first, so concurrent saves count one another.
    pub async fn insert_payment_method(
        &self,
        row: &PaymentMethodRow,
        max: i64,
    ) -> Result<bool, DbError> {
        let mut tx = self.begin_write().await?;
        crate::credit::lock_user(&mut tx, &row.user_id).await?;
        let held: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM payment_methods WHERE user_id = $1",
        )
        .bind(&row.user_id)
        .fetch_one(&mut *tx)
        .await?;
        if held >= max {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO payment_methods (id, user_id, token_id, brand, last4, exp_month, exp_year, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&row.id)
        .bind(&row.user_id)
        .bind(&row.token_id)
        .bind(&row.brand)
        .bind(&row.last4)
        .bind(row.exp_month)
        .bind(row.exp_year)
        .bind(row.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes one of the customer's saved cards and turns auto-renewal off on
    /// the devices that paid with it. `None` when the card is not theirs.
    pub async fn delete_payment_method(
        &self,
        user_id: &str,
        id: &str,
    ) -> Result<Option<DeletedCard>, DbError> {
        let mut tx = self.begin_write().await?;
        // The card first: a concurrent `set_auto_renew` holding it makes this
        // wait, and the device update below then sees what it wrote.
        let token: Option<String> = sqlx::query_scalar(
            "DELETE FROM payment_methods WHERE id = $1 AND user_id = $2 RETURNING token_id",
        )
        .bind(id)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(token_id) = token else {
            return Ok(None);
        };
        let stopped = sqlx::query(
            "UPDATE devices SET auto_renew = $1, renew_method = NULL, renew_card_id = NULL, updated_at = $2 \
             WHERE renew_card_id = $3 AND user_id = $4",
        )
        .bind(false)
        .bind(now_ms())
        .bind(id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(Some(DeletedCard {
            token_id,
            stopped_auto_renew: stopped,
        }))
    }
}

/// A deleted saved card: its gateway token (to forget) and how many devices stopped renewing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeletedCard {
    pub token_id: String,
    pub stopped_auto_renew: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_patterns_escape_like_wildcards() {
        assert_eq!(crate::like_contains("Ab_1%"), "%ab\\_1\\%%");
        assert_eq!(placeholders(3, 2), "$3, $4");
    }
}
