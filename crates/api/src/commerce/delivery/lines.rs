//! Delivering one order line: what its product type delivers (SPEC §4.1),
//! inside the order's delivery transaction, together with the device or
//! subscription it changes, so the line is delivered whole or not at all:
//! under a savepoint of its own, or with none and the whole order rolled
//! back when the line cannot be kept ([`Guard`]). Every unit is inserted
//! under its unique (line, unit) key first; an insert that changes nothing
//! means that unit was delivered before (a rerun), and a conditional
//! update that loses a race rolls the line back to be tried again.

use super::context::{LineCtx, LineError};
use super::written::Written;
use super::{esims, licences, plans};
use sqlx::AnyConnection;
use uplink_db::DbError;
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;

/// How often a line that lost a race is tried again before the order is
/// left for a later attempt.
const ATTEMPTS: usize = 5;

/// How an order's lines are delivered in its transaction (D126).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guard {
    /// Each line under a savepoint of its own, rolled back alone when it
    /// fails or loses a race.
    Savepoint,
    /// Without savepoints: for a two-line order, four statements fewer
    /// while SQLite's one writer is held (two on PostgreSQL). A line that
    /// cannot be kept as written cannot be undone alone, so it answers
    /// [`LineOutcome::Unkept`] and the caller rolls the order back and
    /// delivers it again with savepoints: rare, and then it costs twice.
    /// Its status is left to the caller, which moves every delivered line
    /// of the order in one statement ([`mark_lines_delivered`], D131).
    Bare,
}

/// What happened to a line.
pub enum LineOutcome {
    Delivered,
    /// It was no longer awaiting delivery when its units were written
    /// (cancelled meanwhile, or delivered by another run): nothing kept.
    Gone,
    Failed(ErrorCode, String),
    /// Delivered [`Guard::Bare`], it failed, lost a race or was moved
    /// meanwhile: what it wrote is still in the transaction, which must be
    /// rolled back.
    Unkept,
}

async fn savepoint(tx: &mut AnyConnection, statement: &'static str) -> Result<(), DbError> {
    sqlx::query(statement).execute(&mut *tx).await?;
    Ok(())
}

/// Ends a line's savepoint, kept or rolled back to. On SQLite it is
/// released: while one is open, every later statement copies the pages it
/// changes into SQLite's sub-journal first, the order's finish included (a
/// delivery held the writer 1.16–1.40 ms on average with them left open,
/// 1.02–1.16 ms released, D125). On PostgreSQL a release is one more round trip
/// and changes nothing the commit does not, so there the savepoint stays
/// open: savepoints of one name nest, and a rollback goes to the latest.
async fn end_savepoint(tx: &mut AnyConnection) -> Result<(), DbError> {
    if uplink_db::is_postgres(tx) {
        return Ok(());
    }
    savepoint(tx, "RELEASE SAVEPOINT delivery_line").await
}

/// Delivers one line (a no-op when it is no longer awaiting delivery) in
/// the caller's transaction. What it wrote is added to `written`: its
/// units, for the delivery e-mail, and the e-mails its delivery produces
/// (to another account's device owner), which go into the outbox with it,
/// for the caller to hand to the sender after its commit; a line rolled
/// back leaves nothing behind.
pub async fn deliver_line(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    guard: Guard,
    written: &mut Written,
) -> Result<LineOutcome, DbError> {
    if guard == Guard::Bare {
        return deliver_bare(tx, ctx, written).await;
    }
    for _ in 0..ATTEMPTS {
        savepoint(tx, "SAVEPOINT delivery_line").await?;
        let mut line = Written::default();
        match deliver_units(tx, ctx, &mut line).await {
            Ok(()) => {
                if !mark_delivered(tx, ctx).await? {
                    // Delivered (or cancelled) meanwhile: keep nothing of this run.
                    savepoint(tx, "ROLLBACK TO SAVEPOINT delivery_line").await?;
                    end_savepoint(tx).await?;
                    return Ok(LineOutcome::Gone);
                }
                keep(tx, line, written).await?;
                end_savepoint(tx).await?;
                return Ok(LineOutcome::Delivered);
            }
            Err(e) => {
                savepoint(tx, "ROLLBACK TO SAVEPOINT delivery_line").await?;
                end_savepoint(tx).await?;
                match e {
                    LineError::Retry => continue,
                    LineError::Fail(code, why) => return Ok(LineOutcome::Failed(code, why)),
                    LineError::Db(e) => return Err(e),
                }
            }
        }
    }
    Err(DbError::Sqlx(sqlx::Error::Protocol(format!(
        "line {} kept losing races; left for the next attempt",
        ctx.line.id
    ))))
}

