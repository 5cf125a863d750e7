//! Devices as the customer sees them: each row with its model's name, its
//! coverage state and what delivery attached to its serial. Set-based: one
//! query per table for all the devices shown, whatever their number.

use crate::devices::dto::{AutoRenew, Device, Licence, ModelRef, Subscription, WarrantyExtension};
use crate::http::error::ApiResult;
use crate::platform::timefmt::rfc3339;
use crate::read_model::Snapshot;
use std::collections::HashMap;
use uplink_db::Db;
use uplink_db::devices::DeviceRow;
use uplink_domain::devices::{ms_date, warranty_state};

/// The model code's display name from the catalogue's model table (the code
/// itself if the table no longer has it).
pub fn model_ref(snap: &Snapshot, code: &str) -> ModelRef {
    ModelRef {
        code: code.to_owned(),
        name: snap
            .models
            .iter()
            .find(|m| m.code == code)
            .map_or_else(|| code.to_owned(), |m| m.name.clone()),
    }
}

/// `rows` (the caller's devices) with their deliverables, in the same order.
pub async fn devices(
    db: &Db,
    snap: &Snapshot,
    caller: &str,
    rows: Vec<DeviceRow>,
) -> ApiResult<Vec<Device>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let serials: Vec<String> = rows.iter().map(|d| d.serial.clone()).collect();
    let (keys, extensions, subscriptions, cards) = tokio::try_join!(
        db.licence_keys_for(&serials),
        db.warranty_extensions_for(&serials),
        db.subscriptions_for(&serials),
        db.payment_methods_of(caller),
    )?;
    let now = uplink_db::now_ms();
    let mut licences: HashMap<&str, Vec<Licence>> = HashMap::new();
    for k in &keys {
        licences
            .entry(k.serial.as_str())
            .or_default()
            .push(Licence::from_row(k, caller));
    }
    let mut extended: HashMap<&str, Vec<WarrantyExtension>> = HashMap::new();
    for w in &extensions {
        extended
            .entry(w.serial.as_str())
            .or_default()
            .push(WarrantyExtension::from_row(w, caller));
    }
    let mut plans: HashMap<&str, Vec<Subscription>> = HashMap::new();
    for s in &subscriptions {
        plans
            .entry(s.serial.as_str())
            .or_default()
            .push(Subscription::from_row(s, now));
    }
    let today = ms_date(now);
    Ok(rows
        .iter()
        .map(|d| Device {
            serial: d.serial.clone(),
            model: model_ref(snap, &d.model_code),
            name: d.name.clone(),
            prime: d.prime,
            registered_at: rfc3339(d.registered_at),
            warranty_ends_at: rfc3339(d.warranty_ends_at),
            warranty_state: warranty_state(ms_date(d.warranty_ends_at), today),
            source: d.source.clone(),
            auto_renew: AutoRenew::from_row(d, &cards),
            licences: licences.remove(d.serial.as_str()).unwrap_or_default(),
            subscriptions: plans.remove(d.serial.as_str()).unwrap_or_default(),
            warranty_extensions: extended.remove(d.serial.as_str()).unwrap_or_default(),
        })
        .collect())
}

/// One device of the caller with its deliverables.
pub async fn device(db: &Db, snap: &Snapshot, caller: &str, row: DeviceRow) -> ApiResult<Device> {
    let mut one = devices(db, snap, caller, vec![row]).await?;
    Ok(one.remove(0))
}
