//! The pipeline driver: one request through every stage, in order.
//!
//! Each stage is a plain function owned by its crate; this driver only sequences them, emits the
//! named trace event after each, and checks the cross-stage invariants right after the stage that
//! could break them:
//! - a deep-lane request never skips the probe;
//! - no program calls, and no execution dispatches, a method that is not query-safe;
//! - every citation of an answer points at evidence gathered in this request.
//!
//! A broken invariant is a bug: the request fails with an internal error (logged in full, sent
//! without details) rather than returning something unsafe.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use catalog::{CatalogError, Marketplace};
use clarify::{Decision, GateInput};
use contract::{
    ApiError, CapabilityMiss, Clarification, ClarificationPolicy, DecisionStrategy, DeveloperTrace,
    Diagnostics, ErrorCode, Meta, MethodDescriptor, Outcome, QueryDepth, QueryRequest,
    QueryResponse, ResponseShape, ToolDescriptor,
};
use evidence::{CompletenessVerdict, EvidenceRegistry};
use executor::{
    AllowedMethod, Allowlist, ExecutionRecord, RunOutcome, Sandbox, ToolCaller, ToolError,
    ToolFuture,
};
use probes::{Interpretation, MethodIndex, ProbeConfig, ProbeReport, ProbeStatus};
use serde_json::{Value, json};
use traces::{EventName, EventSink, TraceLog};
use tracing::Instrument;

use crate::config::Config;
use crate::lane::{self, Lane};

/// Pipeline settings taken from the configuration.
#[derive(Clone)]
pub struct PipelineSettings {
    /// Completeness rounds beyond the first.
    pub max_rediscovery_rounds: u32,
    /// Tools kept by selection when none are pinned.
    pub max_selected_tools: usize,
    /// Probe tuning.
    pub probe: ProbeConfig,
    /// Answer models a caller may pick.
    pub answer_models: Vec<String>,
    /// The answer model when none is picked.
    pub default_answer_model: String,
    /// The ambiguity judge of the deep lane; `None`: the deterministic decision alone.
    pub judge: Option<Arc<dyn models::Model>>,
    /// The model that narrows tool selection when no tools are pinned.
    pub selection: Option<Arc<dyn models::Model>>,
    /// The model that writes programs; `None`: the deterministic planner.
    pub planner: Option<Arc<dyn models::Model>>,
    /// The model that repairs failed programs.
    pub repair: Option<Arc<dyn models::Model>>,
    /// Repairs per program.
    pub max_repairs: u32,
    /// The model consulted when the deterministic completeness check finds the evidence short.
    pub completeness: Option<Arc<dyn models::Model>>,
    /// Answer models by name; `embedded` (no model) is not in the map.
    pub answer: std::collections::HashMap<String, Arc<dyn models::Model>>,
    /// Characters of evidence a synthesis model sees.
    pub evidence_budget: usize,
    /// Per-stage (max tokens, timeout) overrides.
    pub budgets: HashMap<String, (Option<u32>, Option<std::time::Duration>)>,
}

impl PipelineSettings {
    /// Settings from `config`.
    pub fn from_config(config: &Config) -> Self {
        Self {
            max_rediscovery_rounds: config.pipeline.max_rediscovery_rounds,
            max_selected_tools: config.pipeline.max_selected_tools,
            probe: ProbeConfig {
                viable_coverage: config.pipeline.viable_coverage,
                ..ProbeConfig::default()
            },
            answer_models: config.models.answer_models.clone(),
            default_answer_model: config.models.default_answer_model.clone(),
            judge: None,
            selection: None,
            planner: None,
            repair: None,
            max_repairs: 2,
            completeness: None,
            answer: std::collections::HashMap::new(),
            evidence_budget: 12_000,
            budgets: config
                .models
                .stages
                .iter()
                .map(|(k, b)| {
                    (
                        k.clone(),
                        (
                            b.max_tokens,
                            b.timeout_ms.map(std::time::Duration::from_millis),
                        ),
                    )
                })
                .collect(),
        }
    }
}

/// Everything a request needs; shared by all requests.
pub struct Pipeline {
    marketplace: Arc<Marketplace>,
    sandbox: Arc<Sandbox>,
    settings: PipelineSettings,
    /// Method indexes by tool set. The marketplace hands out the same `Arc` for a tool while its
    /// listing is fresh, and an index holds its tools' `Arc`s, so the pointers identify the set.
    indexes: std::sync::Mutex<HashMap<Vec<usize>, Arc<MethodIndex>>>,
}

/// The sandbox's tool caller: every call goes to the marketplace over MCP.
struct McpToolCaller {
    marketplace: Arc<Marketplace>,
}

impl ToolCaller for McpToolCaller {
    fn call<'a>(
        &'a self,
        tool_id: &'a str,
        method: &'a str,
        arguments: &'a Value,
    ) -> ToolFuture<'a> {
        Box::pin(async move {
            self.marketplace
                .call(tool_id, method, arguments)
                .await
                .map_err(|e| ToolError::new(e.to_string()))
        })
    }
}

/// A request after normalization (stage 1).
struct Normalized {
    query: String,
    pinned: Option<Vec<String>>,
    depth: QueryDepth,
    requested_depth: Option<QueryDepth>,
    policy: ClarificationPolicy,
    shape: ResponseShape,
    answer_model: String,
    selected_option_id: Option<String>,
    include_trace: bool,
    plan_only: bool,
}

/// What the gate stage settled on.
enum Gate {
    Proceed {
        interpretation: Box<Interpretation>,
        assumption: Option<contract::Assumption>,
    },
    Settle(Settled),
}

