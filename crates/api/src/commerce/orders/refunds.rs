//! Refunding a completed order (SPEC §7, D106), in full or per line and
//! quantity, with a reason. Three steps, so the money is never given back
//! twice and never more than was paid:
//!
//! 1. *reserve* — one transaction takes the amount and units with conditional
//!    updates (`uplink_db::refunds::reserve_refund`); two refunds at once
//!    cannot both take the last of what was paid;
//! 2. *ask the provider* — card and PayPal through the gateway; a bank
//!    transfer is paid back by staff outside the store, credit terms on the
//!    credit account;
//! 3. *settle* — on success the side effects (deliverables revoked, rebates
//!    and referral rewards cancelled, a Refunded credit entry, the status,
//!    the history, the audit entry) commit with the refund; on a decline the
//!    reservation is given back and the order stays as it was.

use super::dto::{OrderDetail, status_of};
use super::lifecycle::{actor_name, detail_in, give_back_credit};
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use serde::Deserialize;
use uplink_db::audit::{Actor, AuditEntry, append_in};
use uplink_db::orders::{self as q, OrderLineRow, OrderRow};
use uplink_db::refunds::{self as r, NewRefund, RefundLine, RefundRow};
use uplink_domain::checkout::order_status::{Actor as StatusActor, OrderStatus};
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// Units of one line to refund.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct RefundLineRequest {
    pub line_id: String,
    pub qty: i64,
}

/// What staff ask to refund.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct RefundRequest {
    /// Lines and quantities; empty or absent = everything not refunded yet
    /// (with shipping).
    #[serde(default)]
    pub lines: Vec<RefundLineRequest>,
    /// Why; shown to the customer on the credit note.
    pub reason: String,
}

/// What a refund gives back, worked out from the order before anything is written.
struct Plan {
    lines: Vec<RefundLine>,
    amount_cents: i64,
}

/// Refunds `order`; answers the order as it is afterwards.
pub async fn refund(
    state: &AppState,
    order: &OrderRow,
    req: &RefundRequest,
    actor: &Actor,
) -> ApiResult<OrderDetail> {
    let reason = checked_reason(&req.reason)?;
    if status_of(order) != OrderStatus::Completed {
        return Err(not_refundable(
            "Only a completed order can be refunded; cancel an order that is still open instead.",
        ));
    }
    let (lines, refunded_cents) = {
        let mut conn = state.db.pool().acquire().await?;
        let refunded: i64 = sqlx::query_scalar("SELECT refunded_cents FROM orders WHERE id = $1")
            .bind(&order.id)
            .fetch_one(&mut *conn)
            .await?;
        (q::lines_in(&mut conn, &order.id).await?, refunded)
    };
    let plan = plan(order, refunded_cents, &lines, &req.lines)?;
    let refund = reserve(state, order, &plan, reason, actor).await?;
    match ask_provider(state, order, &refund).await {
        Ok(gateway_ref) => {
            let settling = Settling {
                order,
                lines: &lines,
                plan: &plan,
                refund: &refund,
                refunded_before: refunded_cents,
            };
            settle(state, &settling, gateway_ref, actor).await
        }
        Err(failure) => {
            let mut tx = state.db.begin_write().await?;
            r::fail_refund(&mut tx, &refund, &failure).await?;
            tx.commit().await?;
            Err(ApiError::new(ErrorCode::RefundDeclined))
        }
    }
}

fn checked_reason(reason: &str) -> ApiResult<&str> {
    let reason = reason.trim();
    if reason.is_empty() || reason.chars().count() > 500 {
        return Err(ApiError::validation(vec![FieldError::new(
            "reason",
            ErrorCode::ValidationFailed,
            "Say why (up to 500 characters); the customer reads it on the credit note.",
        )]));
    }
    Ok(reason)
}

fn not_refundable(detail: &str) -> ApiError {
    ApiError::new(ErrorCode::OrderNotRefundable).with_detail(detail.to_owned())
}

/// What units `qty` of `line` cost, after `done` units were refunded: the
/// line's total shared out by unit, the last unit taking the rounding, so
/// refunding every unit gives back exactly the line's total.
fn units_amount(line: &OrderLineRow, done: i64, qty: i64) -> i64 {
    let share = |units: i64| line.total_cents * units / line.qty.max(1);
    share(done + qty) - share(done)
}

