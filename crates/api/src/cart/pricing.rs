//! Pricing a stored cart against the catalogue read model (SPEC §2, §5).
//!
//! [`price_cart`] is pure: it takes the cart, the snapshot, stock, the
//! coupon and the tax rate, and returns every line with its unit price,
//! changed-price flag, problems and rounded amounts, plus the totals (always
//! the sum of the rounded lines). [`load_priced_cart`] does the reading
//! around it. This is the only pricing path: the cart page, the checkout
//! options and the order itself (inside its transaction, with a shipping fee
//! and the destination state) all price through it, so the cart total and
//! the charged total cannot drift apart (D70).

use crate::read_model::Snapshot;
use crate::read_model::snapshot::{CustomOption, Product};
use std::collections::{BTreeMap, HashMap};
use uplink_db::cart::{CartContents, CartLine, CouponRow};
use uplink_domain::cart::{
    CouponContext, CouponRefusal, CouponValue, LineInput, MAX_LINE_QTY, MAX_ORDER_TOTAL,
    PriceDelta, QuantityRules, Totals, TotalsTooLarge, price_lines, price_quoted_lines, unit_price,
};
use uplink_domain::catalog::OptionKind;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;

/// Something wrong with a line that keeps the cart from being ordered as is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    pub code: ErrorCode,
    pub message: String,
    /// For `insufficient_stock`: units available now.
    pub available: Option<i64>,
}

/// A chosen option value, for display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenOption {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

/// One priced line.
#[derive(Debug, Clone)]
pub struct PricedLine {
    pub line: CartLine,
    /// Index of the product in the snapshot (`None`: no longer in the catalogue).
    pub product: Option<u32>,
    pub options: Vec<ChosenOption>,
    /// Current unit price with option deltas (0 when the product cannot be sold).
    pub unit_price: Money,
    /// The unit price the buyer saw before, when it differs from `unit_price`.
    pub previous_unit_price: Option<Money>,
    pub rules: QuantityRules,
    pub serial_bound: bool,
    pub physical: bool,
    /// Units available in the store's warehouse (physical products only).
    pub available: Option<i64>,
    pub problem: Option<LineProblem>,
    /// Rounded amounts; zero for lines with a problem that makes them unsellable.
    pub amounts: uplink_domain::cart::LineTotals,
    pub weight_grams: Option<i64>,
}

impl PricedLine {
    pub fn price_changed(&self) -> bool {
        self.previous_unit_price.is_some()
    }
}

/// The cart's coupon and whether it applies now.
#[derive(Debug, Clone)]
pub struct PricedCoupon {
    pub row: CouponRow,
    /// Why it does not apply at the moment (then no discount is given).
    pub refusal: Option<(ErrorCode, String)>,
}

/// A priced cart.
#[derive(Debug, Clone)]
pub struct PricedCart {
    pub cart_id: Option<String>,
    pub store_code: String,
    pub currency: String,
    pub lines: Vec<PricedLine>,
    pub coupon: Option<PricedCoupon>,
    /// Destination state used for sales tax, and its rate.
    pub tax_state: Option<String>,
    pub tax_bp: i64,
    /// Whether the store charges sales tax at all (US region).
    pub charges_tax: bool,
    pub totals: Totals,
    /// The partner referral code applied to the cart (not checked here; it
    /// changes no price, D58).
    pub partner_referral_code: Option<String>,
}

impl PricedCart {
    /// Units in the cart (what the header badge shows).
    pub fn item_count(&self) -> i64 {
        self.lines
            .iter()
            .fold(0i64, |n, l| n.saturating_add(l.line.row.qty))
    }

    /// Shipping weight of the physical lines (saturating: quantities are
    /// bounded long before grams could overflow).
    pub fn weight_grams(&self) -> i64 {
        self.lines
            .iter()
            .filter(|l| l.physical)
            .map(|l| l.weight_grams.unwrap_or(0).saturating_mul(l.line.row.qty))
            .fold(0, i64::saturating_add)
    }

