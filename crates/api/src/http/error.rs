//! One error type for every handler, rendered as RFC 9457 problem+json with
//! the stable `code` of SPEC §16. Internal causes are logged, never sent.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

pub type ApiResult<T> = Result<T, ApiError>;

/// What a 503 asks a client to wait before trying again: about what a
/// PostgreSQL restart takes.
const RETRY_AFTER_SECONDS: &str = "2";

/// A problem with one input field.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct FieldError {
    /// Dotted path of the field, e.g. `lines[2].qty` or `page_size`.
    pub field: String,
    /// Stable code (SPEC §16).
    pub code: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, code: ErrorCode, message: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            code: code.as_str().to_owned(),
            message: message.into(),
        }
    }
}

/// The problem+json body (RFC 9457).
#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    #[serde(rename = "type")]
    pub type_: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// Stable machine-readable code (SPEC §16).
    pub code: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
    /// Extra members some codes carry (e.g. `target_store`, `available`).
    #[serde(flatten, skip_serializing_if = "serde_json::Map::is_empty")]
    #[schema(value_type = Object)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

#[derive(Debug, thiserror::Error)]
#[error("{code}: {detail}")]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub detail: String,
    pub errors: Vec<FieldError>,
    pub extra: serde_json::Map<String, serde_json::Value>,
    pub headers: Vec<(header::HeaderName, HeaderValue)>,
}

impl ApiError {
    /// An error with the code's usual status and message.
    pub fn new(code: ErrorCode) -> Self {
        ApiError {
            status: default_status(code),
            code,
            detail: code.default_message().to_owned(),
            errors: Vec::new(),
            extra: serde_json::Map::new(),
            headers: Vec::new(),
        }
    }

    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = detail.into();
        self
    }

    pub fn with_status(mut self, status: StatusCode) -> Self {
        self.status = status;
        self
    }

    /// Adds a member to the problem body. Never one of the standard members
    /// (`status` there is the HTTP status: a second `status` would make
    /// clients read the extra instead).
    pub fn with_extra(mut self, key: &str, value: impl Into<serde_json::Value>) -> Self {
        debug_assert!(
            !["type", "title", "status", "detail", "code", "errors"].contains(&key),
            "`{key}` is a standard problem member"
        );
        self.extra.insert(key.to_owned(), value.into());
        self
    }

    pub fn with_header(mut self, name: header::HeaderName, value: HeaderValue) -> Self {
        self.headers.push((name, value));
        self
    }

    /// The same error with every field name under `prefix` (`lines[2].` + `qty`).
    pub fn with_field_prefix(mut self, prefix: &str) -> Self {
        for e in &mut self.errors {
            e.field = format!("{prefix}{}", e.field);
        }
        self
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(ErrorCode::NotFound).with_detail(format!("{what} was not found."))
    }

    /// 422 `validation_failed` listing every bad field.
    pub fn validation(errors: Vec<FieldError>) -> Self {
        let detail = match errors.as_slice() {
            [one] => one.message.clone(),
            _ => format!("{} fields are not valid.", errors.len()),
        };
        ApiError {
            errors,
            ..Self::new(ErrorCode::ValidationFailed)
        }
        .with_detail(detail)
    }

    /// One bad field with a specific code (e.g. `invalid_serial` on `serials[0]`).
    pub fn field(field: &str, code: ErrorCode, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut e = Self::new(code).with_detail(message.clone());
        e.errors.push(FieldError::new(field, code, message));
        e
    }

    /// A failure that is our fault: log the cause with the request's span, send a generic body.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(ErrorCode::Internal)
    }

    /// 503 `service_unavailable` with `Retry-After`: the database cannot be
    /// reached (restarting, unreachable, or no connection free in time), so
    /// clients and load balancers know to try again. Nothing was written.
    pub fn unavailable(cause: impl std::fmt::Display) -> Self {
        tracing::warn!(error = %cause, "database unreachable");
        Self::new(ErrorCode::ServiceUnavailable).with_header(
            header::RETRY_AFTER,
            HeaderValue::from_static(RETRY_AFTER_SECONDS),
        )
    }

    pub fn problem(&self) -> Problem {
        Problem {
            type_: format!("urn:uplink:problem:{}", self.code.as_str()),
            title: self.status.canonical_reason().unwrap_or("Error").to_owned(),
            status: self.status.as_u16(),
            detail: self.detail.clone(),
            code: self.code.as_str().to_owned(),
            errors: self.errors.clone(),
            extra: self.extra.clone(),
        }
    }
}

