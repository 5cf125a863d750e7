//! Storage of the account area: single-use links, the e-mail outbox, the
//! address book, bookmarks, external identities and their flows.

use crate::{Db, DbError, now_ms};
use sqlx::FromRow;
use uplink_domain::accounts::address::Address;

// ----- single-use links -----

/// `account_tokens.kind` values.
pub const TOKEN_PASSWORD_RESET: &str = "password_reset";
pub const TOKEN_EMAIL_CHANGE: &str = "email_change";

#[derive(Debug, Clone, FromRow)]
pub struct AccountTokenRow {
    pub token_hash: String,
    pub kind: String,
    pub user_id: String,
    pub new_email: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

// ----- outbox -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct OutboxRow {
    pub id: String,
    pub kind: String,
    pub user_id: Option<String>,
    pub to_address: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: Option<String>,
    /// `queued` (waits for SMTP), `sent`, `failed` (gave up), `outbox` (no SMTP configured).
    pub status: String,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

const OUTBOX_COLUMNS: &str = "id, kind, user_id, to_address, subject, body_text, body_html, status, \
attempts, last_error, created_at, sent_at";

// ----- addresses -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct AddressRow {
    pub id: String,
    pub user_id: String,
    pub name: String,
    pub company: Option<String>,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub state: Option<String>,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
    #[sqlx(try_from = "crate::Flag")]
    pub is_default_shipping: bool,
    #[sqlx(try_from = "crate::Flag")]
    pub is_default_billing: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

const ADDRESS_COLUMNS: &str = "id, user_id, name, company, line1, line2, city, state, postal_code, \
country, phone, is_default_shipping, is_default_billing, created_at, updated_at";

/// Why an address could not be added.
impl AddressRow {
    /// A new address-book row for `address`.
    pub fn new(user_id: &str, address: Address, is_default: Defaults, now: i64) -> AddressRow {
        AddressRow {
            id: uplink_domain::ids::new_id("adr"),
            user_id: user_id.to_owned(),
            is_default_shipping: is_default.shipping,
            is_default_billing: is_default.billing,
            created_at: now,
            updated_at: now,
            ..AddressRow::from_parts(address)
        }
    }

    /// This row with `address` in place of its fields.
    pub fn with_address(self, address: Address) -> AddressRow {
        AddressRow {
            id: self.id.clone(),
            user_id: self.user_id.clone(),
            is_default_shipping: self.is_default_shipping,
            is_default_billing: self.is_default_billing,
            created_at: self.created_at,
            updated_at: self.updated_at,
            ..AddressRow::from_parts(address)
        }
    }

    fn from_parts(a: Address) -> AddressRow {
        AddressRow {
            id: String::new(),
            user_id: String::new(),
            name: a.name,
            company: a.company,
            line1: a.line1,
            line2: a.line2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
            country: a.country,
            phone: a.phone,
            is_default_shipping: false,
            is_default_billing: false,
            created_at: 0,
            updated_at: 0,
        }
    }

