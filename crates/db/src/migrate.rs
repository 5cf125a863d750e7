//! Schema migrations, one DDL folder per backend, embedded in the binary.
//!
//! To add a migration: write `migrations/sqlite/NNNN_name.sql` and
//! `migrations/postgres/NNNN_name.sql`, then add one `migration!` line below.

use crate::{Backend, Db, DbError};
use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use std::borrow::Cow;

struct Source {
    version: i64,
    name: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

macro_rules! migration {
    ($version:literal, $name:literal) => {
        Source {
            version: $version,
            name: $name,
            sqlite: include_str!(concat!(
                "../migrations/sqlite/",
                stringify!($version),
                "_",
                $name,
                ".sql"
            )),
            postgres: include_str!(concat!(
                "../migrations/postgres/",
                stringify!($version),
                "_",
                $name,
                ".sql"
            )),
        }
    };
}

const SOURCES: &[Source] = &[
    migration!(1, "foundation"),
    migration!(10, "catalog"),
    migration!(20, "accounts"),
    migration!(21, "account_area"),
    migration!(30, "error_intake"),
    migration!(40, "cart"),
    migration!(45, "orders"),
    migration!(47, "partner_referrals"),
    migration!(48, "stock_version"),
    migration!(50, "devices"),
    migration!(51, "delivery"),
    migration!(52, "saved_cards"),
    migration!(53, "device_renewal_claims"),
    migration!(54, "credit_terms"),
    migration!(55, "quotations"),
    migration!(56, "usage"),
    migration!(57, "usage_indexes"),
    migration!(58, "partner_stores"),
    migration!(59, "app_referrals"),
    migration!(60, "app_tokens"),
    migration!(61, "backoffice"),
    migration!(62, "backoffice_orders"),
    migration!(63, "catalog_changes"),
    migration!(64, "server_instances"),
    migration!(65, "orders_by_customer_status"),
    migration!(66, "gateway_store"),
    migration!(67, "short_stock"),
];

fn migrator(backend: Backend) -> Migrator {
    let migrations = SOURCES
        .iter()
        .map(|s| {
            let sql = match backend {
                Backend::Sqlite => s.sqlite,
                Backend::Postgres => s.postgres,
            };
            Migration::new(
                s.version,
                Cow::Borrowed(s.name),
                MigrationType::Simple,
                sqlx::AssertSqlSafe(sql).into_sql_str(),
                false,
            )
        })
        .collect();
    Migrator::with_migrations(migrations)
}

/// Changes whenever a migration is added or edited: names the migrated
/// template that test databases are copied from (see `testing`).
pub(crate) fn fingerprint(backend: Backend) -> u64 {
    use std::hash::{Hash, Hasher};
    // Fixed keys: the same sources give the same value in every test process.
    let mut hasher = std::hash::DefaultHasher::new();
    for source in SOURCES {
        source.version.hash(&mut hasher);
        match backend {
            Backend::Sqlite => source.sqlite.hash(&mut hasher),
            Backend::Postgres => source.postgres.hash(&mut hasher),
        }
    }
    hasher.finish()
}

impl Db {
    /// Brings the schema up to date; safe to run on every start and from several servers.
    pub async fn migrate(&self) -> Result<(), DbError> {
        self.carry_gateway_rows_over().await?;
        migrator(self.backend()).run(self.pool().inner()).await?;
        Ok(())
    }
}
