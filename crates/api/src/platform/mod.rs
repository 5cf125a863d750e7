//! The platform: what every capability runs on and nothing HTTP-specific —
//! configuration, e-mail, the secret box, password hashing, the OpenID
//! Connect client, money and time formats, the job runner, this server among others. Imports no
//! capability.

pub mod config;
pub mod config_file;
pub mod instances;
pub mod jobs;
pub mod mail;
pub mod money;
pub mod oidc;
pub mod passwords;
pub mod pdf;
pub mod qr;
pub mod secrets;
pub mod timefmt;
pub mod uploads;
