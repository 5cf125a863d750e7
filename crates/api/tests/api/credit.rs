//! Credit terms (SPEC §6, §15): sales staff set and change terms and record
//! payments; the history (Allocated, Purchased, Reimbursed, Refunded,
//! Reverted) runs a balance that always ends at what is owed; overdue
//! invoices are listed; customers never reach the staff endpoints; many
//! simultaneous credit-terms orders never overrun the limit.

use crate::auto_renewal::{
    customer as customer_with_address, device_ending_in, orders, renew_with,
};
use crate::helpers::{Session, TestApp, TestResponse};
use axum::http::Method;
use serde_json::{Value, json};

const ROUTER: &str = "MAX-BR1-PRO-5G-PRM"; // hardware, $1,499 in the global store

async fn app() -> TestApp {
    TestApp::with_demo_catalog().await
}

pub(crate) async fn staff(app: &TestApp, email: &str, role: &str) -> Session {
    let s = app.register(email, "DE").await;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE users SET {role} = $1 WHERE email = $2"
    )))
    .bind(true)
    .bind(email)
    .execute(app.state.db.writer())
    .await
    .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    s
}

fn terms_uri(id: &str) -> String {
    format!("/api/v1/staff/customers/{id}/credit-terms")
}

async fn set_terms(app: &TestApp, sales: &Session, id: &str, body: Value) -> Value {
    let res = app
        .send_as(sales, Method::PUT, &terms_uri(id), Some(&body))
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    res.json()
}

fn cents(v: &Value) -> i64 {
    v["cents"]
        .as_i64()
        .unwrap_or_else(|| panic!("not money: {v}"))
}

