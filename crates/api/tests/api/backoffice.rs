//! The back-office (issue 31): the catalogue, stores and coupons as admins
//! run them, the audit entry every staff write leaves, and the role matrix
//! of every staff and admin operation in the OpenAPI document.

use crate::credit::staff;
use crate::helpers::{Session, TestApp, TestResponse};
use axum::http::Method;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn app() -> TestApp {
    TestApp::with_demo_catalog().await
}

async fn admin(app: &TestApp) -> Session {
    staff(app, "admin@example.com", "is_admin").await
}

async fn send(app: &TestApp, s: &Session, method: Method, uri: &str, body: Value) -> TestResponse {
    app.send_as(s, method, uri, Some(&body)).await
}

/// A tiny real PNG (1×1), so the sniffer sees an image.
fn png() -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 1, 1);
        enc.set_color(png::ColorType::Rgb);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&[200, 30, 30]).unwrap();
    }
    out
}

async fn upload_image(app: &TestApp, s: &Session) -> String {
    let res = app
        .send_bytes_as(
            s,
            Method::POST,
            "/api/v1/admin/media?purpose=image&file_name=front.png",
            "image/png",
            png(),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()["key"].as_str().unwrap().to_owned()
}

fn router(sku: &str, image: Option<&str>) -> Value {
    json!({
        "sku": sku, "name": format!("Test Router {sku}"), "brand": "Uplink", "product_type": "hardware",
        "status": "active", "purchasable": true, "price_cents": 49_900, "min_qty": 1, "qty_step": 1,
        "weight_grams": 450, "categories": ["routers"], "summary": "A router made in a test.",
        "description": "**Fast** and *small*.",
        "images": image.map(|k| vec![json!({"media_key": k, "alt": "The router from the front"})]).unwrap_or_default(),
    })
}

async fn audit_count(app: &TestApp) -> i64 {
    app.state.db.audit_count().await.unwrap()
}

/// Waits (at most `within`) until `check` holds on `server`, polling, as a
/// guest or as `session`.
async fn eventually(
    server: &TestApp,
    session: Option<&Session>,
    uri: &str,
    within: Duration,
    check: impl Fn(&Value) -> bool,
) -> Duration {
    let started = Instant::now();
    loop {
        let res = match session {
            Some(s) => server.get_as(s, uri).await,
            None => server.get(uri).await,
        };
        if res.status == 200 && check(&res.json()) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < within,
            "{uri} did not show the change within {within:?}: {}",
            res.text()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn skus(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["sku"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_product_with_an_image_and_a_variant_is_listed_and_found_on_a_second_server_within_a_second()
 {
    let app = app().await;
    let other = app.second_server();
    other.state.catalog.refresh().await.unwrap();
    let root = admin(&app).await;
    let image = upload_image(&app, &root).await;

    let mut parent = router("UL-TESTKIT", Some(&image));
    parent["product_type"] = json!("configurable");
    parent["purchasable"] = json!(false);
    parent["weight_grams"] = json!(null);
    parent["name"] = json!("Zephyr Test Kit");
    let res = send(&app, &root, Method::POST, "/api/v1/admin/products", parent).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let created = res.json();
    assert_eq!(created["version"], 1);
    assert_eq!(created["media"][0]["content_type"], "image/png");
    let id = created["id"].as_str().unwrap().to_owned();

    let mut variant = router("UL-TESTKIT-5G", None);
    variant["name"] = json!("Zephyr Test Kit 5G");
    variant["attributes"] =
        json!([{"code": "cellular", "label": "Cellular", "value": "5g", "value_label": "5G"}]);
    let res = send(
        &app,
        &root,
        Method::POST,
        &format!("/api/v1/admin/products/{id}/variants"),
        variant,
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["parent_sku"], "UL-TESTKIT");
    let detail = app
        .get_as(&root, &format!("/api/v1/admin/products/{id}"))
        .await
        .json();
    assert_eq!(detail["variants"][0]["sku"], "UL-TESTKIT-5G");

    // The other server: listed and found by search within a second.
    let waited = eventually(
        &other,
        None,
        "/api/v1/search?q=zephyr&store=global",
        Duration::from_secs(3),
        |v| skus(v).contains(&"UL-TESTKIT".to_owned()),
    )
    .await;
    assert!(waited < Duration::from_millis(1_500), "took {waited:?}");
    let page = other
        .get_json("/api/v1/products?store=global&q=zephyr")
        .await;
    assert_eq!(skus(&page), ["UL-TESTKIT"]);
    let item = &page["items"][0];
    assert!(item["image"]["url"].as_str().unwrap().contains(&image));
    let product = other
        .get_json(&format!(
            "/api/v1/products/{}?store=global",
            item["slug"].as_str().unwrap()
        ))
        .await;
    assert!(
        product["description_html"]
            .as_str()
            .unwrap()
            .contains("<strong>Fast</strong>")
    );
}

#[tokio::test]
async fn every_rule_of_the_storefront_holds_in_the_editor_with_a_field_error_each() {
    let app = app().await;
    let root = admin(&app).await;
    let mut bad = router("bad sku!", None);
    bad["price_cents"] = json!(-5);
    bad["compare_at_cents"] = json!(-10);
    bad["categories"] = json!(["routers", "no-such-category"]);
    bad["images"] = json!([{"media_key": "nope", "alt": "x"}]);
    let body = send(&app, &root, Method::POST, "/api/v1/admin/products", bad)
        .await
        .assert_problem(422, "validation_failed");
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(
        fields,
        [
            "sku",
            "price_cents",
            "compare_at_cents",
            "categories[1]",
            "images[0].media_key"
        ]
    );

    // A configurable parent is never purchasable; a licence needs its device binding.
    let mut parent = router("UL-PARENT-X", None);
    parent["product_type"] = json!("configurable");
    parent["weight_grams"] = json!(null);
    let body = send(&app, &root, Method::POST, "/api/v1/admin/products", parent)
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "purchasable");
    let mut licence = router("LIC-TEST-1Y", None);
    licence["product_type"] = json!("license");
    licence["weight_grams"] = json!(null);
    licence["eligibility"] = json!({"models": ["HD2-PRM"], "prime": "any"});
    let body = send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/products",
        licence.clone(),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "options");
    licence["options"] = json!([{"code": "serial_numbers", "label": "Serials", "kind": "serial_numbers", "required": true}]);
    assert_eq!(
        send(&app, &root, Method::POST, "/api/v1/admin/products", licence)
            .await
            .status,
        201
    );

    // SKU and slug are unique.
    let body = send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/products",
        router("MAX-BR1-MINI", None),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "sku");
    assert!(
        body["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("MAX-BR1-MINI")
    );
    // A variant only under a configurable parent.
    let plain = app
        .get_json("/api/v1/products?store=global&q=LIC-TEST-1Y")
        .await;
    let _ = plain;
    let list = app
        .get_as(&root, "/api/v1/admin/products?q=LIC-TEST-1Y")
        .await
        .json();
    let licence_id = list["items"][0]["id"].as_str().unwrap();
    let mut v = router("LIC-TEST-V", None);
    v["attributes"] = json!([{"code": "size", "label": "Size", "value": "s", "value_label": "S"}]);
    let body = send(
        &app,
        &root,
        Method::POST,
        &format!("/api/v1/admin/products/{licence_id}/variants"),
        v,
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "parent");
}

#[tokio::test]
async fn every_demo_product_saves_back_unchanged() {
    let app = app().await;
    let root = admin(&app).await;
    let mut page = 1;
    let mut ids = Vec::new();
    loop {
        let list = app
            .get_as(
                &root,
                &format!("/api/v1/admin/products?q=-&per_page=200&page={page}"),
            )
            .await
            .json();
        let items = list["items"].as_array().unwrap().clone();
        ids.extend(items.iter().map(|i| i["id"].as_str().unwrap().to_owned()));
        if items.len() < 200 {
            break;
        }
        page += 1;
    }
    let total = app
        .get_as(&root, "/api/v1/admin/products?per_page=1")
        .await
        .json()["total"]
        .as_i64()
        .unwrap();
    assert!(ids.len() as i64 >= total, "the search finds variants too");
    for id in ids {
        let mut p = app
            .get_as(&root, &format!("/api/v1/admin/products/{id}"))
            .await
            .json();
        let uri = format!("/api/v1/admin/products/{id}");
        let res = send(&app, &root, Method::PUT, &uri, p.clone()).await;
        assert_eq!(res.status, 200, "{} {}", p["sku"], res.text());
        let after = res.json();
        for key in ["version", "updated_at"] {
            p.as_object_mut().unwrap().remove(key);
        }
        let mut after = after;
        for key in ["version", "updated_at"] {
            after.as_object_mut().unwrap().remove(key);
        }
        assert_eq!(after, p, "{} changed by saving it as it is", p["sku"]);
    }
}

#[tokio::test]
async fn the_second_of_two_saves_from_the_same_version_is_refused_with_a_reload_offer() {
    let app = app().await;
    let root = admin(&app).await;
    let other = staff(&app, "admin2@example.com", "is_admin").await;
    let id = send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/products",
        router("UL-RACE-1", None),
    )
    .await
    .json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let loaded = app
        .get_as(&root, &format!("/api/v1/admin/products/{id}"))
        .await
        .json();
    let uri = format!("/api/v1/admin/products/{id}");
    let mut first = loaded.clone();
    first["name"] = json!("Renamed by the first");
    assert_eq!(
        send(&app, &root, Method::PUT, &uri, first).await.json()["version"],
        2
    );
    let mut second = loaded;
    second["price_cents"] = json!(1_000);
    let body = send(&app, &other, Method::PUT, &uri, second)
        .await
        .assert_problem(409, "version_conflict");
    assert_eq!(body["current_version"], 2);
    assert!(body["detail"].as_str().unwrap().contains("Reload"));
    let now = app.get_as(&root, &uri).await.json();
    assert_eq!(now["name"], "Renamed by the first");
    assert_eq!(now["price_cents"], 49_900);
}

#[tokio::test]
async fn an_upload_is_judged_by_its_content_not_its_declared_type() {
    let app = app().await;
    let root = admin(&app).await;
    let pdf = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n".to_vec();
    let lie = app
        .send_bytes_as(
            &root,
            Method::POST,
            "/api/v1/admin/media?purpose=image&file_name=x.png",
            "image/png",
            pdf.clone(),
        )
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(lie["errors"][0]["field"], "file");
    assert!(
        lie["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("application/pdf")
    );
    let ok = app
        .send_bytes_as(
            &root,
            Method::POST,
            "/api/v1/admin/media?purpose=download&file_name=datasheet.pdf",
            "application/pdf",
            pdf,
        )
        .await;
    assert_eq!(ok.status, 201, "{}", ok.text());
    let served = app.get(ok.json()["url"].as_str().unwrap()).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.header("content-type"), Some("application/pdf"));
    let html = app
        .send_bytes_as(
            &root,
            Method::POST,
            "/api/v1/admin/media?purpose=image&file_name=x.png",
            "image/png",
            b"<svg onload=alert(1)>".to_vec(),
        )
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(html["errors"][0]["field"], "file");
}

/// The body of a CSV response as text.
async fn export(app: &TestApp, s: &Session) -> String {
    let res = app.get_as(s, "/api/v1/admin/exports/products.csv").await;
    assert_eq!(res.status, 200);
    assert!(res.header("content-type").unwrap().starts_with("text/csv"));
    res.text()
}

async fn import(app: &TestApp, s: &Session, csv: &str, dry_run: bool) -> TestResponse {
    app.send_bytes_as(
        s,
        Method::POST,
        &format!("/api/v1/admin/imports/products?dry_run={dry_run}"),
        "text/csv",
        csv.as_bytes().to_vec(),
    )
    .await
}

#[tokio::test]
async fn the_csv_export_imports_back_unchanged_and_a_bad_row_refuses_the_whole_file() {
    let app = app().await;
    let root = admin(&app).await;
    let csv = export(&app, &root).await;
    let rows = csv.lines().count();
    assert!(rows > 60, "every demo product: {rows}");
    let header = csv.lines().next().unwrap().to_owned();
    assert!(header.contains("price@global") && header.contains("compare_at@us"));

    let before = audit_count(&app).await;
    let res = import(&app, &root, &csv, false).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let report = res.json();
    assert_eq!(report["created"], 0);
    assert_eq!(report["updated"], 0);
    assert_eq!(report["unchanged"].as_u64().unwrap() as usize, rows - 1);
    assert_eq!(
        export(&app, &root).await,
        csv,
        "the round trip changes nothing"
    );
    assert_eq!(
        audit_count(&app).await,
        before,
        "nothing written, nothing logged"
    );

    // Edit a row, add one, and break one: nothing is written, the bad row is named.
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let cols: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let mut lines: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    let at = |name: &str| cols.iter().position(|c| c == name).unwrap();
    let br1 = lines.iter().position(|l| l[0] == "MAX-BR1-MINI").unwrap();
    lines[br1][at("status")] = "draft".into();
    let mut new_row = vec![String::new(); cols.len()];
    new_row[at("sku")] = "UL-CSV-NEW".into();
    new_row[at("name")] = "CSV Router".into();
    new_row[at("brand")] = "Uplink".into();
    new_row[at("type")] = "hardware".into();
    new_row[at("status")] = "active".into();
    new_row[at("price_cents")] = "12345".into();
    new_row[at("categories")] = "routers".into();
    new_row[at("price@us")] = "11000".into();
    lines.push(new_row.clone());
    let mut broken = new_row;
    broken[at("sku")] = "UL-CSV-BAD".into();
    broken[at("name")] = "CSV Bad".into();
    broken[at("price_cents")] = "12.5".into();
    broken[at("type")] = "toaster".into();
    lines.push(broken);
    let write = |lines: &[Vec<String>]| {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&cols).unwrap();
        for l in lines {
            w.write_record(l).unwrap();
        }
        String::from_utf8(w.into_inner().unwrap()).unwrap()
    };
    let file = write(&lines);
    let res = import(&app, &root, &file, false).await;
    assert_eq!(res.status, 422, "{}", res.text());
    let report = res.json();
    let bad_line = lines.len() as u64 + 1;
    let errors = report["errors"].as_array().unwrap();
    assert!(
        errors
            .iter()
            .all(|e| e["line"] == bad_line && e["sku"] == "UL-CSV-BAD"),
        "{errors:?}"
    );
    let fields: Vec<&str> = errors
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["type", "price_cents"]);
    assert_eq!(
        export(&app, &root).await,
        csv,
        "a bad row refuses the whole file"
    );

    // Without the bad row: a dry run reports and writes nothing, then the import writes once.
    lines.pop();
    let file = write(&lines);
    let dry = import(&app, &root, &file, true).await.json();
    assert_eq!(
        (dry["created"].as_u64(), dry["updated"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(export(&app, &root).await, csv);
    let done = import(&app, &root, &file, false).await;
    assert_eq!(done.status, 200, "{}", done.text());
    assert_eq!(
        audit_count(&app).await,
        before + 1,
        "one entry for the import"
    );
    let after = export(&app, &root).await;
    assert!(after.contains("UL-CSV-NEW,,CSV Router,csv-router,Uplink,hardware,active"));
    let list = app
        .get_as(&root, "/api/v1/admin/products?q=UL-CSV-NEW")
        .await
        .json();
    let id = list["items"][0]["id"].as_str().unwrap();
    let p = app
        .get_as(&root, &format!("/api/v1/admin/products/{id}"))
        .await
        .json();
    assert_eq!(
        p["prices"],
        json!([{"store_code": "us", "price_cents": 11000, "compare_at_cents": null, "sold": true}])
    );
    assert!(
        after
            .lines()
            .any(|l| l.starts_with("MAX-BR1-MINI,") && l.contains(",draft,"))
    );
}

#[tokio::test]
async fn a_bulk_price_change_moves_a_selection_by_a_percentage_rounded_half_up() {
    let app = app().await;
    let root = admin(&app).await;
    let list = app
        .get_as(
            &root,
            "/api/v1/admin/products?type=hardware&per_page=3&sort=sku",
        )
        .await
        .json();
    let ids: Vec<Value> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].clone())
        .collect();
    let before: Vec<i64> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["price_cents"].as_i64().unwrap())
        .collect();
    let body =
        json!({"product_ids": ids, "change": {"kind": "percent", "value": -1000}, "dry_run": true});
    let dry = send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/prices/bulk",
        body.clone(),
    )
    .await
    .json();
    let expected: Vec<i64> = before
        .iter()
        .map(|p| (p * 9_000 + 5_000) / 10_000)
        .collect();
    let moved: Vec<i64> = dry["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["after_cents"].as_i64().unwrap())
        .collect();
    assert_eq!(moved, expected);
    let unchanged = app
        .get_as(
            &root,
            "/api/v1/admin/products?type=hardware&per_page=3&sort=sku",
        )
        .await
        .json();
    assert_eq!(unchanged["items"][0]["price_cents"], before[0]);

    let mut real = body;
    real["dry_run"] = json!(false);
    let before_audit = audit_count(&app).await;
    let done = send(&app, &root, Method::POST, "/api/v1/admin/prices/bulk", real).await;
    assert_eq!(done.status, 200, "{}", done.text());
    assert_eq!(audit_count(&app).await, before_audit + 1);
    let after = app
        .get_as(
            &root,
            "/api/v1/admin/products?type=hardware&per_page=3&sort=sku",
        )
        .await
        .json();
    let now: Vec<i64> = after["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["price_cents"].as_i64().unwrap())
        .collect();
    assert_eq!(now, expected);

    // One store's prices; below zero is refused and names the product.
    let one = json!({"product_ids": [ids[0]], "store_code": "us", "change": {"kind": "amount", "value": -10_000_000}});
    let body = send(&app, &root, Method::POST, "/api/v1/admin/prices/bulk", one)
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "product_ids[0]");
    let us = json!({"product_ids": [ids[0]], "store_code": "us", "change": {"kind": "amount", "value": 500}});
    let moved = send(&app, &root, Method::POST, "/api/v1/admin/prices/bulk", us)
        .await
        .json();
    assert_eq!(
        moved["moves"][0]["after_cents"].as_i64().unwrap(),
        moved["moves"][0]["before_cents"].as_i64().unwrap() + 500
    );
}

