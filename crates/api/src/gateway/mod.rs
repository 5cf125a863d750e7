//! The built-in test gateway's own HTTP surface, separate from the order API
//! (SPEC §6): the tokenisation endpoint the card form posts to, the 3-D
//! Secure confirmation page and the PayPal sandbox approve/cancel page.
//! Every page carries a TEST MODE banner. Nothing here is under `/api/v1`:
//! a real gateway would serve these from its own domain.

use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use crate::platform::money::money_text;
use axum::extract::{Form, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use uplink_domain::error_code::ErrorCode;
use uplink_payments::{Intent, IntentStatus, PaymentGateway, Provider, TestGateway};

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

fn gateway(state: &AppState) -> ApiResult<&TestGateway> {
    state
        .test_gateway
        .as_deref()
        .ok_or_else(|| ApiError::not_found("The test gateway"))
}

#[derive(Debug, Deserialize)]
pub struct CardInput {
    pub number: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub cvc: String,
}

#[derive(Debug, Serialize)]
pub struct TokenAnswer {
    pub id: String,
    pub card: CardAnswer,
    pub test_mode: bool,
}

#[derive(Debug, Serialize)]
pub struct CardAnswer {
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
}

/// `POST /gateway/test/tokens`: checks the card and answers a single-use token.
async fn create_token(
    State(state): State<AppState>,
    ApiJson(card): ApiJson<CardInput>,
) -> ApiResult<Response> {
    let gw = gateway(&state)?;
    let today = time::OffsetDateTime::now_utc();
    let today = (today.year(), u8::from(today.month()));
    match gw
        .tokenize(
            &card.number,
            card.exp_month,
            card.exp_year,
            &card.cvc,
            today,
        )
        .await
        .map_err(ApiError::internal)?
    {
        Ok(t) => Ok((
            StatusCode::CREATED,
            Json(TokenAnswer {
                id: t.id,
                card: CardAnswer {
                    brand: t.card.brand,
                    last4: t.card.last4,
                    exp_month: t.card.exp_month,
                    exp_year: t.card.exp_year,
                },
                test_mode: true,
            }),
        )
            .into_response()),
        Err(errors) => Err(ApiError::validation(
            errors
                .into_iter()
                .map(|e| FieldError::new(e.field, ErrorCode::ValidationFailed, e.message))
                .collect(),
        )),
    }
}

#[derive(Debug, Deserialize)]
struct Decision {
    decision: String,
}

async fn load_intent(gw: &TestGateway, id: &str, provider: Provider) -> ApiResult<Intent> {
    gw.intent(id)
        .await
        .map_err(ApiError::internal)?
        .filter(|i| i.provider == provider)
        .ok_or_else(|| ApiError::not_found("This payment"))
}

async fn three_ds_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let intent = load_intent(gateway(&state)?, &id, Provider::Card).await?;
    let card = intent
        .card
        .as_ref()
        .map(|c| format!("{} ending in {}", c.brand, c.last4))
        .unwrap_or_default();
    let body = if intent.status == IntentStatus::RequiresAction {
        format!(
            r#"<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm a payment of <strong>{amount}</strong> with your {card}.</p>
<form method="post">
  <button name="decision" value="approve" class="primary">Complete authentication</button>
  <button name="decision" value="fail">Fail authentication</button>
</form>"#,
            amount = esc(&money_text(intent.amount_cents, &intent.currency)),
            card = esc(&card),
        )
    } else {
        finished_page(&intent)
    };
    Ok(page("3-D Secure confirmation", &body))
}

async fn three_ds_answer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(d): Form<Decision>,
) -> ApiResult<Response> {
    let gw = gateway(&state)?;
    load_intent(gw, &id, Provider::Card).await?;
    let intent = gw
        .complete_3ds(&id, d.decision == "approve")
        .await
        .map_err(ApiError::internal)?;
    Ok(back_to_store(&intent, intent.return_url.as_deref()))
}

async fn paypal_page(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let intent = load_intent(gateway(&state)?, &id, Provider::Paypal).await?;
    let body = if intent.status == IntentStatus::RequiresAction {
        format!(
            r#"<h1>PayPal sandbox</h1>
<p>Uplink asks you to approve a payment of <strong>{amount}</strong>.</p>
<p>Signed in as <strong>sandbox-buyer@example.com</strong> (sandbox account).</p>
<form method="post">
  <button name="decision" value="approve" class="primary">Approve payment</button>
  <button name="decision" value="cancel">Cancel and return to Uplink</button>
</form>"#,
            amount = esc(&money_text(intent.amount_cents, &intent.currency)),
        )
    } else {
        finished_page(&intent)
    };
    Ok(page("PayPal sandbox", &body))
}

async fn paypal_answer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Form(d): Form<Decision>,
) -> ApiResult<Response> {
    let gw = gateway(&state)?;
    load_intent(gw, &id, Provider::Paypal).await?;
    let approve = d.decision == "approve";
    let intent = gw
        .complete_paypal(&id, approve)
        .await
        .map_err(ApiError::internal)?;
    let target = if intent.status == IntentStatus::Cancelled {
        intent.cancel_url.as_deref()
    } else {
        intent.return_url.as_deref()
    };
    Ok(back_to_store(&intent, target))
}

/// 303 back to the store page the intent was created for, with the intent id.
fn back_to_store(intent: &Intent, target: Option<&str>) -> Response {
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

fn finished_page(intent: &Intent) -> String {
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

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn page(title: &str, body: &str) -> Response {
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
