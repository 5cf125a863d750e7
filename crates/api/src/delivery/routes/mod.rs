//! The delivery operations: a buyer's licence certificate and eSIM QR code.

pub mod esim_qr;
pub mod licence_certificate;
