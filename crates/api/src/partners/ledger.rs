//! The rebate ledger as a partner reads it: entries, totals, the CSV export.

use crate::partners::dto::{LedgerTotalsDto, RebateEntryDto};
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use uplink_db::partners::{LedgerEntryRow, LedgerTotals};

/// Every amount of the ledger is in the stores' currency.
pub const CURRENCY: &str = "USD";

pub fn totals_dto(t: &LedgerTotals) -> LedgerTotalsDto {
    let m = |c| MoneyDto::new(c, CURRENCY);
    LedgerTotalsDto {
        pending: m(t.pending_cents),
        available: m(t.available_cents),
        paid: m(t.paid_cents),
        cancelled: m(t.cancelled_cents),
        balance: m(t.balance_cents()),
        entries: t.entries,
    }
}

pub fn entry_dto(e: LedgerEntryRow) -> RebateEntryDto {
    let r = e.rebate;
    RebateEntryDto {
        id: r.id,
        order_number: e.order_number,
        order_placed_at: rfc3339(e.order_placed_at),
        channel: e.partner_channel,
        sku: e.sku,
        name: e.line_name,
        kind: r.kind,
        eligible: MoneyDto::new(r.eligible_cents, &e.currency),
        rate_bp: r.rate_bp,
        amount: MoneyDto::new(r.rebate_cents, &e.currency),
        status: r.status,
        created_at: rfc3339(r.created_at),
        available_at: r.available_at.map(rfc3339),
        paid_at: r.paid_at.map(rfc3339),
    }
}

/// The entries as CSV (RFC 4180, a header row, amounts in decimal units so a
/// spreadsheet sums them as they are).
pub fn csv(entries: &[RebateEntryDto]) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "entry",
        "created_at",
        "order",
        "order_placed_at",
        "channel",
        "sku",
        "product",
        "kind",
        "eligible",
        "rate_percent",
        "amount",
        "currency",
        "status",
        "available_at",
        "paid_at",
    ])?;
    for e in entries {
        w.write_record([
            e.id.as_str(),
            &e.created_at,
            &e.order_number,
            &e.order_placed_at,
            e.channel.as_deref().unwrap_or(""),
            &e.sku,
            &e.name,
            &e.kind,
            &decimal(e.eligible.cents),
            &format!("{}.{:02}", e.rate_bp / 100, e.rate_bp % 100),
            &decimal(e.amount.cents),
            &e.amount.currency,
            &e.status,
            e.available_at.as_deref().unwrap_or(""),
            e.paid_at.as_deref().unwrap_or(""),
        ])?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}

/// Cents as a plain decimal: `-1234` → `-12.34`.
fn decimal(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn cents_print_as_plain_decimals() {
        assert_eq!(decimal(0), "0.00");
        assert_eq!(decimal(5), "0.05");
        assert_eq!(decimal(123_456), "1234.56");
        assert_eq!(decimal(-1_999), "-19.99");
    }
}
