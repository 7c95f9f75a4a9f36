//! The metrics: each defined once here, with the sentence `--help` prints, and computed over the
//! required cases of a run.
//!
//! A metric whose denominator is zero is reported as `n/a` and holds vacuously: a suite without
//! unsupported cases says nothing about capability-miss recall, and must not fail for it.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use crate::suite::{Case, Expect, Gate};

/// One metric's definition.
pub struct MetricDef {
    /// The name, as in suites and reports.
    pub name: &'static str,
    /// What it measures.
    pub definition: &'static str,
}

/// Every metric, in report order.
pub const METRICS: &[MetricDef] = &[
    MetricDef {
        name: "ambiguityRecall",
        definition: "cases that should clarify, sent under policy `return`, that came back clarification_required / all such",
    },
    MetricDef {
        name: "capabilityMissRecall",
        definition: "unsupported cases (expect capability_miss) that came back capability_miss / all such",
    },
    MetricDef {
        name: "answerHoldRate",
        definition: "cases that should answer (including ambiguous ones under `auto`) that came back answer / all such",
    },
    MetricDef {
        name: "silentAnswerRate",
        definition: "cases that should not answer silently (expect a clarification or a miss, or an answer with assumption metadata) that came back answer without assumption metadata / all such",
    },
    MetricDef {
        name: "fallbackRate",
        definition: "deep-lane cases decided by fallback (diagnostics.decisionStrategy = fallback) / deep-lane cases",
    },
    MetricDef {
        name: "judgeDisagreementRate",
        definition: "cases where the validator overrode the judge / cases the judge decided",
    },
    MetricDef {
        name: "clarificationPrecision",
        definition: "clarifications returned that were warranted (expected or accepted) / all clarifications returned",
    },
    MetricDef {
        name: "overClarificationRate",
        definition: "cases that should answer that came back clarification_required / all such",
    },
    MetricDef {
        name: "accuracy",
        definition: "cases whose outcome was expected or accepted (and carried assumption metadata when required) / all cases",
    },
    MetricDef {
        name: "macroF1",
        definition: "mean over the three outcomes of F1 (expected outcome vs actual outcome), over outcomes that occur",
    },
    MetricDef {
        name: "toolHallucinationRate",
        definition: "cases that should have asked or refused that came back answer with a tool call / all cases that should have asked or refused",
    },
    MetricDef {
        name: "methodAccuracy",
        definition: "answered cases with an expected method whose (first) planned or executed call used it / all such",
    },
    MetricDef {
        name: "argumentAccuracy",
        definition: "cases with the right method and expected arguments whose bound arguments all match (any listed value; \"\" lets a parameter be left out; no unexpected parameters) / all such",
    },
];

/// The definition of `name`, if it is a metric.
pub fn definition(name: &str) -> Option<&'static MetricDef> {
    METRICS.iter().find(|m| m.name == name)
}

/// `--help` text listing every metric.
pub fn help() -> String {
    let mut s = String::from("Metrics (each over the suite's required cases):\n");
    for m in METRICS {
        s.push_str(&format!("  {:<24} {}\n", m.name, m.definition));
    }
    s.push_str("  rolloutStagesObserved    trace event names seen across the run (requiredStages must all appear)\n");
    s
}

/// What happened to one case.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CaseResult {
    /// The case.
    #[serde(skip)]
    pub case: Case,
    /// The outcome, or `None` when the request failed.
    pub actual: Option<Expect>,
    /// The failure, when the request failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the answer carried assumption metadata.
    pub assumption: bool,
    /// `fast` or `deep`.
    pub lane: String,
    /// diagnostics.decisionStrategy.
    pub strategy: String,
    /// Whether a judge decided.
    pub judge_decided: bool,
    /// Whether the validator overrode the judge.
    pub judge_overridden: bool,
    /// Trace event names seen.
    #[serde(skip)]
    pub events: Vec<String>,
    /// Calls planned or executed, in order: (tool, method, arguments).
    pub calls: Vec<(String, String, Value)>,
    /// Server-side latency.
    pub latency_ms: u64,
    /// The probe's view, for diagnosis: top ranked methods and terms nothing covered.
    pub probe: Value,
}

impl CaseResult {
    /// Whether the outcome is right.
    pub fn correct(&self) -> bool {
        let Some(actual) = self.actual else {
            return false;
        };
        let outcome_ok = actual == self.case.expect || self.case.accept_also.contains(&actual);
        outcome_ok && !(actual == Expect::Answer && self.case.expect_assumption && !self.assumption)
    }

    /// Whether the first call used the expected method (`None` when nothing to judge).
    pub fn method_ok(&self) -> Option<bool> {
        let want = self.case.method.as_deref()?;
        if self.case.expect != Expect::Answer || self.actual != Some(Expect::Answer) {
            return None;
        }
        // The expectation names the method, or `tool.method`.
        let (tool, method, _) = self.calls.first()?;
        Some(method == want || format!("{tool}.{method}") == want)
    }

