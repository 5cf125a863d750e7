//! This process among the servers on one database (D115): it registers
//! before it takes any claim, beats its heart, frees the claims of servers
//! that died, and frees its own when it stops cleanly. The rules of who is
//! dead live with the claims, in `uplink_db::instances`.

use std::time::Duration;
use uplink_db::{Db, instances::HEARTBEAT_MS, now_ms};

/// Registers this process and frees what dead servers held (a server
/// restarted after a crash frees its former self's claims here, at once
/// when the kernel says that process is gone).
pub async fn register(db: &Db) -> anyhow::Result<()> {
    db.register_instance(now_ms()).await?;
    free_claims_of_dead(db).await?;
    Ok(())
}

/// The heartbeat: every [`HEARTBEAT_MS`], marks this process alive and
/// frees the claims of any server that stopped beating.
pub fn spawn_heartbeat(db: Db) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(HEARTBEAT_MS as u64));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let beat = async {
                db.heartbeat(now_ms()).await?;
                free_claims_of_dead(&db).await
            };
            if let Err(e) = beat.await {
                tracing::warn!(error = %e, "heartbeat failed; trying again");
            }
        }
    })
}

async fn free_claims_of_dead(db: &Db) -> anyhow::Result<()> {
    for id in db.free_claims_of_dead(now_ms()).await? {
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
