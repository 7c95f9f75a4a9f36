//! Does the gathered evidence answer the question? The deterministic check: some evidence was
//! gathered, and every specific thing the query names (a proper name, a number) appears in it.
//! When not, it proposes a follow-up query that has not been tried.

use std::collections::HashSet;

use serde_json::{Value, json};

use text::lexicon;

use crate::EvidenceRegistry;

/// The verdict, in the shape a completeness model also returns.
#[derive(Debug, Clone, PartialEq)]
pub struct CompletenessVerdict {
    /// Whether the evidence answers the question.
    pub sufficient: bool,
    /// What is missing, for people.
    pub missing: String,
    /// A query for another round, when one is worth trying.
    pub follow_up_query: Option<String>,
    /// Specific things the query names that no evidence mentions.
    pub missing_aspects: Vec<String>,
}

impl CompletenessVerdict {
    /// The payload of the `completeness-evaluation` trace event.
    pub fn to_trace(&self, round: u32, evidence: usize) -> Value {
        json!({"round": round, "sufficient": self.sufficient, "missing": self.missing,
            "followUpQuery": self.follow_up_query, "missingAspects": self.missing_aspects, "evidenceGathered": evidence})
    }
}

/// The JSON Schema of a completeness model's answer.
pub fn model_schema() -> Value {
    json!({"type": "object", "additionalProperties": false, "required": ["sufficient", "missing", "follow_up_query"],
        "properties": {"sufficient": {"type": "boolean"}, "missing": {"type": "string"}, "follow_up_query": {"type": "string"}}})
}

/// A model's verdict (valid against [`model_schema`]), with the same guarantee as the
/// deterministic one: a follow-up is never a query already tried, nor empty.
pub fn from_model(reply: &Value, tried: &[String]) -> CompletenessVerdict {
    let sufficient = reply["sufficient"].as_bool().unwrap_or(false);
    let follow_up_query = reply["follow_up_query"]
        .as_str()
        .map(str::trim)
        .filter(|f| {
            !sufficient && !f.is_empty() && !tried.iter().any(|t| t.eq_ignore_ascii_case(f))
        })
        .map(str::to_owned);
    CompletenessVerdict {
        sufficient,
        missing: reply["missing"].as_str().unwrap_or_default().to_owned(),
        follow_up_query,
        missing_aspects: Vec::new(),
    }
}

/// Specific things a query names, as the user wrote them: runs of capitalised words after the
/// first and the numbers among or after them ("FIFA World Cup 2026"), and numbers that stand
/// alone. A number that is part of the request's wording is not one: a measure ("24 hour",
/// "3 days", "24h"), a count ("top 10", "last 5") or a setting ("limit=10").
fn aspects(query: &str) -> Vec<String> {
    let raw: Vec<&str> = query.split_whitespace().collect();
    let clean = |w: &str| -> String {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.strip_suffix("'s").unwrap_or(w).to_owned()
    };
    let singular = |w: &str| -> String {
        let w = clean(w).to_lowercase();
        w.strip_suffix('s').map(str::to_owned).unwrap_or(w)
    };
    let measure = |i: usize| -> bool {
        let w = raw[i];
        let fused = w
            .split(|c: char| !c.is_alphanumeric())
            .chain(std::iter::once(
                w.trim_start_matches(|c: char| c.is_ascii_digit()),
            ))
            .any(|part| {
                let part = part.to_lowercase();
                lexicon::MEASURE_WORDS.contains(&part.trim_end_matches('s'))
                    || lexicon::SPAN_LETTERS
                        .iter()
                        .any(|(short, _)| *short == part)
            });
        let next = raw
            .get(i + 1)
            .is_some_and(|n| lexicon::MEASURE_WORDS.contains(&singular(n).as_str()));
        let count =
            i > 0 && lexicon::COUNT_LEADS.contains(&clean(raw[i - 1]).to_lowercase().as_str());
        w.contains('=') || fused || next || count
    };
    let mut out: Vec<String> = Vec::new();
    let mut run: Vec<String> = Vec::new();
    for (i, w) in raw.iter().enumerate() {
        let word = clean(w);
        let named = i > 0
            && word.chars().next().is_some_and(char::is_uppercase)
            && !text::is_stopword(&word.to_lowercase());
        let number = word.chars().any(|c| c.is_ascii_digit()) && !measure(i);
        if named || number {
            run.push(word);
        } else if !run.is_empty() {
            out.push(run.join(" "));
            run.clear();
        }
        // A phrase ends with its clause.
        if w.ends_with([',', ';', ':', '?', '!', '.']) && !run.is_empty() {
            out.push(run.join(" "));
            run.clear();
        }
    }
    if !run.is_empty() {
        out.push(run.join(" "));
    }
    out.retain(|a| !a.is_empty());
    out
}

