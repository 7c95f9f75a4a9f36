//! Running a suite: against an in-process runtime (default) or a server (`--url`), with bounded
//! concurrency and a progress bar on a terminal.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use contract::{QueryRequest, QueryResponse, ToolDescriptor};
use futures::StreamExt;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use runtime::config::Config;
use runtime::pipeline::Pipeline;
use serde_json::Value;

use crate::metrics::CaseResult;
use crate::suite::{Case, Expect, Said, Suite};

/// The folder an in-process run with documents indexes them in when no data directory is
/// configured: this run's own, removed when the run ends.
pub fn scratch_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("sluice-validate-rollout-{}", std::process::id()))
}

/// Where the cases go.
pub enum Target {
    /// A pipeline in this process.
    InProcess(Arc<Pipeline>),
    /// A running server.
    Remote {
        /// Client with a timeout.
        client: reqwest::Client,
        /// `…/api/v1/query`.
        url: String,
    },
}

impl Target {
    /// An in-process runtime for `suite`: `base` configuration plus the suite's static catalog.
    pub fn in_process(suite: &Suite, mut base: Config) -> anyhow::Result<Self> {
        base.marketplace.builtin = suite.builtin_tools;
        if let Some(tools) = &suite.tools_file {
            base.marketplace.static_catalogs.push(tools.clone());
        }
        if !suite.docs.is_empty() {
            for dir in &suite.docs {
                let found = knowledge::collections_in(dir).map_err(|e| {
                    anyhow::anyhow!("docs {}: cannot read the folder: {e}", dir.display())
                })?;
                base.knowledge.collections.extend(found);
            }
            base.check_collections()?;
            // The documents' index goes to a folder of this run's own, never the user's.
            if base.data_dir.is_none() {
                base.data_dir = Some(scratch_dir());
            }
        }
        Ok(Target::InProcess(Arc::new(runtime::build_pipeline(
            &base, false,
        )?)))
    }

    /// Exchanges asked for under `--replay` that had no cassette (in process; a remote server
    /// counts its own).
    pub fn replay_misses(&self) -> u64 {
        match self {
            Target::InProcess(p) => p.replay_misses(),
            Target::Remote { .. } => 0,
        }
    }

    /// A server at `base_url` (for example `http://127.0.0.1:8080`).
    pub fn remote(base_url: &str) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(120))
            .build()?;
        Ok(Target::Remote {
            client,
            url: format!("{}/api/v1/query", base_url.trim_end_matches('/')),
        })
    }

    /// Every method's input schema, by (tool id, method), as the target lists them.
    async fn schemas(&self) -> Result<HashMap<(String, String), Value>, String> {
        let tools: Vec<ToolDescriptor> = match self {
            Target::InProcess(p) => p
                .marketplace()
                .describe_all()
                .await
                .tools
                .iter()
                .map(|t| (**t).clone())
                .collect(),
            Target::Remote { client, url } => {
                let url = url.replace("/api/v1/query", "/api/v1/tools");
                let listing: contract::ToolListing = client
                    .get(url)
                    .send()
                    .await
                    .map_err(|e| e.to_string())?
                    .json()
                    .await
                    .map_err(|e| format!("unreadable tool listing: {e}"))?;
                listing.tools
            }
        };
        Ok(tools
            .into_iter()
            .flat_map(|t| {
                t.methods
                    .into_iter()
                    .map(move |m| ((t.id.clone(), m.name), m.input_schema))
            })
            .collect())
    }

    async fn send(&self, request: QueryRequest) -> Result<QueryResponse, String> {
        match self {
            Target::InProcess(p) => p.run(request, None).await.map_err(|e| e.to_string()),
            Target::Remote { client, url } => {
                let r = client
                    .post(url)
                    .json(&request)
                    .send()
                    .await
                    .map_err(|e| e.to_string())?;
                let status = r.status();
                let body = r.text().await.map_err(|e| e.to_string())?;
                if !status.is_success() {
                    return Err(format!("HTTP {status}: {body}"));
                }
                serde_json::from_str(&body).map_err(|e| format!("unreadable response: {e}"))
            }
        }
    }
}

