//! Changes after placement: cancellation (customer, unpaid timeout, staff with
//! refund), bank transfers marked paid, shipments with tracking numbers.
//! Each change is one transaction with a history entry; the customer gets an e-mail.

use super::dto::{OrderDetail, OrderParts, load_parts, order_detail, status_of};
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use crate::platform::mail::Email;
use uplink_db::audit::{Actor as AuditActor, AuditEntry, append_in};
use uplink_db::now_ms;
use uplink_db::orders::{self as q, OrderRow};
use uplink_domain::checkout::credit::CreditEntryKind;
use uplink_domain::checkout::order_status::{Actor, OrderStatus};
use uplink_domain::error_code::ErrorCode;

pub(super) fn actor_name(a: Actor) -> &'static str {
    match a {
        Actor::Customer => "customer",
        Actor::Staff => "staff",
        Actor::System => "system",
    }
}

pub(super) async fn detail_in(
    state: &AppState,
    conn: &mut sqlx::AnyConnection,
    id: &str,
) -> ApiResult<OrderDetail> {
    let o = q::order_in(conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("This order"))?;
    let parts = load_parts(conn, o).await?;
    Ok(order_detail(&parts, &state.config.checkout.bank_details))
}

/// Cancels an order: stock goes back, an unpaid payment is voided, a paid one
/// refunded (staff only), a credit-terms purchase reverted.
/// `staff` is who cancels for the audit log (staff cancellations only).
pub async fn cancel(
    state: &AppState,
    order: &OrderRow,
    actor: Actor,
    note: &str,
    staff: Option<&AuditActor>,
) -> ApiResult<OrderDetail> {
    let from = status_of(order);
    if !from.may_become(OrderStatus::Cancelled, actor) {
        return Err(ApiError::new(ErrorCode::OrderNotCancellable).with_detail(match actor {
            Actor::Customer => "Only orders waiting for payment can be cancelled here; contact us about this order.".to_owned(),
            _ => format!("An order that is {} cannot be cancelled.", from.as_str().replace('_', " ")),
        }));
    }
    // The money goes back before anything changes: a refund the provider
    // declines leaves the order as it was.
    let returned = return_card_payment(state, order).await?;
    let mut tx = state.db.begin_write().await?;
    if !q::set_status(&mut tx, &order.id, from.as_str(), "cancelled").await? {
        if returned {
            // Shipped or cancelled by someone else between the two steps:
            // the money is back with the buyer and staff must settle it.
            tracing::error!(order = %order.number, "payment returned for a cancellation that lost a race; settle the order by hand");
        }
        return Err(ApiError::new(ErrorCode::OrderNotCancellable)
            .with_detail("The order changed meanwhile; reload it."));
    }
    let mut band_changed = false;
    for l in q::lines_in(&mut tx, &order.id).await? {
        if let Some(w) = &l.warehouse
            && l.delivery_status == "to_ship"
        {
            band_changed |=
                uplink_db::stock::return_stock(&mut tx, &l.product_id, w, l.qty).await?;
        }
    }
    q::set_line_delivery(&mut tx, &order.id, None, "to_ship", "cancelled").await?;
    q::set_line_delivery(&mut tx, &order.id, None, "awaiting_delivery", "cancelled").await?;
    q::set_line_delivery(&mut tx, &order.id, None, "failed", "cancelled").await?;
    let payments = q::payments_in(&mut tx, &order.id).await?;
    let new_payment_status = match order.payment_status.as_str() {
        "pending" => "voided",
        _ if order.payment_method == "credit_terms" => {
            // On terms, or already paid on the invoice (then refunded to the account).
            let note = format!("Order {} cancelled", order.number);
            if give_back_credit(&mut tx, order, actor, order.total_cents, &note).await? > 0 {
                "refunded"
            } else {
                "voided"
            }
        }
        "authorized" | "paid" => {
            if let Some(p) = payments
                .iter()
                .find(|p| p.gateway_ref.is_some() && p.status != "failed")
            {
                q::set_payment_row_status(&mut tx, &p.id, "refunded").await?;
            }
            "refunded"
        }
        other => other,
    };
    for p in payments
        .iter()
        .filter(|p| p.status == "pending" || p.status == "on_terms")
    {
        q::set_payment_row_status(&mut tx, &p.id, "voided").await?;
    }
    q::set_payment_status(&mut tx, &order.id, new_payment_status, None).await?;
    // The partner's rebates go with the order: pending ones are cancelled,
    // ones already available are clawed back (SPEC §10).
    uplink_db::partners::settle_order_rebates(&mut tx, &order.id, uplink_db::now_ms()).await?;
    // A referral reward still in its return window goes with the order too.
    uplink_db::referrals::cancel_order_rewards(&mut tx, &order.id, uplink_db::now_ms()).await?;
    q::insert_history(&mut tx, &order.id, "cancelled", actor_name(actor), note).await?;
    if let Some(staff) = staff {
        let entry = status_entry("order.cancel", order, from.as_str(), "cancelled", note);
        append_in(&mut tx, staff, &entry).await?;
    }
    let detail = detail_in(state, &mut tx, &order.id).await?;
    tx.commit().await?;
    if band_changed {
        state.catalog.stock_band_changed().await;
    }
    super::emails::status_change(
        state,
        &order.user_id,
        &order.email,
        &detail,
        &format!("Your order {} was cancelled. {note}", order.number),
    )
    .await;
    Ok(detail)
}

