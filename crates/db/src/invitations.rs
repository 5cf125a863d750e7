//! Invitations of the partner pavilion (SPEC §10, D102): an end customer
//! without an account gets one made for them when a partner orders on their
//! behalf (`users.invited_at` set, no password: it cannot sign in), and an
//! invitation whose link sets the password and so claims the account and
//! the devices delivered to it — once. Only the SHA-256 of the token is kept.

use crate::{DbError, accounts::USER_COLUMNS, accounts::UserRow};
use sqlx::{AnyConnection, FromRow};

/// An end customer's account made by a pavilion order (in its transaction).
pub struct InvitedUser<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub company: Option<&'a str>,
    pub country: &'a str,
}

/// Creates the invited account; its id. The e-mail is unique among
/// accounts, so a concurrent registration makes this fail and the order
/// with it (the caller checked there was no account just before).
pub async fn insert_invited_user(
    conn: &mut AnyConnection,
    u: &InvitedUser<'_>,
    now: i64,
) -> Result<String, DbError> {
    let id = uplink_domain::ids::new_id("usr");
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, name, company, phone, country, newsletter, \
         created_at, updated_at, invited_at) VALUES ($1, $2, NULL, $3, $4, NULL, $5, $6, $7, $7, $7)",
    )
    .bind(&id)
    .bind(u.email)
    .bind(u.name)
    .bind(u.company)
    .bind(u.country)
    .bind(false)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(id)
}

/// The account with this e-mail (deleted ones left out), in a transaction.
pub async fn user_by_email_in(
    conn: &mut AnyConnection,
    email: &str,
) -> Result<Option<UserRow>, DbError> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE email = $1 AND deleted_at IS NULL");
    Ok(sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(sql))
        .bind(email)
        .fetch_optional(conn)
        .await?)
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct InvitationRow {
    pub id: String,
    pub user_id: String,
    pub order_id: String,
    pub partner_id: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub claimed_at: Option<i64>,
}

const INVITATION_COLUMNS: &str =
    "id, user_id, order_id, partner_id, created_at, expires_at, claimed_at";

/// A new invitation (its token's hash only).
pub struct NewInvitation<'a> {
    pub token_hash: &'a str,
    pub user_id: &'a str,
    pub order_id: &'a str,
    pub partner_id: Option<&'a str>,
    pub created_at: i64,
    pub expires_at: i64,
}

pub async fn insert_invitation(
    conn: &mut AnyConnection,
    i: &NewInvitation<'_>,
) -> Result<String, DbError> {
    let id = uplink_domain::ids::new_id("inv");
    sqlx::query(
        "INSERT INTO invitations (id, token_hash, user_id, order_id, partner_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(i.token_hash)
    .bind(i.user_id)
    .bind(i.order_id)
    .bind(i.partner_id)
    .bind(i.created_at)
    .bind(i.expires_at)
    .execute(conn)
    .await?;
    Ok(id)
}

/// Whether the account already has an invitation (one is sent per account).
pub async fn has_invitation(conn: &mut AnyConnection, user_id: &str) -> Result<bool, DbError> {
    let n: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM invitations WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(conn)
            .await?;
    Ok(n > 0)
}

/// An invitation by its token's hash.
pub async fn invitation_by_hash(
    conn: &mut AnyConnection,
    token_hash: &str,
) -> Result<Option<InvitationRow>, DbError> {
    let sql = format!("SELECT {INVITATION_COLUMNS} FROM invitations WHERE token_hash = $1");
    Ok(sqlx::query_as::<_, InvitationRow>(sqlx::AssertSqlSafe(sql))
        .bind(token_hash)
        .fetch_optional(conn)
        .await?)
}

/// Claims the invitation: only while unclaimed and unexpired, so of two
/// claims at once exactly one wins. Returns the invited account's id.
pub async fn claim_invitation(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<Option<String>, DbError> {
    Ok(sqlx::query_scalar(
        "UPDATE invitations SET claimed_at = $1 \
         WHERE token_hash = $2 AND claimed_at IS NULL AND expires_at > $1 RETURNING user_id",
    )
    .bind(now)
    .bind(token_hash)
    .fetch_optional(conn)
    .await?)
}

/// The claimed account gets its password and name; it can sign in from now on.
pub async fn activate_invited_user(
    conn: &mut AnyConnection,
    user_id: &str,
    password_hash: &str,
    name: &str,
    now: i64,
) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE users SET password_hash = $1, name = $2, invited_at = NULL, updated_at = $3 \
         WHERE id = $4",
    )
    .bind(password_hash)
    .bind(name)
    .bind(now)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// An account by id inside a transaction.
pub async fn user_in(conn: &mut AnyConnection, user_id: &str) -> Result<Option<UserRow>, DbError> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
    Ok(sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .fetch_optional(conn)
        .await?)
}

/// Keycloak mode: the account signed in with SSO by its e-mail; it is the
/// claimer's now (no password: the identity provider signs them in).
pub async fn clear_invited(
    conn: &mut AnyConnection,
    user_id: &str,
    name: &str,
    now: i64,
) -> Result<(), DbError> {
    sqlx::query("UPDATE users SET name = $1, invited_at = NULL, updated_at = $2 WHERE id = $3")
        .bind(name)
        .bind(now)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}
