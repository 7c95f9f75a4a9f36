//! Conflicts: gathered units that state different values for the same thing. Two kinds are
//! found, both from what the units say and never from which tool said it:
//!
//! - the same field of the same record from two calls ("price" of "Solana" from two markets);
//!   records of one title that share no field with different values are not in conflict;
//! - the same quantity stated in the prose of two units ("The Starter plan allows 60 requests per
//!   minute" and "A Starter key can send 100 requests per minute"): a number followed by the same
//!   unit words, in sentences about the same named thing (or, when neither names one, sharing a
//!   word before the number).

use std::collections::BTreeSet;

use contract::{Conflict, ConflictValue};
use serde_json::Value;

use crate::EvidenceUnit;
use crate::registry::EvidenceRegistry;

/// Every conflict among the gathered units, in evidence order.
pub fn find(registry: &EvidenceRegistry) -> Vec<Conflict> {
    let units = registry.units();
    let mut out = Vec::new();
    for (i, a) in units.iter().enumerate() {
        for b in units.iter().skip(i + 1) {
            let other_call = (a.round, a.call_seq) != (b.round, b.call_seq);
            if other_call && a.title == b.title && a.data != b.data {
                out.extend(field_conflicts(a, b));
            }
        }
    }
    out.extend(quantity_conflicts(units));
    out
}

/// The sentence that names a conflict's values with their `[n]` markers, `ordinal` giving each
/// evidence id's number.
pub fn sentence(c: &Conflict, ordinal: impl Fn(&str) -> Option<usize>) -> String {
    let values: Vec<String> = c
        .values
        .iter()
        .map(|v| match ordinal(&v.evidence_id) {
            Some(n) => format!("{} [{n}]", v.value),
            None => v.value.clone(),
        })
        .collect();
    format!("Sources disagree on {}: {}.", c.about, values.join(" and "))
}

fn conflict(about: String, values: Vec<(String, &EvidenceUnit)>) -> Conflict {
    let mut c = Conflict {
        about,
        values: values
            .into_iter()
            .map(|(value, u)| ConflictValue {
                value,
                evidence_id: u.id.clone(),
            })
            .collect(),
        note: String::new(),
    };
    // The note is the answer's sentence without markers.
    c.note = sentence(&c, |_| None);
    c
}

/// The fields two records with one title both give, with different plain values. Records that
/// share no such field describe different sides of the thing, not a disagreement.
fn field_conflicts(a: &EvidenceUnit, b: &EvidenceUnit) -> Vec<Conflict> {
    let plain = crate::registry::scalar;
    let (Some(x), Some(y)) = (a.data.as_object(), b.data.as_object()) else {
        return match (plain(&a.data), plain(&b.data)) {
            (Some(va), Some(vb)) => vec![conflict(a.title.clone(), vec![(va, a), (vb, b)])],
            _ => Vec::new(),
        };
    };
    x.iter()
        .filter(|(k, _)| !crate::registry::names_an_id(k) && !crate::registry::says_relevance(k))
        .filter_map(|(k, va)| {
            let (va, vb) = (plain(va)?, plain(y.get(k)?)?);
            (va != vb).then(|| conflict(format!("{} {k}", a.title), vec![(va, a), (vb, b)]))
        })
        .collect()
}

/// A quantity a sentence states: the number as written, the unit words after it, the names the
/// sentence gives (capitalised words not opening it) and the content words before the number.
#[derive(Debug)]
struct Quantity {
    number: String,
    value: f64,
    unit: Vec<String>,
    unit_text: String,
    names: BTreeSet<String>,
    before: BTreeSet<String>,
}

/// Words after a number that can be its unit.
const UNIT_WORDS: usize = 3;

/// The quantities stated in the prose of a unit (its text fields of five words or more).
fn quantities(u: &EvidenceUnit) -> Vec<Quantity> {
    let mut texts = Vec::new();
    prose(&u.data, &mut texts);
    texts
        .iter()
        .flat_map(|t| t.split_inclusive(['.', ';', '!', '?', '\n']))
        .flat_map(sentence_quantities)
        .collect()
}

fn prose<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) if s.split_whitespace().count() >= 5 => out.push(s),
        Value::Array(items) => items.iter().for_each(|i| prose(i, out)),
        Value::Object(map) => map.values().for_each(|i| prose(i, out)),
        _ => {}
    }
}

fn sentence_quantities(sentence: &str) -> Vec<Quantity> {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '.')
            .trim_end_matches('.')
            .to_owned()
    };
    let names: BTreeSet<String> = words
        .iter()
        .skip(1)
        .map(|w| bare(w))
        .filter(|w| w.starts_with(|c: char| c.is_uppercase()) && w.chars().all(char::is_alphabetic))
        .map(|w| w.to_lowercase())
        .collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let number = bare(w);
        let Ok(value) = number.replace(',', "").parse::<f64>() else {
            continue;
        };
        // The unit: the words right after the number, up to a clause end.
        let mut unit_words = Vec::new();
        for next in words.iter().skip(i + 1).take(UNIT_WORDS) {
            let word = bare(next);
            if word.is_empty() || word.chars().any(|c| c.is_ascii_digit()) {
                break;
            }
            unit_words.push(word);
            if next.ends_with([',', ';', '.', ':', '!', '?']) {
                break;
            }
        }
        let unit_text = unit_words.join(" ");
        let unit = text::terms(&unit_text);
        if unit.is_empty() || !value.is_finite() {
            continue;
        }
        let before: BTreeSet<String> = text::terms(&words[..i].join(" ")).into_iter().collect();
        out.push(Quantity {
            number,
            value,
            unit,
            unit_text,
            names: names.clone(),
            before,
        });
    }
    out
}

