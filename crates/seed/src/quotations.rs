//! Demo quotations of business@uplink.test (documented in the README), so
//! `/account/quotation`, a quotation's page and the sales queue at
//! `/admin/quotations` have something to show on a fresh start: one quoted
//! by sales@uplink.test with a percentage and an amount off (ready to
//! accept), one submitted and waiting for sales, and one whose prices
//! expired (it can still be bought at catalogue prices).

use super::order_pricing::{Item, Line, item, store_facts};
use sqlx::AnyConnection;
use uplink_db::quotations::{self as q, QuotationHistoryRow, QuotationLineRow, QuotationRow};
use uplink_db::{Db, DbError};
use uplink_domain::ids::new_id;
use uplink_domain::money::Money;
use uplink_domain::quotations::{LineQuote, quotation_number, quoted_total};

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
const BUYER: &str = "business@uplink.test";
const SALES: &str = "sales@uplink.test";

/// A demo quotation: what was asked, how it was priced, how far it got.
struct DemoQuotation {
    asked_ago: i64,
    lines: &'static [(Line, Option<LineQuote>)],
    note: &'static str,
    status: &'static str,
    /// Status changes after the request: (hours after it, status, party, text).
    steps: &'static [(i64, &'static str, &'static str, &'static str)],
    /// Comments: (hours after the request, party, text).
    comments: &'static [(i64, &'static str, &'static str)],
    valid_for_days: Option<i64>,
}

fn demo_quotations() -> Vec<DemoQuotation> {
    vec![
        DemoQuotation {
            asked_ago: 40 * DAY,
            lines: &[(
                Line("MAX-BR1-MINI-C4", 10, &[("setup", "none")]),
                Some(LineQuote::PercentOff { basis_points: 800 }),
            )],
            note: "Ten routers for the pop-up stores in spring.",
            status: "expired",
            steps: &[
                (1, "submitted", "buyer", "Submitted to sales."),
                (
                    5,
                    "in_review",
                    "staff",
                    "Opened for review by sales@uplink.test.",
                ),
                (
                    6,
                    "quoted",
                    "staff",
                    "Prices sent; valid until the date shown.",
                ),
                (
                    35 * 24,
                    "expired",
                    "system",
                    "Expired: the quoted prices are no longer valid.",
                ),
            ],
            comments: &[],
            valid_for_days: Some(-5),
        },
        DemoQuotation {
            asked_ago: 5 * DAY,
            lines: &[
                (
                    Line("AP-ONE-AX", 10, &[]),
                    Some(LineQuote::PercentOff {
                        basis_points: 1_200,
                    }),
                ),
                (
                    Line("UL-SW8-POE", 2, &[]),
                    Some(LineQuote::AmountOff { cents: 4_000 }),
                ),
            ],
            note: "Wi-Fi refresh for the Hamburg office: 10 access points and 2 switches.",
            status: "quoted",
            steps: &[
                (1, "submitted", "buyer", "Submitted to sales."),
                (
                    20,
                    "in_review",
                    "staff",
                    "Opened for review by sales@uplink.test.",
                ),
                (
                    26,
                    "quoted",
                    "staff",
                    "Prices sent; valid until the date shown.",
                ),
            ],
            comments: &[(
                26,
                "staff",
                "12 % off the access points and $40 off the switches, as agreed on the phone. Shipping is on us.",
            )],
            valid_for_days: Some(25),
        },
        DemoQuotation {
            asked_ago: 2 * DAY,
            lines: &[(Line("MAX-BR1-MINI-C4", 25, &[("setup", "preconfig")]), None)],
            note: "Rollout for 25 branches in Q1; can you stage deliveries in three batches?",
            status: "submitted",
            steps: &[(1, "submitted", "buyer", "Submitted to sales.")],
            comments: &[],
            valid_for_days: None,
        },
    ]
}

