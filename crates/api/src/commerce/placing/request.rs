//! The request of `POST /orders`, shared by the route and the placing service.

use serde::{Deserialize, Serialize};
use uplink_domain::accounts::address::AddressInput;
use utoipa::ToSchema;

/// ShippingInformation: how and where the goods travel.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct ShippingInput {
    /// `customer_provided`, `priority` or `pickup` (US store only).
    pub method: String,
    /// An address from the address book…
    pub address_id: Option<String>,
    /// …or a new one.
    pub address: Option<AddressInput>,
    /// Keep the new address in the address book.
    #[serde(default)]
    pub save_address: bool,
    /// Customer Provided: DHL, FedEx, UPS or Other.
    pub carrier: Option<String>,
    /// Customer Provided: the buyer's account number with that carrier.
    pub account_number: Option<String>,
    /// Self pick-up: location code from `GET /checkout/options`.
    pub pickup_location: Option<String>,
}

/// The billing address (always required, also for digital-only carts).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema, Default)]
pub struct BillingInput {
    /// Use the shipping address.
    #[serde(default)]
    pub same_as_shipping: bool,
    pub address_id: Option<String>,
    pub address: Option<AddressInput>,
    #[serde(default)]
    pub save_address: bool,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct PaymentInput {
    /// `card`, `paypal`, `bank_transfer` or `credit_terms`.
    pub method: String,
    /// Credit Card: the token from the gateway's tokenisation endpoint.
    pub token: Option<String>,
    /// Card after a 3-D Secure step, or PayPal after approval: the payment intent the gateway returned.
    pub payment_intent: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct PlaceOrderRequest {
    /// Required unless every line is digital.
    pub shipping: Option<ShippingInput>,
    #[serde(default)]
    pub billing: BillingInput,
    pub payment: PaymentInput,
    /// The total the buyer saw; a different current total is `price_changed`.
    pub expected_total_cents: Option<i64>,
    /// Page the gateway returns to after a 3-D Secure step or PayPal approval (a path on this site).
    pub return_path: Option<String>,
    /// Page PayPal returns to when the buyer cancels (a path on this site).
    pub cancel_path: Option<String>,
}
