//! Step 5, gate: the clarification gate settles what the probe found as an answer to plan, a
//! clarification or a capability miss. In the deep lane a model judge decides first when one is
//! configured and there is something to judge, inside the deterministic validator; the fast
//! lane's one pick settles by the gate's single-interpretation rule (a missing required value is
//! asked for; `auto` fills only a value with choices).

use clarify::{ClarificationDecision, Decision, GateInput};
use contract::{ApiError, DecisionReason, DecisionStrategy, Diagnostics, ProbeStatus, QueryDepth};
use traces::{EventName, TraceLog};

use super::ask::Asker;
use super::normalize::Normalized;
use super::probe::Probed;
use super::settle::Ending;
use super::{Pipeline, Traced};

/// The gate's decision, with what it was given.
pub(crate) struct Gated<'a> {
    /// What the gate received (deep lane only).
    input: Option<GateInput<'a>>,
    pub(crate) decision: ClarificationDecision,
}

impl Traced for Gated<'_> {
    fn record(&self, trace: &mut TraceLog) {
        if let Some(input) = &self.input {
            trace.record(EventName::QueryClarificationInput, || {
                clarify::input_trace(input)
            });
        }
        trace.record(EventName::QueryClarificationDecision, || {
            self.decision.to_trace()
        });
    }
}

impl Gated<'_> {
    /// The diagnostics the response reports of the probe and the gate.
    pub(crate) fn diagnostics(&self, requested: Option<QueryDepth>) -> Diagnostics {
        let d = &self.decision;
        Diagnostics {
            pre_plan_probe_status: if self.input.is_some() {
                ProbeStatus::Completed
            } else {
                ProbeStatus::Skipped
            },
            viable_candidate_count: d.viable_candidate_count as u32,
            scout_probe_ambiguity_pool_count: self
                .input
                .as_ref()
                .map_or(0, |i| i.report.ambiguity_pool.len() as u32),
            decision_reason_code: d.reason_code,
            decision_strategy: d.strategy,
            judge_outcome_type: d.judge_outcome,
            judge_confidence: d.judge_confidence,
            validator_reason: d.validator_reason.clone(),
            fallback_reason: d.fallback_reason,
            judge_disagreement: d.judge_outcome.is_some() && d.validator_reason.is_some(),
            assumption_made: matches!(
                &d.decision,
                Decision::Answer {
                    assumption: Some(_),
                    ..
                }
            ),
            requested_query_depth: requested.map(|d| d.as_str().to_owned()),
        }
    }
}

/// Settles `probed` for `n`.
pub(crate) async fn gate<'a>(
    pipeline: &Pipeline,
    n: &'a Normalized,
    probed: &'a Probed,
    asker: &mut Asker<'_>,
) -> Result<Gated<'a>, ApiError> {
    let report = match probed {
        Probed::Skipped(picked) => {
            return Ok(Gated {
                input: None,
                decision: one_shot(picked, n),
            });
        }
        Probed::Ran(report) => report,
    };
    let input = GateInput {
        query: n.text(),
        report,
        policy: n.policy,
        selected_option_id: n.selected_option_id.as_deref(),
    };
    let decision = match &pipeline.settings.judge {
        Some(model) if input.selected_option_id.is_none() && !report.ambiguity_pool.is_empty() => {
            let offered = clarify::offered(&report.ambiguity_pool);
            let verdict = asker.judge(model.as_ref(), n.text(), &offered).await;
            clarify::judge::decide_with_judge(&input, verdict)
        }
        _ => clarify::decide(&input),
    }
    .map_err(|e| ApiError::invalid("selectedOptionId", e.to_string()))?;
    Ok(Gated {
        input: Some(input),
        decision,
    })
}

/// The interpretation to plan (with the assumption made for it), or how the request ends here.
pub(crate) fn proceed(
    decision: Decision,
) -> Result<(probes::Interpretation, Option<contract::Assumption>), Box<Ending>> {
    match decision {
        Decision::Answer {
            interpretation,
            assumption,
        } => Ok((*interpretation, assumption)),
        Decision::Clarify(c) => Err(Box::new(Ending::Clarification(c))),
        Decision::CapabilityMiss(m) => Err(Box::new(Ending::CapabilityMiss(m))),
    }
}

/// The fast lane's decision: its one pick, settled by the single-interpretation rule.
fn one_shot(
    picked: &Result<probes::Interpretation, probes::MissingCapability>,
    n: &Normalized,
) -> ClarificationDecision {
    let (decision, reason_code) = match picked {
        Ok(interpretation) => match clarify::settle_one(interpretation, n.policy) {
            (
                d @ Decision::Answer {
                    assumption: None, ..
                },
                _,
            ) => (d, DecisionReason::FastLaneOneShot),
            other => other,
        },
        Err(signal) => (
            Decision::CapabilityMiss(clarify::capability_miss(signal)),
            DecisionReason::NoViableCandidate,
        ),
    };
    ClarificationDecision {
        decision,
        reason_code,
        strategy: DecisionStrategy::Skipped,
        viable_candidate_count: usize::from(picked.is_ok()),
        judge_outcome: None,
        judge_confidence: None,
        validator_reason: None,
        fallback_reason: None,
    }
}
