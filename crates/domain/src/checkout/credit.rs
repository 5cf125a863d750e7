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

/// Where a credit account stands after an entry: the limit then in force and
/// what was owed. Available credit follows from the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CreditBalance {
    pub limit: i64,
    pub owed: i64,
}

impl CreditBalance {
    pub const fn available(self) -> i64 {
        available_credit(self.limit, self.owed)
    }

    /// The balance after one more entry: an allocation sets the limit, the
    /// other kinds move what is owed (saturating: a corrupt amount never wraps).
    pub fn after(self, kind: CreditEntryKind, amount: i64) -> CreditBalance {
        match kind {
            CreditEntryKind::Allocated => CreditBalance {
                limit: amount,
                owed: self.owed,
            },
            _ => CreditBalance {
                limit: self.limit,
                owed: self
                    .owed
                    .saturating_add(kind.owed_sign().saturating_mul(amount)),
            },
        }
    }
}

/// The running balance after each entry of a history given oldest first.
pub fn running_balances(
    entries: impl IntoIterator<Item = (CreditEntryKind, i64)>,
) -> Vec<CreditBalance> {
    let mut balance = CreditBalance::default();
    entries
        .into_iter()
        .map(|(kind, amount)| {
            balance = balance.after(kind, amount);
            balance
        })
        .collect()
}

/// Largest credit limit staff may grant: $100 million, far above any real
/// account, and small enough that sums of limits and orders never near `i64`.
pub const MAX_CREDIT_LIMIT_CENTS: i64 = 10_000_000_000;
/// Longest payment terms: a year.
pub const MAX_PAYMENT_TERMS_DAYS: i64 = 365;

/// Why a credit-terms setting was refused, per field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermsError {
    Limit,
    Days,
}

/// Checks credit terms staff want to set: a limit from 0 to
/// [`MAX_CREDIT_LIMIT_CENTS`] and terms of 1 to [`MAX_PAYMENT_TERMS_DAYS`] days.
pub fn check_terms(limit_cents: i64, days: i64) -> Result<(), Vec<TermsError>> {
    let mut errors = Vec::new();
    if !(0..=MAX_CREDIT_LIMIT_CENTS).contains(&limit_cents) {
        errors.push(TermsError::Limit);
    }
    if !(1..=MAX_PAYMENT_TERMS_DAYS).contains(&days) {
        errors.push(TermsError::Days);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A payment staff record against a credit-terms invoice must be positive and
/// no more than what is still open on it: `Err(outstanding)` otherwise.
pub fn check_reimbursement(amount: i64, invoiced: i64, settled: i64) -> Result<(), i64> {
    let outstanding = invoiced.saturating_sub(settled).max(0);
    if amount > 0 && amount <= outstanding {
        Ok(())
    } else {
        Err(outstanding)
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

    #[test]
    fn an_allocation_sets_the_limit_and_the_rest_move_what_is_owed() {
        use CreditEntryKind::*;
        let b = running_balances([
            (Allocated, 50_000),
            (Purchased, 20_000),
            (Purchased, 5_000),
            (Reimbursed, 20_000),
            (Reverted, 5_000),
            (Allocated, 10_000),
        ]);
        let owed: Vec<i64> = b.iter().map(|b| b.owed).collect();
        assert_eq!(owed, [0, 20_000, 25_000, 5_000, 0, 0]);
        assert_eq!(b[2].available(), 25_000);
        assert_eq!(b[5].limit, 10_000);
    }

    #[test]
    fn terms_and_payments_are_bounded() {
        assert_eq!(check_terms(0, 30), Ok(()));
        assert_eq!(
            check_terms(-1, 0),
            Err(vec![TermsError::Limit, TermsError::Days])
        );
        assert_eq!(
            check_terms(MAX_CREDIT_LIMIT_CENTS + 1, 30),
            Err(vec![TermsError::Limit])
        );
        assert_eq!(check_terms(100, 366), Err(vec![TermsError::Days]));
        assert_eq!(check_reimbursement(500, 1_000, 500), Ok(()));
        assert_eq!(check_reimbursement(501, 1_000, 500), Err(500));
        assert_eq!(check_reimbursement(0, 1_000, 0), Err(1_000));
        assert_eq!(check_reimbursement(1, 1_000, 1_000), Err(0));
    }

    proptest::proptest! {
        /// The last running balance owes exactly the signed sum of the history,
        /// and its limit is the last allocation's amount.
        #[test]
        fn the_running_balance_ends_at_the_sum_of_the_history(
            entries in proptest::collection::vec((0usize..5, 0i64..1_000_000_000), 0..60)
        ) {
            use CreditEntryKind::*;
            let kinds = [Allocated, Purchased, Reimbursed, Refunded, Reverted];
            let history: Vec<(CreditEntryKind, i64)> =
                entries.iter().map(|&(k, a)| (kinds[k], a)).collect();
            let balances = running_balances(history.iter().copied());
            let owed: i64 = history.iter().map(|&(k, a)| k.owed_sign() * a).sum();
            let limit = history.iter().rev().find(|(k, _)| *k == Allocated).map_or(0, |&(_, a)| a);
            let last = balances.last().copied().unwrap_or_default();
            proptest::prop_assert_eq!(last.owed, owed);
            proptest::prop_assert_eq!(last.limit, limit);
            proptest::prop_assert_eq!(last.available(), limit - owed);
        }
    }
}
