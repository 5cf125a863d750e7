//! Demo data for a new store, seeded once into an empty database.

mod accounts;
pub mod art;
pub mod bench;
pub mod build;
pub mod demo_catalog;
mod devices;
pub mod draw;
#[cfg(test)]
mod imagery_tests;
pub mod look;
pub mod media;
mod order_pricing;
mod orders;
mod quotations;
mod usage;

pub use accounts::DEMO_PASSWORD_HASH;

use crate::{Db, DbError};

const SEEDED_KEY: &str = "demo_seeded_at";

impl Db {
    /// Seeds the demo data unless it was seeded before. Returns true when it seeded now.
    pub async fn seed_demo_if_empty(&self) -> Result<bool, DbError> {
        if self.setting(SEEDED_KEY).await?.is_some() {
            return Ok(false);
        }
        // Each capability adds its demo rows here, in dependency order.
        self.seed_demo_catalog().await?;
        self.seed_demo_accounts().await?;
        self.seed_demo_cart().await?;
        self.seed_demo_partners().await?;
        self.seed_demo_orders().await?;
        self.seed_demo_devices().await?;
        self.seed_demo_quotations().await?;
        self.seed_demo_usage().await?;
        self.set_setting(SEEDED_KEY, &crate::now_ms().to_string())
            .await?;
        Ok(true)
    }

    /// The demo catalogue (stores, categories, products, models, media),
    /// unless a catalogue is already there.
    pub async fn seed_demo_catalog(&self) -> Result<bool, DbError> {
        if self.store_count().await? > 0 {
            return Ok(false);
        }
        let seed = demo_catalog::demo(crate::now_ms());
        self.write_catalog_seed(&seed).await?;
        Ok(true)
    }
}
