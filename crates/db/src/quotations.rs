//! Quotations (SPEC §9, D97): the quotation, its lines as the buyer asked
//! for them, the prices sales quoted, and the history of status changes and
//! comments. Every status change is an `UPDATE … WHERE status = <the status
//! read>`, and every staff change also checks the version the editor saw,
//! so concurrent requests cannot both win; writes that belong together take
//! a connection of the caller's transaction (`&mut AnyConnection`).

use crate::{Db, DbError};
use sqlx::{AnyConnection, FromRow};

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct QuotationRow {
    pub id: String,
    pub number: String,
    pub user_id: String,
    pub store_code: String,
    pub currency: String,
    pub status: String,
    /// Where it was asked from: `cart`, `product`, `co_term`.
    pub source: String,
    pub customer_note: String,
    /// The quoted shipping price; `None` charges the store's rates at payment.
    pub shipping_cents: Option<i64>,
    pub valid_until: Option<i64>,
    pub version: i64,
    /// The sales person who opened it.
    pub assignee: Option<String>,
    pub order_id: Option<String>,
    pub order_number: Option<String>,
    pub created_at: i64,
    pub submitted_at: Option<i64>,
    pub updated_at: i64,
}

const QUOTATION_COLUMNS: &str = "id, number, user_id, store_code, currency, status, source, \
customer_note, shipping_cents, valid_until, version, assignee, order_id, order_number, created_at, \
submitted_at, updated_at";

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct QuotationLineRow {
    pub id: String,
    pub quotation_id: String,
    pub position: i64,
    pub product_id: String,
    pub sku: String,
    pub name: String,
    pub product_type: String,
    pub qty: i64,
    /// The chosen options as a cart line keeps them (`{code: value}` JSON).
    pub options: String,
    /// The options for display (`[{label, value_label}]` JSON).
    pub option_labels: String,
    /// JSON array of serial numbers.
    pub serials: String,
    pub iccid: Option<String>,
    /// The catalogue unit price (with option deltas) when it was asked for.
    pub unit_price_cents: i64,
    /// JSON `LineQuote`; `None` is the catalogue price.
    pub quote: Option<String>,
    /// The line's quoted total before tax.
    pub quoted_total_cents: i64,
    /// A co-term line: the day (unix ms) its device's coverage is extended to.
    pub coverage_until: Option<i64>,
}

const LINE_COLUMNS: &str = "id, quotation_id, position, product_id, sku, name, product_type, qty, \
options, option_labels, serials, iccid, unit_price_cents, quote, quoted_total_cents, coverage_until";

#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct QuotationHistoryRow {
    pub id: String,
    pub quotation_id: String,
    /// The status after this entry.
    pub status: String,
    /// `buyer`, `staff` or `system`.
    pub party: String,
    /// A name to show: the buyer's name, the sales person's e-mail, `Uplink`.
    pub author: String,
    /// `status` (a change, `body` says what happened) or `comment`.
    pub kind: String,
    pub body: String,
    pub created_at: i64,
}

/// A quotation in a list, with its line count and quoted subtotal.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct QuotationSummaryRow {
    pub number: String,
    pub status: String,
    pub source: String,
    pub currency: String,
    pub valid_until: Option<i64>,
    pub created_at: i64,
    pub submitted_at: Option<i64>,
    pub updated_at: i64,
    pub order_number: Option<String>,
    pub line_count: i64,
    pub subtotal_cents: i64,
    pub quoted_subtotal_cents: i64,
    pub shipping_cents: Option<i64>,
    pub first_line: Option<String>,
    pub customer_email: String,
    pub customer_name: String,
    pub customer_company: Option<String>,
    pub assignee: Option<String>,
}

