//! The audit log (SPEC §15): every staff write leaves one entry — who, when,
//! which action, the resource, before and after — written in the write's
//! own transaction, so a change and its entry commit or fail together.
//!
//! Staff writes go through one path, [`StaffWrite`]: a write transaction
//! that knows who is acting and cannot commit without its entry. The table
//! is append-only; both backends refuse UPDATE and DELETE by trigger
//! (migration `61_backoffice.sql`).

use crate::{Db, DbError};
use serde::Serialize;
use sqlx::{Any, Row, Transaction};

/// Who makes a staff change, as the log names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub id: String,
    pub email: String,
}

/// What a staff write did, for its audit entry.
#[derive(Debug, Clone)]
pub struct AuditEntry {
    /// A stable dotted name: `product.update`, `stock.adjust`, `coupon.create`.
    pub action: &'static str,
    /// `product`, `store`, `coupon`, `order` …
    pub resource_type: &'static str,
    /// The resource's id or human number (`prd_…`, `UL-000123`).
    pub resource_id: String,
    /// One line for people: "MAX-BR1-NEW price $499.00 → $449.00".
    pub summary: String,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

impl AuditEntry {
    pub fn new(
        action: &'static str,
        resource_type: &'static str,
        resource_id: impl Into<String>,
    ) -> AuditEntry {
        AuditEntry {
            action,
            resource_type,
            resource_id: resource_id.into(),
            summary: String::new(),
            before: None,
            after: None,
        }
    }

    pub fn summary(mut self, summary: impl Into<String>) -> AuditEntry {
        self.summary = summary.into();
        self
    }

    /// The resource before the change (`None` for a creation).
    pub fn before(mut self, value: &impl Serialize) -> AuditEntry {
        self.before = serde_json::to_value(value).ok();
        self
    }

    /// The resource after the change.
    pub fn after(mut self, value: &impl Serialize) -> AuditEntry {
        self.after = serde_json::to_value(value).ok();
        self
    }
}

/// A staff write: a write transaction, the actor, and the entry the work
/// records. [`StaffWrite::commit`] writes the entry, then commits; without
/// an entry it rolls back and fails, so no staff change can skip the log.
pub struct StaffWrite {
    tx: Transaction<'static, Any>,
    actor: Actor,
    entry: Option<AuditEntry>,
    /// Told after the commit: a staff write may change an account (roles,
    /// a disabled account, credit terms) whose sessions are kept in memory.
    sessions: std::sync::Arc<crate::session_cache::SessionCache>,
}

impl StaffWrite {
    pub async fn begin(db: &Db, actor: Actor) -> Result<StaffWrite, DbError> {
        Ok(StaffWrite {
            tx: db.begin_write().await?,
            actor,
            entry: None,
            sessions: db.sessions.clone(),
        })
    }

    /// The transaction the change is written in.
    pub fn tx(&mut self) -> &mut Transaction<'static, Any> {
        &mut self.tx
    }

    pub fn actor(&self) -> &Actor {
        &self.actor
    }

    /// Records what the write did. One entry per write: a second call
    /// replaces the first (the last word on the resource wins).
    pub fn record(&mut self, entry: AuditEntry) {
        self.entry = Some(entry);
    }

    /// Appends the entry and commits; answers the entry's id.
    pub async fn commit(mut self) -> Result<i64, DbError> {
        let Some(entry) = self.entry.take() else {
            self.tx.rollback().await?;
            return Err(DbError::Unaudited);
        };
        let id = append_in(&mut self.tx, &self.actor, &entry).await?;
        self.tx.commit().await?;
        self.sessions.changed();
        Ok(id)
    }
}

/// Appends one entry inside `tx`; its id.
pub async fn append_in(
    tx: &mut Transaction<'static, Any>,
    actor: &Actor,
    e: &AuditEntry,
) -> Result<i64, DbError> {
    let json = |v: &Option<serde_json::Value>| v.as_ref().map(|v| v.to_string());
    let row = sqlx::query(
        "INSERT INTO audit_log (at, actor_id, actor_email, action, resource_type, resource_id, \
         summary, before_json, after_json) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(crate::now_ms())
    .bind(&actor.id)
    .bind(&actor.email)
    .bind(e.action)
    .bind(e.resource_type)
    .bind(&e.resource_id)
    .bind(&e.summary)
    .bind(json(&e.before))
    .bind(json(&e.after))
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get("id")?)
}

