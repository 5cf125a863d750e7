//! Licence keys, devices and warranty extensions (SPEC §4.2, §7).
//!
//! A key is issued per serial and attached to the device: when no account
//! holds the serial, the device is registered to the buyer (source `order`,
//! the model from the serial's prefix, the standard warranty from now);
//! when another account holds it, the key still goes on the buyer's order
//! and on that device (keys are kept by serial), and the device's owner is
//! told by e-mail.

use super::context::{LineCtx, LineError, date_of_ms, ms_of_date};
use super::written::Written;
use crate::read_model::Snapshot;
use crate::read_model::snapshot::Product;
use sqlx::AnyConnection;
use uplink_db::delivery::{self as q, DeviceRef, LicenceKeyRow, WarrantyExtensionRow};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::plans::{add_months, renewal_period, standard_warranty_end};
use uplink_domain::serial::{Serial, model_for};

/// The slug of the category whose licences are warranty and care plans.
pub const CARE_CATEGORY: &str = "care-warranty";

/// A care or warranty plan: a licence with a term in the Care & Warranty
/// category (or below it). It extends the device's coverage by its term.
pub fn is_care_plan(snap: &Snapshot, p: &Product) -> bool {
    p.term_months.is_some()
        && snap
            .category_by_slug
            .get(CARE_CATEGORY)
            .is_some_and(|c| p.category_closure.contains(c))
}

/// The device holding `serial`, registered to the buyer when nobody holds
/// it; kept in `written` for the order's later lines.
pub async fn ensure_device(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    serial: &str,
    written: &mut Written,
) -> Result<DeviceRef, LineError> {
    let device = find_or_register(tx, ctx, serial).await?;
    written.device(device.clone());
    Ok(device)
}

async fn find_or_register(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    serial: &str,
) -> Result<DeviceRef, LineError> {
    if let Some(d) = ctx.devices.iter().find(|d| d.serial == serial) {
        return Ok(d.clone());
    }
    if let Some(d) = q::device_in(tx, serial).await? {
        return Ok(d);
    }
    let model = Serial::parse(serial)
        .ok()
        .and_then(|s| model_for(&s, &ctx.snapshot.models).cloned())
        .ok_or_else(|| {
            LineError::Fail(
                ErrorCode::UnknownSerial,
                format!("{serial} does not belong to a known device model."),
            )
        })?;
    let today = date_of_ms(ctx.now);
    let device = DeviceRef {
        serial: serial.to_owned(),
        user_id: ctx.owner().to_owned(),
        model_code: model.code.clone(),
        prime: model.prime,
        registered_at: ctx.now,
        warranty_ends_at: ms_of_date(standard_warranty_end(today)),
    };
    if q::insert_device_if_absent(tx, &device, ctx.now).await? {
        return Ok(device);
    }
    // Registered by someone else a moment ago: read it again.
    Err(LineError::Retry)
}

/// Issues the line's key for `serial` (once), attached to its device;
/// returns the device. Another account's device owner gets an e-mail,
/// recorded with the key.
pub async fn deliver_key(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    serial: &str,
    written: &mut Written,
) -> Result<DeviceRef, LineError> {
    let device = ensure_device(tx, ctx, serial, written).await?;
    // No look for an earlier key first: the insert below does nothing when
    // one exists (the unique line and serial), and only then is it read.
    let ends_at = key_end(ctx, &device);
    for _ in 0..3 {
        let key = LicenceKeyRow {
            id: uplink_domain::ids::new_id("lic"),
            order_line_id: ctx.line.id.clone(),
            user_id: ctx.owner().to_owned(),
            serial: serial.to_owned(),
            licence_key: uplink_domain::licence_key::new_key(),
            sku: ctx.line.sku.clone(),
            name: ctx.line.name.clone(),
            starts_at: ctx.now,
            ends_at,
            created_at: ctx.now,
        };
        if q::insert_licence_key(tx, &key).await? {
            if device.user_id != ctx.owner() {
                let note = super::emails::key_for_your_device(tx, ctx, &device, &key).await?;
                written.mail.extend(note);
            }
            written.key(key);
            return Ok(device);
        }
        if q::licence_key_of(tx, &ctx.line.id, serial).await?.is_some() {
            written.found_before();
            return Ok(device);
        }
        // The random key existed already (1 in 2^100): draw another.
    }
    Err(LineError::Retry)
}

/// When a key stops working: a care plan's with the coverage it buys, a
/// termed licence's after its term, a lifetime licence's never.
fn key_end(ctx: &LineCtx<'_>, device: &DeviceRef) -> Option<i64> {
    let months = u32::try_from(ctx.product.term_months?).ok()?;
    if is_care_plan(ctx.snapshot, ctx.product) {
        let (_, end) = coverage(ctx, device, months);
        return Some(ms_of_date(end));
    }
    Some(ms_of_date(add_months(date_of_ms(ctx.now), months)))
}

/// The coverage a care line buys for the device: the plan's term (SPEC
/// §4.2), or for a co-term line (SPEC §8) from the day after the current
/// end through the common end date it was priced for.
fn coverage(ctx: &LineCtx<'_>, device: &DeviceRef, months: u32) -> (time::Date, time::Date) {
    let expires = date_of_ms(device.warranty_ends_at);
    match ctx.line.coverage_until {
        Some(until) => {
            let end = date_of_ms(until).max(expires);
            (expires.next_day().unwrap_or(expires).min(end), end)
        }
        None => renewal_period(expires, date_of_ms(ctx.purchased), months),
    }
}

/// Extends the device's coverage by the plan's term (SPEC §4.2: bought
/// within 30 days after expiry, the renewal starts the day after the old
/// expiry; later, on the purchase date), once per line and serial.
pub async fn extend_warranty(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    device: &DeviceRef,
    written: &mut Written,
) -> Result<(), LineError> {
    let months = ctx
        .product
        .term_months
        .and_then(|m| u32::try_from(m).ok())
        .unwrap_or(12);
    let (start, end) = coverage(ctx, device, months);
    let ext = WarrantyExtensionRow {
        order_line_id: ctx.line.id.clone(),
        serial: device.serial.clone(),
        user_id: ctx.owner().to_owned(),
        starts_at: ms_of_date(start),
        ends_at: ms_of_date(end),
        previous_end: device.warranty_ends_at,
        created_at: ctx.now,
    };
    if !q::insert_warranty_extension(tx, &ext).await? {
        written.found_before(); // this line extended this device before
        return Ok(());
    }
    if !q::move_warranty_end(
        tx,
        &device.serial,
        device.warranty_ends_at,
        ext.ends_at,
        ctx.now,
    )
    .await?
    {
        return Err(LineError::Retry);
    }
    written.device(DeviceRef {
        warranty_ends_at: ext.ends_at,
        ..device.clone()
    });
    written.warranty(ext);
    Ok(())
}
