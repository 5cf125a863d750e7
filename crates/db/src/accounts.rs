//! Accounts, sessions and sign-in failure counters (SPEC §1, §8).
//!
//! Row structs here are storage shapes; the API maps them to its own DTOs.

use crate::{Db, DbError};
use sqlx::FromRow;

/// Columns of `users`, in the order [`UserRow`] expects them.
pub const USER_COLUMNS: &str = "users.id, users.email, users.password_hash, users.name, users.company, \
users.phone, users.country, users.newsletter, users.is_customer, users.is_partner, users.is_sales, \
users.is_fulfilment, users.is_admin, users.credit_limit_cents, users.payment_terms_days, \
users.may_exceed_limit, users.created_at, users.updated_at, users.deleted_at, users.invited_at";

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct UserRow {
    pub id: String,
    /// Normalised (trimmed, lower case).
    pub email: String,
    /// Argon2id PHC string; `None` for accounts that only sign in through SSO or InControl.
    pub password_hash: Option<String>,
    pub name: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    /// ISO 3166-1 alpha-2, upper case.
    pub country: String,
    #[sqlx(try_from = "crate::Flag")]
    pub newsletter: bool,
    #[sqlx(try_from = "crate::Flag")]
    pub is_customer: bool,
    #[sqlx(try_from = "crate::Flag")]
    pub is_partner: bool,
    #[sqlx(try_from = "crate::Flag")]
    pub is_sales: bool,
    #[sqlx(try_from = "crate::Flag")]
    pub is_fulfilment: bool,
    #[sqlx(try_from = "crate::Flag")]
    pub is_admin: bool,
    /// Approved credit limit (business customers); `None` = no credit terms.
    pub credit_limit_cents: Option<i64>,
    pub payment_terms_days: Option<i64>,
    #[sqlx(try_from = "crate::Flag")]
    pub may_exceed_limit: bool,
    pub created_at: i64,
    pub updated_at: i64,
    pub deleted_at: Option<i64>,
    /// Made for an end customer by a partner's pavilion order (SPEC §10):
    /// it cannot sign in until its invitation is claimed.
    pub invited_at: Option<i64>,
}

/// What creating an account needs.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub email: String,
    pub password_hash: Option<String>,
    pub name: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    pub country: String,
    pub newsletter: bool,
}

/// Role flags and credit terms, set by staff, seeding and `uplink admin create`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RoleFlags {
    pub is_customer: bool,
    pub is_partner: bool,
    pub is_sales: bool,
    pub is_fulfilment: bool,
    pub is_admin: bool,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct CreditTerms {
    pub credit_limit_cents: i64,
    pub payment_terms_days: i64,
    pub may_exceed_limit: bool,
}

/// Profile fields a customer changes themselves.
#[derive(Debug, Clone)]
pub struct ProfileUpdate {
    pub name: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    pub country: String,
    pub newsletter: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum UserWriteError {
    #[error("an account with this e-mail address already exists")]
    EmailTaken,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for UserWriteError {
    fn from(e: sqlx::Error) -> Self {
        if is_unique_violation(&e) {
            UserWriteError::EmailTaken
        } else {
            UserWriteError::Db(e.into())
        }
    }
}

/// True when `e` is a unique-constraint violation on either backend.
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => {
            d.is_unique_violation() || d.message().contains("UNIQUE constraint failed")
        }
        _ => false,
    }
}

/// A live session with its account, as one lookup per request.
#[derive(Debug, Clone, FromRow)]
pub struct SessionWithUser {
    pub session_id: String,
    pub csrf_token: String,
    pub method: String,
    pub session_created_at: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
    pub max_expires_at: i64,
    #[sqlx(flatten)]
    pub user: UserRow,
}

/// A session as listed to its owner (never the token).
#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    pub id: String,
    pub method: String,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
}

/// A new session's fields; the token itself is never stored, only its hash.
#[derive(Debug, Clone)]
pub struct NewSession<'a> {
    pub id: &'a str,
    pub token_hash: &'a str,
    pub user_id: &'a str,
    pub csrf_token: &'a str,
    pub method: &'a str,
    pub ip: Option<&'a str>,
    pub user_agent: Option<&'a str>,
    pub now: i64,
    pub expires_at: i64,
    pub max_expires_at: i64,
}

