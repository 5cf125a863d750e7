//! Invoice and proforma invoice PDFs of an order.

use super::dto::OrderDetail;
use super::statement::{line_discount_label, line_net, total_rows};
use crate::platform::money::money_text;
use crate::platform::pdf::{MARGIN, PAGE_W, PdfDoc};
use uplink_domain::accounts::address::Address;

fn address_lines(a: &Address) -> Vec<String> {
    let mut v = vec![a.name.clone()];
    if let Some(c) = a.company.as_ref().filter(|c| !c.is_empty()) {
        v.push(c.clone());
    }
    v.push(a.line1.clone());
    if let Some(l) = a.line2.as_ref().filter(|l| !l.is_empty()) {
        v.push(l.clone());
    }
    let state = a
        .state
        .as_deref()
        .map(|s| format!(" {s}"))
        .unwrap_or_default();
    v.push(format!("{}{state} {}", a.city, a.postal_code));
    v.push(a.country.clone());
    v
}

pub fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max - 1).collect();
        t.push('.');
        t
    }
}

/// Right edge of the text area; amounts are right-aligned to it.
const RIGHT: f32 = PAGE_W - MARGIN;

/// The PDF of `order`; `proforma` for an unpaid bank transfer.
pub fn render(order: &OrderDetail, proforma: bool, seller: &[(String, String)]) -> Vec<u8> {
    let title = if proforma {
        format!("Proforma invoice {}", order.number)
    } else {
        format!("Invoice {}", order.number)
    };
    let mut d = PdfDoc::new(&title);
    draw_header(&mut d, order, proforma);
    d.down(24.0);
    draw_addresses(&mut d, order);
    d.down(24.0);
    draw_lines_table(&mut d, order);
    d.down(18.0);
    draw_totals(&mut d, order);
    if proforma && !order.payment.bank_details.is_empty() {
        d.down(10.0);
        draw_bank_details(&mut d, order);
    }
    if !seller.is_empty() && !proforma {
        d.down(20.0);
        d.text(MARGIN, 8.0, false, "Thank you for your order.");
    }
    d.finish()
}

/// Document kind and seller on top, then the order number, date and payment.
fn draw_header(d: &mut PdfDoc, order: &OrderDetail, proforma: bool) {
    d.text(
        MARGIN,
        20.0,
        true,
        if proforma {
            "PROFORMA INVOICE"
        } else {
            "INVOICE"
        },
    );
    d.text_right(RIGHT, 12.0, true, "Uplink Networks");
    d.down(16.0);
    d.text_right(RIGHT, 9.0, false, "Uplink online store");
    d.down(20.0);
    d.text(
        MARGIN,
        10.0,
        false,
        &format!("Order number: {}", order.number),
    );
    d.down(13.0);
    d.text(
        MARGIN,
        10.0,
        false,
        &format!("Order date: {}", date_part(&order.placed_at)),
    );
    d.down(13.0);
    d.text(
        MARGIN,
        10.0,
        false,
        &format!(
            "Payment: {} ({})",
            order.payment.name,
            order.payment.status.replace('_', " ")
        ),
    );
    if proforma {
        d.down(13.0);
        d.text(
            MARGIN,
            9.0,
            true,
            "This is not a tax invoice. Please pay by bank transfer using the order number as reference.",
        );
    }
}

/// The billing address on the left and, when the order is shipped, the
/// shipping address on the right, drawn side by side line by line.
fn draw_addresses(d: &mut PdfDoc, order: &OrderDetail) {
    let mut left = vec![("Bill to".to_owned(), true)];
    left.extend(
        address_lines(&order.billing_address)
            .into_iter()
            .map(|l| (l, false)),
    );
    let mut right_col = Vec::new();
    if let Some(ship) = &order.shipping.address {
        right_col.push(("Ship to".to_owned(), true));
        right_col.extend(address_lines(ship).into_iter().map(|l| (l, false)));
    }
    for i in 0..left.len().max(right_col.len()) {
        if i > 0 {
            d.down(12.0);
        }
        if let Some((t, b)) = left.get(i) {
            d.text(MARGIN, 10.0, *b, t);
        }
        if let Some((t, b)) = right_col.get(i) {
            d.text(300.0, 10.0, *b, t);
        }
    }
}

