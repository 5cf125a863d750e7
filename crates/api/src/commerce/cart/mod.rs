//! The basket every way of buying fills (SPEC §5): whose cart a request
//! addresses (`scope`), the line rules (`lines`), the guest-cart merge on
//! sign-in (`merge`), the partner referral code box (`partner_code`), which
//! of a buyer's carts a request means (`slot`: the main one or the mobile
//! app's) and the answer of a priced cart (`dto`).

pub mod dto;
pub mod lines;
pub mod merge;
pub mod partner_code;
pub mod scope;
pub mod slot;
pub mod stacking;
