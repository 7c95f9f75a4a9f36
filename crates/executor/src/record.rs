//! The execution record: what a run did, in order. Later stages cite it, so it is complete even
//! when the run fails.

use std::time::Duration;

use serde_json::Value;

/// Everything one run did.
#[derive(Debug, Clone)]
pub struct ExecutionRecord {
    /// Tool calls in the order the program made them, refused ones included.
    pub calls: Vec<ToolCallRecord>,
    /// How the run ended.
    pub outcome: RunOutcome,
    /// `console` lines, bounded by [`crate::Limits::max_log_bytes`].
    pub logs: Vec<String>,
    /// Fuel consumed, when fuel is metered.
    pub fuel_used: Option<u64>,
    /// Wall time of the run, from acquiring a slot to the end.
    pub wall_time: Duration,
}

impl ExecutionRecord {
    /// The program's result, when it returned one.
    pub fn result(&self) -> Option<&Value> {
        match &self.outcome {
            RunOutcome::Returned(v) => Some(v),
            _ => None,
        }
    }

    /// Calls that reached the tool caller (not refused by the allow-list or the schema).
    pub fn dispatched_calls(&self) -> impl Iterator<Item = &ToolCallRecord> {
        self.calls.iter().filter(|c| c.dispatched())
    }
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum RunOutcome {
    /// The program returned this JSON value (`null` for `undefined`).
    Returned(Value),
    /// The program threw, or failed to parse, and nothing caught it.
    Threw(ProgramError),
    /// A limit ended the run.
    LimitHit(LimitHit),
    /// The sandbox itself failed (a bug); the message is for operators, not callers.
    Internal(String),
}

/// An uncaught JavaScript error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramError {
    /// `SyntaxError`, `TypeError`, `ToolError`, ... or `Thrown` for a non-object.
    pub name: String,
    /// The error's message.
    pub message: String,
    /// 1-based line in the program source, when the engine reported one.
    pub line: Option<u32>,
    /// 1-based column, when the engine reported one.
    pub column: Option<u32>,
    /// The engine's stack trace.
    pub stack: String,
}

impl std::fmt::Display for ProgramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name, self.message)?;
        if let (Some(l), Some(c)) = (self.line, self.column) {
            write!(f, " (line {l}, column {c})")?;
        }
        Ok(())
    }
}

/// The limit that ended a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LimitHit {
    /// The wall-clock deadline passed.
    Deadline,
    /// The fuel (CPU) budget ran out.
    Fuel,
    /// The memory cap was reached.
    Memory,
    /// The stack was exhausted (deep recursion).
    Stack,
    /// Too many tool calls.
    ToolCalls,
    /// A tool reply was larger than allowed.
    ReplyBytes,
    /// The result was larger than allowed.
    ResultBytes,
    /// Too much `console` output.
    LogBytes,
    /// The program source was larger than allowed.
    ProgramBytes,
}

impl LimitHit {
    /// A stable snake_case name, for traces and error bodies.
    pub fn as_str(self) -> &'static str {
        match self {
            LimitHit::Deadline => "deadline",
            LimitHit::Fuel => "fuel",
            LimitHit::Memory => "memory",
            LimitHit::Stack => "stack",
            LimitHit::ToolCalls => "tool_calls",
            LimitHit::ReplyBytes => "reply_bytes",
            LimitHit::ResultBytes => "result_bytes",
            LimitHit::LogBytes => "log_bytes",
            LimitHit::ProgramBytes => "program_bytes",
        }
    }
}

/// One tool call the program attempted.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCallRecord {
    /// Position in the run, from 0.
    pub seq: usize,
    /// The tool.
    pub tool_id: String,
    /// The method.
    pub method: String,
    /// The arguments the program passed.
    pub arguments: Value,
    /// The tool's result, or why there is none.
    pub outcome: Result<Value, CallError>,
    /// Time spent in the call (zero for refused calls).
    pub duration: Duration,
}

impl ToolCallRecord {
    /// Whether the call reached the tool caller.
    pub fn dispatched(&self) -> bool {
        !matches!(
            &self.outcome,
            Err(CallError {
                kind: CallErrorKind::NotAllowed | CallErrorKind::InvalidArguments,
                ..
            })
        )
    }
}

/// Why a tool call produced no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallError {
    /// The class of failure.
    pub kind: CallErrorKind,
    /// Details, as the program saw them.
    pub message: String,
}

/// Classes of failed tool calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallErrorKind {
    /// Refused: the method is not on the run's allow-list. Never dispatched.
    NotAllowed,
    /// Refused: the arguments violate the method's input schema. Never dispatched.
    InvalidArguments,
    /// The tool answered with an error.
    Tool,
    /// The run's deadline passed while the call was in flight.
    Timeout,
    /// The reply exceeded [`crate::Limits::max_reply_bytes`].
    ReplyTooLarge,
}
