//! Whether the payment method may be used; authorising the payment at the
//! gateway before the order is written (card or PayPal, or a saved card for
//! a renewal), the answers a gateway gives instead (3-D Secure, PayPal
//! approval, declines), and the failed attempts kept for the customer.

use crate::commerce::offers::payment_refusal;
use crate::commerce::placing::request::PlaceOrderRequest;
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use uplink_db::accounts::UserRow;
use uplink_db::now_ms;
use uplink_db::orders::PaymentRow;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::new_id;
use uplink_payments::{
    AuthOutcome, AuthorizeRequest, GatewayError, Intent, IntentStatus, Provider,
};

fn safe_path(p: Option<&str>, default: &str) -> String {
    p.filter(|p| p.starts_with('/') && !p.starts_with("//") && !p.contains('\\') && p.len() < 300)
        .unwrap_or(default)
        .to_owned()
}

fn requires_action(intent: &Intent, redirect_url: String) -> ApiError {
    ApiError::new(ErrorCode::PaymentRequiresAction)
        .with_detail(match intent.provider {
            Provider::Card => "Your bank asks you to confirm this payment (3-D Secure). Continue to the confirmation page.",
            Provider::Paypal => "Approve the payment with PayPal to place your order.",
        })
        .with_extra("payment_intent", intent.id.clone())
        .with_extra("redirect_url", redirect_url)
}

fn gateway_error(e: GatewayError) -> ApiError {
    match e {
        GatewayError::InvalidToken => ApiError::field(
            "payment.token",
            ErrorCode::ValidationFailed,
            "Your card details have expired or were already used; enter the card again.",
        ),
        GatewayError::UnknownIntent | GatewayError::WrongState(_) => ApiError::field(
            "payment.payment_intent",
            ErrorCode::ValidationFailed,
            "This payment cannot be used for an order; start the payment again.",
        ),
        other => ApiError::internal(other),
    }
}

fn declined(code: &str, message: &str) -> ApiError {
    ApiError::new(ErrorCode::PaymentDeclined)
        .with_detail(format!(
            "{message} Your cart is unchanged; try another card or payment method."
        ))
        .with_extra("decline_code", code.to_owned())
}

/// What is being charged, to whom and how.
#[derive(Clone, Copy)]
pub(super) struct Charge<'a> {
    pub uid: &'a str,
    pub method: PaymentMethod,
    pub total: i64,
    pub currency: &'a str,
}

/// Keeps a declined or failed attempt (the customer sees it; no order exists).
async fn record_failure(
    state: &AppState,
    charge: &Charge<'_>,
    intent: Option<&Intent>,
    code: &str,
    message: &str,
) {
    let Charge {
        uid,
        method,
        total: amount,
        currency,
    } = *charge;
    let now = now_ms();
    let card = intent.and_then(|i| i.card.clone());
    let row = PaymentRow {
        id: new_id("pay"),
        order_id: None,
        user_id: uid.to_owned(),
        method: method.as_str().into(),
        status: "failed".into(),
        amount_cents: amount,
        currency: currency.to_owned(),
        gateway: Some(state.gateway.name().into()),
        gateway_ref: intent.map(|i| i.id.clone()),
        card_brand: card.as_ref().map(|c| c.brand.clone()),
        card_last4: card.as_ref().map(|c| c.last4.clone()),
        card_exp_month: card.as_ref().map(|c| c.exp_month),
        card_exp_year: card.as_ref().map(|c| c.exp_year),
        failure_code: Some(code.to_owned()),
        failure_message: Some(message.to_owned()),
        created_at: now,
        updated_at: now,
    };
    if let Err(e) = state.db.record_failed_payment(&row).await {
        tracing::error!(error = %e, "could not record a failed payment attempt");
    }
}

