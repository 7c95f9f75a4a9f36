//! The first-party chat over HTTP: `POST /api/chat`, the thread routes, and the page at `/`.
//!
//! A chat turn is a [`QueryRequest`] through the same pipeline as `/api/v1/query`, with
//! `responseShape: answer_with_evidence`; what this module adds is the thread: the scope pinned
//! when it was created, the earlier turns carried as context, an open clarification answered by
//! a click or a typed reply, and the stored record of every turn.
//!
//! Invariants: a turn is stored whole (the person's message and the reply with its envelope, in
//! one transaction) once it has settled, and never when it failed or its client went away; a
//! message can narrow a thread's tools but never widen them; nothing the browser receives names
//! a provider, a key or a server address (stage events carry their name and time only).

use std::convert::Infallible;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use contract::{
    AnswerDelta, ApiError, ChatEvent, ChatModels, ChatRequest, ChatTurn, CitationList,
    ClarificationPolicy, ErrorCode, Outcome, QueryContext, QueryRequest, QueryResponse,
    ResponseShape, Role, ThreadList, ThreadOpened, TraceEvent,
};
use tokio::sync::{OwnedSemaphorePermit, mpsc};

use crate::config::ChatSection;
use crate::http::{
    AbortOnDrop, AppState, ReceiverStream, answer_pieces, error_response, read_json_body, slot, sse,
};

/// The chat's store and guardrails.
#[derive(Debug)]
pub struct Chat {
    /// Where threads live.
    pub store: chat::Store,
    /// Caps and budgets from `[chat]`.
    pub settings: ChatSection,
}

/// The chat routes and the page.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(page::index))
        .route("/chat.js", get(page::script))
        .route("/chat.css", get(page::style))
        .route("/api/chat", post(turn))
        .route("/api/chat/models", get(models))
        .route("/api/chat/threads", get(threads))
        .route("/api/chat/threads/{id}", get(thread).delete(delete_thread))
}

/// The most recent messages of a thread a new turn reads (the history budget keeps fewer).
const CONTEXT_MESSAGES: u32 = 200;

/// What one message becomes before it runs: the query, and the turn to store once it settles.
struct Prepared {
    request: QueryRequest,
    turn: Pending,
}

/// The turn a message opens: its thread and what the person said.
struct Pending {
    key: chat::ThreadKey,
    message: String,
    selected: Option<String>,
}

fn chat_of(state: &AppState) -> Result<Arc<Chat>, ApiError> {
    state.chat.clone().ok_or_else(|| {
        ApiError::new(
            ErrorCode::NotFound,
            "the chat is not enabled on this server",
        )
    })
}

/// A store failure as the client sees it: a gone or full thread is the request's fault; the
/// rest is logged and reported without its details.
fn store_error(e: chat::StoreError) -> ApiError {
    match e {
        chat::StoreError::NoThread(id) => ApiError {
            code: ErrorCode::NotFound,
            message: format!("no thread has the id {id}"),
            field: Some("threadId".into()),
        },
        chat::StoreError::TurnLimit(n) => ApiError::invalid(
            "threadId",
            format!("this thread has reached its limit of {n} turns; start a new thread"),
        ),
        other => {
            tracing::error!(error = %other, "chat store failed");
            ApiError::new(ErrorCode::Internal, "the chat store failed; retry shortly")
        }
    }
}

