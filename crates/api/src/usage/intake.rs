//! The usage-record intake (SPEC §13): every record is checked field by
//! field (each bad field gets its own error), a batch keeps its good
//! records whatever its bad ones hold, and a record id counts once.

use super::alerts;
use super::dto::{RecordStatus, UsageRecordResult};
use crate::http::error::{ApiError, FieldError};
use crate::http::state::AppState;
use serde_json::{Map, Value};
use std::collections::HashMap;
use uplink_db::usage::{NewUsageRecord, Taken, Target};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::iccid::Iccid;
use uplink_domain::usage::{MAX_BATCH, MAX_RECORD_BYTES, MAX_RECORD_SPAN_MS};

/// How far ahead of the server's clock a period may end (clock skew).
const FUTURE_SLACK_MS: i64 = 10 * 60_000;
const DAY_MS: i64 = 86_400_000;

/// A record's fate before and after the database: checked, or refused with
/// a code, a message and field errors.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
    pub errors: Vec<FieldError>,
}

impl Refusal {
    fn fields(errors: Vec<FieldError>) -> Refusal {
        let code = if errors
            .iter()
            .all(|e| e.code == ErrorCode::InvalidIccid.as_str())
        {
            ErrorCode::InvalidIccid
        } else {
            ErrorCode::ValidationFailed
        };
        let message = match errors.as_slice() {
            [one] => one.message.clone(),
            _ => format!("{} fields are not valid.", errors.len()),
        };
        Refusal {
            code,
            message,
            errors,
        }
    }

    fn of(code: ErrorCode, field: &str, message: &str) -> Refusal {
        Refusal {
            code,
            message: message.to_owned(),
            errors: vec![FieldError::new(field, code, message)],
        }
    }

    /// The problem for a single record; every refusal of a record is 422
    /// (an unknown subscription too: the endpoint itself exists).
    pub fn into_error(self) -> ApiError {
        let mut e = ApiError::new(self.code)
            .with_status(axum::http::StatusCode::UNPROCESSABLE_ENTITY)
            .with_detail(self.message);
        e.errors = self.errors;
        e
    }
}

/// One record's outcome, in the order sent.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub record_id: Option<String>,
    pub result: Result<RecordStatus, Refusal>,
}

impl Outcome {
    pub fn into_result(self, index: usize) -> UsageRecordResult {
        let (status, code, message, errors) = match self.result {
            Ok(status) => (status, None, None, Vec::new()),
            Err(r) => (
                RecordStatus::Refused,
                Some(r.code.as_str().to_owned()),
                Some(r.message),
                r.errors,
            ),
        };
        UsageRecordResult {
            index,
            record_id: self.record_id,
            status,
            code,
            message,
            errors,
        }
    }
}

/// The body as a list of records: an object is one record, an array a
/// batch (1–1,000); anything else is 422.
pub fn records_of(body: Value) -> Result<(Vec<Value>, bool), ApiError> {
    match body {
        Value::Object(_) => Ok((vec![body], false)),
        Value::Array(items) if items.is_empty() => Err(ApiError::field(
            "body",
            ErrorCode::ValidationFailed,
            "Send at least one record.",
        )),
        Value::Array(items) if items.len() > MAX_BATCH => Err(ApiError::field(
            "body",
            ErrorCode::ValidationFailed,
            format!(
                "A batch holds at most {MAX_BATCH} records; this one has {}. Split it.",
                items.len()
            ),
        )),
        Value::Array(items) => Ok((items, true)),
        _ => Err(ApiError::field(
            "body",
            ErrorCode::ValidationFailed,
            "Send a usage record object or an array of them.",
        )),
    }
}

