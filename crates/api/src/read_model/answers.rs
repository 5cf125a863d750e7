//! Serialized answers of one catalogue snapshot (listing and search pages).
//!
//! An answer depends only on the snapshot, the store and the request's query
//! string, so it is computed once and then served as bytes. The cache lives
//! inside its [`Snapshot`](super::Snapshot): when the catalogue changes, a new
//! snapshot starts empty and a stale answer can never be served. Its size is
//! bounded so unusual queries cannot grow memory without limit.

use axum::body::Bytes;
use std::collections::HashMap;
use std::sync::Mutex;

/// At most this many bytes of answers per snapshot (about 500–1,000 pages).
const MAX_BYTES: usize = 16 * 1024 * 1024;

#[derive(Default)]
pub struct AnswerCache {
    inner: Mutex<Entries>,
}

#[derive(Default)]
struct Entries {
    bytes: usize,
    map: HashMap<(usize, String), Bytes>,
}

impl AnswerCache {
    /// The cached answer for `(store, key)`, or `make()`'s, remembered when it succeeds.
    /// Errors are never cached: a refused request is re-checked every time.
    pub fn get_or_try_insert<E>(
        &self,
        store: usize,
        key: &str,
        make: impl FnOnce() -> Result<Bytes, E>,
    ) -> Result<Bytes, E> {
        let id = (store, key.to_owned());
        if let Some(hit) = self.lock().map.get(&id) {
            return Ok(hit.clone());
        }
        // Computed outside the lock: two requests may both compute a cold answer, which is cheaper
        // than making every reader wait behind one computation.
        let answer = make()?;
        let mut entries = self.lock();
        if entries.bytes + answer.len() > MAX_BYTES {
            entries.map.clear();
            entries.bytes = 0;
        }
        entries.bytes += answer.len();
        if let Some(old) = entries.map.insert(id, answer.clone()) {
            entries.bytes -= old.len();
        }
        Ok(answer)
    }

    /// The keys answered so far, as `(store, key)`, in no order.
    pub fn keys(&self) -> Vec<(usize, String)> {
        self.lock().map.keys().cloned().collect()
    }

    /// Remembers an answer computed ahead of any request (a warmed cache).
    pub fn insert(&self, store: usize, key: &str, answer: Bytes) {
        let _ = self.get_or_try_insert::<()>(store, key, || Ok(answer));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        // A panic while holding the lock leaves only a map of finished answers behind.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_computed_once_per_store_and_key() {
        let cache = AnswerCache::default();
        let mut calls = 0;
        for _ in 0..3 {
            let got = cache
                .get_or_try_insert::<()>(0, "page=1", || {
                    calls += 1;
                    Ok(Bytes::from_static(b"one"))
                })
                .unwrap();
            assert_eq!(got, Bytes::from_static(b"one"));
        }
        assert_eq!(calls, 1);
        let other_store = cache
            .get_or_try_insert::<()>(1, "page=1", || Ok(Bytes::from_static(b"two")))
            .unwrap();
        assert_eq!(other_store, Bytes::from_static(b"two"));
    }

    #[test]
    fn errors_are_not_remembered() {
        let cache = AnswerCache::default();
        assert!(cache.get_or_try_insert(0, "bad", || Err("no")).is_err());
        let ok = cache
            .get_or_try_insert::<&str>(0, "bad", || Ok(Bytes::from_static(b"fixed")))
            .unwrap();
        assert_eq!(ok, Bytes::from_static(b"fixed"));
    }

    #[test]
    fn the_cache_stays_within_its_byte_budget() {
        let cache = AnswerCache::default();
        let page = Bytes::from(vec![b'x'; 1024 * 1024]);
        for i in 0..40 {
            cache
                .get_or_try_insert::<()>(0, &i.to_string(), || Ok(page.clone()))
                .unwrap();
        }
        assert!(cache.lock().bytes <= MAX_BYTES);
    }
}
