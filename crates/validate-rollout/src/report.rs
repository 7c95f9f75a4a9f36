//! The report: a table on stdout and, on request, JSON.

use serde_json::{Value, json};

use crate::metrics::{CaseResult, METRICS, Measurement};
use crate::suite::Suite;

/// Whether each threshold held.
pub struct GateVerdict {
    /// Every threshold held and every required stage was observed.
    pub passed: bool,
    /// What failed, in words.
    pub failures: Vec<String>,
}

/// Checks the suite's thresholds and required stages.
pub fn gates(suite: &Suite, m: &Measurement) -> GateVerdict {
    let mut failures = Vec::new();
    if m.required == 0 {
        failures.push("the suite has no required case: nothing was measured".to_owned());
    }
    for (name, t) in &suite.thresholds {
        let v = m.metrics.get(name).map_or(0.0, |v| v.value);
        if !t.holds(v) {
            failures.push(format!(
                "{name} = {v:.3} (min {:?}, max {:?})",
                t.min, t.max
            ));
        }
    }
    for stage in &suite.required_stages {
        if !m.stages_observed.contains(stage) {
            failures.push(format!("stage {stage} was never observed"));
        }
    }
    GateVerdict {
        passed: failures.is_empty(),
        failures,
    }
}

/// The table.
pub fn table(
    suite: &Suite,
    m: &Measurement,
    verdict: &GateVerdict,
    results: &[CaseResult],
) -> String {
    let mut out = format!(
        "suite: {} ({} cases)\n\n{:<24} {:>8} {:>11}  {}\n",
        suite.name,
        results.len(),
        "metric",
        "value",
        "n/d",
        "gate"
    );
    for def in METRICS {
        let v = &m.metrics[def.name];
        let value = if v.denominator == 0 && def.name != "macroF1" {
            "n/a".to_owned()
        } else {
            format!("{:.3}", v.value)
        };
        let gate = match suite.thresholds.get(def.name) {
            Some(t) if t.holds(v.value) => format!("pass ({})", bound(t)),
            Some(t) => format!("FAIL ({})", bound(t)),
            None => String::new(),
        };
        out.push_str(&format!(
            "{:<24} {:>8} {:>11}  {gate}\n",
            def.name,
            value,
            format!("{}/{}", v.numerator, v.denominator)
        ));
    }
    out.push_str("\nconfusion (expected → actual):\n");
    for (expected, row) in &m.confusion_matrix {
        let cells: Vec<String> = row.iter().map(|(a, n)| format!("{a}: {n}")).collect();
        out.push_str(&format!("  {expected:<24} {}\n", cells.join(", ")));
    }
    out.push_str(&format!(
        "\nstages observed: {}\n",
        m.stages_observed
            .iter()
            .cloned()
            .collect::<Vec<_>>()
            .join(", ")
    ));
    if m.coverage.1 > 0 {
        out.push_str(&format!(
            "coverage cases: {}/{} as expected (never gating)\n",
            m.coverage.0, m.coverage.1
        ));
    }
    let failing: Vec<&CaseResult> = results.iter().filter(|r| !r.correct()).collect();
    if !failing.is_empty() {
        out.push_str(&format!("\ncases not as expected ({}):\n", failing.len()));
        for r in failing.iter().take(40) {
            let actual = r.actual.map_or_else(
                || format!("error: {}", r.error.as_deref().unwrap_or("")),
                |a| a.as_str().to_owned(),
            );
            let gate = if r.case.gate == crate::suite::Gate::Coverage {
                " (coverage)"
            } else {
                ""
            };
            out.push_str(&format!(
                "  {}{gate}: expected {}, got {} — {}\n",
                r.case.id,
                r.case.expect.as_str(),
                actual,
                r.case.query
            ));
        }
        if failing.len() > 40 {
            out.push_str(&format!(
                "  … and {} more (see the JSON report)\n",
                failing.len() - 40
            ));
        }
    }
    out.push_str(&format!(
        "\ngates: {}\n",
        if verdict.passed { "passed" } else { "FAILED" }
    ));
    for f in &verdict.failures {
        out.push_str(&format!("  {f}\n"));
    }
    out
}

fn bound(t: &crate::suite::Threshold) -> String {
    match (t.min, t.max) {
        (Some(a), Some(b)) => format!("{a} ≤ x ≤ {b}"),
        (Some(a), None) => format!("≥ {a}"),
        (None, Some(b)) => format!("≤ {b}"),
        (None, None) => "any".into(),
    }
}

/// The JSON report: `metrics` (name → value), `metricDetails`, `gates`, `confusionMatrix`,
/// `stagesObserved`, and `cases` with expected and actual outcomes.
pub fn json(
    suite: &Suite,
    m: &Measurement,
    verdict: &GateVerdict,
    results: &[CaseResult],
) -> Value {
    json!({
        "suite": suite.name,
        "metrics": m.metrics.iter().map(|(k, v)| (k.clone(), json!(v.value))).collect::<serde_json::Map<_, _>>(),
        "metricDetails": m.metrics,
        "gates": {"passed": verdict.passed, "failures": verdict.failures},
        "confusionMatrix": m.confusion_matrix,
        "stagesObserved": m.stages_observed,
        "coverage": {"asExpected": m.coverage.0, "cases": m.coverage.1},
        "cases": results.iter().map(|r| json!({
            "id": r.case.id, "kind": r.case.kind, "gate": r.case.gate, "query": r.case.query,
            "expected": r.case.expect.as_str(), "actual": r.actual.map(|a| a.as_str()), "correct": r.correct(),
            "error": r.error, "assumption": r.assumption, "lane": r.lane, "decisionStrategy": r.strategy,
            "expectedMethod": r.case.method, "calls": r.calls.iter().map(|(t, m, a)| json!({"toolId": t, "method": m, "arguments": a})).collect::<Vec<_>>(),
            "methodCorrect": r.method_ok(), "argumentsCorrect": r.arguments_ok(), "invalidCalls": r.invalid_calls, "gaps": r.gaps, "conflicts": r.conflicts, "latencyMs": r.latency_ms, "probe": r.probe,
        })).collect::<Vec<_>>(),
    })
}
