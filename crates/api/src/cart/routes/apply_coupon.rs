use super::cart_answer;
use crate::commerce::cart::dto::CartDto;
use crate::commerce::cart::scope::CartScope;
use crate::commerce::pricing::{LoadCart, load_priced_cart, refusal_code, refusal_message};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use crate::http::store::StoreParam;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use uplink_db::cart as q;
use uplink_domain::cart::{CouponContext, normalise_coupon_code};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyCouponRequest {
    #[schema(example = "WELCOME10")]
    pub code: String,
}

/// Applies a coupon (one per cart; a new one replaces the old). Checked now:
/// active, within its dates, store scope, minimum subtotal, total and
/// per-customer usage limits; checked again when the order is placed.
#[utoipa::path(post, path = "/cart/coupon", tag = "cart",
    params(StoreParam),
    request_body = ApplyCouponRequest,
    responses(
        (status = 200, body = CartDto),
        (status = 409, description = "`must_change_store`", body = Problem),
        (status = 422, description = "`coupon_invalid` (unknown, inactive, not yet valid, other store, below the minimum subtotal), `coupon_expired`, `coupon_usage_exceeded`", body = Problem),
    ))]
pub async fn apply_coupon(
    State(state): State<AppState>,
    scope: CartScope,
    ApiJson(req): ApiJson<ApplyCouponRequest>,
) -> ApiResult<Response> {
    let code = normalise_coupon_code(&req.code);
    if code.is_empty() || code.len() > 64 {
        return Err(ApiError::field(
            "code",
            ErrorCode::CouponInvalid,
            "Enter a coupon code.",
        ));
    }
    let snap = &scope.store.snapshot;
    let store = &snap.stores[scope.store.store];
    let mut tx = state.db.begin_write().await?;
    let Some(coupon) = q::find_coupon(&mut tx, &code).await? else {
        return Err(ApiError::field(
            "code",
            ErrorCode::CouponInvalid,
            format!("{code} is not a valid coupon code; check the spelling."),
        ));
    };
    let priced = load_priced_cart(
        &mut tx,
        &LoadCart {
            given: None,
            snapshot: snap,
            store: scope.store.store,
            owner: scope.owner.as_deref(),
            user_id: scope.user_id(),
            tax: crate::commerce::pricing::TaxDestination::StateOrCustomerDefault(None),
            shipping: Money::ZERO,
        },
    )
    .await?;
    let customer_uses = match scope.user_id() {
        Some(user) => q::coupon_uses_by(&mut tx, &code, user).await?,
        None => 0,
    };
    let subtotal: Money = priced
        .lines
        .iter()
        .filter(|l| {
            l.problem
                .as_ref()
                .is_none_or(|p| p.code != ErrorCode::NotSoldInStore)
        })
        .map(|l| l.amounts.subtotal)
        .sum();
    if let Err(r) = coupon.to_domain().check(&CouponContext {
        now_ms: uplink_db::now_ms(),
        store: &store.code,
        subtotal,
        uses: coupon.times_used,
        customer_uses,
        customer: scope.user_id(),
    }) {
        return Err(ApiError::field(
            "code",
            refusal_code(&r),
            refusal_message(&r, &store.currency),
        ));
    }
    let cart = q::ensure_cart(&mut tx, &store.code, scope.owner()?, scope.user_id()).await?;
    q::set_cart_coupon(&mut tx, &cart.id, Some(&coupon.code)).await?;
    tx.commit().await?;
    cart_answer(&state, &scope, StatusCode::OK).await
}
