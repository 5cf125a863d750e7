//! Idempotency keys (SPEC §2, Stripe semantics): the first request with a
//! key runs; the same key with the same body replays its stored answer; the
//! same key with another body is refused; keys are kept 24 hours.
//!
//! Concurrent requests with one key: the first claims the row
//! (`state = in_progress`, a lease), the others wait for its answer and
//! replay it. A claimant that died leaves an expired lease that the next
//! request takes over. Handlers that write should store the answer in their
//! own transaction ([`finish_in`]) so a crash cannot separate the two.

use crate::{Db, DbError, now_ms};
use sqlx::AnyConnection;

/// How long keys are kept.
pub const KEY_TTL_MS: i64 = 24 * 60 * 60 * 1000;
/// How long a claim lasts before another request may take over.
pub const LEASE_MS: i64 = 60 * 1000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// This request owns the key: run it, then [`Db::idempotency_finish`] or [`finish_in`].
    Proceed,
    /// The key has a stored answer for the same body.
    Replay { status: u16, body: String },
    /// The key was used with another body.
    Mismatch,
    /// Another request with this key is still running.
    Busy,
}

#[derive(sqlx::FromRow)]
struct KeyRow {
    request_hash: String,
    state: String,
    response_status: Option<i64>,
    response_body: Option<String>,
    locked_until: i64,
    expires_at: i64,
}

impl Db {
    /// Claims `(scope, key)` for a request whose canonical body hashes to `request_hash`.
    pub async fn idempotency_claim(
        &self,
        scope: &str,
        key: &str,
        request_hash: &str,
    ) -> Result<Claim, DbError> {
        for _ in 0..3 {
            let now = now_ms();
            let (db, owned_scope, owned_key, hash) = (
                self.clone(),
                scope.to_owned(),
                key.to_owned(),
                request_hash.to_owned(),
            );
            let insert = async move {
                sqlx::query(
                    "INSERT INTO idempotency_keys (scope, idem_key, request_hash, state, created_at, locked_until, expires_at, held_by) \
                     VALUES ($1, $2, $3, 'in_progress', $4, $5, $6, $7) ON CONFLICT (scope, idem_key) DO NOTHING",
                )
                .bind(&owned_scope)
                .bind(&owned_key)
                .bind(&hash)
                .bind(now)
                .bind(now + LEASE_MS)
                .bind(now + KEY_TTL_MS)
                .bind(db.instance_id())
                .execute(db.writer())
                .await
            };
            let inserted = self.on_writer_thread(insert).await?.rows_affected();
            if inserted == 1 {
                return Ok(Claim::Proceed);
            }
            let row: Option<KeyRow> = sqlx::query_as(
                "SELECT request_hash, state, response_status, response_body, locked_until, expires_at \
                 FROM idempotency_keys WHERE scope = $1 AND idem_key = $2",
            )
            .bind(scope)
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
            let Some(row) = row else { continue };
            if row.expires_at <= now {
                sqlx::query(
                    "DELETE FROM idempotency_keys WHERE scope = $1 AND idem_key = $2 AND expires_at <= $3",
                )
                .bind(scope)
                .bind(key)
                .bind(now)
                .execute(self.writer())
                .await?;
                continue;
            }
            if row.request_hash != request_hash {
                return Ok(Claim::Mismatch);
            }
            if row.state == "done" {
                return Ok(Claim::Replay {
                    status: row.response_status.unwrap_or(200) as u16,
                    body: row.response_body.unwrap_or_default(),
                });
            }
            if row.locked_until > now {
                return Ok(Claim::Busy);
            }
            // The claimant died: take over its lease.
            let taken = sqlx::query(
                "UPDATE idempotency_keys SET locked_until = $1, held_by = $5 \
                 WHERE scope = $2 AND idem_key = $3 AND state = 'in_progress' AND locked_until = $4",
            )
            .bind(now + LEASE_MS)
            .bind(scope)
            .bind(key)
            .bind(row.locked_until)
            .bind(self.instance_id())
            .execute(self.writer())
            .await?
            .rows_affected();
            if taken == 1 {
                return Ok(Claim::Proceed);
            }
        }
        Ok(Claim::Busy)
    }

