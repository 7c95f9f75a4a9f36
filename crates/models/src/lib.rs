//! Models: one interface, [`Model::generate`], that returns JSON validated against the caller's
//! JSON Schema, and the providers behind it.
//!
//! - [`openai::OpenAiCompatible`]: chat completions (OpenAI, vLLM, Ollama, llama.cpp server,
//!   llama-cpp-python, LM Studio); structured output negotiated per model — `response_format:
//!   json_schema`, else `json_object` with the schema, else prompt-instructed JSON — and the form
//!   that worked remembered.
//! - [`anthropic::Anthropic`]: Messages, structured output through a forced tool call.
//!
//! Every call has a total timeout and a bounded number of retries on 429 and 5xx (honouring
//! `Retry-After`, capped). Keys live in [`Secret`], whose `Debug` and `Display` never show them, and
//! no error message ever contains one. Embedded (deterministic) decisions are not models: a stage
//! without a configured model simply does not call this crate.

pub mod anthropic;
pub mod http;
pub mod openai;

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

/// A credential. Shows as `[redacted]` whatever formats it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a key.
    pub fn new(key: impl Into<String>) -> Self {
        Self(key.into())
    }

    /// The key, for the one header that needs it.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl<'de> serde::Deserialize<'de> for Secret {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Secret)
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

/// What a stage asks of a model.
#[derive(Debug, Clone)]
pub struct ModelRequest {
    /// The stage asking (for logs and budgets): `judge`, `planner`, ...
    pub stage: &'static str,
    /// Instructions.
    pub system: String,
    /// The task, with its data.
    pub user: String,
    /// JSON Schema the reply must satisfy.
    pub schema: Value,
    /// Name of the schema, as providers want one.
    pub schema_name: &'static str,
    /// Most tokens to generate.
    pub max_tokens: u32,
}

/// Token usage of one call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Prompt tokens.
    pub input_tokens: u64,
    /// Generated tokens.
    pub output_tokens: u64,
}

/// A validated reply.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelReply {
    /// The JSON, valid against the request's schema.
    pub json: Value,
    /// Tokens used.
    pub usage: Usage,
}

/// Why a call produced no usable reply. Each maps to a stable reason code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// Limit: the total timeout passed.
    #[error("the model did not answer in time")]
    Timeout,
    /// Upstream: the provider failed (after retries), or could not be reached.
    #[error("the provider failed: {0}")]
    Provider(String),
    /// Upstream: the provider refused the request as asked (HTTP 400, 415, 422 or 501: often a
    /// structured-output form it does not take). Not retried as is.
    #[error("the provider refused the request: HTTP {status}: {detail}")]
    Refused {
        /// The HTTP status.
        status: u16,
        /// The start of its error body.
        detail: String,
    },
    /// Upstream: the reply was not JSON.
    #[error("the reply was not JSON: {0}")]
    Malformed(String),
    /// Upstream: the JSON does not satisfy the schema.
    #[error("the reply does not satisfy its schema: {0}")]
    SchemaInvalid(String),
    /// A reply that was generated, and paid for, but cannot be used: why, and the tokens it cost.
    #[error("{cause}")]
    Spent {
        /// Why it cannot be used ([`ModelError::Malformed`] or [`ModelError::SchemaInvalid`]).
        cause: Box<ModelError>,
        /// What the provider reports it cost.
        usage: Usage,
    },
}

impl ModelError {
    /// The stable reason code (`timeout`, `provider_error`, `schema_invalid`).
    pub fn reason_code(&self) -> &'static str {
        match self {
            ModelError::Timeout => "timeout",
            ModelError::Provider(_) | ModelError::Refused { .. } => "provider_error",
            ModelError::Malformed(_) | ModelError::SchemaInvalid(_) => "schema_invalid",
            ModelError::Spent { cause, .. } => cause.reason_code(),
        }
    }

    /// The tokens a failed call still cost (zero unless the provider answered and reported them).
    pub fn usage(&self) -> Usage {
        match self {
            ModelError::Spent { usage, .. } => *usage,
            _ => Usage::default(),
        }
    }
}

/// The future [`Model::generate`] returns.
pub type ModelFuture<'a> =
    Pin<Box<dyn Future<Output = Result<ModelReply, ModelError>> + Send + 'a>>;

/// A model that answers with JSON for a schema.
pub trait Model: Send + Sync {
    /// The name it is configured under.
    fn name(&self) -> &str;
    /// Generates, validates against `request.schema`, and returns the JSON.
    fn generate<'a>(&'a self, request: &'a ModelRequest) -> ModelFuture<'a>;
}

/// Parses `text` as JSON (tolerating a fenced code block around it) and validates it against
/// `schema`: what every provider does with a reply's text.
pub fn validated(text: &str, schema: &Value) -> Result<Value, ModelError> {
    let trimmed = text.trim();
    let body = trimmed
        .strip_prefix("```json")
        .or_else(|| trimmed.strip_prefix("```"))
        .and_then(|s| s.strip_suffix("```"))
        .unwrap_or(trimmed);
    let json: Value =
        serde_json::from_str(body.trim()).map_err(|e| ModelError::Malformed(e.to_string()))?;
    check(&json, schema)?;
    Ok(json)
}

