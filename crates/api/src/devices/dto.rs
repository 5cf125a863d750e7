//! The answers device routes share: a device with what delivery attached to
//! it, saved cards, subscriptions and eSIMs.

use crate::platform::timefmt::rfc3339;
use serde::Serialize;
use uplink_db::devices::{
    DeviceRow, EsimRow, LicenceKeyRow, PaymentMethodRow, SubscriptionRow, WarrantyExtensionRow,
};
use uplink_domain::devices::WarrantyState;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ModelRef {
    /// Model code used by product eligibility, e.g. `BR1-MINI`.
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Device {
    /// `XXXX-XXXX-XXXX`.
    pub serial: String,
    pub model: ModelRef,
    /// The customer's own name for the device; empty when none was given.
    pub name: String,
    /// Prime device: prime care plans apply, ordinary licences and warranties do not.
    pub prime: bool,
    /// RFC 3339.
    pub registered_at: String,
    /// 00:00 UTC of the last covered day (RFC 3339).
    pub warranty_ends_at: String,
    #[schema(value_type = String, example = "active")]
    /// `active`, `expiring` (ends within 60 days), `grace` (ended ≤ 30 days ago:
    /// a renewal continues without a gap) or `expired`.
    pub warranty_state: WarrantyState,
    /// How the device was added: `manual`, `incontrol`, `order` or `demo`.
    pub source: String,
    pub auto_renew: AutoRenew,
    pub licences: Vec<Licence>,
    pub subscriptions: Vec<Subscription>,
    pub warranty_extensions: Vec<WarrantyExtension>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AutoRenew {
    pub enabled: bool,
    /// `card` or `credit_terms` while enabled.
    pub method: Option<String>,
    /// The saved card renewals pay with (method `card`).
    pub card: Option<SavedCard>,
    /// The last renewal attempt that failed, shown until one succeeds.
    pub last_failure: Option<RenewFailure>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RenewFailure {
    /// RFC 3339.
    pub at: String,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Licence {
    pub key: String,
    pub sku: String,
    pub name: String,
    /// RFC 3339.
    pub starts_at: String,
    /// RFC 3339; absent for perpetual licences.
    pub ends_at: Option<String>,
    /// The order that bought it, when the caller bought it (another buyer's
    /// order is not shown to the device's owner).
    pub order_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WarrantyExtension {
    pub sku: String,
    pub name: String,
    /// RFC 3339.
    pub starts_at: String,
    /// RFC 3339.
    pub ends_at: String,
    /// The caller's order, as for licences.
    pub order_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Subscription {
    /// What SFC referral rewards are redeemed onto (`POST /me/rewards/sfc-redemption`).
    pub id: String,
    pub serial: String,
    /// `cloud`, `cloud-connect` or `cloud-unlimited`.
    pub family: String,
    /// The last plan bought.
    pub sku: String,
    pub name: String,
    /// Data bought in total; absent for unlimited plans.
    pub allowance_mb: Option<i64>,
    pub used_mb: i64,
    /// Absent for unlimited plans.
    pub remaining_mb: Option<i64>,
    /// RFC 3339.
    pub expires_at: String,
    /// Not yet expired.
    pub active: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Esim {
    /// 19–20 digits.
    pub iccid: String,
    pub name: String,
    /// `LPA:1$<smdp>$<matching id>`: what a phone's "add eSIM" asks for.
    pub activation_code: String,
    /// The QR code of the activation code (PNG).
    pub qr_url: String,
    pub data_mb: i64,
    pub used_mb: i64,
    pub remaining_mb: i64,
    /// RFC 3339; absent while the data does not expire.
    pub expires_at: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SavedCard {
    pub id: String,
    /// `Visa`, `Mastercard`, …
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    /// RFC 3339.
    pub created_at: String,
}

impl SavedCard {
    pub fn from_row(r: &PaymentMethodRow) -> SavedCard {
        SavedCard {
            id: r.id.clone(),
            brand: r.brand.clone(),
            last4: r.last4.clone(),
            exp_month: r.exp_month,
            exp_year: r.exp_year,
            created_at: rfc3339(r.created_at),
        }
    }
}

impl Licence {
    /// `caller` sees the order number only of their own purchases.
    pub fn from_row(r: &LicenceKeyRow, caller: &str) -> Licence {
        Licence {
            key: r.licence_key.clone(),
            sku: r.sku.clone(),
            name: r.name.clone(),
            starts_at: rfc3339(r.starts_at),
            ends_at: r.ends_at.map(rfc3339),
            order_number: r.order_number.clone().filter(|_| r.user_id == caller),
        }
    }
}

impl WarrantyExtension {
    pub fn from_row(r: &WarrantyExtensionRow, caller: &str) -> WarrantyExtension {
        WarrantyExtension {
            sku: r.sku.clone(),
            name: r.name.clone(),
            starts_at: rfc3339(r.starts_at),
            ends_at: rfc3339(r.ends_at),
            order_number: r.order_number.clone().filter(|_| r.user_id == caller),
        }
    }
}

impl Subscription {
    pub fn from_row(r: &SubscriptionRow, now: i64) -> Subscription {
        Subscription {
            id: r.id.clone(),
            serial: r.serial.clone(),
            family: r.family.clone(),
            sku: r.sku.clone(),
            name: r.name.clone(),
            allowance_mb: r.allowance_mb,
            used_mb: r.used_mb,
            remaining_mb: r.allowance_mb.map(|a| a.saturating_sub(r.used_mb).max(0)),
            expires_at: rfc3339(r.expires_at),
            active: r.expires_at > now,
        }
    }
}

impl Esim {
    pub fn from_row(r: &EsimRow) -> Esim {
        Esim {
            iccid: r.iccid.clone(),
            name: r.name.clone(),
            activation_code: r.activation_code.clone(),
            qr_url: format!("/api/v1/me/esims/{}/qr.png", r.iccid),
            data_mb: r.data_mb,
            used_mb: r.used_mb,
            remaining_mb: r.data_mb.saturating_sub(r.used_mb).max(0),
            expires_at: r.expires_at.map(rfc3339),
            created_at: rfc3339(r.created_at),
        }
    }
}

impl AutoRenew {
    pub fn from_row(d: &DeviceRow, cards: &[PaymentMethodRow]) -> AutoRenew {
        AutoRenew {
            enabled: d.auto_renew,
            method: d.renew_method.clone().filter(|_| d.auto_renew),
            card: d
                .renew_card_id
                .as_deref()
                .and_then(|id| cards.iter().find(|c| c.id == id))
                .map(SavedCard::from_row),
            last_failure: match (d.renew_failed_at, &d.renew_failure) {
                (Some(at), Some(reason)) => Some(RenewFailure {
                    at: rfc3339(at),
                    reason: reason.clone(),
                }),
                _ => None,
            },
        }
    }
}
