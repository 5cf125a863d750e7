//! The partner referral code box of the cart (SPEC §5, §10, D58): parsing a
//! typed code, what the cart shows about the applied one, and keeping it
//! when a guest cart merges into the customer's cart. The code changes no
//! price; the order records the partner (`crate::commerce::placing::attribution`).

use crate::commerce::cart::dto::CartPartnerReferralDto;
use crate::commerce::pricing::PricedCart;
use crate::http::error::{ApiError, ApiResult};
use uplink_db::partners::{self as q, PartnerRow};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::partner_referral::{CodeError, MAX_CODE_LEN, parse_code};

/// The stored form of a typed code: 422 `validation_failed` when empty or
/// too long, `referral_code_invalid` when it cannot be a code at all.
pub fn parse(input: &str) -> ApiResult<String> {
    parse_code(input).map_err(|e| match e {
        CodeError::Empty => ApiError::field(
            "code",
            ErrorCode::ValidationFailed,
            "Enter the partner's referral code.",
        ),
        CodeError::TooLong => ApiError::field(
            "code",
            ErrorCode::ValidationFailed,
            format!("A referral code has at most {MAX_CODE_LEN} characters."),
        ),
        CodeError::BadCharacters => ApiError::field(
            "code",
            ErrorCode::ReferralCodeInvalid,
            "That is not a partner referral code: codes use letters, digits and dashes only.",
        ),
    })
}

/// The active partner of `code`, or 422 `referral_code_invalid`.
pub async fn active_partner(conn: &mut sqlx::AnyConnection, code: &str) -> ApiResult<PartnerRow> {
    match q::partner_by_code(conn, code).await? {
        Some(p) if p.active => Ok(p),
        Some(_) => Err(ApiError::field(
            "code",
            ErrorCode::ReferralCodeInvalid,
            format!(
                "{code} is no longer an active partner referral code; ask your partner for a current one."
            ),
        )),
        None => Err(ApiError::field(
            "code",
            ErrorCode::ReferralCodeInvalid,
            format!("{code} is not a partner referral code; check the spelling."),
        )),
    }
}

/// What the cart shows about its applied code: the partner while it is
/// active, nothing otherwise.
pub async fn applied(
    conn: &mut sqlx::AnyConnection,
    cart: &PricedCart,
) -> Result<Option<CartPartnerReferralDto>, uplink_db::DbError> {
    let Some(code) = cart.partner_referral_code.as_deref() else {
        return Ok(None);
    };
    Ok(q::partner_by_code(conn, code)
        .await?
        .filter(|p| p.active)
        .map(|p| CartPartnerReferralDto {
            code: p.referral_code,
            partner_name: p.name,
        }))
}

/// On the guest → customer merge: the guest's code moves over unless the
/// customer's cart already has one (the customer's own code wins).
pub async fn merge_code(
    conn: &mut sqlx::AnyConnection,
    guest: &uplink_db::cart::CartRow,
    target: &uplink_db::cart::CartRow,
) -> Result<(), uplink_db::DbError> {
    if target.partner_referral_code.is_none()
        && let Some(code) = &guest.partner_referral_code
    {
        q::set_cart_code(conn, &target.id, Some(code)).await?;
    }
    Ok(())
}
