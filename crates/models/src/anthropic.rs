//! Anthropic Messages, with structured output through a forced tool call.

use serde_json::{Value, json};

use crate::http::{self, Policy};
use crate::{Model, ModelError, ModelFuture, ModelReply, ModelRequest, Secret};

/// The API version header value.
const VERSION: &str = "2023-06-01";

/// A Messages endpoint.
#[derive(Debug, Clone)]
pub struct Anthropic {
    /// Configured name.
    pub name: String,
    /// Base URL (for example `https://api.anthropic.com`).
    pub base_url: String,
    /// The model id.
    pub model: String,
    /// `x-api-key`.
    pub api_key: Secret,
    /// Timeout and retries.
    pub policy: Policy,
    client: reqwest::Client,
}

impl Anthropic {
    /// A provider for `model` at `base_url`.
    pub fn new(name: &str, base_url: &str, model: &str, api_key: Secret, policy: Policy) -> Self {
        Self {
            name: name.into(),
            base_url: base_url.trim_end_matches('/').into(),
            model: model.into(),
            api_key,
            policy,
            client: crate::http::client(),
        }
    }

    fn body(&self, r: &ModelRequest) -> Value {
        json!({
            "model": self.model,
            "max_tokens": r.max_tokens,
            "system": r.system,
            "messages": [{"role": "user", "content": r.user}],
            "tools": [{"name": r.schema_name, "description": "Record the answer.", "input_schema": r.schema}],
            "tool_choice": {"type": "tool", "name": r.schema_name},
        })
    }
}

impl Model for Anthropic {
    fn name(&self) -> &str {
        &self.name
    }

    fn generate<'a>(&'a self, request: &'a ModelRequest) -> ModelFuture<'a> {
        Box::pin(async move {
            let headers = [
                ("x-api-key", self.api_key.expose()),
                ("anthropic-version", VERSION),
            ];
            let url = format!("{}/v1/messages", self.base_url);
            let reply = http::post(
                &self.client,
                &url,
                &headers,
                &self.body(request),
                self.policy,
            )
            .await?;
            reply_of(&reply, request.schema_name, &request.schema)
        })
    }
}

/// The structured answer in a Messages envelope: the input of the `tool_use` block named
/// `schema_name`, validated against `schema`, with the token usage when the server reports it.
pub fn reply_of(
    envelope: &Value,
    schema_name: &str,
    schema: &Value,
) -> Result<ModelReply, ModelError> {
    let usage = crate::usage_of(envelope);
    let input = envelope["content"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["type"] == "tool_use" && c["name"] == schema_name)
        .map(|c| c["input"].clone())
        .ok_or_else(|| {
            crate::spent(
                ModelError::Malformed("no tool_use block with the answer".into()),
                usage,
            )
        })?;
    crate::check(&input, schema).map_err(|e| crate::spent(e, usage))?;
    Ok(ModelReply { json: input, usage })
}
