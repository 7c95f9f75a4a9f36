//! The one error body every surface returns: `{"error": {"code", "message", "field"}}`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Stable, machine-readable error codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The request body is not valid JSON.
    MalformedJson,
    /// A field is unknown, missing, or has a value outside its domain.
    InvalidField,
    /// The request is too large.
    PayloadTooLarge,
    /// A named resource (tool, option, model) does not exist.
    NotFound,
    /// The endpoint needs an API key and none was sent, or the one sent is unknown or revoked.
    Unauthorized,
    /// Too many requests from this caller.
    RateLimited,
    /// The route exists, but not for this HTTP method.
    MethodNotAllowed,
    /// The body is not `application/json`.
    UnsupportedMediaType,
    /// The request body did not arrive in time.
    RequestTimeout,
    /// The server is at its limit of connections or running queries; retry shortly.
    Overloaded,
    /// The query did not settle within the request deadline.
    DeadlineExceeded,
    /// An upstream (tool server, model) failed in a way the request cannot recover from.
    UpstreamFailed,
    /// A bug in Sluice. Details are logged, never sent.
    Internal,
}

/// An API error, as sent to clients.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiError {
    /// Stable code.
    pub code: ErrorCode,
    /// What is wrong, in words a caller can act on.
    pub message: String,
    /// The offending request field (camelCase, dotted for nested fields), when one is to blame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl ApiError {
    /// An `invalid_field` error for `field`.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            code: ErrorCode::InvalidField,
            message: message.into(),
            field: Some(field.into()),
        }
    }

    /// An error with no field to blame.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            field: None,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{field}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ApiError {}

/// The JSON body of every error response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorBody {
    /// The error.
    pub error: ApiError,
}
