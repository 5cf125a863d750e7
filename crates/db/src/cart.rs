//! Cart storage (SPEC §5): carts per (store, owner), lines with options,
//! serials and ICCID, coupons and their redemptions, US sales-tax rates.
//!
//! Functions taking `conn: &mut AnyConnection` run inside the caller's
//! transaction (`&mut *tx`), so a multi-step change (add several quick-order
//! rows, merge a guest cart, place an order) commits or fails as a whole.
//! Pricing is not done here: the API prices lines from the catalogue read
//! model with `uplink_domain::cart`.

use crate::{Db, DbError};
use sqlx::{AnyConnection, FromRow};
use std::collections::HashMap;

/// The owner key of a signed-in customer's carts.
pub fn customer_owner(user_id: &str) -> String {
    format!("u:{user_id}")
}

/// The owner key of a guest browser's carts: the SHA-256 of its cart cookie,
/// so the database never holds the cookie itself.
pub fn guest_owner(cookie_token: &str) -> String {
    format!("g:{}", uplink_domain::ids::hash_secret(cookie_token))
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct CartRow {
    pub id: String,
    pub store_code: String,
    pub owner_key: String,
    pub user_id: Option<String>,
    pub coupon_code: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The partner referral code the buyer applied (SPEC §10, D58).
    pub partner_referral_code: Option<String>,
    /// The app referral code the buyer entered or followed a link with (D103).
    pub app_referral_code: Option<String>,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct CartLineRow {
    pub id: String,
    pub cart_id: String,
    pub product_id: String,
    pub sku: String,
    pub qty: i64,
    /// JSON object `{option code: value}` of text, select and date options.
    pub options: String,
    pub iccid: Option<String>,
    pub line_key: String,
    /// The unit price the buyer last saw (to flag changes).
    pub seen_unit_cents: i64,
    pub position: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A cart line with its serial numbers (in the order they were added).
#[derive(Debug, Clone, PartialEq)]
pub struct CartLine {
    pub row: CartLineRow,
    pub serials: Vec<String>,
}

/// A cart and its lines, in the order they were added.
#[derive(Debug, Clone, PartialEq)]
pub struct CartContents {
    pub cart: CartRow,
    pub lines: Vec<CartLine>,
}

impl CartContents {
    /// Lines given in full as a cart that is never stored (an order the
    /// renewal job places, a quotation's lines): no coupon, no referral code.
    pub fn unsaved(
        id: &str,
        store_code: &str,
        user_id: &str,
        lines: Vec<CartLine>,
    ) -> CartContents {
        let now = crate::now_ms();
        CartContents {
            cart: CartRow {
                id: id.to_owned(),
                store_code: store_code.to_owned(),
                owner_key: id.to_owned(),
                user_id: Some(user_id.to_owned()),
                coupon_code: None,
                created_at: now,
                updated_at: now,
                partner_referral_code: None,
                app_referral_code: None,
            },
            lines,
        }
    }
}

/// A line to insert.
#[derive(Debug, Clone)]
pub struct NewCartLine<'a> {
    pub cart_id: &'a str,
    pub product_id: &'a str,
    pub sku: &'a str,
    pub qty: i64,
    pub options: &'a str,
    pub iccid: Option<&'a str>,
    pub line_key: &'a str,
    pub unit_cents: i64,
    pub serials: &'a [String],
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct CouponRow {
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    pub percent_bp: Option<i64>,
    pub amount_cents: Option<i64>,
    pub description: String,
    #[sqlx(try_from = "crate::Flag")]
    pub active: bool,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub min_subtotal_cents: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_customer: Option<i64>,
    pub store_code: Option<String>,
    pub times_used: i64,
    pub created_at: i64,
    /// A reward coupon's referrer: only they may use it.
    pub owner_user_id: Option<String>,
}

impl CouponRow {
    /// The coupon as the domain rules see it.
    pub fn to_domain(&self) -> uplink_domain::cart::Coupon {
        use uplink_domain::cart::{Coupon, CouponValue};
        use uplink_domain::money::Money;
        let value = if self.kind == "percent" {
            CouponValue::Percent(self.percent_bp.unwrap_or(0))
        } else {
            CouponValue::Fixed(Money::from_cents(self.amount_cents.unwrap_or(0)))
        };
        Coupon {
            code: self.code.clone(),
            value,
            active: self.active,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            min_subtotal: Money::from_cents(self.min_subtotal_cents),
            max_uses: self.max_uses,
            max_uses_per_customer: self.max_uses_per_customer,
            store: self.store_code.clone(),
            owner: self.owner_user_id.clone(),
        }
    }
}

/// A coupon to create (seed data, tests, back-office).
#[derive(Debug, Clone, Default)]
pub struct NewCoupon {
    pub code: String,
    pub kind: &'static str,
    pub percent_bp: Option<i64>,
    pub amount_cents: Option<i64>,
    pub description: String,
    pub active: bool,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub min_subtotal_cents: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_customer: Option<i64>,
    pub store_code: Option<String>,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct TaxRateRow {
    pub state: String,
    pub name: String,
    pub rate_bp: i64,
}

const CART_COLUMNS: &str = "id, store_code, owner_key, user_id, coupon_code, created_at, updated_at, partner_referral_code, app_referral_code";
pub(crate) const COUPON_COLUMNS: &str = "code, kind, percent_bp, amount_cents, description, active, \
starts_at, ends_at, min_subtotal_cents, max_uses, max_uses_per_customer, store_code, \
times_used, created_at, owner_user_id";

/// The cart of `owner` in `store`, if it has one.
pub async fn find_cart(
    conn: &mut AnyConnection,
    store: &str,
    owner: &str,
) -> Result<Option<CartRow>, DbError> {
    let sql = format!("SELECT {CART_COLUMNS} FROM carts WHERE store_code = $1 AND owner_key = $2");
    Ok(sqlx::query_as::<_, CartRow>(sqlx::AssertSqlSafe(sql))
        .bind(store)
        .bind(owner)
        .fetch_optional(conn)
        .await?)
}

/// Every cart of an owner (all stores), oldest first.
pub async fn carts_of(conn: &mut AnyConnection, owner: &str) -> Result<Vec<CartRow>, DbError> {
    let sql =
        format!("SELECT {CART_COLUMNS} FROM carts WHERE owner_key = $1 ORDER BY created_at, id");
    Ok(sqlx::query_as::<_, CartRow>(sqlx::AssertSqlSafe(sql))
        .bind(owner)
        .fetch_all(conn)
        .await?)
}

/// The cart of `owner` in `store`, created when missing (safe under
/// concurrency), and locked for the rest of the caller's transaction: the
/// `UPDATE` takes the row lock on PostgreSQL (SQLite's `BEGIN IMMEDIATE`
/// already serialises writers), so two requests adding the same line to
/// one cart cannot both insert it.
pub async fn ensure_cart(
    conn: &mut AnyConnection,
    store: &str,
    owner: &str,
    user_id: Option<&str>,
) -> Result<CartRow, DbError> {
    if let Some(cart) = touch_and_read_cart(&mut *conn, store, owner).await? {
        return Ok(cart);
    }
    let now = crate::now_ms();
    sqlx::query(
        "INSERT INTO carts (id, store_code, owner_key, user_id, coupon_code, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, NULL, $5, $5) ON CONFLICT (store_code, owner_key) DO NOTHING",
    )
    .bind(uplink_domain::ids::new_id("crt"))
    .bind(store)
    .bind(owner)
    .bind(user_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    touch_and_read_cart(conn, store, owner)
        .await?
        .ok_or_else(|| DbError::Sqlx(sqlx::Error::RowNotFound))
}

/// Locks (touches) the cart of `owner` in `store` and reads it, in one statement.
async fn touch_and_read_cart(
    conn: &mut AnyConnection,
    store: &str,
    owner: &str,
) -> Result<Option<CartRow>, DbError> {
    let sql = format!(
        "UPDATE carts SET updated_at = $1 WHERE store_code = $2 AND owner_key = $3 \
         RETURNING {CART_COLUMNS}"
    );
    Ok(sqlx::query_as::<_, CartRow>(sqlx::AssertSqlSafe(sql))
        .bind(crate::now_ms())
        .bind(store)
        .bind(owner)
        .fetch_optional(conn)
        .await?)
}

/// A line's columns and its serial (one row per serial), aliased so they
/// can sit beside the cart's own in one read. Rows come in the lines' order,
/// each line's serials in the order they were added.
const LINE_WITH_SERIAL: &str = "l.id AS line_id, l.product_id, l.sku, l.qty, l.options, \
l.iccid, l.line_key, l.seen_unit_cents, l.position AS line_position, \
l.created_at AS line_created_at, l.updated_at AS line_updated_at, s.serial";
const LINE_ORDER: &str = "ORDER BY l.position, l.id, s.position, s.serial";

/// The lines (with serials) of a cart, in the order they were added: one
/// statement (a statement more is a round trip more on PostgreSQL, and a
/// hop more inside SQLite's writer where carts are changed).
pub async fn cart_lines(conn: &mut AnyConnection, cart_id: &str) -> Result<Vec<CartLine>, DbError> {
    let sql = format!(
        "SELECT {LINE_WITH_SERIAL} FROM cart_lines l \
         LEFT JOIN cart_line_serials s ON s.line_id = l.id \
         WHERE l.cart_id = $1 {LINE_ORDER}"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(cart_id)
        .fetch_all(conn)
        .await?;
    let mut lines = Vec::new();
    for row in &rows {
        add_line_row(&mut lines, cart_id, row)?;
    }
    Ok(lines)
}

/// Adds one row of a [`LINE_WITH_SERIAL`] read to `lines`: a new line, or
/// one more serial of the line before it. A row without a line (a cart
/// with none, read through a `LEFT JOIN`) adds nothing.
fn add_line_row(
    lines: &mut Vec<CartLine>,
    cart_id: &str,
    row: &sqlx::any::AnyRow,
) -> Result<(), sqlx::Error> {
    use sqlx::Row;
    let Some(line_id) = row.try_get::<Option<String>, _>("line_id")? else {
        return Ok(());
    };
    let serial: Option<String> = row.try_get("serial")?;
    if let Some(last) = lines.last_mut().filter(|l| l.row.id == line_id) {
        last.serials.extend(serial);
        return Ok(());
    }
    lines.push(CartLine {
        row: CartLineRow {
            id: line_id,
            cart_id: cart_id.to_owned(),
            product_id: row.try_get("product_id")?,
            sku: row.try_get("sku")?,
            qty: row.try_get("qty")?,
            options: row.try_get("options")?,
            iccid: row.try_get("iccid")?,
            line_key: row.try_get("line_key")?,
            seen_unit_cents: row.try_get("seen_unit_cents")?,
            position: row.try_get("line_position")?,
            created_at: row.try_get("line_created_at")?,
            updated_at: row.try_get("line_updated_at")?,
        },
        serials: serial.into_iter().collect(),
    });
    Ok(())
}

/// A cart with its lines.
pub async fn cart_contents(
    conn: &mut AnyConnection,
    store: &str,
    owner: &str,
) -> Result<Option<CartContents>, DbError> {
    Ok(read_cart(conn, store, owner, None)
        .await?
        .map(|(contents, _)| contents))
}

/// A cart with its lines, and the units available in `warehouse` of each
/// line's product (a product without a stock row there is left out), in
/// one statement: checkout reads this twice per order.
pub async fn cart_with_stock(
    conn: &mut AnyConnection,
    store: &str,
    owner: &str,
    warehouse: &str,
) -> Result<Option<(CartContents, HashMap<String, i64>)>, DbError> {
    read_cart(conn, store, owner, Some(warehouse)).await
}

/// [`cart_contents`], with the lines' stock in `warehouse` when given.
async fn read_cart(
    conn: &mut AnyConnection,
    store: &str,
    owner: &str,
    warehouse: Option<&str>,
) -> Result<Option<(CartContents, HashMap<String, i64>)>, DbError> {
    use sqlx::Row;
    let (stock_column, stock_join) = match warehouse {
        Some(_) => (
            ", st.available",
            "LEFT JOIN stock st ON st.product_id = l.product_id AND st.warehouse = $3",
        ),
        None => ("", ""),
    };
    let cart_columns = CART_COLUMNS
        .split(", ")
        .map(|c| format!("c.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {cart_columns}, {LINE_WITH_SERIAL}{stock_column} FROM carts c \
         LEFT JOIN cart_lines l ON l.cart_id = c.id \
         LEFT JOIN cart_line_serials s ON s.line_id = l.id {stock_join} \
         WHERE c.store_code = $1 AND c.owner_key = $2 {LINE_ORDER}"
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(store)
        .bind(owner);
    if let Some(warehouse) = warehouse {
        query = query.bind(warehouse);
    }
    let rows = query.fetch_all(conn).await?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let cart = CartRow::from_row(first)?;
    let mut lines = Vec::new();
    let mut stock = HashMap::new();
    for row in &rows {
        add_line_row(&mut lines, &cart.id, row)?;
        if warehouse.is_some()
            && let Some(available) = row.try_get::<Option<i64>, _>("available")?
        {
            stock.insert(row.try_get("product_id")?, available);
        }
    }
    Ok(Some((CartContents { cart, lines }, stock)))
}

/// Inserts a line (and its serials) at the end of the cart; returns its id.
/// Callers hold the cart through [`ensure_cart`], which already touched it.
pub async fn insert_line(
    conn: &mut AnyConnection,
    line: &NewCartLine<'_>,
) -> Result<String, DbError> {
    let now = crate::now_ms();
    let id = uplink_domain::ids::new_id("cln");
    sqlx::query(
        "INSERT INTO cart_lines (id, cart_id, product_id, sku, qty, options, iccid, line_key, \
         seen_unit_cents, position, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
         (SELECT CAST(COALESCE(MAX(position), 0) + 1 AS BIGINT) FROM cart_lines WHERE cart_id = $2), \
         $10, $10)",
    )
    .bind(&id)
    .bind(line.cart_id)
    .bind(line.product_id)
    .bind(line.sku)
    .bind(line.qty)
    .bind(line.options)
    .bind(line.iccid)
    .bind(line.line_key)
    .bind(line.unit_cents)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    // A new line has no serials yet: they start at position 1.
    let new_line = LineOf {
        cart_id: line.cart_id,
        line_id: &id,
        product_id: line.product_id,
    };
    insert_serials(&mut *conn, &new_line, 0, line.serials).await?;
    Ok(id)
}

/// Lines written in one statement per fifty (twelve values each).
const LINES_PER_STATEMENT: usize = 50;

/// Inserts new lines (and their serials) at the end of the cart, after
/// position `last_position` (the caller read the cart's lines in its
/// transaction, with the cart held through [`ensure_cart`]); returns their
/// ids in order. A quick order's lines take one statement and their serials
/// another, whatever their number up to fifty lines and a hundred serials.
pub async fn insert_lines(
    conn: &mut AnyConnection,
    last_position: i64,
    lines: &[NewCartLine<'_>],
) -> Result<Vec<String>, DbError> {
    let now = crate::now_ms();
    let ids: Vec<String> = lines
        .iter()
        .map(|_| uplink_domain::ids::new_id("cln"))
        .collect();
    for (c, chunk) in lines.chunks(LINES_PER_STATEMENT).enumerate() {
        let rows = (0..chunk.len())
            .map(|i| format!("({})", crate::batch::placeholders(1 + i * 12, 12)))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO cart_lines (id, cart_id, product_id, sku, qty, options, iccid, line_key, \
             seen_unit_cents, position, created_at, updated_at) VALUES {rows}"
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (i, line) in chunk.iter().enumerate() {
            let n = c * LINES_PER_STATEMENT + i;
            query = query
                .bind(&ids[n])
                .bind(line.cart_id)
                .bind(line.product_id)
                .bind(line.sku)
                .bind(line.qty)
                .bind(line.options)
                .bind(line.iccid)
                .bind(line.line_key)
                .bind(line.unit_cents)
                .bind(last_position + 1 + n as i64)
                .bind(now)
                .bind(now);
        }
        query.execute(&mut *conn).await?;
    }
    // Each new line's serials from position 1.
    let serials: Vec<SerialAt<'_>> = lines
        .iter()
        .zip(&ids)
        .flat_map(|(line, id)| {
            line.serials
                .iter()
                .enumerate()
                .map(move |(i, serial)| SerialAt {
                    line: LineOf {
                        cart_id: line.cart_id,
                        line_id: id,
                        product_id: line.product_id,
                    },
                    serial,
                    position: 1 + i as i64,
                })
        })
        .collect();
    write_serials(conn, &serials).await?;
    Ok(ids)
}

/// Appends serials to a line (callers check for repeats first; the unique
/// index is the last word).
pub async fn add_serials(
    conn: &mut AnyConnection,
    cart_id: &str,
    line_id: &str,
    product_id: &str,
    serials: &[String],
) -> Result<(), DbError> {
    if serials.is_empty() {
        return Ok(());
    }
    let last: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(MAX(position), 0) AS BIGINT) FROM cart_line_serials WHERE line_id = $1",
    )
    .bind(line_id)
    .fetch_one(&mut *conn)
    .await?;
    let line = LineOf {
        cart_id,
        line_id,
        product_id,
    };
    insert_serials(conn, &line, last, serials).await
}

/// The line serials belong to.
#[derive(Clone, Copy)]
struct LineOf<'a> {
    cart_id: &'a str,
    line_id: &'a str,
    product_id: &'a str,
}

/// Serials written in one statement per hundred: a quick order of many
/// serials holds SQLite's writer for one statement, not one per serial.
const SERIALS_PER_STATEMENT: usize = 100;

/// Writes `serials` after position `last` of the line.
async fn insert_serials(
    conn: &mut AnyConnection,
    line: &LineOf<'_>,
    last: i64,
    serials: &[String],
) -> Result<(), DbError> {
    let rows: Vec<SerialAt<'_>> = serials
        .iter()
        .enumerate()
        .map(|(i, serial)| SerialAt {
            line: *line,
            serial,
            position: last + 1 + i as i64,
        })
        .collect();
    write_serials(conn, &rows).await
}

/// A serial and its position on its line.
struct SerialAt<'a> {
    line: LineOf<'a>,
    serial: &'a str,
    position: i64,
}

/// Writes serials (of one line or several) in statements of a hundred.
async fn write_serials(conn: &mut AnyConnection, serials: &[SerialAt<'_>]) -> Result<(), DbError> {
    for chunk in serials.chunks(SERIALS_PER_STATEMENT) {
        let rows = (0..chunk.len())
            .map(|i| format!("({})", crate::batch::placeholders(1 + i * 5, 5)))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO cart_line_serials (line_id, cart_id, product_id, serial, position) VALUES {rows}"
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for s in chunk {
            query = query
                .bind(s.line.line_id)
                .bind(s.line.cart_id)
                .bind(s.line.product_id)
                .bind(s.serial)
                .bind(s.position);
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Replaces a line's serials (and sets its quantity to their number).
pub async fn replace_serials(
    conn: &mut AnyConnection,
    line: &CartLineRow,
    serials: &[String],
) -> Result<(), DbError> {
    sqlx::query("DELETE FROM cart_line_serials WHERE line_id = $1")
        .bind(&line.id)
        .execute(&mut *conn)
        .await?;
    add_serials(
        &mut *conn,
        &line.cart_id,
        &line.id,
        &line.product_id,
        serials,
    )
    .await?;
    set_line_qty(conn, &line.cart_id, &line.id, serials.len() as i64).await
}

/// Sets a line's quantity.
pub async fn set_line_qty(
    conn: &mut AnyConnection,
    cart_id: &str,
    line_id: &str,
    qty: i64,
) -> Result<(), DbError> {
    sqlx::query("UPDATE cart_lines SET qty = $1, updated_at = $2 WHERE id = $3 AND cart_id = $4")
        .bind(qty)
        .bind(crate::now_ms())
        .bind(line_id)
        .bind(cart_id)
        .execute(&mut *conn)
        .await?;
    touch_cart(conn, cart_id).await
}

/// Records the unit price the buyer has now seen.
pub async fn set_seen_price(
    conn: &mut AnyConnection,
    line_id: &str,
    unit_cents: i64,
) -> Result<(), DbError> {
    sqlx::query("UPDATE cart_lines SET seen_unit_cents = $1 WHERE id = $2")
        .bind(unit_cents)
        .bind(line_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes a line of this cart; false when the cart has no such line.
/// Locks the cart row first, like every cart write (D57).
pub async fn delete_line(
    conn: &mut AnyConnection,
    cart_id: &str,
    line_id: &str,
) -> Result<bool, DbError> {
    touch_cart(&mut *conn, cart_id).await?;
    sqlx::query("DELETE FROM cart_line_serials WHERE line_id = $1 AND cart_id = $2")
        .bind(line_id)
        .bind(cart_id)
        .execute(&mut *conn)
        .await?;
    let done = sqlx::query("DELETE FROM cart_lines WHERE id = $1 AND cart_id = $2")
        .bind(line_id)
        .bind(cart_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Removes every line, the coupon and the referral codes of a cart (the
/// cart row stays). The cart row is updated (locked) first, like every
/// cart write (D57).
pub async fn clear_cart(conn: &mut AnyConnection, cart_id: &str) -> Result<(), DbError> {
    const RESET: &str = "UPDATE carts SET coupon_code = NULL, partner_referral_code = NULL, \
         app_referral_code = NULL, updated_at = $1 WHERE id = $2";
    // The same and the lines' delete in one round trip, for PostgreSQL
    // (D130); the delete reads the reset's row, so the cart is locked first.
    const RESET_AND_EMPTY: &str = "WITH reset AS (UPDATE carts SET coupon_code = NULL, \
         partner_referral_code = NULL, app_referral_code = NULL, updated_at = $1 \
         WHERE id = $2 RETURNING id) \
         DELETE FROM cart_lines WHERE cart_id IN (SELECT id FROM reset)";
    if crate::is_postgres(conn) {
        // The lines' serials go with them (`ON DELETE CASCADE`).
        sqlx::query(RESET_AND_EMPTY)
            .bind(crate::now_ms())
            .bind(cart_id)
            .execute(conn)
            .await?;
        return Ok(());
    }
    sqlx::query(RESET)
        .bind(crate::now_ms())
        .bind(cart_id)
        .execute(&mut *conn)
        .await?;
    // The lines' serials go with them (`ON DELETE CASCADE`): a checkout
    // empties the cart in its order's transaction, and a statement fewer
    // is a hop fewer while that transaction holds SQLite's one writer.
    sqlx::query("DELETE FROM cart_lines WHERE cart_id = $1")
        .bind(cart_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes a cart with its lines (a merged guest cart).
pub async fn delete_cart(conn: &mut AnyConnection, cart_id: &str) -> Result<(), DbError> {
    clear_cart(&mut *conn, cart_id).await?;
    sqlx::query("DELETE FROM carts WHERE id = $1")
        .bind(cart_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets or removes the cart's coupon.
pub async fn set_cart_coupon(
    conn: &mut AnyConnection,
    cart_id: &str,
    code: Option<&str>,
) -> Result<(), DbError> {
    sqlx::query("UPDATE carts SET coupon_code = $1, updated_at = $2 WHERE id = $3")
        .bind(code)
        .bind(crate::now_ms())
        .bind(cart_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks the cart changed; inside a transaction this also holds its row lock
/// (PostgreSQL) until commit, serialising writers of one cart.
pub async fn lock_cart(conn: &mut AnyConnection, cart_id: &str) -> Result<(), DbError> {
    touch_cart(conn, cart_id).await
}

async fn touch_cart(conn: &mut AnyConnection, cart_id: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE carts SET updated_at = $1 WHERE id = $2")
        .bind(crate::now_ms())
        .bind(cart_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A coupon by its (normalised, upper-case) code.
pub async fn find_coupon(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<CouponRow>, DbError> {
    let sql = format!("SELECT {COUPON_COLUMNS} FROM coupons WHERE code = $1");
    Ok(sqlx::query_as::<_, CouponRow>(sqlx::AssertSqlSafe(sql))
        .bind(code)
        .fetch_optional(conn)
        .await?)
}

/// How often `user_id` has redeemed the coupon.
pub async fn coupon_uses_by(
    conn: &mut AnyConnection,
    code: &str,
    user_id: &str,
) -> Result<i64, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM coupon_redemptions WHERE coupon_code = $1 AND user_id = $2",
    )
    .bind(code)
    .bind(user_id)
    .fetch_one(conn)
    .await?)
}

/// Redeems a coupon for an order inside the order's transaction: raises
/// `times_used` only while under `max_uses` (a conditional update, so
/// concurrent orders cannot exceed it) and records the redemption. Returns
/// false, changing nothing, when the coupon is used up. The per-customer
/// limit is checked by the caller with [`coupon_uses_by`] in the same
/// transaction.
pub async fn redeem_coupon(
    conn: &mut AnyConnection,
    code: &str,
    user_id: Option<&str>,
    order_id: Option<&str>,
    store_code: &str,
    amount_cents: i64,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE coupons SET times_used = times_used + 1 \
         WHERE code = $1 AND (max_uses IS NULL OR times_used < max_uses)",
    )
    .bind(code)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO coupon_redemptions (id, coupon_code, user_id, order_id, store_code, amount_cents, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(uplink_domain::ids::new_id("cpr"))
    .bind(code)
    .bind(user_id)
    .bind(order_id)
    .bind(store_code)
    .bind(amount_cents)
    .bind(crate::now_ms())
    .execute(conn)
    .await?;
    Ok(true)
}

/// Creates or replaces a coupon (demo data and tests; a used coupon stays).
pub async fn upsert_coupon(conn: &mut AnyConnection, c: &NewCoupon) -> Result<(), DbError> {
    sqlx::query("DELETE FROM coupons WHERE code = $1 AND times_used = 0")
        .bind(&c.code)
        .execute(&mut *conn)
        .await?;
    insert_coupon(conn, c).await
}

/// Inserts a coupon, unused.
pub async fn insert_coupon(conn: &mut AnyConnection, c: &NewCoupon) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO coupons (code, kind, percent_bp, amount_cents, description, active, starts_at, \
         ends_at, min_subtotal_cents, max_uses, max_uses_per_customer, store_code, times_used, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13)",
    )
    .bind(&c.code)
    .bind(c.kind)
    .bind(c.percent_bp)
    .bind(c.amount_cents)
    .bind(&c.description)
    .bind(c.active)
    .bind(c.starts_at)
    .bind(c.ends_at)
    .bind(c.min_subtotal_cents)
    .bind(c.max_uses)
    .bind(c.max_uses_per_customer)
    .bind(&c.store_code)
    .bind(crate::now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets a state's sales-tax rate.
pub async fn set_tax_rate(
    conn: &mut AnyConnection,
    state: &str,
    name: &str,
    rate_bp: i64,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO sales_tax_rates (state, name, rate_bp) VALUES ($1, $2, $3) \
         ON CONFLICT (state) DO UPDATE SET name = excluded.name, rate_bp = excluded.rate_bp",
    )
    .bind(state)
    .bind(name)
    .bind(rate_bp)
    .execute(conn)
    .await?;
    Ok(())
}

/// The sales-tax rate table, by state code.
pub async fn tax_rates(conn: &mut AnyConnection) -> Result<Vec<TaxRateRow>, DbError> {
    Ok(sqlx::query_as::<_, TaxRateRow>(
        "SELECT state, name, rate_bp FROM sales_tax_rates ORDER BY state",
    )
    .fetch_all(conn)
    .await?)
}

/// One state's sales-tax rate in basis points (`None`: no sales tax there).
pub async fn tax_rate(conn: &mut AnyConnection, state: &str) -> Result<Option<i64>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT rate_bp FROM sales_tax_rates WHERE state = $1")
            .bind(state.trim().to_ascii_uppercase())
            .fetch_optional(conn)
            .await?,
    )
}

/// The US state of the customer's default shipping address, if it is in the US.
pub async fn default_shipping_state(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<String>, DbError> {
    let state: Option<Option<String>> = sqlx::query_scalar(
        "SELECT state FROM addresses WHERE user_id = $1 AND is_default_shipping = $2 AND country = 'US'",
    )
    .bind(user_id)
    .bind(true)
    .fetch_optional(conn)
    .await?;
    Ok(state.flatten())
}

impl Db {
    /// A cart with its lines, read outside any transaction.
    pub async fn cart_contents(
        &self,
        store: &str,
        owner: &str,
    ) -> Result<Option<CartContents>, DbError> {
        let mut conn = self.pool().acquire().await?;
        cart_contents(&mut conn, store, owner).await
    }
}
