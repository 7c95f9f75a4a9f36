//! The clarification gate: the last safe place to avoid committing to the wrong method.
//!
//! It runs after the probe and before planning, and decides from the probe's ambiguity pool:
//! - **capability miss** when no grounded interpretation survives;
//! - **clarification** (`ambiguous_interpretation`) when several materially different ones do;
//! - **clarification** (`missing_parameter`) when the one that survives needs a required
//!   argument the query does not give and the schema has no default;
//! - **answer** when exactly one complete interpretation survives.
//!
//! `recommendedOptionId` is computed deterministically (the pool's order: best method, then the
//! fullest and earliest-declared value), so the same input always recommends the same option.
//! Under `clarificationPolicy: "auto"` the gate continues with it and reports the assumption; a
//! missing parameter without enumerated values cannot be assumed and is always returned.
//! A caller resumes with `selectedOptionId`, which the gate finds among the same options.

pub mod judge;

use contract::{
    Assumption, CapabilityMiss, Clarification, ClarificationKind, ClarificationOption,
    ClarificationPolicy, DecisionReason, DecisionStrategy, FallbackReason, InvalidParameter,
    NearestMethod, Outcome, ServablePart,
};
use probes::{Interpretation, MissingCapability, ProbeReport};
use serde_json::{Value, json};

/// What the gate was given.
#[derive(Debug, Clone, Copy)]
pub struct GateInput<'a> {
    /// The normalized query.
    pub query: &'a str,
    /// The probe's report.
    pub report: &'a ProbeReport,
    /// The caller's policy.
    pub policy: ClarificationPolicy,
    /// The option the caller chose in answer to an earlier clarification.
    pub selected_option_id: Option<&'a str>,
}

/// The gate's decision.
#[derive(Debug, Clone)]
pub enum Decision {
    /// Plan and execute this interpretation.
    Answer {
        /// The interpretation to execute (boxed: it is by far the largest variant).
        interpretation: Box<Interpretation>,
        /// Present when the gate chose it under `auto`.
        assumption: Option<Assumption>,
    },
    /// Ask the caller.
    Clarify(Clarification),
    /// Nothing can serve the request.
    CapabilityMiss(CapabilityMiss),
}

/// The decision with its diagnostics.
#[derive(Debug, Clone)]
pub struct ClarificationDecision {
    /// What to do.
    pub decision: Decision,
    /// Stable code for why.
    pub reason_code: DecisionReason,
    /// `deterministic` here; `judge` or `fallback` when a model judge took part.
    pub strategy: DecisionStrategy,
    /// Interpretations that survived.
    pub viable_candidate_count: usize,
    /// The judge's outcome, when a judge answered.
    pub judge_outcome: Option<Outcome>,
    /// The judge's confidence, when a judge answered.
    pub judge_confidence: Option<f64>,
    /// Why the validator rejected the judge's answer.
    pub validator_reason: Option<String>,
    /// Why the decision fell back to the deterministic one.
    pub fallback_reason: Option<FallbackReason>,
}

impl ClarificationDecision {
    /// The payload of the `query-clarification-decision` trace event.
    pub fn to_trace(&self) -> Value {
        let (outcome, options, recommended) = match &self.decision {
            Decision::Answer {
                interpretation,
                assumption,
            } => (
                Outcome::Answer.as_str(),
                0,
                assumption
                    .as_ref()
                    .map(|a| a.option_id.clone())
                    .or(Some(interpretation.id.clone())),
            ),
            Decision::Clarify(c) => (
                Outcome::ClarificationRequired.as_str(),
                c.options.len(),
                c.recommended_option_id.clone(),
            ),
            Decision::CapabilityMiss(_) => (Outcome::CapabilityMiss.as_str(), 0, None),
        };
        json!({
            "outcome": outcome, "reasonCode": self.reason_code.as_str(), "strategy": self.strategy.as_str(),
            "viableCandidateCount": self.viable_candidate_count, "options": options, "recommendedOptionId": recommended,
            "judgeOutcomeType": self.judge_outcome, "judgeConfidence": self.judge_confidence,
            "validatorReason": self.validator_reason, "fallbackReason": self.fallback_reason.map(FallbackReason::as_str),
        })
    }
}

