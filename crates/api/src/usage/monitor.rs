//! What a customer monitors (SPEC §13): their subscriptions, eSIMs and data
//! pools whose product carries `Connectivity Usage Record`, with the meter,
//! the period, the product that tops each up and, for `SFC Management`
//! plans, the device's renewal state. Pages read the daily rollup for the
//! days they show, never raw records, so their cost does not grow with
//! history.

use super::alerts;
use super::dto::{SfcState, UsageItem, UsageItemKind, UsageTopUp};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use crate::read_model::snapshot::Snapshot;
use std::collections::HashMap;
use uplink_db::usage::{AlertRow, OwnedUsageItem};
use uplink_domain::catalog::{Label, ProductType};
use uplink_domain::usage::{Meter, PROJECTION_DAYS, day_of, projected_run_out};

const DAY_MS: i64 = 86_400_000;

/// A monitored item before its usage is read.
#[derive(Debug, Clone)]
pub struct Holding {
    pub id: String,
    pub kind: UsageItemKind,
    pub name: String,
    pub sku: String,
    pub serial: Option<String>,
    pub device_name: Option<String>,
    pub iccid: Option<String>,
    pub members: Vec<String>,
    pub meter: Meter,
    pub period_start: i64,
    pub period_end: Option<i64>,
    pub top_up: Option<UsageTopUp>,
    pub sfc: Option<SfcState>,
}

fn labelled(snap: &Snapshot, sku: Option<&str>, label: Label) -> bool {
    sku.and_then(|s| snap.product_by_sku(s))
        .is_some_and(|i| snap.product(i).labels.contains(&label))
}

/// A purchasable product by SKU: (SKU, name).
fn on_sale(snap: &Snapshot, sku: &str) -> Option<(String, String)> {
    let p = snap.product(snap.product_by_sku(sku)?);
    p.purchasable.then(|| (p.sku.clone(), p.name.clone()))
}

/// The cheapest purchasable eSIM data bundle that records usage.
fn cheapest_bundle(snap: &Snapshot) -> Option<(String, String)> {
    snap.products
        .iter()
        .filter(|p| {
            p.product_type == ProductType::EsimData
                && p.purchasable
                && p.labels.contains(&Label::ConnectivityUsageRecord)
        })
        .min_by_key(|p| (p.list_price, p.sku.clone()))
        .map(|p| (p.sku.clone(), p.name.clone()))
}

fn top_up(product: Option<(String, String)>, option_code: &str, value: &str) -> Option<UsageTopUp> {
    product.map(|(sku, name)| UsageTopUp {
        sku,
        name,
        option_code: option_code.to_owned(),
        option_value: value.to_owned(),
    })
}

/// The customer's monitored items: subscriptions, then eSIMs, then pools.
pub async fn holdings(state: &AppState, user_id: &str) -> ApiResult<Vec<Holding>> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let db = &state.db;
    let (subs, esims, pools) = tokio::try_join!(
        db.monitor_subscriptions_of(user_id),
        db.monitor_esims_of(user_id),
        db.pools_of_user(user_id),
    )?;
    let mut out = Vec::new();
    for row in subs {
        let s = row.sub;
        if !labelled(&snap, Some(&s.sku), Label::ConnectivityUsageRecord) {
            continue;
        }
        let sfc = labelled(&snap, Some(&s.sku), Label::SfcManagement).then(|| SfcState {
            expires_at: rfc3339(s.expires_at),
            auto_renew: row.auto_renew,
            auto_renew_method: row.renew_method.clone(),
        });
        out.push(Holding {
            kind: UsageItemKind::Subscription,
            top_up: top_up(on_sale(&snap, &s.sku), "serial_numbers", &s.serial),
            device_name: row.device_name.filter(|n| !n.is_empty()),
            serial: Some(s.serial),
            iccid: None,
            members: Vec::new(),
            meter: Meter {
                allowance_mb: s.allowance_mb,
                used_mb: s.used_mb,
                partial_bytes: 0,
            },
            period_start: s.starts_at,
            period_end: Some(s.expires_at),
            sfc,
            id: s.id,
            name: s.name,
            sku: s.sku,
        });
    }
    for row in esims {
        let (e, profile, bundle) = (row.esim, row.profile_sku, row.bundle_sku);
        let usage = Label::ConnectivityUsageRecord;
        if !labelled(&snap, profile.as_deref(), usage) && !labelled(&snap, bundle.as_deref(), usage)
        {
            continue;
        }
        let product = bundle
            .as_deref()
            .and_then(|b| on_sale(&snap, b))
            .or_else(|| cheapest_bundle(&snap));
        out.push(Holding {
            kind: UsageItemKind::Esim,
            top_up: top_up(product, "iccid", &e.iccid),
            sku: profile.or(bundle).unwrap_or_default(),
            serial: None,
            device_name: None,
            members: Vec::new(),
            meter: Meter {
                allowance_mb: Some(e.data_mb),
                used_mb: e.used_mb,
                partial_bytes: 0,
            },
            period_start: e.created_at,
            period_end: e.expires_at,
            sfc: None,
            id: e.iccid.clone(),
            iccid: Some(e.iccid),
            name: e.name,
        });
    }
    for p in pools {
        if !labelled(&snap, Some(&p.row.sku), Label::ConnectivityUsageRecord) {
            continue;
        }
        out.push(Holding {
            id: p.row.id,
            kind: UsageItemKind::Pool,
            name: p.row.name,
            sku: p.row.sku,
            serial: None,
            device_name: None,
            iccid: None,
            members: p.members,
            meter: Meter {
                allowance_mb: Some(p.row.allowance_mb),
                used_mb: p.row.used_mb,
                partial_bytes: 0,
            },
            period_start: p.row.created_at,
            period_end: p.row.expires_at,
            // A pool grows by buying another; its members top up one by one.
            top_up: None,
            sfc: None,
        });
    }
    Ok(out)
}