/// The order lines between two rules: one row per line at its price before
/// discount (`qty × unit price = amount`); under a discounted line its share
/// of the coupon and what the line comes to; then its chosen options and
/// serials in small print under the item name.
fn draw_lines_table(d: &mut PdfDoc, order: &OrderDetail) {
    let cur = order.totals.total.currency.as_str();
    let coupon = line_discount_label(order);
    d.text(MARGIN, 9.0, true, "SKU");
    d.text(160.0, 9.0, true, "Item");
    d.text_right(390.0, 9.0, true, "Qty");
    d.text_right(470.0, 9.0, true, "Unit price");
    d.text_right(RIGHT, 9.0, true, "Amount");
    d.rule();
    for line in &order.lines {
        d.down(15.0);
        d.text(MARGIN, 9.0, false, &truncate(&line.sku, 20));
        d.text(160.0, 9.0, false, &truncate(&line.name, 38));
        d.text_right(390.0, 9.0, false, &line.qty.to_string());
        d.text_right(470.0, 9.0, false, &money_text(line.unit_price.cents, cur));
        d.text_right(RIGHT, 9.0, false, &money_text(line.subtotal.cents, cur));
        if line.discount.cents != 0 {
            d.down(12.0);
            d.text(170.0, 8.5, false, &coupon);
            d.text_right(RIGHT, 8.5, false, &money_text(-line.discount.cents, cur));
            d.down(12.0);
            d.text(170.0, 8.5, false, "After discount");
            d.text_right(RIGHT, 8.5, false, &money_text(line_net(line), cur));
        }
        let mut extra: Vec<String> = line
            .options
            .iter()
            .map(|o| format!("{}: {}", o.label, o.value_label))
            .collect();
        if !line.serials.is_empty() {
            extra.push(format!("Serials: {}", line.serials.join(", ")));
        }
        for e in extra {
            d.down(11.0);
            d.text(160.0, 8.0, false, &truncate(&e, 70));
        }
    }
    d.rule();
}

/// Subtotal (the sum of the amounts above), the discount (only when there is
/// one), shipping, tax and the total.
fn draw_totals(d: &mut PdfDoc, order: &OrderDetail) {
    let cur = order.totals.total.currency.as_str();
    for row in total_rows(order) {
        d.text_right(470.0, 10.0, row.grand, &row.label);
        d.text_right(RIGHT, 10.0, row.grand, &money_text(row.cents, cur));
        d.down(14.0);
    }
}

/// Where to pay a proforma invoice, and by when.
fn draw_bank_details(d: &mut PdfDoc, order: &OrderDetail) {
    d.text(MARGIN, 10.0, true, "Bank details");
    for b in &order.payment.bank_details {
        d.down(13.0);
        d.text(MARGIN, 10.0, false, &format!("{}: {}", b.label, b.value));
    }
    if let Some(by) = &order.payment.pay_by {
        d.down(13.0);
        d.text(
            MARGIN,
            10.0,
            false,
            &format!("Please pay by {} or the order is cancelled.", date_part(by)),
        );
    }
}

/// The `YYYY-MM-DD` part of an RFC 3339 timestamp (all of a shorter string).
fn date_part(timestamp: &str) -> &str {
    &timestamp[..10.min(timestamp.len())]
}

