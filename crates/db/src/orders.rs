//! Orders with their lines and status history, payments and shipments
//! (SPEC §6, §7). Writes that belong together take a connection of the
//! caller's transaction (`&mut AnyConnection`). The stock an order takes and
//! returns is in [`crate::stock`], the credit-terms ledger in
//! [`crate::credit`], the leases of the order system's background jobs in
//! [`crate::jobs`].

use crate::{Db, DbError, Flag, now_ms};
use sqlx::{AnyConnection, FromRow, Row};

// ----- rows -----

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct OrderRow {
    pub id: String,
    pub number: String,
    pub store_code: String,
    pub user_id: String,
    pub email: String,
    pub status: String,
    pub currency: String,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    pub coupon_code: Option<String>,
    pub payment_method: String,
    pub payment_status: String,
    pub payment_reference: Option<String>,
    pub shipping_method: String,
    /// JSON: carrier/account (Customer Provided), pick-up location, zone and delivery window.
    pub shipping_details: String,
    /// JSON address snapshot; `None` when nothing is shipped.
    pub shipping_address: Option<String>,
    pub billing_address: String,
    #[sqlx(try_from = "Flag")]
    pub digital_only: bool,
    pub pay_by: Option<i64>,
    pub placed_at: i64,
    pub paid_at: Option<i64>,
    pub updated_at: i64,
    /// The partner whose referral code the buyer applied (SPEC §10, D58),
    /// with its code and name as they were when the order was placed.
    pub partner_id: Option<String>,
    pub partner_referral_code: Option<String>,
    pub partner_name: Option<String>,
    /// The quotation this order paid (SPEC §9), when it came from one.
    pub quotation_number: Option<String>,
    /// How the order came to its partner: `referral_code`, `ministore` or
    /// `pavilion` (SPEC §10).
    pub partner_channel: Option<String>,
    /// The pavilion's end customer (JSON `{name, company, email}`).
    pub end_customer: Option<String>,
    /// Whose account the deliverables land on when it is not the buyer's
    /// (the pavilion's end customer).
    pub recipient_user_id: Option<String>,
    /// `partner` when the lines were priced at the partner price list.
    pub price_list: String,
    /// The customer whose app referral code the buyer used (SPEC §10), the
    /// code, and the discount it gave.
    pub referrer_user_id: Option<String>,
    pub app_referral_code: Option<String>,
    pub referral_discount_cents: i64,
}

pub(crate) const ORDER_COLUMNS: &str = "id, number, store_code, user_id, email, status, currency, subtotal_cents, \
discount_cents, shipping_cents, tax_cents, total_cents, coupon_code, payment_method, payment_status, \
payment_reference, shipping_method, shipping_details, shipping_address, billing_address, digital_only, \
pay_by, placed_at, paid_at, updated_at, partner_id, partner_referral_code, partner_name, quotation_number, \
partner_channel, end_customer, recipient_user_id, price_list, referrer_user_id, app_referral_code, \
referral_discount_cents";

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct OrderLineRow {
    pub id: String,
    pub order_id: String,
    pub position: i64,
    pub product_id: String,
    pub sku: String,
    pub name: String,
    pub product_type: String,
    pub qty: i64,
    pub unit_price_cents: i64,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    /// JSON `[{code, label, value, value_label}]`.
    pub options: String,
    /// JSON `["XXXX-XXXX-XXXX", …]`.
    pub serials: String,
    pub weight_grams: i64,
    /// Warehouse the stock came from (physical lines).
    pub warehouse: Option<String>,
    /// `to_ship`, `shipped`, `awaiting_delivery`, `delivered`, `cancelled`.
    pub delivery_status: String,
    /// A co-term line: its device's coverage runs to this time (unix ms)
    /// rather than for the plan's whole term.
    pub coverage_until: Option<i64>,
    /// Units refunded so far (read by `lines_in`; never written with the line).
    #[sqlx(default)]
    pub refunded_qty: i64,
}

const LINE_COLUMNS: &str = "id, order_id, position, product_id, sku, name, product_type, qty, \
unit_price_cents, subtotal_cents, discount_cents, tax_cents, total_cents, options, serials, \
weight_grams, warehouse, delivery_status, coverage_until";

