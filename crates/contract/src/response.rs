//! The query response: exactly one of three outcomes, with the evidence trail.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

wire_enum! {
    /// How a request settled.
    Outcome {
        /// A grounded answer; every citation points at evidence gathered in this request.
        Answer => "answer",
        /// Several materially different interpretations survive, or a required parameter is missing.
        ClarificationRequired => "clarification_required",
        /// No query-safe method among the available tools can serve the request.
        CapabilityMiss => "capability_miss",
    }
}

wire_enum! {
    /// The lane a request ran in.
    Lane {
        /// One shot: no probe, no clarification gate.
        Fast => "fast",
        /// The metadata probe and the clarification gate ran before planning.
        Deep => "deep",
    }
}

wire_enum! {
    /// Whether the metadata pre-plan probe ran.
    #[derive(Default)]
    ProbeStatus {
        /// It ran in full.
        Completed => "completed",
        /// It did not run (fast lane).
        #[default]
        Skipped => "skipped",
    }
}

wire_enum! {
    /// Who made the gate's decision.
    #[derive(Default)]
    DecisionStrategy {
        /// The model judge, accepted by the deterministic validator.
        Judge => "judge",
        /// The deterministic rules (no judge configured).
        #[default]
        Deterministic => "deterministic",
        /// The deterministic rules, because the judge's answer was refused or failed.
        Fallback => "fallback",
        /// No gate ran (fast lane).
        Skipped => "skipped",
    }
}

wire_enum! {
    /// Why nothing can serve a request.
    MissReason {
        /// No tool is available to the request.
        NoTools => "no_tools",
        /// Only methods that act on the world (execute surface) could serve it.
        ExecuteOnly => "execute_only",
        /// No query-safe method covers the request.
        NoRelevantMethod => "no_relevant_method",
        /// The judge found the request unsupported, and the validator agreed.
        JudgedUnsupported => "judged_unsupported",
        /// The pinned tools could not be reached or listed (`unavailableTools` says why).
        ToolUnavailable => "tool_unavailable",
        /// Part of a compound request is served and part is not (`unservedParts` and
        /// `servableParts` say which).
        PartiallyServed => "partially_served",
    }
}

wire_enum! {
    /// Why the gate decided what it did (`diagnostics.decisionReasonCode`).
    DecisionReason {
        /// Nothing viable: a capability miss.
        NoViableCandidate => "no_viable_candidate",
        /// The one interpretation lacks a required value: ask for it.
        MissingRequiredParameter => "missing_required_parameter",
        /// The caller resumed with `selectedOptionId`.
        SelectedOption => "selected_option",
        /// Several interpretations, `auto`: the recommended one was taken.
        AutoResolvedAmbiguity => "auto_resolved_ambiguity",
        /// Several materially different interpretations: ask which.
        AmbiguousInterpretations => "ambiguous_interpretations",
        /// Exactly one complete interpretation.
        SingleInterpretation => "single_interpretation",
        /// A missing value with choices, `auto`: the recommended choice was taken.
        AutoResolvedMissingParameter => "auto_resolved_missing_parameter",
        /// The model judge decided and the validator accepted it.
        JudgeDecision => "judge_decision",
        /// The fast lane's one shot: the best method, complete, no gate.
        FastLaneOneShot => "fast_lane_one_shot",
    }
}

wire_enum! {
    /// Why a model's part was not used and the deterministic one stood in
    /// (`diagnostics.fallbackReason`, and the planner's trace).
    FallbackReason {
        /// The model did not answer within its stage's timeout.
        Timeout => "timeout",
        /// The provider failed (transport, HTTP status, refusal) or its prompt could not be built.
        ProviderError => "provider_error",
        /// The model's JSON did not match the stage's schema.
        SchemaInvalid => "schema_invalid",
        /// The judge chose an option id that was not offered.
        UnknownOption => "unknown_option",
        /// The judge's confidence was below the floor.
        LowConfidence => "low_confidence",
        /// The judge's outcome contradicts the options it chose.
        OutcomeInconsistent => "outcome_inconsistent",
        /// A model-written program failed the static checks.
        StaticCheck => "static_check",
        /// A model-written program still failed after its repairs.
        ProgramFailed => "program_failed",
    }
}

