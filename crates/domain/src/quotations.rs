//! Quotations (SPEC §9): the status machine both sides move through, and
//! the arithmetic of a quoted line price. Pure: the API checks every
//! transition here before it writes, and the write is conditional on the
//! status it read, so two requests cannot both move one quotation.

use crate::money::Money;
use serde::{Deserialize, Serialize};

/// Days a quotation stays valid when staff do not say otherwise.
pub const DEFAULT_VALID_DAYS: i64 = 30;
/// Lines one quotation may hold.
pub const MAX_LINES: usize = 100;

/// `Q-000045`.
pub fn quotation_number(seq: i64) -> String {
    format!("Q-{seq:06}")
}

/// The sequence value of a quotation number, if it is one (`Q-000045` → 45).
pub fn parse_quotation_number(s: &str) -> Option<i64> {
    let s = s.trim();
    let digits = s.strip_prefix("Q-").or_else(|| s.strip_prefix("q-"))?;
    if digits.len() < 6 || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Where a quotation is (SPEC §9). The wire and database name is snake case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuotationStatus {
    /// Built from the cart, not yet sent to sales.
    Draft,
    /// Sent to sales, nobody has opened it yet.
    Submitted,
    /// A sales person opened it.
    InReview,
    /// Prices were sent to the buyer.
    Quoted,
    /// The buyer accepted the prices; it can be paid.
    Accepted,
    /// Paid: an order exists.
    Ordered,
    /// The buyer asked for changes; back with sales.
    RevisionRequested,
    /// Sales declined it.
    Declined,
    /// The buyer closed it.
    Closed,
    /// Quoted or accepted and past its valid-until date.
    Expired,
}

impl QuotationStatus {
    pub const ALL: [QuotationStatus; 10] = [
        QuotationStatus::Draft,
        QuotationStatus::Submitted,
        QuotationStatus::InReview,
        QuotationStatus::Quoted,
        QuotationStatus::Accepted,
        QuotationStatus::Ordered,
        QuotationStatus::RevisionRequested,
        QuotationStatus::Declined,
        QuotationStatus::Closed,
        QuotationStatus::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            QuotationStatus::Draft => "draft",
            QuotationStatus::Submitted => "submitted",
            QuotationStatus::InReview => "in_review",
            QuotationStatus::Quoted => "quoted",
            QuotationStatus::Accepted => "accepted",
            QuotationStatus::Ordered => "ordered",
            QuotationStatus::RevisionRequested => "revision_requested",
            QuotationStatus::Declined => "declined",
            QuotationStatus::Closed => "closed",
            QuotationStatus::Expired => "expired",
        }
    }

    pub fn parse(s: &str) -> Option<QuotationStatus> {
        Self::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// The buyer's words for it.
    pub fn label(self) -> &'static str {
        match self {
            QuotationStatus::Draft => "Draft",
            QuotationStatus::Submitted => "Submitted",
            QuotationStatus::InReview => "In review",
            QuotationStatus::Quoted => "Quoted",
            QuotationStatus::Accepted => "Accepted",
            QuotationStatus::Ordered => "Ordered",
            QuotationStatus::RevisionRequested => "Revision requested",
            QuotationStatus::Declined => "Declined",
            QuotationStatus::Closed => "Closed",
            QuotationStatus::Expired => "Expired",
        }
    }

    /// Nothing more happens to it (it can only be bought again at catalogue
    /// price, when declined or expired).
    pub fn is_final(self) -> bool {
        matches!(
            self,
            QuotationStatus::Ordered
                | QuotationStatus::Declined
                | QuotationStatus::Closed
                | QuotationStatus::Expired
        )
    }

    /// Sales may change its prices (opening it moves it to in review).
    pub fn staff_may_edit(self) -> bool {
        matches!(
            self,
            QuotationStatus::Submitted
                | QuotationStatus::InReview
                | QuotationStatus::RevisionRequested
        )
    }

    /// SPEC §9: expired and declined quotations can still be bought at catalogue price.
    pub fn buyable_at_catalogue_price(self) -> bool {
        matches!(self, QuotationStatus::Expired | QuotationStatus::Declined)
    }
}

/// Who moves a quotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    Buyer,
    Staff,
    /// The expiry job and the order that pays it.
    System,
}

/// What someone asks to do to a quotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuotationAction {
    /// Buyer: send the draft to sales.
    Submit,
    /// Staff: open it (submitted or revision requested → in review).
    Open,
    /// Staff: send the prices.
    Send,
    /// Staff: decline.
    Decline,
    /// Buyer: accept the prices.
    Accept,
    /// Buyer: ask for changes.
    RequestRevision,
    /// Buyer: close it.
    Close,
    /// System: past its valid-until date.
    Expire,
    /// System: its order was placed.
    Order,
}

