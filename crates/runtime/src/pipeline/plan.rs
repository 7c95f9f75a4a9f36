//! Step 6, plan: the deterministic program for an interpretation, the allow-list every program of
//! this round runs under, and a model-written program when a planner model is configured.
//! Invariant checked here: a program only ever names query-safe methods of the selected tools
//! (the allow-list is the interpretation's methods, whoever writes the program).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use contract::{ApiError, ErrorCode, FallbackReason};
use executor::{AllowedMethod, Allowlist};
use planner::{PlannedCall, Program};
use probes::index::MethodDoc;
use probes::{Interpretation, MethodIndex};
use serde::Serialize;
use serde_json::{Value, json};
use traces::{EventName, TraceLog};

use super::ask::{Asker, Prompt};
use super::{Traced, broken};

/// The query-safe methods of the selected tools, by (tool, method), as the tools' method index
/// holds them (with their input schemas compiled once per tool listing).
pub(crate) struct SafeMethods<'t>(HashMap<(&'t str, &'t str), &'t MethodDoc>);

impl<'t> SafeMethods<'t> {
    pub(crate) fn of(index: &'t MethodIndex) -> Self {
        Self(
            index
                .docs
                .iter()
                .filter(|d| d.query_safe())
                .map(|d| ((d.tool.id.as_str(), d.method().name.as_str()), d))
                .collect(),
        )
    }

    fn get(&self, tool: &str, method: &str) -> Option<&'t MethodDoc> {
        self.0.get(&(tool, method)).copied()
    }
}

/// A round's plan: the deterministic program and what any program of the round may call.
pub(crate) struct Plan {
    pub(crate) deterministic: Program,
    pub(crate) allowlist: Allowlist,
    /// `(tool, method)` pairs the program may name.
    pub(crate) allowed: Vec<(String, String)>,
    /// The allowed methods' schemas, for a model's prompt.
    pub(crate) methods: Vec<Value>,
    /// The completeness round it serves (0 first).
    pub(crate) round: u32,
}

/// The deterministic program for `interpretation`, checked to name only query-safe methods of
/// the selected tools.
pub(crate) fn program(
    interpretation: &Interpretation,
    safe: &SafeMethods,
) -> Result<Program, ApiError> {
    let program = planner::plan(interpretation)
        .map_err(|e| broken(EventName::PlannerGeneratedCode, e.to_string()))?;
    if let Some(c) = program
        .calls
        .iter()
        .find(|c| safe.get(&c.tool, &c.method).is_none())
    {
        return Err(broken(
            EventName::PlannerGeneratedCode,
            format!(
                "program names {}.{}, which is not a query-safe method of the selected tools",
                c.tool, c.method
            ),
        ));
    }
    Ok(program)
}

/// Plans `interpretation` over `safe` for a run: the checked program and its allow-list.
pub(crate) fn plan(
    interpretation: &Interpretation,
    safe: &SafeMethods,
    round: u32,
) -> Result<Plan, ApiError> {
    let deterministic = program(interpretation, safe)?;
    let allowed = deterministic.methods();
    let mut allow = Vec::with_capacity(allowed.len());
    let mut methods = Vec::with_capacity(allowed.len());
    for (tool, method) in &allowed {
        // program() checked that every method it names is query-safe.
        let Some(doc) = safe.get(tool, method) else {
            continue;
        };
        let m = doc.method();
        allow.push(match doc.input_validator() {
            Some(compiled) => AllowedMethod::compiled(tool, method, Arc::clone(&compiled.0)),
            // The executor compiles it again and reports why it does not compile.
            None => AllowedMethod::new(tool, method, m.input_schema.clone()),
        });
        methods.push(json!({"tool": tool, "method": method, "input": m.input_schema, "output": m.output_schema}));
    }
    // A schema the executor cannot compile came from a tool server: an upstream failure.
    let allowlist = Allowlist::new(allow)
        .map_err(|e| ApiError::new(ErrorCode::UpstreamFailed, e.to_string()))?;
    Ok(Plan {
        deterministic,
        allowlist,
        allowed,
        methods,
        round,
    })
}

