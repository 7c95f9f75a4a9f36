//! The first-party chat's wire types: `POST /api/chat` and its threads.
//!
//! A chat turn is a query through the same pipeline; what this adds is the thread it belongs
//! to, the earlier turns it carries as context, and a stored record of every envelope.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::request::{
    DocumentScope, MAX_QUERY_CHARS, Role, document_scope, parse_strict, pinned_tools, trimmed_text,
};
use crate::response::{AnswerDelta, Citation, QueryResponse, TraceEvent};

/// `POST /api/chat`: one message in a thread (a new thread when `threadId` is absent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChatRequest {
    /// The thread to continue; absent to start a new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub thread_id: Option<String>,
    /// What the person wrote. Trimmed; at most the server's `chat.max_message_chars`.
    #[schemars(length(min = 1, max = 4000))]
    pub message: String,
    /// The model that writes the answer (the legacy name of `answerModelId`), from the allowed
    /// list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected_chat_model: Option<String>,
    /// The auto-select toggle: on, an ambiguous question continues with the recommended reading
    /// (and says which); off (default), it is asked back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_select: Option<bool>,
    /// Tool ids the thread may use. Accepted only when the thread is created: the scope is
    /// pinned then, and a later message may narrow it but never widen it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 64), inner(length(min = 1)))]
    pub tools: Option<Vec<String>>,
    /// Confines the docs tool to one collection or document for the whole thread. Accepted only
    /// when the thread is created, like `tools`; a later message repeating it unchanged is fine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<DocumentScope>,
    /// Answers the thread's open clarification with the chosen option's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub selected_option_id: Option<String>,
    /// Answer as Server-Sent Events (the page's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<bool>,
}

/// Parses and validates a chat request; `max_message_chars` is the server's cap on `message`
/// (never above the query limit). Every failure names the field to blame.
pub fn parse_chat_request(body: &[u8], max_message_chars: usize) -> Result<ChatRequest, ApiError> {
    let mut request: ChatRequest = parse_strict(body)?;
    request.message = trimmed_text(
        &request.message,
        "message",
        max_message_chars.min(MAX_QUERY_CHARS),
    )?;
    if let Some(tools) = &mut request.tools {
        pinned_tools(tools, "tools")?;
    }
    if let Some(scope) = &mut request.scope {
        document_scope(scope)?;
    }
    for (field, value) in [
        ("threadId", &request.thread_id),
        ("selectedChatModel", &request.selected_chat_model),
        ("selectedOptionId", &request.selected_option_id),
    ] {
        if value.as_deref().is_some_and(|v| v.trim().is_empty()) {
            return Err(ApiError::invalid(field, "must not be empty when given"));
        }
    }
    Ok(request)
}

/// One stored message of a thread.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    /// Stable id.
    pub id: String,
    /// Who wrote it.
    pub role: Role,
    /// The text: what the person wrote, or the answer, the clarification's question, or the
    /// capability miss's message.
    pub content: String,
    /// When it was written (RFC 3339, UTC).
    pub created_at: String,
    /// The option a person's message chose, when it answered a clarification.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected_option_id: Option<String>,
    /// The whole response an assistant message settled as: citations, clarification, miss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub envelope: Option<Box<QueryResponse>>,
}

/// A thread, without its messages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThreadSummary {
    /// Stable id.
    pub id: String,
    /// The thread's first message, shortened.
    pub title: String,
    /// The tools the thread is pinned to; absent: the whole marketplace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<String>>,
    /// The document collection or document the thread is confined to; absent: everywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<DocumentScope>,
    /// Turns taken (a person's message and its reply count as one).
    pub turns: u32,
    /// When it was started (RFC 3339, UTC).
    pub created_at: String,
    /// When its last turn was written (RFC 3339, UTC).
    pub updated_at: String,
}

/// `GET /api/chat/threads`: threads, most recently updated first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThreadList {
    /// The threads.
    pub threads: Vec<ThreadSummary>,
}

/// `GET /api/chat/threads/{id}`: a thread and its messages, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatThread {
    /// The thread.
    pub thread: ThreadSummary,
    /// Its messages, oldest first.
    pub messages: Vec<ChatMessage>,
}

/// The answer to `POST /api/chat`: the turn as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatTurn {
    /// The thread the turn belongs to (new or continued).
    pub thread_id: String,
    /// The person's message.
    pub message: ChatMessage,
    /// The reply, with its envelope.
    pub reply: ChatMessage,
}

/// `GET /api/chat/models`: what the page's answer-model picker offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatModels {
    /// The answer models a message may choose (`selectedChatModel`).
    pub answer_models: Vec<String>,
    /// The one used when a message chooses none.
    pub default_answer_model: String,
}

/// The payload of the `thread` stream event, sent first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThreadOpened {
    /// The thread the turn belongs to.
    pub thread_id: String,
}

/// The payload of the `citations` stream event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitationList {
    /// The answer's citations.
    pub citations: Vec<Citation>,
}

/// One Server-Sent Event of a streamed chat turn. The SSE `event:` field carries the variant
/// name; `data:` carries its payload. The last event is one of `answer`, `clarification`,
/// `capability_miss` (the stored turn) or `error`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum ChatEvent {
    /// The thread the turn belongs to; always first.
    Thread(ThreadOpened),
    /// A stage finished.
    Stage(TraceEvent),
    /// The next piece of the answer text.
    Delta(AnswerDelta),
    /// The answer's citations, after its text.
    Citations(CitationList),
    /// The turn settled as an answer and is stored.
    Answer(Box<ChatTurn>),
    /// The turn settled as a clarification and is stored.
    Clarification(Box<ChatTurn>),
    /// The turn settled as a capability miss and is stored.
    CapabilityMiss(Box<ChatTurn>),
    /// The turn failed; nothing of it is stored.
    Error(ApiError),
}

impl ChatEvent {
    /// The SSE `event:` name.
    pub fn name(&self) -> &'static str {
        match self {
            ChatEvent::Thread(_) => "thread",
            ChatEvent::Stage(_) => "stage",
            ChatEvent::Delta(_) => "delta",
            ChatEvent::Citations(_) => "citations",
            ChatEvent::Answer(_) => "answer",
            ChatEvent::Clarification(_) => "clarification",
            ChatEvent::CapabilityMiss(_) => "capability_miss",
            ChatEvent::Error(_) => "error",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_strictly_and_names_the_field() {
        let r = parse_chat_request(
            br#"{"message": "  Who will win?  ", "autoSelect": true, "tools": [" markets "]}"#,
            100,
        )
        .unwrap();
        assert_eq!(r.message, "Who will win?");
        assert_eq!(r.tools, Some(vec!["markets".to_owned()]));
        let e = parse_chat_request(br#"{"message": "hi", "budget": 99}"#, 100).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("budget"));
        let e = parse_chat_request(br#"{"message": "   "}"#, 100).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("message"));
        let e = parse_chat_request(br#"{"message": "twelve chars"}"#, 5).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("message"));
        assert!(e.message.contains("limit is 5"), "{}", e.message);
        let e = parse_chat_request(br#"{"message": "hi", "threadId": " "}"#, 100).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("threadId"));
        let e = parse_chat_request(br#"{"message": "hi", "autoSelect": "yes"}"#, 100).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("autoSelect"));
    }

    #[test]
    fn events_are_named_as_on_the_wire() {
        let e = ChatEvent::Thread(ThreadOpened {
            thread_id: "t".into(),
        });
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["type"], e.name());
        assert_eq!(v["data"]["threadId"], "t");
    }
}
