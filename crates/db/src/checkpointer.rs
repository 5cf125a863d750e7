//! SQLite's WAL checkpoints, run beside the writer instead of inside it (D124).
//!
//! By default SQLite checkpoints on commit: the connection whose commit
//! takes the write-ahead log past 1,000 pages copies the log back into the
//! database file, with an fsync of each, before its commit returns. On
//! SQLite that connection is our one writer, so every checkpoint stalled the
//! checkouts and deliveries queued behind it: under the checkout load a
//! delivery held the writer 8.7 ms at p99, against 3.6–4.6 ms with this
//! module, and checkout went from 279–282 to 311–312 orders/s.
//!
//! Here a connection of its own runs a PASSIVE checkpoint every [`EVERY`]:
//! it copies what it can without waiting on the writer or on readers. The
//! writer checkpoints by itself only once the log passes
//! [`WRITER_AUTOCHECKPOINT`]: under a steady load readers always hold a
//! snapshot, SQLite can rarely start the log over, and the log's file grows
//! to about that size (44 MB, against 4.4 MB before), where some commits
//! checkpoint again (94 fsyncs in 10 s of checkout, against 734 before).
//! Several servers on one file each run one; a checkpoint already running
//! makes the other's attempt return busy, which is fine.

use sqlx::AnyPool;
use std::time::Duration;

/// How often the log is copied back into the database file.
pub(crate) const EVERY: Duration = Duration::from_millis(500);

/// Set on every connection: the log size (10,000 pages of 4 KiB, about
/// 40 MB) past which a commit checkpoints by itself, as SQLite does at
/// 1,000 pages by default.
pub(crate) const WRITER_AUTOCHECKPOINT: &str = "PRAGMA wal_autocheckpoint = 10000";

/// The checkpointing task of one [`crate::Db`]; stopped when the last
/// handle goes (or by [`Checkpointer::close`]).
#[derive(Debug)]
pub(crate) struct Checkpointer {
    connection: AnyPool,
    task: tokio::task::AbortHandle,
}

impl Checkpointer {
    /// Starts checkpointing through `connection` (a pool of one).
    pub(crate) fn spawn(connection: AnyPool) -> Checkpointer {
        let task = tokio::spawn(run(connection.clone())).abort_handle();
        Checkpointer { connection, task }
    }

    pub(crate) async fn close(&self) {
        self.task.abort();
        self.connection.close().await;
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn run(connection: AnyPool) {
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Err(e) = checkpoint(&connection).await {
            tracing::debug!(error = %e, "WAL checkpoint skipped; the next one retries");
        }
    }
}

/// One PASSIVE checkpoint. Its row says whether it met a checkpoint already
/// running (busy), how many pages the log holds and how many are copied.
async fn checkpoint(connection: &AnyPool) -> Result<(), sqlx::Error> {
    let (busy, log, copied): (i64, i64, i64) = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(connection)
        .await?;
    tracing::trace!(busy, log, copied, "WAL checkpoint");
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::Db;
    use std::time::{Duration, Instant};

    async fn file_db(dir: &tempfile::TempDir) -> (Db, std::path::PathBuf) {
        let path = dir.path().join("checkpoints.db");
        let db = Db::connect(&format!("sqlite://{}", path.display()))
            .await
            .unwrap();
        (db, path)
    }

    #[tokio::test]
    async fn the_writer_leaves_checkpoints_to_the_task_below_ten_thousand_pages() {
        let dir = tempfile::tempdir().unwrap();
        let (db, _) = file_db(&dir).await;
        let (pages,): (i64,) = sqlx::query_as("PRAGMA wal_autocheckpoint")
            .fetch_one(db.writer())
            .await
            .unwrap();
        assert_eq!(pages, 10_000);
        db.close().await;
    }

    /// 2 MB written stay in the log (the writer would checkpoint only past
    /// 40 MB, SQLite's default only past 4 MB): the database file grows only
    /// when the task copies them back.
    #[tokio::test]
    async fn the_task_copies_the_log_into_the_database_file() {
        let dir = tempfile::tempdir().unwrap();
        let (db, path) = file_db(&dir).await;
        sqlx::query("CREATE TABLE filler (body TEXT NOT NULL)")
            .execute(db.writer())
            .await
            .unwrap();
        let size = || std::fs::metadata(&path).unwrap().len();
        let before = size();
        let mut tx = db.begin_write().await.unwrap();
        for _ in 0..2_000 {
            sqlx::query("INSERT INTO filler (body) VALUES ($1)")
                .bind("x".repeat(1_000))
                .execute(&mut *tx)
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while size() < before + 2_000_000 {
            assert!(Instant::now() < deadline, "nothing was copied back in 10 s");
            tokio::time::sleep(super::EVERY / 5).await;
        }
        db.close().await;
    }
}
