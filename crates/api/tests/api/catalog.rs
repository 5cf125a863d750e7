//! Catalogue, search, stores and serial lookup (issue 3), over the demo catalogue.

use crate::helpers::TestApp;
use axum::body::Body;
use axum::http::Request;
use serde_json::Value;
use uplink_api::http::store::CustomerCountry;

fn skus(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["sku"].as_str().unwrap().to_owned())
        .collect()
}

fn cents(item: &Value) -> i64 {
    item["price"]["cents"].as_i64().unwrap()
}

fn enc(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

// ---------- stores ----------

#[tokio::test]
async fn the_store_list_offers_global_and_us_and_reports_the_current_store() {
    let app = TestApp::with_demo_catalog().await;
    let body = app.get_json("/api/v1/stores").await;
    let codes: Vec<&str> = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["global", "us"]);
    assert_eq!(body["current"]["code"], "global");
    assert_eq!(body["current"]["is_default"], true);
    assert_eq!(body["current"]["kind"], "ESTORE");
    assert_eq!(body["current"]["region"], "Global");
    assert_eq!(body["items"][1]["region"], "US");
    assert!(
        body["items"][1]["shipping_methods"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "pickup")
    );
    assert!(
        !body["items"][0]["shipping_methods"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "pickup")
    );
}

#[tokio::test]
async fn a_mini_store_is_chosen_by_its_key_and_not_by_its_code() {
    let app = TestApp::with_demo_catalog().await;
    let body = app.get_json("/api/v1/stores?store=nwn-7f3k9q").await;
    assert_eq!(body["current"]["code"], "northwind");
    assert_eq!(body["current"]["kind"], "MINISTORE");
    assert_eq!(body["current"]["branding"]["accent_color"], "#0f766e");
    assert!(
        body["current"]["branding"]["logo_url"]
            .as_str()
            .unwrap()
            .starts_with("/api/v1/media/")
    );
    app.get("/api/v1/stores?store=northwind")
        .await
        .assert_problem(422, "validation_failed");
    let referral = app.get_json("/api/v1/stores/ref-uplink").await;
    assert_eq!(referral["kind"], "MINISTORE_REFERRAL_PROGRAM");
    assert_eq!(referral["referral_terms"]["referee_discount_bp"], 1000);
    app.get("/api/v1/stores/northwind")
        .await
        .assert_problem(404, "not_found");
    assert_eq!(app.get_json("/api/v1/stores/us").await["currency"], "USD");
}

#[tokio::test]
async fn the_store_cookie_selects_the_store_when_no_parameter_is_given() {
    let app = TestApp::with_demo_catalog().await;
    let res = app
        .get_with(
            "/api/v1/stores",
            &[("cookie", "theme=dark; uplink_store=us")],
        )
        .await;
    assert_eq!(res.json()["current"]["code"], "us");
    // The parameter wins over the cookie; a stale cookie falls back to the default.
    let res = app
        .get_with(
            "/api/v1/stores?store=global",
            &[("cookie", "uplink_store=us")],
        )
        .await;
    assert_eq!(res.json()["current"]["code"], "global");
    let res = app
        .get_with("/api/v1/stores", &[("cookie", "uplink_store=gone")])
        .await;
    assert_eq!(res.json()["current"]["code"], "global");
}

#[tokio::test]
async fn a_signed_in_customers_country_selects_the_regional_store_after_the_cookie() {
    let app = TestApp::with_demo_catalog().await;
    let mut req = Request::get("/api/v1/stores").body(Body::empty()).unwrap();
    req.extensions_mut().insert(CustomerCountry("US".into()));
    assert_eq!(app.request(req).await.json()["current"]["code"], "us");
    let mut req = Request::get("/api/v1/stores")
        .header("cookie", "uplink_store=global")
        .body(Body::empty())
        .unwrap();
    req.extensions_mut().insert(CustomerCountry("US".into()));
    assert_eq!(app.request(req).await.json()["current"]["code"], "global");
    let mut req = Request::get("/api/v1/stores").body(Body::empty()).unwrap();
    req.extensions_mut().insert(CustomerCountry("DE".into()));
    assert_eq!(app.request(req).await.json()["current"]["code"], "global");
}

#[tokio::test]
async fn an_unknown_store_parameter_is_a_422_naming_the_field() {
    let app = TestApp::with_demo_catalog().await;
    let body = app
        .get("/api/v1/products?store=mars")
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "store");
}

// ---------- categories ----------

