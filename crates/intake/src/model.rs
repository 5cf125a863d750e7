//! What the intake keeps from each item type: summaries extracted from the
//! (untrusted) JSON payloads. Every accessor tolerates missing or oddly typed
//! fields; a field of the wrong type is treated as absent.
//! The summaries are plain data in `uplink_domain::intake` (storage writes
//! them without the parser) and are re-exported here.

use serde_json::Value;
use sha2::{Digest, Sha256};
pub use uplink_domain::intake::{
    Discarded, EventSummary, SessionAggregate, SessionStatus, SessionUpdate, TransactionSummary,
};

/// How many in-app frames from the top of the stack make an error's fingerprint.
pub const FINGERPRINT_FRAMES: usize = 5;
/// Longest title or culprit kept.
const MAX_TITLE: usize = 200;

fn s<'a>(v: &'a Value, path: &[&str]) -> Option<&'a str> {
    let mut cur = v;
    for key in path {
        cur = cur.get(key)?;
    }
    cur.as_str().filter(|s| !s.is_empty())
}

fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// A timestamp as unix ms: Sentry sends RFC 3339 strings or float seconds.
pub fn timestamp_ms(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Number(n) => n
            .as_f64()
            .filter(|f| f.is_finite() && *f >= 0.0 && *f < 1e11)
            .map(|f| (f * 1000.0) as i64),
        Value::String(text) => {
            time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
                .ok()
                .map(|t| (t.unix_timestamp_nanos() / 1_000_000) as i64)
        }
        _ => None,
    }
}

/// One stack frame as stored and shown.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Frame {
    pub function: String,
    pub filename: String,
    pub lineno: Option<i64>,
    pub colno: Option<i64>,
    pub in_app: bool,
}

/// Reads an error event.
pub fn summarize_event(event: &Value) -> EventSummary {
    let exception = primary_exception(event);
    let exception_type = exception.and_then(|e| s(e, &["type"])).map(str::to_owned);
    let exception_value = exception.and_then(|e| s(e, &["value"]));
    let message = event_message(event);
    let frames = exception.map(frames_of).unwrap_or_default();
    let top_frames = top_in_app_frames(&frames);
    let title = match (&exception_type, exception_value, message) {
        (Some(t), Some(v), _) => format!("{t}: {v}"),
        (Some(t), None, _) => t.clone(),
        (None, Some(v), _) => v.to_owned(),
        (None, None, Some(m)) => m.to_owned(),
        (None, None, None) => "<untitled error>".to_owned(),
    };
    let culprit = top_frames
        .first()
        .map(|f| format!("{} ({})", f.function, f.filename))
        .or_else(|| s(event, &["transaction"]).map(str::to_owned))
        .or_else(|| s(event, &["culprit"]).map(str::to_owned));
    let fingerprint = fingerprint_of(event, exception_type.as_deref(), &top_frames, &title);
    EventSummary {
        level: s(event, &["level"]).unwrap_or("error").to_owned(),
        title: truncate(&title, MAX_TITLE),
        culprit: culprit.map(|c| truncate(&c, MAX_TITLE)),
        exception_type,
        fingerprint,
        release: s(event, &["release"]).map(|r| truncate(r, 200)),
        environment: s(event, &["environment"]).map(|r| truncate(r, 64)),
        browser: browser_of(event),
        url: s(event, &["request", "url"]).map(|u| truncate(u, 500)),
        trace_id: trace_id_of(event),
        user: user_of(event),
        timestamp_ms: timestamp_ms(event.get("timestamp")),
    }
}

/// The exception that was thrown (the last of `exception.values`; older SDKs sent a bare list).
fn primary_exception(event: &Value) -> Option<&Value> {
    let values = event.get("exception")?;
    let list = values.get("values").unwrap_or(values).as_array()?;
    list.last().filter(|v| v.is_object())
}

fn event_message(event: &Value) -> Option<&str> {
    s(event, &["logentry", "formatted"])
        .or_else(|| s(event, &["logentry", "message"]))
        .or_else(|| s(event, &["message"]))
        .or_else(|| s(event, &["message", "formatted"]))
        .or_else(|| s(event, &["message", "message"]))
}