#[tokio::test]
async fn stock_moves_with_a_reason_never_below_zero_and_the_storefront_follows() {
    let app = app().await;
    let root = admin(&app).await;
    let list = app
        .get_as(&root, "/api/v1/admin/products?q=UL-TESTSTOCK")
        .await
        .json();
    assert_eq!(list["total"], 0);
    let id = send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/products",
        router("UL-TESTSTOCK", None),
    )
    .await
    .json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let uri = format!("/api/v1/admin/products/{id}/stock-adjustments");
    let res = send(
        &app,
        &root,
        Method::POST,
        &uri,
        json!({"warehouse": "Global", "delta": 12, "reason": "received"}),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["available_after"], 12);
    let body = send(
        &app,
        &root,
        Method::POST,
        &uri,
        json!({"warehouse": "Global", "delta": -13, "reason": "damaged"}),
    )
    .await
    .assert_problem(409, "insufficient_stock");
    assert!(body["detail"].as_str().unwrap().contains("remove fewer"));
    let body = send(
        &app,
        &root,
        Method::POST,
        &uri,
        json!({"warehouse": "Mars", "delta": 0, "reason": "correction"}),
    )
    .await
    .assert_problem(422, "validation_failed");
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["warehouse", "delta", "note"]);
    send(
        &app,
        &root,
        Method::POST,
        &uri,
        json!({"warehouse": "Global", "delta": -9, "reason": "counted", "note": "Shelf count"}),
    )
    .await;
    let history = app.get_as(&root, &uri).await.json();
    assert_eq!(history["items"][0]["available_after"], 3);
    assert_eq!(history["items"][0]["by"], "admin@example.com");
    let page = app
        .get_json("/api/v1/products?store=global&q=UL-TESTSTOCK")
        .await;
    assert_eq!(page["items"][0]["stock_status"], "low_stock");

    // The staff list's stock filters follow (their sums may be one reading
    // behind: within a few seconds, never stuck).
    let low = "/api/v1/admin/products?q=UL-TESTSTOCK&stock=low";
    let out = "/api/v1/admin/products?q=UL-TESTSTOCK&stock=out";
    listed_within(&app, &root, low, 1).await;
    assert_eq!(app.get_as(&root, out).await.json()["total"], 0);
    send(
        &app,
        &root,
        Method::POST,
        &uri,
        json!({"warehouse": "Global", "delta": -3, "reason": "damaged"}),
    )
    .await;
    listed_within(&app, &root, out, 1).await;
    listed_within(&app, &root, low, 0).await;
}