/// What staff search orders by; every field optional.
#[derive(Debug, Clone, Default)]
pub struct StaffOrderFilter {
    pub status: Option<String>,
    pub store: Option<String>,
    pub payment_method: Option<String>,
    /// The buyer's e-mail (exact, lower case).
    pub email: Option<String>,
    pub number: Option<String>,
    pub sku: Option<String>,
    pub from_ms: Option<i64>,
    pub to_ms: Option<i64>,
    /// The cursor: orders placed before this time.
    pub before_placed_at: Option<i64>,
    pub limit: i64,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct HistoryRow {
    pub id: String,
    pub order_id: String,
    pub at: i64,
    pub status: String,
    pub actor: String,
    pub note: String,
}

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct PaymentRow {
    pub id: String,
    pub order_id: Option<String>,
    pub user_id: String,
    pub method: String,
    pub status: String,
    pub amount_cents: i64,
    pub currency: String,
    pub gateway: Option<String>,
    pub gateway_ref: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub card_exp_month: Option<i64>,
    pub card_exp_year: Option<i64>,
    pub failure_code: Option<String>,
    pub failure_message: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const PAYMENT_COLUMNS: &str = "id, order_id, user_id, method, status, amount_cents, currency, gateway, \
gateway_ref, card_brand, card_last4, card_exp_month, card_exp_year, failure_code, failure_message, \
created_at, updated_at";

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct ShipmentRow {
    pub id: String,
    pub order_id: String,
    pub carrier: String,
    pub tracking_number: String,
    /// JSON list of order line ids in this parcel.
    pub line_ids: String,
    pub shipped_at: i64,
    pub created_by: String,
}

/// Filters of the customer's order list.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub statuses: Vec<String>,
    /// Placed at or after (unix ms).
    pub from: Option<i64>,
    /// Placed before (unix ms).
    pub to: Option<i64>,
    /// An order number (or part of one) or a SKU.
    pub q: Option<String>,
    pub limit: i64,
    pub offset: i64,
}

// ----- writes inside the caller's transaction -----

/// The next order sequence value (gapless: rolled back with the transaction).
pub async fn next_order_seq(conn: &mut AnyConnection) -> Result<i64, DbError> {
    Ok(sqlx::query_scalar(
        "UPDATE order_counter SET next = next + 1 WHERE id = 1 RETURNING next - 1",
    )
    .fetch_one(conn)
    .await?)
}

/// What [`take_stock_and_number`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StockAndNumber {
    /// Every unit taken; the order's sequence value, and whether a product
    /// moved to another stock band (see [`crate::stock::StockTake`]).
    ///
    /// `finished` when the order's number and the request's answer were
    /// written in the same statement (a [`NumberInPlace`] on PostgreSQL),
    /// which also committed the order (D132): the caller's transaction is
    /// then a new, empty one, to commit and write nothing more in.
    /// Otherwise the caller writes them ([`set_number_and_answer`]).
    Numbered {
        seq: i64,
        band_changed: bool,
        finished: bool,
    },
    /// Too few units of this product: nothing numbered (the caller rolls
    /// back the units taken before it).
    Short { product_id: String },
}

/// The last product's stock and the order counter in one statement. The
/// counter moves only when the units were there, so a short order burns no
/// number; the stock row is locked before the counter, as in every order.
static TAKE_LAST_AND_NUMBER: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "WITH taken AS ({}) \
         UPDATE order_counter SET next = next + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM taken) \
         RETURNING next - 1, (SELECT available FROM taken)",
        crate::stock::TAKE_UNITS
    )
});

/// Where the counter's value goes in the same statement (D131): the
/// order's number (and payment reference), and the request's stored
/// answer with the number in place of its placeholder.
#[derive(Debug, Clone, Copy)]
pub struct NumberInPlace<'a> {
    pub order_id: &'a str,
    /// The number is also the payment reference (bank transfer, credit terms).
    pub number_is_reference: bool,
    pub answer: Option<StoredAnswer<'a>>,
    /// What stands for the number in the answer's body.
    pub placeholder: &'a str,
}

/// The CTEs after `counted` (the counter's value as `seq`) that write a
/// [`NumberInPlace`], its binds numbered from `$first`: order id, number
/// is reference, status, placeholder, scope, key. The number is
/// formatted as `uplink_domain::checkout::order_number` does, and put in
/// place of the placeholder in the body [`stage_answer`] stored.
fn number_in_place_sql(first: usize) -> String {
    let p = |i: usize| format!("${}", first + i);
    format!(
        "named AS (SELECT seq, 'UL-' || CASE WHEN seq >= 1000000 THEN seq::text \
         ELSE lpad(seq::text, 6, '0') END AS number FROM counted), \
         numbered AS (UPDATE orders SET number = named.number, payment_reference = \
         CASE WHEN {reference} THEN named.number ELSE orders.payment_reference END \
         FROM named WHERE orders.id = {order}), \
         answered AS (UPDATE idempotency_keys SET state = 'done', response_status = {status}, \
         response_body = replace(response_body, {placeholder}, named.number) FROM named \
         WHERE scope = {scope} AND idem_key = {key}) ",
        order = p(0),
        reference = p(1),
        status = p(2),
        placeholder = p(3),
        scope = p(4),
        key = p(5),
    )
}

/// [`TAKE_LAST_AND_NUMBER`] that also writes a [`NumberInPlace`] (binds
/// from `$5`), sent [`committing`]: the hot rows are then held for this
/// statement alone. A short last product must stop the COMMIT sent after
/// it, so instead of answering no row it raises `uplink_short_stock()`
/// (SQLSTATE [`SHORT_STOCK`], PostgreSQL migration 67).
static TAKE_LAST_NUMBER_IN_PLACE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "WITH taken AS ({}), \
         counted AS (UPDATE order_counter SET next = next + 1 WHERE id = 1 \
         AND EXISTS (SELECT 1 FROM taken) RETURNING next - 1 AS seq), {}\
         SELECT COALESCE((SELECT seq FROM counted), uplink_short_stock()), \
         (SELECT available FROM taken)",
        crate::stock::TAKE_UNITS,
        number_in_place_sql(5)
    )
});

/// The SQLSTATE of `uplink_short_stock()`.
const SHORT_STOCK: &str = "UL001";

/// The counter alone (an order without stock) with a [`NumberInPlace`]
/// (binds from `$1`), sent [`committing`].
static NUMBER_IN_PLACE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "WITH counted AS (UPDATE order_counter SET next = next + 1 WHERE id = 1 \
         RETURNING next - 1 AS seq), {}SELECT seq FROM counted",
        number_in_place_sql(1)
    )
});

/// A [`NumberInPlace`] as literals, in the order of [`number_in_place_sql`].
fn number_in_place_literals<'a>(n: &NumberInPlace<'a>) -> [Literal<'a>; 6] {
    [
        Literal::Text(Some(n.order_id)),
        Literal::Bool(n.number_is_reference),
        Literal::Int(n.answer.map(|a| i64::from(a.status))),
        Literal::Text(Some(n.placeholder)),
        Literal::Text(n.answer.map(|a| a.scope)),
        Literal::Text(n.answer.map(|a| a.key)),
    ]
}

