//! The stable error catalogue of SPEC §16.
//!
//! Clients switch on these strings, so a variant's `as_str` must never change.

use serde::{Serialize, Serializer};

macro_rules! error_codes {
    ($($variant:ident => $code:literal, $message:literal;)*) => {
        /// A stable, machine-readable error code (SPEC §16).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode { $($variant,)* }

        impl ErrorCode {
            /// Every code, in catalogue order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The wire form, e.g. `insufficient_stock`.
            pub const fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)* }
            }

            /// A default human message; endpoints may give a more specific `detail`.
            pub const fn default_message(self) -> &'static str {
                match self { $(ErrorCode::$variant => $message,)* }
            }
        }
    };
}

error_codes! {
    ValidationFailed => "validation_failed", "Some fields are not valid.";
    NotFound => "not_found", "The requested resource does not exist.";
    Unauthenticated => "unauthenticated", "Please sign in to continue.";
    Forbidden => "forbidden", "You are not allowed to do this.";
    CsrfFailed => "csrf_failed", "Your session token is missing or stale; reload the page and try again.";
    ChallengeRequired => "challenge_required", "Too many attempts; please complete the challenge first.";
    RateLimited => "rate_limited", "Too many requests; please wait a moment and try again.";
    InvalidCredentials => "invalid_credentials", "The e-mail address or password is not correct.";
    EmailTaken => "email_taken", "An account with this e-mail address already exists.";
    ResetTokenInvalid => "reset_token_invalid", "This reset link is invalid or has expired; request a new one.";
    MustChangeStore => "must_change_store", "Your account belongs to another store; switch store to continue.";
    NotSoldInStore => "not_sold_in_store", "This product is not sold in the current store.";
    InsufficientStock => "insufficient_stock", "Not enough stock for the requested quantity.";
    InvalidQuantity => "invalid_quantity", "The quantity is not allowed for this product.";
    InvalidSerial => "invalid_serial", "Serial numbers look like XXXX-XXXX-XXXX (letters and digits).";
    UnknownSerial => "unknown_serial", "This serial number does not belong to a known device model.";
    SerialNotEligible => "serial_not_eligible", "This device is not eligible for the product.";
    DuplicateSerial => "duplicate_serial", "This serial number is already used for this product.";
    SerialRegisteredElsewhere => "serial_registered_elsewhere", "This device is registered to another account.";
    IncontrolUnavailable => "incontrol_unavailable", "InControl did not answer or no longer accepts the link; try again or link InControl again.";
    InvalidIccid => "invalid_iccid", "An ICCID has 19 or 20 digits with a valid check digit.";
    UnknownIccid => "unknown_iccid", "This ICCID is not one of your eSIMs.";
    PlanNotStackable => "plan_not_stackable", "This plan cannot be combined with the active plan.";
    CouponInvalid => "coupon_invalid", "This coupon code is not valid.";
    CouponExpired => "coupon_expired", "This coupon has expired.";
    CouponUsageExceeded => "coupon_usage_exceeded", "This coupon has already been used the maximum number of times.";
    ReferralCodeInvalid => "referral_code_invalid", "This referral code is not valid.";
    ReferralNotEligible => "referral_not_eligible", "This account cannot use a referral code.";
    PriceChanged => "price_changed", "Prices changed since you last looked; please review your cart.";
    PaymentDeclined => "payment_declined", "The payment was declined; try another card or payment method.";
    PaymentRequiresAction => "payment_requires_action", "The payment needs an extra confirmation step.";
    PaymentMethodUnavailable => "payment_method_unavailable", "This payment method is not available for this order.";
    CreditLimitExceeded => "credit_limit_exceeded", "The order total exceeds your available credit.";
    IdempotencyKeyReused => "idempotency_key_reused", "This idempotency key was already used with a different request.";
    QuotationNotPayable => "quotation_not_payable", "This quotation cannot be paid in its current state.";
    QuotationExpired => "quotation_expired", "This quotation has expired.";
    QuotationBelowMinimum => "quotation_below_minimum", "Quotations start at a minimum subtotal; add items or order at catalogue prices.";
    InvalidTransition => "invalid_transition", "This cannot be done in the current state; reload to see what changed.";
    VersionConflict => "version_conflict", "Someone else changed this in the meantime; reload it and apply your change again.";
    UsageRecordConflict => "usage_record_conflict", "A usage record with this id was already taken with other values; send a new record id for new usage.";
    OrderNotCancellable => "order_not_cancellable", "This order can no longer be cancelled.";
    PayloadTooLarge => "payload_too_large", "The request is too large.";
    StorePaused => "store_paused", "This mini-store is closed for now; shop in the main store instead.";
    PriceBelowFloor => "price_below_floor", "This price is below the lowest price the store allows for the product.";
    InvitationInvalid => "invitation_invalid", "This invitation link is invalid, has expired or was already used.";
    AppTokenInvalid => "app_token_invalid", "This sign-in from the app has expired or was already used; open this page again from the app.";
    OrderNotRefundable => "order_not_refundable", "Only a completed order can be refunded, and only what has not been refunded yet.";
    RefundDeclined => "refund_declined", "The payment provider declined the refund; nothing was refunded. Try again later or refund the customer another way.";
    LastAdmin => "last_admin", "The store needs at least one admin; make someone else an admin first.";
    AccountDisabled => "account_disabled", "This account is disabled; contact the store's support to have it enabled again.";
    ServiceUnavailable => "service_unavailable", "The store cannot reach its database just now; try again in a few seconds.";
    Internal => "internal", "Something went wrong on our side; please try again.";
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_snake_case_strings() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            let s = code.as_str();
            assert!(s.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{s}");
            assert!(seen.insert(s), "duplicate code {s}");
        }
    }
}