const SUMMARY_SELECT: &str = "SELECT q.number, q.status, q.source, q.currency, q.valid_until, \
   q.created_at, q.submitted_at, q.updated_at, q.order_number, \
   CAST((SELECT COUNT(*) FROM quotation_lines l WHERE l.quotation_id = q.id) AS BIGINT) AS line_count, \
   CAST(COALESCE((SELECT SUM(l.unit_price_cents * l.qty) FROM quotation_lines l WHERE l.quotation_id = q.id), 0) AS BIGINT) AS subtotal_cents, \
   CAST(COALESCE((SELECT SUM(l.quoted_total_cents) FROM quotation_lines l WHERE l.quotation_id = q.id), 0) AS BIGINT) AS quoted_subtotal_cents, \
   q.shipping_cents, \
   (SELECT l.name FROM quotation_lines l WHERE l.quotation_id = q.id ORDER BY l.position LIMIT 1) AS first_line, \
   u.email AS customer_email, u.name AS customer_name, u.company AS customer_company, q.assignee \
   FROM quotations q JOIN users u ON u.id = q.user_id";

/// What a list asks for.
#[derive(Debug, Clone, Default)]
pub struct QuotationFilter<'a> {
    /// Only this customer's (the buyer's own list).
    pub user_id: Option<&'a str>,
    /// Only these statuses (all when empty).
    pub statuses: &'a [&'a str],
    /// Part of the number, a product name or SKU, or (staff) the customer's e-mail, name or company.
    pub search: &'a str,
    /// Only those submitted before this time (staff: by age).
    pub submitted_before: Option<i64>,
    pub limit: i64,
}

pub async fn next_quotation_seq(conn: &mut AnyConnection) -> Result<i64, DbError> {
    Ok(sqlx::query_scalar(
        "UPDATE quotation_counter SET next = next + 1 WHERE id = 1 RETURNING next - 1",
    )
    .fetch_one(conn)
    .await?)
}

pub async fn insert_quotation(conn: &mut AnyConnection, q: &QuotationRow) -> Result<(), DbError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO quotations ({QUOTATION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
         $10, $11, $12, $13, $14, $15, $16, $17)"
    )))
    .bind(&q.id)
    .bind(&q.number)
    .bind(&q.user_id)
    .bind(&q.store_code)
    .bind(&q.currency)
    .bind(&q.status)
    .bind(&q.source)
    .bind(&q.customer_note)
    .bind(q.shipping_cents)
    .bind(q.valid_until)
    .bind(q.version)
    .bind(&q.assignee)
    .bind(&q.order_id)
    .bind(&q.order_number)
    .bind(q.created_at)
    .bind(q.submitted_at)
    .bind(q.updated_at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn insert_line(conn: &mut AnyConnection, l: &QuotationLineRow) -> Result<(), DbError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO quotation_lines ({LINE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
         $10, $11, $12, $13, $14, $15, $16)"
    )))
    .bind(&l.id)
    .bind(&l.quotation_id)
    .bind(l.position)
    .bind(&l.product_id)
    .bind(&l.sku)
    .bind(&l.name)
    .bind(&l.product_type)
    .bind(l.qty)
    .bind(&l.options)
    .bind(&l.option_labels)
    .bind(&l.serials)
    .bind(&l.iccid)
    .bind(l.unit_price_cents)
    .bind(&l.quote)
    .bind(l.quoted_total_cents)
    .bind(l.coverage_until)
    .execute(conn)
    .await?;
    Ok(())
}

/// Adds a history entry (a status change or a comment).
pub async fn insert_history(
    conn: &mut AnyConnection,
    h: &QuotationHistoryRow,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO quotation_history (id, quotation_id, status, party, author, kind, body, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&h.id)
    .bind(&h.quotation_id)
    .bind(&h.status)
    .bind(&h.party)
    .bind(&h.author)
    .bind(&h.kind)
    .bind(&h.body)
    .bind(h.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn quotation_by_number(
    conn: &mut AnyConnection,
    number: &str,
) -> Result<Option<QuotationRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {QUOTATION_COLUMNS} FROM quotations WHERE number = $1"
    )))
    .bind(number)
    .fetch_optional(conn)
    .await?)
}

pub async fn lines_of(
    conn: &mut AnyConnection,
    quotation_id: &str,
) -> Result<Vec<QuotationLineRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {LINE_COLUMNS} FROM quotation_lines WHERE quotation_id = $1 ORDER BY position"
    )))
    .bind(quotation_id)
    .fetch_all(conn)
    .await?)
}

