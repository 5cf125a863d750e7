//! Quotations (SPEC §9, D97): a business buyer asks for prices for the
//! cart, a product or (co-term) their devices; sales open, price and send
//! them; the buyer accepts, asks for a revision or closes; an accepted
//! quotation is paid at the quoted prices through checkout and becomes an
//! order that remembers it. Every move goes through the domain's status
//! machine (`uplink_domain::quotations`) and is e-mailed to the other side;
//! quoted prices that pass their valid-until date expire by a job.

pub mod author;
pub mod co_term;
pub mod dto;
pub mod emails;
pub mod pdf;
pub mod request;
pub mod routes;
pub mod staff_edit;
pub mod view;
pub mod workflow;

use crate::http::error::{ApiError, ApiResult};
use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use crate::platform::jobs::{Job, JobFuture};
use std::time::Duration;
use uplink_db::now_ms;
use uplink_domain::quotations::{QuotationAction, parse_quotation_number, quotation_number};
use utoipa_axum::router::OpenApiRouter;
use view::Loaded;
use workflow::Author;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(
            routes::create_quotation::create_quotation,
            routes::list_quotations::list_quotations
        ))
        .routes(api_routes!(routes::get_quotation::get_quotation))
        .routes(api_routes!(routes::buyer_actions::submit_quotation))
        .routes(api_routes!(routes::buyer_actions::accept_quotation))
        .routes(api_routes!(routes::buyer_actions::request_revision))
        .routes(api_routes!(routes::buyer_actions::close_quotation))
        .routes(api_routes!(routes::add_comment::add_comment))
        .routes(api_routes!(routes::quotation_pdf::quotation_pdf))
        .routes(api_routes!(routes::pay_quotation::pay_quotation))
        .routes(api_routes!(routes::co_term::co_term))
}

/// Sales staff: the quotation queue, pricing against a version, send, decline.
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(
            routes::staff::staff_quotations::list_staff_quotations
        ))
        .routes(api_routes!(
            routes::staff::staff_quotations::get_staff_quotation,
            routes::staff::staff_quotations::edit_staff_quotation
        ))
        .routes(api_routes!(routes::staff::staff_quotations::send_quotation))
        .routes(api_routes!(
            routes::staff::staff_quotations::decline_quotation
        ))
}

/// A quotation by the number in a path: 404 for anything that is not one.
pub async fn load(state: &AppState, number: &str) -> ApiResult<Loaded> {
    let number = parse_quotation_number(number)
        .map(quotation_number)
        .ok_or_else(|| ApiError::not_found("This quotation"))?;
    let (row, lines, history) = state
        .db
        .quotation(&number)
        .await?
        .ok_or_else(|| ApiError::not_found("This quotation"))?;
    Ok(Loaded {
        row,
        lines,
        history,
    })
}

/// The caller's own quotation; another customer's is 404 like a missing one.
pub async fn load_own(state: &AppState, user_id: &str, number: &str) -> ApiResult<Loaded> {
    let q = load(state, number).await?;
    if q.row.user_id != user_id {
        return Err(ApiError::not_found("This quotation"));
    }
    Ok(q)
}

/// The background jobs.
pub fn jobs() -> Vec<Job<AppState>> {
    vec![Job {
        name: "expire_quotations",
        every: Duration::from_secs(60),
        run: expire_quotations,
    }]
}

/// Quoted and accepted quotations past their valid-until date become
/// expired (each move conditional, so two servers cannot both expire one).
fn expire_quotations(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move { Ok(expire_due(state).await? as u64) })
}

/// Expires what is due now; answers how many. (The job's body; tests call it.)
pub async fn expire_due(state: &AppState) -> Result<usize, uplink_db::DbError> {
    let mut expired = 0;
    for number in state.db.quotations_past_valid_until(now_ms(), 200).await? {
        let Ok(q) = load(state, &number).await else {
            continue;
        };
        match workflow::transition(state, &q, QuotationAction::Expire, &Author::system(), "").await
        {
            Ok(_) => expired += 1,
            // Paid, closed or expired by another server meanwhile.
            Err(e) => tracing::info!(quotation = %number, error = %e, "quotation not expired"),
        }
    }
    Ok(expired)
}
