//! Extractors whose rejections are problem+json like every other error:
//! malformed JSON → 400, well-formed but wrong shape → 422 naming the field.

use crate::http::error::{ApiError, FieldError};
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, request::Parts};
use serde::de::DeserializeOwned;
use uplink_domain::error_code::ErrorCode;

/// A JSON body. Use instead of `axum::Json` in every handler.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| ct.starts_with("application/json") || ct.contains("+json"));
        if !is_json {
            return Err(ApiError::new(ErrorCode::ValidationFailed)
                .with_status(axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE)
                .with_detail(
                    "Send the request body as JSON with `Content-Type: application/json`.",
                ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(ErrorCode::PayloadTooLarge)
            } else {
                ApiError::new(ErrorCode::ValidationFailed)
                    .with_status(axum::http::StatusCode::BAD_REQUEST)
                    .with_detail("The request body could not be read.")
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// Parses JSON, reporting the path of the first bad field.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            ApiError::new(ErrorCode::ValidationFailed)
                .with_status(axum::http::StatusCode::BAD_REQUEST)
                .with_detail(format!("The request body is not valid JSON: {inner}."))
        } else {
            let field = if path == "." { "body".to_owned() } else { path };
            ApiError::validation(vec![FieldError::new(
                field,
                ErrorCode::ValidationFailed,
                clean_serde_message(&inner.to_string()),
            )])
        }
    })
}

/// A raw request body (an uploaded file or a CSV) and the content type it
/// was sent as. The route's `DefaultBodyLimit` bounds its size (413).
#[derive(Debug, Clone)]
pub struct RawBody {
    /// The `Content-Type` header, empty when none was sent.
    pub content_type: String,
    pub bytes: Bytes,
}

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(ErrorCode::PayloadTooLarge).with_detail(
                    "The file is larger than the server accepts; choose a smaller one.",
                )
            } else {
                ApiError::new(ErrorCode::ValidationFailed)
                    .with_status(axum::http::StatusCode::BAD_REQUEST)
                    .with_detail("The request body could not be read.")
            }
        })?;
        Ok(RawBody {
            content_type,
            bytes,
        })
    }
}

/// Query-string parameters. Use instead of `axum::extract::Query`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        parse_query(parts.uri.query().unwrap_or_default()).map(ApiQuery)
    }
}

/// Parses a query string, reporting the offending parameter.
pub fn parse_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let de = serde_urlencoded::Deserializer::new(form_urlencoded_parse(query));
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let message = clean_serde_message(&err.into_inner().to_string());
        let field = if path == "." {
            field_from_message(&message).unwrap_or_else(|| "query".into())
        } else {
            path
        };
        ApiError::validation(vec![FieldError::new(
            field,
            ErrorCode::ValidationFailed,
            message,
        )])
    })
}

fn form_urlencoded_parse(query: &str) -> form_urlencoded::Parse<'_> {
    form_urlencoded::parse(query.as_bytes())
}

/// serde says "missing field `x`": pull out `x` so the client knows which field.
fn field_from_message(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let end = start + message[start..].find('`')?;
    Some(message[start..end].to_owned())
}

/// serde messages mention Rust types; keep them but drop the trailing position noise.
fn clean_serde_message(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

/// Distinguishes an absent field (`None`) from an explicit `null` (`Some(None)`)
/// in PATCH bodies: `#[serde(default, deserialize_with = "double_option")]`.
pub fn double_option<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Listing {
        page: Option<u32>,
        name: String,
    }

    #[test]
    fn a_bad_query_parameter_is_named() {
        let err = parse_query::<Listing>("page=abc&name=x").unwrap_err();
        assert_eq!(err.status.as_u16(), 422);
        assert_eq!(err.errors[0].field, "page");
    }

    #[test]
    fn a_missing_query_parameter_is_named() {
        let err = parse_query::<Listing>("page=1").unwrap_err();
        assert_eq!(err.errors[0].field, "name");
    }

    #[test]
    fn malformed_json_is_400_and_wrong_shape_is_422() {
        assert_eq!(
            parse_json::<Listing>(b"{oops").unwrap_err().status.as_u16(),
            400
        );
        let err = parse_json::<Listing>(br#"{"name": 5}"#).unwrap_err();
        assert_eq!(err.status.as_u16(), 422);
        assert_eq!(err.errors[0].field, "name");
    }
}
