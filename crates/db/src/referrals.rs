//! Storage of the app referral programme (SPEC §10, D103): customers' codes,
//! the code on a cart, the programme's terms, the facts the eligibility
//! check compares (paid orders, addresses, cards), and the rewards with
//! their lifecycle — each move one conditional statement, so a job run
//! twice or on two servers moves a reward once.

use crate::{DbError, now_ms};
use sqlx::{AnyConnection, FromRow, Row};

/// The settings key of the programme's terms (JSON, see
/// `uplink_domain::referrals::ReferralTerms`).
pub const TERMS_KEY: &str = "referral.terms";

/// The customer's code, if they asked for one.
pub async fn code_of(conn: &mut AnyConnection, user_id: &str) -> Result<Option<String>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT code FROM referral_codes WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(conn)
            .await?,
    )
}

/// Gives the customer `code` unless they have one; the code they have after
/// (so of two requests at once both answer the same code). `None` when
/// `code` is taken by someone else (draw another).
pub async fn claim_code(
    conn: &mut AnyConnection,
    user_id: &str,
    code: &str,
) -> Result<Option<String>, DbError> {
    let inserted = sqlx::query(
        "INSERT INTO referral_codes (user_id, code, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT DO NOTHING",
    )
    .bind(user_id)
    .bind(code)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let mine = code_of(conn, user_id).await?;
    if inserted == 0 && mine.is_none() {
        return Ok(None);
    }
    Ok(mine)
}

/// Whose code this is, with their name.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct CodeOwner {
    pub user_id: String,
    pub name: String,
}

pub async fn owner_of_code(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<CodeOwner>, DbError> {
    Ok(sqlx::query_as::<_, CodeOwner>(
        "SELECT u.id AS user_id, u.name FROM referral_codes c JOIN users u ON u.id = c.user_id \
         WHERE c.code = $1 AND u.deleted_at IS NULL",
    )
    .bind(code)
    .fetch_optional(conn)
    .await?)
}

/// Sets or removes the app referral code of a cart.
pub async fn set_cart_code(
    conn: &mut AnyConnection,
    cart_id: &str,
    code: Option<&str>,
) -> Result<(), DbError> {
    sqlx::query("UPDATE carts SET app_referral_code = $1, updated_at = $2 WHERE id = $3")
        .bind(code)
        .bind(now_ms())
        .bind(cart_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The programme's terms as stored (`None`: never changed, the defaults hold).
pub async fn terms_json(conn: &mut AnyConnection) -> Result<Option<String>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT value FROM app_settings WHERE key = $1")
            .bind(TERMS_KEY)
            .fetch_optional(conn)
            .await?,
    )
}

pub async fn set_terms_json(conn: &mut AnyConnection, json: &str) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(TERMS_KEY)
    .bind(json)
    .bind(now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether the customer has an order that was paid (or is on terms): a
/// referral code is for a first order.
pub async fn has_ordered(conn: &mut AnyConnection, user_id: &str) -> Result<bool, DbError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM orders WHERE user_id = $1 \
         AND status NOT IN ('pending_payment', 'cancelled')",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

/// The addresses a customer uses: their address book, as
/// `(line1, postal_code, country)`.
pub async fn addresses_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, String, String)>, DbError> {
    let rows = sqlx::query("SELECT line1, postal_code, country FROM addresses WHERE user_id = $1")
        .bind(user_id)
        .fetch_all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.get("line1"), r.get("postal_code"), r.get("country")))
        .collect())
}

/// The customer's default shipping address, as `(line1, postal_code, country)`.
pub async fn default_address_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<(String, String, String)>, DbError> {
    let row = sqlx::query(
        "SELECT line1, postal_code, country FROM addresses WHERE user_id = $1 \
         AND is_default_shipping = $2",
    )
    .bind(user_id)
    .bind(true)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.get("line1"), r.get("postal_code"), r.get("country"))))
}

/// The cards a customer uses: saved cards and cards that paid their
/// orders, as `(brand, last4, exp_month, exp_year)`.
pub async fn cards_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, String, i64, i64)>, DbError> {
    let rows = sqlx::query(
        "SELECT brand, last4, exp_month, exp_year FROM payment_methods WHERE user_id = $1 \
         UNION SELECT card_brand, card_last4, card_exp_month, card_exp_year FROM payments \
         WHERE user_id = $1 AND card_last4 IS NOT NULL AND status <> 'failed'",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            (
                r.get::<String, _>(0),
                r.get::<String, _>(1),
                r.get::<i64, _>(2),
                r.get::<i64, _>(3),
            )
        })
        .collect())
}