/// The frames of one exception, oldest call first (Sentry's order).
pub fn frames_of(exception: &Value) -> Vec<Frame> {
    let Some(frames) = exception
        .get("stacktrace")
        .and_then(|st| st.get("frames"))
        .and_then(Value::as_array)
    else {
        return Vec::new();
    };
    frames
        .iter()
        .filter(|f| f.is_object())
        .map(|f| Frame {
            function: s(f, &["function"]).unwrap_or("?").to_owned(),
            filename: s(f, &["filename"])
                .or_else(|| s(f, &["abs_path"]))
                .or_else(|| s(f, &["module"]))
                .unwrap_or("<unknown>")
                .to_owned(),
            lineno: f.get("lineno").and_then(Value::as_i64),
            colno: f.get("colno").and_then(Value::as_i64),
            in_app: f.get("in_app").and_then(Value::as_bool).unwrap_or(true),
        })
        .collect()
}

/// Up to [`FINGERPRINT_FRAMES`] frames nearest the throw, preferring in-app
/// frames (all frames when none is in-app). Newest first.
fn top_in_app_frames(frames: &[Frame]) -> Vec<Frame> {
    let in_app: Vec<&Frame> = frames.iter().filter(|f| f.in_app).collect();
    let chosen: Vec<&Frame> = if in_app.is_empty() {
        frames.iter().collect()
    } else {
        in_app
    };
    chosen
        .into_iter()
        .rev()
        .take(FINGERPRINT_FRAMES)
        .cloned()
        .collect()
}

/// Strips what changes between deployments from a frame's file: the origin,
/// query and fragment, and a bundler's content hash (`main-BxY7_k2q.js` → `main.js`).
pub fn normalize_filename(filename: &str) -> String {
    let mut f = filename;
    if let Some((_, rest)) = f.split_once("://") {
        f = rest.find('/').map_or("", |i| &rest[i..]);
    }
    let f = f.split(['?', '#']).next().unwrap_or(f);
    let (dir, file) = f.rsplit_once('/').unwrap_or(("", f));
    let (stem, ext) = file.rsplit_once('.').unwrap_or((file, ""));
    let stem = match stem.rsplit_once(['-', '.']) {
        Some((base, hash))
            if hash.len() >= 8
                && hash.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && hash
                    .chars()
                    .any(|c| c.is_ascii_digit() || c.is_ascii_uppercase()) =>
        {
            base
        }
        _ => stem,
    };
    let file = if ext.is_empty() {
        stem.to_owned()
    } else {
        format!("{stem}.{ext}")
    };
    if dir.is_empty() {
        file
    } else {
        format!("{dir}/{file}")
    }
}

/// Issues group events by fingerprint: the SDK's own `fingerprint` when it set
/// one; else the exception type and the top in-app frames (function and
/// normalised file, no line numbers); else the exception type and value, or the message.
fn fingerprint_of(
    event: &Value,
    exception_type: Option<&str>,
    top: &[Frame],
    title: &str,
) -> String {
    let mut h = Sha256::new();
    let custom: Option<Vec<&str>> = event
        .get("fingerprint")
        .and_then(Value::as_array)
        .map(|parts| parts.iter().filter_map(Value::as_str).collect::<Vec<_>>())
        .filter(|parts| !parts.is_empty() && parts.iter().all(|p| !p.contains("{{")));
    if let Some(parts) = custom {
        h.update(b"custom\0");
        for p in parts {
            h.update(p.as_bytes());
            h.update(b"\0");
        }
    } else if let (Some(t), false) = (exception_type, top.is_empty()) {
        h.update(b"exception\0");
        h.update(t.as_bytes());
        for f in top {
            h.update(b"\0");
            h.update(f.function.as_bytes());
            h.update(b"@");
            h.update(normalize_filename(&f.filename).as_bytes());
        }
    } else {
        h.update(b"message\0");
        h.update(title.as_bytes());
    }
    hex::encode(&h.finalize()[..16])
}