fn request(case: &Case) -> QueryRequest {
    let mut r = QueryRequest::new(case.query.clone());
    r.tools = case.tools.clone();
    r.clarification_policy = case.policy;
    r.query_depth = case.depth;
    r.include_developer_trace = Some(true);
    r.plan_only = case.plan_only.then_some(true);
    if !case.history.is_empty() {
        r.context = Some(contract::QueryContext {
            history: case.history.iter().map(Said::turn).collect(),
            today: None,
        });
    }
    r
}

fn result(case: &Case, response: Result<QueryResponse, String>) -> CaseResult {
    let mut r = CaseResult {
        case: case.clone(),
        actual: None,
        error: None,
        assumption: false,
        lane: String::new(),
        strategy: String::new(),
        judge_decided: false,
        judge_overridden: false,
        events: Vec::new(),
        calls: Vec::new(),
        steps: Vec::new(),
        invalid_calls: Vec::new(),
        evidence: 0,
        gaps: 0,
        conflicts: 0,
        cited_titles: Vec::new(),
        latency_ms: 0,
        probe: Value::Null,
    };
    let response = match response {
        Ok(resp) => resp,
        Err(e) => {
            r.error = Some(e);
            return r;
        }
    };
    r.actual = Some(Expect::from_outcome(response.outcome));
    r.assumption = response
        .assumption
        .as_ref()
        .is_some_and(|a| a.auto_resolved);
    r.lane = response.meta.lane.as_str().into();
    r.gaps = response.gaps.len();
    r.conflicts = response
        .conflicts
        .iter()
        .filter(|c| c.values.len() >= 2)
        .count();
    r.cited_titles = response.citations.iter().map(|c| c.title.clone()).collect();
    r.latency_ms = response.meta.latency_ms;
    r.evidence = response.meta.evidence_gathered as usize;
    if let Some(plan) = &response.plan {
        r.calls = plan
            .calls
            .iter()
            .map(|c| {
                (
                    c.tool_id.clone(),
                    c.method.clone(),
                    Value::Object(c.arguments.clone()),
                )
            })
            .collect();
    }
    // A chain's earlier calls: those the plan's references point at (a `planOnly` case), and the
    // chosen interpretation's `before` wherever a trace event shows it (any planner).
    let referenced: Vec<(String, String)> = r
        .calls
        .iter()
        .flat_map(|(_, _, args)| args.as_object().into_iter().flat_map(|o| o.values()))
        .filter_map(|v| contract::referred(v)?.0.checked_sub(1))
        .filter_map(|i| r.calls.get(i))
        .map(|(tool, method, _)| (tool.clone(), method.clone()))
        .collect();
    r.steps = referenced;
    fn befores(v: &Value, out: &mut Vec<(String, String)>) {
        match v {
            Value::Object(o) => {
                for b in o
                    .get("before")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let s = |k: &str| b[k].as_str().unwrap_or_default().to_owned();
                    out.push((s("toolId"), s("method")));
                }
                o.values().for_each(|x| befores(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| befores(x, out)),
            _ => {}
        }
    }
    for e in response.developer_trace.iter().flat_map(|t| &t.events) {
        befores(&e.data, &mut r.steps);
    }
    if let Some(trace) = &response.developer_trace {
        let d = &trace.diagnostics;
        r.strategy = d.decision_strategy.as_str().into();
        r.judge_decided = d.judge_outcome_type.is_some();
        r.judge_overridden = d.judge_outcome_type.is_some() && d.validator_reason.is_some();
        r.events = trace.events.iter().map(|e| e.name.clone()).collect();
        if let Some(p) = trace
            .events
            .iter()
            .find(|e| e.name == "scout-pre-plan-probe")
        {
            let top: Vec<Value> = p.data["rankedMethods"]
                .as_array()
                .into_iter()
                .flatten()
                .take(3)
                .cloned()
                .collect();
            r.probe = serde_json::json!({"top": top, "unmatched": p.data["missingCapabilitySignal"]["unmatchedTerms"],
                "pool": p.data["ambiguityPool"].as_array().map(|a| a.iter().map(|i| &i["label"]).collect::<Vec<_>>())});
        }
        if let (Some(m), Some(probe)) = (&response.capability_miss, r.probe.as_object_mut()) {
            probe.insert(
                "miss".into(),
                serde_json::json!({"reason": m.reason, "message": m.message}),
            );
        }
        if let (Some(c), Some(probe)) = (&response.clarification, r.probe.as_object_mut()) {
            let options: Vec<String> = c
                .options
                .iter()
                .map(|o| format!("{}: {}", o.method, o.label))
                .collect();
            probe.insert(
                "clarification".into(),
                serde_json::json!({"kind": c.kind, "missing": c.missing_parameters, "options": options}),
            );
        }
        if r.calls.is_empty() {
            // Executed calls, from the execution record in the trace.
            for e in trace.events.iter().filter(|e| e.name == "final-execution") {
                for c in e.data["calls"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|c| c["dispatched"] == true)
                {
                    let s = |k: &str| c[k].as_str().unwrap_or_default().to_owned();
                    r.calls
                        .push((s("toolId"), s("method"), c["arguments"].clone()));
                }
            }
        }
    }
    r
}

/// Runs every case of `suite`, at most `concurrency` at a time. Results keep the suite's order.
pub async fn run(suite: &Suite, target: &Target, concurrency: usize) -> Vec<CaseResult> {
    let bar = ProgressBar::new(suite.cases.len() as u64);
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} cases {elapsed}")
            .expect("a valid template"),
    );
    let mut results: Vec<(usize, CaseResult)> =
        futures::stream::iter(suite.cases.iter().enumerate())
            .map(|(i, case)| {
                let bar = &bar;
                async move {
                    let r = result(case, target.send(request(case)).await);
                    bar.inc(1);
                    (i, r)
                }
            })
            .buffer_unordered(concurrency.max(1))
            .collect()
            .await;
    bar.finish_and_clear();
    results.sort_by_key(|(i, _)| *i);
    let mut results: Vec<CaseResult> = results.into_iter().map(|(_, r)| r).collect();
    match target.schemas().await {
        Ok(schemas) => {
            // Each called method's schema compiled once for the whole run.
            let mut compiled = HashMap::new();
            for r in &mut results {
                r.invalid_calls = invalid_calls(&r.calls, &schemas, &mut compiled);
            }
        }
        Err(e) => eprintln!(
            "validate-rollout: cannot list the tools' schemas ({e}); invalidPlanRate is not measured"
        ),
    }
    results
}