pub async fn history_of(
    conn: &mut AnyConnection,
    quotation_id: &str,
) -> Result<Vec<QuotationHistoryRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, quotation_id, status, party, author, kind, body, created_at \
           FROM quotation_history WHERE quotation_id = $1 ORDER BY created_at, id",
    )
    .bind(quotation_id)
    .fetch_all(conn)
    .await?)
}

/// A status change, made only while the quotation is still `from` (another
/// request that moved it first wins; the caller answers 409). Staff changes
/// and every status change bump the version.
pub struct StatusChange<'a> {
    pub id: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub at: i64,
}

/// Applies `change`; false when the quotation was no longer in `from`.
pub async fn move_status(
    conn: &mut AnyConnection,
    change: &StatusChange<'_>,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE quotations SET status = $1, updated_at = $2, version = version + 1, \
             submitted_at = CASE WHEN $1 = 'submitted' THEN $2 ELSE submitted_at END \
         WHERE id = $3 AND status = $4",
    )
    .bind(change.to)
    .bind(change.at)
    .bind(change.id)
    .bind(change.from)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sales opened it: `assignee` is recorded with the status change.
pub async fn set_assignee(
    conn: &mut AnyConnection,
    id: &str,
    assignee: &str,
) -> Result<(), DbError> {
    sqlx::query("UPDATE quotations SET assignee = $1 WHERE id = $2")
        .bind(assignee)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The quotation-wide part of a staff edit.
pub struct StaffTerms<'a> {
    pub id: &'a str,
    /// The version the editor saw.
    pub version: i64,
    pub shipping_cents: Option<i64>,
    pub valid_until: Option<i64>,
    pub at: i64,
}

/// Applies a staff edit's quotation-wide part and bumps the version; false
/// when someone changed the quotation since `version` (nothing is written),
/// or it can no longer be edited.
pub async fn update_terms(conn: &mut AnyConnection, t: &StaffTerms<'_>) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE quotations SET shipping_cents = $1, valid_until = $2, updated_at = $3, \
             version = version + 1 \
         WHERE id = $4 AND version = $5 AND status = 'in_review'",
    )
    .bind(t.shipping_cents)
    .bind(t.valid_until)
    .bind(t.at)
    .bind(t.id)
    .bind(t.version)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets one line's quote and quoted total.
