//! Delivering one order line: what its product type delivers (SPEC §4.1),
//! in ONE transaction per line together with the device or subscription it
//! changes, so the line is delivered whole or not at all. Every unit is
//! inserted under its unique (line, unit) key first; an insert that changes
//! nothing means that unit was delivered before (a rerun), and a
//! conditional update that loses a race rolls the line back to be tried again.

use super::{esims, licences, plans};
use crate::platform::mail::Mailer;
use crate::read_model::Snapshot;
use crate::read_model::snapshot::Product;
use sqlx::AnyConnection;
use uplink_db::account_area::OutboxRow;
use uplink_db::orders::{OrderLineRow, OrderRow};
use uplink_db::{Db, DbError};
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;

/// How often a line that lost a race is tried again before the order is
/// left for a later attempt.
const ATTEMPTS: usize = 5;

/// Everything a line's delivery reads.
pub struct LineCtx<'a> {
    pub order: &'a OrderRow,
    pub line: &'a OrderLineRow,
    pub product: &'a Product,
    pub snapshot: &'a Snapshot,
    pub mailer: &'a Mailer,
    pub public_url: &'a str,
    pub smdp: &'a str,
    /// Now (unix ms): when things delivered now start.
    pub now: i64,
    /// When the order was paid (unix ms): the purchase date of SPEC §4.2.
    pub purchased: i64,
}

impl LineCtx<'_> {
    pub fn serials(&self) -> Vec<String> {
        serde_json::from_str(&self.line.serials).unwrap_or_default()
    }

    /// The value of one of the line's options by code (e.g. `iccid`).
    pub fn option(&self, code: &str) -> Option<String> {
        let options: Vec<crate::orders::dto::LineOption> =
            serde_json::from_str(&self.line.options).unwrap_or_default();
        options
            .into_iter()
            .find(|o| o.code == code)
            .map(|o| o.value)
    }
}

/// Why a line's transaction stopped.
#[derive(Debug)]
pub enum LineError {
    /// A conditional update lost a race: roll back and try the line again.
    Retry,
    /// The line cannot be delivered (recorded on the line, staff alerted).
    Fail(ErrorCode, String),
    Db(DbError),
}

impl From<DbError> for LineError {
    fn from(e: DbError) -> Self {
        LineError::Db(e)
    }
}
impl From<sqlx::Error> for LineError {
    fn from(e: sqlx::Error) -> Self {
        LineError::Db(e.into())
    }
}

/// What happened to a line.
pub enum LineOutcome {
    Delivered,
    Failed(ErrorCode, String),
}

/// Delivers one line (a no-op when it is no longer awaiting delivery).
/// E-mails the line's delivery produces (to another account's device
/// owner) are recorded in the same transaction and handed to the sender
/// after the commit.
pub async fn deliver_line(db: &Db, ctx: &LineCtx<'_>) -> Result<LineOutcome, DbError> {
    for _ in 0..ATTEMPTS {
        let mut tx = db.begin_write().await?;
        let mut mail = Vec::new();
        match deliver_units(&mut tx, ctx, &mut mail).await {
            Ok(()) => {
                let moved = uplink_db::orders::set_line_delivery(
                    &mut tx,
                    &ctx.order.id,
                    Some(&ctx.line.id),
                    "awaiting_delivery",
                    "delivered",
                )
                .await?;
                if moved == 0 {
                    // Delivered (or cancelled) meanwhile: keep nothing of this run.
                    return Ok(LineOutcome::Delivered);
                }
                for row in &mail {
                    uplink_db::account_area::insert_outbox_in(&mut tx, row).await?;
                }
                tx.commit().await?;
                for row in &mail {
                    ctx.mailer.recorded(row);
                }
                return Ok(LineOutcome::Delivered);
            }
            Err(LineError::Retry) => continue,
            Err(LineError::Fail(code, why)) => return Ok(LineOutcome::Failed(code, why)),
            Err(LineError::Db(e)) => return Err(e),
        }
    }
    Err(DbError::Sqlx(sqlx::Error::Protocol(format!(
        "line {} kept losing races; left for the next attempt",
        ctx.line.id
    ))))
}

/// The units of a line by its product type.
async fn deliver_units(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    mail: &mut Vec<OutboxRow>,
) -> Result<(), LineError> {
    match ctx.product.product_type {
        ProductType::License => {
            for serial in ctx.serials() {
                let device = licences::deliver_key(tx, ctx, &serial, mail).await?;
                if licences::is_care_plan(ctx.snapshot, ctx.product) {
                    licences::extend_warranty(tx, ctx, &device).await?;
                }
            }
            if let Some(family) = plans::licence_plan_family(ctx.product) {
                plans::apply_to_serials(tx, ctx, family).await?;
            }
        }
        ProductType::Cloud | ProductType::CloudConnect | ProductType::CloudUnlimited => {
            for serial in ctx.serials() {
                licences::ensure_device(tx, ctx, &serial).await?;
            }
            plans::apply_to_serials(tx, ctx, ctx.product.product_type.as_str()).await?;
        }
        ProductType::Esim => esims::issue_profiles(tx, ctx).await?,
        ProductType::EsimData => esims::top_up(tx, ctx).await?,
        ProductType::EsimDataPool => esims::create_pool(tx, ctx).await?,
        ProductType::Hardware | ProductType::Configurable => {}
    }
    Ok(())
}

/// Unix ms of the start of `date` (UTC).
pub fn ms_of_date(date: time::Date) -> i64 {
    (date.midnight().assume_utc().unix_timestamp_nanos() / 1_000_000) as i64
}

/// The UTC date of `ms`.
pub fn date_of_ms(ms: i64) -> time::Date {
    datetime_of_ms(ms).date()
}

pub fn datetime_of_ms(ms: i64) -> time::OffsetDateTime {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

pub fn ms_of_datetime(t: time::OffsetDateTime) -> i64 {
    (t.unix_timestamp_nanos() / 1_000_000) as i64
}
