//! Running delivery: the queue is drained by a per-process worker that the
//! payment's commit wakes at once ([`nudge`]), and by the job runner's
//! `deliver_paid_orders` job every few seconds on every server (orders
//! another server queued, or left half done when it stopped). Either way
//! an order is taken with a conditional update of its queue row
//! (`claim_delivery`, a lease), so several servers never deliver one order
//! at once; a server that stops mid-order leaves the row to be claimed
//! again when the lease ends, and the unique keys make the rerun deliver
//! only what is missing. A lane delivers its orders two to a transaction
//! ([`ORDERS_PER_TRANSACTION`]), eight while the queue is behind
//! ([`ORDERS_PER_TRANSACTION_BEHIND`]), one by one when that cannot keep
//! them; on SQLite each transaction runs on the writer's thread.

use super::context::LineCtx;
use super::lines::{Guard, LineOutcome, deliver_line, mark_lines_delivered};
use super::written::Written;
use crate::http::state::AppState;
use crate::platform::jobs::{Job, JobFuture};
use crate::read_model::Snapshot;
use std::time::Duration;
use uplink_db::delivery::QueuedOrder;
use uplink_db::orders::{self as oq, OrderLineRow, OrderRow};
use uplink_db::{Backend, now_ms};
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;

/// How long one server holds an order it delivers.
const LEASE_MS: i64 = 60_000;
/// How long an order whose attempt failed waits before the next.
const RETRY_MS: i64 = 30_000;
/// New orders read from the queue at a time.
const BATCH: i64 = 50;
/// On PostgreSQL the lanes are given more when they hold no more than
/// this many orders (D134): enough left that none runs dry while the
/// queue is read again. See [`refill_at`].
const REFILL_AT: usize = 25;
/// Orders a lane delivers in one transaction (D126): one BEGIN, wait for
/// the writer and COMMIT for two orders. SQLite's writer is held about
/// 1.5 ms for them, as long as a checkout's; eight at a time (4.5 ms) made
/// every queued checkout wait through the hold (D124), so more go together
/// only while delivery is behind.
const ORDERS_PER_TRANSACTION: usize = 2;
/// Orders a lane delivers in one transaction when the queue is behind (a
/// read found [`BATCH`] orders or more): each transaction first waits its
/// turn at SQLite's writer behind the checkouts (about 7 ms under a full
/// checkout load), so two at a time could not keep pace with 400 orders/s.
/// Eight (D128) fell 9–10 s behind a checkout of 480–500 orders/s over
/// 120 s; twelve kept pace (D135). On PostgreSQL, round-trip bound,
/// sixteen changed nothing.
const ORDERS_PER_TRANSACTION_BEHIND: usize = 12;
/// The job's interval: the safety net behind the worker.
const JOB_EVERY: Duration = Duration::from_secs(5);

/// The worker of a serving process: delivers whenever a payment is
/// announced (`crate::commerce::orders::paid`).
pub fn spawn_worker(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            crate::commerce::orders::paid::announced().await;
            let _only_run = state.delivery_run.lock().await;
            if let Err(e) = run_once(&state).await {
                tracing::warn!(error = %e, "delivery run failed; the job retries");
            }
        }
    })
}

/// The job for the runner.
pub fn jobs() -> Vec<Job<AppState>> {
    vec![Job {
        name: "deliver_paid_orders",
        every: JOB_EVERY,
        run: deliver_paid_orders,
    }]
}

/// One run of this process at a time: a second one would read the same
/// queued orders and wait on the first one's claims (row locks held until
/// each order's commit, on PostgreSQL) only to find them taken. Under a
/// checkout load the worker's run never ends, and with the job beside it
/// 1,697 claims were made for 909 orders, waiting 9.1 ms each (D121). So
/// the job skips while the worker runs: that run reads every claimable
/// order, other servers' too.
fn deliver_paid_orders(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move {
        let Ok(_only_run) = state.delivery_run.try_lock() else {
            return Ok(0);
        };
        run_once(state).await
    })
}

