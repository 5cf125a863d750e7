//! Catalogue storage conformance: the same assertions on SQLite and PostgreSQL.

use uplink_db::testing::TestDb;

#[tokio::test]
async fn the_demo_seed_writes_stores_categories_products_models_and_media() {
    let t = TestDb::new().await;
    let v0 = t.db.catalog_version().await.unwrap();
    assert!(t.db.seed_demo_catalog().await.unwrap());
    assert!(
        t.db.catalog_version().await.unwrap() > v0,
        "seeding bumps the version"
    );
    let rows = t.db.load_catalog().await.unwrap();
    assert_eq!(rows.stores.len(), 5);
    let global = rows.stores.iter().find(|s| s.code == "global").unwrap();
    assert!(*global.is_default && *global.active);
    assert_eq!(global.kind, "ESTORE");
    assert!(
        rows.stores
            .iter()
            .any(|s| s.kind == "MINISTORE_REFERRAL_PROGRAM" && s.referral_terms.is_some())
    );
    for name in [
        "Data Plan License",
        "Cloud",
        "Cloud Connect",
        "Cloud Unlimited",
    ] {
        assert!(rows.categories.iter().any(|c| c.name == name), "{name}");
    }
    let listable = rows
        .products
        .iter()
        .filter(|p| p.parent_id.is_none() && p.status == "active")
        .count();
    assert!(listable >= 60, "{listable}");
    assert!(rows.models.len() >= 20);
    assert!(rows.models.iter().any(|m| *m.prime));
    assert!(rows.products.iter().any(|p| p.compare_at_cents.is_some()));
    assert!(
        rows.products
            .iter()
            .any(|p| p.data_mb.is_none() && p.product_type == "cloud-unlimited")
    );
    assert!(rows.prices.iter().any(|p| !*p.sold));
    assert!(rows.prices.iter().any(|p| p.price_cents.is_none()));
    assert!(
        rows.option_values
            .iter()
            .any(|v| v.price_delta_bp == Some(1_500))
    );
    assert!(rows.downloads.iter().all(|d| d.size_bytes > 0));
    assert!(rows.stock.iter().any(|s| s.available == 0));
    assert!(
        !t.db.seed_demo_catalog().await.unwrap(),
        "a second seed does nothing"
    );
}

#[tokio::test]
async fn media_bytes_round_trip() {
    let t = TestDb::new().await;
    t.db.seed_demo_catalog().await.unwrap();
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
    t.db.seed_demo_catalog().await.unwrap();
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
    t.db.seed_demo_catalog().await.unwrap();
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

#[tokio::test]
async fn the_benchmark_generator_fills_the_catalogue_to_the_requested_size() {
    let t = TestDb::new().await;
    let generated = t.db.seed_bench(400).await.unwrap();
    assert!(generated > 300);
    let rows = t.db.load_catalog().await.unwrap();
    let listable = rows
        .products
        .iter()
        .filter(|p| p.parent_id.is_none() && p.status == "active")
        .count();
    assert_eq!(listable, 400);
    assert_eq!(t.db.seed_bench(400).await.unwrap(), 0, "already big enough");
}
