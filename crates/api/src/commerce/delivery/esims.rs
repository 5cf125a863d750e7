//! eSIM profiles, data top-ups and data pools (SPEC §4.1).
//!
//! - `esim`: a profile per unit — an ICCID of our issuer range with its
//!   Luhn digit (drawn again on the rare collision), a random matching id
//!   and the activation code `LPA:1$<SM-DP+>$<matching id>`.
//! - `esim-data`: the bundle added to the buyer's eSIM named by the line's
//!   ICCID, once per unit; each unit adds its data and extends the expiry
//!   by its validity from the later of now and the current expiry.
//! - `esim-data-pool`: one pool per line with a shared allowance (the
//!   bundle × quantity); its members are the buyer's eSIMs at delivery
//!   (eSIMs bought in the same order included), at most 250.

use super::context::{LineCtx, LineError};
use sqlx::AnyConnection;
use uplink_db::delivery::{self as q, EsimRow, PoolRow, TopupRow};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::esim::{activation_code, new_iccid, new_matching_id};

/// Most members a pool takes (the demo pools say "up to 250 eSIMs").
pub const MAX_POOL_MEMBERS: i64 = 250;
const DAY_MS: i64 = 86_400_000;

/// One profile per unit of the line.
pub async fn issue_profiles(tx: &mut AnyConnection, ctx: &LineCtx<'_>) -> Result<(), LineError> {
    for unit in 0..ctx.line.qty.max(0) {
        issue_profile(tx, ctx, unit).await?;
    }
    Ok(())
}

async fn issue_profile(
    tx: &mut AnyConnection,
    ctx: &LineCtx<'_>,
    unit: i64,
) -> Result<(), LineError> {
    if q::esim_of_unit(tx, &ctx.line.id, unit).await?.is_some() {
        return Ok(());
    }
    for _ in 0..5 {
        let (iccid, matching_id) = {
            let mut rng = rand::rng();
            (new_iccid(&mut rng), new_matching_id(&mut rng))
        };
        let esim = EsimRow {
            activation_code: activation_code(ctx.smdp, &matching_id),
            iccid,
            user_id: ctx.owner().to_owned(),
            order_line_id: Some(ctx.line.id.clone()),
            unit,
            name: ctx.line.name.clone(),
            smdp: ctx.smdp.to_owned(),
            matching_id,
            data_mb: 0,
            used_mb: 0,
            expires_at: None,
            created_at: ctx.now,
        };
        if q::insert_esim(tx, &esim).await? {
            return Ok(());
        }
        if q::esim_of_unit(tx, &ctx.line.id, unit).await?.is_some() {
            return Ok(());
        }
        // That ICCID is taken: draw another.
    }
    Err(LineError::Retry)
}

/// The bundle applied to the buyer's eSIM, once per unit.
pub async fn top_up(tx: &mut AnyConnection, ctx: &LineCtx<'_>) -> Result<(), LineError> {
    let Some(iccid) = ctx.option("iccid") else {
        return Err(LineError::Fail(
            ErrorCode::InvalidIccid,
            "The line names no eSIM (ICCID) to top up.".into(),
        ));
    };
    let data_mb = ctx.product.data_mb.unwrap_or(0);
    let validity_ms = ctx
        .product
        .validity_days
        .unwrap_or(30)
        .saturating_mul(DAY_MS);
    for unit in 0..ctx.line.qty.max(0) {
        let from = q::esim_expiry(tx, &iccid)
            .await?
            .unwrap_or(ctx.now)
            .max(ctx.now);
        let topup = TopupRow {
            order_line_id: ctx.line.id.clone(),
            unit,
            iccid: iccid.clone(),
            data_mb,
            expires_at: Some(from.saturating_add(validity_ms)),
            created_at: ctx.now,
        };
        if !q::insert_topup(tx, &topup).await? {
            continue; // applied before
        }
        let applied = q::add_esim_data(
            tx,
            &iccid,
            ctx.owner(),
            data_mb,
            topup.expires_at.unwrap_or(from),
        )
        .await?;
        if !applied {
            return Err(LineError::Fail(
                ErrorCode::UnknownIccid,
                format!("The eSIM {iccid} is not one of the buyer's eSIMs."),
            ));
        }
    }
    Ok(())
}

/// The line's pool with its members.
pub async fn create_pool(tx: &mut AnyConnection, ctx: &LineCtx<'_>) -> Result<(), LineError> {
    let validity_ms = ctx
        .product
        .validity_days
        .unwrap_or(365)
        .saturating_mul(DAY_MS);
    let starts = ctx
        .option("start_date")
        .and_then(|d| {
            time::Date::parse(
                &d,
                time::macros::format_description!("[year]-[month]-[day]"),
            )
            .ok()
        })
        .map(super::context::ms_of_date)
        .filter(|s| *s > ctx.now)
        .unwrap_or(ctx.now);
    let pool = PoolRow {
        id: uplink_domain::ids::new_id("pool"),
        order_line_id: ctx.line.id.clone(),
        user_id: ctx.owner().to_owned(),
        name: ctx.line.name.clone(),
        allowance_mb: ctx
            .product
            .data_mb
            .unwrap_or(0)
            .saturating_mul(ctx.line.qty.max(1)),
        used_mb: 0,
        expires_at: Some(starts.saturating_add(validity_ms)),
        created_at: ctx.now,
    };
    if !q::insert_pool(tx, &pool).await? {
        return Ok(()); // the line has its pool
    }
    for iccid in q::esim_iccids_of_user(tx, ctx.owner(), MAX_POOL_MEMBERS).await? {
        q::insert_pool_member(tx, &pool.id, &iccid).await?;
    }
    Ok(())
}