pub async fn update_line_quote(
    conn: &mut AnyConnection,
    line_id: &str,
    quote: Option<&str>,
    quoted_total_cents: i64,
) -> Result<(), DbError> {
    sqlx::query("UPDATE quotation_lines SET quote = $1, quoted_total_cents = $2 WHERE id = $3")
        .bind(quote)
        .bind(quoted_total_cents)
        .bind(line_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sales sent the prices: valid until `valid_until`.
pub async fn set_valid_until(
    conn: &mut AnyConnection,
    id: &str,
    valid_until: i64,
) -> Result<(), DbError> {
    sqlx::query("UPDATE quotations SET valid_until = $1 WHERE id = $2")
        .bind(valid_until)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The order that paid an accepted quotation: it becomes `ordered` in the
/// order's transaction, only while it is still accepted and valid.
pub async fn mark_ordered(
    conn: &mut AnyConnection,
    id: &str,
    order: (&str, &str),
    at: i64,
) -> Result<bool, DbError> {
    let (order_id, order_number) = order;
    let done = sqlx::query(
        "UPDATE quotations SET status = 'ordered', order_id = $1, order_number = $2, \
             updated_at = $3, version = version + 1 \
         WHERE id = $4 AND status = 'accepted' AND (valid_until IS NULL OR valid_until >= $3)",
    )
    .bind(order_id)
    .bind(order_number)
    .bind(at)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

impl Db {
    /// How many quotations there are.
    pub async fn quotation_count(&self) -> Result<i64, DbError> {
        Ok(
            sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM quotations")
                .fetch_one(self.pool())
                .await?,
        )
    }

    /// One quotation by number, with its lines and history.
    pub async fn quotation(
        &self,
        number: &str,
    ) -> Result<
        Option<(
            QuotationRow,
            Vec<QuotationLineRow>,
            Vec<QuotationHistoryRow>,
        )>,
        DbError,
    > {
        let mut conn = self.pool().acquire().await?;
        let Some(q) = quotation_by_number(&mut conn, number).await? else {
            return Ok(None);
        };
        let lines = lines_of(&mut conn, &q.id).await?;
        let history = history_of(&mut conn, &q.id).await?;
        Ok(Some((q, lines, history)))
    }

    /// Quotations matching `f`, newest first.
    pub async fn quotations(
        &self,
        f: &QuotationFilter<'_>,
    ) -> Result<Vec<QuotationSummaryRow>, DbError> {
        let mut sql = format!("{SUMMARY_SELECT} WHERE 1 = 1");
        let mut n = 0;
        let mut next = || {
            n += 1;
            n
        };
        if f.user_id.is_some() {
            sql.push_str(&format!(" AND q.user_id = ${}", next()));
        }
        if !f.statuses.is_empty() {
            let marks: Vec<String> = f.statuses.iter().map(|_| format!("${}", next())).collect();
            sql.push_str(&format!(" AND q.status IN ({})", marks.join(", ")));
        }
        let search = (!f.search.trim().is_empty()).then(|| crate::like_contains(f.search.trim()));
        if search.is_some() {
            let p = next();
            let customer = if f.user_id.is_none() {
                format!(
                    " OR LOWER(u.email) LIKE ${p} ESCAPE '\\' OR LOWER(u.name) LIKE ${p} ESCAPE '\\' \
                     OR LOWER(COALESCE(u.company, '')) LIKE ${p} ESCAPE '\\'"
                )
            } else {
                String::new()
            };
            sql.push_str(&format!(
                " AND (LOWER(q.number) LIKE ${p} ESCAPE '\\' OR EXISTS (SELECT 1 FROM quotation_lines l \
                   WHERE l.quotation_id = q.id AND (LOWER(l.name) LIKE ${p} ESCAPE '\\' \
                   OR LOWER(l.sku) LIKE ${p} ESCAPE '\\')){customer})"
            ));
        }
        if f.submitted_before.is_some() {
            sql.push_str(&format!(" AND q.submitted_at < ${}", next()));
        }
        let order = if f.user_id.is_some() {
            " ORDER BY q.created_at DESC, q.number DESC"
        } else {
            // The staff queue: the longest waiting first.
            " ORDER BY COALESCE(q.submitted_at, q.created_at), q.number"
        };
        sql.push_str(order);
        sql.push_str(&format!(" LIMIT ${}", next()));
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
        if let Some(uid) = f.user_id {
            query = query.bind(uid);
        }
        for s in f.statuses {
            query = query.bind(*s);
        }
        if let Some(p) = &search {
            query = query.bind(p.clone());
        }
        if let Some(t) = f.submitted_before {
            query = query.bind(t);
        }
        Ok(query.bind(f.limit).fetch_all(self.pool()).await?)
    }

    /// Quotations quoted or accepted whose valid-until has passed (the expiry job).
    pub async fn quotations_past_valid_until(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<String>, DbError> {
        Ok(sqlx::query_scalar(
            "SELECT number FROM quotations \
              WHERE status IN ('quoted', 'accepted') AND valid_until < $1 \
              ORDER BY valid_until LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }
}

impl Db {
    /// Where sales hear of a quotation nobody has opened yet: the sales
    /// staff's addresses (admins when there is no sales person).
    pub async fn sales_team_emails(&self) -> Result<Vec<String>, DbError> {
        let sales: Vec<String> = sqlx::query_scalar(
            "SELECT email FROM users WHERE is_sales = TRUE ORDER BY email LIMIT 20",
        )
        .fetch_all(self.pool())
        .await?;
        if !sales.is_empty() {
            return Ok(sales);
        }
        Ok(sqlx::query_scalar(
            "SELECT email FROM users WHERE is_admin = TRUE ORDER BY email LIMIT 20",
        )
        .fetch_all(self.pool())
        .await?)
    }
}
