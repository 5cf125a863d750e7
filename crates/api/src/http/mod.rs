//! The HTTP kernel: application state, the error type, request extractors,
//! middleware, who is calling ([`identity`]), which store a request sees
//! ([`store`]), the OpenAPI machinery, operational endpoints and serving the
//! single-page app. Imports no capability: capabilities build on it.

pub mod cookies;
pub mod error;
pub mod extract;
pub mod identity;
pub mod integration_key;
pub mod meta;
pub mod middleware;
pub mod openapi;
pub mod ops;
pub mod route_docs;
pub mod spa;
pub mod state;
pub mod store;
