use crate::commerce::orders::dto::{OrderSummary, order_summary};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use uplink_db::orders::OrderFilter;
use uplink_domain::checkout::order_status::OrderStatus;
use uplink_domain::error_code::ErrorCode;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    /// Statuses, comma-separated (`pending_payment,processing`).
    pub status: Option<String>,
    /// Placed on or after this day (`YYYY-MM-DD`, UTC).
    pub from: Option<String>,
    /// Placed on or before this day (`YYYY-MM-DD`, UTC).
    pub to: Option<String>,
    /// An order number (or part of one) or a SKU.
    pub q: Option<String>,
    /// 1-based page (default 1).
    pub page: Option<i64>,
    /// 1–100 (default 20).
    pub page_size: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPage {
    pub items: Vec<OrderSummary>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

fn day(field: &str, s: &str, errors: &mut Vec<FieldError>) -> Option<i64> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    match time::Date::parse(s.trim(), &fmt) {
        Ok(d) => Some(d.midnight().assume_utc().unix_timestamp() * 1000),
        Err(_) => {
            errors.push(FieldError::new(
                field,
                ErrorCode::ValidationFailed,
                "Use a date like 2026-01-31.",
            ));
            None
        }
    }
}

/// The customer's orders, newest first, with status and date filters and search by number or SKU.
#[utoipa::path(get, path = "/orders", tag = "orders", params(OrderListQuery),
    responses((status = 200, body = OrderPage), (status = 422, description = "`validation_failed`", body = Problem)))]
pub async fn list_orders(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiQuery(query): ApiQuery<OrderListQuery>,
) -> ApiResult<Json<OrderPage>> {
    let mut errors = Vec::new();
    let mut statuses = Vec::new();
    for s in query
        .status
        .iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        match OrderStatus::parse(s) {
            Some(st) => statuses.push(st.as_str().to_owned()),
            None => errors.push(FieldError::new(
                "status",
                ErrorCode::ValidationFailed,
                format!("`{s}` is not an order status."),
            )),
        }
    }
    let from = query
        .from
        .as_deref()
        .filter(|s| !s.is_empty())
        .and_then(|s| day("from", s, &mut errors));
    let to = query
        .to
        .as_deref()
        .filter(|s| !s.is_empty())
        .and_then(|s| day("to", s, &mut errors))
        .map(|t| t + 86_400_000);
    let page = query.page.unwrap_or(1);
    let page_size = query.page_size.unwrap_or(20);
    if !(1..=10_000).contains(&page) {
        errors.push(FieldError::new(
            "page",
            ErrorCode::ValidationFailed,
            "Pages start at 1.",
        ));
    }
    if !(1..=100).contains(&page_size) {
        errors.push(FieldError::new(
            "page_size",
            ErrorCode::ValidationFailed,
            "Choose 1 to 100 orders per page.",
        ));
    }
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.len() > 60) {
        errors.push(FieldError::new(
            "q",
            ErrorCode::ValidationFailed,
            "Search for at most 60 characters.",
        ));
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let (rows, total) = state
        .db
        .orders_of(
            auth.id(),
            &OrderFilter {
                statuses,
                from,
                to,
                q: q.map(str::to_owned),
                limit: page_size,
                offset: (page - 1) * page_size,
            },
        )
        .await?;
    // The page's lines in one query, not one per order.
    let ids: Vec<&str> = rows.iter().map(|o| o.id.as_str()).collect();
    let mut conn = state.db.pool().acquire().await?;
    let mut lines_by_order: std::collections::HashMap<String, Vec<_>> =
        std::collections::HashMap::new();
    for line in uplink_db::orders::lines_of_orders(&mut conn, &ids).await? {
        lines_by_order
            .entry(line.order_id.clone())
            .or_default()
            .push(line);
    }
    let items = rows
        .iter()
        .map(|o| order_summary(o, lines_by_order.get(&o.id).map_or(&[][..], Vec::as_slice)))
        .collect();
    Ok(Json(OrderPage {
        items,
        total,
        page,
        page_size,
    }))
}
