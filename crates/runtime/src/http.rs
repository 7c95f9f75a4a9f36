//! The HTTP API. `app(state)` builds the router; tests drive it over a loopback socket.
//!
//! Every error leaves through one place ([`error_response`]) as a stable JSON body
//! `{"error": {"code", "message", "field"}}` with a 4xx/5xx status; internal details are logged,
//! never sent.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use contract::{
    ApiError, ErrorBody, ErrorCode, QueryResponse, StreamEvent, ToolFailure, ToolListing,
};
use futures::StreamExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};
pub(crate) use tokio_stream_shim::ReceiverStream;

use crate::config::ServerConfig;
use crate::metrics::Metrics;
use crate::pipeline::Pipeline;

/// Shared state of the HTTP server.
#[derive(Clone)]
pub struct AppState {
    /// The pipeline.
    pub pipeline: Arc<Pipeline>,
    /// Counters for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// What one request may take.
    pub limits: Arc<Limits>,
    /// The OpenAPI document, listing this server's answer models.
    pub openapi: Arc<String>,
    /// The first-party chat, when its store is open.
    pub chat: Option<Arc<crate::chat::Chat>>,
    /// API keys and per-caller limits.
    pub admission: Arc<crate::admission::Admission>,
}

/// What one request may take.
#[derive(Debug)]
pub struct Limits {
    /// Largest accepted body.
    pub max_body_bytes: usize,
    /// Longest the body may take to arrive.
    pub body_timeout: Duration,
    /// Queries running at once; the rest wait at most `queue_timeout`, then get a 503.
    pub in_flight: Arc<Semaphore>,
    /// Longest a query waits for a running slot.
    pub queue_timeout: Duration,
}

impl AppState {
    /// The state for `pipeline` under `server`'s limits.
    pub fn new(pipeline: Arc<Pipeline>, server: &ServerConfig) -> Self {
        let openapi = contract::openapi::document_for(pipeline.answer_models()).to_string();
        Self {
            openapi: Arc::new(openapi),
            chat: None,
            admission: Arc::default(),
            pipeline,
            metrics: Arc::default(),
            limits: Arc::new(Limits {
                max_body_bytes: server.max_body_bytes,
                body_timeout: Duration::from_millis(server.body_timeout_ms),
                in_flight: Arc::new(Semaphore::new(server.max_in_flight.max(1))),
                queue_timeout: Duration::from_millis(server.queue_timeout_ms),
            }),
        }
    }
}

impl AppState {
    /// This state with the chat served from `store` under `settings`.
    pub fn with_chat(mut self, store: chat::Store, settings: crate::config::ChatSection) -> Self {
        self.chat = Some(Arc::new(crate::chat::Chat { store, settings }));
        self
    }

    /// This state with callers admitted by `admission`.
    pub fn with_admission(mut self, admission: crate::admission::Admission) -> Self {
        self.admission = Arc::new(admission);
        self
    }
}

/// The router. Request tracing is the outermost layer; a body is read under its own size and
/// time limits by the handler.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/api/v1/query", post(query))
        .route("/api/v1/tools", get(tools))
        .route("/openapi.json", get(openapi))
        .route("/healthz", get(|| async { "ok" }))
        .route("/metrics", get(metrics))
        .merge(crate::chat::routes())
        .fallback(|| async {
            error_response(ApiError::new(ErrorCode::NotFound, "no such endpoint"))
        })
        .method_not_allowed_fallback(|| async {
            error_response(ApiError::new(
                ErrorCode::MethodNotAllowed,
                "this endpoint does not accept that HTTP method",
            ))
        })
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::admission::admit,
        ))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}

fn status(code: ErrorCode) -> StatusCode {
    match code {
        ErrorCode::MalformedJson | ErrorCode::InvalidField => StatusCode::BAD_REQUEST,
        ErrorCode::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::Unauthorized => StatusCode::UNAUTHORIZED,
        ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ErrorCode::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
        ErrorCode::Overloaded => StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
        ErrorCode::UpstreamFailed => StatusCode::BAD_GATEWAY,
        ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The one place an error becomes a response.
pub fn error_response(error: ApiError) -> Response {
    // A pinned tool that does not exist is the request's fault: 400 with the field, not 404.
    let code = if error.code == ErrorCode::NotFound && error.field.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        status(error.code)
    };
    let mut response = (code, axum::Json(ErrorBody { error })).into_response();
    if code == StatusCode::SERVICE_UNAVAILABLE {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
    }
    response
}

/// Whether the request says its body is JSON (`application/json`, parameters allowed).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
}

