//! `GET /metrics`, in the Prometheus text format: outcomes by reason, request errors, tool calls
//! and their errors by tool, model calls and tokens, per-stage latency histograms, connection
//! and limiter decisions, tool listings that changed.
//!
//! Invariant: every label value comes from a closed set (outcomes, reasons, stage names, decision
//! words) or from the configuration (tool ids); nothing a caller sends becomes a label.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use contract::{Outcome, QueryResponse};
use traces::EventName;

use crate::pipeline::Pipeline;

/// Process-wide counters.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Settled queries by (outcome, reason).
    outcomes: Mutex<BTreeMap<(&'static str, &'static str), u64>>,
    errors: AtomicU64,
    tool_calls: AtomicU64,
    model_calls: AtomicU64,
    input_tokens: AtomicU64,
    output_tokens: AtomicU64,
    latency_ms_sum: AtomicU64,
    connections_refused: AtomicU64,
    accept_failures: AtomicU64,
}

/// The upper bounds of the stage-latency buckets, in seconds.
const BUCKETS: [f64; 14] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0, 30.0,
];

/// How long each stage takes, as one histogram per stage (the time from the event before to the
/// stage's own event).
#[derive(Debug)]
pub struct StageLatencies {
    /// Per stage: a count per bucket (the last is +Inf), the count and the sum in nanoseconds.
    stages: Vec<Histogram>,
}

#[derive(Debug, Default)]
struct Histogram {
    buckets: [AtomicU64; BUCKETS.len() + 1],
    count: AtomicU64,
    sum_ns: AtomicU64,
}

impl Default for StageLatencies {
    fn default() -> Self {
        Self {
            stages: EventName::ALL
                .iter()
                .map(|_| Histogram::default())
                .collect(),
        }
    }
}

impl StageLatencies {
    /// Counts one stage that took `took`.
    pub fn observe(&self, stage: EventName, took: Duration) {
        let Some(at) = EventName::ALL.iter().position(|n| *n == stage) else {
            return;
        };
        let h = &self.stages[at];
        let secs = took.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|b| secs <= *b)
            .unwrap_or(BUCKETS.len());
        h.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        h.count.fetch_add(1, Ordering::Relaxed);
        h.sum_ns.fetch_add(
            u64::try_from(took.as_nanos()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
    }

    /// Per stage so far: how many times it ran and its total time, for a benchmark to compare two
    /// moments.
    pub fn totals(&self) -> Vec<(EventName, u64, Duration)> {
        EventName::ALL
            .iter()
            .zip(&self.stages)
            .map(|(name, h)| {
                let sum = Duration::from_nanos(h.sum_ns.load(Ordering::Relaxed));
                (*name, h.count.load(Ordering::Relaxed), sum)
            })
            .collect()
    }

    fn render(&self, out: &mut String) {
        out.push_str("# HELP sluice_stage_duration_seconds Time each stage takes.\n# TYPE sluice_stage_duration_seconds histogram\n");
        for (name, h) in EventName::ALL.iter().zip(&self.stages) {
            let count = h.count.load(Ordering::Relaxed);
            if count == 0 {
                continue;
            }
            let stage = name.as_str();
            let mut cumulative = 0;
            for (i, le) in BUCKETS
                .iter()
                .map(ToString::to_string)
                .chain(["+Inf".into()])
                .enumerate()
            {
                cumulative += h.buckets[i].load(Ordering::Relaxed);
                let _ = writeln!(
                    out,
                    "sluice_stage_duration_seconds_bucket{{stage=\"{stage}\",le=\"{le}\"}} {cumulative}"
                );
            }
            let sum = h.sum_ns.load(Ordering::Relaxed) as f64 / 1e9;
            let _ = writeln!(
                out,
                "sluice_stage_duration_seconds_sum{{stage=\"{stage}\"}} {sum}"
            );
            let _ = writeln!(
                out,
                "sluice_stage_duration_seconds_count{{stage=\"{stage}\"}} {count}"
            );
        }
    }
}

/// The closed reason a settled query carries: the miss's reason, the clarification's kind, or
/// for an answer whether it went on with an assumed interpretation.
fn reason(r: &QueryResponse) -> &'static str {
    match r.outcome {
        Outcome::Answer if r.assumption.is_some() => "assumed_interpretation",
        Outcome::Answer => "answered",
        Outcome::ClarificationRequired => r
            .clarification
            .as_ref()
            .map_or("unknown", |c| c.kind.as_str()),
        Outcome::CapabilityMiss => r
            .capability_miss
            .as_ref()
            .map_or("unknown", |m| m.reason.as_str()),
    }
}

impl Metrics {
    /// Counts a settled request.
    pub fn record(&self, r: &QueryResponse) {
        let outcome = match r.outcome {
            Outcome::Answer => "answer",
            Outcome::ClarificationRequired => "clarification_required",
            Outcome::CapabilityMiss => "capability_miss",
        };
        *self
            .outcomes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry((outcome, reason(r)))
            .or_default() += 1;
        let add = |c: &AtomicU64, n: u64| {
            c.fetch_add(n, Ordering::Relaxed);
        };
        add(&self.tool_calls, u64::from(r.meta.tool_calls));
        add(&self.model_calls, u64::from(r.meta.model_calls));
        if let Some(t) = &r.meta.tokens {
            add(&self.input_tokens, t.input);
            add(&self.output_tokens, t.output);
        }
        add(&self.latency_ms_sum, r.meta.latency_ms);
    }

