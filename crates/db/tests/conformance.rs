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
    let claimable = t.db.claimable_deliveries(now, 10).await.unwrap();
    assert_eq!(
        claimable.iter().map(|q| &q.order.id).collect::<Vec<_>>(),
        [&order_id]
    );
    let mut conn = t.db.pool().acquire().await.unwrap();
    let lines = uplink_db::orders::lines_in(&mut conn, &order_id)
        .await
        .unwrap();
    drop(conn);
    assert!(!lines.is_empty());
    assert_eq!(
        claimable[0].lines, lines,
        "read with the order, in position order"
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

#[tokio::test]
async fn an_orders_lines_are_written_in_chunks_and_read_back_as_written() {
    use uplink_db::orders as q;
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let mut tx = t.db.begin_write().await.unwrap();
    let first = q::lines_in(&mut tx, &demo_order_id(&t.db).await)
        .await
        .unwrap()[0]
        .clone();
    // 250 lines: three statements of at most 100, the last one short.
    let lines: Vec<q::OrderLineRow> = (0..250)
        .map(|i| q::OrderLineRow {
            id: format!("oln_chunk_{i:03}"),
            position: 1_000 + i,
            qty: i + 1,
            warehouse: (i % 2 == 0).then(|| "us-east".to_owned()),
            coverage_until: (i % 3 == 0).then_some(i),
            ..first.clone()
        })
        .collect();
    q::insert_lines(&mut tx, &lines).await.unwrap();
    q::insert_lines(&mut tx, &[]).await.unwrap();
    let stored: Vec<q::OrderLineRow> = q::lines_in(&mut tx, &first.order_id)
        .await
        .unwrap()
        .into_iter()
        .filter(|l| l.position >= 1_000)
        .collect();
    tx.rollback().await.unwrap();
    assert_eq!(stored, lines);
}

#[tokio::test]
async fn stock_and_the_order_number_are_taken_together_and_a_short_order_burns_no_number() {
    use uplink_db::orders::{self as q, StockAndNumber};
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let warehouse: String = sqlx::query_scalar(
        "SELECT warehouse FROM stock WHERE available >= 2 GROUP BY warehouse HAVING COUNT(*) >= 2 \
         ORDER BY warehouse LIMIT 1",
    )
    .fetch_one(t.db.pool())
    .await
    .unwrap();
    let products: Vec<String> = sqlx::query_scalar(
        "SELECT product_id FROM stock WHERE warehouse = $1 AND available >= 2 ORDER BY product_id LIMIT 2",
    )
    .bind(&warehouse)
    .fetch_all(t.db.pool())
    .await
    .unwrap();
    let (a, b) = (products[0].as_str(), products[1].as_str());
    let next = counter(&t.db).await;
    let both = || async {
        (
            stock_of(&t.db, a, &warehouse).await,
            stock_of(&t.db, b, &warehouse).await,
        )
    };
    let (a_before, b_before) = both().await;

    let mut tx = t.db.begin_write().await.unwrap();
    let taken = q::take_stock_and_number(&mut tx, &warehouse, &[(a, 1), (b, 2)], None)
        .await
        .unwrap();
    assert!(matches!(taken, StockAndNumber::Numbered { seq, .. } if seq == next));
    tx.commit().await.unwrap();
    assert_eq!(counter(&t.db).await, next + 1);
    assert_eq!(both().await, (a_before - 1, b_before - 2));

    for (takes, short) in [
        (vec![(a, 1), (b, 1_000_000)], b),
        (vec![(a, 1_000_000), (b, 1)], a),
    ] {
        let mut tx = t.db.begin_write().await.unwrap();
        let taken = q::take_stock_and_number(&mut tx, &warehouse, &takes, None)
            .await
            .unwrap();
        assert_eq!(
            taken,
            StockAndNumber::Short {
                product_id: short.to_owned()
            }
        );
        tx.rollback().await.unwrap();
    }
    let mut tx = t.db.begin_write().await.unwrap();
    let digital_only = q::take_stock_and_number(&mut tx, &warehouse, &[], None)
        .await
        .unwrap();
    assert!(
        matches!(digital_only, StockAndNumber::Numbered { seq, band_changed: false, .. } if seq == next + 1)
    );
    tx.commit().await.unwrap();
    assert_eq!(
        counter(&t.db).await,
        next + 2,
        "a short order burns no number"
    );
}

#[tokio::test]
async fn an_orders_number_is_stored_with_the_requests_answer() {
    use uplink_db::orders as q;
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let order_id = demo_order_id(&t.db).await;
    assert!(matches!(
        t.db.idempotency_claim("orders", "k-number", "h")
            .await
            .unwrap(),
        uplink_db::idempotency::Claim::Proceed
    ));
    let mut tx = t.db.begin_write().await.unwrap();
    let answer = q::StoredAnswer {
        scope: "orders",
        key: "k-number",
        status: 201,
        body: r#"{"number":"UL-987654"}"#,
    };
    q::set_number_and_answer(
        &mut tx,
        &order_id,
        "UL-987654",
        Some("UL-987654"),
        Some(answer),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let (number, reference): (String, Option<String>) =
        sqlx::query_as("SELECT number, payment_reference FROM orders WHERE id = $1")
            .bind(&order_id)
            .fetch_one(t.db.pool())
            .await
            .unwrap();
    assert_eq!(
        (number.as_str(), reference.as_deref()),
        ("UL-987654", Some("UL-987654"))
    );
    match t
        .db
        .idempotency_claim("orders", "k-number", "h")
        .await
        .unwrap()
    {
        uplink_db::idempotency::Claim::Replay { status, body } => {
            assert_eq!((status, body.as_str()), (201, answer.body));
        }
        _ => panic!("the answer was not stored"),
    }
}

/// D131: on PostgreSQL the counter's value goes into the order and the
/// stored answer in the stock's statement; SQLite leaves them to
/// `set_number_and_answer`. Numbers past six digits keep every digit.
#[tokio::test]
async fn the_number_is_written_in_place_with_the_stock_on_postgres() {
    use uplink_db::orders::{self as q, NumberInPlace, StockAndNumber};
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let order_id = demo_order_id(&t.db).await;
    let (product, warehouse): (String, String) = sqlx::query_as(
        "SELECT product_id, warehouse FROM stock WHERE available >= 1 ORDER BY product_id LIMIT 1",
    )
    .fetch_one(t.db.pool())
    .await
    .unwrap();
    sqlx::query("UPDATE order_counter SET next = 999999 WHERE id = 1")
        .execute(t.db.pool())
        .await
        .unwrap();
    let postgres = t.db.backend() == uplink_db::Backend::Postgres;
    // What a buyer can put in an answer (their name, notes) and a client
    // in its key: the key is written into the committing message as a
    // literal, the answer bound before it (D132); both must come back whole.
    let awkward = r#"it's a \ back'slash, $1 and $2, "quoted", ü"#;
    let body = format!(
        r#"{{"number":"number_x","reference":"number_x","note":{}}}"#,
        serde_json::to_string(awkward).unwrap()
    );
    for (key, takes, number) in [
        ("k-1 'quoted' \\", vec![(product.as_str(), 1)], "UL-999999"),
        ("k-2", vec![], "UL-1000000"),
    ] {
        assert!(matches!(
            t.db.idempotency_claim("orders", key, "h").await.unwrap(),
            Claim::Proceed
        ));
        let mut tx = t.db.begin_write().await.unwrap();
        let in_place = NumberInPlace {
            order_id: &order_id,
            number_is_reference: true,
            answer: Some(q::StoredAnswer {
                scope: "orders",
                key,
                status: 201,
                body: &body,
            }),
            placeholder: "number_x",
        };
        let taken = q::take_stock_and_number(&mut tx, &warehouse, &takes, Some(&in_place))
            .await
            .unwrap();
        let StockAndNumber::Numbered { seq, finished, .. } = taken else {
            panic!("the stock was there: {taken:?}");
        };
        assert_eq!(uplink_domain::checkout::order_number(seq), number);
        assert_eq!(finished, postgres);
        if postgres {
            // D132: committed with the statement, so another connection
            // sees the number and takes the counter's lock at once.
            let seen = number_of(&t.db, &order_id).await;
            assert_eq!(seen, number);
            let mut other = t.db.pool().begin().await.unwrap();
            sqlx::query("SET LOCAL lock_timeout = '2s'")
                .execute(&mut *other)
                .await
                .unwrap();
            sqlx::query("UPDATE order_counter SET next = next WHERE id = 1")
                .execute(&mut *other)
                .await
                .expect("the counter is free while the order's transaction is still open");
            other.rollback().await.unwrap();
        }
        tx.commit().await.unwrap();
        if !postgres {
            continue;
        }
        let stored: (String, Option<String>) =
            sqlx::query_as("SELECT number, payment_reference FROM orders WHERE id = $1")
                .bind(&order_id)
                .fetch_one(t.db.pool())
                .await
                .unwrap();
        assert_eq!(stored, (number.to_owned(), Some(number.to_owned())));
        let Claim::Replay {
            status,
            body: replayed,
        } = t.db.idempotency_claim("orders", key, "h").await.unwrap()
        else {
            panic!("the answer was not stored");
        };
        let expected = body.replace("number_x", number);
        assert_eq!((status, replayed), (201, expected));
    }
}

/// D132: on PostgreSQL a short last product stops the COMMIT sent with
/// its statement. Nothing of the order is kept (not the units taken from
/// an earlier product, not a number), and the caller's transaction can
/// still read what is left.
#[tokio::test]
async fn a_short_last_product_commits_nothing_when_numbered_in_place() {
    use uplink_db::orders::{self as q, NumberInPlace, StockAndNumber};
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let order_id = demo_order_id(&t.db).await;
    let products: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT product_id, warehouse, available FROM stock \
         WHERE available >= 1 AND warehouse = (SELECT min(warehouse) FROM stock) \
         ORDER BY product_id LIMIT 2",
    )
    .fetch_all(t.db.pool())
    .await
    .unwrap();
    let [(first, warehouse, first_left), (last, _, last_left)] = &products[..] else {
        panic!("the demo has two products in stock in one warehouse");
    };
    let number_before = number_of(&t.db, &order_id).await;
    let counter_before = counter(&t.db).await;
    let mut tx = t.db.begin_write().await.unwrap();
    let in_place = NumberInPlace {
        order_id: &order_id,
        number_is_reference: false,
        answer: None,
        placeholder: "number_x",
    };
    let takes = [(first.as_str(), 1), (last.as_str(), last_left + 1)];
    let taken = q::take_stock_and_number(&mut tx, warehouse, &takes, Some(&in_place))
        .await
        .unwrap();
    assert_eq!(
        taken,
        StockAndNumber::Short {
            product_id: last.clone()
        }
    );
    let readable = uplink_db::stock::available_units(&mut tx, last, warehouse)
        .await
        .unwrap();
    assert_eq!(readable, *last_left);
    tx.rollback().await.unwrap();
    assert_eq!(stock_of(&t.db, first, warehouse).await, *first_left);
    assert_eq!(stock_of(&t.db, last, warehouse).await, *last_left);
    assert_eq!(counter(&t.db).await, counter_before);
    let number_after = number_of(&t.db, &order_id).await;
    assert_eq!(number_after, number_before);
}

async fn number_of(db: &uplink_db::Db, order_id: &str) -> String {
    sqlx::query_scalar("SELECT number FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_one(db.pool())
        .await
        .unwrap()
}

async fn counter(db: &uplink_db::Db) -> i64 {
    sqlx::query_scalar("SELECT next FROM order_counter WHERE id = 1")
        .fetch_one(db.pool())
        .await
        .unwrap()
}

async fn stock_of(db: &uplink_db::Db, product_id: &str, warehouse: &str) -> i64 {
    sqlx::query_scalar("SELECT available FROM stock WHERE product_id = $1 AND warehouse = $2")
        .bind(product_id)
        .bind(warehouse)
        .fetch_one(db.pool())
        .await
        .unwrap()
}

async fn demo_order_id(db: &uplink_db::Db) -> String {
    sqlx::query_scalar("SELECT id FROM orders ORDER BY number LIMIT 1")
        .fetch_one(db.pool())
        .await
        .unwrap()
}

// ----- servers and their claims (D115) -----

use uplink_db::Db;
use uplink_db::idempotency::Claim;
use uplink_db::instances::{DEAD_AFTER_MS, Judge, this_host};

/// Another serving process on the same database: its own handle, its own id.
async fn another_server(t: &TestDb, now: i64) -> Db {
    let db = Db::connect(&t.url).await.unwrap();
    db.register_instance(now).await.unwrap();
    db
}

fn queued_email(id: &str, now: i64) -> uplink_db::account_area::OutboxRow {
    uplink_db::account_area::OutboxRow {
        id: id.into(),
        kind: "test".into(),
        user_id: None,
        to_address: "buyer@example.com".into(),
        subject: "Hello".into(),
        body_text: "Hello".into(),
        body_html: None,
        status: "queued".into(),
        attempts: 0,
        last_error: None,
        created_at: now,
        sent_at: None,
    }
}

#[tokio::test]
async fn a_dead_servers_claims_are_freed_and_a_live_servers_are_kept() {
    let t = TestDb::new().await;
    let now = uplink_db::now_ms();
    let (dead, live) = (another_server(&t, now).await, another_server(&t, now).await);
    let me = t.db.clone();
    me.register_instance(now).await.unwrap();
    assert!(dead.claim_job("job-of-dead", now, 600_000).await.unwrap());
    assert!(live.claim_job("job-of-live", now, 600_000).await.unwrap());
    assert!(matches!(
        dead.idempotency_claim("orders", "k-dead", "h")
            .await
            .unwrap(),
        Claim::Proceed
    ));
    assert!(matches!(
        live.idempotency_claim("orders", "k-live", "h")
            .await
            .unwrap(),
        Claim::Proceed
    ));
    assert!(matches!(
        me.idempotency_claim("orders", "k-dead", "h").await.unwrap(),
        Claim::Busy
    ));
    me.insert_outbox(&queued_email("mail-1", now))
        .await
        .unwrap();
    assert_eq!(
        dead.claim_due_outbox(now, 60_000, 10).await.unwrap().len(),
        1
    );

    // Every server but `dead` beats again after the dead limit.
    let later = now + DEAD_AFTER_MS + 1;
    live.heartbeat(later).await.unwrap();
    me.heartbeat(later).await.unwrap();
    // A judge that has not beaten long enough itself (the database was away, say) frees nothing.
    assert!(
        me.free_claims_of_dead(later, Judge::KernelOnly)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        me.free_claims_of_dead(later, Judge::KernelAndHeartbeat)
            .await
            .unwrap(),
        vec![dead.instance_id().to_owned()]
    );

    assert!(
        me.claim_job("job-of-dead", later, 600_000).await.unwrap(),
        "the dead server's lease is free"
    );
    assert!(
        !me.claim_job("job-of-live", later, 600_000).await.unwrap(),
        "the live server keeps its lease"
    );
    assert!(matches!(
        me.idempotency_claim("orders", "k-dead", "h").await.unwrap(),
        Claim::Proceed
    ));
    assert!(matches!(
        me.idempotency_claim("orders", "k-live", "h").await.unwrap(),
        Claim::Busy
    ));
    assert_eq!(
        me.claim_due_outbox(later, 60_000, 10).await.unwrap().len(),
        1,
        "its e-mail is free"
    );
    let ids: Vec<String> = me
        .instances()
        .await
        .unwrap()
        .into_iter()
        .map(|i| i.id)
        .collect();
    assert!(
        !ids.contains(&dead.instance_id().to_owned())
            && ids.contains(&live.instance_id().to_owned())
    );

    // A server taken for dead that beats again is registered again.
    dead.heartbeat(later).await.unwrap();
    assert_eq!(me.instances().await.unwrap().len(), 3);
    assert!(
        me.free_claims_of_dead(later, Judge::KernelAndHeartbeat)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_server_whose_process_is_gone_on_this_host_is_dead_at_once() {
    let Some(host) = this_host() else { return }; // no /proc to ask
    let t = TestDb::new().await;
    let now = uplink_db::now_ms();
    t.db.register_instance(now).await.unwrap();
    // A pid that surely ended: a child process already reaped.
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let gone_pid = i64::from(child.id());
    child.wait().unwrap();
    for (id, row_host) in [
        ("srv_gone", host.as_str()),
        ("srv_elsewhere", "another-host/pid:[1]"),
    ] {
        sqlx::query(
            "INSERT INTO server_instances (id, host, pid, started_at, seen_at) VALUES ($1, $2, $3, $4, $4)",
        )
        .bind(id)
        .bind(row_host)
        .bind(gone_pid)
        .bind(now)
        .execute(t.db.pool())
        .await
        .unwrap();
        sqlx::query("INSERT INTO job_leases (name, locked_until, held_by) VALUES ($1, $2, $3)")
            .bind(format!("job-{id}"))
            .bind(now + 600_000)
            .bind(id)
            .execute(t.db.pool())
            .await
            .unwrap();
    }
    // Its heart beat just now, but the kernel says its process is gone;
    // the same pid on another host says nothing.
    assert_eq!(
        t.db.free_claims_of_dead(now, Judge::KernelOnly)
            .await
            .unwrap(),
        vec!["srv_gone".to_owned()]
    );
    assert!(t.db.claim_job("job-srv_gone", now, 1_000).await.unwrap());
    assert!(
        !t.db
            .claim_job("job-srv_elsewhere", now, 1_000)
            .await
            .unwrap()
    );
}

#[tokio::test]
async fn a_server_that_stops_cleanly_frees_its_claims() {
    let t = TestDb::new().await;
    let now = uplink_db::now_ms();
    let leaving = another_server(&t, now).await;
    assert!(leaving.claim_job("job", now, 600_000).await.unwrap());
    assert!(matches!(
        leaving.idempotency_claim("orders", "k", "h").await.unwrap(),
        Claim::Proceed
    ));
    leaving.retire_instance().await.unwrap();
    assert!(t.db.claim_job("job", now, 600_000).await.unwrap());
    assert!(matches!(
        t.db.idempotency_claim("orders", "k", "h").await.unwrap(),
        Claim::Proceed
    ));
    assert!(t.db.instances().await.unwrap().is_empty());
}

#[tokio::test]
async fn postgres_sessions_plan_for_data_in_memory() {
    let t = TestDb::new().await;
    if t.db.backend() != uplink_db::Backend::Postgres {
        return; // SQLite has no planner costs to set
    }
    let cost: String = sqlx::query_scalar("SELECT current_setting('random_page_cost')")
        .fetch_one(t.db.pool())
        .await
        .unwrap();
    assert_eq!(cost, "1.1");
}

// ----- the test gateway's store (D127) -----

/// A SQLite store written before D127 kept the test gateway's tokens and
/// intents in its own file. Migrating it carries them over to the gateway's
/// file before migration 66 drops them from the store's; a second server
/// opening the same files at once carries nothing twice.
#[tokio::test]
async fn a_sqlite_stores_gateway_rows_move_to_the_gateway_file_once() {
    let t = TestDb::new().await;
    if t.backend() == uplink_db::Backend::Postgres {
        // The tables stay in the store's database there: nothing moves.
        let gateway = t.db.gateway_store().await.unwrap();
        assert_eq!(gateway_intent_ids(gateway).await, Vec::<String>::new());
        return;
    }
    // A store as migration 65 left it: the gateway's tables in its file.
    let dir = std::path::Path::new(t.url.trim_start_matches("sqlite://"))
        .parent()
        .unwrap()
        .to_owned();
    let url = format!("sqlite://{}", dir.join("legacy.db").display());
    let old = Db::connect(&url).await.unwrap();
    old.migrate().await.unwrap();
    for statement in [
        "CREATE TABLE gateway_tokens (id TEXT PRIMARY KEY, brand TEXT NOT NULL, last4 TEXT NOT NULL, \
         exp_month BIGINT NOT NULL, exp_year BIGINT NOT NULL, behaviour TEXT NOT NULL, \
         created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, used_at BIGINT, \
         reusable INTEGER NOT NULL DEFAULT 0)",
        "CREATE TABLE gateway_intents (id TEXT PRIMARY KEY, provider TEXT NOT NULL, token_id TEXT, \
         amount_cents BIGINT NOT NULL, currency TEXT NOT NULL, customer_ref TEXT NOT NULL, \
         description TEXT NOT NULL DEFAULT '', status TEXT NOT NULL, failure_code TEXT, \
         refunded_cents BIGINT NOT NULL DEFAULT 0, return_url TEXT, cancel_url TEXT, \
         created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)",
        "INSERT INTO gateway_tokens (id, brand, last4, exp_month, exp_year, behaviour, created_at, \
         expires_at, used_at, reusable) VALUES ('tok_old', 'Visa', '4242', 12, 2030, 'success', 1, 2, 1, 1)",
        "INSERT INTO gateway_intents (id, provider, token_id, amount_cents, currency, customer_ref, \
         status, refunded_cents, created_at, updated_at) \
         VALUES ('pi_old', 'card', 'tok_old', 5000, 'USD', 'usr_1', 'captured', 1200, 1, 2)",
        "DELETE FROM _sqlx_migrations WHERE version = 66",
    ] {
        sqlx::query(statement).execute(old.writer()).await.unwrap();
    }
    old.close().await;
    let gateway_file = dir.join("legacy-gateway.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", gateway_file.display()));
    }

    let (first, second) = (
        Db::connect(&url).await.unwrap(),
        Db::connect(&url).await.unwrap(),
    );
    // Two servers starting at once, one migrating: whichever opens the
    // gateway's file first carries the rows over, and the migration drops
    // the store's copy only after that.
    let (migrated, opened) = tokio::join!(first.migrate(), second.gateway_store());
    migrated.unwrap();
    opened.unwrap();
    second.migrate().await.unwrap();

    for db in [&first, &second] {
        let gateway = db.gateway_store().await.unwrap();
        assert_eq!(gateway_intent_ids(gateway).await, ["pi_old"]);
        let (refunded, reusable): (i64, i64) = sqlx::query_as(
            "SELECT i.refunded_cents, t.reusable FROM gateway_intents i \
             JOIN gateway_tokens t ON t.id = i.token_id",
        )
        .fetch_one(gateway.pool())
        .await
        .unwrap();
        assert_eq!((refunded, reusable), (1200, 1));
    }
    let left: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('gateway_tokens', 'gateway_intents')",
    )
    .fetch_one(first.pool())
    .await
    .unwrap();
    assert_eq!(
        left, 0,
        "the store's file no longer holds the gateway's tables"
    );
    assert!(gateway_file.exists());
    first.close().await;
    second.close().await;
}

async fn gateway_intent_ids(gateway: &Db) -> Vec<String> {
    sqlx::query_scalar("SELECT id FROM gateway_intents ORDER BY id")
        .fetch_all(gateway.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_carts_new_lines_go_in_together_and_read_back_with_serials_and_stock() {
    use uplink_db::cart as q;
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let (product, warehouse, available): (String, String, i64) = sqlx::query_as(
        "SELECT product_id, warehouse, available FROM stock ORDER BY product_id, warehouse LIMIT 1",
    )
    .fetch_one(t.db.pool())
    .await
    .unwrap();
    let mut tx = t.db.begin_write().await.unwrap();
    let cart = q::ensure_cart(&mut tx, "global", "u:conformance", None)
        .await
        .unwrap();
    // Serials come back in the order they were added, not sorted.
    let serials = ["Z-9".to_owned(), "A-1".to_owned(), "M-5".to_owned()];
    let line = |sku: &'static str, serials: &'static [String]| q::NewCartLine {
        cart_id: &cart.id,
        product_id: &product,
        sku,
        qty: serials.len().max(1) as i64,
        options: "{}",
        iccid: None,
        line_key: sku,
        unit_cents: 100,
        serials,
    };
    let first = q::insert_line(&mut tx, &line("first", &[])).await.unwrap();
    let serials: &'static [String] = serials.to_vec().leak();
    let ids = q::insert_lines(&mut tx, 1, &[line("second", serials), line("third", &[])])
        .await
        .unwrap();
    assert!(q::insert_lines(&mut tx, 3, &[]).await.unwrap().is_empty());
    let lines = q::cart_lines(&mut tx, &cart.id).await.unwrap();
    let read: Vec<(&str, &str, i64, &[String])> = lines
        .iter()
        .map(|l| {
            (
                l.row.id.as_str(),
                l.row.sku.as_str(),
                l.row.position,
                l.serials.as_slice(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (first.as_str(), "first", 1, &[][..]),
            (ids[0].as_str(), "second", 2, serials),
            (ids[1].as_str(), "third", 3, &[][..]),
        ]
    );
    // The cart, its lines and their product's stock in one read.
    let (contents, stock) = q::cart_with_stock(&mut tx, "global", "u:conformance", &warehouse)
        .await
        .unwrap()
        .expect("the cart");
    assert_eq!(contents.cart, cart.clone());
    assert_eq!(contents.lines, lines);
    assert_eq!(
        stock,
        std::collections::HashMap::from([(product.clone(), available)])
    );
    let elsewhere = q::cart_with_stock(&mut tx, "global", "u:conformance", "no-such-warehouse")
        .await
        .unwrap()
        .expect("the cart");
    assert!(elsewhere.1.is_empty(), "no stock row in that warehouse");
    assert!(
        q::cart_with_stock(&mut tx, "global", "u:nobody", &warehouse)
            .await
            .unwrap()
            .is_none()
    );
    tx.rollback().await.unwrap();
}

// ----- recording a capture (D130) -----

/// The capture of an authorised card payment is recorded all together:
/// the payment captured, the order paid, the confirmation queued (on
/// PostgreSQL in one statement). A payment already captured, or another
/// intent's, is left as it is.
#[tokio::test]
async fn a_capture_marks_the_payment_captured_the_order_paid_and_queues_the_e_mail() {
    use uplink_db::orders as q;
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let order_id = demo_order_id(&t.db).await;
    let payment = |id: &str, intent: &str| q::PaymentRow {
        id: id.into(),
        order_id: Some(order_id.clone()),
        user_id: "u_test".into(),
        method: "card".into(),
        status: "authorized".into(),
        amount_cents: 1000,
        currency: "EUR".into(),
        gateway: Some("test".into()),
        gateway_ref: Some(intent.into()),
        card_brand: None,
        card_last4: None,
        card_exp_month: None,
        card_exp_year: None,
        failure_code: None,
        failure_message: None,
        created_at: 1,
        updated_at: 1,
    };
    let mut tx = t.db.begin_write().await.unwrap();
    q::insert_payment(&mut tx, &payment("pay_this", "pi_this"))
        .await
        .unwrap();
    q::insert_payment(&mut tx, &payment("pay_other", "pi_other"))
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let email = queued_email("eml_capture", 5_000);
    q::record_capture(&t.db, &order_id, "pi_this", 7_000, Some(&email))
        .await
        .unwrap();
    let status_of = |id: &'static str| {
        sqlx::query_as::<_, (String, i64)>("SELECT status, updated_at FROM payments WHERE id = $1")
            .bind(id)
            .fetch_one(t.db.pool())
    };
    assert_eq!(
        status_of("pay_this").await.unwrap(),
        ("captured".into(), 7_000)
    );
    assert_eq!(
        status_of("pay_other").await.unwrap(),
        ("authorized".into(), 1)
    );
    let (paid, paid_at): (String, Option<i64>) =
        sqlx::query_as("SELECT payment_status, paid_at FROM orders WHERE id = $1")
            .bind(&order_id)
            .fetch_one(t.db.pool())
            .await
            .unwrap();
    assert_eq!((paid.as_str(), paid_at), ("paid", Some(7_000)));
    let queued: (String, i64, i64) = sqlx::query_as(
        "SELECT status, created_at, next_attempt_at FROM email_outbox WHERE id = 'eml_capture'",
    )
    .fetch_one(t.db.pool())
    .await
    .unwrap();
    assert_eq!(queued, ("queued".into(), 5_000, 5_000));

    // Recorded again (the recovery job), without an e-mail: nothing moves back.
    q::record_capture(&t.db, &order_id, "pi_this", 9_000, None)
        .await
        .unwrap();
    assert_eq!(
        status_of("pay_this").await.unwrap(),
        ("captured".into(), 7_000)
    );
    let outbox: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE id = 'eml_capture'")
            .fetch_one(t.db.pool())
            .await
            .unwrap();
    assert_eq!(outbox, 1);
}

/// Checkout empties the cart with its coupon and referral codes; on
/// PostgreSQL in one statement, the cart row locked before its lines.
#[tokio::test]
async fn clearing_a_cart_drops_its_lines_serials_and_codes_and_keeps_the_cart() {
    use uplink_db::cart;
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let product: String =
        sqlx::query_scalar("SELECT product_id FROM stock ORDER BY product_id LIMIT 1")
            .fetch_one(t.db.pool())
            .await
            .unwrap();
    let mut tx = t.db.begin_write().await.unwrap();
    let cart_row = cart::ensure_cart(&mut tx, "global", "u:clear", None)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE carts SET coupon_code = 'SAVE10', partner_referral_code = 'P1' WHERE id = $1",
    )
    .bind(&cart_row.id)
    .execute(&mut *tx)
    .await
    .unwrap();
    let serials = ["SER-1".to_owned()];
    let line = cart::NewCartLine {
        cart_id: &cart_row.id,
        product_id: &product,
        sku: "SKU",
        qty: 1,
        options: "{}",
        iccid: None,
        line_key: "k1",
        unit_cents: 100,
        serials: &serials,
    };
    cart::insert_lines(&mut tx, 0, &[line]).await.unwrap();
    cart::clear_cart(&mut tx, &cart_row.id).await.unwrap();
    tx.commit().await.unwrap();

    let count = |sql: &'static str| {
        sqlx::query_scalar::<_, i64>(sql)
            .bind(cart_row.id.clone())
            .fetch_one(t.db.pool())
    };
    assert_eq!(
        count("SELECT COUNT(*) FROM cart_lines WHERE cart_id = $1")
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM cart_line_serials WHERE cart_id = $1")
            .await
            .unwrap(),
        0
    );
    let codes: (Option<String>, Option<String>) =
        sqlx::query_as("SELECT coupon_code, partner_referral_code FROM carts WHERE id = $1")
            .bind(&cart_row.id)
            .fetch_one(t.db.pool())
            .await
            .unwrap();
    assert_eq!(codes, (None, None));
}
