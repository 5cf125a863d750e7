//! Asking for a quotation (SPEC §9): the whole cart, or lines given as a
//! cart line would be added (the product page, co-term). The lines are
//! priced by the cart's own pricing and kept as they were asked for, with
//! their catalogue price; the quotation starts as a draft the buyer submits.
//! A quotation of the whole cart empties the cart in the same transaction.

use super::dto::{CreateQuotationRequest, QuotationLineInput};
use super::workflow::{Author, check_text, history_entry};
use crate::commerce::cart::lines::{AddLineRequest, validate};
use crate::commerce::cart::scope::check_store_region;
use crate::commerce::placing::line_options::order_line_options;
use crate::commerce::pricing::{CartRows, LoadCart, PricedCart, TaxDestination};
use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::StoreContext;
use crate::platform::money::money_text;
use crate::read_model::Snapshot;
use uplink_db::cart::CartContents;
use uplink_db::now_ms;
use uplink_db::quotations::{self as qq, QuotationLineRow, QuotationRow};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::new_id;
use uplink_domain::money::Money;
use uplink_domain::quotations::{
    LineQuote, MAX_LINES, QuotationStatus, quotation_number, quoted_total,
};

/// Longest customer note.
pub const MAX_NOTE_CHARS: usize = 2_000;

/// Where a quotation was asked from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Cart,
    Product,
    CoTerm,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Cart => "cart",
            Source::Product => "product",
            Source::CoTerm => "co_term",
        }
    }

    fn history_text(self) -> &'static str {
        match self {
            Source::Cart => "Quotation requested from the cart.",
            Source::Product => "Quotation requested from the product page.",
            Source::CoTerm => "Co-term quotation requested from device management.",
        }
    }
}

/// Creates a draft quotation from the request; answers its number.
pub async fn create(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    req: &CreateQuotationRequest,
) -> ApiResult<String> {
    check_store_region(store_ctx, Some(&auth.user))?;
    let note = check_text(
        "note",
        req.note.as_deref().unwrap_or(""),
        MAX_NOTE_CHARS,
        false,
    )?;
    let (contents, source) = match (req.from_cart, &req.lines) {
        (true, None) => (None, Source::Cart),
        (false, Some(lines)) => (
            Some(given_contents(store_ctx, auth, lines)?),
            Source::Product,
        ),
        _ => {
            return Err(ApiError::field(
                "from_cart",
                ErrorCode::ValidationFailed,
                "Ask for the whole cart (`from_cart: true`) or send `lines`, not both.",
            ));
        }
    };
    let priced = price(state, auth, store_ctx, contents.as_ref()).await?;
    let new = NewQuotation {
        snapshot: &store_ctx.snapshot,
        priced: &priced,
        note: &note,
        source,
        status: QuotationStatus::Draft,
        line_terms: &[],
    };
    insert(state, auth, &new).await
}

/// Lines given in full, each checked as an add-to-cart would check it.
pub fn given_contents(
    store_ctx: &StoreContext,
    auth: &AuthUser,
    lines: &[QuotationLineInput],
) -> ApiResult<CartContents> {
    if lines.is_empty() || lines.len() > MAX_LINES {
        return Err(ApiError::field(
            "lines",
            ErrorCode::ValidationFailed,
            format!("A quotation has 1 to {MAX_LINES} lines."),
        ));
    }
    let cart_id = format!("quotation-{}", auth.id());
    let mut out = Vec::with_capacity(lines.len());
    for (i, l) in lines.iter().enumerate() {
        let add = AddLineRequest {
            sku: l.sku.clone(),
            qty: l.qty,
            options: l.options.clone(),
            serials: l.serials.clone(),
            iccid: l.iccid.clone(),
        };
        let v = validate(&store_ctx.snapshot, store_ctx.store, &add)
            .map_err(|e| e.with_field_prefix(&format!("lines[{i}].")))?;
        out.push(v.into_unsaved_line(&cart_id, i as i64));
    }
    Ok(CartContents::unsaved(
        &cart_id,
        store_ctx.code(),
        auth.id(),
        out,
    ))
}

/// The lines priced at catalogue prices (no tax, no coupon: sales quote
/// before tax, and a coupon does not carry into a quotation).
pub async fn price(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    given: Option<&CartContents>,
) -> ApiResult<PricedCart> {
    let owner = uplink_db::cart::customer_owner(auth.id());
    let mut rows = CartRows::load(
        &mut *state.db.pool().acquire().await?,
        &LoadCart {
            snapshot: &store_ctx.snapshot,
            store: store_ctx.store,
            owner: Some(owner.as_str()).filter(|_| given.is_none()),
            given,
            user_id: Some(auth.id()),
            tax: TaxDestination::Destination(None),
            shipping: Money::ZERO,
        },
    )
    .await?;
    if let Some(c) = rows.contents.as_mut() {
        // A coupon in the cart does not carry into the quotation.
        c.cart.coupon_code = None;
    }
    let priced = rows.price(&store_ctx.snapshot, store_ctx.store, Money::ZERO);
    if priced.lines.is_empty() {
        return Err(ApiError::field(
            "lines",
            ErrorCode::ValidationFailed,
            "Your cart is empty; add the products you want a price for.",
        ));
    }
    if priced.lines.len() > MAX_LINES {
        return Err(ApiError::field(
            "lines",
            ErrorCode::ValidationFailed,
            format!("A quotation has at most {MAX_LINES} lines."),
        ));
    }
    for (i, l) in priced.lines.iter().enumerate() {
        // Stock is what a quotation is often about: more than is on the shelf.
        if let Some(p) = l
            .problem
            .as_ref()
            .filter(|p| p.code != ErrorCode::InsufficientStock)
        {
            return Err(
                ApiError::field(&format!("lines[{i}]"), p.code, p.message.clone())
                    .with_extra("line_id", l.line.row.id.clone()),
            );
        }
    }
    Ok(priced)
}