    /// Whether the first call's arguments match the expected ones (`None` when nothing to judge).
    pub fn arguments_ok(&self) -> Option<bool> {
        let want = self.case.arguments.as_ref()?;
        if self.method_ok() != Some(true) {
            return None;
        }
        let got = self
            .calls
            .first()
            .and_then(|(_, _, a)| a.as_object())
            .cloned()
            .unwrap_or_default();
        let expected_ok = want.iter().all(|(param, acceptable)| match got.get(param) {
            None => acceptable.iter().any(|v| v.as_str() == Some("")),
            Some(v) => acceptable.iter().any(|a| value_matches(v, a)),
        });
        let no_extra = got.keys().all(|k| want.contains_key(k));
        Some(expected_ok && no_extra)
    }
}

/// Lenient equality in the spirit of BFCL's AST matching: numbers by value, strings without case
/// or surrounding space, arrays element by element.
pub fn value_matches(got: &Value, want: &Value) -> bool {
    match (got, want) {
        (Value::Number(a), Value::Number(b)) => {
            (a.as_f64().unwrap_or(f64::NAN) - b.as_f64().unwrap_or(f64::NAN)).abs() < 1e-9
        }
        (Value::String(a), Value::Number(b)) | (Value::Number(b), Value::String(a)) => {
            a.trim().parse::<f64>().ok() == b.as_f64()
        }
        (Value::String(a), Value::String(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| value_matches(x, y))
        }
        (a, b) => a == b,
    }
}

/// One metric's value.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct MetricValue {
    /// The value (vacuous values: 1 for recalls and precisions, 0 for rates).
    pub value: f64,
    /// Cases that satisfied the numerator.
    pub numerator: usize,
    /// Cases in the denominator.
    pub denominator: usize,
}

/// Everything computed from a run.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Measurement {
    /// Metric name → value.
    pub metrics: BTreeMap<String, MetricValue>,
    /// expected → actual → count (`error` for failed requests).
    pub confusion_matrix: BTreeMap<String, BTreeMap<String, usize>>,
    /// Trace events seen.
    pub stages_observed: BTreeSet<String>,
    /// Coverage cases: correct / total.
    pub coverage: (usize, usize),
}

fn ratio(numerator: usize, denominator: usize, vacuous: f64) -> MetricValue {
    let value = if denominator == 0 {
        vacuous
    } else {
        numerator as f64 / denominator as f64
    };
    MetricValue {
        value,
        numerator,
        denominator,
    }
}

