use crate::devices::dto::Device;
use crate::devices::view;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use uplink_db::devices::DeviceFilter;
use uplink_domain::devices::{date_ms, ms_date, needs_renewal_window};
use uplink_domain::error_code::ErrorCode;
use utoipa::{IntoParams, ToSchema};

/// Longest search text used.
const MAX_SEARCH_CHARS: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeviceListQuery {
    /// Part of a serial (hyphens optional), a device name or a model.
    pub q: Option<String>,
    /// A model code (`models[].code` of the answer).
    pub model: Option<String>,
    /// Only devices whose coverage ends within 60 days or ended within the
    /// 30-day grace period (what needs renewing).
    pub expiring: Option<bool>,
    /// Only devices with auto-renewal on (`true`) or off (`false`).
    pub auto_renew: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ModelCount {
    pub code: String,
    pub name: String,
    /// How many of the customer's devices are this model.
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceList {
    /// The devices matching the filters, by serial.
    pub items: Vec<Device>,
    /// How many devices the account holds, whatever the filters.
    pub total: i64,
    /// The models of the account's devices (the model filter's choices).
    pub models: Vec<ModelCount>,
}

/// The customer's devices with their licences, subscriptions, warranty and auto-renewal.
#[utoipa::path(get, path = "/me/devices", tag = "devices", params(DeviceListQuery),
    responses(
        (status = 200, body = DeviceList),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 422, description = "`validation_failed`: a filter is not understood", body = Problem),
    ))]
pub async fn list_devices(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiQuery(query): ApiQuery<DeviceListQuery>,
) -> ApiResult<Json<DeviceList>> {
    for (field, value) in [("q", &query.q), ("model", &query.model)] {
        if value.as_deref().is_some_and(super::has_control) {
            return Err(ApiError::field(
                field,
                ErrorCode::ValidationFailed,
                "Search with letters, digits and punctuation only.",
            ));
        }
    }
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let search: Option<String> = query
        .q
        .as_deref()
        .map(|q| q.trim().chars().take(MAX_SEARCH_CHARS).collect::<String>())
        .filter(|q| !q.is_empty());
    let search_models = search.as_deref().map_or_else(Vec::new, |q| {
        let q = q.to_lowercase();
        snap.models
            .iter()
            .filter(|m| m.name.to_lowercase().contains(&q))
            .map(|m| m.code.clone())
            .collect()
    });
    let filter = DeviceFilter {
        search,
        search_models,
        model: query.model.filter(|m| !m.trim().is_empty()),
        warranty_between: query.expiring.filter(|on| *on).map(|_| {
            let (first, last) = needs_renewal_window(ms_date(uplink_db::now_ms()));
            (date_ms(first), date_ms(last))
        }),
        auto_renew: query.auto_renew,
    };
    let (rows, models) = tokio::try_join!(
        state.db.devices_of(auth.id(), &filter),
        state.db.device_models_of(auth.id()),
    )?;
    let items = view::devices(&state.db, &snap, auth.id(), rows).await?;
    Ok(Json(DeviceList {
        items,
        total: models.iter().map(|(_, n)| n).sum(),
        models: models
            .into_iter()
            .map(|(code, count)| ModelCount {
                name: view::model_ref(&snap, &code).name,
                code,
                count,
            })
            .collect(),
    }))
}