/// Turns a chat message into the query it asks, checking it against its thread.
async fn prepare(
    chat: &Chat,
    pipeline: &crate::pipeline::Pipeline,
    request: ChatRequest,
) -> Result<Prepared, ApiError> {
    let settings = &chat.settings;
    let (key, messages, pinned, scope) = match &request.thread_id {
        None => (
            chat::ThreadKey::New {
                id: chat::new_thread_id(),
                tools: request.tools.clone(),
                scope: request.scope.clone(),
            },
            Vec::new(),
            None,
            request.scope.clone(),
        ),
        Some(id) => {
            let (thread, said) = chat
                .store
                .conversation(id, CONTEXT_MESSAGES)
                .await
                .map_err(store_error)?
                .ok_or_else(|| store_error(chat::StoreError::NoThread(id.clone())))?;
            if thread.turns >= settings.max_turns_per_thread {
                return Err(store_error(chat::StoreError::TurnLimit(
                    settings.max_turns_per_thread,
                )));
            }
            // The document scope is the thread's from its first message: repeating it is
            // fine, changing or adding it is not.
            if request.scope.is_some() && request.scope != thread.scope {
                return Err(ApiError::invalid(
                    "scope",
                    "a thread's document scope is set when it starts; start a new thread to change it",
                ));
            }
            (
                chat::ThreadKey::Existing(id.clone()),
                said,
                thread.tools,
                thread.scope,
            )
        }
    };
    // The scope was pinned when the thread began: a message may narrow it, never widen it.
    let tools = match (&pinned, &request.tools) {
        (Some(scope), Some(asked)) => {
            if let Some(outside) = asked.iter().find(|t| !scope.contains(t)) {
                return Err(ApiError::invalid(
                    "tools",
                    format!(
                        "'{outside}' is outside this thread's tools ({}); a thread's scope is set when it starts",
                        scope.join(", ")
                    ),
                ));
            }
            Some(asked.clone())
        }
        (None, Some(_)) if request.thread_id.is_some() => {
            return Err(ApiError::invalid(
                "tools",
                "tools are set when a thread starts; start a new thread to pin tools",
            ));
        }
        (Some(scope), None) => Some(scope.clone()),
        (None, asked) => asked.clone(),
    };
    let (query, selected, before) = answered_clarification(&messages, &request)?;
    let history = context(pipeline, &messages[..before], settings.history_token_budget).await;
    Ok(Prepared {
        request: QueryRequest {
            tools,
            clarification_policy: Some(if request.auto_select == Some(true) {
                ClarificationPolicy::Auto
            } else {
                ClarificationPolicy::Return
            }),
            response_shape: Some(ResponseShape::AnswerWithEvidence),
            answer_model_id: request.selected_chat_model.clone(),
            selected_option_id: selected.clone(),
            context: (!history.is_empty()).then_some(QueryContext {
                history,
                today: None,
            }),
            scope,
            ..QueryRequest::new(query)
        },
        turn: Pending {
            key,
            message: request.message,
            selected,
        },
    })
}

/// The earlier turns a message carries: the recent ones whole, the older ones summarized by the
/// summary model when one is configured and answers, else folded deterministically.
async fn context(
    pipeline: &crate::pipeline::Pipeline,
    messages: &[chat::Said],
    budget: usize,
) -> Vec<contract::Turn> {
    let split = chat::history::split(messages, budget);
    if split.older.is_empty() {
        return split.recent;
    }
    // About three quarters of a word per estimated token.
    let words = split.room * 3 / 4;
    let summary = match pipeline.summarize(&split.older, words).await {
        Some(text) => chat::history::summary_turn(&text, split.room),
        None => None,
    }
    .or_else(|| chat::history::fold(&split.older, split.room));
    split.with_summary(summary)
}

