//! Catalogue storage conformance: the same assertions on SQLite and PostgreSQL.

use uplink_db::testing::TestDb;

#[tokio::test]
async fn media_bytes_round_trip() {
    let t = TestDb::new().await;
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let rows = t.db.load_catalog().await.unwrap();
    let d = &rows.downloads[0];
    let m = t.db.media(&d.media_key).await.unwrap().unwrap();
    assert_eq!(m.body.len() as i64, m.size_bytes);
    assert_eq!(m.size_bytes, d.size_bytes);
    assert!(m.body.starts_with(b"%PDF") || m.content_type.starts_with("text/"));
    assert!(t.db.media("missing").await.unwrap().is_none());
}

#[tokio::test]
async fn catalogue_changes_bump_the_version() {
    let t = TestDb::new().await;
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let v1 = t.db.catalog_version().await.unwrap();
    let rows = t.db.load_catalog().await.unwrap();
    let p = &rows.products[0];
    assert!(t.db.set_list_price(&p.id, 12_345).await.unwrap());
    let v2 = t.db.catalog_version().await.unwrap();
    assert!(v2 > v1);
    t.db.set_stock(&p.id, "US", 7).await.unwrap();
    assert!(t.db.catalog_version().await.unwrap() > v2);
    let rows = t.db.load_catalog().await.unwrap();
    assert_eq!(
        rows.products
            .iter()
            .find(|x| x.id == p.id)
            .unwrap()
            .price_cents,
        12_345
    );
    let s = rows
        .stock
        .iter()
        .find(|s| s.product_id == p.id && s.warehouse == "US")
        .unwrap();
    assert_eq!((s.available, s.on_hand), (7, 7));
    assert_eq!(
        t.db.bump_catalog_version().await.unwrap(),
        t.db.catalog_version().await.unwrap()
    );
}

#[tokio::test]
async fn stock_decrements_only_when_enough_is_available() {
    let t = TestDb::new().await;
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let rows = t.db.load_catalog().await.unwrap();
    let s = rows.stock.iter().find(|s| s.available >= 3).unwrap();
    let take = |n: i64| {
        sqlx::query("UPDATE stock SET available = available - $1 WHERE product_id = $2 AND warehouse = $3 AND available >= $1")
            .bind(n)
            .bind(s.product_id.clone())
            .bind(s.warehouse.clone())
    };
    assert_eq!(
        take(s.available)
            .execute(t.db.pool())
            .await
            .unwrap()
            .rows_affected(),
        1
    );
    assert_eq!(
        take(1).execute(t.db.pool()).await.unwrap().rows_affected(),
        0
    );
    // The CHECK constraint refuses a negative balance even from a careless query.
    let negative =
        sqlx::query("UPDATE stock SET available = -1 WHERE product_id = $1 AND warehouse = $2")
            .bind(s.product_id.clone())
            .bind(s.warehouse.clone())
            .execute(t.db.pool())
            .await;
    assert!(negative.is_err());
}

/// Sets one stock row directly (a staff correction or a test's arrangement).
async fn set_available(t: &TestDb, product: &str, warehouse: &str, n: i64) {
    sqlx::query("UPDATE stock SET available = $1 WHERE product_id = $2 AND warehouse = $3")
        .bind(n)
        .bind(product)
        .bind(warehouse)
        .execute(t.db.pool())
        .await
        .unwrap();
}

