//! Step 7, execute: a round's program runs in the sandbox, its tool calls go to the marketplace
//! over MCP. A model-written program that throws or passes bad arguments goes back to the repair
//! model with its error a bounded number of times; then the deterministic program stands in.
//! Invariant checked here: nothing outside the allow-list was dispatched.

use std::collections::HashSet;
use std::sync::Arc;

use catalog::Marketplace;
use contract::{ApiError, FallbackReason};
use executor::{Allowlist, ExecutionRecord, RunOutcome, ToolCaller, ToolError, ToolFuture};
use probes::Interpretation;
use serde_json::{Value, json};
use traces::{EventName, TraceLog};
use tracing::Instrument;

use super::plan::{self, Planned, SafeMethods};
use super::scope::Confinement;
use super::{Pipeline, Request, Traced, broken, stage};

/// The sandbox's tool caller: every call goes to the marketplace over MCP. A tool that timed
/// out, or was still answering when a run's deadline cut it off, is not called again in the same
/// request.
struct McpToolCaller {
    marketplace: Arc<Marketplace>,
    stalled: Stalled,
    confinement: Option<Arc<Confinement>>,
}

/// Tools that did not answer in time during this request.
pub(crate) type Stalled = Arc<std::sync::Mutex<HashSet<String>>>;

/// Marks a tool as stalled unless disarmed: a call future dropped before it finished (the run's
/// deadline) leaves its mark.
struct StallMark<'a> {
    stalled: &'a Stalled,
    tool_id: &'a str,
    armed: bool,
}

impl Drop for StallMark<'_> {
    fn drop(&mut self) {
        if self.armed {
            self.stalled
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(self.tool_id.to_owned());
        }
    }
}

impl ToolCaller for McpToolCaller {
    fn call<'a>(
        &'a self,
        tool_id: &'a str,
        method: &'a str,
        arguments: &'a Value,
    ) -> ToolFuture<'a> {
        Box::pin(async move {
            if self
                .stalled
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .contains(tool_id)
            {
                return Err(ToolError::new(format!(
                    "tool '{tool_id}' did not answer in time earlier in this request; not called again"
                )));
            }
            let confined = match &self.confinement {
                Some(c) => c.admit(tool_id, arguments).map_err(ToolError::new)?,
                None => None,
            };
            let arguments = confined.as_ref().unwrap_or(arguments);
            let mut mark = StallMark {
                stalled: &self.stalled,
                tool_id,
                armed: true,
            };
            let result = self.marketplace.call(tool_id, method, arguments).await;
            mark.armed = matches!(result, Err(catalog::CatalogError::Timeout { .. }));
            result.map_err(|e| ToolError::new(e.to_string()))
        })
    }
}

/// One program run, checked.
pub(crate) struct Executed {
    pub(crate) record: ExecutionRecord,
    round: u32,
}

impl Traced for Executed {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::FinalExecution, || {
            execution_trace(&self.record, self.round)
        });
    }
}

/// Plans `interpretation` and runs the program of this round (a model's when one is configured
/// and its program is sound, else the deterministic one).
pub(crate) async fn plan_and_execute(
    pipeline: &Pipeline,
    query: &str,
    interpretation: &Interpretation,
    safe: &SafeMethods<'_>,
    round: u32,
    r: &mut Request,
) -> Result<ExecutionRecord, ApiError> {
    let settings = &pipeline.settings;
    let plan = plan::plan(interpretation, safe, round)?;
    let written = match &settings.planner {
        Some(model) => {
            let mut asker = r.asker(&settings.budgets);
            let (planned, source) =
                plan::by_model(model.as_ref(), query, interpretation, &plan, &mut asker).await;
            r.done(planned);
            source
        }
        None => None,
    };
    let Some(mut program) = written else {
        r.done(Planned::deterministic(&plan.deterministic, round, None));
        let d = &plan.deterministic;
        return Ok(
            run(pipeline, d.source, &d.input(), &plan.allowlist, round, r)
                .await?
                .record,
        );
    };
    let mut record = run(pipeline, &program, &Value::Null, &plan.allowlist, round, r)
        .await?
        .record;
    let mut attempt = 0;
    while let Some(error) = failure_of(&record) {
        let Some(model) = settings
            .repair
            .as_ref()
            .filter(|_| attempt < settings.max_repairs)
        else {
            break;
        };
        attempt += 1;
        let mut asker = r.asker(&settings.budgets);
        let Some(planned) = plan::repair(
            model.as_ref(),
            query,
            &program,
            &error,
            attempt,
            &plan,
            &mut asker,
        )
        .await
        else {
            break;
        };
        program = planned.source.as_deref().unwrap_or_default().to_owned();
        r.done(planned);
        record = run(pipeline, &program, &Value::Null, &plan.allowlist, round, r)
            .await?
            .record;
    }
    if failure_of(&record).is_some() {
        let mut fallback = Planned::deterministic(
            &plan.deterministic,
            round,
            Some(FallbackReason::ProgramFailed),
        );
        fallback.calls = None;
        r.done(fallback);
        let d = &plan.deterministic;
        record = run(pipeline, d.source, &d.input(), &plan.allowlist, round, r)
            .await?
            .record;
    }
    Ok(record)
}

/// Runs `source` with `input` (the deterministic program's calls; `null` for a model's program)
/// under `allowlist` and checks what it dispatched.
async fn run(
    pipeline: &Pipeline,
    source: &str,
    input: &Value,
    allowlist: &Allowlist,
    round: u32,
    r: &mut Request,
) -> Result<Executed, ApiError> {
    let caller = Arc::new(McpToolCaller {
        marketplace: Arc::clone(&pipeline.marketplace),
        stalled: Arc::clone(&r.stalled),
        confinement: r.confinement.clone(),
    });
    let record = pipeline
        .sandbox
        .run_with_input(source, input, allowlist, caller)
        .instrument(stage!(EventName::FinalExecution))
        .await;
    if let Some(c) = record
        .dispatched_calls()
        .find(|c| !allowlist.allows(&c.tool_id, &c.method))
    {
        return Err(broken(
            EventName::FinalExecution,
            format!("execution dispatched {}.{}", c.tool_id, c.method),
        ));
    }
    if let RunOutcome::Internal(message) = &record.outcome {
        return Err(broken(
            EventName::FinalExecution,
            format!("sandbox failure: {message}"),
        ));
    }
    Ok(r.done(Executed { record, round }))
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