/// Delivers every order this server can claim now; returns how many it
/// finished. (Tests call it directly.)
///
/// The queue is read [`BATCH`] orders past those already handed to a lane,
/// and read again once no more than [`refill_at`] are left in the lanes,
/// so a lane never waits for the slowest of a batch (D134): until D133
/// every lane waited for all of a read's orders, the slowest lane's
/// included, before the queue was read again.
pub async fn run_once(state: &AppState) -> anyhow::Result<u64> {
    let lanes = Lanes::start(state);
    let mut reading = Ok(());
    while !lanes.flight.failed() {
        let taken = lanes.taken();
        let wanted = BATCH + taken.len() as i64;
        let claimable = state
            .db
            .claimable_deliveries_except(now_ms(), wanted, &taken);
        let queued = match claimable.await {
            Ok(queued) => queued,
            Err(e) => {
                reading = Err(e.into());
                break;
            }
        };
        // Fewer than a batch beyond what the lanes hold: the queue was read to its end.
        let read_to_the_end = (queued.len() as i64) < BATCH;
        lanes.hand_over(queued);
        if read_to_the_end {
            break;
        }
        lanes.flight.drained_to(refill_at(state.db.backend())).await;
    }
    let done = lanes.finish().await;
    reading.and(done)
}

/// Orders to a transaction after a read of `read` new queued orders: more
/// while the queue is behind.
fn orders_per_transaction(read: i64) -> usize {
    if read >= BATCH {
        ORDERS_PER_TRANSACTION_BEHIND
    } else {
        ORDERS_PER_TRANSACTION
    }
}

/// How many orders one server delivers at once (D118). One on SQLite: its
/// one writer takes one transaction at a time, and a second delivery would
/// only queue behind the first. Several on PostgreSQL, whose writers run
/// side by side: there an order's time is mostly round trips to the
/// database, which overlap. Eight, not four: over 120 s of checkout load
/// four lanes ended 22 s behind (six, 14 s), each waiting on its round
/// trips while the CPU served checkouts; eight ended 1.9–6.2 s after the
/// load, checkout at 343–354 orders/s against 356 with four; twelve (340
/// orders/s) gained little more (D135). At most eight of the 16
/// transaction connections are delivery's.
fn lanes(backend: Backend) -> usize {
    match backend {
        Backend::Sqlite => 1,
        Backend::Postgres => 8,
    }
}

/// How few orders the lanes hold before the queue is read again. None on
/// SQLite: its one lane refilled early kept the one writer busier under a
/// checkout load (378 orders/s against 404, D134), while a read there costs
/// the writer nothing, so the lane drains first, as before D134.
fn refill_at(backend: Backend) -> usize {
    match backend {
        Backend::Sqlite => 0,
        Backend::Postgres => REFILL_AT,
    }
}

/// An order handed to a lane, and how many go to a transaction.
type Handed = (QueuedOrder, usize);

/// The lanes of one run: each delivers the orders handed to it in the
/// order they came, `per_transaction` to a transaction. An account's
/// orders share a lane and go in the order they were paid: a later order
/// may read what an earlier one delivers (an eSIM pool takes the eSIMs
/// bought before it).
struct Lanes {
    senders: Vec<tokio::sync::mpsc::UnboundedSender<Handed>>,
    running: tokio::task::JoinSet<anyhow::Result<u64>>,
    flight: std::sync::Arc<InFlight>,
}

/// The orders handed to lanes and not yet done with, shared by the lanes.
#[derive(Default)]
struct InFlight {
    ids: parking_lot::Mutex<std::collections::HashSet<String>>,
    /// Told whenever orders leave the lanes or a lane stops.
    changed: tokio::sync::Notify,
    failed: std::sync::atomic::AtomicBool,
}