/// Checks every record, takes the good ones in one transaction and answers
/// each record's outcome; the items whose data moved are checked for alerts.
pub async fn take(
    state: &AppState,
    key_id: &str,
    raw: Vec<Value>,
    now: i64,
) -> Result<Vec<Outcome>, ApiError> {
    let oldest = now - state.config.usage_retention_days * DAY_MS;
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(raw.len());
    let mut checked: Vec<NewUsageRecord> = Vec::new();
    // Where each checked record sits among the outcomes, and the first
    // occurrence of each record id in this batch.
    let mut slot_of: Vec<usize> = Vec::new();
    let mut first: HashMap<String, usize> = HashMap::new();
    let mut repeats: Vec<(usize, usize)> = Vec::new();
    for (i, value) in raw.iter().enumerate() {
        let record_id = value
            .get("record_id")
            .and_then(Value::as_str)
            .map(str::to_owned);
        match check(value, now, oldest) {
            Err(refusal) => outcomes.push(Outcome {
                record_id,
                result: Err(refusal),
            }),
            Ok(record) => {
                outcomes.push(Outcome {
                    record_id,
                    result: Ok(RecordStatus::Accepted),
                });
                match first.get(&record.record_id) {
                    Some(&j) => repeats.push((i, j)),
                    None => {
                        first.insert(record.record_id.clone(), checked.len());
                        slot_of.push(i);
                        checked.push(record);
                    }
                }
            }
        }
    }
    let same_as_first: Vec<(usize, usize, bool)> = repeats
        .iter()
        .map(|&(i, j)| {
            (
                i,
                j,
                check(&raw[i], now, oldest).ok().as_ref() == Some(&checked[j]),
            )
        })
        .collect();
    let taken = if checked.is_empty() {
        uplink_db::usage::IntakeOutcome::default()
    } else {
        state.db.take_usage_records(key_id, checked, now).await?
    };
    for (j, t) in taken.taken.iter().enumerate() {
        outcomes[slot_of[j]].result = result_of(*t);
    }
    for (i, j, same) in same_as_first {
        outcomes[i].result = if !same {
            Err(conflict())
        } else {
            match &outcomes[slot_of[j]].result {
                Ok(_) => Ok(RecordStatus::Duplicate),
                Err(r) => Err(r.clone()),
            }
        };
    }
    if !taken.touched_items.is_empty() {
        let state = state.clone();
        let items = taken.touched_items;
        // After the commit, beside the answer: the periodic job catches
        // anything a crash here would miss.
        tokio::spawn(async move {
            if let Err(e) = alerts::check(&state, Some(&items)).await {
                tracing::warn!(error = %e, "usage alert check failed");
            }
        });
    }
    Ok(outcomes)
}

fn conflict() -> Refusal {
    Refusal::of(
        ErrorCode::UsageRecordConflict,
        "record_id",
        "This record id was already taken with other values; send new usage under a new record id.",
    )
}

fn result_of(t: Taken) -> Result<RecordStatus, Refusal> {
    match t {
        Taken::Accepted => Ok(RecordStatus::Accepted),
        Taken::Duplicate => Ok(RecordStatus::Duplicate),
        Taken::Conflict => Err(conflict()),
        Taken::UnknownTarget => Err(Refusal {
            code: ErrorCode::NotFound,
            message: "No subscription or eSIM has this id; check the id you were given.".into(),
            errors: Vec::new(),
        }),
    }
}

/// Checks one record's fields; every bad field gets its own error.
pub fn check(value: &Value, now: i64, oldest: i64) -> Result<NewUsageRecord, Refusal> {
    let Some(obj) = value.as_object() else {
        return Err(Refusal::of(
            ErrorCode::ValidationFailed,
            "record",
            "A usage record is an object with record_id, subscription or iccid, period_start, period_end, bytes_up and bytes_down.",
        ));
    };
    let mut errors = Vec::new();
    let record_id = record_id_of(obj, &mut errors);
    let target = target_of(obj, &mut errors);
    let start = time_of(obj, "period_start", &mut errors);
    let end = time_of(obj, "period_end", &mut errors);
    let bytes_up = bytes_of(obj, "bytes_up", &mut errors);
    let bytes_down = bytes_of(obj, "bytes_down", &mut errors);
    if let (Some(s), Some(e)) = (start, end) {
        period_errors(s, e, now, oldest, &mut errors);
    }
    match (record_id, target, start, end, bytes_up, bytes_down) {
        (
            Some(record_id),
            Some(target),
            Some(period_start),
            Some(period_end),
            Some(bytes_up),
            Some(bytes_down),
        ) if errors.is_empty() => Ok(NewUsageRecord {
            record_id,
            target,
            period_start,
            period_end,
            bytes_up,
            bytes_down,
        }),
        _ => Err(Refusal::fields(errors)),
    }
}

fn invalid(errors: &mut Vec<FieldError>, field: &str, message: impl Into<String>) {
    errors.push(FieldError::new(field, ErrorCode::ValidationFailed, message));
}

fn record_id_of(obj: &Map<String, Value>, errors: &mut Vec<FieldError>) -> Option<String> {
    let ok = |s: &str| {
        (1..=128).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
    };
    match obj.get("record_id") {
        Some(Value::String(s)) if ok(s) => Some(s.clone()),
        None | Some(Value::Null) => {
            invalid(errors, "record_id", "Give the record an id (record_id).");
            None
        }
        _ => {
            invalid(
                errors,
                "record_id",
                "A record id is 1–128 of A–Z, a–z, 0–9, '.', '_', ':' and '-'.",
            );
            None
        }
    }
}