/// [`Guard::Bare`]: one try, and anything but a delivered line is
/// [`LineOutcome::Unkept`]. The line is still awaiting delivery: the
/// caller marks it with the order's other lines ([`mark_lines_delivered`]).
async fn deliver_bare(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    written: &mut Written,
) -> Result<LineOutcome, DbError> {
    let mut line = Written::default();
    match deliver_units(tx, ctx, &mut line).await {
        Ok(()) => {}
        Err(LineError::Db(e)) => return Err(e),
        Err(LineError::Retry | LineError::Fail(..)) => return Ok(LineOutcome::Unkept),
    }
    keep(tx, line, written).await?;
    Ok(LineOutcome::Delivered)
}

/// Moves the line from awaiting delivery to delivered; false when it was
/// no longer awaiting delivery.
async fn mark_delivered(tx: &mut AnyConnection, ctx: &LineCtx<'_>) -> Result<bool, DbError> {
    let moved = uplink_db::orders::set_line_delivery(
        tx,
        &ctx.order.id,
        Some(&ctx.line.id),
        "awaiting_delivery",
        "delivered",
    )
    .await?;
    Ok(moved > 0)
}

/// Moves the lines an order delivered [`Guard::Bare`] from awaiting
/// delivery to delivered, in one statement; false when one of them was no
/// longer awaiting delivery (moved meanwhile: the order must be rolled
/// back, as when a line is marked alone).
pub async fn mark_lines_delivered(
    tx: &mut AnyConnection,
    order_id: &str,
    line_ids: &[&str],
) -> Result<bool, DbError> {
    if line_ids.is_empty() {
        return Ok(true);
    }
    let moved = uplink_db::orders::set_lines_delivery(
        tx,
        order_id,
        line_ids,
        "awaiting_delivery",
        "delivered",
    )
    .await?;
    Ok(moved == line_ids.len() as u64)
}

/// Keeps a delivered line's writing: its e-mails into the outbox, its
/// units and e-mails into the order's.
async fn keep(tx: &mut AnyConnection, line: Written, order: &mut Written) -> Result<(), DbError> {
    for row in &line.mail {
        uplink_db::account_area::insert_outbox_in(tx, row).await?;
    }
    order.append(line);
    Ok(())
}

/// The units of a line by its product type.
async fn deliver_units(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    written: &mut Written,
) -> Result<(), LineError> {
    match ctx.product.product_type {
        ProductType::License => {
            let mut devices = Vec::new();
            for serial in ctx.serials() {
                let device = licences::deliver_key(tx, ctx, &serial, written).await?;
                if licences::is_care_plan(ctx.snapshot, ctx.product) {
                    licences::extend_warranty(tx, ctx, &device, written).await?;
                }
                devices.push(device);
            }
            if let Some(family) = plans::licence_plan_family(ctx.product) {
                plans::apply_to_devices(tx, ctx, family, &devices, written).await?;
            }
        }
        ProductType::Cloud | ProductType::CloudConnect | ProductType::CloudUnlimited => {
            let mut devices = Vec::new();
            for serial in ctx.serials() {
                devices.push(licences::ensure_device(tx, ctx, &serial, written).await?);
            }
            let family = ctx.product.product_type.as_str();
            plans::apply_to_devices(tx, ctx, family, &devices, written).await?;
        }
        ProductType::Esim => esims::issue_profiles(tx, ctx).await?,
        ProductType::EsimData => esims::top_up(tx, ctx).await?,
        ProductType::EsimDataPool => esims::create_pool(tx, ctx).await?,
        ProductType::Hardware | ProductType::Configurable => {}
    }
    Ok(())
}
