//! The auto-renewal job (SPEC §8): 7 days before a device's coverage ends,
//! it places and pays the renewal order with the device's saved card or on
//! credit terms. Each (device, expiry) is claimed in `device_renewals`
//! before anything is charged, and the order's transaction turns that
//! claim into `ordered`, so a renewal happens once with several servers; a
//! claim left by a server that stopped is taken over after its lease (its
//! authorisation, never captured, lapses). A failure is recorded on the
//! device and e-mailed to the owner; it is not retried for that expiry
//! until the owner changes the setting (a new card, say), which clears it.

use crate::commerce::placing::{
    OffSessionPayment, OrderIntent, OrderSource, OrderTerms, Recipient, RenewalForOrder, place,
};
use crate::commerce::renewals::renewal_product;
use crate::http::error::ApiError;
use crate::http::state::AppState;
use crate::http::store::{StoreContext, StoreSource};
use crate::platform::jobs::{Job, JobFuture};
use crate::platform::mail::Email;
use crate::read_model::Snapshot;
use std::sync::Arc;
use std::time::Duration;
use uplink_db::accounts::UserRow;
use uplink_db::cart::{CartContents, CartLine, CartLineRow};
use uplink_db::devices::DeviceRow;
use uplink_db::now_ms;
use uplink_db::renewals::RenewalClaim;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::new_id;
use uplink_domain::plans::RENEWAL_GRACE_DAYS;

/// The renewal order is placed this many days before the coverage ends.
pub const DAYS_BEFORE_EXPIRY: i64 = 7;
const DAY_MS: i64 = 86_400_000;
/// How long a claim is a server's before another may take it over.
const CLAIM_LEASE_MS: i64 = 10 * 60_000;
/// Devices renewed per run at most (the next run takes the rest).
const BATCH: i64 = 100;
const JOB_EVERY: Duration = Duration::from_secs(10 * 60);

/// The job for the runner.
pub fn jobs() -> Vec<Job<AppState>> {
    vec![Job {
        name: "renew_expiring_devices",
        every: JOB_EVERY,
        run: renew_expiring_devices,
    }]
}

fn renew_expiring_devices(state: &AppState) -> JobFuture<'_> {
    Box::pin(run_once(state))
}

/// Renews every due device whose claim this server gets; returns how many
/// renewals it settled (ordered or failed). Tests call it directly.
pub async fn run_once(state: &AppState) -> anyhow::Result<u64> {
    let now = now_ms();
    let stale_before = now - CLAIM_LEASE_MS;
    // Coverage ended less than the grace period ago still renews without a
    // gap (SPEC §4.2); one ended longer ago waits for its owner.
    let due = state
        .db
        .renewals_due(
            now + DAYS_BEFORE_EXPIRY * DAY_MS,
            now - RENEWAL_GRACE_DAYS * DAY_MS,
            stale_before,
            BATCH,
        )
        .await?;
    let mut settled = 0;
    for device in due {
        let claim = state
            .db
            .claim_renewal(&device.serial, device.warranty_ends_at, now, stale_before)
            .await?;
        if let Some(claim) = claim
            && renew(state, &device, claim).await
        {
            settled += 1;
        }
    }
    Ok(settled)
}

/// Places the renewal, or records why not. False when it is left for a
/// later run (an internal error: the claim lapses and is taken again).
async fn renew(state: &AppState, device: &DeviceRow, claim: RenewalClaim) -> bool {
    match try_renew(state, device, &claim).await {
        Ok(number) => {
            tracing::info!(serial = %device.serial, order = %number, "device renewed");
            true
        }
        Err(e) if e.code == ErrorCode::Internal => {
            tracing::warn!(serial = %device.serial, error = %e.detail, "renewal left for a later run");
            false
        }
        Err(e) => {
            record_failure(state, device, &claim, &e.detail).await;
            true
        }
    }
}