/// Gets an authorised intent for `total` (card or PayPal), or the answer to send instead.
pub(super) async fn authorise(
    state: &AppState,
    charge: &Charge<'_>,
    req: &PlaceOrderRequest,
) -> ApiResult<Intent> {
    let Charge {
        uid,
        method,
        total,
        currency,
    } = *charge;
    let gw = &state.gateway;
    let provider = if method == PaymentMethod::Paypal {
        Provider::Paypal
    } else {
        Provider::Card
    };
    let auth_req = AuthorizeRequest {
        amount_cents: total,
        currency: currency.to_owned(),
        customer_ref: uid.to_owned(),
        description: "Uplink order".into(),
        return_url: safe_path(req.return_path.as_deref(), "/checkout/confirm-order"),
        cancel_url: safe_path(req.cancel_path.as_deref(), "/checkout/payment"),
    };
    if let Some(id) = req.payment.payment_intent.as_deref() {
        let intent = gw
            .intent(id)
            .await
            .map_err(gateway_error)?
            .filter(|i| i.customer_ref == uid && i.provider == provider)
            .ok_or_else(|| gateway_error(GatewayError::UnknownIntent))?;
        return match intent.status {
            IntentStatus::Authorized
                if intent.amount_cents == total && intent.currency == currency =>
            {
                Ok(intent)
            }
            IntentStatus::Authorized => {
                let _ = gw.void(&intent.id).await;
                Err(ApiError::new(ErrorCode::PriceChanged)
                    .with_detail("The order total changed after the payment was approved; review your cart and pay again.")
                    .with_extra("total_cents", total))
            }
            IntentStatus::RequiresAction => {
                let kind = if provider == Provider::Paypal {
                    "paypal"
                } else {
                    "3ds"
                };
                let url = format!(
                    "{}/{kind}/{}",
                    uplink_payments::test_gateway::BASE_PATH,
                    intent.id
                );
                Err(requires_action(&intent, url))
            }
            IntentStatus::Failed => {
                let msg = "The card could not be confirmed (3-D Secure failed).";
                record_failure(state, charge, Some(&intent), "authentication_failed", msg).await;
                Err(declined("authentication_failed", msg))
            }
            IntentStatus::Cancelled => Err(declined(
                "cancelled_by_customer",
                "The PayPal payment was cancelled.",
            )),
            _ => Err(gateway_error(GatewayError::WrongState(
                intent.status.as_str(),
            ))),
        };
    }
    let outcome = match method {
        PaymentMethod::Paypal => gw.start_paypal(auth_req).await.map_err(gateway_error)?,
        _ => {
            let Some(token) = req.payment.token.as_deref().filter(|t| !t.is_empty()) else {
                return Err(ApiError::field(
                    "payment.token",
                    ErrorCode::ValidationFailed,
                    "Enter your card details.",
                ));
            };
            gw.authorize_card(token, auth_req)
                .await
                .map_err(gateway_error)?
        }
    };
    match outcome {
        AuthOutcome::Authorized(i) => Ok(i),
        AuthOutcome::RequiresAction {
            intent,
            redirect_url,
        } => Err(requires_action(&intent, redirect_url)),
        AuthOutcome::Declined {
            intent,
            code,
            message,
        } => {
            record_failure(state, charge, intent.as_ref(), &code, &message).await;
            Err(declined(&code, &message))
        }
    }
}

/// Authorises `total` on a saved card, off-session (the renewal job: no one
/// is there to confirm 3-D Secure, so a card that asks for it fails). A
/// decline is kept as a failed attempt the customer sees, like at checkout.
pub(super) async fn authorise_saved(
    state: &AppState,
    charge: &Charge<'_>,
    token_id: &str,
    description: String,
) -> ApiResult<Intent> {
    let auth_req = AuthorizeRequest {
        amount_cents: charge.total,
        currency: charge.currency.to_owned(),
        customer_ref: charge.uid.to_owned(),
        description,
        return_url: "/account/device-management".into(),
        cancel_url: "/account/device-management".into(),
    };
    let outcome = state
        .gateway
        .authorize_saved_card(token_id, auth_req)
        .await
        .map_err(gateway_error)?;
    match outcome {
        AuthOutcome::Authorized(i) => Ok(i),
        AuthOutcome::RequiresAction { intent, .. } => {
            let _ = state.gateway.void(&intent.id).await;
            let msg = "Your bank asks to confirm each payment with this card (3-D Secure), which an automatic renewal cannot do.";
            record_failure(state, charge, Some(&intent), "authentication_required", msg).await;
            Err(ApiError::new(ErrorCode::PaymentDeclined).with_detail(msg))
        }
        AuthOutcome::Declined {
            intent,
            code,
            message,
        } => {
            record_failure(state, charge, intent.as_ref(), &code, &message).await;
            Err(ApiError::new(ErrorCode::PaymentDeclined).with_detail(message))
        }
    }
}

/// The payment method's own refusal (store, account, credit limit).
pub(super) async fn check_payment_allowed(
    state: &AppState,
    user: &UserRow,
    store: &crate::read_model::snapshot::Store,
    method: PaymentMethod,
    total: i64,
) -> ApiResult<()> {
    // What the customer owes on credit terms matters only when paying that way.
    let owed = match method {
        PaymentMethod::CreditTerms => state.db.credit_owed(&user.id).await?,
        _ => 0,
    };
    let Some((code, message)) = payment_refusal(method, store, user, total, owed) else {
        return Ok(());
    };
    let mut e = ApiError::field("payment.method", code, message);
    if code == ErrorCode::CreditLimitExceeded {
        e = e.with_extra(
            "available_credit_cents",
            uplink_domain::checkout::credit::available_credit(
                user.credit_limit_cents.unwrap_or(0),
                owed,
            ),
        );
    }
    Err(e)
}
