use crate::credit::account::{Reader, credit_account};
use crate::credit::dto::CreditAccount;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;

/// The signed-in customer's credit account: terms, what is owed, available
/// credit, open invoices with their due dates, and the history with a
/// running balance. A customer without terms gets `terms: null`.
#[utoipa::path(get, path = "/me/credit", tag = "account",
    responses(
        (status = 200, body = CreditAccount),
        (status = 401, description = "`unauthenticated`", body = Problem),
    ))]
pub async fn get_my_credit(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<CreditAccount>> {
    Ok(Json(
        credit_account(&state.db, &auth.user, Reader::Customer).await?,
    ))
}
