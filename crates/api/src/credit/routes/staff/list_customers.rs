use crate::credit::account::terms_view;
use crate::credit::dto::{StaffCustomer, usd};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{RequireRole, Sales};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use uplink_domain::checkout::credit::available_credit;
use uplink_domain::error_code::ErrorCode;
use utoipa::IntoParams;

/// Customers a list shows at most.
const LIST_LIMIT: i64 = 100;
/// Longest search text used.
const MAX_SEARCH_CHARS: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerQuery {
    /// Part of an e-mail, a name or a company.
    pub q: Option<String>,
    /// Only customers with credit terms.
    pub with_credit_terms: Option<bool>,
}

/// Customers (sales staff): accounts with credit terms first, each with what
/// it owes and its available credit. At most 100; narrow with `q`.
#[utoipa::path(get, path = "/staff/customers", tag = "admin", params(CustomerQuery),
    responses(
        (status = 200, body = [StaffCustomer]),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 422, description = "`validation_failed`", body = Problem),
    ))]
pub async fn list_customers(
    State(state): State<AppState>,
    _staff: RequireRole<Sales>,
    ApiQuery(query): ApiQuery<CustomerQuery>,
) -> ApiResult<Json<Vec<StaffCustomer>>> {
    let search: String = query
        .q
        .as_deref()
        .unwrap_or("")
        .trim()
        .chars()
        .take(MAX_SEARCH_CHARS)
        .collect();
    if crate::credit::has_control(&search) {
        return Err(ApiError::field(
            "q",
            ErrorCode::ValidationFailed,
            "Search with letters, digits and punctuation only.",
        ));
    }
    let rows = state
        .db
        .staff_customers(
            &search,
            query.with_credit_terms.unwrap_or(false),
            LIST_LIMIT,
        )
        .await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| StaffCustomer {
                terms: terms_view(
                    r.credit_limit_cents,
                    r.payment_terms_days,
                    r.may_exceed_limit,
                ),
                owed: usd(r.owed_cents),
                available: r
                    .credit_limit_cents
                    .map(|limit| usd(available_credit(limit, r.owed_cents))),
                id: r.id,
                email: r.email,
                name: r.name,
                company: r.company,
                country: r.country,
            })
            .collect(),
    ))
}