/// The status an error code has unless a handler says otherwise.
pub fn default_status(code: ErrorCode) -> StatusCode {
    use ErrorCode::*;
    match code {
        ValidationFailed
        | NotSoldInStore
        | InvalidQuantity
        | InvalidSerial
        | UnknownSerial
        | SerialNotEligible
        | DuplicateSerial
        | InvalidIccid
        | UnknownIccid
        | CouponInvalid
        | CouponExpired
        | CouponUsageExceeded
        | ReferralCodeInvalid
        | ReferralNotEligible
        | PaymentMethodUnavailable
        | IdempotencyKeyReused
        | QuotationBelowMinimum
        | UsageRecordConflict
        | PriceBelowFloor
        | CreditLimitExceeded => StatusCode::UNPROCESSABLE_ENTITY,
        NotFound | StorePaused => StatusCode::NOT_FOUND,
        Unauthenticated | InvalidCredentials => StatusCode::UNAUTHORIZED,
        Forbidden | CsrfFailed | ChallengeRequired | AccountDisabled => StatusCode::FORBIDDEN,
        RateLimited => StatusCode::TOO_MANY_REQUESTS,
        EmailTaken
        | SerialRegisteredElsewhere
        | MustChangeStore
        | InsufficientStock
        | PlanNotStackable
        | PriceChanged
        | QuotationNotPayable
        | QuotationExpired
        | InvalidTransition
        | VersionConflict
        | OrderNotCancellable
        | OrderNotRefundable
        | LastAdmin => StatusCode::CONFLICT,
        ResetTokenInvalid | InvitationInvalid | AppTokenInvalid => StatusCode::BAD_REQUEST,
        PaymentDeclined | PaymentRequiresAction | RefundDeclined => StatusCode::PAYMENT_REQUIRED,
        PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        IncontrolUnavailable => StatusCode::BAD_GATEWAY,
        ServiceUnavailable => StatusCode::SERVICE_UNAVAILABLE,
        Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_vec(&self.problem()).unwrap_or_default();
        let mut res = (self.status, body).into_response();
        let headers = res.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        for (name, value) in self.headers {
            headers.insert(name, value);
        }
        res
    }
}

impl From<uplink_db::DbError> for ApiError {
    fn from(e: uplink_db::DbError) -> Self {
        if e.is_unreachable() {
            // The other pooled connections may be as broken as the one that
            // failed: each is checked before its next use.
            uplink_db::suspect_connections();
            ApiError::unavailable(e)
        } else {
            ApiError::internal(e)
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::from(uplink_db::DbError::from(e))
    }
}

impl From<crate::read_model::CatalogError> for ApiError {
    fn from(e: crate::read_model::CatalogError) -> Self {
        match e {
            crate::read_model::CatalogError::Db(e) => ApiError::from(e),
            other => ApiError::internal(other),
        }
    }
}

impl From<crate::platform::oidc::OidcError> for ApiError {
    fn from(e: crate::platform::oidc::OidcError) -> Self {
        use crate::platform::oidc::OidcError;
        match e {
            OidcError::Provider => ApiError::new(ErrorCode::Internal)
                .with_status(StatusCode::BAD_GATEWAY)
                .with_detail(
                    "The sign-in service did not answer as expected; try again in a moment.",
                ),
            OidcError::Unauthenticated(detail) => {
                ApiError::new(ErrorCode::Unauthenticated).with_detail(detail)
            }
            OidcError::Internal(cause) => ApiError::internal(cause),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_status() {
        // Client errors, except our own failure and an outside system's (a bad gateway).
        for code in ErrorCode::ALL {
            let status = default_status(*code);
            let ok = match code {
                ErrorCode::Internal | ErrorCode::ServiceUnavailable => status.is_server_error(),
                ErrorCode::IncontrolUnavailable => status == StatusCode::BAD_GATEWAY,
                _ => status.is_client_error(),
            };
            assert!(ok, "{code}: {status}");
        }
    }

    #[test]
    fn problem_body_carries_code_and_field_errors() {
        let e = ApiError::field(
            "page_size",
            ErrorCode::ValidationFailed,
            "must be one of 12, 24, 48, 96",
        );
        let p = serde_json::to_value(e.problem()).unwrap();
        assert_eq!(p["code"], "validation_failed");
        assert_eq!(p["status"], 422);
        assert_eq!(p["errors"][0]["field"], "page_size");
    }
}
