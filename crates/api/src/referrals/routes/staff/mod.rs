//! Admins and the referral programme: its terms.

pub mod terms;
