//! Where the built-in test gateway keeps its card tokens and payment
//! intents (`gateway_tokens`, `gateway_intents`) (D127).
//!
//! A real payment provider keeps those on its own servers: taking a payment
//! writes nothing to the store's database. The test gateway stands in for
//! one, and on SQLite its three writes per card payment (the token, the
//! token's use with the intent, the capture) queued at the store's one
//! writer with every checkout and delivery. So on SQLite its tables live in
//! a file of their own beside the store's (`uplink.db` → `uplink-gateway.db`)
//! with a writer of its own, as a provider's would. On PostgreSQL, where
//! writers run side by side, they stay in the store's database (migrations
//! 45 and 52).

use crate::{Backend, Db, DbError, sqlite_path};
use sqlx::Connection;
use std::path::{Path, PathBuf};

/// The version of [`SCHEMA`], kept in the file's `user_version`.
const SCHEMA_VERSION: i64 = 1;

/// The tables as migrations 45 and 52 made them in the store's file.
const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS gateway_tokens (
        id          TEXT PRIMARY KEY,
        brand       TEXT NOT NULL,
        last4       TEXT NOT NULL,
        exp_month   BIGINT NOT NULL,
        exp_year    BIGINT NOT NULL,
        behaviour   TEXT NOT NULL,
        created_at  BIGINT NOT NULL,
        expires_at  BIGINT NOT NULL,
        used_at     BIGINT,
        reusable    INTEGER NOT NULL DEFAULT 0
    )",
    "CREATE TABLE IF NOT EXISTS gateway_intents (
        id              TEXT PRIMARY KEY,
        provider        TEXT NOT NULL,
        token_id        TEXT,
        amount_cents    BIGINT NOT NULL,
        currency        TEXT NOT NULL,
        customer_ref    TEXT NOT NULL,
        description     TEXT NOT NULL DEFAULT '',
        status          TEXT NOT NULL,
        failure_code    TEXT,
        refunded_cents  BIGINT NOT NULL DEFAULT 0,
        return_url      TEXT,
        cancel_url      TEXT,
        created_at      BIGINT NOT NULL,
        updated_at      BIGINT NOT NULL
    )",
];

/// Each table with its columns, for carrying over what a store written
/// before D127 holds in its own file.
const TABLES: &[(&str, &str)] = &[
    (
        "gateway_tokens",
        "id, brand, last4, exp_month, exp_year, behaviour, created_at, expires_at, used_at, reusable",
    ),
    (
        "gateway_intents",
        "id, provider, token_id, amount_cents, currency, customer_ref, description, status, \
         failure_code, refunded_cents, return_url, cancel_url, created_at, updated_at",
    ),
];

/// Where a [`Db`]'s gateway store is, and the store once opened: one per
/// store, shared by the handle's clones.
#[derive(Debug)]
pub(crate) struct Slot {
    /// `None` where the gateway shares the store's database (PostgreSQL).
    place: Option<Place>,
    opened: tokio::sync::OnceCell<Db>,
}

#[derive(Debug)]
struct Place {
    gateway_file: PathBuf,
    store_file: String,
}

impl Slot {
    pub(crate) fn for_store(backend: Backend, store_url: &str) -> Slot {
        Slot {
            place: gateway_file(backend, store_url).map(|gateway_file| Place {
                gateway_file,
                store_file: sqlite_path(store_url).to_owned(),
            }),
            opened: tokio::sync::OnceCell::new(),
        }
    }

    pub(crate) async fn close(&self) {
        if let Some(gateway) = self.opened.get() {
            Box::pin(gateway.close()).await;
        }
    }
}

impl Db {
    /// The database the test gateway keeps its tokens and intents in: a
    /// file of its own beside a SQLite store's, opened on first use (or by
    /// [`Db::migrate`], which must not drop the store's copy of the tables
    /// before it is carried over); the store's own database on PostgreSQL.
    pub async fn gateway_store(&self) -> Result<&Db, DbError> {
        match &self.gateway.place {
            None => Ok(self),
            Some(place) => self.gateway.opened.get_or_try_init(|| open(place)).await,
        }
    }

