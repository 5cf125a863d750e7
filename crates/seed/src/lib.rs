//! Demo and benchmark data for Uplink, written through the storage crate
//! (`uplink-db`): the demo store seeded once into an empty database
//! ([`seed_demo_if_empty`]), each capability's demo rows on their own (tests
//! seed what they need), and the generated catalogue of `uplink seed-bench`
//! ([`seed_bench`]). The product imagery is drawn here too (`art`, `look`,
//! `draw`, `media`). Nothing here runs SQL of its own: the rows go through
//! `uplink_db`'s public storage functions.

mod accounts;
pub mod art;
pub mod bench;
pub mod build;
mod cart;
pub mod demo_catalog;
mod devices;
pub mod draw;
#[cfg(test)]
mod imagery_tests;
pub mod look;
pub mod media;
mod order_pricing;
mod orders;
mod partner_orders;
mod partners;
mod quotations;
mod referrals;
mod usage;

pub use accounts::{DEMO_PASSWORD_HASH, seed_demo_accounts};
pub use bench::seed_bench;
pub use cart::{DEMO_TAX_RATES, demo_coupons, seed_demo_cart};
pub use devices::seed_demo_devices;
pub use orders::seed_demo_orders;
pub use partner_orders::seed_demo_partner_activity;
pub use partners::{demo_partners, seed_demo_partners};
pub use quotations::seed_demo_quotations;
pub use referrals::seed_demo_referrals;
pub use usage::seed_demo_usage;

use uplink_db::{Db, DbError};

const SEEDED_KEY: &str = "demo_seeded_at";

/// Seeds the demo data unless it was seeded before. Returns true when it seeded now.
pub async fn seed_demo_if_empty(db: &Db) -> Result<bool, DbError> {
    if db.setting(SEEDED_KEY).await?.is_some() {
        return Ok(false);
    }
    // Each capability adds its demo rows here, in dependency order.
    seed_demo_catalog(db).await?;
    seed_demo_accounts(db).await?;
    seed_demo_cart(db).await?;
    seed_demo_partners(db).await?;
    seed_demo_orders(db).await?;
    seed_demo_devices(db).await?;
    seed_demo_partner_activity(db).await?;
    seed_demo_referrals(db).await?;
    seed_demo_quotations(db).await?;
    seed_demo_usage(db).await?;
    db.set_setting(SEEDED_KEY, &uplink_db::now_ms().to_string())
        .await?;
    Ok(true)
}

/// The demo catalogue (stores, categories, products, models, media),
/// unless a catalogue is already there.
pub async fn seed_demo_catalog(db: &Db) -> Result<bool, DbError> {
    if db.store_count().await? > 0 {
        return Ok(false);
    }
    let seed = demo_catalog::demo(uplink_db::now_ms());
    db.write_catalog_seed(&seed).await?;
    Ok(true)
}