impl InFlight {
    fn done_with(&self, orders: &[QueuedOrder]) {
        let mut ids = self.ids.lock();
        for queued in orders {
            ids.remove(&queued.order.id);
        }
        drop(ids);
        self.changed.notify_waiters();
    }

    fn failed(&self) -> bool {
        self.failed.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Waits until the lanes hold no more than `left` orders, or one stopped.
    async fn drained_to(&self, left: usize) {
        loop {
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if self.ids.lock().len() <= left || self.failed() {
                return;
            }
            changed.await;
        }
    }
}

impl Lanes {
    fn start(state: &AppState) -> Lanes {
        let flight = std::sync::Arc::new(InFlight::default());
        let mut running = tokio::task::JoinSet::new();
        let senders = (0..lanes(state.db.backend()))
            .map(|_| {
                let (sender, handed) = tokio::sync::mpsc::unbounded_channel();
                running.spawn(run_lane(state.clone(), handed, flight.clone()));
                sender
            })
            .collect();
        Lanes {
            senders,
            running,
            flight,
        }
    }

    /// The orders the lanes hold now.
    fn taken(&self) -> std::collections::HashSet<String> {
        self.flight.ids.lock().clone()
    }

    /// Hands each order not already in a lane to its account's lane.
    fn hand_over(&self, queued: Vec<QueuedOrder>) {
        let fresh: Vec<QueuedOrder> = {
            let mut ids = self.flight.ids.lock();
            queued
                .into_iter()
                .filter(|q| ids.insert(q.order.id.clone()))
                .collect()
        };
        let per_transaction = orders_per_transaction(fresh.len() as i64);
        for queued in fresh {
            let lane = lane_of(queued.owner(), self.senders.len());
            if let Err(refused) = self.senders[lane].send((queued, per_transaction)) {
                // The lane stopped on an error: the order stays queued.
                self.flight.done_with(&[refused.0.0]);
            }
        }
    }

    /// Lets every lane run to its end; how many orders they finished, or
    /// the first error. Every lane ends before an error is returned:
    /// dropping one would cut it off mid-order (its transaction rolls
    /// back, but the work is lost until the next run).
    async fn finish(mut self) -> anyhow::Result<u64> {
        self.senders.clear();
        let mut done = 0;
        let mut first_error = None;
        while let Some(joined) = self.running.join_next().await {
            match joined {
                Ok(Ok(lane)) => done += lane,
                Ok(Err(e)) => {
                    first_error.get_or_insert(e);
                }
                Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
                Err(e) => {
                    first_error.get_or_insert(e.into());
                }
            }
        }
        first_error.map_or(Ok(done), Err)
    }
}

/// One lane: takes what was handed to it, up to its `per_transaction`
/// waiting orders at a time, until the run ends or a transaction fails.
async fn run_lane(
    state: AppState,
    mut handed: tokio::sync::mpsc::UnboundedReceiver<Handed>,
    flight: std::sync::Arc<InFlight>,
) -> anyhow::Result<u64> {
    // A lane that ends early (an error, a panic) stops the run's reading,
    // which would otherwise wait for its orders to leave.
    let mut stops_the_run = StopsTheRun(&flight, true);
    let mut done = 0;
    while let Some((first, per_transaction)) = handed.recv().await {
        let mut together = vec![first];
        while together.len() < per_transaction {
            match handed.try_recv() {
                Ok((next, _)) => together.push(next),
                Err(_) => break,
            }
        }
        // On SQLite, on the writer's thread (D128).
        let chunk = {
            let (state, together) = (state.clone(), together.clone());
            async move { deliver_chunk(&state, &together).await }
        };
        let delivered = state.db.on_writer_thread(chunk).await;
        flight.done_with(&together);
        match delivered {
            Ok(finished) => done += finished,
            Err(e) => {
                handed.close();
                while let Ok((left, _)) = handed.try_recv() {
                    flight.done_with(&[left]);
                }
                return Err(e);
            }
        }
    }
    stops_the_run.1 = false;
    Ok(done)
}

/// Marks the run failed when dropped armed (see [`run_lane`]).
struct StopsTheRun<'a>(&'a InFlight, bool);

