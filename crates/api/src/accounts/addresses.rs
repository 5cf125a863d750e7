//! The address book's rules (SPEC §8): how many addresses an account keeps
//! (the domain's `MAX_ADDRESSES`) and how an address is validated, for the address book and for checkout's
//! "save this address".

use crate::http::error::{ApiError, ApiResult, FieldError};
use uplink_domain::accounts::address::{Address, AddressError, AddressInput};
use uplink_domain::error_code::ErrorCode;

pub use uplink_domain::accounts::address::MAX_ADDRESSES;

/// The address, or a 422 with one field error per problem.
pub fn validated(input: &AddressInput) -> ApiResult<Address> {
    input.validate().map_err(field_errors)
}

fn field_errors(errors: Vec<AddressError>) -> ApiError {
    ApiError::validation(
        errors
            .into_iter()
            .map(|e| FieldError::new(e.field, ErrorCode::ValidationFailed, e.message))
            .collect(),
    )
}
