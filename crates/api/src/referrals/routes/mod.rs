pub mod my_referral;
pub mod referral_stores;
pub mod rewards;
pub mod staff;