impl Drop for StopsTheRun<'_> {
    fn drop(&mut self) {
        if self.1 {
            self.0
                .failed
                .store(true, std::sync::atomic::Ordering::Release);
            self.0.changed.notify_waiters();
        }
    }
}

/// Delivers `orders` in one transaction when there are several, else (or
/// when that could not keep them all) one by one; how many it finished.
async fn deliver_chunk(state: &AppState, orders: &[QueuedOrder]) -> anyhow::Result<u64> {
    if orders.len() > 1 {
        match deliver_together(state, orders).await {
            Ok(Some(done)) => return Ok(done),
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(error = %e, "orders delivered together failed; one by one now")
            }
        }
    }
    let mut done = 0;
    for queued in orders {
        done += u64::from(attempt(state, queued).await?);
    }
    Ok(done)
}

/// The lane of an account's orders.
fn lane_of(owner: &str, count: usize) -> usize {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    owner.hash(&mut hasher);
    (hasher.finish() % count as u64) as usize
}

/// One attempt at an order; a failed one is recorded and retried later.
async fn attempt(state: &AppState, queued: &QueuedOrder) -> anyhow::Result<bool> {
    let id = &queued.order.id;
    match deliver_order(state, queued).await {
        Ok(done) => Ok(done),
        Err(e) => {
            tracing::warn!(order_id = %id, error = %e, "delivery attempt failed; retried later");
            state
                .db
                .delivery_attempt_failed(id, &e.to_string(), now_ms() + RETRY_MS)
                .await?;
            Ok(false)
        }
    }
}

/// The lines to deliver, as indexes into `lines`: those awaiting delivery,
/// in their order, except that a line whose delivery reads what other
/// lines deliver goes last (a pool takes the buyer's eSIMs, those of this
/// order included).
fn delivery_order(lines: &[OrderLineRow]) -> Vec<usize> {
    let mut v: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].delivery_status == "awaiting_delivery")
        .collect();
    v.sort_by_key(|&i| {
        (
            lines[i].product_type == ProductType::EsimDataPool.as_str(),
            lines[i].position,
        )
    });
    v
}

/// Claims one queued order and delivers it in ONE transaction: the claim,
/// every line (see [`Guard`]), the failures, the finish and
/// the e-mails. One commit per order keeps SQLite's single writer free for
/// checkouts; and a server that stops midway leaves nothing behind, not
/// even its claim, so another picks the order up at its next run. The claim
/// (a lease) still tells servers apart while the transaction runs, and
/// after a failed attempt it keeps the order waiting until its retry time.
/// True when this call finished the order.
///
/// On SQLite every statement here holds the one writer that checkouts
/// share, so the transaction does as little as it can: the order and its
/// lines are read with the queue, before it (D126), and kept up to date in
/// memory as each line is delivered or fails, rather than read again to
/// finish (D125); what the lines write is kept for the delivery e-mail,
/// rather than read back; and the lines go without savepoints
/// ([`Guard::Bare`]) — when one cannot be kept as written, the order is
/// rolled back and delivered again with them, reading afresh (D126).
pub async fn deliver_order(state: &AppState, queued: &QueuedOrder) -> anyhow::Result<bool> {
    if let Some(done) = deliver_order_with(state, queued, Guard::Bare).await? {
        return Ok(done);
    }
    metrics::counter!("delivery_orders_redone_total").increment(1);
    let again = deliver_order_with(state, queued, Guard::Savepoint).await?;
    Ok(again.unwrap_or(false))
}

