//! Co-term (SPEC §8): several devices' care coverage brought to one common
//! end date. With an external co-term service configured, the buyer is sent
//! to its fixed pages (`{host}/co-term-quotations`, the selected serials
//! passed along, and its `/success/thanks` page). Without one, Uplink makes
//! the quotation itself: each device's renewal plan (the one auto-renewal
//! would pick) prorated day-exact from the day after its coverage ends to
//! the common end date, submitted to sales at once.

use super::request::{LineTerms, NewQuotation, Source, insert, price};
use crate::commerce::cart::lines::{AddLineRequest, validate};
use crate::commerce::cart::scope::check_store_region;
use crate::commerce::pricing::parse_options;
use crate::commerce::renewals::renewal_product;
use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::StoreContext;
use crate::platform::timefmt::day_text;
use serde::{Deserialize, Serialize};
use uplink_db::cart::{CartContents, CartLine};
use uplink_db::devices::DeviceRow;
use uplink_domain::devices::{date_ms, ms_date};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_domain::plans::{co_term_share, latest_co_term_end};
use uplink_domain::quotations::{LineQuote, QuotationStatus};
use uplink_domain::serial::Serial;
use utoipa::ToSchema;

/// Devices one co-term request may bring together.
pub const MAX_DEVICES: usize = 50;

/// `POST /me/devices/co-term`.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CoTermRequest {
    /// Two or more of the caller's devices.
    pub serials: Vec<String>,
    /// The common end date, `YYYY-MM-DD`; default the latest current expiry.
    #[serde(default)]
    pub end_date: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// Where the co-term request went.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CoTermAnswer {
    /// An external co-term service is configured: continue there.
    pub external_url: Option<String>,
    /// That service's page after a successful request.
    pub external_success_url: Option<String>,
    /// Uplink's own quotation (`Q-000045`), submitted to sales.
    pub quotation_number: Option<String>,
    /// The common end date used (`YYYY-MM-DD`).
    pub end_date: Option<String>,
    /// Devices already covered to the end date (nothing to add for them).
    pub left_out: Vec<String>,
}

/// The fixed external links of SPEC §8 for `serials`.
pub fn external_links(host: &str, serials: &[String]) -> (String, String) {
    (
        format!("{host}/co-term-quotations?serials={}", serials.join(",")),
        format!("{host}/co-term-quotations/success/thanks"),
    )
}

/// Handles a co-term request.
pub async fn request(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    req: &CoTermRequest,
) -> ApiResult<CoTermAnswer> {
    let serials = check_serials(&req.serials)?;
    let note = super::workflow::check_text(
        "note",
        req.note.as_deref().unwrap_or(""),
        super::request::MAX_NOTE_CHARS,
        false,
    )?;
    let mut devices = Vec::with_capacity(serials.len());
    for (i, s) in serials.iter().enumerate() {
        let device = state.db.device_of(auth.id(), s).await?.ok_or_else(|| {
            ApiError::field(
                &format!("serials[{i}]"),
                ErrorCode::NotFound,
                format!("{s} is not one of your devices."),
            )
            .with_status(axum::http::StatusCode::NOT_FOUND)
        })?;
        devices.push(device);
    }
    if let Some(host) = &state.config.checkout.co_term_host {
        let (url, success) = external_links(host, &serials);
        return Ok(CoTermAnswer {
            external_url: Some(url),
            external_success_url: Some(success),
            quotation_number: None,
            end_date: None,
            left_out: Vec::new(),
        });
    }
    check_store_region(store_ctx, Some(&auth.user))?;
    own_quotation(
        state,
        auth,
        store_ctx,
        &devices,
        req.end_date.as_deref(),
        &note,
    )
    .await
}

fn check_serials(raw: &[String]) -> ApiResult<Vec<String>> {
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    for (i, s) in raw.iter().enumerate() {
        let serial = Serial::parse(s).map_err(|_| {
            ApiError::field(
                &format!("serials[{i}]"),
                ErrorCode::InvalidSerial,
                "Serial numbers look like XXXX-XXXX-XXXX.",
            )
        })?;
        let serial = serial.to_string();
        if !out.contains(&serial) {
            out.push(serial);
        }
    }
    if out.len() < 2 || out.len() > MAX_DEVICES {
        return Err(ApiError::field(
            "serials",
            ErrorCode::ValidationFailed,
            format!("Choose 2 to {MAX_DEVICES} devices to bring to one end date."),
        ));
    }
    Ok(out)
}

/// One device's renewal: the plan, its choices, its term.
struct Renewal {
    device: DeviceRow,
    product: u32,
    options: String,
    term_months: u32,
}

