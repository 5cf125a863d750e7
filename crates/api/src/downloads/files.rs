//! The files a customer may download, and making each one.

use super::dto::{DownloadItem, DownloadList, DownloadSection};
use super::links::{Grant, GrantedFile, LINK_LIFETIME_MS};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use crate::read_model::snapshot::Snapshot;
use uplink_db::accounts::UserRow;
use uplink_db::orders::OrderRow;

/// The most orders whose invoices are listed (the newest).
const MAX_INVOICES: i64 = 200;

/// A file ready to send.
pub struct FileBody {
    pub file_name: String,
    pub content_type: String,
    pub body: Vec<u8>,
    /// Shown in the browser (PDF, PNG) rather than saved.
    pub inline: bool,
}

/// Every file the customer may download, each with a fresh signed link.
pub async fn list(state: &AppState, user_id: &str, now: i64) -> ApiResult<DownloadList> {
    let expires_at = now + LINK_LIFETIME_MS;
    let secrets = state.secret_box().await.map_err(ApiError::internal)?;
    let snapshot = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let link = |file: GrantedFile| {
        Grant {
            user_id: user_id.to_owned(),
            file,
            expires_at,
        }
        .url(secrets)
    };
    let orders = customer_orders(state, user_id).await?;
    let mut items = invoices(&orders, &link);
    items.extend(certificates(state, user_id, &link).await?);
    items.extend(esim_qr_codes(state, user_id, &link).await?);
    items.extend(product_files(state, &snapshot, user_id, &link).await?);
    Ok(DownloadList {
        items,
        links_expire_at: rfc3339(expires_at),
    })
}

async fn customer_orders(state: &AppState, user_id: &str) -> ApiResult<Vec<OrderRow>> {
    Ok(state.db.latest_orders_of(user_id, MAX_INVOICES).await?)
}

fn invoices(orders: &[OrderRow], link: &impl Fn(GrantedFile) -> String) -> Vec<DownloadItem> {
    orders
        .iter()
        .filter_map(|order| {
            let kind = crate::commerce::orders::dto::invoice_kind(order)?;
            let proforma = kind == "proforma";
            Some(DownloadItem {
                section: DownloadSection::Invoices,
                kind: kind.to_owned(),
                title: if proforma {
                    "Proforma invoice"
                } else {
                    "Invoice"
                }
                .to_owned(),
                context: format!("Order {}", order.number),
                order_number: Some(order.number.clone()),
                file_name: format!("{kind}-{}.pdf", order.number),
                content_type: "application/pdf".to_owned(),
                size_bytes: None,
                version: None,
                url: link(GrantedFile::Invoice(order.number.clone())),
                issued_at: rfc3339(order.placed_at),
            })
        })
        .collect()
}

async fn certificates(
    state: &AppState,
    user_id: &str,
    link: &impl Fn(GrantedFile) -> String,
) -> ApiResult<Vec<DownloadItem>> {
    let rows = state.db.certificates_of(user_id).await?;
    Ok(rows
        .into_iter()
        .map(|key| DownloadItem {
            section: DownloadSection::LicenceCertificates,
            kind: "licence_certificate".to_owned(),
            title: format!("{} certificate", key.name),
            context: format!("Serial {}", key.serial),
            order_number: Some(key.order_number),
            file_name: format!("licence-{}.pdf", key.serial),
            content_type: "application/pdf".to_owned(),
            size_bytes: None,
            version: None,
            url: link(GrantedFile::Certificate(key.id)),
            issued_at: rfc3339(key.created_at),
        })
        .collect())
}

async fn esim_qr_codes(
    state: &AppState,
    user_id: &str,
    link: &impl Fn(GrantedFile) -> String,
) -> ApiResult<Vec<DownloadItem>> {
    let rows = state.db.esim_qr_codes_of(user_id).await?;
    Ok(rows
        .into_iter()
        .map(|esim| DownloadItem {
            section: DownloadSection::EsimQrCodes,
            kind: "esim_qr".to_owned(),
            title: format!("{} QR code", esim.name),
            context: format!("ICCID {}", esim.iccid),
            order_number: esim.order_number,
            file_name: format!("esim-{}.png", esim.iccid),
            content_type: "image/png".to_owned(),
            size_bytes: None,
            version: None,
            url: link(GrantedFile::EsimQr(esim.iccid)),
            issued_at: rfc3339(esim.created_at),
        })
        .collect())
}

/// The downloads of every product on the customer's paid orders, once each.
async fn product_files(
    state: &AppState,
    snapshot: &Snapshot,
    user_id: &str,
    link: &impl Fn(GrantedFile) -> String,
) -> ApiResult<Vec<DownloadItem>> {
    let bought = state.db.purchased_products(user_id).await?;
    let mut items = Vec::new();
    for purchase in bought {
        let Some(idx) = snapshot.product_by_id(&purchase.product_id) else {
            continue;
        };
        let product = snapshot.product(idx);
        for file in &product.downloads {
            let Some(key) = file
                .url
                .strip_prefix(crate::read_model::snapshot::MEDIA_PATH)
            else {
                continue;
            };
            items.push(DownloadItem {
                section: DownloadSection::ProductFiles,
                kind: file.kind.as_str().to_owned(),
                title: file.title.clone(),
                context: product.name.clone(),
                order_number: Some(purchase.order_number.clone()),
                file_name: file.file_name.clone(),
                content_type: file.content_type.clone(),
                size_bytes: Some(file.size_bytes),
                version: file.version.clone(),
                url: link(GrantedFile::ProductFile(key.to_owned())),
                issued_at: rfc3339(purchase.placed_at),
            });
        }
    }
    Ok(items)
}

/// Makes the file a genuine grant names for `customer` (the grant's own, signed
/// in), checking again that it is still theirs.
pub async fn make(state: &AppState, grant: &Grant, customer: &UserRow) -> ApiResult<FileBody> {
    let gone = || ApiError::not_found("This download");
    match &grant.file {
        GrantedFile::Invoice(number) => {
            let order = state
                .db
                .order_by_number(number)
                .await?
                .filter(|o| o.user_id == grant.user_id)
                .ok_or_else(gone)?;
            let (file_name, body) = crate::commerce::orders::invoice::render_order(state, order)
                .await?
                .ok_or_else(gone)?;
            Ok(FileBody {
                file_name,
                content_type: "application/pdf".to_owned(),
                body,
                inline: true,
            })
        }
        GrantedFile::ProductFile(key) => {
            if !state.db.has_purchased_file(&grant.user_id, key).await? {
                return Err(gone());
            }
            let media = state.db.media(key).await?.ok_or_else(gone)?;
            Ok(FileBody {
                file_name: media.file_name,
                content_type: media.content_type,
                body: media.body,
                inline: false,
            })
        }
        GrantedFile::Certificate(id) => {
            let (file_name, body) =
                crate::commerce::delivery::certificate::of_buyer(state, id, customer)
                    .await?
                    .ok_or_else(gone)?;
            Ok(FileBody {
                file_name,
                content_type: "application/pdf".to_owned(),
                body,
                inline: true,
            })
        }
        GrantedFile::EsimQr(iccid) => {
            let esim = state
                .db
                .esim_of_user(iccid, &grant.user_id)
                .await?
                .ok_or_else(gone)?;
            let body =
                crate::platform::qr::png(&esim.activation_code).map_err(ApiError::internal)?;
            Ok(FileBody {
                file_name: format!("esim-{iccid}.png"),
                content_type: "image/png".to_owned(),
                body,
                inline: true,
            })
        }
    }
}