fn target_of(obj: &Map<String, Value>, errors: &mut Vec<FieldError>) -> Option<Target> {
    let text = |k: &str| obj.get(k).filter(|v| !v.is_null());
    match (text("subscription"), text("iccid")) {
        (Some(_), Some(_)) => {
            invalid(
                errors,
                "iccid",
                "Name either a subscription or an ICCID, not both.",
            );
            None
        }
        (None, None) => {
            invalid(
                errors,
                "subscription",
                "Name the subscription (subscription) or the eSIM (iccid) the usage is for.",
            );
            None
        }
        (Some(Value::String(s)), None) if (1..=64).contains(&s.trim().len()) => {
            Some(Target::Subscription(s.trim().to_owned()))
        }
        (Some(_), None) => {
            invalid(
                errors,
                "subscription",
                "A subscription id is text like sub_…",
            );
            None
        }
        (None, Some(Value::String(s))) => match Iccid::parse(s) {
            Ok(iccid) => Some(Target::Iccid(iccid.as_str().to_owned())),
            Err(e) => {
                errors.push(FieldError::new(
                    "iccid",
                    ErrorCode::InvalidIccid,
                    e.to_string(),
                ));
                None
            }
        },
        (None, Some(_)) => {
            errors.push(FieldError::new(
                "iccid",
                ErrorCode::InvalidIccid,
                "An ICCID is 19 or 20 digits.",
            ));
            None
        }
    }
}

fn time_of(obj: &Map<String, Value>, field: &str, errors: &mut Vec<FieldError>) -> Option<i64> {
    let parsed = obj.get(field).and_then(Value::as_str).and_then(|s| {
        time::OffsetDateTime::parse(s, &time::format_description::well_known::Rfc3339).ok()
    });
    match parsed {
        Some(t) => Some((t.unix_timestamp_nanos() / 1_000_000) as i64),
        None => {
            invalid(
                errors,
                field,
                format!("Give {field} as an RFC 3339 time like 2026-11-26T10:00:00Z."),
            );
            None
        }
    }
}

fn bytes_of(obj: &Map<String, Value>, field: &str, errors: &mut Vec<FieldError>) -> Option<i64> {
    match obj.get(field).and_then(Value::as_i64) {
        Some(b) if (0..=MAX_RECORD_BYTES).contains(&b) => Some(b),
        _ => {
            invalid(
                errors,
                field,
                format!("{field} is a whole number of bytes from 0 to {MAX_RECORD_BYTES}."),
            );
            None
        }
    }
}

fn period_errors(start: i64, end: i64, now: i64, oldest: i64, errors: &mut Vec<FieldError>) {
    if end < start {
        invalid(errors, "period_end", "period_end is before period_start.");
    } else if end - start > MAX_RECORD_SPAN_MS {
        invalid(
            errors,
            "period_end",
            "A record covers at most 31 days; split longer periods.",
        );
    }
    if end > now + FUTURE_SLACK_MS {
        invalid(
            errors,
            "period_end",
            "period_end is in the future; send usage once it happened.",
        );
    }
    if start < oldest {
        invalid(
            errors,
            "period_start",
            "This period is older than the records we keep; usage that old can no longer be taken.",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NOW: i64 = 1_790_000_000_000; // 2026-09-21

    fn good() -> Value {
        json!({"record_id": "r-1", "subscription": "sub_x", "period_start": "2026-09-21T08:00:00Z",
               "period_end": "2026-09-21T09:00:00Z", "bytes_up": 10, "bytes_down": 20})
    }

    #[test]
    fn a_good_record_is_taken_apart() {
        let r = check(&good(), NOW, 0).unwrap();
        assert_eq!(r.target, Target::Subscription("sub_x".into()));
        assert_eq!(r.period_end - r.period_start, 3_600_000);
    }

    #[test]
    fn every_bad_field_gets_its_own_error() {
        let bad = json!({"record_id": "", "iccid": "123", "period_start": "yesterday",
                         "period_end": "2026-09-21T09:00:00Z", "bytes_up": -1, "bytes_down": "x"});
        let r = check(&bad, NOW, 0).unwrap_err();
        let fields: Vec<&str> = r.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "record_id",
                "iccid",
                "period_start",
                "bytes_up",
                "bytes_down"
            ]
        );
        assert_eq!(r.code, ErrorCode::ValidationFailed);
    }

    #[test]
    fn periods_are_bounded() {
        let mut v = good();
        v["period_end"] = json!("2026-09-20T09:00:00Z");
        assert_eq!(check(&v, NOW, 0).unwrap_err().errors[0].field, "period_end");
        v["period_end"] = json!("2026-12-01T00:00:00Z");
        assert!(check(&v, NOW, 0).is_err(), "future and over 31 days");
        assert_eq!(
            check(&good(), NOW, NOW).unwrap_err().errors[0].field,
            "period_start"
        );
        v = good();
        v["iccid"] = json!("89440010000000042");
        assert!(check(&v, NOW, 0).is_err(), "both targets");
    }

    #[test]
    fn bodies_are_one_record_or_a_bounded_batch() {
        assert!(!records_of(good()).unwrap().1);
        assert_eq!(records_of(json!([good(), good()])).unwrap().0.len(), 2);
        assert!(records_of(json!([])).is_err());
        assert!(records_of(json!(3)).is_err());
        assert!(records_of(Value::Array(vec![good(); MAX_BATCH + 1])).is_err());
    }
}
