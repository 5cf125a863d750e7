//! `/me/downloads` and the signed links it hands out (SPEC §8 `/account/download`):
//! the customer's invoices and the files of what they bought, each link only for
//! them, signed in, until it expires.

use crate::helpers::{Session, TestApp};
use serde_json::Value;
use uplink_api::downloads::links::{DOWNLOAD_PATH, Grant, GrantedFile};

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

async fn downloads(app: &TestApp, s: &Session) -> Vec<Value> {
    let res = app.get_as(s, "/api/v1/me/downloads").await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.header("cache-control"), Some("private, no-store"));
    res.json()["items"].as_array().unwrap().clone()
}

fn find<'a>(items: &'a [Value], kind: &str, context: &str) -> &'a Value {
    items
        .iter()
        .find(|i| i["kind"] == kind && i["context"] == context)
        .unwrap_or_else(|| panic!("no {kind} for {context} in {items:#?}"))
}

#[tokio::test]
async fn the_customer_downloads_invoices_and_the_files_of_what_they_bought() {
    let app = seeded_app().await;
    let s = app.sign_in("customer@uplink.test", PASSWORD).await;
    let items = downloads(&app, &s).await;

    let invoice = find(&items, "invoice", "Order UL-000001");
    assert_eq!(invoice["section"], "invoices");
    let url = invoice["url"].as_str().unwrap();
    assert!(url.starts_with(DOWNLOAD_PATH), "{url}");
    let pdf = app.get_as(&s, url).await;
    assert_eq!(pdf.status, 200, "{}", pdf.text());
    assert_eq!(pdf.header("content-type"), Some("application/pdf"));
    let text = pdf_extract::extract_text_from_mem(&pdf.body).expect("a readable PDF");
    assert!(
        text.contains("INVOICE") && text.contains("UL-000001"),
        "{text}"
    );

    // The unpaid bank transfer has a proforma, and its products' files are not theirs yet.
    find(&items, "proforma", "Order UL-000004");
    let files: Vec<&Value> = items
        .iter()
        .filter(|i| i["section"] == "product_files")
        .collect();
    assert!(
        !files.is_empty(),
        "the shipped order's products have files: {items:#?}"
    );
    assert!(
        files.iter().all(|f| f["order_number"] == "UL-000001"),
        "{files:#?}"
    );
    let file = files[0];
    let res = app.get_as(&s, file["url"].as_str().unwrap()).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.header("content-type"), file["content_type"].as_str());
    assert!(
        res.header("content-disposition")
            .unwrap()
            .starts_with("attachment; filename="),
        "{:?}",
        res.header("content-disposition")
    );
    assert_eq!(res.body.len() as i64, file["size_bytes"].as_i64().unwrap());
}

#[tokio::test]
async fn a_link_is_only_its_customers_signed_in_unexpired_and_unaltered() {
    let app = seeded_app().await;
    let owner = app.sign_in("customer@uplink.test", PASSWORD).await;
    let items = downloads(&app, &owner).await;
    let url = find(&items, "invoice", "Order UL-000001")["url"]
        .as_str()
        .unwrap()
        .to_owned();

    let other = app.register("someone-else@uplink.test", "DE").await;
    app.get_as(&other, &url)
        .await
        .assert_problem(404, "not_found");
    assert!(downloads(&app, &other).await.is_empty());
    assert_eq!(app.get(&url).await.status, 401);

    let token = url.strip_prefix(DOWNLOAD_PATH).unwrap();
    let mut altered = token.to_owned();
    let last = altered.pop().unwrap();
    altered.push(if last == 'A' { 'B' } else { 'A' });
    app.get_as(&owner, &format!("{DOWNLOAD_PATH}{altered}"))
        .await
        .assert_problem(404, "not_found");
    app.get_as(&owner, &format!("{DOWNLOAD_PATH}v1.made-up"))
        .await
        .assert_problem(404, "not_found");

    let owner_id = app
        .state
        .db
        .order_by_number("UL-000001")
        .await
        .unwrap()
        .unwrap()
        .user_id;
    let secrets = app.state.secret_box().await.unwrap();
    let expired = Grant {
        user_id: owner_id.clone(),
        file: GrantedFile::Invoice("UL-000001".into()),
        expires_at: uplink_db::now_ms() - 1,
    };
    app.get_as(&owner, &expired.url(secrets))
        .await
        .assert_problem(404, "not_found");
    // A genuine link for an order that is not the customer's opens nothing either.
    let foreign = Grant {
        user_id: owner_id,
        file: GrantedFile::Invoice("UL-000003".into()),
        expires_at: uplink_db::now_ms() + 60_000,
    };
    app.get_as(&owner, &foreign.url(secrets))
        .await
        .assert_problem(404, "not_found");
}

/// Buys a licence for a serial and an eSIM with the test card and runs delivery.
async fn buy_licence_and_esim(app: &TestApp, s: &Session) {
    for body in [
        serde_json::json!({"sku": "LIC-SF-BOND", "serials": ["1824-DNLD-0001"]}),
        serde_json::json!({"sku": "ESIM-GLOBAL", "qty": 1}),
    ] {
        let res = app
            .send_as(
                s,
                axum::http::Method::POST,
                "/api/v1/cart/lines?store=global",
                Some(&body),
            )
            .await;
        assert_eq!(res.status, 201, "add to cart: {}", res.text());
    }
    let token = app
        .send_json(
            axum::http::Method::POST,
            "/gateway/test/tokens",
            &serde_json::json!({"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"}),
        )
        .await
        .json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let address = serde_json::json!({"name": "Test Person", "line1": "Hauptstrasse 1", "city": "Berlin",
        "postal_code": "10115", "country": "DE", "phone": "030123456789"});
    let body = serde_json::json!({"billing": {"address": address}, "payment": {"method": "card", "token": token}});
    let res = app.place_order(s, "downloads-1", &body, "").await;
    assert_eq!(res.status, 201, "place: {}", res.text());
    uplink_api::commerce::delivery::runner::run_once(&app.state)
        .await
        .expect("delivery runs");
}

#[tokio::test]
async fn a_delivered_licence_and_esim_give_a_certificate_and_a_qr_code_to_download() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("buyer-downloads@uplink.test", "DE").await;
    buy_licence_and_esim(&app, &s).await;
    let items = downloads(&app, &s).await;

    let certificate = find(&items, "licence_certificate", "Serial 1824-DNLD-0001");
    assert_eq!(certificate["section"], "licence_certificates");
    let pdf = app.get_as(&s, certificate["url"].as_str().unwrap()).await;
    assert_eq!(pdf.status, 200, "{}", pdf.text());
    assert_eq!(pdf.header("content-type"), Some("application/pdf"));
    let text = pdf_extract::extract_text_from_mem(&pdf.body).expect("a readable PDF");
    assert!(text.contains("1824-DNLD-0001"), "{text}");

    let qr = items
        .iter()
        .find(|i| i["kind"] == "esim_qr")
        .unwrap_or_else(|| panic!("no QR code in {items:#?}"));
    assert_eq!(qr["section"], "esim_qr_codes");
    let png = app.get_as(&s, qr["url"].as_str().unwrap()).await;
    assert_eq!(png.status, 200, "{}", png.text());
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert_eq!(&png.body[..8], b"\x89PNG\r\n\x1a\n");

    // Another customer cannot open either link.
    let other = app.register("other-downloads@uplink.test", "DE").await;
    for item in [certificate, qr] {
        app.get_as(&other, item["url"].as_str().unwrap())
            .await
            .assert_problem(404, "not_found");
    }
}