/// Waits until the staff list `uri` counts `total` products (its stock
/// sums may be one reading behind).
async fn listed_within(app: &TestApp, s: &Session, uri: &str, total: i64) {
    eventually(app, Some(s), uri, Duration::from_secs(5), |page| {
        page["total"] == total
    })
    .await;
}

fn estore(name: &str) -> Value {
    json!({
        "kind": "ESTORE", "region": "Global", "name": name, "display_name": name, "accent_color": "#0B5FFF",
        "active": true, "catalogue": "all", "payment_methods": ["card", "bank_transfer"],
        "shipping_methods": ["priority"],
    })
}

#[tokio::test]
async fn stores_keep_their_rules_and_a_mini_store_opens_by_its_key() {
    let app = app().await;
    let root = admin(&app).await;
    let partner_id = {
        let mut conn = app.state.db.pool().acquire().await.unwrap();
        uplink_db::partners::upsert_partner(
            &mut conn,
            &uplink_db::partners::NewPartner {
                referral_code: "TESTPARTNER".into(),
                name: "Test Partner Ltd".into(),
                active: true,
                rebate_bp: 1_000,
                user_id: None,
            },
        )
        .await
        .unwrap()
    };
    let list = app.get_as(&root, "/api/v1/admin/stores").await.json();
    let partner = list["partners"][0]["id"].clone();
    assert_eq!(partner, json!(partner_id));
    assert!(
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["code"] == "global" && s["is_default"] == true)
    );

    let mut bad = estore("Pick-up Global");
    bad["code"] = json!("Bad Code");
    bad["kind"] = json!("MINISTORE");
    bad["shipping_methods"] = json!(["pickup"]);
    bad["is_default"] = json!(true);
    let body = send(&app, &root, Method::POST, "/api/v1/admin/stores", bad)
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "code");
    let mut bad = estore("Pick-up Global");
    bad["code"] = json!("pickup-global");
    bad["kind"] = json!("MINISTORE");
    bad["shipping_methods"] = json!(["pickup"]);
    bad["is_default"] = json!(true);
    let body = send(&app, &root, Method::POST, "/api/v1/admin/stores", bad)
        .await
        .assert_problem(422, "validation_failed");
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(
        fields,
        ["shipping_methods", "store_key", "partner_id", "is_default"]
    );

    let mut mini = estore("Test Mini");
    mini["code"] = json!("test-mini");
    mini["kind"] = json!("MINISTORE");
    mini["partner_id"] = partner;
    mini["store_key"] = json!("tm-77aa");
    mini["catalogue"] = json!("selected");
    let res = send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/stores",
        mini.clone(),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["storefront_path"], "/?store=tm-77aa");
    let sel = send(
        &app,
        &root,
        Method::PUT,
        "/api/v1/admin/stores/test-mini/products",
        json!({"skus": ["max-br1-mini", "NOPE-1"]}),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(sel["errors"][0]["field"], "skus[1]");
    let sel = send(
        &app,
        &root,
        Method::PUT,
        "/api/v1/admin/stores/test-mini/products",
        json!({"skus": ["MAX-BR1-MINI"]}),
    )
    .await;
    assert_eq!(sel.json()["skus"], json!(["MAX-BR1-MINI"]));
    app.state.catalog.refresh().await.unwrap();
    let page = app.get_json("/api/v1/products?store=tm-77aa").await;
    assert_eq!(skus(&page), ["MAX-BR1-MINI"]);

    // Two admins: the second save from the same version is refused.
    let loaded = app
        .get_as(&root, "/api/v1/admin/stores/test-mini")
        .await
        .json();
    let mut save = mini.clone();
    save["version"] = loaded["version"].clone();
    save["display_name"] = json!("Test Mini Renamed");
    assert_eq!(
        send(
            &app,
            &root,
            Method::PUT,
            "/api/v1/admin/stores/test-mini",
            save.clone()
        )
        .await
        .status,
        200
    );
    send(
        &app,
        &root,
        Method::PUT,
        "/api/v1/admin/stores/test-mini",
        save,
    )
    .await
    .assert_problem(409, "version_conflict");

    // The default store stays until another takes its place.
    let g = app
        .get_as(&root, "/api/v1/admin/stores/global")
        .await
        .json();
    let mut keep = estore("Global");
    keep["version"] = g["version"].clone();
    keep["display_name"] = g["display_name"].clone();
    let body = send(
        &app,
        &root,
        Method::PUT,
        "/api/v1/admin/stores/global",
        keep,
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "is_default");
}