/// A response before it is shaped.
enum Settled {
    Clarification(Clarification),
    CapabilityMiss(CapabilityMiss),
}

/// Model calls of one request and the tokens they used.
#[derive(Debug, Default, Clone, Copy)]
struct Ledger {
    calls: u32,
    input: u64,
    output: u64,
}

impl Ledger {
    /// Counts one call and, when it answered, its usage.
    fn charge(&mut self, usage: Option<models::Usage>) {
        self.calls += 1;
        if let Some(u) = usage {
            self.input += u.input_tokens;
            self.output += u.output_tokens;
        }
    }

    fn tokens(&self) -> Option<contract::Tokens> {
        (self.calls > 0).then_some(contract::Tokens {
            input: self.input,
            output: self.output,
        })
    }
}

fn internal(message: impl Into<String>) -> ApiError {
    let message = message.into();
    tracing::error!(%message, "pipeline invariant broken");
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
        }
    }

    /// The method index of `tools`, built once per tool set.
    fn index_for(&self, tools: &[Arc<ToolDescriptor>]) -> Arc<MethodIndex> {
        let key: Vec<usize> = tools.iter().map(|t| Arc::as_ptr(t) as usize).collect();
        let mut cache = self.indexes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(hit) = cache.get(&key) {
            return Arc::clone(hit);
        }
        if cache.len() >= 256 {
            cache.clear();
        }
        let index = Arc::new(MethodIndex::build(tools));
        cache.insert(key, Arc::clone(&index));
        index
    }

    /// The marketplace.
    pub fn marketplace(&self) -> &Arc<Marketplace> {
        &self.marketplace
    }

    /// Runs one request. `sink` receives each trace event as it is emitted.
    pub async fn run(
        &self,
        request: QueryRequest,
        sink: Option<EventSink>,
    ) -> Result<QueryResponse, ApiError> {
        let span = tracing::info_span!("query", otel.name = "sluice.query");
        self.run_inner(request, sink).instrument(span).await
    }

    async fn run_inner(
        &self,
        request: QueryRequest,
        sink: Option<EventSink>,
    ) -> Result<QueryResponse, ApiError> {
        let started = Instant::now();
        let request_id = request_id();
        let mut trace = TraceLog::new(sink);
        let mut ledger = Ledger::default();
        let mut diagnostics = Diagnostics::default();

        // 1. Normalize.
        let n = {
            let _s = stage!(EventName::QueryNormalized).entered();
            let n = self.normalize(request)?;
            diagnostics.requested_query_depth = n.requested_depth.map(|d| d.as_str().to_owned());
            trace.emit(
                EventName::QueryNormalized,
                json!({"requestId": request_id, "query": n.query, "queryDepth": n.depth.as_str(),
                    "requestedQueryDepth": n.requested_depth.map(QueryDepth::as_str), "clarificationPolicy": policy_str(n.policy),
                    "responseShape": shape_str(n.shape), "pinnedTools": n.pinned}),
            );
            n
        };

        // 2. Tool discovery and selection.
        let tools = self
            .select_tools(&n, &mut trace, &mut ledger)
            .instrument(stage!(EventName::ToolSelection))
            .await?;

        // 3. Lane.
        // The lane rule sees what the caller asked for, aliases included, so the trace says why.
        let (lane, rule) = lane::choose(
            n.requested_depth.unwrap_or(QueryDepth::Auto),
            n.pinned.is_some(),
            &tools,
            &n.query,
        );
        trace.emit(EventName::QueryDepthDecision, json!({"requested": n.requested_depth.map(QueryDepth::as_str), "lane": lane.as_str(), "rule": rule}));
        trace.emit(
            EventName::QueryDepthRouterContract,
            crate::lane::flags(lane),
        );
        trace.emit(
            EventName::QueryScoutRolloutContract,
            json!({"metadataProbe": lane == Lane::Deep, "externalProbe": false, "clarificationGate": lane == Lane::Deep}),
        );

        // 4. Metadata pre-plan probe (deep only), and 5. the clarification gate.
        let index = self.index_for(&tools);
        let gate = self
            .probe_and_gate(&n, lane, &index, &mut trace, &mut diagnostics, &mut ledger)
            .instrument(stage!(EventName::ScoutPrePlanProbe))
            .await?;
        let (interpretation, assumption) = match gate {
            Gate::Proceed {
                interpretation,
                assumption,
            } => (*interpretation, assumption),
            Gate::Settle(settled) => {
                let mut response = self.settle_without_execution(
                    settled,
                    request_id,
                    lane,
                    started,
                    trace,
                    diagnostics,
                    &n,
                );
                response.meta.model_calls = ledger.calls;
                response.meta.tokens = ledger.tokens();
                return Ok(response);
            }
        };

        // planOnly: the program and its calls, nothing executed.
        if n.plan_only {
            let program = {
                let _s = stage!(EventName::PlannerGeneratedCode).entered();
                let program =
                    planner::plan(&interpretation).map_err(|e| internal(e.to_string()))?;
                trace.emit(
                    EventName::PlannerGeneratedCode,
                    program.to_trace("deterministic"),
                );
                program
            };
            diagnostics.assumption_made = assumption.is_some();
            let mut response = self.empty_response(request_id, Outcome::Answer, lane, started, &n);
            response.meta.model_calls = ledger.calls;
            response.meta.tokens = ledger.tokens();
            response.assumption = assumption;
            response.plan = Some(contract::PlanPreview {
                calls: program
                    .calls
                    .iter()
                    .map(|c| contract::PlannedCall {
                        tool_id: c.tool.clone(),
                        method: c.method.clone(),
                        arguments: c.arguments.clone(),
                    })
                    .collect(),
                program: program.source,
            });
            self.finish(&mut response, trace, diagnostics, n.include_trace);
            return Ok(response);
        }

        // 6–8. Plan, execute, check completeness; bounded rediscovery with follow-up queries.
        let safe: HashMap<(String, String), &MethodDescriptor> = tools
            .iter()
            .flat_map(|t| {
                t.methods
                    .iter()
                    .map(move |m| ((t.id.clone(), m.name.clone()), m))
            })
            .filter(|(_, m)| m.safety.query_safe)
            .collect();
        let mut registry = EvidenceRegistry::default();
        let mut tried = vec![n.query.clone()];
        let mut current = interpretation;
        let mut round = 0u32;
        let mut tool_calls = 0u32;
        let verdict = loop {
            let record = self
                .plan_and_execute(&n.query, &current, &safe, round, &mut trace, &mut ledger)
                .await?;
            tool_calls += record.dispatched_calls().count() as u32;
            let added = registry.gather(&record, round, &n.query);
            let verdict = {
                let mut v = evidence::completeness(&n.query, &registry, &tried);
                // The model is consulted only when the deterministic check finds the evidence
                // short: it may know better what is missing and what to ask next.
                if let Some(model) = self
                    .settings
                    .completeness
                    .as_ref()
                    .filter(|_| !v.sufficient)
                    && let Ok(m) = judge_completeness(
                        model.as_ref(),
                        &n.query,
                        &registry,
                        &tried,
                        self.settings.evidence_budget,
                        &self.settings.budgets,
                        &mut ledger,
                    )
                    .await
                {
                    v = m;
                }
                trace.emit(
                    EventName::CompletenessEvaluation,
                    v.to_trace(round, registry.units().len()),
                );
                v
            };
            let exhausted =
                round >= self.settings.max_rediscovery_rounds || (round > 0 && added == 0);
            let Some(follow_up) = verdict
                .follow_up_query
                .clone()
                .filter(|_| !verdict.sufficient && !exhausted)
            else {
                break verdict;
            };
            // Rediscovery never clarifies: it takes the follow-up's best executable reading.
            let report = probes::run(&index, &follow_up, &self.settings.probe);
            trace.emit(
                EventName::ScoutPrePlanProbe,
                probe_trace(&report, Some(&follow_up)),
            );
            tried.push(follow_up);
            match report
                .execution_shortlist
                .into_iter()
                .next()
                .filter(|i| i.missing.is_empty())
            {
                Some(next) => current = next,
                None => break verdict,
            }
            round += 1;
        };

        // 9. Synthesis (not for evidence_only), with citation validation.
        let synthesis = {
            if n.shape == ResponseShape::EvidenceOnly {
                trace.emit(EventName::SynthesisContextSelection, json!({"skipped": true, "reason": "evidence_only", "evidenceGathered": registry.units().len()}));
                None
            } else {
                let s = match self.settings.answer.get(&n.answer_model) {
                    // No evidence: no model call; the deterministic path returns the gap.
                    Some(model) if !registry.is_empty() => {
                        synthesize_with(model.as_ref(), &n.query, &registry, self.settings.evidence_budget, &self.settings.budgets, &mut ledger).await
                            .unwrap_or_else(|reason| {
                                let mut d = evidence::synthesize(&registry, &verdict);
                                d.gaps.push(format!("The answer model failed ({reason}); this answer was composed from the evidence directly."));
                                d
                            })
                    }
                    _ => evidence::synthesize(&registry, &verdict),
                };
                check_citations(&s, &registry)?;
                trace.emit(
                    EventName::SynthesisContextSelection,
                    s.to_trace(&n.answer_model, registry.units().len()),
                );
                Some(s)
            }
        };

        // 10. Settle.
        let meta = Meta {
            lane,
            latency_ms: started.elapsed().as_millis() as u64,
            model_calls: ledger.calls,
            tool_calls,
            evidence_gathered: registry.units().len() as u32,
            citations_dropped: synthesis.as_ref().map_or(0, |s| s.citations_dropped),
            rediscovery_rounds: round,
            answer_model_id: synthesis.as_ref().map(|_| n.answer_model.clone()),
            tokens: ledger.tokens(),
        };
        diagnostics.assumption_made = assumption.is_some();
        let mut response = QueryResponse {
            request_id,
            outcome: Outcome::Answer,
            answer: synthesis.as_ref().map(|s| s.answer.clone()),
            citations: synthesis
                .as_ref()
                .map(|s| s.citations.clone())
                .unwrap_or_default(),
            evidence: matches!(
                n.shape,
                ResponseShape::AnswerWithEvidence | ResponseShape::EvidenceOnly
            )
            .then(|| registry.to_wire()),
            gaps: synthesis
                .as_ref()
                .map(|s| s.gaps.clone())
                .unwrap_or_else(|| evidence_only_gaps(&registry, &verdict)),
            conflicts: synthesis
                .as_ref()
                .map(|s| s.conflicts.clone())
                .unwrap_or_default(),
            clarification: None,
            capability_miss: None,
            assumption,
            meta,
            developer_trace: None,
            plan: None,
        };
        self.finish(&mut response, trace, diagnostics, n.include_trace);
        Ok(response)
    }

    fn normalize(&self, request: QueryRequest) -> Result<Normalized, ApiError> {
        let requested_depth = request.query_depth;
        let depth = match requested_depth.unwrap_or(QueryDepth::Auto) {
            d if d.is_legacy_alias() => QueryDepth::Deep,
            d => d,
        };
        let answer_model = match request.answer_model_id {
            Some(m) if self.settings.answer_models.contains(&m) => m,
            Some(m) => {
                return Err(ApiError::invalid(
                    "answerModelId",
                    format!(
                        "unknown answer model '{m}'; allowed: {}",
                        self.settings.answer_models.join(", ")
                    ),
                ));
            }
            None => self.settings.default_answer_model.clone(),
        };
        if let Some(tools) = &request.tools {
            for (i, id) in tools.iter().enumerate() {
                if !self.marketplace.contains(id) {
                    return Err(ApiError {
                        code: ErrorCode::NotFound,
                        message: format!(
                            "unknown tool '{id}'; known tools: {}",
                            self.marketplace.tool_ids().join(", ")
                        ),
                        field: Some(format!("tools[{i}]")),
                    });
                }
            }
        }
        Ok(Normalized {
            query: request.query,
            pinned: request.tools.filter(|t| !t.is_empty()),
            depth,
            requested_depth,
            policy: request.clarification_policy.unwrap_or_default(),
            shape: request.response_shape.unwrap_or_default(),
            answer_model,
            selected_option_id: request.selected_option_id,
            include_trace: request.include_developer_trace.unwrap_or(false),
            plan_only: request.plan_only.unwrap_or(false),
        })
    }

    async fn select_tools(
        &self,
        n: &Normalized,
        trace: &mut TraceLog,
        ledger: &mut Ledger,
    ) -> Result<Vec<Arc<ToolDescriptor>>, ApiError> {
        let (ids, pinned) = match &n.pinned {
            Some(p) => (p.clone(), true),
            None => (self.marketplace.tool_ids(), false),
        };
        let discovery = self.marketplace.describe(&ids).await.map_err(|e| match e {
            CatalogError::UnknownTool(id) => ApiError {
                code: ErrorCode::NotFound,
                message: format!("unknown tool '{id}'"),
                field: Some("tools".into()),
            },
            other => internal(other.to_string()),
        })?;
        let failures: Vec<String> = discovery.failures.iter().map(ToString::to_string).collect();
        let (selected, scores): (Vec<Arc<ToolDescriptor>>, Vec<Value>) = if pinned {
            (discovery.tools.clone(), Vec::new())
        } else {
            probes::select_tools(
                &n.query,
                &self.index_for(&discovery.tools),
                self.settings.max_selected_tools,
            )
            .into_iter()
            .map(|(t, score)| {
                let s = json!({"toolId": t.id, "score": score});
                (t, s)
            })
            .unzip()
        };
        // A selection model may narrow the candidates (never add to them); any failure keeps them.
        let mut strategy = "deterministic";
        let mut selected = selected;
        if let Some(model) = self
            .settings
            .selection
            .as_ref()
            .filter(|_| !pinned && !selected.is_empty())
        {
            match select_with(
                model.as_ref(),
                &n.query,
                &selected,
                &self.settings.budgets,
                ledger,
            )
            .await
            {
                Ok(ids) => {
                    selected.retain(|t| ids.contains(&t.id));
                    strategy = "model";
                }
                Err(reason) => strategy = reason,
            }
        }
        trace.emit(
            EventName::ToolSelection,
            json!({"mode": if pinned { "pinned" } else { "selected" }, "strategy": strategy, "considered": discovery.tools.len(),
                "selected": selected.iter().map(|t| &t.id).collect::<Vec<_>>(), "scores": scores, "discoveryFailures": failures}),
        );
        Ok(selected)
    }

    async fn probe_and_gate(
        &self,
        n: &Normalized,
        lane: Lane,
        index: &MethodIndex,
        trace: &mut TraceLog,
        diagnostics: &mut Diagnostics,
        ledger: &mut Ledger,
    ) -> Result<Gate, ApiError> {
        if lane == Lane::Fast {
            diagnostics.pre_plan_probe_status = ProbeStatus::Skipped;
            trace.emit(
                EventName::ScoutPrePlanProbe,
                json!({"status": ProbeStatus::Skipped.as_str(), "reason": "fast lane"}),
            );
            let picked = probes::fast_pick(index, &n.query, &self.settings.probe);
            diagnostics.decision_strategy = DecisionStrategy::Skipped;
            diagnostics.viable_candidate_count = u32::from(picked.is_ok());
            // One shot, but never a call without its required values: the single pick settles
            // by the gate's own single-interpretation rule (ask for a missing value; `auto`
            // fills only a value with choices).
            let (gate, outcome, reason) = match picked {
                Ok(interpretation) => match clarify::settle_one(&interpretation, n.policy) {
                    (
                        Decision::Answer {
                            interpretation,
                            assumption: None,
                        },
                        _,
                    ) => (
                        Gate::Proceed {
                            interpretation,
                            assumption: None,
                        },
                        Outcome::Answer,
                        "fast_lane_one_shot",
                    ),
                    (
                        Decision::Answer {
                            interpretation,
                            assumption,
                        },
                        reason,
                    ) => (
                        Gate::Proceed {
                            interpretation,
                            assumption,
                        },
                        Outcome::Answer,
                        reason,
                    ),
                    (Decision::Clarify(c), reason) => (
                        Gate::Settle(Settled::Clarification(c)),
                        Outcome::ClarificationRequired,
                        reason,
                    ),
                    (Decision::CapabilityMiss(m), reason) => (
                        Gate::Settle(Settled::CapabilityMiss(m)),
                        Outcome::CapabilityMiss,
                        reason,
                    ),
                },
                Err(signal) => (
                    Gate::Settle(Settled::CapabilityMiss(clarify::miss_from_signal(&signal))),
                    Outcome::CapabilityMiss,
                    "no_viable_candidate",
                ),
            };
            diagnostics.decision_reason_code = reason.into();
            trace.emit(
                EventName::QueryClarificationDecision,
                json!({"outcome": outcome.as_str(), "reasonCode": reason, "strategy": DecisionStrategy::Skipped.as_str(), "lane": lane.as_str()}),
            );
            return Ok(gate);
        }

        let report = probes::run(index, &n.query, &self.settings.probe);
        // Invariant: the deep lane never skips the probe.
        if report.status != ProbeStatus::Completed {
            return Err(internal("deep lane with a skipped probe"));
        }
        diagnostics.pre_plan_probe_status = report.status;
        diagnostics.viable_candidate_count = report.viable_candidate_count() as u32;
        diagnostics.scout_probe_ambiguity_pool_count = report.ambiguity_pool.len() as u32;
        trace.emit(EventName::ScoutPrePlanProbe, probe_trace(&report, None));

        let input = GateInput {
            query: &n.query,
            report: &report,
            policy: n.policy,
            selected_option_id: n.selected_option_id.as_deref(),
        };
        trace.emit(
            EventName::QueryClarificationInput,
            clarify::input_trace(&input),
        );
        // The judge decides first when one is configured and there is something to judge; the
        // deterministic envelope validates it (or stands alone).
        let decision = match &self.settings.judge {
            Some(model)
                if input.selected_option_id.is_none()
                    && !input.report.ambiguity_pool.is_empty() =>
            {
                let verdict =
                    ask_judge(model.as_ref(), &input, &self.settings.budgets, ledger).await;
                clarify::judge::decide_with_judge(&input, verdict)
            }
            _ => clarify::decide(&input),
        }
        .map_err(|e| ApiError::invalid("selectedOptionId", e.to_string()))?;
        diagnostics.judge_outcome_type = decision.judge_outcome;
        diagnostics.judge_confidence = decision.judge_confidence;
        diagnostics.validator_reason = decision.validator_reason.clone();
        diagnostics.fallback_reason = decision.fallback_reason.map(str::to_owned);
        diagnostics.judge_disagreement =
            decision.judge_outcome.is_some() && decision.validator_reason.is_some();
        diagnostics.decision_reason_code = decision.reason_code.into();
        diagnostics.decision_strategy = decision.strategy;
        trace.emit(EventName::QueryClarificationDecision, decision.to_trace());
        Ok(match decision.decision {
            Decision::Answer {
                interpretation,
                assumption,
            } => Gate::Proceed {
                interpretation,
                assumption,
            },
            Decision::Clarify(c) => Gate::Settle(Settled::Clarification(c)),
            Decision::CapabilityMiss(m) => Gate::Settle(Settled::CapabilityMiss(m)),
        })
    }

    #[allow(clippy::too_many_arguments)]
    async fn plan_and_execute(
        &self,
        query: &str,
        interpretation: &Interpretation,
        safe: &HashMap<(String, String), &MethodDescriptor>,
        round: u32,
        trace: &mut TraceLog,
        ledger: &mut Ledger,
    ) -> Result<ExecutionRecord, ApiError> {
        let deterministic = planner::plan(interpretation).map_err(|e| internal(e.to_string()))?;
        // Invariant: a program only ever names query-safe methods of the selected tools; the
        // allow-list is the interpretation's methods, whoever writes the program.
        let allowed_pairs = deterministic.methods();
        let mut allowed = Vec::new();
        for (tool, method) in &allowed_pairs {
            let Some(m) = safe.get(&(tool.clone(), method.clone())) else {
                return Err(internal(format!(
                    "program names {tool}.{method}, which is not a query-safe method of the selected tools"
                )));
            };
            allowed.push(AllowedMethod::new(
                tool.clone(),
                method.clone(),
                m.input_schema.clone(),
            ));
        }
        // A schema the executor cannot compile came from a tool server: an upstream failure.
        let allowlist = Allowlist::new(allowed)
            .map_err(|e| ApiError::new(ErrorCode::UpstreamFailed, e.to_string()))?;
        let methods: Vec<Value> = allowed_pairs
            .iter()
            .filter_map(|(t, m)| safe.get(&(t.clone(), m.clone())).map(|d| json!({"tool": t, "method": m, "input": d.input_schema, "output": d.output_schema})))
            .collect();

        // A model writes the program when one is configured; the template otherwise, or when the
        // model's program fails its static checks.
        let mut program = deterministic.source.clone();
        let mut by_model = false;
        if let Some(model) = &self.settings.planner {
            let context = json!({"query": query, "description": interpretation.description, "calls": planner::calls_for(interpretation), "methods": methods});
            match ask_program(model.as_ref(), "planner", &context, &self.settings.budgets, ledger).await {
                Ok(source) => match planner::check_program(&source, &allowed_pairs) {
                    Ok(()) => {
                        program = source;
                        by_model = true;
                        trace.emit(EventName::PlannerGeneratedCode, json!({"planner": model.name(), "round": round, "source": program}));
                    }
                    Err(why) => trace.emit(
                        EventName::PlannerGeneratedCode,
                        json!({"planner": model.name(), "round": round, "rejected": why, "fallbackReason": "static_check", "source": source}),
                    ),
                },
                Err(reason) => trace.emit(EventName::PlannerGeneratedCode, json!({"planner": model.name(), "round": round, "fallbackReason": reason})),
            }
        }
        if !by_model {
            trace.emit(
                EventName::PlannerGeneratedCode,
                deterministic.to_trace("deterministic"),
            );
        }
        let mut record = self.execute(&program, &allowlist, round, trace).await?;

        // Repair: a model-written program that throws or passes bad arguments goes back with its
        // error, a bounded number of times; then the deterministic program is the fallback.
        if by_model {
            let mut attempt = 0;
            while let Some(error) = failure_of(&record) {
                let Some(model) = self
                    .settings
                    .repair
                    .as_ref()
                    .filter(|_| attempt < self.settings.max_repairs)
                else {
                    break;
                };
                attempt += 1;
                let context =
                    json!({"query": query, "program": program, "error": error, "methods": methods});
                match ask_program(
                    model.as_ref(),
                    "repair",
                    &context,
                    &self.settings.budgets,
                    ledger,
                )
                .await
                {
                    Ok(source) if planner::check_program(&source, &allowed_pairs).is_ok() => {
                        program = source;
                        trace.emit(EventName::PlannerGeneratedCode, json!({"planner": model.name(), "repair": attempt, "error": error, "source": program}));
                        record = self.execute(&program, &allowlist, round, trace).await?;
                    }
                    _ => break,
                }
            }
            if failure_of(&record).is_some() {
                trace.emit(EventName::PlannerGeneratedCode, json!({"planner": "deterministic", "fallbackReason": "program_failed", "source": deterministic.source}));
                record = self
                    .execute(&deterministic.source, &allowlist, round, trace)
                    .await?;
            }
        }
        Ok(record)
    }

    /// Runs `source` and checks what it dispatched.
    async fn execute(
        &self,
        source: &str,
        allowlist: &Allowlist,
        round: u32,
        trace: &mut TraceLog,
    ) -> Result<ExecutionRecord, ApiError> {
        let caller = Arc::new(McpToolCaller {
            marketplace: Arc::clone(&self.marketplace),
        });
        let record = self
            .sandbox
            .run(source, allowlist, caller)
            .instrument(stage!(EventName::FinalExecution))
            .await;
        // Invariant: nothing outside the allow-list was dispatched.
        if let Some(c) = record
            .dispatched_calls()
            .find(|c| !allowlist.allows(&c.tool_id, &c.method))
        {
            return Err(internal(format!(
                "execution dispatched {}.{}",
                c.tool_id, c.method
            )));
        }
        if let RunOutcome::Internal(message) = &record.outcome {
            return Err(internal(format!("sandbox failure: {message}")));
        }
        trace.emit(EventName::FinalExecution, execution_trace(&record, round));
        Ok(record)
    }

    #[allow(clippy::too_many_arguments)]
    fn settle_without_execution(
        &self,
        settled: Settled,
        request_id: String,
        lane: Lane,
        started: Instant,
        trace: TraceLog,
        mut diagnostics: Diagnostics,
        n: &Normalized,
    ) -> QueryResponse {
        diagnostics.assumption_made = false;
        let (outcome, clarification, capability_miss) = match settled {
            Settled::Clarification(c) => (Outcome::ClarificationRequired, Some(c), None),
            Settled::CapabilityMiss(m) => (Outcome::CapabilityMiss, None, Some(m)),
        };
        let mut response = self.empty_response(request_id, outcome, lane, started, n);
        response.clarification = clarification;
        response.capability_miss = capability_miss;
        self.finish(&mut response, trace, diagnostics, n.include_trace);
        response
    }

    /// A response with no answer, evidence, clarification or miss yet.
    fn empty_response(
        &self,
        request_id: String,
        outcome: Outcome,
        lane: Lane,
        started: Instant,
        n: &Normalized,
    ) -> QueryResponse {
        QueryResponse {
            request_id,
            outcome,
            answer: None,
            citations: Vec::new(),
            evidence: matches!(
                n.shape,
                ResponseShape::AnswerWithEvidence | ResponseShape::EvidenceOnly
            )
            .then(Vec::new),
            gaps: Vec::new(),
            conflicts: Vec::new(),
            clarification: None,
            capability_miss: None,
            assumption: None,
            meta: Meta {
                lane,
                latency_ms: started.elapsed().as_millis() as u64,
                model_calls: 0,
                tool_calls: 0,
                evidence_gathered: 0,
                citations_dropped: 0,
                rediscovery_rounds: 0,
                answer_model_id: None,
                tokens: None,
            },
            developer_trace: None,
            plan: None,
        }
    }

    fn finish(
        &self,
        response: &mut QueryResponse,
        mut trace: TraceLog,
        diagnostics: Diagnostics,
        include: bool,
    ) {
        response.meta.latency_ms = response.meta.latency_ms.max(1);
        trace.emit(
            EventName::QuerySettled,
            json!({"outcome": response.outcome.as_str(), "lane": response.meta.lane, "toolCalls": response.meta.tool_calls,
                "evidenceGathered": response.meta.evidence_gathered, "citations": response.citations.len()}),
        );
        if include {
            response.developer_trace = Some(DeveloperTrace {
                events: trace.into_events(),
                diagnostics,
            });
        }
    }
}

