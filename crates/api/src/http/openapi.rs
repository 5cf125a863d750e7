//! The OpenAPI 3.1 document, assembled from every route's `#[utoipa::path]`.

use crate::http::route_docs::{PROBLEM_JSON, operations_mut, problem_content};
use utoipa::OpenApi;
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::RefOr;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Uplink API",
        description = "Online store for networking hardware, data plans, licences, cloud subscriptions and eSIM products.\n\n\
Errors are RFC 9457 `application/problem+json` bodies (`Problem`) with a stable `code`.\n\n\
**Store selection** (SPEC §3): `?store=<code or mini-store key>`, else the `uplink_store` cookie, \
else the signed-in customer's country, else the default store `global`.",
        version = "1.0.0",
        license(name = "MIT")
    ),
    components(schemas(crate::http::error::Problem, crate::http::error::FieldError)),
    tags(
        (name = "ops", description = "Health, readiness and metrics"),
        (name = "meta", description = "Public run-time configuration"),
        (name = "auth", description = "Signing in and out: sessions (cookie `uplink_session` + `X-CSRF-Token`, or `Authorization: Bearer`), SSO, InControl, the challenge, password reset"),
        (name = "admin", description = "Back-office (staff only)"),
        (name = "account", description = "The signed-in customer's account, address book and bookmarks"),
        (name = "catalogue", description = "Stores, categories, products, search, serial lookup and media"),
        (name = "devices", description = "The customer's devices, their licences, subscriptions, eSIMs and auto-renewal; saved cards"),
        (name = "quotations", description = "Quotations: asking sales for prices, the negotiation, and paying an accepted quotation at the quoted prices"),
        (name = "usage", description = "Connectivity usage: the intake of usage records (integration keys), the customer's usage monitor and low-data alerts"),
        (name = "partners", description = "Partners: their dashboard, rebate ledger, mini-stores and the partner pavilion (partners only)"),
    )
)]
pub struct ApiDoc;

/// Merges the routes' paths into the base document, prefixing them with `/api/v1`.
pub fn finish(paths_doc: Document) -> Document {
    let mut doc = ApiDoc::openapi();
    let mut paths = utoipa::openapi::Paths::new();
    for (path, item) in paths_doc.paths.paths {
        paths.paths.insert(format!("/api/v1{path}"), item);
    }
    doc.paths = paths;
    errors_are_problems(&mut doc);
    if let Some(components) = paths_doc.components {
        let base = doc.components.get_or_insert_with(Default::default);
        base.schemas.extend(components.schemas);
        base.responses.extend(components.responses);
        base.security_schemes.extend(components.security_schemes);
    }
    add_integration_key_scheme(&mut doc);
    add_session_scheme(&mut doc);
    doc
}

/// A signed-in session: the `uplink_session` cookie (with `X-CSRF-Token` on
/// writes) or `Authorization: Bearer <token>`. Scopes name the role an
/// operation needs (SPEC §1; admins hold every role).
fn add_session_scheme(doc: &mut Document) {
    use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
    // Declared as the cookie browsers send: a client that signs in gets it,
    // and a tool that sees the scheme knows where it goes (a bearer token is
    // accepted too, as the description says).
    let scheme = ApiKey::Cookie(ApiKeyValue::with_description(
        crate::http::cookies::SESSION_COOKIE,
        "A session: the `uplink_session` cookie (send `X-CSRF-Token` on writes) or \
         `Authorization: Bearer <token>`. A scope is the role the operation needs: customer, \
         partner, sales, fulfilment or admin (admins hold every role).",
    ));
    doc.components
        .get_or_insert_with(Default::default)
        .security_schemes
        .insert(
            crate::http::route_docs::SESSION_SCHEME.into(),
            RefOr::T(SecurityScheme::ApiKey(scheme)),
        );
}

/// `POST /usage-records` is signed by an integration key, not a session.
fn add_integration_key_scheme(doc: &mut Document) {
    use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
    let scheme = HttpBuilder::new()
        .scheme(HttpAuthScheme::Bearer)
        .description(Some(
            "An integration key (`upk_…`) an admin created under `/admin/integration-keys`",
        ))
        .build();
    doc.components
        .get_or_insert_with(Default::default)
        .security_schemes
        .insert(
            "integration_key".into(),
            RefOr::T(SecurityScheme::Http(scheme)),
        );
}

/// Every error answer is `application/problem+json` with the `Problem`
/// schema, whatever a route's annotation said: `ApiError` is the only way a
/// handler answers 4xx/5xx, and it always sends that media type.
fn errors_are_problems(doc: &mut Document) {
    for item in doc.paths.paths.values_mut() {
        for op in operations_mut(item) {
            for (status, response) in op.responses.responses.iter_mut() {
                let is_error = status.starts_with('4') || status.starts_with('5');
                if let (true, RefOr::T(response)) = (is_error, response) {
                    response.content.clear();
                    response
                        .content
                        .insert(PROBLEM_JSON.into(), RefOr::T(problem_content()));
                }
            }
        }
    }
}
