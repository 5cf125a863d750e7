use crate::commerce::cart::dto::CartTaxDto;
use crate::commerce::cart::scope::check_store_region;
use crate::commerce::cart::slot::CartSlot;
use crate::commerce::offers::{
    PaymentMethodDto, ShippingOptionDto, payment_methods, pickup_state, shipping_options,
};
use crate::commerce::placing::line_options::order_line_options;
use crate::commerce::pricing::{CartRows, LoadCart, TaxDestination};
use crate::commerce::quotes::load_payable;
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::StoreContext;
use crate::platform::money::MoneyDto;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use uplink_domain::money::Money;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OptionsQuery {
    /// Store code or mini-store key (see `GET /stores`).
    pub store: Option<String>,
    /// Destination country (ISO 3166-1 alpha-2) for the Priority Shipping quote;
    /// default: the customer's default shipping address, else the account country.
    pub country: Option<String>,
    /// Destination US state for sales tax; default, as on the cart: the
    /// customer's default US shipping address, else no tax.
    pub tax_state: Option<String>,
    /// Self pick-up location chosen: sales tax is that location's state's
    /// (as when the order is placed); takes precedence over `tax_state`.
    pub pickup_location: Option<String>,
    /// Options for paying this accepted quotation (`Q-000045`) instead of
    /// the cart: its lines at the quoted prices, in its store, with its
    /// quoted shipping as the Priority Shipping fee.
    pub quotation: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GatewayInfo {
    pub name: String,
    /// Show the TEST MODE banner.
    pub test_mode: bool,
    /// Where the card form posts the card (`{number, exp_month, exp_year, cvc}` → `{id, card}`).
    pub tokenize_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutTotals {
    pub subtotal: MoneyDto,
    pub discount: MoneyDto,
    pub tax: MoneyDto,
    /// Before shipping.
    pub total: MoneyDto,
}

/// A cart line as checkout shows it (the ProductList section).
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutLine {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub qty: i64,
    pub unit_price: MoneyDto,
    /// `unit_price × qty`.
    pub subtotal: MoneyDto,
    /// This line's share of the coupon discount.
    pub discount: MoneyDto,
    /// Sales tax on this line (after discount).
    pub tax: MoneyDto,
    /// `subtotal − discount + tax`.
    pub total: MoneyDto,
    pub options: Vec<crate::commerce::orders::dto::LineOption>,
    pub serials: Vec<String>,
    pub physical: bool,
    /// Why the line cannot be ordered as it is (`not_sold_in_store`, `insufficient_stock`).
    pub problem: Option<String>,
    pub problem_code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutOptions {
    pub lines: Vec<CheckoutLine>,
    pub store: String,
    pub currency: String,
    /// False for digital-only carts: no shipping part, billing address only.
    pub shipping_required: bool,
    pub shipping_options: Vec<ShippingOptionDto>,
    pub payment_methods: Vec<PaymentMethodDto>,
    pub gateway: GatewayInfo,
    pub item_count: i64,
    pub weight_grams: i64,
    pub totals: CheckoutTotals,
    /// The coupon whose discount `totals.discount` is (`null`: none applies).
    pub coupon_code: Option<String>,
    /// Whether this store charges sales tax, and for which state the totals are.
    pub tax: CartTaxDto,
    /// Country the Priority Shipping quote is for.
    pub quote_country: Option<String>,
}

/// Shipping options and payment methods for the signed-in customer's cart, and why any is unavailable.
#[utoipa::path(get, path = "/checkout/options", tag = "checkout", params(OptionsQuery),
    responses(
        (status = 200, body = CheckoutOptions),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 404, description = "`not_found`: the `quotation` is not one of the caller's", body = Problem),
        (status = 409, description = "`must_change_store`; with `quotation`: `quotation_not_payable`, `quotation_expired`", body = Problem),
    ))]
