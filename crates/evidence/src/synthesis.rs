//! Deterministic synthesis: an answer built from the evidence itself, each statement carrying the
//! `[n]` of the unit it comes from, then validated like any model's answer would be. It is what
//! every user without an answer model reads, so it writes what was asked, in sentences and
//! tables ([`crate::statement`], [`crate::prose`]), never a dump of the records.

use contract::{Citation, Conflict};
use serde_json::{Value, json};

use crate::citations;
use crate::completeness::CompletenessVerdict;
use crate::registry::EvidenceRegistry;
use crate::statement::{Ask, Statement, statement};

/// Statements in a deterministic answer.
const MAX_STATEMENTS: usize = 5;

/// A synthesized answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Synthesis {
    /// The answer with dense `[n]` markers.
    pub answer: String,
    /// One citation per marker number.
    pub citations: Vec<Citation>,
    /// What the evidence does not establish.
    pub gaps: Vec<String>,
    /// Disagreements between sources, each value with the unit that states it.
    pub conflicts: Vec<Conflict>,
    /// Citations removed by validation.
    pub citations_dropped: u32,
    /// Whether the evidence addresses the question.
    pub sufficient: bool,
}

impl Synthesis {
    /// The payload of the `synthesis-context-selection` trace event.
    pub fn to_trace(&self, synthesizer: &str, evidence: usize) -> Value {
        json!({"synthesizer": synthesizer, "evidenceInContext": evidence, "cited": self.citations.iter().map(|c| &c.evidence_id).collect::<Vec<_>>(),
            "citationsDropped": self.citations_dropped, "gaps": self.gaps.len(), "conflicts": self.conflicts.len(), "sufficient": self.sufficient})
    }
}

/// One citation per surviving ordinal, numbered densely in the given order.
fn citations_for(registry: &EvidenceRegistry, ordinals: &[usize]) -> Vec<Citation> {
    ordinals
        .iter()
        .enumerate()
        .filter_map(|(k, &n)| {
            let u = registry.by_ordinal(n)?;
            Some(Citation {
                ordinal: k as u32 + 1,
                evidence_id: u.id.clone(),
                tool_id: u.tool_id.clone(),
                method: u.method.clone(),
                title: u.title.clone(),
                score: u.score,
                excerpt: u.excerpt.chars().take(200).collect(),
            })
        })
        .collect()
}

/// A gap per failed tool call.
pub fn failure_gaps(registry: &EvidenceRegistry) -> Vec<String> {
    registry
        .failures
        .iter()
        .map(|f| format!("A tool call failed: {f}"))
        .collect()
}

/// Builds the answer to `ask` from `registry`. With no evidence, returns a gap and no citations.
///
/// Each stated unit leads with the fields the request asks for ([`Ask::relevance`]), written as
/// people read them ([`prose`]); a unit with nothing to say is not stated; a list of records the
/// request names a row of is cut to that row; units of one call that show the same fields become
/// one Markdown table. What is not stated stays in the evidence.
pub fn synthesize(
    registry: &EvidenceRegistry,
    verdict: &CompletenessVerdict,
    ask: &Ask,
) -> Synthesis {
    let mut gaps = failure_gaps(registry);
    if registry.is_empty() {
        gaps.insert(
            0,
            "No tool returned evidence for this question, so there is nothing to answer from."
                .into(),
        );
        return Synthesis {
            answer: "The available tools returned no evidence for this question.".into(),
            citations: Vec::new(),
            gaps,
            conflicts: Vec::new(),
            citations_dropped: 0,
            sufficient: false,
        };
    }
    // Best-scoring units first, steps (results that only fed a later call) after what they led
    // to; equal scores (results of one call share its arguments) told apart by what each
    // record says; ties keep the order gathered.
    let mut ranked: Vec<(usize, &crate::EvidenceUnit)> =
        registry.units().iter().enumerate().collect();
    ranked.sort_by(|a, b| {
        a.1.step
            .cmp(&b.1.step)
            .then(b.1.score.total_cmp(&a.1.score))
            .then(b.1.own_score.total_cmp(&a.1.own_score))
    });
    // A step (the club search before the squad) is said only when nothing it led to is. Only
    // the units that can be stated are written.
    let tabular = registry.units().len() > 1;
    let said = |steps: bool| -> Vec<Statement> {
        ranked
            .iter()
            .filter(|(_, u)| u.step == steps)
            .filter_map(|(i, u)| statement(u, i + 1, tabular, ask))
            .take(MAX_STATEMENTS)
            .collect()
    };
    let mut statements = said(false);
    if statements.is_empty() {
        statements = said(true);
    }
    // State what is close to the best match; the rest stays in the evidence list.
    let floor = statements.first().map_or(0.0, |s| s.score) * 0.5;
    let stated: Vec<&Statement> = statements.iter().filter(|s| s.score >= floor).collect();
    let mut sufficient = verdict.sufficient;
    let mut answer = if stated.is_empty() {
        sufficient = false;
        let mut called: Vec<String> = registry
            .units()
            .iter()
            .map(|u| format!("{}.{}", u.tool_id, u.method))
            .collect();
        called.dedup();
        gaps.push(format!(
            "{} returned no records for this request.",
            called.join(", ")
        ));
        "The tools found no records that answer this question.".to_owned()
    } else {
        compose(&stated)
    };
    if registry.units().len() > stated.len() && !stated.is_empty() {
        let more = match registry.units().len() - stated.len() {
            1 => "(1 more result is in the evidence.)".to_owned(),
            n => format!("({n} more results are in the evidence.)"),
        };
        answer = blocks(&[answer, more]);
    }
    let conflicts = crate::conflicts::find(registry);
    if !stated.is_empty() {
        answer = with_conflicts(registry, answer, &conflicts);
    }
    let validated = citations::validate(&answer, &[], registry.units().len());
    let citations = citations_for(registry, &validated.ordinals);
    if !verdict.sufficient {
        gaps.extend(unmentioned(&verdict.missing_aspects));
        if verdict.missing_aspects.is_empty() && !verdict.missing.is_empty() {
            gaps.push(format!(
                "The evidence may not fully answer the question: {}.",
                verdict.missing
            ));
        }
    }
    Synthesis {
        answer: validated.text,
        citations,
        gaps,
        conflicts,
        citations_dropped: validated.dropped,
        sufficient,
    }
}