impl Db {
    pub async fn insert_user(&self, new: &NewUser) -> Result<UserRow, UserWriteError> {
        let now = crate::now_ms();
        let id = uplink_domain::ids::new_id("usr");
        sqlx::query(
            "INSERT INTO users (id, email, password_hash, name, company, phone, country, newsletter,
                 created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(&id)
        .bind(&new.email)
        .bind(&new.password_hash)
        .bind(&new.name)
        .bind(&new.company)
        .bind(&new.phone)
        .bind(&new.country)
        .bind(new.newsletter)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(self
            .user_by_id(&id)
            .await?
            .ok_or_else(|| DbError::Sqlx(sqlx::Error::RowNotFound))?)
    }

    /// An account by id (deleted accounts included; callers check `deleted_at`).
    pub async fn user_by_id(&self, id: &str) -> Result<Option<UserRow>, DbError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
        Ok(sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// A live account by normalised e-mail.
    pub async fn user_by_email(&self, email: &str) -> Result<Option<UserRow>, DbError> {
        let sql =
            format!("SELECT {USER_COLUMNS} FROM users WHERE email = $1 AND deleted_at IS NULL");
        Ok(sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(sql))
            .bind(email)
            .fetch_optional(self.pool())
            .await?)
    }

    pub async fn update_profile(&self, user_id: &str, p: &ProfileUpdate) -> Result<(), DbError> {
        sqlx::query(
            "UPDATE users SET name = $2, company = $3, phone = $4, country = $5, newsletter = $6,
                 updated_at = $7
             WHERE id = $1",
        )
        .bind(user_id)
        .bind(&p.name)
        .bind(&p.company)
        .bind(&p.phone)
        .bind(&p.country)
        .bind(p.newsletter)
        .bind(crate::now_ms())
        .execute(self.writer())
        .await?;
        self.sessions.changed();
        Ok(())
    }

    pub async fn set_password_hash(&self, user_id: &str, hash: &str) -> Result<(), DbError> {
        // A password set by a reset link also opens an account a partner's
        // order made (the link proves the e-mail, as the invitation would).
        sqlx::query(
            "UPDATE users SET password_hash = $2, invited_at = NULL, updated_at = $3 WHERE id = $1",
        )
        .bind(user_id)
        .bind(hash)
        .bind(crate::now_ms())
        .execute(self.writer())
        .await?;
        self.sessions.changed();
        Ok(())
    }

    pub async fn set_user_email(&self, user_id: &str, email: &str) -> Result<(), UserWriteError> {
        sqlx::query("UPDATE users SET email = $2, updated_at = $3 WHERE id = $1")
            .bind(user_id)
            .bind(email)
            .bind(crate::now_ms())
            .execute(self.writer())
            .await?;
        self.sessions.changed();
        Ok(())
    }

    pub async fn set_roles(&self, user_id: &str, r: &RoleFlags) -> Result<(), DbError> {
        sqlx::query(
            "UPDATE users SET is_customer = $2, is_partner = $3, is_sales = $4, is_fulfilment = $5,
                 is_admin = $6, updated_at = $7
             WHERE id = $1",
        )
        .bind(user_id)
        .bind(r.is_customer)
        .bind(r.is_partner)
        .bind(r.is_sales)
        .bind(r.is_fulfilment)
        .bind(r.is_admin)
        .bind(crate::now_ms())
        .execute(self.writer())
        .await?;
        self.sessions.changed();
        Ok(())
    }

    // ----- sessions -----

    pub async fn insert_session(&self, s: &NewSession<'_>) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO sessions (id, token_hash, user_id, csrf_token, method, ip, user_agent,
                 created_at, last_seen_at, expires_at, max_expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)",
        )
        .bind(s.id)
        .bind(s.token_hash)
        .bind(s.user_id)
        .bind(s.csrf_token)
        .bind(s.method)
        .bind(s.ip)
        .bind(s.user_agent)
        .bind(s.now)
        .bind(s.expires_at)
        .bind(s.max_expires_at)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// The unexpired session whose token hashes to `token_hash`, with its
    /// live account: from memory when read within the last second and
    /// nothing changed since (see [`crate::session_cache`]).
    pub async fn session_by_token_hash(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<SessionWithUser>, DbError> {
        if let Some(kept) = self.sessions.get(token_hash, now) {
            return Ok(Some(kept));
        }
        let generation = self.sessions.generation();
        let sql = format!(
            "SELECT sessions.id AS session_id, sessions.csrf_token, sessions.method,
                    sessions.created_at AS session_created_at, sessions.last_seen_at,
                    sessions.expires_at, sessions.max_expires_at, {USER_COLUMNS}
             FROM sessions JOIN users ON users.id = sessions.user_id
             WHERE sessions.token_hash = $1 AND sessions.expires_at > $2
               AND sessions.max_expires_at > $2 AND users.deleted_at IS NULL
               AND users.disabled_at IS NULL"
        );
        let found = sqlx::query_as::<_, SessionWithUser>(sqlx::AssertSqlSafe(sql))
            .bind(token_hash)
            .bind(now)
            .fetch_optional(self.pool())
            .await?;
        if let Some(session) = &found {
            self.sessions
                .put(token_hash, session.clone(), generation, now);
        }
        Ok(found)
    }

    /// An account or a session changed other than through this handle's
    /// own account writes (a transaction the caller committed, or SQL run
    /// behind its back): sessions kept in memory are read again (see
    /// [`crate::session_cache`]).
    pub fn accounts_changed(&self) {
        self.sessions.changed();
    }

    /// An account's live sessions, newest first.
    pub async fn sessions_of(&self, user_id: &str) -> Result<Vec<SessionRow>, DbError> {
        Ok(sqlx::query_as::<_, SessionRow>(
            "SELECT id, method, ip, user_agent, created_at, last_seen_at, expires_at FROM sessions
             WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC",
        )
        .bind(user_id)
        .bind(crate::now_ms())
        .fetch_all(self.pool())
        .await?)
    }

    /// Slides a session's idle expiry forward.
    pub async fn touch_session(
        &self,
        session_id: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), DbError> {
        sqlx::query("UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1")
            .bind(session_id)
            .bind(now)
            .bind(expires_at)
            .execute(self.writer())
            .await?;
        self.sessions.forget(session_id);
        Ok(())
    }

    pub async fn delete_session(&self, session_id: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM sessions WHERE id = $1")
            .bind(session_id)
            .execute(self.writer())
            .await?;
        self.sessions.changed();
        Ok(())
    }

    /// Ends the session whose token hashes to `token_hash` (if any).
    pub async fn delete_session_by_token_hash(&self, token_hash: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(self.writer())
            .await?;
        self.sessions.changed();
        Ok(())
    }

    /// Ends every session of an account except `keep` (the caller's own, when given).
    pub async fn delete_user_sessions(
        &self,
        user_id: &str,
        keep: Option<&str>,
    ) -> Result<u64, DbError> {
        let res = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
            .bind(user_id)
            .bind(keep.unwrap_or(""))
            .execute(self.writer())
            .await?;
        self.sessions.changed();
        Ok(res.rows_affected())
    }

    /// Removes sessions past their expiry (housekeeping).
    pub async fn purge_expired_sessions(&self, now: i64) -> Result<u64, DbError> {
        let res =
            sqlx::query("DELETE FROM sessions WHERE expires_at <= $1 OR max_expires_at <= $1")
                .bind(now)
                .execute(self.writer())
                .await?;
        Ok(res.rows_affected())
    }

    // ----- sign-in failure counters -----

    pub async fn record_sign_in_failure(
        &self,
        email: &str,
        ip: &str,
        now: i64,
    ) -> Result<(), DbError> {
        sqlx::query("INSERT INTO auth_failures (email, ip, at) VALUES ($1, $2, $3)")
            .bind(email)
            .bind(ip)
            .bind(now)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    /// Failures since `since` for this account and from this IP.
    pub async fn sign_in_failures(
        &self,
        email: &str,
        ip: &str,
        since: i64,
    ) -> Result<(i64, i64), DbError> {
        let by_email: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM auth_failures WHERE email = $1 AND at > $2",
        )
        .bind(email)
        .bind(since)
        .fetch_one(self.pool())
        .await?;
        let by_ip: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM auth_failures WHERE ip = $1 AND at > $2",
        )
        .bind(ip)
        .bind(since)
        .fetch_one(self.pool())
        .await?;
        Ok((by_email, by_ip))
    }