pub async fn checkout_options(
    State(state): State<AppState>,
    auth: AuthUser,
    store: StoreContext,
    slot: CartSlot,
    ApiQuery(query): ApiQuery<OptionsQuery>,
) -> ApiResult<Json<CheckoutOptions>> {
    let quotation = match query
        .quotation
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        Some(number) => Some(load_payable(&state, auth.id(), number).await?),
        None => None,
    };
    let store = match &quotation {
        Some((quotation_store, _)) => quotation_store,
        None => &store,
    };
    check_store_region(store, Some(&auth.user))?;
    let st = &store.snapshot.stores[store.store];
    let owner = slot.customer_owner(auth.id());
    let tax_state = match query.pickup_location.as_deref().and_then(pickup_state) {
        Some(state) => Some(state),
        None => query.tax_state.clone(),
    };
    let given = quotation.as_ref().map(|(_, q)| q);
    let mut conn = state.db.pool().acquire().await?;
    let mut rows = CartRows::load(
        &mut conn,
        &LoadCart {
            given: given.map(|q| &*q.contents),
            snapshot: &store.snapshot,
            store: store.store,
            owner: Some(owner.as_str()).filter(|_| given.is_none()),
            user_id: Some(auth.id()),
            tax: TaxDestination::StateOrCustomerDefault(tax_state.as_deref()),
            shipping: Money::ZERO,
        },
    )
    .await?;
    drop(conn);
    if let Some(q) = given {
        rows = rows.with_quoted(q.prices.clone());
    }
    let cart = rows.price(&store.snapshot, store.store, Money::ZERO);
    let default_country = match query
        .country
        .as_deref()
        .map(str::trim)
        .filter(|c| c.len() == 2)
    {
        Some(c) => Some(c.to_ascii_uppercase()),
        None => state
            .db
            .addresses_of(auth.id())
            .await?
            .into_iter()
            .find(|a| a.is_default_shipping)
            .map(|a| a.country)
            .or_else(|| Some(auth.user.country.clone())),
    };
    let weight = cart.weight_grams();
    let shipping_required = !cart.lines.is_empty() && !cart.is_digital_only();
    let owed = state.db.credit_owed(auth.id()).await?;
    let total = cart.totals.total.cents();
    let cur = cart.currency.as_str();
    let snap = &store.snapshot;
    let lines = cart
        .lines
        .iter()
        .map(|l| CheckoutLine {
            id: l.line.row.id.clone(),
            sku: l.line.row.sku.clone(),
            name: l
                .product
                .map_or_else(|| l.line.row.sku.clone(), |p| snap.product(p).name.clone()),
            qty: l.line.row.qty,
            unit_price: MoneyDto::new(l.unit_price.cents(), &cart.currency),
            subtotal: MoneyDto::new(l.amounts.subtotal.cents(), &cart.currency),
            discount: MoneyDto::new(l.amounts.discount.cents(), &cart.currency),
            tax: MoneyDto::new(l.amounts.tax.cents(), &cart.currency),
            total: MoneyDto::new(l.amounts.total.cents(), &cart.currency),
            options: order_line_options(l),
            serials: l.line.serials.clone(),
            physical: l.physical,
            problem: l.problem.as_ref().map(|p| p.message.clone()),
            problem_code: l.problem.as_ref().map(|p| p.code.as_str().to_owned()),
        })
        .collect();
    Ok(Json(CheckoutOptions {
        lines,
        store: st.code.clone(),
        currency: cur.to_owned(),
        shipping_required,
        shipping_options: if shipping_required {
            let mut options = shipping_options(st, default_country.as_deref(), weight);
            if let Some(fee) = given.and_then(|q| q.shipping_cents) {
                quoted_shipping(&mut options, fee, cur);
            }
            options
        } else {
            Vec::new()
        },
        payment_methods: payment_methods(st, &auth.user, total, owed),
        gateway: GatewayInfo {
            name: state.gateway.name().into(),
            test_mode: state.gateway.test_mode(),
            tokenize_url: state.gateway.tokenize_url().into(),
        },
        item_count: cart.item_count(),
        weight_grams: weight,
        totals: CheckoutTotals {
            subtotal: MoneyDto::new(cart.totals.subtotal.cents(), cur),
            discount: MoneyDto::new(cart.totals.discount.cents(), cur),
            tax: MoneyDto::new(cart.totals.tax.cents(), cur),
            total: MoneyDto::new(total, cur),
        },
        coupon_code: cart
            .coupon
            .as_ref()
            .filter(|c| c.refusal.is_none() && cart.totals.discount.cents() > 0)
            .map(|c| c.row.code.clone()),
        tax: CartTaxDto {
            charged: cart.charges_tax,
            state: cart.tax_state.clone(),
            rate_bp: cart.tax_bp,
        },
        quote_country: default_country.filter(|_| shipping_required),
    }))
}

/// Sales quoted the shipping: it is the Priority Shipping fee, whatever the destination.
fn quoted_shipping(options: &mut [ShippingOptionDto], fee: i64, currency: &str) {
    for o in options.iter_mut() {
        if o.method == uplink_domain::checkout::shipping::ShippingMethod::Priority {
            o.fee = Some(MoneyDto::new(fee, currency));
        }
    }
}
