//! Whose cart a request addresses ([`CartScope`]), the guest-cart cookie,
//! the store-region rule, and reading the priced cart.

use crate::commerce::cart::dto;
use crate::commerce::cart::partner_code as referral;
use crate::commerce::pricing;
use crate::http::cookies::{self, CART_COOKIE};
use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::{AuthUser, MaybeUser};
use crate::http::route_docs::{
    CSRF, Rejection, Rejects, UNAUTHENTICATED, add_rejections, add_store_param, rejection,
};
use crate::http::state::AppState;
use crate::http::store::StoreContext;
use axum::extract::FromRequestParts;
use axum::http::{HeaderValue, Method, header, request::Parts};
use axum::response::{IntoResponse, Response};
use uplink_db::accounts::UserRow;
use uplink_domain::catalog::Region;
use uplink_domain::error_code::ErrorCode;
use utoipa::openapi::path::Operation;

/// Guest carts are kept for 30 days after their last use.
pub const CART_COOKIE_MAX_AGE_SECS: i64 = 30 * 24 * 3600;

/// The cart a request addresses: the store, and the owner.
#[derive(Clone)]
pub struct CartScope {
    pub store: StoreContext,
    pub user: Option<AuthUser>,
    /// `u:<user id>` or `g:<hash>`; `None` for a guest without a cart cookie
    /// on a read (nothing to show yet).
    pub owner: Option<String>,
    /// A new guest token to hand out in `Set-Cookie` with the response.
    pub new_guest_token: Option<String>,
}

impl CartScope {
    pub fn user_id(&self) -> Option<&str> {
        self.user.as_ref().map(|u| u.user.id.as_str())
    }

    /// The owner key; on mutating requests there always is one.
    pub fn owner(&self) -> ApiResult<&str> {
        self.owner
            .as_deref()
            .ok_or_else(|| ApiError::internal("cart owner missing on a mutating request"))
    }

    /// Adds the guest cookie to a response when one was issued.
    pub fn respond(&self, state: &AppState, response: impl IntoResponse) -> Response {
        let mut res = response.into_response();
        if let Some(token) = &self.new_guest_token {
            res.headers_mut().append(
                header::SET_COOKIE,
                guest_cookie(state, token, CART_COOKIE_MAX_AGE_SECS),
            );
        }
        res
    }
}

/// The `Set-Cookie` value of the guest cart cookie.
pub fn guest_cookie(state: &AppState, token: &str, max_age: i64) -> HeaderValue {
    cookies::build(
        &state.config,
        &cookies::CookieSpec {
            name: CART_COOKIE,
            value: token,
            max_age_secs: max_age,
            http_only: true,
            path: "/",
        },
    )
}

/// A guest token as we issue it: 64 hex characters. Anything else is ignored.
pub fn valid_guest_token(t: &str) -> bool {
    t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit())
}

/// 409 `must_change_store` when a signed-in customer's account region differs
/// from the current eStore's region (SPEC §3). Mini-stores are exempt: a
/// partner's store serves whoever opens its key.
pub fn check_store_region(store: &StoreContext, user: Option<&UserRow>) -> ApiResult<()> {
    let Some(user) = user else {
        return Ok(());
    };
    let snap = &store.snapshot;
    let current = &snap.stores[store.store];
    if !current.is_estore() {
        return Ok(());
    }
    let region = Region::of_country(&user.country);
    if current.region == region {
        return Ok(());
    }
    let target = snap
        .stores
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_own() && s.is_estore() && s.region == region)
        .min_by_key(|(i, _)| (*i != snap.default_store, *i))
        .map(|(_, s)| s);
    let Some(target) = target else {
        return Ok(());
    };
    Err(ApiError::new(ErrorCode::MustChangeStore)
        .with_detail(format!(
            "Your account belongs to the {} ({}); switch to it to use your cart.",
            target.name,
            region.as_str()
        ))
        .with_extra("target_store", target.code.clone())
        .with_extra("current_store", current.code.clone()))
}

