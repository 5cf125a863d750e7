//! Which of a buyer's carts in a store a request addresses (`?cart=`): the
//! main one, or one of the mobile app's own — its product plans and its
//! warranties each have their own cart and checkout (SPEC §12), so a plan
//! chosen in the app never mixes with what waits in the store's cart.

use crate::http::error::{ApiError, FieldError};
use crate::http::route_docs::{Rejection, Rejects, rejection};
use crate::http::state::AppState;
use crate::http::store::query_value;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use uplink_domain::error_code::ErrorCode;
use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn};
use utoipa::openapi::{ObjectBuilder, RefOr, Required, Type};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CartSlot {
    #[default]
    Main,
    MobilePlans,
    MobileWarranties,
}

impl CartSlot {
    pub const ALL: [CartSlot; 3] = [
        CartSlot::Main,
        CartSlot::MobilePlans,
        CartSlot::MobileWarranties,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CartSlot::Main => "main",
            CartSlot::MobilePlans => "mobile-plans",
            CartSlot::MobileWarranties => "mobile-warranties",
        }
    }

    pub fn parse(s: &str) -> Option<CartSlot> {
        Self::ALL.into_iter().find(|c| c.as_str() == s.trim())
    }

    /// The owner key of this slot's cart: the owner's own for the main cart.
    pub fn owner(self, owner: &str) -> String {
        match self {
            CartSlot::Main => owner.to_owned(),
            other => format!("{owner}#{}", other.as_str()),
        }
    }

    /// The signed-in customer's cart of this slot.
    pub fn customer_owner(self, user_id: &str) -> String {
        self.owner(&uplink_db::cart::customer_owner(user_id))
    }
}

impl FromRequestParts<AppState> for CartSlot {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, ApiError> {
        match parts.uri.query().and_then(|q| query_value(q, "cart")) {
            None => Ok(CartSlot::Main),
            Some(v) => CartSlot::parse(&v).ok_or_else(|| {
                ApiError::validation(vec![FieldError::new(
                    "cart",
                    ErrorCode::ValidationFailed,
                    "Choose the cart: main, mobile-plans or mobile-warranties.",
                )])
            }),
        }
    }
}

impl Rejects for CartSlot {
    const REJECTIONS: &'static [Rejection] =
        &[rejection(422, "`validation_failed`: `cart` names no cart")];

    fn document(op: &mut Operation) {
        crate::http::route_docs::add_rejections(op, Self::REJECTIONS);
        add_cart_param(op);
    }
}

/// Documents the `cart` query parameter.
pub fn add_cart_param(op: &mut Operation) {
    let params = op.parameters.get_or_insert_with(Vec::new);
    if params
        .iter()
        .any(|p| matches!(p, RefOr::T(p) if p.name == "cart"))
    {
        return;
    }
    params.push(RefOr::T(
        ParameterBuilder::new()
            .name("cart")
            .parameter_in(ParameterIn::Query)
            .required(Required::False)
            .description(Some(
                "Which cart: `main` (default), or the mobile app's `mobile-plans` or `mobile-warranties` (SPEC §12).",
            ))
            .schema(Some(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(CartSlot::ALL.iter().map(|c| c.as_str()))),
            ))
            .build(),
    ));
}