/// [`deliver_order`] with its lines delivered as `guard` says (with
/// savepoints always after a failed attempt); `None` when a line delivered
/// [`Guard::Bare`] could not be kept and the order was rolled back.
async fn deliver_order_with(
    state: &AppState,
    queued: &QueuedOrder,
    guard: Guard,
) -> anyhow::Result<Option<bool>> {
    let snapshot = state.catalog.snapshot().await?;
    let (mut tx, held) = begin(state).await?;
    let (done, mail) = match deliver_in(state, &mut tx, &snapshot, queued, guard).await? {
        InTransaction::Unkept => {
            tx.rollback().await?;
            return Ok(None);
        }
        InTransaction::Taken => (false, Vec::new()),
        InTransaction::Finished { now, mail } => (now, mail),
    };
    commit(state, tx, held, 1, &mail).await?;
    Ok(Some(done))
}

/// Several orders of a lane in one transaction, [`Guard::Bare`] (D126):
/// how many it finished, or `None` when an order's line could not be kept
/// and all were rolled back (the caller delivers them one by one).
async fn deliver_together(state: &AppState, orders: &[QueuedOrder]) -> anyhow::Result<Option<u64>> {
    let snapshot = state.catalog.snapshot().await?;
    let (mut tx, held) = begin(state).await?;
    let (mut done, mut mail) = (0, Vec::new());
    for queued in orders {
        match deliver_in(state, &mut tx, &snapshot, queued, Guard::Bare).await? {
            InTransaction::Unkept => {
                tx.rollback().await?;
                return Ok(None);
            }
            InTransaction::Taken => {}
            InTransaction::Finished { now, mail: more } => {
                done += u64::from(now);
                mail.extend(more);
            }
        }
    }
    commit(state, tx, held, orders.len() as u64, &mail).await?;
    Ok(Some(done))
}

/// A write transaction for delivery, and when it got the writer.
async fn begin(
    state: &AppState,
) -> anyhow::Result<(sqlx::Transaction<'static, sqlx::Any>, std::time::Instant)> {
    let asked = std::time::Instant::now();
    let tx = state.db.begin_write().await?;
    let held = std::time::Instant::now();
    // How long delivery waits for a writer and holds one (see /metrics; the
    // checkout bench prints them): on SQLite the one writer is shared with
    // every checkout.
    metrics::histogram!("delivery_writer_wait_seconds").record(held - asked);
    Ok((tx, held))
}

/// Commits delivery's transaction of `orders` orders, then hands its
/// e-mails to the sender.
async fn commit(
    state: &AppState,
    tx: sqlx::Transaction<'static, sqlx::Any>,
    held: std::time::Instant,
    orders: u64,
    mail: &[uplink_db::account_area::OutboxRow],
) -> anyhow::Result<()> {
    tx.commit().await?;
    metrics::histogram!("delivery_transaction_seconds").record(held.elapsed());
    metrics::counter!("delivery_orders_total").increment(orders);
    for row in mail {
        state.mailer.recorded(row);
    }
    Ok(())
}

/// What delivering an order did inside a transaction.
enum InTransaction {
    /// Another server has it, or it is done.
    Taken,
    /// A line delivered [`Guard::Bare`] could not be kept: roll back.
    Unkept,
    /// Delivered, with the e-mails to send after the commit; `now` when
    /// this finished the order.
    Finished {
        now: bool,
        mail: Vec<uplink_db::account_area::OutboxRow>,
    },
}

