//! What pricing answers: priced lines with their problems, the coupon and
//! the totals; and what it prices in ([`PricingContext`]).

use crate::commerce::referral::ReferralOffer;
use crate::read_model::Snapshot;
use std::collections::HashMap;
use uplink_db::cart::{CartLine, CouponRow};
use uplink_domain::cart::{QuantityRules, Totals};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;

/// Something wrong with a line that keeps the cart from being ordered as is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    pub code: ErrorCode,
    pub message: String,
    /// For `insufficient_stock`: units available now.
    pub available: Option<i64>,
}

/// A chosen option value, for display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenOption {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

/// One priced line.
#[derive(Debug, Clone)]
pub struct PricedLine {
    pub line: CartLine,
    /// Index of the product in the snapshot (`None`: no longer in the catalogue).
    pub product: Option<u32>,
    pub options: Vec<ChosenOption>,
    /// Current unit price with option deltas (0 when the product cannot be sold).
    pub unit_price: Money,
    /// The unit price the buyer saw before, when it differs from `unit_price`.
    pub previous_unit_price: Option<Money>,
    pub rules: QuantityRules,
    pub serial_bound: bool,
    pub physical: bool,
    /// Units available in the store's warehouse (physical products only).
    pub available: Option<i64>,
    pub problem: Option<LineProblem>,
    /// Rounded amounts; zero for lines with a problem that makes them unsellable.
    pub amounts: uplink_domain::cart::LineTotals,
    pub weight_grams: Option<i64>,
}

impl PricedLine {
    pub fn price_changed(&self) -> bool {
        self.previous_unit_price.is_some()
    }
}

/// The cart's coupon and whether it applies now.
#[derive(Debug, Clone)]
pub struct PricedCoupon {
    pub row: CouponRow,
    /// Why it does not apply at the moment (then no discount is given).
    pub refusal: Option<(ErrorCode, String)>,
}

/// A priced cart.
#[derive(Debug, Clone)]
pub struct PricedCart {
    pub cart_id: Option<String>,
    pub store_code: String,
    pub currency: String,
    pub lines: Vec<PricedLine>,
    pub coupon: Option<PricedCoupon>,
    /// Destination state used for sales tax, and its rate.
    pub tax_state: Option<String>,
    pub tax_bp: i64,
    /// Whether the store charges sales tax at all (US region).
    pub charges_tax: bool,
    pub totals: Totals,
    /// The app referral code's offer (applied or refused with its reason).
    pub app_referral: Option<ReferralOffer>,
    /// What the referee discount took off (part of `totals.discount`).
    pub referral_discount: Money,
    /// `Partner` when a signed-in partner's lines are at the partner price list.
    pub price_list: crate::read_model::snapshot::PriceList,
    /// The partner referral code applied to the cart (not checked here; it
    /// changes no price, D58).
    pub partner_referral_code: Option<String>,
}

impl PricedCart {
    /// Units in the cart (what the header badge shows).
    pub fn item_count(&self) -> i64 {
        self.lines
            .iter()
            .fold(0i64, |n, l| n.saturating_add(l.line.row.qty))
    }

    /// Shipping weight of the physical lines (saturating: quantities are
    /// bounded long before grams could overflow).
    pub fn weight_grams(&self) -> i64 {
        self.lines
            .iter()
            .filter(|l| l.physical)
            .map(|l| l.weight_grams.unwrap_or(0).saturating_mul(l.line.row.qty))
            .fold(0, i64::saturating_add)
    }

    pub fn has_problems(&self) -> bool {
        self.lines.iter().any(|l| l.problem.is_some())
    }

    pub fn price_changed(&self) -> bool {
        self.lines.iter().any(PricedLine::price_changed)
    }

    /// True when every line is physical-free (no shipping needed).
    pub fn is_digital_only(&self) -> bool {
        self.lines.iter().all(|l| !l.physical)
    }
}

/// What the lines are priced in: the store and its catalogue, stock, the
/// coupon, the tax rate, the shipping fee and a quotation's prices.
pub struct PricingContext<'a> {
    pub snapshot: &'a Snapshot,
    pub store: usize,
    /// Available units per product id in the store's warehouse.
    pub stock: &'a HashMap<String, i64>,
    pub coupon: Option<CouponRow>,
    /// The customer's redemptions of that coupon so far (0 for guests).
    pub coupon_customer_uses: i64,
    pub tax_state: Option<String>,
    pub tax_bp: i64,
    pub shipping: Money,
    pub now_ms: i64,
    /// A quotation's prices, fixed for its lines (no coupon applies then).
    pub quoted: Option<&'a QuotedPrices>,
    /// The signed-in buyer (`None` for guests).
    pub customer: Option<&'a str>,
    /// The app referral code's offer on this cart (SPEC §10).
    pub referral: Option<&'a ReferralOffer>,
}

/// What a quotation fixed for each of its lines, by cart line id (SPEC §9):
/// the catalogue unit price sales quoted against and the line's quoted
/// total before tax. The order shows the catalogue subtotal and the
/// difference as the line's discount.
#[derive(Debug, Clone, Default)]
pub struct QuotedPrices {
    pub lines: HashMap<String, QuotedLine>,
}

#[derive(Debug, Clone, Copy)]
pub struct QuotedLine {
    pub unit_price: Money,
    pub total: Money,
}
