//! A partner's mini-stores (SPEC §10, D102): reading one with its products
//! and their floors, and changing it — branding, open or paused, products
//! and prices. Every rule is checked here with a field error each; the
//! write is one transaction that bumps the catalogue version, and this
//! server's read model refreshes at once (the others within a second).

use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use crate::partners::dto::{
    LogoUpload, MiniStoreDetail, MiniStoreProductDto, MiniStoreProductInput, MiniStoreSummary,
    MiniStoreUpdate,
};
use crate::platform::money::MoneyDto;
use crate::read_model::Snapshot;
use crate::read_model::cards::StoreBranding;
use base64::Engine;
use std::collections::HashSet;
use uplink_db::partner_stores::{self as q, MiniStoreChange, MiniStoreRow};
use uplink_db::partners::PartnerRow;
use uplink_domain::catalog::Region;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_domain::partner_referral::price_floor;

/// Products one mini-store may sell.
pub const MAX_PRODUCTS: usize = 500;
/// Largest logo accepted.
pub const MAX_LOGO_BYTES: usize = 256 * 1024;
/// Highest price a partner may set, $1,000,000.00.
const MAX_PRICE_CENTS: i64 = 100_000_000;

/// The link a partner shares: any page with `?store=KEY` enters the mini-store.
pub fn share_url(state: &AppState, key: &str) -> String {
    format!("{}/?store={key}", state.config.public_url)
}

/// The partner's mini-store with this key; 404 for anyone else's.
pub async fn owned(state: &AppState, partner: &PartnerRow, key: &str) -> ApiResult<MiniStoreRow> {
    let mut conn = state.db.pool().acquire().await?;
    q::mini_store_by_key(&mut conn, key)
        .await?
        .filter(|s| s.partner_id.as_deref() == Some(partner.id.as_str()))
        .ok_or_else(|| ApiError::not_found("This mini-store"))
}

pub fn summary(state: &AppState, s: &MiniStoreRow, product_count: i64) -> MiniStoreSummary {
    let key = s.store_key.clone().unwrap_or_default();
    MiniStoreSummary {
        share_url: share_url(state, &key),
        key,
        code: s.code.clone(),
        name: s.name.clone(),
        display_name: s.display_name.clone(),
        region: s.region.clone(),
        active: *s.active,
        product_count,
    }
}

/// The eStore of the mini-store's region (its list prices and floors).
fn regional_store(snap: &Snapshot, region: &str) -> Option<usize> {
    let region = Region::parse(region)?;
    snap.stores
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_own() && s.is_estore() && s.region == region)
        .map(|(i, _)| i)
        .min_by_key(|&i| (i != snap.default_store, i))
}

/// The products of the mini-store's region a partner may add, matching
/// `q` (the catalogue search), each with its list price and floor, at most
/// `limit`.
pub async fn candidates(
    state: &AppState,
    s: &MiniStoreRow,
    q: &str,
    limit: usize,
) -> ApiResult<Vec<MiniStoreProductDto>> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let Some(regional) = regional_store(&snap, &s.region) else {
        return Ok(Vec::new());
    };
    let hits = snap.search.suggest(q, 64).map_err(ApiError::internal)?;
    let cur = s.currency.as_str();
    Ok(hits
        .into_iter()
        .filter(|(l, _)| snap.views[regional].sold[*l as usize])
        .take(limit)
        .map(|(l, _)| {
            let idx = snap.listable[l as usize];
            let p = snap.product(idx);
            let list = list_price(&snap, Some(regional), idx);
            MiniStoreProductDto {
                product_id: p.id.clone(),
                sku: p.sku.clone(),
                name: p.name.clone(),
                product_type: p.product_type.as_str().to_owned(),
                list_price: MoneyDto::new(list, cur),
                floor: MoneyDto::new(
                    price_floor(Money::from_cents(list), s.price_floor_bp).cents(),
                    cur,
                ),
                price: MoneyDto::new(list, cur),
                has_variants: !p.variants.is_empty(),
            }
        })
        .collect())
}

