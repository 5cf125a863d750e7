//! Store selection (SPEC §3): which store's prices, stock and catalogue a
//! request sees.
//!
//! Order: `?store=` (an eStore code such as `us`, or a mini-store key), then
//! the `uplink_store` cookie (same values), then the signed-in customer's
//! country (US → the US eStore, else the default), then the default store.
//! A signed-in partner in an eStore with a partner price list sees and pays
//! that list (the store's partner twin in the snapshot, SPEC §10).
//!
//! The accounts layer plugs the customer's country in by inserting a
//! [`CustomerCountry`] into the request extensions (e.g. from its session
//! middleware) before handlers run; nothing else changes.

use crate::http::error::{ApiError, FieldError};
use crate::http::state::AppState;
use crate::read_model::Snapshot;
use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts};
use serde::Deserialize;
use std::sync::Arc;
use uplink_domain::catalog::Region;
use uplink_domain::error_code::ErrorCode;
use utoipa::IntoParams;

/// Cookie that remembers the visitor's store (its value: a code or mini-store key).
pub const STORE_COOKIE: &str = "uplink_store";

/// The signed-in customer's account country (ISO 3166-1 alpha-2), put into
/// request extensions by the accounts layer.
#[derive(Debug, Clone)]
pub struct CustomerCountry(pub String);

/// How the store was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreSource {
    Query,
    Cookie,
    Account,
    Default,
}

/// Where a visitor cannot shop: `store_paused` for a paused mini-store's key,
/// else 422 naming the unknown value.
fn unknown_store(snap: &Snapshot, value: &str) -> ApiError {
    if snap.is_paused_key(value) {
        return ApiError::new(ErrorCode::StorePaused).with_detail(format!(
            "The mini-store `{}` is closed for now; shop in the main store instead.",
            value.trim()
        ));
    }
    ApiError::validation(vec![FieldError::new(
        "store",
        ErrorCode::ValidationFailed,
        format!(
            "There is no store `{}`; use a store code such as `global` or `us`, or a mini-store key.",
            value.trim()
        ),
    )])
}

/// Documents the `store` query parameter on every store-aware operation.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StoreParam {
    /// Store to use: an eStore code (`global`, `us`) or a mini-store key.
    /// Without it: the `uplink_store` cookie, then the signed-in customer's
    /// country, then the default store `global`. An unknown value is a 422.
    #[param(example = "us")]
    pub store: Option<String>,
}

/// The resolved store plus the catalogue snapshot it was resolved against.
#[derive(Clone)]
pub struct StoreContext {
    pub snapshot: Arc<Snapshot>,
    /// Index into `snapshot.stores` / `snapshot.views`.
    pub store: usize,
    pub source: StoreSource,
}

impl StoreContext {
    pub fn code(&self) -> &str {
        &self.snapshot.stores[self.store].code
    }

    pub fn currency(&self) -> &str {
        &self.snapshot.stores[self.store].currency
    }
}

/// Finds a store by what a visitor may send: an eStore code or a mini-store key.
pub fn find_store(snap: &Snapshot, value: &str) -> Option<usize> {
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    snap.store_by_code(value)
        .filter(|&i| snap.stores[i].is_estore())
        .or_else(|| snap.store_by_key(value))
        .filter(|&i| snap.stores[i].is_own())
}

/// The selection rule of SPEC §3, pure so it can be tested and reused.
pub fn resolve(
    snap: &Arc<Snapshot>,
    query: Option<&str>,
    cookie: Option<&str>,
    country: Option<&str>,
) -> Result<StoreContext, ApiError> {
    let ctx = |store, source| StoreContext {
        snapshot: Arc::clone(snap),
        store,
        source,
    };
    if let Some(q) = query.filter(|q| !q.trim().is_empty()) {
        return match find_store(snap, q) {
            Some(i) => Ok(ctx(i, StoreSource::Query)),
            None => Err(unknown_store(snap, q)),
        };
    }
    if let Some(i) = cookie.and_then(|c| find_store(snap, c)) {
        return Ok(ctx(i, StoreSource::Cookie));
    }
    if let Some(country) = country {
        let region = Region::of_country(country);
        let regional = snap
            .stores
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_own() && s.is_estore() && s.region == region)
            .map(|(i, _)| i)
            .min_by_key(|&i| (i != snap.default_store, i));
        if let Some(i) = regional {
            return Ok(ctx(i, StoreSource::Account));
        }
    }
    Ok(ctx(snap.default_store, StoreSource::Default))
}

/// The value of `name` in a query string.
pub fn query_value(query: &str, name: &str) -> Option<String> {
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// The value of cookie `name`.
pub fn cookie_value(parts: &Parts, name: &str) -> Option<String> {
    parts
        .headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim_matches('"').to_owned())
}

/// The signed-in customer's country: from [`CustomerCountry`] when a layer put
/// it there, else from the session.
async fn customer_country(parts: &mut Parts, state: &AppState) -> Option<String> {
    if let Some(c) = parts.extensions.get::<CustomerCountry>() {
        return Some(c.0.clone());
    }
    Some(signed_in(parts, state).await?.country)
}

/// The signed-in account, if any (a broken session simply means "none"
/// here; handlers that need a user reject it themselves). The session is
/// looked up once per request and kept for the handler's own extractors.
async fn signed_in(parts: &mut Parts, state: &AppState) -> Option<uplink_db::accounts::UserRow> {
    let user =
        <crate::http::identity::MaybeUser as FromRequestParts<AppState>>::from_request_parts(
            parts, state,
        )
        .await
        .ok()?
        .0?;
    Some(user.user)
}

/// Whether the request carries a session at all (a guest's carries none:
/// their hot catalogue reads skip the session lookup).
fn has_session(parts: &Parts) -> bool {
    parts.headers.contains_key(header::AUTHORIZATION)
        || cookie_value(parts, crate::http::cookies::SESSION_COOKIE).is_some()
}

impl FromRequestParts<AppState> for StoreContext {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
        let query = parts.uri.query().and_then(|q| query_value(q, "store"));
        let cookie = cookie_value(parts, STORE_COOKIE);
        let country = match (&query, &cookie) {
            // The account's country only matters when nothing more specific chose a store;
            // skip the session lookup otherwise (listing requests are hot).
            (None, None) => customer_country(parts, state).await,
            _ => None,
        };
        let mut ctx = resolve(
            &snap,
            query.as_deref(),
            cookie.as_deref(),
            country.as_deref(),
        )?;
        if let Some(twin) = snap.partner_price_list(ctx.store)
            && has_session(parts)
            && signed_in(parts, state).await.is_some_and(|u| u.is_partner)
        {
            ctx.store = twin;
        }
        Ok(ctx)
    }
}
