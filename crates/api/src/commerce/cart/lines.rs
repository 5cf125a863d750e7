//! The rules of SPEC §5 for adding and changing lines, each with its error
//! code: product and store (`not_found`, `not_sold_in_store`), options
//! (`validation_failed`, `invalid_iccid`), serial numbers (`invalid_serial`,
//! `unknown_serial`, `serial_not_eligible`, `duplicate_serial`), quantity
//! (`invalid_quantity`) and stock (`insufficient_stock`).
//!
//! [`validate`] turns a request into a [`ValidLine`] against the catalogue;
//! [`plan`] decides, against the current cart, whether it becomes a new line
//! or adds to an existing one, and checks the combined quantity and stock.

use crate::commerce::pricing::{
    effective_eligibility, effective_options, option_deltas, quantity_rules,
};
use crate::http::error::{ApiError, FieldError};
use crate::read_model::Snapshot;
use crate::read_model::snapshot::{CustomOption, Product};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use uplink_db::cart::{CartLine, CartLineRow};
use uplink_domain::cart::MAX_ORDER_QTY;
use uplink_domain::catalog::{OptionKind, ProductType, Sku};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::iccid::{Iccid, InvalidIccid};
use uplink_domain::money::Money;
use uplink_domain::serial::{Eligibility, Serial, model_for};
use utoipa::ToSchema;

/// A line to add.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AddLineRequest {
    /// SKU of the product or of the chosen variant.
    #[schema(example = "MAX-BR1-MINI-C4")]
    pub sku: String,
    /// Quantity; for serial-bound products it is the number of serials and may be left out.
    #[serde(default)]
    pub qty: Option<i64>,
    /// Custom options by code: select value codes, text, dates (YYYY-MM-DD), ICCID.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Device serial numbers (serial-bound products: licences, care plans, cloud plans).
    #[serde(default)]
    pub serials: Vec<String>,
    /// The eSIM's ICCID (may also be sent as the `iccid` option).
    #[serde(default)]
    pub iccid: Option<String>,
}

/// A request that passed the catalogue rules.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidLine {
    pub product: u32,
    pub product_id: String,
    pub sku: String,
    pub qty: i64,
    /// Canonical JSON of the text/select/date options.
    pub options_json: String,
    pub iccid: Option<String>,
    pub line_key: String,
    pub serials: Vec<String>,
    pub serial_bound: bool,
    pub physical: bool,
    pub unit: Money,
}

impl ValidLine {
    /// The line of a cart that is never stored (quotation and co-term lines).
    pub fn into_unsaved_line(self, cart_id: &str, position: i64) -> CartLine {
        let now = uplink_db::now_ms();
        CartLine {
            row: CartLineRow {
                id: uplink_domain::ids::new_id("cl"),
                cart_id: cart_id.to_owned(),
                product_id: self.product_id,
                sku: self.sku,
                qty: self.qty,
                options: self.options_json,
                iccid: self.iccid,
                line_key: self.line_key,
                seen_unit_cents: self.unit.cents(),
                position,
                created_at: now,
                updated_at: now,
            },
            serials: self.serials,
        }
    }
}

/// What to do with a valid line in the current cart.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    Insert(ValidLine),
    /// Add to an existing line: its new quantity and the serials to append.
    Merge {
        line: CartLineRow,
        qty: i64,
        serials: Vec<String>,
        unit: Money,
    },
}

impl Plan {
    /// Units this plan adds to the cart.
    pub fn added_units(&self) -> i64 {
        match self {
            Plan::Insert(v) => v.qty,
            Plan::Merge { line, qty, .. } => qty - line.qty,
        }
    }
}

/// Units in the cart's lines, leaving out the line `except` (one being changed).
pub fn cart_units(lines: &[CartLine], except: Option<&str>) -> i64 {
    lines
        .iter()
        .filter(|l| except != Some(l.row.id.as_str()))
        .fold(0i64, |n, l| n.saturating_add(l.row.qty))
}

/// `invalid_quantity` when the cart would hold more than [`MAX_ORDER_QTY`]
/// units: `others` already in it plus `qty` on the line being written.
pub fn check_cart_units(others: i64, qty: i64) -> Result<(), ApiError> {
    let total = others.saturating_add(qty);
    if total > MAX_ORDER_QTY {
        return Err(fail(
            ErrorCode::InvalidQuantity,
            "qty",
            format!(
                "One order can hold at most {MAX_ORDER_QTY} units; this would make {total}. Lower the quantity or request a quotation."
            ),
        ));
    }
    Ok(())
}

