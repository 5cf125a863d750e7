//! The API keeps its word (SPEC §2, §16): money that cannot wrap, bounded
//! quantities, authorisation before anything else on staff endpoints, and an
//! OpenAPI document whose error answers are what the server sends.

use crate::helpers::{Session, TestApp};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};
use uplink_domain::cart::{MAX_LINE_QTY, MAX_ORDER_QTY};
use uplink_domain::error_code::ErrorCode;

/// Digital, $1,299, no maximum of its own: the product of the overflow report.
const POOL: &str = "ESIM-POOL-2TB-1Y";

/// The quantities of the report: a subtotal that wraps, a negative total,
/// and a total of exactly $1.00.
const OVERFLOWING: [i64; 3] = [1_000_000_000_000_000, i64::MAX, 976_299_965_409_955_099];

async fn app() -> TestApp {
    let app = TestApp::with_demo_catalog().await;
    uplink_seed::seed_demo_cart(&app.state.db)
        .await
        .expect("seed coupons");
    app
}

async fn orders(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM orders")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

async fn place(
    app: &TestApp,
    s: &Session,
    key: &str,
    payment: Value,
) -> crate::helpers::TestResponse {
    let body = json!({
        "billing": {"address": {"name": "Test Person", "line1": "Hauptstrasse 1", "city": "Berlin",
            "postal_code": "10115", "country": "DE", "phone": "030123456789"}},
        "payment": payment,
    });
    app.place_order(s, key, &body, "").await
}

#[tokio::test]
async fn overflowing_quantities_are_refused_and_place_no_order() {
    let app = app().await;
    let s = app.register("overflow@example.com", "DE").await;
    for qty in OVERFLOWING {
        let res = app
            .send_as(
                &s,
                Method::POST,
                "/api/v1/cart/lines",
                Some(&json!({"sku": POOL, "qty": qty})),
            )
            .await;
        let body = res.assert_problem(422, "invalid_quantity");
        assert_eq!(body["errors"][0]["field"], "qty", "{body}");
    }
    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(cart["lines"].as_array().unwrap().len(), 0, "{cart}");
    place(&app, &s, "bt", json!({"method": "bank_transfer"}))
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(orders(&app).await, 0);
}

#[tokio::test]
async fn the_store_wide_line_maximum_holds_for_products_without_one() {
    let app = app().await;
    let s = app.register("max@example.com", "DE").await;
    let add = |qty: i64| {
        let body = json!({"sku": POOL, "qty": qty});
        let app = &app;
        let s = &s;
        async move {
            app.send_as(s, Method::POST, "/api/v1/cart/lines", Some(&body))
                .await
        }
    };
    assert_eq!(add(MAX_LINE_QTY).await.status, 201);
    // The same line again would hold twice the maximum.
    add(1).await.assert_problem(422, "invalid_quantity");
    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    let line = &cart["lines"][0];
    assert_eq!(line["qty"], MAX_LINE_QTY);
    assert_eq!(line["quantity_rules"]["max"], MAX_LINE_QTY, "{line}");
    assert_eq!(cart["totals"]["total"]["cents"], 129_900 * MAX_LINE_QTY);
    let id = line["id"].as_str().unwrap();
    app.send_as(
        &s,
        Method::PATCH,
        &format!("/api/v1/cart/lines/{id}"),
        Some(&json!({"qty": i64::MAX})),
    )
    .await
    .assert_problem(422, "invalid_quantity");
}

/// A line saved before the bounds existed (or written by another path) is
/// shown with `invalid_quantity`, counts zero, and cannot be ordered.
#[tokio::test]
async fn a_stored_line_beyond_the_bounds_is_flagged_and_never_ordered() {
    let app = app().await;
    let s = app.register("legacy@example.com", "DE").await;
    // Two lines of one product (another start date makes another line), so
    // the stock and order checks add their quantities too.
    for start in ["2030-01-01", "2030-02-01"] {
        let body = json!({"sku": POOL, "qty": 1, "options": {"start_date": start}});
        let res = app
            .send_as(&s, Method::POST, "/api/v1/cart/lines", Some(&body))
            .await;
        assert_eq!(res.status, 201, "{}", res.text());
    }
    for qty in OVERFLOWING {
        sqlx::query("UPDATE cart_lines SET qty = $1")
            .bind(qty)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        let cart = app.get_as(&s, "/api/v1/cart").await.json();
        for line in cart["lines"].as_array().unwrap() {
            assert_eq!(line["problem"]["code"], "invalid_quantity", "{cart}");
        }
        assert_eq!(cart["totals"]["total"]["cents"], 0, "{cart}");
        place(
            &app,
            &s,
            &format!("bt-{qty}"),
            json!({"method": "bank_transfer"}),
        )
        .await
        .assert_problem(422, "invalid_quantity");
    }
    assert_eq!(orders(&app).await, 0);
}

#[tokio::test]
async fn no_write_takes_the_cart_past_the_order_maximum() {
    let app = app().await;
    let s = app.register("bulk@example.com", "DE").await;
    // Each start date makes its own line of the pool; ten full lines fill the order.
    let line = |day: i64, qty: i64| json!({"sku": POOL, "qty": qty, "options": {"start_date": format!("2030-01-{day:02}")}});
    for day in 1..=MAX_ORDER_QTY / MAX_LINE_QTY {
        let res = app
            .send_as(
                &s,
                Method::POST,
                "/api/v1/cart/lines",
                Some(&line(day, MAX_LINE_QTY)),
            )
            .await;
        assert_eq!(res.status, 201, "line {day}: {}", res.text());
    }
    app.send_as(&s, Method::POST, "/api/v1/cart/lines", Some(&line(28, 1)))
        .await
        .assert_problem(422, "invalid_quantity");
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/cart/quick-order",
            Some(&json!({"rows": [{"sku": "ESIM-POOL-500GB-1Y", "qty": 1}]})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let body = res.json();
    assert_eq!(body["added"], 0, "{body}");
    assert_eq!(body["results"][0]["code"], "invalid_quantity", "{body}");
    assert_eq!(body["cart"]["item_count"], MAX_ORDER_QTY, "{body}");
    // The full cart itself is a valid order: $1,299 × 100,000 is within the total bound.
    let res = place(&app, &s, "full", json!({"method": "bank_transfer"})).await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(
        res.json()["totals"]["total"]["cents"],
        129_900 * MAX_ORDER_QTY
    );
}

/// Every staff and admin operation of the document, called by a customer
/// with an empty, a malformed and a non-JSON body: 403 each time, before any
/// body is read.
#[tokio::test]
async fn a_customer_gets_403_from_every_staff_endpoint_whatever_the_body() {
    let app = app().await;
    let s = app.register("nosy@example.com", "DE").await;
    let doc: Value = serde_json::from_str(&uplink_api::openapi_json()).unwrap();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !(path.starts_with("/api/v1/staff") || path.starts_with("/api/v1/admin")) {
            continue;
        }
        let uri = fill_path_params(path);
        for (method, _) in item.as_object().unwrap() {
            let method: Method = method.to_uppercase().parse().unwrap();
            for (content_type, body) in [
                ("application/json", "{}"),
                ("application/json", "{not json"),
                ("text/plain", "hello"),
            ] {
                let req = Request::builder()
                    .method(method.clone())
                    .uri(&uri)
                    .header(
                        "cookie",
                        format!("uplink_session={}; uplink_csrf={}", s.token, s.csrf),
                    )
                    .header("x-csrf-token", &s.csrf)
                    .header("content-type", content_type)
                    .body(Body::from(body))
                    .unwrap();
                let res = app.request(req).await;
                assert_eq!(
                    res.status,
                    403,
                    "{method} {uri} with {body:?}: {}",
                    res.text()
                );
                assert_eq!(res.json()["code"], "forbidden");
                checked += 1;
            }
        }
    }
    assert!(checked >= 3 * 10, "staff operations found: {}", checked / 3);
}

fn fill_path_params(path: &str) -> String {
    path.split('/')
        .map(|seg| {
            if seg.starts_with('{') {
                "UL-000001"
            } else {
                seg
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Every error answer in the document is `application/problem+json` with
/// the `Problem` schema, and names at least one code of the catalogue.
#[tokio::test]
async fn every_documented_error_is_problem_json_with_a_catalogue_code() {
    let doc: Value = serde_json::from_str(&uplink_api::openapi_json()).unwrap();
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    let mut errors = 0;
    let mut nameless = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Some(responses) = op["responses"].as_object() else {
                continue;
            };
            for (status, response) in responses {
                if !status.starts_with('4') {
                    continue;
                }
                errors += 1;
                let content = response["content"]
                    .as_object()
                    .unwrap_or_else(|| panic!("{method} {path} {status} has no content"));
                assert_eq!(
                    content.keys().collect::<Vec<_>>(),
                    ["application/problem+json"],
                    "{method} {path} {status}"
                );
                assert_eq!(
                    content["application/problem+json"]["schema"]["$ref"],
                    "#/components/schemas/Problem",
                    "{method} {path} {status}"
                );
                let description = response["description"].as_str().unwrap_or_default();
                if !codes
                    .iter()
                    .any(|c| description.contains(&format!("`{c}`")))
                {
                    nameless.push(format!("{method} {path} {status}: {description:?}"));
                }
            }
        }
    }
    assert!(
        nameless.is_empty(),
        "error answers that name no code of SPEC §16:\n{}",
        nameless.join("\n")
    );
    assert!(errors > 100, "error answers documented: {errors}");
}

/// Operations that take a JSON body document the answers of a bad one, and
/// signed-in operations document 401.
#[tokio::test]
async fn the_statuses_of_each_extractor_are_documented() {
    let doc: Value = serde_json::from_str(&uplink_api::openapi_json()).unwrap();
    let op = |path: &str, method: &str| doc["paths"][path][method].clone();
    let add_line = op("/api/v1/cart/lines", "post");
    for status in ["400", "413", "415", "422", "409"] {
        assert!(
            add_line["responses"][status].is_object(),
            "cart/lines {status}"
        );
    }
    let me = op("/api/v1/me", "get");
    assert!(me["responses"]["401"].is_object());
    let staff = op("/api/v1/staff/orders/{number}/cancel", "post");
    assert!(staff["responses"]["401"].is_object());
    assert!(
        staff["responses"]["403"]["description"]
            .as_str()
            .unwrap()
            .contains("`forbidden`")
    );
    // The store parameter is documented wherever the store is chosen.
    let products = op("/api/v1/products", "get");
    assert!(
        products["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "store"),
        "{products}"
    );
}

/// Routers register handlers only through `api_routes!`, which documents the
/// extractors' answers; a bare `routes!` would leave them out.
#[test]
fn every_router_registers_its_handlers_through_api_routes() {
    fn visit(dir: &std::path::Path, bad: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                visit(&path, bad);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    let bare = line
                        .match_indices("routes!(")
                        .any(|(at, _)| !line[..at].ends_with("api_"));
                    if bare && !path.ends_with("route_docs.rs") {
                        bad.push(format!("{}:{}", path.display(), i + 1));
                    }
                }
            }
        }
    }
    let mut bad = Vec::new();
    visit(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut bad,
    );
    assert!(
        bad.is_empty(),
        "use api_routes! instead of routes!: {bad:?}"
    );
}

/// D81: an undocumented query parameter is ignored by every operation; the
/// answer is the one the same request gets without it.
#[tokio::test]
async fn unknown_query_parameters_are_ignored_everywhere() {
    let app = app().await;
    let s = app.register("query@example.com", "DE").await;
    let doc: Value = serde_json::from_str(&uplink_api::openapi_json()).unwrap();
    let mut differ = Vec::new();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        if item.get("get").is_none() || path.contains("logout") {
            continue;
        }
        let uri = fill_path_params(path);
        let required: Vec<String> = item["get"]["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["in"] == "query" && p["required"] == true)
            .map(|p| format!("{}=x", p["name"].as_str().unwrap()))
            .collect();
        let base = if required.is_empty() {
            uri.clone()
        } else {
            format!("{uri}?{}", required.join("&"))
        };
        let sep = if base.contains('?') { '&' } else { '?' };
        let plain = app.get_as(&s, &base).await.status;
        let extra = app
            .get_as(&s, &format!("{base}{sep}zz_unknown=1"))
            .await
            .status;
        if plain != extra {
            differ.push(format!("GET {base}: {plain} without, {extra} with"));
        }
        checked += 1;
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(checked > 20, "GET operations checked: {checked}");
}

/// Negative data found by schemathesis: an empty filter value was read as
/// "no filter"; it is refused now, as the document says it must be.
#[tokio::test]
async fn an_empty_listing_filter_is_refused_and_suggest_takes_an_absent_q() {
    let app = app().await;
    for query in ["brand=", "type=hardware,", "min_price=", "page_size="] {
        let body = app
            .get(&format!("/api/v1/products?{query}"))
            .await
            .assert_problem(422, "validation_failed");
        let field = query.split('=').next().unwrap();
        assert_eq!(body["errors"][0]["field"], field, "{body}");
    }
    assert_eq!(app.get("/api/v1/products?q=").await.status, 200);
    let res = app.get("/api/v1/search/suggest").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["items"], json!([]));
}
