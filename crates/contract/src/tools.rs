//! Tool and method descriptors: what the marketplace knows about each method, as listed by
//! `sluice tools` and `GET /api/v1/tools`, and as the probe reads it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One tool (an MCP server) and its methods.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolDescriptor {
    /// Id callers pin and programs call (`tools.<id>.<method>`).
    pub id: String,
    /// Human-readable title.
    pub title: String,
    /// What the tool is for.
    pub description: String,
    /// `builtin` or the server URL (credentials removed).
    pub source: String,
    /// Its methods.
    pub methods: Vec<MethodDescriptor>,
    /// The SHA-256 of the server's `tools/list` as canonical JSON (`sha256:<hex>`; the order of
    /// the tools and of object keys does not count), when it was listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_hash: Option<String>,
    /// When Sluice last saw that listing change (RFC 3339, UTC); absent while it has stayed as
    /// first listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema_changed_at: Option<String>,
}

/// One method, with its metadata and Sluice's query-safety classification.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodDescriptor {
    /// Method name.
    pub name: String,
    /// Description (may be empty: metadata quality varies).
    pub description: String,
    /// Input JSON Schema.
    pub input_schema: Value,
    /// Output JSON Schema, when declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    /// Declared metadata (`_meta` and MCP annotations), as given.
    pub meta: MethodMeta,
    /// Sluice's classification.
    pub safety: QuerySafety,
}

/// Declared metadata, each field absent when the tool did not declare it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodMeta {
    /// `_meta.surface`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surface: Option<Surface>,
    /// `_meta.queryEligible`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_eligible: Option<bool>,
    /// `_meta.latencyClass` (`fast`, `medium`, `slow`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_class: Option<String>,
    /// MCP `readOnlyHint`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only_hint: Option<bool>,
    /// MCP `destructiveHint`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destructive_hint: Option<bool>,
}

/// `_meta.surface`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Surface {
    /// Answers questions.
    Query,
    /// Changes the world (transfers, orders, messages).
    Execute,
}

/// Whether a method may run in query mode, and on what basis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuerySafety {
    /// May enter the probe's pools and be called in query mode.
    pub query_safe: bool,
    /// Declared by metadata, or inferred from the name and description.
    pub basis: SafetyBasis,
    /// Why, in a few words.
    pub reason: String,
}

/// Where a classification came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SafetyBasis {
    /// From `_meta` or MCP annotations.
    Declared,
    /// From the method's name and description: metadata was missing, or the name or
    /// description contradicts it.
    Inferred,
    /// From the operator's configuration (`query_methods` / `deny_methods`).
    Configured,
}

/// `GET /api/v1/tools`: the marketplace as far as it is known now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolListing {
    /// Every tool listed, with its methods and their classification.
    pub tools: Vec<ToolDescriptor>,
    /// False while some tools are still being listed or could not be listed.
    pub complete: bool,
    /// Tools still being listed; ask again shortly.
    pub pending: Vec<String>,
    /// Tools that could not be listed, and why.
    pub failed: Vec<ToolFailure>,
}

/// A tool that could not be listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolFailure {
    /// The tool.
    pub tool_id: String,
    /// Why, in a few typed words (`timeout`, `http_status 500`, `invalid_reply`, `refused`, ...).
    pub reason: String,
}
