//! Registering serials to an account: the serial normalised and its model
//! found in the catalogue's model table, the standard 12-month warranty from
//! the registration day, one owner per serial.

use crate::http::error::{ApiError, ApiResult};
use crate::read_model::Snapshot;
use axum::http::StatusCode;
use uplink_db::Db;
use uplink_db::devices::{AddDevice, NewDevice};
use uplink_domain::devices::standard_warranty_end_ms;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::serial::{DeviceModel, Serial};

/// Longest device name kept.
pub const MAX_NAME_CHARS: usize = 80;

/// A serial as typed, normalised, with its model.
pub struct Resolved {
    pub serial: Serial,
    pub model: DeviceModel,
}

/// Why a serial cannot be registered, before any storage is involved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unusable {
    Invalid,
    UnknownModel,
}

/// Normalises `raw` and finds its model.
pub fn resolve(snap: &Snapshot, raw: &str) -> Result<Resolved, Unusable> {
    let serial = Serial::parse(raw).map_err(|_| Unusable::Invalid)?;
    let model = snap
        .model_by_prefix(serial.prefix())
        .ok_or(Unusable::UnknownModel)?
        .clone();
    Ok(Resolved { serial, model })
}

/// [`resolve`], with the API's errors on field `field`.
pub fn resolve_field(snap: &Snapshot, raw: &str, field: &str) -> ApiResult<Resolved> {
    resolve(snap, raw).map_err(|why| match why {
        Unusable::Invalid => ApiError::field(
            field,
            ErrorCode::InvalidSerial,
            "Serial numbers look like XXXX-XXXX-XXXX: 12 letters and digits, on the label under the device.",
        ),
        Unusable::UnknownModel => ApiError::field(
            field,
            ErrorCode::UnknownSerial,
            "This serial does not belong to a device model we know; check the label under the device.",
        ),
    })
}

/// A device name: trimmed, at most [`MAX_NAME_CHARS`], no control characters.
pub fn clean_name(raw: Option<&str>) -> ApiResult<String> {
    let name = raw.unwrap_or_default().trim();
    if name.chars().any(char::is_control) {
        return Err(ApiError::field(
            "name",
            ErrorCode::ValidationFailed,
            "A device name is one line of text.",
        ));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::field(
            "name",
            ErrorCode::ValidationFailed,
            format!("Keep the name to {MAX_NAME_CHARS} characters."),
        ));
    }
    Ok(name.to_owned())
}

/// Registers a resolved serial to `user_id` now, with the standard warranty.
pub async fn register(
    db: &Db,
    user_id: &str,
    device: &Resolved,
    name: &str,
    source: &str,
) -> ApiResult<AddDevice> {
    let now = uplink_db::now_ms();
    Ok(db
        .add_device(&NewDevice {
            serial: device.serial.as_str(),
            user_id,
            model_code: &device.model.code,
            name,
            prime: device.model.prime,
            source,
            registered_at: now,
            warranty_ends_at: standard_warranty_end_ms(now),
        })
        .await?)
}

/// `serial_registered_elsewhere`: says nothing about who holds it.
pub fn held_elsewhere(serial: &Serial) -> ApiError {
    ApiError::field(
        "serial",
        ErrorCode::SerialRegisteredElsewhere,
        format!(
            "{serial} is registered to another account. If the device is yours, ask its previous owner to remove it, or contact support with your proof of purchase."
        ),
    )
    .with_status(StatusCode::CONFLICT)
}
