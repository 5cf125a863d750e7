//! Staff and customers (SPEC §1, §15): one customer's page (their orders,
//! quotations, devices, credit and rebates), a read-only look at the account
//! as the customer sees it (audited: support reading an account is itself
//! a staff action), roles, and disabling an account.

use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Admin, AuthUser, RequireRole, Sales};
use crate::http::state::AppState;
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use uplink_db::accounts::RoleFlags;
use uplink_db::audit::{AuditEntry, StaffWrite};
use uplink_db::backoffice_customers::{self as bc, CustomerAccountRow, RolesRefused};
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// How many orders, quotations and devices the page lists (newest first).
const LIST_LIMIT: i64 = 50;
const CURRENCY: &str = "USD";

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerOrderItem {
    pub number: String,
    pub status: String,
    pub total: MoneyDto,
    pub refunded: MoneyDto,
    pub payment_method: String,
    pub placed_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerQuotationItem {
    pub number: String,
    pub status: String,
    pub created_at: String,
    pub valid_until: Option<String>,
    pub order_number: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerDeviceItem {
    pub serial: String,
    pub model: String,
    pub name: String,
    pub warranty_ends_at: String,
    pub registered_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerRebateTotal {
    /// `pending`, `available`, `paid` or `cancelled` (clawbacks count against their status).
    pub status: String,
    pub amount: MoneyDto,
}

/// One customer as staff see them.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerDetail {
    pub id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
    pub country: String,
    /// `customer`, `partner`, `sales`, `fulfilment`, `admin`.
    pub roles: Vec<String>,
    pub created_at: String,
    /// When the account was disabled (`null`: active) and why.
    pub disabled_at: Option<String>,
    pub disabled_reason: Option<String>,
    pub orders: Vec<CustomerOrderItem>,
    pub quotations: Vec<CustomerQuotationItem>,
    pub devices: Vec<CustomerDeviceItem>,
    /// What the customer owes on credit terms (zero without terms).
    pub credit_owed: MoneyDto,
    /// A partner's rebates by status (empty for others).
    pub rebates: Vec<CustomerRebateTotal>,
}

fn role_names(r: &RoleFlags) -> Vec<String> {
    [
        (r.is_customer, "customer"),
        (r.is_partner, "partner"),
        (r.is_sales, "sales"),
        (r.is_fulfilment, "fulfilment"),
        (r.is_admin, "admin"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, n)| n.to_owned())
    .collect()
}

async fn load_detail(state: &AppState, id: &str) -> ApiResult<CustomerDetail> {
    let mut conn = state.db.pool().acquire().await?;
    let a = bc::account(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("This customer"))?;
    let orders = bc::orders(&mut conn, id, LIST_LIMIT).await?;
    let quotations = bc::quotations(&mut conn, id, LIST_LIMIT).await?;
    let devices = bc::devices(&mut conn, id, LIST_LIMIT).await?;
    let owed = bc::credit_owed(&mut conn, id).await?;
    let rebates = bc::rebates_by_status(&mut conn, id).await?;
    Ok(detail(a, orders, quotations, devices, owed, rebates))
}

fn detail(
    a: CustomerAccountRow,
    orders: Vec<bc::CustomerOrderRow>,
    quotations: Vec<bc::CustomerQuotationRow>,
    devices: Vec<bc::CustomerDeviceRow>,
    owed: i64,
    rebates: Vec<(String, i64)>,
) -> CustomerDetail {
    CustomerDetail {
        roles: role_names(&a.roles()),
        id: a.id,
        email: a.email,
        name: a.name,
        company: a.company,
        country: a.country,
        created_at: rfc3339(a.created_at),
        disabled_at: a.disabled_at.map(rfc3339),
        disabled_reason: a.disabled_reason,
        orders: orders
            .into_iter()
            .map(|o| CustomerOrderItem {
                total: MoneyDto::new(o.total_cents, &o.currency),
                refunded: MoneyDto::new(o.refunded_cents, &o.currency),
                number: o.number,
                status: o.status,
                payment_method: o.payment_method,
                placed_at: rfc3339(o.placed_at),
            })
            .collect(),
        quotations: quotations
            .into_iter()
            .map(|q| CustomerQuotationItem {
                number: q.number,
                status: q.status,
                created_at: rfc3339(q.created_at),
                valid_until: q.valid_until.map(rfc3339),
                order_number: q.order_number,
            })
            .collect(),
        devices: devices
            .into_iter()
            .map(|d| CustomerDeviceItem {
                serial: d.serial,
                model: d.model_code,
                name: d.name,
                warranty_ends_at: rfc3339(d.warranty_ends_at),
                registered_at: rfc3339(d.registered_at),
            })
            .collect(),
        credit_owed: MoneyDto::new(owed, CURRENCY),
        rebates: rebates
            .into_iter()
            .map(|(status, cents)| CustomerRebateTotal {
                status,
                amount: MoneyDto::new(cents, CURRENCY),
            })
            .collect(),
    }
}

/// One customer: account, roles, orders, quotations, devices, credit and rebates (sales staff).
#[utoipa::path(get, path = "/staff/customers/{id}", tag = "admin",
    params(("id" = String, Path, description = "Customer (user) id")),
    responses((status = 200, body = CustomerDetail), (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem), (status = 404, description = "`not_found`", body = Problem)))]
pub async fn staff_customer(
    State(state): State<AppState>,
    _staff: RequireRole<Sales>,
    Path(id): Path<String>,
) -> ApiResult<Json<CustomerDetail>> {
    Ok(Json(load_detail(&state, &id).await?))
}