async fn own_quotation(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    devices: &[DeviceRow],
    end_date: Option<&str>,
    note: &str,
) -> ApiResult<CoTermAnswer> {
    let snap = &store_ctx.snapshot;
    let serials: Vec<String> = devices.iter().map(|d| d.serial.clone()).collect();
    let history = state.db.warranty_extensions_for(&serials).await?;
    let mut renewals = Vec::with_capacity(devices.len());
    for (i, d) in devices.iter().enumerate() {
        let mine: Vec<_> = history
            .iter()
            .filter(|w| w.serial == d.serial)
            .cloned()
            .collect();
        let (product, options) =
            renewal_product(snap, store_ctx.store, d, &mine).ok_or_else(|| {
                ApiError::field(
                    &format!("serials[{i}]"),
                    ErrorCode::NotSoldInStore,
                    format!(
                        "No care plan for {} is sold in this store; leave it out.",
                        d.serial
                    ),
                )
            })?;
        let term_months = snap
            .product(product)
            .term_months
            .unwrap_or(12)
            .clamp(1, 120) as u32;
        renewals.push(Renewal {
            device: d.clone(),
            product,
            options,
            term_months,
        });
    }
    let expiries: Vec<time::Date> = renewals
        .iter()
        .map(|r| ms_date(r.device.warranty_ends_at))
        .collect();
    let latest_expiry = *expiries.iter().max().expect("two or more devices");
    let shortest = renewals.iter().map(|r| r.term_months).min().unwrap_or(12);
    let latest_end = latest_co_term_end(&expiries, shortest).expect("two or more devices");
    let end = match end_date {
        Some(d) => parse_day(d)?,
        None => latest_expiry,
    };
    if end < latest_expiry || end > latest_end {
        return Err(ApiError::field(
            "end_date",
            ErrorCode::ValidationFailed,
            format!(
                "Choose an end date from {} (the latest current expiry) to {} (one renewal period for the earliest).",
                day_text(date_ms(latest_expiry)),
                day_text(date_ms(latest_end))
            ),
        ));
    }
    let cart_id = format!("co-term-{}", auth.id());
    let mut lines = Vec::new();
    let mut terms = Vec::new();
    let mut left_out = Vec::new();
    for (r, expires) in renewals.iter().zip(&expiries) {
        let offer = snap
            .offer(store_ctx.store, r.product)
            .map_or(0, |o| o.price);
        let share = co_term_share(*expires, end, r.term_months, Money::from_cents(offer));
        if share.days == 0 {
            left_out.push(r.device.serial.clone());
            continue;
        }
        lines.push(line_for(store_ctx, r, &cart_id, lines.len())?);
        terms.push(share);
    }
    if lines.is_empty() {
        return Err(ApiError::field(
            "end_date",
            ErrorCode::ValidationFailed,
            "Every device is already covered to that date; choose a later end date.",
        ));
    }
    let contents = CartContents::unsaved(&cart_id, store_ctx.code(), auth.id(), lines);
    let priced = price(state, auth, store_ctx, Some(&contents)).await?;
    let line_terms: Vec<LineTerms> = priced
        .lines
        .iter()
        .zip(&terms)
        .map(|(l, share)| LineTerms {
            // The prorated price, but never above what the line costs now.
            quote: Some(LineQuote::ProposedTotal {
                cents: share.price.cents().min(l.amounts.subtotal.cents()),
            }),
            coverage_until: Some(date_ms(end)),
        })
        .collect();
    let note = if note.is_empty() {
        format!("Co-term to {}.", day_text(date_ms(end)))
    } else {
        format!("Co-term to {}. {note}", day_text(date_ms(end)))
    };
    let new = NewQuotation {
        snapshot: snap,
        priced: &priced,
        note: &note,
        source: Source::CoTerm,
        status: QuotationStatus::Submitted,
        line_terms: &line_terms,
    };
    let number = insert(state, auth, &new).await?;
    if let Ok(q) = super::load(state, &number).await {
        let author = super::author::Author::buyer(&auth.user);
        super::emails::status_changed(state, &q, QuotationStatus::Submitted, &author, "", None)
            .await;
    }
    Ok(CoTermAnswer {
        external_url: None,
        external_success_url: None,
        quotation_number: Some(number),
        end_date: Some(end.to_string()),
        left_out,
    })
}

/// The renewal line of one device, checked as a cart line.
fn line_for(
    store_ctx: &StoreContext,
    r: &Renewal,
    cart_id: &str,
    position: usize,
) -> ApiResult<CartLine> {
    let snap = &store_ctx.snapshot;
    let add = AddLineRequest {
        sku: snap.product(r.product).sku.clone(),
        qty: Some(1),
        options: parse_options(&r.options),
        serials: vec![r.device.serial.clone()],
        iccid: None,
    };
    Ok(validate(snap, store_ctx.store, &add)?.into_unsaved_line(cart_id, position as i64))
}

fn parse_day(s: &str) -> ApiResult<time::Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(s.trim(), &format).map_err(|_| {
        ApiError::field(
            "end_date",
            ErrorCode::ValidationFailed,
            "Give the end date as YYYY-MM-DD.",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY_MS: i64 = 86_400_000;

    #[test]
    fn the_external_links_are_the_fixed_ones_of_spec_8() {
        let serials = vec!["1111-2222-3333".to_owned(), "AAAA-BBBB-CCCC".to_owned()];
        let (url, thanks) = external_links("https://coterm.example.com", &serials);
        assert_eq!(
            url,
            "https://coterm.example.com/co-term-quotations?serials=1111-2222-3333,AAAA-BBBB-CCCC"
        );
        assert_eq!(
            thanks,
            "https://coterm.example.com/co-term-quotations/success/thanks"
        );
    }

    #[test]
    fn days_and_milliseconds_round_trip() {
        let d = time::macros::date!(2026 - 11 - 26);
        assert_eq!(ms_date(date_ms(d) + DAY_MS - 1), d);
    }
}
