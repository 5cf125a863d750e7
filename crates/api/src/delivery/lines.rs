//! Delivering one order line: what its product type delivers (SPEC §4.1),
//! in ONE transaction per line together with the device or subscription it
//! changes, so the line is delivered whole or not at all. Every unit is
//! inserted under its unique (line, unit) key first; an insert that changes
//! nothing means that unit was delivered before (a rerun), and a
//! conditional update that loses a race rolls the line back to be tried again.

use super::context::{LineCtx, LineError};
use super::{esims, licences, plans};
use sqlx::AnyConnection;
use uplink_db::account_area::OutboxRow;
use uplink_db::{Db, DbError};
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;

/// How often a line that lost a race is tried again before the order is
/// left for a later attempt.
const ATTEMPTS: usize = 5;

/// What happened to a line.
pub enum LineOutcome {
    Delivered,
    Failed(ErrorCode, String),
}

/// Delivers one line (a no-op when it is no longer awaiting delivery).
/// E-mails the line's delivery produces (to another account's device
/// owner) are recorded in the same transaction and handed to the sender
/// after the commit.
pub async fn deliver_line(db: &Db, ctx: &LineCtx<'_>) -> Result<LineOutcome, DbError> {
    for _ in 0..ATTEMPTS {
        let mut tx = db.begin_write().await?;
        let mut mail = Vec::new();
        match deliver_units(&mut tx, ctx, &mut mail).await {
            Ok(()) => {
                let moved = uplink_db::orders::set_line_delivery(
                    &mut tx,
                    &ctx.order.id,
                    Some(&ctx.line.id),
                    "awaiting_delivery",
                    "delivered",
                )
                .await?;
                if moved == 0 {
                    // Delivered (or cancelled) meanwhile: keep nothing of this run.
                    return Ok(LineOutcome::Delivered);
                }
                for row in &mail {
                    uplink_db::account_area::insert_outbox_in(&mut tx, row).await?;
                }
                tx.commit().await?;
                for row in &mail {
                    ctx.mailer.recorded(row);
                }
                return Ok(LineOutcome::Delivered);
            }
            Err(LineError::Retry) => continue,
            Err(LineError::Fail(code, why)) => return Ok(LineOutcome::Failed(code, why)),
            Err(LineError::Db(e)) => return Err(e),
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
            for serial in ctx.serials() {
                let device = licences::deliver_key(tx, ctx, &serial, mail).await?;
                if licences::is_care_plan(ctx.snapshot, ctx.product) {
                    licences::extend_warranty(tx, ctx, &device).await?;
                }
            }
            if let Some(family) = plans::licence_plan_family(ctx.product) {
                plans::apply_to_serials(tx, ctx, family).await?;
            }
        }
        ProductType::Cloud | ProductType::CloudConnect | ProductType::CloudUnlimited => {
            for serial in ctx.serials() {
                licences::ensure_device(tx, ctx, &serial).await?;
            }
            plans::apply_to_serials(tx, ctx, ctx.product.product_type.as_str()).await?;
        }
        ProductType::Esim => esims::issue_profiles(tx, ctx).await?,
        ProductType::EsimData => esims::top_up(tx, ctx).await?,
        ProductType::EsimDataPool => esims::create_pool(tx, ctx).await?,
        ProductType::Hardware | ProductType::Configurable => {}
    }
    Ok(())
}