    pub fn has_problems(&self) -> bool {
        self.lines.iter().any(|l| l.problem.is_some())
    }

    pub fn price_changed(&self) -> bool {
        self.lines.iter().any(PricedLine::price_changed)
    }

    /// True when every line is physical-free (no shipping needed).
    pub fn is_digital_only(&self) -> bool {
        self.lines.iter().all(|l| !l.physical)
    }
}

/// Everything [`price_cart`] needs besides the cart.
pub struct PricingInput<'a> {
    pub snapshot: &'a Snapshot,
    pub store: usize,
    /// Available units per product id in the store's warehouse.
    pub stock: &'a HashMap<String, i64>,
    pub coupon: Option<CouponRow>,
    /// The customer's redemptions of that coupon so far (0 for guests).
    pub coupon_customer_uses: i64,
    pub tax_state: Option<String>,
    pub tax_bp: i64,
    pub shipping: Money,
    pub now_ms: i64,
    /// A quotation's prices, fixed for its lines (no coupon applies then).
    pub quoted: Option<&'a QuotedPrices>,
}

/// What a quotation fixed for each of its lines, by cart line id (SPEC §9):
/// the catalogue unit price sales quoted against and the line's quoted
/// total before tax. The order shows the catalogue subtotal and the
/// difference as the line's discount.
#[derive(Debug, Clone, Default)]
pub struct QuotedPrices {
    pub lines: HashMap<String, QuotedLine>,
}

#[derive(Debug, Clone, Copy)]
pub struct QuotedLine {
    pub unit_price: Money,
    pub total: Money,
}

/// The options a product accepts: its own plus its parent's (a variant
/// inherits the parent's custom options unless it defines the same code).
pub fn effective_options(snap: &Snapshot, idx: u32) -> Vec<&CustomOption> {
    let p = snap.product(idx);
    let mut out: Vec<&CustomOption> = p.options.iter().collect();
    if let Some(parent) = p.parent {
        for o in &snap.product(parent).options {
            if !out.iter().any(|x| x.code == o.code) {
                out.push(o);
            }
        }
    }
    out
}

/// A variant's eligibility falls back to its parent's.
pub fn effective_eligibility(
    snap: &Snapshot,
    idx: u32,
) -> Option<&uplink_domain::serial::Eligibility> {
    let p = snap.product(idx);
    p.eligibility
        .as_ref()
        .or_else(|| p.parent.and_then(|i| snap.product(i).eligibility.as_ref()))
}

/// The product's quantity rules under the store-wide bound per line (SPEC §2).
pub fn quantity_rules(p: &Product) -> QuantityRules {
    QuantityRules::bounded(p.min_qty, p.max_qty, p.qty_step)
}

/// Whether the product takes device serial numbers (quantity = number of serials).
pub fn is_serial_bound(options: &[&CustomOption]) -> bool {
    options.iter().any(|o| o.kind == OptionKind::SerialNumbers)
}

/// Option deltas of the chosen select values.
pub fn option_deltas(
    options: &[&CustomOption],
    chosen: &BTreeMap<String, String>,
) -> Vec<PriceDelta> {
    options
        .iter()
        .filter(|o| o.kind == OptionKind::Select)
        .filter_map(|o| {
            let v = o
                .values
                .iter()
                .find(|v| Some(&v.code) == chosen.get(&o.code))?;
            match (v.price_delta_cents, v.price_delta_bp) {
                (Some(c), _) => Some(PriceDelta::Cents(c)),
                (None, Some(bp)) => Some(PriceDelta::BasisPoints(bp)),
                _ => None,
            }
        })
        .collect()
}

/// A line's stored options.
pub fn parse_options(json: &str) -> BTreeMap<String, String> {
    serde_json::from_str(json).unwrap_or_default()
}

