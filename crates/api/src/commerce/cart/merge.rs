//! On sign-in the browser's guest carts merge into the customer's carts
//! (SPEC §5): per store, the same line adds its quantity (capped by the
//! product's max qty) and its serials (skipping ones already there), other
//! lines move over, and the guest coupon, partner and app referral codes are
//! kept when the customer's cart has none. Stock is not checked here: the next read flags any line that
//! exceeds it, and the buyer decides.

use crate::commerce::pricing::quantity_rules;
use crate::http::state::AppState;
use uplink_db::cart as q;

/// Merges the guest carts of the browser whose `uplink_cart` cookie is
/// `cart_token` into `user_id`'s carts. Never fails the sign-in: problems
/// are logged.
pub async fn merge_guest_carts_on_sign_in(
    state: &AppState,
    cart_token: Option<&str>,
    user_id: &str,
) {
    let Some(token) = cart_token.filter(|t| crate::commerce::cart::scope::valid_guest_token(t))
    else {
        return;
    };
    if let Err(e) = merge(state, &q::guest_owner(token), user_id).await {
        tracing::warn!(error = %e, "could not merge the guest cart into the customer's cart");
    }
}

/// Merges every cart of `guest_owner` into the customer's carts, in one transaction.
pub async fn merge(
    state: &AppState,
    guest_owner: &str,
    user_id: &str,
) -> Result<usize, anyhow::Error> {
    let snap = state.catalog.snapshot().await?;
    let customer = q::customer_owner(user_id);
    let mut tx = state.db.begin_write().await?;
    let guest_carts = q::carts_of(&mut tx, guest_owner).await?;
    let mut moved = 0;
    for guest in guest_carts {
        let guest_lines = q::cart_lines(&mut tx, &guest.id).await?;
        if guest_lines.is_empty()
            && guest.coupon_code.is_none()
            && guest.partner_referral_code.is_none()
            && guest.app_referral_code.is_none()
        {
            q::delete_cart(&mut tx, &guest.id).await?;
            continue;
        }
        let target = q::ensure_cart(&mut tx, &guest.store_code, &customer, Some(user_id)).await?;
        let mut target_lines = q::cart_lines(&mut tx, &target.id).await?;
        for gl in guest_lines {
            let taken: Vec<String> = target_lines
                .iter()
                .filter(|l| l.row.product_id == gl.row.product_id)
                .flat_map(|l| l.serials.iter().cloned())
                .collect();
            let new_serials: Vec<String> = gl
                .serials
                .iter()
                .filter(|s| !taken.contains(s))
                .cloned()
                .collect();
            let serial_bound = !gl.serials.is_empty();
            if serial_bound && new_serials.is_empty() {
                continue;
            }
            let rules = snap
                .product_by_id(&gl.row.product_id)
                .map(|i| quantity_rules(snap.product(i)));
            match target_lines
                .iter()
                .find(|l| l.row.line_key == gl.row.line_key)
            {
                Some(existing) => {
                    if serial_bound {
                        q::add_serials(
                            &mut tx,
                            &target.id,
                            &existing.row.id,
                            &existing.row.product_id,
                            &new_serials,
                        )
                        .await?;
                        let qty = existing.row.qty.saturating_add(new_serials.len() as i64);
                        q::set_line_qty(&mut tx, &target.id, &existing.row.id, qty).await?;
                    } else {
                        let sum = existing.row.qty.saturating_add(gl.row.qty);
                        let qty = rules
                            .and_then(|r| r.cap(sum))
                            .unwrap_or(sum)
                            .max(existing.row.qty);
                        q::set_line_qty(&mut tx, &target.id, &existing.row.id, qty).await?;
                    }
                }
                None => {
                    let qty = if serial_bound {
                        new_serials.len() as i64
                    } else {
                        rules.and_then(|r| r.cap(gl.row.qty)).unwrap_or(gl.row.qty)
                    };
                    q::insert_line(
                        &mut tx,
                        &q::NewCartLine {
                            cart_id: &target.id,
                            product_id: &gl.row.product_id,
                            sku: &gl.row.sku,
                            qty,
                            options: &gl.row.options,
                            iccid: gl.row.iccid.as_deref(),
                            line_key: &gl.row.line_key,
                            unit_cents: gl.row.seen_unit_cents,
                            serials: &new_serials,
                        },
                    )
                    .await?;
                }
            }
            moved += 1;
            target_lines = q::cart_lines(&mut tx, &target.id).await?;
        }
        if target.coupon_code.is_none()
            && let Some(code) = &guest.coupon_code
        {
            q::set_cart_coupon(&mut tx, &target.id, Some(code)).await?;
        }
        crate::commerce::cart::partner_code::merge_code(&mut tx, &guest, &target).await?;
        // The guest's app referral code too (the first one wins, as with links).
        if target.app_referral_code.is_none()
            && let Some(code) = &guest.app_referral_code
        {
            uplink_db::referrals::set_cart_code(&mut tx, &target.id, Some(code)).await?;
        }
        q::delete_cart(&mut tx, &guest.id).await?;
    }
    tx.commit().await?;
    Ok(moved)
}
