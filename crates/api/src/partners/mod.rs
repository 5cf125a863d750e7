//! Partners (SPEC §9): the partner referral code a buyer enters in the cart
//! (`referral_code`: checking and attaching it) and what it does to an order
//! (`referral`: the buyer's discount and the partner's rebate). Mini-stores
//! and the pavilion come here next.

pub mod referral;
pub mod referral_code;