impl FromRequestParts<AppState> for CartScope {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let MaybeUser(user) = MaybeUser::from_request_parts(parts, state).await?;
        let store = StoreContext::from_request_parts(parts, state).await?;
        let slot = super::slot::CartSlot::from_request_parts(parts, state).await?;
        // Emptying the cart of the other region's store stays possible: that
        // is what PROMPT_CLEAR_CART asks for after switching (D53).
        let clearing = parts.method == Method::DELETE && parts.uri.path().ends_with("/cart");
        if !clearing && let Err(e) = check_store_region(&store, user.as_ref().map(|u| &u.user)) {
            return Err(with_cart_summary(state, &store, user.as_ref(), e).await);
        }
        if let Some(u) = &user {
            return Ok(CartScope {
                store,
                owner: Some(slot.customer_owner(&u.user.id)),
                user,
                new_guest_token: None,
            });
        }
        let cookie = cookies::read(&parts.headers, CART_COOKIE).filter(|t| valid_guest_token(t));
        let mutating = !matches!(parts.method, Method::GET | Method::HEAD);
        let (owner, new_guest_token) = match cookie {
            Some(token) => (
                Some(slot.owner(&uplink_db::cart::guest_owner(&token))),
                None,
            ),
            None if mutating => {
                let token = uplink_domain::ids::new_secret();
                (
                    Some(slot.owner(&uplink_db::cart::guest_owner(&token))),
                    Some(token),
                )
            }
            None => (None, None),
        };
        Ok(CartScope {
            store,
            user: None,
            owner,
            new_guest_token,
        })
    }
}

/// Adds what PROMPT_CLEAR_CART needs to a `must_change_store` problem: the
/// current cart's unit count and its lines (SKU, quantity, options, serials,
/// ICCID) so the page can re-add them in the target store.
async fn with_cart_summary(
    state: &AppState,
    store: &StoreContext,
    user: Option<&AuthUser>,
    e: ApiError,
) -> ApiError {
    let Some(user) = user else { return e };
    let owner = uplink_db::cart::customer_owner(&user.user.id);
    let contents = match state.db.cart_contents(store.code(), &owner).await {
        Ok(c) => c,
        Err(err) => return ApiError::from(err),
    };
    let lines: Vec<serde_json::Value> = contents
        .iter()
        .flat_map(|c| c.lines.iter())
        .map(|l| {
            serde_json::json!({
                "sku": l.row.sku,
                "qty": l.row.qty,
                "options": pricing::parse_options(&l.row.options),
                "serials": l.serials,
                "iccid": l.row.iccid,
            })
        })
        .collect();
    let count: i64 = contents
        .iter()
        .flat_map(|c| c.lines.iter())
        .fold(0i64, |n, l| n.saturating_add(l.row.qty));
    e.with_extra("item_count", count)
        .with_extra("lines", serde_json::Value::Array(lines))
}

/// Optional `tax_state` query parameter of cart reads.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartQuery {
    /// Destination US state (two letters) for the US store's sales tax.
    /// Without it: the customer's default US shipping address, else no tax
    /// until checkout.
    #[param(example = "TX")]
    pub tax_state: Option<String>,
}

/// Reads and prices the scope's cart, recording prices the buyer has now seen.
pub async fn read_cart(
    state: &AppState,
    scope: &CartScope,
    tax_state: Option<&str>,
) -> ApiResult<dto::CartDto> {
    let tax_state = match tax_state.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) if s.len() == 2 && s.bytes().all(|b| b.is_ascii_alphabetic()) => Some(s),
        Some(_) => {
            return Err(ApiError::field(
                "tax_state",
                ErrorCode::ValidationFailed,
                "Use a two-letter US state code such as TX.",
            ));
        }
        None => None,
    };
    let snap = &scope.store.snapshot;
    let mut conn = state.db.pool().acquire().await?;
    let priced = pricing::load_priced_cart(
        &mut conn,
        &pricing::LoadCart {
            given: None,
            snapshot: snap,
            store: scope.store.store,
            owner: scope.owner.as_deref(),
            user_id: scope.user_id(),
            tax: pricing::TaxDestination::StateOrCustomerDefault(tax_state),
            shipping: uplink_domain::money::Money::ZERO,
        },
    )
    .await?;
    let mut dto = dto::CartDto::from(snap, &priced);
    dto.partner_referral = referral::applied(&mut conn, &priced).await?;
    // Changed prices are flagged once, on the read that first shows them.
    for l in priced.lines.iter().filter(|l| l.price_changed()) {
        uplink_db::cart::set_seen_price(&mut conn, &l.line.row.id, l.unit_price.cents()).await?;
    }
    Ok(dto)
}

/// What the cart scope rejects, in the OpenAPI document of every cart operation.
impl Rejects for CartScope {
    const REJECTIONS: &'static [Rejection] = &[
        UNAUTHENTICATED,
        CSRF,
        rejection(
            409,
            "`must_change_store` (with `target_store`): the account belongs to another region's store",
        ),
        rejection(
            422,
            "`validation_failed`: `store` names no store, or `cart` no cart",
        ),
    ];

    fn document(op: &mut Operation) {
        add_rejections(op, Self::REJECTIONS);
        add_store_param(op);
        super::slot::add_cart_param(op);
    }
}
