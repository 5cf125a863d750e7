//! Checkout and order rules (SPEC §6, §7): card checks, the order state
//! machine, shipping rates, credit terms and order numbers. Pure functions.

pub mod card;
pub mod credit;
pub mod order_status;
pub mod shipping;

/// The human order number for a sequence value: `UL-000123` (at least six digits).
pub fn order_number(seq: i64) -> String {
    format!("UL-{seq:06}")
}

/// The sequence value of an order number, if it is one (`UL-000123` → 123).
pub fn parse_order_number(s: &str) -> Option<i64> {
    let digits = s
        .trim()
        .strip_prefix("UL-")
        .or_else(|| s.trim().strip_prefix("ul-"))?;
    if digits.len() < 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Payment methods (fixed names, SPEC §6).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    /// "Credit Card"
    Card,
    /// "Paypal Payment"
    Paypal,
    /// "Bank Transfer"
    BankTransfer,
    /// "Credit Terms Payment"
    CreditTerms,
}

impl PaymentMethod {
    pub const ALL: [PaymentMethod; 4] = [
        PaymentMethod::Card,
        PaymentMethod::Paypal,
        PaymentMethod::BankTransfer,
        PaymentMethod::CreditTerms,
    ];

    /// The code stores list in `payment_methods`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Card => "card",
            PaymentMethod::Paypal => "paypal",
            PaymentMethod::BankTransfer => "bank_transfer",
            PaymentMethod::CreditTerms => "credit_terms",
        }
    }

    /// The fixed display name.
    pub const fn display_name(self) -> &'static str {
        match self {
            PaymentMethod::Card => "Credit Card",
            PaymentMethod::Paypal => "Paypal Payment",
            PaymentMethod::BankTransfer => "Bank Transfer",
            PaymentMethod::CreditTerms => "Credit Terms Payment",
        }
    }

    pub fn parse(s: &str) -> Option<PaymentMethod> {
        Self::ALL.into_iter().find(|m| m.as_str() == s)
    }
}

/// The name shown when no payment method applies (fixed, SPEC §6).
pub const NOT_AVAILABLE: &str = "Not Available";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_numbers_have_six_digits_at_least_and_parse_back() {
        assert_eq!(order_number(123), "UL-000123");
        assert_eq!(order_number(1_234_567), "UL-1234567");
        assert_eq!(parse_order_number("UL-000123"), Some(123));
        assert_eq!(parse_order_number("UL-123"), None);
        assert_eq!(parse_order_number("UL-00012a"), None);
        assert_eq!(parse_order_number("XX-000123"), None);
    }
}
