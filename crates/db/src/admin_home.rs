//! What needs staff attention (the `/admin` home, SPEC §15): a handful of
//! counts, each one indexed query.

use crate::{Db, DbError};
use sqlx::Row;

/// The counts the admin home shows; the API shows each role its own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AttentionCounts {
    /// Paid orders with something to ship.
    pub orders_to_ship: i64,
    /// Bank-transfer orders waiting for their money.
    pub bank_transfers_to_confirm: i64,
    /// Quotation requests waiting for an answer (submitted, in review, revision asked).
    pub quotations_waiting: i64,
    /// Credit-terms invoices past their due date and not settled.
    pub overdue_credit_invoices: i64,
    /// Active hardware at or under the low-stock threshold (5) in total.
    pub low_stock_products: i64,
    /// Error issues first seen in the last 24 hours.
    pub new_error_issues: i64,
}

impl Db {
    pub async fn attention_counts(&self, now: i64) -> Result<AttentionCounts, DbError> {
        let count = |sql: &'static str, bind: Option<i64>| async move {
            let mut q = sqlx::query(sql);
            if let Some(b) = bind {
                q = q.bind(b);
            }
            let n: i64 = q.fetch_one(self.pool()).await?.try_get("n")?;
            Ok::<i64, DbError>(n)
        };
        Ok(AttentionCounts {
            orders_to_ship: count(
                "SELECT COUNT(*) AS n FROM orders WHERE status IN ('processing', 'partially_shipped') \
                 AND shipping_method <> 'none'",
                None,
            )
            .await?,
            bank_transfers_to_confirm: count(
                "SELECT COUNT(*) AS n FROM orders WHERE status = 'pending_payment' AND payment_method = 'bank_transfer'",
                None,
            )
            .await?,
            quotations_waiting: count(
                "SELECT COUNT(*) AS n FROM quotations WHERE status IN ('submitted', 'in_review', 'revision_requested')",
                None,
            )
            .await?,
            overdue_credit_invoices: self.overdue_credit_invoices(now, 10_000).await?.len() as i64,
            low_stock_products: count(
                "SELECT COUNT(*) AS n FROM products p WHERE p.product_type = 'hardware' AND p.status = 'active' \
                 AND (SELECT COALESCE(SUM(s.available), 0) FROM stock s WHERE s.product_id = p.id) <= 5",
                None,
            )
            .await?,
            new_error_issues: count(
                "SELECT COUNT(*) AS n FROM error_issues WHERE first_seen >= $1",
                Some(now - 24 * 3_600_000),
            )
            .await?,
        })
    }
}
