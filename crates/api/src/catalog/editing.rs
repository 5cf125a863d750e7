//! Staff editing products (SPEC §15): the rules of
//! `uplink_domain::catalog_admin` checked against the stored catalogue,
//! then one [`StaffWrite`] per save — the change, the catalogue version
//! bump and the audit entry commit together. A save names the version it
//! started from; a later one is refused with `version_conflict` (409).
//!
//! The writing server starts a read-model refresh at once; every other
//! server notices the new catalogue version within a second.

use crate::catalog::staff_dto::{AdminProduct, MediaInfo};
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::state::AppState;
use crate::read_model::snapshot::media_url;
use std::collections::HashMap;
use uplink_db::Db;
use uplink_db::admin_catalog::{self as store, ReferenceSets, SaveError};
use uplink_db::audit::{Actor, AuditEntry, StaffWrite};
use uplink_domain::catalog::ProductType;
use uplink_domain::catalog_admin::{
    CatalogFacts, MediaKind, Placement, ProductDraft, ProductInput, Violation, check_product,
};
use uplink_domain::error_code::ErrorCode;

/// What the rules need to know about the stored catalogue.
pub struct StoredFacts {
    pub sets: ReferenceSets,
    pub media: HashMap<String, MediaKind>,
}

impl CatalogFacts for StoredFacts {
    fn has_category(&self, slug: &str) -> bool {
        self.sets.categories.contains(slug)
    }
    fn has_model(&self, code: &str) -> bool {
        self.sets.models.contains(code)
    }
    fn media_kind(&self, key: &str) -> Option<MediaKind> {
        self.media.get(key).copied()
    }
}

/// The facts for checking `inputs`: reference sets and the media they name.
pub async fn facts_for(db: &Db, inputs: &[&ProductInput]) -> ApiResult<StoredFacts> {
    let mut conn = db.pool().acquire().await?;
    let sets = store::reference_sets(&mut conn).await?;
    let keys: Vec<&str> = inputs
        .iter()
        .flat_map(|p| {
            p.images
                .iter()
                .map(|i| i.media_key.as_str())
                .chain(p.downloads.iter().map(|d| d.media_key.as_str()))
        })
        .collect();
    let media = store::media_kinds(&mut conn, &keys).await?;
    Ok(StoredFacts { sets, media })
}

/// The rules' violations as a 422 naming each field.
pub fn violations(v: Vec<Violation>) -> ApiError {
    ApiError::validation(
        v.into_iter()
            .map(|v| FieldError::new(v.field, v.code, v.message))
            .collect(),
    )
}

/// A refused save as the API answers it.
pub fn save_error(e: SaveError) -> ApiError {
    match e {
        SaveError::Taken(field, other) => ApiError::field(
            field,
            ErrorCode::ValidationFailed,
            format!("Product {other} already uses this {field}; choose another."),
        ),
        SaveError::VersionConflict(current) => ApiError::new(ErrorCode::VersionConflict)
            .with_detail(
                "Someone else saved this product after you opened it. Reload to see their \
                 changes, then apply yours again.",
            )
            .with_extra("current_version", current),
        SaveError::NotFound => ApiError::not_found("The product"),
        SaveError::Db(e) => e.into(),
    }
}

/// Checks `input` for a product at `placement`.
pub async fn checked(
    db: &Db,
    input: &ProductInput,
    placement: Placement,
) -> ApiResult<ProductDraft> {
    let facts = facts_for(db, &[input]).await?;
    check_product(input, placement, &facts).map_err(violations)
}

/// Creates a product (a variant of `parent` when given); its id.
pub async fn create(
    state: &AppState,
    actor: Actor,
    input: &ProductInput,
    parent: Option<&str>,
) -> ApiResult<String> {
    let placement = if parent.is_some() {
        Placement::Variant
    } else {
        Placement::Standalone
    };
    let draft = checked(&state.db, input, placement).await?;
    if let Some(parent) = parent {
        check_parent(&state.db, parent).await?;
    }
    let id = uplink_domain::ids::new_id("prd");
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    store::create_product(&mut w, &id, &draft, parent)
        .await
        .map_err(save_error)?;
    let action = if parent.is_some() {
        "variant.create"
    } else {
        "product.create"
    };
    w.record(
        AuditEntry::new(action, "product", &id)
            .summary(format!("Created {} ({})", draft.sku, draft.input.name))
            .after(&draft.input),
    );
    w.commit().await?;
    catalogue_changed(state);
    Ok(id)
}

