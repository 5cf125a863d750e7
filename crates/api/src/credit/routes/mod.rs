pub mod get_my_credit;
pub mod staff;