/// Records the referrer on an order (in the order's transaction).
pub async fn set_order_referral(
    conn: &mut AnyConnection,
    order_id: &str,
    referrer: &str,
    code: &str,
    discount_cents: i64,
) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE orders SET referrer_user_id = $1, app_referral_code = $2, \
         referral_discount_cents = $3 WHERE id = $4",
    )
    .bind(referrer)
    .bind(code)
    .bind(discount_cents)
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(())
}

// ----- rewards -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct RewardRow {
    pub id: String,
    pub referrer_user_id: String,
    pub referee_user_id: String,
    pub order_id: String,
    /// `coupon` or `sfc`.
    pub kind: String,
    pub value_cents: i64,
    pub currency: String,
    /// `pending`, `available`, `redeemed`, `expired` or `cancelled`.
    pub status: String,
    pub created_at: i64,
    pub available_at: Option<i64>,
    pub expires_at: Option<i64>,
    pub reminded_at: Option<i64>,
    pub redeemed_at: Option<i64>,
    pub redeemed_as: Option<String>,
    pub cancelled_at: Option<i64>,
}

const REWARD_COLUMNS: &str = "id, referrer_user_id, referee_user_id, order_id, kind, value_cents, \
currency, status, created_at, available_at, expires_at, reminded_at, redeemed_at, redeemed_as, \
cancelled_at";

/// How many orders earned the referrer a reward since `since` (cancelled
/// ones not counted): the yearly cap.
pub async fn rewarded_orders_since(
    conn: &mut AnyConnection,
    referrer: &str,
    since: i64,
) -> Result<i64, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT CAST(COUNT(DISTINCT order_id) AS BIGINT) FROM referral_rewards \
         WHERE referrer_user_id = $1 AND created_at >= $2 AND status <> 'cancelled'",
    )
    .bind(referrer)
    .bind(since)
    .fetch_one(conn)
    .await?)
}

/// A reward to record (pending).
pub struct NewReward<'a> {
    pub referrer: &'a str,
    pub referee: &'a str,
    pub order_id: &'a str,
    pub kind: &'a str,
    pub value_cents: i64,
    pub currency: &'a str,
    pub now: i64,
}

/// Records a reward; once per order and kind (an order paid twice — by the
/// payment and a job, say — earns once).
pub async fn insert_reward(conn: &mut AnyConnection, r: &NewReward<'_>) -> Result<bool, DbError> {
    let n = sqlx::query(
        "INSERT INTO referral_rewards (id, referrer_user_id, referee_user_id, order_id, kind, \
         value_cents, currency, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) \
         ON CONFLICT (order_id, kind) DO NOTHING",
    )
    .bind(uplink_domain::ids::new_id("rwd"))
    .bind(r.referrer)
    .bind(r.referee)
    .bind(r.order_id)
    .bind(r.kind)
    .bind(r.value_cents)
    .bind(r.currency)
    .bind(r.now)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n > 0)
}

/// The referrer's rewards, newest first.
pub async fn rewards_of(
    conn: &mut AnyConnection,
    referrer: &str,
) -> Result<Vec<RewardRow>, DbError> {
    let sql = format!(
        "SELECT {REWARD_COLUMNS} FROM referral_rewards WHERE referrer_user_id = $1 \
         ORDER BY created_at DESC, id DESC"
    );
    Ok(sqlx::query_as::<_, RewardRow>(sqlx::AssertSqlSafe(sql))
        .bind(referrer)
        .fetch_all(conn)
        .await?)
}