/// The invoice (or proforma) PDF of a stored order and its file name; `None`
/// when the order has none (a cancelled unpaid order).
pub async fn render_order(
    state: &crate::http::state::AppState,
    order: uplink_db::orders::OrderRow,
) -> crate::http::error::ApiResult<Option<(String, Vec<u8>)>> {
    let Some(kind) = super::dto::invoice_kind(&order) else {
        return Ok(None);
    };
    let mut conn = state.db.pool().acquire().await?;
    let parts = super::dto::load_parts(&mut conn, order).await?;
    let bank = &state.config.checkout.bank_details;
    let detail = super::dto::order_detail(&parts, bank);
    let proforma = kind == "proforma";
    let file = format!("{kind}-{}.pdf", detail.number);
    Ok(Some((file, render(&detail, proforma, bank))))
}

/// The credit note PDF of one refund of `order`.
pub fn render_credit_note(order: &OrderDetail, refund: &super::dto::OrderRefundDto) -> Vec<u8> {
    let cur = order.totals.total.currency.as_str();
    let mut d = PdfDoc::new(&format!("Credit note {}", refund.number));
    d.text(MARGIN, 20.0, true, "CREDIT NOTE");
    d.text_right(RIGHT, 12.0, true, "Uplink Networks");
    d.down(20.0);
    let facts = [
        format!("Credit note number: {}", refund.number),
        format!("Date: {}", date_part(&refund.created_at)),
        format!(
            "For invoice of order: {} ({})",
            order.number,
            date_part(&order.placed_at)
        ),
        format!("Refunded to: {}", order.payment.name),
        format!("Reason: {}", truncate(&refund.reason, 90)),
    ];
    for f in facts {
        d.text(MARGIN, 10.0, false, &f);
        d.down(13.0);
    }
    d.down(12.0);
    draw_addresses(&mut d, order);
    d.down(24.0);
    d.text(MARGIN, 9.0, true, "SKU");
    d.text(160.0, 9.0, true, "Item");
    d.text_right(390.0, 9.0, true, "Qty");
    d.text_right(RIGHT, 9.0, true, "Amount");
    d.rule();
    for l in &refund.lines {
        let name = order
            .lines
            .iter()
            .find(|o| o.sku == l.sku)
            .map_or("", |o| o.name.as_str());
        d.down(15.0);
        d.text(MARGIN, 9.0, false, &truncate(&l.sku, 20));
        d.text(160.0, 9.0, false, &truncate(name, 38));
        d.text_right(390.0, 9.0, false, &l.qty.to_string());
        d.text_right(RIGHT, 9.0, false, &money_text(-l.amount.cents, cur));
    }
    let lines_sum: i64 = refund.lines.iter().map(|l| l.amount.cents).sum();
    if refund.amount.cents != lines_sum {
        d.down(15.0);
        d.text(160.0, 9.0, false, "Shipping and remaining charges");
        d.text_right(
            RIGHT,
            9.0,
            false,
            &money_text(lines_sum - refund.amount.cents, cur),
        );
    }
    d.rule();
    d.down(4.0);
    d.text_right(470.0, 10.0, true, "Total credited");
    d.text_right(RIGHT, 10.0, true, &money_text(-refund.amount.cents, cur));
    d.finish()
}

/// The credit note `note` of a stored order and its file name; `None` when
/// the order has no such refund.
pub async fn render_order_credit_note(
    state: &crate::http::state::AppState,
    order: uplink_db::orders::OrderRow,
    note: &str,
) -> crate::http::error::ApiResult<Option<(String, Vec<u8>)>> {
    let mut conn = state.db.pool().acquire().await?;
    let parts = super::dto::load_parts(&mut conn, order).await?;
    let detail = super::dto::order_detail(&parts, &state.config.checkout.bank_details);
    let note = note.trim_end_matches(".pdf");
    Ok(detail
        .refunds
        .iter()
        .find(|r| r.number.eq_ignore_ascii_case(note))
        .map(|r| {
            (
                format!("credit-note-{}.pdf", r.number),
                render_credit_note(&detail, r),
            )
        }))
}
