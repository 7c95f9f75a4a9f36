//! Record and replay of model calls, beside the catalog's of tool calls: under `--record DIR`
//! each call's request and reply (or error) is written to
//! `DIR/models/<model>/<stage>-<key>.json`; under `--replay DIR` the reply is read from there and
//! the provider is never contacted.
//!
//! The key is the start of the SHA-256 of the request's canonical JSON (model, stage, system
//! text, user text, schema, token cap). Invariants: a cassette holds what the stage asked and
//! what came back, never a key, a header or the provider's address; a call with no cassette
//! under replay fails with `provider_error`, is logged as an error and counted.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use catalog::Tape;
use catalog::cassette::file_name;
use models::{Model, ModelError, ModelFuture, ModelReply, ModelRequest, Usage};
use serde_json::{Value, json};

/// A model whose calls are recorded, or replayed.
pub struct Taped {
    inner: Arc<dyn Model>,
    tape: Tape,
    /// Calls under replay that had no cassette (shared by a pipeline's taped models).
    misses: Arc<AtomicU64>,
}

impl Taped {
    /// `inner`, recorded to or replayed from `tape`, counting replay misses in `misses`.
    pub fn new(inner: Arc<dyn Model>, tape: Tape, misses: Arc<AtomicU64>) -> Self {
        Self {
            inner,
            tape,
            misses,
        }
    }

    fn path(&self, r: &ModelRequest) -> PathBuf {
        let dir = match &self.tape {
            Tape::Record(d) | Tape::Replay(d) => d,
        };
        let key = catalog::canonical_hash(&json!({"model": self.inner.name(), "stage": r.stage,
            "system": r.system, "user": r.user, "schema": r.schema, "maxTokens": r.max_tokens}));
        dir.join("models")
            .join(file_name(self.inner.name()))
            .join(format!("{}-{}.json", file_name(r.stage), &key[..16]))
    }
}

fn usage_json(u: Usage) -> Value {
    json!({"input": u.input_tokens, "output": u.output_tokens})
}

fn usage_of(v: &Value) -> Usage {
    Usage {
        input_tokens: v["input"].as_u64().unwrap_or(0),
        output_tokens: v["output"].as_u64().unwrap_or(0),
    }
}

/// The reply a cassette holds, or `None` when it holds none that can be read.
fn replayed(entry: &Value) -> Option<Result<ModelReply, ModelError>> {
    if let Some(reply) = entry.get("reply") {
        return Some(Ok(ModelReply {
            json: reply.clone(),
            usage: usage_of(&entry["usage"]),
        }));
    }
    let error = entry.get("error")?;
    let message = error["message"].as_str().unwrap_or_default().to_owned();
    let cause = match error["reason"].as_str()? {
        "timeout" => ModelError::Timeout,
        "schema_invalid" => ModelError::SchemaInvalid(message),
        _ => ModelError::Provider(message),
    };
    let usage = usage_of(&error["usage"]);
    Some(Err(if usage == Usage::default() {
        cause
    } else {
        ModelError::Spent {
            cause: Box::new(cause),
            usage,
        }
    }))
}

impl Model for Taped {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn generate<'a>(&'a self, request: &'a ModelRequest) -> ModelFuture<'a> {
        Box::pin(async move {
            let path = self.path(request);
            if let Tape::Replay(_) = self.tape {
                let entry = std::fs::read(&path)
                    .ok()
                    .and_then(|b| serde_json::from_slice::<Value>(&b).ok());
                return match entry.as_ref().and_then(replayed) {
                    Some(reply) => reply,
                    None => {
                        self.misses.fetch_add(1, Ordering::Relaxed);
                        tracing::error!(cassette = %path.display(), model = self.inner.name(), stage = request.stage, "replay: the model call was not recorded");
                        Err(ModelError::Provider(format!(
                            "replay: the {} call to '{}' was not recorded",
                            request.stage,
                            self.inner.name()
                        )))
                    }
                };
            }
            let reply = self.inner.generate(request).await;
            let outcome = match &reply {
                Ok(r) => json!({"reply": r.json, "usage": usage_json(r.usage)}),
                Err(e) => json!({"error": {"reason": e.reason_code(), "message": e.to_string(),
                    "usage": usage_json(e.usage())}}),
            };
            let mut entry = json!({"model": self.inner.name(), "stage": request.stage,
                "system": request.system, "user": request.user, "maxTokens": request.max_tokens});
            if let (Value::Object(e), Value::Object(o)) = (&mut entry, outcome) {
                e.extend(o);
            }
            catalog::cassette::write_json(&path, &entry);
            reply
        })
    }
}
