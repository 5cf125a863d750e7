//! E-mails of delivery (SPEC §7): the buyer's delivery e-mail listing what
//! was delivered with links, the note to the owner of a device another
//! account bought a licence for, and the alert to staff when a line cannot
//! be delivered. Each is an outbox row written in the transaction that
//! makes it true, so it is sent exactly once.

use super::context::{LineCtx, LineError};
use crate::commerce::orders::delivered::LineDeliverables;
use crate::platform::mail::{Email, Mailer};
use sqlx::AnyConnection;
use std::collections::HashMap;
use uplink_db::account_area::OutboxRow;
use uplink_db::delivery::{DeviceRef, LicenceKeyRow};
use uplink_db::orders::{OrderLineRow, OrderRow};

fn order_url(public_url: &str, number: &str) -> String {
    format!("{public_url}/order/{number}")
}

/// To the owner of `device` (another account): a key for their device.
pub async fn key_for_your_device(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    device: &DeviceRef,
    key: &LicenceKeyRow,
) -> Result<Option<OutboxRow>, LineError> {
    let Some(to) = uplink_db::delivery::user_email(tx, &device.user_id).await? else {
        return Ok(None);
    };
    let text = format!(
        "A licence was bought for your device {serial} and is now attached to it:\n\n  {name}\n  Key: {key}\n\nYou see it with the device in your account: {url}/account/device-management\n\nIf you did not expect this, nothing needs to be done; the licence only adds to your device.\n",
        serial = device.serial,
        name = key.name,
        key = key.licence_key,
        url = ctx.public_url,
    );
    Ok(Some(ctx.mailer.outbox_row(Email {
        kind: "licence_for_device",
        user_id: Some(device.user_id.clone()),
        to,
        subject: format!("A licence was added to your device {}", device.serial),
        text,
        html: None,
    })))
}

/// The lines of text for one delivered line.
fn deliverable_lines(public_url: &str, d: &LineDeliverables) -> Vec<String> {
    let mut out = Vec::new();
    for k in &d.licence_keys {
        out.push(format!("Licence key for {}: {}", k.serial, k.key));
        out.push(format!("  Certificate: {public_url}{}", k.certificate_url));
    }
    for w in &d.warranty_extensions {
        out.push(format!(
            "Coverage of {} extended: {} to {}",
            w.serial, w.starts_on, w.ends_on
        ));
    }
    for p in &d.subscriptions {
        let data = p.allowance_mb.map_or("unlimited data".to_owned(), |a| {
            format!("{} MB left", a.saturating_sub(p.used_mb))
        });
        out.push(format!(
            "Plan on {}: {data}, valid until {}",
            p.serial,
            p.current_expiry.get(..10).unwrap_or_default()
        ));
    }
    for e in &d.esims {
        out.push(format!(
            "eSIM {}: activation code {}",
            e.iccid, e.activation_code
        ));
        out.push(format!("  QR code: {public_url}{}", e.qr_url));
    }
    for t in &d.topups {
        out.push(format!("{} MB added to eSIM {}", t.data_mb, t.iccid));
    }
    if let Some(p) = &d.pool {
        out.push(format!(
            "Data pool {}: {} MB shared by {} eSIM(s)",
            p.name,
            p.allowance_mb,
            p.members.len()
        ));
    }
    out
}

/// The buyer's delivery e-mail.
pub fn delivery_email(
    mailer: &Mailer,
    public_url: &str,
    order: &OrderRow,
    lines: &[OrderLineRow],
    delivered: &HashMap<String, LineDeliverables>,
) -> OutboxRow {
    let mut text = format!(
        "Your digital items of order {} are ready.\n\n",
        order.number
    );
    for l in lines.iter().filter(|l| l.delivery_status == "delivered") {
        text.push_str(&format!("{} ({})\n", l.name, l.sku));
        if let Some(d) = delivered.get(&l.id) {
            for line in deliverable_lines(public_url, d) {
                text.push_str(&format!("  {line}\n"));
            }
        }
        text.push('\n');
    }
    if lines.iter().any(|l| l.delivery_status == "failed") {
        text.push_str("Some items could not be delivered yet; our team has been told and will contact you.\n\n");
    }
    text.push_str(&format!(
        "Your order: {}\n(Sign in to open the certificate and QR code links.)\n",
        order_url(public_url, &order.number)
    ));
    mailer.outbox_row(Email {
        kind: "order_delivered",
        user_id: Some(order.user_id.clone()),
        to: order.email.clone(),
        subject: format!("Your Uplink order {} is delivered", order.number),
        text,
        html: None,
    })
}

/// To the end customer of a pavilion order: what their partner had
/// delivered for them, by name and serial, never a price; with the link
/// that claims the account made for them (`invitation`: its token).
pub fn end_customer_email(
    mailer: &Mailer,
    public_url: &str,
    order: &OrderRow,
    lines: &[OrderLineRow],
    recipient: &uplink_db::accounts::UserRow,
    invitation: Option<&str>,
) -> OutboxRow {
    let partner = order
        .partner_name
        .as_deref()
        .unwrap_or("Your Uplink partner");
    let mut text = format!(
        "Hello {},\n\n{partner} has bought the following for you through Uplink; it is now on your devices:\n\n",
        if recipient.name.trim().is_empty() {
            "there"
        } else {
            recipient.name.trim()
        }
    );
    for l in lines.iter().filter(|l| l.delivery_status == "delivered") {
        let serials: Vec<String> = serde_json::from_str(&l.serials).unwrap_or_default();
        if serials.is_empty() {
            text.push_str(&format!("- {} ({})\n", l.name, l.sku));
        } else {
            text.push_str(&format!(
                "- {} ({}) for {}\n",
                l.name,
                l.sku,
                serials.join(", ")
            ));
        }
    }
    match invitation {
        Some(token) => text.push_str(&format!(
            "\nAn Uplink account was made for you to keep them: choose your password here to open it (the link works once, for {INVITATION_DAYS} days):\n{public_url}/invitation#{token}\n"
        )),
        None => text.push_str(&format!(
            "\nSee your devices, licence keys and plans: {public_url}/account/device-management\n"
        )),
    }
    text.push_str("\nUplink\n");
    mailer.outbox_row(Email {
        kind: "pavilion_delivered",
        user_id: Some(recipient.id.clone()),
        to: recipient.email.clone(),
        subject: format!("{partner} set up your devices on Uplink"),
        text,
        html: None,
    })
}

/// How long an invitation to claim an account stays valid (days).
pub const INVITATION_DAYS: i64 = 30;

/// To every fulfilment and admin staff member: a line could not be delivered.
pub async fn staff_alerts(
    tx: &mut AnyConnection,
    mailer: &Mailer,
    public_url: &str,
    order: &OrderRow,
    line: &OrderLineRow,
    why: &str,
) -> Result<Vec<OutboxRow>, uplink_db::DbError> {
    let staff = uplink_db::delivery::staff_recipients(tx).await?;
    Ok(staff
        .into_iter()
        .map(|(id, to)| {
            mailer.outbox_row(Email {
                kind: "delivery_failed",
                user_id: Some(id),
                to,
                subject: format!("Delivery failed: order {} ({})", order.number, line.sku),
                text: format!(
                    "Line \"{}\" ({}) of order {} could not be delivered:\n\n  {why}\n\nThe line is marked failed; settle it with the customer ({}). Order desk: {public_url}/admin/orders (order {})\n",
                    line.name, line.sku, order.number, order.email, order.number
                ),
                html: None,
            })
        })
        .collect())
}
