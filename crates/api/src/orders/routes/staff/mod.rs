//! Fulfilment's order desk (five operations on one page, kept together).

pub mod staff_orders;
