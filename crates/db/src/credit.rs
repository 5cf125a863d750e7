//! The credit-terms ledger (SPEC §6 Credit Terms Payment, D65, D96): Allocated,
//! Purchased, Reimbursed, Refunded and Reverted entries per customer, what the
//! customer owes from them, the invoices still open and those past due.
//! Checkout locks the account and re-reads the balance inside the order's
//! transaction (`&mut AnyConnection`), so two orders of one customer cannot
//! both spend the same credit; staff changes take the same lock.

use crate::accounts::CreditTerms;
use crate::{Db, DbError};
use sqlx::{AnyConnection, FromRow};
use uplink_domain::checkout::credit::CreditEntryKind;

/// One ledger entry with the number of the order it concerns.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct CreditEntryRow {
    pub id: String,
    pub user_id: String,
    pub kind: String,
    pub amount_cents: i64,
    pub order_id: Option<String>,
    pub order_number: Option<String>,
    pub note: String,
    /// Who made the entry: a staff e-mail, `checkout`, `system`.
    pub actor: String,
    /// Purchased entries: when the invoice falls due.
    pub due_at: Option<i64>,
    pub created_at: i64,
}

/// An entry to write.
#[derive(Debug, Clone, Copy)]
pub struct NewCreditEntry<'a> {
    pub user_id: &'a str,
    pub kind: CreditEntryKind,
    pub amount_cents: i64,
    pub order_id: Option<&'a str>,
    pub note: &'a str,
    pub actor: &'a str,
    pub due_at: Option<i64>,
    pub created_at: i64,
}

/// A credit-terms order seen as an invoice: what it put on the account, what
/// has been settled against it (paid, refunded, reverted) and when it is due.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct CreditInvoiceRow {
    pub order_id: String,
    pub order_number: String,
    pub order_status: String,
    pub user_id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
    pub invoiced_cents: i64,
    pub settled_cents: i64,
    pub due_at: i64,
    pub placed_at: i64,
}

impl CreditInvoiceRow {
    pub fn outstanding_cents(&self) -> i64 {
        self.invoiced_cents
            .saturating_sub(self.settled_cents)
            .max(0)
    }
}

/// A customer as the staff's customer list shows them, with what they owe.
#[derive(Debug, Clone, FromRow, PartialEq)]
pub struct StaffCustomerRow {
    pub id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
    pub country: String,
    pub credit_limit_cents: Option<i64>,
    pub payment_terms_days: Option<i64>,
    #[sqlx(try_from = "crate::Flag")]
    pub may_exceed_limit: bool,
    pub owed_cents: i64,
}

const DAY_MS: i64 = 86_400_000;

/// What an entry does to the amount owed, in SQL.
const OWED_SUM: &str = "CAST(COALESCE(SUM(CASE l.kind WHEN 'Purchased' THEN l.amount_cents \
     WHEN 'Allocated' THEN 0 ELSE -l.amount_cents END), 0) AS BIGINT)";

const INVOICE_SELECT: &str = "SELECT * FROM ( \
     SELECT p.order_id, o.number AS order_number, o.status AS order_status, p.user_id, \
            u.email, u.name, u.company, p.amount_cents AS invoiced_cents, \
            CAST(COALESCE((SELECT SUM(s.amount_cents) FROM credit_ledger s \
               WHERE s.order_id = p.order_id AND s.kind <> 'Purchased' AND s.kind <> 'Allocated'), 0) AS BIGINT) \
              AS settled_cents, \
            COALESCE(p.due_at, p.created_at) AS due_at, o.placed_at \
       FROM credit_ledger p \
       JOIN orders o ON o.id = p.order_id \
       JOIN users u ON u.id = p.user_id \
      WHERE p.kind = 'Purchased'";

/// Locks the account row (PostgreSQL) so credit checks of one customer run one at a time.
pub async fn lock_user(conn: &mut AnyConnection, user_id: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn insert_credit_entry(
    conn: &mut AnyConnection,
    e: &NewCreditEntry<'_>,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO credit_ledger (id, user_id, kind, amount_cents, order_id, note, actor, due_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(uplink_domain::ids::new_id("crd"))
    .bind(e.user_id)
    .bind(e.kind.as_str())
    .bind(e.amount_cents)
    .bind(e.order_id)
    .bind(e.note)
    .bind(e.actor)
    .bind(e.due_at)
    .bind(e.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// When an invoice placed at `placed_at` on `days` of terms falls due.
pub fn due_after(placed_at: i64, days: i64) -> i64 {
    placed_at.saturating_add(days.saturating_mul(DAY_MS))
}

/// Sets (or with `None` withdraws) an account's credit terms and records the
/// change as an Allocated entry carrying the new limit. The caller holds the
/// account's lock ([`lock_user`]) in the same transaction.
pub async fn allocate(
    conn: &mut AnyConnection,
    user_id: &str,
    terms: Option<&CreditTerms>,
    by: (&str, &str),
    at: i64,
) -> Result<(), DbError> {
    let (actor, note) = by;
    sqlx::query(
        "UPDATE users SET credit_limit_cents = $2, payment_terms_days = $3,
             may_exceed_limit = $4, updated_at = $5
         WHERE id = $1",
    )
    .bind(user_id)
    .bind(terms.map(|t| t.credit_limit_cents))
    .bind(terms.map(|t| t.payment_terms_days))
    .bind(terms.is_some_and(|t| t.may_exceed_limit))
    .bind(at)
    .execute(&mut *conn)
    .await?;
    let entry = NewCreditEntry {
        user_id,
        kind: CreditEntryKind::Allocated,
        amount_cents: terms.map_or(0, |t| t.credit_limit_cents),
        order_id: None,
        note,
        actor,
        due_at: None,
        created_at: at,
    };
    insert_credit_entry(conn, &entry).await
}

/// What the customer owes on credit terms: Purchased − (Reimbursed + Refunded + Reverted).
pub async fn credit_owed(conn: &mut AnyConnection, user_id: &str) -> Result<i64, DbError> {
    let owed: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT {OWED_SUM} FROM credit_ledger l WHERE l.user_id = $1"
    )))
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(owed.unwrap_or(0))
}

