use crate::http::error::{ApiResult, Problem};
use crate::http::identity::{Partner, RequireRole};
use crate::http::state::AppState;
use crate::partners::account::partner_of;
use crate::partners::dto::{EndCustomerDto, PartnerDashboard, PartnerDto, PartnerOrderDto};
use crate::partners::ledger::totals_dto;
use crate::partners::mini_stores::summary;
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::State;

/// Orders on the dashboard.
const RECENT_ORDERS: i64 = 50;

/// The partner's dashboard (SPEC §10): orders credited to them (referred,
/// mini-store and pavilion), rebates by status with totals, their referral
/// code and mini-store links.
#[utoipa::path(get, path = "/partner/dashboard", tag = "partners",
    responses(
        (status = 200, body = PartnerDashboard),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: partners only, or an account not linked to a partner company", body = Problem),
    ))]
pub async fn partner_dashboard(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
) -> ApiResult<Json<PartnerDashboard>> {
    let partner = partner_of(&state, &auth.user).await?;
    let mut conn = state.db.pool().acquire().await?;
    let stores = uplink_db::partner_stores::mini_stores_of(&mut conn, &partner.id).await?;
    let mut mini_stores = Vec::with_capacity(stores.len());
    for s in &stores {
        let count = uplink_db::partner_stores::mini_store_products(&mut conn, &s.code)
            .await?
            .len() as i64;
        mini_stores.push(summary(&state, s, count));
    }
    let totals = uplink_db::partners::ledger_totals(&mut conn, &partner.id).await?;
    let orders = uplink_db::partners::partner_orders(&mut conn, &partner.id, RECENT_ORDERS)
        .await?
        .into_iter()
        .map(|o| PartnerOrderDto {
            placed_at: rfc3339(o.placed_at),
            total: MoneyDto::new(o.total_cents, &o.currency),
            rebate: MoneyDto::new(o.rebate_cents, &o.currency),
            end_customer: o
                .end_customer
                .as_deref()
                .and_then(|e| serde_json::from_str::<EndCustomerDto>(e).ok()),
            bought_by_you: o.user_id == auth.user.id,
            number: o.number,
            status: o.status,
            store: o.store_code,
            channel: o.partner_channel,
        })
        .collect();
    Ok(Json(PartnerDashboard {
        partner: PartnerDto {
            id: partner.id,
            name: partner.name,
            referral_code: partner.referral_code,
            rebate_bp: partner.rebate_bp,
            active: partner.active,
        },
        mini_stores,
        rebates: totals_dto(&totals),
        orders,
        rebate_window_days: state.config.partners.rebate_window_days,
    }))
}