/// Claims `queued` and delivers it in the caller's transaction. A first
/// attempt [`Guard::Bare`] works from the order and lines read before the
/// claim; otherwise they are read again after it.
async fn deliver_in(
    state: &AppState,
    tx: &mut sqlx::AnyConnection,
    snapshot: &Snapshot,
    queued: &QueuedOrder,
    guard: Guard,
) -> anyhow::Result<InTransaction> {
    let order_id = queued.order.id.as_str();
    let claim = uplink_db::delivery::claim_delivery_in(tx, order_id, now_ms(), LEASE_MS);
    let Some(attempt) = claim.await? else {
        return Ok(InTransaction::Taken);
    };
    // After a failed attempt a line is likely to fail again.
    let guard = if attempt > 1 { Guard::Savepoint } else { guard };
    let (order, mut lines) = match guard {
        Guard::Bare => (queued.order.clone(), queued.lines.clone()),
        Guard::Savepoint => {
            let Some(order) = oq::order_in(tx, order_id).await? else {
                return Ok(InTransaction::Taken);
            };
            (order, oq::lines_in(tx, order_id).await?)
        }
    };
    // The e-mail lists every delivered line: when one was delivered by an
    // earlier attempt, what this one writes is not all of it.
    let delivered_before = lines.iter().any(|l| l.delivery_status == "delivered");
    let rerun = attempt > 1;
    let delivering = deliver_lines(state, tx, snapshot, &order, &mut lines, rerun, guard);
    let Some(Delivered {
        mut written,
        mut mail,
        moved_meanwhile,
    }) = delivering.await?
    else {
        return Ok(InTransaction::Unkept);
    };
    if moved_meanwhile {
        // Another transaction moved a line (a cancellation): finish on what it left.
        lines = oq::lines_in(tx, order_id).await?;
    }
    mail.append(&mut written.mail);
    let complete = !(delivered_before || moved_meanwhile);
    let written = complete.then_some(written);
    let now = match super::finish::finish_order(state, tx, &order, &lines, written).await? {
        super::finish::Finished::Before => false,
        super::finish::Finished::Now(emails) => {
            mail.extend(emails);
            true
        }
    };
    Ok(InTransaction::Finished { now, mail })
}

/// What an order's lines did in its transaction.
struct Delivered {
    /// What they wrote, and the e-mails their delivery made.
    written: Written,
    /// The staff alerts of the lines that failed.
    mail: Vec<uplink_db::account_area::OutboxRow>,
    /// Another transaction moved a line meanwhile.
    moved_meanwhile: bool,
}

/// Delivers the lines awaiting delivery, each line's status in `lines`
/// kept as it moves; `None` when a line delivered [`Guard::Bare`] could
/// not be kept (the transaction must be rolled back).
async fn deliver_lines(
    state: &AppState,
    tx: &mut sqlx::AnyConnection,
    snapshot: &Snapshot,
    order: &OrderRow,
    lines: &mut [OrderLineRow],
    rerun: bool,
    guard: Guard,
) -> anyhow::Result<Option<Delivered>> {
    let mut done = Delivered {
        written: Written::default(),
        mail: Vec::new(),
        moved_meanwhile: false,
    };
    // Lines delivered bare, marked together after the last (D131).
    let mut unmarked = Vec::new();
    for index in delivery_order(lines) {
        let line = &lines[index];
        let devices = done.written.devices.clone();
        let outcome = match line_ctx(state, snapshot, order, line, rerun, &devices) {
            Ok(ctx) => deliver_line(tx, &ctx, guard, &mut done.written).await?,
            Err(not_in_catalogue) => not_in_catalogue,
        };
        // The line's status now, or `None` when another transaction moved it.
        let status = match outcome {
            LineOutcome::Unkept => return Ok(None),
            LineOutcome::Delivered => Some("delivered"),
            LineOutcome::Failed(code, why) => record_failure(state, tx, order, line, code, &why)
                .await?
                .map(|alerts| {
                    done.mail.extend(alerts);
                    "failed"
                }),
            LineOutcome::Gone => None,
        };
        if guard == Guard::Bare && status == Some("delivered") {
            unmarked.push(index);
        }
        match status {
            Some(status) => lines[index].delivery_status = status.to_owned(),
            None => done.moved_meanwhile = true,
        }
    }
    let ids: Vec<&str> = unmarked.iter().map(|&i| lines[i].id.as_str()).collect();
    if !mark_lines_delivered(tx, &order.id, &ids).await? {
        return Ok(None);
    }
    Ok(Some(done))
}