/// Whether one of the customer's items is monitored: its product (for an
/// eSIM, its profile or last bundle) carries `Connectivity Usage Record`,
/// as [`holdings`] decides.
fn monitored(snap: &Snapshot, item: &OwnedUsageItem) -> bool {
    let usage = Label::ConnectivityUsageRecord;
    labelled(snap, item.sku.as_deref(), usage)
        || (item.kind == "esim" && labelled(snap, item.bundle_sku.as_deref(), usage))
}

fn meter_of(item: &OwnedUsageItem) -> Meter {
    Meter {
        allowance_mb: item.allowance_mb,
        used_mb: item.used_mb,
        partial_bytes: 0,
    }
}

fn not_yours() -> ApiError {
    ApiError::not_found("This subscription, eSIM or pool")
}

/// The meter of the customer's monitored item `id`, or 404 (another
/// customer's item too). One query, not the whole list.
pub async fn owned_meter(state: &AppState, user_id: &str, id: &str) -> ApiResult<Meter> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    match state.db.owned_usage_item(user_id, id).await? {
        Some(item) if monitored(&snap, &item) => Ok(meter_of(&item)),
        _ => Err(not_yours()),
    }
}

/// The rollup of the customer's monitored item `id` from `from_day` on, as
/// `(day, bytes_up, bytes_down)`, or 404; ownership and days in one query.
pub async fn owned_daily(
    state: &AppState,
    user_id: &str,
    id: &str,
    from_day: i64,
) -> ApiResult<Vec<(i64, i64, i64)>> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    match state.db.owned_usage_daily(user_id, id, from_day).await? {
        Some((item, days)) if monitored(&snap, &item) => Ok(days),
        _ => Err(not_yours()),
    }
}

/// `YYYY-MM-DD` of a day number.
pub fn date_of(day: i64) -> String {
    let t = crate::commerce::delivery::context::datetime_of_ms(day * DAY_MS);
    let f = time::macros::format_description!("[year]-[month]-[day]");
    t.format(&f).unwrap_or_default()
}

/// Each item with its alert and run-out day (from the last week's rollup).
pub async fn items(state: &AppState, user_id: &str, now: i64) -> ApiResult<Vec<UsageItem>> {
    let today = day_of(now);
    // The rollup and alerts are read beside the items, by the customer's
    // ownership, rather than after them by id: one round of statements.
    let (holdings, daily, alerts) = tokio::try_join!(
        holdings(state, user_id),
        async {
            Ok(state
                .db
                .usage_daily_of_user(user_id, today - PROJECTION_DAYS)
                .await?)
        },
        async { Ok(state.db.usage_alerts_of(user_id).await?) },
    )?;
    let mut by_item: HashMap<&str, Vec<(i64, i64)>> = HashMap::new();
    for (item, day, up, down) in &daily {
        by_item
            .entry(item.as_str())
            .or_default()
            .push((*day, up.saturating_add(*down)));
    }
    let alerts: HashMap<&str, &AlertRow> = alerts.iter().map(|a| (a.item_id.as_str(), a)).collect();
    Ok(holdings
        .into_iter()
        .map(|h| {
            let days = by_item.get(h.id.as_str()).map_or(&[][..], Vec::as_slice);
            let run_out = projected_run_out(h.meter.remaining_bytes(), days, today);
            let alert = alerts.get(h.id.as_str()).map(|a| alerts::view(a, &h.meter));
            item_of(h, run_out.map(date_of), alert)
        })
        .collect())
}

fn item_of(
    h: Holding,
    run_out_on: Option<String>,
    alert: Option<super::dto::UsageAlert>,
) -> UsageItem {
    UsageItem {
        unlimited: h.meter.allowance_mb.is_none(),
        allowance_mb: h.meter.allowance_mb,
        used_mb: h.meter.used_mb,
        remaining_mb: h.meter.remaining_mb(),
        period_start: rfc3339(h.period_start),
        period_end: h.period_end.map(rfc3339),
        run_out_on,
        alert,
        id: h.id,
        kind: h.kind,
        name: h.name,
        sku: h.sku,
        serial: h.serial,
        device_name: h.device_name,
        iccid: h.iccid,
        members: h.members,
        top_up: h.top_up,
        sfc: h.sfc,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_read_as_dates() {
        assert_eq!(super::date_of(0), "1970-01-01");
        assert_eq!(super::date_of(20_000), "2024-10-04");
    }
}