fn plan(
    order: &OrderRow,
    refunded_cents: i64,
    lines: &[OrderLineRow],
    asked: &[RefundLineRequest],
) -> ApiResult<Plan> {
    let remaining = order.total_cents - refunded_cents;
    if remaining <= 0 {
        return Err(not_refundable(
            "This order has been refunded in full already.",
        ));
    }
    if asked.is_empty() {
        // Everything left, shipping included.
        let lines = lines
            .iter()
            .filter(|l| l.qty > l.refunded_qty)
            .map(|l| RefundLine {
                line_id: l.id.clone(),
                sku: l.sku.clone(),
                qty: l.qty - l.refunded_qty,
                amount_cents: units_amount(l, l.refunded_qty, l.qty - l.refunded_qty),
            })
            .collect();
        return Ok(Plan {
            lines,
            amount_cents: remaining,
        });
    }
    let mut out: Vec<RefundLine> = Vec::new();
    let mut errors = Vec::new();
    for (i, a) in asked.iter().enumerate() {
        let Some(line) = lines.iter().find(|l| l.id == a.line_id) else {
            errors.push(FieldError::new(
                format!("lines[{i}].line_id"),
                ErrorCode::ValidationFailed,
                "Not a line of this order.",
            ));
            continue;
        };
        let left = line.qty - line.refunded_qty;
        if a.qty < 1 || a.qty > left || out.iter().any(|o| o.line_id == line.id) {
            errors.push(FieldError::new(
                format!("lines[{i}].qty"),
                ErrorCode::ValidationFailed,
                format!(
                    "Refund between 1 and {left} of {} (each line once).",
                    line.sku
                ),
            ));
            continue;
        }
        out.push(RefundLine {
            line_id: line.id.clone(),
            sku: line.sku.clone(),
            qty: a.qty,
            amount_cents: units_amount(line, line.refunded_qty, a.qty),
        });
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let amount: i64 = out
        .iter()
        .map(|l| l.amount_cents)
        .sum::<i64>()
        .min(remaining);
    // Every unit refunded: what is left (shipping) goes back too.
    let all_units = lines.iter().all(|l| {
        let asked = out.iter().find(|o| o.line_id == l.id).map_or(0, |o| o.qty);
        l.refunded_qty + asked >= l.qty
    });
    let amount_cents = if all_units { remaining } else { amount };
    if amount_cents <= 0 {
        return Err(not_refundable(
            "These lines cost nothing; there is nothing to refund.",
        ));
    }
    Ok(Plan {
        lines: out,
        amount_cents,
    })
}

/// Step 1: takes the amount and units, or refuses when another refund took them first.
async fn reserve(
    state: &AppState,
    order: &OrderRow,
    plan: &Plan,
    reason: &str,
    actor: &Actor,
) -> ApiResult<RefundRow> {
    let mut tx = state.db.begin_write().await?;
    let new = NewRefund {
        order_id: &order.id,
        amount_cents: plan.amount_cents,
        reason,
        lines: &plan.lines,
        method: &order.payment_method,
        actor,
    };
    let Some(refund) = r::reserve_refund(&mut tx, &new, order.total_cents).await? else {
        tx.rollback().await?;
        return Err(not_refundable(
            "Another refund of this order was made meanwhile; reload the order and refund what is left.",
        ));
    };
    tx.commit().await?;
    Ok(refund)
}

/// Step 2: gives the money back where it came from. `Err` carries why not.
async fn ask_provider(
    state: &AppState,
    order: &OrderRow,
    refund: &RefundRow,
) -> Result<Option<String>, String> {
    if !matches!(order.payment_method.as_str(), "card" | "paypal") {
        // Bank transfers are paid back by staff; credit terms settle on the account.
        return Ok(None);
    }
    let intent = {
        let mut conn = state.db.pool().acquire().await.map_err(|e| e.to_string())?;
        q::payments_in(&mut conn, &order.id)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|p| p.status != "failed")
            .find_map(|p| p.gateway_ref)
    };
    let Some(intent) = intent else {
        return Err("no captured payment to refund".into());
    };
    match state.gateway.refund(&intent, refund.amount_cents).await {
        Ok(_) => Ok(Some(intent)),
        Err(e) => {
            tracing::warn!(error = %e, order = %order.number, refund = %refund.number, "refund declined");
            Err(e.to_string())
        }
    }
}

