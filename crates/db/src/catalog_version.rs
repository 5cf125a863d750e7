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

/// Most products one version may name for the read model to patch them in;
/// a larger change (a bulk price change, an import) reads everything.
pub const PATCH_LIMIT: usize = 200;

/// How many versions of changes are kept (a server further behind reads everything).
const CHANGES_KEPT: i64 = 1000;

/// Bumps the catalogue version for a change to these products' rows alone
/// (the product, its parts and its store prices), and records them, so each
/// server's read model reads only their rows ([`changed_products`]).
pub async fn bump_catalog_version_for_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    product_ids: &[&str],
) -> Result<(), DbError> {
    let version: i64 = sqlx::query_scalar(
        "UPDATE catalog_version SET version = version + 1, updated_at = $1 WHERE id = 1 RETURNING version",
    )
    .bind(crate::now_ms())
    .fetch_one(&mut **tx)
    .await?;
    if product_ids.len() <= PATCH_LIMIT {
        for id in product_ids {
            sqlx::query("INSERT INTO catalog_changes (version, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(version)
                .bind(*id)
                .execute(&mut **tx)
                .await?;
        }
    }
    sqlx::query("DELETE FROM catalog_changes WHERE version <= $1")
        .bind(version - CHANGES_KEPT)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The products the versions after `after` up to `upto` changed, when every
/// one of those versions recorded its products (else `None`: read everything).
pub async fn changed_products(
    pool: &crate::Pool,
    after: i64,
    upto: i64,
) -> Result<Option<Vec<String>>, DbError> {
    if upto <= after || upto - after > CHANGES_KEPT {
        return Ok(None);
    }
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT version, product_id FROM catalog_changes WHERE version > $1 AND version <= $2",
    )
    .bind(after)
    .bind(upto)
    .fetch_all(pool)
    .await?;
    let versions: std::collections::HashSet<i64> = rows.iter().map(|(v, _)| *v).collect();
    if versions.len() as i64 != upto - after {
        return Ok(None);
    }
    let mut ids: Vec<String> = rows.into_iter().map(|(_, id)| id).collect();
    ids.sort();
    ids.dedup();
    Ok((ids.len() <= PATCH_LIMIT).then_some(ids))
}
