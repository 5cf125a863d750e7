//! Uplink's Sentry-compatible error intake: the envelope parser, body
//! decoding, DSN key extraction, payload summaries and rate-limit headers.
//! No I/O here; the HTTP endpoint lives in `uplink-api`, storage in `uplink-db`.

pub mod auth;
pub mod decode;
pub mod envelope;
pub mod model;
pub mod rate_limit;

pub use envelope::{Envelope, EnvelopeError, Item, Limits, parse, parse_with};

/// Item types the intake stores; every other type is skipped, not rejected.
pub const STORED_ITEM_TYPES: &[&str] = &[
    "event",
    "transaction",
    "session",
    "sessions",
    "client_report",
    "attachment",
];

#[cfg(test)]
mod fixture_tests {
    //! Envelopes as `@sentry/react` 11 sends them (see `fixtures/`).
    use super::*;
    use std::io::Write;

    const EVENT: &[u8] = include_bytes!("../fixtures/event.envelope");
    const SESSION: &[u8] = include_bytes!("../fixtures/session.envelope");
    const SESSIONS: &[u8] = include_bytes!("../fixtures/sessions.envelope");
    const CLIENT_REPORT: &[u8] = include_bytes!("../fixtures/client_report.envelope");
    const TRANSACTION: &[u8] = include_bytes!("../fixtures/transaction.envelope");
    const ATTACHMENT: &[u8] = include_bytes!("../fixtures/attachment.envelope");

    #[test]
    fn a_browser_error_envelope_without_item_lengths_parses() {
        let env = parse(EVENT).unwrap();
        assert_eq!(
            env.event_id().as_deref(),
            Some("9ec79c33ec9942ab8353589fcb2e04dc")
        );
        assert_eq!(env.items.len(), 1);
        let item = &env.items[0];
        assert_eq!(item.item_type, "event");
        let s = model::summarize_event(&item.json().unwrap());
        assert_eq!(
            s.title,
            "TypeError: Cannot read properties of undefined (reading 'price')"
        );
        assert_eq!(s.exception_type.as_deref(), Some("TypeError"));
        assert_eq!(s.release.as_deref(), Some("uplink@0.1.0+abc123"));
        assert_eq!(s.environment.as_deref(), Some("production"));
        assert_eq!(s.browser.as_deref(), Some("Chrome 131"));
        assert_eq!(s.url.as_deref(), Some("http://localhost:8080/cart"));
        assert_eq!(
            s.trace_id.as_deref(),
            Some("771a43a4192642f0b136d5159a501700")
        );
        assert_eq!(
            s.culprit.as_deref(),
            Some("CartLine (http://localhost:8080/assets/main-group-BxY7k2q9.js)")
        );
        assert_eq!(s.timestamp_ms, Some(1_795_199_400_120));
    }

    #[test]
    fn a_session_update_parses() {
        let env = parse(SESSION).unwrap();
        assert_eq!(env.event_id(), None);
        let s = model::parse_session(&env.items[0].json().unwrap()).unwrap();
        assert!(s.init);
        assert_eq!(s.status, model::SessionStatus::Ok);
        assert_eq!(s.release, "uplink@0.1.0+abc123");
    }

    #[test]
    fn session_aggregates_parse() {
        let env = parse(SESSIONS).unwrap();
        let a = model::parse_session_aggregates(&env.items[0].json().unwrap());
        assert_eq!(a.iter().map(|g| g.total).sum::<i64>(), 18);
        assert_eq!(a.iter().map(|g| g.crashed).sum::<i64>(), 1);
    }

    #[test]
    fn a_client_report_carries_the_dsn_header_and_no_trailing_newline() {
        let env = parse(CLIENT_REPORT).unwrap();
        let dsn = auth::Dsn::parse(env.dsn().unwrap()).unwrap();
        assert_eq!(dsn.public_key, "0123456789abcdef0123456789abcdef");
        let d = model::parse_client_report(&env.items[0].json().unwrap());
        assert_eq!(d.len(), 2);
        assert_eq!(
            (d[1].reason.as_str(), d[1].category.as_str(), d[1].quantity),
            ("sample_rate", "transaction", 7)
        );
    }

    #[test]
    fn a_navigation_transaction_parses() {
        let env = parse(TRANSACTION).unwrap();
        let t = model::summarize_transaction(&env.items[0].json().unwrap()).unwrap();
        assert_eq!(t.name, "/products/:slug");
        assert_eq!(t.op.as_deref(), Some("navigation"));
        assert_eq!(t.duration_ms, 480);
        assert_eq!(t.span_count, 1);
    }

    #[test]
    fn attachments_with_lengths_keep_their_bytes_even_with_newlines() {
        let env = parse(ATTACHMENT).unwrap();
        assert_eq!(env.items.len(), 2);
        assert_eq!(env.items[0].item_type, "event");
        assert_eq!(env.items[0].json().unwrap()["message"], "checkout failed");
        let a = &env.items[1];
        assert_eq!(a.item_type, "attachment");
        assert_eq!(a.header_str("filename"), Some("cart-state.json"));
        assert_eq!(a.payload, b"{\"lines\":2,\n\"ok\":false}");
    }