/// A gap per thing the request names that the evidence does not mention (`aspects`, as the
/// completeness check found them): whoever writes the answer, a model included, cannot make the
/// evidence say it.
pub fn unmentioned(aspects: &[String]) -> Vec<String> {
    aspects
        .iter()
        .map(|a| format!("The evidence does not mention {a}."))
        .collect()
}

/// `answer` followed by a sentence per conflict naming its values, each with the `[n]` of the
/// unit that says it: stating both values apart is not telling the reader they disagree.
fn with_conflicts(registry: &EvidenceRegistry, answer: String, conflicts: &[Conflict]) -> String {
    let ordinal = |id: &str| {
        registry
            .units()
            .iter()
            .position(|u| u.id == id)
            .map(|i| i + 1)
    };
    let said: Vec<String> = conflicts
        .iter()
        .filter(|c| !c.values.is_empty())
        .map(|c| crate::conflicts::sentence(c, ordinal))
        .filter(|s| !answer.contains(s.as_str()))
        .collect();
    if said.is_empty() {
        answer
    } else {
        blocks(&[answer, said.join(" ")])
    }
}

/// Writes the stated units in order: the best alone when it leads the rest, then each run of
/// units from one call that show the same fields as one table, every other unit on its own.
fn compose(stated: &[&Statement]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut done = vec![false; stated.len()];
    // A clear best answers first, in sentences, whatever it shares with the rest.
    let leads = stated.len() == 1
        || (stated[0].score, stated[0].own_score) > (stated[1].score, stated[1].own_score);
    if leads {
        parts.push(stated[0].text.clone());
        done[0] = true;
    }
    for i in 0..stated.len() {
        if done[i] {
            continue;
        }
        let s = stated[i];
        let peers: Vec<usize> = (i..stated.len())
            .filter(|&j| !done[j] && stated[j].call == s.call && stated[j].keys == s.keys)
            .collect();
        if peers.len() >= 2 && s.row.is_some() {
            let rows: Vec<&Statement> = peers.iter().map(|&j| stated[j]).collect();
            if !parts.is_empty() {
                parts.push("Other results:".to_owned());
            }
            parts.push(table_of(&rows));
            for j in peers {
                done[j] = true;
            }
        } else {
            parts.push(s.text.clone());
            done[i] = true;
        }
    }
    blocks(&parts)
}

/// Parts joined line by line, with a blank line on each side of a Markdown table (text right
/// after a table would read as one of its rows).
pub(crate) fn blocks<S: AsRef<str>>(parts: &[S]) -> String {
    let mut out = String::new();
    let mut previous_table = false;
    for p in parts {
        let p = p.as_ref();
        let table = p.lines().any(|l| l.starts_with('|'));
        if !out.is_empty() {
            out.push_str(if table || previous_table {
                "\n\n"
            } else {
                "\n"
            });
        }
        out.push_str(p);
        previous_table = p.lines().last().is_some_and(|l| l.starts_with('|'));
    }
    out
}

