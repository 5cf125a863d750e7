//! How every order document (the order page, the e-mails, the invoice PDF)
//! states the money, so the numbers shown add up: each line at its price
//! before discount (`qty × unit = subtotal`), then its share of the coupon and
//! what it comes to; then Subtotal (the sum of the line amounts), Discount,
//! Shipping, Tax and Total (`subtotal − discount + shipping + tax`).

use super::dto::{OrderDetail, OrderLineDto};

fn coupon(o: &OrderDetail) -> Option<&str> {
    o.coupon_code.as_deref().filter(|c| !c.is_empty())
}

/// The totals' discount row: "Discount (CODE)", "Quotation Q-000045" for an
/// order paid at quoted prices, or "Discount".
pub fn discount_label(o: &OrderDetail) -> String {
    match (coupon(o), &o.quotation_number) {
        (Some(code), _) => format!("Discount ({code})"),
        (None, Some(q)) => format!("Quotation {q}"),
        (None, None) => "Discount".to_owned(),
    }
}

/// A line's share of the discount: "CODE coupon", or "Discount" without a code.
pub fn line_discount_label(o: &OrderDetail) -> String {
    match (coupon(o), &o.quotation_number) {
        (Some(code), _) => format!("{code} coupon"),
        (None, Some(_)) => "Quoted price".to_owned(),
        (None, None) => "Discount".to_owned(),
    }
}

/// A line's amount after its share of the discount (before tax).
pub fn line_net(l: &OrderLineDto) -> i64 {
    l.subtotal.cents.saturating_sub(l.discount.cents)
}

/// One row of the totals block.
pub struct TotalRow {
    pub label: String,
    /// Signed: the discount is negative.
    pub cents: i64,
    pub grand: bool,
}

/// Subtotal, the discount (only when there is one), shipping, tax and the
/// total, in that order.
pub fn total_rows(o: &OrderDetail) -> Vec<TotalRow> {
    let t = &o.totals;
    let mut rows = vec![TotalRow {
        label: "Subtotal".into(),
        cents: t.subtotal.cents,
        grand: false,
    }];
    if t.discount.cents != 0 {
        rows.push(TotalRow {
            label: discount_label(o),
            cents: -t.discount.cents,
            grand: false,
        });
    }
    rows.push(TotalRow {
        label: shipping_label(o),
        cents: t.shipping.cents,
        grand: false,
    });
    rows.push(TotalRow {
        label: "Tax".into(),
        cents: t.tax.cents,
        grand: false,
    });
    rows.push(TotalRow {
        label: "Total".into(),
        cents: t.total.cents,
        grand: true,
    });
    rows
}

/// "Shipping (Priority Shipping)"; "Shipping" for a digital-only order.
fn shipping_label(o: &OrderDetail) -> String {
    if o.digital_only || o.shipping.name.is_empty() {
        "Shipping".to_owned()
    } else {
        format!("Shipping ({})", o.shipping.name)
    }
}
