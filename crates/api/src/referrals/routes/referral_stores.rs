use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::state::AppState;
use crate::read_model::cards::StoreDto;
use crate::referrals::dto::ReferralStore;
use axum::Json;
use axum::extract::{Path, State};
use uplink_domain::catalog::StoreKind;
use uplink_domain::error_code::ErrorCode;

/// A referral mini-store by its key (MINISTORE_REFERRAL_PROGRAM): its
/// branding and the referral terms that hold in it (its own over the
/// programme's). Any other store, or an unknown key, is 404.
#[utoipa::path(get, path = "/referral-stores/{key}", tag = "catalogue",
    params(("key" = String, Path, description = "The referral store's key, e.g. `ref-uplink`")),
    responses(
        (status = 200, body = ReferralStore),
        (status = 404, description = "`not_found`; `store_paused`", body = Problem),
    ))]
pub async fn get_referral_store(
    State(state): State<AppState>,
    Path(key): Path<String>,
) -> ApiResult<Json<ReferralStore>> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let Some(idx) = snap
        .store_by_key(key.trim())
        .filter(|&i| snap.stores[i].kind == StoreKind::MinistoreReferralProgram)
    else {
        if snap.is_paused_key(&key) {
            return Err(ApiError::new(ErrorCode::StorePaused).with_detail(
                "This referral store is closed for now; shop in the main store instead.",
            ));
        }
        return Err(ApiError::not_found("This referral store"));
    };
    let mut conn = state.db.pool().acquire().await?;
    let base = crate::commerce::referral::terms(&mut conn).await?;
    Ok(Json(ReferralStore {
        store: StoreDto::from(&snap, idx),
        terms: crate::commerce::referral::terms_in(&base, &snap.stores[idx]),
    }))
}
