//! The cart as checkout prices it (SPEC §2, §5): current store prices with
//! option deltas, the coupon, US sales tax by destination state and shipping,
//! via the cart's money rules (`uplink_domain::cart::price_lines`: per-line
//! rounding, totals = sum of rounded lines). Reads run on the caller's
//! connection so the order transaction re-prices with what it will commit.

use crate::catalog::Snapshot;
use std::collections::{BTreeMap, HashMap};
use uplink_db::cart::{CartLine, CouponRow};
use uplink_domain::cart::{
    CouponContext, CouponRefusal, LineInput, LineTotals, PriceDelta, Totals,
};
use uplink_domain::catalog::Region;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    pub code: ErrorCode,
    pub message: String,
    pub available: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenOption {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

#[derive(Debug, Clone)]
pub struct QuoteLine {
    pub line: CartLine,
    pub product: Option<u32>,
    pub options: Vec<ChosenOption>,
    pub unit_price: Money,
    pub physical: bool,
    pub weight_grams: Option<i64>,
    pub problem: Option<LineProblem>,
    pub amounts: LineTotals,
}

#[derive(Debug, Clone)]
pub struct QuoteCoupon {
    pub row: CouponRow,
    pub refusal: Option<(ErrorCode, String)>,
}

#[derive(Debug, Clone)]
pub struct PricedCart {
    pub cart_id: Option<String>,
    pub currency: String,
    pub lines: Vec<QuoteLine>,
    pub coupon: Option<QuoteCoupon>,
    pub totals: Totals,
}

impl PricedCart {
    pub fn item_count(&self) -> i64 {
        self.lines.iter().map(|l| l.line.row.qty).sum()
    }

    pub fn is_digital_only(&self) -> bool {
        self.lines.iter().all(|l| !l.physical)
    }

    /// Some line's price differs from what the buyer last saw in the cart.
    pub fn price_changed(&self) -> bool {
        self.lines
            .iter()
            .any(|l| l.problem.is_none() && l.unit_price.cents() != l.line.row.seen_unit_cents)
    }
}

pub struct LoadCart<'a> {
    pub snapshot: &'a Snapshot,
    pub store: usize,
    pub owner: Option<&'a str>,
    pub user_id: Option<&'a str>,
    /// Destination US state for sales tax.
    pub tax_state: Option<&'a str>,
    pub shipping: Money,
}

fn refusal(r: &CouponRefusal) -> (ErrorCode, String) {
    let code = match r {
        CouponRefusal::Expired => ErrorCode::CouponExpired,
        CouponRefusal::UsedUp | CouponRefusal::UsedUpByCustomer => ErrorCode::CouponUsageExceeded,
        _ => ErrorCode::CouponInvalid,
    };
    let mut msg = r.to_string();
    if let Some(first) = msg.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    (code, format!("{msg}; remove it in the cart to continue."))
}

/// The options a line chose, with labels and price deltas (the product's own
/// options, then its parent's for codes it does not define).
fn options_of(
    snap: &Snapshot,
    idx: u32,
    chosen: &BTreeMap<String, String>,
) -> (Vec<ChosenOption>, Vec<PriceDelta>) {
    let p = snap.product(idx);
    let mut defs: Vec<&crate::catalog::snapshot::CustomOption> = p.options.iter().collect();
    if let Some(parent) = p.parent {
        for o in &snap.product(parent).options {
            if !defs.iter().any(|d| d.code == o.code) {
                defs.push(o);
            }
        }
    }
    let mut out = Vec::new();
    let mut deltas = Vec::new();
    for (code, value) in chosen {
        let def = defs.iter().find(|d| &d.code == code);
        let label = def.map_or_else(|| code.clone(), |d| d.label.clone());
        let v = def.and_then(|d| d.values.iter().find(|v| &v.code == value));
        if let Some(v) = v {
            if let Some(c) = v.price_delta_cents {
                deltas.push(PriceDelta::Cents(c));
            } else if let Some(bp) = v.price_delta_bp {
                deltas.push(PriceDelta::BasisPoints(bp));
            }
        }
        out.push(ChosenOption {
            code: code.clone(),
            label,
            value: value.clone(),
            value_label: v.map_or_else(|| value.clone(), |v| v.label.clone()),
        });
    }
    (out, deltas)
}

