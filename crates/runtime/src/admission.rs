//! Who is calling, and whether they may: the API key on `/api/v1/*` and the limits on every API
//! and chat request, checked before a body is read.
//!
//! Invariants: under `[auth] mode = "keys"` no `/api/v1/*` request reaches its handler without a
//! live key; the chat takes anonymous visitors, told apart by client address, under their own
//! limits (a key sent to the chat must still be live); a key's text is never logged, echoed or
//! used as a label — callers are named by the key's public id; pages, `/healthz`, `/metrics`
//! and `/openapi.json` are never limited.

use std::net::SocketAddr;

use access::{Charge, Decision, KeyStore, Limiter, Rule};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::Response;
use contract::{ApiError, ErrorCode};

use crate::config::{AuthMode, Config, LimitsSection};
use crate::http::{AppState, error_response};

/// The door every API and chat request passes.
#[derive(Debug)]
pub struct Admission {
    mode: AuthMode,
    keys: Option<KeyStore>,
    limiter: Limiter,
    key_rule: Rule,
    anonymous_rule: Rule,
    address_header: Option<HeaderName>,
}

/// Why the configured admission cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum AdmissionError {
    /// `[auth] mode = "keys"` without a key table.
    #[error("[auth] mode = \"keys\" needs the key table, and it could not be opened")]
    NoKeyTable,
    /// The limiter's store cannot be used.
    #[error(transparent)]
    Limiter(#[from] access::LimitError),
    /// The client-address header is not a header name.
    #[error("[limits] client_address_header: '{0}' is not an HTTP header name")]
    BadHeader(String),
}

impl Default for Admission {
    /// What the default configuration describes: everyone admitted, nothing limited.
    fn default() -> Self {
        Self {
            mode: AuthMode::None,
            keys: None,
            limiter: Limiter::in_process(),
            key_rule: LimitsSection::default().key_rule(),
            anonymous_rule: LimitsSection::default().anonymous_rule(),
            address_header: None,
        }
    }
}

impl Admission {
    /// The admission `config` describes; `keys` is the key table (needed when keys are required,
    /// and used to recognise keys sent to the chat).
    pub fn new(config: &Config, keys: Option<KeyStore>) -> Result<Self, AdmissionError> {
        if config.auth.mode == AuthMode::Keys && keys.is_none() {
            return Err(AdmissionError::NoKeyTable);
        }
        let address_header = config
            .limits
            .client_address_header
            .as_deref()
            .map(|h| HeaderName::try_from(h).map_err(|_| AdmissionError::BadHeader(h.into())))
            .transpose()?;
        Ok(Self {
            mode: config.auth.mode,
            keys,
            limiter: config.limits.limiter()?,
            key_rule: config.limits.key_rule(),
            anonymous_rule: config.limits.anonymous_rule(),
            address_header,
        })
    }

    /// The limiter, for `/metrics`.
    pub fn limiter(&self) -> &Limiter {
        &self.limiter
    }

    /// The caller's client address: the configured proxy header's last entry, else the peer.
    fn address(&self, request: &Request) -> String {
        let forwarded = self.address_header.as_ref().and_then(|h| {
            let value = request.headers().get(h)?.to_str().ok()?;
            let last = value.rsplit(',').next()?.trim();
            (!last.is_empty()).then(|| last.to_owned())
        });
        forwarded
            .or_else(|| {
                request
                    .extensions()
                    .get::<ConnectInfo<SocketAddr>>()
                    .map(|c| c.0.ip().to_string())
            })
            .unwrap_or_else(|| "unknown".into())
    }
}

/// The key sent as `Authorization: Bearer <key>`: `None` when no header was sent, an error when
/// the header is not a bearer token.
fn bearer(request: &Request) -> Option<Result<&str, ApiError>> {
    let value = request.headers().get(header::AUTHORIZATION)?;
    let token = value.to_str().ok().and_then(|v| {
        let (scheme, token) = v.trim().split_once(' ')?;
        scheme
            .eq_ignore_ascii_case("bearer")
            .then_some(token.trim())
            .filter(|t| !t.is_empty())
    });
    Some(token.ok_or_else(|| unauthorized("the Authorization header must read 'Bearer <key>'")))
}

fn unauthorized(message: &str) -> ApiError {
    ApiError {
        code: ErrorCode::Unauthorized,
        message: message.into(),
        field: Some("Authorization".into()),
    }
}

/// The middleware: authenticates, then spends the caller's limits, then runs the handler.
pub(crate) async fn admit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let api = path.starts_with("/api/v1/");
    let chat = path == "/api/chat" || path.starts_with("/api/chat/");
    if !api && !chat {
        return next.run(request).await;
    }
    let door = &state.admission;
    let charge =
        if request.method() == Method::POST && (path == "/api/v1/query" || path == "/api/chat") {
            Charge::Turn
        } else {
            Charge::Request
        };
    let sent = bearer(&request).map(|b| b.map(str::to_owned));
    let (who, rule) = match caller(door, sent, api).await {
        Ok(Some(key_id)) => (format!("key:{key_id}"), &door.key_rule),
        Ok(None) => (
            format!("addr:{}", door.address(&request)),
            &door.anonymous_rule,
        ),
        Err(e) => {
            let mut response = error_response(e);
            if response.status() == axum::http::StatusCode::UNAUTHORIZED {
                response
                    .headers_mut()
                    .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            return response;
        }
    };
    match door.limiter.check(&who, rule, charge).await {
        Decision::Admitted => next.run(request).await,
        refused @ Decision::Refused { retry_after, .. } => {
            let mut response =
                error_response(ApiError::new(ErrorCode::RateLimited, refused.message()));
            let secs = retry_after.as_millis().div_ceil(1_000).max(1);
            if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
            response
        }
        unavailable @ Decision::Unavailable => {
            error_response(ApiError::new(ErrorCode::Overloaded, unavailable.message()))
        }
    }
}

/// The key's public id when a live key was sent, `None` for an anonymous caller, or the refusal.
async fn caller(
    door: &Admission,
    sent: Option<Result<String, ApiError>>,
    api: bool,
) -> Result<Option<String>, ApiError> {
    let sent = match sent {
        Some(sent) => sent?,
        None if api && door.mode == AuthMode::Keys => {
            return Err(unauthorized(
                "this endpoint needs an API key: send 'Authorization: Bearer <key>' (make one with `sluice keys create --name NAME`)",
            ));
        }
        None => return Ok(None),
    };
    let Some(keys) = door.keys.as_ref().filter(|_| door.mode == AuthMode::Keys) else {
        // Under `[auth] mode = "none"` keys are not checked: every caller is anonymous.
        return Ok(None);
    };
    match keys.verify(&sent).await {
        Ok(Some(key)) => Ok(Some(key.id)),
        Ok(None) => Err(unauthorized("the API key is unknown or revoked")),
        Err(e) => {
            tracing::error!(error = %e, "cannot check an API key");
            Err(ApiError::new(
                ErrorCode::Overloaded,
                "API keys cannot be checked right now; retry shortly",
            ))
        }
    }
}