/// Puts a router in the cart and places the order on credit terms.
async fn buy_on_terms(app: &TestApp, s: &Session, key: &str) -> Value {
    let res = app
        .send_as(
            s,
            Method::POST,
            "/api/v1/cart/lines?store=global",
            Some(&json!({"sku": ROUTER, "qty": 1})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let body = json!({
        "shipping": {"method": "priority", "address": {"name": "Ana Roth", "line1": "Hauptstr. 1",
            "city": "Berlin", "postal_code": "10115", "country": "DE", "phone": "+49 30 1234567"}},
        "billing": {"same_as_shipping": true},
        "payment": {"method": "credit_terms"},
    });
    let res = app.place_order(s, key, &body, "").await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()
}

async fn pay(
    app: &TestApp,
    sales: &Session,
    number: &str,
    amount: i64,
    reference: &str,
) -> TestResponse {
    let uri = format!("/api/v1/staff/orders/{number}/credit-payment");
    let body = json!({"amount_cents": amount, "reference": reference});
    app.send_as(sales, Method::POST, &uri, Some(&body)).await
}

/// The history's newest entry carries the running balance: it must equal
/// what is owed, and that must equal the signed sum of every entry.
fn assert_balance_is_the_sum_of_the_history(account: &Value) {
    let history = account["history"].as_array().unwrap();
    let sum: i64 = history
        .iter()
        .map(|e| match e["kind"].as_str().unwrap() {
            "Allocated" => 0,
            "Purchased" => cents(&e["amount"]),
            _ => -cents(&e["amount"]),
        })
        .sum();
    assert_eq!(cents(&account["owed"]), sum, "{account}");
    if let Some(newest) = history.first() {
        assert_eq!(cents(&newest["owed_after"]), sum);
    }
}

#[tokio::test]
async fn only_sales_staff_reach_the_credit_endpoints() {
    let app = app().await;
    let buyer = app.register("buyer@example.com", "DE").await;
    let fulfilment = staff(&app, "felix@example.com", "is_fulfilment").await;
    let body = json!({"credit_limit_cents": 100_000, "payment_terms_days": 30});
    for s in [&buyer, &fulfilment] {
        for (method, uri, body) in [
            (Method::GET, "/api/v1/staff/customers".to_owned(), None),
            (Method::GET, "/api/v1/staff/credit/overdue".to_owned(), None),
            (Method::GET, terms_uri(&buyer.user_id), None),
            (Method::PUT, terms_uri(&buyer.user_id), Some(&body)),
            (
                Method::POST,
                "/api/v1/staff/orders/UL-000001/credit-payment".to_owned(),
                Some(&json!({"amount_cents": 1, "reference": "x"})),
            ),
        ] {
            app.send_as(s, method, &uri, body)
                .await
                .assert_problem(403, "forbidden");
        }
    }
    app.get("/api/v1/staff/customers")
        .await
        .assert_problem(401, "unauthenticated");
    app.get("/api/v1/me/credit")
        .await
        .assert_problem(401, "unauthenticated");
    // Without terms the customer's own view is empty, not an error.
    let mine = app.get_as(&buyer, "/api/v1/me/credit").await.json();
    assert!(mine["terms"].is_null());
    assert_eq!(mine["history_total"], 0);
}

#[tokio::test]
async fn sales_set_change_and_withdraw_terms_and_each_change_is_recorded() {
    let app = app().await;
    let buyer = app.register("acme@example.com", "DE").await;
    let sales = staff(&app, "sofia@example.com", "is_sales").await;

    // Every bad field has its own error; nothing changes.
    let res = app
        .send_as(
            &sales,
            Method::PUT,
            &terms_uri(&buyer.user_id),
            Some(&json!({"credit_limit_cents": -1, "payment_terms_days": 400, "note": "x\u{0}"})),
        )
        .await;
    let p = res.assert_problem(422, "validation_failed");
    let fields: Vec<&str> = p["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["note", "credit_limit_cents", "payment_terms_days"]);
    app.get_as(&sales, &terms_uri("usr%00x"))
        .await
        .assert_problem(404, "not_found");
    app.send_as(
        &sales,
        Method::PUT,
        &terms_uri("usr_nobody"),
        Some(&json!({"credit_limit_cents": 1, "payment_terms_days": 1})),
    )
    .await
    .assert_problem(404, "not_found");

    // The buyer's session is read, and kept in memory, before the terms
    // change; the change still shows on the buyer's next request (D133).
    let me = app.get_as(&buyer, "/api/v1/me").await.json();
    assert!(me["credit_terms"].is_null());
    let a = set_terms(
        &app,
        &sales,
        &buyer.user_id,
        json!({"credit_limit_cents": 500_000, "payment_terms_days": 15, "note": "Credit check passed"}),
    )
    .await;
    assert_eq!(cents(&a["terms"]["credit_limit"]), 500_000);
    assert_eq!(a["terms"]["payment_terms_days"], 15);
    assert_eq!(a["terms"]["may_exceed_limit"], false);
    assert_eq!(cents(&a["available"]), 500_000);
    let entry = &a["history"][0];
    assert_eq!(entry["kind"], "Allocated");
    assert_eq!(entry["by"], "sofia@example.com");
    assert!(
        entry["note"]
            .as_str()
            .unwrap()
            .contains("Credit check passed")
    );

    let a = set_terms(
        &app,
        &sales,
        &buyer.user_id,
        json!({"credit_limit_cents": 900_000, "payment_terms_days": 45, "may_exceed_limit": true}),
    )
    .await;
    assert_eq!(a["history_total"], 2);
    assert_eq!(cents(&a["history"][0]["available_after"]), 900_000);

    // The customer sees the same history, without who made each entry, and
    // checkout offers the new terms at once.
    let mine = app.get_as(&buyer, "/api/v1/me/credit").await.json();
    assert_eq!(mine["terms"]["payment_terms_days"], 45);
    assert_eq!(mine["history"].as_array().unwrap().len(), 2);
    assert!(mine["history"][0]["by"].is_null());
    let me = app.get_as(&buyer, "/api/v1/me").await.json();
    assert_eq!(me["credit_terms"]["credit_limit_cents"], 900_000);

    // Staff find the customer in their list, with the terms.
    let list = app
        .get_as(
            &sales,
            "/api/v1/staff/customers?q=ACME&with_credit_terms=true",
        )
        .await
        .json();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(cents(&list[0]["available"]), 900_000);

    let a = set_terms(
        &app,
        &sales,
        &buyer.user_id,
        json!({"credit_limit_cents": null}),
    )
    .await;
    assert!(a["terms"].is_null());
    assert_eq!(a["history"][0]["kind"], "Allocated");
    assert_eq!(cents(&a["history"][0]["amount"]), 0);
    assert!(
        a["history"][0]["note"]
            .as_str()
            .unwrap()
            .contains("withdrawn")
    );
}

#[tokio::test]
async fn payments_refunds_and_reversals_run_the_balance_down_to_what_is_owed() {
    let app = app().await;
    let buyer = app.register("northwind@example.com", "DE").await;
    let sales = staff(&app, "sofia@example.com", "is_sales").await;
    let fulfilment = staff(&app, "felix@example.com", "is_fulfilment").await;
    set_terms(
        &app,
        &sales,
        &buyer.user_id,
        json!({"credit_limit_cents": 1_000_000, "payment_terms_days": 30}),
    )
    .await;
    let first = buy_on_terms(&app, &buyer, "o1").await;
    let second = buy_on_terms(&app, &buyer, "o2").await;
    let (n1, n2) = (
        first["number"].as_str().unwrap().to_owned(),
        second["number"].as_str().unwrap().to_owned(),
    );
    let total = cents(&first["totals"]["total"]);

    let mine = app.get_as(&buyer, "/api/v1/me/credit").await.json();
    assert_eq!(cents(&mine["owed"]), 2 * total);
    assert_eq!(mine["open_invoices"].as_array().unwrap().len(), 2);
    assert_eq!(mine["open_invoices"][0]["days_overdue"], 0);
    assert!(mine["history"][0]["due_at"].is_string());
    assert_balance_is_the_sum_of_the_history(&mine);

    // Refused payments: none open, over the outstanding sum, no reference, not on terms.
    let p = pay(&app, &sales, &n1, total + 1, "BANK-1")
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(cents(&p["outstanding"]), total);
    pay(&app, &sales, &n1, 100, " ")
        .await
        .assert_problem(422, "validation_failed");
    pay(&app, &sales, "UL-999999", 100, "BANK-1")
        .await
        .assert_problem(404, "not_found");
    pay(&app, &sales, "UL-%00", 100, "BANK-1")
        .await
        .assert_problem(404, "not_found");

    // A part, then the rest: the order is paid in full.
    let a = pay(&app, &sales, &n1, 40_000, "BANK-1").await.json();
    assert_eq!(a["history"][0]["kind"], "Reimbursed");
    assert_eq!(a["history"][0]["by"], "sofia@example.com");
    let a = pay(&app, &sales, &n1, total - 40_000, "BANK-2")
        .await
        .json();
    assert_eq!(a["open_invoices"].as_array().unwrap().len(), 1);
    pay(&app, &sales, &n1, 1, "BANK-3")
        .await
        .assert_problem(422, "validation_failed");
    let order = app
        .get_as(&buyer, &format!("/api/v1/orders/{n1}"))
        .await
        .json();
    assert_eq!(order["payment"]["status"], "paid", "{}", order["payment"]);

    // The second order: half paid, then cancelled by staff. The open half is
    // Reverted, the paid half Refunded to the account.
    pay(&app, &sales, &n2, 50_000, "BANK-4").await.json();
    let res = app
        .send_as(
            &fulfilment,
            Method::POST,
            &format!("/api/v1/staff/orders/{n2}/cancel"),
            Some(&json!({"reason": "Customer changed their mind"})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    pay(&app, &sales, &n2, 1, "BANK-5")
        .await
        .assert_problem(422, "validation_failed");

    let mine = app.get_as(&buyer, "/api/v1/me/credit").await.json();
    let kinds: Vec<&str> = mine["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "Refunded",
            "Reverted",
            "Reimbursed",
            "Reimbursed",
            "Reimbursed",
            "Purchased",
            "Purchased",
            "Allocated"
        ]
    );
    assert_balance_is_the_sum_of_the_history(&mine);
    // Both invoices are settled; the 500.00 paid on the cancelled order is
    // a credit in the customer's favour.
    assert_eq!(cents(&mine["owed"]), -50_000);
    assert_eq!(cents(&mine["available"]), 1_050_000);
    assert!(mine["open_invoices"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn invoices_past_their_due_date_are_listed_for_staff() {
    let app = app().await;
    let buyer = app.register("late@example.com", "DE").await;
    let sales = staff(&app, "sofia@example.com", "is_sales").await;
    set_terms(
        &app,
        &sales,
        &buyer.user_id,
        json!({"credit_limit_cents": 1_000_000, "payment_terms_days": 10}),
    )
    .await;
    let o = buy_on_terms(&app, &buyer, "o1").await;
    let number = o["number"].as_str().unwrap();
    let overdue = app
        .get_as(&sales, "/api/v1/staff/credit/overdue")
        .await
        .json();
    assert!(
        overdue.as_array().unwrap().is_empty(),
        "due in 10 days: {overdue}"
    );

    // Eleven days later (the due date moved back instead of the clock).
    sqlx::query("UPDATE credit_ledger SET due_at = due_at - $1 WHERE kind = 'Purchased'")
        .bind(11 * 86_400_000_i64)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    let overdue = app
        .get_as(&sales, "/api/v1/staff/credit/overdue")
        .await
        .json();
    assert_eq!(overdue.as_array().unwrap().len(), 1);
    assert_eq!(overdue[0]["order_number"], number);
    assert_eq!(overdue[0]["customer"]["email"], "late@example.com");
    assert_eq!(overdue[0]["days_overdue"], 1);
    let mine = app.get_as(&buyer, "/api/v1/me/credit").await.json();
    assert_eq!(mine["open_invoices"][0]["days_overdue"], 1);

    // Paid in full, it leaves the list.
    pay(&app, &sales, number, cents(&o["totals"]["total"]), "BANK-9")
        .await
        .json();
    let overdue = app
        .get_as(&sales, "/api/v1/staff/credit/overdue")
        .await
        .json();
    assert!(overdue.as_array().unwrap().is_empty());
}

#[tokio::test]
async fn twenty_simultaneous_credit_terms_orders_never_overrun_the_limit() {
    let app = std::sync::Arc::new(app().await);
    let s = customer_with_address(&app, "fleet@example.com").await;
    let sales = staff(&app, "sofia@example.com", "is_sales").await;
    // A BR1 Mini warranty renewal is 79.00: the limit fits exactly seven.
    set_terms(
        &app,
        &sales,
        &s.user_id,
        json!({"credit_limit_cents": 7 * 7_900, "payment_terms_days": 30}),
    )
    .await;
    let terms = json!({"enabled": true, "method": "credit_terms"});
    for n in 0..20 {
        let serial = format!("1824-ACRD-{n:04}");
        device_ending_in(&app, &s, &serial, 2).await;
        renew_with(&app, &s, &serial, terms.clone()).await;
    }
    // Five job runs at once (five servers): twenty renewal orders race for the credit.
    let mut runs = tokio::task::JoinSet::new();
    for _ in 0..5 {
        let app = app.clone();
        runs.spawn(async move { uplink_api::devices::auto_renewal::run_once(&app.state).await });
    }
    while let Some(run) = runs.join_next().await {
        run.unwrap().unwrap();
    }
    assert_eq!(orders(&app, &s).await.len(), 7);
    let mine = app.get_as(&s, "/api/v1/me/credit").await.json();
    assert_eq!(cents(&mine["owed"]), 7 * 7_900);
    assert_eq!(cents(&mine["available"]), 0);
    assert_balance_is_the_sum_of_the_history(&mine);
}
