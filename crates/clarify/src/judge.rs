//! The judge inside the deterministic envelope.
//!
//! A model judge is the primary decision-maker in the deep lane, but its answer is only taken
//! when it is well-formed, names options that exist, is consistent with what the probe found and
//! is confident enough. Otherwise the deterministic decision stands, with `fallbackReason`
//! (`schema_invalid`, `unknown_option`, `outcome_inconsistent`, `low_confidence`, `timeout`,
//! `provider_error`). This module only validates and decides; calling the model is the runtime's.

use contract::{
    Clarification, ClarificationKind, ClarificationPolicy, DecisionReason, DecisionStrategy,
    FallbackReason, Outcome,
};
use probes::Interpretation;
use serde_json::{Value, json};

use crate::{ClarificationDecision, Decision, GateError, GateInput, assumption, decide, option};

/// Confidence below which the judge is not followed.
pub const MIN_CONFIDENCE: f64 = 0.6;

/// The JSON Schema of the judge's answer.
pub fn schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["outcome", "optionIds", "confidence", "question"],
        "properties": {
            "outcome": {"type": "string", "enum": Outcome::ALL.iter().map(|o| o.as_str()).collect::<Vec<_>>()},
            "optionIds": {"type": "array", "items": {"type": "string"}},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
            "question": {"type": "string"}
        }
    })
}

/// What the judge produced.
#[derive(Debug, Clone)]
pub enum JudgeResult {
    /// Its JSON (validated here again: never trust the transport).
    Verdict(Value),
    /// No usable answer, with the reason code (`timeout`, `provider_error`, `schema_invalid`).
    Failed(FallbackReason),
}

/// Decides with the judge's answer inside the envelope.
pub fn decide_with_judge(
    input: &GateInput,
    judge: JudgeResult,
) -> Result<ClarificationDecision, GateError> {
    let mut fallback = decide(input)?;
    let reject = |mut d: ClarificationDecision,
                  reason: FallbackReason,
                  outcome: Option<Outcome>,
                  confidence: Option<f64>,
                  validator: Option<String>| {
        d.strategy = DecisionStrategy::Fallback;
        d.fallback_reason = Some(reason);
        d.judge_outcome = outcome;
        d.judge_confidence = confidence;
        d.validator_reason = validator;
        d
    };
    let verdict = match judge {
        JudgeResult::Failed(reason) => return Ok(reject(fallback, reason, None, None, None)),
        JudgeResult::Verdict(v) => v,
    };
    if let Some(e) = jsonschema::validator_for(&schema())
        .ok()
        .and_then(|s| s.iter_errors(&verdict).next().map(|e| e.to_string()))
    {
        return Ok(reject(
            fallback,
            FallbackReason::SchemaInvalid,
            None,
            None,
            Some(e),
        ));
    }
    // The schema admits only the three outcomes.
    let Some(outcome) = verdict["outcome"].as_str().and_then(Outcome::parse) else {
        return Ok(reject(
            fallback,
            FallbackReason::SchemaInvalid,
            None,
            None,
            None,
        ));
    };
    let confidence = verdict["confidence"].as_f64().unwrap_or(0.0);
    let ids: Vec<&str> = verdict["optionIds"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let offered = crate::offered(&input.report.ambiguity_pool);
    let chosen: Vec<&Interpretation> = ids
        .iter()
        .filter_map(|id| offered.iter().find(|o| o.id == *id))
        .collect();
    let judged = (Some(outcome), Some(confidence));
    if chosen.len() != ids.len() {
        let unknown: Vec<&str> = ids
            .iter()
            .copied()
            .filter(|id| !offered.iter().any(|o| o.id == *id))
            .collect();
        return Ok(reject(
            fallback,
            FallbackReason::UnknownOption,
            judged.0,
            judged.1,
            Some(format!("unknown option ids: {}", unknown.join(", "))),
        ));
    }
    if confidence < MIN_CONFIDENCE {
        return Ok(reject(
            fallback,
            FallbackReason::LowConfidence,
            judged.0,
            judged.1,
            Some(format!("confidence {confidence} < {MIN_CONFIDENCE}")),
        ));
    }
    let pool = &input.report.ambiguity_pool;
    let inconsistent = |why: &str| Some(why.to_owned());
    let decision = match outcome {
        // Refusing is never a silent answer: a confident miss is taken even over a grounded method.
        Outcome::CapabilityMiss => Ok(Decision::CapabilityMiss(crate::capability_miss_from_judge(
            input.report,
            &verdict,
        ))),
        Outcome::Answer => match chosen.as_slice() {
            [one] if one.missing.is_empty() => Ok(Decision::Answer {
                interpretation: Box::new((*one).clone()),
                assumption: None,
            }),
            [_] => Err(inconsistent(
                "the chosen option still misses a required parameter",
            )),
            _ => Err(inconsistent("an answer must choose exactly one option")),
        },
        // Asking for a missing value: under `auto` the policy still fills a value with choices
        // (the judge agreeing that it is missing is no reason to stop).
        Outcome::ClarificationRequired if pool.len() == 1 && !pool[0].missing.is_empty() => {
            Ok(crate::settle_one(&pool[0], input.policy).0)
        }
        Outcome::ClarificationRequired if chosen.len() >= 2 => {
            let options: Vec<Interpretation> = chosen.iter().map(|i| (*i).clone()).collect();
            let recommended = fallback_recommendation(&fallback)
                .filter(|r| options.iter().any(|o| &o.id == r))
                .unwrap_or_else(|| options[0].id.clone());
            if input.policy == ClarificationPolicy::Auto {
                let pick = options
                    .iter()
                    .find(|o| o.id == recommended)
                    .cloned()
                    .unwrap_or_else(|| options[0].clone());
                let a = assumption(&pick, &options);
                Ok(Decision::Answer {
                    interpretation: Box::new(pick),
                    assumption: Some(a),
                })
            } else {
                let question = verdict["question"]
                    .as_str()
                    .filter(|q| !q.trim().is_empty())
                    .map(str::to_owned);
                Ok(Decision::Clarify(Clarification {
                    kind: ClarificationKind::AmbiguousInterpretation,
                    question: question.unwrap_or_else(|| crate::ambiguous_question(&options)),
                    options: options.iter().map(option).collect(),
                    missing_parameters: Vec::new(),
                    invalid_parameters: Vec::new(),
                    recommended_option_id: Some(recommended),
                }))
            }
        }
        Outcome::ClarificationRequired => Err(inconsistent(
            "a clarification needs two or more options, or a missing parameter",
        )),
    };
    match decision {
        Ok(d) => {
            fallback.decision = d;
            fallback.strategy = DecisionStrategy::Judge;
            fallback.reason_code = DecisionReason::JudgeDecision;
            fallback.judge_outcome = judged.0;
            fallback.judge_confidence = judged.1;
            Ok(fallback)
        }
        Err(why) => Ok(reject(
            fallback,
            FallbackReason::OutcomeInconsistent,
            judged.0,
            judged.1,
            why,
        )),
    }
}

fn fallback_recommendation(d: &ClarificationDecision) -> Option<String> {
    match &d.decision {
        Decision::Clarify(c) => c.recommended_option_id.clone(),
        Decision::Answer { interpretation, .. } => Some(interpretation.id.clone()),
        Decision::CapabilityMiss(_) => None,
    }
}
