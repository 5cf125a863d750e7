//! What each `/api/v1` operation can answer besides its own responses,
//! documented from the types of its handler's extractors (D82): routers
//! register handlers with [`api_routes!`], which adds each extractor's
//! [`Rejects`] to the operation. Routes depend on this module; the document
//! (`openapi.rs`) depends on the routes, never the other way round.

use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn, PathItem, Paths};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{Content, Ref, RefOr, Required, Response, ResponseBuilder};

/// An answer an extractor can give instead of letting the handler run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rejection {
    pub status: u16,
    /// The `code`s of SPEC §16 it can carry, for the response's description.
    pub codes: &'static str,
}

pub const fn rejection(status: u16, codes: &'static str) -> Rejection {
    Rejection { status, codes }
}

/// Implemented by every extractor a `/api/v1` handler takes: what it can
/// answer on its own. [`api_routes!`] adds these answers to the handler's
/// operation, so the document lists them without anyone writing them twice;
/// a handler taking an extractor without this trait does not compile.
pub trait Rejects {
    const REJECTIONS: &'static [Rejection];

    /// Anything else the extractor adds to the operation (a query parameter
    /// it reads, say). Most extractors add only their rejections.
    fn document(op: &mut Operation) {
        add_rejections(op, Self::REJECTIONS);
    }
}

pub(crate) const UNAUTHENTICATED: Rejection = rejection(
    401,
    "`unauthenticated`: not signed in, or the bearer token is invalid",
);
pub(crate) const CSRF: Rejection = rejection(
    403,
    "`csrf_failed`: a cookie session sent no valid `X-CSRF-Token` on a mutating request",
);
pub(crate) const FORBIDDEN: Rejection = rejection(
    403,
    "`forbidden`: the account lacks the role; `csrf_failed`: a cookie session sent no valid `X-CSRF-Token`",
);
pub(crate) const BAD_QUERY: Rejection = rejection(
    422,
    "`validation_failed`: a query parameter is missing or malformed (`errors[].field` names it)",
);

impl<S> Rejects for axum::extract::State<S> {
    const REJECTIONS: &'static [Rejection] = &[];
}
impl Rejects for axum::http::HeaderMap {
    const REJECTIONS: &'static [Rejection] = &[];
}
impl Rejects for axum::http::Uri {
    const REJECTIONS: &'static [Rejection] = &[];
}
impl Rejects for axum::extract::RawQuery {
    const REJECTIONS: &'static [Rejection] = &[];
}
// Every path parameter is read as a `String`, which cannot fail to
// deserialise; a typed one (`Path<i64>`) would answer axum's plain-text 400,
// which schemathesis' content-type check would report.
impl<T> Rejects for axum::extract::Path<T> {
    const REJECTIONS: &'static [Rejection] = &[];
}
impl<T> Rejects for crate::http::extract::ApiJson<T> {
    const REJECTIONS: &'static [Rejection] = &[
        rejection(400, "`validation_failed`: the body is not valid JSON"),
        rejection(
            413,
            "`payload_too_large`: the body is larger than the server accepts",
        ),
        rejection(
            415,
            "`validation_failed`: the body is not sent as `application/json`",
        ),
        rejection(
            422,
            "`validation_failed`: a field is missing or has the wrong type (`errors[].field` names it)",
        ),
    ];
}
impl Rejects for crate::http::extract::RawBody {
    const REJECTIONS: &'static [Rejection] = &[
        rejection(400, "`validation_failed`: the body could not be read"),
        rejection(
            413,
            "`payload_too_large`: the body is larger than the server accepts",
        ),
    ];
}
impl<T> Rejects for crate::http::extract::ApiQuery<T> {
    const REJECTIONS: &'static [Rejection] = &[BAD_QUERY];
}
impl Rejects for crate::http::identity::AuthUser {
    const REJECTIONS: &'static [Rejection] = &[UNAUTHENTICATED, CSRF];
}
impl Rejects for Option<crate::http::identity::AuthUser> {
    const REJECTIONS: &'static [Rejection] = &[UNAUTHENTICATED, CSRF];
}
impl Rejects for crate::http::identity::MaybeUser {
    const REJECTIONS: &'static [Rejection] = &[UNAUTHENTICATED, CSRF];
}
impl<R: crate::http::identity::RoleMarker> Rejects for crate::http::identity::RequireRole<R> {
    const REJECTIONS: &'static [Rejection] = &[UNAUTHENTICATED, FORBIDDEN];

    /// A staff role the extractor enforces is the operation's security
    /// scope, so the document says exactly what the server checks (the
    /// role-matrix test reads it back). Customer operations declare none:
    /// API fuzzing signs in with the session cookie as a plain header, and
    /// a declared scheme would have it "remove" a credential it cannot see.
    fn document(op: &mut Operation) {
        add_rejections(op, Self::REJECTIONS);
        if R::ROLE == crate::http::identity::Role::Admin
            || crate::http::identity::STAFF_ROLES.contains(&R::ROLE)
        {
            require_session(op, Some(R::ROLE.as_str()));
        }
    }
}
impl Rejects for crate::http::identity::RequireStaff {
    const REJECTIONS: &'static [Rejection] = &[UNAUTHENTICATED, FORBIDDEN];

