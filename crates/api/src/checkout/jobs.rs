//! Background jobs of the order system, run by every server but leased
//! through `job_leases` so one server runs each job at a time (SPEC §17):
//! unpaid bank-transfer orders are cancelled after their pay-by time (stock
//! returned), idempotency keys expire after 24 hours, and card/PayPal
//! payments a stopped server left authorised are captured.

use crate::http::state::AppState;
use std::time::Duration;
use uplink_db::now_ms;
use uplink_domain::checkout::order_status::Actor;

const TICK: Duration = Duration::from_secs(30);
const LEASE_MS: i64 = 25_000;

/// Runs every job once (when this server gets its lease). Returns what was done.
pub async fn run_once(state: &AppState) -> anyhow::Result<JobReport> {
    let mut report = JobReport::default();
    let now = now_ms();
    if state
        .db
        .claim_job("cancel_unpaid_orders", now, LEASE_MS)
        .await?
    {
        for id in state.db.overdue_unpaid_orders(now, 200).await? {
            let mut conn = state.db.pool().acquire().await?;
            let Some(order) = uplink_db::orders::order_in(&mut conn, &id).await? else {
                continue;
            };
            drop(conn);
            let days = state.config.checkout.bank_transfer_days;
            match crate::orders::manage::cancel(
                state,
                &order,
                Actor::System,
                &format!("No payment arrived within {days} days, so the order was cancelled."),
            )
            .await
            {
                Ok(_) => report.cancelled += 1,
                Err(e) => {
                    tracing::warn!(order = %order.number, error = %e, "could not cancel an unpaid order")
                }
            }
        }
    }
    if state
        .db
        .claim_job("expire_idempotency_keys", now, LEASE_MS)
        .await?
    {
        report.keys_expired = state.db.purge_idempotency_keys(now).await?;
    }
    if state
        .db
        .claim_job("capture_authorised_payments", now, LEASE_MS)
        .await?
    {
        for p in state.db.uncaptured_payments(now, 60_000).await? {
            if let (Some(order), Some(intent)) = (&p.order_id, &p.gateway_ref) {
                crate::orders::manage::capture_order_payment(state, order, intent).await;
                report.captured += 1;
            }
        }
    }
    Ok(report)
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct JobReport {
    pub cancelled: u64,
    pub keys_expired: u64,
    pub captured: u64,
}

/// The job loop of a serving process.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(TICK);
        loop {
            tick.tick().await;
            match run_once(&state).await {
                Ok(r) if r != JobReport::default() => tracing::info!(?r, "order jobs ran"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "order jobs failed"),
            }
        }
    })
}