#[tokio::test]
async fn a_stock_write_bumps_the_stock_version_only_when_the_band_changes() {
    let t = TestDb::new().await;
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let rows = t.db.load_catalog().await.unwrap();
    let s = rows.stock[0].clone();
    let (p, w) = (s.product_id.as_str(), s.warehouse.as_str());
    let catalog = t.db.versions().await.unwrap().catalog;
    // Every transition between out of stock (0), low (1..=5) and in stock (6+),
    // and within each band: the trigger's bands are `StockStatus`'s.
    let amounts = [0, 1, 4, 5, 6, 9];
    for before in amounts {
        for after in amounts {
            set_available(&t, p, w, before).await;
            let v0 = t.db.versions().await.unwrap();
            set_available(&t, p, w, after).await;
            let v1 = t.db.versions().await.unwrap();
            assert_eq!(
                v1.stock - v0.stock,
                i64::from(uplink_db::stock::band_changes(before, after)),
                "{before} -> {after}"
            );
            assert_eq!(v1.catalog, catalog, "stock never bumps the catalogue");
        }
    }

    // The order functions: the bump is part of their transaction.
    set_available(&t, p, w, 6).await;
    let version = || async { t.db.versions().await.unwrap().stock };
    let v = version().await;
    let mut tx = t.db.begin_write().await.unwrap();
    assert!(
        uplink_db::stock::take_stock(&mut tx, p, w, 1)
            .await
            .unwrap()
            .taken
    );
    tx.rollback().await.unwrap();
    assert_eq!(version().await, v, "a rolled-back order bumps nothing");

    let mut tx = t.db.begin_write().await.unwrap();
    assert!(
        uplink_db::stock::take_stock(&mut tx, p, w, 1)
            .await
            .unwrap()
            .taken
    ); // 6 -> 5: low
    assert!(
        uplink_db::stock::take_stock(&mut tx, p, w, 1)
            .await
            .unwrap()
            .taken
    ); // 5 -> 4: low
    assert!(
        !uplink_db::stock::take_stock(&mut tx, p, w, 5)
            .await
            .unwrap()
            .taken
    ); // too few
    tx.commit().await.unwrap();
    assert_eq!(version().await, v + 1);

    let mut tx = t.db.begin_write().await.unwrap();
    assert!(
        !uplink_db::stock::return_stock(&mut tx, p, w, 1)
            .await
            .unwrap(),
        "4 -> 5 stays low"
    );
    assert!(
        uplink_db::stock::return_stock(&mut tx, p, w, 3)
            .await
            .unwrap(),
        "5 -> 8: in stock"
    );
    tx.commit().await.unwrap();
    assert_eq!(version().await, v + 2);
}