#[tokio::test]
async fn a_paused_coupon_is_refused_in_the_cart_and_its_usage_shows() {
    let app = app().await;
    let root = admin(&app).await;
    let new = json!({"code": "spring-26", "kind": "percent", "percent_bp": 1500, "description": "Spring sale", "active": true});
    let res = send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/coupons",
        new.clone(),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["code"], "SPRING-26");
    assert_eq!(res.json()["state"], "active");
    let body = send(&app, &root, Method::POST, "/api/v1/admin/coupons", new)
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "code");
    let body = send(&app, &root, Method::POST, "/api/v1/admin/coupons",
        json!({"code": "BAD1", "kind": "fixed", "percent_bp": 10, "active": true, "starts_at": "2027-01-01T00:00:00Z", "ends_at": "2026-01-01T00:00:00Z"}))
        .await
        .assert_problem(422, "validation_failed");
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["amount_cents", "percent_bp", "ends_at"]);

    let shopper = app.register("shopper@example.com", "DE").await;
    let add = send(
        &app,
        &shopper,
        Method::POST,
        "/api/v1/cart/lines?store=global",
        json!({"sku": "MAX-BR1-MINI-LTE-EU", "qty": 1}),
    )
    .await;
    let _ = add;
    let paused = send(&app, &root, Method::PUT, "/api/v1/admin/coupons/spring-26",
        json!({"kind": "percent", "percent_bp": 1500, "description": "Spring sale", "active": false})).await;
    assert_eq!(paused.json()["state"], "paused");
    send(
        &app,
        &shopper,
        Method::POST,
        "/api/v1/cart/coupon?store=global",
        json!({"code": "SPRING-26"}),
    )
    .await
    .assert_problem(422, "coupon_invalid");
    let list = app
        .get_as(&root, "/api/v1/admin/coupons?state=paused")
        .await
        .json();
    assert_eq!(list["items"][0]["code"], "SPRING-26");
    assert_eq!(list["items"][0]["times_used"], 0);
    let log = app
        .state
        .db
        .audit_entries(&uplink_db::audit::AuditFilter {
            resource_id: Some("SPRING-26".into()),
            limit: 10,
            ..Default::default()
        })
        .await
        .unwrap();
    let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["coupon.pause", "coupon.create"]);
}

