//! A stored quotation as the buyer or sales see it: its lines and totals,
//! history, and what the viewer may do with it now.

use super::dto::{
    QuotationActions, QuotationCustomer, QuotationCustomerRef, QuotationDetail, QuotationEvent,
    QuotationLineDto, QuotationSummary, QuotationTotals,
};
use crate::commerce::orders::dto::LineOption;
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use uplink_db::quotations::{
    QuotationHistoryRow, QuotationLineRow, QuotationRow, QuotationSummaryRow,
};
use uplink_domain::quotations::{LineQuote, QuotationAction, QuotationStatus, next_status};

/// Who is looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Buyer,
    Staff,
}

/// A stored quotation, read whole.
pub struct Loaded {
    pub row: QuotationRow,
    pub lines: Vec<QuotationLineRow>,
    pub history: Vec<QuotationHistoryRow>,
}

impl Loaded {
    pub fn status(&self) -> QuotationStatus {
        status_of(&self.row.status)
    }

    /// True when its quoted prices no longer hold (the expiry job may not have run yet).
    pub fn past_valid_until(&self, now: i64) -> bool {
        self.row.valid_until.is_some_and(|v| v < now)
    }
}

/// A stored status (unknown text reads as closed: nothing can be done with it).
pub fn status_of(s: &str) -> QuotationStatus {
    QuotationStatus::parse(s).unwrap_or(QuotationStatus::Closed)
}

fn can(status: QuotationStatus, action: QuotationAction) -> bool {
    next_status(status, action).is_ok()
}

fn actions(q: &Loaded, viewer: Viewer, now: i64) -> QuotationActions {
    let s = q.status();
    let valid = !q.past_valid_until(now);
    match viewer {
        Viewer::Buyer => QuotationActions {
            submit: can(s, QuotationAction::Submit),
            accept: can(s, QuotationAction::Accept) && valid,
            request_revision: can(s, QuotationAction::RequestRevision),
            close: can(s, QuotationAction::Close),
            pay: s == QuotationStatus::Accepted && valid,
            comment: !s.is_final(),
            buy_at_catalogue_price: s.buyable_at_catalogue_price(),
            ..QuotationActions::default()
        },
        Viewer::Staff => QuotationActions {
            comment: !s.is_final(),
            edit: s.staff_may_edit(),
            send: s.staff_may_edit(),
            decline: can(s, QuotationAction::Decline),
            ..QuotationActions::default()
        },
    }
}

pub fn line_dto(l: &QuotationLineRow, currency: &str) -> QuotationLineDto {
    QuotationLineDto {
        id: l.id.clone(),
        product_id: l.product_id.clone(),
        sku: l.sku.clone(),
        name: l.name.clone(),
        product_type: l.product_type.clone(),
        qty: l.qty,
        options: serde_json::from_str::<Vec<LineOption>>(&l.option_labels).unwrap_or_default(),
        serials: serde_json::from_str(&l.serials).unwrap_or_default(),
        unit_price: MoneyDto::new(l.unit_price_cents, currency),
        subtotal: MoneyDto::new(line_subtotal(l), currency),
        quote: l
            .quote
            .as_deref()
            .and_then(|q| serde_json::from_str::<LineQuote>(q).ok()),
        quoted_total: MoneyDto::new(l.quoted_total_cents, currency),
        coverage_until: l.coverage_until.map(rfc3339),
    }
}

/// The line at its catalogue price when it was asked for.
pub fn line_subtotal(l: &QuotationLineRow) -> i64 {
    l.unit_price_cents.saturating_mul(l.qty)
}

pub fn totals(q: &QuotationRow, lines: &[QuotationLineRow]) -> QuotationTotals {
    let cur = &q.currency;
    let subtotal: i64 = lines.iter().map(line_subtotal).fold(0, i64::saturating_add);
    let quoted: i64 = lines
        .iter()
        .map(|l| l.quoted_total_cents)
        .fold(0, i64::saturating_add);
    QuotationTotals {
        subtotal: MoneyDto::new(subtotal, cur),
        discount: MoneyDto::new(subtotal.saturating_sub(quoted), cur),
        quoted_subtotal: MoneyDto::new(quoted, cur),
        shipping: q.shipping_cents.map(|s| MoneyDto::new(s, cur)),
        total_before_tax: MoneyDto::new(quoted.saturating_add(q.shipping_cents.unwrap_or(0)), cur),
    }
}

pub fn detail(
    q: &Loaded,
    viewer: Viewer,
    customer: Option<QuotationCustomer>,
    now: i64,
) -> QuotationDetail {
    let r = &q.row;
    let status = q.status();
    QuotationDetail {
        number: r.number.clone(),
        status,
        status_label: status.label().to_owned(),
        source: r.source.clone(),
        store: r.store_code.clone(),
        currency: r.currency.clone(),
        customer_note: r.customer_note.clone(),
        created_at: rfc3339(r.created_at),
        submitted_at: r.submitted_at.map(rfc3339),
        valid_until: r.valid_until.map(rfc3339),
        version: r.version,
        lines: q.lines.iter().map(|l| line_dto(l, &r.currency)).collect(),
        totals: totals(r, &q.lines),
        history: q
            .history
            .iter()
            .map(|h| QuotationEvent {
                at: rfc3339(h.created_at),
                party: h.party.clone(),
                author: h.author.clone(),
                kind: h.kind.clone(),
                status: status_of(&h.status),
                body: h.body.clone(),
            })
            .collect(),
        order_number: r.order_number.clone(),
        actions: actions(q, viewer, now),
        customer,
        assignee: r.assignee.clone(),
    }
}

pub fn summary(row: &QuotationSummaryRow, viewer: Viewer) -> QuotationSummary {
    let status = status_of(&row.status);
    let cur = &row.currency;
    QuotationSummary {
        number: row.number.clone(),
        status,
        status_label: status.label().to_owned(),
        source: row.source.clone(),
        created_at: rfc3339(row.created_at),
        submitted_at: row.submitted_at.map(rfc3339),
        valid_until: row.valid_until.map(rfc3339),
        line_count: row.line_count,
        first_line: row.first_line.clone(),
        subtotal: MoneyDto::new(row.subtotal_cents, cur),
        quoted_subtotal: MoneyDto::new(row.quoted_subtotal_cents, cur),
        order_number: row.order_number.clone(),
        customer: (viewer == Viewer::Staff).then(|| QuotationCustomerRef {
            email: row.customer_email.clone(),
            name: row.customer_name.clone(),
            company: row.customer_company.clone(),
        }),
        assignee: row.assignee.clone(),
    }
}