fn browser_of(event: &Value) -> Option<String> {
    if let Some(name) = s(event, &["contexts", "browser", "name"]) {
        let version =
            s(event, &["contexts", "browser", "version"]).map(|v| v.split('.').next().unwrap_or(v));
        return Some(truncate(
            &match version {
                Some(v) => format!("{name} {v}"),
                None => name.to_owned(),
            },
            64,
        ));
    }
    let headers = event.get("request")?.get("headers")?;
    let ua = headers
        .as_object()?
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("user-agent"))
        .and_then(|(_, v)| v.as_str())?;
    browser_from_user_agent(ua)
}

/// A readable browser name and major version from a `User-Agent`.
pub fn browser_from_user_agent(ua: &str) -> Option<String> {
    let version_after = |marker: &str| {
        ua.split(marker)
            .nth(1)
            .map(|rest| rest.split(['.', ' ', ';', ')']).next().unwrap_or(""))
            .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()))
            .map(str::to_owned)
    };
    let found = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chromium/", "Chromium"),
        ("HeadlessChrome/", "Chrome Headless"),
        ("Chrome/", "Chrome"),
        ("CriOS/", "Chrome Mobile iOS"),
    ]
    .iter()
    .find_map(|(marker, name)| version_after(marker).map(|v| format!("{name} {v}")));
    found.or_else(|| {
        ua.contains("Safari/")
            .then(|| version_after("Version/").map(|v| format!("Safari {v}")))
            .flatten()
    })
}

fn trace_id_of(event: &Value) -> Option<String> {
    let id = s(event, &["contexts", "trace", "trace_id"])?;
    (id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit())).then(|| id.to_ascii_lowercase())
}

fn user_of(event: &Value) -> Option<String> {
    let user = event.get("user")?;
    let pick = |k: &str| {
        s(user, &[k])
            .map(str::to_owned)
            .or_else(|| user.get(k).and_then(Value::as_i64).map(|n| n.to_string()))
    };
    pick("id")
        .map(|v| format!("id:{v}"))
        .or_else(|| pick("email").map(|v| format!("email:{v}")))
        .or_else(|| pick("username").map(|v| format!("username:{v}")))
        .or_else(|| {
            pick("ip_address")
                .filter(|ip| ip != "{{auto}}")
                .map(|v| format!("ip:{v}"))
        })
        .map(|u| truncate(&u, 200))
}

pub fn summarize_transaction(tx: &Value) -> Option<TransactionSummary> {
    let start = timestamp_ms(tx.get("start_timestamp"))?;
    let end = timestamp_ms(tx.get("timestamp"))?;
    Some(TransactionSummary {
        name: truncate(s(tx, &["transaction"]).unwrap_or("<unnamed>"), 200),
        op: s(tx, &["contexts", "trace", "op"]).map(|o| truncate(o, 64)),
        duration_ms: (end - start).clamp(0, 24 * 3600 * 1000),
        release: s(tx, &["release"]).map(|r| truncate(r, 200)),
        environment: s(tx, &["environment"]).map(|r| truncate(r, 64)),
        trace_id: trace_id_of(tx),
        timestamp_ms: Some(end),
        span_count: tx
            .get("spans")
            .and_then(Value::as_array)
            .map_or(0, Vec::len),
    })
}

pub fn parse_session(v: &Value) -> Option<SessionUpdate> {
    let status = match s(v, &["status"]).unwrap_or("ok") {
        "ok" => SessionStatus::Ok,
        "exited" => SessionStatus::Exited,
        "crashed" => SessionStatus::Crashed,
        "abnormal" => SessionStatus::Abnormal,
        _ => return None,
    };
    Some(SessionUpdate {
        sid: truncate(s(v, &["sid"])?, 64),
        init: v.get("init").and_then(Value::as_bool).unwrap_or(false),
        status,
        errors: v.get("errors").and_then(Value::as_i64).unwrap_or(0).max(0),
        started_ms: timestamp_ms(v.get("started")),
        // Sentry drops sessions without a release; so do we.
        release: truncate(s(v, &["attrs", "release"])?, 200),
        environment: s(v, &["attrs", "environment"]).map(|e| truncate(e, 64)),
    })
}

