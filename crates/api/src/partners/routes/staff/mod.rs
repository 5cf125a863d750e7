//! Staff and partner rebates: what is owed, and payouts.

pub mod rebates;
