//! Leases of background jobs (SPEC §17, D68): every server runs the jobs,
//! but only the one whose conditional update of the job's `job_leases` row
//! succeeds runs it this time, so several servers never run one job at once.

use crate::{Db, DbError};

impl Db {
    /// Takes the lease of background job `name` for `lease_ms` when nobody holds it.
    pub async fn claim_job(&self, name: &str, now: i64, lease_ms: i64) -> Result<bool, DbError> {
        sqlx::query(
            "INSERT INTO job_leases (name, locked_until) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .execute(self.writer())
        .await?;
        let n = sqlx::query(
            "UPDATE job_leases SET locked_until = $1, last_run_at = $2, held_by = $4 \
             WHERE name = $3 AND locked_until <= $2",
        )
        .bind(now + lease_ms)
        .bind(now)
        .bind(name)
        .bind(self.instance_id())
        .execute(self.writer())
        .await?
        .rows_affected();
        Ok(n == 1)
    }
}