fn fail(code: ErrorCode, field: &str, message: impl Into<String>) -> ApiError {
    ApiError::field(field, code, message)
}

/// Several field errors; the problem's code is the first one's.
fn fail_many(errors: Vec<FieldError>) -> ApiError {
    let code = errors
        .first()
        .and_then(|e| {
            ErrorCode::ALL
                .iter()
                .copied()
                .find(|c| c.as_str() == e.code)
        })
        .unwrap_or(ErrorCode::ValidationFailed);
    let detail = match errors.as_slice() {
        [one] => one.message.clone(),
        [first, rest @ ..] => format!(
            "{} ({} more problem{})",
            first.message,
            rest.len(),
            if rest.len() == 1 { "" } else { "s" }
        ),
        [] => code.default_message().to_owned(),
    };
    let mut e = ApiError::new(code).with_detail(detail);
    e.errors = errors;
    e
}

/// Finds the product of a SKU: 404 when unknown, 422 for a configurable
/// parent (a variant must be chosen), `not_sold_in_store` when this store
/// does not sell it.
pub fn find_product(snap: &Snapshot, store: usize, sku: &str) -> Result<u32, ApiError> {
    let Ok(sku) = Sku::parse(sku) else {
        return Err(fail(
            ErrorCode::ValidationFailed,
            "sku",
            "A SKU is letters, digits and '-', e.g. MAX-BR1-MINI-C4.",
        ));
    };
    let Some(idx) = snap.product_by_sku(sku.as_str()) else {
        return Err(fail(
            ErrorCode::NotFound,
            "sku",
            format!("There is no product with SKU {sku}."),
        )
        .with_status(axum::http::StatusCode::NOT_FOUND));
    };
    let p = snap.product(idx);
    if p.product_type == ProductType::Configurable && !p.variants.is_empty() {
        return Err(fail(
            ErrorCode::ValidationFailed,
            "sku",
            format!(
                "{} comes in several versions; choose one (its own SKU) on the product page.",
                p.name
            ),
        ));
    }
    if !p.purchasable || snap.offer(store, idx).is_none() {
        return Err(fail(
            ErrorCode::NotSoldInStore,
            "sku",
            format!("{} is not sold in {}.", p.name, snap.stores[store].name),
        ));
    }
    Ok(idx)
}

/// Checks a request against the catalogue (not yet against the cart).
///
/// Every rule runs even after one fails, so the shopper sees all problems at
/// once: unknown options, then each option in catalogue order, then serial
/// numbers, then the quantity.
pub fn validate(
    snap: &Snapshot,
    store: usize,
    req: &AddLineRequest,
) -> Result<ValidLine, ApiError> {
    let idx = find_product(snap, store, &req.sku)?;
    let p = snap.product(idx);
    let options = effective_options(snap, idx);
    let serial_bound = options.iter().any(|o| o.kind == OptionKind::SerialNumbers);

    let mut errors = Vec::new();
    check_unknown_options(p, &options, req, &mut errors);
    let (chosen, iccid) = check_options(&options, req, &mut errors);
    let serials = if serial_bound {
        check_serials(snap, idx, &req.serials, &mut errors)
    } else {
        check_no_serials(p, req, &mut errors);
        Vec::new()
    };
    let qty = check_quantity(p, req, serial_bound, &mut errors);
    if !errors.is_empty() {
        return Err(fail_many(errors));
    }

    let offer = snap.offer(store, idx).expect("checked in find_product");
    let unit = uplink_domain::cart::unit_price(
        Money::from_cents(offer.price),
        &option_deltas(&options, &chosen),
    );
    let options_json = serde_json::to_string(&chosen).unwrap_or_else(|_| "{}".into());
    let line_key = format!(
        "{}|{}|{}",
        p.id,
        options_json,
        iccid.as_deref().unwrap_or("")
    );
    Ok(ValidLine {
        product: idx,
        product_id: p.id.clone(),
        sku: p.sku.clone(),
        qty,
        options_json,
        iccid,
        line_key,
        serials,
        serial_bound,
        physical: p.is_physical(),
        unit,
    })
}

/// One error per option code in the request that the product does not have.
fn check_unknown_options(
    p: &Product,
    options: &[&CustomOption],
    req: &AddLineRequest,
    errors: &mut Vec<FieldError>,
) {
    for code in req.options.keys() {
        if !options.iter().any(|o| &o.code == code) {
            errors.push(FieldError::new(
                format!("options.{code}"),
                ErrorCode::ValidationFailed,
                format!("{} has no option `{code}`.", p.name),
            ));
        }
    }
}

