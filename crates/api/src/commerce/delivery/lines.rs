//! Delivering one order line: what its product type delivers (SPEC §4.1),
//! inside the order's delivery transaction, under a savepoint of its own
//! together with the device or subscription it changes, so the line is
//! delivered whole or not at all. Every unit is inserted under its unique
//! (line, unit) key first; an insert that changes nothing means that unit
//! was delivered before (a rerun), and a conditional update that loses a
//! race rolls the line back to its savepoint to be tried again.

use super::context::{LineCtx, LineError};
use super::{esims, licences, plans};
use sqlx::AnyConnection;
use uplink_db::DbError;
use uplink_db::account_area::OutboxRow;
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;

/// How often a line that lost a race is tried again before the order is
/// left for a later attempt.
const ATTEMPTS: usize = 5;

/// What happened to a line.
pub enum LineOutcome {
    Delivered,
    /// It was no longer awaiting delivery when its units were written
    /// (cancelled meanwhile, or delivered by another run): nothing kept.
    Gone,
    Failed(ErrorCode, String),
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
/// the caller's transaction. E-mails the line's delivery produces (to
/// another account's device owner) go into the outbox with it and are
/// added to `mail`, for the caller to hand to the sender after its commit;
/// a line rolled back leaves none behind.
pub async fn deliver_line(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    mail: &mut Vec<OutboxRow>,
) -> Result<LineOutcome, DbError> {
    for _ in 0..ATTEMPTS {
        savepoint(tx, "SAVEPOINT delivery_line").await?;
        let mut line_mail = Vec::new();
        match deliver_units(tx, ctx, &mut line_mail).await {
            Ok(()) => {
                let moved = uplink_db::orders::set_line_delivery(
                    tx,
                    &ctx.order.id,
                    Some(&ctx.line.id),
                    "awaiting_delivery",
                    "delivered",
                )
                .await?;
                if moved == 0 {
                    // Delivered (or cancelled) meanwhile: keep nothing of this run.
                    savepoint(tx, "ROLLBACK TO SAVEPOINT delivery_line").await?;
                    end_savepoint(tx).await?;
                    return Ok(LineOutcome::Gone);
                }
                for row in &line_mail {
                    uplink_db::account_area::insert_outbox_in(tx, row).await?;
                }
                mail.append(&mut line_mail);
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

/// The units of a line by its product type.
async fn deliver_units(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    mail: &mut Vec<OutboxRow>,
) -> Result<(), LineError> {
    match ctx.product.product_type {
        ProductType::License => {
            let mut devices = Vec::new();
            for serial in ctx.serials() {
                let device = licences::deliver_key(tx, ctx, &serial, mail).await?;
                if licences::is_care_plan(ctx.snapshot, ctx.product) {
                    licences::extend_warranty(tx, ctx, &device).await?;
                }
                devices.push(device);
            }
            if let Some(family) = plans::licence_plan_family(ctx.product) {
                plans::apply_to_devices(tx, ctx, family, &devices).await?;
            }
        }
        ProductType::Cloud | ProductType::CloudConnect | ProductType::CloudUnlimited => {
            let mut devices = Vec::new();
            for serial in ctx.serials() {
                devices.push(licences::ensure_device(tx, ctx, &serial).await?);
            }
            let family = ctx.product.product_type.as_str();
            plans::apply_to_devices(tx, ctx, family, &devices).await?;
        }
        ProductType::Esim => esims::issue_profiles(tx, ctx).await?,
        ProductType::EsimData => esims::top_up(tx, ctx).await?,
        ProductType::EsimDataPool => esims::create_pool(tx, ctx).await?,
        ProductType::Hardware | ProductType::Configurable => {}
    }
    Ok(())
}
