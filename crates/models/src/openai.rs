//! OpenAI-compatible chat completions.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

use serde_json::{Value, json};

use crate::http::{self, Policy};
use crate::{Model, ModelError, ModelFuture, ModelReply, ModelRequest, Secret};

/// How to get JSON out of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structured {
    /// Negotiated: `json_schema` first; when the server refuses it (HTTP 400/415/422/501),
    /// `json_object` with the schema; when that is refused too, prompt-instructed JSON. The
    /// first form the server takes is remembered for the model's later calls.
    Auto,
    /// `response_format: {"type": "json_schema", ...}` (OpenAI, vLLM, recent Ollama and llama.cpp).
    JsonSchema,
    /// `response_format: {"type": "json_object", "schema": …}` and the schema in the prompt
    /// (llama-cpp-python's server constrains its output to the schema this way).
    JsonObject,
    /// The schema in the prompt and no `response_format`, for servers without structured output.
    Prompt,
}

impl Structured {
    /// Reads a configuration word: `auto`, `json_schema`, `json_object` or `prompt`.
    pub fn parse(word: &str) -> Option<Self> {
        match word {
            "auto" => Some(Structured::Auto),
            "json_schema" => Some(Structured::JsonSchema),
            "json_object" => Some(Structured::JsonObject),
            "prompt" => Some(Structured::Prompt),
            _ => None,
        }
    }

    /// The configuration word.
    pub fn as_str(self) -> &'static str {
        match self {
            Structured::Auto => "auto",
            Structured::JsonSchema => "json_schema",
            Structured::JsonObject => "json_object",
            Structured::Prompt => "prompt",
        }
    }

    /// The order `Auto` tries the forms in.
    const NEGOTIATED: [Structured; 3] = [
        Structured::JsonSchema,
        Structured::JsonObject,
        Structured::Prompt,
    ];
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
    /// Under `Auto`: the form the server took (an index into `Structured::NEGOTIATED`, plus
    /// one; zero while none has been tried with success).
    settled: Arc<AtomicU8>,
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
            settled: Arc::default(),
        }
    }

    /// The forms to try, in order: the configured one, or under `Auto` the remembered one or
    /// every form from the first.
    fn forms(&self) -> &'static [Structured] {
        match self.structured {
            Structured::Auto => match self.settled.load(Ordering::Relaxed) {
                0 => &Structured::NEGOTIATED,
                n => &Structured::NEGOTIATED[usize::from(n - 1)..usize::from(n)],
            },
            Structured::JsonSchema => &Structured::NEGOTIATED[0..1],
            Structured::JsonObject => &Structured::NEGOTIATED[1..2],
            Structured::Prompt => &Structured::NEGOTIATED[2..3],
        }
    }

    /// Remembers that the server took `form`; says so once when it is not the first choice.
    fn settle(&self, form: Structured) {
        let Some(at) = Structured::NEGOTIATED.iter().position(|f| *f == form) else {
            return;
        };
        let first = self
            .settled
            .compare_exchange(0, (at + 1) as u8, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok();
        if first && at > 0 {
            tracing::info!(
                model = %self.name,
                structured = form.as_str(),
                "the server refused json_schema structured output; this model now uses {}",
                form.as_str()
            );
        }
    }

    fn body(&self, r: &ModelRequest, form: Structured) -> Value {
        let mut system = r.system.clone();
        let mut body = json!({"model": self.model, "max_tokens": r.max_tokens, "temperature": 0});
        if form != Structured::JsonSchema {
            system.push_str(&format!(
                "\n\nAnswer with one JSON object only, matching this JSON Schema:\n{}",
                r.schema
            ));
        }
        match form {
            Structured::JsonSchema | Structured::Auto => {
                body["response_format"] = json!({"type": "json_schema", "json_schema": {"name": r.schema_name, "strict": true, "schema": r.schema}});
            }
            Structured::JsonObject => {
                body["response_format"] = json!({"type": "json_object", "schema": r.schema});
            }
            Structured::Prompt => {}
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
            // Every form tried shares the one call's deadline.
            let deadline = Instant::now() + self.policy.timeout;
            let forms = self.forms();
            for (i, &form) in forms.iter().enumerate() {
                let policy = Policy {
                    timeout: deadline.saturating_duration_since(Instant::now()),
                    ..self.policy
                };
                if policy.timeout.is_zero() {
                    return Err(ModelError::Timeout);
                }
                match http::post(
                    &self.client,
                    &url,
                    &headers,
                    &self.body(request, form),
                    policy,
                )
                .await
                {
                    Ok(reply) => {
                        if self.structured == Structured::Auto {
                            self.settle(form);
                        }
                        return reply_of(&reply, &request.schema);
                    }
                    Err(ModelError::Refused { status, .. }) if i + 1 < forms.len() => {
                        tracing::debug!(model = %self.name, status, form = form.as_str(), "structured-output form refused; trying the next");
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(ModelError::Provider(
                "no structured-output form was accepted".into(),
            ))
        })
    }
}

/// The structured answer in a chat-completions envelope: `choices[0].message.content`, parsed and
/// validated against `schema`, with the token usage when the server reports it.
pub fn reply_of(envelope: &Value, schema: &Value) -> Result<ModelReply, ModelError> {
    let usage = crate::usage_of(envelope);
    let content = envelope["choices"][0]["message"]["content"]
        .as_str()
        .ok_or_else(|| {
            crate::spent(
                ModelError::Malformed("no choices[0].message.content".into()),
                usage,
            )
        })?;
    let json = crate::validated(content, schema).map_err(|e| crate::spent(e, usage))?;
    Ok(ModelReply { json, usage })
}