/// One order's credit invoice (inside a transaction), `None` when the order
/// was not bought on credit terms.
pub async fn invoice_in(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<Option<CreditInvoiceRow>, DbError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{INVOICE_SELECT} AND p.order_id = $1) t"
    )))
    .bind(order_id)
    .fetch_optional(conn)
    .await?)
}

impl Db {
    /// Sets or withdraws credit terms outside a staff request (seed, tests),
    /// recorded like a staff change as an Allocated entry by `system`.
    pub async fn set_credit_terms(
        &self,
        user_id: &str,
        terms: Option<&CreditTerms>,
    ) -> Result<(), DbError> {
        let mut tx = self.begin_write().await?;
        lock_user(&mut tx, user_id).await?;
        let note = if terms.is_some() {
            "Credit terms approved"
        } else {
            "Credit terms withdrawn"
        };
        allocate(&mut tx, user_id, terms, ("system", note), crate::now_ms()).await?;
        tx.commit().await?;
        self.accounts_changed();
        Ok(())
    }

    /// The whole history of one account, oldest first (the running balance is
    /// folded over it from the start).
    pub async fn credit_history(&self, user_id: &str) -> Result<Vec<CreditEntryRow>, DbError> {
        Ok(sqlx::query_as(
            "SELECT l.id, l.user_id, l.kind, l.amount_cents, l.order_id, o.number AS order_number, \
                    l.note, l.actor, l.due_at, l.created_at \
               FROM credit_ledger l LEFT JOIN orders o ON o.id = l.order_id \
              WHERE l.user_id = $1 ORDER BY l.created_at, l.id",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// The newest `limit` entries of one account, newest first.
    pub async fn credit_entries(
        &self,
        user_id: &str,
        limit: i64,
    ) -> Result<Vec<CreditEntryRow>, DbError> {
        Ok(sqlx::query_as(
            "SELECT l.id, l.user_id, l.kind, l.amount_cents, l.order_id, o.number AS order_number, \
                    l.note, l.actor, l.due_at, l.created_at \
               FROM credit_ledger l LEFT JOIN orders o ON o.id = l.order_id \
              WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    pub async fn credit_owed(&self, user_id: &str) -> Result<i64, DbError> {
        let mut conn = self.pool().acquire().await?;
        credit_owed(&mut conn, user_id).await
    }

    /// One account's credit-terms invoices with something still to pay, by due date.
    pub async fn open_credit_invoices(
        &self,
        user_id: &str,
    ) -> Result<Vec<CreditInvoiceRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{INVOICE_SELECT} AND p.user_id = $1) t \
             WHERE t.invoiced_cents > t.settled_cents ORDER BY t.due_at, t.order_number"
        )))
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Every customer's credit-terms invoices past their due date and not
    /// fully paid, the longest overdue first.
    pub async fn overdue_credit_invoices(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<CreditInvoiceRow>, DbError> {
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{INVOICE_SELECT} AND p.due_at < $1) t \
             WHERE t.invoiced_cents > t.settled_cents ORDER BY t.due_at, t.order_number LIMIT $2"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    /// Customers matching `search` (e-mail, name or company; all when empty),
    /// accounts with credit terms first, with what each owes.
    pub async fn staff_customers(
        &self,
        search: &str,
        with_terms_only: bool,
        limit: i64,
    ) -> Result<Vec<StaffCustomerRow>, DbError> {
        let pattern = crate::like_contains(search.trim());
        let terms = if with_terms_only {
            " AND u.credit_limit_cents IS NOT NULL"
        } else {
            ""
        };
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT u.id, u.email, u.name, u.company, u.country, u.credit_limit_cents, \
                    u.payment_terms_days, u.may_exceed_limit, {OWED_SUM} AS owed_cents \
               FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id \
              WHERE u.deleted_at IS NULL AND u.is_customer = $3{terms} \
                AND (LOWER(u.email) LIKE $1 ESCAPE '\\' OR LOWER(u.name) LIKE $1 ESCAPE '\\' \
                     OR LOWER(COALESCE(u.company, '')) LIKE $1 ESCAPE '\\') \
              GROUP BY u.id, u.email, u.name, u.company, u.country, u.credit_limit_cents, \
                       u.payment_terms_days, u.may_exceed_limit \
              ORDER BY CASE WHEN u.credit_limit_cents IS NULL THEN 1 ELSE 0 END, u.email \
              LIMIT $2"
        )))
        .bind(pattern)
        .bind(limit)
        .bind(true)
        .fetch_all(self.pool())
        .await?)
    }
}