#[tokio::test]
async fn the_admin_home_shows_each_role_what_waits_for_it() {
    let app = app().await;
    let root = admin(&app).await;
    let sales = staff(&app, "sales@example.com", "is_sales").await;
    let customer = app.register("c@example.com", "DE").await;
    let keys = |v: Value| -> Vec<String> {
        v["attention"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["key"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        keys(app.get_as(&root, "/api/v1/admin/home").await.json()).len(),
        6
    );
    assert_eq!(
        keys(app.get_as(&sales, "/api/v1/admin/home").await.json()),
        ["quotations_waiting", "overdue_credit_invoices"]
    );
    app.get_as(&customer, "/api/v1/admin/home")
        .await
        .assert_problem(403, "forbidden");
    app.get("/api/v1/admin/home")
        .await
        .assert_problem(401, "unauthenticated");
}

#[tokio::test]
async fn the_audit_log_is_append_only_in_the_database() {
    let app = app().await;
    let root = admin(&app).await;
    send(
        &app,
        &root,
        Method::POST,
        "/api/v1/admin/products",
        router("UL-AUDIT-1", None),
    )
    .await;
    let entries = app
        .state
        .db
        .audit_entries(&uplink_db::audit::AuditFilter {
            limit: 10,
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].action, "product.create");
    assert_eq!(entries[0].actor_email, "admin@example.com");
    assert!(
        entries[0]
            .after_json
            .as_deref()
            .unwrap()
            .contains("UL-AUDIT-1")
    );
    for sql in [
        "UPDATE audit_log SET summary = 'edited'",
        "DELETE FROM audit_log",
    ] {
        let err = sqlx::query(sql).execute(app.state.db.writer()).await;
        assert!(err.is_err(), "{sql} must fail");
        assert!(format!("{:?}", err.unwrap_err()).contains("append-only"));
    }
    assert_eq!(audit_count(&app).await, 1);
}

// ----- the role matrix -----

/// Who calls, and the role flag their account carries.
const CALLERS: [(&str, Option<&str>); 6] = [
    ("guest", None),
    ("customer", Some("is_customer")),
    ("partner", Some("is_partner")),
    ("sales", Some("is_sales")),
    ("fulfilment", Some("is_fulfilment")),
    ("admin", Some("is_admin")),
];

/// Every operation under `/staff` or `/admin`: method, path, and the roles
/// that may call it (from its security requirements).
fn staff_operations() -> Vec<(String, String, Vec<String>)> {
    let doc: Value = serde_json::from_str(&uplink_api::openapi_json()).unwrap();
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !(path.starts_with("/api/v1/staff/") || path.starts_with("/api/v1/admin/")) {
            continue;
        }
        for (method, op) in item.as_object().unwrap() {
            let roles: Vec<String> = op["security"]
                .as_array()
                .unwrap_or_else(|| {
                    panic!("{method} {path} declares no security: take RequireRole or RequireStaff")
                })
                .iter()
                .flat_map(|req| req["session"].as_array().cloned().unwrap_or_default())
                .map(|r| r.as_str().unwrap().to_owned())
                .collect();
            assert!(!roles.is_empty(), "{method} {path} needs a staff role");
            out.push((method.to_uppercase(), path.clone(), roles));
        }
    }
    out
}

#[tokio::test]
async fn every_staff_and_admin_operation_answers_each_role_as_spec_1_says() {
    let app = app().await;
    let mut sessions = Vec::new();
    for (name, flag) in CALLERS {
        let s = match flag {
            None => None,
            Some(flag) => Some(staff(&app, &format!("{name}@matrix.example"), flag).await),
        };
        sessions.push((name, s));
    }
    let ops = staff_operations();
    assert!(ops.len() >= 40, "{} operations", ops.len());
    let mut checked = 0;
    for (method, path, roles) in &ops {
        let uri = path
            .split('/')
            .map(|seg| {
                if seg.starts_with('{') {
                    "matrix-x"
                } else {
                    seg
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        for (name, session) in &sessions {
            let allowed = *name == "admin" || roles.iter().any(|r| r == name);
            let res = match session {
                None => app.send_json(method.clone(), &uri, &json!({})).await,
                Some(s) => {
                    let body = (method != Method::GET).then(|| json!({}));
                    app.send_as(s, method.clone(), &uri, body.as_ref()).await
                }
            };
            let status = res.status.as_u16();
            match (session, allowed) {
                (None, _) => assert_eq!(status, 401, "{method} {uri} as a guest: {}", res.text()),
                (Some(_), false) => {
                    assert_eq!(status, 403, "{method} {uri} as {name}: {}", res.text())
                }
                (Some(_), true) => assert!(
                    status != 401 && status != 403 && status < 500,
                    "{method} {uri} as {name} (allowed): {status} {}",
                    res.text()
                ),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, ops.len() * CALLERS.len());
}
