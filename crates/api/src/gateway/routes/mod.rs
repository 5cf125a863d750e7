//! The gateway's operations: tokenising a card, the 3-D Secure page, the PayPal page.

pub mod create_token;
pub mod paypal;
pub mod three_ds;
