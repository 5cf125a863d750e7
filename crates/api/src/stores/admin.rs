//! Stores as admins run them (SPEC §3, §15): the rules a store's settings
//! keep, and the saves — each a [`StaffWrite`] with its audit entry, each
//! bumping the catalogue version so every server's read model follows
//! within a second.

use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use uplink_db::admin_stores::{self as q, StaffStoreRow, StoreSaveError, StoreSettings};
use uplink_db::audit::{Actor, AuditEntry, StaffWrite};
use uplink_domain::catalog::{Region, StoreKind};
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::shipping::ShippingMethod;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::referrals::ReferralTerms;
use utoipa::ToSchema;

/// Which products a store sells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CatalogueMode {
    /// Every active product (unless its entry says not sold).
    All,
    /// Only the products its price list marks sold.
    Selected,
}

/// A store's settings as admins send them.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct StoreInput {
    pub kind: StoreKind,
    pub region: Region,
    /// The internal name (up to 80 characters).
    pub name: String,
    /// The name shoppers see.
    pub display_name: String,
    #[serde(default)]
    pub tagline: Option<String>,
    /// `#rrggbb`.
    pub accent_color: String,
    /// An uploaded image's key (`POST /admin/media?purpose=image`).
    #[serde(default)]
    pub logo_media: Option<String>,
    pub active: bool,
    /// The store visitors land in (an eStore); setting it moves the default here.
    #[serde(default)]
    pub is_default: bool,
    pub catalogue: CatalogueMode,
    pub payment_methods: Vec<PaymentMethod>,
    /// `customer_provided`, `priority`; `pickup` in the US only.
    pub shipping_methods: Vec<ShippingMethod>,
    /// Mini-stores: the partner that owns it (see `GET /admin/stores`' partners).
    #[serde(default)]
    pub partner_id: Option<String>,
    /// Mini-stores: the key in `?store=KEY` and `/m/v2/referral/KEY` (4–40 of a–z, 0–9, `-`).
    #[serde(default)]
    pub store_key: Option<String>,
    /// Mini-stores: the lowest price a partner may set, in basis points of
    /// the region's eStore price (default 8000 = 80 %).
    #[serde(default)]
    pub price_floor_bp: Option<i64>,
    /// Referral mini-stores: terms of their own over the programme's (any of
    /// `GET /admin/referral-terms`' fields).
    #[serde(default)]
    pub referral_terms: Option<serde_json::Value>,
}

/// A new store: its code and settings.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewStore {
    /// 2–32 of a–z, 0–9 and `-`; never changes.
    pub code: String,
    #[serde(flatten)]
    pub settings: StoreInput,
}

/// A store save: the settings and the version they started from.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StoreSave {
    pub version: i64,
    #[serde(flatten)]
    pub settings: StoreInput,
}

/// A store as the back-office shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminStore {
    pub code: String,
    pub kind: String,
    pub region: String,
    pub name: String,
    pub currency: String,
    pub display_name: String,
    pub tagline: Option<String>,
    pub accent_color: String,
    pub logo_media: Option<String>,
    pub logo_url: Option<String>,
    pub active: bool,
    pub is_default: bool,
    pub catalogue: String,
    pub payment_methods: Vec<String>,
    pub shipping_methods: Vec<String>,
    pub partner_id: Option<String>,
    pub partner_name: Option<String>,
    pub store_key: Option<String>,
    pub price_floor_bp: i64,
    pub referral_terms: Option<serde_json::Value>,
    pub version: i64,
    /// Products its price list marks sold (a `selected` catalogue's selection).
    pub selected_products: i64,
    /// Entries with a price of the store's own.
    pub own_prices: i64,
    /// Where shoppers open it.
    pub storefront_path: String,
}

