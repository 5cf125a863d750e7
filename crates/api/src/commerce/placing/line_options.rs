//! What checkout adds to the cart's pricing. Lines, option deltas, the
//! coupon, US sales tax and totals come from [`crate::commerce::pricing`] — the
//! one pricing path for the cart page, the checkout options and the order
//! (D70); checkout only supplies the destination state and the shipping fee
//! (see `place.rs`) and records the chosen options on the order lines.

use crate::commerce::orders::dto::LineOption;
use crate::commerce::pricing::PricedLine;

/// The options an order line records: the priced options, then the ICCID
/// (the cart shows it in its own field; an order line keeps it with the
/// options so the confirmation, invoice and staff views list it).
pub fn order_line_options(l: &PricedLine) -> Vec<LineOption> {
    let mut out: Vec<LineOption> = l
        .options
        .iter()
        .map(|o| LineOption {
            code: o.code.clone(),
            label: o.label.clone(),
            value: o.value.clone(),
            value_label: o.value_label.clone(),
        })
        .collect();
    if let Some(iccid) = &l.line.row.iccid {
        out.push(LineOption {
            code: "iccid".into(),
            label: "ICCID".into(),
            value: iccid.clone(),
            value_label: iccid.clone(),
        });
    }
    out
}
