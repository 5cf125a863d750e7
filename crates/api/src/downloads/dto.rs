//! Wire shapes of the download list.

use serde::Serialize;
use utoipa::ToSchema;

/// Which part of `/account/download` a file is listed under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DownloadSection {
    Invoices,
    ProductFiles,
    LicenceCertificates,
    EsimQrCodes,
}

/// One file the customer may download.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DownloadItem {
    pub section: DownloadSection,
    /// `invoice`, `proforma`, `datasheet`, `manual`, `firmware`, `certificate`
    /// (a product's), `licence_certificate` or `esim_qr`.
    pub kind: String,
    pub title: String,
    /// What it belongs to, in words: the order, the product, the serial or the ICCID.
    pub context: String,
    /// The order it came with, when there is one.
    pub order_number: Option<String>,
    pub file_name: String,
    pub content_type: String,
    /// Size in bytes, when known before the file is made.
    pub size_bytes: Option<i64>,
    pub version: Option<String>,
    /// The signed link (same origin); it works for the signed-in customer until `links_expire_at`.
    pub url: String,
    /// When the thing it belongs to was issued or placed (RFC 3339).
    pub issued_at: String,
}

/// `GET /me/downloads`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DownloadList {
    pub items: Vec<DownloadItem>,
    /// When every link above stops working (RFC 3339); read the list again for fresh ones.
    pub links_expire_at: String,
}
