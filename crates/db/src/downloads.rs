//! What a customer's paid orders entitle them to download (SPEC §8
//! `/account/download`): the products they bought, whose files they keep,
//! their licence keys' certificates and their eSIMs' QR codes.

use crate::{Db, DbError};
use sqlx::FromRow;

/// Order states in which what was bought is the customer's (paid, not refunded or cancelled).
const OWNED_STATES: &str = "'processing', 'partially_shipped', 'shipped', 'completed'";

/// A product the customer bought, with the latest paid order it came with.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct PurchasedProduct {
    pub product_id: String,
    pub order_number: String,
    pub placed_at: i64,
}

/// A licence key of the buyer, for its certificate.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct CertificateRow {
    pub id: String,
    pub serial: String,
    pub name: String,
    pub created_at: i64,
    pub order_number: String,
}

/// One of the customer's eSIMs, for its QR code.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct EsimQrRow {
    pub iccid: String,
    pub name: String,
    pub created_at: i64,
    pub order_number: Option<String>,
}

impl Db {
    /// The licence keys the customer bought, newest first.
    pub async fn certificates_of(&self, user_id: &str) -> Result<Vec<CertificateRow>, DbError> {
        Ok(sqlx::query_as(
            "SELECT k.id, k.serial, k.name, k.created_at, o.number AS order_number \
             FROM licence_keys k JOIN order_lines l ON l.id = k.order_line_id \
             JOIN orders o ON o.id = l.order_id \
             WHERE k.user_id = $1 AND k.revoked_at IS NULL ORDER BY k.created_at DESC, k.serial",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// The customer's eSIMs, newest first, with the order each came with.
    pub async fn esim_qr_codes_of(&self, user_id: &str) -> Result<Vec<EsimQrRow>, DbError> {
        Ok(sqlx::query_as(
            "SELECT e.iccid, e.name, e.created_at, o.number AS order_number \
             FROM esims e LEFT JOIN order_lines l ON l.id = e.order_line_id \
             LEFT JOIN orders o ON o.id = l.order_id \
             WHERE e.user_id = $1 ORDER BY e.created_at DESC, e.iccid",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Every product on the customer's paid orders, once, newest purchase first.
    pub async fn purchased_products(
        &self,
        user_id: &str,
    ) -> Result<Vec<PurchasedProduct>, DbError> {
        // One row per product: the latest order it came with (a window, not
        // a dedup after reading every line).
        let sql = format!(
            "SELECT product_id, order_number, placed_at FROM (\
               SELECT l.product_id, o.number AS order_number, o.placed_at, l.position AS line_position, \
                 ROW_NUMBER() OVER (PARTITION BY l.product_id \
                   ORDER BY o.placed_at DESC, o.number DESC, l.position) AS nth \
               FROM order_lines l JOIN orders o ON o.id = l.order_id \
               WHERE o.user_id = $1 AND o.status IN ({OWNED_STATES})) latest \
             WHERE nth = 1 ORDER BY placed_at DESC, order_number DESC, line_position"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// The customer's latest `limit` orders, newest first (their invoices).
    pub async fn latest_orders_of(
        &self,
        user_id: &str,
        limit: i64,
    ) -> Result<Vec<crate::orders::OrderRow>, DbError> {
        let sql = format!(
            "SELECT {} FROM orders WHERE user_id = $1 ORDER BY placed_at DESC, number DESC LIMIT $2",
            crate::orders::ORDER_COLUMNS
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .bind(limit)
            .fetch_all(self.pool())
            .await?)
    }

    /// Whether `media_key` is a download of a product on one of the customer's paid orders.
    pub async fn has_purchased_file(
        &self,
        user_id: &str,
        media_key: &str,
    ) -> Result<bool, DbError> {
        let sql = format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM product_downloads d \
             WHERE d.media_key = $2 AND EXISTS (\
               SELECT 1 FROM order_lines l JOIN orders o ON o.id = l.order_id \
               WHERE l.product_id = d.product_id AND o.user_id = $1 AND o.status IN ({OWNED_STATES}))"
        );
        let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .bind(media_key)
            .fetch_one(self.pool())
            .await?;
        Ok(n > 0)
    }
}
