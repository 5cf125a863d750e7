//! `GET /config`: public, non-secret settings the browser needs at start-up.

use crate::http::error::ApiResult;
use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

/// Settings the browser reads before rendering.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicConfig {
    /// Server version (the release).
    pub version: String,
    /// Deployment environment tag.
    pub environment: String,
    /// The URL customers reach the store at.
    pub public_url: String,
    /// Error reporting (SPEC §14).
    pub sentry: SentryConfig,
    /// The feature flags that are on: `GET_REFERRAL_CODE` (customers may ask
    /// for a referral code) and `REFERRAL_CODE` (referees may use one),
    /// as the referral programme's terms set them (SPEC §10).
    pub features: Vec<String>,
}

/// Where and how the browser reports errors and traces.
#[derive(Debug, Serialize, ToSchema)]
pub struct SentryConfig {
    /// The DSN: Uplink's own intake by default, or `UPLINK_BROWSER_SENTRY_DSN`.
    pub dsn: String,
    /// Environment tag of every report (`production` unless configured).
    pub environment: String,
    /// The server's release (`uplink@<version>`); the browser reports the release it was built as.
    pub release: String,
}

/// Public run-time configuration.
#[utoipa::path(get, path = "/config", tag = "meta", responses((status = 200, body = PublicConfig)))]
pub async fn get_config(State(state): State<AppState>) -> ApiResult<Json<PublicConfig>> {
    let dsn = state
        .browser_dsn()
        .await
        .map_err(crate::http::error::ApiError::internal)?;
    let terms: uplink_domain::referrals::ReferralTerms = {
        let mut conn = state.db.pool().acquire().await?;
        uplink_db::referrals::terms_json(&mut conn)
            .await?
            .and_then(|j| serde_json::from_str(&j).ok())
            .unwrap_or_default()
    };
    let features = [
        (
            terms.get_referral_code,
            uplink_domain::referrals::GET_REFERRAL_CODE,
        ),
        (terms.referral_code, uplink_domain::referrals::REFERRAL_CODE),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, name)| name.to_owned())
    .collect();
    Ok(Json(PublicConfig {
        features,
        version: env!("CARGO_PKG_VERSION").to_owned(),
        environment: state.config.environment.clone(),
        public_url: state.config.public_url.clone(),
        sentry: SentryConfig {
            dsn,
            environment: state.config.environment.clone(),
            release: state.config.release(),
        },
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(api_routes!(get_config))
}