/// The mini-store with its products at their prices and floors.
pub async fn detail(state: &AppState, s: &MiniStoreRow) -> ApiResult<MiniStoreDetail> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let rows = {
        let mut conn = state.db.pool().acquire().await?;
        q::mini_store_products(&mut conn, &s.code).await?
    };
    let regional = regional_store(&snap, &s.region);
    let cur = s.currency.as_str();
    let products = rows
        .iter()
        .filter_map(|r| {
            let idx = snap.product_by_id(&r.product_id)?;
            let p = snap.product(idx);
            let list = list_price(&snap, regional, idx);
            Some(MiniStoreProductDto {
                product_id: p.id.clone(),
                sku: p.sku.clone(),
                name: p.name.clone(),
                product_type: p.product_type.as_str().to_owned(),
                list_price: MoneyDto::new(list, cur),
                floor: MoneyDto::new(
                    price_floor(Money::from_cents(list), s.price_floor_bp).cents(),
                    cur,
                ),
                price: MoneyDto::new(r.price_cents.unwrap_or(list), cur),
                has_variants: !p.variants.is_empty(),
            })
        })
        .collect();
    let key = s.store_key.clone().unwrap_or_default();
    Ok(MiniStoreDetail {
        share_url: share_url(state, &key),
        key,
        code: s.code.clone(),
        name: s.name.clone(),
        region: s.region.clone(),
        currency: s.currency.clone(),
        active: *s.active,
        branding: StoreBranding {
            display_name: s.display_name.clone(),
            tagline: s.tagline.clone(),
            logo_url: s
                .logo_media
                .as_deref()
                .map(|m| format!("/api/v1/media/{m}")),
            accent_color: s.accent_color.clone(),
        },
        price_floor_bp: s.price_floor_bp,
        payment_methods: json_list(&s.payment_methods),
        shipping_methods: json_list(&s.shipping_methods),
        products,
    })
}

fn json_list(s: &str) -> Vec<String> {
    serde_json::from_str(s).unwrap_or_default()
}

/// The region's eStore price of a product (its list price when that store
/// does not sell it).
fn list_price(snap: &Snapshot, regional: Option<usize>, idx: u32) -> i64 {
    regional
        .and_then(|r| snap.offer(r, idx))
        .map_or(snap.product(idx).list_price, |o| o.price)
}

/// Checks and applies a partner's change. Nothing is written unless every
/// field is right.
pub async fn update(state: &AppState, s: &MiniStoreRow, req: MiniStoreUpdate) -> ApiResult<()> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let mut errors = Vec::new();
    let change = branding_change(&req, &mut errors);
    let logo = req.logo.as_ref().and_then(|l| logo_of(l, &mut errors));
    let products = req
        .products
        .as_deref()
        .map(|list| products_of(&snap, s, list, &mut errors));
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let mut tx = state.db.begin_write().await?;
    let mut change = change;
    if let Some((content_type, name, bytes)) = logo {
        change.logo_media =
            Some(uplink_db::catalog::insert_media(&mut tx, content_type, &name, &bytes).await?);
    }
    q::change_mini_store(&mut tx, &s.code, &change).await?;
    if let Some(products) = products {
        q::replace_mini_store_products(&mut tx, &s.code, &products).await?;
    }
    tx.commit().await?;
    // This server shows the change at once; the others see the version move
    // within a second.
    state.catalog.refresh().await.map_err(ApiError::from)?;
    Ok(())
}

fn branding_change(req: &MiniStoreUpdate, errors: &mut Vec<FieldError>) -> MiniStoreChange {
    let mut change = MiniStoreChange {
        active: req.active,
        ..MiniStoreChange::default()
    };
    if let Some(name) = &req.display_name {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 80 || name.chars().any(char::is_control) {
            errors.push(FieldError::new(
                "display_name",
                ErrorCode::ValidationFailed,
                "Give the store a name of 1 to 80 characters.",
            ));
        }
        change.display_name = Some(name.to_owned());
    }
    if let Some(tagline) = &req.tagline {
        let tagline = tagline.trim();
        if tagline.chars().count() > 140 || tagline.chars().any(char::is_control) {
            errors.push(FieldError::new(
                "tagline",
                ErrorCode::ValidationFailed,
                "Keep the tagline to one line of at most 140 characters.",
            ));
        }
        change.tagline = Some((!tagline.is_empty()).then(|| tagline.to_owned()));
    }
    if let Some(accent) = &req.accent_color {
        let accent = accent.trim();
        let hex = accent.len() == 7
            && accent.starts_with('#')
            && accent[1..].bytes().all(|b| b.is_ascii_hexdigit());
        if !hex {
            errors.push(FieldError::new(
                "accent_color",
                ErrorCode::ValidationFailed,
                "Pick a colour as #rrggbb, e.g. #0f766e.",
            ));
        }
        change.accent_color = Some(accent.to_ascii_lowercase());
    }
    change
}

