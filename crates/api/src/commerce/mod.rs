//! The commerce engine: what every way of buying shares, below the
//! capabilities and above the kernel. It imports the kernel only; every
//! capability may import it, and none imports another capability.
//!
//! - `cart`: the basket (whose cart, line rules, merge on sign-in).
//! - `pricing`: the pricing pipeline.
//! - `offers`: the shipping options and payment methods a cart may use.
//! - `placing`: placing an order from an order intent, in one transaction.
//! - `orders`: the order once placed and its lifecycle.
//! - `delivery`: delivering paid digital lines after the commit.
//! - `quotes`: an accepted quotation as a way to buy.
//! - `renewals`: which plan renews a device's coverage.

pub mod cart;
pub mod delivery;
pub mod offers;
pub mod orders;
pub mod placing;
pub mod pricing;
pub mod quotes;
pub mod referral;
pub mod renewals;
