//! The connections a `Db` hands out outside write transactions (D130): on
//! PostgreSQL they go back to the pool without sqlx's ping, so what that
//! ping did is checked here: a dropped transaction's locks are released at
//! once, and connections the database ended are replaced.

use uplink_db::testing::TestDb;
use uplink_db::{Backend, DbError};

/// A transaction begun on a pooled connection and dropped without a commit
/// (its request cut off) must not keep its row locks until the connection
/// is next used: the next write to the row goes through at once.
#[tokio::test]
async fn a_transaction_dropped_on_a_pooled_connection_releases_its_locks_at_once() {
    let t = TestDb::new().await;
    t.db.set_setting("held", "before").await.unwrap();
    {
        let mut conn = t.db.pool().acquire().await.unwrap();
        let mut tx = sqlx::Connection::begin(&mut *conn).await.unwrap();
        sqlx::query("UPDATE app_settings SET value = 'dropped' WHERE key = 'held'")
            .execute(&mut *tx)
            .await
            .unwrap();
        // Dropped here, neither committed nor rolled back.
    }
    let mut tx = t.db.begin_write().await.unwrap();
    if t.backend() == Backend::Postgres {
        sqlx::query("SET LOCAL lock_timeout = '3s'")
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    sqlx::query("UPDATE app_settings SET value = 'after' WHERE key = 'held'")
        .execute(&mut *tx)
        .await
        .expect("the dropped transaction's lock was released");
    tx.commit().await.unwrap();
    assert_eq!(
        t.db.setting("held").await.unwrap().as_deref(),
        Some("after")
    );
    // The connection went back to the pool in working order.
    for _ in 0..3 {
        t.db.ping().await.unwrap();
    }
}

/// The backend process behind the pooled connection the next statement uses.
async fn backend_pid(t: &TestDb) -> i64 {
    sqlx::query_scalar("SELECT CAST(pg_backend_pid() AS BIGINT)")
        .fetch_one(t.db.pool())
        .await
        .unwrap()
}

/// Ends `pid`'s session from a connection of its own, and waits until it has gone.
async fn terminate(t: &TestDb, pid: i64) {
    let mut tx = t.db.begin_write().await.unwrap();
    let ended: bool = sqlx::query_scalar("SELECT pg_terminate_backend(CAST($1 AS INTEGER), 5000)")
        .bind(pid)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert!(ended);
}

/// A pooled connection whose session the database ended (a restart, an
/// administrator) fails the one statement that meets it, as unreachable
/// (the API answers 503), unless it idled long enough to be checked first;
/// either way it is closed, not handed out again.
#[tokio::test]
async fn a_connection_the_database_ended_fails_once_and_is_replaced() {
    let t = TestDb::new().await;
    if t.backend() != Backend::Postgres {
        return; // an in-process SQLite connection cannot be ended from outside
    }
    // Taken before the connection's last use, so that it has idled at
    // least this long when the pool's idle check replaces it.
    let idle_since = std::time::Instant::now();
    let pid = backend_pid(&t).await;
    terminate(&t, pid).await;
    let met = sqlx::query("SELECT 1").execute(t.db.pool()).await;
    match met {
        Err(e) => {
            let error = DbError::from(e);
            assert!(error.is_unreachable(), "{error}");
        }
        // On a slow machine the connection idled past the pool's check,
        // which replaced it before the statement: also right.
        Ok(_) => assert!(idle_since.elapsed() >= std::time::Duration::from_secs(1)),
    }
    for _ in 0..3 {
        assert_ne!(backend_pid(&t).await, pid);
    }
}

/// A connection held for several statements meets the ended session the
/// same way; the API then marks every pooled connection suspect
/// (`suspect_connections`), so each is checked before its next use and the
/// broken one never fails a second request.
#[tokio::test]
async fn after_an_unreachable_error_every_connection_is_checked_before_use() {
    let t = TestDb::new().await;
    if t.backend() != Backend::Postgres {
        return;
    }
    let pid = {
        let mut conn = t.db.pool().acquire().await.unwrap();
        let pid: i64 = sqlx::query_scalar("SELECT CAST(pg_backend_pid() AS BIGINT)")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        terminate(&t, pid).await;
        let met = sqlx::query("SELECT 1").execute(&mut *conn).await;
        assert!(DbError::from(met.unwrap_err()).is_unreachable());
        uplink_db::suspect_connections();
        pid
    };
    for _ in 0..3 {
        assert_ne!(backend_pid(&t).await, pid);
    }
}
