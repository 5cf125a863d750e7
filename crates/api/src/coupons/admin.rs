//! The rules a staff coupon keeps, and its saves through [`StaffWrite`].

use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use uplink_db::admin_coupons::StaffCouponRow;
use uplink_db::audit::{Actor, AuditEntry, StaffWrite};
use uplink_db::cart::{CouponRow, NewCoupon};
use uplink_domain::cart::normalise_coupon_code;
use uplink_domain::catalog_admin::MAX_PRICE_CENTS;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CouponKind {
    /// `percent_bp` of each eligible line.
    Percent,
    /// `amount_cents` off the order.
    Fixed,
}

/// A coupon's terms as staff send them.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CouponInput {
    pub kind: CouponKind,
    /// Percent coupons: 1–10000 basis points (0.01–100 %).
    #[serde(default)]
    pub percent_bp: Option<i64>,
    /// Fixed coupons: 1 cent to $1,000,000.
    #[serde(default)]
    pub amount_cents: Option<i64>,
    /// What shoppers read (up to 200 characters).
    #[serde(default)]
    pub description: String,
    /// `false` pauses it: shoppers are told it is not active.
    pub active: bool,
    /// RFC 3339; valid from.
    #[serde(default)]
    pub starts_at: Option<String>,
    /// RFC 3339; valid until (after `starts_at`).
    #[serde(default)]
    pub ends_at: Option<String>,
    #[serde(default)]
    pub min_subtotal_cents: i64,
    /// Uses over all customers; empty = unlimited.
    #[serde(default)]
    pub max_uses: Option<i64>,
    #[serde(default)]
    pub max_uses_per_customer: Option<i64>,
    /// Only in this store; empty = every store.
    #[serde(default)]
    pub store_code: Option<String>,
}

/// A new coupon: its code and terms.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewCouponRequest {
    /// 3–32 of A–Z, 0–9, `-` and `_` (upper-cased); never changes.
    pub code: String,
    #[serde(flatten)]
    pub terms: CouponInput,
}

/// A coupon as the back-office shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCoupon {
    pub code: String,
    pub kind: String,
    pub percent_bp: Option<i64>,
    pub amount_cents: Option<i64>,
    pub description: String,
    pub active: bool,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub min_subtotal_cents: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_customer: Option<i64>,
    pub store_code: Option<String>,
    /// Orders that used it.
    pub times_used: i64,
    /// What it took off those orders, in cents.
    pub redeemed_cents: i64,
    /// `active`, `paused`, `scheduled` (not started), `ended`, `used_up`.
    pub state: String,
    pub created_at: String,
}

impl AdminCoupon {
    pub fn new(c: CouponRow, redeemed_cents: i64, now: i64) -> AdminCoupon {
        let state = if !c.active {
            "paused"
        } else if c.ends_at.is_some_and(|e| e <= now) {
            "ended"
        } else if c.starts_at.is_some_and(|s| s > now) {
            "scheduled"
        } else if c.max_uses.is_some_and(|m| c.times_used >= m) {
            "used_up"
        } else {
            "active"
        };
        AdminCoupon {
            state: state.to_owned(),
            starts_at: c.starts_at.map(rfc3339),
            ends_at: c.ends_at.map(rfc3339),
            created_at: rfc3339(c.created_at),
            code: c.code,
            kind: c.kind,
            percent_bp: c.percent_bp,
            amount_cents: c.amount_cents,
            description: c.description,
            active: c.active,
            min_subtotal_cents: c.min_subtotal_cents,
            max_uses: c.max_uses,
            max_uses_per_customer: c.max_uses_per_customer,
            store_code: c.store_code,
            times_used: c.times_used,
            redeemed_cents,
        }
    }
}

impl From<StaffCouponRow> for AdminCoupon {
    fn from(r: StaffCouponRow) -> Self {
        AdminCoupon::new(r.coupon, r.redeemed_cents, uplink_db::now_ms())
    }
}

/// A page of coupons.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCouponList {
    pub items: Vec<AdminCoupon>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

