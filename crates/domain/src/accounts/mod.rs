//! Account rules (SPEC §1, §3, §6, §8): e-mail addresses, passwords, countries
//! and regions, postal addresses, the sign-in challenge and safe redirects.

pub mod address;
pub mod countries;
mod countries_data;
pub mod email;
pub mod password;
pub mod pow;
pub mod return_to;

pub use countries::{
    country_name, is_country, region_for_country, store_for_country, us_state_name,
};
pub use email::Email;
