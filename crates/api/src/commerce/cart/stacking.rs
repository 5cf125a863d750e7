//! What delivery needs true, checked before money is taken so that
//! delivery does not meet it: a cloud plan must stack on the device's
//! subscriptions (`plan_not_stackable`, SPEC §4.3) and an eSIM top-up must
//! name one of the buyer's eSIMs (`unknown_iccid`). Checked when the line
//! is added to the cart and again when the order is placed (then also
//! between the lines of the one order). A race past both is met by
//! delivery itself, which marks the line failed and alerts staff.

use crate::commerce::cart::lines::ValidLine;
use crate::commerce::delivery::plans::{family_of, purchase_of, stacking_refusal};
use crate::commerce::pricing::PricedCart;
use crate::http::error::{ApiError, ApiResult};
use crate::read_model::Snapshot;
use crate::read_model::snapshot::Product;
use sqlx::AnyConnection;
use std::collections::HashMap;
use uplink_db::delivery::{SubscriptionRow, owns_esim, subscriptions_of_serial};
use uplink_db::{Db, now_ms};
use uplink_domain::catalog::ProductType;
use uplink_domain::error_code::ErrorCode;

/// A line being added: its plan must stack on each device's subscriptions;
/// a top-up's ICCID must be one of the customer's eSIMs (a guest has none
/// yet to show: checked when the order is placed, after sign-in).
pub async fn check_line(
    db: &Db,
    snap: &Snapshot,
    valid: &ValidLine,
    user_id: Option<&str>,
) -> ApiResult<()> {
    // Most lines have nothing to check against the account: no connection
    // is taken for them (each one costs PostgreSQL a round trip as it goes
    // back to the pool; a quick order checks every row).
    if !reads_account(snap, valid, user_id) {
        return Ok(());
    }
    let mut conn = db.pool().acquire().await?;
    check_line_in(&mut conn, snap, valid, user_id).await
}

/// Whether [`check_line_in`] reads anything for this line: a plan's
/// serials, or a signed-in customer's eSIM top-up.
fn reads_account(snap: &Snapshot, valid: &ValidLine, user_id: Option<&str>) -> bool {
    let product = snap.product(valid.product);
    (family_of(product).is_some() && !valid.serials.is_empty())
        || (product.product_type == ProductType::EsimData
            && user_id.is_some()
            && valid.iccid.is_some())
}

/// [`check_line`] on a connection the caller holds: inside a write
/// transaction, use that transaction (asking the pool for a second
/// connection while holding one deadlocks PostgreSQL's pool under load).
pub async fn check_line_in(
    conn: &mut AnyConnection,
    snap: &Snapshot,
    valid: &ValidLine,
    user_id: Option<&str>,
) -> ApiResult<()> {
    let product = snap.product(valid.product);
    if let Some(family) = family_of(product) {
        for (i, serial) in valid.serials.iter().enumerate() {
            let subs = subscriptions_of_serial(&mut *conn, serial).await?;
            if let Some(why) = stacking_refusal(family, purchase_of(product), &subs, now_ms()) {
                return Err(ApiError::field(
                    &format!("serials[{i}]"),
                    ErrorCode::PlanNotStackable,
                    why,
                ));
            }
        }
    }
    if product.product_type == ProductType::EsimData
        && let (Some(uid), Some(iccid)) = (user_id, valid.iccid.as_deref())
        && !owns_esim(&mut *conn, uid, iccid).await?
    {
        return Err(unknown_iccid("iccid", iccid));
    }
    Ok(())
}

fn unknown_iccid(field: &str, iccid: &str) -> ApiError {
    ApiError::field(
        field,
        ErrorCode::UnknownIccid,
        format!(
            "{iccid} is not one of your eSIMs. Check the ICCID under Account › eSIMs, or buy an eSIM first."
        ),
    )
}

/// Every line of the cart being ordered, against the database and against
/// the other lines (a metered and an unlimited plan for one device in one
/// order do not stack either).
pub async fn check_order_lines(
    db: &Db,
    snap: &Snapshot,
    cart: &PricedCart,
    user_id: &str,
) -> ApiResult<()> {
    let mut conn = db.pool().acquire().await?;
    let now = now_ms();
    // Per serial: its subscriptions as this order would leave them.
    let mut planned: HashMap<String, Vec<SubscriptionRow>> = HashMap::new();
    for (i, l) in cart.lines.iter().enumerate() {
        let Some(product) = l.product.map(|p| snap.product(p)) else {
            continue;
        };
        let field = format!("lines[{i}]");
        let line_err = |e: ApiError| e.with_extra("line_id", l.line.row.id.clone());
        if let Some(family) = family_of(product) {
            for serial in &l.line.serials {
                if !planned.contains_key(serial) {
                    let subs = subscriptions_of_serial(&mut conn, serial).await?;
                    planned.insert(serial.clone(), subs);
                }
                let subs = planned.get_mut(serial).expect("inserted above");
                if let Some(why) = stacking_refusal(family, purchase_of(product), subs, now) {
                    return Err(line_err(ApiError::field(
                        &field,
                        ErrorCode::PlanNotStackable,
                        why,
                    )));
                }
                subs.push(planned_subscription(serial, family, product, now));
            }
        }
        if product.product_type == ProductType::EsimData
            && let Some(iccid) = l.line.row.iccid.as_deref()
            && !owns_esim(&mut conn, user_id, iccid).await?
        {
            return Err(line_err(unknown_iccid(&field, iccid)));
        }
    }
    Ok(())
}

/// The subscription a plan line of this order will create, as far as the
/// stacking rules of later lines care (its family and that it is active).
fn planned_subscription(serial: &str, family: &str, p: &Product, now: i64) -> SubscriptionRow {
    let unlimited = p.product_type == ProductType::CloudUnlimited || p.data_mb.is_none();
    SubscriptionRow {
        id: String::new(),
        user_id: String::new(),
        serial: serial.to_owned(),
        family: family.to_owned(),
        sku: p.sku.clone(),
        name: p.name.clone(),
        allowance_mb: if unlimited { None } else { p.data_mb },
        used_mb: 0,
        starts_at: now,
        expires_at: now.saturating_add(p.validity_days.unwrap_or(365).max(1) * 86_400_000),
        updated_at: now,
    }
}
