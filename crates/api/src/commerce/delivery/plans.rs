//! Subscriptions (SPEC §4.3): one per device and plan family, created or
//! extended by [`uplink_domain::plans::stack_plan`] for every serial of a
//! cloud plan line (remaining data carried, expiry extended from the
//! current expiry, capped at 3 years; unlimited and metered do not stack).
//! Data Plan Licences (licences with a data allowance) stack the same way
//! in their own family, `data-plan`.

use super::context::{LineCtx, LineError, datetime_of_ms, ms_of_datetime};
use super::written::Written;
use crate::read_model::snapshot::Product;
use sqlx::AnyConnection;
use uplink_db::delivery::{
    self as q, AppliedPlanRow, DeviceRef, SubscriptionExtensionRow, SubscriptionRow,
};
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::plans::{
    ActivePlan, Allowance, PlanNotStackable, PlanPurchase, StackedPlan, conflicting_family,
    stack_plan,
};

/// The family of the Data Plan Licences' subscriptions.
pub const DATA_PLAN_FAMILY: &str = "data-plan";
/// Validity of a plan that does not say (a year).
const DEFAULT_VALIDITY_DAYS: i64 = 365;

/// A licence that is also a data plan (it has an allowance and a validity).
pub fn licence_plan_family(p: &Product) -> Option<&'static str> {
    (p.product_type == ProductType::License && p.data_mb.is_some() && p.validity_days.is_some())
        .then_some(DATA_PLAN_FAMILY)
}

/// The subscription family a product's plan goes to, if it is a plan.
pub fn family_of(p: &Product) -> Option<&'static str> {
    if p.product_type.is_cloud_plan() {
        return Some(p.product_type.as_str());
    }
    licence_plan_family(p)
}

/// What a plan of `p` buys.
pub fn purchase_of(p: &Product) -> PlanPurchase {
    PlanPurchase {
        allowance: match (p.product_type, p.data_mb) {
            (ProductType::CloudUnlimited, _) | (_, None) => Allowance::Unlimited,
            (_, Some(mb)) => Allowance::Metered { mb },
        },
        validity_days: p.validity_days.unwrap_or(DEFAULT_VALIDITY_DAYS),
    }
}

/// The plan a subscription holds now (remaining data for metered plans).
pub fn active_plan(s: &SubscriptionRow) -> ActivePlan {
    ActivePlan {
        allowance: match s.allowance_mb {
            Some(total) => Allowance::Metered {
                mb: total.saturating_sub(s.used_mb),
            },
            None => Allowance::Unlimited,
        },
        expires_at: datetime_of_ms(s.expires_at),
    }
}

/// `plan_not_stackable` when buying a plan of `family` (`purchase`) on a
/// device whose subscriptions are `subs` cannot stack (SPEC §4.3); the
/// message says why and what to do.
pub fn stacking_refusal(
    family: &str,
    purchase: PlanPurchase,
    subs: &[SubscriptionRow],
    now: i64,
) -> Option<String> {
    let blocking = ProductType::parse(family).and_then(conflicting_family);
    let active = |s: &&SubscriptionRow| s.expires_at > now;
    if let Some(other) = blocking
        && let Some(s) = subs
            .iter()
            .filter(active)
            .find(|s| s.family == other.as_str())
    {
        return Some(format!(
            "{} has an active {} plan until {}; unlimited and metered plans cannot be combined. Buy this plan after it expires, or choose a plan of the same kind.",
            s.serial,
            other.label(),
            crate::platform::timefmt::day_text(s.expires_at)
        ));
    }
    let current = subs.iter().find(|s| s.family == family).map(active_plan);
    match stack_plan(current, purchase, datetime_of_ms(now)) {
        Ok(_) => None,
        Err(PlanNotStackable) => Some(format!(
            "This plan cannot be combined with the active plan of the same family; {PlanNotStackable}."
        )),
    }
}

/// What buying `purchase` of `family` for a device with `subs` would do,
/// computed exactly as delivery will (the `/speedfusioncloud` preview):
/// the plan the device holds now in that family (if active) and the plan
/// after stacking. `Err` carries the `plan_not_stackable` message.
pub fn preview(
    family: &str,
    purchase: PlanPurchase,
    subs: &[SubscriptionRow],
    now: i64,
) -> Result<(Option<ActivePlan>, StackedPlan), String> {
    if let Some(why) = stacking_refusal(family, purchase, subs, now) {
        return Err(why);
    }
    let current = subs
        .iter()
        .find(|s| s.family == family && s.expires_at > now)
        .map(active_plan);
    stack_plan(current, purchase, datetime_of_ms(now))
        .map(|stacked| (current, stacked))
        .map_err(|e| e.to_string())
}

