//! Any bytes, as a body with any `Content-Encoding`, must parse or fail with
//! an error — never panic, never allocate past the limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uplink_intake::envelope::{Limits, from_store_body, parse_with};
use uplink_intake::{decode, model};

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_envelope_bytes: 1 << 20,
        max_item_bytes: 1 << 16,
        max_items: 100,
    };
    // The first byte picks the encoding, the rest is the body.
    let (encoding, body) = match data.split_first() {
        Some((b, rest)) => (
            match b % 4 {
                0 => None,
                1 => Some("gzip"),
                2 => Some("deflate"),
                _ => Some("identity"),
            },
            rest,
        ),
        None => (None, data),
    };
    let Ok(raw) = decode::decode_body(encoding, body, limits.max_envelope_bytes) else {
        return;
    };
    let _ = from_store_body(&raw, limits);
    if let Ok(env) = parse_with(&raw, limits) {
        assert!(env.items.len() <= limits.max_items);
        let _ = env.event_id();
        let _ = env.dsn().and_then(uplink_intake::auth::Dsn::parse);
        for item in &env.items {
            assert!(item.payload.len() <= limits.max_item_bytes);
            if let Ok(v) = item.json() {
                let _ = model::summarize_event(&v);
                let _ = model::summarize_transaction(&v);
                let _ = model::parse_session(&v);
                let _ = model::parse_session_aggregates(&v);
                let _ = model::parse_client_report(&v);
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = uplink_intake::auth::key_from_auth_header(text);
        let _ = uplink_intake::auth::key_from_query(text);
    }
});
