//! Importing a customer's devices from InControl (SPEC §8): when the account
//! is linked (D28), the InControl API lists the devices the InControl account
//! manages and each serial is registered here like a manual add, with source
//! `incontrol`. Runs when the account is linked and on demand.
//!
//! The InControl side: `GET {UPLINK_INCONTROL_API_URL}/rest/o/devices` with
//! the linked account's bearer token, answering
//! `{"data": [{"sn": "1824-ABCD-0001", "name": "Van 12", "product_code": "BR1-MINI"}]}`
//! (`response` instead of `data`, as InControl's other endpoints wrap their
//! answers, is read too). Only `sn` is required; the model always comes from
//! the serial's prefix, never from `product_code`.

use crate::devices::registry::{self, clean_name};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::platform::config::InControlConfig;
use crate::platform::oidc::http_client;
use serde::Serialize;
use serde_json::Value;
use uplink_db::devices::AddDevice;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// Devices read from one InControl answer at most.
pub const MAX_IMPORTED: usize = 5000;

/// What an import did, device by device.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImportSummary {
    /// Registered to the account now.
    pub imported: u32,
    /// Already on the account.
    pub already_yours: u32,
    /// Registered to another account: skipped.
    pub held_elsewhere: u32,
    /// Not a serial, or of a model this store does not know: skipped.
    pub invalid: u32,
}

/// One device as InControl lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteDevice {
    pub serial: String,
    pub name: String,
}

fn unavailable(detail: &str, cause: impl std::fmt::Display) -> ApiError {
    tracing::warn!(error = %cause, "InControl device import: {detail}");
    ApiError::new(ErrorCode::IncontrolUnavailable).with_detail(detail)
}

/// Imports the devices of the InControl account linked to `user_id`.
pub async fn import_linked(state: &AppState, user_id: &str) -> ApiResult<ImportSummary> {
    let cfg = state.config.auth.incontrol.clone().ok_or_else(|| {
        ApiError::not_found("InControl").with_detail("InControl is not configured on this store.")
    })?;
    let link = state.db.incontrol_link(user_id).await?.ok_or_else(|| {
        ApiError::not_found("The InControl link")
            .with_detail("Link your InControl account first (Account settings → InControl).")
    })?;
    let secrets = state.secret_box().await.map_err(ApiError::internal)?;
    let token = secrets
        .open(&link.access_token_enc)
        .map_err(ApiError::internal)?;
    import_with_token(state, &cfg, user_id, &token).await
}

/// The hook run when an account links InControl (wired in `crate::hooks`):
/// its devices come along at once (SPEC §8).
pub fn import_on_link<'a>(
    state: &'a AppState,
    user_id: &'a str,
    access_token: &'a str,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = ApiResult<()>> + Send + 'a>> {
    Box::pin(async move {
        let Some(cfg) = state.config.auth.incontrol.clone() else {
            return Ok(());
        };
        import_with_token(state, &cfg, user_id, access_token).await?;
        Ok(())
    })
}

/// Imports the devices InControl lists for `access_token` into `user_id`'s account.
pub async fn import_with_token(
    state: &AppState,
    cfg: &InControlConfig,
    user_id: &str,
    access_token: &str,
) -> ApiResult<ImportSummary> {
    let (remote, mut summary) = fetch_devices(cfg, access_token).await?;
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    for d in remote {
        let Ok(device) = registry::resolve(&snap, &d.serial) else {
            summary.invalid += 1;
            continue;
        };
        let name = imported_name(&d.name);
        match registry::register(&state.db, user_id, &device, &name, "incontrol").await? {
            AddDevice::Added(_) => summary.imported += 1,
            AddDevice::AlreadyYours(_) => summary.already_yours += 1,
            AddDevice::HeldElsewhere => summary.held_elsewhere += 1,
        }
    }
    tracing::info!(user_id, ?summary, "InControl devices imported");
    Ok(summary)
}

/// InControl's name for a device, made one line of at most 80 characters.
fn imported_name(raw: &str) -> String {
    let line: String = raw
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(registry::MAX_NAME_CHARS)
        .collect();
    clean_name(Some(&line)).unwrap_or_default()
}

/// Reads the device list; entries without a serial count as invalid.
async fn fetch_devices(
    cfg: &InControlConfig,
    access_token: &str,
) -> ApiResult<(Vec<RemoteDevice>, ImportSummary)> {
    let url = format!("{}/rest/o/devices", cfg.api_url.trim_end_matches('/'));
    let res = http_client()
        .get(&url)
        .bearer_auth(access_token)
        .header("accept", "application/json")
        .send()
        .await
        .map_err(|e| unavailable("InControl did not answer; try again in a moment.", e))?;
    let status = res.status();
    if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
        return Err(unavailable(
            "InControl no longer accepts this link; link your InControl account again, then import.",
            status,
        ));
    }
    if !status.is_success() {
        return Err(unavailable(
            "InControl could not list your devices; try again in a moment.",
            status,
        ));
    }
    let body: Value = res.json().await.map_err(|e| {
        unavailable(
            "InControl answered something unexpected; try again later.",
            e,
        )
    })?;
    Ok(parse_devices(&body))
}

/// The devices of an InControl answer (`{data: [...]}`, `{response: [...]}`
/// or a bare array) and the number of entries that name no serial.
pub fn parse_devices(body: &Value) -> (Vec<RemoteDevice>, ImportSummary) {
    let list = ["data", "response"]
        .iter()
        .find_map(|k| body.get(k).and_then(Value::as_array))
        .or_else(|| body.as_array());
    let mut summary = ImportSummary::default();
    let mut devices = Vec::new();
    for item in list.into_iter().flatten().take(MAX_IMPORTED) {
        let text = |k: &str| item.get(k).and_then(Value::as_str).map(str::to_owned);
        match text("sn").or_else(|| text("serial")) {
            Some(serial) => devices.push(RemoteDevice {
                serial,
                name: text("name").unwrap_or_default(),
            }),
            None => summary.invalid += 1,
        }
    }
    (devices, summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_lists_are_read_wrapped_or_bare() {
        let body = serde_json::json!({"data": [
            {"sn": "1824-aaaa-0001", "name": "Van"},
            {"serial": "2933AAAA0002"},
            {"name": "no serial"},
            42
        ]});
        let (devices, summary) = parse_devices(&body);
        assert_eq!(devices.len(), 2);
        assert_eq!(devices[0].name, "Van");
        assert_eq!(summary.invalid, 2);
        let (wrapped, _) =
            parse_devices(&serde_json::json!({"response": [{"sn": "1824-AAAA-0001"}]}));
        assert_eq!(wrapped.len(), 1);
        let (bare, _) = parse_devices(&serde_json::json!([{"sn": "1824-AAAA-0001"}]));
        assert_eq!(bare.len(), 1);
        assert!(
            parse_devices(&serde_json::json!({"oops": true}))
                .0
                .is_empty()
        );
    }

    #[test]
    fn imported_names_become_one_short_line() {
        assert_eq!(imported_name(" Van\n12 "), "Van 12");
        assert_eq!(imported_name(&"x".repeat(100)).len(), 80);
    }
}
