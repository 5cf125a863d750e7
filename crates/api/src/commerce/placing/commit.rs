//! The end of placing an order, shared by checkout and the renewal job:
//! the write transaction on the writer thread (again when the catalogue
//! changed under it), the authorisation voided when it fails, and after the
//! commit the capture, the confirmation e-mail and the delivery nudge.

use super::transaction::{OrderDraft, Placed, TxError, write_order};
use crate::commerce::orders::dto::{OrderDetail, order_detail};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use uplink_db::accounts::UserRow;
use uplink_db::now_ms;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::error_code::ErrorCode;
use uplink_payments::Intent;

/// Writes the order; when that fails, releases the authorised payment.
pub(super) async fn write_or_void(state: &AppState, draft: OrderDraft) -> ApiResult<Placed> {
    let intent = draft.intent.clone();
    match write_with_retries(state, draft).await {
        Ok(placed) => Ok(placed),
        Err(e) => {
            if let Some(i) = &intent
                && let Err(v) = state.gateway.void(&i.id).await
            {
                tracing::error!(error = %v, intent = %i.id, "could not void an authorisation");
            }
            Err(e)
        }
    }
}

/// Runs the write transaction on the writer thread; when the catalogue
/// changed under it, refreshes the snapshot and tries again (three times).
async fn write_with_retries(state: &AppState, mut draft: OrderDraft) -> ApiResult<Placed> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let job = {
            let (state, draft) = (state.clone(), draft.clone());
            async move { write_order(&state, &draft).await }
        };
        match state.db.on_writer_thread(job).await {
            Err(TxError::CatalogChanged) if attempt < 3 => {
                state.catalog.refresh().await.map_err(ApiError::from)?;
                draft.snapshot = state
                    .catalog
                    .loaded()
                    .ok_or_else(|| ApiError::internal("catalogue vanished"))?;
            }
            Err(TxError::CatalogChanged) => {
                return Err(ApiError::new(ErrorCode::PriceChanged).with_detail(
                    "The catalogue is being updated; review your cart and try again.",
                ));
            }
            Err(TxError::Api(e)) => return Err(e),
            Ok(done) => return Ok(done),
        }
    }
}

/// After the commit: show a sold-out (or newly low) product so on this
/// server at once (D69), take the money, tell the customer. Answers what the
/// transaction stored.
pub(super) async fn after_commit(
    state: &AppState,
    user: &UserRow,
    placed: Placed,
    intent: Option<&Intent>,
) -> OrderDetail {
    let Placed {
        order_id,
        answer,
        stock_band_changed,
        mut parts,
    } = placed;
    if stock_band_changed {
        state.catalog.stock_band_changed().await;
    }
    // The confirmation is written from the order in hand (no reading it
    // back) and, for a captured payment, in the transaction recording it.
    let bank = &state.config.checkout.bank_details;
    let captured = match intent {
        Some(i)
            if crate::commerce::orders::lifecycle::capture_at_gateway(state, &order_id, &i.id)
                .await =>
        {
            crate::commerce::orders::lifecycle::mark_captured(&mut parts, &i.id, now_ms());
            Some(i.id.as_str())
        }
        _ => None,
    };
    let detail = order_detail(&parts, bank);
    let email =
        crate::commerce::orders::emails::confirmation_email(state, &user.id, &user.email, &detail);
    match captured {
        Some(intent_id) => {
            crate::commerce::orders::lifecycle::record_capture(
                state,
                &order_id,
                intent_id,
                Some(email),
            )
            .await
        }
        None => crate::commerce::orders::emails::record(state, email).await,
    }
    if parts.order.payment_method != PaymentMethod::BankTransfer.as_str()
        && parts
            .lines
            .iter()
            .any(|l| l.delivery_status == "awaiting_delivery")
    {
        // Queued in the transaction: deliver now rather than at the next job run.
        crate::commerce::orders::paid::announce();
    }
    answer
}