/// Reads the cart, stock, coupon and tax rate on `conn` and prices it.
pub async fn load_priced_cart(
    conn: &mut sqlx::AnyConnection,
    req: &LoadCart<'_>,
) -> Result<PricedCart, uplink_db::DbError> {
    use uplink_db::cart as q;
    let snap = req.snapshot;
    let store = &snap.stores[req.store];
    let contents = match req.owner {
        Some(owner) => q::cart_contents(&mut *conn, &store.code, owner).await?,
        None => None,
    };
    let Some(contents) = contents else {
        return Ok(PricedCart {
            cart_id: None,
            currency: store.currency.clone(),
            lines: Vec::new(),
            coupon: None,
            totals: uplink_domain::cart::price_lines(&[], None, 0, req.shipping),
        });
    };
    let physical_ids: Vec<&str> = contents
        .lines
        .iter()
        .filter(|l| {
            snap.product_by_id(&l.row.product_id)
                .is_some_and(|i| snap.product(i).is_physical())
        })
        .map(|l| l.row.product_id.as_str())
        .collect();
    let stock: HashMap<String, i64> =
        q::available_stock(&mut *conn, store.warehouse().as_str(), &physical_ids).await?;
    let mut wanted: HashMap<&str, i64> = HashMap::new();
    for l in &contents.lines {
        *wanted.entry(l.row.product_id.as_str()).or_default() += l.row.qty;
    }
    let mut lines = Vec::with_capacity(contents.lines.len());
    for l in &contents.lines {
        let idx = snap.product_by_id(&l.row.product_id);
        let offer = idx.and_then(|i| snap.offer(req.store, i));
        let chosen: BTreeMap<String, String> =
            serde_json::from_str(&l.row.options).unwrap_or_default();
        let (mut options, deltas) = match idx {
            Some(i) => options_of(snap, i, &chosen),
            None => (Vec::new(), Vec::new()),
        };
        if let Some(iccid) = &l.row.iccid {
            options.push(ChosenOption {
                code: "iccid".into(),
                label: "ICCID".into(),
                value: iccid.clone(),
                value_label: iccid.clone(),
            });
        }
        let p = idx.map(|i| snap.product(i));
        let physical = p.is_some_and(|p| p.is_physical());
        let mut problem = None;
        let unit = match (p, offer) {
            (Some(p), Some(o)) if p.purchasable => {
                uplink_domain::cart::unit_price(Money::from_cents(o.price), &deltas)
            }
            _ => {
                problem = Some(LineProblem {
                    code: ErrorCode::NotSoldInStore,
                    message: format!(
                        "{} is not sold in this store any more; remove it from the cart.",
                        l.row.sku
                    ),
                    available: None,
                });
                Money::ZERO
            }
        };
        if problem.is_none() && physical {
            let available = stock.get(&l.row.product_id).copied().unwrap_or(0);
            if wanted[l.row.product_id.as_str()] > available {
                problem = Some(LineProblem {
                    code: ErrorCode::InsufficientStock,
                    message: format!(
                        "Only {available} of {} left in stock; lower the quantity.",
                        p.map_or(l.row.sku.as_str(), |p| p.name.as_str())
                    ),
                    available: Some(available),
                });
            }
        }
        lines.push(QuoteLine {
            line: l.clone(),
            product: idx,
            options,
            unit_price: unit,
            physical,
            weight_grams: p.and_then(|p| p.weight_grams),
            problem,
            amounts: LineTotals::default(),
        });
    }
    let inputs: Vec<LineInput> = lines
        .iter()
        .map(|l| LineInput {
            unit_price: l.unit_price,
            qty: l.line.row.qty,
        })
        .collect();
    let subtotal: Money = inputs.iter().map(|i| i.unit_price * i.qty).sum();
    let coupon = match &contents.cart.coupon_code {
        Some(code) => match q::find_coupon(&mut *conn, code).await? {
            Some(row) => {
                let customer_uses = match req.user_id {
                    Some(u) => q::coupon_uses_by(&mut *conn, code, u).await?,
                    None => 0,
                };
                let check = row.to_domain().check(&CouponContext {
                    now_ms: uplink_db::now_ms(),
                    store: &store.code,
                    subtotal,
                    uses: row.times_used,
                    customer_uses,
                });
                Some(QuoteCoupon {
                    refusal: check.err().as_ref().map(refusal),
                    row,
                })
            }
            None => None,
        },
        None => None,
    };
    let tax_bp = match (store.region, req.tax_state) {
        (Region::Us, Some(state)) => q::tax_rate(&mut *conn, &state.trim().to_ascii_uppercase())
            .await?
            .unwrap_or(0),
        _ => 0,
    };
    let value = coupon
        .as_ref()
        .filter(|c| c.refusal.is_none())
        .map(|c| c.row.to_domain().value);
    let totals = uplink_domain::cart::price_lines(&inputs, value, tax_bp, req.shipping);
    for (l, t) in lines.iter_mut().zip(&totals.lines) {
        l.amounts = *t;
    }
    Ok(PricedCart {
        cart_id: Some(contents.cart.id.clone()),
        currency: store.currency.clone(),
        lines,
        coupon,
        totals,
    })
}

/// 409 `must_change_store` when a signed-in customer's account region differs
/// from the current eStore's region (SPEC §3); mini-stores serve anyone.
pub fn check_store_region(
    store: &crate::store::StoreContext,
    user: &crate::auth::AuthUser,
) -> crate::error::ApiResult<()> {
    let snap = &store.snapshot;
    let current = &snap.stores[store.store];
    if !current.is_estore() {
        return Ok(());
    }
    let region = Region::of_country(&user.user.country);
    if current.region == region {
        return Ok(());
    }
    let Some(target) = snap
        .stores
        .iter()
        .find(|s| s.is_estore() && s.region == region)
    else {
        return Ok(());
    };
    Err(crate::error::ApiError::new(ErrorCode::MustChangeStore)
        .with_detail(format!(
            "Your account belongs to the {}; switch to it to check out.",
            target.name
        ))
        .with_extra("target_store", target.code.clone())
        .with_extra("current_store", current.code.clone()))
}
