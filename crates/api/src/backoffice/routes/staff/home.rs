//! The back-office's home (SPEC §15): what needs attention, for the
//! signed-in staff member's roles.

use crate::http::error::{ApiResult, Problem};
use crate::http::identity::{RequireStaff, Role, roles_of};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

/// One thing waiting for staff, and where it is handled.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttentionItem {
    /// Stable: `orders_to_ship`, `bank_transfers_to_confirm`,
    /// `quotations_waiting`, `overdue_credit_invoices`, `low_stock_products`,
    /// `new_error_issues`.
    pub key: String,
    pub label: String,
    pub count: i64,
    /// The back-office page that handles it.
    pub path: String,
    /// The role that handles it.
    pub role: Role,
}

/// The admin home: the caller's roles and what waits for them.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHome {
    pub roles: Vec<Role>,
    pub attention: Vec<AttentionItem>,
}

/// What needs attention, for the caller's roles only (fulfilment: orders to
/// ship and bank transfers; sales: quotations and overdue credit; admin:
/// everything, with low stock and new error reports).
#[utoipa::path(get, path = "/admin/home", tag = "admin",
    responses(
        (status = 200, body = AdminHome),
        (status = 403, description = "`forbidden`: not staff", body = Problem),
    ))]
pub async fn admin_home(
    State(state): State<AppState>,
    RequireStaff(staff): RequireStaff,
) -> ApiResult<Json<AdminHome>> {
    let c = state.db.attention_counts(uplink_db::now_ms()).await?;
    let item = |key: &str, label: &str, count: i64, path: &str, role: Role| AttentionItem {
        key: key.to_owned(),
        label: label.to_owned(),
        count,
        path: path.to_owned(),
        role,
    };
    let all = [
        item(
            "orders_to_ship",
            "Orders to ship",
            c.orders_to_ship,
            "/admin/orders?status=processing",
            Role::Fulfilment,
        ),
        item(
            "bank_transfers_to_confirm",
            "Bank transfers to confirm",
            c.bank_transfers_to_confirm,
            "/admin/orders?status=pending_payment",
            Role::Fulfilment,
        ),
        item(
            "quotations_waiting",
            "Quotations waiting for an answer",
            c.quotations_waiting,
            "/admin/quotations",
            Role::Sales,
        ),
        item(
            "overdue_credit_invoices",
            "Overdue credit-terms invoices",
            c.overdue_credit_invoices,
            "/admin/customers",
            Role::Sales,
        ),
        item(
            "low_stock_products",
            "Hardware low or out of stock",
            c.low_stock_products,
            "/admin/catalog?stock=low",
            Role::Admin,
        ),
        item(
            "new_error_issues",
            "New error reports (24 h)",
            c.new_error_issues,
            "/admin/errors",
            Role::Admin,
        ),
    ];
    Ok(Json(AdminHome {
        roles: roles_of(&staff.user),
        attention: all.into_iter().filter(|i| staff.has_role(i.role)).collect(),
    }))
}