    /// Before migrating: a SQLite store's file that still holds the
    /// gateway's tables (written before migration 66) has them carried over
    /// to the gateway's file by opening it, before migration 66 drops them.
    /// Any other store opens the gateway's file on first use only.
    pub(crate) async fn carry_gateway_rows_over(&self) -> Result<(), DbError> {
        if self.gateway.place.is_none() {
            return Ok(());
        }
        let held: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'gateway_tokens'",
        )
        .fetch_one(self.pool())
        .await?;
        if held > 0 {
            self.gateway_store().await?;
        }
        Ok(())
    }
}

async fn open(place: &Place) -> Result<Db, DbError> {
    let url = format!("sqlite://{}", place.gateway_file.display());
    // The gateway's reads are single rows by key: two readers are plenty.
    let gateway = Db::connect_with_readers(&url, 2).await?;
    if schema_version(&gateway).await? < SCHEMA_VERSION {
        create_schema(&gateway, &place.store_file).await?;
    }
    Ok(gateway)
}

/// The gateway's file beside a SQLite store's file, or `None` where the
/// gateway shares the store's database (PostgreSQL). (A SQLite store in
/// memory is no store: each of its connections would see another one.)
fn gateway_file(backend: Backend, store_url: &str) -> Option<PathBuf> {
    if backend == Backend::Postgres {
        return None;
    }
    let path = Path::new(sqlite_path(store_url));
    let stem = path.file_stem()?.to_str()?;
    let name = match path.extension().and_then(|e| e.to_str()) {
        Some(ext) => format!("{stem}-gateway.{ext}"),
        None => format!("{stem}-gateway"),
    };
    Some(path.with_file_name(name))
}

async fn schema_version(gateway: &Db) -> Result<i64, DbError> {
    Ok(sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(gateway.writer())
        .await?)
}

/// Creates the tables, carrying over the rows the store's own file holds.
/// Several servers may start at once: the first to take the write lock
/// creates and copies, the others find the version already set.
async fn create_schema(gateway: &Db, store_file: &str) -> Result<(), DbError> {
    let mut conn = gateway.writer().acquire().await?;
    // SQLite attaches and detaches only outside a transaction.
    sqlx::query("ATTACH DATABASE $1 AS store")
        .bind(store_file)
        .execute(&mut *conn)
        .await?;
    let created: Result<(), DbError> = async {
        let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
        let version: i64 = sqlx::query_scalar("PRAGMA main.user_version")
            .fetch_one(&mut *tx)
            .await?;
        if version < SCHEMA_VERSION {
            for statement in SCHEMA {
                sqlx::query(sqlx::AssertSqlSafe(*statement))
                    .execute(&mut *tx)
                    .await?;
            }
            for (table, columns) in TABLES {
                copy_from_store(&mut tx, table, columns).await?;
            }
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "PRAGMA main.user_version = {SCHEMA_VERSION}"
            )))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    sqlx::query("DETACH DATABASE store")
        .execute(&mut *conn)
        .await?;
    created
}

/// Copies `table`'s rows from the store's file when it still has the table.
async fn copy_from_store(
    tx: &mut sqlx::AnyConnection,
    table: &str,
    columns: &str,
) -> Result<(), DbError> {
    let present: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM store.sqlite_master WHERE type = 'table' AND name = $1",
    )
    .bind(table)
    .fetch_one(&mut *tx)
    .await?;
    if present > 0 {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO main.{table} ({columns}) SELECT {columns} FROM store.{table}"
        )))
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gateway_file_sits_beside_the_store_file() {
        let file = |url| gateway_file(Backend::Sqlite, url);
        assert_eq!(
            file("sqlite://data/uplink.db?mode=rwc"),
            Some(PathBuf::from("data/uplink-gateway.db"))
        );
        assert_eq!(
            file("sqlite:///tmp/x/store"),
            Some(PathBuf::from("/tmp/x/store-gateway"))
        );
        assert_eq!(
            gateway_file(Backend::Postgres, "postgres://u@h/uplink"),
            None
        );
    }
}
