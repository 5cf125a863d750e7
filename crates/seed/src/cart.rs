//! Demo coupons and US sales-tax rates (SPEC §5).

use uplink_db::cart::{NewCoupon, set_tax_rate, upsert_coupon};
use uplink_db::{Db, DbError};

/// Demo coupons and sales-tax rates (SPEC §5).
pub async fn seed_demo_cart(db: &Db) -> Result<(), DbError> {
    let mut tx = db.begin_write().await?;
    for (state, name, bp) in DEMO_TAX_RATES {
        set_tax_rate(&mut tx, state, name, *bp).await?;
    }
    for c in demo_coupons(uplink_db::now_ms()) {
        upsert_coupon(&mut tx, &c).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Demo state sales-tax rates (basis points). States without sales tax
/// (e.g. Oregon) are listed with 0 so the table documents them.
pub const DEMO_TAX_RATES: &[(&str, &str, i64)] = &[
    ("CA", "California", 725),
    ("FL", "Florida", 600),
    ("IL", "Illinois", 625),
    ("NY", "New York", 400),
    ("OR", "Oregon", 0),
    ("TX", "Texas", 625),
    ("WA", "Washington", 650),
];

/// Demo coupons: percent and fixed, with and without limits and scopes.
pub fn demo_coupons(now: i64) -> Vec<NewCoupon> {
    const DAY: i64 = 86_400_000;
    let base = NewCoupon {
        active: true,
        ..NewCoupon::default()
    };
    vec![
        NewCoupon {
            code: "WELCOME10".into(),
            kind: "percent",
            percent_bp: Some(1_000),
            description: "10% off everything, once per customer".into(),
            max_uses_per_customer: Some(1),
            ..base.clone()
        },
        NewCoupon {
            code: "SAVE25".into(),
            kind: "fixed",
            amount_cents: Some(2_500),
            description: "$25 off orders of $200 or more".into(),
            min_subtotal_cents: 20_000,
            ..base.clone()
        },
        NewCoupon {
            code: "USONLY15".into(),
            kind: "percent",
            percent_bp: Some(1_500),
            description: "15% off in the US store".into(),
            store_code: Some("us".into()),
            ..base.clone()
        },
        NewCoupon {
            code: "SPRING2020".into(),
            kind: "percent",
            percent_bp: Some(2_000),
            description: "An expired spring promotion".into(),
            starts_at: Some(now - 400 * DAY),
            ends_at: Some(now - 300 * DAY),
            ..base.clone()
        },
        NewCoupon {
            code: "LAUNCH50".into(),
            kind: "fixed",
            amount_cents: Some(5_000),
            description: "$50 off, first 100 orders".into(),
            max_uses: Some(100),
            ..base
        },
    ]
}
