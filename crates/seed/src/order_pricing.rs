//! Pricing of the demo orders ([`super::orders`]) as checkout prices a cart:
//! the store price plus option deltas ([`unit_price`]), the coupon, the
//! destination's sales tax and the Priority Shipping rate table
//! ([`priority_quote`]) through [`price_lines`], and the snapshot of each
//! line's product and options an order line keeps.

use serde::Serialize;
use sqlx::AnyConnection;
use uplink_db::DbError;
use uplink_db::cart;
use uplink_db::catalog::{self, ProductFacts};
use uplink_domain::accounts::address::Address;
use uplink_domain::cart::{
    CouponContext, CouponValue, LineInput, PriceDelta, Totals, price_lines, sales_tax_bp,
    unit_price,
};
use uplink_domain::catalog::Region;
use uplink_domain::checkout::shipping::priority_quote;
use uplink_domain::money::Money;

/// How an order is shipped.
#[derive(Debug, Clone, Copy)]
pub(super) enum Ship {
    Priority,
    CustomerProvided {
        carrier: &'static str,
        account: &'static str,
    },
}

/// One line: SKU, quantity and chosen option values (option code, value code).
pub(super) struct Line(
    pub &'static str,
    pub i64,
    pub &'static [(&'static str, &'static str)],
);

/// A demo order that cannot be written as described (a demo-data bug).
pub(super) fn demo_error(message: String) -> DbError {
    DbError::Sqlx(sqlx::Error::Protocol(format!("demo order: {message}")))
}

/// The store's facts an order needs.
pub(super) struct StoreFacts {
    pub(super) code: String,
    pub(super) region: Region,
    pub(super) currency: String,
}

/// A line as checkout would snapshot it.
pub(super) struct Item {
    pub(super) product_id: String,
    pub(super) sku: String,
    pub(super) name: String,
    pub(super) product_type: String,
    pub(super) weight_grams: i64,
    pub(super) unit: Money,
    pub(super) qty: i64,
    pub(super) options: Vec<LineOption>,
}

impl Item {
    /// The chosen values as a cart line keeps them (`{code: value}` JSON).
    pub(super) fn options_json(&self) -> String {
        let chosen: std::collections::BTreeMap<&str, &str> = self
            .options
            .iter()
            .map(|o| (o.code.as_str(), o.value.as_str()))
            .collect();
        serde_json::to_string(&chosen).unwrap_or_else(|_| "{}".into())
    }
}

/// An order line's option, as `LineOption` of the API stores it.
#[derive(Serialize)]
pub(super) struct LineOption {
    code: String,
    label: String,
    value: String,
    value_label: String,
}

/// What pricing gave an order: its totals and shipping details.
pub(super) struct Priced {
    pub(super) totals: Totals,
    pub(super) details: ShippingDetails,
}

/// `orders.shipping_details`, as `ShippingDetails` of the API stores it.
#[derive(Serialize, Default)]
pub(super) struct ShippingDetails {
    #[serde(skip_serializing_if = "Option::is_none")]
    carrier: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    account_number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_days: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_days: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    zone: Option<String>,
}

pub(super) async fn store_facts(tx: &mut AnyConnection, code: &str) -> Result<StoreFacts, DbError> {
    let row = catalog::store_region_currency_in(tx, code).await?;
    let (region, currency) = row.ok_or_else(|| demo_error(format!("no store `{code}`")))?;
    Ok(StoreFacts {
        code: code.to_owned(),
        region: Region::parse(&region).unwrap_or(Region::Global),
        currency,
    })
}

/// A line's product, its price in the store with the chosen options, as the
/// cart prices it.
pub(super) async fn item(
    tx: &mut AnyConnection,
    store: &StoreFacts,
    line: &Line,
) -> Result<Item, DbError> {
    let Line(sku, qty, chosen) = *line;
    let p = catalog::product_facts_in(tx, sku)
        .await?
        .ok_or_else(|| demo_error(format!("no product {sku}")))?;
    let base = store_price(tx, &p, &store.code).await?;
    let mut deltas = Vec::new();
    let mut options = Vec::new();
    for (code, value) in chosen {
        let (option, delta) = chosen_option(tx, &p, code, value).await?;
        deltas.extend(delta);
        options.push(option);
    }
    Ok(Item {
        unit: unit_price(Money::from_cents(base), &deltas),
        product_id: p.id,
        sku: p.sku,
        name: p.name,
        product_type: p.product_type,
        weight_grams: p.weight_grams.unwrap_or(0),
        qty,
        options,
    })
}