/// Per-stage (max tokens, timeout) overrides, by stage name.
type Budgets = HashMap<String, (Option<u32>, Option<std::time::Duration>)>;

/// Calls `model` for `request` within its stage's configured budget (`max_tokens` caps the
/// request, the timeout bounds the wait) and charges the call and its usage to `ledger`. Every
/// model call of the pipeline goes through here.
async fn generate(
    model: &dyn models::Model,
    mut request: models::ModelRequest,
    budgets: &Budgets,
    ledger: &mut Ledger,
) -> Result<models::ModelReply, models::ModelError> {
    let (max_tokens, timeout) = budgets.get(request.stage).copied().unwrap_or((None, None));
    if let Some(m) = max_tokens {
        request.max_tokens = m;
    }
    let reply = match timeout {
        Some(t) => tokio::time::timeout(t, model.generate(&request))
            .await
            .unwrap_or(Err(models::ModelError::Timeout)),
        None => model.generate(&request).await,
    };
    ledger.charge(reply.as_ref().ok().map(|r| r.usage));
    reply
}

/// Tool selection by a model: the ids it keeps among `candidates` (unknown ids are ignored).
async fn select_with(
    model: &dyn models::Model,
    query: &str,
    candidates: &[Arc<ToolDescriptor>],
    budgets: &Budgets,
    ledger: &mut Ledger,
) -> Result<Vec<String>, &'static str> {
    let tools: Vec<Value> = candidates
        .iter()
        .map(|t| json!({"id": t.id, "title": t.title, "description": t.description, "methods": t.methods.iter().map(|m| &m.name).collect::<Vec<_>>()}))
        .collect();
    let user = prompt(
        "selection",
        minijinja::context! { query => query, tools => minijinja::Value::from(minijinja::value::Serde(&tools)) },
    )?;
    let request = models::ModelRequest {
        stage: "selection",
        system:
            "You pick the tools that could serve a question. Answer with the requested JSON only."
                .into(),
        user,
        schema: json!({"type": "object", "additionalProperties": false, "required": ["toolIds"], "properties": {"toolIds": {"type": "array", "items": {"type": "string"}}}}),
        schema_name: "tool_selection",
        max_tokens: 200,
    };
    match generate(model, request, budgets, ledger).await {
        Ok(reply) => {
            let ids = reply.json["toolIds"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect();
            Ok(ids)
        }
        Err(e) => Err(e.reason_code()),
    }
}

