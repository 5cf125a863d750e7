//! Credit terms (SPEC §6): available credit = limit − what is still owed on
//! credit-term orders; the history records Allocated, Purchased, Reimbursed,
//! Refunded and Reverted entries.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum CreditEntryKind {
    /// The limit was granted or changed (amount = the new limit; not owed).
    Allocated,
    /// An order was bought on terms (amount owed grows).
    Purchased,
    /// The customer paid an invoice (amount owed shrinks).
    Reimbursed,
    /// A paid order was refunded to the credit account (owed shrinks).
    Refunded,
    /// An order on terms was cancelled before it was paid (owed shrinks).
    Reverted,
}

impl CreditEntryKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            CreditEntryKind::Allocated => "Allocated",
            CreditEntryKind::Purchased => "Purchased",
            CreditEntryKind::Reimbursed => "Reimbursed",
            CreditEntryKind::Refunded => "Refunded",
            CreditEntryKind::Reverted => "Reverted",
        }
    }

    pub fn parse(s: &str) -> Option<CreditEntryKind> {
        use CreditEntryKind::*;
        [Allocated, Purchased, Reimbursed, Refunded, Reverted]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    /// How the entry changes the amount owed, per cent of its amount.
    pub const fn owed_sign(self) -> i64 {
        match self {
            CreditEntryKind::Allocated => 0,
            CreditEntryKind::Purchased => 1,
            CreditEntryKind::Reimbursed | CreditEntryKind::Refunded | CreditEntryKind::Reverted => {
                -1
            }
        }
    }
}

/// Available credit: the limit less what is owed (saturating, never wrapping).
pub const fn available_credit(limit: i64, owed: i64) -> i64 {
    limit.saturating_sub(owed)
}

/// Whether an order of `total` cents fits: `Ok(available)` or `Err(available)`.
pub fn check_credit(limit: i64, owed: i64, total: i64, may_exceed: bool) -> Result<i64, i64> {
    let available = available_credit(limit, owed);
    if total <= available || may_exceed {
        Ok(available)
    } else {
        Err(available)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_up_to_the_available_credit_fits() {
        assert_eq!(check_credit(50_000, 10_000, 40_000, false), Ok(40_000));
        assert_eq!(check_credit(50_000, 10_000, 40_001, false), Err(40_000));
        assert_eq!(check_credit(50_000, 10_000, 90_000, true), Ok(40_000));
    }

    #[test]
    fn kinds_round_trip() {
        for k in [
            "Allocated",
            "Purchased",
            "Reimbursed",
            "Refunded",
            "Reverted",
        ] {
            assert_eq!(CreditEntryKind::parse(k).unwrap().as_str(), k);
        }
    }
}
