//! Auto-renewal (SPEC §8): 7 days before a device's coverage ends the job
//! places and pays the renewal order with the saved card or on credit
//! terms, once per expiry however often and wherever it runs; a failure is
//! shown on the device and e-mailed once; changing the setting tries again.

use crate::helpers::{Session, TestApp};
use axum::http::Method;
use serde_json::{Value, json};
use uplink_api::devices::auto_renewal::run_once;
use uplink_db::accounts::CreditTerms;

pub(crate) async fn customer(app: &TestApp, email: &str) -> Session {
    let s = app.register(email, "DE").await;
    let address = json!({"name": "Ana Roth", "line1": "Hauptstr. 1", "city": "Berlin",
        "postal_code": "10115", "country": "DE", "phone": "+49 30 1234567"});
    let res = app
        .send_as(&s, Method::POST, "/api/v1/me/addresses", Some(&address))
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    s
}

/// Adds `serial` to `s`'s devices with coverage ending `days` from today.
pub(crate) async fn device_ending_in(app: &TestApp, s: &Session, serial: &str, days: i64) {
    let res = app
        .send_as(
            s,
            Method::POST,
            "/api/v1/me/devices",
            Some(&json!({ "serial": serial })),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let today = uplink_domain::devices::ms_date(uplink_db::now_ms());
    let ends = uplink_domain::devices::date_ms(today + time::Duration::days(days));
    sqlx::query("UPDATE devices SET warranty_ends_at = $1 WHERE serial = $2")
        .bind(ends)
        .bind(serial)
        .execute(app.state.db.writer())
        .await
        .unwrap();
}

/// Saves a card (the browser tokenises it at the gateway) and returns its id.
async fn saved_card(app: &TestApp, s: &Session, number: &str) -> String {
    let token = app
        .send_json(
            Method::POST,
            "/gateway/test/tokens",
            &json!({"number": number, "exp_month": 12, "exp_year": 2035, "cvc": "123"}),
        )
        .await
        .json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = app
        .send_as(
            s,
            Method::POST,
            "/api/v1/me/payment-methods",
            Some(&json!({ "token": token })),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()["id"].as_str().unwrap().to_owned()
}

pub(crate) async fn renew_with(app: &TestApp, s: &Session, serial: &str, body: Value) {
    let res = app
        .send_as(
            s,
            Method::PUT,
            &format!("/api/v1/me/devices/{serial}/auto-renew"),
            Some(&body),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
}

pub(crate) async fn orders(app: &TestApp, s: &Session) -> Vec<Value> {
    let list = app.get_as(s, "/api/v1/orders").await.json();
    list["items"].as_array().unwrap().clone()
}

async fn order(app: &TestApp, s: &Session, number: &str) -> Value {
    let res = app.get_as(s, &format!("/api/v1/orders/{number}")).await;
    assert_eq!(res.status, 200, "{}", res.text());
    res.json()
}

async fn device(app: &TestApp, s: &Session, serial: &str) -> Value {
    app.get_as(s, &format!("/api/v1/me/devices/{serial}"))
        .await
        .json()
}

async fn mails_of_kind(app: &TestApp, kind: &str) -> usize {
    let rows = app.state.db.recent_outbox(200).await.unwrap();
    rows.iter().filter(|m| m.kind == kind).count()
}

#[tokio::test]
async fn a_device_ending_within_seven_days_is_renewed_once_with_its_saved_card() {
    let app = TestApp::with_demo_catalog().await;
    let s = customer(&app, "renew-card@example.com").await;
    let serial = "1824-AREN-0001";
    device_ending_in(&app, &s, serial, 5).await;
    let card = saved_card(&app, &s, "4242 4242 4242 4242").await;
    renew_with(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "card", "card_id": card}),
    )
    .await;
    let before = device(&app, &s, serial).await["warranty_ends_at"].clone();

    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    assert_eq!(run_once(&app.state).await.unwrap(), 0, "renewed once");
    let list = orders(&app, &s).await;
    assert_eq!(list.len(), 1);
    let o = order(&app, &s, list[0]["number"].as_str().unwrap()).await;
    // The shortest warranty the BR1 Mini can take, priced in the account's store.
    assert_eq!(o["lines"][0]["sku"], "WTY-EXT-1Y");
    assert_eq!(o["lines"][0]["serials"], json!([serial]));
    assert_eq!(o["totals"]["total"]["cents"], 7_900);
    assert_eq!(o["payment"]["method"], "card");
    assert_eq!(o["payment"]["status"], "paid", "{o}");
    assert!(
        o["history"][0]["note"]
            .as_str()
            .unwrap()
            .starts_with("Automatic renewal of 1824-AREN-0001")
    );
    assert_eq!(
        o["lines"][0]["options"][0]["value"], "standard",
        "a required choice not made before takes its first value"
    );
    assert_eq!(mails_of_kind(&app, "order_confirmation").await, 1);

    // Delivery extends the coverage from the day after the old end; the new
    // expiry is a year away, so nothing more is due.
    uplink_api::commerce::delivery::runner::run_once(&app.state)
        .await
        .unwrap();
    let after = device(&app, &s, serial).await;
    assert_ne!(after["warranty_ends_at"], before);
    assert_eq!(after["warranty_state"], "active");
    assert_eq!(run_once(&app.state).await.unwrap(), 0);
    assert_eq!(orders(&app, &s).await.len(), 1);
}

#[tokio::test]
async fn only_devices_with_auto_renewal_within_the_window_are_renewed() {
    let app = TestApp::with_demo_catalog().await;
    let s = customer(&app, "renew-window@example.com").await;
    let card = saved_card(&app, &s, "4242424242424242").await;
    let on = json!({"enabled": true, "method": "card", "card_id": card});
    // Ends in 10 days: too early. Ended 40 days ago: past the grace period.
    device_ending_in(&app, &s, "1824-AREN-0010", 10).await;
    renew_with(&app, &s, "1824-AREN-0010", on.clone()).await;
    device_ending_in(&app, &s, "1824-AREN-0011", -40).await;
    renew_with(&app, &s, "1824-AREN-0011", on.clone()).await;
    // Ends in 3 days, but auto-renewal is off.
    device_ending_in(&app, &s, "1824-AREN-0012", 3).await;
    // Ended 10 days ago, within the grace period: renewed without a gap.
    device_ending_in(&app, &s, "1824-AREN-0013", -10).await;
    renew_with(&app, &s, "1824-AREN-0013", on).await;

    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let list = orders(&app, &s).await;
    assert_eq!(list.len(), 1);
    let o = order(&app, &s, list[0]["number"].as_str().unwrap()).await;
    assert_eq!(o["lines"][0]["serials"], json!(["1824-AREN-0013"]));
}

#[tokio::test]
async fn a_declined_card_is_shown_on_the_device_and_e_mailed_once_and_a_new_card_tries_again() {
    let app = TestApp::with_demo_catalog().await;
    let s = customer(&app, "renew-declined@example.com").await;
    let serial = "1824-AREN-0020";
    device_ending_in(&app, &s, serial, 6).await;
    let bad = saved_card(&app, &s, "4000 0000 0000 0002").await;
    renew_with(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "card", "card_id": bad}),
    )
    .await;

    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    assert!(
        orders(&app, &s).await.is_empty(),
        "no order without payment"
    );
    let d = device(&app, &s, serial).await;
    assert_eq!(
        d["auto_renew"]["last_failure"]["reason"],
        "The card was declined by the issuer."
    );
    assert_eq!(mails_of_kind(&app, "renewal_failed").await, 1);
    let mail = app
        .state
        .db
        .recent_outbox(50)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.kind == "renewal_failed")
        .unwrap();
    assert_eq!(mail.to_address, "renew-declined@example.com");
    assert!(mail.body_text.contains("declined"));
    assert!(
        mail.body_text
            .contains("/account/device-management?serial=1824-AREN-0020")
    );
    // The failed attempt is kept like a declined checkout.
    let failed: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM payments WHERE user_id = $1 AND status = 'failed'",
    )
    .bind(&s.user_id)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(failed, 1);
    // Not retried by itself: no second charge attempt, no second e-mail.
    assert_eq!(run_once(&app.state).await.unwrap(), 0);
    assert_eq!(mails_of_kind(&app, "renewal_failed").await, 1);

    // A new card clears the failure, and the next run renews.
    let good = saved_card(&app, &s, "4242 4242 4242 4242").await;
    renew_with(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "card", "card_id": good}),
    )
    .await;
    assert!(device(&app, &s, serial).await["auto_renew"]["last_failure"].is_null());
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    assert_eq!(orders(&app, &s).await.len(), 1);
}