impl From<StaffStoreRow> for AdminStore {
    fn from(s: StaffStoreRow) -> Self {
        let list = |json: &str| serde_json::from_str::<Vec<String>>(json).unwrap_or_default();
        let storefront_path = match (&s.store_key, s.kind.as_str()) {
            (Some(key), "MINISTORE_REFERRAL_PROGRAM") => format!("/m/v2/referral/{key}/products"),
            (Some(key), _) => format!("/?store={key}"),
            (None, _) => format!("/?store={}", s.code),
        };
        AdminStore {
            logo_url: s
                .logo_media
                .as_deref()
                .map(crate::read_model::snapshot::media_url),
            payment_methods: list(&s.payment_methods),
            shipping_methods: list(&s.shipping_methods),
            referral_terms: s
                .referral_terms
                .as_deref()
                .and_then(|t| serde_json::from_str(t).ok()),
            code: s.code,
            kind: s.kind,
            region: s.region,
            name: s.name,
            currency: s.currency,
            display_name: s.display_name,
            tagline: s.tagline,
            accent_color: s.accent_color,
            logo_media: s.logo_media,
            active: s.active.0,
            is_default: s.is_default.0,
            catalogue: s.catalogue,
            partner_id: s.partner_id,
            partner_name: s.partner_name,
            store_key: s.store_key,
            price_floor_bp: s.price_floor_bp,
            version: s.version,
            selected_products: s.selected_products,
            own_prices: s.own_prices,
            storefront_path,
        }
    }
}

/// A partner a mini-store may belong to.
#[derive(Debug, Serialize, ToSchema)]
pub struct PartnerOption {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
}

/// Every store and the partners mini-stores may belong to.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminStoreList {
    pub items: Vec<AdminStore>,
    pub partners: Vec<PartnerOption>,
}

