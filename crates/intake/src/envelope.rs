//! The Sentry envelope format, parsed from bytes without trusting them.
//!
//! ```text
//! {"event_id":"…","dsn":"…","sent_at":"…"}\n        envelope headers (one JSON object)
//! {"type":"event","length":41}\n                    item header
//! {"message":"hello","level":"error"}\n             payload: `length` bytes, or up to the next \n
//! {"type":"attachment","length":3,"filename":"a.txt"}\n
//! abc
//! ```
//!
//! Every slice access is checked: malformed input yields an [`EnvelopeError`],
//! never a panic (the fuzz target under `fuzz/` holds us to that).

use serde_json::{Map, Value};

/// Size limits (SPEC §14 issue: 1 MB per item, 20 MB per envelope, after decompression).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_envelope_bytes: usize,
    pub max_item_bytes: usize,
    /// Items beyond this count are a malformed envelope (protects the storage loop).
    pub max_items: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_envelope_bytes: MAX_ENVELOPE_BYTES,
            max_item_bytes: MAX_ITEM_BYTES,
            max_items: 1000,
        }
    }
}

pub const MAX_ENVELOPE_BYTES: usize = 20 * 1024 * 1024;
pub const MAX_ITEM_BYTES: usize = 1024 * 1024;

/// Why an envelope was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// Answered 400 with the message in `X-Sentry-Error`.
    #[error("{0}")]
    Malformed(String),
    /// Answered 413.
    #[error("{0}")]
    TooLarge(String),
}

impl EnvelopeError {
    fn malformed(msg: impl Into<String>) -> Self {
        EnvelopeError::Malformed(msg.into())
    }
}

/// One item: its type, its header object, and its payload bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub item_type: String,
    pub headers: Map<String, Value>,
    pub payload: Vec<u8>,
}

impl Item {
    /// The payload as JSON (events, transactions, sessions, client reports).
    pub fn json(&self) -> Result<Value, EnvelopeError> {
        serde_json::from_slice(&self.payload).map_err(|e| {
            EnvelopeError::malformed(format!("{} item is not valid JSON: {e}", self.item_type))
        })
    }

    /// A string header such as `filename` or `content_type`.
    pub fn header_str(&self, key: &str) -> Option<&str> {
        self.headers.get(key).and_then(Value::as_str)
    }
}

/// A parsed envelope.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Envelope {
    pub headers: Map<String, Value>,
    pub items: Vec<Item>,
}

impl Envelope {
    /// `event_id` from the envelope headers, when it is a 32-hex-digit id (dashes allowed).
    pub fn event_id(&self) -> Option<String> {
        self.headers
            .get("event_id")
            .and_then(Value::as_str)
            .and_then(normalize_event_id)
    }

    /// The `dsn` envelope header.
    pub fn dsn(&self) -> Option<&str> {
        self.headers.get("dsn").and_then(Value::as_str)
    }
}

/// A Sentry event id: 32 lower-case hex digits (UUIDs with dashes are accepted).
pub fn normalize_event_id(raw: &str) -> Option<String> {
    let id: String = raw.chars().filter(|c| *c != '-').collect();
    (id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit())).then(|| id.to_ascii_lowercase())
}

/// Parses an (already decompressed) envelope with the default limits.
pub fn parse(bytes: &[u8]) -> Result<Envelope, EnvelopeError> {
    parse_with(bytes, Limits::default())
}