fn is_code(code: &str) -> bool {
    (3..=32).contains(&code.len())
        && code
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// The terms checked, as storage takes them.
pub async fn checked(state: &AppState, code: &str, t: &CouponInput) -> ApiResult<NewCoupon> {
    let mut errors = Vec::new();
    let mut fail = |field: &str, message: &str| {
        errors.push(FieldError::new(field, ErrorCode::ValidationFailed, message))
    };
    match t.kind {
        CouponKind::Percent => {
            if !t.percent_bp.is_some_and(|bp| (1..=10_000).contains(&bp)) {
                fail(
                    "percent_bp",
                    "A percentage from 0.01 % to 100 % (1 to 10000 basis points).",
                );
            }
            if t.amount_cents.is_some() {
                fail("amount_cents", "A percent coupon has no amount.");
            }
        }
        CouponKind::Fixed => {
            if !t
                .amount_cents
                .is_some_and(|c| (1..=MAX_PRICE_CENTS).contains(&c))
            {
                fail("amount_cents", "An amount from $0.01 to $1,000,000.00.");
            }
            if t.percent_bp.is_some() {
                fail("percent_bp", "A fixed coupon has no percentage.");
            }
        }
    }
    let description = t.description.trim();
    if description.chars().count() > 200 || description.chars().any(char::is_control) {
        fail("description", "Up to 200 characters on one line.");
    }
    let mut when = |field: &str, v: &Option<String>| -> Option<i64> {
        let v = v.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
        match OffsetDateTime::parse(v, &Rfc3339) {
            Ok(t) => Some((t.unix_timestamp_nanos() / 1_000_000) as i64),
            Err(_) => {
                fail(field, "A date and time like 2026-12-01T00:00:00Z.");
                None
            }
        }
    };
    let starts_at = when("starts_at", &t.starts_at);
    let ends_at = when("ends_at", &t.ends_at);
    if let (Some(s), Some(e)) = (starts_at, ends_at)
        && e <= s
    {
        fail("ends_at", "The end comes after the start.");
    }
    if !(0..=MAX_PRICE_CENTS).contains(&t.min_subtotal_cents) {
        fail("min_subtotal_cents", "From $0.00 to $1,000,000.00.");
    }
    if t.max_uses.is_some_and(|m| !(1..=10_000_000).contains(&m)) {
        fail("max_uses", "At least 1, or empty for unlimited.");
    }
    if t.max_uses_per_customer
        .is_some_and(|m| !(1..=10_000).contains(&m))
    {
        fail(
            "max_uses_per_customer",
            "At least 1, or empty for unlimited.",
        );
    }
    if let Some(store) = &t.store_code {
        let mut conn = state.db.pool().acquire().await?;
        let stores = uplink_db::admin_catalog::reference_sets(&mut conn)
            .await?
            .stores;
        if !stores.contains(store) {
            fail(
                "store_code",
                "Choose one of the stores, or none for every store.",
            );
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    Ok(NewCoupon {
        code: code.to_owned(),
        kind: match t.kind {
            CouponKind::Percent => "percent",
            CouponKind::Fixed => "fixed",
        },
        percent_bp: t.percent_bp,
        amount_cents: t.amount_cents,
        description: description.to_owned(),
        active: t.active,
        starts_at,
        ends_at,
        min_subtotal_cents: t.min_subtotal_cents,
        max_uses: t.max_uses,
        max_uses_per_customer: t.max_uses_per_customer,
        store_code: t.store_code.clone(),
    })
}

/// One staff coupon by code.
pub async fn admin_coupon(state: &AppState, code: &str) -> ApiResult<AdminCoupon> {
    let code = normalise_coupon_code(code);
    let mut conn = state.db.pool().acquire().await?;
    let coupon = uplink_db::admin_coupons::staff_coupon(&mut conn, &code)
        .await?
        .ok_or_else(|| ApiError::not_found("The coupon"))?;
    let redeemed = uplink_db::admin_coupons::redeemed_cents(&mut conn, &code).await?;
    Ok(AdminCoupon::new(coupon, redeemed, uplink_db::now_ms()))
}

/// Creates a coupon; its normalised code.
pub async fn create(
    state: &AppState,
    actor: Actor,
    code: &str,
    t: &CouponInput,
) -> ApiResult<String> {
    let code = normalise_coupon_code(code);
    if !is_code(&code) {
        return Err(ApiError::field(
            "code",
            ErrorCode::ValidationFailed,
            "3 to 32 of A–Z, 0–9, '-' and '_'.",
        ));
    }
    let coupon = checked(state, &code, t).await?;
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    if !uplink_db::admin_coupons::create_coupon(&mut w, &coupon).await? {
        return Err(ApiError::field(
            "code",
            ErrorCode::ValidationFailed,
            "Another coupon already has this code; choose another.",
        ));
    }
    w.record(
        AuditEntry::new("coupon.create", "coupon", &code)
            .summary(format!("Created coupon {code}"))
            .after(&coupon_json(&coupon)),
    );
    w.commit().await?;
    Ok(code)
}

/// Changes a coupon's terms (pausing is `active: false`).
pub async fn update(
    state: &AppState,
    actor: Actor,
    code: &str,
    t: &CouponInput,
) -> ApiResult<String> {
    let before = admin_coupon(state, code).await?;
    let coupon = checked(state, &before.code, t).await?;
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    if !uplink_db::admin_coupons::update_coupon(&mut w, &coupon).await? {
        return Err(ApiError::not_found("The coupon"));
    }
    let action = match (before.active, coupon.active) {
        (true, false) => "coupon.pause",
        (false, true) => "coupon.resume",
        _ => "coupon.update",
    };
    w.record(
        AuditEntry::new(action, "coupon", &before.code)
            .summary(format!(
                "{} coupon {}",
                match action {
                    "coupon.pause" => "Paused",
                    "coupon.resume" => "Resumed",
                    _ => "Updated",
                },
                before.code
            ))
            .before(&before)
            .after(&coupon_json(&coupon)),
    );
    w.commit().await?;
    Ok(before.code)
}

fn coupon_json(c: &NewCoupon) -> serde_json::Value {
    serde_json::json!({
        "code": c.code, "kind": c.kind, "percent_bp": c.percent_bp, "amount_cents": c.amount_cents,
        "description": c.description, "active": c.active, "starts_at": c.starts_at.map(rfc3339),
        "ends_at": c.ends_at.map(rfc3339), "min_subtotal_cents": c.min_subtotal_cents,
        "max_uses": c.max_uses, "max_uses_per_customer": c.max_uses_per_customer, "store_code": c.store_code,
    })
}
