//! Finishing a delivered order, once: the queue row marked delivered, a
//! digital-only order `completed` (with its history entry), a mixed order
//! left in its shipping flow with a note, and the buyer's delivery e-mail,
//! all in one transaction conditional on the queue row still being open.

use crate::http::state::AppState;
use uplink_db::now_ms;
use uplink_db::orders::{self as oq, OrderRow};

/// True when this call finished the order; an error when lines are still
/// awaiting delivery (the row is claimed again later).
pub async fn finish_order(state: &AppState, order: &OrderRow) -> anyhow::Result<bool> {
    let mut tx = state.db.begin_write().await?;
    let lines = oq::lines_in(&mut tx, &order.id).await?;
    if lines
        .iter()
        .any(|l| l.delivery_status == "awaiting_delivery")
    {
        anyhow::bail!("order {} still has lines awaiting delivery", order.number);
    }
    if !uplink_db::delivery::mark_delivered(&mut tx, &order.id, now_ms()).await? {
        return Ok(false); // finished by another run
    }
    let current = oq::order_in(&mut tx, &order.id)
        .await?
        .unwrap_or_else(|| order.clone());
    let delivered = lines
        .iter()
        .filter(|l| l.delivery_status == "delivered")
        .count();
    let failed = lines.iter().any(|l| l.delivery_status == "failed");
    if delivered == 0 {
        tx.commit().await?; // cancelled, or nothing could be delivered
        return Ok(true);
    }
    let note = format!(
        "{delivered} digital item{} delivered.",
        if delivered == 1 { "" } else { "s" }
    );
    let completes = current.digital_only && !failed && current.status == "processing";
    if completes && oq::set_status(&mut tx, &order.id, "processing", "completed").await? {
        oq::insert_history(&mut tx, &order.id, "completed", "system", &note).await?;
    } else {
        oq::insert_history(&mut tx, &order.id, &current.status, "system", &note).await?;
    }
    let deliverables = super::deliverables::load(&mut tx, &order.id).await?;
    let email = super::emails::delivery_email(
        &state.mailer,
        &state.config.public_url,
        &current,
        &lines,
        &deliverables,
    );
    uplink_db::account_area::insert_outbox_in(&mut tx, &email).await?;
    tx.commit().await?;
    state.mailer.recorded(&email);
    Ok(true)
}