    /// Counts a failed request.
    pub fn record_error(&self) {
        self.errors.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a connection refused because the server was at its connection cap.
    pub fn connection_refused(&self) {
        self.connections_refused.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a failed `accept` (usually: out of file descriptors).
    pub fn accept_failed(&self) {
        self.accept_failures.fetch_add(1, Ordering::Relaxed);
    }

    /// The exposition text: these counters, what `pipeline` and its marketplace know, and the
    /// limiter's decisions.
    pub fn render(&self, pipeline: &Pipeline, limiter: &access::Limiter) -> String {
        let g = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let mut lines = String::with_capacity(8 * 1024);
        lines.push_str("# HELP sluice_queries_total Queries by outcome (and error).\n# TYPE sluice_queries_total counter\n");
        let outcomes = self
            .outcomes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let mut by_outcome: BTreeMap<&str, u64> =
            ["answer", "clarification_required", "capability_miss"]
                .into_iter()
                .map(|o| (o, 0))
                .collect();
        for ((outcome, _), n) in &outcomes {
            *by_outcome.entry(outcome).or_default() += n;
        }
        by_outcome.insert("error", g(&self.errors));
        for (outcome, n) in &by_outcome {
            let _ = writeln!(lines, "sluice_queries_total{{outcome=\"{outcome}\"}} {n}");
        }
        let _ = writeln!(
            lines,
            "# HELP sluice_outcomes_total Settled queries by outcome and reason.\n# TYPE sluice_outcomes_total counter"
        );
        for ((outcome, reason), n) in &outcomes {
            let _ = writeln!(
                lines,
                "sluice_outcomes_total{{outcome=\"{outcome}\",reason=\"{reason}\"}} {n}"
            );
        }
        let marketplace = pipeline.marketplace();
        let _ = write!(
            lines,
            "# HELP sluice_tool_calls_total Tool calls dispatched.\n# TYPE sluice_tool_calls_total counter\nsluice_tool_calls_total {}\n\
             # HELP sluice_model_calls_total Model calls made.\n# TYPE sluice_model_calls_total counter\nsluice_model_calls_total {}\n\
             # HELP sluice_model_tokens_total Tokens the model providers reported.\n# TYPE sluice_model_tokens_total counter\n\
             sluice_model_tokens_total{{direction=\"input\"}} {}\nsluice_model_tokens_total{{direction=\"output\"}} {}\n\
             # HELP sluice_query_latency_ms_sum Sum of settled queries' latency.\n# TYPE sluice_query_latency_ms_sum counter\nsluice_query_latency_ms_sum {}\n\
             # HELP sluice_connections_refused_total Connections refused at the connection cap.\n# TYPE sluice_connections_refused_total counter\nsluice_connections_refused_total {}\n\
             # HELP sluice_accept_failures_total Failed accepts (file descriptors exhausted).\n# TYPE sluice_accept_failures_total counter\nsluice_accept_failures_total {}\n\
             # HELP sluice_mcp_sessions_open Remote MCP sessions open now.\n# TYPE sluice_mcp_sessions_open gauge\nsluice_mcp_sessions_open {}\n\
             # HELP sluice_tool_schema_changes_total Tool listings seen to change since start.\n# TYPE sluice_tool_schema_changes_total counter\nsluice_tool_schema_changes_total {}\n\
             # HELP sluice_replay_misses_total Exchanges asked for under --replay that had no cassette.\n# TYPE sluice_replay_misses_total counter\nsluice_replay_misses_total {}\n",
            g(&self.tool_calls),
            g(&self.model_calls),
            g(&self.input_tokens),
            g(&self.output_tokens),
            g(&self.latency_ms_sum),
            g(&self.connections_refused),
            g(&self.accept_failures),
            marketplace.open_sessions(),
            marketplace.schema_changes(),
            pipeline.replay_misses(),
        );
        let _ = writeln!(
            lines,
            "# HELP sluice_tool_call_errors_total Failed tool calls by tool and kind.\n# TYPE sluice_tool_call_errors_total counter"
        );
        for ((tool, kind), n) in marketplace.call_errors() {
            let _ = writeln!(
                lines,
                "sluice_tool_call_errors_total{{tool=\"{tool}\",kind=\"{kind}\"}} {n}"
            );
        }
        pipeline.stage_latencies().render(&mut lines);
        let l = limiter.stats();
        let store = limiter.store_name();
        let _ = write!(
            lines,
            "# HELP sluice_limiter_decisions_total Per-caller limit decisions.\n# TYPE sluice_limiter_decisions_total counter\n\
             sluice_limiter_decisions_total{{decision=\"admitted\"}} {}\nsluice_limiter_decisions_total{{decision=\"refused_window\"}} {}\n\
             sluice_limiter_decisions_total{{decision=\"refused_daily_turns\"}} {}\nsluice_limiter_decisions_total{{decision=\"failed_open\"}} {}\n\
             sluice_limiter_decisions_total{{decision=\"failed_closed\"}} {}\n\
             # HELP sluice_limiter_store_errors_total Limit checks the store did not answer.\n# TYPE sluice_limiter_store_errors_total counter\n\
             sluice_limiter_store_errors_total{{store=\"{store}\"}} {}\n\
             # HELP sluice_limiter_store_up Whether the last limit check reached the store (fails {}).\n# TYPE sluice_limiter_store_up gauge\n\
             sluice_limiter_store_up{{store=\"{store}\"}} {}\n",
            l.admitted,
            l.refused_window,
            l.refused_daily,
            l.failed_open,
            l.failed_closed,
            l.store_errors,
            limiter.fail_mode().as_str(),
            u8::from(l.store_reachable),
        );
        lines
    }
}
