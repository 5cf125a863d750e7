//! Which partner a signed-in account speaks for.

use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use uplink_db::accounts::UserRow;
use uplink_db::partners::PartnerRow;
use uplink_domain::error_code::ErrorCode;

/// The partner company of `user` (who holds the partner role); 403 when the
/// account is not linked to one.
pub async fn partner_of(state: &AppState, user: &UserRow) -> ApiResult<PartnerRow> {
    let mut conn = state.db.pool().acquire().await?;
    uplink_db::partners::partner_of_user(&mut conn, &user.id)
        .await?
        .ok_or_else(|| {
            ApiError::new(ErrorCode::Forbidden).with_detail(
                "Your account is not linked to a partner company; ask Uplink to link it.",
            )
        })
}
