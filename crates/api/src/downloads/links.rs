//! Signed download links: a grant sealed with the server's secret key.

use crate::platform::secrets::SecretBox;
use serde::{Deserialize, Serialize};

/// How long a download link works after the download list was read (D92).
pub const LINK_LIFETIME_MS: i64 = 60 * 60 * 1000;

/// Where a signed link is answered.
pub const DOWNLOAD_PATH: &str = "/api/v1/downloads/";

/// What a link lets its customer download, and until when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    /// The customer the link was made for.
    #[serde(rename = "u")]
    pub user_id: String,
    #[serde(rename = "f")]
    pub file: GrantedFile,
    /// Unix ms after which the link no longer works.
    #[serde(rename = "x")]
    pub expires_at: i64,
}

/// The file behind a link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", content = "s", rename_all = "snake_case")]
pub enum GrantedFile {
    /// The invoice (or proforma) of an order, by number.
    Invoice(String),
    /// A product's file, by media key.
    ProductFile(String),
    /// A licence certificate, by licence key id.
    Certificate(String),
    /// An eSIM's activation QR code, by ICCID.
    EsimQr(String),
}

impl Grant {
    /// The link's path: `/api/v1/downloads/<sealed grant>`.
    pub fn url(&self, secrets: &SecretBox) -> String {
        let json = serde_json::to_string(self).expect("a grant serialises");
        format!("{DOWNLOAD_PATH}{}", secrets.seal(&json))
    }

    /// The grant behind a link's token when it is genuine, unexpired and the
    /// caller's own; `None` otherwise (each answers 404, saying nothing more).
    pub fn open(token: &str, secrets: &SecretBox, caller: &str, now: i64) -> Option<Grant> {
        let json = secrets.open(token).ok()?;
        let grant: Grant = serde_json::from_str(&json).ok()?;
        (grant.user_id == caller && now <= grant.expires_at).then_some(grant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant() -> Grant {
        Grant {
            user_id: "usr_a".into(),
            file: GrantedFile::Invoice("UL-000001".into()),
            expires_at: 2_000,
        }
    }

    fn token_of(url: &str) -> &str {
        url.strip_prefix(DOWNLOAD_PATH).unwrap()
    }

    #[test]
    fn opens_for_its_customer_until_it_expires() {
        let secrets = SecretBox::new([7; 32]);
        let url = grant().url(&secrets);
        assert_eq!(
            Grant::open(token_of(&url), &secrets, "usr_a", 2_000),
            Some(grant())
        );
        assert_eq!(Grant::open(token_of(&url), &secrets, "usr_a", 2_001), None);
        assert_eq!(Grant::open(token_of(&url), &secrets, "usr_b", 1_000), None);
    }

    #[test]
    fn a_tampered_or_foreign_token_opens_nothing() {
        let secrets = SecretBox::new([7; 32]);
        let url = grant().url(&secrets);
        let token = token_of(&url);
        let mut bytes = token.as_bytes().to_vec();
        let last = bytes.len() - 2;
        bytes[last] = if bytes[last] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(bytes).unwrap();
        assert_eq!(Grant::open(&tampered, &secrets, "usr_a", 1_000), None);
        let other_server = SecretBox::new([8; 32]);
        assert_eq!(Grant::open(token, &other_server, "usr_a", 1_000), None);
        assert_eq!(Grant::open("v1.garbage", &secrets, "usr_a", 1_000), None);
    }
}
