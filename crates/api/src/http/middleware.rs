//! The layers every request passes through: request id and tracing, metrics,
//! panic safety, compression, body limit and security headers.

use crate::http::error::ApiError;
use axum::Router;
use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tower_http::LatencyUnit;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use uplink_domain::error_code::ErrorCode;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The Prometheus recorder is process-global; tests build many apps, so install it once.
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(
                    Matcher::Full("http_request_duration_seconds".into()),
                    &[
                        0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                    ],
                )
                .expect("valid buckets")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder may already be installed (e.g. by a test harness); then we only render ours.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}

/// Counts requests and records latency by matched route (never the raw path,
/// which would explode label cardinality) and status.
pub async fn track_metrics(req: Request, next: Next) -> Response {
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    let method = req.method().to_string();
    let start = Instant::now();
    let response = next.run(req).await;
    let labels = [
        ("method", method),
        ("route", route),
        ("status", response.status().as_u16().to_string()),
    ];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels)
        .record(start.elapsed().as_secs_f64());
    response
}

#[derive(Clone, Copy, Default)]
struct RandomRequestId;

impl MakeRequestId for RandomRequestId {
    fn make_request_id<B>(&mut self, _req: &axum::http::Request<B>) -> Option<RequestId> {
        let id = uplink_domain::ids::new_id("req");
        HeaderValue::from_str(&id).ok().map(RequestId::new)
    }
}

/// The trace id of a Sentry `sentry-trace: <trace>-<span>[-<sampled>]` header,
/// so server logs line up with the browser's trace.
pub fn trace_id_of(headers: &axum::http::HeaderMap) -> Option<String> {
    let value = headers.get("sentry-trace")?.to_str().ok()?;
    let trace = value.split('-').next()?;
    (trace.len() == 32 && trace.chars().all(|c| c.is_ascii_hexdigit())).then(|| trace.to_owned())
}

fn make_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    let request_id = req
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let trace_id = trace_id_of(req.headers()).unwrap_or_default();
    tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id, trace_id)
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("handler panicked");
    ApiError::new(ErrorCode::Internal).into_response()
}

/// Content-Security-Policy for the app. `frame-ancestors 'none'` everywhere
/// except `/check-login.html`, which the static handler answers itself.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

macro_rules! header_layer {
    ($name:expr, $value:expr) => {
        SetResponseHeaderLayer::if_not_present($name, HeaderValue::from_static($value))
    };
}

/// Wraps `router` in every layer. Added innermost first: metrics sees the
/// matched route; the panic catcher is outermost so nothing escapes it.
pub fn apply(router: Router) -> Router {
    router
        .layer(axum::middleware::from_fn(track_metrics))
        .layer(CompressionLayer::new())
        .layer(header_layer!(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(header_layer!(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header_layer!(
            header::REFERRER_POLICY,
            "strict-origin-when-cross-origin"
        ))
        .layer(header_layer!(header::X_FRAME_OPTIONS, "DENY"))
        .layer(header_layer!(
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=()"
        ))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(make_span)
                .on_response(
                    DefaultOnResponse::new()
                        .level(tracing::Level::INFO)
                        .latency_unit(LatencyUnit::Millis),
                ),
        )
        .layer(SetRequestIdLayer::new(REQUEST_ID, RandomRequestId))
        .layer(CatchPanicLayer::custom(panic_response))
}

/// How long in-flight requests get to finish after a shutdown signal.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(20);
