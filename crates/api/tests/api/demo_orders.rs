//! The demo orders a fresh start seeds (`seed_demo_if_empty`): the demo
//! customers see them through the order API, with shipments, totals and
//! invoices, and a restart does not seed them again.

use crate::helpers::{Session, TestApp};
use axum::http::Method;
use serde_json::{Value, json};

const PASSWORD: &str = "uplink-demo-1";

async fn seeded_app() -> TestApp {
    let app = TestApp::new().await;
    assert!(
        uplink_seed::seed_demo_if_empty(&app.state.db)
            .await
            .unwrap()
    );
    app.state.catalog.refresh().await.unwrap();
    app
}

fn cents(v: &Value) -> i64 {
    v["cents"]
        .as_i64()
        .unwrap_or_else(|| panic!("not money: {v}"))
}

async fn order(app: &TestApp, s: &Session, number: &str) -> Value {
    let res = app.get_as(s, &format!("/api/v1/orders/{number}")).await;
    assert_eq!(res.status, 200, "{number}: {}", res.text());
    res.json()
}

/// The text of the order's invoice PDF (answered 200 as a PDF).
async fn invoice(app: &TestApp, s: &Session, number: &str) -> String {
    let pdf = app
        .get_as(s, &format!("/api/v1/orders/{number}/invoice.pdf"))
        .await;
    assert_eq!(pdf.status, 200, "{number}: {}", pdf.text());
    assert_eq!(pdf.header("content-type"), Some("application/pdf"));
    pdf_extract::extract_text_from_mem(&pdf.body).expect("a readable PDF")
}

/// The gateway reference (intent id) of a card order.
async fn payment_reference(app: &TestApp, number: &str) -> String {
    app.state
        .db
        .order_by_number(number)
        .await
        .unwrap()
        .unwrap()
        .payment_reference
        .unwrap()
}

/// Σ line totals + shipping = total, and the totals block says the same.
fn assert_adds_up(o: &Value) {
    let lines = o["lines"].as_array().unwrap();
    let sum = |field: &str| lines.iter().map(|l| cents(&l[field])).sum::<i64>();
    let t = &o["totals"];
    assert_eq!(sum("total") + cents(&t["shipping"]), cents(&t["total"]));
    assert_eq!(
        sum("subtotal") - sum("discount") + sum("tax") + cents(&t["shipping"]),
        cents(&t["total"])
    );
    assert_eq!(cents(&o["shipping"]["fee"]), cents(&t["shipping"]));
}

