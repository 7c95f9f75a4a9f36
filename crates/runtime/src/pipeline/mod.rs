//! The pipeline driver: one request through every step, in order (ARCHITECTURE.md, "Stages").
//!
//! normalize → select → lane → probe → gate → plan → execute → complete → synthesize → settle
//!
//! Each step lives in its own file and is run the same way: it is a function from plain data to
//! plain data, it checks the cross-stage invariant it could break (and fails naming itself when
//! one breaks), and its result is handed to [`Request::done`], which emits its named trace
//! event(s). Steps never emit another step's event; the order of events is the order of this
//! driver. The invariants:
//! - a deep-lane request never skips the probe (`probe`);
//! - no program names, and no execution dispatches, a method that is not query-safe (`plan`,
//!   `execute`);
//! - every citation of an answer points at evidence gathered in this request (`synthesize`).
//!
//! A broken invariant is a bug: the request fails with an internal error (logged in full, with the
//! step, sent without details) rather than returning something unsafe. Every model call is in
//! [`ask`], with its prompt, budget and fallback reason.

mod ask;
mod complete;
mod execute;
mod gate;
pub mod lane;
mod normalize;
mod plan;
mod probe;
mod scope;
mod select;
mod settings;
mod settle;
mod synthesize;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use catalog::Marketplace;
use contract::{ApiError, ErrorCode, QueryRequest, QueryResponse, ToolDescriptor};
use executor::Sandbox;
use probes::MethodIndex;
use traces::{EventName, EventSink, TraceLog};
use tracing::Instrument;

pub use settings::PipelineSettings;

use ask::{Asker, Budgets, Ledger};
use settle::Ending;

/// The most of the request deadline kept from model calls for the steps after them (tool calls,
/// deterministic fallbacks, settling): a fifth of the deadline, at most this.
const MODEL_RESERVE: std::time::Duration = std::time::Duration::from_secs(5);

/// Everything a request needs; shared by all requests.
pub struct Pipeline {
    marketplace: Arc<Marketplace>,
    sandbox: Arc<Sandbox>,
    settings: PipelineSettings,
    /// Method indexes by tool set. The marketplace hands out the same `Arc` for a tool while its
    /// listing is fresh, and an index holds its tools' `Arc`s, so the pointers identify the set.
    /// Each entry keeps its tools' ids, so that a tool whose listing changed is forgotten.
    indexes: std::sync::Mutex<HashMap<Vec<usize>, IndexEntry>>,
    /// How long each stage takes, across requests (for `/metrics`).
    stage_latencies: Arc<crate::metrics::StageLatencies>,
}

/// A cached method index and the ids of the tools it was built from.
type IndexEntry = (Vec<String>, Arc<MethodIndex>);

/// One request in flight: its clock, its trace and its model ledger.
pub(crate) struct Request {
    started: Instant,
    /// No model call runs past this: what is left of the request deadline after it is kept for
    /// the deterministic steps, so a slow model costs its stage, never the request.
    model_cutoff: Instant,
    trace: TraceLog,
    ledger: Ledger,
    /// Tools that did not answer in time; not called again in this request.
    stalled: execute::Stalled,
    /// The request's document scope, checked on every call dispatched.
    confinement: Option<Arc<scope::Confinement>>,
}

/// What a step reports: its trace event(s), payloads built only when someone reads them.
pub(crate) trait Traced {
    fn record(&self, trace: &mut TraceLog);
}

impl Request {
    /// Records a step's result in the trace and hands it back.
    fn done<T: Traced>(&mut self, step: T) -> T {
        step.record(&mut self.trace);
        step
    }

    /// The request's model asker, charging its ledger.
    fn asker<'a>(&'a mut self, budgets: &'a Budgets) -> Asker<'a> {
        Asker {
            budgets,
            ledger: &mut self.ledger,
            cutoff: Some(self.model_cutoff),
        }
    }
}

/// A broken invariant after `step`: logged in full, answered as an internal error.
pub(crate) fn broken(step: EventName, message: impl Into<String>) -> ApiError {
    let message = message.into();
    tracing::error!(step = step.as_str(), %message, "pipeline invariant broken");
    ApiError::new(ErrorCode::Internal, "internal error")
}