/// Who wrote a program, and why another one was set aside: the one shape of the
/// `planner-generated-code` event.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Planned<'a> {
    /// `deterministic`, or the model's name.
    pub(crate) planner: &'a str,
    pub(crate) round: u32,
    /// The repair attempt that wrote it (1, 2, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) repair: Option<u32>,
    /// The error the repair was asked to fix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<String>,
    /// The program; absent when the model wrote none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source: Option<Cow<'a, str>>,
    /// The calls of a deterministic program.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) calls: Option<&'a [PlannedCall]>,
    /// Why a model's program failed the static checks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rejected: Option<String>,
    /// Why the model's program was not used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) fallback_reason: Option<FallbackReason>,
}

impl<'a> Planned<'a> {
    /// The deterministic `program` of `round`, used for `why` when it stands in for a model's.
    /// It borrows the program: nothing is copied unless the trace is read.
    pub(crate) fn deterministic(
        program: &'a Program,
        round: u32,
        why: Option<FallbackReason>,
    ) -> Self {
        Self {
            planner: "deterministic",
            round,
            repair: None,
            error: None,
            source: Some(Cow::Borrowed(program.source)),
            calls: Some(&program.calls),
            rejected: None,
            fallback_reason: why,
        }
    }

    fn by_model(model: &'a dyn models::Model, round: u32) -> Self {
        Self {
            planner: model.name(),
            round,
            repair: None,
            error: None,
            source: None,
            calls: None,
            rejected: None,
            fallback_reason: None,
        }
    }
}

impl Traced for Planned<'_> {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::PlannerGeneratedCode, || {
            serde_json::to_value(self).unwrap_or(Value::Null)
        });
    }
}

/// Asks `model` for a program for `query` under `plan`: `Ok` with a program that passed the static
/// checks, `Err` with why none is used. Either way the [`Planned`] record says what happened.
pub(crate) async fn by_model<'m>(
    model: &'m dyn models::Model,
    query: &str,
    interpretation: &Interpretation,
    plan: &Plan,
    asker: &mut Asker<'_>,
) -> (Planned<'m>, Option<String>) {
    let mut planned = Planned::by_model(model, plan.round);
    let context = json!({"query": query, "description": interpretation.description,
        "calls": planner::calls_for(interpretation), "methods": plan.methods});
    match asker.program(model, Prompt::Planner, &context).await {
        Ok(source) => {
            let checked = planner::check_program(&source, &plan.allowed);
            planned.source = Some(Cow::Owned(source));
            match checked {
                Ok(()) => {
                    let source = planned.source.as_deref().map(str::to_owned);
                    (planned, source)
                }
                Err(why) => {
                    planned.rejected = Some(why);
                    planned.fallback_reason = Some(FallbackReason::StaticCheck);
                    (planned, None)
                }
            }
        }
        Err(reason) => {
            planned.fallback_reason = Some(reason);
            (planned, None)
        }
    }
}

/// Asks the repair `model` to fix `program`, which failed with `error`; `None` when it cannot
/// (the model failed, or its program fails the static checks).
pub(crate) async fn repair<'m>(
    model: &'m dyn models::Model,
    query: &str,
    program: &str,
    error: &str,
    attempt: u32,
    plan: &Plan,
    asker: &mut Asker<'_>,
) -> Option<Planned<'m>> {
    let context =
        json!({"query": query, "program": program, "error": error, "methods": plan.methods});
    let source = asker.program(model, Prompt::Repair, &context).await.ok()?;
    planner::check_program(&source, &plan.allowed).ok()?;
    let mut planned = Planned::by_model(model, plan.round);
    planned.repair = Some(attempt);
    planned.error = Some(error.to_owned());
    planned.source = Some(Cow::Owned(source));
    Some(planned)
}
