//! Finishing a delivered order, once: the queue row marked delivered, a
//! digital-only order `completed` (with its history entry), a mixed order
//! left in its shipping flow with a note, and the buyer's delivery e-mail —
//! and, for a pavilion order, the end customer's (with an invitation to
//! claim their account when they had none) — in the order's delivery
//! transaction, conditional on the queue row still being open.

use super::written::Written;
use crate::http::state::AppState;
use sqlx::AnyConnection;
use uplink_db::account_area::OutboxRow;
use uplink_db::now_ms;
use uplink_db::orders::{self as oq, OrderLineRow, OrderRow};

/// What finishing did.
pub enum Finished {
    /// Another run finished the order before.
    Before,
    /// Finished now, with the delivery e-mails (none when nothing was
    /// delivered: cancelled, or every line failed).
    Now(Vec<OutboxRow>),
}

/// Finishes the order, whose lines are `lines` as this transaction left
/// them; an error when some are still awaiting delivery (the row is
/// claimed again later). The order's status is not read: completing is a
/// conditional update, and the note records the status as it is. The
/// e-mail lists what `written` kept, when it is everything the delivered
/// lines hold (see [`super::written`]).
pub async fn finish_order(
    state: &AppState,
    tx: &mut AnyConnection,
    order: &OrderRow,
    lines: &[OrderLineRow],
    written: Option<Written>,
) -> anyhow::Result<Finished> {
    if lines
        .iter()
        .any(|l| l.delivery_status == "awaiting_delivery")
    {
        anyhow::bail!("order {} still has lines awaiting delivery", order.number);
    }
    if !uplink_db::delivery::mark_delivered(tx, &order.id, now_ms()).await? {
        return Ok(Finished::Before);
    }
    let delivered = lines
        .iter()
        .filter(|l| l.delivery_status == "delivered")
        .count();
    let failed = lines.iter().any(|l| l.delivery_status == "failed");
    if delivered == 0 {
        return Ok(Finished::Now(Vec::new())); // cancelled, or nothing could be delivered
    }
    let note = format!(
        "{delivered} digital item{} delivered.",
        if delivered == 1 { "" } else { "s" }
    );
    // A digital-only order still processing is complete once every line is.
    let completes = order.digital_only && !failed;
    if completes && oq::set_status(tx, &order.id, "processing", "completed").await? {
        oq::insert_history(tx, &order.id, "completed", "system", &note).await?;
    } else {
        oq::insert_note_at_current_status(tx, &order.id, "system", &note).await?;
    }
    let kinds = crate::commerce::orders::deliverables::Kinds::of(
        lines.iter().map(|l| l.product_type.as_str()),
    );
    let deliverables = super::written::deliverables(tx, &order.id, kinds, written).await?;
    let email = super::emails::delivery_email(
        &state.mailer,
        &state.config.public_url,
        order,
        lines,
        &deliverables,
    );
    uplink_db::account_area::insert_outbox_in(tx, &email).await?;
    let mut emails = vec![email];
    if let Some(recipient) = end_customer_email(state, tx, order, lines).await? {
        uplink_db::account_area::insert_outbox_in(tx, &recipient).await?;
        emails.push(recipient);
    }
    Ok(Finished::Now(emails))
}

/// The end customer's e-mail of a pavilion order: what was delivered for
/// them and by which partner (never a price), and — when their account was
/// made for them and has no invitation yet — the link that claims it.
async fn end_customer_email(
    state: &AppState,
    tx: &mut AnyConnection,
    order: &OrderRow,
    lines: &[OrderLineRow],
) -> anyhow::Result<Option<OutboxRow>> {
    use uplink_db::invitations as inv;
    let Some(recipient_id) = order.recipient_user_id.as_deref() else {
        return Ok(None);
    };
    let Some(recipient) = uplink_db::invitations::user_in(tx, recipient_id).await? else {
        return Ok(None);
    };
    let now = now_ms();
    let invitation = match recipient.invited_at {
        Some(_) if !inv::has_invitation(tx, recipient_id).await? => {
            let token = uplink_domain::ids::new_secret();
            inv::insert_invitation(
                tx,
                &inv::NewInvitation {
                    token_hash: &uplink_domain::ids::hash_secret(&token),
                    user_id: recipient_id,
                    order_id: &order.id,
                    partner_id: order.partner_id.as_deref(),
                    created_at: now,
                    expires_at: now + super::emails::INVITATION_DAYS * 86_400_000,
                },
            )
            .await?;
            Some(token)
        }
        _ => None,
    };
    Ok(Some(super::emails::end_customer_email(
        &state.mailer,
        &state.config.public_url,
        order,
        lines,
        &recipient,
        invitation.as_deref(),
    )))
}