/// Reads a JSON body within the size and time limits; refuses any other content type.
pub(crate) async fn read_json_body(
    limits: &Limits,
    headers: &HeaderMap,
    body: Body,
) -> Result<Bytes, ApiError> {
    if !is_json(headers) {
        return Err(ApiError {
            code: ErrorCode::UnsupportedMediaType,
            message: "the request body must be JSON, sent with Content-Type: application/json"
                .into(),
            field: Some("Content-Type".into()),
        });
    }
    read_body(limits, body).await
}

/// Reads the body within the size and time limits.
async fn read_body(limits: &Limits, body: Body) -> Result<Bytes, ApiError> {
    let read = axum::body::to_bytes(body, limits.max_body_bytes);
    match tokio::time::timeout(limits.body_timeout, read).await {
        Err(_) => Err(ApiError::new(
            ErrorCode::RequestTimeout,
            format!(
                "the request body did not arrive within {} ms",
                limits.body_timeout.as_millis()
            ),
        )),
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) => {
            let too_large = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>())
                || e.to_string().contains("length limit");
            Err(if too_large {
                ApiError::new(
                    ErrorCode::PayloadTooLarge,
                    format!("request body exceeds {} bytes", limits.max_body_bytes),
                )
            } else {
                ApiError::new(
                    ErrorCode::MalformedJson,
                    "the request body could not be read",
                )
            })
        }
    }
}

/// A running slot, waited for at most the queue timeout.
pub(crate) async fn slot(limits: &Limits) -> Result<OwnedSemaphorePermit, ApiError> {
    let wait = Arc::clone(&limits.in_flight).acquire_owned();
    match tokio::time::timeout(limits.queue_timeout, wait).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::new(
            ErrorCode::Overloaded,
            "too many queries are running; retry shortly",
        )),
    }
}

async fn query(State(state): State<AppState>, headers: HeaderMap, body: Body) -> Response {
    let result = async {
        let body = read_json_body(&state.limits, &headers, body).await?;
        let request = contract::parse_query_request(&body)?;
        state.pipeline.check(&request)?;
        let permit = slot(&state.limits).await?;
        if request.stream == Some(true) {
            return stream(state.clone(), request, permit).await;
        }
        let response = state.pipeline.run(request, None).await?;
        drop(permit);
        state.metrics.record(&response);
        Ok(axum::Json(response).into_response())
    }
    .await;
    result.unwrap_or_else(|e| {
        state.metrics.record_error();
        error_response(e)
    })
}

/// Aborts the streamed run when the response stream is dropped (the client went away).
pub(crate) struct AbortOnDrop(pub(crate) tokio::task::AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// `stream: true`: stage events as they happen, then the answer in pieces, then the final
/// envelope (or an error event). Each SSE `event:` is the variant name; `data:` its payload.
///
/// Nothing is sent until the gate has decided: an error before that (an option id that names
/// no option, a tool that does not exist) is answered as a plain JSON error with its status. The
/// run holds a running slot and is cancelled when the client goes away.
async fn stream(
    state: AppState,
    request: contract::QueryRequest,
    permit: OwnedSemaphorePermit,
) -> Result<Response, ApiError> {
    let (tx, mut rx) = mpsc::unbounded_channel::<StreamEvent>();
    let stage_tx = tx.clone();
    let metrics = Arc::clone(&state.metrics);
    let task = tokio::spawn(async move {
        let _permit = permit;
        let sink: traces::EventSink = Box::new(move |e| {
            let _ = stage_tx.send(StreamEvent::Stage(e.clone()));
        });
        match state.pipeline.run(request, Some(sink)).await {
            Ok(response) => {
                metrics.record(&response);
                for piece in answer_pieces(&response) {
                    let _ = tx.send(StreamEvent::AnswerDelta(contract::AnswerDelta {
                        text: piece,
                    }));
                }
                let _ = tx.send(StreamEvent::Final(Box::new(response)));
            }
            Err(e) => {
                metrics.record_error();
                let _ = tx.send(StreamEvent::Error(e));
            }
        }
    });
    let guard = AbortOnDrop(task.abort_handle());
    // Hold the events back until the gate has decided, or the run has ended.
    let mut held = Vec::new();
    loop {
        match rx.recv().await {
            Some(StreamEvent::Error(e)) if held.iter().all(|h| !gate_decided(h)) => {
                return Err(e);
            }
            Some(event) => {
                let decided = gate_decided(&event) || matches!(event, StreamEvent::Final(_));
                held.push(event);
                if decided {
                    break;
                }
            }
            None => break,
        }
    }
    let events = futures::stream::iter(held)
        .chain(ReceiverStream::new(rx))
        .map(move |e| {
            let _keep = &guard;
            Ok::<_, Infallible>(sse_event(&e))
        });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response())
}