/// A method's compiled input schema, or why it does not compile.
type Compiled = Result<jsonschema::Validator, String>;

/// Each call whose arguments fail its method's input schema, as `tool.method: why`.
fn invalid_calls(
    calls: &[(String, String, Value)],
    schemas: &HashMap<(String, String), Value>,
    compiled: &mut HashMap<(String, String), Compiled>,
) -> Vec<String> {
    calls
        .iter()
        .filter_map(|(tool, method, arguments)| {
            let key = (tool.clone(), method.clone());
            let schema = schemas.get(&key)?;
            let validator = compiled
                .entry(key)
                .or_insert_with(|| jsonschema::validator_for(schema).map_err(|e| e.to_string()));
            // An argument taken from an earlier call's result is known only when the program
            // runs: its reference is not checked against the schema, the rest is.
            let referenced: Vec<String> = arguments
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(_, v)| contract::referred(v).is_some())
                .map(|(k, _)| format!("/{k}"))
                .collect();
            let why = match validator {
                Ok(v) => v
                    .iter_errors(arguments)
                    .find(|e| {
                        let at = e.instance_path().to_string();
                        !referenced
                            .iter()
                            .any(|r| at == *r || at.starts_with(&format!("{r}/")))
                    })
                    .map(|e| format!("{e} at '{}'", e.instance_path())),
                Err(e) => Some(format!("the method's schema does not compile: {e}")),
            }?;
            Some(format!("{tool}.{method}: {why}"))
        })
        .collect()
}