#[tokio::test]
async fn credit_terms_pay_a_renewal_within_the_limit_and_a_renewal_over_it_fails() {
    let app = TestApp::with_demo_catalog().await;
    let s = customer(&app, "renew-terms@example.com").await;
    app.state
        .db
        .set_credit_terms(
            &s.user_id,
            Some(&CreditTerms {
                credit_limit_cents: 10_000,
                payment_terms_days: 30,
                may_exceed_limit: false,
            }),
        )
        .await
        .unwrap();
    let s = app
        .sign_in("renew-terms@example.com", crate::helpers::PASSWORD)
        .await;
    let terms = json!({"enabled": true, "method": "credit_terms"});
    device_ending_in(&app, &s, "1824-AREN-0030", 2).await;
    renew_with(&app, &s, "1824-AREN-0030", terms.clone()).await;
    device_ending_in(&app, &s, "1824-AREN-0031", 4).await;
    renew_with(&app, &s, "1824-AREN-0031", terms).await;

    // 79.00 fits the 100.00 limit; a second 79.00 does not.
    assert_eq!(run_once(&app.state).await.unwrap(), 2);
    let list = orders(&app, &s).await;
    assert_eq!(list.len(), 1);
    let o = order(&app, &s, list[0]["number"].as_str().unwrap()).await;
    assert_eq!(o["lines"][0]["serials"], json!(["1824-AREN-0030"]));
    assert_eq!(o["payment"]["method"], "credit_terms");
    assert_eq!(app.state.db.credit_owed(&s.user_id).await.unwrap(), 7_900);
    let refused = device(&app, &s, "1824-AREN-0031").await;
    let reason = refused["auto_renew"]["last_failure"]["reason"]
        .as_str()
        .unwrap();
    assert!(reason.contains("credit"), "{reason}");
}

