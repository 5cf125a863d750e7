//! What each line is before any money (SPEC §4, §5): its product and the
//! options it accepts, quantity rules, stock, and the problems that keep
//! it from being ordered as it is — a product no longer sold here, a
//! quantity out of bounds, a serial that no longer fits, too little stock.

use super::priced::{ChosenOption, LineProblem, PricedLine, PricingContext};
use crate::read_model::Snapshot;
use crate::read_model::snapshot::{CustomOption, Product};
use std::collections::{BTreeMap, HashMap};
use uplink_db::cart::CartLine;
use uplink_domain::cart::{MAX_LINE_QTY, PriceDelta, QuantityRules};
use uplink_domain::catalog::OptionKind;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;

/// Every line described; stock is checked against what the whole cart
/// wants of a product (two lines of one router, say with different
/// options, share its units).
pub(super) fn describe_lines(all: &[CartLine], ctx: &PricingContext<'_>) -> Vec<PricedLine> {
    let mut wanted: HashMap<&str, i64> = HashMap::new();
    for l in all {
        let units = wanted.entry(l.row.product_id.as_str()).or_default();
        *units = units.saturating_add(l.row.qty);
    }
    all.iter()
        .map(|line| describe_line(line, wanted[line.row.product_id.as_str()], ctx))
        .collect()
}

/// The options a product accepts: its own plus its parent's (a variant
/// inherits the parent's custom options unless it defines the same code).
pub fn effective_options(snap: &Snapshot, idx: u32) -> Vec<&CustomOption> {
    let p = snap.product(idx);
    let mut out: Vec<&CustomOption> = p.options.iter().collect();
    if let Some(parent) = p.parent {
        for o in &snap.product(parent).options {
            if !out.iter().any(|x| x.code == o.code) {
                out.push(o);
            }
        }
    }
    out
}

/// A variant's eligibility falls back to its parent's.
pub fn effective_eligibility(
    snap: &Snapshot,
    idx: u32,
) -> Option<&uplink_domain::serial::Eligibility> {
    let p = snap.product(idx);
    p.eligibility
        .as_ref()
        .or_else(|| p.parent.and_then(|i| snap.product(i).eligibility.as_ref()))
}

/// The product's quantity rules under the store-wide bound per line (SPEC §2).
pub fn quantity_rules(p: &Product) -> QuantityRules {
    QuantityRules::bounded(p.min_qty, p.max_qty, p.qty_step)
}

/// Whether the product takes device serial numbers (quantity = number of serials).
pub fn is_serial_bound(options: &[&CustomOption]) -> bool {
    options.iter().any(|o| o.kind == OptionKind::SerialNumbers)
}

/// Option deltas of the chosen select values.
pub fn option_deltas(
    options: &[&CustomOption],
    chosen: &BTreeMap<String, String>,
) -> Vec<PriceDelta> {
    options
        .iter()
        .filter(|o| o.kind == OptionKind::Select)
        .filter_map(|o| {
            let v = o
                .values
                .iter()
                .find(|v| Some(&v.code) == chosen.get(&o.code))?;
            match (v.price_delta_cents, v.price_delta_bp) {
                (Some(c), _) => Some(PriceDelta::Cents(c)),
                (None, Some(bp)) => Some(PriceDelta::BasisPoints(bp)),
                _ => None,
            }
        })
        .collect()
}

/// A line's stored options.
pub fn parse_options(json: &str) -> BTreeMap<String, String> {
    serde_json::from_str(json).unwrap_or_default()
}

/// `invalid_quantity` for a stored quantity outside the store-wide bounds (a
/// line saved before the bounds existed): the line counts zero until changed.
fn quantity_problem(qty: i64) -> Option<LineProblem> {
    (!(1..=MAX_LINE_QTY).contains(&qty)).then(|| LineProblem {
        code: ErrorCode::InvalidQuantity,
        message: format!(
            "At most {MAX_LINE_QTY} units can be ordered on one line; lower the quantity to continue."
        ),
        available: None,
    })
}

