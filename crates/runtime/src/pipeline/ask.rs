//! Every model call of the pipeline: the prompts (template files under `prompts/`, parsed once),
//! the stage budgets, the token ledger, and one function per question a stage may ask a model.
//!
//! A model's answer is only ever a proposal: each function returns what the model said, or the
//! [`FallbackReason`] the caller records before the deterministic part stands in.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use contract::{FallbackReason, ToolDescriptor};
use evidence::{CompletenessVerdict, EvidenceRegistry};
use serde_json::{Value, json};

/// Per-stage (max tokens, timeout) overrides, by stage name.
pub type Budgets = HashMap<String, (Option<u32>, Option<Duration>)>;

/// Least time worth giving a model call; with less left before the cutoff it is not made.
const MIN_MODEL_TIME: Duration = Duration::from_millis(50);

/// Model calls of one request and the tokens they used.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Ledger {
    pub(crate) calls: u32,
    input: u64,
    output: u64,
}

impl Ledger {
    /// Counts one call and the tokens it cost (a reply that could not be used still costs).
    fn charge(&mut self, usage: models::Usage) {
        self.calls += 1;
        self.input += usage.input_tokens;
        self.output += usage.output_tokens;
    }

    /// The tokens spent, when any model was called.
    pub(crate) fn tokens(&self) -> Option<contract::Tokens> {
        (self.calls > 0).then_some(contract::Tokens {
            input: self.input,
            output: self.output,
        })
    }
}

/// The questions a stage may put to a model. Each has a user template
/// (`prompts/<template>.j2`), a system text (`prompts/system/<system>.txt`) and a reply schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Prompt {
    Selection,
    Judge,
    Planner,
    Repair,
    Sufficiency,
    Synthesis,
    Summary,
}

impl Prompt {
    #[cfg(test)]
    pub(crate) const ALL: [Prompt; 7] = [
        Prompt::Selection,
        Prompt::Judge,
        Prompt::Planner,
        Prompt::Repair,
        Prompt::Sufficiency,
        Prompt::Synthesis,
        Prompt::Summary,
    ];

    /// The template's name (and the budget's stage, but for sufficiency: `completeness`).
    fn template(self) -> &'static str {
        match self {
            Prompt::Selection => "selection",
            Prompt::Judge => "judge",
            Prompt::Planner => "planner",
            Prompt::Repair => "repair",
            Prompt::Sufficiency => "sufficiency",
            Prompt::Synthesis => "synthesis",
            Prompt::Summary => "summary",
        }
    }

    /// The stage name budgets and logs know it by.
    fn stage(self) -> &'static str {
        match self {
            Prompt::Sufficiency => "completeness",
            other => other.template(),
        }
    }

    fn system(self) -> &'static str {
        match self {
            Prompt::Selection => include_str!("../../prompts/system/selection.txt"),
            Prompt::Judge => include_str!("../../prompts/system/judge.txt"),
            Prompt::Planner | Prompt::Repair => include_str!("../../prompts/system/program.txt"),
            Prompt::Sufficiency => include_str!("../../prompts/system/sufficiency.txt"),
            Prompt::Synthesis => include_str!("../../prompts/system/synthesis.txt"),
            Prompt::Summary => include_str!("../../prompts/system/summary.txt"),
        }
    }

    /// The reply's schema and its name, and the stage's default token cap.
    fn reply(self) -> (Value, &'static str, u32) {
        match self {
            Prompt::Selection => (
                json!({"type": "object", "additionalProperties": false, "required": ["toolIds"],
                    "properties": {"toolIds": {"type": "array", "items": {"type": "string"}}}}),
                "tool_selection",
                200,
            ),
            Prompt::Judge => (clarify::judge::schema(), "judge_decision", 400),
            Prompt::Planner | Prompt::Repair => (planner::model_schema(), "program", 1200),
            Prompt::Sufficiency => (evidence::completeness::model_schema(), "sufficiency", 300),
            Prompt::Synthesis => (evidence::synthesis::model_schema(), "cited_answer", 800),
            Prompt::Summary => (
                json!({"type": "object", "additionalProperties": false, "required": ["summary"],
                    "properties": {"summary": {"type": "string", "minLength": 1}}}),
                "conversation_summary",
                300,
            ),
        }
    }

    /// The user message over `context`; a template that fails to render is the stage's
    /// `provider_error` (it is logged: it is a bug).
    fn render(self, context: &impl serde::Serialize) -> Result<String, FallbackReason> {
        templates()
            .get_template(self.template())
            .and_then(|t| t.render(minijinja::Value::from(minijinja::value::Serde(context))))
            .map_err(|e| {
                tracing::error!(error = %e, prompt = self.template(), "prompt failed to render");
                FallbackReason::ProviderError
            })
    }
}