    /// Any staff role: one security requirement per role, any of which
    /// suffices (OpenAPI's "or").
    fn document(op: &mut Operation) {
        use utoipa::openapi::security::SecurityRequirement;
        add_rejections(op, Self::REJECTIONS);
        op.security = Some(
            crate::http::identity::STAFF_ROLES
                .iter()
                .map(|r| SecurityRequirement::new(SESSION_SCHEME, [r.as_str()]))
                .collect(),
        );
    }
}
impl Rejects for crate::http::identity::ClientInfo {
    const REJECTIONS: &'static [Rejection] = &[];
}
impl Rejects for crate::http::store::StoreContext {
    const REJECTIONS: &'static [Rejection] = &[rejection(
        422,
        "`validation_failed`: `store` names no store",
    )];

    fn document(op: &mut Operation) {
        add_rejections(op, Self::REJECTIONS);
        add_store_param(op);
    }
}
/// The security scheme of a signed-in session (cookie or bearer token).
pub const SESSION_SCHEME: &str = "session";

/// Declares that the operation needs a session, holding `role` when given
/// (admins hold every role). A role requirement replaces a plain one.
fn require_session(op: &mut Operation, role: Option<&str>) {
    use utoipa::openapi::security::SecurityRequirement;
    let scopes: Vec<&str> = role.into_iter().collect();
    let wanted = SecurityRequirement::new(SESSION_SCHEME, scopes);
    let existing = op.security.get_or_insert_with(Vec::new);
    if role.is_some() || existing.is_empty() {
        *existing = vec![wanted];
    }
}

/// Documents a handler from the types of its arguments (every argument is an
/// extractor), the way axum's `Handler` is implemented for functions.
pub trait DocumentedHandler<Args> {
    fn document(op: &mut Operation);
}

macro_rules! documented_handler {
    ($($arg:ident),*) => {
        impl<F, Fut, $($arg: Rejects),*> DocumentedHandler<($($arg,)*)> for F
        where
            F: FnOnce($($arg),*) -> Fut,
        {
            #[allow(unused_variables)]
            fn document(op: &mut Operation) {
                $($arg::document(op);)*
            }
        }
    };
}
documented_handler!();
documented_handler!(A1);
documented_handler!(A1, A2);
documented_handler!(A1, A2, A3);
documented_handler!(A1, A2, A3, A4);
documented_handler!(A1, A2, A3, A4, A5);
documented_handler!(A1, A2, A3, A4, A5, A6);
documented_handler!(A1, A2, A3, A4, A5, A6, A7);
documented_handler!(A1, A2, A3, A4, A5, A6, A7, A8);

/// Adds what `handler`'s extractors can answer to its operation (found by its
/// `operationId`, the function's name) in `paths`.
pub fn document_handler<F: DocumentedHandler<A>, A>(paths: &mut Paths, path: &str, _handler: &F) {
    let name = path.rsplit("::").next().unwrap_or(path).trim();
    for item in paths.paths.values_mut() {
        for op in operations_mut(item) {
            if op.operation_id.as_deref() == Some(name) {
                F::document(op);
            }
        }
    }
}

/// `utoipa_axum::routes!` plus the statuses of each handler's extractors.
macro_rules! api_routes {
    ($($handler:path),+ $(,)?) => {{
        let (schemas, mut paths, router) = utoipa_axum::routes!($($handler),+);
        $($crate::http::route_docs::document_handler(&mut paths, stringify!($handler), &$handler);)+
        (schemas, paths, router)
    }};
}
pub(crate) use api_routes;

pub(crate) fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.patch,
        &mut item.head,
        &mut item.options,
    ]
    .into_iter()
    .filter_map(Option::as_mut)
}

/// Adds each rejection unless the operation already documents its status
/// (a handler's own description is more specific than the extractor's).
pub fn add_rejections(op: &mut Operation, rejections: &[Rejection]) {
    for r in rejections {
        let status = r.status.to_string();
        match op.responses.responses.get_mut(&status) {
            Some(RefOr::T(existing)) if !existing.description.contains(r.codes) => {
                if !r
                    .codes
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .all(|code| existing.description.contains(code))
                {
                    existing.description = format!("{}; {}", existing.description, r.codes);
                }
            }
            Some(_) => {}
            None => {
                op.responses
                    .responses
                    .insert(status, RefOr::T(problem_response(r.codes)));
            }
        }
    }
}

fn problem_response(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content(PROBLEM_JSON, problem_content())
        .build()
}

/// The media type of every error body (RFC 9457).
pub const PROBLEM_JSON: &str = "application/problem+json";

pub(crate) fn problem_content() -> Content {
    Content::new(Some(Ref::from_schema_name("Problem")))
}

pub fn add_store_param(op: &mut Operation) {
    let params = op.parameters.get_or_insert_with(Vec::new);
    if params
        .iter()
        .any(|p| matches!(p, RefOr::T(p) if p.name == "store"))
    {
        return;
    }
    params.push(RefOr::T(
        ParameterBuilder::new()
            .name("store")
            .parameter_in(ParameterIn::Query)
            .required(Required::False)
            .description(Some("Store code or mini-store key (SPEC §3); default: the store cookie, the account's country, else `global`."))
            .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
            .build(),
    ));
}
