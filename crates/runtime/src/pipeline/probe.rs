//! Step 4, probe: in the deep lane the metadata pre-plan probe's full report; in the fast lane
//! the probe is skipped and only the best method is picked. Invariant checked here: a deep
//! request never skips the probe.

use contract::{ApiError, Lane, ProbeStatus};
use probes::{Interpretation, MethodIndex, MissingCapability, ProbeConfig, ProbeReport, Query};
use serde_json::{Value, json};
use traces::{EventName, TraceLog};

use super::{Traced, broken};

/// What the runtime knows before planning.
pub(crate) enum Probed {
    /// Fast lane: no probe, the one-shot pick (or why nothing can serve the request).
    Skipped(Result<Interpretation, MissingCapability>),
    /// Deep lane: the probe's report.
    Ran(ProbeReport),
}

impl Traced for Probed {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::ScoutPrePlanProbe, || match self {
            Probed::Skipped(_) => {
                json!({"status": ProbeStatus::Skipped.as_str(), "reason": "fast lane"})
            }
            Probed::Ran(report) => report_trace(report, None),
        });
    }
}

/// Probes `query` over `index` as `lane` asks, in the conversation before it.
pub(crate) fn probe(
    lane: Lane,
    index: &MethodIndex,
    query: &Query,
    conversation: probes::Conversation,
    config: &ProbeConfig,
) -> Result<Probed, ApiError> {
    if lane == Lane::Fast {
        return Ok(Probed::Skipped(probes::fast_pick_in_conversation(
            index,
            query,
            conversation,
            config,
        )));
    }
    let report = probes::run_in_conversation(index, query, conversation, config);
    if report.status != ProbeStatus::Completed {
        return Err(broken(
            EventName::ScoutPrePlanProbe,
            "deep lane with a skipped probe",
        ));
    }
    Ok(Probed::Ran(report))
}

/// A rediscovery round's probe of a follow-up query.
pub(crate) struct FollowUp {
    pub(crate) query: String,
    pub(crate) report: ProbeReport,
}

impl Traced for FollowUp {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::ScoutPrePlanProbe, || {
            report_trace(&self.report, Some(&self.query))
        });
    }
}

fn report_trace(report: &ProbeReport, follow_up: Option<&str>) -> Value {
    let mut v = serde_json::to_value(report).unwrap_or(Value::Null);
    if let (Some(f), Value::Object(map)) = (follow_up, &mut v) {
        map.insert("followUpQuery".into(), Value::from(f));
    }
    v
}
