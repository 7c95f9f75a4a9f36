//! Sluice's wire contract: every type that crosses the HTTP boundary or the CLI's `--json`.
//!
//! Everything here is camelCase JSON, documented field by field, and the OpenAPI document
//! ([`openapi::document`]) is generated from these same types, so the two cannot drift apart.
//! Requests are parsed strictly ([`request::parse_query_request`]): unknown fields, bad enum
//! values, empty or oversized queries are refused with an [`error::ApiError`] that names the field.
//!
//! This crate knows nothing of stages, MCP or HTTP frameworks; every other crate may depend on it.

/// Closed wire enums: each value's spelling is written once, and serde, the JSON Schema, `as_str`
/// and `parse` all use it.
macro_rules! wire_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident => $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        pub enum $name {
            $($(#[$vdoc])* #[serde(rename = $text)] $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &[$name] = &[$($name::$variant,)+];

            /// The wire spelling.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// The value a wire spelling names, if any.
            pub fn parse(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.as_str() == text)
            }
        }
    };
}

pub mod chat;
pub mod error;
pub mod openapi;
pub mod request;
pub mod response;
pub mod time;
pub mod tools;

pub use chat::{
    ChatEvent, ChatMessage, ChatModels, ChatRequest, ChatThread, ChatTurn, CitationList,
    ThreadList, ThreadOpened, ThreadSummary, parse_chat_request,
};
pub use error::{ApiError, ErrorBody, ErrorCode};
pub use request::{
    ClarificationPolicy, DocumentScope, MAX_HISTORY_TURNS, QueryContext, QueryDepth, QueryRequest,
    ResponseShape, Role, Turn, parse_query_request,
};
pub use response::*;
pub use tools::{
    MethodDescriptor, MethodMeta, QuerySafety, SafetyBasis, Surface, ToolDescriptor, ToolFailure,
    ToolListing,
};
