use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::store::{StoreContext, StoreParam};
use crate::read_model::cards::ProductCard;
use axum::Json;
use axum::extract::Path;
use axum::http::StatusCode;
use serde::Serialize;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::serial::Serial;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceModelDto {
    /// First group of the serial.
    pub prefix: String,
    pub code: String,
    pub name: String,
    pub prime: bool,
    pub hardware_sku: Option<String>,
    /// Slug of the hardware product page, when the store catalogue has it.
    pub hardware_slug: Option<String>,
    pub image_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IneligibleProduct {
    pub product: ProductCard,
    /// Why this device cannot take the product (`serial_not_eligible` reason).
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SerialLookup {
    /// The normalised serial, `XXXX-XXXX-XXXX`.
    pub serial: String,
    pub model: DeviceModelDto,
    /// Prime device (its hardware SKU ends in `-PRM`).
    pub prime: bool,
    /// Renewals, licences, care/warranty and plans this device can take, sold in the current store.
    pub eligible: Vec<ProductCard>,
    /// Serial-bound products this device cannot take, with the reason.
    pub not_eligible: Vec<IneligibleProduct>,
}

/// Looks a device serial up: its model, prime flag and the products it is eligible for.
#[utoipa::path(
    get,
    path = "/serials/{serial}",
    tag = "catalogue",
    params(("serial" = String, Path, description = "Serial number; `ab12 cd34-ef56` is normalised"), StoreParam),
    responses(
        (status = 200, body = SerialLookup),
        (status = 404, description = "`unknown_serial`: no model has this prefix", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_serial`: not 12 letters/digits", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get_serial(
    ctx: StoreContext,
    Path(raw): Path<String>,
) -> ApiResult<Json<SerialLookup>> {
    let serial = Serial::parse(&raw)
        .map_err(|e| ApiError::field("serial", ErrorCode::InvalidSerial, e.to_string()))?;
    let snap = &ctx.snapshot;
    let model = snap.model_by_prefix(serial.prefix()).ok_or_else(|| {
        ApiError::field(
            "serial",
            ErrorCode::UnknownSerial,
            format!("{serial} does not belong to a known device model; check the label under the device."),
        )
        .with_status(StatusCode::NOT_FOUND)
    })?;
    let view = &snap.views[ctx.store];
    let hardware = model
        .hardware_sku
        .as_deref()
        .and_then(|s| snap.product_by_sku(s));
    let hardware_page = hardware.map(|h| snap.product(h).parent.unwrap_or(h));
    let mut eligible = Vec::new();
    let mut not_eligible = Vec::new();
    for &l in &snap.order_relevance {
        if !view.sold[l as usize] {
            continue;
        }
        let p = snap.product(snap.listable[l as usize]);
        let Some(rule) = &p.eligibility else { continue };
        match rule.check(model) {
            Ok(()) => eligible.push(ProductCard::from(snap, ctx.store, l)),
            Err(reason) => not_eligible.push(IneligibleProduct {
                product: ProductCard::from(snap, ctx.store, l),
                reason: reason.to_string(),
            }),
        }
    }
    Ok(Json(SerialLookup {
        serial: serial.to_string(),
        prime: model.prime,
        model: DeviceModelDto {
            prefix: model.prefix.clone(),
            code: model.code.clone(),
            name: model.name.clone(),
            prime: model.prime,
            hardware_sku: model.hardware_sku.clone(),
            hardware_slug: hardware_page.map(|h| snap.product(h).slug.clone()),
            image_url: hardware.and_then(|h| snap.product(h).images.first().map(|i| i.url.clone())),
        },
        eligible,
        not_eligible,
    }))
}
