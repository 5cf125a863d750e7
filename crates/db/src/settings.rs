//! Server-owned key/value settings.

use crate::{Db, DbError, now_ms};
use sqlx::Row;

impl Db {
    pub async fn setting(&self, key: &str) -> Result<Option<String>, DbError> {
        let row = sqlx::query("SELECT value FROM app_settings WHERE key = $1")
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| r.get::<String, _>("value")))
    }

    pub async fn set_setting(&self, key: &str, value: &str) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        )
        .bind(key)
        .bind(value)
        .bind(now_ms())
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Returns the stored value, or stores `make()` first when the key is new.
    /// Concurrent callers (several servers starting) all get the same winner.
    pub async fn setting_or_insert(
        &self,
        key: &str,
        make: impl FnOnce() -> String,
    ) -> Result<String, DbError> {
        sqlx::query("INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING")
            .bind(key)
            .bind(make())
            .bind(now_ms())
            .execute(self.writer())
            .await?;
        Ok(self.setting(key).await?.unwrap_or_default())
    }
}