#[tokio::test]
async fn runs_at_the_same_moment_renew_a_device_once_and_a_stale_claim_is_taken_over() {
    let app = TestApp::with_demo_catalog().await;
    let s = customer(&app, "renew-race@example.com").await;
    let card = saved_card(&app, &s, "4242 4242 4242 4242").await;
    let on = json!({"enabled": true, "method": "card", "card_id": card});
    for n in 0..6 {
        let serial = format!("1824-ARAC-{n:04}");
        device_ending_in(&app, &s, &serial, 1 + n).await;
        renew_with(&app, &s, &serial, on.clone()).await;
    }
    let (a, b, c) = tokio::join!(
        run_once(&app.state),
        run_once(&app.state),
        run_once(&app.state)
    );
    assert_eq!(a.unwrap() + b.unwrap() + c.unwrap(), 6);
    let list = orders(&app, &s).await;
    assert_eq!(list.len(), 6, "one order per device");
    let ordered: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(DISTINCT order_id) AS BIGINT) FROM device_renewals WHERE status = 'ordered'",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(ordered, 6);

    // A claim another server made a moment ago is left alone; one whose
    // server stopped 11 minutes ago is taken over.
    let fresh = "1824-ARAC-0100";
    let stale = "1824-ARAC-0101";
    let now = uplink_db::now_ms();
    for (serial, claimed_at) in [(fresh, now), (stale, now - 11 * 60_000)] {
        device_ending_in(&app, &s, serial, 3).await;
        renew_with(&app, &s, serial, on.clone()).await;
        sqlx::query(
            "INSERT INTO device_renewals (serial, expires_at, status, created_at, claimed_at) \
             SELECT serial, warranty_ends_at, 'claimed', $1, $1 FROM devices WHERE serial = $2",
        )
        .bind(claimed_at)
        .bind(serial)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    }
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let renewed: Vec<Value> = orders(&app, &s).await;
    assert_eq!(renewed.len(), 7);
    let status = |serial: &str| {
        let db = app.state.db.clone();
        let serial = serial.to_owned();
        async move { db.renewals_of(&serial).await.unwrap()[0].status.clone() }
    };
    assert_eq!(status(fresh).await, "claimed");
    assert_eq!(status(stale).await, "ordered");
}

#[tokio::test]
async fn a_renewal_repeats_the_plan_and_choices_the_device_was_last_renewed_with() {
    let app = TestApp::with_demo_catalog().await;
    let s = customer(&app, "renew-again@example.com").await;
    let serial = "1824-AREN-0040";
    device_ending_in(&app, &s, serial, 40).await;
    // Bought by hand before: two years with priority support.
    let line =
        json!({"sku": "WTY-EXT-2Y", "serials": [serial], "options": {"support_level": "priority"}});
    let res = app
        .send_as(&s, Method::POST, "/api/v1/cart/lines", Some(&line))
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let token = app
        .send_json(
            Method::POST,
            "/gateway/test/tokens",
            &json!({"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"}),
        )
        .await
        .json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = json!({"billing": {"address_id": null, "same_as_shipping": false,
        "address": {"name": "Ana Roth", "line1": "Hauptstr. 1", "city": "Berlin", "postal_code": "10115",
                    "country": "DE", "phone": "+49 30 1234567"}},
        "payment": {"method": "card", "token": token}});
    let res = app.place_order(&s, "by-hand", &body, "").await;
    assert_eq!(res.status, 201, "{}", res.text());
    uplink_api::commerce::delivery::runner::run_once(&app.state)
        .await
        .unwrap();
    // Two years on, the coverage ends in 5 days; auto-renewal is on.
    device_ending_in_days_again(&app, serial, 5).await;
    let card = saved_card(&app, &s, "4242 4242 4242 4242").await;
    renew_with(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "card", "card_id": card}),
    )
    .await;

    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let list = orders(&app, &s).await;
    assert_eq!(list.len(), 2);
    let renewal = order(&app, &s, list[0]["number"].as_str().unwrap()).await;
    assert_eq!(renewal["lines"][0]["sku"], "WTY-EXT-2Y");
    assert_eq!(renewal["lines"][0]["options"][0]["value"], "priority");
    // 139.00 with priority support (+20 %).
    assert_eq!(renewal["totals"]["total"]["cents"], 16_680);
}

/// Moves an existing device's coverage end to `days` from today.
async fn device_ending_in_days_again(app: &TestApp, serial: &str, days: i64) {
    let today = uplink_domain::devices::ms_date(uplink_db::now_ms());
    let ends = uplink_domain::devices::date_ms(today + time::Duration::days(days));
    sqlx::query("UPDATE devices SET warranty_ends_at = $1 WHERE serial = $2")
        .bind(ends)
        .bind(serial)
        .execute(app.state.db.writer())
        .await
        .unwrap();
}
