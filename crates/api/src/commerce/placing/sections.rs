//! The sections of the order request (SPEC §6), checked and resolved:
//! ShippingInformation (method, address or pick-up location, carrier
//! account), the billing address and the payment method; and the shipping
//! fee they come to.

use crate::commerce::offers::pickup_state;
use crate::commerce::orders::dto::ShippingDetails;
use crate::commerce::placing::request::PlaceOrderRequest;
use crate::commerce::pricing::PricedCart;
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use crate::read_model::snapshot::Store;
use uplink_domain::accounts::address::{Address, AddressInput};
use uplink_domain::catalog::Region;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::shipping::{self, CARRIERS, PICKUP_LOCATIONS, ShippingMethod};
use uplink_domain::error_code::ErrorCode;

/// What the request says, checked and resolved.
#[derive(Clone)]
pub(super) struct Resolved {
    pub shipping_method: ShippingMethod,
    pub shipping_address: Option<Address>,
    pub billing_address: Address,
    pub details: ShippingDetails,
    pub tax_state: Option<String>,
    pub method: PaymentMethod,
}

async fn pick_address(
    state: &AppState,
    user_id: &str,
    prefix: &str,
    id: Option<&str>,
    fields: Option<&AddressInput>,
    errors: &mut Vec<FieldError>,
) -> ApiResult<Option<Address>> {
    if let Some(id) = id {
        return match state.db.address_of(user_id, id).await? {
            Some(row) => Ok(Some(row.address())),
            None => {
                errors.push(FieldError::new(
                    format!("{prefix}.address_id"),
                    ErrorCode::ValidationFailed,
                    "This address is not in your address book.",
                ));
                Ok(None)
            }
        };
    }
    match fields {
        Some(f) => match f.validate() {
            Ok(a) => Ok(Some(a)),
            Err(list) => {
                errors.extend(list.into_iter().map(|e| {
                    FieldError::new(
                        format!("{prefix}.address.{}", e.field),
                        ErrorCode::ValidationFailed,
                        e.message,
                    )
                }));
                Ok(None)
            }
        },
        None => {
            errors.push(FieldError::new(
                format!("{prefix}.address"),
                ErrorCode::ValidationFailed,
                "Choose an address from your address book or enter a new one.",
            ));
            Ok(None)
        }
    }
}