/// The logo's type (by its content, never by what the browser said), name
/// and bytes.
fn logo_of(
    l: &LogoUpload,
    errors: &mut Vec<FieldError>,
) -> Option<(&'static str, String, Vec<u8>)> {
    let refuse = |errors: &mut Vec<FieldError>, message: &str| {
        errors.push(FieldError::new(
            "logo",
            ErrorCode::ValidationFailed,
            message,
        ));
        None
    };
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(l.data_base64.trim()) else {
        return refuse(errors, "The logo could not be read; choose the file again.");
    };
    if bytes.len() > MAX_LOGO_BYTES {
        return refuse(
            errors,
            "The logo is larger than 256 KB; choose a smaller image.",
        );
    }
    let content_type = match infer::get(&bytes).map(|k| k.mime_type()) {
        Some(t @ ("image/png" | "image/jpeg" | "image/webp")) => t,
        _ => return refuse(errors, "The logo must be a PNG, JPEG or WebP image."),
    };
    let name = l
        .file_name
        .as_deref()
        .map(|n| n.chars().filter(|c| !c.is_control()).take(100).collect())
        .unwrap_or_else(|| "logo".to_owned());
    Some((content_type, name, bytes))
}

/// The product list as `(product id, price)`, each row checked: a product
/// of the region's catalogue that can be bought on its own, listed once, at
/// a price between the floor and the most a price may be.
fn products_of(
    snap: &Snapshot,
    s: &MiniStoreRow,
    list: &[MiniStoreProductInput],
    errors: &mut Vec<FieldError>,
) -> Vec<(String, Option<i64>)> {
    if list.len() > MAX_PRODUCTS {
        errors.push(FieldError::new(
            "products",
            ErrorCode::ValidationFailed,
            format!("A mini-store sells at most {MAX_PRODUCTS} products."),
        ));
        return Vec::new();
    }
    let regional = regional_store(snap, &s.region);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(list.len());
    for (i, row) in list.iter().enumerate() {
        let field = |name: &str| format!("products[{i}].{name}");
        let sku = row.sku.trim().to_ascii_uppercase();
        let sold = snap.product_by_sku(&sku).filter(|&idx| {
            let p = snap.product(idx);
            let offered = |i: u32| regional.is_some_and(|r| snap.offer(r, i).is_some());
            if p.variants.is_empty() {
                p.purchasable && offered(idx)
            } else {
                // A configurable product: the store sells its variants.
                p.variants.iter().any(|&v| offered(v))
            }
        });
        let Some(idx) = sold else {
            errors.push(FieldError::new(
                field("sku"),
                ErrorCode::NotSoldInStore,
                format!(
                    "{sku} is not a product of the {} catalogue you can sell; check the SKU.",
                    s.region
                ),
            ));
            continue;
        };
        if !seen.insert(idx) {
            errors.push(FieldError::new(
                field("sku"),
                ErrorCode::ValidationFailed,
                format!("{sku} is in the list twice; keep one."),
            ));
            continue;
        }
        let list_price = list_price(snap, regional, idx);
        if !snap.product(idx).variants.is_empty() {
            // Its variants sell at the region's variant prices: no own price.
            if row.price_cents != list_price {
                errors.push(FieldError::new(
                    field("price_cents"),
                    ErrorCode::ValidationFailed,
                    format!(
                        "{sku} comes in variants, which sell at the store's variant prices; keep {}.",
                        Money::from_cents(list_price).display(&s.currency)
                    ),
                ));
                continue;
            }
            out.push((snap.product(idx).id.clone(), None));
            continue;
        }
        let floor = price_floor(Money::from_cents(list_price), s.price_floor_bp);
        if row.price_cents < floor.cents() {
            errors.push(FieldError::new(
                field("price_cents"),
                ErrorCode::PriceBelowFloor,
                format!(
                    "{sku} cannot be sold below {} here ({}% of the store's {}).",
                    floor.display(&s.currency),
                    s.price_floor_bp / 100,
                    Money::from_cents(list_price).display(&s.currency)
                ),
            ));
            continue;
        }
        if row.price_cents > MAX_PRICE_CENTS {
            errors.push(FieldError::new(
                field("price_cents"),
                ErrorCode::ValidationFailed,
                "Prices go up to $1,000,000.00; request a quotation for more.",
            ));
            continue;
        }
        out.push((snap.product(idx).id.clone(), Some(row.price_cents)));
    }
    out
}
