//! Which plan renews a device's coverage (SPEC §4.2, §8, D95): the
//! auto-renewal job orders it, and a co-term quotation prices it. Shared
//! here so that both ways of buying a renewal pick the same product.

use crate::commerce::delivery::licences::is_care_plan;
use crate::commerce::orders::dto::LineOption;
use crate::commerce::pricing::effective_options;
use crate::read_model::Snapshot;
use std::collections::BTreeMap;
use uplink_db::devices::{DeviceRow, WarrantyExtensionRow};
use uplink_domain::catalog::OptionKind;
use uplink_domain::serial::Serial;

/// The care or warranty plan to renew with and its choices (D95): the one
/// the device was last renewed with, with the same choices, while it is
/// still sold here and fits the device; else the shortest term, then the
/// cheapest, that does. A required choice not made before takes its first
/// value (Standard support); a plan needing a typed-in choice only the
/// customer can make is not picked.
pub fn renewal_product(
    snap: &Snapshot,
    store: usize,
    device: &DeviceRow,
    history: &[WarrantyExtensionRow],
) -> Option<(u32, String)> {
    let serial = Serial::parse(&device.serial).ok()?;
    let model = snap.model_by_prefix(serial.prefix())?;
    let offers = &snap.views[store].offers;
    let sold_and_fits = |i: u32| {
        let p = snap.product(i);
        offers[i as usize].is_some()
            && is_care_plan(snap, p)
            && p.eligibility
                .as_ref()
                .is_some_and(|r| r.check(model).is_ok())
    };
    let last = history.iter().max_by_key(|w| w.created_at);
    let again = last.and_then(|w| {
        let i = snap.product_by_sku(&w.sku).filter(|&i| sold_and_fits(i))?;
        Some((i, choices_for(snap, i, previous_choices(&w.options))?))
    });
    again.or_else(|| {
        (0..snap.products.len() as u32)
            .filter(|&i| sold_and_fits(i))
            .filter_map(|i| Some((i, choices_for(snap, i, BTreeMap::new())?)))
            .min_by_key(|(i, _)| {
                let price = offers[*i as usize].map_or(i64::MAX, |o| o.price);
                (snap.product(*i).term_months.unwrap_or(i64::MAX), price, *i)
            })
    })
}

/// `{code: value}` of an order line's stored choices.
fn previous_choices(options_json: &str) -> BTreeMap<String, String> {
    serde_json::from_str::<Vec<LineOption>>(options_json)
        .unwrap_or_default()
        .into_iter()
        .map(|o| (o.code, o.value))
        .collect()
}

/// The cart-line options (`{code: value}` JSON) for product `i`: the
/// previous choices it still offers, a required choice's first value when
/// none was made; `None` when a required typed-in choice is missing.
fn choices_for(snap: &Snapshot, i: u32, previous: BTreeMap<String, String>) -> Option<String> {
    let mut chosen = BTreeMap::new();
    // The serial is the line's own (not a choice in `options`).
    let choices = effective_options(snap, i)
        .into_iter()
        .filter(|o| o.kind != OptionKind::SerialNumbers);
    for o in choices {
        let before = previous
            .get(&o.code)
            .filter(|v| o.kind != OptionKind::Select || o.values.iter().any(|x| &x.code == *v));
        match (before, o.required, o.kind) {
            (Some(v), _, _) => {
                chosen.insert(o.code.clone(), v.clone());
            }
            (None, true, OptionKind::Select) => {
                chosen.insert(o.code.clone(), o.values.first()?.code.clone());
            }
            (None, true, _) => return None,
            (None, false, _) => {}
        }
    }
    serde_json::to_string(&chosen).ok()
}