/// The order, placed and paid: its number.
async fn try_renew(
    state: &AppState,
    device: &DeviceRow,
    claim: &RenewalClaim,
) -> Result<String, ApiError> {
    let user = state
        .db
        .user_by_id(&device.user_id)
        .await?
        .ok_or_else(|| ApiError::internal("the device's owner is gone"))?;
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let store = crate::http::store::resolve(&snap, None, None, Some(&user.country))?.store;
    let history = state
        .db
        .warranty_extensions_for(std::slice::from_ref(&device.serial))
        .await?;
    let (product, options) = renewal_product(&snap, store, device, &history).ok_or_else(|| {
        refusal("No warranty renewal for this device is sold in your store any more; choose one on the device's page.")
    })?;
    let billing = state
        .db
        .addresses_of(&user.id)
        .await?
        .into_iter()
        .max_by_key(|a| a.is_default_billing)
        .map(|a| a.address())
        .ok_or_else(|| {
            refusal("Your account has no billing address; add one under Address book.")
        })?;
    let payment = payment_of(state, device).await?;
    let contents = renewal_line(&snap, store, &user, product, options, &device.serial);
    let order = place(
        state,
        OrderIntent {
            buyer: user,
            store: StoreContext {
                snapshot: snap,
                store,
                source: StoreSource::Account,
            },
            source: OrderSource::Renewal(Arc::new(RenewalForOrder {
                contents: Arc::new(contents),
                claim: claim.clone(),
            })),
            terms: OrderTerms::Decided {
                billing: Box::new(billing),
                payment,
            },
            idempotency: None,
            recipient: Recipient::Buyer,
        },
    )
    .await?;
    Ok(order.number)
}

fn refusal(message: &str) -> ApiError {
    ApiError::new(ErrorCode::ValidationFailed).with_detail(message)
}

/// The one renewal line, as a cart line would hold it (never stored as one).
fn renewal_line(
    snap: &Snapshot,
    store: usize,
    user: &UserRow,
    product: u32,
    options: String,
    serial: &str,
) -> CartContents {
    let now = now_ms();
    let store = &snap.stores[store];
    let product = snap.product(product);
    let cart_id = format!("renewal-{serial}");
    let line = CartLine {
        row: CartLineRow {
            id: new_id("cl"),
            cart_id: cart_id.clone(),
            product_id: product.id.clone(),
            sku: product.sku.clone(),
            qty: 1,
            options,
            iccid: None,
            line_key: format!("renewal:{serial}"),
            seen_unit_cents: 0,
            position: 0,
            created_at: now,
            updated_at: now,
        },
        serials: vec![serial.to_owned()],
    };
    CartContents::unsaved(&cart_id, &store.code, &user.id, vec![line])
}

/// The device's auto-renewal setting as an off-session payment.
async fn payment_of(state: &AppState, device: &DeviceRow) -> Result<OffSessionPayment, ApiError> {
    match (
        device.renew_method.as_deref(),
        device.renew_card_id.as_deref(),
    ) {
        (Some("credit_terms"), _) => Ok(OffSessionPayment::CreditTerms),
        (Some("card"), Some(card)) => state
            .db
            .payment_method_of(&device.user_id, card)
            .await?
            .map(|c| OffSessionPayment::SavedCard {
                token_id: c.token_id,
                description: format!("Uplink automatic renewal of {}", device.serial),
            })
            .ok_or_else(|| {
                refusal("The saved card for renewals was removed; choose another card.")
            }),
        _ => Err(refusal("Choose how renewals are paid.")),
    }
}

/// The failure on the renewal and the device, and the e-mail to the owner,
/// in one transaction.
async fn record_failure(state: &AppState, device: &DeviceRow, claim: &RenewalClaim, reason: &str) {
    let email = match state.db.user_by_id(&device.user_id).await {
        Ok(Some(user)) => Some(
            state
                .mailer
                .outbox_row(failure_email(state, device, &user, reason)),
        ),
        _ => None,
    };
    match state
        .db
        .fail_renewal(claim, reason, now_ms(), email.as_ref())
        .await
    {
        Ok(true) => {
            if let Some(row) = &email {
                state.mailer.recorded(row);
            }
        }
        Ok(false) => {}
        Err(e) => {
            tracing::error!(error = %e, serial = %device.serial, "could not record a failed renewal")
        }
    }
}

fn failure_email(
    state: &AppState,
    device: &DeviceRow,
    user: &uplink_db::accounts::UserRow,
    reason: &str,
) -> Email {
    let label = if device.name.is_empty() {
        device.serial.clone()
    } else {
        format!("{} ({})", device.name, device.serial)
    };
    let ends = crate::platform::timefmt::day_text(device.warranty_ends_at);
    let url = format!(
        "{}/account/device-management?serial={}",
        state.config.public_url, device.serial
    );
    Email {
        kind: "renewal_failed",
        user_id: Some(user.id.clone()),
        to: user.email.clone(),
        subject: format!("Automatic renewal of {label} failed"),
        text: format!(
            "Hello,\n\nwe could not renew the coverage of {label}, which ends on {}.\n\n\
             Reason: {reason}\n\n\
             To keep it covered without a gap, renew it by hand or choose another card for \
             automatic renewal (we then try again within 10 minutes):\n{url}\n\nUplink\n",
            ends
        ),
        html: None,
    }
}
