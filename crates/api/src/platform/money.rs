//! Money on the wire: integer cents plus the ISO-4217 currency (SPEC §2).

use serde::Serialize;
use uplink_domain::money::Money;
use utoipa::ToSchema;

/// An amount of cents as people read it (`$1,234.50`): the one money format
/// of messages, e-mails, invoices and gateway pages (`Money::display`).
pub fn money_text(cents: i64, currency: &str) -> String {
    Money::from_cents(cents).display(currency)
}

/// An amount of money: integer minor units (cents) and the currency code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct MoneyDto {
    /// Minor units (cents); never a float.
    #[schema(example = 39900)]
    pub cents: i64,
    /// ISO-4217 code.
    #[schema(example = "USD")]
    pub currency: String,
}

impl MoneyDto {
    pub fn new(cents: i64, currency: &str) -> MoneyDto {
        MoneyDto {
            cents,
            currency: currency.to_owned(),
        }
    }
}
