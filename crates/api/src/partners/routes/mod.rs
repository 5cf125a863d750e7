pub mod dashboard;
pub mod mini_stores;
pub mod pavilion;
pub mod rebates;
pub mod staff;
