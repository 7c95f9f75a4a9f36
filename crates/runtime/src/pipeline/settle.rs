//! Step 10, settle: every response is built here, from how the request ended, and the
//! `query-settled` event closes its trace.

use contract::{
    Assumption, CapabilityMiss, Clarification, DeveloperTrace, Diagnostics, Lane, Meta, Outcome,
    PlanPreview, PlannedCall, QueryResponse,
};
use evidence::{CompletenessVerdict, EvidenceRegistry, Synthesis};
use serde_json::json;
use traces::EventName;

use super::Request;
use super::complete::Gathered;
use super::normalize::Normalized;

/// How a request ended.
pub(crate) enum Ending {
    /// The gate asked the caller.
    Clarification(Clarification),
    /// Nothing can serve the request.
    CapabilityMiss(CapabilityMiss),
    /// `planOnly`: the program and its calls, nothing executed.
    Plan {
        program: planner::Program,
        assumption: Option<Assumption>,
    },
    /// Evidence was gathered (and, but for `evidence_only`, synthesized).
    Answer {
        gathered: Box<Gathered>,
        synthesis: Option<Synthesis>,
        assumption: Option<Assumption>,
    },
}

/// The response for `ending`, with the trace closed and attached when asked for.
pub(crate) fn settle(
    r: Request,
    n: &Normalized,
    lane: Lane,
    diagnostics: Diagnostics,
    ending: Ending,
) -> QueryResponse {
    let _s = super::stage!(EventName::QuerySettled).entered();
    let Request {
        started,
        mut trace,
        ledger,
        ..
    } = r;
    let mut response = QueryResponse {
        request_id: n.request_id.clone(),
        outcome: Outcome::Answer,
        answer: None,
        citations: Vec::new(),
        evidence: n.shows_evidence().then(Vec::new),
        gaps: Vec::new(),
        conflicts: Vec::new(),
        clarification: None,
        capability_miss: None,
        assumption: None,
        meta: Meta {
            lane,
            latency_ms: 0,
            model_calls: ledger.calls,
            tool_calls: 0,
            evidence_gathered: 0,
            citations_dropped: 0,
            rediscovery_rounds: 0,
            queries_tried: Vec::new(),
            chunks_gathered: 0,
            answer_model_id: None,
            tokens: ledger.tokens(),
        },
        developer_trace: None,
        plan: None,
    };
    match ending {
        Ending::Clarification(c) => {
            response.outcome = Outcome::ClarificationRequired;
            response.clarification = Some(c);
        }
        Ending::CapabilityMiss(m) => {
            response.outcome = Outcome::CapabilityMiss;
            response.capability_miss = Some(m);
        }
        Ending::Plan {
            program,
            assumption,
        } => {
            response.assumption = assumption;
            response.plan = Some(PlanPreview {
                calls: program
                    .calls
                    .into_iter()
                    .map(|c| PlannedCall {
                        tool_id: c.tool,
                        method: c.method,
                        arguments: c.arguments,
                    })
                    .collect(),
                program: program.source.to_owned(),
            });
        }
        Ending::Answer {
            gathered,
            synthesis,
            assumption,
        } => {
            let registry = &gathered.registry;
            response.assumption = assumption;
            response.meta.tool_calls = gathered.tool_calls;
            response.meta.evidence_gathered = registry.units().len() as u32;
            response.meta.rediscovery_rounds = gathered.rounds;
            // The rounds that ran: a follow-up probed but not executed was not searched.
            response.meta.queries_tried = gathered
                .tried
                .iter()
                .take(gathered.rounds as usize + 1)
                .cloned()
                .collect();
            response.meta.chunks_gathered = registry
                .units()
                .iter()
                .filter(|u| u.tool_id == knowledge::TOOL_ID)
                .count() as u32;
            if n.shows_evidence() {
                response.evidence = Some(registry.to_wire());
            }
            match synthesis {
                Some(s) => {
                    response.meta.citations_dropped = s.citations_dropped;
                    response.meta.answer_model_id = Some(n.answer_model.clone());
                    response.answer = Some(s.answer);
                    response.citations = s.citations;
                    response.gaps = s.gaps;
                    response.conflicts = s.conflicts;
                }
                None => response.gaps = evidence_only_gaps(registry, &gathered.verdict),
            }
        }
    }
    response.meta.latency_ms = (started.elapsed().as_millis() as u64).max(1);
    trace.record(EventName::QuerySettled, || {
        json!({"outcome": response.outcome.as_str(), "lane": response.meta.lane,
            "toolCalls": response.meta.tool_calls, "evidenceGathered": response.meta.evidence_gathered,
            "citations": response.citations.len()})
    });
    if n.include_trace {
        response.developer_trace = Some(DeveloperTrace {
            events: trace.into_events(),
            diagnostics,
        });
    }
    response
}

/// Gaps of an `evidence_only` response: failed calls, no evidence, aspects not mentioned.
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
