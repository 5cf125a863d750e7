//! E-mails about orders (SPEC §6, §7): confirmation (with bank details for
//! transfers), payment received, shipment with tracking, cancellation.

use super::dto::OrderDetail;
use super::statement::{line_discount_label, line_net, total_rows};
use crate::http::state::AppState;
use crate::platform::mail::Email;
use crate::platform::money::money_text;

fn order_url(state: &AppState, number: &str) -> String {
    format!("{}/order/{number}", state.config.public_url)
}

/// The lines at their price before discount, each line's share of the
/// coupon and what it comes to, then the totals (see `statement`): the
/// amounts shown add up to the total.
fn lines_text(o: &OrderDetail) -> String {
    let cur = &o.totals.total.currency;
    let coupon = line_discount_label(o);
    let mut s = String::new();
    for l in &o.lines {
        s.push_str(&format!(
            "  {} ({})\n      {} × {} = {}\n",
            l.name,
            l.sku,
            l.qty,
            money_text(l.unit_price.cents, cur),
            money_text(l.subtotal.cents, cur)
        ));
        if l.discount.cents != 0 {
            s.push_str(&format!(
                "      {coupon} {}, line after discount {}\n",
                money_text(-l.discount.cents, cur),
                money_text(line_net(l), cur)
            ));
        }
        if !l.serials.is_empty() {
            s.push_str(&format!("      serials: {}\n", l.serials.join(", ")));
        }
    }
    s.push('\n');
    for row in total_rows(o) {
        s.push_str(&format!(
            "  {}: {}\n",
            row.label,
            money_text(row.cents, cur)
        ));
    }
    s
}

async fn send(
    state: &AppState,
    kind: &'static str,
    user_id: &str,
    to: &str,
    subject: String,
    text: String,
) {
    let email = Email {
        kind,
        user_id: Some(user_id.to_owned()),
        to: to.to_owned(),
        subject,
        text,
        html: None,
    };
    record(state, email).await;
}

/// Records an order e-mail in the outbox; a failure is logged, the order stands.
pub async fn record(state: &AppState, email: Email) {
    let kind = email.kind;
    if let Err(e) = state.mailer.send(&state.db, email).await {
        tracing::error!(error = %e, kind, "could not record an order e-mail");
    }
}

/// The confirmation e-mail of an order (sent when it is placed).
pub fn confirmation_email(state: &AppState, user_id: &str, to: &str, o: &OrderDetail) -> Email {
    let mut text = format!(
        "Thank you for your order {}.\n\n{}\n",
        o.number,
        lines_text(o)
    );
    if !o.payment.bank_details.is_empty() {
        text.push_str("Please pay by bank transfer to:\n");
        for b in &o.payment.bank_details {
            text.push_str(&format!("  {}: {}\n", b.label, b.value));
        }
        if let Some(by) = &o.payment.pay_by {
            text.push_str(&format!(
                "Unpaid orders are cancelled automatically after {} (UTC). A proforma invoice is available on the order page.\n",
                by
            ));
        }
    } else {
        text.push_str(&format!(
            "Payment: {} ({}).\n",
            o.payment.name,
            o.payment.status.replace('_', " ")
        ));
    }
    if o.awaiting_delivery {
        text.push_str(
            "\nDigital items (licences, subscriptions, eSIMs) are awaiting delivery; we will e-mail you when they are ready.\n",
        );
    }
    text.push_str(&format!("\nYour order: {}\n", order_url(state, &o.number)));
    Email {
        kind: "order_confirmation",
        user_id: Some(user_id.to_owned()),
        to: to.to_owned(),
        subject: format!("Your Uplink order {}", o.number),
        text,
        html: None,
    }
}

/// Sent after a change made by staff or a job.
pub async fn status_change(state: &AppState, user_id: &str, to: &str, o: &OrderDetail, what: &str) {
    let text = format!(
        "{what}\n\nOrder {} is now {}.\n\n{}\nYour order: {}\n",
        o.number,
        o.status_label(),
        lines_text(o),
        order_url(state, &o.number)
    );
    send(
        state,
        "order_update",
        user_id,
        to,
        format!("Update on your Uplink order {}", o.number),
        text,
    )
    .await;
}

impl OrderDetail {
    pub fn status_label(&self) -> String {
        serde_json::to_value(self.status)
            .ok()
            .and_then(|v| v.as_str().map(|s| s.replace('_', " ")))
            .unwrap_or_default()
    }
}