/// Revokes what `qty` units of `line` delivered: the first units whose
/// deliverables are still live, so two refunds of one line settled in any
/// order never revoke the same unit twice; a pool goes once the whole line
/// is refunded.
async fn revoke_units(
    tx: &mut sqlx::AnyConnection,
    line: &OrderLineRow,
    qty: i64,
) -> ApiResult<()> {
    let data_mb: Option<i64> = sqlx::query_scalar("SELECT data_mb FROM products WHERE id = $1")
        .bind(&line.product_id)
        .fetch_optional(&mut *tx)
        .await?
        .flatten();
    let (mut revoked, mut unit) = (0, 0);
    while revoked < qty && unit < line.qty {
        if r::revoke_unit(tx, line, unit, data_mb).await? > 0 {
            revoked += 1;
        }
        unit += 1;
    }
    if r::refunded_qty_in(tx, &line.id).await? >= line.qty {
        r::revoke_pool(tx, &line.id).await?;
    }
    Ok(())
}

/// What step 3 settles.
struct Settling<'a> {
    order: &'a OrderRow,
    lines: &'a [OrderLineRow],
    plan: &'a Plan,
    refund: &'a RefundRow,
    refunded_before: i64,
}

/// Step 3: the refund and its side effects, in one transaction.
async fn settle(
    state: &AppState,
    s: &Settling<'_>,
    gateway_ref: Option<String>,
    actor: &Actor,
) -> ApiResult<OrderDetail> {
    let Settling {
        order,
        lines,
        plan,
        refund,
        refunded_before,
    } = *s;
    let now = uplink_db::now_ms();
    let mut tx = state.db.begin_write().await?;
    if !r::succeed_refund(&mut tx, &refund.id, gateway_ref.as_deref()).await? {
        // The reconciliation job settled it meanwhile (this request stalled).
        tx.rollback().await?;
        return detail_now(state, order).await;
    }
    for rl in &plan.lines {
        let Some(line) = lines.iter().find(|l| l.id == rl.line_id) else {
            continue;
        };
        revoke_units(&mut tx, line, rl.qty).await?;
        uplink_db::partners::settle_line_rebate(&mut tx, &line.id, now).await?;
    }
    if order.payment_method == "credit_terms" {
        let note = format!("Credit note {} for order {}", refund.number, order.number);
        give_back_credit(&mut tx, order, StatusActor::Staff, plan.amount_cents, &note).await?;
    }
    uplink_db::referrals::cancel_order_rewards(&mut tx, &order.id, now).await?;
    // Refunded in full once everything paid went back, whichever refund took
    // the last of it (two partial refunds at once can).
    let refunded_now: i64 = sqlx::query_scalar("SELECT refunded_cents FROM orders WHERE id = $1")
        .bind(&order.id)
        .fetch_one(&mut *tx)
        .await?;
    let full = refunded_now >= order.total_cents;
    let to = if full { "refunded" } else { "completed" };
    if full {
        q::set_status(&mut tx, &order.id, "completed", "refunded").await?;
        q::set_payment_status(&mut tx, &order.id, "refunded", None).await?;
    }
    let money = crate::platform::money::money_text(refund.amount_cents, &order.currency);
    let note = format!(
        "Refunded {money} (credit note {}): {}",
        refund.number, refund.reason
    );
    q::insert_history(
        &mut tx,
        &order.id,
        to,
        actor_name(StatusActor::Staff),
        &note,
    )
    .await?;
    let entry = AuditEntry::new("order.refund", "order", order.number.clone())
        .summary(format!("{}: {note}", order.number))
        .before(&serde_json::json!({ "status": order.status, "refunded_cents": refunded_before }))
        .after(&serde_json::json!({
            "status": to,
            "refunded_cents": refunded_before + plan.amount_cents,
            "credit_note": refund.number,
            "lines": plan.lines,
        }));
    append_in(&mut tx, actor, &entry).await?;
    let detail = detail_in(state, &mut tx, &order.id).await?;
    tx.commit().await?;
    super::emails::status_change(
        state,
        &order.user_id,
        &order.email,
        &detail,
        &format!(
            "We refunded {money} of your order {}. Your credit note {} is in your order's page.",
            order.number, refund.number
        ),
    )
    .await;
    Ok(detail)
}

