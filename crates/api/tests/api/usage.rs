//! Connectivity usage (SPEC §13): integration keys (admins only, shown
//! once, revocable), the usage-record intake (idempotent by record id,
//! per-record refusals, a batch keeps its good records, 401 and 413),
//! meters that never go below zero and spill from an eSIM to its pool, the
//! daily rollup, the monitor, low-data alerts once per crossing, and 404
//! for another customer's items.

use crate::credit::staff;
use crate::delivery::{add_ok, deliver, pay_by_card};
use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};
use uplink_db::now_ms;

const DAY: i64 = 86_400_000;
const MB: i64 = 1_048_576;
const SERIAL: &str = "1824-USGE-0001";
const SUB: &str = "sub_usage1";
const PLAN: &str = "SFC-100GB-1Y"; // labelled SFC Management and Connectivity Usage Record

async fn app() -> TestApp {
    TestApp::with_demo_catalog().await
}

fn iccid(n: u32) -> String {
    let payload = format!("8944001000000{n:05}");
    format!(
        "{payload}{}",
        uplink_domain::iccid::luhn_check_digit(&payload)
    )
}

/// A device with a 1,000 MB cloud plan (100 used) and an eSIM with 500 MB (none used).
async fn customer_with_plans(
    app: &TestApp,
    email: &str,
    sub: &str,
    serial: &str,
    n: u32,
) -> Session {
    let s = app.register(email, "DE").await;
    let now = now_ms();
    let db = app.state.db.writer();
    sqlx::query(
        "INSERT INTO devices (serial, user_id, model_code, name, prime, source, registered_at, warranty_ends_at, created_at, updated_at) \
         VALUES ($1, $2, 'BR1-MINI', 'Head office', $3, 'manual', $4, $5, $4, $4)",
    )
    .bind(serial)
    .bind(&s.user_id)
    .bind(false)
    .bind(now - 10 * DAY)
    .bind(now + 300 * DAY)
    .execute(db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, starts_at, expires_at, updated_at) \
         VALUES ($1, $2, $3, 'cloud', $4, 'SpeedFusion Cloud 100 GB / 1 year', 1000, 100, $5, $6, $5)",
    )
    .bind(sub)
    .bind(&s.user_id)
    .bind(serial)
    .bind(PLAN)
    .bind(now - 5 * DAY)
    .bind(now + 200 * DAY)
    .execute(db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO esims (iccid, user_id, name, smdp, matching_id, activation_code, data_mb, used_mb, expires_at, created_at, sku) \
         VALUES ($1, $2, 'Uplink eSIM — Global', 'smdp.uplink.test', 'M-1', 'LPA:1$smdp.uplink.test$M-1', 500, 0, NULL, $3, 'ESIM-GLOBAL')",
    )
    .bind(iccid(n))
    .bind(&s.user_id)
    .bind(now - 3 * DAY)
    .execute(db)
    .await
    .unwrap();
    s
}