/// Checks the ShippingInformation section and the payment method name.
pub(super) async fn resolve(
    state: &AppState,
    uid: &str,
    store: &Store,
    req: &PlaceOrderRequest,
    digital_only: bool,
) -> ApiResult<Resolved> {
    let mut errors = Vec::new();
    let mut shipping_method = ShippingMethod::None;
    let mut shipping_address = None;
    let mut details = ShippingDetails::default();
    if !digital_only {
        match &req.shipping {
            None => errors.push(FieldError::new(
                "shipping",
                ErrorCode::ValidationFailed,
                "Choose how your order is shipped.",
            )),
            Some(s) => {
                match ShippingMethod::parse(&s.method).filter(|m| *m != ShippingMethod::None) {
                    None => errors.push(FieldError::new(
                        "shipping.method",
                        ErrorCode::ValidationFailed,
                        "Choose Customer Provided, Priority Shipping or self pick-up.",
                    )),
                    Some(m) if !store.ships_with(m) => {
                        shipping_method = m;
                        errors.push(FieldError::new(
                            "shipping.method",
                            ErrorCode::ValidationFailed,
                            if m == ShippingMethod::Pickup && store.region != Region::Us {
                                "Self pick-up is only offered by the US store.".to_owned()
                            } else {
                                format!(
                                    "{} is not offered by this store; choose another way.",
                                    m.display_name()
                                )
                            },
                        ));
                    }
                    Some(ShippingMethod::Pickup) => {
                        shipping_method = ShippingMethod::Pickup;
                        {
                            match s
                                .pickup_location
                                .as_deref()
                                .and_then(|c| PICKUP_LOCATIONS.iter().find(|(code, _)| *code == c))
                            {
                                Some((code, label)) => {
                                    details.pickup_location = Some((*code).into());
                                    details.pickup_label = Some((*label).into());
                                }
                                None => errors.push(FieldError::new(
                                    "shipping.pickup_location",
                                    ErrorCode::ValidationFailed,
                                    "Choose a pick-up location.",
                                )),
                            }
                        }
                    }
                    Some(m) => {
                        shipping_method = m;
                        shipping_address = pick_address(
                            state,
                            uid,
                            "shipping",
                            s.address_id.as_deref(),
                            s.address.as_ref(),
                            &mut errors,
                        )
                        .await?;
                        if m == ShippingMethod::CustomerProvided {
                            match s.carrier.as_deref().and_then(|c| {
                                CARRIERS.iter().find(|k| k.eq_ignore_ascii_case(c.trim()))
                            }) {
                                Some(c) => details.carrier = Some((*c).into()),
                                None => errors.push(FieldError::new(
                                    "shipping.carrier",
                                    ErrorCode::ValidationFailed,
                                    "Choose your carrier: DHL, FedEx, UPS or Other.",
                                )),
                            }
                            let acct = s.account_number.as_deref().map(str::trim).unwrap_or("");
                            if acct.len() < 3
                                || acct.len() > 40
                                || !acct
                                    .chars()
                                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ')
                            {
                                errors.push(FieldError::new(
                                "shipping.account_number",
                                ErrorCode::ValidationFailed,
                                "Enter your account number with the carrier (3–40 letters, digits, spaces or hyphens).",
                            ));
                            } else {
                                details.account_number = Some(acct.to_owned());
                            }
                        }
                    }
                }
            }
        }
    }
    let b = &req.billing;
    let billing_address = if b.same_as_shipping && shipping_address.is_some() {
        shipping_address.clone()
    } else if b.same_as_shipping && b.address_id.is_none() && b.address.is_none() {
        errors.push(FieldError::new(
            "billing.address",
            ErrorCode::ValidationFailed,
            "There is no shipping address to copy; enter a billing address.",
        ));
        None
    } else {
        pick_address(
            state,
            uid,
            "billing",
            b.address_id.as_deref(),
            b.address.as_ref(),
            &mut errors,
        )
        .await?
    };
    let method = PaymentMethod::parse(&req.payment.method);
    if method.is_none() {
        errors.push(FieldError::new(
            "payment.method",
            ErrorCode::ValidationFailed,
            "Choose Credit Card, Paypal Payment, Bank Transfer or Credit Terms Payment.",
        ));
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let billing_address = billing_address.expect("no errors means an address");
    let tax_state = match shipping_method {
        ShippingMethod::Pickup => details.pickup_location.as_deref().and_then(pickup_state),
        _ => shipping_address
            .as_ref()
            .or(Some(&billing_address))
            .filter(|a| a.country == "US")
            .and_then(|a| a.state.clone()),
    };
    Ok(Resolved {
        shipping_method,
        shipping_address,
        billing_address,
        details,
        tax_state,
        method: method.expect("checked"),
    })
}

/// The shipping fee and what the order keeps about the shipment.
pub(super) fn shipping_fee(
    store: &Store,
    r: &Resolved,
    cart: &PricedCart,
) -> (i64, ShippingDetails) {
    let mut details = r.details.clone();
    if r.shipping_method != ShippingMethod::Priority {
        return (0, details);
    }
    let country = r
        .shipping_address
        .as_ref()
        .map_or("US", |a| a.country.as_str());
    let quote = shipping::priority_quote(store.region, country, cart.weight_grams());
    details.min_days = Some(quote.min_days);
    details.max_days = Some(quote.max_days);
    details.zone = serde_json::to_value(quote.zone)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned));
    (quote.fee_cents, details)
}
