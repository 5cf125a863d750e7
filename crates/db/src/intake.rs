//! Storage of the error intake (SPEC §14): DSN keys and quotas, issues grouped
//! by fingerprint, release health and transaction durations. Every table but
//! the keys ages out through [`Db::purge_intake`].

use crate::{Db, DbError, now_ms};
use rand::Rng;
use sqlx::{FromRow, Row};
use uplink_domain::intake::{
    Discarded, EventSummary, SessionAggregate, SessionStatus, SessionUpdate, TransactionSummary,
};

/// The project every default key belongs to.
pub const DEFAULT_PROJECT_ID: i64 = 1;
const DEFAULT_KEY_SETTING: &str = "intake.default_public_key";
const DAY_MS: i64 = 24 * 3600 * 1000;

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct IntakeKey {
    pub public_key: String,
    pub project_id: i64,
    #[sqlx(try_from = "crate::Flag")]
    pub active: bool,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct IssueRow {
    pub id: String,
    pub project_id: i64,
    pub fingerprint: String,
    pub title: String,
    pub culprit: Option<String>,
    pub level: String,
    pub exception_type: Option<String>,
    pub first_seen: i64,
    pub last_seen: i64,
    pub event_count: i64,
    pub user_count: i64,
    pub first_release: Option<String>,
    pub last_release: Option<String>,
    pub last_environment: Option<String>,
}

const ISSUE_COLUMNS: &str = "id, project_id, fingerprint, title, culprit, level, exception_type, \
first_seen, last_seen, event_count, user_count, first_release, last_release, last_environment";

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct EventRow {
    pub id: String,
    pub issue_id: String,
    pub received_at: i64,
    pub occurred_at: i64,
    pub level: String,
    pub release: Option<String>,
    pub environment: Option<String>,
    pub browser: Option<String>,
    pub url: Option<String>,
    pub trace_id: Option<String>,
    pub user_key: Option<String>,
    /// The event JSON as received (stack trace, breadcrumbs, tags, contexts).
    pub payload: String,
}

const EVENT_COLUMNS: &str = "id, issue_id, received_at, occurred_at, level, release, environment, \
browser, url, trace_id, user_key, payload";

/// What storing an event did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEvent {
    pub issue_id: String,
    pub new_issue: bool,
    /// The event id was already stored (an SDK retry); nothing was counted.
    pub duplicate: bool,
}

/// Crash-free numbers of one release and environment.
#[derive(Debug, Clone, PartialEq)]
pub struct ReleaseHealth {
    pub release: String,
    pub environment: String,
    pub sessions: i64,
    pub errored: i64,
    pub crashed: i64,
    pub abnormal: i64,
    pub last_seen: i64,
}

impl ReleaseHealth {
    /// Share of sessions that did not crash (crashed or abnormal), 0–1.
    pub fn crash_free_rate(&self) -> f64 {
        if self.sessions <= 0 {
            return 1.0;
        }
        1.0 - (self.crashed + self.abnormal).min(self.sessions) as f64 / self.sessions as f64
    }
}

/// Count and duration percentiles of one transaction name (route).
#[derive(Debug, Clone, PartialEq)]
pub struct RouteTiming {
    pub name: String,
    pub op: Option<String>,
    pub count: i64,
    pub p50_ms: i64,
    pub p95_ms: i64,
}

/// How long and how much the intake keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// Data older than this is removed (default 30 days).
    pub max_age_ms: i64,
    /// Newest events kept per issue.
    pub events_per_issue: i64,
    /// Newest events kept overall.
    pub max_events: i64,
    /// Newest transactions kept overall.
    pub max_transactions: i64,
    /// Newest attachments kept overall.
    pub max_attachments: i64,
}

impl Default for Retention {
    fn default() -> Self {
        Retention {
            max_age_ms: 30 * DAY_MS,
            events_per_issue: 100,
            max_events: 50_000,
            max_transactions: 100_000,
            max_attachments: 1_000,
        }
    }
}

fn new_public_key() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS) * DAY_MS
}