    /// A successful sign-in forgets the account's failures (from every IP),
    /// and old rows past the window are dropped.
    pub async fn clear_sign_in_failures(
        &self,
        email: &str,
        older_than: i64,
    ) -> Result<(), DbError> {
        sqlx::query("DELETE FROM auth_failures WHERE email = $1 OR at <= $2")
            .bind(email)
            .bind(older_than)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    // ----- challenge -----

    pub async fn insert_challenge(&self, c: &ChallengeRow) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO auth_challenges (id, nonce, difficulty, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&c.id)
        .bind(&c.nonce)
        .bind(c.difficulty)
        .bind(c.created_at)
        .bind(c.expires_at)
        .execute(self.writer())
        .await?;
        // Housekeeping: puzzles older than a day are of no use to anyone.
        sqlx::query("DELETE FROM auth_challenges WHERE expires_at < $1")
            .bind(c.created_at - 24 * 3600 * 1000)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    /// An unsolved, unexpired puzzle.
    pub async fn open_challenge(
        &self,
        id: &str,
        now: i64,
    ) -> Result<Option<ChallengeRow>, DbError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(
            "SELECT id, nonce, difficulty, created_at, expires_at FROM auth_challenges
             WHERE id = $1 AND solved_at IS NULL AND expires_at > $2",
        )
        .bind(id)
        .bind(now)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Marks a puzzle solved; false when someone else solved it first (single use).
    pub async fn mark_challenge_solved(&self, id: &str, now: i64) -> Result<bool, DbError> {
        let res = sqlx::query(
            "UPDATE auth_challenges SET solved_at = $2 WHERE id = $1 AND solved_at IS NULL",
        )
        .bind(id)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(res.rows_affected() == 1)
    }

    pub async fn insert_challenge_pass(
        &self,
        token_hash: &str,
        now: i64,
        expires_at: i64,
        attempts: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO challenge_passes (token_hash, created_at, expires_at, attempts_left)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(now)
        .bind(expires_at)
        .bind(attempts)
        .execute(self.writer())
        .await?;
        sqlx::query("DELETE FROM challenge_passes WHERE expires_at < $1")
            .bind(now)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    /// Uses one attempt of a pass; false when it is unknown, expired or used up.
    pub async fn consume_challenge_pass(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<bool, DbError> {
        let res = sqlx::query(
            "UPDATE challenge_passes SET attempts_left = attempts_left - 1
             WHERE token_hash = $1 AND expires_at > $2 AND attempts_left > 0",
        )
        .bind(token_hash)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(res.rows_affected() == 1)
    }
}

/// A proof-of-work puzzle.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct ChallengeRow {
    pub id: String,
    pub nonce: String,
    pub difficulty: i64,
    pub created_at: i64,
    pub expires_at: i64,
}

// ----- app tokens (SPEC §12, D104) -----

impl Db {
    /// Records a minted app token (its hash).
    pub async fn insert_app_token(
        &self,
        token_hash: &str,
        user_id: &str,
        key_id: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO app_tokens (token_hash, user_id, integration_key_id, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(token_hash)
        .bind(user_id)
        .bind(key_id)
        .bind(now)
        .bind(expires_at)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Uses an app token: only while unused and unexpired, and only when the
    /// integration key that minted it is still live — so it signs in once.
    /// The account it was minted for.
    pub async fn use_app_token(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<String>, DbError> {
        Ok(sqlx::query_scalar(
            "UPDATE app_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL \
             AND expires_at > $1 AND integration_key_id IN \
               (SELECT id FROM integration_keys WHERE revoked_at IS NULL) \
             RETURNING user_id",
        )
        .bind(now)
        .bind(token_hash)
        .fetch_optional(self.writer())
        .await?)
    }

    /// Removes app tokens that ended before `before` (used or expired).
    pub async fn purge_app_tokens(&self, before: i64) -> Result<u64, DbError> {
        Ok(sqlx::query("DELETE FROM app_tokens WHERE expires_at < $1")
            .bind(before)
            .execute(self.writer())
            .await?
            .rows_affected())
    }
}
