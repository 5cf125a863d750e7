//! `/gateway/test/paypal/{id}`: the PayPal sandbox approval page and its answer.

use crate::gateway::pages::*;
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::platform::money::money_text;
use axum::extract::{Form, Path, State};
use axum::response::Response;
use uplink_payments::{IntentStatus, Provider};

pub async fn paypal_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
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

pub async fn paypal_answer(
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