/// One entry as read back.
#[derive(Debug, Clone, Serialize)]
pub struct AuditRow {
    pub id: i64,
    pub at: i64,
    pub actor_id: String,
    pub actor_email: String,
    pub action: String,
    pub resource_type: String,
    pub resource_id: String,
    pub summary: String,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
}

/// Which entries to read: every filter is optional; newest first, from
/// `before_id` (the page's cursor) down.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub actor: Option<String>,
    pub action: Option<String>,
    pub resource_type: Option<String>,
    pub resource_id: Option<String>,
    pub from_ms: Option<i64>,
    pub to_ms: Option<i64>,
    pub before_id: Option<i64>,
    pub limit: i64,
}

const AUDIT_COLUMNS: &str = "id, at, actor_id, actor_email, action, resource_type, resource_id, \
                             summary, before_json, after_json";

impl Db {
    /// The entries matching `f`, newest first (at most `f.limit`).
    pub async fn audit_entries(&self, f: &AuditFilter) -> Result<Vec<AuditRow>, DbError> {
        let mut sql = format!("SELECT {AUDIT_COLUMNS} FROM audit_log WHERE 1 = 1");
        let mut binds: Vec<Bind> = Vec::new();
        let mut add = |clause: &str, value: Bind| {
            binds.push(value);
            sql.push_str(&clause.replace('?', &format!("${}", binds.len())));
        };
        // One column per query (an e-mail, else an account id), so the
        // (column, id) index serves both the filter and the newest-first order.
        if let Some(a) = &f.actor {
            let column = if a.contains('@') {
                " AND actor_email = ?"
            } else {
                " AND actor_id = ?"
            };
            add(column, Bind::Text(a.clone()));
        }
        if let Some(a) = &f.action {
            add(" AND action = ?", Bind::Text(a.clone()));
        }
        if let Some(t) = &f.resource_type {
            add(" AND resource_type = ?", Bind::Text(t.clone()));
        }
        if let Some(r) = &f.resource_id {
            add(" AND resource_id = ?", Bind::Text(r.clone()));
        }
        if let Some(from) = f.from_ms {
            add(" AND at >= ?", Bind::Int(from));
        }
        if let Some(to) = f.to_ms {
            add(" AND at < ?", Bind::Int(to));
        }
        if let Some(before) = f.before_id {
            add(" AND id < ?", Bind::Int(before));
        }
        add(
            " ORDER BY id DESC LIMIT ?",
            Bind::Int(f.limit.clamp(1, 10_000)),
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for b in binds {
            q = match b {
                Bind::Text(t) => q.bind(t),
                Bind::Int(i) => q.bind(i),
            };
        }
        let rows = q.fetch_all(self.pool()).await?;
        rows.iter().map(audit_row).collect()
    }

    /// How many entries the log holds (tests, the admin home).
    pub async fn audit_count(&self) -> Result<i64, DbError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM audit_log")
            .fetch_one(self.pool())
            .await?;
        Ok(row.try_get("n")?)
    }
}

enum Bind {
    Text(String),
    Int(i64),
}

fn audit_row(r: &sqlx::any::AnyRow) -> Result<AuditRow, DbError> {
    Ok(AuditRow {
        id: r.try_get("id")?,
        at: r.try_get("at")?,
        actor_id: r.try_get("actor_id")?,
        actor_email: r.try_get("actor_email")?,
        action: r.try_get("action")?,
        resource_type: r.try_get("resource_type")?,
        resource_id: r.try_get("resource_id")?,
        summary: r.try_get("summary")?,
        before_json: r.try_get("before_json")?,
        after_json: r.try_get("after_json")?,
    })
}
