//! The memory allocator: jemalloc, tuned to give memory back.
//!
//! With glibc's malloc the server's RSS ratcheted up under write load (each
//! blocking thread that hashes a password or runs SQLite grows an arena of
//! its own and keeps it) and the catalogue build's transient memory stayed
//! resident. jemalloc with two arenas and a background thread that returns
//! freed pages after a second keeps the 10k-product server near 110 MB under
//! the bench's loads (QUALITY.md: ≤ 150 MB). The options are compiled in by
//! `.cargo/config.toml` (`JEMALLOC_SYS_WITH_MALLOC_CONF`); the environment
//! variable `MALLOC_CONF` still overrides them at run time.
//!
//! jemalloc is also the process's `malloc` (the crate's
//! `unprefixed_malloc_on_supported_platforms`), so SQLite's own allocations,
//! made in C on its connections' threads, use it too. With glibc's malloc
//! under SQLite, the staff product list and the 100,000-order back office
//! left the server at 157–161 MB after their loads; now 125 MB (D123).

#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::future::Future;
use tikv_jemalloc_ctl::{Access, AsName};

/// The arenas' `dirty_decay_ms`, read and written by arena index.
type DecayKey = tikv_jemalloc_ctl::Mib<[usize; 3]>;

/// Runs `work` with freed pages given back at once instead of after a
/// second, then puts the arenas' decay back.
///
/// For the start-up catalogue build. It reads every catalogue row, then
/// builds the products, the store views and the search index from them,
/// freeing as it goes; with the second's decay the pages it freed were still
/// resident when the search index reached its largest, and the 10k-product
/// server peaked at 145–153 MB within its first two seconds, 161–169 MB in
/// the bench (QUALITY.md: ≤ 150 MB), where it settles near 100 MB. Giving
/// them back at once costs a system call per freed run of pages: fine for
/// one build, not for serving, so serving keeps the second's decay.
pub async fn giving_freed_pages_back<F: Future>(work: F) -> F::Output {
    let before = set_dirty_decay(|_| Some(0));
    let out = work.await;
    // Arenas made meanwhile keep the decay jemalloc gave them.
    set_dirty_decay(|arena| before.get(arena).copied().flatten());
    out
}

/// Sets the dirty decay of each arena that `ms` gives one for; answers
/// each arena's decay before, `None` where it was not set (an arena not
/// yet in use has none to set).
fn set_dirty_decay(ms: impl Fn(usize) -> Option<isize>) -> Vec<Option<isize>> {
    let arenas = tikv_jemalloc_ctl::arenas::narenas::read();
    let key: tikv_jemalloc_ctl::Result<DecayKey> = b"arena.0.dirty_decay_ms\0".name().mib();
    let (Ok(arenas), Ok(mut key)) = (arenas, key) else {
        tracing::warn!("jemalloc did not name its arenas; their page decay is unchanged");
        return Vec::new();
    };
    (0..arenas as usize)
        .map(|arena| {
            key[1] = arena;
            let ms = ms(arena)?;
            // Not `update`: it hands jemalloc one buffer for the old value and
            // the new, so the old one is read into it and written back.
            let before: isize = key.read().ok()?;
            key.write(ms).ok().map(|()| before)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each arena's dirty decay as jemalloc reports it.
    fn dirty_decays() -> Vec<Option<isize>> {
        let arenas = tikv_jemalloc_ctl::arenas::narenas::read().unwrap() as usize;
        let mut key: DecayKey = b"arena.0.dirty_decay_ms\0".name().mib().unwrap();
        (0..arenas)
            .map(|arena| {
                key[1] = arena;
                key.read().ok()
            })
            .collect()
    }

    #[tokio::test]
    async fn freed_pages_go_back_at_once_while_working_and_after_a_second_again_after() {
        let before = dirty_decays();
        assert!(
            before.iter().flatten().any(|&ms| ms == 1000),
            "the compiled-in decay is a second: {before:?}"
        );
        let during = giving_freed_pages_back(async { dirty_decays() }).await;
        assert!(during.iter().flatten().count() > 0);
        assert!(during.iter().flatten().all(|&ms| ms == 0), "{during:?}");
        assert_eq!(dirty_decays(), before);
    }
}