/// Completeness by a model: the question and the evidence block; `Err` keeps the deterministic
/// verdict.
async fn judge_completeness(
    model: &dyn models::Model,
    query: &str,
    registry: &EvidenceRegistry,
    tried: &[String],
    budget: usize,
    budgets: &Budgets,
    ledger: &mut Ledger,
) -> Result<CompletenessVerdict, &'static str> {
    let block = evidence::synthesis::evidence_block(registry, budget);
    let request = models::ModelRequest {
        stage: "completeness",
        system:
            "You judge whether evidence answers a question. Answer with the requested JSON only."
                .into(),
        user: prompt(
            "sufficiency",
            minijinja::context! { query => query, tried => tried.to_vec(), evidence => block },
        )?,
        schema: evidence::completeness::model_schema(),
        schema_name: "sufficiency",
        max_tokens: 300,
    };
    match generate(model, request, budgets, ledger).await {
        Ok(r) => Ok(evidence::completeness::from_model(&r.json, tried)),
        Err(e) => Err(e.reason_code()),
    }
}

/// Synthesis by an answer model: the evidence block under its budget, the model's JSON, then the
/// same server-side citation validation as any answer. `Err` carries the reason code.
async fn synthesize_with(
    model: &dyn models::Model,
    query: &str,
    registry: &EvidenceRegistry,
    budget: usize,
    budgets: &Budgets,
    ledger: &mut Ledger,
) -> Result<evidence::Synthesis, &'static str> {
    let block = evidence::synthesis::evidence_block(registry, budget);
    let user = prompt(
        "synthesis",
        minijinja::context! { query => query, evidence => block },
    )?;
    let request = models::ModelRequest {
        stage: "synthesis",
        system:
            "You write short, cited answers from evidence. Answer with the requested JSON only."
                .into(),
        user,
        schema: evidence::synthesis::model_schema(),
        schema_name: "cited_answer",
        max_tokens: 800,
    };
    match generate(model, request, budgets, ledger).await {
        Ok(reply) => Ok(evidence::synthesis::from_model(registry, &reply.json)),
        Err(e) => {
            tracing::warn!(
                model = model.name(),
                reason = e.reason_code(),
                "answer model failed"
            );
            Err(e.reason_code())
        }
    }
}