/// A value written into a statement's text by [`committing`].
#[derive(Debug, Clone, Copy)]
enum Literal<'a> {
    Int(Option<i64>),
    Bool(bool),
    Text(Option<&'a str>),
}

impl Literal<'_> {
    /// The value as PostgreSQL reads it in a statement's text. A string is
    /// quoted as libpq's `PQescapeLiteral` quotes it: quotes doubled, and
    /// backslashes doubled in an `E''` literal, which reads the same
    /// whatever `standard_conforming_strings` says. A string holding NUL
    /// is refused, as PostgreSQL refuses it bound (no text of its holds
    /// one): written in, it would end the query message early. (No text
    /// from the buyer is written in: see [`stage_answer`].) A negative
    /// number is parenthesised: after a `-` in the statement, `--` would
    /// start a comment.
    fn sql(self) -> Result<String, DbError> {
        Ok(match self {
            Literal::Int(Some(i)) if i < 0 => format!("({i})"),
            Literal::Int(Some(i)) => i.to_string(),
            Literal::Bool(b) => b.to_string(),
            Literal::Int(None) | Literal::Text(None) => "NULL".to_owned(),
            Literal::Text(Some(s)) if s.contains('\0') => {
                return Err(sqlx::Error::Encode("PostgreSQL text cannot hold NUL".into()).into());
            }
            Literal::Text(Some(s)) => {
                let mut quoted = String::with_capacity(s.len() + 4);
                if s.contains('\\') {
                    quoted.push('E');
                }
                quoted.push('\'');
                for c in s.chars() {
                    if c == '\'' || c == '\\' {
                        quoted.push(c);
                    }
                    quoted.push(c);
                }
                quoted.push('\'');
                quoted
            }
        })
    }
}

/// `sql` with each bind `$n` replaced by the literal `values[n - 1]`,
/// then `COMMIT; BEGIN`: one simple-protocol message, which PostgreSQL
/// runs without a round trip to us between its statements, so the rows
/// the statement locks are released as soon as it ends, not a round trip
/// later (D132). The `BEGIN` leaves the connection in a new, empty
/// transaction, where the caller's `Transaction` expects one; its commit
/// holds no lock. An error in the statement skips the rest of the
/// message and leaves the transaction failed, as a bound statement would.
///
/// Only our own statements come here: their text holds no `$` but the
/// binds'.
fn committing(sql: &str, values: &[Literal<'_>]) -> Result<String, DbError> {
    let mut out = String::with_capacity(sql.len() + 256);
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let digits = rest[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - at - 1);
        let n: usize = rest[at + 1..at + 1 + digits]
            .parse()
            .expect("a `$` in a committed statement is a bind");
        out.push_str(&values[n - 1].sql()?);
        rest = &rest[at + 1 + digits..];
    }
    out.push_str(rest);
    out.push_str("; COMMIT; BEGIN");
    Ok(out)
}