fn gate_decided(event: &StreamEvent) -> bool {
    matches!(event, StreamEvent::Stage(e) if e.name == traces::EventName::QueryClarificationDecision.as_str())
}

/// One stream event as SSE: `event:` its kind, `data:` its payload.
fn sse_event(e: &StreamEvent) -> Event {
    let name = match e {
        StreamEvent::Stage(_) => "stage",
        StreamEvent::AnswerDelta(_) => "answer_delta",
        StreamEvent::Final(_) => "final",
        StreamEvent::Error(_) => "error",
    };
    sse(name, e)
}

/// One SSE event named `name` whose `data:` is the payload of an adjacently tagged stream event
/// (`{"type", "data"}`): the query's and the chat's streams are written the same way.
pub(crate) fn sse(name: &str, event: &impl serde::Serialize) -> Event {
    let data = match serde_json::to_value(event) {
        Ok(serde_json::Value::Object(mut m)) => m.remove("data").unwrap_or_default(),
        _ => serde_json::Value::Null,
    };
    Event::default().event(name).data(data.to_string())
}

/// The answer split at word boundaries into pieces of about 48 bytes.
pub(crate) fn answer_pieces(response: &QueryResponse) -> Vec<String> {
    let Some(answer) = &response.answer else {
        return Vec::new();
    };
    let mut pieces = Vec::new();
    let mut current = String::new();
    for word in answer.split_inclusive(char::is_whitespace) {
        current.push_str(word);
        if current.len() >= 48 {
            pieces.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    pieces
}

async fn tools(State(state): State<AppState>) -> axum::Json<ToolListing> {
    let discovery = state.pipeline.marketplace().describe_all().await;
    let failed: Vec<ToolFailure> = discovery
        .failures
        .iter()
        .filter_map(|f| match f {
            catalog::CatalogError::Discovery { tool_id, failure } => Some(ToolFailure {
                tool_id: tool_id.clone(),
                reason: failure.to_string(),
            }),
            _ => None,
        })
        .collect();
    axum::Json(ToolListing {
        complete: failed.is_empty() && discovery.pending.is_empty(),
        tools: discovery.tools.iter().map(|t| (**t).clone()).collect(),
        pending: discovery.pending,
        failed,
    })
}

async fn openapi(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        state.openapi.as_str().to_owned(),
    )
        .into_response()
}

async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state
            .metrics
            .render(&state.pipeline, state.admission.limiter()),
    )
        .into_response()
}

/// A tiny adapter from an mpsc receiver to a `Stream`, so as not to pull in tokio-stream for
/// one type.
mod tokio_stream_shim {
    use std::pin::Pin;
    use std::task::{Context, Poll};

    use tokio::sync::mpsc::UnboundedReceiver;

    pub struct ReceiverStream<T>(UnboundedReceiver<T>);

    impl<T> ReceiverStream<T> {
        pub fn new(rx: UnboundedReceiver<T>) -> Self {
            Self(rx)
        }
    }

    impl<T> futures::Stream for ReceiverStream<T> {
        type Item = T;
        fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<T>> {
            self.0.poll_recv(cx)
        }
    }
}