/// What one line is before any money: its product, options, quantity
/// rules, stock and problems; `wanted` is the cart's quantity of the line's
/// product over all its lines. Its unit price is set by the pipeline.
fn describe_line(line: &CartLine, wanted: i64, ctx: &PricingContext<'_>) -> PricedLine {
    let snap = ctx.snapshot;
    let chosen = parse_options(&line.row.options);
    let Some(idx) = snap.product_by_id(&line.row.product_id) else {
        return PricedLine {
            line: line.clone(),
            product: None,
            options: chosen
                .iter()
                .map(|(k, v)| ChosenOption {
                    code: k.clone(),
                    label: k.clone(),
                    value: v.clone(),
                    value_label: v.clone(),
                })
                .collect(),
            unit_price: Money::ZERO,
            previous_unit_price: None,
            rules: QuantityRules {
                min: 1,
                max: None,
                step: 1,
            },
            serial_bound: !line.serials.is_empty(),
            physical: false,
            available: None,
            problem: Some(LineProblem {
                code: ErrorCode::NotSoldInStore,
                message: format!(
                    "{} is no longer sold; remove it from the cart.",
                    line.row.sku
                ),
                available: None,
            }),
            amounts: Default::default(),
            weight_grams: None,
        };
    };
    let p = snap.product(idx);
    let options = effective_options(snap, idx);
    let shown: Vec<ChosenOption> = options
        .iter()
        .filter_map(|o| {
            let value = chosen.get(&o.code)?;
            let value_label = o
                .values
                .iter()
                .find(|v| &v.code == value)
                .map_or_else(|| value.clone(), |v| v.label.clone());
            Some(ChosenOption {
                code: o.code.clone(),
                label: o.label.clone(),
                value: value.clone(),
                value_label,
            })
        })
        .collect();
    let offer = snap.offer(ctx.store, idx).filter(|_| p.purchasable);
    let physical = p.is_physical();
    let available = physical.then(|| {
        ctx.stock
            .get(&p.id)
            .copied()
            .unwrap_or_else(|| snap.available(ctx.store, idx))
    });
    let problem = if offer.is_none() {
        Some(LineProblem {
            code: ErrorCode::NotSoldInStore,
            message: format!(
                "{} is not sold in {}; remove it to continue.",
                p.name, snap.stores[ctx.store].name
            ),
            available: None,
        })
    } else if let Some(problem) = quantity_problem(line.row.qty) {
        Some(problem)
    } else if let Some(problem) = serial_problem(snap, idx, &line.serials) {
        Some(problem)
    } else {
        available.filter(|&av| av < wanted).map(|av| LineProblem {
            code: ErrorCode::InsufficientStock,
            message: if av <= 0 {
                format!("{} is out of stock; remove it to continue.", p.name)
            } else {
                format!(
                    "Only {av} of {} {} available; lower the quantity to continue.",
                    p.name,
                    if av == 1 { "is" } else { "are" }
                )
            },
            available: Some(av.max(0)),
        })
    };
    PricedLine {
        line: line.clone(),
        product: Some(idx),
        options: shown,
        unit_price: Money::ZERO,
        previous_unit_price: None,
        rules: quantity_rules(p),
        serial_bound: is_serial_bound(&options),
        physical,
        available,
        problem,
        amounts: Default::default(),
        weight_grams: p.weight_grams,
    }
}

/// Re-checks a line's serial numbers against the catalogue as it is now: the
/// serial→model table and the product's eligibility may have changed since
/// the line was added, and the order must not sell a licence to a device it
/// no longer fits.
fn serial_problem(snap: &Snapshot, idx: u32, serials: &[String]) -> Option<LineProblem> {
    use uplink_domain::serial::{Serial, model_for};
    let eligibility = effective_eligibility(snap, idx);
    let name = &snap.product(idx).name;
    serials.iter().find_map(|raw| {
        let refuse = |code, message: String| {
            Some(LineProblem {
                code,
                message,
                available: None,
            })
        };
        let Ok(serial) = Serial::parse(raw) else {
            return refuse(
                ErrorCode::InvalidSerial,
                format!("{raw} is not a serial number; remove the line and add it again."),
            );
        };
        let Some(model) = model_for(&serial, &snap.models) else {
            return refuse(
                ErrorCode::UnknownSerial,
                format!(
                    "{serial} no longer matches a device model we know; remove it from {name}."
                ),
            );
        };
        match eligibility.map(|rule| rule.check(model)) {
            Some(Err(why)) => refuse(
                ErrorCode::SerialNotEligible,
                format!("{serial}: {why}; remove it from {name}."),
            ),
            _ => None,
        }
    })
}
