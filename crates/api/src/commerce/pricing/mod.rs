//! The pricing pipeline (SPEC §2, §5, §9): every way of buying prices its
//! lines here, so the cart page, the checkout options and the order itself
//! (inside its transaction, with a shipping fee and the destination state)
//! cannot drift apart (D70).
//!
//! [`price_cart`] is pure: it takes the lines and a [`PricingContext`] and
//! runs the [`PIPELINE`], a fixed list of named steps (`steps.rs`), each
//! adjusting the lines in turn on one [`PriceSheet`]: the store's price,
//! a quotation's price, the coupon, sales tax. The totals are always the
//! sum of the rounded lines. A new adjustment (a partner price list, a
//! referral discount) is a new step in its place in the list; the others do
//! not change. `line.rs` says what each line is (options, quantity rules,
//! stock and serial problems) before any money; `load.rs` reads what the
//! context needs from the database.

mod line;
mod load;
mod pipeline;
mod priced;
mod steps;

pub use line::{
    effective_eligibility, effective_options, is_serial_bound, option_deltas, parse_options,
    quantity_rules,
};
pub use load::{CartRows, LoadCart, TaxDestination, load_priced_cart};
pub use pipeline::price_cart;
pub use priced::{
    ChosenOption, LineProblem, PricedCart, PricedCoupon, PricedLine, PricingContext, QuotedLine,
    QuotedPrices,
};
pub use steps::{PIPELINE, PricingStep, refusal_code, refusal_message};
