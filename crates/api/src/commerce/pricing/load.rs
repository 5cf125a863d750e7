//! Reading what pricing needs from the database: the cart's lines (or
//! lines given in full), stock, the coupon and its uses, the tax rate.

use super::pipeline::price_cart;
use super::priced::{PricedCart, PricingContext, QuotedPrices};
use crate::commerce::referral::{ReferralOffer, offer};
use crate::read_model::Snapshot;
use std::collections::HashMap;
use uplink_db::cart::{CartContents, CouponRow};
use uplink_domain::money::Money;

/// What [`load_priced_cart`] should look up.
pub struct LoadCart<'a> {
    pub snapshot: &'a Snapshot,
    pub store: usize,
    pub owner: Option<&'a str>,
    /// Lines given in full instead of the owner's stored cart (an order
    /// the renewal job makes; never stored as a cart).
    pub given: Option<&'a CartContents>,
    pub user_id: Option<&'a str>,
    pub tax: TaxDestination<'a>,
    pub shipping: Money,
}

/// Where US sales tax is charged for (the Global store charges none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaxDestination<'a> {
    /// Cart reads: the given state, else the customer's default US shipping
    /// address, else no tax until checkout knows the destination.
    StateOrCustomerDefault(Option<&'a str>),
    /// Checkout: the resolved destination; `None` (a non-US destination)
    /// charges no tax.
    Destination(Option<&'a str>),
}

/// A cart as read from the database: its rows and what pricing needs besides
/// the catalogue. Checkout reads it once and prices it twice (before and
/// after it knows the shipping fee and tax destination).
pub struct CartRows {
    pub contents: Option<CartContents>,
    stock: HashMap<String, i64>,
    coupon: Option<CouponRow>,
    coupon_customer_uses: i64,
    tax_state: Option<String>,
    tax_bp: i64,
    quoted: Option<QuotedPrices>,
    customer: Option<String>,
    referral: Option<ReferralOffer>,
}

impl CartRows {
    /// Prices these rows at a quotation's prices from now on.
    pub fn with_quoted(mut self, quoted: QuotedPrices) -> CartRows {
        self.quoted = Some(quoted);
        self
    }

    /// Reads the cart, stock, coupon and tax rate. Runs on the given
    /// connection, so checkout can call it inside its transaction.
    pub async fn load(
        conn: &mut sqlx::AnyConnection,
        req: &LoadCart<'_>,
    ) -> Result<CartRows, uplink_db::DbError> {
        use uplink_db::cart as q;
        let snap = req.snapshot;
        let store = &snap.stores[req.store];
        let warehouse = store.warehouse();
        let is_physical = |product_id: &str| {
            snap.product_by_id(product_id)
                .is_some_and(|i| snap.product(i).is_physical())
        };
        let (contents, stock) = match (req.given, req.owner) {
            (Some(given), _) => {
                let physical_ids: Vec<&str> = given
                    .lines
                    .iter()
                    .map(|l| l.row.product_id.as_str())
                    .filter(|id| is_physical(id))
                    .collect();
                let stock = uplink_db::stock::available_stock(
                    &mut *conn,
                    warehouse.as_str(),
                    &physical_ids,
                )
                .await?;
                (Some(given.clone()), stock)
            }
            // The stored cart and its lines' stock in one read.
            (None, Some(owner)) => {
                match q::cart_with_stock(&mut *conn, &store.code, owner, warehouse.as_str()).await?
                {
                    Some((contents, mut stock)) => {
                        stock.retain(|id, _| is_physical(id));
                        (Some(contents), stock)
                    }
                    None => (None, HashMap::new()),
                }
            }
            (None, None) => (None, HashMap::new()),
        };
        let (coupon, coupon_customer_uses) =
            match contents.as_ref().and_then(|c| c.cart.coupon_code.clone()) {
                Some(code) => {
                    let row = q::find_coupon(&mut *conn, &code).await?;
                    let uses = match (row.as_ref(), req.user_id) {
                        (Some(_), Some(user)) => q::coupon_uses_by(&mut *conn, &code, user).await?,
                        _ => 0,
                    };
                    (row, uses)
                }
                None => (None, 0),
            };
        let referral = match contents
            .as_ref()
            .and_then(|c| c.cart.app_referral_code.clone())
        {
            Some(code) => offer(&mut *conn, store, &code, req.user_id).await?,
            None => None,
        };
        let mut rows = CartRows {
            contents,
            stock,
            coupon,
            coupon_customer_uses,
            tax_state: None,
            tax_bp: 0,
            quoted: None,
            customer: req.user_id.map(str::to_owned),
            referral,
        };
        rows.set_tax_destination(conn, req.snapshot, req.store, req.tax, req.user_id)
            .await?;
        Ok(rows)
    }

    /// Looks up the sales tax for `tax` (the US store only).
    pub async fn set_tax_destination(
        &mut self,
        conn: &mut sqlx::AnyConnection,
        snap: &Snapshot,
        store: usize,
        tax: TaxDestination<'_>,
        user_id: Option<&str>,
    ) -> Result<(), uplink_db::DbError> {
        use uplink_db::cart as q;
        let charges_tax = snap.stores[store].region == uplink_domain::catalog::Region::Us;
        let (given, fallback) = match tax {
            TaxDestination::StateOrCustomerDefault(s) => (s, true),
            TaxDestination::Destination(s) => (s, false),
        };
        let mut tax_state = given.map(|s| s.trim().to_ascii_uppercase());
        if charges_tax
            && fallback
            && tax_state.is_none()
            && let Some(user) = user_id
        {
            tax_state = q::default_shipping_state(&mut *conn, user).await?;
        }
        self.tax_bp = match (&tax_state, charges_tax) {
            (Some(state), true) => q::tax_rate(&mut *conn, state).await?.unwrap_or(0),
            _ => 0,
        };
        self.tax_state = tax_state.filter(|_| charges_tax);
        Ok(())
    }

    /// Prices these rows against the catalogue, with `shipping` added.
    pub fn price(&self, snap: &Snapshot, store: usize, shipping: Money) -> PricedCart {
        price_cart(
            self.contents.as_ref(),
            &PricingContext {
                snapshot: snap,
                store,
                stock: &self.stock,
                coupon: self.coupon.clone(),
                coupon_customer_uses: self.coupon_customer_uses,
                tax_state: self.tax_state.clone(),
                tax_bp: self.tax_bp,
                shipping,
                now_ms: uplink_db::now_ms(),
                quoted: self.quoted.as_ref(),
                customer: self.customer.as_deref(),
                referral: self.referral.as_ref(),
            },
        )
    }
}

/// Reads the cart, stock, coupon and tax rate, and prices it. Runs on the
/// given connection, so checkout can call it inside its transaction.
pub async fn load_priced_cart(
    conn: &mut sqlx::AnyConnection,
    req: &LoadCart<'_>,
) -> Result<PricedCart, uplink_db::DbError> {
    let rows = CartRows::load(conn, req).await?;
    Ok(rows.price(req.snapshot, req.store, req.shipping))
}