/// Maps a coupon refusal to its SPEC §16 code.
pub fn refusal_code(r: &CouponRefusal) -> ErrorCode {
    match r {
        CouponRefusal::Expired => ErrorCode::CouponExpired,
        CouponRefusal::UsedUp | CouponRefusal::UsedUpByCustomer => ErrorCode::CouponUsageExceeded,
        CouponRefusal::Inactive
        | CouponRefusal::NotYetValid
        | CouponRefusal::WrongStore
        | CouponRefusal::MinimumSubtotal { .. } => ErrorCode::CouponInvalid,
    }
}

/// A buyer-facing sentence for a coupon refusal.
pub fn refusal_message(r: &CouponRefusal, currency: &str) -> String {
    match r {
        CouponRefusal::MinimumSubtotal { min } => format!(
            "This coupon needs a subtotal of at least {}.",
            crate::platform::money::money_text(min.cents(), currency)
        ),
        other => {
            let s = other.to_string();
            let mut c = s.chars();
            match c.next() {
                Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
                None => s,
            }
        }
    }
}

/// Prices a cart. Lines that cannot be sold (gone from the catalogue, not
/// sold in this store) get a problem and count zero; lines with too little
/// stock get a problem but keep their price, so the buyer sees what they
/// would pay once they lower the quantity.
pub fn price_cart(contents: Option<&CartContents>, input: &PricingInput<'_>) -> PricedCart {
    let snap = input.snapshot;
    let store = &snap.stores[input.store];
    let all = contents.map(|c| c.lines.as_slice()).unwrap_or_default();
    // Stock is checked against what the whole cart wants of a product: two
    // lines of one router (say with different options) share its units.
    let mut wanted: HashMap<&str, i64> = HashMap::new();
    for l in all {
        let units = wanted.entry(l.row.product_id.as_str()).or_default();
        *units = units.saturating_add(l.row.qty);
    }
    let mut lines = Vec::new();
    for line in all {
        lines.push(price_line(
            line,
            wanted[line.row.product_id.as_str()],
            input,
        ));
    }
    let coupon_subtotal = Money::checked_sum(lines.iter().filter(|l| sellable(l)).map(|l| {
        l.unit_price
            .checked_mul(l.line.row.qty)
            .unwrap_or(MAX_ORDER_TOTAL)
    }))
    .unwrap_or(MAX_ORDER_TOTAL);
    let coupon = input.coupon.clone().map(|row| {
        let rule = row.to_domain();
        let refusal = rule
            .check(&CouponContext {
                now_ms: input.now_ms,
                store: &store.code,
                subtotal: coupon_subtotal,
                uses: row.times_used,
                customer_uses: input.coupon_customer_uses,
            })
            .err()
            .map(|r| (refusal_code(&r), refusal_message(&r, &store.currency)));
        PricedCoupon { row, refusal }
    });
    let coupon_value: Option<CouponValue> = coupon
        .as_ref()
        .filter(|c| c.refusal.is_none())
        .map(|c| c.row.to_domain().value);
    let inputs: Vec<LineInput> = lines
        .iter()
        .map(|l| LineInput {
            unit_price: if sellable(l) {
                l.unit_price
            } else {
                Money::ZERO
            },
            qty: l.line.row.qty,
        })
        .collect();
    let priced = match input.quoted {
        Some(quoted) => {
            let totals: Vec<Money> = lines
                .iter()
                .map(|l| {
                    quoted
                        .lines
                        .get(&l.line.row.id)
                        .filter(|_| sellable(l))
                        .map_or(Money::ZERO, |q| q.total)
                })
                .collect();
            price_quoted_lines(&inputs, &totals, input.tax_bp, input.shipping)
        }
        None => price_lines(&inputs, coupon_value, input.tax_bp, input.shipping),
    };
    let totals = match priced {
        Ok(totals) => totals,
        Err(TotalsTooLarge) => refuse_oversized(&mut lines, input.shipping),
    };
    for (l, amounts) in lines.iter_mut().zip(&totals.lines) {
        l.amounts = *amounts;
    }
    PricedCart {
        cart_id: contents.map(|c| c.cart.id.clone()),
        store_code: store.code.clone(),
        currency: store.currency.clone(),
        lines,
        coupon,
        tax_state: input.tax_state.clone(),
        tax_bp: input.tax_bp,
        charges_tax: store.region == uplink_domain::catalog::Region::Us,
        totals,
        partner_referral_code: contents.and_then(|c| c.cart.partner_referral_code.clone()),
    }
}

