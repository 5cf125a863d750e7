//! The small shapes of the catalogue that other answers embed: a store
//! with its branding, a product card and an image. The catalogue's own
//! pages (`crate::catalog`) build on them; a cart line shows an image, a
//! bookmark a product card, the store list a store.

use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use crate::read_model::snapshot::{Snapshot, Store};
use serde::Serialize;
use uplink_domain::catalog::{Brand, Label, ProductType, Region, StockStatus, StoreKind};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreBranding {
    pub display_name: String,
    pub tagline: Option<String>,
    pub logo_url: Option<String>,
    /// CSS colour, e.g. `#0b5fff`.
    pub accent_color: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreDto {
    /// Store code, e.g. `global`, `us`.
    pub code: String,
    pub kind: StoreKind,
    pub region: Region,
    pub name: String,
    /// ISO-4217 currency of every price in this store.
    pub currency: String,
    /// True for the default store (`global`).
    pub is_default: bool,
    /// The partner that owns a mini-store.
    pub partner: Option<String>,
    /// The mini-store key used in `?store=KEY` (mini-stores only).
    pub key: Option<String>,
    pub branding: StoreBranding,
    /// `all` (every active product) or `selected` (a chosen list).
    #[schema(example = "all")]
    pub catalogue: String,
    /// Payment methods enabled in this store, e.g. `card`, `paypal`, `bank_transfer`, `credit_terms`.
    pub payment_methods: Vec<String>,
    /// Shipping options enabled in this store, e.g. `standard`, `express`, `pickup`.
    pub shipping_methods: Vec<String>,
    /// Referral programme terms (referral mini-stores only).
    #[schema(value_type = Option<Object>)]
    pub referral_terms: Option<serde_json::Value>,
    /// Products sold in this store.
    pub product_count: u32,
    /// Whose prices this store shows the caller: `store`, or `partner` (a
    /// signed-in partner sees the partner price list of an eStore).
    #[schema(example = "store")]
    pub price_list: String,
}

impl StoreDto {
    pub fn from(snap: &Snapshot, idx: usize) -> StoreDto {
        let s: &Store = &snap.stores[idx];
        StoreDto {
            code: s.code.clone(),
            kind: s.kind,
            region: s.region,
            name: s.name.clone(),
            currency: s.currency.clone(),
            is_default: idx == snap.default_store,
            partner: s.partner.clone(),
            key: s.key.clone(),
            branding: StoreBranding {
                display_name: s.display_name.clone(),
                tagline: s.tagline.clone(),
                logo_url: s.logo_url.clone(),
                accent_color: s.accent_color.clone(),
            },
            catalogue: if s.selected_catalogue {
                "selected"
            } else {
                "all"
            }
            .to_owned(),
            payment_methods: s.payment_methods.clone(),
            shipping_methods: s.shipping_methods.clone(),
            referral_terms: s.referral_terms.clone(),
            product_count: snap.views[idx].sold_count,
            price_list: s.price_list.as_str().to_owned(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImageDto {
    pub url: String,
    pub alt: String,
}

/// A product as shown on a card in listings and search.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductCard {
    pub id: String,
    pub slug: String,
    pub sku: String,
    pub name: String,
    pub brand: Brand,
    #[serde(rename = "type")]
    pub product_type: ProductType,
    pub summary: String,
    pub image: Option<ImageDto>,
    /// Price in the current store; for a configurable product the lowest variant price.
    pub price: MoneyDto,
    /// The "was" price when the product is on sale.
    pub compare_at_price: Option<MoneyDto>,
    /// True when `price` is a "from" price (configurable products).
    pub price_from: bool,
    pub stock_status: StockStatus,
    pub labels: Vec<Label>,
    /// Slug of the product's main category.
    pub category: Option<String>,
    pub purchasable: bool,
    /// Number of variants (configurable products), else 0.
    pub variant_count: u32,
    /// RFC 3339.
    pub created_at: String,
}

impl ProductCard {
    /// The card of listable ordinal `l` in store `store` (which must sell it).
    pub fn from(snap: &Snapshot, store: usize, l: u32) -> ProductCard {
        let view = &snap.views[store];
        let li = l as usize;
        let p = &snap.products[snap.listable[li] as usize];
        let currency = &snap.stores[store].currency;
        ProductCard {
            id: p.id.clone(),
            slug: p.slug.clone(),
            sku: p.sku.clone(),
            name: p.name.clone(),
            brand: p.brand,
            product_type: p.product_type,
            summary: p.summary.clone(),
            image: p.images.first().map(|i| ImageDto {
                url: i.url.clone(),
                alt: i.alt.clone(),
            }),
            price: MoneyDto::new(view.card_price[li], currency),
            compare_at_price: view.card_compare_at[li].map(|c| MoneyDto::new(c, currency)),
            price_from: !p.variants.is_empty(),
            stock_status: snap.status(store, li),
            labels: p.labels.clone(),
            category: p
                .categories
                .first()
                .map(|&c| snap.categories[c as usize].slug.clone()),
            purchasable: p.purchasable,
            variant_count: p.variants.len() as u32,
            created_at: rfc3339(p.created_at),
        }
    }
}
