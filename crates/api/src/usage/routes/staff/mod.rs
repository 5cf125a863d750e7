//! Admins: the integration keys outside systems post usage with.

pub mod integration_keys;
