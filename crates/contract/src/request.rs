//! The query request and its strict parser.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ErrorCode};

/// Longest accepted query, in characters.
pub const MAX_QUERY_CHARS: usize = 4_000;
/// Most tools a request may pin.
pub const MAX_PINNED_TOOLS: usize = 64;

/// Most earlier turns a request may carry in `context.history`.
pub const MAX_HISTORY_TURNS: usize = 32;

/// `POST /api/v1/query`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QueryRequest {
    /// The natural-language question. Trimmed; 1 to 4,000 characters.
    #[schemars(length(min = 1, max = 4000))]
    pub query: String,
    /// Tool ids to pin. Pinned tools are used as given; without them Sluice selects tools from
    /// the whole marketplace. At most 64, none empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 64), inner(length(min = 1)))]
    pub tools: Option<Vec<String>>,
    /// Lane: `fast`, `deep` or `auto` (default). `deep-light` and `deep-heavy` are accepted as
    /// legacy aliases of `deep`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_depth: Option<QueryDepth>,
    /// What to do when several interpretations survive: `return` them (default) or continue
    /// with the recommended one (`auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clarification_policy: Option<ClarificationPolicy>,
    /// `answer` (default), `answer_with_evidence` or `evidence_only` (no synthesis).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_shape: Option<ResponseShape>,
    /// The model that writes the final answer, from the allowed list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_model_id: Option<String>,
    /// Include `developerTrace` (events and diagnostics) in the response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub include_developer_trace: Option<bool>,
    /// Resume a returned clarification with the chosen option's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub selected_option_id: Option<String>,
    /// Answer as Server-Sent Events: stage events, answer deltas, then the final envelope.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<bool>,
    /// Stop after planning: return the program and the calls it would make, executing nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan_only: Option<bool>,
    /// The conversation so far. The current `query` chooses what to do; earlier turns only
    /// resolve what it points back at ("and in euros?") and fill values it leaves open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<QueryContext>,
    /// Confines the `docs` tool to one collection or one document for this request. Every
    /// document search, listing and read stays inside it, whatever the query names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<DocumentScope>,
}

/// Where the `docs` tool may look during one request. At least one of the two is given; with
/// both, the document must belong to the collection.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DocumentScope {
    /// Only this collection (a `collectionId` from the docs tool's `find_items`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub collection_id: Option<String>,
    /// Only this document (a `documentId` from a search or a listing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub document_id: Option<String>,
}

/// What came before the current query.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QueryContext {
    /// Earlier turns, oldest first.
    #[serde(default)]
    #[schemars(length(max = 32))]
    pub history: Vec<Turn>,
    /// The caller's date (`YYYY-MM-DD`), against which "tomorrow" or "next Friday" is read; the
    /// server's date (UTC) when absent. A date the query itself states ("today is ...") comes
    /// first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub today: Option<String>,
}

impl QueryContext {
    /// The caller's date, when given (checked when the request was read).
    pub fn today(&self) -> Option<chrono::NaiveDate> {
        self.today
            .as_deref()
            .and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
    }
}

/// One earlier turn of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Turn {
    /// Who spoke.
    pub role: Role,
    /// What was said.
    #[schemars(length(min = 1, max = 4000))]
    pub content: String,
}

/// The speaker of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The person asking.
    User,
    /// Sluice (or the assistant the caller runs).
    Assistant,
}

impl QueryRequest {
    /// A request for `query` with every option at its default.
    pub fn new(query: impl Into<String>) -> Self {
        Self {
            query: query.into(),
            tools: None,
            query_depth: None,
            clarification_policy: None,
            response_shape: None,
            answer_model_id: None,
            include_developer_trace: None,
            selected_option_id: None,
            stream: None,
            plan_only: None,
            context: None,
            scope: None,
        }
    }
}

/// The lane a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum QueryDepth {
    /// One-shot: no probe, no clarification.
    Fast,
    /// Metadata probe and clarification gate before planning.
    Deep,
    /// Sluice picks the lane by traced rules.
    Auto,
    /// Legacy alias of `deep`.
    DeepLight,
    /// Legacy alias of `deep`.
    DeepHeavy,
}

