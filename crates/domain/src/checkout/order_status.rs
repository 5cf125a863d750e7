//! The order state machine (SPEC §7):
//! `pending_payment → processing → (partially_shipped →) shipped → completed`;
//! `pending_payment → cancelled` (customer, or unpaid timeout);
//! `processing → cancelled` (staff, with refund); `completed → refunded` (staff).
//! Digital-only orders complete when delivered (`processing → completed`).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    PendingPayment,
    Processing,
    PartiallyShipped,
    Shipped,
    Completed,
    Cancelled,
    Refunded,
}

/// Who asks for a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Customer,
    Staff,
    System,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 7] = [
        OrderStatus::PendingPayment,
        OrderStatus::Processing,
        OrderStatus::PartiallyShipped,
        OrderStatus::Shipped,
        OrderStatus::Completed,
        OrderStatus::Cancelled,
        OrderStatus::Refunded,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            OrderStatus::PendingPayment => "pending_payment",
            OrderStatus::Processing => "processing",
            OrderStatus::PartiallyShipped => "partially_shipped",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Completed => "completed",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Refunded => "refunded",
        }
    }

    pub fn parse(s: &str) -> Option<OrderStatus> {
        Self::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// True when `actor` may move an order from `self` to `to`.
    pub fn may_become(self, to: OrderStatus, actor: Actor) -> bool {
        use Actor::*;
        use OrderStatus::*;
        match (self, to) {
            (PendingPayment, Processing) => matches!(actor, Staff | System),
            (PendingPayment, Cancelled) => true,
            (Processing, PartiallyShipped | Shipped | Completed) => matches!(actor, Staff | System),
            (Processing, Cancelled) => actor == Staff,
            (PartiallyShipped, PartiallyShipped | Shipped) => matches!(actor, Staff | System),
            (Shipped, Completed) => matches!(actor, Staff | System),
            (Completed, Refunded) => actor == Staff,
            _ => false,
        }
    }

    /// Paid and not yet finished: counts as an open order.
    pub const fn is_final(self) -> bool {
        matches!(
            self,
            OrderStatus::Completed | OrderStatus::Cancelled | OrderStatus::Refunded
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Actor::*;
    use OrderStatus::*;

    #[test]
    fn customers_may_only_cancel_unpaid_orders() {
        assert!(PendingPayment.may_become(Cancelled, Customer));
        for s in OrderStatus::ALL {
            for t in OrderStatus::ALL {
                if (s, t) != (PendingPayment, Cancelled) {
                    assert!(!s.may_become(t, Customer), "{s:?} → {t:?}");
                }
            }
        }
    }

    #[test]
    fn the_happy_path_and_the_staff_exits_are_allowed() {
        assert!(PendingPayment.may_become(Processing, Staff));
        assert!(Processing.may_become(PartiallyShipped, Staff));
        assert!(PartiallyShipped.may_become(Shipped, Staff));
        assert!(Shipped.may_become(Completed, System));
        assert!(Processing.may_become(Cancelled, Staff));
        assert!(Completed.may_become(Refunded, Staff));
        assert!(PendingPayment.may_become(Cancelled, System));
    }

    #[test]
    fn finished_orders_stay_finished() {
        for t in OrderStatus::ALL {
            assert!(!Cancelled.may_become(t, Staff));
            assert!(!Refunded.may_become(t, Staff));
        }
        assert!(!Shipped.may_become(Cancelled, Staff));
        assert!(!Processing.may_become(Cancelled, System));
    }

    #[test]
    fn statuses_round_trip_through_their_names() {
        for s in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(s.as_str()), Some(s));
        }
    }
}
