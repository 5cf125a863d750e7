//! The catalogue's version counter: every change to what the storefront
//! shows bumps it, and every server's read model (and the staff product
//! list's index) reads it to know when to rebuild. Its own module, so stock
//! and catalogue writes both reach it without importing each other.

use crate::DbError;
use sqlx::AnyConnection;

/// The catalogue version as seen inside a transaction.
pub async fn catalog_version_in(conn: &mut AnyConnection) -> Result<i64, DbError> {
    Ok(
        sqlx::query_scalar("SELECT version FROM catalog_version WHERE id = 1")
            .fetch_one(conn)
            .await?,
    )
}

/// Bumps the catalogue version inside a transaction that changed the catalogue.
pub async fn bump_catalog_version_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
) -> Result<(), DbError> {
    sqlx::query("UPDATE catalog_version SET version = version + 1, updated_at = $1 WHERE id = 1")
        .bind(crate::now_ms())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
