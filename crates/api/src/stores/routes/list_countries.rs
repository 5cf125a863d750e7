//! Country and US state lists for address and account forms.

use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use uplink_domain::accounts::countries::{COUNTRIES, US_STATES};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct NamedCode {
    pub code: &'static str,
    pub name: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CountryLists {
    /// ISO 3166-1 alpha-2 countries, by code.
    pub countries: Vec<NamedCode>,
    /// US states, DC and territories (what a US address's `state` may be).
    pub us_states: Vec<NamedCode>,
}

/// Countries and US states.
#[utoipa::path(get, path = "/countries", tag = "meta", responses((status = 200, body = CountryLists)))]
pub async fn list_countries() -> Response {
    let list = |l: &'static [(&'static str, &'static str)]| {
        l.iter()
            .map(|(code, name)| NamedCode { code, name })
            .collect()
    };
    (
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(CountryLists {
            countries: list(COUNTRIES),
            us_states: list(US_STATES),
        }),
    )
        .into_response()
}
