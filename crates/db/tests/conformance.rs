//! Storage conformance: the same assertions on SQLite and (in CI) PostgreSQL.
//! Run with `UPLINK_TEST_DATABASE_URL=postgres://…` to target PostgreSQL.

use uplink_db::testing::TestDb;

#[tokio::test]
async fn migrations_are_idempotent() {
    let t = TestDb::new().await;
    t.db.migrate().await.expect("second run is a no-op");
}

#[tokio::test]
async fn a_setting_round_trips_and_updates() {
    let t = TestDb::new().await;
    assert_eq!(t.db.setting("k").await.unwrap(), None);
    t.db.set_setting("k", "one").await.unwrap();
    t.db.set_setting("k", "two").await.unwrap();
    assert_eq!(t.db.setting("k").await.unwrap().as_deref(), Some("two"));
}

#[tokio::test]
async fn setting_or_insert_keeps_the_first_value() {
    let t = TestDb::new().await;
    let first = t.db.setting_or_insert("key", || "a".into()).await.unwrap();
    let second = t.db.setting_or_insert("key", || "b".into()).await.unwrap();
    assert_eq!(first, "a");
    assert_eq!(second, "a");
}

#[tokio::test]
async fn write_transactions_commit_and_roll_back() {
    let t = TestDb::new().await;
    let mut tx = t.db.begin_write().await.unwrap();
    sqlx::query("INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3)")
        .bind("rolled")
        .bind("x")
        .bind(1_i64)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    assert_eq!(t.db.setting("rolled").await.unwrap(), None);
}

#[tokio::test]
async fn the_database_answers_a_ping() {
    let t = TestDb::new().await;
    t.db.ping().await.unwrap();
}