async fn detail_now(state: &AppState, order: &OrderRow) -> ApiResult<OrderDetail> {
    let mut conn = state.db.pool().acquire().await?;
    detail_in(state, &mut conn, &order.id).await
}

/// How long a refund may stay pending before the job settles it: a server
/// stopped between asking the gateway and writing the answer.
pub const STALE_AFTER_MS: i64 = 10 * 60 * 1000;

/// Settles refunds left pending by a stopped server. The gateway is the
/// truth: when the intent shows the money went back (its refunded total
/// covers every succeeded refund of the order plus this one) the refund
/// succeeds with its side effects, else it fails and gives its reservation
/// back. A refund without a gateway (bank transfer, credit terms) reached
/// no one outside the store and its staff member got no answer, so it
/// fails: they refund again.
pub async fn reconcile_stale(state: &AppState) -> ApiResult<u64> {
    let stale = {
        let mut conn = state.db.pool().acquire().await?;
        r::stale_pending_refunds(&mut conn, uplink_db::now_ms() - STALE_AFTER_MS).await?
    };
    let mut settled = 0;
    for refund in stale {
        let (order, lines, refunded_cents, done_before) = {
            let mut conn = state.db.pool().acquire().await?;
            let Some(order) = q::order_in(&mut conn, &refund.order_id).await? else {
                continue;
            };
            let refunded: i64 =
                sqlx::query_scalar("SELECT refunded_cents FROM orders WHERE id = $1")
                    .bind(&order.id)
                    .fetch_one(&mut *conn)
                    .await?;
            let done: i64 = r::refunds_of(&mut conn, &order.id)
                .await?
                .iter()
                .filter(|x| x.status == "succeeded")
                .map(|x| x.amount_cents)
                .sum();
            (
                order.clone(),
                q::lines_in(&mut conn, &order.id).await?,
                refunded,
                done,
            )
        };
        let gateway_ref = match went_back(state, &order, done_before + refund.amount_cents).await {
            Ok(r) => r,
            Err(failure) => {
                let mut tx = state.db.begin_write().await?;
                r::fail_refund(&mut tx, &refund, &failure).await?;
                tx.commit().await?;
                settled += 1;
                continue;
            }
        };
        let lines_before: Vec<OrderLineRow> = lines
            .into_iter()
            .map(|mut l| {
                // The reservation already counts this refund's units: settle from before it.
                let taken = refund
                    .refund_lines()
                    .iter()
                    .find(|x| x.line_id == l.id)
                    .map_or(0, |x| x.qty);
                l.refunded_qty -= taken;
                l
            })
            .collect();
        let plan = Plan {
            lines: refund.refund_lines(),
            amount_cents: refund.amount_cents,
        };
        let settling = Settling {
            order: &order,
            lines: &lines_before,
            plan: &plan,
            refund: &refund,
            refunded_before: refunded_cents - refund.amount_cents,
        };
        let actor = Actor {
            id: refund.actor_id.clone(),
            email: refund.actor_email.clone(),
        };
        settle(state, &settling, gateway_ref, &actor).await?;
        settled += 1;
    }
    Ok(settled)
}

/// Whether the order's payment shows `covered` cents given back at the gateway.
async fn went_back(
    state: &AppState,
    order: &OrderRow,
    covered: i64,
) -> Result<Option<String>, String> {
    if !matches!(order.payment_method.as_str(), "card" | "paypal") {
        return Err("interrupted before it was settled".into());
    }
    let mut conn = state.db.pool().acquire().await.map_err(|e| e.to_string())?;
    let intent = q::payments_in(&mut conn, &order.id)
        .await
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|p| p.status != "failed")
        .find_map(|p| p.gateway_ref)
        .ok_or_else(|| "no captured payment".to_owned())?;
    drop(conn);
    match state.gateway.intent(&intent).await {
        Ok(Some(i)) if i.refunded_cents >= covered => Ok(Some(intent)),
        Ok(_) => Err("interrupted before the gateway refunded it".into()),
        Err(e) => Err(e.to_string()),
    }
}