/// The audit entry of a staff status change of `order`.
fn status_entry(
    action: &'static str,
    order: &OrderRow,
    from: &str,
    to: &str,
    note: &str,
) -> AuditEntry {
    AuditEntry::new(action, "order", order.number.clone())
        .summary(format!("{}: {note}", order.number))
        .before(&serde_json::json!({ "status": from }))
        .after(&serde_json::json!({ "status": to }))
}

/// Staff: a shipped order arrived; it is `completed`.
pub async fn complete(
    state: &AppState,
    order: &OrderRow,
    staff: &AuditActor,
) -> ApiResult<OrderDetail> {
    let from = status_of(order);
    if !from.may_become(OrderStatus::Completed, Actor::Staff) || from == OrderStatus::Processing {
        return Err(
            ApiError::new(ErrorCode::InvalidTransition).with_detail(format!(
                "Only a shipped order can be marked delivered; this one is {}.",
                from.as_str().replace('_', " ")
            )),
        );
    }
    let mut tx = state.db.begin_write().await?;
    if !q::set_status(&mut tx, &order.id, from.as_str(), "completed").await? {
        return Err(ApiError::new(ErrorCode::InvalidTransition)
            .with_detail("The order changed meanwhile; reload it."));
    }
    q::insert_history(&mut tx, &order.id, "completed", "staff", "Delivered.").await?;
    let entry = status_entry(
        "order.complete",
        order,
        from.as_str(),
        "completed",
        "Delivered",
    );
    append_in(&mut tx, staff, &entry).await?;
    let detail = detail_in(state, &mut tx, &order.id).await?;
    tx.commit().await?;
    Ok(detail)
}

/// Returns a card or PayPal payment of an order being cancelled: an
/// authorisation is voided, a capture refunded in full. An intent already
/// voided or refunded (a cancellation racing this one) counts as returned;
/// anything else the provider refuses is `refund_declined`. True when
/// money went back.
async fn return_card_payment(state: &AppState, order: &OrderRow) -> ApiResult<bool> {
    if !matches!(order.payment_status.as_str(), "authorized" | "paid")
        || order.payment_method == "credit_terms"
    {
        return Ok(false);
    }
    let mut conn = state.db.pool().acquire().await?;
    let payments = q::payments_in(&mut conn, &order.id).await?;
    drop(conn);
    let Some(intent) = payments
        .iter()
        .filter(|p| p.status != "failed")
        .find_map(|p| p.gateway_ref.clone())
    else {
        return Ok(false);
    };
    let gw = &state.gateway;
    if gw.void(&intent).await.is_ok() {
        return Ok(true);
    }
    match gw.refund(&intent, order.total_cents).await {
        Ok(_) => Ok(true),
        // A cancellation racing this one returned it already.
        Err(uplink_payments::GatewayError::WrongState("voided" | "refunded")) => Ok(false),
        Err(e) => {
            tracing::warn!(error = %e, order = %order.number, "the provider refused the cancellation's refund");
            Err(ApiError::new(ErrorCode::RefundDeclined))
        }
    }
}

/// Gives back up to `amount` of the credit a credit-terms order took: what
/// is still open on its invoice is Reverted first; the rest, up to what the
/// customer had already paid on it, is Refunded to the credit account (they
/// owe that much less elsewhere). A cancellation gives back the whole total.
/// Answers the amount refunded.
pub(super) async fn give_back_credit(
    tx: &mut sqlx::AnyConnection,
    order: &OrderRow,
    actor: Actor,
    amount: i64,
    note: &str,
) -> ApiResult<i64> {
    uplink_db::credit::lock_user(tx, &order.user_id).await?;
    let (open, paid) = match uplink_db::credit::invoice_in(tx, &order.id).await? {
        Some(i) => (i.outstanding_cents(), i.settled_cents.min(i.invoiced_cents)),
        None => (order.total_cents, 0),
    };
    let reverted = amount.min(open).max(0);
    let refunded = (amount - reverted).min(paid).max(0);
    // A millisecond apart, so the history lists them in the order written.
    let now = now_ms();
    let entries = [
        (CreditEntryKind::Reverted, reverted, now),
        (CreditEntryKind::Refunded, refunded, now + 1),
    ];
    for (kind, amount, at) in entries {
        if amount <= 0 {
            continue;
        }
        let entry = uplink_db::credit::NewCreditEntry {
            user_id: &order.user_id,
            kind,
            amount_cents: amount,
            order_id: Some(&order.id),
            note,
            actor: actor_name(actor),
            due_at: None,
            created_at: at,
        };
        uplink_db::credit::insert_credit_entry(tx, &entry).await?;
    }
    Ok(refunded)
}