/// Units that show the same fields, as one Markdown table: a row each, its citation in its last
/// cell.
fn table_of(rows: &[&Statement]) -> String {
    let Some((head, _)) = &rows[0].row else {
        return String::new();
    };
    let mut out = format!(
        "| {} |\n|{}\n",
        head.join(" | "),
        " --- |".repeat(head.len())
    );
    for s in rows {
        if let Some((_, cells)) = &s.row {
            out.push_str(&format!("| {} [{}] |\n", cells.join(" | "), s.ordinal));
        }
    }
    out.trim_end().to_owned()
}

/// The JSON Schema of a synthesis model's answer.
pub fn model_schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["answer", "citedOrdinals", "gaps", "conflicts", "sufficient"],
        "properties": {
            "answer": {"type": "string"},
            "citedOrdinals": {"type": "array", "items": {"type": "integer"}},
            "gaps": {"type": "array", "items": {"type": "string"}},
            "conflicts": {"type": "array", "items": {"type": "string"}},
            "sufficient": {"type": "boolean"}
        }
    })
}

/// The evidence a synthesis model sees: `[n] title — excerpt` lines, in ordinal order, cut at
/// `budget` characters (whole units only; at least one).
pub fn evidence_block(registry: &EvidenceRegistry, budget: usize) -> String {
    let mut out = String::new();
    for (i, u) in registry.units().iter().enumerate() {
        let line = format!(
            "[{}] {} ({}.{}) — {}\n",
            i + 1,
            u.title,
            u.tool_id,
            u.method,
            u.excerpt
        );
        if !out.is_empty() && out.len() + line.len() > budget {
            break;
        }
        out.push_str(&line);
    }
    out
}

