//! What the usage endpoints send and accept.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a monitored item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UsageItemKind {
    Subscription,
    Esim,
    Pool,
}

/// A low-data alert threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    /// Remaining data at or below this percentage of the allowance.
    Percent,
    /// Remaining data at or below this many MB.
    Mb,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UsageAlert {
    pub kind: AlertKind,
    /// Percent (1–99) or MB.
    pub value: i64,
    /// True when remaining data is at or below the threshold now.
    pub reached: bool,
    /// When the last low-data e-mail went out (RFC 3339).
    pub last_sent_at: Option<String>,
}

/// The product that tops the item up, with the custom option to fill in.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UsageTopUp {
    pub sku: String,
    pub name: String,
    /// `serial_numbers` (a cloud or data plan) or `iccid` (an eSIM data bundle).
    pub option_code: String,
    /// The device serial or the ICCID.
    pub option_value: String,
}

/// SpeedFusion Cloud management (products labelled `SFC Management`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SfcState {
    /// RFC 3339.
    pub expires_at: String,
    pub auto_renew: bool,
    /// `card` or `credit_terms` while auto-renewal is on.
    pub auto_renew_method: Option<String>,
}

/// A subscription, eSIM or data pool whose product carries `Connectivity Usage Record`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UsageItem {
    /// Subscription id, ICCID or pool id.
    pub id: String,
    pub kind: UsageItemKind,
    pub name: String,
    pub sku: String,
    /// Subscriptions: the device's serial.
    pub serial: Option<String>,
    /// Subscriptions: the device's name.
    pub device_name: Option<String>,
    /// eSIMs: the ICCID.
    pub iccid: Option<String>,
    /// Pools: the member eSIMs' ICCIDs.
    pub members: Vec<String>,
    pub unlimited: bool,
    /// Null when unlimited.
    pub allowance_mb: Option<i64>,
    pub used_mb: i64,
    /// Never below zero; null when unlimited.
    pub remaining_mb: Option<i64>,
    /// RFC 3339.
    pub period_start: String,
    /// RFC 3339; null when it does not end.
    pub period_end: Option<String>,
    /// The day data runs out at the last 7 days' rate (`YYYY-MM-DD`); null
    /// when nothing was used lately or the item is unlimited.
    pub run_out_on: Option<String>,
    pub alert: Option<UsageAlert>,
    pub top_up: Option<UsageTopUp>,
    pub sfc: Option<SfcState>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageList {
    /// Today (UTC), `YYYY-MM-DD`.
    pub today: String,
    pub items: Vec<UsageItem>,
}

/// One day's usage.
#[derive(Debug, Serialize, ToSchema)]
pub struct UsageDay {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub bytes_up: i64,
    pub bytes_down: i64,
    pub bytes: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DailyUsage {
    pub id: String,
    /// Oldest first, ending today, one entry per day (days without use are 0).
    pub days: Vec<UsageDay>,
}

/// Sets or turns off an item's low-data alert.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetUsageAlert {
    /// Remaining data at or below `value` percent (1–99) of the allowance.
    Percent { value: i64 },
    /// Remaining data at or below `value` MB (1 up to the allowance).
    Mb { value: i64 },
    /// No alert.
    Off,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageAlertResult {
    pub alert: Option<UsageAlert>,
}

// ----- intake -----

/// A usage record: name exactly one of `subscription` and `iccid`.
#[derive(Debug, Deserialize, ToSchema)]
#[allow(dead_code)] // documents the body; records are checked field by field
pub struct UsageRecordIn {
    /// Your id for the record (1–128 of A–Z a–z 0–9 . _ : -); a repeat is counted once.
    pub record_id: String,
    /// A subscription id (`sub_…`).
    pub subscription: Option<String>,
    /// An eSIM's ICCID.
    pub iccid: Option<String>,
    /// RFC 3339.
    pub period_start: String,
    /// RFC 3339, not before `period_start`, at most 31 days after it.
    pub period_end: String,
    pub bytes_up: i64,
    pub bytes_down: i64,
}

/// One record, or a batch of up to 1,000.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum UsageIntakeRequest {
    One(UsageRecordIn),
    Batch(Vec<UsageRecordIn>),
}

/// What became of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecordStatus {
    Accepted,
    /// Taken before with the same values; counted once.
    Duplicate,
    Refused,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageRecordAccepted {
    pub record_id: String,
    pub status: RecordStatus,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageRecordResult {
    /// Position in the batch, from 0.
    pub index: usize,
    /// Null when the record had no usable id.
    pub record_id: Option<String>,
    pub status: RecordStatus,
    /// Refused records: `validation_failed`, `invalid_iccid`, `not_found` or `usage_record_conflict`.
    pub code: Option<String>,
    pub message: Option<String>,
    pub errors: Vec<crate::http::error::FieldError>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageBatchResult {
    pub accepted: usize,
    pub duplicates: usize,
    pub refused: usize,
    pub results: Vec<UsageRecordResult>,
}

// ----- integration keys -----

#[derive(Debug, Serialize, ToSchema)]
pub struct IntegrationKey {
    pub id: String,
    pub name: String,
    /// The key's first characters, to tell keys apart.
    pub prefix: String,
    /// RFC 3339.
    pub created_at: String,
    /// The admin's e-mail.
    pub created_by: String,
    pub last_used_at: Option<String>,
    pub revoked_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IntegrationKeyList {
    /// Newest first; revoked keys stay listed.
    pub keys: Vec<IntegrationKey>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewIntegrationKey {
    /// What the key is for, 1–80 characters.
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedIntegrationKey {
    pub key: IntegrationKey,
    /// The key itself, shown this once: send it as `Authorization: Bearer <secret>`.
    pub secret: String,
}