/// What a valid option value becomes on the line.
enum OptionChoice {
    /// A select, date or text value, kept in the line's options JSON.
    Value(String),
    /// The normalised ICCID, kept in its own column.
    Iccid(String),
}

/// Checks every option's value in catalogue order; returns the chosen values
/// by option code and the ICCID, if any.
fn check_options(
    options: &[&CustomOption],
    req: &AddLineRequest,
    errors: &mut Vec<FieldError>,
) -> (BTreeMap<String, String>, Option<String>) {
    let mut chosen = BTreeMap::new();
    let mut iccid = None;
    for o in options {
        match check_option(o, req) {
            Ok(Some(OptionChoice::Value(value))) => {
                chosen.insert(o.code.clone(), value);
            }
            Ok(Some(OptionChoice::Iccid(i))) => iccid = Some(i),
            Ok(None) => {}
            Err(e) => errors.push(e),
        }
    }
    (chosen, iccid)
}

/// Checks one option's value: `Ok(None)` when it was left out and may be, or
/// when it is the serial numbers (those come in the request's `serials`).
fn check_option(
    o: &CustomOption,
    req: &AddLineRequest,
) -> Result<Option<OptionChoice>, FieldError> {
    let field = format!("options.{}", o.code);
    let Some(value) = option_input(o, req) else {
        if o.required && o.kind != OptionKind::SerialNumbers {
            return Err(FieldError::new(
                &field,
                ErrorCode::ValidationFailed,
                format!("{} is required.", o.label),
            ));
        }
        return Ok(None);
    };
    let choice = match o.kind {
        OptionKind::SerialNumbers => return Ok(None),
        OptionKind::Iccid => {
            // Report the error on the field the ICCID was sent in.
            let field = if req.options.contains_key(&o.code) {
                field.as_str()
            } else {
                "iccid"
            };
            OptionChoice::Iccid(check_iccid(field, &value)?)
        }
        OptionKind::Select => OptionChoice::Value(check_select(o, &field, value)?),
        OptionKind::Date => OptionChoice::Value(check_date(o, &field, value)?),
        OptionKind::Text => OptionChoice::Value(check_text(o, &field, value)?),
    };
    Ok(Some(choice))
}

/// The option's value in the request, trimmed; `None` when missing or blank.
/// The ICCID may come as the option or as the request's own `iccid` field.
fn option_input(o: &CustomOption, req: &AddLineRequest) -> Option<String> {
    match o.kind {
        OptionKind::Iccid => req.options.get(&o.code).or(req.iccid.as_ref()),
        _ => req.options.get(&o.code),
    }
    .map(|s| s.trim().to_owned())
    .filter(|s| !s.is_empty())
}

fn check_iccid(field: &str, value: &str) -> Result<String, FieldError> {
    Iccid::parse(value)
        .map(|i| i.as_str().to_owned())
        .map_err(|e| {
            FieldError::new(
                field,
                ErrorCode::InvalidIccid,
                match e {
                    InvalidIccid::CheckDigit => {
                        "The ICCID's check digit is wrong; please re-check the number."
                    }
                    InvalidIccid::Length => "An ICCID has 19 or 20 digits.",
                    InvalidIccid::NotDigits => "An ICCID contains only digits.",
                },
            )
        })
}

