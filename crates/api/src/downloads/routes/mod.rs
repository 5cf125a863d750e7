pub mod get_download;
pub mod list_downloads;