/// What went wrong in a run, for a repair prompt: an uncaught error, a limit, or a call refused
/// for its arguments. `None` when the run is sound.
fn failure_of(record: &ExecutionRecord) -> Option<String> {
    match &record.outcome {
        RunOutcome::Threw(e) => return Some(e.to_string()),
        RunOutcome::LimitHit(l) => return Some(format!("the run hit its {} limit", l.as_str())),
        _ => {}
    }
    record.calls.iter().find_map(|c| {
        c.outcome
            .as_ref()
            .err()
            .filter(|e| e.kind == executor::CallErrorKind::InvalidArguments)
            .map(|e| format!("{}.{}: {}", c.tool_id, c.method, e.message))
    })
}

/// The model prompts (`prompts/*.j2`), parsed once per process.
fn prompts() -> &'static minijinja::Environment<'static> {
    static PROMPTS: std::sync::OnceLock<minijinja::Environment<'static>> =
        std::sync::OnceLock::new();
    PROMPTS.get_or_init(|| {
        let mut env = minijinja::Environment::new();
        for (name, source) in [
            ("selection", include_str!("../prompts/selection.j2")),
            ("judge", include_str!("../prompts/judge.j2")),
            ("planner", include_str!("../prompts/planner.j2")),
            ("repair", include_str!("../prompts/repair.j2")),
            ("sufficiency", include_str!("../prompts/sufficiency.j2")),
            ("synthesis", include_str!("../prompts/synthesis.j2")),
        ] {
            env.add_template(name, source)
                .expect("the prompts parse (tested)");
        }
        env
    })
}