    /// Stores the answer of a claimed key.
    pub async fn idempotency_finish(
        &self,
        scope: &str,
        key: &str,
        status: u16,
        body: &str,
    ) -> Result<(), DbError> {
        let mut conn = self.writer().acquire().await?;
        finish_in(&mut conn, scope, key, status, body).await
    }

    /// Forgets a claimed key (the request failed on our side; a retry may run again).
    pub async fn idempotency_release(&self, scope: &str, key: &str) -> Result<(), DbError> {
        sqlx::query(
            "DELETE FROM idempotency_keys WHERE scope = $1 AND idem_key = $2 AND state = 'in_progress'",
        )
        .bind(scope)
        .bind(key)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Removes keys older than 24 hours; returns how many.
    pub async fn purge_idempotency_keys(&self, now: i64) -> Result<u64, DbError> {
        Ok(
            sqlx::query("DELETE FROM idempotency_keys WHERE expires_at <= $1")
                .bind(now)
                .execute(self.writer())
                .await?
                .rows_affected(),
        )
    }
}

/// Stores an answer: binds status, body, scope, key. Also the end of an
/// order's numbering statement on PostgreSQL (`orders::set_number_and_answer`).
pub(crate) const FINISH_ANSWER: &str = "UPDATE idempotency_keys SET state = 'done', \
     response_status = $1, response_body = $2 WHERE scope = $3 AND idem_key = $4";

/// Stores the answer inside the caller's transaction.
pub async fn finish_in(
    conn: &mut AnyConnection,
    scope: &str,
    key: &str,
    status: u16,
    body: &str,
) -> Result<(), DbError> {
    sqlx::query(FINISH_ANSWER)
        .bind(i64::from(status))
        .bind(body)
        .bind(scope)
        .bind(key)
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestDb;

    #[tokio::test]
    async fn a_key_runs_once_then_replays_and_refuses_another_body() {
        let t = TestDb::new().await;
        let db = &t.db;
        assert_eq!(
            db.idempotency_claim("u1:orders", "k", "h1").await.unwrap(),
            Claim::Proceed
        );
        assert_eq!(
            db.idempotency_claim("u1:orders", "k", "h1").await.unwrap(),
            Claim::Busy
        );
        db.idempotency_finish("u1:orders", "k", 201, "{\"n\":1}")
            .await
            .unwrap();
        assert_eq!(
            db.idempotency_claim("u1:orders", "k", "h1").await.unwrap(),
            Claim::Replay {
                status: 201,
                body: "{\"n\":1}".into()
            }
        );
        assert_eq!(
            db.idempotency_claim("u1:orders", "k", "h2").await.unwrap(),
            Claim::Mismatch
        );
        // another caller's key space is separate
        assert_eq!(
            db.idempotency_claim("u2:orders", "k", "h2").await.unwrap(),
            Claim::Proceed
        );
    }

    #[tokio::test]
    async fn expired_keys_are_purged_and_a_released_key_runs_again() {
        let t = TestDb::new().await;
        let db = &t.db;
        assert_eq!(
            db.idempotency_claim("s", "a", "h").await.unwrap(),
            Claim::Proceed
        );
        db.idempotency_release("s", "a").await.unwrap();
        assert_eq!(
            db.idempotency_claim("s", "a", "h").await.unwrap(),
            Claim::Proceed
        );
        assert_eq!(db.purge_idempotency_keys(now_ms()).await.unwrap(), 0);
        assert_eq!(
            db.purge_idempotency_keys(now_ms() + KEY_TTL_MS + 1)
                .await
                .unwrap(),
            1
        );
    }
}
