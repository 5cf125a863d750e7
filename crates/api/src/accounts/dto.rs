//! The account as the API shows it to its owner.

use crate::http::identity::{AuthUser, Role, roles_of};
use serde::Serialize;
use uplink_db::accounts::UserRow;
use uplink_domain::accounts::{region_for_country, store_for_country};
use utoipa::ToSchema;

/// Approved credit terms of a business customer (SPEC §6 Credit Terms Payment).
#[derive(Debug, Serialize, ToSchema)]
pub struct CreditTermsDto {
    /// Credit limit in cents (USD).
    pub credit_limit_cents: i64,
    pub payment_terms_days: i64,
    /// The company may place orders beyond its limit.
    pub may_exceed_limit: bool,
}

/// The signed-in account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    pub id: String,
    pub email: String,
    pub name: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    /// ISO 3166-1 alpha-2; decides the store (`US` → `us`, else `global`).
    pub country: String,
    pub newsletter: bool,
    /// Role flags (SPEC §1); admins may do everything.
    pub roles: Vec<Role>,
    /// Present for business customers with approved credit terms.
    pub credit_terms: Option<CreditTermsDto>,
    /// The eStore the account's country belongs to.
    #[schema(example = "global")]
    pub home_store: String,
    /// `US` or `Global` (SPEC §3).
    #[schema(example = "Global")]
    pub region: String,
    /// False for accounts created through SSO or InControl that never set a password.
    pub has_password: bool,
    pub created_at: String,
}

impl Me {
    pub fn from_row(u: &UserRow) -> Me {
        Me {
            id: u.id.clone(),
            email: u.email.clone(),
            name: u.name.clone(),
            company: u.company.clone(),
            phone: u.phone.clone(),
            country: u.country.clone(),
            newsletter: u.newsletter,
            roles: roles_of(u),
            credit_terms: u.credit_limit_cents.map(|limit| CreditTermsDto {
                credit_limit_cents: limit,
                payment_terms_days: u.payment_terms_days.unwrap_or(30),
                may_exceed_limit: u.may_exceed_limit,
            }),
            home_store: store_for_country(&u.country).to_owned(),
            region: region_for_country(&u.country).to_owned(),
            has_password: u.password_hash.is_some(),
            created_at: crate::platform::timefmt::rfc3339(u.created_at),
        }
    }
}

/// `GET /me`: the account plus the session's CSRF token.
#[derive(Debug, Serialize, ToSchema)]
pub struct MeResponse {
    #[serde(flatten)]
    pub me: Me,
    /// Send as `X-CSRF-Token` on every POST/PUT/PATCH/DELETE made with the session cookie.
    pub csrf_token: String,
    /// An InControl account is linked (its devices can be imported).
    pub incontrol_linked: bool,
}

impl MeResponse {
    pub async fn load(
        state: &crate::http::state::AppState,
        auth: &AuthUser,
    ) -> crate::http::error::ApiResult<MeResponse> {
        Ok(MeResponse {
            me: Me::from_row(&auth.user),
            csrf_token: auth.csrf_token.clone(),
            incontrol_linked: state.db.incontrol_link(&auth.user.id).await?.is_some(),
        })
    }
}

/// An accepted request whose outcome arrives by e-mail.
#[derive(Debug, Serialize, ToSchema)]
pub struct Accepted {
    pub message: String,
}
