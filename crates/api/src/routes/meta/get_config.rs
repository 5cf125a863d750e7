use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

/// Settings the browser reads before rendering.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicConfig {
    /// Server version (the release).
    pub version: String,
    /// Deployment environment tag.
    pub environment: String,
    /// The URL customers reach the store at.
    pub public_url: String,
}

/// Public run-time configuration.
#[utoipa::path(get, path = "/config", tag = "meta", responses((status = 200, body = PublicConfig)))]
pub async fn get_config(State(state): State<AppState>) -> Json<PublicConfig> {
    Json(PublicConfig {
        version: env!("CARGO_PKG_VERSION").to_owned(),
        environment: state.config.environment.clone(),
        public_url: state.config.public_url.clone(),
    })
}