impl QuotationAction {
    /// The action's name in the audit log (`quotation.send`).
    pub fn audit_action(self) -> &'static str {
        match self {
            QuotationAction::Submit => "quotation.submit",
            QuotationAction::Open => "quotation.open",
            QuotationAction::Send => "quotation.send",
            QuotationAction::Decline => "quotation.decline",
            QuotationAction::Accept => "quotation.accept",
            QuotationAction::RequestRevision => "quotation.request_revision",
            QuotationAction::Close => "quotation.close",
            QuotationAction::Expire => "quotation.expire",
            QuotationAction::Order => "quotation.order",
        }
    }

    /// What the action is called in messages ("cannot be accepted").
    pub fn past_participle(self) -> &'static str {
        match self {
            QuotationAction::Submit => "submitted",
            QuotationAction::Open => "opened for review",
            QuotationAction::Send => "sent",
            QuotationAction::Decline => "declined",
            QuotationAction::Accept => "accepted",
            QuotationAction::RequestRevision => "sent back for a revision",
            QuotationAction::Close => "closed",
            QuotationAction::Expire => "expired",
            QuotationAction::Order => "ordered",
        }
    }
}

/// A transition the machine does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidTransition {
    pub from: QuotationStatus,
    pub action: QuotationAction,
}

impl std::fmt::Display for InvalidTransition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "A quotation that is {} cannot be {}.",
            self.from.label().to_lowercase(),
            self.action.past_participle()
        )
    }
}

/// The status `action` moves `from` to, or why it cannot (SPEC §9).
pub fn next_status(
    from: QuotationStatus,
    action: QuotationAction,
) -> Result<QuotationStatus, InvalidTransition> {
    use QuotationAction as A;
    use QuotationStatus as S;
    let to = match (action, from) {
        (A::Submit, S::Draft) => S::Submitted,
        (A::Open, S::Submitted | S::RevisionRequested) => S::InReview,
        (A::Send, S::InReview) => S::Quoted,
        (A::Decline, S::Submitted | S::InReview | S::RevisionRequested | S::Quoted) => S::Declined,
        (A::Accept, S::Quoted) => S::Accepted,
        (A::RequestRevision, S::Quoted | S::Accepted) => S::RevisionRequested,
        (
            A::Close,
            S::Draft | S::Submitted | S::InReview | S::Quoted | S::Accepted | S::RevisionRequested,
        ) => S::Closed,
        (A::Expire, S::Quoted | S::Accepted) => S::Expired,
        (A::Order, S::Accepted) => S::Ordered,
        _ => return Err(InvalidTransition { from, action }),
    };
    Ok(to)
}

/// How sales priced one line (SPEC §9): a percentage off, an amount off the
/// line, or a proposed total for the line. `None` on a line means the
/// catalogue price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LineQuote {
    /// Basis points off the line (1,250 = 12.5 %).
    PercentOff { basis_points: i64 },
    /// Cents off the whole line.
    AmountOff { cents: i64 },
    /// The whole line for this many cents.
    ProposedTotal { cents: i64 },
}

/// Why a quote does not fit its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteError {
    /// Percent outside 0–100 %.
    PercentOutOfRange,
    /// A negative amount.
    Negative,
    /// More off than the line costs, or a proposed total above the catalogue price.
    AboveCataloguePrice,
}

impl std::fmt::Display for QuoteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            QuoteError::PercentOutOfRange => "A percentage off is between 0 and 100.",
            QuoteError::Negative => "An amount cannot be negative.",
            QuoteError::AboveCataloguePrice => {
                "A quoted line cannot cost more than its catalogue price, nor take off more than it costs."
            }
        })
    }
}

