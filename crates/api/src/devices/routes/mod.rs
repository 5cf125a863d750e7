//! One file per device operation (saved cards keep their three together).

pub mod add_device;
pub mod get_device;
pub mod import_incontrol;
pub mod list_devices;
pub mod list_esims;
pub mod list_subscriptions;
pub mod payment_methods;
pub mod plan_preview;
pub mod remove_device;
pub mod set_auto_renew;
pub mod update_device;

use crate::http::error::{ApiError, ApiResult};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::serial::Serial;

/// The `{serial}` of a path, normalised (`ab12cd34ef56` → `AB12-CD34-EF56`).
pub(crate) fn path_serial(raw: &str) -> ApiResult<Serial> {
    Serial::parse(raw)
        .map_err(|e| ApiError::field("serial", ErrorCode::InvalidSerial, e.to_string()))
}

/// Another customer's device, or none: the same answer.
pub(crate) fn no_device() -> ApiError {
    ApiError::not_found("This device")
        .with_detail("This device is not on your account. Add it by its serial number first.")
}

/// Text with control characters (a NUL byte cannot even be stored by
/// PostgreSQL) is no id, token or search anyone typed.
pub(crate) fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}