/// Computes every metric over the required cases of `results`.
pub fn measure(results: &[CaseResult]) -> Measurement {
    let required: Vec<&CaseResult> = results
        .iter()
        .filter(|r| r.case.gate == Gate::Required)
        .collect();
    let count = |f: &dyn Fn(&CaseResult) -> bool, g: &dyn Fn(&CaseResult) -> bool| {
        let den: Vec<&&CaseResult> = required.iter().filter(|r| f(r)).collect();
        (den.iter().filter(|r| g(r)).count(), den.len())
    };
    let is = |r: &CaseResult, e: Expect| r.actual == Some(e);
    let mut m = BTreeMap::new();
    let mut put = |name: &str, (n, d): (usize, usize), vacuous: f64| {
        m.insert(name.to_owned(), ratio(n, d, vacuous));
    };

    let should_refuse_or_ask = |r: &CaseResult| {
        r.case.expect != Expect::Answer && !r.case.accept_also.contains(&Expect::Answer)
    };
    put(
        "ambiguityRecall",
        count(
            &|r| {
                r.case.expect == Expect::ClarificationRequired
                    && r.case.policy.unwrap_or_default() == contract::ClarificationPolicy::Return
            },
            &|r| is(r, Expect::ClarificationRequired),
        ),
        1.0,
    );
    put(
        "capabilityMissRecall",
        count(&|r| r.case.expect == Expect::CapabilityMiss, &|r| {
            is(r, Expect::CapabilityMiss)
        }),
        1.0,
    );
    put(
        "answerHoldRate",
        count(&|r| r.case.expect == Expect::Answer, &|r| {
            is(r, Expect::Answer)
        }),
        1.0,
    );
    put(
        "silentAnswerRate",
        count(
            &|r| r.case.expect != Expect::Answer || r.case.expect_assumption,
            &|r| is(r, Expect::Answer) && !r.assumption,
        ),
        0.0,
    );
    put(
        "fallbackRate",
        count(&|r| r.lane == "deep", &|r| r.strategy == "fallback"),
        0.0,
    );
    put(
        "judgeDisagreementRate",
        count(&|r| r.judge_decided, &|r| r.judge_overridden),
        0.0,
    );
    put(
        "clarificationPrecision",
        count(&|r| is(r, Expect::ClarificationRequired), &|r| {
            r.case.expect == Expect::ClarificationRequired
                || r.case.accept_also.contains(&Expect::ClarificationRequired)
        }),
        1.0,
    );
    put(
        "overClarificationRate",
        count(&|r| r.case.expect == Expect::Answer, &|r| {
            is(r, Expect::ClarificationRequired)
        }),
        0.0,
    );
    put("accuracy", count(&|_| true, &CaseResult::correct), 1.0);
    put(
        "toolHallucinationRate",
        count(&should_refuse_or_ask, &|r| {
            is(r, Expect::Answer) && !r.calls.is_empty()
        }),
        0.0,
    );
    put(
        "methodAccuracy",
        count(&|r| r.method_ok().is_some(), &|r| {
            r.method_ok() == Some(true)
        }),
        1.0,
    );
    put(
        "argumentAccuracy",
        count(&|r| r.arguments_ok().is_some(), &|r| {
            r.arguments_ok() == Some(true)
        }),
        1.0,
    );

    // Macro-F1 over the outcomes that occur (expected or predicted). An accepted alternative
    // counts as the expected outcome, so noisy labels do not count twice against the gate.
    let mut f1s = Vec::new();
    let effective = |r: &CaseResult| match r.actual {
        Some(a) if r.case.accept_also.contains(&a) => r.case.expect,
        _ => r.case.expect,
    };
    let predicted = |r: &CaseResult| match r.actual {
        Some(a) if r.case.accept_also.contains(&a) => Some(r.case.expect),
        other => other,
    };
    for class in Expect::ALL {
        let tp = required
            .iter()
            .filter(|r| effective(r) == class && predicted(r) == Some(class))
            .count();
        let support = required.iter().filter(|r| effective(r) == class).count();
        let guessed = required
            .iter()
            .filter(|r| predicted(r) == Some(class))
            .count();
        if support == 0 && guessed == 0 {
            continue;
        }
        let p = if guessed == 0 {
            0.0
        } else {
            tp as f64 / guessed as f64
        };
        let rc = if support == 0 {
            0.0
        } else {
            tp as f64 / support as f64
        };
        f1s.push(if p + rc == 0.0 {
            0.0
        } else {
            2.0 * p * rc / (p + rc)
        });
    }
    let macro_f1 = if f1s.is_empty() {
        1.0
    } else {
        f1s.iter().sum::<f64>() / f1s.len() as f64
    };
    m.insert(
        "macroF1".into(),
        MetricValue {
            value: macro_f1,
            numerator: f1s.len(),
            denominator: 3,
        },
    );

    let mut confusion: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for r in &required {
        let actual = r.actual.map_or("error", Expect::as_str);
        *confusion
            .entry(r.case.expect.as_str().into())
            .or_default()
            .entry(actual.into())
            .or_default() += 1;
    }
    let stages_observed = results
        .iter()
        .flat_map(|r| r.events.iter().cloned())
        .collect();
    let coverage_cases: Vec<&CaseResult> = results
        .iter()
        .filter(|r| r.case.gate == Gate::Coverage)
        .collect();
    let coverage = (
        coverage_cases.iter().filter(|r| r.correct()).count(),
        coverage_cases.len(),
    );
    Measurement {
        metrics: m,
        confusion_matrix: confusion,
        stages_observed,
        coverage,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn result(expect: Expect, actual: Option<Expect>, assumption: bool) -> CaseResult {
        let case: Case =
            serde_json::from_value(json!({"id": "c", "query": "q", "expect": expect})).unwrap();
        CaseResult {
            case,
            actual,
            error: None,
            assumption,
            lane: "deep".into(),
            strategy: "deterministic".into(),
            judge_decided: false,
            judge_overridden: false,
            events: vec![],
            calls: if actual == Some(Expect::Answer) {
                vec![("t".into(), "m".into(), json!({}))]
            } else {
                vec![]
            },
            latency_ms: 1,
            probe: Value::Null,
        }
    }

    #[test]
    fn rates_follow_their_definitions() {
        use Expect::*;
        let results = vec![
            result(ClarificationRequired, Some(ClarificationRequired), false),
            result(ClarificationRequired, Some(Answer), false),
            result(CapabilityMiss, Some(CapabilityMiss), false),
            result(Answer, Some(Answer), false),
            result(Answer, Some(ClarificationRequired), false),
            result(Answer, None, false),
        ];
        let m = measure(&results).metrics;
        assert_eq!(m["ambiguityRecall"].value, 0.5);
        assert_eq!(m["capabilityMissRecall"].value, 1.0);
        assert!((m["answerHoldRate"].value - 1.0 / 3.0).abs() < 1e-9);
        assert!((m["silentAnswerRate"].value - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(m["clarificationPrecision"].value, 0.5);
        assert!((m["overClarificationRate"].value - 1.0 / 3.0).abs() < 1e-9);
        assert!((m["toolHallucinationRate"].value - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(m["judgeDisagreementRate"].denominator, 0);
        assert!(m["macroF1"].value > 0.0 && m["macroF1"].value < 1.0);
    }

    #[test]
    fn arguments_match_like_bfcl() {
        assert!(value_matches(&json!(10), &json!(10.0)));
        assert!(value_matches(&json!("Paris "), &json!("paris")));
        assert!(value_matches(&json!("5"), &json!(5)));
        assert!(!value_matches(&json!([1, 2]), &json!([2, 1])));
    }
}