fn is_code(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.len())
        && !s.starts_with('-')
        && !s.ends_with('-')
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn is_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// Checks a store's settings (`current`: the stored store when changing one).
pub async fn checked(
    state: &AppState,
    input: &StoreInput,
    current: Option<&StaffStoreRow>,
) -> ApiResult<StoreSettings> {
    let mut errors = Vec::new();
    let mut fail = |field: &str, message: &str| {
        errors.push(FieldError::new(field, ErrorCode::ValidationFailed, message))
    };
    for (field, value) in [("name", &input.name), ("display_name", &input.display_name)] {
        let v = value.trim();
        if v.is_empty() || v.chars().count() > 80 || v.chars().any(char::is_control) {
            fail(field, "1 to 80 characters on one line.");
        }
    }
    if input
        .tagline
        .as_deref()
        .is_some_and(|t| t.chars().count() > 160 || t.chars().any(char::is_control))
    {
        fail("tagline", "Up to 160 characters on one line.");
    }
    if !is_colour(input.accent_color.trim()) {
        fail("accent_color", "Pick a colour as #rrggbb, e.g. #0f766e.");
    }
    check_methods(input, &mut fail);
    let mini = matches!(
        input.kind,
        StoreKind::Ministore | StoreKind::MinistoreReferralProgram
    );
    check_mini_store(input, mini, &mut fail);
    if input.is_default && mini {
        fail("is_default", "Only an eStore can be the default store.");
    }
    if current.is_some_and(|c| c.is_default.0) && !input.is_default {
        fail(
            "is_default",
            "Make another store the default instead; there is always one.",
        );
    }
    let terms = check_terms(input, &mut fail);
    if let Some(key) = &input.logo_media {
        let mut conn = state.db.pool().acquire().await?;
        let kinds = uplink_db::admin_catalog::media_kinds(&mut conn, &[key.as_str()]).await?;
        if kinds.get(key) != Some(&uplink_domain::catalog_admin::MediaKind::Image) {
            fail("logo_media", "Upload the logo first (PNG, JPEG or WebP).");
        }
    }
    if let Some(partner) = &input.partner_id {
        let mut conn = state.db.pool().acquire().await?;
        let known = q::partner_choices(&mut conn).await?;
        if !known.iter().any(|p| &p.id == partner) {
            fail("partner_id", "Choose one of the partners.");
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    Ok(StoreSettings {
        kind: input.kind.as_str().to_owned(),
        region: input.region.as_str().to_owned(),
        name: input.name.trim().to_owned(),
        display_name: input.display_name.trim().to_owned(),
        tagline: input
            .tagline
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned),
        logo_media: input.logo_media.clone(),
        accent_color: input.accent_color.trim().to_ascii_lowercase(),
        active: input.active,
        is_default: input.is_default,
        catalogue: match input.catalogue {
            CatalogueMode::All => "all",
            CatalogueMode::Selected => "selected",
        }
        .to_owned(),
        payment_methods: input
            .payment_methods
            .iter()
            .map(|m| m.as_str().to_owned())
            .collect(),
        shipping_methods: input
            .shipping_methods
            .iter()
            .map(|m| m.as_str().to_owned())
            .collect(),
        partner_id: input.partner_id.clone().filter(|_| mini),
        store_key: input.store_key.clone().filter(|_| mini),
        price_floor_bp: input.price_floor_bp.unwrap_or(8_000),
        referral_terms: terms,
    })
}

fn check_methods(input: &StoreInput, fail: &mut impl FnMut(&str, &str)) {
    let unique = |n: usize, set: usize| n == set;
    if input.payment_methods.is_empty()
        || !unique(
            input.payment_methods.len(),
            input.payment_methods.iter().collect::<HashSet<_>>().len(),
        )
    {
        fail(
            "payment_methods",
            "Choose at least one payment method, each once.",
        );
    }
    if !unique(
        input.shipping_methods.len(),
        input.shipping_methods.iter().collect::<HashSet<_>>().len(),
    ) || input.shipping_methods.contains(&ShippingMethod::None)
    {
        fail(
            "shipping_methods",
            "Choose shipping options from the list, each once.",
        );
    }
    if input.shipping_methods.contains(&ShippingMethod::Pickup) && input.region != Region::Us {
        fail("shipping_methods", "Self pick-up exists only in the US.");
    }
}

fn check_mini_store(input: &StoreInput, mini: bool, fail: &mut impl FnMut(&str, &str)) {
    match (&input.store_key, mini) {
        (None, true) => fail("store_key", "A mini-store needs its key."),
        (Some(k), true) if !is_code(k, 4, 40) => fail("store_key", "4 to 40 of a–z, 0–9 and '-'."),
        (Some(_), false) => fail("store_key", "Only mini-stores have a key."),
        _ => {}
    }
    if input.kind == StoreKind::Ministore && input.partner_id.is_none() {
        fail("partner_id", "A partner mini-store belongs to a partner.");
    }
    if !mini && input.partner_id.is_some() {
        fail("partner_id", "Only mini-stores belong to a partner.");
    }
    if input
        .price_floor_bp
        .is_some_and(|bp| !(0..=10_000).contains(&bp))
    {
        fail(
            "price_floor_bp",
            "Between 0 and 10000 (0–100 % of the eStore price).",
        );
    }
}

/// A referral store's own terms: known fields only, within sense.
fn check_terms(input: &StoreInput, fail: &mut impl FnMut(&str, &str)) -> Option<String> {
    let terms = input.referral_terms.as_ref()?;
    if input.kind != StoreKind::MinistoreReferralProgram {
        fail(
            "referral_terms",
            "Only referral mini-stores have terms of their own.",
        );
        return None;
    }
    let Some(own) = terms.as_object() else {
        fail(
            "referral_terms",
            "Send the terms as an object of the programme's fields.",
        );
        return None;
    };
    let known = serde_json::to_value(ReferralTerms::default()).unwrap_or_default();
    if own.keys().any(|k| known.get(k).is_none()) {
        fail(
            "referral_terms",
            "Use the programme's field names (see /admin/referral-terms).",
        );
        return None;
    }
    let mut merged = known;
    if let Some(m) = merged.as_object_mut() {
        for (k, v) in own {
            m.insert(k.clone(), v.clone());
        }
    }
    match serde_json::from_value::<ReferralTerms>(merged) {
        Ok(t) if t.validate().is_ok() => Some(terms.to_string()),
        _ => {
            fail(
                "referral_terms",
                "These terms are out of range; check the discount and windows.",
            );
            None
        }
    }
}

/// A refused store save as the API answers it.
fn save_error(e: StoreSaveError) -> ApiError {
    match e {
        StoreSaveError::Taken(field) => ApiError::field(
            field,
            ErrorCode::ValidationFailed,
            "Another store already uses this; choose another.",
        ),
        StoreSaveError::VersionConflict(current) => ApiError::new(ErrorCode::VersionConflict)
            .with_detail("Someone else saved this store after you opened it; reload and apply your change again.")
            .with_extra("current_version", current),
        StoreSaveError::NotFound => ApiError::not_found("The store"),
        StoreSaveError::Db(e) => e.into(),
    }
}

/// One store as the back-office shows it.
pub async fn admin_store(state: &AppState, code: &str) -> ApiResult<AdminStore> {
    let mut conn = state.db.pool().acquire().await?;
    q::staff_store(&mut conn, code)
        .await?
        .map(AdminStore::from)
        .ok_or_else(|| ApiError::not_found("The store"))
}

/// Creates a store.
pub async fn create(
    state: &AppState,
    actor: Actor,
    code: &str,
    input: &StoreInput,
) -> ApiResult<()> {
    let code = code.trim();
    if !is_code(code, 2, 32) {
        return Err(ApiError::field(
            "code",
            ErrorCode::ValidationFailed,
            "2 to 32 of a–z, 0–9 and '-'.",
        ));
    }
    let settings = checked(state, input, None).await?;
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    q::create_store(&mut w, code, &settings)
        .await
        .map_err(save_error)?;
    w.record(
        AuditEntry::new("store.create", "store", code)
            .summary(format!(
                "Created {} ({})",
                settings.display_name, settings.kind
            ))
            .after(&settings),
    );
    w.commit().await?;
    state.catalog.refresh_soon();
    Ok(())
}

/// Saves a store's settings from `version`.
pub async fn update(
    state: &AppState,
    actor: Actor,
    code: &str,
    input: &StoreInput,
    version: i64,
) -> ApiResult<()> {
    let current = {
        let mut conn = state.db.pool().acquire().await?;
        q::staff_store(&mut conn, code)
            .await?
            .ok_or_else(|| ApiError::not_found("The store"))?
    };
    let settings = checked(state, input, Some(&current)).await?;
    let before = AdminStore::from(current);
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    q::update_store(&mut w, code, &settings, version)
        .await
        .map_err(save_error)?;
    w.record(
        AuditEntry::new("store.update", "store", code)
            .summary(format!("Updated {}", settings.display_name))
            .before(&before)
            .after(&settings),
    );
    w.commit().await?;
    state.catalog.refresh_soon();
    Ok(())
}

/// Sells exactly the given SKUs in a store with a `selected` catalogue.
pub async fn set_selection(
    state: &AppState,
    actor: Actor,
    code: &str,
    skus: &[String],
) -> ApiResult<Vec<String>> {
    let store = admin_store(state, code).await?;
    let mut errors = Vec::new();
    let mut ids = Vec::with_capacity(skus.len());
    let mut seen = HashSet::new();
    {
        let mut conn = state.db.pool().acquire().await?;
        for (i, sku) in skus.iter().enumerate() {
            let sku = sku.trim().to_ascii_uppercase();
            match uplink_db::admin_catalog::product_id_by_sku(&mut conn, &sku).await? {
                Some(id) if seen.insert(id.clone()) => ids.push(id),
                Some(_) => errors.push(FieldError::new(
                    format!("skus[{i}]"),
                    ErrorCode::ValidationFailed,
                    format!("{sku} is in the list twice."),
                )),
                None => errors.push(FieldError::new(
                    format!("skus[{i}]"),
                    ErrorCode::ValidationFailed,
                    format!("There is no product {sku}."),
                )),
            }
        }
    }
    if skus.len() > 20_000 {
        errors.push(FieldError::new(
            "skus",
            ErrorCode::ValidationFailed,
            "At most 20,000 products.",
        ));
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let before = {
        let mut conn = state.db.pool().acquire().await?;
        q::store_selection(&mut conn, code).await?
    };
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    q::set_store_selection(&mut w, code, &ids).await?;
    w.record(
        AuditEntry::new("store.selection", "store", code)
            .summary(format!(
                "{} sells {} products",
                store.display_name,
                ids.len()
            ))
            .before(&before)
            .after(&skus),
    );
    w.commit().await?;
    state.catalog.refresh_soon();
    let mut conn = state.db.pool().acquire().await?;
    Ok(q::store_selection(&mut conn, code).await?)
}