/// The tokens a reply's envelope reports, whichever names the provider uses: `prompt_tokens` /
/// `completion_tokens` (OpenAI and most compatible servers), `input_tokens` / `output_tokens`
/// (Anthropic, some compatible servers) plus Anthropic's cache reads and writes, or only
/// `total_tokens` (counted as input, as it cannot be split).
pub fn usage_of(envelope: &Value) -> Usage {
    let u = &envelope["usage"];
    let n = |k: &str| u[k].as_u64().unwrap_or(0);
    let input = n("prompt_tokens")
        .max(n("input_tokens"))
        .saturating_add(n("cache_creation_input_tokens"))
        .saturating_add(n("cache_read_input_tokens"));
    let output = n("completion_tokens").max(n("output_tokens"));
    if input == 0 && output == 0 {
        return Usage {
            input_tokens: n("total_tokens"),
            output_tokens: 0,
        };
    }
    Usage {
        input_tokens: input,
        output_tokens: output,
    }
}

/// `cause` with the tokens the unusable reply cost, when it cost any.
pub(crate) fn spent(cause: ModelError, usage: Usage) -> ModelError {
    if usage == Usage::default() {
        cause
    } else {
        ModelError::Spent {
            cause: Box::new(cause),
            usage,
        }
    }
}

/// Validates `json` against `schema`.
pub(crate) fn check(json: &Value, schema: &Value) -> Result<(), ModelError> {
    let validator = jsonschema::validator_for(schema)
        .map_err(|e| ModelError::SchemaInvalid(format!("bad schema: {e}")))?;
    match validator.iter_errors(json).next() {
        None => Ok(()),
        Some(e) => Err(ModelError::SchemaInvalid(format!(
            "{} at {}",
            e,
            e.instance_path()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn secrets_never_print() {
        let s = Secret::new("sk-canary-123");
        assert_eq!(format!("{s:?}"), "[redacted]");
        assert!(!format!("{:?}", Some(s)).contains("canary"));
    }

    #[test]
    fn replies_are_parsed_and_validated() {
        let schema = json!({"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]});
        assert_eq!(
            validated("```json\n{\"ok\": true}\n```", &schema).unwrap(),
            json!({"ok": true})
        );
        assert!(matches!(
            validated("{\"ok\": 1}", &schema),
            Err(ModelError::SchemaInvalid(_))
        ));
        assert!(matches!(
            validated("not json", &schema),
            Err(ModelError::Malformed(_))
        ));
    }

    #[test]
    fn usage_is_read_under_every_providers_names() {
        let u = |v: Value| usage_of(&json!({ "usage": v }));
        assert_eq!(
            u(json!({"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17})),
            Usage {
                input_tokens: 12,
                output_tokens: 5
            }
        );
        assert_eq!(
            u(json!({"input_tokens": 30, "output_tokens": 7, "cache_read_input_tokens": 100})),
            Usage {
                input_tokens: 130,
                output_tokens: 7
            }
        );
        assert_eq!(
            u(json!({"total_tokens": 40})),
            Usage {
                input_tokens: 40,
                output_tokens: 0
            }
        );
        assert_eq!(usage_of(&json!({})), Usage::default());
    }
}

#[cfg(test)]
mod fuzz {
    //! Model replies are untrusted text: whatever a provider sends, parsing ends in a value that
    //! meets the schema or in a typed error, never a panic.

    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;

    fn schema() -> Value {
        json!({"type": "object", "additionalProperties": false, "required": ["program"],
               "properties": {"program": {"type": "string", "maxLength": 200}}})
    }

    /// Any JSON value, a few levels deep, with keys a provider's envelope uses.
    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            ".{0,40}".prop_map(Value::from),
        ];
        let key = prop_oneof![
            Just("choices".to_owned()),
            Just("message".to_owned()),
            Just("content".to_owned()),
            Just("usage".to_owned()),
            Just("type".to_owned()),
            Just("name".to_owned()),
            Just("input".to_owned()),
            Just("program".to_owned()),
            "[a-z_]{1,8}",
        ];
        leaf.prop_recursive(4, 48, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                prop::collection::btree_map(key.clone(), inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        #[test]
        fn any_reply_text_parses_to_a_valid_value_or_a_typed_error(text in ".{0,300}") {
            match validated(&text, &schema()) {
                Ok(v) => prop_assert!(check(&v, &schema()).is_ok()),
                Err(e) => prop_assert!(matches!(e, ModelError::Malformed(_) | ModelError::SchemaInvalid(_))),
            }
        }

        #[test]
        fn a_conforming_answer_survives_fences_and_whitespace(
            program in ".{0,200}", fence in 0..3usize, pad in "[ \n\t]{0,4}",
        ) {
            let answer = json!({"program": program});
            let body = serde_json::to_string(&answer).unwrap();
            let text = match fence {
                0 => format!("{pad}{body}{pad}"),
                1 => format!("```json\n{body}\n```{pad}"),
                _ => format!("{pad}```\n{body}\n```"),
            };
            prop_assert_eq!(validated(&text, &schema()).unwrap(), answer);
        }

        #[test]
        fn any_envelope_is_an_answer_or_a_typed_error(envelope in any_json(), bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            for reply in [
                openai::reply_of(&envelope, &schema()),
                anthropic::reply_of(&envelope, "plan", &schema()),
            ] {
                match reply {
                    Ok(r) => prop_assert!(check(&r.json, &schema()).is_ok()),
                    Err(e) => prop_assert_eq!(e.reason_code(), "schema_invalid"),
                }
            }
            match http::envelope(&bytes) {
                Ok(v) => prop_assert_eq!(serde_json::from_slice::<Value>(&bytes).unwrap(), v),
                Err(e) => prop_assert!(matches!(e, ModelError::Malformed(_))),
            }
        }
    }
}
