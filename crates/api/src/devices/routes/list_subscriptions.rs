use crate::devices::dto::Subscription;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionList {
    /// Latest expiry first.
    pub items: Vec<Subscription>,
}

/// The customer's cloud subscriptions: bought by them or on one of their devices.
#[utoipa::path(get, path = "/me/subscriptions", tag = "devices",
    responses((status = 200, body = SubscriptionList), (status = 401, description = "`unauthenticated`", body = Problem)))]
pub async fn list_subscriptions(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<SubscriptionList>> {
    let now = uplink_db::now_ms();
    let rows = state.db.subscriptions_of(auth.id()).await?;
    Ok(Json(SubscriptionList {
        items: rows
            .iter()
            .map(|r| Subscription::from_row(r, now))
            .collect(),
    }))
}
