//! This process among the servers on one database (D115): it registers
//! before it takes any claim, beats its heart, frees the claims of servers
//! that died, and frees its own when it stops cleanly. The rules of who is
//! dead live with the claims, in `uplink_db::instances`.

use std::time::Duration;
use uplink_db::instances::{DEAD_AFTER_MS, HEARTBEAT_MS, Judge};
use uplink_db::{Db, now_ms};

/// Registers this process and frees what dead servers held (a server
/// restarted after a crash frees its former self's claims here, at once
/// when the kernel says that process is gone).
pub async fn register(db: &Db) -> anyhow::Result<()> {
    db.register_instance(now_ms()).await?;
    free_claims_of_dead(db, Judge::KernelOnly).await
}

/// The heartbeat: every [`HEARTBEAT_MS`], marks this process alive and
/// frees the claims of any server that stopped beating — by heartbeats only
/// once its own have gone through without a gap for the dead limit.
pub fn spawn_heartbeat(db: Db) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(HEARTBEAT_MS as u64));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut beats = Beats::default();
        loop {
            tick.tick().await;
            let now = now_ms();
            let beat = async {
                db.heartbeat(now).await?;
                free_claims_of_dead(&db, beats.beat(now)).await
            };
            if let Err(e) = beat.await {
                beats.missed();
                tracing::warn!(error = %e, "heartbeat failed; trying again");
            }
        }
    })
}

/// Since when this server's heart has beaten without a gap.
#[derive(Default)]
struct Beats {
    since: Option<i64>,
    last: i64,
}

impl Beats {
    /// Records a beat at `now`; how this server may judge others now.
    fn beat(&mut self, now: i64) -> Judge {
        if now - self.last > 2 * HEARTBEAT_MS {
            self.since = None; // a gap: this server was held up too
        }
        let since = *self.since.get_or_insert(now);
        self.last = now;
        if now - since >= DEAD_AFTER_MS {
            Judge::KernelAndHeartbeat
        } else {
            Judge::KernelOnly
        }
    }

    fn missed(&mut self) {
        self.since = None;
    }
}

async fn free_claims_of_dead(db: &Db, judge: Judge) -> anyhow::Result<()> {
    for id in db.free_claims_of_dead(now_ms(), judge).await? {
        tracing::info!(server = %id, "freed the claims of a server that stopped");
    }
    Ok(())
}

/// A clean stop: this process's claims go back at once.
pub async fn retire(db: &Db) {
    if let Err(e) = db.retire_instance().await {
        tracing::warn!(error = %e, "could not free this server's claims; they lapse with their leases");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_judges_by_heartbeats_only_after_beating_without_a_gap_for_the_dead_limit() {
        let mut beats = Beats::default();
        let mut now = 1_000_000;
        assert_eq!(beats.beat(now), Judge::KernelOnly, "just started");
        while now < 1_000_000 + DEAD_AFTER_MS - HEARTBEAT_MS {
            now += HEARTBEAT_MS;
            assert_eq!(beats.beat(now), Judge::KernelOnly);
        }
        now += HEARTBEAT_MS;
        assert_eq!(beats.beat(now), Judge::KernelAndHeartbeat);
        // A failed beat (the database was away) starts the count again…
        beats.missed();
        now += HEARTBEAT_MS;
        assert_eq!(beats.beat(now), Judge::KernelOnly);
        // …and so does a gap (this server was held up).
        now += DEAD_AFTER_MS;
        assert_eq!(beats.beat(now), Judge::KernelOnly);
    }
}
