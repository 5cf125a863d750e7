//! Low-data alerts: an e-mail once each time remaining data crosses the
//! customer's threshold. An alert is armed while remaining data is above the
//! threshold; crossing it disarms the alert and records the e-mail in one
//! transaction (conditional on it being armed, so with several servers one
//! sends); rising above again (a top-up, a new period) re-arms it.

use super::dto::{AlertKind, UsageAlert};
use crate::http::state::AppState;
use crate::platform::mail::Email;
use crate::platform::timefmt::rfc3339;
use uplink_db::DbError;
use uplink_db::usage::AlertRow;
use uplink_domain::usage::{BYTES_PER_MB, Meter, Threshold};

/// Alerts the periodic check reads per run.
const PER_RUN: i64 = 5_000;

pub fn kind_of(row: &AlertRow) -> AlertKind {
    if row.threshold_kind == "percent" {
        AlertKind::Percent
    } else {
        AlertKind::Mb
    }
}

pub fn threshold(kind: AlertKind, value: i64) -> Threshold {
    match kind {
        AlertKind::Percent => Threshold::Percent(value),
        AlertKind::Mb => Threshold::Bytes(value.saturating_mul(BYTES_PER_MB)),
    }
}

/// True when the meter is at or below the threshold (never for unlimited data).
pub fn reached(kind: AlertKind, value: i64, meter: &Meter) -> bool {
    match (meter.allowance_mb, meter.remaining_bytes()) {
        (Some(allowance), Some(remaining)) => {
            threshold(kind, value).reached(allowance.saturating_mul(BYTES_PER_MB), remaining)
        }
        _ => false,
    }
}

/// The alert as the API shows it.
pub fn view(row: &AlertRow, meter: &Meter) -> UsageAlert {
    let kind = kind_of(row);
    UsageAlert {
        kind,
        value: row.threshold_value,
        reached: reached(kind, row.threshold_value, meter),
        last_sent_at: row.last_sent_at.map(rfc3339),
    }
}

/// Checks the alerts of `items` (every alert with `None`): e-mails those
/// that crossed, re-arms those above their threshold again. Answers how
/// many e-mails went out.
pub async fn check(state: &AppState, items: Option<&[String]>) -> Result<u64, DbError> {
    let mut sent = 0;
    for alert in state.db.usage_alerts(items, PER_RUN).await? {
        let Some((name, meter)) = state.db.usage_meter(&alert.item_id).await? else {
            continue;
        };
        let is_reached = reached(kind_of(&alert), alert.threshold_value, &meter);
        match (is_reached, alert.armed == 1) {
            (true, true) if fire(state, &alert, &name, &meter).await? => sent += 1,
            (false, false) => {
                state.db.rearm_usage_alert(&alert.item_id).await?;
            }
            _ => {}
        }
    }
    Ok(sent)
}

async fn fire(
    state: &AppState,
    alert: &AlertRow,
    name: &str,
    meter: &Meter,
) -> Result<bool, DbError> {
    let Some(user) = state.db.user_by_id(&alert.user_id).await? else {
        return Ok(false);
    };
    let left = mb_text(meter.remaining_mb().unwrap_or(0));
    let limit = match kind_of(alert) {
        AlertKind::Percent => format!("{} %", alert.threshold_value),
        AlertKind::Mb => mb_text(alert.threshold_value),
    };
    let link = format!("{}/monitoring", state.config.public_url);
    let row = state.mailer.outbox_row(Email {
        kind: "usage_alert",
        user_id: Some(user.id.clone()),
        to: user.email.clone(),
        subject: format!("Low data: {name} has {left} left"),
        text: format!(
            "Hello,\n\n{name} has {left} of data left, at or below your alert threshold of {limit}.\n\n\
             See the usage and top it up: {link}\n\nWe will write again only after it has been topped up \
             above the threshold and crosses it again.\n\n— Uplink"
        ),
        html: None,
    });
    let fired = state
        .db
        .fire_usage_alert(&alert.item_id, &row, uplink_db::now_ms())
        .await?;
    if fired {
        state.mailer.recorded(&row);
    }
    Ok(fired)
}

/// `2048` → `2 GB`, `1536` → `1.5 GB`, `300` → `300 MB`.
pub fn mb_text(mb: i64) -> String {
    if mb >= 1024 {
        let gb = mb as f64 / 1024.0;
        let text = format!("{gb:.1}");
        format!("{} GB", text.trim_end_matches(".0"))
    } else {
        format!("{mb} MB")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_in_gb_or_mb() {
        assert_eq!(mb_text(2048), "2 GB");
        assert_eq!(mb_text(1536), "1.5 GB");
        assert_eq!(mb_text(300), "300 MB");
    }

    #[test]
    fn unlimited_data_never_reaches_a_threshold() {
        let m = Meter {
            allowance_mb: None,
            used_mb: 10,
            partial_bytes: 0,
        };
        assert!(!reached(AlertKind::Percent, 99, &m));
        let m = Meter {
            allowance_mb: Some(100),
            used_mb: 91,
            partial_bytes: 0,
        };
        assert!(reached(AlertKind::Percent, 10, &m));
        assert!(!reached(AlertKind::Mb, 8, &m));
        assert!(reached(AlertKind::Mb, 9, &m));
    }
}