    #[test]
    fn several_items_of_mixed_kinds_parse_in_order() {
        let mut body = EVENT.to_vec();
        // The session envelope's items appended to the event envelope.
        let session_items = SESSION.splitn(2, |b| *b == b'\n').nth(1).unwrap();
        body.extend_from_slice(session_items);
        body.extend_from_slice(b"{\"type\":\"profile_chunk\",\"length\":2}\n{}\n");
        let env = parse(&body).unwrap();
        let types: Vec<&str> = env.items.iter().map(|i| i.item_type.as_str()).collect();
        assert_eq!(types, ["event", "session", "profile_chunk"]);
        assert!(!STORED_ITEM_TYPES.contains(&"profile_chunk"));
    }

    #[test]
    fn gzip_bodies_decode_to_the_same_envelope() {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(TRANSACTION).unwrap();
        let gz = e.finish().unwrap();
        let raw = decode::decode_body(Some("gzip"), &gz, envelope::MAX_ENVELOPE_BYTES).unwrap();
        assert_eq!(parse(&raw).unwrap(), parse(TRANSACTION).unwrap());
    }

    #[test]
    fn crlf_line_ends_and_an_empty_envelope_are_accepted() {
        let text = String::from_utf8(SESSION.to_vec())
            .unwrap()
            .replace('\n', "\r\n");
        assert_eq!(parse(text.as_bytes()).unwrap().items.len(), 1);
        assert_eq!(parse(b"{}").unwrap().items.len(), 0);
        assert_eq!(parse(b"{}\n").unwrap().items.len(), 0);
    }

    #[test]
    fn bad_headers_are_malformed() {
        for body in [
            &b""[..],
            b"\n{\"type\":\"event\"}\n{}",
            b"not json\n",
            b"[1,2]\n",
            b"{}\n{\"length\":2}\n{}",
            b"{}\n{\"type\":\"\"}\n{}",
            b"{}\n{\"type\":7}\n{}",
            b"{}\n{\"type\":\"event\",\"length\":-1}\n{}",
            b"{}\n{\"type\":\"event\",\"length\":\"2\"}\n{}",
            b"{}\nthis is no header\n",
        ] {
            assert!(
                matches!(parse(body), Err(EnvelopeError::Malformed(_))),
                "{:?} should be malformed",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn truncated_input_is_malformed_at_every_cut() {
        // Cutting the attachment envelope anywhere inside a length-prefixed
        // payload must fail cleanly; no cut may panic.
        for cut in 0..ATTACHMENT.len() {
            let _ = parse(&ATTACHMENT[..cut]);
        }
        let at = ATTACHMENT.len() - 5;
        assert!(
            matches!(parse(&ATTACHMENT[..at]), Err(EnvelopeError::Malformed(m)) if m.contains("truncated"))
        );
    }

    #[test]
    fn size_limits_give_too_large() {
        let limits = Limits {
            max_envelope_bytes: 100,
            max_item_bytes: 10,
            max_items: 3,
        };
        assert!(matches!(
            parse_with(&[b' '; 101], limits),
            Err(EnvelopeError::TooLarge(_))
        ));
        assert!(matches!(
            parse_with(b"{}\n{\"type\":\"event\",\"length\":11}\n", limits),
            Err(EnvelopeError::TooLarge(_))
        ));
        assert!(matches!(
            parse_with(b"{}\n{\"type\":\"event\"}\n{\"a\":\"0123456789\"}", limits),
            Err(EnvelopeError::TooLarge(_))
        ));
        assert!(matches!(
            parse_with(b"{}\n{\"type\":\"a\"}\n1\n{\"type\":\"a\"}\n1\n{\"type\":\"a\"}\n1\n{\"type\":\"a\"}\n1", limits),
            Err(EnvelopeError::Malformed(_))
        ));
        let big = vec![b'x'; envelope::MAX_ITEM_BYTES + 1];
        let mut body = b"{}\n{\"type\":\"attachment\"}\n".to_vec();
        body.extend_from_slice(&big);
        assert!(matches!(parse(&body), Err(EnvelopeError::TooLarge(_))));
    }

    #[test]
    fn legacy_store_bodies_become_one_event_item() {
        let env = envelope::from_store_body(
            br#"{"event_id":"9ec79c33-ec99-42ab-8353-589fcb2e04dc","message":"hi"}"#,
            Limits::default(),
        )
        .unwrap();
        assert_eq!(
            env.event_id().as_deref(),
            Some("9ec79c33ec9942ab8353589fcb2e04dc")
        );
        assert_eq!(env.items[0].item_type, "event");
        assert!(envelope::from_store_body(b"[]", Limits::default()).is_err());
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..512)) {
            let _ = parse(&bytes);
            let _ = decode::decode_body(Some("gzip"), &bytes, 4096);
            let _ = decode::decode_body(Some("deflate"), &bytes, 4096);
        }

        #[test]
        fn mutated_real_envelopes_never_panic(pos in 0usize..1897, byte in proptest::prelude::any::<u8>()) {
            let mut body = EVENT.to_vec();
            if let Some(b) = body.get_mut(pos) { *b = byte; }
            if let Ok(env) = parse(&body) {
                for item in &env.items {
                    if let Ok(v) = item.json() {
                        let _ = model::summarize_event(&v);
                        let _ = model::summarize_transaction(&v);
                        let _ = model::parse_session(&v);
                    }
                }
            }
        }
    }
}