#[tokio::test]
async fn the_demo_customer_finds_a_shipped_and_an_unpaid_order_with_invoices() {
    let app = seeded_app().await;
    let s = app.sign_in("customer@uplink.test", PASSWORD).await;
    let list = app.get_as(&s, "/api/v1/orders").await;
    assert_eq!(list.status, 200, "{}", list.text());
    let list = list.json();
    assert_eq!(list["total"], 2);
    let numbers: Vec<&str> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["number"].as_str().unwrap())
        .collect();
    assert_eq!(numbers, ["UL-000004", "UL-000001"]);

    let shipped = order(&app, &s, "UL-000001").await;
    assert_adds_up(&shipped);
    assert_eq!(shipped["status"], "shipped");
    assert_eq!(shipped["coupon_code"], "WELCOME10");
    assert_eq!(shipped["shipping"]["name"], "Priority Shipping");
    assert_eq!(shipped["shipping"]["details"]["zone"], "domestic");
    assert_eq!(shipped["shipping"]["address"]["city"], "Berlin");
    assert_eq!(shipped["shipments"][0]["carrier"], "DHL");
    assert_eq!(
        shipped["shipments"][0]["line_ids"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(shipped["payment"]["card"]["last4"], "4242");
    assert_eq!(shipped["payment"]["status"], "paid");
    assert_eq!(
        shipped["lines"][0]["options"][0]["label"],
        "Configuration service"
    );
    assert_eq!(shipped["history"].as_array().unwrap().len(), 2);
    assert_eq!(shipped["invoice_kind"], "invoice");
    let text = invoice(&app, &s, "UL-000001").await;
    assert!(
        text.contains("INVOICE") && text.contains("UL-000001"),
        "{text}"
    );
    assert!(
        text.contains("Discount") && text.contains("MAX-BR1-MINI-C4"),
        "{text}"
    );

    let unpaid = order(&app, &s, "UL-000004").await;
    assert_adds_up(&unpaid);
    assert_eq!(unpaid["status"], "pending_payment");
    assert_eq!(unpaid["can_cancel"], true);
    assert!(unpaid["payment"]["pay_by"].is_string());
    assert!(
        invoice(&app, &s, "UL-000004")
            .await
            .contains("PROFORMA INVOICE")
    );

    // Another customer's demo order stays theirs.
    app.get_as(&s, "/api/v1/orders/UL-000003")
        .await
        .assert_problem(404, "not_found");
    // A restart seeds nothing twice.
    assert!(
        !uplink_seed::seed_demo_if_empty(&app.state.db)
            .await
            .unwrap()
    );
    uplink_seed::seed_demo_orders(&app.state.db).await.unwrap();
    let again = app.get_as(&s, "/api/v1/orders").await.json();
    assert_eq!(again["total"], 2);
}

#[tokio::test]
async fn the_us_and_business_demo_orders_show_tax_and_credit_terms() {
    let app = seeded_app().await;
    let us = app.sign_in("us.customer@uplink.test", PASSWORD).await;
    let o = order(&app, &us, "UL-000003").await;
    assert_adds_up(&o);
    assert_eq!(
        (o["store"].as_str(), o["status"].as_str()),
        (Some("us"), Some("processing"))
    );
    assert!(cents(&o["totals"]["tax"]) > 0, "California sales tax");
    assert!(invoice(&app, &us, "UL-000003").await.contains("Tax"));

    let business = app.sign_in("business@uplink.test", PASSWORD).await;
    let o = order(&app, &business, "UL-000002").await;
    assert_adds_up(&o);
    assert_eq!(o["status"], "completed");
    assert_eq!(o["payment"]["status"], "on_terms");
    assert_eq!(o["shipping"]["details"]["carrier"], "FedEx");
    assert!(
        o["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["delivery_status"] == "delivered")
    );
    invoice(&app, &business, "UL-000002").await;

    // Staff can still cancel the paid US order: the test gateway refunds it.
    let staff = app.sign_in("fulfilment@uplink.test", PASSWORD).await;
    let res = app
        .send_as(
            &staff,
            Method::POST,
            "/api/v1/staff/orders/UL-000003/cancel",
            Some(&json!({"reason": "Demo cancellation."})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["payment"]["status"], "refunded");
    let refunded: String = sqlx::query_scalar("SELECT status FROM gateway_intents WHERE id = $1")
        .bind(payment_reference(&app, "UL-000003").await)
        .fetch_one(app.gateway_pool().await)
        .await
        .unwrap();
    assert_eq!(refunded, "refunded");
}

#[tokio::test]
async fn the_demo_quotations_show_on_the_buyers_list_and_in_the_sales_queue() {
    let app = seeded_app().await;
    let buyer = app.sign_in("business@uplink.test", PASSWORD).await;
    let list = app.get_as(&buyer, "/api/v1/quotations").await.json();
    let statuses: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["submitted", "quoted", "expired"], "{list}");
    // The quoted one can be accepted, with its discounts adding up.
    let number = list[1]["number"].as_str().unwrap();
    let q = app
        .get_as(&buyer, &format!("/api/v1/quotations/{number}"))
        .await
        .json();
    assert_eq!(q["actions"]["accept"], true, "{q}");
    let t = &q["totals"];
    assert_eq!(
        cents(&t["subtotal"]) - cents(&t["discount"]),
        cents(&t["quoted_subtotal"])
    );
    assert!(cents(&t["discount"]) > 0);
    let pdf = app
        .get_as(
            &buyer,
            &format!("/api/v1/quotations/{number}/quotation.pdf"),
        )
        .await;
    let text = pdf_extract::extract_text_from_mem(&pdf.body).expect("a readable PDF");
    assert!(text.contains(number), "{text}");
    // Sales see the waiting one.
    let sales = app.sign_in("sales@uplink.test", PASSWORD).await;
    let queue = app.get_as(&sales, "/api/v1/staff/quotations").await.json();
    assert_eq!(queue.as_array().unwrap().len(), 1, "{queue}");
    assert_eq!(queue[0]["customer"]["email"], "business@uplink.test");
}