/// Bad input the gate refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GateError {
    /// `selectedOptionId` names no option of this query.
    #[error("'{id}' is not an option for this query (options: {known})")]
    UnknownOption {
        /// The id sent.
        id: String,
        /// The ids that exist.
        known: String,
    },
}

/// The payload of the `query-clarification-input` trace event: what the gate actually received.
pub fn input_trace(input: &GateInput) -> Value {
    json!({
        "query": input.query,
        "policy": input.policy.as_str(),
        "selectedOptionId": input.selected_option_id,
        "ambiguityPool": input.report.ambiguity_pool.iter().map(|i| json!({"id": i.id, "label": i.label, "method": format!("{}.{}", i.tool_id, i.method), "missing": i.missing.iter().map(|m| &m.name).collect::<Vec<_>>()})).collect::<Vec<_>>(),
        "executionShortlist": input.report.execution_shortlist.iter().map(|i| format!("{}.{}", i.tool_id, i.method)).collect::<Vec<_>>(),
        "viableCandidateCount": input.report.viable_candidate_count(),
        "missingCapability": input.report.missing_capability_signal.as_ref().map(|m| &m.reason),
    })
}

pub(crate) fn option(i: &Interpretation) -> ClarificationOption {
    ClarificationOption {
        id: i.id.clone(),
        label: i.label.clone(),
        description: i.description.clone(),
        tool_id: i.tool_id.clone(),
        method: i.method.clone(),
        arguments: i.arguments.clone(),
    }
}

/// One interpretation per allowed value of `i`'s first missing parameter.
pub(crate) fn fill_options(i: &Interpretation) -> Vec<Interpretation> {
    let Some(missing) = i.missing.first() else {
        return Vec::new();
    };
    missing
        .choices
        .iter()
        .map(|choice| i.with_argument(&missing.name, choice))
        .collect()
}

/// Every option a query can offer: the pool, plus the values of a missing parameter when one
/// interpretation survives. The judge chooses among these, and `selectedOptionId` names one.
pub fn offered(pool: &[Interpretation]) -> Vec<Interpretation> {
    let mut out = pool.to_vec();
    if let [only] = pool {
        out.extend(fill_options(only));
    }
    out
}

/// A miss the judge decided: the probe's nearest methods, and the judge's words.
pub(crate) fn capability_miss_from_judge(report: &ProbeReport, verdict: &Value) -> CapabilityMiss {
    let mut miss = report_miss(report);
    if report.missing_capability_signal.is_none() {
        miss.reason = contract::MissReason::JudgedUnsupported;
        miss.message = verdict["question"]
            .as_str()
            .filter(|q| !q.is_empty())
            .unwrap_or("the judge found no method that does what is asked")
            .to_owned();
        miss.nearest_methods = report
            .execution_shortlist
            .iter()
            .map(|i| NearestMethod {
                tool_id: i.tool_id.clone(),
                method: i.method.clone(),
                score: i.score,
                why_not: "the judge found it does not do what is asked".into(),
            })
            .collect();
    }
    miss
}

fn report_miss(report: &ProbeReport) -> CapabilityMiss {
    match &report.missing_capability_signal {
        Some(signal) => capability_miss(signal),
        None => CapabilityMiss {
            reason: contract::MissReason::NoRelevantMethod,
            message: "no interpretation survived the probe".into(),
            nearest_methods: Vec::new(),
            unavailable_tools: Vec::new(),
            unserved_parts: Vec::new(),
            servable_parts: Vec::new(),
        },
    }
}

/// The wire form of the probe's missing-capability signal: what a caller is told when nothing can
/// serve the request (the gate's miss, and the fast lane's).
pub fn capability_miss(signal: &MissingCapability) -> CapabilityMiss {
    CapabilityMiss {
        reason: signal.reason,
        message: signal.message.clone(),
        nearest_methods: signal
            .nearest
            .iter()
            .map(|n| NearestMethod {
                tool_id: n.tool_id.clone(),
                method: n.method.clone(),
                score: n.score,
                why_not: n.why_not.clone(),
            })
            .collect(),
        unavailable_tools: Vec::new(),
        unserved_parts: signal
            .partial
            .as_ref()
            .map(|p| p.unserved_parts.clone())
            .unwrap_or_default(),
        servable_parts: signal
            .partial
            .iter()
            .flat_map(|p| &p.servable_parts)
            .map(|(text, i)| ServablePart {
                text: text.clone(),
                tool_id: i.tool_id.clone(),
                method: i.method.clone(),
                arguments: i.arguments.clone(),
            })
            .collect(),
    }
}