pub fn parse_session_aggregates(v: &Value) -> Vec<SessionAggregate> {
    let Some(release) = s(v, &["attrs", "release"]) else {
        return Vec::new();
    };
    let environment = s(v, &["attrs", "environment"]).map(|e| truncate(e, 64));
    let Some(groups) = v.get("aggregates").and_then(Value::as_array) else {
        return Vec::new();
    };
    let n = |g: &Value, k: &str| {
        g.get(k)
            .and_then(Value::as_i64)
            .unwrap_or(0)
            .clamp(0, 1_000_000_000)
    };
    groups
        .iter()
        .map(|g| {
            let (exited, errored, crashed, abnormal) = (
                n(g, "exited"),
                n(g, "errored"),
                n(g, "crashed"),
                n(g, "abnormal"),
            );
            SessionAggregate {
                release: truncate(release, 200),
                environment: environment.clone(),
                started_ms: timestamp_ms(g.get("started")),
                total: exited + errored + crashed + abnormal,
                // Sentry's `errored` excludes crashed and abnormal ones; we count all unhealthy sessions as errored.
                errored: errored + crashed + abnormal,
                crashed,
                abnormal,
            }
        })
        .filter(|a| a.total > 0)
        .collect()
}

pub fn parse_client_report(v: &Value) -> Vec<Discarded> {
    let Some(list) = v.get("discarded_events").and_then(Value::as_array) else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|d| {
            Some(Discarded {
                reason: truncate(s(d, &["reason"])?, 64),
                category: truncate(s(d, &["category"])?, 64),
                quantity: d
                    .get("quantity")
                    .and_then(Value::as_i64)?
                    .clamp(0, 1_000_000_000),
            })
        })
        .filter(|d| d.quantity > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hashed_bundle_names_lose_their_hash_and_origin() {
        assert_eq!(
            normalize_filename("http://localhost:8080/assets/main-BxY7_k2q.js?v=1"),
            "/assets/main.js"
        );
        assert_eq!(
            normalize_filename("/assets/index-CdE12345.js"),
            "/assets/index.js"
        );
        assert_eq!(
            normalize_filename("app:///src/lib/cart.ts"),
            "/src/lib/cart.ts"
        );
        assert_eq!(normalize_filename("cart-page.tsx"), "cart-page.tsx");
        assert_eq!(normalize_filename("<anonymous>"), "<anonymous>");
    }

    #[test]
    fn the_same_throw_site_in_another_build_groups_together() {
        let ev = |file: &str, line: i64, value: &str| {
            json!({
                "exception": {"values": [{"type": "TypeError", "value": value, "stacktrace": {"frames": [
                    {"function": "dispatch", "filename": "http://x/assets/vendor-AAAA1111.js", "in_app": false, "lineno": 1},
                    {"function": "onClick", "filename": file, "lineno": line, "in_app": true},
                ]}}]}
            })
        };
        let a = summarize_event(&ev(
            "http://x/assets/main-BxY7k2q9.js",
            10,
            "a is undefined",
        ));
        let b = summarize_event(&ev(
            "http://y/assets/main-Zz9aa8Q1.js",
            99,
            "b is undefined",
        ));
        let c = summarize_event(&ev(
            "http://y/assets/cart-Zz9aa8Q1.js",
            99,
            "a is undefined",
        ));
        assert_eq!(a.fingerprint, b.fingerprint);
        assert_ne!(a.fingerprint, c.fingerprint);
        assert_eq!(a.title, "TypeError: a is undefined");
        assert_eq!(
            a.culprit.as_deref(),
            Some("onClick (http://x/assets/main-BxY7k2q9.js)")
        );
    }

    #[test]
    fn messages_group_by_text_and_custom_fingerprints_win() {
        let m1 = summarize_event(&json!({"message": "disk full", "level": "warning"}));
        let m2 = summarize_event(&json!({"logentry": {"formatted": "disk full"}}));
        assert_eq!(m1.fingerprint, m2.fingerprint);
        assert_eq!(m1.level, "warning");
        assert_eq!(m2.level, "error");
        let f1 = summarize_event(&json!({"message": "a", "fingerprint": ["checkout", "declined"]}));
        let f2 = summarize_event(&json!({"message": "b", "fingerprint": ["checkout", "declined"]}));
        assert_eq!(f1.fingerprint, f2.fingerprint);
        let d = summarize_event(&json!({"message": "a", "fingerprint": ["{{ default }}"]}));
        assert_eq!(
            d.fingerprint,
            summarize_event(&json!({"message": "a"})).fingerprint
        );
    }

    #[test]
    fn odd_types_are_treated_as_absent() {
        let e = summarize_event(
            &json!({"exception": {"values": [1, "x"]}, "level": 5, "user": [], "request": {"url": 3},
            "contexts": {"trace": {"trace_id": "nothex"}}, "timestamp": "yesterday"}),
        );
        assert_eq!(e.title, "<untitled error>");
        assert_eq!(
            (e.user, e.url, e.trace_id, e.timestamp_ms),
            (None, None, None, None)
        );
        let e = summarize_event(&json!(null));
        assert_eq!(e.level, "error");
    }

    #[test]
    fn browsers_come_from_contexts_or_the_user_agent() {
        let ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
        assert_eq!(browser_from_user_agent(ua).as_deref(), Some("Chrome 131"));
        assert_eq!(browser_from_user_agent("Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15").as_deref(), Some("Safari 17"));
        assert_eq!(
            browser_from_user_agent("Mozilla/5.0 (X11; rv:133.0) Gecko/20100101 Firefox/133.0")
                .as_deref(),
            Some("Firefox 133")
        );
        assert_eq!(browser_from_user_agent("curl/8"), None);
        let e = summarize_event(
            &json!({"contexts": {"browser": {"name": "Edge", "version": "120.0.1"}}}),
        );
        assert_eq!(e.browser.as_deref(), Some("Edge 120"));
    }

    #[test]
    fn timestamps_are_rfc3339_or_float_seconds() {
        assert_eq!(
            timestamp_ms(Some(&json!(1_700_000_000.5))),
            Some(1_700_000_000_500)
        );
        assert_eq!(
            timestamp_ms(Some(&json!("2023-11-14T22:13:20.000Z"))),
            Some(1_700_000_000_000)
        );
        assert_eq!(timestamp_ms(Some(&json!(-1))), None);
        assert_eq!(timestamp_ms(Some(&json!(f64::MAX))), None);
    }

    #[test]
    fn users_prefer_id_then_email_and_ignore_auto_ips() {
        assert_eq!(
            user_of(&json!({"user": {"id": 7, "email": "a@b"}})).as_deref(),
            Some("id:7")
        );
        assert_eq!(
            user_of(&json!({"user": {"email": "a@b"}})).as_deref(),
            Some("email:a@b")
        );
        assert_eq!(user_of(&json!({"user": {"ip_address": "{{auto}}"}})), None);
    }

    #[test]
    fn session_aggregates_count_every_outcome() {
        let a = parse_session_aggregates(
            &json!({"attrs": {"release": "1.0", "environment": "production"},
            "aggregates": [{"started": "2024-01-01T10:00:00Z", "exited": 5, "errored": 2, "crashed": 1}, {"exited": 0}]}),
        );
        assert_eq!(a.len(), 1);
        assert_eq!((a[0].total, a[0].errored, a[0].crashed), (8, 3, 1));
        assert!(parse_session_aggregates(&json!({"aggregates": [{"exited": 1}]})).is_empty());
    }

    #[test]
    fn sessions_without_a_release_are_dropped() {
        assert!(parse_session(&json!({"sid": "a", "status": "ok"})).is_none());
        assert!(
            parse_session(&json!({"sid": "a", "status": "weird", "attrs": {"release": "1"}}))
                .is_none()
        );
        let s = parse_session(&json!({"sid": "a", "init": true, "status": "crashed", "errors": 2, "attrs": {"release": "1"}})).unwrap();
        assert_eq!(
            (s.init, s.status, s.errors),
            (true, SessionStatus::Crashed, 2)
        );
    }
}
