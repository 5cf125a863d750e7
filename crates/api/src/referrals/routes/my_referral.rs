use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::referrals::dto::{MyReferral, ReferralCode};
use crate::referrals::rewards::{share_url, totals};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use uplink_db::referrals as q;
use uplink_domain::error_code::ErrorCode;

/// The signed-in customer's part in the app referral programme: their code
/// and share link (once asked for), what a friend gets, and their rewards
/// by status.
#[utoipa::path(get, path = "/me/referral", tag = "account",
    responses(
        (status = 200, body = MyReferral),
        (status = 401, description = "`unauthenticated`", body = Problem),
    ))]
pub async fn get_my_referral(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<MyReferral>> {
    let mut conn = state.db.pool().acquire().await?;
    let terms = crate::commerce::referral::terms(&mut conn).await?;
    let code = q::code_of(&mut conn, auth.id()).await?;
    let rewards = q::rewards_of(&mut conn, auth.id()).await?;
    Ok(Json(MyReferral {
        code: code.map(|code| ReferralCode {
            share_url: share_url(&state, &code),
            code,
        }),
        get_referral_code: terms.get_referral_code,
        referral_code: terms.referral_code,
        referee_discount_bp: terms.referee_discount_bp,
        first_order_only: terms.first_order_only,
        rewards: totals(&rewards),
    }))
}

/// GET_REFERRAL_CODE: the customer's referral code — 8 characters from an
/// unambiguous alphabet, one per customer, the same on every call (201 the
/// first time, 200 after) — with its share link.
#[utoipa::path(post, path = "/me/referral/code", tag = "account",
    responses(
        (status = 200, body = ReferralCode, description = "The code they already had"),
        (status = 201, body = ReferralCode, description = "A new code"),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: the programme gives no codes now; `csrf_failed`", body = Problem),
    ))]
pub async fn create_referral_code(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<(StatusCode, Json<ReferralCode>)> {
    let mut tx = state.db.begin_write().await?;
    let terms = crate::commerce::referral::terms(&mut tx).await?;
    if !terms.get_referral_code {
        return Err(ApiError::new(ErrorCode::Forbidden)
            .with_detail("The referral programme gives out no codes at the moment."));
    }
    if let Some(code) = q::code_of(&mut tx, auth.id()).await? {
        return Ok((
            StatusCode::OK,
            Json(ReferralCode {
                share_url: share_url(&state, &code),
                code,
            }),
        ));
    }
    // A fresh code; drawn again in the rare case it is someone else's.
    for _ in 0..8 {
        let code = uplink_domain::referrals::new_code();
        if let Some(mine) = q::claim_code(&mut tx, auth.id(), &code).await? {
            tx.commit().await?;
            return Ok((
                StatusCode::CREATED,
                Json(ReferralCode {
                    share_url: share_url(&state, &mine),
                    code: mine,
                }),
            ));
        }
    }
    Err(ApiError::internal("could not draw a free referral code"))
}
