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
mod patch;
pub mod snapshot;

pub use snapshot::Snapshot;

use arc_swap::ArcSwapOption;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Duration;
use uplink_db::Db;
use uplink_db::catalog::CatalogRows;

/// How often (at most) a server asks the database whether the catalogue changed.
pub const CHECK_INTERVAL: Duration = Duration::from_secs(1);

/// The least time between two checks a catalogue write asks for
/// ([`Catalog::refresh_soon`]): under a burst of staff edits a rebuild at
/// most this often (each new snapshot also starts a cold answer cache), and
/// with the build's ~0.2 s a change still shows within a second.
pub const SOON_GAP: Duration = Duration::from_millis(800);

/// How long after the last staff edit the rows of the current version are
/// kept for the next edit (about 45 MB at 10,000 products, D110).
pub const KEEP_ROWS_FOR: Duration = Duration::from_secs(120);

/// At most this many answers of the replaced snapshot are computed again on
/// a patched one before it serves (the listing and search pages in use).
pub const WARM_AT_MOST: usize = 256;

/// Computes the answer to `(store, key)` of an [`answers::AnswerCache`] on a
/// snapshot, or `None` for a key it does not warm (wired by the composition
/// root: the catalogue capability renders the pages).
pub type Warmer = fn(&Arc<Snapshot>, usize, &str) -> Option<axum::body::Bytes>;

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
    /// A check asked for by [`Catalog::refresh_soon`] is waiting for its turn.
    soon_pending: AtomicBool,
    build_lock: tokio::sync::Mutex<()>,
    /// The rows the current catalogue version was built from, so the next
    /// version that changed a few products reads only theirs (D110).
    rows: std::sync::Mutex<Option<CatalogRows>>,
    /// When the last change that named its products was seen (0: none yet).
    /// Rows are kept only while such changes come (staff at work), so a
    /// store nobody edits does not hold them.
    last_patchable_ms: AtomicI64,
    /// Warms a patched snapshot's answer cache (see [`Warmer`]).
    warmer: Option<Warmer>,
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
        Catalog::with_warmer(db, None)
    }

    /// A catalogue whose patched snapshots start with the answers of the
    /// snapshot they replace, computed again by `warmer`.
    pub fn with_warmer(db: Db, warmer: Option<Warmer>) -> Arc<Catalog> {
        Arc::new(Catalog {
            db,
            current: ArcSwapOption::empty(),
            last_check_ms: AtomicI64::new(0),
            refreshing: AtomicBool::new(false),
            soon_pending: AtomicBool::new(false),
            build_lock: tokio::sync::Mutex::new(()),
            rows: std::sync::Mutex::new(None),
            last_patchable_ms: AtomicI64::new(0),
            warmer,
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
    /// periodic check. The check runs once [`SOON_GAP`] has passed since the
    /// last one (at once after a quiet spell), and one check covers every
    /// change committed before it starts, so a burst of staff edits costs
    /// about one rebuild per gap while the storefront keeps serving the last
    /// snapshot, and the last edit of a burst is never left waiting for
    /// traffic to trigger a check.
    pub fn refresh_soon(self: &Arc<Self>) {
        if self.soon_pending.swap(true, Ordering::AcqRel) {
            return;
        }
        let this = Arc::clone(self);
        tokio::spawn(async move {
            let since = uplink_db::now_ms() - this.last_check_ms.load(Ordering::Relaxed);
            let wait = SOON_GAP.as_millis() as i64 - since;
            if wait > 0 {
                tokio::time::sleep(Duration::from_millis(wait as u64)).await;
            }
            this.soon_pending.store(false, Ordering::Release);
            if let Err(e) = this.refresh().await {
                tracing::warn!(error = %e, "catalogue freshness check failed");
            }
        });
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
                self.drop_rows_when_idle();
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
        let changes = match current.as_ref() {
            Some(cur) => {
                self.db
                    .catalog_changes(cur.version, versions.catalog)
                    .await?
            }
            None => None,
        };
        if let (Some(cur), Some(ids)) = (current.as_ref(), changes.as_deref())
            && let Some(snap) = self.patch_in_place(cur, ids, versions.catalog).await?
        {
            tracing::info!(
                version = snap.version,
                stock_version = snap.stock_version,
                products = ids.len(),
                total_us = started.elapsed().as_micros() as u64,
                "catalogue snapshot patched"
            );
            self.current.store(Some(snap));
            // Rows kept for a full build are now a version behind.
            self.drop_kept_rows();
            return Ok(true);
        }
        let (rows, patched) = match self
            .patched_rows(current.as_deref(), versions.catalog, changes)
            .await?
        {
            Some(rows) => (rows, true),
            None => (self.db.load_catalog().await?, false),
        };
        let loaded_ms = started.elapsed().as_millis() as u64;
        if self.edits_under_way() {
            self.keep_rows(rows.clone());
        }
        let snap = tokio::task::spawn_blocking(move || Snapshot::build(rows, current.as_deref()))
            .await
            .map_err(|e| CatalogError::Task(e.to_string()))??;
        tracing::info!(
            version = snap.version,
            stock_version = snap.stock_version,
            products = snap.products.len(),
            patched,
            load_ms = loaded_ms,
            total_ms = started.elapsed().as_millis() as u64,
            "catalogue snapshot built"
        );
        self.current.store(Some(Arc::new(snap)));
        Ok(true)
    }

    /// The snapshot of catalogue version `target`: `current` with the
    /// families of the products `ids` (every change after `current` named
    /// them) read again and put in place (D112); `None` when the change
    /// reaches beyond their own rows and offers.
    async fn patch_in_place(
        &self,
        current: &Arc<Snapshot>,
        ids: &[String],
        target: i64,
    ) -> Result<Option<Arc<Snapshot>>, CatalogError> {
        let Some(family) = current.families_of(ids) else {
            return Ok(None);
        };
        let part = self.db.load_catalog_products(&family).await?;
        let stock = if part.stock_version == current.stock_version {
            None
        } else {
            let stock = self.db.load_stock().await?;
            Some((stock.versions.stock, stock.stock))
        };
        let current = Arc::clone(current);
        let warmer = self.warmer;
        tokio::task::spawn_blocking(move || {
            let next = Arc::new(current.patched(part, &family, target, stock)?);
            if let Some(warm) = warmer {
                warm_answers(&current, &next, warm);
            }
            Some(next)
        })
        .await
        .map_err(|e| CatalogError::Task(e.to_string()))
    }

    /// The rows of catalogue version `target`, made from the rows `current`
    /// was built from and the rows of the products changed since (`ids`: a
    /// staff edit, a price change); `None` when that is not possible (nothing
    /// kept, a change that did not record its products, a new product): then
    /// everything is read.
    async fn patched_rows(
        &self,
        current: Option<&Snapshot>,
        target: i64,
        ids: Option<Vec<String>>,
    ) -> Result<Option<CatalogRows>, CatalogError> {
        let (Some(current), Some(ids)) = (current, ids) else {
            return Ok(None);
        };
        self.last_patchable_ms
            .store(uplink_db::now_ms(), Ordering::Relaxed);
        let Some(mut rows) = self.take_kept_rows(current.version) else {
            return Ok(None);
        };
        let part = self.db.load_catalog_products(&ids).await?;
        let stock_moved = part.stock_version != rows.stock_version;
        if !rows.patch(part, &ids) {
            return Ok(None);
        }
        // The rows now hold `target`: changes after it (to other products)
        // were not read, and the next check reads them from here.
        rows.version = target;
        if stock_moved {
            let stock = self.db.load_stock().await?;
            rows.stock_version = stock.versions.stock;
            rows.stock = stock.stock;
        }
        Ok(Some(rows))
    }

    /// Whether a change that named its products was seen lately: then the
    /// rows of each build are kept for the next one.
    fn edits_under_way(&self) -> bool {
        let last = self.last_patchable_ms.load(Ordering::Relaxed);
        last > 0 && uplink_db::now_ms() - last < KEEP_ROWS_FOR.as_millis() as i64
    }

    /// Lets the kept rows go once edits have stopped for [`KEEP_ROWS_FOR`].
    fn drop_rows_when_idle(&self) {
        if !self.edits_under_way() {
            self.drop_kept_rows();
        }
    }

    fn keep_rows(&self, rows: CatalogRows) {
        if let Ok(mut kept) = self.rows.lock() {
            *kept = Some(rows);
        }
    }

    fn drop_kept_rows(&self) {
        if let Ok(mut kept) = self.rows.lock() {
            *kept = None;
        }
    }

    /// The kept rows, taken out (patched in place, then kept again with the
    /// new snapshot: one copy of the catalogue's rows per rebuild, not two),
    /// when they are those of `version`.
    fn take_kept_rows(&self, version: i64) -> Option<CatalogRows> {
        let mut kept = self.rows.lock().ok()?;
        if kept.as_ref()?.version != version {
            return None;
        }
        kept.take()
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

/// Computes the answers `from` has cached again on `to` (a patch of it:
/// the same stores at the same places), so the pages in use are ready when
/// `to` starts serving: each once, off the request path, instead of by
/// every request that meets the cold cache at once.
fn warm_answers(from: &Snapshot, to: &Arc<Snapshot>, warm: Warmer) {
    // Counted among the pages warmed, not among the keys: product pages
    // (not warmed, cheap alone) may far outnumber the listings in use.
    let mut warmed = 0;
    for (store, key) in from.answers.keys() {
        if warmed == WARM_AT_MOST {
            break;
        }
        if let Some(answer) = warm(to, store, &key) {
            to.answers.insert(store, &key, answer);
            warmed += 1;
        }
    }
}
