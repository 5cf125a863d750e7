//! Finishing a delivered order, once: the queue row marked delivered, a
//! digital-only order `completed` (with its history entry), a mixed order
//! left in its shipping flow with a note, and the buyer's delivery e-mail,
//! in the order's delivery transaction, conditional on the queue row still
//! being open.

use crate::http::state::AppState;
use sqlx::AnyConnection;
use uplink_db::account_area::OutboxRow;
use uplink_db::now_ms;
use uplink_db::orders::{self as oq, OrderRow};

/// What finishing did.
pub enum Finished {
    /// Another run finished the order before.
    Before,
    /// Finished now, with the delivery e-mail (none when nothing was
    /// delivered: cancelled, or every line failed).
    Now(Option<Box<OutboxRow>>),
}

/// Finishes the order; an error when lines are still awaiting delivery
/// (the row is claimed again later).
pub async fn finish_order(
    state: &AppState,
    tx: &mut AnyConnection,
    order: &OrderRow,
) -> anyhow::Result<Finished> {
    let lines = oq::lines_in(tx, &order.id).await?;
    if lines
        .iter()
        .any(|l| l.delivery_status == "awaiting_delivery")
    {
        anyhow::bail!("order {} still has lines awaiting delivery", order.number);
    }
    if !uplink_db::delivery::mark_delivered(tx, &order.id, now_ms()).await? {
        return Ok(Finished::Before);
    }
    let current = oq::order_in(tx, &order.id)
        .await?
        .unwrap_or_else(|| order.clone());
    let delivered = lines
        .iter()
        .filter(|l| l.delivery_status == "delivered")
        .count();
    let failed = lines.iter().any(|l| l.delivery_status == "failed");
    if delivered == 0 {
        return Ok(Finished::Now(None)); // cancelled, or nothing could be delivered
    }
    let note = format!(
        "{delivered} digital item{} delivered.",
        if delivered == 1 { "" } else { "s" }
    );
    let completes = current.digital_only && !failed && current.status == "processing";
    if completes && oq::set_status(tx, &order.id, "processing", "completed").await? {
        oq::insert_history(tx, &order.id, "completed", "system", &note).await?;
    } else {
        oq::insert_history(tx, &order.id, &current.status, "system", &note).await?;
    }
    let kinds = crate::commerce::orders::deliverables::Kinds::of(
        lines.iter().map(|l| l.product_type.as_str()),
    );
    let deliverables =
        crate::commerce::orders::deliverables::load_kinds(tx, &order.id, kinds).await?;
    let email = super::emails::delivery_email(
        &state.mailer,
        &state.config.public_url,
        &current,
        &lines,
        &deliverables,
    );
    uplink_db::account_area::insert_outbox_in(tx, &email).await?;
    Ok(Finished::Now(Some(Box::new(email))))
}
