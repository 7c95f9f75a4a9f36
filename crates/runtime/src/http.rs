//! The HTTP API. `app(state)` builds the router; tests drive it over a loopback socket.
//!
//! Every error leaves through one place ([`error_response`]) as a stable JSON body
//! `{"error": {"code", "message", "field"}}` with a 4xx/5xx status; internal details are logged,
//! never sent.

use std::convert::Infallible;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use contract::{ApiError, ErrorBody, ErrorCode, QueryResponse, StreamEvent, ToolDescriptor};
use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_stream_shim::ReceiverStream;

use crate::metrics::Metrics;
use crate::pipeline::Pipeline;

/// Shared state of the HTTP server.
#[derive(Clone)]
pub struct AppState {
    /// The pipeline.
    pub pipeline: Arc<Pipeline>,
    /// Counters for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Largest accepted body.
    pub max_body_bytes: usize,
}

/// The router. Layers, outermost first: request tracing, then the body limit (so an oversized
/// body is refused before it is read in full).
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/api/v1/query", post(query))
        .route("/api/v1/tools", get(tools))
        .route("/openapi.json", get(openapi))
        .route("/healthz", get(|| async { "ok" }))
        .route("/metrics", get(metrics))
        .fallback(|| async {
            error_response(ApiError::new(ErrorCode::NotFound, "no such endpoint"))
        })
        .layer(DefaultBodyLimit::max(state.max_body_bytes))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}

fn status(code: ErrorCode) -> StatusCode {
    match code {
        ErrorCode::MalformedJson | ErrorCode::InvalidField => StatusCode::BAD_REQUEST,
        ErrorCode::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
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
    (code, axum::Json(ErrorBody { error })).into_response()
}

async fn query(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let body = match body {
        Ok(b) => b,
        Err(rejection) => {
            let code = if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ErrorCode::PayloadTooLarge
            } else {
                ErrorCode::MalformedJson
            };
            let message = if code == ErrorCode::PayloadTooLarge {
                format!("request body exceeds {} bytes", state.max_body_bytes)
            } else {
                "the request body could not be read".to_owned()
            };
            return error_response(ApiError::new(code, message));
        }
    };
    let request = match contract::parse_query_request(&body) {
        Ok(r) => r,
        Err(e) => {
            state.metrics.record_error();
            return error_response(e);
        }
    };
    if request.stream == Some(true) {
        return stream(state, request).into_response();
    }
    match state.pipeline.run(request, None).await {
        Ok(response) => {
            state.metrics.record(&response);
            axum::Json(response).into_response()
        }
        Err(e) => {
            state.metrics.record_error();
            error_response(e)
        }
    }
}

/// `stream: true`: stage events as they happen, then the answer in pieces, then the final
/// envelope (or an error event). Each SSE `event:` is the variant name; `data:` its payload.
fn stream(
    state: AppState,
    request: contract::QueryRequest,
) -> Sse<impl futures::Stream<Item = Result<Event, Infallible>>> {
    let (tx, rx) = mpsc::unbounded_channel::<StreamEvent>();
    let stage_tx = tx.clone();
    tokio::spawn(async move {
        let sink: traces::EventSink = Box::new(move |e| {
            let _ = stage_tx.send(StreamEvent::Stage(e.clone()));
        });
        match state.pipeline.run(request, Some(sink)).await {
            Ok(response) => {
                state.metrics.record(&response);
                for piece in answer_pieces(&response) {
                    let _ = tx.send(StreamEvent::AnswerDelta { text: piece });
                }
                let _ = tx.send(StreamEvent::Final(Box::new(response)));
            }
            Err(e) => {
                state.metrics.record_error();
                let _ = tx.send(StreamEvent::Error(e));
            }
        }
    });
    let events = ReceiverStream::new(rx).map(|e| {
        let name = match &e {
            StreamEvent::Stage(_) => "stage",
            StreamEvent::AnswerDelta { .. } => "answer_delta",
            StreamEvent::Final(_) => "final",
            StreamEvent::Error(_) => "error",
        };
        let data = match serde_json::to_value(&e) {
            Ok(serde_json::Value::Object(mut m)) => m.remove("data").unwrap_or_default(),
            _ => serde_json::Value::Null,
        };
        Ok(Event::default().event(name).data(data.to_string()))
    });
    Sse::new(events).keep_alive(KeepAlive::default())
}

/// The answer split at word boundaries into pieces of about 48 bytes.
fn answer_pieces(response: &QueryResponse) -> Vec<String> {
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

async fn tools(State(state): State<AppState>) -> axum::Json<Vec<ToolDescriptor>> {
    let discovery = state.pipeline.marketplace().describe_all().await;
    axum::Json(discovery.tools.iter().map(|t| (**t).clone()).collect())
}

async fn openapi() -> Response {
    static DOC: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let body = DOC
        .get_or_init(|| contract::openapi::document().to_string())
        .clone();
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(),
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
