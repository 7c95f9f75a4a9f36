//! Trace events: one closed set of stable names (a public contract, see DESIGN.md "Traces") and
//! the per-request log that feeds `developerTrace.events`, streaming clients, and `tracing`
//! (and through it OpenTelemetry).
//!
//! Stages do not emit events themselves: they return plain data with a `to_trace()` payload, and
//! the runtime's driver emits the event after each stage. So a stage cannot forget its event or
//! emit another stage's, and the order of events is the order of the driver.

use std::time::Instant;

use contract::TraceEvent;
use serde_json::Value;

/// Every event name Sluice emits. The strings never change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventName {
    /// The request was parsed and normalized.
    QueryNormalized,
    /// Tools were pinned or selected.
    ToolSelection,
    /// The lane was chosen, with the rule that chose it.
    QueryDepthDecision,
    /// The lane's four capability flags.
    QueryDepthRouterContract,
    /// Which probes the lane runs.
    QueryScoutRolloutContract,
    /// The metadata probe's report (or that it was skipped).
    ScoutPrePlanProbe,
    /// What the clarification gate received.
    QueryClarificationInput,
    /// What the clarification gate decided.
    QueryClarificationDecision,
    /// The program the planner wrote.
    PlannerGeneratedCode,
    /// The execution record of a program run.
    FinalExecution,
    /// The completeness verdict of a round.
    CompletenessEvaluation,
    /// What synthesis was given and what it cited.
    SynthesisContextSelection,
    /// The request settled.
    QuerySettled,
}

impl EventName {
    /// Every name, in pipeline order.
    pub const ALL: [EventName; 13] = [
        EventName::QueryNormalized,
        EventName::ToolSelection,
        EventName::QueryDepthDecision,
        EventName::QueryDepthRouterContract,
        EventName::QueryScoutRolloutContract,
        EventName::ScoutPrePlanProbe,
        EventName::QueryClarificationInput,
        EventName::QueryClarificationDecision,
        EventName::PlannerGeneratedCode,
        EventName::FinalExecution,
        EventName::CompletenessEvaluation,
        EventName::SynthesisContextSelection,
        EventName::QuerySettled,
    ];

    /// The stable wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            EventName::QueryNormalized => "query-normalized",
            EventName::ToolSelection => "tool-selection",
            EventName::QueryDepthDecision => "query-depth-decision",
            EventName::QueryDepthRouterContract => "query-depth-router-contract",
            EventName::QueryScoutRolloutContract => "query-scout-rollout-contract",
            EventName::ScoutPrePlanProbe => "scout-pre-plan-probe",
            EventName::QueryClarificationInput => "query-clarification-input",
            EventName::QueryClarificationDecision => "query-clarification-decision",
            EventName::PlannerGeneratedCode => "planner-generated-code",
            EventName::FinalExecution => "final-execution",
            EventName::CompletenessEvaluation => "completeness-evaluation",
            EventName::SynthesisContextSelection => "synthesis-context-selection",
            EventName::QuerySettled => "query-settled",
        }
    }
}

/// Receives each event as it is emitted (for streaming).
pub type EventSink = Box<dyn FnMut(&TraceEvent) + Send>;

/// Told, for each event, how long its stage took: the time since the event before it (or since
/// the request began). For process-wide latency figures.
pub type StageObserver = std::sync::Arc<dyn Fn(EventName, std::time::Duration) + Send + Sync>;

/// The events of one request, in order.
pub struct TraceLog {
    started: Instant,
    last: Instant,
    observer: Option<StageObserver>,
    events: Vec<TraceEvent>,
    sink: Option<EventSink>,
    /// Whether payloads are built: someone (a sink, or the response's `developerTrace`) reads them.
    keep: bool,
}

impl std::fmt::Debug for TraceLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TraceLog")
            .field("events", &self.events.len())
            .finish()
    }
}

impl TraceLog {
    /// A log starting now, optionally forwarding each event to `sink`. Payloads are kept.
    pub fn new(sink: Option<EventSink>) -> Self {
        Self::keeping(sink, true)
    }