/// The response to a query.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueryResponse {
    /// Unique id of this request (also in the trace).
    pub request_id: String,
    /// How the request settled.
    pub outcome: Outcome,
    /// The answer, with `[n]` markers that match `citations[].ordinal`. Absent unless `answer`
    /// and the shape includes one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// Sources the answer relies on, numbered densely from 1.
    #[serde(default)]
    pub citations: Vec<Citation>,
    /// Gathered evidence (`answer_with_evidence`, `evidence_only`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Vec<Evidence>>,
    /// What the gathered evidence does not establish.
    #[serde(default)]
    pub gaps: Vec<String>,
    /// Disagreements between gathered sources: what about, and each value with the evidence
    /// that states it.
    #[serde(default)]
    pub conflicts: Vec<Conflict>,
    /// Present when `outcome` is `clarification_required`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clarification: Option<Clarification>,
    /// Present when `outcome` is `capability_miss`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capability_miss: Option<CapabilityMiss>,
    /// Present when Sluice continued with its recommendation (`clarificationPolicy: "auto"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assumption: Option<Assumption>,
    /// Operational figures.
    pub meta: Meta,
    /// Stage events and diagnostics, when `includeDeveloperTrace` was set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub developer_trace: Option<DeveloperTrace>,
    /// The program and the calls it would make, when `planOnly` was set and the request answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<PlanPreview>,
}

/// What would run: returned instead of running it under `planOnly`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanPreview {
    /// The JavaScript program. The deterministic planner's program is one fixed text that reads
    /// the calls below as its input (`input.calls`).
    pub program: String,
    /// The calls it makes, in order.
    pub calls: Vec<PlannedCall>,
}

/// One call of a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlannedCall {
    /// Tool.
    pub tool_id: String,
    /// Method.
    pub method: String,
    /// Bound arguments. An argument another call's result gives is written as a reference to
    /// that earlier call of this plan: `{"$from": "call-1", "pointer": "/teams/0/team_id"}` (calls
    /// number from 1 in plan order; the pointer is a JSON pointer into its result).
    pub arguments: serde_json::Map<String, Value>,
}

/// One source of the answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Citation {
    /// The `[n]` this citation answers to.
    pub ordinal: u32,
    /// The evidence unit cited.
    pub evidence_id: String,
    /// Tool that produced it.
    pub tool_id: String,
    /// Method that produced it.
    pub method: String,
    /// Human-readable title of the evidence.
    pub title: String,
    /// Relevance of the evidence to the query, 0 to 1.
    pub score: f64,
    /// A short excerpt of the evidence.
    pub excerpt: String,
}

/// One unit of evidence: a record a tool returned in this request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Evidence {
    /// Stable id: the same tool output yields the same id.
    pub id: String,
    /// Position in this response's evidence list, from 1.
    pub ordinal: u32,
    /// Tool that returned it.
    pub tool_id: String,
    /// Method that returned it.
    pub method: String,
    /// Index of the tool call in the execution record.
    pub call_seq: u32,
    /// The call that returned it: its rediscovery round and its index in that round's execution
    /// record (`r0c1`), unique within the response.
    #[serde(default)]
    pub call_id: String,
    /// Where in that call's result the record is, as a JSON Pointer (RFC 6901): `/items/2`, or
    /// the empty string for the whole result.
    #[serde(default)]
    pub pointer: String,
    /// The arguments of the call that returned it.
    #[serde(default)]
    pub arguments: Value,
    /// Title.
    pub title: String,
    /// Relevance to the query, 0 to 1.
    pub score: f64,
    /// Short text rendering.
    pub excerpt: String,
    /// The record as the tool returned it.
    pub data: Value,
}