/// Parses an (already decompressed) envelope.
pub fn parse_with(bytes: &[u8], limits: Limits) -> Result<Envelope, EnvelopeError> {
    if bytes.len() > limits.max_envelope_bytes {
        return Err(EnvelopeError::TooLarge(format!(
            "envelope exceeds {} bytes",
            limits.max_envelope_bytes
        )));
    }
    let (header_line, mut rest) = split_line(bytes);
    let headers = json_object(header_line, "envelope header")?;
    let mut items = Vec::new();
    loop {
        // Blank lines between items (and a trailing newline) are tolerated.
        while let Some((b'\n' | b'\r', tail)) = rest.split_first() {
            rest = tail;
        }
        if rest.is_empty() {
            break;
        }
        if items.len() >= limits.max_items {
            return Err(EnvelopeError::malformed(format!(
                "more than {} items",
                limits.max_items
            )));
        }
        let (line, after_header) = split_line(rest);
        let item_headers = json_object(line, "item header")?;
        let item_type = match item_headers.get("type") {
            Some(Value::String(t)) if !t.is_empty() => t.clone(),
            _ => return Err(EnvelopeError::malformed("item header has no type")),
        };
        let (payload, after_payload) = match item_headers.get("length") {
            None | Some(Value::Null) => {
                let (line, tail) = split_line(after_header);
                (line, tail)
            }
            Some(len) => {
                let len = len
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or_else(|| {
                        EnvelopeError::malformed("item length is not a non-negative integer")
                    })?;
                if len > limits.max_item_bytes {
                    return Err(too_large_item(&item_type, limits));
                }
                let payload = after_header.get(..len).ok_or_else(|| {
                    EnvelopeError::malformed(format!(
                        "{item_type} item is truncated: {len} bytes announced, {} present",
                        after_header.len()
                    ))
                })?;
                let tail = after_header.get(len..).unwrap_or_default();
                // One newline may follow a payload of known length.
                let tail = match tail.split_first() {
                    Some((b'\n', t)) => t,
                    Some((b'\r', t)) => t.strip_prefix(b"\n").unwrap_or(t),
                    _ => tail,
                };
                (payload, tail)
            }
        };
        if payload.len() > limits.max_item_bytes {
            return Err(too_large_item(&item_type, limits));
        }
        items.push(Item {
            item_type,
            headers: item_headers,
            payload: payload.to_vec(),
        });
        rest = after_payload;
    }
    Ok(Envelope { headers, items })
}

fn too_large_item(item_type: &str, limits: Limits) -> EnvelopeError {
    EnvelopeError::TooLarge(format!(
        "{item_type} item exceeds {} bytes",
        limits.max_item_bytes
    ))
}

/// The bytes before the first `\n` (a trailing `\r` removed) and the bytes after it.
fn split_line(bytes: &[u8]) -> (&[u8], &[u8]) {
    match bytes.iter().position(|b| *b == b'\n') {
        Some(i) => {
            let line = bytes.get(..i).unwrap_or_default();
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            (line, bytes.get(i + 1..).unwrap_or_default())
        }
        None => (bytes, &[]),
    }
}

fn json_object(line: &[u8], what: &str) -> Result<Map<String, Value>, EnvelopeError> {
    let trimmed = line.trim_ascii();
    if trimmed.is_empty() {
        return Err(EnvelopeError::malformed(format!("{what} is missing")));
    }
    match serde_json::from_slice::<Value>(trimmed) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(EnvelopeError::malformed(format!(
            "{what} is not a JSON object"
        ))),
        Err(e) => Err(EnvelopeError::malformed(format!(
            "{what} is not valid JSON: {e}"
        ))),
    }
}

/// A legacy `/store/` body: one event JSON object, wrapped as a one-item envelope.
pub fn from_store_body(bytes: &[u8], limits: Limits) -> Result<Envelope, EnvelopeError> {
    if bytes.len() > limits.max_item_bytes {
        return Err(too_large_item("event", limits));
    }
    let event = json_object(bytes, "event")?;
    let mut headers = Map::new();
    if let Some(id) = event.get("event_id") {
        headers.insert("event_id".into(), id.clone());
    }
    let item_type = if event.get("type").and_then(Value::as_str) == Some("transaction") {
        "transaction"
    } else {
        "event"
    };
    let mut item_headers = Map::new();
    item_headers.insert("type".into(), Value::String(item_type.into()));
    Ok(Envelope {
        headers,
        items: vec![Item {
            item_type: item_type.into(),
            headers: item_headers,
            payload: bytes.to_vec(),
        }],
    })
}