/// The account as the customer sees it, read-only, for support (sales
/// staff). Each look is recorded in the audit log.
#[utoipa::path(post, path = "/staff/customers/{id}/view-as", tag = "admin",
    params(("id" = String, Path, description = "Customer (user) id")),
    responses((status = 200, body = CustomerDetail), (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem), (status = 404, description = "`not_found`", body = Problem)))]
pub async fn view_as_customer(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Sales>,
    Path(id): Path<String>,
) -> ApiResult<Json<CustomerDetail>> {
    let detail = load_detail(&state, &id).await?;
    let mut write = StaffWrite::begin(&state.db, staff.actor()).await?;
    write.record(
        AuditEntry::new("customer.view_as", "customer", id.clone())
            .summary(format!("Viewed {}'s account as they see it", detail.email)),
    );
    write.commit().await?;
    Ok(Json(detail))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SetRoles {
    /// Any of `customer`, `partner`, `sales`, `fulfilment`, `admin`.
    pub roles: Vec<String>,
}

fn parse_roles(names: &[String]) -> ApiResult<RoleFlags> {
    let mut r = RoleFlags::default();
    for n in names {
        match n.trim() {
            "customer" => r.is_customer = true,
            "partner" => r.is_partner = true,
            "sales" => r.is_sales = true,
            "fulfilment" => r.is_fulfilment = true,
            "admin" => r.is_admin = true,
            _ => {
                return Err(ApiError::validation(vec![FieldError::new(
                    "roles",
                    ErrorCode::ValidationFailed,
                    "Roles are customer, partner, sales, fulfilment and admin.",
                )]));
            }
        }
    }
    Ok(r)
}

fn refused(r: RolesRefused) -> ApiError {
    match r {
        RolesRefused::NoSuchAccount => ApiError::not_found("This customer"),
        RolesRefused::LastAdmin => ApiError::new(ErrorCode::LastAdmin),
    }
}

/// Sets an account's roles (admins only). The last active admin keeps the role: 409 `last_admin`.
#[utoipa::path(put, path = "/admin/customers/{id}/roles", tag = "admin", request_body = SetRoles,
    params(("id" = String, Path, description = "Customer (user) id")),
    responses((status = 200, body = CustomerDetail), (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem), (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`last_admin`", body = Problem), (status = 422, description = "`validation_failed`", body = Problem)))]
pub async fn set_customer_roles(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<SetRoles>,
) -> ApiResult<Json<CustomerDetail>> {
    let roles = parse_roles(&req.roles)?;
    let mut write = StaffWrite::begin(&state.db, admin.actor()).await?;
    let before = bc::account(write.tx(), &id)
        .await?
        .ok_or_else(|| ApiError::not_found("This customer"))?;
    bc::set_roles_in(write.tx(), &id, &roles)
        .await?
        .map_err(refused)?;
    let (from, to) = (role_names(&before.roles()), role_names(&roles));
    write.record(
        AuditEntry::new("customer.roles", "customer", id.clone())
            .summary(format!(
                "{}: roles {} → {}",
                before.email,
                from.join(", "),
                to.join(", ")
            ))
            .before(&from)
            .after(&to),
    );
    write.commit().await?;
    Ok(Json(load_detail(&state, &id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DisableAccount {
    /// Why (kept with the account and in the audit log).
    pub reason: String,
}

/// Disables an account (admins only): every session ends at once and
/// signing in is refused with `account_disabled`.
#[utoipa::path(post, path = "/admin/customers/{id}/disable", tag = "admin", request_body = DisableAccount,
    params(("id" = String, Path, description = "Customer (user) id")),
    responses((status = 200, body = CustomerDetail), (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem), (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`last_admin`", body = Problem), (status = 422, description = "`validation_failed`: reason", body = Problem)))]
pub async fn disable_customer(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<DisableAccount>,
) -> ApiResult<Json<CustomerDetail>> {
    let reason = req.reason.trim();
    if reason.is_empty() || reason.chars().count() > 300 {
        return Err(ApiError::validation(vec![FieldError::new(
            "reason",
            ErrorCode::ValidationFailed,
            "Say why the account is disabled (up to 300 characters).",
        )]));
    }
    switch(&state, &admin, &id, Some(reason)).await
}

/// Enables a disabled account again (admins only).
#[utoipa::path(post, path = "/admin/customers/{id}/enable", tag = "admin",
    params(("id" = String, Path, description = "Customer (user) id")),
    responses((status = 200, body = CustomerDetail), (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem), (status = 404, description = "`not_found`", body = Problem)))]
pub async fn enable_customer(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    Path(id): Path<String>,
) -> ApiResult<Json<CustomerDetail>> {
    switch(&state, &admin, &id, None).await
}

async fn switch(
    state: &AppState,
    admin: &AuthUser,
    id: &str,
    reason: Option<&str>,
) -> ApiResult<Json<CustomerDetail>> {
    let mut write = StaffWrite::begin(&state.db, admin.actor()).await?;
    let ended = bc::set_disabled_in(write.tx(), id, reason)
        .await?
        .map_err(refused)?;
    let (action, summary) = match reason {
        Some(r) => (
            "customer.disable",
            format!("Account disabled ({ended} sessions ended): {r}"),
        ),
        None => ("customer.enable", "Account enabled again".to_owned()),
    };
    write.record(
        AuditEntry::new(action, "customer", id.to_owned())
            .summary(summary)
            .after(&serde_json::json!({ "disabled": reason.is_some(), "reason": reason })),
    );
    write.commit().await?;
    Ok(Json(load_detail(state, id).await?))
}
