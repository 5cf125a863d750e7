//! Sales pricing a quotation (SPEC §9): a price per line (percent off,
//! amount off or proposed total), the shipping price and valid-until, all
//! against the version the editor loaded, in one transaction, so two sales
//! people cannot overwrite each other (the second gets 409
//! `version_conflict` and reloads).

use super::dto::StaffQuotationEdit;
use super::view::{Loaded, line_subtotal};
use super::workflow::{Author, MAX_COMMENT_CHARS, check_text, history_entry};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use uplink_db::now_ms;
use uplink_db::quotations::{self as qq, StaffTerms};
use uplink_domain::cart::MAX_ORDER_TOTAL;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_domain::quotations::{QuotationStatus, quoted_total};

const DAY_MS: i64 = 86_400_000;
/// How far ahead valid-until may be set.
const MAX_VALID_DAYS: i64 = 365;

/// One line's new price, checked.
struct LinePrice {
    id: String,
    quote: Option<String>,
    total: i64,
}

/// Applies the edit.
pub async fn apply(
    state: &AppState,
    q: &Loaded,
    staff: &Author,
    edit: &StaffQuotationEdit,
) -> ApiResult<()> {
    let status = q.status();
    if status != QuotationStatus::InReview {
        return Err(ApiError::new(ErrorCode::InvalidTransition)
            .with_detail(format!(
                "A quotation that is {} cannot be priced; open one that is submitted or in review.",
                status.label().to_lowercase()
            ))
            .with_extra("quotation_status", status.as_str()));
    }
    if edit.version != q.row.version {
        return Err(conflict(q.row.version));
    }
    let now = now_ms();
    let prices = check_prices(q, edit)?;
    let shipping = check_shipping(edit.shipping_cents)?;
    let valid_until = edit
        .valid_until
        .as_deref()
        .map(|d| parse_valid_until(d, now))
        .transpose()?;
    let comment = check_text(
        "comment",
        edit.comment.as_deref().unwrap_or(""),
        MAX_COMMENT_CHARS,
        false,
    )?;
    let mut tx = state.db.begin_write().await?;
    let terms = StaffTerms {
        id: &q.row.id,
        version: edit.version,
        shipping_cents: shipping,
        valid_until,
        at: now,
    };
    if !qq::update_terms(&mut tx, &terms).await? {
        // Someone else saved (or sent) it since this editor loaded it.
        return Err(conflict(q.row.version + 1));
    }
    for p in &prices {
        qq::update_line_quote(&mut tx, &p.id, p.quote.as_deref(), p.total).await?;
    }
    if !comment.is_empty() {
        let entry = history_entry(&q.row.id, status, staff, "comment", &comment, now);
        qq::insert_history(&mut tx, &entry).await?;
    }
    let audit = uplink_db::audit::AuditEntry::new("quotation.price", "quotation", q.row.number.clone())
        .summary(format!("{} priced", q.row.number))
        .before(&serde_json::json!({ "version": q.row.version, "shipping_cents": q.row.shipping_cents }))
        .after(&serde_json::json!({
            "version": q.row.version + 1,
            "shipping_cents": shipping,
            "lines": prices.iter().map(|p| serde_json::json!({ "id": p.id, "quote": p.quote, "total_cents": p.total })).collect::<Vec<_>>(),
        }));
    staff.audit_in(&mut tx, audit).await?;
    tx.commit().await?;
    Ok(())
}

fn conflict(current: i64) -> ApiError {
    ApiError::new(ErrorCode::VersionConflict)
        .with_detail(
            "Someone else changed this quotation since you opened it; reload it and apply your change again.",
        )
        .with_extra("version", current)
}

fn check_prices(q: &Loaded, edit: &StaffQuotationEdit) -> ApiResult<Vec<LinePrice>> {
    let mut out = Vec::with_capacity(edit.lines.len());
    let mut errors = Vec::new();
    for (i, input) in edit.lines.iter().enumerate() {
        let Some(line) = q.lines.iter().find(|l| l.id == input.id) else {
            errors.push(crate::http::error::FieldError::new(
                format!("lines[{i}].id"),
                ErrorCode::ValidationFailed,
                "This line is not on the quotation; reload it.",
            ));
            continue;
        };
        match quoted_total(Money::from_cents(line_subtotal(line)), input.quote) {
            Ok(total) => out.push(LinePrice {
                id: line.id.clone(),
                quote: input
                    .quote
                    .map(|q| serde_json::to_string(&q).unwrap_or_default()),
                total: total.cents(),
            }),
            Err(e) => errors.push(crate::http::error::FieldError::new(
                format!("lines[{i}].quote"),
                ErrorCode::ValidationFailed,
                format!("{}: {e}", line.name),
            )),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(ApiError::validation(errors))
    }
}

fn check_shipping(cents: Option<i64>) -> ApiResult<Option<i64>> {
    match cents {
        Some(c) if !(0..=MAX_ORDER_TOTAL.cents()).contains(&c) => Err(ApiError::field(
            "shipping_cents",
            ErrorCode::ValidationFailed,
            "Shipping is zero or more, and less than an order's largest total.",
        )),
        other => Ok(other),
    }
}

/// `YYYY-MM-DD` → the end of that day (UTC), from today up to a year ahead.
fn parse_valid_until(day: &str, now: i64) -> ApiResult<i64> {
    let refuse = |m: &str| ApiError::field("valid_until", ErrorCode::ValidationFailed, m);
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let date = time::Date::parse(day.trim(), &format)
        .map_err(|_| refuse("Give the date as YYYY-MM-DD."))?;
    let end = date.midnight().assume_utc().unix_timestamp() * 1000 + DAY_MS - 1;
    if end < now {
        return Err(refuse("Valid-until cannot be in the past."));
    }
    if end > now + MAX_VALID_DAYS * DAY_MS + DAY_MS {
        return Err(refuse("Quoted prices hold for at most a year."));
    }
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_until_is_the_end_of_the_day_and_within_a_year() {
        let now = 1_767_225_600_000; // 2026-01-01T00:00:00Z
        assert_eq!(
            parse_valid_until("2026-01-31", now).unwrap(),
            now + 31 * DAY_MS - 1
        );
        assert!(parse_valid_until("2025-12-31", now).is_err());
        assert!(parse_valid_until("2027-03-01", now).is_err());
        assert!(parse_valid_until("31/01/2026", now).is_err());
    }
}