/// Two orders that lock stock rows in product order never wait for each other
/// on the version counter (PostgreSQL bumps it at commit): A changes a band
/// on P1 and then needs P2, which B holds with a band change of its own.
#[tokio::test]
async fn crossing_band_changes_of_two_orders_do_not_deadlock() {
    let t = TestDb::new().await;
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let rows = t.db.load_catalog().await.unwrap();
    let mut global: Vec<String> = rows
        .stock
        .iter()
        .filter(|s| s.warehouse == "Global")
        .map(|s| s.product_id.clone())
        .collect();
    global.sort();
    let (p1, p2) = (global[0].clone(), global[1].clone());
    set_available(&t, &p1, "Global", 1).await;
    set_available(&t, &p2, "Global", 7).await;
    let v = t.db.versions().await.unwrap().stock;

    let mut a = t.db.begin_write().await.unwrap();
    assert!(
        uplink_db::stock::take_stock(&mut a, &p1, "Global", 1)
            .await
            .unwrap()
            .taken
    ); // 1 -> 0
    let db = t.db.clone();
    let p2b = p2.clone();
    let b = tokio::spawn(async move {
        let mut b = db.begin_write().await.unwrap();
        assert!(
            uplink_db::stock::take_stock(&mut b, &p2b, "Global", 2)
                .await
                .unwrap()
                .taken
        ); // 7 -> 5
        b.commit().await.unwrap();
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let take = uplink_db::stock::take_stock(&mut a, &p2, "Global", 1); // waits for B on PostgreSQL
    let taken = tokio::time::timeout(std::time::Duration::from_secs(20), take)
        .await
        .expect("no deadlock")
        .unwrap();
    assert!(taken.taken);
    a.commit().await.unwrap();
    b.await.unwrap();
    assert_eq!(t.db.versions().await.unwrap().stock, v + 2);
}

/// One query answers for several products and for one; a product without a
/// stock row in the warehouse has nothing available.
#[tokio::test]
async fn available_stock_reads_several_products_or_one_and_missing_rows_are_zero() {
    let t = TestDb::new().await;
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let rows = t.db.load_catalog().await.unwrap();
    let mut global: Vec<String> = rows
        .stock
        .iter()
        .filter(|s| s.warehouse == "Global")
        .map(|s| s.product_id.clone())
        .collect();
    global.sort();
    let (p1, p2) = (global[0].as_str(), global[1].as_str());
    set_available(&t, p1, "Global", 3).await;
    set_available(&t, p2, "Global", 0).await;

    let mut conn = t.db.pool().acquire().await.unwrap();
    let none = uplink_db::stock::available_stock(&mut conn, "Global", &[])
        .await
        .unwrap();
    assert!(none.is_empty());
    let both = uplink_db::stock::available_stock(&mut conn, "Global", &[p1, p2, "no_such_product"])
        .await
        .unwrap();
    assert_eq!(both.get(p1), Some(&3));
    assert_eq!(both.get(p2), Some(&0));
    assert_eq!(both.get("no_such_product"), None);

    for (product, warehouse, want) in [
        (p1, "Global", 3),
        (p2, "Global", 0),
        ("no_such_product", "Global", 0),
        (p1, "Nowhere", 0),
    ] {
        let got = uplink_db::stock::available_units(&mut conn, product, warehouse)
            .await
            .unwrap();
        assert_eq!(got, want, "{product} in {warehouse}");
    }
}

/// Every row of `rows` as text, sorted: two readings hold the same rows
/// whatever order each table came in (the products' order is compared apart).
fn row_set(rows: &uplink_db::catalog::CatalogRows) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    macro_rules! add {
        ($($field:ident),*) => {
            $(all.extend(rows.$field.iter().map(|r| format!("{}: {r:?}", stringify!($field))));)*
        };
    }
    add!(
        products,
        attributes,
        product_categories,
        labels,
        prices,
        partner_prices,
        options,
        option_values,
        specs,
        package,
        downloads,
        images,
        stores,
        categories,
        models
    );
    all.sort();
    all
}

/// Commits a catalogue change to one product as a new version that names it.
async fn commit_recording(mut tx: sqlx::Transaction<'static, sqlx::Any>, product_id: &str) {
    uplink_db::catalog::bump_catalog_version_for_in(&mut tx, &[product_id])
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn rows_patched_with_the_changed_products_equal_a_full_reading() {
    let t = TestDb::new().await;
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let mut kept = t.db.load_catalog().await.unwrap();
    let with_options = kept.options[0].product_id.clone();
    let with_specs = kept.specs[0].product_id.clone();
    let priced = kept.prices[0].product_id.clone();

    // Three versions, each recording the products it changed: a product's
    // row and parts rewritten (its options get new ids), specs replaced, a
    // store price moved.
    let mut tx = t.db.begin_write().await.unwrap();
    sqlx::query("UPDATE products SET name = name || ' (edited)', price_cents = price_cents + 1 WHERE id = $1")
        .bind(&with_options)
        .execute(&mut *tx)
        .await
        .unwrap();
    let option: String =
        sqlx::query_scalar("SELECT id FROM product_options WHERE product_id = $1 LIMIT 1")
            .bind(&with_options)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    sqlx::query("UPDATE product_options SET id = $1 WHERE id = $2")
        .bind(format!("{option}-new"))
        .bind(&option)
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query("UPDATE product_option_values SET option_id = $1 WHERE option_id = $2")
        .bind(format!("{option}-new"))
        .bind(&option)
        .execute(&mut *tx)
        .await
        .unwrap();
    commit_recording(tx, &with_options).await;

    let mut tx = t.db.begin_write().await.unwrap();
    sqlx::query("DELETE FROM product_specs WHERE product_id = $1 AND position > 0")
        .bind(&with_specs)
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query("UPDATE product_specs SET value = 'patched' WHERE product_id = $1")
        .bind(&with_specs)
        .execute(&mut *tx)
        .await
        .unwrap();
    commit_recording(tx, &with_specs).await;

    let mut tx = t.db.begin_write().await.unwrap();
    sqlx::query("UPDATE product_prices SET price_cents = price_cents + 100 WHERE product_id = $1")
        .bind(&priced)
        .execute(&mut *tx)
        .await
        .unwrap();
    commit_recording(tx, &priced).await;

    let now = t.db.catalog_version().await.unwrap();
    let ids =
        t.db.catalog_changes(kept.version, now)
            .await
            .unwrap()
            .expect("every version recorded its products");
    let mut expected = vec![with_options.clone(), with_specs.clone(), priced.clone()];
    expected.sort();
    expected.dedup();
    assert_eq!(ids, expected);

    let part = t.db.load_catalog_products(&ids).await.unwrap();
    assert!(kept.patch(part, &ids));
    let full = t.db.load_catalog().await.unwrap();
    let order = |r: &uplink_db::catalog::CatalogRows| {
        r.products.iter().map(|p| p.id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(order(&kept), order(&full), "the catalogue order is kept");
    assert_eq!(row_set(&kept), row_set(&full));

    // Rows that do not hold a product of the part (it is new to them) are
    // left to a full reading.
    let mut without = full.clone();
    without.products.retain(|p| p.id != priced);
    let part =
        t.db.load_catalog_products(std::slice::from_ref(&priced))
            .await
            .unwrap();
    assert!(!without.patch(part, std::slice::from_ref(&priced)));

    // A version that did not record its products (a store, a new product)
    // sends the reader to a full reading.
    t.db.bump_catalog_version().await.unwrap();
    assert_eq!(
        t.db.catalog_changes(kept.version, now + 1).await.unwrap(),
        None
    );
    assert_eq!(t.db.catalog_changes(now, now + 1).await.unwrap(), None);
}
