//! The back-office's own operations: what belongs to no capability.

pub mod staff;
