//! Signed-in callers' sessions kept in memory for a second (D133).
//!
//! Every signed-in request resolves its session, one indexed read of
//! `sessions` joined with `users`. A page view sends a burst of requests
//! with the same token (the usage monitor: the list and twenty charts), so
//! on PostgreSQL half of that page's statements were session reads. Here a
//! resolved session is kept for [`KEPT_FOR_MS`] and served from memory.
//!
//! What keeps it correct:
//! - A write of `users` or `sessions` through this process bumps a
//!   generation: [`Db`]'s own account writes, the commit of every audited
//!   staff write (`StaffWrite`: roles, a disabled account) and staff credit
//!   terms (`Db::accounts_changed`). An entry read under an older
//!   generation is never served.
//!   The generation is taken before the database is read, so an entry read
//!   while a write commits is dropped by that write's bump.
//! - The session's own expiry is checked against the clock on every use.
//! - A change made by another server (or the command line) is seen here
//!   within [`KEPT_FOR_MS`]: that is the bound on a sign-out, a disabled
//!   account or a role taken away reaching every server.
//!
//! [`Db`]: crate::Db

use crate::accounts::SessionWithUser;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// How long a resolved session is served from memory.
pub const KEPT_FOR_MS: i64 = 1_000;
/// Sessions kept at most; past it the stale ones go, then all of them.
const CAPACITY: usize = 4_096;

struct Entry {
    session: SessionWithUser,
    generation: u64,
    read_at: i64,
}

/// The cache; cheap to share (the [`Db`](crate::Db) holds it in an `Arc`).
#[derive(Default)]
pub struct SessionCache {
    generation: AtomicU64,
    entries: Mutex<HashMap<String, Entry>>,
}

impl SessionCache {
    /// Every entry read before now is stale: an account or a session changed.
    pub fn changed(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// The generation to stamp a read that starts now with.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The session of `token_hash` if it was read within [`KEPT_FOR_MS`],
    /// under the current generation, and is still live at `now`.
    pub fn get(&self, token_hash: &str, now: i64) -> Option<SessionWithUser> {
        let generation = self.generation();
        let entries = self.entries.lock();
        let entry = entries.get(token_hash)?;
        let fresh = entry.generation == generation && now - entry.read_at < KEPT_FOR_MS;
        let live = now < entry.session.expires_at && now < entry.session.max_expires_at;
        (fresh && live).then(|| entry.session.clone())
    }

    /// Keeps `session`, read under `generation` at `now`, unless the
    /// generation has moved on since (a write may have changed it).
    pub fn put(&self, token_hash: &str, session: SessionWithUser, generation: u64, now: i64) {
        let mut entries = self.entries.lock();
        if generation != self.generation() {
            return;
        }
        if entries.len() >= CAPACITY {
            entries.retain(|_, e| e.generation == generation && now - e.read_at < KEPT_FOR_MS);
            if entries.len() >= CAPACITY {
                entries.clear();
            }
        }
        entries.insert(
            token_hash.to_owned(),
            Entry {
                session,
                generation,
                read_at: now,
            },
        );
    }

    /// Forgets one session (its expiry was just moved).
    pub fn forget(&self, session_id: &str) {
        self.entries
            .lock()
            .retain(|_, e| e.session.session_id != session_id);
    }
}

impl std::fmt::Debug for SessionCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionCache")
            .field("generation", &self.generation())
            .field("kept", &self.entries.lock().len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::UserRow;

    fn session(expires_at: i64) -> SessionWithUser {
        SessionWithUser {
            session_id: "ses_1".into(),
            csrf_token: "csrf".into(),
            method: "password".into(),
            session_created_at: 0,
            last_seen_at: 0,
            expires_at,
            max_expires_at: expires_at,
            user: UserRow {
                id: "usr_1".into(),
                email: "a@example.com".into(),
                password_hash: None,
                name: "A".into(),
                company: None,
                phone: None,
                country: "DE".into(),
                newsletter: false,
                is_customer: true,
                is_partner: false,
                is_sales: false,
                is_fulfilment: false,
                is_admin: false,
                credit_limit_cents: None,
                payment_terms_days: None,
                may_exceed_limit: false,
                created_at: 0,
                updated_at: 0,
                deleted_at: None,
                invited_at: None,
            },
        }
    }

    #[test]
    fn a_session_is_served_for_a_second() {
        let cache = SessionCache::default();
        cache.put("h", session(10_000), cache.generation(), 1_000);
        assert!(cache.get("h", 1_999).is_some());
        assert!(cache.get("h", 2_000).is_none(), "kept one second only");
        assert!(cache.get("other", 1_500).is_none());
    }

    #[test]
    fn a_change_drops_what_was_read_before_it() {
        let cache = SessionCache::default();
        cache.put("h", session(10_000), cache.generation(), 1_000);
        cache.changed();
        assert!(cache.get("h", 1_001).is_none());
    }

    #[test]
    fn a_read_overtaken_by_a_change_is_not_kept() {
        let cache = SessionCache::default();
        let read_under = cache.generation();
        cache.changed(); // a write committed while the session was read
        cache.put("h", session(10_000), read_under, 1_000);
        assert!(cache.get("h", 1_001).is_none());
    }

    #[test]
    fn an_expired_session_is_never_served() {
        let cache = SessionCache::default();
        cache.put("h", session(1_500), cache.generation(), 1_000);
        assert!(cache.get("h", 1_499).is_some());
        assert!(cache.get("h", 1_500).is_none());
    }

    #[test]
    fn forgetting_a_session_drops_it() {
        let cache = SessionCache::default();
        cache.put("h", session(10_000), cache.generation(), 1_000);
        cache.forget("ses_1");
        assert!(cache.get("h", 1_001).is_none());
    }
}
