//! Serving processes and the claims they hold (D115).
//!
//! Every claim that outlives a transaction — a job's lease, an e-mail being
//! sent, an idempotency key in progress, a device renewal — names the
//! process that took it (`held_by`, this handle's [`Db::instance_id`]).
//! Each serving process registers itself in `server_instances` and beats
//! its heart there; any process that finds another one dead frees that
//! one's claims, so after a crash the work is taken up again in seconds
//! instead of when each lease runs out (60 s for an e-mail or a key, ten
//! minutes for a renewal).
//!
//! A process is dead when its heart has not beaten for [`DEAD_AFTER_MS`],
//! or at once when it ran on the same host (same kernel boot and pid
//! namespace) and its pid no longer exists. A live process's claims are
//! not freed: its heart beats every [`HEARTBEAT_MS`]; only a judge whose
//! own heart has beaten without a gap for the whole dead limit judges by
//! heartbeats (after a database outage nobody could beat, and the first
//! server back must not take everyone else for dead); and a reused pid
//! only makes a dead process look alive, which errs on the waiting side.
//!
//! Delivery needs none of this: an order is claimed and delivered in one
//! transaction, which a crash rolls back claim and all.

use crate::{Db, DbError};

/// How often a serving process marks itself alive.
pub const HEARTBEAT_MS: i64 = 2_000;
/// A process whose heart has not beaten for this long is taken for dead.
/// Several beats, so a process held up by a busy database is not.
pub const DEAD_AFTER_MS: i64 = 15_000;

/// The tables whose claims name their holder, and how each is freed: the
/// claim's time is moved so that the next claimant may take it at once.
const FREEING: [&str; 4] = [
    "UPDATE job_leases SET locked_until = 0, held_by = NULL WHERE held_by = $1",
    "UPDATE email_outbox SET locked_until = 0, held_by = NULL WHERE held_by = $1 AND status = 'queued'",
    "UPDATE idempotency_keys SET locked_until = 0, held_by = NULL \
     WHERE held_by = $1 AND state = 'in_progress'",
    "UPDATE device_renewals SET claimed_at = 0, held_by = NULL WHERE held_by = $1 AND status = 'claimed'",
];

/// One registered process.
#[derive(Debug, Clone, sqlx::FromRow, PartialEq)]
pub struct InstanceRow {
    pub id: String,
    pub host: Option<String>,
    pub pid: i64,
    pub started_at: i64,
    pub seen_at: i64,
}

/// What tells this host's processes apart from other hosts': the kernel's
/// boot id and this process's pid namespace (containers on one kernel have
/// their own). `None` where there is no `/proc` to ask.
pub fn this_host() -> Option<String> {
    let boot = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let pid_ns = std::fs::read_link("/proc/self/ns/pid").ok()?;
    Some(format!("{}/{}", boot.trim(), pid_ns.display()))
}

/// Whether process `pid` of this host still exists.
fn pid_alive(pid: i64) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
}

/// How a server may judge others: by the kernel alone, or by heartbeats too
/// (when its own heart has beaten without a gap for [`DEAD_AFTER_MS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judge {
    KernelOnly,
    KernelAndHeartbeat,
}

impl InstanceRow {
    /// Dead by the kernel when it ran on `host` too, or by its heartbeat
    /// when the judge may judge by heartbeats.
    pub fn is_dead(&self, now: i64, host: Option<&str>, judge: Judge) -> bool {
        let same_host = host.is_some() && self.host.as_deref() == host;
        (same_host && !pid_alive(self.pid))
            || (judge == Judge::KernelAndHeartbeat && self.seen_at < now - DEAD_AFTER_MS)
    }
}

impl Db {
    /// The id this handle's claims carry.
    pub fn instance_id(&self) -> &str {
        &self.instance
    }

    /// Registers this process as alive (a serving process calls it before
    /// it takes any claim).
    pub async fn register_instance(&self, now: i64) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO server_instances (id, host, pid, started_at, seen_at) VALUES ($1, $2, $3, $4, $4) \
             ON CONFLICT (id) DO UPDATE SET seen_at = $4",
        )
        .bind(self.instance_id())
        .bind(this_host())
        .bind(i64::from(std::process::id()))
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Marks this process alive; registers it again if another server had
    /// taken it for dead (its claims are gone then, and their work is
    /// guarded by the conditional updates that finish it).
    pub async fn heartbeat(&self, now: i64) -> Result<(), DbError> {
        let n = sqlx::query("UPDATE server_instances SET seen_at = $1 WHERE id = $2")
            .bind(now)
            .bind(self.instance_id())
            .execute(self.writer())
            .await?
            .rows_affected();
        if n == 0 {
            tracing::warn!("this server was taken for dead by another; registering again");
            self.register_instance(now).await?;
        }
        Ok(())
    }

    pub async fn instances(&self) -> Result<Vec<InstanceRow>, DbError> {
        Ok(sqlx::query_as(
            "SELECT id, host, pid, started_at, seen_at FROM server_instances ORDER BY started_at",
        )
        .fetch_all(self.pool())
        .await?)
    }

    /// Frees the claims of every other registered process that is dead at
    /// `now` as `judge` may tell, and forgets it; returns the ids it freed.
    /// Reading the few instance rows is all it costs while everyone lives.
    pub async fn free_claims_of_dead(
        &self,
        now: i64,
        judge: Judge,
    ) -> Result<Vec<String>, DbError> {
        let host = this_host();
        let dead: Vec<String> = self
            .instances()
            .await?
            .into_iter()
            .filter(|i| i.id != self.instance_id() && i.is_dead(now, host.as_deref(), judge))
            .map(|i| i.id)
            .collect();
        for id in &dead {
            self.release_claims_of(id).await?;
        }
        Ok(dead)
    }

    /// A server stopping cleanly frees its own claims and leaves.
    pub async fn retire_instance(&self) -> Result<(), DbError> {
        self.release_claims_of(self.instance_id()).await
    }

    /// Frees `id`'s claims and removes its row, in one transaction.
    async fn release_claims_of(&self, id: &str) -> Result<(), DbError> {
        let mut tx = self.begin_write().await?;
        for sql in FREEING {
            sqlx::query(sql).bind(id).execute(&mut *tx).await?;
        }
        sqlx::query("DELETE FROM server_instances WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