/// Whether the line is priced: lines not sold here and lines whose quantity
/// is out of bounds count zero until the buyer fixes them.
fn sellable(l: &PricedLine) -> bool {
    !matches!(&l.problem, Some(p) if matches!(p.code, ErrorCode::NotSoldInStore | ErrorCode::InvalidQuantity))
}

/// A cart whose amounts would not fit (only reachable with catalogue prices
/// far beyond [`MAX_ORDER_TOTAL`]): every line gets `invalid_quantity` and
/// counts zero, so nothing can be ordered until quantities come down.
fn refuse_oversized(lines: &mut [PricedLine], shipping: Money) -> Totals {
    for l in lines.iter_mut() {
        l.problem = Some(LineProblem {
            code: ErrorCode::InvalidQuantity,
            message: "This cart's total is too large to order at once; lower the quantities or request a quotation.".into(),
            available: None,
        });
    }
    let zeros = vec![
        LineInput {
            unit_price: Money::ZERO,
            qty: 0
        };
        lines.len()
    ];
    price_lines(&zeros, None, 0, shipping).unwrap_or_default()
}

/// `invalid_quantity` for a stored quantity outside the store-wide bounds (a
/// line saved before the bounds existed): the line counts zero until changed.
fn quantity_problem(qty: i64) -> Option<LineProblem> {
    (!(1..=MAX_LINE_QTY).contains(&qty)).then(|| LineProblem {
        code: ErrorCode::InvalidQuantity,
        message: format!(
            "At most {MAX_LINE_QTY} units can be ordered on one line; lower the quantity to continue."
        ),
        available: None,
    })
}

/// Prices one line; `wanted` is the cart's quantity of the line's product
/// over all its lines.
fn price_line(line: &CartLine, wanted: i64, input: &PricingInput<'_>) -> PricedLine {
    let snap = input.snapshot;
    let chosen = parse_options(&line.row.options);
    let Some(idx) = snap.product_by_id(&line.row.product_id) else {
        return PricedLine {
            line: line.clone(),
            product: None,
            options: chosen
                .iter()
                .map(|(k, v)| ChosenOption {
                    code: k.clone(),
                    label: k.clone(),
                    value: v.clone(),
                    value_label: v.clone(),
                })
                .collect(),
            unit_price: Money::ZERO,
            previous_unit_price: None,
            rules: QuantityRules {
                min: 1,
                max: None,
                step: 1,
            },
            serial_bound: !line.serials.is_empty(),
            physical: false,
            available: None,
            problem: Some(LineProblem {
                code: ErrorCode::NotSoldInStore,
                message: format!(
                    "{} is no longer sold; remove it from the cart.",
                    line.row.sku
                ),
                available: None,
            }),
            amounts: Default::default(),
            weight_grams: None,
        };
    };
    let p = snap.product(idx);
    let options = effective_options(snap, idx);
    let shown: Vec<ChosenOption> = options
        .iter()
        .filter_map(|o| {
            let value = chosen.get(&o.code)?;
            let value_label = o
                .values
                .iter()
                .find(|v| &v.code == value)
                .map_or_else(|| value.clone(), |v| v.label.clone());
            Some(ChosenOption {
                code: o.code.clone(),
                label: o.label.clone(),
                value: value.clone(),
                value_label,
            })
        })
        .collect();
    let offer = snap.offer(input.store, idx).filter(|_| p.purchasable);
    let quoted = input.quoted.and_then(|q| q.lines.get(&line.row.id));
    let unit = match (offer, quoted) {
        (None, _) => Money::ZERO,
        (Some(_), Some(q)) => q.unit_price,
        (Some(o), None) => unit_price(
            Money::from_cents(o.price),
            &option_deltas(&options, &chosen),
        ),
    };
    let physical = p.is_physical();
    let available = physical.then(|| {
        input
            .stock
            .get(&p.id)
            .copied()
            .unwrap_or_else(|| snap.available(input.store, idx))
    });
    let problem = if offer.is_none() {
        Some(LineProblem {
            code: ErrorCode::NotSoldInStore,
            message: format!(
                "{} is not sold in {}; remove it to continue.",
                p.name, snap.stores[input.store].name
            ),
            available: None,
        })
    } else if let Some(problem) = quantity_problem(line.row.qty) {
        Some(problem)
    } else if let Some(problem) = serial_problem(snap, idx, &line.serials) {
        Some(problem)
    } else {
        available.filter(|&av| av < wanted).map(|av| LineProblem {
            code: ErrorCode::InsufficientStock,
            message: if av <= 0 {
                format!("{} is out of stock; remove it to continue.", p.name)
            } else {
                format!(
                    "Only {av} of {} {} available; lower the quantity to continue.",
                    p.name,
                    if av == 1 { "is" } else { "are" }
                )
            },
            available: Some(av.max(0)),
        })
    };
    let previous = (offer.is_some() && line.row.seen_unit_cents != unit.cents())
        .then(|| Money::from_cents(line.row.seen_unit_cents));
    PricedLine {
        line: line.clone(),
        product: Some(idx),
        options: shown,
        unit_price: unit,
        previous_unit_price: previous,
        rules: quantity_rules(p),
        serial_bound: is_serial_bound(&options),
        physical,
        available,
        problem,
        amounts: Default::default(),
        weight_grams: p.weight_grams,
    }
}