/// The query a message asks: when it answers the thread's open clarification (a clicked option
/// id, or a reply naming exactly one option), the question that was asked with that option;
/// otherwise the message itself. Also returns how many of the thread's messages precede the
/// question, for the history.
fn answered_clarification(
    messages: &[chat::Said],
    request: &ChatRequest,
) -> Result<(String, Option<String>, usize), ApiError> {
    let open = messages.len().checked_sub(2).and_then(|asked| {
        let clarification = messages.get(asked + 1)?.clarification.as_ref()?;
        // A reply that resumed an earlier clarification asked that earlier question again.
        let question = if messages[asked].selected_option_id.is_some() {
            asked_question(messages, asked)?
        } else {
            asked
        };
        Some((question, clarification))
    });
    match (&request.selected_option_id, open) {
        (Some(id), Some((q, clarification))) => {
            if clarification.options.iter().any(|o| &o.id == id) {
                Ok((messages[q].content.clone(), Some(id.clone()), q))
            } else {
                Err(ApiError::invalid(
                    "selectedOptionId",
                    format!("'{id}' is not one of the options this thread was offered"),
                ))
            }
        }
        (Some(_), None) => Err(ApiError::invalid(
            "selectedOptionId",
            "this thread has no open clarification to answer",
        )),
        (None, Some((q, clarification))) => {
            match chat::chosen_option(&request.message, &messages[q].content, clarification) {
                Some(option) => Ok((messages[q].content.clone(), Some(option.id.clone()), q)),
                None => Ok((request.message.clone(), None, messages.len())),
            }
        }
        (None, None) => Ok((request.message.clone(), None, messages.len())),
    }
}

/// The index of the person's question that message `at` (a clarification answer) resumed.
fn asked_question(messages: &[chat::Said], at: usize) -> Option<usize> {
    (0..at)
        .rev()
        .find(|&i| messages[i].role == Role::User && messages[i].selected_option_id.is_none())
}

/// What the reply says in words: the answer, the clarification's question or the miss.
fn reply_text(response: &QueryResponse) -> String {
    let said = match response.outcome {
        Outcome::Answer => response.answer.clone(),
        Outcome::ClarificationRequired => {
            response.clarification.as_ref().map(|c| c.question.clone())
        }
        Outcome::CapabilityMiss => response.capability_miss.as_ref().map(|m| m.message.clone()),
    };
    said.filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "(no text)".to_owned())
}

/// Stores a settled turn.
async fn store(chat: &Chat, turn: Pending, response: QueryResponse) -> Result<ChatTurn, ApiError> {
    chat.store
        .append(
            chat::NewTurn {
                thread: turn.key,
                message: turn.message,
                selected_option_id: turn.selected,
                reply: reply_text(&response),
                envelope: response,
            },
            chat.settings.max_turns_per_thread,
        )
        .await
        .map_err(store_error)
}

async fn turn(State(state): State<AppState>, headers: HeaderMap, body: Body) -> Response {
    let result = async {
        let chat = chat_of(&state)?;
        let body = read_json_body(&state.limits, &headers, body).await?;
        let request = contract::parse_chat_request(&body, chat.settings.max_message_chars)?;
        let stream = request.stream == Some(true);
        let prepared = prepare(&chat, &state.pipeline, request).await?;
        state.pipeline.check(&prepared.request)?;
        let permit = slot(&state.limits).await?;
        if stream {
            return Ok(streamed(state.clone(), chat, prepared, permit));
        }
        let Prepared { request, turn } = prepared;
        let response = state.pipeline.run(request, None).await?;
        drop(permit);
        state.metrics.record(&response);
        let turn = store(&chat, turn, response).await?;
        Ok(axum::Json(turn).into_response())
    }
    .await;
    result.unwrap_or_else(|e| {
        state.metrics.record_error();
        error_response(e)
    })
}