/// The user templates, parsed once per process.
fn templates() -> &'static minijinja::Environment<'static> {
    static TEMPLATES: OnceLock<minijinja::Environment<'static>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut env = minijinja::Environment::new();
        for (name, source) in [
            ("selection", include_str!("../../prompts/selection.j2")),
            ("judge", include_str!("../../prompts/judge.j2")),
            ("planner", include_str!("../../prompts/planner.j2")),
            ("repair", include_str!("../../prompts/repair.j2")),
            ("sufficiency", include_str!("../../prompts/sufficiency.j2")),
            ("synthesis", include_str!("../../prompts/synthesis.j2")),
            ("summary", include_str!("../../prompts/summary.j2")),
        ] {
            env.add_template(name, source)
                .expect("the prompts parse (tested)");
        }
        env
    })
}

/// The models of one request, with its budgets and ledger: every call goes through [`Asker::ask`].
pub(crate) struct Asker<'a> {
    pub(crate) budgets: &'a Budgets,
    pub(crate) ledger: &'a mut Ledger,
    /// No call runs past this instant; one that would have no time left is not made.
    pub(crate) cutoff: Option<std::time::Instant>,
}

impl Asker<'_> {
    /// Asks `model` the `prompt` question over `context` within its stage's budget (the
    /// configured `max_tokens` caps the request, the timeout bounds the wait), and charges the
    /// call and its usage to the ledger.
    async fn ask(
        &mut self,
        model: &dyn models::Model,
        prompt: Prompt,
        context: &impl serde::Serialize,
    ) -> Result<Value, FallbackReason> {
        let user = prompt.render(context)?;
        let (schema, schema_name, default_tokens) = prompt.reply();
        let (max_tokens, timeout) = self
            .budgets
            .get(prompt.stage())
            .copied()
            .unwrap_or((None, None));
        let request = models::ModelRequest {
            stage: prompt.stage(),
            system: prompt.system().trim_end().to_owned(),
            user,
            schema,
            schema_name,
            max_tokens: max_tokens.unwrap_or(default_tokens),
        };
        let left = self
            .cutoff
            .map(|c| c.saturating_duration_since(std::time::Instant::now()));
        if left.is_some_and(|l| l < MIN_MODEL_TIME) {
            tracing::warn!(
                model = model.name(),
                stage = prompt.stage(),
                "no time left in the request for a model call; the deterministic path decides"
            );
            return Err(FallbackReason::Timeout);
        }
        let reply = match [timeout, left].into_iter().flatten().min() {
            Some(t) => tokio::time::timeout(t, model.generate(&request))
                .await
                .unwrap_or(Err(models::ModelError::Timeout)),
            None => model.generate(&request).await,
        };
        self.ledger.charge(match &reply {
            Ok(r) => r.usage,
            Err(e) => e.usage(),
        });
        reply.map(|r| r.json).map_err(|e| {
            tracing::warn!(model = model.name(), stage = prompt.stage(), error = %e, "model call failed");
            FallbackReason::parse(e.reason_code()).unwrap_or(FallbackReason::ProviderError)
        })
    }

    /// The ids a selection model keeps among `candidates` (unknown ids are ignored by the caller).
    pub(crate) async fn selection(
        &mut self,
        model: &dyn models::Model,
        query: &str,
        candidates: &[Arc<ToolDescriptor>],
    ) -> Result<Vec<String>, FallbackReason> {
        let tools: Vec<Value> = candidates
            .iter()
            .map(|t| {
                json!({"id": t.id, "title": t.title, "description": t.description,
                "methods": t.methods.iter().map(|m| &m.name).collect::<Vec<_>>()})
            })
            .collect();
        let reply = self
            .ask(
                model,
                Prompt::Selection,
                &json!({"query": query, "tools": tools}),
            )
            .await?;
        Ok(reply["toolIds"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect())
    }

    /// The judge's verdict on the options `offered` for `query`; any failure is the reason the
    /// envelope falls back.
    pub(crate) async fn judge(
        &mut self,
        model: &dyn models::Model,
        query: &str,
        offered: &[probes::Interpretation],
    ) -> clarify::judge::JudgeResult {
        let options: Vec<Value> = offered
            .iter()
            .map(|o| {
                json!({"id": o.id, "label": o.label, "description": o.description,
                "missing": o.missing.iter().map(|m| &m.name).collect::<Vec<_>>()})
            })
            .collect();
        match self
            .ask(
                model,
                Prompt::Judge,
                &json!({"query": query, "options": options}),
            )
            .await
        {
            Ok(verdict) => clarify::judge::JudgeResult::Verdict(verdict),
            Err(reason) => clarify::judge::JudgeResult::Failed(reason),
        }
    }

    /// A program from a planner (`Prompt::Planner`) or repair (`Prompt::Repair`) model.
    pub(crate) async fn program(
        &mut self,
        model: &dyn models::Model,
        prompt: Prompt,
        context: &Value,
    ) -> Result<String, FallbackReason> {
        let reply = self.ask(model, prompt, context).await?;
        reply["program"]
            .as_str()
            .map(str::to_owned)
            .ok_or(FallbackReason::SchemaInvalid)
    }

    /// A completeness verdict from a model over the question and the evidence block.
    pub(crate) async fn completeness(
        &mut self,
        model: &dyn models::Model,
        query: &str,
        registry: &EvidenceRegistry,
        tried: &[String],
        evidence_budget: usize,
    ) -> Result<CompletenessVerdict, FallbackReason> {
        let evidence = evidence::synthesis::evidence_block(registry, evidence_budget);
        let reply = self
            .ask(
                model,
                Prompt::Sufficiency,
                &json!({"query": query, "tried": tried, "evidence": evidence}),
            )
            .await?;
        Ok(evidence::completeness::from_model(&reply, tried))
    }

    /// A summary of a conversation's older `turns` in at most about `words` words.
    pub(crate) async fn summary(
        &mut self,
        model: &dyn models::Model,
        turns: &[contract::Turn],
        words: usize,
    ) -> Result<String, FallbackReason> {
        let turns: Vec<Value> = turns
            .iter()
            .map(|t| json!({"role": match t.role { contract::Role::User => "user", contract::Role::Assistant => "assistant" }, "content": t.content}))
            .collect();
        let reply = self
            .ask(
                model,
                Prompt::Summary,
                &json!({"turns": turns, "words": words}),
            )
            .await?;
        reply["summary"]
            .as_str()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .ok_or(FallbackReason::SchemaInvalid)
    }

    /// A cited answer from an answer model; its citations are validated by the caller like any.
    pub(crate) async fn synthesis(
        &mut self,
        model: &dyn models::Model,
        query: &str,
        registry: &EvidenceRegistry,
        evidence_budget: usize,
    ) -> Result<evidence::Synthesis, FallbackReason> {
        let evidence = evidence::synthesis::evidence_block(registry, evidence_budget);
        let reply = self
            .ask(
                model,
                Prompt::Synthesis,
                &json!({"query": query, "evidence": evidence}),
            )
            .await?;
        Ok(evidence::synthesis::from_model(registry, &reply))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prompt_parses_and_renders_its_question() {
        for prompt in Prompt::ALL {
            let text = prompt
                .render(&json!({"query": "What is the BTC price?", "words": 50,
                    "turns": [{"role": "user", "content": "What is the BTC price?"}]}))
                .unwrap_or_else(|e| panic!("{prompt:?}: {e:?}"));
            assert!(
                text.contains("What is the BTC price?"),
                "{prompt:?}: {text}"
            );
            assert!(!prompt.system().trim().is_empty(), "{prompt:?}");
        }
    }

    #[test]
    fn budget_stages_are_the_configured_names() {
        let stages: Vec<&str> = Prompt::ALL.iter().map(|p| p.stage()).collect();
        assert_eq!(
            stages,
            [
                "selection",
                "judge",
                "planner",
                "repair",
                "completeness",
                "synthesis",
                "summary"
            ]
        );
    }
}
