use crate::credit::account::{staff_customer, staff_view_of};
use crate::credit::dto::CreditAccount;
use crate::credit::terms::{parse_change, set_terms};
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{RequireRole, Sales};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;

/// A customer's credit account as staff see it (who made each entry included).
#[utoipa::path(get, path = "/staff/customers/{id}/credit-terms", tag = "admin",
    params(("id" = String, Path, description = "Customer id")),
    responses(
        (status = 200, body = CreditAccount),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn get_credit_terms(
    State(state): State<AppState>,
    _staff: RequireRole<Sales>,
    Path(id): Path<String>,
) -> ApiResult<Json<CreditAccount>> {
    Ok(Json(staff_view_of(&state.db, &id).await?))
}

/// New credit terms; `credit_limit_cents: null` withdraws them.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetCreditTerms {
    /// 0 to 10,000,000,000 cents; `null` withdraws the terms (open invoices stay due).
    pub credit_limit_cents: Option<i64>,
    /// 1 to 365; required with a limit.
    pub payment_terms_days: Option<i64>,
    /// Accept orders beyond the available credit (default `false`).
    pub may_exceed_limit: Option<bool>,
    /// Why (kept in the history, up to 500 characters).
    pub note: Option<String>,
}

/// Sets, changes or withdraws a customer's credit terms (sales staff); the
/// change is recorded as an Allocated entry with who made it.
#[utoipa::path(put, path = "/staff/customers/{id}/credit-terms", tag = "admin", request_body = SetCreditTerms,
    params(("id" = String, Path, description = "Customer id")),
    responses(
        (status = 200, body = CreditAccount),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 422, description = "`validation_failed` (fields `credit_limit_cents`, `payment_terms_days`, `note`)", body = Problem),
    ))]
pub async fn put_credit_terms(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Sales>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<SetCreditTerms>,
) -> ApiResult<Json<CreditAccount>> {
    let user = staff_customer(&state.db, &id).await?;
    let change = parse_change(
        req.credit_limit_cents,
        req.payment_terms_days,
        req.may_exceed_limit,
        req.note.as_deref(),
    )?;
    set_terms(&state, &user, &change, &staff.actor()).await?;
    Ok(Json(staff_view_of(&state.db, &id).await?))
}
