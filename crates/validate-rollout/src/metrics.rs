//! The metrics: each defined once here, with the sentence `--help` prints, and computed over the
//! required cases of a run.
//!
//! A metric whose denominator is zero is reported as `n/a` and holds vacuously: a suite without
//! unsupported cases says nothing about capability-miss recall, and must not fail for it. A suite
//! without any required case measures nothing at all, and fails its gate (see `report::gates`).

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
        definition: "cases that should answer (including ambiguous ones under `auto`) that came back a grounded answer (evidence gathered, or planOnly) / all such",
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
        definition: "cases whose outcome was expected or accepted (an answer grounded in evidence unless planOnly, with assumption metadata when required) / all cases",
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
        name: "methodCoverage",
        definition: "answered cases listing several expected methods whose planned calls include every one of them / all such",
    },
    MetricDef {
        name: "invalidPlanRate",
        definition: "answered cases with calls of which some call's arguments fail the method's own input schema / answered cases with calls",
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

/// Refuses thresholds on names that are not metrics.
pub fn check_thresholds<T>(thresholds: &BTreeMap<String, T>) -> anyhow::Result<()> {
    for name in thresholds.keys() {
        anyhow::ensure!(
            definition(name).is_some(),
            "unknown metric '{name}' in thresholds"
        );
    }
    Ok(())
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
    /// `(tool, method)` of the calls made only to give a later call its arguments (a chain's
    /// earlier calls): the answer's method is the first call not among them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<(String, String)>,
    /// Why planned calls fail their method's input schema (`tool.method: error`), if any do.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub invalid_calls: Vec<String>,
    /// Evidence units gathered (`meta.evidenceGathered`).
    pub evidence: usize,
    /// Gaps the answer lists.
    pub gaps: usize,
    /// Typed conflicts (two values or more, each with its evidence) the answer lists.
    pub conflicts: usize,
    /// Titles of the sources the answer cites.
    pub cited_titles: Vec<String>,
    /// Server-side latency.
    pub latency_ms: u64,
    /// The probe's view, for diagnosis: top ranked methods and terms nothing covered.
    pub probe: Value,
}

impl CaseResult {
    /// Whether the outcome is right. An answer must be grounded: evidence was gathered (or the
    /// case is `planOnly`, where nothing executes), and it carries assumption metadata when the
    /// case expects one.
    pub fn correct(&self) -> bool {
        let Some(actual) = self.actual else {
            return false;
        };
        let outcome_ok = actual == self.case.expect || self.case.accept_also.contains(&actual);
        if actual != Expect::Answer {
            return outcome_ok;
        }
        outcome_ok
            && self.grounded_answer()
            && (self.assumption || !self.case.expect_assumption)
            && (self.gaps > 0 || !self.case.expect_gap)
            && (self.conflicts > 0 || !self.case.expect_conflict)
            && self
                .case
                .expect_cited_title
                .as_ref()
                .is_none_or(|t| self.cited_titles.contains(t))
    }

    /// Whether the case came back as an answer backed by evidence (any answer of a `planOnly`
    /// case, which gathers none by design). An answer with nothing behind it is not one.
    pub fn grounded_answer(&self) -> bool {
        self.actual == Some(Expect::Answer) && (self.case.plan_only || self.evidence > 0)
    }

    /// The first call that is not a step of a chain: the one that serves the ask.
    fn answering_call(&self) -> Option<&(String, String, Value)> {
        self.calls
            .iter()
            .find(|(t, m, _)| !self.steps.iter().any(|(st, sm)| st == t && sm == m))
            .or_else(|| self.calls.first())
    }

    /// Whether the call that serves the ask (the first, after a chain's earlier calls) used the
    /// expected method (`None` when nothing to judge).
    pub fn method_ok(&self) -> Option<bool> {
        let want = self.case.method.as_deref()?;
        if self.case.expect != Expect::Answer || self.actual != Some(Expect::Answer) {
            return None;
        }
        // The expectation names the method, or `tool.method`.
        let (tool, method, _) = self.answering_call()?;
        Some(method == want || format!("{tool}.{method}") == want)
    }

    /// Whether that call's arguments match the expected ones (`None` when nothing to judge).
    pub fn arguments_ok(&self) -> Option<bool> {
        let want = self.case.arguments.as_ref()?;
        if self.method_ok() != Some(true) {
            return None;
        }
        let got = self
            .answering_call()
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
/// or surrounding space, arrays element by element, and objects field by field, where a field's
/// expected value may be a list of acceptable ones (BFCL writes nested fields that way, `""`
/// among them for a field that may be left out) and no field beyond the expected ones is sent.
pub fn value_matches(got: &Value, want: &Value) -> bool {
    match (got, want) {
        (Value::Object(got), Value::Object(want)) => {
            let field_ok = |v: Option<&Value>, w: &Value| match (v, w) {
                (None, Value::Array(options)) => options.iter().any(|o| o.as_str() == Some("")),
                (None, _) => false,
                (Some(v), Value::Array(options)) => {
                    options.iter().any(|o| value_matches(v, o)) || value_matches(v, w)
                }
                (Some(v), w) => value_matches(v, w),
            };
            want.iter().all(|(k, w)| field_ok(got.get(k), w))
                && got.keys().all(|k| want.contains_key(k))
        }
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
    /// Required cases measured (a suite without any gates nothing, and fails).
    pub required: usize,
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
        count(
            &|r| r.case.expect == Expect::Answer,
            &CaseResult::grounded_answer,
        ),
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
        "methodCoverage",
        count(
            &|r| {
                !r.case.methods.is_empty()
                    && is(r, Expect::Answer)
                    && r.case.expect == Expect::Answer
            },
            &|r| {
                r.case.methods.iter().all(|m| {
                    r.calls
                        .iter()
                        .any(|(t, c, _)| c == m || format!("{t}.{c}") == *m)
                })
            },
        ),
        1.0,
    );
    put(
        "invalidPlanRate",
        count(&|r| is(r, Expect::Answer) && !r.calls.is_empty(), &|r| {
            !r.invalid_calls.is_empty()
        }),
        0.0,
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
        required: required.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Expect::*;
    use serde_json::json;

    /// A result whose case is `case` (JSON, merged over an id and a query) and whose outcome is
    /// `actual`; an answer carries one call and one evidence unit unless `extra` says otherwise.
    fn result(case: Value, actual: Option<Expect>, extra: Value) -> CaseResult {
        let mut c = json!({"id": "c", "query": "q"});
        c.as_object_mut()
            .unwrap()
            .extend(case.as_object().unwrap().clone());
        let answered = actual == Some(Answer);
        let calls = match extra.get("calls") {
            Some(calls) => serde_json::from_value(calls.clone()).unwrap(),
            None if answered => vec![("t".into(), "m".into(), json!({}))],
            None => vec![],
        };
        CaseResult {
            case: serde_json::from_value(c).unwrap(),
            actual,
            error: actual.is_none().then(|| "HTTP 500".into()),
            assumption: extra["assumption"] == true,
            lane: extra["lane"].as_str().unwrap_or("deep").into(),
            strategy: extra["strategy"].as_str().unwrap_or("deterministic").into(),
            judge_decided: extra["judge"].is_string(),
            judge_overridden: extra["judge"] == "overridden",
            events: vec![],
            calls,
            steps: Vec::new(),
            invalid_calls: extra["invalid"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
            evidence: extra["evidence"]
                .as_u64()
                .map_or(usize::from(answered), |n| n as usize),
            gaps: extra["gaps"].as_u64().unwrap_or(0) as usize,
            conflicts: extra["conflicts"].as_u64().unwrap_or(0) as usize,
            cited_titles: extra["cited"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
            latency_ms: 1,
            probe: Value::Null,
        }
    }

    fn expect(e: Expect) -> Value {
        json!({"expect": e})
    }

    /// Ten cases, every cell of the confusion matrix but two, worked out by hand below.
    fn ten() -> Vec<CaseResult> {
        let none = || json!({});
        vec![
            result(
                expect(ClarificationRequired),
                Some(ClarificationRequired),
                json!({"strategy": "judge", "judge": "agreed"}),
            ),
            result(
                expect(ClarificationRequired),
                Some(Answer),
                json!({"strategy": "fallback", "judge": "overridden"}),
            ),
            result(
                expect(ClarificationRequired),
                Some(CapabilityMiss),
                json!({"strategy": "fallback"}),
            ),
            result(expect(CapabilityMiss), Some(CapabilityMiss), none()),
            result(
                expect(CapabilityMiss),
                Some(Answer),
                json!({"lane": "fast", "strategy": "skipped"}),
            ),
            result(
                json!({"expect": "answer", "method": "t.m", "arguments": {"symbol": ["BTC"], "currency": ["", "USD"]}}),
                Some(Answer),
                json!({"calls": [["t", "m", {"symbol": "btc"}]], "invalid": ["t.m: 1 is not of type string"]}),
            ),
            result(
                json!({"expect": "answer", "method": "other"}),
                Some(Answer),
                none(),
            ),
            result(expect(Answer), Some(ClarificationRequired), none()),
            result(expect(Answer), None, none()),
            result(expect(Answer), Some(CapabilityMiss), none()),
        ]
    }

    fn value(m: &Measurement, name: &str) -> (f64, usize, usize) {
        let v = m.metrics[name];
        (v.value, v.numerator, v.denominator)
    }

    #[test]
    fn every_metric_has_its_exact_value_on_a_hand_made_run() {
        let m = measure(&ten());
        let exact = |name: &str, n: usize, d: usize| {
            assert_eq!(value(&m, name), (n as f64 / d as f64, n, d), "{name}");
        };
        exact("ambiguityRecall", 1, 3);
        exact("capabilityMissRecall", 1, 2);
        exact("answerHoldRate", 2, 5);
        exact("silentAnswerRate", 2, 5);
        exact("fallbackRate", 2, 9);
        exact("judgeDisagreementRate", 1, 2);
        exact("clarificationPrecision", 1, 2);
        exact("overClarificationRate", 1, 5);
        exact("accuracy", 4, 10);
        exact("toolHallucinationRate", 2, 5);
        exact("methodAccuracy", 1, 2);
        exact("argumentAccuracy", 1, 1);
        exact("invalidPlanRate", 1, 4);
        // Per outcome (precision, recall): answer (2/4, 2/5) → F1 4/9; clarification (1/2, 1/3)
        // → 2/5; miss (1/3, 1/2) → 2/5. The mean is 56/135.
        let (f1, classes, _) = value(&m, "macroF1");
        assert!((f1 - 56.0 / 135.0).abs() < 1e-12, "{f1}");
        assert_eq!(classes, 3);
        assert_eq!(m.confusion_matrix["answer"]["error"], 1);
        assert_eq!(m.confusion_matrix["clarification_required"]["answer"], 1);
        assert_eq!(
            m.confusion_matrix["capability_miss"].get("clarification_required"),
            None
        );
    }

    #[test]
    fn macro_f1_is_one_only_when_every_outcome_is_right_and_skips_absent_outcomes() {
        let right = vec![
            result(expect(Answer), Some(Answer), json!({})),
            result(expect(CapabilityMiss), Some(CapabilityMiss), json!({})),
        ];
        assert_eq!(value(&measure(&right), "macroF1"), (1.0, 2, 3));
        // Two answers expected, one came back a miss: answer F1 = 2/3 (p 1, r 1/2), miss F1 =
        // 0 (p 0, r n/a → 0): the mean over the two outcomes that occur is 1/3.
        let half = vec![
            result(expect(Answer), Some(Answer), json!({})),
            result(expect(Answer), Some(CapabilityMiss), json!({})),
        ];
        let (f1, classes, _) = value(&measure(&half), "macroF1");
        assert!((f1 - 1.0 / 3.0).abs() < 1e-12, "{f1}");
        assert_eq!(classes, 2);
        // An accepted alternative counts as the expected outcome.
        let accepted = vec![result(
            json!({"expect": "answer", "acceptAlso": ["clarification_required"]}),
            Some(ClarificationRequired),
            json!({}),
        )];
        let m = measure(&accepted);
        assert_eq!(value(&m, "macroF1").0, 1.0);
        assert_eq!(value(&m, "accuracy"), (1.0, 1, 1));
        assert_eq!(value(&m, "clarificationPrecision"), (1.0, 1, 1));
    }

    #[test]
    fn metrics_without_cases_are_vacuous_and_coverage_cases_never_count() {
        let m = measure(&[]);
        for def in METRICS.iter().filter(|d| d.name != "macroF1") {
            assert_eq!(m.metrics[def.name].denominator, 0, "{}", def.name);
        }
        assert_eq!(value(&m, "ambiguityRecall").0, 1.0);
        assert_eq!(value(&m, "toolHallucinationRate").0, 0.0);
        assert_eq!(m.required, 0);
        let coverage = vec![result(
            json!({"expect": "answer", "gate": "coverage"}),
            Some(CapabilityMiss),
            json!({}),
        )];
        let m = measure(&coverage);
        assert_eq!((m.required, m.coverage), (0, (0, 1)));
        assert_eq!(value(&m, "answerHoldRate").2, 0);
    }

    #[test]
    fn an_answer_needs_evidence_and_an_expected_assumption() {
        let empty = result(expect(Answer), Some(Answer), json!({"evidence": 0}));
        assert!(
            !empty.correct(),
            "an answer with nothing behind it is a failure"
        );
        let planned = result(
            json!({"expect": "answer", "planOnly": true}),
            Some(Answer),
            json!({"evidence": 0}),
        );
        assert!(planned.correct(), "planOnly gathers nothing by design");
        let m = measure(&[empty, planned]);
        assert_eq!(value(&m, "answerHoldRate"), (0.5, 1, 2));
        assert_eq!(value(&m, "accuracy"), (0.5, 1, 2));
        let silent = result(
            json!({"expect": "answer", "expectAssumption": true}),
            Some(Answer),
            json!({}),
        );
        assert!(!silent.correct());
        let m = measure(&[silent]);
        assert_eq!(value(&m, "silentAnswerRate"), (1.0, 1, 1));
        let said = result(
            json!({"expect": "answer", "expectAssumption": true}),
            Some(Answer),
            json!({"assumption": true}),
        );
        assert!(said.correct());
    }

    #[test]
    fn an_answer_expected_to_abstain_conflict_or_cite_a_title_must_do_so() {
        let case = |k: &str, v: Value| {
            let mut c = json!({"expect": "answer"});
            c[k] = v;
            c
        };
        let gap = case("expectGap", json!(true));
        assert!(!result(gap.clone(), Some(Answer), json!({})).correct());
        assert!(result(gap, Some(Answer), json!({"gaps": 1})).correct());
        let conflict = case("expectConflict", json!(true));
        assert!(!result(conflict.clone(), Some(Answer), json!({"gaps": 1})).correct());
        assert!(result(conflict, Some(Answer), json!({"conflicts": 1})).correct());
        let cited = case("expectCitedTitle", json!("Billing"));
        assert!(!result(cited.clone(), Some(Answer), json!({"cited": ["FAQ"]})).correct());
        assert!(result(cited, Some(Answer), json!({"cited": ["FAQ", "Billing"]})).correct());
    }

    #[test]
    fn arguments_need_every_expected_value_and_nothing_else() {
        let case = json!({"expect": "answer", "method": "m", "arguments": {"symbol": ["BTC"], "currency": ["", "USD"]}});
        let with = |args: Value| {
            result(
                case.clone(),
                Some(Answer),
                json!({"calls": [["t", "m", args]]}),
            )
            .arguments_ok()
        };
        assert_eq!(with(json!({"symbol": "BTC"})), Some(true));
        assert_eq!(
            with(json!({"symbol": "BTC", "currency": "usd"})),
            Some(true)
        );
        assert_eq!(with(json!({"symbol": "ETH"})), Some(false));
        assert_eq!(
            with(json!({"currency": "USD"})),
            Some(false),
            "a required value is missing"
        );
        assert_eq!(
            with(json!({"symbol": "BTC", "limit": 3})),
            Some(false),
            "an unexpected parameter"
        );
        let wrong_method = result(
            case,
            Some(Answer),
            json!({"calls": [["t", "other", {"symbol": "BTC"}]]}),
        );
        assert_eq!(wrong_method.method_ok(), Some(false));
        assert_eq!(
            wrong_method.arguments_ok(),
            None,
            "arguments are judged on the right method only"
        );
    }

    #[test]
    fn arguments_match_like_bfcl() {
        assert!(value_matches(&json!(10), &json!(10.0)));
        assert!(value_matches(&json!("Paris "), &json!("paris")));
        assert!(value_matches(&json!("5"), &json!(5)));
        assert!(!value_matches(&json!([1, 2]), &json!([2, 1])));
        assert!(!value_matches(&json!(5), &json!(6)));
        assert!(!value_matches(&json!("5"), &json!(true)));
        // A nested object's fields, each with its acceptable values as BFCL writes them.
        let want = json!({"limit": [50], "sort": ["", "asc"]});
        assert!(value_matches(&json!({"limit": 50}), &want));
        assert!(value_matches(&json!({"limit": 50, "sort": "ASC"}), &want));
        assert!(!value_matches(&json!({"limit": 20}), &want));
        assert!(!value_matches(&json!({"sort": "asc"}), &want));
        assert!(!value_matches(&json!({"limit": 50, "page": 2}), &want));
        // Or written plainly, a list-valued field included.
        assert!(value_matches(
            &json!({"city": "Leeds", "tags": ["a", "b"]}),
            &json!({"city": "Leeds", "tags": ["a", "b"]})
        ));
    }
}
