//! Partner attribution when an order is placed (SPEC §10, D58, D102): inside
//! the order's transaction the order is credited to a partner, and how
//! ([`Channel`]):
//!
//! - an order placed in a partner's **mini-store** is its partner's;
//! - an order a partner places in the **pavilion** for an end customer is
//!   theirs (at partner prices already, so it earns no rebate);
//! - otherwise the cart's **partner referral code**, checked again here.
//!
//! A mini-store or referral-code partner earns a `pending` rebate on each
//! eligible line (licences, care plans, cloud plans). A partner deactivated
//! (or removed) meanwhile does not stop the order: it is placed without
//! attribution. Totals are never touched.

use crate::commerce::placing::intent::Recipient;
use crate::commerce::pricing::PricedCart;
use crate::read_model::snapshot::Store;
use uplink_db::DbError;
use uplink_db::accounts::UserRow;
use uplink_db::orders::{OrderLineRow, OrderRow};
use uplink_db::partners::{self as q, NewRebate, PartnerRow};
use uplink_domain::catalog::ProductType;
use uplink_domain::money::Money;
use uplink_domain::partner_referral::{earns_rebate, rebate};

/// How an order comes to its partner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel<'a> {
    /// The partner who owns the mini-store the order was placed in.
    MiniStore { partner_id: &'a str },
    /// The buyer (a partner) checked out for an end customer.
    Pavilion { buyer: &'a str },
    /// The cart's partner referral code, if any.
    ReferralCode,
}

impl Channel<'_> {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::MiniStore { .. } => "ministore",
            Channel::Pavilion { .. } => "pavilion",
            Channel::ReferralCode => "referral_code",
        }
    }

    fn earns_rebates(self) -> bool {
        !matches!(self, Channel::Pavilion { .. })
    }
}

/// The channel of an order placed in `store` by `buyer` for `recipient`.
pub fn channel_of<'a>(store: &'a Store, buyer: &'a UserRow, recipient: &Recipient) -> Channel<'a> {
    match (recipient, &store.partner_id) {
        (Recipient::EndCustomer(_), _) => Channel::Pavilion { buyer: &buyer.id },
        (Recipient::Buyer, Some(partner_id)) => Channel::MiniStore { partner_id },
        (Recipient::Buyer, None) => Channel::ReferralCode,
    }
}

/// Records the order's partner on `order` (already inserted with `lines`,
/// in `tx`) and writes the rebate rows; also fills the partner fields of the
/// in-memory `order`, so the answer shows them. Reads nothing when there is
/// no partner to look for.
pub async fn record_partner(
    tx: &mut sqlx::AnyConnection,
    order: &mut OrderRow,
    lines: &[OrderLineRow],
    cart: &PricedCart,
    channel: Channel<'_>,
) -> Result<(), DbError> {
    let Some(partner) = partner_of(tx, cart, channel).await? else {
        return Ok(());
    };
    if !partner.active {
        tracing::info!(order_id = %order.id, partner = %partner.id, "partner no longer active; order placed without attribution");
        return Ok(());
    }
    q::set_order_partner(&mut *tx, &order.id, &partner).await?;
    q::set_order_channel(&mut *tx, &order.id, channel.as_str()).await?;
    if channel.earns_rebates() {
        record_rebates(tx, &partner, order, lines).await?;
    }
    order.partner_id = Some(partner.id);
    order.partner_referral_code = Some(partner.referral_code);
    order.partner_name = Some(partner.name);
    order.partner_channel = Some(channel.as_str().to_owned());
    Ok(())
}

async fn partner_of(
    tx: &mut sqlx::AnyConnection,
    cart: &PricedCart,
    channel: Channel<'_>,
) -> Result<Option<PartnerRow>, DbError> {
    match channel {
        Channel::MiniStore { partner_id } => q::partner_by_id(tx, partner_id).await,
        Channel::Pavilion { buyer } => q::partner_of_user(tx, buyer).await,
        Channel::ReferralCode => match cart.partner_referral_code.as_deref() {
            Some(code) => q::partner_by_code(tx, code).await,
            None => Ok(None),
        },
    }
}

/// A `pending` rebate for each eligible line: the partner's rate of what the
/// buyer paid for it before tax (subtotal − discount), rounded half up.
async fn record_rebates(
    tx: &mut sqlx::AnyConnection,
    partner: &PartnerRow,
    order: &OrderRow,
    lines: &[OrderLineRow],
) -> Result<(), DbError> {
    for line in lines {
        if !ProductType::parse(&line.product_type).is_some_and(earns_rebate) {
            continue;
        }
        let eligible = (Money::from_cents(line.subtotal_cents)
            - Money::from_cents(line.discount_cents))
        .cents();
        q::insert_rebate(
            &mut *tx,
            &NewRebate {
                partner_id: &partner.id,
                order_id: &order.id,
                order_line_id: &line.id,
                eligible_cents: eligible,
                rate_bp: partner.rebate_bp,
                rebate_cents: rebate(Money::from_cents(eligible), partner.rebate_bp).cents(),
            },
        )
        .await?;
    }
    Ok(())
}
