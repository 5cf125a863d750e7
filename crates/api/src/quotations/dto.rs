//! What the quotation endpoints answer and accept (SPEC §9).

use crate::commerce::orders::dto::LineOption;
use crate::platform::money::MoneyDto;
use serde::{Deserialize, Serialize};
use uplink_domain::quotations::{LineQuote, QuotationStatus};
use utoipa::ToSchema;

/// One line: what was asked for, its catalogue price when asked, and the
/// price sales quoted.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuotationLineDto {
    pub id: String,
    pub product_id: String,
    pub sku: String,
    pub name: String,
    pub product_type: String,
    pub qty: i64,
    pub options: Vec<LineOption>,
    pub serials: Vec<String>,
    /// Catalogue unit price (with options) when the quotation was asked for.
    pub unit_price: MoneyDto,
    /// `unit_price × qty`.
    pub subtotal: MoneyDto,
    /// How sales priced the line (`null`: catalogue price).
    pub quote: Option<LineQuote>,
    /// The line at the quoted price, before tax.
    pub quoted_total: MoneyDto,
    /// A co-term line: the device's coverage is extended to this day (RFC 3339).
    pub coverage_until: Option<String>,
}

/// Catalogue and quoted sums of the lines, and the quoted shipping.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuotationTotals {
    /// The lines at catalogue prices.
    pub subtotal: MoneyDto,
    /// What the quoted prices take off.
    pub discount: MoneyDto,
    /// The lines at quoted prices.
    pub quoted_subtotal: MoneyDto,
    /// The quoted shipping price (`null`: the store's rates at payment).
    pub shipping: Option<MoneyDto>,
    /// Quoted subtotal plus quoted shipping, before tax (tax is added at payment).
    pub total_before_tax: MoneyDto,
}

/// One history entry: a status change or a comment.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuotationEvent {
    pub at: String,
    /// `buyer`, `staff` or `system`.
    pub party: String,
    pub author: String,
    /// `status` or `comment`.
    pub kind: String,
    /// The status after this entry.
    pub status: QuotationStatus,
    pub body: String,
}

/// What the caller may do now (the server checks again on every request).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct QuotationActions {
    pub submit: bool,
    pub accept: bool,
    pub request_revision: bool,
    pub close: bool,
    pub pay: bool,
    pub comment: bool,
    /// Expired or declined: its lines can go to the cart at catalogue prices.
    pub buy_at_catalogue_price: bool,
    /// Staff: prices, shipping and valid-until can be changed.
    pub edit: bool,
    pub send: bool,
    pub decline: bool,
}

/// The customer a quotation belongs to (staff views).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuotationCustomer {
    pub id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
    /// The customer's credit terms, for the sales person pricing the quotation.
    pub has_credit_terms: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuotationDetail {
    /// `Q-000045`.
    pub number: String,
    pub status: QuotationStatus,
    /// The status in words ("In review").
    pub status_label: String,
    /// Where it was asked from: `cart`, `product`, `co_term`.
    pub source: String,
    pub store: String,
    pub currency: String,
    pub customer_note: String,
    pub created_at: String,
    pub submitted_at: Option<String>,
    /// Until when quoted prices hold (set when sales send them).
    pub valid_until: Option<String>,
    /// Grows with every change; send it back with a staff edit.
    pub version: i64,
    pub lines: Vec<QuotationLineDto>,
    pub totals: QuotationTotals,
    pub history: Vec<QuotationEvent>,
    /// The order that paid it.
    pub order_number: Option<String>,
    pub actions: QuotationActions,
    /// Staff views only.
    pub customer: Option<QuotationCustomer>,
    /// The sales person who opened it.
    pub assignee: Option<String>,
}

/// A quotation in a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuotationSummary {
    pub number: String,
    pub status: QuotationStatus,
    pub status_label: String,
    pub source: String,
    pub created_at: String,
    pub submitted_at: Option<String>,
    pub valid_until: Option<String>,
    pub line_count: i64,
    /// The first line's product name.
    pub first_line: Option<String>,
    pub subtotal: MoneyDto,
    pub quoted_subtotal: MoneyDto,
    pub order_number: Option<String>,
    /// Staff lists only.
    pub customer: Option<QuotationCustomerRef>,
    pub assignee: Option<String>,
}

/// Who asked (staff lists).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuotationCustomerRef {
    pub email: String,
    pub name: String,
    pub company: Option<String>,
}

/// A line to ask a quotation for (as a cart line is added).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuotationLineInput {
    pub sku: String,
    #[serde(default)]
    pub qty: Option<i64>,
    #[serde(default)]
    pub options: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    pub serials: Vec<String>,
    #[serde(default)]
    pub iccid: Option<String>,
}

/// `POST /quotations`: the whole cart (`from_cart: true`) or the given lines.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateQuotationRequest {
    #[serde(default)]
    pub from_cart: bool,
    #[serde(default)]
    pub lines: Option<Vec<QuotationLineInput>>,
    /// What the buyer wants sales to know (up to 2,000 characters).
    #[serde(default)]
    pub note: Option<String>,
}

/// A comment, or the reason for a revision request or a decline.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct QuotationCommentRequest {
    /// 1–2,000 characters (optional for status changes).
    #[serde(default)]
    pub comment: Option<String>,
}

/// One line's price in a staff edit.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinePriceInput {
    /// The line's id.
    pub id: String,
    /// `null`: back to the catalogue price.
    pub quote: Option<LineQuote>,
}

/// `PATCH /staff/quotations/{number}`: prices per line, shipping,
/// valid-until and a comment, against the version the editor saw.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffQuotationEdit {
    /// The `version` the editor loaded; another one is 409 `version_conflict`.
    pub version: i64,
    /// Lines to price (others keep their price).
    #[serde(default)]
    pub lines: Vec<LinePriceInput>,
    /// Quoted shipping in cents (`null`: the store's rates at payment).
    #[serde(default)]
    pub shipping_cents: Option<i64>,
    /// `YYYY-MM-DD` (end of that day, UTC); default 30 days after sending.
    #[serde(default)]
    pub valid_until: Option<String>,
    #[serde(default)]
    pub comment: Option<String>,
}
