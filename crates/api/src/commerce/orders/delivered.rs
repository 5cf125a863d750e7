//! What a delivered order line shows (SPEC §7): keys with their
//! certificate, warranty extensions, subscriptions, eSIMs with their QR
//! code, top-ups and pools; and the delivery state of an order.

use serde::Serialize;
use utoipa::ToSchema;

/// Where an order's digital lines are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryState {
    /// Paid (or waiting for payment) and not delivered yet.
    Pending,
    /// Every digital line delivered.
    Delivered,
    /// A line could not be delivered; staff were alerted.
    Failed,
}

/// A licence key attached to a device.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LicenceKeyDto {
    pub id: String,
    #[schema(example = "1824-A1B2-C3D4")]
    pub serial: String,
    #[schema(example = "UPL-7KQ2M-X9D4H-3WCNP-R8T6V")]
    pub key: String,
    pub starts_at: String,
    /// `null`: for the lifetime of the device.
    pub ends_at: Option<String>,
    /// The licence certificate (PDF), for the buyer.
    pub certificate_url: String,
}

/// A device's coverage extended by a warranty or care plan (SPEC §4.2).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WarrantyExtensionDto {
    pub serial: String,
    /// The coverage before (end date, YYYY-MM-DD).
    pub previous_end: String,
    /// The renewal's first day (the day after the old end when renewed in time).
    pub starts_on: String,
    /// The new end of coverage.
    pub ends_on: String,
}

/// A subscription created or extended by a plan (SPEC §4.3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlanDeliveryDto {
    pub serial: String,
    /// `cloud`, `cloud-connect`, `cloud-unlimited` or `data-plan`.
    pub family: String,
    /// Remaining data carried from the active plan (MB; `null`: none or unlimited).
    pub carried_mb: Option<i64>,
    /// Expiry before this plan (`null`: a new subscription).
    pub previous_expiry: Option<String>,
    /// Expiry this plan set.
    pub expires_at: String,
    /// The subscription now: data bought in total (`null`: unlimited), used, and expiry.
    pub allowance_mb: Option<i64>,
    pub used_mb: i64,
    pub current_expiry: String,
}

/// An eSIM profile.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EsimDeliveryDto {
    #[schema(example = "8988247012345678903")]
    pub iccid: String,
    #[schema(example = "LPA:1$smdp.uplink.example$K2D4F-8HJ3Q-ZX7WP-4MNB6-T9RC2")]
    pub activation_code: String,
    /// PNG of the activation code's QR code, for the buyer.
    pub qr_url: String,
}

/// Data added to an eSIM.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TopupDto {
    pub iccid: String,
    pub data_mb: i64,
    pub expires_at: Option<String>,
}

/// A data pool shared by eSIMs.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PoolDto {
    pub id: String,
    pub name: String,
    pub allowance_mb: i64,
    pub used_mb: i64,
    pub expires_at: Option<String>,
    /// ICCIDs of the member eSIMs.
    pub members: Vec<String>,
}

/// What one digital line delivered (empty until it is delivered).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct LineDeliverables {
    pub licence_keys: Vec<LicenceKeyDto>,
    pub warranty_extensions: Vec<WarrantyExtensionDto>,
    pub subscriptions: Vec<PlanDeliveryDto>,
    pub esims: Vec<EsimDeliveryDto>,
    pub topups: Vec<TopupDto>,
    pub pool: Option<PoolDto>,
}

impl LineDeliverables {
    pub fn is_empty(&self) -> bool {
        self.licence_keys.is_empty()
            && self.warranty_extensions.is_empty()
            && self.subscriptions.is_empty()
            && self.esims.is_empty()
            && self.topups.is_empty()
            && self.pool.is_none()
    }
}

pub fn certificate_url(key_id: &str) -> String {
    format!("/api/v1/me/licences/{key_id}/certificate.pdf")
}

pub fn qr_url(iccid: &str) -> String {
    format!("/api/v1/me/esims/{iccid}/qr.png")
}