/// Runs a [`committing`] message: the statement's one row, or
/// [`StockAndNumber::Short`]'s SQLSTATE as `Ok(None)`, with the order's
/// work rolled back and a new transaction begun for the caller's reads.
async fn run_committing(
    conn: &mut AnyConnection,
    message: String,
) -> Result<Option<sqlx::any::AnyRow>, DbError> {
    match sqlx::raw_sql(sqlx::AssertSqlSafe(message))
        .fetch_all(&mut *conn)
        .await
    {
        Ok(rows) => Ok(rows.into_iter().next()),
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some(SHORT_STOCK) => {
            sqlx::raw_sql("ROLLBACK; BEGIN").execute(conn).await?;
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// Takes `(product, units)` from `warehouse`, in the order given (product
/// id order, the one lock order of every transaction), then the order's
/// number from the gapless counter (D66).
///
/// These are the rows every checkout shares, held from here to the commit.
/// On PostgreSQL each statement is a round trip made while holding them,
/// so the last product's units and the counter go in one (D121), and with
/// `number` the order's number and answer too (D131), sent with the
/// COMMIT (D132): the order is then committed when this returns.
pub async fn take_stock_and_number(
    conn: &mut AnyConnection,
    warehouse: &str,
    takes: &[(&str, i64)],
    number: Option<&NumberInPlace<'_>>,
) -> Result<StockAndNumber, DbError> {
    let number = number.filter(|_| crate::is_postgres(conn));
    if let Some(n) = number {
        stage_answer(conn, n).await?;
    }
    let mut band_changed = false;
    let Some(((product_id, qty), before)) = takes.split_last() else {
        return number_only(conn, number).await;
    };
    for (product_id, qty) in before {
        let take = crate::stock::take_stock(conn, product_id, warehouse, *qty).await?;
        if !take.taken {
            return Ok(short(product_id));
        }
        band_changed |= take.band_changed;
    }
    if !crate::is_postgres(conn) {
        // SQLite runs in this process: a statement more costs no round trip.
        let take = crate::stock::take_stock(conn, product_id, warehouse, *qty).await?;
        if !take.taken {
            return Ok(short(product_id));
        }
        return Ok(StockAndNumber::Numbered {
            seq: next_order_seq(conn).await?,
            band_changed: band_changed || take.band_changed,
            finished: false,
        });
    }
    if let Some(n) = number {
        let message = take_last_literals(*qty, product_id, warehouse, n)?;
        let Some(row) = run_committing(conn, message).await? else {
            return Ok(short(product_id));
        };
        let (seq, left): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
        return Ok(StockAndNumber::Numbered {
            seq,
            band_changed: band_changed || crate::stock::band_changes(left + qty, left),
            finished: true,
        });
    }
    let numbered: Option<(i64, i64)> =
        sqlx::query_as(sqlx::AssertSqlSafe(TAKE_LAST_AND_NUMBER.as_str()))
            .bind(*qty)
            .bind(now_ms())
            .bind(*product_id)
            .bind(warehouse)
            .fetch_optional(conn)
            .await?;
    Ok(match numbered {
        Some((seq, left)) => StockAndNumber::Numbered {
            seq,
            band_changed: band_changed || crate::stock::band_changes(left + qty, left),
            finished: false,
        },
        None => short(product_id),
    })
}

/// Stores the request's answer, placeholder and all, as the in-progress
/// key's body before the hot rows are taken; [`number_in_place_sql`] puts
/// the number in it. Bound here so that what the buyer sent (names,
/// addresses) never appears in a [`committing`] message's text, which
/// sqlx logs whole when a statement is slow (D132).
async fn stage_answer(conn: &mut AnyConnection, n: &NumberInPlace<'_>) -> Result<(), DbError> {
    if let Some(answer) = n.answer {
        sqlx::query(
            "UPDATE idempotency_keys SET response_body = $1 WHERE scope = $2 AND idem_key = $3",
        )
        .bind(answer.body)
        .bind(answer.scope)
        .bind(answer.key)
        .execute(conn)
        .await?;
    }
    Ok(())
}

/// The last product's take, numbered in place and committed: the
/// [`committing`] message of [`TAKE_LAST_NUMBER_IN_PLACE`].
fn take_last_literals(
    qty: i64,
    product_id: &str,
    warehouse: &str,
    n: &NumberInPlace<'_>,
) -> Result<String, DbError> {
    let take = [
        Literal::Int(Some(qty)),
        Literal::Int(Some(now_ms())),
        Literal::Text(Some(product_id)),
        Literal::Text(Some(warehouse)),
    ];
    let values: Vec<Literal<'_>> = take
        .into_iter()
        .chain(number_in_place_literals(n))
        .collect();
    committing(&TAKE_LAST_NUMBER_IN_PLACE, &values)
}

/// The number of an order that takes no stock.
async fn number_only(
    conn: &mut AnyConnection,
    number: Option<&NumberInPlace<'_>>,
) -> Result<StockAndNumber, DbError> {
    let seq = match number {
        Some(n) => {
            let message = committing(&NUMBER_IN_PLACE, &number_in_place_literals(n))?;
            let row = run_committing(conn, message).await?;
            row.ok_or(DbError::Sqlx(sqlx::Error::RowNotFound))?
                .try_get(0)?
        }
        None => next_order_seq(conn).await?,
    };
    Ok(StockAndNumber::Numbered {
        seq,
        band_changed: false,
        finished: number.is_some(),
    })
}

fn short(product_id: &str) -> StockAndNumber {
    StockAndNumber::Short {
        product_id: product_id.to_owned(),
    }
}

/// The answer an idempotent request stores with its work (see
/// [`crate::idempotency`]).
#[derive(Debug, Clone, Copy)]
pub struct StoredAnswer<'a> {
    pub scope: &'a str,
    pub key: &'a str,
    pub status: u16,
    pub body: &'a str,
}

/// [`crate::idempotency::FINISH_ANSWER`] with the order's number written
/// beside it: binds status, body, scope, key, number, reference, order id.
static NUMBER_AND_ANSWER: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "WITH numbered AS (UPDATE orders SET number = $5, payment_reference = $6 WHERE id = $7) {}",
        crate::idempotency::FINISH_ANSWER
    )
});

