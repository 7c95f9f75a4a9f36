//! Step 9, synthesize: a cited answer from the evidence (none for `evidence_only`), by the chosen
//! answer model or the deterministic synthesis. Invariant checked here: every citation resolves
//! to evidence gathered in this request.

use std::sync::Arc;

use contract::{ApiError, ResponseShape, ToolDescriptor};
use evidence::Synthesis;
use serde_json::json;
use traces::{EventName, TraceLog};

use super::complete::Gathered;
use super::normalize::Normalized;
use super::{Pipeline, Request, Traced, broken};

/// The answer, or why there is none.
pub(crate) struct Synthesized<'a> {
    pub(crate) synthesis: Option<Synthesis>,
    model: &'a str,
    evidence: usize,
}

impl Traced for Synthesized<'_> {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::SynthesisContextSelection, || match &self.synthesis {
            Some(s) => s.to_trace(self.model, self.evidence),
            None => json!({"skipped": true, "reason": "evidence_only", "evidenceGathered": self.evidence}),
        });
    }
}

/// Writes the answer to `n` from `gathered`.
pub(crate) async fn synthesize<'a>(
    pipeline: &Pipeline,
    n: &'a Normalized,
    tools: &[Arc<ToolDescriptor>],
    gathered: &Gathered,
    r: &mut Request,
) -> Result<Synthesized<'a>, ApiError> {
    let registry = &gathered.registry;
    let ask = evidence::Ask::new(
        n.text(),
        tools.iter().flat_map(|t| {
            t.methods
                .iter()
                .filter_map(|m| Some((t.id.as_str(), m.name.as_str(), m.output_schema.as_ref()?)))
        }),
    );
    let done = |synthesis| Synthesized {
        synthesis,
        model: &n.answer_model,
        evidence: registry.units().len(),
    };
    if n.shape == ResponseShape::EvidenceOnly {
        return Ok(done(None));
    }
    let settings = &pipeline.settings;
    let s = match settings.answer.get(&n.answer_model) {
        // No evidence: no model call; the deterministic path returns the gap.
        Some(model) if !registry.is_empty() => {
            let mut asker = r.asker(&settings.budgets);
            asker
                .synthesis(model.as_ref(), n.text(), registry, settings.evidence_budget)
                .await
                .map(|mut s| {
                    // What the evidence does not mention stays a gap, whatever the model says.
                    for gap in evidence::synthesis::unmentioned(&gathered.unmentioned) {
                        if !s.gaps.contains(&gap) {
                            s.gaps.push(gap);
                            s.sufficient = false;
                        }
                    }
                    s
                })
                .unwrap_or_else(|reason| {
                    let mut d = evidence::synthesize(registry, &gathered.verdict, &ask);
                    d.gaps.push(format!(
                        "The answer model failed ({}); this answer was composed from the evidence directly.",
                        reason.as_str()
                    ));
                    d
                })
        }
        _ => evidence::synthesize(registry, &gathered.verdict, &ask),
    };
    for c in &s.citations {
        if !registry.units().iter().any(|u| u.id == c.evidence_id) {
            return Err(broken(
                EventName::SynthesisContextSelection,
                format!(
                    "citation {} points at evidence {} that was not gathered",
                    c.ordinal, c.evidence_id
                ),
            ));
        }
    }
    Ok(done(Some(s)))
}