/// Whether two quantities are about the same thing: the same unit, and the same names, or, when
/// neither sentence names anything, a shared word before the number.
fn same_thing(a: &Quantity, b: &Quantity) -> bool {
    a.unit == b.unit
        && if a.names.is_empty() && b.names.is_empty() {
            a.before.intersection(&b.before).next().is_some()
        } else {
            a.names == b.names
        }
}

fn quantity_conflicts(units: &[EvidenceUnit]) -> Vec<Conflict> {
    let stated: Vec<(usize, Vec<Quantity>)> = units
        .iter()
        .enumerate()
        .map(|(i, u)| (i, quantities(u)))
        .filter(|(_, q)| !q.is_empty())
        .collect();
    let mut out: Vec<Conflict> = Vec::new();
    for (k, (i, qa)) in stated.iter().enumerate() {
        for (j, qb) in &stated[k + 1..] {
            for a in qa {
                for b in qb.iter().filter(|b| same_thing(a, b) && b.value != a.value) {
                    let shared: Vec<String> = a
                        .names
                        .intersection(&b.names)
                        .map(|n| capitalised(n))
                        .collect();
                    let about = if shared.is_empty() {
                        a.unit_text.clone()
                    } else {
                        format!("{} {}", shared.join(" "), a.unit_text)
                    };
                    if out.iter().any(|c| c.about == about) {
                        continue;
                    }
                    out.push(conflict(
                        about,
                        vec![
                            (format!("{} {}", a.number, a.unit_text), &units[*i]),
                            (format!("{} {}", b.number, b.unit_text), &units[*j]),
                        ],
                    ));
                }
            }
        }
    }
    out
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(texts: &[&str]) -> Vec<EvidenceUnit> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| EvidenceUnit {
                id: format!("ev-{i}"),
                tool_id: "docs".into(),
                method: "deep_search".into(),
                arguments: Value::Null,
                round: 0,
                call_seq: 0,
                pointer: format!("/chunks/{i}"),
                title: format!("doc {i}"),
                excerpt: (*t).into(),
                data: serde_json::json!({"text": t}),
                score: 1.0,
                own_score: 1.0,
                terms: Default::default(),
                step: false,
            })
            .collect()
    }

    #[test]
    fn the_same_quantity_stated_twice_with_different_numbers_is_a_conflict() {
        let u = units(&[
            "The Starter plan allows 60 requests per minute. The Fleet plan allows 600 requests per minute.",
            "A Starter key can send 100 requests per minute; heavier use needs the Fleet plan.",
        ]);
        let found = quantity_conflicts(&u);
        assert_eq!(found.len(), 1, "{found:?}");
        let c = &found[0];
        assert_eq!(c.about, "Starter requests per minute");
        let values: Vec<(&str, &str)> = c
            .values
            .iter()
            .map(|v| (v.value.as_str(), v.evidence_id.as_str()))
            .collect();
        assert_eq!(
            values,
            [
                ("60 requests per minute", "ev-0"),
                ("100 requests per minute", "ev-1")
            ]
        );
        assert_eq!(
            sentence(c, |id| id
                .strip_prefix("ev-")?
                .parse::<usize>()
                .ok()
                .map(|n| n + 1)),
            "Sources disagree on Starter requests per minute: 60 requests per minute [1] and 100 requests per minute [2]."
        );
    }

    #[test]
    fn one_record_from_two_calls_with_different_field_values_is_a_conflict_per_field() {
        let mut u = units(&["", ""]);
        u[0].data =
            serde_json::json!({"id": "sol-1", "name": "Solana", "price": 212.4, "currency": "USD"});
        u[1].data =
            serde_json::json!({"id": "sol-2", "name": "Solana", "price": 209.9, "currency": "USD"});
        u[1].call_seq = 1;
        let (a, b) = (&u[0], &u[1]);
        let found = field_conflicts(a, b);
        assert_eq!(
            found.len(),
            1,
            "ids differ by nature, equal fields agree: {found:?}"
        );
        assert_eq!(found[0].about, "doc 0 price");
        assert_eq!(found[0].values[0].value, "212.4");
        assert_eq!(found[0].values[1].evidence_id, "ev-1");
        // Two sides of one thing (a table and a fixture list) share no field: no conflict.
        u[1].data = serde_json::json!({"fixtures": ["2026-11-28"]});
        assert!(field_conflicts(&u[0], &u[1]).is_empty());
    }

    #[test]
    fn different_things_or_equal_numbers_are_no_conflict() {
        // Other plans, other units, the same number.
        let u = units(&[
            "The Fleet plan allows 600 requests per minute for every key.",
            "The Starter plan allows 60 requests per minute for every key.",
            "The Starter plan keeps 60 days of logs for every key.",
            "Every Starter key may send 60 requests per minute at most.",
        ]);
        assert!(
            quantity_conflicts(&u).is_empty(),
            "{:?}",
            quantity_conflicts(&u)
        );
        // Without names, a shared word before the number ties them.
        let u = units(&[
            "the limit is 60 requests for each key in a window",
            "the limit is 100 requests for each key in a window",
            "the archive holds 100 requests for each key in a window",
        ]);
        let found = quantity_conflicts(&u);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].values[1].evidence_id, "ev-1");
    }
}
