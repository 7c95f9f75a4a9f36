//! The executor stage: runs a planner's JavaScript program in a sandbox and records every tool
//! call it makes.
//!
//! This crate is Sluice's security boundary. Programs are written by models or templates and are
//! treated as hostile: they run in QuickJS compiled to WebAssembly, hosted by wasmtime, with no
//! filesystem, network, environment or randomness source of their own. The only way out is a
//! host call to a tool, and a call reaches the [`ToolCaller`] only when its `(toolId, method)` is
//! on the run's [`Allowlist`] and its arguments validate against the method's input schema.
//!
//! ```no_run
//! # async fn demo(caller: std::sync::Arc<dyn executor::ToolCaller>) -> Result<(), executor::Error> {
//! use executor::{Allowlist, AllowedMethod, Sandbox, SandboxConfig};
//! let sandbox = Sandbox::new(SandboxConfig::default())?;
//! let allow = Allowlist::new([AllowedMethod::new("markets", "search", serde_json::json!({"type": "object"}))])?;
//! let record = sandbox.run("return tools.markets.search({ q: 'cup' });", &allow, caller).await;
//! println!("{:?}", record.outcome);
//! # Ok(()) }
//! ```
//!
//! Promises:
//! - every run starts from the same pre-initialised snapshot in a fresh `Store` and shares no
//!   state with any other run (the bytecode a program's text compiles to is reused by later runs
//!   of the same text; it is taken from the compiler before any of the program runs);
//! - every run ends with an [`ExecutionRecord`]: the ordered calls, the result or the typed reason
//!   it stopped ([`RunOutcome`]), never a panic;
//! - a method that is not on the allow-list is never dispatched, whatever the program does.

mod caller;
mod capability;
mod compiled;
mod config;
mod host;
mod module_cache;
mod record;
mod sandbox;

pub use caller::{ToolCaller, ToolError, ToolFuture};
pub use capability::{AllowedMethod, Allowlist, InputSchema};
pub use config::{Limits, SandboxConfig};
pub use record::{
    CallError, CallErrorKind, ExecutionRecord, LimitHit, ProgramError, RunOutcome, ToolCallRecord,
};
pub use sandbox::Sandbox;

/// Failures of the sandbox itself, as opposed to failures of a program (which are recorded in
/// [`ExecutionRecord::outcome`]).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input: a method's input schema is not a valid JSON Schema.
    #[error("the input schema of {tool_id}.{method} is not a valid JSON Schema: {message}")]
    InvalidSchema {
        /// Tool of the offending method.
        tool_id: String,
        /// The offending method.
        method: String,
        /// What the schema compiler said.
        message: String,
    },
    /// Bad input: the configuration asks for something the engine cannot do.
    #[error("invalid sandbox configuration: {0}")]
    InvalidConfig(String),
    /// Bug: the embedded guest module does not match its recorded checksum, or the engine could
    /// not compile or pre-initialise it.
    #[error("the sandbox engine could not be prepared: {0}")]
    Engine(String),
}