/// The order's number and payment reference where its provisional ones
/// were (its id), and the request's stored answer, which carries that
/// number: one statement on PostgreSQL, while the order holds the hot rows
/// of [`take_stock_and_number`] (D121).
pub async fn set_number_and_answer(
    conn: &mut AnyConnection,
    order_id: &str,
    number: &str,
    payment_reference: Option<&str>,
    answer: Option<StoredAnswer<'_>>,
) -> Result<(), DbError> {
    let Some(answer) = answer.filter(|_| crate::is_postgres(conn)) else {
        set_order_number(conn, order_id, number, payment_reference).await?;
        if let Some(a) = answer {
            crate::idempotency::finish_in(conn, a.scope, a.key, a.status, a.body).await?;
        }
        return Ok(());
    };
    sqlx::query(sqlx::AssertSqlSafe(NUMBER_AND_ANSWER.as_str()))
        .bind(i64::from(answer.status))
        .bind(answer.body)
        .bind(answer.scope)
        .bind(answer.key)
        .bind(number)
        .bind(payment_reference)
        .bind(order_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Gives an order written under a provisional number its real one, and the
/// payment reference that is that number (bank transfer, credit terms).
pub async fn set_order_number(
    conn: &mut AnyConnection,
    order_id: &str,
    number: &str,
    payment_reference: Option<&str>,
) -> Result<(), DbError> {
    sqlx::query("UPDATE orders SET number = $1, payment_reference = $2 WHERE id = $3")
        .bind(number)
        .bind(payment_reference)
        .bind(order_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn insert_order(conn: &mut AnyConnection, o: &OrderRow) -> Result<(), DbError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO orders ({ORDER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
         $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, \
         $32, $33, $34, $35, $36)"
    )))
    .bind(&o.id)
    .bind(&o.number)
    .bind(&o.store_code)
    .bind(&o.user_id)
    .bind(&o.email)
    .bind(&o.status)
    .bind(&o.currency)
    .bind(o.subtotal_cents)
    .bind(o.discount_cents)
    .bind(o.shipping_cents)
    .bind(o.tax_cents)
    .bind(o.total_cents)
    .bind(&o.coupon_code)
    .bind(&o.payment_method)
    .bind(&o.payment_status)
    .bind(&o.payment_reference)
    .bind(&o.shipping_method)
    .bind(&o.shipping_details)
    .bind(&o.shipping_address)
    .bind(&o.billing_address)
    .bind(o.digital_only)
    .bind(o.pay_by)
    .bind(o.placed_at)
    .bind(o.paid_at)
    .bind(o.updated_at)
    .bind(&o.partner_id)
    .bind(&o.partner_referral_code)
    .bind(&o.partner_name)
    .bind(&o.quotation_number)
    .bind(&o.partner_channel)
    .bind(&o.end_customer)
    .bind(&o.recipient_user_id)
    .bind(&o.price_list)
    .bind(&o.referrer_user_id)
    .bind(&o.app_referral_code)
    .bind(o.referral_discount_cents)
    .execute(conn)
    .await?;
    Ok(())
}

/// Columns of one order line in [`LINE_COLUMNS`].
const LINE_COLUMN_COUNT: usize = 19;
/// Order lines per INSERT: 100 × 19 values stays far below either
/// database's limit on bound values.
const LINES_PER_STATEMENT: usize = 100;

pub async fn insert_line(conn: &mut AnyConnection, l: &OrderLineRow) -> Result<(), DbError> {
    insert_lines(conn, std::slice::from_ref(l)).await
}

/// Writes an order's lines with one multi-row INSERT (per hundred lines):
/// on PostgreSQL every statement is a round trip made while the order's
/// transaction is open, so a three-line order saves two.
pub async fn insert_lines(conn: &mut AnyConnection, lines: &[OrderLineRow]) -> Result<(), DbError> {
    for chunk in lines.chunks(LINES_PER_STATEMENT) {
        let rows = (0..chunk.len())
            .map(|i| {
                format!(
                    "({})",
                    crate::batch::placeholders(1 + i * LINE_COLUMN_COUNT, LINE_COLUMN_COUNT)
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!("INSERT INTO order_lines ({LINE_COLUMNS}) VALUES {rows}");
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for l in chunk {
            query = query
                .bind(&l.id)
                .bind(&l.order_id)
                .bind(l.position)
                .bind(&l.product_id)
                .bind(&l.sku)
                .bind(&l.name)
                .bind(&l.product_type)
                .bind(l.qty)
                .bind(l.unit_price_cents)
                .bind(l.subtotal_cents)
                .bind(l.discount_cents)
                .bind(l.tax_cents)
                .bind(l.total_cents)
                .bind(&l.options)
                .bind(&l.serials)
                .bind(l.weight_grams)
                .bind(&l.warehouse)
                .bind(&l.delivery_status)
                .bind(l.coverage_until);
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

pub async fn insert_history(
    conn: &mut AnyConnection,
    order_id: &str,
    status: &str,
    actor: &str,
    note: &str,
) -> Result<HistoryRow, DbError> {
    insert_history_at(conn, order_id, now_ms(), status, actor, note).await
}

/// A history note at the order's status as it is when the note is written,
/// read by the insert itself: no round trip to read it first, and no stale
/// status when another transaction moved the order meanwhile.
pub async fn insert_note_at_current_status(
    conn: &mut AnyConnection,
    order_id: &str,
    actor: &str,
    note: &str,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO order_history (id, order_id, at, status, actor, note) \
         SELECT $1, id, $2, status, $3, $4 FROM orders WHERE id = $5",
    )
    .bind(uplink_domain::ids::new_id("ohs"))
    .bind(now_ms())
    .bind(actor)
    .bind(note)
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// [`insert_history`] for a change that happened at `at` (the demo orders' past).
pub async fn insert_history_at(
    conn: &mut AnyConnection,
    order_id: &str,
    at: i64,
    status: &str,
    actor: &str,
    note: &str,
) -> Result<HistoryRow, DbError> {
    let row = HistoryRow {
        id: uplink_domain::ids::new_id("ohs"),
        order_id: order_id.to_owned(),
        at,
        status: status.to_owned(),
        actor: actor.to_owned(),
        note: note.to_owned(),
    };
    sqlx::query(
        "INSERT INTO order_history (id, order_id, at, status, actor, note) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&row.id)
    .bind(&row.order_id)
    .bind(row.at)
    .bind(&row.status)
    .bind(&row.actor)
    .bind(&row.note)
    .execute(conn)
    .await?;
    Ok(row)
}

pub async fn insert_payment(conn: &mut AnyConnection, p: &PaymentRow) -> Result<(), DbError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO payments ({PAYMENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
         $12, $13, $14, $15, $16, $17)"
    )))
    .bind(&p.id)
    .bind(&p.order_id)
    .bind(&p.user_id)
    .bind(&p.method)
    .bind(&p.status)
    .bind(p.amount_cents)
    .bind(&p.currency)
    .bind(&p.gateway)
    .bind(&p.gateway_ref)
    .bind(&p.card_brand)
    .bind(&p.card_last4)
    .bind(p.card_exp_month)
    .bind(p.card_exp_year)
    .bind(&p.failure_code)
    .bind(&p.failure_message)
    .bind(p.created_at)
    .bind(p.updated_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves an order from `from` to `to` (conditional: false when it is no longer `from`).
pub async fn set_status(
    conn: &mut AnyConnection,
    order_id: &str,
    from: &str,
    to: &str,
) -> Result<bool, DbError> {
    let n =
        sqlx::query("UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3 AND status = $4")
            .bind(to)
            .bind(now_ms())
            .bind(order_id)
            .bind(from)
            .execute(conn)
            .await?
            .rows_affected();
    Ok(n == 1)
}

/// Records the capture of order `order_id`'s authorised card payment
/// `intent_id`: the payment captured, the order paid at `now`, and `email`
/// queued (the confirmation, which can then say so), all or nothing.
///
/// On PostgreSQL that is one statement, which is a transaction of its own:
/// one round trip where BEGIN, three statements and COMMIT took five, for
/// every card order (D130). SQLite, in process, runs the three in a write
/// transaction.
pub async fn record_capture(
    db: &Db,
    order_id: &str,
    intent_id: &str,
    now: i64,
    email: Option<&crate::account_area::OutboxRow>,
) -> Result<(), DbError> {
    if db.backend() == crate::Backend::Postgres {
        let query = match email {
            Some(m) => crate::account_area::bind_outbox(
                sqlx::query(sqlx::AssertSqlSafe(CAPTURE_WITH_EMAIL.as_str())),
                m,
            ),
            None => sqlx::query(CAPTURE),
        };
        query
            .bind(now)
            .bind(order_id)
            .bind(intent_id)
            .execute(db.writer())
            .await?;
        return Ok(());
    }
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "UPDATE payments SET status = 'captured', updated_at = $1 \
         WHERE order_id = $2 AND gateway_ref = $3 AND status = 'authorized'",
    )
    .bind(now)
    .bind(order_id)
    .bind(intent_id)
    .execute(&mut *tx)
    .await?;
    set_payment_status(&mut tx, order_id, "paid", Some(now)).await?;
    if let Some(m) = email {
        crate::account_area::insert_outbox_in(&mut tx, m).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// PostgreSQL's [`record_capture`] without an e-mail: binds now, order, intent.
const CAPTURE: &str = "WITH captured AS (UPDATE payments SET status = 'captured', updated_at = $1 \
     WHERE order_id = $2 AND gateway_ref = $3 AND status = 'authorized') \
     UPDATE orders SET payment_status = 'paid', paid_at = $1, updated_at = $1 WHERE id = $2";

/// PostgreSQL's [`record_capture`] with its e-mail: binds the outbox row's
/// nine values (see `account_area::bind_outbox`), then now, order, intent.
static CAPTURE_WITH_EMAIL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "WITH captured AS (UPDATE payments SET status = 'captured', updated_at = $10 \
         WHERE order_id = $11 AND gateway_ref = $12 AND status = 'authorized'), \
         paid AS (UPDATE orders SET payment_status = 'paid', paid_at = $10, updated_at = $10 \
         WHERE id = $11) \
         {} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        crate::account_area::INSERT_OUTBOX
    )
});

pub async fn set_payment_status(
    conn: &mut AnyConnection,
    order_id: &str,
    status: &str,
    paid_at: Option<i64>,
) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE orders SET payment_status = $1, paid_at = COALESCE($2, paid_at), updated_at = $3 WHERE id = $4",
    )
    .bind(status)
    .bind(paid_at)
    .bind(now_ms())
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_payment_row_status(
    conn: &mut AnyConnection,
    payment_id: &str,
    status: &str,
) -> Result<(), DbError> {
    sqlx::query("UPDATE payments SET status = $1, updated_at = $2 WHERE id = $3")
        .bind(status)
        .bind(now_ms())
        .bind(payment_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Moves the order's lines in status `from` to `to`: one line, or with
/// `None` all of them; how many moved.
pub async fn set_line_delivery(
    conn: &mut AnyConnection,
    order_id: &str,
    line_id: Option<&str>,
    from: &str,
    to: &str,
) -> Result<u64, DbError> {
    if let Some(id) = line_id {
        return set_lines_delivery(conn, order_id, &[id], from, to).await;
    }
    let moved = sqlx::query(
        "UPDATE order_lines SET delivery_status = $1 WHERE order_id = $2 AND delivery_status = $3",
    )
    .bind(to)
    .bind(order_id)
    .bind(from)
    .execute(conn)
    .await?;
    Ok(moved.rows_affected())
}

/// [`set_line_delivery`] for the lines `line_ids` of an order; how many
/// moved.
pub async fn set_lines_delivery(
    conn: &mut AnyConnection,
    order_id: &str,
    line_ids: &[&str],
    from: &str,
    to: &str,
) -> Result<u64, DbError> {
    let ids = (4..4 + line_ids.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "UPDATE order_lines SET delivery_status = $1 \
         WHERE order_id = $2 AND delivery_status = $3 AND id IN ({ids})"
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(to)
        .bind(order_id)
        .bind(from);
    for id in line_ids {
        query = query.bind(*id);
    }
    Ok(query.execute(conn).await?.rows_affected())
}

pub async fn insert_shipment(conn: &mut AnyConnection, s: &ShipmentRow) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO shipments (id, order_id, carrier, tracking_number, line_ids, shipped_at, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&s.id)
    .bind(&s.order_id)
    .bind(&s.carrier)
    .bind(&s.tracking_number)
    .bind(&s.line_ids)
    .bind(s.shipped_at)
    .bind(&s.created_by)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn order_in(conn: &mut AnyConnection, id: &str) -> Result<Option<OrderRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

pub async fn lines_in(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<OrderLineRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {LINE_COLUMNS}, refunded_qty FROM order_lines WHERE order_id = $1 ORDER BY position"
    )))
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

/// The lines of several orders in one query (a page of an order list),
/// each order's in position order.
pub async fn lines_of_orders(
    conn: &mut AnyConnection,
    order_ids: &[&str],
) -> Result<Vec<OrderLineRow>, DbError> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let params: Vec<String> = (1..=order_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {LINE_COLUMNS}, refunded_qty FROM order_lines WHERE order_id IN ({}) ORDER BY order_id, position",
        params.join(", ")
    );
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for id in order_ids {
        query = query.bind(*id);
    }
    Ok(query.fetch_all(conn).await?)
}

pub async fn history_in(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<HistoryRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, order_id, at, status, actor, note FROM order_history WHERE order_id = $1 ORDER BY at, id",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

pub async fn payments_in(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<PaymentRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {PAYMENT_COLUMNS} FROM payments WHERE order_id = $1 ORDER BY created_at, id"
    )))
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

pub async fn shipments_in(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Vec<ShipmentRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, order_id, carrier, tracking_number, line_ids, shipped_at, created_by \
         FROM shipments WHERE order_id = $1 ORDER BY shipped_at, id",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?)
}

// ----- the test gateway's records of a card payment -----

/// A card payment as the test gateway records it once captured: the card's
/// token (used, behaving as a success card) and the captured card intent.
/// For orders written outside checkout (the demo orders), so staff can
/// refund them at the gateway like any other.
pub struct CapturedCard {
    pub token_id: String,
    pub intent_id: String,
    /// `(brand, last4, exp month, exp year)`.
    pub card: (&'static str, &'static str, i64, i64),
    pub amount_cents: i64,
    pub currency: String,
    pub customer_ref: String,
    pub description: &'static str,
    pub return_url: &'static str,
    pub cancel_url: &'static str,
    pub token_created_at: i64,
    pub token_expires_at: i64,
    /// When the token was used and the intent made.
    pub authorised_at: i64,
    pub captured_at: i64,
}

impl Db {
    /// Writes `cards` into the test gateway's store (see [`Db::gateway_store`]),
    /// in one transaction of its own: the gateway's store is not the
    /// orders', so the orders they pay for are committed first.
    pub async fn record_captured_cards(&self, cards: &[CapturedCard]) -> Result<(), DbError> {
        let mut tx = self.gateway_store().await?.begin_write().await?;
        for card in cards {
            insert_captured_card(&mut tx, card).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

async fn insert_captured_card(conn: &mut AnyConnection, c: &CapturedCard) -> Result<(), DbError> {
    let (brand, last4, exp_month, exp_year) = c.card;
    sqlx::query(
        "INSERT INTO gateway_tokens (id, brand, last4, exp_month, exp_year, behaviour, created_at, expires_at, used_at) \
         VALUES ($1, $2, $3, $4, $5, 'success', $6, $7, $8)",
    )
    .bind(&c.token_id)
    .bind(brand)
    .bind(last4)
    .bind(exp_month)
    .bind(exp_year)
    .bind(c.token_created_at)
    .bind(c.token_expires_at)
    .bind(c.authorised_at)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO gateway_intents (id, provider, token_id, amount_cents, currency, customer_ref, \
         description, status, return_url, cancel_url, created_at, updated_at) \
         VALUES ($1, 'card', $2, $3, $4, $5, $6, 'captured', $7, $8, $9, $10)",
    )
    .bind(&c.intent_id)
    .bind(&c.token_id)
    .bind(c.amount_cents)
    .bind(&c.currency)
    .bind(&c.customer_ref)
    .bind(c.description)
    .bind(c.return_url)
    .bind(c.cancel_url)
    .bind(c.authorised_at)
    .bind(c.captured_at)
    .execute(conn)
    .await?;
    Ok(())
}

// ----- reads and small writes on the pool -----

impl Db {
    /// How many orders there are.
    pub async fn order_count(&self) -> Result<i64, DbError> {
        Ok(
            sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM orders")
                .fetch_one(self.pool())
                .await?,
        )
    }

    pub async fn order_by_number(&self, number: &str) -> Result<Option<OrderRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {ORDER_COLUMNS} FROM orders WHERE number = $1"
        )))
        .bind(number)
        .fetch_optional(self.pool())
        .await?)
    }

    /// One page of a customer's orders, newest first, and the total count.
    pub async fn orders_of(
        &self,
        user_id: &str,
        f: &OrderFilter,
    ) -> Result<(Vec<OrderRow>, i64), DbError> {
        let mut conds = vec!["o.user_id = $1".to_owned()];
        let mut n = 1;
        let mut next = || {
            n += 1;
            format!("${n}")
        };
        if !f.statuses.is_empty() {
            let ps: Vec<String> = f.statuses.iter().map(|_| next()).collect();
            conds.push(format!("o.status IN ({})", ps.join(", ")));
        }
        if f.from.is_some() {
            conds.push(format!("o.placed_at >= {}", next()));
        }
        if f.to.is_some() {
            conds.push(format!("o.placed_at < {}", next()));
        }
        if f.q.is_some() {
            let a = next();
            let b = next();
            conds.push(format!(
                "(o.number LIKE {a} OR EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.sku LIKE {b}))"
            ));
        }
        let where_ = conds.join(" AND ");
        let lim = next();
        let off = next();
        let list_sql = format!(
            "SELECT {} FROM orders o WHERE {where_} ORDER BY o.placed_at DESC, o.number DESC LIMIT {lim} OFFSET {off}",
            crate::qualified("o", ORDER_COLUMNS)
        );
        let count_sql = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM orders o WHERE {where_}");
        let q_like = f.q.as_ref().map(|q| {
            let esc = q.trim().to_ascii_uppercase().replace(['%', '_'], "");
            format!("%{esc}%")
        });
        macro_rules! bind_filters {
            ($query:expr) => {{
                let mut q = $query.bind(user_id);
                for s in &f.statuses {
                    q = q.bind(s);
                }
                if let Some(v) = f.from {
                    q = q.bind(v);
                }
                if let Some(v) = f.to {
                    q = q.bind(v);
                }
                if let Some(like) = &q_like {
                    q = q.bind(like).bind(like);
                }
                q
            }};
        }
        let rows: Vec<OrderRow> = bind_filters!(sqlx::query_as(sqlx::AssertSqlSafe(list_sql)))
            .bind(f.limit)
            .bind(f.offset)
            .fetch_all(self.pool())
            .await?;
        let total: i64 = bind_filters!(sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql)))
            .fetch_one(self.pool())
            .await?;
        Ok((rows, total))
    }

    /// Recent orders of every customer (staff), optionally by status.
    pub async fn recent_orders(
        &self,
        status: Option<&str>,
        limit: i64,
    ) -> Result<Vec<OrderRow>, DbError> {
        let rows = match status {
            Some(s) => {
                sqlx::query_as(sqlx::AssertSqlSafe(format!(
                    "SELECT {ORDER_COLUMNS} FROM orders WHERE status = $1 ORDER BY placed_at DESC LIMIT $2"
                )))
                .bind(s)
                .bind(limit)
                .fetch_all(self.pool())
                .await?
            }
            None => {
                sqlx::query_as(sqlx::AssertSqlSafe(format!(
                    "SELECT {ORDER_COLUMNS} FROM orders ORDER BY placed_at DESC LIMIT $1"
                )))
                .bind(limit)
                .fetch_all(self.pool())
                .await?
            }
        };
        Ok(rows)
    }

    /// Staff's order search: newest first, each filter optional, from the
    /// `before` cursor (the previous page's last placed_at) down; asking one
    /// row more than shown tells the caller another page exists, without a count.
    pub async fn staff_order_search(&self, f: &StaffOrderFilter) -> Result<Vec<OrderRow>, DbError> {
        enum Bind {
            Text(String),
            Int(i64),
        }
        let mut sql = format!("SELECT {ORDER_COLUMNS} FROM orders WHERE 1 = 1");
        let mut binds: Vec<Bind> = Vec::new();
        let mut add = |clause: &str, b: Bind, binds: &mut Vec<Bind>| {
            binds.push(b);
            sql.push_str(&clause.replace('?', &format!("${}", binds.len())));
        };
        let texts = [
            (" AND status = ?", &f.status),
            (" AND store_code = ?", &f.store),
            (" AND payment_method = ?", &f.payment_method),
            (" AND email = ?", &f.email),
            (" AND number = ?", &f.number),
            (
                " AND id IN (SELECT order_id FROM order_lines WHERE sku = ?)",
                &f.sku,
            ),
        ];
        for (clause, v) in texts {
            if let Some(v) = v {
                add(clause, Bind::Text(v.clone()), &mut binds);
            }
        }
        let ints = [
            (" AND placed_at >= ?", f.from_ms),
            (" AND placed_at < ?", f.to_ms),
            (" AND placed_at < ?", f.before_placed_at),
        ];
        for (clause, v) in ints {
            if let Some(v) = v {
                add(clause, Bind::Int(v), &mut binds);
            }
        }
        add(
            " ORDER BY placed_at DESC LIMIT ?",
            Bind::Int(f.limit.clamp(1, 1000)),
            &mut binds,
        );
        let mut q = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql));
        for b in binds {
            q = match b {
                Bind::Text(t) => q.bind(t),
                Bind::Int(i) => q.bind(i),
            };
        }
        Ok(q.fetch_all(self.pool()).await?)
    }

    /// A failed payment attempt that left no order (SPEC §6: "nothing is kept but the failed attempt").
    pub async fn record_failed_payment(&self, p: &PaymentRow) -> Result<(), DbError> {
        let mut conn = self.writer().acquire().await?;
        insert_payment(&mut conn, p).await
    }

    /// Bank-transfer orders still unpaid after their pay-by time.
    pub async fn overdue_unpaid_orders(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<String>, DbError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM orders WHERE status = 'pending_payment' AND pay_by IS NOT NULL AND pay_by <= $1 \
             ORDER BY pay_by LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    /// Card/PayPal payments authorised but not captured for longer than `older_than` ms
    /// (the server stopped between committing an order and capturing).
    pub async fn uncaptured_payments(
        &self,
        now: i64,
        older_than: i64,
    ) -> Result<Vec<PaymentRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {PAYMENT_COLUMNS} FROM payments WHERE status = 'authorized' AND order_id IS NOT NULL \
             AND updated_at <= $1 ORDER BY updated_at LIMIT 100"
        )))
        .bind(now - older_than)
        .fetch_all(self.pool())
        .await?)
    }

    /// Failed payment attempts of a customer (newest first).
    pub async fn failed_payments_of(
        &self,
        user_id: &str,
        limit: i64,
    ) -> Result<Vec<PaymentRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 AND status = 'failed' \
             ORDER BY created_at DESC LIMIT $2"
        )))
        .bind(user_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::{Literal, committing};

    #[test]
    fn binds_become_literals_and_the_commit_follows() {
        let message = committing(
            "UPDATE t SET a = a -$1, b = $2 WHERE c = $10 AND d = $3",
            &[
                Literal::Int(Some(-7)),
                Literal::Text(Some("it's $1")),
                Literal::Bool(true),
                Literal::Int(None),
                Literal::Int(None),
                Literal::Int(None),
                Literal::Int(None),
                Literal::Int(None),
                Literal::Int(None),
                Literal::Text(Some(r"back\slash")),
            ],
        );
        assert_eq!(
            message.unwrap(),
            r"UPDATE t SET a = a -(-7), b = 'it''s $1' WHERE c = E'back\\slash' AND d = true; COMMIT; BEGIN"
        );
    }

    #[test]
    fn a_nul_is_never_written_into_a_statement() {
        assert!(committing("SELECT $1", &[Literal::Text(Some("a\0b"))]).is_err());
        assert_eq!(Literal::Text(None).sql().unwrap(), "NULL");
    }
}