/// The turn as Server-Sent Events: `thread`, `stage`s as they happen, answer `delta`s,
/// `citations`, then the stored turn as `answer`, `clarification` or `capability_miss` (or
/// `error`). The run is cancelled, and nothing stored, when the client goes away before it ends.
fn streamed(
    state: AppState,
    chat: Arc<Chat>,
    prepared: Prepared,
    permit: OwnedSemaphorePermit,
) -> Response {
    let Prepared { request, turn } = prepared;
    let (tx, rx) = mpsc::unbounded_channel::<ChatEvent>();
    let _ = tx.send(ChatEvent::Thread(ThreadOpened {
        thread_id: turn.key.id().to_owned(),
    }));
    let stage_tx = tx.clone();
    let task = tokio::spawn(async move {
        let _permit = permit;
        let sink: traces::EventSink = Box::new(move |e| {
            // The name and the time only: payloads are for developers, not for the browser.
            let _ = stage_tx.send(ChatEvent::Stage(TraceEvent {
                name: e.name.clone(),
                at_ms: e.at_ms,
                data: serde_json::Value::Object(serde_json::Map::new()),
            }));
        });
        let settled = match state.pipeline.run(request, Some(sink)).await {
            Ok(response) => {
                state.metrics.record(&response);
                store(&chat, turn, response).await
            }
            Err(e) => Err(e),
        };
        match settled {
            Ok(turn) => {
                let envelope = turn.reply.envelope.as_deref();
                if let Some(envelope) = envelope {
                    for text in answer_pieces(envelope) {
                        let _ = tx.send(ChatEvent::Delta(AnswerDelta { text }));
                    }
                    if !envelope.citations.is_empty() {
                        let _ = tx.send(ChatEvent::Citations(CitationList {
                            citations: envelope.citations.clone(),
                        }));
                    }
                }
                let last = match envelope.map(|e| e.outcome) {
                    Some(Outcome::ClarificationRequired) => ChatEvent::Clarification,
                    Some(Outcome::CapabilityMiss) => ChatEvent::CapabilityMiss,
                    _ => ChatEvent::Answer,
                };
                let _ = tx.send(last(Box::new(turn)));
            }
            Err(e) => {
                state.metrics.record_error();
                let _ = tx.send(ChatEvent::Error(e));
            }
        }
    });
    let guard = AbortOnDrop(task.abort_handle());
    let events = futures::StreamExt::map(ReceiverStream::new(rx), move |e| {
        let _keep = &guard;
        Ok::<_, Infallible>(sse(e.name(), &e))
    });
    Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response()
}

async fn models(State(state): State<AppState>) -> axum::Json<ChatModels> {
    axum::Json(ChatModels {
        answer_models: state.pipeline.answer_models().to_vec(),
        default_answer_model: state.pipeline.default_answer_model().to_owned(),
    })
}

async fn threads(State(state): State<AppState>) -> Response {
    let result = async {
        let chat = chat_of(&state)?;
        let threads = chat
            .store
            .threads(chat.settings.max_threads_listed)
            .await
            .map_err(store_error)?;
        Ok::<_, ApiError>(axum::Json(ThreadList { threads }).into_response())
    };
    result.await.unwrap_or_else(error_response)
}

fn no_thread(id: &str) -> ApiError {
    ApiError::new(ErrorCode::NotFound, format!("no thread has the id {id}"))
}

async fn thread(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let result = async {
        let chat = chat_of(&state)?;
        let thread = chat.store.thread(&id).await.map_err(store_error)?;
        let thread = thread.ok_or_else(|| no_thread(&id))?;
        Ok::<_, ApiError>(axum::Json(thread).into_response())
    };
    result.await.unwrap_or_else(error_response)
}

async fn delete_thread(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let result = async {
        let chat = chat_of(&state)?;
        if chat.store.delete(&id).await.map_err(store_error)? {
            Ok(StatusCode::NO_CONTENT.into_response())
        } else {
            Err(no_thread(&id))
        }
    };
    result.await.unwrap_or_else(error_response)
}

/// The page, embedded in the binary.
mod page {
    use super::*;

    const INDEX: &str = include_str!("../page/index.html");
    const SCRIPT: &str = include_str!("../page/chat.js");
    const STYLE: &str = include_str!("../page/chat.css");

    fn asset(content_type: &'static str, body: &'static str) -> Response {
        (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response()
    }

    pub(super) async fn index() -> Response {
        let mut response = asset("text/html; charset=utf-8", INDEX);
        response.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            header::HeaderValue::from_static(
                "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
            ),
        );
        response
    }

    pub(super) async fn script() -> Response {
        asset("text/javascript; charset=utf-8", SCRIPT)
    }

    pub(super) async fn style() -> Response {
        asset("text/css; charset=utf-8", STYLE)
    }
}