impl QueryDepth {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            QueryDepth::Fast => "fast",
            QueryDepth::Deep => "deep",
            QueryDepth::Auto => "auto",
            QueryDepth::DeepLight => "deep-light",
            QueryDepth::DeepHeavy => "deep-heavy",
        }
    }

    /// Whether this is a legacy alias that normalizes to `deep`.
    pub fn is_legacy_alias(self) -> bool {
        matches!(self, QueryDepth::DeepLight | QueryDepth::DeepHeavy)
    }
}

wire_enum! {
    /// Clarification policy.
    #[derive(Default)]
    ClarificationPolicy {
        /// Return the clarification to the caller.
        #[default]
        Return => "return",
        /// Continue with the deterministic recommendation and report the assumption.
        Auto => "auto",
    }
}

wire_enum! {
    /// Response shape.
    #[derive(Default)]
    ResponseShape {
        /// Answer and citations.
        #[default]
        Answer => "answer",
        /// Answer, citations and the evidence they point at.
        AnswerWithEvidence => "answer_with_evidence",
        /// Evidence only; no synthesis, no answer model.
        EvidenceOnly => "evidence_only",
    }
}

/// Parses and validates a request body. Every failure names the field to blame.
pub fn parse_query_request(body: &[u8]) -> Result<QueryRequest, ApiError> {
    let mut request: QueryRequest = parse_strict(body)?;
    validate(&mut request)?;
    Ok(request)
}

/// Deserializes one strict JSON body (unknown fields refused), naming the field to blame in
/// every failure: a wrongly typed value, a missing or duplicate field, trailing data.
pub(crate) fn parse_strict<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(body);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let at_root = path == "." || path.is_empty();
        // serde_json calls a wrongly typed enum value a syntax error; with a path it is the
        // field's value that is wrong, not the body.
        if inner.is_eof() || (inner.is_syntax() && at_root) {
            return ApiError::new(
                ErrorCode::MalformedJson,
                format!("request body is not valid JSON: {inner}"),
            );
        }
        let message = inner.to_string();
        // serde reports an unknown field at its parent; name the field itself.
        let field = unknown_field(&message)
            .map(str::to_owned)
            .unwrap_or_else(|| {
                if let Some(key) = duplicate_field(&message) {
                    // A duplicate is reported at the object that holds it.
                    if at_root {
                        key.to_owned()
                    } else {
                        format!("{path}.{key}")
                    }
                } else if at_root {
                    missing_field(&message).unwrap_or("body").to_owned()
                } else {
                    path
                }
            });
        ApiError::invalid(field, strip_position(&message))
    })?;
    de.end().map_err(|e| {
        ApiError::new(
            ErrorCode::MalformedJson,
            format!("trailing data after the JSON body: {e}"),
        )
    })?;
    Ok(value)
}

/// Trims `text` and checks it holds 1 to `limit` characters; the error names `field`.
pub(crate) fn trimmed_text(text: &str, field: &str, limit: usize) -> Result<String, ApiError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ApiError::invalid(field, "must not be empty"));
    }
    let chars = trimmed.chars().count();
    if chars > limit {
        return Err(ApiError::invalid(
            field,
            format!("is {chars} characters; the limit is {limit}"),
        ));
    }
    Ok(trimmed.to_owned())
}

/// Trims pinned tool ids and checks their number; the errors name `field` or its items.
pub(crate) fn pinned_tools(tools: &mut [String], field: &str) -> Result<(), ApiError> {
    if tools.len() > MAX_PINNED_TOOLS {
        return Err(ApiError::invalid(
            field,
            format!(
                "pins {} tools; the limit is {MAX_PINNED_TOOLS}",
                tools.len()
            ),
        ));
    }
    for (i, t) in tools.iter_mut().enumerate() {
        *t = t.trim().to_owned();
        if t.is_empty() {
            return Err(ApiError::invalid(
                format!("{field}[{i}]"),
                "must not be empty",
            ));
        }
    }
    Ok(())
}

/// Trims a scope's ids and checks it names at least one; the errors name `scope` or its fields.
pub(crate) fn document_scope(scope: &mut DocumentScope) -> Result<(), ApiError> {
    for (field, value) in [
        ("scope.collectionId", &mut scope.collection_id),
        ("scope.documentId", &mut scope.document_id),
    ] {
        if let Some(v) = value {
            *v = v.trim().to_owned();
            if v.is_empty() {
                return Err(ApiError::invalid(field, "must not be empty when given"));
            }
        }
    }
    if scope.collection_id.is_none() && scope.document_id.is_none() {
        return Err(ApiError::invalid(
            "scope",
            "names neither a collectionId nor a documentId",
        ));
    }
    Ok(())
}