/// Gathered units that state different values for the same thing: the same field of one record
/// from two calls, or the same quantity in two documents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conflict {
    /// What they disagree about ("Starter requests per minute", "Solana price").
    pub about: String,
    /// Each value, with the evidence that states it, in evidence order.
    #[serde(default)]
    pub values: Vec<ConflictValue>,
    /// One sentence naming the values, for display.
    pub note: String,
}

/// One side of a [`Conflict`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConflictValue {
    /// The value as the source states it.
    pub value: String,
    /// The evidence unit that states it (`evidence[].id`).
    pub evidence_id: String,
}

wire_enum! {
    /// Which kind of clarification.
    ClarificationKind {
        /// Several materially different interpretations survive.
        AmbiguousInterpretation => "ambiguous_interpretation",
        /// The one interpretation needs a parameter the query does not give.
        MissingParameter => "missing_parameter",
        /// The query gives a value its method's input schema does not allow.
        InvalidParameter => "invalid_parameter",
    }
}

/// A value the query gives that the method's input schema refuses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvalidParameter {
    /// The parameter.
    pub name: String,
    /// The value read from the query.
    pub value: Value,
    /// The constraint it breaks, in words ("must be at most 5").
    pub constraint: String,
    /// The values allowed, when the schema lists a few.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_values: Vec<Value>,
}

/// A question back to the caller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Clarification {
    /// Which kind.
    pub kind: ClarificationKind,
    /// The question to show.
    pub question: String,
    /// The choices; resend the request with `selectedOptionId` to continue with one.
    pub options: Vec<ClarificationOption>,
    /// Parameters the query did not give, or gave with a value the schema refuses (for
    /// `missing_parameter` and `invalid_parameter`).
    #[serde(default)]
    pub missing_parameters: Vec<String>,
    /// The values the schema refuses, with the constraint each breaks (for `invalid_parameter`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invalid_parameters: Vec<InvalidParameter>,
    /// Sluice's deterministic recommendation among `options`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommended_option_id: Option<String>,
}

/// One interpretation the caller may choose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClarificationOption {
    /// Stable id: the same query and tools give the same id.
    pub id: String,
    /// Short label.
    pub label: String,
    /// What choosing it means.
    pub description: String,
    /// Tool it would call.
    pub tool_id: String,
    /// Method it would call.
    pub method: String,
    /// Arguments it binds.
    #[serde(default)]
    pub arguments: serde_json::Map<String, Value>,
}

/// Why nothing can serve the request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapabilityMiss {
    /// Stable reason code.
    pub reason: MissReason,
    /// Explanation for people.
    pub message: String,
    /// The closest methods considered, best first, and why each falls short.
    pub nearest_methods: Vec<NearestMethod>,
    /// Pinned tools that could not be reached or listed, with the typed cause.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unavailable_tools: Vec<crate::ToolFailure>,
    /// The asks of a compound request that no query-safe method serves, as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unserved_parts: Vec<String>,
    /// The asks that can be served, with the call that would serve each: resend them alone to
    /// have them answered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub servable_parts: Vec<ServablePart>,
}

/// An ask of a compound request that a query-safe method can serve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServablePart {
    /// The ask, as written.
    pub text: String,
    /// Tool it would call.
    pub tool_id: String,
    /// Method it would call.
    pub method: String,
    /// Arguments it binds.
    pub arguments: serde_json::Map<String, Value>,
}

/// A method that came close.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearestMethod {
    /// Tool.
    pub tool_id: String,
    /// Method.
    pub method: String,
    /// Relevance, 0 to 1.
    pub score: f64,
    /// Why it was not used.
    pub why_not: String,
}

/// The assumption Sluice made under `clarificationPolicy: "auto"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Assumption {
    /// Always true: the clarification was resolved automatically.
    pub auto_resolved: bool,
    /// The option chosen.
    pub option_id: String,
    /// Its label.
    pub label: String,
    /// The options not chosen.
    pub alternatives: Vec<ClarificationOption>,
}