/// A model's answer (already valid against [`model_schema`]), checked against the registry:
/// markers and cited ordinals that point at no gathered unit are stripped and counted, survivors
/// renumbered densely; a gap is added when the model says the evidence is insufficient.
pub fn from_model(registry: &EvidenceRegistry, reply: &Value) -> Synthesis {
    let text = reply["answer"].as_str().unwrap_or_default();
    let declared: Vec<i64> = reply["citedOrdinals"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_i64)
        .collect();
    // The conflicts are the evidence's, found the same way as without a model; a model's own
    // notes join them as conflicts without values when they say something else.
    let mut conflicts = crate::conflicts::find(registry);
    let text = &with_conflicts(registry, text.to_owned(), &conflicts);
    let validated = citations::validate(text, &declared, registry.units().len());
    let citations = citations_for(registry, &validated.ordinals);
    let strings = |k: &str| -> Vec<String> {
        reply[k]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    };
    let sufficient = reply["sufficient"].as_bool().unwrap_or(false);
    let mut gaps = strings("gaps");
    gaps.extend(failure_gaps(registry));
    if !sufficient && gaps.is_empty() {
        gaps.push("The gathered evidence does not fully answer the question.".into());
    }
    Synthesis {
        answer: validated.text,
        citations,
        gaps,
        conflicts: {
            for note in strings("conflicts") {
                if !conflicts.iter().any(|c| c.note == note) {
                    conflicts.push(Conflict {
                        about: note.clone(),
                        values: Vec::new(),
                        note,
                    });
                }
            }
            conflicts
        },
        citations_dropped: validated.dropped,
        sufficient,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry(n: usize) -> EvidenceRegistry {
        let results: Vec<(&str, Value)> = (0..n)
            .map(|i| ("m", json!({"title": format!("unit {i}"), "value": i})))
            .collect();
        gathered("unit value", &results)
    }

    /// A registry of one call per `(method, result)`, gathered for `query`.
    fn gathered(query: &str, results: &[(&str, Value)]) -> EvidenceRegistry {
        let calls = results
            .iter()
            .enumerate()
            .map(|(i, (method, result))| executor::ToolCallRecord {
                seq: i,
                tool_id: "t".into(),
                method: (*method).into(),
                arguments: json!({"i": i}),
                outcome: Ok(result.clone()),
                duration: std::time::Duration::ZERO,
            })
            .collect();
        let record = executor::ExecutionRecord {
            calls,
            outcome: executor::RunOutcome::Returned(Value::Null),
            logs: vec![],
            fuel_used: None,
            wall_time: std::time::Duration::ZERO,
        };
        let mut r = EvidenceRegistry::default();
        r.gather(&record, 0, query);
        r
    }

    fn answer(query: &str, results: &[(&str, Value)]) -> Synthesis {
        let r = gathered(query, results);
        let verdict = crate::completeness(query, &r, &[]);
        synthesize(&r, &verdict, &Ask::new(query, []))
    }

    #[test]
    fn an_answer_states_what_was_asked_and_nothing_empty() {
        let s = answer(
            "How are Arsenal doing in the Premier League table?",
            &[
                (
                    "fixtures",
                    json!({"team": "Premier League", "fixtures": []}),
                ),
                (
                    "standings",
                    json!({"league": "Premier League", "table": [
                    {"position": 1, "team": "Arsenal", "points": 29},
                    {"position": 2, "team": "Chelsea", "points": 27}]}),
                ),
            ],
        );
        assert_eq!(
            s.answer,
            "Premier League — Arsenal: position 1, points 29 [1].\n(1 more result is in the evidence.)"
        );
        assert_eq!(s.citations.len(), 1);
        assert_eq!(
            s.citations[0].method, "standings",
            "the empty unit is not cited"
        );
        let s = answer(
            "What is the 24 hour change of ether?",
            &[(
                "overview",
                json!({"name": "Ether", "symbol": "ETH", "volume24hUsd": 17200000000_u64, "change24hPct": -0.6, "asOf": "2026-11-21T12:00:00Z"}),
            )],
        );
        assert_eq!(
            s.answer,
            "The 24-hour change of Ether (ETH) is -0.6% as of 21 Nov 2026, 12:00 UTC [1]."
        );
        assert!(
            s.gaps.is_empty(),
            "24 is the request's wording: {:?}",
            s.gaps
        );
    }

    #[test]
    fn a_list_of_the_one_row_asked_for_reads_as_that_row() {
        // The call took the team, so its list holds Spain's row alone: it reads as Spain's row
        // would among the others, not as a list.
        let s = answer(
            "What are Spain's odds at the FIFA World Cup 2026?",
            &[(
                "odds",
                json!({"question": "Who will win the FIFA World Cup 2026?", "teams": [{"team": "Spain", "price": 0.18}]}),
            )],
        );
        assert_eq!(
            s.answer,
            "Who will win the FIFA World Cup 2026? — Spain: price 0.18 [1]."
        );
    }

    #[test]
    fn a_name_anywhere_in_a_record_is_no_gap() {
        let rows: Vec<Value> = (1..=12)
            .map(|d| json!({"date": format!("2026-12-{d:02}"), "home": "Leeds United Football Club", "away": "Arsenal", "competition": "Premier League"}))
            .collect();
        let s = answer(
            "When do Arsenal play in the Premier League?",
            &[("fixtures", json!({"team": "Arsenal", "fixtures": rows}))],
        );
        assert!(s.gaps.is_empty(), "{:?}", s.gaps);
        assert!(s.sufficient);
    }

    #[test]
    fn records_of_one_call_with_the_same_fields_make_one_table() {
        let s = answer(
            "Show the transaction history",
            &[(
                "history",
                json!({"transactions": [
                {"id": "tx-2", "date": "2026-11-18", "amountUsd": 1500.5},
                {"id": "tx-1", "date": "2026-11-02", "amountUsd": -20}]}),
            )],
        );
        assert_eq!(
            s.answer,
            "| ID | Amount | Date |\n| --- | --- | --- |\n| tx-2 | $1,500.50 | 18 Nov 2026 [1] |\n| tx-1 | -$20 | 2 Nov 2026 [2] |"
        );
        assert_eq!(s.citations.len(), 2);
        let s = answer(
            "Show the fixtures",
            &[("fixtures", json!({"team": "Leeds", "fixtures": []}))],
        );
        assert!(s.citations.is_empty() && !s.sufficient, "{s:?}");
        assert!(
            s.gaps.iter().any(|g| g.contains("t.fixtures")),
            "{:?}",
            s.gaps
        );
    }

    #[test]
    fn a_models_citations_are_checked_renumbered_and_counted() {
        let r = registry(3);
        let s = from_model(
            &r,
            &json!({"answer": "A [3]. B [7]. C [1].", "citedOrdinals": [3, 1, 9], "gaps": [], "conflicts": [], "sufficient": true}),
        );
        assert_eq!(s.answer, "A [1]. B. C [2].");
        assert_eq!(
            s.citations
                .iter()
                .map(|c| c.title.as_str())
                .collect::<Vec<_>>(),
            ["unit 2", "unit 0"]
        );
        assert_eq!(s.citations_dropped, 2, "[7] and 9 point at nothing");
        let s = from_model(
            &r,
            &json!({"answer": "Not known.", "citedOrdinals": [], "gaps": [], "conflicts": [], "sufficient": false}),
        );
        assert_eq!(s.gaps.len(), 1, "insufficient evidence always leaves a gap");
        assert!(
            evidence_block(&r, 10).starts_with("[1] unit 0"),
            "at least one unit, whatever the budget"
        );
        assert_eq!(evidence_block(&r, 10).lines().count(), 1);
    }
}