/// Renders the prompt `name` over `context`; a failure is the stage's `provider_error`.
fn prompt(name: &str, context: minijinja::Value) -> Result<String, &'static str> {
    prompts()
        .get_template(name)
        .and_then(|t| t.render(context))
        .map_err(|e| {
            tracing::error!(error = %e, prompt = name, "prompt failed to render");
            "provider_error"
        })
}

/// Asks `model` for a program with the stage's prompt rendered over `context`.
async fn ask_program(
    model: &dyn models::Model,
    stage: &'static str,
    context: &Value,
    budgets: &Budgets,
    ledger: &mut Ledger,
) -> Result<String, &'static str> {
    let user = prompt(
        stage,
        minijinja::Value::from(minijinja::value::Serde(context)),
    )?;
    let request = models::ModelRequest {
        stage,
        system: "You write small JavaScript programs that call tools. Answer with the requested JSON only.".into(),
        user,
        schema: planner::model_schema(),
        schema_name: "program",
        max_tokens: 1200,
    };
    match generate(model, request, budgets, ledger).await {
        Ok(reply) => reply.json["program"]
            .as_str()
            .map(str::to_owned)
            .ok_or("schema_invalid"),
        Err(e) => Err(e.reason_code()),
    }
}

/// Asks the judge about `input`'s options; any failure becomes a reason code for the envelope.
async fn ask_judge(
    model: &dyn models::Model,
    input: &GateInput<'_>,
    budgets: &Budgets,
    ledger: &mut Ledger,
) -> clarify::judge::JudgeResult {
    let options: Vec<Value> = clarify::judge::offered(input)
        .iter()
        .map(|o| json!({"id": o.id, "label": o.label, "description": o.description, "missing": o.missing.iter().map(|m| &m.name).collect::<Vec<_>>()}))
        .collect();
    let user = match prompt(
        "judge",
        minijinja::context! { query => input.query, options => minijinja::Value::from(minijinja::value::Serde(&options)) },
    ) {
        Ok(text) => text,
        Err(reason) => return clarify::judge::JudgeResult::Failed(reason),
    };
    let request = models::ModelRequest {
        stage: "judge",
        system:
            "You are the ambiguity judge of a query runtime. Answer with the requested JSON only."
                .into(),
        user,
        schema: clarify::judge::schema(),
        schema_name: "judge_decision",
        max_tokens: 400,
    };
    match generate(model, request, budgets, ledger).await {
        Ok(reply) => clarify::judge::JudgeResult::Verdict(reply.json),
        Err(e) => {
            tracing::warn!(
                model = model.name(),
                reason = e.reason_code(),
                "judge call failed"
            );
            clarify::judge::JudgeResult::Failed(e.reason_code())
        }
    }
}

