//! The order system's background jobs (SPEC §17), run by the platform's
//! job runner ([`crate::platform::jobs`]), which leases each one so that one
//! server runs it at a time: unpaid bank-transfer orders are cancelled after
//! their pay-by time (stock returned), idempotency keys expire after 24
//! hours, card/PayPal payments a stopped server left authorised are
//! captured, refunds a stopped server left pending are settled, and partner
//! rebates past the return window become available.

use crate::http::state::AppState;
use crate::platform::jobs::{Job, JobFuture};
use std::time::Duration;
use uplink_db::now_ms;
use uplink_domain::checkout::order_status::Actor;

const EVERY: Duration = Duration::from_secs(30);

/// The jobs, for the runner.
pub fn jobs() -> Vec<Job<AppState>> {
    vec![
        Job {
            name: "cancel_unpaid_orders",
            every: EVERY,
            run: cancel_unpaid_orders,
        },
        Job {
            name: "expire_idempotency_keys",
            every: EVERY,
            run: expire_idempotency_keys,
        },
        Job {
            name: "capture_authorised_payments",
            every: EVERY,
            run: capture_authorised_payments,
        },
        Job {
            name: "reconcile_stale_refunds",
            every: Duration::from_secs(120),
            run: reconcile_stale_refunds,
        },
        Job {
            name: "mature_partner_rebates",
            every: Duration::from_secs(600),
            run: mature_partner_rebates,
        },
    ]
}

/// Refunds a stopped server left pending are settled by what the gateway says.
fn reconcile_stale_refunds(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move {
        crate::commerce::orders::refunds::reconcile_stale(state)
            .await
            .map_err(|e| anyhow::anyhow!("{}", e.code.as_str()))
    })
}

/// Partner rebates of orders paid longer ago than the return window become
/// `available` (one conditional statement: safe twice, or on two servers).
fn mature_partner_rebates(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move {
        let window_ms = state.config.partners.rebate_window_days * 86_400_000;
        let mut tx = state.db.begin_write().await?;
        let moved = uplink_db::partners::mature_rebates(&mut tx, now_ms(), window_ms).await?;
        tx.commit().await?;
        Ok(moved)
    })
}

/// Cancels bank-transfer orders whose pay-by time has passed.
fn cancel_unpaid_orders(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move {
        let now = now_ms();
        let mut cancelled = 0;
        for id in state.db.overdue_unpaid_orders(now, 200).await? {
            let mut conn = state.db.pool().acquire().await?;
            let Some(order) = uplink_db::orders::order_in(&mut conn, &id).await? else {
                continue;
            };
            drop(conn);
            let days = state.config.checkout.bank_transfer_days;
            match crate::commerce::orders::lifecycle::cancel(
                state,
                &order,
                Actor::System,
                &format!("No payment arrived within {days} days, so the order was cancelled."),
                None,
            )
            .await
            {
                Ok(_) => cancelled += 1,
                Err(e) => {
                    tracing::warn!(order = %order.number, error = %e, "could not cancel an unpaid order")
                }
            }
        }
        Ok(cancelled)
    })
}

/// Forgets idempotency keys older than 24 hours.
fn expire_idempotency_keys(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move { Ok(state.db.purge_idempotency_keys(now_ms()).await?) })
}

/// Captures payments authorised for orders a stopped server never captured.
fn capture_authorised_payments(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move {
        let mut captured = 0;
        for p in state.db.uncaptured_payments(now_ms(), 60_000).await? {
            if let (Some(order), Some(intent)) = (&p.order_id, &p.gateway_ref) {
                crate::commerce::orders::lifecycle::capture_order_payment(state, order, intent)
                    .await;
                captured += 1;
            }
        }
        Ok(captured)
    })
}

/// Runs the order jobs whose lease this server gets now (what the runner
/// does every 30 seconds), and says what they did.
pub async fn run_once(state: &AppState) -> anyhow::Result<JobReport> {
    let done = crate::platform::jobs::run_due(&state.db, state, &jobs()).await?;
    let count = |name: &str| done.iter().find(|(n, _)| *n == name).map_or(0, |(_, c)| *c);
    Ok(JobReport {
        cancelled: count("cancel_unpaid_orders"),
        keys_expired: count("expire_idempotency_keys"),
        captured: count("capture_authorised_payments"),
    })
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct JobReport {
    pub cancelled: u64,
    pub keys_expired: u64,
    pub captured: u64,
}
