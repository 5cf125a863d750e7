//! Which shipping options and payment methods a cart and customer may use
//! (SPEC §6), and why an option is unavailable.

use crate::platform::money::MoneyDto;
use crate::platform::money::money_text;
use crate::read_model::snapshot::Store;
use serde::Serialize;
use uplink_db::accounts::UserRow;
use uplink_domain::catalog::Region;
use uplink_domain::checkout::shipping::{self, CARRIERS, PICKUP_LOCATIONS, ShippingMethod};
use uplink_domain::checkout::{NOT_AVAILABLE, PaymentMethod};
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema, Clone)]
pub struct PickupLocationDto {
    pub code: String,
    pub label: String,
}

/// The US state of a pick-up location (its sales tax applies to the order).
pub fn pickup_state(code: &str) -> Option<String> {
    match code {
        "sfo" => Some("CA".into()),
        "aus" => Some("TX".into()),
        _ => None,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingOptionDto {
    pub method: ShippingMethod,
    /// The fixed name: `Customer Provided`, `Priority Shipping`, `Self pick-up`.
    pub name: String,
    pub available: bool,
    /// Why it cannot be chosen.
    pub reason: Option<String>,
    /// Fee for this cart and destination; `None` until a destination is known (Priority Shipping).
    pub fee: Option<MoneyDto>,
    /// Priority Shipping: delivery window in business days.
    pub min_days: Option<u8>,
    pub max_days: Option<u8>,
    pub needs_address: bool,
    /// Customer Provided: carriers to choose from (plus an account number).
    pub carriers: Vec<String>,
    /// Self pick-up: where.
    pub pickup_locations: Vec<PickupLocationDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentMethodDto {
    /// `card`, `paypal`, `bank_transfer`, `credit_terms`, or `not_available`.
    pub code: String,
    /// The fixed name: `Credit Card`, `Paypal Payment`, `Bank Transfer`, `Credit Terms Payment`, `Not Available`.
    pub name: String,
    pub available: bool,
    /// Error code a placement would get (`payment_method_unavailable`, `credit_limit_exceeded`).
    pub reason_code: Option<String>,
    pub reason: Option<String>,
    /// Credit Terms Payment: what is left of the limit.
    pub available_credit: Option<MoneyDto>,
    pub credit_limit: Option<MoneyDto>,
    pub payment_terms_days: Option<i64>,
}

/// Shipping options for a physical cart.
pub fn shipping_options(
    store: &Store,
    country: Option<&str>,
    weight_grams: i64,
) -> Vec<ShippingOptionDto> {
    let cur = store.currency.as_str();
    let quote = country.map(|c| shipping::priority_quote(store.region, c, weight_grams));
    let pickup_here = store.ships_with(ShippingMethod::Pickup);
    let not_here = |m: ShippingMethod| {
        (!store.ships_with(m))
            .then(|| format!("{} is not offered by this store.", m.display_name()))
    };
    vec![
        ShippingOptionDto {
            method: ShippingMethod::CustomerProvided,
            name: ShippingMethod::CustomerProvided.display_name().into(),
            available: store.ships_with(ShippingMethod::CustomerProvided),
            reason: not_here(ShippingMethod::CustomerProvided),
            fee: Some(MoneyDto::new(0, cur)),
            min_days: None,
            max_days: None,
            needs_address: true,
            carriers: CARRIERS.iter().map(|c| (*c).to_owned()).collect(),
            pickup_locations: Vec::new(),
        },
        ShippingOptionDto {
            method: ShippingMethod::Priority,
            name: ShippingMethod::Priority.display_name().into(),
            available: store.ships_with(ShippingMethod::Priority),
            reason: not_here(ShippingMethod::Priority),
            fee: quote.map(|q| MoneyDto::new(q.fee_cents, cur)),
            min_days: quote.map(|q| q.min_days),
            max_days: quote.map(|q| q.max_days),
            needs_address: true,
            carriers: Vec::new(),
            pickup_locations: Vec::new(),
        },
        ShippingOptionDto {
            method: ShippingMethod::Pickup,
            name: ShippingMethod::Pickup.display_name().into(),
            available: pickup_here,
            reason: (!pickup_here).then(|| {
                if store.region == Region::Us {
                    "Self pick-up is not offered by this store.".to_owned()
                } else {
                    "Self pick-up is only offered by the US store.".to_owned()
                }
            }),
            fee: Some(MoneyDto::new(0, cur)),
            min_days: None,
            max_days: None,
            needs_address: false,
            carriers: Vec::new(),
            pickup_locations: if pickup_here {
                PICKUP_LOCATIONS
                    .iter()
                    .map(|(code, label)| PickupLocationDto {
                        code: (*code).into(),
                        label: (*label).into(),
                    })
                    .collect()
            } else {
                Vec::new()
            },
        },
    ]
}

/// Why `method` cannot be used, as (code, message); `None` when it can.
pub fn payment_refusal(
    method: PaymentMethod,
    store: &Store,
    user: &UserRow,
    total: i64,
    owed: i64,
) -> Option<(ErrorCode, String)> {
    if !store.payment_methods.iter().any(|m| m == method.as_str()) {
        return Some((
            ErrorCode::PaymentMethodUnavailable,
            format!("{} is not offered in this store.", method.display_name()),
        ));
    }
    if method == PaymentMethod::CreditTerms {
        let Some(limit) = user.credit_limit_cents else {
            return Some((
                ErrorCode::PaymentMethodUnavailable,
                "Credit Terms Payment is for business customers with approved credit terms; contact sales to apply."
                    .into(),
            ));
        };
        if let Err(available) =
            uplink_domain::checkout::credit::check_credit(limit, owed, total, user.may_exceed_limit)
        {
            return Some((
                ErrorCode::CreditLimitExceeded,
                format!(
                    "This order ({}) is more than your available credit ({}).",
                    money_text(total, &store.currency),
                    money_text(available.max(0), &store.currency)
                ),
            ));
        }
    }
    None
}

/// Every payment method with its availability, plus `Not Available` when none applies.
pub fn payment_methods(
    store: &Store,
    user: &UserRow,
    total: i64,
    owed: i64,
) -> Vec<PaymentMethodDto> {
    let cur = store.currency.as_str();
    let mut list: Vec<PaymentMethodDto> = PaymentMethod::ALL
        .into_iter()
        .map(|m| {
            let refusal = payment_refusal(m, store, user, total, owed);
            let credit = m == PaymentMethod::CreditTerms && user.credit_limit_cents.is_some();
            PaymentMethodDto {
                code: m.as_str().into(),
                name: m.display_name().into(),
                available: refusal.is_none(),
                reason_code: refusal.as_ref().map(|(c, _)| c.as_str().to_owned()),
                reason: refusal.map(|(_, r)| r),
                available_credit: credit.then(|| {
                    MoneyDto::new(
                        uplink_domain::checkout::credit::available_credit(
                            user.credit_limit_cents.unwrap_or(0),
                            owed,
                        ),
                        cur,
                    )
                }),
                credit_limit: credit
                    .then(|| MoneyDto::new(user.credit_limit_cents.unwrap_or(0), cur)),
                payment_terms_days: if credit {
                    user.payment_terms_days
                } else {
                    None
                },
            }
        })
        .collect();
    if !list.iter().any(|m| m.available) {
        list.push(PaymentMethodDto {
            code: "not_available".into(),
            name: NOT_AVAILABLE.into(),
            available: false,
            reason_code: Some(ErrorCode::PaymentMethodUnavailable.as_str().into()),
            reason: Some(
                "No payment method applies to this cart. Request a quotation or contact sales to complete the purchase."
                    .into(),
            ),
            available_credit: None,
            credit_limit: None,
            payment_terms_days: None,
        });
    }
    list
}