/// Staff: a bank transfer arrived.
pub async fn mark_paid(
    state: &AppState,
    order: &OrderRow,
    staff: &AuditActor,
) -> ApiResult<OrderDetail> {
    if order.payment_method != "bank_transfer" || order.payment_status != "pending" {
        return Err(ApiError::field(
            "order",
            ErrorCode::ValidationFailed,
            "Only unpaid bank-transfer orders can be marked paid.",
        ));
    }
    let mut tx = state.db.begin_write().await?;
    if !q::set_status(&mut tx, &order.id, "pending_payment", "processing").await? {
        return Err(ApiError::new(ErrorCode::OrderNotCancellable).with_detail(
            "The order is no longer waiting for payment (it may have been cancelled).",
        ));
    }
    q::set_payment_status(&mut tx, &order.id, "paid", Some(now_ms())).await?;
    sqlx::query("UPDATE payments SET status = 'paid', updated_at = $1 WHERE order_id = $2 AND status = 'pending'")
        .bind(now_ms())
        .bind(&order.id)
        .execute(&mut *tx)
        .await?;
    q::insert_history(
        &mut tx,
        &order.id,
        "processing",
        "staff",
        &format!("Bank transfer received (marked by {}).", staff.email),
    )
    .await?;
    let entry = status_entry(
        "order.mark_paid",
        order,
        "pending_payment",
        "processing",
        "Bank transfer received",
    );
    append_in(&mut tx, staff, &entry).await?;
    // Paid now: the referrer earns their (pending) reward (SPEC §10).
    let lines = q::lines_in(&mut tx, &order.id).await?;
    let snapshot = state.catalog.loaded();
    let store = snapshot.as_ref().and_then(|s| {
        s.store_by_code(&order.store_code)
            .map(|i| s.stores[i].clone())
    });
    crate::commerce::referral::earn_rewards(&mut tx, order, &lines, store.as_ref(), now_ms())
        .await?;
    let detail = detail_in(state, &mut tx, &order.id).await?;
    let digital = detail
        .lines
        .iter()
        .any(|l| l.delivery_status == "awaiting_delivery");
    if digital {
        // Paid now: the digital lines are queued with the payment.
        uplink_db::delivery::enqueue(&mut tx, &order.id, now_ms()).await?;
    }
    tx.commit().await?;
    if digital {
        super::paid::announce();
    }
    super::emails::status_change(
        state,
        &order.user_id,
        &order.email,
        &detail,
        "We received your bank transfer. Thank you!",
    )
    .await;
    Ok(detail)
}

