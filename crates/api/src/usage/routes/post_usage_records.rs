use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::integration_key::IntegrationCaller;
use crate::http::state::AppState;
use crate::usage::dto::{RecordStatus, UsageBatchResult, UsageIntakeRequest, UsageRecordAccepted};
use crate::usage::intake;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Takes connectivity usage from an outside system (an integration key as
/// `Authorization: Bearer <key>`): one record, or a batch of up to 1,000.
/// A record id counts once: the same record again is a `duplicate`; the same
/// id with other values is refused with `usage_record_conflict`. A batch
/// answers each record's fate, and its bad records never lose the good ones.
#[utoipa::path(post, path = "/usage-records", tag = "usage", request_body = UsageIntakeRequest,
    security(("integration_key" = [])),
    responses(
        (status = 201, description = "One record taken", body = UsageRecordAccepted),
        (status = 200, description = "A batch's results, or one record taken before (`duplicate`)", body = UsageBatchResult),
        (status = 422, description = "One record refused: `validation_failed` (per field), `invalid_iccid`, `not_found` (no such subscription or eSIM), `usage_record_conflict`; or a batch of more than 1,000", body = Problem),
    ))]
pub async fn post_usage_records(
    State(state): State<AppState>,
    caller: IntegrationCaller,
    ApiJson(body): ApiJson<serde_json::Value>,
) -> ApiResult<Response> {
    let (raw, is_batch) = intake::records_of(body)?;
    let now = uplink_db::now_ms();
    let outcomes = intake::take(&state, &caller.key_id, raw, now).await?;
    if is_batch {
        let results: Vec<_> = outcomes
            .into_iter()
            .enumerate()
            .map(|(i, o)| o.into_result(i))
            .collect();
        let count = |s: RecordStatus| results.iter().filter(|r| r.status == s).count();
        return Ok(Json(UsageBatchResult {
            accepted: count(RecordStatus::Accepted),
            duplicates: count(RecordStatus::Duplicate),
            refused: count(RecordStatus::Refused),
            results,
        })
        .into_response());
    }
    let one = outcomes
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::internal("an intake of one record answered nothing"))?;
    match one.result {
        Ok(status) => {
            let code = if status == RecordStatus::Accepted {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            };
            let record_id = one.record_id.unwrap_or_default();
            Ok((code, Json(UsageRecordAccepted { record_id, status })).into_response())
        }
        Err(refusal) => Err(refusal.into_error()),
    }
}
