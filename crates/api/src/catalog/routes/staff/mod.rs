//! The back-office's catalogue (admins): products and variants, prices,
//! stock, media, the CSV export and import, and the editor's reference data.

pub mod media;
pub mod prices;
pub mod products;
pub mod products_csv;
pub mod reference;
pub mod stock;