/// Pending rewards of an order cancelled or refunded inside the return
/// window are cancelled (available ones stay: the window has passed).
pub async fn cancel_order_rewards(
    conn: &mut AnyConnection,
    order_id: &str,
    now: i64,
) -> Result<u64, DbError> {
    Ok(sqlx::query(
        "UPDATE referral_rewards SET status = 'cancelled', cancelled_at = $1 \
         WHERE order_id = $2 AND status = 'pending'",
    )
    .bind(now)
    .bind(order_id)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Rewards earned at least `window_ms` ago on orders neither cancelled nor
/// refunded become available, valid for `validity_ms`.
pub async fn mature_rewards(
    conn: &mut AnyConnection,
    now: i64,
    window_ms: i64,
    validity_ms: i64,
) -> Result<u64, DbError> {
    Ok(sqlx::query(
        "UPDATE referral_rewards SET status = 'available', available_at = $1, expires_at = $2 \
         WHERE status = 'pending' AND created_at <= $3 AND order_id IN ( \
           SELECT id FROM orders WHERE status NOT IN ('cancelled', 'refunded', 'pending_payment'))",
    )
    .bind(now)
    .bind(now + validity_ms)
    .bind(now - window_ms)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Available rewards past their expiry become `expired`.
pub async fn expire_rewards(conn: &mut AnyConnection, now: i64) -> Result<u64, DbError> {
    Ok(sqlx::query(
        "UPDATE referral_rewards SET status = 'expired' WHERE status = 'available' AND expires_at <= $1",
    )
    .bind(now)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Available rewards expiring before `before` that were not reminded of
/// yet, marked reminded now (conditional, so each is reminded once); the
/// rewards marked.
pub async fn take_reminders(
    conn: &mut AnyConnection,
    before: i64,
    now: i64,
) -> Result<Vec<RewardRow>, DbError> {
    let sql = format!(
        "UPDATE referral_rewards SET reminded_at = $1 WHERE status = 'available' \
         AND reminded_at IS NULL AND expires_at <= $2 RETURNING {REWARD_COLUMNS}"
    );
    Ok(sqlx::query_as::<_, RewardRow>(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(before)
        .fetch_all(conn)
        .await?)
}

/// Redeems the referrer's available rewards of `kind` (all, or the given
/// ids) as `what`: conditional on their status, so of two redemptions at
/// once each reward goes to one. The rewards redeemed.
pub async fn redeem_rewards(
    conn: &mut AnyConnection,
    referrer: &str,
    kind: &str,
    ids: Option<&[String]>,
    what: &str,
    now: i64,
) -> Result<Vec<RewardRow>, DbError> {
    let mut sql = String::from(
        "UPDATE referral_rewards SET status = 'redeemed', redeemed_at = $1, redeemed_as = $2 \
         WHERE referrer_user_id = $3 AND kind = $4 AND status = 'available' \
         AND (expires_at IS NULL OR expires_at > $1)",
    );
    if let Some(ids) = ids {
        let marks: Vec<String> = (0..ids.len()).map(|i| format!("${}", i + 5)).collect();
        sql.push_str(&format!(" AND id IN ({})", marks.join(", ")));
    }
    sql.push_str(&format!(" RETURNING {REWARD_COLUMNS}"));
    let mut q = sqlx::query_as::<_, RewardRow>(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(what)
        .bind(referrer)
        .bind(kind);
    for id in ids.unwrap_or_default() {
        q = q.bind(id.clone());
    }
    Ok(q.fetch_all(conn).await?)
}

/// Inserts a reward coupon: single use, for its owner only, any store.
pub async fn insert_reward_coupon(
    conn: &mut AnyConnection,
    code: &str,
    owner: &str,
    amount_cents: i64,
    ends_at: i64,
    now: i64,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO coupons (code, kind, percent_bp, amount_cents, description, active, starts_at, \
         ends_at, min_subtotal_cents, max_uses, max_uses_per_customer, store_code, times_used, \
         created_at, owner_user_id) \
         VALUES ($1, 'fixed', NULL, $2, $3, $4, NULL, $5, 0, 1, 1, NULL, 0, $6, $7)",
    )
    .bind(code)
    .bind(amount_cents)
    .bind("Referral reward")
    .bind(true)
    .bind(ends_at)
    .bind(now)
    .bind(owner)
    .execute(conn)
    .await?;
    Ok(())
}

/// A reward coupon with whether it was used.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct RewardCouponRow {
    pub code: String,
    pub amount_cents: i64,
    pub ends_at: Option<i64>,
    pub times_used: i64,
    pub created_at: i64,
}

pub async fn reward_coupons_of(
    conn: &mut AnyConnection,
    owner: &str,
) -> Result<Vec<RewardCouponRow>, DbError> {
    Ok(sqlx::query_as::<_, RewardCouponRow>(
        "SELECT code, COALESCE(amount_cents, 0) AS amount_cents, ends_at, times_used, created_at \
         FROM coupons WHERE owner_user_id = $1 ORDER BY created_at DESC, code",
    )
    .bind(owner)
    .fetch_all(conn)
    .await?)
}

/// One of the customer's subscriptions (bought by them, or on a device they
/// hold), by id.
pub async fn held_subscription(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> Result<Option<crate::delivery::SubscriptionRow>, DbError> {
    let sql = format!(
        "SELECT {} FROM subscriptions WHERE id = $2 AND id IN ({})",
        crate::delivery::SUB_COLUMNS,
        crate::devices::HELD_SUBSCRIPTIONS
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}
