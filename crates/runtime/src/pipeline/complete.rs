//! Step 8, complete: plan and execute, gather the evidence, judge whether it answers the question
//! and, when it does not and a follow-up query promises more, probe again and run another round —
//! at most `max_rediscovery_rounds` more, and never a round that added nothing. Rediscovery never
//! clarifies: it takes the follow-up's best executable reading.

use std::sync::Arc;

use contract::{ApiError, ToolDescriptor};
use evidence::{CompletenessVerdict, EvidenceRegistry};
use probes::{Interpretation, MethodIndex, Query};
use traces::{EventName, TraceLog};

use super::execute;
use super::normalize::Normalized;
use super::plan::SafeMethods;
use super::probe::FollowUp;
use super::{Pipeline, Request, Traced};

/// The evidence of every round and the last verdict on it.
pub(crate) struct Gathered {
    pub(crate) registry: EvidenceRegistry,
    pub(crate) verdict: CompletenessVerdict,
    pub(crate) rounds: u32,
    pub(crate) tool_calls: u32,
    /// The queries the rounds searched with, the request's first.
    pub(crate) tried: Vec<String>,
    /// What the request names that the evidence does not mention, as the deterministic check
    /// found it in the last round (a completeness model's verdict does not erase it).
    pub(crate) unmentioned: Vec<String>,
}

/// A round's completeness verdict.
struct Judged<'a> {
    verdict: &'a CompletenessVerdict,
    round: u32,
    evidence: usize,
}

impl Traced for Judged<'_> {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::CompletenessEvaluation, || {
            self.verdict.to_trace(self.round, self.evidence)
        });
    }
}

/// Runs rounds from `interpretation` until the evidence suffices or rediscovery is exhausted.
pub(crate) async fn gather(
    pipeline: &Pipeline,
    n: &Normalized,
    tools: &[Arc<ToolDescriptor>],
    index: &MethodIndex,
    interpretation: Interpretation,
    r: &mut Request,
) -> Result<Gathered, ApiError> {
    let settings = &pipeline.settings;
    let safe = SafeMethods::of(tools);
    let query = n.text();
    let mut registry = EvidenceRegistry::default();
    let mut tried = vec![query.to_owned()];
    let mut current = interpretation;
    let mut round = 0u32;
    let mut tool_calls = 0u32;
    let mut unmentioned: Vec<String>;
    let verdict = loop {
        let record = execute::plan_and_execute(pipeline, query, &current, &safe, round, r).await?;
        tool_calls += record.dispatched_calls().count() as u32;
        let added = registry.gather(&record, round, query);
        let steps: Vec<(String, String)> = std::iter::once(&current)
            .chain(&current.also)
            .flat_map(|i| &i.before)
            .map(|b| (b.tool_id.clone(), b.method.clone()))
            .collect();
        registry.mark_steps(round, &steps);
        let mut verdict = evidence::completeness(query, &registry, &tried);
        unmentioned = verdict.missing_aspects.clone();
        // The model is consulted only when the deterministic check finds the evidence short: it
        // may know better what is missing and what to ask next.
        if let Some(model) = settings
            .completeness
            .as_ref()
            .filter(|_| !verdict.sufficient)
        {
            let mut asker = r.asker(&settings.budgets);
            if let Ok(v) = asker
                .completeness(
                    model.as_ref(),
                    query,
                    &registry,
                    &tried,
                    settings.evidence_budget,
                )
                .await
            {
                verdict = v;
            }
        }
        r.done(Judged {
            verdict: &verdict,
            round,
            evidence: registry.units().len(),
        });
        let exhausted = round >= settings.max_rediscovery_rounds || (round > 0 && added == 0);
        let Some(follow_up) = verdict
            .follow_up_query
            .clone()
            .filter(|_| !verdict.sufficient && !exhausted)
        else {
            break verdict;
        };
        let report = probes::run(index, &Query::parse(&follow_up), &settings.probe);
        let next = report
            .execution_shortlist
            .first()
            .filter(|i| i.missing.is_empty())
            .cloned();
        r.done(FollowUp {
            query: follow_up.clone(),
            report,
        });
        tried.push(follow_up);
        let Some(mut next) = next else {
            break verdict;
        };
        if let Some(c) = &n.confinement {
            c.apply(&mut next);
        }
        current = next;
        round += 1;
    };
    Ok(Gathered {
        registry,
        verdict,
        rounds: round,
        tool_calls,
        tried,
        unmentioned,
    })
}
