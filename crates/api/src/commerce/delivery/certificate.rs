//! The licence certificate (PDF): what was licensed, for which device, the
//! key and its term, drawn with the invoices' PDF helpers.

use crate::platform::pdf::{MARGIN, PAGE_W, PdfDoc};
use crate::platform::timefmt::rfc3339;
use uplink_db::delivery::LicenceKeyRow;

/// What a certificate states besides the key row.
pub struct CertificateFacts<'a> {
    pub key: &'a LicenceKeyRow,
    pub order_number: &'a str,
    /// The device model's name, when the serial's prefix is known.
    pub model: Option<&'a str>,
    pub holder: &'a str,
}

fn day(ms: i64) -> String {
    rfc3339(ms).get(..10).unwrap_or_default().to_owned()
}

/// The PDF.
pub fn render(f: &CertificateFacts<'_>) -> Vec<u8> {
    let k = f.key;
    let mut d = PdfDoc::new(&format!("Licence certificate {}", k.licence_key));
    d.text(MARGIN, 22.0, true, "LICENCE CERTIFICATE");
    d.text_right(PAGE_W - MARGIN, 12.0, true, "Uplink Networks");
    d.down(40.0);
    d.text(MARGIN, 11.0, false, "This certifies that the device");
    d.down(22.0);
    let device = match f.model {
        Some(m) => format!("{m}, serial number {}", k.serial),
        None => format!("Serial number {}", k.serial),
    };
    d.text(MARGIN, 14.0, true, &device);
    d.down(22.0);
    d.text(MARGIN, 11.0, false, "is licensed for");
    d.down(22.0);
    d.text(MARGIN, 14.0, true, &format!("{} ({})", k.name, k.sku));
    d.down(34.0);
    d.text(MARGIN, 10.0, false, "Licence key");
    d.down(20.0);
    d.text(MARGIN, 18.0, true, &k.licence_key);
    d.rule();
    d.down(30.0);
    let term = match k.ends_at {
        Some(end) => format!("Valid from {} to {}", day(k.starts_at), day(end)),
        None => format!(
            "Valid from {} for the lifetime of the device",
            day(k.starts_at)
        ),
    };
    for line in [
        term,
        format!("Licensee: {}", f.holder),
        format!("Order: {}", f.order_number),
        format!("Issued: {}", day(k.created_at)),
    ] {
        d.text(MARGIN, 10.0, false, &line);
        d.down(15.0);
    }
    d.down(20.0);
    d.text(
        MARGIN,
        8.0,
        false,
        "The key is bound to the serial number above; keep this certificate with the device's records.",
    );
    d.finish()
}

/// The certificate PDF of the buyer's licence key `id` and its file name;
/// `None` when the key is not this buyer's. `holder` is the name printed on it.
pub async fn of_buyer(
    state: &crate::http::state::AppState,
    id: &str,
    buyer: &uplink_db::accounts::UserRow,
) -> crate::http::error::ApiResult<Option<(String, Vec<u8>)>> {
    use crate::http::error::ApiError;
    let Some(key) = state.db.licence_key_of_buyer(id, &buyer.id).await? else {
        return Ok(None);
    };
    let mut conn = state.db.pool().acquire().await?;
    let number = uplink_db::delivery::order_number_of_line(&mut conn, &key.order_line_id)
        .await?
        .unwrap_or_default();
    drop(conn);
    let snapshot = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let model = key
        .serial
        .split('-')
        .next()
        .and_then(|prefix| snapshot.model_by_prefix(prefix))
        .map(|m| m.name.as_str());
    let holder = if buyer.name.trim().is_empty() {
        buyer.email.as_str()
    } else {
        buyer.name.as_str()
    };
    let pdf = render(&CertificateFacts {
        key: &key,
        order_number: &number,
        model,
        holder,
    });
    Ok(Some((format!("licence-{}.pdf", key.serial), pdf)))
}