/// Applies the line's plan to each of its serials' devices, in the order
/// of its serials (unit = serial index).
pub async fn apply_to_devices(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    family: &str,
    devices: &[DeviceRef],
    written: &mut Written,
) -> Result<(), LineError> {
    for (unit, device) in devices.iter().enumerate() {
        apply_plan(tx, ctx, family, unit as i64, device, written).await?;
    }
    Ok(())
}

/// One unit of a plan on one device, once.
async fn apply_plan(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    family: &str,
    unit: i64,
    device: &DeviceRef,
    written: &mut Written,
) -> Result<(), LineError> {
    if ctx.rerun && q::subscription_extension_exists(tx, &ctx.line.id, unit).await? {
        written.found_before();
        return Ok(());
    }
    let subs = q::subscriptions_of_serial(tx, &device.serial).await?;
    let purchase = purchase_of(ctx.product);
    if let Some(why) = stacking_refusal(family, purchase, &subs, ctx.now) {
        return Err(LineError::Fail(ErrorCode::PlanNotStackable, why));
    }
    // The device's subscription of this family: the plan stacks on it while
    // it is active, and an expired one is renewed in place.
    let existing = subs.into_iter().find(|s| s.family == family);
    let current = existing.as_ref().filter(|s| s.expires_at > ctx.now);
    let stacked = stack_plan(current.map(active_plan), purchase, datetime_of_ms(ctx.now))
        .map_err(|_| LineError::Fail(ErrorCode::PlanNotStackable, PlanNotStackable.to_string()))?;
    let expires_at = ms_of_datetime(stacked.expires_at);
    let carried_mb = current.and_then(|c| match active_plan(c).allowance {
        Allowance::Metered { mb } => Some(mb),
        Allowance::Unlimited => None,
    });
    let previous_expiry = current.map(|c| c.expires_at);
    let subscription = write_subscription(tx, ctx, family, device, existing, stacked).await?;
    let extension = SubscriptionExtensionRow {
        order_line_id: ctx.line.id.clone(),
        unit,
        subscription_id: subscription.id.clone(),
        carried_mb,
        previous_expiry,
        expires_at,
        created_at: ctx.now,
    };
    if q::insert_subscription_extension(tx, &extension).await? {
        written.plan(AppliedPlanRow {
            order_line_id: extension.order_line_id,
            unit,
            carried_mb,
            previous_expiry,
            expires_at,
            subscription_id: subscription.id,
            serial: subscription.serial,
            family: subscription.family,
            allowance_mb: subscription.allowance_mb,
            used_mb: subscription.used_mb,
            current_expiry: subscription.expires_at,
        });
        Ok(())
    } else {
        // Applied before although this is the order's first attempt (see
        // `LineCtx::rerun`): undo ours. The line's retries meet the same key,
        // the attempt fails and is counted, and the next attempt looks first.
        Err(LineError::Retry)
    }
}

/// Creates the device's subscription of this family, or moves `existing`
/// (active: stacked on; expired: renewed in place) on to the stacked plan,
/// conditional on it being as read; returns it as written. The
/// subscription belongs to the device's owner.
async fn write_subscription(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    family: &str,
    device: &DeviceRef,
    existing: Option<SubscriptionRow>,
    stacked: uplink_domain::plans::StackedPlan,
) -> Result<SubscriptionRow, LineError> {
    let remaining = match stacked.allowance {
        Allowance::Metered { mb } => Some(mb),
        Allowance::Unlimited => None,
    };
    let expires_at = ms_of_datetime(stacked.expires_at);
    let Some(old) = existing else {
        let row = SubscriptionRow {
            id: uplink_domain::ids::new_id("sub"),
            user_id: device.user_id.clone(),
            serial: device.serial.clone(),
            family: family.to_owned(),
            sku: ctx.line.sku.clone(),
            name: ctx.line.name.clone(),
            allowance_mb: remaining,
            used_mb: 0,
            starts_at: ctx.now,
            expires_at,
            updated_at: ctx.now,
        };
        return if q::insert_subscription(tx, &row).await? {
            Ok(row)
        } else {
            Err(LineError::Retry)
        };
    };
    let active = old.expires_at > ctx.now;
    let used_mb = if active { old.used_mb } else { 0 };
    let row = SubscriptionRow {
        sku: ctx.line.sku.clone(),
        name: ctx.line.name.clone(),
        // Data bought in total: what was used plus what remains now.
        allowance_mb: remaining.map(|r| r.saturating_add(used_mb)),
        used_mb,
        starts_at: if active { old.starts_at } else { ctx.now },
        expires_at,
        updated_at: ctx.now.max(old.updated_at.saturating_add(1)),
        ..old.clone()
    };
    if q::update_subscription_if(tx, &row, old.updated_at, old.expires_at).await? {
        Ok(row)
    } else {
        Err(LineError::Retry)
    }
}