fn check_select(o: &CustomOption, field: &str, value: String) -> Result<String, FieldError> {
    if o.values.iter().any(|v| v.code == value) {
        return Ok(value);
    }
    Err(FieldError::new(
        field,
        ErrorCode::ValidationFailed,
        format!(
            "Choose one of: {}.",
            o.values
                .iter()
                .map(|v| v.code.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ))
}

fn check_date(o: &CustomOption, field: &str, value: String) -> Result<String, FieldError> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    if time::Date::parse(&value, &fmt).is_ok() {
        return Ok(value);
    }
    Err(FieldError::new(
        field,
        ErrorCode::ValidationFailed,
        format!("{} must be a date like 2026-01-31.", o.label),
    ))
}

/// At most 200 characters, matching the option's pattern when it has one (a
/// pattern that does not compile is not enforced).
fn check_text(o: &CustomOption, field: &str, value: String) -> Result<String, FieldError> {
    let ok = value.chars().count() <= 200
        && o.pattern
            .as_deref()
            .and_then(|p| regex::Regex::new(p).ok())
            .is_none_or(|re| re.is_match(&value));
    if ok {
        return Ok(value);
    }
    Err(FieldError::new(
        field,
        ErrorCode::ValidationFailed,
        o.help
            .clone()
            .unwrap_or_else(|| format!("{} is not in the expected format.", o.label)),
    ))
}

/// Checks the serial numbers of a serial-bound product, one error at most per
/// serial (the first rule it breaks); returns the valid ones, normalised.
fn check_serials(
    snap: &Snapshot,
    idx: u32,
    raw_serials: &[String],
    errors: &mut Vec<FieldError>,
) -> Vec<String> {
    if raw_serials.is_empty() {
        errors.push(FieldError::new(
            "serials",
            ErrorCode::InvalidSerial,
            "Enter the serial number of each device (XXXX-XXXX-XXXX); the quantity is their number.",
        ));
    }
    let eligibility = effective_eligibility(snap, idx);
    let mut seen = HashSet::new();
    let mut serials = Vec::new();
    for (i, raw) in raw_serials.iter().enumerate() {
        match check_serial(snap, eligibility, &mut seen, i, raw) {
            Ok(serial) => serials.push(serial),
            Err(e) => errors.push(e),
        }
    }
    serials
}

/// One serial number `raw` at position `i`: well-formed, of a known model,
/// eligible for the product, and not already `seen` in this request.
fn check_serial(
    snap: &Snapshot,
    eligibility: Option<&Eligibility>,
    seen: &mut HashSet<String>,
    i: usize,
    raw: &str,
) -> Result<String, FieldError> {
    let field = format!("serials[{i}]");
    let Ok(serial) = Serial::parse(raw) else {
        return Err(FieldError::new(
            field,
            ErrorCode::InvalidSerial,
            format!(
                "`{}` is not a serial number; they look like XXXX-XXXX-XXXX.",
                raw.trim()
            ),
        ));
    };
    let Some(model) = model_for(&serial, &snap.models) else {
        return Err(FieldError::new(
            field,
            ErrorCode::UnknownSerial,
            format!(
                "{serial} does not belong to a device model we know; check the label under the device."
            ),
        ));
    };
    if let Some(rule) = eligibility
        && let Err(why) = rule.check(model)
    {
        return Err(FieldError::new(
            field,
            ErrorCode::SerialNotEligible,
            format!("{serial}: {why}."),
        ));
    }
    if !seen.insert(serial.as_str().to_owned()) {
        return Err(FieldError::new(
            field,
            ErrorCode::DuplicateSerial,
            format!("{serial} is listed twice; each device needs its own licence."),
        ));
    }
    Ok(serial.as_str().to_owned())
}

/// A product that is not serial-bound takes no serial numbers.
fn check_no_serials(p: &Product, req: &AddLineRequest, errors: &mut Vec<FieldError>) {
    if !req.serials.is_empty() {
        errors.push(FieldError::new(
            "serials",
            ErrorCode::ValidationFailed,
            format!("{} is not bound to device serial numbers.", p.name),
        ));
    }
}

/// The line's quantity. For a serial-bound product it is the number of
/// serials (a `qty` that disagrees is an error, unless there are no serials,
/// already reported); otherwise `qty` (default 1) under the product's rules.
fn check_quantity(
    p: &Product,
    req: &AddLineRequest,
    serial_bound: bool,
    errors: &mut Vec<FieldError>,
) -> i64 {
    if serial_bound {
        let n = req.serials.len() as i64;
        if let Some(q) = req.qty
            && q != n
            && !req.serials.is_empty()
        {
            errors.push(FieldError::new(
                "qty",
                ErrorCode::InvalidQuantity,
                format!("The quantity is the number of serial numbers ({n})."),
            ));
        }
        return n;
    }
    let q = req.qty.unwrap_or(1);
    if let Err(e) = quantity_rules(p).check(q) {
        errors.push(FieldError::new(
            "qty",
            ErrorCode::InvalidQuantity,
            capitalise(&e.to_string()),
        ));
    }
    q
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
        None => String::new(),
    }
}

/// Serials already in the cart for a product (a serial may appear once per product).
fn serials_in_cart<'a>(lines: &'a [CartLine], product_id: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter(|l| l.row.product_id == product_id)
        .flat_map(|l| l.serials.iter().map(String::as_str))
        .collect()
}