/// The values a call was asked with that name something: numbers and short strings. A longer
/// text (a search's free-text query, often the question itself) only repeats what was asked; it
/// says nothing about what was found.
fn argument_values(arguments: &serde_json::Value) -> Vec<String> {
    use serde_json::Value;
    match arguments {
        Value::String(s) if s.split_whitespace().count() <= SHORT_VALUE_WORDS => vec![s.clone()],
        Value::Number(n) => vec![n.to_string()],
        Value::Array(items) => items.iter().flat_map(argument_values).collect(),
        Value::Object(map) => map.values().flat_map(argument_values).collect(),
        _ => Vec::new(),
    }
}

/// Words in the longest argument value taken as naming something ("New York City").
const SHORT_VALUE_WORDS: usize = 3;

/// Judges `registry` against `query`; `tried` lists queries already run.
pub fn completeness(
    query: &str,
    registry: &EvidenceRegistry,
    tried: &[String],
) -> CompletenessVerdict {
    let mut said: HashSet<String> = HashSet::new();
    for u in registry.units() {
        said.extend(u.terms.iter().cloned());
        said.extend(
            argument_values(&u.arguments)
                .iter()
                .flat_map(|v| text::terms(v)),
        );
    }
    let missing_aspects: Vec<String> = aspects(query)
        .into_iter()
        .filter(|a| text::terms(a).iter().any(|t| !said.contains(t)))
        .collect();
    let sufficient = !registry.is_empty() && missing_aspects.is_empty();
    let missing = if registry.is_empty() {
        match registry.failures.first() {
            Some(f) => format!("no evidence was gathered; {f}"),
            None => "the tools returned no results".to_owned(),
        }
    } else if !missing_aspects.is_empty() {
        format!(
            "the evidence does not mention {}",
            missing_aspects.join(", ")
        )
    } else {
        String::new()
    };
    let follow_up_query = if sufficient {
        None
    } else {
        let content: Vec<&str> = query
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .filter(|w| !w.is_empty() && !text::is_stopword(&w.to_lowercase()))
            .collect();
        let candidates = [content.join(" "), missing_aspects.join(" ")];
        candidates.into_iter().find(|c| {
            !c.is_empty() && c != query && !tried.iter().any(|t| t.eq_ignore_ascii_case(c))
        })
    };
    CompletenessVerdict {
        sufficient,
        missing,
        follow_up_query,
        missing_aspects,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_are_the_aspects() {
        assert_eq!(
            aspects("What are Spain's odds at the FIFA World Cup 2026?"),
            ["Spain", "FIFA World Cup 2026"]
        );
        assert_eq!(
            aspects("Will the Fed cut rates, Powell says?"),
            ["Fed", "Powell"]
        );
        assert_eq!(
            aspects("balance of acct-0001 in 2025"),
            ["acct-0001", "2025"]
        );
        for wording in [
            "What is the 24 hour change of ethereum?",
            "the 24h volume of ether",
            "the 24-hour volume of ether",
            "top 10 gainers over the last 3 days",
            "gainers today, limit=10",
        ] {
            assert_eq!(aspects(wording), Vec::<String>::new(), "{wording}");
        }
        assert_eq!(aspects("who will win?"), Vec::<String>::new());
    }

    #[test]
    fn empty_evidence_is_insufficient_and_proposes_an_untried_follow_up() {
        let r = EvidenceRegistry::default();
        let v = completeness(
            "Will the Fed cut rates?",
            &r,
            &["Will the Fed cut rates?".into()],
        );
        assert!(!v.sufficient);
        assert_eq!(v.follow_up_query.as_deref(), Some("Fed cut rates"));
        let mut tried = vec![
            "Will the Fed cut rates?".to_owned(),
            "fed cut rates".to_owned(),
        ];
        let v = completeness("Will the Fed cut rates?", &r, &tried);
        assert_eq!(
            v.follow_up_query.as_deref(),
            Some("Fed"),
            "then only what the query names"
        );
        tried.push("Fed".into());
        assert_eq!(
            completeness("Will the Fed cut rates?", &r, &tried).follow_up_query,
            None,
            "never the same query twice"
        );
    }
}
