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
