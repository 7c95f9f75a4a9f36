//! OpenAI-compatible chat completions.

use serde_json::{Value, json};

use crate::http::{self, Policy};
use crate::{Model, ModelError, ModelFuture, ModelReply, ModelRequest, Secret, Usage};

/// How to get JSON out of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structured {
    /// `response_format: {"type": "json_schema", ...}` (OpenAI, vLLM, recent Ollama and llama.cpp).
    JsonSchema,
    /// The schema in the prompt and `response_format: {"type": "json_object"}` omitted, for servers
    /// without structured output.
    Prompt,
}

/// A chat-completions endpoint.
#[derive(Debug, Clone)]
pub struct OpenAiCompatible {
    /// Configured name.
    pub name: String,
    /// Base URL, up to and including `/v1`.
    pub base_url: String,
    /// The provider's model id.
    pub model: String,
    /// Bearer key, if the server needs one.
    pub api_key: Option<Secret>,
    /// Structured-output mode.
    pub structured: Structured,
    /// Timeout and retries.
    pub policy: Policy,
    client: reqwest::Client,
}

impl OpenAiCompatible {
    /// A provider for `model` at `base_url`.
    pub fn new(
        name: &str,
        base_url: &str,
        model: &str,
        api_key: Option<Secret>,
        structured: Structured,
        policy: Policy,
    ) -> Self {
        Self {
            name: name.into(),
            base_url: base_url.trim_end_matches('/').into(),
            model: model.into(),
            api_key,
            structured,
            policy,
            client: crate::http::client(),
        }
    }

    fn body(&self, r: &ModelRequest) -> Value {
        let mut system = r.system.clone();
        let mut body = json!({"model": self.model, "max_tokens": r.max_tokens, "temperature": 0});
        match self.structured {
            Structured::JsonSchema => {
                body["response_format"] = json!({"type": "json_schema", "json_schema": {"name": r.schema_name, "strict": true, "schema": r.schema}});
            }
            Structured::Prompt => {
                system.push_str(&format!(
                    "\n\nAnswer with one JSON object only, matching this JSON Schema:\n{}",
                    r.schema
                ));
            }
        }
        body["messages"] =
            json!([{"role": "system", "content": system}, {"role": "user", "content": r.user}]);
        body
    }
}

impl Model for OpenAiCompatible {
    fn name(&self) -> &str {
        &self.name
    }

    fn generate<'a>(&'a self, request: &'a ModelRequest) -> ModelFuture<'a> {
        Box::pin(async move {
            let auth = self
                .api_key
                .as_ref()
                .map(|k| format!("Bearer {}", k.expose()));
            let headers: Vec<(&str, &str)> = auth
                .as_deref()
                .map(|a| ("authorization", a))
                .into_iter()
                .collect();
            let url = format!("{}/chat/completions", self.base_url);
            let reply = http::post(
                &self.client,
                &url,
                &headers,
                &self.body(request),
                self.policy,
            )
            .await?;
            reply_of(&reply, &request.schema)
        })
    }
}

/// The structured answer in a chat-completions envelope: `choices[0].message.content`, parsed and
/// validated against `schema`, with the token usage when the server reports it.
pub fn reply_of(envelope: &Value, schema: &Value) -> Result<ModelReply, ModelError> {
    let content = envelope["choices"][0]["message"]["content"]
        .as_str()
        .ok_or_else(|| ModelError::Malformed("no choices[0].message.content".into()))?;
    let json = crate::validated(content, schema)?;
    let usage = Usage {
        input_tokens: envelope["usage"]["prompt_tokens"].as_u64().unwrap_or(0),
        output_tokens: envelope["usage"]["completion_tokens"].as_u64().unwrap_or(0),
    };
    Ok(ModelReply { json, usage })
}
