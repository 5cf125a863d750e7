pub mod esim_qr;
pub mod get_download;
pub mod licence_certificate;
pub mod list_downloads;
