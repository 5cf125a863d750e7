//! Demo devices of the demo customers, so `/account/device-management`, the
//! `/account` dashboard, `/me/subscriptions` and `/me/esims` have something
//! to show on a fresh start: prime and non-prime devices, some expiring
//! within 60 days, one in the 30-day grace period, one long expired, one
//! renewing on credit terms; active cloud subscriptions with data left; an
//! eSIM profile with its activation code.
//!
//! Registration dates are set in the past and the warranty follows from them
//! (12 months), so the states stay true whenever the store is seeded.
//! Subscriptions and eSIMs are written straight into the delivery tables
//! (no order line: they stand for what earlier orders delivered).

use uplink_db::delivery::{self, EsimRow, SubscriptionRow};
use uplink_db::devices::NewDevice;
use uplink_db::{Db, DbError, now_ms};
use uplink_domain::devices::standard_warranty_end_ms;
use uplink_domain::iccid::luhn_check_digit;

const DAY: i64 = 86_400_000;
const MB_PER_GB: i64 = 1024;

struct DemoDevice {
    email: &'static str,
    serial: &'static str,
    model: &'static str,
    name: &'static str,
    /// Days since registration: 365 − this is how long the warranty still runs.
    registered_days_ago: i64,
    /// Renews on the account's credit terms.
    renews_on_terms: bool,
}

const fn device(
    email: &'static str,
    serial: &'static str,
    model: &'static str,
    name: &'static str,
    registered_days_ago: i64,
) -> DemoDevice {
    DemoDevice {
        email,
        serial,
        model,
        name,
        registered_days_ago,
        renews_on_terms: false,
    }
}

const CUSTOMER: &str = "customer@uplink.test";
const US_CUSTOMER: &str = "us.customer@uplink.test";
const BUSINESS: &str = "business@uplink.test";

fn demo_devices() -> Vec<DemoDevice> {
    vec![
        device(
            CUSTOMER,
            "1824-DEMO-0001",
            "BR1-MINI",
            "Delivery van 1",
            240,
        ),
        // Expiring in about 25 days.
        device(
            CUSTOMER,
            "2A5P-DEMO-0002",
            "BR1-PRO-5G-PRM",
            "HQ failover",
            340,
        ),
        // Ended 12 days ago: in the grace period.
        device(CUSTOMER, "2933-DEMO-0003", "TRANSIT-DUO", "Bus 14", 377),
        device(CUSTOMER, "U15G-DEMO-0004", "EDGE1-5G", "Pop-up shop", 60),
        // Expiring in about 45 days.
        device(US_CUSTOMER, "1111-DEMO-0101", "HD2-PRM", "Warehouse", 320),
        device(US_CUSTOMER, "UB50-DEMO-0102", "BRANCH-500", "Store 12", 150),
        DemoDevice {
            renews_on_terms: true,
            // Expiring in about 50 days, renewing on credit terms.
            ..device(
                BUSINESS,
                "UB1P-DEMO-0201",
                "BRANCH-1000-PRM",
                "Head office",
                315,
            )
        },
        device(
            BUSINESS,
            "US48-DEMO-0202",
            "SW48-PRO-PRM",
            "Core switch",
            90,
        ),
        // Ended long ago.
        device(
            BUSINESS,
            "3100-DEMO-0203",
            "BALANCE-310X",
            "Old branch",
            500,
        ),
    ]
}

/// (serial, family, sku, name, allowance GB (None: unlimited), used GB, starts days ago, days left)
type DemoPlan = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<i64>,
    i64,
    i64,
    i64,
);

const PLANS: &[DemoPlan] = &[
    (
        "1824-DEMO-0001",
        "cloud",
        "SFC-100GB-1Y",
        "SpeedFusion Cloud 100 GB / 1 year",
        Some(100),
        38,
        160,
        205,
    ),
    (
        "U15G-DEMO-0004",
        "cloud-connect",
        "SFC-CONNECT-50GB-1Y",
        "SpeedFusion Connect 5G/LTE 50 GB / 1 year",
        Some(50),
        7,
        55,
        310,
    ),
    (
        "UB1P-DEMO-0201",
        "cloud-unlimited",
        "SFC-UNLTD-1Y",
        "SpeedFusion Cloud Unlimited — 1 year",
        None,
        0,
        100,
        265,
    ),
];

/// The demo devices, subscriptions and eSIM of the demo customers (skips
/// customers that do not exist and serials already registered).
pub async fn seed_demo_devices(db: &Db) -> Result<(), DbError> {
    let now = now_ms();
    for d in demo_devices() {
        let Some(user) = db.user_by_email(d.email).await? else {
            continue;
        };
        let registered = now - d.registered_days_ago * DAY;
        db.add_device(&NewDevice {
            serial: d.serial,
            user_id: &user.id,
            model_code: d.model,
            name: d.name,
            // Prime models' codes end like their hardware SKUs.
            prime: d.model.ends_with("-PRM"),
            source: "demo",
            registered_at: registered,
            warranty_ends_at: standard_warranty_end_ms(registered),
        })
        .await?;
        if d.renews_on_terms {
            db.set_auto_renew(
                &user.id,
                d.serial,
                &uplink_db::devices::RenewSetting::CreditTerms,
            )
            .await?;
        }
    }
    for &(serial, family, sku, name, gb, used_gb, started, left) in PLANS {
        let Some(owner) = db.device_by_serial(serial).await? else {
            continue;
        };
        let plan = SubscriptionRow {
            id: uplink_domain::ids::new_id("sub"),
            user_id: owner.user_id,
            serial: serial.into(),
            family: family.into(),
            sku: sku.into(),
            name: name.into(),
            allowance_mb: gb.map(|g| g * MB_PER_GB),
            used_mb: used_gb * MB_PER_GB,
            starts_at: now - started * DAY,
            expires_at: now + left * DAY,
            updated_at: now,
        };
        let mut conn = db.writer().acquire().await?;
        delivery::insert_subscription(&mut conn, &plan).await?;
    }
    seed_demo_esim(db, now).await
}

async fn seed_demo_esim(db: &Db, now: i64) -> Result<(), DbError> {
    let Some(user) = db.user_by_email(CUSTOMER).await? else {
        return Ok(());
    };
    let payload = "894400100000000421";
    let iccid = format!("{payload}{}", luhn_check_digit(payload));
    let (smdp, matching_id) = ("smdp.uplink.test", "DEMO-4QX7-KM2P-9H3L");
    let esim = EsimRow {
        iccid,
        user_id: user.id,
        order_line_id: None,
        unit: 0,
        name: "Uplink eSIM — Global".into(),
        smdp: smdp.into(),
        matching_id: matching_id.into(),
        activation_code: format!("LPA:1${smdp}${matching_id}"),
        data_mb: 10 * MB_PER_GB,
        used_mb: 2300,
        expires_at: Some(now + 60 * DAY),
        created_at: now - 20 * DAY,
    };
    let mut conn = db.writer().acquire().await?;
    delivery::insert_esim_with_sku(&mut conn, &esim, "ESIM-GLOBAL").await?;
    Ok(())
}