fn request_id() -> String {
    let n = getrandom::u64().unwrap_or_else(|_| Instant::now().elapsed().as_nanos() as u64);
    format!("req-{n:016x}")
}

/// Stage spans carry the event name as their OpenTelemetry name.
macro_rules! stage {
    ($name:expr) => {
        tracing::info_span!("stage", otel.name = $name.as_str(), stage = $name.as_str())
    };
}
pub(crate) use stage;

impl Pipeline {
    /// A pipeline over `marketplace`, running programs in `sandbox`.
    pub fn new(
        marketplace: Arc<Marketplace>,
        sandbox: Arc<Sandbox>,
        settings: PipelineSettings,
    ) -> Self {
        Self {
            marketplace,
            sandbox,
            settings,
            indexes: std::sync::Mutex::default(),
            stage_latencies: Arc::default(),
        }
    }

    /// The answer models callers may name.
    pub fn answer_models(&self) -> &[String] {
        &self.settings.answer_models
    }

    /// The answer model used when a request names none.
    pub fn default_answer_model(&self) -> &str {
        &self.settings.default_answer_model
    }

    /// The marketplace.
    pub fn marketplace(&self) -> &Arc<Marketplace> {
        &self.marketplace
    }

    /// Exchanges asked for under `--replay` that had no cassette: tool listings and calls, and
    /// model calls (each is also logged as an error).
    pub fn replay_misses(&self) -> u64 {
        self.marketplace.replay_misses()
            + self
                .settings
                .model_replay_misses
                .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How long each stage has taken, across requests.
    pub fn stage_latencies(&self) -> &crate::metrics::StageLatencies {
        &self.stage_latencies
    }

    /// Checks what can be checked of `request` without running it (tools, answer model).
    pub fn check(&self, request: &QueryRequest) -> Result<(), ApiError> {
        normalize::check(self, request)
    }

    /// A summary of a conversation's older `turns` in about `words` words from the summary model,
    /// or `None` when none is configured or its answer was refused (the caller then folds the
    /// turns deterministically). Bounded by the summary stage's budget, or the request deadline.
    pub async fn summarize(&self, turns: &[contract::Turn], words: usize) -> Option<String> {
        let model = self.settings.summary.as_ref()?;
        if turns.is_empty() || words == 0 {
            return None;
        }
        let mut ledger = Ledger::default();
        let mut asker = Asker {
            budgets: &self.settings.budgets,
            ledger: &mut ledger,
            cutoff: None,
        };
        let asked = asker.summary(model.as_ref(), turns, words);
        match tokio::time::timeout(self.settings.request_deadline, asked).await {
            Ok(Ok(summary)) => Some(summary),
            Ok(Err(reason)) => {
                tracing::warn!(
                    reason = reason.as_str(),
                    "the summary model's answer was not used; the older turns are folded"
                );
                None
            }
            Err(_) => {
                tracing::warn!(
                    "the summary model did not answer within the request deadline; the older turns are folded"
                );
                None
            }
        }
    }

    /// Runs one request within the request deadline. `sink` receives each trace event as it is
    /// emitted.
    pub async fn run(
        &self,
        request: QueryRequest,
        sink: Option<EventSink>,
    ) -> Result<QueryResponse, ApiError> {
        let id = request_id();
        let span = tracing::info_span!("query", otel.name = "sluice.query", request_id = %id);
        let deadline = self.settings.request_deadline;
        match tokio::time::timeout(deadline, self.drive(request, sink, id).instrument(span)).await {
            Ok(settled) => settled,
            Err(_) => Err(ApiError::new(
                ErrorCode::DeadlineExceeded,
                format!(
                    "the query did not settle within the {} ms request deadline",
                    deadline.as_millis()
                ),
            )),
        }
    }

    /// The driver: each step in the order of ARCHITECTURE.md.
    async fn drive(
        &self,
        request: QueryRequest,
        sink: Option<EventSink>,
        id: String,
    ) -> Result<QueryResponse, ApiError> {
        let keep = request.include_developer_trace == Some(true);
        let started = Instant::now();
        let deadline = self.settings.request_deadline;
        let mut r = Request {
            started,
            model_cutoff: started + deadline - (deadline / 5).min(MODEL_RESERVE),
            trace: TraceLog::keeping(sink, keep).observed({
                let latencies = Arc::clone(&self.stage_latencies);
                Arc::new(move |stage, took| latencies.observe(stage, took))
            }),
            ledger: Ledger::default(),
            stalled: execute::Stalled::default(),
            confinement: None,
        };
        let budgets = &self.settings.budgets;

        let n = {
            let _s = stage!(EventName::QueryNormalized).entered();
            r.done(normalize::normalize(self, request, id)?)
        };
        r.confinement = n.confinement.clone();
        let selection = select::select(self, &n, &mut r.asker(budgets))
            .instrument(stage!(EventName::ToolSelection))
            .await?;
        let selection = r.done(selection);
        let tools = selection.tools.clone();
        let lane = {
            let _s = stage!(EventName::QueryDepthDecision).entered();
            r.done(lane::lane(
                n.requested_depth,
                n.selected_option_id.is_some(),
                n.pinned.is_some(),
                &tools,
                n.text(),
            ))
            .lane
        };
        let index = self.index_for(&tools);
        let probed = {
            let _s = stage!(EventName::ScoutPrePlanProbe).entered();
            r.done(probe::probe(
                lane,
                &index,
                &n.query,
                n.conversation(),
                &self.settings.probe,
            )?)
        };
        let gated = gate::gate(self, &n, &probed, &mut r.asker(budgets))
            .instrument(stage!(EventName::QueryClarificationDecision))
            .await?;
        let gated = r.done(gated);
        let diagnostics = gated.diagnostics(n.requested_depth);
        let (mut interpretation, assumption) = match gate::proceed(gated.decision.decision) {
            Ok(go) => go,
            Err(mut ending) => {
                if let Ending::CapabilityMiss(miss) = ending.as_mut() {
                    selection.explain(miss);
                }
                return Ok(settle::settle(r, &n, lane, diagnostics, *ending));
            }
        };
        if let Some(c) = &n.confinement {
            c.apply(&mut interpretation);
        }

        if n.plan_only {
            let program = {
                let _s = stage!(EventName::PlannerGeneratedCode).entered();
                let program = plan::program(&interpretation, &plan::SafeMethods::of(&index))?;
                r.done(plan::Planned::deterministic(&program, 0, None));
                program
            };
            let ending = Ending::Plan {
                program,
                assumption,
            };
            return Ok(settle::settle(r, &n, lane, diagnostics, ending));
        }

        let gathered = complete::gather(self, &n, &index, interpretation, &mut r)
            .instrument(stage!(EventName::CompletenessEvaluation))
            .await?;
        let synthesized = synthesize::synthesize(self, &n, &tools, &gathered, &mut r)
            .instrument(stage!(EventName::SynthesisContextSelection))
            .await?;
        let synthesis = r.done(synthesized).synthesis;
        let ending = Ending::Answer {
            gathered: Box::new(gathered),
            synthesis,
            assumption,
        };
        Ok(settle::settle(r, &n, lane, diagnostics, ending))
    }

    /// The method index of `tools`, built once per tool set.
    fn index_for(&self, tools: &[Arc<ToolDescriptor>]) -> Arc<MethodIndex> {
        let key: Vec<usize> = tools.iter().map(|t| Arc::as_ptr(t) as usize).collect();
        let mut cache = self.indexes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, hit)) = cache.get(&key) {
            return Arc::clone(hit);
        }
        if cache.len() >= 256 {
            cache.clear();
        }
        let index = Arc::new(MethodIndex::build(tools));
        let ids = tools.iter().map(|t| t.id.clone()).collect();
        cache.insert(key, (ids, Arc::clone(&index)));
        index
    }

    /// Drops every method index built with a tool whose listing changed.
    fn forget_indexes_of(&self, changes: &[catalog::SchemaChange]) {
        if changes.is_empty() {
            return;
        }
        let mut cache = self.indexes.lock().unwrap_or_else(|e| e.into_inner());
        cache.retain(|_, (ids, _)| !changes.iter().any(|c| ids.contains(&c.tool_id)));
    }
}