/// A quotation to write.
#[derive(Clone, Copy)]
pub struct NewQuotation<'a> {
    /// The catalogue the lines were priced against.
    pub snapshot: &'a Snapshot,
    pub priced: &'a PricedCart,
    pub note: &'a str,
    pub source: Source,
    pub status: QuotationStatus,
    /// Per line (by position), a price already proposed and a co-term end;
    /// lines beyond it are at catalogue price.
    pub line_terms: &'a [LineTerms],
}

/// What a line is asked at from the start (co-term: its prorated price and end date).
#[derive(Debug, Clone, Copy, Default)]
pub struct LineTerms {
    pub quote: Option<LineQuote>,
    pub coverage_until: Option<i64>,
}

/// Checks the minimum and writes the quotation with its lines and first
/// history entry; answers its number.
pub async fn insert(
    state: &AppState,
    auth: &AuthUser,
    new: &NewQuotation<'_>,
) -> ApiResult<String> {
    let NewQuotation {
        snapshot: snap,
        priced,
        note,
        source,
        status,
        line_terms,
    } = *new;
    let subtotal = priced.totals.subtotal.cents();
    let minimum = state.config.checkout.quotation_min_subtotal_cents;
    if subtotal < minimum && source != Source::CoTerm {
        return Err(ApiError::new(ErrorCode::QuotationBelowMinimum)
            .with_detail(format!(
                "Quotations start at {} before tax; this comes to {}. Add items, or order at catalogue prices.",
                money_text(minimum, &priced.currency),
                money_text(subtotal, &priced.currency)
            ))
            .with_extra("minimum_cents", minimum));
    }
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let number = quotation_number(qq::next_quotation_seq(&mut tx).await?);
    let row = QuotationRow {
        id: new_id("quo"),
        number: number.clone(),
        user_id: auth.id().to_owned(),
        store_code: priced.store_code.clone(),
        currency: priced.currency.clone(),
        status: status.as_str().into(),
        source: source.as_str().into(),
        customer_note: note.to_owned(),
        shipping_cents: None,
        valid_until: None,
        version: 1,
        assignee: None,
        order_id: None,
        order_number: None,
        created_at: now,
        submitted_at: (status == QuotationStatus::Submitted).then_some(now),
        updated_at: now,
    };
    qq::insert_quotation(&mut tx, &row).await?;
    for (i, l) in priced.lines.iter().enumerate() {
        let p = l.product.map(|p| snap.product(p));
        let subtotal = l.amounts.subtotal.cents();
        let terms = line_terms.get(i).copied().unwrap_or_default();
        let quoted_total = quoted_total(Money::from_cents(subtotal), terms.quote)
            .map_err(|e| ApiError::internal(format!("a proposed line price does not fit: {e}")))?;
        let line = QuotationLineRow {
            id: new_id("qln"),
            quotation_id: row.id.clone(),
            position: i as i64,
            product_id: l.line.row.product_id.clone(),
            sku: p.map_or_else(|| l.line.row.sku.clone(), |p| p.sku.clone()),
            name: p.map(|p| p.name.clone()).unwrap_or_default(),
            product_type: p
                .map(|p| p.product_type.as_str().to_owned())
                .unwrap_or_default(),
            qty: l.line.row.qty,
            options: l.line.row.options.clone(),
            option_labels: serde_json::to_string(&order_line_options(l))
                .unwrap_or_else(|_| "[]".into()),
            serials: serde_json::to_string(&l.line.serials).unwrap_or_else(|_| "[]".into()),
            iccid: l.line.row.iccid.clone(),
            unit_price_cents: l.unit_price.cents(),
            quote: terms
                .quote
                .map(|q| serde_json::to_string(&q).unwrap_or_default()),
            quoted_total_cents: quoted_total.cents(),
            coverage_until: terms.coverage_until,
        };
        qq::insert_line(&mut tx, &line).await?;
    }
    if let (Source::Cart, Some(cart_id)) = (source, &priced.cart_id) {
        // The cart's items moved into the quotation: ordering them again at
        // catalogue prices is one click from a declined or expired quotation.
        uplink_db::cart::clear_cart(&mut tx, cart_id).await?;
    }
    let author = Author::buyer(&auth.user);
    let entry = history_entry(
        &row.id,
        status,
        &author,
        "status",
        source.history_text(),
        now,
    );
    qq::insert_history(&mut tx, &entry).await?;
    if !note.is_empty() {
        let comment = history_entry(&row.id, status, &author, "comment", note, now);
        qq::insert_history(&mut tx, &comment).await?;
    }
    tx.commit().await?;
    Ok(number)
}
