//! The tool caller: the one thing a program can reach, implemented by the runtime (MCP) and by
//! tests (in memory).

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

/// The future a [`ToolCaller`] returns.
pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = Result<Value, ToolError>> + Send + 'a>>;

/// Performs a tool call on behalf of a sandboxed program.
///
/// The sandbox calls it only for allow-listed methods with schema-valid arguments, and bounds it
/// by the run's deadline; an implementation still applies its own timeout to the upstream.
pub trait ToolCaller: Send + Sync {
    /// Calls `method` of `tool_id` with `arguments` and returns the tool's JSON result.
    fn call<'a>(
        &'a self,
        tool_id: &'a str,
        method: &'a str,
        arguments: &'a Value,
    ) -> ToolFuture<'a>;
}

/// A tool call that failed upstream. Its message is shown to the program as a catchable error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    /// What went wrong, in words the program (and a planner repairing it) can act on.
    pub message: String,
}

impl ToolError {
    /// A tool error with `message`.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}