/// The demo quotations, unless there are quotations already. Needs the
/// demo catalogue and accounts.
pub async fn seed_demo_quotations(db: &Db) -> Result<(), DbError> {
    if db.quotation_count().await? > 0 {
        return Ok(());
    }
    let Some(buyer) = db.user_by_email(BUYER).await? else {
        return Ok(());
    };
    let now = uplink_db::now_ms();
    let mut tx = db.begin_write().await?;
    for d in demo_quotations() {
        write_quotation(&mut tx, &d, (&buyer.id, &buyer.name), now).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn write_quotation(
    tx: &mut AnyConnection,
    d: &DemoQuotation,
    buyer: (&str, &str),
    now: i64,
) -> Result<(), DbError> {
    let (buyer_id, buyer_name) = buyer;
    let store = store_facts(tx, "global").await?;
    let asked = now - d.asked_ago;
    let at = |hours: i64| asked + hours * HOUR;
    let last_step = d.steps.last().map_or(0, |s| s.0);
    let row = QuotationRow {
        id: new_id("quo"),
        number: quotation_number(q::next_quotation_seq(tx).await?),
        user_id: buyer_id.to_owned(),
        store_code: store.code.clone(),
        currency: store.currency.clone(),
        status: d.status.into(),
        source: "cart".into(),
        customer_note: d.note.into(),
        shipping_cents: d.valid_for_days.map(|_| 0),
        valid_until: d.valid_for_days.map(|days| now + days * DAY),
        version: 1 + d.steps.len() as i64,
        assignee: d
            .steps
            .iter()
            .any(|s| s.2 == "staff")
            .then(|| SALES.to_owned()),
        order_id: None,
        order_number: None,
        created_at: asked,
        submitted_at: Some(at(1)),
        updated_at: at(last_step),
    };
    q::insert_quotation(tx, &row).await?;
    for (i, (line, quote)) in d.lines.iter().enumerate() {
        let it = item(tx, &store, line).await?;
        q::insert_line(tx, &line_row(&row.id, i, &it, *quote)?).await?;
    }
    let author = |party: &str| match party {
        "buyer" => buyer_name.to_owned(),
        "staff" => SALES.to_owned(),
        _ => "Uplink".to_owned(),
    };
    let mut entries = vec![(
        0,
        "draft",
        "buyer",
        "status",
        "Quotation requested from the cart.".to_owned(),
    )];
    entries.push((0, "draft", "buyer", "comment", d.note.to_owned()));
    for (h, status, party, text) in d.steps {
        entries.push((*h, status, party, "status", (*text).to_owned()));
    }
    for (h, party, text) in d.comments {
        let status = d
            .steps
            .iter()
            .rev()
            .find(|s| s.0 <= *h)
            .map_or("draft", |s| s.1);
        entries.push((*h, status, party, "comment", (*text).to_owned()));
    }
    for (i, (h, status, party, kind, body)) in entries.into_iter().enumerate() {
        let entry = QuotationHistoryRow {
            id: new_id("qth"),
            quotation_id: row.id.clone(),
            status: status.into(),
            party: party.into(),
            author: author(party),
            kind: kind.into(),
            body,
            // Entries of one hour keep their order.
            created_at: at(h) + i as i64,
        };
        q::insert_history(tx, &entry).await?;
    }
    Ok(())
}

fn line_row(
    quotation_id: &str,
    position: usize,
    it: &Item,
    quote: Option<LineQuote>,
) -> Result<QuotationLineRow, DbError> {
    let subtotal = it.unit.checked_mul(it.qty).unwrap_or(Money::ZERO);
    let total = quoted_total(subtotal, quote)
        .map_err(|e| super::order_pricing::demo_error(format!("{}: {e}", it.sku)))?;
    Ok(QuotationLineRow {
        id: new_id("qln"),
        quotation_id: quotation_id.to_owned(),
        position: position as i64,
        product_id: it.product_id.clone(),
        sku: it.sku.clone(),
        name: it.name.clone(),
        product_type: it.product_type.clone(),
        qty: it.qty,
        options: it.options_json(),
        option_labels: serde_json::to_string(&it.options).unwrap_or_else(|_| "[]".into()),
        serials: "[]".into(),
        iccid: None,
        unit_price_cents: it.unit.cents(),
        quote: quote.map(|q| serde_json::to_string(&q).unwrap_or_default()),
        quoted_total_cents: total.cents(),
        coverage_until: None,
    })
}
