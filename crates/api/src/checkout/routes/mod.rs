//! One file per checkout operation.

pub mod options;
pub mod place_order;
