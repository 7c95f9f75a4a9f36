//! `/metrics` as an operator reads it: outcomes by reason, per-stage latency histograms, and
//! failed tool calls by tool.

use std::time::Duration;

use runtime::config::Config;
use serde_json::json;

use crate::hardening::{RAIN, slow_tool, with_remote};
use crate::support::{metrics_text, query_at, start};

/// The value of the exposition line that starts with `series`.
fn value(metrics: &str, series: &str) -> u64 {
    metrics
        .lines()
        .find(|l| l.starts_with(series) && l[series.len()..].starts_with(' '))
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("{series} missing from:\n{metrics}"))
}

#[tokio::test]
async fn outcomes_are_counted_by_reason_and_every_stage_is_timed() {
    let server = start(Config::default());
    query_at(
        &server.url,
        json!({"query": "Who will win the World Cup?", "tools": ["markets"]}),
    )
    .await;
    query_at(
        &server.url,
        json!({"query": "What is the price of Solana?"}),
    )
    .await;
    let m = metrics_text(&server.url).await;
    assert_eq!(
        value(
            &m,
            "sluice_outcomes_total{outcome=\"clarification_required\",reason=\"ambiguous_interpretation\"}"
        ),
        1
    );
    assert_eq!(
        value(
            &m,
            "sluice_outcomes_total{outcome=\"answer\",reason=\"answered\"}"
        ),
        1
    );
    assert_eq!(value(&m, "sluice_queries_total{outcome=\"answer\"}"), 1);
    // Both requests passed the first stages; only the answer ran the synthesis.
    for stage in [
        "query-normalized",
        "tool-selection",
        "scout-pre-plan-probe",
        "query-settled",
    ] {
        assert_eq!(
            value(
                &m,
                &format!("sluice_stage_duration_seconds_count{{stage=\"{stage}\"}}")
            ),
            2,
            "{stage}"
        );
        assert_eq!(
            value(
                &m,
                &format!("sluice_stage_duration_seconds_bucket{{stage=\"{stage}\",le=\"+Inf\"}}")
            ),
            2
        );
    }
    assert_eq!(
        value(
            &m,
            "sluice_stage_duration_seconds_count{stage=\"synthesis-context-selection\"}"
        ),
        1
    );
    // Buckets are cumulative.
    let buckets: Vec<u64> = m
        .lines()
        .filter(|l| l.starts_with("sluice_stage_duration_seconds_bucket{stage=\"tool-selection\""))
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(buckets.windows(2).all(|w| w[0] <= w[1]), "{buckets:?}");
}

#[tokio::test]
async fn a_tool_that_times_out_is_counted_against_it() {
    let (url, _) = slow_tool(Duration::from_secs(2));
    let mut config = with_remote(url);
    config.marketplace.call_timeout_ms = 200;
    let server = start(config);
    query_at(&server.url, json!({"query": RAIN, "tools": ["rain"]})).await;
    let m = metrics_text(&server.url).await;
    assert!(
        value(
            &m,
            "sluice_tool_call_errors_total{tool=\"rain\",kind=\"timeout\"}"
        ) >= 1,
        "{m}"
    );
}
