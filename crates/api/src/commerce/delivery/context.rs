//! What delivering one line reads and how it can stop: the line's
//! context, its error, and the date arithmetic in unix milliseconds.

use crate::platform::mail::Mailer;
use crate::read_model::Snapshot;
use crate::read_model::snapshot::Product;
use uplink_db::DbError;
use uplink_db::delivery::DeviceRef;
use uplink_db::orders::{OrderLineRow, OrderRow};
use uplink_domain::error_code::ErrorCode;

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
    /// Not the order's first attempt (an earlier one committed, or failed
    /// and was counted), so a unit looks for itself before it is written.
    /// On the first attempt nothing can exist yet — an order's lines are
    /// delivered in one transaction, claim included — and those reads are
    /// skipped (the unique keys still refuse a second copy).
    pub rerun: bool,
    /// The devices the order's earlier lines read or registered in this
    /// transaction, as those lines left them (D126).
    pub devices: &'a [DeviceRef],
}

impl LineCtx<'_> {
    /// Whose the deliverables become: the order's recipient (the pavilion's
    /// end customer), else the buyer.
    pub fn owner(&self) -> &str {
        self.order
            .recipient_user_id
            .as_deref()
            .unwrap_or(&self.order.user_id)
    }

    pub fn serials(&self) -> Vec<String> {
        serde_json::from_str(&self.line.serials).unwrap_or_default()
    }

    /// The value of one of the line's options by code (e.g. `iccid`).
    pub fn option(&self, code: &str) -> Option<String> {
        let options: Vec<crate::commerce::orders::dto::LineOption> =
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
