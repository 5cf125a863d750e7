//! An order the auto-renewal job places for a customer (SPEC §8): one
//! renewal line for one device, priced like a cart in the customer's store
//! (never stored as one), paid off-session with a saved card or on credit
//! terms, and written by checkout's own transaction together with the
//! renewal's claim, so each (device, expiry) gets one order.

use super::commit::{after_commit, write_or_void};
use super::payment::{Charge, authorise_saved, check_payment_allowed};
use super::sections::Resolved;
use super::transaction::{DraftLines, OrderDraft, cart_problem};
use crate::cart::pricing::{CartRows, LoadCart, TaxDestination};
use crate::http::error::ApiResult;
use crate::http::state::AppState;
use crate::orders::dto::{OrderDetail, ShippingDetails};
use crate::read_model::Snapshot;
use std::sync::Arc;
use uplink_db::accounts::UserRow;
use uplink_db::cart::{CartContents, CartLine, CartLineRow};
use uplink_db::now_ms;
use uplink_db::renewals::RenewalClaim;
use uplink_domain::accounts::address::Address;
use uplink_domain::catalog::Region;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::shipping::ShippingMethod;
use uplink_domain::ids::new_id;
use uplink_domain::money::Money;

/// How the renewal is paid (the device's auto-renewal setting).
#[derive(Debug, Clone)]
pub enum RenewalPayment {
    /// The gateway's reusable token of a saved card.
    SavedCard {
        token_id: String,
    },
    CreditTerms,
}

/// What the job decided to order.
pub struct RenewalOrder {
    pub user: UserRow,
    pub snapshot: Arc<Snapshot>,
    pub store: usize,
    /// The renewal product (index in the snapshot).
    pub product: u32,
    /// Its choices, as a cart line keeps them (`{code: value}` JSON).
    pub options: String,
    pub serial: String,
    pub billing: Address,
    pub payment: RenewalPayment,
    pub claim: RenewalClaim,
}

/// The one line, as a cart line would hold it.
fn contents_of(o: &RenewalOrder) -> CartContents {
    let now = now_ms();
    let store = &o.snapshot.stores[o.store];
    let product = o.snapshot.product(o.product);
    let cart_id = format!("renewal-{}", o.claim.serial);
    let line = CartLine {
        row: CartLineRow {
            id: new_id("cl"),
            cart_id: cart_id.clone(),
            product_id: product.id.clone(),
            sku: product.sku.clone(),
            qty: 1,
            options: o.options.clone(),
            iccid: None,
            line_key: format!("renewal:{}", o.serial),
            seen_unit_cents: 0,
            position: 0,
            created_at: now,
            updated_at: now,
        },
        serials: vec![o.serial.clone()],
    };
    CartContents::unsaved(&cart_id, &store.code, &o.user.id, vec![line])
}

/// Places and pays the renewal order. A decline, a refused credit limit or
/// a product the device can no longer take is an error with its code and a
/// message for the customer; nothing is written then but a failed payment
/// attempt.
pub async fn place_renewal(state: &AppState, o: RenewalOrder) -> ApiResult<OrderDetail> {
    let contents = Arc::new(contents_of(&o));
    let store = &o.snapshot.stores[o.store];
    let tax_state = o
        .billing
        .state
        .clone()
        .filter(|_| o.billing.country == "US" && store.region == Region::Us);
    let rows = CartRows::load(
        &mut *state.db.pool().acquire().await?,
        &LoadCart {
            snapshot: &o.snapshot,
            store: o.store,
            owner: None,
            given: Some(&contents),
            user_id: Some(&o.user.id),
            tax: TaxDestination::Destination(tax_state.as_deref()),
            shipping: Money::ZERO,
        },
    )
    .await?;
    let priced = rows.price(&o.snapshot, o.store, Money::ZERO);
    if let Some(e) = cart_problem(&priced) {
        return Err(e);
    }
    let total = priced.totals.total.cents();
    let method = match o.payment {
        RenewalPayment::SavedCard { .. } => PaymentMethod::Card,
        RenewalPayment::CreditTerms => PaymentMethod::CreditTerms,
    };
    check_payment_allowed(state, &o.user, store, method, total).await?;
    let intent = match &o.payment {
        RenewalPayment::SavedCard { token_id } => {
            let charge = Charge {
                uid: &o.user.id,
                method,
                total,
                currency: &store.currency,
            };
            let what = format!("Uplink automatic renewal of {}", o.serial);
            Some(authorise_saved(state, &charge, token_id, what).await?)
        }
        RenewalPayment::CreditTerms => None,
    };
    let draft = OrderDraft {
        user: o.user.clone(),
        snapshot: o.snapshot.clone(),
        store: o.store,
        lines: DraftLines::Given(contents),
        sections: Resolved {
            shipping_method: ShippingMethod::None,
            shipping_address: None,
            billing_address: o.billing.clone(),
            details: ShippingDetails::default(),
            tax_state,
            method,
        },
        fee: 0,
        details: ShippingDetails::default(),
        total,
        digital_only: true,
        intent: intent.clone(),
        idem: None,
        renewal: Some(o.claim.clone()),
        quotation: None,
    };
    let placed = write_or_void(state, draft).await?;
    Ok(after_commit(state, &o.user, placed, intent.as_ref()).await)
}