/// The product's price in `store` (the read model's rule): its own price-list
/// row, else the list price; not sold when its row (or its parent's) says so.
async fn store_price(
    tx: &mut AnyConnection,
    p: &ProductFacts,
    store: &str,
) -> Result<i64, DbError> {
    let mut row = None;
    for id in std::iter::once(&p.id).chain(p.parent_id.as_ref()) {
        row = catalog::store_price_in(tx, id, store)
            .await?
            .map(|(price, sold)| ((id == &p.id).then_some(price).flatten(), sold));
        if row.is_some() {
            break;
        }
    }
    match row {
        Some((_, false)) => Err(demo_error(format!("{} is not sold in {store}", p.sku))),
        Some((own, true)) => Ok(own.unwrap_or(p.price_cents)),
        None => Ok(p.price_cents),
    }
}

/// A chosen select value of the product's options (its own, else its
/// parent's) with its label and price change.
async fn chosen_option(
    tx: &mut AnyConnection,
    p: &ProductFacts,
    code: &str,
    value: &str,
) -> Result<(LineOption, Option<PriceDelta>), DbError> {
    for id in std::iter::once(&p.id).chain(p.parent_id.as_ref()) {
        if let Some(choice) = catalog::option_choice_in(tx, id, code, value).await? {
            let delta = match (choice.price_delta_cents, choice.price_delta_bp) {
                (Some(c), _) => Some(PriceDelta::Cents(c)),
                (None, Some(bp)) => Some(PriceDelta::BasisPoints(bp)),
                _ => None,
            };
            let option = LineOption {
                code: code.to_owned(),
                label: choice.label,
                value: value.to_owned(),
                value_label: choice.value_label,
            };
            return Ok((option, delta));
        }
    }
    Err(demo_error(format!(
        "{} has no option {code}={value}",
        p.sku
    )))
}

/// The totals (lines, coupon, sales tax, shipping) and what the order keeps
/// about its shipping, as checkout computes them.
pub(super) async fn price(
    tx: &mut AnyConnection,
    store: &StoreFacts,
    items: &[Item],
    coupon: Option<&str>,
    (ship, to): (Ship, &Address),
    now: i64,
) -> Result<Priced, DbError> {
    let inputs: Vec<LineInput> = items
        .iter()
        .map(|i| LineInput {
            unit_price: i.unit,
            qty: i.qty,
        })
        .collect();
    let subtotal = Money::checked_sum(
        inputs
            .iter()
            .filter_map(|l| l.unit_price.checked_mul(l.qty)),
    )
    .unwrap_or(Money::ZERO);
    let coupon = match coupon {
        Some(code) => Some(coupon_value(tx, code, store, subtotal, now).await?),
        None => None,
    };
    let tax_bp = tax_bp(tx, store.region, to).await?;
    let weight = items
        .iter()
        .map(|i| i.weight_grams.saturating_mul(i.qty))
        .sum();
    let (fee, details) = shipping(ship, store.region, to, weight);
    let totals = price_lines(&inputs, coupon, tax_bp, Money::from_cents(fee))
        .map_err(|e| demo_error(e.to_string()))?;
    Ok(Priced { totals, details })
}

/// The coupon's value once its rules accept the order.
async fn coupon_value(
    tx: &mut AnyConnection,
    code: &str,
    store: &StoreFacts,
    subtotal: Money,
    now: i64,
) -> Result<CouponValue, DbError> {
    let row = cart::find_coupon(tx, code)
        .await?
        .ok_or_else(|| demo_error(format!("no coupon {code}")))?;
    let rule = row.to_domain();
    rule.check(&CouponContext {
        now_ms: now,
        store: &store.code,
        subtotal,
        uses: row.times_used,
        customer_uses: 0,
        customer: None,
    })
    .map_err(|e| demo_error(format!("{code}: {e}")))?;
    Ok(rule.value)
}

/// The sales tax of the destination state (US store only, SPEC §5).
async fn tax_bp(tx: &mut AnyConnection, region: Region, to: &Address) -> Result<i64, DbError> {
    let state = to.state.as_deref().filter(|_| to.country == "US");
    let rate = match state {
        Some(s) if region == Region::Us => cart::tax_rate(tx, s).await?,
        _ => None,
    };
    Ok(sales_tax_bp(region, state, |_| rate))
}

/// The fee and details checkout's `shipping_fee` gives the shipping choice.
fn shipping(ship: Ship, region: Region, to: &Address, weight: i64) -> (i64, ShippingDetails) {
    match ship {
        Ship::Priority => {
            let quote = priority_quote(region, &to.country, weight);
            let zone = serde_json::to_value(quote.zone)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned));
            let details = ShippingDetails {
                min_days: Some(quote.min_days),
                max_days: Some(quote.max_days),
                zone,
                ..ShippingDetails::default()
            };
            (quote.fee_cents, details)
        }
        Ship::CustomerProvided { carrier, account } => {
            let details = ShippingDetails {
                carrier: Some(carrier.into()),
                account_number: Some(account.into()),
                ..ShippingDetails::default()
            };
            (0, details)
        }
    }
}