/// Re-checks a line's serial numbers against the catalogue as it is now: the
/// serial→model table and the product's eligibility may have changed since
/// the line was added, and the order must not sell a licence to a device it
/// no longer fits.
fn serial_problem(snap: &Snapshot, idx: u32, serials: &[String]) -> Option<LineProblem> {
    use uplink_domain::serial::{Serial, model_for};
    let eligibility = effective_eligibility(snap, idx);
    let name = &snap.product(idx).name;
    serials.iter().find_map(|raw| {
        let refuse = |code, message: String| {
            Some(LineProblem {
                code,
                message,
                available: None,
            })
        };
        let Ok(serial) = Serial::parse(raw) else {
            return refuse(
                ErrorCode::InvalidSerial,
                format!("{raw} is not a serial number; remove the line and add it again."),
            );
        };
        let Some(model) = model_for(&serial, &snap.models) else {
            return refuse(
                ErrorCode::UnknownSerial,
                format!(
                    "{serial} no longer matches a device model we know; remove it from {name}."
                ),
            );
        };
        match eligibility.map(|rule| rule.check(model)) {
            Some(Err(why)) => refuse(
                ErrorCode::SerialNotEligible,
                format!("{serial}: {why}; remove it from {name}."),
            ),
            _ => None,
        }
    })
}

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
        let contents = match (req.given, req.owner) {
            (Some(given), _) => Some(given.clone()),
            (None, Some(owner)) => q::cart_contents(&mut *conn, &store.code, owner).await?,
            (None, None) => None,
        };
        let physical_ids: Vec<&str> = contents
            .iter()
            .flat_map(|c| c.lines.iter())
            .filter(|l| {
                snap.product_by_id(&l.row.product_id)
                    .is_some_and(|i| snap.product(i).is_physical())
            })
            .map(|l| l.row.product_id.as_str())
            .collect();
        let stock = uplink_db::stock::available_stock(
            &mut *conn,
            store.warehouse().as_str(),
            &physical_ids,
        )
        .await?;
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
        let mut rows = CartRows {
            contents,
            stock,
            coupon,
            coupon_customer_uses,
            tax_state: None,
            tax_bp: 0,
            quoted: None,
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
            &PricingInput {
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