impl Db {
    /// The default project and its DSN key, created on first call (safe when
    /// several servers start at once: every caller gets the same key).
    pub async fn ensure_default_intake_key(&self) -> Result<IntakeKey, DbError> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO intake_projects (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING",
        )
        .bind(DEFAULT_PROJECT_ID)
        .bind("Uplink web")
        .bind(now)
        .execute(self.writer())
        .await?;
        let key = self
            .setting_or_insert(DEFAULT_KEY_SETTING, new_public_key)
            .await?;
        sqlx::query(
            "INSERT INTO intake_keys (public_key, project_id, label, active, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (public_key) DO NOTHING",
        )
        .bind(&key)
        .bind(DEFAULT_PROJECT_ID)
        .bind("Browser (created on first start)")
        .bind(true)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(self
            .intake_key(&key)
            .await?
            .expect("the default key was just stored"))
    }

    pub async fn intake_key(&self, public_key: &str) -> Result<Option<IntakeKey>, DbError> {
        Ok(sqlx::query_as::<_, IntakeKey>(
            "SELECT public_key, project_id, active FROM intake_keys WHERE public_key = $1",
        )
        .bind(public_key)
        .fetch_optional(self.pool())
        .await?)
    }

    pub async fn set_intake_key_active(
        &self,
        public_key: &str,
        active: bool,
    ) -> Result<(), DbError> {
        sqlx::query("UPDATE intake_keys SET active = $1 WHERE public_key = $2")
            .bind(active)
            .bind(public_key)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    /// Counts one envelope against the key's window and returns the count
    /// including it (shared by every server on the database).
    pub async fn count_intake_envelope(
        &self,
        public_key: &str,
        window_start: i64,
    ) -> Result<i64, DbError> {
        let row = sqlx::query(
            "INSERT INTO intake_quota (public_key, window_start, accepted) VALUES ($1, $2, 1)
             ON CONFLICT (public_key, window_start) DO UPDATE SET accepted = intake_quota.accepted + 1
             RETURNING accepted",
        )
        .bind(public_key)
        .bind(window_start)
        .fetch_one(self.writer())
        .await?;
        Ok(row.try_get::<i64, _>("accepted")?)
    }

    /// Stores an error event and folds it into its issue.
    pub async fn store_error_event(
        &self,
        project_id: i64,
        event_id: &str,
        s: &EventSummary,
        payload: &str,
        received_at: i64,
        events_per_issue: i64,
    ) -> Result<StoredEvent, DbError> {
        let mut tx = self.begin_write().await?;
        if let Some(row) = sqlx::query("SELECT issue_id FROM error_events WHERE id = $1")
            .bind(event_id)
            .fetch_optional(&mut *tx)
            .await?
        {
            return Ok(StoredEvent {
                issue_id: row.try_get("issue_id")?,
                new_issue: false,
                duplicate: true,
            });
        }
        let occurred_at = s.timestamp_ms.unwrap_or(received_at);
        let existing =
            sqlx::query("SELECT id FROM error_issues WHERE project_id = $1 AND fingerprint = $2")
                .bind(project_id)
                .bind(&s.fingerprint)
                .fetch_optional(&mut *tx)
                .await?;
        let (issue_id, new_issue) = match existing {
            Some(row) => {
                let id: String = row.try_get("id")?;
                sqlx::query(
                    "UPDATE error_issues SET event_count = event_count + 1,
                        last_seen = CASE WHEN last_seen > $1 THEN last_seen ELSE $1 END,
                        first_seen = CASE WHEN first_seen < $1 THEN first_seen ELSE $1 END,
                        level = $2, last_release = COALESCE($3, last_release),
                        last_environment = COALESCE($4, last_environment)
                     WHERE id = $5",
                )
                .bind(received_at)
                .bind(&s.level)
                .bind(&s.release)
                .bind(&s.environment)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
                (id, false)
            }
            None => {
                let id = uplink_domain::ids::new_id("iss");
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "INSERT INTO error_issues ({ISSUE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, 1, 0, $9, $9, $10)"
                )))
                .bind(&id)
                .bind(project_id)
                .bind(&s.fingerprint)
                .bind(&s.title)
                .bind(&s.culprit)
                .bind(&s.level)
                .bind(&s.exception_type)
                .bind(received_at)
                .bind(&s.release)
                .bind(&s.environment)
                .execute(&mut *tx)
                .await?;
                (id, true)
            }
        };
        if let Some(user) = &s.user {
            let added = sqlx::query(
                "INSERT INTO error_issue_users (issue_id, user_key, last_seen) VALUES ($1, $2, $3)
                 ON CONFLICT (issue_id, user_key) DO UPDATE SET last_seen = excluded.last_seen",
            )
            .bind(&issue_id)
            .bind(user)
            .bind(received_at)
            .execute(&mut *tx)
            .await?;
            let _ = added;
            sqlx::query(
                "UPDATE error_issues SET user_count = (SELECT COUNT(*) FROM error_issue_users WHERE issue_id = $1) WHERE id = $1",
            )
            .bind(&issue_id)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO error_events ({EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
        )))
        .bind(event_id)
        .bind(&issue_id)
        .bind(received_at)
        .bind(occurred_at)
        .bind(&s.level)
        .bind(&s.release)
        .bind(&s.environment)
        .bind(&s.browser)
        .bind(&s.url)
        .bind(&s.trace_id)
        .bind(&s.user)
        .bind(payload)
        .execute(&mut *tx)
        .await?;
        // Bounded storage: only the newest events of an issue keep their payloads.
        sqlx::query(
            "DELETE FROM error_events WHERE issue_id = $1 AND id NOT IN
               (SELECT id FROM error_events WHERE issue_id = $1 ORDER BY received_at DESC, id DESC LIMIT $2)",
        )
        .bind(&issue_id)
        .bind(events_per_issue.max(1))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(StoredEvent {
            issue_id,
            new_issue,
            duplicate: false,
        })
    }

    pub async fn store_error_attachment(
        &self,
        event_id: &str,
        filename: &str,
        content_type: &str,
        body: &[u8],
        received_at: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO error_attachments (id, event_id, filename, content_type, size, body, received_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(uplink_domain::ids::new_id("att"))
        .bind(event_id)
        .bind(filename)
        .bind(content_type)
        .bind(body.len() as i64)
        .bind(body.to_vec())
        .bind(received_at)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Folds one session update into its release's health: a session counts
    /// once when first seen, once as errored (errors or a crash) and once as
    /// crashed or abnormal, however many updates it sends.
    pub async fn record_session(&self, u: &SessionUpdate, now: i64) -> Result<(), DbError> {
        let env = u.environment.clone().unwrap_or_default();
        let mut tx = self.begin_write().await?;
        let prev =
            sqlx::query("SELECT status, errored, bucket FROM intake_sessions WHERE sid = $1")
                .bind(&u.sid)
                .fetch_optional(&mut *tx)
                .await?;
        let (prev_status, prev_errored, bucket) = match prev {
            Some(row) => (
                Some(row.try_get::<String, _>("status")?),
                row.try_get::<i64, _>("errored")? != 0,
                row.try_get::<i64, _>("bucket")?,
            ),
            None => (None, false, day_of(u.started_ms.unwrap_or(now))),
        };
        let status = match u.status {
            SessionStatus::Ok => "ok",
            SessionStatus::Exited => "exited",
            SessionStatus::Crashed => "crashed",
            SessionStatus::Abnormal => "abnormal",
        };
        // A session that crashed stays crashed.
        let final_status = match prev_status.as_deref() {
            Some(p @ ("crashed" | "abnormal")) => p.to_owned(),
            _ => status.to_owned(),
        };
        let errored_now =
            u.errors > 0 || matches!(u.status, SessionStatus::Crashed | SessionStatus::Abnormal);
        let add_total = i64::from(prev_status.is_none());
        let add_errored = i64::from(errored_now && !prev_errored);
        let newly = |s: &str| i64::from(final_status == s && prev_status.as_deref() != Some(s));
        let (add_crashed, add_abnormal) = (newly("crashed"), newly("abnormal"));
        sqlx::query(
            "INSERT INTO intake_sessions (sid, release, environment, bucket, status, errored, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (sid) DO UPDATE SET status = excluded.status, errored = excluded.errored, updated_at = excluded.updated_at",
        )
        .bind(&u.sid)
        .bind(&u.release)
        .bind(&env)
        .bind(bucket)
        .bind(&final_status)
        .bind(i64::from(prev_errored || errored_now))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        add_release_health(
            &mut tx,
            &u.release,
            &env,
            bucket,
            [add_total, add_errored, add_crashed, add_abnormal],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn record_session_aggregate(
        &self,
        a: &SessionAggregate,
        now: i64,
    ) -> Result<(), DbError> {
        let env = a.environment.clone().unwrap_or_default();
        let mut tx = self.begin_write().await?;
        add_release_health(
            &mut tx,
            &a.release,
            &env,
            day_of(a.started_ms.unwrap_or(now)),
            [a.total, a.errored, a.crashed, a.abnormal],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn record_transaction(
        &self,
        id: &str,
        t: &TransactionSummary,
        received_at: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO perf_transactions (id, name, op, duration_ms, release, environment, trace_id, received_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(&t.name)
        .bind(&t.op)
        .bind(t.duration_ms)
        .bind(&t.release)
        .bind(&t.environment)
        .bind(&t.trace_id)
        .bind(received_at)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    pub async fn record_outcomes(&self, discarded: &[Discarded], now: i64) -> Result<(), DbError> {
        for d in discarded {
            sqlx::query(
                "INSERT INTO intake_outcomes (reason, category, bucket, quantity) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (reason, category, bucket) DO UPDATE SET quantity = intake_outcomes.quantity + excluded.quantity",
            )
            .bind(&d.reason)
            .bind(&d.category)
            .bind(day_of(now))
            .bind(d.quantity)
            .execute(self.writer())
            .await?;
        }
        Ok(())
    }

    /// Issues, most recently seen first.
    pub async fn list_issues(
        &self,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<IssueRow>, i64), DbError> {
        let rows = sqlx::query_as::<_, IssueRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {ISSUE_COLUMNS} FROM error_issues ORDER BY last_seen DESC, id LIMIT $1 OFFSET $2"
        )))
        .bind(limit)
        .bind(offset)
        .fetch_all(self.pool())
        .await?;
        let total: i64 = sqlx::query("SELECT COUNT(*) AS n FROM error_issues")
            .fetch_one(self.pool())
            .await?
            .try_get("n")?;
        Ok((rows, total))
    }

    pub async fn issue(&self, id: &str) -> Result<Option<IssueRow>, DbError> {
        Ok(sqlx::query_as::<_, IssueRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {ISSUE_COLUMNS} FROM error_issues WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// The newest events of an issue.
    pub async fn issue_events(&self, issue_id: &str, limit: i64) -> Result<Vec<EventRow>, DbError> {
        Ok(sqlx::query_as::<_, EventRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {EVENT_COLUMNS} FROM error_events WHERE issue_id = $1 ORDER BY received_at DESC, id DESC LIMIT $2"
        )))
        .bind(issue_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    pub async fn attachment_names(
        &self,
        event_id: &str,
    ) -> Result<Vec<(String, String, i64)>, DbError> {
        let rows = sqlx::query("SELECT filename, content_type, size FROM error_attachments WHERE event_id = $1 ORDER BY received_at")
            .bind(event_id)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("filename")?,
                    r.try_get("content_type")?,
                    r.try_get("size")?,
                ))
            })
            .collect()
    }

    /// Release health since `since` (ms), newest releases first.
    pub async fn release_health(&self, since: i64) -> Result<Vec<ReleaseHealth>, DbError> {
        let rows = sqlx::query(
            "SELECT release, environment, CAST(SUM(total) AS BIGINT) AS total, CAST(SUM(errored) AS BIGINT) AS errored,
                    CAST(SUM(crashed) AS BIGINT) AS crashed, CAST(SUM(abnormal) AS BIGINT) AS abnormal, MAX(bucket) AS last_seen
             FROM release_health WHERE bucket >= $1
             GROUP BY release, environment ORDER BY MAX(bucket) DESC, release DESC LIMIT 50",
        )
        .bind(day_of(since))
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ReleaseHealth {
                    release: r.try_get("release")?,
                    environment: r.try_get("environment")?,
                    sessions: r.try_get("total")?,
                    errored: r.try_get("errored")?,
                    crashed: r.try_get("crashed")?,
                    abnormal: r.try_get("abnormal")?,
                    last_seen: r.try_get("last_seen")?,
                })
            })
            .collect()
    }

    /// Routes by 95th-percentile duration since `since`, slowest first.
    pub async fn slowest_routes(
        &self,
        since: i64,
        limit: usize,
    ) -> Result<Vec<RouteTiming>, DbError> {
        let rows = sqlx::query(
            "SELECT name, op, duration_ms FROM perf_transactions WHERE received_at >= $1 ORDER BY name, duration_ms",
        )
        .bind(since)
        .fetch_all(self.pool())
        .await?;
        let mut out: Vec<RouteTiming> = Vec::new();
        let mut durations: Vec<i64> = Vec::new();
        let mut current: Option<(String, Option<String>)> = None;
        let flush =
            |cur: &Option<(String, Option<String>)>, d: &[i64], out: &mut Vec<RouteTiming>| {
                if let (Some((name, op)), false) = (cur, d.is_empty()) {
                    out.push(RouteTiming {
                        name: name.clone(),
                        op: op.clone(),
                        count: d.len() as i64,
                        p50_ms: percentile(d, 50),
                        p95_ms: percentile(d, 95),
                    });
                }
            };
        for r in &rows {
            let name: String = r.try_get("name")?;
            if current.as_ref().map(|(n, _)| n) != Some(&name) {
                flush(&current, &durations, &mut out);
                durations.clear();
                current = Some((name, r.try_get("op")?));
            }
            durations.push(r.try_get("duration_ms")?);
        }
        flush(&current, &durations, &mut out);
        out.sort_by(|a, b| {
            b.p95_ms
                .cmp(&a.p95_ms)
                .then(b.count.cmp(&a.count))
                .then(a.name.cmp(&b.name))
        });
        out.truncate(limit);
        Ok(out)
    }

    /// Removes intake data older than the retention and beyond the size caps.
    /// Returns the number of rows removed.
    pub async fn purge_intake(&self, r: &Retention, now: i64) -> Result<u64, DbError> {
        let before = now - r.max_age_ms;
        let mut removed = 0;
        let by_age: &[(&str, i64)] = &[
            ("DELETE FROM error_events WHERE received_at < $1", before),
            ("DELETE FROM error_issue_users WHERE last_seen < $1", before),
            ("DELETE FROM error_issues WHERE last_seen < $1", before),
            (
                "DELETE FROM error_attachments WHERE received_at < $1",
                before,
            ),
            ("DELETE FROM intake_sessions WHERE updated_at < $1", before),
            (
                "DELETE FROM release_health WHERE bucket < $1",
                day_of(before),
            ),
            (
                "DELETE FROM perf_transactions WHERE received_at < $1",
                before,
            ),
            (
                "DELETE FROM intake_outcomes WHERE bucket < $1",
                day_of(before),
            ),
            (
                "DELETE FROM intake_quota WHERE window_start < $1",
                now - 3600 * 1000,
            ),
        ];
        for (sql, cutoff) in by_age {
            removed += sqlx::query(sqlx::AssertSqlSafe(*sql))
                .bind(cutoff)
                .execute(self.writer())
                .await?
                .rows_affected();
        }
        let caps: &[(&str, i64)] = &[
            (
                "DELETE FROM error_events WHERE id IN (SELECT id FROM error_events ORDER BY received_at DESC, id DESC LIMIT -1 OFFSET $1)",
                r.max_events,
            ),
            (
                "DELETE FROM perf_transactions WHERE id IN (SELECT id FROM perf_transactions ORDER BY received_at DESC, id DESC LIMIT -1 OFFSET $1)",
                r.max_transactions,
            ),
            (
                "DELETE FROM error_attachments WHERE id IN (SELECT id FROM error_attachments ORDER BY received_at DESC, id DESC LIMIT -1 OFFSET $1)",
                r.max_attachments,
            ),
        ];
        for (sql, keep) in caps {
            let sql = match self.backend() {
                crate::Backend::Sqlite => (*sql).to_owned(),
                crate::Backend::Postgres => sql.replace("LIMIT -1 ", ""),
            };
            removed += sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(keep)
                .execute(self.writer())
                .await?
                .rows_affected();
        }
        Ok(removed)
    }
}

async fn add_release_health(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    release: &str,
    env: &str,
    bucket: i64,
    [total, errored, crashed, abnormal]: [i64; 4],
) -> Result<(), DbError> {
    if total == 0 && errored == 0 && crashed == 0 && abnormal == 0 {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO release_health (release, environment, bucket, total, errored, crashed, abnormal)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (release, environment, bucket) DO UPDATE SET
            total = release_health.total + excluded.total, errored = release_health.errored + excluded.errored,
            crashed = release_health.crashed + excluded.crashed, abnormal = release_health.abnormal + excluded.abnormal",
    )
    .bind(release)
    .bind(env)
    .bind(bucket)
    .bind(total)
    .bind(errored)
    .bind(crashed)
    .bind(abnormal)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[i64], p: usize) -> i64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted[(rank - 1).min(sorted.len() - 1)]
}

#[cfg(test)]
mod tests {
    #[test]
    fn nearest_rank_percentiles() {
        let v: Vec<i64> = (1..=20).collect();
        assert_eq!(super::percentile(&v, 50), 10);
        assert_eq!(super::percentile(&v, 95), 19);
        assert_eq!(super::percentile(&[7], 95), 7);
        assert_eq!(super::percentile(&[], 95), 0);
    }
}
