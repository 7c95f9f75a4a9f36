//! Counters for `GET /metrics`, in the Prometheus text format.

use std::sync::atomic::{AtomicU64, Ordering};

use contract::{Outcome, QueryResponse};

/// Process-wide counters.
#[derive(Debug, Default)]
pub struct Metrics {
    answers: AtomicU64,
    clarifications: AtomicU64,
    misses: AtomicU64,
    errors: AtomicU64,
    tool_calls: AtomicU64,
    latency_ms_sum: AtomicU64,
    connections_refused: AtomicU64,
    accept_failures: AtomicU64,
}

impl Metrics {
    /// Counts a settled request.
    pub fn record(&self, r: &QueryResponse) {
        let counter = match r.outcome {
            Outcome::Answer => &self.answers,
            Outcome::ClarificationRequired => &self.clarifications,
            Outcome::CapabilityMiss => &self.misses,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        self.tool_calls
            .fetch_add(u64::from(r.meta.tool_calls), Ordering::Relaxed);
        self.latency_ms_sum
            .fetch_add(r.meta.latency_ms, Ordering::Relaxed);
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

    /// The exposition text, with the gauge of remote MCP sessions open now, the tool listings
    /// seen to change, and the limiter's decisions.
    pub fn render(
        &self,
        open_sessions: usize,
        schema_changes: u64,
        limiter: &access::Limiter,
    ) -> String {
        let g = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let l = limiter.stats();
        let store = limiter.store_name();
        let limits = format!(
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
        let counters = format!(
            "# HELP sluice_queries_total Queries by outcome.\n# TYPE sluice_queries_total counter\n\
             sluice_queries_total{{outcome=\"answer\"}} {}\nsluice_queries_total{{outcome=\"clarification_required\"}} {}\n\
             sluice_queries_total{{outcome=\"capability_miss\"}} {}\nsluice_queries_total{{outcome=\"error\"}} {}\n\
             # HELP sluice_tool_calls_total Tool calls dispatched.\n# TYPE sluice_tool_calls_total counter\nsluice_tool_calls_total {}\n\
             # HELP sluice_query_latency_ms_sum Sum of settled queries' latency.\n# TYPE sluice_query_latency_ms_sum counter\nsluice_query_latency_ms_sum {}\n\
             # HELP sluice_connections_refused_total Connections refused at the connection cap.\n# TYPE sluice_connections_refused_total counter\nsluice_connections_refused_total {}\n\
             # HELP sluice_accept_failures_total Failed accepts (file descriptors exhausted).\n# TYPE sluice_accept_failures_total counter\nsluice_accept_failures_total {}\n\
             # HELP sluice_mcp_sessions_open Remote MCP sessions open now.\n# TYPE sluice_mcp_sessions_open gauge\nsluice_mcp_sessions_open {}\n",
            g(&self.answers),
            g(&self.clarifications),
            g(&self.misses),
            g(&self.errors),
            g(&self.tool_calls),
            g(&self.latency_ms_sum),
            g(&self.connections_refused),
            g(&self.accept_failures),
            open_sessions
        );
        let drift = format!(
            "# HELP sluice_tool_schema_changes_total Tool listings seen to change since start.\n# TYPE sluice_tool_schema_changes_total counter\nsluice_tool_schema_changes_total {schema_changes}\n"
        );
        counters + &drift + &limits
    }
}