#[tokio::test]
async fn the_category_tree_holds_the_fixed_categories_with_product_counts() {
    let app = TestApp::with_demo_catalog().await;
    let tree = app.get_json("/api/v1/categories").await;
    let mut names = Vec::new();
    fn walk(nodes: &Value, names: &mut Vec<(String, u64)>) {
        for n in nodes.as_array().unwrap() {
            names.push((
                n["name"].as_str().unwrap().to_owned(),
                n["product_count"].as_u64().unwrap(),
            ));
            walk(&n["children"], names);
        }
    }
    walk(&tree["items"], &mut names);
    for fixed in [
        "Data Plan License",
        "Cloud",
        "Cloud Connect",
        "Cloud Unlimited",
        "Hardware",
        "Routers",
        "Access Points",
        "Switches",
        "Antennas",
        "Accessories",
        "Licences",
        "Care & Warranty",
        "eSIM",
    ] {
        let (_, count) = names
            .iter()
            .find(|(n, _)| n == fixed)
            .unwrap_or_else(|| panic!("{fixed} missing"));
        assert!(*count > 0, "{fixed} has no products");
    }
    let hardware = tree["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["slug"] == "hardware")
        .unwrap();
    let child_sum: u64 = hardware["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["product_count"].as_u64().unwrap())
        .sum();
    assert_eq!(hardware["product_count"].as_u64().unwrap(), child_sum);
    let cloud = app.get_json("/api/v1/categories/cloud-connect").await;
    assert_eq!(cloud["breadcrumb"][0]["slug"], "speedfusion-cloud");
    app.get("/api/v1/categories/nope")
        .await
        .assert_problem(404, "not_found");
}

// ---------- listing ----------

#[tokio::test]
async fn the_demo_catalogue_lists_at_least_sixty_products_of_every_type_and_both_brands() {
    let app = TestApp::with_demo_catalog().await;
    let page = app.get_json("/api/v1/products?page_size=96").await;
    assert!(page["total"].as_u64().unwrap() >= 60, "{}", page["total"]);
    for t in page["facets"]["types"].as_array().unwrap() {
        assert!(
            t["count"].as_u64().unwrap() > 0,
            "no products of type {}",
            t["value"]
        );
    }
    for b in page["facets"]["brands"].as_array().unwrap() {
        assert!(
            b["count"].as_u64().unwrap() > 0,
            "no products of brand {}",
            b["value"]
        );
    }
    for l in page["facets"]["labels"].as_array().unwrap() {
        assert!(
            l["count"].as_u64().unwrap() > 0,
            "no products with label {}",
            l["value"]
        );
    }
    let first = app.get_json("/api/v1/products").await;
    assert_eq!(first["page_size"], 24);
    assert_eq!(first["items"].as_array().unwrap().len(), 24);
    assert_eq!(first["store"], "global");
    assert_eq!(first["currency"], "USD");
}

#[tokio::test]
async fn facet_counts_match_the_items_each_value_leads_to() {
    let app = TestApp::with_demo_catalog().await;
    let base = "/api/v1/products?page_size=96&category=hardware";
    let page = app.get_json(base).await;
    let total = page["total"].as_u64().unwrap();
    let mut brand_sum = 0;
    for f in page["facets"]["brands"].as_array().unwrap() {
        let n = f["count"].as_u64().unwrap();
        brand_sum += n;
        let filtered = app
            .get_json(&format!(
                "{base}&brand={}",
                enc(f["value"].as_str().unwrap())
            ))
            .await;
        assert_eq!(
            filtered["total"].as_u64().unwrap(),
            n,
            "brand {}",
            f["value"]
        );
        assert!(
            filtered["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|i| i["brand"] == f["value"])
        );
    }
    assert_eq!(brand_sum, total);
    for f in page["facets"]["categories"].as_array().unwrap() {
        let filtered = app
            .get_json(&format!(
                "/api/v1/products?page_size=96&category={}",
                f["slug"].as_str().unwrap()
            ))
            .await;
        assert_eq!(filtered["total"], f["count"], "category {}", f["slug"]);
    }
    for f in page["facets"]["price_bands"].as_array().unwrap() {
        let mut uri = format!("{base}&min_price={}", f["min_cents"]);
        if let Some(max) = f["max_cents"].as_i64() {
            uri.push_str(&format!("&max_price={max}"));
        }
        let filtered = app.get_json(&uri).await;
        assert_eq!(filtered["total"], f["count"], "band {f}");
    }
    let in_stock = app.get_json(&format!("{base}&in_stock=true")).await;
    assert_eq!(in_stock["total"], page["facets"]["in_stock"]);
    assert!(
        in_stock["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["stock_status"] != "out_of_stock")
    );
    // Labels and types over the whole catalogue.
    let all = app.get_json("/api/v1/products?page_size=96").await;
    for f in all["facets"]["labels"].as_array().unwrap() {
        let filtered = app
            .get_json(&format!(
                "/api/v1/products?page_size=96&label={}",
                enc(f["value"].as_str().unwrap())
            ))
            .await;
        assert_eq!(filtered["total"], f["count"], "label {}", f["value"]);
        assert!(
            filtered["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|i| i["labels"].as_array().unwrap().contains(&f["value"]))
        );
    }
    for f in all["facets"]["types"].as_array().unwrap() {
        let filtered = app
            .get_json(&format!(
                "/api/v1/products?page_size=96&type={}",
                f["value"].as_str().unwrap()
            ))
            .await;
        assert_eq!(filtered["total"], f["count"], "type {}", f["value"]);
    }
}

#[tokio::test]
async fn a_dimensions_own_facet_ignores_its_filter_while_the_others_apply_it() {
    let app = TestApp::with_demo_catalog().await;
    let page = app
        .get_json("/api/v1/products?category=routers&brand=Pepwave")
        .await;
    let brands = page["facets"]["brands"].as_array().unwrap();
    let uplink = brands.iter().find(|b| b["value"] == "Uplink").unwrap()["count"]
        .as_u64()
        .unwrap();
    assert!(uplink > 0, "other brands stay visible");
    let pepwave = brands.iter().find(|b| b["value"] == "Pepwave").unwrap()["count"]
        .as_u64()
        .unwrap();
    assert_eq!(pepwave, page["total"].as_u64().unwrap());
    let hardware_type: u64 = page["facets"]["types"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["count"].as_u64().unwrap())
        .sum();
    assert_eq!(hardware_type, page["total"].as_u64().unwrap());
}

#[tokio::test]
async fn filters_combine_or_within_a_dimension_and_and_across() {
    let app = TestApp::with_demo_catalog().await;
    let cloud = app
        .get_json("/api/v1/products?type=cloud&page_size=96")
        .await["total"]
        .as_u64()
        .unwrap();
    let unlimited = app
        .get_json("/api/v1/products?type=cloud-unlimited&page_size=96")
        .await["total"]
        .as_u64()
        .unwrap();
    let both = app
        .get_json("/api/v1/products?type=cloud,cloud-unlimited&page_size=96")
        .await;
    assert_eq!(both["total"].as_u64().unwrap(), cloud + unlimited);
    let repeated = app
        .get_json("/api/v1/products?type=cloud&type=cloud-unlimited")
        .await;
    assert_eq!(repeated["total"], both["total"]);
    let narrowed = app
        .get_json("/api/v1/products?type=cloud,cloud-unlimited&max_price=9999&page_size=96")
        .await;
    assert!(narrowed["total"].as_u64().unwrap() < cloud + unlimited);
    assert!(
        narrowed["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| cents(i) <= 9_999)
    );
    let min = app
        .get_json("/api/v1/products?min_price=100000&page_size=96")
        .await;
    assert!(
        min["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| cents(i) >= 100_000)
    );
}

#[tokio::test]
async fn sort_orders_are_respected() {
    let app = TestApp::with_demo_catalog().await;
    let asc = app
        .get_json("/api/v1/products?sort=price_asc&page_size=96")
        .await;
    let prices: Vec<i64> = asc["items"].as_array().unwrap().iter().map(cents).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let desc = app
        .get_json("/api/v1/products?sort=price_desc&page_size=96")
        .await;
    let prices: Vec<i64> = desc["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(cents)
        .collect();
    assert!(prices.windows(2).all(|w| w[0] >= w[1]), "{prices:?}");
    let name = app
        .get_json("/api/v1/products?sort=name&page_size=96")
        .await;
    let names: Vec<String> = name["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
    let newest = app
        .get_json("/api/v1/products?sort=newest&page_size=96")
        .await;
    let dates: Vec<String> = newest["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["created_at"].as_str().unwrap().to_owned())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");
    let relevance = app.get_json("/api/v1/products?page_size=12").await;
    assert_eq!(relevance["sort"], "relevance");
    let featured = ["MAX-BR1-MINI", "MAX-BR1-PRO-5G-PRM"];
    assert!(
        featured
            .iter()
            .all(|s| skus(&relevance).contains(&s.to_string())),
        "featured first: {:?}",
        skus(&relevance)
    );
}

#[tokio::test]
async fn pages_partition_the_results_and_a_page_past_the_end_is_empty() {
    let app = TestApp::with_demo_catalog().await;
    let all = app
        .get_json("/api/v1/products?sort=name&page_size=96")
        .await;
    let total = all["total"].as_u64().unwrap() as usize;
    let mut seen = Vec::new();
    let mut page = 1;
    loop {
        let p = app
            .get_json(&format!(
                "/api/v1/products?sort=name&page_size=12&page={page}"
            ))
            .await;
        assert_eq!(
            p["page_count"].as_u64().unwrap() as usize,
            total.div_ceil(12)
        );
        let items = skus(&p);
        if items.is_empty() {
            break;
        }
        seen.extend(items);
        page += 1;
    }
    assert_eq!(seen.len(), total);
    assert_eq!(
        seen,
        skus(&all)[..total.min(96)]
            .iter()
            .cloned()
            .chain(seen[total.min(96)..].iter().cloned())
            .collect::<Vec<_>>()
    );
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), total);
    let past = app.get_json("/api/v1/products?page=999").await;
    assert_eq!(past["items"].as_array().unwrap().len(), 0);
    assert_eq!(past["total"].as_u64().unwrap() as usize, total);
}

#[tokio::test]
async fn bad_listing_parameters_are_422_naming_the_field() {
    let app = TestApp::with_demo_catalog().await;
    for (query, field) in [
        ("page_size=10", "page_size"),
        ("page_size=abc", "page_size"),
        ("page=0", "page"),
        ("page=-1", "page"),
        ("sort=cheapest", "sort"),
        ("min_price=-1", "min_price"),
        ("max_price=12.5", "max_price"),
        ("min_price=5000&max_price=100", "max_price"),
        ("category=nope", "category"),
        ("brand=Acme", "brand"),
        ("type=router", "type"),
        ("label=Hot", "label"),
        ("in_stock=maybe", "in_stock"),
    ] {
        let body = app
            .get(&format!("/api/v1/products?{query}"))
            .await
            .assert_problem(422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], field, "{query}: {body}");
    }
    let body = app
        .get("/api/v1/products?page_size=7&sort=x")
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"].as_array().unwrap().len(), 2);
    let long = "a".repeat(201);
    app.get(&format!("/api/v1/search?q={long}"))
        .await
        .assert_problem(422, "validation_failed");
}

// ---------- detail ----------

#[tokio::test]
async fn a_configurable_product_has_variants_options_specification_and_downloads() {
    let app = TestApp::with_demo_catalog().await;
    let p = app.get_json("/api/v1/products/pepwave-max-br1-mini").await;
    assert_eq!(p["type"], "configurable");
    assert_eq!(p["price_from"], true);
    assert_eq!(p["price"]["cents"], 39_900);
    assert_eq!(
        p["purchasable"], false,
        "the parent itself is not purchasable"
    );
    assert_eq!(p["variants"].as_array().unwrap().len(), 3);
    assert_eq!(p["variant_attributes"][0]["code"], "cellular");
    assert_eq!(
        p["variant_attributes"][0]["values"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert_eq!(p["variants"][0]["attributes"]["cellular"], "lte-cat4");
    assert_eq!(
        p["tabs"],
        serde_json::json!([
            "specification",
            "package-content",
            "download",
            "custom-options"
        ])
    );
    let setup = p["custom_options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["code"] == "setup")
        .unwrap();
    assert_eq!(setup["kind"], "select");
    assert_eq!(setup["values"][1]["price_delta"]["kind"], "fixed");
    assert_eq!(setup["values"][2]["price_delta"]["basis_points"], 1500);
    assert!(
        p["specification"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "LTE bands")
    );
    let datasheet = p["downloads"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"] == "datasheet")
        .unwrap();
    assert_eq!(datasheet["content_type"], "application/pdf");
    assert!(datasheet["size_bytes"].as_i64().unwrap() > 500);
    assert_eq!(p["breadcrumb"][0]["slug"], "hardware");
    assert!(!p["related"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_variant_slug_answers_with_its_parent_and_the_variant_selected() {
    let app = TestApp::with_demo_catalog().await;
    let p = app
        .get_json("/api/v1/products/pepwave-max-br1-mini-lte-a-cat-7")
        .await;
    assert_eq!(p["sku"], "MAX-BR1-MINI");
    assert_eq!(p["selected_variant"], "MAX-BR1-MINI-C7");
}

#[tokio::test]
async fn serial_bound_and_esim_products_carry_their_required_options() {
    let app = TestApp::with_demo_catalog().await;
    let care = app.get_json("/api/v1/products/primecare-1-year").await;
    let serials = care["custom_options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["code"] == "serial_numbers")
        .unwrap();
    assert_eq!(serials["kind"], "serial_numbers");
    assert_eq!(serials["required"], true);
    assert_eq!(care["eligibility"]["prime"], "yes");
    let data = app
        .get_json("/api/v1/products/esim-data-10-gb-30-days")
        .await;
    assert_eq!(data["custom_options"][0]["kind"], "iccid");
    assert_eq!(
        data["available"],
        Value::Null,
        "digital products have no stock count"
    );
    assert_eq!(data["stock_status"], "in_stock");
    assert!(
        !data["tabs"]
            .as_array()
            .unwrap()
            .contains(&Value::from("package-content"))
    );
}

#[tokio::test]
async fn an_unknown_or_draft_product_is_a_404_problem() {
    let app = TestApp::with_demo_catalog().await;
    app.get("/api/v1/products/no-such-thing")
        .await
        .assert_problem(404, "not_found");
    app.get("/api/v1/products/uplink-edge-7-preview")
        .await
        .assert_problem(404, "not_found");
    let search = app.get_json("/api/v1/search?q=UL-EDGE7-PREVIEW").await;
    assert!(!skus(&search).contains(&"UL-EDGE7-PREVIEW".to_owned()));
}

// ---------- store-specific prices and availability ----------

#[tokio::test]
async fn the_us_store_has_its_own_prices_and_stock() {
    let app = TestApp::with_demo_catalog().await;
    let global = app
        .get_json("/api/v1/products/pepwave-max-br1-pro-5g-prime")
        .await;
    let us = app
        .get_json("/api/v1/products/pepwave-max-br1-pro-5g-prime?store=us")
        .await;
    assert_eq!(global["price"]["cents"], 149_900);
    assert_eq!(us["price"]["cents"], 144_900);
    assert_eq!(global["available"], 25);
    assert_eq!(us["available"], 40);
    assert_eq!(us["store"], "us");
    let nano_us = app
        .get_json("/api/v1/products/uplink-nano-lte?store=us")
        .await;
    assert_eq!(nano_us["stock_status"], "out_of_stock");
    let by_cookie = app
        .get_with(
            "/api/v1/products/pepwave-max-br1-pro-5g-prime",
            &[("cookie", "uplink_store=us")],
        )
        .await;
    assert_eq!(by_cookie.json()["price"]["cents"], 144_900);
}

#[tokio::test]
async fn a_product_not_sold_in_a_store_is_absent_from_its_listings_and_marked_on_its_page() {
    let app = TestApp::with_demo_catalog().await;
    let us = app
        .get_json("/api/v1/products?store=us&category=esim-profiles")
        .await;
    assert!(!skus(&us).contains(&"ESIM-EU".to_owned()));
    let global = app
        .get_json("/api/v1/products?category=esim-profiles")
        .await;
    assert!(skus(&global).contains(&"ESIM-EU".to_owned()));
    let page = app
        .get_json("/api/v1/products/uplink-esim-europe?store=us")
        .await;
    assert_eq!(page["sold_in_store"], false);
    assert_eq!(page["price"], Value::Null);
    // Region-locked variants: the US store sells only the US models of the Edge 1.
    let edge = app
        .get_json("/api/v1/products/uplink-edge-1?store=us")
        .await;
    let sold: Vec<&str> = edge["variants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["sold_in_store"] == true)
        .map(|v| v["sku"].as_str().unwrap())
        .collect();
    assert_eq!(sold, ["UL-EDGE1-LTE-US", "UL-EDGE1-5G-US"]);
    assert_eq!(edge["price"]["cents"], 32_900);
}

#[tokio::test]
async fn a_mini_store_sells_only_its_selected_products_at_its_prices() {
    let app = TestApp::with_demo_catalog().await;
    let nw = app
        .get_json("/api/v1/products?store=nwn-7f3k9q&page_size=96")
        .await;
    let cats: Vec<&str> = nw["facets"]["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slug"].as_str().unwrap())
        .collect();
    assert!(cats.contains(&"routers") && cats.contains(&"licences"));
    assert!(
        !cats.contains(&"switches") && !cats.contains(&"esim"),
        "{cats:?}"
    );
    let p = app
        .get_json("/api/v1/products/pepwave-balance-20x?store=nwn-7f3k9q")
        .await;
    assert_eq!(p["price"]["cents"], 59_900 * 95 / 100);
    assert_eq!(p["compare_at_price"]["cents"], 59_900);
}

// ---------- search ----------

#[tokio::test]
async fn search_tolerates_one_typo_in_words_of_five_letters_or_more() {
    let app = TestApp::with_demo_catalog().await;
    let routr = app.get_json("/api/v1/search?q=routr&page_size=96").await;
    assert!(routr["total"].as_u64().unwrap() >= 5);
    assert_eq!(routr["approximate"], false);
    assert!(
        routr["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["category"] == "routers")
    );
    let ap = app
        .get_json("/api/v1/search?q=acess%20point&page_size=96")
        .await;
    let items = ap["items"].as_array().unwrap();
    let aps = items
        .iter()
        .filter(|i| i["category"] == "access-points")
        .count();
    assert!(aps >= 5, "{:?}", skus(&ap));
    assert!(
        items[..3].iter().any(|i| i["category"] == "access-points"),
        "{:?}",
        skus(&ap)
    );
    assert!(
        !items
            .iter()
            .any(|i| i["category"] == "antennas" || i["category"] == "cloud"),
        "{:?}",
        skus(&ap)
    );
    // A short word must match exactly.
    let short = app.get_json("/api/v1/search?q=lye").await;
    assert_eq!(short["total"], 0);
}

#[tokio::test]
async fn search_puts_an_exact_sku_first_and_finds_variant_skus() {
    let app = TestApp::with_demo_catalog().await;
    let hit = app.get_json("/api/v1/search?q=SFC-100GB-1Y").await;
    assert_eq!(hit["items"][0]["sku"], "SFC-100GB-1Y");
    let variant = app.get_json("/api/v1/search?q=ul-edge1-5g-us").await;
    assert_eq!(variant["items"][0]["sku"], "UL-EDGE1");
}

#[tokio::test]
async fn search_shares_the_listing_filters_and_requires_a_query() {
    let app = TestApp::with_demo_catalog().await;
    let body = app
        .get("/api/v1/search")
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "q");
    let pepwave = app.get_json("/api/v1/search?q=router&brand=Pepwave").await;
    assert!(
        pepwave["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["brand"] == "Pepwave")
    );
    let brand_counts: u64 = pepwave["facets"]["brands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    let all = app.get_json("/api/v1/search?q=router").await;
    assert_eq!(brand_counts, all["total"].as_u64().unwrap());
    assert_eq!(all["q"], "router");
}

#[tokio::test]
async fn suggestions_complete_a_partly_typed_query_with_at_most_eight_products() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.get_json("/api/v1/search/suggest?q=airp").await;
    let names: Vec<&str> = s["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap())
        .collect();
    assert!(
        !names.is_empty() && names.iter().all(|n| n.contains("AirPoint")),
        "{names:?}"
    );
    let many = app.get_json("/api/v1/search/suggest?q=u").await;
    assert!(many["items"].as_array().unwrap().len() <= 8);
    let cats = app.get_json("/api/v1/search/suggest?q=swit").await;
    assert_eq!(cats["categories"][0]["slug"], "switches");
    let empty = app.get_json("/api/v1/search/suggest?q=").await;
    assert_eq!(empty["items"].as_array().unwrap().len(), 0);
}

// ---------- serials ----------

#[tokio::test]
async fn a_serial_is_normalised_and_a_prime_device_gets_prime_care_only() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.get_json("/api/v1/serials/2a5p%201234-abcd").await;
    assert_eq!(s["serial"], "2A5P-1234-ABCD");
    assert_eq!(s["prime"], true);
    assert_eq!(s["model"]["code"], "BR1-PRO-5G-PRM");
    assert_eq!(s["model"]["hardware_slug"], "pepwave-max-br1-pro-5g-prime");
    let eligible = skus(&serde_json::json!({"items": s["eligible"]}));
    assert!(eligible.contains(&"CARE-PRIME-1Y".to_owned()));
    assert!(eligible.contains(&"SFC-100GB-1Y".to_owned()));
    assert!(!eligible.contains(&"WTY-EXT-1Y".to_owned()));
    let refused = s["not_eligible"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["product"]["sku"] == "WTY-EXT-1Y")
        .unwrap();
    assert!(refused["reason"].as_str().unwrap().contains("prime"));
}

#[tokio::test]
async fn a_non_prime_device_gets_warranty_extensions_and_model_specific_licences() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.get_json("/api/v1/serials/2020-0000-0042").await;
    assert_eq!(s["prime"], false);
    let eligible = skus(&serde_json::json!({"items": s["eligible"]}));
    assert!(eligible.contains(&"WTY-EXT-1Y".to_owned()));
    assert!(eligible.contains(&"LIC-ADV-ROUTING".to_owned()));
    assert!(!eligible.contains(&"CARE-PRIME-1Y".to_owned()));
    let ap = app.get_json("/api/v1/serials/A1AX-0000-0001").await;
    let ap_eligible = skus(&serde_json::json!({"items": ap["eligible"]}));
    assert!(ap_eligible.contains(&"WTY-EXT-AP-1Y".to_owned()));
    assert!(!ap_eligible.contains(&"LIC-ADV-ROUTING".to_owned()));
}

#[tokio::test]
async fn invalid_and_unknown_serials_have_their_own_codes() {
    let app = TestApp::with_demo_catalog().await;
    let body = app
        .get("/api/v1/serials/1234-56")
        .await
        .assert_problem(422, "invalid_serial");
    assert_eq!(body["errors"][0]["field"], "serial");
    app.get("/api/v1/serials/1824-0000-00!0")
        .await
        .assert_problem(422, "invalid_serial");
    app.get("/api/v1/serials/ZZZZ-0000-0000")
        .await
        .assert_problem(404, "unknown_serial");
}

// ---------- media ----------

#[tokio::test]
async fn images_and_downloads_are_served_with_long_caching() {
    let app = TestApp::with_demo_catalog().await;
    let p = app.get_json("/api/v1/products/pepwave-balance-20x").await;
    let image = p["images"][0]["url"].as_str().unwrap();
    let res = app.get(image).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-type"), Some("image/svg+xml"));
    assert!(res.header("cache-control").unwrap().contains("immutable"));
    assert!(res.text().starts_with("<svg"));
    let etag = res.header("etag").unwrap().to_owned();
    let again = app.get_with(image, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, 304);
    let pdf = p["downloads"][0]["url"].as_str().unwrap();
    let res = app.get(pdf).await;
    assert_eq!(res.header("content-type"), Some("application/pdf"));
    assert!(
        res.header("content-disposition")
            .unwrap()
            .starts_with("attachment")
    );
    assert!(res.body.starts_with(b"%PDF-"));
    assert_eq!(
        res.body.len() as i64,
        p["downloads"][0]["size_bytes"].as_i64().unwrap()
    );
    app.get("/api/v1/media/nothing-here.svg")
        .await
        .assert_problem(404, "not_found");
}

// ---------- read model ----------

#[tokio::test]
async fn the_read_model_follows_the_catalogue_version() {
    let app = TestApp::with_demo_catalog().await;
    let before = app.get_json("/api/v1/products/pepwave-surf-soho").await;
    assert_eq!(before["price"]["cents"], 19_900);
    let id = before["id"].as_str().unwrap().to_owned();
    assert!(app.state.db.set_list_price(&id, 17_900).await.unwrap());
    app.state.db.set_stock(&id, "Global", 0).await.unwrap();
    assert!(
        app.state.catalog.refresh().await.unwrap(),
        "a new version rebuilds"
    );
    let after = app.get_json("/api/v1/products/pepwave-surf-soho").await;
    assert_eq!(after["price"]["cents"], 17_900);
    assert_eq!(after["stock_status"], "out_of_stock");
    assert!(
        !app.state.catalog.refresh().await.unwrap(),
        "an unchanged version does not"
    );
}

/// Everything a snapshot serves from, printed: products, store views,
/// orders, stock statuses and units (to compare a patched snapshot with a
/// full build of the same rows).
fn served(s: &uplink_api::read_model::Snapshot) -> String {
    use uplink_domain::catalog::Warehouse;
    let products: Vec<_> = s.products.iter().map(|p| &**p).collect();
    let units: Vec<_> = (0..s.products.len() as u32)
        .map(|i| {
            (
                s.available_in(i, Warehouse::Us),
                s.available_in(i, Warehouse::Global),
            )
        })
        .collect();
    format!(
        "{products:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{units:?}",
        s.views,
        s.status,
        s.listable,
        s.order_relevance,
        s.order_name,
        s.order_newest,
        s.by_main_category,
    )
}

/// Commits `sql` (each bound to the product id after it) as one catalogue
/// version that names the products it changed, as the back-office does.
async fn commit_naming(app: &TestApp, changes: &[(&str, &str)]) {
    let mut tx = app.state.db.begin_write().await.unwrap();
    for (sql, id) in changes {
        sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
            .bind(id.to_string())
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    let ids: Vec<&str> = changes.iter().map(|c| c.1).collect();
    uplink_db::catalog::bump_catalog_version_for_in(&mut tx, &ids)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_price_change_is_patched_into_the_snapshot_and_serves_what_a_full_build_serves() {
    use std::sync::Arc;
    let app = TestApp::with_demo_catalog().await;
    let catalog = &app.state.catalog;
    let before = catalog.snapshot().await.unwrap();
    let simple = before.product_by_slug("pepwave-surf-soho").unwrap();
    let variant = (0..before.products.len() as u32)
        .find(|&i| before.product(i).parent.is_some())
        .expect("the demo catalogue has variants");
    let parent = before.product(variant).parent.unwrap();
    let (store_priced, partner_priced): (String, Option<String>) = sqlx::query_as(
        "SELECT (SELECT product_id FROM product_prices ORDER BY product_id, store_code LIMIT 1), \
                (SELECT product_id FROM partner_prices ORDER BY product_id, store_code LIMIT 1)",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    let untouched = (0..before.products.len() as u32)
        .find(|&i| {
            let p = before.product(i);
            ![simple, variant, parent].contains(&i)
                && p.parent.is_none()
                && p.variants.is_empty()
                && p.id != store_priced
                && partner_priced.as_ref() != Some(&p.id)
        })
        .unwrap();
    let id = |i: u32| before.product(i).id.clone();
    let (simple_id, variant_id) = (id(simple), id(variant));

    // A list price, a variant made the cheapest of its family (the card
    // follows) without images of its own (it takes its parent's), a store
    // price moved and taken off sale, a partner price moved (when the demo
    // catalogue has partner prices).
    let mut changes = vec![
        (
            "UPDATE products SET price_cents = price_cents + 1 WHERE id = $1",
            simple_id.as_str(),
        ),
        (
            "UPDATE products SET price_cents = 100 WHERE id = $1",
            variant_id.as_str(),
        ),
        (
            "DELETE FROM product_images WHERE product_id = $1",
            variant_id.as_str(),
        ),
        (
            "UPDATE product_prices SET price_cents = price_cents + 100, sold = NOT sold WHERE product_id = $1",
            store_priced.as_str(),
        ),
    ];
    if let Some(partner) = partner_priced.as_deref() {
        changes.push((
            "UPDATE partner_prices SET price_cents = price_cents + 7 WHERE product_id = $1",
            partner,
        ));
    }
    // A listing page in use: the patched snapshot starts with it computed again.
    let page = "/api/v1/products?sort=price_asc&page_size=24";
    let before_page = app.get(page).await.text();
    commit_naming(&app, &changes).await;
    assert!(catalog.refresh().await.unwrap());
    let patched = catalog.loaded().unwrap();
    let key = "products?sort=price_asc&page_size=24";
    assert!(
        patched.answers.keys().iter().any(|(_, k)| k == key),
        "the page in use was warmed"
    );
    assert!(
        Arc::ptr_eq(
            &before.products[untouched as usize],
            &patched.products[untouched as usize]
        ),
        "an untouched product is shared: the change was patched in, not built again"
    );
    assert!(Arc::ptr_eq(&before.search, &patched.search));
    assert_eq!(
        patched.product(simple).list_price,
        before.product(simple).list_price + 1
    );
    let full =
        uplink_api::read_model::Snapshot::build(app.state.db.load_catalog().await.unwrap(), None)
            .unwrap();
    assert_eq!(served(&patched), served(&full));
    let served_page = app.get(page).await.text();
    let store = full.store_by_code("global").unwrap();
    let fresh = uplink_api::catalog::query::warm_answer(&Arc::new(full), store, key).unwrap();
    assert_eq!(
        served_page.as_bytes(),
        &fresh[..],
        "the warmed page is the new snapshot's"
    );
    assert_ne!(
        served_page, before_page,
        "the variant's new price moved the cheapest first"
    );

    // A new name changes what search finds: everything is built again.
    commit_naming(
        &app,
        &[(
            "UPDATE products SET name = name || ' II' WHERE id = $1",
            &simple_id,
        )],
    )
    .await;
    assert!(catalog.refresh().await.unwrap());
    let rebuilt = catalog.loaded().unwrap();
    assert!(!Arc::ptr_eq(
        &patched.products[untouched as usize],
        &rebuilt.products[untouched as usize]
    ));
    assert!(rebuilt.product(simple).name.ends_with(" II"));
    let full =
        uplink_api::read_model::Snapshot::build(app.state.db.load_catalog().await.unwrap(), None)
            .unwrap();
    assert_eq!(served(&rebuilt), served(&full));
}

#[tokio::test]
async fn an_empty_catalogue_answers_with_empty_lists() {
    let app = TestApp::new().await;
    let page = app.get_json("/api/v1/products").await;
    assert_eq!(page["total"], 0);
    assert_eq!(page["store"], "global");
    assert_eq!(
        app.get_json("/api/v1/categories").await["items"],
        serde_json::json!([])
    );
    app.get("/api/v1/products/anything")
        .await
        .assert_problem(404, "not_found");
}

#[tokio::test]
async fn the_openapi_document_lists_the_catalogue_and_the_store_parameter() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    for path in [
        "/api/v1/stores",
        "/api/v1/stores/{code}",
        "/api/v1/categories",
        "/api/v1/products",
        "/api/v1/products/{slug}",
        "/api/v1/search",
        "/api/v1/search/suggest",
        "/api/v1/serials/{serial}",
    ] {
        assert!(doc["paths"][path]["get"].is_object(), "{path}");
    }
    let params = doc["paths"]["/api/v1/products"]["get"]["parameters"]
        .as_array()
        .unwrap();
    for name in [
        "store",
        "category",
        "brand",
        "type",
        "label",
        "min_price",
        "max_price",
        "in_stock",
        "q",
        "sort",
        "page",
        "page_size",
    ] {
        assert!(params.iter().any(|p| p["name"] == name), "{name}");
    }
}

#[tokio::test]
async fn a_us_customers_session_selects_the_us_store_without_a_cookie() {
    let app = TestApp::with_demo_catalog().await;
    let us = app.register("us-buyer@example.com", "US").await;
    assert_eq!(
        app.get_as(&us, "/api/v1/stores").await.json()["current"]["code"],
        "us"
    );
    let de = app.register("de-buyer@example.com", "DE").await;
    assert_eq!(
        app.get_as(&de, "/api/v1/stores").await.json()["current"]["code"],
        "global"
    );
}

/// Times the stock-only reload (D69) on a big catalogue, e.g. after
/// `uplink seed-bench --products 10000 --database-url sqlite:///tmp/ls.db`:
/// `UPLINK_STOCK_BENCH_DB=sqlite:///tmp/ls.db cargo nextest run -p uplink-api --run-ignored only --no-capture stock_only_reload`
#[tokio::test]
#[ignore = "needs a seeded benchmark database in UPLINK_STOCK_BENCH_DB"]
async fn a_stock_only_reload_of_a_big_catalogue_is_timed() {
    use std::time::Instant;
    let url = std::env::var("UPLINK_STOCK_BENCH_DB").expect("UPLINK_STOCK_BENCH_DB");
    let db = uplink_db::Db::connect(&url).await.unwrap();
    db.migrate().await.unwrap();
    let catalog = uplink_api::read_model::Catalog::new(db.clone());
    let started = Instant::now();
    catalog.refresh().await.unwrap();
    let full = started.elapsed();
    let snap = catalog.loaded().unwrap();
    let (product, was): (String, i64) = sqlx::query_as(
        "SELECT product_id, available FROM stock WHERE warehouse = 'Global' AND available > 5 ORDER BY product_id LIMIT 1",
    )
    .fetch_one(db.pool())
    .await
    .unwrap();
    let set = |n: i64| {
        sqlx::query(
            "UPDATE stock SET available = $1 WHERE product_id = $2 AND warehouse = 'Global'",
        )
        .bind(n)
        .bind(product.clone())
        .execute(db.pool())
    };
    let mut reloads = Vec::new();
    for i in 0..10 {
        set(if i % 2 == 0 { 0 } else { was }).await.unwrap();
        let started = Instant::now();
        assert!(catalog.refresh().await.unwrap());
        reloads.push(started.elapsed());
        let now = catalog.loaded().unwrap();
        assert_eq!(now.version, snap.version);
        assert!(std::ptr::eq(&now.search, &snap.search));
    }
    set(was).await.unwrap();
    catalog.refresh().await.unwrap();
    let rows = db.load_stock().await.unwrap();
    let started = Instant::now();
    let rebuilt = snap.with_stock(rows.versions.stock, &rows.stock);
    let in_memory = started.elapsed();
    reloads.sort();
    eprintln!(
        "products {}, stock rows {}: full build {full:?}; stock-only reload (query + rebuild) median {:?}, max {:?}; in-memory part {in_memory:?}",
        rebuilt.products.len(),
        rows.stock.len(),
        reloads[reloads.len() / 2],
        reloads[reloads.len() - 1],
    );
}

#[tokio::test]
async fn the_detail_carries_the_description_rendered_on_the_server() {
    let app = TestApp::with_demo_catalog().await;
    let p = app.get_json("/api/v1/products/max-br1-pro-5g-prm").await;
    let markdown = p["description"].as_str().unwrap();
    let html = p["description_html"].as_str().unwrap();
    assert!(!markdown.is_empty() && html.starts_with('<'), "{html}");
    assert!(
        !html.contains("<h1") && !html.contains("<h2"),
        "headings start at h3: {html}"
    );
    assert!(!html.contains("<script") && !html.contains("**"), "{html}");
}
