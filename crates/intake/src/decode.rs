//! `Content-Encoding` of request bodies: identity, gzip, deflate (zlib or raw).
//! Decompression stops one byte past the limit, so a small "zip bomb" cannot
//! make us allocate more than the envelope limit.

use crate::envelope::EnvelopeError;
use std::io::Read;

/// Decodes `body` per the `Content-Encoding` header value (comma-separated
/// codings are applied in reverse order). Output beyond `max_bytes` is a
/// [`EnvelopeError::TooLarge`]; an unknown coding or corrupt data is
/// [`EnvelopeError::Malformed`].
pub fn decode_body(
    content_encoding: Option<&str>,
    body: &[u8],
    max_bytes: usize,
) -> Result<Vec<u8>, EnvelopeError> {
    let codings: Vec<String> = content_encoding
        .unwrap_or("")
        .split(',')
        .map(|c| c.trim().to_ascii_lowercase())
        .filter(|c| !c.is_empty() && c != "identity")
        .collect();
    if codings.len() > 2 {
        return Err(EnvelopeError::Malformed(
            "too many content encodings".into(),
        ));
    }
    let mut data = body.to_vec();
    for coding in codings.iter().rev() {
        data = match coding.as_str() {
            "gzip" | "x-gzip" => {
                read_bounded(flate2::read::MultiGzDecoder::new(&data[..]), max_bytes)?
            }
            "deflate" => {
                // RFC 9110 says zlib; some clients send raw deflate.
                match read_bounded(flate2::read::ZlibDecoder::new(&data[..]), max_bytes) {
                    Ok(out) => out,
                    Err(EnvelopeError::TooLarge(m)) => return Err(EnvelopeError::TooLarge(m)),
                    Err(_) => {
                        read_bounded(flate2::read::DeflateDecoder::new(&data[..]), max_bytes)?
                    }
                }
            }
            other => {
                return Err(EnvelopeError::Malformed(format!(
                    "unsupported content encoding `{other}`"
                )));
            }
        };
    }
    if data.len() > max_bytes {
        return Err(EnvelopeError::TooLarge(format!(
            "body exceeds {max_bytes} bytes"
        )));
    }
    Ok(data)
}

fn read_bounded(reader: impl Read, max_bytes: usize) -> Result<Vec<u8>, EnvelopeError> {
    let mut out = Vec::new();
    let limit = u64::try_from(max_bytes)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    reader
        .take(limit)
        .read_to_end(&mut out)
        .map_err(|e| EnvelopeError::Malformed(format!("body could not be decompressed: {e}")))?;
    if out.len() > max_bytes {
        return Err(EnvelopeError::TooLarge(format!(
            "decompressed body exceeds {max_bytes} bytes"
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), Compression::default());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn gzip_and_both_deflate_flavours_decode() {
        let text = b"{\"event_id\":\"x\"}\n";
        assert_eq!(decode_body(Some("gzip"), &gzip(text), 1000).unwrap(), text);
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), Compression::default());
        z.write_all(text).unwrap();
        assert_eq!(
            decode_body(Some("deflate"), &z.finish().unwrap(), 1000).unwrap(),
            text
        );
        let mut raw = flate2::write::DeflateEncoder::new(Vec::new(), Compression::default());
        raw.write_all(text).unwrap();
        assert_eq!(
            decode_body(Some("Deflate"), &raw.finish().unwrap(), 1000).unwrap(),
            text
        );
        assert_eq!(decode_body(None, text, 1000).unwrap(), text);
        assert_eq!(decode_body(Some("identity"), text, 1000).unwrap(), text);
    }

    #[test]
    fn a_compression_bomb_stops_at_the_limit() {
        let bomb = gzip(&vec![b'a'; 5_000_000]);
        assert!(bomb.len() < 10_000);
        assert!(matches!(
            decode_body(Some("gzip"), &bomb, 1_000_000),
            Err(EnvelopeError::TooLarge(_))
        ));
    }

    #[test]
    fn corrupt_or_unknown_encodings_are_malformed() {
        assert!(matches!(
            decode_body(Some("gzip"), b"not gzip at all", 1000),
            Err(EnvelopeError::Malformed(_))
        ));
        assert!(matches!(
            decode_body(Some("br"), b"x", 1000),
            Err(EnvelopeError::Malformed(_))
        ));
        assert!(matches!(
            decode_body(None, &[0u8; 11], 10),
            Err(EnvelopeError::TooLarge(_))
        ));
    }
}