pub(crate) fn assumption(chosen: &Interpretation, all: &[Interpretation]) -> Assumption {
    Assumption {
        auto_resolved: true,
        option_id: chosen.id.clone(),
        label: chosen.label.clone(),
        alternatives: all
            .iter()
            .filter(|i| i.id != chosen.id)
            .map(option)
            .collect(),
    }
}

pub(crate) fn ambiguous_question(pool: &[Interpretation]) -> String {
    let params: Vec<&str> = pool
        .iter()
        .filter_map(|i| i.discriminator.as_ref().map(|(p, _)| p.as_str()))
        .collect();
    match params.first() {
        Some(p) if params.len() == pool.len() && params.iter().all(|x| x == p) => {
            format!("Which {} do you mean?", text::words(p).join(" "))
        }
        _ => "Your question can be read in several materially different ways. Which do you mean?"
            .into(),
    }
}

fn missing_question(i: &Interpretation) -> String {
    let m = &i.missing[0];
    let what = text::words(&m.name).join(" ");
    if let Some((value, constraint)) = &m.invalid {
        let allowed = if (1..=8).contains(&m.choices.len()) {
            let listed: Vec<String> = m.choices.iter().map(shown).collect();
            format!(" (one of: {})", listed.join(", "))
        } else {
            String::new()
        };
        return format!(
            "{} is not a {what} that {}.{} accepts: {constraint}. Which {what} should I use{allowed}?",
            shown(value),
            i.tool_id,
            i.method
        );
    }
    let detail = m.description.trim().trim_end_matches('.');
    if detail.is_empty() {
        format!("Which {what} should I use for {}.{}?", i.tool_id, i.method)
    } else {
        format!("Which {what} should I use? ({detail})")
    }
}