fn validate(request: &mut QueryRequest) -> Result<(), ApiError> {
    request.query = trimmed_text(&request.query, "query", MAX_QUERY_CHARS)?;
    if let Some(tools) = &mut request.tools {
        pinned_tools(tools, "tools")?;
    }
    if let Some(context) = &mut request.context {
        if context.history.len() > MAX_HISTORY_TURNS {
            return Err(ApiError::invalid(
                "context.history",
                format!(
                    "has {} turns; the limit is {MAX_HISTORY_TURNS}",
                    context.history.len()
                ),
            ));
        }
        if let Some(day) = &context.today
            && chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_err()
        {
            return Err(ApiError::invalid(
                "context.today",
                format!("'{day}' is not a date written YYYY-MM-DD"),
            ));
        }
        for (i, turn) in context.history.iter_mut().enumerate() {
            let text = turn.content.trim();
            let chars = text.chars().count();
            if chars == 0 || chars > MAX_QUERY_CHARS {
                return Err(ApiError::invalid(
                    format!("context.history[{i}].content"),
                    format!("must be 1 to {MAX_QUERY_CHARS} characters"),
                ));
            }
            turn.content = text.to_owned();
        }
    }
    if let Some(scope) = &mut request.scope {
        document_scope(scope)?;
    }
    for (field, value) in [
        ("answerModelId", &request.answer_model_id),
        ("selectedOptionId", &request.selected_option_id),
    ] {
        if value.as_deref().is_some_and(|v| v.trim().is_empty()) {
            return Err(ApiError::invalid(field, "must not be empty when given"));
        }
    }
    Ok(())
}

fn unknown_field(message: &str) -> Option<&str> {
    message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split('`').next())
}

fn duplicate_field(message: &str) -> Option<&str> {
    message
        .strip_prefix("duplicate field `")
        .and_then(|rest| rest.split('`').next())
}

fn missing_field(message: &str) -> Option<&str> {
    message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
}