/// An admin creates a key; answers (admin session, key id, secret).
async fn integration_key(app: &TestApp) -> (Session, String, String) {
    let admin = staff(app, "admin@example.com", "is_admin").await;
    let res = app
        .send_as(
            &admin,
            Method::POST,
            "/api/v1/admin/integration-keys",
            Some(&json!({"name": "InControl usage feed"})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let body = res.json();
    (
        admin,
        body["key"]["id"].as_str().unwrap().to_owned(),
        body["secret"].as_str().unwrap().to_owned(),
    )
}

fn hours_ago(h: i64) -> String {
    uplink_api::platform::timefmt::rfc3339((now_ms() / 3_600_000 - h) * 3_600_000)
}

fn record(id: &str, target: (&str, &str), mb: i64) -> Value {
    let mut r = json!({"record_id": id, "period_start": hours_ago(2), "period_end": hours_ago(1),
                       "bytes_up": mb * MB / 4, "bytes_down": mb * MB - mb * MB / 4});
    r[target.0] = json!(target.1);
    r
}

async fn post(app: &TestApp, key: &str, body: &Value) -> TestResponse {
    let req = Request::post("/api/v1/usage-records")
        .header("authorization", format!("Bearer {key}"))
        .header("content-type", "application/json")
        .body(Body::from(serde_json::to_vec(body).unwrap()))
        .unwrap();
    app.request(req).await
}

async fn used_mb(app: &TestApp, sql: &str, id: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id.to_owned())
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

async fn item(app: &TestApp, s: &Session, id: &str) -> Value {
    let res = app.get_as(s, "/api/v1/me/usage").await;
    assert_eq!(res.status, 200, "{}", res.text());
    res.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("{id} not monitored"))
}

#[tokio::test]
async fn a_record_counts_once_and_its_id_cannot_be_reused_for_other_values() {
    let app = app().await;
    let _s = customer_with_plans(&app, "usage@example.com", SUB, SERIAL, 1).await;
    let (_, _, key) = integration_key(&app).await;
    let r = record("r-1", ("subscription", SUB), 50);
    let first = post(&app, &key, &r).await;
    assert_eq!(first.status, 201, "{}", first.text());
    assert_eq!(first.json()["status"], "accepted");
    let again = post(&app, &key, &r).await;
    assert_eq!(again.status, 200, "{}", again.text());
    assert_eq!(again.json()["status"], "duplicate");
    assert_eq!(
        used_mb(&app, "SELECT used_mb FROM subscriptions WHERE id = $1", SUB).await,
        150,
        "counted once"
    );
    let mut other = r.clone();
    other["bytes_down"] = json!(1);
    let p = post(&app, &key, &other)
        .await
        .assert_problem(422, "usage_record_conflict");
    assert_eq!(p["errors"][0]["field"], "record_id");
    assert_eq!(
        used_mb(&app, "SELECT used_mb FROM subscriptions WHERE id = $1", SUB).await,
        150
    );
}

#[tokio::test]
async fn a_batch_keeps_its_good_records_and_says_why_each_bad_one_was_refused() {
    let app = app().await;
    let _s = customer_with_plans(&app, "batch@example.com", SUB, SERIAL, 2).await;
    let (_, _, key) = integration_key(&app).await;
    let mut bad_fields = record("b-3", ("subscription", SUB), 1);
    bad_fields["bytes_up"] = json!(-5);
    bad_fields["period_start"] = json!("last tuesday");
    let body = json!([
        record("b-1", ("subscription", SUB), 10),
        record("b-2", ("iccid", &iccid(2)), 20),
        bad_fields,
        record("b-4", ("subscription", "sub_nobody"), 1),
        record("b-5", ("iccid", &iccid(99)), 1),
        record("b-6", ("iccid", "8944001"), 1),
        record("b-1", ("subscription", SUB), 10),
        record("b-2", ("iccid", &iccid(2)), 21),
    ]);
    let res = post(&app, &key, &body).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let b = res.json();
    assert_eq!(
        (
            b["accepted"].as_u64(),
            b["duplicates"].as_u64(),
            b["refused"].as_u64()
        ),
        (Some(2), Some(1), Some(5))
    );
    let results = b["results"].as_array().unwrap();
    let fields: Vec<&str> = results[2]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["period_start", "bytes_up"]);
    assert_eq!(results[2]["code"], "validation_failed");
    assert_eq!(results[3]["code"], "not_found");
    assert_eq!(results[4]["code"], "not_found", "an unknown ICCID");
    assert_eq!(results[5]["code"], "invalid_iccid");
    assert_eq!(
        results[6]["status"], "duplicate",
        "a repeat inside the batch"
    );
    assert_eq!(results[7]["code"], "usage_record_conflict");
    assert_eq!(
        used_mb(&app, "SELECT used_mb FROM subscriptions WHERE id = $1", SUB).await,
        110
    );
    assert_eq!(
        used_mb(
            &app,
            "SELECT used_mb FROM esims WHERE iccid = $1",
            &iccid(2)
        )
        .await,
        20
    );
    // One refused record on its own is a 422 naming its fields.
    let p = post(
        &app,
        &key,
        &record("x-1", ("subscription", "sub_nobody"), 1),
    )
    .await
    .assert_problem(422, "not_found");
    assert!(p["detail"].as_str().unwrap().contains("subscription"));
    // More than 1,000 records is refused whole.
    let many: Vec<Value> = (0..1_001)
        .map(|i| record(&format!("m-{i}"), ("subscription", SUB), 0))
        .collect();
    post(&app, &key, &json!(many))
        .await
        .assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn only_a_live_key_may_post_and_only_admins_manage_keys() {
    let app = app().await;
    let s = customer_with_plans(&app, "keys@example.com", SUB, SERIAL, 3).await;
    let r = record("k-1", ("subscription", SUB), 1);
    let req = Request::post("/api/v1/usage-records")
        .header("content-type", "application/json")
        .body(Body::from(serde_json::to_vec(&r).unwrap()))
        .unwrap();
    app.request(req)
        .await
        .assert_problem(401, "unauthenticated");
    post(&app, "upk_0000", &r)
        .await
        .assert_problem(401, "unauthenticated");
    // A customer's session token is not an integration key either.
    post(&app, &s.token, &r)
        .await
        .assert_problem(401, "unauthenticated");
    // Customers cannot see or make keys.
    app.get_as(&s, "/api/v1/admin/integration-keys")
        .await
        .assert_problem(403, "forbidden");
    app.send_as(
        &s,
        Method::POST,
        "/api/v1/admin/integration-keys",
        Some(&json!({"name": "x"})),
    )
    .await
    .assert_problem(403, "forbidden");

    let (admin, id, key) = integration_key(&app).await;
    assert!(key.starts_with("upk_"));
    let list = app
        .get_as(&admin, "/api/v1/admin/integration-keys")
        .await
        .json();
    let listed = &list["keys"][0];
    assert_eq!(listed["name"], "InControl usage feed");
    assert!(key.starts_with(listed["prefix"].as_str().unwrap()));
    assert!(!list.to_string().contains(&key), "the secret is shown once");
    let stored: String = sqlx::query_scalar("SELECT key_hash FROM integration_keys WHERE id = $1")
        .bind(&id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_ne!(stored, key, "only the hash is kept");
    app.send_as(
        &admin,
        Method::POST,
        "/api/v1/admin/integration-keys",
        Some(&json!({"name": "  "})),
    )
    .await
    .assert_problem(422, "validation_failed");

    assert_eq!(post(&app, &key, &r).await.status, 201);
    let list = app
        .get_as(&admin, "/api/v1/admin/integration-keys")
        .await
        .json();
    assert!(list["keys"][0]["last_used_at"].is_string());
    let res = app
        .send_as(
            &admin,
            Method::DELETE,
            &format!("/api/v1/admin/integration-keys/{id}"),
            None,
        )
        .await;
    assert_eq!(res.status, 204, "{}", res.text());
    post(&app, &key, &record("k-2", ("subscription", SUB), 1))
        .await
        .assert_problem(401, "unauthenticated");
    let list = app
        .get_as(&admin, "/api/v1/admin/integration-keys")
        .await
        .json();
    assert!(list["keys"][0]["revoked_at"].is_string());
    app.send_as(
        &admin,
        Method::DELETE,
        "/api/v1/admin/integration-keys/ikey_none",
        None,
    )
    .await
    .assert_problem(404, "not_found");
}

#[tokio::test]
async fn a_huge_body_is_413() {
    let app = app().await;
    let (_, _, key) = integration_key(&app).await;
    let padding = "x".repeat(2 * 1024 * 1024);
    let body = json!({"record_id": "big", "note": padding});
    post(&app, &key, &body)
        .await
        .assert_problem(413, "payload_too_large");
}

#[tokio::test]
async fn remaining_data_never_goes_below_zero_and_an_esim_draws_on_its_pool_when_its_own_data_is_gone()
 {
    let app = app().await;
    let s = customer_with_plans(&app, "meter@example.com", SUB, SERIAL, 4).await;
    let (_, _, key) = integration_key(&app).await;
    let res = post(
        &app,
        &key,
        &json!([record("z-1", ("subscription", SUB), 5_000)]),
    )
    .await;
    assert_eq!(res.json()["accepted"], 1);
    let sub = item(&app, &s, SUB).await;
    assert_eq!(
        (sub["used_mb"].as_i64(), sub["remaining_mb"].as_i64()),
        (Some(1000), Some(0))
    );
    assert_eq!(sub["run_out_on"], item(&app, &s, SUB).await["run_out_on"]);
    // The daily chart still shows what was used.
    let daily = app
        .get_as(&s, &format!("/api/v1/me/usage/{SUB}/daily"))
        .await
        .json();
    let days = daily["days"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    let total: i64 = days.iter().map(|d| d["bytes"].as_i64().unwrap()).sum();
    assert_eq!(total, 5_000 * MB);

    // A pool of two eSIMs bought and delivered; a member with no data of its own uses the pool.
    let buyer = app.register("pool@example.com", "DE").await;
    add_ok(&app, &buyer, json!({"sku": "ESIM-GLOBAL", "qty": 2})).await;
    pay_by_card(&app, &buyer, "p1").await;
    deliver(&app).await;
    add_ok(&app, &buyer, json!({"sku": "ESIM-POOL-500GB-1Y"})).await;
    pay_by_card(&app, &buyer, "p2").await;
    deliver(&app).await;
    let (member, pool): (String, String) = sqlx::query_as(
        "SELECT m.iccid, m.pool_id FROM esim_pool_members m JOIN esim_pools p ON p.id = m.pool_id \
         WHERE p.user_id = $1 ORDER BY m.iccid LIMIT 1",
    )
    .bind(&buyer.user_id)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    let res = post(&app, &key, &record("pool-1", ("iccid", &member), 300)).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let p = item(&app, &buyer, &pool).await;
    assert_eq!(
        (p["kind"].as_str(), p["used_mb"].as_i64()),
        (Some("pool"), Some(300))
    );
    assert_eq!(p["members"].as_array().unwrap().len(), 2);
    let pool_daily = app
        .get_as(&buyer, &format!("/api/v1/me/usage/{pool}/daily?days=7"))
        .await
        .json();
    assert_eq!(pool_daily["days"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn the_monitor_shows_meters_periods_top_ups_and_sfc_state_and_keeps_items_private() {
    let app = app().await;
    let s = customer_with_plans(&app, "monitor@example.com", SUB, SERIAL, 5).await;
    let other =
        customer_with_plans(&app, "other@example.com", "sub_other", "1824-USGE-0002", 6).await;
    let (_, _, key) = integration_key(&app).await;
    // A week of steady use: 10 MB a day → 890 MB left runs out in 89 days.
    let week: Vec<Value> = (1..=7)
        .map(|d| {
            let mut r = record(&format!("w-{d}"), ("subscription", SUB), 10);
            r["period_start"] = json!(hours_ago(24 * d));
            r["period_end"] = json!(hours_ago(24 * d - 1));
            r
        })
        .collect();
    assert_eq!(post(&app, &key, &json!(week)).await.json()["accepted"], 7);
    let list = app.get_as(&s, "/api/v1/me/usage").await.json();
    let items = list["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "the plan and the eSIM: {list}");
    let sub = &items[0];
    assert_eq!(sub["kind"], "subscription");
    assert_eq!(
        (
            sub["allowance_mb"].as_i64(),
            sub["used_mb"].as_i64(),
            sub["remaining_mb"].as_i64()
        ),
        (Some(1000), Some(170), Some(830))
    );
    assert_eq!(sub["device_name"], "Head office");
    assert!(sub["run_out_on"].is_string(), "{sub}");
    assert_eq!(sub["top_up"]["sku"], PLAN);
    assert_eq!(sub["top_up"]["option_code"], "serial_numbers");
    assert_eq!(sub["top_up"]["option_value"], SERIAL);
    assert_eq!(sub["sfc"]["auto_renew"], false);
    let esim = &items[1];
    assert_eq!(
        (esim["kind"].as_str(), esim["iccid"].as_str()),
        (Some("esim"), Some(iccid(5).as_str()))
    );
    assert_eq!(esim["top_up"]["option_code"], "iccid");
    assert!(esim["run_out_on"].is_null(), "no recent use");
    assert!(esim["sfc"].is_null());

    // Another customer's item is 404 everywhere.
    app.get_as(&other, &format!("/api/v1/me/usage/{SUB}/daily"))
        .await
        .assert_problem(404, "not_found");
    app.send_as(
        &other,
        Method::PUT,
        &format!("/api/v1/me/usage/{SUB}/alert"),
        Some(&json!({"kind": "percent", "value": 10})),
    )
    .await
    .assert_problem(404, "not_found");
    let theirs = app.get_as(&other, "/api/v1/me/usage").await.json();
    assert!(!theirs.to_string().contains(SUB));
    app.get("/api/v1/me/usage")
        .await
        .assert_problem(401, "unauthenticated");
    app.get_as(&s, &format!("/api/v1/me/usage/{SUB}/daily?days=0"))
        .await
        .assert_problem(422, "validation_failed");
}

/// Inserts a subscription of `user_id` for the device `serial`.
async fn subscription(
    app: &TestApp,
    id: &str,
    user_id: &str,
    serial: &str,
    family: &str,
    sku: &str,
) {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, starts_at, expires_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 'A plan', 2000, 0, $6, $7, $6)",
    )
    .bind(id)
    .bind(user_id)
    .bind(serial)
    .bind(family)
    .bind(sku)
    .bind(now - DAY)
    .bind(now + 100 * DAY)
    .execute(app.state.db.writer())
    .await
    .unwrap();
}

#[tokio::test]
async fn charts_and_alerts_answer_for_plans_on_the_customers_devices_and_only_for_monitored_items()
{
    let app = app().await;
    let holder = customer_with_plans(&app, "holder@example.com", SUB, SERIAL, 8).await;
    let buyer =
        customer_with_plans(&app, "buyer@example.com", "sub_buyer", "1824-USGE-0009", 9).await;
    // The buyer bought a plan for the holder's device: both monitor it.
    subscription(
        &app,
        "sub_gift",
        &buyer.user_id,
        SERIAL,
        "cloud-unlimited",
        PLAN,
    )
    .await;
    // A plan whose product does not record usage (InControl 2: SFC Management only).
    subscription(
        &app,
        "sub_vpn",
        &holder.user_id,
        SERIAL,
        "cloud-connect",
        "LIC-IC2-1Y",
    )
    .await;
    let (_, _, key) = integration_key(&app).await;
    let r = record("gift-1", ("subscription", "sub_gift"), 30);
    assert_eq!(post(&app, &key, &r).await.status, 201);

    let ids = |list: Value| -> Vec<String> {
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].as_str().unwrap().to_owned())
            .collect()
    };
    let held = ids(app.get_as(&holder, "/api/v1/me/usage").await.json());
    assert!(held.contains(&"sub_gift".to_owned()), "{held:?}");
    assert!(!held.contains(&"sub_vpn".to_owned()), "{held:?}");
    for who in [&holder, &buyer] {
        let res = app
            .get_as(who, "/api/v1/me/usage/sub_gift/daily?days=2")
            .await;
        assert_eq!(res.status, 200, "{}", res.text());
        let total: i64 = res.json()["days"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["bytes"].as_i64().unwrap())
            .sum();
        assert_eq!(total, 30 * MB);
    }
    let alert = json!({"kind": "percent", "value": 20});
    let gift_alert = app
        .send_as(
            &holder,
            Method::PUT,
            "/api/v1/me/usage/sub_gift/alert",
            Some(&alert),
        )
        .await;
    assert_eq!(gift_alert.status, 200, "{}", gift_alert.text());

    // Not monitored, or not theirs: 404 for the chart and the alert alike.
    let not_found = [
        (&holder, "sub_vpn".to_owned()),
        (&holder, iccid(9)),
        (&buyer, SUB.to_owned()),
        (&buyer, iccid(8)),
        (&buyer, "no-such-item".to_owned()),
    ];
    for (who, id) in not_found {
        app.get_as(who, &format!("/api/v1/me/usage/{id}/daily"))
            .await
            .assert_problem(404, "not_found");
        app.send_as(
            who,
            Method::PUT,
            &format!("/api/v1/me/usage/{id}/alert"),
            Some(&alert),
        )
        .await
        .assert_problem(404, "not_found");
    }
}

async fn usage_alert_mails(app: &TestApp, user_id: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM email_outbox WHERE kind = 'usage_alert' AND user_id = $1",
    )
    .bind(user_id)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap()
}

#[tokio::test]
async fn an_alert_mails_once_per_crossing_and_again_after_a_top_up() {
    let app = app().await;
    let s = customer_with_plans(&app, "alert@example.com", SUB, SERIAL, 7).await;
    let (_, _, key) = integration_key(&app).await;
    let uri = format!("/api/v1/me/usage/{SUB}/alert");
    for (body, field) in [
        (json!({"kind": "percent", "value": 0}), "value"),
        (json!({"kind": "percent", "value": 100}), "value"),
        (json!({"kind": "mb", "value": 1001}), "value"),
        (json!({"kind": "gb", "value": 1}), "kind"),
    ] {
        let p = app
            .send_as(&s, Method::PUT, &uri, Some(&body))
            .await
            .assert_problem(422, "validation_failed");
        assert_eq!(p["errors"][0]["field"], field, "{body}");
    }
    // 900 MB left; alert at 20 % (200 MB).
    let res = app
        .send_as(
            &s,
            Method::PUT,
            &uri,
            Some(&json!({"kind": "percent", "value": 20})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["alert"]["reached"], false);

    post(&app, &key, &record("a-1", ("subscription", SUB), 600)).await; // 300 left
    uplink_api::usage::alerts::check(&app.state, None)
        .await
        .unwrap();
    assert_eq!(usage_alert_mails(&app, &s.user_id).await, 0);
    post(&app, &key, &record("a-2", ("subscription", SUB), 150)).await; // 150 left: crossed
    // Several checks (the intake's own and the job's, on two servers) send one e-mail.
    let (a, b) = tokio::join!(
        uplink_api::usage::alerts::check(&app.state, None),
        uplink_api::usage::alerts::check(&app.state, None)
    );
    assert!(a.unwrap() + b.unwrap() <= 1);
    assert_eq!(usage_alert_mails(&app, &s.user_id).await, 1);
    let subject: String =
        sqlx::query_scalar("SELECT subject FROM email_outbox WHERE kind = 'usage_alert'")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert!(subject.contains("150 MB left"), "{subject}");
    post(&app, &key, &record("a-3", ("subscription", SUB), 50)).await; // still below
    uplink_api::usage::alerts::check(&app.state, None)
        .await
        .unwrap();
    assert_eq!(
        usage_alert_mails(&app, &s.user_id).await,
        1,
        "once per crossing"
    );
    let shown = item(&app, &s, SUB).await;
    assert_eq!(shown["alert"]["reached"], true);
    assert!(shown["alert"]["last_sent_at"].is_string());

    // A top-up lifts it above the threshold: the alert re-arms and fires on the next crossing.
    sqlx::query("UPDATE subscriptions SET allowance_mb = allowance_mb + 1000 WHERE id = $1")
        .bind(SUB)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    uplink_api::usage::alerts::check(&app.state, None)
        .await
        .unwrap();
    post(&app, &key, &record("a-4", ("subscription", SUB), 800)).await; // 2000 − 1700 = 300 ≤ 400
    uplink_api::usage::alerts::check(&app.state, None)
        .await
        .unwrap();
    assert_eq!(usage_alert_mails(&app, &s.user_id).await, 2);

    // Turning it off removes it; unlimited plans refuse an alert.
    let res = app
        .send_as(&s, Method::PUT, &uri, Some(&json!({"kind": "off"})))
        .await;
    assert!(res.json()["alert"].is_null());
    assert!(item(&app, &s, SUB).await["alert"].is_null());
}

#[tokio::test]
async fn concurrent_batches_with_the_same_records_count_them_once() {
    let app = app().await;
    let _s = customer_with_plans(&app, "race@example.com", SUB, SERIAL, 8).await;
    let (_, _, key) = integration_key(&app).await;
    let batch = json!(
        (0..50)
            .map(|i| record(&format!("c-{i}"), ("subscription", SUB), 2))
            .collect::<Vec<_>>()
    );
    let app = std::sync::Arc::new(app);
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..6 {
        let (app, key, batch) = (app.clone(), key.clone(), batch.clone());
        tasks.spawn(async move { post(&app, &key, &batch).await.json() });
    }
    let (mut accepted, mut duplicates) = (0, 0);
    while let Some(answer) = tasks.join_next().await {
        let answer = answer.unwrap();
        accepted += answer["accepted"].as_u64().unwrap();
        duplicates += answer["duplicates"].as_u64().unwrap();
    }
    assert_eq!((accepted, duplicates), (50, 250));
    assert_eq!(
        used_mb(&app, "SELECT used_mb FROM subscriptions WHERE id = $1", SUB).await,
        200
    );
    let rollup: i64 = sqlx::query_scalar(
        "SELECT CAST(SUM(bytes_up + bytes_down) AS BIGINT) FROM usage_daily WHERE item_id = $1",
    )
    .bind(SUB)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(rollup, 100 * MB);
    // Retention removes raw records; the rollup stays.
    assert_eq!(
        app.state
            .db
            .delete_usage_records_before(now_ms() + 1)
            .await
            .unwrap(),
        50
    );
    let daily = app
        .get_as(&_s, &format!("/api/v1/me/usage/{SUB}/daily?days=2"))
        .await
        .json();
    let total: i64 = daily["days"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["bytes"].as_i64().unwrap())
        .sum();
    assert_eq!(total, 100 * MB);
}

#[tokio::test]
async fn the_demo_customer_has_ninety_days_of_usage_to_look_at() {
    let app = TestApp::new().await;
    assert!(
        uplink_seed::seed_demo_if_empty(&app.state.db)
            .await
            .unwrap()
    );
    app.state.catalog.refresh().await.unwrap();
    let s = app.sign_in("customer@uplink.test", "uplink-demo-1").await;
    let list = app.get_as(&s, "/api/v1/me/usage").await.json();
    let items = list["items"].as_array().unwrap();
    let kinds: Vec<&str> = items.iter().map(|i| i["kind"].as_str().unwrap()).collect();
    assert!(
        kinds.contains(&"subscription") && kinds.contains(&"esim"),
        "{list}"
    );
    for i in items {
        let id = i["id"].as_str().unwrap();
        let daily = app
            .get_as(&s, &format!("/api/v1/me/usage/{id}/daily?days=90"))
            .await
            .json();
        let used_days = daily["days"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["bytes"].as_i64() > Some(0))
            .count();
        assert!(used_days >= 15, "{id}: {used_days} days with use");
        if i["unlimited"] == false && i["remaining_mb"].as_i64() > Some(0) {
            assert!(i["run_out_on"].is_string(), "{i}");
        }
    }
}