/// Decides, deterministically.
pub fn decide(input: &GateInput) -> Result<ClarificationDecision, GateError> {
    let report = input.report;
    let pool = &report.ambiguity_pool;
    let viable = report.viable_candidate_count();
    let done = |decision, reason_code| {
        Ok(ClarificationDecision {
            decision,
            reason_code,
            strategy: DecisionStrategy::Deterministic,
            viable_candidate_count: viable,
            judge_outcome: None,
            judge_confidence: None,
            validator_reason: None,
            fallback_reason: None,
        })
    };

    if report.missing_capability_signal.is_some() || pool.is_empty() {
        return done(
            Decision::CapabilityMiss(report_miss(report)),
            DecisionReason::NoViableCandidate,
        );
    }

    let offered = offered(pool);
    if let Some(id) = input.selected_option_id {
        let Some(chosen) = offered.iter().find(|i| i.id == id) else {
            let known = offered
                .iter()
                .map(|i| i.id.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            return Err(GateError::UnknownOption {
                id: id.to_owned(),
                known,
            });
        };
        if !chosen.missing.is_empty() {
            return done(
                Decision::Clarify(missing_clarification(chosen)),
                DecisionReason::MissingRequiredParameter,
            );
        }
        return done(
            Decision::Answer {
                interpretation: Box::new(chosen.clone()),
                assumption: None,
            },
            DecisionReason::SelectedOption,
        );
    }

    if pool.len() > 1 {
        let recommended = &pool[0];
        if input.policy == ClarificationPolicy::Auto && recommended.missing.is_empty() {
            let a = assumption(recommended, pool);
            return done(
                Decision::Answer {
                    interpretation: Box::new(recommended.clone()),
                    assumption: Some(a),
                },
                DecisionReason::AutoResolvedAmbiguity,
            );
        }
        return done(
            Decision::Clarify(Clarification {
                kind: ClarificationKind::AmbiguousInterpretation,
                question: ambiguous_question(pool),
                options: pool.iter().map(option).collect(),
                missing_parameters: Vec::new(),
                invalid_parameters: Vec::new(),
                recommended_option_id: Some(recommended.id.clone()),
            }),
            DecisionReason::AmbiguousInterpretations,
        );
    }

    let (decision, reason_code) = settle_one(&pool[0], input.policy);
    done(decision, reason_code)
}

/// The rule for a single surviving interpretation — the probe's only one, or the fast lane's one
/// shot: complete → answer; a required value missing → ask for it by name, except that under
/// `auto` a missing value with choices (an enum) takes the recommended choice and says so. A
/// free-form value is never guessed. Returns the decision and its reason code.
pub fn settle_one(
    only: &Interpretation,
    policy: ClarificationPolicy,
) -> (Decision, DecisionReason) {
    if only.missing.is_empty() {
        return (
            Decision::Answer {
                interpretation: Box::new(only.clone()),
                assumption: None,
            },
            DecisionReason::SingleInterpretation,
        );
    }
    let filled = fill_options(only);
    if policy == ClarificationPolicy::Auto
        && let Some(first) = filled.first().filter(|f| f.missing.is_empty())
    {
        let a = assumption(first, &filled);
        return (
            Decision::Answer {
                interpretation: Box::new(first.clone()),
                assumption: Some(a),
            },
            DecisionReason::AutoResolvedMissingParameter,
        );
    }
    (
        Decision::Clarify(missing_clarification(only)),
        DecisionReason::MissingRequiredParameter,
    )
}

pub(crate) fn missing_clarification(i: &Interpretation) -> Clarification {
    let options: Vec<ClarificationOption> = fill_options(i).iter().map(option).collect();
    let invalid_parameters: Vec<InvalidParameter> = i
        .missing
        .iter()
        .filter_map(|m| {
            let (value, constraint) = m.invalid.as_ref()?;
            Some(InvalidParameter {
                name: m.name.clone(),
                value: value.clone(),
                constraint: constraint.clone(),
                allowed_values: if m.choices.len() <= 8 {
                    m.choices.clone()
                } else {
                    Vec::new()
                },
            })
        })
        .collect();
    Clarification {
        kind: if i.missing.first().is_some_and(|m| m.invalid.is_some()) {
            ClarificationKind::InvalidParameter
        } else {
            ClarificationKind::MissingParameter
        },
        question: missing_question(i),
        recommended_option_id: options.first().map(|o| o.id.clone()),
        options,
        missing_parameters: i.missing.iter().map(|m| m.name.clone()).collect(),
        invalid_parameters,
    }
}

/// A value as a person would read it: strings without quotes.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use contract::{MethodDescriptor, MethodMeta, QuerySafety, SafetyBasis, ToolDescriptor};
    use probes::{MethodIndex, ProbeConfig, Query};

    use super::*;

    fn method(name: &str, description: &str, schema: Value) -> MethodDescriptor {
        MethodDescriptor {
            name: name.into(),
            description: description.into(),
            input_schema: schema,
            output_schema: None,
            meta: MethodMeta::default(),
            safety: QuerySafety {
                query_safe: true,
                basis: SafetyBasis::Declared,
                reason: String::new(),
            },
        }
    }

    fn tool(methods: Vec<MethodDescriptor>) -> Vec<Arc<ToolDescriptor>> {
        vec![Arc::new(ToolDescriptor {
            id: "library".into(),
            title: "City library".into(),
            description: "Branches of the city library".into(),
            source: "test".into(),
            methods,
            schema_hash: None,
            schema_changed_at: None,
        })]
    }

    /// A tool from a domain no code mentions: library opening hours, with an ambiguous branch
    /// enum, and a lending method whose member id has no default.
    fn library() -> Vec<Arc<ToolDescriptor>> {
        tool(vec![
            method(
                "get_opening_hours",
                "Opening hours of a library branch",
                json!({"type": "object",
                "properties": {"branch": {"type": "string", "enum": ["Central Library", "Harbour Library", "Hillside Branch"]}},
                "required": ["branch"]}),
            ),
            method(
                "get_loans",
                "Books currently on loan to a member",
                json!({"type": "object",
                "properties": {"member_id": {"type": "string", "pattern": "^M[0-9]{6}$", "description": "Library card number"}},
                "required": ["member_id"]}),
            ),
        ])
    }

    /// One method whose required room is a choice the query below never makes.
    fn rooms() -> Vec<Arc<ToolDescriptor>> {
        tool(vec![method(
            "list_room_bookings",
            "Bookings of a study room",
            json!({"type": "object",
            "properties": {"room": {"type": "string", "enum": ["Quiet Room", "Group Room", "Media Lab"]}},
            "required": ["room"]}),
        )])
    }

    fn gate(
        query: &str,
        policy: ClarificationPolicy,
        selected: Option<&str>,
    ) -> Result<ClarificationDecision, GateError> {
        gate_on(&library(), query, policy, selected)
    }

    fn gate_on(
        tools: &[Arc<ToolDescriptor>],
        query: &str,
        policy: ClarificationPolicy,
        selected: Option<&str>,
    ) -> Result<ClarificationDecision, GateError> {
        let report = probes::run(
            &MethodIndex::build(tools),
            &Query::parse(query),
            &ProbeConfig::default(),
        );
        decide(&GateInput {
            query,
            report: &report,
            policy,
            selected_option_id: selected,
        })
    }

    /// The option a clarification recommends.
    fn recommended(c: &Clarification) -> &ClarificationOption {
        c.options
            .iter()
            .find(|o| Some(&o.id) == c.recommended_option_id.as_ref())
            .expect("the recommendation is one of the options")
    }

    /// The interpretation and assumption of an answer that assumed something.
    fn assumed(d: &ClarificationDecision) -> (&Interpretation, &Assumption) {
        match &d.decision {
            Decision::Answer {
                interpretation,
                assumption: Some(a),
            } => (interpretation, a),
            other => panic!("{other:?}"),
        }
    }

    fn clarification(d: &ClarificationDecision) -> &Clarification {
        match &d.decision {
            Decision::Clarify(c) => c,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn ambiguity_is_returned_then_resumed_with_the_chosen_option() {
        let d = gate(
            "When does the library open?",
            ClarificationPolicy::Return,
            None,
        )
        .unwrap();
        let c = clarification(&d);
        assert_eq!(c.kind, ClarificationKind::AmbiguousInterpretation);
        assert_eq!(c.question, "Which branch do you mean?");
        assert_eq!(c.options.len(), 2, "{:?}", c.options);
        let again = gate(
            "When does the library open?",
            ClarificationPolicy::Return,
            None,
        )
        .unwrap();
        assert_eq!(
            clarification(&again).recommended_option_id,
            c.recommended_option_id
        );

        let harbour = c
            .options
            .iter()
            .find(|o| o.label == "Harbour Library")
            .unwrap();
        let d = gate(
            "When does the library open?",
            ClarificationPolicy::Return,
            Some(&harbour.id),
        )
        .unwrap();
        let Decision::Answer {
            interpretation,
            assumption: None,
        } = &d.decision
        else {
            panic!("{:?}", d.decision)
        };
        assert_eq!(interpretation.arguments["branch"], "Harbour Library");
        assert_eq!(d.reason_code, DecisionReason::SelectedOption);
    }

    #[test]
    fn auto_continues_with_the_recommendation_and_says_so() {
        let q = "When does the library open?";
        let returned = gate(q, ClarificationPolicy::Return, None).unwrap();
        let asked = clarification(&returned);
        let recommended = recommended(asked);
        let d = gate(q, ClarificationPolicy::Auto, None).unwrap();
        let (interpretation, a) = assumed(&d);
        assert_eq!(d.reason_code, DecisionReason::AutoResolvedAmbiguity);
        assert!(a.auto_resolved);
        assert_eq!(
            a.option_id, recommended.id,
            "auto takes what return recommends"
        );
        assert_eq!(a.label, recommended.label);
        assert_eq!(
            interpretation.arguments["branch"], recommended.arguments["branch"],
            "and calls what the recommendation binds"
        );
        let alternatives: Vec<&str> = a.alternatives.iter().map(|o| o.id.as_str()).collect();
        let others: Vec<&str> = asked
            .options
            .iter()
            .map(|o| o.id.as_str())
            .filter(|id| *id != recommended.id)
            .collect();
        assert_eq!(alternatives, others);
    }

    #[test]
    fn auto_fills_a_missing_choice_with_the_recommended_value() {
        let q = "Show the bookings";
        let returned = gate_on(&rooms(), q, ClarificationPolicy::Return, None).unwrap();
        let asked = clarification(&returned);
        assert_eq!(asked.kind, ClarificationKind::MissingParameter);
        assert_eq!(asked.missing_parameters, ["room"]);
        let labels: Vec<&str> = asked.options.iter().map(|o| o.label.as_str()).collect();
        assert_eq!(labels.len(), 3, "{labels:?}");
        let recommended = recommended(asked);

        let d = gate_on(&rooms(), q, ClarificationPolicy::Auto, None).unwrap();
        assert_eq!(d.reason_code, DecisionReason::AutoResolvedMissingParameter);
        let (interpretation, a) = assumed(&d);
        assert!(interpretation.missing.is_empty());
        assert_eq!(a.option_id, recommended.id);
        assert_eq!(
            interpretation.arguments["room"], recommended.arguments["room"],
            "the filled value is the recommended one"
        );
        assert_eq!(a.alternatives.len(), 2);

        // Choosing another room resumes into exactly that room.
        let other = asked
            .options
            .iter()
            .find(|o| o.id != recommended.id)
            .unwrap();
        let d = gate_on(&rooms(), q, ClarificationPolicy::Return, Some(&other.id)).unwrap();
        let Decision::Answer { interpretation, .. } = &d.decision else {
            panic!("{:?}", d.decision)
        };
        assert_eq!(interpretation.arguments["room"], other.arguments["room"]);
    }

    #[test]
    fn a_missing_parameter_is_named_and_never_assumed_without_choices() {
        for policy in [ClarificationPolicy::Return, ClarificationPolicy::Auto] {
            let d = gate("Which books do I have on loan?", policy, None).unwrap();
            let c = clarification(&d);
            assert_eq!(c.kind, ClarificationKind::MissingParameter);
            assert_eq!(c.missing_parameters, ["member_id"]);
            assert!(
                c.question.contains("member id") && c.question.contains("Library card number"),
                "{}",
                c.question
            );
            assert!(c.options.is_empty());
        }
        let d = gate(
            "Which books are on loan to M123456?",
            ClarificationPolicy::Return,
            None,
        )
        .unwrap();
        assert!(
            matches!(d.decision, Decision::Answer { .. }),
            "{:?}",
            d.decision
        );
    }

    #[test]
    fn unknown_options_and_unsupported_requests() {
        let err = gate(
            "When does the library open?",
            ClarificationPolicy::Return,
            Some("opt-nope"),
        )
        .unwrap_err();
        assert!(matches!(err, GateError::UnknownOption { .. }));
        let d = gate("Renew my passport", ClarificationPolicy::Return, None).unwrap();
        assert!(
            matches!(d.decision, Decision::CapabilityMiss(_)),
            "{:?}",
            d.decision
        );
        assert_eq!(d.reason_code, DecisionReason::NoViableCandidate);
    }

    #[test]
    fn auto_fills_a_missing_choice_even_when_the_judge_asks_for_it() {
        let q = "Show the bookings";
        let index = MethodIndex::build(&rooms());
        let report = probes::run(&index, &Query::parse(q), &ProbeConfig::default());
        let verdict = |policy| {
            let input = GateInput {
                query: q,
                report: &report,
                policy,
                selected_option_id: None,
            };
            let ids: Vec<String> = offered(&input.report.ambiguity_pool)
                .iter()
                .map(|i| i.id.clone())
                .collect();
            let v = json!({"outcome": "clarification_required", "optionIds": ids, "confidence": 0.9, "question": ""});
            judge::decide_with_judge(&input, judge::JudgeResult::Verdict(v)).unwrap()
        };
        let asked = verdict(ClarificationPolicy::Return);
        assert_eq!(asked.strategy, DecisionStrategy::Judge);
        assert_eq!(
            clarification(&asked).kind,
            ClarificationKind::MissingParameter
        );
        let auto = verdict(ClarificationPolicy::Auto);
        assert_eq!(auto.strategy, DecisionStrategy::Judge);
        let (interpretation, a) = assumed(&auto);
        assert_eq!(
            Some(&a.option_id),
            clarification(&asked).recommended_option_id.as_ref()
        );
        assert!(interpretation.missing.is_empty());
    }

    fn judged(query: &str, verdict: Value) -> ClarificationDecision {
        let report = probes::run(
            &MethodIndex::build(&library()),
            &Query::parse(query),
            &ProbeConfig::default(),
        );
        let input = GateInput {
            query,
            report: &report,
            policy: ClarificationPolicy::Return,
            selected_option_id: None,
        };
        let ids: Vec<String> = offered(&input.report.ambiguity_pool)
            .iter()
            .map(|i| i.id.clone())
            .collect();
        let verdict = serde_json::from_str(
            &verdict
                .to_string()
                .replace("$0", &ids[0])
                .replace("$1", &ids[1]),
        )
        .unwrap();
        judge::decide_with_judge(&input, judge::JudgeResult::Verdict(verdict)).unwrap()
    }

    #[test]
    fn a_sound_judge_decides_and_an_unsound_one_falls_back_with_its_reason() {
        let q = "When does the library open?";
        let d = judged(
            q,
            json!({"outcome": "answer", "optionIds": ["$1"], "confidence": 0.9, "question": ""}),
        );
        assert_eq!(
            (d.strategy, d.reason_code),
            (DecisionStrategy::Judge, DecisionReason::JudgeDecision)
        );
        assert!(matches!(d.decision, Decision::Answer { .. }));
        let d = judged(
            q,
            json!({"outcome": "clarification_required", "optionIds": ["$0", "$1"], "confidence": 0.8, "question": "Which branch?"}),
        );
        let Decision::Clarify(c) = &d.decision else {
            panic!()
        };
        assert_eq!(c.question, "Which branch?");
        for (verdict, reason) in [
            (
                json!({"outcome": "answer", "optionIds": ["opt-nope"], "confidence": 0.9, "question": ""}),
                "unknown_option",
            ),
            (
                json!({"outcome": "answer", "optionIds": ["$0"], "confidence": 0.3, "question": ""}),
                "low_confidence",
            ),
            (
                json!({"outcome": "answer", "optionIds": ["$0", "$1"], "confidence": 0.9, "question": ""}),
                "outcome_inconsistent",
            ),
            (
                json!({"outcome": "maybe", "optionIds": [], "confidence": 0.9, "question": ""}),
                "schema_invalid",
            ),
            (json!({"outcome": "answer"}), "schema_invalid"),
        ] {
            let d = judged(q, verdict.clone());
            assert_eq!(
                (d.strategy, d.fallback_reason),
                (DecisionStrategy::Fallback, FallbackReason::parse(reason)),
                "{verdict}"
            );
            assert!(
                matches!(d.decision, Decision::Clarify(_)),
                "the deterministic clarification stands: {verdict}"
            );
        }
        let d = judged(
            q,
            json!({"outcome": "capability_miss", "optionIds": [], "confidence": 0.9, "question": "No opening hours here."}),
        );
        assert!(
            matches!(d.decision, Decision::CapabilityMiss(_)),
            "a confident refusal is never a silent answer"
        );
        let report = probes::run(
            &MethodIndex::build(&library()),
            &Query::parse(q),
            &ProbeConfig::default(),
        );
        let input = GateInput {
            query: q,
            report: &report,
            policy: ClarificationPolicy::Return,
            selected_option_id: None,
        };
        let d =
            judge::decide_with_judge(&input, judge::JudgeResult::Failed(FallbackReason::Timeout))
                .unwrap();
        assert_eq!(
            (d.strategy, d.fallback_reason),
            (DecisionStrategy::Fallback, Some(FallbackReason::Timeout))
        );
    }
}