/// Checks a valid line against the cart: repeated serials, the combined
/// quantity's rules, and stock (`available` per product id for physical ones).
pub fn plan(
    snap: &Snapshot,
    valid: ValidLine,
    lines: &[CartLine],
    available: &HashMap<String, i64>,
) -> Result<Plan, ApiError> {
    let p = snap.product(valid.product);
    let in_cart = serials_in_cart(lines, &valid.product_id);
    let repeats: Vec<FieldError> = valid
        .serials
        .iter()
        .enumerate()
        .filter(|(_, s)| in_cart.contains(&s.as_str()))
        .map(|(i, s)| {
            FieldError::new(
                format!("serials[{i}]"),
                ErrorCode::DuplicateSerial,
                format!("{s} is already in your cart for {}.", p.name),
            )
        })
        .collect();
    if !repeats.is_empty() {
        return Err(fail_many(repeats));
    }
    let existing = lines.iter().find(|l| l.row.line_key == valid.line_key);
    // Both are within MAX_LINE_QTY (checked in `validate`, and a stored line
    // above it is refused when priced), so the sum cannot overflow.
    let qty = valid.qty.saturating_add(existing.map_or(0, |l| l.row.qty));
    if !valid.serial_bound
        && let Err(e) = quantity_rules(p).check(qty)
    {
        let mut msg = capitalise(&e.to_string());
        if existing.is_some() {
            msg = format!("{msg} Your cart already has {}.", qty - valid.qty);
        }
        return Err(fail(ErrorCode::InvalidQuantity, "qty", msg));
    }
    if valid.serial_bound
        && let Some(max) = quantity_rules(p).max
        && qty > max
    {
        return Err(fail(
            ErrorCode::InvalidQuantity,
            "serials",
            format!("At most {max} devices per line."),
        ));
    }
    check_cart_units(cart_units(lines, existing.map(|l| l.row.id.as_str())), qty)?;
    check_stock(snap, valid.product, qty, available)?;
    Ok(match existing {
        Some(line) => Plan::Merge {
            line: line.row.clone(),
            qty,
            serials: valid.serials,
            unit: valid.unit,
        },
        None => Plan::Insert(valid),
    })
}

/// `insufficient_stock` (with `available`) when a physical product has fewer
/// than `qty` units in the store's warehouse.
pub fn check_stock(
    snap: &Snapshot,
    product: u32,
    qty: i64,
    available: &HashMap<String, i64>,
) -> Result<(), ApiError> {
    let p = snap.product(product);
    if !p.is_physical() {
        return Ok(());
    }
    let av = available.get(&p.id).copied().unwrap_or(0).max(0);
    if qty > av {
        let message = if av == 0 {
            format!("{} is out of stock.", p.name)
        } else {
            format!("Only {av} of {} available.", p.name)
        };
        return Err(fail(ErrorCode::InsufficientStock, "qty", message).with_extra("available", av));
    }
    Ok(())
}

/// Carries out several plans inside the caller's transaction: each merge
/// on its own, the new lines together after the last of `lines` (the
/// cart's lines as read in that transaction), one statement for the lines
/// and one for their serials.
pub async fn apply_all(
    conn: &mut sqlx::AnyConnection,
    cart_id: &str,
    lines: &[uplink_db::cart::CartLine],
    plans: Vec<Plan>,
) -> Result<(), uplink_db::DbError> {
    let mut new_lines = Vec::new();
    for plan in plans {
        match plan {
            Plan::Insert(v) => new_lines.push(v),
            merge => {
                apply(&mut *conn, cart_id, merge).await?;
            }
        }
    }
    let rows: Vec<_> = new_lines
        .iter()
        .map(|v| new_cart_line(cart_id, v))
        .collect();
    let last_position = lines.iter().map(|l| l.row.position).max().unwrap_or(0);
    uplink_db::cart::insert_lines(conn, last_position, &rows).await?;
    Ok(())
}

/// The row a new line writes.
fn new_cart_line<'a>(cart_id: &'a str, v: &'a ValidLine) -> uplink_db::cart::NewCartLine<'a> {
    uplink_db::cart::NewCartLine {
        cart_id,
        product_id: &v.product_id,
        sku: &v.sku,
        qty: v.qty,
        options: &v.options_json,
        iccid: v.iccid.as_deref(),
        line_key: &v.line_key,
        unit_cents: v.unit.cents(),
        serials: &v.serials,
    }
}

/// Carries out a plan inside the caller's transaction; returns the line id.
pub async fn apply(
    conn: &mut sqlx::AnyConnection,
    cart_id: &str,
    plan: Plan,
) -> Result<String, uplink_db::DbError> {
    use uplink_db::cart as q;
    match plan {
        Plan::Insert(v) => q::insert_line(conn, &new_cart_line(cart_id, &v)).await,
        Plan::Merge {
            line,
            qty,
            serials,
            unit,
        } => {
            q::add_serials(&mut *conn, cart_id, &line.id, &line.product_id, &serials).await?;
            q::set_line_qty(&mut *conn, cart_id, &line.id, qty).await?;
            q::set_seen_price(conn, &line.id, unit.cents()).await?;
            Ok(line.id)
        }
    }
}
