//! The built-in test gateway's own HTTP surface, separate from the order API
//! (SPEC §6): the tokenisation endpoint the card form posts to, the 3-D
//! Secure confirmation page and the PayPal sandbox approve/cancel page.
//! Every page carries a TEST MODE banner. Nothing here is under `/api/v1`:
//! a real gateway would serve these from its own domain.

pub mod pages;
pub mod routes;

use crate::http::state::AppState;
use axum::Router;
use axum::routing::{get, post};
use routes::{create_token::create_token, paypal::*, three_ds::*};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/gateway/test/tokens", post(create_token))
        .route(
            "/gateway/test/3ds/{id}",
            get(three_ds_page).post(three_ds_answer),
        )
        .route(
            "/gateway/test/paypal/{id}",
            get(paypal_page).post(paypal_answer),
        )
}