/// Staff: a parcel left with `carrier` and `tracking`; `line_ids` empty = every line still to ship.
pub async fn add_shipment(
    state: &AppState,
    order: &OrderRow,
    carrier: &str,
    tracking: &str,
    line_ids: &[String],
    staff: &AuditActor,
) -> ApiResult<OrderDetail> {
    let mut errors = Vec::new();
    if carrier.trim().is_empty() || carrier.len() > 40 {
        errors.push(FieldError::new(
            "carrier",
            ErrorCode::ValidationFailed,
            "Name the carrier.",
        ));
    }
    let tracking = tracking.trim();
    if tracking.len() < 4
        || tracking.len() > 60
        || !tracking
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ')
    {
        errors.push(FieldError::new(
            "tracking_number",
            ErrorCode::ValidationFailed,
            "Enter the tracking number (4–60 letters, digits, spaces or hyphens).",
        ));
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let from = status_of(order);
    if !matches!(
        from,
        OrderStatus::Processing | OrderStatus::PartiallyShipped
    ) {
        return Err(ApiError::field(
            "order",
            ErrorCode::ValidationFailed,
            format!(
                "An order that is {} cannot be shipped.",
                from.as_str().replace('_', " ")
            ),
        ));
    }
    let mut tx = state.db.begin_write().await?;
    let lines = q::lines_in(&mut tx, &order.id).await?;
    let to_ship: Vec<&uplink_db::orders::OrderLineRow> = lines
        .iter()
        .filter(|l| l.delivery_status == "to_ship")
        .filter(|l| line_ids.is_empty() || line_ids.contains(&l.id))
        .collect();
    if to_ship.is_empty() {
        return Err(ApiError::field(
            "line_ids",
            ErrorCode::ValidationFailed,
            "None of these lines is waiting to be shipped.",
        ));
    }
    for l in &to_ship {
        q::set_line_delivery(&mut tx, &order.id, Some(&l.id), "to_ship", "shipped").await?;
    }
    let ids: Vec<&str> = to_ship.iter().map(|l| l.id.as_str()).collect();
    q::insert_shipment(
        &mut tx,
        &uplink_db::orders::ShipmentRow {
            id: uplink_domain::ids::new_id("shp"),
            order_id: order.id.clone(),
            carrier: carrier.trim().to_owned(),
            tracking_number: tracking.to_owned(),
            line_ids: serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into()),
            shipped_at: now_ms(),
            created_by: staff.email.clone(),
        },
    )
    .await?;
    let left = lines
        .iter()
        .filter(|l| l.delivery_status == "to_ship")
        .count()
        - to_ship.len();
    let to = if left > 0 {
        OrderStatus::PartiallyShipped
    } else {
        OrderStatus::Shipped
    };
    if from != to {
        q::set_status(&mut tx, &order.id, from.as_str(), to.as_str()).await?;
    }
    q::insert_history(
        &mut tx,
        &order.id,
        to.as_str(),
        "staff",
        &format!("Shipped with {} ({}).", carrier.trim(), tracking),
    )
    .await?;
    let what = format!(
        "Shipped {} with {} ({tracking})",
        ids.join(", "),
        carrier.trim()
    );
    let entry = status_entry("order.ship", order, from.as_str(), to.as_str(), &what);
    append_in(&mut tx, staff, &entry).await?;
    let detail = detail_in(state, &mut tx, &order.id).await?;
    tx.commit().await?;
    super::emails::status_change(
        state,
        &order.user_id,
        &order.email,
        &detail,
        &format!(
            "Your parcel is on its way with {}: tracking number {tracking}.",
            carrier.trim()
        ),
    )
    .await;
    Ok(detail)
}

/// Captures an authorised payment and marks the order paid (also run by the
/// recovery job for orders whose server stopped before capturing).
pub async fn capture_order_payment(state: &AppState, order_id: &str, intent_id: &str) {
    if capture_at_gateway(state, order_id, intent_id).await {
        record_capture(state, order_id, intent_id, None).await;
    }
}

/// Asks the gateway to take the authorised money; false (logged, left to
/// the recovery job) when it could not.
pub async fn capture_at_gateway(state: &AppState, order_id: &str, intent_id: &str) -> bool {
    match state.gateway.capture(intent_id).await {
        Ok(_) => true,
        Err(e) => {
            tracing::error!(error = %e, order_id, intent_id, "capture failed; the recovery job retries");
            false
        }
    }
}

/// Records a capture: the payment `captured`, the order paid, and `email`
/// (the confirmation, which can then say so) in the same transaction. When
/// that fails the recovery job records the capture later, and the e-mail
/// is recorded on its own so the customer still gets it.
pub async fn record_capture(
    state: &AppState,
    order_id: &str,
    intent_id: &str,
    email: Option<Email>,
) {
    let outbox = email.map(|e| state.mailer.outbox_row(e));
    let (db, order, intent, row) = (
        state.db.clone(),
        order_id.to_owned(),
        intent_id.to_owned(),
        outbox.clone(),
    );
    let record =
        async move { q::record_capture(&db, &order, &intent, now_ms(), row.as_ref()).await };
    match state.db.on_writer_thread(record).await {
        Ok(()) => {
            if let Some(row) = &outbox {
                state.mailer.recorded(row);
            }
        }
        Err(e) => {
            tracing::error!(error = %e, order_id, "captured but could not record it; the recovery job retries");
            if let Some(row) = &outbox
                && let Err(e) = state.mailer.send_row(&state.db, row).await
            {
                tracing::error!(error = %e, order_id, "could not record an order e-mail");
            }
        }
    }
}

/// What [`record_capture`] changes, applied to an order held in memory.
pub fn mark_captured(parts: &mut OrderParts, intent_id: &str, now: i64) {
    for p in parts
        .payments
        .iter_mut()
        .filter(|p| p.status == "authorized" && p.gateway_ref.as_deref() == Some(intent_id))
    {
        p.status = "captured".into();
        p.updated_at = now;
    }
    parts.order.payment_status = "paid".into();
    parts.order.paid_at = parts.order.paid_at.or(Some(now));
    parts.order.updated_at = now;
}