    /// The address this row keeps.
    pub fn address(&self) -> Address {
        Address {
            name: self.name.clone(),
            company: self.company.clone(),
            line1: self.line1.clone(),
            line2: self.line2.clone(),
            city: self.city.clone(),
            state: self.state.clone(),
            postal_code: self.postal_code.clone(),
            country: self.country.clone(),
            phone: self.phone.clone(),
        }
    }
}

/// Whether a new address becomes the default shipping and billing address.
#[derive(Debug, Clone, Copy, Default)]
pub struct Defaults {
    pub shipping: bool,
    pub billing: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum AddressWriteError {
    #[error("the address book is full")]
    Full,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for AddressWriteError {
    fn from(e: sqlx::Error) -> Self {
        AddressWriteError::Db(e.into())
    }
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct BookmarkRow {
    pub product_id: String,
    pub created_at: i64,
}

// ----- external sign-in -----

#[derive(Debug, Clone, FromRow)]
pub struct AuthFlowRow {
    pub state_hash: String,
    pub provider: String,
    pub binding_hash: String,
    pub nonce: Option<String>,
    pub pkce_verifier: Option<String>,
    pub redirect_uri: String,
    pub return_to: String,
    pub link_user_id: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct IdentityRow {
    pub provider: String,
    pub subject: String,
    pub user_id: String,
    pub email: Option<String>,
    pub created_at: i64,
    pub last_login_at: i64,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct InControlLinkRow {
    pub user_id: String,
    pub subject: String,
    pub access_token_enc: String,
    pub refresh_token_enc: Option<String>,
    pub token_expires_at: Option<i64>,
    pub scope: Option<String>,
    pub linked_at: i64,
    pub updated_at: i64,
}

impl Db {
    // ----- single-use links -----

    pub async fn insert_account_token(&self, t: &AccountTokenRow) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO account_tokens (token_hash, kind, user_id, new_email, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&t.token_hash)
        .bind(&t.kind)
        .bind(&t.user_id)
        .bind(&t.new_email)
        .bind(t.created_at)
        .bind(t.expires_at)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Uses a link: marks it used and returns it, once, while unexpired.
    /// Concurrent uses of the same link: exactly one wins.
    pub async fn use_account_token(
        &self,
        token_hash: &str,
        kind: &str,
        now: i64,
    ) -> Result<Option<AccountTokenRow>, DbError> {
        let res = sqlx::query(
            "UPDATE account_tokens SET used_at = $3
             WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3",
        )
        .bind(token_hash)
        .bind(kind)
        .bind(now)
        .execute(self.writer())
        .await?;
        if res.rows_affected() != 1 {
            return Ok(None);
        }
        Ok(sqlx::query_as::<_, AccountTokenRow>(
            "SELECT token_hash, kind, user_id, new_email, created_at, expires_at, used_at
             FROM account_tokens WHERE token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Voids every unused link of one kind for an account (a newer one replaces them).
    pub async fn void_account_tokens(&self, user_id: &str, kind: &str) -> Result<(), DbError> {
        sqlx::query(
            "UPDATE account_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL",
        )
        .bind(user_id)
        .bind(kind)
        .bind(now_ms())
        .execute(self.writer())
        .await?;
        Ok(())
    }

    // ----- outbox -----

    pub async fn insert_outbox(&self, m: &OutboxRow) -> Result<(), DbError> {
        let (db, m) = (self.clone(), m.clone());
        self.on_writer_thread(async move {
            let mut conn = db.writer().acquire().await?;
            insert_outbox_in(&mut conn, &m).await
        })
        .await
    }

    /// Claims up to `limit` queued messages that are due, for `lease_ms`
    /// (safe with several servers: a claim is a conditional update).
    pub async fn claim_due_outbox(
        &self,
        now: i64,
        lease_ms: i64,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, DbError> {
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM email_outbox
             WHERE status = 'queued' AND next_attempt_at <= $1 AND locked_until <= $1
             ORDER BY next_attempt_at LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        let mut claimed = Vec::new();
        for id in ids {
            let res = sqlx::query(
                "UPDATE email_outbox SET locked_until = $2, held_by = $4
                 WHERE id = $1 AND status = 'queued' AND locked_until <= $3",
            )
            .bind(&id)
            .bind(now + lease_ms)
            .bind(now)
            .bind(self.instance_id())
            .execute(self.writer())
            .await?;
            if res.rows_affected() == 1
                && let Some(row) = self.outbox_message(&id).await?
            {
                claimed.push(row);
            }
        }
        Ok(claimed)
    }

    pub async fn outbox_message(&self, id: &str) -> Result<Option<OutboxRow>, DbError> {
        let sql = format!("SELECT {OUTBOX_COLUMNS} FROM email_outbox WHERE id = $1");
        Ok(sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// The newest messages first (staff view, tests).
    pub async fn recent_outbox(&self, limit: i64) -> Result<Vec<OutboxRow>, DbError> {
        let sql = format!(
            "SELECT {OUTBOX_COLUMNS} FROM email_outbox ORDER BY created_at DESC, id DESC LIMIT $1"
        );
        Ok(sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(sql))
            .bind(limit)
            .fetch_all(self.pool())
            .await?)
    }

    /// Staff's outbox search: newest first; `q` matches the recipient or
    /// the subject, `status` one delivery status; `before` is the previous
    /// page's last `created_at`.
    pub async fn outbox_search(
        &self,
        q: Option<&str>,
        status: Option<&str>,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, DbError> {
        let sql = format!(
            "SELECT {OUTBOX_COLUMNS} FROM email_outbox \
             WHERE ($1 = '' OR LOWER(to_address) LIKE $2 ESCAPE '\\' OR LOWER(subject) LIKE $2 ESCAPE '\\') \
               AND ($3 = '' OR status = $3) AND created_at < $4 \
             ORDER BY created_at DESC, id DESC LIMIT $5"
        );
        let q = q.unwrap_or("").trim().to_lowercase();
        Ok(sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(sql))
            .bind(q.clone())
            .bind(crate::like_contains(&q))
            .bind(status.unwrap_or("").to_owned())
            .bind(before.unwrap_or(i64::MAX))
            .bind(limit)
            .fetch_all(self.pool())
            .await?)
    }

    /// The messages sent to `user_id` whose subject names `needle` (an order number), newest first.
    pub async fn outbox_about(
        &self,
        user_id: &str,
        needle: &str,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, DbError> {
        let sql = format!(
            "SELECT {OUTBOX_COLUMNS} FROM email_outbox WHERE user_id = $1 AND LOWER(subject) LIKE $2 ESCAPE '\\' \
             ORDER BY created_at DESC, id DESC LIMIT $3"
        );
        Ok(sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .bind(crate::like_contains(needle))
            .bind(limit)
            .fetch_all(self.pool())
            .await?)
    }

    pub async fn mark_outbox_sent(&self, id: &str, now: i64) -> Result<(), DbError> {
        sqlx::query(
            "UPDATE email_outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1,
                 last_error = NULL, locked_until = 0 WHERE id = $1",
        )
        .bind(id)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Records a failed attempt: retried at `retry_at`, or given up (`failed`) when `None`.
    pub async fn mark_outbox_failed(
        &self,
        id: &str,
        error: &str,
        retry_at: Option<i64>,
    ) -> Result<(), DbError> {
        sqlx::query(
            "UPDATE email_outbox SET attempts = attempts + 1, last_error = $2, locked_until = 0,
                 status = CASE WHEN $3 THEN 'queued' ELSE 'failed' END,
                 next_attempt_at = $4
             WHERE id = $1",
        )
        .bind(id)
        .bind(error)
        .bind(retry_at.is_some())
        .bind(retry_at.unwrap_or(0))
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// Messages sent to an account, newest first (for its data export).
    pub async fn outbox_of(&self, user_id: &str) -> Result<Vec<OutboxRow>, DbError> {
        let sql = format!(
            "SELECT {OUTBOX_COLUMNS} FROM email_outbox WHERE user_id = $1 ORDER BY created_at DESC, id"
        );
        Ok(sqlx::query_as::<_, OutboxRow>(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    // ----- addresses -----

    pub async fn addresses_of(&self, user_id: &str) -> Result<Vec<AddressRow>, DbError> {
        let sql = format!(
            "SELECT {ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY created_at, id"
        );
        Ok(sqlx::query_as::<_, AddressRow>(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// One address of one account (another account's id is simply not found).
    pub async fn address_of(&self, user_id: &str, id: &str) -> Result<Option<AddressRow>, DbError> {
        let sql = format!("SELECT {ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 AND id = $2");
        Ok(sqlx::query_as::<_, AddressRow>(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// Adds an address unless the book already holds `limit`; setting a
    /// default clears the previous one. One transaction, serialised per account.
    pub async fn insert_address(
        &self,
        a: &AddressRow,
        limit: i64,
    ) -> Result<(), AddressWriteError> {
        let mut tx = self.begin_write().await?;
        // Lock the account row so concurrent inserts count one after another (PostgreSQL).
        sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
            .bind(&a.user_id)
            .execute(&mut *tx)
            .await?;
        let count: i64 =
            sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM addresses WHERE user_id = $1")
                .bind(&a.user_id)
                .fetch_one(&mut *tx)
                .await?;
        if count >= limit {
            return Err(AddressWriteError::Full);
        }
        clear_defaults(
            &mut tx,
            &a.user_id,
            a.is_default_shipping,
            a.is_default_billing,
        )
        .await?;
        sqlx::query(
            "INSERT INTO addresses (id, user_id, name, company, line1, line2, city, state, postal_code,
                 country, phone, is_default_shipping, is_default_billing, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        )
        .bind(&a.id)
        .bind(&a.user_id)
        .bind(&a.name)
        .bind(&a.company)
        .bind(&a.line1)
        .bind(&a.line2)
        .bind(&a.city)
        .bind(&a.state)
        .bind(&a.postal_code)
        .bind(&a.country)
        .bind(&a.phone)
        .bind(a.is_default_shipping)
        .bind(a.is_default_billing)
        .bind(a.created_at)
        .bind(a.updated_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Replaces an address's fields (the caller merged the patch); false when not found.
    pub async fn update_address(&self, a: &AddressRow) -> Result<bool, DbError> {
        let mut tx = self.begin_write().await?;
        clear_defaults(
            &mut tx,
            &a.user_id,
            a.is_default_shipping,
            a.is_default_billing,
        )
        .await?;
        let res = sqlx::query(
            "UPDATE addresses SET name = $3, company = $4, line1 = $5, line2 = $6, city = $7,
                 state = $8, postal_code = $9, country = $10, phone = $11,
                 is_default_shipping = $12, is_default_billing = $13, updated_at = $14
             WHERE user_id = $1 AND id = $2",
        )
        .bind(&a.user_id)
        .bind(&a.id)
        .bind(&a.name)
        .bind(&a.company)
        .bind(&a.line1)
        .bind(&a.line2)
        .bind(&a.city)
        .bind(&a.state)
        .bind(&a.postal_code)
        .bind(&a.country)
        .bind(&a.phone)
        .bind(a.is_default_shipping)
        .bind(a.is_default_billing)
        .bind(a.updated_at)
        .execute(&mut *tx)
        .await?;
        if res.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    pub async fn delete_address(&self, user_id: &str, id: &str) -> Result<bool, DbError> {
        let res = sqlx::query("DELETE FROM addresses WHERE user_id = $1 AND id = $2")
            .bind(user_id)
            .bind(id)
            .execute(self.writer())
            .await?;
        Ok(res.rows_affected() == 1)
    }

    // ----- bookmarks -----

    pub async fn bookmarks_of(&self, user_id: &str) -> Result<Vec<BookmarkRow>, DbError> {
        Ok(sqlx::query_as::<_, BookmarkRow>(
            "SELECT product_id, created_at FROM bookmarks WHERE user_id = $1
             ORDER BY created_at DESC, product_id",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Adds a bookmark (idempotent); returns the stored row.
    pub async fn put_bookmark(
        &self,
        user_id: &str,
        product_id: &str,
    ) -> Result<BookmarkRow, DbError> {
        sqlx::query(
            "INSERT INTO bookmarks (user_id, product_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (user_id, product_id) DO NOTHING",
        )
        .bind(user_id)
        .bind(product_id)
        .bind(now_ms())
        .execute(self.writer())
        .await?;
        Ok(sqlx::query_as::<_, BookmarkRow>(
            "SELECT product_id, created_at FROM bookmarks WHERE user_id = $1 AND product_id = $2",
        )
        .bind(user_id)
        .bind(product_id)
        .fetch_one(self.pool())
        .await?)
    }

    pub async fn delete_bookmark(&self, user_id: &str, product_id: &str) -> Result<bool, DbError> {
        let res = sqlx::query("DELETE FROM bookmarks WHERE user_id = $1 AND product_id = $2")
            .bind(user_id)
            .bind(product_id)
            .execute(self.writer())
            .await?;
        Ok(res.rows_affected() == 1)
    }

    // ----- external sign-in -----

    pub async fn insert_auth_flow(&self, f: &AuthFlowRow) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO auth_flows (state_hash, provider, binding_hash, nonce, pkce_verifier,
                 redirect_uri, return_to, link_user_id, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&f.state_hash)
        .bind(&f.provider)
        .bind(&f.binding_hash)
        .bind(&f.nonce)
        .bind(&f.pkce_verifier)
        .bind(&f.redirect_uri)
        .bind(&f.return_to)
        .bind(&f.link_user_id)
        .bind(f.created_at)
        .bind(f.expires_at)
        .execute(self.writer())
        .await?;
        sqlx::query("DELETE FROM auth_flows WHERE expires_at < $1")
            .bind(f.created_at)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    /// Takes (reads and deletes) an unexpired flow: each state is usable once.
    pub async fn take_auth_flow(
        &self,
        state_hash: &str,
        provider: &str,
        now: i64,
    ) -> Result<Option<AuthFlowRow>, DbError> {
        let row = sqlx::query_as::<_, AuthFlowRow>(
            "SELECT state_hash, provider, binding_hash, nonce, pkce_verifier, redirect_uri,
                    return_to, link_user_id, created_at, expires_at
             FROM auth_flows WHERE state_hash = $1 AND provider = $2 AND expires_at > $3",
        )
        .bind(state_hash)
        .bind(provider)
        .bind(now)
        .fetch_optional(self.pool())
        .await?;
        let Some(row) = row else { return Ok(None) };
        let res = sqlx::query("DELETE FROM auth_flows WHERE state_hash = $1")
            .bind(state_hash)
            .execute(self.writer())
            .await?;
        Ok((res.rows_affected() == 1).then_some(row))
    }

    pub async fn identity(
        &self,
        provider: &str,
        subject: &str,
    ) -> Result<Option<IdentityRow>, DbError> {
        Ok(sqlx::query_as::<_, IdentityRow>(
            "SELECT provider, subject, user_id, email, created_at, last_login_at
             FROM user_identities WHERE provider = $1 AND subject = $2",
        )
        .bind(provider)
        .bind(subject)
        .fetch_optional(self.pool())
        .await?)
    }

    pub async fn identities_of(&self, user_id: &str) -> Result<Vec<IdentityRow>, DbError> {
        Ok(sqlx::query_as::<_, IdentityRow>(
            "SELECT provider, subject, user_id, email, created_at, last_login_at
             FROM user_identities WHERE user_id = $1 ORDER BY provider",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Links (or re-links) an external identity to an account and records the sign-in.
    pub async fn upsert_identity(
        &self,
        provider: &str,
        subject: &str,
        user_id: &str,
        email: Option<&str>,
    ) -> Result<(), DbError> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO user_identities (provider, subject, user_id, email, created_at, last_login_at)
             VALUES ($1, $2, $3, $4, $5, $5)
             ON CONFLICT (provider, subject) DO UPDATE SET user_id = excluded.user_id,
                 email = excluded.email, last_login_at = excluded.last_login_at",
        )
        .bind(provider)
        .bind(subject)
        .bind(user_id)
        .bind(email)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    pub async fn delete_identities(&self, user_id: &str, provider: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM user_identities WHERE user_id = $1 AND provider = $2")
            .bind(user_id)
            .bind(provider)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    pub async fn upsert_incontrol_link(&self, l: &InControlLinkRow) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO incontrol_links (user_id, subject, access_token_enc, refresh_token_enc,
                 token_expires_at, scope, linked_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (user_id) DO UPDATE SET subject = excluded.subject,
                 access_token_enc = excluded.access_token_enc,
                 refresh_token_enc = excluded.refresh_token_enc,
                 token_expires_at = excluded.token_expires_at, scope = excluded.scope,
                 updated_at = excluded.updated_at",
        )
        .bind(&l.user_id)
        .bind(&l.subject)
        .bind(&l.access_token_enc)
        .bind(&l.refresh_token_enc)
        .bind(l.token_expires_at)
        .bind(&l.scope)
        .bind(l.linked_at)
        .bind(l.updated_at)
        .execute(self.writer())
        .await?;
        Ok(())
    }

    pub async fn incontrol_link(&self, user_id: &str) -> Result<Option<InControlLinkRow>, DbError> {
        Ok(sqlx::query_as::<_, InControlLinkRow>(
            "SELECT user_id, subject, access_token_enc, refresh_token_enc, token_expires_at, scope,
                    linked_at, updated_at
             FROM incontrol_links WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?)
    }

    pub async fn delete_incontrol_link(&self, user_id: &str) -> Result<bool, DbError> {
        let res = sqlx::query("DELETE FROM incontrol_links WHERE user_id = $1")
            .bind(user_id)
            .execute(self.writer())
            .await?;
        sqlx::query("DELETE FROM user_identities WHERE user_id = $1 AND provider = 'incontrol'")
            .bind(user_id)
            .execute(self.writer())
            .await?;
        Ok(res.rows_affected() == 1)
    }

    // ----- deletion -----

    /// Deletes an account's personal data and keeps an anonymous shell row, so
    /// records that must stay (orders, invoices) keep a valid reference.
    pub async fn anonymise_user(&self, user_id: &str) -> Result<(), DbError> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        for sql in [
            "DELETE FROM sessions WHERE user_id = $1",
            "DELETE FROM addresses WHERE user_id = $1",
            "DELETE FROM bookmarks WHERE user_id = $1",
            "DELETE FROM account_tokens WHERE user_id = $1",
            "DELETE FROM user_identities WHERE user_id = $1",
            "DELETE FROM incontrol_links WHERE user_id = $1",
            "DELETE FROM email_outbox WHERE user_id = $1",
            // The serials go free again: another owner may register them.
            "DELETE FROM devices WHERE user_id = $1",
            "DELETE FROM payment_methods WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
        }
        sqlx::query(
            "UPDATE users SET email = $2, password_hash = NULL, name = 'Deleted account',
                 company = NULL, phone = NULL, newsletter = $3, is_customer = $3, is_partner = $3,
                 is_sales = $3, is_fulfilment = $3, is_admin = $3, credit_limit_cents = NULL,
                 payment_terms_days = NULL, may_exceed_limit = $3, updated_at = $4, deleted_at = $4
             WHERE id = $1",
        )
        .bind(user_id)
        .bind(format!("deleted+{user_id}@invalid"))
        .bind(false)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.accounts_changed();
        Ok(())
    }
}

async fn clear_defaults(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: &str,
    shipping: bool,
    billing: bool,
) -> Result<(), DbError> {
    if shipping {
        sqlx::query("UPDATE addresses SET is_default_shipping = $2 WHERE user_id = $1")
            .bind(user_id)
            .bind(false)
            .execute(&mut **tx)
            .await?;
    }
    if billing {
        sqlx::query("UPDATE addresses SET is_default_billing = $2 WHERE user_id = $1")
            .bind(user_id)
            .bind(false)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Records an e-mail in the outbox inside the caller's transaction.
pub async fn insert_outbox_in(
    conn: &mut sqlx::AnyConnection,
    m: &OutboxRow,
) -> Result<(), DbError> {
    static INSERT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!("{INSERT_OUTBOX} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)")
    });
    bind_outbox(sqlx::query(sqlx::AssertSqlSafe(INSERT.as_str())), m)
        .execute(conn)
        .await?;
    Ok(())
}

/// The outbox row's insert, up to its values (nine binds, the last twice:
/// queued at `created_at`); see [`bind_outbox`].
pub(crate) const INSERT_OUTBOX: &str = "INSERT INTO email_outbox (id, kind, user_id, to_address, \
     subject, body_text, body_html, status, created_at, next_attempt_at)";

/// Binds `m`'s nine values after those already bound to `query`.
pub(crate) fn bind_outbox<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
    m: &'q OutboxRow,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
    query
        .bind(&m.id)
        .bind(&m.kind)
        .bind(&m.user_id)
        .bind(&m.to_address)
        .bind(&m.subject)
        .bind(&m.body_text)
        .bind(&m.body_html)
        .bind(&m.status)
        .bind(m.created_at)
}
