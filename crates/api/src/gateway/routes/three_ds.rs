//! `/gateway/test/3ds/{id}`: the 3-D Secure confirmation page and its answer.

use crate::gateway::pages::*;
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::platform::money::money_text;
use axum::extract::{Form, Path, State};
use axum::response::Response;
use uplink_payments::{IntentStatus, Provider};

pub async fn three_ds_page(
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

pub async fn three_ds_answer(
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