/// Operational figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Meta {
    /// The lane the request ran in.
    pub lane: Lane,
    /// Server-side time.
    pub latency_ms: u64,
    /// Model calls made (embedded decisions are not model calls).
    pub model_calls: u32,
    /// Tool calls dispatched.
    pub tool_calls: u32,
    /// Evidence units gathered.
    pub evidence_gathered: u32,
    /// Citations removed because they pointed at no gathered evidence.
    pub citations_dropped: u32,
    /// Completeness rounds beyond the first: the extra iterations a multi-hop search used (at
    /// most `pipeline.max_rediscovery_rounds`).
    pub rediscovery_rounds: u32,
    /// Every query the rounds searched with, the request's own first; a follow-up is never a
    /// query already tried. Empty when nothing executed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queries_tried: Vec<String>,
    /// Evidence units that are document passages (from the `docs` tool), deduplicated across
    /// searches.
    #[serde(default)]
    pub chunks_gathered: u32,
    /// The answer model used, when synthesis ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_model_id: Option<String>,
    /// Tokens the model calls used, when any ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<Tokens>,
}

/// Token usage across a request's model calls.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tokens {
    /// Prompt tokens.
    pub input: u64,
    /// Generated tokens.
    pub output: u64,
}

/// The developer trace.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeveloperTrace {
    /// Stage events, in order.
    pub events: Vec<TraceEvent>,
    /// Decision diagnostics.
    pub diagnostics: Diagnostics,
}

/// One stage event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TraceEvent {
    /// Stable event name (see DESIGN.md, "Traces").
    pub name: String,
    /// Milliseconds since the request started.
    pub at_ms: f64,
    /// Stage-specific payload.
    pub data: Value,
}

/// Why the gate decided what it did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostics {
    /// Whether the probe ran.
    pub pre_plan_probe_status: ProbeStatus,
    /// Interpretations that survived the probe.
    pub viable_candidate_count: u32,
    /// Size of the ambiguity pool.
    pub scout_probe_ambiguity_pool_count: u32,
    /// Stable code of the gate's decision.
    pub decision_reason_code: DecisionReason,
    /// Who decided.
    pub decision_strategy: DecisionStrategy,
    /// The judge's outcome, when a judge ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge_outcome_type: Option<Outcome>,
    /// The judge's confidence, when a judge ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge_confidence: Option<f64>,
    /// Why the validator rejected the judge, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validator_reason: Option<String>,
    /// Why the decision fell back to the deterministic one, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback_reason: Option<FallbackReason>,
    /// Whether the validator overrode a well-formed judge answer.
    #[serde(default)]
    pub judge_disagreement: bool,
    /// Whether an assumption was made under `auto`.
    pub assumption_made: bool,
    /// The `queryDepth` the caller sent, before alias mapping.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requested_query_depth: Option<String>,
}

/// The payload of an `answer_delta` stream event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnswerDelta {
    /// The text to append.
    pub text: String,
}

/// One Server-Sent Event of a streamed query (`stream: true`). The SSE `event:` field carries
/// the variant name; `data:` carries its payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum StreamEvent {
    /// A stage finished.
    Stage(TraceEvent),
    /// The next piece of the answer text.
    AnswerDelta(AnswerDelta),
    /// The complete response; always the last event of a successful stream.
    Final(Box<QueryResponse>),
    /// The request failed; always the last event.
    Error(crate::ApiError),
}

/// An argument taken from an earlier call's result: `{"$from": "call-1", "pointer": "/teams/0/id"}`.
pub fn reference(call: usize, pointer: &str) -> Value {
    serde_json::json!({"$from": format!("call-{call}"), "pointer": pointer})
}

/// The earlier call (numbered from 1) and JSON pointer `value` refers to, when it is a
/// [`reference`].
pub fn referred(value: &Value) -> Option<(usize, &str)> {
    let o = value.as_object().filter(|o| o.len() == 2)?;
    let call = o
        .get("$from")?
        .as_str()?
        .strip_prefix("call-")?
        .parse()
        .ok()?;
    Some((call, o.get("pointer")?.as_str()?))
}
