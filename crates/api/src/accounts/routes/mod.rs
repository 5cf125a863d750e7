//! One file per account operation (the address book and bookmarks keep their
//! few operations together).

pub mod addresses;
pub mod app_tokens;
pub mod bookmarks;
pub mod challenge;
pub mod change_email;
pub mod change_password;
pub mod delete_me;
pub mod export_me;
pub mod get_me;
pub mod get_session;
pub mod incontrol;
pub mod invitations;
pub mod login;
pub mod logout;
pub mod oidc;
pub mod password_reset;
pub mod register;
pub mod staff;
pub mod update_me;
