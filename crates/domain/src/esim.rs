//! eSIM profiles (SPEC §4.1): an ICCID, a matching id and the activation
//! code `LPA:1$<SM-DP+ address>$<matching id>` that a phone or router reads
//! from the QR code (GSMA SGP.22 activation code format).

use crate::iccid::luhn_check_digit;
use rand::Rng;

/// The issuer part of every ICCID we issue: `89` (telecom), `882` (the
/// ITU's international networks code) and our issuer number `47`; then 11
/// random digits and the Luhn check digit: 19 digits.
pub const ICCID_ISSUER: &str = "8988247";
const ICCID_RANDOM_DIGITS: usize = 11;
/// The SM-DP+ server when none is configured.
pub const DEFAULT_SMDP: &str = "smdp.uplink.example";

/// A new ICCID: the issuer prefix, random digits and the check digit. Unique
/// only by chance (1 in 10^11 per pair): the caller stores it under the
/// `esims` primary key and draws again on a collision.
pub fn new_iccid(rng: &mut impl Rng) -> String {
    let mut payload = String::with_capacity(ICCID_ISSUER.len() + ICCID_RANDOM_DIGITS + 1);
    payload.push_str(ICCID_ISSUER);
    for _ in 0..ICCID_RANDOM_DIGITS {
        payload.push((b'0' + rng.random_range(0..10u8)) as char);
    }
    let check = luhn_check_digit(&payload);
    payload.push(check);
    payload
}

/// A matching id in the usual shape, `XXXXX-XXXXX-XXXXX-XXXXX-XXXXX`
/// (upper-case letters and digits): the secret part of the activation code.
pub fn new_matching_id(rng: &mut impl Rng) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut id = String::with_capacity(29);
    for group in 0..5 {
        if group > 0 {
            id.push('-');
        }
        for _ in 0..5 {
            id.push(ALPHABET[rng.random_range(0..ALPHABET.len())] as char);
        }
    }
    id
}

/// The activation code a device scans.
pub fn activation_code(smdp: &str, matching_id: &str) -> String {
    format!("LPA:1${smdp}${matching_id}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::iccid::Iccid;

    #[test]
    fn issued_iccids_are_valid_and_carry_the_issuer() {
        let mut rng = rand::rng();
        for _ in 0..1000 {
            let iccid = new_iccid(&mut rng);
            assert_eq!(iccid.len(), 19, "{iccid}");
            assert!(iccid.starts_with(ICCID_ISSUER));
            assert_eq!(Iccid::parse(&iccid).unwrap().as_str(), iccid);
        }
    }

    #[test]
    fn the_activation_code_has_the_lpa_shape() {
        let id = new_matching_id(&mut rand::rng());
        assert_eq!(id.len(), 29);
        assert_eq!(id.split('-').count(), 5);
        assert_eq!(
            activation_code("smdp.uplink.example", "ABCDE-12345-FGHIJ-67890-KLMNO"),
            "LPA:1$smdp.uplink.example$ABCDE-12345-FGHIJ-67890-KLMNO"
        );
    }
}