/// Invariant: every citation resolves to gathered evidence.
fn check_citations(s: &evidence::Synthesis, registry: &EvidenceRegistry) -> Result<(), ApiError> {
    for c in &s.citations {
        if !registry.units().iter().any(|u| u.id == c.evidence_id) {
            return Err(internal(format!(
                "citation {} points at evidence {} that was not gathered",
                c.ordinal, c.evidence_id
            )));
        }
    }
    Ok(())
}

fn evidence_only_gaps(registry: &EvidenceRegistry, verdict: &CompletenessVerdict) -> Vec<String> {
    let mut gaps = evidence::synthesis::failure_gaps(registry);
    if registry.is_empty() {
        gaps.push("No tool returned evidence for this question.".into());
    }
    gaps.extend(
        verdict
            .missing_aspects
            .iter()
            .map(|a| format!("The evidence does not mention {a}.")),
    );
    gaps
}

fn probe_trace(report: &ProbeReport, follow_up: Option<&str>) -> Value {
    let mut v = serde_json::to_value(report).unwrap_or(Value::Null);
    if let (Some(f), Value::Object(map)) = (follow_up, &mut v) {
        map.insert("followUpQuery".into(), Value::from(f));
    }
    v
}

fn execution_trace(record: &ExecutionRecord, round: u32) -> Value {
    let outcome = match &record.outcome {
        RunOutcome::Returned(_) => json!({"kind": "returned"}),
        RunOutcome::Threw(e) => {
            json!({"kind": "threw", "name": e.name, "message": e.message, "line": e.line, "column": e.column})
        }
        RunOutcome::LimitHit(l) => json!({"kind": "limit", "limit": l.as_str()}),
        RunOutcome::Internal(_) => json!({"kind": "internal"}),
    };
    json!({
        "round": round,
        "outcome": outcome,
        "calls": record.calls.iter().map(|c| json!({
            "seq": c.seq, "toolId": c.tool_id, "method": c.method, "arguments": c.arguments,
            "ok": c.outcome.is_ok(), "dispatched": c.dispatched(),
            "error": c.outcome.as_ref().err().map(|e| &e.message),
            "durationMs": c.duration.as_secs_f64() * 1000.0,
        })).collect::<Vec<_>>(),
        "fuelUsed": record.fuel_used,
        "wallMs": record.wall_time.as_secs_f64() * 1000.0,
    })
}

fn policy_str(p: ClarificationPolicy) -> &'static str {
    match p {
        ClarificationPolicy::Return => "return",
        ClarificationPolicy::Auto => "auto",
    }
}

fn shape_str(s: ResponseShape) -> &'static str {
    match s {
        ResponseShape::Answer => "answer",
        ResponseShape::AnswerWithEvidence => "answer_with_evidence",
        ResponseShape::EvidenceOnly => "evidence_only",
    }
}

#[cfg(test)]
mod prompt_tests {
    use super::*;

    #[test]
    fn every_prompt_parses_and_renders() {
        for name in [
            "selection",
            "judge",
            "planner",
            "repair",
            "sufficiency",
            "synthesis",
        ] {
            let text = prompt(
                name,
                minijinja::context! { query => "What is the BTC price?" },
            )
            .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(text.contains("What is the BTC price?"), "{name}: {text}");
        }
        assert_eq!(
            prompt("nope", minijinja::context! {}),
            Err("provider_error")
        );
    }
}
