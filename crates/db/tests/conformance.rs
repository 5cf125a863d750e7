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

#[tokio::test]
async fn a_link_token_can_be_used_only_once_even_when_raced() {
    use uplink_db::account_area::{AccountTokenRow, TOKEN_PASSWORD_RESET};
    let t = TestDb::new().await;
    uplink_seed::seed_demo_accounts(&t.db).await.unwrap();
    let user =
        t.db.user_by_email("customer@uplink.test")
            .await
            .unwrap()
            .unwrap();
    let now = uplink_db::now_ms();
    t.db.insert_account_token(&AccountTokenRow {
        token_hash: "h".into(),
        kind: TOKEN_PASSWORD_RESET.into(),
        user_id: user.id,
        new_email: None,
        created_at: now,
        expires_at: now + 60_000,
        used_at: None,
    })
    .await
    .unwrap();
    let (a, b) = tokio::join!(
        t.db.use_account_token("h", TOKEN_PASSWORD_RESET, now),
        t.db.use_account_token("h", TOKEN_PASSWORD_RESET, now)
    );
    assert_eq!(
        [a.unwrap().is_some(), b.unwrap().is_some()]
            .iter()
            .filter(|x| **x)
            .count(),
        1
    );
}

#[tokio::test]
async fn a_write_on_the_writer_thread_commits_even_when_its_caller_goes_away() {
    let t = TestDb::new().await;
    let db = t.db.clone();
    let work = async move {
        let mut tx = db.begin_write().await?;
        // Long enough for the caller below to give up first.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        sqlx::query("INSERT INTO app_settings (key, value, updated_at) VALUES ('k', 'written', 0)")
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok::<(), uplink_db::DbError>(())
    };
    let caller = t.db.on_writer_thread(work);
    let gave_up = tokio::time::timeout(std::time::Duration::from_millis(20), caller).await;
    assert!(gave_up.is_err(), "the caller stopped waiting");
    for _ in 0..50 {
        if t.db.setting("k").await.unwrap().is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(t.db.setting("k").await.unwrap().as_deref(), Some("written"));
}

#[tokio::test]
async fn a_panic_on_the_writer_thread_reaches_the_caller() {
    let t = TestDb::new().await;
    let caller = tokio::spawn(async move {
        t.db.on_writer_thread(async { panic!("boom") }).await;
    });
    let err = caller.await.expect_err("the panic travels back");
    assert!(err.is_panic());
}

#[tokio::test]
async fn a_queued_delivery_is_claimed_by_one_server_at_a_time_and_finished_once() {
    use uplink_db::delivery as q;
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let order_id: String = sqlx::query_scalar("SELECT id FROM orders ORDER BY number LIMIT 1")
        .fetch_one(t.db.pool())
        .await
        .unwrap();
    let now = uplink_db::now_ms();
    for _ in 0..2 {
        let mut tx = t.db.begin_write().await.unwrap();
        q::enqueue(&mut tx, &order_id, now).await.unwrap();
        tx.commit().await.unwrap();
    }
    assert_eq!(
        t.db.claimable_deliveries(now, 10).await.unwrap(),
        std::slice::from_ref(&order_id)
    );
    let (a, b) = tokio::join!(
        t.db.claim_delivery(&order_id, now, 60_000),
        t.db.claim_delivery(&order_id, now, 60_000)
    );
    assert_eq!([a.unwrap(), b.unwrap()].iter().filter(|x| **x).count(), 1);
    assert!(
        t.db.claimable_deliveries(now + 1, 10)
            .await
            .unwrap()
            .is_empty(),
        "leased"
    );
    // The lease ends: claimable again.
    assert!(
        t.db.claim_delivery(&order_id, now + 60_000, 60_000)
            .await
            .unwrap()
    );
    let mut tx = t.db.begin_write().await.unwrap();
    assert!(q::mark_delivered(&mut tx, &order_id, now).await.unwrap());
    assert!(!q::mark_delivered(&mut tx, &order_id, now).await.unwrap());
    tx.commit().await.unwrap();
    assert!(
        t.db.claimable_deliveries(now + 200_000, 10)
            .await
            .unwrap()
            .is_empty()
    );
    let row = t.db.delivery_queue_row(&order_id).await.unwrap().unwrap();
    assert_eq!(row.attempts, 2);
}
