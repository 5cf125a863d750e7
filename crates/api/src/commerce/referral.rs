//! The app referral programme as every way of buying applies it (SPEC §10,
//! D103): the programme's terms (a referral mini-store's own over them),
//! the offer a cart's code makes — the referee's discount, a step of the
//! pricing pipeline — and who may not use it and why, checked when the code
//! is entered, on every cart read, and again with the order's address and
//! card when it is placed; and the rewards a paid order earns its referrer.

use crate::http::error::ApiError;
use crate::read_model::snapshot::Store;
use sqlx::AnyConnection;
use uplink_db::DbError;
use uplink_db::orders::{OrderLineRow, OrderRow};
use uplink_db::referrals as q;
use uplink_domain::accounts::address::Address;
use uplink_domain::catalog::{ProductType, StoreKind};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_domain::referrals::{
    NotEligible, PaidLine, ReferralTerms, address_key, card_key, rewards_for,
};

/// The programme's terms as an admin left them (the defaults until then).
pub async fn terms(conn: &mut AnyConnection) -> Result<ReferralTerms, DbError> {
    Ok(q::terms_json(conn)
        .await?
        .and_then(|j| serde_json::from_str(&j).ok())
        .unwrap_or_default())
}

/// The terms in `store`: a referral mini-store's own over the programme's.
pub fn terms_in(base: &ReferralTerms, store: &Store) -> ReferralTerms {
    if store.kind == StoreKind::MinistoreReferralProgram {
        base.with_store_terms(store.referral_terms.as_ref())
    } else {
        base.clone()
    }
}

/// What a cart's referral code offers its buyer.
#[derive(Debug, Clone, PartialEq)]
pub struct ReferralOffer {
    pub code: String,
    pub referrer_id: String,
    pub referrer_name: String,
    /// Off each eligible line, in basis points.
    pub discount_bp: i64,
    pub eligible_types: Vec<ProductType>,
    /// Why this buyer may not use it (then nothing comes off).
    pub refusal: Option<NotEligible>,
}

impl ReferralOffer {
    pub fn applies(&self) -> bool {
        self.refusal.is_none() && self.discount_bp > 0
    }
}

/// The offer of `code` in `store` for `buyer` (`None`: a guest, checked
/// when they sign in and order); `None` when the code is no one's any more
/// or the programme does not take codes.
pub async fn offer(
    conn: &mut AnyConnection,
    store: &Store,
    code: &str,
    buyer: Option<&str>,
) -> Result<Option<ReferralOffer>, DbError> {
    let terms = terms_in(&terms(conn).await?, store);
    if !terms.referral_code {
        return Ok(None);
    }
    let Some(owner) = q::owner_of_code(conn, code).await? else {
        return Ok(None);
    };
    let refusal = match buyer {
        Some(b) => refusal_for(conn, &owner.user_id, b, &terms, None, None).await?,
        None => None,
    };
    Ok(Some(ReferralOffer {
        code: code.to_owned(),
        referrer_id: owner.user_id,
        referrer_name: first_name(&owner.name),
        discount_bp: terms.referee_discount_bp,
        eligible_types: terms.eligible_types,
        refusal,
    }))
}

/// What a referee sees of the referrer: their first name only.
fn first_name(name: &str) -> String {
    name.split_whitespace()
        .next()
        .unwrap_or("Your friend")
        .to_owned()
}

/// Why `buyer` may not use `referrer`'s code, if they may not: their own
/// code; a first-order programme and an order before; an address the
/// referrer uses (the order's, else the buyer's default); a card the
/// referrer uses.
pub async fn refusal_for(
    conn: &mut AnyConnection,
    referrer: &str,
    buyer: &str,
    terms: &ReferralTerms,
    order_address: Option<&Address>,
    card: Option<(&str, &str, i64, i64)>,
) -> Result<Option<NotEligible>, DbError> {
    if referrer == buyer {
        return Ok(Some(NotEligible::OwnCode));
    }
    if terms.first_order_only && q::has_ordered(conn, buyer).await? {
        return Ok(Some(NotEligible::AlreadyOrdered));
    }
    let address = match order_address {
        Some(a) => Some(address_key(&a.line1, &a.postal_code, &a.country)),
        None => q::default_address_of(conn, buyer)
            .await?
            .map(|(l, p, c)| address_key(&l, &p, &c)),
    };
    if let Some(address) = address {
        let theirs = q::addresses_of(conn, referrer).await?;
        if theirs
            .iter()
            .any(|(l, p, c)| address_key(l, p, c) == address)
        {
            return Ok(Some(NotEligible::SameAddress));
        }
    }
    if let Some((brand, last4, month, year)) = card {
        let mine = card_key(brand, last4, month, year);
        let theirs = q::cards_of(conn, referrer).await?;
        if theirs
            .iter()
            .any(|(b, l, m, y)| card_key(b, l, *m, *y) == mine)
        {
            return Ok(Some(NotEligible::SameCard));
        }
    }
    Ok(None)
}

/// `referral_not_eligible` with its reason, for the field the buyer fixes.
pub fn not_eligible(field: &str, why: NotEligible) -> ApiError {
    ApiError::field(field, ErrorCode::ReferralNotEligible, why.message())
        .with_extra("reason", why.as_str())
}

/// The rewards a paid order earns its referrer (pending), unless the
/// referrer reached the yearly cap. Safe to call twice: one reward per
/// order and kind.
pub async fn earn_rewards(
    conn: &mut AnyConnection,
    order: &OrderRow,
    lines: &[OrderLineRow],
    store: Option<&Store>,
    now: i64,
) -> Result<u64, DbError> {
    let Some(referrer) = order.referrer_user_id.as_deref() else {
        return Ok(0);
    };
    let base = terms(conn).await?;
    let terms = match store {
        Some(s) => terms_in(&base, s),
        None => base,
    };
    let year_ago = now - 365 * 86_400_000;
    if q::rewarded_orders_since(conn, referrer, year_ago).await? >= terms.max_rewards_per_year {
        tracing::info!(order_id = %order.id, referrer, "referrer reached the yearly cap; no reward");
        return Ok(0);
    }
    let paid: Vec<PaidLine> = lines
        .iter()
        .filter(|l| l.delivery_status != "cancelled")
        .filter_map(|l| {
            Some(PaidLine {
                product_type: ProductType::parse(&l.product_type)?,
                paid: Money::from_cents(l.subtotal_cents - l.discount_cents),
            })
        })
        .collect();
    let mut earned = 0;
    for (kind, value) in rewards_for(&terms, &paid) {
        let reward = q::NewReward {
            referrer,
            referee: &order.user_id,
            order_id: &order.id,
            kind,
            value_cents: value.cents(),
            currency: &order.currency,
            now,
        };
        earned += u64::from(q::insert_reward(conn, &reward).await?);
    }
    Ok(earned)
}