    /// A log that builds payloads only when `keep` is set or a `sink` reads them; otherwise each
    /// event is still logged through `tracing` by name, and [`TraceLog::names`] still lists it.
    pub fn keeping(sink: Option<EventSink>, keep: bool) -> Self {
        let now = Instant::now();
        Self {
            started: now,
            last: now,
            observer: None,
            events: Vec::new(),
            keep: keep || sink.is_some(),
            sink,
        }
    }

    /// This log, telling `observer` how long each stage took.
    pub fn observed(mut self, observer: StageObserver) -> Self {
        self.observer = Some(observer);
        self
    }

    /// Records `name` with the payload `data` builds (called only when the payload is kept),
    /// logs it through `tracing` (inside whatever stage span is current), and forwards it to the
    /// sink.
    pub fn record(&mut self, name: EventName, data: impl FnOnce() -> Value) {
        let data = if self.keep { data() } else { Value::Null };
        self.emit(name, data);
    }

    /// Records `name` with `data`, logs it through `tracing` (inside whatever stage span is
    /// current), and forwards it to the sink.
    pub fn emit(&mut self, name: EventName, data: Value) {
        let now = Instant::now();
        if let Some(observe) = &self.observer {
            observe(name, now.duration_since(self.last));
        }
        self.last = now;
        let event = TraceEvent {
            name: name.as_str().to_owned(),
            at_ms: now.duration_since(self.started).as_secs_f64() * 1000.0,
            data,
        };
        tracing::info!(target: "sluice::trace", event = name.as_str(), "stage event");
        if let Some(sink) = &mut self.sink {
            sink(&event);
        }
        self.events.push(event);
    }

    /// The names emitted so far.
    pub fn names(&self) -> Vec<&str> {
        self.events.iter().map(|e| e.name.as_str()).collect()
    }

    /// The events, for `developerTrace`.
    pub fn into_events(self) -> Vec<TraceEvent> {
        self.events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_kebab_case() {
        let names: Vec<&str> = EventName::ALL.iter().map(|n| n.as_str()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert!(
            names
                .iter()
                .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        );
    }

    #[test]
    fn the_observer_is_told_each_stage_in_order() {
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let s = seen.clone();
        let mut log = TraceLog::keeping(None, false).observed(std::sync::Arc::new(move |n, d| {
            s.lock().unwrap().push((n, d))
        }));
        log.emit(EventName::QueryNormalized, Value::Null);
        std::thread::sleep(std::time::Duration::from_millis(2));
        log.emit(EventName::QuerySettled, Value::Null);
        let seen = seen.lock().unwrap();
        assert_eq!(
            seen.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            [EventName::QueryNormalized, EventName::QuerySettled]
        );
        assert!(seen[1].1 >= std::time::Duration::from_millis(2));
    }

    #[test]
    fn events_reach_the_sink_in_order() {
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let s = seen.clone();
        let mut log = TraceLog::new(Some(Box::new(move |e| {
            s.lock().unwrap().push(e.name.clone())
        })));
        log.emit(EventName::QueryNormalized, Value::Null);
        log.emit(EventName::QuerySettled, Value::Null);
        assert_eq!(*seen.lock().unwrap(), ["query-normalized", "query-settled"]);
        assert_eq!(log.names(), ["query-normalized", "query-settled"]);
    }

    #[test]
    fn payloads_are_built_only_when_someone_reads_them() {
        let mut quiet = TraceLog::keeping(None, false);
        quiet.record(EventName::QueryNormalized, || panic!("built for nobody"));
        assert_eq!(quiet.names(), ["query-normalized"]);

        let mut kept = TraceLog::keeping(None, true);
        kept.record(EventName::QueryNormalized, || Value::from(1));
        let mut streamed = TraceLog::keeping(Some(Box::new(|_| {})), false);
        streamed.record(EventName::QueryNormalized, || Value::from(2));
        assert_eq!(kept.into_events()[0].data, 1);
        assert_eq!(streamed.into_events()[0].data, 2);
    }
}