/// A variant's parent must be a configurable product.
async fn check_parent(db: &Db, parent: &str) -> ApiResult<()> {
    let mut conn = db.pool().acquire().await?;
    match store::product_type_of(&mut conn, parent).await? {
        None => Err(ApiError::not_found("The parent product")),
        Some((t, _)) if t != ProductType::Configurable.as_str() => Err(ApiError::field(
            "parent",
            ErrorCode::ValidationFailed,
            "Only a configurable product has variants; change its type first.",
        )),
        Some(_) => Ok(()),
    }
}

/// Saves a product's editor fields from `version`; the new version.
pub async fn update(
    state: &AppState,
    actor: Actor,
    id: &str,
    input: &ProductInput,
    version: i64,
) -> ApiResult<i64> {
    let before = {
        let mut conn = state.db.pool().acquire().await?;
        store::stored_product(&mut conn, id)
            .await?
            .ok_or_else(|| ApiError::not_found("The product"))?
    };
    let placement = if before.parent_id.is_some() {
        Placement::Variant
    } else {
        Placement::Standalone
    };
    let draft = checked(&state.db, input, placement).await?;
    keep_family_rules(&state.db, &before, &draft).await?;
    let mut w = StaffWrite::begin(&state.db, actor).await?;
    let new_version = store::update_product(&mut w, id, &draft, version)
        .await
        .map_err(save_error)?;
    w.record(
        AuditEntry::new("product.update", "product", id)
            .summary(format!("Updated {} ({})", draft.sku, draft.input.name))
            .before(&before.input)
            .after(&draft.input),
    );
    w.commit().await?;
    catalogue_changed(state);
    Ok(new_version)
}

/// A parent with variants stays configurable.
async fn keep_family_rules(
    db: &Db,
    before: &store::StoredProduct,
    draft: &ProductDraft,
) -> ApiResult<()> {
    if before.input.product_type == ProductType::Configurable
        && draft.input.product_type != ProductType::Configurable
    {
        let mut conn = db.pool().acquire().await?;
        if !store::variant_ids(&mut conn, &before.id).await?.is_empty() {
            return Err(ApiError::field(
                "product_type",
                ErrorCode::ValidationFailed,
                "This product has variants, so it stays configurable.",
            ));
        }
    }
    Ok(())
}

/// The editor's view of product `id`.
pub async fn admin_product(db: &Db, id: &str) -> ApiResult<AdminProduct> {
    let mut conn = db.pool().acquire().await?;
    let p = store::stored_product(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("The product"))?;
    let parent_sku = match &p.parent_id {
        Some(parent) => store::stored_product(&mut conn, parent)
            .await?
            .map(|pp| pp.input.sku),
        None => None,
    };
    let variant_ids = store::variant_ids(&mut conn, id).await?;
    let variants = store::list_rows_of(&mut conn, &variant_ids).await?;
    let mut media = Vec::new();
    for key in p
        .input
        .images
        .iter()
        .map(|i| &i.media_key)
        .chain(p.input.downloads.iter().map(|d| &d.media_key))
    {
        if let Some(m) = uplink_db::catalog::media_info(&mut conn, key).await? {
            media.push(MediaInfo {
                url: media_url(&m.media_key),
                key: m.media_key,
                content_type: m.content_type,
                file_name: m.file_name,
                size_bytes: m.size_bytes,
            });
        }
    }
    Ok(AdminProduct::new(p, parent_sku, variants, media))
}

/// After a committed catalogue write: this server's read model refreshes
/// in the background right away (checks coalesce, see
/// `Catalog::refresh_soon`); other servers see the new version within a
/// second.
pub fn catalogue_changed(state: &AppState) {
    state.catalog.refresh_soon();
}
