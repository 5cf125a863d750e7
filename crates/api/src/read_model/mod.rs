//! The catalogue read model: an immutable in-memory [`Snapshot`] of every
//! store's catalogue (prices, availability, stock status, precomputed sort
//! orders, facet keys and the search index), swapped atomically when the
//! database's catalogue version changes.
//!
//! Listing, facets, detail and search read only the snapshot: no SQL per
//! request. Freshness: a request that finds the last version check older than
//! [`CHECK_INTERVAL`] starts a background check (one tiny `SELECT`); a changed
//! version rebuilds the snapshot off the request path while the old one keeps
//! serving. Several servers therefore converge within about a second.
//!
//! Stock: orders do not bump the catalogue version. A stock write that moves a
//! product between out of stock, low and in stock bumps `stock_version`
//! instead, and a change of that version alone reloads only the stock table
//! into a snapshot that shares everything else with the current one
//! ([`Snapshot::with_stock`]; decision D69).

pub mod answers;
mod build;
pub mod cards;
pub mod snapshot;

pub use snapshot::Snapshot;

use arc_swap::ArcSwapOption;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Duration;
use uplink_db::Db;

/// How often (at most) a server asks the database whether the catalogue changed.
pub const CHECK_INTERVAL: Duration = Duration::from_secs(1);

/// The least time between two checks a catalogue write asks for
/// ([`Catalog::refresh_soon`]).
pub const SOON_GAP: Duration = Duration::from_millis(250);

/// Why a snapshot could not be built.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(transparent)]
    Db(#[from] uplink_db::DbError),
    #[error(transparent)]
    Search(#[from] uplink_search::SearchError),
    #[error("catalogue build task failed: {0}")]
    Task(String),
}

/// Shared handle to the current snapshot.
pub struct Catalog {
    db: Db,
    current: ArcSwapOption<Snapshot>,
    last_check_ms: AtomicI64,
    refreshing: AtomicBool,
    build_lock: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("version", &self.current.load().as_ref().map(|s| s.version))
            .finish()
    }
}

impl Catalog {
    pub fn new(db: Db) -> Arc<Catalog> {
        Arc::new(Catalog {
            db,
            current: ArcSwapOption::empty(),
            last_check_ms: AtomicI64::new(0),
            refreshing: AtomicBool::new(false),
            build_lock: tokio::sync::Mutex::new(()),
        })
    }

    /// The current snapshot; the first call builds it. Schedules a background
    /// freshness check when the last one is older than [`CHECK_INTERVAL`].
    pub async fn snapshot(self: &Arc<Self>) -> Result<Arc<Snapshot>, CatalogError> {
        if let Some(snap) = self.current.load_full() {
            self.maybe_check_in_background();
            return Ok(snap);
        }
        self.refresh().await?;
        Ok(self.current.load_full().expect("refresh stores a snapshot"))
    }

    /// The current snapshot if one was built (no I/O).
    pub fn loaded(&self) -> Option<Arc<Snapshot>> {
        self.current.load_full()
    }

    fn maybe_check_in_background(self: &Arc<Self>) {
        self.check_in_background_after(CHECK_INTERVAL);
    }

    /// After this server committed a catalogue change: check soon, in the
    /// background, so the change shows here without waiting for the next
    /// periodic check. Checks stay at least [`SOON_GAP`] apart and never
    /// overlap, so a burst of staff edits costs a few rebuilds a second,
    /// not one per edit, and the storefront keeps serving the last snapshot.
    pub fn refresh_soon(self: &Arc<Self>) {
        self.check_in_background_after(SOON_GAP);
    }

    fn check_in_background_after(self: &Arc<Self>, gap: Duration) {
        let now = uplink_db::now_ms();
        let last = self.last_check_ms.load(Ordering::Relaxed);
        if now - last < gap.as_millis() as i64 {
            return;
        }
        if self.refreshing.swap(true, Ordering::AcqRel) {
            return;
        }
        self.last_check_ms.store(now, Ordering::Relaxed);
        let this = Arc::clone(self);
        tokio::spawn(async move {
            if let Err(e) = this.refresh().await {
                tracing::warn!(error = %e, "catalogue freshness check failed");
            }
            this.refreshing.store(false, Ordering::Release);
        });
    }

    /// Checks both versions now (one query) and installs a new snapshot when
    /// one changed or nothing is built yet: a changed catalogue version rebuilds
    /// everything; a changed stock version alone reloads only the stock and
    /// shares the rest with the current snapshot (decision D69).
    /// Returns true when a new snapshot was installed.
    pub async fn refresh(&self) -> Result<bool, CatalogError> {
        let _guard = self.build_lock.lock().await;
        self.last_check_ms
            .store(uplink_db::now_ms(), Ordering::Relaxed);
        let versions = self.db.versions().await?;
        let current = self.current.load_full();
        if let Some(cur) = current.as_ref()
            && cur.version == versions.catalog
        {
            if cur.stock_version == versions.stock {
                return Ok(false);
            }
            let started = std::time::Instant::now();
            let rows = self.db.load_stock().await?;
            if rows.versions.catalog == cur.version {
                let loaded_ms = started.elapsed().as_millis() as u64;
                let cur = Arc::clone(cur);
                let snap = tokio::task::spawn_blocking(move || {
                    cur.with_stock(rows.versions.stock, &rows.stock)
                })
                .await
                .map_err(|e| CatalogError::Task(e.to_string()))?;
                tracing::info!(
                    version = snap.version,
                    stock_version = snap.stock_version,
                    load_ms = loaded_ms,
                    total_us = started.elapsed().as_micros() as u64,
                    "catalogue stock reloaded"
                );
                self.current.store(Some(Arc::new(snap)));
                return Ok(true);
            }
            // The catalogue changed meanwhile: build everything.
        }
        let started = std::time::Instant::now();
        let rows = self.db.load_catalog().await?;
        let loaded_ms = started.elapsed().as_millis() as u64;
        let snap = tokio::task::spawn_blocking(move || Snapshot::build(rows, current.as_deref()))
            .await
            .map_err(|e| CatalogError::Task(e.to_string()))??;
        tracing::info!(
            version = snap.version,
            stock_version = snap.stock_version,
            products = snap.products.len(),
            load_ms = loaded_ms,
            total_ms = started.elapsed().as_millis() as u64,
            "catalogue snapshot built"
        );
        self.current.store(Some(Arc::new(snap)));
        Ok(true)
    }

    /// After a committed stock write that moved a product to another stock
    /// band: refresh now, so this server shows the new status at once (other
    /// servers follow within [`CHECK_INTERVAL`]). A failure is only logged; the
    /// periodic check retries.
    pub async fn stock_band_changed(&self) {
        if let Err(e) = self.refresh().await {
            tracing::warn!(error = %e, "catalogue refresh after a stock change failed");
        }
    }
}