/// What delivering `line` reads; `rerun` when this is not the order's
/// first attempt (see [`LineCtx::rerun`]). A line whose product left the
/// catalogue fails before it writes anything.
fn line_ctx<'a>(
    state: &'a AppState,
    snapshot: &'a Snapshot,
    order: &'a OrderRow,
    line: &'a OrderLineRow,
    rerun: bool,
    devices: &'a [uplink_db::delivery::DeviceRef],
) -> Result<LineCtx<'a>, LineOutcome> {
    let Some(product) = snapshot
        .product_by_id(&line.product_id)
        .map(|i| snapshot.product(i))
    else {
        return Err(LineOutcome::Failed(
            ErrorCode::NotFound,
            format!("{} is no longer in the catalogue.", line.sku),
        ));
    };
    Ok(LineCtx {
        order,
        line,
        product,
        snapshot,
        mailer: &state.mailer,
        public_url: &state.config.public_url,
        smdp: &state.config.checkout.esim_smdp,
        now: now_ms(),
        purchased: match order.payment_method.as_str() {
            "bank_transfer" => order.paid_at.unwrap_or(order.placed_at),
            _ => order.placed_at,
        },
        rerun,
        devices,
    })
}

/// A line that cannot be delivered: marked `failed` with a history entry
/// saying why, and staff alerted (the alerts are returned, recorded in the
/// outbox already). `None` when the line was no longer awaiting delivery.
async fn record_failure(
    state: &AppState,
    tx: &mut sqlx::AnyConnection,
    order: &OrderRow,
    line: &OrderLineRow,
    code: ErrorCode,
    why: &str,
) -> anyhow::Result<Option<Vec<uplink_db::account_area::OutboxRow>>> {
    tracing::error!(order = %order.number, line = %line.id, code = %code, why, "a line could not be delivered");
    let moved =
        oq::set_line_delivery(tx, &order.id, Some(&line.id), "awaiting_delivery", "failed").await?;
    if moved == 0 {
        return Ok(None);
    }
    let note = format!(
        "{} could not be delivered ({code}): {why} Our team has been told and will contact you.",
        line.name
    );
    oq::insert_note_at_current_status(tx, &order.id, "system", &note).await?;
    let alerts = super::emails::staff_alerts(
        tx,
        &state.mailer,
        &state.config.public_url,
        order,
        line,
        &format!("{code}: {why}"),
    )
    .await?;
    for row in &alerts {
        uplink_db::account_area::insert_outbox_in(tx, row).await?;
    }
    Ok(Some(alerts))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lane that stops early (an error, a panic) drops its guard armed:
    /// the run's reading, waiting for that lane's orders to leave, ends
    /// rather than waiting for ever.
    #[tokio::test]
    async fn a_lane_that_stops_ends_the_wait_for_its_orders() {
        let flight = std::sync::Arc::new(InFlight::default());
        flight.ids.lock().insert("ord_held".into());
        let waiting = tokio::spawn({
            let flight = flight.clone();
            async move { flight.drained_to(0).await }
        });
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "the held order keeps the wait");
        drop(StopsTheRun(&flight, true));
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("the wait ended")
            .unwrap();
        assert!(flight.failed());
        let disarmed = InFlight::default();
        drop(StopsTheRun(&disarmed, false));
        assert!(
            !disarmed.failed(),
            "a lane that ran to its end stops nothing"
        );
    }

    #[test]
    fn a_full_read_means_the_queue_is_behind() {
        assert_eq!(orders_per_transaction(1), ORDERS_PER_TRANSACTION);
        assert_eq!(orders_per_transaction(BATCH - 1), ORDERS_PER_TRANSACTION);
        assert_eq!(orders_per_transaction(BATCH), ORDERS_PER_TRANSACTION_BEHIND);
    }
}
