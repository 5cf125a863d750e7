//! The quotation as a PDF (SPEC §9): the lines at catalogue and quoted
//! prices, the quoted shipping, the total before tax and until when the
//! prices hold; drawn with the invoices' document kit.

use super::dto::QuotationDetail;
use crate::commerce::orders::invoice::truncate;
use crate::platform::money::money_text;
use crate::platform::pdf::{MARGIN, PAGE_W, PdfDoc};

const RIGHT: f32 = PAGE_W - MARGIN;

pub fn render(q: &QuotationDetail) -> Vec<u8> {
    let mut d = PdfDoc::new(&format!("Quotation {}", q.number));
    d.text(MARGIN, 20.0, true, "QUOTATION");
    d.text_right(RIGHT, 12.0, true, "Uplink Networks");
    d.down(16.0);
    d.text_right(RIGHT, 9.0, false, "Uplink online store");
    d.down(20.0);
    let date = |s: &str| s.get(..10).unwrap_or(s).to_owned();
    let mut facts = vec![
        format!("Quotation number: {}", q.number),
        format!("Status: {}", q.status_label),
        format!("Requested: {}", date(&q.created_at)),
    ];
    if let Some(v) = &q.valid_until {
        facts.push(format!("Prices valid until: {}", date(v)));
    }
    if let Some(c) = &q.customer {
        facts.push(format!("Customer: {} <{}>", c.name, c.email));
    }
    for f in facts {
        d.text(MARGIN, 10.0, false, &f);
        d.down(13.0);
    }
    d.down(12.0);
    draw_lines(&mut d, q);
    d.down(18.0);
    draw_totals(&mut d, q);
    if !q.customer_note.is_empty() {
        d.down(10.0);
        d.text(MARGIN, 9.0, true, "Your note");
        for line in q.customer_note.lines().take(12) {
            d.down(12.0);
            d.text(MARGIN, 9.0, false, &truncate(line, 95));
        }
    }
    d.down(20.0);
    d.text(
        MARGIN,
        8.0,
        false,
        "Prices exclude sales tax, which is added at payment. Pay an accepted quotation from your account.",
    );
    d.finish()
}

fn draw_lines(d: &mut PdfDoc, q: &QuotationDetail) {
    let cur = q.currency.as_str();
    d.text(MARGIN, 9.0, true, "SKU");
    d.text(160.0, 9.0, true, "Item");
    d.text_right(360.0, 9.0, true, "Qty");
    d.text_right(430.0, 9.0, true, "Catalogue");
    d.text_right(RIGHT, 9.0, true, "Quoted");
    d.rule();
    for line in &q.lines {
        d.down(15.0);
        d.text(MARGIN, 9.0, false, &truncate(&line.sku, 20));
        d.text(160.0, 9.0, false, &truncate(&line.name, 32));
        d.text_right(360.0, 9.0, false, &line.qty.to_string());
        d.text_right(430.0, 9.0, false, &money_text(line.subtotal.cents, cur));
        d.text_right(RIGHT, 9.0, true, &money_text(line.quoted_total.cents, cur));
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

fn draw_totals(d: &mut PdfDoc, q: &QuotationDetail) {
    let cur = q.currency.as_str();
    let t = &q.totals;
    let mut rows = vec![
        ("Catalogue price", t.subtotal.cents, false),
        ("Quoted discount", -t.discount.cents, false),
        ("Quoted subtotal", t.quoted_subtotal.cents, false),
    ];
    if let Some(s) = &t.shipping {
        rows.push(("Shipping", s.cents, false));
    }
    rows.push(("Total before tax", t.total_before_tax.cents, true));
    for (label, cents, grand) in rows {
        d.text_right(430.0, 10.0, grand, label);
        d.text_right(RIGHT, 10.0, grand, &money_text(cents, cur));
        d.down(14.0);
    }
}
