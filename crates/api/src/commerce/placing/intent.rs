//! What a way of buying hands to [`super::place`]: one [`OrderIntent`] —
//! whose lines, who buys and pays, how it ships and is paid, and where it
//! came from. A new way to buy (the pavilion, a mobile checkout, the
//! referral store) is a route that builds one; it never copies a pricing or
//! placing step.

use crate::commerce::cart::slot::CartSlot;
use crate::commerce::placing::request::PlaceOrderRequest;
use crate::commerce::pricing::QuotedPrices;
use crate::http::store::StoreContext;
use std::collections::HashMap;
use std::sync::Arc;
use uplink_db::accounts::UserRow;
use uplink_db::cart::CartContents;
use uplink_db::renewals::RenewalClaim;
use uplink_domain::accounts::address::Address;

/// One order to place.
pub struct OrderIntent {
    /// Who buys and pays; the deliverables are theirs.
    pub buyer: UserRow,
    /// The store, and the catalogue snapshot the lines are priced against.
    pub store: StoreContext,
    /// Where the order came from, which decides what it is made of.
    pub source: OrderSource,
    /// How it ships and is paid.
    pub terms: OrderTerms,
    /// Whose the deliverables become: the buyer's, or (the partner
    /// pavilion) an end customer's.
    pub recipient: Recipient,
    /// The request's idempotency key, under which the answer is stored in the
    /// order's transaction; none for a job (its claim makes the order once).
    pub idempotency: Option<IdemKey>,
}

/// Where an order came from.
#[derive(Clone)]
pub enum OrderSource {
    /// The buyer's cart (of this slot) in this store, emptied by the order.
    Cart(CartSlot),
    /// An accepted quotation at its quoted prices; it becomes `ordered` in
    /// the order's transaction.
    Quotation(Arc<QuotationForOrder>),
    /// The auto-renewal job's one line for one device; its claim becomes
    /// `ordered` in the order's transaction.
    Renewal(Arc<RenewalForOrder>),
}

impl OrderSource {
    /// The lines given in full (never stored as a cart); `None` for the cart.
    pub fn given(&self) -> Option<&Arc<CartContents>> {
        match self {
            OrderSource::Cart(_) => None,
            OrderSource::Quotation(q) => Some(&q.contents),
            OrderSource::Renewal(r) => Some(&r.contents),
        }
    }

    pub fn quotation(&self) -> Option<&Arc<QuotationForOrder>> {
        match self {
            OrderSource::Quotation(q) => Some(q),
            _ => None,
        }
    }

    pub fn renewal(&self) -> Option<&Arc<RenewalForOrder>> {
        match self {
            OrderSource::Renewal(r) => Some(r),
            _ => None,
        }
    }
}

/// How the order ships and is paid.
pub enum OrderTerms {
    /// As the buyer asked at checkout: the sections, the payment method and
    /// the total they saw.
    Requested(Box<PlaceOrderRequest>),
    /// Decided by a job with no one at the screen: a billing address and an
    /// off-session payment; nothing ships.
    Decided {
        billing: Box<Address>,
        payment: OffSessionPayment,
    },
}

/// Whose the deliverables (licences, plans, eSIMs) become.
#[derive(Debug, Clone, Default)]
pub enum Recipient {
    #[default]
    Buyer,
    /// A partner checks out on behalf of an end customer (SPEC §10): the
    /// deliverables land on the account with this e-mail, made (and an
    /// invitation sent) when there is none.
    EndCustomer(EndCustomer),
}

/// The pavilion's end customer as the partner typed them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EndCustomer {
    pub name: String,
    pub company: Option<String>,
    /// Normalised (trimmed, lower case).
    pub email: String,
}

/// A payment taken without the buyer present.
#[derive(Debug, Clone)]
pub enum OffSessionPayment {
    /// The gateway's reusable token of a saved card, and what the charge is for.
    SavedCard {
        token_id: String,
        description: String,
    },
    CreditTerms,
}

/// Idempotency scope and key of this request.
#[derive(Debug, Clone)]
pub struct IdemKey {
    pub scope: String,
    pub key: String,
}

/// An accepted quotation to order (SPEC §9): its lines as a cart would
/// hold them (never stored as one), the prices sales quoted for them and
/// the quoted shipping price (charged for Priority shipping).
#[derive(Debug, Clone)]
pub struct QuotationForOrder {
    pub id: String,
    pub number: String,
    pub contents: Arc<CartContents>,
    pub prices: QuotedPrices,
    pub shipping_cents: Option<i64>,
    /// Co-term lines by line id: the day their device's coverage runs to.
    pub coverage_until: HashMap<String, i64>,
}

/// The renewal job's order (SPEC §8): one renewal line for one device, and
/// the claim on its (device, expiry).
#[derive(Debug, Clone)]
pub struct RenewalForOrder {
    pub contents: Arc<CartContents>,
    pub claim: RenewalClaim,
}
