//! The memory allocator: jemalloc, tuned to give memory back.
//!
//! With glibc's malloc the server's RSS ratcheted up under write load (each
//! blocking thread that hashes a password or runs SQLite grows an arena of
//! its own and keeps it) and the catalogue build's transient memory stayed
//! resident. jemalloc with two arenas and a background thread that returns
//! freed pages after a second keeps the 10k-product server near 110 MB under
//! the bench's loads (QUALITY.md: ≤ 150 MB). The options are compiled in by
//! `.cargo/config.toml` (`JEMALLOC_SYS_WITH_MALLOC_CONF`); the environment
//! variable `_RJEM_MALLOC_CONF` still overrides them at run time.

#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;
