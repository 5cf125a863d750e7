//! What the gateway's pages share: finding the test gateway and an intent,
//! the HTML page frame with its TEST MODE banner, and the way back to the store.

use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;
use uplink_payments::{Intent, IntentStatus, PaymentGateway, Provider, TestGateway};

pub fn gateway(state: &AppState) -> ApiResult<&TestGateway> {
    state
        .test_gateway
        .as_deref()
        .ok_or_else(|| ApiError::not_found("The test gateway"))
}

#[derive(Debug, Deserialize)]
/// The answer a 3-D Secure or PayPal page posts.
pub struct Decision {
    pub decision: String,
}

pub async fn load_intent(gw: &TestGateway, id: &str, provider: Provider) -> ApiResult<Intent> {
    gw.intent(id)
        .await
        .map_err(ApiError::internal)?
        .filter(|i| i.provider == provider)
        .ok_or_else(|| ApiError::not_found("This payment"))
}

/// 303 back to the store page the intent was created for, with the intent id.
pub fn back_to_store(intent: &Intent, target: Option<&str>) -> Response {
    let base = target
        .filter(|t| t.starts_with('/') && !t.starts_with("//") && !t.contains('\\'))
        .unwrap_or("/checkout/confirm-order");
    let sep = if base.contains('?') { '&' } else { '?' };
    let outcome = match intent.status {
        IntentStatus::Authorized | IntentStatus::Captured => "succeeded",
        IntentStatus::Cancelled => "cancelled",
        _ => "failed",
    };
    Redirect::to(&format!(
        "{base}{sep}payment_intent={}&redirect_status={outcome}",
        intent.id
    ))
    .into_response()
}

pub fn finished_page(intent: &Intent) -> String {
    let target = match intent.status {
        IntentStatus::Cancelled => intent.cancel_url.as_deref(),
        _ => intent.return_url.as_deref(),
    }
    .filter(|t| t.starts_with('/') && !t.starts_with("//"))
    .unwrap_or("/checkout/confirm-order");
    format!(
        r#"<h1>Nothing left to confirm</h1><p>This payment is already {}.</p><p><a href="{}">Back to Uplink</a></p>"#,
        intent.status.as_str().replace('_', " "),
        esc(target)
    )
}

pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub fn page(title: &str, body: &str) -> Response {
    let html = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} — TEST MODE</title>
<style>
body{{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1d21}}
.banner{{background:#8a4b00;color:#fff;text-align:center;padding:.5rem;font-weight:700;letter-spacing:.05em}}
main{{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}}
h1{{font-size:1.3rem;margin-top:0}}
form{{display:flex;flex-direction:column;gap:.75rem;margin-top:1.25rem}}
button{{font:inherit;padding:.7rem 1rem;border-radius:.375rem;border:1px solid #5b6470;background:#fff;color:#1a1d21;cursor:pointer}}
button.primary{{background:#0b4fd6;border-color:#0b4fd6;color:#fff}}
button:focus-visible,a:focus-visible{{outline:3px solid #f5a623;outline-offset:2px}}
a{{color:#0b4fd6}}
</style></head>
<body><div class="banner" role="note">TEST MODE — no real money moves</div>
<main>{body}</main></body></html>"#,
        title = esc(title),
    );
    ([(header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
}