/// The line's quoted total (before tax) for a catalogue `subtotal`
/// (unit price × quantity): never negative, never above the subtotal.
/// A percentage rounds half up to the cent, like every discount.
pub fn quoted_total(subtotal: Money, quote: Option<LineQuote>) -> Result<Money, QuoteError> {
    let s = subtotal.cents();
    let total = match quote {
        None => s,
        Some(LineQuote::PercentOff { basis_points }) => {
            if !(0..=10_000).contains(&basis_points) {
                return Err(QuoteError::PercentOutOfRange);
            }
            s - subtotal.percent_bp(basis_points).cents()
        }
        Some(LineQuote::AmountOff { cents }) => {
            if cents < 0 {
                return Err(QuoteError::Negative);
            }
            if cents > s {
                return Err(QuoteError::AboveCataloguePrice);
            }
            s - cents
        }
        Some(LineQuote::ProposedTotal { cents }) => {
            if cents < 0 {
                return Err(QuoteError::Negative);
            }
            if cents > s {
                return Err(QuoteError::AboveCataloguePrice);
            }
            cents
        }
    };
    Ok(Money::from_cents(total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn numbers_round_trip() {
        assert_eq!(quotation_number(45), "Q-000045");
        assert_eq!(parse_quotation_number("Q-000045"), Some(45));
        assert_eq!(parse_quotation_number(" q-1234567 "), Some(1_234_567));
        for bad in ["Q-45", "UL-000045", "Q-00004x", "Q-", "", "Q-0000000000000"] {
            assert_eq!(parse_quotation_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn statuses_round_trip_through_their_names() {
        for s in QuotationStatus::ALL {
            assert_eq!(QuotationStatus::parse(s.as_str()), Some(s));
            assert_eq!(
                serde_json::to_value(s).unwrap(),
                serde_json::Value::String(s.as_str().into())
            );
        }
        assert_eq!(QuotationStatus::parse("in review"), None);
    }

    #[test]
    fn the_happy_path_of_spec_9() {
        use QuotationAction as A;
        let mut s = QuotationStatus::Draft;
        for (a, want) in [
            (A::Submit, QuotationStatus::Submitted),
            (A::Open, QuotationStatus::InReview),
            (A::Send, QuotationStatus::Quoted),
            (A::RequestRevision, QuotationStatus::RevisionRequested),
            (A::Open, QuotationStatus::InReview),
            (A::Send, QuotationStatus::Quoted),
            (A::Accept, QuotationStatus::Accepted),
            (A::Order, QuotationStatus::Ordered),
        ] {
            s = next_status(s, a).unwrap();
            assert_eq!(s, want);
        }
    }

    #[test]
    fn every_transition_allowed_and_refused() {
        use QuotationAction as A;
        use QuotationStatus as S;
        let allowed: &[(A, &[S])] = &[
            (A::Submit, &[S::Draft]),
            (A::Open, &[S::Submitted, S::RevisionRequested]),
            (A::Send, &[S::InReview]),
            (
                A::Decline,
                &[S::Submitted, S::InReview, S::RevisionRequested, S::Quoted],
            ),
            (A::Accept, &[S::Quoted]),
            (A::RequestRevision, &[S::Quoted, S::Accepted]),
            (
                A::Close,
                &[
                    S::Draft,
                    S::Submitted,
                    S::InReview,
                    S::Quoted,
                    S::Accepted,
                    S::RevisionRequested,
                ],
            ),
            (A::Expire, &[S::Quoted, S::Accepted]),
            (A::Order, &[S::Accepted]),
        ];
        for (action, from) in allowed {
            for s in S::ALL {
                let r = next_status(s, *action);
                assert_eq!(r.is_ok(), from.contains(&s), "{action:?} from {s:?}");
                if let Err(e) = r {
                    assert!(e.to_string().starts_with("A quotation that is"));
                }
            }
        }
        // Nothing leaves a final status.
        for s in S::ALL.into_iter().filter(|s| s.is_final()) {
            for (action, _) in allowed {
                assert!(next_status(s, *action).is_err(), "{action:?} from {s:?}");
            }
        }
    }

    #[test]
    fn quoted_totals() {
        let m = Money::from_cents;
        assert_eq!(quoted_total(m(10_000), None), Ok(m(10_000)));
        let pct = |bp| Some(LineQuote::PercentOff { basis_points: bp });
        assert_eq!(quoted_total(m(10_000), pct(1_250)), Ok(m(8_750)));
        assert_eq!(quoted_total(m(999), pct(5_000)), Ok(m(499)));
        assert_eq!(
            quoted_total(m(999), pct(10_001)),
            Err(QuoteError::PercentOutOfRange)
        );
        assert_eq!(
            quoted_total(m(999), Some(LineQuote::AmountOff { cents: 1_000 })),
            Err(QuoteError::AboveCataloguePrice)
        );
        assert_eq!(
            quoted_total(m(999), Some(LineQuote::ProposedTotal { cents: -1 })),
            Err(QuoteError::Negative)
        );
        assert_eq!(
            quoted_total(m(999), Some(LineQuote::ProposedTotal { cents: 700 })),
            Ok(m(700))
        );
    }

    proptest! {
        #[test]
        fn a_quoted_total_is_between_zero_and_the_catalogue_price(
            subtotal in 0i64..10_000_000_000,
            kind in 0u8..3,
            value in -100i64..20_000_000_000,
        ) {
            let quote = match kind {
                0 => LineQuote::PercentOff { basis_points: value % 12_000 },
                1 => LineQuote::AmountOff { cents: value },
                _ => LineQuote::ProposedTotal { cents: value },
            };
            if let Ok(t) = quoted_total(Money::from_cents(subtotal), Some(quote)) {
                prop_assert!(t.cents() >= 0 && t.cents() <= subtotal);
            }
        }
    }
}