/// serde_json appends " at line L column C"; the field name already says where.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(body: &str) -> ApiError {
        parse_query_request(body.as_bytes()).unwrap_err()
    }

    #[test]
    fn accepts_a_full_request_and_trims() {
        let r = parse_query_request(br#"{"query": "  hi  ", "tools": [" markets "], "queryDepth": "deep-light",
            "clarificationPolicy": "auto", "responseShape": "evidence_only", "includeDeveloperTrace": true}"#)
        .unwrap();
        assert_eq!(r.query, "hi");
        assert_eq!(r.tools, Some(vec!["markets".to_owned()]));
        assert_eq!(r.query_depth, Some(QueryDepth::DeepLight));
        assert_eq!(r.clarification_policy, Some(ClarificationPolicy::Auto));
        assert_eq!(r.response_shape, Some(ResponseShape::EvidenceOnly));
        let r = parse_query_request(
            br#"{"query": "and in euros?", "context": {"history": [{"role": "user", "content": " Price of Solana "},
                {"role": "assistant", "content": "About 150 USD."}]}}"#,
        )
        .unwrap();
        let history = r.context.unwrap().history;
        assert_eq!(history[0].role, Role::User);
        assert_eq!(history[0].content, "Price of Solana");
        assert_eq!(history[1].role, Role::Assistant);
        let e =
            err(r#"{"query": "x", "context": {"history": [{"role": "bot", "content": "hi"}]}}"#);
        assert_eq!(e.code, ErrorCode::InvalidField, "{e:?}");
        assert!(e.message.contains("bot"), "{e:?}");
        let r = parse_query_request(
            br#"{"query": "limits?", "tools": ["docs"], "scope": {"collectionId": " handbook "}}"#,
        )
        .unwrap();
        assert_eq!(
            r.scope,
            Some(DocumentScope {
                collection_id: Some("handbook".into()),
                document_id: None
            })
        );
    }

    #[test]
    fn names_the_field_of_every_failure() {
        let cases = [
            (r#"{"query": "x", "bogus": 1}"#, "bogus"),
            (r#"{"query": "x", "queryDepth": "deepest"}"#, "queryDepth"),
            (
                r#"{"query": "x", "clarificationPolicy": 3}"#,
                "clarificationPolicy",
            ),
            (
                r#"{"query": "x", "responseShape": "poem"}"#,
                "responseShape",
            ),
            (r#"{"query": "x", "tools": "markets"}"#, "tools"),
            (r#"{"query": "x", "tools": ["a", " "]}"#, "tools[1]"),
            (r#"{"query": "   "}"#, "query"),
            (r#"{"tools": []}"#, "query"),
            (
                r#"{"query": "x", "selectedOptionId": ""}"#,
                "selectedOptionId",
            ),
            (r#"{"query": "x", "query": "y"}"#, "query"),
            (r#"{"query": "x", "tools": [], "tools": []}"#, "tools"),
            (
                r#"{"query": "x", "context": {"history": [{"role": "user", "content": " "}]}}"#,
                "context.history[0].content",
            ),
            (
                r#"{"query": "x", "context": {"today": "27/11/2026"}}"#,
                "context.today",
            ),
            (
                r#"{"query": "x", "context": {"today": "2026-02-30"}}"#,
                "context.today",
            ),
            (r#"{"query": "x", "scope": {}}"#, "scope"),
            (
                r#"{"query": "x", "scope": {"collectionId": " "}}"#,
                "scope.collectionId",
            ),
            (
                r#"{"query": "x", "scope": {"collection": "a"}}"#,
                "collection",
            ),
        ];
        for (body, field) in cases {
            let e = err(body);
            assert_eq!(e.code, ErrorCode::InvalidField, "{body}: {e:?}");
            assert_eq!(e.field.as_deref(), Some(field), "{body}: {e:?}");
            assert!(
                !e.message.contains("line "),
                "no parser positions in messages: {e:?}"
            );
        }
    }

    #[test]
    fn refuses_oversized_queries_and_malformed_json() {
        let long = format!(r#"{{"query": "{}"}}"#, "a".repeat(MAX_QUERY_CHARS + 1));
        assert_eq!(err(&long).field.as_deref(), Some("query"));
        assert_eq!(err("{\"query\": ").code, ErrorCode::MalformedJson);
        assert_eq!(err("not json").code, ErrorCode::MalformedJson);
        assert_eq!(err(r#"{"query": "x"} {}"#).code, ErrorCode::MalformedJson);
    }
}

#[cfg(test)]
mod fuzz {
    use proptest::prelude::*;

    use super::*;

    fn field() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("query".to_owned()),
            Just("tools".to_owned()),
            Just("queryDepth".to_owned()),
            Just("selectedOptionId".to_owned()),
            Just("stream".to_owned()),
            "[a-zA-Z]{1,12}",
        ]
    }

    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            "\"[^\"\\\\]{0,40}\"".prop_map(|s| s),
            any::<i64>().prop_map(|n| n.to_string()),
            Just("null".to_owned()),
            Just("true".to_owned()),
            Just("[\"markets\", \"\"]".to_owned()),
            Just("{}".to_owned()),
            Just("\"deep\"".to_owned()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// Any bytes: a request or a typed error, never a panic; messages carry no parser
        /// positions.
        #[test]
        fn any_bytes_parse_or_fail_cleanly(body in proptest::collection::vec(any::<u8>(), 0..200)) {
            if let Err(e) = parse_query_request(&body) {
                prop_assert!(matches!(e.code, ErrorCode::MalformedJson | ErrorCode::InvalidField));
            }
        }

        /// JSON objects of known and unknown fields: every refusal names a field or the body.
        #[test]
        fn objects_are_refused_with_a_named_field(pairs in proptest::collection::vec((field(), value()), 0..6)) {
            let body = format!(
                "{{{}}}",
                pairs.iter().map(|(k, v)| format!("\"{k}\": {v}")).collect::<Vec<_>>().join(", ")
            );
            match parse_query_request(body.as_bytes()) {
                Ok(r) => prop_assert!(!r.query.trim().is_empty()),
                Err(e) if e.code == ErrorCode::InvalidField => {
                    prop_assert!(e.field.as_deref().is_some_and(|f| !f.is_empty()), "{e:?}");
                    prop_assert!(!e.message.contains(" at line "), "{e:?}");
                }
                Err(e) => prop_assert_eq!(e.code, ErrorCode::MalformedJson),
            }
        }
    }
}
